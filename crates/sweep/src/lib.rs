//! Sweeps: a matrix of boards x rulesets x suicide x komi read from a TOML
//! config, run in parallel, written as CSV (appended as jobs finish, final
//! files written atomically), SGF principal variations, and a Markdown page
//! rendered by the function the caller passes ([`SweepOptions::markdown`];
//! the report crate has it). Interrupted sweeps resume; sweeps split into
//! shards and merge back.

pub use kosolve_vocab::{Finding, Status, Verdict};

mod config;
mod row;
mod run;

pub use config::{Config, ConfigError, Job, Limits, NamedPosition, PositionClaim};
pub use row::{
    read_rows, rows_to_csv, write_atomic, IoError, JobKey, Lock, Row, RowLog, COLUMNS,
    TIMING_COLUMNS,
};
pub use run::{
    file_safe, merge, output_stem, parse_shard, pv_folder, pv_stem, run_sweep, JobOutput, Runner,
    SweepError, SweepOptions, SweepSummary,
};
