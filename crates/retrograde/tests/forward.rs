//! Independent checks of the retrograde solver against the rules engine's
//! own game (`kosolve_rules::StandardGame`, ruleset `basic`), which knows
//! nothing of the retrograde state encoding.
//!
//! 1. A deliberately naive forward analysis: "can Black force the game to
//!    end with margin >= m within d moves" by plain AND/OR recursion over
//!    the legal moves (memoised on the game's own `future_key` and the
//!    depth, so that depths of a few hundred plies are affordable).
//!    The depth bound d = N, the number of distinct non-terminal states the
//!    game reaches (counted here by a depth-first walk over `future_key`),
//!    is exact: the sets "can force within d" grow with d and, once one of
//!    them equals the next, stay fixed; they are subsets of N states plus
//!    terminals, so they are fixed from d = N on. The test also checks that
//!    the answers at N, N + 1, ..., N + 4 agree and reports the smallest
//!    depth from which the root's answers no longer change.
//! 2. A layered fixpoint (the attractor built layer by layer, without
//!    counters or ranks) over the graph of `future_key`s, for boards too
//!    large for 1: iterate W_{d+1} = target + {forcer to move: some child
//!    in W_d} + {opponent to move: every child in W_d} until W_{d+1} = W_d.

mod common;

use common::{check_pv_from, force, value_rule, KeyGraph};
use kosolve_board::{Board, Color};
use kosolve_retrograde::{solve_basic_with, BasicSolution, RetroOptions};
use kosolve_rules::{Komi, Move, Rules, Ruleset, StandardGame};
use std::collections::HashMap;
use std::sync::Arc;

fn game(board: &Board, rules: Rules) -> StandardGame {
    StandardGame::new(Arc::new(board.clone()), rules)
}

fn solve(board: &Board, rules: &Rules, canonical_ko: bool) -> BasicSolution {
    let opts = RetroOptions {
        canonical_ko,
        ..RetroOptions::default()
    };
    solve_basic_with(board, rules, &opts).unwrap()
}

/// Rule variants checked on every small board: komi, suicide, end passes.
fn variants() -> Vec<Rules> {
    let base = Rules::new(Ruleset::Basic);
    let mut v = Vec::new();
    for k in [0, 1, -1, 2, 3, -4] {
        v.push(base.with_komi(Komi(k)));
    }
    v.push(base.with_suicide(kosolve_board::Suicide::Allowed).unwrap());
    v.push(
        base.with_suicide(kosolve_board::Suicide::Allowed)
            .unwrap()
            .with_komi(Komi(1)),
    );
    v.push(base.with_end_passes(3).unwrap());
    v.push(base.with_end_passes(1).unwrap());
    v
}

#[test]
fn naive_forward_recursion_agrees_on_tiny_boards() {
    for spec in ["1x1", "1x2", "1x3", "2x1"] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let komi = rules.komi.halves();
            let mut g = game(&board, rules);
            let kg = KeyGraph::build(&mut g, komi);
            let n = kg.non_terminal();
            let raw = solve(&board, &rules, false);
            let canon = solve(&board, &rules, true);
            assert_eq!(raw.states, n, "{spec} {rules:?}: raw state count");
            assert!(canon.states <= raw.states);

            let margins = kg.margins();
            let mut found = [None, None];
            let mut stable_from = 0;
            for (side, forcer) in Color::BOTH.into_iter().enumerate() {
                let order: Vec<i32> = match forcer {
                    Color::Black => margins.iter().rev().copied().collect(),
                    Color::White => margins.iter().copied().collect(),
                };
                for &m in &order {
                    let mut memo = HashMap::new();
                    let at = |d: usize, memo: &mut HashMap<_, _>, g: &mut StandardGame| {
                        force(g, komi, forcer, m, d, memo)
                    };
                    let exact = at(n, &mut memo, &mut g);
                    for extra in 1..=4 {
                        assert_eq!(at(n + extra, &mut memo, &mut g), exact);
                    }
                    let first = (0..=n)
                        .rev()
                        .find(|&d| at(d, &mut memo, &mut g) != exact)
                        .map_or(0, |d| d + 1);
                    stable_from = stable_from.max(first);
                    if exact && found[side].is_none() {
                        found[side] = Some(m);
                    }
                }
            }
            let [vb, vw] = found;
            eprintln!(
                "{spec} komi {} suicide {} end {:?}: VB {vb:?} VW {vw:?}, {n} states, answers stable from depth {stable_from}",
                rules.komi, rules.suicide, rules.end
            );
            for s in [&raw, &canon] {
                assert_eq!((s.vb, s.vw), (vb, vw), "{spec} {rules:?}");
                assert_eq!(s.value, value_rule(vb, vw), "{spec} {rules:?}");
            }
        }
    }
}

