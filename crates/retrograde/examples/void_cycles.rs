//! Lists every start of a small board whose `basic` value is void at some
//! komi, with the cycle that perfect play repeats there, and counts the
//! cycles by shape: their length, passes, and the stones each move
//! captures (docs/bestiary.md, "Not in the bestiary yet").
//!
//! `cargo run -p kosolve-retrograde --release --example void_cycles -- 3x4`
//!
//! With `--pattern 0,0,2,2` it lists instead the starts from which perfect
//! play can repeat a cycle of board plays capturing these numbers of stones
//! in turn (in any rotation), every state of the cycle void at one komi:
//! `0,0,2,2` is eternal life's throw-in, sacrifice, capture and recapture.
//! Such cycles have no pass, so each of their states is a start of the
//! catalogue (a board play leaves no position two moves back that one play
//! could recreate, except a single-stone capture, which these checks skip).
//!
//! Options: `--list` prints every start; `--suicide` allows suicide;
//! `--max-states N` raises the cap on states (boards of up to 16 points).

use kosolve_board::{Board, Color, Suicide};
use kosolve_retrograde::{void_catalogue, BasicValue, RetroOptions};
use kosolve_rules::{Move, Rules, Ruleset};
use std::collections::BTreeMap;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let list = args.iter().any(|a| a == "--list");
    let suicide = if args.iter().any(|a| a == "--suicide") {
        Suicide::Allowed
    } else {
        Suicide::Forbidden
    };
    let mut opts = RetroOptions {
        max_points: 16,
        ..RetroOptions::default()
    };
    if let Some(i) = args.iter().position(|a| a == "--max-states") {
        opts.max_states = args[i + 1].parse().expect("max states");
        args.drain(i..i + 2);
    }
    let mut pattern: Option<Vec<u32>> = None;
    if let Some(i) = args.iter().position(|a| a == "--pattern") {
        pattern = Some(
            args[i + 1]
                .split(',')
                .map(|x| x.parse().expect("count"))
                .collect(),
        );
        args.drain(i..i + 2);
    }
    args.retain(|a| !a.starts_with("--"));
    for name in args {
        let board = Board::parse(&name).expect("board");
        let mut rules = Rules::new(Ruleset::Basic);
        rules.suicide = suicide;
        let starts = void_catalogue(&board, &rules, &opts).expect("solve");
        if let Some(pat) = &pattern {
            find_pattern(&board, suicide, &starts, pat);
            continue;
        }
        // Shape of a cycle: (length, passes, captures per move), rotated to
        // its least form so that one cycle met at different moves counts once.
        let mut shapes: BTreeMap<(usize, usize, Vec<u32>), (usize, String)> = BTreeMap::new();
        for v in &starts {
            let mut pos = v.position;
            let mut color = v.to_move;
            let mut caps = Vec::new();
            for (i, m) in v.pv.iter().enumerate() {
                let c = match m {
                    Move::Play(p) => {
                        let pl = pos.play(&board, color, *p, suicide).expect("legal");
                        let before = pos.stones(color.opponent()).count();
                        let after = pl.position.stones(color.opponent()).count();
                        pos = pl.position;
                        before - after
                    }
                    _ => 99,
                };
                if i >= v.cycle_start {
                    caps.push(c);
                }
                color = color.opponent();
            }
            let n = caps.len();
            let least = (0..n)
                .map(|r| {
                    caps[r..]
                        .iter()
                        .chain(&caps[..r])
                        .copied()
                        .collect::<Vec<u32>>()
                })
                .min()
                .unwrap_or_default();
            let passes = caps.iter().filter(|&&c| c == 99).count();
            let cyc: Vec<String> = v.pv[v.cycle_start..]
                .iter()
                .map(|m| match m {
                    Move::Play(p) => board.point_name(*p),
                    _ => "pass".into(),
                })
                .collect();
            let line = format!(
                "{}, void at komi {}: cycle {}",
                describe(&board, v),
                BasicValue::Margin(v.komi_halves),
                cyc.join(" ")
            );
            if list {
                println!("{line}");
            }
            let e = shapes.entry((n, passes, least)).or_insert((0, line));
            e.0 += 1;
        }
        println!("{name}: {} starts void at some komi", starts.len());
        for ((n, passes, caps), (count, example)) in &shapes {
            println!("  length {n}, {passes} passes, captures {caps:?} (99 = pass): {count} starts; e.g. {example}");
        }
    }
}

