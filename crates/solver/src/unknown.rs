//! The nodes an iterative-deepening pass already found *unknown* (see
//! docs/solver.md, "Iterative deepening").
//!
//! A node is unknown when the depth limit cut its search short with no
//! proof. Nothing unknown is ever stored as a bound, so answering
//! "unknown" again for a node met a second time in the same pass (by
//! another path) can never make a result wrong: at worst it forgoes a
//! proof in that pass, and the last pass has no limit and never consults
//! this cache. What it saves is re-searching, through every transposition,
//! subtrees that the pass already failed to decide.

use std::sync::atomic::{AtomicU64, Ordering};

/// Bits of a slot that hold the depth limit.
const DEPTH_BITS: u32 = 20;
const DEPTH_MASK: u64 = (1 << DEPTH_BITS) - 1;

/// A lossy, lock-free map from (key, pass, beta) to the largest depth
/// limit under which the node was found unknown.
pub(crate) struct UnknownCache {
    slots: Box<[AtomicU64]>,
}

#[inline]
fn mix(key: u128, pass: u32, beta: i32) -> u64 {
    let mut h =
        (key as u64) ^ (key >> 64) as u64 ^ (pass as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= (beta as i64 as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^ h >> 29
}

impl UnknownCache {
    /// A cache of `2^bits` slots (8 bytes each).
    pub fn new(bits: u32) -> UnknownCache {
        UnknownCache {
            slots: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Whether the node was found unknown in this pass under a depth limit
    /// of at least `depth` with the same `beta`.
    #[inline]
    pub fn is_unknown(&self, key: u128, pass: u32, beta: i32, depth: u32) -> bool {
        let h = mix(key, pass, beta);
        let s = self.slots[h as usize & (self.slots.len() - 1)].load(Ordering::Relaxed);
        s & !DEPTH_MASK == h & !DEPTH_MASK && (s & DEPTH_MASK) as u32 >= depth
    }

    /// Records that the node was found unknown under the limit `depth`.
    #[inline]
    pub fn record(&self, key: u128, pass: u32, beta: i32, depth: u32) {
        let h = mix(key, pass, beta);
        let d = (depth as u64).min(DEPTH_MASK);
        self.slots[h as usize & (self.slots.len() - 1)]
            .store(h & !DEPTH_MASK | d, Ordering::Relaxed);
    }
}
