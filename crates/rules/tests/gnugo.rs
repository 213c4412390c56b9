//! External play test: GNU Go (a real engine, over GTP) and kosolve's rules
//! engine must agree on every board play of random games: which plays are
//! legal (occupied points, suicide, and the basic ko ban, which on these
//! games is GNU Go's simple ko) and which stones stand after each capture.
//!
//! GNU Go plays square boards only, so the test covers 2x2 to 5x5. It needs
//! `/usr/games/gnugo` (Debian package `gnugo`, installed by `.ci/run`);
//! without it the test fails under CI and is skipped elsewhere.

use kosolve_board::{Board, Color, Point};
use kosolve_rules::{Game, Move, Rules, Ruleset, StandardGame};
use kosolve_testkit::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;

const GNUGO: &str = "/usr/games/gnugo";

struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    fn start() -> Option<Gtp> {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--chinese-rules"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let stdin = child.stdin.take()?;
        let stdout = BufReader::new(child.stdout.take()?);
        Some(Gtp {
            child,
            stdin,
            stdout,
        })
    }

    /// Sends one command; returns (success, response text).
    fn cmd(&mut self, c: &str) -> (bool, String) {
        writeln!(self.stdin, "{c}").unwrap();
        self.stdin.flush().unwrap();
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "gnugo closed its output after '{c}'");
            if line.trim().is_empty() && !text.is_empty() {
                break;
            }
            text.push_str(&line);
        }
        let ok = text.starts_with('=');
        (ok, text[1..].trim().to_string())
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn stones(board: &Board, gtp: &mut Gtp, c: Color) -> Vec<Point> {
    let (ok, text) = gtp.cmd(&format!("list_stones {}", color_name(c)));
    assert!(ok, "list_stones failed: {text}");
    let mut v: Vec<Point> = text
        .split_whitespace()
        .map(|v| {
            board
                .parse_point(v)
                .unwrap_or_else(|| panic!("gnugo vertex '{v}'"))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn gnugo_agrees_on_legality_and_captures() {
    if !std::path::Path::new(GNUGO).exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{GNUGO} is missing; .ci/run must install the Debian package gnugo"
        );
        eprintln!("skipping: {GNUGO} is not installed (apt-get install gnugo)");
        return;
    }
    let mut gtp = Gtp::start().expect("gnugo starts");
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut checked_plays = 0usize;
    let mut captures = 0usize;
    for size in 2..=5usize {
        let board = Arc::new(Board::rect(size, size).unwrap());
        assert!(gtp.cmd(&format!("boardsize {size}")).0);
        for _game in 0..12 {
            assert!(gtp.cmd("clear_board").0);
            let mut g = StandardGame::new(board.clone(), Rules::new(Ruleset::Basic));
            for _ply in 0..(6 * size * size) {
                let c = g.to_move();
                // Legality of every empty point, both engines.
                for p in g.position().empty(&board) {
                    let ours = g.is_legal(Move::Play(p));
                    let (ok, text) = gtp.cmd(&format!(
                        "is_legal {} {}",
                        color_name(c),
                        board.point_name(p)
                    ));
                    assert!(ok, "is_legal failed: {text}");
                    let theirs = text == "1";
                    assert_eq!(
                        ours,
                        theirs,
                        "{size}x{size}: {c} at {} legal? kosolve {ours}, gnugo {theirs}, after {:?}\n{}",
                        board.point_name(p),
                        g.moves().iter().map(|m| m.name(&board)).collect::<Vec<_>>(),
                        g.position().diagram(&board)
                    );
                    checked_plays += 1;
                }
                let moves = g.legal_move_list();
                let plays: Vec<Move> = moves.iter().copied().filter(|m| *m != Move::Pass).collect();
                // Mostly board plays; now and then a pass (never two in a row, which ends the game).
                let last_pass = g.moves().last() == Some(&Move::Pass);
                let m = if plays.is_empty() || (!last_pass && rng.below(10) == 0) {
                    Move::Pass
                } else {
                    plays[rng.below(plays.len())]
                };
                if m == Move::Pass && last_pass {
                    break;
                }
                let before = g.position().occupied().count();
                g.play(m);
                let (ok, text) = gtp.cmd(&format!("play {} {}", color_name(c), m.name(&board)));
                assert!(
                    ok,
                    "gnugo refused {} {}: {text}",
                    color_name(c),
                    m.name(&board)
                );
                if g.position().occupied().count() < before + 1 && m != Move::Pass {
                    captures += 1;
                }
                let pos = g.position();
                assert_eq!(
                    stones(&board, &mut gtp, Color::Black),
                    pos.black.iter().collect::<Vec<_>>()
                );
                assert_eq!(
                    stones(&board, &mut gtp, Color::White),
                    pos.white.iter().collect::<Vec<_>>()
                );
            }
        }
    }
    // The games must have exercised captures, or the test proves little.
    assert!(
        captures > 50,
        "only {captures} captures in the random games"
    );
    assert!(checked_plays > 1000);
}
