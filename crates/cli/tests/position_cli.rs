//! `kosolve solve` and `kosolve count` from a position or a game record
//! (docs/rules.md, "Starting from a position").

mod common;

use common::{run, solve_json, tmpdir, words};
use kosolve_rules::Ruleset;

/// The empty diagram of a `RxC` board, rows joined by `/`.
fn empty_diagram(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("/")
}

#[test]
fn the_empty_diagram_gives_the_empty_board_value() {
    let boards = [
        ("1x1", 1, 1),
        ("1x2", 1, 2),
        ("1x3", 1, 3),
        ("1x4", 1, 4),
        ("1x5", 1, 5),
        ("2x2", 2, 2),
        ("2x3", 2, 3),
    ];
    let mut compared = 0;
    for (b, r, c) in boards {
        let d = empty_diagram(r, c);
        for rs in Ruleset::ALL {
            // A short komi analysis (Fundamental and Ultimate Go), a small table.
            let plain = [
                "solve",
                "--format",
                "json",
                "--board",
                b,
                "--rules",
                rs.name(),
                "--komi-range",
                "1",
                "--memory",
                "64",
                // One thread: node counts are deterministic only there.
                "--threads",
                "1",
            ];
            let mut from = plain.to_vec();
            from.extend_from_slice(&["--position", &d, "--to-move", "black"]);
            let (c1, o1, e1) = run(&plain);
            let (c2, o2, e2) = run(&from);
            assert_eq!(c1, c2, "{b} {rs}: exit status ({e1} / {e2})");
            if c1 != 0 {
                // Refused both ways, for the same reason.
                assert_eq!(e1, e2, "{b} {rs}");
                continue;
            }
            let v1: serde_json::Value = serde_json::from_str(o1.trim()).unwrap();
            let v2: serde_json::Value = serde_json::from_str(o2.trim()).unwrap();
            for k in [
                "value", "outcome", "status", "lower", "upper", "pv", "nodes",
            ] {
                assert_eq!(v1[k], v2[k], "{b} {rs}: {k}");
            }
            compared += 1;
        }
    }
    // Kee's search is refused on the larger boards; everything else solves.
    assert!(compared >= 80, "only {compared} compared");
}

#[test]
fn json_of_a_position_carries_it() {
    let v = solve_json(&words("--board 2x3 --position XO./.X. --to-move white"));
    assert_eq!(v["position"], "XO./.X.");
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["status"], "solved");
    // The empty board has no position key: its output is as it was.
    let v = solve_json(&["--board", "2x3"]);
    assert!(v.get("position").is_none() && v.get("to_move").is_none());
}

