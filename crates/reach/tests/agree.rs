//! The proof search for `basic` against two independent methods:
//!
//! - the naive forward recursion over the rules engine's own game
//!   (`StandardGame`, which knows nothing of this crate's states, keys,
//!   sinks or bounds): "can the forcer force an end at least this good
//!   within d moves", with d the number of distinct states the game
//!   reaches (exact, see crates/retrograde/tests/forward.rs), on boards of
//!   up to 5 points;
//! - the retrograde analysis (crate kosolve-retrograde), which lists every
//!   reachable state and computes attractors, up to 3x3 and 1x8, and from
//!   random mid-game starts.
//!
//! The naive recursion runs every option set (symmetry and static bounds
//! on or off); the other tests run all on and all off.
//!
//! Every principal variation is replayed by the rules engine: a finished
//! one must end with exactly the value's margin, a void one must return
//! to the state where its cycle starts without ending.

// The retrograde crate's test helpers: the naive forward recursion, the
// game graph over the engine's future keys and the value rule, shared
// rather than written again.
#[path = "../../retrograde/tests/common/mod.rs"]
mod common;

use common::{force, value_rule, KeyGraph};
use kosolve_board::{Board, Color, Suicide};
use kosolve_budget::Budget;
use kosolve_reach::{
    solve_basic_pns, solve_basic_pns_facts, BasicStart, BasicValue, ReachOptions, ReachSolution,
};
use kosolve_retrograde::{solve_basic_from, RetroOptions};
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, StandardGame};
use std::collections::HashMap;
use std::sync::Arc;

fn variants() -> Vec<Rules> {
    let base = Rules::new(Ruleset::Basic);
    let mut v = Vec::new();
    for k in [0, 1, -1, 2, 3, -4, 5] {
        v.push(base.with_komi(Komi(k)));
    }
    let allowed = base.with_suicide(Suicide::Allowed).unwrap();
    for k in [0, 1, -3] {
        v.push(allowed.with_komi(Komi(k)));
    }
    v.push(base.with_end_passes(3).unwrap());
    v.push(base.with_end_passes(1).unwrap());
    v
}

fn all_opts() -> Vec<ReachOptions> {
    let mut v = Vec::new();
    for symmetry in [true, false] {
        for static_bounds in [true, false] {
            v.push(ReachOptions {
                symmetry,
                static_bounds,
            });
        }
    }
    v
}

/// Every option on, and every option off.
fn two_opts() -> Vec<ReachOptions> {
    vec![
        ReachOptions::default(),
        ReachOptions {
            symmetry: false,
            static_bounds: false,
        },
    ]
}

fn pns(board: &Board, rules: &Rules, start: &BasicStart, opts: &ReachOptions) -> ReachSolution {
    solve_basic_pns(board, rules, start, opts, &Budget::unlimited()).unwrap()
}

/// Replays the principal variation from `g`.
fn check_pv(mut g: StandardGame, rules: &Rules, s: &ReachSolution, what: &str) {
    let mut at_cycle = None;
    for (i, &m) in s.pv.iter().enumerate() {
        if s.pv_cycle_start == Some(i) {
            at_cycle = Some((
                g.position(),
                g.to_move(),
                g.consecutive_passes(),
                g.legal_move_list(),
            ));
        }
        assert!(g.try_play(m), "{what}: pv move {i} ({m:?}) is illegal");
    }
    match s.value {
        BasicValue::Margin(v) => {
            let r = g
                .result()
                .unwrap_or_else(|| panic!("{what}: the pv does not end"));
            assert_eq!(
                2 * r.raw_margin().unwrap() - rules.komi.halves(),
                v,
                "{what}"
            );
            assert_eq!(s.pv_cycle_start, None, "{what}");
        }
        BasicValue::Void => {
            assert!(g.result().is_none(), "{what}: a void line ends");
            let c = at_cycle.unwrap_or_else(|| panic!("{what}: no cycle"));
            assert_eq!(
                c,
                (
                    g.position(),
                    g.to_move(),
                    g.consecutive_passes(),
                    g.legal_move_list()
                ),
                "{what}"
            );
        }
    }
}

