//! Board descriptions, graph files, point names and diagrams: what is
//! accepted, and which error (with which message) the rest gives.

use kosolve_board::{Board, BoardError, DiagramError, Point, Position, Shape, MAX_POINTS};

fn err(spec: &str) -> BoardError {
    Board::parse(spec).expect_err(spec)
}

fn graph_err(text: &str) -> BoardError {
    Board::from_adjacency("g", text).expect_err(text)
}

#[test]
fn good_boards() {
    let b = Board::parse("2x3").unwrap();
    assert_eq!(b.len(), 6);
    assert_eq!(b.shape(), &Shape::Rect { rows: 2, cols: 3 });
    assert_eq!(b.name(), "2x3");
    assert_eq!(b.to_string(), "2x3");
    let b = Board::parse(" 3X2 ").unwrap();
    assert_eq!(b.shape(), &Shape::Rect { rows: 3, cols: 2 });
    assert_eq!(Board::parse("8x8").unwrap().len(), 64);
    assert_eq!(Board::parse("1x64").unwrap().len(), 64);
    let r = Board::parse("ring:5").unwrap();
    assert_eq!(r.shape(), &Shape::Ring { n: 5 });
    assert_eq!(r.neighbors(Point(0)).count(), 2);
    assert!(r.neighbors(Point(0)).contains(Point(4)));
}

#[test]
fn zero_dimension() {
    for spec in ["0x3", "3x0", "0x0"] {
        let e = err(spec);
        assert_eq!(e, BoardError::ZeroDimension(spec.to_string()));
        let msg = e.to_string();
        assert!(msg.contains(spec) && msg.contains("zero"), "{msg}");
    }
    assert!(matches!(err("ring:0"), BoardError::ZeroDimension(_)));
}

#[test]
fn too_many_points() {
    let e = err("9x9");
    assert_eq!(
        e,
        BoardError::TooManyPoints {
            spec: "9x9".into(),
            points: 81
        }
    );
    let msg = e.to_string();
    assert!(
        msg.contains("81") && msg.contains(&MAX_POINTS.to_string()),
        "{msg}"
    );
    assert!(matches!(
        err("1x65"),
        BoardError::TooManyPoints { points: 65, .. }
    ));
    assert!(matches!(
        err("ring:65"),
        BoardError::TooManyPoints { points: 65, .. }
    ));
    // Huge dimensions must not overflow.
    assert!(matches!(
        err("999999x999999"),
        BoardError::TooManyPoints { .. }
    ));
}

#[test]
fn malformed() {
    for spec in [
        "abc",
        "",
        "3",
        "3x",
        "x3",
        "3x3x3x3",
        "3xx3",
        "-1x3",
        "3 x y",
        "ring:",
        "ring:x",
        "1.5x2",
        "9999999x1",
    ] {
        let e = err(spec);
        assert!(matches!(e, BoardError::Malformed(_)), "{spec:?} gave {e:?}");
        let msg = e.to_string();
        assert!(
            msg.contains("RxC") && msg.contains("ring:N"),
            "the message lists the valid forms: {msg}"
        );
    }
    assert_eq!(
        err("abc").to_string(),
        "malformed board 'abc'; valid forms: RxC (e.g. 2x3: 2 rows of 3), AxBxC (e.g. 2x2x2, the cube), ring:N, graph:FILE"
    );
}

#[test]
fn small_rings_are_refused() {
    for n in [1, 2] {
        let e = err(&format!("ring:{n}"));
        assert!(matches!(e, BoardError::Malformed(_)), "{e:?}");
        let msg = e.to_string();
        assert!(msg.contains("at least 3"), "{msg}");
    }
}

#[test]
fn graph_files() {
    // A path of three points, with a comment, blank lines and commas.
    let b = Board::from_adjacency("path", "# a path\n0: 1\n\n1: 0, 2\n2: 1 # end\n").unwrap();
    assert_eq!(b.len(), 3);
    assert_eq!(b.shape(), &Shape::Graph);
    assert_eq!(b.neighbors(Point(1)).count(), 2);
    assert_eq!(b.symmetries().len(), 1);
    // Lines may come in any order.
    let c = Board::from_adjacency("path", "2: 1\n0: 1\n1: 2 0\n").unwrap();
    assert_eq!(b, c);
}

/// Graph files that are refused, with the line blamed (0: the file as a
/// whole) and what the message says.
#[test]
fn graph_errors_name_the_line() {
    let cases: &[(&str, usize, &[&str])] = &[
        // A point missing from the numbering.
        ("0: 2\n2: 0\n", 0, &["point 1 is not listed"]),
        // An asymmetric adjacency.
        ("0: 1\n1:\n", 1, &["line 1", "point 1 does not list 0"]),
        // A self-loop.
        ("0: 1\n1: 0 1\n", 2, &["itself"]),
        // Bad numbers and lines.
        ("0: 1\n1: zero\n", 2, &["'zero' is not a point number"]),
        ("x: 1\n", 1, &[]),
        ("0 1\n", 1, &["expected 'i: j k ...'"]),
        // A neighbour beyond the largest listed point.
        ("0: 1 5\n1: 0\n", 1, &["5"]),
        // A point listed twice.
        ("0: 1\n1: 0\n0: 1\n", 3, &["twice"]),
        // Nothing at all.
        ("# nothing\n\n", 0, &[]),
    ];
    for &(text, line, says) in cases {
        let e = graph_err(text);
        assert!(
            matches!(e, BoardError::Graph { line: l, .. } if l == line),
            "{text:?}: {e:?}"
        );
        for s in says {
            assert!(e.to_string().contains(s), "{text:?}: {e}");
        }
    }
}

