//! The walk: a fixed, deterministic depth-first traversal of the game tree
//! from a certificate's start, with the prover's moves supplied by an
//! [`Oracle`], and the exact memo that lets it skip repeated subtrees.
//!
//! The order of the walk is part of the certificate format: a writer that
//! drives [`walk`] with an oracle backed by a solver produces the stream a
//! checker will read back in the same order (docs/certificates.md).

use std::collections::HashMap;
use std::fmt;
use std::time::Instant;

use crate::board::{bits, Board, Position};
use crate::format::{Claim, Cut, FormatError, Header};
use crate::history::{FastBuild, History, RecordId};
use crate::rules::{Game, State, Undo};
use crate::types::{Color, Move, Ruleset};

/// The source of the prover's moves, told everything the walk does.
///
/// The walk calls, in this order at a node it expands: [`Oracle::node`]
/// with the legal moves; then, at a prover node only,
/// [`Oracle::choose`]; then for each move it follows, [`Oracle::play`]
/// before descending and [`Oracle::undo`] after coming back. At a finished
/// game, a cut, a memo hit or a repeated `basic` state it calls nothing;
/// at a `primitive` node without a legal move it calls only
/// [`Oracle::node`], with no moves.
pub trait Oracle {
    /// The prover's move at a prover node, one of `legal` (board plays in
    /// ascending point order, then the pass). An `Err` aborts the walk.
    fn choose(&mut self, legal: &[Move]) -> Result<Move, String>;

    /// The walk plays `m` (either player's move) and descends.
    fn play(&mut self, _m: Move) {}

    /// The walk takes back the latest move it announced with `play`.
    fn undo(&mut self) {}

    /// The walk expands a node whose legal moves are `legal`: a writer
    /// cross-checks them against its own rules here. An `Err` aborts the
    /// walk with that message.
    fn node(&mut self, _legal: &[Move]) -> Result<(), String> {
        Ok(())
    }

    /// The memo answered the current node (after [`Oracle::play`] of the
    /// move that led to it, and before its [`Oracle::undo`]) with the
    /// entry stored by the node of the `node`-th call of [`Oracle::node`]
    /// (from 0): the strategy there serves here. For a writer that joins
    /// certificates (`kosolve join --certificate`); checking ignores it.
    fn hit(&mut self, _node: u64) {}
}

/// A sequence of moves from the claim's start, shown as point indexes and
/// `pass`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line(pub Vec<Move>);

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("(the start)");
        }
        for (i, m) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{m}")?;
        }
        Ok(())
    }
}

/// Why a certificate (or a walk) was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The header breaks the format.
    Format(FormatError),
    /// A move of the header's `moves` line is illegal (numbered from 1).
    IllegalStartMove {
        /// The move's number on the `moves` line, from 1.
        number: usize,
        /// The move.
        mv: Move,
    },
    /// The prover's move at a decision is not among the legal moves.
    IllegalProverMove {
        /// The decision's number (its place in the stream), from 1.
        decision: u64,
        /// The move the stream gave.
        mv: Move,
        /// The moves from the claim's start to the decision.
        line: Line,
    },
    /// The walk reached a prover node after the last strategy move.
    StreamExhausted {
        /// The unanswered decision's number, from 1.
        decision: u64,
        /// The moves from the claim's start to it.
        line: Line,
    },
    /// The walk finished with strategy moves left unread.
    StreamTooLong {
        /// The moves the walk read.
        used: u64,
        /// The moves the stream holds.
        len: u64,
    },
    /// A finished game misses the claim.
    ThresholdNotMet {
        /// area(Black) - area(White) of the finished game.
        d: i32,
        /// The claim's threshold.
        threshold: i32,
        /// The prover.
        prover: Color,
        /// The moves from the claim's start to the end of that game.
        line: Line,
    },
    /// A `basic` claim that the prover forces the end ([`Claim::Ending`]):
    /// the strategy lets the game come back to a state of the line, so it
    /// can go on for ever.
    Cycle {
        /// The moves from the claim's start to the repeated state.
        line: Line,
        /// How many of those moves lead to its first occurrence.
        first: usize,
    },
    /// A `primitive` claim: the prover is to move and has no legal board
    /// play, so she has lost.
    Lost {
        /// The moves from the claim's start to that node.
        line: Line,
    },
    /// The oracle gave up.
    Oracle {
        /// The oracle's message.
        message: String,
        /// The moves from the claim's start to the node.
        line: Line,
    },
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Format(e) => write!(f, "format error: {e}"),
            CheckError::IllegalStartMove { number, mv } => {
                write!(f, "move {number} of the `moves` line ({mv}) is illegal")
            }
            CheckError::IllegalProverMove { decision, mv, line } => write!(
                f,
                "prover decision {decision}: the strategy plays {mv}, which is illegal after {line}"
            ),
            CheckError::StreamExhausted { decision, line } => write!(
                f,
                "the strategy ends before prover decision {decision}, reached after {line}"
            ),
            CheckError::StreamTooLong { used, len } => {
                write!(f, "the walk used {used} of the {len} strategy moves")
            }
            CheckError::ThresholdNotMet {
                d,
                threshold,
                prover,
                line,
            } => {
                let claim = if *prover == Color::Black { ">=" } else { "<=" };
                write!(
                    f,
                    "the game {line} ends with d = {d}, but {prover} claims d {claim} {threshold}"
                )
            }
            CheckError::Cycle { line, first } => write!(
                f,
                "the strategy lets the game go on for ever: after {line} the state \
                 after its first {first} moves is back"
            ),
            CheckError::Lost { line } => {
                write!(
                    f,
                    "the prover has no legal board play after {line}, and loses"
                )
            }
            CheckError::Oracle { message, line } => {
                write!(f, "oracle error after {line}: {message}")
            }
        }
    }
}

