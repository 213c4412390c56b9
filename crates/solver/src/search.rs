//! The fast solver: fail-soft alpha-beta over the game tree with an exact
//! transposition table, an MTD(f) driver that keeps proven root bounds,
//! young-brothers-wait splitting over rayon, and principal-variation
//! extraction by null-window re-search.

use crate::deps::{DepTable, Deps};
use crate::mirror::{Group, Mirror, Tag, MAX_SYMS};
use crate::table::Table;
use crate::{SolveOptions, Stats, Strategy};
use kosolve_board::Color;
use kosolve_budget::{Budget, Stop};
use kosolve_rules::{Game, GameResult, Move, ValueKind};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

mod pns;
pub(crate) use pns::PnTable;

/// The value of a finished game in the solver's scale, Black's point of
/// view: the raw area margin (komi 0) for scored games, +1/-1 for a win
/// or a loss, 0 for a declared draw.
#[inline]
pub fn result_value(r: &GameResult) -> i32 {
    match r {
        GameResult::Score { black, white } => *black as i32 - *white as i32,
        GameResult::Win(Color::Black) => 1,
        GameResult::Win(Color::White) => -1,
        GameResult::Draw => 0,
    }
}

/// The range every value of a game lies in: `[-points, points]` for
/// margins, `[-1, 1]` otherwise.
pub fn value_range<G: Game>(game: &G) -> (i32, i32) {
    match game.rules().ruleset.value_kind() {
        ValueKind::Margin => {
            let n = game.board().len() as i32;
            (-n, n)
        }
        ValueKind::WinLoss | ValueKind::WinDrawLoss => (-1, 1),
    }
}

/// No depth limit (see [`Searcher::search`]).
pub const UNLIMITED: u32 = u32::MAX;
/// Iterative deepening's first depth limit (docs/solver.md, "Iterative
/// deepening": with the unknown cache, 16 takes fewer nodes than 8 on 15 of
/// the 17 boards and rulesets measured).
pub const DEEPENING_FIRST: u32 = 16;
/// Iterative deepening's last limit before the unlimited search.
pub const DEEPENING_MAX: u32 = 1 << 16;

/// The depth limit of the iteration after one at `depth`: a quarter more,
/// rounded up (16, 20, 25, 32, 40, 50, 63, 79, 99, ...), then
/// [`UNLIMITED`] past [`DEEPENING_MAX`]. Against doubling it overshoots
/// less the limit at which a proof first exists (docs/solver.md,
/// "Iterative deepening").
pub const fn next_depth(depth: u32) -> u32 {
    if depth >= DEEPENING_MAX {
        UNLIMITED
    } else {
        (depth * 5).div_ceil(4)
    }
}

/// State shared by every thread of one solve.
pub(crate) struct Shared<const W: usize> {
    pub table: Arc<Table>,
    pub nodes: AtomicU64,
    pub hits: AtomicU64,
    /// Nodes decided by the static bounds.
    pub static_cuts: AtomicU64,
    /// Nodes expanded (see [`crate::Stats::expansions`]).
    pub expansions: AtomicU64,
    /// Whether to cut on [`Game::static_bounds`].
    pub static_bounds: bool,
    /// Whether the static cut also counts territory, under its history
    /// condition ([`Game::territory_bounds`]; dependency tracking only).
    pub territory: bool,
    /// Whether stored bounds record D- ([`crate::SearchSettings::avoids`];
    /// off is not exact).
    pub avoids: bool,
    /// Nodes decided by a territory bound.
    pub territory_cuts: AtomicU64,
    pub stop: AtomicBool,
    /// Why the budget stopped the solve: 0 while it has not, else 1 + [`Stop::index`].
    pub stopped: std::sync::atomic::AtomicU8,
    /// The solve's limits and cancellation token.
    pub budget: Budget,
    pub pass_first: bool,
    pub split_depth: usize,
    pub use_table: bool,
    pub history: bool,
    /// The range of every value of the game (see [`value_range`]).
    pub range: (i32, i32),
    /// An outside counter that also receives the nodes (progress displays).
    pub progress: Option<Arc<AtomicU64>>,
    /// Dependency tracking's table (`None`: off, or the ruleset does not support it).
    pub dep_table: Option<Arc<DepTable<W>>>,
    /// Null-window tests by iterative deepening.
    pub deepening: bool,
    /// Under dependency tracking: whether any result has been stored under
    /// a whole key yet (only results whose D+ overflowed are). Until then a
    /// node skips computing its whole key and probing that table; a probe
    /// skipped in a race only forgoes a hit.
    pub whole_used: AtomicBool,
    /// Nodes found unknown in the current deepening pass.
    pub unknown: crate::unknown::UnknownCache,
    /// Whether to consult `unknown`.
    pub use_unknown: bool,
    /// The current deepening pass (each depth limit of each null-window test is one).
    pub pass: std::sync::atomic::AtomicU32,
    /// The board's symmetries as point maps (`perms[s][p]`, the image of
    /// p), and their inverses, for moving best-move codes between frames.
    pub perms: Vec<[u8; 64]>,
    /// See `perms`.
    pub inv_perms: Vec<[u8; 64]>,
    /// The symmetries the dependency table's keys use, as a group.
    pub group: Arc<Group>,
    /// Null-window tests by proof-number search ([`Searcher::pns_test`])
    /// instead of alpha-beta.
    pub pns: bool,
    /// Proof-number search: the numbers of open nodes, shared by every
    /// searcher of the solve (one slot when the engine is alpha-beta).
    pub pn_table: pns::PnTable,
    /// Where the driver publishes its progress (see [`crate::Live`]).
    pub live: Option<Arc<crate::Live>>,
}

/// The board's symmetries as arrays and their inverses (see [`Shared::perms`]).
pub(crate) fn symmetry_maps(board: &kosolve_board::Board) -> (Vec<[u8; 64]>, Vec<[u8; 64]>) {
    let mut perms = Vec::new();
    let mut invs = Vec::new();
    for perm in board.symmetries() {
        let mut f = [0u8; 64];
        let mut g = [0u8; 64];
        for (p, &q) in perm.iter().enumerate() {
            f[p] = q;
            g[q as usize] = p as u8;
        }
        perms.push(f);
        invs.push(g);
    }
    (perms, invs)
}

impl<const W: usize> Shared<W> {
    fn limits_hit(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        match self.budget.check_nodes(self.nodes.load(Ordering::Relaxed)) {
            Ok(()) => false,
            Err(why) => {
                let _ = self.stopped.compare_exchange(
                    0,
                    why.index() as u8 + 1,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                );
                self.stop.store(true, Ordering::Relaxed);
                true
            }
        }
    }

    /// What stopped the solve, if the budget did.
    pub fn stopped(&self) -> Option<Stop> {
        match self.stopped.load(Ordering::Relaxed) {
            0 => None,
            i => Some(Stop::ALL[i as usize - 1]),
        }
    }
}

/// Orders `moves` in place: non-board moves (pass, delays, draw) first when
/// `pass_first`, otherwise last; board plays keep point order.
pub(crate) fn order_moves(moves: &mut [Move], pass_first: bool) {
    let is_play = |m: &Move| matches!(m, Move::Play(_));
    if pass_first {
        moves.sort_by_key(|m| is_play(m));
    } else {
        moves.sort_by_key(|m| !is_play(m));
    }
}

