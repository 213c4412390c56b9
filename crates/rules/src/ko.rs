//! Kos, ko points and frames of the Basic Ko Rules (docs/rules.md, "`bkr`").
//!
//! Two distinct points {a, b} are a *ko* of a position X if, for some
//! player P, P's board play at a in X followed by the opponent's board play
//! at b gives X again, both plays judged by the board rules alone (with
//! the game's suicide setting). K(X), the *ko points*, is the union of the
//! kos; the *frame* of X is K(X) with the stones of X outside K(X).
//!
//! [`ko_points_brute`] follows the definition literally; [`ko_points`] is
//! the fast form used in play, derived in the comment on it and tested
//! equal to the brute force on random positions (crates/rules/tests/bkr.rs).

use kosolve_board::{Bitboard, Board, Color, Point, Position, Suicide};
use kosolve_history::zobrist::{mix128, position_hash, stone_key};
use kosolve_history::HistoryKey;

/// Whether `a` then `b` (P at `a`, the opponent at `b`) gives `pos` again.
fn cycles(board: &Board, pos: &Position, p: Color, a: Point, b: Point, su: Suicide) -> bool {
    let Ok(x1) = pos.play(board, p, a, su) else {
        return false;
    };
    match x1.position.play(board, p.opponent(), b, su) {
        Ok(x2) => x2.position == *pos,
        Err(_) => false,
    }
}

/// Whether {`a`, `b`} is a ko of `pos`, by the definition: some player's
/// play at one of them followed by the opponent's play at the other gives
/// `pos` again. Distinct points only (`a == b` is never a ko).
pub fn is_ko(board: &Board, pos: &Position, a: Point, b: Point, suicide: Suicide) -> bool {
    if a == b {
        return false;
    }
    Color::BOTH
        .into_iter()
        .any(|p| cycles(board, pos, p, a, b, suicide) || cycles(board, pos, p, b, a, suicide))
}

/// K(X) by the definition: every player, every empty point a, every point
/// b empty after the play at a (the only points the opponent can play).
pub fn ko_points_brute(board: &Board, pos: &Position, suicide: Suicide) -> Bitboard {
    let mut k = Bitboard::EMPTY;
    for p in Color::BOTH {
        for a in pos.empty(board) {
            let Ok(x1) = pos.play(board, p, a, suicide) else {
                continue;
            };
            for b in x1.position.empty(board).without(a) {
                if let Ok(x2) = x1.position.play(board, p.opponent(), b, suicide) {
                    if x2.position == *pos {
                        k = k.with(a).with(b);
                    }
                }
            }
        }
    }
    k
}

/// Whether every chain of `c` next to `at`, other than those in `except`,
/// has a liberty in `pos` other than the points of `not_counted`.
fn neighbours_keep_a_liberty(
    board: &Board,
    pos: &Position,
    c: Color,
    at: Point,
    except: Bitboard,
    not_counted: Bitboard,
) -> bool {
    let mut rest = (board.neighbors(at) & pos.stones(c)) - except;
    let empty = pos.empty(board) - not_counted;
    while let Some(q) = rest.first_point() {
        let chain = board.flood(Bitboard::from_point(q), pos.stones(c));
        if (board.expand(chain) & empty).is_empty() {
            return false;
        }
        rest = rest - chain;
    }
    true
}

/// Whether a play by `p` at the empty point `a` is a single-stone suicide
/// (it captures nothing and its stone comes off alone): every neighbour
/// of `a` is an opponent stone whose chain has a liberty besides `a`.
fn single_stone_suicide(board: &Board, pos: &Position, p: Color, a: Point) -> bool {
    let nb = board.neighbors(a);
    nb.is_subset(pos.stones(p.opponent()))
        && neighbours_keep_a_liberty(
            board,
            pos,
            p.opponent(),
            a,
            Bitboard::EMPTY,
            Bitboard::from_point(a),
        )
}

