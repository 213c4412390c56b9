//! Running a sweep: parallel jobs, progress, append-as-you-go, resume, shards.

use crate::config::{Config, Job};
use crate::row::{read_rows, rows_to_csv, write_atomic, IoError, JobKey, Lock, Row, RowLog};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use kosolve_rules::Komi;
use kosolve_vocab::Status;
use rayon::prelude::*;
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How to run a sweep.
#[derive(Clone, Debug)]
pub struct SweepOptions {
    /// Output folder.
    pub out: PathBuf,
    /// Jobs run at once.
    pub jobs: usize,
    /// Run only part `i` of `n` (1-based `i`): the jobs whose index is `i - 1` modulo `n`.
    pub shard: Option<(usize, usize)>,
    /// Continue an interrupted sweep: keep finished rows of this version.
    pub resume: bool,
    /// The solver version stamped on rows; rows of another version are recomputed on resume.
    pub version: String,
    /// Draw progress bars (only when stderr is a terminal).
    pub progress: bool,
    /// Renders the Markdown page of the finished table (the report crate's
    /// `markdown`); `None` writes no page. Shards never write one.
    pub markdown: Option<fn(&Config, &[Row]) -> String>,
}

/// What a job runner returns.
#[derive(Clone, Debug)]
pub struct JobOutput {
    /// The finished row.
    pub row: Row,
    /// The principal variation as an SGF game, where one can be written.
    pub sgf: Option<String>,
    /// The proof certificates of the value (`certificates = true`,
    /// docs/certificates.md), where the job is solved and its ruleset has them.
    pub certificate: Option<String>,
}

/// What a sweep did.
#[derive(Clone, Debug)]
pub struct SweepSummary {
    /// The result table written.
    pub csv: PathBuf,
    /// The Markdown report written (not for shards).
    pub markdown: Option<PathBuf>,
    /// Jobs in this sweep (or shard).
    pub jobs: usize,
    /// Jobs computed now.
    pub computed: usize,
    /// Jobs kept from an earlier, interrupted run.
    pub resumed: usize,
    /// Jobs that ended `unsolved` or `error`.
    pub unsolved: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Why a sweep could not run.
#[derive(Debug)]
pub enum SweepError {
    /// A file or folder problem.
    Io(IoError),
    /// Another sweep holds the lock.
    Locked(String),
    /// An interrupted run left its log and `--resume` was not given.
    NeedsResume(PathBuf),
    /// A bad shard specification.
    Shard(String),
    /// Tables that disagree, or a merge with missing jobs.
    Merge(String),
    /// A job's runner panicked: a bug (a panic is how the runner reports
    /// one, e.g. an answer that failed its own check). No further job
    /// starts; the rows finished so far stay in the partial table.
    JobFailed {
        /// The job: board, ruleset, suicide and komi.
        job: String,
        /// The panic's message.
        why: String,
    },
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::Io(e) => write!(f, "{e}"),
            SweepError::Locked(s) | SweepError::Shard(s) | SweepError::Merge(s) => f.write_str(s),
            SweepError::NeedsResume(p) => write!(
                f,
                "an interrupted sweep left '{}'; run again with --resume to continue it, or delete that file to start over",
                p.display()
            ),
            SweepError::JobFailed { job, why } => write!(
                f,
                "job {job} failed: {why}; the sweep stopped (the rows finished so far are \
                 kept: --resume continues it)"
            ),
        }
    }
}

impl std::error::Error for SweepError {}

impl From<IoError> for SweepError {
    fn from(e: IoError) -> Self {
        SweepError::Io(e)
    }
}

