//! The reachable state space of `basic` as an explicit graph.
//!
//! A state is (position, player to move, ko position, consecutive passes).
//! The ko position is the position as it stood before the opponent's last
//! move (the "position two moves ago" that `basic` forbids recreating), or
//! none at the start. With canonical ko (the default) it is replaced by
//! none whenever no board play of the player to move could recreate it:
//! the ko position is read by nothing else, so the two states have the same
//! legal moves, the same successors and the same end, hence the same future.
//!
//! Terminal nodes (the game ended after `end_passes` consecutive passes)
//! are keyed by their final position only: the score reads nothing else.
//!
//! Positions are numbered either densely (every legal position of a board
//! of at most 16 points, [`DenseIndex`]) or sparsely, as the search
//! discovers them ([`SparseIndex`]). Either numbering is a bijection
//! between the positions it holds and their ids, so a packed state stands
//! for exactly one (position, player, ko position, passes); which id a
//! position gets changes no state, edge or node number.

use crate::{BasicStart, RetroError, RetroOptions};
use bitvec::vec::BitVec;
use hashbrown::HashMap;
use kosolve_board::{Board, Color, Point, Position, Suicide};
use kosolve_budget::Budget;
use kosolve_graph::{Builder, Graph, GraphError};
use kosolve_history::DenseIndex;
use rayon::prelude::*;

/// Bits of a position id (legal positions of 16 points: 43,046,721 < 2^26).
const POS_BITS: u32 = 26;
const POS_MASK: u64 = (1 << POS_BITS) - 1;
/// The ko field's value for "no position is forbidden".
pub(crate) const NO_KO: u32 = (1 << POS_BITS) - 1;
/// Marks a successor key whose position is not numbered yet: its position
/// field is then an index into the expanding task's list of new positions
/// (sparse numbering only; resolved before the key is stored).
const PENDING: u64 = 1 << 63;

/// Positions numbered as they are discovered: exact (a position and its
/// id determine each other), and it holds only what the search reaches.
pub(crate) struct SparseIndex {
    positions: Vec<Position>,
    ids: HashMap<Position, u32, ahash::RandomState>,
}

impl SparseIndex {
    fn new() -> SparseIndex {
        SparseIndex {
            positions: Vec::new(),
            ids: HashMap::with_hasher(ahash::RandomState::with_seeds(5, 6, 7, 8)),
        }
    }

    /// The id of `pos`, numbering it if it is new; `None` once the ids
    /// would reach the ko field's "none".
    fn intern(&mut self, pos: Position) -> Option<u32> {
        if let Some(&id) = self.ids.get(&pos) {
            return Some(id);
        }
        let id = u32::try_from(self.positions.len())
            .ok()
            .filter(|&id| id < NO_KO)?;
        self.positions.push(pos);
        self.ids.insert(pos, id);
        Some(id)
    }
}

/// How positions are numbered.
pub(crate) enum Index {
    /// Every legal position of a small board, numbered in advance.
    Dense(DenseIndex),
    /// The positions the search reaches, numbered on discovery.
    Sparse(SparseIndex),
}

impl Index {
    /// A sparse index holding nothing yet.
    pub fn sparse() -> Index {
        Index::Sparse(SparseIndex::new())
    }

    /// The position numbered `id`.
    #[inline]
    fn position(&self, id: u32) -> Position {
        match self {
            Index::Dense(d) => d.position(id),
            Index::Sparse(s) => s.positions[id as usize],
        }
    }

    /// Every numbered position in number order, without the lookup table.
    pub(crate) fn into_positions(self) -> Vec<Position> {
        match self {
            Index::Dense(d) => d.into_positions(),
            Index::Sparse(s) => s.positions,
        }
    }

    /// The id of `pos` if it is numbered already.
    #[inline]
    fn lookup(&self, pos: &Position) -> Option<u32> {
        match self {
            Index::Dense(d) => d.id(pos),
            Index::Sparse(s) => s.ids.get(pos).copied(),
        }
    }

