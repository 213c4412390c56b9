//! Retrograde analysis of `basic` ko (docs/rules.md, "`basic`: basic ko (the
//! voidness-class representative)").
//!
//! Under `basic` a board play may not recreate the position as it stood
//! before the opponent's last move; passes count as moves; the game ends
//! after `end_passes` consecutive passes and is scored by area. Games can
//! go on forever, so a side wins only by forcing a *finite* game.
//!
//! [`solve_basic`] enumerates every state reachable from the empty board
//! (position, player to move, the ko position, consecutive passes), builds
//! the game graph, and computes for every terminal margin m the attractor
//! of Black (the states from which Black can force the game to end with
//! margin >= m) and of White (margin <= m). Then
//!
//! - VB = the largest m whose Black attractor holds the start,
//! - VW = the smallest m whose White attractor holds the start,
//! - the value is VB if VB > 0; else VW if VW < 0; else 0 (a finished
//!   jigo) if VB = 0 or VW = 0; else void.
//!
//! All margins are in half points with komi applied. See docs/retrograde.md.
//!
//! [`solve_basic_from`] starts anywhere instead ([`BasicStart`]: a
//! position, the player to move, the position before the last move and the
//! consecutive passes), numbering positions as the search discovers them.
//!
//! [`void_catalogue`] lists every start reached from the empty board that is
//! void at some komi, with the cycle perfect play repeats there
//! (docs/bestiary.md, "An exhaustive search of the small boards").

mod attractor;
mod space;

use attractor::{attractor, Attractor, UNSET};
use kosolve_board::{Board, Color, Position, Suicide};
pub use kosolve_budget::{Budget, Stop};
use kosolve_history::{DenseIndex, DENSE_MAX_POINTS};
use kosolve_rules::{End, Game, Move, Rules, Ruleset, Setup, SetupError, StandardGame};
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// Where a `basic` solve starts: everything of a `basic` game's history
/// that its future reads (docs/retrograde.md, "Starting from a position").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BasicStart {
    /// The position.
    pub position: Position,
    /// The player to move.
    pub to_move: Color,
    /// The position before the last move (the one a board play may not
    /// recreate; after a pass, the position itself), `None` where no move
    /// has been made from the start.
    pub two_ago: Option<Position>,
    /// Consecutive passes that ended the moves so far.
    pub passes: u8,
}

impl BasicStart {
    /// The empty board, Black to move, no move made.
    pub const EMPTY: BasicStart = BasicStart {
        position: Position::EMPTY,
        to_move: Color::Black,
        two_ago: None,
        passes: 0,
    };

    /// A position with its player to move and no move made from it
    /// (docs/rules.md, "Starting from a position": no move two moves ago,
    /// no pass).
    pub const fn at(position: Position, to_move: Color) -> BasicStart {
        BasicStart {
            position,
            to_move,
            two_ago: None,
            passes: 0,
        }
    }

    /// Where `g` stands now: its position, player, consecutive passes and
    /// the position before its last move.
    pub fn of_game(g: &StandardGame) -> BasicStart {
        BasicStart {
            position: g.position(),
            to_move: g.to_move(),
            two_ago: g.two_moves_ago(),
            passes: g.consecutive_passes(),
        }
    }

    /// The end of `setup` under `rules` (which must be `basic`): its moves
    /// are replayed by the rules engine, so their history counts.
    pub fn from_setup(
        board: &Board,
        rules: &Rules,
        setup: &Setup,
    ) -> Result<BasicStart, RetroError> {
        if rules.ruleset != Ruleset::Basic {
            return Err(RetroError::WrongRuleset(rules.ruleset));
        }
        let g = setup
            .standard(Arc::new(board.clone()), *rules)
            .map_err(RetroError::Setup)?;
        Ok(BasicStart::of_game(&g))
    }

    /// Whether this is the empty board with Black to move and no move made.
    pub fn is_empty_board(&self) -> bool {
        *self == BasicStart::EMPTY
    }
}

