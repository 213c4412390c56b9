//! The words every front end and table shares: a solved [`Value`] and its
//! forms, the [`Outcome`] at a komi, the [`Method`] and [`Engine`] a solve
//! is asked for, the effort [`Stats`], and what a solve found ([`Finding`],
//! its [`Status`] and [`Verdict`]). The sweep runner and the report
//! read and write these without the search behind them (crate
//! kosolve-solver re-exports them all).

mod finding;
mod method;
mod outcome;
mod stats;
mod value;

pub use finding::{Finding, Status, Verdict};
pub use method::{Engine, Method};
pub use outcome::{outcome, Outcome};
pub use stats::Stats;
pub use value::{Value, ValueError};
