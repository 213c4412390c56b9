//! Times the counts that docs/perft.md reports:
//! `cargo run --release -p kosolve-perft --example perft_time -- [BOARD RULES [DEPTH]]`.

use kosolve_board::Board;
use kosolve_perft::{count_games_detailed, count_positions, CountOptions};
use kosolve_rules::{Rules, Ruleset};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("positions") {
        let board = Board::parse(&args[1]).expect("board");
        let t = Instant::now();
        let n = count_positions(&board);
        println!(
            "{} positions {n} in {:.3} s",
            board.name(),
            t.elapsed().as_secs_f64()
        );
        return;
    }
    let board = Board::parse(args.first().map(String::as_str).unwrap_or("1x4")).expect("board");
    let ruleset: Ruleset = args
        .get(1)
        .map(String::as_str)
        .unwrap_or("psk")
        .parse()
        .expect("rules");
    let mut opts = CountOptions {
        depth: args
            .get(2)
            .filter(|a| !a.starts_with("--"))
            .map(|d| d.parse().expect("depth")),
        ..CountOptions::default()
    };
    if args.iter().any(|a| a == "--no-fast") {
        opts.fast = false;
    }
    if args.iter().any(|a| a == "--no-sym") {
        opts.symmetry = false;
    }
    let t = Instant::now();
    let c = count_games_detailed(&board, Rules::new(ruleset), &opts).expect("count");
    println!(
        "{} {} games {} method {} nodes {} memo {} dense {} in {:.3} s",
        board.name(),
        ruleset,
        c.games,
        c.method,
        c.nodes,
        c.memo_entries,
        c.dense_positions,
        t.elapsed().as_secs_f64()
    );
}
