//! Small shared types: players, moves, rulesets, the suicide setting and
//! board specifications.

use std::fmt;

/// A player, or the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who plays first on the empty board.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The name used in certificates: `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The colour named `black` or `white`.
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a board play at a point index, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A board play at the point with this index.
    Play(u8),
    /// A pass.
    Pass,
}

impl fmt::Display for Move {
    /// A point index (`4`) or `pass`, as in a certificate's `moves` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// The rulesets a certificate can be written for (docs/rules.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ruleset {
    /// Positional superko.
    Psk,
    /// Situational superko.
    Ssk,
    /// Natural situational superko.
    Nssk,
    /// Positional superko with suicide allowed.
    TrompTaylor,
    /// Fixed ko: (left, created) pairs of board plays.
    Fixed,
    /// Basic ko and fixed ko together.
    BasicFixed,
    /// The Basic Ko Rules: a basic ko rule and (frame, player, point) triples.
    Bkr,
    /// Basic ko alone: a game may never end (void), so its claims say
    /// whether the prover must also force the end ([`crate::Claim`]).
    Basic,
    /// Primitive ko: no pass, the first player without a legal board play
    /// loses; its only claim is a win ([`crate::Claim::Win`]).
    Primitive,
}

impl Ruleset {
    /// Every ruleset with certificates, in the order of docs/rules.md.
    pub const ALL: [Ruleset; 9] = [
        Ruleset::Psk,
        Ruleset::Ssk,
        Ruleset::Nssk,
        Ruleset::TrompTaylor,
        Ruleset::Fixed,
        Ruleset::Basic,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
        Ruleset::Primitive,
    ];

    /// The rulesets whose every game is finite and scored by area, with
    /// the one claim "every finished game meets the threshold"
    /// ([`crate::Claim::Finished`]): all but `basic` and `primitive`.
    pub const MARGIN: [Ruleset; 7] = [
        Ruleset::Psk,
        Ruleset::Ssk,
        Ruleset::Nssk,
        Ruleset::TrompTaylor,
        Ruleset::Fixed,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
    ];

    /// Whether every game under the ruleset is finite and scored by area
    /// (one of [`Ruleset::MARGIN`]).
    pub fn is_margin(self) -> bool {
        Ruleset::MARGIN.contains(&self)
    }

    /// The name used in certificates and on kosolve's command line.
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::Psk => "psk",
            Ruleset::Ssk => "ssk",
            Ruleset::Nssk => "nssk",
            Ruleset::TrompTaylor => "tromp-taylor",
            Ruleset::Fixed => "fixed",
            Ruleset::BasicFixed => "basic-fixed",
            Ruleset::Bkr => "bkr",
            Ruleset::Basic => "basic",
            Ruleset::Primitive => "primitive",
        }
    }

    /// The ruleset with this name, if certificates exist for it.
    pub fn from_name(name: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a suicide (of any size) is a legal board play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// A suicide is not a legal move.
    Forbidden,
    /// A suicide is legal and the suicidal chain is removed.
    Allowed,
}

impl Suicide {
    /// The name used in certificates: `forbidden` or `allowed`.
    pub fn name(self) -> &'static str {
        match self {
            Suicide::Forbidden => "forbidden",
            Suicide::Allowed => "allowed",
        }
    }

    /// The setting named `forbidden` or `allowed`.
    pub fn from_name(name: &str) -> Option<Suicide> {
        [Suicide::Forbidden, Suicide::Allowed]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

impl fmt::Display for Suicide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The board's shape: a rectangle or an explicit graph, at most 64 points.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardSpec {
    /// `rows` by `cols` points with orthogonal neighbours; point
    /// `r * cols + c` is row `r` (0 = top) and column `c` (0 = left).
    Rect {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// An explicit graph: `neighbours[i]` lists the neighbours of point `i`.
    Graph {
        /// The adjacency lists, one per point, in point order.
        neighbours: Vec<Vec<u8>>,
    },
}

impl BoardSpec {
    /// The number of points.
    pub fn points(&self) -> usize {
        match self {
            BoardSpec::Rect { rows, cols } => rows.saturating_mul(*cols),
            BoardSpec::Graph { neighbours } => neighbours.len(),
        }
    }

    /// Checks the size (1 to 64 points) and, for a graph, that the
    /// relation is symmetric, in range, without self-loops or repeats.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.points();
        if n == 0 || n > 64 {
            return Err(format!("a board needs 1 to 64 points, this one has {n}"));
        }
        let BoardSpec::Graph { neighbours } = self else {
            return Ok(());
        };
        for (i, list) in neighbours.iter().enumerate() {
            for (k, &j) in list.iter().enumerate() {
                let j = usize::from(j);
                if j >= n {
                    return Err(format!("point {i} has neighbour {j}, off the board"));
                }
                if j == i {
                    return Err(format!("point {i} is listed as its own neighbour"));
                }
                if list[..k].iter().any(|&e| usize::from(e) == j) {
                    return Err(format!("point {i} lists neighbour {j} twice"));
                }
                if !neighbours[j].iter().any(|&e| usize::from(e) == i) {
                    return Err(format!(
                        "{i} lists {j} as a neighbour but {j} does not list {i}"
                    ));
                }
            }
        }
        Ok(())
    }

    /// The neighbour set of each point as a bit mask (call after
    /// [`BoardSpec::validate`]).
    pub(crate) fn neighbour_masks(&self) -> Vec<u64> {
        match self {
            BoardSpec::Rect { rows, cols } => rect_masks(*rows, *cols),
            BoardSpec::Graph { neighbours } => neighbours
                .iter()
                .map(|list| list.iter().fold(0u64, |m, &j| m | (1u64 << j)))
                .collect(),
        }
    }
}

/// Orthogonal neighbour masks of a `rows` x `cols` rectangle.
fn rect_masks(rows: usize, cols: usize) -> Vec<u64> {
    let mut masks = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let mut m = 0u64;
            let mut add = |rr: usize, cc: usize| m |= 1u64 << (rr * cols + cc);
            if r > 0 {
                add(r - 1, c);
            }
            if r + 1 < rows {
                add(r + 1, c);
            }
            if c > 0 {
                add(r, c - 1);
            }
            if c + 1 < cols {
                add(r, c + 1);
            }
            masks.push(m);
        }
    }
    masks
}
