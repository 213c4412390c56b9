//! The [`Game`] trait shared by every ruleset, with [`Move`] and [`GameResult`].

use crate::Rules;
use kosolve_board::{Bitboard, Board, Color, Point, Position};
use std::fmt;

/// A move of any ruleset.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// A board play (a placement in Fundamental and Ultimate Go).
    Play(Point),
    /// A pass.
    Pass,
    /// Fundamental/Ultimate Go: return one prisoner to the opponent.
    Delay,
    /// Ultimate Go: return the ultimate prisoner.
    UltimateDelay,
    /// Ultimate Go: declare a draw (ends the game).
    DeclareDraw,
}

impl Move {
    /// The point of a board play; `None` for every other move.
    pub fn point(&self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(*p),
            _ => None,
        }
    }

    /// The move's name: a point name, `pass`, `delay`, `ultimate` or `draw`.
    pub fn name(&self, board: &Board) -> String {
        match self {
            Move::Play(p) => board.point_name(*p),
            Move::Pass => "pass".into(),
            Move::Delay => "delay".into(),
            Move::UltimateDelay => "ultimate".into(),
            Move::DeclareDraw => "draw".into(),
        }
    }

    /// Parses a name written by [`Move::name`].
    pub fn parse(board: &Board, s: &str) -> Option<Move> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pass" => Some(Move::Pass),
            "delay" => Some(Move::Delay),
            "ultimate" => Some(Move::UltimateDelay),
            "draw" => Some(Move::DeclareDraw),
            other => board.parse_point(other).map(Move::Play),
        }
    }
}

/// How a finished game came out.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// Scored: each player's score (area; under Kee, the best satisfactory area).
    Score {
        /// Black's score.
        black: u32,
        /// White's score.
        white: u32,
    },
    /// A win by this player (the opponent had no legal move).
    Win(Color),
    /// A declared draw (Ultimate Go).
    Draw,
}

impl GameResult {
    /// Black's score minus White's, komi not applied; `None` for win/draw results.
    pub fn raw_margin(&self) -> Option<i32> {
        match self {
            GameResult::Score { black, white } => Some(*black as i32 - *white as i32),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score { black, white } => write!(f, "B {black} - W {white}"),
            GameResult::Win(c) => write!(f, "{c} wins"),
            GameResult::Draw => f.write_str("draw"),
        }
    }
}

/// A history condition of a territory bound: it holds where no position
/// that occurred before the state has every stone of `alive` of `color`
/// and a stone of `color` in `regions` (docs/solver.md, "Territory").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// The side whose territory it is.
    pub color: Color,
    /// That side's pass-alive stones.
    pub alive: Bitboard,
    /// Its territory regions.
    pub regions: Bitboard,
}

impl Pattern {
    /// Whether `p` is a position the condition excludes.
    pub fn matches(&self, p: &Position) -> bool {
        let own = p.stones(self.color);
        self.alive.is_subset(own) && (own & self.regions).any()
    }
}

/// Bounds with territory counted ([`Game::territory_bounds`]): Black's
/// lower bound holds under `black`'s condition, White's upper bound under
/// `white`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    /// The static bounds ([`Game::static_bounds`]), which need no condition.
    pub plain: (i32, i32),
    /// A lower bound on the value, with Black's territory counted.
    pub lower: i32,
    /// An upper bound on the value, with White's territory counted.
    pub upper: i32,
    /// The condition of `lower`.
    pub black: Pattern,
    /// The condition of `upper`.
    pub white: Pattern,
}

/// A game in progress under one ruleset: legal moves, play/undo, the end and its score.
///
/// Implementations keep the whole history the ko rule reads, so that
/// `play` followed by `undo` restores every observable part of the state.
pub trait Game: Clone + Send + Sync {
    /// The rules.
    fn rules(&self) -> &Rules;
    /// The board.
    fn board(&self) -> &Board;
    /// The current position.
    fn position(&self) -> Position;
    /// The player to move.
    fn to_move(&self) -> Color;
    /// The moves played so far.
    fn moves(&self) -> &[Move];
    /// Appends the legal moves to `out` (nothing once the game is over).
    /// Board plays come in point order, then pass, delays and draw.
    fn legal_moves(&self, out: &mut Vec<Move>);
    /// Whether `m` is legal now.
    fn is_legal(&self, m: Move) -> bool;
    /// Plays `m`, which must be legal (checked in debug builds).
    fn play(&mut self, m: Move);
    /// Takes back the last move. Panics if none was played.
    fn undo(&mut self);
    /// `Some` once the game is over: by the end condition, by a draw
    /// declaration, or because the player to move has no legal move (she loses).
    fn result(&self) -> Option<GameResult>;
    /// A 128-bit digest of everything that decides the rest of the game
    /// (legal moves, end and score of every continuation), or `None` where
    /// that depends on the order of the moves played (Kee).
    /// Two states with equal keys have equal futures (up to 128-bit hash collisions).
    fn future_key(&self) -> Option<u128>;
    /// The position's 128-bit Zobrist hash, kept incrementally.
    fn position_hash(&self) -> u128;

