//! `basic` ko by forward proof search (docs/reach.md).
//!
//! Under `basic` (docs/rules.md, "`basic`: basic ko (the voidness-class
//! representative)") a game may never end, and a side wins only by forcing
//! a *finite* game. The value is read from VB (the largest margin Black can
//! force a finite game to end with at least) and VW (the smallest margin
//! White can force one to end with at most). Each question "can Black force
//! a finite end with margin >= r" ([`Test`]) is a reachability game on the
//! graph of `basic` states (position, player to move, the position a board
//! play may not recreate, consecutive passes): a line that never ends is a
//! failure for the side asking.
//!
//! [`solve_basic_pns`] answers those questions from the start forwards, by
//! depth-first proof-number search, instead of listing every reachable
//! state as the retrograde analysis does (crate kosolve-retrograde). The
//! search treats a state already on the current line as a failure for the
//! side asking (a *sink*). That is exact for the line at hand (docs/reach.md,
//! "Why the search is exact"), and a result is stored for reuse on other
//! lines only where it read no sink above its own node:
//!
//! - a proof never reads a sink, so every proof is stored;
//! - a disproof records the shallowest line depth whose sink it read, and is
//!   stored only if that is its own node.
//!
//! Keys are the states themselves (no hashing), reduced by the board's
//! symmetries, with the ko position dropped where no board play could
//! recreate it (the retrograde analysis's canonical ko). With suicide
//! forbidden, Benson's pass-alive points bound the margin; docs/reach.md,
//! "Static bounds", proves the side they favour can also force the game to
//! end.

use hashbrown::HashMap;
use kosolve_board::{Board, Color, Position, Suicide};
use kosolve_budget::{Budget, Stop};
pub use kosolve_retrograde::{BasicStart, BasicValue};
use kosolve_rules::{Move, Rules};
use std::fmt;
use std::time::Instant;

/// A proof or disproof number standing for "infinite".
const INF: u64 = u64::MAX / 4;
/// Finite numbers stay below this.
const CAP: u64 = INF - 1;
/// "Read no sink": the dependency of a result that holds on every line.
const NO_DEP: u32 = u32::MAX;
/// The most moves a principal variation may take (a safety net: every
/// line the extraction follows is finite, see [`Search::pv`]).
const PV_MAX: usize = 100_000;

/// A `basic` state: everything of the history its future reads. Also the
/// search's key, once reduced by [`Ctx::key`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct State {
    pos: Position,
    /// The position a board play may not recreate, where one could.
    ko: Option<Position>,
    black: bool,
    passes: u8,
}

