//! [`Position`]: a pair of bitboards, board play with captures, area score,
//! legality, symmetry and ASCII diagrams.

use crate::{Bitboard, Board, Color, Point, Suicide};
use std::fmt;

/// What stands on one point.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Cell {
    /// No stone.
    Empty,
    /// A stone of this colour.
    Stone(Color),
}

/// A board position: the black stones and the white stones. The two sets
/// are disjoint. The board it lives on is kept apart (see [`Board`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Position {
    /// Black stones.
    pub black: Bitboard,
    /// White stones.
    pub white: Bitboard,
}

/// Why a board play is not possible (before any ko rule is asked).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard,
    /// The point holds a stone.
    Occupied,
    /// The play is a suicide and suicide is forbidden.
    Suicide,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::OffBoard => "the point is not on the board",
            PlayError::Occupied => "the point is occupied",
            PlayError::Suicide => "the play is a suicide and suicide is forbidden",
        })
    }
}

impl std::error::Error for PlayError {}

/// The result of a board play.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The position after the play.
    pub position: Position,
    /// Opponent stones the player captured.
    pub captured: Bitboard,
    /// The player's own stones removed by an allowed suicide.
    pub suicided: Bitboard,
}

/// What is wrong with a diagram.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DiagramError {
    /// A character that is not a stone or an empty point.
    BadChar(char),
    /// The wrong number of points for the board.
    WrongLength {
        /// Points the board has.
        expected: usize,
        /// Points the diagram has.
        found: usize,
    },
    /// Rows (separated by `/` or new lines) that do not match a rectangle.
    WrongShape {
        /// The board's rows and columns.
        board: (usize, usize),
        /// The number of points in each row of the diagram.
        rows: Vec<usize>,
    },
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::BadChar(c) => {
                write!(
                    f,
                    "unexpected '{c}' in diagram; use X (black), O (white), . (empty)"
                )
            }
            DiagramError::WrongLength { expected, found } => {
                write!(f, "diagram has {found} points; the board has {expected}")
            }
            DiagramError::WrongShape {
                board: (r, c),
                rows,
            } => write!(
                f,
                "diagram has {} rows of {:?} points; the board has {r} rows of {c}",
                rows.len(),
                rows
            ),
        }
    }
}

impl std::error::Error for DiagramError {}

impl Position {
    /// The empty board.
    pub const EMPTY: Position = Position {
        black: Bitboard::EMPTY,
        white: Bitboard::EMPTY,
    };

