//! Solver benchmarks: 2x2 psk (about 1,500 nodes), 1x5 psk (about 1,000
//! nodes), and a bounded 2x3 psk search (200,000 nodes: 2x3 psk does not
//! finish in minutes, so this measures the search's node rate there).
//!
//! `cargo bench -p kosolve-benches --bench solve`

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::Board;
use kosolve_rules::{Rules, Ruleset, StandardGame};
use kosolve_solver::{solve_game, SolveOptions};
use std::hint::black_box;
use std::sync::Arc;

fn opts(max_nodes: Option<u64>) -> SolveOptions {
    SolveOptions {
        memory_mib: 64,
        max_nodes,
        ..SolveOptions::default()
    }
}

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve psk");
    g.sample_size(10);
    for (b, limit) in [("2x2", None), ("1x5", None), ("2x3", Some(200_000))] {
        let board = Arc::new(Board::parse(b).unwrap());
        let game = StandardGame::new(board, Rules::new(Ruleset::Psk));
        let o = opts(limit);
        let name = match limit {
            None => b.to_string(),
            Some(n) => format!("{b} ({n} nodes)"),
        };
        g.bench_function(name, |bch| bch.iter(|| solve_game(black_box(&game), &o)));
    }
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
