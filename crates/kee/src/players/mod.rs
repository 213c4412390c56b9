//! Kee Rules v3.0 for two to four players (docs/rules.md, "Kee with more
//! than two players"): the primary method for three and four players, and
//! the second, independent implementation behind two-player values
//! (docs/kee.md, "Which implementation is which").
//!
//! - [`KPosition`]: a position with up to four colours on a
//!   [`kosolve_board::Board`], its board play ([`KPosition::play`]) and area
//!   ([`KPosition::area`]), and diagrams with the letters `X O A B`.
//! - [`PlayersGame`]: the game itself, kept literally: every player's board history
//!   as a set of positions and the whole list of recorded game situations,
//!   with the end rule and the scores ([`PlayersGame::scores`]).
//! - [`reference`]: a deliberately naive depth-first search over the full
//!   game (no table, no pruning) for the value of "one player against the
//!   coalition of the others" under a [`Payoff`].
//! - [`parity`]: the exact method for larger boards: the graph of game
//!   situations solved as parity games (docs/kee.md, "Kee with more than
//!   two players").
//! - [`restricted`]: bounds on each player's values where the full graph
//!   outgrows its cap, from restricted games (docs/kee.md, "Restricted
//!   games for more than two players").
//! - [`forgetful`]: forgetful players, who remember only their latest
//!   positions, for bounds where the restricted games outgrow the cap too
//!   (docs/kee.md, "Forgetful games for more than two players").

pub mod forgetful;
pub mod games;
pub mod parity;
pub mod reference;
pub mod restricted;
mod verify;

use kosolve_board::{Bitboard, Board, Point, Suicide};
use std::collections::BTreeSet;
use std::fmt;

/// The most players this module handles.
pub const MAX_PLAYERS: usize = 4;

/// A player, and the colour of her stones: 0 is Black (moves first), 1 White,
/// 2 Red, 3 Blue. Diagrams write them `X`, `O`, `A`, `B`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Player(pub u8);

impl Player {
    /// Black, the first player.
    pub const BLACK: Player = Player(0);
    /// White, the second player.
    pub const WHITE: Player = Player(1);

    /// The player's index (0 for Black).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The player after this one among `players`.
    pub const fn next(self, players: usize) -> Player {
        Player(((self.0 as usize + 1) % players) as u8)
    }

    /// The player before this one among `players`.
    pub const fn previous(self, players: usize) -> Player {
        Player(((self.0 as usize + players - 1) % players) as u8)
    }

    /// The diagram letter: `X`, `O`, `A`, `B`.
    pub const fn letter(self) -> char {
        match self.0 {
            0 => 'X',
            1 => 'O',
            2 => 'A',
            _ => 'B',
        }
    }

