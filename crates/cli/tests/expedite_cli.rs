//! `kosolve expedite` (docs/rules.md, "Expedited counting (`kosolve
//! expedite`)"): a hand-worked case, `--dead exact` against the exact
//! solve's own principal variation, a forbidden designation, JSON output.

mod common;

use common::{json, run, words};
use kosolve_board::{Board, Color, Position, Suicide};

/// `.X..O.` on 1x6, Black to move, White made the first delay (the
/// default: the player not to move did), no prisoners, nothing dead.
/// Black's dame-filling placements (safe, seeing both colours): C1 leaves
/// B1-C1 with A1 and D1 (safe) and sees B1 and E1 (through D1): yes. D1
/// leaves B1? no: D1 alone has C1 only as liberty (E1 is White): not safe.
/// A1 sees only B1: not dame. F1 is next to E1 only (suicide-free? F1 has
/// no empty neighbour: one liberty? none: F1's neighbour E1 is White and
/// E1 keeps D1, so F1 would have no liberty: illegal). So Black plays C1:
/// `.XX.O.`. White: D1 would leave D1-E1 with F1 only; F1 leaves E1-F1
/// with D1 only: no safe placement, so nothing dame- or territory-filling
/// (territory needs two extended liberties, no dead stones here). No
/// prisoner, her ultimate prisoner is spent, no draw right: she resigns.
/// Black alone from `.XX.O.`: D1 leaves B1-D1 with A1 only, A1 leaves
/// A1-C1 with D1 only: nothing safe; no prisoner; her ultimate delay is
/// allowed (she holds no regular prisoner): 1 move; then nothing, and no
/// draw right (the draw right goes to the first delayer, White). Score +1,
/// Black wins.
#[test]
fn hand_worked_dame_filling() {
    let (code, out, err) = run(&words("expedite --board 1x6 --position .X..O."));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("score +1 (B wins)"), "{out}");
    let j = json(&words(
        "expedite --board 1x6 --position .X..O. --format json",
    ));
    assert_eq!(j["scores"], serde_json::json!([1]));
    assert_eq!(j["unanimous"], serde_json::json!(true));
    assert_eq!(j["outcomes"], serde_json::json!(["B wins"]));
    assert_eq!(j["to_move"], serde_json::json!("Black"));
    assert_eq!(j["dead"], serde_json::json!([]));
}

/// `--dead exact` designates the start's stones that the principal
/// variation of the exact solve captures. Independently: `kosolve solve`
/// from the same state (no delay made: `--ultimate-spent 0,0`; one thread
/// for both, so that the principal variation is the same search's) prints
/// its principal variation, which is replayed here on the board to collect
/// the captured start stones. On 1x4 `X.O.` that line is Black's ultimate
/// delay, then White B1, which takes A1.
#[test]
fn dead_exact_is_what_the_principal_variation_captures() {
    for (b, d) in [
        ("1x4", "X.O."),
        ("1x5", "XX.O."),
        ("2x2", "XO/.."),
        ("2x3", "XO./..."),
    ] {
        let solve = json(&words(&format!(
            "solve --rules ultimate-simple --board {b} --position {d} --to-move black \
             --pv --threads 1 --format json"
        )));
        let board = Board::parse(b).unwrap();
        let start = Position::from_diagram(&board, d).unwrap();
        let mut pos = start;
        let mut c = Color::Black;
        let mut dead = Vec::new();
        for m in solve["pv"].as_array().unwrap() {
            let m = m.as_str().unwrap();
            if let Some(p) = board.parse_point(m) {
                let played = pos.play(&board, c, p, Suicide::Forbidden).unwrap();
                for q in played.captured & start.occupied() {
                    if !dead.contains(&q) && (start.black.contains(q) == pos.black.contains(q)) {
                        dead.push(q);
                    }
                }
                pos = played.position;
            }
            c = c.opponent();
        }
        dead.sort();
        let names: Vec<String> = dead.iter().map(|&p| board.point_name(p)).collect();
        let j = json(&words(&format!(
            "expedite --board {b} --position {d} --ultimate-spent 0,0 --dead exact --format json"
        )));
        assert_eq!(
            j["dead"],
            serde_json::json!(names),
            "{b} {d}: pv {}",
            solve["pv"]
        );
        if (b, d) == ("1x4", "X.O.") {
            assert_eq!(names, vec!["A1".to_string()]);
        }
    }
}

/// Dead B1 and dead E1 on `.X..O.`: B1 sees E1 (through C1 and D1), a dead
/// opponent stone, which the condition forbids: a refusal, exit status 2.
/// Dead B1 alone is allowed: B1 sees only E1, a non-dead opponent stone.
#[test]
fn forbidden_designation_is_refused() {
    let (code, out, err) = run(&words(
        "expedite --board 1x6 --position .X..O. --dead B1,E1",
    ));
    assert_eq!(code, 2, "stdout: {out}");
    assert!(err.contains("breaks the condition"), "{err}");
    assert!(err.contains("a dead opponent stone"), "{err}");
    let (code, _, err) = run(&words("expedite --board 1x6 --position .X..O. --dead B1"));
    assert_eq!(code, 0, "{err}");
    // A dead point that holds no stone is refused too.
    let (code, _, err) = run(&words("expedite --board 1x6 --position .X..O. --dead A1"));
    assert_eq!(code, 2, "{err}");
}

/// `.X...O.` on 1x7 (worked out in the expedite crate's tests): Black may
/// fill C1 (then White E1, Black's ultimate delay, White declares: 0) or D1
/// (White cannot fill safely and resigns; Black alone fills C1 and delays:
/// +2). JSON gives both scores, not unanimous; `--compare` adds the exact
/// outcome, which must be the one `kosolve solve` gives from the same state.
#[test]
fn json_with_open_choice_and_compare() {
    let j = json(&words(
        "expedite --board 1x7 --position .X...O. --format json --compare",
    ));
    assert_eq!(j["scores"], serde_json::json!([0, 2]));
    assert_eq!(j["unanimous"], serde_json::json!(false));
    assert_eq!(j["outcomes"], serde_json::json!(["draw", "B wins"]));
    assert_eq!(j["board"], serde_json::json!("1x7"));
    // The same state with no delay made (`--ultimate-spent 0,0`) is one
    // `kosolve solve` starts from: its exact outcome must be the same.
    let j = json(&words(
        "expedite --board 1x7 --position .X...O. --ultimate-spent 0,0 --format json --compare",
    ));
    let solve = json(&words(
        "solve --rules ultimate-simple --board 1x7 --position .X...O. --to-move black \
         --format json",
    ));
    assert_eq!(j["exact_outcome"], solve["outcome"]);
}
