//! The storage both transposition tables share: 16 mutex-guarded shards,
//! each a power-of-two array of fixed-size buckets, grown while under a
//! byte cap and then replacing by least work.
//!
//! Every slot holds the whole 128-bit key it was stored under (0 marks an
//! empty slot), so a lookup can only find what was stored for that key.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// A table entry as the shared storage sees it (its key is kept apart,
/// in the shard's key array).
pub(crate) trait Slot: Clone + Default {
    /// log2 of the search work behind the entry (replacement priority).
    fn work(&self) -> u8;
    /// The bytes the entry owns outside its slot.
    fn heap_bytes(&self) -> usize;
}

const SHARDS: usize = 16;
const INITIAL_BUCKETS: usize = 256;
/// The bytes of a slot's key in the key array.
const KEY_BYTES: usize = std::mem::size_of::<(u64, u64)>();

/// One shard: its entries, and beside them their keys alone, in the same
/// order, so that a lookup reads one cache line of keys and touches an
/// entry only where its key matches (an entry of the dependency table
/// takes kilobytes; docs/performance.md, "Keys apart from the entries").
struct Shard<E> {
    keys: Vec<(u64, u64)>,
    entries: Vec<E>,
    used: usize,
    /// The bytes the entries own outside their slots.
    heap: usize,
}

impl<E: Slot> Shard<E> {
    /// An empty shard of `slots` slots.
    fn empty(slots: usize) -> Self {
        Shard {
            keys: zeroed_huge(slots),
            entries: vec![E::default(); slots],
            used: 0,
            heap: 0,
        }
    }

    /// The bytes of the slot arrays.
    fn slot_bytes(&self) -> usize {
        self.keys.len() * (std::mem::size_of::<E>() + KEY_BYTES)
    }

    /// Empties slot `i` (which holds an entry).
    fn clear(&mut self, i: usize) {
        self.heap -= self.entries[i].heap_bytes();
        self.keys[i] = (0, 0);
        self.entries[i] = E::default();
        self.used -= 1;
    }

    /// Writes `e` into slot `i` under key `k`.
    #[inline]
    fn put(&mut self, i: usize, k: (u64, u64), e: E) {
        self.heap = self.heap - self.entries[i].heap_bytes() + e.heap_bytes();
        self.keys[i] = k;
        self.entries[i] = e;
    }
}

/// Capped, sharded storage of `E` in buckets of `BUCKET` slots.
pub(crate) struct Sharded<E: Slot, const BUCKET: usize> {
    shards: Vec<Mutex<Shard<E>>>,
    max_buckets_per_shard: usize,
    /// The bytes each shard may take, slots and heap together.
    shard_cap: usize,
    bytes: AtomicUsize,
    peak_bytes: AtomicUsize,
    replaced: AtomicU64,
}

/// The key halves of a 128-bit key, never `(0, 0)`.
#[inline]
fn halves(key: u128) -> (u64, u64) {
    let lo = key as u64;
    let hi = (key >> 64) as u64;
    if lo == 0 && hi == 0 {
        (1, 0)
    } else {
        (lo, hi)
    }
}

/// The log2 of a node count, as stored in `work`.
#[inline]
pub(crate) fn log_work(work: u64) -> u8 {
    (64 - work.leading_zeros()) as u8
}