impl State {
    fn to_move(self) -> Color {
        if self.black {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// A question the search answers: can `prover` force a finite end whose
/// area margin (Black's area less White's, komi not applied) is at least
/// `r` (Black) or at most `r` (White)?
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Test {
    /// The side that must force the end.
    pub prover: Color,
    /// The margin bound, in points, komi not applied.
    pub r: i32,
}

impl Test {
    /// Whether a finished game with area margin `m` meets the test.
    pub fn holds(&self, m: i32) -> bool {
        match self.prover {
            Color::Black => m >= self.r,
            Color::White => m <= self.r,
        }
    }
}

/// The rules' fixed parts and the key reduction.
#[derive(Copy, Clone)]
struct Ctx<'a> {
    board: &'a Board,
    suicide: Suicide,
    end_passes: u8,
    /// How many of the board's symmetries reduce keys (1: none).
    syms: usize,
    static_bounds: bool,
}

impl<'a> Ctx<'a> {
    /// The context of `basic` under `rules` on `board` (an error where the
    /// rules are not `basic` ending by passes), with `opts`' symmetry and
    /// static bounds.
    fn new(board: &'a Board, rules: &Rules, opts: &ReachOptions) -> Result<Ctx<'a>, ReachError> {
        let end_passes = kosolve_retrograde::basic_end_passes(rules).map_err(ReachError::Rules)?;
        Ok(Ctx {
            board,
            suicide: rules.suicide,
            end_passes,
            syms: if opts.symmetry {
                board.symmetries().len()
            } else {
                1
            },
            static_bounds: opts.static_bounds,
        })
    }

    /// The ko field of a state at `x` with `c` to move, the position
    /// before the last move being `a`.
    fn ko(&self, a: &Position, x: &Position, c: Color) -> Option<Position> {
        kosolve_retrograde::recreatable(self.board, self.suicide, a, x, c).then_some(*a)
    }

    /// The state from a start (the retrograde analysis's start state).
    fn start(&self, s: &BasicStart) -> State {
        let ko = s.two_ago.and_then(|a| self.ko(&a, &s.position, s.to_move));
        let end = s.passes >= self.end_passes;
        State {
            pos: s.position,
            ko: if end { None } else { ko },
            black: end || s.to_move == Color::Black,
            passes: s.passes.min(self.end_passes),
        }
    }

    /// A ply bound on the games that the static strategy (the favoured
    /// side passes at every turn) leads to: the other side's board plays
    /// each add a stone of hers that nothing removes (suicide forbidden),
    /// so she makes at most n of them, with a pass between each two, and
    /// then the passes end the game.
    fn static_height(&self) -> u32 {
        2 * self.board.len() as u32 + self.end_passes as u32 + 2
    }

    fn is_end(&self, s: &State) -> bool {
        s.passes >= self.end_passes
    }

    /// The successors of a state that has not ended, in move order (board
    /// plays by point, then the pass).
    fn successors(&self, s: &State, out: &mut Vec<(Move, State)>) {
        out.clear();
        let c = s.to_move();
        let opp = c.opponent();
        for p in s.pos.empty(self.board) {
            let Ok(played) = s.pos.play(self.board, c, p, self.suicide) else {
                continue;
            };
            let x = played.position;
            if s.ko == Some(x) {
                continue; // basic ko
            }
            out.push((
                Move::Play(p),
                State {
                    pos: x,
                    ko: self.ko(&s.pos, &x, opp),
                    black: !s.black,
                    passes: 0,
                },
            ));
        }
        let passes = s.passes + 1;
        out.push((
            Move::Pass,
            if passes >= self.end_passes {
                State {
                    pos: s.pos,
                    ko: None,
                    black: true,
                    passes,
                }
            } else {
                State {
                    pos: s.pos,
                    ko: self.ko(&s.pos, &s.pos, opp),
                    black: !s.black,
                    passes,
                }
            },
        ));
    }

    /// The search key of a state: its least image under the symmetries
    /// (a symmetry maps states to states with the same value).
    fn key(&self, s: &State) -> State {
        let mut best = *s;
        for sym in 1..self.syms {
            let t = State {
                pos: s.pos.transform(self.board, sym),
                ko: s.ko.map(|k| k.transform(self.board, sym)),
                ..*s
            };
            if t < best {
                best = t;
            }
        }
        best
    }

    /// Exact bounds `(lower, upper)` on the margin each side can force a
    /// finite end with (docs/reach.md, "Static bounds"); only with suicide
    /// forbidden.
    fn bounds(&self, s: &State) -> Option<(i32, i32)> {
        if !self.static_bounds || self.suicide == Suicide::Allowed {
            return None;
        }
        let n = self.board.len() as i32;
        let b = s
            .pos
            .safe_points(self.board, Color::Black, self.suicide)
            .count() as i32;
        let w = s
            .pos
            .safe_points(self.board, Color::White, self.suicide)
            .count() as i32;
        Some((2 * b - n, n - 2 * w))
    }
}

/// What the table knows of a key: exact facts (from proofs, disproofs that
/// read no sink above their node, and each other), and the numbers of the
/// test in progress.
#[derive(Copy, Clone, Debug)]
struct Entry {
    /// Black forces a finite end with margin >= b_lo.
    b_lo: i8,
    /// Black cannot for any r >= b_hi.
    b_hi: i8,
    /// White forces a finite end with margin <= w_hi.
    w_hi: i8,
    /// White cannot for any r <= w_lo.
    w_lo: i8,
    /// Plies within which Black's strategy for b_lo ends every game (a
    /// bound its proof gives), and White's for w_hi.
    b_h: u32,
    w_h: u32,
    pn: u32,
    dn: u32,
    /// The test the numbers belong to.
    test: u32,
}

impl Entry {
    const NONE: Entry = Entry {
        b_lo: i8::MIN,
        b_hi: i8::MAX,
        w_hi: i8::MAX,
        w_lo: i8::MIN,
        b_h: u32::MAX,
        w_h: u32::MAX,
        pn: 1,
        dn: 1,
        test: 0,
    };

    /// The answer to `t` these facts give. Besides each side's own facts:
    /// where White forces a finite end <= w, Black cannot force one > w
    /// (both strategies together would give a finite game), and the other
    /// way round.
    fn decide(&self, t: Test) -> Option<bool> {
        let r = t.r;
        match t.prover {
            Color::Black => {
                if r <= self.b_lo as i32 {
                    Some(true)
                } else if r >= self.b_hi as i32 || r > self.w_hi as i32 {
                    Some(false)
                } else {
                    None
                }
            }
            Color::White => {
                if r >= self.w_hi as i32 {
                    Some(true)
                } else if r <= self.w_lo as i32 || r < self.b_lo as i32 {
                    Some(false)
                } else {
                    None
                }
            }
        }
    }

    /// Learns an exact answer; `h` bounds the plies of the games a proof
    /// leads to.
    fn learn(&mut self, t: Test, holds: bool, h: u32) {
        let r = t.r.clamp(-127, 126) as i8;
        match (t.prover, holds) {
            (Color::Black, true) => {
                if r > self.b_lo {
                    (self.b_lo, self.b_h) = (r, h);
                } else if r == self.b_lo {
                    self.b_h = self.b_h.min(h);
                }
            }
            (Color::Black, false) => self.b_hi = self.b_hi.min(r),
            (Color::White, true) => {
                if r < self.w_hi {
                    (self.w_hi, self.w_h) = (r, h);
                } else if r == self.w_hi {
                    self.w_h = self.w_h.min(h);
                }
            }
            (Color::White, false) => self.w_lo = self.w_lo.max(r),
        }
    }

    /// Whether the entry holds an exact fact (besides the numbers).
    fn has_facts(&self) -> bool {
        self.b_lo != i8::MIN || self.b_hi != i8::MAX || self.w_hi != i8::MAX || self.w_lo != i8::MIN
    }

    /// The ply bound of the proof behind a true answer to `t`.
    fn height(&self, t: Test) -> u32 {
        match t.prover {
            Color::Black => self.b_h,
            Color::White => self.w_h,
        }
    }
}

/// Bytes one table entry takes, key and hash overhead included (for the
/// memory cap and [`ReachSolution::table_mib`]).
pub const ENTRY_BYTES: u64 = 80;

/// The most sinks a disproof may read and still be kept for reuse on
/// other lines that hold them all.
const NEEDS_CAP: usize = 64;

/// The sinks a disproof read ([`Dep`]): the keys of line states whose
/// presence on the line it relies on.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Needs {
    /// A list of at most [`NEEDS_CAP`] keys.
    Keys(Vec<State>),
    /// More than that: not kept.
    Over,
}

impl Needs {
    fn merge(&mut self, other: &Needs) {
        match (&mut *self, other) {
            (Needs::Keys(a), Needs::Keys(b)) => {
                for k in b {
                    if !a.contains(k) {
                        a.push(*k);
                    }
                }
                if a.len() > NEEDS_CAP {
                    *self = Needs::Over;
                }
            }
            _ => *self = Needs::Over,
        }
    }
}

/// What a decided answer read of the line: nothing (`depth` [`NO_DEP`],
/// `needs` empty), or the sinks in `needs`, the shallowest at `depth`.
#[derive(Clone, Debug)]
struct Dep {
    depth: u32,
    needs: Needs,
}

impl Dep {
    const NONE: Dep = Dep {
        depth: NO_DEP,
        needs: Needs::Keys(Vec::new()),
    };

    fn merge(&mut self, other: &Dep) {
        if other.depth == NO_DEP {
            return;
        }
        self.depth = self.depth.min(other.depth);
        self.needs.merge(&other.needs);
    }

    fn weight(&self) -> usize {
        match &self.needs {
            Needs::Keys(k) => k.len(),
            Needs::Over => usize::MAX,
        }
    }
}

/// A child of an expanded node.
struct Kid {
    state: State,
    key: State,
    pn: u64,
    dn: u64,
    /// For a proven child: its proof's ply bound.
    h: u32,
    /// For a disproven child: the sinks its disproof read.
    dep: Dep,
}

/// What a look at a node found.
enum Look {
    /// Proven, with its proof's ply bound.
    Proven(u32),
    /// Disproven, with the sinks the disproof read.
    Disproven(Dep),
    /// Open, with its numbers.
    Open(u64, u64),
}

/// Limits and switches of the search.
#[derive(Clone, Debug)]
pub struct ReachOptions {
    /// Reduce keys by the board's symmetries.
    pub symmetry: bool,
    /// Use the static bounds where they apply (suicide forbidden).
    pub static_bounds: bool,
}

impl Default for ReachOptions {
    fn default() -> Self {
        ReachOptions {
            symmetry: true,
            static_bounds: true,
        }
    }
}

/// The solution of a `basic` game by proof search.
#[derive(Clone, Debug, PartialEq)]
pub struct ReachSolution {
    /// The value at the rules' komi.
    pub value: BasicValue,
    /// VB in half points, komi applied (`None`: Black cannot force an end).
    pub vb: Option<i32>,
    /// VW in half points, komi applied (`None`: White cannot force an end).
    pub vw: Option<i32>,
    /// A principal variation: for a finished value it ends the game with
    /// exactly the value's margin; for a void value it runs until a state
    /// repeats, the moves from `pv_cycle_start` on repeating forever.
    pub pv: Vec<Move>,
    /// For a void value: where in `pv` the repeating cycle starts.
    pub pv_cycle_start: Option<usize>,
    /// Whether `pv` is whole; false (and `pv` empty) where the budget ran
    /// out after the value was proven, while the line was worked out.
    pub pv_complete: bool,
    /// Nodes expanded, the principal variation's included.
    pub nodes: u64,
    /// Tests ([`Test`]) searched from the start.
    pub tests: u32,
    /// Table entries at the end.
    pub entries: usize,
    /// The table's size at its largest, in MiB ([`ENTRY_BYTES`] an entry).
    pub table_mib: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Why a `basic` game was not solved by proof search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReachError {
    /// The rules are not `basic`, or do not end by passes.
    Rules(kosolve_retrograde::RetroError),
    /// The budget ran out first; the bounds proven so far on VB and VW
    /// (half points, komi applied; `None` where nothing is proven).
    Stopped {
        /// Why it stopped.
        why: Stop,
        /// VB >= this.
        vb_at_least: Option<i32>,
        /// VW <= this.
        vw_at_most: Option<i32>,
        /// Nodes expanded.
        nodes: u64,
    },
}

impl fmt::Display for ReachError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReachError::Rules(e) => write!(f, "{e}"),
            ReachError::Stopped { why, .. } => write!(f, "the proof search was stopped by {why}"),
        }
    }
}

