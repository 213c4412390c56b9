//! `kosolve analyze`: every move's value against separate solves, its
//! formats against each other, bad input, budgets and Ctrl-C, and the SGF
//! it writes read back by two real SGF clients (sgfmill and @sabaki/sgf).

mod common;

use common::{default_sigint, json, kosolve, repo, run, tmpdir};
use serde_json::Value as Json;
use std::path::{Path, PathBuf};

/// `kosolve analyze --format json ARGS`.
fn analyze(args: &[&str]) -> Json {
    let mut a = vec!["analyze", "--format", "json", "--quiet"];
    a.extend_from_slice(args);
    json(&a)
}

/// A move's value as the text table and SGF comments write it.
fn signed(v: &Json) -> String {
    match v.as_f64() {
        Some(x) if x > 0.0 => format!("+{}", num(x)),
        Some(x) => num(x),
        None => v.as_str().expect("a value").to_string(),
    }
}

fn num(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The SGF point of a move name (`C1`) on a board of `rows` rows: column
/// letters from `a`, rows from the top.
fn sgf_point(name: &str, rows: usize) -> String {
    let col = name.as_bytes()[0];
    let col = (col - b'A') - u8::from(col > b'I');
    let row: usize = name[1..].parse().expect("a row number");
    format!(
        "{}{}",
        (b'a' + col) as char,
        (b'a' + (rows - row) as u8) as char
    )
}

/// The moves of one ruleset of an analysis, as (name, value) pairs.
fn values(a: &Json, ruleset: &str) -> Vec<(String, Json)> {
    a["rulesets"]
        .as_array()
        .expect("rulesets")
        .iter()
        .find(|r| r["rules"] == ruleset)
        .expect("the ruleset")["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| {
            (
                m["move"].as_str().expect("name").to_string(),
                m["value"].clone(),
            )
        })
        .collect()
}

#[test]
fn first_moves_on_1x2_to_1x9_match_one_solve_per_move() {
    let dir = tmpdir("analyze", "per-move");
    for n in 2..=9usize {
        let board = format!("1x{n}");
        let a = analyze(&["--board", &board, "--rules", "psk"]);
        let moves = values(&a, "psk");
        assert_eq!(moves.len(), n + 1, "{board}: every point and the pass");
        for (name, v) in moves {
            // An independent solve of the game after the move, from a record.
            let at = if name == "pass" {
                String::new()
            } else {
                sgf_point(&name, 1)
            };
            let rec = dir.join(format!("{board}-{name}.sgf"));
            std::fs::write(&rec, format!("(;FF[4]GM[1]SZ[{n}:1];B[{at}])")).unwrap();
            let s = json(&[
                "solve",
                "--format",
                "json",
                "--rules",
                "psk",
                "--game",
                rec.to_str().unwrap(),
            ]);
            assert_eq!(
                s["value"], v,
                "{board} {name}: analyze against solve --game"
            );
        }
    }
}

#[test]
fn text_csv_and_json_agree_and_mark_where_the_rulesets_part() {
    let args = ["--board", "2x3", "--rules", "psk,fixed"];
    let a = analyze(&args);
    let (code, csv, err) =
        run(&[&["analyze", "--format", "csv", "--quiet"][..], &args[..]].concat());
    assert_eq!(code, 0, "{err}");
    let (code, text, err) = run(&[&["analyze", "--quiet"][..], &args[..]].concat());
    assert_eq!(code, 0, "{err}");
    let (psk, fixed) = (values(&a, "psk"), values(&a, "fixed"));
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let mut seen = 0;
    for r in rows.records() {
        let r = r.unwrap();
        let list = if &r[1] == "psk" { &psk } else { &fixed };
        let (_, v) = list.iter().find(|(n, _)| n == &r[4]).expect("the move");
        assert_eq!(r[5].parse::<f64>().ok(), v.as_f64(), "csv {r:?}");
        seen += 1;
    }
    assert_eq!(seen, psk.len() + fixed.len());
    let mut parted = 0;
    for ((name, p), (_, f)) in psk.iter().zip(&fixed) {
        let line = text
            .lines()
            .find(|l| {
                l.get(2..)
                    .is_some_and(|l| l.split_whitespace().next() == Some(name))
            })
            .expect("a row per move");
        let cells: Vec<&str> = line[2..].split_whitespace().collect();
        assert_eq!(cells[1].trim_end_matches('*'), signed(p), "{line}");
        assert_eq!(cells[2].trim_end_matches('*'), signed(f), "{line}");
        assert_eq!(
            line.starts_with('!'),
            p != f,
            "{line}: marked exactly where they part"
        );
        parted += usize::from(p != f);
    }
    // 2x3 is a draw under psk and Black's whole board under fixed ko.
    assert!(parted > 0, "psk and fixed part somewhere on 2x3:\n{text}");
}

