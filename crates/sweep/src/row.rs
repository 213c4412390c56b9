//! One result row (typed), its CSV form, and atomic file writes.

use kosolve_board::{BoardError, BoardSpec, Suicide};
use kosolve_rules::Move;
use kosolve_rules::{Komi, Rules, RulesError, Ruleset};
use kosolve_vocab::{Finding, Status, Value, Verdict};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The CSV columns, in order (documented in docs/configs.md).
pub const COLUMNS: [&str; 17] = [
    "board",
    "rules",
    "suicide",
    "komi",
    "value",
    "outcome",
    "lower",
    "upper",
    "status",
    "pv",
    "pv_length",
    "nodes",
    "seconds",
    "peak_mib",
    "threads",
    "version",
    "position",
];

/// The columns that measure effort rather than results; comparisons of
/// result tables ignore them.
pub const TIMING_COLUMNS: [&str; 3] = ["seconds", "peak_mib", "threads"];

/// A job's identity in result files: board, rules, suicide and komi, as the
/// CSV writes them. Rows and jobs with equal keys are the same job. Keys
/// order as their text `board|rules|suicide|komi` does.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JobKey(String);

impl JobKey {
    /// The key of the job with these CSV fields.
    pub fn new(board: &str, rules: &str, suicide: &str, komi: &str) -> JobKey {
        JobKey(format!("{board}|{rules}|{suicide}|{komi}"))
    }

    /// The key as text: `board|rules|suicide|komi`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for JobKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One finished job, typed; CSV text exists only where a table is read
/// or written ([`read_rows`], [`rows_to_csv`], [`RowLog`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The board.
    pub board: BoardSpec,
    /// The ruleset.
    pub rules: Ruleset,
    /// The suicide setting.
    pub suicide: Suicide,
    /// The komi.
    pub komi: Komi,
    /// What the job found: the `value`, `outcome`, `lower`, `upper`,
    /// `status`, `pv`, `pv_length` and `nodes` columns (docs/configs.md).
    pub finding: Finding,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak table memory, MiB.
    pub peak_mib: f64,
    /// Threads used.
    pub threads: usize,
    /// The kosolve version that computed the row.
    pub version: String,
    /// The start position's name (a config's `[[positions]]`); empty for
    /// the empty board.
    pub position: String,
}

impl Row {
    /// A row of the job on `board` under `rules` with nothing known yet:
    /// status `unsolved`, no value, no bounds, no line, no effort.
    pub fn new(board: BoardSpec, rules: Rules, position: &str, version: &str) -> Row {
        Row {
            board,
            rules: rules.ruleset,
            suicide: rules.suicide,
            komi: rules.komi,
            finding: Finding::unsolved(),
            seconds: 0.0,
            peak_mib: 0.0,
            threads: 1,
            version: version.to_string(),
            position: position.to_string(),
        }
    }

    /// The job key of this row: board (and position), rules, suicide, komi.
    pub fn key(&self) -> JobKey {
        JobKey::new(
            &self.label(),
            self.rules.name(),
            self.suicide.name(),
            &self.komi.to_string(),
        )
    }

    /// The board, or for a position's row `board@name` (as [`crate::Job::label`]).
    pub fn label(&self) -> String {
        if self.position.is_empty() {
            self.board.to_string()
        } else {
            format!("{}@{}", self.board, self.position)
        }
    }

    /// The value of a solved row.
    pub fn solved_value(&self) -> Option<Value> {
        self.finding.solved_value()
    }

    /// The `status` column.
    pub fn status(&self) -> Status {
        self.finding.status
    }

    /// The principal variation as the `pv` column writes it: move names
    /// separated by spaces (empty where there is no line).
    pub fn pv_text(&self) -> String {
        if self.finding.pv.is_empty() {
            return String::new();
        }
        match self.board.board() {
            Ok(b) => {
                let names: Vec<String> = self.finding.pv.iter().map(|m| m.name(&b)).collect();
                names.join(" ")
            }
            // A row's line was played on its board, so the board builds.
            Err(e) => unreachable!("a row with a line on a board that does not build: {e}"),
        }
    }
}

/// A row as the CSV file holds it: every column as text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct CsvRow {
    board: String,
    rules: String,
    suicide: String,
    komi: String,
    value: String,
    outcome: String,
    lower: String,
    upper: String,
    status: String,
    pv: String,
    pv_length: usize,
    nodes: u64,
    seconds: f64,
    peak_mib: f64,
    threads: usize,
    version: String,
    // Tables written before positions existed lack the column.
    #[serde(default)]
    position: String,
}

