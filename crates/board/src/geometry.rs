//! Board geometry: which points exist and which are neighbours.

use crate::{Bitboard, Point};
use std::fmt;

/// The most points a board may have: one bit each in a `u64`.
pub const MAX_POINTS: usize = 64;

/// A map of rectangle coordinates: (row, column, rows, columns) to the
/// image (row, column).
type Transform = fn(usize, usize, usize, usize) -> (usize, usize);

/// Letters of rectangle columns, as in GTP (no `I`).
const COLUMN_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The name of column `c`: `A`..`Z` without `I` for the first 25, then
/// two letters (`AA`, `AB`, ...), as spreadsheets do.
fn column_name(c: usize) -> String {
    let n = COLUMN_LETTERS.len();
    if c < n {
        (COLUMN_LETTERS[c] as char).to_string()
    } else {
        format!(
            "{}{}",
            COLUMN_LETTERS[c / n - 1] as char,
            COLUMN_LETTERS[c % n] as char
        )
    }
}

/// The column named `s` (upper case): the inverse of [`column_name`].
fn parse_column(s: &str) -> Option<usize> {
    let n = COLUMN_LETTERS.len();
    let idx = |b: u8| COLUMN_LETTERS.iter().position(|&l| l == b);
    match s.as_bytes() {
        [a] => idx(*a),
        [a, b] => Some((idx(*a)? + 1) * n + idx(*b)?),
        _ => None,
    }
}

/// What is wrong with a board description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A rectangle or ring with a zero dimension.
    ZeroDimension(String),
    /// More than [`MAX_POINTS`] points.
    TooManyPoints {
        /// The description given.
        spec: String,
        /// The number of points it asks for.
        points: usize,
    },
    /// A description that is none of the known forms.
    Malformed(String),
    /// A graph file that cannot be read.
    Io {
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A graph file line that is wrong; `line` counts from 1.
    Graph {
        /// The line number (from 1), or 0 for the file as a whole.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::ZeroDimension(s) => write!(f, "board '{s}' has a zero dimension"),
            BoardError::TooManyPoints { spec, points } => write!(
                f,
                "board '{spec}' has {points} points; at most {MAX_POINTS} are supported"
            ),
            BoardError::Malformed(s) => write!(
                f,
                "malformed board '{s}'; valid forms: RxC (e.g. 2x3: 2 rows of 3), AxBxC (e.g. 2x2x2, the cube), ring:N, graph:FILE"
            ),
            BoardError::Io { path, message } => write!(f, "cannot read graph file '{path}': {message}"),
            BoardError::Graph { line: 0, message } => write!(f, "graph file: {message}"),
            BoardError::Graph { line, message } => write!(f, "graph file line {line}: {message}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// The shape of a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// `rows` x `cols` rectangle with orthogonal neighbours.
    Rect {
        /// Number of rows.
        rows: u8,
        /// Number of columns.
        cols: u8,
    },
    /// A cycle of `n` points.
    Ring {
        /// Number of points.
        n: u8,
    },
    /// A three-dimensional grid of `dims[0]` x `dims[1]` x `dims[2]`
    /// points (`AxBxC`), each adjacent to the points one step away along
    /// one axis. Point `x + A (y + B z)` is at (x, y, z).
    Grid {
        /// The sizes along the three axes.
        dims: [u8; 3],
    },
    /// Any other graph, given by an adjacency list.
    Graph,
}

/// A board: a graph of at most 64 points with precomputed neighbour masks,
/// and the symmetries that the solver and counters may use.
#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    shape: Shape,
    n: usize,
    all: Bitboard,
    neighbors: Vec<Bitboard>,
    // Rectangle fast path for the neighbours of a set.
    cols: u32,
    not_left: u64,
    not_right: u64,
    symmetries: Vec<Vec<u8>>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.neighbors == other.neighbors && self.shape == other.shape
    }
}
impl Eq for Board {}

