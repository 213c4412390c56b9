//! Independent checks of the retrograde solver against the rules engine's
//! own game (`kosolve_rules::StandardGame`, ruleset `basic`), which knows
//! nothing of the retrograde state encoding.
//!
//! 1. A deliberately naive forward analysis: "can Black force the game to
//!    end with margin >= m within d moves" by plain AND/OR recursion over
//!    the legal moves (memoised on the game's own `future_key` and the
//!    depth, so that depths of a few hundred plies are affordable).
//!    The depth bound d = N, the number of distinct non-terminal states the
//!    game reaches (counted here by a depth-first walk over `future_key`),
//!    is exact: the sets "can force within d" grow with d and, once one of
//!    them equals the next, stay fixed; they are subsets of N states plus
//!    terminals, so they are fixed from d = N on. The test also checks that
//!    the answers at N, N + 1, ..., N + 4 agree and reports the smallest
//!    depth from which the root's answers no longer change.
//! 2. A layered fixpoint (the attractor built layer by layer, without
//!    counters or ranks) over the graph of `future_key`s, for boards too
//!    large for 1: iterate W_{d+1} = target + {forcer to move: some child
//!    in W_d} + {opponent to move: every child in W_d} until W_{d+1} = W_d.

use kosolve_board::{Board, Color};
use kosolve_retrograde::{solve_basic_with, BasicSolution, BasicValue, RetroOptions};
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, StandardGame};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// The final margin (half points, komi applied) once the game is over.
fn final_margin(g: &StandardGame, komi: i32) -> Option<i32> {
    g.result()
        .map(|r| 2 * r.raw_margin().expect("basic scores by area") - komi)
}

/// The value rule of docs/rules.md, "`basic`: basic ko (the voidness-class
/// representative)", written out again here.
fn value_rule(vb: Option<i32>, vw: Option<i32>) -> BasicValue {
    if let Some(b) = vb.filter(|&b| b > 0) {
        BasicValue::Margin(b)
    } else if let Some(w) = vw.filter(|&w| w < 0) {
        BasicValue::Margin(w)
    } else if vb == Some(0) || vw == Some(0) {
        BasicValue::Margin(0)
    } else {
        BasicValue::Void
    }
}

/// The game graph over `future_key`s: node 0 is the start.
struct KeyGraph {
    /// Children of each node (with repetitions for moves reaching the same node).
    children: Vec<Vec<usize>>,
    /// The final margin of terminal nodes.
    margin: Vec<Option<i32>>,
    /// The player to move at each node.
    to_move: Vec<Color>,
}

impl KeyGraph {
    fn build(g: &mut StandardGame, komi: i32) -> KeyGraph {
        let mut kg = KeyGraph {
            children: Vec::new(),
            margin: Vec::new(),
            to_move: Vec::new(),
        };
        let mut ids: HashMap<u128, usize> = HashMap::new();
        kg.visit(g, komi, &mut ids);
        kg
    }

    fn visit(&mut self, g: &mut StandardGame, komi: i32, ids: &mut HashMap<u128, usize>) -> usize {
        let key = g.future_key().expect("basic has future keys");
        if let Some(&i) = ids.get(&key) {
            return i;
        }
        let i = self.children.len();
        ids.insert(key, i);
        self.children.push(Vec::new());
        self.margin.push(final_margin(g, komi));
        self.to_move.push(g.to_move());
        let mut kids = Vec::new();
        for m in g.legal_move_list() {
            g.play(m);
            kids.push(self.visit(g, komi, ids));
            g.undo();
        }
        self.children[i] = kids;
        i
    }

    fn non_terminal(&self) -> usize {
        self.margin.iter().filter(|m| m.is_none()).count()
    }

    fn margins(&self) -> BTreeSet<i32> {
        self.margin.iter().flatten().copied().collect()
    }

    /// Whether `forcer` can force an end at least as good as `m` from the
    /// start: layered fixpoint.
    fn forces(&self, forcer: Color, m: i32) -> bool {
        let good = |x: i32| match forcer {
            Color::Black => x >= m,
            Color::White => x <= m,
        };
        let n = self.children.len();
        let mut w: Vec<bool> = (0..n).map(|i| self.margin[i].is_some_and(good)).collect();
        loop {
            let next: Vec<bool> = (0..n)
                .map(|i| {
                    if self.margin[i].is_some() {
                        w[i]
                    } else if self.to_move[i] == forcer {
                        self.children[i].iter().any(|&c| w[c])
                    } else {
                        self.children[i].iter().all(|&c| w[c])
                    }
                })
                .collect();
            if next == w {
                return w[0];
            }
            w = next;
        }
    }

