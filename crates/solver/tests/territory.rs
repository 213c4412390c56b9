//! Territory bounds (docs/solver.md, "Territory") against the solver
//! without them and the plain reference, from random
//! mid-game states: long random lines leave pass-alive groups with
//! regions to count, and histories that hold positions their conditions
//! exclude, which is where a bound read without its history would show.

mod common;

use common::*;
use kosolve_board::Suicide;
use kosolve_rules::Pattern;
use kosolve_rules::{AnyGame, Game, Ruleset};
use kosolve_solver::{solve_game, solve_game_with, Engine, SolveOptions, Tables};
use kosolve_solver::{Limits, SearchSettings};
use kosolve_testkit::{reference, Rng};

fn options(territory: bool, engine: Engine, threads: usize) -> SolveOptions {
    SolveOptions {
        engine,
        limits: Limits {
            max_nodes: Some(3_000_000),
            ..opts(threads).limits
        },
        search: SearchSettings {
            territory,
            pv: false,
            ..opts(threads).search
        },
        ..opts(threads)
    }
}

/// Whether no position of `g`'s history (its current one included)
/// matches `p`.
fn condition_holds(g: &AnyGame, p: &Pattern) -> bool {
    let mut h = g.clone();
    loop {
        if p.matches(&h.position()) {
            return false;
        }
        if h.moves().is_empty() {
            return true;
        }
        h.undo();
    }
}

/// The bounds of `g` with territory, where their conditions hold, against
/// its exact value `v`; returns how many of them equal the value.
fn check_bounds(g: &AnyGame, v: i32, label: &str) -> u64 {
    let Some(t) = g.territory_bounds() else {
        return 0;
    };
    let mut tight = 0;
    assert!(
        t.plain.0 <= v && v <= t.plain.1,
        "{label}: static bounds {:?}, value {v}",
        t.plain
    );
    if condition_holds(g, &t.black) {
        assert!(
            t.lower <= v,
            "{label}: territory lower bound {} above the value {v}",
            t.lower
        );
        tight += u64::from(t.lower == v && t.lower > t.plain.0);
    }
    if condition_holds(g, &t.white) {
        assert!(
            t.upper >= v,
            "{label}: territory upper bound {} below the value {v}",
            t.upper
        );
        tight += u64::from(t.upper == v && t.upper < t.plain.1);
    }
    tight
}

/// Returns the territory cuts made and the territory bounds found equal to
/// the value.
fn compare(rs: Ruleset, boards: &[&str], states: usize) -> (u64, u64) {
    let mut rng = Rng::new(0x7E88 ^ rs as u64);
    let mut cuts = 0;
    let mut tight = 0;
    let mut compared = 0;
    for b in boards {
        let board = board(b);
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let Some(r) = rules(rs, su, 0) else {
                continue;
            };
            for i in 0..states {
                let mut g = AnyGame::new(board.clone(), r);
                rng.play_line(&mut g, 6 + (i * 7) % 40);
                let label = format!(
                    "{b} {rs} suicide={su} after {:?}",
                    g.moves().iter().map(|m| m.name(&board)).collect::<Vec<_>>()
                );
                let plain = solve_game(&g, &options(false, Engine::Pns, 1));
                let Some(v) = plain.value() else { continue };
                assert_eq!(plain.stats.territory_cuts, 0, "{label}: territory off");
                let t1 = solve_game(&g, &options(true, Engine::Pns, 1));
                assert_eq!(t1.value(), Some(v), "{label}: territory, 1 thread");
                if i % 2 == 0 {
                    let t2 = solve_game(&g, &options(true, Engine::Pns, 2));
                    assert_eq!(t2.value(), Some(v), "{label}: territory, 2 threads");
                }
                if let Some((a, _)) = reference::alphabeta(&mut g.clone(), 1_000_000) {
                    assert_eq!(a, v, "{label}: plain alpha-beta");
                }
                cuts += t1.stats.territory_cuts;
                tight += check_bounds(&g, v, &label);
                compared += 1;
                if i % 4 != 0 {
                    continue;
                }
                // Every state of the line again, last first, with one set
                // of tables: bounds stored under one history meet states
                // with another.
                let o = options(true, Engine::Pns, 1);
                let tables = Tables::new(&g, &o);
                let mut h = g.clone();
                while !h.moves().is_empty() {
                    let fresh = solve_game(&h, &o);
                    let shared = solve_game_with(&h, &o, &tables);
                    assert_eq!(
                        shared.value(),
                        fresh.value(),
                        "{label}: shared tables, {} moves",
                        h.moves().len()
                    );
                    if let Some(w) = fresh.value() {
                        tight += check_bounds(&h, w, &label);
                    }
                    h.undo();
                }
            }
        }
    }
    eprintln!("{rs}: {compared} states, {cuts} territory cuts, {tight} territory bounds equal to the value");
    assert!(compared >= states, "{rs}: only {compared} states solved");
    (cuts, tight)
}

