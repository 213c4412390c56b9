//! [`FundamentalGame`]: Fundamental Go and Ultimate Go (docs/rules.md,
//! "`fundamental`: Fundamental Go (no-pass Go with prisoner return)", "`ultimate`:
//! Ultimate Go (the original rules, section III)" and "`ultimate-simple`: the current,
//! simplified version").

use crate::game::{
    combine, digest_entry, entry_digest, key_symmetry_count, SymHashes, HISTORY_FREE_TAG,
};
use crate::{Game, GameResult, Move, Rules, Ruleset, Start};
use kosolve_board::{Board, Color, Position, Suicide};
use kosolve_history::zobrist::{hash_after_play, position_hash};
use kosolve_history::HistorySet;
use std::sync::Arc;

#[derive(Clone, Debug)]
struct Frame {
    mv: Move,
    prev_pos: Position,
    prev_hash: u128,
    prev_sym: SymHashes,
    prev_prisoners: [u32; 2],
    prev_ultimate: [bool; 2],
    prev_draw_right: Option<Color>,
    prev_any_delay: bool,
}

/// A game of Fundamental Go (`fundamental`) or Ultimate Go (`ultimate`,
/// `ultimate-simple`): no pass; placements under positional superko
/// without suicide; delays return prisoners; a player without a legal move loses.
#[derive(Clone, Debug)]
pub struct FundamentalGame {
    rules: Rules,
    board: Arc<Board>,
    ultimate: bool,
    simple: bool,
    pos: Position,
    hash: u128,
    /// The hashes of the position's images under the board's symmetries
    /// ([`Game::key_symmetries`]), kept incrementally.
    sym: SymHashes,
    to_move: Color,
    occurred: HistorySet<Position>,
    prisoners: [u32; 2],
    ultimate_used: [bool; 2],
    draw_right: Option<Color>,
    any_delay: bool,
    drawn: bool,
    frames: Vec<Frame>,
    moves: Vec<Move>,
}

impl FundamentalGame {
    /// A new game. Komi K (whole part, docs/rules.md, "`fundamental`: Fundamental Go
    /// (no-pass Go with prisoner return)") is given as
    /// prisoners: K >= 0 puts K stones in White's bowl, K < 0 puts -K in
    /// Black's; a half point makes a draw count as a White win (see
    /// [`FundamentalGame::draw_is_white_win`]).
    pub fn new(board: Arc<Board>, rules: Rules) -> FundamentalGame {
        FundamentalGame::from_start(board, rules, &Start::EMPTY)
    }

