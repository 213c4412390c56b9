//! The analysis as one SVG picture: the start, one panel per ruleset,
//! each move's value written on its point, the points where the rulesets
//! part ringed.

use crate::{parts, Analysis, MoveValue};
use kosolve_board::{Board, Position};
use kosolve_report::pictures::{frames_svg, Frame};
use kosolve_rules::Move;

/// The picture of `analyses` from `position` (the start after its
/// record's moves). Each panel's caption names the ruleset and the value
/// of the pass and of the moves that have no point.
pub fn render(board: &Board, position: Position, analyses: &[Analysis]) -> String {
    let rules: Vec<_> = analyses.iter().map(|a| a.rules).collect();
    let rings: Vec<_> = board
        .points()
        .filter(|&p| {
            let cells: Vec<Option<&MoveValue>> = analyses
                .iter()
                .map(|a| a.moves.iter().find(|m| m.mv == Move::Play(p)))
                .collect();
            parts(&cells, &rules)
        })
        .collect();
    let frames: Vec<Frame> = analyses
        .iter()
        .map(|a| {
            let best = a.best();
            let mut labels = Vec::new();
            let mut others = Vec::new();
            for (i, m) in a.moves.iter().enumerate() {
                let text = match m.value {
                    Some(v) => {
                        format!("{}{}", v.signed(), if best.contains(&i) { "*" } else { "" })
                    }
                    None => "?".into(),
                };
                match m.mv {
                    Move::Play(p) => labels.push((p, text)),
                    _ => others.push(format!("{} {text}", m.name)),
                }
            }
            let mut caption = a.rules.ruleset.name().to_string();
            if !others.is_empty() {
                caption = format!("{caption}: {}", others.join(", "));
            }
            Frame {
                moves: 0,
                position,
                caption,
                next: None,
                labels,
                rings: rings.clone(),
            }
        })
        .collect();
    let title = match analyses.first() {
        Some(a) => format!(
            "{}: every move of {} (komi {}; * best, ringed where the rulesets part)",
            board.name(),
            a.to_move.name(),
            a.rules.komi
        ),
        None => board.name().to_string(),
    };
    frames_svg(board, &title, &frames)
}