/// VB and VW of each void start.
type VoidMap =
    std::collections::HashMap<(kosolve_board::Position, Color), (Option<i32>, Option<i32>)>;

/// Lists the starts from which a cycle of board plays capturing `pat` in
/// turn (any rotation) returns to the start through states that are all
/// void at one komi.
fn find_pattern(
    board: &Board,
    suicide: Suicide,
    starts: &[kosolve_retrograde::VoidStart],
    pat: &[u32],
) {
    let map: VoidMap = starts
        .iter()
        .map(|v| ((v.position, v.to_move), (v.vb, v.vw)))
        .collect();
    let n = pat.len();
    let mut found = 0usize;
    for v in starts {
        for r in 0..n {
            let rot: Vec<u32> = pat[r..].iter().chain(&pat[..r]).copied().collect();
            let mut line = Vec::new();
            let (lo, hi) = (v.vb, v.vw);
            if search(
                board, suicide, &map, v, &rot, v.position, v.to_move, lo, hi, &mut line,
            ) {
                found += 1;
                let names: Vec<String> = line.iter().map(|p| board.point_name(*p)).collect();
                println!("{}: cycle {}", describe(board, v), names.join(" "));
                break;
            }
        }
    }
    println!("{found} starts with a void cycle capturing {pat:?}");
}

/// Depth-first: the plays of `rot` from `pos`, each state void in a komi
/// interval that stays open (VB below VW by more than half a point).
#[allow(clippy::too_many_arguments)]
fn search(
    board: &Board,
    suicide: Suicide,
    map: &VoidMap,
    start: &kosolve_retrograde::VoidStart,
    rot: &[u32],
    pos: kosolve_board::Position,
    color: Color,
    lo: Option<i32>,
    hi: Option<i32>,
    line: &mut Vec<kosolve_board::Point>,
) -> bool {
    if line.len() == rot.len() {
        return pos == start.position && color == start.to_move;
    }
    let want = rot[line.len()];
    for p in pos.empty(board).iter() {
        let Ok(pl) = pos.play(board, color, p, suicide) else {
            continue;
        };
        let caps =
            pos.stones(color.opponent()).count() - pl.position.stones(color.opponent()).count();
        if caps != want {
            continue;
        }
        let next = color.opponent();
        let Some(&(b, w)) = map.get(&(pl.position, next)) else {
            continue;
        };
        let lo2 = match (lo, b) {
            (Some(x), Some(y)) => Some(x.max(y)),
            (x, y) => x.or(y),
        };
        let hi2 = match (hi, w) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        if let (Some(l), Some(h)) = (lo2, hi2) {
            if l + 1 >= h {
                continue;
            }
        }
        line.push(p);
        if search(
            board,
            suicide,
            map,
            start,
            rot,
            pl.position,
            next,
            lo2,
            hi2,
            line,
        ) {
            return true;
        }
        line.pop();
    }
    false
}

/// The start, its player to move, VB and VW.
fn describe(board: &Board, v: &kosolve_retrograde::VoidStart) -> String {
    let side = if v.to_move == Color::Black {
        "Black"
    } else {
        "White"
    };
    let half = |h: Option<i32>| h.map_or("none".into(), |h| BasicValue::Margin(h).to_string());
    format!(
        "{} {side} to move, VB {} VW {}",
        v.position.diagram_line(board),
        half(v.vb),
        half(v.vw)
    )
}
