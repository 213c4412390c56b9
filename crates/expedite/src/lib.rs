//! Ultimate Go's expedited counting ("The Analysis of Ultimate Go", section
//! VIII), as docs/rules.md, "Expedited counting (`kosolve expedite`)", reads
//! it: from a state and a designation of dead stones, the procedure plays
//! the game out automatically and gives a score. Every choice the procedure
//! leaves open is taken, so the answer is the set of scores it can give.

use hashbrown::HashMap;
use kosolve_board::{Bitboard, Board, Color, Point, Position, Suicide};
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, Start};
pub use kosolve_solver::{Budget, Stop};
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Arc;

/// Which ultimate delays were made before the procedure starts.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Delays {
    /// No delay has been made in the game yet (the amended variant's start).
    #[default]
    None,
    /// This player made the first delay, her ultimate delay.
    First(Color),
    /// Both ultimate delays are made; `first` made hers first and may
    /// declare a draw.
    Both {
        /// The player who made the first ultimate delay.
        first: Color,
    },
}

impl Delays {
    /// Whether `c`'s ultimate prisoner is spent.
    pub fn spent(self, c: Color) -> bool {
        match self {
            Delays::None => false,
            Delays::First(f) => f == c,
            Delays::Both { .. } => true,
        }
    }
}

/// The state the procedure starts from.
#[derive(Clone, Debug)]
pub struct Input {
    /// The board.
    pub board: Arc<Board>,
    /// The position (the only position that has occurred).
    pub position: Position,
    /// The player to move.
    pub to_move: Color,
    /// Regular prisoners held by Black and by White, before komi.
    pub prisoners: [u32; 2],
    /// The ultimate delays already made.
    pub delays: Delays,
    /// Komi: its whole part is paid in prisoners (to White if positive),
    /// and a half point makes a draw a White win.
    pub komi: Komi,
    /// The stones designated dead.
    pub dead: Bitboard,
}

/// Variants of the procedure.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The amended variant: a player who reaches step 1 before any delay
    /// has been made makes the first delay (her ultimate delay) instead.
    pub amended: bool,
    /// Give up (with [`ExpediteError::TooManyStates`]) beyond this many
    /// distinct states.
    pub max_states: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            amended: false,
            max_states: 5_000_000,
        }
    }
}

/// What the procedure gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expedited {
    /// Every score some choice of placements leads to (signed for Black:
    /// +n when White resigns and Black can make n more moves, -n when Black
    /// resigns, 0 for a declared draw).
    pub scores: BTreeSet<i32>,
    /// Whether a draw counts as a White win (a half-point komi).
    pub draw_is_white_win: bool,
    /// Whether some choice ends with a resignation after which the
    /// opponent has no move to make (a score 0 that is not a draw).
    pub resigned_with_zero: bool,
}

/// An outcome of the procedure.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Outcome {
    /// White wins.
    WhiteWins,
    /// A declared draw (integer komi).
    Draw,
    /// Black wins.
    BlackWins,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::WhiteWins => "W wins",
            Outcome::Draw => "draw",
            Outcome::BlackWins => "B wins",
        })
    }
}

impl Expedited {
    /// The score, if every choice gives the same one.
    pub fn score(&self) -> Option<i32> {
        (self.scores.len() == 1).then(|| *self.scores.first().expect("one score"))
    }

    /// The outcome of a score.
    pub fn outcome_of(&self, score: i32) -> Outcome {
        match score.signum() {
            1 => Outcome::BlackWins,
            -1 => Outcome::WhiteWins,
            _ if self.draw_is_white_win => Outcome::WhiteWins,
            _ => Outcome::Draw,
        }
    }

    /// Every outcome some choice leads to.
    pub fn outcomes(&self) -> BTreeSet<Outcome> {
        self.scores.iter().map(|&s| self.outcome_of(s)).collect()
    }
}

/// Why the procedure cannot run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpediteError {
    /// The position has a chain without a liberty or a stone off the board.
    BadPosition(String),
    /// A point designated dead holds no stone.
    DeadNotStone(String),
    /// A dead stone sees a stone the condition forbids it to see.
    DeadSees {
        /// The dead stone.
        dead: String,
        /// The stone it sees.
        seen: String,
        /// What is wrong with the seen stone.
        why: &'static str,
    },
    /// The search met more states than [`Options::max_states`].
    TooManyStates(usize),
    /// The exact solve behind `--dead exact` failed.
    Solve(String),
    /// The budget (Ctrl-C, the time limit) ran out first.
    Stopped(Stop),
}

