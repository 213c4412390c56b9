//! One report over every result table of a directory (`kosolve report`):
//! the value matrices at komi 0 over every board and ruleset any table
//! solved, and the claims section settled from all of them. Two tables
//! that disagree on a solved value are an error, never a silent choice.

use crate::claims;
use crate::config::{Config, Limits};
use crate::report::{cell, find, find_at};
use crate::row::{read_rows, Row, Status};
use kosolve_board::{Board, Suicide};
use kosolve_rules::{Komi, Ruleset};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::Path;

/// The result tables of `dir`: every `*.csv` except `*.partial.csv` and
/// the tables of other studies (whose header is not a result table's, such
/// as `expedite.csv`), by file name, with their rows.
pub fn read_tables(dir: &Path) -> Result<Vec<(String, Vec<Row>)>, String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".csv") && !n.ends_with(".partial.csv"))
        .filter(|n| is_result_table(&dir.join(n)))
        .collect();
    names.sort();
    if names.is_empty() {
        return Err(format!("no result tables (*.csv) in {}", dir.display()));
    }
    names
        .into_iter()
        .map(|n| {
            read_rows(&dir.join(&n))
                .map(|rows| (n.clone(), rows))
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// Whether the file's first line names a result table's first columns.
fn is_result_table(path: &Path) -> bool {
    use std::io::BufRead;
    let Ok(f) = std::fs::File::open(path) else {
        return true; // read_rows reports the error
    };
    let mut first = String::new();
    let _ = std::io::BufReader::new(f).read_line(&mut first);
    first.starts_with(&crate::COLUMNS[..4].join(","))
}

/// The rows of every table joined, one per job (a solved row where any
/// table solved the job), or the first contradiction: two tables with
/// different solved values for the same job.
pub fn join(tables: &[(String, Vec<Row>)]) -> Result<Vec<Row>, String> {
    let mut at: HashMap<String, (usize, &str)> = HashMap::new();
    let mut rows: Vec<Row> = Vec::new();
    for (name, table) in tables {
        for r in table {
            let key = r.key().as_str().to_string();
            match at.get(&key) {
                None => {
                    at.insert(key, (rows.len(), name));
                    rows.push(r.clone());
                }
                Some(&(i, first)) => {
                    let old = &rows[i];
                    if r.status != Status::Solved {
                        continue;
                    }
                    if old.status == Status::Solved {
                        if old.value != r.value {
                            return Err(format!(
                                "the tables {first} and {name} disagree on the job {} {} \
                                 (suicide {}, komi {}): {} against {}",
                                r.label(),
                                r.rules,
                                r.suicide,
                                r.komi,
                                old.value,
                                r.value
                            ));
                        }
                    } else {
                        rows[i] = r.clone();
                        at.insert(key, (i, name));
                    }
                }
            }
        }
    }
    Ok(rows)
}

fn points(board: &str) -> usize {
    Board::parse(board).map_or(usize::MAX, |b| b.len())
}

/// The Markdown page over `tables` (named by file), or the contradiction.
pub fn markdown(tables: &[(String, Vec<Row>)]) -> Result<String, String> {
    let rows = join(tables)?;
    let komi = "0";
    let solved = |r: &&Row| r.status == Status::Solved && r.komi == komi;
    let mut boards: Vec<String> = Vec::new();
    let mut positions: Vec<(String, String)> = Vec::new();
    for r in rows.iter().filter(solved) {
        if r.position.is_empty() {
            if !boards.contains(&r.board) {
                boards.push(r.board.clone());
            }
        } else if !positions.iter().any(|(p, _)| p == &r.position) {
            positions.push((r.position.clone(), r.board.clone()));
        }
    }
    boards.sort_by(|a, b| points(a).cmp(&points(b)).then(a.cmp(b)));
    let rules: Vec<Ruleset> = Ruleset::ALL
        .into_iter()
        .filter(|rs| rows.iter().filter(solved).any(|r| r.rules == rs.name()))
        .collect();
    let suicide: Vec<Suicide> = [Suicide::Forbidden, Suicide::Allowed]
        .into_iter()
        .filter(|su| rows.iter().any(|r| r.suicide == su.name()))
        .collect();

    let mut s = String::new();
    let _ = writeln!(s, "# kosolve results\n");
    let _ = writeln!(
        s,
        "Every result table of this directory joined: {}. Generated by `kosolve report results/ \
         --out results/README.md`; each table's own page (`<name>.md`) has its per-board rows \
         and principal variations. Where two tables solved the same job their values agree \
         (the report refuses to be written otherwise).\n",
        tables
            .iter()
            .map(|(n, t)| format!("{n} ({} rows)", t.len()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        s,
        "Values are Black's at komi 0 (docs/configs.md): the area margin for the margin \
         rulesets, `void` for a void `basic` game, +1/-1 for primitive, the score for \
         fundamental, +1/0/-1 for ultimate and ultimate-simple; [lower, upper] where no table \
         finished the job, `refused` where no method is offered, empty where no table has \
         the job.\n"
    );
    let names: Vec<&str> = rules.iter().map(|r| r.name()).collect();
    for su in &suicide {
        let _ = writeln!(s, "## Values, suicide {su}, komi {komi}\n");
        let _ = writeln!(s, "| board | {} |", names.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(names.len()));
        for b in &boards {
            let cells: Vec<String> = names
                .iter()
                .map(|r| cell(find(&rows, b, r, su.name(), komi)))
                .collect();
            let _ = writeln!(s, "| {b} | {} |", cells.join(" | "));
        }
        s.push('\n');
        // The positions with a row under this suicide setting.
        let here: Vec<&(String, String)> = positions
            .iter()
            .filter(|(p, _)| rows.iter().any(|r| &r.position == p && r.suicide == su.name()))
            .collect();
        if !here.is_empty() {
            let _ = writeln!(s, "### Named start positions, suicide {su}, komi {komi}\n");
            let _ = writeln!(s, "| position | board | {} |", names.join(" | "));
            let _ = writeln!(s, "|---|---|{}", "---|".repeat(names.len()));
            for (p, b) in here {
                let cells: Vec<String> = names
                    .iter()
                    .map(|r| cell(find_at(&rows, p, r, su.name(), komi)))
                    .collect();
                let _ = writeln!(s, "| {p} | {b} | {} |", cells.join(" | "));
            }
            s.push('\n');
        }
    }
    // The claims from every table: a config holding the union of the
    // tables' boards, rulesets and suicide settings (named positions are
    // settled in their own tables' reports, whose configs describe them).
    let config = Config {
        name: "results".into(),
        description: String::new(),
        boards,
        positions: Vec::new(),
        rules,
        suicide,
        komi: vec![Komi::ZERO],
        limits: Limits::default(),
    };
    claims::write(&mut s, &config, &rows, komi);
    Ok(s)
}
