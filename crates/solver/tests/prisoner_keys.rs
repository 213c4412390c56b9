//! The history-free keys of Fundamental and Ultimate Go, which the
//! solver's tables read, hold the prisoners less their common part (docs/solver.md, "Prisoners in the keys of Fundamental and
//! Ultimate Go"). Checked here against references that read no key:
//! - the lemma behind it, on random states: one more prisoner in each bowl
//!   leaves the value unchanged under `fundamental` and `ultimate`, by
//!   boolean searches without a table;
//! - the fast solver on random states whose bowls both hold prisoners,
//!   under all three rulesets, against the same searches;
//! - `ultimate-simple`, whose keys keep both counts: a state whose value
//!   does change with one more prisoner each, so the lemma is false there.

mod common;

use common::opts;
use kosolve_board::{Board, Color};
use kosolve_rules::{FundamentalGame, Game, Rules, Ruleset, Start};
use kosolve_solver::solve_game;
use kosolve_testkit::{reference, Rng};
use std::sync::Arc;

/// States a reference search may visit per question.
const CAP: u64 = 1_000_000;

/// A random state of `rs` on `board`: a legal position, a player to move,
/// 0-3 prisoners in each bowl and, under Ultimate Go, the ultimate delays
/// already made (none, one, or both with the draw right).
fn random_state(rng: &mut Rng, board: &Arc<Board>, rs: Ruleset) -> FundamentalGame {
    let pos = rng.legal_position(board, 2);
    let to_move = if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    };
    let start = Start {
        position: pos,
        to_move,
        prisoners: [rng.below(4) as u32, rng.below(4) as u32],
    };
    let g = FundamentalGame::from_start(board.clone(), Rules::new(rs), &start);
    if rs == Ruleset::Fundamental {
        return g;
    }
    let first = if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    };
    match rng.below(3) {
        0 => g,
        1 => g.with_ultimate_delays(first, false),
        _ => g.with_ultimate_delays(first, true),
    }
}

/// The value of `g` by boolean searches without a table (`None` past the cap).
fn reference_value(g: &FundamentalGame) -> Option<i32> {
    let mut v = None;
    for t in [1, 0, -1] {
        let (yes, _) = reference::at_least_ordered(&mut g.clone(), t, CAP)?;
        if yes {
            v = Some(t);
            break;
        }
    }
    Some(v.unwrap_or(-1))
}

fn label(g: &FundamentalGame) -> String {
    format!(
        "{} {} {} to move, prisoners B {} W {}, ultimate delays B {} W {}",
        g.rules().ruleset,
        g.position().diagram_line(g.board()),
        g.to_move(),
        g.prisoners(Color::Black),
        g.prisoners(Color::White),
        g.ultimate_used(Color::Black),
        g.ultimate_used(Color::White),
    )
}

#[test]
fn one_more_prisoner_each_keeps_the_value_of_fundamental_and_ultimate_go() {
    let mut rng = Rng::new(0x9815_0E25);
    let mut checked = 0;
    for rs in [Ruleset::Fundamental, Ruleset::Ultimate] {
        for spec in ["2x1", "1x3", "1x4", "2x2"] {
            let board = Arc::new(Board::parse(spec).unwrap());
            for _ in 0..12 {
                let g = random_state(&mut rng, &board, rs);
                if g.result().is_some() {
                    continue;
                }
                let plus = g.clone().with_extra_prisoners(1);
                let (Some(a), Some(b)) = (reference_value(&g), reference_value(&plus)) else {
                    continue;
                };
                assert_eq!(
                    a,
                    b,
                    "{}: one more prisoner each changes the value",
                    label(&g)
                );
                checked += 1;
            }
        }
    }
    eprintln!("{checked} states checked");
    assert!(
        checked >= 60,
        "only {checked} states within the reference's cap"
    );
}

#[test]
fn the_solver_matches_a_keyless_reference_where_both_bowls_hold_prisoners() {
    let mut rng = Rng::new(0x0B0_715);
    let mut checked = 0;
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        for spec in ["1x3", "1x4", "2x2", "1x5"] {
            let board = Arc::new(Board::parse(spec).unwrap());
            for _ in 0..10 {
                let g = random_state(&mut rng, &board, rs).with_extra_prisoners(1);
                let Some(r) = reference_value(&g) else {
                    continue;
                };
                let fast = solve_game(&g, &opts(1));
                assert_eq!(fast.value(), Some(r), "{}", label(&g));
                checked += 1;
            }
        }
    }
    eprintln!("{checked} states checked");
    assert!(
        checked >= 80,
        "only {checked} states within the reference's cap"
    );
}

/// Equal keys must mean equal values: for random positions, every pair of
/// bowls of 0-3 prisoners whose states (with one history, the start's)
/// share a history-free key has one value by
/// the keyless reference (and the pairs that share one are exactly those
/// with the same difference, under `fundamental` and `ultimate`).
#[test]
fn states_sharing_a_key_share_the_keyless_value() {
    let mut rng = Rng::new(0x6E75_0001);
    let mut pairs = 0;
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        for spec in ["1x3", "2x2", "1x4"] {
            let board = Arc::new(Board::parse(spec).unwrap());
            for _ in 0..4 {
                let g = random_state(&mut rng, &board, rs);
                let start = Start {
                    position: g.position(),
                    to_move: g.to_move(),
                    prisoners: [0, 0],
                };
                let mut seen: Vec<(u128, [u32; 2], Option<i32>)> = Vec::new();
                for b in 0..4u32 {
                    for w in 0..4u32 {
                        let s = Start {
                            prisoners: [b, w],
                            ..start
                        };
                        let h = FundamentalGame::from_start(board.clone(), Rules::new(rs), &s);
                        let key = h.history_free_key().expect("a key");
                        let v = reference_value(&h);
                        for (k, p, u) in &seen {
                            let same_difference = p[0] as i64 - p[1] as i64 == b as i64 - w as i64;
                            let shares = *k == key;
                            if let (true, Some(u), Some(v)) = (shares, u, v) {
                                assert_eq!(
                                    *u,
                                    v,
                                    "{}: {p:?} and {:?} share a key",
                                    label(&h),
                                    [b, w]
                                );
                                pairs += 1;
                            }
                            if rs == Ruleset::UltimateSimple {
                                assert!(
                                    !shares,
                                    "{}: {p:?} and {:?} share a key",
                                    label(&h),
                                    [b, w]
                                );
                            } else {
                                assert_eq!(
                                    shares,
                                    same_difference,
                                    "{}: {p:?} against {:?}",
                                    label(&h),
                                    [b, w]
                                );
                            }
                        }
                        seen.push((key, [b, w], v));
                    }
                }
            }
        }
    }
    eprintln!("{pairs} pairs of states sharing a key confirmed");
    assert!(
        pairs >= 100,
        "only {pairs} pairs within the reference's cap"
    );
}
