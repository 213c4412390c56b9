//! `kosolve check`: checks proof certificates with the independent
//! checker (crate kosolve-check, docs/certificates.md). It shares nothing
//! with the search or the rules engine: it replays each strategy against
//! every opponent move, with the full history, under its own reading of
//! docs/rules.md.

use crate::common::CliError;

/// Options of `kosolve check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A certificate file (one or more certificates, as `solve
    /// --certificate` writes them).
    file: String,
}

/// Runs the subcommand: exit status 0 when every certificate of the file
/// holds, 1 when one does not, 2 when the file cannot be read or parsed.
pub fn run(args: Args) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::Io(format!("cannot read {}: {e}", args.file)))?;
    let certs = kosolve_check::Certificate::parse_all(&text)
        .map_err(|e| CliError::Usage(format!("{}: {e}", args.file)))?;
    if certs.is_empty() {
        return Err(CliError::Usage(format!(
            "{}: no certificate in the file",
            args.file
        )));
    }
    for (i, c) in certs.iter().enumerate() {
        let claim = claim(c);
        match kosolve_check::check(c) {
            Ok(r) => println!(
                "certificate {} of {}: {claim}: holds ({} nodes, {} memo hits, {} prover \
                 decisions, {} finished games, {} pass-alive cuts,{} {:.2} s, peak memory {})",
                i + 1,
                certs.len(),
                r.nodes,
                r.memo_hits,
                r.decisions,
                r.games,
                r.cuts,
                if r.repeats > 0 {
                    format!(" {} repeated states (games that never end),", r.repeats)
                } else {
                    String::new()
                },
                r.seconds,
                r.peak_rss_kib.map_or("unknown".to_string(), |k| format!(
                    "{:.1} MiB",
                    k as f64 / 1024.0
                )),
            ),
            Err(e) => {
                return Err(CliError::Rejected(format!(
                    "certificate {} of {} ({claim}): {e}",
                    i + 1,
                    certs.len()
                )))
            }
        }
    }
    Ok(())
}

/// The claim of a certificate in words.
fn claim(c: &kosolve_check::Certificate) -> String {
    c.header.claim_text()
}
