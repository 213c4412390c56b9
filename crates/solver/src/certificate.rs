//! Writing proof certificates (docs/certificates.md, "Writing
//! certificates").
//!
//! A certificate of "value >= v" is Black's strategy, and one of
//! "value <= v" White's: a prover move for each prover node that the
//! checker's fixed walk (crate kosolve-check) reaches. The writer drives
//! that very walk through [`kosolve_check::Oracle`], so the two stay in
//! step by construction. At each prover node it asks the solver, with the
//! full history and tables kept across the whole walk, which child keeps
//! the claim, and takes the first that does, in one of four move orders
//! tried in turn under growing budgets (see [`Order`]): three that ask
//! alpha-beta, and one that asks proof-number search where the solve
//! runs it. A claim beyond
//! the score's range needs no walk, and gets an empty strategy. The rules
//! engine plays along, and every node's legal moves
//! are compared with the checker's own: the two rules implementations
//! agree on every node of every certificate written, or nothing is written.

use crate::{Follower, SolveOptions, Tables, Tester};
use kosolve_board::{Board, Color, Point, Shape};
use kosolve_check as check;
use kosolve_rules::{End, Game, Move, Rules, Ruleset, Setup, SetupError, StandardGame};
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

/// The certificates of one value: "value >= v" (Black proves) and
/// "value <= v" (White proves), with the effort of writing them.
#[derive(Clone, Debug)]
pub struct Certificates {
    /// Black's certificate first, then White's.
    pub certificates: Vec<check::Certificate>,
    /// Prover decisions written, over both.
    pub decisions: u64,
    /// Nodes of the checker's walk, over both.
    pub nodes: u64,
    /// Null-window tests asked of the solver.
    pub tests: u64,
    /// Seconds spent.
    pub seconds: f64,
    /// The move order that wrote each certificate, in the same order:
    /// `shallow`, `pass first`, `hint` or `proof-number`
    /// (docs/certificates.md, "Writing certificates").
    pub orders: Vec<&'static str>,
    /// The proof-number order's archive of proven bounds
    /// (docs/certificates.md, "The archive"), where it was used.
    pub archive: Option<crate::ArchiveStats>,
}

impl Certificates {
    /// None yet, no effort spent.
    fn empty() -> Certificates {
        Certificates {
            certificates: Vec::new(),
            decisions: 0,
            nodes: 0,
            tests: 0,
            seconds: 0.0,
            orders: Vec::new(),
            archive: None,
        }
    }

    /// The certificates as one text file (docs/certificates.md).
    pub fn to_text(&self) -> String {
        self.certificates
            .iter()
            .map(check::Certificate::to_text)
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Why no certificate was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertificateError {
    /// The ruleset, end condition or board has no certificate format.
    Unsupported(String),
    /// The start or its record does not play under the rules.
    Setup(SetupError),
    /// A limit or Ctrl-C stopped a solver test.
    Stopped,
    /// Every move order spent the work cap without finishing.
    TooLarge(u64),
    /// The walk failed: the solver's value was contradicted, or the two
    /// rules implementations disagreed. Either is a bug to report.
    Walk(String),
}

impl fmt::Display for CertificateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertificateError::Unsupported(s) => write!(f, "no certificate: {s}"),
            CertificateError::Setup(e) => write!(f, "no certificate: {e}"),
            CertificateError::Stopped => {
                write!(f, "no certificate: stopped by a limit or Ctrl-C")
            }
            CertificateError::TooLarge(n) => write!(
                f,
                "no certificate: each move order tried spent its cap of {n} work units \
                 (solver nodes plus 256 per prover decision) without finishing"
            ),
            CertificateError::Walk(s) => write!(f, "certificate walk failed: {s}"),
        }
    }
}

impl std::error::Error for CertificateError {}

/// The checker's name for `rs`, or why it has no certificate.
fn check_ruleset(rs: Ruleset) -> Result<check::Ruleset, CertificateError> {
    check::Ruleset::from_name(rs.name()).ok_or_else(|| {
        CertificateError::Unsupported(format!(
            "ruleset '{rs}' has no certificate format (docs/certificates.md, \
             \"Rulesets without certificates\")"
        ))
    })
}

/// Whether certificates exist for `rules`: the rulesets the checker
/// knows, ending by passes (`primitive`: by a player without a legal
/// board play).
pub fn supports(rules: &Rules) -> bool {
    check_ruleset(rules.ruleset).is_ok()
        && match rules.ruleset {
            Ruleset::Primitive => rules.end == End::NoLegalMove,
            _ => matches!(rules.end, End::Passes(_)),
        }
}

fn to_check_move(m: Move) -> Result<check::Move, String> {
    match m {
        Move::Play(p) => Ok(check::Move::Play(p.0)),
        Move::Pass => Ok(check::Move::Pass),
        other => Err(format!("move {other:?} has no certificate form")),
    }
}

fn to_rules_move(m: check::Move) -> Move {
    match m {
        check::Move::Play(p) => Move::Play(Point(p)),
        check::Move::Pass => Move::Pass,
    }
}

