//! Helpers shared by the tests that check the retrograde solver against
//! the rules engine's own game (`StandardGame`, ruleset `basic`), which
//! knows nothing of the retrograde state encoding: the game graph over the
//! engine's `future_key`s, the layered fixpoint, the naive forward
//! recursion, and the replay of principal variations (see forward.rs).

#![allow(dead_code)]

use kosolve_board::Color;
use kosolve_retrograde::{BasicSolution, BasicValue};
use kosolve_rules::{Game, Rules, StandardGame};
use std::collections::{BTreeSet, HashMap};

/// The final margin (half points, komi applied) once the game is over.
pub fn final_margin(g: &StandardGame, komi: i32) -> Option<i32> {
    g.result()
        .map(|r| 2 * r.raw_margin().expect("basic scores by area") - komi)
}

/// The value rule of docs/rules.md, "`basic`: basic ko (the voidness-class
/// representative)", written out again here.
pub fn value_rule(vb: Option<i32>, vw: Option<i32>) -> BasicValue {
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
pub struct KeyGraph {
    /// Children of each node (with repetitions for moves reaching the same node).
    pub children: Vec<Vec<usize>>,
    /// The final margin of terminal nodes.
    pub margin: Vec<Option<i32>>,
    /// The player to move at each node.
    pub to_move: Vec<Color>,
}

impl KeyGraph {
    pub fn build(g: &mut StandardGame, komi: i32) -> KeyGraph {
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

    pub fn non_terminal(&self) -> usize {
        self.margin.iter().filter(|m| m.is_none()).count()
    }

    pub fn margins(&self) -> BTreeSet<i32> {
        self.margin.iter().flatten().copied().collect()
    }

    /// Whether `forcer` can force an end at least as good as `m` from the
    /// start: layered fixpoint.
    pub fn forces(&self, forcer: Color, m: i32) -> bool {
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

    pub fn vb_vw(&self) -> (Option<i32>, Option<i32>) {
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
pub fn force(
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

/// Replays a solution's principal variation in the rules engine from `g`
/// (the game at the solve's start).
pub fn check_pv_from(mut g: StandardGame, rules: Rules, s: &BasicSolution) {
    let name = g.board().name().to_string();
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
        assert!(g.try_play(m), "{}: pv move {i} ({m:?}) is illegal", name);
    }
    match s.value {
        BasicValue::Margin(v) => {
            assert_eq!(final_margin(&g, rules.komi.halves()), Some(v), "{}", name);
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
