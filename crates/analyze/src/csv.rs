//! The analysis as CSV: one row per ruleset and move.

use crate::{line_text, text::bound_text, Analysis, MoveStatus};
use kosolve_board::Board;

/// The columns, in order.
pub const HEADER: [&str; 14] = [
    "board", "rules", "suicide", "komi", "move", "value", "lower", "upper", "outcome", "best",
    "status", "pv", "nodes", "seconds",
];

/// Every move of every analysis as CSV rows under [`HEADER`]. A move the
/// analysis did not finish has an empty value and its proven bounds
/// (`lower`, `upper`); a refused one has neither, and its reason in
/// `status` (`refused: ...`).
pub fn render(board: &Board, analyses: &[Analysis]) -> String {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(HEADER);
    for a in analyses {
        let best = a.best();
        for (i, m) in a.moves.iter().enumerate() {
            let (lower, upper) = match &m.status {
                MoveStatus::Refused(_) => (String::new(), String::new()),
                _ => (bound_text(a, m.lower), bound_text(a, m.upper)),
            };
            let status = match &m.status {
                MoveStatus::Refused(why) => format!("refused: {why}"),
                MoveStatus::Stopped(s) | MoveStatus::NotSearched(s) => {
                    format!("{} ({})", m.status.name(), s.name())
                }
                s => s.name().to_string(),
            };
            let _ = w.write_record([
                board.name().to_string(),
                a.rules.ruleset.name().to_string(),
                a.rules.suicide.name().to_string(),
                a.rules.komi.to_string(),
                m.name.clone(),
                m.value.map(|v| v.to_string()).unwrap_or_default(),
                lower,
                upper,
                m.outcome.map(|o| o.to_string()).unwrap_or_default(),
                best.contains(&i).to_string(),
                status,
                line_text(board, &m.pv),
                m.nodes.to_string(),
                format!("{:.3}", m.seconds),
            ]);
        }
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}