impl std::error::Error for ReachError {}

/// The search: the table, the current line, the test in progress.
struct Search<'a> {
    ctx: Ctx<'a>,
    table: HashMap<State, Entry, ahash::RandomState>,
    /// The keys on the current line, with their depths.
    line: HashMap<State, u32, ahash::RandomState>,
    /// Disproofs of the test in progress (its id) that read sinks, with
    /// the keys of those sinks: they hold wherever all of them are on the
    /// line.
    kept: HashMap<State, (u32, Vec<State>), ahash::RandomState>,
    /// Keys of the kept disproofs made in the frames now open, in order:
    /// a frame's own are those from its mark on ([`Search::settle`]).
    pending: Vec<State>,
    /// How many kept disproofs of `pending` read each line key.
    readers: HashMap<State, u32, ahash::RandomState>,
    test: Test,
    test_id: u32,
    nodes: u64,
    budget: &'a Budget,
    stop: Option<Stop>,
    succ: Vec<(Move, State)>,
    /// The most entries the table and the kept disproofs held at once.
    peak: u64,
}

impl<'a> Search<'a> {
    fn new(ctx: Ctx<'a>, budget: &'a Budget) -> Search<'a> {
        let rs = || ahash::RandomState::with_seeds(11, 12, 13, 14);
        Search {
            ctx,
            table: HashMap::with_hasher(rs()),
            line: HashMap::with_hasher(rs()),
            kept: HashMap::with_hasher(rs()),
            pending: Vec::new(),
            readers: HashMap::with_hasher(rs()),
            test: Test {
                prover: Color::Black,
                r: 0,
            },
            test_id: 0,
            nodes: 0,
            budget,
            stop: None,
            succ: Vec::new(),
            peak: 0,
        }
    }

    fn margin(&self, s: &State) -> i32 {
        s.pos.area_margin(self.ctx.board)
    }

    /// A node without expanding it: the end, the table's facts, the static
    /// bounds, the current line (a sink), a disproof kept with sinks that
    /// are all on the line, the table's numbers.
    fn look(&self, key: &State) -> Look {
        let t = self.test;
        if self.ctx.is_end(key) {
            return if t.holds(self.margin(key)) {
                Look::Proven(0)
            } else {
                Look::Disproven(Dep::NONE)
            };
        }
        let e = self.table.get(key);
        if let Some(e) = e {
            match e.decide(t) {
                Some(true) => return Look::Proven(e.height(t)),
                Some(false) => return Look::Disproven(Dep::NONE),
                None => {}
            }
        }
        if let Some((lo, hi)) = self.ctx.bounds(key) {
            let b = Entry {
                b_lo: lo as i8,
                b_hi: (hi + 1) as i8,
                w_hi: hi as i8,
                w_lo: (lo - 1) as i8,
                ..Entry::NONE
            };
            match b.decide(t) {
                Some(true) => return Look::Proven(self.ctx.static_height()),
                Some(false) => return Look::Disproven(Dep::NONE),
                None => {}
            }
        }
        if let Some(&d) = self.line.get(key) {
            return Look::Disproven(Dep {
                depth: d,
                needs: Needs::Keys(vec![*key]),
            });
        }
        if let Some((id, needs)) = self.kept.get(key) {
            if *id == self.test_id {
                // The shallowest of its sinks, if every one is on the line.
                let depth = needs
                    .iter()
                    .try_fold(NO_DEP, |d, k| self.line.get(k).map(|&x| d.min(x)));
                if let Some(depth) = depth {
                    return Look::Disproven(Dep {
                        depth,
                        needs: Needs::Keys(needs.clone()),
                    });
                }
            }
        }
        match e {
            Some(e) if e.test == self.test_id => Look::Open(e.pn as u64, e.dn as u64),
            _ => Look::Open(1, 1),
        }
    }

    fn entry(&mut self, key: State) -> &mut Entry {
        self.table.entry(key).or_insert(Entry::NONE)
    }

    /// Stores an exact answer to the current test (`h`: a proof's ply bound).
    fn learn(&mut self, key: State, holds: bool, h: u32) {
        let t = self.test;
        self.entry(key).learn(t, holds, h);
    }

    fn check(&mut self) -> bool {
        if self.stop.is_some() {
            return false;
        }
        if self.nodes.is_multiple_of(1024) {
            self.peak = self.peak.max((self.table.len() + self.kept.len()) as u64);
            let bytes = |s: &Self| (s.table.len() + s.kept.len()) as u64 * ENTRY_BYTES;
            if self.budget.check_bytes(bytes(self)).is_err() {
                // Over the memory cap: drop the numbers of open nodes (they
                // only steer the search) and keep the facts; stop only if
                // the facts alone fill three quarters of it.
                self.table.retain(|_, e| e.has_facts());
                self.table.shrink_to_fit();
                let max = self.budget.max_bytes.unwrap_or(u64::MAX);
                if bytes(self) > max / 4 * 3 {
                    self.stop = Some(Stop::Memory);
                    return false;
                }
            }
            if let Err(why) = self.budget.check_nodes(self.nodes) {
                self.stop = Some(why);
                return false;
            }
        } else if self.budget.max_nodes.is_some_and(|m| self.nodes >= m) {
            self.stop = Some(Stop::Nodes);
            return false;
        }
        true
    }

    /// Expands `state` (key `key`, at line depth `depth`, not ended) and
    /// searches below it until its proof number reaches `thpn`, its
    /// disproof number `thdn`, or it is decided. Returns its numbers, for
    /// a proof its ply bound, and for a disproof the sinks it read above
    /// this node ([`Dep::NONE`] where it read none, and then it is stored
    /// as a fact; otherwise it is kept with them, see [`Search::kept`]).
    fn mid(
        &mut self,
        state: State,
        key: State,
        thpn: u64,
        thdn: u64,
        depth: u32,
    ) -> (u64, u64, u32, Dep) {
        self.nodes += 1;
        if !self.check() {
            return (1, 1, 0, Dep::NONE);
        }
        let proving = state.to_move() == self.test.prover;
        self.line.insert(key, depth);
        let mark = self.pending.len();
        let mut succ = std::mem::take(&mut self.succ);
        self.ctx.successors(&state, &mut succ);
        let mut kids: Vec<Kid> = Vec::with_capacity(succ.len());
        for &(_, c) in &succ {
            let ck = self.ctx.key(&c);
            let (pn, dn, h, dep) = match self.look(&ck) {
                Look::Proven(h) => (0, INF, h, Dep::NONE),
                Look::Disproven(d) => (INF, 0, 0, d),
                Look::Open(pn, dn) => (pn, dn, 0, Dep::NONE),
            };
            let decides = if proving {
                pn == 0
            } else {
                dn == 0 && dep.depth == NO_DEP
            };
            kids.push(Kid {
                state: c,
                key: ck,
                pn,
                dn,
                h,
                dep,
            });
            if decides {
                break;
            }
        }
        self.succ = succ;
        let r = loop {
            let (pn, dn) = numbers(&kids, proving);
            if pn == 0 {
                // The proof's ply bound: through the best proven child, or
                // the worst of all of them.
                let hs = kids.iter().filter(|k| k.pn == 0).map(|k| k.h);
                let h = if proving { hs.min() } else { hs.max() };
                let h = h.unwrap_or(0).saturating_add(1);
                self.learn(key, true, h);
                break (0, INF, h, Dep::NONE);
            }
            if dn == 0 {
                // Proving side: every child refuted, each with its sinks;
                // the other side: the least dependent refuting child.
                let mut dep = Dep::NONE;
                if proving {
                    for k in &kids {
                        dep.merge(&k.dep);
                    }
                } else if let Some(k) = kids
                    .iter()
                    .filter(|k| k.dn == 0)
                    .min_by_key(|k| k.dep.weight())
                {
                    dep = k.dep.clone();
                }
                // This node's own key is no longer a sink above it.
                if let Needs::Keys(ks) = &mut dep.needs {
                    ks.retain(|k| *k != key);
                }
                if dep.depth >= depth {
                    self.learn(key, false, 0);
                    break (INF, 0, 0, Dep::NONE);
                }
                break (INF, 0, 0, dep);
            }
            if pn >= thpn || dn >= thdn {
                let id = self.test_id;
                let e = self.entry(key);
                e.pn = pn.min(u32::MAX as u64) as u32;
                e.dn = dn.min(u32::MAX as u64) as u32;
                e.test = id;
                break (pn, dn, 0, Dep::NONE);
            }
            let (i, second) = select(&kids, proving);
            let (cpn, cdn) = if proving {
                (thpn.min(widen(second)), (thdn - dn + kids[i].dn).min(INF))
            } else {
                ((thpn - pn + kids[i].pn).min(INF), thdn.min(widen(second)))
            };
            let (s, k) = (kids[i].state, kids[i].key);
            let (kpn, kdn, kh, kdep) = self.mid(s, k, cpn, cdn, depth + 1);
            if self.stop.is_some() {
                break (pn, dn, 0, Dep::NONE);
            }
            kids[i].pn = kpn;
            kids[i].dn = kdn;
            kids[i].h = kh;
            kids[i].dep = kdep;
        };
        self.line.remove(&key);
        if self.stop.is_none() {
            self.settle(key, mark, r.1 == 0, &r.3);
        }
        r
    }

    /// Resolves the kept disproofs made below the node `key` that read it
    /// as a sink, now that its frame closes (docs/reach.md, "Disproofs
    /// that read sinks"). If the node is disproven with the sinks `dep`,
    /// each of them reads `dep` in its place (the node is outside the
    /// prover's region wherever `dep` are sinks, so as a sink it changed
    /// nothing): one left reading nothing is a fact. Otherwise they are
    /// dropped. Then a disproof of this node that reads sinks is kept.
    fn settle(&mut self, key: State, mark: usize, disproven: bool, dep: &Dep) {
        if self.readers.get(&key).copied().unwrap_or(0) > 0 {
            let mut i = mark;
            while i < self.pending.len() {
                let p = self.pending[i];
                let Some((_, needs)) = self.kept.get_mut(&p) else {
                    self.pending.swap_remove(i);
                    continue;
                };
                let Some(at) = needs.iter().position(|k| *k == key) else {
                    i += 1;
                    continue;
                };
                needs.swap_remove(at);
                let mut gone = !disproven;
                if disproven {
                    match &dep.needs {
                        Needs::Keys(ks) => {
                            for k in ks {
                                if !needs.contains(k) {
                                    needs.push(*k);
                                    *self.readers.entry(*k).or_insert(0) += 1;
                                }
                            }
                            gone = needs.len() > NEEDS_CAP;
                        }
                        Needs::Over => gone = true,
                    }
                }
                if let Some(c) = self.readers.get_mut(&key) {
                    *c = c.saturating_sub(1);
                }
                let resolved = !gone && needs.is_empty();
                if gone || resolved {
                    let (_, needs) = self.kept.remove(&p).expect("kept");
                    for k in needs {
                        if let Some(c) = self.readers.get_mut(&k) {
                            *c = c.saturating_sub(1);
                        }
                    }
                    self.pending.swap_remove(i);
                    if resolved {
                        self.learn(p, false, 0);
                    }
                    continue;
                }
                i += 1;
            }
            if self.readers.get(&key) == Some(&0) {
                self.readers.remove(&key);
            }
        }
        if disproven && dep.depth != NO_DEP {
            if let Needs::Keys(ks) = &dep.needs {
                for k in ks {
                    *self.readers.entry(*k).or_insert(0) += 1;
                }
                if let Some((_, old)) = self.kept.insert(key, (self.test_id, ks.clone())) {
                    for k in old {
                        if let Some(c) = self.readers.get_mut(&k) {
                            *c = c.saturating_sub(1);
                        }
                    }
                }
                self.pending.push(key);
            }
        }
    }

    /// Answers `t` at `state`, whose line above it is `self.line` (depths
    /// `0..depth`): `None` if stopped.
    fn test_at(&mut self, state: State, depth: u32, t: Test) -> Option<bool> {
        self.test = t;
        self.test_id += 1;
        self.kept.clear();
        self.pending.clear();
        self.readers.clear();
        let key = self.ctx.key(&state);
        match self.look(&key) {
            Look::Proven(_) => return Some(true),
            Look::Disproven(_) => return Some(false),
            Look::Open(..) => {}
        }
        let (pn, _, _, _) = self.mid(state, key, INF, INF, depth);
        if self.stop.is_some() {
            return None;
        }
        Some(pn == 0)
    }

    /// The proof's move at `state` (the prover of `t` to move; `succ` its
    /// successors in move order), in a search that answered `t` and asked
    /// nothing else: the pass where the static bounds prove `t` (their
    /// strategy), else the first child whose proof's ply bound is below
    /// the state's own, so that the bounds fall along every line. `None`
    /// where the state's proof is not stored.
    fn proof_step(&self, state: &State, t: Test, succ: &[(Move, State)]) -> Option<(Move, State)> {
        if self.static_true(state, t) {
            return succ.last().copied();
        }
        let Look::Proven(h) = self.look(&self.ctx.key(state)) else {
            return None;
        };
        succ.iter()
            .copied()
            .find(|(_, c)| matches!(self.look(&self.ctx.key(c)), Look::Proven(hc) if hc < h))
    }

    /// Whether `t` holds at `state` by the static bounds alone.
    fn static_true(&self, state: &State, t: Test) -> bool {
        self.ctx
            .bounds(&self.ctx.key(state))
            .is_some_and(|(lo, hi)| match t.prover {
                Color::Black => t.r <= lo,
                Color::White => t.r >= hi,
            })
    }

    /// A principal variation from `root` for a finished value: the prover
    /// of `keep` follows its proof, the other side picks a child where
    /// `deny` fails. `proof` is a search that answered `keep` at `root` and
    /// asked nothing else, so each of its true facts is `keep`'s with the
    /// ply bound of its first proof; the prover moves to a child with a
    /// smaller bound (or, where the static bounds prove `keep`, passes, as
    /// their strategy does), so the line ends. `deny` is asked of this
    /// search with the line so far as sinks: every node of the line fails
    /// `deny` on every line (docs/reach.md, "Principal variations"), so the
    /// sinks change no answer and a child that fails it always exists.
    fn pv_finished(
        &mut self,
        proof: &Search<'_>,
        root: State,
        keep: Test,
        deny: Test,
    ) -> Option<Vec<Move>> {
        let mut moves = Vec::new();
        let mut state = root;
        self.line.clear();
        let mut succ = Vec::new();
        while !self.ctx.is_end(&state) {
            if moves.len() >= PV_MAX {
                return None;
            }
            let depth = moves.len() as u32;
            self.line.entry(self.ctx.key(&state)).or_insert(depth);
            self.ctx.successors(&state, &mut succ);
            let next = if state.to_move() == keep.prover {
                proof.proof_step(&state, keep, &succ)
            } else {
                let mut found = None;
                for &(m, c) in &succ {
                    if !self.test_at(c, depth + 1, deny)? {
                        found = Some((m, c));
                        break;
                    }
                }
                found
            };
            let (m, c) = next?;
            moves.push(m);
            state = c;
        }
        self.line.clear();
        Some(moves)
    }

    /// A principal variation from `root` for a void value: Black picks a
    /// child where `deny_w` (White forcing a non-winning end for Black)
    /// fails, White one where `deny_b` fails, asked with the line as
    /// sinks, until a child closes a cycle. Returns the moves and where
    /// the cycle starts.
    fn pv_void(&mut self, root: State, deny_b: Test, deny_w: Test) -> Option<(Vec<Move>, usize)> {
        let mut moves = Vec::new();
        let mut state = root;
        self.line.clear();
        // The states themselves (the line holds their keys): the cycle
        // shown repeats the very states, not images of them.
        let mut seen: HashMap<State, usize> = HashMap::new();
        let mut succ = Vec::new();
        loop {
            if moves.len() >= PV_MAX || self.ctx.is_end(&state) {
                return None;
            }
            let depth = moves.len() as u32;
            self.line.entry(self.ctx.key(&state)).or_insert(depth);
            seen.insert(state, moves.len());
            self.ctx.successors(&state, &mut succ);
            let close = succ
                .iter()
                .find_map(|(m, c)| seen.get(c).map(|&d| (*m, d as u32)));
            if let Some((m, d)) = close {
                moves.push(m);
                self.line.clear();
                return Some((moves, d as usize));
            }
            let t = if state.to_move() == Color::Black {
                deny_w
            } else {
                deny_b
            };
            let mut found = None;
            for &(m, c) in &succ {
                if !self.test_at(c, depth + 1, t)? {
                    found = Some((m, c));
                    break;
                }
            }
            let (m, c) = found?;
            moves.push(m);
            state = c;
        }
    }
}