/// Parses `i/n` (1 <= i <= n).
pub fn parse_shard(s: &str) -> Result<(usize, usize), SweepError> {
    let bad = || {
        SweepError::Shard(format!(
            "shard '{s}' must be i/n with 1 <= i <= n, e.g. 2/4"
        ))
    };
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// A file-name-safe form of a board description.
pub fn file_safe(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The stem of a sweep's output files: `<name>` or `<name>.shard-<i>-of-<n>`.
pub fn output_stem(config: &Config, shard: Option<(usize, usize)>) -> String {
    match shard {
        None => config.name.clone(),
        Some((i, n)) => format!("{}.shard-{i}-of-{n}", config.name),
    }
}

/// The folder of the principal variations and certificates of the config
/// named `config_name`:
/// `<out>/pv/<config name>/`, so that two configs that solve the same job
/// never overwrite each other's files.
pub fn pv_folder(out: &Path, config_name: &str) -> PathBuf {
    let name = file_safe(config_name);
    // `.` and `..` would name the folder itself or its parent.
    let name = if name.chars().all(|c| c == '.') {
        name.replace('.', "_")
    } else {
        name
    };
    out.join("pv").join(name)
}

/// The file name, less its extension, of a job's PV (`.sgf`) and
/// certificates (`.cert`) in its [`pv_folder`]: `<board>-<rules>-<suicide>`,
/// or `<board>_<position>-<rules>-<suicide>` for a named position (the job
/// label made file-safe).
pub fn pv_stem(label: &str, rules: &str, suicide: &str) -> String {
    format!("{}-{rules}-{suicide}", file_safe(label))
}

fn os(path: &Path, action: &'static str, e: std::io::Error) -> SweepError {
    SweepError::Io(IoError::Os {
        path: path.to_path_buf(),
        action,
        message: e.to_string(),
    })
}

/// The job runner a sweep calls: it adds the nodes it searches to the
/// counter it is given.
pub type Runner<'a> = &'a (dyn Fn(&Job, &Arc<AtomicU64>) -> JobOutput + Sync);

/// Runs the sweep `config` with `runner` computing each job. The runner
/// adds the nodes it searches to the counter it is given; the progress
/// display shows each running job's count and rate from it. A runner that
/// panics stops the sweep with [`SweepError::JobFailed`].
pub fn run_sweep(
    config: &Config,
    opts: &SweepOptions,
    runner: Runner<'_>,
) -> Result<SweepSummary, SweepError> {
    let start = Instant::now();
    std::fs::create_dir_all(&opts.out).map_err(|e| os(&opts.out, "create the output folder", e))?;
    let stem = output_stem(config, opts.shard);
    let _lock =
        Lock::acquire(&opts.out.join(format!("{stem}.lock"))).map_err(SweepError::Locked)?;
    let final_csv = opts.out.join(format!("{stem}.csv"));
    let log_path = opts.out.join(format!("{stem}.partial.csv"));

    let mut jobs = config.jobs();
    if let Some((i, n)) = opts.shard {
        jobs.retain(|j| j.index % n == i - 1);
    }
    let mut done = earlier_rows(opts, &final_csv, &log_path)?;
    let wanted: std::collections::HashSet<JobKey> = jobs.iter().map(|j| j.key()).collect();
    done.retain(|k, _| wanted.contains(k));
    let resumed = done.len();
    let todo: Vec<&Job> = jobs
        .iter()
        .filter(|j| !done.contains_key(&j.key()))
        .collect();

    // Start a fresh log holding what is already done, so the log alone always
    // has every finished row.
    {
        let mut kept: Vec<&Row> = done.values().collect();
        kept.sort_by_key(|r| r.key());
        let rows: Vec<Row> = kept.into_iter().cloned().collect();
        write_atomic(&log_path, &rows_to_csv(&rows))?;
    }
    let pv_dir = pv_folder(&opts.out, &config.name);
    std::fs::create_dir_all(&pv_dir).map_err(|e| os(&pv_dir, "create", e))?;
    let keeper = Keeper {
        log: Mutex::new(RowLog::open(&log_path)?),
        pv_dir,
        first_komi: config.komi.first().copied(),
        rows: Mutex::new(Vec::new()),
        failure: Mutex::new(None),
    };
    run_jobs(&todo, opts, runner, &keeper)?;

    let mut by_key = done;
    for r in keeper.rows.into_inner().expect("lock") {
        by_key.insert(r.key(), r);
    }
    let rows: Vec<Row> = jobs
        .iter()
        .filter_map(|j| by_key.remove(&j.key()))
        .collect();
    write_atomic(&final_csv, &rows_to_csv(&rows))?;
    let markdown = match opts.markdown {
        Some(render) if opts.shard.is_none() => {
            let md = opts.out.join(format!("{stem}.md"));
            write_atomic(&md, render(config, &rows).as_bytes())?;
            Some(md)
        }
        _ => None,
    };
    std::fs::remove_file(&log_path).map_err(|e| os(&log_path, "remove", e))?;
    let unsolved = rows.iter().filter(|r| r.status() != Status::Solved).count();
    Ok(SweepSummary {
        csv: final_csv,
        markdown,
        jobs: jobs.len(),
        computed: todo.len(),
        resumed,
        unsolved,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The rows an earlier run of this version finished, by job key: from the
/// log of an interrupted run (which needs `resume`) and the final table,
/// or with `resume` from the final table alone.
fn earlier_rows(
    opts: &SweepOptions,
    final_csv: &Path,
    log_path: &Path,
) -> Result<HashMap<JobKey, Row>, SweepError> {
    let mut earlier = Vec::new();
    if log_path.exists() {
        if !opts.resume {
            return Err(SweepError::NeedsResume(log_path.to_path_buf()));
        }
        if final_csv.exists() {
            earlier.extend(read_rows(final_csv)?);
        }
        earlier.extend(read_rows(log_path)?);
    } else if opts.resume && final_csv.exists() {
        earlier.extend(read_rows(final_csv)?);
    }
    Ok(earlier
        .into_iter()
        .filter(|r| r.version == opts.version)
        .map(|r| (r.key(), r))
        .collect())
}

/// Where finished jobs go: the append log, the PV folder, the new rows,
/// and the first failure, which stops the sweep.
struct Keeper {
    log: Mutex<RowLog>,
    pv_dir: PathBuf,
    first_komi: Option<Komi>,
    rows: Mutex<Vec<Row>>,
    failure: Mutex<Option<SweepError>>,
}

impl Keeper {
    /// Logs a finished job's row and writes its SGF and certificates (at
    /// the config's first komi), or records why that failed.
    fn keep(&self, job: &Job, out: JobOutput) {
        let mut res = self.log.lock().expect("lock").append(&out.row);
        if res.is_ok() && Some(job.rules.komi) == self.first_komi {
            let stem = pv_stem(
                &job.label(),
                job.rules.ruleset.name(),
                job.rules.suicide.name(),
            );
            let sgf_path = self.pv_dir.join(format!("{stem}.sgf"));
            match &out.sgf {
                Some(sgf) => res = write_atomic(&sgf_path, sgf.as_bytes()),
                // An earlier sweep's SGF of this job would contradict the
                // new row (a value it did not have, or bounds it no longer
                // has): it goes.
                None => match std::fs::remove_file(&sgf_path) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        res = Err(IoError::Os {
                            path: sgf_path.clone(),
                            action: "remove",
                            message: e.to_string(),
                        });
                    }
                    _ => {}
                },
            }
            if let (Ok(()), Some(cert)) = (&res, &out.certificate) {
                res = write_atomic(&self.pv_dir.join(format!("{stem}.cert")), cert.as_bytes());
            }
        }
        match res {
            Ok(()) => self.rows.lock().expect("lock").push(out.row),
            Err(e) => self.fail(e.into()),
        }
    }

    /// Records a failure; the first one stands.
    fn fail(&self, e: SweepError) {
        let mut failure = self.failure.lock().expect("lock");
        if failure.is_none() {
            *failure = Some(e);
        }
    }

    /// Whether a job has failed.
    fn failed(&self) -> bool {
        self.failure.lock().expect("lock").is_some()
    }
}

/// Whether one solve gives a job's rows at every komi: the margin
/// rulesets and Kee, whose value is Black's margin at komi 0 and whose
/// outcome at a komi is read from it (docs/rules.md, "7. Values
/// reported"). Not `basic`, where komi can decide whether a line ends, nor
/// the win/loss rulesets, whose play komi changes.
fn komi_free(ruleset: kosolve_rules::Ruleset) -> bool {
    ruleset.value_kind() == kosolve_rules::ValueKind::Margin
        && ruleset != kosolve_rules::Ruleset::Basic
}

/// `todo` in its order, each job with the jobs that differ from it only
/// in komi and take their rows from its solve ([`komi_free`]): the first
/// job of each such group leads it, the config's first komi where the
/// group has it (the matrix puts komi last, so that one comes first).
fn komi_groups<'a>(todo: &[&'a Job]) -> Vec<(&'a Job, Vec<&'a Job>)> {
    let mut groups: Vec<(&Job, Vec<&Job>)> = Vec::new();
    let mut lead: HashMap<(String, String, String), usize> = HashMap::new();
    for &job in todo {
        let r = &job.rules;
        let key = (job.label(), r.ruleset.to_string(), r.suicide.to_string());
        match lead.get(&key) {
            Some(&i) if komi_free(r.ruleset) => groups[i].1.push(job),
            _ => {
                lead.insert(key, groups.len());
                groups.push((job, Vec::new()));
            }
        }
    }
    groups
}

/// The output of `job` from the solve of its group's leader ([`komi_groups`]):
/// the leader's row at `job`'s komi, with the outcome read at that komi
/// from the value, and the same effort (the one solve's nodes, seconds
/// and memory). No SGF and no certificate: those are written once, at
/// the config's first komi, which leads its group.
fn at_komi(out: &JobOutput, job: &Job) -> JobOutput {
    use kosolve_vocab::{outcome, Value, Verdict};
    let mut row = out.row.clone();
    row.komi = job.rules.komi;
    if let (Verdict::Outcome(_), Some(Value::Margin(v))) = (&row.finding.verdict, row.finding.value)
    {
        let kind = kosolve_rules::ValueKind::Margin;
        row.finding.verdict = Verdict::Outcome(outcome(kind, v, row.komi));
    }
    JobOutput {
        row,
        sgf: None,
        certificate: None,
    }
}

/// Runs `todo` on `opts.jobs` threads, with progress bars where stderr is
/// a terminal, handing each finished job to `keeper`; the first failure
/// stops the jobs not yet started and is returned. Jobs that differ only
/// in komi under a ruleset whose value komi does not change are solved
/// once ([`komi_groups`], [`at_komi`]).
fn run_jobs(
    todo: &[&Job],
    opts: &SweepOptions,
    runner: Runner<'_>,
    keeper: &Keeper,
) -> Result<(), SweepError> {
    let visible = opts.progress && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let multi = MultiProgress::with_draw_target(if visible {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    });
    let overall = multi.add(ProgressBar::new(todo.len() as u64));
    overall.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} jobs, {elapsed} elapsed, ETA {eta} {msg}",
        )
        .expect("static template"),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.max(1))
        .build()
        .map_err(|e| SweepError::Shard(format!("cannot start {} job threads: {e}", opts.jobs)))?;
    let groups = komi_groups(todo);
    pool.install(|| {
        groups.par_iter().for_each(|(job, others)| {
            if keeper.failed() {
                return;
            }
            match run_one(job, runner, &multi, visible) {
                Ok(out) => {
                    for other in others {
                        keeper.keep(other, at_komi(&out, other));
                    }
                    keeper.keep(job, out);
                }
                Err(e) => keeper.fail(e),
            }
            overall.inc(1 + others.len() as u64);
        });
    });
    overall.finish_and_clear();
    match keeper.failure.lock().expect("lock").take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Runs one job under a spinner that shows its node count and rate; a
