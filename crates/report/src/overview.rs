//! One report over every result table of a directory (`kosolve report`):
//! the value matrices at komi 0 over every board and ruleset any table
//! solved, and the claims section settled from all of them. Two tables
//! that disagree on a solved value are an error, never a silent choice.
//! The page links pictures ([`Overview::pictures`]): each solved value's
//! principal variation as board diagrams, effort plots and value heat maps.

use crate::claims;
use crate::lookup::{cell, find, find_at, text};
use crate::pictures::{frames_svg, key_frames};
use crate::plots::{effort_svg, heat_map_svg, Effort};
use kosolve_board::{BoardSpec, Suicide};
use kosolve_rules::{Komi, Rules, Ruleset, Start};
use kosolve_sweep::{read_rows, Row, Status};
use kosolve_sweep::{Config, Limits, NamedPosition};
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

/// The "Other studies" section of the page over `dir`: a link to each
/// Markdown page of a study whose table is not a result table (its `.csv`
/// has other columns, as `expedite.csv` and `kee-multi.csv` do), under the
/// page's own title; empty where there is none.
pub fn studies_section(dir: &Path) -> String {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return String::new();
    };
    let mut studies: Vec<(String, String)> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| {
            let stem = n.strip_suffix(".md")?.to_string();
            let csv = dir.join(format!("{stem}.csv"));
            (csv.exists() && !is_result_table(&csv)).then(|| {
                let text = std::fs::read_to_string(dir.join(&n)).unwrap_or_default();
                let title = text
                    .lines()
                    .find_map(|l| l.strip_prefix("# "))
                    .unwrap_or(&stem)
                    .to_string();
                (n, title)
            })
        })
        .collect();
    if studies.is_empty() {
        return String::new();
    }
    studies.sort();
    let mut s = String::from("## Other studies\n\n");
    s.push_str(
        "Tables of other shapes in this directory, each with its own page (not joined \
         above: their rows are not sweep jobs):\n\n",
    );
    for (file, title) in studies {
        let _ = writeln!(s, "- [{title}]({file})");
    }
    s.push('\n');
    s
}

/// The "Every move" section of the page over `dir`: each position a sweep
/// analysed move by move (`analyze = true`; its files under
/// `analysis/<config>/`), with its picture and links to its table on the
/// sweep's page and to its CSV; empty where there is none.
pub fn analyses_section(dir: &Path) -> String {
    let Ok(configs) = std::fs::read_dir(dir.join("analysis")) else {
        return String::new();
    };
    let mut found: Vec<(String, String)> = Vec::new();
    for c in configs.filter_map(|e| e.ok()) {
        let config = c.file_name().to_string_lossy().into_owned();
        let Ok(files) = std::fs::read_dir(c.path()) else {
            continue;
        };
        for f in files.filter_map(|e| e.ok()) {
            let name = f.file_name().to_string_lossy().into_owned();
            if let Some(pos) = name.strip_suffix(".md") {
                found.push((config.clone(), pos.to_string()));
            }
        }
    }
    if found.is_empty() {
        return String::new();
    }
    found.sort();
    let mut s = String::from(
        "## Every move

",
    );
    s.push_str(
        "Positions analysed move by move (`analyze = true`; docs/analyze.md): every legal \
         move's value under each ruleset, written on its point (`*` proven best; ringed \
         where the rulesets part). The tables are on each sweep's page.\n\n",
    );
    for (config, pos) in found {
        let _ = writeln!(s, "### {config}: {pos}\n");
        let _ = writeln!(s, "![every move of {pos}](analysis/{config}/{pos}.svg)\n");
        let _ = writeln!(
            s,
            "Table: [{config}.md]({config}.md#{pos}); rows: [analysis/{config}/{pos}.csv](analysis/{config}/{pos}.csv).\n"
        );
    }
    s
}

/// The sweep configs of `dir`: every `*.toml`, by file name; an empty
/// list where `dir` does not exist. A config that does not load is an
/// error naming it.
pub fn read_configs(dir: &Path) -> Result<Vec<Config>, String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut paths: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| Config::load(p).map_err(|e| e.to_string()))
        .collect()
}

/// The named positions of the configs that wrote `tables`: those whose
/// `name` is a table's file stem (`<name>.csv`). The same name defined
/// differently by two of them is an error.
fn named_positions(
    tables: &[(String, Vec<Row>)],
    configs: &[Config],
) -> Result<Vec<NamedPosition>, String> {
    let mut out: Vec<(NamedPosition, &str)> = Vec::new();
    for (table, _) in tables {
        let stem = table.strip_suffix(".csv").unwrap_or(table);
        for c in configs.iter().filter(|c| c.name == stem) {
            for p in &c.positions {
                match out.iter().find(|(q, _)| q.name == p.name) {
                    Some((q, _)) if q == p => {}
                    Some((_, other)) => {
                        return Err(format!(
                            "the configs {other} and {} define the position {} differently",
                            c.name, p.name
                        ))
                    }
                    None => out.push((p.clone(), &c.name)),
                }
            }
        }
    }
    Ok(out.into_iter().map(|(p, _)| p).collect())
}

