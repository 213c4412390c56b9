//! Writes game records as SGF FF\[4\]: the inverse of [`crate::parse`].
//!
//! [`write`] takes a [`Record`] (board, setup, player to move, komi and
//! moves) and [`Annotations`] (root properties such as the ruleset and the
//! result, a comment per move, and comment-only nodes between moves) and
//! returns one game tree with a single main line. What it writes, [`crate::parse`]
//! reads back to the same record: the property test in `tests/roundtrip.rs`
//! checks it on random boards, setups, komi texts and move lists.
//!
//! A comment-only node is how a record shows a game event that is not a board
//! move (a Fundamental Go delay, a draw declaration) or a closing remark. It
//! carries no `B`/`W` and no setup, so a reader sees no move there.

use crate::Record;
use kosolve_board::{Board, Shape};
use std::fmt::{self, Write as _};

/// Root properties written besides those a [`Record`] holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `AP`: the application that wrote the record.
    pub application: Option<String>,
    /// `RU`: the ruleset's name.
    pub ruleset: Option<String>,
    /// `RE`: the result (`B+1`, `0`, `?`, ...).
    pub result: Option<String>,
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `C` of the root node.
    pub comment: Option<String>,
}

/// A comment-only node of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// How many of the record's moves come before it (0: before the first
    /// move; the number of moves: after the last). Notes with the same
    /// `after` keep their order.
    pub after: usize,
    /// The comment.
    pub text: String,
}

/// What [`write`] adds to a [`Record`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotations {
    /// Root properties.
    pub header: Header,
    /// A comment for move `i` (from 0) of the record, where present. Entries
    /// past the record's moves are an error.
    pub move_comments: Vec<Option<String>>,
    /// Comment-only nodes.
    pub notes: Vec<Note>,
}

/// Why a record cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// SGF describes rectangles of up to 52 lines a side; the board is not one.
    Board {
        /// The board's name.
        board: String,
    },
    /// A setup stone or a move lies off the board.
    OffBoard {
        /// `setup` or `move N`.
        what: String,
    },
    /// A point is both black and white in the setup.
    SetupConflict,
    /// A comment or note refers to a move the record does not have.
    NoSuchMove {
        /// The move index (comments, from 0) or the `after` count (notes).
        index: usize,
        /// How many moves the record has.
        moves: usize,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Board { board } => write!(
                f,
                "SGF cannot describe the board '{board}' (only rectangles of up to 52 lines a side)"
            ),
            WriteError::OffBoard { what } => write!(f, "the {what} lies off the board"),
            WriteError::SetupConflict => f.write_str("a setup point is both black and white"),
            WriteError::NoSuchMove { index, moves } => write!(
                f,
                "an annotation refers to move {index}, but the record has {moves} moves"
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// The `SZ` value of `board`: `N` for an N x N board, `C:R` for C columns
/// and R rows; `None` where SGF cannot describe the board (not a rectangle,
/// or more than 52 lines a side).
pub fn size_value(board: &Board) -> Option<String> {
    match *board.shape() {
        Shape::Rect { rows, cols } if rows > 52 || cols > 52 => None,
        Shape::Rect { rows, cols } if rows == cols => Some(format!("{cols}")),
        Shape::Rect { rows, cols } => Some(format!("{cols}:{rows}")),
        _ => None,
    }
}

/// `text` escaped for an SGF property value: `\` and `]` get a backslash.
pub fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// Writes `record` with `notes` as one SGF game tree, ending in a newline.
///
/// The root holds `FF[4]GM[1]CA[UTF-8]`, then `AP`, `SZ`, `RU`, `KM`, `RE`,
/// `PB`, `PW`, `C`, and the setup (`AB`, `AW`, `PL`); each move and each
/// note is a node on its own line.
pub fn write(record: &Record, notes: &Annotations) -> Result<String, WriteError> {
    let board = &record.board;
    let size = size_value(board).ok_or_else(|| WriteError::Board {
        board: board.name().to_string(),
    })?;
    let moves = record.moves.len();
    if let Some(i) = notes.move_comments.len().checked_sub(1) {
        if i >= moves {
            return Err(WriteError::NoSuchMove { index: i, moves });
        }
    }
    if let Some(n) = notes.notes.iter().find(|n| n.after > moves) {
        return Err(WriteError::NoSuchMove {
            index: n.after,
            moves,
        });
    }
    let h = &notes.header;
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]");
    let prop = |out: &mut String, id: &str, v: &Option<String>| {
        if let Some(v) = v {
            let _ = write!(out, "{id}[{}]", escape(v));
        }
    };
    prop(&mut out, "AP", &h.application);
    prop(&mut out, "SZ", &Some(size));
    prop(&mut out, "RU", &h.ruleset);
    prop(&mut out, "KM", &record.komi);
    prop(&mut out, "RE", &h.result);
    prop(&mut out, "PB", &h.black);
    prop(&mut out, "PW", &h.white);
    prop(&mut out, "C", &h.comment);
    write_setup(&mut out, record)?;
    let note = |out: &mut String, after: usize| {
        for n in notes.notes.iter().filter(|n| n.after == after) {
            let _ = write!(out, "\n;C[{}]", escape(&n.text));
        }
    };
    for (i, m) in record.moves.iter().enumerate() {
        note(&mut out, i);
        let at = match m.point {
            Some(p) => board.sgf_point(p).filter(|_| board.all().contains(p)),
            None => Some(String::new()),
        }
        .ok_or_else(|| WriteError::OffBoard {
            what: format!("move {}", i + 1),
        })?;
        let _ = write!(out, "\n;{}[{at}]", m.color.letter());
        if let Some(Some(c)) = notes.move_comments.get(i) {
            let _ = write!(out, "C[{}]", escape(c));
        }
    }
    note(&mut out, moves);
    out.push_str(")\n");
    Ok(out)
}

/// `AB`, `AW` and `PL` of the root.
fn write_setup(out: &mut String, record: &Record) -> Result<(), WriteError> {
    let (board, setup) = (&record.board, &record.setup);
    if (setup.black & setup.white).any() {
        return Err(WriteError::SetupConflict);
    }
    if ((setup.black | setup.white) - board.all()).any() {
        return Err(WriteError::OffBoard {
            what: "setup".into(),
        });
    }
    for (id, set) in [("AB", setup.black), ("AW", setup.white)] {
        if set.any() {
            out.push_str(id);
            for p in set {
                let _ = write!(out, "[{}]", board.sgf_point(p).unwrap_or_default());
            }
        }
    }
    if let Some(c) = record.to_move {
        let _ = write!(out, "PL[{}]", c.letter());
    }
    Ok(())
}
