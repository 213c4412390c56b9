//! Proof certificates (docs/certificates.md): the solver writes them, and
//! the independent checker (crate kosolve-check, which shares no code with
//! the solver or the rules engine) accepts them, from the empty board and
//! from mid-game records, under every ruleset that has them. And the
//! checker rejects the four mutants of a good certificate: a prover move
//! changed to one that loses, a move the ruleset bans, an opponent move left
//! unanswered (the stream cut short) and a threshold raised by one.

mod common;

use common::*;
use kosolve_board::{Color, Suicide};
use kosolve_check as check;
use kosolve_rules::{Game, Move, Ruleset, Setup, Start};
use kosolve_solver::certificate::{
    certificates, certificates_with, supports, CertificateError, CertificateOptions, Certificates,
};
use kosolve_solver::{solve_game, SolveOptions, Tables, Tester};
use kosolve_testkit::Rng;

/// The margin rulesets with certificates, as the writer says (seven: psk,
/// ssk, nssk, tromp-taylor, fixed, basic-fixed and bkr); `basic` and
/// `primitive` have theirs too, tested in certificates_basic.rs.
fn certified() -> Vec<Ruleset> {
    let all: Vec<Ruleset> = Ruleset::ALL
        .into_iter()
        .filter(|&rs| supports(&kosolve_rules::Rules::new(rs)))
        .collect();
    assert_eq!(all.len(), 9, "{all:?}");
    let margin: Vec<Ruleset> = all
        .into_iter()
        .filter(|rs| check::Ruleset::from_name(rs.name()).is_some_and(|c| c.is_margin()))
        .collect();
    assert_eq!(margin.len(), 7, "{margin:?}");
    margin
}

/// Solves, writes both certificates, round-trips their text and checks
/// them with the independent checker.
fn certify(b: &str, rules: kosolve_rules::Rules, setup: &Setup) -> (i32, Certificates) {
    let board = board(b);
    let g = setup.standard(board.clone(), rules).unwrap();
    let v = solve_game(&g, &opts(1)).value().expect("solved");
    let c = certificates(board, rules, setup, v, &opts(1))
        .unwrap_or_else(|e| panic!("{b} {}: {e}", rules.ruleset));
    eprintln!(
        "{b} {} {:?} {:?}: value {v}, {} decisions, {:.2} s",
        rules.ruleset, rules.suicide, setup.moves, c.decisions, c.seconds
    );
    let parsed = check::Certificate::parse_all(&c.to_text()).unwrap();
    assert_eq!(parsed, c.certificates, "the text round-trips");
    assert_eq!(parsed.len(), 2);
    for cert in &parsed {
        check::check(cert)
            .unwrap_or_else(|e| panic!("{b} {} {:?}: rejected: {e}", rules.ruleset, rules.suicide));
        assert_eq!(cert.header.threshold, v);
    }
    (v, c)
}

#[test]
fn certificates_of_empty_boards_are_accepted() {
    deep(empty_boards)
}

fn empty_boards() {
    for rs in certified() {
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let Some(r) = rules(rs, su, 0) else { continue };
            for b in ["1x1", "1x3", "2x2", "1x5", "2x3"] {
                certify(b, r, &Setup::default());
            }
        }
    }
}

#[test]
fn certificates_from_random_records_are_accepted() {
    deep(random_records)
}

fn random_records() {
    let mut rng = Rng::new(0xCE57);
    for rs in certified() {
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let Some(r) = rules(rs, su, 0) else { continue };
            for (i, b) in ["2x3", "1x6", "2x4"].iter().enumerate() {
                let board = board(b);
                let mut g = kosolve_rules::AnyGame::new(board.clone(), r);
                rng.play_line(&mut g, 3 + 2 * i);
                if g.result().is_some() {
                    continue;
                }
                let setup = Setup {
                    start: Start::EMPTY,
                    moves: g.moves().to_vec(),
                };
                certify(b, r, &setup);
            }
        }
    }
}

#[test]
fn the_proof_number_order_writes_certificates_that_hold() {
    deep(proof_number_order)
}

