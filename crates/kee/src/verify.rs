//! An independent check of a positional strategy: it wins a parity game
//! from the start iff no cycle reachable under it has a largest priority
//! of the opponent's parity. Checked with strongly connected components,
//! sharing nothing with Zielonka's algorithm but the graph.

use crate::parity::{Arena, NO_MOVE};
use bitvec::prelude::*;

/// The successors of `v` when `player` plays `strategy`.
fn moves<'a, A: Arena>(a: &'a A, strategy: &[u8], player: usize, v: usize) -> &'a [u32] {
    let s = a.graph().succ(v);
    if a.owner(v) == player {
        let j = strategy[v] as usize;
        &s[j..j + 1]
    } else {
        s
    }
}

/// Whether `strategy` wins for `player` from vertex 0 (the start).
pub fn strategy_wins<A: Arena>(a: &A, strategy: &[u8], player: usize) -> bool {
    let n = a.graph().len();
    // The vertices reachable under the strategy.
    let mut reach = bitvec![u64, Lsb0; 0; n];
    let mut stack = vec![0u32];
    reach.set(0, true);
    while let Some(v) = stack.pop() {
        let v = v as usize;
        if a.owner(v) == player && strategy[v] == NO_MOVE {
            return false;
        }
        for &t in moves(a, strategy, player, v) {
            if !reach[t as usize] {
                reach.set(t as usize, true);
                stack.push(t);
            }
        }
    }
    let mut bad: Vec<u32> = reach
        .iter_ones()
        .map(|v| a.priority(v))
        .filter(|q| (*q % 2) as usize != player)
        .collect();
    bad.sort_unstable();
    bad.dedup();
    // A bad cycle with largest priority q lies in one strongly connected
    // component of the reachable vertices of priority <= q.
    bad.iter()
        .all(|&q| !cycle_through(a, strategy, player, &reach, q))
}

/// Whether some cycle among the vertices of `reach` with priority <= q
/// passes through a vertex of priority q (iterative Tarjan).
fn cycle_through<A: Arena>(
    a: &A,
    strategy: &[u8],
    player: usize,
    reach: &BitVec<u64, Lsb0>,
    q: u32,
) -> bool {
    let n = a.graph().len();
    let inside = |v: usize| reach[v] && a.priority(v) <= q;
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = bitvec![u64, Lsb0; 0; n];
    let mut scc_stack: Vec<u32> = Vec::new();
    let mut next_index = 0u32;
    for root in reach.iter_ones() {
        if !inside(root) || index[root] != UNSEEN {
            continue;
        }
        // Frames: (vertex, next successor to look at).
        let mut frames: Vec<(u32, u32)> = vec![(root as u32, 0)];
        index[root] = next_index;
        low[root] = next_index;
        next_index += 1;
        scc_stack.push(root as u32);
        on_stack.set(root, true);
        while let Some(&mut (v, ref mut e)) = frames.last_mut() {
            let v = v as usize;
            let succ = moves(a, strategy, player, v);
            if (*e as usize) < succ.len() {
                let t = succ[*e as usize] as usize;
                *e += 1;
                if !inside(t) {
                    continue;
                }
                if index[t] == UNSEEN {
                    index[t] = next_index;
                    low[t] = next_index;
                    next_index += 1;
                    scc_stack.push(t as u32);
                    on_stack.set(t, true);
                    frames.push((t as u32, 0));
                } else if on_stack[t] {
                    low[v] = low[v].min(index[t]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                let parent = parent as usize;
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                // Pop the component rooted at v.
                let mut members = 0usize;
                let mut has_q = false;
                loop {
                    let w = scc_stack.pop().expect("component member") as usize;
                    on_stack.set(w, false);
                    members += 1;
                    has_q |= a.priority(w) == q;
                    if w == v {
                        break;
                    }
                }
                let self_loop = moves(a, strategy, player, v)
                    .iter()
                    .any(|&t| t as usize == v);
                if has_q && (members > 1 || self_loop) {
                    return true;
                }
            }
        }
    }
    false
}
