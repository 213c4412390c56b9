//! The Basic Ko Rules (`bkr`, docs/rules.md): hand-built diagrams for the
//! basic ko rule and the prohibition rule, and the ko points K(X) (the fast
//! form against the definition, on random positions).
//!
//! Diagrams: top row first, `X` black, `O` white, `.` empty; on 1xN the
//! points are A1, B1, C1, ... from the left (GTP names skip `I`).

use kosolve_board::{Bitboard, Board, Color, Point, Position, Suicide};
use kosolve_rules::ko::{is_ko, ko_points, ko_points_brute, KoFrame};
use kosolve_rules::{Game, Move, Rules, Ruleset, StandardGame, Start};
use kosolve_testkit::Rng;
use std::sync::Arc;

fn board(spec: &str) -> Arc<Board> {
    Arc::new(Board::parse(spec).unwrap())
}

fn start(b: &Arc<Board>, rules: Rules, diagram: &str) -> StandardGame {
    let pos = Position::from_diagram(b, diagram).unwrap();
    let s = Start::new(pos, Color::Black);
    s.check(b, &rules).unwrap();
    StandardGame::from_start(b.clone(), rules, &s)
}

fn mv(g: &StandardGame, name: &str) -> Move {
    Move::parse(g.board(), name).unwrap_or_else(|| panic!("bad move name {name}"))
}

/// Plays the moves (names separated by spaces); each must be legal.
fn play(g: &mut StandardGame, moves: &str) {
    for name in moves.split_whitespace() {
        let m = mv(g, name);
        assert!(
            g.try_play(m),
            "{name} should be legal under {} after {:?}",
            g.rules().ruleset,
            g.moves()
        );
    }
}

fn legal(g: &StandardGame, name: &str) -> bool {
    g.is_legal(mv(g, name))
}

fn points(b: &Board, names: &str) -> Bitboard {
    names
        .split_whitespace()
        .map(|n| b.parse_point(n).unwrap())
        .collect()
}

fn diagram(g: &StandardGame) -> String {
    g.position().diagram(g.board())
}

/// A single ko on 2x5: White's B1 has C1 as its only liberty, and Black's
/// play there captures it alone, leaving a stone that White can take back.
const ONE_KO: &str = "
    . X O . .
    X O . O .";

#[test]
fn the_single_ko_is_the_only_ko() {
    let b = board("2x5");
    let pos = Position::from_diagram(&b, ONE_KO).unwrap();
    for su in [Suicide::Forbidden, Suicide::Allowed] {
        assert_eq!(ko_points(&b, &pos, su), points(&b, "B1 C1"));
        assert_eq!(ko_points_brute(&b, &pos, su), points(&b, "B1 C1"));
    }
    let (b1, c1) = (b.parse_point("B1").unwrap(), b.parse_point("C1").unwrap());
    assert!(is_ko(&b, &pos, b1, c1, Suicide::Forbidden));
    assert!(is_ko(&b, &pos, c1, b1, Suicide::Forbidden));
    assert!(!is_ko(&b, &pos, c1, c1, Suicide::Forbidden));
    // After Black's capture {B1, C1} is still a ko (White takes back at B1).
    let after = Position::from_diagram(&b, ". X O . .\nX . X O .").unwrap();
    assert_eq!(
        ko_points(&b, &after, Suicide::Forbidden),
        points(&b, "B1 C1")
    );
}

/// Test 1: the basic ko rule forbids the immediate recapture.
#[test]
fn basic_ko_rule_forbids_the_immediate_recapture() {
    let b = board("2x5");
    let mut g = start(&b, Rules::new(Ruleset::Bkr), ONE_KO);
    assert_eq!(g.ko_ban(), None, "no previous move at the start");
    assert!(legal(&g, "C1"));
    play(&mut g, "C1");
    assert_eq!(diagram(&g), ".XO..\nX.XO.");
    assert_eq!(g.ko_ban(), b.parse_point("B1"));
    assert!(!legal(&g, "B1"), "the immediate recapture");
    assert!(!g.legal_move_list().contains(&mv(&g, "B1")));
    // Everything else White could play on the board alone is still legal.
    for name in ["D2", "E2", "E1"] {
        assert!(legal(&g, name), "{name}");
    }
    assert!(legal(&g, "pass"));
}