/// Whether the file's first line names a result table's first columns.
fn is_result_table(path: &Path) -> bool {
    use std::io::BufRead;
    let Ok(f) = std::fs::File::open(path) else {
        return true; // read_rows reports the error
    };
    let mut first = String::new();
    let _ = std::io::BufReader::new(f).read_line(&mut first);
    first.starts_with(&kosolve_sweep::COLUMNS[..4].join(","))
}

/// The rows of every table joined, one per job (a solved row where any
/// table solved the job), or the first contradiction: two tables with
/// different solved values for the same job.
pub fn join(tables: &[(String, Vec<Row>)]) -> Result<Vec<Row>, String> {
    join_sourced(tables).map(|(rows, _)| rows)
}

/// As [`join`], with the file name of the table each joined row comes from.
fn join_sourced(tables: &[(String, Vec<Row>)]) -> Result<(Vec<Row>, Vec<String>), String> {
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
                    if r.status() != Status::Solved {
                        continue;
                    }
                    if old.status() == Status::Solved {
                        if old.finding.value != r.finding.value {
                            return Err(format!(
                                "the tables {first} and {name} disagree on the job {} {} \
                                 (suicide {}, komi {}): {} against {}",
                                r.label(),
                                r.rules,
                                r.suicide,
                                r.komi,
                                text(old.finding.value),
                                text(r.finding.value)
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
    let mut sources = vec![String::new(); rows.len()];
    for (i, name) in at.into_values() {
        sources[i] = name.to_string();
    }
    Ok((rows, sources))
}

/// The number of points, for ordering boards: a graph's, which only its
/// file tells, come last.
fn points(board: &BoardSpec) -> usize {
    board.points().unwrap_or(usize::MAX)
}

/// The folder of the pictures, relative to the page.
pub const PICTURES: &str = "pictures";

/// The report over every table: the Markdown page and the SVG pictures it
/// links, to be written in [`PICTURES`] beside the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Overview {
    /// The Markdown page.
    pub page: String,
    /// The pictures: (file name in [`PICTURES`], SVG text), sorted by name.
    pub pictures: Vec<(String, String)>,
}

/// The file name of the picture of a row's principal variation:
/// `<board>-<rules>-<suicide>.svg` for the empty board (the board made
/// file-safe), `pos-<position>-<rules>-<suicide>.svg` for a named position.
pub fn pv_picture_name(r: &Row) -> String {
    if r.position.is_empty() {
        format!(
            "{}-{}-{}.svg",
            kosolve_sweep::file_safe(&r.board.to_string()),
            r.rules,
            r.suicide
        )
    } else {
        format!(
            "pos-{}-{}-{}.svg",
            kosolve_sweep::file_safe(&r.position),
            r.rules,
            r.suicide
        )
    }
}

/// The picture of a solved row's principal variation: its start, the
/// position before each capture and its final position. A named
/// position's row is drawn from its start in `named` (the positions of
/// the configs). `None` where the row is unsolved, its board or rules do
/// not parse, or its position is not in `named`; an error where its PV
/// does not replay under its rules.
pub fn pv_picture(r: &Row, named: &[NamedPosition]) -> Result<Option<String>, String> {
    if r.status() != Status::Solved {
        return Ok(None);
    }
    let Ok(board) = r.board.board() else {
        return Ok(None);
    };
    let rs = r.rules;
    let Ok(mut rules) = Rules::new(rs).with_suicide(r.suicide) else {
        return Ok(None);
    };
    // basic's PV is searched at the row's komi; the others at 0.
    if rs == Ruleset::Basic {
        rules = rules.with_komi(r.komi);
    }
    let (start, what) = if r.position.is_empty() {
        (Start::EMPTY, r.board.to_string())
    } else {
        let Some(p) = named
            .iter()
            .find(|p| p.name == r.position && p.spec() == r.board)
        else {
            return Ok(None);
        };
        (
            p.start(rs),
            format!("{} ({}, {} to move)", p.name, p.spec(), p.to_move.name()),
        )
    };
    let frames = key_frames(&board, rules, &start, &r.pv_text()).map_err(|e| {
        format!(
            "the principal variation of {} {} (suicide {}, komi {}) does not replay: {e}",
            r.label(),
            r.rules,
            r.suicide,
            r.komi
        )
    })?;
    let title = format!(
        "{what} {}, suicide {}: {} (value {}), {} moves",
        r.rules,
        r.suicide,
        r.finding.verdict,
        text(r.finding.value),
        r.finding.pv.len()
    );
    Ok(Some(frames_svg(&board, &title, &frames)))
}

/// The Markdown page over `tables` (named by file), or the contradiction.
pub fn markdown(tables: &[(String, Vec<Row>)]) -> Result<String, String> {
    report(tables, &[]).map(|r| r.page)
}

/// The page over `tables` (named by file) and its pictures, or the
/// contradiction. The named positions of `configs` whose name is a
/// table's (`<name>.csv` from the config `name`) join the claims, so that
/// their position pairs' claims are settled here as on the table's own page.
pub fn report(tables: &[(String, Vec<Row>)], configs: &[Config]) -> Result<Overview, String> {
    let (rows, sources) = join_sourced(tables)?;
    let named = named_positions(tables, configs)?;
    // The SGF of a row's PV, in the folder of the config that wrote its
    // table, where that config's first komi is the report's.
    let sgf = |r: &Row| -> Option<String> {
        let i = rows.iter().position(|x| x.key() == r.key())?;
        let stem = sources[i].strip_suffix(".csv").unwrap_or(&sources[i]);
        configs
            .iter()
            .find(|c| c.name == stem && c.komi.first() == Some(&Komi::ZERO))?;
        crate::lookup::sgf_link(stem, r, &r.board.board().ok()?)
    };
    let m = Matrix::of(&rows, Komi::ZERO);
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
    let mut pictures: Vec<(String, String)> = Vec::new();
    values_section(&mut s, &mut pictures, &m, &named)?;
    pictures_section(&mut s, &mut pictures, &m, &sgf)?;
    // The claims from every table: a config holding the union of the
    // tables' boards, rulesets and suicide settings, and the named positions
    // of the configs that wrote them.
    let config = Config {
        name: "results".into(),
        notes: Vec::new(),
        description: String::new(),
        boards: m
            .boards
            .iter()
            .filter_map(|b| b.board().ok().map(std::sync::Arc::new))
            .collect(),
        positions: named,
        rules: m.rules.clone(),
        suicide: m.suicide.clone(),
        komi: vec![Komi::ZERO],
        limits: Limits::default(),
    };
    claims::write(&mut s, &config, &rows, m.komi);
    pictures.sort_by(|a, b| a.0.cmp(&b.0));
    pictures.dedup_by(|a, b| a.0 == b.0);
    Ok(Overview { page: s, pictures })
}

/// What the joined rows cover at one komi: the boards and named positions
/// with a solved row, in order, and the rulesets and suicide settings.
struct Matrix<'a> {
    rows: &'a [Row],
    komi: Komi,
    /// Boards with a solved empty-board row, by size, then name.
    boards: Vec<BoardSpec>,
    /// (position, board) with a solved row, in order of first appearance.
    positions: Vec<(String, String)>,
    /// Rulesets with a solved row, in table order.
    rules: Vec<Ruleset>,
    /// Suicide settings with any row.
    suicide: Vec<Suicide>,
}

impl<'a> Matrix<'a> {
    fn of(rows: &'a [Row], komi: Komi) -> Matrix<'a> {
        let solved = |r: &&Row| r.status() == Status::Solved && r.komi == komi;
        let mut boards: Vec<BoardSpec> = Vec::new();
        let mut positions: Vec<(String, String)> = Vec::new();
        for r in rows.iter().filter(solved) {
            if r.position.is_empty() {
                if !boards.contains(&r.board) {
                    boards.push(r.board.clone());
                }
            } else if !positions.iter().any(|(p, _)| p == &r.position) {
                positions.push((r.position.clone(), r.board.to_string()));
            }
        }
        boards.sort_by_cached_key(|b| (points(b), b.to_string()));
        let rules = Ruleset::ALL
            .into_iter()
            .filter(|&rs| rows.iter().filter(solved).any(|r| r.rules == rs))
            .collect();
        let suicide = [Suicide::Forbidden, Suicide::Allowed]
            .into_iter()
            .filter(|&su| rows.iter().any(|r| r.suicide == su))
            .collect();
        Matrix {
            rows,
            komi,
            boards,
            positions,
            rules,
            suicide,
        }
    }
}

/// The value matrices, per suicide setting: boards, then named positions,
/// each solved value linking its principal variation's picture.
fn values_section(
    s: &mut String,
    pictures: &mut Vec<(String, String)>,
    m: &Matrix<'_>,
    named: &[NamedPosition],
) -> Result<(), String> {
    let names: Vec<&str> = m.rules.iter().map(|r| r.name()).collect();
    let mut linked = |r: Option<&Row>| -> Result<String, String> {
        let text = cell(r);
        let Some(r) = r else { return Ok(text) };
        match pv_picture(r, named)? {
            Some(svg) => {
                let name = pv_picture_name(r);
                let link = format!("[{text}]({PICTURES}/{name})");
                pictures.push((name, svg));
                Ok(link)
            }
            None => Ok(text),
        }
    };
    let _ = writeln!(
        s,
        "Each solved value links a picture of its principal variation: the start, the \
         position before each capture (the capturing move ringed) and the final position.\n"
    );
    let (rows, komi) = (m.rows, m.komi);
    for su in &m.suicide {
        let _ = writeln!(s, "## Values, suicide {su}, komi {komi}\n");
        let _ = writeln!(s, "| board | {} |", names.join(" | "));
        let _ = writeln!(s, "|---|{}", "---|".repeat(names.len()));
        for b in &m.boards {
            let cells: Vec<String> = m
                .rules
                .iter()
                .map(|&r| linked(find(rows, b, r, *su, komi)))
                .collect::<Result<_, _>>()?;
            let _ = writeln!(s, "| {b} | {} |", cells.join(" | "));
        }
        s.push('\n');
        // The positions with a row under this suicide setting.
        let here: Vec<&(String, String)> = m
            .positions
            .iter()
            .filter(|(p, _)| rows.iter().any(|r| &r.position == p && r.suicide == *su))
            .collect();
        if !here.is_empty() {
            let _ = writeln!(s, "### Named start positions, suicide {su}, komi {komi}\n");
            let _ = writeln!(s, "| position | board | {} |", names.join(" | "));
            let _ = writeln!(s, "|---|---|{}", "---|".repeat(names.len()));
            for (p, b) in here {
                let cells: Vec<String> = m
                    .rules
                    .iter()
                    .map(|&r| linked(find_at(rows, p, r, *su, komi)))
                    .collect::<Result<_, _>>()?;
                let _ = writeln!(s, "| {p} | {b} | {} |", cells.join(" | "));
            }
            s.push('\n');
        }
    }
    Ok(())
}

/// The pictures section: per suicide setting the value heat map and the
/// effort plots, then the psk principal variation of every board, with a
/// link to its SGF file where `sgf` names one.
fn pictures_section(
    s: &mut String,
    pictures: &mut Vec<(String, String)>,
    m: &Matrix<'_>,
    sgf: &dyn Fn(&Row) -> Option<String>,
) -> Result<(), String> {
    let (rows, boards, rules, suicide, komi) = (m.rows, &m.boards, &m.rules, &m.suicide, m.komi);
    let _ = writeln!(s, "## Pictures\n");
    let _ = writeln!(
        s,
        "Drawn by the same command from the same tables: value heat maps (red where Black is \
         ahead, blue where White is, by the margin's share of the board), search effort \
         against board size on a log scale (a marker per solved board, a line through each \
         size's largest), and the principal variations under psk.\n"
    );
    for su in suicide {
        let _ = writeln!(s, "### Suicide {su}\n");
        let heat = format!("values-{su}.svg");
        pictures.push((
            heat.clone(),
            heat_map_svg(rows, boards, rules, *su, komi).map_err(|e| e.to_string())?,
        ));
        let _ = writeln!(s, "![Values, suicide {su}]({PICTURES}/{heat})\n");
        for (effort, what) in [(Effort::Nodes, "nodes"), (Effort::Seconds, "seconds")] {
            let name = format!("{what}-{su}.svg");
            pictures.push((
                name.clone(),
                effort_svg(rows, rules, *su, komi, effort).map_err(|e| e.to_string())?,
            ));
            let _ = writeln!(
                s,
                "![{what} against board size, suicide {su}]({PICTURES}/{name})\n"
            );
        }
    }
    if let Some(su) = suicide.first() {
        let _ = writeln!(s, "### Principal variations under psk, suicide {su}\n");
        for b in boards {
            let Some(r) = find(rows, b, Ruleset::Psk, *su, komi) else {
                continue;
            };
            if pv_picture(r, &[])?.is_some() {
                let _ = writeln!(
                    s,
                    "![{b} psk: {}]({PICTURES}/{})\n",
                    r.finding.verdict,
                    pv_picture_name(r)
                );
                if let Some(link) = sgf(r) {
                    let _ = writeln!(s, "SGF: [{link}]({link})\n");
                }
            }
        }
    }
    Ok(())
}
