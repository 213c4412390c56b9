//! The specialised counter for positional superko (`psk`, `tromp-taylor`,
//! `primitive`) on boards with few legal positions.
//!
//! The legal positions are numbered densely ([`DenseIndex`]); the set of
//! occurred positions is then a bit mask. The move graph (for each position
//! and colour, the position each legal board play creates, superko aside) is
//! computed once.
//!
//! - Complete games when two passes end the game: the colourless count of
//!   simple paths in the union of both colours' move graphs, memoised on
//!   (position, pruned occurred set).
//! - Otherwise (a depth, `primitive`, other numbers of passes): the count
//!   from a state with no pending pass, memoised on (position, player to
//!   move, pruned occurred set, remaining depth).
//!
//! Both keys are brought to a canonical form under the board symmetries and
//! the colour swap. docs/perft.md argues that the keys are exact.

use crate::table::PackedTable;
use crate::{CountMethod, CountOptions, GameCount, PerftError};
use hashbrown::HashMap;
use kosolve_board::{Bitboard, Board, Color, Position};
use kosolve_history::{DenseIndex, DENSE_MAX_POINTS};
use kosolve_rules::{End, Rules, Ruleset};
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

/// The most legal positions a board may have for the fast path (the set of
/// occurred positions is a 128-bit mask).
pub const FAST_MAX_POSITIONS: usize = 128;

/// Whether [`count_games`](crate::count_games) uses the fast path for
/// `rules` on `board`: the ruleset is `psk`, `tromp-taylor` or `primitive`,
/// the board has at most [`DENSE_MAX_POINTS`] points and at most
/// [`FAST_MAX_POSITIONS`] legal positions.
pub fn fast_path_applies(board: &Board, rules: &Rules) -> bool {
    let ruleset_ok = match rules.ruleset {
        Ruleset::Psk | Ruleset::TrompTaylor => matches!(rules.end, End::Passes(_)),
        Ruleset::Primitive => rules.end == End::NoLegalMove,
        _ => false,
    };
    ruleset_ok
        && board.len() <= DENSE_MAX_POINTS
        && legal_positions_at_most(board, FAST_MAX_POSITIONS)
}

/// Whether `board` has at most `limit` legal positions (stops counting early).
fn legal_positions_at_most(board: &Board, limit: usize) -> bool {
    let mut count = 0usize;
    for occ in 0..(1u64 << board.len()) {
        kosolve_board::for_each_legal_with_occupied(board, Bitboard(occ), |_| count += 1);
        if count > limit {
            return false;
        }
    }
    true
}

/// Runs the fast count. The caller has checked [`fast_path_applies`].
pub(crate) fn count(
    board: &Board,
    rules: &Rules,
    opts: &CountOptions,
) -> Result<GameCount, PerftError> {
    let dense = DenseIndex::new(board).ok_or_else(|| {
        PerftError::TooLarge(format!(
            "board '{}' is too large to number its positions",
            board.name()
        ))
    })?;
    if dense.len() <= 64 {
        FastCounter::<u64>::new(board, rules, opts, &dense).run()
    } else if dense.len() <= 128 {
        FastCounter::<u128>::new(board, rules, opts, &dense).run()
    } else {
        Err(PerftError::TooLarge(format!(
            "board '{}' has {} legal positions; the fast path takes at most {FAST_MAX_POSITIONS}",
            board.name(),
            dense.len()
        )))
    }
}

/// Subproblems whose reachable set has at most this many positions are
/// recomputed rather than memoised in the colourless count.
const SMALL_REACH: u32 = 6;

/// A memo key of the colourless count.
#[derive(Copy, Clone)]
enum PathKey<M> {
    /// Set and canonical position packed into a `u64`.
    Packed(u64),
    /// Set and canonical position, when the set has more than 58 bits.
    Wide((M, u64)),
    /// A state too small to memoise.
    None,
}

/// A child of a colourless state, pruned and keyed.
#[derive(Copy, Clone)]
struct Kid<M> {
    q: usize,
    mult: u32,
    set: M,
    reached: u32,
    key: PathKey<M>,
}

