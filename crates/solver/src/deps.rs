//! Dependency tracking (docs/solver.md, "Dependency tracking"): search
//! results keyed without the history, each bound stored with the part of
//! the history its proof read.
//!
//! A bound proven at a node depends on the history before the node only
//! through the legality of board plays inside its proof:
//! - **needs** (D+): entries that forbade a play of the side whose every
//!   move the proof refutes. Were one missing, that side would have a move
//!   the proof never answered.
//! - **avoids** (D-): entries of the plays the proof chooses for the other
//!   side. Were one present, the chosen play would be illegal.
//!
//! A side getting fewer moves than the proof considered only helps the
//! proof (a player without a legal move loses; the pass, delays and draw
//! never read the history). So the bound holds at every node with the same
//! history-free key whose history contains every entry of D+ and none of
//! D-.

use crate::mirror::{Group, Mirror, Tag};
use crate::sharded::{log_work, slot_fields, Sharded, Slot};
use kosolve_rules::Pattern;

/// How many D+ entries a dependency set holds before it is given up as too large.
pub const NEEDS_CAP: usize = 30;
/// How many territory conditions a dependency set holds before it is
/// given up as too large.
pub const PATTERNS_CAP: usize = 16;
/// The words (64 bits each) of the small Bloom filter that holds D-: the
/// size for boards whose proofs avoid a few hundred entries at most.
pub const SMALL_WORDS: usize = 64;
/// The words of the large filter, for the long lines on which proofs
/// avoid a thousand entries and more (docs/performance.md, "The D-
/// filter's size").
pub const LARGE_WORDS: usize = 512;

/// The history a proven bound depends on. D+ is an exact list of entry
/// digests; D- is a Bloom filter of `W` 64-bit words (two slots per entry),
/// of which only the nonzero words are kept, in index order, with a bitmap
/// of which words those are (most proofs on small boards avoid a few
/// entries, and a dense filter made every copy of a set and every table
/// entry kilobytes; docs/performance.md, "Sparse dependency sets"). A
/// filter can only err by reporting an entry that is not there, which
/// makes [`Deps::holds_in`] refuse a bound that in fact holds: never the
/// other way. `over` marks a set whose D+ outgrew [`NEEDS_CAP`], or one
/// that came from a whole-history key: such a bound is never stored by
/// its history-free key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deps<const W: usize> {
    /// Too large, or unknown.
    pub over: bool,
    /// D+, at most [`NEEDS_CAP`] entries.
    needs: Vec<u64>,
    /// D-: which of the filter's words are nonzero (bit `i % 64` of
    /// `present[i / 64]` for word `i`; `W` is at most 512).
    present: [u64; PRESENT_WORDS],
    /// D-: the filter's nonzero words, in index order.
    words: Vec<u64>,
    /// Territory conditions (docs/solver.md, "Territory"): no position
    /// of the history may match one. At most [`PATTERNS_CAP`].
    patterns: Vec<Pattern>,
}

/// The words of a [`Deps`]' bitmap of nonzero filter words: room for a
/// filter of `64 * PRESENT_WORDS` words.
const PRESENT_WORDS: usize = LARGE_WORDS / 64;

impl<const W: usize> Default for Deps<W> {
    fn default() -> Self {
        Deps::NONE
    }
}

/// The filter's two slots for an orbit digest: slots of `1 << shift` bits,
/// one bit per symmetry (see [`Tag`]); the bit indices of their first bits.
#[inline]
fn bloom_slots(d: u64, shift: u32, bits: usize) -> (usize, usize) {
    // The digest is a mixed hash: two disjoint bit fields give two indices.
    let slots = bits >> shift;
    (
        ((d as usize) % slots) << shift,
        (((d >> 32) as usize) % slots) << shift,
    )
}

impl<const W: usize> Deps<W> {
    /// No dependency: the bound holds whatever the history.
    pub const NONE: Self = Deps {
        over: false,
        needs: Vec::new(),
        present: [0; PRESENT_WORDS],
        words: Vec::new(),
        patterns: Vec::new(),
    };
    /// Unknown dependencies (a whole-history table hit, or too many).
    pub const OVER: Self = Deps {
        over: true,
        needs: Vec::new(),
        present: [0; PRESENT_WORDS],
        words: Vec::new(),
        patterns: Vec::new(),
    };

    /// Empties the set (as [`Deps::NONE`]), keeping its allocations.
    #[inline]
    pub fn clear(&mut self) {
        self.over = false;
        self.needs.clear();
        if !self.words.is_empty() {
            self.present = [0; PRESENT_WORDS];
            self.words.clear();
        }
        self.patterns.clear();
    }

    /// Makes this set [`Deps::OVER`].
    fn set_over(&mut self) {
        self.clear();
        self.over = true;
    }

    /// Makes this set a copy of `o`, reusing its allocations.
    #[inline]
    pub fn copy_from(&mut self, o: &Deps<W>) {
        self.over = o.over;
        self.needs.clone_from(&o.needs);
        self.present = o.present;
        self.words.clone_from(&o.words);
        self.patterns.clone_from(&o.patterns);
    }

    /// The bytes the set owns outside itself (its lists' allocations).
    pub fn heap_bytes(&self) -> usize {
        (self.needs.capacity() + self.words.capacity()) * 8
            + self.patterns.capacity() * std::mem::size_of::<Pattern>()
    }

