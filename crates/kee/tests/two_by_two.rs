//! 2x2 under Kee Rules v3.0, suicide forbidden: the Kee text claims "2x2
//! is a draw under Kee Rules (2 points each)" (docs/rules.md, "8. Claims from
//! the sources the results should settle"). The
//! full situation graph is too large here (docs/kee.md), so the value is
//! bounded by two restricted games, each solved on its own graph with both
//! strategies checked: Black restricted (a lower bound) and White
//! restricted (an upper bound), each held to board histories under 4
//! positions (at most 3 board plays between her passes) and to the mirror
//! strategy where it applies. Where the bounds meet,
//! Black's strategy from the first and White's from the second are played
//! against each other in the rules engine, which must end the game with
//! that margin.

use kosolve_board::{Board, Suicide};
use kosolve_kee::{solve_kee, KeeOptions};

#[test]
fn two_by_two_is_a_draw() {
    let board = Board::parse("2x2").unwrap();
    let opts = KeeOptions {
        max_situations: 40_000_000,
        full: false,
        restricted_from: 4,
        restricted_up_to: 4,
        ..KeeOptions::default()
    };
    let s = solve_kee(&board, Suicide::Forbidden, opts).unwrap();
    assert_eq!((s.lower, s.upper), (0, 0), "the published draw");
    // The line played ends with equal scores (2 each in the line found;
    // other drawn lines may score otherwise, so only the draw is asserted).
    let (black, white) = s.pv_scores.expect("an exact value has a line");
    assert_eq!(black, white, "{:?}", s.pv);
}