    /// Dependency tracking (docs/solver.md, "Dependency tracking"): the
    /// 64-bit digest of the history entry that playing `m` adds now, if it
    /// adds one. Where [`Game::history_entries`] returns `true`, a board
    /// play legal on the board alone (not occupied, no forbidden suicide)
    /// always has an entry, and it is legal exactly when that entry is not
    /// in the history and a condition on the rest of the future key holds
    /// (basic-fixed: it does not recreate the position two moves back;
    /// bkr: it is not the point the basic ko rule bans now); a
    /// board play illegal on the board has `None`; the legality of the
    /// other moves never reads the history.
    fn history_entry(&self, m: Move) -> Option<u64> {
        let _ = m;
        None
    }

    /// The entry the last move added: what [`Game::history_entry`] gave
    /// for it before it was played (`None` before the first move).
    fn last_entry(&self) -> Option<u64> {
        None
    }

    /// Appends the digests of the history's entries (see
    /// [`Game::history_entry`]) and returns `true`, or returns `false`
    /// (the default) where legality reads more than such a set and the
    /// future key's other parts (Kee's ordered log). Where supported,
    /// the end and the score read the history only through legality (a
    /// player without a legal move loses).
    fn history_entries(&self, out: &mut Vec<u64>) -> bool {
        let _ = out;
        false
    }

    /// Dependency tracking's key: [`Game::future_key`] without the history
    /// the ko rule reads (position, player to move, passes, prisoners, ...,
    /// basic-fixed's position two moves back and bkr's basic ko ban), in a
    /// key space of its own; `None` (the default) where the ruleset has no
    /// such key. Two states with equal keys and equal histories have equal
    /// values, which is all the solver's tables read; they may differ in
    /// their futures where a proven lemma says the difference never
    /// changes a value (Fundamental and Ultimate Go: the prisoners both
    /// bowls have in common, docs/solver.md).
    fn history_free_key(&self) -> Option<u128> {
        None
    }

    /// Symmetry (docs/solver.md, "Symmetry"): how many of the board's
    /// symmetries ([`Board::symmetries`], the identity first) dependency
    /// tracking may key this state's results under; 1 (the default) means
    /// the identity only. Where more than 1, the ruleset is invariant
    /// under each of them: the image of a state under a symmetry has the
    /// images of its legal moves, its history entries and its results
    /// (so [`Game::history_free_key_under`], [`Game::last_entry_images`]
    /// and [`Game::history_entry_images`] describe the image state).
    fn key_symmetries(&self) -> usize {
        1
    }

    /// [`Game::history_free_key`] of the image of this state under
    /// symmetry `sym` of the board (`sym < key_symmetries()`; 0 is the
    /// identity).
    fn history_free_key_under(&self, sym: usize) -> Option<u128> {
        assert_eq!(sym, 0, "this game has no symmetric keys");
        self.history_free_key()
    }

    /// The canonical history-free key of this state under the first
    /// `syms` symmetries (at most [`Game::key_symmetries`]) and the
    /// symmetry that gives it: the key of the image under one of them, the
    /// same for every state of one orbit, with the least such symmetry.
    /// The default is the least of [`Game::history_free_key_under`] over
    /// the symmetries, ties going to the least symmetry; a ruleset may
    /// choose otherwise where its choice is still a function of the orbit
    /// (docs/solver.md, "Symmetry"). `None` where there is no such key.
    fn canonical_history_free_key(&self, syms: usize) -> Option<(u128, usize)> {
        let mut best = (self.history_free_key_under(0)?, 0);
        for s in 1..syms {
            let k = self.history_free_key_under(s)?;
            if k < best.0 {
                best = (k, s);
            }
        }
        Some(best)
    }

    /// Writes to `out[s]`, for each `s < key_symmetries()`, the digest of
    /// the image under symmetry `s` of the entry the last move added
    /// ([`Game::last_entry`]; `out[0]` is that entry); returns whether the
    /// last move added one.
    fn last_entry_images(&self, out: &mut [u64]) -> bool {
        match self.last_entry() {
            Some(e) => {
                out[0] = e;
                true
            }
            None => false,
        }
    }

    /// Appends, for each entry of [`Game::history_entries`] (same order),
    /// the digests of its images under symmetries `0..key_symmetries()`;
    /// returns `false` where dependency tracking does not apply.
    fn history_entry_images(&self, out: &mut Vec<u64>) -> bool {
        self.history_entries(out)
    }

    /// Exact bounds `(lower, upper)` on the value of the game from here, in
    /// the solver's scale (Black's area margin at komi 0), that hold
    /// whatever the history before this state and whatever is played
    /// after it; `None` (the default) where the ruleset gives none. See
    /// docs/solver.md, "Static bounds", for why each ruleset that gives
    /// them may.
    fn static_bounds(&self) -> Option<(i32, i32)> {
        None
    }