    /// D+: the entries that must be present.
    pub fn needs(&self) -> &[u64] {
        &self.needs
    }

    /// Whether D- is empty.
    #[inline]
    fn no_avoid(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether the filter's word `i` is kept, and where in `words` it is
    /// or would go.
    #[inline]
    fn rank(&self, i: usize) -> (bool, usize) {
        let (q, r) = (i / 64, i % 64);
        let below: u32 = self.present[..q].iter().map(|w| w.count_ones()).sum();
        let w = self.present[q];
        (
            w >> r & 1 == 1,
            (below + (w & ((1u64 << r) - 1)).count_ones()) as usize,
        )
    }

    /// The filter's word `i` (0 where not kept).
    #[inline]
    fn word(&self, i: usize) -> u64 {
        match self.rank(i) {
            (true, j) => self.words[j],
            (false, _) => 0,
        }
    }

    /// Sets the bits `bits` of the filter's word `i`.
    #[inline]
    fn set_bits(&mut self, i: usize, bits: u64) {
        if bits == 0 {
            return;
        }
        match self.rank(i) {
            (true, j) => self.words[j] |= bits,
            (false, j) => {
                self.present[i / 64] |= 1 << (i % 64);
                self.words.insert(j, bits);
            }
        }
    }

    /// The kept words with their indices, in index order.
    fn indexed_words(&self) -> impl Iterator<Item = (u16, u64)> + '_ {
        let indices = self.present.iter().enumerate().flat_map(|(q, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let r = w.trailing_zeros() as usize;
                    w &= w - 1;
                    (q * 64 + r) as u16
                })
            })
        });
        indices.zip(self.words.iter().copied())
    }

    /// Whether the entry tagged `t` may be in D- (false: it certainly is
    /// not), with filter slots of `1 << shift` bits.
    pub fn may_avoid(&self, t: Tag, shift: u32) -> bool {
        if self.no_avoid() {
            return false;
        }
        let (a, b) = bloom_slots(t.orbit, shift, W * 64);
        let m = t.mask as u64;
        self.word(a / 64) >> (a % 64) & m == m && self.word(b / 64) >> (b % 64) & m == m
    }

    /// Adds an entry that must be present.
    pub fn need(&mut self, d: u64) {
        if self.over || self.needs.contains(&d) {
            return;
        }
        if self.needs.len() >= NEEDS_CAP {
            self.set_over();
            return;
        }
        self.needs.push(d);
    }

    /// The territory conditions.
    pub fn patterns(&self) -> &[Pattern] {
        &self.patterns
    }

    /// Adds a territory condition: no position of the history may match it.
    pub fn forbid(&mut self, p: Pattern) {
        if self.over || self.patterns.contains(&p) {
            return;
        }
        if self.patterns.len() >= PATTERNS_CAP {
            self.set_over();
            return;
        }
        self.patterns.push(p);
    }

    /// The territory conditions moved to the frame of the image under `g`.
    fn patterns_in_frame(&mut self, group: &Group, g: usize) {
        for p in self.patterns.iter_mut() {
            p.alive = group.map_bits(p.alive, g);
            p.regions = group.map_bits(p.regions, g);
        }
    }

    /// Adds an entry that must be absent, tagged `t`, with filter slots of
    /// `1 << shift` bits.
    pub fn avoid(&mut self, t: Tag, shift: u32) {
        if self.over {
            return;
        }
        let (a, b) = bloom_slots(t.orbit, shift, W * 64);
        self.set_bits(a / 64, (t.mask as u64) << (a % 64));
        self.set_bits(b / 64, (t.mask as u64) << (b % 64));
    }

    /// D- moved to the frame of the image under symmetry `g` of `group`
    /// (a symmetry moves bits within a filter slot, so every kept word
    /// stays nonzero and keeps its index).
    pub(crate) fn avoid_in_frame(&mut self, group: &Group, g: usize) {
        if g == 0 {
            return;
        }
        for w in self.words.iter_mut() {
            let mut out = 0u64;
            for i in 0..8 {
                let b = (*w >> (8 * i)) as u8;
                if b != 0 {
                    out |= (group.filter_byte_in_frame(b, g) as u64) << (8 * i);
                }
            }
            *w = out;
        }
    }

    /// Adds every dependency of `o`.
    pub fn merge(&mut self, o: &Deps<W>) {
        if o.over {
            self.set_over();
            return;
        }
        if self.over {
            return;
        }
        for &d in o.needs() {
            self.need(d);
        }
        if !o.no_avoid() {
            if self.no_avoid() {
                self.present = o.present;
                self.words.clone_from(&o.words);
            } else {
                self.merge_avoid(o);
            }
        }
        for &p in o.patterns() {
            self.forbid(p);
        }
    }

    /// ORs the filter of `o` into this one.
    fn merge_avoid(&mut self, o: &Deps<W>) {
        if o.present == self.present {
            for (x, y) in self.words.iter_mut().zip(o.words.iter()) {
                *x |= *y;
            }
            return;
        }
        let mut out = Vec::with_capacity(self.words.len() + o.words.len());
        let (mut i, mut j) = (0, 0);
        for q in 0..PRESENT_WORDS {
            let (a, b) = (self.present[q], o.present[q]);
            let mut all = a | b;
            while all != 0 {
                let bit = all & all.wrapping_neg();
                let mut w = 0;
                if a & bit != 0 {
                    w |= self.words[i];
                    i += 1;
                }
                if b & bit != 0 {
                    w |= o.words[j];
                    j += 1;
                }
                out.push(w);
                all &= all - 1;
            }
            self.present[q] = a | b;
        }
        self.words = out;
    }

    /// Drops `d` from D+: the move from the parent adds it, so at the
    /// parent it is part of the path, not of the history before.
    pub fn drop_need(&mut self, d: u64) {
        if let Some(i) = self.needs.iter().position(|&x| x == d) {
            self.needs.swap_remove(i);
        }
    }

    /// Whether the bound holds in the history of `m`, its dependencies
    /// being stored in the frame of symmetry `sym` of the current state
    /// (docs/solver.md, "Symmetry"): every D+ entry is the image under
    /// `sym` of an entry of the history, and no entry's image under `sym`
    /// may be in D- (by its tag). Returns the dependencies in the current
    /// state's own frame.
    pub fn holds_in(&self, m: &Mirror, sym: usize) -> Option<Deps<W>> {
        if self.over {
            return None;
        }
        // D+ mapped first, then the D- scan; the rest of the set is
        // copied only once both hold (a probe refused here copies nothing
        // but the mapped D+).
        let needs = self
            .needs
            .iter()
            .map(|&d| m.preimage(d, sym))
            .collect::<Option<Vec<u64>>>()?;
        let shift = m.group().shift();
        if !self.no_avoid() && m.any_tag(sym, |t| self.may_avoid(t, shift)) {
            return None;
        }
        let mut out = Deps {
            over: false,
            needs,
            present: self.present,
            words: self.words.clone(),
            patterns: self.patterns.clone(),
        };
        let back = m.group().inverse(sym);
        out.avoid_in_frame(m.group(), back);
        if !out.patterns.is_empty() {
            out.patterns_in_frame(m.group(), back);
            if m.positions()
                .iter()
                .any(|pos| out.patterns().iter().any(|p| p.matches(pos)))
            {
                return None;
            }
        }
        Some(out)
    }

    /// These dependencies of the current state, in the frame of its image
    /// under symmetry `sym`: every D+ entry (an entry of the history of
    /// `m`) mapped to its image's digest, `None` if one is not in the
    /// history; D- mapped by its tags' masks.
    pub fn in_frame(mut self, m: &Mirror, sym: usize) -> Option<Deps<W>> {
        if sym == 0 || self.over {
            return Some(self);
        }
        for n in self.needs.iter_mut() {
            *n = m.image(*n, sym)?;
        }
        self.avoid_in_frame(m.group(), sym);
        self.patterns_in_frame(m.group(), sym);
        Some(self)
    }
}