/// panic of the runner becomes [`SweepError::JobFailed`].
fn run_one(
    job: &Job,
    runner: Runner<'_>,
    multi: &MultiProgress,
    visible: bool,
) -> Result<JobOutput, SweepError> {
    let spinner = multi.add(ProgressBar::new_spinner());
    let label = format!(
        "{} {} suicide {} komi {}",
        job.label(),
        job.rules.ruleset,
        job.rules.suicide,
        job.rules.komi
    );
    spinner.set_message(label.clone());
    spinner.enable_steady_tick(Duration::from_millis(250));
    let nodes = Arc::new(AtomicU64::new(0));
    let done = AtomicBool::new(false);
    let out = std::thread::scope(|scope| {
        if visible {
            // The job's node count and rate, twice a second.
            scope.spawn(|| {
                let started = Instant::now();
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    let n = nodes.load(Ordering::Relaxed);
                    let secs = started.elapsed().as_secs_f64().max(1e-3);
                    spinner.set_message(format!(
                        "{label}: {n} nodes, {:.2} M nodes/s",
                        n as f64 / secs / 1e6
                    ));
                }
            });
        }
        // A panic must still end the progress thread, and stops the
        // sweep instead of unwinding through the pool.
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| runner(job, &nodes)));
        done.store(true, Ordering::Relaxed);
        out
    });
    spinner.finish_and_clear();
    out.map_err(|panic| {
        let why = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("a panic")
            .to_string();
        SweepError::JobFailed { job: label, why }
    })
}

