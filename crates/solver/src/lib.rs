//! Exact perfect-play solvers for Go on tiny boards.
//!
//! - [`solve`]: the value of a board under a ruleset, its outcome at the
//!   configured komi, a principal variation, and for Fundamental/Ultimate
//!   Go a komi analysis (docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go with
//!   prisoner return)").
//! - [`solve_game`]: the fast solver on any [`Game`] state: fail-soft
//!   alpha-beta with an exact transposition table keyed by
//!   [`Game::future_key`], an MTD(f) driver that keeps proven bounds when
//!   stopped, and rayon threads (see docs/solver.md).
//! - The deliberately naive minimax references that the tests check the
//!   fast solver against live in the dev-only crate kosolve-testkit.
//! - `basic` (void games) is solved by retrograde analysis
//!   ([`kosolve_retrograde::solve_basic`]), and Kee optionally as a parity
//!   game (crate kosolve-kee); every method's answer is an [`Answer`] in the
//!   same [`Report`], read through the same accessors.
//!
//! Values are Black's: the area margin at komi 0 for margin rulesets
//! (`B wins iff V > komi`), +1/-1 for win/loss rulesets, +1/0/-1 for
//! Ultimate Go (0 a declared draw).

#![warn(missing_docs)]

pub mod certificate;
mod deps;
mod mirror;
mod search;
mod sharded;
mod table;
mod unknown;
mod value;

pub use kosolve_budget::{Budget, Cancel, Stop};
pub use kosolve_retrograde::{BasicSolution, BasicValue};
pub use search::{result_value, value_range};
pub use table::{Probe, Table};
pub use value::{Value, ValueError};

use kosolve_board::Board;
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, Setup, SetupError, ValueKind};
use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How the root is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// A sequence of null-window searches (MTD(f)); each completed one
    /// tightens the proven root bounds, so a stop keeps them.
    Mtdf,
    /// One full-window alpha-beta search; a stop proves nothing.
    FullWindow,
}

/// Which search answers the null-window tests "value >= t"
/// (docs/solver.md, "Proof-number search").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    /// Chosen by [`Engine::resolve`] from the ruleset and the board.
    #[default]
    Auto,
    /// Alpha-beta by iterative deepening ([`SolveOptions::deepening`]).
    Id,
    /// Depth-first proof-number search (df-pn), for every ruleset with
    /// dependency tracking; the others fall back to alpha-beta.
    Pns,
}

impl Engine {
    /// Every engine, in the order `--engine` lists them.
    pub const ALL: [Engine; 3] = [Engine::Auto, Engine::Pns, Engine::Id];

    /// The name `--engine` takes.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Id => "id",
            Engine::Pns => "pns",
        }
    }

    /// The engine a name stands for.
    pub fn from_name(s: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == s)
    }

    /// The engine that runs: `Auto` resolved for a game (docs/performance.md,
    /// "Proof-number search against alpha-beta"); `Pns` only where the
    /// ruleset has dependency tracking.
    pub fn resolve<G: Game>(self, game: &G) -> Engine {
        let tracked = game.history_free_key().is_some() && game.future_key().is_some();
        match self {
            Engine::Pns if tracked => Engine::Pns,
            Engine::Auto if tracked && auto_picks_pns(game) => Engine::Pns,
            _ => Engine::Id,
        }
    }
}

/// Which method answers a solve (docs/architecture.md, "The path of a
/// solve"). The front ends pass the user's choice; [`Method::resolve`]
/// alone turns it into the method that runs, which the [`Answer`] reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Chosen by [`Method::resolve`] from the ruleset, the board and the start.
    #[default]
    Auto,
    /// The exact forward search: alpha-beta or proof-number search, and
    /// for `basic` the proof search of crate kosolve-reach.
    Search,
    /// Kee only: the parity game on the graph of game situations (crate
    /// kosolve-kee, docs/kee.md), capped by `memory_mib` and
    /// [`SolveOptions::kee_max_situations`].
    Parity,
    /// `basic` only: retrograde analysis (crate kosolve-retrograde).
    Retrograde,
}

/// The most points on which `--method auto` solves `basic` by retrograde
/// analysis (its default limit from the empty board); larger boards go to
/// the proof search.
pub const BASIC_RETROGRADE_POINTS: usize = 14;

/// `basic`'s answer, by either of its methods ([`Answer::basic`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BasicAnswer {
    /// The value at the configured komi: a margin (half points, komi
    /// applied) or void.
    pub value: BasicValue,
    /// VB in half points, komi applied (`None`: Black cannot force an end).
    pub vb: Option<i32>,
    /// VW in half points, komi applied (`None`: White cannot force an end).
    pub vw: Option<i32>,
}

impl Method {
    /// Every method, in the order `--method` lists them.
    pub const ALL: [Method; 4] = [
        Method::Auto,
        Method::Search,
        Method::Parity,
        Method::Retrograde,
    ];