/// K(X), fast. Let P play at a (X to X1) and the opponent O at b (X1 to
/// X2 = X); write C1, S1 for the stones P's play captures and suicides,
/// C2, S2 for O's.
///
/// - If S1 is empty, P's stone stays on a, so O's play must capture
///   exactly {a} (C2 = {a}, hence S2 empty). Then O's stones of X2 are
///   those of X less C1 plus b; b must be empty in X1, so b is an O stone
///   of X captured by P: C1 = {b}. This is the single-stone ko: b is an
///   O stone with no O neighbour and a as its only liberty; every
///   neighbour of a is an O stone (a with an empty or P neighbour would
///   keep a liberty or a chain bigger than {a}), and every O chain next to
///   a other than {b} has a liberty besides a (else P captures it too);
///   every P chain next to b has a liberty in X (it keeps it after the
///   play at a, a having no P neighbour, so O's play at b captures only a).
///   Conversely these conditions make the two plays give X again.
/// - If S1 is not empty, P's play captured nothing (a capture leaves a
///   liberty), so O's stones of X1 are those of X and b is not one of
///   them: O's stone on b must come off, by a suicide taking only b
///   (S2 = {b}, C2 empty), and then P's stones of X1 must be those of X:
///   S1 = {a}. Both plays are single-stone suicides in X (X1 = X). Only
///   with suicide allowed.
pub fn ko_points(board: &Board, pos: &Position, suicide: Suicide) -> Bitboard {
    let mut k = Bitboard::EMPTY;
    let empty = pos.empty(board);
    for o in Color::BOTH {
        let p = o.opponent();
        let own = pos.stones(o);
        for b in own {
            let nb = board.neighbors(b);
            if (nb & own).any() {
                continue;
            }
            let libs = nb & empty;
            if libs.count() != 1 {
                continue;
            }
            let a = libs.first_point().expect("one liberty");
            if board.neighbors(a).is_subset(own)
                && neighbours_keep_a_liberty(
                    board,
                    pos,
                    o,
                    a,
                    Bitboard::from_point(b),
                    Bitboard::from_point(a),
                )
                && neighbours_keep_a_liberty(board, pos, p, b, Bitboard::EMPTY, Bitboard::EMPTY)
            {
                k = k.with(a).with(b);
            }
        }
    }
    if suicide == Suicide::Allowed {
        let mut s = [Bitboard::EMPTY; 2];
        for c in Color::BOTH {
            for a in empty {
                if single_stone_suicide(board, pos, c, a) {
                    s[c.index()] = s[c.index()].with(a);
                }
            }
        }
        for c in Color::BOTH {
            let other = s[c.opponent().index()];
            for a in s[c.index()] {
                if other.without(a).any() {
                    k = k.with(a);
                }
            }
        }
    }
    k
}

/// The frame of a position: its ko points K(X) and its stones outside them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct KoFrame {
    /// K(X).
    pub ko: Bitboard,
    /// The stones of X outside K(X).
    pub outside: Position,
}

impl KoFrame {
    /// The frame of `pos` under the suicide setting `suicide`.
    pub fn of(board: &Board, pos: &Position, suicide: Suicide) -> KoFrame {
        let ko = ko_points(board, pos, suicide);
        KoFrame {
            ko,
            outside: Position {
                black: pos.black - ko,
                white: pos.white - ko,
            },
        }
    }

    /// The image of this frame under symmetry `sym` of `board`: the frame
    /// of the image position, since K(X) is defined by board plays alone,
    /// which every symmetry of the board maps to board plays.
    pub fn transform(&self, board: &Board, sym: usize) -> KoFrame {
        KoFrame {
            ko: board.transform(sym, self.ko),
            outside: self.outside.transform(board, sym),
        }
    }

    /// A 128-bit digest: the Zobrist hash of the stones outside K(X) and
    /// an independent mix of the K(X) bit set, mixed together. Distinct
    /// frames get distinct digests with high probability (the frame
    /// itself, 3 x 64 bits, is what [`KoTriple`] compares).
    pub fn digest(&self) -> u128 {
        const KO_TAG: u128 = 0x4B4F_5F50_4F49_4E54_u128 << 64;
        mix128(position_hash(&self.outside) ^ mix128(KO_TAG | self.ko.0 as u128))
    }
}

/// A board play as the prohibition rule records it: the frame of the
/// position it was played from, the player and the point.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct KoTriple {
    /// The frame of the position the play was made from.
    pub frame: KoFrame,
    /// The player.
    pub player: Color,
    /// The point played.
    pub point: Point,
}

impl HistoryKey for KoTriple {
    #[inline]
    fn digest(&self) -> u128 {
        mix128(
            self.frame
                .digest()
                .wrapping_add(stone_key(self.player, self.point).rotate_left(41)),
        )
    }
}