fn check_color(c: Color) -> check::Color {
    match c {
        Color::Black => check::Color::Black,
        Color::White => check::Color::White,
    }
}

/// The certificate header of a claim on the game `setup` reaches.
fn header(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    prover: Color,
    claim: check::Claim,
    threshold: i32,
    cut: check::Cut,
) -> Result<check::Header, CertificateError> {
    let end_passes = match rules.end {
        End::Passes(k) => k,
        // `primitive` never passes; the header's count is unused.
        End::NoLegalMove if rules.ruleset == Ruleset::Primitive => 2,
        _ => {
            return Err(CertificateError::Unsupported(
                "only games that end by passes, and primitive ko, have certificates".into(),
            ))
        }
    };
    let spec = match *board.shape() {
        Shape::Rect { rows, cols } => check::BoardSpec::Rect {
            rows: rows as usize,
            cols: cols as usize,
        },
        _ => check::BoardSpec::Graph {
            neighbours: (0..board.len())
                .map(|p| {
                    board
                        .neighbors(Point(p as u8))
                        .iter()
                        .map(|q| q.0)
                        .collect()
                })
                .collect(),
        },
    };
    let pos = setup.start.position;
    let stones = |c: Color| pos.stones(c);
    let setup_cells = (0..board.len())
        .map(|p| {
            let p = Point(p as u8);
            if stones(Color::Black).contains(p) {
                Some(check::Color::Black)
            } else if stones(Color::White).contains(p) {
                Some(check::Color::White)
            } else {
                None
            }
        })
        .collect();
    let moves = setup
        .moves
        .iter()
        .map(|&m| to_check_move(m))
        .collect::<Result<Vec<_>, _>>()
        .map_err(CertificateError::Unsupported)?;
    Ok(check::Header {
        board: spec,
        rules: check_ruleset(rules.ruleset)?,
        suicide: match rules.suicide {
            kosolve_board::Suicide::Forbidden => check::Suicide::Forbidden,
            kosolve_board::Suicide::Allowed => check::Suicide::Allowed,
        },
        end_passes: u32::from(end_passes),
        komi_halves: rules.komi.0,
        setup: setup_cells,
        to_move: check_color(setup.start.to_move),
        moves,
        prover: check_color(prover),
        claim,
        threshold,
        cut,
    })
}

/// The oracle that answers the checker's walk with the solver.
struct Writer<'a> {
    game: StandardGame,
    /// The alpha-beta tester of the orders but [`Order::Proven`].
    tester: Tester<'a>,
    /// The proof-number searcher, during an attempt of [`Order::Proven`]
    /// only. It follows the walk move by move (its history mirror is
    /// never rebuilt from the whole line).
    pns: Option<Follower<'a, StandardGame>>,
    prover: Color,
    threshold: i32,
    out: Vec<check::Move>,
    tests: u64,
    stopped: bool,
    scratch: Vec<Move>,
    /// The prover's move order of this attempt.
    order: Order,
    /// The most work this attempt may do ([`Writer::work`]).
    budget: u64,
    /// The solver's nodes when the attempt started.
    nodes_at_start: u64,
    /// Whether the attempt gave up at its budget.
    over_budget: bool,
    /// Consecutive passes that end the game.
    end_passes: usize,
    /// Whether the claim's own test at the start has been run with the
    /// proof-number order's tables (see [`Writer::prove_root`]).
    root_proven: bool,
}

/// A prover move order of the writer. Each gives a valid certificate;
/// their sizes differ by orders of magnitude from case to case
/// (docs/certificates.md, "Writing certificates"), so the writer tries
/// them in turn under growing budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// The pass, then board plays by point.
    PassFirst,
    /// A pass that ends the game, then the best move the solver's tables
    /// remember, then as [`Order::PassFirst`].
    Hint,
    /// The moves of [`Order::Hint`], the first whose child the solver
    /// proves within 2 plies, else within 4, 8, ... 64, else as
    /// [`Order::Hint`]: short lines, so the walk meets its own memo and
    /// the pass-alive cut sooner. Tried first.
    Shallow,
    /// Proof-number search's order, where the solve's engine is
    /// proof-number search: a pass that ends the game, then the first
    /// child that the tables (or the static bounds, or the end of the
    /// game) already decide for the prover, without a search; else as
    /// [`Order::Hint`] with df-pn tests. Tried second.
    Proven,
}

impl Order {
    /// The order's name, as [`Certificates::orders`] gives it.
    fn name(self) -> &'static str {
        match self {
            Order::PassFirst => "pass first",
            Order::Hint => "hint",
            Order::Shallow => "shallow",
            Order::Proven => "proof-number",
        }
    }
}

