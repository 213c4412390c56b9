//! The parity method honours its budget: the graph builder, Zielonka's
//! algorithm and the restricted games stop soon after a cancellation or a
//! deadline, and the bounds they return are those of the games finished
//! before, which an unlimited solve confirms.

use kosolve_board::{Board, Suicide};
use kosolve_kee::graph::Positions;
use kosolve_kee::{solve_kee_within, Budget, Cancel, KeeOptions, Stop};
use kosolve_rules::Start;
use std::time::{Duration, Instant};

/// 2x2's restricted games from limit 3 on take tens of seconds each
/// (docs/kee.md); a cancellation 0.3 s in stops them within a second, with
/// the bounds of the games finished before (none here: the trivial ones).
#[test]
fn a_cancelled_restricted_game_stops_at_once_and_bounds_nothing() {
    let board = Board::parse("2x2").unwrap();
    let opts = KeeOptions {
        full: false,
        restricted_from: 3,
        restricted_up_to: 6,
        forgetful_window: None,
        ..KeeOptions::default()
    };
    let cancel = Cancel::new();
    let budget = Budget::unlimited().with_cancel(cancel.clone());
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
        Instant::now()
    });
    let sol = solve_kee_within(&board, Suicide::Forbidden, &Start::EMPTY, opts, &budget).unwrap();
    let stopped_at = Instant::now();
    let asked = canceller.join().unwrap();
    assert!(
        stopped_at.duration_since(asked) < Duration::from_secs(1),
        "took {:?} to stop",
        stopped_at.duration_since(asked)
    );
    assert_eq!(sol.stopped, Some(Stop::Cancelled));
    assert_eq!((sol.lower, sol.upper), (-4, 4));
    assert!(sol.pv.is_empty());
}

/// 2x4's forgetful games from limit 4 on take seconds each in a release
/// build (docs/kee.md); a cancellation 0.3 s in stops them within a
/// second, with the bounds of the games finished before, which stay
/// within the board's trivial bounds and claim no line.
#[test]
fn a_cancelled_forgetful_game_stops_at_once() {
    let board = Board::parse("2x4").unwrap();
    let cancel = Cancel::new();
    let budget = Budget::unlimited().with_cancel(cancel.clone());
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
        Instant::now()
    });
    let opts = KeeOptions::default();
    let sol = solve_kee_within(&board, Suicide::Forbidden, &Start::EMPTY, opts, &budget).unwrap();
    let stopped_at = Instant::now();
    let asked = canceller.join().unwrap();
    assert!(
        stopped_at.duration_since(asked) < Duration::from_secs(1),
        "took {:?} to stop",
        stopped_at.duration_since(asked)
    );
    assert_eq!(sol.stopped, Some(Stop::Cancelled));
    assert!(sol.lower < sol.upper && sol.pv.is_empty());
    assert!(-8 <= sol.lower && sol.upper <= 8);
}

/// A deadline already past: no game is finished, so the bounds are the
/// trivial ones and nothing is claimed; without it the same games solve 1x3.
#[test]
fn a_past_deadline_bounds_nothing() {
    let board = Board::parse("1x3").unwrap();
    let restricted = KeeOptions {
        full: false,
        ..KeeOptions::default()
    };
    let past = Budget::unlimited().with_seconds(Some(0.0));
    let none =
        solve_kee_within(&board, Suicide::Forbidden, &Start::EMPTY, restricted, &past).unwrap();
    assert_eq!(none.stopped, Some(Stop::Seconds));
    assert_eq!((none.lower, none.upper), (-3, 3));
    assert!(none.runs.is_empty() && none.pv.is_empty());
    let unlimited = solve_kee_within(
        &board,
        Suicide::Forbidden,
        &Start::EMPTY,
        restricted,
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(unlimited.stopped, None);
    assert!(!unlimited.runs.is_empty());
}

/// The graph builder alone: a cancelled token stops it before it builds.
#[test]
fn a_cancelled_graph_build_stops() {
    let board = Board::parse("2x2").unwrap();
    let p = Positions::new(&board, Suicide::Forbidden, true).unwrap();
    let budget = Budget::unlimited();
    budget.cancel.cancel();
    let r = kosolve_kee::graph::Graph::build_within(&p, u64::MAX, &budget);
    assert!(matches!(
        r,
        Err(kosolve_kee::graph::Built::Stopped(Stop::Cancelled))
    ));
}
