//! The board: neighbour masks over `u64` bitboards, chains by flood fill,
//! the resolution of a board play (docs/rules.md §2) and the area score.

use crate::types::{BoardSpec, Color};

/// A whole-board position: the black and the white stones as bit masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Position {
    /// Points holding a black stone.
    pub black: u64,
    /// Points holding a white stone.
    pub white: u64,
}

impl Position {
    /// The stones of one colour.
    pub fn stones(self, c: Color) -> u64 {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The position with `c`'s stones replaced by `mask`.
    fn with(self, c: Color, mask: u64) -> Position {
        match c {
            Color::Black => Position {
                black: mask,
                ..self
            },
            Color::White => Position {
                white: mask,
                ..self
            },
        }
    }

    /// Every occupied point.
    pub fn occupied(self) -> u64 {
        self.black | self.white
    }

    /// The position from a setup in point order.
    pub fn from_setup(setup: &[Option<Color>]) -> Position {
        let mut p = Position::default();
        for (i, s) in setup.iter().enumerate() {
            match s {
                Some(Color::Black) => p.black |= 1u64 << i,
                Some(Color::White) => p.white |= 1u64 << i,
                None => {}
            }
        }
        p
    }
}

/// The outcome of a board play that the board rules allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Played {
    /// The position after captures (and after removing a suicidal chain).
    pub pos: Position,
    /// The opponent stones captured.
    pub captured: u64,
}

/// Iterates over the indexes of the set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// A board's geometry.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// The number of points.
    pub n: usize,
    /// Every point of the board.
    pub all: u64,
    /// The neighbours of each point.
    nbr: Vec<u64>,
}

impl Board {
    /// The geometry of a validated board specification.
    pub fn new(spec: &BoardSpec) -> Board {
        let nbr = spec.neighbour_masks();
        let n = nbr.len();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Board { n, all, nbr }
    }

    /// The neighbours of point `i`.
    pub fn neighbours(&self, i: usize) -> u64 {
        self.nbr[i]
    }

    /// Every point adjacent to some point of `mask`.
    fn adjacent(&self, mask: u64) -> u64 {
        bits(mask).fold(0, |m, i| m | self.nbr[i])
    }

    /// The chain through `start` within the stones `mask` (flood fill).
    pub fn chain(&self, start: usize, mask: u64) -> u64 {
        let mut chain = 1u64 << start;
        let mut frontier = chain;
        while frontier != 0 {
            let grown = self.adjacent(frontier) & mask & !chain;
            chain |= grown;
            frontier = grown;
        }
        chain
    }

    /// True when the chain `chain` has no empty neighbour in `pos`.
    fn is_dead(&self, chain: u64, pos: Position) -> bool {
        self.adjacent(chain) & self.all & !pos.occupied() == 0
    }

    /// P's board play at the empty point `x`: put the stone, remove the
    /// opponent chains left without liberties, then judge P's own chain.
    /// `None` when that chain has no liberty and suicide is forbidden.
    pub fn play(&self, pos: Position, p: Color, x: usize, suicide_ok: bool) -> Option<Played> {
        debug_assert!(
            pos.occupied() & (1u64 << x) == 0,
            "play on an occupied point"
        );
        let o = p.opponent();
        let mut pos = pos.with(p, pos.stones(p) | (1u64 << x));
        let mut captured = 0u64;
        for y in bits(self.nbr[x] & pos.stones(o)) {
            if captured & (1u64 << y) != 0 {
                continue;
            }
            let chain = self.chain(y, pos.stones(o));
            if self.is_dead(chain, pos) {
                captured |= chain;
            }
        }
        pos = pos.with(o, pos.stones(o) & !captured);
        let own = self.chain(x, pos.stones(p));
        if self.is_dead(own, pos) {
            if !suicide_ok {
                return None;
            }
            pos = pos.with(p, pos.stones(p) & !own);
        }
        Some(Played { pos, captured })
    }

