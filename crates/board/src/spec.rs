//! A board's description as users and result tables write it, typed:
//! `RxC`, `AxBxC`, `ring:N` or `graph:FILE`, read without touching the disk.

use crate::{Board, BoardError, Shape};
use std::fmt;

/// A board description: what `--board`, a config's `boards` and a result
/// table's `board` column hold. Parsing checks the form and, for rectangles,
/// grids and rings, the size; it never reads a graph file
/// ([`BoardSpec::board`] does). Its text form is canonical: `2x3`, `2x2x2`,
/// `ring:5`, `graph:FILE`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardSpec {
    /// A board its shape alone describes: a rectangle, a grid or a ring
    /// (never [`Shape::Graph`]).
    Shape(Shape),
    /// A graph read from an adjacency file.
    Graph {
        /// The file, as given.
        path: String,
    },
}

impl BoardSpec {
    /// Parses `RxC`, `AxBxC`, `ring:N` or `graph:FILE`, reading no file.
    pub fn parse(text: &str) -> Result<BoardSpec, BoardError> {
        let s = text.trim();
        if let Some(path) = s.strip_prefix("graph:") {
            if path.is_empty() {
                return Err(BoardError::Malformed(text.to_string()));
            }
            return Ok(BoardSpec::Graph {
                path: path.to_string(),
            });
        }
        // Rectangles and rings are small to build: build one to check it.
        let b = Board::parse(s)?;
        Ok(b.spec())
    }

    /// The board: built for a rectangle or ring, read from its file for a graph.
    pub fn board(&self) -> Result<Board, BoardError> {
        Board::parse(&self.to_string())
    }

    /// The number of points, where known without reading a file.
    pub fn points(&self) -> Option<usize> {
        match *self {
            BoardSpec::Shape(Shape::Rect { rows, cols }) => Some(rows as usize * cols as usize),
            BoardSpec::Shape(Shape::Ring { n }) => Some(n as usize),
            BoardSpec::Shape(Shape::Grid { dims }) => {
                Some(dims.iter().map(|&d| d as usize).product())
            }
            BoardSpec::Shape(Shape::Graph) | BoardSpec::Graph { .. } => None,
        }
    }
}

impl fmt::Display for BoardSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSpec::Shape(Shape::Rect { rows, cols }) => write!(f, "{rows}x{cols}"),
            BoardSpec::Shape(Shape::Ring { n }) => write!(f, "ring:{n}"),
            BoardSpec::Shape(Shape::Grid { dims: [a, b, c] }) => write!(f, "{a}x{b}x{c}"),
            BoardSpec::Shape(Shape::Graph) => f.write_str("graph:"),
            BoardSpec::Graph { path } => write!(f, "graph:{path}"),
        }
    }
}

impl std::str::FromStr for BoardSpec {
    type Err = BoardError;
    fn from_str(s: &str) -> Result<Self, BoardError> {
        BoardSpec::parse(s)
    }
}

impl Board {
    /// The description this board was built from.
    pub fn spec(&self) -> BoardSpec {
        match *self.shape() {
            Shape::Graph => BoardSpec::Graph {
                path: self
                    .name()
                    .strip_prefix("graph:")
                    .unwrap_or(self.name())
                    .to_string(),
            },
            shape => BoardSpec::Shape(shape),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_back_and_build_their_boards() {
        for text in [
            "1x1", "2x3", "3x2", "1x64", "ring:5", "ring:64", "2x2x2", "1x2x3", "4x4x4",
        ] {
            let s = BoardSpec::parse(text).unwrap();
            assert_eq!(s.to_string(), text);
            let b = s.board().unwrap();
            assert_eq!(b.spec(), s);
            assert_eq!(s.points(), Some(b.len()));
        }
        assert_eq!(BoardSpec::parse(" 2X3 ").unwrap().to_string(), "2x3");
        // A graph spec reads no file.
        let g = BoardSpec::parse("graph:/nonexistent/k4.txt").unwrap();
        assert_eq!(g.to_string(), "graph:/nonexistent/k4.txt");
        assert_eq!(g.points(), None);
        assert!(matches!(g.board(), Err(BoardError::Io { .. })));
        for bad in [
            "", "2x", "x3", "0x3", "9x9", "ring:", "ring:0", "graph:", "5x5x3", "2x2x0", "2x2x2x2",
        ] {
            assert!(BoardSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
