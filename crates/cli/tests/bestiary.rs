//! The bestiary (solver-configs/bestiary.toml, results/bestiary.csv):
//! every committed value under psk, ssk, nssk, fixed and bkr from a
//! position with at most 8 empty points is confirmed by a naive reference
//! search from that position (boolean minimax over the whole history,
//! memoised only on exact future keys).

use kosolve_board::Board;
use kosolve_rules::{Rules, Ruleset};
use kosolve_solver::reference;
use kosolve_sweep::{read_rows, Config, Status};
use std::path::Path;
use std::sync::Arc;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

#[test]
fn bestiary_values_match_the_naive_reference() {
    let config = Config::load(&root().join("solver-configs/bestiary.toml")).unwrap();
    let rows = read_rows(&root().join("results/bestiary.csv")).unwrap();
    assert!(
        config.positions.len() >= 12,
        "the bestiary has 12 positions or more"
    );
    let mut confirmed = 0;
    let mut small = 0;
    for p in &config.positions {
        let board = Arc::new(Board::parse(&p.board).unwrap());
        let empties = p.position.empty(&board).count();
        if empties > 8 {
            continue;
        }
        small += 1;
        for rs in ["psk", "ssk", "nssk", "fixed", "bkr"] {
            let ruleset: Ruleset = rs.parse().unwrap();
            for r in rows
                .iter()
                .filter(|r| r.position == p.name && r.rules == rs && r.status == Status::Solved)
            {
                let suicide = r.suicide.parse().unwrap();
                let rules = Rules::new(ruleset).with_suicide(suicide).unwrap();
                let g = kosolve_rules::AnyGame::from_start(board.clone(), rules, &p.start(ruleset));
                let v: i32 = r.value.parse().unwrap();
                let label = format!("{} {rs} suicide {}: {v}", p.name, r.suicide);
                let (ok, st) = reference::confirms_memo(&g, v, 200_000_000, 1 << 22)
                    .unwrap_or_else(|| panic!("{label}: the reference ran out of nodes"));
                assert!(ok, "{label}: not confirmed by the reference");
                eprintln!("{label} confirmed ({} nodes)", st.nodes);
                confirmed += 1;
            }
        }
    }
    assert!(
        small > 0,
        "no bestiary position has 8 or fewer empty points"
    );
    assert!(
        confirmed >= 5 * small,
        "{confirmed} confirmed for {small} positions"
    );
}
