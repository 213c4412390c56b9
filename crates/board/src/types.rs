//! Small value types: [`Point`], [`Color`], [`Suicide`].

use std::fmt;

/// A point of a board, numbered from 0. On a rectangle of C columns the
/// point in row r (0 = top) and column c (0 = left) is `r * C + c`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Point(pub u8);

impl Point {
    /// The point's index as a `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A player, and the colour of her stones.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for Black, -1 for White: the sign of a margin that this player wants.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// `black` or `white`, as the command line takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// `B` or `W`, as in SGF.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// Whether a board play that leaves its own chain without liberties is allowed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Suicide {
    /// Such a play is illegal (the default of every ruleset).
    #[default]
    Forbidden,
    /// Such a play removes the player's own liberty-less chain.
    Allowed,
}

impl Suicide {
    /// The option's name on the command line: `forbidden` or `allowed`.
    pub const fn name(self) -> &'static str {
        match self {
            Suicide::Forbidden => "forbidden",
            Suicide::Allowed => "allowed",
        }
    }
}

impl fmt::Display for Suicide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Suicide {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "forbidden" | "no" | "false" => Ok(Suicide::Forbidden),
            "allowed" | "yes" | "true" => Ok(Suicide::Allowed),
            _ => Err(format!(
                "unknown suicide setting '{s}'; valid: forbidden, allowed"
            )),
        }
    }
}