    fn vb_vw(&self) -> (Option<i32>, Option<i32>) {
        let ms = self.margins();
        let vb = ms
            .iter()
            .rev()
            .copied()
            .find(|&m| self.forces(Color::Black, m));
        let vw = ms.iter().copied().find(|&m| self.forces(Color::White, m));
        (vb, vw)
    }
}

/// The naive recursion: can `forcer` force an end at least as good as `m`
/// within `d` moves?
fn force(
    g: &mut StandardGame,
    komi: i32,
    forcer: Color,
    m: i32,
    d: usize,
    memo: &mut HashMap<(u128, usize), bool>,
) -> bool {
    if let Some(x) = final_margin(g, komi) {
        return match forcer {
            Color::Black => x >= m,
            Color::White => x <= m,
        };
    }
    if d == 0 {
        return false;
    }
    let key = (g.future_key().unwrap(), d);
    if let Some(&r) = memo.get(&key) {
        return r;
    }
    let mine = g.to_move() == forcer;
    let mut res = !mine;
    for mv in g.legal_move_list() {
        g.play(mv);
        let r = force(g, komi, forcer, m, d - 1, memo);
        g.undo();
        if r == mine {
            res = mine;
            break;
        }
    }
    memo.insert(key, res);
    res
}

fn game(board: &Board, rules: Rules) -> StandardGame {
    StandardGame::new(Arc::new(board.clone()), rules)
}

fn solve(board: &Board, rules: &Rules, canonical_ko: bool) -> BasicSolution {
    let opts = RetroOptions {
        canonical_ko,
        ..RetroOptions::default()
    };
    solve_basic_with(board, rules, &opts).unwrap()
}

/// Rule variants checked on every small board: komi, suicide, end passes.
fn variants() -> Vec<Rules> {
    let base = Rules::new(Ruleset::Basic);
    let mut v = Vec::new();
    for k in [0, 1, -1, 2, 3, -4] {
        v.push(base.with_komi(Komi(k)));
    }
    v.push(base.with_suicide(kosolve_board::Suicide::Allowed).unwrap());
    v.push(
        base.with_suicide(kosolve_board::Suicide::Allowed)
            .unwrap()
            .with_komi(Komi(1)),
    );
    v.push(base.with_end_passes(3).unwrap());
    v.push(base.with_end_passes(1).unwrap());
    v
}

#[test]
fn naive_forward_recursion_agrees_on_tiny_boards() {
    for spec in ["1x1", "1x2", "1x3", "2x1"] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let komi = rules.komi.halves();
            let mut g = game(&board, rules);
            let kg = KeyGraph::build(&mut g, komi);
            let n = kg.non_terminal();
            let raw = solve(&board, &rules, false);
            let canon = solve(&board, &rules, true);
            assert_eq!(raw.states, n, "{spec} {rules:?}: raw state count");
            assert!(canon.states <= raw.states);

            let margins = kg.margins();
            let mut found = [None, None];
            let mut stable_from = 0;
            for (side, forcer) in Color::BOTH.into_iter().enumerate() {
                let order: Vec<i32> = match forcer {
                    Color::Black => margins.iter().rev().copied().collect(),
                    Color::White => margins.iter().copied().collect(),
                };
                for &m in &order {
                    let mut memo = HashMap::new();
                    let at = |d: usize, memo: &mut HashMap<_, _>, g: &mut StandardGame| {
                        force(g, komi, forcer, m, d, memo)
                    };
                    let exact = at(n, &mut memo, &mut g);
                    for extra in 1..=4 {
                        assert_eq!(at(n + extra, &mut memo, &mut g), exact);
                    }
                    let first = (0..=n)
                        .rev()
                        .find(|&d| at(d, &mut memo, &mut g) != exact)
                        .map_or(0, |d| d + 1);
                    stable_from = stable_from.max(first);
                    if exact && found[side].is_none() {
                        found[side] = Some(m);
                    }
                }
            }
            let [vb, vw] = found;
            eprintln!(
                "{spec} komi {} suicide {} end {:?}: VB {vb:?} VW {vw:?}, {n} states, answers stable from depth {stable_from}",
                rules.komi, rules.suicide, rules.end
            );
            for s in [&raw, &canon] {
                assert_eq!((s.vb, s.vw), (vb, vw), "{spec} {rules:?}");
                assert_eq!(s.value, value_rule(vb, vw), "{spec} {rules:?}");
            }
        }
    }
}

