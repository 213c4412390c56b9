//! Solves from a start other than the empty board (docs/retrograde.md,
//! "Starting from a position").
//!
//! - From the empty start, [`solve_basic_from`] gives exactly the results
//!   of [`solve_basic_with`] and the figures recorded in docs/retrograde.md,
//!   with positions numbered in advance (dense) or on discovery (sparse).
//! - From positions and game records on boards of up to 6 points, the
//!   values and the raw state counts equal those of the rules engine's own
//!   game (`StandardGame::from_start`, then the record's moves) read
//!   through its `future_key`s, as tests/forward.rs does from the empty
//!   board: the layered fixpoint everywhere, and the naive depth-bounded
//!   forward recursion on the smallest; every principal variation is
//!   replayed by the engine from the start.
//! - Boards over the dense numbering's 16 points: a start is numbered
//!   sparsely, and the state cap refuses a large space quickly.

mod common;

use common::{check_pv_from, force, value_rule, KeyGraph};
use kosolve_board::{Board, Color, Position, Suicide};
use kosolve_retrograde::{
    solve_basic_from, solve_basic_with, BasicSolution, BasicStart, BasicValue, RetroError,
    RetroOptions,
};
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, Setup, Start};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

fn opts(canonical_ko: bool, sparse: bool) -> RetroOptions {
    RetroOptions {
        canonical_ko,
        sparse,
        ..RetroOptions::default()
    }
}

/// Every field but the time.
fn same(a: &BasicSolution, b: &BasicSolution, what: &str) {
    assert_eq!((a.value, a.vb, a.vw), (b.value, b.vb, b.vw), "{what}");
    assert_eq!(
        (a.states, a.terminals, a.positions, a.edges),
        (b.states, b.terminals, b.positions, b.edges),
        "{what}"
    );
    assert_eq!(a.margins, b.margins, "{what}");
    assert_eq!(a.pv, b.pv, "{what}");
    assert_eq!(a.pv_cycle_start, b.pv_cycle_start, "{what}");
}

/// The figures of docs/retrograde.md (komi 0): value, canonical and raw
/// states, positions, edges.
#[test]
fn the_empty_start_gives_the_recorded_results() {
    type Row = (&'static str, BasicValue, usize, usize, usize, usize);
    let table: [Row; 7] = [
        ("1x1", BasicValue::Margin(0), 2, 2, 1, 2),
        ("1x2", BasicValue::Margin(0), 14, 14, 5, 22),
        ("1x3", BasicValue::Margin(6), 34, 54, 15, 74),
        ("1x4", BasicValue::Margin(8), 114, 182, 41, 270),
        ("1x5", BasicValue::Void, 362, 604, 113, 992),
        ("2x2", BasicValue::Void, 170, 270, 57, 434),
        ("2x3", BasicValue::Void, 1730, 3074, 489, 5510),
    ];
    let rules = Rules::new(Ruleset::Basic);
    for (spec, value, states, raw_states, positions, edges) in table {
        let board = Board::parse(spec).unwrap();
        let old = solve_basic_with(&board, &rules, &RetroOptions::default()).unwrap();
        assert_eq!(
            (old.value, old.states, old.positions, old.edges),
            (value, states, positions, edges),
            "{spec}"
        );
        let start = BasicStart::from_setup(&board, &rules, &Setup::default()).unwrap();
        assert_eq!(start, BasicStart::EMPTY);
        assert!(start.is_empty_board());
        for sparse in [false, true] {
            let new = solve_basic_from(&board, &rules, &start, &opts(true, sparse)).unwrap();
            same(&old, &new, &format!("{spec} sparse={sparse}"));
            let raw = solve_basic_from(&board, &rules, &start, &opts(false, sparse)).unwrap();
            assert_eq!(raw.states, raw_states, "{spec} sparse={sparse}: raw");
            assert_eq!(raw.value, value, "{spec} sparse={sparse}: raw");
        }
        // The same empty board as a start with a move history is no
        // longer the empty start: numbered sparsely, same results.
        let at = BasicStart::at(Position::EMPTY, Color::Black);
        let new = solve_basic_from(&board, &rules, &at, &RetroOptions::default()).unwrap();
        same(&old, &new, spec);
    }
    // Larger boards, other komis: sparse numbering changes nothing.
    for spec in ["2x4", "3x3"] {
        let board = Board::parse(spec).unwrap();
        for k in [0, 1] {
            let rules = Rules::new(Ruleset::Basic).with_komi(Komi(k));
            let dense = solve_basic_with(&board, &rules, &RetroOptions::default()).unwrap();
            let sparse =
                solve_basic_from(&board, &rules, &BasicStart::EMPTY, &opts(true, true)).unwrap();
            same(&dense, &sparse, spec);
        }
    }
}

/// A start: board, diagram (rows top first), player to move, record moves.
type Case = (&'static str, &'static str, Color, &'static [&'static str]);

