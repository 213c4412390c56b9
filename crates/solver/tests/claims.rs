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

fn sweep_of(a: &KomiAnalysis) -> &kosolve_solver::KomiSweep {
    match a {
        KomiAnalysis::Fundamental { sweep, .. } | KomiAnalysis::Ultimate { sweep, .. } => sweep,
    }
}

/// The komi analysis of `kosolve solve` (komi 0, then outwards and by
/// bisection, the rest read by monotonicity) gives the values of every
/// komi searched, under both rulesets whose values never rise with komi.
#[test]
fn the_monotone_komi_search_equals_every_komi_searched() {
    for b in ["1x1", "1x2", "1x3", "2x1", "1x4", "2x2", "1x5", "2x3"] {
        let board = board(b);
        let n = board.len() as i32 + 2;
        for rs in [Ruleset::Fundamental, Ruleset::Ultimate] {
            let (every, _) = komi_analysis(&board, Rules::new(rs), &opts(1), n);
            let (fast, _) = kosolve_solver::komi_analysis_from(
                &board,
                Rules::new(rs),
                &kosolve_rules::Setup::default(),
                &opts(1),
                n,
            )
            .unwrap();
            let (e, f) = (sweep_of(&every), sweep_of(&fast));
            assert_eq!(e.values, f.values, "{b} {rs}");
            assert!(e.values.iter().all(|(_, v)| v.is_some()), "{b} {rs}");
            assert!(
                f.searched.len() < e.searched.len(),
                "{b} {rs}: {:?}",
                f.searched
            );
            // The analyses read from equal values agree.
            assert_eq!(analyse_sweep(rs, e), {
                let mut a = analyse_sweep(rs, f);
                match &mut a {
                    KomiAnalysis::Fundamental { sweep, .. }
                    | KomiAnalysis::Ultimate { sweep, .. } => sweep.searched = e.searched.clone(),
                }
                a
            });
        }
    }
}

/// The search itself on every step function of komi with up to two steps
/// (+1, 0, -1) over -n..=n, n up to 6: the values it gives are the
/// function's, every komi gets one, and it asks at most 4 log2(2n + 2) + 3
/// komis. With a stop (a komi left undecided), every value it still gives
/// is the function's.
#[test]
fn monotone_sweep_recovers_every_step_function() {
    use kosolve_solver::monotone_sweep;
    for n in 0..=6i32 {
        for a in -n - 1..=n + 1 {
            for b in a..=n + 1 {
                let f = |k: i32| {
                    if k < a {
                        1
                    } else if k < b {
                        0
                    } else {
                        -1
                    }
                };
                let mut asked = Vec::new();
                let s = monotone_sweep(n, (-1, 1), &mut |k| {
                    asked.push(k);
                    Some(f(k))
                });
                let bound = 4.0 * ((2 * n + 2) as f64).log2() + 3.0;
                assert!(
                    asked.len() as f64 <= bound,
                    "n {n} steps {a} {b}: {asked:?}"
                );
                assert_eq!(s.values.len(), (2 * n + 1) as usize);
                for (k, v) in &s.values {
                    assert_eq!(
                        *v,
                        Some(f(*k)),
                        "n {n} steps {a} {b}: komi {k}, asked {asked:?}"
                    );
                }
                for stop in -n..=n {
                    let s = monotone_sweep(n, (-1, 1), &mut |k| (k != stop).then(|| f(k)));
                    for (k, v) in &s.values {
                        assert!(
                            v.is_none_or(|v| v == f(*k)),
                            "n {n} steps {a} {b} stop {stop}: komi {k}"
                        );
                    }
                }
            }
        }
    }
}
