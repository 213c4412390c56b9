//! `kosolve solve`: the exact perfect-play value of a board under a ruleset.

use crate::common::{rules_help, CliError, Format, LimitArgs};
use crate::start::{resolve, Resolved, StartArgs};
use kosolve_board::{Board, Color};
use kosolve_rules::{AnyGame, Game, Komi, Move, Rules, Ruleset, Setup, ValueKind};
use kosolve_solver::{
    Answer, KomiAnalysis, KomiSweep, Live, Method, Report, SolveOptions, Stats, Threshold, Value,
};
use kosolve_solver::{AvoidFilter, Hooks, KeeChoices, SearchSettings};
use serde_json::json;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Options of `kosolve solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (e.g. 2x2, 1x5), `AxBxC` (e.g. 2x2x2), `ring:N` or `graph:FILE` (not with `--game`).
    #[arg(long, required_unless_present = "game")]
    board: Option<String>,
    /// Where the game starts (default: the empty board, Black to move).
    #[command(flatten)]
    start: StartArgs,
    #[arg(long, default_value = "psk", help = rules_help(&[], "."))]
    rules: String,
    /// Suicide: forbidden or allowed (default: the ruleset's own).
    #[arg(long)]
    suicide: Option<String>,
    /// Kee only: the number of players, 2 to 4 (default 2). With 3 or 4,
    /// prints each player's guarantee with a line of play and who can
    /// force a win (docs/rules.md, "Kee with more than two players").
    #[arg(long)]
    players: Option<usize>,
    /// Komi, a multiple of 0.5 (default 0).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// Threads (default: every core; results do not depend on it).
    #[arg(long)]
    threads: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Show the principal variation as board diagrams (text format).
    #[arg(long)]
    pv: bool,
    /// Write the principal variation as an SGF file (rectangular boards).
    #[arg(long)]
    sgf: Option<String>,
    /// Write proof certificates of the value to FILE: Black's strategy for
    /// "value >= v" and White's for "value <= v" (primitive: the winner's;
    /// basic: four, for VB and VW), which `kosolve check FILE` verifies
    /// (docs/certificates.md; psk, ssk, nssk, tromp-taylor, fixed, basic,
    /// basic-fixed, bkr and primitive).
    #[arg(long, value_name = "FILE")]
    certificate: Option<String>,
    /// Memory and when to stop.
    #[command(flatten)]
    limits: LimitArgs,
    /// Fundamental/Ultimate Go: search komis -N..=N for the score or the
    /// thresholds (default: the board's points + 2; 0 turns it off).
    #[arg(long)]
    komi_range: Option<i32>,
    /// Method: auto (basic by retrograde analysis up to 14 points and by
    /// the proof search past them, kee by the parity method from a start
    /// without moves and else by the search, every other ruleset by the
    /// search), search (the game tree; for basic the proof search of
    /// docs/reach.md), parity (kee only: forgetful games, then the parity
    /// game on the graph of game situations, capped by --memory; see
    /// docs/kee.md) or retrograde (basic only).
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    method: Method,
    /// Search engine for the tests "value >= t": auto (the faster for the
    /// ruleset and board, docs/performance.md), pns (depth-first
    /// proof-number search) or id (alpha-beta by iterative deepening).
    /// Values never depend on it.
    #[arg(long, default_value = "auto", value_parser = parse_engine)]
    engine: kosolve_solver::Engine,
    /// Stop once the value is decided against the window A,B (values at
    /// komi 0): proven exact, below A, or above B; `A,A-1` asks only the
    /// test "value >= A". The answer is then proven bounds with status
    /// `decided` (the tasks of a split, docs/distributed.md, "Windows").
    /// Only the search reads it.
    #[arg(long, value_name = "A,B", allow_hyphen_values = true, value_parser = parse_window)]
    window: Option<(i32, i32)>,
    /// Search board plays before the pass (for measuring move ordering).
    #[arg(long, hide = true)]
    pass_last: bool,
    /// Do not cut on the static bounds (pass-alive chains; for measuring
    /// them and checking them against the plain search).
    #[arg(long)]
    no_static_bounds: bool,
    /// The size of the Bloom filter of each stored bound's D- (the
    /// entries its proof needs absent): auto (large on lines and rings of
    /// 12 points or more), small (4,096 bits) or large (32,768 bits).
    /// Values never depend on it (docs/performance.md, "The D- filter's
    /// size").
    #[arg(long, value_name = "SIZE", default_value = "auto", value_parser = parse_avoid_filter)]
    avoid_filter: AvoidFilter,
    /// Keep every bound the dependency table is given in an archive,
    /// never replaced, within the memory cap again (docs/certificates.md,
    /// "The archive"; the certificate writer always does). Values never
    /// depend on it.
    #[arg(long)]
    archive: bool,
    /// Do not count territory regions in the static bounds (for measuring
    /// them; values never depend on it; see docs/solver.md, "Territory").
    #[arg(long)]
    no_territory: bool,
    /// Do not cache, within one iterative-deepening pass, the nodes found
    /// unknown (for measuring it; values never depend on it).
    #[arg(long)]
    no_unknown_cache: bool,
    /// Do not key cached results by the board's symmetries (for measuring
    /// them and checking them against the plain keys; values never depend on it).
    #[arg(long)]
    no_symmetry: bool,
    /// Kee's parity method: do not try forgetful games first (for
    /// measuring them and checking them against the situation graph and
    /// restricted games; docs/kee.md).
    #[arg(long)]
    no_forgetful: bool,
    /// Print no live progress line (it is drawn only when stderr is a
    /// terminal).
    #[arg(long)]
    quiet: bool,
    /// Cache results under whole-history keys only, without dependency
    /// tracking (a second exactness argument, for cross-checks; slower).
    #[arg(long)]
    whole_keys: bool,
}

/// The request of a Kee solve for `k` players other than two, with every
/// option given that it does not take.
fn multi_request(args: &Args, k: usize) -> crate::kee_multi::Request {
    let s = &args.start;
    let unsupported = [
        ("--position", s.position.is_some()),
        ("--game", s.game.is_some()),
        ("--prisoners", s.prisoners.is_some()),
        ("--komi", args.komi.is_some()),
        ("--sgf", args.sgf.is_some()),
        ("--certificate", args.certificate.is_some()),
        ("--komi-range", args.komi_range.is_some()),
        ("--pv", args.pv),
        ("--method", args.method != Method::Auto),
    ]
    .into_iter()
    .filter(|(_, given)| *given)
    .map(|(flag, _)| flag)
    .collect();
    crate::kee_multi::Request {
        board: args.board.clone(),
        players: k,
        suicide: args.suicide.clone(),
        format: args.format,
        memory_mib: args.limits.memory_mib(),
        limits: args.limits.limits(),
        unsupported,
    }
}

fn parse_engine(s: &str) -> Result<kosolve_solver::Engine, String> {
    kosolve_solver::Engine::from_name(s)
        .ok_or_else(|| format!("unknown engine '{s}': expected auto, pns or id"))
}

/// A window `[A, B]` of values (`--window`), if any.
type Window = Option<(i32, i32)>;

/// A window `A,B` of values with A <= B + 1 (`A,A-1`: the one test
/// "value >= A").
pub(crate) fn parse_window(s: &str) -> Result<(i32, i32), String> {
    let bad = || {
        format!("a window is two whole values A,B with A <= B, or B = A - 1 for the one test \"value >= A\" (got '{s}')")
    };
    let (a, b) = s.split_once(',').ok_or_else(bad)?;
    let (a, b): (i32, i32) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b.saturating_add(1) {
        return Err(bad());
    }
    Ok((a, b))
}

fn parse_avoid_filter(s: &str) -> Result<AvoidFilter, String> {
    AvoidFilter::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = AvoidFilter::ALL.iter().map(|f| f.name()).collect();
        format!("unknown filter size '{s}': expected {}", names.join(", "))
    })
}

fn parse_method(s: &str) -> Result<Method, String> {
    Method::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
        format!("unknown method '{s}': expected {}", names.join(", "))
    })
}

/// Checks the options that do not depend on the solve: threads, memory,
/// time, method, SGF and certificate against the board and rules; returns
/// the thread count.
fn check_options(args: &Args, board: &Board, rules: &Rules) -> Result<usize, CliError> {
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
            .min(1024)
    });
    if threads == 0 || threads > 1024 {
        return Err(CliError::Usage(format!(
            "--threads must be between 1 and 1024 (got {threads})"
        )));
    }
    args.limits.check()?;
    if !args.method.applies_to(rules.ruleset) {
        return Err(CliError::Usage(format!(
            "--method {} does not solve --rules {} (parity solves kee only, retrograde \
             basic only, and search every ruleset)",
            args.method, rules.ruleset
        )));
    }
    if args.sgf.is_some() && kosolve_sgf::size_value(board).is_none() {
        return Err(CliError::Usage(format!(
            "--sgf needs a rectangular board; SGF cannot describe '{}'",
            board.name()
        )));
    }
    if args.certificate.is_some() && !kosolve_solver::certificate::supports(rules) {
        return Err(CliError::Usage(format!(
            "--certificate: ruleset '{}' has no certificate format (psk, ssk, nssk, \
             tromp-taylor, fixed, basic, basic-fixed, bkr and primitive have; \
             docs/certificates.md)",
            rules.ruleset
        )));
    }
    Ok(threads)
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(k) = args.players {
        let ruleset: Ruleset = args.rules.parse()?;
        if ruleset != Ruleset::Kee {
            return Err(CliError::Usage(format!(
                "--players applies to --rules kee only (got --rules {})",
                ruleset.name()
            )));
        }
        if k != 2 {
            args.limits.check()?;
            return crate::kee_multi::run(multi_request(&args, k));
        }
    }
    let start = resolve(args.board.as_deref(), &args.start)?;
    let rules = start.rules(&args.rules, args.suicide.as_deref(), args.komi.as_deref())?;
    let Resolved { board, setup, .. } = start;
    let threads = check_options(&args, &board, &rules)?;
    let fundamental = rules.ruleset.family() == kosolve_rules::Family::Fundamental;
    let komi_range = match args.komi_range {
        Some(n) if n < 0 => {
            return Err(CliError::Usage(format!(
                "--komi-range must be >= 0 (got {n})"
            )))
        }
        Some(0) => None,
        Some(n) => Some(n),
        None => Some(kosolve_solver::default_komi_range(&board)),
    }
    .filter(|_| fundamental);
    let nodes = Arc::new(AtomicU64::new(0));
    let live = Arc::new(Live::default());
    let opts = SolveOptions {
        threads,
        memory_mib: args.limits.memory_mib(),
        engine: args.engine,
        method: args.method,
        limits: args.limits.limits(),
        search: SearchSettings {
            pass_first: !args.pass_last,
            static_bounds: !args.no_static_bounds,
            territory: !args.no_territory,
            unknown_cache: !args.no_unknown_cache,
            symmetry: !args.no_symmetry,
            dependencies: !args.whole_keys,
            pv: true,
            window: args.window,
            avoid_filter: args.avoid_filter,
            archive: args.archive,
            ..SearchSettings::default()
        },
        hooks: Hooks {
            progress: Some(nodes.clone()),
            live: Some(live.clone()),
        },
        kee: KeeChoices {
            forgetful: !args.no_forgetful,
            ..KeeChoices::default()
        },
    };
    let done = Arc::new(AtomicBool::new(false));
    let watcher = (!args.quiet && std::io::stderr().is_terminal()).then(|| {
        let (nodes, live, done) = (nodes.clone(), live.clone(), done.clone());
        std::thread::spawn(move || watch(&nodes, &live, &done))
    });
    let report = kosolve_solver::solve_from(board.clone(), rules, &setup, &opts, komi_range);
    done.store(true, Ordering::SeqCst);
    if let Some(w) = watcher {
        let _ = w.join();
    }
    let report = report?;
    if let Some(path) = &args.sgf {
        if report.answer.is_solved() {
            let (record, notes) = pv_record(&board, &report, &setup);
            let text = kosolve_sgf::write(&record, &notes)
                .map_err(|e| CliError::Usage(format!("--sgf: {e}")))?;
            kosolve_sweep::write_atomic(Path::new(path), text.as_bytes())
                .map_err(|e| CliError::Io(e.to_string()))?;
        } else {
            eprintln!("kosolve: not solved within the limits; no SGF written");
        }
    }
    if let Some(path) = &args.certificate {
        write_certificate(Path::new(path), &board, rules, &setup, &report, &opts)?;
    }
    match args.format {
        Format::Json => println!("{}", to_json(&board, &report, &setup, args.window)),
        Format::Text => print!("{}", to_text(&board, &report, args.pv, &setup, args.window)),
    }
    Ok(())
}

/// Writes the certificates of a solved value to `path` (atomically) and
/// says so on stderr; an unsolved value gets none.
fn write_certificate(
    path: &Path,
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    report: &Report,
    opts: &SolveOptions,
) -> Result<(), CliError> {
    let mut copts = opts.clone();
    copts.hooks.live = None;
    let Some(certs) = kosolve_solver::certificate::answer_certificates(
        board.clone(),
        rules,
        setup,
        &report.answer,
        &copts,
        &Default::default(),
    ) else {
        eprintln!("kosolve: not solved within the limits; no certificate written");
        return Ok(());
    };
    let certs = certs.map_err(|e| match e {
        kosolve_solver::certificate::CertificateError::Walk(_) => CliError::Internal(e.to_string()),
        _ => CliError::Refused(e.to_string()),
    })?;
    let text = certs.to_text();
    kosolve_sweep::write_atomic(path, text.as_bytes()).map_err(|e| CliError::Io(e.to_string()))?;
    let claims: Vec<String> = certs
        .certificates
        .iter()
        .map(|c| c.header.claim_text())
        .collect();
    eprintln!(
        "kosolve: {} certificate(s) written to {} ({}; {} prover decisions, {} bytes, {} walk \
         nodes, {} solver tests, {:.2} s)",
        certs.certificates.len(),
        path.display(),
        claims.join("; "),
        certs.decisions,
        text.len(),
        certs.nodes,
        certs.tests,
        certs.seconds
    );
    if let Some(a) = certs.archive {
        eprintln!(
            "kosolve: the writer's archive kept {} proven bounds and answered {} probes",
            a.kept, a.answers
        );
    }
    Ok(())
}

/// The live line of a solve on a terminal, redrawn about once a second:
/// elapsed time, the threshold under test and the bounds proven so far,
/// nodes and nodes per second, and the tables' size.
fn watch(nodes: &AtomicU64, live: &Live, done: &AtomicBool) {
    let start = Instant::now();
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .expect("a valid template"),
    );
    let mut last = Instant::now() - Duration::from_secs(2);
    while !done.load(Ordering::SeqCst) {
        if last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            let n = nodes.load(Ordering::Relaxed);
            let rate = n as f64 / start.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(live_line(
                live.threshold.load(Ordering::Relaxed),
                live.lower.load(Ordering::Relaxed),
                live.upper.load(Ordering::Relaxed),
                n,
                rate,
                live.table_bytes.load(Ordering::Relaxed),
            ));
            bar.tick();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    bar.finish_and_clear();
}

/// The text of the live line (without the elapsed time, which the bar draws).
fn live_line(threshold: i32, lower: i32, upper: i32, nodes: u64, rate: f64, bytes: u64) -> String {
    let test = if lower == i32::MIN {
        "starting".to_string()
    } else if threshold == i32::MIN {
        "finding the principal variation".to_string()
    } else {
        format!("testing value >= {threshold}")
    };
    let bounds = if lower == i32::MIN {
        String::new()
    } else {
        format!(", bounds [{lower}, {upper}]")
    };
    format!(
        "{test}{bounds}, {nodes} nodes, {:.2} M nodes/s, tables {:.0} MiB (Ctrl-C stops)",
        rate / 1e6,
        bytes as f64 / (1024.0 * 1024.0)
    )
}

/// A komi in JSON: an integer where whole, else a number of points.
pub(crate) fn komi_json(k: Komi) -> serde_json::Value {
    if k.halves() % 2 == 0 {
        json!(k.halves() / 2)
    } else {
        json!(k.as_f64())
    }
}

/// The JSON form of a value: an integer where it is whole, a number of
/// points otherwise, `null` for a void game.
fn value_json(v: Value) -> serde_json::Value {
    match v {
        Value::Margin(x) | Value::Result(x) => json!(x),
        Value::Score(k) | Value::Basic(k) => komi_json(k),
        Value::Void => serde_json::Value::Null,
    }
}

/// Where the setup is not the empty board, the position the solve starts
/// from and its player to move are reported.
fn to_json(board: &Arc<Board>, r: &Report, setup: &Setup, window: Window) -> serde_json::Value {
    let a = &r.answer;
    let pv: Vec<String> = a.pv().iter().map(|m| m.name(board)).collect();
    let pv_length = pv.len();
    let rs = r.rules.ruleset;
    let mut v = json!({
        "board": r.board,
        "rules": r.rules.ruleset.name(),
        "suicide": r.rules.suicide.name(),
        "komi": komi_json(r.rules.komi),
        "status": status(r, window),
        "window": window.map(|(a, b)| [a, b]),
        "method": a.method().name(),
        "stopped": r.total.stopped.map(|s| s.name()),
        "value": a.value_in(rs).map(value_json),
        "lower": a.bounds_in(rs).map(|b| value_json(b.0)),
        "upper": a.bounds_in(rs).map(|b| value_json(b.1)),
        "outcome": r.outcome.map(|o| o.to_string()),
        "pv": pv,
        "pv_length": pv_length,
        "satisfactory": satisfactory(board, r, setup).map(|sides| {
            json!({
                "black": sides[0].iter().map(|(d, a)| json!({"position": d, "area": a})).collect::<Vec<_>>(),
                "white": sides[1].iter().map(|(d, a)| json!({"position": d, "area": a})).collect::<Vec<_>>(),
            })
        }),
        "nodes": r.total.nodes,
        "expansions": r.total.expansions,
        "table_hits": r.total.table_hits,
        "static_cuts": r.total.static_cuts,
        "seconds": r.total.seconds,
        "peak_mib": r.total.peak_table_mib,
        "threads": r.total.threads,
    });
    if let Some(g) = start_game(board, r, setup) {
        v["position"] = json!(g.position().diagram_line(board));
        v["to_move"] = json!(g.to_move().name());
        v["record_moves"] = json!(g.moves().len());
    }
    match a {
        Answer::Search(_) => {}
        Answer::Unfinished {
            vb_at_least,
            vw_at_most,
            ..
        } => {
            let bound = |h: &Option<i32>| {
                h.map_or(serde_json::Value::Null, |h| {
                    value_json(Value::of_basic_bound(h))
                })
            };
            if vb_at_least.is_some() || vw_at_most.is_some() {
                v["vb_at_least"] = bound(vb_at_least);
                v["vw_at_most"] = bound(vw_at_most);
            }
        }
        Answer::Retrograde(_) | Answer::Proof(_) => {
            // The value with komi applied, in points (or null: void); it
            // stands for both bounds.
            let b = a.basic().expect("a basic answer");
            let m = v["value"].clone();
            v["lower"] = m.clone();
            v["upper"] = m;
            let bound = |h: Option<i32>| {
                h.map_or(serde_json::Value::Null, |h| {
                    value_json(Value::of_basic_bound(h))
                })
            };
            v["vb"] = bound(b.vb);
            v["vw"] = bound(b.vw);
            if let Answer::Retrograde(r) = a {
                v["states"] = json!(r.states);
            }
            v["pv_cycle_start"] = json!(a.pv_cycle_start());
        }
        Answer::Parity(k) => {
            v["situations"] = json!(k.situations());
            v["edges"] = json!(k.edges());
            v["graphs"] = json!(k
                .runs
                .iter()
                .map(|g| json!({"game": g.game.to_string(), "value": g.value, "situations": g.situations, "seconds": g.seconds}))
                .collect::<Vec<_>>());
        }
    }
    match &r.komi_analysis {
        Some(KomiAnalysis::Fundamental {
            sweep,
            score,
            changes_once,
        }) => {
            v["score"] = score.map(komi_json).unwrap_or(serde_json::Value::Null);
            v["winner_changes_once"] = json!(changes_once);
            v["komi_values"] = json!(sweep
                .values
                .iter()
                .map(|(k, v)| json!([k, v]))
                .collect::<Vec<_>>());
            v["komis_searched"] = json!(sweep.searched);
        }
        Some(KomiAnalysis::Ultimate { sweep, thresholds }) => {
            v["thresholds"] = json!(thresholds
                .iter()
                .map(|t| json!({"komi": komi_json(t.komi), "from": t.from.to_string(), "to": t.to.to_string()}))
                .collect::<Vec<_>>());
            v["komi_values"] = json!(sweep
                .values
                .iter()
                .map(|(k, v)| json!([k, v]))
                .collect::<Vec<_>>());
            v["komis_searched"] = json!(sweep.searched);
        }
        None => {}
    }
    v
}

/// `solved`, `interrupted` (Ctrl-C stopped it) or `unsolved`.
/// The answer's status: `solved`, `decided` (bounds that decide the
/// window), or why it stopped.
fn status(r: &Report, window: Window) -> &'static str {
    let decided = |(lo, hi): (i32, i32)| window.is_some_and(|(a, b)| hi < a || lo > b);
    if !r.answer.is_solved() && r.answer.bounds().is_some_and(decided) {
        return "decided";
    }
    match (r.answer.is_solved(), r.total.stopped) {
        (true, _) => "solved",
        (false, Some(why)) => why.status(),
        (false, None) => "unsolved",
    }
}

fn value_meaning(rules: &Rules) -> &'static str {
    value_meaning_of(rules.ruleset)
}

/// What a value of `ruleset` means, in words.
pub(crate) fn value_meaning_of(ruleset: Ruleset) -> &'static str {
    if ruleset == Ruleset::Basic {
        return "Black's margin with komi applied; void if neither side can force a finished game";
    }
    match ruleset.value_kind() {
        ValueKind::Margin => "Black's area margin at komi 0 with perfect play",
        ValueKind::WinLoss => "+1 Black wins, -1 White wins",
        ValueKind::WinDrawLoss => "+1 Black wins, 0 draw, -1 White wins",
    }
}

/// The text report of a solve: the heading, the value, the method's own
/// lines (parity games, komi analysis), the principal variation (as
/// diagrams with `show_pv`) and the effort.
fn to_text(board: &Arc<Board>, r: &Report, show_pv: bool, setup: &Setup, window: Window) -> String {
    let mut t = String::new();
    write_heading(&mut t, board, r, setup);
    write_value(&mut t, r, window);
    let a = &r.answer;
    if let (false, Some(why)) = (a.is_solved(), r.total.stopped) {
        let _ = writeln!(t, "stopped by: {why}");
    }
    if let Some(o) = r.outcome {
        let _ = writeln!(t, "outcome: {o}");
    }
    write_parity_runs(&mut t, a);
    match &r.komi_analysis {
        Some(KomiAnalysis::Fundamental {
            sweep,
            score,
            changes_once,
        }) => write_fundamental(&mut t, sweep, *score, *changes_once),
        Some(KomiAnalysis::Ultimate { sweep, thresholds }) => {
            write_ultimate(&mut t, sweep, thresholds)
        }
        None => {}
    }
    write_pv(&mut t, board, r, show_pv, setup);
    write_satisfactory(&mut t, board, r, setup);
    write_effort(&mut t, &r.total);
    t
}

/// The first lines of the text report: the board, rules and komi, and the
/// start position where it is not the empty board.
fn write_heading(t: &mut String, board: &Arc<Board>, r: &Report, setup: &Setup) {
    let _ = writeln!(
        t,
        "board {}, rules {} (suicide {}), komi {}",
        r.board, r.rules.ruleset, r.rules.suicide, r.rules.komi
    );
    if let Some(g) = start_game(board, r, setup) {
        let record = match g.moves().len() {
            0 => String::new(),
            n => format!(", after the record's {n} moves"),
        };
        let _ = writeln!(
            t,
            "from the position{record}, {} to move:\n{}",
            g.to_move(),
            g.position().diagram(board)
        );
    }
}

/// The `value:` line: the value or the proven bounds (and, for the
/// retrograde analysis, VB, VW and the states).
fn write_value(t: &mut String, r: &Report, window: Window) {
    let a = &r.answer;
    match (a, a.bounds()) {
        (Answer::Retrograde(_) | Answer::Proof(_), _) => {
            let b = a.basic().expect("a basic answer");
            let _ = writeln!(
                t,
                "value: {} (Black's margin with komi applied, finished games only; void if \
                 each side can avoid a loss forever)",
                b.value
            );
            let h = |x: Option<i32>| x.map_or("none".to_string(), |h| Komi(h).to_string());
            let effort = match a {
                Answer::Retrograde(r) => format!("{} states (retrograde analysis)", r.states),
                Answer::Proof(p) => format!(
                    "{} nodes, {} tests, {} table entries (proof search)",
                    p.nodes, p.tests, p.entries
                ),
                _ => unreachable!(),
            };
            let _ = writeln!(t, "VB {}, VW {}, {effort}", h(b.vb), h(b.vw));
        }
        (_, Some((lower, upper))) if lower == upper => {
            let v = a.value_in(r.rules.ruleset).expect("bounds that meet");
            let _ = writeln!(t, "value: {} ({})", v.signed(), value_meaning(&r.rules));
        }
        (_, Some((lower, upper))) => {
            let _ = writeln!(
                t,
                "value: {}; proven bounds [{lower}, {upper}] ({})",
                status(r, window),
                value_meaning(&r.rules)
            );
        }
        (
            Answer::Unfinished {
                method,
                vb_at_least,
                vw_at_most,
            },
            None,
        ) => {
            if *method == Method::Search {
                let h =
                    |x: &Option<i32>| x.map_or("not proven".to_string(), |h| Komi(h).to_string());
                let _ = writeln!(
                    t,
                    "value: {}; VB >= {}, VW <= {} so far ({})",
                    status(r, window),
                    h(vb_at_least),
                    h(vw_at_most),
                    value_meaning(&r.rules)
                );
            } else {
                let _ = writeln!(
                    t,
                    "value: {}; {} proves nothing until it ends ({})",
                    status(r, window),
                    method.words(),
                    value_meaning(&r.rules)
                );
            }
        }
        // Only a retrograde answer has no bounds.
        (_, None) => {}
    }
}

/// The parity method's games on the graph of situations, one line each
/// (nothing for an answer of another method).
fn write_parity_runs(t: &mut String, a: &Answer) {
    let Answer::Parity(k) = a else {
        return;
    };
    let positions = match k.positions {
        0 => format!(
            "more than {} positions reachable",
            kosolve_kee::forgetful::MAX_POSITIONS
        ),
        n => format!("{n} legal positions"),
    };
    let settled = k.settled_positions.map_or(String::new(), |[b, w]| {
        format!("; settled games, walls kept: {b} positions with Black held, {w} with White held")
    });
    let _ = writeln!(
        t,
        "parity games on the graph of situations ({positions}{settled}; docs/kee.md); \
         each strategy checked, the pv replayed:"
    );
    for g in &k.runs {
        let what = match g.value {
            Some(v) => format!(
                "value {}, {} situation classes",
                Value::Margin(v).signed(),
                g.situations
            ),
            None => format!("more than {} situation classes", g.situations),
        };
        let _ = writeln!(t, "  {}: {what}, {:.1} s", g.game, g.seconds);
    }
}

/// The lowest and highest komi of a komi sweep (0 where it is empty).
fn komi_span(sweep: &KomiSweep) -> (i32, i32) {
    let lo = sweep.values.first().map_or(0, |x| x.0);
    let hi = sweep.values.last().map_or(0, |x| x.0);
    (lo, hi)
}

/// The line naming the komis searched where the others were read from
/// them (docs/solver.md, "The komi analysis"); nothing where every komi
/// was searched.
fn write_searched(t: &mut String, sweep: &KomiSweep) {
    if sweep.searched.len() == sweep.values.len() {
        return;
    }
    let ks: Vec<String> = sweep.searched.iter().map(|k| k.to_string()).collect();
    let _ = writeln!(
        t,
        "komis searched: {} (the values never rise with komi, so the others follow; docs/solver.md, \"The komi analysis\")",
        ks.join(" ")
    );
}

/// Fundamental Go's komi analysis: the score, the winner at each komi, and
/// a warning where the winner does not change exactly once.
fn write_fundamental(t: &mut String, sweep: &KomiSweep, score: Option<Komi>, changes_once: bool) {
    let (lo, hi) = komi_span(sweep);
    match score {
        Some(sc) => {
            let _ = writeln!(t, "score: {sc} (docs/rules.md, \"`fundamental`: Fundamental Go (no-pass Go with prisoner return)\"; komis {lo}..{hi})");
        }
        None => {
            let _ = writeln!(t, "score: not decided within komis {lo}..{hi}");
        }
    }
    let winners: Vec<String> = sweep
        .values
        .iter()
        .map(|(k, v)| {
            format!(
                "{k}:{}",
                match v {
                    Some(1) => "B",
                    Some(_) => "W",
                    None => "?",
                }
            )
        })
        .collect();
    let _ = writeln!(t, "winner by komi: {}", winners.join(" "));
    write_searched(t, sweep);
    if !changes_once {
        let _ = writeln!(
            t,
            "warning: the winner does not change exactly once as komi rises over \
             {lo}..{hi}; the score definition assumes it does"
        );
    }
}

/// Ultimate Go's komi analysis: the komis where the outcome changes, and
/// the komis left unsolved.
fn write_ultimate(t: &mut String, sweep: &KomiSweep, thresholds: &[Threshold]) {
    let (lo, hi) = komi_span(sweep);
    let _ = writeln!(t, "komi thresholds (komis {lo}..{hi}.5):");
    for th in thresholds {
        let _ = writeln!(t, "  from komi {}: {} (below: {})", th.komi, th.to, th.from);
    }
    write_searched(t, sweep);
    let unsolved: Vec<String> = sweep
        .values
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(k, _)| k.to_string())
        .collect();
    if !unsolved.is_empty() {
        let _ = writeln!(
            t,
            "  komis not solved within the limits (thresholds near them unknown): {}",
            unsolved.join(" ")
        );
    } else if thresholds.is_empty() {
        let _ = writeln!(t, "  none: the outcome is the same at every komi searched");
    }
}

/// The principal variation on one line and, with `show_pv`, as a diagram
/// after each move, with how the line ends.
fn write_pv(t: &mut String, board: &Arc<Board>, r: &Report, show_pv: bool, setup: &Setup) {
    let a = &r.answer;
    let pv = a.pv();
    if pv.is_empty() {
        return;
    }
    let names: Vec<String> = pv.iter().map(|m| m.name(board)).collect();
    let _ = writeln!(
        t,
        "pv ({} moves{}): {}",
        pv.len(),
        if a.pv_complete() { "" } else { ", cut short" },
        names.join(" ")
    );
    if !show_pv {
        return;
    }
    let mut g = pv_game(board, r, setup);
    for (i, &m) in pv.iter().enumerate() {
        let c = g.to_move();
        g.play(m);
        let _ = writeln!(t, "\n{}. {} {}", i + 1, c.letter(), m.name(board));
        let _ = writeln!(t, "{}", g.position().diagram(board));
    }
    if let Some(res) = g.result() {
        let _ = writeln!(t, "\nend: {res}");
    }
    if let Some(i) = a.pv_cycle_start() {
        let _ = writeln!(t, "\nvoid: the moves from move {} on repeat forever", i + 1);
    }
}

/// Under Kee, where the principal variation ends the game: the positions
/// each side passed on in its final cycle (her satisfactory positions,
/// docs/rules.md, "`kee`: Kee Rules v3.0"), as one-line diagrams with her
/// area on each, Black's first.
fn satisfactory(board: &Arc<Board>, r: &Report, setup: &Setup) -> Option<[Vec<(String, u32)>; 2]> {
    if r.rules.ruleset != Ruleset::Kee || r.answer.pv().is_empty() {
        return None;
    }
    let mut g = pv_game(board, r, setup);
    for &m in r.answer.pv().iter() {
        g.play(m);
    }
    let AnyGame::Kee(k) = g else {
        return None;
    };
    k.result()?;
    Some([Color::Black, Color::White].map(|c| {
        k.satisfactory(c)
            .iter()
            .map(|p| (p.diagram_line(board), p.area(board, c)))
            .collect()
    }))
}

/// The `satisfactory` lines of a Kee answer ([`satisfactory`]).
fn write_satisfactory(t: &mut String, board: &Arc<Board>, r: &Report, setup: &Setup) {
    let Some(sides) = satisfactory(board, r, setup) else {
        return;
    };
    for (c, side) in [Color::Black, Color::White].iter().zip(sides) {
        let list: Vec<String> = side
            .iter()
            .map(|(d, a)| format!("{d} (area {a})"))
            .collect();
        let _ = writeln!(
            t,
            "satisfactory for {} (passed on in the final cycle): {}",
            if *c == Color::Black { "Black" } else { "White" },
            list.join(", ")
        );
    }
}

/// The `effort:` line: nodes (and of those the expanded), table hits,
/// static cuts, memory, time, threads.
fn write_effort(t: &mut String, e: &Stats) {
    let _ = writeln!(
        t,
        "effort: {} nodes ({} expanded), {} table hits, {} static cuts, peak table {:.1} MiB, {:.3} s, {} thread{}",
        e.nodes,
        e.expansions,
        e.table_hits,
        e.static_cuts,
        e.peak_table_mib,
        e.seconds,
        e.threads,
        if e.threads == 1 { "" } else { "s" }
    );
}

/// The rules the PV was searched under (margin rulesets at komi 0).
fn pv_rules(r: &Report) -> Rules {
    match r.rules.ruleset.value_kind() {
        ValueKind::Margin => r.rules.with_komi(Komi::ZERO),
        _ => r.rules,
    }
}

/// The game the PV starts from: the setup's end under the PV's rules.
fn pv_game(board: &Arc<Board>, r: &Report, setup: &Setup) -> AnyGame {
    setup
        .game(board.clone(), pv_rules(r))
        .expect("the solver played this setup")
}

/// The game the solve started from, where it is not the empty board.
fn start_game(board: &Arc<Board>, r: &Report, setup: &Setup) -> Option<AnyGame> {
    (!setup.is_empty_board()).then(|| pv_game(board, r, setup))
}

/// The SGF game of a report's principal variation, where SGF can describe
/// the board: the start (as a setup and the record's moves), then the PV,
/// each move commented with the value; written by the sgf crate.
pub fn sgf_of(board: &Arc<Board>, r: &Report, setup: &Setup) -> Option<String> {
    let (record, notes) = pv_record(board, r, setup);
    kosolve_sgf::write(&record, &notes).ok()
}

/// The value as the SGF comments state it.
fn sgf_value_text(r: &Report) -> String {
    let a = &r.answer;
    let rs = r.rules.ruleset;
    match (a.value_in(rs), a.bounds_in(rs)) {
        (Some(v), _) => v.signed(),
        (None, Some((lo, hi))) => {
            format!("not proven, bounds [{}, {}]", lo.signed(), hi.signed())
        }
        (None, None) => "not proven".to_string(),
    }
}

/// The record and annotations of a report's principal variation.
fn pv_record(
    board: &Arc<Board>,
    r: &Report,
    setup: &Setup,
) -> (kosolve_sgf::Record, kosolve_sgf::Annotations) {
    use kosolve_sgf::{Annotations, Header, Note, Record};
    let value_text = sgf_value_text(r);
    let re = r.outcome.map(|o| o.sgf()).unwrap_or_else(|| "?".into());
    let header = Header {
        application: Some("kosolve".into()),
        ruleset: Some(r.rules.ruleset.to_string()),
        result: Some(re.clone()),
        black: Some("kosolve".into()),
        white: Some("kosolve".into()),
        comment: Some(format!(
            "Perfect play under {} (suicide {}), komi {}: value {} ({}); outcome {re}.",
            r.rules.ruleset,
            r.rules.suicide,
            r.rules.komi,
            value_text,
            value_meaning(&r.rules)
        )),
    };
    let mut record = Record {
        board: (**board).clone(),
        setup: kosolve_board::Position::EMPTY,
        to_move: None,
        komi: Some(r.rules.komi.to_string()),
        moves: Vec::new(),
    };
    let mut notes = Annotations {
        header,
        ..Annotations::default()
    };
    let push = |record: &mut Record, color: Color, m: Move| record.push_move(color, m.point());
    if !setup.is_empty_board() {
        // The start as a setup, then the record's moves.
        record.setup = setup.start.position;
        record.to_move = Some(setup.start.to_move);
        let mut c = setup.start.to_move;
        for &m in &setup.moves {
            push(&mut record, c, m);
            c = c.opponent();
        }
    }
    notes.move_comments = vec![None; record.moves.len()];
    let note = format!("value {value_text} with perfect play");
    let mut g = pv_game(board, r, setup);
    for &m in r.answer.pv().iter() {
        let c = g.to_move();
        match m {
            Move::Play(_) | Move::Pass => {
                push(&mut record, c, m);
                notes.move_comments.push(Some(note.clone()));
            }
            Move::Delay | Move::UltimateDelay | Move::DeclareDraw => {
                let what = match m {
                    Move::Delay => "returns a prisoner (delay)",
                    Move::UltimateDelay => "returns the ultimate prisoner (ultimate delay)",
                    _ => "declares a draw",
                };
                let who = if c == Color::Black { "Black" } else { "White" };
                notes.notes.push(Note {
                    after: record.moves.len(),
                    text: format!("{who} {what}; {note}"),
                });
            }
        }
        g.play(m);
    }
    if let Some(res) = g.result() {
        notes.notes.push(Note {
            after: record.moves.len(),
            text: format!("end: {res}"),
        });
    }
    (record, notes)
}

#[cfg(test)]
mod tests {
    use super::live_line;

    #[test]
    fn the_live_line_names_the_test_the_bounds_and_the_effort() {
        let l = live_line(2, 1, 5, 1_234_567, 2.5e6, 3 << 20);
        assert_eq!(
            l,
            "testing value >= 2, bounds [1, 5], 1234567 nodes, 2.50 M nodes/s, tables 3 MiB \
             (Ctrl-C stops)"
        );
        assert!(live_line(i32::MIN, i32::MIN, i32::MAX, 0, 0.0, 0).starts_with("starting, 0 nodes"));
        assert!(live_line(i32::MIN, 4, 4, 9, 1.0, 0)
            .starts_with("finding the principal variation, bounds [4, 4]"));
    }
}
