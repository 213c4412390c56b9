//! `kosolve gtp`: a perfect player speaking GTP 2 (the Go Text Protocol)
//! on standard input and output (docs/gtp.md).
//!
//! The engine keeps the whole game as an [`AnyGame`], so every ko rule sees
//! the history it reads; `genmove` solves the game from its current state
//! with that history and plays the first move of the principal variation,
//! which keeps the exact value.

use crate::common::{parse_board, parse_rules, rules_help, CliError};
use crate::gtp_analyze::{Events, Format, Job};
use crate::gtp_kata::KataRules;
use kosolve_board::{Board, Cell, Color, Point, Shape, Suicide};
use kosolve_rules::{AnyGame, Game, GameResult, Komi, Move, Rules, Ruleset, Setup, Start};
use kosolve_solver::{default_memory_mib, solve_game_with, Cancel, SolveOptions, Tables};
use kosolve_solver::{Limits, SearchSettings};
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

/// Options of `kosolve gtp`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[arg(
        long,
        default_value = "psk",
        help = rules_help(
            &[Ruleset::Basic],
            " (`basic` is not offered: its games may never end)."
        )
    )]
    rules: String,
    /// Suicide: forbidden or allowed (default: the ruleset's own).
    #[arg(long)]
    suicide: Option<String>,
    /// Komi, a multiple of 0.5 (default 0).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// Board until the controller sets one: `RxC` (e.g. 3x3, 1x5), `AxBxC`, `ring:N`
    /// or `graph:FILE`.
    #[arg(long, default_value = "3x3")]
    board: String,
    /// Threads per solve (moves do not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table cap in MiB (default: a quarter of the RAM).
    #[arg(long)]
    memory: Option<usize>,
    /// Seconds per genmove; where the position is not solved in time, the
    /// move is chosen from the proven bounds and said to be unproven.
    #[arg(long)]
    max_seconds: Option<f64>,
}

/// Every command the engine knows, in the order `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "rectangular_boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "kgs-rules",
    "kosolve-rules",
    "kosolve-delay",
    "kosolve-ultimate-delay",
    "kosolve-draw",
    "kosolve-genmove",
    "lz-analyze",
    "kata-analyze",
    "kata-set-rules",
    "kata-set-rule",
    "kata-get-rules",
];

/// The GTP engine: the board, the rules, the game with its whole history,
/// and the solver's options.
pub struct Engine {
    board: Arc<Board>,
    rules: Rules,
    game: AnyGame,
    /// How many game moves each GTP move made (2 where a pass was put in
    /// for the other side), so that `undo` takes back what the controller
    /// sees as one move.
    undo_stack: Vec<usize>,
    opts: SolveOptions,
    /// The solver's tables, kept from move to move of one game (every
    /// entry is exact whatever the root; docs/solver.md, "Keeping the
    /// tables between solves"); dropped with the game.
    tables: Option<Tables>,
    /// Set by `quit`.
    pub quit: bool,
}

/// A command's answer: the text after `=`, or an error message after `?`.
type Reply = Result<String, String>;

/// Refuses the rulesets the engine cannot play.
fn check_playable(rules: &Rules) -> Result<(), String> {
    if rules.ruleset == Ruleset::Basic {
        return Err(
            "ruleset basic is not offered over GTP: its games may repeat forever, and its \
             solver (retrograde analysis) starts from the empty board only; basic-fixed adds \
             fixed ko, which ends every game"
                .into(),
        );
    }
    Ok(())
}

/// Whether the ruleset has delays (Fundamental and Ultimate Go).
fn has_delay(ruleset: Ruleset) -> bool {
    ruleset.family() == kosolve_rules::Family::Fundamental
}

/// Half points as a GTP score: `B+3`, `W+0.5`, `0`.
fn score_text(halves: i32) -> String {
    match halves.cmp(&0) {
        std::cmp::Ordering::Greater => format!("B+{}", Komi(halves)),
        std::cmp::Ordering::Less => format!("W+{}", Komi(-halves)),
        std::cmp::Ordering::Equal => "0".into(),
    }
}

