//! Kee Rules v3.0 (docs/rules.md, "`kee`: Kee Rules v3.0") solved exactly as a parity game.
//!
//! A Kee game ends at the first repeated game situation and is scored on
//! that cycle: each player scores the best area she passed on inside it.
//! So Kee is a *first-cycle game* on the graph of situations. Its
//! threshold question "margin >= v" is a parity condition: a pass by Black
//! on area a gets the odd priority 2(a - v + n + 1) + 1, a pass by White on
//! area a the even priority 2(a + n + 1), every other turn 0 (n = points);
//! then the margin of a cycle is at least v iff the largest priority on it
//! is odd. Björklund, Sandberg and Vorobyov (2004) showed that a
//! first-cycle game with a parity condition has the winner of the infinite
//! parity game on the same graph, with positional winning strategies. So
//! Zielonka's algorithm on the reachable situation graph decides each
//! threshold; the value is the largest threshold Black wins.
//!
//! Each answer is then checked without Zielonka's algorithm: Black's
//! strategy for the value and White's for one more are each shown to win
//! by listing the strongly connected components of the graph they leave
//! ([`verify`]), and the line where both are played is replayed by the
//! rules engine (`kosolve_rules::KeeGame`), which must end it at the first
//! repeated situation with exactly that margin.
//!
//! Where the graph outgrows its cap, [`solve_kee`] can bound the value by
//! restricted games instead ([`Variant::Restricted`]): restricting one
//! player's moves can only hurt her, so a game with Black restricted has a
//! value at most the real one, and one with White restricted at least.
//! When the two bounds meet, the value is exact. See docs/kee.md.
//!
//! [`solve_kee_from`] starts from a position instead ([`Start`]: both
//! histories empty, no situation recorded): the graph then holds the
//! positions reachable from it, without symmetry merging.

pub mod forgetful;
pub mod graph;
pub mod parity;
pub mod players;
pub mod verify;

pub use kosolve_budget::{Budget, Cancel, Stop};

use graph::{Built, Graph, GraphError, Positions, Situation};
use kosolve_board::{Board, Color, Point, Suicide};
use kosolve_rules::{Game as _, GameResult, KeeGame, Move, Rules, Ruleset, Start};
use parity::{Arena, ParitySolution, NO_MOVE};
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// The variant of Kee a graph is built for: the full game, a forgetful
/// game or a restricted one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Kee Rules as they are.
    Full,
    /// A forgetful game (module [`forgetful`]): one player held, the other
    /// remembering only her latest positions; a bound on the value.
    Forgetful(forgetful::Forgetful),
    /// One player restricted: she may make a board play only while her
    /// board history holds fewer than `limit` positions (it holds the
    /// position she last passed on and those her board plays made since:
    /// `limit - 1` board plays between her passes), and, with `mirror`
    /// (rectangles), she is held to the mirror strategy where it applies
    /// (see `graph::Positions::successors`).
    Restricted {
        /// The restricted player.
        player: Color,
        /// The board history size that stops her board plays.
        limit: u32,
        /// Held to the mirror strategy.
        mirror: bool,
    },
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Variant::Full => write!(f, "the full game"),
            Variant::Forgetful(g) => write!(f, "{g}"),
            Variant::Restricted {
                player,
                limit,
                mirror,
            } => write!(
                f,
                "{player} restricted to board histories under {limit}{}",
                if *mirror { ", mirroring" } else { "" }
            ),
        }
    }
}

/// Options of Kee's parity method, for two players ([`solve_kee`]) and for
/// three or four ([`players::restricted::solve`], from
/// [`KeeOptions::for_players`]).
#[derive(Copy, Clone, Debug)]
pub struct KeeOptions {
    /// Merge situations that are images of each other under the board's
    /// symmetries (two players: on by default; `players`: off in
    /// [`KeeOptions::for_players`], see docs/kee.md, "Symmetry classes in
    /// the second implementation").
    pub symmetric: bool,
    /// Give up on a graph once it has more situation classes than this.
    pub max_situations: u64,
    /// Try the full game's graph first.
    pub full: bool,
    /// If the full graph is not tried or outgrows `max_situations`, bound
    /// the value by restricted games with limits
    /// `restricted_from..=restricted_up_to` (none if the range is empty).
    pub restricted_from: u32,
    /// See `restricted_from`.
    pub restricted_up_to: u32,
    /// Before anything else, bound the value by forgetful games (module
    /// [`forgetful`]) whose forgetful player remembers this many positions,
    /// with the held player's limit rising from 1 while the bounds differ
    /// and the graphs fit (`None`: no forgetful game). They alone reach
    /// boards of more than [`graph::MAX_POSITIONS`] legal positions.
    pub forgetful_window: Option<u32>,
    /// From a start with walls (pass-alive chains), play the forgetful
    /// games as *settled games* first (docs/kee.md, "Settled games"): the
    /// held player keeps every wall on the board, so the games reach few
    /// positions. Only read with `forgetful_window`.
    pub settled: bool,
}