/// One state's stored bounds, each with its own dependencies.
#[derive(Clone, Debug)]
struct DepEntry<const W: usize> {
    lower: i16,
    upper: i16,
    best: u8,
    work: u8,
    lower_deps: Deps<W>,
    upper_deps: Deps<W>,
}

impl<const W: usize> Default for DepEntry<W> {
    fn default() -> Self {
        DepEntry {
            lower: i16::MIN,
            upper: i16::MAX,
            best: u8::MAX,
            work: 0,
            lower_deps: Deps::NONE,
            upper_deps: Deps::NONE,
        }
    }
}

slot_fields!(DepEntry<W>, const W: usize);

impl<const W: usize> DepEntry<W> {
    /// The bytes its two dependency sets own outside the entry.
    fn owned_bytes(&self) -> usize {
        self.lower_deps.heap_bytes() + self.upper_deps.heap_bytes()
    }
}

/// What a probe of the dependency table returns.
#[derive(Clone, Debug)]
pub struct DepProbe<const W: usize> {
    /// The stored bound that decides the probe's window, if one does and
    /// its dependencies hold in the current history: its value and its
    /// dependencies as they read at the current state (both bounds'
    /// where the value is exact).
    pub decided: Option<(i32, Deps<W>)>,
    /// The code of the best move last found.
    pub best: Option<u8>,
}

/// A capped, sharded table of bounds keyed by history-free keys, with an
/// optional [`Archive`] behind it.
pub struct DepTable<const W: usize> {
    slots: Sharded<DepEntry<W>, 2>,
    archive: Option<Archive>,
}

impl<const W: usize> DepTable<W> {
    /// A table that never holds more than `cap_bytes` bytes of entries
    /// (at least one bucket per shard), without an archive.
    pub fn new(cap_bytes: usize) -> Self {
        DepTable {
            slots: Sharded::new(cap_bytes),
            archive: None,
        }
    }

    /// A table as [`DepTable::new`], with an [`Archive`] of at most
    /// `archive_bytes` behind it: every bound stored is also kept there,
    /// and a probe the table does not decide asks the archive.
    pub fn with_archive(cap_bytes: usize, archive_bytes: usize) -> Self {
        DepTable {
            slots: Sharded::new(cap_bytes),
            archive: Some(Archive::new(archive_bytes)),
        }
    }

