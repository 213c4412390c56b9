//! Perft benchmarks: legal positions of 3x3, complete games of 1x4 under
//! tromp-taylor and psk, and of 2x2 under psk (about 20 s per run, so 10 samples).
//!
//! `cargo bench -p kosolve-benches --bench perft`

// criterion_group! writes a public function without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::Board;
use kosolve_perft::{count_games, count_positions, CountOptions};
use kosolve_rules::{Rules, Ruleset};
use std::hint::black_box;
use std::time::Duration;

fn positions(c: &mut Criterion) {
    let board = Board::parse("3x3").unwrap();
    c.bench_function("positions 3x3", |b| {
        b.iter(|| count_positions(black_box(&board)))
    });
}

fn games_1x4(c: &mut Criterion) {
    let board = Board::parse("1x4").unwrap();
    let mut g = c.benchmark_group("games 1x4");
    g.sample_size(10);
    for r in [Ruleset::Psk, Ruleset::TrompTaylor] {
        g.bench_function(r.name(), |b| {
            b.iter(|| count_games(black_box(&board), Rules::new(r), &CountOptions::default()))
        });
    }
    g.finish();
}

fn games_2x2(c: &mut Criterion) {
    let board = Board::parse("2x2").unwrap();
    let mut g = c.benchmark_group("games 2x2");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(1));
    g.measurement_time(Duration::from_secs(1));
    g.bench_function("psk", |b| {
        b.iter(|| {
            count_games(
                black_box(&board),
                Rules::new(Ruleset::Psk),
                &CountOptions::default(),
            )
        })
    });
    g.finish();
}

criterion_group!(benches, positions, games_1x4, games_2x2);
criterion_main!(benches);