impl KeeOptions {
    /// The options of the games for three or four players
    /// ([`players::restricted`]): the full graph first under a cap of 40 M
    /// situations, then restricted games with every limit from 1 up to
    /// past the number of positions the situation keys index (where the
    /// restriction holds nobody), and no forgetful games. The k-player
    /// graphs merge no symmetry, so `symmetric` is not read there.
    pub fn for_players() -> KeeOptions {
        KeeOptions {
            symmetric: false,
            max_situations: 40_000_000,
            full: true,
            restricted_from: 1,
            restricted_up_to: players::parity::MAX_POSITIONS as u32 + 1,
            forgetful_window: None,
            settled: false,
        }
    }
}

impl Default for KeeOptions {
    fn default() -> Self {
        KeeOptions {
            symmetric: true,
            max_situations: 50_000_000,
            full: true,
            restricted_from: 1,
            restricted_up_to: 6,
            forgetful_window: Some(2),
            settled: true,
        }
    }
}

/// One graph solved (or given up on) by [`solve_kee`].
#[derive(Clone, Debug)]
pub struct GraphRun {
    /// The game.
    pub game: Variant,
    /// Its value, if its graph fitted.
    pub value: Option<i32>,
    /// Situation classes (the cap when the graph outgrew it).
    pub situations: u64,
    /// Edges (0 when the graph outgrew its cap).
    pub edges: u64,
    /// Bytes of the graph's arrays (0 when it outgrew its cap).
    pub bytes: u64,
    /// Seconds.
    pub seconds: f64,
}

/// The Kee value of a board, or bounds on it, and what finding it took.
#[derive(Clone, Debug)]
pub struct KeeSolution {
    /// A proven lower bound on the minimax margin score(Black) -
    /// score(White), komi not applied.
    pub lower: i32,
    /// A proven upper bound.
    pub upper: i32,
    /// A principal variation when the value is exact: Black's and White's
    /// checked strategies played from the start until a situation repeats
    /// (`None` is a pass).
    pub pv: Vec<Option<Point>>,
    /// The scores (Black, White) at the end of the principal variation.
    pub pv_scores: Option<(u32, u32)>,
    /// The number of legal positions (from a start other than the empty
    /// board: of positions reachable from it); 0 where they are more than
    /// the forgetful games take ([`forgetful::MAX_POSITIONS`]).
    pub positions: usize,
    /// The positions of the settled games' tables, Black held and White
    /// held, where they were played (docs/kee.md, "Settled games: starts
    /// with walls").
    pub settled_positions: Option<[usize; 2]>,
    /// Every graph tried, in order.
    pub runs: Vec<GraphRun>,
    /// Seconds in all.
    pub seconds: f64,
    /// What stopped the method before its bounds met (`None`: it ran to
    /// the end). The bounds are those of the games finished before.
    pub stopped: Option<Stop>,
}

impl KeeSolution {
    /// The value, if the bounds meet.
    pub fn value(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// Situation classes of all graphs built.
    pub fn situations(&self) -> u64 {
        self.runs
            .iter()
            .filter(|r| r.value.is_some())
            .map(|r| r.situations)
            .sum()
    }

    /// Edges of all graphs built.
    pub fn edges(&self) -> u64 {
        self.runs.iter().map(|r| r.edges).sum()
    }

    /// Bytes of the largest graph built.
    pub fn peak_bytes(&self) -> u64 {
        self.runs.iter().map(|r| r.bytes).max().unwrap_or(0)
    }
}

/// Why a board was not solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeeError {
    /// The board has more legal positions than a situation key holds.
    TooManyPositions {
        /// The most supported.
        max: usize,
    },
    /// The graph outgrew `max_situations`.
    TooManySituations {
        /// The cap.
        cap: u64,
    },
    /// The graph has more edges than its 32-bit offsets hold.
    TooManyEdges,
    /// The mirror restriction needs a board with a mirror map
    /// ([`graph::mirror_map`]).
    NoMirror,
    /// An independent check of the answer failed: a bug, reported loudly.
    CheckFailed(String),
    /// The start position has stones off the board, on one point twice,
    /// or a chain without a liberty.
    BadStart,
    /// The budget ran out before the game was solved.
    Stopped(Stop),
}

