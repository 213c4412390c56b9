//! Tests of the text format: round trips and malformed texts.

use super::*;
use crate::testkit::{rect, setup};

/// The example of docs/certificates.md, with a comment and a blank line.
const EXAMPLE: &str = "\
# a comment before the first certificate
kosolve-certificate 1
board 2x3
rules psk
# comments may sit anywhere in the header
suicide forbidden
end-passes 2
komi 0.5

setup XO./.XO
to-move black
moves 4 pass 2
prover black
threshold 3
strategy 5
AB
z-Q
end
";

fn example() -> Certificate {
    Certificate {
        header: Header {
            board: rect(2, 3),
            rules: Ruleset::Psk,
            suicide: Suicide::Forbidden,
            end_passes: 2,
            komi_halves: 1,
            setup: setup("XO./.XO"),
            to_move: Color::Black,
            moves: vec![Move::Play(4), Move::Pass, Move::Play(2)],
            prover: Color::Black,
            claim: crate::format::Claim::Finished,
            threshold: 3,
            // Version 1 has no `cut` line.
            cut: Cut::None,
        },
        strategy: vec![
            Move::Play(0),
            Move::Play(1),
            Move::Play(51),
            Move::Pass,
            Move::Play(16),
        ],
    }
}

/// A graph certificate: a 4-cycle with a pendant point, White proving.
fn graph_cert() -> Certificate {
    let neighbours = vec![vec![1, 3], vec![0, 2], vec![1, 3, 4], vec![2, 0], vec![2]];
    let board = BoardSpec::Graph { neighbours };
    let mut header = Header::empty_board(board, Ruleset::TrompTaylor, Color::White, -2);
    header.komi_halves = -3;
    header.end_passes = 3;
    header.setup = setup("X...O");
    header.to_move = Color::White;
    header.cut = Cut::PassAlive;
    let strategy = (0..150)
        .map(|i| {
            if i % 7 == 0 {
                Move::Pass
            } else {
                Move::Play((i % 64) as u8)
            }
        })
        .collect();
    Certificate { header, strategy }
}

#[test]
fn parses_the_example() {
    assert_eq!(Certificate::parse(EXAMPLE).unwrap(), example());
}

#[test]
fn version_2_names_its_cut() {
    let v2 = EXAMPLE
        .replace("kosolve-certificate 1", "kosolve-certificate 2")
        .replace("threshold 3\n", "threshold 3\ncut pass-alive\n");
    let cert = Certificate::parse(&v2).unwrap();
    assert_eq!(cert.header.cut, Cut::PassAlive);
    assert_eq!(
        Certificate {
            header: Header {
                cut: Cut::None,
                ..cert.header.clone()
            },
            ..cert
        },
        example()
    );
    // Version 2 requires the line, and knows its names.
    let missing = EXAMPLE.replace("kosolve-certificate 1", "kosolve-certificate 2");
    assert!(Certificate::parse(&missing).is_err());
    let unknown = v2.replace("cut pass-alive", "cut benson");
    assert!(Certificate::parse(&unknown).is_err());
}

#[test]
fn round_trips() {
    for cert in [example(), graph_cert()] {
        let text = cert.to_text();
        assert_eq!(Certificate::parse(&text).unwrap(), cert, "{text}");
    }
    let text = graph_cert().to_text();
    assert!(
        text.lines().all(|l| l.len() <= 64),
        "the stream wraps at 64"
    );
    assert!(text.contains("komi -1.5\n"));
    assert!(text.contains("board graph 5\n0: 1 3\n"));
    assert!(text.contains("setup X...O\n"));
}

#[test]
fn several_certificates_in_one_text() {
    let certs = vec![example(), graph_cert(), example()];
    let text = write_all(&certs);
    assert_eq!(Certificate::parse_all(&text).unwrap(), certs);
    assert_eq!(Certificate::parse_all("").unwrap(), vec![]);
    assert!(
        Certificate::parse(&text).is_err(),
        "parse wants exactly one"
    );
}

#[test]
fn empty_moves_and_strategy() {
    let header = Header::empty_board(rect(1, 1), Ruleset::Bkr, Color::Black, 0);
    let cert = Certificate {
        header,
        strategy: vec![],
    };
    let text = cert.to_text();
    assert!(text.contains("\nmoves\n"));
    assert!(text.ends_with("strategy 0\nend\n"));
    assert_eq!(Certificate::parse(&text).unwrap(), cert);
}

#[test]
fn komi_forms() {
    for (text, halves) in [
        ("0", 0),
        ("0.5", 1),
        ("-1.5", -3),
        ("7", 14),
        ("-0.5", -1),
        ("2.0", 4),
    ] {
        assert_eq!(parse_komi(text), Some(halves), "{text}");
    }
    for bad in ["", "0.25", "1.", "x", "--1", ".5", "+1"] {
        assert_eq!(parse_komi(bad), None, "{bad}");
    }
    for halves in [-5, -1, 0, 1, 4, 13] {
        assert_eq!(parse_komi(&komi_text(halves)), Some(halves));
    }
}