/// Joins shard tables into one. With `config`, rows come in the config's
/// job order and every job must be present; without it, in order of first
/// appearance. The same job in two inputs must have the same results.
pub fn merge(inputs: &[PathBuf], config: Option<&Config>) -> Result<Vec<Row>, SweepError> {
    let mut rows: Vec<Row> = Vec::new();
    let mut seen: HashMap<JobKey, usize> = HashMap::new();
    for p in inputs {
        for r in read_rows(p)? {
            match seen.get(&r.key()) {
                Some(&i) => {
                    if rows[i].finding != r.finding {
                        return Err(SweepError::Merge(format!(
                            "job {} has different results in two inputs (one is '{}')",
                            r.key(),
                            p.display()
                        )));
                    }
                }
                None => {
                    seen.insert(r.key(), rows.len());
                    rows.push(r);
                }
            }
        }
    }
    if let Some(c) = config {
        let mut by_key: HashMap<JobKey, Row> = rows.into_iter().map(|r| (r.key(), r)).collect();
        let mut ordered = Vec::new();
        let mut missing = Vec::new();
        for j in c.jobs() {
            match by_key.remove(&j.key()) {
                Some(r) => ordered.push(r),
                None => missing.push(j.key()),
            }
        }
        if !missing.is_empty() {
            return Err(SweepError::Merge(format!(
                "{} job(s) of config '{}' are in no input, e.g. {}",
                missing.len(),
                c.name,
                missing[0]
            )));
        }
        if let Some(extra) = by_key.keys().next() {
            return Err(SweepError::Merge(format!(
                "job {extra} is not in config '{}'",
                c.name
            )));
        }
        return Ok(ordered);
    }
    Ok(rows)
}
