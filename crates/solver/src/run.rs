//! Solving one game state: [`Tables`] kept between solves, [`solve_game`] and [`solve_game_with`], the [`Tester`] of single thresholds and its [`Follower`], and [`replay_value`].

use crate::*;

/// Transposition tables that may outlive one solve: every entry is an
/// exact statement about the state its key names, whatever the root it
/// was found from (docs/solver.md, "Keeping the tables between solves"),
/// so the solves of one game's successive states (a player answering
/// move after move) may share them.
pub struct Tables {
    table: Arc<Table>,
    dep_table: DepTables,
    /// The symmetries the dependency table's keys use (1: none).
    syms: usize,
    /// Whether bounds may carry territory conditions (which only searchers
    /// that keep the history's positions can check).
    territory: bool,
}

/// Dependency tracking's table, with the D- filter's size of its solves.
enum DepTables {
    /// Dependency tracking is off.
    Off,
    /// Filters of [`deps::SMALL_WORDS`].
    Small(Arc<deps::DepTable<{ deps::SMALL_WORDS }>>),
    /// Filters of [`deps::LARGE_WORDS`].
    Large(Arc<deps::DepTable<{ deps::LARGE_WORDS }>>),
}

/// Which [`DepTables`] a solve uses.
#[derive(Copy, Clone, PartialEq, Eq)]
enum DepKind {
    Off,
    Small,
    Large,
}

/// The [`DepKind`] of a solve of `game` under `opts`.
fn dep_kind<G: Game>(game: &G, opts: &SolveOptions) -> DepKind {
    if !(opts.search.dependencies && game.history_entries(&mut Vec::new())) {
        DepKind::Off
    } else if opts.search.avoid_filter.large_on(game.board()) {
        DepKind::Large
    } else {
        DepKind::Small
    }
}

impl DepTables {
    /// The kind of these tables.
    fn kind(&self) -> DepKind {
        match self {
            DepTables::Off => DepKind::Off,
            DepTables::Small(_) => DepKind::Small,
            DepTables::Large(_) => DepKind::Large,
        }
    }
}

/// The state of one solve that every searcher shares, with the D-
/// filter's size of its tables.
enum AnyShared {
    Small(search::Shared<{ deps::SMALL_WORDS }>),
    Large(search::Shared<{ deps::LARGE_WORDS }>),
}

/// Runs `$body` with `$s` bound to the [`search::Shared`] inside an
/// [`AnyShared`], whichever its filter size.
macro_rules! with_shared {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnyShared::Small($s) => $body,
            AnyShared::Large($s) => $body,
        }
    };
}

impl Tables {
    /// Empty tables for solving states of `game` (its ruleset decides
    /// whether dependency tracking applies) within `opts.memory_mib`.
    pub fn new<G: Game>(game: &G, opts: &SolveOptions) -> Tables {
        Tables::make(game, opts, opts.search.archive)
    }

    /// Tables as [`Tables::new`], whose dependency table (where there is
    /// one) keeps every bound it is given in an archive besides
    /// (docs/certificates.md, "The archive"), within `opts.memory_mib`
    /// again: for the certificate writer, whose walk follows proofs
    /// whose inner nodes the table alone would have dropped.
    pub fn archiving<G: Game>(game: &G, opts: &SolveOptions) -> Tables {
        Tables::make(game, opts, true)
    }

    /// The archive's counts, where the tables keep one.
    pub fn archive_stats(&self) -> Option<deps::ArchiveStats> {
        match &self.dep_table {
            DepTables::Off => None,
            DepTables::Small(t) => t.archive_stats(),
            DepTables::Large(t) => t.archive_stats(),
        }
    }

    fn make<G: Game>(game: &G, opts: &SolveOptions, archive: bool) -> Tables {
        // Saturating: `--memory` takes any usize.
        let cap = opts.memory_mib.max(1).saturating_mul(1024 * 1024);
        let kind = dep_kind(game, opts);
        let dep_cap = cap - cap / 4;
        fn table<const W: usize>(cap: usize, archive: Option<usize>) -> Arc<deps::DepTable<W>> {
            Arc::new(match archive {
                Some(a) => deps::DepTable::with_archive(cap, a),
                None => deps::DepTable::new(cap),
            })
        }
        let archive = archive.then_some(cap);
        Tables {
            syms: key_syms(game, opts),
            // Under dependency tracking the whole-key table only holds the
            // results whose dependencies outgrew a set: a quarter of the cap.
            table: Arc::new(Table::new(if kind == DepKind::Off { cap } else { cap / 4 })),
            dep_table: match kind {
                DepKind::Off => DepTables::Off,
                DepKind::Small => DepTables::Small(table(dep_cap, archive)),
                DepKind::Large => DepTables::Large(table(dep_cap, archive)),
            },
            territory: uses_territory(game, opts),
        }
    }

