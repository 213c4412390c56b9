//! The options of a solve: the engine and the method resolved for a game,
//! the live figures, [`SolveOptions`] and the default memory.

use crate::*;

/// How the root is searched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// A sequence of null-window searches (MTD(f)); each completed one
    /// tightens the proven root bounds, so a stop keeps them.
    Mtdf,
    /// One full-window alpha-beta search; a stop proves nothing.
    FullWindow,
}

/// The most points on which `--method auto` solves `basic` by retrograde
/// analysis (its default limit from the empty board); larger boards go to
/// the proof search.
pub const BASIC_RETROGRADE_POINTS: usize = 14;

/// The engine that runs: `Auto` resolved for a game (docs/performance.md,
/// "Proof-number search against alpha-beta"); `Pns` only where the
/// ruleset has dependency tracking.
pub fn resolve_engine<G: Game>(engine: Engine, game: &G) -> Engine {
    let tracked = game.history_free_key().is_some() && game.future_key().is_some();
    match engine {
        Engine::Pns if tracked => Engine::Pns,
        Engine::Auto if tracked && auto_picks_pns(game) => Engine::Pns,
        _ => Engine::Id,
    }
}

/// The method that runs: `basic` by the method asked for, `auto`
/// picking retrograde analysis on boards it numbers in advance (at most
/// [`BASIC_RETROGRADE_POINTS`]) and the proof search elsewhere; Kee by
/// the method asked for, `auto` picking the parity method where the
/// search is not offered and the start has no moves to replay
/// ([`kee_auto_parity`]); every other ruleset by the search.
pub fn resolve_method(method: Method, board: &Board, rules: &Rules, setup: &Setup) -> Method {
    let _ = setup;
    match rules.ruleset {
        Ruleset::Basic => match method {
            Method::Search => Method::Search,
            Method::Auto if board.len() > BASIC_RETROGRADE_POINTS => Method::Search,
            _ => Method::Retrograde,
        },
        Ruleset::Kee => match method {
            Method::Parity => Method::Parity,
            Method::Auto if kee_auto_parity(board, rules, setup) => Method::Parity,
            _ => Method::Search,
        },
        _ => Method::Search,
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
/// [`Hooks::progress`]). Results never depend on them.
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

/// Options of a solve, in four parts: what runs ([`SolveOptions::method`],
/// [`SolveOptions::engine`], threads and memory), the [`Limits`] (one
/// budget per run, [`SolveOptions::budget`]), the [`SearchSettings`] (the
/// forward search's knobs; none changes a value), the [`Hooks`] that
/// progress displays read, and the [`KeeChoices`].
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Threads (1 = serial).
    pub threads: usize,
    /// Transposition table cap in MiB.
    pub memory_mib: usize,
    /// The method asked for ([`resolve_method`] picks the one that runs).
    pub method: Method,
    /// Which search answers the null-window tests.
    pub engine: Engine,
    /// The nodes, seconds and cancellation token of the solve. A
    /// cancelled solve returns the bounds proven so far with
    /// [`Stats::stopped`] set to [`Stop::Cancelled`].
    pub limits: Limits,
    /// The forward search's settings.
    pub search: SearchSettings,
    /// What progress displays read.
    pub hooks: Hooks,
    /// Kee's parity method.
    pub kee: KeeChoices,
}

/// The forward search's settings: tuning knobs and cross-checks. Each is
/// documented in docs/solver.md; none changes a value, only the effort
/// (`pv` and `refuse_large` aside, which change what is reported).
#[derive(Copy, Clone, Debug)]
pub struct SearchSettings {
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
    /// With `static_bounds`: count each side's territory regions too,
    /// where the history allows it (docs/solver.md, "Territory"); never
    /// changes a value.
    pub territory: bool,
    /// Record D- (the entries a proof's chosen plays need absent) in each
    /// stored bound's dependencies. **Off is not exact**: a bound is then
    /// reused where a play its proof chose is illegal, as a guard that
    /// tracks only the repetitions a proof met would do. Off exists only to
    /// measure what D- costs (docs/performance.md, "1x12: what D- costs");
    /// [`solve_from`] refuses it, and the measured 1x9 psk gives +1 with it
    /// off, where the value is 0.
    pub avoids: bool,
    /// Stop once the value is decided against this window `[a, b]` (at
    /// komi 0, `a <= b + 1`): once it is proven exact, below `a`, or above
    /// `b`; with `b = a - 1`, once the one test "value >= a" is decided. The answer is then proven bounds, not a value, unless the
    /// value lies in the window. Only the forward search reads it; every
    /// other method answers the exact value, which decides any window.
    /// For the tasks of a split (docs/distributed.md, "Windows").
    pub window: Option<(i32, i32)>,
    /// The size of the Bloom filter that holds each stored bound's D-
    /// (docs/solver.md, "Dependency tracking"); never changes a value.
    pub avoid_filter: AvoidFilter,
    /// Keep every bound the dependency table is given in an archive
    /// besides, never replaced (docs/certificates.md, "The archive"),
    /// within the memory cap again. The certificate writer's tables
    /// always do; a solve may, to measure what bounds lost to
    /// replacement cost. Never changes a value.
    pub archive: bool,
}

/// The size of the Bloom filter that holds D-. A filter too small for the
/// entries a proof avoids reports absent entries as present and refuses
/// valid reuses; one too large costs memory and copying on every stored
/// bound (docs/performance.md, "The D- filter's size").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AvoidFilter {
    /// Large on lines and rings of 12 points or more, small elsewhere.
    Auto,
    /// 4,096 bits.
    Small,
    /// 32,768 bits.
    Large,
}

