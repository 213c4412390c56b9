//! The searcher's mirror of the history's entries, for dependency tracking
//! under the board's symmetries (docs/solver.md, "Symmetry").
//!
//! Results are stored under the *canonical* history-free key: the least of
//! the keys of the state's images under the board's symmetries. A bound is
//! stored in the frame of that image, so its D+ entries are mapped by the
//! symmetry that takes the state there, and a probe from another state of
//! the same orbit maps them back. That needs, for every entry of the
//! history, its digest under every symmetry, and the inverse: which entry
//! of the history has a given digest under a given symmetry. D- is kept as
//! a filter of *orbit digests* (the least digest of an entry's images), which
//! every symmetry leaves unchanged, so it needs no mapping.
//!
//! With one symmetry (the identity) the mirror is the plain multiset of
//! entry digests, and the orbit digest of an entry is its digest.

use hashbrown::HashMap;

/// The most symmetries a board has (a square: 8).
pub(crate) const MAX_SYMS: usize = 8;

/// Distinguishes the digest of an image under each symmetry in `inv`.
const SALT: [u64; MAX_SYMS] = [
    0,
    0x243F_6A88_85A3_08D3,
    0x1319_8A2E_0370_7344,
    0xA409_3822_299F_31D0,
    0x082E_FA98_EC4E_6C89,
    0x4528_21E6_38D0_1377,
    0xBE54_66CF_34E9_0C6C,
    0xC0AC_29B7_C97C_50DD,
];

type Map<V> = HashMap<u64, V, ahash::RandomState>;

fn map<V>() -> Map<V> {
    HashMap::with_hasher(ahash::RandomState::with_seeds(5, 6, 7, 8))
}

/// An entry's digests under every symmetry, and their least (its orbit digest).
#[derive(Copy, Clone, Debug)]
struct Images {
    d: [u64; MAX_SYMS],
    orbit: u64,
}

/// The history's entries as the search sees them, mirrored move by move.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    syms: usize,
    /// Entry digest to multiplicity.
    raw: Map<u32>,
    /// With symmetries: entry digest to its images.
    img: Map<Images>,
    /// With symmetries: (image digest under s) ^ SALT[s] to the entry digest, s >= 1.
    inv: Map<u64>,
}

impl Mirror {
    /// An empty mirror for `syms` symmetries (1: the identity only).
    pub fn new(syms: usize) -> Mirror {
        assert!((1..=MAX_SYMS).contains(&syms), "{syms} symmetries");
        Mirror {
            syms,
            raw: map(),
            img: map(),
            inv: map(),
        }
    }

    /// The number of symmetries.
    #[inline]
    pub fn syms(&self) -> usize {
        self.syms
    }

    /// Adds an entry given by its digests under symmetries `0..syms`
    /// (`images[0]` is its own digest).
    pub fn add(&mut self, images: &[u64]) {
        let e = images[0];
        let c = self.raw.entry(e).or_insert(0);
        *c += 1;
        if *c > 1 || self.syms == 1 {
            return;
        }
        let mut d = [0u64; MAX_SYMS];
        d[..self.syms].copy_from_slice(&images[..self.syms]);
        let orbit = *images[..self.syms].iter().min().expect("one symmetry");
        self.img.insert(e, Images { d, orbit });
        for (s, &x) in images.iter().enumerate().take(self.syms).skip(1) {
            self.inv.insert(x ^ SALT[s], e);
        }
    }

    /// Removes one copy of the entry with digest `e`.
    pub fn remove(&mut self, e: u64) {
        let c = self.raw.get_mut(&e).expect("mirrored entry");
        *c -= 1;
        if *c > 0 {
            return;
        }
        self.raw.remove(&e);
        if self.syms > 1 {
            let im = self.img.remove(&e).expect("mirrored images");
            for (d, salt) in im.d.iter().zip(SALT).take(self.syms).skip(1) {
                self.inv.remove(&(d ^ salt));
            }
        }
    }

    /// Whether the history holds the entry with digest `e`.
    #[inline]
    pub fn contains(&self, e: u64) -> bool {
        self.raw.contains_key(&e)
    }

    /// The orbit digest of the history's entry `e` (`e` itself without
    /// symmetries); `None` if `e` is not in the history.
    #[inline]
    pub fn orbit(&self, e: u64) -> Option<u64> {
        if self.syms == 1 {
            self.contains(e).then_some(e)
        } else {
            self.img.get(&e).map(|i| i.orbit)
        }
    }

    /// The digest under symmetry `s` of the history's entry `e`.
    #[inline]
    pub fn image(&self, e: u64, s: usize) -> Option<u64> {
        if s == 0 {
            self.contains(e).then_some(e)
        } else {
            self.img.get(&e).map(|i| i.d[s])
        }
    }

    /// The history's entry whose digest under symmetry `s` is `d`.
    #[inline]
    pub fn preimage(&self, d: u64, s: usize) -> Option<u64> {
        if s == 0 {
            self.contains(d).then_some(d)
        } else {
            self.inv.get(&(d ^ SALT[s])).copied()
        }
    }

    /// Whether `f` holds for the orbit digest of some entry of the history.
    pub fn any_orbit(&self, mut f: impl FnMut(u64) -> bool) -> bool {
        if self.syms == 1 {
            self.raw.keys().any(|&e| f(e))
        } else {
            self.img.values().any(|i| f(i.orbit))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_and_preimages_follow_adds_and_removes() {
        let mut m = Mirror::new(4);
        m.add(&[10, 11, 5, 13]);
        m.add(&[10, 11, 5, 13]);
        m.add(&[20, 21, 22, 23]);
        assert_eq!(m.orbit(10), Some(5));
        assert_eq!(m.image(10, 2), Some(5));
        assert_eq!(m.preimage(13, 3), Some(10));
        assert_eq!(m.preimage(13, 2), None);
        assert_eq!(m.preimage(20, 0), Some(20));
        m.remove(10);
        assert!(m.contains(10));
        assert_eq!(m.preimage(11, 1), Some(10));
        m.remove(10);
        assert!(!m.contains(10));
        assert_eq!(m.preimage(11, 1), None);
        assert_eq!(m.orbit(10), None);
        assert!(m.any_orbit(|o| o == 20));
        assert!(!m.any_orbit(|o| o == 5));
        let mut one = Mirror::new(1);
        one.add(&[7]);
        assert_eq!(one.orbit(7), Some(7));
        assert!(one.any_orbit(|o| o == 7));
    }
}