const B: Color = Color::Black;
const W: Color = Color::White;

/// Starts on boards of up to 6 points: plain positions with either player
/// to move, basic ko shapes whose record leaves a retake forbidden, records
/// that end on a pass (and on the game's end), and a record from the empty
/// board.
const CASES: &[Case] = &[
    ("1x3", "X..", B, &[]),
    ("1x3", "X..", W, &[]),
    ("1x3", ".O.", W, &[]),
    ("1x3", "X..", B, &["pass", "pass"]),
    ("1x4", "X..O", B, &[]),
    ("1x4", "X..O", W, &[]),
    ("1x4", "O.O.", B, &["B1"]),
    ("1x4", "O.O.", B, &["B1", "pass"]),
    ("1x4", ".XO.", W, &["pass"]),
    ("2x2", "X. .O", B, &[]),
    ("2x2", "X. .O", W, &[]),
    ("2x2", "XO ..", W, &[]),
    ("2x2", "....", B, &["A2", "B1"]),
    ("1x5", "X.O..", W, &[]),
    ("1x5", ".XO.O", B, &["D1"]),
    ("2x3", "XO. .X.", B, &[]),
    ("2x3", ".XO X.O", W, &[]),
    ("2x3", "...  ...", B, &["B2", "B1", "pass"]),
    ("3x2", "X. .O ..", W, &[]),
    ("3x2", "XO X. ..", B, &["B2"]),
];

fn setup_of(board: &Board, case: &Case) -> Setup {
    let (_, diagram, to_move, moves) = *case;
    let pos = Position::from_diagram(board, diagram).unwrap();
    Setup {
        start: Start::new(pos, to_move),
        moves: moves
            .iter()
            .map(|m| Move::parse(board, m).unwrap())
            .collect(),
    }
}

/// Rule variants: komi, suicide, end passes.
fn variants() -> Vec<Rules> {
    let base = Rules::new(Ruleset::Basic);
    vec![
        base,
        base.with_komi(Komi(1)),
        base.with_komi(Komi(-3)),
        base.with_suicide(Suicide::Allowed).unwrap(),
        base.with_end_passes(3).unwrap(),
        base.with_end_passes(1).unwrap(),
    ]
}

/// Runs `f` in a thread with a large stack (the depth-first walk over
/// `future_key`s recurses once per move of the longest path).
fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn starts_agree_with_the_rules_engine() {
    big_stack(|| {
        let mut checked = 0;
        for case in CASES {
            let board = Board::parse(case.0).unwrap();
            let setup = setup_of(&board, case);
            for rules in variants() {
                let what = format!("{case:?} {rules:?}");
                // A record the variant cannot play (it ended already).
                let Ok(g) = setup.standard(Arc::new(board.clone()), rules) else {
                    continue;
                };
                let start = BasicStart::from_setup(&board, &rules, &setup).unwrap();
                assert_eq!(start, BasicStart::of_game(&g));
                assert_eq!(start.passes, g.consecutive_passes());
                // The position before the last move, as the record left it.
                let two_ago = setup.moves.len().checked_sub(1).map(|n| {
                    let before = Setup {
                        start: setup.start,
                        moves: setup.moves[..n].to_vec(),
                    };
                    before
                        .standard(Arc::new(board.clone()), rules)
                        .unwrap()
                        .position()
                });
                assert_eq!(start.two_ago, two_ago, "{what}");

                let komi = rules.komi.halves();
                let kg = KeyGraph::build(&mut g.clone(), komi);
                let (vb, vw) = kg.vb_vw();
                let raw = solve_basic_from(&board, &rules, &start, &opts(false, false)).unwrap();
                let canon = solve_basic_from(&board, &rules, &start, &opts(true, false)).unwrap();
                assert_eq!(raw.states, kg.non_terminal(), "{what}: raw states");
                assert!(canon.states <= raw.states, "{what}");
                for s in [&raw, &canon] {
                    assert_eq!((s.vb, s.vw), (vb, vw), "{what}");
                    assert_eq!(s.value, value_rule(vb, vw), "{what}");
                    check_pv_from(g.clone(), rules, s);
                }
                // The naive recursion where the graph is small: the answer
                // at depth N (exact, see tests/forward.rs) for each margin.
                let n = kg.non_terminal();
                if n <= 200 {
                    let mut found = [None, None];
                    for (side, forcer) in Color::BOTH.into_iter().enumerate() {
                        let margins: Vec<i32> = match forcer {
                            Color::Black => kg.margins().into_iter().rev().collect(),
                            Color::White => kg.margins().into_iter().collect(),
                        };
                        for m in margins {
                            let mut memo = HashMap::new();
                            let mut gg = g.clone();
                            let exact = force(&mut gg, komi, forcer, m, n, &mut memo);
                            assert_eq!(
                                force(&mut gg, komi, forcer, m, n + 2, &mut memo),
                                exact,
                                "{what}"
                            );
                            if exact {
                                found[side] = Some(m);
                                break;
                            }
                        }
                    }
                    assert_eq!((raw.vb, raw.vw), (found[0], found[1]), "{what}: naive");
                }
                checked += 1;
            }
        }
        assert!(checked >= 100, "{checked} starts checked");
    });
}

