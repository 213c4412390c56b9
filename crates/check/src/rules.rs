//! The rules engine: a game's state, its history of records, the legality
//! of moves under each ruleset (docs/rules.md §4) and the transitions.
//!
//! Legality reads the history only through membership queries ("is record
//! r in the history?"), and every query's record id is appended to a log
//! the caller passes in: that log is what the walk's memo footprints are
//! made of.
//! Everything else legality and the end of the game read is in [`State`].

use std::collections::HashMap;

use crate::board::{bits, Board, Played, Position};
use crate::history::{FastBuild, History, RecordId};
use crate::types::{Color, Move, Ruleset, Suicide};

/// The frame of a position (`bkr`): its ko points and the stones of the
/// position on every other point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Frame {
    /// K(X): the union of every ko of the position.
    pub ko: u64,
    /// Black stones outside the ko points.
    pub black: u64,
    /// White stones outside the ko points.
    pub white: u64,
}

/// One element of a game's history, as the rulesets query it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Record {
    /// `psk`, `tromp-taylor`: a position that has occurred.
    Occurred(Position),
    /// `ssk`: a situation that has been seen (position, player to move).
    Situation(Position, Color),
    /// `nssk`: a position the player created with a board play.
    Created(Color, Position),
    /// `fixed`, `basic-fixed`: the (left, created) pair of a board play.
    Pair(Position, Position),
    /// `bkr`: (frame played from, player, point) of a board play.
    Triple(Frame, Color, u8),
}

/// Everything besides the history that legality, the end and the score
/// read. Two nodes with equal states and histories that answer every
/// query alike are the same node for the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// The position on the board.
    pub pos: Position,
    /// The player to move.
    pub to_move: Color,
    /// Consecutive passes just played.
    pub passes: u32,
    /// `basic-fixed` only: the position just before the latest move (the
    /// position a board play must not reproduce); `None` before any move.
    pub before_last: Option<Position>,
    /// `bkr` only: the point the player to move may not play by the basic
    /// ko rule.
    pub ban: Option<u8>,
}

/// What [`Game::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    /// The state before the move.
    state: State,
    /// The record the move added to the history, if any.
    added: Option<RecordId>,
}

/// The kos of a position (`bkr`), cached per position.
#[derive(Clone, Debug)]
struct Kos {
    /// The union of the kos.
    points: u64,
    /// Each ko {a, b} as (a, b) with a < b.
    pairs: Vec<(u8, u8)>,
}

/// A game in progress under one ruleset.
#[derive(Debug)]
pub(crate) struct Game {
    /// The board's geometry.
    board: Board,
    /// The ruleset.
    ruleset: Ruleset,
    /// Whether suicide is legal.
    suicide_ok: bool,
    /// Consecutive passes that end the game.
    end_passes: u32,
    /// The current state.
    state: State,
    /// The history: every record added by the moves so far.
    history: History,
    /// `bkr`: the kos of every position met so far.
    kos: HashMap<Position, Kos, FastBuild>,
}

impl Game {
    /// A game starting at `start` with `to_move` to play and nothing played
    /// yet (docs/rules.md, "Starting from a position").
    pub fn new(
        board: Board,
        ruleset: Ruleset,
        suicide: Suicide,
        end_passes: u32,
        start: Position,
        to_move: Color,
    ) -> Game {
        let mut history = History::default();
        match ruleset {
            Ruleset::Psk | Ruleset::TrompTaylor | Ruleset::Primitive => {
                history.add(Record::Occurred(start));
            }
            Ruleset::Ssk => {
                history.add(Record::Situation(start, to_move));
            }
            Ruleset::Nssk
            | Ruleset::Fixed
            | Ruleset::Basic
            | Ruleset::BasicFixed
            | Ruleset::Bkr => {}
        }
        let state = State {
            pos: start,
            to_move,
            passes: 0,
            before_last: None,
            ban: None,
        };
        Game {
            board,
            ruleset,
            suicide_ok: suicide == Suicide::Allowed,
            end_passes,
            state,
            history,
            kos: HashMap::default(),
        }
    }

    /// The current state.
    pub fn state(&self) -> State {
        self.state
    }

