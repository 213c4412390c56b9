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

impl Resolved {
    /// The rules of `--rules`, `--suicide` and `--komi`, the komi falling
    /// back to the record's.
    pub fn rules(
        &self,
        rules: &str,
        suicide: Option<&str>,
        komi: Option<&str>,
    ) -> Result<kosolve_rules::Rules, CliError> {
        let komi = komi.or(self.record_komi.as_deref());
        crate::common::parse_rules(rules, suicide, komi)
    }
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

#[cfg(test)]
mod tests {
    //! Fuzzing the start options as `solve` and `count` read them: a
    //! board, a diagram, a player, prisoners or a game record, each valid,
    //! mutated or on an edge, then the setup played under every ruleset.

    use super::*;
    use kosolve_rules::{Rules, Ruleset};
    use proptest::prelude::*;
    use std::path::PathBuf;

    /// Game records to mutate.
    const RECORDS: &[&str] = &[
        "(;GM[1]FF[4]SZ[3]KM[0.5]PL[W]AB[aa][bb]AW[cb]AE[cc];W[ca];B[](;W[ab];B[ac])(;W[tt]))",
        "(;SZ[4:2]AB[aa:bb]AW[da];B[cb];W[ca];B[];W[])",
        "(;SZ[2];B[aa];W[bb];B[ab];W[ba];B[];W[])",
        "(;SZ[5:1];B[ba];W[da];B[aa];W[ea])",
    ];

    /// Values for `--to-move` and `--prisoners`.
    const WORDS: &[&str] = &[
        "black",
        "W",
        "",
        "red",
        "0,0",
        "3,1",
        "1000,0",
        "1001,0",
        ",",
        "4294967296,0",
        "-1,2",
        "1,2,3",
    ];

    /// `text` after `edits` (kinds 0-3: insert, delete, replace, truncate;
    /// kosolve_testkit::mutate), invalid UTF-8 replaced.
    fn mutate(text: &str, edits: &[(u8, usize, u8)]) -> String {
        kosolve_testkit::mutate(text, edits, &[])
    }

    /// A scratch file of this process for test `tag`.
    fn scratch(tag: &str) -> PathBuf {
        std::env::temp_dir().join(format!("kosolve-start-{tag}-{}", std::process::id()))
    }

    /// Resolves the options; an error must have a message, and a start
    /// must be playable or refused with a message under every ruleset.
    fn resolve_checked(board: Option<&str>, args: &StartArgs) -> Result<(), TestCaseError> {
        match resolve(board, args) {
            Ok(r) => {
                for ruleset in Ruleset::ALL {
                    if let Err(e) = r.setup.game(r.board.clone(), Rules::new(ruleset)) {
                        prop_assert!(!e.to_string().is_empty(), "{e:?}");
                    }
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty(), "{e:?}"),
        }
        Ok(())
    }

    fn edits() -> impl Strategy<Value = Vec<(u8, usize, u8)>> {
        kosolve_testkit::edits(b"XO./ ()[];:BWAEabcdt01239", 4, 0..5)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(150))]

        /// `--board`, `--position`, `--to-move` and `--prisoners`.
        #[test]
        fn positions_never_panic(
            board in prop::sample::select(vec!["2x2", "1x3", "2x3", "ring:4", "3x", "0x2"]),
            cells in prop::collection::vec(prop::sample::select(vec!['X', 'O', '.']), 6),
            diagram_edits in edits(),
            to_move in prop::option::of(prop::sample::select(WORDS)),
            prisoners in prop::option::of(prop::sample::select(WORDS)),
        ) {
            let n = kosolve_board::Board::parse(board).map_or(4, |b| b.len());
            let diagram: String = cells.iter().cycle().take(n).collect();
            let diagram = mutate(&diagram, &diagram_edits);
            let args = StartArgs {
                position: Some(diagram),
                to_move: to_move.map(String::from),
                prisoners: prisoners.map(String::from),
                game: None,
            };
            resolve_checked(Some(board), &args)?;
        }

        /// `--game FILE` with a mutated record (the bytes as written, so
        /// invalid UTF-8 too).
        #[test]
        fn game_records_never_panic(
            record in 0..RECORDS.len(),
            record_edits in edits(),
            prisoners in prop::option::of(prop::sample::select(WORDS)),
        ) {
            let path = scratch("record");
            std::fs::write(
                &path,
                kosolve_testkit::mutate_bytes(RECORDS[record].as_bytes(), &record_edits, &[]),
            )
            .unwrap();
            let args = StartArgs {
                position: None,
                to_move: None,
                prisoners: prisoners.map(String::from),
                game: Some(path.display().to_string()),
            };
            resolve_checked(None, &args)?;
        }
    }

    #[test]
    fn the_records_resolve() {
        for (i, r) in RECORDS.iter().enumerate() {
            let path = scratch(&format!("seed{i}"));
            std::fs::write(&path, r).unwrap();
            let args = StartArgs {
                game: Some(path.display().to_string()),
                ..StartArgs::default()
            };
            let resolved = resolve(None, &args).unwrap_or_else(|e| panic!("{r}: {e}"));
            resolved
                .setup
                .game(resolved.board.clone(), Rules::new(Ruleset::Psk))
                .unwrap_or_else(|e| panic!("{r}: {e}"));
            let _ = std::fs::remove_file(path);
        }
    }
}
