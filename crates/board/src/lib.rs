//! Bitboard Go positions on small graphs.
//!
//! A [`Board`] is a graph of at most 64 points (rectangles, rings, or any
//! adjacency list). A [`Position`] is a pair of [`Bitboard`]s. Board play
//! follows docs/rules.md, "2. Shared mechanics": place, capture opponent chains without
//! liberties, then forbid or carry out suicide. This crate knows no ko rule.

mod bitboard;
mod enumerate;
mod geometry;
mod position;
mod safety;
mod spec;
mod types;

pub use bitboard::{Bitboard, BitboardIter};
pub use enumerate::{for_each_legal_with_occupied, legal_positions, ternary_index, TernaryIndexer};
pub use geometry::{Board, BoardError, Shape, MAX_POINTS};
pub use position::{Cell, DiagramError, PlayError, Played, Position};
pub use spec::BoardSpec;
pub use types::{Color, Point, Suicide};
