//! Test support shared by the kosolve test suites, benchmarks and
//! examples (a dev-dependency only, never of a library):
//!
//! - [`Rng`]: one small seeded random-number generator, so that every
//!   randomised test is reproducible from its seed, with random positions
//!   and random lines of play built with it;
//! - [`reference`](mod@reference): deliberately naive minimax references
//!   that the fast solver is checked against;
//! - [`mutate`]: random edits of a valid text, for the fuzzing properties.
//!
//! ```
//! use kosolve_board::Board;
//! use kosolve_testkit::Rng;
//!
//! let board = Board::parse("3x3").unwrap();
//! let mut rng = Rng::new(7);
//! let pos = rng.position(&board, 1);
//! assert!((pos.black & pos.white).is_empty());
//! assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
//! assert!(rng.below(10) < 10);
//! ```

mod mutate;
pub mod reference;

pub use mutate::{edge_integers, edits, mutate, mutate_bytes, syntax_byte, Edit, EDGE_VALUES};

use kosolve_board::{Board, Position};
use kosolve_rules::{Game, Move};

/// SplitMix64 (Steele, Lea and Flood): a 64-bit state that advances by a
/// fixed odd constant, each output that state mixed. Small, fast, and good
/// enough for choosing test inputs; not for anything that needs secrecy.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0; the slight modulo bias is harmless for
    /// tests).
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "a number below 0");
        (self.next_u64() % n as u64) as usize
    }

    /// A position of `board` with each point black, white or empty at
    /// random, empty `empty_weight` times as likely as each colour. The
    /// position need not be legal (chains may lack liberties).
    pub fn position(&mut self, board: &Board, empty_weight: u64) -> Position {
        let mut pos = Position::EMPTY;
        for p in board.points() {
            match self.next_u64() % (2 + empty_weight) {
                0 => pos.black = pos.black.with(p),
                1 => pos.white = pos.white.with(p),
                _ => {}
            }
        }
        pos
    }

    /// A legal position of `board` (every chain with a liberty), drawn as
    /// by [`Rng::position`] until one is legal.
    pub fn legal_position(&mut self, board: &Board, empty_weight: u64) -> Position {
        loop {
            let pos = self.position(board, empty_weight);
            if pos.is_legal(board) {
                return pos;
            }
        }
    }

    /// Plays up to `len` random moves on `game`, never one that ends the
    /// game (the second pass, or a draw), and returns the moves played
    /// (fewer when only game-ending moves are left). Three times in four a
    /// board play is chosen when there is one: they make the history long.
    pub fn play_line<G: Game>(&mut self, game: &mut G, len: usize) -> Vec<Move> {
        let mut played = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..len {
            moves.clear();
            game.legal_moves(&mut moves);
            moves.retain(|&m| {
                let mut next = game.clone();
                next.play(m);
                next.result().is_none()
            });
            if moves.is_empty() {
                break;
            }
            let plays: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Play(_)))
                .collect();
            let m = if !plays.is_empty() && self.below(4) != 0 {
                plays[self.below(plays.len())]
            } else {
                moves[self.below(moves.len())]
            };
            game.play(m);
            played.push(m);
        }
        played
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;
    use kosolve_board::Board;
    use kosolve_rules::{AnyGame, Game, Rules, Ruleset};
    use std::sync::Arc;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs of SplitMix64 from seed 0.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn lines_are_reproducible_and_never_end_the_game() {
        let board = Arc::new(Board::parse("2x2").unwrap());
        let start = AnyGame::new(board.clone(), Rules::new(Ruleset::Psk));
        let (mut a, mut b) = (start.clone(), start.clone());
        let line = Rng::new(3).play_line(&mut a, 12);
        assert_eq!(line, Rng::new(3).play_line(&mut b, 12));
        assert_eq!(a.moves(), &line[..]);
        assert!(a.result().is_none());
        let pos = Rng::new(5).legal_position(&board, 1);
        assert!(pos.is_legal(&board));
    }
}
