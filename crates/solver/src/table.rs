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

use crate::sharded::{log_work, slot_fields, storage_methods, Sharded, Slot};

/// One stored state: its proven bounds and the index of a best move.
#[derive(Copy, Clone, Default, Debug)]
struct Entry {
    lower: i16,
    upper: i16,
    /// Code of the best move found (see `search::move_code`), or `u8::MAX`.
    best: u8,
    /// log2 of the nodes searched below this entry (replacement priority).
    work: u8,
}

slot_fields!(Entry);

impl Entry {
    /// An entry owns nothing outside its slot.
    fn owned_bytes(&self) -> usize {
        0
    }
}

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

/// A sharded, capped transposition table keyed by exact 128-bit keys.
pub struct Table {
    slots: Sharded<Entry, 4>,
}

impl Table {
    storage_methods!();

    /// The bounds stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u128) -> Option<Probe> {
        self.slots.find(key, |e| Probe {
            lower: e.lower as i32,
            upper: e.upper as i32,
            best: (e.best != u8::MAX).then_some(e.best),
        })
    }

    /// Stores (intersects) the bounds `lower..=upper` for `key`.
    pub fn store(&self, key: u128, lower: i32, upper: i32, best: Option<u8>, work: u64) {
        let work = log_work(work);
        self.slots.upsert(
            key,
            work,
            || Entry {
                lower: i16::MIN,
                upper: i16::MAX,
                best: u8::MAX,
                work: 0,
            },
            |e| {
                e.lower = e.lower.max(lower as i16);
                e.upper = e.upper.min(upper as i16);
                e.note(best, work);
            },
        );
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
