//! Certificates of `basic` and `primitive` (docs/certificates.md): the
//! writer's strategies, read off the proof search (crate kosolve-reach)
//! and the solver, are accepted by the independent checker, for values
//! found by another method (`basic`: the retrograde analysis); and the
//! checker rejects each claim pushed one point further, the loser's claim
//! to win, and a strategy that lets a `basic` game cycle.

mod common;

use common::*;
use kosolve_board::Suicide;
use kosolve_check as check;
use kosolve_retrograde::{solve_basic_from, BasicStart, RetroOptions};
use kosolve_rules::{Game, Ruleset, Setup, Start};
use kosolve_solver::certificate::{
    answer_certificates, basic_certificates, CertificateOptions, Certificates,
};
use kosolve_solver::{solve_game, Answer, BasicAnswer};
use kosolve_testkit::Rng;

/// The claim pushed one point further for its prover.
fn tighter(c: &check::Certificate) -> check::Certificate {
    let mut m = c.clone();
    m.header.threshold += match c.header.prover {
        check::Color::Black => 1,
        check::Color::White => -1,
    };
    m
}

/// Writes the four `basic` certificates of the retrograde analysis's VB
/// and VW from `setup`, checks each, and checks that each claim one point
/// tighter is rejected with the same strategy. Returns the certificates.
fn certify_basic(b: &str, suicide: Suicide, komi: i32, setup: &Setup) -> Certificates {
    let board = board(b);
    let r = rules(Ruleset::Basic, suicide, komi).unwrap();
    let start = BasicStart::from_setup(&board, &r, setup).unwrap();
    let retro = solve_basic_from(&board, &r, &start, &RetroOptions::default()).unwrap();
    let answer = BasicAnswer {
        value: retro.value,
        vb: retro.vb,
        vw: retro.vw,
    };
    let label = format!("{b} {suicide:?} komi {komi} {:?}", setup.moves);
    let c = basic_certificates(
        board.clone(),
        r,
        setup,
        &answer,
        &opts(1),
        &CertificateOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{label}: {e}"));
    let parsed = check::Certificate::parse_all(&c.to_text()).unwrap();
    assert_eq!(parsed, c.certificates, "{label}: the text round-trips");
    let n = board.len() as i32;
    let raw = |h: Option<i32>| h.map(|h| (h + komi).div_euclid(2));
    let (vb, vw) = (raw(retro.vb), raw(retro.vw));
    // The claims, from the other method's VB and VW.
    use check::{Claim, Color};
    let mut want = Vec::new();
    if let Some(b) = vb {
        want.push((Color::Black, Claim::Ending, b));
    }
    want.push((Color::White, Claim::Finished, vb.unwrap_or(-n - 1)));
    if let Some(w) = vw {
        want.push((Color::White, Claim::Ending, w));
    }
    want.push((Color::Black, Claim::Finished, vw.unwrap_or(n + 1)));
    let got: Vec<_> = parsed
        .iter()
        .map(|c| (c.header.prover, c.header.claim, c.header.threshold))
        .collect();
    assert_eq!(got, want, "{label}");
    for (i, cert) in parsed.iter().enumerate() {
        check::check(cert).unwrap_or_else(|e| panic!("{label} #{i}: rejected: {e}"));
        // Past the board's range a `finished` claim says "no game ends",
        // which a tighter threshold says as well.
        if (-n..=n).contains(&cert.header.threshold) {
            let err = check::check(&tighter(cert));
            assert!(err.is_err(), "{label} #{i}: one point tighter accepted");
        }
    }
    c
}

#[test]
fn basic_certificates_of_empty_boards_hold() {
    deep(|| {
        for b in [
            "1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3", "1x6", "1x7", "2x4", "3x3",
        ] {
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                if b == "3x3" && su == Suicide::Allowed {
                    continue; // no static bounds: slow for a test
                }
                for komi in [0, 1, 7] {
                    certify_basic(b, su, komi, &Setup::default());
                }
            }
        }
    });
}