impl fmt::Display for ExpediteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpediteError::BadPosition(why) => write!(f, "bad position: {why}"),
            ExpediteError::DeadNotStone(p) => write!(f, "dead point {p} holds no stone"),
            ExpediteError::DeadSees { dead, seen, why } => write!(
                f,
                "the designation breaks the condition: dead stone {dead} sees {seen}, {why}"
            ),
            ExpediteError::Stopped(why) => {
                write!(f, "the procedure was stopped by {why} before it ended")
            }
            ExpediteError::TooManyStates(n) => {
                write!(f, "more than {n} states: the position is too large")
            }
            ExpediteError::Solve(why) => write!(f, "exact solve failed: {why}"),
        }
    }
}

impl std::error::Error for ExpediteError {}

/// The stones that a stone (or empty point) at `p` sees: the stones
/// adjacent to `p` or to an empty region adjacent to `p` (`p` excluded).
fn sees(board: &Board, pos: &Position, p: Point) -> Bitboard {
    let empty = pos.empty(board);
    let seed = board.neighbors(p) & empty;
    let region = board.flood(seed, empty);
    ((board.neighbors(p) | board.expand(region)) & pos.occupied()).without(p)
}

/// Checks the condition on a designation: a dead stone sees only non-dead
/// opponent stones and dead stones of its own colour.
pub fn check_designation(
    board: &Board,
    pos: &Position,
    dead: Bitboard,
) -> Result<(), ExpediteError> {
    for d in dead {
        let c = match pos.get(d) {
            kosolve_board::Cell::Stone(c) => c,
            kosolve_board::Cell::Empty => {
                return Err(ExpediteError::DeadNotStone(board.point_name(d)))
            }
        };
        let seen = sees(board, pos, d);
        let own_alive = seen & (pos.stones(c) - dead);
        let opp_dead = seen & pos.stones(c.opponent()) & dead;
        if let Some(q) = own_alive.first_point() {
            return Err(ExpediteError::DeadSees {
                dead: board.point_name(d),
                seen: board.point_name(q),
                why: "a non-dead stone of its own colour",
            });
        }
        if let Some(q) = opp_dead.first_point() {
            return Err(ExpediteError::DeadSees {
                dead: board.point_name(d),
                seen: board.point_name(q),
                why: "a dead opponent stone",
            });
        }
    }
    Ok(())
}

/// What the procedure's next step depends on, but for the positions that
/// occurred: a [`State`]'s own part, and its memo [`Key`]'s.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Snapshot {
    pos: Position,
    dead: Bitboard,
    to_move: Color,
    prisoners: [u32; 2],
    ult: [bool; 2],
    draw_right: Option<Color>,
    all_dame: [bool; 2],
}

#[derive(Clone, Debug)]
struct State {
    now: Snapshot,
    occurred: Vec<Position>,
    captured_any: bool,
}

impl std::ops::Deref for State {
    type Target = Snapshot;
    fn deref(&self) -> &Snapshot {
        &self.now
    }
}

impl std::ops::DerefMut for State {
    fn deref_mut(&mut self) -> &mut Snapshot {
        &mut self.now
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Key {
    now: Snapshot,
    history: u64,
}

/// What the player to move does, by the first step that applies.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// Step 0 (`true`) or 1 (`false`): one of these placements.
    Place(Vec<Point>, bool),
    /// Step 2: a regular delay.
    Delay,
    /// Step 2 (or the amended variant's first delay): the ultimate delay.
    Ultimate,
    /// Step 3.
    Draw,
    /// Step 4.
    Resign,
}

fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

struct Solver<'a> {
    board: &'a Board,
    opts: Options,
    budget: &'a Budget,
    /// States met since the budget was last checked.
    ticks: u32,
    memo: HashMap<Key, BTreeSet<i32>>,
    solo_memo: HashMap<Key, BTreeSet<u32>>,
    resigned_with_zero: bool,
}