impl fmt::Display for KeeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeeError::TooManyPositions { max } => write!(
                f,
                "the Kee parity method takes boards of up to {max} legal positions \
                 (from a position: up to {max} positions reachable from it by board plays; \
                 every chain can be captured once its owner fills her own eyes, so on all but \
                 the smallest boards far more are)"
            ),
            KeeError::TooManySituations { cap } => write!(
                f,
                "the Kee situation graph has more than {cap} situation classes"
            ),
            KeeError::TooManyEdges => {
                write!(
                    f,
                    "the Kee situation graph has more than {} edges",
                    u32::MAX
                )
            }
            KeeError::NoMirror => {
                write!(
                    f,
                    "the mirror restriction needs a symmetry of order 2 that commutes with every \
                     symmetry of the board (a rectangle, an even ring, the cube; docs/kee.md)"
                )
            }
            KeeError::CheckFailed(why) => write!(f, "Kee answer failed its check: {why}"),
            KeeError::BadStart => write!(
                f,
                "the start is not a legal position of the board (a stone off the board or a \
                 chain without a liberty)"
            ),
            KeeError::Stopped(why) => write!(f, "the Kee parity method was stopped by {why}"),
        }
    }
}

impl std::error::Error for KeeError {}

/// The parity game "margin >= threshold" on a situation graph; player 1
/// (odd priorities) is Black.
pub struct Threshold<'a> {
    p: &'a Positions,
    g: &'a Graph,
    points: i32,
    threshold: i32,
}

impl<'a> Threshold<'a> {
    /// The game "margin >= threshold" on `g` (threshold within
    /// -points..=points + 1).
    pub fn new(p: &'a Positions, g: &'a Graph, points: i32, threshold: i32) -> Self {
        assert!((-points..=points + 1).contains(&threshold));
        Threshold {
            p,
            g,
            points,
            threshold,
        }
    }
}

impl Arena for Threshold<'_> {
    fn graph(&self) -> &kosolve_graph::Graph {
        &self.g.rows
    }
    fn owner(&self, v: usize) -> usize {
        1 - (self.g.info[v] & 1) as usize
    }
    fn priority(&self, v: usize) -> u32 {
        let info = self.g.info[v];
        if info & 2 == 0 {
            return 0;
        }
        let passer = 1 - (info & 1) as usize;
        let a = self.p.area[passer][(info >> 2) as usize] as i32;
        pass_priority(passer, a, self.points, self.threshold)
    }
}

/// The priority of a pass by `passer` (0 Black, 1 White) on a position
/// where she has area `a`, in the game "margin >= threshold" on a board of
/// `points` points: odd for Black, even for White (docs/kee.md, "Why a
/// parity game gives the Kee value").
pub fn pass_priority(passer: usize, a: i32, points: i32, threshold: i32) -> u32 {
    let shift = points + 1;
    let pr = if passer == 0 {
        2 * (a - threshold + shift) + 1
    } else {
        2 * (a + shift)
    };
    pr as u32
}

/// What [`bisect`] finds: the value, Black's strategy for it, White's for
/// one more, and every threshold decided with whether Black won it.
pub(crate) type Bisected = (i32, Vec<u8>, Vec<u8>, Vec<(i32, bool)>);