    /// The id of `pos`, numbering it if the index is sparse and it is new.
    fn intern(&mut self, pos: Position, cap: usize) -> Result<u32, RetroError> {
        match self {
            Index::Dense(d) => Ok(d.id(&pos).expect("every legal position has a dense number")),
            Index::Sparse(s) => s.intern(pos).ok_or(RetroError::TooManyStates { cap }),
        }
    }

    /// The number of positions numbered.
    fn len(&self) -> usize {
        match self {
            Index::Dense(d) => d.len(),
            Index::Sparse(s) => s.positions.len(),
        }
    }
}
/// The move code of a pass (board plays are coded by their point).
pub(crate) const PASS: u8 = u8::MAX;

/// A decoded state.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct State {
    pub pos: u32,
    pub to_move: Color,
    pub ko: u32,
    pub passes: u8,
}

impl State {
    fn pack(self) -> u64 {
        self.pos as u64
            | (self.ko as u64) << POS_BITS
            | ((self.to_move == Color::White) as u64) << (2 * POS_BITS)
            | (self.passes as u64) << (2 * POS_BITS + 1)
    }

    fn unpack(key: u64) -> State {
        State {
            pos: (key & POS_MASK) as u32,
            ko: (key >> POS_BITS & POS_MASK) as u32,
            to_move: if key >> (2 * POS_BITS) & 1 == 1 {
                Color::White
            } else {
                Color::Black
            },
            passes: (key >> (2 * POS_BITS + 1)) as u8,
        }
    }
}

/// The explicit game graph: nodes in BFS order from the start (node 0),
/// with the state of each node and the move of each edge.
pub(crate) struct Space {
    /// Node -> packed state.
    pub keys: Vec<u64>,
    /// Successors and predecessors (one predecessor entry per edge).
    pub graph: Graph,
    /// The move of each successor edge ([`PASS`] or a point index).
    pub succ_move: Vec<u8>,
    /// Terminal nodes.
    pub terminal: BitVec,
    /// Nodes where White is to move (never set on terminals).
    pub white_to_move: BitVec,
    /// Final margin of terminal nodes, in half points with komi applied (0 elsewhere).
    pub margin: Vec<i32>,
    /// Number of terminal nodes.
    pub terminals: usize,
    /// Distinct positions among the nodes.
    pub positions: usize,
}

impl Space {
    /// Number of nodes (states and terminals).
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// The edge numbers of the successors of `s`.
    #[inline]
    pub fn succ_range(&self, s: usize) -> std::ops::Range<usize> {
        self.graph.succ_range(s)
    }

    /// The node edge `e` leads to.
    #[inline]
    pub fn target(&self, e: usize) -> usize {
        self.graph.target(e)
    }

    /// The player to move at a non-terminal node.
    #[inline]
    pub fn to_move(&self, s: usize) -> Color {
        if self.white_to_move[s] {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The decoded state of node `s`.
    #[allow(dead_code)]
    pub fn state(&self, s: usize) -> State {
        State::unpack(self.keys[s])
    }
}

/// What one expansion needs to know.
struct Expander<'a> {
    board: &'a Board,
    suicide: Suicide,
    end_passes: u8,
    canonical_ko: bool,
}

impl Expander<'_> {
    /// The ko field of a state at position `x` with `c` to move whose
    /// previous position was `a`: `a` if a board play of `c` could recreate
    /// it (or canonical ko is off), otherwise none.
    fn ko_field(&self, a: Position, a_id: u32, x: &Position, c: Color) -> u32 {
        if !self.canonical_ko {
            return a_id;
        }
        let recreatable = crate::recreatable(self.board, self.suicide, &a, x, c);
        if recreatable {
            a_id
        } else {
            NO_KO
        }
    }

    fn terminal_key(&self, pos: u32) -> u64 {
        State {
            pos,
            to_move: Color::Black,
            ko: NO_KO,
            passes: self.end_passes,
        }
        .pack()
    }