    /// The method's place in [`Method::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name `--method` and sweep configs (`method`) take.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Search => "search",
            Method::Parity => "parity",
            Method::Retrograde => "retrograde",
        }
    }

    /// The method a name stands for.
    pub fn from_name(s: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == s)
    }

    /// Whether the method can be asked for under `ruleset`: `auto` and
    /// `search` always, `parity` for Kee, `retrograde` for `basic`.
    pub fn applies_to(self, ruleset: Ruleset) -> bool {
        match self {
            Method::Auto | Method::Search => true,
            Method::Parity => ruleset == Ruleset::Kee,
            Method::Retrograde => ruleset == Ruleset::Basic,
        }
    }

    /// The method in words: `the search`, `the parity method`,
    /// `retrograde analysis` (`auto` is never run).
    pub fn words(self) -> &'static str {
        match self {
            Method::Auto => "the method chosen for the ruleset",
            Method::Search => "the search",
            Method::Parity => "the parity method",
            Method::Retrograde => "retrograde analysis",
        }
    }

    /// The method that runs: `basic` by the method asked for, `auto`
    /// picking retrograde analysis on boards it numbers in advance (at most
    /// [`BASIC_RETROGRADE_POINTS`]) and the proof search elsewhere; Kee by
    /// the method asked for, `auto` picking the parity method where the
    /// search is not offered and the start has no moves to replay
    /// ([`kee_auto_parity`]); every other ruleset by the search.
    pub fn resolve(self, board: &Board, rules: &Rules, setup: &Setup) -> Method {
        let _ = setup;
        match rules.ruleset {
            Ruleset::Basic => match self {
                Method::Search => Method::Search,
                Method::Auto if board.len() > BASIC_RETROGRADE_POINTS => Method::Search,
                _ => Method::Retrograde,
            },
            Ruleset::Kee => match self {
                Method::Parity => Method::Parity,
                Method::Auto if kee_auto_parity(board, rules, setup) => Method::Parity,
                _ => Method::Search,
            },
            _ => Method::Search,
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where `--engine auto` picks proof-number search (docs/performance.md,
/// "Proof-number search against alpha-beta", and "The engine for win/loss
/// games and graph boards"):
/// - in the win/loss games (primitive, Fundamental and both Ultimate Go
///   versions) everywhere: on 1x6, 1x7, 2x3, 2x4 and 3x3 from the empty
///   board it takes 2 to 40 times fewer nodes than alpha-beta, and it
///   settles the Fundamental Go komis that alpha-beta does not;
/// - in the margin games, measured on one thread from the empty board
///   under psk, ssk, nssk, fixed, basic-fixed and bkr: alpha-beta is faster
///   on rectangles of up to 9 points and on 3x4 and 2x5 (a factor of 1.3
///   to 3), proof-number search on 1x10, 1x11, 2x6 and everything of 13
///   points or more (4x4, 3x5 and 2x7 solve in a minute, where alpha-beta
///   proves no bound in ten); on three-dimensional grids (the cube 2x2x2:
///   psk in 2.3 M nodes, where alpha-beta proves no value in 20 M); on
///   rings alpha-beta up to 12 points.
fn auto_picks_pns<G: Game>(game: &G) -> bool {
    if game.rules().ruleset.value_kind() != kosolve_rules::ValueKind::Margin {
        return true;
    }
    let points = game.board().len();
    match *game.board().shape() {
        kosolve_board::Shape::Rect { rows, cols } => {
            let short = rows.min(cols);
            points >= 13 || (short == 1 && points >= 10) || (short == 2 && points >= 12)
        }
        kosolve_board::Shape::Grid { .. } => true,
        _ => points >= 13,
    }
}

/// Live figures of a running solve, for progress displays: the threshold
/// under test and the bounds proven so far (the nodes go to
/// [`SolveOptions::progress`]). Results never depend on them.
#[derive(Debug)]
pub struct Live {
    /// The threshold t of the test "value >= t" under way (`i32::MIN`: none).
    pub threshold: AtomicI32,
    /// The proven lower bound (`i32::MIN` before the first solve starts).
    pub lower: AtomicI32,
    /// The proven upper bound (`i32::MAX` before the first solve starts).
    pub upper: AtomicI32,
    /// The bytes the transposition tables hold.
    pub table_bytes: AtomicU64,
}

impl Default for Live {
    fn default() -> Self {
        Live {
            threshold: AtomicI32::new(i32::MIN),
            lower: AtomicI32::new(i32::MIN),
            upper: AtomicI32::new(i32::MAX),
            table_bytes: AtomicU64::new(0),
        }
    }
}

/// Options of a solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Threads (1 = serial).
    pub threads: usize,
    /// Transposition table cap in MiB.
    pub memory_mib: usize,
    /// Stop after about this many nodes.
    pub max_nodes: Option<u64>,
    /// Stop after about this many seconds.
    pub max_seconds: Option<f64>,
    /// Try pass-like moves (pass, delays, draw) before board plays.
    pub pass_first: bool,
    /// The root strategy.
    pub strategy: Strategy,
    /// Whether to compute the principal variation.
    pub pv: bool,
    /// With several threads, split the tree at plies below this depth.
    pub split_depth: usize,
    /// Order board plays by the history heuristic (cutoffs found so far).
    pub history: bool,
    /// A counter that receives the nodes as they are searched, for progress
    /// displays (it is added to, never reset; results do not depend on it).
    pub progress: Option<Arc<AtomicU64>>,
    /// Refuse boards the solver is not expected to finish (see [`check_feasible`]).
    pub refuse_large: bool,
    /// Dependency tracking: store bounds under history-free keys with the
    /// history entries their proofs read (docs/solver.md). Rulesets whose
    /// legality reads more than a set of entries (basic ko, Kee) ignore it.
    pub dependencies: bool,
    /// Null-window tests by iterative deepening on the depth: short
    /// proofs are found before the search follows lines of thousands of
    /// moves (docs/solver.md).
    pub deepening: bool,
    /// The method asked for ([`Method::resolve`] picks the one that runs).
    pub method: Method,
    /// With [`Method::Parity`]: the most situation classes of one graph, below
    /// what `memory_mib` allows (`None`: `memory_mib` alone decides).
    pub kee_max_situations: Option<u64>,
    /// With [`Method::Parity`]: bound the value by forgetful games before
    /// the situation graph (docs/kee.md, "Forgetful games"); off only to
    /// measure them or to check them against the graph and restricted games.
    pub kee_forgetful: bool,
    /// Cut where the ruleset's exact static bounds ([`Game::static_bounds`]:
    /// pass-alive chains and their eyes) decide the window (docs/solver.md,
    /// "Static bounds").
    pub static_bounds: bool,
    /// Within one iterative-deepening pass, answer "unknown" at once for a
    /// node the pass already found unknown under the same or a deeper
    /// limit (docs/solver.md, "Iterative deepening"); never changes a value.
    pub unknown_cache: bool,
    /// Dependency tracking keys results by the least history-free key of
    /// the state's images under the board's symmetries, with their
    /// dependencies mapped (docs/solver.md, "Symmetry"); never changes a value.
    pub symmetry: bool,
    /// Which search answers the null-window tests.
    pub engine: Engine,
    /// With `static_bounds`: count each side's territory regions too,
    /// where the history allows it (docs/solver.md, "Territory"); never
    /// changes a value.
    pub territory: bool,
    /// Where the driver publishes the threshold under test, the proven
    /// bounds and the table size as it goes (progress displays).
    pub live: Option<Arc<Live>>,
    /// Cancels the solve, whatever its method (the binary's Ctrl-C
    /// handler holds one); a cancelled solve returns the bounds proven so
    /// far with [`Stats::stopped`] set to [`Stop::Cancelled`].
    pub cancel: Cancel,
}

impl SolveOptions {
    /// The budget of a solve starting now: `max_nodes`, `max_seconds`
    /// from now, and `cancel` (the tables' memory cap is `memory_mib`,
    /// which replaces entries instead of stopping).
    pub fn budget(&self) -> Budget {
        Budget::unlimited()
            .with_nodes(self.max_nodes)
            .with_seconds(self.max_seconds)
            .with_cancel(self.cancel.clone())
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            threads: 1,
            memory_mib: default_memory_mib(),
            max_nodes: None,
            max_seconds: None,
            pass_first: true,
            strategy: Strategy::Mtdf,
            pv: true,
            split_depth: 3,
            refuse_large: true,
            history: true,
            progress: None,
            dependencies: true,
            deepening: true,
            method: Method::Auto,
            kee_max_situations: None,
            kee_forgetful: true,
            static_bounds: true,
            unknown_cache: true,
            symmetry: true,
            engine: Engine::Auto,
            live: None,
            territory: true,
            cancel: Cancel::new(),
        }
    }
}

/// The stack of every search thread.
const SEARCH_STACK_BYTES: usize = 1 << 30;

/// A quarter of the machine's memory (from /proc/meminfo), in MiB; 1024 if unknown.
pub fn default_memory_mib() -> usize {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<usize>().ok())
        })
        .map(|kb| (kb / 1024 / 4).max(1))
        .unwrap_or(1024)
}

/// Effort of a solve.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// Search nodes visited (including principal-variation re-search).
    pub nodes: u64,
    /// Of those, the nodes whose moves were generated and searched
    /// (interior nodes, counted each time: what a proof-number search
    /// counts as its nodes; docs/performance.md).
    pub expansions: u64,
    /// Table probes that found the state.
    pub table_hits: u64,
    /// Nodes decided by the static bounds.
    pub static_cuts: u64,
    /// Of those, the nodes decided by a territory bound.
    pub territory_cuts: u64,
    /// Entries held at the end.
    pub table_entries: u64,
    /// Stores that met a full bucket.
    pub replacements: u64,
    /// The most memory the table's entries took, MiB.
    pub peak_table_mib: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// What stopped the method before it finished (`None`: it finished).
    pub stopped: Option<Stop>,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.expansions += o.expansions;
        self.table_hits += o.table_hits;
        self.static_cuts += o.static_cuts;
        self.territory_cuts += o.territory_cuts;
        self.table_entries = self.table_entries.max(o.table_entries);
        self.replacements += o.replacements;
        self.peak_table_mib = self.peak_table_mib.max(o.peak_table_mib);
        self.seconds += o.seconds;
        self.threads = self.threads.max(o.threads);
        self.stopped = self.stopped.or(o.stopped);
    }
}

/// The result of one search: proven bounds on the value (equal when solved)
/// and a principal variation.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Proven lower bound on the value.
    pub lower: i32,
    /// Proven upper bound on the value.
    pub upper: i32,
    /// Best moves from the start to the game end (empty unless solved and asked for).
    pub pv: Vec<Move>,
    /// Whether the principal variation reaches the game end.
    pub pv_complete: bool,
    /// Effort.
    pub stats: Stats,
}

impl Solution {
    /// Whether the value is proven exactly.
    pub fn is_solved(&self) -> bool {
        self.lower == self.upper
    }

    /// The exact value, if proven.
    pub fn value(&self) -> Option<i32> {
        self.is_solved().then_some(self.lower)
    }
}

