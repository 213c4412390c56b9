//! Kee as a parity game (crate kosolve-kee, docs/kee.md): building and
//! solving situation graphs, with both strategies checked. 1x3 with
//! suicide allowed (the full graph, 15,796 classes) and the two games of
//! 2x2 with one side restricted to board histories under 2 and the mirror
//! (about 0.55 M classes each). From a start: the bestiary's single ko
//! with White's threat (4x8) by `solve_kee_from`, settled games first
//! (docs/kee.md, "Settled games: starts with walls"; 0.73 s measured
//! on this 2-core machine beside a CI run).
//!
//! `cargo bench -p kosolve-benches --bench kee` (under a minute)

// criterion_group! writes a public function without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::{Board, Color, Position, Suicide};
use kosolve_kee::{solve_game, solve_kee_from, KeeOptions, Variant};
use kosolve_rules::Start;
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
    let b48 = Board::parse("4x8").unwrap();
    let start = Start {
        position: Position::from_diagram(&b48, ".XO.O.O./XXXOOOOO/.XXOOOOO/XX.XX.O.").unwrap(),
        to_move: Color::Black,
        prisoners: [0, 0],
    };
    g.bench_function("4x8 single-ko-threat, settled games", |bch| {
        bch.iter(|| {
            let s = solve_kee_from(
                black_box(&b48),
                Suicide::Forbidden,
                &start,
                KeeOptions::default(),
            );
            black_box(s.unwrap().value())
        })
    });
    g.finish();
}

criterion_group!(benches, kee);
criterion_main!(benches);
