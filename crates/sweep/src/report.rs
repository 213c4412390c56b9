//! The Markdown report of a sweep: the board x ruleset matrix, per-board
//! tables, principal variations as diagrams, and the claims section.

use crate::config::Config;
use crate::row::{Row, Status};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Game, Move, Rules, Ruleset};
use std::fmt::Write;
use std::sync::Arc;

pub(crate) fn find<'a>(
    rows: &'a [Row],
    board: &str,
    rules: &str,
    suicide: &str,
    komi: &str,
) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.board == board && r.rules == rules && r.suicide == suicide && r.komi == komi)
}

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

/// The positions of a principal variation as small diagrams side by side,
/// each headed by its move number and move.
pub fn pv_diagrams(board: &Board, rules: Rules, pv: &str, per_line: usize) -> Option<String> {
    let board = Arc::new(board.clone());
    let mut g = AnyGame::new(board.clone(), rules);
    let mut frames: Vec<(String, String)> = Vec::new();
    for (i, name) in pv.split_whitespace().enumerate() {
        let m = Move::parse(&board, name)?;
        if !g.try_play(m) {
            return None;
        }
        let mover = if i % 2 == 0 { "B" } else { "W" };
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

pub(crate) fn value_of(r: Option<&Row>) -> Option<i64> {
    r.filter(|r| r.status == Status::Solved)
        .and_then(|r| r.value.parse().ok())
}

/// Renders the report.
pub fn markdown(config: &Config, rows: &[Row]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# kosolve sweep `{}`\n", config.name);
    if !config.description.is_empty() {
        let _ = writeln!(s, "{}\n", config.description);
    }
    let solved = rows.iter().filter(|r| r.status == Status::Solved).count();
    let _ = writeln!(
        s,
        "{} jobs: {} solved, {} unsolved (a limit was hit; bounds shown as [lower, upper]), {} refused.\n",
        rows.len(),
        solved,
        rows.iter().filter(|r| r.status == Status::Unsolved).count(),
        rows.iter().filter(|r| r.status == Status::Refused).count()
    );
    let _ = writeln!(
        s,
        "Values are Black's (docs/configs.md): the area margin at komi 0 for psk, ssk, nssk, fixed, \
         basic-fixed, bkr, tromp-taylor and kee; the margin after komi or `void` for basic; +1/-1 for \
         primitive; the score (docs/rules.md, \"`fundamental`: Fundamental Go (no-pass Go with \
         prisoner return)\") for fundamental; +1/0/-1 at the row's komi for \
         ultimate and ultimate-simple.\n"
    );
    let first_komi = config
        .komi
        .first()
        .map(|k| k.to_string())
        .unwrap_or_else(|| "0".into());
    let rules: Vec<&str> = config.rules.iter().map(|r| r.name()).collect();

    for suicide in &config.suicide {
        let _ = writeln!(s, "## Values, suicide {suicide}, komi {first_komi}\n");
        let _ = writeln!(s, "| board | {} |", rules.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(rules.len()));
        for b in &config.boards {
            let cells: Vec<String> = rules
                .iter()
                .map(|r| cell(find(rows, b, r, suicide.name(), &first_komi)))
                .collect();
            let _ = writeln!(s, "| {b} | {} |", cells.join(" | "));
        }
        s.push('\n');
    }

    let _ = writeln!(s, "## Per board\n");
    for b in &config.boards {
        let _ = writeln!(s, "### {b}\n");
        let _ = writeln!(
            s,
            "| rules | suicide | komi | value | outcome | PV length | nodes | seconds |"
        );
        let _ = writeln!(s, "|---|---|---|---|---|---|---|---|");
        for r in rows.iter().filter(|r| &r.board == b) {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} | {} | {} | {:.3} |",
                r.rules,
                r.suicide,
                r.komi,
                cell(Some(r)),
                r.outcome.replace('|', "/"),
                r.pv_length,
                r.nodes,
                r.seconds
            );
        }
        s.push('\n');
    }

    let _ = writeln!(
        s,
        "## Principal variations under psk (suicide forbidden, komi {first_komi})\n"
    );
    for b in &config.boards {
        let Some(r) =
            find(rows, b, "psk", "forbidden", &first_komi).filter(|r| r.status == Status::Solved)
        else {
            continue;
        };
        let Ok(board) = Board::parse(b) else { continue };
        let _ = writeln!(
            s,
            "### {b}: {} ({})\n",
            r.outcome,
            if r.pv.is_empty() { "no moves" } else { &r.pv }
        );
        if let Some(d) = pv_diagrams(&board, Rules::new(Ruleset::Psk), &r.pv, 8) {
            let _ = writeln!(s, "```\n{}```\n", d);
        }
    }

    crate::claims::write(&mut s, config, rows, &first_komi);
    s
}