    /// Whether these tables suit `game` under `opts` (the same use of
    /// dependency tracking, symmetry and territory).
    pub fn suits<G: Game>(&self, game: &G, opts: &SolveOptions) -> bool {
        self.dep_table.kind() == dep_kind(game, opts)
            && self.syms == key_syms(game, opts)
            && self.territory == uses_territory(game, opts)
    }

    /// The shared state of a solve of `game` with these tables.
    fn shared<G: Game>(
        &self,
        game: &G,
        opts: &SolveOptions,
        start: Instant,
        threads: usize,
    ) -> AnyShared {
        let at = (start, threads);
        match &self.dep_table {
            DepTables::Off => AnyShared::Small(shared_for(game, opts, self, None, at)),
            DepTables::Small(t) => {
                AnyShared::Small(shared_for(game, opts, self, Some(t.clone()), at))
            }
            DepTables::Large(t) => {
                AnyShared::Large(shared_for(game, opts, self, Some(t.clone()), at))
            }
        }
    }
}

/// Whether a solve of `game` under `opts` counts territory: with the
/// static bounds, under proof-number search only (alpha-beta by iterative
/// deepening lost more to the bounds its conditions refuse than it gained,
/// docs/performance.md, "Territory").
fn uses_territory<G: Game>(game: &G, opts: &SolveOptions) -> bool {
    opts.search.static_bounds
        && opts.search.territory
        && resolve_engine(opts.engine, game) == Engine::Pns
}

/// The symmetries dependency tracking keys `game`'s results by under `opts`.
fn key_syms<G: Game>(game: &G, opts: &SolveOptions) -> usize {
    if opts.search.symmetry {
        game.key_symmetries()
    } else {
        1
    }
}

/// Solves the game from its current state with the fast solver.
/// The game's own history is part of the state (a game with moves already
/// played is solved as it stands).
pub fn solve_game<G: Game>(game: &G, opts: &SolveOptions) -> SearchSolution {
    solve_game_with(game, opts, &Tables::new(game, opts))
}

/// [`solve_game`] with tables kept from earlier solves of the same game
/// (its ruleset and board); new entries stay in them for later solves.
/// Panics if the tables do not suit the game ([`Tables::suits`]).
pub fn solve_game_with<G: Game>(game: &G, opts: &SolveOptions, tables: &Tables) -> SearchSolution {
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
    let shared = tables.shared(game, opts, start, threads);
    let run = || {
        let b = with_shared!(&shared, s => search::drive(game, s, opts));
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
    SearchSolution {
        lower: b.lower,
        upper: b.upper,
        pv,
        pv_complete,
        stats: with_shared!(&shared, s => search::stats(s, start, threads)),
    }
}

/// The state every searcher of one solve shares: the tables, counters,
/// limits (measured from `start`) and settings of `opts`.
fn shared_for<G: Game, const W: usize>(
    game: &G,
    opts: &SolveOptions,
    tables: &Tables,
    dep_table: Option<Arc<deps::DepTable<W>>>,
    (start, threads): (Instant, usize),
) -> search::Shared<W> {
    let (perms, inv_perms) = search::symmetry_maps(game.board());
    let pns = resolve_engine(opts.engine, game) == Engine::Pns;
    search::Shared {
        table: tables.table.clone(),
        dep_table,
        nodes: AtomicU64::new(0),
        hits: AtomicU64::new(0),
        static_cuts: AtomicU64::new(0),
        expansions: AtomicU64::new(0),
        static_bounds: opts.search.static_bounds,
        territory: uses_territory(game, opts),
        avoids: opts.search.avoids,
        territory_cuts: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        stopped: std::sync::atomic::AtomicU8::new(0),
        budget: opts.limits.budget_from(start),
        pass_first: opts.search.pass_first,
        split_depth: if threads > 1 {
            opts.search.split_depth
        } else {
            0
        },
        use_table: true,
        history: opts.search.history,
        range: value_range(game),
        progress: opts.hooks.progress.clone(),
        deepening: opts.search.deepening,
        whole_used: AtomicBool::new(false),
        unknown: unknown::UnknownCache::new(if opts.search.unknown_cache { 20 } else { 0 }),
        use_unknown: opts.search.unknown_cache,
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
        live: opts.hooks.live.clone(),
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
    shared: AnyShared,
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
            shared: tables.shared(game, opts, Instant::now(), 1),
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
        let cap = self.node_cap;
        let (v, aborted, capped) = with_shared!(&self.shared, sh => {
            let mut s = search::Searcher::new(game.clone(), sh, Vec::new());
            s.set_budget(cap);
            let v = s.test_within(t, depth);
            s.finish();
            (v, s.aborted, s.aborted && s.budget_spent())
        });
        self.capped = capped;
        (!aborted).then_some(v)
    }

    /// The best move the tables remember for `game`'s current state, if
    /// any (a hint: test the child before relying on it).
    pub fn hint<G: Game>(&mut self, game: &G) -> Option<Move> {
        self.follower(game).hint()
    }

    /// Nodes searched by its tests so far.
    pub fn nodes(&self) -> u64 {
        with_shared!(&self.shared, s => s.nodes.load(Ordering::Relaxed))
    }

    /// A [`Follower`] of this tester's tables and limits, at `game`'s
    /// current state.
    pub fn follower<G: Game>(&self, game: &G) -> Follower<'_, G> {
        let s = match &self.shared {
            AnyShared::Small(sh) => {
                AnySearcher::Small(search::Searcher::new(game.clone(), sh, Vec::new()))
            }
            AnyShared::Large(sh) => {
                AnySearcher::Large(search::Searcher::new(game.clone(), sh, Vec::new()))
            }
        };
        Follower { s, capped: false }
    }
}

