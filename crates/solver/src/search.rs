//! The fast solver: fail-soft alpha-beta over the game tree with an exact
//! transposition table, an MTD(f) driver that keeps proven root bounds,
//! young-brothers-wait splitting over rayon, and principal-variation
//! extraction by null-window re-search.

use crate::table::Table;
use crate::{SolveOptions, Stats, Strategy, STOP};
use kosolve_board::Color;
use kosolve_rules::{Game, GameResult, Move, ValueKind};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

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

/// State shared by every thread of one solve.
pub(crate) struct Shared {
    pub table: Table,
    pub nodes: AtomicU64,
    pub hits: AtomicU64,
    pub stop: AtomicBool,
    pub max_nodes: Option<u64>,
    pub deadline: Option<Instant>,
    pub pass_first: bool,
    pub split_depth: usize,
    pub use_table: bool,
    pub history: bool,
    /// The range of every value of the game (see [`value_range`]).
    pub range: (i32, i32),
    /// An outside counter that also receives the nodes (progress displays).
    pub progress: Option<Arc<AtomicU64>>,
}

impl Shared {
    fn limits_hit(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        let hit = STOP.load(Ordering::Relaxed)
            || self
                .max_nodes
                .is_some_and(|m| self.nodes.load(Ordering::Relaxed) >= m)
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if hit {
            self.stop.store(true, Ordering::Relaxed);
        }
        hit
    }
}

/// Orders `moves` in place: non-board moves (pass, delays, draw) first when
/// `pass_first`, otherwise last; board plays keep point order.
pub(crate) fn order_moves(moves: &mut Vec<Move>, pass_first: bool) {
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

/// One thread's searcher.
pub(crate) struct Searcher<'a, G: Game> {
    pub game: G,
    shared: &'a Shared,
    /// Nodes this worker visited (monotonic: subtree effort is a difference of it).
    nodes: u64,
    hits: u64,
    /// The part of `nodes` / `hits` already added to the shared counters.
    flushed_nodes: u64,
    flushed_hits: u64,
    bufs: Vec<Vec<Move>>,
    cancel: Vec<Arc<AtomicBool>>,
    /// History heuristic: cutoff credit per player and move code.
    history: Box<[[u32; 68]; 2]>,
    /// Set when the search was stopped (limits, Ctrl-C or a sibling cutoff); its value is then meaningless.
    pub aborted: bool,
}

