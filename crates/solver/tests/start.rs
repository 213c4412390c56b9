//! `solve_from` with the two methods that do not search forward: `basic`
//! by retrograde analysis (beside its proof search) and Kee as a parity game (`Method::Parity`, the CLI's
//! `--method parity`), from positions and game records (docs/rules.md,
//! "Starting from a position"). Each answer is checked against another
//! method: the retrograde crate called directly and the rules engine's
//! replay of the principal variation; Kee's search of the same start.

use kosolve_board::{Board, Color, Position};
use kosolve_retrograde::{BasicStart, BasicValue, RetroOptions};
use kosolve_rules::{Game, KeeGame, Move, Rules, Ruleset, Setup, StandardGame, Start};
use kosolve_solver::Limits;
use kosolve_solver::{solve_from, Answer, Method, Outcome, SolveError, SolveOptions};
use std::sync::Arc;

fn opts(kee_graph: bool) -> SolveOptions {
    SolveOptions {
        threads: 1,
        memory_mib: 64,
        method: if kee_graph {
            Method::Parity
        } else {
            Method::Search
        },
        ..SolveOptions::default()
    }
}

fn setup(board: &Board, diagram: &str, to_move: Color, moves: &[&str]) -> Setup {
    Setup {
        start: Start::new(Position::from_diagram(board, diagram).unwrap(), to_move),
        moves: moves
            .iter()
            .map(|m| Move::parse(board, m).unwrap())
            .collect(),
    }
}

#[test]
fn basic_from_a_position_and_a_record() {
    let rules = Rules::new(Ruleset::Basic);
    for (spec, diagram, to_move, moves) in [
        ("2x3", "XO. .X.", Color::Black, &[][..]),
        ("2x3", ".XO X.O", Color::White, &[][..]),
        ("1x4", "O.O.", Color::Black, &["B1"][..]),
        ("2x4", "XXO. X.XO", Color::White, &[][..]),
    ] {
        let board = Arc::new(Board::parse(spec).unwrap());
        let s = setup(&board, diagram, to_move, moves);
        let auto = SolveOptions {
            method: Method::Auto,
            ..opts(false)
        };
        let report = solve_from(board.clone(), rules, &s, &auto, None).unwrap();
        let Answer::Retrograde(b) = &report.answer else {
            panic!("auto solves basic on a small board by retrograde analysis");
        };
        // The proof search (`--method search`) from the same start: the
        // same value, VB and VW.
        let proof = solve_from(board.clone(), rules, &s, &opts(false), None).unwrap();
        let Answer::Proof(p) = &proof.answer else {
            panic!("--method search solves basic by proof search");
        };
        assert_eq!(
            (p.value, p.vb, p.vw),
            (b.value, b.vb, b.vw),
            "{spec} {diagram}"
        );
        assert_eq!(proof.outcome, report.outcome);
        // The retrograde crate, called directly from the record's end.
        let start = BasicStart::from_setup(&board, &rules, &s).unwrap();
        let direct =
            kosolve_retrograde::solve_basic_from(&board, &rules, &start, &RetroOptions::default())
                .unwrap();
        assert_eq!(
            (b.value, b.states, &b.pv),
            (direct.value, direct.states, &direct.pv)
        );
        // The principal variation, replayed by the rules engine from the
        // record's end, ends with the value (or cycles, for a void game).
        let mut g: StandardGame = s.standard(board.clone(), rules).unwrap();
        for &m in &b.pv {
            assert!(g.try_play(m), "{spec} {diagram}: {m:?}");
        }
        match b.value {
            BasicValue::Margin(h) => {
                let r = g.result().expect("the line ends the game");
                let margin = 2 * r.raw_margin().unwrap() - rules.komi.halves();
                assert_eq!(margin, h, "{spec} {diagram}");
                let want = match h.cmp(&0) {
                    std::cmp::Ordering::Greater => Outcome::BlackBy(h),
                    std::cmp::Ordering::Less => Outcome::WhiteBy(-h),
                    std::cmp::Ordering::Equal => Outcome::Jigo,
                };
                assert_eq!(report.outcome, Some(want));
            }
            BasicValue::Void => {
                assert!(g.result().is_none());
                assert_eq!(report.outcome, Some(Outcome::Void));
            }
        }
    }
}

