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

use crate::forgetful::Forgetful;
use crate::parity::{Answer, Graph};
use crate::{KeeMultiError, KeeRules, Payoff, Player};
use kosolve_board::Board;
use std::fmt;
use std::time::Instant;

/// Which players a graph restricts, and how: each of them may make a board
/// play only while her board history holds fewer than `limit` positions.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Restriction {
    /// Bit i set: player i is restricted.
    pub players: u8,
    /// The board history size that stops a restricted player's board plays.
    pub limit: u32,
}

impl Restriction {
    /// No player restricted: the game itself.
    pub const NONE: Restriction = Restriction {
        players: 0,
        limit: u32::MAX,
    };

    /// `player` alone restricted to board histories under `limit`.
    pub fn player(player: Player, limit: u32) -> Restriction {
        Restriction {
            players: 1 << player.0,
            limit,
        }
    }

    /// Every player among `players` but `player` restricted to board
    /// histories under `limit`.
    pub fn coalition(player: Player, players: usize, limit: u32) -> Restriction {
        let all = (1u8 << players) - 1;
        Restriction {
            players: all & !(1 << player.0),
            limit,
        }
    }

    /// Whether `p` is restricted.
    pub fn holds(self, p: Player) -> bool {
        self.players >> p.0 & 1 != 0
    }

    /// Whether nobody is restricted.
    pub fn is_none(self) -> bool {
        self.players == 0
    }
}

/// The names of the players in the bit set `players` (bit i: player i),
/// joined by "and".
pub(crate) fn player_names(players: u8) -> String {
    let names: Vec<&str> = (0..crate::MAX_PLAYERS as u8)
        .filter(|i| players >> i & 1 != 0)
        .map(|i| Player(i).name())
        .collect();
    names.join(" and ")
}

impl fmt::Display for Restriction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("no restriction");
        }
        write!(
            f,
            "{} restricted to board histories under {}",
            player_names(self.players),
            self.limit
        )
    }
}

/// Which bound on P's value a restricted game gives.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    /// P restricted: a lower bound.
    Lower,
    /// Every coalition member restricted: an upper bound.
    Upper,
}

impl Side {
    /// The restriction of this side's game for `player` among `players`
    /// with board histories under `limit`.
    pub fn restriction(self, player: Player, players: usize, limit: u32) -> Restriction {
        match self {
            Side::Lower => Restriction::player(player, limit),
            Side::Upper => Restriction::coalition(player, players, limit),
        }
    }
}

impl Side {
    /// The forgetful players of this side's forgetful game for `player`
    /// among `players`, remembering `window` positions: the other side
    /// (the coalition for [`Side::Lower`], P for [`Side::Upper`]).
    pub fn forgetful(self, player: Player, players: usize, window: u32) -> Forgetful {
        match self {
            Side::Lower => Forgetful::coalition(player, players, window),
            Side::Upper => Forgetful::player(player, window),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Lower => "lower",
            Side::Upper => "upper",
        })
    }
}

/// Options of [`solve`] and [`player_bounds`].
#[derive(Copy, Clone, Debug)]
pub struct BoundOptions {
    /// Give up on a graph once it has more situations than this.
    pub max_situations: u64,
    /// Try the full graph first ([`solve`] only).
    pub full: bool,
    /// The first limit K of the restricted games.
    pub limit_from: u32,
    /// The last limit K (the games stop earlier once every bound is exact
    /// or both sides' graphs outgrow the cap).
    pub limit_up_to: u32,
    /// `Some(m)`: forgetful games instead of restricted ones ([`player_bounds`]):
    /// the side not held remembers only its latest m positions.
    pub window: Option<u32>,
}

impl Default for BoundOptions {
    fn default() -> Self {
        BoundOptions {
            max_situations: 40_000_000,
            full: true,
            limit_from: 1,
            // Past the number of positions the restriction holds nobody.
            limit_up_to: crate::parity::MAX_POSITIONS as u32 + 1,
            window: None,
        }
    }
}

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
    pub line: Option<Answer>,
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
pub struct Solution {
    /// The full graph's run, if it was tried.
    pub full: Option<GameRun>,
    /// Every player's bounds (exact where the full graph fitted).
    pub players: Vec<PlayerBounds>,
}

