//! Tests of the walk and of `check`: certificates written by an oracle
//! over a naive search are accepted for the true value and rejected beyond it,
//! and mutated certificates are rejected.

use super::*;
use crate::check::check;
use crate::format::Certificate;
use crate::format::Cut;
use crate::testkit::{minimax, rect, setup, solve, Follower, SearchOracle};
use crate::types::{BoardSpec, Ruleset, Suicide};

/// Writes the certificate of `header`'s claim with the search oracle.
fn write(header: &Header) -> Certificate {
    write_spoiled(header, None).0
}

/// Writes a certificate whose prover plays a move missing the claim at
/// decision `spoil_at`; also says whether such a move existed there.
fn write_spoiled(header: &Header, spoil_at: Option<u64>) -> (Certificate, bool) {
    let mut oracle = SearchOracle::new(header);
    oracle.spoil_at = spoil_at;
    let result = walk(header, &mut oracle);
    assert!(
        matches!(result, Ok(_) | Err(CheckError::ThresholdNotMet { .. })),
        "writing: {result:?}"
    );
    let cert = Certificate {
        header: header.clone(),
        strategy: oracle.strategy,
    };
    (cert, oracle.spoiled)
}

/// A report's counters (its timing and memory fields vary).
fn counters(r: &CheckReport) -> [u64; 5] {
    [r.nodes, r.memo_hits, r.decisions, r.games, r.memo_entries]
}

/// The claim's threshold moved one point past what the prover can hold.
fn beyond(v: i32, prover: Color) -> i32 {
    match prover {
        Color::Black => v + 1,
        Color::White => v - 1,
    }
}

/// Checks that the true value is certified for both provers and that one
/// point more is refused; returns the value.
fn certify_both_ways(base: &Header) -> i32 {
    let v = solve(base);
    for prover in Color::ALL {
        let header = Header {
            prover,
            threshold: v,
            ..base.clone()
        };
        let cert = write(&header);
        let report =
            check(&cert).unwrap_or_else(|e| panic!("{} {prover}, threshold {v}: {e}", base.rules));
        assert_eq!(report.decisions, cert.strategy.len() as u64);
        let round = Certificate::parse(&cert.to_text()).unwrap();
        assert_eq!(
            counters(&check(&round).unwrap()),
            counters(&report),
            "the same walk again"
        );
        // No strategy holds one point more: whatever the oracle plays, the
        // walk must find a finished game that misses the claim.
        let header = Header {
            prover,
            threshold: beyond(v, prover),
            ..base.clone()
        };
        let err = walk(&header, &mut First).unwrap_err();
        assert!(matches!(err, CheckError::ThresholdNotMet { .. }), "{err}");
        let err = check(&write(&header)).unwrap_err();
        assert!(matches!(err, CheckError::ThresholdNotMet { .. }), "{err}");
    }
    v
}

/// An empty-board header.
fn empty(rows: usize, cols: usize, rules: Ruleset, suicide: Suicide) -> Header {
    Header {
        suicide,
        ..Header::empty_board(rect(rows, cols), rules, Color::Black, 0)
    }
}

#[test]
fn published_psk_values_on_linear_boards() {
    // docs/references.md: psk, suicide forbidden, empty board, Black first.
    for (cols, expected) in [(1, 0), (2, 0), (3, 3), (4, 4)] {
        let base = empty(1, cols, Ruleset::Psk, Suicide::Forbidden);
        assert_eq!(certify_both_ways(&base), expected, "1x{cols}");
    }
}

#[test]
fn every_ruleset_on_small_boards() {
    for rules in Ruleset::MARGIN {
        for suicide in [Suicide::Forbidden, Suicide::Allowed] {
            if rules == Ruleset::TrompTaylor && suicide == Suicide::Forbidden {
                continue;
            }
            for cols in 1..=3 {
                let base = empty(1, cols, rules, suicide);
                let v = certify_both_ways(&base);
                // Plain minimax agrees where it is quick.
                if cols < 3 || suicide == Suicide::Forbidden {
                    assert_eq!(v, minimax(&base), "{rules} {suicide} 1x{cols}");
                }
            }
        }
    }
}

