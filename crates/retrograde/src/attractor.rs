//! Incremental attractors over all thresholds at once.
//!
//! For one player P ("the forcer") and the terminal margins ordered from
//! best to worst for P, level k's target is the set of terminals whose
//! margin is at least as good for P as the k-th margin. The attractor of a
//! target is the least set X containing the target, every P-to-move state
//! with a successor in X, and every opponent-to-move state all of whose
//! successors are in X: exactly the states from which P can force the game
//! to reach the target in finitely many moves.
//!
//! Targets grow with k, so attractors grow with k, and the attractor of
//! level k is computed by continuing the propagation of level k-1 from the
//! new terminals: the counters of unresolved successors of opponent states
//! carry over. One pass over the edges solves every threshold.

use crate::space::Space;
use kosolve_board::Color;
use kosolve_budget::{Budget, Stop};
use kosolve_graph::{Attraction, Order};

/// "Not in any attractor": the forcer cannot force a finite end from here.
pub(crate) const UNSET: u16 = u16::MAX;

/// The attractors of one player for every threshold.
pub(crate) struct Attractor {
    /// The thresholds in processing order (best for the forcer first).
    pub thresholds: Vec<i32>,
    /// Per node: the first level whose attractor holds it ([`UNSET`] if none).
    pub level: Vec<u16>,
    /// Per node: its rank in that attractor. Terminals have rank 0; a
    /// forcer state has a successor of no worse level and lower rank; every
    /// successor of an opponent state has a lower rank. Following ranks
    /// down therefore ends the game within `rank` moves.
    pub rank: Vec<u32>,
}

impl Attractor {
    /// The best threshold the forcer can force from node `s`.
    pub fn value(&self, s: usize) -> Option<i32> {
        match self.level[s] {
            UNSET => None,
            l => Some(self.thresholds[l as usize]),
        }
    }
}

/// Computes the attractors of `forcer` for `thresholds` (ordered best for
/// the forcer first; they must be exactly the distinct terminal margins).
/// Checks `budget` every few thousand states: `Err` once it runs out.
pub(crate) fn attractor(
    space: &Space,
    forcer: Color,
    thresholds: &[i32],
    budget: &Budget,
) -> Result<Attractor, Stop> {
    let n = space.len();
    let g = &space.graph;
    let mut level = vec![UNSET; n];
    let mut rank = vec![0u32; n];
    let mut seeds: Vec<Vec<u32>> = vec![Vec::new(); thresholds.len()];
    for s in space.terminal.iter_ones() {
        let k = thresholds
            .iter()
            .position(|&m| m == space.margin[s])
            .expect("every terminal margin is a threshold");
        seeds[k].push(s as u32);
    }
    let mut attr = Attraction::new(n);
    for (k, seed) in seeds.iter().enumerate() {
        let lk = k as u16;
        for &t in seed {
            level[t as usize] = lk;
            attr.seed(t as usize);
        }
        // Breadth first: a forcer state's rank is one more than that of
        // the first successor found in the attractor, the fewest moves.
        budget.check()?;
        let mut stopped = Ok(());
        attr.propagate_until(
            g,
            Order::Fifo,
            |_| true,
            |s| space.to_move(s) == forcer,
            |s, t| {
                level[s] = lk;
                rank[s] = if space.to_move(s) == forcer {
                    rank[t] + 1
                } else {
                    1 + g
                        .succ(s)
                        .iter()
                        .map(|&u| rank[u as usize])
                        .max()
                        .unwrap_or(0)
                };
            },
            || {
                stopped = budget.check();
                stopped.is_ok()
            },
        );
        stopped?;
    }
    Ok(Attractor {
        thresholds: thresholds.to_vec(),
        level,
        rank,
    })
}