#[test]
fn bad_input_is_refused_with_nothing_written() {
    let dir = tmpdir("analyze", "bad");
    let (svg, sgf) = (dir.join("a.svg"), dir.join("a.sgf"));
    let outs = [
        "--svg",
        svg.to_str().unwrap(),
        "--sgf",
        sgf.to_str().unwrap(),
    ];
    let cases: [(&[&str], &str); 4] = [
        (&["--board", "1x5", "--rules", "psk,nosuch"], "nosuch"),
        (
            &["--board", "1x3", "--position", "XOX", "--rules", "psk"],
            "no liberty",
        ),
        (
            &[
                "--board",
                "1x5",
                "--prisoners",
                "1,0",
                "--rules",
                "fundamental,psk",
            ],
            "prisoners",
        ),
        (
            &["--board", "1x5", "--rules", "psk,fixed", "--threads", "0"],
            "--threads",
        ),
    ];
    for (args, why) in cases {
        let (code, out, err) = run(&[&["analyze"][..], args, &outs[..]].concat());
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(!svg.exists() && !sgf.exists(), "{args:?}: wrote a file");
    }
    let (code, _, err) = run(&[
        "analyze",
        "--board",
        "ring:5",
        "--sgf",
        sgf.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("rectangular"), "{err}");
}

#[test]
fn a_node_limit_keeps_the_finished_rows_and_marks_the_others() {
    let full = analyze(&["--board", "3x3", "--rules", "psk"]);
    let cut = analyze(&["--board", "3x3", "--rules", "psk", "--max-nodes", "3000"]);
    let r = &cut["rulesets"][0];
    assert_eq!(r["stopped"], "nodes");
    assert_eq!(r["complete"], false);
    let full_moves = full["rulesets"][0]["moves"].as_array().unwrap();
    for (m, f) in r["moves"].as_array().unwrap().iter().zip(full_moves) {
        assert_eq!(m["move"], f["move"]);
        match m["status"].as_str().unwrap() {
            "solved" | "ends" => assert_eq!(m["value"], f["value"], "{m}"),
            "stopped" | "not searched" => {
                assert!(m["value"].is_null());
                let v = f["value"].as_f64().unwrap();
                assert!(
                    m["lower"].as_f64().unwrap() <= v && v <= m["upper"].as_f64().unwrap(),
                    "{m}"
                );
                assert_eq!(m["stop"], "nodes");
            }
            s => panic!("unexpected status {s}"),
        }
    }
}

#[test]
fn ctrl_c_writes_what_was_finished() {
    let dir = tmpdir("analyze", "ctrl-c");
    let sgf = dir.join("cut.sgf");
    let mut cmd = kosolve();
    cmd.args([
        "analyze", "--board", "4x4", "--rules", "psk", "--format", "json", "--quiet",
    ])
    .arg("--sgf")
    .arg(&sgf)
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::piped());
    default_sigint(&mut cmd);
    let child = cmd.spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let a: Json = serde_json::from_slice(&out.stdout).unwrap();
    let r = &a["rulesets"][0];
    assert_eq!(r["stopped"], "cancelled");
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 17, "every legal move has a row");
    assert!(moves
        .iter()
        .all(|m| m["status"] != "solved" || m["value"].is_number()));
    assert!(moves.iter().any(|m| m["stop"] == "cancelled"));
    assert!(std::fs::read_to_string(&sgf)
        .unwrap()
        .contains("not solved"));
}

