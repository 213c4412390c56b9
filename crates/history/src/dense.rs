//! Dense numbering of the legal positions of a small board, and bit sets over it.

use bitvec::vec::BitVec;
use hashbrown::HashMap;
use kosolve_board::{legal_positions, Board, Position, TernaryIndexer};

/// The most points for which [`DenseIndex`] lists every legal position.
pub const DENSE_MAX_POINTS: usize = 16;

/// Numbers the legal positions of a board `0..len()` in sorted order.
/// Exact: a position and its number determine each other.
#[derive(Clone, Debug)]
pub struct DenseIndex {
    positions: Vec<Position>,
    ids: HashMap<Position, u32, ahash::RandomState>,
}

impl DenseIndex {
    /// Lists the legal positions of `board`; `None` if it has more than
    /// [`DENSE_MAX_POINTS`] points.
    pub fn new(board: &Board) -> Option<DenseIndex> {
        if board.len() > DENSE_MAX_POINTS {
            return None;
        }
        let positions = legal_positions(board);
        let mut ids = HashMap::with_capacity_and_hasher(
            positions.len(),
            ahash::RandomState::with_seeds(5, 6, 7, 8),
        );
        for (i, p) in positions.iter().enumerate() {
            ids.insert(*p, i as u32);
        }
        Some(DenseIndex { positions, ids })
    }

    /// The number of legal positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none (never, for a real board).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The number of `pos`, if it is a legal position.
    #[inline]
    pub fn id(&self, pos: &Position) -> Option<u32> {
        self.ids.get(pos).copied()
    }

    /// The position numbered `id`.
    #[inline]
    pub fn position(&self, id: u32) -> Position {
        self.positions[id as usize]
    }

    /// All positions in number order.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// All positions in number order, without the lookup table.
    pub fn into_positions(self) -> Vec<Position> {
        self.positions
    }
}

/// A set of positions of a board with at most 40 points, as a bit vector
/// over their ternary numbers: exact membership, no hashing.
#[derive(Clone, Debug)]
pub struct TernarySet {
    indexer: TernaryIndexer,
    bits: BitVec,
}

impl TernarySet {
    /// An empty set for a board of `points` points (`3^points` bits).
    pub fn new(points: usize) -> TernarySet {
        assert!(
            points <= 22,
            "a ternary bit set for {points} points is too large"
        );
        TernarySet {
            indexer: TernaryIndexer::new(),
            bits: BitVec::repeat(false, 3usize.pow(points as u32)),
        }
    }

    /// Whether `pos` is present.
    #[inline]
    pub fn contains(&self, pos: &Position) -> bool {
        self.bits[self.indexer.index(pos) as usize]
    }

    /// Adds or removes `pos`; returns whether it was present before.
    #[inline]
    pub fn set(&mut self, pos: &Position, present: bool) -> bool {
        let i = self.indexer.index(pos) as usize;
        let was = self.bits[i];
        self.bits.set(i, present);
        was
    }
}
