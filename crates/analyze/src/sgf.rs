//! The analysis as SGF: one game tree per ruleset, each with the start
//! (its setup and its record's moves), the value of every move as a label
//! on its point, and one variation per move that plays the move's line.
//!
//! Each variation's first node carries the value in the properties
//! Sabaki reads for its graphs: `SBKV`, Black's win rate in percent (100,
//! 50 or 0: the value is exact), and `SBKS`, Black's lead in points after
//! komi (margin rulesets and `basic`).

use crate::{line_text, Analysis, MoveValue};
use kosolve_board::{Board, Position};
use kosolve_rules::{Move, Ruleset, Setup, ValueKind};
use kosolve_sgf::{escape, write, Annotations, Header, Record, WriteError};
use kosolve_solver::Outcome;
use std::fmt::Write as _;

/// The record of the start: the setup (where not the empty board) and
/// the moves played from it.
fn start_record(board: &Board, setup: &Setup, a: &Analysis) -> Record {
    let mut record = Record {
        board: board.clone(),
        setup: Position::EMPTY,
        to_move: None,
        komi: Some(a.rules.komi.to_string()),
        moves: Vec::new(),
    };
    if !setup.is_empty_board() {
        record.setup = setup.start.position;
        record.to_move = Some(setup.start.to_move);
        let mut c = setup.start.to_move;
        for m in &setup.moves {
            record.push_move(c, m.point());
            c = c.opponent();
        }
    }
    record
}

/// Black's lead in points after komi, where the value has one.
fn black_lead(a: &Analysis, m: &MoveValue) -> Option<f64> {
    let v = m.value?;
    match a.rules.ruleset {
        Ruleset::Basic => v.as_f64(),
        r if r.value_kind() == ValueKind::Margin => v.as_f64().map(|x| x - a.rules.komi.as_f64()),
        _ => None,
    }
}

/// Black's win rate in percent: 100, 50 (jigo, a draw, a void game) or 0.
fn black_winrate(o: Outcome) -> u32 {
    match crate::winner(o) {
        1 => 100,
        -1 => 0,
        _ => 50,
    }
}

/// A number as SGF writes a real: `3`, `-0.5`.
fn real(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// One move's variation: the move and the rest of its line, as far as
/// SGF can write it (a delay or a draw declaration ends it; the comment
/// holds the whole line).
fn variation(board: &Board, a: &Analysis, best: bool, m: &MoveValue) -> String {
    let mut out = String::from("(");
    let mut color = a.to_move;
    let line: Vec<Move> = if m.pv.is_empty() {
        vec![m.mv]
    } else {
        m.pv.clone()
    };
    for (i, &mv) in line.iter().enumerate() {
        let at = match mv {
            Move::Play(p) => board.sgf_point(p).unwrap_or_default(),
            Move::Pass => String::new(),
            _ => break,
        };
        let _ = write!(out, ";{}[{at}]", color.letter());
        if i == 0 {
            let value = match m.value {
                Some(v) => format!(
                    "value {}{} ({})",
                    v.signed(),
                    if best { ", best" } else { "" },
                    m.outcome.map(|o| o.to_string()).unwrap_or_default()
                ),
                None => format!(
                    "not solved ({}): bounds {}",
                    m.status.name(),
                    crate::text::bounds_text(a, m)
                ),
            };
            let comment = format!(
                "{} (suicide {}, komi {}): {} {value}; line: {}",
                a.rules.ruleset,
                a.rules.suicide,
                a.rules.komi,
                m.name,
                line_text(board, &line)
            );
            let _ = write!(out, "C[{}]", escape(&comment));
            if let Some(o) = m.outcome {
                let _ = write!(out, "SBKV[{}]", black_winrate(o));
            }
            if let Some(lead) = black_lead(a, m) {
                let _ = write!(out, "SBKS[{}]", real(lead));
            }
        }
        color = color.opponent();
    }
    out.push(')');
    out
}

/// The label of a move on its point: its value (`+3`, `-1`, `void`), with
/// `*` where proven best, or `?` where not solved.
fn label(m: &MoveValue, best: bool) -> String {
    match m.value {
        Some(v) => format!("{}{}", v.signed(), if best { "*" } else { "" }),
        None => "?".into(),
    }
}

/// One ruleset's game tree.
fn tree(board: &Board, setup: &Setup, a: &Analysis) -> Result<String, WriteError> {
    let record = start_record(board, setup, a);
    let notes = Annotations {
        header: Header {
            application: Some("kosolve".into()),
            ruleset: Some(a.rules.ruleset.to_string()),
            ..Header::default()
        },
        ..Annotations::default()
    };
    let text = write(&record, &notes)?;
    let mut out = text.strip_suffix(")\n").unwrap_or(&text).to_string();
    let best = a.best();
    let mut labels = String::new();
    let mut summary = format!(
        "Every move of {} under {} (suicide {}), komi {}:",
        a.to_move.name(),
        a.rules.ruleset,
        a.rules.suicide,
        a.rules.komi
    );
    for (i, m) in a.moves.iter().enumerate() {
        let l = label(m, best.contains(&i));
        if let Move::Play(p) = m.mv {
            if let Some(at) = board.sgf_point(p) {
                let _ = write!(labels, "[{at}:{}]", escape(&l));
            }
        }
        let _ = write!(summary, " {} {l};", m.name);
    }
    summary.push_str(" (* proven best; ? not solved)");
    if !labels.is_empty() {
        let _ = write!(out, "LB{labels}");
    }
    let _ = write!(out, "C[{}]", escape(&summary));
    for (i, m) in a.moves.iter().enumerate() {
        out.push('\n');
        out.push_str(&variation(board, a, best.contains(&i), m));
    }
    out.push_str(")\n");
    Ok(out)
}

/// The analyses as an SGF collection, one game tree per ruleset. The
/// board must be a rectangle SGF can describe.
pub fn render(board: &Board, setup: &Setup, analyses: &[Analysis]) -> Result<String, WriteError> {
    let mut out = String::new();
    for a in analyses {
        out.push_str(&tree(board, setup, a)?);
    }
    Ok(out)
}
