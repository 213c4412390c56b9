//! Deliberately naive references for testing the fast solver.
//!
//! Both use only the [`Game`] trait and their own valuation of a finished
//! game; neither shares code with the fast solver (no pruning, no move
//! ordering, no bounds, no table of bounds).
//!
//! - [`minimax`]: plain minimax over every game (the full history is the
//!   game itself). Its cost is the number of complete games: fine for
//!   1x1..1x3 and small win/loss games, hopeless for 1x4 psk (2.1 G games)
//!   and 2x2 psk (386 G games).
//! - [`memo_minimax`]: plain minimax memoised on [`Game::future_key`]
//!   only: one exact value per distinct future. It needs a key, so it does
//!   not apply to Kee. Its cost is the number of distinct futures
//!   (docs/solver.md lists what each covers).

use hashbrown::HashMap;
use kosolve_board::Color;
use kosolve_rules::{Game, GameResult};

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
            let v = v?;
            best = Some(match best {
                None => v,
                Some(b) if black => b.max(v),
                Some(b) => b.min(v),
            });
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
            let v = v?;
            best = Some(match best {
                None => v,
                Some(b) if black => b.max(v),
                Some(b) => b.min(v),
            });
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
