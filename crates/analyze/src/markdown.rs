//! The analysis as a Markdown section: the picture, then the table of the
//! terminal (moves as rows, rulesets as columns, the best moves and the
//! rows where the rulesets part marked).

use crate::text::{cell_text, move_rows};
use crate::{parts, Analysis, MoveValue};
use kosolve_board::Board;
use std::fmt::Write as _;

/// The section of one start: a heading, `note`, the picture at `svg` (a
/// path relative to the page) and the table.
pub fn render(
    board: &Board,
    heading: &str,
    note: &str,
    svg: &str,
    analyses: &[Analysis],
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "### {heading}\n");
    if !note.is_empty() {
        let _ = writeln!(out, "{note}\n");
    }
    let Some(first) = analyses.first() else {
        return out;
    };
    let _ = writeln!(
        out,
        "{}, {} to move, komi {}: every legal move's value under each ruleset \
         (`*` proven best, `!` the rulesets part, `[a, b]` proven bounds, `?` not \
         searched, `-` illegal).\n",
        board.name(),
        first.to_move.name(),
        first.rules.komi
    );
    let _ = writeln!(out, "![every move]({svg})\n");
    let names: Vec<&str> = analyses.iter().map(|a| a.rules.ruleset.name()).collect();
    let _ = writeln!(out, "| | move | {} |", names.join(" | "));
    let _ = writeln!(out, "|---|---|{}", "---|".repeat(names.len()));
    let best: Vec<Vec<usize>> = analyses.iter().map(Analysis::best).collect();
    let rules: Vec<_> = analyses.iter().map(|a| a.rules).collect();
    for (mv, name) in move_rows(analyses) {
        let cells: Vec<Option<&MoveValue>> = analyses
            .iter()
            .map(|a| a.moves.iter().find(|m| m.mv == mv))
            .collect();
        let mark = if parts(&cells, &rules) { "!" } else { "" };
        let texts: Vec<String> = analyses
            .iter()
            .zip(&best)
            .map(|(a, b)| cell_text(a, b, mv).replace('*', "\\*"))
            .collect();
        let _ = writeln!(out, "| {mark} | {name} | {} |", texts.join(" | "));
    }
    out.push('\n');
    let effort: Vec<String> = analyses
        .iter()
        .map(|a| {
            let stop = a
                .stopped
                .map(|s| format!(", stopped ({})", s.name()))
                .unwrap_or_default();
            format!("{} {} nodes{stop}", a.rules.ruleset, a.nodes)
        })
        .collect();
    let _ = writeln!(out, "Effort: {}.\n", effort.join("; "));
    out
}