#[test]
fn move_alphabet() {
    for p in 0..64u8 {
        assert_eq!(decode_move(encode_move(Move::Play(p))), Some(Move::Play(p)));
    }
    assert_eq!(encode_move(Move::Play(0)), 'A');
    assert_eq!(encode_move(Move::Play(26)), 'a');
    assert_eq!(encode_move(Move::Play(63)), '/');
    assert_eq!(decode_move('-'), Some(Move::Pass));
    assert_eq!(decode_move('#'), None);
}

/// Replaces `from` by `to` in the example and parses it.
fn mutated(from: &str, to: &str) -> Result<Vec<Certificate>, FormatError> {
    assert!(EXAMPLE.contains(from), "{from}");
    Certificate::parse_all(&EXAMPLE.replacen(from, to, 1))
}

#[test]
fn rejects_malformed_texts() {
    let cases = [
        ("kosolve-certificate 1", "kosolve-certificate 2"),
        ("board 2x3", "board 2x"),
        ("board 2x3", "board 9x9"),
        ("rules psk", "rules basic"),
        ("rules psk", "rules tromp-taylor"),
        ("suicide forbidden", "suicide sometimes"),
        ("end-passes 2", "end-passes 0"),
        ("komi 0.5", "komi 0.3"),
        ("setup XO./.XO", "setup XO/.XO"),
        ("setup XO./.XO", "setup XOZ/.XO"),
        ("setup XO./.XO", "setup XOX/OXO"),
        ("to-move black", "to-move red"),
        ("moves 4 pass 2", "moves 4 pas 2"),
        ("moves 4 pass 2", "moves 4 pass 64"),
        ("prover black", "prover"),
        ("threshold 3", "threshold 3.5"),
        ("strategy 5", "strategy 6"),
        ("strategy 5", "strategy 4"),
        ("z-Q", "z-Q!"),
        ("end\n", "fin\n"),
        ("rules psk\n", ""),
    ];
    for (from, to) in cases {
        assert!(
            mutated(from, to).is_err(),
            "{from} -> {to} should be rejected"
        );
    }
    assert!(matches!(
        Certificate::parse_all(&EXAMPLE[..EXAMPLE.len() - 5]),
        Err(FormatError::UnexpectedEnd { .. })
    ));
}

/// Found by the fuzzing of crates/cli/tests/fuzz_certificates.rs: the
/// point count `rows * cols` overflowed (a panic in debug builds).
#[test]
fn huge_board_dimensions_are_a_syntax_error() {
    for board in [
        "board 18446744073709551615x2",
        "board 2x9223372036854775808",
        "board 4294967296x4294967296",
    ] {
        let e = mutated("board 2x3", board).expect_err(board);
        assert!(matches!(e, FormatError::Syntax { line: 3, .. }), "{e:?}");
        assert!(e.to_string().contains("1 to 64 points"), "{e}");
    }
}

#[test]
fn an_off_board_start_move_parses_and_is_illegal() {
    let cert = &mutated("moves 4 pass 2", "moves 2 pass 6").unwrap()[0];
    let err = crate::check(cert).unwrap_err();
    assert_eq!(
        err,
        crate::CheckError::IllegalStartMove {
            number: 3,
            mv: Move::Play(6)
        }
    );
}

#[test]
fn rejects_bad_graphs() {
    let good = graph_cert().to_text();
    assert!(Certificate::parse(&good).is_ok());
    for (from, to) in [
        ("0: 1 3\n", "0: 1\n"),
        ("0: 1 3\n", "0: 0 1 3\n"),
        ("0: 1 3\n", "0: 1 3 3\n"),
        ("0: 1 3\n", "0: 1 9\n"),
        ("0: 1 3\n", "1: 0 2\n"),
        ("board graph 5", "board graph 65"),
    ] {
        assert!(
            Certificate::parse(&good.replacen(from, to, 1)).is_err(),
            "{from} -> {to}"
        );
    }
}

#[test]
fn a_stream_ending_in_end_is_read_by_count() {
    // The moves 30, 39, 29 are written `end`: read as moves when exactly
    // three are missing.
    let header = Header::empty_board(rect(8, 8), Ruleset::Psk, Color::Black, 0);
    let strategy = vec![Move::Play(30), Move::Play(39), Move::Play(29)];
    let cert = Certificate { header, strategy };
    let text = cert.to_text();
    assert!(text.ends_with("strategy 3\nend\nend\n"));
    assert_eq!(Certificate::parse(&text).unwrap(), cert);
    let short = text.replace("strategy 3", "strategy 5");
    assert!(Certificate::parse(&short).is_err());
}

#[test]
fn errors_display_the_line() {
    let err = mutated("threshold 3", "threshold x").unwrap_err();
    let shown = err.to_string();
    assert!(shown.starts_with("line 14:"), "{shown}");
    assert!(shown.contains("threshold"), "{shown}");
}