    /// Appends the successors of `key` (packed state, move code) to `out`.
    /// A successor position the index does not hold yet (sparse numbering)
    /// is appended to `new` and its key marked [`PENDING`], its position
    /// field holding its place in `new`.
    fn expand(&self, index: &Index, key: u64, out: &mut Vec<(u64, u8)>, new: &mut Vec<Position>) {
        let st = State::unpack(key);
        if st.passes >= self.end_passes {
            return;
        }
        let pos = index.position(st.pos);
        let c = st.to_move;
        let opp = c.opponent();
        for p in pos.empty(self.board) {
            let Ok(played) = pos.play(self.board, c, p, self.suicide) else {
                continue;
            };
            let x = played.position;
            let (xid, pending) = match index.lookup(&x) {
                Some(id) => (id, 0),
                None => {
                    // Only a sparse index lacks a position: every number
                    // it holds is another position's, so x is no ko.
                    debug_assert!(matches!(index, Index::Sparse(_)));
                    new.push(x);
                    ((new.len() - 1) as u32, PENDING)
                }
            };
            if pending == 0 && xid == st.ko {
                continue; // basic ko: may not recreate the position two moves ago
            }
            let next = State {
                pos: xid,
                to_move: opp,
                ko: self.ko_field(pos, st.pos, &x, opp),
                passes: 0,
            };
            out.push((next.pack() | pending, p.0));
        }
        let passes = st.passes + 1;
        let next = if passes >= self.end_passes {
            self.terminal_key(st.pos)
        } else {
            State {
                pos: st.pos,
                to_move: opp,
                ko: self.ko_field(pos, st.pos, &pos, opp),
                passes,
            }
            .pack()
        };
        out.push((next, PASS));
    }
}

/// One parallel task's output: (successor key, move code) pairs, the
/// number of successors of each state expanded, and the positions new to
/// a sparse index that pending keys point into.
type Expanded = (Vec<(u64, u8)>, Vec<u32>, Vec<Position>);

/// States expanded per parallel task.
const CHUNK: usize = 2048;

/// Enumerates the states reachable from `start` by breadth-first search
/// (each BFS layer is expanded in parallel) and builds both edge lists.
///
/// The start state is (position, player to move, ko, passes) with the ko
/// field built as after any move: the position before the last move if a
/// board play of the player to move could recreate it (always, with
/// canonical ko off), otherwise none; none where no move has been made.
#[allow(clippy::too_many_arguments)]
pub(crate) fn build(
    board: &Board,
    index: &mut Index,
    start: &BasicStart,
    suicide: Suicide,
    komi_halves: i32,
    end_passes: u8,
    opts: &RetroOptions,
    budget: &Budget,
) -> Result<Space, RetroError> {
    let ex = Expander {
        board,
        suicide,
        end_passes,
        canonical_ko: opts.canonical_ko,
    };
    let cap = opts.max_states;
    let start = ex.start_key(index, start, cap)?;
    let (keys, graph, succ_move) = explore(&ex, index, start, cap, budget)?;
    Ok(label(
        board,
        index,
        keys,
        graph,
        succ_move,
        end_passes,
        komi_halves,
    ))
}

impl Expander<'_> {
    /// The packed start state (a terminal key where the start has had
    /// `end_passes` passes already), numbering its positions.
    fn start_key(
        &self,
        index: &mut Index,
        start: &BasicStart,
        cap: usize,
    ) -> Result<u64, RetroError> {
        let start_id = index.intern(start.position, cap)?;
        let ko = match start.two_ago {
            None => NO_KO,
            Some(a) => {
                let a_id = index.intern(a, cap)?;
                self.ko_field(a, a_id, &start.position, start.to_move)
            }
        };
        Ok(if start.passes >= self.end_passes {
            self.terminal_key(start_id)
        } else {
            State {
                pos: start_id,
                to_move: start.to_move,
                ko,
                passes: start.passes,
            }
            .pack()
        })
    }
}

/// The graph's overflow as the analysis reports it.
fn too_many(cap: usize, e: GraphError) -> RetroError {
    match e {
        GraphError::TooManyVertices { .. } => RetroError::TooManyStates { cap },
        GraphError::TooManyEdges => RetroError::TooManyEdges,
    }
}

