//! Every legal move's exact value from one start, under one ruleset or
//! several side by side (`kosolve analyze`, docs/analyze.md).
//!
//! [`analyze`] plays each legal move of the player to move (the pass and,
//! in Fundamental and Ultimate Go, the delays included) and solves the
//! game after it with its whole history, so every ko rule sees what it
//! reads. Where the ruleset's search keeps transposition tables, one set
//! of tables serves every move: each entry is an exact statement about
//! the state its key names, whatever the root it was found from
//! (docs/solver.md, "Keeping the tables between solves"). The rulesets
//! themselves never share a table.
//!
//! The [`text`], [`json`] and [`csv`] modules render one analysis per
//! ruleset side by side; [`sgf`] writes them as SGF variations.

pub mod csv;
pub mod json;
pub mod markdown;
mod search;
pub mod sgf;
pub mod svg;
pub mod text;

use kosolve_board::{Board, Color};
use kosolve_rules::{Move, Rules, Ruleset, ValueKind};
use kosolve_solver::{Outcome, SolveError, Stop, Value};
use std::fmt;

pub use search::analyze;

/// How far the analysis of one move got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveStatus {
    /// The value is exact.
    Solved,
    /// The move ends the game; its value is the final score.
    Ends,
    /// A budget or Ctrl-C stopped the move's search: the bounds are proven,
    /// the value is not.
    Stopped(Stop),
    /// The budget was spent before the move's turn: the bounds are the
    /// ruleset's whole range.
    NotSearched(Stop),
    /// The solver does not offer this search (a board too large for the
    /// method, a start the method cannot take); the text says why.
    Refused(String),
}

impl MoveStatus {
    /// A short name for tables and JSON: `solved`, `ends`, `stopped`,
    /// `not searched`, `refused`.
    pub fn name(&self) -> &'static str {
        match self {
            MoveStatus::Solved => "solved",
            MoveStatus::Ends => "ends",
            MoveStatus::Stopped(_) => "stopped",
            MoveStatus::NotSearched(_) => "not searched",
            MoveStatus::Refused(_) => "refused",
        }
    }

    /// Whether the value is exact.
    pub fn is_exact(&self) -> bool {
        matches!(self, MoveStatus::Solved | MoveStatus::Ends)
    }
}

/// One legal move and what the analysis proved about the game after it.
#[derive(Clone, Debug)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its name on the board (`B2`, `pass`, `delay`, ...).
    pub name: String,
    /// Proven lower bound on the value after the move, in the ruleset's
    /// order (see [`MoveValue::order_key`]).
    pub lower: i32,
    /// Proven upper bound.
    pub upper: i32,
    /// The exact value, where proven.
    pub value: Option<Value>,
    /// The outcome at the analysis's komi, where proven.
    pub outcome: Option<Outcome>,
    /// The principal variation, starting with the move (empty unless solved).
    pub pv: Vec<Move>,
    /// Nodes the move's search looked at.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
    /// How far it got.
    pub status: MoveStatus,
}

/// The analysis of one start under one ruleset.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The rules, with the komi the outcomes use.
    pub rules: Rules,
    /// The player to move at the start.
    pub to_move: Color,
    /// Every legal move, in the board's order, then the pass, then the
    /// rulesets' other moves (delays, draw declarations).
    pub moves: Vec<MoveValue>,
    /// Nodes over every move.
    pub nodes: u64,
    /// Seconds over every move.
    pub seconds: f64,
    /// What stopped the analysis early, if anything.
    pub stopped: Option<Stop>,
}

impl Analysis {
    /// The indices of the moves proven best for the player to move: exact,
    /// and at least as good as every other move's upper (Black) or lower
    /// (White) bound. Empty where no move is proven best.
    pub fn best(&self) -> Vec<usize> {
        let black = self.to_move == Color::Black;
        let exact: Vec<usize> = (0..self.moves.len())
            .filter(|&i| self.moves[i].status.is_exact())
            .collect();
        let Some(&top) = exact
            .iter()
            .max_by_key(|&&i| Self::for_mover(black, self.moves[i].lower))
        else {
            return Vec::new();
        };
        let v = self.moves[top].lower;
        let beaten = self
            .moves
            .iter()
            .any(|m| if black { m.upper > v } else { m.lower < v });
        if beaten {
            return Vec::new();
        }
        exact
            .into_iter()
            .filter(|&i| self.moves[i].lower == v)
            .collect()
    }

    fn for_mover(black: bool, v: i32) -> i32 {
        if black {
            v
        } else {
            -v
        }
    }

    /// Whether every move's value is exact.
    pub fn is_complete(&self) -> bool {
        self.moves.iter().all(|m| m.status.is_exact())
    }

    /// The move named `name`, if legal here.
    pub fn find(&self, name: &str) -> Option<&MoveValue> {
        self.moves.iter().find(|m| m.name == name)
    }
}

/// The winner of an outcome: +1 Black, -1 White, 0 neither (jigo, draw,
/// void). Used to mark where rulesets part.
pub fn winner(o: Outcome) -> i32 {
    match o {
        Outcome::BlackBy(_) | Outcome::BlackWins => 1,
        Outcome::WhiteBy(_) | Outcome::WhiteWins => -1,
        Outcome::Jigo | Outcome::Draw | Outcome::Void => 0,
    }
}

/// Whether the rulesets part on one move: two exact values of margin
/// rulesets differ, or two exact outcomes name different winners.
pub fn parts(cells: &[Option<&MoveValue>], rules: &[Rules]) -> bool {
    let exact: Vec<(Ruleset, &MoveValue)> = cells
        .iter()
        .zip(rules)
        .filter_map(|(c, r)| c.filter(|m| m.status.is_exact()).map(|m| (r.ruleset, m)))
        .collect();
    let margins: Vec<i32> = exact
        .iter()
        .filter(|(r, _)| r.value_kind() == ValueKind::Margin && *r != Ruleset::Basic)
        .map(|(_, m)| m.lower)
        .collect();
    let winners: Vec<i32> = exact
        .iter()
        .filter_map(|(_, m)| m.outcome.map(winner))
        .collect();
    margins.windows(2).any(|w| w[0] != w[1]) || winners.windows(2).any(|w| w[0] != w[1])
}

/// Why an analysis cannot start.
#[derive(Debug)]
pub enum AnalyzeError {
    /// The start cannot be played under the ruleset, or the board is too
    /// large for it (the solver's own error).
    Solve(SolveError),
    /// The game is already over at the start: there is no move to analyse.
    GameOver,
}

impl fmt::Display for AnalyzeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalyzeError::Solve(e) => e.fmt(f),
            AnalyzeError::GameOver => {
                f.write_str("the game is over at the start: no move to analyse")
            }
        }
    }
}

impl std::error::Error for AnalyzeError {}

impl From<SolveError> for AnalyzeError {
    fn from(e: SolveError) -> Self {
        AnalyzeError::Solve(e)
    }
}

/// The move names of a line, separated by spaces.
pub fn line_text(board: &Board, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.name(board))
        .collect::<Vec<_>>()
        .join(" ")
}
