//! Legal position counts against Tromp and Farnebäck's published table
//! ("Combinatorics of Go"; docs/references.md).

use kosolve_board::{count_legal_positions, Board};

fn legal(spec: &str) -> u64 {
    count_legal_positions(&Board::parse(spec).unwrap())
}

#[test]
fn linear_boards_match_published_counts() {
    let published = [
        1u64, 5, 15, 41, 113, 313, 867, 2401, 6649, 18413, 50991, 141209,
    ];
    for (i, &want) in published.iter().enumerate() {
        let spec = format!("1x{}", i + 1);
        assert_eq!(legal(&spec), want, "{spec}");
    }
}

#[test]
fn linear_counts_follow_the_published_recurrence() {
    // L(n+3) = 3 L(n+2) - L(n+1) + L(n), checked on our own enumeration.
    let l: Vec<i64> = (1..=10).map(|n| legal(&format!("1x{n}")) as i64).collect();
    for n in 0..l.len() - 3 {
        assert_eq!(l[n + 3], 3 * l[n + 2] - l[n + 1] + l[n], "n = {}", n + 1);
    }
}

#[test]
fn rectangles_match_published_counts() {
    for (spec, want) in [
        ("2x2", 57u64),
        ("2x3", 489),
        ("2x4", 4125),
        ("2x5", 35117),
        ("3x3", 12675),
    ] {
        assert_eq!(legal(spec), want, "{spec}");
    }
}

#[test]
fn transposed_rectangles_have_equal_counts() {
    for (a, b) in [("2x3", "3x2"), ("1x5", "5x1"), ("2x4", "4x2")] {
        assert_eq!(legal(a), legal(b), "{a} vs {b}");
    }
}

#[test]
fn twelve_point_rectangles_match_published_counts() {
    for (spec, want) in [("2x6", 299_681u64), ("3x4", 321_689)] {
        assert_eq!(legal(spec), want, "{spec}");
    }
}
