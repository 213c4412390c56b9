//! An independent check of a positional strategy in a parity game (the
//! largest priority seen infinitely often decides; odd is won by player 1):
//! it wins from vertex 0 iff the strategy leaves the owner's opponent no
//! cycle, reachable from vertex 0, whose largest priority has the
//! opponent's parity. Checked with strongly connected components, sharing
//! nothing with Zielonka's algorithm but the graph. Used by the Kee parity
//! methods of crate kosolve-kee, for two players and for more.

use crate::Graph;

/// A parity arena as the check reads it: the graph, each vertex's owner
/// (0 or 1) and priority.
pub struct Parity<'a, O: Fn(usize) -> usize, P: Fn(usize) -> u32> {
    /// The graph.
    pub graph: &'a Graph,
    /// The owner of a vertex.
    pub owner: O,
    /// The priority of a vertex.
    pub priority: P,
}

impl<O: Fn(usize) -> usize, P: Fn(usize) -> u32> Parity<'_, O, P> {
    /// The successors of `v` when `player` plays `strategy` (an index into
    /// each of her vertices' successors; an index past them is no move).
    fn moves(&self, strategy: &[u8], player: usize, v: usize) -> &[u32] {
        let s = self.graph.succ(v);
        if (self.owner)(v) == player {
            let j = (strategy[v] as usize).min(s.len());
            &s[j..(j + 1).min(s.len())]
        } else {
            s
        }
    }

    /// Whether `strategy` wins for `player` from vertex 0. A vertex of hers
    /// whose move index is past its successors loses.
    pub fn strategy_wins(&self, strategy: &[u8], player: usize) -> bool {
        self.strategy_wins_until(strategy, player, || true)
            .expect("a check that is never stopped")
    }

    /// [`Parity::strategy_wins`], asking `go_on()` before each strongly
    /// connected components pass (one per bad priority); `None` as soon as
    /// it answers `false` (a budget ran out).
    pub fn strategy_wins_until(
        &self,
        strategy: &[u8],
        player: usize,
        mut go_on: impl FnMut() -> bool,
    ) -> Option<bool> {
        let n = self.graph.len();
        let mut reach = vec![false; n];
        let mut stack = vec![0u32];
        reach[0] = true;
        while let Some(v) = stack.pop() {
            let next = self.moves(strategy, player, v as usize);
            if next.is_empty() {
                return Some(false);
            }
            for &t in next {
                if !reach[t as usize] {
                    reach[t as usize] = true;
                    stack.push(t);
                }
            }
        }
        let mut bad: Vec<u32> = (0..n)
            .filter(|&v| reach[v])
            .map(|v| (self.priority)(v))
            .filter(|q| (*q % 2) as usize != player)
            .collect();
        bad.sort_unstable();
        bad.dedup();
        // A bad cycle with largest priority q lies in one strongly
        // connected component of the reachable vertices of priority <= q.
        for &q in &bad {
            if !go_on() {
                return None;
            }
            if self.cycle_through(strategy, player, &reach, q) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether some cycle among the vertices of `reach` with priority <= q
    /// passes through a vertex of priority q (iterative Tarjan).
    fn cycle_through(&self, strategy: &[u8], player: usize, reach: &[bool], q: u32) -> bool {
        const UNSEEN: u32 = u32::MAX;
        let n = reach.len();
        let inside = |v: usize| reach[v] && (self.priority)(v) <= q;
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
                let succ = self.moves(strategy, player, v);
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
                        has_q |= (self.priority)(w) == q;
                        if w == v {
                            break;
                        }
                    }
                    let self_loop = self
                        .moves(strategy, player, v)
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0 -> {1, 2}, 1 -> 0, 2 -> 2: player 1 owns 0. Priorities 0, 2, 1.
    /// Going to 2 (odd loop) wins for player 1; going to 1 (cycle 0-1 with
    /// top 2) loses; no move loses.
    #[test]
    fn a_strategy_wins_iff_no_bad_cycle_is_left() {
        let g = Graph::from_rows(vec![0, 2, 3, 4], vec![1, 2, 0, 2]);
        let prio = [0u32, 2, 1];
        let a = Parity {
            graph: &g,
            owner: |v| usize::from(v == 0),
            priority: |v| prio[v],
        };
        assert!(a.strategy_wins(&[1, 0, 0], 1));
        assert!(!a.strategy_wins(&[0, 0, 0], 1));
        assert!(!a.strategy_wins(&[u8::MAX, 0, 0], 1));
        // Stopped before its first pass, the check answers nothing; asked
        // on, it answers as above.
        assert_eq!(a.strategy_wins_until(&[1, 0, 0], 1, || false), None);
        assert_eq!(a.strategy_wins_until(&[1, 0, 0], 1, || true), Some(true));
        assert_eq!(a.strategy_wins_until(&[0, 0, 0], 1, || true), Some(false));
    }
}
