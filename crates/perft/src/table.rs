//! An open-addressing memo of `u64` keys and `u64` counts for the
//! colourless fast count: 16 bytes an entry, linear probing, and a prefetch
//! so that the lookups of a node's children overlap their memory latency.

/// The key that marks an empty slot; real keys are never 0 (they hold the
/// current position's bit).
const EMPTY: u64 = 0;

/// A hash map from non-zero `u64` keys to `u64` values.
pub(crate) struct PackedTable {
    slots: Vec<(u64, u64)>,
    shift: u32,
    len: usize,
}

impl PackedTable {
    /// An empty table.
    pub(crate) fn new() -> PackedTable {
        let bits = 16;
        let mut slots = vec![(EMPTY, 0); 1 << bits];
        advise_huge_pages(&mut slots);
        PackedTable {
            slots,
            shift: 64 - bits,
            len: 0,
        }
    }

    /// The number of entries.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline(always)]
    fn home(&self, key: u64) -> usize {
        // Fibonacci hashing: the high bits of the product.
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Asks the processor to bring `key`'s home slot into the cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots.as_ptr().wrapping_add(self.home(key));
            // SAFETY: prefetching is a hint with no observable effect; the
            // address lies inside the slot vector.
            unsafe {
                std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The value of `key`, if present.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u64> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let (k, v) = self.slots[i];
            if k == key {
                return Some(v);
            }
            if k == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value of `key` (a non-zero key).
    #[inline]
    pub(crate) fn insert(&mut self, key: u64, value: u64) {
        debug_assert_ne!(key, EMPTY);
        if (self.len + 1) * 8 > self.slots.len() * 5 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let k = self.slots[i].0;
            if k == key {
                self.slots[i].1 = value;
                return;
            }
            if k == EMPTY {
                self.slots[i] = (key, value);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::replace(&mut self.slots, vec![(EMPTY, 0); 0]);
        self.slots = vec![(EMPTY, 0); old.len() * 2];
        advise_huge_pages(&mut self.slots);
        self.shift -= 1;
        self.len = 0;
        for (k, v) in old {
            if k != EMPTY {
                self.insert(k, v);
            }
        }
    }
}

/// Asks Linux to back a large slot vector with transparent huge pages: the
/// memo is probed at random, and with 4 KiB pages nearly every probe also
/// misses the TLB. Only a hint; failure changes nothing.
fn advise_huge_pages(slots: &mut [(u64, u64)]) {
    #[cfg(target_os = "linux")]
    {
        const MADV_HUGEPAGE: i32 = 14;
        const HUGE: usize = 2 << 20;
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        let bytes = std::mem::size_of_val(slots);
        if bytes < 4 * HUGE {
            return;
        }
        // madvise wants a page-aligned start; advise the 2 MiB-aligned middle.
        let start = slots.as_mut_ptr() as usize;
        let aligned = (start + HUGE - 1) & !(HUGE - 1);
        let end = (start + bytes) & !(HUGE - 1);
        if end > aligned {
            // SAFETY: the range lies inside the live allocation of `slots`;
            // MADV_HUGEPAGE changes no contents, only how pages are backed.
            unsafe {
                madvise(
                    aligned as *mut std::ffi::c_void,
                    end - aligned,
                    MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

#[cfg(test)]
mod tests {
    use super::PackedTable;

    #[test]
    fn table_agrees_with_a_hash_map() {
        let mut t = PackedTable::new();
        let mut m = std::collections::HashMap::new();
        let mut x = 0x1234_5678_9abc_def1u64;
        for i in 0..300_000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Few distinct keys, so that updates of present keys happen too.
            let k = (x % 200_000) + 1;
            t.insert(k, i);
            m.insert(k, i);
        }
        assert_eq!(t.len(), m.len());
        for (k, v) in &m {
            assert_eq!(t.get(*k), Some(*v));
        }
        assert_eq!(t.get(200_001), None);
    }
}
