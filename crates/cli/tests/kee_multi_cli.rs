//! `kosolve solve --rules kee --players 3`: its JSON against the library
//! (the naive reference on 1x2, the parity method on ring:3, each run in
//! this test), every line replayed in the rules engine, and usage errors.

mod common;

use common::{json, run, words};
use kosolve_board::{Board, Suicide};
use kosolve_kee::players::parity::Graph;
use kosolve_kee::players::reference::{solve_all, PAYOFFS};
use kosolve_kee::players::{KeeRules, Payoff, Player, PlayersGame};

/// Per player: guarantee, margin, strict win and prevents-others-winning as
/// 0/1, in the order of [`PAYOFFS`].
fn cli_values(v: &serde_json::Value, board: &Board, rules: KeeRules) -> Vec<[i32; 4]> {
    assert_eq!(v["rules"], "kee");
    assert_eq!(v["players"], rules.players);
    assert_eq!(v["suicide"], rules.suicide.name());
    let rows = v["guarantees"].as_array().expect("guarantees");
    assert_eq!(rows.len(), rules.players);
    rows.iter()
        .enumerate()
        .map(|(i, row)| {
            let p = Player(i as u8);
            assert_eq!(row["player"], p.name());
            let g = row["guarantee"].as_i64().unwrap() as i32;
            // The line, replayed by the rules engine, ends with the guarantee.
            let mut game = PlayersGame::new(board, rules);
            for t in row["pv"].as_array().unwrap() {
                let t = t.as_str().unwrap();
                let turn = (t != "pass").then(|| board.parse_point(t).expect("a point"));
                game.play(turn).expect("a legal turn");
            }
            let scores = game.scores().expect("the line ends the game").unwrap();
            assert_eq!(Payoff::Score.of(&scores, p), g, "{p}'s line");
            [
                g,
                row["margin"].as_i64().unwrap() as i32,
                i32::from(row["strict_win"].as_bool().unwrap()),
                i32::from(row["prevents_others_winning"].as_bool().unwrap()),
            ]
        })
        .collect()
}

fn winner_fields(values: &[[i32; 4]]) -> (serde_json::Value, Vec<String>) {
    let winner = values
        .iter()
        .position(|v| v[2] == 1)
        .map_or(serde_json::Value::Null, |i| Player(i as u8).name().into());
    let prevent = values
        .iter()
        .enumerate()
        .filter(|(_, v)| v[3] == 1)
        .map(|(i, _)| Player(i as u8).name().to_string())
        .collect();
    (winner, prevent)
}

fn check_winner(v: &serde_json::Value, values: &[[i32; 4]]) {
    let (winner, prevent) = winner_fields(values);
    assert_eq!(v["winner"], winner);
    let got: Vec<String> = v["prevent_winning"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    assert_eq!(got, prevent);
}

/// 1x2, three players, against the naive reference (17.5 M nodes).
#[test]
fn one_by_two_matches_the_reference() {
    let board = Board::parse("1x2").unwrap();
    let rules = KeeRules::new(3, Suicide::Forbidden).unwrap();
    let v = json(&words(
        "solve --rules kee --players 3 --board 1x2 --format json",
    ));
    let got = cli_values(&v, &board, rules);
    let reference = solve_all(&board, rules, 40_000_000).expect("the reference finishes");
    assert_eq!(got, reference.values);
    check_winner(&v, &got);
    assert_eq!(v["situations"], 316);
}

/// 1x3, three players, suicide forbidden, against the library's parity
/// method run here (75,207 situations; with suicide allowed the graph has
/// 17.9 M, too slow for a test).
#[test]
fn one_by_three_matches_the_library() {
    let board = Board::parse("1x3").unwrap();
    {
        let su = Suicide::Forbidden;
        let rules = KeeRules::new(3, su).unwrap();
        let line =
            format!("solve --rules kee --players 3 --board 1x3 --suicide {su} --format json");
        let v = json(&words(&line));
        let got = cli_values(&v, &board, rules);
        let g = Graph::build(&board, rules, 100_000_000).unwrap();
        let lib: Vec<[i32; 4]> = Player::all(3)
            .map(|p| PAYOFFS.map(|pay| g.solve(&board, p, pay).unwrap().value))
            .collect();
        assert_eq!(got, lib, "suicide {su}");
        check_winner(&v, &got);
        assert_eq!(v["situations"], g.situations());
        // Black can force all three points and a strict win.
        assert_eq!(got[0], [3, 3, 1, 1], "suicide {su}");
    }
}

/// ring:3 with three players has more game situations than the memory
/// cap admits (more than 40 M, docs/kee.md). Under 64 MiB restricted
/// games alone settle nothing (every guarantee in [0, 3], status unsolved,
/// no winner claimed); forgetful games, tried first, settle every answer
/// at what restricted games find under the default cap in 90 s (docs/kee.md,
/// "Restricted games for more than two players"): every guarantee 0 and
/// every margin -3, with no line of the game shown for them.
#[test]
fn ring_of_three_past_the_memory_cap_is_settled_by_forgetful_games() {
    let (code, out, err) = run(&words(
        "solve --rules kee --players 3 --board ring:3 --memory 64 --format json",
    ));
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["status"], "solved", "{v}");
    assert_eq!(v["method"], "forgetful games", "{v}");
    assert!(v["situations"].is_null(), "{v}");
    assert_eq!(v["winner_settled"], true, "{v}");
    assert!(v["winner"].is_null(), "{v}");
    for row in v["guarantees"].as_array().unwrap() {
        assert_eq!(row["guarantee"], 0, "{row}");
        assert_eq!(row["margin"], -3, "{row}");
        assert_eq!(row["pv"].as_array().unwrap().len(), 0, "{row}");
    }
}

