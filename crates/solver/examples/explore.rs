//! Ad-hoc measurements: `cargo run --release -p kosolve-solver --example explore -- 2x2 psk [pass-last] [full] [nopv] [nohist] [nodeps] [nodeep] [nostatic] [nounknown] [nosym] [split=D] [moves=B2,pass] [tN] [nN] [sSECONDS] [kHALFPOINTS] [allowed]`.
use kosolve_board::Board;
use kosolve_rules::{AnyGame, Rules, Ruleset};
use kosolve_solver::{solve_game, SolveOptions, Strategy};
use std::sync::Arc;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Arc::new(Board::parse(&a[1]).unwrap());
    let rs: Ruleset = a[2].parse().unwrap();
    let mut opts = SolveOptions {
        memory_mib: 2048,
        ..SolveOptions::default()
    };
    for x in &a[3..] {
        match x.as_str() {
            "pass-last" => opts.search.pass_first = false,
            "full" => opts.search.strategy = Strategy::FullWindow,
            "nopv" => opts.search.pv = false,
            "nohist" => opts.search.history = false,
            "nodeps" => opts.search.dependencies = false,
            "nodeep" => opts.search.deepening = false,
            "nostatic" => opts.search.static_bounds = false,
            "nounknown" => opts.search.unknown_cache = false,
            "nosym" => opts.search.symmetry = false,
            t if t.starts_with("split=") => opts.search.split_depth = t[6..].parse().unwrap(),
            t if t.starts_with("moves=") => {}
            "allowed" => {}
            t if t.starts_with('k') => {}
            t if t.starts_with('t') => opts.threads = t[1..].parse().unwrap(),
            t if t.starts_with('n') => opts.limits.max_nodes = Some(t[1..].parse().unwrap()),
            t if t.starts_with('s') => opts.limits.max_seconds = Some(t[1..].parse().unwrap()),
            _ => {}
        }
    }
    let mut rules = Rules::new(rs);
    if a.iter().any(|x| x == "allowed") {
        rules = rules.with_suicide(kosolve_board::Suicide::Allowed).unwrap();
    }
    for x in &a[3..] {
        if let Some(k) = x.strip_prefix('k') {
            rules = rules.with_komi(kosolve_rules::Komi(k.parse().unwrap()));
        }
    }
    let mut g = AnyGame::new(board.clone(), rules);
    for x in &a[3..] {
        if let Some(ms) = x.strip_prefix("moves=") {
            for m in ms.split(',') {
                use kosolve_rules::Game;
                let mv = kosolve_rules::Move::parse(&board, m).expect("a move name");
                assert!(g.try_play(mv), "illegal move {m}");
            }
        }
    }
    let s = solve_game(&g, &opts);
    let pv: Vec<String> = s.pv.iter().map(|m| m.name(&board)).collect();
    println!(
        "{} {} [{}, {}] nodes {} hits {} entries {} peak {:.1} MiB {:.3}s pv {}",
        a[1],
        a[2],
        s.lower,
        s.upper,
        s.stats.nodes,
        s.stats.table_hits,
        s.stats.table_entries,
        s.stats.peak_table_mib,
        s.stats.seconds,
        pv.join(" ")
    );
}
