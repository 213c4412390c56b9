//! The catalogue of void starts ([`void_catalogue`], docs/bestiary.md, "Not
//! in the bestiary yet") against single solves from each start.
//!
//! The catalogue reads VB and VW of every start off one retrograde pass
//! from the empty board, with dense numbering. [`solve_basic_from`] builds
//! a separate, sparsely numbered space from each start alone. They must
//! agree: the catalogue's VB and VW equal the single solve's at komi 0; at
//! the catalogue's komi the single solve is void; the catalogue's line is
//! legal, and its cycle returns to the state it left.

mod common;

use common::check_pv_from;
use kosolve_board::Board;
use kosolve_retrograde::{solve_basic_from, void_catalogue, BasicStart, BasicValue, RetroOptions};
use kosolve_rules::{Komi, Rules, Ruleset, StandardGame, Start};
use std::collections::HashSet;
use std::sync::Arc;

fn gap(vb: Option<i32>, vw: Option<i32>) -> bool {
    match (vb, vw) {
        (Some(b), Some(w)) => b + 1 < w,
        _ => true,
    }
}

fn check(name: &str) -> usize {
    let board = Board::parse(name).unwrap();
    let rules = Rules::new(Ruleset::Basic);
    let opts = RetroOptions::default();
    let cat = void_catalogue(&board, &rules, &opts).unwrap();
    let mut listed = HashSet::new();
    for v in &cat {
        assert!(
            listed.insert((v.position, v.to_move)),
            "{name}: listed twice"
        );
        let start = BasicStart::at(v.position, v.to_move);
        let single = solve_basic_from(&board, &rules, &start, &opts).unwrap();
        let what = format!("{name} {} {:?}", v.position.diagram_line(&board), v.to_move);
        assert_eq!((single.vb, single.vw), (v.vb, v.vw), "{what}");
        assert!(gap(v.vb, v.vw), "{what}: listed without a gap");
        let mut at_komi = rules;
        at_komi.komi = Komi(v.komi_halves);
        let s = solve_basic_from(&board, &at_komi, &start, &opts).unwrap();
        assert_eq!(s.value, BasicValue::Void, "{what}: not void at its komi");
        // The catalogue's own line, replayed by the rules engine: legal,
        // and its cycle closes.
        let mut line = s.clone();
        line.pv = v.pv.clone();
        line.pv_cycle_start = Some(v.cycle_start);
        let g = StandardGame::from_start(
            Arc::new(board.clone()),
            at_komi,
            &Start::new(v.position, v.to_move),
        );
        check_pv_from(g, at_komi, &line);
    }
    cat.len()
}

#[test]
fn catalogue_agrees_with_single_solves() {
    check("1x4");
    // Non-empty, so that the checks above ran on something.
    assert!(check("1x5") > 0);
    assert!(check("2x3") > 0);
}