impl AvoidFilter {
    /// Every size, in the order of [`AvoidFilter::index`].
    pub const ALL: [AvoidFilter; 3] = [AvoidFilter::Auto, AvoidFilter::Small, AvoidFilter::Large];

    /// The position of this size in [`AvoidFilter::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name the command line uses.
    pub fn name(self) -> &'static str {
        match self {
            AvoidFilter::Auto => "auto",
            AvoidFilter::Small => "small",
            AvoidFilter::Large => "large",
        }
    }

    /// The size named `name` on the command line, if any.
    pub fn from_name(name: &str) -> Option<AvoidFilter> {
        AvoidFilter::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether a solve on `board` uses the large filter.
    pub fn large_on(self, board: &kosolve_board::Board) -> bool {
        match self {
            AvoidFilter::Small => false,
            AvoidFilter::Large => true,
            AvoidFilter::Auto => {
                board.len() >= 12 && board.points().all(|p| board.neighbors(p).count() <= 2)
            }
        }
    }
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            pass_first: true,
            strategy: Strategy::Mtdf,
            pv: true,
            split_depth: 3,
            history: true,
            refuse_large: true,
            dependencies: true,
            deepening: true,
            static_bounds: true,
            unknown_cache: true,
            symmetry: true,
            territory: true,
            avoids: true,
            window: None,
            avoid_filter: AvoidFilter::Auto,
            archive: false,
        }
    }
}

/// What progress displays read while a solve runs. Results never depend
/// on them.
#[derive(Clone, Debug, Default)]
pub struct Hooks {
    /// A counter that receives the nodes as they are searched (it is added
    /// to, never reset).
    pub progress: Option<Arc<AtomicU64>>,
    /// Where the driver publishes the threshold under test, the proven
    /// bounds and the table size as it goes.
    pub live: Option<Arc<Live>>,
}

/// The choices of Kee's parity method ([`Method::Parity`]).
#[derive(Copy, Clone, Debug)]
pub struct KeeChoices {
    /// The most situation classes of one graph, below what
    /// [`SolveOptions::memory_mib`] allows (`None`: the memory alone decides).
    pub max_situations: Option<u64>,
    /// Bound the value by forgetful games before the situation graph
    /// (docs/kee.md, "Forgetful games"); off only to measure them or to
    /// check them against the graph and restricted games.
    pub forgetful: bool,
}

impl Default for KeeChoices {
    fn default() -> Self {
        KeeChoices {
            max_situations: None,
            forgetful: true,
        }
    }
}

impl SolveOptions {
    /// The budget of a run starting now: the [`Limits`] (the tables'
    /// memory cap is `memory_mib`, which replaces entries instead of
    /// stopping).
    pub fn budget(&self) -> Budget {
        self.limits.budget()
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            threads: 1,
            memory_mib: default_memory_mib(),
            method: Method::Auto,
            engine: Engine::Auto,
            limits: Limits::default(),
            search: SearchSettings::default(),
            hooks: Hooks::default(),
            kee: KeeChoices::default(),
        }
    }
}

/// The stack of every search thread.
pub(crate) const SEARCH_STACK_BYTES: usize = 1 << 30;

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The large filter goes where proofs avoid a thousand entries: the
    /// lines and rings of 12 points and more (docs/performance.md, "The D-
    /// filter's size"); every other board keeps the small one.
    #[test]
    fn auto_takes_the_large_filter_on_long_lines_and_rings_only() {
        for (spec, large) in [
            ("1x12", true),
            ("1x13", true),
            ("ring:12", true),
            ("1x11", false),
            ("ring:6", false),
            ("4x4", false),
            ("2x7", false),
            ("2x6", false),
            ("2x2x2", false),
        ] {
            let board = kosolve_board::Board::parse(spec).unwrap();
            assert_eq!(AvoidFilter::Auto.large_on(&board), large, "{spec}");
            assert!(AvoidFilter::Large.large_on(&board));
            assert!(!AvoidFilter::Small.large_on(&board));
        }
    }

    #[test]
    fn every_filter_size_is_at_its_index() {
        for (i, f) in AvoidFilter::ALL.into_iter().enumerate() {
            assert_eq!(f.index(), i);
        }
    }
}