#[test]
fn graph_too_many_points() {
    // Too many points.
    let e = graph_err("64: \n");
    assert!(
        matches!(e, BoardError::TooManyPoints { points: 65, .. }),
        "{e:?}"
    );
}

#[test]
fn graph_file_from_disk() {
    let dir = std::env::temp_dir().join(format!("kosolve-parsing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tri.txt");
    std::fs::write(&path, "0: 1 2\n1: 0 2\n2: 0 1\n").unwrap();
    let spec = format!("graph:{}", path.display());
    let b = Board::parse(&spec).unwrap();
    assert_eq!(b.len(), 3);
    assert_eq!(b.name(), spec);
    let missing = format!("graph:{}", dir.join("nope.txt").display());
    let e = err(&missing);
    assert!(matches!(e, BoardError::Io { .. }), "{e:?}");
    assert!(e.to_string().contains("nope.txt"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diagrams() {
    let b = Board::parse("2x2").unwrap();
    let p = Position::from_diagram(&b, "X .\n. O").unwrap();
    assert_eq!(p.black.count(), 1);
    assert!(p.black.contains(b.parse_point("A2").unwrap()));
    assert!(p.white.contains(b.parse_point("B1").unwrap()));
    assert_eq!(p.diagram(&b), "X.\n.O");
    // Alternative letters.
    assert_eq!(Position::from_diagram(&b, "#+\n-w"), Ok(p));
    assert_eq!(
        Position::from_diagram(&b, "X.?."),
        Err(DiagramError::BadChar('?'))
    );
    assert_eq!(
        Position::from_diagram(&b, "X.."),
        Err(DiagramError::WrongLength {
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        Position::from_diagram(&b, "X...."),
        Err(DiagramError::WrongLength {
            expected: 4,
            found: 5
        })
    );
    let msg = DiagramError::BadChar('?').to_string();
    assert!(msg.contains('?') && msg.contains("X (black)"), "{msg}");
}

/// Every point of every rectangle the crate accepts (up to 64 points) has a
/// name, and the name parses back to the point.
#[test]
fn point_names_round_trip_on_every_rectangle() {
    for rows in 1..=64usize {
        for cols in 1..=64usize {
            if rows * cols > MAX_POINTS {
                continue;
            }
            let b = Board::rect(rows, cols).unwrap();
            for p in b.points() {
                let name = std::panic::catch_unwind(|| b.point_name(p))
                    .unwrap_or_else(|_| panic!("{rows}x{cols}: point_name({}) panics", p.0));
                assert_eq!(b.parse_point(&name), Some(p), "{rows}x{cols}: {name}");
            }
        }
    }
}

/// SGF coordinates (FF[4]: `a`-`z`, then `A`-`Z` for boards up to 52) are
/// letters and distinct for every point of a wide rectangle.
#[test]
fn sgf_points_are_letters_on_wide_boards() {
    for spec in ["1x30", "2x32", "1x52"] {
        let b = Board::parse(spec).unwrap();
        let mut seen = std::collections::HashSet::new();
        for p in b.points() {
            let s = b.sgf_point(p).unwrap();
            assert!(s.chars().all(|c| c.is_ascii_alphabetic()), "{spec}: {s}");
            assert!(seen.insert(s));
        }
    }
}

#[test]
fn grids_of_three_dimensions_have_their_neighbours_and_symmetries() {
    let cube = Board::parse("2x2x2").unwrap();
    assert_eq!(cube.len(), 8);
    assert_eq!(cube.name(), "2x2x2");
    // Every corner of the cube has three neighbours: 12 edges.
    let degrees: Vec<u32> = cube.points().map(|p| cube.neighbors(p).count()).collect();
    assert!(degrees.iter().all(|&d| d == 3), "{degrees:?}");
    // The cube's 48 symmetries, each a graph automorphism.
    assert_eq!(cube.symmetries().len(), 48);
    for s in cube.symmetries() {
        for p in cube.points() {
            for q in cube.neighbors(p) {
                let (a, b) = (Point(s[p.index()]), Point(s[q.index()]));
                assert!(cube.neighbors(a).contains(b));
            }
        }
    }
    // A 1x1xN grid is a line of N points, as 1xN.
    let line = Board::parse("1x1x5").unwrap();
    let flat = Board::parse("1x5").unwrap();
    for p in line.points() {
        assert_eq!(line.neighbors(p).count(), flat.neighbors(p).count());
    }
    // 3x2x2: the long axis cannot exchange with the others.
    let b = Board::parse("3x2x2").unwrap();
    assert_eq!(b.len(), 12);
    assert_eq!(b.symmetries().len(), 16);
    // Edges: (A-1)BC + A(B-1)C + AB(C-1) = 8 + 6 + 6.
    let edges: u32 = b.points().map(|p| b.neighbors(p).count()).sum::<u32>() / 2;
    assert_eq!(edges, 20);
    assert!(Board::parse("5x5x3").is_err());
    assert!(Board::parse("2x0x2").is_err());
}