/// A GTP colour: `b`, `black`, `w`, `white` (any case).
pub(crate) fn parse_color(s: &str) -> Option<Color> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// GTP 2 preprocessing of one input line: control characters other than
/// tab and newline dropped, `#` comments cut, tabs made spaces; `None` for
/// a line left empty.
pub fn preprocess(raw: &str) -> Option<String> {
    let kept: String = raw
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .collect();
    let uncommented = kept.split('#').next().unwrap_or("");
    let t = uncommented.replace('\t', " ");
    let t = t.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// A preprocessed line split into its id (all digits), command and arguments.
pub fn split_command(line: &str) -> (Option<&str>, Option<&str>, Vec<&str>) {
    let mut words = line.split_whitespace();
    let first = words.next();
    let (id, command) = match first {
        Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => (Some(w), words.next()),
        other => (None, other),
    };
    (id, command, words.collect())
}

impl Engine {
    /// The engine of the command-line options.
    pub fn new(args: &Args) -> Result<Engine, CliError> {
        let board = parse_board(&args.board)?;
        let rules = parse_rules(&args.rules, args.suicide.as_deref(), args.komi.as_deref())?;
        check_playable(&rules).map_err(CliError::Usage)?;
        if args.threads == 0 || args.threads > 1024 {
            return Err(CliError::Usage(format!(
                "--threads must be between 1 and 1024 (got {})",
                args.threads
            )));
        }
        if args.memory == Some(0) {
            return Err(CliError::Usage("--memory must be at least 1 MiB".into()));
        }
        if let Some(s) = args.max_seconds {
            if !(s >= 0.0 && s.is_finite()) {
                return Err(CliError::Usage(format!(
                    "--max-seconds must be a non-negative number (got {s})"
                )));
            }
        }
        let opts = SolveOptions {
            threads: args.threads,
            memory_mib: args.memory.unwrap_or_else(default_memory_mib),
            limits: Limits {
                max_seconds: args.max_seconds,
                ..Limits::default()
            },
            search: SearchSettings {
                pv: true,
                ..SearchSettings::default()
            },
            ..SolveOptions::default()
        };
        Ok(Engine::with(board, rules, opts))
    }

    /// An engine on `board` under `rules` with these solver options.
    pub fn with(board: Arc<Board>, rules: Rules, opts: SolveOptions) -> Engine {
        Engine {
            game: AnyGame::new(board.clone(), rules),
            board,
            rules,
            undo_stack: Vec::new(),
            opts,
            tables: None,
            quit: false,
        }
    }

    /// Runs one input line; returns the whole response (ending in the
    /// blank line), or `None` for a line GTP ignores (empty or a comment).
    pub fn execute(&mut self, raw: &str) -> Option<String> {
        let line = preprocess(raw)?;
        let (id, command, args) = split_command(&line);
        let id = id.unwrap_or("");
        if let Some(format) = command.and_then(Format::of_command) {
            return Some(match self.analysis_job(format, &args) {
                Ok(job) => match crate::gtp_analyze::run_to_end(&job) {
                    Ok(Some(line)) => format!("={id}\n{}\n\n", clean(&line)),
                    Ok(None) => format!("={id}\n\n"),
                    Err(msg) => format!("?{id} {}\n\n", clean(&msg)),
                },
                Err(msg) => format!("?{id} {}\n\n", clean(&msg)),
            });
        }
        let reply = match command {
            None => Err("empty command".to_string()),
            Some(c) => self.dispatch(c, &args),
        };
        Some(match reply {
            Ok(text) => format!("={id} {}\n\n", clean(&text)),
            Err(msg) => format!("?{id} {}\n\n", clean(&msg)),
        })
    }

    fn dispatch(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("kosolve".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let [c] = args else {
                    return Err("syntax error: known_command COMMAND".into());
                };
                Ok(COMMANDS.contains(c).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => {
                let [n] = args else {
                    return Err("syntax error: boardsize SIZE".into());
                };
                let n = parse_size(n)?;
                self.set_board(n, n)
            }
            "rectangular_boardsize" => {
                let [c, r] = args else {
                    return Err("syntax error: rectangular_boardsize COLUMNS ROWS".into());
                };
                let (c, r) = (parse_size(c)?, parse_size(r)?);
                self.set_board(r, c)
            }
            "clear_board" => {
                self.clear();
                Ok(String::new())
            }
            "komi" => {
                let [k] = args else {
                    return Err("syntax error: komi KOMI".into());
                };
                self.set_komi(k)
            }
            "play" => {
                let [c, v] = args else {
                    return Err("syntax error: play COLOR VERTEX".into());
                };
                let c = parse_color(c).ok_or("invalid color")?;
                let m = self.parse_vertex(v)?;
                self.play(c, m).map(|()| String::new())
            }
            "genmove" | "kosolve-genmove" => {
                let [c] = args else {
                    return Err(format!("syntax error: {command} COLOR"));
                };
                let c = parse_color(c).ok_or("invalid color")?;
                self.genmove(c, command == "kosolve-genmove")
            }
            "kosolve-delay" | "kosolve-ultimate-delay" | "kosolve-draw" => {
                let [c] = args else {
                    return Err(format!("syntax error: {command} COLOR"));
                };
                let c = parse_color(c).ok_or("invalid color")?;
                let m = match command {
                    "kosolve-delay" => Move::Delay,
                    "kosolve-ultimate-delay" => Move::UltimateDelay,
                    _ => Move::DeclareDraw,
                };
                self.play(c, m).map(|()| String::new())
            }
            "undo" => self.undo(),
            "showboard" => Ok(self.showboard()),
            "final_score" => Ok(self.final_score()),
            "kgs-rules" => {
                let [name] = args else {
                    return Err("syntax error: kgs-rules NAME".into());
                };
                let (ruleset, suicide) = match name.to_ascii_lowercase().as_str() {
                    "chinese" => (Ruleset::Psk, None),
                    "aga" => (Ruleset::Ssk, None),
                    "new_zealand" => (Ruleset::Ssk, Some(Suicide::Allowed)),
                    "japanese" => {
                        return Err("unsupported rules: japanese (territory scoring; kosolve \
                                    scores by area)"
                            .into())
                    }
                    _ => return Err(format!("unknown rules '{name}'")),
                };
                let mut rules = Rules::new(ruleset);
                if let Some(s) = suicide {
                    rules = rules.with_suicide(s).map_err(|e| e.to_string())?;
                }
                self.set_rules(rules)
            }
            "kosolve-rules" => {
                let (name, suicide) = match args {
                    [n] => (*n, None),
                    [n, s] => (*n, Some(*s)),
                    _ => return Err("syntax error: kosolve-rules NAME [SUICIDE]".into()),
                };
                let rules = parse_rules(name, suicide, None).map_err(|e| e.to_string())?;
                self.set_rules(rules)
            }
            "kata-set-rules" | "kata-set-rule" | "kata-get-rules" => self.kata_rules(command, args),
            _ => Err("unknown command".into()),
        }
    }

    /// A new game on an R x C board (the same rules).
    fn set_board(&mut self, rows: usize, cols: usize) -> Reply {
        match rows.checked_mul(cols) {
            Some(n) if (1..=kosolve_board::MAX_POINTS).contains(&n) => {}
            _ => return Err("unacceptable size".into()),
        }
        let board = Board::rect(rows, cols).map_err(|_| "unacceptable size".to_string())?;
        self.board = Arc::new(board);
        self.clear();
        Ok(String::new())
    }

    /// The analysis an input line starts, with the command's id, where
    /// the line is an analysis command: `Some(Err(response))` where it
    /// cannot start. A streamed analysis has no time limit but the
    /// controller's.
    fn streaming_job(&self, raw: &str) -> Option<Result<(String, Job), String>> {
        let line = preprocess(raw)?;
        let (id, command, args) = split_command(&line);
        let format = command.and_then(Format::of_command)?;
        let id = id.unwrap_or("").to_string();
        Some(match self.analysis_job(format, &args) {
            Ok(mut job) => {
                // About four months: "until interrupted", and a limit, so
                // boards past the exact search's size are searched too.
                job.opts.limits.max_seconds = Some(1e7);
                Ok((id, job))
            }
            Err(msg) => Err(format!("?{id} {}\n\n", clean(&msg))),
        })
    }

    /// A new game (the same board and rules).
    fn clear(&mut self) {
        self.game = AnyGame::new(self.board.clone(), self.rules);
        self.undo_stack.clear();
        self.tables = None;
    }

    /// New rules (the komi kept): a new game.
    fn set_rules(&mut self, rules: Rules) -> Reply {
        check_playable(&rules)?;
        self.rules = rules.with_komi(self.rules.komi);
        self.clear();
        Ok(String::new())
    }

    /// A new komi: the game's moves are played again under it (they can
    /// depend on it in Fundamental and Ultimate Go, where komi is prisoners).
    fn set_komi(&mut self, k: &str) -> Reply {
        let komi: Komi = k
            .parse()
            .map_err(|_| format!("syntax error: komi '{k}' is not a multiple of 0.5"))?;
        if komi.halves().unsigned_abs() > 2 * 1000 {
            return Err(format!("komi {komi} is out of range (at most 1000 points)"));
        }
        self.replay_under(self.rules.with_komi(komi), &format!("komi {komi}"))
    }

    /// Plays the game's moves again under `rules` and keeps them, or
    /// changes nothing where `what` makes one of them illegal.
    fn replay_under(&mut self, rules: Rules, what: &str) -> Reply {
        let mut g = AnyGame::new(self.board.clone(), rules);
        for &m in self.game.moves() {
            if !g.try_play(m) {
                return Err(format!(
                    "{what} would make the game's move {} illegal",
                    m.name(&self.board)
                ));
            }
        }
        self.rules = rules;
        self.game = g;
        self.tables = None;
        Ok(String::new())
    }

    /// `kata-set-rules RULES` (a KataGo shorthand or JSON object),
    /// `kata-set-rule KEY VALUE` and `kata-get-rules`: KataGo's rule
    /// descriptions, where a kosolve ruleset plays them exactly. New rules
    /// keep the komi and the game, where its moves stay legal.
    fn kata_rules(&mut self, command: &str, args: &[&str]) -> Reply {
        let kata = match (command, args) {
            ("kata-get-rules", []) => return Ok(KataRules::of_kosolve(&self.rules)?.to_json()),
            ("kata-get-rules", _) => return Err("syntax error: kata-get-rules".into()),
            ("kata-set-rules", [_, ..]) => KataRules::parse(&args.join(" "))?,
            ("kata-set-rules", []) => return Err("syntax error: kata-set-rules RULES".into()),
            (_, [key, value]) => {
                let mut k = KataRules::of_kosolve(&self.rules)?;
                k.set(key, value)?;
                k
            }
            _ => return Err("syntax error: kata-set-rule KEY VALUE".into()),
        };
        let rules = kata.to_kosolve()?.with_komi(self.rules.komi);
        check_playable(&rules)?;
        self.replay_under(rules, &format!("rules {}", rules.ruleset))
    }

    /// The analysis an `lz-analyze` or `kata-analyze` line asks for: every
    /// legal move of its player (a pass put in where that player is not
    /// to move, as `play` does), with the game's whole history.
    pub fn analysis_job(&self, format: Format, args: &[&str]) -> Result<Job, String> {
        let request = crate::gtp_analyze::parse_request(format, args)?;
        let color = request.color.unwrap_or_else(|| self.game.to_move());
        let (g, _) = self.turn_of(color)?;
        if g.legal_move_list().is_empty() {
            return Err("no legal move to analyse".into());
        }
        let mut opts = self.opts.clone();
        opts.limits.cancel = Cancel::new();
        opts.search.pv = true;
        Ok(Job {
            board: self.board.clone(),
            rules: self.rules,
            // Every game starts at the empty board (clear_board).
            setup: Setup {
                start: Start::EMPTY,
                moves: g.moves().to_vec(),
            },
            opts,
            to_move: color,
            request,
        })
    }

    /// A GTP vertex: `pass` or a point; under Fundamental and Ultimate Go
    /// (no pass) `pass` stands for a delay.
    fn parse_vertex(&self, v: &str) -> Result<Move, String> {
        if v.eq_ignore_ascii_case("pass") {
            return Ok(if has_delay(self.rules.ruleset) {
                Move::Delay
            } else {
                Move::Pass
            });
        }
        // Board::parse_point also reads `p<i>` on non-rectangular boards;
        // GTP vertices are a letter and a number.
        if v.len() > 4 || !v.is_ascii() {
            return Err("invalid coordinate".into());
        }
        self.board
            .parse_point(v)
            .map(Move::Play)
            .ok_or_else(|| "invalid coordinate".into())
    }

    /// The game after a pass for the other side where `color` is not to
    /// move (GTP lets the controller play either colour), and how many
    /// moves that took (0 or 1).
    fn turn_of(&self, color: Color) -> Result<(AnyGame, usize), String> {
        if self.game.result().is_some() {
            return Err("the game is over".into());
        }
        let mut g = self.game.clone();
        if g.to_move() == color {
            return Ok((g, 0));
        }
        let other = g.to_move();
        if !self.rules.ruleset.has_pass() || !g.is_legal(Move::Pass) {
            return Err(format!(
                "it is {} to move, and {} has no pass to put in for {}",
                other.name(),
                self.rules.ruleset,
                other.name()
            ));
        }
        g.play(Move::Pass);
        if g.result().is_some() {
            return Err(format!(
                "it is {} to move, and a pass put in for {} would end the game",
                other.name(),
                other.name()
            ));
        }
        Ok((g, 1))
    }

    /// Plays `m` for `color`.
    fn play(&mut self, color: Color, m: Move) -> Result<(), String> {
        let (mut g, n) = self
            .turn_of(color)
            .map_err(|why| format!("illegal move: {why}"))?;
        if !g.is_legal(m) {
            return Err("illegal move".into());
        }
        g.play(m);
        self.game = g;
        self.undo_stack.push(n + 1);
        Ok(())
    }

    fn undo(&mut self) -> Reply {
        let n = self.undo_stack.pop().ok_or("cannot undo")?;
        for _ in 0..n {
            self.game.undo();
        }
        Ok(String::new())
    }

    /// Chooses and plays a move for `color`; answers its GTP vertex (a
    /// delay or draw declaration is `pass`, with a note on stderr), or
    /// with `kosolve_names` its kosolve name (`delay`, `ultimate`, `draw`).
    fn genmove(&mut self, color: Color, kosolve_names: bool) -> Reply {
        let (mut g, n) = self.turn_of(color)?;
        if !self
            .tables
            .as_ref()
            .is_some_and(|t| t.suits(&g, &self.opts))
        {
            self.tables = Some(Tables::new(&g, &self.opts));
        }
        let tables = self.tables.as_ref().expect("made above");
        let (m, proven) = self.choose(&g, tables)?;
        if !proven {
            eprintln!(
                "kosolve: genmove {}: {} is not proven best (the position was not solved \
                 within --max-seconds); chosen from the proven bounds",
                color.name(),
                m.name(&self.board)
            );
        }
        g.play(m);
        self.game = g;
        self.undo_stack.push(n + 1);
        Ok(match m {
            Move::Play(p) => self.board.point_name(p),
            Move::Pass => "pass".into(),
            _ if kosolve_names => m.name(&self.board),
            _ => {
                let what = match m {
                    Move::Delay => "a delay (returns a prisoner)",
                    Move::UltimateDelay => "an ultimate delay (returns the ultimate prisoner)",
                    _ => "a draw declaration (the game ends in a draw)",
                };
                eprintln!(
                    "kosolve: genmove {}: answered pass for {what}",
                    color.name()
                );
                "pass".into()
            }
        })
    }

    /// The move to play in `g` (not over) and whether it is proven to keep
    /// the exact value.
    fn choose(&self, g: &AnyGame, tables: &Tables) -> Result<(Move, bool), String> {
        let limit = self.opts.limits.max_seconds;
        if limit.is_none() {
            let setup = if g.moves().is_empty() {
                Setup::default()
            } else {
                Setup::at(Start::new(g.position(), g.to_move()))
            };
            kosolve_solver::check_feasible_from(&self.board, &self.rules, &setup).map_err(|e| {
                format!("{e}; start the engine with --max-seconds to play unproven moves")
            })?;
        }
        let start = Instant::now();
        let mut opts = self.opts.clone();
        // Half the time for the whole position; the rest, if needed, for
        // bounds on each move.
        opts.limits.max_seconds = limit.map(|s| s / 2.0);
        let sol = solve_game_with(g, &opts, tables);
        if sol.is_solved() {
            if let Some(&m) = sol.pv.first() {
                return Ok((m, true));
            }
        }
        let moves = g.legal_move_list();
        if moves.is_empty() {
            return Err("no legal move".into());
        }
        let maximize = g.to_move() == Color::Black;
        let mut best: Option<(Move, i32, i32)> = None;
        let mut all_solved = true;
        let mut bounds = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let mut child = g.clone();
            child.play(m);
            let (lo, hi) = match child.result() {
                Some(r) => {
                    let v = kosolve_solver::result_value(&r);
                    (v, v)
                }
                None => {
                    let left = limit.map(|s| {
                        let rest = (s - start.elapsed().as_secs_f64()).max(0.0);
                        rest / (moves.len() - i) as f64
                    });
                    opts.limits.max_seconds = left;
                    let s = solve_game_with(&child, &opts, tables);
                    (s.lower, s.upper)
                }
            };
            all_solved &= lo == hi;
            bounds.push((lo, hi));
            // The mover's guaranteed value first, then the hope.
            let better = match best {
                None => true,
                Some((_, blo, bhi)) if maximize => (lo, hi) > (blo, bhi),
                Some((_, blo, bhi)) => (-hi, -lo) > (-bhi, -blo),
            };
            if better {
                best = Some((m, lo, hi));
            }
        }
        let (m, lo, hi) = best.expect("at least one legal move");
        // Proven where the chosen move's guarantee meets every other's hope.
        let proven = all_solved
            || if maximize {
                bounds.iter().all(|&(_, h)| h <= lo)
            } else {
                bounds.iter().all(|&(l, _)| l >= hi)
            };
        Ok((m, proven))
    }

    /// The board with coordinates, the rules and whose turn it is.
    fn showboard(&self) -> String {
        let b = &self.board;
        let pos = self.game.position();
        let cell = |p: Point| match pos.get(p) {
            Cell::Empty => '.',
            Cell::Stone(Color::Black) => 'X',
            Cell::Stone(Color::White) => 'O',
        };
        let mut t = String::new();
        match *b.shape() {
            Shape::Rect { rows, cols } => {
                let (rows, cols) = (rows as usize, cols as usize);
                let col_names: Vec<String> = (0..cols)
                    .map(|c| {
                        let name = b.point_name(Point(c as u8));
                        name.trim_end_matches(|ch: char| ch.is_ascii_digit())
                            .to_string()
                    })
                    .collect();
                let w = col_names.iter().map(|s| s.len()).max().unwrap_or(1);
                let rw = rows.to_string().len();
                let header: String = col_names
                    .iter()
                    .map(|s| format!(" {s:>w$}"))
                    .collect::<String>();
                t.push_str(&format!("\n{:rw$}{header}", ""));
                for r in 0..rows {
                    let label = rows - r;
                    t.push_str(&format!("\n{label:>rw$}"));
                    for c in 0..cols {
                        t.push_str(&format!(" {:>w$}", cell(Point((r * cols + c) as u8))));
                    }
                    t.push_str(&format!(" {label}"));
                }
                t.push_str(&format!("\n{:rw$}{header}", ""));
            }
            _ => {
                let names: Vec<String> = b.points().map(|p| b.point_name(p)).collect();
                t.push_str(&format!("\npoints {}", names.join(" ")));
                let cells: String = b.points().map(|p| format!(" {}", cell(p))).collect();
                t.push_str(&format!("\nstones{cells}"));
            }
        }
        t.push_str(&format!(
            "\nboard {}, rules {} (suicide {}), komi {}",
            b.name(),
            self.rules.ruleset,
            self.rules.suicide,
            self.rules.komi
        ));
        let moves = match self.game.moves().len() {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        };
        match self.game.result() {
            Some(r) => t.push_str(&format!("\n{moves}; game over: {r}")),
            None => t.push_str(&format!(
                "\n{moves}; {} to move",
                self.game.to_move().name()
            )),
        }
        t
    }

    /// The area score of the current position with komi applied (a
    /// finished game's own result where it has one).
    fn final_score(&self) -> String {
        let komi = self.rules.komi.halves();
        match self.game.result() {
            Some(GameResult::Score { black, white }) => {
                score_text(2 * (black as i32 - white as i32) - komi)
            }
            Some(GameResult::Win(c)) => format!("{}+R", c.letter()),
            Some(GameResult::Draw) => "0".into(),
            None => score_text(2 * self.game.position().area_margin(&self.board) - komi),
        }
    }
}

/// A response's text with no blank line inside (which would end it early).
fn clean(text: &str) -> String {
    let mut s = text.to_string();
    while s.contains("\n\n") {
        s = s.replace("\n\n", "\n");
    }
    s.trim_end().to_string()
}

/// A board dimension: 1 to 64 digits-only.
fn parse_size(s: &str) -> Result<usize, String> {
    if s.is_empty() || s.len() > 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err("syntax error: size must be a whole number".into());
    }
    s.parse().map_err(|_| "syntax error".into())
}

