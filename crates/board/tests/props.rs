//! Property tests of the board crate: board play against a naive reference
//! implementation written here from docs/rules.md, "2. Shared mechanics", legality
//! invariants, symmetry, diagrams, and reachability of every legal position.

use kosolve_board::{
    legal_positions, ternary_index, Bitboard, Board, Cell, Color, PlayError, Point, Position,
    Shape, Suicide, TernaryIndexer,
};
use proptest::prelude::*;
use std::collections::{BTreeSet, VecDeque};

// ---------------------------------------------------------------------------
// Boards, with neighbour lists derived here independently of the library.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
enum Spec {
    Rect(usize, usize),
    Ring(usize),
    /// n points and the upper triangle of the adjacency matrix.
    Graph(usize, Vec<bool>),
}

impl Spec {
    fn build(&self) -> (Board, Vec<Vec<usize>>) {
        match self {
            Spec::Rect(r, c) => {
                let b = Board::rect(*r, *c).unwrap();
                let mut adj = vec![Vec::new(); r * c];
                for i in 0..*r {
                    for j in 0..*c {
                        let p = i * c + j;
                        if i > 0 {
                            adj[p].push(p - c);
                        }
                        if i + 1 < *r {
                            adj[p].push(p + c);
                        }
                        if j > 0 {
                            adj[p].push(p - 1);
                        }
                        if j + 1 < *c {
                            adj[p].push(p + 1);
                        }
                    }
                }
                (b, adj)
            }
            Spec::Ring(n) => {
                let b = Board::ring(*n).unwrap();
                let adj = (0..*n)
                    .map(|p| vec![(p + 1) % n, (p + n - 1) % n])
                    .collect();
                (b, adj)
            }
            Spec::Graph(n, edges) => {
                let mut adj = vec![Vec::new(); *n];
                let mut k = 0;
                for i in 0..*n {
                    for j in i + 1..*n {
                        if edges[k] {
                            adj[i].push(j);
                            adj[j].push(i);
                        }
                        k += 1;
                    }
                }
                let text: String = adj
                    .iter()
                    .enumerate()
                    .map(|(p, ns)| {
                        let ns: Vec<String> = ns.iter().map(|q| q.to_string()).collect();
                        format!("{p}: {}\n", ns.join(" "))
                    })
                    .collect();
                let b = Board::from_adjacency("test-graph", &text).unwrap();
                (b, adj)
            }
        }
    }
}

fn spec_strategy() -> impl Strategy<Value = Spec> {
    prop_oneof![
        4 => (1usize..=4, 1usize..=4).prop_map(|(r, c)| Spec::Rect(r, c)),
        1 => (3usize..=8).prop_map(Spec::Ring),
        1 => (1usize..=8).prop_flat_map(|n| {
            proptest::collection::vec(any::<bool>(), n * (n - 1) / 2)
                .prop_map(move |e| Spec::Graph(n, e))
        }),
    ]
}

fn suicide_strategy() -> impl Strategy<Value = Suicide> {
    prop_oneof![Just(Suicide::Forbidden), Just(Suicide::Allowed)]
}

// ---------------------------------------------------------------------------
// Naive reference: cells as a vector, chains by breadth-first search.
// ---------------------------------------------------------------------------

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum C {
    E,
    B,
    W,
}

fn cells_of(pos: &Position, n: usize) -> Vec<C> {
    (0..n)
        .map(|i| match pos.get(Point(i as u8)) {
            Cell::Empty => C::E,
            Cell::Stone(Color::Black) => C::B,
            Cell::Stone(Color::White) => C::W,
        })
        .collect()
}

fn pos_of(cells: &[C]) -> Position {
    let mut p = Position::EMPTY;
    for (i, c) in cells.iter().enumerate() {
        match c {
            C::B => p.black = p.black.with(Point(i as u8)),
            C::W => p.white = p.white.with(Point(i as u8)),
            C::E => {}
        }
    }
    p
}

fn col(c: Color) -> C {
    match c {
        Color::Black => C::B,
        Color::White => C::W,
    }
}

/// The chain through `p` and whether it has a liberty.
fn chain(cells: &[C], adj: &[Vec<usize>], p: usize) -> (Vec<usize>, bool) {
    let me = cells[p];
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![p];
    seen[p] = true;
    let mut out = Vec::new();
    let mut lib = false;
    while let Some(q) = stack.pop() {
        out.push(q);
        for &r in &adj[q] {
            if cells[r] == C::E {
                lib = true;
            } else if cells[r] == me && !seen[r] {
                seen[r] = true;
                stack.push(r);
            }
        }
    }
    (out, lib)
}