impl std::error::Error for CheckError {}

impl From<FormatError> for CheckError {
    fn from(e: FormatError) -> CheckError {
        CheckError::Format(e)
    }
}

/// What a successful walk did.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    /// Nodes visited: expanded nodes, finished games and memo hits.
    pub nodes: u64,
    /// Visits answered by the memo.
    pub memo_hits: u64,
    /// Prover decisions (strategy moves read).
    pub decisions: u64,
    /// Finished games scored.
    pub games: u64,
    /// Memo entries stored.
    pub memo_entries: u64,
    /// Nodes accepted by the pass-alive cut (docs/certificates.md).
    pub cuts: u64,
    /// `basic`, [`Claim::Finished`]: visits to a state already on the
    /// line, accepted as games that never end.
    pub repeats: u64,
    /// Wall-clock seconds of the walk.
    pub seconds: f64,
    /// The process's peak resident memory in KiB (VmHWM, Linux only).
    pub peak_rss_kib: Option<u64>,
}

/// Walks the game tree of `header`'s claim, asking `oracle` for the
/// prover's moves, and succeeds when every finished game meets the claim.
/// The walk is iterative, so deep games need no big stack.
pub fn walk(header: &Header, oracle: &mut dyn Oracle) -> Result<CheckReport, CheckError> {
    let started = Instant::now();
    header.validate()?;
    let game = start_game(header)?;
    let mut walker = Walker::new(game, header.prover, header.threshold);
    walker.cut = header.cut;
    walker.claim = header.claim;
    walker.basic = header.rules == Ruleset::Basic;
    walker.suicide_ok = header.suicide == crate::types::Suicide::Allowed;
    if !trivial(header) {
        walker.run(oracle)?;
    }
    Ok(walker.report(started))
}

/// Whether every finished game meets the claim whatever is played: d =
/// area(Black) - area(White) lies in [-n, n] on a board of n points, so a
/// claim "d >= t" with t <= -n, or "d <= t" with t >= n, needs no walk
/// (every line is finite: docs/certificates.md, "The walk"). Its strategy
/// is empty.
pub(crate) fn trivial(h: &Header) -> bool {
    if h.claim != Claim::Finished {
        // The prover must still force the end, or win.
        return false;
    }
    let n = i32::try_from(h.board.points()).unwrap_or(i32::MAX);
    match h.prover {
        Color::Black => h.threshold <= -n,
        Color::White => h.threshold >= n,
    }
}

/// The game at the claim's start: the setup, then the header's moves.
pub(crate) fn start_game(h: &Header) -> Result<Game, CheckError> {
    let board = Board::new(&h.board);
    let start = Position::from_setup(&h.setup);
    let mut game = Game::new(board, h.rules, h.suicide, h.end_passes, start, h.to_move);
    let mut scratch = Vec::new();
    for (i, &m) in h.moves.iter().enumerate() {
        if !game.is_legal(m, &mut scratch) {
            return Err(CheckError::IllegalStartMove {
                number: i + 1,
                mv: m,
            });
        }
        scratch.clear();
        game.apply(m);
    }
    Ok(game)
}

