//! Bounds on a player's values from restricted games, where the full graph
//! of game situations outgrows its cap (docs/kee.md, "Restricted games for
//! more than two players").
//!
//! For "P against the coalition of the others" restricting one side's
//! moves can only hurt that side: a restricted side's strategies are
//! strategies of the game itself, the other side's moves are those of the
//! game itself, and the game ends by the same rule on the same situations.
//! So the game with P restricted ([`Side::Lower`]) is worth at most the
//! real value to P, and the game with every coalition member restricted
//! ([`Side::Upper`]) at least. The restriction: a restricted player may
//! make a board play only while her board history holds fewer than K
//! positions (passing is always open), for K = 1, 2, 3, ... while the
//! graphs fit under the cap.

use crate::players::games::Forgetful;
pub use crate::players::games::{Restriction, Side};
use crate::players::parity::{Graph, PlayersAnswer};
use crate::players::{KeeRules, Payoff, Player, PlayersError};
pub use crate::KeeOptions;
use kosolve_board::Board;
use kosolve_budget::{Budget, Stop};
use std::fmt;
use std::time::Instant;

/// One proven bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The bound.
    pub value: i32,
    /// The game that proved it ([`Restriction::NONE`]: the full game);
    /// `None` for the trivial bound that holds whatever anyone plays.
    pub restriction: Option<Restriction>,
    /// That game's forgetful players ([`Forgetful::NONE`] but in a
    /// forgetful game).
    pub forgetful: Forgetful,
    /// That game's checked line: P's strategy for its value against the
    /// coalition's for one more, ending with exactly its value.
    pub line: Option<PlayersAnswer>,
}

/// Proven bounds on one player's value of one payoff.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The payoff.
    pub payoff: Payoff,
    /// The lower bound.
    pub lower: Bound,
    /// The upper bound.
    pub upper: Bound,
}

impl PlayerBounds {
    /// The trivial bounds of each payoff for `player` on a board of
    /// `points` points, with no game run.
    fn trivial(player: Player, payoffs: &[Payoff], points: i32) -> PlayerBounds {
        PlayerBounds {
            player,
            bounds: payoffs
                .iter()
                .map(|&p| Bounds::trivial(p, points))
                .collect(),
            runs: Vec::new(),
        }
    }
}

impl Bounds {
    /// The trivial bounds of `payoff` on a board of `points` points.
    fn trivial(payoff: Payoff, points: i32) -> Bounds {
        let (lo, hi) = match payoff {
            Payoff::Score => (0, points),
            Payoff::Margin => (-points, points),
            Payoff::StrictWin | Payoff::NotLose => (0, 1),
        };
        let bound = |value| Bound {
            value,
            restriction: None,
            forgetful: Forgetful::NONE,
            line: None,
        };
        Bounds {
            payoff,
            lower: bound(lo),
            upper: bound(hi),
        }
    }

    /// The exact value, where the bounds meet.
    pub fn value(&self) -> Option<i32> {
        (self.lower.value == self.upper.value).then_some(self.lower.value)
    }
}

/// One graph built (or given up on) while bounding a player's values.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRun {
    /// The restriction ([`Restriction::NONE`]: the full game).
    pub restriction: Restriction,
    /// The forgetful players ([`Forgetful::NONE`]: nobody).
    pub forgetful: Forgetful,
    /// The side it bounds (`None`: the full game, both).
    pub side: Option<Side>,
    /// Its situations; `None` where it outgrew the cap.
    pub situations: Option<usize>,
    /// Its edges (0 where it outgrew the cap).
    pub edges: usize,
    /// Its value of each payoff asked, in order (empty where it outgrew
    /// the cap).
    pub values: Vec<i32>,
    /// Seconds: building it and answering every payoff.
    pub seconds: f64,
}

/// One player's bounds and the games that gave them.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerBounds {
    /// The player.
    pub player: Player,
    /// Her bounds, one per payoff asked, in order.
    pub bounds: Vec<Bounds>,
    /// The restricted games built for her, in order.
    pub runs: Vec<GameRun>,
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayersSolution {
    /// The full graph's run, if it was tried.
    pub full: Option<GameRun>,
    /// Every player's bounds (exact where the full graph fitted).
    pub players: Vec<PlayerBounds>,
    /// Why the budget stopped the solve ([`solve_within`]): the bounds are
    /// those of the games finished before, trivial where none was.
    pub stopped: Option<Stop>,
    /// The situations of every graph built, those given up on included:
    /// what `--max-nodes` counts.
    pub situations_built: u64,
}