#[test]
fn layered_fixpoint_agrees_on_small_boards() {
    for spec in ["1x4", "1x5", "2x2", "4x1"] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let komi = rules.komi.halves();
            let kg = KeyGraph::build(&mut game(&board, rules), komi);
            let (vb, vw) = kg.vb_vw();
            let raw = solve(&board, &rules, false);
            let canon = solve(&board, &rules, true);
            assert_eq!(raw.states, kg.non_terminal(), "{spec} {rules:?}");
            for s in [&raw, &canon] {
                assert_eq!((s.vb, s.vw), (vb, vw), "{spec} {rules:?}");
                assert_eq!(s.value, value_rule(vb, vw), "{spec} {rules:?}");
            }
        }
    }
}

#[test]
fn layered_fixpoint_agrees_on_2x3() {
    let board = Board::parse("2x3").unwrap();
    for k in [0, 1] {
        let rules = Rules::new(Ruleset::Basic).with_komi(Komi(k));
        let kg = KeyGraph::build(&mut game(&board, rules), k);
        let (vb, vw) = kg.vb_vw();
        let s = solve(&board, &rules, true);
        assert_eq!((s.vb, s.vw), (vb, vw));
        assert_eq!(s.value, value_rule(vb, vw));
    }
}

/// Replays a solution's principal variation in the rules engine.
fn check_pv(board: &Board, rules: Rules, s: &BasicSolution) {
    check_pv_from(game(board, rules), rules, s);
}

#[test]
fn principal_variations_replay_in_the_rules_engine() {
    for spec in [
        "1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "2x1", "2x2", "2x3", "3x2", "3x3", "2x4",
    ] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let s = solve(&board, &rules, true);
            check_pv(&board, rules, &s);
        }
    }
    // Komis around the whole-board margins: White wins, jigo by VW = 0,
    // Black wins by half a point, and void games turned finished.
    for spec in ["1x3", "1x5", "2x2", "2x3", "3x3"] {
        let board = Board::parse(spec).unwrap();
        for k in [-19, -18, -13, -12, -9, -8, -7, 7, 8, 9, 12, 13, 18, 19] {
            let rules = Rules::new(Ruleset::Basic).with_komi(Komi(k));
            let s = solve(&board, &rules, true);
            check_pv(&board, rules, &s);
        }
    }
    let _ = Move::Pass;
}

/// Runs `f` on each board in a thread with a large stack (the depth-first
/// walk over `future_key`s recurses once per move of the longest path).
fn fixpoint_check(specs: &'static [&'static str]) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            for spec in specs {
                let board = Board::parse(spec).unwrap();
                let rules = Rules::new(Ruleset::Basic);
                let t = std::time::Instant::now();
                let kg = KeyGraph::build(&mut game(&board, rules), 0);
                let (vb, vw) = kg.vb_vw();
                let raw = solve(&board, &rules, false);
                let canon = solve(&board, &rules, true);
                eprintln!(
                    "{spec}: forward VB {vb:?} VW {vw:?}, {} states, {:.1}s",
                    kg.non_terminal(),
                    t.elapsed().as_secs_f64()
                );
                assert_eq!(raw.states, kg.non_terminal(), "{spec}");
                for s in [&raw, &canon] {
                    assert_eq!((s.vb, s.vw), (vb, vw), "{spec}");
                    assert_eq!(s.value, value_rule(vb, vw), "{spec}");
                }
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

/// 3x3 and 2x4 against the layered fixpoint (a few seconds in release).
#[test]
fn layered_fixpoint_agrees_on_3x3_and_2x4() {
    fixpoint_check(&["2x4", "3x3"]);
}

/// 2x5 and 3x4 against the layered fixpoint (minutes; millions of states).
/// `cargo test -p kosolve-retrograde --release -- --ignored`
#[test]
#[ignore]
fn layered_fixpoint_agrees_on_2x5_and_3x4() {
    fixpoint_check(&["2x5", "3x4"]);
}