/// The process's peak resident set size in KiB, from /proc/self/status.
fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A stored subtree: its footprint, the records queried anywhere inside
/// it, with their membership in the history at the node when the subtree
/// was checked. Records are interned ids; the footprint is kept as the
/// 64-id words it touches: for each, the mask of footprint ids in it and
/// their membership bits.
#[derive(Debug)]
struct Entry {
    /// (word index, footprint mask, membership bits under the mask).
    words: Box<[(u32, u64, u64)]>,
    /// The expanded node that stored it ([`Oracle::hit`]).
    serial: u64,
}

impl Entry {
    /// True when `history` agrees with the entry on its whole footprint.
    fn matches(&self, history: &History) -> bool {
        self.words
            .iter()
            .all(|&(w, mask, bits)| history.word(w as usize) & mask == bits)
    }

    /// The footprint's ids, ascending, as log entries: a record the
    /// entry needs absent carries [`LACK`]. (Membership is read from
    /// the entry's bits, which `history` matches on a hit.)
    fn tagged<'a>(&'a self, _history: &'a History) -> impl Iterator<Item = RecordId> + 'a {
        self.words.iter().flat_map(|&(w, mask, present)| {
            bits(mask).map(move |b| {
                let id = w * 64 + b as u32;
                if present & (1u64 << b) != 0 {
                    id
                } else {
                    id | LACK
                }
            })
        })
    }
}

/// The tag of a log entry whose record the walk relied on being absent
/// from the history: the prover's chosen play was legal because its record
/// was absent. An untagged entry is a record the walk relied on being
/// present: an opponent's play it banned. Nothing else is logged: an
/// opponent play that was legal, or a prover play not chosen, cannot
/// make the claim fail if the history changes its legality (docs/
/// certificates.md, "The memo").
const LACK: RecordId = 1 << 31;

/// The largest footprint a memo entry stores (records); larger ones are
/// still passed up to the enclosing subtrees. Part of the format: the
/// writer and the checker walk alike.
const FOOTPRINT_CAP: usize = 4096;

/// An expanded node on the walk's stack.
#[derive(Debug)]
struct Frame {
    /// The node's state, the memo key.
    key: State,
    /// Where the node's queries start in the query log.
    foot_start: usize,
    /// The moves to follow: the prover's choice, or every legal move.
    moves: Vec<Move>,
    /// The next of `moves` to follow.
    next: usize,
    /// What takes back the move that led here (`None` at the root).
    undo: Option<Undo>,
    /// The node's number among the expanded nodes, from 0 ([`Oracle::hit`]).
    serial: u64,
}

/// The walk's working state.
struct Walker {
    /// The game at the current node.
    game: Game,
    /// The prover.
    prover: Color,
    /// The claim's threshold.
    threshold: i32,
    /// Completed subtrees by state, in the order they were stored.
    memo: HashMap<State, Vec<Entry>, FastBuild>,
    /// Every record queried in the open subtrees, with the footprints of
    /// completed children and of memo hits (a multiset: only membership
    /// counts).
    log: Vec<RecordId>,
    /// The query log of the node being expanded (reused).
    queries: Vec<RecordId>,
    /// Per 64-id word, the footprint ids met so far in the completion
    /// under way (all 0 between completions).
    masks: Vec<u64>,
    /// The words of `masks` that the completion under way touched.
    touched: Vec<u32>,
    /// The moves from the claim's start to the current node.
    line: Vec<Move>,
    /// The expanded nodes from the root to the current node.
    stack: Vec<Frame>,
    /// Counters for the report (its timing fields are unused here).
    report: CheckReport,
    /// Where the walk may accept a node before the game ends.
    cut: Cut,
    /// Whether suicide is legal (the pass-alive cut reads it).
    suicide_ok: bool,
    /// The claim.
    claim: Claim,
    /// Whether the ruleset is `basic`: its legality reads the state alone,
    /// so the memo is whole-state, and a state on the line is a repeat.
    basic: bool,
    /// `basic`: the states of the expanded nodes on the stack, with the
    /// number of moves from the start to each.
    open: HashMap<State, usize, FastBuild>,
    /// The nodes expanded so far ([`Oracle::hit`]).
    expanded: u64,
}