impl<'a> Writer<'a> {
    /// The proof-number follower, during an attempt of [`Order::Proven`].
    fn proven(&mut self) -> Option<&mut Follower<'a, StandardGame>> {
        self.pns.as_mut()
    }

    /// The threshold t of the solver's test "value >= t" that decides the
    /// claim (Black's claim holds where it does, White's where it fails).
    fn test_threshold(&self) -> i32 {
        match self.prover {
            Color::Black => self.threshold,
            Color::White => self.threshold + 1,
        }
    }

    /// Plays `m` in the writer's game and its follower.
    fn enter(&mut self, m: Move) {
        self.game.play(m);
        if let Some(f) = self.pns.as_mut() {
            f.play(m);
        }
    }

    /// Takes back the move of [`Writer::enter`].
    fn leave(&mut self) {
        self.game.undo();
        if let Some(f) = self.pns.as_mut() {
            f.undo();
        }
    }

    /// Whether the claim holds from the game's current state.
    fn holds(&mut self) -> Result<bool, String> {
        self.tests += 1;
        let t = self.test_threshold();
        let left = self.left();
        let r = match self.proven() {
            Some(f) => f.test(t, Some(left)),
            None => {
                self.tester.set_node_cap(Some(left));
                self.tester.test(&self.game, t)
            }
        };
        match r {
            Some(ge) => Ok(ge == (self.prover == Color::Black)),
            None => Err(self.test_stopped()),
        }
    }

    /// Under the proof-number order, once per claim: the claim decided
    /// at the start by the tests a solve runs there (fail-soft, galloping
    /// from 0: docs/solver.md, "The order of the thresholds"), so that the
    /// tables' archive holds the whole proof of the claim before the walk
    /// (docs/certificates.md, "The archive"). The walk then finds a
    /// decided child at each prover node along that proof, where it would
    /// otherwise test the children one by one, and prove the opponent's
    /// wins against the wrong ones. The solve's order matters: on 1x12
    /// under ssk, "value >= 2" alone ran past 16 M nodes, where the solve
    /// decides it after "value >= 0" in 12.9 M in all.
    fn prove_root(&mut self) -> Result<(), String> {
        if self.order != Order::Proven || self.root_proven {
            return Ok(());
        }
        let t = self.test_threshold();
        let (mut lo, mut hi) = crate::value_range(&self.game);
        let mut order = crate::search::Thresholds::new();
        // These tests ask the archive as any other: a scan of a key's kept
        // bounds at each open node costs time, but the bounds kept save
        // more nodes (1x13 psk, Black's claim: 1.0 M nodes with the
        // archive's answers, more than 67 M without).
        self.decide_at_start(t, (&mut lo, &mut hi), &mut order)?;
        if (lo >= t) != (self.prover == Color::Black) {
            return Err(format!(
                "the claim fails at {}: the solver's value is contradicted",
                self.line()
            ));
        }
        self.root_proven = true;
        Ok(())
    }

    /// The tests of [`Writer::prove_root`], until [lo, hi] decides "value
    /// >= t".
    fn decide_at_start(
        &mut self,
        t: i32,
        (lo, hi): (&mut i32, &mut i32),
        order: &mut crate::search::Thresholds,
    ) -> Result<(), String> {
        while *lo < t && t <= *hi {
            let beta = order.next(*lo, *hi);
            self.tests += 1;
            let left = self.left();
            let f = self
                .pns
                .as_mut()
                .expect("the proof-number order's searcher");
            let Some(v) = f.bound(beta, Some(left)) else {
                return Err(self.test_stopped());
            };
            order.narrow(beta, v, (&mut *lo, &mut *hi));
        }
        Ok(())
    }

    /// The work this attempt has left (at least 1): the cap of its next
    /// test, so that one test cannot run on past the budget (nor past the
    /// sweep's cap).
    fn left(&self) -> u64 {
        self.budget.saturating_sub(self.work()).max(1)
    }

    /// Why a test stopped: the attempt's budget (try another), or a limit
    /// or Ctrl-C (give up).
    fn test_stopped(&mut self) -> String {
        let capped = match self.proven() {
            Some(f) => f.capped(),
            None => self.tester.capped(),
        };
        if capped {
            self.over_budget = true;
            "over the attempt's budget".into()
        } else {
            self.stopped = true;
            "stopped".into()
        }
    }

    /// The work of the current attempt: the solver's nodes plus
    /// [`DECISION_WORK`] per decision written.
    fn work(&self) -> u64 {
        (self.solver_nodes() - self.nodes_at_start)
            .saturating_add(DECISION_WORK.saturating_mul(self.out.len() as u64))
    }

    /// The nodes of both kinds of tests so far.
    fn solver_nodes(&self) -> u64 {
        self.tester.nodes() + self.pns.as_ref().map_or(0, Follower::nodes)
    }

    /// Moves on to the next attempt after one over its budget: the next
    /// order, or the first order again with four times the budget, or
    /// [`CertificateError::TooLarge`] once an attempt at `cap` failed.
    /// Proof-number search's games (`pns`) try the shallow order once,
    /// then the proof-number order alone.
    fn next_attempt(&mut self, cap: u64, pns: bool) -> Result<(), CertificateError> {
        let next = match (pns, self.order) {
            (true, Order::Proven) | (false, Order::Hint) => {
                if self.budget >= cap {
                    return Err(CertificateError::TooLarge(cap));
                }
                self.budget = self.budget.saturating_mul(4).min(cap);
                if pns {
                    Order::Proven
                } else {
                    Order::Shallow
                }
            }
            (true, _) => Order::Proven,
            (false, Order::Shallow) => Order::PassFirst,
            (false, _) => Order::Hint,
        };
        self.order = next;
        Ok(())
    }

    /// Whether the attempt has spent its budget (and notes it).
    fn over(&mut self) -> bool {
        if self.work() >= self.budget {
            self.over_budget = true;
        }
        self.over_budget
    }

    /// Whether a pass now ends the game.
    fn pass_ends(&self) -> bool {
        let trailing = self
            .game
            .moves()
            .iter()
            .rev()
            .take_while(|m| **m == Move::Pass)
            .count();
        trailing + 1 >= self.end_passes
    }

    fn line(&self) -> String {
        line_of(&self.game)
    }
}