impl Solver<'_> {
    fn key(&self, st: &State) -> Key {
        // Without a capture the stones only grow, so no earlier position of
        // the procedure can recur and the history does not matter.
        let history = if st.captured_any {
            st.occurred
                .iter()
                .fold(0u64, |h, p| h ^ mix(p.black.0 ^ mix(p.white.0)))
        } else {
            0
        };
        Key {
            now: st.now,
            history,
        }
    }

    fn check_size(&mut self) -> Result<(), ExpediteError> {
        self.ticks += 1;
        if self.ticks >= 1024 {
            self.ticks = 0;
            self.budget.check().map_err(ExpediteError::Stopped)?;
        }
        if self.memo.len() + self.solo_memo.len() > self.opts.max_states {
            return Err(ExpediteError::TooManyStates(self.opts.max_states));
        }
        Ok(())
    }

    /// Whether the placement by `c` at `p` is legal, and if so whether it
    /// is dame-filling and whether it is territory-filling.
    fn classify(&self, st: &State, c: Color, p: Point) -> Option<(bool, bool)> {
        let b = self.board;
        let played = st.pos.play(b, c, p, Suicide::Forbidden).ok()?;
        if st.occurred.contains(&played.position) {
            return None;
        }
        let seen = sees(b, &st.pos, p);
        let alive = st.pos.occupied() - st.dead;
        let after = played.position;
        let chain = after.chain(b, p);
        let libs = after.liberties(b, chain).count();
        let dead_after = st.dead - played.captured;
        let ext = libs + (b.expand(chain) & after.stones(c.opponent()) & dead_after).count();
        let dame =
            libs >= 2 && (seen & alive & st.pos.black).any() && (seen & alive & st.pos.white).any();
        let territory = ext >= 2
            && (seen & alive & st.pos.stones(c.opponent())).is_empty()
            && (seen & st.dead & st.pos.stones(c)).is_empty();
        Some((dame, territory))
    }

    fn step(&self, st: &State) -> Step {
        let c = st.to_move;
        let ci = c.index();
        let mut dame = Vec::new();
        let mut terr = Vec::new();
        for p in st.pos.empty(self.board) {
            if let Some((d, t)) = self.classify(st, c, p) {
                if d {
                    dame.push(p);
                }
                if t {
                    terr.push(p);
                }
            }
        }
        let any_delay = st.ult[0] || st.ult[1];
        if st.all_dame[ci] && !dame.is_empty() {
            return Step::Place(dame, true);
        }
        if self.opts.amended && !any_delay {
            return Step::Ultimate;
        }
        if !terr.is_empty() {
            return Step::Place(terr, false);
        }
        if st.prisoners[ci] > 0 && any_delay {
            return Step::Delay;
        }
        let blocked = st.ult[c.opponent().index()] && st.prisoners[ci] > 0;
        if !st.ult[ci] && !blocked {
            return Step::Ultimate;
        }
        if st.draw_right == Some(c) {
            return Step::Draw;
        }
        Step::Resign
    }

    /// The state after `c` (the player to move) makes `m`; `alternate`
    /// hands the turn over.
    fn apply(&self, st: &State, m: Move, dame: bool, alternate: bool) -> State {
        let mut n = st.clone();
        let c = st.to_move;
        let ci = c.index();
        match m {
            Move::Play(p) => {
                let played = st
                    .pos
                    .play(self.board, c, p, Suicide::Forbidden)
                    .expect("a classified placement is legal");
                n.pos = played.position;
                n.prisoners[ci] += played.captured.count();
                n.dead = st.dead - played.captured;
                n.captured_any |= played.captured.any();
                n.occurred.push(played.position);
            }
            Move::Delay => n.prisoners[ci] -= 1,
            Move::UltimateDelay => {
                n.ult[ci] = true;
                if st.ult[c.opponent().index()] {
                    n.draw_right = Some(c.opponent());
                }
            }
            _ => unreachable!("the procedure makes no other move"),
        }
        n.all_dame[ci] &= dame;
        if alternate {
            n.to_move = c.opponent();
        }
        n
    }

    /// Every score from `st`.
    fn run(&mut self, st: &State) -> Result<BTreeSet<i32>, ExpediteError> {
        let key = self.key(st);
        if let Some(s) = self.memo.get(&key) {
            return Ok(s.clone());
        }
        self.check_size()?;
        let mut out = BTreeSet::new();
        match self.step(st) {
            Step::Place(points, dame) => {
                for p in points {
                    let n = self.apply(st, Move::Play(p), dame, true);
                    out.extend(self.run(&n)?);
                }
            }
            Step::Delay => {
                let n = self.apply(st, Move::Delay, false, true);
                out = self.run(&n)?;
            }
            Step::Ultimate => {
                let n = self.apply(st, Move::UltimateDelay, false, true);
                out = self.run(&n)?;
            }
            Step::Draw => {
                out.insert(0);
            }
            Step::Resign => {
                let mut o = st.clone();
                o.to_move = st.to_move.opponent();
                let sign = if st.to_move == Color::Black { -1 } else { 1 };
                for n in self.solo(&o)? {
                    self.resigned_with_zero |= n == 0;
                    out.insert(sign * n as i32);
                }
            }
        }
        self.memo.insert(key, out.clone());
        Ok(out)
    }

    /// Every count of the moves the player to move makes alone by steps 0-3.
    fn solo(&mut self, st: &State) -> Result<BTreeSet<u32>, ExpediteError> {
        let key = self.key(st);
        if let Some(s) = self.solo_memo.get(&key) {
            return Ok(s.clone());
        }
        self.check_size()?;
        let mut out = BTreeSet::new();
        let plus1 = |s: BTreeSet<u32>| s.into_iter().map(|n| n + 1).collect::<BTreeSet<_>>();
        match self.step(st) {
            Step::Place(points, dame) => {
                for p in points {
                    let n = self.apply(st, Move::Play(p), dame, false);
                    out.extend(plus1(self.solo(&n)?));
                }
            }
            Step::Delay => {
                let n = self.apply(st, Move::Delay, false, false);
                out = plus1(self.solo(&n)?);
            }
            Step::Ultimate => {
                let n = self.apply(st, Move::UltimateDelay, false, false);
                out = plus1(self.solo(&n)?);
            }
            Step::Draw => {
                out.insert(1);
            }
            Step::Resign => {
                out.insert(0);
            }
        }
        self.solo_memo.insert(key, out.clone());
        Ok(out)
    }
}

