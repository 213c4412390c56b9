//! Forgetful games (docs/kee.md, "Forgetful games for more than two
//! players"): with P held and the others forgetful the game is worth at
//! most P's value, with the others held and P forgetful at least, on every
//! board where the full graph gives the exact value, and some limit and
//! window reach it; a window as long as any history is the restricted
//! game; the graph is the literal forgetful game (a naive minimax over
//! `ForgetfulGame` agrees); and each game gives only its own bound.

use kosolve_board::{Board, Point, Suicide};
use kosolve_kee::players::forgetful::{payoff_of, Forgetful, ForgetfulGame};
use kosolve_kee::players::parity::{Graph, Restriction, Side};
use kosolve_kee::players::restricted::{self, KeeOptions};
use kosolve_kee::players::{KeeRules, Payoff, Player, PlayersError};

/// The boards and player counts whose full graph finishes at once.
const CASES: [(&str, usize, Suicide); 9] = [
    ("1x1", 2, Suicide::Allowed),
    ("1x1", 3, Suicide::Allowed),
    ("1x2", 2, Suicide::Forbidden),
    ("2x1", 2, Suicide::Forbidden),
    ("1x3", 2, Suicide::Forbidden),
    ("1x2", 3, Suicide::Forbidden),
    ("2x1", 3, Suicide::Forbidden),
    ("1x3", 3, Suicide::Forbidden),
    ("1x2", 2, Suicide::Allowed),
];

const PAYOFFS: [Payoff; 2] = [Payoff::Score, Payoff::Margin];

/// The forgetful game of `side` for `p` among `k` players: the held
/// side's limit and the forgetful side's window.
fn forgetful_graph(
    board: &Board,
    rules: KeeRules,
    p: Player,
    side: Side,
    limit: u32,
    window: u32,
) -> Graph {
    let k = rules.players;
    let r = side.restriction(p, k, limit);
    let f = side.forgetful(p, k, window);
    Graph::build_forgetful(board, rules, r, f, 1_000_000).unwrap()
}

/// For K = 1..=3 and windows 0..=2: the game with P held and the others
/// forgetful is worth at most the exact value, the game with the others
/// held and P forgetful at least (each bound's strategy checked and its
/// line replayed by `Graph::bound`); and some K and window reach the exact
/// value on each side.
#[test]
fn forgetful_games_bracket_the_exact_value() {
    for (b, k, su) in CASES {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        let full = Graph::build(&board, rules, 1_000_000).unwrap();
        for p in Player::all(k) {
            let exact = PAYOFFS.map(|pay| full.solve(&board, p, pay).unwrap().value);
            let mut reached = [[false; 2]; 2];
            for limit in 1..=3 {
                for window in 0..=2 {
                    for side in [Side::Lower, Side::Upper] {
                        let g = forgetful_graph(&board, rules, p, side, limit, window);
                        for (i, pay) in PAYOFFS.into_iter().enumerate() {
                            let a = g.bound(&board, p, pay, side).unwrap();
                            let what = format!(
                                "{b} k={k} {p} {pay:?} {side} K={limit} m={window}: {} vs {}",
                                a.value, exact[i]
                            );
                            match side {
                                Side::Lower => assert!(a.value <= exact[i], "{what}"),
                                Side::Upper => assert!(a.value >= exact[i], "{what}"),
                            }
                            reached[side as usize][i] |= a.value == exact[i];
                        }
                    }
                }
            }
            assert_eq!(reached, [[true; 2]; 2], "{b} k={k} {p}");
        }
    }
}

/// With a window as long as the number of positions (no history can hold
/// more), a forgetful player forgets nothing: the forgetful game's value is
/// the restricted game's, for every limit, side, player and payoff.
#[test]
fn a_long_window_is_the_restricted_game() {
    for (b, k, su) in CASES {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        let full = Graph::build(&board, rules, 1_000_000).unwrap();
        let window = full.positions() as u32;
        for p in Player::all(k) {
            for limit in 1..=2 {
                for side in [Side::Lower, Side::Upper] {
                    let r = side.restriction(p, k, limit);
                    let restricted = Graph::build_restricted(&board, rules, r, 1_000_000).unwrap();
                    let g = forgetful_graph(&board, rules, p, side, limit, window);
                    assert!(g.situations() >= restricted.situations());
                    for pay in PAYOFFS {
                        assert_eq!(
                            g.bound(&board, p, pay, side).unwrap().value,
                            restricted.bound(&board, p, pay, side).unwrap().value,
                            "{b} k={k} {p} {pay:?} {side} K={limit}"
                        );
                    }
                }
            }
        }
    }
}