/// A move's code in the table: the point index, or 64 + kind for the others.
#[inline]
pub(crate) fn move_code(m: Move) -> u8 {
    match m {
        Move::Play(p) => p.0,
        Move::Pass => 64,
        Move::Delay => 65,
        Move::UltimateDelay => 66,
        Move::DeclareDraw => 67,
    }
}

/// What probing the tables left of a node they do not decide (see
/// [`Searcher::probe`]).
struct Window {
    /// The window, narrowed by the whole-key bounds found (plain tables).
    alpha: i32,
    /// See `alpha`.
    beta: i32,
    /// The whole-key lower bound found (plain tables), or `i32::MIN`.
    lower: i32,
    /// The whole-key upper bound found (plain tables), or `i32::MAX`.
    upper: i32,
    /// The best move remembered by a table, as a [`move_code`].
    tt_best: Option<u8>,
    /// The canonical history-free key (dependency tracking).
    base: Option<u128>,
    /// The symmetry that takes this state to the image `base` is the key
    /// of (0: the identity).
    sym: usize,
    /// The whole key, where it was computed.
    key: Option<u128>,
}

/// The outcome of [`Searcher::probe`].
enum Probed {
    /// A stored bound decides the window: the value to return.
    Decided(i32),
    /// The search must go on.
    Open(Window),
}

/// What a node's children came to (see [`Searcher::search_children`]).
struct Verdict<const W: usize> {
    /// The best value found for the side to move (fail-soft).
    best: i32,
    /// The index of its move.
    best_i: usize,
    /// Dependencies of the best child's bound through its move, with the
    /// move's own entry avoided.
    best_deps: Deps<W>,
    /// The union of every searched child's dependencies.
    all_deps: Deps<W>,
    /// Some child was unknown (at the depth limit).
    unknown: bool,
}

impl<const W: usize> Verdict<W> {
    fn new(maximize: bool) -> Verdict<W> {
        Verdict {
            best: if maximize { i32::MIN } else { i32::MAX },
            best_i: 0,
            best_deps: Deps::NONE,
            all_deps: Deps::NONE,
            unknown: false,
        }
    }

    /// Whether `v` is better than the best so far for the side to move.
    fn improves(&self, v: i32, maximize: bool) -> bool {
        if maximize {
            v > self.best
        } else {
            v < self.best
        }
    }
}

/// One thread's searcher.
pub(crate) struct Searcher<'a, G: Game, const W: usize> {
    pub game: G,
    shared: &'a Shared<W>,
    /// Nodes this worker visited (monotonic: subtree effort is a difference of it).
    nodes: u64,
    hits: u64,
    /// Nodes decided by the static bounds.
    static_cuts: u64,
    /// Nodes decided by a territory bound (counted in `static_cuts` too).
    territory_cuts: u64,
    flushed_territory: u64,
    /// Nodes expanded (their moves generated), and the part flushed.
    expansions: u64,
    flushed_expansions: u64,
    /// The part of `nodes` / `hits` / `static_cuts` already added to the shared counters.
    flushed_nodes: u64,
    flushed_hits: u64,
    flushed_cuts: u64,
    bufs: Vec<Vec<Move>>,
    cancel: Vec<Arc<AtomicBool>>,
    /// History heuristic: cutoff credit per player and move code.
    history: Box<[[u32; 68]; 2]>,
    /// Set when the search was stopped (limits, Ctrl-C or a sibling cutoff); its value is then meaningless.
    pub aborted: bool,
    /// Dependency tracking: on for this searcher.
    dep: bool,
    /// The history's entries, mirrored along the search, with their images
    /// under the symmetries results are keyed by.
    hist: Mirror,
    /// Scratch for an entry's images.
    img: [u64; MAX_SYMS],
    /// The entry each move on the searcher's own path added.
    entry_stack: Vec<Option<u64>>,
    /// The dependencies of the bound(s) the last `search` returned.
    last_deps: Deps<W>,
    /// Whether the last `search` ran into its depth limit without a proof
    /// (its value then means nothing and nothing was stored).
    pub last_unknown: bool,
    /// A private node budget: the search stops, as at a limit, once this
    /// searcher's own node count reaches this total (the principal
    /// variation's rounds, see [`principal_variation`]). The solve's own
    /// limits are untouched. Only set in games without a table, which are
    /// searched on one thread (no helpers to count; see `solve_game_with`).
    budget: Option<u64>,
    /// Proof-number search: a helper's random tie-breaking state (0: the
    /// main searcher, which breaks ties by move order).
    jitter: u64,
    /// Whether probes ask the dependency table's archive, where it has one
    /// (see [`Searcher::set_archive_probes`]).
    archive_probes: bool,
}

/// The proof-number table's size, as a power of two of 16-byte slots:
/// 64 MiB from 7 points up, less on the smallest boards.
pub(crate) fn pn_table_bits(points: usize) -> u32 {
    (8 + 2 * points as u32).clamp(12, 22)
}

impl<'a, G: Game, const W: usize> Searcher<'a, G, W> {
    pub fn new(game: G, shared: &'a Shared<W>, cancel: Vec<Arc<AtomicBool>>) -> Self {
        let mut s = Searcher {
            game,
            shared,
            nodes: 0,
            hits: 0,
            static_cuts: 0,
            territory_cuts: 0,
            flushed_territory: 0,
            expansions: 0,
            flushed_expansions: 0,
            flushed_nodes: 0,
            flushed_hits: 0,
            flushed_cuts: 0,
            bufs: Vec::new(),
            cancel,
            history: Box::new([[0; 68]; 2]),
            aborted: false,
            dep: false,
            hist: Mirror::new(Arc::new(Group::identity())),
            img: [0; MAX_SYMS],
            entry_stack: Vec::new(),
            last_deps: Deps::NONE,
            last_unknown: false,
            budget: None,
            jitter: 0,
            archive_probes: true,
        };
        if s.shared.dep_table.is_some() {
            // The symmetries the tables key by (see `Tables`).
            let syms = s.shared.group.syms();
            let mut entries = Vec::new();
            let ok = if syms > 1 {
                s.game.history_entry_images(&mut entries)
            } else {
                s.game.history_entries(&mut entries)
            };
            if ok {
                s.dep = true;
                s.hist = Mirror::new(s.shared.group.clone());
                for images in entries.chunks(syms) {
                    s.hist.add(images);
                }
                if s.shared.territory {
                    // Every position that occurred, for the territory
                    // conditions (tables that hold bounds with them are
                    // used only by such searchers: `Tables::suits`).
                    let mut g = s.game.clone();
                    let mut back = vec![g.position()];
                    while !g.moves().is_empty() {
                        g.undo();
                        back.push(g.position());
                    }
                    for p in back.into_iter().rev() {
                        s.hist.push_position(p);
                    }
                }
            }
        }
        s
    }

    /// The canonical history-free key: the least key of the state's images
    /// under the symmetries in use, and the (first) symmetry giving it.
    fn canonical_key(&self) -> Option<(u128, usize)> {
        self.game.canonical_history_free_key(self.hist.syms())
    }

    /// A move code of this state in the frame of its image under `sym`.
    #[inline]
    fn code_to_frame(&self, code: u8, sym: usize) -> u8 {
        if sym == 0 || code >= 64 {
            code
        } else {
            self.shared.perms[sym][code as usize]
        }
    }

