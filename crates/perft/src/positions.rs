//! Legal-position counts by enumeration, in parallel over occupied masks.

use crate::PerftError;
use kosolve_board::{for_each_legal_with_occupied, Bitboard, Board};
use rayon::prelude::*;

/// The most points [`try_count_positions`] accepts: `3^25` colourings
/// (about 8.5e11) is already hours on a few cores.
pub const MAX_POSITION_POINTS: usize = 25;

/// Counts the legal positions of `board`: every colouring of the points
/// with black, white and empty in which every chain has a liberty.
///
/// The `2^n` occupied masks are split among rayon's threads; for each mask
/// [`for_each_legal_with_occupied`] enumerates the colourings of exactly
/// those points.
///
/// # Panics
///
/// If the board has more than [`MAX_POSITION_POINTS`] points; use
/// [`try_count_positions`] to get an error instead.
///
/// # Example
///
/// Tromp and Farnebäck's published counts (docs/references.md):
///
/// ```
/// use kosolve_board::Board;
/// use kosolve_perft::count_positions;
///
/// assert_eq!(count_positions(&Board::parse("1x3").unwrap()), 15);
/// assert_eq!(count_positions(&Board::parse("3x3").unwrap()), 12_675);
/// ```
pub fn count_positions(board: &Board) -> u64 {
    match try_count_positions(board) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    }
}

/// As [`count_positions`], but refuses boards of more than
/// [`MAX_POSITION_POINTS`] points with [`PerftError::TooLarge`].
pub fn try_count_positions(board: &Board) -> Result<u64, PerftError> {
    let n = board.len();
    if n > MAX_POSITION_POINTS {
        return Err(PerftError::TooLarge(format!(
            "board '{}' has {n} points; enumerating 3^{n} colourings is not feasible \
             (at most {MAX_POSITION_POINTS} points)",
            board.name()
        )));
    }
    // Split the masks into chunks by their high bits so that each rayon task
    // does a reasonable amount of work.
    let low_bits = n.min(10);
    let chunks = 1u64 << (n - low_bits);
    let per_chunk = 1u64 << low_bits;
    let total = (0..chunks)
        .into_par_iter()
        .map(|hi| {
            let mut count = 0u64;
            for lo in 0..per_chunk {
                let occ = Bitboard(hi << low_bits | lo);
                for_each_legal_with_occupied(board, occ, |_| count += 1);
            }
            count
        })
        .sum();
    Ok(total)
}
