//! Deliberately naive references for testing the fast solver (moved here
//! from the solver crate, so that the library does not ship them).
//!
//! All use only the [`Game`] trait and their own valuation of a finished
//! game; none shares code with the fast solver (no table of bounds, no
//! MTD(f), no threads).
//!
//! - [`minimax`]: plain minimax over every game (the full history is the
//!   game itself). Its cost is the number of complete games: fine for
//!   1x1..1x3 and small win/loss games, hopeless for 1x4 psk (2.1 G games)
//!   and 2x2 psk (386 G games).
//! - [`memo_minimax`]: plain minimax memoised on [`Game::future_key`]
//!   only: one exact value per distinct future. It needs a key, so it does
//!   not apply to Kee. Its cost is the number of distinct futures
//!   (docs/solver.md lists what each covers).
//! - [`alphabeta`]: plain alpha-beta without a table.
//! - [`at_least`] and [`confirms`]: plain boolean minimax of "value >= v",
//!   used to confirm a claimed value from both sides.
//! - [`at_least_ordered`] and [`confirms_ordered`]: the same with moves in
//!   history-heuristic order, which changes only how soon a side stops.
//! - [`at_least_memo`] and [`confirms_memo`]: the ordered search memoised
//!   on `future_key()` like [`memo_minimax`] (a table of proven answers,
//!   so less naive; docs/solver.md says where each is used).

use hashbrown::HashMap;
use kosolve_board::Color;
use kosolve_rules::{Game, GameResult, ValueKind};

/// Black's value of a finished game: the raw area margin for scores,
/// +1/-1 for a win/loss, 0 for a draw.
fn value(r: GameResult) -> i32 {
    match r {
        GameResult::Score { black, white } => black as i32 - white as i32,
        GameResult::Win(Color::Black) => 1,
        GameResult::Win(Color::White) => -1,
        GameResult::Draw => 0,
    }
}

/// The mover's better of the best value so far and `v`: the larger for
/// Black, the smaller for White.
fn better(best: Option<i32>, v: i32, black: bool) -> i32 {
    match best {
        None => v,
        Some(b) if black => b.max(v),
        Some(b) => b.min(v),
    }
}

/// Counters of a reference run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RefStats {
    /// States visited.
    pub nodes: u64,
}

/// Plain minimax over the full game tree from `game`'s current state.
/// Returns `None` after visiting `max_nodes` states (too large).
pub fn minimax<G: Game>(game: &mut G, max_nodes: u64) -> Option<(i32, RefStats)> {
    fn rec<G: Game>(g: &mut G, st: &mut RefStats, max: u64) -> Option<i32> {
        st.nodes += 1;
        if st.nodes > max {
            return None;
        }
        if let Some(r) = g.result() {
            return Some(value(r));
        }
        let moves = g.legal_move_list();
        let black = g.to_move() == Color::Black;
        let mut best: Option<i32> = None;
        for m in moves {
            g.play(m);
            let v = rec(g, st, max);
            g.undo();
            best = Some(better(best, v?, black));
        }
        Some(best.expect("a game that is not over has a legal move"))
    }
    let mut st = RefStats::default();
    rec(game, &mut st, max_nodes).map(|v| (v, st))
}

/// Plain minimax memoised on `future_key()` only. Returns `None` if the
/// game has no key (Kee) or after `max_nodes` states.
pub fn memo_minimax<G: Game>(game: &mut G, max_nodes: u64) -> Option<(i32, RefStats)> {
    fn rec<G: Game>(
        g: &mut G,
        memo: &mut HashMap<u128, i32>,
        st: &mut RefStats,
        max: u64,
    ) -> Option<i32> {
        st.nodes += 1;
        if st.nodes > max {
            return None;
        }
        if let Some(r) = g.result() {
            return Some(value(r));
        }
        let key = g.future_key()?;
        if let Some(&v) = memo.get(&key) {
            return Some(v);
        }
        let moves = g.legal_move_list();
        let black = g.to_move() == Color::Black;
        let mut best: Option<i32> = None;
        for m in moves {
            g.play(m);
            let v = rec(g, memo, st, max);
            g.undo();
            best = Some(better(best, v?, black));
        }
        let v = best.expect("a game that is not over has a legal move");
        memo.insert(key, v);
        Some(v)
    }
    let mut st = RefStats::default();
    let mut memo = HashMap::new();
    rec(game, &mut memo, &mut st, max_nodes).map(|v| (v, st))
}

