//! An independent checker of kosolve proof certificates.
//!
//! A certificate claims that, from a start state, the prover can hold the
//! area difference d = area(Black) - area(White) of every finished game at
//! or above (Black) or at or below (White) a threshold, and carries the
//! prover's strategy as a stream of moves in the order of a fixed
//! depth-first walk. [`check`] replays that walk against every legal reply
//! of the opponent and accepts only if every finished game meets the claim.
//!
//! The crate shares no code with the rest of kosolve, and uses std only:
//! it has its own board, captures, repetition rules and area scoring,
//! written from docs/rules.md. docs/certificates.md describes the format,
//! the walk, the memo and why the memo is exact.
//!
//! ```
//! use kosolve_check::{check, BoardSpec, Certificate, Color, Header, Move, Ruleset};
//!
//! // 1x1: Black's only legal move is a pass (a stone there would be a
//! // suicide), and both passes end the game at d = 0.
//! let header = Header::empty_board(BoardSpec::Rect { rows: 1, cols: 1 }, Ruleset::Psk, Color::Black, 0);
//! let cert = Certificate { header, strategy: vec![Move::Pass] };
//! let text = cert.to_text();
//! let parsed = Certificate::parse(&text).unwrap();
//! assert_eq!(parsed, cert);
//! let report = check(&parsed).unwrap();
//! assert_eq!(report.games, 1);
//! ```

mod board;
mod check;
mod format;
mod history;
mod rules;
mod safety;
mod types;
mod walk;

#[cfg(test)]
mod testkit;

pub use check::{check, check_text};
pub use format::{
    decode_move, encode_move, write_all, Certificate, Claim, Cut, FormatError, Header, VERSION,
};
pub use types::{BoardSpec, Color, Move, Ruleset, Suicide};
pub use walk::{walk, CheckError, CheckReport, Line, Oracle};