/// 1x3 with three players under a cap below its 75,207 situations: the
/// forgetful games give every guarantee and margin exactly, the values
/// of the library's full graph run here.
#[test]
fn one_by_three_past_the_memory_cap_is_solved_by_forgetful_games() {
    let board = Board::parse("1x3").unwrap();
    let rules = KeeRules::new(3, Suicide::Forbidden).unwrap();
    let v = json(&words(
        "solve --rules kee --players 3 --board 1x3 --memory 10 --format json",
    ));
    assert_eq!(v["method"], "forgetful games", "{v}");
    assert_eq!(v["status"], "solved", "{v}");
    let g = Graph::build(&board, rules, 100_000_000).unwrap();
    for (i, row) in v["guarantees"].as_array().unwrap().iter().enumerate() {
        let p = Player(i as u8);
        let lib = |pay| g.solve(&board, p, pay).unwrap().value;
        assert_eq!(row["guarantee"], lib(Payoff::Score), "{row}");
        assert_eq!(row["margin"], lib(Payoff::Margin), "{row}");
        assert_eq!(row["strict_win"], lib(Payoff::StrictWin) == 1, "{row}");
        assert_eq!(
            row["prevents_others_winning"],
            lib(Payoff::NotLose) == 1,
            "{row}"
        );
    }
}

#[test]
fn text_output_names_every_player_and_the_winner_analysis() {
    let (code, out, err) = run(&words("solve --rules kee --players 3 --board 1x2"));
    assert_eq!(code, 0, "{err}");
    for s in [
        "3 players",
        "Black:",
        "White:",
        "Red:",
        "winner: no player can force a strict win",
    ] {
        assert!(out.contains(s), "missing {s:?} in {out}");
    }
}

#[test]
fn players_is_a_kee_option_from_two_to_four() {
    for line in [
        "solve --rules psk --players 3 --board 1x2",
        "solve --rules kee --players 5 --board 1x2",
        "solve --rules kee --players 1 --board 1x2",
        "solve --rules kee --players 3 --board 1x2 --komi 1",
    ] {
        let args = words(line);
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("--players") || err.contains("--komi"), "{err}");
    }
    // --players 2 is the two-player solve, unchanged.
    let two = json(&words(
        "solve --rules kee --players 2 --board 1x3 --format json",
    ));
    let plain = json(&words("solve --rules kee --board 1x3 --format json"));
    assert_eq!(two["value"], plain["value"]);
    assert_eq!(two["value"], 3);
}

/// 2x3 with four players runs for minutes (forgetful games, then the
/// graph): long enough for every limit to bite.
const LONG: &str = "solve --rules kee --players 4 --board 2x3";

/// Whether a JSON answer's bounds are each player's whole range (nothing
/// proven) or tighter, and that none is exact unless the status says so.
fn check_stopped(v: &serde_json::Value, status: &str, stopped: &str) {
    assert_eq!(v["status"], status, "{v}");
    assert_eq!(v["stopped"], stopped, "{v}");
    for g in v["guarantees"].as_array().unwrap() {
        let b = g["guarantee_bounds"].as_array().unwrap();
        let (lo, hi) = (b[0].as_i64().unwrap(), b[1].as_i64().unwrap());
        assert!(0 <= lo && lo <= hi && hi <= 6, "{v}");
    }
}

#[test]
fn players_stop_at_the_time_limit_with_their_bounds() {
    let mut args = words(LONG);
    args.extend(["--max-seconds", "1", "--format", "json"]);
    let t = std::time::Instant::now();
    let v = json(&args);
    let took = t.elapsed().as_secs_f64();
    assert!((1.0..3.0).contains(&took), "took {took} s");
    check_stopped(&v, "unsolved", "time");
    let mut args = words(LONG);
    args.extend(["--max-seconds", "1"]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("stopped by: the time limit"), "{out}");
}

#[test]
fn players_stop_at_the_node_limit_and_a_large_one_changes_nothing() {
    let mut args = words(LONG);
    args.extend(["--max-nodes", "100000", "--format", "json"]);
    let v = json(&args);
    check_stopped(&v, "unsolved", "nodes");
    // Nodes are the situations built: a limit the solve never reaches
    // leaves every answer as it is.
    let plain = json(&words(
        "solve --rules kee --players 3 --board 1x3 --format json",
    ));
    let limited = json(&words(
        "solve --rules kee --players 3 --board 1x3 --format json --max-nodes 1000000000 --max-seconds 1000",
    ));
    assert_eq!(plain["status"], "solved");
    assert_eq!(plain["guarantees"], limited["guarantees"]);
    assert_eq!(limited["stopped"], serde_json::Value::Null);
    assert!(limited["situations_built"].as_u64().unwrap() > 0);
}

#[cfg(unix)]
#[test]
fn players_stop_within_two_seconds_of_ctrl_c() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut cmd = common::kosolve();
    common::default_sigint(&mut cmd);
    let mut args = words(LONG);
    args.extend(["--format", "json"]);
    let mut child = cmd
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run kosolve");
    std::thread::sleep(Duration::from_secs(1));
    let asked = Instant::now();
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(sent.success(), "the solve ended before Ctrl-C");
    while child.try_wait().expect("wait").is_none() {
        if asked.elapsed() > Duration::from_secs(2) {
            let _ = child.kill();
            panic!("still running 2 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    check_stopped(&v, "interrupted", "cancelled");
}

/// `--memory` caps each graph's situations
/// (`one_by_three_past_the_memory_cap_is_solved_by_forgetful_games`); a
/// cap of 0 is refused, as for two players.
#[test]
fn players_refuse_a_memory_of_zero() {
    let (code, _, err) = run(&words(
        "solve --rules kee --players 3 --board 1x3 --memory 0",
    ));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--memory must be at least 1 MiB"), "{err}");
}
