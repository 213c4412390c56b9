//! Position and game counts: published figures (docs/references.md), the
//! memoised and fast counters against plain recursion, and invariance under
//! board symmetry and relabelling.

use kosolve_board::{Board, Suicide};
use kosolve_perft::{
    count_games, count_games_detailed, count_positions, fast_path_applies, try_count_positions,
    CountMethod, CountOptions, PerftError,
};
use kosolve_rules::{AnyGame, Game, Rules, Ruleset};
use std::sync::Arc;

fn board(spec: &str) -> Board {
    Board::parse(spec).unwrap()
}

fn rules(r: Ruleset, s: Suicide) -> Option<Rules> {
    Rules::new(r).with_suicide(s).ok()
}

fn games(spec: &str, r: Rules, depth: Option<u32>) -> u128 {
    let opts = CountOptions {
        depth,
        ..CountOptions::default()
    };
    count_games(&board(spec), r, &opts).unwrap()
}

/// The options of the generic count: no fast path, depth `depth`.
fn generic_options(depth: Option<u32>) -> CountOptions {
    CountOptions {
        depth,
        fast: false,
        ..CountOptions::default()
    }
}

/// The generic count (no fast path) to depth `depth`.
fn generic_games(spec: &str, r: Rules, depth: Option<u32>) -> u128 {
    count_games(&board(spec), r, &generic_options(depth)).unwrap()
}

/// The generic count against plain recursion at each depth `1..=max_depth`.
fn generic_equals_plain_to_depth(spec: &str, r: Rules, max_depth: u32, label: &str) {
    for d in 1..=max_depth {
        let want = plain_count(spec, r, Some(d));
        assert_eq!(generic_games(spec, r, Some(d)), want, "{label} depth {d}");
    }
}

/// Plain recursion over the `Game` trait, written here independently of the
/// library: no memo, no fast path. `depth` as in `CountOptions::depth`.
/// `None` if it would visit more than `budget` nodes.
fn plain(g: &mut AnyGame, depth: Option<u32>, budget: &mut u64) -> Option<u128> {
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    if depth == Some(0) {
        return Some(1);
    }
    let moves = g.legal_move_list();
    if g.result().is_some() || moves.is_empty() {
        return Some(if depth.is_some() { 0 } else { 1 });
    }
    let mut n = 0;
    for m in moves {
        g.play(m);
        let r = plain(g, depth.map(|d| d - 1), budget);
        g.undo();
        n += r?;
    }
    Some(n)
}

/// The plain count, if it takes at most `budget` nodes.
fn plain_within(spec: &str, r: Rules, depth: Option<u32>, mut budget: u64) -> Option<u128> {
    let mut g = AnyGame::new(Arc::new(board(spec)), r);
    plain(&mut g, depth, &mut budget)
}

fn plain_count(spec: &str, r: Rules, depth: Option<u32>) -> u128 {
    plain_within(spec, r, depth, 20_000_000).expect("plain recursion budget exhausted")
}

// ---------------------------------------------------------------- positions

/// The published legal-position counts (tests/data/legal_positions.txt).
fn published_positions() -> Vec<(String, u64)> {
    include_str!("data/legal_positions.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (b, n) = l.split_once(' ').expect("board count");
            (b.to_string(), n.trim().parse().expect("a count"))
        })
        .collect()
}

/// Every published count (4x4: 43 M colourings, about 0.3 s optimised on
/// 2 cores; the test profile optimises).
#[test]
fn positions_match_published_counts() {
    let published = published_positions();
    assert!(published.len() >= 20);
    for (spec, want) in published {
        assert_eq!(count_positions(&board(&spec)), want, "{spec}");
    }
}

