//! Fuzzing the board parsers a user reaches (`--board`, a config's
//! `boards`, `graph:FILE`): board descriptions, graph files and point
//! names. No input panics, every error has a message, and every board that
//! parses is a valid graph. (Diagrams: tests/diagram_fuzz.rs.)

use kosolve_board::{Board, BoardError, Point, MAX_POINTS};
use kosolve_testkit::{edge_integers, edits, mutate};
use proptest::prelude::*;
use std::path::PathBuf;

/// Graph files that parse: the mutations start from these.
const GRAPH_SEEDS: &[&str] = &[
    "0: 1\n1: 0 2\n2: 1\n",
    "# a triangle\n0: 1, 2\n1: 0 2 # c\n\n2: 0,1\n",
    "2: 1\n0: 1\n1: 2 0\n",
    "0:\n",
    "0: 1 3\n1: 0 2\n2: 1 3\n3: 2 0\n4:\n",
];

/// Bytes that mutations insert: mostly the graph syntax.
const GRAPH_SYNTAX: &[u8] = b"0123456789: ,#\n\t-";

/// A board that parsed: within the point limit, neighbours on the board,
/// symmetric and without self-loops, and every point name reads back.
fn check_board(b: &Board) -> Result<(), TestCaseError> {
    prop_assert!(!b.is_empty() && b.len() <= MAX_POINTS, "{} points", b.len());
    prop_assert!(!b.name().is_empty());
    for p in b.points() {
        let ns = b.neighbors(p);
        prop_assert!(ns.is_subset(b.all()));
        prop_assert!(!ns.contains(p));
        for q in ns {
            prop_assert!(b.neighbors(q).contains(p));
        }
        prop_assert_eq!(b.parse_point(&b.point_name(p)), Some(p));
    }
    Ok(())
}

/// Checks one parse: a valid board, or an error with a message.
fn check(result: Result<Board, BoardError>) -> Result<(), TestCaseError> {
    match result {
        Ok(b) => check_board(&b),
        Err(e) => {
            prop_assert!(!e.to_string().is_empty(), "{e:?}");
            Ok(())
        }
    }
}

/// A scratch directory for graph files.
fn scratch() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("board-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A point number: mostly small, sometimes an edge number.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (0u8..6).prop_map(|n| n.to_string()),
        1 => prop::sample::select(edge_integers()).prop_map(String::from),
    ]
}

/// Board descriptions built from the forms and the edge numbers.
fn spec() -> impl Strategy<Value = String> {
    let num = prop::sample::select(edge_integers());
    prop_oneof![
        (
            num.clone(),
            prop::sample::select(vec!["x", "X", " x ", "xx", ":"]),
            num.clone()
        )
            .prop_map(|(r, x, c)| format!("{r}{x}{c}")),
        (
            prop::sample::select(vec!["ring:", "ring: ", "ring", "RING:"]),
            num
        )
            .prop_map(|(r, n)| format!("{r}{n}")),
        "(ring:|graph:|[0-9]{1,3}x)?\\PC{0,12}",
        ".{0,24}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Board descriptions: a valid board or an error, never a panic.
    #[test]
    fn board_descriptions_never_panic(s in spec()) {
        check(Board::parse(&s))?;
    }

    /// Arbitrary bytes as a graph file.
    #[test]
    fn arbitrary_graph_files_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check(Board::from_adjacency("g", &String::from_utf8_lossy(&bytes)))?;
    }

    /// Graph files line by line: `i: j k ...` with point numbers from the
    /// small ones and the edge numbers, separators and comments.
    #[test]
    fn graph_lines_never_panic(
        lines in prop::collection::vec(
            (
                number(),
                prop::sample::select(vec![":", ": ", " :", "", "::"]),
                prop::collection::vec(
                    (number(), prop::sample::select(vec![" ", ",", ", ", "\t", ""])),
                    0..4,
                ),
                prop::sample::select(vec!["", " # c", "#"]),
            ),
            0..8,
        ),
    ) {
        let text: String = lines
            .iter()
            .map(|(p, colon, ns, comment)| {
                let ns: String = ns.iter().map(|(n, sep)| format!("{sep}{n}")).collect();
                format!("{p}{colon}{ns}{comment}\n")
            })
            .collect();
        check(Board::from_adjacency("g", &text))?;
    }

    /// Valid graph files with bytes inserted, deleted or replaced,
    /// truncated, or with edge numbers put in.
    #[test]
    fn mutated_graph_files_never_panic(
        seed in 0..GRAPH_SEEDS.len(),
        edits in edits(GRAPH_SYNTAX, 6, 1..6),
    ) {
        check(Board::from_adjacency("g", &mutate(GRAPH_SEEDS[seed], &edits, &edge_integers())))?;
    }

    /// Point names on every kind of board: a point of the board that names
    /// itself back, or nothing.
    #[test]
    fn point_names_never_panic(s in "[A-Za-z]{0,3}[0-9]{0,3}|\\PC{0,8}", b in 0usize..5) {
        let board = Board::parse(["1x1", "3x3", "2x30", "1x64", "ring:7"][b]).unwrap();
        if let Some(p) = board.parse_point(&s) {
            prop_assert!(p.index() < board.len());
            prop_assert_eq!(board.parse_point(&board.point_name(p)), Some(p));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// `graph:FILE` with a mutated file on disk (invalid UTF-8 included):
    /// an error exactly where the text alone gives one.
    #[test]
    fn mutated_graph_files_on_disk(
        seed in 0..GRAPH_SEEDS.len(),
        edits in edits(GRAPH_SYNTAX, 6, 0..6),
        raw in any::<bool>(),
    ) {
        let path = scratch().join("g.txt");
        let text = mutate(GRAPH_SEEDS[seed], &edits, &edge_integers());
        // Half the cases write the bytes before the lossy conversion.
        let mut bytes = text.clone().into_bytes();
        if raw {
            bytes.push(0xff);
        }
        std::fs::write(&path, &bytes).unwrap();
        let parsed = Board::parse(&format!("graph:{}", path.display()));
        check(parsed.clone())?;
        if raw {
            prop_assert!(matches!(parsed, Err(BoardError::Io { .. })), "{:?}", parsed);
        } else {
            prop_assert_eq!(parsed.is_ok(), Board::from_adjacency("g", &text).is_ok());
        }
    }
}

/// Found by `graph_lines_never_panic`: the point number `usize::MAX`
/// overflowed the point count (a panic in debug builds, an index out of
/// range in release builds).
#[test]
fn the_largest_point_number_is_too_many_points() {
    for text in ["18446744073709551615: 0\n", "0: 1\n18446744073709551615:\n"] {
        let e = Board::from_adjacency("g", text).expect_err(text);
        assert!(matches!(e, BoardError::TooManyPoints { .. }), "{e:?}");
        assert!(e.to_string().contains("at most 64"), "{e}");
    }
}

#[test]
fn seeds_parse() {
    for s in GRAPH_SEEDS {
        let b = Board::from_adjacency("g", s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        check_board(&b).unwrap();
    }
    assert_eq!(
        Board::from_adjacency("g", GRAPH_SEEDS[4])
            .unwrap()
            .neighbors(Point(4))
            .count(),
        0
    );
}
