//! Fuzzing the certificate reader of `kosolve check FILE` (crate
//! kosolve-check, which has no dependencies of its own, so its fuzzing
//! lives here): arbitrary bytes, certificates written by `kosolve solve
//! --certificate` mutated byte by byte, and headers with one field on an
//! edge. Neither the parser nor the checker panics, every error has a
//! message, and whatever parses writes itself back unchanged.

use kosolve_check::{check, Certificate};
use kosolve_testkit::{edits, mutate, EDGE_VALUES};
use proptest::prelude::*;

/// Certificate files written by `kosolve solve --certificate` (two
/// certificates each, Black's and White's; four for `basic`, one for
/// `primitive`), and the version 1 example of docs/certificates.md.
const SEEDS: &[&str] = &[
    include_str!("data/fuzz/1x3-psk.cert"),
    include_str!("data/fuzz/ring3-fixed.cert"),
    include_str!("data/fuzz/2x2-ssk-setup.cert"),
    include_str!("data/fuzz/1x2-tromp-taylor-moves.cert"),
    // Version 3: `basic` (four claims, games that never end) and
    // `primitive` (the winner's `claim win`).
    include_str!("data/fuzz/2x2-basic.cert"),
    include_str!("data/fuzz/2x3-primitive.cert"),
    "# a comment\nkosolve-certificate 1\nboard 2x3\nrules psk\nsuicide forbidden\n\
     end-passes 2\nkomi 0.5\n\nsetup XO./.XO\nto-move black\nmoves 4 pass 2\n\
     prover black\nthreshold 3\nstrategy 5\nAB\nz-Q\nend\n",
];

/// Bytes that mutations insert: mostly the format's own.
const CERT_SYNTAX: &[u8] = b"0123456789 \nxX.O/-:#ABCabz+";

/// Parses `text` and checks every certificate in it. Errors must have a
/// message; a certificate that parses must write itself back unchanged.
fn parse_and_check(text: &str) -> Result<(), TestCaseError> {
    match Certificate::parse_all(text) {
        Ok(certs) => {
            for c in &certs {
                let back = Certificate::parse(&c.to_text());
                prop_assert_eq!(back.as_ref(), Ok(c), "{}", c.to_text());
                if let Err(e) = check(c) {
                    prop_assert!(!e.to_string().is_empty(), "{e:?}");
                }
            }
        }
        Err(e) => prop_assert!(!e.to_string().is_empty(), "{e:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Arbitrary bytes, alone and after a valid first line.
    #[test]
    fn arbitrary_bytes_never_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
        magic in any::<bool>(),
    ) {
        let mut text = String::from_utf8_lossy(&bytes).into_owned();
        if magic {
            text.insert_str(0, "kosolve-certificate 2\n");
        }
        parse_and_check(&text)?;
    }

    /// Written certificates with bytes inserted, deleted or replaced,
    /// truncated, or with edge values put in.
    #[test]
    fn mutated_certificates_never_panic(
        seed in 0..SEEDS.len(),
        edits in edits(CERT_SYNTAX, 6, 1..6),
    ) {
        parse_and_check(&mutate(SEEDS[seed], &edits, EDGE_VALUES))?;
    }

    /// One line of a written certificate with its value replaced by an
    /// edge value: every field of the header, on its edges.
    #[test]
    fn edge_fields_never_panic(
        seed in 0..SEEDS.len(),
        line in any::<prop::sample::Index>(),
        value in prop::sample::select(EDGE_VALUES),
    ) {
        let lines: Vec<&str> = SEEDS[seed].lines().collect();
        let at = line.index(lines.len());
        let key = lines[at].split_whitespace().next().unwrap_or("");
        let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        edited[at] = format!("{key} {value}");
        parse_and_check(&(edited.join("\n") + "\n"))?;
    }
}

#[test]
fn seeds_parse_and_hold() {
    for s in SEEDS {
        let certs = Certificate::parse_all(s).unwrap_or_else(|e| panic!("{e}\n{s}"));
        assert!(!certs.is_empty());
        // The example's strategy is made up; the written ones hold.
        if !s.contains("kosolve-certificate 1") {
            for c in &certs {
                check(c).unwrap_or_else(|e| panic!("{e}\n{s}"));
            }
        }
    }
}
