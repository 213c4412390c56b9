//! `kosolve positions` (under construction).

use crate::common::CliError;

/// Options of `kosolve positions`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the subcommand.
pub fn run(_args: Args) -> Result<(), CliError> {
    Err(CliError::Refused("not implemented yet".into()))
}
