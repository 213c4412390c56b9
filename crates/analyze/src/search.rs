//! The analysis itself: one solve per legal move, sharing tables where
//! the ruleset's search keeps them.

use crate::{Analysis, AnalyzeError, MoveStatus, MoveValue};
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Game, Komi, Move, Rules, Ruleset, Setup, ValueKind};
use kosolve_solver::{
    check_feasible_within, outcome, result_value, solve_from, solve_game_with, value_range, Answer,
    Outcome, SolveError, SolveOptions, Stop, Tables, Value,
};
use std::sync::Arc;
use std::time::Instant;

/// Analyses every legal move of the player to move at the end of `setup`
/// under `rules`: the exact value after each (in the units of a solve
/// from that start, docs/rules.md), or, where `opts`' node or time limit
/// or its cancellation token stops it, the proven bounds. The limits hold
/// for the whole analysis, not for each move. `on_move` sees each move as
/// soon as it is done.
///
/// Bad input (a start the ruleset cannot play, a board too large for the
/// ruleset's method without a limit) is an error before any search.
pub fn analyze(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    on_move: &mut dyn FnMut(&MoveValue),
) -> Result<Analysis, AnalyzeError> {
    let root = setup
        .game(board.clone(), rules)
        .map_err(SolveError::Setup)?;
    if root.result().is_some() {
        return Err(AnalyzeError::GameOver);
    }
    // The search's own limits, Kee's included: every move is solved by a
    // search from a start with moves, never by Kee's parity method
    // (docs/analyze.md). A start too large leaves every move refused.
    let refusal = match opts.search.refuse_large {
        true => {
            let limited = opts.limits.max_nodes.is_some() || opts.limits.max_seconds.is_some();
            match check_feasible_within(board, &rules, setup, limited) {
                Err(SolveError::TooLarge(why)) => Some(why),
                Err(e) => return Err(e.into()),
                Ok(()) => None,
            }
        }
        false => None,
    };
    let mut run = Run {
        board,
        rules,
        opts,
        start: Instant::now(),
        nodes: 0,
        stopped: None,
    };
    let moves = root.legal_move_list();
    let mut out = Vec::with_capacity(moves.len());
    if let Some(why) = refusal {
        for &m in &moves {
            let mv = run.refused(m, why.clone());
            on_move(&mv);
            out.push(mv);
        }
    } else if by_setup(rules.ruleset) {
        for &m in &moves {
            let mv = run.by_solve(setup, m);
            on_move(&mv);
            out.push(mv);
        }
    } else {
        let search = setup
            .game(board.clone(), search_rules(rules))
            .map_err(SolveError::Setup)?;
        let tables = Tables::new(&search, opts);
        for &m in &moves {
            let mv = run.by_table(&search, &tables, m);
            on_move(&mv);
            out.push(mv);
        }
    }
    Ok(Analysis {
        rules,
        to_move: root.to_move(),
        moves: out,
        nodes: run.nodes,
        seconds: run.start.elapsed().as_secs_f64(),
        stopped: run.stopped,
    })
}

/// The rulesets analysed through [`solve_from`] per move rather than one
/// search with shared tables: `basic` (retrograde analysis or the proof
/// search, neither of which takes a game state) and Kee (whose search
/// keeps no table, and whose method depends on the start).
fn by_setup(ruleset: Ruleset) -> bool {
    matches!(ruleset, Ruleset::Basic | Ruleset::Kee)
}

/// The rules the search runs under: the margin rulesets at komi 0 (the
/// komi applies to the outcome only), the others as given (Fundamental
/// Go's komi is prisoners).
fn search_rules(rules: Rules) -> Rules {
    if rules.ruleset.value_kind() == ValueKind::Margin {
        rules.with_komi(Komi::ZERO)
    } else {
        rules
    }
}

/// The state of one analysis: what the moves done so far spent.
struct Run<'a> {
    board: &'a Arc<Board>,
    rules: Rules,
    opts: &'a SolveOptions,
    start: Instant,
    nodes: u64,
    stopped: Option<Stop>,
}