/// Compares the rules engine's legal moves in `game` with the checker's
/// `legal` (board plays by point, then the pass).
fn same_legal(
    game: &StandardGame,
    scratch: &mut Vec<Move>,
    legal: &[check::Move],
) -> Result<(), String> {
    scratch.clear();
    game.legal_moves(scratch);
    let mut ours: Vec<check::Move> = scratch
        .iter()
        .map(|&m| to_check_move(m))
        .collect::<Result<_, _>>()?;
    ours.sort_by_key(|m| match m {
        check::Move::Play(p) => u16::from(*p),
        check::Move::Pass => u16::MAX,
    });
    if ours != legal {
        return Err(format!(
            "the rules engine and the checker disagree on the legal moves after {}: \
             {ours:?} against {legal:?}",
            line_of(game)
        ));
    }
    Ok(())
}

/// The moves of `game` from its start, by name ("the start" if none).
fn line_of(game: &StandardGame) -> String {
    let b = game.board();
    let moves: Vec<String> = game.moves().iter().map(|m| m.name(b)).collect();
    if moves.is_empty() {
        "the start".into()
    } else {
        moves.join(" ")
    }
}

impl check::Oracle for Writer<'_> {
    fn node(&mut self, legal: &[check::Move]) -> Result<(), String> {
        same_legal(&self.game, &mut self.scratch, legal)
    }

    fn choose(&mut self, legal: &[check::Move]) -> Result<check::Move, String> {
        if self.over() {
            return Err("over the attempt's budget".into());
        }
        let mut first: Vec<check::Move> = Vec::new();
        if self.order != Order::PassFirst {
            // A pass that ends the game, then the solver's remembered
            // best move.
            if self.pass_ends() {
                first.push(check::Move::Pass);
            }
            let hint = match self.proven() {
                Some(f) => f.hint(),
                None => self.tester.hint(&self.game),
            };
            if let Some(h) = hint.and_then(|h| to_check_move(h).ok()) {
                if legal.contains(&h) && !first.contains(&h) {
                    first.push(h);
                }
            }
        }
        // The pass first where there is one (`primitive` has none).
        let pass = legal.iter().copied().filter(|m| *m == check::Move::Pass);
        let rest = pass.chain(legal.iter().copied().filter(|m| *m != check::Move::Pass));
        let rest = rest.filter(|m| !first.contains(m));
        let order: Vec<check::Move> = first.clone().into_iter().chain(rest).collect();
        if self.order == Order::Proven {
            // A child the tables already decide for the prover costs no
            // search.
            let t = self.test_threshold();
            for &m in &order {
                self.enter(to_rules_move(m));
                let known = self.proven().and_then(|f| f.known(t));
                self.leave();
                if known == Some(self.prover == Color::Black) {
                    self.out.push(m);
                    return Ok(m);
                }
            }
        }
        if self.order == Order::Shallow {
            let t = self.test_threshold();
            let mut depth = 2;
            while depth <= 64 {
                for &m in &order {
                    self.enter(to_rules_move(m));
                    self.tests += 1;
                    self.tester.set_node_cap(Some(self.left()));
                    let r = self.tester.test_within(&self.game, t, depth);
                    self.leave();
                    match r {
                        None => return Err(self.test_stopped()),
                        Some(Some(ge)) if ge == (self.prover == Color::Black) => {
                            self.out.push(m);
                            return Ok(m);
                        }
                        _ => {}
                    }
                    if self.over() {
                        return Err("over the attempt's budget".into());
                    }
                }
                depth *= 2;
            }
        }
        for m in order {
            self.enter(to_rules_move(m));
            let ok = self.holds();
            self.leave();
            if ok? {
                self.out.push(m);
                return Ok(m);
            }
            if self.over() {
                return Err("over the attempt's budget".into());
            }
        }
        Err(format!(
            "no move keeps the claim after {}: the solver's value is contradicted",
            self.line()
        ))
    }

    fn play(&mut self, m: check::Move) {
        self.enter(to_rules_move(m));
    }

    fn undo(&mut self) {
        self.leave();
    }
}

/// The work of the writer's first attempt (see [`Order`] and
/// [`Writer::work`]).
const FIRST_BUDGET: u64 = 1 << 18;

