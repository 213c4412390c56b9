//! The history checks and hashing of every ruleset: on 3x3, a fixed line
//! of 24 moves (board plays with captures and passes, drawn by
//! `kosolve_testkit::Rng::play_line` from one seed) is played and taken
//! back, generating the legal moves and the table keys at every step, as
//! the solver does.
//!
//! `cargo bench -p kosolve-benches --bench rules`

// criterion_group! writes a public function without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Game, Rules, Ruleset};
use kosolve_testkit::Rng;
use std::hint::black_box;
use std::sync::Arc;

fn rules(c: &mut Criterion) {
    let board = Arc::new(Board::parse("3x3").unwrap());
    let mut grp = c.benchmark_group("3x3 line of 24 moves: play, legal moves, keys, undo");
    for rs in Ruleset::ALL {
        let game = AnyGame::new(board.clone(), Rules::new(rs));
        // A deterministic line that never ends the game; from seed 7 it
        // is a full 24 moves under every ruleset, with five to seven
        // captures, and passes under most rulesets.
        let moves = Rng::new(7).play_line(&mut game.clone(), 24);
        grp.bench_function(format!("{rs} ({} moves)", moves.len()), |b| {
            let mut g = game.clone();
            let mut buf = Vec::new();
            let mut entries = Vec::new();
            b.iter(|| {
                let mut acc = 0u128;
                for &m in &moves {
                    g.play(m);
                    buf.clear();
                    g.legal_moves(&mut buf);
                    acc ^= g.future_key().unwrap_or(0) ^ buf.len() as u128;
                    acc ^= g.history_free_key().unwrap_or(0);
                    entries.clear();
                    g.history_entries(&mut entries);
                }
                for _ in &moves {
                    g.undo();
                }
                black_box(acc)
            })
        });
    }
    grp.finish();
}

criterion_group!(benches, rules);
criterion_main!(benches);
