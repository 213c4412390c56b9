//! Reads and writes SGF game records of Go: kosolve boards, setups and moves.
//!
//! [`parse`] reads the first game tree of an SGF collection (FF\[4\], and
//! FF\[3\] where that is harmless) and returns a [`Record`]: the board from
//! `SZ`, the setup position from `AB`/`AW`/`AE`, the player to move from
//! `PL`, the komi text from `KM`, and the moves of the main line (the first
//! variation at every branch). Other variations are checked for syntax only;
//! unknown properties are ignored.
//!
//! [`write`] is the inverse: it writes a [`Record`] with [`Annotations`]
//! (ruleset, result, comments), and [`parse`] reads what it writes back to
//! the same record.
//!
//! Coordinates are SGF's: `aa` is the top-left point, the column letter comes
//! first, then the row letter, each `a`..`z` then `A`..`Z` (as
//! [`Board::sgf_point`] writes them). On a 3x3 board `aa` is the point
//! that [`Board::point_name`] calls `A3`, `ca` is `C3` and `ac` is `A1`.
//!
//! What this crate does not check, and the caller must: that the setup
//! position is legal (every chain has a liberty, [`Position::is_legal`]),
//! that each move is legal under the ruleset (empty point, no suicide, ko),
//! and that the colours alternate; `to_move` is `None` without `PL`.
//!
//! # Example
//!
//! ```
//! use kosolve_board::{Board, Color};
//!
//! let record = kosolve_sgf::parse("(;GM[1]FF[4]SZ[3]AB[aa]PL[W];W[bb];B[])").unwrap();
//! assert_eq!(record.board, Board::rect(3, 3).unwrap());
//! assert!(record.setup.black.contains(record.board.parse_point("A3").unwrap()));
//! assert_eq!(record.to_move, Some(Color::White));
//! assert_eq!(record.moves.len(), 2);
//! assert_eq!(record.moves[0].point, record.board.parse_point("B2"));
//! assert_eq!(record.moves[1].point, None); // a pass
//! ```

mod syntax;
mod write;

pub use write::{escape, size_value, write, Annotations, Header, Note, WriteError};

use kosolve_board::{Bitboard, Board, Color, Point, Position, MAX_POINTS};
use std::fmt;
use syntax::{Node, Property, Value};

/// A game record: the board, the starting position and the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The board from `SZ`: `SZ[N]` is N x N, `SZ[C:R]` is C columns and R
    /// rows, that is `Board::rect(R, C)`.
    pub board: Board,
    /// The setup: `AE`, then `AB`, then `AW` of the root node applied to the
    /// empty board (and those of any later node before the first move, in
    /// order). Its legality is not checked.
    pub setup: Position,
    /// The player to move from `PL` (of the root, or of a later node before
    /// the first move), if present.
    pub to_move: Option<Color>,
    /// The text of `KM` (the first on the main line), unescaped and trimmed, if present.
    pub komi: Option<String>,
    /// The `B[..]` and `W[..]` moves of the main line, in order.
    pub moves: Vec<RecordMove>,
}

impl Record {
    /// Appends a move of `color` to the main line: a play at `point`, or
    /// a pass where it is `None`, numbered after the last.
    pub fn push_move(&mut self, color: Color, point: Option<Point>) {
        let number = self.moves.len() + 1;
        self.moves.push(RecordMove {
            color,
            point,
            number,
        });
    }
}

/// One move of a [`Record`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordMove {
    /// Who plays.
    pub color: Color,
    /// Where: `None` for a pass (`B[]`, or `B[tt]` on boards up to 19x19).
    pub point: Option<Point>,
    /// The move's number, from 1.
    pub number: usize,
}

