//! Settled games (docs/kee.md, "Settled games"): forgetful games in which
//! the held player keeps every wall (pass-alive chain of the start) on the
//! board.
//!
//! - Soundness against an independent method: from every start of 2x3 and
//!   1x6 with walls and at most three empty points, and from a sample of
//!   2x4, either player to move, each settled game's value bounds the
//!   value of the rules engine's own game (`KeeGame::from_start`, searched
//!   by the search solver, which shares no code with the graphs) from its
//!   side, and where the two sides meet they equal it.
//! - The walls never leave the board: every position of a settled table
//!   holds both walls.
//! - The single kos of the bestiary (4x8), which the plain forgetful games
//!   refuse (their starts reach more than 65,535 positions), are solved by
//!   settled games, and each side's strategy is checked by searching every
//!   reply in the rules engine (`search_check`): the worst margin each
//!   strategy allows is the value.

mod common;

use common::rules;
use kosolve_board::{legal_positions, Board, Color, Position, Suicide};
use kosolve_kee::forgetful::{
    self, has_walls, search_check, settled_allows, walls, Forgetful, Side, Table,
};
use kosolve_kee::{solve_kee_from, Budget, KeeError, KeeOptions};
use kosolve_rules::{KeeGame, Start};
use std::sync::Arc;

const SU: Suicide = Suicide::Forbidden;

/// The best bound of each side's settled games, limits 1..=`upto`, White
/// or Black remembering 2 positions.
fn settled_bounds(board: &Board, start: &Start, upto: u32) -> [forgetful::Bound; 2] {
    [(Color::Black, Side::Lower), (Color::White, Side::Upper)].map(|(held, side)| {
        let t = Table::settled(board, SU, start, held).unwrap();
        let wall = walls(board, SU, start);
        for pos in &t.list {
            for c in [Color::Black, Color::White] {
                let w = wall[c.index()];
                assert!(
                    (w - pos.stones(c)).is_empty(),
                    "a wall left the board in a settled game"
                );
            }
        }
        let mut best: Option<forgetful::Bound> = None;
        for limit in 1..=upto.min(t.max_slots() - 2) {
            let game = Forgetful {
                side,
                limit,
                window: 2,
                mirror: false,
                settled: true,
            };
            let b = forgetful::solve(board, &t, game, 5_000_000, &Budget::unlimited()).unwrap();
            let better = best.as_ref().is_none_or(|o| match side {
                Side::Lower => b.value > o.value,
                Side::Upper => b.value < o.value,
            });
            if better {
                best = Some(b);
            }
        }
        best.expect("limit 1 fits")
    })
}

/// The starts of `board` with some wall, at most `empties` empty points,
/// either player to move; every `step`-th one.
fn starts(board: &Board, empties: usize, step: usize) -> Vec<Start> {
    let mut out = Vec::new();
    for pos in legal_positions(board) {
        if pos.empty(board).into_iter().count() > empties {
            continue;
        }
        let probe = Start {
            position: pos,
            to_move: Color::Black,
            prisoners: [0, 0],
        };
        if !has_walls(board, SU, &probe) {
            continue;
        }
        for to_move in [Color::Black, Color::White] {
            out.push(Start { to_move, ..probe });
        }
    }
    out.into_iter().step_by(step).collect()
}

#[test]
fn settled_games_bound_the_searched_value() {
    let mut met = 0;
    let mut checked = 0;
    for (spec, empties, step) in [("2x3", 3, 1), ("1x6", 3, 1), ("2x4", 3, 5)] {
        let board = Board::parse(spec).unwrap();
        let list = starts(&board, empties, step);
        assert!(list.len() >= 10, "{spec}: {} starts", list.len());
        for start in list {
            let g = KeeGame::from_start(Arc::new(board.clone()), rules(SU), &start);
            // Starts whose captures reopen the board are past the plain
            // search; they are skipped (counted below).
            let Some(v) = common::search_value_within(&g, 200_000) else {
                continue;
            };
            let [lower, upper] = settled_bounds(&board, &start, 3);
            let at = format!("{spec} {:?} {:?}", start.position, start.to_move);
            assert!(lower.value <= v, "{at}: lower bound {} > {v}", lower.value);
            assert!(upper.value >= v, "{at}: upper bound {} < {v}", upper.value);
            met += (lower.value == upper.value) as usize;
            checked += 1;
        }
    }
    // Most starts are searched, and the bounds are not trivial: most of
    // those are settled by them.
    eprintln!("{checked} starts searched, {met} settled");
    assert!(checked >= 100, "{checked} starts searched");
    assert!(2 * met > checked, "{met} of {checked} starts settled");
}

