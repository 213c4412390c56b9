//! Deterministic Zobrist keys, generated at compile time, and position hashes.
//!
//! Two independent key tables give a 128-bit hash; positions themselves are
//! exact 128-bit values ([`Position`] is two `u64`s), so the hash is needed
//! only where a *set* of positions must be summarised (see [`crate::HistorySet`]).

use kosolve_board::{Bitboard, Color, Point, Position};

/// SplitMix64 step: a bijective mixer of `u64`s.
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn make_keys(seed: u64) -> [[u64; 64]; 2] {
    let mut keys = [[0u64; 64]; 2];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < 64 {
            keys[c][p] =
                splitmix64(seed ^ ((c as u64) << 8 | p as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
            p += 1;
        }
        c += 1;
    }
    keys
}

/// Low half of the Zobrist keys: `KEYS_LO[color][point]`.
pub const KEYS_LO: [[u64; 64]; 2] = make_keys(0x6B6F_736F_6C76_6531);
/// High half of the Zobrist keys: `KEYS_HI[color][point]`.
pub const KEYS_HI: [[u64; 64]; 2] = make_keys(0x0123_4567_89AB_CDEF);
/// Key of "White to move" (128 bits), XORed into situation hashes.
pub const WHITE_TO_MOVE: u128 =
    (splitmix64(0x77_6869_7465) as u128) << 64 | splitmix64(0x746F_6D6F_7665) as u128;

/// The 128-bit Zobrist key of one stone.
#[inline]
pub const fn stone_key(c: Color, p: Point) -> u128 {
    (KEYS_HI[c as usize][p.0 as usize] as u128) << 64 | KEYS_LO[c as usize][p.0 as usize] as u128
}

/// XOR of the keys of `c`'s stones on `set`.
#[inline]
pub fn stones_hash(c: Color, set: Bitboard) -> u128 {
    let mut h = 0u128;
    for p in set {
        h ^= stone_key(c, p);
    }
    h
}

/// The 128-bit Zobrist hash of a position, computed from scratch.
#[inline]
pub fn position_hash(pos: &Position) -> u128 {
    stones_hash(Color::Black, pos.black) ^ stones_hash(Color::White, pos.white)
}

/// The hash after a board play by `c` at `p` that captured `captured`
/// (opponent stones) and removed `suicided` (own stones), given the hash before.
#[inline]
pub fn hash_after_play(
    before: u128,
    c: Color,
    p: Point,
    captured: Bitboard,
    suicided: Bitboard,
) -> u128 {
    before ^ stone_key(c, p) ^ stones_hash(c.opponent(), captured) ^ stones_hash(c, suicided)
}

/// A non-linear 128-bit finaliser. Zobrist hashes are XOR-linear; a set
/// hash that *adds* raw Zobrist values could collide by algebra, so each
/// element is mixed through this first.
#[inline]
pub const fn mix128(x: u128) -> u128 {
    let lo = x as u64;
    let hi = (x >> 64) as u64;
    let a = splitmix64(lo ^ splitmix64(hi));
    let b = splitmix64(hi ^ a.rotate_left(23));
    (b as u128) << 64 | a as u128
}