/// [`compare`] under `rulesets`: some territory cut is made, and some
/// territory bound meets the value.
fn compare_all(rulesets: &[Ruleset]) {
    let (mut cuts, mut tight) = (0, 0);
    for &rs in rulesets {
        let (c, t) = compare(rs, &["2x3", "2x4", "1x6", "3x3"], 4);
        cuts += c;
        tight += t;
    }
    assert!(
        cuts > 0,
        "no territory cut was made: the test tests nothing"
    );
    assert!(
        tight > 0,
        "no territory bound met the value: a bound one point too high would pass"
    );
}

// The rulesets with territory, in two tests that the harness runs side by
// side.
#[test]
fn territory_matches_the_solver_without_it_superko() {
    compare_all(&[Ruleset::Psk, Ruleset::Ssk, Ruleset::Nssk]);
}

#[test]
fn territory_matches_the_solver_without_it_tromp_taylor_and_fixed() {
    compare_all(&[Ruleset::TrompTaylor, Ruleset::Fixed, Ruleset::BasicFixed]);
}

/// Rulesets whose territory is not counted give none, and the value
/// is unchanged.
#[test]
fn no_territory_where_it_is_not_proven() {
    for rs in [Ruleset::Bkr, Ruleset::Primitive, Ruleset::Fundamental] {
        let r = rules(rs, Suicide::Forbidden, 0).unwrap();
        let g = AnyGame::new(board("2x3"), r);
        assert!(g.territory_bounds().is_none(), "{rs}");
    }
}

/// A territory bound stored under one history must not be reused where
/// the history holds a position its condition excludes. Random states
/// whose own bound with territory would be wrong without its condition
/// are taken back one move, and that state is solved twice with one set
/// of tables: first the same position and player from a history that
/// meets the condition (stones placed without captures), then the state
/// itself, whose proof meets the first solve's bounds. Storing a bound
/// without its condition fails this test.
#[test]
fn a_stored_territory_bound_keeps_its_condition() {
    let mut rng = Rng::new(0x7E89);
    let mut found = 0;
    for rs in [
        Ruleset::Psk,
        Ruleset::TrompTaylor,
        Ruleset::Fixed,
        Ruleset::Nssk,
    ] {
        for b in ["2x3", "1x6", "2x4"] {
            let b = board(b);
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                let Some(r) = rules(rs, su, 0) else { continue };
                for i in 0..300 {
                    let mut g = AnyGame::new(b.clone(), r);
                    rng.play_line(&mut g, 8 + i % 40);
                    let Some(t) = g.territory_bounds() else {
                        continue;
                    };
                    let (bh, wh) = (condition_holds(&g, &t.black), condition_holds(&g, &t.white));
                    if (bh || t.lower == t.plain.0) && (wh || t.upper == t.plain.1) {
                        continue;
                    }
                    let o = options(true, Engine::Pns, 1);
                    let Some(v) = solve_game(&g, &options(false, Engine::Pns, 1)).value() else {
                        continue;
                    };
                    let wrong = (t.lower > v && !bh) || (t.upper < v && !wh);
                    if !wrong {
                        continue;
                    }
                    // The state before the last move, whose proofs read
                    // this one's bound.
                    let mut parent = g.clone();
                    parent.undo();
                    if matches!(
                        parent.moves().last(),
                        Some(kosolve_rules::Move::Pass) | None
                    ) {
                        continue;
                    }
                    let mut clean = AnyGame::new(b.clone(), r);
                    set_up(
                        &mut clean,
                        &parent.position().diagram_line(&b),
                        parent.to_move(),
                    );
                    if matches!(clean.moves().last(), Some(kosolve_rules::Move::Pass)) {
                        continue;
                    }
                    let Some(pv) = solve_game(&parent, &options(false, Engine::Pns, 1)).value()
                    else {
                        continue;
                    };
                    let tables = Tables::new(&clean, &o);
                    assert!(solve_game_with(&clean, &o, &tables).value().is_some());
                    let label =
                        format!("{rs} {} suicide={su} after {:?}", b.name(), parent.moves());
                    assert_eq!(
                        solve_game_with(&parent, &o, &tables).value(),
                        Some(pv),
                        "{label}"
                    );
                    found += 1;
                }
            }
        }
    }
    eprintln!("{found} states whose territory bound needs its condition");
    assert!(
        found > 0,
        "no state needed its condition: the test tests nothing"
    );
}
