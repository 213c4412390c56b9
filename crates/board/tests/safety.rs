//! Benson's pass-alive chains and the safe points built on them, checked
//! against their definition by brute force: from every legal position of
//! small boards, every position the opponent can reach by board plays
//! alone (the owner passing at every turn, no ko rule, suicide forbidden
//! and allowed) keeps every pass-alive stone and leaves every safe empty
//! point empty and touching only the owner's stones.

use kosolve_board::{legal_positions, Bitboard, Board, Color, Position, Suicide};
use std::collections::HashSet;

/// Every position reachable from `start` by plays of `by` alone.
fn reachable(board: &Board, start: Position, by: Color, suicide: Suicide) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut stack = vec![start];
    seen.insert(start);
    let mut out = Vec::new();
    while let Some(p) = stack.pop() {
        out.push(p);
        for q in p.empty(board) {
            if let Ok(played) = p.play(board, by, q, suicide) {
                if seen.insert(played.position) {
                    stack.push(played.position);
                }
            }
        }
    }
    out
}

fn check_board(spec: &str) -> (usize, usize) {
    let board = Board::parse(spec).unwrap();
    let mut with_alive = 0;
    let mut with_eye = 0;
    for pos in legal_positions(&board) {
        for (c, suicide) in Color::BOTH
            .into_iter()
            .flat_map(|c| [(c, Suicide::Forbidden), (c, Suicide::Allowed)])
        {
            let alive = pos.pass_alive(&board, c, suicide);
            let safe = pos.safe_points(&board, c, suicide);
            assert!(alive.is_subset(pos.stones(c)), "{spec} {pos:?}");
            assert!(alive.is_subset(safe), "{spec} {pos:?}");
            if alive.is_empty() {
                assert!(safe.is_empty(), "{spec} {pos:?}");
                continue;
            }
            with_alive += 1;
            let eyes = safe - alive;
            if eyes.any() {
                with_eye += 1;
            }
            {
                for q in reachable(&board, pos, c.opponent(), suicide) {
                    assert!(
                        alive.is_subset(q.stones(c)),
                        "{spec} {c:?} {suicide:?}: pass-alive stones of {} captured in {}",
                        pos.diagram(&board),
                        q.diagram(&board)
                    );
                    assert!(
                        (eyes & q.occupied()).is_empty(),
                        "{spec} {c:?} {suicide:?}: a safe point of {} filled in {}",
                        pos.diagram(&board),
                        q.diagram(&board)
                    );
                    assert!(
                        eyes.is_subset(q.territory(&board, c)),
                        "{spec}: a safe empty point not {c:?}'s territory in {}",
                        q.diagram(&board)
                    );
                }
            }
        }
    }
    (with_alive, with_eye)
}

#[test]
fn pass_alive_stones_survive_every_opponent_sequence() {
    for spec in ["1x3", "1x5", "1x7", "2x3", "2x4", "3x3"] {
        let (alive, eyes) = check_board(spec);
        eprintln!("{spec}: {alive} positions with a pass-alive chain, {eyes} with a safe eye");
        assert!(alive > 0 && eyes > 0, "{spec}: the check saw nothing");
    }
}

/// Hand-built diagrams, each with its reason.
#[test]
fn pass_alive_diagrams() {
    const F: Suicide = Suicide::Forbidden;
    let b = Board::parse("1x3").unwrap();
    // One black stone between two empty ends: White's stone at either end
    // would have no liberty and capture nothing.
    let p = Position::from_diagram(&b, ".X.").unwrap();
    assert_eq!(p.pass_alive(&b, Color::Black, F).count(), 1);
    assert_eq!(p.safe_points(&b, Color::Black, F).count(), 3);
    // Two stones with one eye between them: each chain has one vital region.
    let b5 = Board::parse("1x5").unwrap();
    let p = Position::from_diagram(&b5, "XX.XX").unwrap();
    assert_eq!(p.pass_alive(&b5, Color::Black, F), Bitboard::EMPTY);
    // Two eyes: alive, and every point is Black's.
    let p = Position::from_diagram(&b5, ".X.X.").unwrap();
    assert_eq!(p.pass_alive(&b5, Color::Black, F).count(), 2);
    assert_eq!(p.safe_points(&b5, Color::Black, F).count(), 5);
    // A white stone inside a vital region: the region's empty point is
    // still a liberty of the chain, so the chain stays alive, but the
    // point next to the white stone is not safe territory.
    let b3 = Board::parse("3x3").unwrap();
    let p = Position::from_diagram(&b3, "O.X XXX .X.").unwrap();
    assert_eq!(p.pass_alive(&b3, Color::Black, F).count(), 5);
    assert_eq!(p.safe_points(&b3, Color::Black, F).count(), 7);
    // Every empty point of the top row is a liberty: three vital regions.
    let p = Position::from_diagram(&b3, "... XXX .X.").unwrap();
    assert_eq!(p.pass_alive(&b3, Color::Black, F).count(), 4);
    assert_eq!(p.safe_points(&b3, Color::Black, F).count(), 6);
    // A region too big to be vital: its middle point is no liberty.
    let p = Position::from_diagram(&b5, "X...X").unwrap();
    assert_eq!(p.pass_alive(&b5, Color::Black, F), Bitboard::EMPTY);
    // Suicide allowed: Black empties the region by a suicide at the second
    // point (which takes the first stone off too), plays there again, and
    // captures at the right end.
    let p = Position::from_diagram(&b5, "X.OO.").unwrap();
    assert_eq!(p.pass_alive(&b5, Color::White, F).count(), 2);
    assert_eq!(
        p.pass_alive(&b5, Color::White, Suicide::Allowed),
        Bitboard::EMPTY
    );
}