/// A set of dense position numbers.
trait Mask:
    Copy
    + Ord
    + Hash
    + Default
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + BitOrAssign
    + Not<Output = Self>
{
    const BYTES: usize;
    fn bit(i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    fn is_zero(self) -> bool;
    /// Removes the lowest member and returns it (the mask must not be empty).
    fn pop_lowest(&mut self) -> usize;
    fn byte(self, i: usize) -> u8;
    fn count(self) -> u32;
    /// The mask as a `u64` if it fits.
    fn to_u64(self) -> Option<u64>;
}

macro_rules! mask_impl {
    ($t:ty) => {
        impl Mask for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn has(self, i: usize) -> bool {
                self >> i & 1 != 0
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn pop_lowest(&mut self) -> usize {
                let i = self.trailing_zeros() as usize;
                *self &= *self - 1;
                i
            }
            #[inline(always)]
            fn byte(self, i: usize) -> u8 {
                (self >> (8 * i)) as u8
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn to_u64(self) -> Option<u64> {
                u64::try_from(self).ok()
            }
        }
    };
}
mask_impl!(u64);
mask_impl!(u128);

/// A relabelling of the dense numbers: a board symmetry, possibly composed
/// with the colour swap, as byte lookup tables (`tables[i][b]` is the image
/// of the members of byte `i` of a mask whose byte `i` is `b`).
struct Relabel<M> {
    tables: Vec<[M; 256]>,
}

impl<M: Mask> Relabel<M> {
    fn new(perm: &[u8], bytes: usize) -> Self {
        let mut tables = vec![[M::default(); 256]; bytes];
        for (i, table) in tables.iter_mut().enumerate() {
            for (b, slot) in table.iter_mut().enumerate() {
                let mut m = M::default();
                for bit in 0..8 {
                    let id = i * 8 + bit;
                    if b >> bit & 1 == 1 && id < perm.len() {
                        m |= M::bit(perm[id] as usize);
                    }
                }
                *slot = m;
            }
        }
        Relabel { tables }
    }

    #[inline]
    fn apply(&self, m: M) -> M {
        let mut out = M::default();
        for (i, t) in self.tables.iter().enumerate() {
            out |= t[m.byte(i) as usize];
        }
        out
    }
}

struct FastCounter<M> {
    /// `succ[c][id]`: the position each legal board play of colour `c` creates from `id`
    /// (one entry per play, so two plays creating the same position appear twice).
    succ: [Vec<Vec<u8>>; 2],
    /// Successors of `id` for either colour.
    adj: Vec<M>,
    /// `union[id]`: each successor of `id` for either colour, with the number
    /// of (colour, point) plays that create it.
    union: Vec<Vec<(u8, u32)>>,
    /// Count simple paths in the union graph (two passes end the game, no depth).
    colourless: bool,
    /// As `canon_pos` and `canon_elems`, over all relabellings (for the colourless count).
    any_pos: Vec<u8>,
    any_elems: Vec<Vec<u16>>,
    empty_id: usize,
    /// Consecutive passes that end the game; `None` for `primitive` (no pass).
    end_passes: Option<u8>,
    depth: Option<u32>,
    symmetry: bool,
    /// For a state with `c` to move at `id`: the least image of `id` under the
    /// relabellings that bring the state to Black to move ...
    canon_pos: [Vec<u8>; 2],
    /// ... and those relabellings (indices into `relabels`).
    canon_elems: [Vec<Vec<u16>>; 2],
    relabels: Vec<Relabel<M>>,
    memo: HashMap<(M, u64), u128, ahash::RandomState>,
    /// The colourless memo with the key packed into a `u64` (set | canonical
    /// position << 58) and the count as a `u64` (`u64::MAX`: look in `memo`).
    packed: PackedTable,
    /// The children of the states on the current path (a stack).
    kids: Vec<Kid<M>>,
    /// Whether keys fit `packed` (at most 58 positions).
    pack: bool,
    nodes: u64,
    max_nodes: u64,
    max_memo: u64,
    progress: Option<std::sync::Arc<crate::CountProgress>>,
    positions: usize,
}

impl<M: Mask> FastCounter<M> {
    fn new(board: &Board, rules: &Rules, opts: &CountOptions, dense: &DenseIndex) -> Self {
        let n = dense.len();
        let id = |p: &Position| dense.id(p).expect("a board play creates a legal position") as u8;
        let mut succ = [vec![Vec::new(); n], vec![Vec::new(); n]];
        let mut adj = vec![M::default(); n];
        for (i, pos) in dense.positions().iter().enumerate() {
            for c in Color::BOTH {
                for p in pos.empty(board) {
                    if let Ok(played) = pos.play(board, c, p, rules.suicide) {
                        let q = id(&played.position);
                        succ[c.index()][i].push(q);
                        adj[i] |= M::bit(q as usize);
                    }
                }
            }
        }
        let swap = |p: &Position| Position {
            black: p.white,
            white: p.black,
        };
        // Relabellings: element 2*s + w is board symmetry s, then the colour swap if w == 1.
        let syms = if opts.symmetry {
            board.symmetries().len()
        } else {
            1
        };
        let bytes = n.div_ceil(8).min(M::BYTES);
        let mut perms = Vec::new();
        for s in 0..syms {
            for w in 0..2 {
                let perm: Vec<u8> = dense
                    .positions()
                    .iter()
                    .map(|p| {
                        let t = p.transform(board, s);
                        id(&if w == 1 { swap(&t) } else { t })
                    })
                    .collect();
                perms.push(perm);
            }
        }
        let relabels = perms.iter().map(|p| Relabel::new(p, bytes)).collect();
        let mut canon_pos = [vec![0u8; n], vec![0u8; n]];
        let mut canon_elems = [vec![Vec::new(); n], vec![Vec::new(); n]];
        for c in 0..2 {
            for i in 0..n {
                // Black to move (c = 0) keeps the colours; White to move swaps them.
                let elems: Vec<u16> = if opts.symmetry {
                    (0..perms.len() as u16)
                        .filter(|e| (*e as usize % 2) == c)
                        .collect()
                } else {
                    vec![0]
                };
                let best = elems.iter().map(|&e| perms[e as usize][i]).min().unwrap();
                canon_pos[c][i] = best;
                canon_elems[c][i] = elems
                    .into_iter()
                    .filter(|&e| perms[e as usize][i] == best)
                    .collect();
            }
        }
        let mut any_pos = vec![0u8; n];
        let mut any_elems = vec![Vec::new(); n];
        for i in 0..n {
            let elems: Vec<u16> = if opts.symmetry {
                (0..perms.len() as u16).collect()
            } else {
                vec![0]
            };
            let best = elems.iter().map(|&e| perms[e as usize][i]).min().unwrap();
            any_pos[i] = best;
            any_elems[i] = elems
                .into_iter()
                .filter(|&e| perms[e as usize][i] == best)
                .collect();
        }
        let mut union = vec![Vec::<(u8, u32)>::new(); n];
        for (i, out) in union.iter_mut().enumerate() {
            for &q in succ[0][i].iter().chain(&succ[1][i]) {
                match out.iter_mut().find(|e| e.0 == q) {
                    Some(e) => e.1 += 1,
                    None => out.push((q, 1)),
                }
            }
        }
        let empty_id = dense
            .id(&Position::EMPTY)
            .expect("the empty board is legal") as usize;
        FastCounter {
            succ,
            adj,
            union,
            colourless: rules.end == End::Passes(2) && opts.depth.is_none(),
            any_pos,
            any_elems,
            empty_id,
            end_passes: match rules.end {
                End::Passes(k) => Some(k),
                _ => None,
            },
            depth: opts.depth,
            symmetry: opts.symmetry,
            canon_pos,
            canon_elems,
            relabels,
            memo: HashMap::with_hasher(ahash::RandomState::with_seeds(21, 22, 23, 24)),
            packed: PackedTable::new(),
            kids: Vec::new(),
            pack: n <= 58,
            nodes: 0,
            max_nodes: opts.max_nodes.unwrap_or(u64::MAX),
            max_memo: opts.max_memo_entries.unwrap_or(u64::MAX),
            progress: opts.progress.clone(),
            positions: n,
        }
    }

    fn run(mut self) -> Result<GameCount, PerftError> {
        let e = self.empty_id;
        let games = if self.colourless {
            self.count_paths(e, M::bit(e))?
        } else {
            self.count(e, 0, M::bit(e), self.depth.unwrap_or(u32::MAX))?
        };
        Ok(GameCount {
            games,
            method: CountMethod::Fast,
            nodes: self.nodes,
            memo_entries: (self.memo.len() + self.packed.len()) as u64,
            dense_positions: self.positions,
        })
    }

    /// The members of `occurred` that can still decide a future superko
    /// test from `pos`, plus `pos`. A future position lies in the set `R` of
    /// positions reachable from `pos` through positions not in `occurred`;
    /// a future superko test asks about a successor of a member of `R`; so
    /// only `occurred ∩ succ(R)` matters (docs/perft.md).
    #[inline]
    fn prune(&self, pos: usize, occurred: M) -> (M, u32) {
        let mut reached = M::bit(pos);
        let mut frontier = reached;
        let mut touched = M::default();
        while !frontier.is_zero() {
            let mut next = M::default();
            while !frontier.is_zero() {
                next |= self.adj[frontier.pop_lowest()];
            }
            touched |= next;
            frontier = next & !occurred & !reached;
            reached |= frontier;
        }
        ((occurred & touched) | M::bit(pos), reached.count())
    }

    /// The memo key of (pos, c to move, pruned set, remaining depth).
    #[inline]
    fn key(&self, pos: usize, c: usize, set: M, rem: u32) -> (M, u64) {
        let tail = |p: u8, c: usize| p as u64 | (c as u64) << 8 | (rem as u64) << 16;
        if !self.symmetry {
            return (set, tail(pos as u8, c));
        }
        let elems = &self.canon_elems[c][pos];
        let mut best = self.relabels[elems[0] as usize].apply(set);
        for &e in &elems[1..] {
            let img = self.relabels[e as usize].apply(set);
            if img < best {
                best = img;
            }
        }
        (best, tail(self.canon_pos[c][pos], 0))
    }

    /// The number of complete games from `pos`, no pass pending, when two
    /// passes end the game: the number of simple paths from `pos` in the
    /// union graph avoiding `occurred`, each weighted by the product of its
    /// edge multiplicities. (Between two board plays there is either no pass
    /// or one, so the mover of each play is free and decides the passes.)
    fn count_paths(&mut self, pos: usize, occurred: M) -> Result<u128, PerftError> {
        let (set, reached) = self.prune(pos, occurred);
        if reached == 1 {
            // Nothing left to reach: the game can only end (pass, pass).
            return Ok(1);
        }
        self.expand_paths(pos, set)
    }

    /// The canonical memo key of a colourless state, packed into a `u64`
    /// when it fits (set | canonical position << 58).
    #[inline]
    fn path_key(&self, pos: usize, set: M) -> PathKey<M> {
        let elems = &self.any_elems[pos];
        let mut best = self.relabels[elems[0] as usize].apply(set);
        for &e in &elems[1..] {
            let img = self.relabels[e as usize].apply(set);
            if img < best {
                best = img;
            }
        }
        let p = self.any_pos[pos] as u64;
        match best.to_u64() {
            Some(b) if self.pack => PathKey::Packed(b | p << 58),
            _ => PathKey::Wide((best, p)),
        }
    }

    #[inline]
    fn lookup_paths(&self, key: &PathKey<M>) -> Option<u128> {
        match key {
            PathKey::Packed(k) => match self.packed.get(*k) {
                Some(v) if v != u64::MAX => Some(v as u128),
                Some(_) => self.memo.get(&(M::default(), *k)).copied(),
                None => None,
            },
            PathKey::Wide(k) => self.memo.get(k).copied(),
            PathKey::None => None,
        }
    }

    fn store_paths(&mut self, key: PathKey<M>, total: u128) {
        match key {
            PathKey::Packed(k) if total < u64::MAX as u128 => self.packed.insert(k, total as u64),
            PathKey::Packed(k) => {
                self.packed.insert(k, u64::MAX);
                self.memo.insert((M::default(), k), total);
            }
            PathKey::Wide(k) => {
                self.memo.insert(k, total);
            }
            PathKey::None => {}
        }
    }

    /// Counts one node against the node and memo limits.
    #[inline]
    fn visit(&mut self) -> Result<(), PerftError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(PerftError::NodeLimit {
                limit: self.max_nodes,
            });
        }
        let entries = (self.memo.len() + self.packed.len()) as u64;
        if entries >= self.max_memo {
            return Err(PerftError::MemoLimit {
                limit: self.max_memo,
            });
        }
        if self.nodes & (crate::PROGRESS_INTERVAL - 1) == 0 {
            if let Some(p) = &self.progress {
                p.tick(self.nodes, entries)?;
            }
        }
        Ok(())
    }

    /// Counts the games from a colourless state (pruned set `set`) by
    /// expanding it. Its children are pruned and keyed first and their memo
    /// slots prefetched, so that their lookups overlap; each child is then
    /// taken from the memo, or expanded and stored.
    fn expand_paths(&mut self, pos: usize, set: M) -> Result<u128, PerftError> {
        self.visit()?;
        let base = self.kids.len();
        for i in 0..self.union[pos].len() {
            let (q, mult) = self.union[pos][i];
            let q = q as usize;
            if set.has(q) {
                continue;
            }
            let (cset, reached) = self.prune(q, set | M::bit(q));
            // Small subproblems are cheaper to recompute than to look up.
            let key = if reached > SMALL_REACH {
                let k = self.path_key(q, cset);
                if let PathKey::Packed(p) = k {
                    self.packed.prefetch(p);
                }
                k
            } else {
                PathKey::None
            };
            self.kids.push(Kid {
                q,
                mult,
                set: cset,
                reached,
                key,
            });
        }
        // The game may end here: pass, pass.
        let mut total = 1u128;
        let mut result = Ok(());
        for i in base..self.kids.len() {
            let kid = self.kids[i];
            let r = if kid.reached == 1 {
                Ok(1)
            } else if let Some(v) = self.lookup_paths(&kid.key) {
                Ok(v)
            } else {
                self.expand_paths(kid.q, kid.set).inspect(|&v| {
                    self.store_paths(kid.key, v);
                })
            };
            match r.and_then(|r| {
                r.checked_mul(kid.mult as u128)
                    .and_then(|r| total.checked_add(r))
                    .ok_or(PerftError::Overflow)
            }) {
                Ok(t) => total = t,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.kids.truncate(base);
        result.map(|()| total)
    }

    /// The number of games (or of move sequences of `rem` more moves) from
    /// position `pos` with `c` to move, no pass pending, and `occurred` the
    /// positions that occurred (including `pos`).
    fn count(&mut self, pos: usize, c: usize, occurred: M, rem: u32) -> Result<u128, PerftError> {
        let depth_mode = self.depth.is_some();
        if depth_mode && rem == 0 {
            return Ok(1);
        }
        self.visit()?;
        let (set, _) = self.prune(pos, occurred);
        let key = self.key(pos, c, set, rem);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let add = |a: u128, b: u128| a.checked_add(b).ok_or(PerftError::Overflow);
        let mut total = 0u128;
        let mut color = c;
        let mut rem = rem;
        match self.end_passes {
            Some(k) => {
                // Board plays after j = 0, 1, ... consecutive passes; the k-th pass ends the game.
                for j in 0..k {
                    let next_rem = if depth_mode { rem - 1 } else { rem };
                    for i in 0..self.succ[color][pos].len() {
                        let q = self.succ[color][pos][i] as usize;
                        if !set.has(q) {
                            let r = self.count(q, 1 - color, set | M::bit(q), next_rem)?;
                            total = add(total, r)?;
                        }
                    }
                    // The pass.
                    rem = next_rem;
                    color = 1 - color;
                    if j + 1 == k {
                        // The game ends with this pass: it counts if no moves remain to play.
                        if !depth_mode || rem == 0 {
                            total = add(total, 1)?;
                        }
                    } else if depth_mode && rem == 0 {
                        total = add(total, 1)?;
                        break;
                    }
                }
            }
            None => {
                // Primitive: no pass; a player without a legal board play loses.
                let next_rem = if depth_mode { rem - 1 } else { rem };
                let mut any = false;
                for i in 0..self.succ[color][pos].len() {
                    let q = self.succ[color][pos][i] as usize;
                    if !set.has(q) {
                        any = true;
                        let r = self.count(q, 1 - color, set | M::bit(q), next_rem)?;
                        total = add(total, r)?;
                    }
                }
                if !any && !depth_mode {
                    total = 1;
                }
            }
        }
        self.memo.insert(key, total);
        Ok(total)
    }
}
