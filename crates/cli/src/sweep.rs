//! `kosolve sweep`, `kosolve merge`, `kosolve show`: result tables.

use crate::common::CliError;
use kosolve_board::Board;
use kosolve_rules::Setup;
use kosolve_solver::{Hooks, KeeChoices, Limits};
use kosolve_solver::{Report, SolveError, SolveOptions};
use kosolve_sweep::{Config, Finding, Job, JobOutput, Row, SweepOptions};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// Options of `kosolve sweep`.
#[derive(clap::Args, Debug)]
pub struct SweepArgs {
    /// The config file, e.g. solver-configs/standard.toml.
    pub config: PathBuf,
    /// Output folder.
    #[arg(long, default_value = "results")]
    pub out: PathBuf,
    /// Jobs run at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Run only part i of n (1 <= i <= n), e.g. 2/4; join the parts with `kosolve merge`.
    #[arg(long)]
    pub shard: Option<String>,
    /// Continue an interrupted sweep, keeping the rows it finished.
    #[arg(long)]
    pub resume: bool,
    /// No progress bars.
    #[arg(long)]
    pub quiet: bool,
}

/// Options of `kosolve merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Shard tables to join.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The merged table to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The config the shards came from: orders the rows as the config does,
    /// checks that every job is present, and writes the Markdown report beside `--out`.
    #[arg(long)]
    pub config: Option<PathBuf>,
}

/// Options of `kosolve show`.
#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// A result table.
    pub table: PathBuf,
    /// Only rows of this board.
    #[arg(long)]
    pub board: Option<String>,
    /// Only rows of this ruleset.
    #[arg(long)]
    pub rules: Option<String>,
}

/// The version stamped on every row: rows of another version are recomputed on resume.
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Solves one job of a sweep, adding the nodes it searches to `nodes`.
pub fn run_job(job: &Job, nodes: &Arc<AtomicU64>) -> JobOutput {
    let mut row = Row::new(job.board.spec(), job.rules, job.position_name(), &version());
    row.threads = job.limits.threads;
    let board = job.board.clone();
    let opts = job_options(job, nodes);
    let komi_range = job
        .rules
        .ruleset
        .value_needs_komi_range()
        .then(|| kosolve_solver::default_komi_range(&board));
    let setup = job.setup();
    let report =
        match kosolve_solver::solve_from(board.clone(), job.rules, &setup, &opts, komi_range) {
            Ok(r) => r,
            // A failed self-check is a bug, not a refusal: the panic stops the
            // sweep (SweepError::JobFailed; rows already finished stay in the
            // partial table).
            Err(e @ SolveError::CheckFailed(_)) => panic!("{e}"),
            Err(e) => {
                row.finding = Finding::refused(e.to_string());
                return JobOutput {
                    row,
                    sgf: None,
                    certificate: None,
                };
            }
        };
    row.finding = report.finding();
    row.seconds = (report.total.seconds * 1000.0).round() / 1000.0;
    row.peak_mib = (report.total.peak_table_mib * 100.0).round() / 100.0;
    row.threads = report.total.threads.max(1);
    // A solved job's line that the node limit cut short is not written:
    // the PV column (Report::finding) and the SGF hold only whole lines,
    // which replay to the value. (An unsolved job has no line; its SGF
    // records the start.)
    if report.answer.value().is_some() && !report.answer.pv_complete() {
        return JobOutput {
            row,
            sgf: None,
            certificate: None,
        };
    }
    let sgf = crate::solve::sgf_of(&board, &report, &setup);
    let certificate = job_certificate(job, &board, &setup, &report, &opts);
    JobOutput {
        row,
        sgf,
        certificate,
    }
}

/// The solver options of a job: its limits, and `nodes` for progress.
fn job_options(job: &Job, nodes: &Arc<AtomicU64>) -> SolveOptions {
    SolveOptions {
        threads: job.limits.threads,
        memory_mib: job.limits.memory_mib_for(job.rules.ruleset) as usize,
        engine: job.limits.engine,
        // The config's method where it applies to the job's ruleset; `auto` elsewhere.
        method: if job.limits.method.applies_to(job.rules.ruleset) {
            job.limits.method
        } else {
            kosolve_solver::Method::Auto
        },
        limits: Limits {
            max_nodes: job.limits.max_nodes_for(job.rules.ruleset),
            max_seconds: job.limits.max_seconds_for(job.rules.ruleset),
            ..Limits::default()
        },
        hooks: Hooks {
            progress: Some(nodes.clone()),
            ..Hooks::default()
        },
        kee: KeeChoices {
            max_situations: job.limits.kee_situations,
            ..KeeChoices::default()
        },
        ..SolveOptions::default()
    }
}

/// The proof certificates of a solved job, where its config asks for them
/// (`certificates = true`) and its ruleset has them; `None` where the
/// work cap stops them.
fn job_certificate(
    job: &Job,
    board: &Arc<Board>,
    setup: &Setup,
    report: &Report,
    opts: &SolveOptions,
) -> Option<String> {
    if !job.limits.certificates {
        return None;
    }
    match kosolve_solver::certificate::answer_certificates(
        board.clone(),
        job.rules,
        setup,
        &report.answer,
        opts,
        &kosolve_solver::certificate::CertificateOptions {
            max_work: Some(job.limits.certificate_work),
            ..Default::default()
        },
    )? {
        Ok(c) => Some(c.to_text()),
        // A walk that fails is a bug: it stops the sweep.
        Err(e @ kosolve_solver::certificate::CertificateError::Walk(_)) => panic!("{e}"),
        Err(_) => None,
    }
}

