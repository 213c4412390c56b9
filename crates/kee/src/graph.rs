//! The graph of reachable Kee game situations, one vertex per symmetry class.

use hashbrown::HashSet;
use kosolve_board::{legal_positions, Board, Color, Point, Position, Suicide};
use kosolve_budget::{Budget, Stop};
use kosolve_graph::Builder;
pub use kosolve_graph::GraphError;

/// The largest number of legal positions a situation key can hold
/// (8 + 2 x 59 bits and a marker bit fit a `u128`).
pub const MAX_POSITIONS: usize = 59;

const MARK: u128 = 1 << 127;

/// A game situation packed into a `u128`: bit 0 the player to move (1 =
/// White), bit 1 whether the turn that led here was a pass, bits 2..8 the
/// position's index, then the two board histories as sets of position
/// indices (Black's from bit 8, White's from bit 8 + n), and a marker bit
/// so that no key is 0.
pub type Key = u128;

/// The positions of a game (every legal position of the board from the
/// empty board; from another start, those board plays can reach from it),
/// their moves, areas and symmetries, and where the game starts.
pub struct Positions {
    /// The positions, sorted; a position's index is its place here.
    pub list: Vec<Position>,
    /// `plays[c][i]`: the legal board plays of colour `c` (0 Black, 1 White)
    /// on position `i`, in point order: the point and the resulting
    /// position's index.
    pub plays: [Vec<Vec<(Point, u8)>>; 2],
    /// `area[c][i]`: the area score of colour `c` on position `i`.
    pub area: [Vec<u8>; 2],
    /// Per symmetry of the board, the permutation of position indices.
    pub perms: Vec<Vec<u8>>,
    /// Per symmetry, per byte of a 64-bit set, the image of each byte value.
    mask_tables: Vec<[[u64; 256]; 8]>,
    /// The index of the start position (the empty board from the empty
    /// board).
    pub start: u8,
    /// The player to move at the start: 0 Black, 1 White.
    pub start_to_move: u8,
    /// Per colour, the board history size that stops her board plays: she
    /// may make one only while her history holds fewer positions
    /// (`u32::MAX`: the rules' own game; smaller: a restricted game).
    pub limit: [u32; 2],
    /// Per colour, whether that player is held to the mirror strategy
    /// where it applies (see [`Positions::successors`]): a restricted game.
    pub mirror: [bool; 2],
    /// Per position, the index of its mirror image: colours swapped and
    /// points reversed (the half turn of a rectangle), if the board is a
    /// rectangle ([`NO_MIRROR`] where the image is not among the positions,
    /// which only happens from a start other than the empty board).
    pub mirror_of: Option<Vec<u8>>,
}

/// The mirror index of a position whose image is not among the positions.
pub const NO_MIRROR: u8 = u8::MAX;

impl Positions {
    /// Lists the legal positions of `board` and their moves. Returns `None`
    /// if there are more than [`MAX_POSITIONS`].
    pub fn new(board: &Board, suicide: Suicide, symmetric: bool) -> Option<Positions> {
        if board.len() > 20 {
            return None;
        }
        // Listing every legal position reads 3^n colourings: past 12
        // points, first make sure there are few, by a search that stops
        // at the first position too many (each position it reaches is
        // legal), so that 4x5 is refused at once.
        if board.len() > 12
            && reachable_positions(board, suicide, Position::EMPTY, MAX_POSITIONS).is_none()
        {
            return None;
        }
        let list = legal_positions(board);
        if list.len() > MAX_POSITIONS {
            return None;
        }
        Some(Positions::with_list(
            board,
            suicide,
            symmetric,
            list,
            Position::EMPTY,
            Color::Black,
        ))
    }

    /// The positions that board plays (of either colour, in any order) can
    /// reach from `start`, the start among them, with `to_move` to move
    /// there and no symmetry merging (a symmetry need not fix the start).
    /// Returns `None` if there are more than [`MAX_POSITIONS`]; the search
    /// stops as soon as it finds one more, so a large board refuses fast.
    /// The start must be a legal position of `board`.
    pub fn from_start(
        board: &Board,
        suicide: Suicide,
        start: Position,
        to_move: Color,
    ) -> Option<Positions> {
        let list = reachable_positions(board, suicide, start, MAX_POSITIONS)?;
        Some(Positions::with_list(
            board, suicide, false, list, start, to_move,
        ))
    }

