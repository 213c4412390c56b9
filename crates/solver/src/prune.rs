//! History pruning: table keys that keep only the part of the history a
//! future legality test can read (docs/solver.md, "Pruned keys").
//!
//! The graph of every legal position of the board, with an edge for every
//! board play of either colour, is built once per solve. At a node, a
//! search from the current position C over that graph, never entering a
//! play the history forbids for good ([`Game::permanent_bans`]), gives the
//! set R of positions the game can still reach. Every future board play
//! leaves a position of R, so its legality test asks about a position
//! created from R (a member of N(R), the successors of R) or, for
//! transition rules, a transition leaving R. The key keeps exactly those
//! history entries ([`Game::restricted_future_key`]).

use kosolve_board::{Board, Color, Position, Suicide, TernaryIndexer};
use kosolve_rules::{Ban, BanKind, Game};

/// Every legal position of a board and the board plays between them.
#[derive(Debug)]
pub struct PositionGraph {
    indexer: TernaryIndexer,
    /// Ternary number to dense id (`u32::MAX` for illegal positions).
    id_of: Vec<u32>,
    /// Dense id to position.
    positions: Vec<Position>,
    /// Successors of id `i`: `succ[start[i]..start[i + 1]]` (sorted, distinct).
    start: Vec<u32>,
    succ: Vec<u32>,
}

/// The largest ternary numbering (3^points) a graph is built for: 3^12 (3x4, 2x6, 1x12).
pub const MAX_GRAPH_INDEX: u64 = 531_441;

impl PositionGraph {
    /// Builds the graph, or `None` if the board has more than 12 points.
    pub fn build(board: &Board, suicide: Suicide) -> Option<PositionGraph> {
        let n = board.len() as u32;
        if n > 12 || 3u64.pow(n) > MAX_GRAPH_INDEX {
            return None;
        }
        let size = 3usize.pow(n);
        let indexer = TernaryIndexer::new();
        let positions = kosolve_board::legal_positions(board);
        let mut id_of = vec![u32::MAX; size];
        for (i, p) in positions.iter().enumerate() {
            id_of[indexer.index(p) as usize] = i as u32;
        }
        let mut start = Vec::with_capacity(positions.len() + 1);
        let mut succ = Vec::new();
        let mut kids = Vec::new();
        for p in &positions {
            start.push(succ.len() as u32);
            kids.clear();
            for c in [Color::Black, Color::White] {
                for pt in p.empty(board) {
                    if let Ok(played) = p.play(board, c, pt, suicide) {
                        kids.push(id_of[indexer.index(&played.position) as usize]);
                    }
                }
            }
            kids.sort_unstable();
            kids.dedup();
            succ.extend_from_slice(&kids);
        }
        start.push(succ.len() as u32);
        Some(PositionGraph {
            indexer,
            id_of,
            positions,
            start,
            succ,
        })
    }

    /// The number of legal positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph has no position (never: the empty board is legal).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The dense id of a legal position.
    #[inline]
    pub fn id(&self, p: &Position) -> u32 {
        self.id_of[self.indexer.index(p) as usize]
    }

    #[inline]
    fn successors(&self, i: u32) -> &[u32] {
        &self.succ[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }
}

/// One searcher's scratch space for pruned keys.
pub(crate) struct Pruner<'g> {
    graph: &'g PositionGraph,
    /// Most positions a reachability search may visit before the whole key is used.
    budget: usize,
    epoch: u32,
    in_r: Vec<u32>,
    in_n: Vec<u32>,
    banned: Vec<u32>,
    trans_from: Vec<u32>,
    transitions: Vec<(u32, u32)>,
    bans: Vec<Ban>,
    stack: Vec<u32>,
    /// Keys computed pruned / whole (the budget ran out or no bans apply).
    pub pruned: u64,
    /// See `pruned`.
    pub whole: u64,
}

impl<'g> Pruner<'g> {
    pub fn new(graph: &'g PositionGraph, budget: usize) -> Self {
        let n = graph.len();
        Pruner {
            graph,
            budget,
            epoch: 0,
            in_r: vec![0; n],
            in_n: vec![0; n],
            banned: vec![0; n],
            trans_from: vec![0; n],
            transitions: Vec::new(),
            bans: Vec::new(),
            stack: Vec::new(),
            pruned: 0,
            whole: 0,
        }
    }

    fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            for v in [
                &mut self.in_r,
                &mut self.in_n,
                &mut self.banned,
                &mut self.trans_from,
            ] {
                v.iter_mut().for_each(|x| *x = 0);
            }
            self.epoch = 1;
        }
        self.epoch
    }

    /// The table key of the game's state: pruned where the reachable set
    /// stays within the budget, the whole [`Game::future_key`] otherwise.
    pub fn key<G: Game>(&mut self, game: &G) -> Option<u128> {
        self.bans.clear();
        let Some(kind) = game.permanent_bans(&mut self.bans) else {
            self.whole += 1;
            return game.future_key();
        };
        let g = self.graph;
        let e = self.next_epoch();
        self.transitions.clear();
        for b in &self.bans {
            match b {
                Ban::Create(q) => self.banned[g.id(q) as usize] = e,
                Ban::Transition(p, q) => {
                    let (p, q) = (g.id(p), g.id(q));
                    self.trans_from[p as usize] = e;
                    self.transitions.push((p, q));
                }
            }
        }
        let c = g.id(&game.position());
        self.stack.clear();
        self.stack.push(c);
        self.in_r[c as usize] = e;
        let mut reached = 1usize;
        while let Some(p) = self.stack.pop() {
            let from_banned = self.trans_from[p as usize] == e;
            for &q in g.successors(p) {
                self.in_n[q as usize] = e;
                if self.in_r[q as usize] == e || self.banned[q as usize] == e {
                    continue;
                }
                if from_banned && self.transitions.contains(&(p, q)) {
                    continue;
                }
                self.in_r[q as usize] = e;
                reached += 1;
                if reached > self.budget {
                    self.whole += 1;
                    return game.future_key();
                }
                self.stack.push(q);
            }
        }
        self.pruned += 1;
        let keep_set = match kind {
            BanKind::Created => &self.in_n,
            BanKind::Transitions => &self.in_r,
        };
        game.restricted_future_key(&|q: Position| keep_set[g.id(&q) as usize] == e)
    }
}
