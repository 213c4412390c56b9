//! Every kosolve ruleset behind one [`Game`] trait.
//!
//! - [`StandardGame`]: psk, ssk, nssk, fixed, basic, basic-fixed, bkr, primitive, tromp-taylor.
//! - [`KeeGame`]: Kee Rules v3.0.
//! - [`FundamentalGame`]: fundamental, ultimate, ultimate-simple.
//! - [`AnyGame`]: any of them, chosen by [`Rules`].
//!
//! The readings are those of docs/rules.md.

/// The five [`Game`] accessors that every game type answers from its own
/// fields of the same names: `rules`, `board` (an `Arc<Board>`), `pos`,
/// `to_move` and `moves`. Used inside each `impl Game for ...`.
macro_rules! game_accessors {
    () => {
        fn rules(&self) -> &Rules {
            &self.rules
        }
        fn board(&self) -> &Board {
            &self.board
        }
        fn position(&self) -> Position {
            self.pos
        }
        fn to_move(&self) -> Color {
            self.to_move
        }
        fn moves(&self) -> &[Move] {
            &self.moves
        }
    };
}

mod any;
mod fundamental;
mod game;
mod kee;
pub mod ko;
mod ruleset;
mod standard;
mod start;

pub use any::AnyGame;
pub use fundamental::FundamentalGame;
pub use game::{Game, GameResult, Move, Pattern, Territory, MAX_KEY_SYMMETRIES};
pub use kee::KeeGame;
pub use ruleset::{End, Family, Komi, Rules, RulesError, Ruleset, ValueKind};
pub use standard::StandardGame;
pub use start::{Setup, SetupError, Start};