impl Run<'_> {
    /// The options for the next move: what is left of the limits, or why
    /// nothing is.
    fn next_opts(&mut self) -> Result<SolveOptions, Stop> {
        let o = self.left();
        if let Err(why) = o {
            self.stopped = Some(why);
        }
        o
    }

    fn left(&self) -> Result<SolveOptions, Stop> {
        if let Some(stop) = self.stopped {
            return Err(stop);
        }
        if self.opts.limits.cancel.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        let mut o = self.opts.clone();
        if let Some(n) = self.opts.limits.max_nodes {
            let left = n.saturating_sub(self.nodes);
            if left == 0 {
                return Err(Stop::Nodes);
            }
            o.limits.max_nodes = Some(left);
        }
        if let Some(s) = self.opts.limits.max_seconds {
            let left = s - self.start.elapsed().as_secs_f64();
            if left <= 0.0 {
                return Err(Stop::Seconds);
            }
            o.limits.max_seconds = Some(left);
        }
        o.search.pv = true;
        Ok(o)
    }

    fn name(&self, m: Move) -> String {
        m.name(self.board)
    }

    /// A move the budget left unsearched: the ruleset's whole range.
    fn unsearched(&self, game: &AnyGame, m: Move, why: Stop) -> MoveValue {
        let (lo, hi) = value_range(game);
        let (lo, hi) = if self.rules.ruleset == Ruleset::Basic {
            (2 * lo - 1, 2 * hi + 1)
        } else {
            (lo, hi)
        };
        self.cell(m, lo, hi, Vec::new(), 0, 0.0, MoveStatus::NotSearched(why))
    }

    /// A move with bounds on a search value (a margin at komi 0 or +1/0/-1).
    #[allow(clippy::too_many_arguments)]
    fn cell(
        &self,
        m: Move,
        lower: i32,
        upper: i32,
        pv: Vec<Move>,
        nodes: u64,
        seconds: f64,
        status: MoveStatus,
    ) -> MoveValue {
        let exact = lower == upper && status.is_exact();
        MoveValue {
            mv: m,
            name: self.name(m),
            lower,
            upper,
            value: exact.then(|| Value::of_search(self.rules.ruleset, lower)),
            outcome: exact
                .then(|| outcome(self.rules.ruleset.value_kind(), lower, self.rules.komi)),
            pv,
            nodes,
            seconds,
            status,
        }
    }

    /// Solves the game after `m` with the shared tables.
    fn by_table(&mut self, search: &AnyGame, tables: &Tables, m: Move) -> MoveValue {
        let mut child = search.clone();
        child.play(m);
        if let Some(r) = child.result() {
            let v = result_value(&r);
            return self.cell(m, v, v, vec![m], 0, 0.0, MoveStatus::Ends);
        }
        let o = match self.next_opts() {
            Ok(o) => o,
            Err(why) => return self.unsearched(&child, m, why),
        };
        let sol = solve_game_with(&child, &o, tables);
        self.nodes += sol.stats.nodes;
        let status = match sol.stats.stopped {
            _ if sol.is_solved() => MoveStatus::Solved,
            Some(why) => {
                self.stopped = Some(why);
                MoveStatus::Stopped(why)
            }
            None => MoveStatus::Stopped(Stop::Nodes),
        };
        let pv = if sol.is_solved() {
            std::iter::once(m).chain(sol.pv.iter().copied()).collect()
        } else {
            Vec::new()
        };
        self.cell(
            m,
            sol.lower,
            sol.upper,
            pv,
            sol.stats.nodes,
            sol.stats.seconds,
            status,
        )
    }

    /// Solves the game after `m` as a solve from the setup plus `m` would.
    fn by_solve(&mut self, setup: &Setup, m: Move) -> MoveValue {
        let mut child_setup = setup.clone();
        child_setup.moves.push(m);
        let child = match child_setup.game(self.board.clone(), self.rules) {
            Ok(g) => g,
            Err(e) => return self.refused(m, e.to_string()),
        };
        if let Some(r) = child.result() {
            let v = result_value(&r);
            return self.ended(m, v);
        }
        let o = match self.next_opts() {
            Ok(o) => o,
            Err(why) => return self.unsearched(&child, m, why),
        };
        let report = match solve_from(self.board.clone(), self.rules, &child_setup, &o, None) {
            Ok(r) => r,
            Err(e) => return self.refused(m, e.to_string()),
        };
        self.nodes += report.total.nodes;
        let (nodes, seconds) = (report.total.nodes, report.total.seconds);
        let solved = report.answer.is_solved();
        let pv: Vec<Move> = if solved {
            std::iter::once(m)
                .chain(report.answer.pv().iter().copied())
                .collect()
        } else {
            Vec::new()
        };
        let status = match report.total.stopped {
            _ if solved => MoveStatus::Solved,
            Some(why) => {
                self.stopped = Some(why);
                MoveStatus::Stopped(why)
            }
            None => MoveStatus::Stopped(Stop::Nodes),
        };
        if let Some(b) = report.answer.basic() {
            let mut mv = self.cell(m, 0, 0, pv, nodes, seconds, status);
            let key = b.value.margin().unwrap_or(0);
            (mv.lower, mv.upper) = (key, key);
            mv.value = Some(Value::of_basic(b.value.margin()));
            mv.outcome = Some(basic_outcome(b.value.margin()));
            return mv;
        }
        match (report.answer.bounds(), &report.answer) {
            (Some((lo, hi)), _) => self.cell(m, lo, hi, pv, nodes, seconds, status),
            (
                None,
                Answer::Unfinished {
                    vb_at_least,
                    vw_at_most,
                    ..
                },
            ) => {
                let n = 2 * self.board.len() as i32 + 1;
                let lo = vb_at_least.unwrap_or(-n);
                let hi = vw_at_most.unwrap_or(n);
                self.cell(m, lo, hi, Vec::new(), nodes, seconds, status)
            }
            (None, _) => self.refused(m, "no bounds".into()),
        }
    }

    /// A move that ends the game with search value `v`, in `basic`'s
    /// units (half points with the komi applied) or the search's.
    fn ended(&self, m: Move, v: i32) -> MoveValue {
        if self.rules.ruleset != Ruleset::Basic {
            return self.cell(m, v, v, vec![m], 0, 0.0, MoveStatus::Ends);
        }
        let key = 2 * v - self.rules.komi.halves();
        let mut mv = self.cell(m, key, key, vec![m], 0, 0.0, MoveStatus::Ends);
        mv.value = Some(Value::Basic(Komi(key)));
        mv.outcome = Some(basic_outcome(Some(key)));
        mv
    }

    fn refused(&self, m: Move, why: String) -> MoveValue {
        MoveValue {
            mv: m,
            name: self.name(m),
            lower: i32::MIN / 4,
            upper: i32::MAX / 4,
            value: None,
            outcome: None,
            pv: Vec::new(),
            nodes: 0,
            seconds: 0.0,
            status: MoveStatus::Refused(why),
        }
    }
}

/// The outcome of a `basic` value in half points with the komi applied
/// (`None`: void).
fn basic_outcome(halves: Option<i32>) -> Outcome {
    match halves {
        None => Outcome::Void,
        Some(h) if h > 0 => Outcome::BlackBy(h),
        Some(h) if h < 0 => Outcome::WhiteBy(-h),
        Some(_) => Outcome::Jigo,
    }
}