/// The work a written decision counts for, beside the solver's nodes (a
/// decision costs the walk about as much as a few dozen solver nodes).
const DECISION_WORK: u64 = 256;

/// The stack of the thread that writes certificates (the walk and the
/// solver's tests both recurse once per move).
const STACK_BYTES: usize = 1 << 30;

/// Writes the certificates of `value` (Black's value at komi 0, as the
/// solver reports it) for the game `setup` reaches on `board` under
/// `rules`: "value >= value" proven by Black's strategy and "value <=
/// value" by White's. Each is written by walking the checker's own walk,
/// so a certificate returned has passed that walk once already.
pub fn certificates(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    value: i32,
    opts: &SolveOptions,
) -> Result<Certificates, CertificateError> {
    certificates_with(
        board,
        rules,
        setup,
        value,
        opts,
        &CertificateOptions::default(),
    )
}

/// How certificates are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CertificateOptions {
    /// Give up ([`CertificateError::TooLarge`]) once every move order has
    /// spent this much work on one of the two claims without finishing
    /// (work: the solver's nodes plus 256 per prover decision written;
    /// `None`: no cap).
    pub max_work: Option<u64>,
    /// Where the checker's walk may stop before the end of the game
    /// (default: the pass-alive cut, docs/certificates.md).
    pub cut: check::Cut,
    /// The work of the writer's first attempt (default 2^18), which each
    /// later round multiplies by four (docs/certificates.md, "Writing
    /// certificates").
    pub first_budget: u64,
}

impl Default for CertificateOptions {
    fn default() -> Self {
        CertificateOptions {
            max_work: None,
            cut: check::Cut::PassAlive,
            first_budget: FIRST_BUDGET,
        }
    }
}

/// The claims of a value found by search, and the cut their walks use:
/// "value >= v" (Black) and "value <= v" (White) with `cut`; under
/// `primitive` the winner's `claim win` alone (value +1: Black), with no
/// cut (no pass).
fn search_claims(
    rules: &Rules,
    black_at_least: Option<i32>,
    white_at_most: Option<i32>,
    cut: check::Cut,
) -> (Vec<(Color, check::Claim, i32)>, check::Cut) {
    if rules.ruleset == Ruleset::Primitive {
        // Win or loss: a side's claim is that it wins.
        let mut claims = Vec::new();
        if black_at_least.is_some_and(|t| t > 0) {
            claims.push((Color::Black, check::Claim::Win, 0));
        }
        if white_at_most.is_some_and(|t| t < 0) {
            claims.push((Color::White, check::Claim::Win, 0));
        }
        return (claims, check::Cut::None);
    }
    let mut claims = Vec::new();
    if let Some(t) = black_at_least {
        claims.push((Color::Black, check::Claim::Finished, t));
    }
    if let Some(t) = white_at_most {
        claims.push((Color::White, check::Claim::Finished, t));
    }
    (claims, cut)
}

/// [`certificates`], as `copts` says.
pub fn certificates_with(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    value: i32,
    opts: &SolveOptions,
    copts: &CertificateOptions,
) -> Result<Certificates, CertificateError> {
    bound_certificates(board, rules, setup, Some(value), Some(value), opts, copts)
}