/// Why an SGF text cannot be read. Offsets are byte offsets into the text,
/// from 0; nodes are numbered along the main line, the root being node 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// The text is not SGF: unbalanced brackets or parentheses, text before
    /// the first game tree, an empty collection or game tree, and the like.
    Syntax {
        /// Where the problem was found.
        offset: usize,
        /// What is wrong.
        message: String,
    },
    /// `GM` names a game other than Go (`GM[1]`).
    NotGo {
        /// Byte offset of the `GM` property.
        offset: usize,
        /// Its value.
        game: String,
    },
    /// `SZ` is not `N` or `C:R` with numbers at least 1.
    BadSize {
        /// Byte offset of the value.
        offset: usize,
        /// The value.
        text: String,
    },
    /// The board has more than 64 points. Without `SZ` the board is SGF's
    /// default 19x19, and this is the error.
    TooLarge {
        /// Columns.
        cols: usize,
        /// Rows.
        rows: usize,
    },
    /// A property value that cannot be read: a point that is not two letters,
    /// `PL` other than `B` or `W`, several values where one is expected.
    BadValue {
        /// Byte offset of the value.
        offset: usize,
        /// The property.
        property: String,
        /// The value, unescaped.
        text: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A move to a point off the board.
    OffBoard {
        /// The move's number, from 1.
        number: usize,
        /// The move's value.
        text: String,
    },
    /// A setup point (`AB`, `AW`, `AE`) off the board.
    SetupOffBoard {
        /// Byte offset of the value.
        offset: usize,
        /// The property.
        property: String,
        /// The value.
        text: String,
    },
    /// One node puts both a black (`AB`) and a white (`AW`) stone on a point.
    SetupConflict {
        /// Byte offset of the node's `;`.
        offset: usize,
        /// The node's number on the main line (root = 0).
        node: usize,
        /// The point, as an SGF coordinate.
        point: String,
    },
    /// A node with two moves (`B` and `W`, or one of them twice).
    TwoMoves {
        /// Byte offset of the node's `;`.
        offset: usize,
        /// The node's number on the main line (root = 0).
        node: usize,
    },
    /// A setup property (`AB`, `AW`, `AE`, `PL`) in a node after a move.
    SetupAfterMoves {
        /// Byte offset of the property.
        offset: usize,
        /// The node's number on the main line (root = 0).
        node: usize,
        /// The property.
        property: String,
        /// The moves played before it.
        moves: usize,
    },
    /// A root property (`SZ`) in a node other than the root.
    NotInRoot {
        /// Byte offset of the property.
        offset: usize,
        /// The node's number on the main line.
        node: usize,
        /// The property.
        property: String,
    },
}

impl SgfError {
    /// The byte offset in the text that the error names, if it names one
    /// ([`SgfError::TooLarge`] and [`SgfError::OffBoard`] do not).
    pub fn offset(&self) -> Option<usize> {
        match self {
            SgfError::Syntax { offset, .. }
            | SgfError::NotGo { offset, .. }
            | SgfError::BadSize { offset, .. }
            | SgfError::BadValue { offset, .. }
            | SgfError::SetupOffBoard { offset, .. }
            | SgfError::SetupConflict { offset, .. }
            | SgfError::TwoMoves { offset, .. }
            | SgfError::SetupAfterMoves { offset, .. }
            | SgfError::NotInRoot { offset, .. } => Some(*offset),
            SgfError::TooLarge { .. } | SgfError::OffBoard { .. } => None,
        }
    }
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Syntax { offset, message } => {
                write!(f, "SGF syntax error at byte {offset}: {message}")
            }
            SgfError::NotGo { offset, game } => write!(
                f,
                "GM[{game}] at byte {offset}: not a Go record (Go is GM[1])"
            ),
            SgfError::BadSize { offset, text } => write!(
                f,
                "SZ[{text}] at byte {offset} is not a board size; write SZ[N] for N x N or \
                 SZ[C:R] for C columns and R rows, each at least 1"
            ),
            SgfError::TooLarge { cols, rows } => {
                let points = cols.saturating_mul(*rows);
                write!(
                    f,
                    "the record's board has {cols} columns and {rows} rows ({points} points); \
                     kosolve boards have at most {MAX_POINTS} points"
                )?;
                if (*cols, *rows) == (19, 19) {
                    write!(f, " (19x19 is also SGF's default when SZ is absent)")?;
                }
                Ok(())
            }
            SgfError::BadValue {
                offset,
                property,
                text,
                expected,
            } => write!(
                f,
                "{property}[{text}] at byte {offset}: expected {expected}"
            ),
            SgfError::OffBoard { number, text } => {
                write!(f, "move {number} is at [{text}], which is off the board")
            }
            SgfError::SetupOffBoard {
                offset,
                property,
                text,
            } => write!(
                f,
                "{property}[{text}] at byte {offset}: the point is off the board"
            ),
            SgfError::SetupConflict {
                offset,
                node,
                point,
            } => write!(
                f,
                "node {node} at byte {offset} puts both a black (AB) and a white (AW) stone on [{point}]"
            ),
            SgfError::TwoMoves { offset, node } => write!(
                f,
                "node {node} at byte {offset} has two moves; a node holds at most one B or W"
            ),
            SgfError::SetupAfterMoves {
                offset,
                node,
                property,
                moves,
            } => write!(
                f,
                "setup property {property} at byte {offset} (node {node}) comes after move \
                 {moves}; only a setup before the first move can be read"
            ),
            SgfError::NotInRoot {
                offset,
                node,
                property,
            } => write!(
                f,
                "{property} at byte {offset} is in node {node}; it belongs in the root node"
            ),
        }
    }
}