/// Transposition tables that may outlive one solve: every entry is an
/// exact statement about the state its key names, whatever the root it
/// was found from (docs/solver.md, "Keeping the tables between solves"),
/// so the solves of one game's successive states (a player answering
/// move after move) may share them.
pub struct Tables {
    table: Arc<Table>,
    dep_table: Option<Arc<deps::DepTable>>,
    dep: bool,
    /// The symmetries the dependency table's keys use (1: none).
    syms: usize,
    /// Whether bounds may carry territory conditions (which only searchers
    /// that keep the history's positions can check).
    territory: bool,
}

impl Tables {
    /// Empty tables for solving states of `game` (its ruleset decides
    /// whether dependency tracking applies) within `opts.memory_mib`.
    pub fn new<G: Game>(game: &G, opts: &SolveOptions) -> Tables {
        // Saturating: `--memory` takes any usize.
        let cap = opts.memory_mib.max(1).saturating_mul(1024 * 1024);
        let dep = opts.dependencies && game.history_entries(&mut Vec::new());
        Tables {
            syms: key_syms(game, opts),
            // Under dependency tracking the whole-key table only holds the
            // results whose dependencies outgrew a set: a quarter of the cap.
            table: Arc::new(Table::new(if dep { cap / 4 } else { cap })),
            dep_table: dep.then(|| Arc::new(deps::DepTable::new(cap - cap / 4))),
            dep,
            territory: uses_territory(game, opts),
        }
    }

    /// Whether these tables suit `game` under `opts` (the same use of
    /// dependency tracking, symmetry and territory).
    pub fn suits<G: Game>(&self, game: &G, opts: &SolveOptions) -> bool {
        self.dep == (opts.dependencies && game.history_entries(&mut Vec::new()))
            && self.syms == key_syms(game, opts)
            && self.territory == uses_territory(game, opts)
    }
}

/// Whether a solve of `game` under `opts` counts territory: with the
/// static bounds, under proof-number search only (alpha-beta by iterative
/// deepening lost more to the bounds its conditions refuse than it gained,
/// docs/performance.md, "Territory").
fn uses_territory<G: Game>(game: &G, opts: &SolveOptions) -> bool {
    opts.static_bounds && opts.territory && opts.engine.resolve(game) == Engine::Pns
}

/// The symmetries dependency tracking keys `game`'s results by under `opts`.
fn key_syms<G: Game>(game: &G, opts: &SolveOptions) -> usize {
    if opts.symmetry {
        game.key_symmetries()
    } else {
        1
    }
}

/// Solves the game from its current state with the fast solver.
/// The game's own history is part of the state (a game with moves already
/// played is solved as it stands).
pub fn solve_game<G: Game>(game: &G, opts: &SolveOptions) -> Solution {
    solve_game_with(game, opts, &Tables::new(game, opts))
}

/// [`solve_game`] with tables kept from earlier solves of the same game
/// (its ruleset and board); new entries stay in them for later solves.
/// Panics if the tables do not suit the game ([`Tables::suits`]).
pub fn solve_game_with<G: Game>(game: &G, opts: &SolveOptions, tables: &Tables) -> Solution {
    assert!(
        tables.suits(game, opts),
        "tables made for another dependency setting"
    );
    let start = Instant::now();
    // A game without a history-free key (Kee) keeps no table, and there
    // the parallel split only multiplies the work: speculative siblings
    // have no table to share what they find. 1x4 Kee, suicide allowed:
    // 9.5 M nodes in 1.05 s on one thread, 43.3 M nodes in 4.3 s on two
    // (docs/solver.md, "Threads"). Such a game is searched on one thread.
    let threads = if game.future_key().is_none() {
        1
    } else {
        opts.threads.max(1)
    };
    let shared = shared_for(game, opts, tables, start, threads);
    let run = || {
        let b = search::drive(game, &shared, opts);
        let (pv, complete) = (b.pv.clone(), b.pv_complete);
        (b, pv, complete)
    };
    // The search recurses once per move of the longest line it follows
    // (thousands of plies on 3x3), so it runs on threads with large stacks
    // (address space only: untouched pages cost no memory).
    let (b, pv, pv_complete) = if threads > 1 {
        match rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(SEARCH_STACK_BYTES)
            .build()
        {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        }
    } else {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, run)
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .unwrap_or_else(|_| run())
        })
    };
    Solution {
        lower: b.lower,
        upper: b.upper,
        pv,
        pv_complete,
        stats: search::stats(&shared, start, threads),
    }
}

/// The state every searcher of one solve shares: the tables, counters,
/// limits (measured from `start`) and settings of `opts`.
fn shared_for<G: Game>(
    game: &G,
    opts: &SolveOptions,
    tables: &Tables,
    start: Instant,
    threads: usize,
) -> search::Shared {
    let (perms, inv_perms) = search::symmetry_maps(game.board());
    let pns = opts.engine.resolve(game) == Engine::Pns;
    search::Shared {
        table: tables.table.clone(),
        dep_table: tables.dep_table.clone(),
        nodes: AtomicU64::new(0),
        hits: AtomicU64::new(0),
        static_cuts: AtomicU64::new(0),
        expansions: AtomicU64::new(0),
        static_bounds: opts.static_bounds,
        territory: uses_territory(game, opts),
        territory_cuts: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        stopped: std::sync::atomic::AtomicU8::new(0),
        budget: Budget {
            deadline: opts
                .max_seconds
                .and_then(|s| kosolve_budget::deadline_after(start, s)),
            ..opts.budget()
        },
        pass_first: opts.pass_first,
        split_depth: if threads > 1 { opts.split_depth } else { 0 },
        use_table: true,
        history: opts.history,
        range: value_range(game),
        progress: opts.progress.clone(),
        deepening: opts.deepening,
        whole_used: AtomicBool::new(false),
        unknown: unknown::UnknownCache::new(if opts.unknown_cache { 20 } else { 0 }),
        use_unknown: opts.unknown_cache,
        pass: std::sync::atomic::AtomicU32::new(0),
        group: Arc::new(mirror::Group::new(
            &perms[..tables.syms],
            game.board().len(),
        )),
        perms,
        inv_perms,
        pns,
        pn_table: search::PnTable::new(if pns {
            search::pn_table_bits(game.board().len())
        } else {
            0
        }),
        live: opts.live.clone(),
    }
}

/// Null-window tests "value >= t" of states of one game, each with its
/// history, sharing tables and the searchers' working memory (the
/// proof-number and unknown caches) across tests, on the calling thread
/// and with `opts.engine`'s search. The limits of `opts` count over all
/// its tests. The search recurses once per move of the lines it follows,
/// so the caller's thread needs a deep stack (as [`solve_game_with`]
/// gives its own threads).
pub struct Tester<'t> {
    shared: search::Shared,
    tables: std::marker::PhantomData<&'t Tables>,
    /// The most nodes one test may search ([`Tester::set_node_cap`]).
    node_cap: Option<u64>,
    /// Whether the last test stopped at `node_cap`.
    capped: bool,
}