    /// The tables for the sorted `list` (closed under board plays).
    fn with_list(
        board: &Board,
        suicide: Suicide,
        symmetric: bool,
        list: Vec<Position>,
        start: Position,
        to_move: Color,
    ) -> Positions {
        let index = |p: &Position| list.binary_search(p).expect("a position of the game") as u8;
        let mut plays: [Vec<Vec<(Point, u8)>>; 2] = [Vec::new(), Vec::new()];
        let mut area: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
        for (ci, c) in [Color::Black, Color::White].into_iter().enumerate() {
            for pos in &list {
                let mut v = Vec::new();
                for p in pos.empty(board) {
                    if let Ok(pl) = pos.play(board, c, p, suicide) {
                        v.push((p, index(&pl.position)));
                    }
                }
                plays[ci].push(v);
                area[ci].push(pos.area(board, c) as u8);
            }
        }
        let nsym = if symmetric {
            board.symmetries().len()
        } else {
            1
        };
        let perms: Vec<Vec<u8>> = (0..nsym)
            .map(|s| list.iter().map(|p| index(&p.transform(board, s))).collect())
            .collect();
        let mask_tables = perms
            .iter()
            .map(|perm| {
                let mut t = [[0u64; 256]; 8];
                for (chunk, table) in t.iter_mut().enumerate() {
                    for (byte, out) in table.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let i = chunk * 8 + bit;
                            if byte >> bit & 1 == 1 && i < perm.len() {
                                *out |= 1u64 << perm[i];
                            }
                        }
                    }
                }
                t
            })
            .collect();
        let start = index(&start);
        let mirror_of = mirror_map(board).map(|m| {
            let turn = |b: kosolve_board::Bitboard| {
                let mut out = kosolve_board::Bitboard::EMPTY;
                for q in b {
                    out = out.with(Point(m[q.index()]));
                }
                out
            };
            list.iter()
                .map(|x| {
                    let image = Position {
                        black: turn(x.white),
                        white: turn(x.black),
                    };
                    list.binary_search(&image).map_or(NO_MIRROR, |i| i as u8)
                })
                .collect()
        });
        Positions {
            list,
            plays,
            area,
            perms,
            mask_tables,
            start,
            start_to_move: to_move.index() as u8,
            limit: [u32::MAX; 2],
            mirror: [false; 2],
            mirror_of,
        }
    }

    /// The number of legal positions.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none (never: the empty board is legal).
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    fn map_mask(&self, sym: usize, m: u64) -> u64 {
        let t = &self.mask_tables[sym];
        let mut out = 0;
        for (k, table) in t.iter().enumerate() {
            out |= table[(m >> (8 * k)) as usize & 0xff];
        }
        out
    }

    /// Packs a situation.
    pub fn pack(&self, s: &Situation) -> Key {
        let n = self.len() as u32;
        MARK | s.to_move as u128
            | (s.after_pass as u128) << 1
            | (s.pos as u128) << 2
            | (s.hist[0] as u128) << 8
            | (s.hist[1] as u128) << (8 + n)
    }

    /// Unpacks a key made by [`Positions::pack`].
    pub fn unpack(&self, k: Key) -> Situation {
        let n = self.len() as u32;
        let mask = (1u128 << n) - 1;
        Situation {
            to_move: (k & 1) as u8,
            after_pass: k >> 1 & 1 == 1,
            pos: (k >> 2 & 0x3f) as u8,
            hist: [(k >> 8 & mask) as u64, (k >> (8 + n) & mask) as u64],
        }
    }

    /// The least key over the images of `s` under the board's symmetries.
    pub fn canonical(&self, s: &Situation) -> Key {
        let mut best = self.pack(s);
        for sym in 1..self.perms.len() {
            let t = Situation {
                to_move: s.to_move,
                after_pass: s.after_pass,
                pos: self.perms[sym][s.pos as usize],
                hist: [self.map_mask(sym, s.hist[0]), self.map_mask(sym, s.hist[1])],
            };
            best = best.min(self.pack(&t));
        }
        best
    }

    /// The situations one turn after `s`, with the turn's point (`None`
    /// for the pass): every legal board play in point order, then the pass.
    ///
    /// A player held to the mirror strategy passes on a position that is
    /// its own mirror image, and otherwise makes a board play that leaves
    /// such a position if she has one (any of them); only where she has
    /// none are all her moves open.
    pub fn successors(&self, s: &Situation, out: &mut Vec<(Situation, Option<Point>)>) {
        let c = s.to_move as usize;
        let h = s.hist[c];
        let mut may_play = h.count_ones() < self.limit[c];
        let mut only_mirrored = false;
        if self.mirror[c] && may_play {
            let m = self
                .mirror_of
                .as_ref()
                .expect("the mirror needs a rectangle");
            if m[s.pos as usize] == s.pos {
                may_play = false;
            } else {
                only_mirrored = self.plays[c][s.pos as usize]
                    .iter()
                    .any(|&(_, q)| h >> q & 1 == 0 && m[q as usize] == q);
            }
        }
        for &(point, q) in &self.plays[c][s.pos as usize] {
            if !may_play || h >> q & 1 == 1 {
                continue;
            }
            if only_mirrored && self.mirror_of.as_ref().is_some_and(|m| m[q as usize] != q) {
                continue;
            }
            let mut t = *s;
            t.to_move ^= 1;
            t.after_pass = false;
            t.pos = q;
            t.hist[c] = h | 1 << q;
            out.push((t, Some(point)));
        }
        if only_mirrored {
            return;
        }
        let mut t = *s;
        t.to_move ^= 1;
        t.after_pass = true;
        t.hist[c] = 1 << s.pos;
        out.push((t, None));
    }
}

