//! Symmetry classes in kee::players (docs/kee.md, "Symmetry classes in
//! the second implementation"): the graph that merges situations a board
//! symmetry maps onto each other gives every player the same value of
//! every payoff as the plain graph, on full, restricted and forgetful
//! games, and its lines (played in the literal game through the
//! symmetries each edge went through) end with that value.

use kosolve_board::{Board, Suicide};
use kosolve_budget::Budget;
use kosolve_kee::players::forgetful::Forgetful;
use kosolve_kee::players::parity::{Graph, Restriction, Side};
use kosolve_kee::players::{KeeRules, Payoff, Player};

const PAYOFFS: [Payoff; 2] = [Payoff::Score, Payoff::Margin];

fn build(board: &Board, rules: KeeRules, game: (Restriction, Forgetful), sym: bool) -> Graph {
    Graph::build_within(board, rules, game, 3_000_000, &Budget::unlimited(), sym).unwrap()
}

/// Every player's value of every payoff, by the merged graph and by the
/// plain one, each line replayed in the literal game (`Graph::solve`
/// fails where a line does not end with its value); the merged graph is
/// smaller wherever the board has a symmetry besides the identity.
fn same_values(
    spec: &str,
    k: usize,
    su: Suicide,
    game: (Restriction, Forgetful),
) -> (usize, usize) {
    let board = Board::parse(spec).unwrap();
    let rules = KeeRules::new(k, su).unwrap();
    let plain = build(&board, rules, game, false);
    let merged = build(&board, rules, game, true);
    for p in Player::all(k) {
        for pay in PAYOFFS {
            let what = format!("{spec} k={k} {su:?} {} {} {p} {pay:?}", game.0, game.1);
            let a = plain.solve(&board, p, pay).unwrap();
            let b = merged.solve(&board, p, pay).unwrap();
            assert_eq!(a.value, b.value, "{what}");
        }
    }
    if board.symmetries().len() > 1 {
        assert!(merged.situations() < plain.situations(), "{spec} k={k}");
    }
    (plain.situations(), merged.situations())
}

#[test]
fn full_graphs_agree() {
    for (spec, k, su) in [
        ("1x2", 2, Suicide::Forbidden),
        ("2x1", 2, Suicide::Allowed),
        ("1x3", 2, Suicide::Forbidden),
        ("1x3", 2, Suicide::Allowed),
        ("1x2", 3, Suicide::Forbidden),
        ("1x3", 3, Suicide::Forbidden),
    ] {
        same_values(spec, k, su, (Restriction::NONE, Forgetful::NONE));
    }
}

/// Restricted games (no forgetful player) and forgetful games (window 2)
/// of both sides, for each player, on boards with 2 to 10 symmetries.
#[test]
fn restricted_and_forgetful_games_agree() {
    let cases = [
        ("1x4", 2, Suicide::Forbidden, 2, 4),
        ("2x2", 2, Suicide::Forbidden, 1, 4),
        ("2x2", 2, Suicide::Allowed, 1, 4),
        ("ring:4", 2, Suicide::Forbidden, 1, 4),
        ("ring:5", 2, Suicide::Forbidden, 1, 3),
        ("1x5", 2, Suicide::Forbidden, 0, 3),
        ("1x3", 3, Suicide::Allowed, 2, 3),
        ("2x2", 3, Suicide::Forbidden, 0, 1),
    ];
    for (spec, k, su, restricted_up_to, forgetful_up_to) in cases {
        for p in Player::all(k) {
            for side in [Side::Lower, Side::Upper] {
                for limit in 1..=restricted_up_to.max(forgetful_up_to) {
                    let r = side.restriction(p, k, limit);
                    if limit <= restricted_up_to {
                        same_values(spec, k, su, (r, Forgetful::NONE));
                    }
                    if limit <= forgetful_up_to {
                        let f = side.forgetful(p, k, 2);
                        let (a, b) = same_values(spec, k, su, (r, f));
                        eprintln!("{spec} k={k} {su:?} {p} {side} K={limit}: {a} -> {b}");
                    }
                }
            }
        }
    }
}

/// ring:6's forgetful games merge its 12 symmetries: at a limit of 2,
/// about a sixth of the situations or fewer.
#[test]
fn ring_six_merges_its_symmetries() {
    let (k, su) = (2, Suicide::Forbidden);
    let r = Side::Lower.restriction(Player::BLACK, k, 2);
    let f = Side::Lower.forgetful(Player::BLACK, k, 2);
    let (plain, merged) = same_values("ring:6", k, su, (r, f));
    assert!(merged * 6 <= plain, "{plain} situations, {merged} classes");
}