    /// A move code of the image under `sym` in this state's own frame.
    #[inline]
    fn code_from_frame(&self, code: u8, sym: usize) -> u8 {
        if sym == 0 || code >= 64 {
            code
        } else {
            self.shared.inv_perms[sym][code as usize]
        }
    }

    /// Probes the dependency table at the current state for the window
    /// `(alpha, beta)`: the stored bound that decides it, if its
    /// dependencies hold in the history, with those dependencies and the
    /// best move read in this state's own frame.
    fn dep_probe(
        &self,
        key: u128,
        sym: usize,
        window: (i32, i32),
    ) -> Option<crate::deps::DepProbe<W>> {
        let table = self.shared.dep_table.as_ref().expect("dep table");
        let mut p = table.probe(key, self.shared.range, window, |d| {
            d.holds_in(&self.hist, sym)
        });
        if self.archive_probes && p.as_ref().is_none_or(|p| p.decided.is_none()) {
            // A bound the table replaced may still be kept in its archive.
            if let Some(d) = table.archived(key, window, &self.hist, sym) {
                p = Some(crate::deps::DepProbe {
                    decided: Some(d),
                    best: p.as_ref().and_then(|p| p.best),
                });
            }
        }
        let mut p = p?;
        p.best = p.best.map(|b| self.code_from_frame(b, sym));
        Some(p)
    }

    /// The best move the dependency table remembers for the current
    /// state (keyed `key` in the frame of symmetry `sym`), in its own frame.
    fn dep_best(&self, key: u128, sym: usize) -> Option<u8> {
        let table = self.shared.dep_table.as_ref().expect("dep table");
        table.best(key).map(|b| self.code_from_frame(b, sym))
    }

    /// Whether later probes ask the dependency table's archive (on by
    /// default; the archive still keeps every bound stored). A long search
    /// whose own proof fills the archive gains little from it and pays a
    /// scan of a key's kept bounds at every open node: the certificate
    /// writer's tests at the start run without.
    pub fn set_archive_probes(&mut self, on: bool) {
        self.archive_probes = on;
    }

    /// Plays `m`, keeping the history mirror; returns the entry it added:
    /// its digest and its tag (see [`Mirror`]).
    pub fn play(&mut self, m: Move) -> Option<(u64, Tag)> {
        self.game.play(m);
        let syms = self.hist.syms();
        let e = if self.dep && self.game.last_entry_images(&mut self.img[..syms]) {
            self.hist.add(&self.img[..syms]);
            Some(self.img[0])
        } else {
            None
        };
        self.entry_stack.push(e);
        if self.dep && self.shared.territory {
            self.hist.push_position(self.game.position());
        }
        e.map(|e| (e, self.hist.tag(e).expect("just added")))
    }

    /// Takes back the last move played by [`Searcher::play`].
    pub fn undo(&mut self) {
        self.game.undo();
        if let Some(Some(e)) = self.entry_stack.pop() {
            self.hist.remove(e);
        }
        if self.dep && self.shared.territory {
            self.hist.pop_position();
        }
    }

    /// The entries of the mover's board plays that only the history forbids.
    fn banned_entries(&self, out: &mut Deps<W>) {
        let pos = self.game.position();
        for p in pos.empty(self.game.board()) {
            if let Some(e) = self.game.history_entry(Move::Play(p)) {
                if self.hist.contains(e) {
                    debug_assert!(
                        !self.game.is_legal(Move::Play(p)),
                        "dependency tracking: the history mirror disagrees with the game"
                    );
                    out.need(e);
                }
            }
        }
    }

    fn flush(&mut self) {
        // Only the counts since the last flush; `nodes` itself never goes back,
        // since `search` measures subtree effort as a difference of it.
        let delta = self.nodes - self.flushed_nodes;
        self.shared.nodes.fetch_add(delta, Ordering::Relaxed);
        if let Some(p) = &self.shared.progress {
            p.fetch_add(delta, Ordering::Relaxed);
        }
        self.shared
            .hits
            .fetch_add(self.hits - self.flushed_hits, Ordering::Relaxed);
        self.shared
            .static_cuts
            .fetch_add(self.static_cuts - self.flushed_cuts, Ordering::Relaxed);
        if let Some(l) = &self.shared.live {
            let bytes = self.shared.table.peak_bytes()
                + self.shared.dep_table.as_ref().map_or(0, |t| t.peak_bytes());
            l.table_bytes.store(bytes as u64, Ordering::Relaxed);
        }
        self.flushed_nodes = self.nodes;
        self.flushed_hits = self.hits;
        self.flushed_cuts = self.static_cuts;
        self.shared.territory_cuts.fetch_add(
            self.territory_cuts - self.flushed_territory,
            Ordering::Relaxed,
        );
        self.flushed_territory = self.territory_cuts;
        self.shared
            .expansions
            .fetch_add(self.expansions - self.flushed_expansions, Ordering::Relaxed);
        self.flushed_expansions = self.expansions;
    }

    fn check_stop(&mut self) -> bool {
        self.flush();
        self.shared.limits_hit()
            || self.cancel.iter().any(|c| c.load(Ordering::Relaxed))
            || self.budget.is_some_and(|b| self.nodes >= b)
    }

    /// Fail-soft alpha-beta: returns v with v <= alpha meaning "value <= v",
    /// v >= beta meaning "value >= v", and otherwise the exact value.
    /// Under dependency tracking, `last_deps` then holds what the returned
    /// bound(s) depend on in the history before this node.
    ///
    /// `depth` limits the plies searched below this node ([`UNLIMITED`]:
    /// none); a null window is required when it is limited. A node at the
    /// limit that neither the end nor the table decides is *unknown*
    /// (`last_unknown`); a node is unknown when no child decides it and an
    /// unknown child could. Only decided results are stored, so every
    /// table entry is a proof, whatever the limit it was found under.
    ///
    /// The steps: [`Searcher::enter`] (limits, the end of the game, the
    /// value range), [`Searcher::probe`] (the tables), [`Searcher::ordered_moves`],
    /// [`Searcher::search_children`] (serially, then [`Searcher::split`]
    /// over threads), and [`Searcher::store_with_deps`] or
    /// [`Searcher::store_plain`].
    pub fn search(&mut self, alpha: i32, beta: i32, ply: usize, depth: u32) -> i32 {
        debug_assert!(depth == UNLIMITED || beta == alpha + 1);
        if let Some(v) = self.enter(alpha, beta) {
            return v;
        }
        if let Some(v) = self.static_cut(alpha, beta) {
            return v;
        }
        let w = match self.probe(alpha, beta) {
            Probed::Decided(v) => return v,
            Probed::Open(w) => w,
        };
        if depth == 0 {
            self.last_unknown = true;
            return 0;
        }
        let pass = self.shared.pass.load(Ordering::Relaxed);
        let unknown_key = if depth != UNLIMITED && self.shared.use_unknown {
            w.key.or(w.base)
        } else {
            None
        };
        if let Some(k) = unknown_key {
            if self.shared.unknown.is_unknown(k, pass, beta, depth) {
                self.last_unknown = true;
                return 0;
            }
        }
        let child_depth = if depth == UNLIMITED {
            UNLIMITED
        } else {
            depth - 1
        };
        let nodes_before = self.nodes;
        let moves = self.ordered_moves(ply, w.tt_best);
        let verdict = self.search_children(&moves, &w, ply, child_depth);
        let best_code = move_code(moves[verdict.best_i]);
        self.bufs[ply] = moves;
        if self.aborted {
            return 0;
        }
        let maximize = self.game.to_move() == Color::Black;
        let cutoff = if maximize {
            verdict.best >= w.beta
        } else {
            verdict.best <= w.alpha
        };
        if verdict.unknown && !cutoff {
            // An unknown child could still decide this node.
            if let Some(k) = unknown_key {
                self.shared.unknown.record(k, pass, beta, depth);
            }
            self.last_unknown = true;
            self.last_deps.clear();
            return 0;
        }
        if cutoff && self.shared.history {
            let c = self.game.to_move().index();
            let h = &mut self.history[c][best_code as usize];
            *h = h.saturating_add(1 + (self.nodes - nodes_before).min(1 << 20) as u32);
        }
        let work = self.nodes - nodes_before + 1;
        if self.dep {
            self.store_with_deps(&w, verdict, best_code, work)
        } else {
            self.store_plain(&w, verdict.best, best_code, work)
        }
    }

