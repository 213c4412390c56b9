//! Solver benchmarks: 2x2, 2x3 and 3x3 under every ruleset the forward
//! search solves (Kee is refused above 3 points; basic is retrograde, see
//! the retrograde crate), one solve at komi 0 each, 1 thread, PV included.
//! Fundamental and Ultimate Go are one solve at komi 0 (no komi sweep).
//!
//! `cargo bench -p kosolve-benches --bench solve` (about 5 minutes)

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Rules, Ruleset};
use kosolve_solver::{solve_game, SolveOptions};
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

criterion_group!(benches, solve);
criterion_main!(benches);
