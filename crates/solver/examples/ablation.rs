//! What each part of the exactness machinery costs (docs/performance.md,
//! "1x12: what D- costs"): solves one empty board from scratch with each
//! part turned off in turn and prints the value, the nodes and the time.
//!
//! `cargo run --release -p kosolve-solver --example ablation -- BOARD RULESET [SECONDS] [moves]`
//!
//! With `moves`, it then solves each move of the start without D- too,
//! each from fresh tables: the inexact search's values one move deeper.
//!
//! The rows marked "not exact" are measurements only: without D- a stored
//! bound is reused where a play its proof chose is illegal, and the value
//! can be wrong (1x9 psk gives +1 there; its value is 0, and `kosolve
//! solve --certificate` proves "<= 0" with a certificate that `kosolve
//! check` accepts). `kosolve solve` refuses that setting.

use kosolve_board::Board;
use kosolve_rules::{AnyGame, Game, Rules};
use kosolve_solver::{Limits, SearchSettings, SolveOptions};
use std::sync::Arc;

/// One configuration: its name, whether its value is exact, and its settings.
fn configurations() -> Vec<(&'static str, bool, SearchSettings)> {
    let exact = SearchSettings::default();
    vec![
        ("exact (every part on)", true, exact),
        (
            "territory off",
            true,
            SearchSettings {
                territory: false,
                ..exact
            },
        ),
        (
            "symmetry off",
            true,
            SearchSettings {
                symmetry: false,
                ..exact
            },
        ),
        (
            "D- off (not exact)",
            false,
            SearchSettings {
                avoids: false,
                ..exact
            },
        ),
    ]
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 3 {
        eprintln!("usage: ablation BOARD RULESET [SECONDS]");
        std::process::exit(2);
    }
    let board = Arc::new(Board::parse(&a[1]).expect("a board"));
    let rules = Rules::new(a[2].parse().expect("a ruleset"));
    let seconds: f64 = a.get(3).map_or(60.0, |s| s.parse().expect("seconds"));
    let game = AnyGame::new(board.clone(), rules);
    println!(
        "{} {}, one thread, at most {seconds} s each",
        board.name(),
        rules.ruleset
    );
    for (name, exact, search) in configurations() {
        // The inexact setting's principal variation may not replay: the
        // follower checks each step and would stop on it.
        let opts = options(
            seconds,
            SearchSettings {
                pv: exact,
                ..search
            },
        );
        let s = kosolve_solver::solve_game(&game, &opts);
        let value = match s.value() {
            Some(v) => format!("{v:+}"),
            None => format!("[{}, {}]", s.lower, s.upper),
        };
        println!(
            "{name:<24} {value:>9}  {:>12} nodes  {:>8.2} s",
            s.stats.nodes, s.stats.seconds
        );
    }
    if a.iter().any(|x| x == "moves") {
        moves_without_avoids(&game, seconds);
    }
}

/// One thread, at most `seconds`, no board refused, with `search`.
fn options(seconds: f64, search: SearchSettings) -> SolveOptions {
    SolveOptions {
        threads: 1,
        limits: Limits {
            max_seconds: Some(seconds),
            ..Limits::default()
        },
        search: SearchSettings {
            refuse_large: false,
            ..search
        },
        ..SolveOptions::default()
    }
}

/// Each move of the start solved without D-, from fresh tables.
fn moves_without_avoids(game: &AnyGame, seconds: f64) {
    let opts = options(
        seconds,
        SearchSettings {
            pv: false,
            avoids: false,
            ..SearchSettings::default()
        },
    );
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    println!("each move without D- (not exact):");
    for m in moves {
        let mut child = game.clone();
        child.play(m);
        let s = kosolve_solver::solve_game(&child, &opts);
        let value = match s.value() {
            Some(v) => format!("{v:+}"),
            None => format!("[{}, {}]", s.lower, s.upper),
        };
        println!(
            "  {:<6} {value:>9}  {:>12} nodes",
            m.name(game.board()),
            s.stats.nodes
        );
    }
}