    /// The first step of [`Searcher::search`]: counts the node, checks the
    /// limits, and answers at once at the end of the game or when the
    /// window lies outside the game's value range.
    fn enter(&mut self, alpha: i32, beta: i32) -> Option<i32> {
        self.nodes += 1;
        self.last_deps.clear();
        self.last_unknown = false;
        if self.nodes & 1023 == 0 && self.check_stop() {
            self.aborted = true;
            return Some(0);
        }
        if let Some(r) = self.game.result() {
            if self.dep && matches!(r, GameResult::Win(_)) {
                // The mover has no legal move: that rests on the bans staying.
                let mut d = Deps::NONE;
                self.banned_entries(&mut d);
                self.last_deps = d;
            }
            return Some(result_value(&r));
        }
        // Every value lies in the game's range: a window outside it is decided.
        let (lo, hi) = self.shared.range;
        if beta <= lo {
            return Some(lo);
        }
        if alpha >= hi {
            return Some(hi);
        }
        None
    }

    /// The ruleset's exact static bounds ([`Game::static_bounds`]), where
    /// they decide the window. They hold whatever the history, so the
    /// result depends on none of it (`last_deps` stays empty) and is
    /// decided whatever the depth limit.
    fn static_cut(&mut self, alpha: i32, beta: i32) -> Option<i32> {
        if !self.shared.static_bounds {
            return None;
        }
        if self.dep && self.shared.territory {
            if let Some(t) = self.game.territory_bounds() {
                return self.territory_cut(alpha, beta, t);
            }
        }
        let (lower, upper) = self.game.static_bounds()?;
        let v = if lower >= beta {
            lower
        } else if upper <= alpha {
            upper
        } else {
            return None;
        };
        self.static_cuts += 1;
        Some(v)
    }

    /// The static cut with territory counted ([`Game::territory_bounds`];
    /// docs/solver.md, "Territory"): the plain bounds first, which hold
    /// whatever the history; then a side's bound with its territory,
    /// where no position of the history matches its condition, and with
    /// that condition as the result's dependency.
    fn territory_cut(&mut self, alpha: i32, beta: i32, t: kosolve_rules::Territory) -> Option<i32> {
        let (lower, upper) = t.plain;
        if lower >= beta {
            self.static_cuts += 1;
            return Some(lower);
        }
        if upper <= alpha {
            self.static_cuts += 1;
            return Some(upper);
        }
        let (v, pattern) = if t.lower >= beta {
            (t.lower, t.black)
        } else if t.upper <= alpha {
            (t.upper, t.white)
        } else {
            return None;
        };
        if self.hist.positions().iter().any(|p| pattern.matches(p)) {
            return None;
        }
        let mut d = Deps::NONE;
        d.forbid(pattern);
        self.last_deps = d;
        self.static_cuts += 1;
        self.territory_cuts += 1;
        Some(v)
    }

    /// Probes the tables: the dependency table by the history-free key
    /// (then the whole-key table, where results whose dependencies
    /// overflowed live), or the whole-key table alone. Returns the value
    /// when a stored bound decides the window, otherwise the window
    /// narrowed by the stored bounds, the keys and the remembered best move.
    fn probe(&mut self, alpha: i32, beta: i32) -> Probed {
        let key = if self.dep { self.canonical_key() } else { None };
        self.probe_at(alpha, beta, key)
    }

    /// [`Searcher::probe`] with the state's canonical key already computed
    /// (`key`: [`Searcher::canonical_key`], read only under dependency
    /// tracking).
    fn probe_at(&mut self, alpha: i32, beta: i32, key: Option<(u128, usize)>) -> Probed {
        let mut w = Window {
            alpha,
            beta,
            lower: i32::MIN,
            upper: i32::MAX,
            tt_best: None,
            base: None,
            sym: 0,
            key: None,
        };
        if self.dep {
            if let Some((k, sym)) = key {
                w.base = Some(k);
                w.sym = sym;
                if let Some(p) = self.dep_probe(k, sym, (alpha, beta)) {
                    if let Some((v, d)) = p.decided {
                        self.hits += 1;
                        self.last_deps = d;
                        return Probed::Decided(v);
                    }
                    w.tt_best = p.best;
                }
            }
            // Results whose dependencies outgrew a set live under whole keys.
            w.key = if self.shared.whole_used.load(Ordering::Relaxed) {
                self.game.future_key()
            } else {
                None
            };
            if let Some(p) = w.key.and_then(|k| self.shared.table.probe(k)) {
                if p.lower >= beta || p.lower == p.upper || p.upper <= alpha {
                    self.hits += 1;
                    self.last_deps = Deps::OVER;
                    return Probed::Decided(if p.upper <= alpha { p.upper } else { p.lower });
                }
                w.tt_best = w.tt_best.or(p.best);
            }
        } else {
            w.key = if self.shared.use_table {
                self.game.future_key()
            } else {
                None
            };
            if let Some(p) = w.key.and_then(|k| self.shared.table.probe(k)) {
                self.hits += 1;
                if p.lower >= beta || p.lower == p.upper {
                    return Probed::Decided(p.lower);
                }
                if p.upper <= alpha {
                    return Probed::Decided(p.upper);
                }
                w.lower = p.lower;
                w.upper = p.upper;
                w.alpha = alpha.max(p.lower);
                w.beta = beta.min(p.upper);
                w.tt_best = p.best;
            }
        }
        Probed::Open(w)
    }

