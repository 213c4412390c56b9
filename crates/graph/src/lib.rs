//! Explicit state graphs, shared by the retrograde analysis of basic ko
//! (`kosolve-retrograde`) and the Kee parity games (`kosolve-kee`).
//!
//! - [`Builder`] enumerates the states reachable from a start breadth
//!   first: the caller expands each state into its successors' keys, the
//!   builder numbers the keys in the order they are found (the start is
//!   vertex 0) and records the edges.
//! - [`Graph`] holds the edges as compressed rows, successors and
//!   predecessors (one predecessor entry per edge).
//! - [`Interner`] is the open-addressing table from keys to vertex numbers
//!   that the builder uses.
//! - [`Attraction`] is the backward propagation at the heart of every
//!   attractor: the least set holding some seeds, every vertex of one
//!   player with a successor in the set, and every vertex of the other
//!   all of whose successors (within a subgame) are in it.
//!
//! ```
//! use kosolve_graph::Builder;
//!
//! // The numbers 0..6 with the edges x -> 2x mod 6 and x -> x + 1 mod 6.
//! let mut b = Builder::new(1u64, 100);
//! let mut v = 0;
//! while v < b.len() {
//!     let x = b.keys()[v];
//!     b.edge(2 * x % 6).unwrap();
//!     b.edge((x + 1) % 6).unwrap();
//!     b.close().unwrap();
//!     v += 1;
//! }
//! let (keys, g) = b.finish();
//! assert_eq!(keys, vec![1, 2, 4, 3, 5, 0]);
//! assert_eq!(g.succ(0), &[1, 1]);
//! assert_eq!(g.pred(1), &[0, 0, 2]);
//! assert_eq!(g.edge_count(), 12);
//! ```

mod attractor;
mod build;
mod interner;
pub mod verify;

pub use attractor::{Attraction, Order, CHECK_EVERY};
pub use build::Builder;
pub use interner::{Interner, Key};

use bitvec::prelude::*;
use std::fmt;
use std::ops::Range;

/// A set of vertices.
pub type Set = BitVec<u64, Lsb0>;

/// Why a graph was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// More reachable vertices than the cap.
    TooManyVertices {
        /// The cap.
        cap: u64,
    },
    /// More than `u32::MAX` edges.
    TooManyEdges,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::TooManyVertices { cap } => {
                write!(f, "more than {cap} reachable states")
            }
            GraphError::TooManyEdges => write!(f, "more than {} edges", u32::MAX),
        }
    }
}

impl std::error::Error for GraphError {}

/// A directed graph on the vertices `0..len()`, as compressed rows: the
/// successors of `v` are `succ[succ_start[v]..succ_start[v + 1]]` (edge
/// numbers are places in that array), and its predecessors likewise, with
/// a vertex listed once per edge.
pub struct Graph {
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<u32>,
}

impl Graph {
    /// The graph of the successor rows `succ_start` (one more entry than
    /// vertices, starting at 0, non-decreasing, ending at `succ.len()`)
    /// and `succ`; builds the predecessor rows by counting sort.
    pub fn from_rows(succ_start: Vec<u32>, succ: Vec<u32>) -> Graph {
        let n = succ_start.len() - 1;
        debug_assert_eq!(succ_start[n] as usize, succ.len());
        let mut pred_start = vec![0u32; n + 1];
        for &t in &succ {
            pred_start[t as usize + 1] += 1;
        }
        for i in 0..n {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; succ.len()];
        for s in 0..n {
            for &t in &succ[succ_start[s] as usize..succ_start[s + 1] as usize] {
                pred[fill[t as usize] as usize] = s as u32;
                fill[t as usize] += 1;
            }
        }
        Graph {
            succ_start,
            succ,
            pred_start,
            pred,
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.succ_start.len() - 1
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.succ.len()
    }

    /// The edge numbers of the successors of `v`.
    #[inline]
    pub fn succ_range(&self, v: usize) -> Range<usize> {
        self.succ_start[v] as usize..self.succ_start[v + 1] as usize
    }

    /// The head of edge `e`.
    #[inline]
    pub fn target(&self, e: usize) -> usize {
        self.succ[e] as usize
    }

    /// The successors of `v`, in the order they were added.
    #[inline]
    pub fn succ(&self, v: usize) -> &[u32] {
        &self.succ[self.succ_range(v)]
    }

    /// The number of successors of `v`.
    #[inline]
    pub fn out_degree(&self, v: usize) -> usize {
        (self.succ_start[v + 1] - self.succ_start[v]) as usize
    }

    /// The predecessors of `v`, once per edge.
    #[inline]
    pub fn pred(&self, v: usize) -> &[u32] {
        &self.pred[self.pred_start[v] as usize..self.pred_start[v + 1] as usize]
    }

    /// Bytes held by the graph's arrays.
    pub fn bytes(&self) -> usize {
        (self.succ_start.len() + self.pred_start.len() + self.succ.len() + self.pred.len()) * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predecessors_invert_successors() {
        // 0 -> 1, 2; 1 -> 2, 2; 2 -> 0.
        let g = Graph::from_rows(vec![0, 2, 4, 5], vec![1, 2, 2, 2, 0]);
        assert_eq!(g.len(), 3);
        assert_eq!(g.edge_count(), 5);
        assert_eq!(g.pred(0), &[2]);
        assert_eq!(g.pred(1), &[0]);
        assert_eq!(g.pred(2), &[0, 1, 1]);
        assert_eq!(g.out_degree(1), 2);
        assert_eq!(g.target(4), 0);
        assert_eq!(g.bytes(), (4 + 4 + 5 + 5) * 4);
    }
}
