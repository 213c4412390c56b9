//! What the writer writes, the reader reads back to the same record.

use kosolve_board::{Bitboard, Board, Color, Point, Position};
use kosolve_sgf::{parse, write, Annotations, Header, Note, Record, RecordMove, WriteError};
use proptest::prelude::*;

/// Characters that komi texts and comments are drawn from: the ones SGF
/// escapes, brackets, separators and letters.
const TEXT: &[char] = &[
    ']', '\\', '[', ')', '(', ';', ':', 'a', 'B', 'W', '0', '5', '.', '-', ' ', '\n', 'é',
];

fn text(len: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(0..TEXT.len(), 0..len)
        .prop_map(|v| v.into_iter().map(|i| TEXT[i]).collect())
}

/// A rectangle of up to 64 points and 52 lines a side (what SGF describes),
/// as (rows, cols).
fn dims() -> impl Strategy<Value = (usize, usize)> {
    (1usize..=52).prop_flat_map(|r| (Just(r), 1..=(64 / r).min(52)))
}

/// A record on a rows x cols board from random raw parts.
fn record(
    (rows, cols): (usize, usize),
    cells: &[u8],
    to_move: Option<bool>,
    komi: Option<String>,
    moves: &[(bool, Option<usize>)],
) -> Record {
    let board = Board::rect(rows, cols).unwrap();
    let n = rows * cols;
    let mut setup = Position::EMPTY;
    for (i, &c) in cells.iter().take(n).enumerate() {
        let p = Bitboard::from_point(Point(i as u8));
        match c % 3 {
            1 => setup.black |= p,
            2 => setup.white |= p,
            _ => {}
        }
    }
    let color = |b: bool| if b { Color::Black } else { Color::White };
    Record {
        board,
        setup,
        to_move: to_move.map(color),
        // The reader trims the komi text.
        komi: komi.map(|k| k.trim().to_string()),
        moves: moves
            .iter()
            .enumerate()
            .map(|(i, &(b, p))| RecordMove {
                color: color(b),
                point: p.map(|p| Point((p % n) as u8)),
                number: i + 1,
            })
            .collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// Any record on any rectangle, with any comments and notes, reads back
    /// unchanged, and the comments do not leak into the moves.
    #[test]
    fn written_records_read_back(
        dims in dims(),
        cells in proptest::collection::vec(any::<u8>(), 64),
        to_move in proptest::option::of(any::<bool>()),
        komi in proptest::option::of(text(8)),
        moves in proptest::collection::vec((any::<bool>(), proptest::option::of(0usize..64)), 0..20),
        comments in proptest::collection::vec(proptest::option::of(text(12)), 0..20),
        notes in proptest::collection::vec((0usize..21, text(12)), 0..4),
        header in (proptest::option::of(text(6)), proptest::option::of(text(6)), proptest::option::of(text(6))),
    ) {
        let r = record(dims, &cells, to_move, komi, &moves);
        let m = r.moves.len();
        let a = Annotations {
            header: Header {
                application: Some("kosolve".into()),
                ruleset: header.0,
                result: header.1,
                black: None,
                white: None,
                comment: header.2,
            },
            move_comments: comments.into_iter().take(m).collect(),
            notes: notes
                .into_iter()
                .map(|(after, text)| Note { after: after % (m + 1), text })
                .collect(),
        };
        let sgf = write(&r, &a).unwrap();
        let back = parse(&sgf).map_err(|e| TestCaseError::fail(format!("{e}\n{sgf}")))?;
        prop_assert_eq!(back, r, "{}", sgf);
    }
}

#[test]
fn a_board_sgf_cannot_describe_is_refused_not_written() {
    let ring = Board::parse("ring:5").unwrap();
    let r = Record {
        board: ring,
        setup: Position::EMPTY,
        to_move: None,
        komi: None,
        moves: vec![],
    };
    assert!(matches!(
        write(&r, &Annotations::default()),
        Err(WriteError::Board { .. })
    ));
    let wide = Record {
        board: Board::rect(1, 53).unwrap(),
        ..r
    };
    let e = write(&wide, &Annotations::default()).unwrap_err();
    assert!(e.to_string().contains("52 lines"), "{e}");
}

#[test]
fn bad_annotations_and_setups_are_errors() {
    let board = Board::rect(2, 2).unwrap();
    let mut r = Record {
        board,
        setup: Position::EMPTY,
        to_move: Some(Color::Black),
        komi: None,
        moves: vec![RecordMove {
            color: Color::Black,
            point: None,
            number: 1,
        }],
    };
    let a = Annotations {
        move_comments: vec![None, Some("x".into())],
        ..Annotations::default()
    };
    assert_eq!(
        write(&r, &a),
        Err(WriteError::NoSuchMove { index: 1, moves: 1 })
    );
    let a = Annotations {
        notes: vec![Note {
            after: 2,
            text: String::new(),
        }],
        ..Annotations::default()
    };
    assert!(matches!(write(&r, &a), Err(WriteError::NoSuchMove { .. })));
    r.setup.black = Bitboard::from_point(Point(1));
    r.setup.white = Bitboard::from_point(Point(1));
    assert_eq!(
        write(&r, &Annotations::default()),
        Err(WriteError::SetupConflict)
    );
    r.setup.white = Bitboard::from_point(Point(7));
    assert!(matches!(
        write(&r, &Annotations::default()),
        Err(WriteError::OffBoard { .. })
    ));
}
