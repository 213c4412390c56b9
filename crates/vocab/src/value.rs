//! [`Value`]: a solved value with every textual form it takes, and the
//! text of [`Outcome`] read back.
//!
//! The value column of a result table, the cells of a Markdown page or the
//! report, the CLI's `value:` line, the JSON `value` and the SGF comments
//! all come from here, so they cannot drift apart.

use crate::Outcome;
use kosolve_rules::{Komi, Ruleset, ValueKind};
use std::fmt;

/// A value of a game under perfect play, as a ruleset states it
/// (docs/configs.md, the `value` column).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Black's area margin at komi 0, in points (the margin rulesets).
    Margin(i32),
    /// +1 Black wins, 0 a draw, -1 White wins (primitive, Fundamental Go's
    /// winner at a komi, Ultimate Go).
    Result(i32),
    /// Fundamental Go's score: the komi at which the winner changes.
    Score(Komi),
    /// A finished `basic` game's margin with the komi applied.
    Basic(Komi),
    /// A void `basic` game: each side keeps the game from a loss forever.
    Void,
}

impl Value {
    /// The value a search returns for `ruleset` (a margin at komi 0, or
    /// +1/0/-1).
    pub fn of_search(ruleset: Ruleset, v: i32) -> Value {
        match ruleset.value_kind() {
            ValueKind::Margin => Value::Margin(v),
            _ => Value::Result(v),
        }
    }

    /// A finished `basic` game's margin (half points, komi applied), or a
    /// void game (`None`).
    pub fn of_basic(margin: Option<i32>) -> Value {
        match margin {
            Some(h) => Value::Basic(Komi(h)),
            None => Value::Void,
        }
    }

    /// A bound of `basic` (VB or VW, in half points with komi applied).
    pub fn of_basic_bound(h: i32) -> Value {
        Value::Basic(Komi(h))
    }

    /// Reads a table cell of `ruleset`: its `value` column (`score` says
    /// that a Fundamental row's value is its score) or a bound.
    pub fn parse(ruleset: Ruleset, score: bool, text: &str) -> Result<Value, ValueError> {
        let bad = || ValueError {
            ruleset,
            text: text.to_string(),
        };
        let int = |t: &str| -> Result<i32, ValueError> {
            let t = t.strip_prefix('+').unwrap_or(t);
            if t.starts_with(['+', '-']) && t.len() == 1 {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        match ruleset {
            Ruleset::Basic if text == "void" => Ok(Value::Void),
            Ruleset::Basic => text.parse().map(Value::Basic).map_err(|_| bad()),
            Ruleset::Fundamental if score => text.parse().map(Value::Score).map_err(|_| bad()),
            r => match r.value_kind() {
                ValueKind::Margin if !text.starts_with('+') => int(text).map(Value::Margin),
                ValueKind::Margin => Err(bad()),
                _ => match int(text)? {
                    v @ -1..=1 => Ok(Value::Result(v)),
                    _ => Err(bad()),
                },
            },
        }
    }

    /// The value as an integer where it is one (a margin or +1/0/-1).
    pub fn as_int(self) -> Option<i32> {
        match self {
            Value::Margin(v) | Value::Result(v) => Some(v),
            _ => None,
        }
    }

    /// The value in points as a number, for plots and JSON: `None` for a
    /// void game.
    pub fn as_f64(self) -> Option<f64> {
        match self {
            Value::Margin(v) | Value::Result(v) => Some(v as f64),
            Value::Score(k) | Value::Basic(k) => Some(k.as_f64()),
            Value::Void => None,
        }
    }

    /// Whether two values state the same result in points: equal numbers
    /// (a margin of 1 is a `basic` margin of 1 at komi 0), or both void.
    pub fn same_points(self, other: Value) -> bool {
        self.as_f64() == other.as_f64()
    }

    /// The signed form of the CLI and SGF comments: `+3`, `-1`, `0`,
    /// `+0.5`, `void`.
    pub fn signed(self) -> String {
        match self {
            Value::Margin(v) | Value::Result(v) => signed(v),
            Value::Score(k) | Value::Basic(k) if k.halves() > 0 => format!("+{k}"),
            Value::Score(k) | Value::Basic(k) => k.to_string(),
            Value::Void => "void".into(),
        }
    }
}

/// `+3`, `-2`, `0`.
fn signed(v: i32) -> String {
    if v == 0 {
        "0".into()
    } else {
        format!("{v:+}")
    }
}

impl fmt::Display for Value {
    /// The form of a table cell (CSV, Markdown, the report): a margin as
    /// `3` or `-1`, a result as `+1`, `0` or `-1`, a score or a `basic`
    /// margin in points (`2.5`, `-1`), or `void`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Margin(v) => write!(f, "{v}"),
            Value::Result(v) => f.write_str(&signed(v)),
            Value::Score(k) | Value::Basic(k) => write!(f, "{k}"),
            Value::Void => f.write_str("void"),
        }
    }
}