/// Test 2: one move later the recapture is allowed: after a pair of plays
/// elsewhere, and after a pass and a reply. White never played B1 before,
/// so the prohibition rule has nothing against it.
#[test]
fn the_recapture_is_allowed_one_move_later() {
    let b = board("2x5");
    let mut g = start(&b, Rules::new(Ruleset::Bkr), ONE_KO);
    play(&mut g, "C1 E1 E2");
    assert_eq!(diagram(&g), ".XO.X\nX.XOO");
    assert_eq!(g.ko_ban(), None);
    assert!(legal(&g, "B1"));
    play(&mut g, "B1");
    assert_eq!(diagram(&g), ".XO.X\nXO.OO");
    // And now Black's immediate retake is the one forbidden.
    assert_eq!(g.ko_ban(), b.parse_point("C1"));
    assert!(!legal(&g, "C1"));

    // A pass clears the ban: White passes, Black passes (the game ends
    // only on the third pass here), White takes back. psk forbids that
    // recapture, which recreates the start.
    for rs in [Ruleset::Bkr, Ruleset::Psk] {
        let rules = Rules::new(rs).with_end_passes(3).unwrap();
        let mut g = start(&b, rules, ONE_KO);
        play(&mut g, "C1 pass pass");
        assert_eq!(g.ko_ban(), None);
        assert_eq!(legal(&g, "B1"), rs == Ruleset::Bkr, "{rs}");
    }
}

/// Three kos on 1x22, each White's single stone (D1, L1, S1) with Black's
/// capture point next to it (E1, M1, T1). Every ko is the same shape
/// whichever side holds it, so all the positions of the line below have
/// the same frame.
const THREE_KOS: &str = ". X X O . O O . X X O . O O . X X O . O O .";

/// Test 3: the prohibition rule forbids Black's second play at E1 from the same
/// frame, where psk allows it because the position it makes is new.
#[test]
fn prohibition_rule_forbids_a_second_play_from_the_same_frame() {
    let b = board("1x22");
    let line = "E1 pass M1 D1 T1 L1";
    let mut g = start(&b, Rules::new(Ruleset::Bkr), THREE_KOS);
    let frame = g.ko_frame();
    assert_eq!(frame.ko, points(&b, "D1 E1 L1 M1 S1 T1"));
    // Black E1, White passes, Black M1, White D1 (back in the first ko;
    // only L1 is banned), Black T1 (only E1 is banned), White L1 (only S1
    // is banned).
    let mut seen = vec![g.position()];
    for name in line.split_whitespace() {
        play(&mut g, name);
        assert_eq!(g.ko_frame(), frame, "the frame after {name}");
        seen.push(g.position());
    }
    assert_eq!(diagram(&g), ".XXO.OO.XXO.OO.XX.XOO.");
    assert_eq!(g.ko_ban(), b.parse_point("M1"));
    // E1 is not banned by the basic ko rule, but Black already played E1
    // from this frame (the first move).
    assert!(!legal(&g, "E1"));
    assert!(legal(&g, "pass"));

    // Under psk the same line is legal, and so is E1: its position is new.
    let mut p = start(&b, Rules::new(Ruleset::Psk), THREE_KOS);
    play(&mut p, line);
    assert_eq!(p.position(), g.position());
    assert!(legal(&p, "E1"));
    let after = p
        .position()
        .play(
            &b,
            Color::Black,
            b.parse_point("E1").unwrap(),
            Suicide::Forbidden,
        )
        .unwrap()
        .position;
    assert!(!seen.contains(&after));
}

#[test]
fn no_ko_means_no_ko_points() {
    for spec in ["1x1", "1x3", "2x2", "3x3"] {
        let b = board(spec);
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            assert_eq!(ko_points(&b, &Position::EMPTY, su), Bitboard::EMPTY);
            assert_eq!(ko_points_brute(&b, &Position::EMPTY, su), Bitboard::EMPTY);
        }
    }
    // Stones but no ko: a wall across 3x3.
    let b = board("3x3");
    let pos = Position::from_diagram(&b, "X O .\nX O .\nX O .").unwrap();
    for su in [Suicide::Forbidden, Suicide::Allowed] {
        assert_eq!(ko_points(&b, &pos, su), Bitboard::EMPTY);
        assert_eq!(ko_points_brute(&b, &pos, su), Bitboard::EMPTY);
    }
}