/// A searcher that follows one line of play, a move at a time, and answers
/// tests at the nodes along it, as [`Tester`] does (the same tables,
/// limits and counters): its mirror of the history grows and shrinks with
/// the line, where a [`Tester`] builds it again from the whole history at
/// every test. For callers that test many nodes of long lines (the
/// certificate writer's walk).
pub struct Follower<'s, G: Game> {
    s: AnySearcher<'s, G>,
    capped: bool,
}

/// A searcher, whichever the D- filter's size of its tables. Not boxed:
/// a walk makes one, and the variants differ by the 4 KiB of one
/// dependency set.
#[allow(clippy::large_enum_variant)]
enum AnySearcher<'s, G: Game> {
    Small(search::Searcher<'s, G, { deps::SMALL_WORDS }>),
    Large(search::Searcher<'s, G, { deps::LARGE_WORDS }>),
}

/// Runs `$body` with `$s` bound to the searcher inside an [`AnySearcher`].
macro_rules! with_searcher {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnySearcher::Small($s) => $body,
            AnySearcher::Large($s) => $body,
        }
    };
}

impl<G: Game> Follower<'_, G> {
    /// Plays `m` (legal at the current state).
    pub fn play(&mut self, m: Move) {
        with_searcher!(&mut self.s, s => {
            s.play(m);
        })
    }

    /// Takes back the last move played.
    pub fn undo(&mut self) {
        with_searcher!(&mut self.s, s => s.undo())
    }

    /// Whether "value >= t" holds at the current state as far as the end
    /// of the game, the static bounds and the tables decide it without a
    /// search: `None` when that leaves it open. Proof-number search only
    /// (under alpha-beta the answer is `None`).
    pub fn known(&mut self, t: i32) -> Option<bool> {
        with_searcher!(&mut self.s, s => {
            if let Some(r) = s.game.result() {
                return Some(result_value(&r) >= t);
            }
            let k = s.known(t);
            s.finish();
            k
        })
    }

    /// Whether the value of the current state is at least `t`, searching
    /// at most `cap` nodes (`None`: no cap; [`Follower::capped`] says
    /// whether it stopped there); `None` when a limit, the cap or Ctrl-C
    /// stopped the test.
    pub fn test(&mut self, t: i32, cap: Option<u64>) -> Option<bool> {
        self.bound(t, cap).map(|v| v >= t)
    }

    /// [`Follower::test`] with the bound its proof gives (fail-soft): v >=
    /// t where "value >= v" is proven, v < t where "value <= v" is.
    pub fn bound(&mut self, t: i32, cap: Option<u64>) -> Option<i32> {
        let (v, aborted, capped) = with_searcher!(&mut self.s, s => {
            if let Some(r) = s.game.result() {
                return Some(result_value(&r));
            }
            s.set_budget(cap);
            let v = s.test(t, 0);
            s.finish();
            let aborted = s.aborted;
            let capped = aborted && s.budget_spent();
            s.clear_stop();
            (v, aborted, capped)
        });
        self.capped = capped;
        (!aborted).then_some(v)
    }

    /// Whether later tests and looks ask the tables' archive, where they
    /// keep one ([`Tables::archiving`]; on by default).
    pub fn set_archive_probes(&mut self, on: bool) {
        with_searcher!(&mut self.s, s => s.set_archive_probes(on));
    }

    /// Whether the last test stopped at its cap.
    pub fn capped(&self) -> bool {
        self.capped
    }

    /// The best move the tables remember for the current state, if any
    /// (a hint: test the child before relying on it).
    pub fn hint(&mut self) -> Option<Move> {
        with_searcher!(&mut self.s, s => {
            if s.game.result().is_some() {
                return None;
            }
            let m = s.best_hint();
            s.finish();
            m
        })
    }

    /// Nodes searched by all tests of the tester's tables so far.
    pub fn nodes(&self) -> u64 {
        with_searcher!(&self.s, s => s.shared_nodes())
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
