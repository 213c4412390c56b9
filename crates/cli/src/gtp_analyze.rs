//! `lz-analyze` and `kata-analyze` (docs/gtp.md, "Analysis"): the exact
//! value of every legal move, streamed as the `info` lines Go GUIs read.
//!
//! The analysis runs on a worker thread ([`kosolve_analyze::analyze`]);
//! the engine's input is read on a thread of its own, so that the next
//! command, or a bare newline, can stop the analysis while it runs. A
//! move is listed once its value is exact; a move still being solved is
//! not listed.

use kosolve_analyze::{analyze, winner, MoveValue};
use kosolve_board::{Board, Color};
use kosolve_rules::{Move, Rules, Setup, ValueKind};
use kosolve_solver::SolveOptions;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which extension's line format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `lz-analyze`: winrate, prior and lcb as integers in ten-thousandths.
    Lz,
    /// `kata-analyze`: rates as fractions, and the score fields.
    Kata,
}

impl Format {
    /// The format of an analysis command, `None` for other commands.
    pub fn of_command(command: &str) -> Option<Format> {
        match command {
            "lz-analyze" => Some(Format::Lz),
            "kata-analyze" => Some(Format::Kata),
            _ => None,
        }
    }
}

/// What an analysis command asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The line format.
    pub format: Format,
    /// The player whose moves are analysed (default: the player to move).
    pub color: Option<Color>,
    /// Time between lines while the analysis runs (`None`: a line each
    /// time a move's value is found).
    pub interval: Option<Duration>,
    /// The most moves a line lists, best first.
    pub max_moves: Option<usize>,
}

/// A centisecond count as a duration (`0`: none).
fn centiseconds(s: &str) -> Result<Option<Duration>, String> {
    let n: u64 = s
        .parse()
        .map_err(|_| format!("syntax error: interval '{s}' is not a whole number"))?;
    Ok((n > 0).then(|| Duration::from_millis(10 * n.min(1 << 40))))
}

/// Parses `[player] [interval] KEY VALUE ...` as KataGo's extensions
/// take them. `allow` and `avoid` are refused; `minmoves` and the
/// ownership keys are accepted and have no effect (docs/gtp.md).
pub fn parse_request(format: Format, args: &[&str]) -> Result<Request, String> {
    let mut req = Request {
        format,
        color: None,
        interval: None,
        max_moves: None,
    };
    let mut rest = args;
    if let Some((first, tail)) = rest.split_first() {
        if let Some(c) = crate::gtp::parse_color(first) {
            req.color = Some(c);
            rest = tail;
        }
    }
    if let Some((first, tail)) = rest.split_first() {
        if first.bytes().all(|b| b.is_ascii_digit()) {
            req.interval = centiseconds(first)?;
            rest = tail;
        }
    }
    while let Some((key, tail)) = rest.split_first() {
        if matches!(*key, "allow" | "avoid") {
            return Err(format!(
                "{key} is not supported: kosolve analyses every legal move"
            ));
        }
        let Some((value, tail)) = tail.split_first() else {
            return Err(format!("syntax error: {key} needs a value"));
        };
        let count = || {
            value
                .parse::<usize>()
                .map_err(|_| format!("syntax error: {key} '{value}' is not a whole number"))
        };
        match *key {
            "interval" => req.interval = centiseconds(value)?,
            "maxmoves" => req.max_moves = Some(count()?),
            "minmoves" => {
                count()?;
            }
            "ownership"
            | "ownershipStdev"
            | "movesOwnership"
            | "movesOwnershipStdev"
            | "rootInfo"
            | "pvVisits"
            | "pvEdgeVisits" => {
                if !matches!(*value, "true" | "false") {
                    return Err(format!("syntax error: {key} takes true or false"));
                }
            }
            _ => return Err(format!("unknown analysis key '{key}'")),
        }
        rest = tail;
    }
    Ok(req)
}