/// A node's numbers from its children's: the proving side (OR) the least
/// proof number, the other side (AND) the least disproof number; the
/// other number by the weak sum (the largest plus one for each further
/// undecided child, Ueda et al.'s WPNS), since a plain sum counts shared
/// subtrees and cycles again on every line through them and grows
/// without bound here.
fn numbers(kids: &[Kid], proving: bool) -> (u64, u64) {
    let (mut least, mut most, mut open) = (INF, 0u64, 0u64);
    for k in kids {
        let (a, b) = if proving { (k.pn, k.dn) } else { (k.dn, k.pn) };
        least = least.min(a);
        if b >= INF {
            most = INF;
        } else if b > 0 {
            most = most.max(b);
            open += 1;
        }
    }
    let sum = if most >= INF {
        INF
    } else if open == 0 {
        0
    } else {
        (most + open - 1).min(CAP)
    };
    if proving {
        (least, sum)
    } else {
        (sum, least)
    }
}

/// The child to expand (least proof number for the proving side, least
/// disproof number for the other) and the least number among the others.
fn select(kids: &[Kid], proving: bool) -> (usize, u64) {
    let num = |k: &Kid| if proving { k.pn } else { k.dn };
    let mut best = 0;
    for (i, k) in kids.iter().enumerate() {
        if num(k) < num(&kids[best]) {
            best = i;
        }
    }
    let second = kids
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != best)
        .map(|(_, k)| num(k))
        .min()
        .unwrap_or(INF);
    (best, second)
}