/// A finished record leaves no state: the value is the position's area
/// margin. A record ending in a basic ko capture leaves the retake
/// forbidden, and the solve starts from there.
#[test]
fn records_carry_their_history() {
    let board = Board::parse("1x3").unwrap();
    let rules = Rules::new(Ruleset::Basic);
    let x = Position::from_diagram(&board, "X..").unwrap();
    let setup = Setup {
        start: Start::new(x, B),
        moves: vec![Move::Pass, Move::Pass],
    };
    let end = BasicStart::from_setup(&board, &rules, &setup).unwrap();
    assert_eq!((end.position, end.to_move, end.passes), (x, B, 2));
    assert_eq!(end.two_ago, Some(x));
    let s = solve_basic_from(&board, &rules, &end, &RetroOptions::default()).unwrap();
    // All three points are Black's area.
    assert_eq!(s.value, BasicValue::Margin(6));
    assert_eq!((s.states, s.terminals, s.positions), (0, 1, 1));
    assert!(s.pv.is_empty());

    // O.O. with Black to move: B1 captures A1; White may not retake at A1.
    let b4 = Board::parse("1x4").unwrap();
    let start = Position::from_diagram(&b4, "O.O.").unwrap();
    let setup = Setup {
        start: Start::new(start, B),
        moves: vec![Move::parse(&b4, "B1").unwrap()],
    };
    let st = BasicStart::from_setup(&b4, &rules, &setup).unwrap();
    assert_eq!(st.position, Position::from_diagram(&b4, ".XO.").unwrap());
    assert_eq!((st.to_move, st.two_ago, st.passes), (W, Some(start), 0));
    let g = setup.standard(Arc::new(b4.clone()), rules).unwrap();
    let retake = Move::parse(&b4, "A1").unwrap();
    assert!(!g.is_legal(retake));
    // From the bare position, with no move before it, the retake is open.
    let fresh = Setup::at(Start::new(st.position, W))
        .standard(Arc::new(b4.clone()), rules)
        .unwrap();
    assert!(fresh.is_legal(retake));
    let with_ko = solve_basic_from(&b4, &rules, &st, &opts(false, false)).unwrap();
    let without = solve_basic_from(
        &b4,
        &rules,
        &BasicStart::at(st.position, W),
        &opts(false, false),
    )
    .unwrap();
    check_pv_from(g, rules, &with_ko);
    check_pv_from(fresh, rules, &without);
}

