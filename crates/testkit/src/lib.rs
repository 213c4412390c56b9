//! Test support shared by the kosolve test suites (a dev-dependency only,
//! never of a library): one small seeded random-number generator, so that
//! every randomised test is reproducible from its seed, and random
//! positions built with it.
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

use kosolve_board::{Board, Position};

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
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs of SplitMix64 from seed 0.
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}