    /// True when some chain of `pos` has no liberty.
    pub fn has_dead_chain(&self, pos: Position) -> bool {
        Color::ALL.into_iter().any(|c| {
            let stones = pos.stones(c);
            let mut seen = 0u64;
            bits(stones).any(|i| {
                if seen & (1u64 << i) != 0 {
                    return false;
                }
                let chain = self.chain(i, stones);
                seen |= chain;
                self.is_dead(chain, pos)
            })
        })
    }

    /// area(Black) - area(White): stones plus empty regions that touch
    /// stones of one colour only (docs/rules.md §2, "Area score").
    pub fn area_difference(&self, pos: Position) -> i32 {
        let mut black = pos.black.count_ones() as i32;
        let mut white = pos.white.count_ones() as i32;
        let empty = self.all & !pos.occupied();
        let mut seen = 0u64;
        for i in bits(empty) {
            if seen & (1u64 << i) != 0 {
                continue;
            }
            let region = self.chain(i, empty);
            seen |= region;
            let size = region.count_ones() as i32;
            let border = self.adjacent(region);
            let touches_black = border & pos.black != 0;
            let touches_white = border & pos.white != 0;
            match (touches_black, touches_white) {
                (true, false) => black += size,
                (false, true) => white += size,
                _ => {}
            }
        }
        black - white
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(rows: usize, cols: usize) -> Board {
        Board::new(&BoardSpec::Rect { rows, cols })
    }

    fn pos(rows: &str) -> Position {
        let setup: Vec<Option<Color>> = rows
            .chars()
            .filter(|c| *c != '/')
            .map(|c| match c {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            })
            .collect();
        Position::from_setup(&setup)
    }

    #[test]
    fn capture_removes_a_chain_without_liberties() {
        let b = rect(2, 3);
        // X O .      play B at 5 captures the white stones at 1 and 4
        // X O .
        let start = pos("XO./XO.");
        let after = b.play(start, Color::Black, 2, false).unwrap();
        assert_eq!(after.pos, pos("XOX/XO."));
        assert_eq!(after.captured, 0);
        let after = b.play(after.pos, Color::Black, 5, false).unwrap();
        assert_eq!(after.pos, pos("X.X/X.X"));
        assert_eq!(after.captured, pos(".O./.O.").white);
    }

    #[test]
    fn capture_comes_before_suicide() {
        let b = rect(1, 3);
        // . O X : Black at 0 has no liberty until it captures the white
        // stone, so it is a capture, not a suicide.
        let after = b.play(pos(".OX"), Color::Black, 0, false).unwrap();
        assert_eq!(after.pos, pos("X.X"));
    }

    #[test]
    fn suicide_forbidden_or_removed() {
        let b = rect(2, 2);
        let start = pos(".O/O.");
        assert!(b.play(start, Color::Black, 0, false).is_none());
        let after = b.play(start, Color::Black, 0, true).unwrap();
        assert_eq!(
            after.pos, start,
            "single-stone suicide leaves the board as it was"
        );
        // A two-stone suicide: on `X . O / O O .`, Black at 1 makes the
        // chain {0, 1} without liberties, and every white chain keeps 5.
        let b = rect(2, 3);
        let start = pos("X.O/OO.");
        assert!(b.play(start, Color::Black, 1, false).is_none());
        let after = b.play(start, Color::Black, 1, true).unwrap();
        assert_eq!(after.pos, pos("..O/OO."));
    }

    #[test]
    fn area_score_counts_regions_touching_one_colour() {
        let b = rect(1, 4);
        assert_eq!(b.area_difference(pos("....")), 0);
        assert_eq!(b.area_difference(pos(".X..")), 4);
        assert_eq!(b.area_difference(pos(".X.O")), 1);
        assert_eq!(b.area_difference(pos("OX..")), 2);
        let b = rect(2, 2);
        assert_eq!(b.area_difference(pos("X./.O")), 0);
    }

    #[test]
    fn dead_chains_are_found() {
        let b = rect(1, 3);
        assert!(b.has_dead_chain(pos("XO.")));
        assert!(b.has_dead_chain(pos(".OX")));
        assert!(!b.has_dead_chain(pos("X.O")));
        assert!(b.has_dead_chain(pos("XXX")));
    }
}