#[test]
fn basic_certificates_from_random_records_hold() {
    deep(|| {
        let mut rng = Rng::new(0xBA51C);
        for b in ["2x3", "1x6", "2x4"] {
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                let r = rules(Ruleset::Basic, su, 0).unwrap();
                for len in [2, 5, 9] {
                    let mut g = kosolve_rules::AnyGame::new(board(b), r);
                    rng.play_line(&mut g, len);
                    if g.result().is_some() {
                        continue;
                    }
                    let setup = Setup {
                        start: Start::EMPTY,
                        moves: g.moves().to_vec(),
                    };
                    certify_basic(b, su, 0, &setup);
                }
            }
        }
    });
}

#[test]
fn a_basic_denial_that_cycles_does_not_force_the_end() {
    // 2x2 is void: each side keeps the other from any finished result
    // beyond the whole board only by repeating. White's strategy for
    // "every finished game <= VB" repeats states; read as a claim to force
    // the end, the checker finds the cycle.
    deep(|| {
        let c = certify_basic("2x2", Suicide::Forbidden, 0, &Setup::default());
        let white = c
            .certificates
            .iter()
            .find(|c| {
                c.header.prover == check::Color::White && c.header.claim == check::Claim::Finished
            })
            .unwrap();
        let rep = check::check(white).unwrap();
        assert!(rep.repeats > 0, "{rep:?}");
        let mut ending = white.clone();
        ending.header.claim = check::Claim::Ending;
        let err = check::check(&ending).unwrap_err();
        assert!(matches!(err, check::CheckError::Cycle { .. }), "{err}");
    });
}

#[test]
fn primitive_certificates_hold_and_the_loser_cannot_claim() {
    deep(|| {
        for b in [
            "1x1", "1x2", "1x3", "1x4", "1x5", "2x2", "2x3", "1x7", "3x3",
        ] {
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                let r = rules(Ruleset::Primitive, su, 0).unwrap();
                let board = board(b);
                let setup = Setup::default();
                let g = setup.standard(board.clone(), r).unwrap();
                let s = solve_game(&g, &opts(1));
                let v = s.value().expect("solved");
                let answer = Answer::Search(s);
                let c = answer_certificates(
                    board.clone(),
                    r,
                    &setup,
                    &answer,
                    &opts(1),
                    &CertificateOptions::default(),
                )
                .expect("primitive has certificates")
                .unwrap_or_else(|e| panic!("{b} {su:?}: {e}"));
                assert_eq!(c.certificates.len(), 1);
                let cert = &c.certificates[0];
                assert_eq!(cert.header.claim, check::Claim::Win);
                let winner = if v > 0 {
                    check::Color::Black
                } else {
                    check::Color::White
                };
                assert_eq!(cert.header.prover, winner, "{b} {su:?}");
                let parsed = check::Certificate::parse(&cert.to_text()).unwrap();
                assert_eq!(&parsed, cert);
                check::check(cert).unwrap_or_else(|e| panic!("{b} {su:?}: {e}"));
                // The loser claims the win with the same stream.
                let mut loser = cert.clone();
                loser.header.prover = winner.opponent();
                assert!(check::check(&loser).is_err(), "{b} {su:?}: loser accepted");
            }
        }
    });
}

#[test]
fn a_work_cap_stops_the_basic_writer() {
    // 2x4 from the empty board: its proof searches need more than 100
    // nodes, so a cap of 100 stops the writer with `TooLarge`.
    deep(|| {
        let board = board("2x4");
        let r = rules(Ruleset::Basic, Suicide::Forbidden, 0).unwrap();
        let retro = kosolve_retrograde::solve_basic(&board, &r).unwrap();
        let answer = BasicAnswer {
            value: retro.value,
            vb: retro.vb,
            vw: retro.vw,
        };
        let capped = CertificateOptions {
            max_work: Some(100),
            ..CertificateOptions::default()
        };
        let e = basic_certificates(board, r, &Setup::default(), &answer, &opts(1), &capped)
            .unwrap_err();
        assert_eq!(
            e,
            kosolve_solver::certificate::CertificateError::TooLarge(100)
        );
    });
}