    /// The most bytes the entries ever took, the archive's included.
    pub fn peak_bytes(&self) -> usize {
        self.slots.peak_bytes() + self.archive.as_ref().map_or(0, Archive::bytes)
    }

    /// How many stores found a full bucket (and replaced or dropped an
    /// entry).
    pub fn replacements(&self) -> u64 {
        self.slots.replacements()
    }

    /// The number of entries held (not counting the archive's).
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Counts a bound that could not be kept by this table's key (its
    /// dependencies outgrew a set), where there is an archive.
    pub fn note_over(&self) {
        if let Some(a) = &self.archive {
            a.note_over();
        }
    }

    /// The archive's counts, if there is one.
    pub fn archive_stats(&self) -> Option<ArchiveStats> {
        self.archive.as_ref().map(Archive::stats)
    }

    /// Brings the bucket of `key` into the cache ahead of a probe
    /// ([`crate::sharded::Sharded::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u128) {
        self.slots.prefetch(key);
    }

    /// Whether the bounds stored for `key` decide the window `(alpha,
    /// beta)`: a lower bound at least `beta`, an upper bound at most
    /// `alpha`, or equal bounds, counting only a bound whose dependencies
    /// pass `check` (which returns them as they read at the current state,
    /// or `None` where they do not hold there) and the ends of `range`
    /// for the others. The dependencies are checked only where the stored
    /// values could decide the window: a check moves a whole dependency
    /// set, and most probes of an open node decide nothing.
    pub fn probe(
        &self,
        key: u128,
        range: (i32, i32),
        (alpha, beta): (i32, i32),
        check: impl Fn(&Deps<W>) -> Option<Deps<W>>,
    ) -> Option<DepProbe<W>> {
        self.slots.find(key, |e| {
            let best = (e.best != u8::MAX).then_some(e.best);
            let (lo, hi) = (e.lower as i32, e.upper as i32);
            // The values the two bounds can take: their own, or the ends
            // of the range where their dependencies fail.
            let may_decide = lo >= beta
                || range.0 >= beta
                || hi <= alpha
                || range.1 <= alpha
                || lo == hi
                || lo == range.1
                || range.0 == hi
                || range.0 == range.1;
            if !may_decide {
                return DepProbe {
                    decided: None,
                    best,
                };
            }
            let (l, ld) = match (lo > range.0).then(|| check(&e.lower_deps)).flatten() {
                Some(d) => (lo, d),
                None => (range.0, Deps::NONE),
            };
            let (u, ud) = match (hi < range.1).then(|| check(&e.upper_deps)).flatten() {
                Some(d) => (hi, d),
                None => (range.1, Deps::NONE),
            };
            let decided = (l >= beta || u <= alpha || l == u).then(|| {
                if u <= alpha && l < beta {
                    (u, ud)
                } else if l == u {
                    let mut d = ld;
                    d.merge(&ud);
                    (l, d)
                } else {
                    (l, ld)
                }
            });
            DepProbe { decided, best }
        })
    }

    /// A bound of the archive (none without one) that decides the window
    /// `(alpha, beta)` and whose dependencies hold in the history of `m`,
    /// stored in the frame of symmetry `sym` of the current state: its
    /// value and dependencies as [`Deps::holds_in`] returns them. For a
    /// probe that the table's own bounds ([`DepTable::probe`]) left open.
    pub fn archived(
        &self,
        key: u128,
        (alpha, beta): (i32, i32),
        m: &Mirror,
        sym: usize,
    ) -> Option<(i32, Deps<W>)> {
        self.archive.as_ref()?.decide(key, (alpha, beta), m, sym)
    }

    /// The code of the best move last found for `key`, if any.
    pub fn best(&self, key: u128) -> Option<u8> {
        self.slots
            .find(key, |e| (e.best != u8::MAX).then_some(e.best))
            .flatten()
    }

    /// Stores a lower bound (`lower`) and/or an upper bound (`upper`), each
    /// with its dependencies, replacing the stored ones.
    pub fn store(
        &self,
        key: u128,
        lower: Option<(i32, Deps<W>)>,
        upper: Option<(i32, Deps<W>)>,
        best: Option<u8>,
        work: u64,
    ) {
        if let Some(a) = &self.archive {
            if let Some((v, d)) = &lower {
                a.keep(key, true, *v, d);
            }
            if let Some((v, d)) = &upper {
                a.keep(key, false, *v, d);
            }
        }
        let work = log_work(work);
        self.slots.upsert(key, work, DepEntry::default, |e| {
            // A new bound replaces the old one: the search only computes
            // one where the stored bound did not answer (too loose, or its
            // dependencies fail in the current history).
            if let Some((v, d)) = &lower {
                e.lower = *v as i16;
                e.lower_deps.copy_from(d);
            }
            if let Some((v, d)) = &upper {
                e.upper = *v as i16;
                e.upper_deps.copy_from(d);
            }
            e.note(best, work);
        });
    }
}

