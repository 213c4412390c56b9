//! Reading SGF records: a realistic record, point mapping, and each error.

use kosolve_board::{Board, Color, Position, Shape};
use kosolve_sgf::{parse, Record, RecordMove, SgfError};

fn ok(text: &str) -> Record {
    parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn err(text: &str) -> SgfError {
    match parse(text) {
        Ok(r) => panic!("{text:?} parsed: {r:?}"),
        Err(e) => {
            // Every error has a message.
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

const REALISTIC: &str = "\u{feff}
(;GM[1]FF[4]CA[UTF-8]AP[hand:1.0]
 SZ[3]KM[ 0.5 ]PL[W]
 PB[Black]PW[White]
 AB[aa][bb]AW[cb]AE[cc]
 C[a comment with a bracket \\] b and a soft\\
break]
 ;W[ca]C[first move]
 ;B[]
 (;W[tt]
  ;B[ac]
  (;W[cc])
  (;W[bc]C[a variation of the main line's tail])
 )
 (;W[ab]C[second variation, ignored];B[ba])
)
(;GM[1]SZ[19];B[pd])
";

#[test]
fn realistic_record() {
    let r = ok(REALISTIC);
    let b = &r.board;
    assert_eq!(*b, Board::rect(3, 3).unwrap());
    assert_eq!(b.to_string(), "3x3");
    let pt = |name: &str| b.parse_point(name).unwrap();
    assert_eq!(
        r.setup,
        Position::from_diagram(b, "X..\n.XO\n...").unwrap(),
        "{}",
        r.setup.diagram(b)
    );
    assert!(r.setup.black.contains(pt("A3")));
    assert!(r.setup.black.contains(pt("B2")));
    assert!(r.setup.white.contains(pt("C2")));
    assert_eq!(r.to_move, Some(Color::White));
    assert_eq!(r.komi.as_deref(), Some("0.5"));
    let m = |number, color, point: Option<&str>| RecordMove {
        color,
        point: point.map(pt),
        number,
    };
    assert_eq!(
        r.moves,
        vec![
            m(1, Color::White, Some("C3")),
            m(2, Color::Black, None),
            m(3, Color::White, None),
            m(4, Color::Black, Some("A1")),
            m(5, Color::White, Some("C1")),
        ]
    );
}

#[test]
fn point_mapping_on_3x3() {
    let r = ok("(;SZ[3];B[aa];W[ca];B[ac];W[cc];B[bb];W[ba];B[ab])");
    let b = &r.board;
    let names: Vec<String> = r
        .moves
        .iter()
        .map(|m| b.point_name(m.point.unwrap()))
        .collect();
    assert_eq!(names, ["A3", "C3", "A1", "C1", "B2", "B3", "A2"]);
    assert_eq!(r.moves[0].point, b.parse_point("A3"));
    assert_eq!(r.moves[1].point, b.parse_point("C3"));
    assert_eq!(r.moves[2].point, b.parse_point("A1"));
    // aa is the top-left point, index 0.
    assert_eq!(r.moves[0].point.unwrap().index(), 0);
    for m in &r.moves {
        let p = m.point.unwrap();
        let written = b.sgf_point(p).unwrap();
        let back = ok(&format!("(;SZ[3];B[{written}])"));
        assert_eq!(back.moves[0].point, Some(p));
    }
}

#[test]
fn rectangular_size_is_columns_then_rows() {
    let r = ok("(;SZ[4:2]AB[da]AW[ab];B[db];W[ca])");
    assert_eq!(r.board, Board::rect(2, 4).unwrap());
    assert_eq!(r.board.to_string(), "2x4");
    assert_eq!(*r.board.shape(), Shape::Rect { rows: 2, cols: 4 });
    let b = &r.board;
    assert!(r.setup.black.contains(b.parse_point("D2").unwrap()));
    assert!(r.setup.white.contains(b.parse_point("A1").unwrap()));
    assert_eq!(r.moves[0].point, b.parse_point("D1"));
    assert_eq!(r.moves[1].point, b.parse_point("C2"));
    // Row letter c is off a 2-row board.
    assert_eq!(
        err("(;SZ[4:2];B[ac])"),
        SgfError::OffBoard {
            number: 1,
            text: "ac".into()
        }
    );
    assert_eq!(ok("(;SZ[ 5 : 1 ])").board, Board::rect(1, 5).unwrap());
}

#[test]
fn compressed_point_lists() {
    let r = ok("(;SZ[4]AB[aa:bb][dd]AW[ca:cd]AE[bb])");
    let b = &r.board;
    assert_eq!(
        r.setup.diagram(b),
        ["XXO.", "XXO.", "..O.", "..OX"].join("\n")
    );
    // In one node AE comes first; in a later node it clears.
    assert_eq!(ok("(;SZ[4]AB[aa:dd]AE[bb:cc])").setup.black.count(), 16);
    assert_eq!(ok("(;SZ[4]AB[aa:dd];AE[bb:cc])").setup.black.count(), 12);
}

#[test]
fn setup_order_is_ae_ab_aw() {
    // AE and AB on the same point in one node: AB wins.
    let r = ok("(;SZ[2]AB[aa]AE[aa])");
    assert_eq!(r.setup.black.count(), 1);
    // A later setup node before the first move changes the position.
    let r = ok("(;SZ[2]AB[aa][bb];AE[aa]AW[ab];B[ba])");
    assert_eq!(r.setup.diagram(&r.board), "..\nOX");
    // Setup and the first move in one node: the setup comes first.
    let r = ok("(;SZ[2]AB[aa]B[bb])");
    assert_eq!(r.setup.black.count(), 1);
    assert_eq!(r.moves.len(), 1);
}

#[test]
fn lowercase_ff3_identifiers() {
    let r = ok("(;GaMe[1]SiZe[3]AddBlack[aa]AddWhite[cc]PLayer[B];Black[bb];White[tt])");
    assert_eq!(r.setup.black.count(), 1);
    assert_eq!(r.setup.white.count(), 1);
    assert_eq!(r.to_move, Some(Color::Black));
    assert_eq!(r.moves[0].point, r.board.parse_point("B2"));
    assert_eq!(r.moves[1].point, None);
}

#[test]
fn defaults_when_absent() {
    let r = ok("(;SZ[2])");
    assert_eq!(r.setup, Position::EMPTY);
    assert_eq!(r.to_move, None);
    assert_eq!(r.komi, None);
    assert!(r.moves.is_empty());
    // Unknown properties, and moves in the root, are fine.
    let r = ok("(;SZ[2]XX[whatever][more]B[aa])");
    assert_eq!(r.moves.len(), 1);
    // KM is unescaped and trimmed, not interpreted.
    assert_eq!(ok("(;SZ[2]KM[ 6.5\\\n])").komi.as_deref(), Some("6.5"));
    assert_eq!(ok("(;SZ[2]KM[])").komi.as_deref(), Some(""));
}

#[test]
fn pass_encodings() {
    let r = ok("(;SZ[3];B[];W[tt];B[ ])");
    assert!(r.moves.iter().all(|m| m.point.is_none()));
    assert_eq!(
        r.moves.iter().map(|m| m.number).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    // tt is a pass up to 19x19 only; on 1x20 it is off the board.
    assert!(matches!(
        err("(;SZ[20:1];B[tt])"),
        SgfError::OffBoard { number: 1, .. }
    ));
    assert!(matches!(
        err("(;SZ[1:20];B[tt])"),
        SgfError::OffBoard { number: 1, .. }
    ));
    // On 1x20 tt's column exists (t = 19), but not its row.
    assert_eq!(ok("(;SZ[20:1];B[ta])").moves[0].point.unwrap().index(), 19);
    assert_eq!(ok("(;SZ[19:1];W[tt])").moves[0].point, None);
    // tt in a setup is just off the board.
    assert!(matches!(
        err("(;SZ[3]AB[tt])"),
        SgfError::SetupOffBoard { .. }
    ));
}

#[test]
fn escapes_in_text_values() {
    let r = ok("(;SZ[2]C[a \\] b];B[aa]C[[x\\\\]N[\\]])");
    assert_eq!(r.moves.len(), 1);
}

#[test]
fn syntax_errors() {
    let off = |t: &str| match err(t) {
        SgfError::Syntax { offset, message } => {
            let shown = err(t).to_string();
            assert!(shown.contains(&format!("byte {offset}")), "{shown}");
            assert!(shown.contains(&message));
            offset
        }
        e => panic!("{t:?}: {e:?}"),
    };
    assert_eq!(off(""), 0);
    assert_eq!(off(" \n\t"), 3);
    assert_eq!(off("\u{feff}"), 3);
    assert_eq!(off("garbage(;SZ[2])"), 0);
    assert_eq!(off("  ;SZ[2]"), 2);
    assert_eq!(off("(;SZ[2]"), 7);
    assert_eq!(off("(;SZ[2];B[aa"), 9);
    assert_eq!(off("(;SZ[2];B[aa]]"), 13);
    assert_eq!(off("(;SZ[2](;B[aa])"), 15);
    assert_eq!(off("(;SZ[2](;B[aa]);W[bb])"), 15);
    assert_eq!(off("()"), 1);
    assert_eq!(off("(;SZ[2]()"), 8);
    assert_eq!(off("(;SZ[2]B)"), 7);
    assert_eq!(off("(;SZ[2]b[aa])"), 7);
    assert_eq!(off("(;SZ[2];[aa])"), 8);
    assert_eq!(off("(;SZ[2]1[aa])"), 7);
    assert_eq!(off("(;SZ[2]:)"), 7);
    // Errors in a later variation are still syntax errors.
    assert_eq!(off("(;SZ[2](;B[aa])(;B[ab)"), 18);
}

#[test]
fn not_go() {
    assert_eq!(
        err("(;GM[2]SZ[3])"),
        SgfError::NotGo {
            offset: 2,
            game: "2".into()
        }
    );
    assert!(err("(;GM[2]SZ[3])").to_string().contains("not a Go record"));
    assert!(ok("(;GM[ 1 ]SZ[3])").moves.is_empty());
}

#[test]
fn sizes() {
    let e = err("(;GM[1])");
    assert_eq!(e, SgfError::TooLarge { cols: 19, rows: 19 });
    let shown = e.to_string();
    assert!(shown.contains("at most 64 points"), "{shown}");
    assert!(shown.contains("SZ"), "{shown}");
    assert_eq!(err("(;SZ[9])"), SgfError::TooLarge { cols: 9, rows: 9 });
    assert_eq!(err("(;SZ[13:5])"), SgfError::TooLarge { cols: 13, rows: 5 });
    assert!(matches!(
        err("(;SZ[99999999999999999999999:2])"),
        SgfError::TooLarge { rows: 2, .. }
    ));
    assert_eq!(ok("(;SZ[8])").board.len(), 64);
    assert_eq!(ok("(;SZ[64:1])").board.len(), 64);
    assert_eq!(ok("(;SZ[1])").board.len(), 1);
    for bad in ["0", "3:0", "x", "", "3:", ":3", "-3", "3.0", "3:3:3"] {
        let e = err(&format!("(;SZ[{bad}])"));
        assert_eq!(
            e,
            SgfError::BadSize {
                offset: 4,
                text: bad.into()
            }
        );
    }
    assert!(matches!(err("(;SZ[3][4])"), SgfError::BadValue { .. }));
    assert!(matches!(
        err("(;SZ[3];SZ[4])"),
        SgfError::NotInRoot { node: 1, .. }
    ));
}

#[test]
fn off_board_moves_name_their_number() {
    let e = err("(;SZ[3];B[aa];W[];B[da])");
    assert_eq!(
        e,
        SgfError::OffBoard {
            number: 3,
            text: "da".into()
        }
    );
    assert!(e.to_string().contains("move 3"), "{e}");
    assert!(matches!(
        err("(;SZ[3];B[ZZ])"),
        SgfError::OffBoard { number: 1, .. }
    ));
}

#[test]
fn bad_values() {
    for (text, property) in [
        ("(;SZ[3];B[a])", "B"),
        ("(;SZ[3];W[a1])", "W"),
        ("(;SZ[3];B[aaa])", "B"),
        ("(;SZ[3];B[aa:bb])", "B"),
        ("(;SZ[3];B[aa][bb])", "B"),
        ("(;SZ[3]AB[1a])", "AB"),
        ("(;SZ[3]AW[aa:b])", "AW"),
        ("(;SZ[3]PL[X])", "PL"),
        ("(;SZ[3]KM[1][2])", "KM"),
    ] {
        match err(text) {
            SgfError::BadValue {
                property: p,
                offset,
                ..
            } => {
                assert_eq!(p, property, "{text}");
                assert_eq!(&text[offset..=offset], "[", "{text}");
            }
            e => panic!("{text}: {e:?}"),
        }
    }
}

#[test]
fn setup_errors() {
    assert_eq!(
        err("(;SZ[3]AB[ad])"),
        SgfError::SetupOffBoard {
            offset: 9,
            property: "AB".into(),
            text: "ad".into()
        }
    );
    assert!(matches!(
        err("(;SZ[3]AE[aa:ad])"),
        SgfError::SetupOffBoard { .. }
    ));
    let e = err("(;SZ[3]AB[aa][bb]AW[cc:bb])");
    assert_eq!(
        e,
        SgfError::SetupConflict {
            offset: 1,
            node: 0,
            point: "bb".into()
        }
    );
    assert!(e.to_string().contains("[bb]"), "{e}");
}

#[test]
fn setup_after_moves() {
    let e = err("(;SZ[3]AB[aa];B[bb];W[cc]\n;AW[ac])");
    assert_eq!(
        e,
        SgfError::SetupAfterMoves {
            offset: 27,
            node: 3,
            property: "AW".into(),
            moves: 2
        }
    );
    assert!(e.to_string().contains("node 3"), "{e}");
    // In the node of a move that follows others, too.
    assert!(matches!(
        err("(;SZ[3];B[bb];AE[bb]W[cc])"),
        SgfError::SetupAfterMoves { node: 2, .. }
    ));
    assert!(matches!(
        err("(;SZ[3];B[bb];PL[B])"),
        SgfError::SetupAfterMoves { node: 2, .. }
    ));
    // Not in an ignored variation.
    ok("(;SZ[3](;B[bb])(;B[aa];AB[cc]))");
}

#[test]
fn two_moves_in_a_node() {
    assert_eq!(
        err("(;SZ[3];B[aa]W[bb])"),
        SgfError::TwoMoves { offset: 7, node: 1 }
    );
    assert!(matches!(
        err("(;SZ[3];B[aa]B[bb])"),
        SgfError::TwoMoves { .. }
    ));
}

#[test]
fn only_the_first_game_tree() {
    let r = ok("(;SZ[2];B[aa])(;SZ[3];B[bb];W[cc]) trailing junk ((");
    assert_eq!(r.board.len(), 4);
    assert_eq!(r.moves.len(), 1);
}

#[test]
fn deep_nesting_is_not_a_stack_overflow() {
    let n = 100_000;
    let text = format!("(;SZ[2]{}{}", "(;B[]".repeat(n), ")".repeat(n + 1));
    assert_eq!(ok(&text).moves.len(), n);
    let text = format!("(;SZ[2]{}", "(;B[]".repeat(n));
    assert!(matches!(err(&text), SgfError::Syntax { .. }));
}

#[test]
fn errors_in_ignored_variations_are_ignored() {
    // Semantic errors off the main line do not matter; syntax does.
    ok("(;SZ[2](;B[aa])(;B[zz]W[ab]AB[qq]))");
}

#[test]
fn large_inputs_are_read_in_linear_time() {
    let start = std::time::Instant::now();
    let n = 200_000;
    let text = format!(
        "(;SZ[8]C[{}]{})",
        "x\\]".repeat(n),
        ";B[aa]C[[]XY[1][2][3]".repeat(n)
    );
    assert_eq!(ok(&text).moves.len(), n);
    let text = format!("(;SZ[8]AB{})", "[aa:hh]".repeat(n));
    assert_eq!(ok(&text).setup.black.count(), 64);
    let text = format!("(;SZ[8];B[aa]{})", "(;W[bb]".repeat(n));
    assert!(matches!(err(&text), SgfError::Syntax { .. }));
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}