impl Board {
    /// A `rows` x `cols` rectangle (`rows` rows of `cols` points).
    pub fn rect(rows: usize, cols: usize) -> Result<Board, BoardError> {
        let spec = format!("{rows}x{cols}");
        if rows == 0 || cols == 0 {
            return Err(BoardError::ZeroDimension(spec));
        }
        let n = rows.saturating_mul(cols);
        if n > MAX_POINTS {
            return Err(BoardError::TooManyPoints { spec, points: n });
        }
        let mut neighbors = vec![Bitboard::EMPTY; n];
        for r in 0..rows {
            for c in 0..cols {
                let p = r * cols + c;
                let mut m = Bitboard::EMPTY;
                if r > 0 {
                    m = m.with(Point((p - cols) as u8));
                }
                if r + 1 < rows {
                    m = m.with(Point((p + cols) as u8));
                }
                if c > 0 {
                    m = m.with(Point((p - 1) as u8));
                }
                if c + 1 < cols {
                    m = m.with(Point((p + 1) as u8));
                }
                neighbors[p] = m;
            }
        }
        let mut left = 0u64;
        let mut right = 0u64;
        for r in 0..rows {
            left |= 1 << (r * cols);
            right |= 1 << (r * cols + cols - 1);
        }
        let all = Bitboard::first(n);
        // Symmetries of the rectangle: maps (r, c) to the image point.
        let mut symmetries = Vec::new();
        let transforms: &[Transform] = &[
            |r, c, _, _| (r, c),
            |r, c, rows, _| (rows - 1 - r, c),
            |r, c, _, cols| (r, cols - 1 - c),
            |r, c, rows, cols| (rows - 1 - r, cols - 1 - c),
        ];
        let square: &[Transform] = &[
            |r, c, _, _| (c, r),
            |r, c, rows, _| (c, rows - 1 - r),
            |r, c, _, cols| (cols - 1 - c, r),
            |r, c, rows, cols| (cols - 1 - c, rows - 1 - r),
        ];
        let mut all_t: Vec<_> = transforms.to_vec();
        if rows == cols {
            all_t.extend_from_slice(square);
        }
        for t in all_t {
            let perm: Vec<u8> = (0..n)
                .map(|p| {
                    let (r2, c2) = t(p / cols, p % cols, rows, cols);
                    (r2 * cols + c2) as u8
                })
                .collect();
            if !symmetries.contains(&perm) {
                symmetries.push(perm);
            }
        }
        Ok(Board {
            name: spec,
            shape: Shape::Rect {
                rows: rows as u8,
                cols: cols as u8,
            },
            n,
            all,
            neighbors,
            cols: cols as u32,
            not_left: !left & all.0,
            not_right: !right & all.0,
            symmetries,
        })
    }

    /// A ring (cycle) of `n` points, `n` >= 3.
    pub fn ring(n: usize) -> Result<Board, BoardError> {
        let spec = format!("ring:{n}");
        if n == 0 {
            return Err(BoardError::ZeroDimension(spec));
        }
        if n > MAX_POINTS {
            return Err(BoardError::TooManyPoints { spec, points: n });
        }
        if n < 3 {
            return Err(BoardError::Malformed(format!(
                "{spec} (a ring needs at least 3 points; use 1xN for a line)"
            )));
        }
        let neighbors: Vec<Bitboard> = (0..n)
            .map(|p| {
                Bitboard::EMPTY
                    .with(Point(((p + 1) % n) as u8))
                    .with(Point(((p + n - 1) % n) as u8))
            })
            .collect();
        let mut symmetries = Vec::new();
        for k in 0..n {
            symmetries.push((0..n).map(|p| ((p + k) % n) as u8).collect());
            symmetries.push((0..n).map(|p| ((k + n - p) % n) as u8).collect());
        }
        Ok(Board::from_parts(
            spec,
            Shape::Ring { n: n as u8 },
            neighbors,
            symmetries,
        ))
    }

