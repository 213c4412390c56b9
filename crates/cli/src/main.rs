//! `kosolve`: exact solutions and perft counts for Go on tiny boards.

mod analyze;
mod check;
mod common;
mod count;
mod expedite;
mod gtp;
mod gtp_analyze;
mod gtp_kata;
mod interrupt;
mod join;
mod join_cert;
mod kee_multi;
mod positions;
mod report;
mod solve;
mod split;
mod start;
mod sweep;
mod sweep_analysis;

use clap::{Parser, Subcommand};
use common::CliError;
use std::process::ExitCode;

/// Exact game-tree solver for Go on tiny boards under named ko rulesets.
#[derive(Parser, Debug)]
#[command(name = "kosolve", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the legal positions of a board by enumeration.
    Positions(positions::Args),
    /// Count complete games (perft) under a ruleset.
    Count(count::Args),
    /// Solve a board exactly under a ruleset.
    Solve(solve::Args),
    /// The exact value of every legal move, under each of a list of rulesets.
    Analyze(analyze::Args),
    /// Run a sweep config (boards x rulesets x suicide x komi) into result tables.
    Sweep(sweep::SweepArgs),
    /// Join shard tables of a sweep.
    Merge(sweep::MergeArgs),
    /// Print a result table, optionally only some boards or rulesets.
    Show(sweep::ShowArgs),
    /// Ultimate Go's expedited counting from a position after the first delay.
    Expedite(expedite::Args),
    /// Write one Markdown page over every result table of a directory.
    Report(report::Args),
    /// Play as a perfect player over GTP (the Go Text Protocol) on stdin/stdout.
    Gtp(gtp::Args),
    /// Cut one solve into independent tasks for many machines (docs/distributed.md).
    Split(split::Args),
    /// The value of a split solve from its tasks' answers (docs/distributed.md).
    Join(join::Args),
    /// Check proof certificates written by `solve --certificate` (docs/certificates.md).
    Check(check::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Positions(a) => positions::run(a),
        Command::Count(a) => count::run(a),
        Command::Solve(a) => solve::run(a),
        Command::Analyze(a) => analyze::run(a),
        Command::Sweep(a) => sweep::run_sweep(a),
        Command::Merge(a) => sweep::run_merge(a),
        Command::Show(a) => sweep::run_show(a),
        Command::Report(a) => report::run(a),
        Command::Gtp(a) => gtp::run(a),
        Command::Expedite(a) => expedite::run(a),
        Command::Check(a) => check::run(a),
        Command::Split(a) => split::run(a),
        Command::Join(a) => join::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A failed self-check is a bug: said so, with its own exit status.
        Err(e) if e.is_bug() => {
            eprintln!("kosolve: {e}");
            ExitCode::from(3)
        }
        Err(CliError::Rejected(why)) => {
            eprintln!("kosolve: certificate rejected: {why}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("kosolve: error: {e}");
            ExitCode::from(2)
        }
    }
}
