//! Depth-first proof-number search (df-pn) for the test "value >= t"
//! (docs/solver.md, "Proof-number search").
//!
//! The engine answers the same null-window question as
//! [`Searcher::null_window`], with the same exactness machinery: a proven
//! or disproven node is stored in the dependency table as the fail-soft
//! bound "value >= v" (v >= t) or "value <= v" (v < t), with the history
//! entries its proof read (D+ and D-), by the very code the alpha-beta
//! search stores with ([`Searcher::store_with_deps`]); and a node is
//! decided by a stored bound only where [`Searcher::probe`] finds its
//! dependencies hold in the history at hand. Proof and disproof numbers of open nodes are kept in a
//! lossy table of this searcher's own, keyed by the canonical
//! history-free key: they only choose which child to expand next, never
//! what is proven, so they need no exactness argument.

use super::{move_code, Probed, Searcher, Verdict, Window};
use crate::deps::Deps;
use kosolve_board::Color;
use kosolve_rules::{Game, Move};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A proof or disproof number standing for "infinite": the node is
/// disproven (proof number) or proven (disproof number).
pub(crate) const INF: u64 = u64::MAX / 4;
/// Finite proof and disproof numbers are kept below this.
const CAP: u64 = INF - 1;

/// The cost of an edge to an open child (df-pn+): a line of d plies has
/// numbers of at least d times this, so the search prefers short proofs
/// to the long lines of repetition games. With the initial numbers
/// ([`Searcher::initial`]) 0 takes the fewest nodes (docs/performance.md,
/// "Proof-number search: initial numbers, one numbers table, expansions":
/// 82.7 M nodes over the benchmark set against 96.8 M with 1 and 112.9 M
/// with 2); before them, 1 did (section "Proof-number search against
/// alpha-beta").
const EDGE_COST: u64 = 0;

/// The 1 + epsilon of the thresholds: a selected child may grow to the
/// second-best number plus one plus this fraction of it (1/2; 1/4 and no
/// epsilon measured in docs/performance.md).
const EPSILON_DIVISOR: u64 = 2;

/// A child's numbers as its parent counts them: decided children as they
/// are, open ones with the edge cost added.
#[inline]
fn eff(n: u64, decided: bool) -> u64 {
    if decided {
        n
    } else {
        (n + EDGE_COST).min(CAP)
    }
}

/// The lossy table of the proof and disproof numbers of open nodes. Its
/// slots are atomic so that the searchers of one test may share it; a slot
/// holds the key xor the numbers beside the numbers, so a read torn by a
/// racing write fails the key check and reads as a miss (the numbers only
/// steer the search, so a lost or stale entry costs nodes, never
/// exactness).
pub(crate) struct PnTable {
    slots: Vec<[AtomicU64; 2]>,
    mask: usize,
}

impl PnTable {
    /// A table of `1 << bits` slots (16 bytes each).
    pub fn new(bits: u32) -> PnTable {
        PnTable {
            slots: crate::sharded::zeroed_huge(1usize << bits),
            mask: (1 << bits) - 1,
        }
    }

    /// Brings the slot of `key` into the cache ahead of a [`PnTable::get`].
    #[inline]
    fn prefetch(&self, key: u64) {
        crate::sharded::prefetch_read(&self.slots[key as usize & self.mask]);
    }

    fn get(&self, key: u64) -> Option<(u64, u64)> {
        let s = &self.slots[key as usize & self.mask];
        let (a, d) = (s[0].load(Relaxed), s[1].load(Relaxed));
        (a ^ d == key).then_some((d >> 32, d & 0xFFFF_FFFF))
    }

    fn put(&self, key: u64, pn: u64, dn: u64) {
        let clamp = |x: u64| x.min(u32::MAX as u64);
        let d = (clamp(pn) << 32) | clamp(dn);
        let s = &self.slots[key as usize & self.mask];
        s[1].store(d, Relaxed);
        s[0].store(key ^ d, Relaxed);
    }
}

/// What a look at a node found.
enum Look {
    /// Decided, with the bound found (fail-soft): "value >= v" where
    /// v >= t, "value <= v" where v < t; the dependencies are in `last_deps`.
    Decided(i32),
    /// Open, with its proof and disproof numbers.
    Open(u64, u64),
    /// The search was stopped.
    Abort,
}

