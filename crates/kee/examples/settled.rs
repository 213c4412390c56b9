//! `settled BOARD DIAGRAM [white] [plain] [cap=N] [upto=K] [window=M] [check=NODES]`:
//! the settled games of a start (docs/kee.md, "Settled games"): for each
//! held player, the positions the game reaches, and the forgetful games
//! with her limit rising from 1 to `upto` (the other side's window
//! `window`, default 2), until the two sides' bounds meet. With `plain`,
//! the plain forgetful games of the start instead. With `check=NODES`, each side's best bound is checked by
//! searching every reply to the held player's strategy in the rules
//! engine's Kee game, with its real histories (`search_check`), and the
//! line of the two strategies is replayed.
use kosolve_board::{Board, Color, Position, Suicide};
use kosolve_kee::forgetful::{line, search_check, solve, Forgetful, Side, Table};
use kosolve_kee::Budget;
use kosolve_rules::Start;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Board::parse(&a[1]).unwrap();
    let start = Start {
        position: Position::from_diagram(&board, &a[2]).unwrap(),
        to_move: if a.iter().any(|x| x == "white") {
            Color::White
        } else {
            Color::Black
        },
        prisoners: [0, 0],
    };
    let su = Suicide::Forbidden;
    let arg = |k: &str| {
        a.iter()
            .find_map(|x| x.strip_prefix(k))
            .map(|v| v.parse::<u64>().unwrap())
    };
    let cap = arg("cap=").unwrap_or(50_000_000);
    let upto = arg("upto=").unwrap_or(4) as u32;
    let window = arg("window=").unwrap_or(2) as u32;
    let plain = a.iter().any(|x| x == "plain");
    let mut best: Vec<kosolve_kee::forgetful::Bound> = Vec::new();
    let mut tables = Vec::new();
    for (held, side) in [(Color::Black, Side::Lower), (Color::White, Side::Upper)] {
        let t0 = std::time::Instant::now();
        let t = if plain {
            Table::new(&board, su, &start, false).unwrap()
        } else {
            Table::settled(&board, su, &start, held).unwrap()
        };
        println!(
            "{held} held: {} positions, {:.2} s",
            t.len(),
            t0.elapsed().as_secs_f64()
        );
        let mut b_best = None;
        for limit in 1..=upto {
            let game = Forgetful {
                side,
                limit,
                window,
                mirror: false,
                settled: !plain,
            };
            let t1 = std::time::Instant::now();
            match solve(&board, &t, game, cap, &Budget::unlimited()) {
                Ok(b) => {
                    println!(
                        "  {game}: value {}, {} vertices, {:.2} s",
                        b.value,
                        b.g.info.len(),
                        t1.elapsed().as_secs_f64()
                    );
                    let met = best.first().is_some_and(|l| l.value == b.value);
                    b_best = Some(b);
                    if met {
                        break;
                    }
                }
                Err(e) => println!("  {game}: {e}"),
            }
        }
        tables.push(t);
        best.push(b_best.expect("a bound"));
    }
    if let Some(n) = arg("check=") {
        for (t, b) in tables.iter().zip(&best) {
            let t2 = std::time::Instant::now();
            let c = search_check(&board, su, &start, t, b, n);
            println!(
                "{}: search check {c:?}, {:.1} s",
                b.game,
                t2.elapsed().as_secs_f64()
            );
        }
    }
    match line(
        &board,
        su,
        &start,
        [&tables[0], &tables[1]],
        &best[0],
        &best[1],
    ) {
        Ok((pv, sc)) => println!("line of {} moves ends {}-{}", pv.len(), sc.0, sc.1),
        Err(e) => println!("line: {e}"),
    }
}
