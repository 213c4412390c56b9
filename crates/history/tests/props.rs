//! Property tests of the history crate: incremental Zobrist hashes against
//! fresh ones, the order-independent multiset hash of [`HistorySet`], and
//! the dense numbering of legal positions.

use kosolve_board::{legal_positions, Board, Color, Point, Position, Suicide};
use kosolve_history::zobrist::{self, hash_after_play, position_hash};
use kosolve_history::{DenseIndex, HistoryKey, HistorySet, TernarySet};
use proptest::prelude::*;
use std::collections::HashMap;

fn board_strategy() -> impl Strategy<Value = Board> {
    prop_oneof![
        (1usize..=4, 1usize..=4).prop_map(|(r, c)| Board::rect(r, c).unwrap()),
        (3usize..=7).prop_map(|n| Board::ring(n).unwrap()),
        Just(Board::rect(8, 8).unwrap()),
    ]
}

/// A random position with disjoint colours (legal or not) on up to 64 points.
fn position_strategy() -> impl Strategy<Value = Position> {
    (any::<u64>(), any::<u64>()).prop_map(|(a, b)| Position {
        black: kosolve_board::Bitboard(a & !b),
        white: kosolve_board::Bitboard(b & !a),
    })
}

/// Pushes `k` onto `s` and pops it again: `s` holds `k` in between, and
/// afterwards its hash, its length and whether it holds `k` are as before.
fn push_then_pop<K: HistoryKey>(s: &mut HistorySet<K>, k: K) -> Result<(), TestCaseError> {
    let (h, l, was) = (s.hash(), s.len(), s.contains(&k));
    s.push(k);
    prop_assert!(s.contains(&k));
    s.pop(k);
    prop_assert_eq!((s.hash(), s.len(), s.contains(&k)), (h, l, was));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Along random board plays (captures and suicides included), the hash
    /// kept by `hash_after_play` equals the hash computed from scratch.
    #[test]
    fn incremental_hash_matches_fresh(board in board_strategy(), allowed in any::<bool>(),
                                      seq in proptest::collection::vec((any::<bool>(), 0usize..64), 0..120)) {
        let s = if allowed { Suicide::Allowed } else { Suicide::Forbidden };
        let mut pos = Position::EMPTY;
        let mut h = position_hash(&pos);
        prop_assert_eq!(h, 0, "the empty board hashes to 0");
        for (white, x) in seq {
            let c = if white { Color::White } else { Color::Black };
            let p = Point((x % board.len()) as u8);
            if let Ok(r) = pos.play(&board, c, p, s) {
                h = hash_after_play(h, c, p, r.captured, r.suicided);
                pos = r.position;
                prop_assert_eq!(h, position_hash(&pos));
            }
        }
    }

    /// The fresh hash is the XOR of one key per stone, and distinguishes colours.
    #[test]
    fn position_hash_is_xor_of_stone_keys(pos in position_strategy()) {
        let mut h = 0u128;
        for p in pos.black {
            h ^= zobrist::stone_key(Color::Black, p);
        }
        for p in pos.white {
            h ^= zobrist::stone_key(Color::White, p);
        }
        prop_assert_eq!(position_hash(&pos), h);
        let swapped = Position { black: pos.white, white: pos.black };
        if pos.occupied().any() {
            prop_assert_ne!(position_hash(&swapped), position_hash(&pos));
        }
    }

    /// The same multiset pushed in two orders gives the same hash, length and
    /// counts; the hash is `hash_of` the members; popping everything (in any
    /// order) returns to the empty set.
    #[test]
    fn history_set_hash_is_order_independent(
        keys in proptest::collection::vec(position_strategy(), 0..40),
        dups in proptest::collection::vec(0usize..40, 0..10),
        order in any::<u64>(),
    ) {
        let mut all = keys.clone();
        for d in dups {
            if !keys.is_empty() {
                all.push(keys[d % keys.len()]);
            }
        }
        let mut shuffled = all.clone();
        shuffle(&mut shuffled, order);
        let mut a = HistorySet::new();
        let mut b = HistorySet::new();
        for k in &all {
            a.push(*k);
        }
        for k in &shuffled {
            b.push(*k);
        }
        prop_assert_eq!(a.hash(), b.hash());
        prop_assert_eq!(a.len(), all.len());
        prop_assert_eq!(b.len(), all.len());
        prop_assert_eq!(a.hash(), HistorySet::hash_of(&all));
        let mut counts: HashMap<Position, u32> = HashMap::new();
        for k in &all {
            *counts.entry(*k).or_default() += 1;
        }
        for (k, n) in &counts {
            prop_assert_eq!(a.count(k), *n);
            prop_assert_eq!(b.count(k), *n);
            prop_assert!(a.contains(k));
        }
        prop_assert_eq!(a.keys().count(), counts.len());
        // A different multiset (one more copy of something) hashes differently.
        if let Some(k) = all.first() {
            let mut c = a.clone();
            c.push(*k);
            prop_assert_ne!(c.hash(), a.hash());
        }
        // Pop in yet another order.
        let mut popping = all.clone();
        shuffle(&mut popping, order.rotate_left(17) ^ 0x55);
        for k in &popping {
            b.pop(*k);
        }
        prop_assert!(b.is_empty());
        prop_assert_eq!(b.hash(), 0);
        prop_assert_eq!(b.keys().count(), 0);
        a.clear();
        prop_assert_eq!(a.hash(), 0);
        prop_assert!(a.is_empty());
    }

    /// Push then pop restores hash, length and contents, for every key type.
    #[test]
    fn push_pop_restores(
        base in proptest::collection::vec(position_strategy(), 0..20),
        extra in position_strategy(),
        other in position_strategy(),
        white in any::<bool>(),
    ) {
        let c = if white { Color::White } else { Color::Black };
        let mut s1: HistorySet<Position> = HistorySet::new();
        let mut s2: HistorySet<(Position, Color)> = HistorySet::new();
        let mut s3: HistorySet<(Position, Position)> = HistorySet::new();
        for (i, k) in base.iter().enumerate() {
            s1.push(*k);
            s2.push((*k, if i % 2 == 0 { Color::Black } else { Color::White }));
            s3.push((*k, base[(i + 1) % base.len()]));
        }
        let snap = |s: &HistorySet<Position>| {
            let mut v: Vec<(Position, u32)> = s.keys().map(|k| (*k, s.count(k))).collect();
            v.sort();
            (s.hash(), s.len(), v)
        };
        let before = snap(&s1);
        let was = s1.contains(&extra);
        s1.push(extra);
        prop_assert!(s1.contains(&extra));
        prop_assert_eq!(s1.len(), before.1 + 1);
        s1.pop(extra);
        prop_assert_eq!(snap(&s1), before);
        prop_assert_eq!(s1.contains(&extra), was);

        push_then_pop(&mut s2, (extra, c))?;
        push_then_pop(&mut s3, (extra, other))?;
    }

    /// Keys with a colour or an order differ from their partners.
    #[test]
    fn composite_keys_are_distinguished(a in position_strategy(), b in position_strategy()) {
        let mut s: HistorySet<(Position, Color)> = HistorySet::new();
        s.push((a, Color::Black));
        prop_assert!(!s.contains(&(a, Color::White)));
        let mut t: HistorySet<(Position, Color)> = HistorySet::new();
        t.push((a, Color::White));
        prop_assert_ne!(s.hash(), t.hash());
        let mut u: HistorySet<(Position, Position)> = HistorySet::new();
        u.push((a, b));
        if a != b {
            prop_assert!(!u.contains(&(b, a)));
            let mut v: HistorySet<(Position, Position)> = HistorySet::new();
            v.push((b, a));
            prop_assert_ne!(u.hash(), v.hash(), "transitions are ordered");
        }
    }

    /// A ternary set behaves like a set of positions.
    #[test]
    fn ternary_set_is_a_set(ops in proptest::collection::vec((0usize..57, any::<bool>()), 0..80)) {
        let board = Board::rect(2, 2).unwrap();
        let all = legal_positions(&board);
        let mut t = TernarySet::new(board.len());
        let mut model = std::collections::HashSet::new();
        for (i, present) in ops {
            let p = all[i];
            let was = t.set(&p, present);
            prop_assert_eq!(was, model.contains(&p));
            if present { model.insert(p); } else { model.remove(&p); }
            for q in &all {
                prop_assert_eq!(t.contains(q), model.contains(q));
            }
        }
    }
}

