//! Checking a certificate: the walk with an oracle that reads the
//! strategy stream, which must be consumed exactly.

use crate::format::{Certificate, FormatError};
use crate::types::Move;
use crate::walk::{walk, CheckError, CheckReport, Oracle};

/// An oracle that answers each prover decision with the next move of a
/// strategy stream.
struct StreamOracle<'a> {
    /// The stream.
    moves: &'a [Move],
    /// The next move to hand out.
    next: usize,
    /// Set when a decision came after the last move.
    exhausted: bool,
}

impl Oracle for StreamOracle<'_> {
    fn choose(&mut self, _legal: &[Move]) -> Result<Move, String> {
        let Some(&m) = self.moves.get(self.next) else {
            self.exhausted = true;
            return Err("the strategy stream is exhausted".into());
        };
        self.next += 1;
        Ok(m)
    }
}

/// Checks one certificate: the walk must succeed and read every strategy
/// move exactly once.
pub fn check(cert: &Certificate) -> Result<CheckReport, CheckError> {
    let mut oracle = StreamOracle {
        moves: &cert.strategy,
        next: 0,
        exhausted: false,
    };
    match walk(&cert.header, &mut oracle) {
        Err(CheckError::Oracle { line, .. }) if oracle.exhausted => {
            Err(CheckError::StreamExhausted {
                decision: oracle.next as u64 + 1,
                line,
            })
        }
        Err(e) => Err(e),
        Ok(_) if oracle.next < cert.strategy.len() => Err(CheckError::StreamTooLong {
            used: oracle.next as u64,
            len: cert.strategy.len() as u64,
        }),
        Ok(report) => Ok(report),
    }
}

/// Parses `text` and checks every certificate in it, in order; the first
/// failure is returned with the certificate's index (from 0).
pub fn check_text(text: &str) -> Result<Vec<CheckReport>, (usize, CheckError)> {
    let certs = Certificate::parse_all(text).map_err(|e: FormatError| (0, e.into()))?;
    certs
        .iter()
        .enumerate()
        .map(|(i, c)| check(c).map_err(|e| (i, e)))
        .collect()
}