impl PlayersSolution {
    /// Whether every bound of every player is exact.
    pub fn is_settled(&self) -> bool {
        self.players
            .iter()
            .all(|p| p.bounds.iter().all(|b| b.value().is_some()))
    }
}

/// Every player's values of `payoffs` against the coalition of the others:
/// exact from the full graph where it fits under `opts.max_situations`
/// (and `opts.full` asks for it), else bounds from restricted games
/// ([`player_bounds`]).
pub fn solve(
    board: &Board,
    rules: KeeRules,
    payoffs: &[Payoff],
    opts: KeeOptions,
) -> Result<PlayersSolution, PlayersError> {
    solve_within(board, rules, payoffs, opts, &Budget::unlimited())
}

/// [`solve`] under `budget`. Each graph counts its situations as nodes,
/// those of the graphs before it included. Where the budget runs out, the
/// solution holds the bounds of the games finished before (trivial where
/// none was) and [`PlayersSolution::stopped`] says why.
pub fn solve_within(
    board: &Board,
    rules: KeeRules,
    payoffs: &[Payoff],
    opts: KeeOptions,
    budget: &Budget,
) -> Result<PlayersSolution, PlayersError> {
    let mut out = PlayersSolution {
        full: None,
        players: Player::all(rules.players)
            .map(|p| PlayerBounds::trivial(p, payoffs, board.len() as i32))
            .collect(),
        stopped: None,
        situations_built: 0,
    };
    if opts.full {
        let t = Instant::now();
        let game = (Restriction::NONE, Forgetful::NONE);
        match Graph::build_within(
            board,
            rules,
            game,
            opts.max_situations,
            budget,
            opts.symmetric,
        ) {
            Ok(g) => {
                out.situations_built = g.situations() as u64;
                match full_solution(&g, board, rules, payoffs, t) {
                    Ok((run, players)) => {
                        out.full = Some(run);
                        out.players = players;
                        return Ok(out);
                    }
                    Err(PlayersError::Stopped(why)) => {
                        out.stopped = Some(why);
                        return Ok(out);
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(PlayersError::TooLarge(n)) => {
                out.situations_built = n;
                out.full = Some(GameRun {
                    restriction: Restriction::NONE,
                    forgetful: Forgetful::NONE,
                    side: None,
                    situations: None,
                    edges: 0,
                    values: Vec::new(),
                    seconds: t.elapsed().as_secs_f64(),
                });
            }
            Err(PlayersError::Stopped(why)) => {
                out.stopped = Some(why);
                return Ok(out);
            }
            Err(e) => return Err(e),
        }
    }
    for (i, p) in Player::all(rules.players).enumerate() {
        let left = budget.after(out.situations_built);
        let (pb, built, why) = player_bounds_within(board, rules, p, payoffs, opts, &left)?;
        out.players[i] = pb;
        out.situations_built += built;
        if why.is_some() {
            out.stopped = why;
            break;
        }
    }
    Ok(out)
}

/// Every player's exact values on the full graph `g` built from `t`, and
/// its run.
fn full_solution(
    g: &Graph,
    board: &Board,
    rules: KeeRules,
    payoffs: &[Payoff],
    t: Instant,
) -> Result<(GameRun, Vec<PlayerBounds>), PlayersError> {
    let mut players = Vec::new();
    let mut values = Vec::new();
    for p in Player::all(rules.players) {
        let mut bounds = Vec::new();
        for &pay in payoffs {
            let a = g.solve(board, p, pay)?;
            values.push(a.value);
            let bound = Bound {
                value: a.value,
                restriction: Some(Restriction::NONE),
                forgetful: Forgetful::NONE,
                line: Some(a),
            };
            bounds.push(Bounds {
                payoff: pay,
                lower: bound.clone(),
                upper: bound,
            });
        }
        players.push(PlayerBounds {
            player: p,
            bounds,
            runs: Vec::new(),
        });
    }
    let run = GameRun {
        restriction: Restriction::NONE,
        forgetful: Forgetful::NONE,
        side: None,
        situations: Some(g.situations()),
        edges: g.edges(),
        values,
        seconds: t.elapsed().as_secs_f64(),
    };
    Ok((run, players))
}

/// Bounds on `player`'s values of `payoffs` from restricted games: for K =
/// `opts.restricted_from`, ... the game with every other player restricted to
/// board histories under K (an upper bound) and the game with her so
/// restricted (a lower bound), each built under `opts.max_situations`
/// and answered by [`Graph::bound`] (each bound's strategy checked, its
/// line replayed in [`crate::players::PlayersGame`]). A side stops at its first graph that
/// outgrows the cap (a larger K only adds situations); everything stops
/// once every bound is exact. Bounds that cross are an error. With
/// `opts.forgetful_window` set, forgetful games instead: each side's held players as
/// above and the other side forgetful with that window
/// ([`Side::forgetful`]; docs/kee.md, "Forgetful games for more than two
/// players").
pub fn player_bounds(
    board: &Board,
    rules: KeeRules,
    player: Player,
    payoffs: &[Payoff],
    opts: KeeOptions,
) -> Result<PlayerBounds, PlayersError> {
    let budget = Budget::unlimited();
    player_bounds_within(board, rules, player, payoffs, opts, &budget).map(|(pb, _, _)| pb)
}

/// [`player_bounds`] under `budget`, with the situations of the graphs it
/// built and, where the budget ran out, why: the bounds are then those of
/// the games finished before.
pub fn player_bounds_within(
    board: &Board,
    rules: KeeRules,
    player: Player,
    payoffs: &[Payoff],
    opts: KeeOptions,
    budget: &Budget,
) -> Result<(PlayerBounds, u64, Option<Stop>), PlayersError> {
    let points = board.len() as i32;
    let mut built = 0u64;
    let mut bounds: Vec<Bounds> = payoffs
        .iter()
        .map(|&pay| Bounds::trivial(pay, points))
        .collect();
    let mut runs = Vec::new();
    // The upper side first: it restricts every other player, so its
    // graphs are the smaller ones with three or more players (docs/kee.md),
    // and where its bound meets the other the larger graph is never built.
    let mut open = [true, true];
    for limit in opts.restricted_from..=opts.restricted_up_to {
        for (i, side) in [Side::Upper, Side::Lower].into_iter().enumerate() {
            if !open[i] || bounds.iter().all(|b| b.value().is_some()) {
                continue;
            }
            let restriction = side.restriction(player, rules.players, limit);
            let forgetful = opts.forgetful_window.map_or(Forgetful::NONE, |m| {
                side.forgetful(player, rules.players, m)
            });
            let t = Instant::now();
            let mut run = GameRun {
                restriction,
                forgetful,
                side: Some(side),
                situations: None,
                edges: 0,
                values: Vec::new(),
                seconds: 0.0,
            };
            let game = (restriction, forgetful);
            let left = budget.after(built);
            let stopped = match Graph::build_within(
                board,
                rules,
                game,
                opts.max_situations,
                &left,
                opts.symmetric,
            ) {
                Ok(g) => {
                    built += g.situations() as u64;
                    run.situations = Some(g.situations());
                    run.edges = g.edges();
                    answer_bounds(&g, board, player, side, &mut bounds, &mut run)?
                }
                Err(PlayersError::TooLarge(n)) => {
                    built += n;
                    open[i] = false;
                    None
                }
                Err(PlayersError::Stopped(why)) => Some(why),
                Err(e) => return Err(e),
            };
            run.seconds = t.elapsed().as_secs_f64();
            runs.push(run);
            if let Some(why) = stopped {
                let pb = PlayerBounds {
                    player,
                    bounds,
                    runs,
                };
                return Ok((pb, built, Some(why)));
            }
        }
        if open == [false, false] || bounds.iter().all(|b| b.value().is_some()) {
            break;
        }
    }
    if let Some(b) = bounds.iter().find(|b| b.lower.value > b.upper.value) {
        return Err(PlayersError::CheckFailed(format!(
            "{:?} of {player}: restricted games bound it from below by {} and from above by {}",
            b.payoff, b.lower.value, b.upper.value
        )));
    }
    let pb = PlayerBounds {
        player,
        bounds,
        runs,
    };
    Ok((pb, built, None))
}

/// Tightens `bounds` by the `side` game on `g` and notes its values in
/// `run`; where the budget stops a payoff's answer, the bounds keep what
/// the payoffs before it gave, and the stop is returned.
fn answer_bounds(
    g: &Graph,
    board: &Board,
    player: Player,
    side: Side,
    bounds: &mut [Bounds],
    run: &mut GameRun,
) -> Result<Option<Stop>, PlayersError> {
    let game = (g.restriction(), g.forgetful());
    for b in bounds.iter_mut() {
        match g.bound(board, player, b.payoff, side) {
            Ok(a) => {
                run.values.push(a.value);
                tighten(b, side, game, a);
            }
            Err(PlayersError::Stopped(why)) => return Ok(Some(why)),
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// Raises the lower bound or lowers the upper bound of `b` to the value of
/// the `side` game `game` (its restriction and forgetful players), where
/// that is tighter.
fn tighten(b: &mut Bounds, side: Side, game: (Restriction, Forgetful), a: PlayersAnswer) {
    let better = match side {
        Side::Lower => a.value > b.lower.value,
        Side::Upper => a.value < b.upper.value,
    };
    let bound = match side {
        Side::Lower => &mut b.lower,
        Side::Upper => &mut b.upper,
    };
    if better {
        *bound = Bound {
            value: a.value,
            restriction: Some(game.0),
            forgetful: game.1,
            line: Some(a),
        };
    }
}

/// The situations of the full graph tried first by [`solve_escalating_within`]
/// (a few seconds): larger graphs are built only where forgetful games
/// leave an answer open.
pub const SMALL_GRAPH: u64 = 2_000_000;

/// How many of her latest positions a forgetful player remembers in the
/// forgetful games of [`solve_escalating_within`] (docs/kee.md).
pub const FORGETFUL_WINDOW: u32 = 2;

/// The games whose bounds an escalating solve reports last.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// The full situation graph: every answer exact.
    FullGraph,
    /// Forgetful games.
    ForgetfulGames,
    /// Restricted games (the full graph outgrew the cap).
    RestrictedGames,
}

impl Settled {
    /// Every kind, in [`Settled::index`] order.
    pub const ALL: [Settled; 3] = [
        Settled::FullGraph,
        Settled::ForgetfulGames,
        Settled::RestrictedGames,
    ];

    /// The kind's place in [`Settled::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The words the CLI prints: `full graph`, `forgetful games`,
    /// `restricted games`.
    pub const fn name(self) -> &'static str {
        match self {
            Settled::FullGraph => "full graph",
            Settled::ForgetfulGames => "forgetful games",
            Settled::RestrictedGames => "restricted games",
        }
    }
}

impl fmt::Display for Settled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every player's values of `payoffs` for `kosolve solve --players K`, each
/// method tried only where the ones before leave an answer open: the full
/// graph up to [`SMALL_GRAPH`] situations (exact, with lines of the game),
/// then forgetful games with window [`FORGETFUL_WINDOW`] (small graphs, no
/// lines of the game), then the full graph up to `max_situations` and
/// restricted games. The budget holds for the whole solve (situations
/// built count as nodes); where it runs out, each bound is the tightest of
/// the games finished, and [`PlayersSolution::stopped`] says why.
pub fn solve_escalating_within(
    board: &Board,
    rules: KeeRules,
    payoffs: &[Payoff],
    max_situations: u64,
    budget: &Budget,
) -> Result<(PlayersSolution, Settled), PlayersError> {
    let opts = KeeOptions {
        max_situations: max_situations.max(1),
        ..KeeOptions::for_players()
    };
    let small = KeeOptions {
        max_situations: max_situations.clamp(1, SMALL_GRAPH),
        restricted_up_to: 0,
        ..opts
    };
    let forgetful = KeeOptions {
        full: false,
        forgetful_window: Some(FORGETFUL_WINDOW),
        ..opts
    };
    let stages = [
        (small, Settled::FullGraph),
        (forgetful, Settled::ForgetfulGames),
        (opts, Settled::RestrictedGames),
    ];
    let mut best: Option<(PlayersSolution, Settled)> = None;
    for (o, kind) in stages {
        let built = best.as_ref().map_or(0, |b| b.0.situations_built);
        let mut sol = solve_within(board, rules, payoffs, o, &budget.after(built))?;
        sol.situations_built += built;
        let kind = match kind {
            Settled::RestrictedGames
                if sol.full.as_ref().is_some_and(|r| r.situations.is_some()) =>
            {
                Settled::FullGraph
            }
            k => k,
        };
        if let Some((before, _)) = &best {
            sol.tighten_with(before);
        }
        let done = sol.is_settled() || sol.stopped.is_some();
        best = Some((sol, kind));
        if done {
            break;
        }
    }
    Ok(best.expect("at least one stage"))
}

impl PlayersSolution {
    /// Keeps, for each player and payoff, the tighter of this solution's
    /// bound and `other`'s (the same board, rules and payoffs).
    fn tighten_with(&mut self, other: &PlayersSolution) {
        for (mine, theirs) in self.players.iter_mut().zip(&other.players) {
            for (b, o) in mine.bounds.iter_mut().zip(&theirs.bounds) {
                if o.lower.value > b.lower.value {
                    b.lower = o.lower.clone();
                }
                if o.upper.value < b.upper.value {
                    b.upper = o.upper.clone();
                }
            }
        }
    }
}