/// The certificates of proven bounds (a value's are both at the value):
/// Black's claim "d >= `black_at_least`" and White's "d <= `white_at_most`"
/// (margins at komi 0), each where given; under `primitive`, the claim of
/// the side the bound makes the winner (Black where `black_at_least` is
/// above 0, White where `white_at_most` is below 0). For the decided
/// answers of a windowed solve (`SearchSettings::window`): a bound below
/// the window needs only White's, one above it only Black's. Each claim
/// must hold, or the walk fails.
pub fn bound_certificates(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    black_at_least: Option<i32>,
    white_at_most: Option<i32>,
    opts: &SolveOptions,
    copts: &CertificateOptions,
) -> Result<Certificates, CertificateError> {
    let cap = copts.max_work.unwrap_or(u64::MAX);
    let start = Instant::now();
    let margin_rules = rules.with_komi(kosolve_rules::Komi::ZERO);
    let game = setup
        .standard(board.clone(), margin_rules)
        .map_err(CertificateError::Setup)?;
    let mut opts = opts.clone();
    let pns = crate::resolve_engine(opts.engine, &game) == crate::Engine::Pns;
    opts.threads = 1;
    opts.search.pv = false;
    // The writer's budget replaces the solve's node limit (a time limit
    // and Ctrl-C still stop it).
    opts.limits.max_nodes = None;
    // Alpha-beta: the shallow order's depth-limited tests are its own
    // (measured: 2x6 psk under proof-number search spent its first budget
    // on the root's tests).
    opts.engine = crate::Engine::Id;
    let tables = Tables::new(&game, &opts);
    let pns_opts = SolveOptions {
        engine: crate::Engine::Pns,
        ..opts.clone()
    };
    let pns_tables = pns.then(|| Tables::archiving(&game, &pns_opts));
    let pns_tester = pns_tables
        .as_ref()
        .map(|t| Tester::new(&game, &pns_opts, t));
    let mut out = Certificates::empty();
    let end_passes = match rules.end {
        End::Passes(k) => k,
        _ => u8::MAX,
    };
    let (claims, cut) = search_claims(&rules, black_at_least, white_at_most, copts.cut);
    // A line per attempt on stderr, for measuring the writer
    // (docs/certificates.md, "The archive").
    let log = std::env::var_os("KOSOLVE_CERTIFICATE_LOG").is_some();
    for (prover, claim, threshold) in claims {
        let h = header(&board, &rules, setup, prover, claim, threshold, cut)?;
        let mut w = Writer {
            game: game.clone(),
            tester: Tester::new(&game, &opts, &tables),
            pns: None,
            prover,
            // A win claim's test: "value >= 1" for Black, "value >= 0"
            // failing for White (win/loss values are +1 and -1).
            threshold: match (claim, prover) {
                (check::Claim::Win, Color::Black) => 1,
                (check::Claim::Win, Color::White) => -1,
                _ => threshold,
            },
            out: Vec::new(),
            tests: 0,
            stopped: false,
            scratch: Vec::new(),
            order: Order::Shallow,
            budget: copts.first_budget.max(1).min(cap),
            nodes_at_start: 0,
            over_budget: false,
            end_passes: usize::from(end_passes),
            root_proven: false,
        };
        let report = loop {
            w.game = game.clone();
            w.pns = pns_tester
                .as_ref()
                .filter(|_| w.order == Order::Proven)
                .map(|t| t.follower(&game));
            w.out.clear();
            w.over_budget = false;
            w.nodes_at_start = w.solver_nodes();
            let walked = std::thread::scope(|scope| {
                std::thread::Builder::new()
                    .stack_size(STACK_BYTES)
                    .spawn_scoped(scope, || {
                        if let Err(e) = w.prove_root() {
                            return (Err(e), w);
                        }
                        let r = check::walk(&h, &mut w).map_err(|e| e.to_string());
                        (r, w)
                    })
                    .map_err(|e| CertificateError::Walk(format!("no thread: {e}")))?
                    .join()
                    .map_err(|_| CertificateError::Walk("the walk panicked".into()))
            })?;
            let r;
            (r, w) = walked;
            if log {
                let archive = pns_tables.as_ref().and_then(Tables::archive_stats);
                eprintln!("{}", attempt_line(&w, (claim, threshold), &r, archive));
            }
            match r {
                Ok(rep) => break rep,
                Err(_) if w.stopped => return Err(CertificateError::Stopped),
                Err(_) if w.over_budget => w.next_attempt(cap, pns)?,
                Err(e) => return Err(CertificateError::Walk(e)),
            }
        };
        out.tests += w.tests;
        out.orders.push(w.order.name());
        out.nodes += report.nodes;
        out.decisions += w.out.len() as u64;
        out.certificates.push(check::Certificate {
            header: h,
            strategy: w.out,
        });
    }
    out.seconds = start.elapsed().as_secs_f64();
    out.archive = pns_tables.as_ref().and_then(Tables::archive_stats);
    Ok(out)
}

/// The line `KOSOLVE_CERTIFICATE_LOG` prints for an attempt of the
/// writer `w` on a claim, which ended with `r`.
fn attempt_line(
    w: &Writer<'_>,
    (claim, threshold): (check::Claim, i32),
    r: &Result<check::CheckReport, String>,
    archive: Option<crate::ArchiveStats>,
) -> String {
    format!(
        "kosolve: certificate attempt: claim {claim:?} {threshold}, order {}, budget {}, \
         {} decisions, {} tests, {} solver nodes: {}{}",
        w.order.name(),
        w.budget,
        w.out.len(),
        w.tests,
        w.solver_nodes() - w.nodes_at_start,
        match r {
            Ok(_) => "done",
            Err(e) => e.as_str(),
        },
        archive
            .map(|a| {
                format!(
                    " (archive: {} kept, {} answers, {} too large)",
                    a.kept, a.answers, a.over
                )
            })
            .unwrap_or_default(),
    )
}

/// The oracle of a `basic` certificate: the strategy of a
/// [`kosolve_reach::Strategist`], read at each state the walk reaches.
struct BasicWriter<'a> {
    game: StandardGame,
    /// `None` for a claim that needs no walk (it is never asked).
    strategist: Option<kosolve_reach::Strategist<'a>>,
    out: Vec<check::Move>,
    scratch: Vec<Move>,
    /// Why the proof search stopped (its budget, or Ctrl-C), if it did.
    stopped: Option<kosolve_reach::ReachError>,
}

