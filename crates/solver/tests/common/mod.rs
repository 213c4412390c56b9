//! Helpers shared by the solver's integration tests.
#![allow(dead_code)]

use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Game, Komi, Move, Rules, Ruleset};
use kosolve_solver::{solve_game, Solution, SolveOptions};
use std::sync::Arc;

/// A board by name.
pub fn board(spec: &str) -> Arc<Board> {
    Arc::new(Board::parse(spec).unwrap())
}

/// Options for tests: a small table, the default move ordering.
pub fn opts(threads: usize) -> SolveOptions {
    SolveOptions {
        threads,
        memory_mib: 64,
        ..SolveOptions::default()
    }
}

/// Rules with a suicide setting and komi (None if the ruleset refuses the setting).
pub fn rules(rs: Ruleset, suicide: Suicide, komi_halves: i32) -> Option<Rules> {
    Rules::new(rs)
        .with_suicide(suicide)
        .ok()
        .map(|r| r.with_komi(Komi(komi_halves)))
}

/// Solves the empty board with the fast solver.
pub fn fast(b: &Arc<Board>, r: Rules, threads: usize) -> Solution {
    let g = AnyGame::new(b.clone(), r);
    solve_game(&g, &opts(threads))
}

/// A small deterministic generator (no test should depend on a seed it cannot show).
pub struct Lcg(pub u64);

impl Lcg {
    /// A number in 0..n.
    pub fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays up to `len` random moves that do not end the game.
pub fn random_state(g: &mut AnyGame, rng: &mut Lcg, len: usize) {
    let mut moves = Vec::new();
    for _ in 0..len {
        moves.clear();
        g.legal_moves(&mut moves);
        // Not the move that ends the game: the second pass, or a draw.
        moves.retain(|&m| {
            let mut h = g.clone();
            h.play(m);
            h.result().is_none()
        });
        if moves.is_empty() {
            return;
        }
        // Prefer board plays: they make the history long.
        let plays: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Play(_)))
            .collect();
        let m = if !plays.is_empty() && rng.next(4) != 0 {
            plays[rng.next(plays.len())]
        } else {
            moves[rng.next(moves.len())]
        };
        g.play(m);
    }
}

/// Plays the stones of `diagram` (see `Position::from_diagram`) from the
/// empty board, Black and White in turn, the side with fewer stones left
/// passing, so that no stone is captured; then `to_move` is to move.
pub fn set_up(g: &mut AnyGame, diagram: &str, to_move: kosolve_board::Color) {
    use kosolve_board::{Color, Position};
    let board = g.board().clone();
    let pos = Position::from_diagram(&board, diagram).expect("diagram");
    let mut black: Vec<_> = pos.stones(Color::Black).iter().collect();
    let mut white: Vec<_> = pos.stones(Color::White).iter().collect();
    while !black.is_empty() || !white.is_empty() {
        let next = match g.to_move() {
            Color::Black => black.pop(),
            Color::White => white.pop(),
        };
        g.play(next.map_or(Move::Pass, Move::Play));
    }
    if g.to_move() != to_move {
        g.play(Move::Pass);
    }
    assert_eq!(g.position(), pos, "set_up: a stone was captured");
    assert!(g.result().is_none(), "set_up: the game ended");
}