/// A Kee game situation (docs/rules.md, "`kee`: Kee Rules v3.0") and whether a
/// pass led to it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Situation {
    /// 0 Black to move, 1 White to move.
    pub to_move: u8,
    /// Whether the turn that led here was a pass (by the other player).
    pub after_pass: bool,
    /// The index of the position.
    pub pos: u8,
    /// The board histories of Black and White as sets of position indices.
    pub hist: [u64; 2],
}

impl Situation {
    /// The start: the start position (the empty board from the empty
    /// board) with its player to move, both histories empty, no pass made.
    pub fn start(p: &Positions) -> Situation {
        Situation {
            to_move: p.start_to_move,
            after_pass: false,
            pos: p.start,
            hist: [0, 0],
        }
    }
}

/// The positions board plays of either colour can reach from `start`,
/// sorted, or `None` once there are more than `max`.
pub fn reachable_positions(
    board: &Board,
    suicide: Suicide,
    start: Position,
    max: usize,
) -> Option<Vec<Position>> {
    reachable_positions_by(board, suicide, start, max, &|_, _, _| true)
}

/// [`reachable_positions`] by the board plays `allow(colour, before,
/// after)` admits (the settled games of module `forgetful` hold one
/// player to some of her plays).
pub fn reachable_positions_by(
    board: &Board,
    suicide: Suicide,
    start: Position,
    max: usize,
    allow: &dyn Fn(Color, &Position, &Position) -> bool,
) -> Option<Vec<Position>> {
    let mut seen: HashSet<Position> = HashSet::new();
    let mut queue = vec![start];
    seen.insert(start);
    let mut i = 0;
    while i < queue.len() {
        let pos = queue[i];
        i += 1;
        for c in [Color::Black, Color::White] {
            for p in pos.empty(board) {
                let Ok(pl) = pos.play(board, c, p, suicide) else {
                    continue;
                };
                if !allow(c, &pos, &pl.position) {
                    continue;
                }
                if seen.insert(pl.position) {
                    if queue.len() == max {
                        return None;
                    }
                    queue.push(pl.position);
                }
            }
        }
    }
    queue.sort_unstable();
    Some(queue)
}

