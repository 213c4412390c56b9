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
//! a filter of *tags*: an entry's orbit digest (the least digest of its
//! images), which every symmetry leaves unchanged, with the set of
//! symmetries that take the entry to that least image, which a symmetry
//! maps by composition (see [`Tag`] and [`Group`]).
//!
//! With one symmetry (the identity) the mirror is the plain multiset of
//! entry digests, and the tag of an entry is its digest.

use hashbrown::HashMap;
use kosolve_board::{Bitboard, Point, Position};
use std::cell::{Cell, RefCell};
use std::sync::Arc;

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

/// An entry as D- records it, the same in every frame up to the
/// symmetries' action: its orbit digest (the least of its images'
/// digests) and `mask`, the set of symmetries `t` (bit `t`) whose image
/// of the entry has that least digest. Two entries of one frame are equal
/// exactly when their tags are (up to digest collisions): an entry's
/// images are one orbit, and within it the entry is the image of the least
/// one under the inverse of any `t` of its mask. Moving to the frame of
/// the image under a symmetry `g` keeps the orbit digest and maps the
/// mask by `t -> t . g^-1` ([`Group`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tag {
    /// The orbit digest.
    pub orbit: u64,
    /// The symmetries taking the entry to its least image (bit per symmetry).
    pub mask: u8,
}

/// The board's symmetries in use, as a group: compositions, inverses and
/// the maps they induce on [`Tag`] masks and on the D- filter's slots.
#[derive(Clone, Debug)]
pub(crate) struct Group {
    syms: usize,
    /// `inv[g]`: the inverse of `g`.
    inv: [u8; MAX_SYMS],
    /// `mask_map[g][m]`: mask `m` with every bit `t` moved to `t . g`.
    mask_map: Vec<[u8; 256]>,
    /// log2 of the bits per D- filter slot: the symmetry count rounded up
    /// to a power of two.
    shift: u32,
    /// `slot_map[g][b]`: a filter byte with every slot's bit `t` moved to `t . g`.
    slot_map: Vec<[u8; 256]>,
    /// The point maps (`perms[g][p]`: the image of `p` under `g`).
    perms: Vec<[u8; 64]>,
}

impl Group {
    /// The group of the point maps `perms` (`perms[s][p]`: the image of
    /// point `p < points` under symmetry `s`; `perms[0]` the identity),
    /// which must be closed under composition.
    pub fn new(perms: &[[u8; 64]], points: usize) -> Group {
        let syms = perms.len();
        assert!((1..=MAX_SYMS).contains(&syms), "{syms} symmetries");
        // comp[u][g]: the symmetry u . g (first g, then u).
        let mut comp = [[0u8; MAX_SYMS]; MAX_SYMS];
        let mut inv = [0u8; MAX_SYMS];
        for u in 0..syms {
            for g in 0..syms {
                let c: Vec<u8> = (0..points)
                    .map(|p| perms[u][perms[g][p] as usize])
                    .collect();
                let t = (0..syms)
                    .find(|&t| perms[t][..points] == c[..])
                    .expect("the symmetries in use form a group");
                comp[u][g] = t as u8;
                if t == 0 {
                    inv[g] = u as u8;
                }
            }
        }
        let shift = syms.next_power_of_two().trailing_zeros();
        let width = 1usize << shift;
        let mut mask_map = vec![[0u8; 256]; syms];
        let mut slot_map = vec![[0u8; 256]; syms];
        for g in 0..syms {
            for b in 0..256usize {
                let (mut m, mut sl) = (0u8, 0u8);
                for t in 0..8 {
                    if b >> t & 1 == 1 {
                        if t < syms {
                            m |= 1 << comp[t][g];
                        }
                        let (slot, bit) = (t / width, t % width);
                        if bit < syms {
                            sl |= 1 << (slot * width + comp[bit][g] as usize);
                        }
                    }
                }
                mask_map[g][b] = m;
                slot_map[g][b] = sl;
            }
        }
        Group {
            syms,
            inv,
            mask_map,
            shift,
            slot_map,
            perms: perms.to_vec(),
        }
    }