#[test]
fn a_graph_board_plays_like_its_rectangle() {
    // The path 0 - 1 - 2 as a graph, and a 4-cycle (a 2x2 square with the
    // points numbered around it) against 2x2 for the ruleset whose naive
    // search is quick there.
    let path = BoardSpec::Graph {
        neighbours: vec![vec![1], vec![0, 2], vec![1]],
    };
    let header = Header::empty_board(path, Ruleset::Psk, Color::Black, 0);
    assert_eq!(certify_both_ways(&header), 3);
    let ring = BoardSpec::Graph {
        neighbours: vec![vec![1, 3], vec![0, 2], vec![1, 3], vec![2, 0]],
    };
    let mut header = Header::empty_board(ring, Ruleset::Fixed, Color::Black, 0);
    header.end_passes = 1;
    let mut square = Header::empty_board(rect(2, 2), Ruleset::Fixed, Color::Black, 0);
    square.end_passes = 1;
    assert_eq!(certify_both_ways(&header), certify_both_ways(&square));
}

#[test]
fn from_a_position_with_moves_and_more_passes() {
    // `X . .`, White to move: White 2, Black passes; then White is to move
    // with one pass counted of the three that end the game.
    let mut base = empty(1, 3, Ruleset::Bkr, Suicide::Forbidden);
    base.setup = setup("X..");
    base.to_move = Color::White;
    base.moves = vec![Move::Play(2), Move::Pass];
    base.end_passes = 3;
    for rules in Ruleset::MARGIN {
        let suicide = if rules == Ruleset::TrompTaylor {
            Suicide::Allowed
        } else {
            Suicide::Forbidden
        };
        certify_both_ways(&Header {
            rules,
            suicide,
            ..base.clone()
        });
    }
}

#[test]
fn a_game_over_before_the_claim_is_judged_directly() {
    let mut header = empty(1, 3, Ruleset::Psk, Suicide::Forbidden);
    header.moves = vec![Move::Play(1), Move::Pass, Move::Pass];
    header.threshold = 3;
    let cert = Certificate {
        header: header.clone(),
        strategy: vec![],
    };
    let report = check(&cert).unwrap();
    assert_eq!((report.nodes, report.games, report.decisions), (1, 1, 0));
    let too_long = Certificate {
        header: header.clone(),
        strategy: vec![Move::Pass],
    };
    assert!(matches!(
        check(&too_long),
        Err(CheckError::StreamTooLong { used: 0, len: 1 })
    ));
    header.threshold = 4;
    let err = check(&Certificate {
        header,
        strategy: vec![],
    })
    .unwrap_err();
    assert!(
        matches!(err, CheckError::ThresholdNotMet { d: 3, .. }),
        "{err}"
    );
}

#[test]
fn an_illegal_start_move_is_named() {
    let mut header = empty(1, 3, Ruleset::Psk, Suicide::Forbidden);
    header.moves = vec![Move::Play(1), Move::Play(1)];
    let err = check(&Certificate {
        header: header.clone(),
        strategy: vec![],
    })
    .unwrap_err();
    assert_eq!(
        err,
        CheckError::IllegalStartMove {
            number: 2,
            mv: Move::Play(1)
        }
    );
    header.moves = vec![Move::Pass, Move::Pass, Move::Pass];
    let err = check(&Certificate {
        header,
        strategy: vec![],
    })
    .unwrap_err();
    assert_eq!(
        err,
        CheckError::IllegalStartMove {
            number: 3,
            mv: Move::Pass
        }
    );
    assert!(err.to_string().contains("move 3"));
}

/// The 1x4 psk certificate for Black >= 4.
fn one_by_four() -> Certificate {
    let header = Header {
        threshold: 4,
        ..empty(1, 4, Ruleset::Psk, Suicide::Forbidden)
    };
    let cert = write(&header);
    check(&cert).expect("the true value");
    cert
}

#[test]
fn mutant_losing_move() {
    let header = one_by_four().header;
    let mut found = false;
    for k in 1..=8 {
        let (cert, spoiled) = write_spoiled(&header, Some(k));
        if spoiled {
            found = true;
            let err = check(&cert).unwrap_err();
            assert!(
                matches!(err, CheckError::ThresholdNotMet { .. }),
                "decision {k}: {err}"
            );
        }
    }
    assert!(found, "some decision has a losing alternative");
}

/// An oracle that plays the first legal move.
struct First;

impl Oracle for First {
    fn choose(&mut self, legal: &[Move]) -> Result<Move, String> {
        Ok(legal[0])
    }
}

