//! The Markdown report of a sweep.

use crate::config::Config;
use crate::row::Row;

/// Renders the report of `rows` (placeholder: the matrix only).
pub fn markdown(config: &Config, rows: &[Row]) -> String {
    let mut s = format!("# kosolve sweep `{}`\n\n{} rows\n", config.name, rows.len());
    for r in rows {
        s.push_str(&format!(
            "- {} {} {} {}: {}\n",
            r.board, r.rules, r.suicide, r.komi, r.outcome
        ));
    }
    s
}
