//! `kosolve solve` end to end: JSON keys, SGF output, bad input.

mod common;

use common::{run, solve_json, tmpdir, words};
use kosolve_sweep::COLUMNS;

#[test]
fn json_has_every_key() {
    let v = solve_json(&["--board", "2x2", "--rules", "psk"]);
    // Every column of a sweep's CSV rows but the sweep's own.
    let sweep_only = ["threads", "version", "position"];
    for k in COLUMNS.into_iter().filter(|k| !sweep_only.contains(k)) {
        assert!(v.get(k).is_some(), "missing key {k} in {v}");
    }
    assert_eq!(v["value"], 1);
    assert_eq!(v["outcome"], "B+1");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["lower"], 1);
    assert_eq!(v["upper"], 1);
    assert_eq!(v["board"], "2x2");
    assert_eq!(v["suicide"], "forbidden");
    let pv = v["pv"].as_array().unwrap();
    assert_eq!(pv.len() as u64, v["pv_length"].as_u64().unwrap());
    assert_eq!(pv.last().unwrap(), "pass");
}

#[test]
fn komi_changes_the_margin_outcome() {
    assert_eq!(
        solve_json(&["--board", "1x3", "--komi", "3"])["outcome"],
        "jigo"
    );
    assert_eq!(
        solve_json(&["--board", "1x3", "--komi", "3.5"])["outcome"],
        "W+0.5"
    );
    assert_eq!(
        solve_json(&["--board", "1x3", "--komi", "-1"])["outcome"],
        "B+4"
    );
}

#[test]
fn threads_do_not_change_the_answer() {
    let a = solve_json(&["--board", "1x5", "--threads", "1"]);
    let b = solve_json(&["--board", "1x5", "--threads", "2"]);
    assert_eq!(a["value"], b["value"]);
    assert_eq!(a["pv"], b["pv"]);
}

#[test]
fn fundamental_and_ultimate_report_komi_analysis() {
    let f = solve_json(&["--board", "1x3", "--rules", "fundamental"]);
    assert_eq!(f["outcome"], "B wins");
    assert!(f.get("score").is_some());
    assert_eq!(f["winner_changes_once"], true);
    let u = solve_json(&["--board", "1x3", "--rules", "ultimate", "--komi", "0.5"]);
    assert_eq!(u["outcome"], "W wins");
    assert!(u["thresholds"].as_array().is_some());
}

#[test]
fn node_limit_reports_bounds() {
    // 3x3 psk: published +9 (van der Werf); 1024 nodes prove no value.
    let v = solve_json(&["--board", "3x3", "--max-nodes", "1", "--pass-last"]);
    assert_eq!(v["status"], "unsolved");
    assert!(v["value"].is_null());
    assert!(v["lower"].as_i64().unwrap() <= 9 && v["upper"].as_i64().unwrap() >= 9);
}