impl From<&Row> for CsvRow {
    fn from(r: &Row) -> CsvRow {
        let text = |v: &Option<Value>| v.map(|v| v.to_string()).unwrap_or_default();
        let f = &r.finding;
        CsvRow {
            board: r.board.to_string(),
            rules: r.rules.name().into(),
            suicide: r.suicide.name().into(),
            komi: r.komi.to_string(),
            value: text(&f.value),
            outcome: f.verdict.to_string(),
            lower: text(&f.lower),
            upper: text(&f.upper),
            status: f.status.to_string(),
            pv: r.pv_text(),
            pv_length: f.pv.len(),
            nodes: f.nodes,
            seconds: r.seconds,
            peak_mib: r.peak_mib,
            threads: r.threads,
            version: r.version.clone(),
            position: r.position.clone(),
        }
    }
}

impl TryFrom<CsvRow> for Row {
    type Error = String;
    fn try_from(c: CsvRow) -> Result<Row, String> {
        let rules: Ruleset = c.rules.parse().map_err(|e: RulesError| e.to_string())?;
        let value = |text: &str, score: bool| -> Result<Option<Value>, String> {
            if text.is_empty() {
                return Ok(None);
            }
            Value::parse(rules, score, text)
                .map(Some)
                .map_err(|e| e.to_string())
        };
        let status: Status = c.status.parse()?;
        let verdict = match (status, c.outcome.as_str()) {
            (Status::Refused, why) => Verdict::Refused(why.to_string()),
            (_, "unsolved") => Verdict::Unsolved,
            (_, o) => Verdict::Outcome(o.parse()?),
        };
        let board: BoardSpec = c.board.parse().map_err(|e: BoardError| e.to_string())?;
        let pv = pv_moves(&board, &c.pv)?;
        if pv.len() != c.pv_length {
            return Err(format!(
                "pv_length is {} but the pv has {} moves",
                c.pv_length,
                pv.len()
            ));
        }
        Ok(Row {
            board,
            rules,
            suicide: c.suicide.parse()?,
            komi: c.komi.parse().map_err(|e: RulesError| e.to_string())?,
            finding: Finding {
                status,
                value: value(&c.value, true)?,
                verdict,
                lower: value(&c.lower, false)?,
                upper: value(&c.upper, false)?,
                pv,
                nodes: c.nodes,
            },
            seconds: c.seconds,
            peak_mib: c.peak_mib,
            threads: c.threads,
            version: c.version,
            position: c.position,
        })
    }
}

/// The moves of a `pv` column on `board` (none for an empty column).
fn pv_moves(board: &BoardSpec, text: &str) -> Result<Vec<Move>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let b = board.board().map_err(|e| e.to_string())?;
    text.split_whitespace()
        .map(|name| {
            Move::parse(&b, name)
                .ok_or_else(|| format!("'{name}' in the pv is not a move on {board}"))
        })
        .collect()
}

/// A failure while reading or writing result files.
#[derive(Debug)]
pub enum IoError {
    /// The OS refused an operation on `path`.
    Os {
        /// The file or folder.
        path: PathBuf,
        /// What was being done.
        action: &'static str,
        /// The OS message.
        message: String,
    },
    /// A CSV file that is not a kosolve table.
    Csv {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
}

impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IoError::Os {
                path,
                action,
                message,
            } => {
                write!(f, "cannot {action} '{}': {message}", path.display())
            }
            IoError::Csv { path, message } => write!(
                f,
                "'{}' is not a kosolve result table: {message}",
                path.display()
            ),
        }
    }
}

impl std::error::Error for IoError {}

fn os(path: &Path, action: &'static str, e: std::io::Error) -> IoError {
    IoError::Os {
        path: path.to_path_buf(),
        action,
        message: e.to_string(),
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// flushed to disk, then renamed over `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), IoError> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let mut f = std::fs::File::create(&tmp).map_err(|e| os(&tmp, "create", e))?;
    f.write_all(bytes).map_err(|e| os(&tmp, "write", e))?;
    f.sync_all().map_err(|e| os(&tmp, "sync", e))?;
    drop(f);
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        os(path, "rename a temporary file onto", e)
    })
}

