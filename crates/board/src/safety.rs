//! What can no longer change: Benson's pass-alive chains, and the points a
//! player keeps to the end of any game in which she passes at every turn.
//!
//! Benson (1976), "Life in the game of Go": a set X of chains of one colour
//! is *unconditionally alive* (pass-alive) when the opponent cannot capture
//! any of them even if their owner passes at every turn. The algorithm:
//! - the *regions* of colour c are the maximal connected sets of points
//!   not occupied by c (empty points and opponent stones);
//! - a region is *vital* to a chain when the region has an empty point and
//!   every empty point of the region is a liberty of the chain;
//! - start from every chain of c and every region; repeatedly remove the
//!   chains with fewer than two vital regions among those left, and the
//!   regions that touch a removed chain; what is left when nothing changes
//!   is pass-alive.
//!
//! Why it holds: to capture a chain of X the opponent must fill every empty
//! point of two of its vital regions, and the first region he fills
//! completely is then all his stones with no liberty (every neighbour is a
//! stone of X, none of which was captured yet), which no legal position has.
//!
//! **Suicide allowed.** The opponent can then empty points of a region by
//! capturing his own stones there, and a point he empties need not be a
//! liberty of the chain (on 1x5, `X.OO.` is pass-alive for White with
//! suicide forbidden, but Black plays the second point, a suicide that takes
//! the first stone off with it, then the second point again and the right
//! end, capturing). So with suicide allowed a region is vital to a
//! chain only when *every* point of the region, stone or empty, is next to
//! the chain; then every point the region ever has empty is a liberty, and
//! the argument above goes through.

use crate::{Bitboard, Board, Color, Position, Suicide};

impl Position {
    /// The stones of `c`'s pass-alive chains (Benson's algorithm, see the
    /// module documentation): no sequence of opponent plays can capture
    /// them, even if `c` passes at every turn. With suicide allowed the
    /// vital regions are the stricter ones of the module documentation.
    pub fn pass_alive(&self, board: &Board, c: Color, suicide: Suicide) -> Bitboard {
        let own = self.stones(c);
        if own.is_empty() {
            return Bitboard::EMPTY;
        }
        let empty = self.empty(board);
        // Chains of c.
        let mut chains = [Bitboard::EMPTY; 64];
        let mut n_chains = 0;
        let mut rest = own;
        while let Some(p) = rest.first_point() {
            let ch = board.flood(Bitboard::from_point(p), own);
            chains[n_chains] = ch;
            n_chains += 1;
            rest = rest - ch;
        }
        // Regions: components of the points c does not occupy. For each,
        // the chains it touches and the chains it is vital to (as masks of
        // chain indices).
        let mut touches = [0u64; 64];
        let mut vital_to = [0u64; 64];
        let mut n_regions = 0;
        let mut rest = board.all() - own;
        while let Some(p) = rest.first_point() {
            let r = board.flood(Bitboard::from_point(p), board.all() - own);
            rest = rest - r;
            let around = board.expand(r) & own;
            // The points of the region that must all be liberties.
            let must = match suicide {
                Suicide::Forbidden => r & empty,
                Suicide::Allowed => r,
            };
            let (mut t, mut v) = (0u64, 0u64);
            for (i, ch) in chains[..n_chains].iter().enumerate() {
                if (around & *ch).any() {
                    t |= 1 << i;
                    if (r & empty).any() && must.is_subset(board.expand(*ch)) {
                        v |= 1 << i;
                    }
                }
            }
            touches[n_regions] = t;
            vital_to[n_regions] = v;
            n_regions += 1;
        }
        let mut alive: u64 = if n_chains == 64 {
            u64::MAX
        } else {
            (1u64 << n_chains) - 1
        };
        let mut regions: u64 = if n_regions == 64 {
            u64::MAX
        } else {
            (1u64 << n_regions) - 1
        };
        loop {
            let mut next = alive;
            for i in 0..n_chains {
                if alive >> i & 1 == 0 {
                    continue;
                }
                let mut vital = 0;
                let mut rs = regions;
                while rs != 0 {
                    let j = rs.trailing_zeros() as usize;
                    rs &= rs - 1;
                    if vital_to[j] >> i & 1 == 1 {
                        vital += 1;
                    }
                }
                if vital < 2 {
                    next &= !(1 << i);
                }
            }
            let mut next_regions = regions;
            let mut rs = regions;
            while rs != 0 {
                let j = rs.trailing_zeros() as usize;
                rs &= rs - 1;
                if touches[j] & !next != 0 {
                    next_regions &= !(1 << j);
                }
            }
            if next == alive && next_regions == regions {
                break;
            }
            alive = next;
            regions = next_regions;
        }
        let mut out = Bitboard::EMPTY;
        for (i, ch) in chains[..n_chains].iter().enumerate() {
            if alive >> i & 1 == 1 {
                out |= *ch;
            }
        }
        out
    }

    /// The points that count for `c` at the end of every game that goes on
    /// from here while `c` passes at every turn, whatever the opponent
    /// plays and whatever the ko rule: her pass-alive stones, and the empty
    /// points whose every neighbour is one of them (an opponent stone there
    /// would have no liberty and capture nothing, so it is illegal, or
    /// removed at once where suicide is allowed; the point stays empty and
    /// touches only `c`).
    pub fn safe_points(&self, board: &Board, c: Color, suicide: Suicide) -> Bitboard {
        let alive = self.pass_alive(board, c, suicide);
        alive | self.eyes_of(board, alive)
    }

    /// The empty points whose every neighbour is a stone of `alive`
    /// (one-point eyes of pass-alive chains, see [`Position::safe_points`]).
    pub fn eyes_of(&self, board: &Board, alive: Bitboard) -> Bitboard {
        let mut eyes = Bitboard::EMPTY;
        if alive.is_empty() {
            return eyes;
        }
        for p in self.empty(board) {
            let nb = board.neighbors(p);
            if nb.any() && nb.is_subset(alive) {
                eyes = eyes.with(p);
            }
        }
        eyes
    }

    /// `c`'s *territory regions* (docs/solver.md, "Territory"): the
    /// regions (maximal connected sets of points `c` does not occupy)
    /// whose every neighbour outside is a stone of one pass-alive chain C
    /// of `c` and whose every point, stone or empty, is next to C. The
    /// opponent cannot live there: the region always keeps an empty point,
    /// every one of which is a liberty of C, and `c` can capture every
    /// opponent stone in it by filling the liberties of the opponent's
    /// chains there, each such play joining C. Whether a repetition ban
    /// lets her is a question of the history, which this function does not
    /// read. Returns the union of the regions, and the pass-alive stones.
    pub fn safe_regions(&self, board: &Board, c: Color, suicide: Suicide) -> (Bitboard, Bitboard) {
        let alive = self.pass_alive(board, c, suicide);
        if alive.is_empty() {
            return (Bitboard::EMPTY, alive);
        }
        let own = self.stones(c);
        let mut out = Bitboard::EMPTY;
        let mut rest = board.all() - own;
        while let Some(p) = rest.first_point() {
            let r = board.flood(Bitboard::from_point(p), board.all() - own);
            rest = rest - r;
            let around = board.expand(r) & own;
            let Some(q) = around.first_point() else {
                continue;
            };
            if !around.is_subset(alive) {
                continue;
            }
            let chain = board.flood(Bitboard::from_point(q), own);
            if around.is_subset(chain) && r.is_subset(board.expand(chain)) {
                out |= r;
            }
        }
        (out, alive)
    }
}
