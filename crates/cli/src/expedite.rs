//! `kosolve expedite`: Ultimate Go's expedited counting ("The Analysis of
//! Ultimate Go", section VIII) from a position after the first delay
//! (docs/rules.md, "Expedited counting (`kosolve expedite`)").

use crate::common::{check_max_seconds, parse_board, CliError, Format};
use crate::interrupt::interrupt_token;
use crate::start::{parse_color, parse_prisoners};
use kosolve_board::{Bitboard, Color, Position};
use kosolve_expedite::{
    exact_dead_within, exact_within, expedite_within, parse_points, Budget, Delays, Input, Options,
};
use kosolve_rules::Komi;
use serde_json::json;

/// Options of `kosolve expedite`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (e.g. 1x5, 2x2), `AxBxC`, `ring:N` or `graph:FILE`.
    #[arg(long)]
    board: String,
    /// The position: rows top first joined by `/`; `X` black, `O` white, `.` empty.
    #[arg(long)]
    position: String,
    /// The player to move: black or white.
    #[arg(long, default_value = "black")]
    to_move: String,
    /// Regular prisoners held, `B,W` (komi adds to them).
    #[arg(long, default_value = "0,0")]
    prisoners: String,
    /// Which ultimate prisoners are spent, `b,w` as 0 or 1 (default: the
    /// player not to move made the first delay).
    #[arg(long)]
    ultimate_spent: Option<String>,
    /// With both ultimate prisoners spent: who spent hers first (she may
    /// declare a draw).
    #[arg(long)]
    first_delay: Option<String>,
    /// Dead stones: point names `A1,B2`, or `exact` for the stones the
    /// exact ultimate-simple principal variation captures (default: none).
    #[arg(long)]
    dead: Option<String>,
    /// Komi, a multiple of 0.5 (default 0).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// The amended variant: before any delay, the first player to reach
    /// step 1 makes the first delay.
    #[arg(long)]
    amended: bool,
    /// Also solve the state exactly under ultimate-simple and show its outcome.
    #[arg(long)]
    compare: bool,
    /// Give up after about this many seconds (Ctrl-C also stops it).
    #[arg(long)]
    max_seconds: Option<f64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

fn parse_spent(s: &str) -> Result<[bool; 2], CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--ultimate-spent must be `b,w` with 0 or 1 (got '{s}')"
        ))
    };
    let (b, w) = s.split_once(',').ok_or_else(bad)?;
    let f = |x: &str| match x.trim() {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(bad()),
    };
    Ok([f(b)?, f(w)?])
}

/// Runs `kosolve expedite`.
pub fn run(a: Args) -> Result<(), CliError> {
    let board = parse_board(&a.board)?;
    let position = Position::from_diagram(&board, &a.position)
        .map_err(|e| CliError::Usage(format!("--position: {e}")))?;
    let to_move = parse_color(&a.to_move)?;
    let prisoners = parse_prisoners(&a.prisoners)?;
    let komi: Komi = a.komi.as_deref().unwrap_or("0").parse()?;
    let spent = match &a.ultimate_spent {
        Some(s) => parse_spent(s)?,
        None => {
            let mut s = [false; 2];
            s[to_move.opponent().index()] = true;
            s
        }
    };
    let delays = match spent {
        [false, false] => Delays::None,
        [true, false] => Delays::First(Color::Black),
        [false, true] => Delays::First(Color::White),
        [true, true] => Delays::Both {
            first: parse_color(a.first_delay.as_deref().ok_or_else(|| {
                CliError::Usage(
                    "both ultimate prisoners are spent: say who spent hers first with --first-delay"
                        .into(),
                )
            })?)?,
        },
    };
    let mut input = Input {
        board: board.clone(),
        position,
        to_move,
        prisoners,
        delays,
        komi,
        dead: Bitboard::EMPTY,
    };
    check_max_seconds(a.max_seconds)?;
    let budget = Budget::unlimited()
        .with_seconds(a.max_seconds)
        .with_cancel(interrupt_token());
    let err = |e: kosolve_expedite::ExpediteError| CliError::Refused(e.to_string());
    input.dead = match a.dead.as_deref() {
        None => Bitboard::EMPTY,
        Some("exact") => exact_dead_within(&input, &budget).map_err(err)?,
        Some(s) => parse_points(&board, s).map_err(CliError::Usage)?,
    };
    let dead_names: Vec<String> = input.dead.iter().map(|p| board.point_name(p)).collect();
    let opts = Options {
        amended: a.amended,
        ..Options::default()
    };
    let e = expedite_within(&input, &opts, &budget).map_err(err)?;
    let exact_outcome = if a.compare {
        let (v, _) = exact_within(&input, &budget).map_err(err)?;
        Some(e.outcome_of(v).to_string())
    } else {
        None
    };
    let scores: Vec<i32> = e.scores.iter().copied().collect();
    let outcomes: Vec<String> = e.outcomes().iter().map(|o| o.to_string()).collect();
    match a.format {
        Format::Json => {
            let mut j = json!({
                "board": board.name(),
                "position": position.diagram_line(&board),
                "to_move": to_move.to_string(),
                "komi": komi.to_string(),
                "dead": dead_names,
                "scores": scores,
                "unanimous": e.score().is_some(),
                "outcomes": outcomes,
            });
            if let Some(x) = exact_outcome {
                j["exact_outcome"] = json!(x);
            }
            println!("{j}");
        }
        Format::Text => {
            println!(
                "expedited counting on {} at komi {komi}: dead [{}]",
                board.name(),
                dead_names.join(",")
            );
            match e.score() {
                Some(s) => println!("score {s:+} ({})", e.outcome_of(s)),
                None => println!(
                    "the choices give different scores: {scores:?} ({})",
                    outcomes.join(", ")
                ),
            }
            if let Some(x) = exact_outcome {
                println!("exact ultimate-simple outcome: {x}");
            }
        }
    }
    Ok(())
}