#[test]
fn mutant_banned_ko_retake() {
    // 1x6 `. O X X . O`, Black to move: the header's Black 0 captures at
    // 1, and White's immediate retake at 1 is banned by each ruleset here
    // (not by fixed or nssk); White at 4 would be a suicide. One pass ends
    // the game, which keeps the tree small; White proves d <= 3 (Black
    // 0, 1, 2, 3; White 5; 4 is neutral), and her only legal move is a
    // pass. The mutant retakes instead.
    let mut base = empty(1, 6, Ruleset::Psk, Suicide::Forbidden);
    base.setup = setup(".OXX.O");
    base.moves = vec![Move::Play(0)];
    base.end_passes = 1;
    base.prover = Color::White;
    base.threshold = 3;
    for rules in [
        Ruleset::Psk,
        Ruleset::Ssk,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
    ] {
        let header = Header {
            rules,
            ..base.clone()
        };
        let mut oracle = Recorder {
            inner: First,
            strategy: Vec::new(),
        };
        walk(&header, &mut oracle).unwrap_or_else(|e| panic!("{rules}: {e}"));
        let mut cert = Certificate {
            header,
            strategy: oracle.strategy,
        };
        assert_eq!(cert.strategy, vec![Move::Pass], "{rules}");
        check(&cert).unwrap_or_else(|e| panic!("{rules}: {e}"));
        cert.strategy = vec![Move::Play(1)];
        let err = check(&cert).unwrap_err();
        assert_eq!(
            err,
            CheckError::IllegalProverMove {
                decision: 1,
                mv: Move::Play(1),
                line: Line(vec![])
            },
            "{rules}"
        );
    }
}

/// Replays a strategy and notes, at each decision, a point the board
/// rules allow but the ruleset bans.
struct BanFinder {
    /// The game, following the walk.
    own: Follower,
    /// The board's size.
    points: usize,
    /// The strategy to replay.
    strategy: Vec<Move>,
    /// Decisions so far.
    decisions: usize,
    /// (decision, banned point) pairs found.
    found: Vec<(usize, u8)>,
}

impl Oracle for BanFinder {
    fn choose(&mut self, legal: &[Move]) -> Result<Move, String> {
        let banned = (0..64u8).find(|&p| {
            usize::from(p) < self.points
                && self.own.game.board_allows(usize::from(p))
                && !legal.contains(&Move::Play(p))
        });
        if let Some(p) = banned {
            self.found.push((self.decisions, p));
        }
        let m = self.strategy[self.decisions];
        self.decisions += 1;
        Ok(m)
    }

    fn play(&mut self, m: Move) {
        self.own.play(m);
    }

    fn undo(&mut self) {
        self.own.undo();
    }
}

#[test]
fn mutant_banned_move_mid_stream() {
    // In the 1x4 psk certificate, replace a prover move by a point where a
    // stone is possible on the board but psk bans it (it would recreate an
    // earlier position, a ko retake in the wide sense).
    let cert = one_by_four();
    let mut finder = BanFinder {
        own: Follower::new(start_game(&cert.header).unwrap()),
        points: cert.header.board.points(),
        strategy: cert.strategy.clone(),
        decisions: 0,
        found: Vec::new(),
    };
    walk(&cert.header, &mut finder).unwrap();
    assert!(
        !finder.found.is_empty(),
        "some decision faces a banned point"
    );
    for &(k, p) in finder.found.iter().take(5) {
        let mut mutant = cert.clone();
        mutant.strategy[k] = Move::Play(p);
        let err = check(&mutant).unwrap_err();
        assert!(
            matches!(err, CheckError::IllegalProverMove { decision, mv, .. } if decision == k as u64 + 1 && mv == Move::Play(p)),
            "{err}"
        );
    }
}

/// An oracle that records what another one chooses.
struct Recorder<O> {
    /// The oracle choosing.
    inner: O,
    /// Its choices, in order.
    strategy: Vec<Move>,
}

impl<O: Oracle> Oracle for Recorder<O> {
    fn choose(&mut self, legal: &[Move]) -> Result<Move, String> {
        let m = self.inner.choose(legal)?;
        self.strategy.push(m);
        Ok(m)
    }
}

#[test]
fn mutant_truncated_stream() {
    let mut cert = one_by_four();
    let n = cert.strategy.len() as u64;
    cert.strategy.pop();
    let err = check(&cert).unwrap_err();
    assert!(
        matches!(err, CheckError::StreamExhausted { decision, .. } if decision == n),
        "{err}"
    );
    cert.strategy.clear();
    let err = check(&cert).unwrap_err();
    assert_eq!(
        err,
        CheckError::StreamExhausted {
            decision: 1,
            line: Line(vec![])
        }
    );
}