impl check::Oracle for BasicWriter<'_> {
    fn node(&mut self, legal: &[check::Move]) -> Result<(), String> {
        same_legal(&self.game, &mut self.scratch, legal)
    }

    fn choose(&mut self, legal: &[check::Move]) -> Result<check::Move, String> {
        let state = kosolve_retrograde::BasicStart::of_game(&self.game);
        let Some(s) = self.strategist.as_mut() else {
            return Err("a claim that needs no walk was walked".into());
        };
        let m = match s.choose(&state) {
            Ok(Some(m)) => to_check_move(m)?,
            Ok(None) => {
                return Err(format!(
                    "the proof search has no move after {}: its value is contradicted",
                    line_of(&self.game)
                ))
            }
            Err(e) => {
                let message = e.to_string();
                self.stopped = Some(e);
                return Err(message);
            }
        };
        if !legal.contains(&m) {
            return Err(format!("the proof search plays {m}, which is illegal"));
        }
        self.out.push(m);
        Ok(m)
    }

    fn play(&mut self, m: check::Move) {
        self.game.play(to_rules_move(m));
    }

    fn undo(&mut self) {
        self.game.undo();
    }
}

/// Writes the certificates of a `basic` value (docs/certificates.md,
/// "`basic`"): four claims, each with area margins (komi not applied),
/// n being the board's points.
///
/// 1. Black forces a finite end with margin >= VB (`claim ending`); where
///    Black cannot force any end, nothing.
/// 2. White keeps every finished game at margin <= VB (`claim finished`):
///    Black cannot force VB + 1. Where Black forces no end, <= -n - 1:
///    no game ends.
/// 3. White forces a finite end with margin <= VW; where she cannot,
///    nothing.
/// 4. Black keeps every finished game at margin >= VW; where White forces
///    no end, >= n + 1.
///
/// Together they give VB and VW exactly, and the value follows from them
/// (docs/rules.md). `copts.max_work` caps the nodes of each claim's proof
/// searches; `opts`' time limit, memory (`memory_mib`, for each search's
/// table) and cancellation apply, its node limit does not.
pub fn basic_certificates(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    answer: &crate::BasicAnswer,
    opts: &SolveOptions,
    copts: &CertificateOptions,
) -> Result<Certificates, CertificateError> {
    let start_time = Instant::now();
    if rules.ruleset != Ruleset::Basic {
        return Err(CertificateError::Unsupported(format!(
            "basic_certificates needs ruleset basic, not {}",
            rules.ruleset
        )));
    }
    let margin_rules = rules.with_komi(kosolve_rules::Komi::ZERO);
    let game = setup
        .standard(board.clone(), margin_rules)
        .map_err(CertificateError::Setup)?;
    let n = board.len() as i32;
    let k = rules.komi.halves();
    // VB and VW in half points with komi, back to area margins.
    let raw = |h: i32| (h + k).div_euclid(2);
    let job = BasicJob {
        board: &board,
        rules: margin_rules,
        game: &game,
        start: kosolve_retrograde::BasicStart::of_game(&game),
        budget: kosolve_budget::Budget::unlimited()
            .with_nodes(copts.max_work)
            .with_seconds(opts.limits.max_seconds)
            .with_bytes(Some((opts.memory_mib as u64).saturating_mul(1 << 20)))
            .with_cancel(opts.limits.cancel.clone()),
        copts,
    };
    let mut out = Certificates::empty();
    for claim in basic_claims(answer.vb.map(raw), answer.vw.map(raw), n) {
        // The cut's strategy (pass at every turn) need not end the game
        // where suicide is allowed.
        let cut = if claim.claim == check::Claim::Ending
            && rules.suicide == kosolve_board::Suicide::Allowed
        {
            check::Cut::None
        } else {
            copts.cut
        };
        let h = header(
            &board,
            &rules,
            setup,
            claim.prover,
            claim.claim,
            claim.threshold,
            cut,
        )?;
        let (cert, nodes, walk_nodes) = job.write(h, &claim, n)?;
        out.tests += 1;
        out.orders.push(match claim.role {
            kosolve_reach::Role::Forcing => "forcing",
            kosolve_reach::Role::Denying => "denying",
        });
        out.nodes += walk_nodes + nodes;
        out.decisions += cert.strategy.len() as u64;
        out.certificates.push(cert);
    }
    out.seconds = start_time.elapsed().as_secs_f64();
    Ok(out)
}

/// One claim of a `basic` value (docs/certificates.md, "`basic`: the
/// certificates of a value").
struct BasicClaim {
    prover: Color,
    claim: check::Claim,
    threshold: i32,
    /// The proof search's test behind it: the prover's own (forcing), or
    /// the other side's, which fails (denying).
    test: kosolve_reach::Test,
    role: kosolve_reach::Role,
}

/// The claims of VB and VW (area margins; `None` where that side forces
/// no end) on a board of `n` points, in the documented order.
fn basic_claims(vb: Option<i32>, vw: Option<i32>, n: i32) -> Vec<BasicClaim> {
    use kosolve_reach::{Role, Test};
    let test = |prover, r| Test { prover, r };
    let mut claims = Vec::new();
    if let Some(b) = vb {
        claims.push(BasicClaim {
            prover: Color::Black,
            claim: check::Claim::Ending,
            threshold: b,
            test: test(Color::Black, b),
            role: Role::Forcing,
        });
    }
    let b = vb.unwrap_or(-n - 1);
    claims.push(BasicClaim {
        prover: Color::White,
        claim: check::Claim::Finished,
        threshold: b,
        test: test(Color::Black, b + 1),
        role: Role::Denying,
    });
    if let Some(w) = vw {
        claims.push(BasicClaim {
            prover: Color::White,
            claim: check::Claim::Ending,
            threshold: w,
            test: test(Color::White, w),
            role: Role::Forcing,
        });
    }
    let w = vw.unwrap_or(n + 1);
    claims.push(BasicClaim {
        prover: Color::Black,
        claim: check::Claim::Finished,
        threshold: w,
        test: test(Color::White, w - 1),
        role: Role::Denying,
    });
    claims
}