/// The largest threshold in -points..=points that Black wins, by
/// bisection over `decide` (Black always reaches -points and never
/// points + 1), with Black's strategy for it, White's for one more, and
/// every threshold decided with whether Black won it.
pub(crate) fn bisect(
    points: i32,
    mut decide: impl FnMut(i32) -> Result<ParitySolution, KeeError>,
) -> Result<Bisected, KeeError> {
    let (mut lo, mut hi) = (-points, points + 1);
    let (mut black, mut white): (Option<ParitySolution>, Option<ParitySolution>) = (None, None);
    let mut thresholds = Vec::new();
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let sol = decide(mid)?;
        let won = sol.won[1][0];
        thresholds.push((mid, won));
        if won {
            lo = mid;
            black = Some(sol);
        } else {
            hi = mid;
            white = Some(sol);
        }
    }
    let black = match black {
        Some(b) => b,
        None => decide(lo)?,
    }
    .strategy;
    let white = match white {
        Some(w) => w,
        None => decide(hi)?,
    }
    .strategy;
    Ok((lo, black, white, thresholds))
}

/// A game's graph with its value and both sides' checked strategies:
/// Black's wins "margin >= value", White's wins "margin < value + 1".
pub struct Solved {
    /// The positions and the game's moves.
    pub p: Positions,
    /// The graph.
    pub g: Graph,
    /// The game's value.
    pub value: i32,
    /// Black's strategy (an index into each vertex's successors).
    pub black: Vec<u8>,
    /// White's strategy.
    pub white: Vec<u8>,
    /// The thresholds decided by Zielonka's algorithm, with whether Black
    /// wins each.
    pub thresholds: Vec<(i32, bool)>,
}

/// Builds and solves the graph of `game` and checks both strategies.
pub fn solve_game(
    board: &Board,
    suicide: Suicide,
    symmetric: bool,
    game: Variant,
    cap: u64,
) -> Result<Solved, KeeError> {
    solve_game_from(board, suicide, &Start::EMPTY, symmetric, game, cap)
}

/// The positions of a game from `start`: every legal position with
/// symmetry merging as asked from the empty board, otherwise those
/// reachable from the start without merging.
fn positions_from(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    symmetric: bool,
) -> Result<Positions, KeeError> {
    let too_many = KeeError::TooManyPositions {
        max: graph::MAX_POSITIONS,
    };
    if start.position == kosolve_board::Position::EMPTY && start.to_move == Color::Black {
        Positions::new(board, suicide, symmetric).ok_or(too_many)
    } else {
        if !start.position.is_legal(board) {
            return Err(KeeError::BadStart);
        }
        Positions::from_start(board, suicide, start.position, start.to_move).ok_or(too_many)
    }
}

/// [`solve_game`] from `start` (its prisoners are ignored): symmetry
/// merging applies only from the empty board.
pub fn solve_game_from(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    symmetric: bool,
    game: Variant,
    cap: u64,
) -> Result<Solved, KeeError> {
    solve_game_within(
        board,
        suicide,
        start,
        symmetric,
        game,
        cap,
        &Budget::unlimited(),
    )
}

/// [`solve_game_from`] within `budget`: [`KeeError::Stopped`] once it
/// runs out (the graph's build, each threshold's parity game).
pub fn solve_game_within(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    symmetric: bool,
    game: Variant,
    cap: u64,
    budget: &Budget,
) -> Result<Solved, KeeError> {
    if let Variant::Forgetful(_) = game {
        return Err(KeeError::CheckFailed(
            "a forgetful game is solved by forgetful::solve".into(),
        ));
    }
    let mut p = positions_from(board, suicide, start, symmetric)?;
    if let Variant::Restricted {
        player,
        limit,
        mirror,
    } = game
    {
        p.limit[player.index()] = limit;
        if mirror {
            if graph::mirror_map(board).is_none() {
                return Err(KeeError::NoMirror);
            }
            p.mirror[player.index()] = true;
        }
    }
    let g = Graph::build_within(&p, cap, budget).map_err(|e| match e {
        Built::Graph(GraphError::TooManyVertices { cap }) => KeeError::TooManySituations { cap },
        Built::Graph(GraphError::TooManyEdges) => KeeError::TooManyEdges,
        Built::Stopped(why) => KeeError::Stopped(why),
    })?;
    let points = board.len() as i32;
    let decide = |v: i32| {
        parity::solve_within(&Threshold::new(&p, &g, points, v), budget).map_err(KeeError::Stopped)
    };
    let (value, black, white, thresholds) = bisect(points, decide)?;
    // The certificates: each side's strategy wins its threshold.
    if !verify::strategy_wins(&Threshold::new(&p, &g, points, value), &black, 1) {
        return Err(KeeError::CheckFailed(format!(
            "{game}: Black's strategy does not reach margin {value}"
        )));
    }
    if !verify::strategy_wins(&Threshold::new(&p, &g, points, value + 1), &white, 0) {
        return Err(KeeError::CheckFailed(format!(
            "{game}: White's strategy does not hold the margin below {}",
            value + 1
        )));
    }
    Ok(Solved {
        p,
        g,
        value,
        black,
        white,
        thresholds,
    })
}