impl<'t> Tester<'t> {
    /// A tester of states of `game` (its ruleset and board) with `tables`.
    /// Panics if the tables do not suit the game ([`Tables::suits`]).
    pub fn new<G: Game>(game: &G, opts: &SolveOptions, tables: &'t Tables) -> Tester<'t> {
        assert!(
            tables.suits(game, opts),
            "tables made for another dependency setting"
        );
        Tester {
            shared: shared_for(game, opts, tables, Instant::now(), 1),
            tables: std::marker::PhantomData,
            node_cap: None,
            capped: false,
        }
    }

    /// Caps the nodes of each later test at `cap` (`None`: no cap). A
    /// test that reaches it stops as at a limit ([`Tester::test`] returns
    /// `None`) and [`Tester::capped`] says so.
    pub fn set_node_cap(&mut self, cap: Option<u64>) {
        self.node_cap = cap;
    }

    /// Whether the last test stopped at the node cap (not at the solve's
    /// limits or Ctrl-C).
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// Whether the value of `game`'s current state (a state of the game
    /// the tester was made for) is at least `t`; `None` when a limit or
    /// Ctrl-C stopped the test.
    pub fn test<G: Game>(&mut self, game: &G, t: i32) -> Option<bool> {
        let mut f = self.follower(game);
        let r = f.test(t, self.node_cap);
        self.capped = f.capped();
        r
    }

    /// Whether the value of `game`'s current state is at least `t`, by
    /// alpha-beta within `depth` plies: `Some(None)` when the limit left
    /// it open, `None` when a limit or Ctrl-C stopped the test.
    pub fn test_within<G: Game>(&mut self, game: &G, t: i32, depth: u32) -> Option<Option<bool>> {
        if let Some(r) = game.result() {
            return Some(Some(result_value(&r) >= t));
        }
        let mut s = search::Searcher::new(game.clone(), &self.shared, Vec::new());
        s.set_budget(self.node_cap);
        let v = s.test_within(t, depth);
        s.finish();
        self.capped = s.aborted && s.budget_spent();
        (!s.aborted).then_some(v)
    }

    /// The best move the tables remember for `game`'s current state, if
    /// any (a hint: test the child before relying on it).
    pub fn hint<G: Game>(&mut self, game: &G) -> Option<Move> {
        self.follower(game).hint()
    }

    /// Nodes searched by its tests so far.
    pub fn nodes(&self) -> u64 {
        self.shared.nodes.load(Ordering::Relaxed)
    }

    /// A [`Follower`] of this tester's tables and limits, at `game`'s
    /// current state.
    pub fn follower<G: Game>(&self, game: &G) -> Follower<'_, G> {
        Follower {
            s: search::Searcher::new(game.clone(), &self.shared, Vec::new()),
            capped: false,
        }
    }
}

/// A searcher that follows one line of play, a move at a time, and answers
/// tests at the nodes along it, as [`Tester`] does (the same tables,
/// limits and counters): its mirror of the history grows and shrinks with
/// the line, where a [`Tester`] builds it again from the whole history at
/// every test. For callers that test many nodes of long lines (the
/// certificate writer's walk).
pub struct Follower<'s, G: Game> {
    s: search::Searcher<'s, G>,
    capped: bool,
}

impl<G: Game> Follower<'_, G> {
    /// Plays `m` (legal at the current state).
    pub fn play(&mut self, m: Move) {
        self.s.play(m);
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) {
        self.s.undo();
    }

    /// Whether "value >= t" holds at the current state as far as the end
    /// of the game, the static bounds and the tables decide it without a
    /// search: `None` when that leaves it open. Proof-number search only
    /// (under alpha-beta the answer is `None`).
    pub fn known(&mut self, t: i32) -> Option<bool> {
        if let Some(r) = self.s.game.result() {
            return Some(result_value(&r) >= t);
        }
        let k = self.s.known(t);
        self.s.finish();
        k
    }

    /// Whether the value of the current state is at least `t`, searching
    /// at most `cap` nodes (`None`: no cap; [`Follower::capped`] says
    /// whether it stopped there); `None` when a limit, the cap or Ctrl-C
    /// stopped the test.
    pub fn test(&mut self, t: i32, cap: Option<u64>) -> Option<bool> {
        if let Some(r) = self.s.game.result() {
            return Some(result_value(&r) >= t);
        }
        self.s.set_budget(cap);
        let v = self.s.test(t, 0);
        self.s.finish();
        let aborted = self.s.aborted;
        self.capped = aborted && self.s.budget_spent();
        self.s.clear_stop();
        (!aborted).then_some(v >= t)
    }

    /// Whether the last test stopped at its cap.
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// The best move the tables remember for the current state, if any
    /// (a hint: test the child before relying on it).
    pub fn hint(&mut self) -> Option<Move> {
        if self.s.game.result().is_some() {
            return None;
        }
        let m = self.s.best_hint();
        self.s.finish();
        m
    }

    /// Nodes searched by all tests of the tester's tables so far.
    pub fn nodes(&self) -> u64 {
        self.s.shared_nodes()
    }
}

/// Why a solve cannot be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The ruleset's solver is not available yet.
    NotYetAvailable(String),
    /// The board is too large for the method.
    TooLarge(String),
    /// The rules engine or retrograde solver reported an error.
    Engine(String),
    /// A method's independent check of its own answer failed (Kee's parity
    /// strategies, its replayed principal variation): a bug in kosolve,
    /// never a limit, to be reported loudly.
    CheckFailed(String),
    /// The start position or game record cannot be played (bad input).
    Setup(SetupError),
    /// The budget ran out before a method that proves nothing until it
    /// ends had finished (reported as [`Answer::Unfinished`] by
    /// [`solve_from`], never returned by it).
    Stopped(Stop),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotYetAvailable(s) | SolveError::TooLarge(s) | SolveError::Engine(s) => {
                f.write_str(s)
            }
            SolveError::CheckFailed(s) => write!(
                f,
                "internal error (a bug in kosolve; please report it): the answer failed its \
                 own check: {s}"
            ),
            SolveError::Setup(e) => e.fmt(f),
            SolveError::Stopped(why) => {
                write!(f, "stopped by {why} before the method had proven anything")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// The most points a forward search is offered on (table rulesets).
pub const MAX_POINTS: usize = 16;
/// The most legal positions a board may have for a Kee solve (no
/// transposition table; docs/solver.md). 1x4 has 41 and takes 0.1 M nodes
/// (6.9 M with suicide allowed); 2x2 has 57 and did not finish in 4.5 G.
pub const MAX_KEE_POSITIONS: u64 = 41;

/// The board's size where it has more than `max` legal positions: its legal
/// positions (counted where cheap, up to 12 points) or its points.
fn kee_size_over(board: &Board, max: u64) -> Option<String> {
    let n = board.len();
    match (n <= 12).then(|| kosolve_perft::count_positions(board)) {
        Some(p) if p <= max => None,
        Some(p) => Some(format!("{p} legal positions")),
        None => Some(format!("{n} points, so far more")),
    }
}

/// Whether `kosolve solve --method auto` solves Kee by the parity method
/// (docs/kee.md): from the empty board (its forgetful games settle every
/// board the search settles, and more, in far fewer vertices than the
/// search has nodes), and from a start without moves where the search is
/// not offered ([`check_feasible_from`]; a start of a few empty points is
/// searched, since the positions it reaches through captures may be far
/// more than any graph holds). A record with moves is searched.
pub fn kee_auto_parity(board: &Board, rules: &Rules, setup: &Setup) -> bool {
    rules.ruleset == Ruleset::Kee
        && setup.moves.is_empty()
        && (setup.is_empty_board() || check_feasible_from(board, rules, setup).is_err())
}

/// Refuses boards the solver is not expected to finish, with the reason.
pub fn check_feasible(board: &Board, rules: &Rules) -> Result<(), SolveError> {
    check_feasible_from(board, rules, &Setup::default())
}

/// Refuses starts the solver is not expected to finish, with the reason: as
/// [`check_feasible`], counting the start's empty points instead of the
/// board's points where the start is not the empty board.
pub fn check_feasible_from(board: &Board, rules: &Rules, setup: &Setup) -> Result<(), SolveError> {
    check_feasible_within(board, rules, setup, false)
}

/// [`check_feasible_from`] for a solve that runs under a node or time
/// limit (`limited`): then the table rulesets are searched on boards (and
/// from starts) past [`MAX_POINTS`] too, and the answer holds the bounds
/// proven within the limit. Kee keeps its limits, which its search needs
/// to end at all.
pub fn check_feasible_within(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    limited: bool,
) -> Result<(), SolveError> {
    let empty_board = setup.is_empty_board();
    let n = if empty_board {
        board.len()
    } else {
        setup.start.position.empty(board).count() as usize
    };
    if rules.ruleset == Ruleset::Kee && !empty_board {
        // From a position: the empty points bound the positions reachable.
        if n > 4 {
            return Err(SolveError::TooLarge(format!(
                "kee's search is offered from starts of up to 4 empty points and this start \
                 has {n} (see docs/kee.md)"
            )));
        }
    } else if rules.ruleset == Ruleset::Kee {
        if let Some(count) = kee_size_over(board, MAX_KEE_POSITIONS) {
            return Err(SolveError::TooLarge(format!(
                "kee's search is offered on boards of up to {MAX_KEE_POSITIONS} legal \
                 positions and this board has {count} (see docs/kee.md)"
            )));
        }
    }
    if n > MAX_POINTS && !(limited && rules.ruleset != Ruleset::Kee) {
        let what = if empty_board {
            "boards of up to {MAX_POINTS} points and this board has"
        } else {
            "starts of up to {MAX_POINTS} empty points and this start has"
        }
        .replace("{MAX_POINTS}", &MAX_POINTS.to_string());
        return Err(SolveError::TooLarge(format!(
            "the exact search is offered on {what} {n} (see docs/performance.md), or \
             under --max-nodes or --max-seconds"
        )));
    }
    Ok(())
}

/// An outcome at a komi.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black wins by this many half points.
    BlackBy(i32),
    /// White wins by this many half points.
    WhiteBy(i32),
    /// Margin 0.
    Jigo,
    /// Black wins (win/loss rulesets).
    BlackWins,
    /// White wins (win/loss rulesets).
    WhiteWins,
    /// A declared draw (Ultimate Go, integer komi).
    Draw,
    /// A void game (`basic`): each side can keep the game from a loss forever.
    Void,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::BlackBy(h) => write!(f, "B+{}", Komi(*h)),
            Outcome::WhiteBy(h) => write!(f, "W+{}", Komi(*h)),
            Outcome::Jigo => f.write_str("jigo"),
            Outcome::BlackWins => f.write_str("B wins"),
            Outcome::WhiteWins => f.write_str("W wins"),
            Outcome::Draw => f.write_str("draw"),
            Outcome::Void => f.write_str("void"),
        }
    }
}