impl std::error::Error for SgfError {}

/// The value of an escaped SGF text: `\` keeps the next character, and a
/// `\` before a line break removes both (a soft line break).
fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') => {
                chars.next_if_eq(&'\r');
            }
            Some('\r') => {
                chars.next_if_eq(&'\n');
            }
            Some(d) => out.push(d),
            None => {}
        }
    }
    out
}

/// A property's only value, unescaped and trimmed.
fn single(p: &Property<'_>) -> Result<(usize, String), SgfError> {
    match p.values.as_slice() {
        [v] => Ok((v.offset, unescape(v.raw).trim().to_string())),
        [_, second, ..] => Err(SgfError::BadValue {
            offset: second.offset,
            property: p.ident.clone(),
            text: unescape(second.raw),
            expected: "a single value",
        }),
        // The syntax gives every property a value.
        [] => Err(SgfError::BadValue {
            offset: p.offset,
            property: p.ident.clone(),
            text: String::new(),
            expected: "a value",
        }),
    }
}

/// A number of SZ: decimal digits, saturating.
fn size_number(s: &str) -> Option<usize> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.bytes().fold(0usize, |n, b| {
        n.saturating_mul(10).saturating_add(usize::from(b - b'0'))
    }))
}

/// The board of `SZ` (or SGF's 19x19 without it): `(board, cols, rows)`.
fn read_size(root: &Node<'_>) -> Result<(Board, usize, usize), SgfError> {
    let Some(p) = root.get("SZ") else {
        return Err(SgfError::TooLarge { cols: 19, rows: 19 });
    };
    let (offset, text) = single(p)?;
    let bad = || SgfError::BadSize {
        offset,
        text: text.clone(),
    };
    let (cols, rows) = match text.split_once(':') {
        Some((c, r)) => (size_number(c), size_number(r)),
        None => (size_number(&text), size_number(&text)),
    };
    let (Some(cols), Some(rows)) = (cols, rows) else {
        return Err(bad());
    };
    if cols == 0 || rows == 0 {
        return Err(bad());
    }
    if cols.saturating_mul(rows) > MAX_POINTS {
        return Err(SgfError::TooLarge { cols, rows });
    }
    let board = Board::rect(rows, cols).map_err(|_| bad())?;
    Ok((board, cols, rows))
}

/// The number of an SGF coordinate letter: `a`..`z` are 0..25, `A`..`Z` 26..51.
fn letter(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some(usize::from(b - b'a')),
        b'A'..=b'Z' => Some(usize::from(b - b'A') + 26),
        _ => None,
    }
}

