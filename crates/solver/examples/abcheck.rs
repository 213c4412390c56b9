//! Times the alpha-beta reference: `abcheck BOARD RULESET [allowed] [kHALF] [memo|verify [ordered|memo [entries=N]]] [cap=NODES]`.
use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Rules};
use kosolve_testkit::reference;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Arc::new(Board::parse(&a[1]).unwrap());
    let mut r = Rules::new(a[2].parse().unwrap());
    for x in &a[3..] {
        if x == "allowed" {
            r = r.with_suicide(Suicide::Allowed).unwrap();
        } else if let Some(k) = x.strip_prefix('k') {
            r = r.with_komi(kosolve_rules::Komi(k.parse().unwrap()));
        }
    }
    let mut g = AnyGame::new(board, r);
    let t = Instant::now();
    if a.iter().any(|x| x == "verify") {
        let o = kosolve_solver::SolveOptions {
            search: kosolve_solver::SearchSettings {
                refuse_large: false,
                ..kosolve_solver::SearchSettings::default()
            },
            ..kosolve_solver::SolveOptions::default()
        };
        let s = kosolve_solver::solve_game(&g, &o);
        let v = s.value().expect("solved");
        let cap = a
            .iter()
            .find_map(|x| x.strip_prefix("cap="))
            .map_or(2_000_000_000, |c| c.parse().unwrap());
        let c = if a.iter().any(|x| x == "memo") {
            reference::confirms_memo(
                &g,
                v,
                cap,
                a.iter()
                    .find_map(|x| x.strip_prefix("entries="))
                    .map_or(reference::MEMO_ENTRIES, |c| c.parse().unwrap()),
            )
        } else if a.iter().any(|x| x == "ordered") {
            reference::confirms_ordered(&g, v, cap)
        } else {
            reference::confirms(&g, v, cap)
        };
        println!(
            "{} {} fast {v} ({} nodes): confirmed {:?} {:.2}s",
            a[1],
            a[2],
            s.stats.nodes,
            c,
            t.elapsed().as_secs_f64()
        );
        return;
    }
    let v = if a.iter().any(|x| x == "memo") {
        reference::memo_minimax(&mut g, 30_000_000)
    } else {
        reference::alphabeta(&mut g, 200_000_000)
    };
    println!(
        "{} {} {:?} {:.2}s",
        a[1],
        a[2],
        v,
        t.elapsed().as_secs_f64()
    );
}
