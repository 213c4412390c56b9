//! Micro-benchmarks of the rules engine: board play, play+undo through the
//! `Game` API, legal move generation per ruleset, Zobrist hashing and the
//! history multiset. Short settings (0.5 s warm-up, 1 s measurement) keep
//! the whole run under a minute:
//!
//!     cargo bench -p kosolve-benches --bench board_ops

// criterion_group! writes a public function without a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use kosolve_board::{Board, Color, Point, Position, Suicide};
use kosolve_history::zobrist::{hash_after_play, position_hash};
use kosolve_history::HistorySet;
use kosolve_rules::{AnyGame, Game, Move, Rules, Ruleset, StandardGame};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

/// A game on an NxN board where Black's next move captures White's corner
/// stone: B at the corner's right neighbour, W in the corner; Black's move
/// below the corner captures it.
fn capture_setup(n: usize) -> (StandardGame, Move) {
    let board = Arc::new(Board::rect(n, n).unwrap());
    let mut g = StandardGame::new(board, Rules::new(Ruleset::Psk));
    g.play(Move::Play(Point(1)));
    g.play(Move::Play(Point(0)));
    let m = Move::Play(Point(n as u8));
    assert!(g.is_legal(m));
    (g, m)
}

fn play_undo(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_undo_capture_psk");
    for n in 2..=5 {
        let (mut g, m) = capture_setup(n);
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}x{n}")),
            &n,
            |b, _| {
                b.iter(|| {
                    g.play(black_box(m));
                    g.undo();
                })
            },
        );
    }
    group.finish();
}

fn position_play(c: &mut Criterion) {
    let mut group = c.benchmark_group("position_play");
    for n in [3usize, 5] {
        let (g, m) = capture_setup(n);
        let board = g.board().clone();
        let pos = g.position();
        let Move::Play(p) = m else { unreachable!() };
        group.bench_function(format!("capture_{n}x{n}"), |b| {
            b.iter(|| {
                black_box(&pos)
                    .play(&board, Color::Black, black_box(p), Suicide::Forbidden)
                    .unwrap()
            })
        });
        let centre = Point((n * n / 2) as u8);
        group.bench_function(format!("quiet_{n}x{n}"), |b| {
            b.iter(|| {
                black_box(&pos)
                    .play(&board, Color::White, black_box(centre), Suicide::Forbidden)
                    .unwrap()
            })
        });
    }
    group.finish();
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves_3x3");
    let board = Arc::new(Board::rect(3, 3).unwrap());
    for rs in Ruleset::ALL {
        let mut g = AnyGame::new(board.clone(), Rules::new(rs));
        // A few moves into the game: B centre, W corner, B edge, W edge.
        for p in [4u8, 0, 1, 3] {
            g.play(Move::Play(Point(p)));
        }
        let mut out = Vec::with_capacity(16);
        group.bench_function(rs.name(), |b| {
            b.iter(|| {
                out.clear();
                black_box(&g).legal_moves(&mut out);
                black_box(out.len())
            })
        });
    }
    group.finish();
}

fn hashing(c: &mut Criterion) {
    let mut group = c.benchmark_group("zobrist_5x5");
    let board = Board::rect(5, 5).unwrap();
    let pos = Position::from_diagram(
        &board,
        ". X O . .
         X O O X .
         . X O X .
         O X . O O
         . . X O .",
    )
    .unwrap();
    assert!(pos.is_legal(&board));
    let h = position_hash(&pos);
    // White A1 (bottom left) is a quiet move; Black A2's move captures nothing.
    let p = board.parse_point("A1").unwrap();
    let played = pos
        .play(&board, Color::White, p, Suicide::Forbidden)
        .unwrap();
    group.bench_function("position_hash_fresh", |b| {
        b.iter(|| position_hash(black_box(&played.position)))
    });
    group.bench_function("hash_after_play_incremental", |b| {
        b.iter(|| {
            hash_after_play(
                black_box(h),
                Color::White,
                black_box(p),
                black_box(played.captured),
                black_box(played.suicided),
            )
        })
    });
    group.finish();
}

fn history_set(c: &mut Criterion) {
    let mut group = c.benchmark_group("history_set");
    let board = Board::rect(3, 3).unwrap();
    // 50 distinct legal positions.
    let members: Vec<Position> = kosolve_board::legal_positions(&board)
        .into_iter()
        .step_by(97)
        .take(50)
        .collect();
    let mut set = HistorySet::new();
    for p in &members {
        set.push(*p);
    }
    let absent = Position {
        black: board.all(),
        white: Default::default(),
    };
    let fresh = Position::from_diagram(&board, "X O . X O . X O .").unwrap();
    group.bench_function("push_pop", |b| {
        b.iter(|| {
            set.push(black_box(fresh));
            set.pop(black_box(fresh));
        })
    });
    group.bench_function("contains_hit", |b| {
        b.iter(|| set.contains(black_box(&members[17])))
    });
    group.bench_function("contains_miss", |b| {
        b.iter(|| set.contains(black_box(&absent)))
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20)
}

criterion_group! {
    name = benches;
    config = config();
    targets = play_undo, position_play, legal_moves, hashing, history_set
}
criterion_main!(benches);