    /// The board's geometry.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// True once `end_passes` passes have been played back to back.
    pub fn is_over(&self) -> bool {
        self.state.passes >= self.end_passes
    }

    /// area(Black) - area(White) of the current position.
    pub fn score(&self) -> i32 {
        self.board.area_difference(self.state.pos)
    }

    /// The history (the memo reads its membership bits).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Whether `r` is in the history.
    #[cfg(test)]
    pub fn contains(&self, r: &Record) -> bool {
        self.history.contains(r)
    }

    /// The history's records, sorted (tests key exact tables on them).
    #[cfg(test)]
    pub fn history_records(&self) -> Vec<Record> {
        self.history.present()
    }

    /// Whether the board rules alone allow a play at `x` (tests).
    #[cfg(test)]
    pub fn board_allows(&self, x: usize) -> bool {
        self.state.pos.occupied() & (1u64 << x) == 0
            && self
                .board
                .play(self.state.pos, self.state.to_move, x, self.suicide_ok)
                .is_some()
    }

    /// A logged membership query.
    fn query(&mut self, r: Record, log: &mut Vec<RecordId>) -> bool {
        let id = self.history.id(r);
        log.push(id);
        self.history.has(id)
    }

    /// The legal moves of the player to move: board plays in ascending
    /// point order, then the pass. Empty once the game is over.
    pub fn legal_moves(&mut self, log: &mut Vec<RecordId>) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let empty = self.board.all & !self.state.pos.occupied();
        let mut moves: Vec<Move> = bits(empty)
            .filter(|&x| self.legal_play(x, log).is_some())
            .map(|x| Move::Play(x as u8))
            .collect();
        if self.ruleset != Ruleset::Primitive {
            moves.push(Move::Pass);
        }
        moves
    }

    /// Whether `m` is legal now (queries are logged).
    pub fn is_legal(&mut self, m: Move, log: &mut Vec<RecordId>) -> bool {
        if self.is_over() {
            return false;
        }
        match m {
            Move::Pass => self.ruleset != Ruleset::Primitive,
            Move::Play(x) => {
                let x = usize::from(x);
                x < self.board.n
                    && self.state.pos.occupied() & (1u64 << x) == 0
                    && self.legal_play(x, log).is_some()
            }
        }
    }

    /// The board play at the empty point `x` if the board rules and the
    /// ruleset allow it.
    fn legal_play(&mut self, x: usize, log: &mut Vec<RecordId>) -> Option<Played> {
        let p = self.state.to_move;
        let played = self.board.play(self.state.pos, p, x, self.suicide_ok)?;
        let basic_ok = match self.ruleset {
            Ruleset::Basic | Ruleset::BasicFixed => self.state.before_last != Some(played.pos),
            Ruleset::Bkr => self.state.ban != Some(x as u8),
            _ => true,
        };
        if !basic_ok {
            return None;
        }
        let Some(record) = self.play_record(x, played) else {
            return Some(played); // `basic`: no record, the state decides
        };
        let banned = self.query(record, log);
        (!banned).then_some(played)
    }

    /// The record a board play at `x` giving `played` is judged by and,
    /// when played, adds to the history (`basic` has none: its legality
    /// reads the state alone).
    fn play_record(&mut self, x: usize, played: Played) -> Option<Record> {
        let s = self.state;
        Some(match self.ruleset {
            Ruleset::Psk | Ruleset::TrompTaylor | Ruleset::Primitive => {
                Record::Occurred(played.pos)
            }
            Ruleset::Ssk => Record::Situation(played.pos, s.to_move.opponent()),
            Ruleset::Nssk => Record::Created(s.to_move, played.pos),
            Ruleset::Fixed | Ruleset::BasicFixed => Record::Pair(s.pos, played.pos),
            Ruleset::Bkr => Record::Triple(self.frame(s.pos), s.to_move, x as u8),
            Ruleset::Basic => return None,
        })
    }

    /// Whether the state carries the position before the latest move
    /// (`basic`, `basic-fixed`).
    fn keeps_before_last(&self) -> bool {
        matches!(self.ruleset, Ruleset::Basic | Ruleset::BasicFixed)
    }

    /// Plays the legal move `m` and returns what undoes it.
    pub fn apply(&mut self, m: Move) -> Undo {
        let old = self.state;
        let (next, added) = match m {
            Move::Pass => self.after_pass(),
            Move::Play(x) => self.after_play(usize::from(x)),
        };
        let added = added.map(|r| self.history.add(r));
        self.state = next;
        Undo { state: old, added }
    }

    /// The state after a pass, and the record it adds.
    fn after_pass(&self) -> (State, Option<Record>) {
        let s = self.state;
        let added = match self.ruleset {
            Ruleset::Ssk => Some(Record::Situation(s.pos, s.to_move.opponent())),
            _ => None,
        };
        let before_last = self.keeps_before_last().then_some(s.pos);
        let next = State {
            pos: s.pos,
            to_move: s.to_move.opponent(),
            passes: s.passes + 1,
            before_last,
            ban: None,
        };
        (next, added)
    }

    /// The state after the board play at `x`, and the record it adds.
    fn after_play(&mut self, x: usize) -> (State, Option<Record>) {
        let s = self.state;
        let played = self
            .board
            .play(s.pos, s.to_move, x, self.suicide_ok)
            .expect("apply is only called with legal moves");
        let added = self.play_record(x, played);
        let ban = match self.ruleset {
            Ruleset::Bkr => self.basic_ko_ban(x, played),
            _ => None,
        };
        let before_last = self.keeps_before_last().then_some(s.pos);
        let next = State {
            pos: played.pos,
            to_move: s.to_move.opponent(),
            passes: 0,
            before_last,
            ban,
        };
        (next, added)
    }

    /// Takes back the move `u` came from.
    pub fn undo(&mut self, u: Undo) {
        if let Some(id) = u.added {
            self.history.remove(id);
        }
        self.state = u.state;
    }

    /// `bkr`'s basic ko rule after a board play at `b`: when it captured
    /// exactly one stone, at a, and {a, b} is a ko of the new position,
    /// the opponent may not play at a on the next move.
    fn basic_ko_ban(&mut self, b: usize, played: Played) -> Option<u8> {
        if played.captured.count_ones() != 1 {
            return None;
        }
        let a = played.captured.trailing_zeros() as u8;
        let pair = (a.min(b as u8), a.max(b as u8));
        self.kos_of(played.pos).pairs.contains(&pair).then_some(a)
    }

    /// The frame of `pos`.
    fn frame(&mut self, pos: Position) -> Frame {
        let ko = self.kos_of(pos).points;
        Frame {
            ko,
            black: pos.black & !ko,
            white: pos.white & !ko,
        }
    }

    /// The kos of `pos`, computed once per position.
    fn kos_of(&mut self, pos: Position) -> &Kos {
        let (board, suicide_ok) = (&self.board, self.suicide_ok);
        self.kos
            .entry(pos)
            .or_insert_with(|| find_kos(board, pos, suicide_ok))
    }
}

/// Every ko of `x`, by the definition taken literally: distinct points
/// {a, b} such that, for one of the players P, P's board play at a
/// followed by the opponent's board play at b gives `x` back, both plays
/// judged by the board rules alone (with the game's suicide setting).
fn find_kos(board: &Board, x: Position, suicide_ok: bool) -> Kos {
    let mut pairs: Vec<(u8, u8)> = Vec::new();
    for p in Color::ALL {
        for a in bits(board.all & !x.occupied()) {
            let Some(first) = board.play(x, p, a, suicide_ok) else {
                continue;
            };
            for b in bits(board.all & !first.pos.occupied()) {
                if b == a {
                    continue;
                }
                let back = board.play(first.pos, p.opponent(), b, suicide_ok);
                if back.is_some_and(|second| second.pos == x) {
                    let pair = (a.min(b) as u8, a.max(b) as u8);
                    if !pairs.contains(&pair) {
                        pairs.push(pair);
                    }
                }
            }
        }
    }
    pairs.sort_unstable();
    let points = pairs
        .iter()
        .fold(0u64, |m, &(a, b)| m | (1u64 << a) | (1u64 << b));
    Kos { points, pairs }
}

#[cfg(test)]
mod tests;