/// Whether a board play of `c` on position `x` could recreate position `a`
/// (the position before the opponent's last move): only then can `basic`'s
/// ko rule forbid a play at `x`, and only then does a state need to hold
/// `a` (docs/retrograde.md, "canonical ko"). Exact: with suicide
/// forbidden, a play of `c` adds exactly one stone of `c` and removes only
/// opponent stones, so `a` must be `x` with one stone of `c` more and
/// opponent stones at most removed, and that play must produce it; with
/// suicide allowed every empty point is tried.
pub fn recreatable(board: &Board, suicide: Suicide, a: &Position, x: &Position, c: Color) -> bool {
    match suicide {
        Suicide::Forbidden => {
            let added = a.stones(c) - x.stones(c);
            added.count() == 1
                && x.stones(c).is_subset(a.stones(c))
                && a.stones(c.opponent()).is_subset(x.stones(c.opponent()))
                && x.play(board, c, added.first_point().unwrap(), suicide)
                    .is_ok_and(|pl| pl.position == *a)
        }
        Suicide::Allowed => x.empty(board).iter().any(|p| {
            x.play(board, c, p, suicide)
                .is_ok_and(|pl| pl.position == *a)
        }),
    }
}

/// The value of a `basic` game under perfect play (docs/rules.md, "`basic`:
/// basic ko (the voidness-class representative)").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BasicValue {
    /// A finished game with this margin (Black minus White, in half points,
    /// komi applied); 0 is a finished jigo.
    Margin(i32),
    /// Each side can keep the game away from a loss forever: no result.
    Void,
}

impl BasicValue {
    /// The margin in half points, `None` for a void game.
    pub fn margin(self) -> Option<i32> {
        match self {
            BasicValue::Margin(m) => Some(m),
            BasicValue::Void => None,
        }
    }
}

/// Writes a margin in half points as points: `+1`, `-0.5`, `0`.
fn write_halves(f: &mut fmt::Formatter<'_>, h: i32) -> fmt::Result {
    let sign = if h > 0 {
        "+"
    } else if h < 0 {
        "-"
    } else {
        ""
    };
    let a = h.unsigned_abs();
    if a & 1 == 0 {
        write!(f, "{sign}{}", a / 2)
    } else {
        write!(f, "{sign}{}.5", a / 2)
    }
}

impl fmt::Display for BasicValue {
    /// The margin in points from Black's side (`+1`, `-0.5`, `0`), or `void`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasicValue::Margin(h) => write_halves(f, *h),
            BasicValue::Void => f.write_str("void"),
        }
    }
}

/// The solution of a board under `basic`.
#[derive(Clone, Debug, PartialEq)]
pub struct BasicSolution {
    /// The value (docs/rules.md, "`basic`: basic ko (the voidness-class
    /// representative)").
    pub value: BasicValue,
    /// VB in half points: the largest margin Black can force a finite game
    /// to end with at least; `None` if Black cannot force a finite end.
    pub vb: Option<i32>,
    /// VW in half points: the smallest margin White can force a finite game
    /// to end with at most; `None` if White cannot force a finite end.
    pub vw: Option<i32>,
    /// Non-terminal states reachable from the start (position, player to
    /// move, ko position, consecutive passes below `end_passes`).
    pub states: usize,
    /// A principal variation from the start. For a finished value it
    /// ends the game with exactly the value's margin. For a void value it
    /// runs until a state repeats: the moves from `pv_cycle_start` on
    /// repeat forever (see [`BasicSolution::pv_cycle_start`]).
    pub pv: Vec<Move>,
    /// Wall-clock seconds of the whole solve.
    pub seconds: f64,
    /// Terminal nodes: distinct final positions reachable by the end passes.
    pub terminals: usize,
    /// Distinct positions among the reachable states.
    pub positions: usize,
    /// Edges (legal moves summed over the non-terminal states).
    pub edges: usize,
    /// The distinct terminal margins, ascending (half points, komi applied):
    /// the thresholds the attractors are computed for.
    pub margins: Vec<i32>,
    /// For a void value: the index in `pv` where the repeating cycle starts
    /// (the state before `pv[i]` recurs after the last move of `pv`).
    /// `None` for a finished value.
    pub pv_cycle_start: Option<usize>,
}