/// The explicit graph: vertices in breadth-first order (the start is
/// vertex 0), successors and predecessors in compressed rows. The keys are
/// dropped once the graph is built; each vertex keeps one byte of
/// [`Info`].
pub struct Graph {
    /// Per vertex: the player to move (bit 0), whether a pass led here
    /// (bit 1), and the position's index (bits 2..8).
    pub info: Vec<Info>,
    /// The successors of each vertex, in the order of
    /// [`Positions::successors`] of its representative, and its
    /// predecessors.
    pub rows: kosolve_graph::Graph,
}

/// Why [`Graph::build_within`] built no graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Built {
    /// The graph outgrew its cap or its edge offsets.
    Graph(GraphError),
    /// The budget ran out.
    Stopped(Stop),
}

/// The byte a vertex keeps: the low byte of its key.
pub type Info = u8;

impl Graph {
    /// Builds the graph of situation classes reachable from the start,
    /// breadth first. Fails once more than `cap` classes are found.
    pub fn build(p: &Positions, cap: u64) -> Result<Graph, GraphError> {
        match Graph::build_within(p, cap, &Budget::unlimited()) {
            Ok(g) => Ok(g),
            Err(Built::Graph(e)) => Err(e),
            Err(Built::Stopped(_)) => unreachable!("an unlimited budget never stops"),
        }
    }

    /// [`Graph::build`] within `budget` (cancellation and deadline,
    /// checked every 1,024 vertices).
    pub fn build_within(p: &Positions, cap: u64, budget: &Budget) -> Result<Graph, Built> {
        let mut b = Builder::new(p.canonical(&Situation::start(p)), cap);
        let mut next = Vec::new();
        let mut v = 0;
        let mut ticker = budget.ticker(1024);
        while v < b.len() {
            ticker.tick().map_err(Built::Stopped)?;
            let s = p.unpack(b.keys()[v]);
            next.clear();
            p.successors(&s, &mut next);
            assert!(!next.is_empty(), "every situation has a move (the pass)");
            for (t, _) in &next {
                b.edge(p.canonical(t)).map_err(Built::Graph)?;
            }
            b.close().map_err(Built::Graph)?;
            v += 1;
        }
        let (info, rows) = b.finish_with(|keys| keys.iter().map(|&k| k as Info).collect());
        Ok(Graph { info, rows })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.info.len()
    }

    /// Whether the graph has no vertex (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.info.is_empty()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.rows.edge_count()
    }

    /// The successors of `v`.
    pub fn succ(&self, v: usize) -> &[u32] {
        self.rows.succ(v)
    }

    /// The predecessors of `v`.
    pub fn pred(&self, v: usize) -> &[u32] {
        self.rows.pred(v)
    }

    /// Bytes held by the graph's arrays.
    pub fn bytes(&self) -> usize {
        self.info.len() + self.rows.bytes()
    }
}

/// The point map of the mirror strategy (docs/kee.md, "The mirror
/// strategy"): on a rectangle the half turn (point i to n - 1 - i); on any
/// other board a symmetry of order 2 that commutes with every symmetry of
/// the board (so that the restricted game still merges symmetric
/// situations), with the fewest fixed points (the antipodal turn of an
/// even ring); `None` where the board has none. Any such map gives a
/// legal strategy, so the bounds hold whichever is chosen.
pub fn mirror_map(board: &Board) -> Option<Vec<u8>> {
    let n = board.len();
    if matches!(board.shape(), kosolve_board::Shape::Rect { .. }) {
        return Some((0..n).map(|i| (n - 1 - i) as u8).collect());
    }
    let syms = board.symmetries();
    let compose = |a: &[u8], b: &[u8]| -> Vec<u8> { (0..n).map(|i| a[b[i] as usize]).collect() };
    let identity: Vec<u8> = (0..n as u8).collect();
    syms.iter()
        .filter(|m| **m != identity && compose(m, m) == identity)
        .filter(|m| syms.iter().all(|g| compose(m, g) == compose(g, m)))
        .min_by_key(|m| {
            m.iter()
                .enumerate()
                .filter(|&(i, &x)| i == x as usize)
                .count()
        })
        .cloned()
}
