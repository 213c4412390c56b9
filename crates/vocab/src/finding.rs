//! What a solve found, in the words of the result tables: its [`Status`],
//! the [`Verdict`] of the `outcome` column, and the [`Finding`] that holds
//! them with the value, the proven bounds and the principal variation.

use crate::{Outcome, Value};
use kosolve_rules::Move;
use std::fmt;
use std::str::FromStr;

/// How far a solve got. Tables write it as `solved`, `unsolved` or
/// `refused`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Solved: the value and the outcome hold the answer.
    Solved,
    /// A limit was hit: the bounds hold what was proven so far.
    Unsolved,
    /// Refused before any search (a board too large for the method, a board
    /// that does not parse): the verdict holds the reason.
    Refused,
}

impl Status {
    /// Every status, in [`Status::index`] order.
    pub const ALL: [Status; 3] = [Status::Solved, Status::Unsolved, Status::Refused];

    /// The status's place in [`Status::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The table form: `solved`, `unsolved` or `refused`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolved => "unsolved",
            Status::Refused => "refused",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Status {
    type Err = String;
    fn from_str(s: &str) -> Result<Status, String> {
        Status::ALL
            .into_iter()
            .find(|st| st.as_str() == s)
            .ok_or_else(|| format!("unknown status '{s}': expected solved, unsolved or refused"))
    }
}

/// What the `outcome` column says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The outcome at the komi: a solved job's, or for a Fundamental Go job
    /// whose score the limits left open, the winner at this komi.
    Outcome(Outcome),
    /// `unsolved`: a limit stopped the job before the value.
    Unsolved,
    /// Why the job was refused.
    Refused(String),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Outcome(o) => write!(f, "{o}"),
            Verdict::Unsolved => f.write_str("unsolved"),
            Verdict::Refused(why) => f.write_str(why),
        }
    }
}

/// A solve's result as a table row states it: everything but the job's
/// identity and its timings. The solver makes one from its report
/// (`kosolve_solver::Report::finding`), the one path from a method's
/// answer to a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// How far the solve got.
    pub status: Status,
    /// The value (a margin, `void`, +1/0/-1, or Fundamental Go's score);
    /// `None` where it is not known.
    pub value: Option<Value>,
    /// The outcome at the komi, `unsolved`, or the reason for a refusal.
    pub verdict: Verdict,
    /// The best lower bound proven (for `basic`, VB).
    pub lower: Option<Value>,
    /// The best upper bound proven (for `basic`, VW).
    pub upper: Option<Value>,
    /// The principal variation: a whole line or none.
    pub pv: Vec<Move>,
    /// Nodes searched (for retrograde analysis, states).
    pub nodes: u64,
}

impl Finding {
    /// Nothing known yet: `unsolved`, no value, no bounds, no line.
    pub fn unsolved() -> Finding {
        Finding {
            status: Status::Unsolved,
            value: None,
            verdict: Verdict::Unsolved,
            lower: None,
            upper: None,
            pv: Vec::new(),
            nodes: 0,
        }
    }

    /// A refusal for this reason.
    pub fn refused(why: impl Into<String>) -> Finding {
        Finding {
            status: Status::Refused,
            verdict: Verdict::Refused(why.into()),
            ..Finding::unsolved()
        }
    }

    /// The value, where solved.
    pub fn solved_value(&self) -> Option<Value> {
        self.value.filter(|_| self.status == Status::Solved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_read_back() {
        for (i, s) in Status::ALL.into_iter().enumerate() {
            assert_eq!(s.index(), i);
            assert_eq!(s.as_str().parse::<Status>(), Ok(s));
        }
        assert!("solve".parse::<Status>().is_err());
    }

    #[test]
    fn refused_and_unsolved_have_no_value() {
        let r = Finding::refused("too large");
        assert_eq!(r.status, Status::Refused);
        assert_eq!(r.verdict.to_string(), "too large");
        let mut u = Finding::unsolved();
        u.value = Some(Value::Margin(3));
        assert_eq!(u.solved_value(), None);
        u.status = Status::Solved;
        assert_eq!(u.solved_value(), Some(Value::Margin(3)));
    }
}
