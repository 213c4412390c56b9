//! `kosolve analyze`: the exact value of every legal move from one start,
//! under each of a list of rulesets (docs/analyze.md).

use crate::common::{CliError, LimitArgs};
use crate::start::{resolve, StartArgs};
use kosolve_analyze::{analyze, Analysis, AnalyzeError};
use kosolve_board::Board;
use kosolve_rules::{Game, Rules, Ruleset, Setup};
use kosolve_solver::SearchSettings;
use kosolve_solver::{SolveError, SolveOptions};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Arc;

/// Output format of `kosolve analyze`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum AnalyzeFormat {
    /// A table: moves as rows, rulesets as columns.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// One CSV row per ruleset and move.
    Csv,
}

/// Options of `kosolve analyze`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (e.g. 3x3, 1x7), `AxBxC`, `ring:N` or `graph:FILE` (not with `--game`).
    #[arg(long, required_unless_present = "game")]
    board: Option<String>,
    /// Where the game starts (default: the empty board, Black to move).
    #[command(flatten)]
    start: StartArgs,
    /// Rulesets, separated by commas (e.g. `psk,nssk,fixed,kee`), or `all`.
    #[arg(long, default_value = "psk")]
    rules: String,
    /// Suicide for every ruleset: forbidden or allowed (default: each ruleset's own).
    #[arg(long)]
    suicide: Option<String>,
    /// Komi, a multiple of 0.5 (default 0, or the record's KM).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// Threads per solve (values do not depend on it; default 1).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Memory and when to stop.
    #[command(flatten)]
    limits: LimitArgs,
    /// Output format on standard output.
    #[arg(long, value_enum, default_value_t = AnalyzeFormat::Text)]
    format: AnalyzeFormat,
    /// Also write the board with each move's value on its point, one panel
    /// per ruleset, as an SVG picture.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Also write an SGF collection: per ruleset, the values as labels and
    /// one variation per move with its line (rectangular boards).
    #[arg(long, value_name = "FILE")]
    sgf: Option<String>,
    /// Print no progress lines on stderr.
    #[arg(long)]
    quiet: bool,
    /// Cache results under whole-history keys only, without dependency
    /// tracking (a second exactness argument, for cross-checks; slower).
    #[arg(long)]
    whole_keys: bool,
}

/// The rulesets of `--rules`: names separated by commas, or `all`. An
/// unknown name is an error naming it.
pub fn parse_rulesets(list: &str) -> Result<Vec<Ruleset>, CliError> {
    if list.trim() == "all" {
        return Ok(Ruleset::ALL.to_vec());
    }
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim) {
        let r: Ruleset = name.parse()?;
        if !out.contains(&r) {
            out.push(r);
        }
    }
    if out.is_empty() {
        return Err(CliError::Usage("--rules names no ruleset".into()));
    }
    Ok(out)
}

/// The rules of each ruleset, and a check that each can start from the
/// setup: every error comes before any search, so nothing is written.
fn rules_of(
    args: &Args,
    board: &Arc<Board>,
    setup: &Setup,
    record_komi: Option<&str>,
    rulesets: &[Ruleset],
) -> Result<Vec<Rules>, CliError> {
    let komi = args.komi.as_deref().or(record_komi);
    let mut out = Vec::new();
    for &r in rulesets {
        let rules = crate::common::parse_rules(r.name(), args.suicide.as_deref(), komi)?;
        let g = setup
            .game(board.clone(), rules)
            .map_err(|e| CliError::Solve(SolveError::Setup(e)))?;
        if g.result().is_some() {
            return Err(CliError::Usage(format!(
                "the game is over at the start under {r}: there is no move to analyse"
            )));
        }
        out.push(rules);
    }
    Ok(out)
}

fn check_args(args: &Args, board: &Board) -> Result<(), CliError> {
    if args.threads == 0 || args.threads > 1024 {
        return Err(CliError::Usage(format!(
            "--threads must be between 1 and 1024 (got {})",
            args.threads
        )));
    }
    args.limits.check()?;
    if args.sgf.is_some() && kosolve_sgf::size_value(board).is_none() {
        return Err(CliError::Usage(format!(
            "--sgf needs a rectangular board; SGF cannot describe '{}'",
            board.name()
        )));
    }
    Ok(())
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    let rulesets = parse_rulesets(&args.rules)?;
    let start = resolve(args.board.as_deref(), &args.start)?;
    check_args(&args, &start.board)?;
    let (board, setup) = (start.board.clone(), start.setup.clone());
    let all_rules = rules_of(
        &args,
        &board,
        &setup,
        start.record_komi.as_deref(),
        &rulesets,
    )?;
    let opts = SolveOptions {
        threads: args.threads,
        memory_mib: args.limits.memory_mib(),
        limits: args.limits.limits(),
        search: SearchSettings {
            pv: true,
            dependencies: !args.whole_keys,
            ..SearchSettings::default()
        },
        ..SolveOptions::default()
    };
    let progress = !args.quiet && std::io::stderr().is_terminal();
    let mut analyses: Vec<Analysis> = Vec::new();
    for rules in all_rules {
        let mut on_move = |m: &kosolve_analyze::MoveValue| {
            if progress {
                eprintln!(
                    "kosolve: {} {}: {} ({})",
                    rules.ruleset,
                    m.name,
                    m.value
                        .map_or_else(|| "unsolved".to_string(), |v| v.signed()),
                    m.status.name()
                );
            }
        };
        match analyze(&board, rules, &setup, &opts, &mut on_move) {
            Ok(a) => analyses.push(a),
            Err(AnalyzeError::Solve(e)) => return Err(CliError::Solve(e)),
            Err(e) => return Err(CliError::Usage(e.to_string())),
        }
    }
    if let Some(path) = &args.svg {
        let position = setup
            .game(board.clone(), analyses[0].rules)
            .map(|g| g.position())
            .map_err(|e| CliError::Solve(SolveError::Setup(e)))?;
        let text = kosolve_analyze::svg::render(&board, position, &analyses);
        kosolve_sweep::write_atomic(Path::new(path), text.as_bytes())
            .map_err(|e| CliError::Io(e.to_string()))?;
    }
    if let Some(path) = &args.sgf {
        let text = kosolve_analyze::sgf::render(&board, &setup, &analyses)
            .map_err(|e| CliError::Usage(format!("--sgf: {e}")))?;
        kosolve_sweep::write_atomic(Path::new(path), text.as_bytes())
            .map_err(|e| CliError::Io(e.to_string()))?;
    }
    match args.format {
        AnalyzeFormat::Text => print!("{}", kosolve_analyze::text::render(&board, &analyses)),
        AnalyzeFormat::Json => println!("{}", kosolve_analyze::json::render(&board, &analyses)),
        AnalyzeFormat::Csv => print!("{}", kosolve_analyze::csv::render(&board, &analyses)),
    }
    Ok(())
}
