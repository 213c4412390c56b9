//! Bounds on the Kee value from *forgetful games* (docs/kee.md,
//! "Forgetful games: bounds past 59 positions").
//!
//! A forgetful game changes both players, in opposite directions:
//!
//! - the **held** player keeps her board history exactly, and may make a
//!   board play only while it holds fewer than `limit` positions (as in
//!   [`crate::Game::Restricted`]): that only hurts her;
//! - her opponent, the **forgetful** player, remembers only the last
//!   `window` positions of her own board history, in the order they were
//!   added: a board play of hers is illegal only when it makes one of
//!   them. She may therefore make every board play the rules allow her,
//!   and more: that only helps her.
//!
//! The vertices are (player to move, whether a pass led here, position,
//! the held player's history, the forgetful player's window): the
//! forgetful player's whole history, which is what makes the Kee graph
//! large, is gone. A winning strategy of the held player in the infinite
//! parity game on this graph is a winning strategy of the real game (every
//! real turn of her opponent is a turn of the forgetful game, her own
//! turns are the same, and the priorities are read from the same passes),
//! and the real game is the first-cycle game that the infinite parity game
//! decides. So with Black held the value of the forgetful game is a lower
//! bound on the Kee value, and with White held an upper bound. Only the
//! held player's strategy is a strategy of the real game; it is checked
//! without Zielonka's algorithm ([`crate::verify`]).

use crate::parity::{self, Arena, ParitySolution, NO_MOVE};
use crate::{verify, Budget, KeeError};
use kosolve_board::{legal_positions, Bitboard, Board, Color, Point, Position, Suicide};
use kosolve_graph::{Builder, Graph, GraphError};
use kosolve_rules::{Game as _, GameResult, KeeGame, Move, Rules, Ruleset, Start};
use std::fmt;
use std::sync::Arc;

/// The largest number of positions a forgetful game holds (16-bit indices,
/// one value kept for "no position").
pub const MAX_POSITIONS: usize = u16::MAX as usize;

/// The most positions a state holds besides the current one: the held
/// player's history and the forgetful player's window together. A key
/// holds fewer where the positions need more bits ([`Table::max_slots`]).
pub const MAX_SLOTS: u32 = 24;

const NONE: u16 = u16::MAX;
const MARK: u128 = 1 << 127;

/// Which bound a forgetful game proves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// Black held, White forgetful: a lower bound on the value.
    Lower,
    /// White held, Black forgetful: an upper bound on the value.
    Upper,
}

impl Side {
    /// The held player.
    pub fn held(self) -> Color {
        match self {
            Side::Lower => Color::Black,
            Side::Upper => Color::White,
        }
    }
}

/// A forgetful game: which side it bounds and its two sizes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Forgetful {
    /// Which bound (and so which player is held).
    pub side: Side,
    /// The held player makes a board play only while her history holds
    /// fewer positions than this (at least 1).
    pub limit: u32,
    /// How many of her latest positions the forgetful player remembers
    /// (`limit + window` at most [`Table::max_slots`]).
    pub window: u32,
    /// The held player keeps to the mirror strategy where it applies
    /// (docs/kee.md, "Restricted games"), on boards that have a mirror.
    pub mirror: bool,
    /// The held player keeps both sides' walls on the board (a settled
    /// game, docs/kee.md, "Settled games"): played on a table from
    /// [`Table::settled`] for her.
    pub settled: bool,
}

impl fmt::Display for Forgetful {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let forgetful = self.side.held().opponent();
        write!(
            f,
            "{} held to board histories under {}{}{}, {forgetful} remembering {} position{}",
            self.side.held(),
            self.limit,
            if self.mirror { ", mirroring" } else { "" },
            if self.settled {
                ", keeping the walls"
            } else {
                ""
            },
            self.window,
            if self.window == 1 { "" } else { "s" }
        )
    }
}

