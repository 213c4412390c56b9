//! Where a game starts: [`Start`] (a position, the player to move, prisoners)
//! and [`Setup`] (a start and the moves of a game record played from it).
//! docs/rules.md, "Starting from a position", gives the reading.

use crate::{AnyGame, FundamentalGame, Game, KeeGame, Move, Rules, Ruleset, StandardGame};
use kosolve_board::{Board, Color, Position};
use std::fmt;
use std::sync::Arc;

/// The start of a game: the position, the player to move and, for
/// Fundamental and Ultimate Go, the prisoners in each bowl before komi.
///
/// The start plays the role of the empty board: it has occurred, it is the
/// initial situation with its player to move, no one created it, no
/// transition and no pass has been made, there is no move two moves back,
/// nothing is recorded, and both Kee histories are empty.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Start {
    /// The position.
    pub position: Position,
    /// The player to move.
    pub to_move: Color,
    /// Prisoners held by Black and by White (Fundamental and Ultimate Go
    /// only; komi adds to them).
    pub prisoners: [u32; 2],
}

impl Start {
    /// The empty board, Black to move, no prisoners.
    pub const EMPTY: Start = Start {
        position: Position::EMPTY,
        to_move: Color::Black,
        prisoners: [0, 0],
    };

    /// A position with its player to move and no prisoners.
    pub const fn new(position: Position, to_move: Color) -> Start {
        Start {
            position,
            to_move,
            prisoners: [0, 0],
        }
    }

    /// The same start with these prisoners (held by Black, by White).
    pub const fn with_prisoners(mut self, black: u32, white: u32) -> Start {
        self.prisoners = [black, white];
        self
    }

    /// Whether this is the empty board with Black to move and no prisoners.
    pub fn is_empty_board(&self) -> bool {
        *self == Start::EMPTY
    }

    /// Checks that the start suits `board` and `rules`: stones only on the
    /// board's points, no point of both colours, every chain with a
    /// liberty, and prisoners only under Fundamental and Ultimate Go.
    pub fn check(&self, board: &Board, rules: &Rules) -> Result<(), SetupError> {
        let pos = self.position;
        if !pos.occupied().is_subset(board.all())
            || (pos.stones(Color::Black) & pos.stones(Color::White)).any()
        {
            return Err(SetupError::BadPosition(
                "the position has stones off the board or two stones on one point".into(),
            ));
        }
        for p in pos.occupied() {
            let chain = pos.chain(board, p);
            if pos.liberties(board, chain).is_empty() {
                return Err(SetupError::NoLiberty(board.point_name(p)));
            }
        }
        let fundamental = rules.ruleset.family() == crate::Family::Fundamental;
        if self.prisoners != [0, 0] && !fundamental {
            return Err(SetupError::Prisoners(rules.ruleset));
        }
        Ok(())
    }
}

impl Default for Start {
    fn default() -> Start {
        Start::EMPTY
    }
}

/// A start and the moves played from it (a game record's main line): the
/// moves count as history (positions they made have occurred, passes count
/// toward the end, ...).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Setup {
    /// The start.
    pub start: Start,
    /// The moves played from the start, in order.
    pub moves: Vec<Move>,
}

impl Setup {
    /// A start with no moves.
    pub fn at(start: Start) -> Setup {
        Setup {
            start,
            moves: Vec::new(),
        }
    }

    /// Whether the setup is the empty board with no moves.
    pub fn is_empty_board(&self) -> bool {
        self.start.is_empty_board() && self.moves.is_empty()
    }

    /// Plays the moves on `g` (a game at this setup's start), or names the
    /// first move the ruleset forbids.
    pub fn replay<G: Game>(&self, mut g: G) -> Result<G, SetupError> {
        for (i, &m) in self.moves.iter().enumerate() {
            if g.result().is_some() {
                return Err(SetupError::IllegalMove {
                    number: i + 1,
                    name: m.name(g.board()),
                    why: "the game is already over".into(),
                });
            }
            if !g.is_legal(m) {
                // The board's own reason where there is one, else the ko rule's.
                let board_reason = match m {
                    Move::Play(p) => g
                        .position()
                        .play(g.board(), g.to_move(), p, g.rules().suicide)
                        .err()
                        .map(|e| e.to_string()),
                    _ => None,
                };
                let why = board_reason.unwrap_or_else(|| {
                    format!(
                        "{} may not play it under {}",
                        g.to_move(),
                        g.rules().ruleset
                    )
                });
                return Err(SetupError::IllegalMove {
                    number: i + 1,
                    name: m.name(g.board()),
                    why,
                });
            }
            g.play(m);
        }
        Ok(g)
    }

    /// The game of `rules` (a standard ko rule) at the end of the setup.
    pub fn standard(&self, board: Arc<Board>, rules: Rules) -> Result<StandardGame, SetupError> {
        self.start.check(&board, &rules)?;
        self.replay(StandardGame::from_start(board, rules, &self.start))
    }

    /// The Kee game at the end of the setup.
    pub fn kee(&self, board: Arc<Board>, rules: Rules) -> Result<KeeGame, SetupError> {
        self.start.check(&board, &rules)?;
        self.replay(KeeGame::from_start(board, rules, &self.start))
    }

    /// The Fundamental or Ultimate Go game at the end of the setup.
    pub fn fundamental(
        &self,
        board: Arc<Board>,
        rules: Rules,
    ) -> Result<FundamentalGame, SetupError> {
        self.start.check(&board, &rules)?;
        self.replay(FundamentalGame::from_start(board, rules, &self.start))
    }

    /// The game of any ruleset at the end of the setup.
    pub fn game(&self, board: Arc<Board>, rules: Rules) -> Result<AnyGame, SetupError> {
        self.start.check(&board, &rules)?;
        self.replay(AnyGame::from_start(board, rules, &self.start))
    }
}

/// Why a start or a game record cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The position is not a position of the board.
    BadPosition(String),
    /// A chain (through the named point) has no liberty.
    NoLiberty(String),
    /// Prisoners were given for a ruleset without prisoners.
    Prisoners(Ruleset),
    /// A move of the record the ruleset forbids (1-based number).
    IllegalMove {
        /// The move's number, from 1.
        number: usize,
        /// The move's name.
        name: String,
        /// Why it is illegal.
        why: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BadPosition(why) => write!(f, "bad start position: {why}"),
            SetupError::NoLiberty(p) => write!(
                f,
                "bad start position: the chain through {p} has no liberty"
            ),
            SetupError::Prisoners(r) => write!(
                f,
                "prisoners apply to fundamental, ultimate and ultimate-simple only, not {r}"
            ),
            SetupError::IllegalMove { number, name, why } => {
                write!(f, "move {number} ({name}) is illegal: {why}")
            }
        }
    }
}

impl std::error::Error for SetupError {}