/// Every bound a [`DepTable`] was given, kept with its dependencies and
/// never replaced (docs/certificates.md, "The archive"). The table keeps
/// one bound of each kind per key and drops entries when full; a proof's
/// inner nodes then lose their bounds to later proofs at other histories,
/// and a walk along the proof must search them again. The archive keeps
/// them all, up to its byte cap (past it, nothing more is kept). A bound
/// it answers with is checked against the history at hand exactly as the
/// table's own ([`DepTable::probe`]'s `check`), so an answer from it is
/// as exact as one from the table.
struct Archive {
    kept: std::sync::Mutex<hashbrown::HashMap<u128, Vec<Kept>>>,
    bytes: std::sync::atomic::AtomicUsize,
    cap: usize,
    stats: std::sync::Mutex<ArchiveStats>,
}

/// What an [`Archive`] holds and has answered.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveStats {
    /// Bounds kept.
    pub kept: u64,
    /// Bounds not kept: the same as one kept, or past the cap.
    pub skipped: u64,
    /// Probes the archive decided (where the table did not).
    pub answers: u64,
    /// Bounds not kept because their dependencies outgrew a set (they
    /// live under whole keys).
    pub over: u64,
}

/// The most bounds an [`Archive`] keeps for one key and one side.
const ARCHIVE_PER_KEY: usize = 256;

/// One kept bound: "value >= v" (`lower`) or "value <= v", and its
/// dependencies with the filter's zero words left out.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Kept {
    lower: bool,
    v: i16,
    needs: Box<[u64]>,
    /// The filter's nonzero words, by index.
    words: Box<[(u16, u64)]>,
    patterns: Box<[Pattern]>,
}

impl Kept {
    fn of<const W: usize>(lower: bool, v: i32, d: &Deps<W>) -> Kept {
        let words: Box<[(u16, u64)]> = d.indexed_words().collect();
        Kept {
            lower,
            v: v as i16,
            needs: d.needs().into(),
            words,
            patterns: d.patterns().into(),
        }
    }

    /// Whether these dependencies hold in the history of `m` (as
    /// [`Deps::holds_in`] says), read from the kept form: no whole set is
    /// built for a bound that fails. `seen` is the history as a D- filter
    /// reads it ([`Seen`]); `scratch` a zeroed filter, left zeroed.
    fn holds_in<const W: usize>(
        &self,
        m: &Mirror,
        sym: usize,
        seen: &Seen<W>,
        scratch: &mut [u64; W],
    ) -> bool {
        if self.needs.iter().any(|&d| m.preimage(d, sym).is_none()) {
            return false;
        }
        // Where no word of D- meets the history's bits, no entry of the
        // history can be in D-; otherwise each entry's two slots are read.
        if self
            .words
            .iter()
            .any(|&(i, w)| w & seen.bits[i as usize] != 0)
        {
            for &(i, w) in self.words.iter() {
                scratch[i as usize] = w;
            }
            let hit = seen.slots.iter().any(|&(a, b, mk)| {
                scratch[a / 64] >> (a % 64) & mk == mk && scratch[b / 64] >> (b % 64) & mk == mk
            });
            for &(i, _) in self.words.iter() {
                scratch[i as usize] = 0;
            }
            if hit {
                return false;
            }
        }
        // The territory conditions, where there are any, by the whole set.
        self.patterns.is_empty() || self.deps::<W>().holds_in(m, sym).is_some()
    }

    fn deps<const W: usize>(&self) -> Deps<W> {
        let mut d = Deps::NONE;
        for &n in self.needs.iter() {
            d.need(n);
        }
        for &(i, w) in self.words.iter() {
            d.set_bits(i as usize, w);
        }
        for &p in self.patterns.iter() {
            d.forbid(p);
        }
        d
    }

    fn bytes(&self) -> usize {
        std::mem::size_of::<Kept>()
            + self.needs.len() * 8
            + self.words.len() * 16
            + std::mem::size_of_val(&*self.patterns)
    }
}

/// A history as a D- filter of `W` words reads it: each entry's two
/// slots and mask (see [`Deps::may_avoid`]), and the bits they set. A set
/// whose filter meets none of the bits avoids no entry of the history.
struct Seen<const W: usize> {
    slots: Vec<(usize, usize, u64)>,
    bits: Box<[u64; W]>,
}

impl<const W: usize> Seen<W> {
    /// The history of `m`, its entries in the frame of symmetry `sym`.
    fn of(m: &Mirror, sym: usize) -> Seen<W> {
        let shift = m.group().shift();
        let mut seen = Seen {
            slots: Vec::new(),
            bits: Box::new([0u64; W]),
        };
        m.any_tag(sym, |t| {
            let (a, b) = bloom_slots(t.orbit, shift, W * 64);
            let mk = t.mask as u64;
            seen.bits[a / 64] |= mk << (a % 64);
            seen.bits[b / 64] |= mk << (b % 64);
            seen.slots.push((a, b, mk));
            false
        });
        seen
    }
}

impl Archive {
    fn new(cap: usize) -> Archive {
        Archive {
            kept: Default::default(),
            bytes: Default::default(),
            cap,
            stats: Default::default(),
        }
    }