/// The positions of a game, their moves, areas and symmetries.
pub struct Table {
    /// The positions, sorted; a position's index is its place here.
    pub list: Vec<Position>,
    /// `plays[c][i]`: colour `c`'s legal board plays on position `i`, in
    /// point order: the point and the resulting position's index.
    pub plays: [Vec<Vec<(Point, u16)>>; 2],
    /// `area[c][i]`: colour `c`'s area on position `i`.
    pub area: [Vec<u8>; 2],
    /// Per symmetry used, the permutation of position indices.
    pub perms: Vec<Vec<u16>>,
    /// Per position, the index of its mirror image, where the board has a
    /// mirror ([`NONE`] where the image is not among the positions).
    pub mirror_of: Option<Vec<u16>>,
    /// The start position's index.
    pub start: u16,
    /// The player to move at the start (0 Black, 1 White).
    pub start_to_move: u8,
    /// The held player of the settled game this table is for (her board
    /// plays are those [`settled_allows`] admits), or `None`: every legal
    /// board play of both.
    pub settled: Option<Color>,
}

impl Table {
    /// The positions of the game from `start`: every legal position of the
    /// board, merged by symmetry if asked, from the empty board with Black
    /// to move; otherwise those board plays reach from it, without merging.
    pub fn new(
        board: &Board,
        suicide: Suicide,
        start: &Start,
        symmetric: bool,
    ) -> Result<Table, KeeError> {
        let too_many = KeeError::TooManyPositions { max: MAX_POSITIONS };
        let empty = is_empty_start(start);
        let list = if empty {
            if board.len() > 16 {
                return Err(too_many);
            }
            crate::graph::reachable_positions(board, suicide, Position::EMPTY, MAX_POSITIONS)
                .ok_or(too_many.clone())?;
            legal_positions(board)
        } else {
            if !start.position.is_legal(board) {
                return Err(KeeError::BadStart);
            }
            crate::graph::reachable_positions(board, suicide, start.position, MAX_POSITIONS)
                .ok_or(too_many.clone())?
        };
        let symmetric = symmetric && empty;
        Table::build(board, suicide, start, list, symmetric, &|_, _, _| true)
    }

    /// The positions of the *settled game* from `start` in which `held` is
    /// the held player (docs/kee.md, "Settled games"): she makes only the
    /// board plays that [`settled_allows`] admits, her opponent every legal
    /// one. Reachable from the start by such plays in any order, without
    /// symmetry merging.
    pub fn settled(
        board: &Board,
        suicide: Suicide,
        start: &Start,
        held: Color,
    ) -> Result<Table, KeeError> {
        if !start.position.is_legal(board) {
            return Err(KeeError::BadStart);
        }
        let walls = walls(board, suicide, start);
        let allow = |c: Color, x: &Position, y: &Position| {
            c != held || settled_allows(board, suicide, &walls, held, x, y)
        };
        let list = crate::graph::reachable_positions_by(
            board,
            suicide,
            start.position,
            MAX_POSITIONS,
            &allow,
        )
        .ok_or(KeeError::TooManyPositions { max: MAX_POSITIONS })?;
        let mut t = Table::build(board, suicide, start, list, false, &allow)?;
        t.settled = Some(held);
        Ok(t)
    }

