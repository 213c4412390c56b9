//! Proof-number search (`Engine::Pns`) against alpha-beta by iterative
//! deepening (`Engine::Id`) and the plain alpha-beta reference, from
//! random mid-game states of every ruleset with dependency tracking: the
//! history before the root is long and varied, which is where a proof
//! stored without the history it read would show (docs/solver.md,
//! "Proof-number search").

mod common;

use common::*;
use kosolve_board::Suicide;
use kosolve_rules::{AnyGame, Ruleset};
use kosolve_solver::{replay_value, solve_game, Engine, SolveOptions};
use kosolve_solver::{Limits, SearchSettings};
use kosolve_testkit::reference;

fn options(engine: Engine, threads: usize, pv: bool) -> SolveOptions {
    SolveOptions {
        engine,
        limits: Limits {
            max_nodes: Some(2_000_000),
            ..opts(threads).limits
        },
        search: SearchSettings {
            pv,
            ..opts(threads).search
        },
        ..opts(threads)
    }
}

fn compare(rs: Ruleset, boards: &[&str], komi: i32, states: usize) {
    let mut compared = 0;
    let mut with_reference = 0;
    let seed = 0x0DF9 ^ rs as u64;
    for (g, label) in random_states(rs, boards, komi, states, seed, |i| i % 16) {
        let id = solve_game(&g, &options(Engine::Id, 1, false));
        let Some(v) = id.value() else { continue };
        let p1 = solve_game(&g, &options(Engine::Pns, 1, true));
        assert_eq!(p1.value(), Some(v), "{label}: pns, 1 thread");
        assert!(p1.pv_complete, "{label}: pns line cut short");
        assert_eq!(
            replay_value(&g, &p1.pv),
            Some(v),
            "{label}: the pns line does not reach the value"
        );
        let p2 = solve_game(&g, &options(Engine::Pns, 2, false));
        assert_eq!(p2.value(), Some(v), "{label}: pns, 2 threads");
        compared += 1;
        if let Some((a, _)) = reference::alphabeta(&mut g.clone(), 2_000_000) {
            assert_eq!(a, v, "{label}: plain alpha-beta");
            with_reference += 1;
        }
    }
    eprintln!("{rs}: {compared} states compared, {with_reference} also with plain alpha-beta");
    assert!(compared >= states, "{rs}: only {compared} states solved");
    assert!(with_reference > 0, "{rs}: the reference never finished");
}

#[test]
fn pns_matches_alpha_beta_under_superko() {
    for rs in [
        Ruleset::Psk,
        Ruleset::TrompTaylor,
        Ruleset::Ssk,
        Ruleset::Nssk,
    ] {
        compare(rs, &["1x4", "2x2", "1x5", "2x3"], 0, 8);
    }
}

#[test]
fn pns_matches_alpha_beta_under_fixed_bkr_and_primitive() {
    for rs in [
        Ruleset::Fixed,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
        Ruleset::Primitive,
    ] {
        compare(rs, &["1x4", "2x2", "1x5", "2x3"], 0, 8);
    }
}

#[test]
fn pns_matches_alpha_beta_in_fundamental_and_ultimate_go() {
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        compare(rs, &["1x3", "1x4", "2x2"], 1, 6);
    }
}

/// Larger boards from the empty board, where proofs are deep and the
/// tables are full of bounds from other histories: 3x3 and 2x4 under
/// every superko, fixed ko and bkr.
#[test]
fn pns_matches_alpha_beta_on_empty_boards() {
    for b in ["3x3", "2x4", "1x7"] {
        for rs in KO_RULESETS {
            let board = board(b);
            let r = rules(rs, Suicide::Forbidden, 0).unwrap();
            let g = AnyGame::new(board, r);
            let id = solve_game(&g, &options(Engine::Id, 1, false));
            let p = solve_game(&g, &options(Engine::Pns, 1, true));
            assert!(id.value().is_some(), "{b} {rs}: alpha-beta unsolved");
            assert_eq!(p.value(), id.value(), "{b} {rs}");
            assert_eq!(replay_value(&g, &p.pv), p.value(), "{b} {rs}: line");
        }
    }
}

/// A window stops the search once the value is decided against it
/// (`SearchSettings::window`, the tasks of a split): from random states,
/// under both engines, the bounds must hold the exact value found without
/// a window, and must be that value where it lies in the window, or lie
/// wholly on one side of the window where it does not.
#[test]
fn windows_decide_against_the_exact_value() {
    let mut early = 0;
    for rs in [Ruleset::Psk, Ruleset::Fixed, Ruleset::Primitive] {
        for (g, label) in random_states(rs, &["1x4", "2x2", "2x3"], 0, 4, 0x517D, |i| i % 5) {
            let Some(v) = solve_game(&g, &options(Engine::Id, 1, false)).value() else {
                continue;
            };
            for engine in [Engine::Pns, Engine::Id] {
                // (v, v - 1) and (v + 1, v): the one test "value >= a".
                for (a, b) in [
                    (v - 2, v - 1),
                    (v - 1, v),
                    (v, v),
                    (v, v + 2),
                    (v + 1, v + 1),
                    (v, v - 1),
                    (v + 1, v),
                ] {
                    let mut o = options(engine, 1, false);
                    o.search.window = Some((a, b));
                    let s = solve_game(&g, &o);
                    let what = format!("{label}, {engine:?}, window [{a}, {b}], value {v}");
                    assert!(
                        s.lower <= v && v <= s.upper,
                        "{what}: [{}, {}]",
                        s.lower,
                        s.upper
                    );
                    if (a..=b).contains(&v) {
                        assert_eq!((s.lower, s.upper), (v, v), "{what}");
                    } else {
                        assert!(
                            s.upper < a || s.lower > b,
                            "{what}: [{}, {}]",
                            s.lower,
                            s.upper
                        );
                        early += usize::from(s.lower < s.upper);
                    }
                }
            }
        }
    }
    assert!(
        early > 0,
        "no window ever stopped a search before its value"
    );
}
