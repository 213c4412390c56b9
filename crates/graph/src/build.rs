//! The breadth-first builder.

use crate::{Graph, GraphError, Interner, Key};

/// Builds the graph of the states reachable from a start: the start is
/// vertex 0, and a state is numbered when it is first added as a
/// successor, so expanding the vertices in number order (all of them, or
/// layer by layer) numbers them breadth first.
///
/// Expanding vertex `v` means calling [`Builder::edge`] once per successor
/// of `v`, in order, then [`Builder::close`]; vertices must be expanded in
/// number order, each exactly once, before [`Builder::finish`].
pub struct Builder<K: Key> {
    keys: Vec<K>,
    table: Interner,
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    cap: u64,
}

impl<K: Key> Builder<K> {
    /// A builder holding only `start` (vertex 0), which fails once more
    /// than `cap` vertices are found (and in any case beyond `u32::MAX -
    /// 1`, so that numbers fit a `u32`).
    pub fn new(start: K, cap: u64) -> Builder<K> {
        let mut keys = Vec::new();
        let mut table = Interner::with_capacity(1 << 10);
        table.intern(&mut keys, start);
        Builder {
            keys,
            table,
            succ_start: vec![0],
            succ: Vec::new(),
            cap: cap.min(u32::MAX as u64 - 1),
        }
    }

    /// The keys numbered so far, by number.
    pub fn keys(&self) -> &[K] {
        &self.keys
    }

    /// The number of vertices found so far.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether no vertex is known (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The number of vertices expanded (closed) so far.
    pub fn expanded(&self) -> usize {
        self.succ_start.len() - 1
    }

    /// Adds an edge from the vertex being expanded to the state `k`,
    /// numbering `k` if it is new; returns its number. Fails once more
    /// than the cap's vertices are known.
    #[inline]
    pub fn edge(&mut self, k: K) -> Result<u32, GraphError> {
        let (idx, _) = self.table.intern(&mut self.keys, k);
        if self.keys.len() as u64 > self.cap {
            return Err(GraphError::TooManyVertices { cap: self.cap });
        }
        self.succ.push(idx);
        Ok(idx)
    }

    /// Ends the expansion of the current vertex.
    pub fn close(&mut self) -> Result<(), GraphError> {
        let end = u32::try_from(self.succ.len()).map_err(|_| GraphError::TooManyEdges)?;
        self.succ_start.push(end);
        Ok(())
    }

    /// The keys, by number, and the graph (every vertex must be expanded).
    pub fn finish(self) -> (Vec<K>, Graph) {
        self.finish_with(|keys| keys)
    }

    /// Like [`Builder::finish`], but hands the keys to `f` (which may
    /// shrink them) after the table is freed and before the predecessor
    /// rows are allocated, so that the peak holds only one of them.
    pub fn finish_with<T>(self, f: impl FnOnce(Vec<K>) -> T) -> (T, Graph) {
        assert_eq!(
            self.expanded(),
            self.keys.len(),
            "every vertex is expanded before the graph is finished"
        );
        drop(self.table);
        let kept = f(self.keys);
        (kept, Graph::from_rows(self.succ_start, self.succ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_counts_vertices() {
        let mut b = Builder::new(0u64, 3);
        assert_eq!(b.edge(1), Ok(1));
        assert_eq!(b.edge(2), Ok(2));
        assert_eq!(b.edge(1), Ok(1));
        assert_eq!(b.edge(3), Err(GraphError::TooManyVertices { cap: 3 }));
    }
}
