//! Prints the `basic` solution of the boards named on the command line
//! (default: 1x1 to 1x5, 2x1, 2x2, 2x3), optionally at a komi.
//!
//! `cargo run -p kosolve-retrograde --release --example basic_table -- 2x2 3x3 --komi 0.5`
//!
//! Options: `--komi K`, `--raw` (keep the ko position as it is instead of
//! the canonical form), `--max-points N`, `--max-states N`, `--sparse`
//! (number positions on discovery from the empty board too), `--suicide
//! allowed`, `--start DIAGRAM` (solve from this position, rows top first, `/` between rows;
//! `X` black, `O` white, `.` empty), `--white` (White to move at the start).
//!
//! `cargo run -p kosolve-retrograde --release --example basic_table -- 3x5 --start 'XXXXX/X.X.O/XOO.O'`

use kosolve_board::{Board, Color, Position};
use kosolve_retrograde::{solve_basic_from, BasicStart, BasicValue, RetroOptions};
use kosolve_rules::{Komi, Rules, Ruleset};

fn halves(h: Option<i32>) -> String {
    match h {
        None => "none".into(),
        Some(h) => BasicValue::Margin(h).to_string(),
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut komi = Komi::ZERO;
    if let Some(i) = args.iter().position(|a| a == "--komi") {
        komi = args[i + 1].parse().expect("komi");
        args.drain(i..i + 2);
    }
    let mut opts = RetroOptions::default();
    if let Some(i) = args.iter().position(|a| a == "--max-points") {
        opts.max_points = args[i + 1].parse().expect("max points");
        args.drain(i..i + 2);
    }
    if let Some(i) = args.iter().position(|a| a == "--max-states") {
        opts.max_states = args[i + 1].parse().expect("max states");
        args.drain(i..i + 2);
    }
    if let Some(i) = args.iter().position(|a| a == "--raw") {
        opts.canonical_ko = false;
        args.remove(i);
    }
    if let Some(i) = args.iter().position(|a| a == "--sparse") {
        opts.sparse = true;
        args.remove(i);
    }
    let mut diagram = None;
    if let Some(i) = args.iter().position(|a| a == "--start") {
        diagram = Some(args[i + 1].replace('/', "\n"));
        args.drain(i..i + 2);
    }
    let mut suicide = kosolve_board::Suicide::Forbidden;
    if let Some(i) = args.iter().position(|a| a == "--suicide") {
        suicide = args[i + 1].parse().expect("suicide: forbidden or allowed");
        args.drain(i..i + 2);
    }
    let mut to_move = Color::Black;
    if let Some(i) = args.iter().position(|a| a == "--white") {
        to_move = Color::White;
        args.remove(i);
    }
    if args.is_empty() {
        args = ["1x1", "1x2", "1x3", "1x4", "1x5", "2x1", "2x2", "2x3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    }
    println!("| board | komi | value | VB | VW | states | terminals | positions | edges | seconds | pv |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for spec in &args {
        let board = Board::parse(spec).expect("board");
        let rules = Rules::new(Ruleset::Basic)
            .with_komi(komi)
            .with_suicide(suicide)
            .expect("basic takes either suicide setting");
        let position = diagram.as_ref().map_or(Position::EMPTY, |d| {
            Position::from_diagram(&board, d).expect("a diagram of the board")
        });
        let start = BasicStart::at(position, to_move);
        match solve_basic_from(&board, &rules, &start, &opts) {
            Ok(s) => {
                let mut pv: Vec<String> = s.pv.iter().map(|m| m.name(&board)).collect();
                if let Some(c) = s.pv_cycle_start {
                    pv.insert(c, "(".into());
                    pv.push(")*".into());
                }
                println!(
                    "| {spec} | {komi} | {} | {} | {} | {} | {} | {} | {} | {:.3} | {} |",
                    s.value,
                    halves(s.vb),
                    halves(s.vw),
                    s.states,
                    s.terminals,
                    s.positions,
                    s.edges,
                    s.seconds,
                    pv.join(" ")
                );
            }
            Err(e) => println!("| {spec} | {komi} | error: {e} |"),
        }
    }
}