#[test]
fn mutant_threshold_raised() {
    let mut cert = one_by_four();
    cert.header.threshold += 1;
    let err = check(&cert).unwrap_err();
    assert!(
        matches!(err, CheckError::ThresholdNotMet { threshold: 5, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("claims d >= 5"), "{err}");
}

#[test]
fn mutant_longer_stream() {
    let mut cert = one_by_four();
    cert.strategy.push(Move::Pass);
    let n = cert.strategy.len() as u64;
    assert_eq!(
        check(&cert).unwrap_err(),
        CheckError::StreamTooLong {
            used: n - 1,
            len: n
        }
    );
}

#[test]
fn the_memo_is_used() {
    let report = check(&one_by_four()).unwrap();
    assert!(report.memo_hits > 0, "{report:?}");
    assert!(report.memo_entries > 0);
    assert!(report.games > 0);
    assert!(report.nodes >= report.games + report.memo_hits);
}

/// An oracle that fails: its error aborts the walk with the line.
struct Refuser;

impl Oracle for Refuser {
    fn choose(&mut self, _legal: &[Move]) -> Result<Move, String> {
        Err("no idea".into())
    }

    fn node(&mut self, legal: &[Move]) -> Result<(), String> {
        if legal.len() > 3 {
            Ok(())
        } else {
            Err(format!("only {} moves", legal.len()))
        }
    }
}

#[test]
fn oracle_errors_abort_the_walk() {
    let header = Header {
        prover: Color::White,
        ..empty(1, 3, Ruleset::Psk, Suicide::Forbidden)
    };
    let err = walk(&header, &mut Refuser).unwrap_err();
    assert_eq!(
        err,
        CheckError::Oracle {
            message: "only 3 moves".into(),
            line: Line(vec![Move::Play(0)])
        }
    );
    assert_eq!(err.to_string(), "oracle error after 0: only 3 moves");
    let header = Header {
        prover: Color::Black,
        ..header
    };
    let err = walk(&header, &mut Refuser).unwrap_err();
    assert_eq!(
        err,
        CheckError::Oracle {
            message: "no idea".into(),
            line: Line(vec![])
        }
    );
}

/// [`check`] of `header`'s claim with an empty strategy.
fn check_empty(header: Header) -> Result<CheckReport, CheckError> {
    check(&Certificate {
        header,
        strategy: Vec::new(),
    })
}

#[test]
fn claims_no_game_can_miss_need_no_walk() {
    // d lies in [-n, n]: "d <= n" for White and "d >= -n" for Black hold
    // with an empty strategy; one point tighter, the empty strategy is cut
    // short at the first prover node.
    let base = empty(2, 3, Ruleset::Fixed, Suicide::Allowed);
    for (prover, t, tighter) in [(Color::White, 6, 5), (Color::Black, -6, -5)] {
        let with = |threshold| Header {
            prover,
            threshold,
            ..base.clone()
        };
        let r = check_empty(with(t)).unwrap_or_else(|e| panic!("{prover} {t}: {e}"));
        assert_eq!((r.nodes, r.decisions), (0, 0));
        let err = check_empty(with(tighter)).unwrap_err();
        assert!(
            matches!(err, CheckError::StreamExhausted { .. }),
            "{prover} {tighter}: {err}"
        );
    }
}

#[test]
fn the_pass_alive_cut_accepts_its_bound_and_no_more() {
    // `.XXX.O` on 1x6: Black's chain is pass-alive (its regions are the
    // eye at 0 and {4, 5}, whose only empty point touches it), so her safe
    // points are 0-3 and her claim d >= 2 * 4 - 6 = 2 is accepted at the
    // start with an empty strategy; d >= 3 is not, and the empty strategy
    // then runs out at the first decision. Without the cut, d >= 2 needs
    // a walk. (With suicide allowed the region {4, 5} is not vital, since
    // 5 is not next to the chain: `tromp-taylor` is left out.)
    for rules in Ruleset::MARGIN {
        if rules == Ruleset::TrompTaylor {
            continue;
        }
        let suicide = Suicide::Forbidden;
        let mut header = empty(1, 6, rules, suicide);
        header.setup = setup(".XXX.O");
        header.cut = Cut::PassAlive;
        header.threshold = 2;
        let r = check_empty(header.clone()).unwrap_or_else(|e| panic!("{rules}: {e}"));
        assert_eq!((r.nodes, r.cuts, r.decisions), (1, 1, 0), "{rules}");
        for (cut, threshold) in [(Cut::PassAlive, 3), (Cut::None, 2)] {
            let err = check_empty(Header {
                cut,
                threshold,
                ..header.clone()
            })
            .unwrap_err();
            assert!(
                matches!(err, CheckError::StreamExhausted { .. }),
                "{rules} {cut:?} {threshold}: {err}"
            );
        }
    }
}
