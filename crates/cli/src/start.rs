//! The start options shared by `solve` and `count`: `--position`,
//! `--to-move`, `--prisoners` and `--game` (docs/rules.md, "Starting from a
//! position").

use crate::common::{parse_board, CliError};
use kosolve_board::{Board, Color, Position};
use kosolve_rules::{Move, Setup, Start};
use std::sync::Arc;

/// Where a solve or a count starts.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct StartArgs {
    /// Start from this position instead of the empty board: the rows top
    /// first, joined by `/`; `X` black, `O` white, `.` empty (e.g.
    /// `--board 2x3 --position 'XO./.X.'`).
    #[arg(long, conflicts_with = "game")]
    pub position: Option<String>,
    /// The player to move at `--position`: black or white (default black).
    #[arg(long, requires = "position")]
    pub to_move: Option<String>,
    /// Fundamental and Ultimate Go: the prisoners each player holds at the
    /// start, `B,W` (komi adds to them).
    #[arg(long)]
    pub prisoners: Option<String>,
    /// Start from a game record (SGF): the board from SZ, the setup from
    /// AB, AW, AE and PL, then the main line's moves played under the
    /// ruleset (their history counts); komi from KM unless `--komi` is given.
    #[arg(long, conflicts_with = "board")]
    pub game: Option<String>,
}

/// A resolved start: the board, the setup, and the komi the record gives.
#[derive(Debug)]
pub struct Resolved {
    /// The board.
    pub board: Arc<Board>,
    /// The start and the record's moves.
    pub setup: Setup,
    /// The record's KM, if it has one.
    pub record_komi: Option<String>,
}

/// Parses `black`/`white` (or `b`/`w`).
pub fn parse_color(s: &str) -> Result<Color, CliError> {
    match s.trim().to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Color::Black),
        "white" | "w" => Ok(Color::White),
        other => Err(CliError::Usage(format!(
            "--to-move must be black or white (got '{other}')"
        ))),
    }
}

/// Parses `B,W` prisoners.
pub fn parse_prisoners(s: &str) -> Result<[u32; 2], CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--prisoners must be two counts `B,W`, such as 0,2 (got '{s}')"
        ))
    };
    let (b, w) = s.split_once(',').ok_or_else(bad)?;
    let n = |x: &str| x.trim().parse::<u32>().map_err(|_| bad());
    let (b, w) = (n(b)?, n(w)?);
    if b > 1000 || w > 1000 {
        return Err(CliError::Usage(format!(
            "--prisoners: at most 1000 in a bowl (got '{s}')"
        )));
    }
    Ok([b, w])
}

/// Resolves `--board` and the start options. Checks the diagram's shape
/// and characters, but not the rules (each ruleset checks its own start).
pub fn resolve(board: Option<&str>, args: &StartArgs) -> Result<Resolved, CliError> {
    let prisoners = args
        .prisoners
        .as_deref()
        .map(parse_prisoners)
        .transpose()?
        .unwrap_or([0, 0]);
    if let Some(path) = &args.game {
        let text = std::fs::read(path)
            .map_err(|e| CliError::Io(format!("cannot read game record {path}: {e}")))?;
        let text = String::from_utf8_lossy(&text);
        let rec = kosolve_sgf::parse(&text)
            .map_err(|e| CliError::Usage(format!("game record {path}: {e}")))?;
        let to_move = rec
            .to_move
            .or_else(|| rec.moves.first().map(|m| m.color))
            .unwrap_or(Color::Black);
        let mut moves = Vec::with_capacity(rec.moves.len());
        let mut c = to_move;
        for m in &rec.moves {
            if m.color != c {
                return Err(CliError::Usage(format!(
                    "game record {path}: move {} is by {} but {} is to move (players alternate)",
                    m.number, m.color, c
                )));
            }
            moves.push(m.point.map_or(Move::Pass, Move::Play));
            c = c.opponent();
        }
        return Ok(Resolved {
            board: Arc::new(rec.board),
            setup: Setup {
                start: Start::new(rec.setup, to_move).with_prisoners(prisoners[0], prisoners[1]),
                moves,
            },
            record_komi: rec.komi,
        });
    }
    let board = parse_board(board.ok_or_else(|| {
        CliError::Usage("give the board with --board (or a game record with --game)".into())
    })?)?;
    let to_move = args
        .to_move
        .as_deref()
        .map(parse_color)
        .transpose()?
        .unwrap_or(Color::Black);
    let position = match &args.position {
        Some(d) => Position::from_diagram(&board, d)
            .map_err(|e| CliError::Usage(format!("--position: {e}")))?,
        None => Position::EMPTY,
    };
    Ok(Resolved {
        board,
        setup: Setup::at(Start::new(position, to_move).with_prisoners(prisoners[0], prisoners[1])),
        record_komi: None,
    })
}
