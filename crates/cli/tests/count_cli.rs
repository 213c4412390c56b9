//! `kosolve positions` and `kosolve count` through the built binary: JSON
//! output, text output, and the errors for bad input (exit code 2).

mod common;

use common::{default_sigint, kosolve, output, tmpdir, words};
use serde_json::Value;
use std::process::Command;

/// Runs a command that must succeed and print one JSON object on one line.
fn json(args: &[&str]) -> Value {
    let out = output(args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?} printed {stdout}");
    serde_json::from_str(lines[0]).unwrap_or_else(|e| panic!("{args:?}: {e}: {stdout}"))
}

/// Runs a command that must fail with exit code 2; returns its stderr.
fn fails(args: &[&str]) -> String {
    let out = output(args);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    stderr
}

/// Runs `kosolve count ARGS --format json`, ARGS being `line` split at
/// white space, which must exit 0; its JSON.
fn count_json(line: &str) -> Value {
    json(&words(&format!("count {line} --format json")))
}

fn games(v: &Value) -> u128 {
    match &v["games"] {
        Value::Number(n) => n.as_u64().expect("games is a u64") as u128,
        Value::String(s) => s.parse().expect("games is a decimal string"),
        other => panic!("games is {other}"),
    }
}

#[test]
fn positions_json() {
    for (board, want) in [("1x5", 113u64), ("2x3", 489), ("3x3", 12675)] {
        let v = json(&["positions", "--board", board, "--format", "json"]);
        assert_eq!(v["board"], board);
        assert_eq!(v["positions"].as_u64(), Some(want), "{board}");
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn positions_text() {
    let out = output(&["positions", "--board", "2x2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("2x2") && text.contains("57"), "{text}");
}

#[test]
fn count_json_matches_published_counts() {
    for (board, rules, suicide, want) in [
        ("1x1", "psk", "forbidden", 1u128),
        ("1x2", "psk", "forbidden", 9),
        ("1x3", "psk", "forbidden", 907),
        ("1x1", "psk", "allowed", 1),
        ("1x1", "ssk", "allowed", 2),
        ("1x1", "nssk", "allowed", 5),
        ("1x4", "tromp-taylor", "allowed", 2_098_407_841),
    ] {
        let v = count_json(&format!(
            "--board {board} --rules {rules} --suicide {suicide}"
        ));
        assert_eq!(v["board"], board);
        assert_eq!(v["rules"], rules);
        assert_eq!(v["suicide"], suicide);
        assert_eq!(games(&v), want, "{board} {rules} {suicide}");
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    }
}

#[test]
fn count_defaults_and_methods() {
    let v = count_json("--board 1x3 --rules tromp-taylor");
    assert_eq!(
        v["suicide"], "allowed",
        "tromp-taylor allows suicide by default"
    );
    assert_eq!(v["method"], "fast");
    let fast = games(&v);
    let v = count_json("--board 1x3 --rules tromp-taylor --no-fast");
    assert_eq!(v["method"], "memo");
    assert_eq!(games(&v), fast);
    let v = count_json("--board 1x1 --rules kee");
    assert_eq!(v["method"], "plain");
    assert!(games(&v) >= 1);
}

#[test]
fn count_with_depth() {
    // 1x2 by hand: Black plays a, b or passes (3). After "X." White can
    // capture at b or pass; after ".X" capture at a or pass; after a pass
    // White plays a, b or passes (the second pass ends the game at move 2,
    // which counts). 2 + 2 + 3 = 7 sequences of two moves.
    for rules in ["basic", "psk", "ssk", "fixed"] {
        let v = count_json(&format!("--board 1x2 --rules {rules} --depth 2"));
        assert_eq!(v["depth"], 2);
        assert_eq!(games(&v), 7, "{rules}");
        let v = count_json(&format!("--board 1x2 --rules {rules} --depth 1"));
        assert_eq!(games(&v), 3, "{rules}");
    }
}

#[test]
fn huge_counts_are_strings() {
    // Basic ko on 2x2 has at least two legal moves at every turn: over 2^70
    // sequences of 70 moves, which does not fit in 64 bits.
    let v = count_json("--board 2x2 --rules basic --depth 70");
    let s = v["games"].as_str().expect("a decimal string");
    assert!(s.parse::<u128>().unwrap() > u64::MAX as u128, "{s}");
}

#[test]
fn count_text() {
    let out = output(&["count", "--board", "1x2", "--rules", "psk"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1x2") && text.contains("psk") && text.contains(" 9 "),
        "{text}"
    );
}

#[test]
fn relabelled_graph_counts_like_the_rectangle() {
    let dir = tmpdir("count", "graph");
    let path = dir.join("path4.txt");
    std::fs::write(&path, "# 1x4 renumbered\n0: 2\n2: 0 3\n3: 2 1\n1: 3\n").unwrap();
    let spec = format!("graph:{}", path.display());
    let g = json(&[
        "count", "--board", &spec, "--rules", "psk", "--format", "json",
    ]);
    let r = count_json("--board 1x4 --rules psk");
    assert_eq!(games(&g), games(&r));
    let p = json(&["positions", "--board", &spec, "--format", "json"]);
    assert_eq!(p["positions"].as_u64(), Some(41));
    std::fs::write(&path, "0: 1\n1: 2\n").unwrap();
    let err = fails(&["count", "--board", &spec, "--rules", "psk"]);
    assert!(err.contains("graph file"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_is_exit_code_2_with_a_reason() {
    let err = fails(&["count", "--board", "1x2", "--rules", "superko"]);
    assert!(err.contains("unknown ruleset 'superko'"), "{err}");
    for name in [
        "psk",
        "ssk",
        "nssk",
        "basic",
        "kee",
        "fundamental",
        "ultimate-simple",
    ] {
        assert!(err.contains(name), "valid names listed: {err}");
    }

    // (command line, what its error message must contain)
    let cases: &[(&str, &[&str])] = &[
        ("count --board 1x2 --rules basic", &["infinite", "--depth"]),
        ("count --board 2x2 --rules basic --depth 130", &["overflow"]),
        (
            "count --board 9x9 --rules psk",
            &["81 points", "at most 64"],
        ),
        ("positions --board 9x9", &["81 points"]),
        ("count --board 0x3 --rules psk", &["zero dimension"]),
        ("positions --board 3x0", &["zero dimension"]),
        ("positions --board banana", &["malformed board"]),
        (
            "positions --board graph:/nonexistent/kosolve.txt",
            &["cannot read graph file"],
        ),
        ("positions --board 5x6", &["30 points", "not feasible"]),
        (
            "count --board 1x2 --rules psk --suicide maybe",
            &["suicide"],
        ),
        ("count --board 1x2 --rules psk --komi 0.3", &["komi"]),
        (
            "count --board 2x2 --rules kee --max-nodes 1000",
            &["node limit", "--max-nodes"],
        ),
        (
            "count --board 3x3 --rules psk --max-memo 5000",
            &["memo limit", "--max-memo"],
        ),
        (
            "count --board 2x2 --rules psk --max-memo 5000",
            &["memo limit"],
        ),
        // clap's own usage errors also exit with 2.
        ("count --board 1x2", &[]),
        ("positions", &[]),
    ];
    for (line, needles) in cases {
        let err = fails(&words(line));
        for needle in *needles {
            assert!(err.contains(needle), "{line}: {err}");
        }
    }
}

/// A count that will not finish soon (3x3 under psk) stops cleanly on
/// Ctrl-C: a nonzero exit, the nodes visited, no panic, nothing on stdout.
#[cfg(unix)]
#[test]
fn an_interrupted_count_says_so_and_fails() {
    use std::process::Stdio;
    use std::time::Duration;
    let mut cmd = kosolve();
    default_sigint(&mut cmd);
    let child = cmd
        .args(["count", "--board", "3x3", "--rules", "psk"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(stderr.contains("nodes"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The output of representative commands speaks of the project alone: it
/// never names files outside the repository.
#[test]
fn output_names_no_outside_files() {
    let dir = tmpdir("count", "outside");
    let config = dir.join("tiny.toml");
    std::fs::write(
        &config,
        "name = \"tiny\"\nboards = [\"1x1\", \"1x2\", \"1x5\"]\nrules = [\"psk\", \"kee\"]\n\
         komi = [0]\nkee_method = \"search\"\n[limits]\nmax_nodes = 1_000_000\nmemory_mib = 64\n\
         threads = 1\n",
    )
    .unwrap();
    let runs: Vec<Vec<String>> = [
        vec!["solve", "--board", "1x3", "--pv"],
        vec!["solve", "--board", "1x3", "--format", "json"],
        vec![
            "solve", "--board", "3x3", "--rules", "kee", "--method", "search",
        ],
        vec!["solve", "--board", "5x5"],
        vec!["count", "--board", "1x4", "--rules", "psk"],
        vec![
            "count", "--board", "1x3", "--rules", "ssk", "--format", "json",
        ],
    ]
    .into_iter()
    .map(|a| a.into_iter().map(String::from).collect())
    .chain([vec![
        "sweep".to_string(),
        config.display().to_string(),
        "--out".into(),
        dir.join("out").display().to_string(),
        "--quiet".into(),
    ]])
    .collect();
    for args in &runs {
        let out = kosolve().args(args).output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!text.contains("panicked"), "{args:?}: {text}");
        for word in [
            "shared",
            concat!("RULES", ".md"),
            concat!("REFERENCES", ".md"),
        ] {
            assert!(!text.contains(word), "{args:?} names {word}: {text}");
        }
    }
    let report = std::fs::read_to_string(dir.join("out").join("tiny.md")).unwrap();
    let table = std::fs::read_to_string(dir.join("out").join("tiny.csv")).unwrap();
    assert!(table.contains("refused"), "{table}");
    for word in [
        "shared",
        concat!("RULES", ".md"),
        concat!("REFERENCES", ".md"),
    ] {
        assert!(
            !report.contains(word),
            "the sweep report names {word}: {report}"
        );
        assert!(
            !table.contains(word),
            "the sweep table names {word}: {table}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
