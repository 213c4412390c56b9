//! [`Outcome`]: a value read at a komi, and [`outcome`] that reads it.

use kosolve_rules::{Komi, ValueKind};
use std::fmt;

/// An outcome at a komi.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Black wins by this many half points.
    BlackBy(i32),
    /// White wins by this many half points.
    WhiteBy(i32),
    /// Margin 0.
    Jigo,
    /// Black wins (win/loss rulesets).
    BlackWins,
    /// White wins (win/loss rulesets).
    WhiteWins,
    /// A declared draw (Ultimate Go, integer komi).
    Draw,
    /// A void game (`basic`): each side can keep the game from a loss forever.
    Void,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::BlackBy(h) => write!(f, "B+{}", Komi(*h)),
            Outcome::WhiteBy(h) => write!(f, "W+{}", Komi(*h)),
            Outcome::Jigo => f.write_str("jigo"),
            Outcome::BlackWins => f.write_str("B wins"),
            Outcome::WhiteWins => f.write_str("W wins"),
            Outcome::Draw => f.write_str("draw"),
            Outcome::Void => f.write_str("void"),
        }
    }
}

impl Outcome {
    /// The SGF `RE` value: `B+1`, `W+0.5`, `0` (jigo), `B+R`/`W+R` for
    /// win/loss results, `Draw` for a draw.
    pub fn sgf(&self) -> String {
        match self {
            Outcome::Jigo => "0".into(),
            Outcome::BlackWins => "B+R".into(),
            Outcome::WhiteWins => "W+R".into(),
            Outcome::Draw => "Draw".into(),
            Outcome::Void => "Void".into(),
            o => o.to_string(),
        }
    }
}

/// The outcome of solver value `v` under `kind` at `komi`. For margins `v`
/// is taken at komi 0; for Ultimate Go a draw counts as a White win when
/// the komi has a half point; for win/loss rulesets `v` is +1 or -1.
pub fn outcome(kind: ValueKind, v: i32, komi: Komi) -> Outcome {
    match kind {
        ValueKind::Margin => {
            let m = 2 * v - komi.halves();
            match m.cmp(&0) {
                std::cmp::Ordering::Greater => Outcome::BlackBy(m),
                std::cmp::Ordering::Less => Outcome::WhiteBy(-m),
                std::cmp::Ordering::Equal => Outcome::Jigo,
            }
        }
        ValueKind::WinLoss | ValueKind::WinDrawLoss => match v.signum() {
            1 => Outcome::BlackWins,
            -1 => Outcome::WhiteWins,
            _ if komi.split().1 => Outcome::WhiteWins,
            _ => Outcome::Draw,
        },
    }
}