    /// The static bounds with each side's territory regions counted too
    /// ([`Position::safe_regions`]), where the ruleset allows it; `None`
    /// (the default) elsewhere. Unlike [`Game::static_bounds`] these read
    /// the history: each side's bound holds where no position before this
    /// state has that side's pass-alive stones and one of its stones in
    /// its territory regions ([`Territory`]; docs/solver.md, "Territory").
    fn territory_bounds(&self) -> Option<Territory> {
        None
    }
    /// Plays `m` if it is legal; returns whether it was.
    fn try_play(&mut self, m: Move) -> bool {
        if self.result().is_none() && self.is_legal(m) {
            self.play(m);
            true
        } else {
            false
        }
    }

    /// The legal moves as a new vector.
    fn legal_move_list(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v
    }
}

/// Marks a history-free key, so that it never equals a whole key.
pub(crate) const HISTORY_FREE_TAG: u128 = 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C834;

/// A history entry's 64-bit digest for dependency tracking.
#[inline]
pub(crate) fn entry_digest<K: kosolve_history::HistoryKey>(k: &K) -> u64 {
    digest_entry(k.digest())
}

/// [`entry_digest`] from the key's 128-bit digest ([`kosolve_history::HistoryKey::digest`]).
#[inline]
pub(crate) fn digest_entry(key_digest: u128) -> u64 {
    let d = kosolve_history::zobrist::mix128(key_digest);
    (d ^ (d >> 64)) as u64
}

/// The most symmetries dependency tracking keys results by
/// ([`Game::key_symmetries`]): a square's 8. A board with a larger group
/// (a ring of more than 4 points) uses the identity only, since the
/// canonical key needs the whole group (docs/solver.md, "Symmetry").
pub const MAX_KEY_SYMMETRIES: usize = 8;

/// The number of symmetries of `board` that keys use: all of them, or 1
/// where there are more than [`MAX_KEY_SYMMETRIES`].
pub(crate) fn key_symmetry_count(board: &Board) -> usize {
    match board.symmetries().len() {
        n if n <= MAX_KEY_SYMMETRIES => n,
        _ => 1,
    }
}

/// The Zobrist hashes of a position's images under the first `n`
/// symmetries of the board, kept incrementally like the position's own
/// hash (index 0 is the identity: that hash itself).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SymHashes {
    h: [u128; MAX_KEY_SYMMETRIES],
    n: u8,
}

impl SymHashes {
    /// The identity alone, for a position whose hash is `hash`.
    pub const fn identity(hash: u128) -> SymHashes {
        let mut h = [0u128; MAX_KEY_SYMMETRIES];
        h[0] = hash;
        SymHashes { h, n: 1 }
    }

    /// The hashes of `pos`'s images under symmetries `0..n`.
    pub fn of(board: &Board, pos: &Position, n: usize) -> SymHashes {
        let mut h = [0u128; MAX_KEY_SYMMETRIES];
        for (s, x) in h.iter_mut().enumerate().take(n) {
            *x = kosolve_history::zobrist::position_hash(&pos.transform(board, s));
        }
        SymHashes { h, n: n as u8 }
    }

    /// The number of symmetries.
    #[inline]
    pub fn len(&self) -> usize {
        self.n as usize
    }

    /// The hash of the image under symmetry `s`.
    #[inline]
    pub fn get(&self, s: usize) -> u128 {
        debug_assert!(s < self.n as usize);
        self.h[s]
    }

    /// The hash of the image under symmetry `sym` with the player to move
    /// mixed in ([`with_turn`]); `own` is the position's own hash, which
    /// stands for the identity.
    #[inline]
    pub fn turn_hash(&self, own: u128, sym: usize, to_move: Color) -> u128 {
        with_turn(if sym == 0 { own } else { self.get(sym) }, to_move)
    }

    /// The hashes after a board play by `c` at `p` that captured
    /// `captured` and removed `suicided` (see
    /// [`kosolve_history::zobrist::hash_after_play`]), each mapped by its symmetry.
    #[inline]
    pub fn after_play(
        &self,
        board: &Board,
        c: Color,
        p: Point,
        captured: kosolve_board::Bitboard,
        suicided: kosolve_board::Bitboard,
    ) -> SymHashes {
        use kosolve_history::zobrist::stone_key;
        let mut out = *self;
        for (s, x) in out.h.iter_mut().enumerate().take(self.n as usize) {
            let perm = &board.symmetries()[s];
            let at = |q: Point| Point(perm[q.index()]);
            *x ^= stone_key(c, at(p));
            for q in captured {
                *x ^= stone_key(c.opponent(), at(q));
            }
            for q in suicided {
                *x ^= stone_key(c, at(q));
            }
        }
        out
    }
}

/// `hash` with the player to move mixed in (White's Zobrist key; nothing
/// for Black).
#[inline]
pub(crate) fn with_turn(hash: u128, to_move: Color) -> u128 {
    hash ^ if to_move == Color::White {
        kosolve_history::zobrist::WHITE_TO_MOVE
    } else {
        0
    }
}

/// Combines parts of a future key.
#[inline]
pub(crate) fn combine(acc: u128, part: u128) -> u128 {
    kosolve_history::zobrist::mix128(acc ^ part).wrapping_add(part.rotate_left(64))
}
