//! Perft-style counts for Go on tiny boards.
//!
//! - [`count_positions`]: the number of legal positions of a board, by
//!   enumeration of every colouring, in parallel with rayon.
//! - [`count_games`]: the number of distinct complete games (move sequences
//!   from the empty board to the game end) under any ruleset, or of legal
//!   move sequences of an exact length ([`CountOptions::depth`]).
//!
//! Game counts take one of three methods ([`CountMethod`]):
//!
//! - [`CountMethod::Fast`]: positional superko (`psk`, `tromp-taylor`,
//!   `primitive`) on boards with at most 128 legal positions. Positions are
//!   numbered densely, the move graph is precomputed, and the count is
//!   memoised on (position, player to move, the part of the set of occurred
//!   positions that can still matter), in a canonical form under the board
//!   symmetries and the colour swap.
//! - [`CountMethod::Memo`]: any ruleset through the [`Game`] trait, memoised on
//!   [`Game::future_key`] (and the remaining depth).
//! - [`CountMethod::Plain`]: the same recursion without a memo (Kee, whose
//!   future depends on the order of the history, or when asked).
//!
//! docs/perft.md explains why each memo key is exact and lists timings.

mod fast;
mod generic;
mod positions;
mod table;

pub use fast::{fast_path_applies, FAST_MAX_POSITIONS};
pub use generic::count_games_in;
pub use positions::{count_positions, try_count_positions, MAX_POSITION_POINTS};

use kosolve_board::Board;
pub use kosolve_budget::{Budget, Stop};
use kosolve_rules::{AnyGame, Rules, Ruleset, Setup, SetupError};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What went wrong in a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftError {
    /// The ruleset's games can be infinite (`basic`) and no depth was given.
    InfiniteGames {
        /// The ruleset.
        ruleset: Ruleset,
    },
    /// The count does not fit in a `u128`.
    Overflow,
    /// The search visited more nodes than [`CountOptions::max_nodes`] allows.
    NodeLimit {
        /// The limit that was reached.
        limit: u64,
    },
    /// The memo grew past [`CountOptions::max_memo_entries`].
    MemoLimit {
        /// The limit that was reached.
        limit: u64,
    },
    /// The board is too large for the count asked for; the text says why.
    TooLarge(String),
    /// The start position or game record cannot be played.
    Setup(SetupError),
    /// The count was stopped by [`CountProgress::budget`] (Ctrl-C or its
    /// deadline).
    Interrupted {
        /// The nodes visited before it stopped.
        nodes: u64,
        /// What stopped it.
        why: Stop,
    },
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PerftError::InfiniteGames { ruleset } => write!(
                f,
                "games under '{ruleset}' can be infinite, so complete games cannot be counted; \
                 give a depth (--depth D) to count the legal move sequences of exactly D moves"
            ),
            PerftError::Overflow => f.write_str("the count overflows a 128-bit unsigned integer"),
            PerftError::NodeLimit { limit } => write!(
                f,
                "the count was abandoned after visiting {limit} nodes (the node limit); \
                 the game tree is too large for this board and ruleset"
            ),
            PerftError::MemoLimit { limit } => write!(
                f,
                "the count was abandoned when its memo reached {limit} entries (the memo limit); \
                 the game tree is too large for this board and ruleset"
            ),
            PerftError::TooLarge(s) => f.write_str(s),
            PerftError::Setup(e) => e.fmt(f),
            PerftError::Interrupted { nodes, why } => {
                write!(
                    f,
                    "the count was stopped by {why} after visiting {nodes} nodes"
                )
            }
        }
    }
}

impl std::error::Error for PerftError {}

/// How a game count was computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CountMethod {
    /// The specialised positional-superko counter over the dense move graph.
    Fast,
    /// Recursion over the [`Game`](kosolve_rules::Game) trait, memoised on its future key.
    Memo,
    /// Recursion over the [`Game`](kosolve_rules::Game) trait without a memo.
    Plain,
}

impl CountMethod {
    /// The method's name in reports: `fast`, `memo` or `plain`.
    pub const fn name(self) -> &'static str {
        match self {
            CountMethod::Fast => "fast",
            CountMethod::Memo => "memo",
            CountMethod::Plain => "plain",
        }
    }
}

impl fmt::Display for CountMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Options of a game count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountOptions {
    /// `None`: count complete games. `Some(d)`: count the legal move
    /// sequences of exactly `d` moves from the empty board; a sequence may
    /// not continue past the game end, and one that ends the game at move
    /// `d` counts.
    pub depth: Option<u32>,
    /// Use the specialised positional-superko counter where it applies
    /// (see [`fast_path_applies`]). Default `true`.
    pub fast: bool,
    /// Memoise the generic recursion on [`Game::future_key`](kosolve_rules::Game::future_key).
    /// Default `true`; `false` visits every node of the game tree.
    pub memo: bool,
    /// Use board symmetries and the colour swap in the fast path's memo
    /// key. Default `true`.
    pub symmetry: bool,
    /// Give up with [`PerftError::NodeLimit`] after visiting this many
    /// nodes (`None`: no limit).
    pub max_nodes: Option<u64>,
    /// Give up with [`PerftError::MemoLimit`] once the memo holds this many
    /// entries (`None`: no limit). An entry takes about 26 bytes in the
    /// fast path and about 64 in the generic one.
    pub max_memo_entries: Option<u64>,
    /// Where a running count publishes its effort and reads a stop request
    /// (for progress displays and Ctrl-C; counts never depend on it).
    pub progress: Option<Arc<CountProgress>>,
}

