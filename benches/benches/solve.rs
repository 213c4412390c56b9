//! Solver benchmarks: 2x2, 2x3 and 3x3 under every ruleset the forward
//! search solves (Kee is refused above 3 points; basic is retrograde, see
//! the retrograde crate), one solve at komi 0 each, 1 thread, PV included.
//! Fundamental and Ultimate Go are one solve at komi 0 (no komi sweep).
//!
//! Then the two engines side by side on larger boards.
//!
//! `cargo bench -p kosolve-benches --bench solve` (about 8 minutes)

// criterion_group! writes a public function without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Rules, Ruleset};
use kosolve_solver::{solve_game, Engine, SolveOptions};
use std::hint::black_box;
use std::sync::Arc;

/// Every ruleset but basic (retrograde), Kee (refused above 3 points) and
/// simplified Ultimate Go (one Ultimate Go version is enough here).
fn rulesets() -> impl Iterator<Item = Ruleset> {
    Ruleset::ALL
        .into_iter()
        .filter(|rs| !matches!(rs, Ruleset::Basic | Ruleset::Kee | Ruleset::UltimateSimple))
}

fn solve(c: &mut Criterion) {
    let o = SolveOptions {
        memory_mib: 512,
        ..SolveOptions::default()
    };
    for b in ["2x2", "2x3", "3x3"] {
        let mut g = c.benchmark_group(format!("solve {b}"));
        g.sample_size(10);
        let board = Arc::new(Board::parse(b).unwrap());
        for rs in rulesets() {
            let game = AnyGame::new(board.clone(), Rules::new(rs));
            g.bench_function(rs.to_string(), |bch| {
                bch.iter(|| {
                    let s = solve_game(black_box(&game), &o);
                    assert!(s.is_solved());
                    s
                })
            });
        }
        g.finish();
    }
}

/// The two engines side by side (docs/performance.md, "Proof-number
/// search against alpha-beta"): 3x4 and 2x6 psk, 1x10 psk, and 3x3 psk
/// where alpha-beta is faster; with territory under pns (the default).
fn engines(c: &mut Criterion) {
    let mut g = c.benchmark_group("engines");
    g.sample_size(10);
    for b in ["3x3", "3x4", "1x10", "2x6"] {
        let board = Arc::new(Board::parse(b).unwrap());
        let game = AnyGame::new(board, Rules::new(Ruleset::Psk));
        for engine in [Engine::Id, Engine::Pns] {
            let o = SolveOptions {
                memory_mib: 1024,
                engine,
                ..SolveOptions::default()
            };
            g.bench_function(format!("{b} psk {}", engine.name()), |bch| {
                bch.iter(|| {
                    let s = solve_game(black_box(&game), &o);
                    assert!(s.is_solved());
                    s
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, solve, engines);
criterion_main!(benches);
