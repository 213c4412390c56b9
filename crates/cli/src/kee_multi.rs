//! `kosolve solve --rules kee --players K` for K = 3 or 4: each player's
//! guarantee with a line of play, and the winner analysis (docs/rules.md,
//! "Kee with more than two players"; solved as in docs/kee.md, "Kee with
//! more than two players"). `--players 2` stays the two-player solve.

use crate::common::{CliError, Format};
use kosolve_board::{Board, Suicide};
use kosolve_keemulti::parity::Graph;
use kosolve_keemulti::{turn_name, KeeMultiError, KeeRules, Payoff, Player};
use serde_json::json;
use std::fmt::Write as _;
use std::time::Instant;

/// Bytes one game situation costs while its graph is built and solved (a
/// generous measure of the peak, docs/kee.md).
const BYTES_PER_SITUATION: u64 = 200;

/// What `kosolve solve` passes on for more than two players.
#[derive(Debug)]
pub struct Request {
    /// The `--board` argument, if given.
    pub board: Option<String>,
    /// The number of players.
    pub players: usize,
    /// The `--suicide` argument, if given.
    pub suicide: Option<String>,
    /// Output format.
    pub format: Format,
    /// The memory cap in MiB.
    pub memory_mib: usize,
    /// Options given that do not apply to more than two players.
    pub unsupported: Vec<&'static str>,
}

/// One player's answers.
struct PlayerAnswer {
    player: Player,
    guarantee: i32,
    margin: i32,
    line: Vec<String>,
    line_scores: Vec<u32>,
}

fn solver_error(e: KeeMultiError) -> CliError {
    match e {
        KeeMultiError::CheckFailed(s) => CliError::Internal(format!(
            "internal error (a bug in kosolve): kee with more than two players: {s}"
        )),
        KeeMultiError::TooLarge(_) | KeeMultiError::TooManyPositions(_) => CliError::Refused(
            format!("{e}; a larger --memory raises the cap (docs/kee.md)"),
        ),
        e => CliError::Refused(e.to_string()),
    }
}

/// Runs the solve.
pub fn run(r: Request) -> Result<(), CliError> {
    let k = r.players;
    if !(3..=kosolve_keemulti::MAX_PLAYERS).contains(&k) {
        return Err(CliError::Usage(format!(
            "--players must be 2, 3 or 4 (got {k})"
        )));
    }
    if let Some(flag) = r.unsupported.first() {
        return Err(CliError::Usage(format!(
            "{flag} is not available with --players {k}"
        )));
    }
    let Some(spec) = r.board.as_deref() else {
        return Err(CliError::Usage(format!("--players {k} needs --board")));
    };
    let board = Board::parse(spec)?;
    let suicide: Suicide = match r.suicide.as_deref() {
        Some(s) => s.parse().map_err(CliError::Usage)?,
        None => Suicide::Forbidden,
    };
    let rules = KeeRules::new(k, suicide).map_err(|e| CliError::Usage(e.to_string()))?;
    let cap = (r.memory_mib as u64).saturating_mul(1 << 20) / BYTES_PER_SITUATION;
    let t = Instant::now();
    let g = Graph::build(&board, rules, cap.max(1)).map_err(solver_error)?;
    let mut answers = Vec::new();
    for p in Player::all(k) {
        let score = g.solve(&board, p, Payoff::Score).map_err(solver_error)?;
        let margin = g.solve(&board, p, Payoff::Margin).map_err(solver_error)?;
        answers.push(PlayerAnswer {
            player: p,
            guarantee: score.value,
            margin: margin.value,
            line: score.pv.iter().map(|&m| turn_name(&board, m)).collect(),
            line_scores: score.scores,
        });
    }
    let seconds = t.elapsed().as_secs_f64();
    let out = Outcome {
        board: &board,
        k,
        suicide,
        graph: &g,
        answers: &answers,
        seconds,
    };
    match r.format {
        Format::Json => println!("{}", out.json()),
        Format::Text => print!("{}", out.text()),
    }
    Ok(())
}

/// What a k-player solve found, for printing.
struct Outcome<'a> {
    board: &'a Board,
    k: usize,
    suicide: Suicide,
    graph: &'a Graph,
    answers: &'a [PlayerAnswer],
    seconds: f64,
}

impl Outcome<'_> {
    /// The player who can force a strict win (docs/rules.md: a margin of
    /// at least 1), if any.
    fn winner(&self) -> Option<Player> {
        self.answers
            .iter()
            .find(|a| a.margin >= 1)
            .map(|a| a.player)
    }

    /// The players who can each prevent the others from winning (a
    /// margin of at least 0).
    fn preventers(&self) -> Vec<Player> {
        self.answers
            .iter()
            .filter(|a| a.margin >= 0)
            .map(|a| a.player)
            .collect()
    }

    /// The JSON answer: a guarantee per player, the winner analysis, the graph.
    fn json(&self) -> serde_json::Value {
        let players: Vec<_> = self
            .answers
            .iter()
            .map(|a| {
                json!({
                    "player": a.player.name(),
                    "letter": a.player.letter().to_string(),
                    "guarantee": a.guarantee,
                    "margin": a.margin,
                    "strict_win": a.margin >= 1,
                    "prevents_others_winning": a.margin >= 0,
                    "pv": a.line,
                    "pv_scores": a.line_scores,
                })
            })
            .collect();
        let g = self.graph;
        json!({
            "board": self.board.name(),
            "rules": "kee",
            "players": self.k,
            "suicide": self.suicide.name(),
            "guarantees": players,
            "winner": self.winner().map(|p| p.name()),
            "prevent_winning": self.preventers().iter().map(|p| p.name()).collect::<Vec<_>>(),
            "situations": g.situations(),
            "edges": g.edges(),
            "positions": g.positions(),
            "seconds": self.seconds,
        })
    }

    /// The text answer.
    fn text(&self) -> String {
        let (k, g) = (self.k, self.graph);
        let mut t = String::new();
        let names: Vec<String> = Player::all(k)
            .map(|p| format!("{} {}", p.name(), p.letter()))
            .collect();
        let _ = writeln!(
            t,
            "board {}, rules kee, {k} players ({}), suicide {}",
            self.board.name(),
            names.join(", "),
            self.suicide.name()
        );
        let _ = writeln!(
            t,
            "graph: {} positions, {} situations, {} edges; {:.2} s",
            g.positions(),
            g.situations(),
            g.edges(),
            self.seconds
        );
        let _ = writeln!(
            t,
            "guarantees (each player against the coalition of the others):"
        );
        for a in self.answers {
            let scores: Vec<String> = a.line_scores.iter().map(u32::to_string).collect();
            let _ = writeln!(
                t,
                "  {}: {} (margin {:+}); line: {} (scores {})",
                a.player.name(),
                a.guarantee,
                a.margin,
                a.line.join(" "),
                scores.join("-")
            );
        }
        match self.winner() {
            Some(p) => {
                let _ = writeln!(t, "winner: {} can force a strict win", p.name());
            }
            None => {
                let list: Vec<&str> = self.preventers().iter().map(|p| p.name()).collect();
                let _ = writeln!(
                    t,
                    "winner: no player can force a strict win; can prevent the others from winning: {}",
                    if list.is_empty() {
                        "none".to_string()
                    } else {
                        list.join(", ")
                    }
                );
            }
        }
        t
    }
}
