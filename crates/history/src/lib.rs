//! Zobrist keys and the game histories that ko rules read.
//!
//! - [`zobrist`]: compile-time keys, fresh and incremental position hashes.
//! - [`HistorySet`]: a multiset with push/pop along a depth-first search and
//!   an order-independent hash, used for the positions (psk), situations
//!   (ssk), created positions (nssk) and transitions (fixed) of a game.
//! - [`DenseIndex`] and [`TernarySet`]: exact numbering and bit sets for
//!   small boards.

mod dense;
mod set;
pub mod zobrist;

pub use dense::{DenseIndex, TernarySet, DENSE_MAX_POINTS};
pub use set::{colored_digest, transition_digest, HistoryKey, HistorySet};
