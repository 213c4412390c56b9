//! Times the references: `cargo run --release -p kosolve-solver --example refcheck`.
use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Komi, Rules, Ruleset};
use kosolve_solver::{solve_game, SolveOptions};
use kosolve_testkit::reference;
use std::sync::Arc;
use std::time::Instant;

fn main() {
    let boards: Vec<String> = std::env::args().skip(1).collect();
    for b in &boards {
        let board = Arc::new(Board::parse(b).unwrap());
        for rs in Ruleset::ALL {
            if rs == Ruleset::Basic {
                continue;
            }
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                let Ok(r) = Rules::new(rs).with_suicide(su) else {
                    continue;
                };
                for k in [0, 2, -2] {
                    let r = r.with_komi(Komi(k));
                    let g = AnyGame::new(board.clone(), r);
                    let t = Instant::now();
                    let opts = SolveOptions {
                        memory_mib: 256,
                        ..SolveOptions::default()
                    };
                    let s = solve_game(&g, &opts);
                    let tf = t.elapsed().as_secs_f64();
                    let t = Instant::now();
                    let mut gg = g.clone();
                    let m = reference::memo_minimax(&mut gg, 3_000_000);
                    let tm = t.elapsed().as_secs_f64();
                    let t = Instant::now();
                    let n = reference::minimax(&mut gg, 3_000_000);
                    let tn = t.elapsed().as_secs_f64();
                    let ok = m.is_none_or(|m| Some(m.0) == s.value())
                        && n.is_none_or(|n| Some(n.0) == s.value());
                    println!("{b} {rs} {su} k{k}: fast {:?} {}n {tf:.3}s | memo {:?} {tm:.3}s | naive {:?} {tn:.3}s {}",
                        s.value(), s.stats.nodes, m, n, if ok {"OK"} else {"MISMATCH"});
                }
            }
        }
    }
}
