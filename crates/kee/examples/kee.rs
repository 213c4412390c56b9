//! `kee BOARD [allowed] [nosym] [cap=N] [nofull] [from=K] [upto=K] [black=K|white=K] [mirror]`:
//! solves a board under Kee rules (docs/kee.md). `black=K` or `white=K`
//! solves only the game with that player restricted to board histories under K (K - 1 board plays in a
//! row (with `mirror`, also held to the mirror strategy).
use kosolve_board::{Board, Color, Suicide};
use kosolve_kee::{solve_game, solve_kee, KeeOptions, Variant};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Board::parse(&a[1]).unwrap();
    let su = if a.iter().any(|x| x == "allowed") {
        Suicide::Allowed
    } else {
        Suicide::Forbidden
    };
    let arg = |k: &str| {
        a.iter()
            .find_map(|x| x.strip_prefix(k))
            .map(|v| v.parse::<u64>().unwrap())
    };
    let mut o = KeeOptions {
        symmetric: !a.iter().any(|x| x == "nosym"),
        ..KeeOptions::default()
    };
    if let Some(c) = arg("cap=") {
        o.max_situations = c;
    }
    if let Some(k) = arg("upto=") {
        o.restricted_up_to = k as u32;
    }
    if let Some(k) = arg("from=") {
        o.restricted_from = k as u32;
    }
    o.full = !a.iter().any(|x| x == "nofull");
    let mirror = a.iter().any(|x| x == "mirror");
    for (key, player) in [("black=", Color::Black), ("white=", Color::White)] {
        if let Some(k) = arg(key) {
            let game = Variant::Restricted {
                player,
                limit: k as u32,
                mirror,
            };
            let t = std::time::Instant::now();
            match solve_game(&board, su, o.symmetric, game, o.max_situations) {
                Ok(s) => println!(
                    "{game}: value {}, {} classes, {} edges, thresholds {:?}, {:.1} s",
                    s.value,
                    s.g.len(),
                    s.g.edge_count(),
                    s.thresholds,
                    t.elapsed().as_secs_f64()
                ),
                Err(e) => println!("{game}: {e}"),
            }
            return;
        }
    }
    match solve_kee(&board, su, o) {
        Ok(s) => {
            println!(
                "bounds [{}, {}], pv {:?}, scores {:?}, {:.1} s",
                s.lower, s.upper, s.pv, s.pv_scores, s.seconds
            );
            for r in &s.runs {
                println!(
                    "  {}: value {:?}, {} classes, {:.1} s",
                    r.game, r.value, r.situations, r.seconds
                );
            }
        }
        Err(e) => println!("error: {e}"),
    }
}