/// Plain alpha-beta (no table, no bounds kept, moves in the engine's
/// order but with pass-like moves first) from `game`'s current state: a
/// third check, independent of the fast solver's table, MTD(f) driver and
/// threads. Exact because alpha-beta over the full tree is exact for the
/// root. Returns `None` after `max_nodes` states.
pub fn alphabeta<G: Game>(game: &mut G, max_nodes: u64) -> Option<(i32, RefStats)> {
    fn rec<G: Game>(g: &mut G, mut a: i32, mut b: i32, st: &mut RefStats, max: u64) -> Option<i32> {
        st.nodes += 1;
        if st.nodes > max {
            return None;
        }
        if let Some(r) = g.result() {
            return Some(value(r));
        }
        let mut moves = g.legal_move_list();
        moves.sort_by_key(|m| matches!(m, kosolve_rules::Move::Play(_)));
        let black = g.to_move() == Color::Black;
        let mut best = if black { i32::MIN } else { i32::MAX };
        for m in moves {
            g.play(m);
            let v = rec(g, a, b, st, max);
            g.undo();
            let v = v?;
            if black {
                best = best.max(v);
                a = a.max(v);
            } else {
                best = best.min(v);
                b = b.min(v);
            }
            if a >= b {
                break;
            }
        }
        Some(best)
    }
    let mut st = RefStats::default();
    rec(game, i32::MIN + 1, i32::MAX - 1, &mut st, max_nodes).map(|v| (v, st))
}

/// Plain boolean minimax of the question "is Black's value at least
/// `v`?" from `game`'s current state: Black needs one move whose answer
/// is yes, White one whose answer is no, and each side stops at the first
/// such move (short-circuit AND/OR, pass-like moves tried first). No
/// table, no ordering beyond that, no bounds: exact because it is the
/// definition of minimax applied to the predicate `value >= v`. Returns
/// `None` after `max_nodes` states.
pub fn at_least<G: Game>(game: &mut G, v: i32, max_nodes: u64) -> Option<(bool, RefStats)> {
    fn rec<G: Game>(g: &mut G, v: i32, st: &mut RefStats, max: u64) -> Option<bool> {
        st.nodes += 1;
        if st.nodes > max {
            return None;
        }
        if let Some(r) = g.result() {
            return Some(value(r) >= v);
        }
        let mut moves = g.legal_move_list();
        moves.sort_by_key(|m| matches!(m, kosolve_rules::Move::Play(_)));
        // Black looks for a yes, White for a no.
        let wanted = g.to_move() == Color::Black;
        for m in moves {
            g.play(m);
            let r = rec(g, v, st, max);
            g.undo();
            if r? == wanted {
                return Some(wanted);
            }
        }
        Some(!wanted)
    }
    // Every finished game's value lies in this range: outside it the
    // answer needs no search.
    let (lo, hi) = value_bounds(game);
    if v <= lo || v > hi {
        return Some((v <= lo, RefStats::default()));
    }
    let mut st = RefStats::default();
    rec(game, v, &mut st, max_nodes).map(|r| (r, st))
}

/// The least and greatest value a finished game can have: an area margin
/// lies within the number of points either way; a win, draw or loss is
/// +1, 0 or -1.
fn value_bounds<G: Game>(game: &G) -> (i32, i32) {
    match game.rules().ruleset.value_kind() {
        ValueKind::Margin => {
            let n = game.board().len() as i32;
            (-n, n)
        }
        ValueKind::WinLoss | ValueKind::WinDrawLoss => (-1, 1),
    }
}

/// Checks a claimed value `v` with two independent [`at_least`] searches:
/// "value >= v" must hold and "value >= v + 1" must not. Returns whether
/// both agree with the claim, or `None` if either search passes
/// `max_nodes` states (each search has its own budget).
pub fn confirms<G: Game>(game: &G, v: i32, max_nodes: u64) -> Option<(bool, RefStats)> {
    both_questions(v, |c| at_least(&mut game.clone(), c, max_nodes))
}

/// The history-heuristic slot of a move: its point, or one of four slots
/// past the largest board for the other moves.
fn slot(m: kosolve_rules::Move) -> usize {
    use kosolve_rules::Move;
    match m {
        Move::Play(p) => p.index(),
        Move::Pass => 64,
        Move::Delay => 65,
        Move::UltimateDelay => 66,
        Move::DeclareDraw => 67,
    }
}

/// [`at_least`] with its moves tried in history-heuristic order: each
/// side tries first the moves that most often gave it the answer it
/// wanted elsewhere in the search. The order decides only how soon a
/// side stops, never what it answers: a side answers its wanted value
/// exactly when some move has it, and otherwise only after trying every
/// move. So the answer is the same boolean minimax as [`at_least`]'s,
/// for any order (the solver's tests/reference.rs checks both against
/// [`minimax`]). No table of values or bounds is kept. Returns `None`
/// after `max_nodes` states.
pub fn at_least_ordered<G: Game>(game: &mut G, v: i32, max_nodes: u64) -> Option<(bool, RefStats)> {
    ordered_search(game, v, max_nodes, None)
}

