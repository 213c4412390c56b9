//! [`SolveError`]: why a solve could not start or finish.

use crate::*;

/// Why a solve cannot be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The ruleset's solver is not available yet.
    NotYetAvailable(String),
    /// The board is too large for the method.
    TooLarge(String),
    /// The rules engine or retrograde solver reported an error.
    Engine(String),
    /// A method's independent check of its own answer failed (Kee's parity
    /// strategies, its replayed principal variation): a bug in kosolve,
    /// never a limit, to be reported loudly.
    CheckFailed(String),
    /// The start position or game record cannot be played (bad input).
    Setup(SetupError),
    /// The budget ran out before a method that proves nothing until it
    /// ends had finished (reported as [`Answer::Unfinished`] by
    /// [`solve_from`], never returned by it).
    Stopped(Stop),
    /// Options that make the search inexact ([`crate::SearchSettings::avoids`]
    /// off), which only measurements may use: a solve refuses them.
    Inexact,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::NotYetAvailable(s) | SolveError::TooLarge(s) | SolveError::Engine(s) => {
                f.write_str(s)
            }
            SolveError::CheckFailed(s) => write!(
                f,
                "internal error (a bug in kosolve; please report it): the answer failed its \
                 own check: {s}"
            ),
            SolveError::Setup(e) => e.fmt(f),
            SolveError::Inexact => f.write_str(
                "the search without D- is not exact and serves only to measure D-'s cost; \
                 a solve refuses it",
            ),
            SolveError::Stopped(why) => {
                write!(f, "stopped by {why} before the method had proven anything")
            }
        }
    }
}

impl std::error::Error for SolveError {}