/// With suicide allowed the definition also makes a ko of two single-stone
/// suicides of the two players (each leaves the position as it was).
#[test]
fn suicide_allowed_pairs_two_single_stone_suicides() {
    let b = board("2x4");
    // A2 is a single-stone suicide for White (its neighbours are Black's
    // and keep other liberties); D1 one for Black.
    let pos = Position::from_diagram(&b, ". X . O\nX X O .").unwrap();
    let a2 = b.parse_point("A2").unwrap();
    let d1 = b.parse_point("D1").unwrap();
    assert_eq!(ko_points(&b, &pos, Suicide::Forbidden), Bitboard::EMPTY);
    assert!(!is_ko(&b, &pos, a2, d1, Suicide::Forbidden));
    assert!(is_ko(&b, &pos, a2, d1, Suicide::Allowed));
    assert_eq!(ko_points(&b, &pos, Suicide::Allowed), points(&b, "A2 D1"));
    assert_eq!(
        ko_points_brute(&b, &pos, Suicide::Allowed),
        points(&b, "A2 D1")
    );
}

const K_BOARDS: [&str; 10] = [
    "1x5", "1x7", "2x3", "2x4", "3x3", "ring:5", "2x5", "3x4", "4x4", "graph",
];

fn k_board(spec: &str) -> Board {
    if spec == "graph" {
        // A path of four, a triangle, and two isolated points (a stone
        // there has no liberty at all).
        Board::from_adjacency(
            "graph",
            "0: 1\n1: 0 2\n2: 1 3\n3: 2\n4: 5 6\n5: 4 6\n6: 4 5\n7:\n8:\n",
        )
        .unwrap()
    } else {
        Board::parse(spec).unwrap()
    }
}

/// The fast form of K(X) equals the definition on random positions (legal
/// or not), and on positions reached by random play, with suicide
/// forbidden and allowed.
#[test]
fn fast_ko_points_equal_the_definition() {
    let mut rng = Rng::new(0x6B6F_5F70_6F69_6E74);
    for spec in K_BOARDS {
        let b = k_board(spec);
        let mut found = [0usize; 2];
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let mut check = |pos: &Position| {
                let fast = ko_points(&b, pos, su);
                let brute = ko_points_brute(&b, pos, su);
                assert_eq!(fast, brute, "{spec} {su:?}\n{}", pos.diagram(&b));
                if fast.any() {
                    found[(su == Suicide::Allowed) as usize] += 1;
                }
                let f = KoFrame::of(&b, pos, su);
                assert_eq!(f.ko, fast);
                assert_eq!(f.outside.black, pos.black - f.ko);
                assert_eq!(f.outside.white, pos.white - f.ko);
            };
            for i in 0..3000 {
                let pos = rng.position(&b, 1 + i % 3);
                check(&pos);
            }
            // Random play (board rules only) reaches many kos.
            for _ in 0..60 {
                let mut pos = Position::EMPTY;
                let mut c = Color::Black;
                for _ in 0..40 {
                    check(&pos);
                    let empty: Vec<Point> = pos.empty(&b).iter().collect();
                    if empty.is_empty() {
                        break;
                    }
                    let p = empty[rng.below(empty.len())];
                    if let Ok(next) = pos.play(&b, c, p, su) {
                        pos = next.position;
                    }
                    c = c.opponent();
                }
            }
        }
        if spec != "1x5" {
            assert!(
                found[0] > 0 && found[1] > 0,
                "{spec}: too few kos: {found:?}"
            );
        }
    }
}

/// Frames: equal exactly when K(X) and the stones outside it are equal,
/// and so their digests; distinct frames get distinct digests.
#[test]
fn frame_digests_separate_frames() {
    let mut rng = Rng::new(7);
    let b = Board::parse("3x3").unwrap();
    let mut by_digest = std::collections::HashMap::new();
    for i in 0..20000 {
        let pos = rng.position(&b, 1 + i % 3);
        if !pos.is_legal(&b) {
            continue;
        }
        let f = KoFrame::of(&b, &pos, Suicide::Forbidden);
        if let Some(old) = by_digest.insert(f.digest(), f) {
            assert_eq!(old, f, "two frames, one digest");
        }
    }
    assert!(by_digest.len() > 1000);
}
