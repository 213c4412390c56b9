//! The terminal table: moves as rows, rulesets as columns, the best
//! moves and the rows where the rulesets part marked.

use crate::{parts, Analysis, MoveStatus, MoveValue};
use kosolve_board::Board;
use kosolve_rules::Move;
use std::fmt::Write as _;

/// The moves of every analysis, once each, in the board's order, then the
/// pass, then the other moves.
pub fn move_rows(analyses: &[Analysis]) -> Vec<(Move, String)> {
    let mut rows: Vec<(Move, String)> = Vec::new();
    for a in analyses {
        for m in &a.moves {
            if !rows.iter().any(|(r, _)| *r == m.mv) {
                rows.push((m.mv, m.name.clone()));
            }
        }
    }
    rows.sort_by_key(|(m, _)| move_order(*m));
    rows
}

/// Board points first (by index), then the pass, then the rest.
fn move_order(m: Move) -> (u8, usize) {
    match m {
        Move::Play(p) => (0, p.index()),
        Move::Pass => (1, 0),
        Move::Delay => (2, 0),
        Move::UltimateDelay => (3, 0),
        _ => (4, 0),
    }
}

/// One cell's text: the exact value (with `*` where proven best), the
/// proven bounds, `?` where the budget left the move unsearched,
/// `refused`, or `-` where the move is illegal under the ruleset.
pub fn cell_text(a: &Analysis, best: &[usize], mv: Move) -> String {
    let Some(i) = a.moves.iter().position(|m| m.mv == mv) else {
        return "-".into();
    };
    let m = &a.moves[i];
    let star = if best.contains(&i) { "*" } else { "" };
    match (&m.status, m.value) {
        (_, Some(v)) => format!("{}{star}", v.signed()),
        (MoveStatus::Refused(_), _) => "refused".into(),
        (MoveStatus::NotSearched(_), _) => "?".into(),
        _ => bounds_text(a, m),
    }
}

/// One proven bound in the value's own units: `basic`'s in points with
/// the komi applied, every other ruleset's as the search gives it.
pub fn bound_text(a: &Analysis, k: i32) -> String {
    if a.rules.ruleset == kosolve_rules::Ruleset::Basic {
        kosolve_rules::Komi(k).to_string()
    } else {
        k.to_string()
    }
}

/// Proven bounds as `[lo, hi]`, in the value's own units.
pub fn bounds_text(a: &Analysis, m: &MoveValue) -> String {
    format!("[{}, {}]", bound_text(a, m.lower), bound_text(a, m.upper))
}

/// The whole table, with a heading naming the board, the player to move
/// and the komi, and a legend.
pub fn render(board: &Board, analyses: &[Analysis]) -> String {
    let mut out = String::new();
    let Some(first) = analyses.first() else {
        return out;
    };
    let _ = writeln!(
        out,
        "{}, {} to move, komi {}",
        board.name(),
        first.to_move.name(),
        first.rules.komi
    );
    let rows = move_rows(analyses);
    let best: Vec<Vec<usize>> = analyses.iter().map(Analysis::best).collect();
    let rules: Vec<_> = analyses.iter().map(|a| a.rules).collect();
    let mut grid: Vec<Vec<String>> = vec![std::iter::once("move".to_string())
        .chain(analyses.iter().map(|a| a.rules.ruleset.name().to_string()))
        .collect()];
    let mut marks = vec![""];
    for (mv, name) in &rows {
        let cells: Vec<Option<&MoveValue>> = analyses
            .iter()
            .map(|a| a.moves.iter().find(|m| m.mv == *mv))
            .collect();
        marks.push(if parts(&cells, &rules) { "!" } else { "" });
        grid.push(
            std::iter::once(name.clone())
                .chain(
                    analyses
                        .iter()
                        .zip(&best)
                        .map(|(a, b)| cell_text(a, b, *mv)),
                )
                .collect(),
        );
    }
    let widths: Vec<usize> = (0..grid[0].len())
        .map(|c| grid.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for (row, mark) in grid.iter().zip(&marks) {
        let mut line = format!("{mark:1} ");
        for (c, cell) in row.iter().enumerate() {
            let _ = write!(line, "{cell:<w$}  ", w = widths[c]);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str(&legend(analyses));
    out
}

/// What the marks and units mean, and what stopped the analysis.
fn legend(analyses: &[Analysis]) -> String {
    let mut out = String::from(
        "* proven best for the player to move; ! the rulesets part (different margins, or different winners); \
         [a, b] proven bounds; ? not searched; - illegal.\n\
         Values: margin rulesets Black's margin at komi 0; primitive, fundamental and ultimate \
         +1 Black wins, -1 White wins, 0 a draw, at the komi; basic the margin with the komi applied, or void.\n",
    );
    for a in analyses {
        let _ = write!(
            out,
            "{}: {} nodes, {:.2} s",
            a.rules.ruleset, a.nodes, a.seconds
        );
        if let Some(s) = a.stopped {
            let _ = write!(out, ", stopped ({})", s.name());
        }
        let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
        for m in &a.moves {
            if let MoveStatus::Refused(why) = &m.status {
                match reasons.iter_mut().find(|(w, _)| *w == why.as_str()) {
                    Some((_, names)) => names.push(&m.name),
                    None => reasons.push((why, vec![&m.name])),
                }
            }
        }
        for (why, names) in reasons {
            let _ = write!(out, "; refused ({}): {why}", names.join(" "));
        }
        out.push('\n');
    }
    out
}