#[test]
fn the_svg_writes_each_value_on_its_point_and_rings_where_rulesets_part() {
    let dir = tmpdir("analyze", "svg");
    let svg = dir.join("a.svg");
    let a = json(&[
        "analyze",
        "--board",
        "2x3",
        "--rules",
        "psk,fixed",
        "--format",
        "json",
        "--quiet",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let frames: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("frame"))
        .collect();
    assert_eq!(frames.len(), 2, "one panel per ruleset");
    let (psk, fixed) = (values(&a, "psk"), values(&a, "fixed"));
    for (frame, list) in frames.iter().zip([&psk, &fixed]) {
        let labels: Vec<String> = frame
            .descendants()
            .filter(|n| n.attribute("class") == Some("label"))
            .map(|n| n.text().unwrap().trim_end_matches('*').to_string())
            .collect();
        let want: Vec<String> = list
            .iter()
            .filter(|(n, _)| n != "pass")
            .map(|(_, v)| signed(v))
            .collect();
        assert_eq!(labels, want);
        let rings = frame
            .descendants()
            .filter(|n| n.attribute("class") == Some("ring"))
            .count();
        let parted = psk
            .iter()
            .zip(&fixed)
            .filter(|((n, p), (_, f))| n != "pass" && p != f)
            .count();
        assert_eq!(rings, parted);
    }
}

/// The SGF clients .ci/run installs: sgfmill under .ci/python, @sabaki/sgf
/// under .ci/node. `None` (the test says so and passes) where they are not
/// installed outside CI; under CI (`CI` set) their absence fails.
fn clients() -> Option<(PathBuf, PathBuf)> {
    let root = repo();
    let (py, node) = (root.join(".ci/python"), root.join(".ci/node/node_modules"));
    let ok = py.join("sgfmill").is_dir() && node.join("@sabaki/sgf").is_dir();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs sgfmill and @sabaki/sgf (.ci/run) and they are missing"
        );
        eprintln!("sgfmill or @sabaki/sgf not installed (.ci/run installs them): not checked");
        return None;
    }
    Some((py, node))
}

/// What one client read from `sgf`.
fn read_with(client: &str, lib: &Path, sgf: &Path) -> Json {
    let script = repo()
        .join("crates/cli/tests/data/sgf_clients")
        .join(client);
    let (prog, var) = if client.ends_with(".py") {
        ("python3", "PYTHONPATH")
    } else {
        ("node", "NODE_PATH")
    };
    let out = std::process::Command::new(prog)
        .arg(&script)
        .arg(sgf)
        .env(var, lib)
        .output()
        .expect("run the client");
    assert!(
        out.status.success(),
        "{client}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the client's JSON")
}

#[test]
fn the_sgf_reads_back_in_sgfmill_and_in_sabakis_parser() {
    let Some((py, node)) = clients() else {
        return;
    };
    let dir = tmpdir("analyze", "clients");
    let cases: [(&str, usize, &[&str]); 3] = [
        ("3x3", 3, &["--board", "3x3", "--rules", "psk,fixed"]),
        (
            "1x5",
            1,
            &[
                "--board",
                "1x5",
                "--rules",
                "psk,primitive,fundamental",
                "--komi",
                "0.5",
            ],
        ),
        (
            "2x3",
            2,
            &[
                "--board",
                "2x3",
                "--position",
                "X../...",
                "--to-move",
                "white",
                "--rules",
                "nssk,tromp-taylor",
            ],
        ),
    ];
    for (tag, rows, args) in cases {
        let sgf = dir.join(format!("{tag}.sgf"));
        let a = json(
            &[
                &[
                    "analyze",
                    "--format",
                    "json",
                    "--quiet",
                    "--sgf",
                    sgf.to_str().unwrap(),
                ][..],
                args,
            ]
            .concat(),
        );
        let komi = a["komi"].as_f64().unwrap();
        for (client, lib) in [("read_sgfmill.py", &py), ("read_sabaki.js", &node)] {
            let trees = read_with(client, lib, &sgf);
            let rulesets = a["rulesets"].as_array().unwrap();
            assert_eq!(
                trees.as_array().unwrap().len(),
                rulesets.len(),
                "{client} {tag}"
            );
            for (t, r) in trees.as_array().unwrap().iter().zip(rulesets) {
                check_tree(client, rows, komi, t, r);
            }
        }
    }
}