/// Plain minimax over the literal forgetful game of `p` and `pay`.
fn forgetful_minimax(game: &ForgetfulGame<'_>, p: Player, pay: Payoff, n: i32) -> i32 {
    let (lo, hi) = match pay {
        Payoff::Score => (0, n),
        _ => (-n, n),
    };
    if let Some(best) = game.best_areas() {
        return payoff_of(&best, p, pay, lo, hi);
    }
    let turns = (0..n as u8).map(|q| Some(Point(q))).chain([None]);
    let values = turns.filter_map(|t| {
        let mut next = game.clone();
        next.play(t).ok()?;
        Some(forgetful_minimax(&next, p, pay, n))
    });
    if game.to_move() == p {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The forgetful graphs' values equal plain minimax over the literal
/// forgetful game (which ends when its own situation repeats) on the
/// boards where that minimax finishes at once.
#[test]
fn forgetful_graphs_are_the_literal_forgetful_game() {
    let cases = [
        ("1x1", 2, Suicide::Allowed),
        ("1x1", 3, Suicide::Allowed),
        ("1x1", 4, Suicide::Allowed),
        ("1x2", 2, Suicide::Forbidden),
        ("2x1", 2, Suicide::Forbidden),
    ];
    for (b, k, su) in cases {
        let board = Board::parse(b).unwrap();
        let rules = KeeRules::new(k, su).unwrap();
        for p in Player::all(k) {
            for (limit, window) in [(1, 0), (1, 1), (2, 1), (2, 2)] {
                for side in [Side::Lower, Side::Upper] {
                    let g = forgetful_graph(&board, rules, p, side, limit, window);
                    let r = side.restriction(p, k, limit);
                    let f = side.forgetful(p, k, window);
                    let game = ForgetfulGame::new(&board, rules, r, f);
                    for pay in PAYOFFS {
                        assert_eq!(
                            g.bound(&board, p, pay, side).unwrap().value,
                            forgetful_minimax(&game, p, pay, board.len() as i32),
                            "{b} k={k} {p} {pay:?} {side} K={limit} m={window}"
                        );
                    }
                }
            }
        }
    }
}

/// A game where P forgets gives no lower bound, one where a coalition
/// member forgets no upper bound, and a player cannot be both held and
/// forgetful.
#[test]
fn a_forgetful_game_gives_only_its_own_bound() {
    let board = Board::parse("1x2").unwrap();
    let rules = KeeRules::new(3, Suicide::Forbidden).unwrap();
    let f = Forgetful::player(Player(1), 1);
    let g = Graph::build_forgetful(&board, rules, Restriction::NONE, f, 1_000_000).unwrap();
    let e = g.bound(&board, Player(1), Payoff::Score, Side::Lower);
    assert!(matches!(e, Err(PlayersError::NotABound { .. })));
    let e = g.bound(&board, Player::BLACK, Payoff::Score, Side::Upper);
    assert!(matches!(e, Err(PlayersError::NotABound { .. })));
    assert!(g
        .bound(&board, Player(1), Payoff::Score, Side::Upper)
        .is_ok());
    assert!(g
        .bound(&board, Player(2), Payoff::Score, Side::Lower)
        .is_ok());
    let r = Restriction::player(Player(1), 2);
    let e = Graph::build_forgetful(&board, rules, r, f, 1_000_000);
    assert!(matches!(e, Err(PlayersError::HeldAndForgetful(Player(1)))));
}

/// The driver with forgetful games (window 2) and the full graph left out
/// reaches the exact value of every player and payoff on 1x3 with two and
/// three players.
#[test]
fn the_forgetful_driver_reaches_the_exact_value() {
    for k in [2, 3] {
        let board = Board::parse("1x3").unwrap();
        let rules = KeeRules::new(k, Suicide::Forbidden).unwrap();
        let full = Graph::build(&board, rules, 1_000_000).unwrap();
        let opts = KeeOptions {
            full: false,
            forgetful_window: Some(2),
            restricted_up_to: 6,
            ..KeeOptions::for_players()
        };
        let found = restricted::solve(&board, rules, &PAYOFFS, opts).unwrap();
        for pb in &found.players {
            for (i, pay) in PAYOFFS.into_iter().enumerate() {
                let exact = full.solve(&board, pb.player, pay).unwrap().value;
                let what = format!("1x3 k={k} {} {pay:?}", pb.player);
                assert_eq!(pb.bounds[i].value(), Some(exact), "{what}");
            }
            assert!(pb.runs.iter().all(|r| r.forgetful.window == 2));
        }
    }
}

/// Past the 59 positions of crates/kee's situation graph (and 2x2 with
/// suicide allowed, which its restricted games settle only in 40 GB), the
/// two-player values come from forgetful games alone: this crate's
/// (Black's margin with two players) and crates/kee's, two implementations
/// that share only the board play, must agree, and both be exact.
#[test]
fn two_player_forgetful_values_equal_kosolve_kee() {
    for (spec, su) in [
        ("1x5", Suicide::Forbidden),
        ("1x5", Suicide::Allowed),
        ("2x2", Suicide::Allowed),
        ("2x2", Suicide::Forbidden),
    ] {
        let board = Board::parse(spec).unwrap();
        let rules = KeeRules::new(2, su).unwrap();
        let opts = KeeOptions {
            full: false,
            forgetful_window: Some(2),
            restricted_up_to: 6,
            ..KeeOptions::for_players()
        };
        let found = restricted::solve(&board, rules, &[Payoff::Margin], opts).unwrap();
        let mine = found.players[0].bounds[0].value();
        let kee = kosolve_kee::solve_kee(&board, su, kosolve_kee::KeeOptions::default()).unwrap();
        assert!(kee.value().is_some(), "{spec} {su:?}: kee bounds {kee:?}");
        assert_eq!(mine, kee.value(), "{spec} {su:?}");
        // White's margin is the negation.
        assert_eq!(found.players[1].bounds[0].value(), mine.map(|v| -v));
    }
}
