//! Finding rows in a table and the text of a value cell: what the
//! per-sweep page, the claims and the overview share.

use kosolve_board::Board;
use kosolve_sweep::{Row, Status};

/// The row of an empty-board job.
pub(crate) fn find<'a>(
    rows: &'a [Row],
    board: &str,
    rules: &str,
    suicide: &str,
    komi: &str,
) -> Option<&'a Row> {
    rows.iter().find(|r| {
        r.board == board
            && r.position.is_empty()
            && r.rules == rules
            && r.suicide == suicide
            && r.komi == komi
    })
}

/// The row of a position's job.
pub(crate) fn find_at<'a>(
    rows: &'a [Row],
    position: &str,
    rules: &str,
    suicide: &str,
    komi: &str,
) -> Option<&'a Row> {
    rows.iter().find(|r| {
        r.position == position && r.rules == rules && r.suicide == suicide && r.komi == komi
    })
}

/// The text of a value cell: the value, `[lower, upper]` or `refused`;
/// empty where no row was found.
pub(crate) fn cell(r: Option<&Row>) -> String {
    match r {
        None => "".into(),
        Some(r) => match r.status {
            Status::Solved => r.value.clone(),
            Status::Unsolved => format!("[{}, {}]", r.lower, r.upper),
            Status::Refused => Status::Refused.to_string(),
        },
    }
}

/// The value of a solved row, as an integer.
pub(crate) fn value_of(r: Option<&Row>) -> Option<i64> {
    r.filter(|r| r.status == Status::Solved)
        .and_then(|r| r.value.parse().ok())
}

/// The path, relative to the result folder, of the SGF file of a solved
/// row's principal variation that the sweep of config `config` wrote:
/// `pv/<config>/<board>-<rules>-<suicide>.sgf`. `None` where the sweep
/// wrote none: an unsolved row, a line cut short (an empty `pv`), or a
/// board SGF cannot describe. (The sweep writes PVs at its config's first
/// komi; the caller links only rows at that komi.)
pub(crate) fn sgf_link(config: &str, r: &Row, board: &Board) -> Option<String> {
    (r.status == Status::Solved && !r.pv.is_empty() && kosolve_sgf::size_value(board).is_some())
        .then(|| {
            let folder = kosolve_sweep::pv_folder(std::path::Path::new(""), config);
            format!(
                "{}/{}.sgf",
                folder.display(),
                kosolve_sweep::pv_stem(&r.label(), &r.rules, &r.suicide)
            )
        })
}