/// Everything one analysis needs, owned, for its worker thread.
pub struct Job {
    /// The board.
    pub board: Arc<Board>,
    /// The rules, with the komi the values are read at.
    pub rules: Rules,
    /// The game so far (a pass put in where the analysed player is not
    /// to move).
    pub setup: Setup,
    /// The solver's options, with a cancellation token of the job's own.
    pub opts: SolveOptions,
    /// The player whose moves are analysed.
    pub to_move: Color,
    /// What the command asked for.
    pub request: Request,
}

/// A move as a GTP vertex: a delay is `pass` (as `play C pass` is a
/// delay where there is no pass); an ultimate delay or a draw declaration
/// has no vertex.
fn vertex(board: &Board, m: Move) -> Option<String> {
    match m {
        Move::Play(p) => Some(board.point_name(p)),
        Move::Pass | Move::Delay => Some("pass".into()),
        Move::UltimateDelay | Move::DeclareDraw => None,
    }
}

/// One listed move, from the mover's view.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The move's vertex.
    pub vertex: String,
    /// Nodes its search spent (at least 1).
    pub visits: u64,
    /// 1 won, 0 lost, 0.5 jigo or draw.
    pub winrate: f64,
    /// The mover's lead after komi (points), or +1/0/-1 where the
    /// ruleset scores wins only.
    pub lead: f64,
    /// The principal variation's vertices, the move first.
    pub pv: Vec<String>,
}

/// The entry of a move whose value is exact (`None` otherwise, or for a
/// move without a GTP vertex).
pub fn entry(board: &Board, rules: &Rules, to_move: Color, m: &MoveValue) -> Option<Entry> {
    if !m.status.is_exact() || m.lower != m.upper {
        return None;
    }
    let outcome = m.outcome?;
    let sign = if to_move == Color::Black { 1 } else { -1 };
    let won = winner(outcome) * sign;
    let winrate = match won {
        1 => 1.0,
        -1 => 0.0,
        _ => 0.5,
    };
    let lead = match rules.ruleset.value_kind() {
        ValueKind::Margin => f64::from(sign) * (f64::from(m.lower) - rules.komi.as_f64()),
        ValueKind::WinLoss | ValueKind::WinDrawLoss => f64::from(won),
    };
    let pv: Vec<String> = m.pv.iter().map_while(|&x| vertex(board, x)).collect();
    Some(Entry {
        vertex: vertex(board, m.mv)?,
        visits: m.nodes.max(1),
        winrate,
        lead,
        pv,
    })
}

