//! The claims of *Ultimate* listed in docs/rules.md, "8. Claims from the
//! sources the results should settle", on boards of up to six points.

mod common;

use common::*;
use kosolve_board::Board;
use kosolve_rules::{FundamentalGame, Komi, Rules, Ruleset};
use kosolve_solver::{analyse_sweep, komi_analysis, solve_game, KomiAnalysis};
use std::sync::Arc;

fn fundamental_value(b: &Arc<Board>, k: i32, extra: u32) -> i32 {
    let r = Rules::new(Ruleset::Fundamental).with_komi(Komi(2 * k));
    let g = FundamentalGame::new(b.clone(), r).with_extra_prisoners(extra);
    solve_game(&g, &opts(1)).value().unwrap()
}

/// Claim (a): one more prisoner in each bowl never changes the winner.
#[test]
fn extra_prisoners_do_not_change_the_fundamental_winner() {
    for b in [
        "1x1", "1x2", "1x3", "2x1", "1x4", "2x2", "1x5", "2x3", "1x6",
    ] {
        let board = board(b);
        let komis = if board.len() >= 4 { -1..=1 } else { -2..=2 };
        for k in komis {
            let t = std::time::Instant::now();
            assert_eq!(
                fundamental_value(&board, k, 0),
                fundamental_value(&board, k, 1),
                "{b} komi {k}"
            );
            eprintln!("{b} komi {k}: {:.2}s", t.elapsed().as_secs_f64());
        }
    }
}

/// Claim (c) is structural (no draw move exists in Fundamental Go); what
/// can fail is the score definition's assumption that the winner changes
/// once as komi rises. Checked over -N..=N, N = points + 2.
#[test]
fn fundamental_winner_changes_once_with_komi() {
    for b in [
        "1x1", "1x2", "1x3", "2x1", "1x4", "1x5", "2x2", "2x3", "1x6",
    ] {
        let board = board(b);
        let n = board.len() as i32 + 2;
        let (a, _) = komi_analysis(&board, Rules::new(Ruleset::Fundamental), &opts(1), n);
        match a {
            KomiAnalysis::Fundamental {
                changes_once,
                score,
                sweep,
            } => {
                assert!(changes_once, "{b}: {sweep:?}");
                assert!(score.is_some(), "{b}: {sweep:?}");
                // Never a draw value.
                assert!(sweep
                    .values
                    .iter()
                    .all(|(_, v)| matches!(v, Some(1) | Some(-1))));
            }
            _ => unreachable!(),
        }
    }
}

/// Claim (b): both versions of Ultimate Go have the same outcome at every
/// komi from -4 to +4 (half points follow from the integer values).
#[test]
fn ultimate_versions_agree() {
    for b in [
        "1x1", "1x2", "1x3", "2x1", "1x4", "2x2", "1x5", "2x3", "1x6",
    ] {
        let board = board(b);
        let (u, _) = komi_analysis(&board, Rules::new(Ruleset::Ultimate), &opts(1), 4);
        let (s, _) = komi_analysis(&board, Rules::new(Ruleset::UltimateSimple), &opts(1), 4);
        match (&u, &s) {
            (
                KomiAnalysis::Ultimate {
                    sweep: su,
                    thresholds: tu,
                },
                KomiAnalysis::Ultimate {
                    sweep: ss,
                    thresholds: ts,
                },
            ) => {
                assert_eq!(su, ss, "{b}");
                assert_eq!(tu, ts, "{b}");
                assert_eq!(analyse_sweep(Ruleset::Ultimate, su), u);
            }
            _ => unreachable!(),
        }
    }
}
