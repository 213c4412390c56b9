//! Parsing and errors shared by the subcommands.

use kosolve_board::{Board, BoardError, Suicide};
use kosolve_rules::{Komi, Rules, RulesError, Ruleset};
use kosolve_solver::SolveError;
use std::fmt;
use std::sync::Arc;

/// Everything that can go wrong in a subcommand.
#[derive(Debug)]
pub enum CliError {
    /// A bad board.
    Board(BoardError),
    /// A bad ruleset or rules option.
    Rules(RulesError),
    /// A bad option value or combination.
    Usage(String),
    /// A computation that cannot be done as asked (too large, overflow, ...).
    Refused(String),
    /// A file could not be written or read.
    Io(String),
    /// The solver refused the board ([`SolveError`] other than
    /// `CheckFailed`), or its answer failed its own check: a bug
    /// ([`CliError::is_bug`]).
    Solve(SolveError),
    /// A bug in kosolve found elsewhere than in a solve's own answer (a
    /// sweep job that failed).
    Internal(String),
    /// `kosolve check`: a well-formed certificate that does not hold
    /// (exit status 1).
    Rejected(String),
}

impl CliError {
    /// Whether the error is a bug in kosolve (an answer that failed its own
    /// check) rather than a refusal or a bad request: reported as an
    /// internal error with its own exit status.
    pub fn is_bug(&self) -> bool {
        matches!(
            self,
            CliError::Solve(SolveError::CheckFailed(_)) | CliError::Internal(_)
        )
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Board(e) => write!(f, "{e}"),
            CliError::Rules(e) => write!(f, "{e}"),
            CliError::Usage(s)
            | CliError::Refused(s)
            | CliError::Io(s)
            | CliError::Internal(s)
            | CliError::Rejected(s) => f.write_str(s),
            CliError::Solve(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<BoardError> for CliError {
    fn from(e: BoardError) -> Self {
        CliError::Board(e)
    }
}

impl From<SolveError> for CliError {
    fn from(e: SolveError) -> Self {
        CliError::Solve(e)
    }
}

impl From<RulesError> for CliError {
    fn from(e: RulesError) -> Self {
        CliError::Rules(e)
    }
}

/// Output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

/// Parses a board description.
pub fn parse_board(spec: &str) -> Result<Arc<Board>, CliError> {
    Ok(Arc::new(Board::parse(spec)?))
}

/// Builds the rules from the command-line strings; `suicide` `None` keeps the ruleset's default.
pub fn parse_rules(
    ruleset: &str,
    suicide: Option<&str>,
    komi: Option<&str>,
) -> Result<Rules, CliError> {
    let ruleset: Ruleset = ruleset.parse()?;
    let mut rules = Rules::new(ruleset);
    if let Some(s) = suicide {
        let s: Suicide = s.parse().map_err(CliError::Usage)?;
        rules = rules.with_suicide(s)?;
    }
    if let Some(k) = komi {
        let k: Komi = k.parse()?;
        rules = rules.with_komi(k);
    }
    Ok(rules)
}

/// The help of a `--rules` option: every ruleset name of [`Ruleset::ALL`]
/// but those in `except`, then `note`. The subcommands take their lists
/// from here, so no list is written by hand.
pub fn rules_help(except: &[Ruleset], note: &str) -> String {
    let names: Vec<&str> = Ruleset::ALL
        .into_iter()
        .filter(|r| !except.contains(r))
        .map(|r| r.name())
        .collect();
    format!("Ruleset: {}{note}", names.join(", "))
}

/// The limits of a solving subcommand (`solve`, `analyze`): the tables'
/// memory and when to stop. One group, so that each takes them alike.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct LimitArgs {
    /// Transposition table cap in MiB (default: a quarter of the RAM); for
    /// `analyze`, per ruleset.
    #[arg(long)]
    pub memory: Option<usize>,
    /// Stop after about this many nodes and report the proven bounds (for
    /// `analyze`: each ruleset's analysis; the moves not finished keep
    /// their proven bounds).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after about this many seconds and report the proven bounds (for
    /// `analyze`: each ruleset's analysis).
    #[arg(long)]
    pub max_seconds: Option<f64>,
}

impl LimitArgs {
    /// Checks the values: a memory of at least 1 MiB, and a time that is a
    /// finite number of at least 0.
    pub fn check(&self) -> Result<(), CliError> {
        if self.memory == Some(0) {
            return Err(CliError::Usage("--memory must be at least 1 MiB".into()));
        }
        check_max_seconds(self.max_seconds)
    }

    /// The memory cap in MiB: `--memory`, or a quarter of the RAM.
    pub fn memory_mib(&self) -> usize {
        self.memory
            .unwrap_or_else(kosolve_solver::default_memory_mib)
    }

    /// The limits of a run: the nodes, the seconds, and the Ctrl-C token.
    pub fn limits(&self) -> kosolve_solver::Limits {
        kosolve_solver::Limits {
            max_nodes: self.max_nodes,
            max_seconds: self.max_seconds,
            cancel: crate::interrupt::interrupt_token(),
        }
    }
}

/// Checks a `--max-seconds` value: a finite number, at least 0.
pub fn check_max_seconds(s: Option<f64>) -> Result<(), CliError> {
    match s {
        Some(s) if !(s >= 0.0 && s.is_finite()) => Err(CliError::Usage(format!(
            "--max-seconds must be a non-negative number (got {s})"
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_check_is_a_bug_not_a_refusal() {
        let bug = CliError::from(SolveError::CheckFailed("kee: a strategy lost".into()));
        assert!(bug.is_bug());
        let text = bug.to_string();
        assert!(
            text.starts_with("internal error (a bug in kosolve"),
            "{text}"
        );
        assert!(text.ends_with("kee: a strategy lost"), "{text}");
        for refusal in [
            SolveError::TooLarge("too large".into()),
            SolveError::NotYetAvailable("not yet".into()),
            SolveError::Engine("engine".into()),
        ] {
            let e = CliError::from(refusal.clone());
            assert!(!e.is_bug());
            // A refusal's text is the solver's, unchanged.
            assert_eq!(e.to_string(), refusal.to_string());
        }
    }
}
