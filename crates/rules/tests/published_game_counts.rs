//! Complete-game counts by plain recursion over the `Game` trait (no memo),
//! against John Tromp's published counts (docs/references.md).

use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Game, Rules, Ruleset};
use std::sync::Arc;

fn games(g: &mut AnyGame) -> u64 {
    if g.result().is_some() {
        return 1;
    }
    let moves = g.legal_move_list();
    let mut n = 0;
    for m in moves {
        g.play(m);
        n += games(g);
        g.undo();
    }
    n
}

fn count(board: &str, ruleset: Ruleset, suicide: Suicide) -> u64 {
    let board = Arc::new(Board::parse(board).unwrap());
    let rules = Rules::new(ruleset).with_suicide(suicide).unwrap();
    games(&mut AnyGame::new(board, rules))
}

#[test]
fn psk_linear_boards_match_tromp() {
    assert_eq!(count("1x1", Ruleset::Psk, Suicide::Forbidden), 1);
    assert_eq!(count("1x2", Ruleset::Psk, Suicide::Forbidden), 9);
    assert_eq!(count("1x3", Ruleset::Psk, Suicide::Forbidden), 907);
}

#[test]
fn one_point_with_suicide_matches_tromp() {
    assert_eq!(count("1x1", Ruleset::Psk, Suicide::Allowed), 1);
    assert_eq!(count("1x1", Ruleset::Ssk, Suicide::Allowed), 2);
    assert_eq!(count("1x1", Ruleset::Nssk, Suicide::Allowed), 5);
}
