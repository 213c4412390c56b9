//! An independent check of a positional strategy: it wins a parity game
//! from the start iff no cycle reachable under it has a largest priority
//! of the opponent's parity. Checked with strongly connected components
//! (`kosolve_graph::verify`), sharing nothing with Zielonka's algorithm but
//! the graph.

use crate::parity::Arena;

/// Whether `strategy` wins for `player` from vertex 0 (the start); a
/// vertex of hers without a move ([`crate::parity::NO_MOVE`]) loses.
pub fn strategy_wins<A: Arena>(a: &A, strategy: &[u8], player: usize) -> bool {
    kosolve_graph::verify::Parity {
        graph: a.graph(),
        owner: |v| a.owner(v),
        priority: |v| a.priority(v),
    }
    .strategy_wins(strategy, player)
}