/// A table cell that is not a value of its ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// The row's ruleset.
    pub ruleset: Ruleset,
    /// The text.
    pub text: String,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a value under {}", self.text, self.ruleset)
    }
}

impl std::error::Error for ValueError {}

impl std::str::FromStr for Outcome {
    type Err = String;
    /// Reads what [`Outcome`]'s Display writes: `B+1`, `W+0.5`, `jigo`,
    /// `B wins`, `W wins`, `draw`, `void`.
    fn from_str(s: &str) -> Result<Outcome, String> {
        let margin = |t: &str| -> Result<i32, String> {
            match t.parse::<Komi>() {
                Ok(k) if k.halves() > 0 && !t.starts_with(['+', '-']) => Ok(k.halves()),
                _ => Err(format!("'{s}' is not an outcome")),
            }
        };
        match s {
            "jigo" => Ok(Outcome::Jigo),
            "B wins" => Ok(Outcome::BlackWins),
            "W wins" => Ok(Outcome::WhiteWins),
            "draw" => Ok(Outcome::Draw),
            "void" => Ok(Outcome::Void),
            _ => match (s.strip_prefix("B+"), s.strip_prefix("W+")) {
                (Some(t), _) => margin(t).map(Outcome::BlackBy),
                (_, Some(t)) => margin(t).map(Outcome::WhiteBy),
                _ => Err(format!("'{s}' is not an outcome")),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_reads_back_from_its_cell() {
        let cases = [
            (Ruleset::Psk, false, Value::Margin(3)),
            (Ruleset::Psk, false, Value::Margin(-12)),
            (Ruleset::Psk, false, Value::Margin(0)),
            (Ruleset::Primitive, false, Value::Result(1)),
            (Ruleset::Ultimate, false, Value::Result(0)),
            (Ruleset::Fundamental, false, Value::Result(-1)),
            (Ruleset::Fundamental, true, Value::Score(Komi(-3))),
            (Ruleset::Fundamental, true, Value::Score(Komi(4))),
            (Ruleset::Basic, false, Value::Basic(Komi(-1))),
            (Ruleset::Basic, false, Value::Basic(Komi(6))),
            (Ruleset::Basic, false, Value::Void),
        ];
        for (rs, score, v) in cases {
            let cell = v.to_string();
            assert_eq!(Value::parse(rs, score, &cell), Ok(v), "{rs} {cell}");
        }
        assert_eq!(Value::Margin(3).to_string(), "3");
        assert_eq!(Value::Margin(3).signed(), "+3");
        assert_eq!(Value::Result(1).to_string(), "+1");
        assert_eq!(Value::Basic(Komi(-1)).to_string(), "-0.5");
        assert_eq!(Value::Basic(Komi(1)).signed(), "+0.5");
        for (rs, bad) in [
            (Ruleset::Psk, "+3"),
            (Ruleset::Psk, "x"),
            (Ruleset::Psk, ""),
            (Ruleset::Psk, "1.5"),
            (Ruleset::Ultimate, "2"),
            (Ruleset::Primitive, "+"),
            (Ruleset::Basic, "0.25"),
        ] {
            assert!(Value::parse(rs, false, bad).is_err(), "{rs} {bad}");
        }
    }

    #[test]
    fn every_outcome_reads_back_from_its_text() {
        for o in [
            Outcome::BlackBy(1),
            Outcome::BlackBy(14),
            Outcome::WhiteBy(3),
            Outcome::Jigo,
            Outcome::BlackWins,
            Outcome::WhiteWins,
            Outcome::Draw,
            Outcome::Void,
        ] {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
        }
        for bad in ["B+0", "B+-1", "W+", "B+x", "unsolved", ""] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad}");
        }
    }
}