impl<'a, G: Game> Searcher<'a, G> {
    pub fn new(game: G, shared: &'a Shared, cancel: Vec<Arc<AtomicBool>>) -> Self {
        Searcher {
            game,
            shared,
            nodes: 0,
            hits: 0,
            flushed_nodes: 0,
            flushed_hits: 0,
            bufs: Vec::new(),
            cancel,
            history: Box::new([[0; 68]; 2]),
            aborted: false,
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
        self.flushed_nodes = self.nodes;
        self.flushed_hits = self.hits;
    }

    fn check_stop(&mut self) -> bool {
        self.flush();
        self.shared.limits_hit() || self.cancel.iter().any(|c| c.load(Ordering::Relaxed))
    }

    /// Fail-soft alpha-beta: returns v with v <= alpha meaning "value <= v",
    /// v >= beta meaning "value >= v", and otherwise the exact value.
    pub fn search(&mut self, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.check_stop() {
            self.aborted = true;
            return 0;
        }
        if let Some(r) = self.game.result() {
            return result_value(&r);
        }
        // Every value lies in the game's range: a window outside it is decided.
        let (lo, hi) = self.shared.range;
        if beta <= lo {
            return lo;
        }
        if alpha >= hi {
            return hi;
        }
        let key = if self.shared.use_table {
            self.game.future_key()
        } else {
            None
        };
        let mut tt_best = None;
        let (mut lower, mut upper) = (i32::MIN, i32::MAX);
        if let Some(k) = key {
            if let Some(p) = self.shared.table.probe(k) {
                self.hits += 1;
                if p.lower >= beta || p.lower == p.upper {
                    return p.lower;
                }
                if p.upper <= alpha {
                    return p.upper;
                }
                lower = p.lower;
                upper = p.upper;
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                tt_best = p.best;
            }
        }
        let nodes_before = self.nodes;
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
        let c = self.game.to_move().index();
        if self.shared.history {
            let h = &self.history[c];
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
        let maximize = self.game.to_move() == Color::Black;
        let (a0, b0) = (alpha, beta);
        let mut best = if maximize { i32::MIN } else { i32::MAX };
        let mut best_i = 0usize;
        let parallel = ply < self.shared.split_depth && moves.len() > 1;
        let count = if parallel { 1 } else { moves.len() };
        for (i, &m) in moves.iter().enumerate().take(count) {
            self.game.play(m);
            let v = self.search(alpha, beta, ply + 1);
            self.game.undo();
            if self.aborted {
                self.bufs[ply] = moves;
                return 0;
            }
            if maximize {
                if v > best {
                    best = v;
                    best_i = i;
                }
                alpha = alpha.max(best);
            } else {
                if v < best {
                    best = v;
                    best_i = i;
                }
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        if parallel && alpha < beta {
            let (v, i) = self.split(&moves, alpha, beta, maximize, best, ply);
            if self.aborted {
                self.bufs[ply] = moves;
                return 0;
            }
            if (maximize && v > best) || (!maximize && v < best) {
                best = v;
                best_i = i;
            }
        }
        let best_code = move_code(moves[best_i]);
        let cutoff = if maximize { best >= b0 } else { best <= a0 };
        if cutoff && self.shared.history {
            let h = &mut self.history[c][best_code as usize];
            *h = h.saturating_add(1 + (self.nodes - nodes_before).min(1 << 20) as u32);
        }
        self.bufs[ply] = moves;
        let best = best.clamp(lower, upper);
        if let Some(k) = key {
            let (lo, hi) = if best <= a0 {
                (lower, best)
            } else if best >= b0 {
                (best, upper)
            } else {
                (best, best)
            };
            let work = self.nodes - nodes_before + 1;
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
    fn split(
        &mut self,
        moves: &[Move],
        alpha: i32,
        beta: i32,
        maximize: bool,
        first: i32,
        ply: usize,
    ) -> (i32, usize) {
        use rayon::prelude::*;
        self.flush();
        let cancel = Arc::new(AtomicBool::new(false));
        let bound = AtomicI32::new(if maximize { alpha } else { beta });
        let shared = self.shared;
        let mut chain = self.cancel.clone();
        chain.push(cancel.clone());
        let results: Vec<Option<i32>> = moves[1..]
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
                let mut g = self.game.clone();
                g.play(m);
                let mut s = Searcher::new(g, shared, chain.clone());
                let v = s.search(a, b, ply + 1);
                s.flush();
                if s.aborted {
                    return None;
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
                Some(v)
            })
            .collect();
        let mut best = first;
        let mut best_i = 0;
        let mut missing = false;
        for (j, r) in results.iter().enumerate() {
            match r {
                Some(v) => {
                    if (maximize && *v > best) || (!maximize && *v < best) {
                        best = *v;
                        best_i = j + 1;
                    }
                }
                None => missing = true,
            }
        }
        let cutoff = if maximize {
            best >= beta
        } else {
            best <= alpha
        };
        if missing && !cutoff {
            // Only a stop (limits, Ctrl-C, an ancestor's cutoff) leaves a child unsearched without a cutoff here.
            self.aborted = true;
        }
        (best, best_i)
    }

    /// Flushes counters to the shared totals.
    pub fn finish(&mut self) {
        self.flush();
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
pub(crate) fn drive<G: Game>(game: &G, shared: &Shared, opts: &SolveOptions) -> Bounds {
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
    match opts.strategy {
        Strategy::FullWindow => {
            let v = s.search(lo - 1, hi + 1, 0);
            s.finish();
            if !s.aborted {
                lo = v;
                hi = v;
            }
        }
        Strategy::Mtdf => {
            let mut g = 0i32.clamp(lo, hi);
            while lo < hi {
                let beta = if g <= lo { lo + 1 } else { g };
                let v = s.search(beta - 1, beta, 0);
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
    // The PV search reuses this searcher's history heuristic, which makes
    // its refutations of non-optimal moves as cheap as the main search.
    let (pv, pv_complete) = if opts.pv && lo == hi && !s.aborted {
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

/// The principal variation from the root, given the exact root value `v`:
/// at each node the first move, in the fixed move order (pass-like moves
/// first when `pass_first`, then board plays by point), whose exact value
/// equals `v`. Replaying it ends in a result of value `v`. Returns the
/// moves and whether it is complete (false if a stop cut it short).
pub(crate) fn principal_variation<G: Game>(s: &mut Searcher<'_, G>, v: i32) -> (Vec<Move>, bool) {
    let start = s.game.moves().len();
    let mut pv = Vec::new();
    let mut moves = Vec::new();
    let mut complete = true;
    while s.game.result().is_none() {
        moves.clear();
        s.game.legal_moves(&mut moves);
        order_moves(&mut moves, s.shared.pass_first);
        if s.shared.range == (-1, 1) {
            // Win/loss games: refuting every earlier losing move is a full
            // proof each, so the table's best move is tried first there.
            let best = s
                .game
                .future_key()
                .and_then(|k| s.shared.table.probe(k))
                .and_then(|p| p.best);
            if let Some(i) = best.and_then(|b| moves.iter().position(|m| move_code(*m) == b)) {
                moves[..=i].rotate_right(1);
            }
        }
        let maximize = s.game.to_move() == Color::Black;
        let mut chosen = None;
        for &m in &moves {
            s.game.play(m);
            // Children never beat the parent: a child equals v iff it reaches v.
            let hit = if maximize {
                s.search(v - 1, v, 1) >= v
            } else {
                s.search(v, v + 1, 1) <= v
            };
            if s.aborted {
                s.game.undo();
                complete = false;
                break;
            }
            if hit {
                chosen = Some(m);
                break;
            }
            s.game.undo();
        }
        if !complete {
            break;
        }
        match chosen {
            Some(m) => pv.push(m),
            None => panic!("no move reaches the root value {v}: the solver is inconsistent"),
        }
    }
    while s.game.moves().len() > start {
        s.game.undo();
    }
    s.finish();
    (pv, complete)
}

/// Fills the effort counters from the shared state.
pub(crate) fn stats(shared: &Shared, start: Instant, threads: usize) -> Stats {
    Stats {
        nodes: shared.nodes.load(Ordering::Relaxed),
        table_hits: shared.hits.load(Ordering::Relaxed),
        table_entries: shared.table.len() as u64,
        replacements: shared.table.replacements(),
        peak_table_mib: shared.table.peak_bytes() as f64 / (1024.0 * 1024.0),
        seconds: start.elapsed().as_secs_f64(),
        threads,
    }
}