impl<E: Slot, const BUCKET: usize> Sharded<E, BUCKET> {
    /// Storage that never holds more than `cap_bytes` bytes of entries
    /// (at least one bucket per shard).
    pub fn new(cap_bytes: usize) -> Self {
        let entry = std::mem::size_of::<E>() + KEY_BYTES;
        let per_shard = cap_bytes / SHARDS / (entry * BUCKET);
        // Round down to a power of two (at least 1).
        let max_buckets = if per_shard <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - per_shard.leading_zeros())
        };
        let initial = INITIAL_BUCKETS.min(max_buckets);
        let shards = (0..SHARDS)
            .map(|_| Mutex::new(Shard::empty(initial * BUCKET)))
            .collect();
        let bytes = SHARDS * initial * BUCKET * entry;
        Sharded {
            shards,
            max_buckets_per_shard: max_buckets,
            shard_cap: cap_bytes / SHARDS,
            bytes: AtomicUsize::new(bytes),
            peak_bytes: AtomicUsize::new(bytes),
            replaced: AtomicU64::new(0),
        }
    }

    /// The shard of `key`, locked, and where its bucket starts.
    #[inline]
    fn bucket(&self, key: u128) -> (std::sync::MutexGuard<'_, Shard<E>>, usize) {
        let (lo, hi) = halves(key);
        let shard = self.shards[(hi >> 60) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let nb = shard.keys.len() / BUCKET;
        (shard, (lo as usize & (nb - 1)) * BUCKET)
    }

    /// Asks the processor to bring the bucket of `key` into its cache, so
    /// that a [`Sharded::find`] soon after does not wait on memory for it
    /// (docs/performance.md, "Prefetching the children's entries").
    #[inline]
    pub fn prefetch(&self, key: u128) {
        let (shard, b) = self.bucket(key);
        prefetch_read(&shard.keys[b]);
    }

    /// Calls `f` on the entry stored under `key`, if any.
    #[inline]
    pub fn find<R>(&self, key: u128, f: impl FnOnce(&E) -> R) -> Option<R> {
        let (shard, b) = self.bucket(key);
        let k = halves(key);
        (b..b + BUCKET)
            .find(|&i| shard.keys[i] == k)
            .map(|i| f(&shard.entries[i]))
    }

    /// Updates the entry stored under `key` with `update`, or makes one
    /// with `make()` then `update`: into an empty slot of its bucket,
    /// else over the bucket's entry with the least work, if that is no
    /// more than the new entry's (`work`, a log2) or below 2. Where the
    /// shard's slots and heap then pass its share of the cap, the bucket's
    /// entries with the least work leave until they fit (the entry just
    /// written included).
    pub fn upsert(&self, key: u128, work: u8, make: impl FnOnce() -> E, update: impl Fn(&mut E)) {
        let (lo, hi) = halves(key);
        let mut shard = self.shards[(hi >> 60) as usize % SHARDS]
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let before = shard.slot_bytes() + shard.heap;
        let nb = shard.keys.len() / BUCKET;
        if shard.used * 4 >= nb * BUCKET * 3
            && nb < self.max_buckets_per_shard
            && 2 * shard.slot_bytes() + shard.heap <= self.shard_cap
        {
            self.grow(&mut shard);
        }
        let nb = shard.keys.len() / BUCKET;
        let b = (lo as usize & (nb - 1)) * BUCKET;
        if let Some(i) = (b..b + BUCKET).find(|&i| shard.keys[i] == (lo, hi)) {
            let old = shard.entries[i].heap_bytes();
            update(&mut shard.entries[i]);
            shard.heap = shard.heap - old + shard.entries[i].heap_bytes();
        } else {
            let mut new = make();
            update(&mut new);
            if let Some(i) = (b..b + BUCKET).find(|&i| shard.keys[i] == (0, 0)) {
                shard.put(i, (lo, hi), new);
                shard.used += 1;
            } else {
                let victim = (b..b + BUCKET)
                    .min_by_key(|&i| shard.entries[i].work())
                    .expect("bucket is not empty");
                let w = shard.entries[victim].work();
                if w <= work || w < 2 {
                    shard.put(victim, (lo, hi), new);
                }
                self.replaced.fetch_add(1, Ordering::Relaxed);
            }
        }
        while shard.slot_bytes() + shard.heap > self.shard_cap {
            let Some(victim) = (b..b + BUCKET)
                .filter(|&i| shard.keys[i] != (0, 0))
                .min_by_key(|&i| shard.entries[i].work())
            else {
                break;
            };
            shard.clear(victim);
            self.replaced.fetch_add(1, Ordering::Relaxed);
        }
        let after = shard.slot_bytes() + shard.heap;
        drop(shard);
        self.account(before, after);
    }

    /// Moves the byte count from a shard's `before` to its `after`.
    fn account(&self, before: usize, after: usize) {
        if after >= before {
            let now = self.bytes.fetch_add(after - before, Ordering::Relaxed) + after - before;
            self.peak_bytes.fetch_max(now, Ordering::Relaxed);
        } else {
            self.bytes.fetch_sub(before - after, Ordering::Relaxed);
        }
    }

    /// Doubles a shard's buckets, moving its entries over (an entry whose
    /// new bucket is full is dropped). The caller counts the bytes.
    fn grow(&self, shard: &mut Shard<E>) {
        let old_len = shard.keys.len();
        let nb = old_len / BUCKET * 2;
        let old = std::mem::replace(shard, Shard::empty(nb * BUCKET));
        for (k, e) in old.keys.into_iter().zip(old.entries) {
            if k == (0, 0) {
                continue;
            }
            let b = (k.0 as usize & (nb - 1)) * BUCKET;
            if let Some(i) = (b..b + BUCKET).find(|&i| shard.keys[i] == (0, 0)) {
                shard.put(i, k, e);
                shard.used += 1;
            }
        }
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
}

/// The constructor and the storage's statistics as methods of a table
/// whose one field, `slots`, is the storage: `new`, `peak_bytes`,
/// `replacements` and `len`. Used inside each table's `impl`.
macro_rules! storage_methods {
    () => {
        /// A table that never holds more than `cap_bytes` bytes of entries
        /// (at least one bucket per shard).
        pub fn new(cap_bytes: usize) -> Self {
            Self {
                slots: Sharded::new(cap_bytes),
            }
        }

        /// The most bytes the entries ever took.
        pub fn peak_bytes(&self) -> usize {
            self.slots.peak_bytes()
        }

        /// How many stores found a full bucket (and replaced or dropped an
        /// entry).
        pub fn replacements(&self) -> u64 {
            self.slots.replacements()
        }

        /// The number of entries held.
        pub fn len(&self) -> usize {
            self.slots.len()
        }
    };
}
pub(crate) use storage_methods;

/// [`Slot`] for an entry type with an `owned_bytes` method and the fields `best`
/// (a move code, `u8::MAX` for none) and `work` (a log2), and its `note`
/// method that a store calls last.
macro_rules! slot_fields {
    ($entry:ty $(, $($gen:tt)*)?) => {
        impl$(<$($gen)*>)? Slot for $entry {
            #[inline]
            fn work(&self) -> u8 {
                self.work
            }
            #[inline]
            fn heap_bytes(&self) -> usize {
                self.owned_bytes()
            }
        }

        impl$(<$($gen)*>)? $entry {
            /// Records the best move found, if any, and keeps the larger
            /// of the stored work and `work`.
            fn note(&mut self, best: Option<u8>, work: u8) {
                if let Some(b) = best {
                    self.best = b;
                }
                self.work = self.work.max(work);
            }
        }
    };
}
pub(crate) use slot_fields;

/// A hint to the processor to load the cache line of `x`; nothing where
/// the target has no such instruction.
#[inline]
pub(crate) fn prefetch_read<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch only hints the cache; it reads nothing the program
    // sees and cannot fault, and `x` is a valid reference anyway.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// A type whose all-zero bytes are a valid value.
///
/// # Safety
/// Only for types where every value's bytes may be zero: integers, arrays
/// and tuples of them, atomics of them.
pub(crate) unsafe trait Zeroable {}

// SAFETY: integers and atomic integers are valid at zero, and so are
// tuples and arrays of them.
unsafe impl Zeroable for (u64, u64) {}
// SAFETY: as above.
unsafe impl Zeroable for [AtomicU64; 2] {}

/// `n` zero values, in memory the kernel is asked to back with transparent
/// huge pages (Linux `madvise(MADV_HUGEPAGE)`; elsewhere, and where the
/// kernel declines, ordinary pages). Random probes of a large array walk
/// the page tables on most reads with 4 KiB pages
/// (docs/performance.md, "Huge pages for the probed arrays").
pub(crate) fn zeroed_huge<T: Zeroable>(n: usize) -> Vec<T> {
    let layout = std::alloc::Layout::array::<T>(n).expect("array size overflows");
    if layout.size() == 0 {
        return Vec::new();
    }
    // SAFETY: the layout has a non-zero size; zeroed bytes are a valid `T`
    // (`Zeroable`); the pointer comes from the global allocator with this
    // very layout, so `Vec` may own it with length and capacity `n`.
    let v = unsafe {
        let p = std::alloc::alloc_zeroed(layout);
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Vec::from_raw_parts(p.cast::<T>(), n, n)
    };
    advise_huge(v.as_ptr().cast::<u8>(), layout.size());
    v
}

/// Asks the kernel to back the whole 2 MiB pages inside `len` bytes at `p`
/// with huge pages. Only a hint: it changes no byte, and its failure is
/// ignored.
fn advise_huge(p: *const u8, len: usize) {
    const HUGE: usize = 2 << 20;
    let start = (p as usize).next_multiple_of(HUGE);
    let end = (p as usize + len) / HUGE * HUGE;
    if end <= start {
        return;
    }
    #[cfg(target_os = "linux")]
    // SAFETY: the range lies inside one live allocation of ours, and
    // MADV_HUGEPAGE changes how its pages are backed, never their content.
    unsafe {
        libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
    }
}
