//! Situation keys: packing is lossless, and a class key is the same for
//! every symmetric image of a situation (so symmetric situations share a
//! vertex), along random lines of play on 2x2 and 1x4.

use kosolve_board::{Board, Suicide};
use kosolve_kee::graph::{Positions, Situation};
use proptest::prelude::*;

/// The situation after following `choices` (each picks one of the
/// successors, modulo their number) from the start.
fn walk(p: &Positions, choices: &[u8]) -> Vec<Situation> {
    let mut s = Situation::start(p);
    let mut line = vec![s];
    let mut next = Vec::new();
    for &c in choices {
        next.clear();
        p.successors(&s, &mut next);
        s = next[c as usize % next.len()].0;
        line.push(s);
    }
    line
}

/// The image of `s` under board symmetry `sym` (positions mapped one by
/// one, with no lookup tables).
fn image(p: &Positions, sym: usize, s: &Situation) -> Situation {
    let map = |m: u64| {
        (0..p.len())
            .filter(|&i| m >> i & 1 == 1)
            .fold(0u64, |acc, i| acc | 1 << p.perms[sym][i])
    };
    Situation {
        to_move: s.to_move,
        after_pass: s.after_pass,
        pos: p.perms[sym][s.pos as usize],
        hist: [map(s.hist[0]), map(s.hist[1])],
    }
}

proptest! {
    #[test]
    fn keys_round_trip_and_classes_ignore_symmetry(
        board in prop::sample::select(vec!["2x2", "1x4"]),
        allowed in any::<bool>(),
        choices in prop::collection::vec(any::<u8>(), 0..60),
    ) {
        let b = Board::parse(board).unwrap();
        let su = if allowed { Suicide::Allowed } else { Suicide::Forbidden };
        let p = Positions::new(&b, su, true).unwrap();
        prop_assert!(p.perms.len() > 1);
        for s in walk(&p, &choices) {
            prop_assert_eq!(p.unpack(p.pack(&s)), s);
            let class = p.canonical(&s);
            for sym in 0..p.perms.len() {
                prop_assert_eq!(p.canonical(&image(&p, sym, &s)), class);
            }
        }
    }
}
