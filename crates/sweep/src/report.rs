//! The Markdown report of a sweep: the board x ruleset matrix, per-board
//! tables, principal variations as diagrams, and the claims section.

use crate::config::Config;
use crate::row::{Row, Status};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Game, Move, Rules, Ruleset};
use std::fmt::Write;
use std::sync::Arc;

fn find<'a>(
    rows: &'a [Row],
    board: &str,
    rules: &str,
    suicide: &str,
    komi: &str,
) -> Option<&'a Row> {
    rows.iter()
        .find(|r| r.board == board && r.rules == rules && r.suicide == suicide && r.komi == komi)
}

fn cell(r: Option<&Row>) -> String {
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

fn value_of(r: Option<&Row>) -> Option<i64> {
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
         basic-fixed, tromp-taylor and kee; the margin after komi or `void` for basic; +1/-1 for \
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

    claims(&mut s, config, rows, &first_komi);
    s
}

fn claims(s: &mut String, config: &Config, rows: &[Row], komi: &str) {
    let f = "forbidden";
    let _ = writeln!(s, "## Claims\n");
    let _ = writeln!(
        s,
        "Each claim of docs/rules.md, \"8. Claims from the sources the results should settle\", \
         settled from this table where it \
         holds the evidence. \"Not settled here\" means the table lacks the rows.\n"
    );
    // Area scoring, psk, 2x2: Black wins by 1.
    let _ = writeln!(
        s,
        "### Area scoring, positional superko, 2x2: Black wins by 1\n"
    );
    match find(rows, "2x2", "psk", f, "0").filter(|r| r.status == Status::Solved) {
        Some(r) => {
            let verdict = if r.value == "1" {
                "Confirmed"
            } else {
                "CONTRADICTED"
            };
            let _ = writeln!(
                s,
                "{verdict}: value {}, outcome {}. PV: {}\n",
                r.value, r.outcome, r.pv
            );
        }
        None => {
            let _ = writeln!(s, "Not settled here (no solved 2x2 psk row at komi 0).\n");
        }
    }
    // 2x3.
    let _ = writeln!(
        s,
        "### The open case 2x3 (Drange and van der Werf: 0; a psk solver: +1)\n"
    );
    let r23: Vec<&Row> = rows
        .iter()
        .filter(|r| r.board == "2x3" && r.komi == komi)
        .collect();
    if r23.is_empty() {
        let _ = writeln!(s, "Not settled here (no 2x3 rows).\n");
    } else {
        let _ = writeln!(s, "| rules | suicide | value | outcome | PV |");
        let _ = writeln!(s, "|---|---|---|---|---|");
        for r in r23 {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} |",
                r.rules,
                r.suicide,
                cell(Some(r)),
                r.outcome,
                r.pv
            );
        }
        s.push('\n');
    }
    // psk vs ssk.
    let compare = |s: &mut String, a: &str, b: &str, title: &str| {
        let _ = writeln!(s, "### {title}\n");
        let mut same = 0;
        let mut differ = Vec::new();
        let mut missing = 0;
        for board in &config.boards {
            for su in &config.suicide {
                let (ra, rb) = (
                    find(rows, board, a, su.name(), komi),
                    find(rows, board, b, su.name(), komi),
                );
                match (value_of(ra), value_of(rb)) {
                    (Some(x), Some(y)) if x == y => same += 1,
                    (Some(x), Some(y)) => {
                        let pv = |r: Option<&Row>| r.map_or(String::new(), |r| r.pv.clone());
                        differ.push(format!(
                            "{board} (suicide {su}): {a} {x} (PV {}), {b} {y} (PV {})",
                            pv(ra),
                            pv(rb)
                        ))
                    }
                    _ => missing += 1,
                }
            }
        }
        let _ = writeln!(
            s,
            "{same} (board, suicide) pairs give equal values; {} differ; {missing} lack a solved pair.{}\n",
            differ.len(),
            if differ.is_empty() { String::new() } else { format!(" Differences: {}.", differ.join("; ")) }
        );
    };
    compare(
        s,
        "psk",
        "ssk",
        "Positional and situational superko are \"in practice almost the same\"",
    );
    compare(s, "psk", "nssk", "Natural situational superko \"sometimes allows unfamiliar move sequences\" (values against psk)");
    compare(
        s,
        "psk",
        "fixed",
        "Fixed ko against positional superko (\"forced ko fights seem to be impossible\")",
    );
    // Kee 2x2.
    let _ = writeln!(s, "### Kee: \"2x2 is a draw (2 points each) while under the other rules Black or White wins by one point\"\n");
    match find(rows, "2x2", "kee", f, "0") {
        Some(r) if r.status == Status::Solved => {
            let verdict = if r.value == "0" {
                "Confirmed: a draw"
            } else {
                "CONTRADICTED"
            };
            let _ = writeln!(
                s,
                "{verdict}: kee value {} ({}). PV: {}\n",
                r.value, r.outcome, r.pv
            );
        }
        Some(r) => {
            let _ = writeln!(
                s,
                "Not settled here: kee 2x2 is {} ({}).\n",
                r.status, r.outcome
            );
        }
        None => {
            let _ = writeln!(s, "Not settled here (no kee 2x2 row).\n");
        }
    }
    let others: Vec<String> = ["psk", "ssk", "nssk", "fixed", "basic", "basic-fixed"]
        .iter()
        .filter_map(|r| {
            find(rows, "2x2", r, f, "0")
                .filter(|x| x.status == Status::Solved)
                .map(|x| format!("{r} {}", x.value))
        })
        .collect();
    if !others.is_empty() {
        let _ = writeln!(
            s,
            "2x2 under the other margin rules: {}.\n",
            others.join(", ")
        );
    }
    // Fundamental/Ultimate.
    let _ = writeln!(
        s,
        "### Fundamental Go has no draws (*Ultimate* claim (c))\n"
    );
    let fund: Vec<&Row> = rows
        .iter()
        .filter(|r| r.rules == "fundamental" && r.status == Status::Solved)
        .collect();
    let draws = fund.iter().filter(|r| r.outcome == "draw").count();
    let _ = writeln!(
        s,
        "{} solved fundamental rows, {draws} of them drawn.{}\n",
        fund.len(),
        if draws == 0 && !fund.is_empty() {
            " Consistent with the claim (the ruleset has no draw move)."
        } else {
            ""
        }
    );
    let _ = writeln!(
        s,
        "### `ultimate` and `ultimate-simple` have the same outcome at every komi (*Ultimate* claim (b))\n"
    );
    let mut agree = 0;
    let mut disagree = Vec::new();
    for r in rows
        .iter()
        .filter(|r| r.rules == "ultimate" && r.status == Status::Solved)
    {
        if let Some(o) = find(rows, &r.board, "ultimate-simple", &r.suicide, &r.komi)
            .filter(|o| o.status == Status::Solved)
        {
            if o.outcome == r.outcome {
                agree += 1;
            } else {
                disagree.push(format!(
                    "{} komi {}: {} vs {}",
                    r.board, r.komi, r.outcome, o.outcome
                ));
            }
        }
    }
    let _ = writeln!(
        s,
        "{agree} (board, komi) pairs agree; {} disagree{}. The solver tests (crates/solver/tests/claims.rs) also check komi -4..4 on 1x1..1x6, 2x1, 2x2 and 2x3.\n",
        disagree.len(),
        if disagree.is_empty() { String::new() } else { format!(": {}", disagree.join("; ")) }
    );
    let _ = writeln!(
        s,
        "### Adding one prisoner to each bowl never changes the Fundamental Go winner (*Ultimate* claim (a))\n"
    );
    let _ = writeln!(
        s,
        "Not a column of this table: the solver tests (crates/solver/tests/claims.rs) compare the winner \
         with and without one extra prisoner in each bowl on 1x1..1x3 and 2x1 at komi -2..2, and on 1x4, \
         1x5, 1x6, 2x2 and 2x3 at komi -1..1; they agree. Larger boards are not checked yet.\n"
    );
    let _ = writeln!(
        s,
        "### Kee multi-board scoring \"is apparent in\" 2x1, 2x2 and 2x3\n"
    );
    let kee: Vec<String> = ["2x1", "2x2", "2x3"]
        .iter()
        .filter_map(|b| {
            find(rows, b, "kee", f, "0").map(|r| format!("{b}: {} ({})", cell(Some(r)), r.pv))
        })
        .collect();
    if kee.is_empty() {
        let _ = writeln!(s, "Not settled here (no kee rows for these boards).\n");
    } else {
        let _ = writeln!(s, "{}\n", kee.join("; "));
    }
}