    /// The player's name: Black, White, Red, Blue.
    pub const fn name(self) -> &'static str {
        match self.0 {
            0 => "Black",
            1 => "White",
            2 => "Red",
            _ => "Blue",
        }
    }

    /// The first `players` players, in turn order.
    pub fn all(players: usize) -> impl Iterator<Item = Player> {
        (0..players as u8).map(Player)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything that can go wrong in this crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersError {
    /// A number of players outside 2..=4.
    Players(usize),
    /// A board play on an occupied point or off the board.
    Occupied(Point),
    /// A board play that is suicide with suicide forbidden.
    Suicide(Point),
    /// A board play whose position is in the mover's board history.
    Repeats(Point),
    /// A move after the end of the game.
    Ended,
    /// A diagram with a character that is no colour and not empty.
    BadChar(char),
    /// A diagram with the wrong number of points.
    WrongLength {
        /// The board's points.
        expected: usize,
        /// The points in the diagram.
        found: usize,
    },
    /// A diagram using a colour beyond the number of players.
    ColourOutOfRange(char),
    /// A game ended with no satisfactory position for a player: a broken
    /// invariant (docs/rules.md proves that every player passes in the cycle).
    NoSatisfactory(Player),
    /// The node budget of the reference ran out.
    NodeBudget(u64),
    /// The situation graph has more vertices than allowed.
    TooLarge(u64),
    /// More distinct positions than the graph's keys can index.
    TooManyPositions(usize),
    /// A strategy failed its check: a bug, never a limit.
    CheckFailed(String),
    /// The budget ran out (nodes: situations built; the deadline; Ctrl-C).
    Stopped(kosolve_budget::Stop),
    /// A graph asked to hold a player to a limit and make her forgetful.
    HeldAndForgetful(Player),
    /// A restricted game asked for a bound it does not give: a lower bound
    /// needs P alone restricted, an upper bound only coalition members.
    NotABound {
        /// The player whose value was asked.
        player: Player,
        /// The graph's restriction.
        restriction: parity::Restriction,
        /// The graph's forgetful players.
        forgetful: parity::Forgetful,
        /// The bound asked for.
        side: parity::Side,
    },
}

impl fmt::Display for PlayersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayersError::Players(k) => write!(f, "kee needs 2 to 4 players, not {k}"),
            PlayersError::Occupied(p) => write!(f, "point {} is occupied or off the board", p.0),
            PlayersError::Suicide(p) => write!(f, "a play at point {} is suicide", p.0),
            PlayersError::Repeats(p) => write!(
                f,
                "a play at point {} makes a position in the mover's board history",
                p.0
            ),
            PlayersError::Ended => f.write_str("the game has ended"),
            PlayersError::BadChar(c) => write!(f, "'{c}' is not a diagram character"),
            PlayersError::WrongLength { expected, found } => {
                write!(f, "the diagram has {found} points, the board {expected}")
            }
            PlayersError::ColourOutOfRange(c) => {
                write!(f, "colour '{c}' is beyond the number of players")
            }
            PlayersError::NoSatisfactory(p) => {
                write!(f, "the game ended with no satisfactory position for {p}")
            }
            PlayersError::NodeBudget(n) => write!(f, "the reference stopped after {n} nodes"),
            PlayersError::TooLarge(n) => {
                write!(f, "the situation graph passed {n} vertices")
            }
            PlayersError::TooManyPositions(n) => {
                write!(f, "{n} positions are more than the situation keys index")
            }
            PlayersError::CheckFailed(s) => write!(f, "internal check failed: {s}"),
            PlayersError::Stopped(why) => write!(f, "stopped by {why}"),
            PlayersError::NotABound {
                player,
                restriction,
                forgetful,
                side,
            } => write!(
                f,
                "the game with {restriction}, {forgetful} gives no {side} bound for {player}"
            ),
            PlayersError::HeldAndForgetful(p) => {
                write!(f, "{p} cannot be both held and forgetful")
            }
        }
    }
}

impl std::error::Error for PlayersError {}

/// The settings of a k-player Kee game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct KeeRules {
    /// The number of players, 2..=4.
    pub players: usize,
    /// Whether suicide is allowed.
    pub suicide: Suicide,
}

impl KeeRules {
    /// Rules for `players` players, checked to be 2..=4.
    pub fn new(players: usize, suicide: Suicide) -> Result<KeeRules, PlayersError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(PlayersError::Players(players));
        }
        Ok(KeeRules { players, suicide })
    }
}

/// A position with up to [`MAX_PLAYERS`] colours: one [`Bitboard`] per colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct KPosition {
    /// The stones of each colour, indexed by [`Player::index`].
    pub stones: [Bitboard; MAX_PLAYERS],
}

impl KPosition {
    /// The empty board.
    pub const EMPTY: KPosition = KPosition {
        stones: [Bitboard::EMPTY; MAX_PLAYERS],
    };

    /// The stones of `p`.
    pub fn stones(&self, p: Player) -> Bitboard {
        self.stones[p.index()]
    }

    /// Every occupied point.
    pub fn occupied(&self) -> Bitboard {
        self.stones.iter().fold(Bitboard::EMPTY, |a, &b| a | b)
    }