/// VB and VW (half points, komi applied) by the naive recursion.
fn naive(board: &Board, rules: &Rules) -> (Option<i32>, Option<i32>) {
    let mut g = StandardGame::new(Arc::new(board.clone()), *rules);
    let k = rules.komi.halves();
    // Depth: the states the game reaches, plus one (exact, see
    // crates/retrograde/tests/forward.rs).
    let d = KeyGraph::build(&mut g, k).non_terminal() + 1;
    let n = board.len() as i32;
    let ms: Vec<i32> = (-n..=n).map(|r| 2 * r - k).collect();
    // One memo per question: its entries are answers to that question.
    let vb = ms
        .iter()
        .rev()
        .copied()
        .find(|&m| force(&mut g, k, Color::Black, m, d, &mut HashMap::new()));
    let vw = ms
        .iter()
        .copied()
        .find(|&m| force(&mut g, k, Color::White, m, d, &mut HashMap::new()));
    (vb, vw)
}

#[test]
fn the_proof_search_equals_the_naive_recursion_up_to_five_points() {
    for spec in ["1x1", "1x2", "1x3", "1x4", "1x5", "2x2"] {
        let board = Board::parse(spec).unwrap();
        // 1x5's naive recursion is the slow one: every third variant.
        let step = if spec == "1x5" { 3 } else { 1 };
        for rules in variants().into_iter().step_by(step) {
            let (vb, vw) = naive(&board, &rules);
            for opts in all_opts() {
                let what = format!("{spec} {rules:?} {opts:?}");
                let s = pns(&board, &rules, &BasicStart::EMPTY, &opts);
                assert_eq!((s.vb, s.vw), (vb, vw), "{what}");
                assert_eq!(s.value, value_rule(vb, vw), "{what}");
                check_pv(
                    StandardGame::new(Arc::new(board.clone()), rules),
                    &rules,
                    &s,
                    &what,
                );
            }
        }
    }
}

#[test]
fn the_proof_search_equals_the_retrograde_analysis_on_small_boards() {
    for spec in ["1x6", "1x7", "2x3", "2x4", "3x3"] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let r = solve_basic_from(&board, &rules, &BasicStart::EMPTY, &RetroOptions::default())
                .unwrap();
            for opts in two_opts() {
                let what = format!("{spec} {rules:?} {opts:?}");
                let s = pns(&board, &rules, &BasicStart::EMPTY, &opts);
                assert_eq!((s.value, s.vb, s.vw), (r.value, r.vb, r.vw), "{what}");
                check_pv(
                    StandardGame::new(Arc::new(board.clone()), rules),
                    &rules,
                    &s,
                    &what,
                );
            }
        }
    }
}

/// A seeded xorshift generator.
struct Rng(u64);

impl Rng {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// A random legal line of up to `max_len` moves from the empty board,
    /// a pass kept one time in `pass_odds`; `None` if it ends the game.
    fn line(
        &mut self,
        board: &Arc<Board>,
        rules: Rules,
        max_len: usize,
        pass_odds: usize,
    ) -> Option<StandardGame> {
        let mut g = StandardGame::new(board.clone(), rules);
        for _ in 0..self.below(max_len) {
            let ms = g.legal_move_list();
            if g.result().is_some() || ms.is_empty() {
                break;
            }
            let m = ms[self.below(ms.len())];
            if m == Move::Pass && self.below(pass_odds) != 0 {
                continue;
            }
            g.play(m);
        }
        g.result().is_none().then_some(g)
    }
}

/// From where `g` stands (its position, player, ko position and passes):
/// the proof search with each option set equals the retrograde analysis,
/// and its principal variation replays.
fn agree_from(g: &StandardGame, rules: &Rules, all: &[ReachOptions], what: &str) {
    let board = g.board().clone();
    let start = BasicStart::of_game(g);
    let r = solve_basic_from(&board, rules, &start, &RetroOptions::default()).unwrap();
    for opts in all {
        let what = format!("{what} {opts:?} from {start:?}");
        let s = pns(&board, rules, &start, opts);
        assert_eq!((s.value, s.vb, s.vw), (r.value, r.vb, r.vw), "{what}");
        check_pv(g.clone(), rules, &s, &what);
    }
}