/// Serialises rows as CSV with a header.
pub fn rows_to_csv(rows: &[Row]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    if rows.is_empty() {
        w.write_record(COLUMNS).expect("in-memory CSV write");
    }
    for r in rows {
        w.serialize(CsvRow::from(r)).expect("in-memory CSV write");
    }
    w.into_inner().expect("in-memory CSV flush")
}

/// Reads the rows of a result table (a final table or an append log).
/// A last line cut short by a crash is ignored; any other bad line is an error.
pub fn read_rows(path: &Path) -> Result<Vec<Row>, IoError> {
    let text = std::fs::read_to_string(path).map_err(|e| os(path, "read", e))?;
    let complete = match text.rfind('\n') {
        Some(i) => &text[..=i],
        None => "",
    };
    let mut r = csv::Reader::from_reader(complete.as_bytes());
    let header = r.headers().map_err(|e| IoError::Csv {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    // Tables written before the `position` column existed lack it.
    let header: Vec<&str> = header.iter().collect();
    if header != COLUMNS && header[..] != COLUMNS[..COLUMNS.len() - 1] {
        return Err(IoError::Csv {
            path: path.to_path_buf(),
            message: format!("expected the columns {}", COLUMNS.join(",")),
        });
    }
    let fail = |message: String| IoError::Csv {
        path: path.to_path_buf(),
        message,
    };
    r.deserialize::<CsvRow>()
        .enumerate()
        .map(|(i, x)| {
            let c = x.map_err(|e| fail(e.to_string()))?;
            // Line 1 is the header.
            Row::try_from(c).map_err(|e| fail(format!("line {}: {e}", i + 2)))
        })
        .collect()
}

/// An append-only log of finished rows: each row is written and flushed as
/// soon as its job ends, so an interrupted sweep loses nothing it finished.
pub struct RowLog {
    path: PathBuf,
    file: std::fs::File,
}

impl RowLog {
    /// Opens (creating with a header if new) the log at `path`.
    pub fn open(path: &Path) -> Result<RowLog, IoError> {
        let exists = path.exists();
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| os(path, "open", e))?;
        if !exists || file.metadata().map(|m| m.len() == 0).unwrap_or(true) {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(COLUMNS).expect("in-memory CSV write");
            file.write_all(&w.into_inner().expect("flush"))
                .map_err(|e| os(path, "write", e))?;
        }
        Ok(RowLog {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Appends one row and flushes it to disk.
    pub fn append(&mut self, row: &Row) -> Result<(), IoError> {
        let mut w = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(Vec::new());
        w.serialize(CsvRow::from(row)).expect("in-memory CSV write");
        let bytes = w.into_inner().expect("flush");
        self.file
            .write_all(&bytes)
            .map_err(|e| os(&self.path, "append to", e))?;
        self.file.sync_data().map_err(|e| os(&self.path, "sync", e))
    }
}

/// A lock file that keeps a second sweep from writing the same outputs.
/// It holds the owner's process id; a lock left by a process that no longer
/// runs (a crash, a kill) is taken over.
pub struct Lock {
    path: PathBuf,
}

impl Lock {
    /// Takes the lock at `path`, or says who holds it.
    pub fn acquire(path: &Path) -> Result<Lock, String> {
        for _ in 0..2 {
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(mut f) => {
                    let _ = writeln!(f, "{}", std::process::id());
                    return Ok(Lock {
                        path: path.to_path_buf(),
                    });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let pid: Option<u32> = std::fs::read_to_string(path)
                        .ok()
                        .and_then(|s| s.trim().parse().ok());
                    // Whether the owner runs is read from /proc (Linux). Without
                    // /proc the owner counts as alive: such a lock is never taken
                    // over, and the message says to delete it by hand.
                    let proc_fs = Path::new("/proc/self").exists();
                    let alive = pid
                        .map(|p| !proc_fs || Path::new(&format!("/proc/{p}")).exists())
                        .unwrap_or(true);
                    if alive {
                        return Err(format!(
                            "another sweep (pid {}) is writing these results: lock file '{}' exists; \
                             wait for it, or delete the lock file if that sweep is gone",
                            pid.map(|p| p.to_string()).unwrap_or_else(|| "unknown".into()),
                            path.display()
                        ));
                    }
                    // Stale: its owner is gone.
                    let _ = std::fs::remove_file(path);
                }
                Err(e) => return Err(format!("cannot create lock file '{}': {e}", path.display())),
            }
        }
        Err(format!("cannot take lock file '{}'", path.display()))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}
