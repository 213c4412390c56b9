//! Open addressing from keys to their numbers.

/// A key the [`Interner`] can number: compared for equality and hashed to
/// 64 bits.
pub trait Key: Copy + Eq {
    /// A well-mixed 64-bit hash of the key.
    fn hash64(self) -> u64;
}

/// The finaliser of splitmix64: spreads every input bit over the output.
#[inline]
fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

impl Key for u64 {
    #[inline]
    fn hash64(self) -> u64 {
        mix(self)
    }
}

impl Key for u128 {
    #[inline]
    fn hash64(self) -> u64 {
        mix((self as u64) ^ ((self >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

/// Open addressing (linear probing) from keys to their numbers, the keys
/// living in a separate vector that the caller owns and that the table
/// appends to: key `i` of the vector has number `i`. The table has any
/// length (a hash is mapped onto it by a multiply-shift) and grows by half
/// once four fifths full, so that its 4-byte slots stay near 5 to 7.5
/// bytes per key.
pub struct Interner {
    slots: Vec<u32>,
}

const EMPTY_SLOT: u32 = u32::MAX;

impl Interner {
    /// A table with room for about `n` keys before it grows.
    pub fn with_capacity(n: usize) -> Interner {
        Interner {
            slots: vec![EMPTY_SLOT; n.max(16) * 2],
        }
    }

    #[inline]
    fn home<K: Key>(&self, k: K) -> usize {
        ((k.hash64() as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The number of `k`, appending it to `keys` if new; the bool is true
    /// if it was new. `keys` must hold exactly the keys this table has
    /// numbered, in order.
    pub fn intern<K: Key>(&mut self, keys: &mut Vec<K>, k: K) -> (u32, bool) {
        if (keys.len() + 1) * 5 > self.slots.len() * 4 {
            self.grow(keys);
        }
        let len = self.slots.len();
        let mut i = self.home(k);
        loop {
            let s = self.slots[i];
            if s == EMPTY_SLOT {
                let idx = keys.len() as u32;
                self.slots[i] = idx;
                keys.push(k);
                return (idx, true);
            }
            if keys[s as usize] == k {
                return (s, false);
            }
            i += 1;
            if i == len {
                i = 0;
            }
        }
    }

    fn grow<K: Key>(&mut self, keys: &[K]) {
        let size = self.slots.len() + self.slots.len() / 2;
        self.slots = Vec::new();
        self.slots = vec![EMPTY_SLOT; size];
        for (idx, &k) in keys.iter().enumerate() {
            let mut i = self.home(k);
            while self.slots[i] != EMPTY_SLOT {
                i += 1;
                if i == size {
                    i = 0;
                }
            }
            self.slots[i] = idx as u32;
        }
    }

    /// Bytes held by the table (not the keys).
    pub fn bytes(&self) -> usize {
        self.slots.len() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keys_in_order_of_arrival() {
        let mut t = Interner::with_capacity(1);
        let mut keys: Vec<u128> = Vec::new();
        for i in 0..10_000u128 {
            assert_eq!(t.intern(&mut keys, i * 7919 + (i << 70)), (i as u32, true));
        }
        for i in (0..10_000u128).rev() {
            assert_eq!(t.intern(&mut keys, i * 7919 + (i << 70)), (i as u32, false));
        }
        assert_eq!(keys.len(), 10_000);
        assert!(t.bytes() <= 10_000 * 8);
    }
}