/// A child of an expanded node: its move, its entry's digest and tag, its
/// numbers (0 / [`INF`] once decided) and, once decided, its fail-soft
/// bound (see [`Look::Decided`]).
struct Kid {
    m: Move,
    entry: Option<(u64, crate::mirror::Tag)>,
    pn: u64,
    dn: u64,
    v: i32,
}

/// The table key of a node's numbers for threshold `t`.
fn pn_key(w: &Window, t: i32) -> Option<u64> {
    Some(pn_hash(w.base.or(w.key)?, t))
}

/// The numbers table's key of table key `k` under the test "value >= t".
fn pn_hash(k: u128, t: i32) -> u64 {
    let k = (k as u64) ^ ((k >> 64) as u64).rotate_left(29);
    (k ^ (t as i64 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
}

impl<G: Game, const W: usize> Searcher<'_, G, W> {
    /// The test "value >= t" at the current node by df-pn, fail-soft as
    /// the null-window search: returns v >= t (value >= v, proven) or
    /// v < t (value <= v, disproven), the bound the proof's leaves give
    /// (docs/solver.md, "Proof-number search", the fail-soft bound;
    /// measured in docs/performance.md, "Fail-soft proofs"); meaningless
    /// when `aborted` is set. Requires dependency tracking (every ruleset
    /// with a history-free key).
    pub fn pns_test(&mut self, t: i32, ply: usize) -> i32 {
        self.last_unknown = false;
        match self.look(t) {
            Look::Decided(v) => return v,
            Look::Abort => return 0,
            Look::Open(..) => {}
        }
        let (pn, dn, v) = self.mid(t, INF, INF, ply);
        if self.aborted {
            return 0;
        }
        debug_assert!(pn == 0 || dn == 0, "df-pn returned open at the root");
        debug_assert_eq!(pn == 0, v >= t, "a bound on the wrong side of t");
        v
    }

    /// Whether the test "value >= t" at the current node is decided
    /// without expanding it (the end of the game, the value range, the
    /// static bounds, or a stored bound whose dependencies hold in the
    /// history at hand): `None` when it is open, and always under
    /// alpha-beta (whose tables the look does not read). Counts one node.
    pub(crate) fn known(&mut self, t: i32) -> Option<bool> {
        if !self.dep || !self.shared.pns {
            return None;
        }
        match self.look(t) {
            Look::Decided(v) => Some(v >= t),
            Look::Open(..) | Look::Abort => None,
        }
    }

    /// Looks at the current node without expanding it: the end of the
    /// game, the value range, the static bounds and the tables. Counts one
    /// node.
    fn look(&mut self, t: i32) -> Look {
        if let Some(v) = self.enter(t - 1, t) {
            if self.aborted {
                return Look::Abort;
            }
            return Look::Decided(v);
        }
        // The node's table key first, and its two tables' entries asked
        // for at once, so that the static bounds' work overlaps the wait
        // for memory (docs/performance.md, "Prefetching the children's
        // entries"); nothing else changes order.
        let key = if self.dep { self.canonical_key() } else { None };
        if let Some((k, _)) = key {
            if let Some(table) = &self.shared.dep_table {
                table.prefetch(k);
            }
            self.shared.pn_table.prefetch(pn_hash(k, t));
        }
        if let Some(v) = self.static_cut(t - 1, t) {
            return Look::Decided(v);
        }
        match self.probe_at(t - 1, t, key) {
            Probed::Decided(v) => Look::Decided(v),
            Probed::Open(w) => {
                let (pn, dn) = match pn_key(&w, t).and_then(|k| self.shared.pn_table.get(k)) {
                    Some(n) => n,
                    None => self.initial(t),
                };
                Look::Open(pn.max(1), dn.max(1))
            }
        }
    }

    /// The numbers of a node that the numbers table does not hold (df-pn+'s
    /// initial numbers): in margin games, one more than the points by which
    /// the area count of the position as it stands falls short of `t`
    /// (proof number) or exceeds it (disproof number); 1 and 1 in
    /// win/loss games. They only steer the search (docs/performance.md,
    /// "Initial numbers": 36 % fewer nodes over the benchmark set than 1
    /// and 1).
    fn initial(&self, t: i32) -> (u64, u64) {
        if self.shared.range == (-1, 1) {
            return (1, 1);
        }
        let gap = t as i64 - self.game.position().area_margin(self.game.board()) as i64;
        (1 + gap.max(0) as u64, 1 + (-gap).max(0) as u64)
    }

    /// Expands the current (open) node and searches below it until its
    /// proof number reaches `thpn` or its disproof number `thdn`, or it is
    /// decided. Returns its numbers and, when decided (one of them 0), its
    /// fail-soft bound (see [`Look::Decided`]; otherwise 0); the bound is
    /// stored and `last_deps` holds its dependencies.
    fn mid(&mut self, t: i32, thpn: u64, thdn: u64, ply: usize) -> (u64, u64, i32) {
        // The tables may have learnt this node since the parent looked.
        let w = match self.probe(t - 1, t) {
            Probed::Decided(v) => return if v >= t { (0, INF, v) } else { (INF, 0, v) },
            Probed::Open(w) => w,
        };
        let maximize = self.game.to_move() == Color::Black;
        let nodes_before = self.nodes;
        let moves = self.ordered_moves(ply, w.tt_best);
        let mut kids: Vec<Kid> = Vec::with_capacity(moves.len());
        // The union of the decided children that do not decide this node
        // (Black: those refuted; White: those proven).
        let mut rest = Deps::NONE;
        let mut decided: Option<(usize, Deps<W>)> = None;
        for &m in &moves {
            let entry = self.play(m);
            let look = self.look(t);
            self.undo();
            let (pn, dn, v) = match look {
                Look::Abort => {
                    self.bufs[ply] = moves;
                    return (1, 1, 0);
                }
                Look::Decided(v) => {
                    let holds = v >= t;
                    // The child's dependencies, read in place (a copy
                    // moves a whole filter).
                    through(&mut self.last_deps, entry);
                    if holds == maximize {
                        self.choose(m, entry);
                        decided = Some((kids.len(), self.last_deps.clone()));
                        kids.push(Kid {
                            m,
                            entry,
                            pn: 0,
                            dn: 0,
                            v,
                        });
                        break;
                    }
                    rest.merge(&self.last_deps);
                    if holds {
                        (0, INF, v)
                    } else {
                        (INF, 0, v)
                    }
                }
                Look::Open(pn, dn) => (pn, dn, 0),
            };
            kids.push(Kid {
                m,
                entry,
                pn,
                dn,
                v,
            });
        }
        self.bufs[ply] = moves;
        let key = pn_key(&w, t);
        loop {
            if let Some((i, d)) = decided {
                let (m, v) = (kids[i].m, kids[i].v);
                return self.settle(&w, (t, v), m, d, Deps::NONE, nodes_before);
            }
            let (pn, dn) = numbers(&kids, maximize);
            if pn == 0 || dn == 0 {
                // Every child decided against the side to move: Black's
                // best is the largest of their upper bounds, White's the
                // least of their lower bounds.
                let vs = kids.iter().map(|k| k.v);
                let v = if maximize { vs.max() } else { vs.min() };
                let m = kids[0].m;
                let v = v.expect("an expanded node has a move");
                return self.settle(&w, (t, v), m, Deps::NONE, rest, nodes_before);
            }
            if pn >= thpn || dn >= thdn {
                if let Some(k) = key {
                    self.shared.pn_table.put(k, pn, dn);
                }
                return (pn, dn, 0);
            }
            let (i, second) = select(&kids, maximize, &mut self.jitter);
            // The child's thresholds, less the edge cost its numbers carry here.
            let c = EDGE_COST;
            let (cpn, cdn) = if maximize {
                (
                    thpn.min(widen(second)) - c,
                    thdn - dn + eff(kids[i].dn, false) - c,
                )
            } else {
                (
                    thpn - pn + eff(kids[i].pn, false) - c,
                    thdn.min(widen(second)) - c,
                )
            };
            let m = kids[i].m;
            let entry = self.play(m);
            debug_assert_eq!(entry.map(|e| e.0), kids[i].entry.map(|e| e.0));
            let (kpn, kdn, kv) = self.mid(t, cpn, cdn, ply + 1);
            self.undo();
            if self.aborted {
                return (pn, dn, 0);
            }
            kids[i].pn = kpn;
            kids[i].dn = kdn;
            kids[i].v = kv;
            if kpn == 0 || kdn == 0 {
                let holds = kpn == 0;
                through(&mut self.last_deps, entry);
                if holds == maximize {
                    self.choose(m, entry);
                    decided = Some((i, self.last_deps.clone()));
                } else {
                    rest.merge(&self.last_deps);
                }
            }
        }
    }

    /// Makes `last_deps`, a child's dependencies, those of the move to
    /// it chosen: the move's own entry avoided (the move must stay legal).
    fn choose(&mut self, m: Move, entry: Option<(u64, crate::mirror::Tag)>) {
        if let (Move::Play(_), Some((_, tag)), true) = (m, entry, self.shared.avoids) {
            let shift = self.hist.group().shift();
            self.last_deps.avoid(tag, shift);
        }
    }

    /// Stores a decided node through [`Searcher::store_with_deps`] and
    /// returns its numbers and bound. `(t, v)`: the threshold and the
    /// fail-soft bound, "value >= v" where v >= t (proven), "value <= v"
    /// otherwise. The node is decided by the child `best` in the side to
    /// move's favour (its dependencies `best_deps`, the chosen move's
    /// entry avoided), or against it by every child (their union `all`).
    fn settle(
        &mut self,
        w: &Window,
        (t, v): (i32, i32),
        best: Move,
        best_deps: Deps<W>,
        all: Deps<W>,
        nodes_before: u64,
    ) -> (u64, u64, i32) {
        let proven = v >= t;
        let verdict = Verdict {
            best: v,
            best_i: 0,
            best_deps,
            all_deps: all,
            unknown: false,
        };
        let work = self.nodes - nodes_before + 1;
        self.store_with_deps(w, verdict, move_code(best), work);
        if proven {
            (0, INF, v)
        } else {
            (INF, 0, v)
        }
    }
}

/// A child's dependencies relative to the parent's history: the entry of
/// the move between them lies on the path, which any reuse replays.
fn through<const W: usize>(d: &mut Deps<W>, entry: Option<(u64, crate::mirror::Tag)>) {
    if let Some((e, _)) = entry {
        d.drop_need(e);
    }
}

/// The threshold a selected child gets from the second-best number
/// (the 1 + epsilon trick of Pawlewicz and Lew: a little above it, so
/// that two close siblings do not take turns one node at a time).
fn widen(second: u64) -> u64 {
    if second >= CAP {
        return INF;
    }
    second + 1 + second / EPSILON_DIVISOR
}

/// A node's numbers from its children's: Black (OR): the least proof
/// number and the sum of disproof numbers; White (AND) the other way.
fn numbers(kids: &[Kid], maximize: bool) -> (u64, u64) {
    let (mut least, mut sum) = (INF, 0u64);
    for k in kids {
        let d = k.pn == 0 || k.dn == 0;
        let (pn, dn) = (eff(k.pn, d), eff(k.dn, d));
        let (a, b) = if maximize { (pn, dn) } else { (dn, pn) };
        least = least.min(a);
        sum = if b >= INF || sum >= INF {
            INF
        } else {
            (sum + b).min(CAP)
        };
    }
    if maximize {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// The child to expand (the least proof number for Black, the least
/// disproof number for White) and the least number among the others.
/// Among equals the main searcher takes the first in move order; a helper
/// (`jitter` not 0) a random one, so that helpers spread over different
/// subtrees.
fn select(kids: &[Kid], maximize: bool, jitter: &mut u64) -> (usize, u64) {
    let num = |k: &Kid| {
        let d = k.pn == 0 || k.dn == 0;
        eff(if maximize { k.pn } else { k.dn }, d)
    };
    let mut best = 0;
    let mut best_key = u128::MAX;
    for (i, k) in kids.iter().enumerate() {
        let r = if *jitter == 0 {
            0
        } else {
            *jitter ^= *jitter << 13;
            *jitter ^= *jitter >> 7;
            *jitter ^= *jitter << 17;
            *jitter >> 56
        };
        let key = ((num(k) as u128) << 8) | r as u128;
        if key < best_key {
            best_key = key;
            best = i;
        }
    }
    let second = kids
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != best)
        .map(|(_, k)| num(k))
        .min()
        .unwrap_or(INF);
    (best, second)
}
