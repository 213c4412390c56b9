//! What one search proved: [`SearchSolution`] (its effort is a [`Stats`]).

use crate::*;

/// The result of one search: proven bounds on the value (equal when solved)
/// and a principal variation.
#[derive(Clone, Debug)]
pub struct SearchSolution {
    /// Proven lower bound on the value.
    pub lower: i32,
    /// Proven upper bound on the value.
    pub upper: i32,
    /// Best moves from the start to the game end (empty unless solved and asked for).
    pub pv: Vec<Move>,
    /// Whether the principal variation reaches the game end.
    pub pv_complete: bool,
    /// Effort.
    pub stats: Stats,
}

impl SearchSolution {
    /// Whether the value is proven exactly.
    pub fn is_solved(&self) -> bool {
        self.lower == self.upper
    }

    /// The exact value, if proven.
    pub fn value(&self) -> Option<i32> {
        self.is_solved().then_some(self.lower)
    }
}
