//! [`AnyGame`]: one type for every ruleset, dispatching to the three game kinds.

use crate::{Family, FundamentalGame, Game, GameResult, KeeGame, Move, Rules, StandardGame, Start};
use kosolve_board::{Board, Color, Position};
use std::sync::Arc;

/// A game under any ruleset.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// psk, ssk, nssk, fixed, basic, basic-fixed, bkr, primitive, tromp-taylor.
    Standard(StandardGame),
    /// kee.
    Kee(KeeGame),
    /// fundamental, ultimate, ultimate-simple.
    Fundamental(FundamentalGame),
}

impl AnyGame {
    /// A new game of `rules` on `board`.
    pub fn new(board: Arc<Board>, rules: Rules) -> AnyGame {
        AnyGame::from_start(board, rules, &Start::EMPTY)
    }

    /// A new game of `rules` on `board` from `start` (docs/rules.md,
    /// "Starting from a position"); [`Start::check`] tells whether the start suits them.
    pub fn from_start(board: Arc<Board>, rules: Rules, start: &Start) -> AnyGame {
        match rules.ruleset.family() {
            Family::Kee => AnyGame::Kee(KeeGame::from_start(board, rules, start)),
            Family::Fundamental => {
                AnyGame::Fundamental(FundamentalGame::from_start(board, rules, start))
            }
            Family::Standard => AnyGame::Standard(StandardGame::from_start(board, rules, start)),
        }
    }
}

macro_rules! each {
    ($self:ident, $g:ident => $e:expr) => {
        match $self {
            AnyGame::Standard($g) => $e,
            AnyGame::Kee($g) => $e,
            AnyGame::Fundamental($g) => $e,
        }
    };
}

impl Game for AnyGame {
    fn rules(&self) -> &Rules {
        each!(self, g => g.rules())
    }
    fn board(&self) -> &Board {
        each!(self, g => g.board())
    }
    fn position(&self) -> Position {
        each!(self, g => g.position())
    }
    fn to_move(&self) -> Color {
        each!(self, g => g.to_move())
    }
    fn moves(&self) -> &[Move] {
        each!(self, g => g.moves())
    }
    fn legal_moves(&self, out: &mut Vec<Move>) {
        each!(self, g => g.legal_moves(out))
    }
    fn is_legal(&self, m: Move) -> bool {
        each!(self, g => g.is_legal(m))
    }
    fn play(&mut self, m: Move) {
        each!(self, g => g.play(m))
    }
    fn undo(&mut self) {
        each!(self, g => g.undo())
    }
    fn result(&self) -> Option<GameResult> {
        each!(self, g => g.result())
    }
    fn future_key(&self) -> Option<u128> {
        each!(self, g => g.future_key())
    }
    fn position_hash(&self) -> u128 {
        each!(self, g => g.position_hash())
    }
    fn history_free_key(&self) -> Option<u128> {
        each!(self, g => g.history_free_key())
    }
    fn history_entry(&self, m: Move) -> Option<u64> {
        each!(self, g => g.history_entry(m))
    }
    fn last_entry(&self) -> Option<u64> {
        each!(self, g => g.last_entry())
    }
    fn history_entries(&self, out: &mut Vec<u64>) -> bool {
        each!(self, g => g.history_entries(out))
    }
    fn static_bounds(&self) -> Option<(i32, i32)> {
        each!(self, g => g.static_bounds())
    }
    fn territory_bounds(&self) -> Option<crate::Territory> {
        each!(self, g => g.territory_bounds())
    }
    fn key_symmetries(&self) -> usize {
        each!(self, g => g.key_symmetries())
    }
    fn history_free_key_under(&self, sym: usize) -> Option<u128> {
        each!(self, g => g.history_free_key_under(sym))
    }
    fn canonical_history_free_key(&self, syms: usize) -> Option<(u128, usize)> {
        each!(self, g => g.canonical_history_free_key(syms))
    }
    fn last_entry_images(&self, out: &mut [u64]) -> bool {
        each!(self, g => g.last_entry_images(out))
    }
    fn history_entry_images(&self, out: &mut Vec<u64>) -> bool {
        each!(self, g => g.history_entry_images(out))
    }
}