    /// Every empty point of `board`.
    pub fn empty(&self, board: &Board) -> Bitboard {
        board.all() - self.occupied()
    }

    /// The colour on `q`, if any.
    pub fn get(&self, q: Point) -> Option<Player> {
        (0..MAX_PLAYERS as u8)
            .map(Player)
            .find(|p| self.stones(*p).contains(q))
    }

    /// Board play by `mover` at `q` (docs/rules.md, "Kee with more than two
    /// players"): place the stone; remove every chain of every other colour
    /// left without liberties; then the placed chain, if it has no liberty,
    /// is suicide: an error with suicide forbidden, removed with it allowed.
    /// No history is checked here.
    pub fn play(
        &self,
        board: &Board,
        mover: Player,
        q: Point,
        suicide: Suicide,
    ) -> Result<KPosition, PlayersError> {
        if !board.all().contains(q) || self.occupied().contains(q) {
            return Err(PlayersError::Occupied(q));
        }
        let mut pos = *self;
        pos.stones[mover.index()] = pos.stones[mover.index()].with(q);
        // Which chains are dead is decided on the board right after the
        // placement, for every colour at once; then they are removed.
        let empty = pos.empty(board);
        let mut dead = [Bitboard::EMPTY; MAX_PLAYERS];
        for (other, dead) in dead.iter_mut().enumerate() {
            if other == mover.index() {
                continue;
            }
            let mut rest = pos.stones[other];
            while let Some(s) = rest.first_point() {
                let chain = board.flood(Bitboard::from_point(s), pos.stones[other]);
                rest = rest - chain;
                if (board.expand(chain) & empty).is_empty() {
                    *dead |= chain;
                }
            }
        }
        for (stones, d) in pos.stones.iter_mut().zip(dead) {
            *stones = *stones - d;
        }
        let own = board.flood(Bitboard::from_point(q), pos.stones[mover.index()]);
        if (board.expand(own) & pos.empty(board)).is_empty() {
            match suicide {
                Suicide::Forbidden => return Err(PlayersError::Suicide(q)),
                Suicide::Allowed => {
                    pos.stones[mover.index()] = pos.stones[mover.index()] - own;
                }
            }
        }
        Ok(pos)
    }

    /// The area of `p`: her stones plus every empty point whose zone (the
    /// maximal connected set of empty points holding it) is adjacent to at
    /// least one stone and to stones of `p` only.
    pub fn area(&self, board: &Board, p: Player) -> u32 {
        let empty = self.empty(board);
        let mut rest = empty;
        let mut area = self.stones(p).count();
        while let Some(s) = rest.first_point() {
            let zone = board.flood(Bitboard::from_point(s), empty);
            rest = rest - zone;
            let border = board.expand(zone) - zone;
            if border.any() && border.is_subset(self.stones(p)) {
                area += zone.count();
            }
        }
        area
    }

    /// Parses a diagram: `X` Black, `O` White, `A` Red, `B` Blue, `.`
    /// empty; spaces, new lines and `/` are ignored; points in order (row
    /// by row on rectangles, top row first). Colours beyond `players` are
    /// refused. Whether every chain has a liberty is not checked.
    pub fn from_diagram(
        board: &Board,
        players: usize,
        text: &str,
    ) -> Result<KPosition, PlayersError> {
        let mut pos = KPosition::EMPTY;
        let mut i = 0usize;
        for ch in text.chars() {
            if ch.is_whitespace() || ch == '/' {
                continue;
            }
            let colour = match ch {
                '.' => None,
                'X' => Some(0),
                'O' => Some(1),
                'A' => Some(2),
                'B' => Some(3),
                _ => return Err(PlayersError::BadChar(ch)),
            };
            if let Some(c) = colour {
                if c >= players {
                    return Err(PlayersError::ColourOutOfRange(ch));
                }
                if i < board.len() {
                    pos.stones[c] = pos.stones[c].with(Point(i as u8));
                }
            }
            i += 1;
        }
        if i != board.len() {
            return Err(PlayersError::WrongLength {
                expected: board.len(),
                found: i,
            });
        }
        Ok(pos)
    }