impl Walker {
    /// A walker at the claim's start.
    fn new(game: Game, prover: Color, threshold: i32) -> Walker {
        Walker {
            game,
            prover,
            threshold,
            memo: HashMap::default(),
            log: Vec::new(),
            queries: Vec::new(),
            masks: Vec::new(),
            touched: Vec::new(),
            line: Vec::new(),
            stack: Vec::new(),
            report: CheckReport {
                nodes: 0,
                memo_hits: 0,
                decisions: 0,
                games: 0,
                memo_entries: 0,
                cuts: 0,
                repeats: 0,
                seconds: 0.0,
                peak_rss_kib: None,
            },
            cut: Cut::None,
            suicide_ok: false,
            claim: Claim::Finished,
            basic: false,
            open: HashMap::default(),
            expanded: 0,
        }
    }

    /// The report once the walk is done.
    fn report(self, started: Instant) -> CheckReport {
        CheckReport {
            seconds: started.elapsed().as_secs_f64(),
            peak_rss_kib: peak_rss_kib(),
            ..self.report
        }
    }

    /// The depth-first walk, with an explicit stack.
    fn run(&mut self, oracle: &mut dyn Oracle) -> Result<(), CheckError> {
        if let Some(frame) = self.enter(oracle)? {
            self.stack.push(frame);
        }
        while let Some(top) = self.stack.last_mut() {
            if top.next < top.moves.len() {
                let m = top.moves[top.next];
                top.next += 1;
                self.descend(oracle, m)?;
            } else if let Some(frame) = self.stack.pop() {
                self.complete(oracle, frame);
            }
        }
        Ok(())
    }

    /// Plays `m` and visits the child; a child that needs no expansion is
    /// left again at once.
    fn descend(&mut self, oracle: &mut dyn Oracle, m: Move) -> Result<(), CheckError> {
        oracle.play(m);
        let undo = self.game.apply(m);
        self.line.push(m);
        match self.enter(oracle)? {
            Some(mut frame) => {
                frame.undo = Some(undo);
                self.stack.push(frame);
            }
            None => self.ascend(oracle, undo),
        }
        Ok(())
    }

    /// Takes back the latest move.
    fn ascend(&mut self, oracle: &mut dyn Oracle, undo: Undo) {
        self.game.undo(undo);
        self.line.pop();
        oracle.undo();
    }

    /// Stores the memo entry of a completed node and leaves it. Its
    /// footprint is the distinct records its walk relied on (see
    /// [`LACK`]), less the bans that moves inside the subtree put in the
    /// history: a ban is kept only if its record was already in the
    /// history at this node. The footprint replaces the node's log
    /// entries, so that the parent's footprint includes it. A footprint
    /// of more than [`FOOTPRINT_CAP`] records is passed up but not stored.
    fn complete(&mut self, oracle: &mut dyn Oracle, frame: Frame) {
        let history = self.game.history();
        self.masks.resize(history.interned().div_ceil(64), 0);
        self.touched.clear();
        let mut size = 0usize;
        for &tagged in &self.log[frame.foot_start..] {
            let id = tagged & !LACK;
            if tagged & LACK == 0 && !history.has(id) {
                // A ban by a position the subtree itself made.
                continue;
            }
            let (w, bit) = ((id / 64) as usize, 1u64 << (id % 64));
            let mask = &mut self.masks[w];
            if *mask == 0 {
                self.touched.push(w as u32);
            }
            if *mask & bit == 0 {
                *mask |= bit;
                size += 1;
            }
        }
        // The distinct ids by word, words ascending: what sorting the ids
        // and grouping them by word gives, without sorting the ids.
        self.touched.sort_unstable();
        let words: Vec<(u32, u64, u64)> = self
            .touched
            .iter()
            .map(|&w| {
                let mask = std::mem::take(&mut self.masks[w as usize]);
                (w, mask, history.word(w as usize) & mask)
            })
            .collect();
        let entry = Entry {
            words: words.into(),
            serial: frame.serial,
        };
        self.log.truncate(frame.foot_start);
        self.log.extend(entry.tagged(history));
        if size <= FOOTPRINT_CAP {
            self.memo.entry(frame.key).or_default().push(entry);
            self.report.memo_entries += 1;
        }
        if self.basic {
            self.open.remove(&frame.key);
        }
        if let Some(undo) = frame.undo {
            self.ascend(oracle, undo);
        }
    }