    /// The legal moves at ply `ply`, in search order: pass-like moves first
    /// (or last), board plays by the history heuristic, and the table's
    /// best move promoted to the front. The buffer is borrowed from
    /// `bufs[ply]`; the caller puts it back.
    fn ordered_moves(&mut self, ply: usize, tt_best: Option<u8>) -> Vec<Move> {
        self.expansions += 1;
        if self.bufs.len() <= ply {
            self.bufs.resize_with(ply + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        moves.clear();
        self.game.legal_moves(&mut moves);
        assert!(
            !moves.is_empty(),
            "a game that is not over has no legal move: {:?}",
            self.game.moves()
        );
        order_moves(&mut moves, self.shared.pass_first);
        if self.shared.history {
            let h = &self.history[self.game.to_move().index()];
            // Stable: pass-like moves keep their place, board plays by history score.
            let first_play = moves
                .iter()
                .position(|m| matches!(m, Move::Play(_)))
                .unwrap_or(moves.len());
            let end = moves[first_play..]
                .iter()
                .position(|m| !matches!(m, Move::Play(_)))
                .map_or(moves.len(), |e| first_play + e);
            moves[first_play..end].sort_by_key(|m| std::cmp::Reverse(h[move_code(*m) as usize]));
        }
        if let Some(b) = tt_best {
            if let Some(i) = moves.iter().position(|m| move_code(*m) == b) {
                // Promote the remembered best move, keeping the rest in order.
                moves[..=i].rotate_right(1);
            }
        }
        moves
    }

    /// Searches the children in order until one cuts the window off: all
    /// of them here, or below the split depth the eldest here and the rest
    /// in parallel ([`Searcher::split`]). On a stop `aborted` is set and
    /// the verdict means nothing.
    fn search_children(
        &mut self,
        moves: &[Move],
        w: &Window,
        ply: usize,
        depth: u32,
    ) -> Verdict<W> {
        let maximize = self.game.to_move() == Color::Black;
        let (mut alpha, mut beta) = (w.alpha, w.beta);
        let mut v = Verdict::new(maximize);
        let parallel = ply < self.shared.split_depth && moves.len() > 1;
        let count = if parallel { 1 } else { moves.len() };
        for (i, &m) in moves.iter().enumerate().take(count) {
            let e = self.play(m);
            let value = self.search(alpha, beta, ply + 1, depth);
            self.undo();
            if self.aborted {
                return v;
            }
            if self.last_unknown {
                v.unknown = true;
                continue;
            }
            let better = v.improves(value, maximize);
            if self.dep {
                // The child's dependencies, relative to this node's history.
                if let Some((e, _)) = e {
                    self.last_deps.drop_need(e);
                }
                v.all_deps.merge(&self.last_deps);
                if better {
                    v.best_deps.copy_from(&self.last_deps);
                    if let (Move::Play(_), Some((_, tag)), true) = (m, e, self.shared.avoids) {
                        v.best_deps.avoid(tag, self.hist.group().shift());
                    }
                }
            }
            if better {
                v.best = value;
                v.best_i = i;
            }
            if maximize {
                alpha = alpha.max(v.best);
            } else {
                beta = beta.min(v.best);
            }
            if alpha >= beta {
                return v;
            }
        }
        if parallel {
            let rest = self.split(moves, alpha, beta, maximize, v.best, ply, depth);
            if self.aborted {
                return v;
            }
            v.unknown |= rest.unknown;
            v.all_deps.merge(&rest.all_deps);
            if v.improves(rest.best, maximize) {
                v.best = rest.best;
                v.best_i = rest.best_i;
                v.best_deps = rest.best_deps;
            }
        }
        v
    }

    /// Stores the node's result under dependency tracking and sets
    /// `last_deps`: the side to move's bound in its favour rests on its
    /// best move; the other bound on all its moves and on its bans.
    /// Bounds whose dependencies overflowed go to the whole-key table.
    fn store_with_deps(
        &mut self,
        w: &Window,
        verdict: Verdict<W>,
        best_code: u8,
        work: u64,
    ) -> i32 {
        let Verdict {
            best,
            best_deps,
            mut all_deps,
            ..
        } = verdict;
        let maximize = self.game.to_move() == Color::Black;
        let fail_low = best <= w.alpha;
        let fail_high = best >= w.beta;
        let need_all = if maximize { !fail_high } else { !fail_low };
        let need_best = if maximize { !fail_low } else { !fail_high };
        if need_all {
            self.banned_entries(&mut all_deps);
        }
        let mut d = Deps::NONE;
        if need_best {
            d.merge(&best_deps);
        }
        if need_all {
            d.merge(&all_deps);
        }
        let (lower_deps, upper_deps) = if maximize {
            (best_deps, all_deps)
        } else {
            (all_deps, best_deps)
        };
        let lower_b = (!fail_low).then_some((best, lower_deps));
        let upper_b = (!fail_high).then_some((best, upper_deps));
        self.last_deps = d;
        // In the frame of the image the canonical key names.
        let framed = |b: &Option<(i32, Deps<W>)>| match b {
            None => Some(None),
            Some((v, d)) if !d.over => d.clone().in_frame(&self.hist, w.sym).map(|d| Some((*v, d))),
            Some(_) => None,
        };
        let (lo_f, hi_f) = (framed(&lower_b), framed(&upper_b));
        debug_assert!(
            lower_b.as_ref().is_none_or(|(_, d)| d.over) || lo_f.is_some(),
            "a D+ entry outside the history"
        );
        if let (Some(k), Some(lo_f), Some(hi_f)) = (w.base, lo_f, hi_f) {
            let table = self.shared.dep_table.as_ref().expect("dep table");
            let code = self.code_to_frame(best_code, w.sym);
            table.store(k, lo_f, hi_f, Some(code), work);
        } else if let Some(k) = w.key.or_else(|| self.game.future_key()) {
            if let Some(t) = self.shared.dep_table.as_ref() {
                t.note_over();
            }
            self.shared.whole_used.store(true, Ordering::Relaxed);
            let (lo, hi) = self.shared.range;
            let (l, u) = (
                lower_b.map_or(lo, |(v, _)| v),
                upper_b.map_or(hi, |(v, _)| v),
            );
            self.shared.table.store(k, l, u, Some(best_code), work);
        }
        best
    }

    /// Stores the node's result under its whole key (where there is one),
    /// intersected with the bounds the probe found, and returns it.
    fn store_plain(&mut self, w: &Window, best: i32, best_code: u8, work: u64) -> i32 {
        let best = best.clamp(w.lower, w.upper);
        if let Some(k) = w.key {
            let (lo, hi) = if best <= w.alpha {
                (w.lower, best)
            } else if best >= w.beta {
                (best, w.upper)
            } else {
                (best, best)
            };
            self.shared.table.store(
                k,
                lo.max(i16::MIN as i32),
                hi.min(i16::MAX as i32),
                Some(best_code),
                work,
            );
        }
        best
    }

    /// Young brothers wait: after the eldest child, the others in parallel.
    /// Returns the best value among them (or `first`, the eldest's, when
    /// none beats it), its move's index, its dependencies through the move
    /// (see `search`) and the union of every searched child's dependencies.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        moves: &[Move],
        alpha: i32,
        beta: i32,
        maximize: bool,
        first: i32,
        ply: usize,
        depth: u32,
    ) -> Verdict<W> {
        use rayon::prelude::*;
        self.flush();
        let cancel = Arc::new(AtomicBool::new(false));
        let bound = AtomicI32::new(if maximize { alpha } else { beta });
        let shared = self.shared;
        let mut chain = self.cancel.clone();
        chain.push(cancel.clone());
        let dep = self.dep;
        let unknown = AtomicBool::new(false);
        let syms = self.hist.syms();
        let group = self.hist.group();
        let avoids = shared.avoids;
        let results: Vec<Option<(i32, Deps<W>, Option<Tag>)>> = moves[1..]
            .par_iter()
            .map(|&m| {
                if cancel.load(Ordering::Relaxed) {
                    return None;
                }
                let (a, b) = if maximize {
                    (bound.load(Ordering::Relaxed), beta)
                } else {
                    (alpha, bound.load(Ordering::Relaxed))
                };
                if a >= b {
                    // A sibling already cut this node off.
                    return None;
                }
                let mut g = self.game.clone();
                g.play(m);
                let mut img = [0u64; MAX_SYMS];
                let (e, tag) = if dep && g.last_entry_images(&mut img[..syms]) {
                    (Some(img[0]), Some(group.tag(&img[..syms])))
                } else {
                    (None, None)
                };
                let mut s = Searcher::new(g, shared, chain.clone());
                let v = s.search(a, b, ply + 1, depth);
                s.flush();
                if s.aborted {
                    return None;
                }
                if s.last_unknown {
                    unknown.store(true, Ordering::Relaxed);
                    return None;
                }
                let mut d = s.last_deps;
                if let Some(e) = e {
                    d.drop_need(e);
                }
                if maximize {
                    bound.fetch_max(v, Ordering::Relaxed);
                    if v >= beta {
                        cancel.store(true, Ordering::Relaxed);
                    }
                } else {
                    bound.fetch_min(v, Ordering::Relaxed);
                    if v <= alpha {
                        cancel.store(true, Ordering::Relaxed);
                    }
                }
                Some((v, d, tag))
            })
            .collect();
        let mut v = Verdict::new(maximize);
        v.best = first;
        let mut missing = false;
        for (j, r) in results.iter().enumerate() {
            match r {
                Some((value, d, tag)) => {
                    v.all_deps.merge(d);
                    if v.improves(*value, maximize) {
                        v.best = *value;
                        v.best_i = j + 1;
                        v.best_deps.copy_from(d);
                        if let (Move::Play(_), Some(t), true) = (moves[j + 1], tag, avoids) {
                            v.best_deps.avoid(*t, group.shift());
                        }
                    }
                }
                None => missing = true,
            }
        }
        let cutoff = if maximize {
            v.best >= beta
        } else {
            v.best <= alpha
        };
        v.unknown = unknown.load(Ordering::Relaxed);
        if missing && !cutoff && !v.unknown {
            // Only a stop (limits, Ctrl-C, an ancestor's cutoff) or an
            // unknown child leaves a child without a result and no cutoff here.
            self.aborted = true;
        }
        if missing {
            // Children left unsearched: no bound rests on all of them.
            v.all_deps = Deps::OVER;
        }
        v
    }

    /// The null-window test "value >= beta" at the current node: returns
    /// v >= beta (value >= v) or v < beta (value <= v). With `deepening`,
    /// by iterative deepening: depth limits 16, 20, 25, ... ([`next_depth`];
    /// a proof found under a limit is a proof), then no limit past
    /// [`DEEPENING_MAX`].
    pub fn null_window(&mut self, beta: i32, ply: usize, deepening: bool) -> i32 {
        let mut depth = if deepening {
            DEEPENING_FIRST
        } else {
            UNLIMITED
        };
        loop {
            self.shared.pass.fetch_add(1, Ordering::Relaxed);
            let v = self.search(beta - 1, beta, ply, depth);
            if self.aborted || !self.last_unknown {
                return v;
            }
            depth = next_depth(depth);
        }
    }

    /// The null-window test "value >= beta" by the solve's engine:
    /// [`Searcher::pns_test`] under proof-number search, otherwise
    /// [`Searcher::null_window`] (both fail-soft).
    pub fn test(&mut self, beta: i32, ply: usize) -> i32 {
        if self.shared.pns && self.dep {
            self.pns_test(beta, ply)
        } else {
            self.null_window(beta, ply, self.shared.deepening)
        }
    }

    /// The null-window test "value >= beta" by alpha-beta within `depth`
    /// plies (results stored exactly earlier count whatever their depth):
    /// `None` when the limit left it open.
    pub fn test_within(&mut self, beta: i32, depth: u32) -> Option<bool> {
        self.shared.pass.fetch_add(1, Ordering::Relaxed);
        self.last_unknown = false;
        let v = self.search(beta - 1, beta, 0, depth);
        (!self.last_unknown).then_some(v >= beta)
    }

    /// The best move the tables remember for the current state, in its
    /// own frame, if any: the move that decided the state's latest stored
    /// bound whose dependencies hold in the history at hand. A hint only:
    /// whoever takes it must still test the child it leads to.
    pub fn best_hint(&mut self) -> Option<Move> {
        let mut code = None;
        if self.dep {
            if let Some((k, sym)) = self.canonical_key() {
                code = self.dep_best(k, sym);
            }
        }
        if code.is_none() {
            code = self
                .game
                .future_key()
                .and_then(|k| self.shared.table.probe(k))
                .and_then(|p| p.best);
        }
        let code = code?;
        let mut moves = Vec::new();
        self.game.legal_moves(&mut moves);
        moves.into_iter().find(|&m| move_code(m) == code)
    }

    /// Flushes counters to the shared totals.
    pub fn finish(&mut self) {
        self.flush();
    }

    /// The nodes of every searcher of the shared state, flushed so far.
    pub(crate) fn shared_nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// Readies this searcher for another test after one that stopped:
    /// clears the stop and the private budget.
    pub(crate) fn clear_stop(&mut self) {
        self.aborted = false;
        self.budget = None;
    }

    /// Stops this searcher, as at a limit, once it has searched `n` more
    /// nodes (`None`: no private budget).
    pub(crate) fn set_budget(&mut self, n: Option<u64>) {
        self.budget = n.map(|n| self.nodes.saturating_add(n));
    }

    /// Whether this searcher's private budget is spent.
    pub(crate) fn budget_spent(&self) -> bool {
        self.budget.is_some_and(|b| self.nodes >= b)
    }
}

/// The first step of the galloping thresholds (1, 2 and 3 measured in
/// docs/performance.md, "Fail-soft proofs").
const FIRST_STEP: i32 = 3;

/// The order of the tests "value >= t" of proof-number search:
/// first 0, then away from it in steps of 3, 6, 12, ... while every
/// answer goes the same way, then bisection of what is left between the
/// proven bounds (docs/solver.md, "The order of the thresholds"), its
/// middle rounded towards the latest answer's bound. Each step starts
/// from the latest proven bound, so a test is never wasted outside the
/// range still open.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Thresholds {
    /// How many tests were answered "holds" and "fails".
    held: u32,
    failed: u32,
    /// The next step away from the proven bound.
    step: i32,
    /// Whether the latest test held.
    last_held: bool,
}