/// A number as KataGo writes it: an integer without a point, other
/// values to six decimals at most.
pub fn num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        return format!("{}", x as i64);
    }
    let s = format!("{x:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The `info` line listing `moves`' exact ones, best first (ties in the
/// analysis's order); `None` when none is exact yet. `legal` is the
/// number of legal moves (each has prior 1/`legal`).
pub fn info_line(job: &Job, moves: &[MoveValue], legal: usize) -> Option<String> {
    let mut entries: Vec<Entry> = moves
        .iter()
        .filter_map(|m| entry(&job.board, &job.rules, job.to_move, m))
        .collect();
    entries.sort_by(|a, b| b.lead.total_cmp(&a.lead));
    if let Some(n) = job.request.max_moves {
        entries.truncate(n);
    }
    if entries.is_empty() {
        return None;
    }
    let prior = 1.0 / legal.max(1) as f64;
    let parts: Vec<String> = entries
        .iter()
        .enumerate()
        .map(|(order, e)| {
            let w = e.winrate;
            let head = format!("info move {} visits {}", e.vertex, e.visits);
            let pv = e.pv.join(" ");
            match job.request.format {
                Format::Lz => {
                    let w = (w * 10000.0).round();
                    format!(
                        "{head} winrate {} prior {} lcb {} order {order} pv {pv}",
                        num(w),
                        num((prior * 10000.0).round()),
                        num(w)
                    )
                }
                Format::Kata => {
                    let (u, l) = (num(2.0 * w - 1.0), num(e.lead));
                    format!(
                        "{head} utility {u} winrate {w} scoreMean {l} scoreStdev 0 \
                         scoreLead {l} scoreSelfplay {l} prior {p} lcb {w} utilityLcb {u} \
                         order {order} pv {pv}",
                        w = num(w),
                        p = num(prior)
                    )
                }
            }
        })
        .collect();
    Some(parts.join(" "))
}

/// Runs `job` to its end on this thread and returns its last line
/// (`execute`'s answer, where nothing can interrupt).
pub fn run_to_end(job: &Job) -> Result<Option<String>, String> {
    let a = analyze(&job.board, job.rules, &job.setup, &job.opts, &mut |_| {})
        .map_err(|e| e.to_string())?;
    Ok(info_line(job, &a.moves, a.moves.len()))
}

/// What the main loop waits for: input from the controller, or news
/// from the analysis.
pub enum Event {
    /// One raw input line.
    Input(Vec<u8>),
    /// The end of the input (or an error reading it).
    Eof,
    /// The legal moves' count, when the analysis starts.
    Legal(usize),
    /// One move's analysis, done.
    Move(MoveValue),
    /// The analysis ended; its error, if it had one.
    Done(Option<String>),
}

/// The engine's events: input lines from a reader thread, analysis news
/// from the worker, and the input lines that arrived while an analysis
/// was being stopped.
pub struct Events {
    rx: Receiver<Event>,
    tx: Sender<Event>,
    backlog: VecDeque<Event>,
}

impl Events {
    /// Starts the thread reading standard input, one line an event.
    pub fn from_stdin() -> Events {
        let (tx, rx) = channel();
        let input = tx.clone();
        std::thread::spawn(move || {
            let mut stdin = io::stdin().lock();
            loop {
                let mut buf = Vec::new();
                match stdin.read_until(b'\n', &mut buf) {
                    Ok(n) if n > 0 => {
                        if input.send(Event::Input(buf)).is_err() {
                            break;
                        }
                    }
                    _ => {
                        let _ = input.send(Event::Eof);
                        break;
                    }
                }
            }
        });
        Events {
            rx,
            tx,
            backlog: VecDeque::new(),
        }
    }

    /// The next input line, `None` at the end of the input.
    pub fn next_line(&mut self) -> Option<Vec<u8>> {
        loop {
            match self.backlog.pop_front().or_else(|| self.rx.recv().ok()) {
                Some(Event::Input(l)) => return Some(l),
                Some(Event::Eof) | None => return None,
                Some(_) => {}
            }
        }
    }

    /// The next event, waiting until `deadline` at most (`Ok(None)`:
    /// none came in time).
    fn next_until(&mut self, deadline: Option<Instant>) -> Option<Event> {
        if let Some(e) = self.backlog.pop_front() {
            return Some(e);
        }
        match deadline {
            None => self.rx.recv().ok(),
            Some(d) => match self
                .rx
                .recv_timeout(d.saturating_duration_since(Instant::now()))
            {
                Ok(e) => Some(e),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => Some(Event::Eof),
            },
        }
    }

    /// Waits for the worker's `Done`, keeping input lines for later.
    fn drain_until_done(&mut self) {
        while let Ok(e) = self.rx.recv() {
            match e {
                Event::Done(_) => return,
                Event::Input(_) | Event::Eof => self.backlog.push_back(e),
                _ => {}
            }
        }
    }
}

fn line(out: &mut dyn Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes())?;
    out.write_all(b"\n")?;
    out.flush()
}