/// Why a board cannot be solved under `basic` here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetroError {
    /// The rules are not `basic`.
    WrongRuleset(Ruleset),
    /// The game does not end by consecutive passes, or needs none.
    UnsupportedEnd(End),
    /// The board has more points than positions can be numbered for.
    TooManyPoints {
        /// Points of the board.
        points: usize,
        /// The most points accepted.
        max: usize,
    },
    /// The reachable state space exceeds the cap.
    TooManyStates {
        /// The cap ([`RetroOptions::max_states`]).
        cap: usize,
    },
    /// The state graph has more than `u32::MAX` edges.
    TooManyEdges,
    /// The start cannot be played on the board (a position with stones off
    /// the board or a chain without a liberty, or a record's illegal move).
    Setup(SetupError),
    /// The budget ran out first (retrograde analysis proves nothing until
    /// it ends).
    Stopped(Stop),
}

impl fmt::Display for RetroError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RetroError::WrongRuleset(r) => write!(
                f,
                "retrograde analysis solves ruleset 'basic' only, not '{r}'"
            ),
            RetroError::UnsupportedEnd(e) => write!(
                f,
                "retrograde analysis needs a game that ends after one or more consecutive passes, not {e:?}"
            ),
            RetroError::TooManyPoints { points, max } => write!(
                f,
                "board has {points} points; retrograde analysis of basic supports at most {max}"
            ),
            RetroError::TooManyStates { cap } => write!(
                f,
                "the basic state space has more than {cap} states; the board is too large for retrograde analysis \
                 (from a position: every chain can be captured once its owner fills her own eyes, so the \
                 states reachable from it cover most of the board's; see docs/retrograde.md)"
            ),
            RetroError::TooManyEdges => write!(
                f,
                "the basic state graph has more than {} edges; the board is too large for retrograde analysis",
                u32::MAX
            ),
            RetroError::Setup(e) => write!(f, "{e}"),
            RetroError::Stopped(why) => write!(f, "retrograde analysis was stopped by {why}"),
        }
    }
}

impl std::error::Error for RetroError {}

/// Limits and switches of the analysis.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RetroOptions {
    /// The most board points accepted from the empty board (at most 16,
    /// the dense numbering's limit). A solve from any other start numbers
    /// positions as it finds them, and only `max_states` limits it.
    pub max_points: usize,
    /// The most nodes (states and terminals) the search may enumerate.
    pub max_states: usize,
    /// Replace the ko position by "none" where no board play of the player
    /// to move could recreate it (exact, and fewer states). Off, the state
    /// holds the position before the opponent's last move as it is.
    pub canonical_ko: bool,
    /// Number positions as they are discovered even from the empty board
    /// (where they are otherwise numbered in advance, every legal position
    /// of the board); `max_points` then does not apply. The states, and so
    /// every result, are the same either way.
    pub sparse: bool,
}

impl Default for RetroOptions {
    /// 14 points, 30 million nodes, canonical ko, dense numbering from the
    /// empty board.
    fn default() -> Self {
        RetroOptions {
            max_points: 14,
            max_states: 30_000_000,
            canonical_ko: true,
            sparse: false,
        }
    }
}

/// Solves `board` under `rules` (which must be `basic`) with the default
/// [`RetroOptions`].
pub fn solve_basic(board: &Board, rules: &Rules) -> Result<BasicSolution, RetroError> {
    solve_basic_with(board, rules, &RetroOptions::default())
}

/// Solves `board` under `rules` (which must be `basic`) with `opts`.
pub fn solve_basic_with(
    board: &Board,
    rules: &Rules,
    opts: &RetroOptions,
) -> Result<BasicSolution, RetroError> {
    solve_basic_from(board, rules, &BasicStart::EMPTY, opts)
}