#[test]
fn a_settled_play_keeps_the_walls() {
    // 1x5 `.X.X.`: Black's two stones are pass-alive (B1 has the eyes A1
    // and C1, D1 has C1 and E1). Filling A1 or E1 leaves a chain with one
    // eye, so a settled game forbids it to Black; filling C1 joins them
    // into one chain with the eyes A1 and E1, which it allows.
    let board = Board::parse("1x5").unwrap();
    let pos = Position::from_diagram(&board, ".X.X.").unwrap();
    let start = Start {
        position: pos,
        to_move: Color::Black,
        prisoners: [0, 0],
    };
    let w = walls(&board, SU, &start);
    assert_eq!(w[0], pos.stones(Color::Black));
    assert!(w[1].is_empty());
    let mut allowed = Vec::new();
    for p in pos.empty(&board) {
        let after = pos.play(&board, Color::Black, p, SU).unwrap().position;
        if settled_allows(&board, SU, &w, Color::Black, &pos, &after) {
            allowed.push(after);
        }
    }
    // Only the middle point keeps two eyes (A1 and E1) for the joined chain.
    let joined = Position::from_diagram(&board, ".XXX.").unwrap();
    assert_eq!(allowed, vec![joined]);
    // White has no legal play on either (each is a suicide).
    let t = Table::settled(&board, SU, &start, Color::Black).unwrap();
    let mut both = vec![pos, joined];
    both.sort_unstable();
    assert_eq!(t.list, both);
}

#[test]
fn settled_starts_are_solved_and_checked() {
    // The bestiary's single ko with either player to move, and taken
    // (solver-configs/bestiary.toml), with and without White's threat.
    for (spec, diagram, to_move) in [
        ("4x8", ".XO.O.O./XXXOOOOO/.XXOOOOO/XXXXXOO.", Color::Black),
        ("4x8", ".XO.O.O./XXXOOOOO/.XXOOOOO/XXXXXOO.", Color::White),
        ("4x8", ".X.XO.O./XXXOOOOO/.XXOOOOO/XXXXXOO.", Color::White),
        ("4x8", ".X.XO.O./XXXOOOOO/.XXOOOOO/XX.XX.O.", Color::White),
        // Two walls filling the board (refused without settled games,
        // tests/start.rs).
        ("5x6", "XXXXXX/X.X.XX/XXXXXX/OOOOOO/O.O.OO", Color::Black),
    ] {
        let board = Board::parse(spec).unwrap();
        let start = Start {
            position: Position::from_diagram(&board, diagram).unwrap(),
            to_move,
            prisoners: [0, 0],
        };
        assert!(matches!(
            Table::new(&board, SU, &start, false),
            Err(KeeError::TooManyPositions { .. })
        ));
        let s = solve_kee_from(&board, SU, &start, KeeOptions::default()).unwrap();
        let v = s.value().expect("settled games meet");
        let (b, w) = s.pv_scores.unwrap();
        assert_eq!(b as i32 - w as i32, v);
        let [lower, upper] = settled_bounds(&board, &start, 3);
        assert_eq!((lower.value, upper.value), (v, v), "{diagram}");
        // Each side's strategy against every reply in the rules engine:
        // the worst margin it allows is the value.
        for (held, bound) in [(Color::Black, &lower), (Color::White, &upper)] {
            let t = Table::settled(&board, SU, &start, held).unwrap();
            let c = search_check(&board, SU, &start, &t, bound, 5_000_000)
                .unwrap()
                .expect("within the node cap");
            assert_eq!(c.worst, v, "{diagram}: {}", bound.game);
        }
    }
}
