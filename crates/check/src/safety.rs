//! The pass-alive cut (docs/certificates.md, "The pass-alive cut"): a
//! player's pass-alive chains by Benson's algorithm, her safe points, and
//! the bound on the final score they give. Written for the checker alone,
//! from the definition in docs/solver.md ("Static bounds").

use crate::board::{bits, Board, Position};
use crate::types::Color;

impl Board {
    /// Every point adjacent to some point of `mask` (the checker's own
    /// flood uses the same neighbour masks).
    fn around(&self, mask: u64) -> u64 {
        bits(mask).fold(0, |m, i| m | self.neighbours(i))
    }

    /// The connected components of `mask`.
    fn components(&self, mask: u64) -> Vec<u64> {
        let mut out = Vec::new();
        let mut rest = mask;
        while rest != 0 {
            let start = rest.trailing_zeros() as usize;
            let c = self.chain(start, mask);
            rest &= !c;
            out.push(c);
        }
        out
    }

    /// `c`'s pass-alive stones in `pos` (Benson's algorithm): the chains
    /// that the opponent cannot capture by any sequence of board plays
    /// while `c` passes at every turn.
    ///
    /// Regions are the connected components of the points without a `c`
    /// stone. A region is *vital* to a chain next to it when every empty
    /// point of the region is a liberty of the chain; with suicide
    /// allowed, when every point of the region, stone or empty, is next
    /// to the chain (the opponent can empty her own stones by suicide).
    /// Chains with fewer than two vital regions are removed, then regions
    /// next to a removed chain, until nothing changes.
    pub fn pass_alive(&self, pos: Position, c: Color, suicide_ok: bool) -> u64 {
        let own = pos.stones(c);
        let mut chains = self.components(own);
        let mut regions = self.components(self.all & !own);
        let empty = self.all & !pos.occupied();
        loop {
            let alive: u64 = chains.iter().fold(0, |m, &ch| m | ch);
            // Regions whose every neighbouring stone belongs to a live chain.
            let before = regions.len();
            regions.retain(|&r| self.around(r) & own & !alive == 0);
            let kept = chains.len();
            chains.retain(|&ch| {
                let libs = self.around(ch);
                let vital = regions
                    .iter()
                    .filter(|&&r| {
                        let must = if suicide_ok { r } else { r & empty };
                        self.around(r) & ch != 0 && must & !libs == 0
                    })
                    .count();
                vital >= 2
            });
            if chains.len() == kept && regions.len() == before {
                return chains.iter().fold(0, |m, &ch| m | ch);
            }
        }
    }

    /// `c`'s safe points in `pos`: her pass-alive stones and the empty
    /// points whose every neighbour is one of them.
    pub fn safe_points(&self, pos: Position, c: Color, suicide_ok: bool) -> u64 {
        let alive = self.pass_alive(pos, c, suicide_ok);
        let empty = self.all & !pos.occupied();
        let eyes = bits(empty)
            .filter(|&i| self.neighbours(i) & !alive == 0 && self.neighbours(i) != 0)
            .fold(0u64, |m, i| m | 1u64 << i);
        alive | eyes
    }
}