impl Outcome {
    /// The SGF `RE` value: `B+1`, `W+0.5`, `0` (jigo), `B+R`/`W+R` for
    /// win/loss results, `Draw` for a draw.
    pub fn sgf(&self) -> String {
        match self {
            Outcome::Jigo => "0".into(),
            Outcome::BlackWins => "B+R".into(),
            Outcome::WhiteWins => "W+R".into(),
            Outcome::Draw => "Draw".into(),
            Outcome::Void => "Void".into(),
            o => o.to_string(),
        }
    }
}

/// The outcome of solver value `v` under `kind` at `komi`. For margins `v`
/// is taken at komi 0; for Ultimate Go a draw counts as a White win when
/// the komi has a half point; for win/loss rulesets `v` is +1 or -1.
pub fn outcome(kind: ValueKind, v: i32, komi: Komi) -> Outcome {
    match kind {
        ValueKind::Margin => {
            let m = 2 * v - komi.halves();
            match m.cmp(&0) {
                std::cmp::Ordering::Greater => Outcome::BlackBy(m),
                std::cmp::Ordering::Less => Outcome::WhiteBy(-m),
                std::cmp::Ordering::Equal => Outcome::Jigo,
            }
        }
        ValueKind::WinLoss | ValueKind::WinDrawLoss => match v.signum() {
            1 => Outcome::BlackWins,
            -1 => Outcome::WhiteWins,
            _ if komi.split().1 => Outcome::WhiteWins,
            _ => Outcome::Draw,
        },
    }
}

/// Solver values of Fundamental or Ultimate Go at each integer komi of a range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KomiSweep {
    /// (K, value at komi K), K rising; `None` where a stop left it unsolved.
    pub values: Vec<(i32, Option<i32>)>,
    /// The komis searched, rising. Under `fundamental` and `ultimate` the
    /// value never rises with komi (docs/solver.md, "Prisoners in the keys
    /// of Fundamental and Ultimate Go"), so the others are read from them:
    /// below a searched komi whose value is the greatest, above one whose
    /// value is the least, and between two searched komis of equal value.
    pub searched: Vec<i32>,
}

/// A komi where the outcome changes as komi rises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threshold {
    /// The komi at and above which `to` holds (until the next threshold).
    pub komi: Komi,
    /// The outcome just below.
    pub from: Outcome,
    /// The outcome from `komi` on.
    pub to: Outcome,
}

/// The komi analysis of Fundamental or Ultimate Go (docs/rules.md, "`fundamental`:
/// Fundamental Go (no-pass Go with prisoner return)").
#[derive(Clone, Debug, PartialEq)]
pub enum KomiAnalysis {
    /// Fundamental Go.
    Fundamental {
        /// The winner (+1 Black, -1 White) at each integer komi searched.
        sweep: KomiSweep,
        /// The score (docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go
        /// with prisoner return)"), if the searched range decides it.
        score: Option<Komi>,
        /// Whether the winner changes at most once as komi rises over the
        /// whole searched range (false: the score definition does not apply cleanly).
        changes_once: bool,
    },
    /// Ultimate Go (either version).
    Ultimate {
        /// The value (+1, 0 draw, -1) at each integer komi searched.
        sweep: KomiSweep,
        /// The outcome changes over the searched half-point komis.
        thresholds: Vec<Threshold>,
    },
}

/// A solve's answer, by the method that found it. Every method answers
/// [`Answer::is_solved`], [`Answer::bounds`], [`Answer::value`] and
/// [`Answer::pv`]; match on the variant only for what one method alone
/// knows (`basic`'s VB and VW, the parity games' graphs).
#[derive(Clone, Debug)]
pub enum Answer {
    /// The forward search ([`solve_game`]; every ruleset but `basic`, and
    /// Kee unless solved as a parity game): proven bounds on the value
    /// (margin rulesets: at komi 0, the value being the margin before
    /// komi), the principal variation and the search's effort.
    Search(Solution),
    /// `basic` by retrograde analysis ([`kosolve_retrograde::solve_basic`]):
    /// the value with komi applied, or void, VB, VW and the principal
    /// variation. Always exact; it has no bounds on a solver value.
    Retrograde(BasicSolution),
    /// `basic` by proof search ([`kosolve_reach::solve_basic_pns`]): the
    /// same value, VB and VW as [`Answer::Retrograde`], found forwards.
    Proof(kosolve_reach::ReachSolution),
    /// Kee as a parity game on its graph of game situations
    /// ([`Method::Parity`], crate kosolve-kee): the proven bounds on
    /// the margin at komi 0, every graph built, and the checked principal
    /// variation.
    Parity(kosolve_kee::KeeSolution),
    /// `basic` stopped by its budget first ([`Stats::stopped`] says why):
    /// no value. Retrograde analysis proves nothing until it ends; the
    /// proof search keeps what its finished tests proved.
    Unfinished {
        /// The method.
        method: Method,
        /// The proof search: VB is at least this (half points, komi
        /// applied), where a test proved it.
        vb_at_least: Option<i32>,
        /// The proof search: VW is at most this.
        vw_at_most: Option<i32>,
    },
}

impl Answer {
    /// The method that gave the answer.
    pub fn method(&self) -> Method {
        match self {
            Answer::Search(_) => Method::Search,
            Answer::Retrograde(_) => Method::Retrograde,
            Answer::Proof(_) => Method::Search,
            Answer::Parity(_) => Method::Parity,
            Answer::Unfinished { method, .. } => *method,
        }
    }

    /// Whether the answer is exact: the proven bounds meet (a retrograde
    /// answer always is).
    pub fn is_solved(&self) -> bool {
        match self {
            Answer::Search(s) => s.is_solved(),
            Answer::Retrograde(_) | Answer::Proof(_) => true,
            Answer::Parity(k) => k.value().is_some(),
            Answer::Unfinished { .. } => false,
        }
    }

    /// The proven bounds `(lower, upper)` on the solver value (equal when
    /// solved). `None` for a retrograde answer, whose value
    /// ([`BasicSolution::value`]) is a margin with komi applied, or void.
    pub fn bounds(&self) -> Option<(i32, i32)> {
        match self {
            Answer::Search(s) => Some((s.lower, s.upper)),
            Answer::Retrograde(_) | Answer::Proof(_) | Answer::Unfinished { .. } => None,
            Answer::Parity(k) => Some((k.lower, k.upper)),
        }
    }

    /// The exact solver value, when the bounds meet (`None` for a
    /// retrograde answer: see [`Answer::bounds`]).
    pub fn value(&self) -> Option<i32> {
        self.bounds().and_then(|(lo, hi)| (lo == hi).then_some(lo))
    }