    /// A new game from `start` (docs/rules.md, "Starting from a position"):
    /// the start's prisoners, then komi's added as in [`FundamentalGame::new`];
    /// the start position has occurred; ultimate prisoners unused.
    pub fn from_start(board: Arc<Board>, rules: Rules, start: &Start) -> FundamentalGame {
        let (ultimate, simple) = match rules.ruleset {
            Ruleset::Fundamental => (false, false),
            Ruleset::Ultimate => (true, false),
            Ruleset::UltimateSimple => (true, true),
            r => panic!("{r} is not Fundamental or Ultimate Go"),
        };
        let (k, _) = rules.komi.split();
        let prisoners = if k >= 0 {
            [start.prisoners[0], start.prisoners[1] + k as u32]
        } else {
            [start.prisoners[0] + (-k) as u32, start.prisoners[1]]
        };
        let mut occurred = HistorySet::new();
        occurred.push(start.position);
        let sym = SymHashes::of(&board, &start.position, key_symmetry_count(&board));
        FundamentalGame {
            rules,
            board,
            ultimate,
            simple,
            pos: start.position,
            hash: position_hash(&start.position),
            sym,
            to_move: start.to_move,
            occurred,
            prisoners,
            ultimate_used: [false; 2],
            draw_right: None,
            any_delay: false,
            drawn: false,
            frames: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The same game started with `extra` more prisoners in each bowl
    /// (claim (a) of *Ultimate*, docs/rules.md, "8. Claims from the sources the
    /// results should settle"). Only before the first move.
    pub fn with_extra_prisoners(mut self, extra: u32) -> FundamentalGame {
        assert!(self.moves.is_empty());
        self.prisoners[0] += extra;
        self.prisoners[1] += extra;
        self
    }

    /// The same game with ultimate delays already made before the start
    /// (`ultimate` and `ultimate-simple` only; before the first move): `first`
    /// made the first one; with `second`, her opponent has made his too, so
    /// `first` holds the right to declare a draw.
    pub fn with_ultimate_delays(mut self, first: Color, second: bool) -> FundamentalGame {
        assert!(self.ultimate && self.moves.is_empty());
        self.ultimate_used[first.index()] = true;
        self.any_delay = true;
        if second {
            self.ultimate_used[first.opponent().index()] = true;
            self.draw_right = Some(first);
        }
        self
    }

    /// Prisoners held by `c`.
    pub fn prisoners(&self, c: Color) -> u32 {
        self.prisoners[c.index()]
    }

    /// Whether `c` has played her ultimate delay.
    pub fn ultimate_used(&self, c: Color) -> bool {
        self.ultimate_used[c.index()]
    }

    /// The player who may declare a draw, if any.
    pub fn draw_right(&self) -> Option<Color> {
        self.draw_right
    }

    /// Whether the komi's half point makes a draw count as a White win.
    pub fn draw_is_white_win(&self) -> bool {
        self.rules.komi.split().1
    }

    fn placement(&self, m: Move) -> Option<kosolve_board::Played> {
        let Move::Play(p) = m else { return None };
        let played = self
            .pos
            .play(&self.board, self.to_move, p, Suicide::Forbidden)
            .ok()?;
        if self.occurred.contains(&played.position) {
            return None;
        }
        Some(played)
    }

    fn delay_legal(&self) -> bool {
        self.prisoners[self.to_move.index()] > 0 && (!self.simple || self.any_delay)
    }

    fn ultimate_legal(&self) -> bool {
        let c = self.to_move;
        self.ultimate
            && !self.ultimate_used[c.index()]
            && !(self.simple
                && self.ultimate_used[c.opponent().index()]
                && self.prisoners[c.index()] > 0)
    }

    /// The prisoners as a key holds them. The future key holds both counts
    /// as they are: it names the exact future (the game counts read it).
    /// The history-free keys, which only the solver's tables read, hold
    /// the bowls less their common part under `fundamental` and
    /// `ultimate`, where one prisoner more in each bowl never changes the
    /// value of a state (docs/solver.md, "Prisoners in the keys of
    /// Fundamental and Ultimate Go"); under `ultimate-simple`, whose second
    /// ultimate delay reads the regular prisoners, both counts as they are.
    fn key_prisoners(&self, for_values: bool) -> [u32; 2] {
        if self.simple || !for_values {
            return self.prisoners;
        }
        let common = self.prisoners[0].min(self.prisoners[1]);
        [self.prisoners[0] - common, self.prisoners[1] - common]
    }

    /// The future key with `occ` as the hash of the positions that occurred.
    fn key_with(&self, occ: u128) -> u128 {
        self.key_under(0, occ, false)
    }

    /// [`FundamentalGame::key_with`] of the image of this state under
    /// symmetry `sym` of the board: only the position moves; prisoners,
    /// delay flags and the draw right are not on the board. With
    /// `for_values`, the prisoners as the history-free keys hold them
    /// ([`FundamentalGame::key_prisoners`]).
    fn key_under(&self, sym: usize, occ: u128, for_values: bool) -> u128 {
        if self.drawn {
            return u128::MAX;
        }
        let mut k = self.sym.turn_hash(self.hash, sym, self.to_move);
        k = combine(k, occ);
        let p = self.key_prisoners(for_values);
        let flags = (p[0] as u128)
            | (p[1] as u128) << 32
            | (self.ultimate_used[0] as u128) << 64
            | (self.ultimate_used[1] as u128) << 65
            | ((self.simple && self.any_delay) as u128) << 66
            | (match self.draw_right {
                None => 0u128,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            }) << 67;
        combine(k, flags)
    }
}

impl Game for FundamentalGame {
    game_accessors!();

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.drawn {
            return;
        }
        for p in self.pos.empty(&self.board) {
            if self.placement(Move::Play(p)).is_some() {
                out.push(Move::Play(p));
            }
        }
        if self.delay_legal() {
            out.push(Move::Delay);
        }
        if self.ultimate_legal() {
            out.push(Move::UltimateDelay);
        }
        if self.draw_right == Some(self.to_move) {
            out.push(Move::DeclareDraw);
        }
    }

    fn is_legal(&self, m: Move) -> bool {
        if self.drawn {
            return false;
        }
        match m {
            Move::Play(_) => self.placement(m).is_some(),
            Move::Delay => self.delay_legal(),
            Move::UltimateDelay => self.ultimate_legal(),
            Move::DeclareDraw => self.draw_right == Some(self.to_move),
            Move::Pass => false,
        }
    }

    fn play(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m:?}");
        let c = self.to_move;
        self.frames.push(Frame {
            mv: m,
            prev_pos: self.pos,
            prev_hash: self.hash,
            prev_sym: self.sym,
            prev_prisoners: self.prisoners,
            prev_ultimate: self.ultimate_used,
            prev_draw_right: self.draw_right,
            prev_any_delay: self.any_delay,
        });
        match m {
            Move::Play(p) => {
                let played = self.placement(m).expect("play() of an illegal placement");
                self.prisoners[c.index()] += played.captured.count();
                self.hash = hash_after_play(self.hash, c, p, played.captured, played.suicided);
                self.sym = self
                    .sym
                    .after_play(&self.board, c, p, played.captured, played.suicided);
                self.pos = played.position;
                self.occurred.push(self.pos);
            }
            Move::Delay => {
                self.prisoners[c.index()] -= 1;
                self.any_delay = true;
            }
            Move::UltimateDelay => {
                self.ultimate_used[c.index()] = true;
                self.any_delay = true;
                if self.ultimate_used[c.opponent().index()] {
                    // The second ultimate delay: the first one's player may now declare a draw.
                    self.draw_right = Some(c.opponent());
                }
            }
            Move::DeclareDraw => {
                self.drawn = true;
            }
            Move::Pass => panic!("no pass in {}", self.rules.ruleset),
        }
        self.moves.push(m);
        self.to_move = c.opponent();
    }