/// Solves `board` under Kee Rules v3.0 with the given suicide setting: the
/// full graph if it fits under `max_situations`, else bounds from
/// restricted games (exact where they meet).
pub fn solve_kee(
    board: &Board,
    suicide: Suicide,
    opts: KeeOptions,
) -> Result<KeeSolution, KeeError> {
    solve_kee_from(board, suicide, &Start::EMPTY, opts)
}

/// [`solve_kee`] from `start` (docs/rules.md, "Starting from a position":
/// both histories empty, no situation recorded; the prisoners are
/// ignored). From a start other than the empty board with Black to move,
/// the graph holds the positions reachable from the start (at most
/// [`graph::MAX_POSITIONS`]) and `opts.symmetric` is not used (a symmetry
/// of the board need not fix the start).
pub fn solve_kee_from(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    opts: KeeOptions,
) -> Result<KeeSolution, KeeError> {
    solve_kee_within(board, suicide, start, opts, &Budget::unlimited())
}

/// [`solve_kee_from`] within `budget`: once it runs out (within a second:
/// the graph builds and the parity games check it often), the bounds of
/// the games finished before, with [`KeeSolution::stopped`] set.
pub fn solve_kee_within(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    opts: KeeOptions,
    budget: &Budget,
) -> Result<KeeSolution, KeeError> {
    let t = Instant::now();
    let points = board.len() as i32;
    let mut runs = Runs {
        board,
        suicide,
        start,
        opts,
        budget,
        done: Vec::new(),
        stopped: None,
    };
    let mut sol = KeeSolution {
        lower: -points,
        upper: points,
        pv: Vec::new(),
        pv_scores: None,
        positions: 0,
        settled_positions: None,
        runs: Vec::new(),
        seconds: 0.0,
        stopped: None,
    };
    let mut graph_games = true;
    if let Some(window) = opts.forgetful_window {
        graph_games = runs.forgetful_stage(&mut sol, window)?;
    }
    if graph_games {
        // Refuse early (and cheaply) where the positions do not fit.
        sol.positions = positions_from(board, suicide, start, false)?.len();
        let (lower, upper) = runs.graph_bounds()?;
        if lower.0 > sol.upper || upper.0 < sol.lower || lower.0 > upper.0 {
            return Err(KeeError::CheckFailed(format!(
                "the games bound the value from below by {} and {} and from above by {} and {}",
                sol.lower, lower.0, sol.upper, upper.0
            )));
        }
        if lower.0 == upper.0 {
            let (pv, scores) = exact_line(board, suicide, start, &lower, &upper)?;
            sol.pv = pv;
            sol.pv_scores = Some(scores);
        }
        sol.lower = sol.lower.max(lower.0);
        sol.upper = sol.upper.min(upper.0);
    }
    sol.runs = runs.done;
    sol.stopped = runs.stopped;
    sol.seconds = t.elapsed().as_secs_f64();
    Ok(sol)
}

/// A bound on the value and the solved game that proved it (`None`: the
/// trivial bound, or the full game's lower bound, whose game stands for
/// both sides in the upper bound).
type Bound = (i32, Option<Solved>);

/// The games [`solve_kee_within`] solves one after another: what each
/// cost, and why the budget stopped one, if it did.
struct Runs<'a> {
    /// The board.
    board: &'a Board,
    /// The suicide setting.
    suicide: Suicide,
    /// The start.
    start: &'a Start,
    /// The options.
    opts: KeeOptions,
    /// The budget every game draws on.
    budget: &'a Budget,
    /// Every graph solved or given up on, in order.
    done: Vec<GraphRun>,
    /// Why the budget stopped a game, if it did.
    stopped: Option<Stop>,
}

