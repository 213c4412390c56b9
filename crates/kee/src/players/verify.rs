//! An independent check of a positional strategy on a parity arena: it
//! wins from vertex 0 iff no cycle reachable under it has a largest
//! priority of the opponent's parity. Checked with strongly connected
//! components (`kosolve_graph::verify`, shared with crates/kee), sharing
//! nothing with Zielonka's algorithm but the graph.

/// Whether `strategy` wins for `side` (1 wins on odd priorities, 0 on
/// even) from vertex 0 of the arena `g` with owners `owner` and
/// priorities `prio`. A move index past a vertex's successors loses.
/// `budget` is checked between the passes of the check.
pub(crate) fn strategy_wins(
    g: &kosolve_graph::Graph,
    (owner, prio): (&[u8], &[u32]),
    strategy: &[u8],
    side: u8,
    budget: &kosolve_budget::Budget,
) -> Result<bool, kosolve_budget::Stop> {
    let mut stopped = None;
    let won = kosolve_graph::verify::Parity {
        graph: g,
        owner: |v| usize::from(owner[v]),
        priority: |v| prio[v],
    }
    .strategy_wins_until(strategy, usize::from(side), || match budget.check() {
        Ok(()) => true,
        Err(why) => {
            stopped = Some(why);
            false
        }
    });
    won.ok_or(stopped.unwrap_or(kosolve_budget::Stop::Cancelled))
}