#[test]
fn linear_counts_follow_the_published_recurrence() {
    // L(n+3) = 3 L(n+2) - L(n+1) + L(n), checked on our own enumeration.
    let l: Vec<i64> = (1..=10)
        .map(|n| count_positions(&board(&format!("1x{n}"))) as i64)
        .collect();
    for n in 0..l.len() - 3 {
        assert_eq!(l[n + 3], 3 * l[n + 2] - l[n + 1] + l[n], "n = {}", n + 1);
    }
}

#[test]
fn positions_are_invariant_under_transposition_and_relabelling() {
    for (a, b) in [
        ("2x3", "3x2"),
        ("1x7", "7x1"),
        ("2x5", "5x2"),
        ("2x4", "4x2"),
    ] {
        assert_eq!(
            count_positions(&board(a)),
            count_positions(&board(b)),
            "{a} {b}"
        );
    }
    assert_eq!(count_positions(&relabelled_1x4()), 41);
}

#[test]
fn too_large_boards_are_refused_for_positions() {
    let err = try_count_positions(&board("2x13")).unwrap_err();
    assert!(matches!(err, PerftError::TooLarge(_)));
    assert!(err.to_string().contains("26 points"), "{err}");
}

// ---------------------------------------------------------------- games

#[test]
fn psk_games_match_tromp() {
    let psk = Rules::new(Ruleset::Psk);
    assert_eq!(games("1x1", psk, None), 1);
    assert_eq!(games("1x2", psk, None), 9);
    assert_eq!(games("1x3", psk, None), 907);
}

/// Tromp's 1x4 figure counts games under his own rules, which allow
/// suicide (`tromp-taylor`); with suicide forbidden the count is smaller.
#[test]
fn one_by_four_tromp_taylor_games_match_tromp() {
    let c = count_games_detailed(
        &board("1x4"),
        Rules::new(Ruleset::TrompTaylor),
        &CountOptions::default(),
    )
    .unwrap();
    assert_eq!(c.method, CountMethod::Fast);
    assert_eq!(c.games, 2_098_407_841);
    let forbidden = games("1x4", Rules::new(Ruleset::Psk), None);
    assert!(forbidden < c.games, "{forbidden}");
    // The same count through an independent key: no symmetry at all.
    let opts = CountOptions {
        symmetry: false,
        ..CountOptions::default()
    };
    let no_sym = count_games(&board("1x4"), Rules::new(Ruleset::Psk), &opts).unwrap();
    assert_eq!(no_sym, forbidden);
}

/// About 20 s of CPU in release (see docs/perft.md):
/// `cargo test -p kosolve-perft --release -- --ignored two_by_two`.
#[test]
#[ignore]
fn two_by_two_psk_games_match_tromp() {
    assert_eq!(
        games("2x2", Rules::new(Ruleset::Psk), None),
        386_356_909_593
    );
}

#[test]
fn one_point_with_suicide_matches_tromp() {
    let r = |x| rules(x, Suicide::Allowed).unwrap();
    assert_eq!(games("1x1", r(Ruleset::Psk), None), 1);
    assert_eq!(games("1x1", r(Ruleset::Ssk), None), 2);
    assert_eq!(games("1x1", r(Ruleset::Nssk), None), 5);
}

#[test]
fn memoised_counts_equal_plain_recursion_for_every_ruleset() {
    let mut skipped = Vec::new();
    for spec in ["1x1", "1x2", "1x3"] {
        for r in Ruleset::ALL {
            for s in [Suicide::Forbidden, Suicide::Allowed] {
                let Some(rules) = rules(r, s) else { continue };
                let label = format!("{spec} {r} {s}");
                if r == Ruleset::Basic {
                    generic_equals_plain_to_depth(spec, rules, 8, &label);
                    continue;
                }
                let Some(want) = plain_within(spec, rules, None, PLAIN_BUDGET) else {
                    // Too many games for plain recursion: compare exact depths instead.
                    generic_equals_plain_to_depth(spec, rules, 10, &label);
                    skipped.push(label);
                    continue;
                };
                let got =
                    count_games_detailed(&board(spec), rules, &generic_options(None)).unwrap();
                assert_eq!(got.games, want, "{spec} {r} {s}");
                let expect = if r == Ruleset::Kee {
                    CountMethod::Plain
                } else {
                    CountMethod::Memo
                };
                assert_eq!(got.method, expect, "{spec} {r} {s}");
                assert_eq!(games(spec, rules, None), want, "{spec} {r} {s} default");
            }
        }
    }
    // Only the Kee and the long-cycle rulesets on the largest boards may be
    // too large for plain recursion; everything else is compared in full.
    eprintln!("compared at depths 1..=10 only: {skipped:?}");
    for s in &skipped {
        assert!(!s.starts_with("1x1"), "{s}");
    }
}

