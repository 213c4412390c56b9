//! Symmetry (docs/solver.md, "Symmetry"): under dependency tracking a
//! result is stored under the least history-free key of the state's
//! images under the board's symmetries, with its D+ and D- mapped into
//! that image's frame (D- by its entries' tags). From random mid-game
//! states (long, varied histories before the root, where a wrong mapping
//! would show) of every ruleset that uses it, on boards with 2, 4 and 8
//! symmetries:
//! - the value with symmetry equals the value without it, with 1 and 2 threads;
//! - the image of the state under a symmetry (the same game replayed with
//!   every move mirrored) has the same value, solved with the tables the
//!   first solve filled, so that its probes meet the first solve's entries
//!   from the other side of the symmetry.

mod common;

use common::*;
use kosolve_board::{Point, Suicide};
use kosolve_rules::{AnyGame, Game, Move, Ruleset};
use kosolve_solver::{solve_game, solve_game_with, SolveOptions, Tables};
use kosolve_solver::{Limits, SearchSettings};
use kosolve_testkit::Rng;

fn options(symmetry: bool, threads: usize) -> SolveOptions {
    SolveOptions {
        limits: Limits {
            max_nodes: Some(2_000_000),
            ..opts(threads).limits
        },
        search: SearchSettings {
            symmetry,
            pv: false,
            ..opts(threads).search
        },
        ..opts(threads)
    }
}

/// A new game of `r` on `board`.
fn new_game(board: std::sync::Arc<kosolve_board::Board>, r: kosolve_rules::Rules) -> AnyGame {
    AnyGame::new(board, r)
}

/// The game `g` with every move mirrored by symmetry `s` of its board.
fn mirrored(g: &AnyGame, s: usize) -> AnyGame {
    let board = g.board().clone();
    let perm = board.symmetries()[s].clone();
    let mut h = new_game(std::sync::Arc::new(board), *g.rules());
    for &m in g.moves() {
        h.play(match m {
            Move::Play(p) => Move::Play(Point(perm[p.index()])),
            other => other,
        });
    }
    h
}

fn compare(rs: Ruleset, boards: &[&str], komi: i32, states: usize) {
    let mut rng = Rng::new(0x5E_77E7 ^ rs as u64);
    let mut compared = 0;
    for b in boards {
        let board = board(b);
        let nsym = board.symmetries().len();
        assert!(nsym > 1, "{b} has no symmetry to test");
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let Some(r) = rules(rs, su, komi) else {
                continue;
            };
            for i in 0..states {
                let mut g = new_game(board.clone(), r);
                rng.play_line(&mut g, 2 + i % 14);
                assert_eq!(g.key_symmetries(), nsym, "{rs} on {b} uses every symmetry");
                let label = format!(
                    "{b} {rs} suicide={su} after {:?}",
                    g.moves().iter().map(|m| m.name(&board)).collect::<Vec<_>>()
                );
                let plain = solve_game(&g, &options(false, 1));
                let Some(v) = plain.value() else { continue };
                let on = options(true, 1);
                let tables = Tables::new(&g, &on);
                let a = solve_game_with(&g, &on, &tables);
                assert_eq!(a.value(), Some(v), "{label}: with symmetry, 1 thread");
                let s = 1 + i % (nsym - 1);
                let h = mirrored(&g, s);
                let m = solve_game_with(&h, &on, &tables);
                assert_eq!(m.value(), Some(v), "{label}: its image under symmetry {s}");
                let two = solve_game(&g, &options(true, 2));
                assert_eq!(two.value(), Some(v), "{label}: with symmetry, 2 threads");
                compared += 1;
            }
        }
    }
    eprintln!("{rs}: {compared} states compared");
    assert!(
        compared >= states,
        "{rs}: only {compared} states finished without symmetry"
    );
}

#[test]
fn superko_symmetry_matches_no_symmetry() {
    for rs in [
        Ruleset::Psk,
        Ruleset::TrompTaylor,
        Ruleset::Ssk,
        Ruleset::Nssk,
    ] {
        compare(rs, &["2x2", "1x5", "2x3", "3x3"], 0, 10);
    }
}

#[test]
fn fixed_bkr_and_primitive_symmetry_matches_no_symmetry() {
    for rs in [
        Ruleset::Fixed,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
        Ruleset::Primitive,
    ] {
        compare(rs, &["2x2", "1x5", "2x3"], 0, 10);
    }
}

/// Fundamental and Ultimate Go key by every symmetry of the board, like
/// the other rulesets with dependency tracking.
#[test]
fn fundamental_games_use_every_symmetry() {
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        let r = rules(rs, Suicide::Forbidden, 0).unwrap();
        assert_eq!(AnyGame::new(board("2x2"), r).key_symmetries(), 8, "{rs}");
        assert_eq!(AnyGame::new(board("2x3"), r).key_symmetries(), 4, "{rs}");
        assert_eq!(AnyGame::new(board("1x4"), r).key_symmetries(), 2, "{rs}");
    }
}

#[test]
fn fundamental_symmetry_matches_no_symmetry() {
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        compare(rs, &["1x4", "2x2", "2x3"], 1, 8);
    }
}

/// Rings: ring:4 has 8 symmetries, which keys use; ring:6 has 12, more
/// than a key may use (the canonical key needs the whole group), so it
/// falls back to the identity. ring:4 solves to the value of whole keys,
/// ring:6 to that of dependency tracking without symmetry.
#[test]
fn rings_use_their_group_or_none() {
    for (b, syms, whole_keys) in [("ring:4", 8, true), ("ring:6", 1, false)] {
        let board = board(b);
        let r = rules(Ruleset::Psk, Suicide::Forbidden, 0).unwrap();
        let g = AnyGame::new(board.clone(), r);
        assert_eq!(g.key_symmetries(), syms, "{b}");
        let plain = solve_game(
            &g,
            &SolveOptions {
                search: SearchSettings {
                    dependencies: !whole_keys,
                    ..options(false, 1).search
                },
                ..options(false, 1)
            },
        );
        let v = plain.value().expect("the plain keys solve it");
        for threads in [1, 2] {
            let s = solve_game(&g, &options(true, threads));
            assert_eq!(s.value(), Some(v), "{b}, {threads} threads");
        }
    }
}
