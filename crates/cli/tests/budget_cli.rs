//! Every method honours its budget (docs/architecture.md, "Budgets"): the
//! search, Kee's parity method and its restricted games, `basic`'s
//! retrograde analysis and proof search, perft and the expedited counting each stop within
//! two seconds of Ctrl-C (SIGINT) and of `--max-seconds`, and answer
//! cleanly: a solve with the bounds proven so far and status `interrupted`
//! (Ctrl-C) or `unsolved` (a limit), exit 0; a count or the expedited
//! counting, which prove nothing until they end, with the reason on stderr
//! and exit 2.

#![cfg(unix)]

mod common;

use common::{default_sigint, kosolve};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a method may take to stop once asked.
const GRACE: Duration = Duration::from_secs(2);

/// Each method, on a case that runs far longer than the tests wait.
const CASES: [(&str, &[&str]); 7] = [
    (
        "search",
        &[
            "solve",
            "--board",
            "4x4",
            "--rules",
            "psk",
            "--threads",
            "1",
        ],
    ),
    (
        // Forgetful games: 2x4's take minutes (docs/kee.md).
        "parity",
        &[
            "solve", "--board", "2x4", "--rules", "kee", "--method", "parity",
        ],
    ),
    (
        // Without forgetful games the full graph outgrows the cap at once;
        // the restricted games run.
        "restricted games",
        &[
            "solve",
            "--board",
            "2x2",
            "--rules",
            "kee",
            "--method",
            "parity",
            "--memory",
            "1200",
            "--no-forgetful",
        ],
    ),
    (
        "retrograde",
        &["solve", "--board", "2x7", "--rules", "basic"],
    ),
    (
        // The eternal life of the bestiary: past 14 points, basic goes to
        // the proof search (docs/reach.md), which runs for minutes here.
        "proof search",
        &[
            "solve",
            "--board",
            "5x8",
            "--position",
            "......../OOOOOO../XXXXXO../XOOOXXOO/.O.X.OX.",
            "--rules",
            "basic",
        ],
    ),
    (
        "perft",
        &[
            "count",
            "--board",
            "3x3",
            "--rules",
            "psk",
            "--max-nodes",
            "0",
            "--max-memo",
            "0",
        ],
    ),
    (
        "expedite",
        &[
            "expedite",
            "--board",
            "3x6",
            "--position",
            "X...../....O./......",
        ],
    ),
];

/// Starts `kosolve ARGS` with SIGINT at its default action.
fn start(args: &[&str]) -> std::process::Child {
    let mut cmd = kosolve();
    default_sigint(&mut cmd);
    cmd.args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kosolve")
}

/// Waits for `child` at most `limit`; kills it and fails if it is still running.
fn finish(mut child: std::process::Child, limit: Duration, what: &str) -> Output {
    let t = Instant::now();
    while t.elapsed() < limit {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let out = child.wait_with_output().expect("output");
    panic!(
        "{what}: still running {limit:?} after it was asked to stop; stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Checks the clean answer of a stopped method: `status` is what a solve
/// reports, `reason` the words of what stopped it.
fn check_answer(name: &str, args: &[&str], out: &Output, status: &str, reason: &str) {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    if args[0] == "solve" {
        assert_eq!(out.status.code(), Some(0), "{name}: {stderr}");
        assert!(
            stdout.contains(&format!("value: {status}")),
            "{name}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("stopped by: {reason}")),
            "{name}: {stdout}"
        );
    } else {
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("stopped by {reason}")),
            "{name}: {stderr}"
        );
    }
}

#[test]
fn every_method_stops_within_two_seconds_of_ctrl_c() {
    for (name, args) in CASES {
        let child = start(args);
        std::thread::sleep(Duration::from_secs(1));
        let asked = Instant::now();
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill");
        assert!(status.success(), "{name}: the process ended before Ctrl-C");
        let out = finish(child, GRACE, name);
        assert!(asked.elapsed() < GRACE, "{name}");
        check_answer(name, args, &out, "interrupted", "Ctrl-C");
    }
}

#[test]
fn every_method_stops_within_two_seconds_of_its_time_limit() {
    for (name, args) in CASES {
        let mut args = args.to_vec();
        args.extend(["--max-seconds", "1"]);
        let began = Instant::now();
        let out = finish(start(&args), Duration::from_secs(1) + GRACE, name);
        assert!(
            began.elapsed() >= Duration::from_secs(1),
            "{name} ended early"
        );
        check_answer(name, &args, &out, "unsolved", "the time limit");
    }
}

/// A solve stopped by Ctrl-C says so in JSON: status `interrupted`, the
/// reason, and the bounds proven so far.
#[test]
fn an_interrupted_solve_reports_its_status_in_json() {
    let (name, search) = CASES[0];
    assert_eq!(name, "search");
    let mut args = search.to_vec();
    args.extend(["--format", "json"]);
    let child = start(&args);
    std::thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let out = finish(child, GRACE, "json");
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("one JSON object on stdout");
    assert_eq!(v["status"], "interrupted");
    assert_eq!(v["stopped"], "cancelled");
    assert_eq!(v["lower"], -16);
    assert_eq!(v["upper"], 16);
    assert!(v["value"].is_null());
}