/// One game tree as a client read it against the analysis of its ruleset.
fn check_tree(client: &str, rows: usize, komi: f64, t: &Json, r: &Json) {
    let what = format!("{client} {}", r["rules"]);
    assert_eq!(t["rules"], r["rules"], "{what}");
    let moves = r["moves"].as_array().unwrap();
    let vars = t["variations"].as_array().unwrap();
    assert_eq!(vars.len(), moves.len(), "{what}: a variation per move");
    let best: Vec<&str> = r["best"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    let mut labels = Vec::new();
    for (v, m) in vars.iter().zip(moves) {
        let name = m["move"].as_str().unwrap();
        let at = if name == "pass" {
            String::new()
        } else {
            sgf_point(name, rows)
        };
        assert_eq!(v["at"], at.as_str(), "{what} {name}");
        let value = signed(&m["value"]);
        assert!(
            v["comment"]
                .as_str()
                .unwrap()
                .contains(&format!("{name} value {value}")),
            "{what}: {v}"
        );
        let outcome = m["outcome"].as_str().unwrap();
        let rate = if outcome.starts_with("B") {
            "100"
        } else if outcome.starts_with("W") {
            "0"
        } else {
            "50"
        };
        assert_eq!(v["sbkv"][0], rate, "{what} {name}");
        match r["rules"].as_str().unwrap() {
            "primitive" | "fundamental" => assert!(v["sbks"].is_null()),
            _ => assert_eq!(
                v["sbks"][0].as_str().unwrap().parse::<f64>().unwrap(),
                m["value"].as_f64().unwrap() - komi
            ),
        }
        if name != "pass" {
            let star = if best.contains(&name) { "*" } else { "" };
            labels.push(format!("{at}:{value}{star}"));
        }
    }
    labels.sort();
    let got: Vec<&str> = t["labels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(got, labels, "{what}: the labels");
    if let Some(points) = t.get("points") {
        // sgfmill's full API decodes each variation's move to (row, col),
        // rows from the bottom.
        for (p, m) in points.as_array().unwrap().iter().zip(moves) {
            let name = m["move"].as_str().unwrap();
            if name == "pass" {
                assert!(p.is_null());
            } else {
                let at = sgf_point(name, rows).into_bytes();
                let want = [rows - 1 - (at[1] - b'a') as usize, (at[0] - b'a') as usize];
                assert_eq!(
                    p.as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_u64().unwrap() as usize)
                        .collect::<Vec<_>>(),
                    want
                );
            }
        }
    }
}

/// A config of one position, analysed.
const ANALYSED: &str = r#"
name = "analysed"
rules = ["psk", "fixed", "primitive"]
suicide = ["forbidden"]
komi = [0]

[limits]
threads = 1
memory_mib = 16

[[positions]]
name = "corner"
board = "2x3"
diagram = "X../..."
to_move = "white"
analyze = true
"#;

/// The CSV rows of an analysis file: (rules, move) -> value.
fn csv_values(path: &Path) -> Vec<(String, String, String)> {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            (rec[1].to_string(), rec[4].to_string(), rec[5].to_string())
        })
        .collect()
}

