//! Tests of the `basic` and `primitive` claims (docs/certificates.md):
//! certificates written from a naive attractor (`basic`) or AND-OR search
//! (`primitive`) over this crate's own rules are accepted exactly where
//! the claim is true, for every threshold; mutants are rejected.

use super::*;
use crate::check::check;
use crate::format::{Certificate, Claim, Cut};
use crate::testkit::{rect, setup, BasicOracle, SearchOracle};
use crate::types::{BoardSpec, Ruleset, Suicide};

/// Small boards: rectangles and a triangle (a graph).
fn boards() -> Vec<BoardSpec> {
    let mut b: Vec<BoardSpec> = [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 2), (2, 3)]
        .into_iter()
        .map(|(r, c)| rect(r, c))
        .collect();
    b.push(BoardSpec::Graph {
        neighbours: vec![vec![1, 2], vec![0, 2], vec![0, 1]],
    });
    b
}

/// Writes `header`'s claim with the attractor oracle and checks it:
/// returns whether the claim is true (by the attractor) and the check's
/// outcome.
fn basic_case(header: &Header) -> (bool, Result<CheckReport, CheckError>, Certificate) {
    let mut oracle = BasicOracle::new(header);
    let truth = oracle.holds();
    let _ = walk(header, &mut oracle);
    let cert = Certificate {
        header: header.clone(),
        strategy: oracle.strategy,
    };
    let round = Certificate::parse(&cert.to_text()).expect("the text round-trips");
    assert_eq!(round, cert);
    (truth, check(&cert), cert)
}