/// The prisoners after komi's whole part is paid.
fn with_komi(prisoners: [u32; 2], komi: Komi) -> [u32; 2] {
    let (k, _) = komi.split();
    if k >= 0 {
        [prisoners[0], prisoners[1] + k as u32]
    } else {
        [prisoners[0] + k.unsigned_abs(), prisoners[1]]
    }
}

fn check_position(board: &Board, pos: &Position) -> Result<(), ExpediteError> {
    if !pos.occupied().is_subset(board.all()) || (pos.black & pos.white).any() {
        return Err(ExpediteError::BadPosition(
            "stones off the board or two stones on one point".into(),
        ));
    }
    for p in pos.occupied() {
        if pos.liberties(board, pos.chain(board, p)).is_empty() {
            return Err(ExpediteError::BadPosition(format!(
                "the chain through {} has no liberty",
                board.point_name(p)
            )));
        }
    }
    Ok(())
}

/// What a line of [`Solver::line`] is made to give: a score with both
/// players moving, or a count of moves with one player moving alone.
#[derive(Copy, Clone, Debug)]
enum Goal {
    /// The score (which [`Solver::run`] from the line's start has given).
    Score(i32),
    /// The count of moves (which [`Solver::solo`] has given).
    Moves(u32),
}

impl Goal {
    /// What is left to give after one more move.
    fn after_move(self) -> Goal {
        match self {
            Goal::Score(t) => Goal::Score(t),
            Goal::Moves(k) => Goal::Moves(k - 1),
        }
    }
}

impl Solver<'_> {
    /// One line of the procedure from `st` that gives `goal`, as move
    /// names: both players moving in turn for a score, then, once one
    /// resigns, the other alone for the count of moves.
    fn line(&mut self, st: &State, goal: Goal, out: &mut Vec<String>) -> Result<(), ExpediteError> {
        let c = st.to_move;
        let alternate = matches!(goal, Goal::Score(_));
        let (word, m) = match self.step(st) {
            Step::Place(points, dame) => {
                for p in points {
                    let n = self.apply(st, Move::Play(p), dame, alternate);
                    if let Some(rest) = self.still_gives(&n, goal)? {
                        out.push(format!("{} {}", c.letter(), self.board.point_name(p)));
                        return self.line(&n, rest, out);
                    }
                }
                unreachable!("some placement gives the goal")
            }
            Step::Delay => ("delay", Move::Delay),
            Step::Ultimate => ("ultimate", Move::UltimateDelay),
            Step::Draw => {
                out.push(format!("{} declares a draw", c.letter()));
                return Ok(());
            }
            Step::Resign => {
                let Goal::Score(target) = goal else {
                    return Ok(());
                };
                out.push(format!(
                    "{} resigns, then {} alone",
                    c.letter(),
                    c.opponent().letter()
                ));
                let mut o = st.clone();
                o.to_move = c.opponent();
                return self.line(&o, Goal::Moves(target.unsigned_abs()), out);
            }
        };
        out.push(format!("{} {word}", c.letter()));
        let n = self.apply(st, m, false, alternate);
        self.line(&n, goal.after_move(), out)
    }

    /// Whether the state `n` after a placement still gives `goal`: what is
    /// left of it if so.
    fn still_gives(&mut self, n: &State, goal: Goal) -> Result<Option<Goal>, ExpediteError> {
        Ok(match goal {
            Goal::Score(t) => self.run(n)?.contains(&t).then_some(goal),
            Goal::Moves(0) => None,
            Goal::Moves(k) => self
                .solo(n)?
                .contains(&(k - 1))
                .then_some(goal.after_move()),
        })
    }
}

