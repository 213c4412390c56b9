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

use crate::{RetroError, RetroOptions};
use bitvec::vec::BitVec;
use hashbrown::HashMap;
use kosolve_board::{Board, Color, Point, Position, Suicide};
use kosolve_history::DenseIndex;
use rayon::prelude::*;

/// Bits of a position id (legal positions of 16 points: 43,046,721 < 2^26).
const POS_BITS: u32 = 26;
const POS_MASK: u64 = (1 << POS_BITS) - 1;
/// The ko field's value for "no position is forbidden".
pub(crate) const NO_KO: u32 = (1 << POS_BITS) - 1;
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
/// successor and predecessor lists in compressed form.
pub(crate) struct Space {
    /// Node -> packed state.
    pub keys: Vec<u64>,
    /// Successors of node `s`: `succ[succ_start[s]..succ_start[s + 1]]`.
    pub succ_start: Vec<usize>,
    pub succ: Vec<u32>,
    /// The move of each successor edge ([`PASS`] or a point index).
    pub succ_move: Vec<u8>,
    /// Predecessors of node `t`, one entry per edge.
    pub pred_start: Vec<usize>,
    pub pred: Vec<u32>,
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
        self.keys.len()
    }

    /// The successor range of `s`.
    #[inline]
    pub fn succ_range(&self, s: usize) -> std::ops::Range<usize> {
        self.succ_start[s]..self.succ_start[s + 1]
    }

    /// The predecessors of `t` (with repetitions for parallel edges).
    #[inline]
    pub fn preds(&self, t: usize) -> &[u32] {
        &self.pred[self.pred_start[t]..self.pred_start[t + 1]]
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
    index: &'a DenseIndex,
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
        let recreatable = match self.suicide {
            Suicide::Forbidden => {
                // A board play of c at p adds exactly p to c's stones and
                // only removes opponent stones.
                let added = a.stones(c) - x.stones(c);
                added.count() == 1
                    && x.stones(c).is_subset(a.stones(c))
                    && a.stones(c.opponent()).is_subset(x.stones(c.opponent()))
                    && x.play(self.board, c, added.first_point().unwrap(), self.suicide)
                        .is_ok_and(|pl| pl.position == a)
            }
            Suicide::Allowed => x.empty(self.board).iter().any(|p| {
                x.play(self.board, c, p, self.suicide)
                    .is_ok_and(|pl| pl.position == a)
            }),
        };
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
    fn expand(&self, key: u64, out: &mut Vec<(u64, u8)>) {
        let st = State::unpack(key);
        if st.passes >= self.end_passes {
            return;
        }
        let pos = self.index.position(st.pos);
        let c = st.to_move;
        let opp = c.opponent();
        for p in pos.empty(self.board) {
            let Ok(played) = pos.play(self.board, c, p, self.suicide) else {
                continue;
            };
            let x = played.position;
            let xid = self
                .index
                .id(&x)
                .expect("a board play leads to a legal position");
            if xid == st.ko {
                continue; // basic ko: may not recreate the position two moves ago
            }
            let next = State {
                pos: xid,
                to_move: opp,
                ko: self.ko_field(pos, st.pos, &x, opp),
                passes: 0,
            };
            out.push((next.pack(), p.0));
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

/// One parallel task's output: (successor key, move code) pairs, and the
/// number of successors of each state expanded.
type Expanded = (Vec<(u64, u8)>, Vec<u32>);

/// States expanded per parallel task.
const CHUNK: usize = 2048;

/// Enumerates the states reachable from the start by breadth-first search
/// (each BFS layer is expanded in parallel) and builds both edge lists.
pub(crate) fn build(
    board: &Board,
    index: &DenseIndex,
    suicide: Suicide,
    komi_halves: i32,
    end_passes: u8,
    opts: &RetroOptions,
) -> Result<Space, RetroError> {
    let ex = Expander {
        board,
        index,
        suicide,
        end_passes,
        canonical_ko: opts.canonical_ko,
    };
    let empty_id = index
        .id(&Position::EMPTY)
        .expect("the empty board is legal");
    let start = State {
        pos: empty_id,
        to_move: Color::Black,
        ko: NO_KO,
        passes: 0,
    }
    .pack();
    let start = if end_passes == 0 {
        ex.terminal_key(empty_id)
    } else {
        start
    };
    let mut keys: Vec<u64> = vec![start];
    let mut ids: HashMap<u64, u32, ahash::RandomState> =
        HashMap::with_hasher(ahash::RandomState::with_seeds(1, 2, 3, 4));
    ids.insert(start, 0);
    let mut succ_start: Vec<usize> = vec![0];
    let mut succ: Vec<u32> = Vec::new();
    let mut succ_move: Vec<u8> = Vec::new();
    let mut lo = 0usize;
    while lo < keys.len() {
        let hi = keys.len();
        let layer: Vec<Expanded> = keys[lo..hi]
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut out = Vec::with_capacity(chunk.len() * (board.len() + 1));
                let mut counts = Vec::with_capacity(chunk.len());
                for &k in chunk {
                    let before = out.len();
                    ex.expand(k, &mut out);
                    counts.push((out.len() - before) as u32);
                }
                (out, counts)
            })
            .collect();
        for (out, counts) in layer {
            let mut it = out.into_iter();
            for n in counts {
                for (k, mv) in it.by_ref().take(n as usize) {
                    let id = *ids.entry(k).or_insert_with(|| {
                        keys.push(k);
                        (keys.len() - 1) as u32
                    });
                    succ.push(id);
                    succ_move.push(mv);
                }
                succ_start.push(succ.len());
            }
        }
        if keys.len() > opts.max_states {
            return Err(RetroError::TooManyStates {
                cap: opts.max_states,
            });
        }
        lo = hi;
    }
    drop(ids);
    let n = keys.len();
    debug_assert_eq!(succ_start.len(), n + 1);

    // Predecessor lists by counting sort.
    let mut pred_start = vec![0usize; n + 1];
    for &t in &succ {
        pred_start[t as usize + 1] += 1;
    }
    for i in 0..n {
        pred_start[i + 1] += pred_start[i];
    }
    let mut fill = pred_start.clone();
    let mut pred = vec![0u32; succ.len()];
    for s in 0..n {
        for &t in &succ[succ_start[s]..succ_start[s + 1]] {
            pred[fill[t as usize]] = s as u32;
            fill[t as usize] += 1;
        }
    }

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
    Ok(Space {
        keys,
        succ_start,
        succ,
        succ_move,
        pred_start,
        pred,
        terminal,
        white_to_move,
        margin,
        terminals,
        positions,
    })
}

/// The move of a move code.
pub(crate) fn decode_move(code: u8) -> kosolve_rules::Move {
    if code == PASS {
        kosolve_rules::Move::Pass
    } else {
        kosolve_rules::Move::Play(Point(code))
    }
}