/// Runs `kosolve sweep`.
pub fn run_sweep(a: SweepArgs) -> Result<(), CliError> {
    let config = Config::load(&a.config).map_err(|e| CliError::Usage(e.to_string()))?;
    for note in &config.notes {
        eprintln!("kosolve: note: {note}");
    }
    let shard = a
        .shard
        .as_deref()
        .map(kosolve_sweep::parse_shard)
        .transpose()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let jobs = a.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    if jobs == 0 {
        return Err(CliError::Usage("--jobs must be at least 1".into()));
    }
    let out_dir = a.out.clone();
    let opts = SweepOptions {
        out: a.out,
        jobs,
        shard,
        resume: a.resume,
        version: version(),
        progress: !a.quiet,
        markdown: Some(kosolve_report::markdown),
    };
    let s = kosolve_sweep::run_sweep(&config, &opts, &run_job).map_err(|e| match e {
        kosolve_sweep::SweepError::JobFailed { .. } => CliError::Internal(e.to_string()),
        e => CliError::Io(e.to_string()),
    })?;
    // The analyses the config asks for, once per sweep (not per shard),
    // and the page again with their sections.
    if shard.is_none_or(|(i, _)| i == 1) {
        let done = crate::sweep_analysis::run(&config, &out_dir, a.resume)?;
        if let Some(md) = &s.markdown {
            let rows = kosolve_sweep::read_rows(&s.csv).map_err(|e| CliError::Io(e.to_string()))?;
            let page = crate::sweep_analysis::page(&config, &rows, &out_dir);
            kosolve_sweep::write_atomic(md, page.as_bytes())
                .map_err(|e| CliError::Io(e.to_string()))?;
        }
        if done > 0 {
            println!(
                "sweep {}: analysed every move of {done} positions",
                config.name
            );
        }
    }
    println!(
        "sweep {}: {} jobs ({} computed, {} resumed, {} not solved) in {:.1} s; wrote {}{}",
        config.name,
        s.jobs,
        s.computed,
        s.resumed,
        s.unsolved,
        s.seconds,
        s.csv.display(),
        s.markdown
            .map(|m| format!(" and {}", m.display()))
            .unwrap_or_default()
    );
    Ok(())
}

/// Runs `kosolve merge`.
pub fn run_merge(a: MergeArgs) -> Result<(), CliError> {
    let config = a
        .config
        .as_deref()
        .map(Config::load)
        .transpose()
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let rows = kosolve_sweep::merge(&a.inputs, config.as_ref())
        .map_err(|e| CliError::Io(e.to_string()))?;
    kosolve_sweep::write_atomic(&a.out, &kosolve_sweep::rows_to_csv(&rows))
        .map_err(|e| CliError::Io(e.to_string()))?;
    if let Some(c) = &config {
        let md = a.out.with_extension("md");
        let dir = a.out.parent().unwrap_or(std::path::Path::new("."));
        let page = crate::sweep_analysis::page(c, &rows, dir);
        kosolve_sweep::write_atomic(&md, page.as_bytes())
            .map_err(|e| CliError::Io(e.to_string()))?;
    }
    println!("merged {} rows into {}", rows.len(), a.out.display());
    Ok(())
}

/// Runs `kosolve show`.
pub fn run_show(a: ShowArgs) -> Result<(), CliError> {
    let rows = kosolve_sweep::read_rows(&a.table).map_err(|e| CliError::Io(e.to_string()))?;
    let rows: Vec<&Row> = rows
        .iter()
        .filter(|r| a.board.as_deref().is_none_or(|b| r.board.to_string() == b))
        .filter(|r| a.rules.as_deref().is_none_or(|x| r.rules.name() == x))
        .collect();
    // The key and value columns (board to outcome), then the effort's.
    let header: Vec<&str> = kosolve_sweep::COLUMNS[..6]
        .iter()
        .copied()
        .chain(["status", "pv_length", "nodes", "seconds"])
        .collect();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.board.to_string(),
                r.rules.to_string(),
                r.suicide.to_string(),
                r.komi.to_string(),
                r.finding.value.map(|v| v.to_string()).unwrap_or_default(),
                r.finding.verdict.to_string(),
                r.status().to_string(),
                r.finding.pv.len().to_string(),
                r.finding.nodes.to_string(),
                format!("{:.3}", r.seconds),
            ]
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            cells
                .iter()
                .map(|c| c[i].len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |c: Vec<String>| {
        c.iter()
            .enumerate()
            .map(|(i, s)| format!("{s:<w$}", w = widths[i]))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    println!("{}", line(header.iter().map(|s| s.to_string()).collect()));
    for c in cells {
        println!("{}", line(c));
    }
    if rows.is_empty() {
        eprintln!("no rows match");
    }
    Ok(())
}