    /// The principal variation from the start: to the game end, or for a
    /// void `basic` game and for Kee until a situation repeats. Empty
    /// unless solved (and, for a search, asked for).
    pub fn pv(&self) -> Cow<'_, [Move]> {
        match self {
            Answer::Search(s) => Cow::Borrowed(&s.pv),
            Answer::Retrograde(b) => Cow::Borrowed(&b.pv),
            Answer::Proof(b) => Cow::Borrowed(&b.pv),
            Answer::Parity(k) => Cow::Owned(
                k.pv.iter()
                    .map(|p| p.map_or(Move::Pass, Move::Play))
                    .collect(),
            ),
            Answer::Unfinished { .. } => Cow::Borrowed(&[]),
        }
    }

    /// Whether the principal variation is whole (false: a search cut it short).
    pub fn pv_complete(&self) -> bool {
        match self {
            Answer::Search(s) => s.pv_complete,
            Answer::Proof(b) => b.pv_complete,
            Answer::Retrograde(_) | Answer::Parity(_) | Answer::Unfinished { .. } => true,
        }
    }

    /// A void `basic` game: the index in [`Answer::pv`] from which its
    /// moves repeat forever ([`BasicSolution::pv_cycle_start`]).
    pub fn pv_cycle_start(&self) -> Option<usize> {
        match self {
            Answer::Retrograde(b) => b.pv_cycle_start,
            Answer::Proof(b) => b.pv_cycle_start,
            Answer::Search(_) | Answer::Parity(_) | Answer::Unfinished { .. } => None,
        }
    }

    /// `basic`'s value, VB and VW, by either method (`None` for every
    /// other answer).
    pub fn basic(&self) -> Option<BasicAnswer> {
        match self {
            Answer::Retrograde(b) => Some(BasicAnswer {
                value: b.value,
                vb: b.vb,
                vw: b.vw,
            }),
            Answer::Proof(b) => Some(BasicAnswer {
                value: b.value,
                vb: b.vb,
                vw: b.vw,
            }),
            _ => None,
        }
    }
}

/// Everything `kosolve solve` reports.
#[derive(Clone, Debug)]
pub struct Report {
    /// The board's name.
    pub board: String,
    /// The rules (komi as configured).
    pub rules: Rules,
    /// The answer at the configured komi, and the method that found it.
    pub answer: Answer,
    /// The outcome at the configured komi, when solved.
    pub outcome: Option<Outcome>,
    /// Fundamental/Ultimate Go: the komi analysis (if asked for).
    pub komi_analysis: Option<KomiAnalysis>,
    /// Total effort (the komi analysis included).
    pub total: Stats,
}

/// Bytes a Kee situation class takes at the peak of the graph solve
/// (docs/kee.md, "Memory"), for turning `memory_mib` into a class cap.
const KEE_BYTES_PER_CLASS: u64 = 48;

/// The half-width N of the komi range `-N..=N` a komi analysis searches by
/// default: the board's points plus 2 (see docs/solver.md).
pub fn default_komi_range(board: &Board) -> i32 {
    board.len() as i32 + 2
}

/// Solves `board` under `rules`. `komi_range` (Fundamental/Ultimate Go)
/// asks for a komi analysis over `-N..=N`.
///
/// # Example
///
/// Published values under positional superko (docs/references.md): Black
/// wins 2x2 by 1 (Tromp; Bill Taylor's proof) and 1x3 by 3 (Drange).
///
/// ```
/// use std::sync::Arc;
/// use kosolve_board::Board;
/// use kosolve_rules::{Rules, Ruleset};
/// use kosolve_solver::{solve, SolveOptions};
///
/// let opts = SolveOptions {
///     memory_mib: 16,
///     ..SolveOptions::default()
/// };
/// let two_by_two = Arc::new(Board::parse("2x2").unwrap());
/// let report = solve(two_by_two, Rules::new(Ruleset::Psk), &opts, None).unwrap();
/// assert_eq!(report.answer.value(), Some(1));
/// assert_eq!(report.outcome.unwrap().to_string(), "B+1");
///
/// let one_by_three = Arc::new(Board::parse("1x3").unwrap());
/// let report = solve(one_by_three, Rules::new(Ruleset::Psk), &opts, None).unwrap();
/// assert_eq!(report.answer.value(), Some(3));
/// ```
pub fn solve(
    board: Arc<Board>,
    rules: Rules,
    opts: &SolveOptions,
    komi_range: Option<i32>,
) -> Result<Report, SolveError> {
    solve_from(board, rules, &Setup::default(), opts, komi_range)
}

/// Solves the game that `setup` reaches on `board` under `rules` (docs/rules.md,
/// "Starting from a position"): the value with perfect play from there, in
/// the units of a solve from the empty board. A start or record the rules
/// cannot play is [`SolveError::Setup`].
pub fn solve_from(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    komi_range: Option<i32>,
) -> Result<Report, SolveError> {
    // Bad input first, whatever the method.
    setup
        .game(board.clone(), rules)
        .map_err(SolveError::Setup)?;
    let method = opts.method.resolve(&board, &rules, setup);
    if method == Method::Parity {
        return solve_kee_graph(&board, rules, setup, opts);
    }
    if opts.refuse_large {
        let limited = opts.max_nodes.is_some() || opts.max_seconds.is_some();
        check_feasible_within(&board, &rules, setup, limited)?;
    }
    let kind = rules.ruleset.value_kind();
    let board_name = board.name().to_string();
    let (solution, analysis) = match rules.ruleset {
        Ruleset::Basic => return solve_basic_report(&board, rules, setup, opts, method),
        Ruleset::Kee => {
            let g = setup.kee(board.clone(), rules).map_err(SolveError::Setup)?;
            (solve_game(&g, opts), None)
        }
        r if r.family() == kosolve_rules::Family::Fundamental => {
            let g = setup
                .fundamental(board.clone(), rules)
                .map_err(SolveError::Setup)?;
            let sol = solve_game(&g, opts);
            let mut rest = opts.clone();
            rest.max_seconds = opts.max_seconds.map(|s| (s - sol.stats.seconds).max(0.0));
            rest.max_nodes = opts
                .max_nodes
                .map(|m| m.saturating_sub(sol.stats.nodes).max(1));
            // The search never reads the komi's half point: this solve is
            // the analysis's integer komi ⌊komi⌋, which it need not repeat.
            let known = sol.value().map(|v| (rules.komi.split().0, v));
            let analysis = komi_range
                .map(|n| komi_analysis_in(&board, rules, setup, &rest, n, false, known))
                .transpose()?;
            (sol, analysis)
        }
        _ => {
            let margin_rules = rules.with_komi(Komi::ZERO);
            let g = setup
                .standard(board.clone(), margin_rules)
                .map_err(SolveError::Setup)?;
            (solve_game(&g, opts), None)
        }
    };
    let mut total = solution.stats.clone();
    if let Some((_, st)) = &analysis {
        total.add(st);
    }
    Ok(Report {
        board: board_name,
        rules,
        outcome: solution.value().map(|v| outcome(kind, v, rules.komi)),
        answer: Answer::Search(solution),
        komi_analysis: analysis.map(|(a, _)| a),
        total,
    })
}