impl Runs<'_> {
    /// The forgetful games of [`solve_kee_within`] (settled games first
    /// where the start has walls, then the plain ones where the start's
    /// positions fit), their bounds and, where they meet, the line, all
    /// into `sol`. Returns whether the situation graph should follow.
    fn forgetful_stage(&mut self, sol: &mut KeeSolution, window: u32) -> Result<bool, KeeError> {
        let (board, suicide, start) = (self.board, self.suicide, self.start);
        let mut graph_games = true;
        let settled = self.opts.settled && forgetful::has_walls(board, suicide, start);
        // Settled games first where the start has walls; their tables may
        // be refused (too many positions even so), which leaves the plain
        // forgetful games.
        let mut tables: Vec<forgetful::Table> = Vec::new();
        if settled {
            for held in [Color::Black, Color::White] {
                match forgetful::Table::settled(board, suicide, start, held) {
                    Ok(t) => tables.push(t),
                    Err(KeeError::TooManyPositions { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            if tables.len() < 2 {
                tables.clear();
            } else {
                sol.settled_positions = Some([tables[0].len(), tables[1].len()]);
            }
        }
        let plain = forgetful::Table::new(board, suicide, start, self.opts.symmetric);
        match &plain {
            Ok(t) => sol.positions = t.len(),
            Err(e) if tables.is_empty() => return Err(e.clone()),
            Err(_) => sol.positions = 0,
        }
        let mut stages: Vec<[&forgetful::Table; 2]> = Vec::new();
        if tables.len() == 2 {
            stages.push([&tables[0], &tables[1]]);
        }
        if let Ok(t) = &plain {
            stages.push([t, t]);
        }
        let mut best: [Option<(forgetful::Bound, &forgetful::Table)>; 2] = [None, None];
        for stage in stages {
            if let [Some((l, _)), Some((u, _))] = &best {
                if l.value == u.value {
                    break;
                }
            }
            if self.stopped.is_some() {
                break;
            }
            let (lower, upper) = self.forgetful_bounds(stage, window)?;
            if let Some(b) = lower {
                if best[0].as_ref().is_none_or(|(o, _)| b.value > o.value) {
                    best[0] = Some((b, stage[0]));
                }
            }
            if let Some(b) = upper {
                if best[1].as_ref().is_none_or(|(o, _)| b.value < o.value) {
                    best[1] = Some((b, stage[1]));
                }
            }
        }
        if let Some((b, _)) = &best[0] {
            sol.lower = b.value;
        }
        if let Some((b, _)) = &best[1] {
            sol.upper = b.value;
        }
        if let [Some((l, lt)), Some((u, ut))] = &best {
            if l.value > u.value {
                return Err(KeeError::CheckFailed(format!(
                    "forgetful games bound the value from below by {} and from above by {}",
                    l.value, u.value
                )));
            }
            if l.value == u.value {
                let (pv, scores) = forgetful::line(board, suicide, start, [lt, ut], l, u)?;
                if scores.0 as i32 - scores.1 as i32 != l.value {
                    return Err(KeeError::CheckFailed(format!(
                        "the principal variation of the forgetful games ends {}-{}, not with \
                     margin {}",
                        scores.0, scores.1, l.value
                    )));
                }
                sol.pv = pv;
                sol.pv_scores = Some(scores);
                graph_games = false;
            }
        }
        // The situation graph holds at most 59 positions; past them the
        // forgetful games' bounds are the answer.
        graph_games &= plain
            .as_ref()
            .is_ok_and(|t| t.len() <= graph::MAX_POSITIONS)
            && self.stopped.is_none();
        Ok(graph_games)
    }

    /// The bounds of the full game's graph where it fits, else of
    /// restricted games.
    fn graph_bounds(&mut self) -> Result<(Bound, Bound), KeeError> {
        let points = self.board.len() as i32;
        let mut lower: Bound = (-points, None);
        let mut upper: Bound = (points, None);
        let full = if self.opts.full {
            self.solve(Variant::Full)?
        } else {
            None
        };
        if let Some(full) = full {
            lower = (full.value, None);
            upper = (full.value, Some(full));
        } else {
            self.restricted_bounds(&mut lower, &mut upper)?;
        }
        Ok((lower, upper))
    }

    /// The best bounds of forgetful games whose forgetful player remembers
    /// `window` positions, the held player's limit rising from 1 until the
    /// bounds meet, the budget stops, or each side's graph outgrows the
    /// cap.
    fn forgetful_bounds(
        &mut self,
        tables: [&forgetful::Table; 2],
        window: u32,
    ) -> Result<(Option<forgetful::Bound>, Option<forgetful::Bound>), KeeError> {
        let mut best: [Option<forgetful::Bound>; 2] = [None, None];
        let mut open = [true, true];
        let met = |b: &[Option<forgetful::Bound>; 2]| match b {
            [Some(l), Some(u)] => l.value == u.value,
            _ => false,
        };
        let slots = tables[0].max_slots().max(tables[1].max_slots());
        for limit in 1..=slots.saturating_sub(window) {
            for (i, side) in [forgetful::Side::Lower, forgetful::Side::Upper]
                .into_iter()
                .enumerate()
            {
                let table = tables[i];
                if met(&best)
                    || !open[i]
                    || self.stopped.is_some()
                    || limit + window > table.max_slots()
                {
                    continue;
                }
                let game = forgetful::Forgetful {
                    side,
                    limit,
                    window,
                    mirror: false,
                    settled: table.settled.is_some(),
                };
                let began = Instant::now();
                let r = forgetful::solve(
                    self.board,
                    table,
                    game,
                    self.opts.max_situations,
                    self.budget,
                );
                let (value, situations, edges, bytes) = match &r {
                    Ok(b) => (
                        Some(b.value),
                        b.g.info.len() as u64,
                        b.g.rows.edge_count() as u64,
                        (b.g.info.len() * 4 + b.g.rows.bytes()) as u64,
                    ),
                    Err(KeeError::TooManySituations { cap }) => (None, *cap, 0, 0),
                    Err(KeeError::Stopped(why)) => {
                        self.stopped = Some(*why);
                        continue;
                    }
                    Err(e) => return Err(e.clone()),
                };
                self.done.push(GraphRun {
                    game: Variant::Forgetful(game),
                    value,
                    situations,
                    edges,
                    bytes,
                    seconds: began.elapsed().as_secs_f64(),
                });
                let Ok(b) = r else {
                    open[i] = false;
                    continue;
                };
                let better = match (&best[i], side) {
                    (None, _) => true,
                    (Some(old), forgetful::Side::Lower) => b.value > old.value,
                    (Some(old), forgetful::Side::Upper) => b.value < old.value,
                };
                if better {
                    best[i] = Some(b);
                }
            }
        }
        let [lower, upper] = best;
        Ok((lower, upper))
    }

    /// Solves the graph of `game` and records it; `None` where it outgrew
    /// `max_situations` or the budget stopped it (a stopped game bounds
    /// nothing and is not recorded; the games finished before it stand).
    fn solve(&mut self, game: Variant) -> Result<Option<Solved>, KeeError> {
        let began = Instant::now();
        let r = solve_game_within(
            self.board,
            self.suicide,
            self.start,
            self.opts.symmetric,
            game,
            self.opts.max_situations,
            self.budget,
        );
        let (value, situations, edges, bytes, solved) = match r {
            Ok(s) => (
                Some(s.value),
                s.g.len() as u64,
                s.g.edge_count() as u64,
                s.g.bytes() as u64,
                Some(s),
            ),
            Err(KeeError::TooManySituations { cap }) => (None, cap, 0, 0, None),
            Err(KeeError::Stopped(why)) => {
                self.stopped = Some(why);
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        self.done.push(GraphRun {
            game,
            value,
            situations,
            edges,
            bytes,
            seconds: began.elapsed().as_secs_f64(),
        });
        Ok(solved)
    }

    /// Tightens `lower` and `upper` by the restricted games of rising
    /// limits, Black and White in turn, until the bounds meet, the budget
    /// stops, or each side's graph outgrows the cap.
    fn restricted_bounds(&mut self, lower: &mut Bound, upper: &mut Bound) -> Result<(), KeeError> {
        let mirror = graph::mirror_map(self.board).is_some();
        let mut open = [true, true];
        for limit in self.opts.restricted_from..=self.opts.restricted_up_to {
            for player in [Color::Black, Color::White] {
                if lower.0 == upper.0 || !open[player.index()] || self.stopped.is_some() {
                    continue;
                }
                let game = Variant::Restricted {
                    player,
                    limit,
                    mirror,
                };
                match self.solve(game)? {
                    None => open[player.index()] = false,
                    Some(s) if player == Color::Black && s.value > lower.0 => {
                        *lower = (s.value, Some(s))
                    }
                    Some(s) if player == Color::White && s.value < upper.0 => {
                        *upper = (s.value, Some(s))
                    }
                    Some(_) => {}
                }
            }
        }
        Ok(())
    }
}

/// The principal variation of an exact value, checked to end with it:
/// Black plays her strategy from the game that proved the lower bound
/// (the full game's where there is one), White hers from the one that
/// proved the upper bound.
fn exact_line(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    lower: &Bound,
    upper: &Bound,
) -> Result<Line, KeeError> {
    let w = upper.1.as_ref().expect("an exact value has a game");
    let b = lower.1.as_ref().unwrap_or(w);
    let (pv, scores) = principal_variation(
        board,
        suicide,
        start,
        (&b.p, &b.g, &b.black),
        (&w.p, &w.g, &w.white),
    )?;
    if scores.0 as i32 - scores.1 as i32 != lower.0 {
        return Err(KeeError::CheckFailed(format!(
            "the principal variation ends {}-{}, not with margin {}",
            scores.0, scores.1, lower.0
        )));
    }
    Ok((pv, scores))
}

/// A line of turns (`None` is a pass) and the scores (Black, White) it ends with.
pub type Line = (Vec<Option<Point>>, (u32, u32));

/// One side of a principal variation: a graph and that side's strategy.
type Side<'a> = (&'a Positions, &'a Graph, &'a [u8]);

/// The vertex reached from `v` by the turn from real situation `s` to `t`.
fn follow(p: &Positions, g: &Graph, v: usize, s: &Situation, t: &Situation) -> Option<usize> {
    // The graph's edges of v follow the successors of its class's
    // representative.
    let rep = p.unpack(p.canonical(s));
    let mut next = Vec::new();
    p.successors(&rep, &mut next);
    let class = p.canonical(t);
    let j = next.iter().position(|(u, _)| p.canonical(u) == class)?;
    Some(g.succ(v)[j] as usize)
}

/// Plays Black's and White's strategies from the start in the rules
/// engine's Kee game until it ends; returns the moves and the scores. Each
/// side's graph must hold every turn the other side's strategy makes.
fn principal_variation(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    black: Side<'_>,
    white: Side<'_>,
) -> Result<Line, KeeError> {
    let rules = Rules::new(Ruleset::Kee)
        .with_suicide(suicide)
        .map_err(|e| KeeError::CheckFailed(e.to_string()))?;
    let start = Start::new(start.position, start.to_move);
    let mut game = KeeGame::from_start(Arc::new(board.clone()), rules, &start);
    let mut s = Situation::start(black.0);
    let mut v = [0usize, 0usize];
    let sides = [black, white];
    let longest = black.0.perms.len() * (black.1.len() + white.1.len() + 2);
    let mut pv = Vec::new();
    let mut next = Vec::new();
    let fail = |why: String| Err(KeeError::CheckFailed(why));
    loop {
        if let Some(r) = game.result() {
            let GameResult::Score { black, white } = r else {
                return fail(format!("a Kee game ended with {r:?}"));
            };
            return Ok((pv, (black, white)));
        }
        if pv.len() > longest {
            return fail("the principal variation does not end".into());
        }
        let (p, _, strategy) = sides[s.to_move as usize];
        let j = strategy[v[s.to_move as usize]];
        if j == NO_MOVE {
            return fail(format!("no winning move after {} turns", pv.len()));
        }
        let rep = p.unpack(p.canonical(&s));
        next.clear();
        p.successors(&rep, &mut next);
        let class = p.canonical(&next[j as usize].0);
        next.clear();
        p.successors(&s, &mut next);
        let Some(&(t, mv)) = next.iter().find(|(t, _)| p.canonical(t) == class) else {
            return fail("a strategy move has no real counterpart".into());
        };
        let m = mv.map_or(Move::Pass, Move::Play);
        if !game.is_legal(m) {
            return fail(format!("{m:?} is illegal in the rules engine"));
        }
        for (side, vi) in sides.iter().zip(v.iter_mut()) {
            *vi = follow(side.0, side.1, *vi, &s, &t)
                .ok_or_else(|| KeeError::CheckFailed("a turn left a side's graph".into()))?;
        }
        game.play(m);
        pv.push(mv);
        s = t;
    }
}
