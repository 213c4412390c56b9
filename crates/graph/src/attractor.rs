//! Backward propagation: the core of an attractor.

use crate::{Graph, Set};

/// In which order attracted vertices are taken up again. The set attracted
/// does not depend on it; what the callback of [`Attraction::propagate`]
/// sees (which successor attracted a vertex first) does.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// First in, first out: breadth first, so the successor that attracts
    /// a vertex of the attracting player is one of the fewest moves from
    /// the seeds.
    Fifo,
    /// Last in, first out.
    Lifo,
}

/// A successor count not taken yet.
const UNCOUNTED: u8 = u8::MAX;

/// A growing attractor: the set, the vertices waiting to be taken up, and
/// per vertex the number of its successors (within the subgame) not in the
/// set yet, counted when the vertex is first reached. Seeding more vertices
/// and propagating again continues where the last propagation stopped, so
/// one pass over the edges computes a chain of growing attractors.
///
/// Every vertex must have fewer than 255 successors.
pub struct Attraction {
    set: Set,
    left: Vec<u8>,
    /// The vertices to take up: `queue[head..]`.
    queue: Vec<u32>,
    head: usize,
}

impl Attraction {
    /// An empty attractor over `n` vertices.
    pub fn new(n: usize) -> Attraction {
        Attraction {
            set: Set::repeat(false, n),
            left: vec![UNCOUNTED; n],
            queue: Vec::new(),
            head: 0,
        }
    }

    /// The attractor seeded with every member of `set`, queued in
    /// increasing order.
    pub fn from_set(set: Set) -> Attraction {
        let queue = set.iter_ones().map(|v| v as u32).collect();
        Attraction {
            left: vec![UNCOUNTED; set.len()],
            set,
            queue,
            head: 0,
        }
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.set[v]
    }

    /// Puts `v` into the set and into the queue of vertices to take up.
    pub fn seed(&mut self, v: usize) {
        self.set.set(v, true);
        self.queue.push(v as u32);
    }

    /// The set.
    pub fn into_set(self) -> Set {
        self.set
    }

    /// Takes up queued vertices, in `order`, until none is left: a
    /// predecessor `p` of a vertex `t` of the set, with `in_sub(p)` and not
    /// in the set yet, joins it if `owns(p)` (the attracting player moves
    /// there), or once all its successors `s` with `in_sub(s)` are in the
    /// set. Each vertex `p` that joins is passed to `attracted(p, t)` before
    /// any other vertex is taken up.
    pub fn propagate(
        &mut self,
        g: &Graph,
        order: Order,
        in_sub: impl Fn(usize) -> bool,
        owns: impl Fn(usize) -> bool,
        attracted: impl FnMut(usize, usize),
    ) {
        let done = self.propagate_until(g, order, in_sub, owns, attracted, || true);
        debug_assert!(done);
    }

    /// [`Attraction::propagate`], asking `go_on()` before the first vertex
    /// and after every [`CHECK_EVERY`] vertices taken up; returns `false`
    /// as soon as it answers `false` (a budget ran out). The attractor is
    /// then a part of the full one; propagating again goes on from there.
    pub fn propagate_until(
        &mut self,
        g: &Graph,
        order: Order,
        in_sub: impl Fn(usize) -> bool,
        owns: impl Fn(usize) -> bool,
        mut attracted: impl FnMut(usize, usize),
        mut go_on: impl FnMut() -> bool,
    ) -> bool {
        let mut until_check = 0u32;
        loop {
            if self.head == self.queue.len() {
                self.queue.clear();
                self.head = 0;
                return true;
            }
            if until_check == 0 {
                if !go_on() {
                    return false;
                }
                until_check = CHECK_EVERY;
            }
            until_check -= 1;
            let t = match order {
                Order::Fifo => {
                    self.head += 1;
                    self.queue[self.head - 1]
                }
                Order::Lifo => self.queue.pop().expect("a queued vertex"),
            };
            let t = t as usize;
            for &p in g.pred(t) {
                let p = p as usize;
                if self.set[p] || !in_sub(p) {
                    continue;
                }
                if !owns(p) {
                    if self.left[p] == UNCOUNTED {
                        let n = g.succ(p).iter().filter(|&&s| in_sub(s as usize)).count();
                        self.left[p] = u8::try_from(n)
                            .ok()
                            .filter(|&n| n != UNCOUNTED)
                            .expect("fewer than 255 successors");
                    }
                    self.left[p] -= 1;
                    if self.left[p] > 0 {
                        continue;
                    }
                }
                self.set.set(p, true);
                attracted(p, t);
                self.queue.push(p as u32);
            }
        }
    }
}

/// How many vertices [`Attraction::propagate_until`] takes up between two
/// questions to its `go_on`.
pub const CHECK_EVERY: u32 = 1 << 14;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attracts_owned_vertices_by_one_edge_and_others_by_all() {
        // 0 -> 1, 2; 1 -> 3; 2 -> 3, 4; 3 and 4 sinks (self loops).
        let g = Graph::from_rows(vec![0, 2, 3, 5, 6, 7], vec![1, 2, 3, 3, 4, 3, 4]);
        // Player owns 0 and 3; target {3}.
        let owns = |v: usize| v == 0 || v == 3;
        let mut a = Attraction::new(5);
        a.seed(3);
        let mut seen = Vec::new();
        a.propagate(&g, Order::Fifo, |_| true, owns, |p, t| seen.push((p, t)));
        assert_eq!(seen, vec![(1, 3), (0, 1)]);
        assert!(!a.contains(2) && !a.contains(4));
        // Within the subgame without 4, vertex 2 falls too.
        let mut a = Attraction::new(5);
        a.seed(3);
        a.propagate(&g, Order::Lifo, |v| v != 4, owns, |_, _| {});
        let set = a.into_set();
        assert_eq!(set.iter_ones().collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    }

    #[test]
    fn a_propagation_told_to_stop_stops_and_resumes() {
        // A chain 0 <- 1 <- ... <- n-1, every vertex owned by the attractor.
        let n = 3 * CHECK_EVERY as usize;
        let mut offsets = vec![0u32];
        let mut targets = Vec::new();
        for v in 0..n {
            targets.push(v.saturating_sub(1) as u32);
            offsets.push(targets.len() as u32);
        }
        let g = Graph::from_rows(offsets, targets);
        let mut a = Attraction::new(n);
        a.seed(0);
        let mut asked = 0;
        let done = a.propagate_until(
            &g,
            Order::Fifo,
            |_| true,
            |_| true,
            |_, _| {},
            || {
                asked += 1;
                asked < 2
            },
        );
        assert!(!done);
        assert_eq!(asked, 2);
        // One check's worth of vertices was taken up, each attracting one.
        assert!(a.contains(CHECK_EVERY as usize) && !a.contains(CHECK_EVERY as usize + 2));
        assert!(a.propagate_until(&g, Order::Fifo, |_| true, |_| true, |_, _| {}, || true));
        assert_eq!(a.into_set().count_ones(), n);
    }
}