    /// The table of `list` (sorted, the start among them): each colour's
    /// board plays that `allow` admits, areas, symmetries (with
    /// `symmetric`: the board's, else the identity alone) and mirrors.
    fn build(
        board: &Board,
        suicide: Suicide,
        start: &Start,
        list: Vec<Position>,
        symmetric: bool,
        allow: &dyn Fn(Color, &Position, &Position) -> bool,
    ) -> Result<Table, KeeError> {
        if list.len() > MAX_POSITIONS {
            return Err(KeeError::TooManyPositions { max: MAX_POSITIONS });
        }
        let index = |p: &Position| list.binary_search(p).expect("a position of the game") as u16;
        let mut plays: [Vec<Vec<(Point, u16)>>; 2] = [Vec::new(), Vec::new()];
        let mut area: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        for (ci, c) in [Color::Black, Color::White].into_iter().enumerate() {
            for pos in &list {
                let row = pos
                    .empty(board)
                    .into_iter()
                    .filter_map(|p| {
                        let pl = pos.play(board, c, p, suicide).ok()?;
                        allow(c, pos, &pl.position).then(|| (p, index(&pl.position)))
                    })
                    .collect();
                plays[ci].push(row);
                area[ci].push(pos.area(board, c) as u8);
            }
        }
        let nsym = if symmetric {
            board.symmetries().len()
        } else {
            1
        };
        let perms = (0..nsym)
            .map(|s| list.iter().map(|p| index(&p.transform(board, s))).collect())
            .collect();
        let mirror_of = crate::graph::mirror_map(board).map(|m| {
            let turn = |b: kosolve_board::Bitboard| {
                b.into_iter()
                    .fold(kosolve_board::Bitboard::EMPTY, |out, q| {
                        out.with(Point(m[q.index()]))
                    })
            };
            list.iter()
                .map(|x| {
                    let image = Position {
                        black: turn(x.white),
                        white: turn(x.black),
                    };
                    list.binary_search(&image).map_or(NONE, |i| i as u16)
                })
                .collect()
        });
        let start_index = index(&start.position);
        Ok(Table {
            list,
            plays,
            area,
            perms,
            mirror_of,
            start: start_index,
            start_to_move: start.to_move.index() as u8,
            settled: None,
        })
    }

    /// The bits of a position's index in a key (the largest value is kept
    /// for "no position").
    pub fn width(&self) -> u32 {
        usize::BITS - self.list.len().leading_zeros()
    }

    /// The most positions a key holds besides the current one (127 bits
    /// less the player to move, the pass and the position).
    pub fn max_slots(&self) -> u32 {
        ((125 - self.width()) / self.width()).min(MAX_SLOTS)
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// Whether `start` is the empty board with Black to move.
fn is_empty_start(start: &Start) -> bool {
    start.position == Position::EMPTY && start.to_move == Color::Black
}

/// The *walls* of a start, `[Black's, White's]`: the stones of each
/// colour's pass-alive chains at the start (Benson's algorithm,
/// `Position::pass_alive`, with the suicide setting's vital regions).
pub fn walls(board: &Board, suicide: Suicide, start: &Start) -> [Bitboard; 2] {
    [Color::Black, Color::White].map(|c| start.position.pass_alive(board, c, suicide))
}

/// Whether the start has a wall of either colour: where settled games
/// apply (docs/kee.md, "Settled games: starts with walls").
pub fn has_walls(board: &Board, suicide: Suicide, start: &Start) -> bool {
    walls(board, suicide, start).iter().any(|w| !w.is_empty())
}

/// Whether a settled game lets the held player `held` make the board play
/// that turns `before` into `after` (docs/kee.md, "Settled games"): it
/// captures no stone on a point of her opponent's wall, and every point of
/// her own wall is still a stone of one of her pass-alive chains after
/// it. Any rule that removes only some of the held player's board plays
/// keeps the bound of a forgetful game, so this one does too; it is
/// chosen so that no wall ever leaves the board (her opponent alone can
/// never capture a pass-alive chain), which keeps the positions few.
pub fn settled_allows(
    board: &Board,
    suicide: Suicide,
    walls: &[Bitboard; 2],
    held: Color,
    before: &Position,
    after: &Position,
) -> bool {
    let other = held.opponent();
    let captured = before.stones(other) - after.stones(other);
    if !(captured & walls[other.index()]).is_empty() {
        return false;
    }
    let own = walls[held.index()];
    own.is_empty() || (own - after.pass_alive(board, held, suicide)).is_empty()
}

/// A vertex of a forgetful game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct State {
    /// 0 Black to move, 1 White.
    pub to_move: u8,
    /// Whether the turn that led here was a pass.
    pub after_pass: bool,
    /// The position's index.
    pub pos: u16,
    /// The held player's history (sorted, [`NONE`] after its last entry),
    /// then the forgetful player's window (latest first).
    pub slots: [u16; MAX_SLOTS as usize],
}

/// A forgetful game on a table: its successor function and keys.
pub struct Moves<'a> {
    t: &'a Table,
    game: Forgetful,
    held: usize,
    width: u32,
    used: usize,
}

