//! The parity-game method against the naive reference (k = 2, 3, 4 where
//! the reference finishes), and with two players against the existing
//! two-player Kee solvers (kosolve-kee's parity game, the testkit's plain
//! minimax over `kosolve_rules::KeeGame`).

use kosolve_board::{Board, Suicide};
use kosolve_kee::players::parity::Graph;
use kosolve_kee::players::reference::{self, PAYOFFS};
use kosolve_kee::players::{KeeRules, Payoff, Player, PlayersGame};
use kosolve_rules::{AnyGame, Rules, Ruleset};
use std::sync::Arc;

const SUICIDES: [Suicide; 2] = [Suicide::Forbidden, Suicide::Allowed];

/// Every value of the parity method for every player and payoff.
fn parity_values(board: &Board, rules: KeeRules) -> Vec<[i32; 4]> {
    let g = Graph::build(board, rules, 10_000_000).expect("the graph fits");
    Player::all(rules.players)
        .map(|p| PAYOFFS.map(|pay| g.solve(board, p, pay).expect("checked").value))
        .collect()
}

/// Every board and player count where the reference visits at most 40 M
/// nodes: 1x1 for 2-4 players under both suicide settings, 1x2 and 2x1
/// with suicide forbidden for 2 players (207 nodes) and 3 players (17.5 M
/// nodes each). The others pass the budget (docs/kee.md).
#[test]
fn parity_equals_reference() {
    let mut cases = vec![];
    for su in SUICIDES {
        for k in 2..=4 {
            cases.push(("1x1", k, su));
        }
    }
    cases.push(("1x2", 2, Suicide::Forbidden));
    cases.push(("2x1", 2, Suicide::Forbidden));
    cases.push(("1x2", 3, Suicide::Forbidden));
    cases.push(("2x1", 3, Suicide::Forbidden));
    for (b, k, su) in cases {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        let naive =
            reference::solve_all(&board, rules, 40_000_000).expect("the reference finishes");
        let fast = parity_values(&board, rules);
        assert_eq!(fast, naive.values, "{b} k={k} suicide={su}");
    }
}

/// The figures the reference gives on 1x2 with three players (recorded in
/// docs/kee.md): nobody can force a point, and each can be held two points
/// below another player.
#[test]
fn reference_one_by_two_three_players() {
    let board = Board::parse("1x2").unwrap();
    let rules = KeeRules::new(3, Suicide::Forbidden).unwrap();
    let r = reference::solve_all(&board, rules, 40_000_000).unwrap();
    assert_eq!(r.values, vec![[0, -2, 0, 0]; 3]);
    assert_eq!(r.nodes, 17_479_793);
}

/// The win answers are the margin's thresholds, and the guarantee bounds
/// the margin: checked on the parity answers of every small board.
#[test]
fn win_answers_follow_the_margin() {
    for b in ["1x2", "1x3", "ring:3"] {
        for k in [2, 3] {
            let board = Board::parse(b).unwrap();
            let rules = KeeRules::new(k, Suicide::Forbidden).unwrap();
            let Ok(g) = Graph::build(&board, rules, 2_000_000) else {
                continue;
            };
            for p in Player::all(k) {
                let v = |pay| g.solve(&board, p, pay).unwrap().value;
                let (score, margin) = (v(Payoff::Score), v(Payoff::Margin));
                assert_eq!(v(Payoff::StrictWin), i32::from(margin >= 1), "{b} {k} {p}");
                assert_eq!(v(Payoff::NotLose), i32::from(margin >= 0), "{b} {k} {p}");
                assert!(margin <= score, "{b} {k} {p}");
            }
        }
    }
}

/// The single-payoff reference (with its line) equals the all-payoff pass,
/// and its line, replayed, ends with its value.
#[test]
fn reference_line_ends_with_its_value() {
    for (b, k, suicides) in [
        ("1x2", 2, &SUICIDES[..1]),
        ("2x1", 2, &SUICIDES[..1]),
        ("1x1", 3, &SUICIDES[..]),
        ("1x1", 4, &SUICIDES[..]),
    ] {
        for &su in suicides {
            let board = Board::parse(b).unwrap();
            let rules = KeeRules::new(k, su).unwrap();
            let all = reference::solve_all(&board, rules, 10_000_000).unwrap();
            for p in Player::all(k) {
                for (i, pay) in PAYOFFS.into_iter().enumerate() {
                    let r = reference::solve(&board, rules, p, pay, 10_000_000).unwrap();
                    assert_eq!(r.value, all.values[p.index()][i]);
                    assert_eq!(r.nodes, all.nodes);
                    let mut game = PlayersGame::new(&board, rules);
                    for &t in &r.pv {
                        game.play(t).unwrap();
                    }
                    let scores = game.scores().expect("the line ends").unwrap();
                    assert_eq!(pay.of(&scores, p), r.value, "{b} {k} {su} {p} {pay:?}");
                }
            }
        }
    }
}

fn kee_rules(su: Suicide) -> Rules {
    Rules::new(Ruleset::Kee).with_suicide(su).unwrap()
}

/// With two players, Black's margin payoff (score(Black) - score(White))
/// is the two-player Kee value V: against kosolve-kee's parity solution on
/// every board both build quickly, and White's margin is -V.
#[test]
fn two_players_reproduce_the_kee_value() {
    for b in ["1x1", "1x2", "2x1", "1x3", "ring:3"] {
        for su in SUICIDES {
            let board = Board::parse(b).unwrap();
            let v = kosolve_kee::solve_kee(&board, su, kosolve_kee::KeeOptions::default())
                .unwrap()
                .value()
                .expect("exact");
            let g = Graph::build(&board, KeeRules::new(2, su).unwrap(), 10_000_000).unwrap();
            let black = g.solve(&board, Player::BLACK, Payoff::Margin).unwrap();
            let white = g.solve(&board, Player::WHITE, Payoff::Margin).unwrap();
            assert_eq!((black.value, white.value), (v, -v), "{b} suicide={su}");
        }
    }
}

/// With two players, the reference's margin for Black equals plain minimax
/// over the existing two-player game (`kosolve_rules::KeeGame`).
#[test]
fn two_player_reference_equals_kee_game_minimax() {
    for (b, su) in [
        ("1x1", Suicide::Forbidden),
        ("1x1", Suicide::Allowed),
        ("1x2", Suicide::Forbidden),
        ("2x1", Suicide::Forbidden),
    ] {
        {
            let board = Board::parse(b).unwrap();
            let mut g = AnyGame::new(Arc::new(board.clone()), kee_rules(su));
            let (v, _) = kosolve_testkit::reference::minimax(&mut g, 50_000_000).expect("finishes");
            let rules = KeeRules::new(2, su).unwrap();
            let mine =
                reference::solve(&board, rules, Player::BLACK, Payoff::Margin, 50_000_000).unwrap();
            assert_eq!(mine.value, v, "{b} suicide={su}");
        }
    }
}