    /// The diagram of this position: rows joined by `/` on rectangles with
    /// more than one row, letters as [`KPosition::from_diagram`] reads them.
    pub fn diagram(&self, board: &Board) -> String {
        let cols = match board.shape() {
            kosolve_board::Shape::Rect { cols, .. } => *cols as usize,
            _ => board.len(),
        };
        let mut s = String::new();
        for q in board.points() {
            if q.index() > 0 && q.index() % cols == 0 {
                s.push('/');
            }
            s.push(self.get(q).map_or('.', Player::letter));
        }
        s
    }
}

/// A turn: a board play at a point, or a pass (`None`).
pub type Turn = Option<Point>;

/// The name of a turn on `board`: the point's name or `pass`.
pub fn turn_name(board: &Board, t: Turn) -> String {
    t.map_or_else(|| "pass".to_string(), |q| board.point_name(q))
}

/// A recorded game situation: the player to move, the position, and every
/// player's board history.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Situation {
    /// The player to move.
    pub to_move: Player,
    /// The position.
    pub position: KPosition,
    /// The board history of each player.
    pub histories: Vec<BTreeSet<KPosition>>,
}

/// One turn as played, with what undoing it needs.
#[derive(Clone, Debug)]
struct Record {
    turn: Turn,
    mover: Player,
    /// The position before the turn.
    before: KPosition,
    /// The mover's history before a pass emptied it.
    saved: Option<BTreeSet<KPosition>>,
    /// Whether the position after a board play was new to the mover's history.
    added: bool,
}

/// A k-player Kee game kept literally: histories as sets of positions and
/// the full list of situations recorded after each turn, searched linearly
/// for the end rule. Slow on purpose: it is the rules as written.
#[derive(Clone, Debug)]
pub struct PlayersGame<'b> {
    board: &'b Board,
    rules: KeeRules,
    position: KPosition,
    to_move: Player,
    histories: Vec<BTreeSet<KPosition>>,
    records: Vec<Record>,
    /// `log[i]` is the situation recorded after turn i + 1.
    log: Vec<Situation>,
    /// (t0, t1) once the game has ended.
    ended: Option<(usize, usize)>,
}

impl<'b> PlayersGame<'b> {
    /// A new game on the empty board, Black to move, every history empty.
    pub fn new(board: &'b Board, rules: KeeRules) -> PlayersGame<'b> {
        PlayersGame {
            board,
            rules,
            position: KPosition::EMPTY,
            to_move: Player::BLACK,
            histories: vec![BTreeSet::new(); rules.players],
            records: Vec::new(),
            log: Vec::new(),
            ended: None,
        }
    }

    /// The board.
    pub fn board(&self) -> &'b Board {
        self.board
    }

    /// The rules.
    pub fn rules(&self) -> KeeRules {
        self.rules
    }