/// Whether the pass-alive cut proves `prover`'s claim at `pos`: Black's
/// d >= 2 |safe(Black)| - n meets "d >= threshold", or White's d <= n - 2
/// |safe(White)| meets "d <= threshold".
pub(crate) fn cut_holds(
    board: &Board,
    pos: Position,
    prover: Color,
    threshold: i32,
    suicide_ok: bool,
) -> bool {
    let n = board.n as i32;
    let safe = board.safe_points(pos, prover, suicide_ok).count_ones() as i32;
    match prover {
        Color::Black => 2 * safe - n >= threshold,
        Color::White => n - 2 * safe <= threshold,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::position as pos;
    use crate::types::Move;

    fn rect(rows: usize, cols: usize) -> Board {
        Board::new(&crate::testkit::rect(rows, cols))
    }

    #[test]
    fn two_eyes_live_and_one_does_not() {
        let b = rect(1, 5);
        // `.X.X.`: two chains, each next to two one-point regions.
        assert_eq!(b.pass_alive(pos(".X.X."), Color::Black, false), 0b01010);
        // `.X..X`: the middle region is not vital to either chain.
        assert_eq!(b.pass_alive(pos(".X..X"), Color::Black, false), 0);
        // `.XXX.`: one chain, two one-point eyes.
        let p = pos(".XXX.");
        assert_eq!(b.pass_alive(p, Color::Black, false), 0b01110);
        assert_eq!(b.safe_points(p, Color::Black, false), 0b11111);
        // `XXXX.`: one eye only.
        assert_eq!(b.pass_alive(pos("XXXX."), Color::Black, false), 0);
    }

    #[test]
    fn suicide_allowed_needs_every_point_next_to_the_chain() {
        // docs/solver.md: on 1x5, `X.OO.` is pass-alive for White by the
        // usual definition, but not with suicide allowed.
        let b = rect(1, 5);
        let p = pos("X.OO.");
        assert_eq!(b.pass_alive(p, Color::White, false), 0b01100);
        assert_eq!(b.pass_alive(p, Color::White, true), 0);
    }

    /// Passes at every turn: the strategy the cut's proof names.
    struct AlwaysPass;

    impl crate::walk::Oracle for AlwaysPass {
        fn choose(&mut self, _legal: &[Move]) -> Result<Move, String> {
            Ok(Move::Pass)
        }
    }

    /// From every start on 1x5 and 2x3 with at least three stones and no
    /// chain without a liberty (either player to move, both suicide
    /// settings, every ruleset), the strategy of the cut's proof, "pass at
    /// every turn", holds each prover's claim at the cut's bound against
    /// every opponent line to the end of the game (a walk without the
    /// cut), wherever the bound says more than the score's range.
    #[test]
    fn passing_holds_the_cut_bound_to_the_end_of_every_game() {
        use crate::format::{Cut, Header};
        use crate::testkit::rect as spec;
        use crate::types::{Ruleset, Suicide};
        use crate::walk::walk;
        let mut cutting = 0;
        for (rows, cols) in [(1, 5), (2, 3)] {
            let board = rect(rows, cols);
            let n = (rows * cols) as i32;
            for code in 0..3u32.pow(n as u32) {
                let mut setup = Vec::new();
                let mut c = code;
                for _ in 0..n {
                    setup.push(match c % 3 {
                        0 => None,
                        1 => Some(Color::Black),
                        _ => Some(Color::White),
                    });
                    c /= 3;
                }
                let p = Position::from_setup(&setup);
                if p.occupied().count_ones() < 3 || board.has_dead_chain(p) {
                    continue;
                }
                for suicide in [Suicide::Forbidden, Suicide::Allowed] {
                    let ok = suicide == Suicide::Allowed;
                    for prover in Color::ALL {
                        let safe = board.safe_points(p, prover, ok).count_ones() as i32;
                        if safe == 0 {
                            continue;
                        }
                        let threshold = match prover {
                            Color::Black => 2 * safe - n,
                            Color::White => n - 2 * safe,
                        };
                        for rules in Ruleset::MARGIN {
                            if rules == Ruleset::TrompTaylor && !ok {
                                continue;
                            }
                            for to_move in Color::ALL {
                                let header = Header {
                                    setup: setup.clone(),
                                    to_move,
                                    suicide,
                                    cut: Cut::None,
                                    ..Header::empty_board(
                                        spec(rows, cols),
                                        rules,
                                        prover,
                                        threshold,
                                    )
                                };
                                if let Err(e) = walk(&header, &mut AlwaysPass) {
                                    panic!(
                                        "{setup:?} {rules} {suicide:?} {to_move} to move, \
                                         {prover} claims {threshold}: {e}"
                                    );
                                }
                                cutting += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(cutting > 1000, "only {cutting} claims with something safe");
    }

    #[test]
    fn the_cut_bound() {
        let b = rect(1, 5);
        let p = pos(".XXX.");
        assert!(cut_holds(&b, p, Color::Black, 5, false));
        assert!(!cut_holds(&b, p, Color::Black, 6, false));
        assert!(!cut_holds(&b, p, Color::White, 4, false));
        // Nothing is safe: the bound is the score's range.
        assert!(cut_holds(&b, pos("....."), Color::White, 5, false));
        assert!(!cut_holds(&b, pos("....."), Color::White, 4, false));
    }
}
