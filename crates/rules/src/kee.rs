//! [`KeeGame`]: Kee Rules v3.0 (docs/rules.md, "`kee`: Kee Rules v3.0").

use crate::game::{combine, with_turn};
use crate::{Game, GameResult, Move, Rules, Ruleset, Start};
use hashbrown::HashMap;
use kosolve_board::{Board, Color, Position};
use kosolve_history::zobrist::{hash_after_play, mix128, position_hash};
use kosolve_history::HistorySet;
use std::sync::Arc;

#[derive(Clone, Debug)]
struct Frame {
    mv: Move,
    prev_pos: Position,
    prev_hash: u128,
    /// The mover's board history before a pass emptied it.
    saved_history: Option<HistorySet<Position>>,
    /// The situation recorded after this turn.
    situation: u128,
    /// Whether this turn repeated a situation (and so ended the game).
    repeated: bool,
}

/// A game under Kee Rules v3.0: per-player board histories, a pass empties
/// the passer's history, and the game ends when a game situation
/// (player to move, position, both histories) repeats.
#[derive(Clone, Debug)]
pub struct KeeGame {
    rules: Rules,
    board: Arc<Board>,
    pos: Position,
    hash: u128,
    to_move: Color,
    /// The player of the first turn.
    first: Color,
    histories: [HistorySet<Position>; 2],
    frames: Vec<Frame>,
    moves: Vec<Move>,
    /// Recorded situations and the turn (1-based) after which each was first recorded.
    log: HashMap<u128, usize, ahash::RandomState>,
    /// (t0, t1) once the game has ended.
    ended: Option<(usize, usize)>,
}

impl KeeGame {
    /// A new game on the empty board, Black to move, both histories empty.
    pub fn new(board: Arc<Board>, rules: Rules) -> KeeGame {
        KeeGame::from_start(board, rules, &Start::EMPTY)
    }

    /// A new game from `start` (docs/rules.md, "Starting from a position"):
    /// both histories empty, no situation recorded.
    pub fn from_start(board: Arc<Board>, rules: Rules, start: &Start) -> KeeGame {
        assert_eq!(rules.ruleset, Ruleset::Kee);
        KeeGame {
            rules,
            board,
            pos: start.position,
            hash: position_hash(&start.position),
            to_move: start.to_move,
            first: start.to_move,
            histories: [HistorySet::new(), HistorySet::new()],
            frames: Vec::new(),
            moves: Vec::new(),
            log: HashMap::with_hasher(ahash::RandomState::with_seeds(9, 10, 11, 12)),
            ended: None,
        }
    }

    /// The board history of `c`.
    pub fn history(&self, c: Color) -> &HistorySet<Position> {
        &self.histories[c.index()]
    }

    /// The turns (t0, t1) of the repeated situation, once the game has ended.
    pub fn cycle(&self) -> Option<(usize, usize)> {
        self.ended
    }

    /// The digest of the current game situation.
    fn situation(&self) -> u128 {
        let mut k = with_turn(self.hash, self.to_move);
        k = combine(k, mix128(self.histories[0].hash() ^ 0xB));
        combine(k, mix128(self.histories[1].hash() ^ 0x3))
    }

    fn legal_play(&self, m: Move) -> Option<kosolve_board::Played> {
        let Move::Play(p) = m else { return None };
        let played = self
            .pos
            .play(&self.board, self.to_move, p, self.rules.suicide)
            .ok()?;
        if self.histories[self.to_move.index()].contains(&played.position) {
            return None;
        }
        Some(played)
    }

    /// The positions on which `c` passed at turns t0+1..=t1.
    pub fn satisfactory(&self, c: Color) -> Vec<Position> {
        let Some((t0, t1)) = self.ended else {
            return Vec::new();
        };
        // Turn t (1-based) is frames[t - 1]; the first player plays the odd turns.
        (t0 + 1..=t1)
            .filter(|t| {
                let mover = if t % 2 == 1 {
                    self.first
                } else {
                    self.first.opponent()
                };
                mover == c && self.frames[t - 1].mv == Move::Pass
            })
            .map(|t| self.frames[t - 1].prev_pos)
            .collect()
    }
}

impl Game for KeeGame {
    game_accessors!();

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.ended.is_some() {
            return;
        }
        for p in self.pos.empty(&self.board) {
            if self.legal_play(Move::Play(p)).is_some() {
                out.push(Move::Play(p));
            }
        }
        out.push(Move::Pass);
    }

    fn is_legal(&self, m: Move) -> bool {
        if self.ended.is_some() {
            return false;
        }
        match m {
            Move::Play(_) => self.legal_play(m).is_some(),
            Move::Pass => true,
            _ => false,
        }
    }

    fn play(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m:?}");
        let c = self.to_move;
        let prev_pos = self.pos;
        let prev_hash = self.hash;
        let mut saved_history = None;
        match m {
            Move::Play(p) => {
                let played = self.legal_play(m).expect("play() of an illegal move");
                self.hash = hash_after_play(self.hash, c, p, played.captured, played.suicided);
                self.pos = played.position;
                self.histories[c.index()].push(self.pos);
            }
            Move::Pass => {
                let old = std::mem::take(&mut self.histories[c.index()]);
                saved_history = Some(old);
                let mut fresh = HistorySet::new();
                fresh.push(self.pos);
                self.histories[c.index()] = fresh;
            }
            _ => panic!("{m:?} is not a move of kee"),
        }
        self.to_move = c.opponent();
        self.moves.push(m);
        let turn = self.moves.len();
        let situation = self.situation();
        let repeated = match self.log.get(&situation) {
            Some(&t0) => {
                self.ended = Some((t0, turn));
                true
            }
            None => {
                self.log.insert(situation, turn);
                false
            }
        };
        self.frames.push(Frame {
            mv: m,
            prev_pos,
            prev_hash,
            saved_history,
            situation,
            repeated,
        });
    }

    fn undo(&mut self) {
        let f = self.frames.pop().expect("undo with no move played");
        self.moves.pop();
        if f.repeated {
            self.ended = None;
        } else {
            self.log.remove(&f.situation);
        }
        let c = self.to_move.opponent();
        match f.mv {
            Move::Play(_) => {
                self.histories[c.index()].pop(self.pos);
            }
            Move::Pass => {
                self.histories[c.index()] = f.saved_history.expect("pass frame keeps the history");
            }
            _ => unreachable!(),
        }
        self.pos = f.prev_pos;
        self.hash = f.prev_hash;
        self.to_move = c;
    }

    fn result(&self) -> Option<GameResult> {
        self.ended?;
        let score = |c: Color| {
            self.satisfactory(c)
                .iter()
                .map(|p| p.area(&self.board, c))
                .max()
                .unwrap_or_else(|| {
                    panic!(
                        "Kee game ended with no satisfactory position for {c}: cycle {:?}, moves {:?}",
                        self.ended, self.moves
                    )
                })
        };
        Some(GameResult::Score {
            black: score(Color::Black),
            white: score(Color::White),
        })
    }

    fn future_key(&self) -> Option<u128> {
        // The end and the score depend on the ordered log of situations
        // (which situation repeats, and which passes lie inside the cycle).
        None
    }

    fn position_hash(&self) -> u128 {
        self.hash
    }
}