/// An SGF point `cr` as (column, row), wherever it lies.
fn coordinate(s: &str) -> Option<(usize, usize)> {
    match s.as_bytes() {
        [c, r] => Some((letter(*c)?, letter(*r)?)),
        _ => None,
    }
}

/// The board, with its dimensions, for reading points.
struct Grid {
    board: Board,
    cols: usize,
    rows: usize,
}

impl Grid {
    /// The point at (column, row), if it is on the board.
    fn point(&self, (c, r): (usize, usize)) -> Option<Point> {
        (c < self.cols && r < self.rows).then(|| Point((r * self.cols + c) as u8))
    }

    /// The points of one value of `AB`, `AW` or `AE`: a point, a rectangle
    /// `aa:cc` (inclusive, any two opposite corners), or nothing (`[]`).
    fn setup_points(&self, p: &Property<'_>, v: &Value<'_>) -> Result<Bitboard, SgfError> {
        let text = unescape(v.raw).trim().to_string();
        if text.is_empty() {
            return Ok(Bitboard::EMPTY);
        }
        let corners = match text.split_once(':') {
            Some((a, b)) => coordinate(a.trim()).zip(coordinate(b.trim())),
            None => coordinate(&text).map(|a| (a, a)),
        };
        let Some((a, b)) = corners else {
            return Err(SgfError::BadValue {
                offset: v.offset,
                property: p.ident.clone(),
                text,
                expected: "a point (two letters a..z or A..Z, e.g. cd) or a rectangle (e.g. aa:cc)",
            });
        };
        if self.point(a).is_none() || self.point(b).is_none() {
            return Err(SgfError::SetupOffBoard {
                offset: v.offset,
                property: p.ident.clone(),
                text,
            });
        }
        let mut set = Bitboard::EMPTY;
        for r in a.1.min(b.1)..=a.1.max(b.1) {
            for c in a.0.min(b.0)..=a.0.max(b.0) {
                if let Some(q) = self.point((c, r)) {
                    set = set.with(q);
                }
            }
        }
        Ok(set)
    }

    /// The point of move `number`, `None` for a pass.
    fn move_point(&self, p: &Property<'_>, number: usize) -> Result<Option<Point>, SgfError> {
        let (offset, text) = single(p)?;
        if text.is_empty() {
            return Ok(None);
        }
        let Some(at) = coordinate(&text) else {
            return Err(SgfError::BadValue {
                offset,
                property: p.ident.clone(),
                text,
                expected:
                    "a point (two letters a..z or A..Z, e.g. cd) or an empty value for a pass",
            });
        };
        match self.point(at) {
            Some(q) => Ok(Some(q)),
            // FF[3]: `tt` is a pass on boards up to 19x19.
            None if text == "tt" && self.cols <= 19 && self.rows <= 19 => Ok(None),
            None => Err(SgfError::OffBoard { number, text }),
        }
    }
}