/// Streams `job`'s analysis after answering `={id}`: a line each
/// interval (or each exact move) while it runs, a last one when it ends,
/// then silence. The next input line stops it: the response ends with
/// its blank line, and the line is given back for the engine to run (a
/// bare newline only ends the response). At the end of the input the
/// analysis runs to its end; `None` is then given back.
pub fn stream(
    job: Job,
    id: &str,
    events: &mut Events,
    out: &mut dyn Write,
) -> io::Result<Option<Vec<u8>>> {
    line(out, &format!("={id}"))?;
    let cancel = job.opts.limits.cancel.clone();
    let job = Arc::new(job);
    let worker = {
        let (job, tx) = (job.clone(), events.tx.clone());
        std::thread::spawn(move || {
            let mut on_move = |m: &MoveValue| {
                let _ = tx.send(Event::Move(m.clone()));
            };
            let legal = job
                .setup
                .game(job.board.clone(), job.rules)
                .map(|g| kosolve_rules::Game::legal_move_list(&g).len())
                .unwrap_or(0);
            let _ = tx.send(Event::Legal(legal));
            let r = analyze(&job.board, job.rules, &job.setup, &job.opts, &mut on_move);
            let _ = tx.send(Event::Done(r.err().map(|e| e.to_string())));
        })
    };
    let mut moves: Vec<MoveValue> = Vec::new();
    let (mut legal, mut running, mut eof) = (0, true, false);
    let interval = job.request.interval;
    let mut next = interval.map(|d| Instant::now() + d);
    let ended = loop {
        let deadline = if running { next } else { None };
        let Some(event) = events.next_until(deadline) else {
            // The interval is up.
            if let Some(text) = info_line(&job, &moves, legal) {
                line(out, &text)?;
            }
            next = interval.map(|d| Instant::now() + d);
            continue;
        };
        match event {
            Event::Legal(n) => legal = n,
            Event::Move(m) => {
                let exact = m.status.is_exact();
                moves.push(m);
                if interval.is_none() && exact {
                    if let Some(text) = info_line(&job, &moves, legal) {
                        line(out, &text)?;
                    }
                }
            }
            Event::Done(err) => {
                running = false;
                if let Some(e) = err {
                    eprintln!("kosolve: analysis: {e}");
                } else if interval.is_some() {
                    if let Some(text) = info_line(&job, &moves, legal) {
                        line(out, &text)?;
                    }
                }
                if eof {
                    break None;
                }
            }
            Event::Input(l) => {
                if running {
                    cancel.cancel();
                    events.drain_until_done();
                }
                break Some(l);
            }
            Event::Eof => {
                eof = true;
                if !running {
                    break None;
                }
            }
        }
    };
    let _ = worker.join();
    if ended.is_none() {
        // For the engine's loop, which reads the end of the input next.
        events.backlog.push_back(Event::Eof);
    }
    line(out, "")?;
    Ok(ended)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kosolve_analyze::MoveStatus;
    use kosolve_rules::{Komi, Ruleset};
    use kosolve_solver::{outcome, Stop, Value};

    #[test]
    fn requests_are_read_as_katago_reads_them() {
        let r = parse_request(Format::Kata, &["B", "50", "maxmoves", "3"]).unwrap();
        assert_eq!(r.color, Some(Color::Black));
        assert_eq!(r.interval, Some(Duration::from_millis(500)));
        assert_eq!(r.max_moves, Some(3));
        let r = parse_request(Format::Lz, &["interval", "10", "ownership", "true"]).unwrap();
        assert_eq!(
            (r.color, r.interval),
            (None, Some(Duration::from_millis(100)))
        );
        assert_eq!(parse_request(Format::Lz, &["0"]).unwrap().interval, None);
        assert!(parse_request(Format::Lz, &["avoid", "b", "A1", "1"])
            .unwrap_err()
            .contains("not supported"));
        assert!(parse_request(Format::Lz, &["interval"]).is_err());
        assert!(parse_request(Format::Lz, &["interval", "x"]).is_err());
        assert!(parse_request(Format::Lz, &["speed", "1"]).is_err());
        assert!(parse_request(Format::Lz, &["ownership", "maybe"]).is_err());
    }

    #[test]
    fn numbers_are_written_as_katago_writes_them() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(-8.5), "-8.5");
        assert_eq!(num(1.0 / 3.0), "0.333333");
        assert_eq!(num(5000.0), "5000");
    }

    /// An exact move with value `v` (Black's margin at komi 0, or +1/0/-1).
    fn exact(board: &Board, rules: &Rules, name: &str, v: i32, pv: &[&str]) -> MoveValue {
        let mv = Move::parse(board, name).unwrap();
        MoveValue {
            mv,
            name: name.into(),
            lower: v,
            upper: v,
            value: Some(Value::of_search(rules.ruleset, v)),
            outcome: Some(outcome(rules.ruleset.value_kind(), v, rules.komi)),
            pv: pv.iter().map(|n| Move::parse(board, n).unwrap()).collect(),
            nodes: 7,
            seconds: 0.0,
            status: MoveStatus::Solved,
        }
    }

    fn job(rules: Rules, to_move: Color, format: Format) -> Job {
        Job {
            board: Arc::new(Board::parse("1x5").unwrap()),
            rules,
            setup: Setup::default(),
            opts: SolveOptions::default(),
            to_move,
            request: Request {
                format,
                color: None,
                interval: None,
                max_moves: None,
            },
        }
    }

    #[test]
    fn lines_list_exact_moves_best_first_for_the_mover() {
        // White to move at komi 0.5: Black's margins 5, 0 and -5 are
        // White leads -4.5, 0.5 and 5.5.
        let rules = Rules::new(Ruleset::Psk).with_komi(Komi(1));
        let j = job(rules, Color::White, Format::Kata);
        let b = j.board.clone();
        let mut open = exact(&b, &rules, "B1", 3, &["B1"]);
        open.status = MoveStatus::Stopped(Stop::Cancelled);
        open.upper = 4;
        let moves = vec![
            exact(&b, &rules, "A1", 5, &["A1", "pass"]),
            exact(&b, &rules, "pass", 0, &["pass", "pass"]),
            open,
            exact(&b, &rules, "C1", -5, &["C1", "A1"]),
        ];
        let text = info_line(&j, &moves, 4).unwrap();
        assert_eq!(
            text,
            "info move C1 visits 7 utility 1 winrate 1 scoreMean 5.5 scoreStdev 0 \
             scoreLead 5.5 scoreSelfplay 5.5 prior 0.25 lcb 1 utilityLcb 1 order 0 pv C1 A1 \
             info move pass visits 7 utility 1 winrate 1 scoreMean 0.5 scoreStdev 0 \
             scoreLead 0.5 scoreSelfplay 0.5 prior 0.25 lcb 1 utilityLcb 1 order 1 pv pass pass \
             info move A1 visits 7 utility -1 winrate 0 scoreMean -4.5 scoreStdev 0 \
             scoreLead -4.5 scoreSelfplay -4.5 prior 0.25 lcb 0 utilityLcb -1 order 2 pv A1 pass"
        );
        let mut j = job(Rules::new(Ruleset::Psk), Color::Black, Format::Lz);
        j.request.max_moves = Some(2);
        let rules = j.rules;
        let moves = vec![
            exact(&b, &rules, "A1", 0, &["A1"]),
            exact(&b, &rules, "B1", 2, &["B1"]),
            exact(&b, &rules, "C1", -1, &["C1"]),
        ];
        assert_eq!(
            info_line(&j, &moves, 3).unwrap(),
            "info move B1 visits 7 winrate 10000 prior 3333 lcb 10000 order 0 pv B1 \
             info move A1 visits 7 winrate 5000 prior 3333 lcb 5000 order 1 pv A1"
        );
        assert_eq!(info_line(&j, &[], 3), None);
    }

    #[test]
    fn win_loss_rulesets_lead_by_one() {
        // Ultimate Go at komi 0.5: a draw is White's win.
        let rules = Rules::new(Ruleset::Ultimate).with_komi(Komi(1));
        let j = job(rules, Color::Black, Format::Kata);
        let b = j.board.clone();
        let draw = exact(&b, &rules, "A1", 0, &["A1"]);
        let e = entry(&b, &rules, Color::Black, &draw).unwrap();
        assert_eq!((e.winrate, e.lead), (0.0, -1.0));
        let rules = Rules::new(Ruleset::Ultimate);
        let draw = exact(&b, &rules, "A1", 0, &["A1"]);
        let e = entry(&b, &rules, Color::White, &draw).unwrap();
        assert_eq!((e.winrate, e.lead), (0.5, 0.0));
        let win = exact(&b, &rules, "A1", 1, &["A1"]);
        let e = entry(&b, &rules, Color::White, &win).unwrap();
        assert_eq!((e.winrate, e.lead), (0.0, -1.0));
    }
}
