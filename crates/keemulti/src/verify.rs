//! An independent check of a positional strategy on a parity arena: it
//! wins from vertex 0 iff no cycle reachable under it has a largest
//! priority of the opponent's parity. Checked with strongly connected
//! components (as crates/kee's `verify`), sharing nothing with Zielonka's
//! algorithm but the graph.

/// The successors of `v` when `side` plays `strategy`.
fn moves<'a>(
    g: &'a kosolve_graph::Graph,
    owner: &[u8],
    strategy: &[u8],
    side: u8,
    v: usize,
) -> &'a [u32] {
    let s = g.succ(v);
    if owner[v] == side {
        let j = strategy[v] as usize;
        &s[j.min(s.len())..(j + 1).min(s.len())]
    } else {
        s
    }
}

/// Whether `strategy` wins for `side` (1 wins on odd priorities, 0 on
/// even) from vertex 0 of the arena `g` with owners `owner` and
/// priorities `prio`. A move index past a vertex's successors loses.
pub(crate) fn strategy_wins(
    g: &kosolve_graph::Graph,
    owner: &[u8],
    prio: &[u32],
    strategy: &[u8],
    side: u8,
) -> bool {
    let n = g.len();
    let mut reach = vec![false; n];
    let mut stack = vec![0u32];
    reach[0] = true;
    while let Some(v) = stack.pop() {
        let v = v as usize;
        let next = moves(g, owner, strategy, side, v);
        if next.is_empty() {
            return false;
        }
        for &t in next {
            if !reach[t as usize] {
                reach[t as usize] = true;
                stack.push(t);
            }
        }
    }
    let mut bad: Vec<u32> = (0..n)
        .filter(|&v| reach[v] && (prio[v] % 2) as u8 != side)
        .map(|v| prio[v])
        .collect();
    bad.sort_unstable();
    bad.dedup();
    // A bad cycle with largest priority q lies in one strongly connected
    // component of the reachable vertices of priority <= q.
    let arena = Restricted {
        g,
        owner,
        strategy,
        side,
    };
    bad.iter().all(|&q| !arena.cycle_through(&reach, prio, q))
}

/// The arena's graph with `side`'s moves fixed by `strategy`.
struct Restricted<'a> {
    g: &'a kosolve_graph::Graph,
    owner: &'a [u8],
    strategy: &'a [u8],
    side: u8,
}

impl Restricted<'_> {
    fn moves(&self, v: usize) -> &[u32] {
        moves(self.g, self.owner, self.strategy, self.side, v)
    }

    /// Whether some cycle among the vertices of `reach` with priority <= q
    /// passes through a vertex of priority q (iterative Tarjan).
    fn cycle_through(&self, reach: &[bool], prio: &[u32], q: u32) -> bool {
        const UNSEEN: u32 = u32::MAX;
        let n = reach.len();
        let inside = |v: usize| reach[v] && prio[v] <= q;
        let mut index = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut on_stack = vec![false; n];
        let mut scc: Vec<u32> = Vec::new();
        let mut next_index = 0u32;
        for root in 0..n {
            if !inside(root) || index[root] != UNSEEN {
                continue;
            }
            // Frames: (vertex, next successor to look at).
            let mut frames: Vec<(u32, u32)> = vec![(root as u32, 0)];
            index[root] = next_index;
            low[root] = next_index;
            next_index += 1;
            scc.push(root as u32);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut e)) = frames.last_mut() {
                let v = v as usize;
                let succ = self.moves(v);
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
                        scc.push(t as u32);
                        on_stack[t] = true;
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
                    let (mut members, mut has_q) = (0usize, false);
                    loop {
                        let w = scc.pop().expect("a component member") as usize;
                        on_stack[w] = false;
                        members += 1;
                        has_q |= prio[w] == q;
                        if w == v {
                            break;
                        }
                    }
                    let self_loop = self.moves(v).iter().any(|&t| t as usize == v);
                    if has_q && (members > 1 || self_loop) {
                        return true;
                    }
                }
            }
        }
        false
    }
}