/// Deterministic Fisher-Yates shuffle driven by SplitMix64.
fn shuffle<T>(v: &mut [T], seed: u64) {
    let mut s = seed;
    for i in (1..v.len()).rev() {
        s = zobrist::splitmix64(s);
        let j = (s % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
}

#[test]
#[should_panic(expected = "not present")]
fn popping_an_absent_key_panics() {
    let mut s: HistorySet<Position> = HistorySet::new();
    s.pop(Position::EMPTY);
}

#[test]
fn dense_index_numbers_legal_positions() {
    for spec in ["1x1", "1x5", "2x2", "2x3", "3x3"] {
        let board = Board::parse(spec).unwrap();
        let d = DenseIndex::new(&board).unwrap();
        let legal = legal_positions(&board);
        assert_eq!(d.len(), legal.len(), "{spec}");
        assert_eq!(d.positions(), &legal[..]);
        for (i, p) in legal.iter().enumerate() {
            assert_eq!(d.id(p), Some(i as u32));
            assert_eq!(d.position(i as u32), *p);
        }
        // An illegal position (a stone without liberty) has no number.
        let all = Position {
            black: board.all(),
            white: kosolve_board::Bitboard::EMPTY,
        };
        assert_eq!(d.id(&all), None, "{spec}");
    }
    assert_eq!(
        DenseIndex::new(&Board::parse("2x2").unwrap())
            .unwrap()
            .len(),
        57
    );
    assert!(DenseIndex::new(&Board::parse("3x6").unwrap()).is_none());
}

#[test]
fn zobrist_keys_are_distinct() {
    let mut seen = std::collections::HashSet::new();
    for c in Color::BOTH {
        for p in 0..64u8 {
            assert!(seen.insert(zobrist::stone_key(c, Point(p))));
        }
    }
    assert!(!seen.contains(&zobrist::WHITE_TO_MOVE));
}