#[test]
fn layered_fixpoint_agrees_on_small_boards() {
    for spec in ["1x4", "1x5", "2x2", "4x1"] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let komi = rules.komi.halves();
            let kg = KeyGraph::build(&mut game(&board, rules), komi);
            let (vb, vw) = kg.vb_vw();
            let raw = solve(&board, &rules, false);
            let canon = solve(&board, &rules, true);
            assert_eq!(raw.states, kg.non_terminal(), "{spec} {rules:?}");
            for s in [&raw, &canon] {
                assert_eq!((s.vb, s.vw), (vb, vw), "{spec} {rules:?}");
                assert_eq!(s.value, value_rule(vb, vw), "{spec} {rules:?}");
            }
        }
    }
}

#[test]
fn layered_fixpoint_agrees_on_2x3() {
    let board = Board::parse("2x3").unwrap();
    for k in [0, 1] {
        let rules = Rules::new(Ruleset::Basic).with_komi(Komi(k));
        let kg = KeyGraph::build(&mut game(&board, rules), k);
        let (vb, vw) = kg.vb_vw();
        let s = solve(&board, &rules, true);
        assert_eq!((s.vb, s.vw), (vb, vw));
        assert_eq!(s.value, value_rule(vb, vw));
    }
}

/// Replays a solution's principal variation in the rules engine.
fn check_pv(board: &Board, rules: Rules, s: &BasicSolution) {
    let mut g = game(board, rules);
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
        assert!(
            g.try_play(m),
            "{}: pv move {i} ({m:?}) is illegal",
            board.name()
        );
    }
    match s.value {
        BasicValue::Margin(v) => {
            assert_eq!(
                final_margin(&g, rules.komi.halves()),
                Some(v),
                "{}",
                board.name()
            );
            assert_eq!(s.pv_cycle_start, None);
        }
        BasicValue::Void => {
            assert!(g.result().is_none(), "a void line must not end the game");
            let c = at_cycle.expect("a void line names its cycle");
            // The state after the line has the same future as the one at the
            // cycle's start: same position, player, passes and legal moves.
            assert_eq!(
                c,
                (
                    g.position(),
                    g.to_move(),
                    g.consecutive_passes(),
                    g.legal_move_list()
                )
            );
            assert!(!s.pv[s.pv_cycle_start.unwrap()..].is_empty());
        }
    }
}

#[test]
fn principal_variations_replay_in_the_rules_engine() {
    for spec in [
        "1x1", "1x2", "1x3", "1x4", "1x5", "1x6", "2x1", "2x2", "2x3", "3x2", "3x3", "2x4",
    ] {
        let board = Board::parse(spec).unwrap();
        for rules in variants() {
            let s = solve(&board, &rules, true);
            check_pv(&board, rules, &s);
        }
    }
    // Komis around the whole-board margins: White wins, jigo by VW = 0,
    // Black wins by half a point, and void games turned finished.
    for spec in ["1x3", "1x5", "2x2", "2x3", "3x3"] {
        let board = Board::parse(spec).unwrap();
        for k in [-19, -18, -13, -12, -9, -8, -7, 7, 8, 9, 12, 13, 18, 19] {
            let rules = Rules::new(Ruleset::Basic).with_komi(Komi(k));
            let s = solve(&board, &rules, true);
            check_pv(&board, rules, &s);
        }
    }
    let _ = Move::Pass;
}

/// Runs `f` on each board in a thread with a large stack (the depth-first
/// walk over `future_key`s recurses once per move of the longest path).
fn fixpoint_check(specs: &'static [&'static str]) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            for spec in specs {
                let board = Board::parse(spec).unwrap();
                let rules = Rules::new(Ruleset::Basic);
                let t = std::time::Instant::now();
                let kg = KeyGraph::build(&mut game(&board, rules), 0);
                let (vb, vw) = kg.vb_vw();
                let raw = solve(&board, &rules, false);
                let canon = solve(&board, &rules, true);
                eprintln!(
                    "{spec}: forward VB {vb:?} VW {vw:?}, {} states, {:.1}s",
                    kg.non_terminal(),
                    t.elapsed().as_secs_f64()
                );
                assert_eq!(raw.states, kg.non_terminal(), "{spec}");
                for s in [&raw, &canon] {
                    assert_eq!((s.vb, s.vw), (vb, vw), "{spec}");
                    assert_eq!(s.value, value_rule(vb, vw), "{spec}");
                }
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

/// 3x3 and 2x4 against the layered fixpoint (a few seconds in release).
#[test]
fn layered_fixpoint_agrees_on_3x3_and_2x4() {
    fixpoint_check(&["2x4", "3x3"]);
}

/// 2x5 and 3x4 against the layered fixpoint (minutes; millions of states).
/// `cargo test -p kosolve-retrograde --release -- --ignored`
#[test]
#[ignore]
fn layered_fixpoint_agrees_on_2x5_and_3x4() {
    fixpoint_check(&["2x5", "3x4"]);
}
