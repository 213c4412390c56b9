//! Dependency tracking (history-free keys with the history each bound
//! depends on) against whole-history keys and the plain alpha-beta
//! reference, from random mid-game states: there the history before the
//! root is long and varied, which is where a wrong dependency would show.

mod common;

use common::*;
use kosolve_rules::Ruleset;
use kosolve_solver::SolveOptions;
use kosolve_solver::{AvoidFilter, Limits, SearchSettings};
use kosolve_testkit::reference;

fn options(deps: bool, threads: usize) -> SolveOptions {
    SolveOptions {
        limits: Limits {
            max_nodes: Some(1_000_000),
            ..opts(threads).limits
        },
        search: SearchSettings {
            dependencies: deps,
            pv: false,
            ..opts(threads).search
        },
        ..opts(threads)
    }
}

/// [`options`] with the large D- filter, which the default picks only on
/// lines and rings of 12 points or more (too large for these tests).
fn large_filter(deps: bool, threads: usize) -> SolveOptions {
    let mut o = options(deps, threads);
    o.search.avoid_filter = AvoidFilter::Large;
    o
}

fn compare(rs: Ruleset, boards: &[&str], komi: i32, states: usize) {
    compare_with(rs, boards, komi, states, options);
}

fn compare_with(
    rs: Ruleset,
    boards: &[&str],
    komi: i32,
    states: usize,
    options: fn(bool, usize) -> SolveOptions,
) {
    let mut compared = 0;
    let mut with_reference = 0;
    let mut memo_checked = 0;
    let seed = 0x5EED ^ rs as u64;
    for (g, label) in random_states(rs, boards, komi, states, seed, |i| 2 + i % 14) {
        let Some((w, _)) = same_value_when_on(&g, &label, "dependencies", options) else {
            continue;
        };
        compared += 1;
        if let Some((a, _)) = reference::alphabeta(&mut g.clone(), 2_000_000) {
            assert_eq!(a, w, "{label}: plain alpha-beta");
            with_reference += 1;
            // The memoised boolean reference (used where alpha-beta
            // does not finish, tests/reference.rs) agrees: value >= a
            // holds and value >= a + 1 does not.
            for (c, want) in [(a, true), (a + 1, false)] {
                if let Some((yes, _)) =
                    reference::at_least_memo(&mut g.clone(), c, 2_000_000, 1 << 20)
                {
                    assert_eq!(yes, want, "{label}: memoised boolean, value >= {c}");
                    memo_checked += 1;
                }
            }
        }
    }
    eprintln!(
        "{rs}: {compared} states compared, {with_reference} also with plain alpha-beta, \
         {memo_checked} memoised boolean answers"
    );
    assert!(
        compared >= states,
        "{rs}: only {compared} states finished under whole keys"
    );
    assert!(with_reference > 0, "{rs}: the reference never finished");
    assert!(
        memo_checked > 0,
        "{rs}: the memoised boolean search never finished"
    );
}

#[test]
fn superko_dependencies_match_whole_keys() {
    for rs in [
        Ruleset::Psk,
        Ruleset::TrompTaylor,
        Ruleset::Ssk,
        Ruleset::Nssk,
    ] {
        compare(rs, &["1x4", "2x2", "1x5", "2x3"], 0, 12);
    }
}

/// The large D- filter's own code paths (its slots, its frames) against
/// whole keys and the reference.
#[test]
fn dependencies_with_the_large_filter_match_whole_keys() {
    for rs in [Ruleset::Psk, Ruleset::Bkr] {
        compare_with(rs, &["1x4", "2x2", "1x5", "2x3"], 0, 6, large_filter);
    }
}

#[test]
fn fixed_and_primitive_dependencies_match_whole_keys() {
    for rs in [Ruleset::Fixed, Ruleset::BasicFixed, Ruleset::Primitive] {
        compare(rs, &["1x4", "2x2", "1x5"], 0, 12);
    }
}

/// bkr: the entries are the prohibition rule's (frame, player, point)
/// triples, and the basic ko ban is part of the history-free key
/// (docs/solver.md, "Dependency tracking").
#[test]
fn bkr_dependencies_match_whole_keys() {
    compare(Ruleset::Bkr, &["1x4", "2x2", "1x5", "2x3"], 0, 12);
}

#[test]
fn fundamental_dependencies_match_whole_keys() {
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        compare(rs, &["1x3", "1x4", "2x2"], 1, 10);
    }
}