/// Random mid-game starts: a random legal line from the empty board, its
/// end taken as the start (with the ko position and passes it leaves).
#[test]
fn the_proof_search_equals_the_retrograde_analysis_from_random_starts() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut cases = 0;
    for spec in ["2x3", "2x4", "3x3", "1x7"] {
        let board = Arc::new(Board::parse(spec).unwrap());
        for rules in variants() {
            for _ in 0..4 {
                if let Some(g) = rng.line(&board, rules, 12, 4) {
                    agree_from(&g, &rules, &two_opts(), &format!("{spec} {rules:?}"));
                    cases += 1;
                }
            }
        }
    }
    assert!(cases > 80, "{cases} starts");
}

/// Cycle-rich starts: suicide allowed (a player may take her own stones
/// off and play them again), no static bounds, so that most disproofs
/// read sinks and are kept and reused (docs/reach.md, "Reuse").
#[test]
fn the_proof_search_equals_the_retrograde_analysis_where_cycles_abound() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let opts = [ReachOptions {
        symmetry: false,
        static_bounds: false,
    }];
    let mut cases = 0;
    for spec in ["1x5", "1x6", "2x3", "2x4", "1x7"] {
        let board = Arc::new(Board::parse(spec).unwrap());
        for k in [0, 1, -1, 2, 3, -3] {
            let rules = Rules::new(Ruleset::Basic)
                .with_suicide(Suicide::Allowed)
                .unwrap()
                .with_komi(Komi(k));
            for _ in 0..6 {
                if let Some(g) = rng.line(&board, rules, 10, 3) {
                    agree_from(&g, &rules, &opts, &format!("{spec} komi {k}"));
                    cases += 1;
                }
            }
        }
    }
    assert!(cases > 120, "{cases} starts");
}

/// Every exact fact the table holds at the end of a solve, about every
/// state it stored, checked against the retrograde analysis from that
/// state: the facts inside the search, not only the root's answer (a wrong
/// fact about a state the root's answer did not need would go unseen
/// otherwise). Both suicide settings, several komis, every option set.
#[test]
fn every_stored_fact_equals_the_retrograde_analysis_from_its_state() {
    let mut checked = 0;
    for spec in ["1x5", "2x2", "2x3", "1x6"] {
        let board = Board::parse(spec).unwrap();
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            for k in [0, -3] {
                let rules = Rules::new(Ruleset::Basic)
                    .with_suicide(suicide)
                    .unwrap()
                    .with_komi(Komi(k));
                for opts in two_opts() {
                    let (_, facts) =
                        solve_basic_pns_facts(&board, &rules, &BasicStart::EMPTY, &opts).unwrap();
                    let zero = rules.with_komi(Komi(0));
                    for (start, f) in facts {
                        let r = solve_basic_from(&board, &zero, &start, &RetroOptions::default())
                            .unwrap();
                        // Raw margins: VB and VW at komi 0 are twice them.
                        let vb = r.vb.map(|h| h / 2);
                        let vw = r.vw.map(|h| h / 2);
                        let what = format!("{spec} {suicide:?} komi {k} {opts:?} at {start:?}: {f:?} against VB {vb:?} VW {vw:?}");
                        if let Some(x) = f.black_forces {
                            assert!(vb.is_some_and(|v| v >= x), "{what}");
                        }
                        if let Some(x) = f.black_fails {
                            assert!(vb.is_none_or(|v| v < x), "{what}");
                        }
                        if let Some(x) = f.white_forces {
                            assert!(vw.is_some_and(|v| v <= x), "{what}");
                        }
                        if let Some(x) = f.white_fails {
                            assert!(vw.is_none_or(|v| v > x), "{what}");
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 2_000, "{checked} facts");
}
