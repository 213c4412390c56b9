//! `kosolve positions`: the number of legal positions of a board, by enumeration.

use crate::common::{parse_board, CliError, Format};
use kosolve_perft::try_count_positions;
use serde_json::json;
use std::time::Instant;

/// Options of `kosolve positions`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (e.g. 2x2, 1x5), `AxBxC`, `ring:N` or `graph:FILE`; at most
    /// 25 points (every one of the 3^points colourings is visited).
    #[arg(long)]
    board: String,
    /// Output format: text, or one JSON object on one line
    /// (keys `board`, `points`, `positions`, `seconds`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    let board = parse_board(&args.board)?;
    let start = Instant::now();
    let positions = try_count_positions(&board).map_err(|e| CliError::Refused(e.to_string()))?;
    let seconds = start.elapsed().as_secs_f64();
    match args.format {
        Format::Text => println!(
            "{}: {} legal positions ({} points, {:.3} s)",
            board.name(),
            positions,
            board.len(),
            seconds
        ),
        Format::Json => println!(
            "{}",
            json!({
                "board": board.name(),
                "points": board.len(),
                "positions": positions,
                "seconds": seconds,
            })
        ),
    }
    Ok(())
}