/// `basic` by the method resolved for it (retrograde analysis or the
/// proof search): the value, VB, VW and the principal variation, or,
/// where the budget stopped it, what it proved so far.
fn solve_basic_report(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    method: Method,
) -> Result<Report, SolveError> {
    let start = Instant::now();
    let found = if method == Method::Search {
        solve_basic_by_proof(board, &rules, setup, opts).map(Answer::Proof)
    } else {
        solve_basic_from(board, &rules, setup, opts)
            .map(Answer::Retrograde)
            .map_err(|e| -> BasicStop {
                let answer = Answer::Unfinished {
                    method,
                    vb_at_least: None,
                    vw_at_most: None,
                };
                match e {
                    SolveError::Stopped(why) => {
                        Box::new((Some(why), SolveError::Stopped(why), answer, 0))
                    }
                    e => Box::new((None, e, answer, 0)),
                }
            })
    };
    let (answer, nodes) = match found.map_err(|e| *e) {
        Err((Some(why), _, answer, nodes)) => {
            return Ok(Report {
                board: board.name().to_string(),
                rules,
                answer,
                outcome: None,
                komi_analysis: None,
                total: Stats {
                    seconds: start.elapsed().as_secs_f64(),
                    threads: 1,
                    nodes,
                    stopped: Some(why),
                    ..Stats::default()
                },
            })
        }
        Err((None, e, _, _)) => return Err(e),
        Ok(Answer::Proof(b)) => {
            let nodes = b.nodes;
            (Answer::Proof(b), nodes)
        }
        Ok(a) => (a, 0),
    };
    let peak_table_mib = match &answer {
        Answer::Proof(b) => b.table_mib,
        _ => 0.0,
    };
    let total = Stats {
        seconds: start.elapsed().as_secs_f64(),
        threads: 1,
        nodes,
        peak_table_mib,
        ..Stats::default()
    };
    let value = answer.basic().expect("a basic answer").value;
    let outcome = match value {
        kosolve_retrograde::BasicValue::Void => Outcome::Void,
        kosolve_retrograde::BasicValue::Margin(h) => match h.cmp(&0) {
            std::cmp::Ordering::Greater => Outcome::BlackBy(h),
            std::cmp::Ordering::Less => Outcome::WhiteBy(-h),
            std::cmp::Ordering::Equal => Outcome::Jigo,
        },
    };
    Ok(Report {
        board: board.name().to_string(),
        rules,
        answer,
        outcome: Some(outcome),
        komi_analysis: None,
        total,
    })
}

/// `basic` by retrograde analysis from the end of the setup: its moves are
/// replayed by the rules engine, and the analysis starts from the state
/// they leave (position, player to move, the position before the last
/// move, consecutive passes); the principal variation runs from there.
/// `opts.max_nodes`, where given, also caps the states of the retrograde
/// analysis (below its own cap), so that a sweep's node limit bounds the
/// time and memory of its `basic` jobs too; its deadline and cancellation
/// stop it with [`SolveError::Stopped`].
fn solve_basic_from(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    opts: &SolveOptions,
) -> Result<kosolve_retrograde::BasicSolution, SolveError> {
    let max_nodes = opts.max_nodes;
    let start = if setup.is_empty_board() {
        kosolve_retrograde::BasicStart::EMPTY
    } else {
        let g = setup
            .standard(Arc::new(board.clone()), *rules)
            .map_err(SolveError::Setup)?;
        kosolve_retrograde::BasicStart::of_game(&g)
    };
    let mut retro = kosolve_retrograde::RetroOptions::default();
    if let Some(n) = max_nodes {
        retro.max_states = retro
            .max_states
            .min(usize::try_from(n).unwrap_or(usize::MAX));
    }
    kosolve_retrograde::solve_basic_within(board, rules, &start, &retro, &opts.budget()).map_err(
        |e| match e {
            kosolve_retrograde::RetroError::Setup(e) => SolveError::Setup(e),
            kosolve_retrograde::RetroError::Stopped(why) => SolveError::Stopped(why),
            e => SolveError::Engine(e.to_string()),
        },
    )
}

/// Why a `basic` solve gave no value: where the budget stopped it, why,
/// the error, the answer to report (with the bounds proven so far) and
/// the nodes spent; otherwise the error alone.
type BasicStop = Box<(Option<Stop>, SolveError, Answer, u64)>;

/// `basic` by proof search from the end of the setup (as
/// [`solve_basic_from`] starts), within the options' nodes, seconds,
/// memory and cancellation.
fn solve_basic_by_proof(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    opts: &SolveOptions,
) -> Result<kosolve_reach::ReachSolution, BasicStop> {
    let fail = |e: SolveError| -> BasicStop {
        Box::new((
            None,
            e,
            Answer::Unfinished {
                method: Method::Search,
                vb_at_least: None,
                vw_at_most: None,
            },
            0,
        ))
    };
    let start = if setup.is_empty_board() {
        kosolve_retrograde::BasicStart::EMPTY
    } else {
        let g = setup
            .standard(Arc::new(board.clone()), *rules)
            .map_err(|e| fail(SolveError::Setup(e)))?;
        kosolve_retrograde::BasicStart::of_game(&g)
    };
    let reach = kosolve_reach::ReachOptions {
        symmetry: opts.symmetry,
        static_bounds: opts.static_bounds,
    };
    let budget = opts
        .budget()
        .with_bytes(Some(opts.memory_mib as u64 * (1 << 20)));
    kosolve_reach::solve_basic_pns(board, rules, &start, &reach, &budget).map_err(|e| match e {
        kosolve_reach::ReachError::Stopped {
            why,
            vb_at_least,
            vw_at_most,
            nodes,
        } => Box::new((
            Some(why),
            SolveError::Stopped(why),
            Answer::Unfinished {
                method: Method::Search,
                vb_at_least,
                vw_at_most,
            },
            nodes,
        )),
        e => fail(SolveError::Engine(e.to_string())),
    })
}

/// Kee by the parity game on its situation graph (docs/kee.md).
fn solve_kee_graph(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
) -> Result<Report, SolveError> {
    if !setup.moves.is_empty() {
        return Err(SolveError::NotYetAvailable(
            "kee's parity method from a game record with moves: the situation graph starts \
             where both histories are empty and no situation is recorded, so it takes a start \
             position without moves (or use --method search; docs/kee.md)"
                .into(),
        ));
    }
    // Up to three graphs live at once: the best game bounding each side
    // and the one being built.
    let cap = ((opts.memory_mib as u64).saturating_mul(1 << 20) / (3 * KEE_BYTES_PER_CLASS))
        .min(opts.kee_max_situations.unwrap_or(u64::MAX));
    let defaults = kosolve_kee::KeeOptions::default();
    let kopts = kosolve_kee::KeeOptions {
        max_situations: cap,
        forgetful_window: defaults.forgetful_window.filter(|_| opts.kee_forgetful),
        ..defaults
    };
    let k =
        kosolve_kee::solve_kee_within(board, rules.suicide, &setup.start, kopts, &opts.budget())
            .map_err(|e| match e {
                kosolve_kee::KeeError::CheckFailed(why) => {
                    SolveError::CheckFailed(format!("kee: {why}"))
                }
                kosolve_kee::KeeError::TooManyPositions { max } => {
                    SolveError::TooLarge(if setup.is_empty_board() {
                        format!(
                        "kee's parity method is offered on boards of up to {max} legal positions \
                         and this board has {} (see docs/kee.md)",
                        kee_size_over(board, max as u64).unwrap_or_else(|| "more".into())
                    )
                    } else {
                        format!(
                            "kee's parity method is offered from starts reaching up to {max} \
                         positions and this start reaches more (see docs/kee.md)"
                        )
                    })
                }
                kosolve_kee::KeeError::BadStart => SolveError::Engine(e.to_string()),
                _ => SolveError::TooLarge(format!(
            "{e} (--memory {} MiB allows {cap} per graph, at about {KEE_BYTES_PER_CLASS} bytes \
             each and up to three graphs at once; see docs/kee.md)",
            opts.memory_mib
        )),
            })?;
    let total = Stats {
        // The effort of a graph method: its vertices (situation classes).
        nodes: k.situations(),
        seconds: k.seconds,
        threads: 1,
        peak_table_mib: k.peak_bytes() as f64 / (1 << 20) as f64,
        stopped: k.stopped,
        ..Stats::default()
    };
    Ok(Report {
        board: board.name().to_string(),
        rules,
        outcome: k
            .value()
            .map(|v| outcome(rules.ruleset.value_kind(), v, rules.komi)),
        answer: Answer::Parity(k),
        komi_analysis: None,
        total,
    })
}

/// The komi analysis of Fundamental or Ultimate Go over integer komis
/// `-n..=n`, every komi searched: the check of [`komi_analysis_from`]'s
/// monotone search (and of the lemma behind it) on small boards.
pub fn komi_analysis(
    board: &Arc<Board>,
    rules: Rules,
    opts: &SolveOptions,
    n: i32,
) -> (KomiAnalysis, Stats) {
    komi_analysis_in(board, rules, &Setup::default(), opts, n, true, None)
        .expect("the empty board is a start of every ruleset")
}

