//! One result row, its CSV form, and atomic file writes.

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

/// The `status` column of a row. It is written to and read from the CSV
/// as `solved`, `unsolved` or `refused`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Solved: `value` and `outcome` hold the answer.
    Solved,
    /// A limit was hit: `lower` and `upper` hold the bounds proven so far.
    Unsolved,
    /// Refused before any search (a board too large for the method, a board
    /// that does not parse): `outcome` holds the reason.
    Refused,
}

impl Status {
    /// The CSV form: `solved`, `unsolved` or `refused`.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unsolved => "unsolved",
            Status::Refused => "refused",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// One finished job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Board description.
    pub board: String,
    /// Ruleset name.
    pub rules: String,
    /// `forbidden` or `allowed`.
    pub suicide: String,
    /// Komi as written (`0`, `0.5`, `-1`).
    pub komi: String,
    /// The value (see docs/configs.md: a margin, `void`, or +1/0/-1); empty if unsolved.
    pub value: String,
    /// The outcome at this komi: `B+1`, `W+2`, `jigo`, `void`, `B wins`, `W wins`, `draw`,
    /// `unsolved`; for a `refused` row, the reason.
    pub outcome: String,
    /// The best lower bound proven.
    pub lower: String,
    /// The best upper bound proven.
    pub upper: String,
    /// `solved`, `unsolved` (a limit was hit) or `refused`.
    pub status: Status,
    /// The principal variation, moves separated by spaces.
    pub pv: String,
    /// Number of moves in `pv`.
    pub pv_length: usize,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak table memory, MiB.
    pub peak_mib: f64,
    /// Threads used.
    pub threads: usize,
    /// The kosolve version that computed the row.
    pub version: String,
    /// The start position's name (a config's `[[positions]]`); empty for
    /// the empty board. Tables written before positions existed lack the column.
    #[serde(default)]
    pub position: String,
}

impl Row {
    /// The job key of this row: board (and position), rules, suicide, komi.
    pub fn key(&self) -> JobKey {
        JobKey::new(&self.label(), &self.rules, &self.suicide, &self.komi)
    }

    /// The board, or for a position's row `board@name` (as [`crate::Job::label`]).
    pub fn label(&self) -> String {
        if self.position.is_empty() {
            self.board.clone()
        } else {
            format!("{}@{}", self.board, self.position)
        }
    }
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
        w.serialize(r).expect("in-memory CSV write");
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
    r.deserialize()
        .map(|x| {
            x.map_err(|e| IoError::Csv {
                path: path.to_path_buf(),
                message: e.to_string(),
            })
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
        w.serialize(row).expect("in-memory CSV write");
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