impl Thresholds {
    /// Before the first test.
    pub(crate) fn new() -> Thresholds {
        Thresholds {
            held: 0,
            failed: 0,
            step: FIRST_STEP,
            last_held: false,
        }
    }

    /// The next threshold t, with the value proven to lie in [lo, hi]
    /// (lo < hi): lo < t <= hi, so that either answer narrows the range.
    pub(crate) fn next(&mut self, lo: i32, hi: i32) -> i32 {
        debug_assert!(lo < hi);
        let t = match (self.held, self.failed) {
            (0, 0) => 0,
            (_, 0) => self.stride(lo),
            (0, _) => (hi + 1).saturating_sub(self.stride(0)),
            // Bisection, the middle of an even count of candidates taken
            // on the side of the latest answer's bound.
            _ if self.last_held => lo + (hi - lo + 1) / 2,
            _ => lo + (hi - lo + 2) / 2,
        };
        t.clamp(lo + 1, hi)
    }

    /// `from` plus the current step, which doubles for the next time.
    fn stride(&mut self, from: i32) -> i32 {
        let t = from.saturating_add(self.step);
        self.step = self.step.saturating_mul(2);
        t
    }

    /// Records the fail-soft bound `v` of the test "value >= beta" (at
    /// least beta where it holds, below it where it fails) and narrows
    /// the proven range [lo, hi] by it: the one update of every loop over
    /// these thresholds (the solve's root driver and the certificate
    /// writer's tests at the start).
    pub(crate) fn narrow(&mut self, beta: i32, v: i32, (lo, hi): (&mut i32, &mut i32)) {
        self.answer(v >= beta);
        if v < beta {
            *hi = v.max(*lo);
        } else {
            *lo = v.min(*hi);
        }
    }

