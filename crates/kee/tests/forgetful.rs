//! Forgetful games (docs/kee.md, "Forgetful games"): their values bound
//! the exact value of the situation graph from the side they claim, some
//! limit reaches it, a window as long as any history gives the restricted
//! game of the held player exactly, and the line of two bounds' strategies
//! replayed by the rules engine ends within them.

use kosolve_board::{Board, Color, Suicide};
use kosolve_kee::forgetful::{self, Forgetful, Side, Table};
use kosolve_kee::{solve_game, Budget, Variant};
use kosolve_rules::Start;

fn table(b: &Board, su: Suicide) -> Table {
    Table::new(b, su, &Start::EMPTY, true).unwrap()
}

fn bound(b: &Board, t: &Table, side: Side, limit: u32, window: u32) -> forgetful::Bound {
    let game = Forgetful {
        side,
        limit,
        window,
        mirror: false,
        settled: false,
    };
    forgetful::solve(b, t, game, 10_000_000, &Budget::unlimited()).unwrap()
}

/// Every side, limit 1..=4 and window 0..=3 on the boards whose full
/// situation graph is solved in a second: the lower game's value is at
/// most the exact value, the upper game's at least, and both reach it.
#[test]
fn forgetful_games_bound_the_exact_value_and_reach_it() {
    let mut cases = vec![];
    for b in ["1x1", "1x2", "2x1", "1x3"] {
        cases.push((b, Suicide::Forbidden));
        cases.push((b, Suicide::Allowed));
    }
    cases.push(("1x4", Suicide::Forbidden));
    for (spec, su) in cases {
        let b = Board::parse(spec).unwrap();
        let exact = solve_game(&b, su, true, Variant::Full, 10_000_000)
            .unwrap()
            .value;
        let t = table(&b, su);
        let mut reached = [false, false];
        for limit in 1..=4 {
            for window in 0..=3 {
                let lower = bound(&b, &t, Side::Lower, limit, window).value;
                let upper = bound(&b, &t, Side::Upper, limit, window).value;
                assert!(
                    lower <= exact && exact <= upper,
                    "{spec} {su:?} limit {limit} window {window}: {lower} <= {exact} <= {upper}"
                );
                reached[0] |= lower == exact;
                reached[1] |= upper == exact;
            }
        }
        assert_eq!(reached, [true, true], "{spec} {su:?}");
    }
}

/// With a window longer than any history, the forgetful player remembers
/// everything: the game is the restricted game of the held player, with the
/// same value.
#[test]
fn a_window_as_long_as_any_history_gives_the_restricted_game() {
    for spec in ["1x2", "2x1", "1x3"] {
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let b = Board::parse(spec).unwrap();
            let t = table(&b, su);
            let window = t.len() as u32;
            for limit in 1..=3 {
                for side in [Side::Lower, Side::Upper] {
                    let f = bound(&b, &t, side, limit, window).value;
                    let game = Variant::Restricted {
                        player: side.held(),
                        limit,
                        mirror: false,
                    };
                    let r = solve_game(&b, su, true, game, 10_000_000).unwrap().value;
                    assert_eq!(f, r, "{spec} {su:?} {side:?} limit {limit}");
                }
            }
        }
    }
}

/// The line of Black's lower strategy against White's upper one, replayed
/// by the rules engine, ends with a margin between the two bounds, and
/// with the value where they meet (2x2, the board's known draw, and 2x3).
#[test]
fn lines_end_between_the_bounds() {
    for (spec, su, limit) in [
        ("1x4", Suicide::Allowed, 4),
        ("2x2", Suicide::Forbidden, 4),
        ("2x2", Suicide::Allowed, 3),
        ("1x5", Suicide::Forbidden, 3),
    ] {
        let b = Board::parse(spec).unwrap();
        let t = table(&b, su);
        let lower = bound(&b, &t, Side::Lower, limit, 2);
        let upper = bound(&b, &t, Side::Upper, limit, 2);
        let (pv, (sb, sw)) =
            forgetful::line(&b, su, &Start::EMPTY, [&t, &t], &lower, &upper).unwrap();
        let margin = sb as i32 - sw as i32;
        assert!(!pv.is_empty());
        assert!(
            lower.value <= margin && margin <= upper.value,
            "{spec} {su:?}: {} <= {margin} <= {}",
            lower.value,
            upper.value
        );
        if lower.value == upper.value {
            assert_eq!(margin, lower.value);
        }
    }
}

/// The held player is the one whose strategy is checked: Black for the
/// lower bound, White for the upper.
#[test]
fn sides_hold_their_players() {
    assert_eq!(Side::Lower.held(), Color::Black);
    assert_eq!(Side::Upper.held(), Color::White);
    let b = Board::parse("1x2").unwrap();
    let t = table(&b, Suicide::Forbidden);
    let game = Forgetful {
        side: Side::Lower,
        limit: 0,
        window: 2,
        mirror: false,
        settled: false,
    };
    assert!(forgetful::solve(&b, &t, game, 1000, &Budget::unlimited()).is_err());
}

/// The second method for a bound: the held player's strategy played in the
/// rules engine against every reply; on the boards where that search is
/// small, the worst reply reaches exactly the bound's value (so the bound
/// holds in the real game and is met).
#[test]
fn every_reply_to_a_bound_strategy_ends_at_its_value() {
    for (spec, su) in [
        ("1x3", Suicide::Forbidden),
        ("1x3", Suicide::Allowed),
        ("2x1", Suicide::Forbidden),
        ("1x4", Suicide::Forbidden),
    ] {
        let b = Board::parse(spec).unwrap();
        let t = table(&b, su);
        for side in [Side::Lower, Side::Upper] {
            if spec == "1x4" && side == Side::Upper {
                // Black's replies to White's strategy pass a million nodes.
                continue;
            }
            let bd = bound(&b, &t, side, 4, 2);
            let c = forgetful::search_check(&b, su, &Start::EMPTY, &t, &bd, 1_000_000)
                .unwrap()
                .expect("a small search");
            assert_eq!(c.worst, bd.value, "{spec} {su:?} {side:?}");
            assert!(c.nodes > 1, "{spec} {su:?} {side:?}");
        }
    }
}
