//! `kosolve report`: one Markdown page over every result table of a directory.

use crate::common::CliError;
use std::path::PathBuf;

/// Options of `kosolve report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The directory of result tables (every `*.csv` but `*.partial.csv`).
    #[arg(default_value = "results")]
    dir: PathBuf,
    /// Write the page here (default: print it).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs the subcommand: a contradiction between two tables is an error.
pub fn run(a: Args) -> Result<(), CliError> {
    let tables = kosolve_sweep::overview::read_tables(&a.dir).map_err(CliError::Io)?;
    let page = kosolve_sweep::overview::markdown(&tables).map_err(CliError::Refused)?;
    match &a.out {
        Some(p) => kosolve_sweep::write_atomic(p, page.as_bytes())
            .map_err(|e| CliError::Io(e.to_string()))?,
        None => print!("{page}"),
    }
    Ok(())
}