#[test]
fn a_record_differs_from_its_bare_position_under_psk() {
    // B pass, W C1, B B1, W A1 takes B1: `O.O.`, Black to move. Bare,
    // Black retakes at B1; after the record, `.XO.` has occurred and psk
    // forbids the retake.
    let dir = tmpdir("position", "record");
    let sgf = dir.join("ko.sgf");
    std::fs::write(&sgf, "(;GM[1]FF[4]SZ[4:1];B[];W[ca];B[ba];W[aa])").unwrap();
    let sgf = sgf.to_str().unwrap();
    let game = solve_json(&["--game", sgf, "--rules", "psk"]);
    let bare = solve_json(&words(
        "--board 1x4 --position O.O. --to-move black --rules psk",
    ));
    assert_eq!(game["position"], "O.O.");
    assert_eq!(game["to_move"], "black");
    assert_eq!(game["record_moves"], 4);
    assert_ne!(game["value"], bare["value"]);
    assert_eq!(bare["pv"][0], "B1", "bare: Black retakes");
    assert_ne!(game["pv"][0], "B1", "record: the retake is forbidden");
    // The count reads the record too. Black's first moves, by hand: D1 is
    // suicide (its one neighbour is White's C1), so bare she has pass and
    // B1; after the record B1 would recreate `.XO.`, so only pass. (A
    // whole-game count from here takes 11.6 M games; one move settles it.)
    let first_moves = |args: &[&str]| {
        let mut a = vec![
            "count", "--rules", "psk", "--format", "json", "--depth", "1",
        ];
        a.extend_from_slice(args);
        let (code, out, err) = run(&a);
        assert_eq!(code, 0, "{err}");
        let c: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(c["position"], "O.O.");
        c["games"].as_u64().unwrap()
    };
    assert_eq!(first_moves(&["--game", sgf]), 1, "after the record: pass");
    assert_eq!(
        first_moves(&words("--board 1x4 --position O.O. --to-move black")),
        2,
        "bare: pass and B1"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_starts_exit_2_with_a_message() {
    let dir = tmpdir("position", "bad");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let unparsable = write("a.sgf", "(;SZ[3]B[bb");
    let off = write("b.sgf", "(;SZ[3];B[dd])");
    let illegal = write("c.sgf", "(;SZ[3];B[bb];W[bb])");
    let large = write("d.sgf", "(;SZ[9];B[ee])");
    let ko = write("e.sgf", "(;SZ[4:1];B[];W[ca];B[ba];W[aa];B[ba])");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--board", "2x3", "--position", "XO/.X."], "rows"),
        (
            vec!["--board", "2x2", "--position", "XZ/O."],
            "unexpected 'Z'",
        ),
        (vec!["--board", "2x2", "--position", "XO/O."], "no liberty"),
        (vec!["--board", "1x3", "--position", "X.."], ""),
        (vec!["--game", &unparsable], "syntax"),
        (vec!["--game", &off], "move 1"),
        (vec!["--game", &illegal], "move 2"),
        (vec!["--game", &large], "64 points"),
        (vec!["--game", &ko, "--rules", "psk"], "move 5"),
        (
            vec![
                "--board",
                "2x2",
                "--position",
                "X./..",
                "--prisoners",
                "1,0",
            ],
            "prisoners",
        ),
        (
            vec!["--board", "2x2", "--position", "X./..", "--to-move", "red"],
            "black or white",
        ),
    ];
    for (args, needle) in cases {
        let mut a = vec!["solve"];
        a.extend_from_slice(&args);
        let (code, _, err) = run(&a);
        if needle.is_empty() {
            assert_eq!(code, 0, "{args:?}: {err}");
            continue;
        }
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: '{needle}' not in: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_pv_sgf_reads_back_to_the_record_and_the_principal_variation() {
    // What `solve --sgf` writes, the SGF reader reads back: the start's
    // setup and record moves, then the PV's board moves (a Fundamental or
    // Ultimate delay is a comment-only node, no move).
    let dir = tmpdir("position", "sgf-back");
    let input = dir.join("ko.sgf");
    std::fs::write(&input, "(;GM[1]FF[4]SZ[4:1]AB[da];B[];W[ca];B[ba])").unwrap();
    let out = dir.join("pv.sgf");
    let cases: [&[&str]; 3] = [
        &["--game", input.to_str().unwrap(), "--rules", "psk"],
        &["--board", "1x4", "--rules", "ultimate"],
        &[
            "--board",
            "2x2",
            "--position",
            "X./..",
            "--to-move",
            "white",
        ],
    ];
    for case in cases {
        let mut args = case.to_vec();
        args.extend(["--sgf", out.to_str().unwrap()]);
        let v = solve_json(&args);
        let text = std::fs::read_to_string(&out).unwrap();
        let back = kosolve_sgf::parse(&text).unwrap_or_else(|e| panic!("{case:?}: {e}\n{text}"));
        let names: Vec<String> = back
            .moves
            .iter()
            .map(|m| {
                m.point
                    .map_or("pass".to_string(), |p| back.board.point_name(p))
            })
            .collect();
        let pv: Vec<String> = v["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .filter(|m| m == "pass" || m.chars().next().unwrap().is_ascii_uppercase())
            .collect();
        let record = v["record_moves"].as_u64().unwrap_or(0) as usize;
        assert_eq!(names[record..], pv[..], "{case:?}\n{text}");
        if record > 0 {
            // The record's start and moves, as the input gave them.
            let given = kosolve_sgf::parse(&std::fs::read_to_string(&input).unwrap()).unwrap();
            assert_eq!(back.setup, given.setup, "{text}");
            assert_eq!(
                back.to_move,
                given.to_move.or(Some(kosolve_board::Color::Black))
            );
            assert_eq!(back.moves[..record], given.moves[..], "{text}");
        } else if let Some(p) = v["position"].as_str() {
            let start = kosolve_board::Position::from_diagram(&back.board, p).unwrap();
            assert_eq!(back.setup, start, "{case:?}\n{text}");
            assert_eq!(back.to_move.map(|c| c.name()), v["to_move"].as_str());
        } else {
            assert!(
                back.setup == kosolve_board::Position::EMPTY && back.to_move.is_none(),
                "{text}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
