//! The transposition table: exact 128-bit keys, lower and upper bounds,
//! a memory cap, sharded for threads.
//!
//! Every entry stores the whole 128-bit key it was stored under, so a
//! probe can only return bounds proven for a state with the same key
//! (a false match needs a 128-bit digest collision). Bounds are facts
//! about the exact game-theoretic value of that state, never about a
//! search window or a depth, so they can be intersected freely.
//!
//! Memory: the table starts small and doubles while it is under its cap;
//! once a shard reaches its share of the cap, new entries replace the
//! entry of its bucket with the least search work behind it.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// One stored state: its key, proven bounds and the index of a best move.
#[derive(Copy, Clone, Default, Debug)]
struct Entry {
    key_lo: u64,
    key_hi: u64,
    lower: i16,
    upper: i16,
    /// Code of the best move found (see `search::move_code`), or `u8::MAX`.
    best: u8,
    /// log2 of the nodes searched below this entry (replacement priority).
    work: u8,
}

const BUCKET: usize = 4;
const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();
const SHARDS: usize = 16;
const INITIAL_BUCKETS: usize = 256;

/// What a probe returns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// A proven lower bound on the state's value.
    pub lower: i32,
    /// A proven upper bound on the state's value.
    pub upper: i32,
    /// The code of the best move last found at this state, if any.
    pub best: Option<u8>,
}

struct Shard {
    entries: Vec<Entry>,
    used: usize,
}

/// A sharded, capped transposition table keyed by exact 128-bit keys.
pub struct Table {
    shards: Vec<Mutex<Shard>>,
    max_buckets_per_shard: usize,
    bytes: AtomicUsize,
    peak_bytes: AtomicUsize,
    replaced: AtomicU64,
}

impl Table {
    /// A table that never holds more than `cap_bytes` bytes of entries
    /// (at least one bucket per shard).
    pub fn new(cap_bytes: usize) -> Table {
        let per_shard = cap_bytes / SHARDS / (ENTRY_BYTES * BUCKET);
        // Round down to a power of two (at least 1).
        let max_buckets = if per_shard <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - per_shard.leading_zeros())
        };
        let initial = INITIAL_BUCKETS.min(max_buckets);
        let shards: Vec<_> = (0..SHARDS)
            .map(|_| {
                Mutex::new(Shard {
                    entries: vec![Entry::default(); initial * BUCKET],
                    used: 0,
                })
            })
            .collect();
        let bytes = SHARDS * initial * BUCKET * ENTRY_BYTES;
        Table {
            shards,
            max_buckets_per_shard: max_buckets,
            bytes: AtomicUsize::new(bytes),
            peak_bytes: AtomicUsize::new(bytes),
            replaced: AtomicU64::new(0),
        }
    }

    #[inline]
    fn split(key: u128) -> (usize, u64, u64) {
        let mut lo = key as u64;
        let hi = (key >> 64) as u64;
        if lo == 0 && hi == 0 {
            lo = 1; // 0 marks an empty slot
        }
        let shard = (hi >> 60) as usize % SHARDS;
        (shard, lo, hi)
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u128) -> Option<Probe> {
        let (s, lo, hi) = Self::split(key);
        let shard = self.shards[s].lock().unwrap_or_else(|e| e.into_inner());
        let nb = shard.entries.len() / BUCKET;
        let b = (lo as usize & (nb - 1)) * BUCKET;
        for e in &shard.entries[b..b + BUCKET] {
            if e.key_lo == lo && e.key_hi == hi {
                return Some(Probe {
                    lower: e.lower as i32,
                    upper: e.upper as i32,
                    best: (e.best != u8::MAX).then_some(e.best),
                });
            }
        }
        None
    }

    /// Stores (intersects) the bounds `lower..=upper` for `key`.
    pub fn store(&self, key: u128, lower: i32, upper: i32, best: Option<u8>, work: u64) {
        let (s, lo, hi) = Self::split(key);
        let work = (64 - work.leading_zeros()) as u8;
        let mut shard = self.shards[s].lock().unwrap_or_else(|e| e.into_inner());
        let nb = shard.entries.len() / BUCKET;
        if shard.used * 4 >= nb * BUCKET * 3 && nb < self.max_buckets_per_shard {
            self.grow(&mut shard);
        }
        let nb = shard.entries.len() / BUCKET;
        let b = (lo as usize & (nb - 1)) * BUCKET;
        let bucket = &mut shard.entries[b..b + BUCKET];
        // Same key: intersect the bounds.
        if let Some(e) = bucket.iter_mut().find(|e| e.key_lo == lo && e.key_hi == hi) {
            e.lower = e.lower.max(lower as i16);
            e.upper = e.upper.min(upper as i16);
            if best.is_some() {
                e.best = best.unwrap_or(u8::MAX);
            }
            e.work = e.work.max(work);
            return;
        }
        let new = Entry {
            key_lo: lo,
            key_hi: hi,
            lower: lower as i16,
            upper: upper as i16,
            best: best.unwrap_or(u8::MAX),
            work,
        };
        if let Some(e) = bucket.iter_mut().find(|e| e.key_lo == 0 && e.key_hi == 0) {
            *e = new;
            shard.used += 1;
            return;
        }
        // Full bucket: replace the entry with the least work behind it.
        let victim = bucket
            .iter_mut()
            .min_by_key(|e| e.work)
            .expect("bucket is not empty");
        if victim.work <= work || victim.work < 2 {
            *victim = new;
        }
        self.replaced.fetch_add(1, Ordering::Relaxed);
    }

    fn grow(&self, shard: &mut Shard) {
        let old_len = shard.entries.len();
        let nb = old_len / BUCKET * 2;
        let old = std::mem::replace(&mut shard.entries, vec![Entry::default(); nb * BUCKET]);
        shard.used = 0;
        for e in old {
            if e.key_lo == 0 && e.key_hi == 0 {
                continue;
            }
            let b = (e.key_lo as usize & (nb - 1)) * BUCKET;
            if let Some(slot) = shard.entries[b..b + BUCKET]
                .iter_mut()
                .find(|x| x.key_lo == 0 && x.key_hi == 0)
            {
                *slot = e;
                shard.used += 1;
            }
        }
        let added = (nb * BUCKET - old_len) * ENTRY_BYTES;
        let now = self.bytes.fetch_add(added, Ordering::Relaxed) + added;
        self.peak_bytes.fetch_max(now, Ordering::Relaxed);
    }

    /// The most bytes the entries ever took.
    pub fn peak_bytes(&self) -> usize {
        self.peak_bytes.load(Ordering::Relaxed)
    }

    /// How many stores found a full bucket (and replaced or dropped an entry).
    pub fn replacements(&self) -> u64 {
        self.replaced.load(Ordering::Relaxed)
    }

    /// The number of entries held.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).used)
            .sum()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_cap() {
        let t = Table::new(64 * 1024);
        for k in 1..10_000u128 {
            t.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834),
                -1,
                1,
                Some(2),
                k as u64,
            );
        }
        assert!(t.peak_bytes() <= 64 * 1024);
        assert!(t.replacements() > 0);
        let k = 9_999u128.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834);
        if let Some(p) = t.probe(k) {
            assert_eq!((p.lower, p.upper, p.best), (-1, 1, Some(2)));
        }
        t.store(k, 0, 3, None, 1);
        if let Some(p) = t.probe(k) {
            assert_eq!((p.lower, p.upper), (0, 1));
        }
    }
}
