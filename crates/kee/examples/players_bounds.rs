//! Bounds on each player's guarantee from restricted games (docs/kee.md,
//! "Restricted games for more than two players"): every graph built, with
//! its situations and seconds, the bounds with the games that proved them,
//! and the peak resident memory of the process.
//!
//! `cargo run --release -p kosolve-kee --example players_bounds -- BOARD
//! [players=3] [suicide=forbidden|allowed] [cap=SITUATIONS] [player=I]
//! [margin] [nofull] [from=K] [upto=K]`

use kosolve_board::{Board, Suicide};
use kosolve_kee::players::restricted::{self, GameRun, KeeOptions};
use kosolve_kee::players::{turn_name, KeeRules, Payoff, Player};
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
        "  {side:>5}: {}: {size}, values {:?}, {:.1} s",
        r.restriction, r.values, r.seconds
    );
}

fn main() {
    let mut board = None;
    let (mut k, mut suicide) = (3usize, Suicide::Forbidden);
    let mut opts = KeeOptions::for_players();
    let mut only: Option<u8> = None;
    let mut payoffs = vec![Payoff::Score];
    for a in std::env::args().skip(1) {
        if let Some(v) = a.strip_prefix("players=") {
            k = v.parse().expect("players=K");
        } else if let Some(v) = a.strip_prefix("suicide=") {
            suicide = v.parse().expect("suicide=forbidden|allowed");
        } else if let Some(v) = a.strip_prefix("cap=") {
            opts.max_situations = v.parse().expect("cap=N");
        } else if let Some(v) = a.strip_prefix("player=") {
            only = Some(v.parse().expect("player=I"));
        } else if let Some(v) = a.strip_prefix("from=") {
            opts.restricted_from = v.parse().expect("from=K");
        } else if let Some(v) = a.strip_prefix("upto=") {
            opts.restricted_up_to = v.parse().expect("upto=K");
        } else if a == "margin" {
            payoffs.push(Payoff::Margin);
        } else if a == "nofull" {
            opts.full = false;
        } else {
            board = Some(a);
        }
    }
    let name = board.expect("a board");
    let board = Board::parse(&name).expect("a board");
    let rules = KeeRules::new(k, suicide).expect("2..=4 players");
    let t = Instant::now();
    let players: Vec<Player> = match only {
        Some(i) => vec![Player(i)],
        None => Player::all(k).collect(),
    };
    println!(
        "{name}, {k} players, suicide {suicide}, cap {}",
        opts.max_situations
    );
    let found = if only.is_some() {
        let p =
            restricted::player_bounds(&board, rules, players[0], &payoffs, opts).expect("bounds");
        restricted::PlayersSolution {
            full: None,
            players: vec![p],
            stopped: None,
            situations_built: 0,
        }
    } else {
        restricted::solve(&board, rules, &payoffs, opts).expect("bounds")
    };
    if let Some(r) = &found.full {
        print_run(r);
    }
    for pb in &found.players {
        println!("{}:", pb.player);
        for r in &pb.runs {
            print_run(r);
        }
        for b in &pb.bounds {
            let proof = |x: &restricted::Bound| {
                let line = x.line.as_ref().map_or_else(String::new, |a| {
                    let pv: Vec<String> = a.pv.iter().map(|&m| turn_name(&board, m)).collect();
                    format!(", line {} ending {:?}", pv.join(" "), a.scores)
                });
                let game = x
                    .restriction
                    .map_or_else(|| "trivial".to_string(), |r| r.to_string());
                format!("{} ({game}{line})", x.value)
            };
            println!(
                "  {:?}: [{}, {}]{}\n    lower {}\n    upper {}",
                b.payoff,
                b.lower.value,
                b.upper.value,
                if b.value().is_some() { " exact" } else { "" },
                proof(&b.lower),
                proof(&b.upper)
            );
        }
    }
    println!(
        "{:.1} s, peak {} MiB",
        t.elapsed().as_secs_f64(),
        peak_mib().map_or_else(|| "?".to_string(), |m| m.to_string())
    );
}