/// Reference board play: Ok((position, captured count, suicided count)).
fn ref_play(
    cells: &[C],
    adj: &[Vec<usize>],
    c: Color,
    p: usize,
    s: Suicide,
) -> Result<(Vec<C>, usize, usize), PlayError> {
    if p >= cells.len() {
        return Err(PlayError::OffBoard);
    }
    if cells[p] != C::E {
        return Err(PlayError::Occupied);
    }
    let mut v = cells.to_vec();
    v[p] = col(c);
    let opp = col(c.opponent());
    let mut captured = 0;
    for &q in &adj[p] {
        if v[q] == opp {
            let (ch, lib) = chain(&v, adj, q);
            if !lib {
                captured += ch.len();
                for x in ch {
                    v[x] = C::E;
                }
            }
        }
    }
    let (own, lib) = chain(&v, adj, p);
    let mut suicided = 0;
    if !lib {
        match s {
            Suicide::Forbidden => return Err(PlayError::Suicide),
            Suicide::Allowed => {
                suicided = own.len();
                for x in own {
                    v[x] = C::E;
                }
            }
        }
    }
    Ok((v, captured, suicided))
}

/// Reference area score of `c`.
fn ref_area(cells: &[C], adj: &[Vec<usize>], c: Color) -> u32 {
    let me = col(c);
    let mut score = cells.iter().filter(|&&x| x == me).count() as u32;
    let mut seen = vec![false; cells.len()];
    for start in 0..cells.len() {
        if cells[start] != C::E || seen[start] {
            continue;
        }
        let mut region = 0u32;
        let (mut b, mut w) = (false, false);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(q) = stack.pop() {
            region += 1;
            for &r in &adj[q] {
                match cells[r] {
                    C::E if !seen[r] => {
                        seen[r] = true;
                        stack.push(r);
                    }
                    C::B => b = true,
                    C::W => w = true,
                    _ => {}
                }
            }
        }
        let mine = if me == C::B { b && !w } else { w && !b };
        if mine {
            score += region;
        }
    }
    score
}

/// Reference legality: colours disjoint (by construction here), every chain has a liberty.
fn ref_legal(cells: &[C], adj: &[Vec<usize>]) -> bool {
    (0..cells.len()).all(|p| cells[p] == C::E || chain(cells, adj, p).1)
}

/// Plays a sequence of (colour, point) choices, skipping the impossible ones;
/// returns every position reached (the empty one first).
fn random_walk(
    board: &Board,
    adj: &[Vec<usize>],
    s: Suicide,
    seq: &[(bool, usize)],
) -> Result<Vec<Position>, TestCaseError> {
    let n = board.len();
    let mut pos = Position::EMPTY;
    let mut out = vec![pos];
    for &(white, x) in seq {
        let c = if white { Color::White } else { Color::Black };
        let x = x % (n + 1); // n itself is off the board
        let got = pos.play(board, c, Point(x as u8), s);
        let want = ref_play(&cells_of(&pos, n), adj, c, x, s);
        match (got, want) {
            (Ok(g), Ok((v, cap, sui))) => {
                prop_assert_eq!(g.position, pos_of(&v), "play {:?} {} on {:?}", c, x, pos);
                prop_assert_eq!(g.captured.count() as usize, cap);
                prop_assert_eq!(g.suicided.count() as usize, sui);
                prop_assert!(g.captured.is_subset(pos.stones(c.opponent())));
                prop_assert!((g.captured & g.position.occupied()).is_empty());
                prop_assert!(g.suicided.is_subset(pos.stones(c).with(Point(x as u8))));
                if sui > 0 {
                    prop_assert_eq!(cap, 0, "a play that captures is never a suicide");
                }
                pos = g.position;
                out.push(pos);
            }
            (Err(e), Err(f)) => prop_assert_eq!(e, f),
            (g, w) => prop_assert!(false, "library {:?} vs reference {:?}", g, w),
        }
    }
    Ok(out)
}

