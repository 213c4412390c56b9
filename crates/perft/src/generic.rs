//! Game counts over the [`Game`] trait, memoised on [`Game::future_key`].

use crate::{CountMethod, CountOptions, GameCount, PerftError};
use hashbrown::HashMap;
use kosolve_rules::{Game, Move};

/// Counts the games (or the move sequences of [`CountOptions::depth`] moves)
/// from the current state of `game`, through the [`Game`] trait.
///
/// With [`CountOptions::memo`] the count of every state whose
/// [`Game::future_key`] is `Some` is memoised on that key (and the
/// remaining depth); states whose key is `None` (Kee) are expanded every
/// time. `game` is returned in the state it was given in, also on error.
/// The caller is responsible for refusing `basic` without a depth; here a
/// `basic` game without a depth may not terminate.
pub fn count_games_in<G: Game>(game: &mut G, opts: &CountOptions) -> Result<GameCount, PerftError> {
    let mut c = Counter {
        memo: HashMap::with_hasher(ahash::RandomState::with_seeds(11, 12, 13, 14)),
        use_memo: opts.memo,
        depth_mode: opts.depth.is_some(),
        nodes: 0,
        max_nodes: opts.max_nodes.unwrap_or(u64::MAX),
        max_memo: opts.max_memo_entries.unwrap_or(u64::MAX),
        progress: opts.progress.clone(),
        used_memo: opts.memo && game.future_key().is_some(),
        buffers: Vec::new(),
    };
    let games = c.count(game, opts.depth.unwrap_or(u32::MAX), 0)?;
    Ok(GameCount {
        games,
        method: if c.used_memo {
            CountMethod::Memo
        } else {
            CountMethod::Plain
        },
        nodes: c.nodes,
        memo_entries: c.memo.len() as u64,
        dense_positions: 0,
    })
}

struct Counter {
    memo: HashMap<(u128, u32), u128, ahash::RandomState>,
    use_memo: bool,
    depth_mode: bool,
    nodes: u64,
    max_nodes: u64,
    max_memo: u64,
    progress: Option<std::sync::Arc<crate::CountProgress>>,
    used_memo: bool,
    buffers: Vec<Vec<Move>>,
}

impl Counter {
    /// `depth` is the number of moves still to play in depth mode, `u32::MAX` otherwise.
    fn count<G: Game>(&mut self, game: &mut G, depth: u32, ply: usize) -> Result<u128, PerftError> {
        if self.depth_mode && depth == 0 {
            return Ok(1);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(PerftError::NodeLimit {
                limit: self.max_nodes,
            });
        }
        if self.memo.len() as u64 >= self.max_memo {
            return Err(PerftError::MemoLimit {
                limit: self.max_memo,
            });
        }
        if self.nodes & (crate::PROGRESS_INTERVAL - 1) == 0 {
            if let Some(p) = &self.progress {
                p.tick(self.nodes, self.memo.len() as u64)?;
            }
        }
        let ended = if self.depth_mode { 0 } else { 1 };
        if game.result().is_some() {
            return Ok(ended);
        }
        let key = if self.use_memo {
            game.future_key().map(|k| (k, depth))
        } else {
            None
        };
        if let Some(k) = key {
            if let Some(&v) = self.memo.get(&k) {
                return Ok(v);
            }
        }
        if self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        game.legal_moves(&mut moves);
        let result = if moves.is_empty() {
            // The player to move has no legal move: the game is over.
            Ok(ended)
        } else {
            let next = if self.depth_mode { depth - 1 } else { depth };
            let mut total = 0u128;
            let mut err = None;
            for &m in &moves {
                game.play(m);
                let r = self.count(game, next, ply + 1);
                game.undo();
                match r.and_then(|r| total.checked_add(r).ok_or(PerftError::Overflow)) {
                    Ok(t) => total = t,
                    Err(e) => {
                        err = Some(e);
                        break;
                    }
                }
            }
            match err {
                Some(e) => Err(e),
                None => Ok(total),
            }
        };
        self.buffers[ply] = moves;
        let total = result?;
        if let Some(k) = key {
            self.memo.insert(k, total);
        }
        Ok(total)
    }
}