/// Plain recursion visits at most this many nodes per complete count.
const PLAIN_BUDGET: u64 = 2_000_000;

#[test]
fn depth_counts_equal_plain_recursion_for_every_ruleset() {
    for spec in ["1x2", "1x3", "2x2"] {
        for r in Ruleset::ALL {
            for s in [Suicide::Forbidden, Suicide::Allowed] {
                let Some(rules) = rules(r, s) else { continue };
                for d in [1, 3, 6] {
                    let want = plain_count(spec, rules, Some(d));
                    let got = games(spec, rules, Some(d));
                    assert_eq!(got, want, "{spec} {r} {s} depth {d}");
                }
            }
        }
    }
}

#[test]
fn fast_path_equals_generic_count() {
    let fast_rulesets = [Ruleset::Psk, Ruleset::TrompTaylor, Ruleset::Primitive];
    for spec in ["1x1", "1x2", "1x3", "3x1", "ring:3"] {
        for r in fast_rulesets {
            for s in [Suicide::Forbidden, Suicide::Allowed] {
                let Some(rules) = rules(r, s) else { continue };
                assert!(fast_path_applies(&board(spec), &rules));
                assert_eq!(
                    games(spec, rules, None),
                    generic_games(spec, rules, None),
                    "{spec} {r} {s}"
                );
                // Three passes to end the game: the colour-aware fast count.
                if r != Ruleset::Primitive {
                    let three = rules.with_end_passes(3).unwrap();
                    assert_eq!(
                        games(spec, three, None),
                        generic_games(spec, three, None),
                        "{spec} {r} {s} end_passes 3"
                    );
                }
            }
        }
    }
    // Bigger boards within budget: exact depths.
    for (spec, max_depth) in [("2x2", 12), ("1x4", 14), ("ring:4", 10)] {
        for r in fast_rulesets {
            for s in [Suicide::Forbidden, Suicide::Allowed] {
                let Some(rules) = rules(r, s) else { continue };
                for d in (1..=max_depth).step_by(3) {
                    assert_eq!(
                        games(spec, rules, Some(d)),
                        generic_games(spec, rules, Some(d)),
                        "{spec} {r} {s} depth {d}"
                    );
                }
            }
        }
    }
    // A full 2x2 count without passes is small enough for the generic path.
    let prim = Rules::new(Ruleset::Primitive);
    assert_eq!(games("2x2", prim, None), generic_games("2x2", prim, None));
}

#[test]
fn game_counts_are_invariant_under_board_symmetry() {
    let tt = Rules::new(Ruleset::TrompTaylor);
    assert_eq!(games("4x1", tt, None), 2_098_407_841);
    let psk = Rules::new(Ruleset::Psk);
    for d in [4, 7] {
        assert_eq!(
            games("2x3", psk, Some(d)),
            games("3x2", psk, Some(d)),
            "depth {d}"
        );
    }
    assert_eq!(
        games("2x3", Rules::new(Ruleset::Ssk), Some(5)),
        games("3x2", Rules::new(Ruleset::Ssk), Some(5))
    );
}

fn relabelled_1x4() -> Board {
    // The path 0 - 2 - 3 - 1: 1x4 with its points renumbered.
    Board::from_adjacency("relabelled 1x4", "0: 2\n2: 0 3\n3: 2 1\n1: 3\n").unwrap()
}