/// Solves the `basic` game from `start` on `board` under `rules` (which
/// must be `basic`) with `opts`: the value with perfect play from there,
/// and a principal variation from there. From the empty board it is
/// [`solve_basic_with`]; from any other start positions are numbered as
/// they are discovered, so the board may have up to 64 points and only the
/// reachable states count against `max_states`.
pub fn solve_basic_from(
    board: &Board,
    rules: &Rules,
    start: &BasicStart,
    opts: &RetroOptions,
) -> Result<BasicSolution, RetroError> {
    solve_basic_within(board, rules, start, opts, &Budget::unlimited())
}

/// [`solve_basic_from`] within `budget` (its cancellation and deadline,
/// checked every few thousand states): [`RetroError::Stopped`] once it
/// runs out.
pub fn solve_basic_within(
    board: &Board,
    rules: &Rules,
    start: &BasicStart,
    opts: &RetroOptions,
    budget: &Budget,
) -> Result<BasicSolution, RetroError> {
    let t0 = Instant::now();
    let end_passes = basic_end_passes(rules)?;
    let mut index = if start.is_empty_board() && !opts.sparse {
        space::Index::Dense(dense_index(board, opts)?)
    } else {
        kosolve_rules::Start::new(start.position, start.to_move)
            .check(board, rules)
            .map_err(RetroError::Setup)?;
        if start.two_ago.is_some_and(|a| !a.is_legal(board)) {
            return Err(RetroError::Setup(SetupError::BadPosition(
                "the position before the last move is not a position of the board".into(),
            )));
        }
        space::Index::sparse()
    };
    let space = space::build(
        board,
        &mut index,
        start,
        rules.suicide,
        rules.komi.halves(),
        end_passes,
        opts,
        budget,
    )?;
    drop(index);
    let (margins, ab, aw) = attractors(&space, budget)?;
    let root = 0;
    let vb = ab.value(root);
    let vw = aw.value(root);
    let value = value_of(vb, vw);
    let (pv, pv_cycle_start) = match value {
        BasicValue::Margin(_) => {
            let (side, att) = if vb.is_some_and(|b| b >= 0) {
                (Color::Black, &ab)
            } else {
                (Color::White, &aw)
            };
            (forced_line(&space, side, att), None)
        }
        BasicValue::Void => {
            let (pv, c) = void_line_from(&space, &ab, &aw, 0, 0);
            (pv, Some(c))
        }
    };
    let states = space.len() - space.terminals;
    Ok(BasicSolution {
        value,
        vb,
        vw,
        states,
        pv,
        seconds: t0.elapsed().as_secs_f64(),
        terminals: space.terminals,
        positions: space.positions,
        edges: space.graph.edge_count(),
        margins,
        pv_cycle_start,
    })
}

/// A start from which `basic` is void at some komi, with the cycle that
/// perfect play repeats there (see [`void_catalogue`]).
#[derive(Clone, Debug, PartialEq)]
pub struct VoidStart {
    /// The position.
    pub position: Position,
    /// The player to move (no move made from the position, no pass).
    pub to_move: Color,
    /// VB at komi 0, in half points (`None`: Black cannot force an end).
    pub vb: Option<i32>,
    /// VW at komi 0, in half points (`None`: White cannot force an end).
    pub vw: Option<i32>,
    /// A komi in half points at which the value is void: half a point above
    /// VB (below VW where only VW is finite; 0 where neither is).
    pub komi_halves: i32,
    /// The void line at that komi (as [`BasicSolution::pv`]).
    pub pv: Vec<Move>,
    /// Where the repeating cycle of `pv` starts.
    pub cycle_start: usize,
}

