//! `kosolve count`: the number of complete games (perft) under a ruleset.

use crate::common::{parse_board, parse_rules, CliError, Format};
use kosolve_perft::{count_games_detailed, CountOptions, PerftError};
use serde_json::json;
use std::time::Instant;

/// The node limit unless `--max-nodes` says otherwise.
const DEFAULT_MAX_NODES: u64 = 10_000_000_000;

/// The memo limit unless `--max-memo` says otherwise (about 2.6 GB in the
/// fast path, 6.4 GB in the generic one).
const DEFAULT_MAX_MEMO: u64 = 100_000_000;

/// Options of `kosolve count`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (e.g. 2x2, 1x4), `ring:N` or `graph:FILE`.
    #[arg(long)]
    board: String,
    /// Ruleset: psk, ssk, nssk, fixed, basic, basic-fixed, bkr, primitive,
    /// tromp-taylor, kee, fundamental, ultimate, ultimate-simple.
    #[arg(long)]
    rules: String,
    /// Suicide: forbidden or allowed (default: the ruleset's own).
    #[arg(long)]
    suicide: Option<String>,
    /// Komi, a multiple of 0.5 (default 0; it changes counts only under
    /// Fundamental and Ultimate Go, where it is given as prisoners).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// Count the legal move sequences of exactly D moves instead of complete
    /// games (required for `basic`, whose games can be infinite).
    #[arg(long)]
    depth: Option<u32>,
    /// Give up after visiting this many search nodes (0: no limit).
    #[arg(long, default_value_t = DEFAULT_MAX_NODES)]
    max_nodes: u64,
    /// Give up once the memo holds this many entries (0: no limit).
    #[arg(long, default_value_t = DEFAULT_MAX_MEMO)]
    max_memo: u64,
    /// Use the generic counter even where the positional-superko fast path applies.
    #[arg(long)]
    no_fast: bool,
    /// Output format: text, or one JSON object on one line (keys `board`,
    /// `rules`, `suicide`, `komi`, `depth`, `games`, `method`, `nodes`,
    /// `memo_entries`, `seconds`; `games` is a number when it fits in 64
    /// bits, else a decimal string).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    let board = parse_board(&args.board)?;
    let rules = parse_rules(&args.rules, args.suicide.as_deref(), args.komi.as_deref())?;
    let opts = CountOptions {
        depth: args.depth,
        fast: !args.no_fast,
        max_nodes: (args.max_nodes != 0).then_some(args.max_nodes),
        max_memo_entries: (args.max_memo != 0).then_some(args.max_memo),
        ..CountOptions::default()
    };
    let start = Instant::now();
    let count = count_games_detailed(&board, rules, &opts).map_err(|e| match e {
        PerftError::NodeLimit { .. } => {
            CliError::Refused(format!("{e} (raise it with --max-nodes N, 0 for none)"))
        }
        PerftError::MemoLimit { .. } => {
            CliError::Refused(format!("{e} (raise it with --max-memo N, 0 for none)"))
        }
        e => CliError::Refused(e.to_string()),
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let what = match args.depth {
        Some(d) => format!("move sequences of {d} moves"),
        None => "complete games".to_string(),
    };
    match args.format {
        Format::Text => println!(
            "{} {} (suicide {}, komi {}): {} {what} [{} method, {} nodes, {} memo entries, {:.3} s]",
            board.name(),
            rules.ruleset,
            rules.suicide,
            rules.komi,
            count.games,
            count.method,
            count.nodes,
            count.memo_entries,
            seconds
        ),
        Format::Json => {
            let games = match u64::try_from(count.games) {
                Ok(g) => json!(g),
                Err(_) => json!(count.games.to_string()),
            };
            println!(
                "{}",
                json!({
                    "board": board.name(),
                    "rules": rules.ruleset.name(),
                    "suicide": rules.suicide.name(),
                    "komi": rules.komi.as_f64(),
                    "depth": args.depth,
                    "games": games,
                    "method": count.method.name(),
                    "nodes": count.nodes,
                    "memo_entries": count.memo_entries,
                    "seconds": seconds,
                })
            );
        }
    }
    Ok(())
}
