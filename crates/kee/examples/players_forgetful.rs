//! Bounds on each player's guarantee and margin from forgetful games
//! (docs/kee.md, "Forgetful games for more than two players"): for K =
//! from, ..., upto the game with P held to board histories under K and the
//! others remembering their last `window` positions (a lower bound), and
//! the game with the others held and P forgetful (an upper bound); every
//! graph built with its situations and seconds, the bounds, and the peak
//! resident memory of the process.
//!
//! `cargo run --release -p kosolve-kee --example players_forgetful -- BOARD
//! [players=3] [suicide=forbidden|allowed] [window=2] [cap=SITUATIONS]
//! [player=I] [score|margin] [from=K] [upto=K] [sym]`
//!
//! With two players, `player=0 margin` is the two-player Kee value. `sym`
//! merges situations that a board symmetry maps onto each other (docs/kee.md,
//! "Symmetry classes in the second implementation").

use kosolve_board::{Board, Suicide};
use kosolve_kee::players::restricted::{self, GameRun, KeeOptions};
use kosolve_kee::players::{KeeRules, Payoff, Player};
use std::time::Instant;

/// The peak resident memory of this process in MiB (Linux), if known.
fn peak_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

fn print_run(r: &GameRun) {
    let size = r.situations.map_or_else(
        || "outgrew the cap".to_string(),
        |s| format!("{s} situations"),
    );
    let side = r.side.map_or_else(|| "full".to_string(), |s| s.to_string());
    println!(
        "  {side:>5}: {}, {}: {size}, values {:?}, {:.2} s",
        r.restriction, r.forgetful, r.values, r.seconds
    );
}

fn main() {
    let mut board = None;
    let (mut k, mut suicide) = (3usize, Suicide::Forbidden);
    let mut opts = KeeOptions {
        full: false,
        forgetful_window: Some(2),
        restricted_up_to: 8,
        ..KeeOptions::for_players()
    };
    let mut only: Option<u8> = None;
    let mut payoffs = vec![Payoff::Score, Payoff::Margin];
    for a in std::env::args().skip(1) {
        if let Some(v) = a.strip_prefix("players=") {
            k = v.parse().expect("players=K");
        } else if let Some(v) = a.strip_prefix("suicide=") {
            suicide = v.parse().expect("suicide=forbidden|allowed");
        } else if let Some(v) = a.strip_prefix("window=") {
            opts.forgetful_window = Some(v.parse().expect("window=M"));
        } else if let Some(v) = a.strip_prefix("cap=") {
            opts.max_situations = v.parse().expect("cap=N");
        } else if let Some(v) = a.strip_prefix("player=") {
            only = Some(v.parse().expect("player=I"));
        } else if let Some(v) = a.strip_prefix("from=") {
            opts.restricted_from = v.parse().expect("from=K");
        } else if let Some(v) = a.strip_prefix("upto=") {
            opts.restricted_up_to = v.parse().expect("upto=K");
        } else if a == "sym" {
            opts.symmetric = true;
        } else if a == "score" {
            payoffs = vec![Payoff::Score];
        } else if a == "margin" {
            payoffs = vec![Payoff::Margin];
        } else {
            board = Some(a);
        }
    }
    let name = board.expect("a board");
    let board = Board::parse(&name).expect("a board");
    let rules = KeeRules::new(k, suicide).expect("2..=4 players");
    let players: Vec<Player> = match only {
        Some(i) => vec![Player(i)],
        None => Player::all(k).collect(),
    };
    println!(
        "{name}, {k} players, suicide {suicide}, window {:?}, K {}..={}, cap {}",
        opts.forgetful_window, opts.restricted_from, opts.restricted_up_to, opts.max_situations
    );
    let t = Instant::now();
    for p in players {
        let tp = Instant::now();
        let pb = restricted::player_bounds(&board, rules, p, &payoffs, opts).expect("bounds");
        println!("{p}:");
        for r in &pb.runs {
            print_run(r);
        }
        for b in &pb.bounds {
            let largest = |x: &restricted::Bound| {
                x.restriction
                    .map_or_else(|| "trivial".to_string(), |r| format!("K = {}", r.limit))
            };
            println!(
                "  {:?}: [{}, {}]{} (lower: {}, upper: {}); {:.2} s",
                b.payoff,
                b.lower.value,
                b.upper.value,
                if b.value().is_some() { " exact" } else { "" },
                largest(&b.lower),
                largest(&b.upper),
                tp.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "{:.1} s, peak {} MiB",
        t.elapsed().as_secs_f64(),
        peak_mib().map_or_else(|| "?".to_string(), |m| m.to_string())
    );
}