/// Every start on `board` (position and player to move, nothing played
/// yet) that the game from the empty board reaches, whose `basic` value is
/// void at some komi: VB < VW at komi 0, so any komi strictly between them
/// leaves neither side a finite non-losing end. Komi only shifts every
/// terminal margin, so one retrograde pass at komi 0 gives VB and VW of
/// every state at once. For each such start, the void line at the komi
/// just above VB (half a point) and its cycle. `rules` must be `basic`;
/// its komi is not read (VB and VW are given at komi 0). The board must be
/// small enough for dense numbering (`opts.max_points`, at most 16).
///
/// This is the search tool behind docs/bestiary.md ("Not in the bestiary
/// yet"): it lists every cycle that perfect play repeats on a small board.
pub fn void_catalogue(
    board: &Board,
    rules: &Rules,
    opts: &RetroOptions,
) -> Result<Vec<VoidStart>, RetroError> {
    let end_passes = basic_end_passes(rules)?;
    let mut index = space::Index::Dense(dense_index(board, opts)?);
    let space = space::build(
        board,
        &mut index,
        &BasicStart::EMPTY,
        rules.suicide,
        0,
        end_passes,
        opts,
        &Budget::unlimited(),
    )?;
    // The positions by number; the lookup table is not needed any more.
    let positions = index.into_positions();
    let (_, ab, aw) = attractors(&space, &Budget::unlimited())?;
    let mut out = Vec::new();
    for s in 0..space.len() {
        if space.terminal[s] {
            continue;
        }
        let st = space.state(s);
        if st.passes != 0 || st.ko != space::NO_KO {
            continue;
        }
        let (vb, vw) = (ab.value(s), aw.value(s));
        let k = match (vb, vw) {
            (Some(b), Some(w)) if b + 1 < w => b + 1,
            (Some(b), None) => b + 1,
            (None, Some(w)) => w - 1,
            (None, None) => 0,
            _ => continue,
        };
        let (pv, cycle_start) = void_line_from(&space, &ab, &aw, s, k);
        out.push(VoidStart {
            position: positions[st.pos as usize],
            to_move: st.to_move,
            vb,
            vw,
            komi_halves: k,
            pv,
            cycle_start,
        });
    }
    Ok(out)
}

/// The end condition's number of passes, where `rules` are `basic` and
/// end by passes.
pub fn basic_end_passes(rules: &Rules) -> Result<u8, RetroError> {
    if rules.ruleset != Ruleset::Basic {
        return Err(RetroError::WrongRuleset(rules.ruleset));
    }
    match rules.end {
        End::Passes(n) if n >= 1 => Ok(n),
        e => Err(RetroError::UnsupportedEnd(e)),
    }
}

/// Every legal position of `board` numbered in advance, where the board has
/// at most `opts.max_points` (and [`DENSE_MAX_POINTS`]) points.
fn dense_index(board: &Board, opts: &RetroOptions) -> Result<DenseIndex, RetroError> {
    let max = opts.max_points.min(DENSE_MAX_POINTS);
    let too_many = || RetroError::TooManyPoints {
        points: board.len(),
        max,
    };
    if board.len() > max {
        return Err(too_many());
    }
    DenseIndex::new(board).ok_or_else(too_many)
}

/// The distinct terminal margins (ascending) and the attractors of Black
/// and White for every one of them.
fn attractors(
    space: &space::Space,
    budget: &Budget,
) -> Result<(Vec<i32>, Attractor, Attractor), RetroError> {
    let mut margins: Vec<i32> = space
        .terminal
        .iter_ones()
        .map(|s| space.margin[s])
        .collect();
    margins.sort_unstable();
    margins.dedup();
    let desc: Vec<i32> = margins.iter().rev().copied().collect();
    let (ab, aw) = rayon::join(
        || attractor(space, Color::Black, &desc, budget),
        || attractor(space, Color::White, &margins, budget),
    );
    let stopped = RetroError::Stopped;
    Ok((margins, ab.map_err(stopped)?, aw.map_err(stopped)?))
}