#[test]
fn basic_claims_hold_exactly_where_the_attractor_says() {
    let (mut held, mut refused, mut cycles, mut repeats) = (0, 0, 0, 0);
    for spec in boards() {
        let n = spec.points() as i32;
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            // The empty board, and White to move after Black's play at 0.
            for moves in [vec![], vec![Move::Play(0)]] {
                if n < 2 && !moves.is_empty() {
                    continue;
                }
                let mut base = Header::empty_board(spec.clone(), Ruleset::Basic, Color::Black, 0);
                base.suicide = suicide;
                base.moves = moves;
                for claim in [Claim::Ending, Claim::Finished] {
                    let cuts: &[Cut] = if claim == Claim::Ending && suicide == Suicide::Allowed {
                        &[Cut::None]
                    } else {
                        &[Cut::None, Cut::PassAlive]
                    };
                    for &cut in cuts {
                        for prover in Color::ALL {
                            for t in -n - 1..=n + 1 {
                                let header = Header {
                                    prover,
                                    claim,
                                    threshold: t,
                                    cut,
                                    ..base.clone()
                                };
                                let (truth, r, _) = basic_case(&header);
                                let what = format!(
                                    "{spec:?} {suicide} {:?} {claim:?} {cut:?} {prover} {t}",
                                    base.moves
                                );
                                assert_eq!(truth, r.is_ok(), "{what}: {r:?}");
                                match r {
                                    Ok(rep) => {
                                        held += 1;
                                        repeats += rep.repeats;
                                        if claim == Claim::Ending {
                                            assert_eq!(rep.repeats, 0, "{what}");
                                        }
                                    }
                                    Err(CheckError::Cycle { .. }) => cycles += 1,
                                    Err(_) => refused += 1,
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // Both outcomes, cycles and games that never end all occur.
    assert!(
        held > 100 && refused > 100,
        "{held} held, {refused} refused"
    );
    assert!(cycles > 10, "{cycles} cycles");
    assert!(repeats > 10, "{repeats} repeats");
}

#[test]
fn a_basic_strategy_that_cycles_does_not_force_the_end() {
    // 2x2, empty: neither side can force a finite end short of the other's
    // whole board, and each can keep the game going for ever. White's
    // strategy keeping every finished game at d <= -4 (Black's best end,
    // -4, is the pass-alive-free start: Black forces d >= -4 by passing)
    // repeats states; read as `claim ending`, it is a cycle.
    let base = Header::empty_board(rect(2, 2), Ruleset::Basic, Color::White, -4);
    let (truth, r, cert) = basic_case(&base);
    assert!(truth);
    let rep = r.unwrap();
    assert!(rep.repeats > 0, "{rep:?}");
    let mut ending = cert.clone();
    ending.header.claim = Claim::Ending;
    let err = check(&ending).unwrap_err();
    assert!(matches!(err, CheckError::Cycle { .. }), "{err}");
    assert!(err.to_string().contains("for ever"), "{err}");
}

#[test]
fn the_format_refuses_claims_that_do_not_apply() {
    let base = Header::empty_board(rect(1, 3), Ruleset::Basic, Color::Black, 0);
    let bad = [
        Header {
            claim: Claim::Win,
            ..base.clone()
        },
        Header {
            claim: Claim::Ending,
            rules: Ruleset::Psk,
            ..base.clone()
        },
        Header {
            claim: Claim::Ending,
            suicide: Suicide::Allowed,
            cut: Cut::PassAlive,
            ..base.clone()
        },
        Header {
            cut: Cut::PassAlive,
            ..Header::empty_board(rect(1, 3), Ruleset::Primitive, Color::Black, 0)
        },
        Header {
            threshold: 1,
            ..Header::empty_board(rect(1, 3), Ruleset::Primitive, Color::Black, 0)
        },
    ];
    for h in bad {
        assert!(
            matches!(h.validate(), Err(FormatError::Header(_))),
            "{h:?} accepted"
        );
        if h.claim == Claim::Win && h.threshold != 0 {
            continue; // the text has no threshold line to carry it
        }
        let cert = Certificate {
            header: h.clone(),
            strategy: Vec::new(),
        };
        assert!(Certificate::parse(&cert.to_text()).is_err(), "{h:?} parsed");
    }
    // A version-2 text cannot name `basic` (it has no claim line).
    let good = Certificate {
        header: base,
        strategy: Vec::new(),
    };
    let text = good.to_text();
    assert!(text.starts_with("kosolve-certificate 3\n"), "{text}");
    assert!(text.contains("\nclaim finished\n"), "{text}");
    let old = text
        .replace("kosolve-certificate 3", "kosolve-certificate 2")
        .replace("claim finished\n", "");
    assert!(Certificate::parse(&old).is_err());
    // The margin rulesets still write version 2.
    let psk = Header::empty_board(rect(1, 3), Ruleset::Psk, Color::Black, 0);
    let text = Certificate {
        header: psk,
        strategy: Vec::new(),
    }
    .to_text();
    assert!(text.starts_with("kosolve-certificate 2\n") && !text.contains("claim"));
}

#[test]
fn primitive_wins_hold_exactly_where_the_search_says() {
    let (mut won, mut lost) = (0, 0);
    // Up to 5 points: the naive search keys on the whole history.
    for spec in boards().into_iter().filter(|b| b.points() <= 5) {
        let n = spec.points();
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            for diagram in [".".repeat(n), format!("X{}", ".".repeat(n - 1))] {
                for to_move in Color::ALL {
                    let mut base =
                        Header::empty_board(spec.clone(), Ruleset::Primitive, to_move, 0);
                    base.suicide = suicide;
                    base.setup = setup(&diagram);
                    base.to_move = to_move;
                    if base.validate().is_err() {
                        continue;
                    }
                    let mut winners = 0;
                    for prover in Color::ALL {
                        let header = Header {
                            prover,
                            ..base.clone()
                        };
                        let mut oracle = SearchOracle::new(&header);
                        let truth = oracle.holds_at_start();
                        let _ = walk(&header, &mut oracle);
                        let cert = Certificate {
                            header: header.clone(),
                            strategy: oracle.strategy,
                        };
                        let round = Certificate::parse(&cert.to_text()).unwrap();
                        assert_eq!(round, cert);
                        let r = check(&cert);
                        let what = format!("{spec:?} {suicide} {diagram} {to_move} {prover}");
                        assert_eq!(truth, r.is_ok(), "{what}: {r:?}");
                        if truth {
                            winners += 1;
                            won += 1;
                        } else {
                            assert!(matches!(r, Err(CheckError::Lost { .. })), "{what}: {r:?}");
                            lost += 1;
                        }
                    }
                    assert_eq!(winners, 1, "exactly one side wins a finite game");
                }
            }
        }
    }
    assert!(won > 20 && lost > 20, "{won} {lost}");
}

#[test]
fn primitive_has_no_pass() {
    // 1x1: Black has no legal board play (a stone there is a suicide, and
    // under primitive ko it would recreate the board anyway): she loses
    // at once, and White wins with an empty strategy.
    let white = Header::empty_board(rect(1, 1), Ruleset::Primitive, Color::White, 0);
    let r = check(&Certificate {
        header: white.clone(),
        strategy: Vec::new(),
    })
    .unwrap();
    assert_eq!((r.games, r.decisions), (1, 0));
    let black = Header {
        prover: Color::Black,
        ..white.clone()
    };
    let err = check(&Certificate {
        header: black,
        strategy: Vec::new(),
    })
    .unwrap_err();
    assert_eq!(err, CheckError::Lost { line: Line(vec![]) });
    // A pass in the header's moves is illegal.
    let passed = Header {
        moves: vec![Move::Pass],
        ..white
    };
    assert!(matches!(
        check(&Certificate {
            header: passed,
            strategy: Vec::new()
        }),
        Err(CheckError::IllegalStartMove { number: 1, .. })
    ));
}