/// A board past 16 points is refused without a limit and searched within
/// one: 4x5 under a node limit answers with proven bounds, and so does a
/// start with 17 empty points.
#[test]
fn boards_past_sixteen_points_are_searched_within_a_limit() {
    let (code, _, err) = run(&["solve", "--board", "4x5"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--max-nodes"), "{err}");
    let v = solve_json(&["--board", "4x5", "--max-nodes", "20000"]);
    assert_eq!(v["status"], "unsolved", "{v}");
    assert_eq!(v["stopped"], "nodes", "{v}");
    let (lo, hi) = (v["lower"].as_i64().unwrap(), v["upper"].as_i64().unwrap());
    assert!(-20 <= lo && lo <= hi && hi <= 20, "{v}");
    let seventeen = "XO.../X..../...../.....";
    let v = solve_json(&[
        "--board",
        "4x5",
        "--position",
        seventeen,
        "--rules",
        "ssk",
        "--max-nodes",
        "5000",
    ]);
    assert_eq!(v["status"], "unsolved", "{v}");
    // Kee keeps its own limits.
    let (code, _, err) = run(&[
        "solve",
        "--board",
        "4x5",
        "--rules",
        "kee",
        "--max-nodes",
        "9",
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn sgf_is_written() {
    let dir = tmpdir("solve", "sgf");
    let path = dir.join("pv.sgf");
    let p = path.to_str().unwrap();
    let (code, _, err) = run(&[
        "solve",
        "--board",
        "2x3",
        "--rules",
        "primitive",
        "--sgf",
        p,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("(;FF[4]"), "{text}");
    assert!(text.contains("SZ[3:2]"), "{text}");
    assert!(text.contains("RU[primitive]"), "{text}");
    assert!(text.trim_end().ends_with(')'));
    let (code, _, err) = run(&["solve", "--board", "2x2", "--sgf", p]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("SZ[2]") && text.contains("RE[B+1]") && text.contains("KM[0]"));
    let (code, _, err) = run(&["solve", "--board", "1x3", "--rules", "ultimate", "--sgf", p]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("ultimate delay"), "{text}");
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn text_output_shows_value_outcome_pv_and_effort() {
    let (code, out, err) = run(&["solve", "--board", "2x2", "--pv"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: +1"), "{out}");
    assert!(out.contains("outcome: B+1"), "{out}");
    assert!(out.contains("nodes"), "{out}");
    assert!(out.contains("XX"), "{out}");
}

#[test]
fn bad_input_exits_2() {
    for args in [
        vec!["solve", "--board", "2x2", "--rules", "nosuchko"],
        vec!["solve", "--board", "2y2"],
        vec!["solve", "--board", "2x2", "--komi", "0.3"],
        vec!["solve", "--board", "5x5"],
        vec![
            "solve", "--board", "2x2", "--rules", "kee", "--method", "search",
        ],
        vec!["solve", "--board", "4x4", "--rules", "kee"],
        vec![
            "solve",
            "--board",
            "ring:4",
            "--sgf",
            "/tmp/never-written.sgf",
        ],
        vec!["solve", "--board", "2x2", "--threads", "0"],
        vec![
            "solve",
            "--board",
            "2x2",
            "--rules",
            "fundamental",
            "--suicide",
            "allowed",
        ],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("error"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let (_, _, err) = run(&["solve", "--board", "2x2", "--rules", "nosuchko"]);
    assert!(
        err.contains("psk") && err.contains("ultimate-simple"),
        "{err}"
    );
}

/// Runs the command `line`, which must be refused (exit status 2) with a
/// message that says `says`.
fn refused(line: &str, says: &str) {
    let (code, _, err) = run(&words(line));
    assert_eq!(code, 2, "{line}: {err}");
    assert!(err.contains(says), "{line}: {err}");
}

/// Kee is searched without a table: offered up to 41 legal positions
/// (1x4), refused above with the count (2x2 has 57).
#[test]
fn kee_is_offered_by_legal_positions() {
    let v = solve_json(&["--board", "1x4", "--rules", "kee"]);
    assert!(v["value"].is_i64(), "{v}");
    refused(
        "solve --board 2x2 --rules kee --method search",
        "57 legal positions",
    );
}

/// `--method parity` solves Kee by the parity game on its situation graph:
/// the same value and outcome as the search on 1x3 and 1x4 (each method
/// computes its own), a memory cap that refuses 2x2 with the class count,
/// and a usage error for other rulesets.
#[test]
fn kee_parity_method_agrees_with_the_search() {
    for (b, komi) in [("1x3", "0.5"), ("1x4", "0")] {
        let search = solve_json(&["--board", b, "--rules", "kee", "--komi", komi]);
        let parity = solve_json(&[
            "--board", b, "--rules", "kee", "--komi", komi, "--method", "parity",
        ]);
        assert_eq!(parity["method"], "parity", "{parity}");
        assert!(parity["situations"].as_u64().unwrap() > 0, "{parity}");
        for k in ["value", "outcome", "status"] {
            assert_eq!(parity[k], search[k], "{b} {k}: {parity} vs {search}");
        }
    }
    // 64 MiB holds 466,033 classes per graph: without forgetful games,
    // 2x2's full graph and its restricted games beyond one board play in a
    // row do not fit, so the answer is the bounds proven, not a value.
    let v = solve_json(&[
        "--board",
        "2x2",
        "--rules",
        "kee",
        "--method",
        "parity",
        "--memory",
        "64",
        "--no-forgetful",
    ]);
    assert_eq!(v["status"], "unsolved", "{v}");
    assert!(v["lower"].as_i64() < v["upper"].as_i64(), "{v}");
    assert!(v["outcome"].is_null(), "{v}");
    refused(
        "solve --board 1x5 --rules kee --method parity --no-forgetful",
        "59 legal positions",
    );
    refused("solve --board 2x2 --rules psk --method parity", "kee only");
}

#[test]
fn basic_is_solved_by_retrograde_analysis() {
    let v = solve_json(&["--board", "1x3", "--rules", "basic"]);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["value"], 3);
    assert_eq!(v["outcome"], "B+3");
    let v = solve_json(&["--board", "2x2", "--rules", "basic"]);
    assert_eq!(v["outcome"], "void");
    assert!(v["value"].is_null());
}

/// `--max-nodes` also caps the states of the retrograde analysis: a tiny
/// limit refuses 2x2 basic, a generous one leaves its answer as it is.
#[test]
fn basic_states_are_capped_by_the_node_limit() {
    let free = solve_json(&["--board", "2x2", "--rules", "basic"]);
    let (code, _, err) = run(&[
        "solve",
        "--board",
        "2x2",
        "--rules",
        "basic",
        "--max-nodes",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than 1 states"), "{err}");
    let capped = solve_json(&[
        "--board",
        "2x2",
        "--rules",
        "basic",
        "--max-nodes",
        "1000000",
    ]);
    for k in ["outcome", "vb", "vw", "states", "pv"] {
        assert_eq!(capped[k], free[k], "{k}");
    }
}

/// A refusal where no method applies is one short sentence: the limit, the
/// board's size against it, and where to read more.
#[test]
fn refusals_are_one_short_sentence() {
    for (args, limit, size) in [
        (vec!["--board", "5x5"], "16 points", "25"),
        (
            vec!["--board", "1x5", "--rules", "kee", "--no-forgetful"],
            "59 legal positions",
            "113",
        ),
        (
            vec!["--board", "4x4", "--rules", "kee"],
            "65535 legal positions",
            "16 points",
        ),
        (
            vec!["--board", "2x2", "--rules", "kee", "--method", "search"],
            "41 legal positions",
            "57",
        ),
        (
            vec!["--board", "3x3", "--rules", "kee", "--no-forgetful"],
            "59 legal positions",
            "12675",
        ),
    ] {
        let mut all = vec!["solve"];
        all.extend(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        let line = err.trim_end();
        assert_eq!(line.lines().count(), 1, "{args:?}: {err}");
        assert!(line.len() < 160, "{args:?}: {} chars: {err}", line.len());
        assert!(!line.contains(';'), "{args:?}: {err}");
        assert!(
            line.contains(limit) && line.contains(size),
            "{args:?}: {err}"
        );
        assert!(line.contains("(see docs/"), "{args:?}: {err}");
    }
}

/// `--method auto` (the default) solves Kee on 2x2 by the parity method,
/// where the search is not offered: a draw, as the Kee text claims and as
/// restricted games found in minutes (docs/kee.md); forgetful games settle
/// it in about 2,500 vertices, even under 64 MiB, and their line ends 0.
#[test]
fn kee_two_by_two_is_a_draw_by_default() {
    for memory in ["64", "2048"] {
        let v = solve_json(&["--board", "2x2", "--rules", "kee", "--memory", memory]);
        assert_eq!(v["method"], "parity", "{v}");
        assert_eq!(v["status"], "solved", "{v}");
        assert_eq!(v["value"], 0, "{v}");
        assert!(v["situations"].as_u64().unwrap() < 10_000, "{v}");
    }
}

/// `--engine pns` and `--engine id` give the same value and line on the
/// same solve; an unknown engine is a usage error; with stderr not a
/// terminal no live line is drawn.
#[test]
fn engines_agree_and_bad_engines_are_refused() {
    for (board, rules) in [("3x3", "psk"), ("2x3", "nssk"), ("1x6", "fixed")] {
        let id = solve_json(&["--board", board, "--rules", rules, "--engine", "id"]);
        let pns = solve_json(&["--board", board, "--rules", rules, "--engine", "pns"]);
        assert_eq!(id["value"], pns["value"], "{board} {rules}");
        assert_eq!(id["status"], "solved", "{board} {rules}");
    }
    let (code, _, err) = run(&["solve", "--board", "2x2", "--engine", "dfpn"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown engine 'dfpn'"), "{err}");
    let (code, _, err) = run(&["solve", "--board", "2x3", "--engine", "pns"]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "stderr is not a terminal, yet: {err}");
}

/// A Kee answer lists each side's satisfactory positions (those she
/// passed on in the line's final cycle), and the best area of each side's
/// list gives the stated value; on 1x5 (past the situation graph, solved
/// by forgetful games) and 1x4 (the search agrees, above).
#[test]
fn kee_answers_list_satisfactory_positions_that_give_the_value() {
    for (board, suicide) in [("1x5", "forbidden"), ("1x5", "allowed"), ("1x4", "allowed")] {
        let v = solve_json(&["--board", board, "--rules", "kee", "--suicide", suicide]);
        assert_eq!(v["status"], "solved", "{v}");
        let points: usize = board[2..].parse().unwrap();
        let best = |side: &str| {
            v["satisfactory"][side]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    // A one-line diagram of the board's points.
                    let d = p["position"].as_str().unwrap();
                    assert_eq!(d.len(), points, "{p}");
                    p["area"].as_i64().unwrap()
                })
                .max()
                .expect("every side passes in the final cycle")
        };
        assert_eq!(
            best("black") - best("white"),
            v["value"].as_i64().unwrap(),
            "{board} {suicide}: {v}"
        );
    }
    // Other rulesets have no such list.
    let v = solve_json(&["--board", "1x3", "--rules", "psk"]);
    assert!(v["satisfactory"].is_null(), "{v}");
}
