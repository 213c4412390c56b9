//! Zielonka's recursive algorithm for parity games (max-parity: the largest
//! priority seen infinitely often decides; odd is won by player 1), with
//! positional winning strategies.

use bitvec::prelude::*;
use kosolve_budget::{Budget, Stop};
use kosolve_graph::Graph;
use kosolve_graph::{Attraction, Order};

/// A set of vertices.
pub use kosolve_graph::Set;

/// No strategy recorded for a vertex.
pub const NO_MOVE: u8 = u8::MAX;

/// A parity game: the graph, who owns each vertex, and its priority.
pub trait Arena {
    /// The graph's edges.
    fn graph(&self) -> &Graph;
    /// The owner of `v`: 0 or 1.
    fn owner(&self, v: usize) -> usize;
    /// The priority of `v`.
    fn priority(&self, v: usize) -> u32;
}

/// The solution of a parity game: the winning regions `[W0, W1]` and, for
/// every vertex, the place in its successor list of its owner's move
/// (a winning move where the owner wins; [`NO_MOVE`] where she loses).
pub struct ParitySolution {
    /// The vertices won by player 0 and by player 1.
    pub won: [Set; 2],
    /// The owner's move at each vertex, as an index into `Graph::succ(v)`.
    pub strategy: Vec<u8>,
}

/// The attractor of `player` to `target` within the subgame `sub`: the
/// vertices of `sub` from which `player` forces a visit to `target`.
/// Every vertex of `sub` must keep a successor in `sub`. Records, for each
/// attracted vertex of `player`, the move that attracts it.
fn attractor<A: Arena>(
    a: &A,
    sub: &Set,
    target: &Set,
    player: usize,
    strategy: &mut [u8],
    budget: &Budget,
) -> Result<Set, Stop> {
    budget.check()?;
    let g = a.graph();
    let mut attr = Attraction::from_set(target.clone());
    let mut stopped = Ok(());
    attr.propagate_until(
        g,
        Order::Lifo,
        |v| sub[v],
        |v| a.owner(v) == player,
        |p, t| {
            if a.owner(p) == player {
                let j = g
                    .succ(p)
                    .iter()
                    .position(|&s| s as usize == t)
                    .expect("an edge");
                strategy[p] = j as u8;
            }
        },
        || {
            stopped = budget.check();
            stopped.is_ok()
        },
    );
    stopped.map(|()| attr.into_set())
}

/// Solves the whole game.
pub fn solve<A: Arena>(a: &A) -> ParitySolution {
    solve_within(a, &Budget::unlimited()).expect("an unlimited budget never stops")
}

/// [`solve`] within `budget` (cancellation and deadline, checked at every
/// step of the recursion and every few thousand vertices of an attractor).
pub fn solve_within<A: Arena>(a: &A, budget: &Budget) -> Result<ParitySolution, Stop> {
    let n = a.graph().len();
    let mut strategy = vec![NO_MOVE; n];
    let won = zielonka(a, bitvec![u64, Lsb0; 1; n], &mut strategy, budget)?;
    // Keep only the winners' moves.
    for (v, m) in strategy.iter_mut().enumerate() {
        if !won[a.owner(v)][v] {
            *m = NO_MOVE;
        }
    }
    Ok(ParitySolution { won, strategy })
}

/// The winning regions of the subgame `sub` (a trap for both players),
/// writing winning moves into `strategy`.
fn zielonka<A: Arena>(
    a: &A,
    sub: Set,
    strategy: &mut [u8],
    budget: &Budget,
) -> Result<[Set; 2], Stop> {
    let g = a.graph();
    let n = g.len();
    let mut sub = sub;
    let mut won = [bitvec![u64, Lsb0; 0; n], bitvec![u64, Lsb0; 0; n]];
    loop {
        budget.check()?;
        let Some(d) = sub.iter_ones().map(|v| a.priority(v)).max() else {
            return Ok(won);
        };
        let i = (d % 2) as usize;
        let mut top = bitvec![u64, Lsb0; 0; n];
        for v in sub.iter_ones() {
            if a.priority(v) == d {
                top.set(v, true);
                if a.owner(v) == i {
                    // Any move that stays in the subgame: the priority d
                    // itself is what player i wants to see again.
                    let j = g.succ(v).iter().position(|&s| sub[s as usize]);
                    strategy[v] = j.expect("a subgame keeps a successor") as u8;
                }
            }
        }
        let attr = attractor(a, &sub, &top, i, strategy, budget)?;
        let rest = sub.clone() & !attr;
        let inner = zielonka(a, rest, strategy, budget)?;
        if inner[1 - i].not_any() {
            won[i] |= &sub;
            return Ok(won);
        }
        let lost = attractor(a, &sub, &inner[1 - i], 1 - i, strategy, budget)?;
        won[1 - i] |= &lost;
        sub &= !lost;
    }
}