    /// Records the answer of the test of the latest threshold.
    fn answer(&mut self, holds: bool) {
        self.last_held = holds;
        if holds {
            self.held += 1;
        } else {
            self.failed += 1;
        }
    }
}

/// The outcome of the driver: proven bounds (equal when solved).
pub(crate) struct Bounds {
    pub lower: i32,
    pub upper: i32,
    pub pv: Vec<Move>,
    pub pv_complete: bool,
}

/// Runs the root searches and returns the proven bounds on the root value.
pub(crate) fn drive<G: Game, const W: usize>(
    game: &G,
    shared: &Shared<W>,
    opts: &SolveOptions,
) -> Bounds {
    let (mut lo, mut hi) = value_range(game);
    if let Some(r) = game.result() {
        let v = result_value(&r);
        return Bounds {
            lower: v,
            upper: v,
            pv: Vec::new(),
            pv_complete: true,
        };
    }
    let mut s = Searcher::new(game.clone(), shared, Vec::new());
    let publish = |beta: i32, lo: i32, hi: i32| {
        if let Some(l) = &shared.live {
            l.threshold.store(beta, Ordering::Relaxed);
            l.lower.store(lo, Ordering::Relaxed);
            l.upper.store(hi, Ordering::Relaxed);
        }
    };
    // Stop once the value is decided against the window, if any.
    let window = opts.search.window;
    let open = |lo: i32, hi: i32| lo < hi && window.is_none_or(|(a, b)| a <= hi && lo <= b);
    // A threshold of no use against the window moves to the nearest that
    // is: "value >= t" for a <= t <= b + 1 (and lo < t <= hi, as before).
    let useful = |t: i32, lo: i32, hi: i32| match window {
        Some((a, b)) => t.clamp(a.max(lo + 1), b.saturating_add(1).min(hi)),
        None => t,
    };
    match opts.search.strategy {
        Strategy::FullWindow => {
            let v = s.search(lo - 1, hi + 1, 0, UNLIMITED);
            s.finish();
            if !s.aborted {
                lo = v;
                hi = v;
            }
        }
        Strategy::Mtdf if shared.pns && s.dep => {
            // Fail-soft tests, galloping from 0 (docs/solver.md, "The
            // order of the thresholds").
            let mut order = Thresholds::new();
            while open(lo, hi) {
                let beta = useful(order.next(lo, hi), lo, hi);
                publish(beta, lo, hi);
                let v = pns_race(&mut s, game, shared, beta);
                if s.aborted {
                    break;
                }
                debug_assert!(lo <= v && v <= hi, "a bound outside the proven range");
                order.narrow(beta, v, (&mut lo, &mut hi));
            }
            s.finish();
        }
        Strategy::Mtdf => {
            let mut g = 0i32.clamp(lo, hi);
            while open(lo, hi) {
                let beta = useful(if g <= lo { lo + 1 } else { g }, lo, hi);
                publish(beta, lo, hi);
                let v = s.null_window(beta, 0, opts.search.deepening);
                if s.aborted {
                    break;
                }
                if v < beta {
                    hi = hi.min(v);
                } else {
                    lo = lo.max(v);
                }
                g = v.clamp(lo, hi);
            }
            s.finish();
        }
    }
    if lo == hi {
        publish(i32::MIN, lo, hi);
    }
    // The PV search reuses this searcher's history heuristic, which makes
    // its refutations of non-optimal moves as cheap as the main search.
    let (pv, pv_complete) = if opts.search.pv && lo == hi && !s.aborted {
        principal_variation(&mut s, lo)
    } else {
        (Vec::new(), false)
    };
    Bounds {
        lower: lo,
        upper: hi,
        pv,
        pv_complete,
    }
}

/// The test "value >= beta" at the root by proof-number search. With
/// several threads, helpers run the same test with random tie-breaking
/// (all sharing the numbers table and the proven results), and the
/// first to finish answers; every answer is a proof, so the value does not
/// depend on which (docs/solver.md, "Proof-number search").
fn pns_race<G: Game, const W: usize>(
    s: &mut Searcher<'_, G, W>,
    game: &G,
    shared: &Shared<W>,
    beta: i32,
) -> i32 {
    let threads = rayon::current_num_threads();
    if shared.split_depth == 0 || threads < 2 {
        return s.pns_test(beta, 0);
    }
    let done = Arc::new(AtomicBool::new(false));
    let answer = AtomicI32::new(i32::MIN);
    let mut v = 0;
    rayon::scope(|sc| {
        for h in 1..threads {
            let (done, answer) = (done.clone(), &answer);
            sc.spawn(move |_| {
                let mut hs = Searcher::new(game.clone(), shared, vec![done.clone()]);
                hs.jitter = 0x9E37_79B9_7F4A_7C15 ^ (h as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                let v = hs.pns_test(beta, 0);
                hs.finish();
                if !hs.aborted && !done.swap(true, Ordering::Relaxed) {
                    answer.store(v, Ordering::Relaxed);
                }
            });
        }
        s.cancel.push(done.clone());
        v = s.pns_test(beta, 0);
        s.cancel.pop();
        if !s.aborted && !done.swap(true, Ordering::Relaxed) {
            answer.store(v, Ordering::Relaxed);
        }
    });
    let a = answer.load(Ordering::Relaxed);
    if a == i32::MIN {
        // Nobody finished: the solve's own limits, or Ctrl-C.
        s.aborted = true;
        0
    } else {
        s.aborted = false;
        a
    }
}

/// The first node budget of a principal-variation round in a game
/// without a table (see [`principal_variation`]); each later round has
/// four times the last.
pub const PV_FIRST_BUDGET: u64 = 1 << 12;

/// The principal variation from the root, given the exact root value `v`:
/// at each node a move whose exact value equals `v`. Replaying it ends in
/// a result of value `v`. Returns the moves and whether it is complete
/// (false if a stop cut it short).
///
/// Which move is chosen at a node:
/// - **With a table** (every ruleset but Kee): the first move, in the
///   fixed move order (pass-like moves first when `pass_first`, then board
///   plays by point; in win/loss games the table's best move first),
///   whose exact value equals `v`. The earlier moves are refuted with the
///   table's help.
/// - **Without one** (Kee): refuting a poor
///   early move is a fresh proof with nothing remembered, and can cost
///   far more than the whole main search (1x5 Kee from `.OXX.`, White to
///   move: the value in 2.5 M nodes, the first-in-order line unfinished
///   after 15 minutes). So the moves are asked in rounds: in a round each
///   open move, in the fixed order, gets one null-window search under a
///   private budget of nodes; a move proven to reach `v` is chosen, a
///   move proven not to is dropped, and a move whose search ran out of
///   budget stays open for the next round, with four times the budget.
///   The chosen move is then one whose proof is cheap. Such a game is
///   searched on one thread whatever is asked, and the history heuristic
///   is cleared first, so the line depends on the position and `v` only.
///
/// The budgets change which of the moves reaching `v` is chosen, never
/// what is proven: a budget stop leaves a search aborted, and an aborted
/// search proves nothing and stores nothing, exactly as at the solve's
/// node limit.
pub(crate) fn principal_variation<G: Game, const W: usize>(
    s: &mut Searcher<'_, G, W>,
    v: i32,
) -> (Vec<Move>, bool) {
    let start = s.game.moves().len();
    let keyless = !s.dep && s.game.future_key().is_none();
    if keyless {
        // Such a game is searched on one thread (`solve_game_with`), so
        // the budgets below count every node of their searches.
        debug_assert_eq!(
            s.shared.split_depth, 0,
            "a game without a table runs on one thread"
        );
        *s.history = [[0; 68]; 2];
    }
    let mut pv = Vec::new();
    let mut moves = Vec::new();
    let mut complete = true;
    'node: while s.game.result().is_none() {
        moves.clear();
        s.game.legal_moves(&mut moves);
        order_moves(&mut moves, s.shared.pass_first);
        if s.shared.range == (-1, 1) {
            // Win/loss games: refuting every earlier losing move is a full
            // proof each, so the table's best move is tried first there.
            let best = if s.dep {
                s.canonical_key().and_then(|(k, sym)| s.dep_best(k, sym))
            } else {
                s.game
                    .future_key()
                    .and_then(|k| s.shared.table.probe(k))
                    .and_then(|p| p.best)
            };
            if let Some(i) = best.and_then(|b| moves.iter().position(|m| move_code(*m) == b)) {
                moves[..=i].rotate_right(1);
            }
        }
        let maximize = s.game.to_move() == Color::Black;
        let mut budget = keyless.then_some(PV_FIRST_BUDGET);
        while !moves.is_empty() {
            let mut open = Vec::with_capacity(moves.len());
            for &m in &moves {
                s.play(m);
                s.budget = budget.map(|b| s.nodes.saturating_add(b));
                // Children never beat the parent: a child equals v iff it reaches v.
                let hit = if maximize {
                    s.test(v, 1) >= v
                } else {
                    s.test(v + 1, 1) <= v
                };
                s.budget = None;
                if s.aborted {
                    s.undo();
                    if budget.is_none() || s.check_stop() {
                        // The solve's own limits, or Ctrl-C.
                        complete = false;
                        break 'node;
                    }
                    // Only this round's budget ran out: ask again later.
                    s.aborted = false;
                    open.push(m);
                    continue;
                }
                if hit {
                    pv.push(m);
                    continue 'node;
                }
                s.undo();
            }
            moves = open;
            budget = budget.map(|b| b.saturating_mul(4));
        }
        panic!("no move reaches the root value {v}: the solver is inconsistent");
    }
    while s.game.moves().len() > start {
        s.undo();
    }
    s.finish();
    (pv, complete)
}