    /// The current position.
    pub fn position(&self) -> KPosition {
        self.position
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The turns played so far.
    pub fn turns(&self) -> Vec<Turn> {
        self.records.iter().map(|r| r.turn).collect()
    }

    /// The board history of `p`.
    pub fn history(&self, p: Player) -> &BTreeSet<KPosition> {
        &self.histories[p.index()]
    }

    /// The turns (t0, t1), 1-based, of the repeated situation once the game
    /// has ended: the situation after t1 equals the one after t0.
    pub fn cycle(&self) -> Option<(usize, usize)> {
        self.ended
    }

    /// The position a board play at `q` would make, if the play is legal.
    fn play_result(&self, q: Point) -> Option<KPosition> {
        let next = self
            .position
            .play(self.board, self.to_move, q, self.rules.suicide)
            .ok()?;
        (!self.histories[self.to_move.index()].contains(&next)).then_some(next)
    }

    /// The legal turns, board plays in point order and then the pass; none
    /// once the game has ended.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.ended.is_some() {
            return Vec::new();
        }
        let mut out: Vec<Turn> = self
            .position
            .empty(self.board)
            .iter()
            .filter(|&q| self.play_result(q).is_some())
            .map(Some)
            .collect();
        out.push(None);
        out
    }

    /// Plays a turn: a board play (refused if illegal) or a pass, then
    /// updates the mover's history and records the situation, ending the
    /// game if it repeats.
    pub fn play(&mut self, turn: Turn) -> Result<(), PlayersError> {
        if self.ended.is_some() {
            return Err(PlayersError::Ended);
        }
        let mover = self.to_move;
        let before = self.position;
        let mut saved = None;
        let mut added = false;
        match turn {
            Some(q) => {
                let next = self
                    .position
                    .play(self.board, mover, q, self.rules.suicide)?;
                if self.histories[mover.index()].contains(&next) {
                    return Err(PlayersError::Repeats(q));
                }
                self.position = next;
                added = self.histories[mover.index()].insert(next);
            }
            None => {
                let old = std::mem::take(&mut self.histories[mover.index()]);
                saved = Some(old);
                self.histories[mover.index()].insert(self.position);
            }
        }
        self.to_move = mover.next(self.rules.players);
        self.records.push(Record {
            turn,
            mover,
            before,
            saved,
            added,
        });
        let situation = Situation {
            to_move: self.to_move,
            position: self.position,
            histories: self.histories.clone(),
        };
        let t1 = self.records.len();
        if let Some(i) = self.log.iter().position(|s| *s == situation) {
            self.ended = Some((i + 1, t1));
        }
        self.log.push(situation);
        Ok(())
    }

    /// Takes back the last turn.
    pub fn undo(&mut self) {
        let r = self.records.pop().expect("undo with no turn played");
        self.log.pop();
        self.ended = None;
        match r.turn {
            Some(_) => {
                if r.added {
                    self.histories[r.mover.index()].remove(&self.position);
                }
            }
            None => {
                self.histories[r.mover.index()] = r.saved.expect("a pass keeps the history");
            }
        }
        self.position = r.before;
        self.to_move = r.mover;
    }

    /// The positions satisfactory to `p` once the game has ended: those on
    /// which she passed at turns t0 + 1 ..= t1.
    pub fn satisfactory(&self, p: Player) -> Vec<KPosition> {
        let Some((t0, t1)) = self.ended else {
            return Vec::new();
        };
        self.records[t0..t1]
            .iter()
            .filter(|r| r.mover == p && r.turn.is_none())
            .map(|r| r.before)
            .collect()
    }

    /// Every player's score once the game has ended (None before): her best
    /// area over her satisfactory positions. A player with none is an error.
    pub fn scores(&self) -> Option<Result<Vec<u32>, PlayersError>> {
        self.ended?;
        Some(
            Player::all(self.rules.players)
                .map(|p| {
                    self.satisfactory(p)
                        .iter()
                        .map(|pos| pos.area(self.board, p))
                        .max()
                        .ok_or(PlayersError::NoSatisfactory(p))
                })
                .collect(),
        )
    }
}

/// What "player P against the coalition of the others" is played for: a
/// function of the final scores that P maximises and the others minimise.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Payoff {
    /// P's score.
    Score,
    /// P's score minus the best score of the others (with two players and P
    /// Black, the Kee margin score(Black) - score(White)).
    Margin,
    /// 1 if P's score is strictly above every other player's, else 0.
    StrictWin,
    /// 1 if no other player scores strictly more than P, else 0.
    NotLose,
}

impl Payoff {
    /// The payoff of `scores` to player `p`.
    pub fn of(self, scores: &[u32], p: Player) -> i32 {
        let mine = scores[p.index()] as i32;
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != p.index())
            .map(|(_, &s)| s as i32)
            .max()
            .expect("at least two players");
        match self {
            Payoff::Score => mine,
            Payoff::Margin => mine - best_other,
            Payoff::StrictWin => i32::from(mine > best_other),
            Payoff::NotLose => i32::from(mine >= best_other),
        }
    }
}
