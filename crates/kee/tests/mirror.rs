//! The point map of the mirror strategy of restricted games
//! (`kosolve_kee::graph::mirror_map`, docs/kee.md, "The mirror strategy"):
//! the half turn on rectangles, the antipodal turn on even rings, the
//! central inversion of the cube, none on odd rings; each an involution
//! of the board's graph that commutes with every symmetry.

use kosolve_board::{Board, Point};
use kosolve_kee::graph::mirror_map;

/// Whether `m` maps neighbours to neighbours and is its own inverse.
fn is_involutive_automorphism(board: &Board, m: &[u8]) -> bool {
    let n = board.len();
    (0..n).all(|p| m[m[p] as usize] as usize == p)
        && (0..n).all(|p| {
            let image: Vec<u8> = board
                .neighbors(Point(p as u8))
                .into_iter()
                .map(|q| m[q.index()])
                .collect();
            let expected = board.neighbors(Point(m[p]));
            image.len() == expected.count() as usize
                && image.iter().all(|&q| expected.contains(Point(q)))
        })
}

/// The image of point p on a board of n points.
type PointMap = fn(usize, usize) -> usize;

#[test]
fn the_mirror_of_each_board_shape() {
    let cases: [(&str, Option<PointMap>); 9] = [
        ("2x2", Some(|p, n| n - 1 - p)),
        ("1x4", Some(|p, n| n - 1 - p)),
        ("3x3", Some(|p, n| n - 1 - p)),
        ("2x3", Some(|p, n| n - 1 - p)),
        ("ring:4", Some(|p, n| (p + n / 2) % n)),
        ("ring:6", Some(|p, n| (p + n / 2) % n)),
        ("2x2x2", Some(|p, n| n - 1 - p)),
        ("ring:3", None),
        ("ring:5", None),
    ];
    for (spec, expected) in cases {
        let board = Board::parse(spec).unwrap();
        let n = board.len();
        let got = mirror_map(&board);
        let want = expected.map(|f| (0..n).map(|p| f(p, n) as u8).collect::<Vec<u8>>());
        assert_eq!(got, want, "{spec}");
        if let Some(m) = got {
            assert!(is_involutive_automorphism(&board, &m), "{spec}: {m:?}");
        }
    }
}
