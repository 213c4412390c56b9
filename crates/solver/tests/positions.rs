//! Solving from a position (docs/rules.md, "Starting from a position"):
//! the fast solver from random starts against the naive references, and a
//! game record whose history changes the value under psk.

mod common;

use common::opts;
use kosolve_board::{Board, Color, Suicide};
use kosolve_rules::{AnyGame, Game, Move, Rules, Ruleset, Setup, Start};
use kosolve_solver::{solve_from, solve_game};
use kosolve_testkit::{reference, Rng};
use std::sync::Arc;

/// The rulesets the search solves with a key the naive references can use.
const RULESETS: [Ruleset; 10] = [
    Ruleset::Psk,
    Ruleset::Ssk,
    Ruleset::Nssk,
    Ruleset::Fixed,
    Ruleset::BasicFixed,
    Ruleset::Primitive,
    Ruleset::TrompTaylor,
    Ruleset::Fundamental,
    Ruleset::Ultimate,
    Ruleset::UltimateSimple,
];

/// The random starts, drawn in one sequence over 1x3, 1x4, 1x5 and 2x2,
/// solved and checked against the reference on the boards `solved` only
/// (the tests below split the boards so that the harness runs them side by
/// side; the starts are the same whatever the split). Returns how many the
/// reference confirmed and how many were over its cap.
fn random_starts(solved: &[&str]) -> (usize, usize) {
    let mut rng = Rng::new(0x5EED_57A2);
    let mut checked = 0;
    let mut skipped = 0;
    for spec in ["1x3", "1x4", "1x5", "2x2"] {
        let board = Arc::new(Board::parse(spec).unwrap());
        for _ in 0..6 {
            // Half the points empty, a quarter of each colour.
            let pos = rng.legal_position(&board, 2);
            let to_move = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            if !solved.contains(&spec) {
                continue;
            }
            for rs in RULESETS {
                for su in [Suicide::Forbidden, Suicide::Allowed] {
                    let Ok(rules) = Rules::new(rs).with_suicide(su) else {
                        continue;
                    };
                    let start = Start::new(pos, to_move);
                    let g = AnyGame::from_start(board.clone(), rules, &start);
                    let label = format!(
                        "{spec} {rs} suicide {su} from {} {to_move} to move",
                        pos.diagram_line(&board)
                    );
                    let fast = solve_game(&g, &opts(1));
                    let v = fast.value().unwrap_or_else(|| panic!("{label}: unsolved"));
                    // The public entry point gives the same value.
                    let r = solve_from(board.clone(), rules, &Setup::at(start), &opts(1), None)
                        .unwrap();
                    if !matches!(rs, Ruleset::Fundamental) {
                        assert_eq!(r.answer.value(), Some(v), "{label}: solve_from");
                    }
                    match reference::confirms_memo(&g, v, 2_000_000, 1 << 20) {
                        Some((ok, _)) => {
                            assert!(ok, "{label}: the reference does not confirm {v}");
                            checked += 1;
                        }
                        None => skipped += 1,
                    }
                }
            }
        }
    }
    eprintln!("{solved:?}: {checked} starts confirmed, {skipped} over the reference's cap");
    (checked, skipped)
}

#[test]
fn random_starts_match_the_naive_references_1x3_1x4_2x2() {
    // 288 today, none over the cap.
    let (checked, skipped) = random_starts(&["1x3", "1x4", "2x2"]);
    assert!(
        checked >= 280,
        "only {checked} starts confirmed ({skipped} skipped)"
    );
}

#[test]
fn random_starts_match_the_naive_references_1x5() {
    // 76 today, 20 over the cap.
    let (checked, skipped) = random_starts(&["1x5"]);
    assert!(
        checked >= 70,
        "only {checked} starts confirmed ({skipped} skipped)"
    );
}

/// The value from the end of `moves` played from the empty board (their
/// history counts), and from the position they reach with no history.
fn game_and_position(board: &Arc<Board>, rules: Rules, moves: &[Move]) -> Option<(i32, i32)> {
    let setup = Setup {
        start: Start::EMPTY,
        moves: moves.to_vec(),
    };
    let g = setup.game(board.clone(), rules).ok()?;
    if g.result().is_some() {
        return None;
    }
    let bare = Setup::at(Start::new(g.position(), g.to_move()));
    let a = solve_from(board.clone(), rules, &setup, &opts(1), None).ok()?;
    let b = solve_from(board.clone(), rules, &bare, &opts(1), None).ok()?;
    Some((a.answer.value()?, b.answer.value()?))
}

#[test]
fn a_record_history_changes_the_psk_value() {
    // Every record of up to four moves on 1x4: where its history is
    // irrelevant the two solves agree; at least one record's history (a
    // position it made has occurred, so psk forbids recreating it) changes
    // the value. Each value is confirmed by the naive reference from the
    // state it was solved from.
    let board = Arc::new(Board::parse("1x4").unwrap());
    let rules = Rules::new(Ruleset::Psk);
    let mut differ = Vec::new();
    let mut agree = 0;
    let mut stack: Vec<Vec<Move>> = vec![vec![]];
    while let Some(moves) = stack.pop() {
        if let Some((a, b)) = game_and_position(&board, rules, &moves) {
            if a != b {
                differ.push((moves.clone(), a, b));
            } else {
                agree += 1;
            }
        }
        if moves.len() < 4 {
            let g = Setup {
                start: Start::EMPTY,
                moves: moves.clone(),
            }
            .game(board.clone(), rules)
            .unwrap();
            for m in g.legal_move_list() {
                let mut next = moves.clone();
                next.push(m);
                stack.push(next);
            }
        }
    }
    eprintln!("{agree} records agree, {} differ", differ.len());
    assert!(agree > 0);
    // Records that end with a board play leave no pass to count, so the
    // two states differ only in the positions that have occurred.
    differ.retain(|(moves, _, _)| matches!(moves.last(), Some(Move::Play(_))));
    assert!(
        !differ.is_empty(),
        "no record's positions changed a psk value"
    );
    // B pass, W C1, B B1, W A1 (capturing B1) leaves O.O. with Black to
    // move: from the bare position Black retakes at B1, but the record has
    // had .XO. on the board, so psk forbids it there.
    let ko = ["pass", "C1", "B1", "A1"].map(|n| Move::parse(&board, n).unwrap());
    assert!(
        differ.iter().any(|(m, _, _)| m[..] == ko[..]),
        "the ko record is not among those that differ"
    );
    for (moves, a, b) in differ.iter().take(5) {
        let names: Vec<String> = moves.iter().map(|m| m.name(&board)).collect();
        let g = Setup {
            start: Start::EMPTY,
            moves: moves.clone(),
        }
        .game(board.clone(), rules)
        .unwrap();
        let bare =
            AnyGame::from_start(board.clone(), rules, &Start::new(g.position(), g.to_move()));
        eprintln!("{}: record {a}, position {b}", names.join(" "));
        let (ok, _) = reference::confirms_memo(&g, *a, 50_000_000, 1 << 22).unwrap();
        assert!(
            ok,
            "{names:?}: the reference does not confirm {a} with history"
        );
        let (ok, _) = reference::confirms_memo(&bare, *b, 50_000_000, 1 << 22).unwrap();
        assert!(
            ok,
            "{names:?}: the reference does not confirm {b} without it"
        );
    }
}