/// The state the procedure starts from, after the checks.
fn start_state(input: &Input) -> Result<State, ExpediteError> {
    let board = &*input.board;
    check_position(board, &input.position)?;
    check_designation(board, &input.position, input.dead)?;
    Ok(State {
        now: Snapshot {
            pos: input.position,
            dead: input.dead,
            to_move: input.to_move,
            prisoners: with_komi(input.prisoners, input.komi),
            ult: [
                input.delays.spent(Color::Black),
                input.delays.spent(Color::White),
            ],
            draw_right: match input.delays {
                Delays::Both { first } => Some(first),
                _ => None,
            },
            all_dame: [true; 2],
        },
        occurred: vec![input.position],
        captured_any: false,
    })
}

/// For each score the procedure can give from `input`, one line of moves
/// that gives it (`B C1`, `W ultimate`, `B resigns; W alone:`, ...).
pub fn lines(input: &Input, opts: &Options) -> Result<Vec<(i32, Vec<String>)>, ExpediteError> {
    let st = start_state(input)?;
    let mut s = Solver {
        board: &input.board,
        opts: *opts,
        budget: &Budget::unlimited(),
        ticks: 0,
        memo: HashMap::new(),
        solo_memo: HashMap::new(),
        resigned_with_zero: false,
    };
    let scores = s.run(&st)?;
    let mut out = Vec::new();
    for t in scores {
        let mut l = Vec::new();
        s.line(&st, Goal::Score(t), &mut l)?;
        out.push((t, l));
    }
    Ok(out)
}

/// The placements the player `c` has at `input`'s start that are
/// dame-filling and territory-filling (docs/rules.md, "Placements"), as if
/// she were to move. The designation is checked first.
pub fn placements(input: &Input, c: Color) -> Result<(Bitboard, Bitboard), ExpediteError> {
    let mut st = start_state(input)?;
    st.to_move = c;
    let s = Solver {
        board: &input.board,
        opts: Options::default(),
        budget: &Budget::unlimited(),
        ticks: 0,
        memo: HashMap::new(),
        solo_memo: HashMap::new(),
        resigned_with_zero: false,
    };
    let (mut dame, mut terr) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for p in st.pos.empty(&input.board) {
        if let Some((d, t)) = s.classify(&st, c, p) {
            if d {
                dame = dame.with(p);
            }
            if t {
                terr = terr.with(p);
            }
        }
    }
    Ok((dame, terr))
}

/// Runs the procedure from `input`, taking every open choice.
pub fn expedite(input: &Input, opts: &Options) -> Result<Expedited, ExpediteError> {
    expedite_within(input, opts, &Budget::unlimited())
}

/// [`expedite`] within `budget` (its cancellation and deadline, checked
/// every 1,024 states): [`ExpediteError::Stopped`] once it runs out.
pub fn expedite_within(
    input: &Input,
    opts: &Options,
    budget: &Budget,
) -> Result<Expedited, ExpediteError> {
    let board = &*input.board;
    let st = start_state(input)?;
    let mut s = Solver {
        board,
        opts: *opts,
        budget,
        ticks: 0,
        memo: HashMap::new(),
        solo_memo: HashMap::new(),
        resigned_with_zero: false,
    };
    let scores = s.run(&st)?;
    Ok(Expedited {
        scores,
        draw_is_white_win: input.komi.split().1,
        resigned_with_zero: s.resigned_with_zero,
    })
}