impl<'a> Moves<'a> {
    /// The game `game` on `t`.
    pub fn new(t: &'a Table, game: Forgetful) -> Result<Self, KeeError> {
        if game.limit == 0 || game.limit + game.window > t.max_slots() {
            return Err(KeeError::CheckFailed(format!(
                "a forgetful game on {} positions holds limit + window <= {} positions, limit >= 1",
                t.len(),
                t.max_slots()
            )));
        }
        if game.mirror && t.mirror_of.is_none() {
            return Err(KeeError::NoMirror);
        }
        if t.settled != game.settled.then(|| game.side.held()) {
            return Err(KeeError::CheckFailed(format!(
                "{game} is played on a table made for another game"
            )));
        }
        Ok(Moves {
            t,
            game,
            held: game.side.held().index(),
            width: t.width(),
            used: (game.limit + game.window) as usize,
        })
    }

    fn split(&self) -> (usize, usize) {
        (self.game.limit as usize, self.game.window as usize)
    }

    /// The start.
    pub fn start(&self) -> State {
        State {
            to_move: self.t.start_to_move,
            after_pass: false,
            pos: self.t.start,
            slots: [NONE; MAX_SLOTS as usize],
        }
    }

    /// Packs a state: bit 0 the player to move, bit 1 the pass, then the
    /// position and the slots in use, [`Table::width`] bits each.
    pub fn pack(&self, s: &State) -> u128 {
        let w = self.width;
        let mask = (1u128 << w) - 1;
        let mut k = MARK | s.to_move as u128 | (s.after_pass as u128) << 1 | (s.pos as u128) << 2;
        for (i, &x) in s.slots[..self.used].iter().enumerate() {
            k |= (x as u128 & mask) << (2 + w * (i as u32 + 1));
        }
        k
    }

    /// Unpacks a key made by [`Moves::pack`].
    pub fn unpack(&self, k: u128) -> State {
        let w = self.width;
        let mask = (1u128 << w) - 1;
        let mut slots = [NONE; MAX_SLOTS as usize];
        for (i, x) in slots[..self.used].iter_mut().enumerate() {
            let v = k >> (2 + w * (i as u32 + 1)) & mask;
            *x = if v == mask { NONE } else { v as u16 };
        }
        State {
            to_move: (k & 1) as u8,
            after_pass: k >> 1 & 1 == 1,
            pos: (k >> 2 & mask) as u16,
            slots,
        }
    }

    /// The least key over the images of `s` under the symmetries used.
    pub fn canonical(&self, s: &State) -> u128 {
        let mut best = self.pack(s);
        let (limit, _) = self.split();
        for perm in &self.t.perms[1..] {
            let mut t = *s;
            t.pos = perm[s.pos as usize];
            for x in t.slots.iter_mut().filter(|x| **x != NONE) {
                *x = perm[*x as usize];
            }
            t.slots[..limit].sort_unstable();
            best = best.min(self.pack(&t));
        }
        best
    }

