//! A game's history as a set of interned records: every record the rules
//! ever query gets a dense id (in the order first met), membership is a
//! bit per id, and a count per id lets moves be taken back. Ids stand for
//! the records themselves (the interning table keys on the whole record),
//! so nothing here is approximate.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::rules::Record;

/// The id of an interned record.
pub(crate) type RecordId = u32;

/// A fast, deterministic hasher for the checker's own tables (keys are
/// bit boards; hash flooding is no concern). Equality of keys is still
/// decided by `Eq`, so the hash only affects speed.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FastHasher {
    /// The running hash.
    hash: u64,
}

impl FastHasher {
    /// Mixes one word into the hash.
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        // The finaliser of MurmurHash3, so that every bit of the key
        // reaches the low and the high bits of the hash.
        let mut h = self.hash;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// Builds [`FastHasher`]s.
pub(crate) type FastBuild = BuildHasherDefault<FastHasher>;

/// A set of records with multiplicities, over interned ids.
#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    /// The id of every record met so far.
    ids: HashMap<Record, RecordId, FastBuild>,
    /// The record of each id.
    records: Vec<Record>,
    /// How many times each record is in the history.
    counts: Vec<u32>,
    /// Bit `id` is set when the record is in the history.
    bits: Vec<u64>,
}

impl History {
    /// The id of `r`, interning it when new.
    pub fn id(&mut self, r: Record) -> RecordId {
        if let Some(&id) = self.ids.get(&r) {
            return id;
        }
        let id = RecordId::try_from(self.records.len()).expect("fewer than 2^32 records");
        self.ids.insert(r, id);
        self.records.push(r);
        self.counts.push(0);
        if self.bits.len() * 64 < self.records.len() {
            self.bits.push(0);
        }
        id
    }

    /// The number of records interned so far.
    pub fn interned(&self) -> usize {
        self.records.len()
    }

    /// Whether the record `id` is in the history.
    pub fn has(&self, id: RecordId) -> bool {
        let id = id as usize;
        self.bits[id / 64] & (1u64 << (id % 64)) != 0
    }

    /// The membership bits of ids `64 * w .. 64 * w + 63`.
    pub fn word(&self, w: usize) -> u64 {
        self.bits.get(w).copied().unwrap_or(0)
    }

    /// Whether `r` is in the history.
    #[cfg(test)]
    pub fn contains(&self, r: &Record) -> bool {
        self.ids.get(r).is_some_and(|&id| self.has(id))
    }

    /// Adds `r` once more; returns its id.
    pub fn add(&mut self, r: Record) -> RecordId {
        let id = self.id(r);
        let i = id as usize;
        self.counts[i] += 1;
        self.bits[i / 64] |= 1u64 << (i % 64);
        id
    }

    /// Removes one copy of the record `id`.
    pub fn remove(&mut self, id: RecordId) {
        let i = id as usize;
        self.counts[i] -= 1;
        if self.counts[i] == 0 {
            self.bits[i / 64] &= !(1u64 << (i % 64));
        }
    }

    /// The records in the history, sorted.
    #[cfg(test)]
    pub fn present(&self) -> Vec<Record> {
        let mut out: Vec<Record> = (0..self.records.len())
            .filter(|&i| self.counts[i] > 0)
            .map(|i| self.records[i])
            .collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn ids_membership_and_counts() {
        let mut h = History::default();
        let a = Record::Occurred(Position { black: 1, white: 0 });
        let b = Record::Occurred(Position { black: 0, white: 1 });
        let ia = h.add(a);
        assert_eq!(h.id(a), ia);
        let ib = h.id(b);
        assert_ne!(ia, ib);
        assert!(h.has(ia) && !h.has(ib));
        h.add(a);
        h.remove(ia);
        assert!(h.contains(&a), "one copy is left");
        h.remove(ia);
        assert!(!h.contains(&a));
        for k in 0..200u64 {
            h.id(Record::Occurred(Position {
                black: k << 8,
                white: 0,
            }));
        }
        assert_eq!(h.interned(), 202);
        assert_eq!(h.word(3), 0);
        assert_eq!(h.word(99), 0);
    }
}