    /// The trivial group (the identity only).
    pub fn identity() -> Group {
        let mut id = [0u8; 64];
        for (p, x) in id.iter_mut().enumerate() {
            *x = p as u8;
        }
        Group::new(&[id], 64)
    }

    /// The number of symmetries.
    #[inline]
    pub fn syms(&self) -> usize {
        self.syms
    }

    /// The inverse of `g`.
    #[inline]
    pub fn inverse(&self, g: usize) -> usize {
        self.inv[g] as usize
    }

    /// The image of a point set under `g`.
    pub fn map_bits(&self, b: Bitboard, g: usize) -> Bitboard {
        if g == 0 {
            return b;
        }
        let mut out = Bitboard::EMPTY;
        for p in b {
            out = out.with(Point(self.perms[g][p.index()]));
        }
        out
    }

    /// log2 of the bits per D- filter slot.
    #[inline]
    pub fn shift(&self) -> u32 {
        self.shift
    }

    /// The tag of an entry in the frame of its image under `g`: the mask
    /// mapped by `t -> t . g^-1`.
    #[inline]
    pub fn tag_in_frame(&self, tag: Tag, g: usize) -> Tag {
        if g == 0 {
            return tag;
        }
        Tag {
            orbit: tag.orbit,
            mask: self.mask_map[self.inv[g] as usize][tag.mask as usize],
        }
    }

    /// A D- filter byte moved to the frame of the image under `g` (every
    /// slot's bit `t` to `t . g^-1`).
    #[inline]
    pub fn filter_byte_in_frame(&self, b: u8, g: usize) -> u8 {
        self.slot_map[self.inv[g] as usize][b as usize]
    }

    /// The tag of an entry with digests `images` under symmetries `0..syms`.
    pub fn tag(&self, images: &[u64]) -> Tag {
        let orbit = *images[..self.syms].iter().min().expect("one symmetry");
        let mut mask = 0u8;
        for (t, &d) in images[..self.syms].iter().enumerate() {
            if d == orbit {
                mask |= 1 << t;
            }
        }
        Tag { orbit, mask }
    }
}

/// An entry's digests under every symmetry, and its tag.
#[derive(Copy, Clone, Debug)]
struct Images {
    d: [u64; MAX_SYMS],
    tag: Tag,
}

/// The history's entries as the search sees them, mirrored move by move.
#[derive(Clone, Debug)]
pub(crate) struct Mirror {
    syms: usize,
    group: Arc<Group>,
    /// Entry digest to multiplicity.
    raw: Map<u32>,
    /// With symmetries: entry digest to its images.
    img: Map<Images>,
    /// With symmetries: (image digest under s) ^ SALT[s] to the entry
    /// digest, s >= 1, for the entries of `order[..inv_len]`. It is brought
    /// up to date only when [`Mirror::preimage`] asks: most entries are
    /// added and removed again by the look at one child, which never asks
    /// (docs/performance.md, "The mirror's inverse map, kept lazily").
    inv: RefCell<Map<u64>>,
    /// The entries added, in order, each with whether it was the first
    /// copy of its digest (the copy that owns its images).
    order: Vec<(u64, bool)>,
    /// How many entries of `order` `inv` covers.
    inv_len: Cell<usize>,
    /// Every position that occurred, in order (territory conditions read them).
    positions: Vec<Position>,
}

impl Mirror {
    /// An empty mirror for the symmetries of `group` (one: the identity only).
    pub fn new(group: Arc<Group>) -> Mirror {
        Mirror {
            syms: group.syms(),
            group,
            raw: map(),
            img: map(),
            inv: RefCell::new(map()),
            order: Vec::new(),
            inv_len: Cell::new(0),
            positions: Vec::new(),
        }
    }

    /// Records a position that occurred.
    pub fn push_position(&mut self, p: Position) {
        self.positions.push(p);
    }

    /// Forgets the last position recorded.
    pub fn pop_position(&mut self) {
        self.positions.pop();
    }

