//! Exact perfect-play solvers for Go on tiny boards.
//!
//! - [`solve`]: the value of a board under a ruleset, its outcome at the
//!   configured komi, a principal variation, and for Fundamental/Ultimate
//!   Go a komi analysis (docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go with
//!   prisoner return)").
//! - [`solve_game`]: the fast solver on any [`Game`] state: fail-soft
//!   alpha-beta with an exact transposition table keyed by
//!   [`Game::future_key`], an MTD(f) driver that keeps proven bounds when
//!   stopped, and rayon threads (see docs/solver.md).
//! - The deliberately naive minimax references that the tests check the
//!   fast solver against live in the dev-only crate kosolve-testkit.
//! - `basic` (void games) is solved by retrograde analysis
//!   ([`kosolve_retrograde::solve_basic`]), and Kee optionally as a parity
//!   game (crate kosolve-kee); every method's answer is an [`Answer`] in the
//!   same [`Report`], read through the same accessors.
//!
//! The crate root is a facade. [`SolveOptions`], [`Engine`] and [`Method`]
//! live in `options`; [`Stats`] and [`SearchSolution`] in `stats`; [`Tables`],
//! [`solve_game`], [`Tester`] and [`Follower`] in `run`; [`SolveError`] in
//! `error`; the size limits and [`check_feasible`] in `feasible`;
//! [`Outcome`], [`Answer`] and [`Report`] in `answer`; the komi analysis in
//! `komi`; [`solve`] and [`solve_from`] in `dispatch`; the search itself in
//! `search`, its tables in `table`, `deps` and `sharded`.
//!
//! Values are Black's: the area margin at komi 0 for margin rulesets
//! (`B wins iff V > komi`), +1/-1 for win/loss rulesets, +1/0/-1 for
//! Ultimate Go (0 a declared draw).

pub mod certificate;
mod deps;
mod mirror;
mod search;
mod sharded;
mod table;
mod unknown;

// The facade: each module below holds one part of the API, re-exported
// here whole, and reads the crate root's imports (`use crate::*`).
mod answer;
mod dispatch;
mod error;
mod feasible;
mod komi;
mod options;
mod run;
mod stats;

pub use answer::*;
pub use dispatch::*;
pub use error::*;
pub use feasible::*;
pub use komi::*;
pub use options::*;
pub use run::*;
pub use stats::*;

pub use deps::ArchiveStats;
pub use kosolve_budget::{Budget, Cancel, Limits, Stop};
pub use kosolve_retrograde::{BasicSolution, BasicValue};
pub use kosolve_vocab::{
    outcome, Engine, Finding, Method, Outcome, Stats, Status, Value, ValueError, Verdict,
};
pub use search::{result_value, value_range};
pub use table::{Probe, Table};

use kosolve_board::Board;
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, Setup, SetupError, ValueKind};
use std::borrow::Cow;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
