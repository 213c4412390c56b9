//! Finding rows in a table, the text of a value cell and the link of a
//! PV's SGF file: what the per-sweep page, the claims and the overview share.

use kosolve_board::{Board, BoardSpec, Shape, Suicide};
use kosolve_rules::{Komi, Ruleset};
use kosolve_sweep::{Row, Status};
use kosolve_vocab::Value;

/// The row of an empty-board job.
pub(crate) fn find<'a>(
    rows: &'a [Row],
    board: &BoardSpec,
    rules: Ruleset,
    suicide: Suicide,
    komi: Komi,
) -> Option<&'a Row> {
    find_job(rows, rules, suicide, komi, |r| {
        r.board == *board && r.position.is_empty()
    })
}

/// The row of a position's job.
pub(crate) fn find_at<'a>(
    rows: &'a [Row],
    position: &str,
    rules: Ruleset,
    suicide: Suicide,
    komi: Komi,
) -> Option<&'a Row> {
    find_job(rows, rules, suicide, komi, |r| r.position == position)
}

/// The first row under `rules`, `suicide` and `komi` whose start `start` accepts.
fn find_job(
    rows: &[Row],
    rules: Ruleset,
    suicide: Suicide,
    komi: Komi,
    start: impl Fn(&Row) -> bool,
) -> Option<&Row> {
    rows.iter()
        .find(|r| r.rules == rules && r.suicide == suicide && r.komi == komi && start(r))
}

/// The rectangle `rows` x `cols`, for the boards the claims name.
pub(crate) const fn rect(rows: u8, cols: u8) -> BoardSpec {
    BoardSpec::Shape(Shape::Rect { rows, cols })
}

/// A value's cell text, empty for none.
pub(crate) fn text(v: Option<Value>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// The text of a value cell: the value, `[lower, upper]` or `refused`;
/// empty where no row was found.
pub(crate) fn cell(r: Option<&Row>) -> String {
    match r {
        None => "".into(),
        Some(r) => match r.status() {
            Status::Solved => text(r.finding.value),
            Status::Unsolved => format!("[{}, {}]", text(r.finding.lower), text(r.finding.upper)),
            Status::Refused => Status::Refused.to_string(),
        },
    }
}

/// The value of a solved row.
pub(crate) fn value_of(r: Option<&Row>) -> Option<Value> {
    r.and_then(Row::solved_value)
}

/// The path, relative to the result folder, of the SGF file of a solved
/// row's principal variation that the sweep of config `config` wrote:
/// `pv/<config>/<board>-<rules>-<suicide>.sgf`. `None` where the sweep
/// wrote none: an unsolved row, a line cut short (an empty `pv`), or a
/// board SGF cannot describe. (The sweep writes PVs at its config's first
/// komi; the caller links only rows at that komi.)
pub(crate) fn sgf_link(config: &str, r: &Row, board: &Board) -> Option<String> {
    (r.status() == Status::Solved
        && !r.finding.pv.is_empty()
        && kosolve_sgf::size_value(board).is_some())
    .then(|| {
        let folder = kosolve_sweep::pv_folder(std::path::Path::new(""), config);
        format!(
            "{}/{}.sgf",
            folder.display(),
            kosolve_sweep::pv_stem(&r.label(), r.rules.name(), r.suicide.name())
        )
    })
}