#[test]
fn kee_parity_from_a_position_equals_the_search() {
    let rules = Rules::new(Ruleset::Kee);
    for (spec, diagram, to_move) in [
        ("1x3", "X..", Color::Black),
        ("1x3", "X..", Color::White),
        ("1x3", ".O.", Color::Black),
        ("2x1", "O.", Color::White),
    ] {
        let board = Arc::new(Board::parse(spec).unwrap());
        let s = setup(&board, diagram, to_move, &[]);
        let parity = solve_from(board.clone(), rules, &s, &opts(true), None).unwrap();
        let search = solve_from(board.clone(), rules, &s, &opts(false), None).unwrap();
        assert!(matches!(parity.answer, Answer::Parity(_)));
        assert!(matches!(search.answer, Answer::Search(_)));
        let v = parity.answer.value().expect("exact");
        assert_eq!(Some(v), search.answer.value(), "{spec} {diagram} {to_move}");
        assert_eq!(parity.outcome, search.outcome);
        // The parity method's line, replayed by the rules engine from the
        // start, ends at its first repeated situation with the value.
        let mut g = KeeGame::from_start(board.clone(), rules, &s.start);
        for &m in parity.answer.pv().iter() {
            assert!(g.try_play(m), "{spec} {diagram}: {m:?}");
        }
        let r = g.result().expect("a repeated situation ends the line");
        assert_eq!(r.raw_margin(), Some(v));
    }
}

#[test]
fn kee_parity_refuses_a_record_with_moves() {
    let rules = Rules::new(Ruleset::Kee);
    let board = Arc::new(Board::parse("1x3").unwrap());
    let s = setup(&board, "X..", Color::White, &["C1"]);
    let e = solve_from(board.clone(), rules, &s, &opts(true), None).unwrap_err();
    assert!(
        matches!(&e, SolveError::NotYetAvailable(m) if m.contains("moves")),
        "{e}"
    );
    // The search solves it.
    let search = solve_from(board, rules, &s, &opts(false), None).unwrap();
    assert!(search.answer.is_solved());
}

/// Kee keeps no table, so a principal variation that refutes each earlier
/// move in order can cost far more than the value: from 1x5 `.OXX.` with
/// White to move the value takes 2.5 M nodes, and the first-in-order line
/// did not finish in 15 minutes. The line found by budgeted rounds
/// (docs/solver.md, "Principal variation") must be complete well within
/// the node cap, end in a result of the value when the rules engine
/// replays it, and be the same line when solved again (the rounds count
/// the PV searcher's own nodes; tests/published.rs checks that lines do
/// not depend on the thread count).
#[test]
fn kee_search_line_is_complete_from_a_costly_start() {
    let rules = Rules::new(Ruleset::Kee);
    let board = Arc::new(Board::parse("1x5").unwrap());
    let s = setup(&board, ".OXX.", Color::White, &[]);
    let o = SolveOptions {
        limits: Limits {
            max_nodes: Some(40_000_000),
            ..opts(false).limits
        },
        ..opts(false)
    };
    let report = solve_from(board.clone(), rules, &s, &o, None).unwrap();
    let Answer::Search(sol) = &report.answer else {
        panic!("kee by the search");
    };
    let v = sol.value().expect("solved within the cap");
    assert!(sol.pv_complete, "the line is complete within the cap");
    let mut g = KeeGame::from_start(board.clone(), rules, &s.start);
    for &m in &sol.pv {
        assert!(g.try_play(m), "{m:?}");
    }
    let r = g.result().expect("the line ends the game");
    assert_eq!(r.raw_margin(), Some(v));
    let again = solve_from(board.clone(), rules, &s, &o, None).unwrap();
    assert_eq!(again.answer.pv(), report.answer.pv());
}

/// The search without D- is not exact (docs/performance.md, "1x12: what D-
/// costs"): a solve refuses it, whatever the ruleset, while the same
/// options with D- solve.
#[test]
fn a_solve_refuses_the_search_without_d_minus() {
    let board = Arc::new(Board::parse("1x3").unwrap());
    for ruleset in [Ruleset::Psk, Ruleset::Basic, Ruleset::Kee] {
        let solve = |avoids: bool| {
            let mut o = SolveOptions::default();
            o.search.avoids = avoids;
            solve_from(
                board.clone(),
                Rules::new(ruleset),
                &Setup::default(),
                &o,
                None,
            )
        };
        let r = solve(false);
        assert!(matches!(r, Err(SolveError::Inexact)), "{ruleset}: {r:?}");
        let r = solve(true);
        assert!(r.is_ok(), "{ruleset}: {r:?}");
    }
}