/// Fills the effort counters from the shared state.
pub(crate) fn stats<const W: usize>(shared: &Shared<W>, start: Instant, threads: usize) -> Stats {
    let dt = shared.dep_table.as_ref();
    Stats {
        nodes: shared.nodes.load(Ordering::Relaxed),
        expansions: shared.expansions.load(Ordering::Relaxed),
        table_hits: shared.hits.load(Ordering::Relaxed),
        static_cuts: shared.static_cuts.load(Ordering::Relaxed),
        territory_cuts: shared.territory_cuts.load(Ordering::Relaxed),
        table_entries: (shared.table.len() + dt.map_or(0, |t| t.len())) as u64,
        replacements: shared.table.replacements() + dt.map_or(0, |t| t.replacements()),
        peak_table_mib: (shared.table.peak_bytes() + dt.map_or(0, |t| t.peak_bytes())) as f64
            / (1024.0 * 1024.0),
        seconds: start.elapsed().as_secs_f64(),
        threads,
        stopped: shared.stopped(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thresholds the driver tests against a game of value `v` in
    /// [lo, hi], and the bounds it ends with. `soft`: how far towards `v`
    /// each test's fail-soft bound lies beyond its threshold, from 0
    /// (fail-hard: t or t - 1) to 1 (the value itself).
    fn thresholds_soft(v: i32, mut lo: i32, mut hi: i32, soft: f64) -> (Vec<i32>, i32, i32) {
        let mut order = Thresholds::new();
        let mut tested = Vec::new();
        while lo < hi {
            let t = order.next(lo, hi);
            assert!(lo < t && t <= hi, "{t} outside ({lo}, {hi}]");
            tested.push(t);
            // The driver's update (`drive`) from a bound between the
            // fail-hard one and the value.
            let hard = if v >= t { t } else { t - 1 };
            let bound = hard + ((v - hard) as f64 * soft).round() as i32;
            order.narrow(t, bound, (&mut lo, &mut hi));
            assert!(tested.len() <= 64, "no end: {tested:?}");
        }
        (tested, lo, hi)
    }

    /// [`thresholds_soft`] with fail-hard answers.
    fn thresholds_for(v: i32, lo: i32, hi: i32) -> (Vec<i32>, i32, i32) {
        thresholds_soft(v, lo, hi, 0.0)
    }

    #[test]
    fn the_thresholds_gallop_from_zero_then_bisect() {
        // 4x4's range and value (docs/solver.md, "The order of the
        // thresholds").
        assert_eq!(thresholds_for(2, -16, 16), (vec![0, 3, 2], 2, 2));
        assert_eq!(thresholds_for(1, -16, 16), (vec![0, 3, 2, 1], 1, 1));
        assert_eq!(thresholds_for(15, -15, 15), (vec![0, 3, 9, 15], 15, 15));
        assert_eq!(thresholds_for(-3, -9, 9), (vec![0, -3, -2], -3, -3));
        assert_eq!(thresholds_for(0, -1, 1), (vec![0, 1], 0, 0));
        // A fail-soft bound at the value ends the search at once.
        assert_eq!(thresholds_soft(2, -16, 16, 1.0), (vec![0, 5], 2, 2));
        // Every value of every small range is found exactly, whatever
        // the answers' bounds.
        for lo in -20..=0 {
            for hi in 1..=20 {
                for v in lo..=hi {
                    for soft in [0.0, 0.3, 0.5, 1.0] {
                        let (_, l, h) = thresholds_soft(v, lo, hi, soft);
                        assert_eq!((l, h), (v, v), "value {v} in [{lo}, {hi}], {soft}");
                    }
                }
            }
        }
        // A range that does not hold 0 starts at its nearer end.
        assert_eq!(thresholds_for(5, 3, 8).0[0], 4);
    }

    #[test]
    fn deepening_limits_grow_by_a_quarter_and_end_unlimited() {
        let mut limits = vec![DEEPENING_FIRST];
        while *limits.last().unwrap() != UNLIMITED {
            let d = *limits.last().unwrap();
            let next = next_depth(d);
            assert!(next > d, "the limit must grow: {d} -> {next}");
            limits.push(next);
            assert!(limits.len() < 100, "no unlimited iteration: {limits:?}");
        }
        assert_eq!(limits[..9], [16, 20, 25, 32, 40, 50, 63, 79, 99]);
        let last_limited = limits[limits.len() - 2];
        assert!((DEEPENING_MAX..DEEPENING_MAX * 5 / 4 + 1).contains(&last_limited));
    }
}