/// Every player's values of `payoffs` against the coalition of the others:
/// exact from the full graph where it fits under `opts.max_situations`
/// (and `opts.full` asks for it), else bounds from restricted games
/// ([`player_bounds`]).
pub fn solve(
    board: &Board,
    rules: KeeRules,
    payoffs: &[Payoff],
    opts: BoundOptions,
) -> Result<Solution, KeeMultiError> {
    let mut full = None;
    if opts.full {
        let t = Instant::now();
        match Graph::build(board, rules, opts.max_situations) {
            Ok(g) => {
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
                return Ok(Solution {
                    full: Some(run),
                    players,
                });
            }
            Err(KeeMultiError::TooLarge(_)) => {
                full = Some(GameRun {
                    restriction: Restriction::NONE,
                    forgetful: Forgetful::NONE,
                    side: None,
                    situations: None,
                    edges: 0,
                    values: Vec::new(),
                    seconds: t.elapsed().as_secs_f64(),
                });
            }
            Err(e) => return Err(e),
        }
    }
    let players = Player::all(rules.players)
        .map(|p| player_bounds(board, rules, p, payoffs, opts))
        .collect::<Result<_, _>>()?;
    Ok(Solution { full, players })
}

/// Bounds on `player`'s values of `payoffs` from restricted games: for K =
/// `opts.limit_from`, ... the game with every other player restricted to
/// board histories under K (an upper bound) and the game with her so
/// restricted (a lower bound), each built under `opts.max_situations`
/// and answered by [`Graph::bound`] (each bound's strategy checked, its
/// line replayed in [`crate::Game`]). A side stops at its first graph that
/// outgrows the cap (a larger K only adds situations); everything stops
/// once every bound is exact. Bounds that cross are an error. With
/// `opts.window` set, forgetful games instead: each side's held players as
/// above and the other side forgetful with that window
/// ([`Side::forgetful`]; docs/kee.md, "Forgetful games for more than two
/// players").
pub fn player_bounds(
    board: &Board,
    rules: KeeRules,
    player: Player,
    payoffs: &[Payoff],
    opts: BoundOptions,
) -> Result<PlayerBounds, KeeMultiError> {
    let points = board.len() as i32;
    let mut bounds: Vec<Bounds> = payoffs
        .iter()
        .map(|&pay| Bounds::trivial(pay, points))
        .collect();
    let mut runs = Vec::new();
    // The upper side first: it restricts every other player, so its
    // graphs are the smaller ones with three or more players (docs/kee.md),
    // and where its bound meets the other the larger graph is never built.
    let mut open = [true, true];
    for limit in opts.limit_from..=opts.limit_up_to {
        for (i, side) in [Side::Upper, Side::Lower].into_iter().enumerate() {
            if !open[i] || bounds.iter().all(|b| b.value().is_some()) {
                continue;
            }
            let restriction = side.restriction(player, rules.players, limit);
            let forgetful = opts.window.map_or(Forgetful::NONE, |m| {
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
            match Graph::build_forgetful(board, rules, restriction, forgetful, opts.max_situations)
            {
                Ok(g) => {
                    run.situations = Some(g.situations());
                    run.edges = g.edges();
                    for b in bounds.iter_mut() {
                        let a = g.bound(board, player, b.payoff, side)?;
                        run.values.push(a.value);
                        tighten(b, side, (restriction, forgetful), a);
                    }
                }
                Err(KeeMultiError::TooLarge(_)) => open[i] = false,
                Err(e) => return Err(e),
            }
            run.seconds = t.elapsed().as_secs_f64();
            runs.push(run);
        }
        if open == [false, false] || bounds.iter().all(|b| b.value().is_some()) {
            break;
        }
    }
    if let Some(b) = bounds.iter().find(|b| b.lower.value > b.upper.value) {
        return Err(KeeMultiError::CheckFailed(format!(
            "{:?} of {player}: restricted games bound it from below by {} and from above by {}",
            b.payoff, b.lower.value, b.upper.value
        )));
    }
    Ok(PlayerBounds {
        player,
        bounds,
        runs,
    })
}

/// Raises the lower bound or lowers the upper bound of `b` to the value of
/// the `side` game `game` (its restriction and forgetful players), where
/// that is tighter.
fn tighten(b: &mut Bounds, side: Side, game: (Restriction, Forgetful), a: Answer) {
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
