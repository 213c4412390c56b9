//! Counts the reachable Kee game situations (to move, position, H_B, H_W)
//! of a small board: `keecount BOARD [allowed]`.
use hashbrown::HashSet;
use kosolve_board::{legal_positions, Board, Color, Suicide};
use std::collections::HashMap;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let board = Board::parse(&a[1]).unwrap();
    let su = if a.iter().any(|x| x == "allowed") {
        Suicide::Allowed
    } else {
        Suicide::Forbidden
    };
    let cap: usize = a.get(2).and_then(|x| x.parse().ok()).unwrap_or(200_000_000);
    let all = legal_positions(&board);
    assert!(all.len() <= 60);
    let idx: HashMap<_, _> = all.iter().enumerate().map(|(i, p)| (*p, i as u8)).collect();
    // situation: (to_move 0/1, pos idx, hb mask, hw mask)
    type S = (u8, u8, u128, u128);
    let empty = idx[&kosolve_board::Position::EMPTY];
    let start: S = (0, empty, 0, 0);
    let mut seen: HashSet<u128> = HashSet::with_capacity(cap);
    let pack = |s: &S| -> u128 { (s.0 as u128) | (s.1 as u128) << 1 | s.2 << 8 | s.3 << 68 };
    let mut stack = vec![start];
    seen.insert(pack(&start));
    let mut edges = 0u64;
    while let Some((c, pi, hb, hw)) = stack.pop() {
        let color = if c == 0 { Color::Black } else { Color::White };
        let pos = all[pi as usize];
        let mut next = Vec::new();
        let h = if c == 0 { hb } else { hw };
        for p in pos.empty(&board) {
            if let Ok(pl) = pos.play(&board, color, p, su) {
                let ni = idx[&pl.position];
                if h >> ni & 1 == 1 {
                    continue;
                }
                let nh = h | 1u128 << ni;
                next.push(if c == 0 {
                    (1, ni, nh, hw)
                } else {
                    (0, ni, hb, nh)
                });
            }
        }
        let nh = 1u128 << pi;
        next.push(if c == 0 {
            (1, pi, nh, hw)
        } else {
            (0, pi, hb, nh)
        });
        for s in next {
            edges += 1;
            if seen.insert(pack(&s)) {
                stack.push(s);
                if seen.len() >= cap {
                    println!("cap reached");
                    println!("{} situations", seen.len());
                    return;
                }
            }
        }
    }
    println!(
        "{} positions, {} situations, {} edges",
        all.len(),
        seen.len(),
        edges
    );
}