/// Reads the first game tree of an SGF collection.
///
/// See the crate documentation for what is read and what is left for the
/// caller to check.
pub fn parse(text: &str) -> Result<Record, SgfError> {
    let nodes = syntax::main_line(text)?;
    let Some(root) = nodes.first() else {
        return Err(SgfError::Syntax {
            offset: 0,
            message: "the first game tree has no node".to_string(),
        });
    };
    if let Some(p) = root.get("GM") {
        let (_, game) = single(p)?;
        if game != "1" {
            return Err(SgfError::NotGo {
                offset: p.offset,
                game,
            });
        }
    }
    let (board, cols, rows) = read_size(root)?;
    let grid = Grid { board, cols, rows };

    let mut setup = Position::EMPTY;
    let mut to_move = None;
    let mut komi = None;
    let mut moves: Vec<RecordMove> = Vec::new();
    for (index, node) in nodes.iter().enumerate() {
        if index > 0 {
            if let Some(p) = node.get("SZ") {
                return Err(SgfError::NotInRoot {
                    offset: p.offset,
                    node: index,
                    property: p.ident.clone(),
                });
            }
        }
        // Setup, before the node's move.
        let mut sets = [Bitboard::EMPTY; 3]; // AE, AB, AW
        for p in &node.props {
            let slot = match p.ident.as_str() {
                "AE" => 0,
                "AB" => 1,
                "AW" => 2,
                "PL" => {
                    if !moves.is_empty() {
                        return Err(setup_after_moves(p, index, moves.len()));
                    }
                    let (offset, text) = single(p)?;
                    to_move = Some(match text.as_str() {
                        "B" | "b" => Color::Black,
                        "W" | "w" => Color::White,
                        _ => {
                            return Err(SgfError::BadValue {
                                offset,
                                property: p.ident.clone(),
                                text,
                                expected: "B or W",
                            })
                        }
                    });
                    continue;
                }
                "KM" => {
                    if komi.is_none() {
                        komi = Some(single(p)?.1);
                    }
                    continue;
                }
                _ => continue,
            };
            if !moves.is_empty() {
                return Err(setup_after_moves(p, index, moves.len()));
            }
            for v in &p.values {
                sets[slot] |= grid.setup_points(p, v)?;
            }
        }
        let [ae, ab, aw] = sets;
        if let Some(q) = (ab & aw).first_point() {
            return Err(SgfError::SetupConflict {
                offset: node.offset,
                node: index,
                point: grid.board.sgf_point(q).unwrap_or_default(),
            });
        }
        setup.black = ((setup.black - ae) - aw) | ab;
        setup.white = ((setup.white - ae) - ab) | aw;

        // The node's move.
        let mut played = None;
        for p in &node.props {
            let color = match p.ident.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            if played.is_some() {
                return Err(SgfError::TwoMoves {
                    offset: node.offset,
                    node: index,
                });
            }
            let number = moves.len() + 1;
            played = Some(RecordMove {
                color,
                point: grid.move_point(p, number)?,
                number,
            });
        }
        if let Some(m) = played {
            moves.push(m);
        }
    }
    Ok(Record {
        board: grid.board,
        setup,
        to_move,
        komi,
        moves,
    })
}

fn setup_after_moves(p: &Property<'_>, node: usize, moves: usize) -> SgfError {
    SgfError::SetupAfterMoves {
        offset: p.offset,
        node,
        property: p.ident.clone(),
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescape_handles_soft_breaks() {
        assert_eq!(unescape(r"a \] b"), "a ] b");
        assert_eq!(unescape("x\\\ny"), "xy");
        assert_eq!(unescape("x\\\r\ny"), "xy");
        assert_eq!(unescape(r"\\"), "\\");
        assert_eq!(unescape("\\é"), "é");
    }

    #[test]
    fn letters() {
        assert_eq!(coordinate("aa"), Some((0, 0)));
        assert_eq!(coordinate("zA"), Some((25, 26)));
        assert_eq!(coordinate("ZZ"), Some((51, 51)));
        assert_eq!(coordinate("a1"), None);
        assert_eq!(coordinate("abc"), None);
        assert_eq!(coordinate(""), None);
    }

    #[test]
    fn size_numbers_saturate() {
        assert_eq!(size_number("19"), Some(19));
        assert_eq!(size_number(" 7 "), Some(7));
        assert_eq!(size_number("99999999999999999999999999"), Some(usize::MAX));
        assert_eq!(size_number("-3"), None);
        assert_eq!(size_number(""), None);
        assert_eq!(size_number("3.0"), None);
    }

    #[test]
    fn setup_rectangle_corners_in_any_order() {
        let r = parse("(;SZ[3]AB[cc:ab])").unwrap();
        assert_eq!(r.setup.black.count(), 6);
        assert_eq!(r.setup, parse("(;SZ[3]AB[ab:cc])").unwrap().setup);
    }

    #[test]
    fn later_setup_replaces_stones() {
        let r = parse("(;SZ[2]AB[aa][bb];AE[aa]AW[bb];B[ab])").unwrap();
        assert!(r.setup.black.is_empty());
        assert_eq!(r.setup.white.count(), 1);
        assert_eq!(r.moves.len(), 1);
    }
}