    /// The states one turn after `s`, with the turn's point (`None` for the
    /// pass): the board plays in point order, then the pass.
    pub fn successors(&self, s: &State, out: &mut Vec<(State, Option<Point>)>) {
        let c = s.to_move as usize;
        let (limit, window) = self.split();
        let plays = &self.t.plays[c][s.pos as usize];
        let step = |q: u16, slots: [u16; MAX_SLOTS as usize]| State {
            to_move: s.to_move ^ 1,
            after_pass: false,
            pos: q,
            slots,
        };
        let mut passed = *s;
        passed.to_move ^= 1;
        passed.after_pass = true;
        if c != self.held {
            let w = &s.slots[limit..limit + window];
            for &(point, q) in plays {
                if w.contains(&q) {
                    continue;
                }
                let mut slots = s.slots;
                if window > 0 {
                    slots.copy_within(limit..limit + window - 1, limit + 1);
                    slots[limit] = q;
                }
                out.push((step(q, slots), Some(point)));
            }
            if window > 0 {
                passed.slots[limit..limit + window].fill(NONE);
                passed.slots[limit] = s.pos;
            }
            out.push((passed, None));
            return;
        }
        let h = &s.slots[..limit];
        let size = h.iter().filter(|&&x| x != NONE).count();
        let mut may_play = size < limit;
        let mut only_mirrored = false;
        if self.game.mirror && may_play {
            let m = self.t.mirror_of.as_ref().expect("checked in new");
            if m[s.pos as usize] == s.pos {
                may_play = false;
            } else {
                only_mirrored = plays
                    .iter()
                    .any(|&(_, q)| !h.contains(&q) && m[q as usize] == q);
            }
        }
        if may_play {
            for &(point, q) in plays {
                if h.contains(&q) {
                    continue;
                }
                if only_mirrored
                    && self
                        .t
                        .mirror_of
                        .as_ref()
                        .is_some_and(|m| m[q as usize] != q)
                {
                    continue;
                }
                let mut slots = s.slots;
                slots[size] = q;
                slots[..limit].sort_unstable();
                out.push((step(q, slots), Some(point)));
            }
        }
        if only_mirrored {
            return;
        }
        passed.slots[..limit].fill(NONE);
        passed.slots[0] = s.pos;
        out.push((passed, None));
    }

    /// The state of this game for a real situation: the held player's
    /// history as a set, the forgetful player's latest `window` positions
    /// (each real history listed in the order its positions were added).
    pub fn abstract_of(
        &self,
        to_move: u8,
        after_pass: bool,
        pos: u16,
        hist: &[Vec<u16>; 2],
    ) -> State {
        let (limit, window) = self.split();
        let mut slots = [NONE; MAX_SLOTS as usize];
        let held = &hist[self.held];
        assert!(held.len() <= limit, "the held player's history fits");
        slots[..held.len()].copy_from_slice(held);
        slots[..limit].sort_unstable();
        for (x, &q) in slots[limit..limit + window]
            .iter_mut()
            .zip(hist[1 - self.held].iter().rev())
        {
            *x = q;
        }
        State {
            to_move,
            after_pass,
            pos,
            slots,
        }
    }
}

/// A forgetful game's graph: per vertex the player to move (bit 0),
/// whether a pass led here (bit 1) and the position's index (from bit 2).
pub struct FGraph {
    /// Per vertex, the low bits of its key.
    pub info: Vec<u32>,
    /// The edges, in the order of [`Moves::successors`] of each class's
    /// representative.
    pub rows: Graph,
}

/// Builds the graph of `moves` within `cap` vertices and `budget`.
pub fn build(moves: &Moves<'_>, cap: u64, budget: &Budget) -> Result<FGraph, KeeError> {
    let mut b = Builder::new(moves.canonical(&moves.start()), cap);
    let mut next = Vec::new();
    let mut ticker = budget.ticker(1024);
    let graph_err = |e| match e {
        GraphError::TooManyVertices { cap } => KeeError::TooManySituations { cap },
        GraphError::TooManyEdges => KeeError::TooManyEdges,
    };
    let mut v = 0;
    while v < b.len() {
        ticker.tick().map_err(KeeError::Stopped)?;
        let s = moves.unpack(b.keys()[v]);
        next.clear();
        moves.successors(&s, &mut next);
        for (t, _) in &next {
            b.edge(moves.canonical(t)).map_err(graph_err)?;
        }
        b.close().map_err(graph_err)?;
        v += 1;
    }
    let low = (1u128 << (2 + moves.width)) - 1;
    let (info, rows) = b.finish_with(|keys| keys.iter().map(|&k| (k & low) as u32).collect());
    Ok(FGraph { info, rows })
}