/// [`confirms`] with [`at_least_ordered`]: the same two questions, the
/// same answers, usually far fewer states.
pub fn confirms_ordered<G: Game>(game: &G, v: i32, max_nodes: u64) -> Option<(bool, RefStats)> {
    both_questions(v, |c| at_least_ordered(&mut game.clone(), c, max_nodes))
}

/// A default for [`at_least_memo`]'s `max_entries`: 16.8 M answers,
/// about 0.8 GiB.
pub const MEMO_ENTRIES: usize = 1 << 24;

/// [`at_least_ordered`] memoised on [`Game::future_key`]: one proven
/// answer per distinct future, for this one question. Exact for the same
/// reason as [`memo_minimax`]: two states with equal keys have equal
/// futures, so the same answer. The memo keeps at most `max_entries`
/// answers and then stops adding (what it holds stays exact; only the
/// search grows). Returns `None` if the game has no key (Kee) or after
/// `max_nodes` states.
pub fn at_least_memo<G: Game>(
    game: &mut G,
    v: i32,
    max_nodes: u64,
    max_entries: usize,
) -> Option<(bool, RefStats)> {
    ordered_search(game, v, max_nodes, Some(max_entries))
}

/// [`confirms`] with [`at_least_memo`] (each question has its own memo).
pub fn confirms_memo<G: Game>(
    game: &G,
    v: i32,
    max_nodes: u64,
    max_entries: usize,
) -> Option<(bool, RefStats)> {
    both_questions(v, |c| {
        at_least_memo(&mut game.clone(), c, max_nodes, max_entries)
    })
}

/// Asks "value >= v" (must hold) and "value >= v + 1" (must not) and adds
/// up the nodes; `None` if either question is not answered.
fn both_questions(
    v: i32,
    mut ask: impl FnMut(i32) -> Option<(bool, RefStats)>,
) -> Option<(bool, RefStats)> {
    let (lo, a) = ask(v)?;
    let (hi, b) = ask(v + 1)?;
    let stats = RefStats {
        nodes: a.nodes + b.nodes,
    };
    Some((lo && !hi, stats))
}

/// The boolean search of [`at_least_ordered`], memoised on
/// [`Game::future_key`] with at most `memo` entries when `memo` is
/// `Some` ([`at_least_memo`]).
fn ordered_search<G: Game>(
    game: &mut G,
    v: i32,
    max_nodes: u64,
    memo: Option<usize>,
) -> Option<(bool, RefStats)> {
    struct Search {
        v: i32,
        max: u64,
        st: RefStats,
        // Per colour and slot: how often the move gave its side the answer
        // it wanted.
        score: [[u64; 68]; 2],
        // Proven answers by future key, and how many may be kept (none
        // without a memo).
        memo: HashMap<u128, bool>,
        entries: Option<usize>,
    }
    fn rec<G: Game>(g: &mut G, s: &mut Search) -> Option<bool> {
        s.st.nodes += 1;
        if s.st.nodes > s.max {
            return None;
        }
        if let Some(r) = g.result() {
            return Some(value(r) >= s.v);
        }
        let key = match s.entries {
            Some(_) => Some(g.future_key()?),
            None => None,
        };
        if let Some(&r) = key.and_then(|k| s.memo.get(&k)) {
            return Some(r);
        }
        let wanted = g.to_move() == Color::Black;
        let side = usize::from(!wanted);
        let mut moves = g.legal_move_list();
        moves.sort_by_key(|&m| {
            (
                std::cmp::Reverse(s.score[side][slot(m)]),
                matches!(m, kosolve_rules::Move::Play(_)),
            )
        });
        let mut answer = !wanted;
        for m in moves {
            g.play(m);
            let r = rec(g, s);
            g.undo();
            if r? == wanted {
                s.score[side][slot(m)] += 1;
                answer = wanted;
                break;
            }
        }
        if let (Some(k), Some(max)) = (key, s.entries) {
            if s.memo.len() < max {
                s.memo.insert(k, answer);
            }
        }
        Some(answer)
    }
    let (lo, hi) = value_bounds(game);
    if v <= lo || v > hi {
        return Some((v <= lo, RefStats::default()));
    }
    let mut s = Search {
        v,
        max: max_nodes,
        st: RefStats::default(),
        score: [[0; 68]; 2],
        memo: HashMap::new(),
        entries: memo,
    };
    rec(game, &mut s).map(|r| (r, s.st))
}
