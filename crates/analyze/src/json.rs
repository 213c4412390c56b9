//! The analysis as one JSON object.

use crate::{line_text, text::move_rows, Analysis, MoveValue};
use kosolve_board::Board;
use kosolve_rules::{Komi, Ruleset};
use serde_json::{json, Value as Json};

/// A komi as a JSON number (an integer where it is one).
fn komi_json(k: Komi) -> Json {
    if k.halves() % 2 == 0 {
        json!(k.halves() / 2)
    } else {
        json!(k.as_f64())
    }
}

/// A bound in the value's units: `basic`'s in points with the komi
/// applied, every other ruleset's as the search gives it.
fn bound_json(ruleset: Ruleset, k: i32) -> Json {
    if ruleset == Ruleset::Basic {
        komi_json(Komi(k))
    } else {
        json!(k)
    }
}

fn move_json(board: &Board, a: &Analysis, best: &[usize], i: usize, m: &MoveValue) -> Json {
    let refused = matches!(m.status, crate::MoveStatus::Refused(_));
    let mut v = json!({
        "move": m.name,
        "value": m.value.map(|x| match x {
            kosolve_solver::Value::Void => json!("void"),
            x => x.as_f64().map_or(Json::Null, |f| {
                if f.fract() == 0.0 { json!(f as i64) } else { json!(f) }
            }),
        }),
        "lower": (!refused).then(|| bound_json(a.rules.ruleset, m.lower)),
        "upper": (!refused).then(|| bound_json(a.rules.ruleset, m.upper)),
        "outcome": m.outcome.map(|o| o.to_string()),
        "best": best.contains(&i),
        "status": m.status.name(),
        "pv": line_text(board, &m.pv),
        "nodes": m.nodes,
        "seconds": m.seconds,
    });
    match &m.status {
        crate::MoveStatus::Refused(why) => v["why"] = json!(why),
        crate::MoveStatus::Stopped(s) | crate::MoveStatus::NotSearched(s) => {
            v["stop"] = json!(s.name())
        }
        _ => {}
    }
    v
}

/// The analyses of one start as a JSON object: the board, the player to
/// move, the komi, the moves in table order, and per ruleset every move's
/// value, bounds, outcome, status, line and effort.
pub fn render(board: &Board, analyses: &[Analysis]) -> Json {
    let rows = move_rows(analyses);
    json!({
        "board": board.name(),
        "to_move": analyses.first().map(|a| a.to_move.name()),
        "komi": analyses.first().map(|a| komi_json(a.rules.komi)),
        "moves": rows.iter().map(|(_, n)| n.clone()).collect::<Vec<_>>(),
        "rulesets": analyses.iter().map(|a| {
            let best = a.best();
            json!({
                "rules": a.rules.ruleset.name(),
                "suicide": a.rules.suicide.name(),
                "komi": komi_json(a.rules.komi),
                "best": best.iter().map(|&i| a.moves[i].name.clone()).collect::<Vec<_>>(),
                "complete": a.is_complete(),
                "nodes": a.nodes,
                "seconds": a.seconds,
                "stopped": a.stopped.map(|s| s.name()),
                "moves": a.moves.iter().enumerate()
                    .map(|(i, m)| move_json(board, a, &best, i, m))
                    .collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
    })
}