/// "margin >= threshold" on a forgetful game's graph (player 1, odd, is
/// Black), with the priorities of [`crate::Threshold`].
struct FThreshold<'a> {
    t: &'a Table,
    g: &'a FGraph,
    points: i32,
    threshold: i32,
}

impl Arena for FThreshold<'_> {
    fn graph(&self) -> &Graph {
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
        crate::pass_priority(
            passer,
            self.t.area[passer][(info >> 2) as usize] as i32,
            self.points,
            self.threshold,
        )
    }
}

/// A forgetful game solved: its value (a bound on the Kee value, by its
/// side) and the held player's checked strategy.
pub struct Bound {
    /// The game.
    pub game: Forgetful,
    /// Its value: with Black held, the Kee value is at least this; with
    /// White held, at most.
    pub value: i32,
    /// The graph.
    pub g: FGraph,
    /// The held player's strategy (an index into each vertex's
    /// successors), checked to win its threshold.
    pub strategy: Vec<u8>,
}

/// Builds and solves the forgetful game `game` on `t`, and checks the held
/// player's strategy.
pub fn solve(
    board: &Board,
    t: &Table,
    game: Forgetful,
    cap: u64,
    budget: &Budget,
) -> Result<Bound, KeeError> {
    let moves = Moves::new(t, game)?;
    let g = build(&moves, cap, budget)?;
    let points = board.len() as i32;
    let arena = |v| FThreshold {
        t,
        g: &g,
        points,
        threshold: v,
    };
    let decide = |v: i32| -> Result<ParitySolution, KeeError> {
        parity::solve_within(&arena(v), budget).map_err(KeeError::Stopped)
    };
    let (value, black, white, _) = crate::bisect(points, decide)?;
    let (strategy, threshold, player) = match game.side {
        Side::Lower => (black, value, 1),
        Side::Upper => (white, value + 1, 0),
    };
    if !verify::strategy_wins(&arena(threshold), &strategy, player) {
        return Err(KeeError::CheckFailed(format!(
            "{game}: the held player's strategy does not win its threshold"
        )));
    }
    Ok(Bound {
        game,
        value,
        g,
        strategy,
    })
}

/// A real game situation, its board histories listed in the order their
/// positions were added (which the forgetful player's window reads).
#[derive(Clone)]
struct Real {
    to_move: u8,
    after_pass: bool,
    pos: u16,
    hist: [Vec<u16>; 2],
}

impl Real {
    /// The start of the game on `t`.
    fn start(t: &Table) -> Real {
        Real {
            to_move: t.start_to_move,
            after_pass: false,
            pos: t.start,
            hist: [Vec::new(), Vec::new()],
        }
    }

    /// The situation after the turn `mv` (`None`: a pass).
    fn after(&self, t: &Table, mv: Option<Point>) -> Result<Real, KeeError> {
        let c = self.to_move as usize;
        let q = match mv {
            Some(p) => {
                t.plays[c][self.pos as usize]
                    .iter()
                    .find(|x| x.0 == p)
                    .ok_or_else(|| KeeError::CheckFailed("a play the table lacks".into()))?
                    .1
            }
            None => self.pos,
        };
        let mut next = self.clone();
        if mv.is_none() {
            next.hist[c].clear();
        }
        next.hist[c].push(q);
        (next.to_move, next.after_pass, next.pos) = (self.to_move ^ 1, mv.is_none(), q);
        Ok(next)
    }
}