    /// Visits the current node: scores a finished game, answers from the
    /// memo, or expands it and returns its frame.
    fn enter(&mut self, oracle: &mut dyn Oracle) -> Result<Option<Frame>, CheckError> {
        self.report.nodes += 1;
        if self.game.is_over() {
            self.report.games += 1;
            return self.judge().map(|()| None);
        }
        if self.cut == Cut::PassAlive
            && crate::safety::cut_holds(
                self.game.board(),
                self.game.state().pos,
                self.prover,
                self.threshold,
                self.suicide_ok,
            )
        {
            // Needs no history: nothing joins the footprint.
            self.report.cuts += 1;
            return Ok(None);
        }
        let key = self.game.state();
        if self.basic {
            if let Some(&first) = self.open.get(&key) {
                // A state of the line is back: the strategy allows a game
                // that never ends (docs/certificates.md, "`basic`").
                if self.claim == Claim::Ending {
                    return Err(CheckError::Cycle {
                        line: Line(self.line.clone()),
                        first,
                    });
                }
                self.report.repeats += 1;
                return Ok(None);
            }
        }
        if let Some(serial) = self.memo_hit(&key) {
            self.report.memo_hits += 1;
            oracle.hit(serial);
            return Ok(None);
        }
        let foot_start = self.log.len();
        let mut queries = std::mem::take(&mut self.queries);
        queries.clear();
        let legal = self.game.legal_moves(&mut queries);
        let serial = self.expanded;
        self.expanded += 1;
        oracle
            .node(&legal)
            .map_err(|message| self.oracle_error(message))?;
        if legal.is_empty() {
            // `primitive`: the player to move has lost.
            self.report.games += 1;
            self.queries = queries;
            if key.to_move == self.prover {
                return Err(CheckError::Lost {
                    line: Line(self.line.clone()),
                });
            }
            // The opponent's plays banned by the history: they join the
            // open subtrees' footprints.
            let history = self.game.history();
            self.log
                .extend(self.queries.iter().copied().filter(|&id| history.has(id)));
            return Ok(None);
        }
        if self.basic {
            self.open.insert(key, self.line.len());
        }
        let moves = if key.to_move == self.prover {
            let m = self.decide(oracle, &legal)?;
            // The chosen play's record, absent from the history.
            queries.clear();
            if self.game.is_legal(m, &mut queries) {
                self.log.extend(queries.last().map(|&id| id | LACK));
            }
            vec![m]
        } else {
            // The opponent's plays banned by the history.
            let history = self.game.history();
            self.log
                .extend(queries.iter().copied().filter(|&id| history.has(id)));
            legal
        };
        self.queries = queries;
        Ok(Some(Frame {
            key,
            foot_start,
            moves,
            next: 0,
            undo: None,
            serial,
        }))
    }

    /// Asks the oracle for the prover's move and checks it is legal.
    fn decide(&mut self, oracle: &mut dyn Oracle, legal: &[Move]) -> Result<Move, CheckError> {
        self.report.decisions += 1;
        let m = oracle
            .choose(legal)
            .map_err(|message| self.oracle_error(message))?;
        if !legal.contains(&m) {
            return Err(CheckError::IllegalProverMove {
                decision: self.report.decisions,
                mv: m,
                line: Line(self.line.clone()),
            });
        }
        Ok(m)
    }

    /// An oracle error at the current node.
    fn oracle_error(&self, message: String) -> CheckError {
        CheckError::Oracle {
            message,
            line: Line(self.line.clone()),
        }
    }

    /// Tests the finished game against the claim.
    fn judge(&self) -> Result<(), CheckError> {
        let d = self.game.score();
        let met = match self.prover {
            Color::Black => d >= self.threshold,
            Color::White => d <= self.threshold,
        };
        if met {
            return Ok(());
        }
        Err(CheckError::ThresholdNotMet {
            d,
            threshold: self.threshold,
            prover: self.prover,
            line: Line(self.line.clone()),
        })
    }

    /// Looks the node up: the first stored entry of its state whose
    /// footprint the current history agrees with. On a hit the entry's
    /// footprint joins the enclosing subtrees' footprints (its test read
    /// those records). Returns the number of the node that stored it.
    fn memo_hit(&mut self, key: &State) -> Option<u64> {
        let entries = self.memo.get(key)?;
        let history = self.game.history();
        let entry = entries.iter().find(|e| e.matches(history))?;
        self.log.extend(entry.tagged(history));
        Some(entry.serial)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_more;
