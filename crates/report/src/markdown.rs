//! The Markdown report of a sweep: the board x ruleset matrix, per-board
//! tables, principal variations as diagrams, and the claims section.

use crate::lookup::{cell, find, find_at};
use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Game, Komi, Move, Rules, Ruleset, Start, ValueKind};
use kosolve_sweep::{Config, Row, Status};
use kosolve_vocab::Value;
use std::fmt::Write;
use std::sync::Arc;

/// The positions of a principal variation as small diagrams side by side,
/// each headed by its move number and move.
pub fn pv_diagrams(board: &Board, rules: Rules, pv: &str, per_line: usize) -> Option<String> {
    pv_diagrams_from(board, rules, &Start::EMPTY, pv, per_line)
}

/// As [`pv_diagrams`], for a principal variation played from `start`.
pub fn pv_diagrams_from(
    board: &Board,
    rules: Rules,
    start: &Start,
    pv: &str,
    per_line: usize,
) -> Option<String> {
    let board = Arc::new(board.clone());
    let mut g = AnyGame::from_start(board.clone(), rules, start);
    let mut frames: Vec<(String, String)> = Vec::new();
    for (i, name) in pv.split_whitespace().enumerate() {
        let m = Move::parse(&board, name)?;
        let mover = g.to_move().letter();
        if !g.try_play(m) {
            return None;
        }
        frames.push((
            format!("{} {mover} {name}", i + 1),
            g.position().diagram(&board),
        ));
    }
    let mut out = String::new();
    for chunk in frames.chunks(per_line.max(1)) {
        let width = chunk
            .iter()
            .map(|(h, d)| h.len().max(d.lines().map(|l| l.len()).max().unwrap_or(0)))
            .max()
            .unwrap_or(0)
            + 3;
        let height = chunk
            .iter()
            .map(|(_, d)| d.lines().count())
            .max()
            .unwrap_or(0);
        let mut line = String::new();
        for (h, _) in chunk {
            let _ = write!(line, "{h:<width$}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
        for row in 0..height {
            let mut line = String::new();
            for (_, d) in chunk {
                let _ = write!(line, "{:<width$}", d.lines().nth(row).unwrap_or(""));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    Some(out)
}

/// Renders the report.
pub fn markdown(config: &Config, rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# kosolve sweep `{}`\n", config.name);
    if !config.description.is_empty() {
        let _ = writeln!(s, "{}\n", config.description);
    }
    let solved = rows.iter().filter(|r| r.status() == Status::Solved).count();
    let _ = writeln!(
        s,
        "{} jobs: {} solved, {} unsolved (a limit was hit; bounds shown as [lower, upper]), {} refused.\n",
        rows.len(),
        solved,
        rows.iter().filter(|r| r.status() == Status::Unsolved).count(),
        rows.iter().filter(|r| r.status() == Status::Refused).count()
    );
    let _ = writeln!(
        s,
        "Values are Black's (docs/configs.md): the area margin at komi 0 for psk, ssk, nssk, fixed, \
         basic-fixed, bkr, tromp-taylor and kee; the margin after komi or `void` for basic; +1/-1 for \
         primitive; the score (docs/rules.md, \"`fundamental`: Fundamental Go (no-pass Go with \
         prisoner return)\") for fundamental; +1/0/-1 at the row's komi for \
         ultimate and ultimate-simple.\n"
    );
    let first_komi = config.komi.first().copied().unwrap_or(Komi::ZERO);
    let rules = &config.rules;
    let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();

    // A config of positions only has no board sections.
    let suicides = if config.boards.is_empty() {
        &[][..]
    } else {
        &config.suicide[..]
    };
    for suicide in suicides {
        let _ = writeln!(s, "## Values, suicide {suicide}, komi {first_komi}\n");
        let _ = writeln!(s, "| board | {} |", names.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(rules.len()));
        for b in &config.boards {
            let b = b.spec();
            let cells: Vec<String> = rules
                .iter()
                .map(|&r| cell(find(rows, &b, r, *suicide, first_komi)))
                .collect();
            let _ = writeln!(s, "| {b} | {} |", cells.join(" | "));
        }
        s.push('\n');
    }

    if !config.boards.is_empty() {
        let _ = writeln!(s, "## Per board\n");
    }
    for b in &config.boards {
        let b = b.spec();
        let _ = writeln!(s, "### {b}\n");
        let _ = writeln!(
            s,
            "| rules | suicide | komi | value | outcome | PV length | nodes | seconds |"
        );
        let _ = writeln!(s, "|---|---|---|---|---|---|---|---|");
        for r in rows
            .iter()
            .filter(|r| r.board == b && r.position.is_empty())
        {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {:.3} |",
                r.rules,
                r.suicide,
                r.komi,
                cell(Some(r)),
                r.finding.verdict.to_string().replace('|', "/"),
                r.finding.pv.len(),
                r.finding.nodes,
                r.seconds
            );
        }
        s.push('\n');
    }

    if !config.boards.is_empty() {
        let _ = writeln!(
            s,
            "## Principal variations under psk (suicide forbidden, komi {first_komi})\n"
        );
    }
    for board in &config.boards {
        let b = board.spec();
        let Some(r) = find(rows, &b, Ruleset::Psk, Suicide::Forbidden, first_komi)
            .filter(|r| r.status() == Status::Solved)
        else {
            continue;
        };
        let _ = writeln!(s, "### {b}: {} ({})\n", r.finding.verdict, line_words(r));
        if let Some(d) = pv_diagrams(board, Rules::new(Ruleset::Psk), &r.pv_text(), 8) {
            let _ = writeln!(s, "```\n{}```\n", d);
        }
        if let Some(link) = crate::lookup::sgf_link(&config.name, r, board) {
            let _ = writeln!(s, "SGF: [{link}]({link})\n");
        }
    }

    positions(&mut s, config, rows, first_komi);
    crate::claims::write(&mut s, config, rows, first_komi);
    s
}

/// The margin rulesets, whose values compare directly (`basic` only where
/// its komi is 0, as its values carry komi).
fn margin_like(r: Ruleset) -> bool {
    r.value_kind() == ValueKind::Margin
}

/// One sentence on a row of values across rulesets: which rulesets agree,
/// and where margin rulesets disagree.
pub(crate) fn row_sentence(values: &[(Ruleset, Option<&Row>)]) -> String {
    let mut groups: Vec<(Value, Vec<&str>)> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    for (rules, row) in values.iter().filter(|(r, _)| margin_like(*r)) {
        // A ruleset with no row has no job here (tromp-taylor with suicide
        // forbidden): it is neither solved nor missing.
        let Some(r) = row else { continue };
        match (r.status(), r.finding.value) {
            (Status::Solved, Some(value)) => {
                match groups.iter_mut().find(|(v, _)| v.same_points(value)) {
                    Some((_, names)) => names.push(rules.name()),
                    None => groups.push((value, vec![rules.name()])),
                }
            }
            (Status::Solved, None) => missing.push(format!("{rules} {}", cell(Some(r)))),
            (Status::Unsolved, _) => missing.push(format!("{rules} {}", cell(Some(r)))),
            (Status::Refused, _) => missing.push(format!("{rules} (refused)")),
        }
    }
    let mut out = match groups.len() {
        0 => "No margin ruleset was solved here.".to_string(),
        1 => format!(
            "Every margin ruleset solved ({}) gives {}.",
            groups[0].1.join(", "),
            groups[0].0
        ),
        _ => {
            groups.sort_by_key(|(_, names)| std::cmp::Reverse(names.len()));
            let parts: Vec<String> = groups
                .iter()
                .map(|(v, names)| format!("{v} under {}", names.join(", ")))
                .collect();
            format!("The margin rulesets disagree: {}.", parts.join("; "))
        }
    };
    if !missing.is_empty() {
        let _ = write!(out, " Not solved: {}.", missing.join(", "));
    }
    out
}

/// The bestiary part of a report: each named position with its diagram,
/// a row of values across the rulesets, a sentence, and the PV of each side
/// of any disagreement.
fn positions(s: &mut String, config: &Config, rows: &[Row], komi: Komi) {
    if config.positions.is_empty() {
        return;
    }
    let rules = &config.rules;
    let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
    for suicide in &config.suicide {
        let _ = writeln!(
            s,
            "## Positions, suicide {suicide}, komi {komi}
"
        );
        let _ = writeln!(s, "| position | board | to move | {} |", names.join(" | "));
        let _ = writeln!(s, "|---|---|---|{}", "---|".repeat(rules.len()));
        for p in &config.positions {
            let cells: Vec<String> = rules
                .iter()
                .map(|&r| cell(find_at(rows, &p.name, r, *suicide, komi)))
                .collect();
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                p.name,
                p.spec(),
                p.to_move.name(),
                cells.join(" | ")
            );
        }
        s.push('\n');
        for p in &config.positions {
            let board = &p.board;
            let _ = writeln!(s, "### {}\n", p.name);
            if !p.note.is_empty() {
                let _ = writeln!(s, "{}\n", p.note);
            }
            if !p.source.is_empty() {
                let _ = writeln!(s, "Source: {}\n", p.source);
            }
            let _ = writeln!(
                s,
                "Board {}, {} to move (`--position '{}'`):\n\n```\n{}\n```\n",
                p.spec(),
                p.to_move,
                p.diagram(),
                p.position.diagram(board)
            );
            let values: Vec<(Ruleset, Option<&Row>)> = rules
                .iter()
                .map(|&r| (r, find_at(rows, &p.name, r, *suicide, komi)))
                .collect();
            let _ = writeln!(s, "| {} |", names.join(" | "));
            let _ = writeln!(s, "|{}", "---|".repeat(rules.len()));
            let cells: Vec<String> = values.iter().map(|(_, r)| cell(*r)).collect();
            let _ = writeln!(s, "| {} |\n", cells.join(" | "));
            let _ = writeln!(s, "{}\n", row_sentence(&values));
            // Where margin rulesets disagree: one PV for each value.
            let mut shown: Vec<Value> = Vec::new();
            let solved: Vec<(&Row, Value)> = values
                .iter()
                .filter(|(r, _)| margin_like(*r))
                .filter_map(|(_, r)| r.and_then(|r| Some((r, r.solved_value()?))))
                .collect();
            if solved.iter().any(|(_, v)| !v.same_points(solved[0].1)) {
                for (r, v) in solved {
                    if shown.iter().any(|s| s.same_points(v)) {
                        continue;
                    }
                    shown.push(v);
                    let rs = r.rules;
                    let Ok(pv_rules) = Rules::new(rs).with_suicide(*suicide) else {
                        continue;
                    };
                    // basic's PV is searched at the row's komi; the others at 0.
                    let pv_rules = if rs == Ruleset::Basic {
                        pv_rules.with_komi(komi)
                    } else {
                        pv_rules
                    };
                    let _ = writeln!(s, "{} {} ({}):\n", r.rules, v, line_words(r));
                    if let Some(d) =
                        pv_diagrams_from(board, pv_rules, &p.start(rs), &r.pv_text(), 8)
                    {
                        let _ = writeln!(s, "```\n{d}```\n");
                    }
                }
            }
        }
    }
}

/// A row's line for the page: its moves, or "no moves".
fn line_words(r: &Row) -> String {
    if r.finding.pv.is_empty() {
        "no moves".to_string()
    } else {
        r.pv_text()
    }
}