/// Runs the subcommand: reads commands until `quit` or the end of the
/// input. Analysis commands stream until the next line comes (docs/gtp.md,
/// "Analysis"); every other command goes through [`Engine::execute`].
pub fn run(args: Args) -> Result<(), CliError> {
    let mut engine = Engine::new(&args)?;
    let mut events = Events::from_stdin();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let io = |e: std::io::Error| CliError::Io(e.to_string());
    let mut carried: Option<Vec<u8>> = None;
    while !engine.quit {
        let Some(buf) = carried.take().or_else(|| events.next_line()) else {
            break;
        };
        let raw = String::from_utf8_lossy(&buf);
        let resp = match engine.streaming_job(&raw) {
            Some(Ok((id, job))) => {
                carried =
                    crate::gtp_analyze::stream(job, &id, &mut events, &mut out).map_err(io)?;
                continue;
            }
            Some(Err(resp)) => Some(resp),
            None => engine.execute(&raw),
        };
        if let Some(resp) = resp {
            out.write_all(resp.as_bytes()).map_err(io)?;
            out.flush().map_err(io)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn engine(board: &str, ruleset: Ruleset) -> Engine {
        let opts = SolveOptions {
            memory_mib: 16,
            limits: Limits {
                max_seconds: Some(0.2),
                ..Limits::default()
            },
            ..SolveOptions::default()
        };
        Engine::with(
            Arc::new(Board::parse(board).unwrap()),
            Rules::new(ruleset),
            opts,
        )
    }

    /// Every response is `=` or `?`, the id echoed, ending in one blank line.
    fn well_formed(line: &str, resp: &str) {
        assert!(resp.ends_with("\n\n"), "{line:?} -> {resp:?}");
        assert!(
            !resp[..resp.len() - 2].contains("\n\n"),
            "{line:?} -> {resp:?}"
        );
        assert!(resp.starts_with('=') || resp.starts_with('?'), "{resp:?}");
        if let Some(l) = preprocess(line) {
            if let (Some(id), _, _) = split_command(&l) {
                assert!(resp[1..].starts_with(id), "{line:?} -> {resp:?}");
            }
        }
    }

    #[test]
    fn preprocessing_follows_gtp() {
        assert_eq!(preprocess("  # only a comment"), None);
        assert_eq!(preprocess("\r\n"), None);
        assert_eq!(
            preprocess("12\tplay b\x01 A1 # c\r\n").as_deref(),
            Some("12 play b A1")
        );
        assert_eq!(
            split_command("12 play b A1"),
            (Some("12"), Some("play"), vec!["b", "A1"])
        );
        assert_eq!(split_command("name"), (None, Some("name"), vec![]));
        assert_eq!(split_command("7"), (Some("7"), None, vec![]));
    }

    #[test]
    fn ids_are_echoed_and_errors_are_answered() {
        let mut e = engine("2x2", Ruleset::Psk);
        assert_eq!(e.execute("5 name").unwrap(), "=5 kosolve\n\n");
        assert_eq!(e.execute("frobnicate").unwrap(), "? unknown command\n\n");
        assert_eq!(e.execute("boardsize 9").unwrap(), "? unacceptable size\n\n");
        assert_eq!(e.execute("boardsize 0").unwrap(), "? unacceptable size\n\n");
        assert_eq!(e.execute("3 boardsize 8").unwrap(), "=3 \n\n");
        assert_eq!(e.execute("play b I1").unwrap(), "? invalid coordinate\n\n");
        assert_eq!(e.execute("play x A1").unwrap(), "? invalid color\n\n");
        assert_eq!(e.execute("undo").unwrap(), "? cannot undo\n\n");
    }

    #[test]
    fn a_play_for_the_other_colour_puts_in_a_pass() {
        let mut e = engine("2x2", Ruleset::Psk);
        assert_eq!(e.execute("play w A1").unwrap(), "= \n\n");
        assert_eq!(e.game.moves().len(), 2);
        assert_eq!(e.execute("undo").unwrap(), "= \n\n");
        assert_eq!(e.game.moves().len(), 0);
        // No pass under primitive.
        let mut e = engine("2x2", Ruleset::Primitive);
        assert!(e
            .execute("play w A1")
            .unwrap()
            .starts_with("? illegal move"));
        // A pass that would end the game is not put in.
        let mut e = engine("2x2", Ruleset::Psk);
        e.execute("play b pass");
        assert!(e
            .execute("play b A1")
            .unwrap()
            .starts_with("? illegal move"));
    }

    /// The session of tests/data/gtp_session.txt: every command, valid and
    /// not, on 2x2 and 1x5 under several rulesets.
    const SESSION: &str = include_str!("../tests/data/gtp_session.txt");

    /// Whether `line` asks for a board of 7 to 64 points (where genmove
    /// would run to its time limit: too slow for a property; larger boards
    /// are refused at once).
    fn large_board(line: &str) -> bool {
        let points = |l: &str| -> usize {
            let Some(l) = preprocess(l) else {
                return 0;
            };
            let dims: Vec<usize> = match split_command(&l) {
                (_, Some("boardsize"), args) => args
                    .iter()
                    .chain(&args)
                    .map(|a| a.parse().unwrap_or(1))
                    .collect(),
                (_, Some("rectangular_boardsize"), args) => {
                    args.iter().map(|a| a.parse().unwrap_or(1)).collect()
                }
                _ => return 0,
            };
            dims.iter().fold(1usize, |p, &n| p.saturating_mul(n))
        };
        (7..=kosolve_board::MAX_POINTS).contains(&points(line))
    }

    /// `SESSION` after `edits` (kind, position, byte): kind 0 inserts a
    /// byte, 1 deletes one, 2 replaces one, 3 drops a line, 4 repeats a
    /// line, 5 swaps two lines. Invalid UTF-8 is replaced, as `run` does.
    fn mutated_session(edits: &[(u8, usize, u8)]) -> Vec<String> {
        let mut lines: Vec<Vec<u8>> = SESSION.lines().map(|l| l.as_bytes().to_vec()).collect();
        for &(kind, pos, byte) in edits {
            let n = lines.len();
            if n == 0 {
                break;
            }
            let line = &mut lines[pos % n];
            let at = (pos / n) % (line.len() + 1);
            match kind % 6 {
                0 => line.insert(at, byte),
                1 if at < line.len() => {
                    line.remove(at);
                }
                2 if at < line.len() => line[at] = byte,
                3 => {
                    lines.remove(pos % n);
                }
                4 => {
                    let copy = lines[pos % n].clone();
                    lines.insert(pos % n, copy);
                }
                5 => lines.swap(pos % n, (pos / n) % n),
                _ => {}
            }
        }
        lines
            .iter()
            .map(|l| String::from_utf8_lossy(l).into_owned())
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// The recorded session with bytes inserted, deleted or replaced
        /// and lines dropped, repeated or swapped: every line gets a
        /// well-formed answer and nothing panics.
        #[test]
        fn mutated_sessions_never_panic(
            edits in kosolve_testkit::edits(b"0123456789 \tabwABpPsq#-.", 6, 1..8),
        ) {
            let mut e = engine("2x2", Ruleset::Psk);
            for line in mutated_session(&edits) {
                if large_board(&line) {
                    continue;
                }
                if let Some(resp) = e.execute(&line) {
                    well_formed(&line, &resp);
                }
                if e.quit {
                    break;
                }
            }
        }
    }

    #[test]
    fn the_session_runs_to_its_quit() {
        let mut e = engine("2x2", Ruleset::Psk);
        let mut answers = 0;
        for line in mutated_session(&[]) {
            assert!(!large_board(&line), "{line}");
            if let Some(resp) = e.execute(&line) {
                well_formed(&line, &resp);
                answers += 1;
            }
            if e.quit {
                break;
            }
        }
        assert!(e.quit);
        // As many answers as the binary gives to the session.
        let expected = include_str!("../tests/data/gtp_session.expected");
        assert_eq!(answers, expected.split_terminator("\n\n").count());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Arbitrary lines never panic and always get a well-formed answer.
        #[test]
        fn random_lines_never_panic(line in "\\PC{0,40}") {
            let mut e = engine("2x2", Ruleset::Psk);
            if let Some(resp) = e.execute(&line) {
                well_formed(&line, &resp);
            }
        }

        /// Sessions of near-valid commands never panic, under every ruleset.
        #[test]
        fn random_sessions_never_panic(
            ruleset in 0usize..Ruleset::ALL.len(),
            lines in prop::collection::vec(
                (
                    prop::option::of(0u32..100),
                    prop::sample::select(COMMANDS.to_vec()),
                    prop::collection::vec(
                        prop_oneof![
                            Just("b".to_string()),
                            Just("w".to_string()),
                            Just("pass".to_string()),
                            "[A-Ja-j][0-9]{1,2}",
                            "-?[0-9]{1,3}(\\.[05])?",
                            prop::sample::select(vec![
                                "psk", "kee", "fundamental", "ultimate", "basic",
                                "chinese", "japanese", "allowed", "play",
                            ]).prop_map(String::from),
                            "\\PC{0,6}",
                        ],
                        0..3,
                    ),
                ),
                0..24,
            ),
        ) {
            let rs = Ruleset::ALL[ruleset];
            let rs = if rs == Ruleset::Basic { Ruleset::Psk } else { rs };
            let mut e = engine("1x3", rs);
            for (id, cmd, args) in lines {
                // Keep boards tiny so that genmove stays fast.
                if cmd.contains("boardsize") {
                    continue;
                }
                let line = match id {
                    Some(i) => format!("{i} {cmd} {}", args.join(" ")),
                    None => format!("{cmd} {}", args.join(" ")),
                };
                if let Some(resp) = e.execute(&line) {
                    well_formed(&line, &resp);
                }
                if e.quit {
                    break;
                }
            }
        }
    }
}
