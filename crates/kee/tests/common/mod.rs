//! Helpers shared by the Kee crate's integration tests.

use kosolve_board::Suicide;
use kosolve_rules::{Game, Rules, Ruleset};
use kosolve_solver::SolveOptions;

/// Kee's rules with the suicide setting `su`.
pub fn rules(su: Suicide) -> Rules {
    Rules::new(Ruleset::Kee).with_suicide(su).unwrap()
}

/// The search solver's value of `g` (one thread, a small table): the
/// first-cycle search over the full game history, which shares no code
/// with the parity-game solution.
#[allow(dead_code)]
pub fn search_value(g: &impl Game) -> i32 {
    let o = SolveOptions {
        threads: 1,
        memory_mib: 64,
        ..SolveOptions::default()
    };
    kosolve_solver::solve_game(g, &o)
        .value()
        .expect("the search solves it")
}

/// [`search_value`] within `max_nodes` nodes (`None`: not solved within
/// them).
#[allow(dead_code)]
pub fn search_value_within(g: &impl Game, max_nodes: u64) -> Option<i32> {
    let o = SolveOptions {
        threads: 1,
        memory_mib: 64,
        limits: kosolve_solver::Limits {
            max_nodes: Some(max_nodes),
            ..kosolve_solver::Limits::default()
        },
        ..SolveOptions::default()
    };
    kosolve_solver::solve_game(g, &o).value()
}