/// What every claim of one `basic` value shares.
struct BasicJob<'a> {
    board: &'a Board,
    /// The rules at komi 0.
    rules: Rules,
    /// The game at the claim's start.
    game: &'a StandardGame,
    start: kosolve_retrograde::BasicStart,
    budget: kosolve_budget::Budget,
    copts: &'a CertificateOptions,
}

impl BasicJob<'_> {
    /// Writes the certificate of `claim` under header `h` by the checker's
    /// walk, on a thread with a deep stack: the certificate, the proof
    /// searches' nodes and the walk's.
    fn write(
        &self,
        h: check::Header,
        claim: &BasicClaim,
        n: i32,
    ) -> Result<(check::Certificate, u64, u64), CertificateError> {
        // A `finished` claim past the board's range needs no walk.
        let trivial = claim.claim == check::Claim::Finished
            && match claim.prover {
                Color::Black => claim.threshold <= -n,
                Color::White => claim.threshold >= n,
            };
        let (walked, strategy, stopped, nodes) = std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, || {
                    let strategist = if trivial {
                        None
                    } else {
                        Some(self.strategist(claim)?)
                    };
                    let mut w = BasicWriter {
                        game: self.game.clone(),
                        strategist,
                        out: Vec::new(),
                        scratch: Vec::new(),
                        stopped: None,
                    };
                    let r = check::walk(&h, &mut w);
                    let nodes = w.strategist.as_ref().map_or(0, |s| s.nodes());
                    Ok((r, w.out, w.stopped, nodes))
                })
                .map_err(|e| CertificateError::Walk(format!("no thread: {e}")))?
                .join()
                .map_err(|_| CertificateError::Walk("the walk panicked".into()))?
        })?;
        let report = match (walked, stopped) {
            (Ok(r), _) => r,
            (Err(_), Some(e)) => return Err(stop_error(&e, self.copts)),
            (Err(e), None) => return Err(CertificateError::Walk(e.to_string())),
        };
        let cert = check::Certificate {
            header: h,
            strategy,
        };
        Ok((cert, nodes, report.nodes))
    }

    /// The strategy of `claim`, from a proof search of its test.
    fn strategist(
        &self,
        claim: &BasicClaim,
    ) -> Result<kosolve_reach::Strategist<'_>, CertificateError> {
        use kosolve_reach::{ReachOptions, Strategist};
        let (t, role) = (claim.test, claim.role);
        let made = Strategist::new(
            self.board,
            &self.rules,
            &self.start,
            t,
            role,
            &ReachOptions::default(),
            &self.budget,
        );
        match made {
            Ok(Some(s)) => Ok(s),
            Ok(None) => Err(CertificateError::Walk(format!(
                "the proof search contradicts the value on {t:?}"
            ))),
            Err(e) => Err(stop_error(&e, self.copts)),
        }
    }
}

/// The error of a `basic` writer whose proof search stopped: over the
/// work cap, or stopped by a limit or Ctrl-C.
fn stop_error(e: &kosolve_reach::ReachError, copts: &CertificateOptions) -> CertificateError {
    match (e, copts.max_work) {
        (
            kosolve_reach::ReachError::Stopped {
                why: crate::Stop::Nodes,
                ..
            },
            Some(cap),
        ) => CertificateError::TooLarge(cap),
        _ => CertificateError::Stopped,
    }
}

/// The certificates of a solved answer: those of [`certificates_with`]
/// for a value found by search (the margin rulesets and `primitive`), or
/// [`basic_certificates`] for a `basic` value; for bounds that decide the
/// window of `opts` (`SearchSettings::window`), the deciding side's claim
/// by [`bound_certificates`]; `None` where the answer is neither, or its
/// ruleset has no certificates ([`supports`]).
pub fn answer_certificates(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    answer: &crate::Answer,
    opts: &SolveOptions,
    copts: &CertificateOptions,
) -> Option<Result<Certificates, CertificateError>> {
    if !supports(&rules) {
        return None;
    }
    if let Some(b) = answer.basic() {
        return Some(basic_certificates(board, rules, setup, &b, opts, copts));
    }
    if let Some(v) = answer.value() {
        return Some(certificates_with(board, rules, setup, v, opts, copts));
    }
    // A windowed solve's decided bounds: the side that decides the window.
    let (a, b) = opts.search.window?;
    let (lo, hi) = answer.bounds()?;
    let (black, white) = if hi < a {
        (None, Some(hi))
    } else if lo > b {
        (Some(lo), None)
    } else {
        return None;
    };
    Some(bound_certificates(
        board, rules, setup, black, white, opts, copts,
    ))
}
