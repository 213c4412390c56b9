//! The naive reference's node count and time on one board, every player
//! and payoff in one pass:
//! `cargo run --release -p kosolve-kee --example players_refprobe -- BOARD PLAYERS [allowed] [MAX_NODES]`
use kosolve_board::{Board, Suicide};
use kosolve_kee::players::{reference, KeeRules};
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let board = Board::parse(&a[0]).expect("a board");
    let k: usize = a[1].parse().expect("players");
    let su = if a.iter().any(|x| x == "allowed") {
        Suicide::Allowed
    } else {
        Suicide::Forbidden
    };
    let max: u64 = a.last().and_then(|x| x.parse().ok()).unwrap_or(u64::MAX);
    let rules = KeeRules::new(k, su).expect("players");
    let t = Instant::now();
    match reference::solve_all(&board, rules, max) {
        Ok(r) => println!(
            "{} k={k} {su}: {:?} (score, margin, strict win, not lose per player), {} nodes, {:.2} s",
            a[0],
            r.values,
            r.nodes,
            t.elapsed().as_secs_f64()
        ),
        Err(e) => println!("{} k={k} {su}: {e}, {:.2} s", a[0], t.elapsed().as_secs_f64()),
    }
}