    /// A graph from an adjacency list. Each non-blank line that is not a
    /// comment (`#`) reads `i: j k ...`: point `i` is adjacent to `j`, `k`, ...
    /// Points are numbered from 0 and every point up to the largest must be
    /// listed; adjacency must be symmetric and without self-loops.
    pub fn from_adjacency(name: &str, text: &str) -> Result<Board, BoardError> {
        let mut rows: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |message: String| BoardError::Graph {
                line: line_no,
                message,
            };
            let (head, tail) = line
                .split_once(':')
                .ok_or_else(|| err(format!("expected 'i: j k ...', found '{line}'")))?;
            let p: usize = head
                .trim()
                .parse()
                .map_err(|_| err(format!("'{}' is not a point number", head.trim())))?;
            let mut ns = Vec::new();
            for tok in tail.split(|c: char| c.is_whitespace() || c == ',') {
                if tok.is_empty() {
                    continue;
                }
                let q: usize = tok
                    .parse()
                    .map_err(|_| err(format!("'{tok}' is not a point number")))?;
                ns.push(q);
            }
            rows.push((line_no, p, ns));
        }
        if rows.is_empty() {
            return Err(BoardError::Graph {
                line: 0,
                message: "no points listed".into(),
            });
        }
        // Saturating: the point number `usize::MAX` must not overflow.
        let n = rows
            .iter()
            .map(|r| r.1)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        if n > MAX_POINTS {
            return Err(BoardError::TooManyPoints {
                spec: name.to_string(),
                points: n,
            });
        }
        let mut neighbors = vec![Bitboard::EMPTY; n];
        let mut seen = vec![0usize; n];
        for (line, p, ns) in &rows {
            if seen[*p] != 0 {
                return Err(BoardError::Graph {
                    line: *line,
                    message: format!("point {p} is listed twice (first on line {})", seen[*p]),
                });
            }
            seen[*p] = *line;
            for &q in ns {
                if q >= n {
                    return Err(BoardError::Graph {
                        line: *line,
                        message: format!(
                            "neighbour {q} of point {p} is not a listed point (points are 0..{})",
                            n - 1
                        ),
                    });
                }
                if q == *p {
                    return Err(BoardError::Graph {
                        line: *line,
                        message: format!("point {p} lists itself as a neighbour"),
                    });
                }
                neighbors[*p] = neighbors[*p].with(Point(q as u8));
            }
        }
        if let Some(p) = seen.iter().position(|&l| l == 0) {
            return Err(BoardError::Graph {
                line: 0,
                message: format!(
                    "point {p} is not listed (points must be numbered 0..{} without gaps)",
                    n - 1
                ),
            });
        }
        for p in 0..n {
            for q in neighbors[p] {
                if !neighbors[q.index()].contains(Point(p as u8)) {
                    return Err(BoardError::Graph {
                        line: seen[p],
                        message: format!(
                            "point {p} lists {} as a neighbour but point {} does not list {p}",
                            q.0, q.0
                        ),
                    });
                }
            }
        }
        let identity = vec![(0..n as u8).collect()];
        Ok(Board::from_parts(
            name.to_string(),
            Shape::Graph,
            neighbors,
            identity,
        ))
    }

    fn from_parts(
        name: String,
        shape: Shape,
        neighbors: Vec<Bitboard>,
        symmetries: Vec<Vec<u8>>,
    ) -> Board {
        let n = neighbors.len();
        Board {
            name,
            shape,
            n,
            all: Bitboard::first(n),
            neighbors,
            cols: 0,
            not_left: 0,
            not_right: 0,
            symmetries,
        }
    }

    /// Parses `RxC`, `AxBxC`, `ring:N` or `graph:FILE` (the file is read from disk).
    pub fn parse(spec: &str) -> Result<Board, BoardError> {
        let s = spec.trim();
        if let Some(rest) = s.strip_prefix("ring:") {
            let n: usize = rest
                .trim()
                .parse()
                .map_err(|_| BoardError::Malformed(spec.to_string()))?;
            return Board::ring(n);
        }
        if let Some(path) = s.strip_prefix("graph:") {
            let text = std::fs::read_to_string(path).map_err(|e| BoardError::Io {
                path: path.to_string(),
                message: e.to_string(),
            })?;
            let mut b = Board::from_adjacency(s, &text)?;
            b.name = s.to_string();
            return Ok(b);
        }
        let parse = |t: &str| -> Result<usize, BoardError> {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 6 {
                return Err(BoardError::Malformed(spec.to_string()));
            }
            t.parse()
                .map_err(|_| BoardError::Malformed(spec.to_string()))
        };
        let sizes: Vec<&str> = s.split(['x', 'X']).collect();
        match sizes[..] {
            [r, c] => Board::rect(parse(r)?, parse(c)?),
            [a, b, c] => Board::grid([parse(a)?, parse(b)?, parse(c)?]),
            _ => Err(BoardError::Malformed(spec.to_string())),
        }
    }

    /// The three-dimensional grid `A x B x C` (`2x2x2` is the cube): each
    /// point adjacent to those one step away along an axis. Its symmetries
    /// are the reflections of each axis and the exchanges of axes of equal
    /// size (48 for a cube).
    pub fn grid(dims: [usize; 3]) -> Result<Board, BoardError> {
        let spec = format!("{}x{}x{}", dims[0], dims[1], dims[2]);
        if dims.contains(&0) {
            return Err(BoardError::ZeroDimension(spec));
        }
        let n = dims
            .iter()
            .try_fold(1usize, |a, &d| a.checked_mul(d))
            .unwrap_or(usize::MAX);
        if n > MAX_POINTS {
            return Err(BoardError::TooManyPoints { spec, points: n });
        }
        let index = |c: [usize; 3]| c[0] + dims[0] * (c[1] + dims[1] * c[2]);
        let coords = |p: usize| {
            [
                p % dims[0],
                (p / dims[0]) % dims[1],
                p / (dims[0] * dims[1]),
            ]
        };
        let neighbors: Vec<Bitboard> = (0..n)
            .map(|p| {
                let c = coords(p);
                let mut m = Bitboard::EMPTY;
                for axis in 0..3 {
                    for step in [usize::MAX, 1] {
                        let mut d = c;
                        d[axis] = c[axis].wrapping_add(step);
                        if d[axis] < dims[axis] {
                            m = m.with(Point(index(d) as u8));
                        }
                    }
                }
                m
            })
            .collect();
        // Each permutation of the axes that keeps their sizes, with each
        // choice of reflected axes.
        let mut symmetries: Vec<Vec<u8>> = Vec::new();
        for perm in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            if (0..3).any(|i| dims[perm[i]] != dims[i]) {
                continue;
            }
            for flips in 0..8 {
                let image: Vec<u8> = (0..n)
                    .map(|p| {
                        let c = coords(p);
                        let mut d = [0; 3];
                        for i in 0..3 {
                            let v = c[perm[i]];
                            d[i] = if flips >> i & 1 == 1 {
                                dims[i] - 1 - v
                            } else {
                                v
                            };
                        }
                        index(d) as u8
                    })
                    .collect();
                if !symmetries.contains(&image) {
                    symmetries.push(image);
                }
            }
        }
        Ok(Board::from_parts(
            spec,
            Shape::Grid {
                dims: dims.map(|d| d as u8),
            },
            neighbors,
            symmetries,
        ))
    }

    /// The board's name as given: `2x3`, `ring:5`, `graph:FILE`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board's shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Number of points.
    #[inline]
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the board has no points (never true for a parsed board).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// All points of the board.
    #[inline]
    pub fn all(&self) -> Bitboard {
        self.all
    }

    /// The points, in order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.n as u8).map(Point)
    }

    /// The neighbours of `p`.
    #[inline]
    pub fn neighbors(&self, p: Point) -> Bitboard {
        self.neighbors[p.index()]
    }

    /// Every point adjacent to some point of `set` (it may include points of `set`).
    #[inline]
    pub fn expand(&self, set: Bitboard) -> Bitboard {
        if self.cols != 0 {
            let b = set.0;
            let c = self.cols;
            Bitboard(
                // `checked_sh*`: on 1x64 the row shift is the whole word.
                (((b & self.not_right) << 1)
                    | ((b & self.not_left) >> 1)
                    | b.checked_shl(c).unwrap_or(0)
                    | b.checked_shr(c).unwrap_or(0))
                    & self.all.0,
            )
        } else {
            let mut m = Bitboard::EMPTY;
            for p in set {
                m |= self.neighbors[p.index()];
            }
            m
        }
    }

    /// The connected part of `within` that contains `seed` (all of `seed` must lie in `within`).
    #[inline]
    pub fn flood(&self, seed: Bitboard, within: Bitboard) -> Bitboard {
        let mut c = seed;
        loop {
            let next = (c | self.expand(c)) & within;
            if next == c {
                return c;
            }
            c = next;
        }
    }

    /// The symmetries of the board as point permutations (`perm[p]` is the image of `p`);
    /// the identity is first.
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// The image of `set` under symmetry `sym` (an index into [`Board::symmetries`]).
    #[inline]
    pub fn transform(&self, sym: usize, set: Bitboard) -> Bitboard {
        if sym == 0 {
            return set;
        }
        let perm = &self.symmetries[sym];
        let mut out = Bitboard::EMPTY;
        for p in set {
            out = out.with(Point(perm[p.index()]));
        }
        out
    }

    /// A human name for `p`: `A1`-style on rectangles (columns from the
    /// left, skipping `I`; rows from the bottom, as in GTP), `p<i>` otherwise.
    pub fn point_name(&self, p: Point) -> String {
        match self.shape {
            Shape::Rect { rows, cols } => {
                let (r, c) = (p.index() / cols as usize, p.index() % cols as usize);
                format!("{}{}", column_name(c), rows as usize - r)
            }
            _ => format!("p{}", p.0),
        }
    }

    /// Parses a name written by [`Board::point_name`] (case-insensitive).
    pub fn parse_point(&self, s: &str) -> Option<Point> {
        let s = s.trim().to_ascii_uppercase();
        match self.shape {
            Shape::Rect { rows, cols } => {
                let split = s.find(|ch: char| ch.is_ascii_digit())?;
                let (letters, digits) = s.split_at(split);
                let c = parse_column(letters)?;
                let row: usize = digits.parse().ok()?;
                if c >= cols as usize || row == 0 || row > rows as usize {
                    return None;
                }
                Some(Point(((rows as usize - row) * cols as usize + c) as u8))
            }
            _ => {
                let i: usize = s.strip_prefix('P')?.parse().ok()?;
                (i < self.n).then_some(Point(i as u8))
            }
        }
    }

    /// The SGF FF[4] coordinate of `p` on a rectangle (`aa` is the top left;
    /// columns and rows past `z` go on with `A`..`Z`); `None` on other boards
    /// and beyond 52 lines, which SGF cannot express.
    pub fn sgf_point(&self, p: Point) -> Option<String> {
        match self.shape {
            Shape::Rect { cols, .. } => {
                let (r, c) = (p.index() / cols as usize, p.index() % cols as usize);
                // FF[4]: a..z, then A..Z; 52 lines at most.
                let letter = |i: usize| match i {
                    0..=25 => Some((b'a' + i as u8) as char),
                    26..=51 => Some((b'A' + (i - 26) as u8) as char),
                    _ => None,
                };
                Some(format!("{}{}", letter(c)?, letter(r)?))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}
