//! Restricted games (docs/kee.md, "Restricted games for more than two
//! players"): with P restricted the game is worth at most P's value, with
//! the coalition restricted at least, on every board where the full graph
//! gives the exact value; the restriction is the one of the literal game
//! (a naive minimax over `PlayersGame` with the restricted players' board plays
//! cut agrees); and the driver reaches the exact value.

use kosolve_board::{Board, Suicide};
use kosolve_kee::players::parity::{Graph, Restriction, Side};
use kosolve_kee::players::restricted::{self, KeeOptions};
use kosolve_kee::players::{KeeRules, Payoff, Player, PlayersError, PlayersGame};

/// The boards and player counts whose full graph finishes at once.
const CASES: [(&str, usize, Suicide); 8] = [
    ("1x1", 3, Suicide::Allowed),
    ("1x2", 2, Suicide::Forbidden),
    ("2x1", 2, Suicide::Forbidden),
    ("1x3", 2, Suicide::Forbidden),
    ("1x2", 3, Suicide::Forbidden),
    ("2x1", 3, Suicide::Forbidden),
    ("1x3", 3, Suicide::Forbidden),
    ("1x2", 4, Suicide::Forbidden),
];

const PAYOFFS: [Payoff; 2] = [Payoff::Score, Payoff::Margin];

/// For K = 1..=3 (or until both restricted graphs are the full graph):
/// the game with P restricted is worth at most the exact value, the game
/// with the coalition restricted at least, and each line ends with its
/// game's value; and some K reaches the exact value on each side.
#[test]
fn restricted_games_bracket_the_exact_value() {
    for (b, k, su) in CASES {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        let full = Graph::build(&board, rules, 1_000_000).unwrap();
        for p in Player::all(k) {
            let exact = PAYOFFS.map(|pay| full.solve(&board, p, pay).unwrap().value);
            let mut reached = [[false; 2]; 2];
            for limit in 1..=3 {
                let mut whole = true;
                for side in [Side::Lower, Side::Upper] {
                    let r = side.restriction(p, k, limit);
                    let g = Graph::build_restricted(&board, rules, r, 1_000_000).unwrap();
                    assert!(g.situations() <= full.situations());
                    whole &= g.situations() == full.situations();
                    for (i, pay) in PAYOFFS.into_iter().enumerate() {
                        let a = g.bound(&board, p, pay, side).unwrap();
                        let what =
                            format!("{b} k={k} {p} {pay:?} {r}: {} vs {}", a.value, exact[i]);
                        match side {
                            Side::Lower => assert!(a.value <= exact[i], "{what}"),
                            Side::Upper => assert!(a.value >= exact[i], "{what}"),
                        }
                        assert_eq!(pay.of(&a.scores, p), a.value, "{what}");
                        reached[side as usize][i] |= a.value == exact[i];
                    }
                }
                if whole {
                    break;
                }
            }
            assert_eq!(reached, [[true; 2]; 2], "{b} k={k} {p}");
        }
    }
}

/// The driver with the full graph left out reaches the exact value of
/// every player and payoff, each bound proved by a restricted game whose
/// line ends with it; with the full graph tried it answers from it.
#[test]
fn the_driver_reaches_the_exact_value() {
    for (b, k, su) in CASES {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        let full = Graph::build(&board, rules, 1_000_000).unwrap();
        let opts = KeeOptions {
            full: false,
            ..KeeOptions::for_players()
        };
        let found = restricted::solve(&board, rules, &PAYOFFS, opts).unwrap();
        assert!(found.full.is_none());
        let tried = restricted::solve(&board, rules, &PAYOFFS, KeeOptions::for_players()).unwrap();
        assert_eq!(tried.full.unwrap().situations, Some(full.situations()));
        for (pb, pt) in found.players.iter().zip(&tried.players) {
            let p = pb.player;
            assert!(pt.runs.is_empty());
            for (i, pay) in PAYOFFS.into_iter().enumerate() {
                let exact = full.solve(&board, p, pay).unwrap().value;
                assert_eq!(pt.bounds[i].value(), Some(exact), "{b} k={k} {p} {pay:?}");
                let bounds = &pb.bounds[i];
                assert_eq!(bounds.value(), Some(exact), "{b} k={k} {p} {pay:?}");
                for bound in [&bounds.lower, &bounds.upper] {
                    if let Some(line) = &bound.line {
                        assert_eq!(pay.of(&line.scores, p), bound.value);
                        assert!(!bound.restriction.unwrap().is_none());
                    }
                }
            }
        }
    }
}

