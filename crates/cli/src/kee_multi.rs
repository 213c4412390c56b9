//! `kosolve solve --rules kee --players K` for K = 3 or 4: each player's
//! guarantee with a line of play, and the winner analysis (docs/rules.md,
//! "Kee with more than two players"; solved as in docs/kee.md, "Kee with
//! more than two players"). Where the whole situation graph outgrows
//! `--memory`, restricted games bound each answer (docs/kee.md,
//! "Restricted games for more than two players"). Forgetful games come
//! first (docs/kee.md, "Forgetful games for more than two players"): where
//! they settle every answer, nothing else is built. `--players 2` stays the
//! two-player solve.

use crate::common::{CliError, Format};
use kosolve_board::{Board, Suicide};
use kosolve_kee::players::forgetful::Forgetful;
use kosolve_kee::players::restricted::{self, Bounds, PlayersSolution, Settled, FORGETFUL_WINDOW};
use kosolve_kee::players::{turn_name, KeeRules, Payoff, Player, PlayersError};
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
    /// The nodes (situations built), seconds and Ctrl-C token of the solve.
    pub limits: kosolve_solver::Limits,
    /// Options given that do not apply to more than two players.
    pub unsupported: Vec<&'static str>,
}

/// One player's answers: proven bounds (equal where exact) and the line
/// of the game that proved the guarantee's lower bound.
struct PlayerAnswer {
    player: Player,
    guarantee: (i32, i32),
    margin: (i32, i32),
    line: Vec<String>,
    line_scores: Vec<u32>,
}

impl PlayerAnswer {
    fn of(board: &Board, player: Player, bounds: &[Bounds]) -> PlayerAnswer {
        let range = |b: &Bounds| (b.lower.value, b.upper.value);
        let (g, m) = (&bounds[0], &bounds[1]);
        // A forgetful game's line is a line of that game, not of Kee: none
        // is shown for it.
        let line = g
            .lower
            .line
            .as_ref()
            .filter(|_| g.lower.forgetful == Forgetful::NONE);
        PlayerAnswer {
            player,
            guarantee: range(g),
            margin: range(m),
            line: line.map_or_else(Vec::new, |a| {
                a.pv.iter().map(|&t| turn_name(board, t)).collect()
            }),
            line_scores: line.map_or_else(Vec::new, |a| a.scores.clone()),
        }
    }

    /// Whether she can force a strict win (a margin of at least 1):
    /// `None` where the bounds do not settle it.
    fn strict_win(&self) -> Option<bool> {
        settled(self.margin, 1)
    }

    /// Whether she can prevent the others from winning (a margin of at
    /// least 0): `None` where the bounds do not settle it.
    fn prevents(&self) -> Option<bool> {
        settled(self.margin, 0)
    }
}

/// Whether a value within `(lo, hi)` is at least `t`, where the bounds say.
fn settled((lo, hi): (i32, i32), t: i32) -> Option<bool> {
    if lo >= t {
        Some(true)
    } else if hi < t {
        Some(false)
    } else {
        None
    }
}

/// An exact value as a number, bounds as `[lo, hi]`.
fn range_text((lo, hi): (i32, i32), signed: bool) -> String {
    let f = |v: i32| {
        if signed {
            format!("{v:+}")
        } else {
            v.to_string()
        }
    };
    if lo == hi {
        f(lo)
    } else {
        format!("[{}, {}]", f(lo), f(hi))
    }
}

fn solver_error(e: PlayersError) -> CliError {
    match e {
        PlayersError::CheckFailed(s) => CliError::Internal(format!(
            "internal error (a bug in kosolve): kee with more than two players: {s}"
        )),
        PlayersError::TooLarge(_) | PlayersError::TooManyPositions(_) => CliError::Refused(
            format!("{e}; a larger --memory raises the cap (docs/kee.md)"),
        ),
        e => CliError::Refused(e.to_string()),
    }
}

