//! `forgetful BOARD [allowed] [nosym] [mirror] [cap=N] [black=K] [white=K] [bw=M] [ww=M] [check=NODES]`:
//! bounds a board's Kee value by forgetful games (docs/kee.md): Black held
//! to histories under K with White remembering M positions (`black=K
//! ww=M`: a lower bound), White held with Black remembering M (`white=K
//! bw=M`: an upper bound); with both, the line of the two strategies;
//! with `check=NODES`, each bound checked by searching every reply to the
//! held player's strategy in the rules engine (`search_check`).
use kosolve_board::{Board, Suicide};
use kosolve_kee::forgetful::{line, search_check, solve, Forgetful, Side, Table};
use kosolve_kee::Budget;
use kosolve_rules::Start;

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
    let cap = arg("cap=").unwrap_or(100_000_000);
    let mirror = a.iter().any(|x| x == "mirror");
    let t0 = std::time::Instant::now();
    let t = Table::new(&board, su, &Start::EMPTY, !a.iter().any(|x| x == "nosym")).unwrap();
    println!(
        "{} positions, {} symmetries, {:.1} s",
        t.len(),
        t.perms.len(),
        t0.elapsed().as_secs_f64()
    );
    let mut bounds = Vec::new();
    for (key, wkey, side) in [
        ("black=", "ww=", Side::Lower),
        ("white=", "bw=", Side::Upper),
    ] {
        let Some(k) = arg(key) else { continue };
        let game = Forgetful {
            side,
            limit: k as u32,
            window: arg(wkey).unwrap_or(0) as u32,
            mirror,
            settled: false,
        };
        let t1 = std::time::Instant::now();
        match solve(&board, &t, game, cap, &Budget::unlimited()) {
            Ok(b) => {
                println!(
                    "{game}: value {}, {} vertices, {} edges, {:.1} s",
                    b.value,
                    b.g.info.len(),
                    b.g.rows.edge_count(),
                    t1.elapsed().as_secs_f64()
                );
                if let Some(n) = arg("check=") {
                    let t2 = std::time::Instant::now();
                    let c = search_check(&board, su, &Start::EMPTY, &t, &b, n);
                    println!("  search check: {c:?}, {:.1} s", t2.elapsed().as_secs_f64());
                }
                bounds.push(b);
            }
            Err(e) => println!("{game}: {e} ({:.1} s)", t1.elapsed().as_secs_f64()),
        }
    }
    if bounds.len() == 2 {
        match line(&board, su, &Start::EMPTY, [&t, &t], &bounds[0], &bounds[1]) {
            Ok((pv, sc)) => println!(
                "line {:?} ends {}-{}",
                pv.iter()
                    .map(|m| m.map(|p| p.0 as i32).unwrap_or(-1))
                    .collect::<Vec<_>>(),
                sc.0,
                sc.1
            ),
            Err(e) => println!("line: {e}"),
        }
    }
}
