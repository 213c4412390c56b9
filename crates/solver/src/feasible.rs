//! The sizes each method is offered on, and the checks that refuse larger boards before any search.

use crate::*;

/// The most points a forward search is offered on (table rulesets).
pub const MAX_POINTS: usize = 16;
/// The most legal positions a board may have for a Kee solve (no
/// transposition table; docs/solver.md). 1x4 has 41 and takes 0.1 M nodes
/// (6.9 M with suicide allowed); 2x2 has 57 and did not finish in 4.5 G.
pub const MAX_KEE_POSITIONS: u64 = 41;

/// The board's size where it has more than `max` legal positions: its legal
/// positions (counted where cheap, up to 12 points) or its points.
pub(crate) fn kee_size_over(board: &Board, max: u64) -> Option<String> {
    let n = board.len();
    match (n <= 12).then(|| kosolve_perft::count_positions(board)) {
        Some(p) if p <= max => None,
        Some(p) => Some(format!("{p} legal positions")),
        None => Some(format!("{n} points, so far more")),
    }
}

/// Whether `kosolve solve --method auto` solves Kee by the parity method
/// (docs/kee.md): from the empty board (its forgetful games settle every
/// board the search settles, and more, in far fewer vertices than the
/// search has nodes), and from a start without moves where the search is
/// not offered ([`check_feasible_from`]), and from a start with a wall (a
/// pass-alive chain), where settled games keep the positions few
/// (docs/kee.md, "Settled games: starts with walls"). Other starts of a few
/// empty points are searched, since the positions they reach through
/// captures may be far more than any graph holds. A record with moves is
/// searched.
pub fn kee_auto_parity(board: &Board, rules: &Rules, setup: &Setup) -> bool {
    rules.ruleset == Ruleset::Kee
        && setup.moves.is_empty()
        && (setup.is_empty_board()
            || check_feasible_from(board, rules, setup).is_err()
            || kosolve_kee::forgetful::has_walls(board, rules.suicide, &setup.start))
}

/// Refuses boards the solver is not expected to finish, with the reason.
pub fn check_feasible(board: &Board, rules: &Rules) -> Result<(), SolveError> {
    check_feasible_from(board, rules, &Setup::default())
}

/// Refuses starts the solver is not expected to finish, with the reason: as
/// [`check_feasible`], counting the start's empty points instead of the
/// board's points where the start is not the empty board.
pub fn check_feasible_from(board: &Board, rules: &Rules, setup: &Setup) -> Result<(), SolveError> {
    check_feasible_within(board, rules, setup, false)
}

/// [`check_feasible_from`] for a solve that runs under a node or time
/// limit (`limited`): then the table rulesets are searched on boards (and
/// from starts) past [`MAX_POINTS`] too, and the answer holds the bounds
/// proven within the limit. Kee keeps its limits, which its search needs
/// to end at all.
pub fn check_feasible_within(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    limited: bool,
) -> Result<(), SolveError> {
    let empty_board = setup.is_empty_board();
    let n = if empty_board {
        board.len()
    } else {
        setup.start.position.empty(board).count() as usize
    };
    if rules.ruleset == Ruleset::Kee && !empty_board {
        // From a position: the empty points bound the positions reachable.
        if n > 4 {
            return Err(SolveError::TooLarge(format!(
                "kee's search is offered from starts of up to 4 empty points and this start \
                 has {n} (see docs/kee.md)"
            )));
        }
    } else if rules.ruleset == Ruleset::Kee {
        if let Some(count) = kee_size_over(board, MAX_KEE_POSITIONS) {
            return Err(SolveError::TooLarge(format!(
                "kee's search is offered on boards of up to {MAX_KEE_POSITIONS} legal \
                 positions and this board has {count} (see docs/kee.md)"
            )));
        }
    }
    if n > MAX_POINTS && !(limited && rules.ruleset != Ruleset::Kee) {
        let what = if empty_board {
            "boards of up to {MAX_POINTS} points and this board has"
        } else {
            "starts of up to {MAX_POINTS} empty points and this start has"
        }
        .replace("{MAX_POINTS}", &MAX_POINTS.to_string());
        return Err(SolveError::TooLarge(format!(
            "the exact search is offered on {what} {n} (see docs/performance.md), or \
             under --max-nodes or --max-seconds"
        )));
    }
    Ok(())
}