/// A bound's game followed along a real game: the held player's strategy
/// move at a real situation, and the vertex a real turn leads to.
struct Follower<'a> {
    moves: Moves<'a>,
    bound: &'a Bound,
}

impl<'a> Follower<'a> {
    fn new(t: &'a Table, bound: &'a Bound) -> Result<Self, KeeError> {
        Ok(Follower {
            moves: Moves::new(t, bound.game)?,
            bound,
        })
    }

    /// The state of the bound's game for a real situation.
    fn state(&self, at: &Real) -> State {
        self.moves
            .abstract_of(at.to_move, at.after_pass, at.pos, &at.hist)
    }

    /// The held player's strategy move at `at`, vertex `v` of the graph.
    fn strategy_move(&self, at: &Real, v: usize) -> Result<Option<Point>, KeeError> {
        let j = self.bound.strategy[v];
        if j == NO_MOVE {
            return Err(KeeError::CheckFailed("the held player has no move".into()));
        }
        let here = self.state(at);
        let rep = self.moves.unpack(self.moves.canonical(&here));
        let (mut succ, mut real) = (Vec::new(), Vec::new());
        self.moves.successors(&rep, &mut succ);
        let class = self.moves.canonical(&succ[j as usize].0);
        self.moves.successors(&here, &mut real);
        real.iter()
            .find(|(s, _)| self.moves.canonical(s) == class)
            .map(|&(_, mv)| mv)
            .ok_or_else(|| KeeError::CheckFailed("a strategy move has no real counterpart".into()))
    }

    /// The vertex that the real turn from `before` (at vertex `v`) to
    /// `after` leads to.
    fn next(&self, before: &Real, after: &Real, v: usize) -> Result<usize, KeeError> {
        let rep = self.moves.unpack(self.moves.canonical(&self.state(before)));
        let mut succ = Vec::new();
        self.moves.successors(&rep, &mut succ);
        let class = self.moves.canonical(&self.state(after));
        let k = succ
            .iter()
            .position(|(s, _)| self.moves.canonical(s) == class)
            .ok_or_else(|| {
                KeeError::CheckFailed(format!("a real turn left the graph of {}", self.bound.game))
            })?;
        Ok(self.bound.g.rows.succ(v)[k] as usize)
    }
}

/// The rules engine's Kee game from `start`.
fn kee_game(board: &Board, suicide: Suicide, start: &Start) -> Result<KeeGame, KeeError> {
    let rules = Rules::new(Ruleset::Kee)
        .with_suicide(suicide)
        .map_err(|e| KeeError::CheckFailed(e.to_string()))?;
    Ok(KeeGame::from_start(Arc::new(board.clone()), rules, start))
}

/// The margin at the end of a Kee game.
fn margin(r: GameResult) -> Result<i32, KeeError> {
    match r {
        GameResult::Score { black, white } => Ok(black as i32 - white as i32),
        r => Err(KeeError::CheckFailed(format!(
            "a Kee game ended with {r:?}"
        ))),
    }
}

/// Plays Black's strategy of a lower-bound game against White's of an
/// upper-bound game in the rules engine's Kee game until it ends; returns
/// the moves (`None` is a pass) and the scores (Black, White). `tables`
/// are the tables the two games were played on (the same one, or each
/// side's settled table).
pub fn line(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    tables: [&Table; 2],
    lower: &Bound,
    upper: &Bound,
) -> Result<crate::Line, KeeError> {
    let mut game = kee_game(board, suicide, start)?;
    let sides = [
        Follower::new(tables[0], lower)?,
        Follower::new(tables[1], upper)?,
    ];
    let mut at = tables.map(Real::start);
    let mut v = [0usize; 2];
    let mut pv = Vec::new();
    let longest = 4 * (lower.g.info.len() + upper.g.info.len()) + 4;
    loop {
        if let Some(r) = game.result() {
            let GameResult::Score { black, white } = r else {
                return Err(KeeError::CheckFailed(format!(
                    "a Kee game ended with {r:?}"
                )));
            };
            return Ok((pv, (black, white)));
        }
        if pv.len() > longest {
            return Err(KeeError::CheckFailed("the line does not end".into()));
        }
        // The mover plays her strategy in her own game; both games follow.
        let c = at[0].to_move as usize;
        let mv = sides[c].strategy_move(&at[c], v[c])?;
        let m = mv.map_or(Move::Pass, Move::Play);
        if !game.is_legal(m) {
            return Err(KeeError::CheckFailed(format!(
                "{m:?} is illegal in the rules engine"
            )));
        }
        for i in 0..2 {
            let next = at[i].after(tables[i], mv)?;
            v[i] = sides[i].next(&at[i], &next, v[i])?;
            at[i] = next;
        }
        game.play(m);
        pv.push(mv);
    }
}