/// The value of docs/rules.md, "`basic`: basic ko (the voidness-class
/// representative)", from VB and VW.
pub fn value_of(vb: Option<i32>, vw: Option<i32>) -> BasicValue {
    match (vb, vw) {
        (Some(b), _) if b > 0 => BasicValue::Margin(b),
        (_, Some(w)) if w < 0 => BasicValue::Margin(w),
        (Some(0), _) | (_, Some(0)) => BasicValue::Margin(0),
        _ => BasicValue::Void,
    }
}

/// The line where `side` follows its attractor strategy at the root's level
/// (a successor of that level with the least rank) and the other side
/// resists (a successor of the worst level for `side`, then of the highest
/// rank). Ranks fall at every move, so the line ends; levels never change
/// along it, so it ends with the root's threshold as its margin.
fn forced_line(space: &space::Space, side: Color, att: &Attractor) -> Vec<Move> {
    let k = att.level[0];
    debug_assert_ne!(k, UNSET);
    let mut s = 0usize;
    let mut pv = Vec::new();
    while !space.terminal[s] {
        let edges = space.succ_range(s);
        let e = if space.to_move(s) == side {
            edges
                .filter(|&e| att.level[space.target(e)] <= k)
                .min_by_key(|&e| att.rank[space.target(e)])
        } else {
            // All successors are in the attractor; the largest level is the
            // worst threshold for `side`. Ties: the first such move.
            edges.max_by_key(|&e| {
                let t = space.target(e);
                (att.level[t], att.rank[t], std::cmp::Reverse(e))
            })
        }
        .expect("a state in the attractor has a move inside it");
        let t = space.target(e);
        debug_assert!(att.rank[t] < att.rank[s]);
        debug_assert_eq!(att.level[t], k);
        pv.push(space::decode_move(space.succ_move[e]));
        s = t;
    }
    pv
}

/// For a start void at komi `k` (half points, shifting the margins the
/// space was built with): from node `root`, each side in turn plays a move
/// that keeps the game outside the opponent's attractor of threshold `k`
/// (Black avoids states where VW <= k, White states where VB >= k; such a
/// move always exists in a void game and no terminal lies outside both
/// attractors), preferring a move back to a state already on the line;
/// stops when a state repeats. Returns the moves and the index where the
/// cycle starts. A solve calls it at its root with `k` = 0: its margins
/// carry its komi already.
fn void_line_from(
    space: &space::Space,
    ab: &Attractor,
    aw: &Attractor,
    root: usize,
    k: i32,
) -> (Vec<Move>, usize) {
    let mut seen: hashbrown::HashMap<usize, usize> = hashbrown::HashMap::new();
    let mut s = root;
    let mut pv = Vec::new();
    loop {
        if let Some(&i) = seen.get(&s) {
            return (pv, i);
        }
        seen.insert(s, pv.len());
        assert!(
            !space.terminal[s],
            "a void line reached the end of the game"
        );
        let safe = |e: &usize| {
            let t = space.target(*e);
            if space.to_move(s) == Color::Black {
                !matches!(aw.value(t), Some(w) if w <= k)
            } else {
                !matches!(ab.value(t), Some(b) if b >= k)
            }
        };
        // Closing the cycle at once where a safe move allows it keeps the
        // line short; otherwise the safe move best for the mover (highest
        // VW for Black, lowest VB for White; `None` is best), first in move
        // order among equals.
        let e = space
            .succ_range(s)
            .filter(safe)
            .filter(|&e| seen.contains_key(&space.target(e)))
            .min_by_key(|&e| seen[&space.target(e)])
            .or_else(|| {
                space.succ_range(s).filter(safe).min_by_key(|&e| {
                    let t = space.target(e);
                    let good = if space.to_move(s) == Color::Black {
                        aw.value(t).map_or(i64::MIN, |w| -i64::from(w))
                    } else {
                        ab.value(t).map_or(i64::MIN, i64::from)
                    };
                    (good, e)
                })
            })
            .expect("in a void state each side has a move that avoids a loss");
        pv.push(space::decode_move(space.succ_move[e]));
        s = space.target(e);
    }
}
