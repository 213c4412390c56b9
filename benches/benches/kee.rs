//! Kee as a parity game (crate kosolve-kee, docs/kee.md): building and
//! solving situation graphs, with both strategies checked. 1x3 with
//! suicide allowed (the full graph, 15,796 classes) and the two games of
//! 2x2 with one side restricted to board histories under 2 and the mirror
//! (about 0.55 M classes each).
//!
//! `cargo bench -p kosolve-benches --bench kee` (under a minute)

// criterion_group! writes a public function without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::{Board, Color, Suicide};
use kosolve_kee::{solve_game, Variant};
use std::hint::black_box;

fn kee(c: &mut Criterion) {
    let mut g = c.benchmark_group("kee parity");
    g.sample_size(10);
    let b13 = Board::parse("1x3").unwrap();
    g.bench_function("1x3 allowed, full graph", |bch| {
        bch.iter(|| {
            let s = solve_game(
                black_box(&b13),
                Suicide::Allowed,
                true,
                Variant::Full,
                u64::MAX,
            );
            black_box(s.unwrap().value)
        })
    });
    let b22 = Board::parse("2x2").unwrap();
    for player in [Color::Black, Color::White] {
        let game = Variant::Restricted {
            player,
            limit: 2,
            mirror: true,
        };
        g.bench_function(format!("2x2 forbidden, {game}"), |bch| {
            bch.iter(|| {
                let s = solve_game(black_box(&b22), Suicide::Forbidden, true, game, u64::MAX);
                black_box(s.unwrap().value)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, kee);
criterion_main!(benches);
