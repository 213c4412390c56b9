//! The parity-game solution of Kee against the search solver
//! (kosolve-solver, a first-cycle search over the full game history) and
//! the naive references, and its own certificate check against a wrong
//! strategy.

mod common;

use common::rules;
use kosolve_board::{Board, Color, Suicide};
use kosolve_kee::graph::{Graph, Positions};
use kosolve_kee::{parity, solve_game, solve_kee, verify, KeeOptions, Threshold, Variant};
use kosolve_rules::AnyGame;
use kosolve_testkit::reference;
use std::sync::Arc;

fn search_value(b: &str, su: Suicide) -> i32 {
    let board = Arc::new(Board::parse(b).unwrap());
    common::search_value(&AnyGame::new(board, rules(su)))
}

/// The value by forgetful games (the default's first method) and by the
/// situation graph alone, which must agree.
fn parity_value(b: &str, su: Suicide, symmetric: bool) -> i32 {
    let board = Board::parse(b).unwrap();
    let o = KeeOptions {
        symmetric,
        ..KeeOptions::default()
    };
    let forgetful = solve_kee(&board, su, o).unwrap();
    assert!(matches!(
        forgetful.runs.last().unwrap().game,
        Variant::Forgetful(_)
    ));
    let graph = KeeOptions {
        forgetful_window: None,
        ..o
    };
    let full = solve_kee(&board, su, graph).unwrap();
    assert_eq!(forgetful.value(), full.value(), "{b} {su:?}");
    full.value().expect("exact")
}

/// Every board the search solves in seconds, both suicide settings, with
/// and without merging symmetric situations.
#[test]
fn parity_solution_equals_search() {
    let mut cases = vec![];
    for b in ["1x1", "1x2", "2x1", "1x3"] {
        cases.push((b, Suicide::Forbidden));
        cases.push((b, Suicide::Allowed));
    }
    cases.push(("1x4", Suicide::Forbidden));
    for (b, su) in cases {
        let s = search_value(b, su);
        let sym = parity_value(b, su, true);
        let plain = parity_value(b, su, false);
        assert_eq!((sym, plain), (s, s), "{b} suicide={su}");
    }
}

/// Plain minimax over every game (1x1, 1x2, 2x1) and plain alpha-beta
/// (1x3, suicide forbidden), with no table and no graph.
#[test]
fn parity_solution_equals_naive_references() {
    for b in ["1x1", "1x2", "2x1", "1x3"] {
        let board = Arc::new(Board::parse(b).unwrap());
        let mut g = AnyGame::new(board, rules(Suicide::Forbidden));
        let naive = if b == "1x3" {
            reference::alphabeta(&mut g, 50_000_000)
        } else {
            reference::minimax(&mut g, 50_000_000)
        };
        let (v, _) = naive.expect("the reference finishes");
        assert_eq!(parity_value(b, Suicide::Forbidden, true), v, "{b}");
    }
}

/// The certificate check accepts each side's winning strategy and rejects
/// Black's strategy for the value when asked for one point more.
#[test]
fn certificate_check_can_fail() {
    for (b, value) in [("1x3", 3), ("2x1", 0), ("1x4", 4)] {
        let board = Board::parse(b).unwrap();
        let p = Positions::new(&board, Suicide::Forbidden, true).unwrap();
        let g = Graph::build(&p, 10_000_000).unwrap();
        let n = board.len() as i32;
        let lo = Threshold::new(&p, &g, n, value);
        let hi = Threshold::new(&p, &g, n, value + 1);
        let black = parity::solve(&lo);
        let white = parity::solve(&hi);
        assert!(black.won[1][0] && white.won[0][0], "{b}");
        assert!(verify::strategy_wins(&lo, &black.strategy, 1), "{b}");
        assert!(verify::strategy_wins(&hi, &white.strategy, 0), "{b}");
        assert!(!verify::strategy_wins(&hi, &black.strategy, 1), "{b}");
        assert!(!verify::strategy_wins(&lo, &white.strategy, 0), "{b}");
    }
}

/// A game with Black restricted is worth at most the real value, one with
/// White restricted at least (each computed on its own graph), for every
/// limit tried, with and without the mirror restriction.
#[test]
fn restricted_games_bound_the_value() {
    for b in ["1x2", "2x1", "1x3", "1x4"] {
        let board = Board::parse(b).unwrap();
        let exact = parity_value(b, Suicide::Forbidden, true);
        for limit in 1..=4 {
            for mirror in [false, true] {
                let value = |player| {
                    let game = Variant::Restricted {
                        player,
                        limit,
                        mirror,
                    };
                    solve_game(&board, Suicide::Forbidden, true, game, 10_000_000)
                        .unwrap()
                        .value
                };
                let (lo, hi) = (value(Color::Black), value(Color::White));
                assert!(
                    lo <= exact && exact <= hi,
                    "{b} limit {limit} mirror {mirror}: [{lo}, {hi}] vs {exact}"
                );
            }
        }
    }
}

/// The principal variation ends, in the rules engine, with the value.
#[test]
fn principal_variation_scores_the_value() {
    for b in ["1x2", "1x3", "1x4"] {
        let s = solve_kee(
            &Board::parse(b).unwrap(),
            Suicide::Forbidden,
            KeeOptions::default(),
        )
        .unwrap();
        let (black, white) = s.pv_scores.expect("an exact value has a pv");
        assert_eq!(Some(black as i32 - white as i32), s.value(), "{b}");
        assert!(!s.pv.is_empty());
    }
}