/// A running count's effort, published every [`PROGRESS_INTERVAL`] nodes,
/// and the budget it checks as often.
#[derive(Debug, Default)]
pub struct CountProgress {
    /// The nodes visited so far.
    pub nodes: AtomicU64,
    /// The memo entries held so far.
    pub memo_entries: AtomicU64,
    /// Its cancellation or deadline stops the count with
    /// [`PerftError::Interrupted`] (the node and memo limits are
    /// [`CountOptions`]' own).
    pub budget: Budget,
}

impl PartialEq for CountProgress {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for CountProgress {}

/// How many nodes a count visits between two looks at its [`CountProgress`]
/// (a power of two).
pub const PROGRESS_INTERVAL: u64 = 1 << 16;

impl CountProgress {
    /// Publishes the effort; returns the interruption once the budget ran out.
    pub(crate) fn tick(&self, nodes: u64, memo_entries: u64) -> Result<(), PerftError> {
        self.nodes.store(nodes, Ordering::Relaxed);
        self.memo_entries.store(memo_entries, Ordering::Relaxed);
        self.budget
            .check()
            .map_err(|why| PerftError::Interrupted { nodes, why })
    }
}

impl Default for CountOptions {
    fn default() -> Self {
        CountOptions {
            depth: None,
            fast: true,
            memo: true,
            symmetry: true,
            max_nodes: None,
            max_memo_entries: None,
            progress: None,
        }
    }
}

/// The result of a game count with the effort it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCount {
    /// The number of games (or of move sequences of the given depth).
    pub games: u128,
    /// The method used.
    pub method: CountMethod,
    /// Search nodes visited (game states expanded, memo hits included).
    pub nodes: u64,
    /// Entries in the memo at the end (0 without a memo).
    pub memo_entries: u64,
    /// Legal positions numbered by the fast path (0 for the other methods).
    pub dense_positions: usize,
}

/// Counts the complete games of `rules` on `board` (or the move sequences
/// of exactly [`CountOptions::depth`] moves). A position where the player
/// to move has no legal move ends the game and counts as one game.
///
/// Errors: [`PerftError::InfiniteGames`] for `basic` without a depth,
/// [`PerftError::Overflow`] if the count exceeds `u128`,
/// [`PerftError::NodeLimit`] if [`CountOptions::max_nodes`] is reached,
/// [`PerftError::MemoLimit`] if [`CountOptions::max_memo_entries`] is.
///
/// Kee games are counted without a memo (their future depends on the order
/// of the history), so Kee counts finish only on the tiniest boards; set
/// [`CountOptions::max_nodes`] to bound the work.
///
/// # Example
///
/// John Tromp's published counts (docs/references.md): 907 complete games
/// on 1x3 under positional superko, and on 1x1 with suicide allowed 1, 2
/// and 5 games under positional, situational and natural situational
/// superko.
///
/// ```
/// use kosolve_board::{Board, Suicide};
/// use kosolve_perft::{count_games, CountOptions};
/// use kosolve_rules::{Rules, Ruleset};
///
/// let opts = CountOptions::default();
/// let one_by_three = Board::parse("1x3").unwrap();
/// assert_eq!(count_games(&one_by_three, Rules::new(Ruleset::Psk), &opts).unwrap(), 907);
///
/// let one_point = Board::parse("1x1").unwrap();
/// for (ruleset, games) in [(Ruleset::Psk, 1), (Ruleset::Ssk, 2), (Ruleset::Nssk, 5)] {
///     let rules = Rules::new(ruleset).with_suicide(Suicide::Allowed).unwrap();
///     assert_eq!(count_games(&one_point, rules, &opts).unwrap(), games);
/// }
/// ```
pub fn count_games(board: &Board, rules: Rules, opts: &CountOptions) -> Result<u128, PerftError> {
    count_games_detailed(board, rules, opts).map(|c| c.games)
}

/// As [`count_games`], with the method used and the search effort.
pub fn count_games_detailed(
    board: &Board,
    rules: Rules,
    opts: &CountOptions,
) -> Result<GameCount, PerftError> {
    if rules.ruleset == Ruleset::Basic && opts.depth.is_none() {
        return Err(PerftError::InfiniteGames {
            ruleset: rules.ruleset,
        });
    }
    if opts.fast && fast_path_applies(board, &rules) {
        return fast::count(board, &rules, opts);
    }
    let mut game = AnyGame::new(Arc::new(board.clone()), rules);
    count_games_in(&mut game, opts)
}

/// As [`count_games_detailed`], counting the games that continue the game
/// `setup` reaches (docs/rules.md, "Starting from a position"): the
/// distinct move sequences from there to the game end (or of exactly
/// `opts.depth` moves).
pub fn count_games_from(
    board: &Board,
    rules: Rules,
    setup: &Setup,
    opts: &CountOptions,
) -> Result<GameCount, PerftError> {
    if setup.is_empty_board() {
        return count_games_detailed(board, rules, opts);
    }
    if rules.ruleset == Ruleset::Basic && opts.depth.is_none() {
        return Err(PerftError::InfiniteGames {
            ruleset: rules.ruleset,
        });
    }
    let mut game = setup
        .game(Arc::new(board.clone()), rules)
        .map_err(PerftError::Setup)?;
    count_games_in(&mut game, opts)
}
