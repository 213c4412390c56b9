//! `kosolve split` and `kosolve join` end to end: a split's tasks run (one
//! by one, by GNU parallel, by SLURM) and joined must give the value of
//! the single `kosolve solve` of the same start; each task's answer must
//! equal the library's search from the game state its line reaches; a
//! join with answers missing must give exactly the bounds that the
//! missing leaf's possible values leave.

mod common;

use common::{json, kosolve, run, solve_json, tmpdir};
use kosolve_board::{Board, Color, Position};
use kosolve_rules::{Move, Rules, Setup, Start};
use kosolve_solver::{solve_from, SolveOptions};
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

/// `kosolve split ARGS --out DIR`, which must succeed; returns the manifest.
fn split(dir: &Path, args: &[&str]) -> serde_json::Value {
    let out = kosolve()
        .arg("split")
        .args(args)
        .arg("--out")
        .arg(dir)
        .arg("--exe")
        .arg(env!("CARGO_BIN_EXE_kosolve"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "split {args:?}: {err}");
    let text = std::fs::read_to_string(dir.join("split.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// `kosolve join DIR --format json`.
fn join(dir: &Path) -> serde_json::Value {
    json(&["join", dir.to_str().unwrap(), "--format", "json"])
}

/// The joined bounds.
fn bounds(j: &serde_json::Value) -> (i64, i64) {
    (j["lower"].as_i64().unwrap(), j["upper"].as_i64().unwrap())
}

/// The lines of the work list.
fn tasks(dir: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("tasks.txt")).unwrap();
    text.lines().map(String::from).collect()
}

/// Runs one line of the work list with `sh -c` in the split directory.
fn run_task(dir: &Path, line: &str) {
    let out = Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{line}: {err}");
}

/// The leaves of a manifest: (name, the moves from the start, split's lower, upper).
fn leaves(m: &serde_json::Value) -> Vec<(String, Vec<String>, i64, i64)> {
    m["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "leaf")
        .map(|n| {
            let moves = n["moves"].as_array().unwrap();
            (
                n["leaf"].as_str().unwrap().to_string(),
                moves
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect(),
                n["lower"].as_i64().unwrap(),
                n["upper"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// The library's value of the state `moves` reach from the start.
fn library_value(board: &str, rules: &str, position: Option<&str>, moves: &[String]) -> i32 {
    let board = Arc::new(Board::parse(board).unwrap());
    let pos = position.map_or(Position::EMPTY, |d| {
        Position::from_diagram(&board, d).unwrap()
    });
    let setup = Setup {
        start: Start::new(pos, Color::Black),
        moves: moves
            .iter()
            .map(|m| Move::parse(&board, m).unwrap())
            .collect(),
    };
    let opts = SolveOptions {
        threads: 1,
        memory_mib: 16,
        ..SolveOptions::default()
    };
    let r = solve_from(
        board,
        Rules::new(rules.parse().unwrap()),
        &setup,
        &opts,
        None,
    )
    .unwrap();
    r.answer.value().unwrap()
}

/// Writes an exact answer `v` for `leaf`, as a solve would print it.
fn fake_answer(dir: &Path, m: &serde_json::Value, leaf: &str, v: i64) {
    let a = serde_json::json!({"board": m["board"], "rules": m["rules"], "suicide": m["suicide"],
        "status": "solved", "value": v, "lower": v, "upper": v});
    std::fs::write(dir.join(format!("answers/{leaf}.json")), a.to_string()).unwrap();
}

/// With every answer but `leaf`'s, the join's bounds are exactly the
/// values the root takes with the leaf's value at either end of the
/// bounds the split proved for it (the root's value is monotone in it).
fn check_missing(
    dir: &Path,
    m: &serde_json::Value,
    leaf: &(String, Vec<String>, i64, i64),
    value: i64,
) {
    let real = dir.join(format!("answers/{}.json", leaf.0));
    let kept = dir.join("kept.json");
    std::fs::rename(&real, &kept).unwrap();
    let missing = join(dir);
    let (lo, hi) = bounds(&missing);
    assert!(
        lo <= value && value <= hi,
        "{}: [{lo}, {hi}] misses {value}",
        leaf.0
    );
    fake_answer(dir, m, &leaf.0, leaf.2);
    let at_lo = join(dir)["value"].as_i64().unwrap();
    fake_answer(dir, m, &leaf.0, leaf.3);
    let at_hi = join(dir)["value"].as_i64().unwrap();
    assert_eq!((lo, hi), (at_lo, at_hi), "{} missing", leaf.0);
    assert_eq!(missing["status"] == "solved", at_lo == at_hi);
    std::fs::rename(&kept, &real).unwrap();
}

/// The claims of a certificate file: (prover, claim, threshold) of each.
fn claims(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    kosolve_check::Certificate::parse_all(&text)
        .unwrap()
        .iter()
        .map(|c| {
            format!(
                "{:?} {:?} {}",
                c.header.prover, c.header.claim, c.header.threshold
            )
        })
        .collect()
}

/// `kosolve join DIR --certificate root.cert`, then `kosolve check` on
/// it; its claims must be those of the single solve's certificates
/// (`kosolve solve START --certificate`). Returns how many prover
/// decisions the join took from below a memo hit of a leaf's walk.
fn check_joined_certificate(dir: &Path, start: &[&str]) -> u64 {
    let joined = dir.join("root.cert");
    let (code, _, err) = run(&[
        "join",
        dir.to_str().unwrap(),
        "--certificate",
        joined.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "join --certificate: {err}");
    let joined_err = err;
    let (code, out, err) = run(&["check", joined.to_str().unwrap()]);
    assert_eq!(code, 0, "check of the joined certificate: {out}{err}");
    let single = dir.join("single.cert");
    let mut args = vec!["solve"];
    args.extend_from_slice(start);
    args.extend(["--certificate", single.to_str().unwrap()]);
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        claims(&joined),
        claims(&single),
        "claims of the joined and the single certificates"
    );
    // "... N prover decisions, M of them below a memo hit of a leaf's walk"
    joined_err
        .lines()
        .filter_map(|l| {
            l.split(" of them below")
                .next()?
                .rsplit(' ')
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum()
}

/// Splits, checks the join before any task and with each answer missing,
/// runs every task, and checks the joined value against the single solve
/// and each answer against the library.
/// Returns how many nodes of the split are images of others (`mirror`).
fn round_trip(
    tag: &str,
    board: &str,
    rules: &str,
    position: Option<&str>,
    extra: &[&str],
) -> usize {
    let dir = tmpdir("split", tag);
    let mut start = vec!["--board", board, "--rules", rules];
    if let Some(p) = position {
        start.extend(["--position", p]);
    }
    let single = solve_json(&start)["value"].as_i64().unwrap();
    let mut args = start.clone();
    args.extend_from_slice(extra);
    let m = split(&dir, &args);
    let leaves = leaves(&m);
    let lines = tasks(&dir);
    assert_eq!(leaves.len(), lines.len(), "{tag}: a task per leaf");
    assert!(!lines.is_empty(), "{tag}: the split made no task");
    let before = join(&dir);
    let (lo, hi) = bounds(&before);
    assert!(
        lo <= single && single <= hi,
        "{tag}: [{lo}, {hi}] misses {single}"
    );
    assert_eq!(before["done"], 0);
    let missing = run(&["join", dir.to_str().unwrap(), "--missing"]).1;
    assert_eq!(missing.lines().count(), lines.len());
    for line in &lines {
        run_task(&dir, line);
    }
    let after = join(&dir);
    assert_eq!(after["status"], "solved", "{tag}: {after}");
    assert_eq!(
        after["value"].as_i64(),
        Some(single),
        "{tag}: joined against single"
    );
    assert_eq!(after["done"].as_u64(), Some(lines.len() as u64));
    assert_eq!(run(&["join", dir.to_str().unwrap(), "--missing"]).1, "");
    for leaf in &leaves {
        let text = std::fs::read_to_string(dir.join(format!("answers/{}.json", leaf.0))).unwrap();
        let a: serde_json::Value = serde_json::from_str(&text).unwrap();
        let lib = library_value(board, rules, position, &leaf.1);
        assert_eq!(
            a["value"].as_i64(),
            Some(i64::from(lib)),
            "{tag} {}: answer against library",
            leaf.0
        );
        assert_eq!(
            a["record_moves"].as_u64(),
            Some(leaf.1.len() as u64),
            "{tag} {}",
            leaf.0
        );
        check_missing(&dir, &m, leaf, single);
    }
    assert_eq!(
        join(&dir)["value"].as_i64(),
        Some(single),
        "{tag}: after restoring"
    );
    if extra.contains(&"--certificates") {
        let _ = check_joined_certificate(&dir, &start);
    }
    let _ = std::fs::remove_dir_all(&dir);
    // A mirror's line has the value of its node's line, by the library.
    let nodes = m["nodes"].as_array().unwrap();
    let line = |n: &serde_json::Value| -> Vec<String> {
        let moves = n["moves"].as_array().unwrap();
        moves
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    };
    let mut mirrors = 0;
    for n in nodes.iter().filter(|n| n["kind"] == "mirror") {
        let of = &nodes[n["of"].as_u64().unwrap() as usize];
        assert_eq!(
            library_value(board, rules, position, &line(n)),
            library_value(board, rules, position, &line(of)),
            "{tag}: node {} is no image of node {}",
            n["id"],
            of["id"]
        );
        mirrors += 1;
    }
    mirrors
}

#[test]
fn split_tasks_join_to_the_single_solve() {
    // With certificates, no mirror (2x2 is as symmetric as a board can be).
    let mirrors = round_trip(
        "2x2psk",
        "2x2",
        "psk",
        None,
        &["--leaves", "8", "--budget", "0", "--certificates"],
    );
    assert_eq!(mirrors, 0);
    round_trip(
        "1x5ssk",
        "1x5",
        "ssk",
        None,
        &["--leaves", "6", "--budget", "0", "--certificates"],
    );
    round_trip(
        "2x3fixed",
        "2x3",
        "fixed",
        None,
        &["--leaves", "10", "--budget", "0", "--certificates"],
    );
    round_trip(
        "2x3prim",
        "2x3",
        "primitive",
        None,
        &["--leaves", "6", "--budget", "0", "--certificates"],
    );
    round_trip(
        "2x3bkr",
        "2x3",
        "bkr",
        None,
        &["--leaves", "6", "--budget", "0", "--certificates"],
    );
    round_trip(
        "3x3pos",
        "3x3",
        "psk",
        Some("X../.O./..."),
        &["--leaves", "6", "--budget", "0", "--certificates"],
    );
    // Without certificates, a line whose image under a symmetry of the
    // start was met already is a `mirror` of it, with no task. 2x3 and
    // 3x3 from `X../.O./...` (symmetric about one diagonal), by breadth.
    for (tag, board, position) in [
        ("2x3mirror", "2x3", None),
        ("3x3mirror", "3x3", Some("X../.O./...")),
    ] {
        let mirrors = round_trip(
            tag,
            board,
            "psk",
            position,
            &["--leaves", "12", "--budget", "0"],
        );
        assert!(mirrors > 0, "{tag}: no mirror");
    }
}

#[test]
fn the_budget_guides_the_split_of_3x3() {
    // 3x3 psk from the empty board: the short searches solve some nodes,
    // which become solved leaves of the manifest without a task.
    round_trip(
        // Its solved nodes' certificates are the split's own (certs/N0012.cert).
        "3x3budget",
        "3x3",
        "psk",
        None,
        &["--leaves", "12", "--budget", "1000", "--certificates"],
    );
}

#[test]
fn split_and_join_refuse_what_they_do_not_handle() {
    let dir = tmpdir("split", "refuse");
    for rules in ["basic", "kee", "fundamental", "ultimate"] {
        let (code, _, err) = run(&[
            "split",
            "--board",
            "2x2",
            "--rules",
            rules,
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{rules}: {err}");
        assert!(err.contains("split and join handle"), "{rules}: {err}");
    }
    let (code, _, err) = run(&["split", "--board", "ring:4", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["join", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("split.json"), "{err}");
    let _ = split(&dir, &["--board", "2x2", "--leaves", "2", "--budget", "0"]);
    let (code, _, err) = run(&["split", "--board", "2x2", "--out", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "a second split into the same directory: {err}");
    let cert = dir.join("x.cert");
    let (code, _, err) = run(&[
        "join",
        dir.to_str().unwrap(),
        "--certificate",
        cert.to_str().unwrap(),
    ]);
    assert_eq!(
        code, 2,
        "join --certificate of a split without --certificates: {err}"
    );
    assert!(err.contains("without --certificates"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether `cmd` runs (`cmd --version`).
fn have(cmd: &str) -> bool {
    Command::new(cmd)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn gnu_parallel_runs_a_split_of_3x4() {
    if !have("parallel") {
        // .ci/run installs it: missing under CI is a failure.
        assert!(
            std::env::var_os("CI").is_none(),
            "CI installs GNU parallel (.ci/run) and it is missing"
        );
        eprintln!("skipped: GNU parallel is not installed (apt-get install -y parallel)");
        return;
    }
    let dir = tmpdir("split", "parallel");
    let start = [
        "--board",
        "3x4",
        "--rules",
        "psk",
        "--position",
        "X.../.XO./...O",
    ];
    let single = solve_json(&start)["value"].as_i64().unwrap();
    let mut args = start.to_vec();
    args.extend(["--leaves", "8", "--budget", "5000", "--certificates"]);
    split(&dir, &args);
    let st = Command::new("parallel")
        .args(["--will-cite", "-j", "2", "-a", "tasks.txt"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&st.stderr);
    assert!(st.status.success(), "parallel: {err}");
    join_checks_and_removes(&dir, &start, single);
}

/// After a scheduler ran every task of a split made with
/// `--certificates`: the join must give `single`, and its certificates
/// must pass `kosolve check` with some decisions taken from below a memo
/// hit of a leaf's walk. Removes `dir`.
fn join_checks_and_removes(dir: &Path, start: &[&str], single: i64) {
    let j = join(dir);
    assert_eq!(j["value"].as_i64(), Some(single), "{j}");
    assert_eq!(j["missing"], 0);
    let anchored = check_joined_certificate(dir, start);
    assert!(
        anchored > 0,
        "no decision came from below a memo hit of a leaf's walk"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A real SLURM on this machine (scripts/slurm-local.sh, as root): split
/// 3x4 psk, `sbatch --wait split.sbatch`, join. Run with
/// `cargo test -p kosolve --test split_cli -- --ignored slurm`.
#[test]
#[ignore]
fn slurm_runs_a_split_of_3x4() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let st = Command::new(root.join("scripts/slurm-local.sh"))
        .arg("start")
        .status()
        .unwrap();
    assert!(st.success(), "scripts/slurm-local.sh start failed");
    let dir = tmpdir("split", "slurm");
    let start = ["--board", "3x4", "--rules", "psk"];
    let single = solve_json(&start)["value"].as_i64().unwrap();
    let mut args = start.to_vec();
    args.extend(["--leaves", "12", "--budget", "20000", "--certificates"]);
    split(&dir, &args);
    let st = Command::new("sbatch")
        .args(["--wait", "split.sbatch"])
        .current_dir(&dir)
        .status()
        .unwrap();
    assert!(st.success(), "sbatch --wait split.sbatch");
    join_checks_and_removes(&dir, &start, single);
}

#[test]
fn task_limits_leave_proven_bounds_that_a_rerun_finishes() {
    // 3x3 psk from the empty board, the split by breadth: each task capped
    // at 1,024 nodes answers bounds, not its value; the join's bounds must
    // hold the single solve's value, and `join --missing` lists exactly
    // the unfinished tasks. Run again without the cap (the lines
    // `--missing` printed, less the limit), the join gives the value.
    let dir = tmpdir("split", "limits");
    let single = solve_json(&["--board", "3x3", "--rules", "psk"])["value"]
        .as_i64()
        .unwrap();
    let m = split(
        &dir,
        &[
            "--board",
            "3x3",
            "--rules",
            "psk",
            "--leaves",
            "6",
            "--budget",
            "0",
            "--task-max-nodes",
            "1024",
            "--task-max-seconds",
            "60",
        ],
    );
    let lines = tasks(&dir);
    assert!(!lines.is_empty(), "{m}");
    for line in &lines {
        assert!(
            line.contains(" --max-nodes 1024") && line.contains(" --max-seconds 60"),
            "{line}"
        );
        run_task(&dir, line);
    }
    let j = join(&dir);
    let (lo, hi) = bounds(&j);
    assert!(
        lo <= single && single <= hi,
        "[{lo}, {hi}] misses {single}: {j}"
    );
    assert!(lo < hi, "1,024 nodes a task solved 3x3: {j}");
    let again = run(&["join", dir.to_str().unwrap(), "--missing"]).1;
    let again: Vec<&str> = again.lines().collect();
    assert!(!again.is_empty() && again.len() <= lines.len());
    for line in again {
        assert!(lines.iter().any(|l| l == line), "{line}");
        run_task(&dir, &line.replace(" --max-nodes 1024", ""));
    }
    let j = join(&dir);
    assert_eq!(j["value"].as_i64(), Some(single), "{j}");
    let (code, _, err) = run(&[
        "split",
        "--board",
        "2x2",
        "--task-max-seconds=-1",
        "--out",
        dir.join("bad").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--task-max-seconds"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn windowed_tasks_join_to_the_value_or_a_bound_on_its_side() {
    // 3x3 psk from the empty board: with the window at the single solve's
    // value the join proves that value; with a window below it (3x3 is
    // worth the whole board), a bound above the window, status `decided`,
    // every task done. With short
    // searches, nodes whose bounds decide the window get no task.
    let single = solve_json(&["--board", "3x3", "--rules", "psk"])["value"]
        .as_i64()
        .unwrap();
    for (tag, a, b, budget) in [
        ("at", single, single, "0"),
        ("below", single - 3, single - 2, "0"),
        ("pruned", single, single, "2000"),
        ("certified", single, single, "0"),
    ] {
        let dir = tmpdir("split", &format!("window-{tag}"));
        let window = format!("--window={a},{b}");
        let mut args = vec![
            "--board", "3x3", "--rules", "psk", "--leaves", "6", "--budget", budget, &window,
        ];
        if tag == "certified" {
            args.push("--certificates");
        }
        let m = split(&dir, &args);
        let lines = tasks(&dir);
        let lines_count = lines.len();
        let decided = m["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["kind"] == "decided")
            .count();
        assert_eq!(decided > 0, tag == "pruned", "{tag}: {m}");
        assert!(lines.len() + decided >= 6, "{lines:?}");
        for line in lines {
            assert!(line.contains(&format!(" {window}")), "{line}");
            run_task(&dir, &line);
        }
        let j = join(&dir);
        assert_eq!(j["missing"], 0, "{j}");
        assert_eq!(j["unfinished"], 0, "{j}");
        let (lo, hi) = bounds(&j);
        if tag == "below" {
            assert!(lo <= single && single <= hi && lo > b, "{j}");
            // At the top of the range a bound above the window is exact.
            let want = if lo == hi { "solved" } else { "decided" };
            assert_eq!(j["status"], want, "{j}");
        } else {
            assert_eq!(j["value"].as_i64(), Some(single), "{tag}: {j}");
        }
        if tag == "certified" {
            // Each task certified only what it decided: some leaves hold
            // one claim, and the joined claims are the single solve's.
            let one_claim = (0..lines_count)
                .filter(|i| claims(&dir.join(format!("certs/L{i:04}.cert"))).len() == 1)
                .count();
            assert!(one_claim > 0, "every leaf certified both claims");
            check_joined_certificate(&dir, &["--board", "3x3", "--rules", "psk"]);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    // `solve --window` alone: 2x2 psk is worth +1, below the window.
    let j = solve_json(&["--board", "2x2", "--rules", "psk", "--window=3,3"]);
    assert_eq!(j["status"], "decided", "{j}");
    assert!(
        j["upper"].as_i64().unwrap() < 3 && j["lower"].as_i64().unwrap() <= 1,
        "{j}"
    );
    assert_eq!(j["window"], serde_json::json!([3, 3]), "{j}");
    let dir = tmpdir("split", "window-bad");
    let d = dir.to_str().unwrap();
    for bad in [
        vec!["split", "--board", "2x2", "--window=3,1", "--out", d],
        vec!["split", "--board", "2x2", "--window=1", "--out", d],
        vec!["solve", "--board", "2x2", "--window=x,1"],
    ] {
        let (code, _, err) = run(&bad);
        assert_eq!(code, 2, "{bad:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn join_lists_only_the_tasks_that_can_still_matter() {
    // 2x3 psk (worth 0, inside its range) by breadth, the window at the value, tasks run one by one.
    // After each, a task `join --missing` leaves out although it has no
    // answer must be one whose answer cannot move the start's bounds:
    // its answer faked at either end of its bounds leaves them as they are.
    let dir = tmpdir("split", "needed");
    let single = solve_json(&["--board", "2x3", "--rules", "psk"])["value"]
        .as_i64()
        .unwrap();
    let window = format!("--window={single},{single}");
    let m = split(
        &dir,
        &[
            "--board", "2x3", "--rules", "psk", "--leaves", "6", "--budget", "0", &window,
        ],
    );
    let leaves = leaves(&m);
    let mut left_out = 0;
    for (i, line) in tasks(&dir).iter().enumerate() {
        run_task(&dir, line);
        let listed = run(&["join", dir.to_str().unwrap(), "--missing"]).1;
        let root = bounds(&join(&dir));
        for leaf in &leaves[i + 1..] {
            if listed.contains(&format!("leaves/{}.sgf", leaf.0)) {
                continue;
            }
            left_out += 1;
            for v in [leaf.2, leaf.3] {
                fake_answer(&dir, &m, &leaf.0, v);
                assert_eq!(bounds(&join(&dir)), root, "{} at {v}", leaf.0);
                std::fs::remove_file(dir.join(format!("answers/{}.json", leaf.0))).unwrap();
            }
        }
    }
    assert!(left_out > 0, "join --missing never left a task out");
    assert_eq!(join(&dir)["value"].as_i64(), Some(single));
    let _ = std::fs::remove_dir_all(&dir);
}