/// [`komi_analysis`] from a setup: komi adds to the start's prisoners.
/// Under `fundamental` and `ultimate`, whose values never rise with komi,
/// it searches komi 0, then outwards by doubling steps until the greatest
/// value below and the least above, then by bisection between searched
/// komis of different values ([`monotone_sweep`]); every other komi's value
/// follows from those. Under `ultimate-simple` it searches every komi.
pub fn komi_analysis_from(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    n: i32,
) -> Result<(KomiAnalysis, Stats), SolveError> {
    komi_analysis_in(board, rules, setup, opts, n, false, None)
}

/// [`komi_analysis_from`], searching every komi where `every` holds;
/// `known` is a komi's value already solved (not searched again).
fn komi_analysis_in(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    n: i32,
    every: bool,
    known: Option<(i32, i32)>,
) -> Result<(KomiAnalysis, Stats), SolveError> {
    let mut o = opts.clone();
    o.pv = false;
    let mut stats = Stats::default();
    // A record's delays may need prisoners that some komis do not give:
    // the first komi whose start does not play ends the search (`None`)
    // and is the analysis's error.
    let mut setup_error = None;
    let mut solve = |k: i32| {
        if setup_error.is_some() {
            return None;
        }
        if let Some((_, v)) = known.filter(|&(kk, _)| kk == k) {
            return Some(v);
        }
        // The limits hold for the whole sweep, not for each komi.
        o.max_seconds = opts.max_seconds.map(|s| (s - stats.seconds).max(0.0));
        o.max_nodes = opts.max_nodes.map(|m| m.saturating_sub(stats.nodes).max(1));
        let g = match setup.fundamental(board.clone(), rules.with_komi(Komi(2 * k))) {
            Ok(g) => g,
            Err(e) => {
                setup_error.get_or_insert(e);
                return None;
            }
        };
        let s = solve_game(&g, &o);
        stats.add(&s.stats);
        s.value()
    };
    let monotone = matches!(rules.ruleset, Ruleset::Fundamental | Ruleset::Ultimate);
    let sweep = if monotone && !every {
        monotone_sweep(n, (-1, 1), &mut solve)
    } else {
        let values: Vec<(i32, Option<i32>)> = (-n..=n).map(|k| (k, solve(k))).collect();
        KomiSweep {
            searched: (-n..=n).collect(),
            values,
        }
    };
    if let Some(e) = setup_error {
        return Err(SolveError::Setup(e));
    }
    Ok((analyse_sweep(rules.ruleset, &sweep), stats))
}

/// The values at komis `-n..=n` of a game whose value never rises with
/// komi and lies in `range`, from as few calls of `solve` as it can:
/// komi 0; then komis -1, -2, -4, ... until one has the greatest value
/// (every komi below has it too) and 1, 2, 4, ... until one has the least;
/// then bisection between neighbouring searched komis of different values
/// (a komi between two of equal value has that value). A komi that
/// `solve` leaves undecided (`None`, a stop) ends the search; the values
/// that do not follow from those decided stay `None`.
pub fn monotone_sweep(
    n: i32,
    range: (i32, i32),
    solve: &mut impl FnMut(i32) -> Option<i32>,
) -> KomiSweep {
    let mut known: std::collections::BTreeMap<i32, Option<i32>> = Default::default();
    let stopped =
        |known: &std::collections::BTreeMap<i32, Option<i32>>| known.values().any(|v| v.is_none());
    let mut ask = |k: i32, known: &mut std::collections::BTreeMap<i32, Option<i32>>| {
        if stopped(known) {
            return None;
        }
        let v = solve(k);
        known.insert(k, v);
        v
    };
    let (lo, hi) = range;
    let v0 = ask(0, &mut known);
    // Outwards until the extreme value, doubling the step.
    for (dir, extreme) in [(-1, hi), (1, lo)] {
        let (mut step, mut v) = (1, v0);
        while v.is_some_and(|v| v != extreme) {
            let last = *known
                .keys()
                .filter(|&&k| k * dir >= 0)
                .max_by_key(|&&k| k * dir)
                .unwrap();
            if last.abs() >= n {
                break;
            }
            let k = dir * step.min(n);
            step *= 2;
            if k == last {
                break;
            }
            v = ask(k, &mut known);
        }
    }
    // Bisection between searched komis of different values.
    loop {
        let gap = known
            .iter()
            .zip(known.iter().skip(1))
            .find(|((a, va), (b, vb))| *b - *a > 1 && va.is_some() && vb.is_some() && va != vb)
            .map(|((a, _), (b, _))| (*a, *b));
        match gap {
            Some((a, b)) if !stopped(&known) => {
                ask(a + (b - a) / 2, &mut known);
            }
            _ => break,
        }
    }
    let searched: Vec<i32> = known.keys().copied().collect();
    let value_at = |k: i32| -> Option<i32> {
        if let Some(v) = known.get(&k) {
            return *v;
        }
        let below = known.range(..k).next_back().and_then(|(_, v)| *v);
        let above = known.range(k + 1..).next().and_then(|(_, v)| *v);
        match (below, above) {
            (Some(a), Some(b)) if a == b => Some(a),
            (None, Some(b)) if b == hi && known.range(..k).next_back().is_none() => Some(hi),
            (Some(a), None) if a == lo && known.range(k + 1..).next().is_none() => Some(lo),
            _ => None,
        }
    };
    KomiSweep {
        values: (-n..=n).map(|k| (k, value_at(k))).collect(),
        searched,
    }
}

/// Reads a komi sweep: the Fundamental Go score, or the Ultimate Go thresholds.
pub fn analyse_sweep(ruleset: Ruleset, sweep: &KomiSweep) -> KomiAnalysis {
    let get = |k: i32| {
        sweep
            .values
            .iter()
            .find(|(kk, _)| *kk == k)
            .and_then(|(_, v)| *v)
    };
    if ruleset == Ruleset::Fundamental {
        let solved: Vec<i32> = sweep.values.iter().filter_map(|(_, v)| *v).collect();
        let complete = solved.len() == sweep.values.len();
        let changes = solved.windows(2).filter(|w| w[0] != w[1]).count();
        let rising_to_white = solved.windows(2).all(|w| w[0] >= w[1]);
        let changes_once = complete && changes <= 1 && rising_to_white;
        let score = match get(0) {
            Some(1) => sweep
                .values
                .iter()
                .filter(|(k, _)| *k >= 0)
                .take_while(|(_, v)| v.is_some())
                .find(|(_, v)| *v == Some(-1))
                .map(|(k, _)| Komi(2 * k - 1)),
            Some(_) => sweep
                .values
                .iter()
                .rev()
                .filter(|(k, _)| *k <= 0)
                .take_while(|(_, v)| v.is_some())
                .find(|(_, v)| *v == Some(1))
                .map(|(k, _)| Komi(2 * k + 1)),
            None => None,
        };
        KomiAnalysis::Fundamental {
            sweep: sweep.clone(),
            score,
            changes_once,
        }
    } else {
        let mut thresholds = Vec::new();
        let mut prev: Option<Outcome> = None;
        for (k, v) in &sweep.values {
            for h in [2 * k, 2 * k + 1] {
                let cur = v.map(|v| outcome(ValueKind::WinDrawLoss, v, Komi(h)));
                if let (Some(p), Some(c)) = (prev, cur) {
                    if p != c {
                        thresholds.push(Threshold {
                            komi: Komi(h),
                            from: p,
                            to: c,
                        });
                    }
                }
                prev = cur;
            }
        }
        KomiAnalysis::Ultimate {
            sweep: sweep.clone(),
            thresholds,
        }
    }
}

/// The value after each move of `pv` from the start of `game`: the exact
/// value of the state it leads to is the root value along a principal
/// variation, so this replays the moves and returns the final value (for checks).
pub fn replay_value<G: Game>(game: &G, pv: &[Move]) -> Option<i32> {
    let mut g = game.clone();
    for &m in pv {
        if !g.try_play(m) {
            return None;
        }
    }
    g.result().map(|r| result_value(&r))
}
