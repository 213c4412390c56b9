//! The naive reference: plain depth-first minimax over every game, on the
//! literal [`PlayersGame`] (the whole list of recorded situations along the line,
//! histories as sets of positions), with no table and no pruning.
//!
//! It solves the two-player zero-sum game "player P against the coalition
//! of the others": P picks her turns to maximise a [`Payoff`] of the final
//! scores, the others pick theirs jointly to minimise it.

use crate::players::{KeeRules, Payoff, Player, PlayersError, PlayersGame, Turn};
use kosolve_board::Board;

/// The answer of the reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefValue {
    /// The exact value of the game for P.
    pub value: i32,
    /// A line of play under optimal strategies (first best turn at each node).
    pub pv: Vec<Turn>,
    /// The nodes visited (every game prefix, the empty one included).
    pub nodes: u64,
}

struct Search {
    player: Player,
    payoff: Payoff,
    nodes: u64,
    max_nodes: u64,
}

impl Search {
    /// The value of the game from here, and its line.
    fn value(&mut self, game: &mut PlayersGame<'_>) -> Result<(i32, Vec<Turn>), PlayersError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(PlayersError::NodeBudget(self.max_nodes));
        }
        if let Some(scores) = game.scores() {
            return Ok((self.payoff.of(&scores?, self.player), Vec::new()));
        }
        let maximise = game.to_move() == self.player;
        let mut best: Option<(i32, Vec<Turn>)> = None;
        for t in game.legal_turns() {
            game.play(t)?;
            let r = self.value(game);
            game.undo();
            let (v, mut line) = r?;
            let better = match &best {
                None => true,
                Some((b, _)) => {
                    if maximise {
                        v > *b
                    } else {
                        v < *b
                    }
                }
            };
            if better {
                line.insert(0, t);
                best = Some((v, line));
            }
        }
        Ok(best.expect("a pass is always legal"))
    }
}

/// The value for `player` of `payoff` against the coalition of the others,
/// from the empty board, visiting at most `max_nodes` nodes. Runs on a
/// thread with a 1 GiB stack (one frame per turn of the game).
pub fn solve(
    board: &Board,
    rules: KeeRules,
    player: Player,
    payoff: Payoff,
    max_nodes: u64,
) -> Result<RefValue, PlayersError> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(s, || {
                let mut game = PlayersGame::new(board, rules);
                let mut search = Search {
                    player,
                    payoff,
                    nodes: 0,
                    max_nodes,
                };
                let (value, pv) = search.value(&mut game)?;
                Ok(RefValue {
                    value,
                    pv,
                    nodes: search.nodes,
                })
            })
            .expect("spawn the reference thread")
            .join()
            .expect("the reference thread does not panic")
    })
}

/// The four payoffs in the order of [`solve_all`]'s answers.
pub const PAYOFFS: [Payoff; 4] = [
    Payoff::Score,
    Payoff::Margin,
    Payoff::StrictWin,
    Payoff::NotLose,
];

/// The answers of [`solve_all`]: `values[p][i]` is player p's value of
/// [`PAYOFFS`]`[i]` against the coalition of the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllValues {
    /// Per player, per payoff of [`PAYOFFS`].
    pub values: Vec<[i32; 4]>,
    /// The nodes visited (every game prefix, the empty one included).
    pub nodes: u64,
}

/// Every player's value of every payoff of [`PAYOFFS`] in one plain
/// depth-first pass over the game tree: at each node, each of these k x 4
/// games takes its own maximum (where its player moves) or minimum (where
/// a coalition member moves) over the children. Same search as [`solve`],
/// without lines.
pub fn solve_all(
    board: &Board,
    rules: KeeRules,
    max_nodes: u64,
) -> Result<AllValues, PlayersError> {
    fn walk(
        game: &mut PlayersGame<'_>,
        nodes: &mut u64,
        max_nodes: u64,
    ) -> Result<Vec<[i32; 4]>, PlayersError> {
        *nodes += 1;
        if *nodes > max_nodes {
            return Err(PlayersError::NodeBudget(max_nodes));
        }
        let k = game.rules().players;
        if let Some(scores) = game.scores() {
            let scores = scores?;
            return Ok(Player::all(k)
                .map(|p| PAYOFFS.map(|pay| pay.of(&scores, p)))
                .collect());
        }
        let mover = game.to_move();
        let mut best: Option<Vec<[i32; 4]>> = None;
        for t in game.legal_turns() {
            game.play(t)?;
            let r = walk(game, nodes, max_nodes);
            game.undo();
            let child = r?;
            best = Some(match best {
                None => child,
                Some(mut b) => {
                    for (p, row) in b.iter_mut().enumerate() {
                        for (i, v) in row.iter_mut().enumerate() {
                            *v = if p == mover.index() {
                                (*v).max(child[p][i])
                            } else {
                                (*v).min(child[p][i])
                            };
                        }
                    }
                    b
                }
            });
        }
        Ok(best.expect("a pass is always legal"))
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(s, || {
                let mut game = PlayersGame::new(board, rules);
                let mut nodes = 0;
                let values = walk(&mut game, &mut nodes, max_nodes)?;
                Ok(AllValues { values, nodes })
            })
            .expect("spawn the reference thread")
            .join()
            .expect("the reference thread does not panic")
    })
}