/// Bad starts are refused, not solved.
#[test]
fn bad_starts_are_refused() {
    let board = Board::parse("2x2").unwrap();
    let rules = Rules::new(Ruleset::Basic);
    // A chain without a liberty.
    let dead = Position::from_diagram(&board, "XO OO").unwrap();
    let e = solve_basic_from(
        &board,
        &rules,
        &BasicStart::at(dead, B),
        &RetroOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(e, RetroError::Setup(_)), "{e}");
    // Another ruleset.
    let e = BasicStart::from_setup(&board, &Rules::new(Ruleset::Psk), &Setup::default());
    assert_eq!(e, Err(RetroError::WrongRuleset(Ruleset::Psk)));
    // An illegal record move (a basic ko retake).
    let b4 = Board::parse("1x4").unwrap();
    let setup = Setup {
        start: Start::new(Position::from_diagram(&b4, "O.O.").unwrap(), B),
        moves: vec![
            Move::parse(&b4, "B1").unwrap(),
            Move::parse(&b4, "A1").unwrap(),
        ],
    };
    assert!(matches!(
        BasicStart::from_setup(&b4, &rules, &setup),
        Err(RetroError::Setup(_))
    ));
}

/// Positions on boards past the dense numbering's 16 points are numbered
/// sparsely, so `max_points` does not refuse them; every chain can be
/// captured once its owner fills her own eyes, so the reachable space of
/// such a start is large, and the state cap refuses it quickly and clearly.
#[test]
fn big_boards_are_numbered_sparsely_and_capped() {
    let rules = Rules::new(Ruleset::Basic);
    for (spec, diagram) in [
        ("4x4", "XXXX X.XO XXOO X.O."),
        ("5x5", "XXXXX X.X.X XXXXX OOOOO O.O.O"),
        ("3x6", "XXXXXX X.XO.O XXXOOO"),
    ] {
        let board = Board::parse(spec).unwrap();
        let pos = Position::from_diagram(&board, diagram).unwrap();
        let t = Instant::now();
        let opts = RetroOptions {
            max_states: 20_000,
            ..RetroOptions::default()
        };
        let e = solve_basic_from(&board, &rules, &BasicStart::at(pos, B), &opts).unwrap_err();
        assert_eq!(e, RetroError::TooManyStates { cap: 20_000 }, "{spec}");
        assert!(e.to_string().contains("20000"), "{e}");
        let secs = t.elapsed().as_secs_f64();
        eprintln!("{spec} {diagram}: refused at 20,000 states in {secs:.2} s");
        // Far under what numbering every legal position would take.
        assert!(secs < 30.0, "{spec}: {secs} s");
    }
}

/// A finished game on a board the dense index cannot number: the sparse
/// index holds just its one position, and the value is its area margin.
#[test]
fn a_finished_record_on_a_big_board() {
    let board = Board::parse("5x5").unwrap();
    let rules = Rules::new(Ruleset::Basic).with_komi(Komi(1));
    let pos = Position::from_diagram(&board, "XXXXX X.X.X XXXXX OOOOO O.O.O").unwrap();
    let setup = Setup {
        start: Start::new(pos, W),
        moves: vec![Move::Pass, Move::Pass],
    };
    let st = BasicStart::from_setup(&board, &rules, &setup).unwrap();
    let s = solve_basic_from(&board, &rules, &st, &RetroOptions::default()).unwrap();
    // Black has 15 points of area, White 10; komi 0.5.
    assert_eq!(s.value, BasicValue::Margin(2 * (15 - 10) - 1));
    assert_eq!((s.states, s.positions), (0, 1));
}

/// Retrograde analysis honours its budget: a cancelled token or a past
/// deadline stops it with the reason, and proves nothing.
#[test]
fn a_spent_budget_stops_the_analysis() {
    use kosolve_retrograde::{
        solve_basic_within, BasicStart, Budget, RetroError, RetroOptions, Stop,
    };
    let board = Board::parse("2x3").unwrap();
    let rules = Rules::new(Ruleset::Basic);
    let within = |budget: &Budget| {
        solve_basic_within(
            &board,
            &rules,
            &BasicStart::EMPTY,
            &RetroOptions::default(),
            budget,
        )
    };
    let past = Budget::unlimited().with_seconds(Some(0.0));
    assert_eq!(
        within(&past).unwrap_err(),
        RetroError::Stopped(Stop::Seconds)
    );
    let cancelled = Budget::unlimited();
    cancelled.cancel.cancel();
    assert_eq!(
        within(&cancelled).unwrap_err(),
        RetroError::Stopped(Stop::Cancelled)
    );
    // With budget to spare, the same call solves the board.
    assert!(within(&Budget::unlimited()).is_ok());
}