/// The threshold a selected child gets from the second-best number (1 + 1/2).
fn widen(second: u64) -> u64 {
    if second >= CAP {
        return INF;
    }
    second + 1 + second / 2
}

/// Solves the `basic` game from `start` on `board` under `rules` by proof
/// search within `budget` (nodes, deadline, bytes of table, cancellation):
/// VB, VW, the value at the rules' komi and a principal variation.
///
/// With [`ReachOptions::symmetry`] keys are reduced by the board's
/// symmetries from any start: the moves searched and shown are the real
/// ones, and a key stands for a class of states with one value.
pub fn solve_basic_pns(
    board: &Board,
    rules: &Rules,
    start: &BasicStart,
    opts: &ReachOptions,
    budget: &Budget,
) -> Result<ReachSolution, ReachError> {
    solve_with_facts(board, rules, start, opts, budget, None)
}

/// The exact facts the table holds about one state at the end of a solve
/// (area margins, komi not applied): for tests, which check each against
/// another method.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Black forces a finite end with margin at least this.
    pub black_forces: Option<i32>,
    /// Black cannot force a finite end with margin at least this.
    pub black_fails: Option<i32>,
    /// White forces a finite end with margin at most this.
    pub white_forces: Option<i32>,
    /// White cannot force a finite end with margin at most this.
    pub white_fails: Option<i32>,
}

