//! Kee Rules v3.0 (shared RULES.md §3) solved exactly as a parity game.
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
//! repeated situation with exactly that margin. See docs/kee.md.

#![warn(missing_docs)]

pub mod graph;
pub mod parity;
pub mod verify;

use graph::{Graph, GraphError, Positions, Situation};
use kosolve_board::{Board, Point, Suicide};
use kosolve_rules::{Game, GameResult, KeeGame, Move, Rules, Ruleset};
use parity::{Arena, Solution, NO_MOVE};
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// Options of [`solve_kee`].
#[derive(Copy, Clone, Debug)]
pub struct KeeOptions {
    /// Merge situations that are images of each other under the board's
    /// symmetries.
    pub symmetric: bool,
    /// Give up once the graph has more situation classes than this.
    pub max_situations: u64,
    /// Per colour (Black, White), the largest board history a board play
    /// may leave; `u32::MAX` for the rules' own game. Restricting one side
    /// can only hurt it, so the restricted game's value bounds the real
    /// one: from below with Black restricted, from above with White.
    pub limit: [u32; 2],
    /// Per colour, whether that player is held to the mirror strategy
    /// where it applies (rectangles only; a restricted game, as `limit`).
    pub mirror: [bool; 2],
}

impl Default for KeeOptions {
    fn default() -> Self {
        KeeOptions {
            symmetric: true,
            max_situations: 50_000_000,
            limit: [u32::MAX; 2],
            mirror: [false; 2],
        }
    }
}

/// The exact Kee value of a board and what finding it took.
#[derive(Clone, Debug)]
pub struct KeeSolution {
    /// The minimax margin score(Black) - score(White), komi not applied.
    pub value: i32,
    /// A principal variation: both players' winning strategies played from
    /// the start until a situation repeats (`None` is a pass).
    pub pv: Vec<Option<Point>>,
    /// The scores (Black, White) at the end of the principal variation.
    pub pv_scores: (u32, u32),
    /// The number of legal positions.
    pub positions: usize,
    /// Vertices of the graph (situation classes).
    pub situations: usize,
    /// Edges of the graph (turns between classes).
    pub edges: usize,
    /// The thresholds decided by Zielonka's algorithm, in order, with
    /// whether Black wins each.
    pub thresholds: Vec<(i32, bool)>,
    /// Bytes of the graph's arrays.
    pub graph_bytes: usize,
    /// Seconds in all.
    pub seconds: f64,
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
    /// An independent check of the answer failed: a bug, reported loudly.
    CheckFailed(String),
}

impl fmt::Display for KeeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeeError::TooManyPositions { max } => write!(
                f,
                "the Kee situation graph supports boards of up to {max} legal positions"
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
            KeeError::CheckFailed(why) => write!(f, "Kee answer failed its check: {why}"),
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
    fn graph(&self) -> &Graph {
        self.g
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
        let shift = self.points + 1;
        let pr = if passer == 0 {
            2 * (a - self.threshold + shift) + 1
        } else {
            2 * (a + shift)
        };
        pr as u32
    }
}

/// Solves `board` under Kee Rules v3.0 with the given suicide setting.
pub fn solve_kee(
    board: &Board,
    suicide: Suicide,
    opts: KeeOptions,
) -> Result<KeeSolution, KeeError> {
    let t = Instant::now();
    let mut p =
        Positions::new(board, suicide, opts.symmetric).ok_or(KeeError::TooManyPositions {
            max: graph::MAX_POSITIONS,
        })?;
    p.limit = opts.limit;
    p.mirror = opts.mirror;
    let g = Graph::build(&p, opts.max_situations).map_err(|e| match e {
        GraphError::TooManySituations { cap } => KeeError::TooManySituations { cap },
        GraphError::TooManyEdges => KeeError::TooManyEdges,
    })?;
    let points = board.len() as i32;
    let decide = |v: i32| parity::solve(&Threshold::new(&p, &g, points, v));
    // Black always reaches -points and never points + 1: find the largest
    // threshold she reaches, keeping the strategies at both ends.
    let (mut lo, mut hi) = (-points, points + 1);
    let (mut black, mut white): (Option<Solution>, Option<Solution>) = (None, None);
    let mut thresholds = Vec::new();
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let sol = decide(mid);
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
    let black = black.unwrap_or_else(|| decide(lo));
    let white = white.unwrap_or_else(|| decide(hi));
    let value = lo;
    // The certificates: each side's strategy wins its threshold.
    let game_lo = Threshold::new(&p, &g, points, value);
    let game_hi = Threshold::new(&p, &g, points, value + 1);
    if !verify::strategy_wins(&game_lo, &black.strategy, 1) {
        return Err(KeeError::CheckFailed(format!(
            "Black's strategy does not reach margin {value}"
        )));
    }
    if !verify::strategy_wins(&game_hi, &white.strategy, 0) {
        return Err(KeeError::CheckFailed(format!(
            "White's strategy does not hold the margin below {}",
            value + 1
        )));
    }
    let (pv, pv_scores) =
        principal_variation(board, suicide, &p, &g, &black.strategy, &white.strategy)?;
    if pv_scores.0 as i32 - pv_scores.1 as i32 != value {
        return Err(KeeError::CheckFailed(format!(
            "the principal variation ends {}-{}, not with margin {value}",
            pv_scores.0, pv_scores.1
        )));
    }
    Ok(KeeSolution {
        value,
        pv,
        pv_scores,
        positions: p.len(),
        situations: g.len(),
        edges: g.succ.len(),
        thresholds,
        graph_bytes: g.bytes(),
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// A line of turns (`None` is a pass) and the scores (Black, White) it ends with.
type Line = (Vec<Option<Point>>, (u32, u32));

/// Plays Black's and White's strategies from the start in the rules
/// engine's Kee game until it ends; returns the moves and the scores.
fn principal_variation(
    board: &Board,
    suicide: Suicide,
    p: &Positions,
    g: &Graph,
    black: &[u8],
    white: &[u8],
) -> Result<Line, KeeError> {
    let rules = Rules::new(Ruleset::Kee)
        .with_suicide(suicide)
        .map_err(|e| KeeError::CheckFailed(e.to_string()))?;
    let mut game = KeeGame::new(Arc::new(board.clone()), rules);
    let mut s = Situation::start(p);
    let mut v = 0usize;
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
        if pv.len() > p.perms.len() * (g.len() + 2) {
            return fail("the principal variation does not end".into());
        }
        let strategy = if s.to_move == 0 { black } else { white };
        let j = strategy[v];
        if j == NO_MOVE {
            return fail(format!("no winning move after {} turns", pv.len()));
        }
        let target = g.succ(v)[j as usize];
        // The graph's edges of v follow the successors of its class's
        // representative; find the real turn to the same class.
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
        game.play(m);
        pv.push(mv);
        s = t;
        v = target as usize;
    }
}