fn seq_strategy() -> impl Strategy<Value = Vec<(bool, usize)>> {
    proptest::collection::vec((any::<bool>(), 0usize..64), 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Board play and area score agree with the reference; every position reached
    /// is legal, its colours are disjoint and lie on the board; areas add up to at most n.
    #[test]
    fn random_plays_stay_legal(spec in spec_strategy(), s in suicide_strategy(), seq in seq_strategy()) {
        let (board, adj) = spec.build();
        let n = board.len();
        for pos in random_walk(&board, &adj, s, &seq)? {
            let cells = cells_of(&pos, n);
            prop_assert!(pos.is_legal(&board), "{:?}", pos);
            prop_assert!(ref_legal(&cells, &adj));
            prop_assert!((pos.black & pos.white).is_empty());
            prop_assert!(pos.occupied().is_subset(board.all()));
            let (ab, aw) = (pos.area(&board, Color::Black), pos.area(&board, Color::White));
            prop_assert_eq!(ab, ref_area(&cells, &adj, Color::Black), "{}", pos.diagram(&board));
            prop_assert_eq!(aw, ref_area(&cells, &adj, Color::White), "{}", pos.diagram(&board));
            prop_assert!(ab + aw <= n as u32);
            prop_assert_eq!(pos.area_margin(&board), ab as i32 - aw as i32);
            prop_assert_eq!(pos.empty(&board), board.all() - pos.occupied());
        }
    }

    /// `is_legal` agrees with the reference on arbitrary colourings (legal or not).
    #[test]
    fn is_legal_matches_reference(spec in spec_strategy(), colours in proptest::collection::vec(0u8..3, 64)) {
        let (board, adj) = spec.build();
        let n = board.len();
        let cells: Vec<C> = colours[..n].iter().map(|&k| [C::E, C::B, C::W][k as usize]).collect();
        let pos = pos_of(&cells);
        prop_assert_eq!(pos.is_legal(&board), ref_legal(&cells, &adj), "{}", pos.diagram(&board));
        // Overlapping colours or stones off the board are never legal.
        let p0 = Point(0);
        let overlap = Position { black: pos.black.with(p0), white: pos.white.with(p0) };
        prop_assert!(!overlap.is_legal(&board));
        if n < 64 {
            let off = Position { black: pos.black.with(Point(n as u8)), white: pos.white };
            prop_assert!(!off.is_legal(&board));
        }
    }

    /// Every symmetry is an automorphism of the board; canonical forms are
    /// invariant under symmetry; play commutes with symmetry; diagrams round-trip.
    #[test]
    fn symmetry_and_diagrams(spec in spec_strategy(), s in suicide_strategy(), seq in seq_strategy(),
                             c_white in any::<bool>(), x in 0usize..64) {
        let (board, adj) = spec.build();
        let n = board.len();
        let syms = board.symmetries();
        prop_assert_eq!(syms[0].clone(), (0..n as u8).collect::<Vec<_>>(), "identity first");
        for perm in syms {
            let mut sorted = perm.clone();
            sorted.sort();
            prop_assert_eq!(sorted, (0..n as u8).collect::<Vec<_>>(), "a permutation");
            for p in 0..n {
                for q in 0..n {
                    let e = adj[p].contains(&q);
                    let f = adj[perm[p] as usize].contains(&(perm[q] as usize));
                    prop_assert_eq!(e, f, "perm {:?} breaks edge {}-{}", perm, p, q);
                }
            }
        }
        let c = if c_white { Color::White } else { Color::Black };
        for pos in random_walk(&board, &adj, s, &seq)? {
            let (canon, k) = pos.canonical(&board);
            prop_assert_eq!(pos.transform(&board, k), canon);
            for (si, perm) in syms.iter().enumerate() {
                let t = pos.transform(&board, si);
                prop_assert!(canon <= t, "canonical is the least image");
                prop_assert_eq!(t.canonical(&board).0, canon);
                // The image under the permutation, point by point.
                for (p, &image) in perm.iter().enumerate().take(n) {
                    prop_assert_eq!(pos.get(Point(p as u8)), t.get(Point(image)));
                }
                prop_assert_eq!(t.area(&board, Color::Black), pos.area(&board, Color::Black));
                let x = x % n;
                let lhs = pos.play(&board, c, Point(x as u8), s).map(|r| {
                    (r.position.transform(&board, si), board.transform(si, r.captured))
                });
                let rhs = t.play(&board, c, Point(perm[x]), s).map(|r| (r.position, r.captured));
                prop_assert_eq!(lhs, rhs);
            }
            let d = pos.diagram(&board);
            prop_assert_eq!(Position::from_diagram(&board, &d), Ok(pos), "{}", d);
            if let Shape::Rect { rows, cols } = board.shape() {
                prop_assert_eq!(d.lines().count(), *rows as usize);
                prop_assert!(d.lines().all(|l| l.len() == *cols as usize));
            } else {
                prop_assert_eq!(d.len(), n);
            }
        }
    }

    /// Point names round-trip, and follow GTP on rectangles.
    #[test]
    fn point_names_round_trip(spec in spec_strategy()) {
        let (board, _) = spec.build();
        for p in board.points() {
            let name = board.point_name(p);
            prop_assert_eq!(board.parse_point(&name), Some(p), "{}", name);
            prop_assert_eq!(board.parse_point(&name.to_lowercase()), Some(p));
        }
    }
}

#[test]
fn symmetry_counts() {
    let count = |spec: &str| Board::parse(spec).unwrap().symmetries().len();
    assert_eq!(count("1x1"), 1);
    assert_eq!(count("1x5"), 2);
    assert_eq!(count("5x1"), 2);
    assert_eq!(count("2x3"), 4);
    assert_eq!(count("2x2"), 8);
    assert_eq!(count("4x4"), 8);
    assert_eq!(count("ring:5"), 10);
    assert_eq!(count("ring:3"), 6);
}

#[test]
fn gtp_point_names() {
    let b = Board::parse("1x3").unwrap();
    assert_eq!(b.parse_point("A1"), Some(Point(0)));
    assert_eq!(b.parse_point("C1"), Some(Point(2)));
    assert_eq!(b.parse_point("D1"), None);
    assert_eq!(b.parse_point("A2"), None);
    let b = Board::parse("3x9").unwrap();
    // Row 3 is the top row; columns skip I.
    assert_eq!(b.parse_point("A3"), Some(Point(0)));
    assert_eq!(b.parse_point("A1"), Some(Point(18)));
    assert_eq!(b.parse_point("J1"), Some(Point(26)));
    assert_eq!(b.parse_point("I1"), None);
    assert_eq!(b.point_name(Point(8)), "J3");
    assert_eq!(b.sgf_point(Point(26)).as_deref(), Some("ic"));
    let r = Board::parse("ring:4").unwrap();
    assert_eq!(r.parse_point("p3"), Some(Point(3)));
    assert_eq!(r.parse_point("p4"), None);
}

/// All positions reachable from the empty board by board plays of either
/// colour (any order, no alternation required).
fn reachable(board: &Board, s: Suicide) -> Vec<Position> {
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::new();
    seen.insert(Position::EMPTY);
    queue.push_back(Position::EMPTY);
    while let Some(p) = queue.pop_front() {
        for x in p.empty(board) {
            for c in Color::BOTH {
                if let Ok(r) = p.play(board, c, x, s) {
                    if seen.insert(r.position) {
                        queue.push_back(r.position);
                    }
                }
            }
        }
    }
    seen.into_iter().collect()
}

#[test]
fn reachable_positions_are_the_legal_positions() {
    for (spec, count) in [
        ("1x1", 1usize),
        ("1x2", 5),
        ("1x3", 15),
        ("1x4", 41),
        ("1x5", 113),
        ("1x6", 313),
        ("2x2", 57),
        ("2x3", 489),
        ("3x3", 12675),
    ] {
        let board = Board::parse(spec).unwrap();
        let legal = legal_positions(&board);
        assert_eq!(legal.len(), count, "{spec}: published count");
        assert!(
            legal.windows(2).all(|w| w[0] < w[1]),
            "{spec}: sorted, distinct"
        );
        assert!(legal.iter().all(|p| p.is_legal(&board)));
        for s in [Suicide::Forbidden, Suicide::Allowed] {
            assert_eq!(reachable(&board, s), legal, "{spec} suicide {s}");
        }
    }
}

#[test]
fn single_stone_suicide_leaves_the_position_unchanged() {
    // 2x2: Black A2 touches two white stones that keep the liberty B1.
    let b2 = Board::parse("2x2").unwrap();
    let pos = Position::from_diagram(&b2, ". O\nO .").unwrap();
    let a2 = b2.parse_point("A2").unwrap();
    let r = pos.play(&b2, Color::Black, a2, Suicide::Allowed).unwrap();
    assert_eq!(r.position, pos);
    assert_eq!(r.suicided, Bitboard::from_point(a2));
    assert_eq!(r.captured.count(), 0);
    assert_eq!(
        pos.play(&b2, Color::Black, a2, Suicide::Forbidden),
        Err(PlayError::Suicide)
    );
    // The play by `c` at point `at` of `diagram` on `spec`, and the
    // diagram it must leave.
    let play = |spec: &str, diagram: &str, c: Color, at: u8, su: Suicide, after: &str| {
        let b = Board::parse(spec).unwrap();
        let r = Position::from_diagram(&b, diagram)
            .unwrap()
            .play(&b, c, Point(at), su)
            .unwrap();
        assert_eq!(
            r.position,
            Position::from_diagram(&b, after).unwrap(),
            "{diagram}"
        );
        r
    };
    // On 1x3, Black B1 between two lone white stones captures both instead.
    let r = play("1x3", "O . O", Color::Black, 1, Suicide::Forbidden, ". X .");
    assert_eq!(r.captured.count(), 2);
    // A multi-stone suicide removes the whole chain. On "X . O", B1
    // captures C1 first (its only liberty was B1): not a suicide.
    play("1x3", "X . O", Color::Black, 1, Suicide::Allowed, "X X .");
    let r = play(
        "1x5",
        "X . O . .",
        Color::Black,
        1,
        Suicide::Allowed,
        ". . O . .",
    );
    assert_eq!(r.suicided.count(), 2);
    // Captures come first: White C1 on "O X ." captures B1 and is no suicide.
    let r = play("1x3", "O X .", Color::White, 2, Suicide::Forbidden, "O . O");
    assert_eq!(r.captured.count(), 1);
}

#[test]
fn area_examples() {
    let b = Board::parse("2x3").unwrap();
    let pos = Position::from_diagram(&b, "X . O\nX . O").unwrap();
    // The middle region borders both colours: dame.
    assert_eq!(pos.area(&b, Color::Black), 2);
    assert_eq!(pos.area(&b, Color::White), 2);
    let pos = Position::from_diagram(&b, ". X .\n. X O").unwrap();
    // Left region (2 points) is Black's; the top right point borders both.
    assert_eq!(pos.area(&b, Color::Black), 4);
    assert_eq!(pos.area(&b, Color::White), 1);
    // The empty board scores for nobody.
    assert_eq!(Position::EMPTY.area(&b, Color::Black), 0);
    assert_eq!(Position::EMPTY.area(&b, Color::White), 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The largest boards (64 points, where shifts by a whole row reach the
    /// word size) agree with the reference too.
    #[test]
    fn sixty_four_point_boards(which in 0usize..4, s in suicide_strategy(),
                               seq in proptest::collection::vec((any::<bool>(), 0usize..64), 0..200)) {
        let spec = [Spec::Rect(64, 1), Spec::Rect(8, 8), Spec::Rect(2, 32), Spec::Ring(64)][which].clone();
        let (board, adj) = spec.build();
        prop_assert_eq!(board.len(), 64);
        for pos in random_walk(&board, &adj, s, &seq)? {
            let cells = cells_of(&pos, 64);
            prop_assert!(pos.is_legal(&board));
            prop_assert_eq!(pos.area(&board, Color::Black), ref_area(&cells, &adj, Color::Black));
            prop_assert_eq!(pos.area(&board, Color::White), ref_area(&cells, &adj, Color::White));
        }
    }
}

/// 1x64: a row of 64 points, the one shape where `Board::expand` shifts by a
/// whole row of 64 bits.
#[test]
fn one_by_sixty_four() {
    let (board, adj) = Spec::Rect(1, 64).build();
    let seq: Vec<(bool, usize)> = (0..200).map(|i| (i % 3 == 0, (i * 37) % 64)).collect();
    let positions = random_walk(&board, &adj, Suicide::Forbidden, &seq).unwrap();
    assert!(positions.len() > 20);
    for pos in positions {
        let cells = cells_of(&pos, 64);
        assert!(pos.is_legal(&board));
        assert_eq!(
            pos.area(&board, Color::Black),
            ref_area(&cells, &adj, Color::Black)
        );
    }
}

proptest! {
    /// The table-driven ternary numbering equals the point-by-point one and
    /// is below 3^n; distinct positions get distinct numbers.
    #[test]
    fn ternary_numbering(n in 1usize..=40, a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let board = Board::rect(1, n).unwrap();
        let mask = board.all().0;
        let p = Position { black: Bitboard(a & !b & mask), white: Bitboard(b & !a & mask) };
        let q = Position { black: Bitboard(c & !b & mask), white: Bitboard(b & !c & mask) };
        let t = TernaryIndexer::new();
        let ip = t.index(&p);
        prop_assert_eq!(ip, ternary_index(&board, &p));
        prop_assert!((ip as u128) < 3u128.pow(n as u32));
        prop_assert_eq!(ip == t.index(&q), p == q);
    }
}