    /// Every position recorded, in order.
    pub fn positions(&self) -> &[Position] {
        &self.positions
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
        let first = *c == 1;
        self.order.push((e, first));
        if !first || self.syms == 1 {
            return;
        }
        let mut d = [0u64; MAX_SYMS];
        d[..self.syms].copy_from_slice(&images[..self.syms]);
        let tag = self.group.tag(images);
        self.img.insert(e, Images { d, tag });
    }

    /// Removes the entry added last, whose digest is `e`.
    pub fn remove(&mut self, e: u64) {
        let (top, first) = self.order.pop().expect("mirrored entry");
        assert_eq!(
            top, e,
            "the mirror removes entries in the reverse order of their adds"
        );
        // Whether `inv` covered the entry removed.
        let covered = self.inv_len.get() > self.order.len();
        self.inv_len.set(self.inv_len.get().min(self.order.len()));
        let c = self.raw.get_mut(&e).expect("mirrored entry");
        *c -= 1;
        if *c > 0 {
            return;
        }
        debug_assert!(first, "the last copy removed is the first added");
        self.raw.remove(&e);
        if self.syms > 1 {
            let im = self.img.remove(&e).expect("mirrored images");
            if covered {
                let mut inv = self.inv.borrow_mut();
                for (d, salt) in im.d.iter().zip(SALT).take(self.syms).skip(1) {
                    inv.remove(&(d ^ salt));
                }
            }
        }
    }

    /// Whether the history holds the entry with digest `e`.
    #[inline]
    pub fn contains(&self, e: u64) -> bool {
        self.raw.contains_key(&e)
    }

    /// The group of symmetries.
    #[inline]
    pub fn group(&self) -> &Group {
        &self.group
    }

    /// The tag of the history's entry `e` (`e` itself without symmetries);
    /// `None` if `e` is not in the history.
    #[inline]
    pub fn tag(&self, e: u64) -> Option<Tag> {
        if self.syms == 1 {
            self.contains(e).then_some(Tag { orbit: e, mask: 1 })
        } else {
            self.img.get(&e).map(|i| i.tag)
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
            self.catch_up();
            self.inv.borrow().get(&(d ^ SALT[s])).copied()
        }
    }

    /// Brings `inv` up to date with every entry added.
    fn catch_up(&self) {
        let from = self.inv_len.get();
        if from == self.order.len() {
            return;
        }
        let mut inv = self.inv.borrow_mut();
        for &(e, first) in &self.order[from..] {
            if !first {
                continue;
            }
            let im = self.img.get(&e).expect("mirrored images");
            for (s, &x) in im.d.iter().enumerate().take(self.syms).skip(1) {
                inv.insert(x ^ SALT[s], e);
            }
        }
        self.inv_len.set(self.order.len());
    }