#[test]
fn game_counts_are_invariant_under_relabelling() {
    let g = relabelled_1x4();
    let opts = CountOptions::default();
    for r in [Ruleset::Psk, Ruleset::TrompTaylor] {
        assert_eq!(
            count_games(&g, Rules::new(r), &opts).unwrap(),
            games("1x4", Rules::new(r), None),
            "{r}"
        );
    }
    for r in [Ruleset::Ssk, Ruleset::Nssk, Ruleset::Fixed, Ruleset::Basic] {
        let opts = CountOptions {
            depth: Some(7),
            ..CountOptions::default()
        };
        assert_eq!(
            count_games(&g, Rules::new(r), &opts).unwrap(),
            games("1x4", Rules::new(r), Some(7)),
            "{r}"
        );
    }
}

// ---------------------------------------------------------------- errors

/// Counts that cannot be made: basic ko without a depth (infinitely many
/// games), a count past u128 (basic ko on 2x2 has at least two legal moves
/// at every turn, so 2^130 move sequences of 130 moves at least: more than
/// u128 holds), and counts past a node or memo limit. Each case: board,
/// ruleset, options, the error, and what its message says (if checked).
#[test]
fn impossible_counts_are_errors() {
    use Ruleset::{Basic, Kee, Psk, Ssk, TrompTaylor};
    let with = |f: fn(&mut CountOptions)| {
        let mut o = CountOptions::default();
        f(&mut o);
        o
    };
    let depth_130 = with(|o| o.depth = Some(130));
    let nodes = with(|o| o.max_nodes = Some(1000));
    let memo = with(|o| o.max_memo_entries = Some(500));
    let infinite = PerftError::InfiniteGames {
        ruleset: Ruleset::Basic,
    };
    let overflow = PerftError::Overflow;
    let node_limit = PerftError::NodeLimit { limit: 1000 };
    let memo_limit = PerftError::MemoLimit { limit: 500 };
    let default = CountOptions::default();
    let cases = [
        ("1x2", Basic, default, infinite, Some("depth")),
        ("2x2", Basic, depth_130, overflow, Some("overflow")),
        ("2x2", Kee, nodes.clone(), node_limit.clone(), None),
        ("2x2", Psk, nodes.clone(), node_limit.clone(), None),
        ("2x2", Ssk, nodes, node_limit, None),
        ("2x2", Psk, memo.clone(), memo_limit.clone(), None),
        ("2x2", Ssk, memo.clone(), memo_limit.clone(), None),
        ("1x4", TrompTaylor, memo, memo_limit, None),
    ];
    for (spec, r, opts, want, says) in cases {
        let err = count_games(&board(spec), Rules::new(r), &opts).unwrap_err();
        assert_eq!(err, want, "{spec} {r}");
        if let Some(says) = says {
            assert!(err.to_string().contains(says), "{err}");
        }
    }
}

#[test]
fn plain_and_memo_counts_agree_through_the_game_trait() {
    // count_games_in from a state after some moves, with and without memo.
    use kosolve_perft::count_games_in;
    let mut g = AnyGame::new(Arc::new(board("1x3")), Rules::new(Ruleset::Nssk));
    let first = g.legal_move_list()[1];
    g.play(first);
    let before = g.moves().to_vec();
    let with = count_games_in(&mut g, &CountOptions::default()).unwrap();
    let without = count_games_in(
        &mut g,
        &CountOptions {
            memo: false,
            ..CountOptions::default()
        },
    )
    .unwrap();
    assert_eq!(g.moves(), &before[..], "the game is returned unchanged");
    assert_eq!(with.games, without.games);
    assert_eq!(without.method, CountMethod::Plain);
    assert!(with.nodes < without.nodes);
    let mut budget = 20_000_000;
    assert_eq!(Some(with.games), plain(&mut g, None, &mut budget));
}