/// [`solve_basic_pns`], and every state the table holds an exact fact
/// about, with those facts (each state as a start: its position, player,
/// ko position and passes). For tests: every stored fact is a claim about
/// the game that another method can check.
pub fn solve_basic_pns_facts(
    board: &Board,
    rules: &Rules,
    start: &BasicStart,
    opts: &ReachOptions,
) -> Result<(ReachSolution, Vec<(BasicStart, Facts)>), ReachError> {
    let mut facts = Vec::new();
    let s = solve_with_facts(
        board,
        rules,
        start,
        opts,
        &Budget::unlimited(),
        Some(&mut facts),
    )?;
    Ok((s, facts))
}

fn solve_with_facts(
    board: &Board,
    rules: &Rules,
    start: &BasicStart,
    opts: &ReachOptions,
    budget: &Budget,
    facts_out: Option<&mut Vec<(BasicStart, Facts)>>,
) -> Result<ReachSolution, ReachError> {
    let started = Instant::now();
    let ctx = Ctx::new(board, rules, opts)?;
    let root = ctx.start(start);
    // A search runs deep on long lines: give it a stack of its own.
    let k = rules.komi.halves();
    let n = board.len() as i32;
    let out =
        std::thread::scope(|s| {
            std::thread::Builder::new()
                .stack_size(1 << 30)
                .spawn_scoped(s, || {
                    let mut search = Search::new(ctx, budget);
                    let r = run(&mut search, root, n, k);
                    if let Some(out) = facts_out {
                        out.extend(search.table.iter().filter(|(_, e)| e.has_facts()).map(
                            |(s, e)| {
                                let start = BasicStart {
                                    position: s.pos,
                                    to_move: s.to_move(),
                                    two_ago: s.ko,
                                    passes: s.passes,
                                };
                                let some = |x: i8, none: i8| (x != none).then_some(x as i32);
                                (
                                    start,
                                    Facts {
                                        black_forces: some(e.b_lo, i8::MIN),
                                        black_fails: some(e.b_hi, i8::MAX),
                                        white_forces: some(e.w_hi, i8::MAX),
                                        white_fails: some(e.w_lo, i8::MIN),
                                    },
                                )
                            },
                        ));
                    }
                    (
                        r,
                        search.nodes,
                        search.table.len(),
                        search.test_id,
                        search.peak,
                    )
                })
                .expect("the search thread starts")
                .join()
                .expect("the search thread does not panic")
        });
    let (r, nodes, entries, tests, peak) = out;
    let (vb, vw, value, pv, pv_cycle_start) = r?;
    Ok(ReachSolution {
        value,
        vb,
        vw,
        pv_complete: pv.is_some(),
        pv: pv.unwrap_or_default(),
        pv_cycle_start,
        nodes,
        tests,
        entries,
        table_mib: (peak * ENTRY_BYTES) as f64 / (1u64 << 20) as f64,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// A prover's strategy read off a proof search, one move at a time: what
/// writes `basic` certificates (docs/certificates.md, "`basic`").
///
/// - [`Role::Forcing`]: the prover of a true [`Test`] forces a finite
///   end meeting it. The test is searched once from the start, and then
///   the table is only read: at a state her proof covers, she moves to a
///   child whose proof has a smaller ply bound (or passes where the static
///   bounds prove the test, as their strategy does). The bounds decrease
///   along every line, so the strategy allows no cycle.
/// - [`Role::Denying`]: the other side of a false [`Test`] keeps
///   the game out of the test's prover's reach. At each of her states she
///   moves to the first child from which the test fails, asked from that
///   child as a start; some child fails wherever the test fails.
///
/// The strategies are positional: the move depends on the state alone, as
/// everything under `basic` does.
pub struct Strategist<'a> {
    search: Search<'a>,
    test: Test,
    role: Role,
    succ: Vec<(Move, State)>,
}

/// Which side of a [`Test`] a [`Strategist`] plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The test's prover, forcing a finite end that meets it.
    Forcing,
    /// The other side, keeping the prover from forcing one.
    Denying,
}

impl<'a> Strategist<'a> {
    /// A strategy for `role` in test `t` from `start`: `Ok(None)` where
    /// that side has none (`t` fails there for [`Role::Forcing`], holds
    /// for [`Role::Denying`]).
    pub fn new(
        board: &'a Board,
        rules: &Rules,
        start: &BasicStart,
        t: Test,
        role: Role,
        opts: &ReachOptions,
        budget: &'a Budget,
    ) -> Result<Option<Strategist<'a>>, ReachError> {
        let ctx = Ctx::new(board, rules, opts)?;
        let mut search = Search::new(ctx, budget);
        let root = ctx.start(start);
        let Some(holds) = search.test_at(root, 0, t) else {
            return Err(stopped(&search, None, None));
        };
        Ok((holds == (role == Role::Forcing)).then(|| Strategist {
            search,
            test: t,
            role,
            succ: Vec::new(),
        }))
    }

    /// The strategy's move at `state` (the side to move there must be the
    /// strategy's side): `Ok(None)` where it has none, which the
    /// certificate's check then reports (a forcing strategy has none at a
    /// state its proof does not cover).
    pub fn choose(&mut self, state: &BasicStart) -> Result<Option<Move>, ReachError> {
        let ctx = self.search.ctx;
        let s = ctx.start(state);
        if ctx.is_end(&s) {
            return Ok(None);
        }
        self.search.line.clear();
        ctx.successors(&s, &mut self.succ);
        let t = self.test;
        self.search.test = t;
        if self.role == Role::Forcing {
            return Ok(self.search.proof_step(&s, t, &self.succ).map(|(m, _)| m));
        }
        // A child the table already refutes costs no search (the start's
        // test stored the refutations it found as facts).
        let known = self.succ.iter().find_map(|&(m, c)| {
            matches!(self.search.look(&ctx.key(&c)), Look::Disproven(d) if d.depth == NO_DEP)
                .then_some(m)
        });
        if known.is_some() {
            return Ok(known);
        }
        let succ = std::mem::take(&mut self.succ);
        let mut found = None;
        for &(m, c) in &succ {
            self.search.line.clear();
            match self.search.test_at(c, 0, t) {
                None => {
                    self.succ = succ;
                    return Err(stopped(&self.search, None, None));
                }
                Some(false) => {
                    found = Some(m);
                    break;
                }
                Some(true) => {}
            }
        }
        self.succ = succ;
        Ok(found)
    }

    /// Nodes the strategy's searches have expanded.
    pub fn nodes(&self) -> u64 {
        self.search.nodes
    }
}