    /// The stones of `c`.
    #[inline]
    pub fn stones(&self, c: Color) -> Bitboard {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    #[inline]
    fn stones_mut(&mut self, c: Color) -> &mut Bitboard {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// All stones.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.black | self.white
    }

    /// The empty points of `board`.
    #[inline]
    pub fn empty(&self, board: &Board) -> Bitboard {
        board.all() - self.occupied()
    }

    /// What stands on `p`.
    pub fn get(&self, p: Point) -> Cell {
        if self.black.contains(p) {
            Cell::Stone(Color::Black)
        } else if self.white.contains(p) {
            Cell::Stone(Color::White)
        } else {
            Cell::Empty
        }
    }

    /// The chain through `p`: the connected stones of `p`'s colour (empty if `p` is empty).
    pub fn chain(&self, board: &Board, p: Point) -> Bitboard {
        match self.get(p) {
            Cell::Empty => Bitboard::EMPTY,
            Cell::Stone(c) => board.flood(Bitboard::from_point(p), self.stones(c)),
        }
    }

    /// The liberties of a set of stones.
    #[inline]
    pub fn liberties(&self, board: &Board, chain: Bitboard) -> Bitboard {
        board.expand(chain) & self.empty(board)
    }

    /// Board play by `color` at `p` (docs/rules.md, "2. Shared mechanics"): place, remove the
    /// opponent chains left without liberties, then handle suicide.
    /// No ko rule is applied here.
    pub fn play(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        suicide: Suicide,
    ) -> Result<Played, PlayError> {
        if !board.all().contains(p) {
            return Err(PlayError::OffBoard);
        }
        if self.occupied().contains(p) {
            return Err(PlayError::Occupied);
        }
        let mut pos = *self;
        *pos.stones_mut(color) = pos.stones(color).with(p);
        let opp = color.opponent();
        let mut captured = Bitboard::EMPTY;
        let mut candidates = board.neighbors(p) & pos.stones(opp);
        if candidates.any() {
            let empty = pos.empty(board);
            while let Some(q) = candidates.first_point() {
                let ch = board.flood(Bitboard::from_point(q), pos.stones(opp));
                candidates = candidates - ch;
                if (board.expand(ch) & empty).is_empty() {
                    captured |= ch;
                }
            }
            *pos.stones_mut(opp) = pos.stones(opp) - captured;
        }
        let own = board.flood(Bitboard::from_point(p), pos.stones(color));
        let mut suicided = Bitboard::EMPTY;
        if (board.expand(own) & pos.empty(board)).is_empty() {
            match suicide {
                Suicide::Forbidden => return Err(PlayError::Suicide),
                Suicide::Allowed => {
                    suicided = own;
                    *pos.stones_mut(color) = pos.stones(color) - own;
                }
            }
        }
        Ok(Played {
            position: pos,
            captured,
            suicided,
        })
    }

    /// Empty points whose empty region borders `c`'s stones and no other colour.
    pub fn territory(&self, board: &Board, c: Color) -> Bitboard {
        let empty = self.empty(board);
        let reach = |s: Bitboard| board.flood(board.expand(s) & empty, empty);
        reach(self.stones(c)) - reach(self.stones(c.opponent()))
    }

    /// Area score of `c`: her stones plus her territory.
    pub fn area(&self, board: &Board, c: Color) -> u32 {
        self.stones(c).count() + self.territory(board, c).count()
    }

    /// Area(Black) - Area(White), komi not included.
    pub fn area_margin(&self, board: &Board) -> i32 {
        self.area(board, Color::Black) as i32 - self.area(board, Color::White) as i32
    }

    /// Whether every chain has a liberty and the colours do not overlap.
    pub fn is_legal(&self, board: &Board) -> bool {
        if (self.black & self.white).any() || !self.occupied().is_subset(board.all()) {
            return false;
        }
        let empty = self.empty(board);
        let ok = |s: Bitboard| {
            let seeds = s & board.expand(empty);
            board.flood(seeds, s) == s
        };
        ok(self.black) && ok(self.white)
    }

    /// The image of this position under symmetry `sym` of `board`.
    #[inline]
    pub fn transform(&self, board: &Board, sym: usize) -> Position {
        Position {
            black: board.transform(sym, self.black),
            white: board.transform(sym, self.white),
        }
    }

    /// The least image of this position under the board's symmetries, and
    /// the index of a symmetry that produces it.
    pub fn canonical(&self, board: &Board) -> (Position, usize) {
        let mut best = (*self, 0);
        for s in 1..board.symmetries().len() {
            let t = self.transform(board, s);
            if t < best.0 {
                best = (t, s);
            }
        }
        best
    }

    /// Parses a diagram: `X` (or `B`, `#`, `@`) black, `O` (or `W`) white,
    /// `.` (or `+`, `-`) empty; spaces are ignored. Points are read in
    /// order (row by row on rectangles, top row first). Rows may be
    /// separated by `/` or new lines; on a rectangle, a diagram with
    /// separators must then have the board's rows, each of its columns.
    /// Whether every chain has a liberty is not checked here
    /// ([`Position::is_legal`]).
    pub fn from_diagram(board: &Board, text: &str) -> Result<Position, DiagramError> {
        let rows: Vec<&str> = text
            .trim()
            .split(['/', '\n'])
            .filter(|r| !r.trim().is_empty())
            .collect();
        if let crate::Shape::Rect { rows: r, cols: c } = board.shape() {
            let (r, c) = (*r as usize, *c as usize);
            if rows.len() > 1 {
                let lens: Vec<usize> = rows
                    .iter()
                    .map(|row| row.chars().filter(|ch| !ch.is_whitespace()).count())
                    .collect();
                if lens.len() != r || lens.iter().any(|&l| l != c) {
                    // A bad character is the clearer message, if there is one.
                    if let Some(ch) = text.chars().find(|&ch| {
                        !ch.is_whitespace() && ch != '/' && Position::cell_of(ch).is_none()
                    }) {
                        return Err(DiagramError::BadChar(ch));
                    }
                    return Err(DiagramError::WrongShape {
                        board: (r, c),
                        rows: lens,
                    });
                }
            }
        }
        let mut pos = Position::EMPTY;
        let mut i = 0usize;
        for ch in text.chars() {
            if ch.is_whitespace() || ch == '/' {
                continue;
            }
            let Some(cell) = Position::cell_of(ch) else {
                return Err(DiagramError::BadChar(ch));
            };
            if i < 64 {
                match cell {
                    Cell::Stone(c) => *pos.stones_mut(c) = pos.stones(c).with(Point(i as u8)),
                    Cell::Empty => {}
                }
            }
            i += 1;
        }
        if i != board.len() {
            return Err(DiagramError::WrongLength {
                expected: board.len(),
                found: i,
            });
        }
        Ok(pos)
    }

    /// The cell a diagram character stands for.
    fn cell_of(ch: char) -> Option<Cell> {
        match ch {
            'X' | 'x' | 'B' | 'b' | '#' | '@' => Some(Cell::Stone(Color::Black)),
            'O' | 'o' | 'W' | 'w' => Some(Cell::Stone(Color::White)),
            '.' | '+' | '-' => Some(Cell::Empty),
            _ => None,
        }
    }

    /// The one-line diagram of this position: [`Position::diagram`] with
    /// its rows joined by `/`, as the command line takes it.
    pub fn diagram_line(&self, board: &Board) -> String {
        self.diagram(board).replace('\n', "/")
    }

    /// The diagram of this position: one line per row on rectangles (top row
    /// first), a single line otherwise; `X` black, `O` white, `.` empty.
    ///
    /// # Example
    ///
    /// A round trip through [`Position::from_diagram`] on `2x3`, whose top
    /// row is A2 B2 C2 and bottom row A1 B1 C1 (GTP names, docs/rules.md,
    /// "1. Boards, point names, diagrams"):
    ///
    /// ```
    /// use kosolve_board::{Board, Cell, Color, Position};
    ///
    /// let board = Board::parse("2x3").unwrap();
    /// let pos = Position::from_diagram(&board, "X O .\n. X O").unwrap();
    /// assert_eq!(pos.diagram(&board), "XO.\n.XO");
    /// assert_eq!(Position::from_diagram(&board, &pos.diagram(&board)).unwrap(), pos);
    /// assert_eq!(pos.get(board.parse_point("A2").unwrap()), Cell::Stone(Color::Black));
    /// assert_eq!(pos.get(board.parse_point("C1").unwrap()), Cell::Stone(Color::White));
    /// assert_eq!(pos.get(board.parse_point("A1").unwrap()), Cell::Empty);
    /// ```
    pub fn diagram(&self, board: &Board) -> String {
        let cols = match board.shape() {
            crate::Shape::Rect { cols, .. } => *cols as usize,
            _ => board.len(),
        };
        let mut s = String::with_capacity(board.len() + board.len() / cols);
        for p in board.points() {
            if p.index() > 0 && p.index() % cols == 0 {
                s.push('\n');
            }
            s.push(match self.get(p) {
                Cell::Empty => '.',
                Cell::Stone(Color::Black) => 'X',
                Cell::Stone(Color::White) => 'O',
            });
        }
        s
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(b={:#x}, w={:#x})", self.black.0, self.white.0)
    }
}
