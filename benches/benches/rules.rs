//! The history checks and hashing of every ruleset: on 3x3, a fixed
//! 24-move game (board plays with captures and passes, the same moves for
//! every ruleset where legal) is played and taken back, generating the
//! legal moves and the table keys at every step, as the solver does.
//!
//! `cargo bench -p kosolve-benches --bench rules`

use criterion::{criterion_group, criterion_main, Criterion};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Game, Move, Rules, Ruleset};
use std::hint::black_box;
use std::sync::Arc;

/// A deterministic line: at each step the legal move picked by a small
/// generator (never the move that ends the game).
fn line(g: &AnyGame, len: usize) -> Vec<Move> {
    let mut g = g.clone();
    let mut seed = 12345u64;
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..len {
        moves.clear();
        g.legal_moves(&mut moves);
        moves.retain(|&m| {
            let mut h = g.clone();
            h.play(m);
            h.result().is_none()
        });
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(seed >> 33) as usize % moves.len()];
        g.play(m);
        out.push(m);
    }
    out
}

fn rules(c: &mut Criterion) {
    let board = Arc::new(Board::parse("3x3").unwrap());
    let mut grp = c.benchmark_group("3x3 line of 24 moves: play, legal moves, keys, undo");
    for rs in Ruleset::ALL {
        let game = AnyGame::new(board.clone(), Rules::new(rs));
        let moves = line(&game, 24);
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
