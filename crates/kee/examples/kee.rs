//! `kee BOARD [allowed] [nosym] [cap=N]`: solves a board under Kee rules.
use kosolve_board::{Board, Suicide};
use kosolve_kee::{solve_kee, KeeOptions};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Board::parse(&a[1]).unwrap();
    let su = if a.iter().any(|x| x == "allowed") {
        Suicide::Allowed
    } else {
        Suicide::Forbidden
    };
    let mut o = KeeOptions {
        symmetric: !a.iter().any(|x| x == "nosym"),
        ..KeeOptions::default()
    };
    if let Some(c) = a.iter().find_map(|x| x.strip_prefix("cap=")) {
        o.max_situations = c.parse().unwrap();
    }
    if let Some(c) = a.iter().find_map(|x| x.strip_prefix("blimit=")) {
        o.limit[0] = c.parse().unwrap();
    }
    if let Some(c) = a.iter().find_map(|x| x.strip_prefix("wlimit=")) {
        o.limit[1] = c.parse().unwrap();
    }
    o.mirror = [a.iter().any(|x| x == "bmirror"), a.iter().any(|x| x == "wmirror")];
    if a.iter().any(|x| x == "count") {
        let mut p = kosolve_kee::graph::Positions::new(&board, su, o.symmetric).unwrap();
        p.limit = o.limit;
        p.mirror = o.mirror;
        let t = std::time::Instant::now();
        let c = kosolve_kee::graph::count_classes(&p, o.max_situations);
        println!("{c:?} classes, {:.1} s", t.elapsed().as_secs_f64());
        return;
    }
    match solve_kee(&board, su, o) {
        Ok(s) => println!("{s:?}"),
        Err(e) => println!("error: {e}"),
    }
}