/// What [`search_check`] found: the worst margin the other side reaches
/// against the held player's strategy, and the game-tree nodes visited.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchCheck {
    /// The least margin White reaches against Black's strategy (lower
    /// bound), or the largest Black reaches against White's (upper bound).
    pub worst: i32,
    /// Game-tree nodes visited.
    pub nodes: u64,
}

/// A second method for a bound, sharing neither the forgetful graph's
/// soundness argument nor Zielonka's algorithm: the held player plays her
/// strategy from `bound` in the rules engine's Kee game (`KeeGame`, with
/// its real histories and end), and every legal reply of the other side is
/// searched, move by move, until each game ends; the answer is the worst
/// margin the other side reaches, so the bound holds in the real game iff
/// it is at least (lower) or at most (upper) the bound's value. `None`
/// once more than `max_nodes` nodes are visited.
pub fn search_check(
    board: &Board,
    suicide: Suicide,
    start: &Start,
    t: &Table,
    bound: &Bound,
    max_nodes: u64,
) -> Result<Option<SearchCheck>, KeeError> {
    let mut s = Search {
        t,
        side: Follower::new(t, bound)?,
        held: bound.game.side.held().index(),
        game: kee_game(board, suicide, start)?,
        nodes: 0,
        max_nodes,
    };
    Ok(s.worst(&Real::start(t), 0)?.map(|worst| SearchCheck {
        worst,
        nodes: s.nodes,
    }))
}

/// The state of a [`search_check`].
struct Search<'a> {
    t: &'a Table,
    side: Follower<'a>,
    held: usize,
    game: KeeGame,
    nodes: u64,
    max_nodes: u64,
}

impl Search<'_> {
    /// The worst margin for the held player from `at`, vertex `v` of the
    /// bound's graph (`None`: the node limit was passed).
    fn worst(&mut self, at: &Real, v: usize) -> Result<Option<i32>, KeeError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Ok(None);
        }
        if let Some(r) = self.game.result() {
            return margin(r).map(Some);
        }
        let turns: Vec<Move> = if at.to_move as usize == self.held {
            let m = self
                .side
                .strategy_move(at, v)?
                .map_or(Move::Pass, Move::Play);
            if !self.game.is_legal(m) {
                return Err(KeeError::CheckFailed(format!(
                    "{m:?} is illegal in the rules engine"
                )));
            }
            vec![m]
        } else {
            let mut all = Vec::new();
            self.game.legal_moves(&mut all);
            all
        };
        let mut worst: Option<i32> = None;
        for m in turns {
            let mv = match m {
                Move::Play(p) => Some(p),
                _ => None,
            };
            let next = at.after(self.t, mv)?;
            let w = self.side.next(at, &next, v)?;
            self.game.play(m);
            let r = self.worst(&next, w);
            self.game.undo();
            let Some(x) = r? else {
                return Ok(None);
            };
            worst = Some(match (worst, self.held) {
                (None, _) => x,
                (Some(w), 0) => w.min(x),
                (Some(w), _) => w.max(x),
            });
        }
        Ok(worst)
    }
}