/// The exact `ultimate-simple` game at `input`'s state (its designation
/// aside): the start position, prisoners, komi and spent ultimate prisoners.
pub fn exact_game(input: &Input) -> Result<kosolve_rules::FundamentalGame, ExpediteError> {
    let rules = Rules::new(Ruleset::UltimateSimple).with_komi(input.komi);
    let start = Start::new(input.position, input.to_move)
        .with_prisoners(input.prisoners[0], input.prisoners[1]);
    start
        .check(&input.board, &rules)
        .map_err(|e| ExpediteError::BadPosition(e.to_string()))?;
    let g = kosolve_rules::FundamentalGame::from_start(input.board.clone(), rules, &start);
    Ok(match input.delays {
        Delays::None => g,
        Delays::First(c) => g.with_ultimate_delays(c, false),
        Delays::Both { first } => g.with_ultimate_delays(first, true),
    })
}

fn solve_options(budget: &Budget) -> kosolve_solver::SolveOptions {
    kosolve_solver::SolveOptions {
        memory_mib: 8,
        threads: 1,
        limits: kosolve_solver::Limits {
            max_seconds: budget.seconds_left(),
            max_nodes: budget.max_nodes,
            cancel: budget.cancel.clone(),
        },
        search: kosolve_solver::SearchSettings {
            refuse_large: false,
            ..kosolve_solver::SearchSettings::default()
        },
        ..kosolve_solver::SolveOptions::default()
    }
}

/// The exact `ultimate-simple` solution at `input`'s state: the value (+1
/// Black wins, 0 draw, -1 White wins; a draw at a half-point komi is a White
/// win) and the principal variation.
pub fn exact(input: &Input) -> Result<(i32, Vec<Move>), ExpediteError> {
    exact_within(input, &Budget::unlimited())
}

/// [`exact`] within `budget`: [`ExpediteError::Stopped`] once it runs out.
pub fn exact_within(input: &Input, budget: &Budget) -> Result<(i32, Vec<Move>), ExpediteError> {
    let g = exact_game(input)?;
    let sol = kosolve_solver::solve_game(&g, &solve_options(budget));
    if let (None, Some(why)) = (sol.value(), sol.stats.stopped) {
        return Err(ExpediteError::Stopped(why));
    }
    let v = sol
        .value()
        .ok_or_else(|| ExpediteError::Solve("the solve stopped before the value".into()))?;
    Ok((v, sol.pv))
}

/// The designation `--dead exact`: the stones of the start position that
/// the principal variation of the exact `ultimate-simple` solve captures.
pub fn exact_dead(input: &Input) -> Result<Bitboard, ExpediteError> {
    exact_dead_within(input, &Budget::unlimited())
}

/// [`exact_dead`] within `budget`: [`ExpediteError::Stopped`] once it runs out.
pub fn exact_dead_within(input: &Input, budget: &Budget) -> Result<Bitboard, ExpediteError> {
    let g = exact_game(input)?;
    let sol = kosolve_solver::solve_game(&g, &solve_options(budget));
    if let (false, Some(why)) = (sol.is_solved(), sol.stats.stopped) {
        return Err(ExpediteError::Stopped(why));
    }
    if !sol.is_solved() || !sol.pv_complete {
        return Err(ExpediteError::Solve(
            "no complete principal variation".into(),
        ));
    }
    dead_from_pv(input, &sol.pv)
}

/// The stones of `input`'s start position that the line `pv` (legal moves
/// of [`exact_game`] from the start) captures: the designation
/// `--dead exact` reads from the principal variation.
pub fn dead_from_pv(input: &Input, pv: &[Move]) -> Result<Bitboard, ExpediteError> {
    let mut g = exact_game(input)?;
    let sol_pv = pv;
    let mut original = input.position.occupied();
    let mut dead = Bitboard::EMPTY;
    for &m in sol_pv {
        let before = g.position().occupied();
        g.play(m);
        let gone = before - g.position().occupied();
        dead |= gone & original;
        original = original - gone;
    }
    Ok(dead)
}

/// Parses a comma-separated list of point names (`A1,B2`).
pub fn parse_points(board: &Board, s: &str) -> Result<Bitboard, String> {
    let mut set = Bitboard::EMPTY;
    for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let p = board
            .parse_point(name)
            .ok_or_else(|| format!("'{name}' is not a point of {}", board.name()))?;
        set = set.with(p);
    }
    Ok(set)
}

pub mod study;

#[cfg(test)]
mod tests;
