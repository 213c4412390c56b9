//! [`HistorySet`]: a multiset of history keys with push/pop along a
//! depth-first search and an order-independent 128-bit hash.

use crate::zobrist::{mix128, position_hash, WHITE_TO_MOVE};
use hashbrown::HashMap;
use kosolve_board::{Color, Position};
use std::hash::Hash;

/// Something a ko rule remembers: a position, a situation, a transition.
pub trait HistoryKey: Copy + Eq + Hash {
    /// A 128-bit digest of the key; equal keys give equal digests.
    fn digest(&self) -> u128;
}

impl HistoryKey for Position {
    #[inline]
    fn digest(&self) -> u128 {
        position_hash(self)
    }
}

/// A position with a colour: a situation (position, player to move) under
/// `ssk`, or (position, creator) under `nssk`.
impl HistoryKey for (Position, Color) {
    #[inline]
    fn digest(&self) -> u128 {
        colored_digest(position_hash(&self.0), self.1)
    }
}

/// The digest of a (position, colour) key from the position's hash
/// ([`position_hash`]): what [`HistoryKey::digest`] gives for it.
#[inline]
pub fn colored_digest(position_hash: u128, c: Color) -> u128 {
    match c {
        Color::Black => position_hash,
        Color::White => position_hash ^ WHITE_TO_MOVE,
    }
}

/// The digest of a transition (left, created) from the two positions'
/// hashes ([`position_hash`]): what [`HistoryKey::digest`] gives for it.
#[inline]
pub fn transition_digest(left_hash: u128, created_hash: u128) -> u128 {
    // Asymmetric: (A, B) and (B, A) differ.
    mix128(left_hash).rotate_left(29) ^ created_hash
}

/// A transition (left, created) under `fixed`.
impl HistoryKey for (Position, Position) {
    #[inline]
    fn digest(&self) -> u128 {
        transition_digest(position_hash(&self.0), position_hash(&self.1))
    }
}

/// A multiset of keys. `push` and `pop` must nest like a stack (each `pop`
/// undoes the latest unmatched `push` of that key), which is how a
/// depth-first search uses it. The hash is the wrapping sum of the mixed
/// digests of the members, counted with multiplicity, so it depends on the
/// contents only, never on the order of insertion.
#[derive(Clone, Debug, Default)]
pub struct HistorySet<K: HistoryKey> {
    counts: HashMap<K, u32, ahash::RandomState>,
    hash: u128,
    len: usize,
}

impl<K: HistoryKey> HistorySet<K> {
    /// An empty set.
    pub fn new() -> Self {
        HistorySet {
            counts: HashMap::with_hasher(ahash::RandomState::with_seeds(1, 2, 3, 4)),
            hash: 0,
            len: 0,
        }
    }

    /// Adds one copy of `k`.
    #[inline]
    pub fn push(&mut self, k: K) {
        *self.counts.entry(k).or_insert(0) += 1;
        self.hash = self.hash.wrapping_add(mix128(k.digest()));
        self.len += 1;
    }

    /// Removes one copy of `k`. Panics if `k` is absent: that is a bug in the caller.
    #[inline]
    pub fn pop(&mut self, k: K) {
        let c = self
            .counts
            .get_mut(&k)
            .expect("HistorySet::pop of a key that is not present");
        *c -= 1;
        if *c == 0 {
            self.counts.remove(&k);
        }
        self.hash = self.hash.wrapping_sub(mix128(k.digest()));
        self.len -= 1;
    }

    /// Whether `k` is present.
    #[inline]
    pub fn contains(&self, k: &K) -> bool {
        self.counts.contains_key(k)
    }

    /// How many copies of `k` are present.
    #[inline]
    pub fn count(&self, k: &K) -> u32 {
        self.counts.get(k).copied().unwrap_or(0)
    }

    /// The number of keys, counted with multiplicity.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The order-independent hash of the contents.
    #[inline]
    pub fn hash(&self) -> u128 {
        self.hash
    }

    /// Empties the set.
    pub fn clear(&mut self) {
        self.counts.clear();
        self.hash = 0;
        self.len = 0;
    }

    /// The distinct keys present, in no particular order.
    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.counts.keys()
    }

    /// The hash a set with exactly these keys would have (each key once per occurrence).
    pub fn hash_of<'a>(keys: impl IntoIterator<Item = &'a K>) -> u128
    where
        K: 'a,
    {
        keys.into_iter()
            .fold(0u128, |h, k| h.wrapping_add(mix128(k.digest())))
    }
}