/// Under proof-number search the writer tries the shallow order once,
/// then its own order alone (docs/certificates.md, "Writing
/// certificates"). A first budget of one unit of work stops the shallow
/// order at its first decision, so every decision here comes from the
/// proof-number order.
fn proof_number_order() {
    let pns = SolveOptions {
        engine: kosolve_solver::Engine::Pns,
        ..opts(1)
    };
    let copts = CertificateOptions {
        first_budget: 1,
        ..Default::default()
    };
    for rs in certified() {
        for su in [Suicide::Forbidden, Suicide::Allowed] {
            let Some(r) = rules(rs, su, 0) else { continue };
            for b in ["2x3", "1x6", "2x4"] {
                let board = board(b);
                let setup = Setup::default();
                let g = setup.standard(board.clone(), r).unwrap();
                let v = solve_game(&g, &opts(1)).value().expect("solved");
                let c = certificates_with(board, r, &setup, v, &pns, &copts)
                    .unwrap_or_else(|e| panic!("{b} {rs} {su:?}: {e}"));
                let n = i32::try_from(g.board().len()).unwrap();
                if v > -n && v < n {
                    assert!(c.decisions > 0, "{b} {rs} {su:?}: no decision written");
                }
                for (cert, order) in c.certificates.iter().zip(&c.orders) {
                    check::check(cert).unwrap_or_else(|e| panic!("{b} {rs} {su:?}: rejected: {e}"));
                    assert_eq!(cert.header.threshold, v);
                    if !cert.strategy.is_empty() {
                        assert_eq!(*order, "proof-number", "{b} {rs} {su:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_work_cap_stops_the_writer() {
    // 2x3 psk: neither claim is beyond the score's range, so both need
    // decisions, and a cap of 1 unit of work is spent at the first
    // decision of every attempt.
    let b = board("2x3");
    let r = rules(Ruleset::Psk, Suicide::Forbidden, 0).unwrap();
    let setup = Setup::default();
    let g = setup.standard(b.clone(), r).unwrap();
    let v = solve_game(&g, &opts(1)).value().expect("solved");
    assert!(
        v > -6 && v < 6,
        "a claim beyond the range needs no walk: {v}"
    );
    let capped = CertificateOptions {
        max_work: Some(1),
        ..Default::default()
    };
    let e = certificates_with(b.clone(), r, &setup, v, &opts(1), &capped).unwrap_err();
    assert_eq!(e, CertificateError::TooLarge(1));
    // Without a cap the same claim is written and checks.
    let c = certificates_with(b, r, &setup, v, &opts(1), &CertificateOptions::default()).unwrap();
    for cert in &c.certificates {
        check::check(cert).unwrap();
    }
}

#[test]
fn a_work_cap_bounds_each_test_of_the_writer() {
    // 4x4 psk, B+2 (the published value): one test of the claim
    // "value >= 2" by alpha-beta searches far more than 200,000 nodes. The
    // cap must stop that test, not only the walk between tests: the writer
    // gives up having searched about the cap in each attempt (three move
    // orders, one budget each), where before it ran one test to its end
    // (the sweep of the bestiary waited on one such test past 40 minutes).
    let b = board("4x4");
    let r = rules(Ruleset::Psk, Suicide::Forbidden, 0).unwrap();
    let setup = Setup::default();
    let cap = 200_000;
    let capped = CertificateOptions {
        max_work: Some(cap),
        ..Default::default()
    };
    let start = std::time::Instant::now();
    let e = certificates_with(b, r, &setup, 2, &opts(1), &capped).unwrap_err();
    assert_eq!(e, CertificateError::TooLarge(cap));
    // Deterministic bound aside, a generous wall-clock guard: capped, this
    // takes well under a second.
    assert!(start.elapsed().as_secs() < 60, "{:?}", start.elapsed());
}

#[test]
fn a_position_start_with_komi_is_accepted() {
    let board = board("3x3");
    let pos = kosolve_board::Position::from_diagram(&board, "XO./XO./.O.").unwrap();
    let setup = Setup::at(Start::new(pos, Color::Black));
    let r = rules(Ruleset::Psk, Suicide::Forbidden, 1).unwrap();
    let (v, c) = certify("3x3", r, &setup);
    assert_eq!(c.certificates[0].header.komi_halves, 1);
    assert!(v < 0, "White leads on this board: {v}");
}

/// The prover decisions of a certificate as the checker's walk reaches
/// them: for each, the moves from the start and the legal moves.
struct Recorder {
    stream: Vec<check::Move>,
    next: usize,
    line: Vec<check::Move>,
    decisions: Vec<(Vec<check::Move>, Vec<check::Move>)>,
}

impl check::Oracle for Recorder {
    fn choose(&mut self, legal: &[check::Move]) -> Result<check::Move, String> {
        self.decisions.push((self.line.clone(), legal.to_vec()));
        let m = *self.stream.get(self.next).ok_or("exhausted")?;
        self.next += 1;
        Ok(m)
    }
    fn play(&mut self, m: check::Move) {
        self.line.push(m);
    }
    fn undo(&mut self) {
        self.line.pop();
    }
}

fn decisions(cert: &check::Certificate) -> Vec<(Vec<check::Move>, Vec<check::Move>)> {
    let mut r = Recorder {
        stream: cert.strategy.clone(),
        next: 0,
        line: Vec::new(),
        decisions: Vec::new(),
    };
    check::walk(&cert.header, &mut r).expect("the certificate holds");
    r.decisions
}

fn to_move(m: check::Move) -> Move {
    match m {
        check::Move::Play(p) => Move::Play(kosolve_board::Point(p)),
        check::Move::Pass => Move::Pass,
    }
}

/// The four mutants, on 2x3 and 1x5 under psk, fixed and bkr.
#[test]
fn the_checker_rejects_mutants() {
    deep(mutants)
}

fn mutants() {
    let mut banned_found = 0;
    for (b, rs) in [
        ("2x3", Ruleset::Psk),
        ("1x5", Ruleset::Psk),
        ("1x5", Ruleset::Fixed),
        ("2x3", Ruleset::Bkr),
    ] {
        let r = rules(rs, Suicide::Forbidden, 0).unwrap();
        let setup = Setup::default();
        let (v, c) = certify(b, r, &setup);
        let board = board(b);
        let game = setup.standard(board.clone(), r).unwrap();
        let o = SolveOptions {
            threads: 1,
            ..opts(1)
        };
        let tables = Tables::new(&game, &o);
        let mut tester = Tester::new(&game, &o, &tables);
        for cert in &c.certificates {
            let label = format!("{b} {rs} prover {:?}", cert.header.prover);
            // A threshold raised by one (Black's claim up, White's down).
            let mut m = cert.clone();
            m.header.threshold += match cert.header.prover {
                check::Color::Black => 1,
                check::Color::White => -1,
            };
            assert!(
                check::check(&m).is_err(),
                "{label}: raised threshold accepted"
            );
            // An opponent move left unanswered: the stream cut short.
            let mut m = cert.clone();
            m.strategy.pop();
            assert!(
                matches!(
                    check::check(&m),
                    Err(check::CheckError::StreamExhausted { .. })
                ),
                "{label}: truncated stream"
            );
            let ds = decisions(cert);
            assert_eq!(ds.len(), cert.strategy.len());
            let mut losing_found = false;
            let mut banned_here = 0;
            for (i, (line, legal)) in ds.iter().enumerate() {
                if losing_found && banned_here >= 2 {
                    break;
                }
                let mut g = game.clone();
                for &mv in line {
                    g.play(to_move(mv));
                }
                // A move the ruleset bans: an empty point that is legal on
                // the same position without its history (a ko retake, a
                // repetition), but not here.
                for p in g.position().empty(&board).iter() {
                    if banned_here >= 2 {
                        break;
                    }
                    let mv = check::Move::Play(p.0);
                    if legal.contains(&mv) {
                        continue;
                    }
                    let fresh = Setup::at(Start::new(g.position(), g.to_move()))
                        .standard(board.clone(), r)
                        .unwrap();
                    if !fresh.is_legal(Move::Play(p)) {
                        continue;
                    }
                    let mut m = cert.clone();
                    m.strategy[i] = mv;
                    assert!(
                        matches!(
                            check::check(&m),
                            Err(check::CheckError::IllegalProverMove { .. })
                        ),
                        "{label}: banned move {p:?} at decision {i} accepted"
                    );
                    banned_found += 1;
                    banned_here += 1;
                }
                // A move changed to one that loses: the solver says the
                // child misses the claim.
                if losing_found {
                    continue;
                }
                for &alt in legal.iter().filter(|&&a| a != cert.strategy[i]) {
                    let mut child = g.clone();
                    child.play(to_move(alt));
                    let keeps = match cert.header.prover {
                        check::Color::Black => tester.test(&child, v),
                        check::Color::White => tester.test(&child, v + 1).map(|ge| !ge),
                    };
                    if keeps == Some(false) {
                        let mut m = cert.clone();
                        m.strategy[i] = alt;
                        assert!(
                            check::check(&m).is_err(),
                            "{label}: losing {alt:?} accepted"
                        );
                        losing_found = true;
                        break;
                    }
                }
            }
            assert!(losing_found, "{label}: no losing alternative to test");
        }
    }
    assert!(banned_found > 0, "no banned move met");
}
