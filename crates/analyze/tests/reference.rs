//! Every move's value from `analyze` against the naive reference (plain
//! minimax over the whole history, no table, no pruning) on the smallest
//! boards, under every ruleset it finishes, from the empty board and from
//! random points of random games (where the history matters).

use kosolve_analyze::{analyze, MoveStatus};
use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Game, Rules, Ruleset, Setup, Start};
use kosolve_solver::Limits;
use kosolve_solver::SolveOptions;
use kosolve_testkit::reference::{memo_minimax, minimax};
use kosolve_testkit::Rng;
use std::sync::Arc;

fn opts() -> SolveOptions {
    SolveOptions {
        threads: 1,
        memory_mib: 16,
        ..SolveOptions::default()
    }
}

/// Nodes the reference may visit per move.
const CAP: u64 = 200_000;

/// The reference value after each legal move of `setup`, where the plain
/// search finishes within its node cap; `None` where it does not.
fn reference(board: &Arc<Board>, rules: Rules, setup: &Setup) -> Vec<(String, Option<i32>)> {
    let g = setup.game(board.clone(), rules).expect("a playable setup");
    g.legal_move_list()
        .into_iter()
        .map(|m| {
            let mut child = g.clone();
            child.play(m);
            // Memoised on exact future keys where the game has them (the
            // plain search's values, reached faster); Kee has none.
            let v = memo_minimax(&mut child.clone(), CAP)
                .or_else(|| minimax(&mut child, CAP))
                .map(|(v, _)| v);
            (m.name(board), v)
        })
        .collect()
}

/// Checks one analysis against the reference; returns how many values the
/// reference settled.
fn check(board: &Arc<Board>, rules: Rules, setup: &Setup) -> usize {
    let a = analyze(board, rules, setup, &opts(), &mut |_| {}).expect("analysis");
    let want = reference(board, rules, setup);
    assert_eq!(
        a.moves.len(),
        want.len(),
        "{} {rules:?}: the analysis lists every legal move",
        board.name()
    );
    let mut settled = 0;
    for (m, (name, v)) in a.moves.iter().zip(&want) {
        assert_eq!(&m.name, name);
        assert!(
            m.status.is_exact(),
            "{} {rules:?} {name}: {:?}",
            board.name(),
            m.status
        );
        if let Some(v) = v {
            settled += 1;
            assert_eq!(
                (m.lower, m.upper),
                (*v, *v),
                "{} {:?} {name} after {:?}",
                board.name(),
                rules,
                setup.moves
            );
        }
    }
    // The best moves are the reference's best where it settled them all.
    if want.iter().all(|(_, v)| v.is_some()) {
        let values: Vec<i32> = want.iter().map(|(_, v)| v.expect("settled")).collect();
        let top = match a.to_move {
            kosolve_board::Color::Black => *values.iter().max().expect("a move"),
            kosolve_board::Color::White => *values.iter().min().expect("a move"),
        };
        let best: Vec<usize> = (0..values.len()).filter(|&i| values[i] == top).collect();
        assert_eq!(a.best(), best, "{} {rules:?}: best moves", board.name());
    }
    settled
}

/// Every ruleset whose games the plain search can finish (`basic` can
/// repeat forever: its analysis goes through the methods checked in
/// crates/solver and crates/retrograde).
fn rulesets() -> Vec<Ruleset> {
    Ruleset::ALL
        .into_iter()
        .filter(|&r| r != Ruleset::Basic)
        .collect()
}

/// Runs `f` on a thread with room for the plain search's deep recursion.
fn deep(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("the check passes");
}

#[test]
fn first_moves_match_the_reference_on_the_smallest_boards() {
    deep(first_moves);
}

fn first_moves() {
    for r in rulesets() {
        let mut settled = 0;
        for spec in ["1x2", "1x3", "1x4", "ring:3"] {
            let board = Arc::new(Board::parse(spec).expect("board"));
            for suicide in [Suicide::Forbidden, Suicide::Allowed] {
                let Ok(rules) = Rules::new(r).with_suicide(suicide) else {
                    continue;
                };
                // Kee's search has no table: ring:3 and 1x4 with suicide
                // allowed take it seconds even in a release build.
                if r == Ruleset::Kee
                    && (spec == "ring:3" || (spec == "1x4" && suicide == Suicide::Allowed))
                {
                    continue;
                }
                settled += check(&board, rules, &Setup::default());
            }
        }
        // Kee's games end only when a situation repeats: the plain search
        // settles its 1x2 and 1x3 moves only (the random lines below add more).
        let need = if r == Ruleset::Kee { 3 } else { 8 };
        assert!(
            settled >= need,
            "{r}: the reference settled only {settled} moves"
        );
    }
}

#[test]
fn moves_after_random_lines_match_the_reference() {
    // The history decides legality under superko and Kee: the analysis
    // must solve each move with the line played before it.
    let mut rng = Rng::new(42);
    let mut settled = 0;
    for spec in ["1x3", "1x4", "2x2"] {
        let board = Arc::new(Board::parse(spec).expect("board"));
        for r in rulesets() {
            for _ in 0..3 {
                let rules = Rules::new(r);
                let mut g = AnyGame::new(board.clone(), rules);
                let len = 2 + rng.below(5);
                let line = rng.play_line(&mut g, len);
                if g.result().is_some() {
                    continue;
                }
                let setup = Setup {
                    start: Start::EMPTY,
                    moves: line,
                };
                // 2x2 is past the plain search from the empty board, and
                // Kee's search past 41 positions: only the settled moves count.
                if r == Ruleset::Kee && spec == "2x2" {
                    continue;
                }
                settled += check(&board, rules, &setup);
            }
        }
    }
    assert!(settled > 80, "the reference settled only {settled} moves");
}

#[test]
fn a_budget_leaves_proven_bounds_and_says_why() {
    let board = Arc::new(Board::parse("3x3").expect("board"));
    let o = SolveOptions {
        limits: Limits {
            max_nodes: Some(2_000),
            ..opts().limits
        },
        ..opts()
    };
    let a = analyze(
        &board,
        Rules::new(Ruleset::Psk),
        &Setup::default(),
        &o,
        &mut |_| {},
    )
    .expect("analysis");
    assert!(a.stopped.is_some());
    assert!(a.moves.iter().any(|m| !m.status.is_exact()));
    let full = analyze(
        &board,
        Rules::new(Ruleset::Psk),
        &Setup::default(),
        &opts(),
        &mut |_| {},
    )
    .expect("analysis");
    for (m, f) in a.moves.iter().zip(&full.moves) {
        assert!(f.status.is_exact());
        assert!(
            m.lower <= f.lower && f.upper <= m.upper,
            "{}: bounds [{}, {}] must hold the value {}",
            m.name,
            m.lower,
            m.upper,
            f.lower
        );
        if let MoveStatus::NotSearched(_) = m.status {
            assert!(m.pv.is_empty());
        }
    }
}
