//! Helpers shared by the solver's integration tests.
#![allow(dead_code)]

use kosolve_board::{Board, Suicide};
use kosolve_rules::{AnyGame, Komi, Rules, Ruleset};
use kosolve_solver::{solve_game, Solution, SolveOptions};
use std::sync::Arc;

/// A board by name.
pub fn board(spec: &str) -> Arc<Board> {
    Arc::new(Board::parse(spec).unwrap())
}

/// Options for tests: a small table, the default move ordering.
pub fn opts(threads: usize) -> SolveOptions {
    SolveOptions {
        threads,
        memory_mib: 64,
        ..SolveOptions::default()
    }
}

/// Rules with a suicide setting and komi (None if the ruleset refuses the setting).
pub fn rules(rs: Ruleset, suicide: Suicide, komi_halves: i32) -> Option<Rules> {
    Rules::new(rs)
        .with_suicide(suicide)
        .ok()
        .map(|r| r.with_komi(Komi(komi_halves)))
}

/// Solves the empty board with the fast solver.
pub fn fast(b: &Arc<Board>, r: Rules, threads: usize) -> Solution {
    let g = AnyGame::new(b.clone(), r);
    solve_game(&g, &opts(threads))
}
