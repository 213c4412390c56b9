//! Helpers shared by the solver's integration tests.
#![allow(dead_code)]

use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Game, Komi, Move, Rules, Ruleset};
use kosolve_solver::{solve_game, SearchSolution, SolveOptions};
use std::sync::Arc;

/// A board by name.
pub fn board(spec: &str) -> Arc<Board> {
    Arc::new(Board::parse(spec).unwrap())
}

/// Options for tests: a small table, the default move ordering.
pub fn opts(threads: usize) -> SolveOptions {
    SolveOptions {
        threads,
        memory_mib: 64,
        ..SolveOptions::default()
    }
}

/// Rules with a suicide setting and komi (None if the ruleset refuses the setting).
pub fn rules(rs: Ruleset, suicide: Suicide, komi_halves: i32) -> Option<Rules> {
    Rules::new(rs)
        .with_suicide(suicide)
        .ok()
        .map(|r| r.with_komi(Komi(komi_halves)))
}

/// Solves the empty board with the fast solver.
pub fn fast(b: &Arc<Board>, r: Rules, threads: usize) -> SearchSolution {
    let g = AnyGame::new(b.clone(), r);
    solve_game(&g, &opts(threads))
}

/// Solves `g` with `options(false, 1)` and, where that finishes, with
/// `options(true, 1)` and `options(true, 2)`, asserting that both give its
/// value (`what` names what the flag turns on, for the messages). Returns
/// the value and the 1-thread solution with the flag on.
pub fn same_value_when_on(
    g: &AnyGame,
    label: &str,
    what: &str,
    options: fn(bool, usize) -> SolveOptions,
) -> Option<(i32, SearchSolution)> {
    let v = solve_game(g, &options(false, 1)).value()?;
    let on1 = solve_game(g, &options(true, 1));
    let on2 = solve_game(g, &options(true, 2));
    assert_eq!(on1.value(), Some(v), "{label}: {what}, 1 thread");
    assert_eq!(on2.value(), Some(v), "{label}: {what}, 2 threads");
    Some((v, on1))
}

/// Plays the stones of `diagram` (see `Position::from_diagram`) from the
/// empty board, Black and White in turn, the side with fewer stones left
/// passing, so that no stone is captured; then `to_move` is to move.
pub fn set_up(g: &mut AnyGame, diagram: &str, to_move: kosolve_board::Color) {
    use kosolve_board::{Color, Position};
    let board = g.board().clone();
    let pos = Position::from_diagram(&board, diagram).expect("diagram");
    let mut black: Vec<_> = pos.stones(Color::Black).iter().collect();
    let mut white: Vec<_> = pos.stones(Color::White).iter().collect();
    while !black.is_empty() || !white.is_empty() {
        let next = match g.to_move() {
            Color::Black => black.pop(),
            Color::White => white.pop(),
        };
        g.play(next.map_or(Move::Pass, Move::Play));
    }
    if g.to_move() != to_move {
        g.play(Move::Pass);
    }
    assert_eq!(g.position(), pos, "set_up: a stone was captured");
    assert!(g.result().is_none(), "set_up: the game ended");
}

/// The superko, fixed-ko and bkr rulesets, in the order the tests list
/// them: psk, ssk, nssk, fixed, basic-fixed and bkr.
pub const KO_RULESETS: [Ruleset; 6] = [
    Ruleset::Psk,
    Ruleset::Ssk,
    Ruleset::Nssk,
    Ruleset::Fixed,
    Ruleset::BasicFixed,
    Ruleset::Bkr,
];

/// Random mid-game states of `rs`: on each board of `boards`, under each
/// suicide setting the ruleset takes (komi `komi_halves`), `states` games
/// from the empty board, the `i`-th after a random line of `line_len(i)`
/// moves, every line from one generator seeded with `seed`. Each comes
/// with a label that names it (board, ruleset, suicide and the moves).
pub fn random_states(
    rs: Ruleset,
    boards: &[&str],
    komi_halves: i32,
    states: usize,
    seed: u64,
    line_len: impl Fn(usize) -> usize,
) -> Vec<(AnyGame, String)> {
    let mut rng = kosolve_testkit::Rng::new(seed);
    let mut out = Vec::new();
    for b in boards {
        let board = board(b);
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let Some(r) = rules(rs, su, komi_halves) else {
                continue;
            };
            for i in 0..states {
                let mut g = AnyGame::new(board.clone(), r);
                rng.play_line(&mut g, line_len(i));
                let label = format!(
                    "{b} {rs} suicide={su} after {:?}",
                    g.moves().iter().map(|m| m.name(&board)).collect::<Vec<_>>()
                );
                out.push((g, label));
            }
        }
    }
    out
}

/// Runs `f` on a thread with a deep stack (the searches and the
/// certificate walk recurse once per move).
pub fn deep<F: FnOnce() + Send>(f: F) {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn_scoped(s, f)
            .unwrap()
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}