    /// Whether `f` holds for the tag of some entry of the history, in the
    /// frame of its image under `g`.
    pub fn any_tag(&self, g: usize, mut f: impl FnMut(Tag) -> bool) -> bool {
        if self.syms == 1 {
            self.raw.keys().any(|&e| f(Tag { orbit: e, mask: 1 }))
        } else {
            self.img
                .values()
                .any(|i| f(self.group.tag_in_frame(i.tag, g)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deps::Deps;
    use crate::search::symmetry_maps;
    use kosolve_board::Board;

    /// A toy entry: a set of points (bit p), its digest a mix of the set.
    fn digest(set: u64) -> u64 {
        let mut z = set.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The image of the point set under symmetry `s`.
    fn image(perms: &[[u8; 64]], set: u64, s: usize, n: usize) -> u64 {
        (0..n)
            .filter(|&p| set >> p & 1 == 1)
            .fold(0, |acc, p| acc | 1 << perms[s][p])
    }

    /// The entry's digests under every symmetry.
    fn images(perms: &[[u8; 64]], set: u64, n: usize) -> Vec<u64> {
        (0..perms.len())
            .map(|s| digest(image(perms, set, s, n)))
            .collect()
    }

    fn group_of(b: &str) -> (Group, Vec<[u8; 64]>, usize) {
        let board = Board::parse(b).unwrap();
        let (perms, _) = symmetry_maps(&board);
        (Group::new(&perms, board.len()), perms, board.len())
    }

    #[test]
    fn images_and_preimages_follow_adds_and_removes() {
        let (g, _, _) = group_of("2x3");
        let mut m = Mirror::new(Arc::new(g));
        m.add(&[10, 11, 5, 13]);
        m.add(&[10, 11, 5, 13]);
        m.add(&[20, 21, 22, 23]);
        assert_eq!(
            m.tag(10),
            Some(Tag {
                orbit: 5,
                mask: 0b100
            })
        );
        assert_eq!(m.image(10, 2), Some(5));
        assert_eq!(m.preimage(13, 3), Some(10));
        assert_eq!(m.preimage(13, 2), None);
        assert_eq!(m.preimage(20, 0), Some(20));
        assert_eq!(m.preimage(21, 1), Some(20));
        // Removed after a preimage (the inverse map covers it), and added
        // and removed again without one (it does not).
        m.remove(20);
        assert_eq!(m.preimage(21, 1), None);
        m.add(&[20, 21, 22, 23]);
        m.add(&[30, 31, 32, 33]);
        m.remove(30);
        m.remove(20);
        assert_eq!(m.preimage(21, 1), None);
        assert_eq!(m.preimage(31, 1), None);
        m.remove(10);
        assert!(m.contains(10));
        assert_eq!(m.preimage(11, 1), Some(10));
        m.add(&[20, 21, 22, 23]);
        assert_eq!(m.preimage(22, 2), Some(20));
        m.remove(20);
        m.remove(10);
        assert!(!m.contains(10));
        assert_eq!(m.preimage(11, 1), None);
        assert_eq!(m.tag(10), None);
        m.add(&[20, 21, 22, 23]);
        assert!(m.any_tag(0, |t| t.orbit == 20));
        assert!(!m.any_tag(0, |t| t.orbit == 5));
        let mut one = Mirror::new(Arc::new(Group::identity()));
        one.add(&[7]);
        assert_eq!(one.tag(7), Some(Tag { orbit: 7, mask: 1 }));
        assert!(one.any_tag(0, |t| t.orbit == 7));
    }

    /// The tag of an entry's image under `g`, computed from the image's own
    /// digests, is the entry's tag moved to the frame of `g`; and a D- that
    /// avoids the entry, moved to that frame, avoids exactly its image
    /// there (up to the filter's false positives, which the sample below
    /// does not meet): never another image of it.
    #[test]
    fn tags_and_filters_move_with_the_frame() {
        for b in ["1x5", "2x3", "3x3"] {
            let (group, perms, n) = group_of(b);
            let shift = group.shift();
            for set in 0..1u64 << n.min(9) {
                let t = group.tag(&images(&perms, set, n));
                let mut d = Deps::<{ crate::deps::SMALL_WORDS }>::NONE;
                d.avoid(t, shift);
                for g in 0..group.syms() {
                    let img = image(&perms, set, g, n);
                    let direct = group.tag(&images(&perms, img, n));
                    assert_eq!(group.tag_in_frame(t, g), direct, "{b} {set:b} under {g}");
                    let mut moved = d.clone();
                    moved.avoid_in_frame(&group, g);
                    assert!(moved.may_avoid(direct, shift), "{b} {set:b} under {g}");
                    for h in 0..group.syms() {
                        let other = image(&perms, set, h, n);
                        if other != img {
                            let ot = group.tag(&images(&perms, other, n));
                            assert!(!moved.may_avoid(ot, shift), "{b} {set:b}: {h} in {g}");
                        }
                    }
                    let mut back = moved;
                    back.avoid_in_frame(&group, group.inverse(g));
                    assert_eq!(back, d, "{b} {set:b}: there and back under {g}");
                }
            }
        }
    }
}