/// Runs the solve.
pub fn run(r: Request) -> Result<(), CliError> {
    let k = r.players;
    if !(3..=kosolve_kee::players::MAX_PLAYERS).contains(&k) {
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
    let payoffs = [Payoff::Score, Payoff::Margin];
    // The library tries the small full graph, forgetful games, then the
    // full graph under the whole cap and restricted games, each only where
    // the ones before leave an answer open.
    let budget = r.limits.budget();
    let (sol, method) = restricted::solve_escalating_within(&board, rules, &payoffs, cap, &budget)
        .map_err(solver_error)?;
    let answers: Vec<PlayerAnswer> = sol
        .players
        .iter()
        .map(|pb| PlayerAnswer::of(&board, pb.player, &pb.bounds))
        .collect();
    let seconds = t.elapsed().as_secs_f64();
    let out = Outcome {
        board: &board,
        method,
        k,
        suicide,
        solution: &sol,
        cap,
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
    /// The games that gave the answer.
    method: Settled,
    k: usize,
    suicide: Suicide,
    solution: &'a PlayersSolution,
    cap: u64,
    answers: &'a [PlayerAnswer],
    seconds: f64,
}

impl Outcome<'_> {
    /// `solved`, `interrupted` (Ctrl-C) or `unsolved` (a limit), as `kosolve
    /// solve` says for two players.
    fn status(&self) -> &'static str {
        match self.solution.stopped {
            _ if self.solved() => "solved",
            Some(why) => why.status(),
            None => "unsolved",
        }
    }

    /// Whether every answer is exact.
    fn solved(&self) -> bool {
        self.answers
            .iter()
            .all(|a| a.guarantee.0 == a.guarantee.1 && a.margin.0 == a.margin.1)
    }

    /// The player who can force a strict win (docs/rules.md: a margin of
    /// at least 1), if the bounds show one.
    fn winner(&self) -> Option<Player> {
        self.answers
            .iter()
            .find(|a| a.strict_win() == Some(true))
            .map(|a| a.player)
    }

    /// The players the bounds show can each prevent the others from
    /// winning (a margin of at least 0).
    fn preventers(&self) -> Vec<Player> {
        self.answers
            .iter()
            .filter(|a| a.prevents() == Some(true))
            .map(|a| a.player)
            .collect()
    }

    /// Whether the bounds settle, for every player, whether she can force
    /// a strict win and whether she can prevent the others from winning.
    fn winner_settled(&self) -> bool {
        self.answers
            .iter()
            .all(|a| a.strict_win().is_some() && a.prevents().is_some())
    }

    /// The full graph's situations and edges, where it fitted.
    fn full_graph(&self) -> Option<(usize, usize)> {
        let run = self.solution.full.as_ref()?;
        Some((run.situations?, run.edges))
    }

    /// The JSON answer: a guarantee per player, the winner analysis, the graph.
    fn json(&self) -> serde_json::Value {
        let players: Vec<_> = self
            .answers
            .iter()
            .map(|a| {
                let exact = |(lo, hi): (i32, i32)| (lo == hi).then_some(lo);
                json!({
                    "player": a.player.name(),
                    "letter": a.player.letter().to_string(),
                    "guarantee": exact(a.guarantee),
                    "guarantee_bounds": [a.guarantee.0, a.guarantee.1],
                    "margin": exact(a.margin),
                    "margin_bounds": [a.margin.0, a.margin.1],
                    "strict_win": a.strict_win(),
                    "prevents_others_winning": a.prevents(),
                    "pv": a.line,
                    "pv_scores": a.line_scores,
                })
            })
            .collect();
        let full = self.full_graph();
        json!({
            "board": self.board.name(),
            "rules": "kee",
            "players": self.k,
            "suicide": self.suicide.name(),
            "status": self.status(),
            "stopped": self.solution.stopped.map(|s| s.name()),
            "situations_built": self.solution.situations_built,
            "method": self.method.name(),
            "guarantees": players,
            "winner": self.winner().map(|p| p.name()),
            "winner_settled": self.winner_settled(),
            "prevent_winning": self.preventers().iter().map(|p| p.name()).collect::<Vec<_>>(),
            "situations": full.map(|f| f.0),
            "edges": full.map(|f| f.1),
            "seconds": self.seconds,
        })
    }

    /// The text answer.
    fn text(&self) -> String {
        let k = self.k;
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
        let _ = match self.full_graph() {
            None if self.solution.stopped.is_some() => writeln!(
                t,
                "stopped during the {} (docs/kee.md); {:.2} s",
                self.method, self.seconds
            ),
            Some((situations, edges)) => writeln!(
                t,
                "graph: {situations} situations, {edges} edges; {:.2} s",
                self.seconds
            ),
            None if self.method == Settled::ForgetfulGames => writeln!(
                t,
                "forgetful games (each side held in turn, the other remembering its latest \
                 {FORGETFUL_WINDOW} positions; docs/kee.md); {:.2} s",
                self.seconds
            ),
            None => writeln!(
                t,
                "graph: more than {} situations (--memory), so bounds from restricted games \
                 (docs/kee.md); {:.2} s",
                self.cap, self.seconds
            ),
        };
        if let Some(why) = self.solution.stopped {
            let _ = writeln!(
                t,
                "stopped by: {why}; the bounds are those the games finished before proved"
            );
        }
        let _ = writeln!(
            t,
            "guarantees (each player against the coalition of the others):"
        );
        for a in self.answers {
            let scores: Vec<String> = a.line_scores.iter().map(u32::to_string).collect();
            let line = if a.line.is_empty() {
                "none (the lower bound holds whatever anyone plays)".to_string()
            } else {
                format!("{} (scores {})", a.line.join(" "), scores.join("-"))
            };
            let _ = writeln!(
                t,
                "  {}: {} (margin {}); line: {line}",
                a.player.name(),
                range_text(a.guarantee, false),
                range_text(a.margin, true),
            );
        }
        match self.winner() {
            Some(p) => {
                let _ = writeln!(t, "winner: {} can force a strict win", p.name());
            }
            None if !self.winner_settled() => {
                let _ = writeln!(t, "winner: not settled by the bounds");
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