    fn bytes(&self) -> usize {
        self.bytes.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn note_over(&self) {
        self.stats.lock().expect("archive stats").over += 1;
    }

    fn stats(&self) -> ArchiveStats {
        *self.stats.lock().expect("archive stats")
    }

    /// Keeps the bound "value >= v" (`lower`) or "value <= v" with its
    /// dependencies `d`, unless the same is kept, the key's list for
    /// that side is full, or the archive is.
    fn keep<const W: usize>(&self, key: u128, lower: bool, v: i32, d: &Deps<W>) {
        if d.over {
            self.note_over();
            return;
        }
        let k = Kept::of(lower, v, d);
        let mut stats = self.stats.lock().expect("archive stats");
        if self.bytes() + k.bytes() > self.cap {
            stats.skipped += 1;
            return;
        }
        let mut map = self.kept.lock().expect("archive");
        let list = map.entry(key).or_default();
        if list.contains(&k) || list.iter().filter(|e| e.lower == lower).count() >= ARCHIVE_PER_KEY
        {
            stats.skipped += 1;
            return;
        }
        self.bytes
            .fetch_add(k.bytes(), std::sync::atomic::Ordering::Relaxed);
        stats.kept += 1;
        list.push(k);
    }

    /// A kept bound for `key` that decides the window `(alpha, beta)`
    /// and whose dependencies hold in the history of `m` (frame `sym`):
    /// its value and its dependencies as [`Deps::holds_in`] returns them
    /// (the first such bound in the list, which keeps the last to answer
    /// first).
    fn decide<const W: usize>(
        &self,
        key: u128,
        (alpha, beta): (i32, i32),
        m: &Mirror,
        sym: usize,
    ) -> Option<(i32, Deps<W>)> {
        let mut map = self.kept.lock().expect("archive");
        let list = map.get_mut(&key)?;
        let mut seen: Option<(Seen<W>, Box<[u64; W]>)> = None;
        let found = list.iter().enumerate().find_map(|(i, e)| {
            let v = e.v as i32;
            let decides = if e.lower { v >= beta } else { v <= alpha };
            if !decides {
                return None;
            }
            let (seen, scratch) =
                seen.get_or_insert_with(|| (Seen::of(m, sym), Box::new([0u64; W])));
            if !e.holds_in::<W>(m, sym, seen, scratch) {
                return None;
            }
            e.deps::<W>().holds_in(m, sym).map(|d| (i, v, d))
        });
        // The bound that answered goes first: the walk asks about the same
        // part of the game many times over.
        let found = found.map(|(i, v, d)| {
            list[..=i].rotate_right(1);
            (v, d)
        });
        drop(map);
        if found.is_some() {
            self.stats.lock().expect("archive stats").answers += 1;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filter size of the tests that do not depend on it.
    type D = Deps<LARGE_WORDS>;

    fn hist(entries: &[u64]) -> Mirror {
        let mut m = Mirror::new(std::sync::Arc::new(crate::mirror::Group::identity()));
        for &e in entries {
            m.add(&[e]);
        }
        m
    }

    fn holds<const W: usize>(d: &Deps<W>, m: &Mirror) -> bool {
        d.holds_in(m, 0).is_some()
    }

    fn digest(i: u64) -> u64 {
        // Spread like the engine's mixed digests.
        i.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ 0xD6E8_FEB8_6659_FD93
    }

    /// An entry without symmetries: its digest, alone in its orbit.
    fn tag(d: u64) -> Tag {
        Tag { orbit: d, mask: 1 }
    }

    #[test]
    fn deps_merge_drop_and_hold() {
        let (a, b) = (digest(1), digest(2));
        let mut d = D::NONE;
        d.need(a);
        d.need(a);
        d.avoid(tag(b), 0);
        assert_eq!(d.needs(), &[a]);
        assert!(d.may_avoid(tag(b), 0));
        assert!(holds(&d, &hist(&[a])));
        assert!(!holds(&d, &hist(&[a, b])));
        assert!(!holds(&d, &hist(&[])));
        d.drop_need(a);
        assert!(holds(&d, &hist(&[])));
        let mut big = D::NONE;
        for i in 0..NEEDS_CAP as u64 + 1 {
            big.need(digest(100 + i));
        }
        assert!(big.over);
        assert!(!holds(&big, &hist(&[])));
        d.merge(&big);
        assert!(d.over);
    }

    #[test]
    fn avoided_entries_are_always_reported() {
        let mut d = D::NONE;
        for i in 0..2000 {
            d.avoid(tag(digest(i)), 0);
        }
        assert!((0..2000).all(|i| d.may_avoid(tag(digest(i)), 0)));
        let mut e = D::NONE;
        e.merge(&d);
        assert!((0..2000).all(|i| e.may_avoid(tag(digest(i)), 0)));
        assert!(!holds(&e, &hist(&[digest(1999)])));
    }

    /// An entry of a board with `1 << shift` symmetries in use and no
    /// symmetry of its own: one symmetry takes it to its least image, and
    /// which one is spread evenly.
    fn spread_tag(d: u64, shift: u32) -> Tag {
        Tag {
            orbit: d,
            mask: 1 << ((d >> 40) % (1 << shift)),
        }
    }

    /// The rate at which a filter of `W` words holding `n` entries (slots
    /// of `1 << shift` bits) reports one of 100,000 other entries.
    fn false_positive_rate<const W: usize>(n: u64, shift: u32) -> f64 {
        let mut d = Deps::<W>::NONE;
        for i in 0..n {
            d.avoid(spread_tag(digest(i), shift), shift);
        }
        let wrong = (1_000_000..1_100_000)
            .filter(|&i| d.may_avoid(spread_tag(digest(i), shift), shift))
            .count();
        wrong as f64 / 100_000.0
    }

    /// A filter's false reports refuse valid reuses, and on long lines
    /// proofs avoid a thousand entries and more: with 4,096 bits the filter
    /// then reported about 40 % of all entries, and a history of a few
    /// dozen moves refused nearly every stored bound (docs/performance.md,
    /// "The D- filter's size"). At the sizes proofs reach, a false report
    /// must stay rare: with the large filter (lines and rings of 12 points
    /// and more), 1,000 entries on a line (two symmetries); with the small
    /// one (every other board), 250 entries on a square (eight).
    #[test]
    fn the_filter_rarely_reports_an_absent_entry_at_the_sizes_proofs_reach() {
        let rates = [
            (1000, 1, false_positive_rate::<LARGE_WORDS>(1000, 1)),
            (250, 3, false_positive_rate::<SMALL_WORDS>(250, 3)),
        ];
        for (n, shift, rate) in rates {
            assert!(
                rate < 0.03,
                "{n} entries, slots of {} bits: {rate}",
                1 << shift
            );
        }
    }

    /// Why lines take the large filter: the small one, holding the
    /// thousand entries of a proof on a line, reports over a tenth of all
    /// absent entries, so a history of 30 entries is refused at least 96 %
    /// of the time (1 - 0.9^30), where the large filter's rate stays
    /// below 3 %.
    #[test]
    fn the_small_filter_is_too_small_for_the_proofs_of_lines() {
        let rate = false_positive_rate::<SMALL_WORDS>(1000, 1);
        assert!(rate > 0.1, "{rate}");
    }

    /// The sparse filter (kept words and their bitmap) reads as the dense
    /// filter it stands for, through adds, merges and frame moves: every
    /// word of `W` equals the word of a plain array that had the same
    /// operations, and no zero word is kept.
    fn sparse_filter_matches_a_dense_one<const W: usize>() {
        let group = crate::mirror::Group::new(
            &crate::search::symmetry_maps(&kosolve_board::Board::parse("3x3").unwrap()).0,
            9,
        );
        let shift = group.shift();
        let mut x = 12345u64;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 11
        };
        let dense_of = |d: &Deps<W>| (0..W).map(|i| d.word(i)).collect::<Vec<u64>>();
        for round in 0..40 {
            let (mut a, mut b) = (Deps::<W>::NONE, Deps::<W>::NONE);
            let (mut da, mut db) = (vec![0u64; W], vec![0u64; W]);
            let n = [1, 5, 40, 400][round % 4];
            for (d, dd) in [(&mut a, &mut da), (&mut b, &mut db)] {
                for _ in 0..n {
                    let t = Tag {
                        orbit: next(),
                        mask: (next() % 255 + 1) as u8,
                    };
                    d.avoid(t, shift);
                    let (p, q) = bloom_slots(t.orbit, shift, W * 64);
                    dd[p / 64] |= (t.mask as u64) << (p % 64);
                    dd[q / 64] |= (t.mask as u64) << (q % 64);
                }
                assert_eq!(dense_of(d), *dd);
            }
            a.merge(&b);
            for (x, y) in da.iter_mut().zip(&db) {
                *x |= *y;
            }
            assert_eq!(dense_of(&a), da);
            let g = (next() % 8) as usize;
            a.avoid_in_frame(&group, g);
            for w in da.iter_mut() {
                let mut out = 0u64;
                for i in 0..8 {
                    out |= (group.filter_byte_in_frame((*w >> (8 * i)) as u8, g) as u64) << (8 * i);
                }
                *w = out;
            }
            assert_eq!(dense_of(&a), da);
            assert!(a.words.iter().all(|&w| w != 0));
            assert_eq!(a.words.len(), da.iter().filter(|&&w| w != 0).count());
            let kept = Kept::of(true, 0, &a);
            assert_eq!(kept.deps::<W>(), a);
        }
    }

    #[test]
    fn the_sparse_filter_reads_as_the_dense_one() {
        sparse_filter_matches_a_dense_one::<SMALL_WORDS>();
        sparse_filter_matches_a_dense_one::<LARGE_WORDS>();
    }

    /// The table's cap counts what the dependency sets own: bounds with
    /// large filters stored past it leave the table no larger than its cap.
    #[test]
    fn the_cap_counts_the_dependency_sets() {
        let cap = 1 << 23;
        let t = DepTable::<LARGE_WORDS>::new(cap);
        for k in 1..20_000u128 {
            let mut d = D::NONE;
            for i in 0..300 {
                d.avoid(tag(digest(k as u64 * 1000 + i)), 0);
            }
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834);
            t.store(key, Some((1, d)), None, None, k as u64);
        }
        assert!(t.peak_bytes() <= cap, "{} > {cap}", t.peak_bytes());
        assert!(t.replacements() > 0);
        assert!(t.len() > 100);
    }

    #[test]
    fn table_keeps_bounds_by_their_deps() {
        let t = DepTable::<LARGE_WORDS>::new(1 << 22);
        let mut need7 = D::NONE;
        need7.need(7);
        t.store(42, Some((3, need7)), None, Some(5), 10);
        let with7 = |d: &D| d.holds_in(&hist(&[7]), 0);
        let without = |d: &D| d.holds_in(&hist(&[]), 0);
        // "value >= 3": decided by the lower bound where its D+ holds.
        let p = t.probe(42, (-9, 9), (2, 3), with7).unwrap();
        assert_eq!(
            p.decided.map(|(v, d)| (v, d.needs().to_vec())),
            Some((3, vec![7]))
        );
        assert_eq!(p.best, Some(5));
        assert_eq!(t.probe(42, (-9, 9), (2, 3), without).unwrap().decided, None);
        // "value >= 4": the bound does not decide it.
        assert_eq!(t.probe(42, (-9, 9), (3, 4), with7).unwrap().decided, None);
        // An upper bound makes the value exact where both hold.
        t.store(42, None, Some((3, D::NONE)), None, 10);
        let p = t.probe(42, (-9, 9), (5, 6), with7).unwrap();
        assert_eq!(p.decided.map(|(v, _)| v), Some(3));
        let p = t.probe(42, (-9, 9), (0, 1), with7).unwrap();
        assert_eq!(
            p.decided.map(|(v, d)| (v, d.needs().to_vec())),
            Some((3, vec![7]))
        );
        assert_eq!(t.probe(42, (-9, 9), (0, 1), without).unwrap().decided, None);
        assert_eq!(t.best(42), Some(5));
        assert!(t.probe(43, (-9, 9), (2, 3), with7).is_none());
        assert_eq!(t.best(43), None);
    }

    #[test]
    fn the_archive_answers_with_bounds_the_table_replaced_where_they_hold() {
        for archive in [false, true] {
            let t = if archive {
                DepTable::<LARGE_WORDS>::with_archive(1 << 22, 1 << 22)
            } else {
                DepTable::<LARGE_WORDS>::new(1 << 22)
            };
            // "value >= 3" needing entry 7, then "value >= 2" needing 8
            // and avoiding 9: the table keeps the second only.
            let mut need7 = D::NONE;
            need7.need(7);
            let mut need8 = D::NONE;
            need8.need(8);
            need8.avoid(tag(digest(9)), 0);
            t.store(42, Some((3, need7)), None, None, 10);
            t.store(42, Some((2, need8.clone())), None, None, 10);
            // The same again is not kept twice.
            t.store(42, Some((2, need8)), None, None, 10);
            // The table's probe, then the archive's, as a search asks.
            let ask = |h: &[u64], w: (i32, i32)| {
                let m = hist(h);
                t.probe(42, (-9, 9), w, |d: &D| d.holds_in(&m, 0))
                    .and_then(|p| p.decided)
                    .or_else(|| t.archived(42, w, &m, 0))
            };
            let at = |h: &[u64]| ask(h, (2, 3)).map(|(v, d)| (v, d.needs().to_vec()));
            // The first bound's dependency holds, the second's does not:
            // only the archive decides "value >= 3".
            assert_eq!(at(&[7]), archive.then(|| (3, vec![7])));
            // Neither holds: nothing decides, with or without the archive.
            assert_eq!(at(&[]), None);
            assert_eq!(at(&[8, digest(9)]), None);
            // The second bound does not reach 3 whatever the history.
            assert_eq!(at(&[8]), None);
            assert_eq!(ask(&[8], (1, 2)).map(|(v, _)| v), Some(2));
            // Its D- is kept: the avoided entry refuses it from the archive too.
            assert_eq!(ask(&[8, digest(9)], (1, 2)), None);
            assert_eq!(
                ask(&[7, 8, digest(9)], (1, 2)).map(|(v, _)| v),
                archive.then_some(3)
            );
            if archive {
                let a = t.archive_stats().unwrap();
                assert_eq!((a.kept, a.skipped), (2, 1));
            }
        }
    }

    #[test]
    fn a_kept_bound_holds_where_its_whole_set_does() {
        // Random sets over a pool of 40 entries, against random histories:
        // the archive's check on the kept form agrees with the set's own,
        // at both filter sizes.
        fn run<const W: usize>() {
            let mut x = 0x1234_5678_9abc_def1u64;
            let mut next = move || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let (mut holds, mut fails) = (0, 0);
            for _ in 0..2000 {
                let mut d = Deps::<W>::NONE;
                for _ in 0..next() % 3 {
                    d.need(digest(next() % 40));
                }
                for _ in 0..next() % 6 {
                    d.avoid(tag(digest(next() % 40)), 0);
                }
                let h: Vec<u64> = (0..40).filter(|_| next() % 3 == 0).map(digest).collect();
                let m = hist(&h);
                let whole = d.holds_in(&m, 0).is_some();
                let (seen, mut scratch) = (Seen::<W>::of(&m, 0), Box::new([0u64; W]));
                let kept = Kept::of(true, 0, &d).holds_in::<W>(&m, 0, &seen, &mut scratch);
                assert_eq!(kept, whole, "{d:?} {h:?}");
                assert!(scratch.iter().all(|&w| w == 0));
                assert_eq!(Kept::of(true, 0, &d).deps::<W>(), d);
                if whole {
                    holds += 1;
                } else {
                    fails += 1;
                }
            }
            assert!(holds > 100 && fails > 100, "{holds} {fails}");
        }
        run::<SMALL_WORDS>();
        run::<LARGE_WORDS>();
    }
}