/// Under a cap the full graph of 1x3 with three players passes, the
/// driver falls back on restricted games and still brackets every value
/// (1x3 settles at K = 1 and 2, under 20,000 situations per graph).
#[test]
fn a_capped_full_graph_falls_back_on_bounds() {
    let board = Board::parse("1x3").unwrap();
    let rules = KeeRules::new(3, Suicide::Forbidden).unwrap();
    let full = Graph::build(&board, rules, 1_000_000).unwrap();
    let opts = KeeOptions {
        max_situations: 20_000,
        ..KeeOptions::for_players()
    };
    let found = restricted::solve(&board, rules, &[Payoff::Score], opts).unwrap();
    assert_eq!(found.full.unwrap().situations, None);
    for pb in &found.players {
        let exact = full.solve(&board, pb.player, Payoff::Score).unwrap().value;
        let b = &pb.bounds[0];
        assert!(b.lower.value <= exact && exact <= b.upper.value);
        assert!(pb.runs.iter().any(|r| r.situations.is_some()));
    }
    assert_eq!(
        found
            .players
            .iter()
            .map(|pb| pb.bounds[0].value())
            .collect::<Vec<_>>(),
        vec![Some(3), Some(0), Some(0)]
    );
}

/// A game restricting a coalition member gives no lower bound, one
/// restricting P no upper bound; one restricting part of the coalition
/// gives an upper bound.
#[test]
fn a_restricted_game_gives_only_its_own_bound() {
    let board = Board::parse("1x2").unwrap();
    let rules = KeeRules::new(3, Suicide::Forbidden).unwrap();
    let r = Restriction::player(Player(1), 2);
    let g = Graph::build_restricted(&board, rules, r, 1_000_000).unwrap();
    let e = g.bound(&board, Player::BLACK, Payoff::Score, Side::Lower);
    assert!(matches!(e, Err(PlayersError::NotABound { .. })));
    let e = g.bound(&board, Player(1), Payoff::Score, Side::Upper);
    assert!(matches!(e, Err(PlayersError::NotABound { .. })));
    // Restricting part of the coalition gives an upper bound too.
    for p in [Player::BLACK, Player(2)] {
        assert!(g.bound(&board, p, Payoff::Score, Side::Upper).is_ok());
    }
    assert!(g
        .bound(&board, Player(1), Payoff::Score, Side::Lower)
        .is_ok());
}

/// Plain minimax over the literal game where each restricted player may
/// make a board play only while her history holds fewer than the limit.
fn restricted_minimax(game: &mut PlayersGame<'_>, p: Player, pay: Payoff, r: Restriction) -> i32 {
    if let Some(scores) = game.scores() {
        return pay.of(&scores.unwrap(), p);
    }
    let mover = game.to_move();
    let held = r.holds(mover) && game.history(mover).len() as u32 >= r.limit;
    let turns: Vec<_> = game
        .legal_turns()
        .into_iter()
        .filter(|t| t.is_none() || !held)
        .collect();
    let values = turns.into_iter().map(|t| {
        game.play(t).unwrap();
        let v = restricted_minimax(game, p, pay, r);
        game.undo();
        v
    });
    if mover == p {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The restricted graphs' values equal plain minimax over the literal game
/// with the same restriction, for every limit and side, on the boards
/// where that minimax finishes at once.
#[test]
fn restricted_graphs_equal_restricted_minimax() {
    for (b, k, su) in [
        ("1x1", 2, Suicide::Allowed),
        ("1x1", 3, Suicide::Allowed),
        ("1x1", 4, Suicide::Forbidden),
        ("1x2", 2, Suicide::Forbidden),
        ("2x1", 2, Suicide::Forbidden),
    ] {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        for p in Player::all(k) {
            for limit in 1..=3 {
                for side in [Side::Lower, Side::Upper] {
                    let r = side.restriction(p, k, limit);
                    let g = Graph::build_restricted(&board, rules, r, 1_000_000).unwrap();
                    for pay in PAYOFFS {
                        let naive =
                            restricted_minimax(&mut PlayersGame::new(&board, rules), p, pay, r);
                        let v = g.bound(&board, p, pay, side).unwrap().value;
                        assert_eq!(v, naive, "{b} k={k} {p} {pay:?} {r}");
                    }
                }
            }
        }
    }
}