/// What [`run`] finds: VB, VW, the value, the PV and its cycle start.
type Found = (
    Option<i32>,
    Option<i32>,
    BasicValue,
    Option<Vec<Move>>,
    Option<usize>,
);

/// VB and VW by tests from the root, the value at komi `k` (half points)
/// and its principal variation.
fn run(search: &mut Search<'_>, root: State, n: i32, k: i32) -> Result<Found, ReachError> {
    let half = |r: i32| 2 * r - k;
    // The least margin r with 2r - k > 0, and the largest with 2r - k < 0.
    let pos = (k + 2).div_euclid(2);
    let neg = (k - 1).div_euclid(2);
    let black = |r| Test {
        prover: Color::Black,
        r,
    };
    let white = |r| Test {
        prover: Color::White,
        r,
    };
    let (mut vb_lo, mut vw_hi): (Option<i32>, Option<i32>) = (None, None);
    // VB: the largest r Black forces (Black forcing r forces every smaller r).
    let (mut yes, mut no) = (-n - 1, n + 1);
    let mut probe = pos.clamp(-n, n);
    while no - yes > 1 {
        search.line.clear();
        let Some(x) = search.test_at(root, 0, black(probe)) else {
            return Err(stopped(search, vb_lo.map(half), vw_hi.map(half)));
        };
        if x {
            yes = probe;
            vb_lo = Some(probe);
            // VB <= VW: if White forces this margin too, both are exact.
            search.line.clear();
            let Some(w) = search.test_at(root, 0, white(probe)) else {
                return Err(stopped(search, vb_lo.map(half), vw_hi.map(half)));
            };
            if w {
                vw_hi = Some(probe);
                no = probe + 1;
            }
        } else {
            no = probe;
        }
        probe = yes + (no - yes) / 2;
    }
    let vb = (yes >= -n).then_some(yes);
    // VW: the smallest r White forces; it is at least VB (both forced
    // together give a finite game).
    let (mut no, mut yes) = (vb.unwrap_or(-n) - 1, vw_hi.unwrap_or(n + 1));
    let mut probe = neg.clamp(no + 1, n);
    while yes - no > 1 {
        search.line.clear();
        let Some(x) = search.test_at(root, 0, white(probe)) else {
            return Err(stopped(search, vb_lo.map(half), vw_hi.map(half)));
        };
        if x {
            yes = probe;
            vw_hi = Some(probe);
        } else {
            no = probe;
        }
        probe = no + (yes - no + 1) / 2;
    }
    let vw = (yes <= n).then_some(yes);
    let (hb, hw) = (vb.map(half), vw.map(half));
    let value = kosolve_retrograde::value_of(hb, hw);
    // The value is proven; a principal variation the budget cuts short
    // is left empty (`pv_complete` false).
    let (pv, cycle) = match value {
        BasicValue::Margin(h) => {
            // Follow the side whose forcing gives the value.
            let (keep, deny) = match (vb, vw) {
                (Some(b), _) if half(b) == h => (black(b), black(b + 1)),
                (_, Some(w)) => (white(w), white(w - 1)),
                _ => unreachable!("a finished value is VB or VW"),
            };
            let mut proof = Search::new(search.ctx, search.budget);
            proof.nodes = search.nodes;
            let proved = proof.test_at(root, 0, keep);
            search.nodes = proof.nodes;
            match proved {
                Some(true) => (search.pv_finished(&proof, root, keep, deny), None),
                Some(false) => panic!("the proof search contradicts itself on {keep:?}"),
                None => (None, None),
            }
        }
        BasicValue::Void => {
            // Black keeps White from forcing a margin <= 0 (komi applied),
            // White keeps Black from forcing >= 0.
            let deny_b = black((k + 1).div_euclid(2));
            let deny_w = white(k.div_euclid(2));
            match search.pv_void(root, deny_b, deny_w) {
                Some((pv, start)) => (Some(pv), Some(start)),
                None => (None, None),
            }
        }
    };
    Ok((hb, hw, value, pv, cycle))
}

/// The error of a search stopped by its budget, with the bounds so far.
fn stopped(search: &Search<'_>, vb: Option<i32>, vw: Option<i32>) -> ReachError {
    ReachError::Stopped {
        why: search.stop.unwrap_or(Stop::Cancelled),
        vb_at_least: vb,
        vw_at_most: vw,
        nodes: search.nodes,
    }
}
