//! Forgetful games: bounds on a player's values where even the restricted
//! games outgrow the cap (docs/kee.md, "Forgetful games for more than two
//! players").
//!
//! A *forgetful* player remembers only the last `window` positions of her
//! own board history, in the order they were added: after her pass her
//! window is the position she passed on; after her board play making y it
//! is y followed by her previous window, cut to `window` entries. A board
//! play of hers is illegal only when it makes a position of her window.
//! Her window is a subset of her real history, so she may make every board
//! play the rules allow her, and more: that only helps her side.
//!
//! - **Lower bound for P**: P *held* (exact history, board plays only while
//!   it holds fewer than K positions, [`crate::players::restricted::Restriction`]),
//!   every other player forgetful.
//! - **Upper bound for P**: every other player held, P forgetful.
//!
//! The held side's winning strategy on such a graph, played in the real
//! game with the windows kept on the side as memory, wins the infinite
//! parity game on the real situation graph; so the held side wins the real
//! game. [`ForgetfulGame`] is the literal forgetful game (histories as
//! sets, windows as lists, every recorded situation searched for the end),
//! in which the lines of a forgetful graph are replayed.

pub use crate::players::games::Forgetful;
use crate::players::games::Restriction;
use crate::players::{KPosition, KeeRules, Payoff, Player, PlayersError, Turn};
use kosolve_board::Board;
use std::collections::BTreeSet;

/// One player's memory in the literal forgetful game.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Memory {
    /// Her exact board history.
    History(BTreeSet<KPosition>),
    /// Her window, most recent first.
    Window(Vec<KPosition>),
}

impl Memory {
    fn contains(&self, x: &KPosition) -> bool {
        match self {
            Memory::History(h) => h.contains(x),
            Memory::Window(w) => w.contains(x),
        }
    }

    fn len(&self) -> usize {
        match self {
            Memory::History(h) => h.len(),
            Memory::Window(w) => w.len(),
        }
    }
}

/// The literal forgetful game: the players of `restriction` held, those of
/// `forgetful` remembering windows, the others with their exact histories;
/// it ends when the situation (player to move, position, every history and
/// window) repeats. Slow on purpose: the rules as written.
#[derive(Clone, Debug)]
pub struct ForgetfulGame<'b> {
    board: &'b Board,
    rules: KeeRules,
    restriction: Restriction,
    forgetful: Forgetful,
    position: KPosition,
    to_move: Player,
    memory: Vec<Memory>,
    /// Each turn: the mover, the turn and the position before it.
    turns: Vec<(Player, Turn, KPosition)>,
    /// `log[i]`: the situation after turn i + 1.
    log: Vec<(Player, KPosition, Vec<Memory>)>,
    ended: Option<(usize, usize)>,
}

impl<'b> ForgetfulGame<'b> {
    /// A new game on the empty board, Black to move, every memory empty.
    pub fn new(
        board: &'b Board,
        rules: KeeRules,
        restriction: Restriction,
        forgetful: Forgetful,
    ) -> ForgetfulGame<'b> {
        let memory = Player::all(rules.players)
            .map(|p| {
                if forgetful.holds(p) {
                    Memory::Window(Vec::new())
                } else {
                    Memory::History(BTreeSet::new())
                }
            })
            .collect();
        ForgetfulGame {
            board,
            rules,
            restriction,
            forgetful,
            position: KPosition::EMPTY,
            to_move: Player::BLACK,
            memory,
            turns: Vec::new(),
            log: Vec::new(),
            ended: None,
        }
    }

    /// The turns played so far.
    pub fn turns(&self) -> Vec<Turn> {
        self.turns.iter().map(|t| t.1).collect()
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Whether the game has ended.
    pub fn ended(&self) -> bool {
        self.ended.is_some()
    }

    /// Plays a turn: a board play (refused where the mover is held at her
    /// limit or the position is in her memory) or a pass; ends the game
    /// when the situation repeats.
    pub fn play(&mut self, turn: Turn) -> Result<(), PlayersError> {
        if self.ended.is_some() {
            return Err(PlayersError::Ended);
        }
        let mover = self.to_move;
        let before = self.position;
        let mem = &mut self.memory[mover.index()];
        match turn {
            Some(q) => {
                let next = before.play(self.board, mover, q, self.rules.suicide)?;
                let held =
                    self.restriction.holds(mover) && mem.len() >= self.restriction.limit as usize;
                if held || mem.contains(&next) {
                    return Err(PlayersError::Repeats(q));
                }
                match mem {
                    Memory::History(h) => {
                        h.insert(next);
                    }
                    Memory::Window(w) => *w = self.forgetful.after_play(w, next),
                }
                self.position = next;
            }
            None => {
                *mem = match mem {
                    Memory::History(_) => Memory::History(BTreeSet::from([before])),
                    Memory::Window(_) => Memory::Window(self.forgetful.after_pass(before)),
                };
            }
        }
        self.to_move = mover.next(self.rules.players);
        self.turns.push((mover, turn, before));
        let situation = (self.to_move, self.position, self.memory.clone());
        if let Some(i) = self.log.iter().position(|s| *s == situation) {
            self.ended = Some((i + 1, self.turns.len()));
        }
        self.log.push(situation);
        Ok(())
    }

    /// Once the game has ended, each player's best area over the positions
    /// she passed on in the cycle (turns t0 + 1 ..= t1), `None` for a
    /// player who did not pass there (only a forgetful player can).
    pub fn best_areas(&self) -> Option<Vec<Option<u32>>> {
        let (t0, t1) = self.ended?;
        Some(
            Player::all(self.rules.players)
                .map(|p| {
                    self.turns[t0..t1]
                        .iter()
                        .filter(|t| t.0 == p && t.1.is_none())
                        .map(|t| t.2.area(self.board, p))
                        .max()
                })
                .collect(),
        )
    }
}

/// The value of `payoff` for `player` of an ended forgetful game's best
/// areas, clamped to the payoff's range `[lo, hi]`: a player who did not
/// pass in the cycle has no score, which counts as below every score (P
/// without one gets lo; P with one against others without gets hi on the
/// margin).
pub fn payoff_of(best: &[Option<u32>], player: Player, payoff: Payoff, lo: i32, hi: i32) -> i32 {
    let mine = best[player.index()].map(|a| a as i32);
    let other = best
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != player.index())
        .filter_map(|(_, a)| a.map(|a| a as i32))
        .max();
    let margin = match (mine, other) {
        (None, _) => i32::MIN / 2,
        (Some(_), None) => i32::MAX / 2,
        (Some(m), Some(o)) => m - o,
    };
    let v = match payoff {
        Payoff::Score => mine.unwrap_or(i32::MIN / 2),
        Payoff::Margin => margin,
        Payoff::StrictWin => i32::from(margin >= 1),
        Payoff::NotLose => i32::from(margin >= 0),
    };
    v.clamp(lo, hi)
}
