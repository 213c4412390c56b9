//! The diagram parser never panics, and reads back what `diagram` writes.

use kosolve_board::{Board, DiagramError, Position};
use kosolve_testkit::{edits, mutate};
use proptest::prelude::*;

fn boards() -> Vec<Board> {
    ["1x1", "1x5", "2x3", "3x3", "4x4", "8x8", "ring:5"]
        .iter()
        .map(|s| Board::parse(s).unwrap())
        .collect()
}

/// The position of `cells` (0 empty, 1 black, 2 white) on `board`.
fn from_cells(board: &Board, cells: &[u8]) -> Position {
    let text: String = board
        .points()
        .map(|p| ['.', 'X', 'O'][cells[p.index()] as usize])
        .collect();
    Position::from_diagram(board, &text).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text: a position or an error, never a panic.
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}", b in 0usize..7) {
        let board = &boards()[b];
        let _ = Position::from_diagram(board, &text);
    }

    /// Text from the diagram alphabet, with separators in odd places.
    #[test]
    fn diagram_alphabet_never_panics(text in "[XO.xo+/ \\n-]{0,80}", b in 0usize..7) {
        let board = &boards()[b];
        match Position::from_diagram(board, &text) {
            Ok(p) => prop_assert!(p.occupied().is_subset(board.all())),
            Err(DiagramError::BadChar(_)) => prop_assert!(false, "only diagram characters"),
            Err(_) => {}
        }
    }

    /// Valid diagrams (one line and several) with bytes inserted, deleted
    /// or replaced, truncated, or with their tail repeated.
    #[test]
    fn mutated_diagrams_never_panic(
        b in 0usize..7,
        cells in proptest::collection::vec(0u8..3, 64),
        lines in any::<bool>(),
        edits in edits(b"XO.xo+#@-/\n \t", 6, 1..6),
    ) {
        let board = &boards()[b];
        let pos = from_cells(board, &cells);
        let text = if lines { pos.diagram(board) } else { pos.diagram_line(board) };
        let text = mutate(&text, &edits, &[]);
        match Position::from_diagram(board, &text) {
            Ok(p) => prop_assert!(p.occupied().is_subset(board.all())),
            Err(e) => prop_assert!(!e.to_string().is_empty(), "{:?}", e),
        }
    }

    /// Every colouring round-trips through both diagram forms.
    #[test]
    fn diagrams_round_trip(cells in proptest::collection::vec(0u8..3, 64), b in 0usize..7) {
        let board = &boards()[b];
        let pos = from_cells(board, &cells);
        prop_assert_eq!(Position::from_diagram(board, &pos.diagram(board)).unwrap(), pos);
        prop_assert_eq!(Position::from_diagram(board, &pos.diagram_line(board)).unwrap(), pos);
    }
}

#[test]
fn rows_must_match_the_rectangle() {
    let b = Board::parse("2x3").unwrap();
    assert!(Position::from_diagram(&b, "XO./.X.").is_ok());
    assert!(matches!(
        Position::from_diagram(&b, "XO/.X.."),
        Err(DiagramError::WrongShape { .. })
    ));
    assert!(matches!(
        Position::from_diagram(&b, "XO./.X./..."),
        Err(DiagramError::WrongShape { .. })
    ));
    // Without separators only the number of points counts.
    assert!(Position::from_diagram(&b, "XO..X.").is_ok());
    assert!(matches!(
        Position::from_diagram(&b, "XO..X"),
        Err(DiagramError::WrongLength { .. })
    ));
}

/// Every prefix of a diagram, in both forms, on every board: a position
/// or an error with a message.
#[test]
fn every_prefix_is_read_or_refused() {
    for board in &boards() {
        let cells: Vec<u8> = (0..64).map(|i| (i * 7 % 3) as u8).collect();
        let pos = from_cells(board, &cells);
        for text in [pos.diagram(board), pos.diagram_line(board)] {
            for end in 0..=text.len() {
                if let Err(e) = Position::from_diagram(board, &text[..end]) {
                    assert!(!e.to_string().is_empty(), "{e:?}");
                    assert!(end < text.len(), "{text:?}: {e}");
                }
            }
        }
    }
}
