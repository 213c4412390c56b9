//! The diagram parser never panics, and reads back what `diagram` writes.

use kosolve_board::{Board, DiagramError, Position};
use proptest::prelude::*;

fn boards() -> Vec<Board> {
    ["1x1", "1x5", "2x3", "3x3", "4x4", "8x8", "ring:5"]
        .iter()
        .map(|s| Board::parse(s).unwrap())
        .collect()
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

    /// Every colouring round-trips through both diagram forms.
    #[test]
    fn diagrams_round_trip(cells in proptest::collection::vec(0u8..3, 64), b in 0usize..7) {
        let board = &boards()[b];
        let text: String = board
            .points()
            .map(|p| ['.', 'X', 'O'][cells[p.index()] as usize])
            .collect();
        let pos = Position::from_diagram(board, &text).unwrap();
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
