//! The study of docs/rules.md, "Expedited counting": every legal position
//! of 1x3, 1x4 and 2x2 (or the boards given as arguments), either player to move, each player holding 0
//! or 1 regular prisoner, right after the first delay (the player not to
//! move made her ultimate delay). Dead stones: `exact` (designated at komi
//! 0). At komi -2..2 the procedure's outcomes are compared with the exact
//! ultimate-simple outcome of the same state. The amended variant is
//! compared the same way from the same states before any delay.
//!
//! Run: `cargo run --profile test -p kosolve-expedite --example study [BOARDS]`
//! (writes results/expedite.csv and results/expedite.md).

use kosolve_board::{legal_positions, Board, Color};
use kosolve_expedite::{
    check_designation, exact, exact_dead, expedite, Delays, Input, Options, Outcome,
};
use kosolve_rules::Komi;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

fn outcome(v: i32) -> Outcome {
    match v.signum() {
        1 => Outcome::BlackWins,
        -1 => Outcome::WhiteWins,
        _ => Outcome::Draw,
    }
}

#[derive(Default)]
struct Tally {
    states: u64,
    breaks: u64,
    checked: u64,
    kept: u64,
    changed: u64,
    split: u64,
    zero_resign: u64,
}

fn main() {
    let mut csv = String::from(
        "board,variant,position,to_move,prisoners,dead,komi,scores,outcomes,exact,keeps\n",
    );
    let mut tallies: BTreeMap<(String, &str), Tally> = BTreeMap::new();
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = ["1x3", "1x4", "2x2"].map(String::from).to_vec();
    }
    for name in &names {
        let name = name.as_str();
        let board = Arc::new(Board::parse(name).unwrap());
        for pos in legal_positions(&board) {
            for to_move in [Color::Black, Color::White] {
                for prisoners in [[0, 0], [1, 0], [0, 1], [1, 1]] {
                    for (variant, delays, amended) in [
                        (
                            "after first delay",
                            Delays::First(to_move.opponent()),
                            false,
                        ),
                        ("amended, before any delay", Delays::None, true),
                    ] {
                        let mut input = Input {
                            board: board.clone(),
                            position: pos,
                            to_move,
                            prisoners,
                            delays,
                            komi: Komi::ZERO,
                            dead: Default::default(),
                        };
                        let t = tallies.entry((name.to_string(), variant)).or_default();
                        t.states += 1;
                        input.dead = exact_dead(&input).expect("tiny boards solve");
                        if check_designation(&board, &pos, input.dead).is_err() {
                            t.breaks += 1;
                            continue;
                        }
                        let dead: Vec<String> =
                            input.dead.iter().map(|p| board.point_name(p)).collect();
                        let opts = Options {
                            amended,
                            ..Options::default()
                        };
                        for k in -2..=2 {
                            input.komi = Komi(2 * k);
                            let e = expedite(&input, &opts).expect("procedure runs");
                            let (v, _) = exact(&input).expect("tiny boards solve");
                            let ex = outcome(v);
                            let outs = e.outcomes();
                            let keeps = outs.len() == 1 && outs.contains(&ex);
                            t.checked += 1;
                            if keeps {
                                t.kept += 1;
                            } else if outs.contains(&ex) {
                                t.split += 1;
                            } else {
                                t.changed += 1;
                            }
                            if e.resigned_with_zero {
                                t.zero_resign += 1;
                            }
                            let scores: Vec<String> =
                                e.scores.iter().map(|s| s.to_string()).collect();
                            let outs: Vec<String> = outs.iter().map(|o| o.to_string()).collect();
                            writeln!(
                                csv,
                                "{name},{variant},{},{to_move},{}:{},{},{k},{},{},{ex},{keeps}",
                                pos.diagram_line(&board),
                                prisoners[0],
                                prisoners[1],
                                dead.join(" "),
                                scores.join(" "),
                                outs.join(" "),
                            )
                            .unwrap();
                        }
                    }
                }
            }
        }
    }
    let mut md = String::from(
        "# Expedited counting against exact ultimate-simple values\n\n\
         Generated by `cargo run --profile test -p kosolve-expedite --example study`; \
         the procedure and the readings are in docs/rules.md, \"Expedited counting\" \
         (The Analysis of Ultimate Go, section VIII).\n\n\
         States: every legal position of the board (reachability not checked; the \
         position is the only one that has occurred), either player to move, each \
         player holding 0 or 1 regular prisoner; \"after first delay\": the player not \
         to move has made her ultimate delay; \"amended\": no delay made yet, the \
         amended variant. Dead stones: `--dead exact` at komi 0 (states where it breaks \
         the condition are counted and skipped). Each remaining state is compared at \
         komi -2..2: *kept* when every choice of the procedure gives the exact outcome, \
         *split* when the choices disagree and one gives it, *changed* when none does.\n\n\
         | board | variant | states | exact designation breaks the condition | (state, komi) compared | kept | split | changed | resign with score 0 |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for ((b, v), t) in &tallies {
        writeln!(
            md,
            "| {b} | {v} | {} | {} | {} | {} | {} | {} | {} |",
            t.states, t.breaks, t.checked, t.kept, t.split, t.changed, t.zero_resign
        )
        .unwrap();
    }
    std::fs::create_dir_all("results").unwrap();
    std::fs::write("results/expedite.csv", csv).unwrap();
    std::fs::write("results/expedite.md", md).unwrap();
    println!("wrote results/expedite.csv and results/expedite.md");
}
