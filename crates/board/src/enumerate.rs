//! Enumeration of legal positions and their dense ternary numbering.

use crate::{Bitboard, Board, Position};

/// Maps a position to its ternary number: the sum over points `p` of
/// `3^p` times 0 (empty), 1 (black) or 2 (white). Exact and collision-free
/// for boards of up to 40 points.
#[derive(Clone, Debug)]
pub struct TernaryIndexer {
    table: Box<[[u64; 256]; 8]>,
}

impl Default for TernaryIndexer {
    fn default() -> Self {
        Self::new()
    }
}

impl TernaryIndexer {
    /// Builds the lookup tables (8 x 256 entries).
    pub fn new() -> TernaryIndexer {
        let mut table = Box::new([[0u64; 256]; 8]);
        for (chunk, row) in table.iter_mut().enumerate() {
            for (byte, slot) in row.iter_mut().enumerate() {
                let mut v = 0u64;
                for bit in 0..8 {
                    if byte >> bit & 1 == 1 {
                        let p = chunk * 8 + bit;
                        if p < 40 {
                            v = v.wrapping_add(3u64.pow(p as u32));
                        }
                    }
                }
                *slot = v;
            }
        }
        TernaryIndexer { table }
    }

    /// The sum of `3^p` over the points of `set`.
    #[inline]
    pub fn weight(&self, set: Bitboard) -> u64 {
        let b = set.0.to_le_bytes();
        let t = &self.table;
        t[0][b[0] as usize]
            + t[1][b[1] as usize]
            + t[2][b[2] as usize]
            + t[3][b[3] as usize]
            + t[4][b[4] as usize]
            + t[5][b[5] as usize]
            + t[6][b[6] as usize]
            + t[7][b[7] as usize]
    }

    /// The ternary number of `pos` (boards of up to 40 points).
    #[inline]
    pub fn index(&self, pos: &Position) -> u64 {
        self.weight(pos.black) + 2 * self.weight(pos.white)
    }
}

/// The ternary number of `pos`, computed point by point (slow; for tests and one-offs).
pub fn ternary_index(board: &Board, pos: &Position) -> u64 {
    let mut v = 0u64;
    for p in board.points().collect::<Vec<_>>().into_iter().rev() {
        v = v * 3
            + match pos.get(p) {
                crate::Cell::Empty => 0,
                crate::Cell::Stone(crate::Color::Black) => 1,
                crate::Cell::Stone(crate::Color::White) => 2,
            };
    }
    v
}

/// Calls `f` on every legal position whose occupied points are exactly `occupied`.
#[inline]
pub fn for_each_legal_with_occupied(
    board: &Board,
    occupied: Bitboard,
    mut f: impl FnMut(Position),
) {
    let empty = board.all() - occupied;
    let with_liberty = occupied & board.expand(empty);
    let mut black = 0u64;
    // Enumerate every subset of `occupied` as the black stones.
    loop {
        let b = Bitboard(black);
        let w = occupied - b;
        let ok_b = board.flood(b & with_liberty, b) == b;
        if ok_b && board.flood(w & with_liberty, w) == w {
            f(Position { black: b, white: w });
        }
        black = black.wrapping_sub(occupied.0) & occupied.0;
        if black == 0 {
            break;
        }
    }
}

/// All legal positions of `board`, sorted (boards of up to 20 points).
pub fn legal_positions(board: &Board) -> Vec<Position> {
    let n = board.len();
    assert!(
        n <= 20,
        "listing the legal positions of {n} points is not supported"
    );
    let mut v = Vec::new();
    for occ in 0..(1u64 << n) {
        for_each_legal_with_occupied(board, Bitboard(occ), |p| v.push(p));
    }
    v.sort();
    v
}