/// The breadth-first search from the packed state `start`, one layer at a
/// time: the keys of the nodes in BFS order, the graph, and the move of
/// each successor edge.
fn explore(
    ex: &Expander<'_>,
    index: &mut Index,
    start: u64,
    cap: usize,
    budget: &Budget,
) -> Result<(Vec<u64>, Graph, Vec<u8>), RetroError> {
    let mut builder = Builder::new(start, cap as u64);
    let mut succ_move: Vec<u8> = Vec::new();
    let mut lo = 0usize;
    while lo < builder.len() {
        budget.check().map_err(RetroError::Stopped)?;
        let hi = builder.len();
        let layer = expand_layer(ex, index, &builder.keys()[lo..hi], budget);
        budget.check().map_err(RetroError::Stopped)?;
        add_layer(&mut builder, &mut succ_move, index, layer, cap, budget)?;
        lo = hi;
    }
    let (keys, graph) = builder.finish();
    Ok((keys, graph, succ_move))
}

/// Expands the states of one BFS layer in parallel, [`CHUNK`] per task.
fn expand_layer(ex: &Expander<'_>, index: &Index, keys: &[u64], budget: &Budget) -> Vec<Expanded> {
    keys.par_chunks(CHUNK)
        .map(|chunk| {
            // A stopped build skips the rest of its layer.
            if budget.check().is_err() {
                return Expanded::default();
            }
            let mut out = Vec::with_capacity(chunk.len() * (ex.board.len() + 1));
            let mut counts = Vec::with_capacity(chunk.len());
            let mut new = Vec::new();
            for &k in chunk {
                let before = out.len();
                ex.expand(index, k, &mut out, &mut new);
                counts.push((out.len() - before) as u32);
            }
            (out, counts, new)
        })
        .collect()
}

/// Adds the successors of one expanded layer to the graph, in order,
/// numbering the positions new to a sparse index.
fn add_layer(
    builder: &mut Builder<u64>,
    succ_move: &mut Vec<u8>,
    index: &mut Index,
    layer: Vec<Expanded>,
    cap: usize,
    budget: &Budget,
) -> Result<(), RetroError> {
    for (out, counts, new) in layer {
        budget.check().map_err(RetroError::Stopped)?;
        let mut it = out.into_iter();
        for n in counts {
            for (mut k, mv) in it.by_ref().take(n as usize) {
                if k & PENDING != 0 {
                    let x = new[(k & POS_MASK) as usize];
                    let id = index.intern(x, cap)?;
                    k = (k & !PENDING & !POS_MASK) | id as u64;
                }
                builder.edge(k).map_err(|e| too_many(cap, e))?;
                succ_move.push(mv);
            }
            builder.close().map_err(|e| too_many(cap, e))?;
        }
    }
    Ok(())
}

/// The [`Space`] of the explored graph: which nodes are terminal or have
/// White to move, the terminals' margins, and the counts.
fn label(
    board: &Board,
    index: &Index,
    keys: Vec<u64>,
    graph: Graph,
    succ_move: Vec<u8>,
    end_passes: u8,
    komi_halves: i32,
) -> Space {
    let n = keys.len();
    let mut terminal = BitVec::repeat(false, n);
    let mut white_to_move = BitVec::repeat(false, n);
    let margin: Vec<i32> = keys
        .par_iter()
        .map(|&k| {
            let st = State::unpack(k);
            if st.passes >= end_passes {
                2 * index.position(st.pos).area_margin(board) - komi_halves
            } else {
                0
            }
        })
        .collect();
    let mut terminals = 0;
    let mut seen_pos = BitVec::<usize>::repeat(false, index.len());
    let mut positions = 0;
    for (s, &k) in keys.iter().enumerate() {
        let st = State::unpack(k);
        if st.passes >= end_passes {
            terminal.set(s, true);
            terminals += 1;
        } else if st.to_move == Color::White {
            white_to_move.set(s, true);
        }
        if !seen_pos[st.pos as usize] {
            seen_pos.set(st.pos as usize, true);
            positions += 1;
        }
    }
    Space {
        keys,
        graph,
        succ_move,
        terminal,
        white_to_move,
        margin,
        terminals,
        positions,
    }
}

/// The move of a move code.
pub(crate) fn decode_move(code: u8) -> kosolve_rules::Move {
    if code == PASS {
        kosolve_rules::Move::Pass
    } else {
        kosolve_rules::Move::Play(Point(code))
    }
}