    fn undo(&mut self) {
        let f = self.frames.pop().expect("undo with no move played");
        self.moves.pop();
        match f.mv {
            Move::Play(_) => self.occurred.pop(self.pos),
            Move::DeclareDraw => self.drawn = false,
            _ => {}
        }
        self.pos = f.prev_pos;
        self.hash = f.prev_hash;
        self.sym = f.prev_sym;
        self.prisoners = f.prev_prisoners;
        self.ultimate_used = f.prev_ultimate;
        self.draw_right = f.prev_draw_right;
        self.any_delay = f.prev_any_delay;
        self.to_move = self.to_move.opponent();
    }

    fn result(&self) -> Option<GameResult> {
        if self.drawn {
            return Some(GameResult::Draw);
        }
        let c = self.to_move;
        let has_move = self.delay_legal()
            || self.ultimate_legal()
            || self.draw_right == Some(c)
            || self
                .pos
                .empty(&self.board)
                .iter()
                .any(|p| self.placement(Move::Play(p)).is_some());
        (!has_move).then_some(GameResult::Win(c.opponent()))
    }

    fn future_key(&self) -> Option<u128> {
        Some(self.key_with(self.occurred.hash()))
    }

    fn history_entry(&self, m: Move) -> Option<u64> {
        let Move::Play(p) = m else { return None };
        let new = self
            .pos
            .play(&self.board, self.to_move, p, Suicide::Forbidden)
            .ok()?
            .position;
        Some(entry_digest(&new))
    }

    fn last_entry(&self) -> Option<u64> {
        matches!(self.moves.last(), Some(Move::Play(_))).then(|| entry_digest(&self.pos))
    }

    fn history_entries(&self, out: &mut Vec<u64>) -> bool {
        out.extend(self.occurred.keys().map(entry_digest));
        true
    }

    fn history_free_key(&self) -> Option<u128> {
        Some(combine(self.key_under(0, 0, true), HISTORY_FREE_TAG))
    }

    /// Every symmetry of the board, up to [`crate::MAX_KEY_SYMMETRIES`]: the
    /// rules read positions, which the board's symmetries map to positions
    /// (docs/solver.md, "Symmetry").
    fn key_symmetries(&self) -> usize {
        self.sym.len()
    }

    fn history_free_key_under(&self, sym: usize) -> Option<u128> {
        Some(combine(self.key_under(sym, 0, true), HISTORY_FREE_TAG))
    }

    fn last_entry_images(&self, out: &mut [u64]) -> bool {
        if !matches!(self.moves.last(), Some(Move::Play(_))) {
            return false;
        }
        for (s, o) in out.iter_mut().enumerate().take(self.key_symmetries()) {
            *o = digest_entry(self.sym.get(s));
        }
        true
    }

    fn history_entry_images(&self, out: &mut Vec<u64>) -> bool {
        let n = self.key_symmetries();
        for k in self.occurred.keys() {
            out.extend((0..n).map(|s| entry_digest(&k.transform(&self.board, s))));
        }
        true
    }

    fn position_hash(&self) -> u128 {
        self.hash
    }
}