#[test]
fn a_sweep_analyses_the_positions_that_ask_and_resumes() {
    let dir = tmpdir("analyze", "sweep");
    let config = dir.join("analysed.toml");
    std::fs::write(&config, ANALYSED).unwrap();
    let out = dir.join("out");
    let o = common::sweep(&config, &out, &["--jobs", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let folder = out.join("analysis/analysed");
    let rows = csv_values(&folder.join("corner.csv"));
    // The same values as `kosolve analyze` from the same start.
    let a = analyze(&[
        "--board",
        "2x3",
        "--position",
        "X../...",
        "--to-move",
        "white",
        "--rules",
        "psk,fixed,primitive",
    ]);
    for r in ["psk", "fixed", "primitive"] {
        for (name, v) in values(&a, r) {
            let row = rows
                .iter()
                .find(|(rr, m, _)| rr == r && *m == name)
                .expect("a row per move");
            assert_eq!(row.2.parse::<f64>().ok(), v.as_f64(), "{r} {name}");
        }
    }
    let page = std::fs::read_to_string(out.join("analysed.md")).unwrap();
    assert!(page.contains("## Every move"), "{page}");
    assert!(page.contains("![every move](analysis/analysed/corner.svg)"));
    roxmltree::Document::parse(&std::fs::read_to_string(folder.join("corner.svg")).unwrap())
        .unwrap();
    // --resume keeps a finished analysis; a missing one is computed again.
    let section = folder.join("corner.md");
    std::fs::write(&section, "### corner (kept)\n").unwrap();
    let o = common::sweep(&config, &out, &["--jobs", "1", "--resume"]);
    assert!(o.status.success());
    assert!(std::fs::read_to_string(out.join("analysed.md"))
        .unwrap()
        .contains("### corner (kept)"));
    std::fs::remove_file(&section).unwrap();
    let o = common::sweep(&config, &out, &["--jobs", "1", "--resume"]);
    assert!(o.status.success());
    assert!(
        std::fs::read_to_string(&section).unwrap().contains("| ! |"),
        "recomputed, with the rulesets parting"
    );
    // A bad value is refused when the config is read.
    std::fs::write(
        &config,
        ANALYSED.replace("analyze = true", "analyze = \"yes\""),
    )
    .unwrap();
    let o = common::sweep(&config, &dir.join("bad"), &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("analyze"));
}

/// A sweep's analysis takes each ruleset's own limits
/// (`[limits.rules.<ruleset>]`), as its jobs do: with one node config-wide
/// and ten million for psk, psk settles every move and fixed stops.
#[test]
fn a_sweep_analysis_takes_each_rulesets_own_limits() {
    let dir = tmpdir("analyze", "limits");
    let config = dir.join("analysed.toml");
    let text = ANALYSED
        .replace(r#"["psk", "fixed", "primitive"]"#, r#"["psk", "fixed"]"#)
        .replace(
            "memory_mib = 16\n",
            "memory_mib = 16\nmax_nodes = 1\n\n[limits.rules.psk]\nmax_nodes = 10_000_000\n",
        );
    assert!(text.contains("[limits.rules.psk]"), "{text}");
    std::fs::write(&config, text).unwrap();
    let out = dir.join("out");
    let o = common::sweep(&config, &out, &["--jobs", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut r = csv::Reader::from_path(out.join("analysis/analysed/corner.csv")).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let status = |rules: &str| -> Vec<String> {
        rows.iter()
            .filter(|c| &c[1] == rules)
            .map(|c| c[10].to_string())
            .collect()
    };
    let (psk, fixed) = (status("psk"), status("fixed"));
    assert!(
        psk.len() > 1 && psk.len() == fixed.len(),
        "{psk:?} {fixed:?}"
    );
    assert!(
        psk.iter().all(|s| s == "solved" || s == "ends"),
        "psk has its own 10 M nodes: {psk:?}"
    );
    assert!(
        fixed
            .iter()
            .any(|s| s.starts_with("not searched") || s.starts_with("stopped")),
        "fixed has the config's one node: {fixed:?}"
    );
}

/// The committed analyses of the bestiary agree with its table: under each
/// ruleset whose every move the analysis settled, the best move's value is
/// the position's value, which the table's solve found on its own.
#[test]
fn the_committed_bestiary_analyses_agree_with_the_bestiary_table() {
    let table = repo().join("results/bestiary.csv");
    let mut r = csv::Reader::from_path(&table).unwrap();
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let mut compared = 0;
    for pos in ["single-ko", "triple-ko"] {
        let file = repo().join(format!("results/analysis/bestiary/{pos}.csv"));
        let mut a = csv::Reader::from_path(&file).unwrap();
        let cells: Vec<csv::StringRecord> = a.records().map(|x| x.unwrap()).collect();
        for row in rows
            .iter()
            .filter(|row| &row[16] == pos && &row[8] == "solved")
        {
            let rules = &row[1];
            // Fundamental's table value is the score; basic's void has no order.
            if rules == "fundamental" || rules == "basic" {
                continue;
            }
            let moves: Vec<&csv::StringRecord> = cells.iter().filter(|c| &c[1] == rules).collect();
            if moves.is_empty() || moves.iter().any(|c| c[10] != *"solved" && c[10] != *"ends") {
                continue;
            }
            let best = moves
                .iter()
                .map(|c| c[5].parse::<i32>().unwrap())
                .max()
                .unwrap();
            assert_eq!(best, row[4].parse::<i32>().unwrap(), "{pos} {rules}");
            compared += 1;
        }
    }
    assert!(compared >= 12, "only {compared} rulesets compared");
}
