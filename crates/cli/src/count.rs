//! `kosolve count`: the number of complete games (perft) under a ruleset.

use crate::common::{check_max_seconds, rules_help, CliError, Format};
use crate::interrupt::interrupt_token;
use crate::start::{resolve, Resolved, StartArgs};
use kosolve_perft::{count_games_from, CountOptions, CountProgress, PerftError};
use kosolve_rules::Game;
use serde_json::json;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The node limit unless `--max-nodes` says otherwise.
const DEFAULT_MAX_NODES: u64 = 10_000_000_000;

/// The memo limit unless `--max-memo` says otherwise (about 2.6 GB in the
/// fast path, 6.4 GB in the generic one).
const DEFAULT_MAX_MEMO: u64 = 100_000_000;

/// Options of `kosolve count`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (e.g. 2x2, 1x4), `AxBxC` (e.g. 2x2x2), `ring:N` or `graph:FILE` (not with `--game`).
    #[arg(long, required_unless_present = "game")]
    board: Option<String>,
    /// Where the games start (default: the empty board, Black to move);
    /// the games counted are those that continue from there.
    #[command(flatten)]
    start: StartArgs,
    #[arg(long, help = rules_help(&[], "."))]
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
    /// Give up after about this many seconds (Ctrl-C also stops the count).
    #[arg(long)]
    max_seconds: Option<f64>,
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
    let start = resolve(args.board.as_deref(), &args.start)?;
    let rules = start.rules(&args.rules, args.suicide.as_deref(), args.komi.as_deref())?;
    let Resolved { board, setup, .. } = start;
    check_max_seconds(args.max_seconds)?;
    let progress = Arc::new(CountProgress {
        budget: kosolve_perft::Budget::unlimited()
            .with_seconds(args.max_seconds)
            .with_cancel(interrupt_token()),
        ..CountProgress::default()
    });
    let opts = CountOptions {
        depth: args.depth,
        fast: !args.no_fast,
        max_nodes: (args.max_nodes != 0).then_some(args.max_nodes),
        max_memo_entries: (args.max_memo != 0).then_some(args.max_memo),
        progress: Some(progress.clone()),
        ..CountOptions::default()
    };
    let start = Instant::now();
    let done = Arc::new(AtomicBool::new(false));
    let watcher = {
        let (progress, done) = (progress.clone(), done.clone());
        std::thread::spawn(move || watch(&progress, &done, start))
    };
    let result = count_games_from(&board, rules, &setup, &opts);
    done.store(true, Ordering::SeqCst);
    let _ = watcher.join();
    let count = result.map_err(|e| match e {
        PerftError::Interrupted { nodes, why } => CliError::Refused(format!(
            "the count was stopped by {why} after visiting {nodes} nodes with {} memo entries in {:.1} s; \
             no games were counted",
            progress.memo_entries.load(Ordering::Relaxed),
            start.elapsed().as_secs_f64()
        )),
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
            let mut v = json!({
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
            });
            if !setup.is_empty_board() {
                // The state the games continue from.
                if let Ok(g) = setup.game(board.clone(), rules) {
                    v["position"] = json!(g.position().diagram_line(&board));
                    v["to_move"] = json!(g.to_move().name());
                    v["record_moves"] = json!(g.moves().len());
                }
            }
            println!("{v}");
        }
    }
    Ok(())
}

/// While the count runs, where stderr is a terminal: shows the nodes, memo
/// entries and rate.
fn watch(progress: &CountProgress, done: &AtomicBool, start: Instant) {
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new_spinner();
        b.set_style(
            indicatif::ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
                .expect("a valid template"),
        );
        b
    });
    while !done.load(Ordering::SeqCst) {
        if let Some(b) = &bar {
            let nodes = progress.nodes.load(Ordering::Relaxed);
            let rate = nodes as f64 / start.elapsed().as_secs_f64().max(1e-9);
            b.set_message(format!(
                "{nodes} nodes, {} memo entries, {:.2} M nodes/s (Ctrl-C stops)",
                progress.memo_entries.load(Ordering::Relaxed),
                rate / 1e6
            ));
            b.tick();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}
