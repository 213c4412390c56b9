//! The exact method for larger boards: the graph of game situations solved
//! as parity games (docs/kee.md, "Kee with more than two players").
//!
//! Vertices are the game situations (player to move, position, every
//! board history), plus one *pass vertex* per situation that sits in the
//! middle of its pass edge and carries that pass's priority. "P's payoff is
//! at least t" is a parity condition on the first cycle of the walk, and a
//! first-cycle parity game has the winner of the infinite parity game on
//! the same graph, which Zielonka's algorithm computes with positional
//! strategies. Shares only [`KPosition`] (board play and area) with the
//! reference; every answer is replayed in the literal [`PlayersGame`].

use crate::players::forgetful::ForgetfulGame;
pub use crate::players::games::{Forgetful, Restriction, Side};
use crate::players::{KPosition, KeeRules, Payoff, Player, PlayersError, PlayersGame, Turn};
use hashbrown::HashMap;
use kosolve_board::{Board, Point};
use kosolve_budget::{Budget, Stop};
use std::collections::VecDeque;

/// The label of a pass edge.
const PASS: u8 = u8::MAX;

/// The most positions a key can index.
pub const MAX_POSITIONS: usize = 1 << 14;

/// The most distinct board histories a key can index.
const MAX_HISTORIES: u32 = 1 << 28;

/// The graph of game situations of a k-player Kee game from the empty board.
pub struct Graph {
    rules: KeeRules,
    restriction: Restriction,
    forgetful: Forgetful,
    points: i32,
    /// Every position board plays can reach from the empty board.
    positions: Vec<KPosition>,
    /// `area[x][p]`: the area of player p on position x.
    area: Vec<[u8; crate::players::MAX_PLAYERS]>,
    /// Per situation: the player to move.
    to_move: Vec<u8>,
    /// Per situation: the position index.
    pos: Vec<u16>,
    /// Situation-level successors (CSR): targets and turn labels.
    start: Vec<u32>,
    succ: Vec<u32>,
    label: Vec<u8>,
    /// Per edge, where symmetric situations are merged: the index into
    /// `perms` of the symmetry that maps the successor, as the edge's
    /// source sees it, to the situation stored for its class (empty where
    /// nothing is merged: every edge's is the identity).
    sym: Vec<u8>,
    /// The board symmetries the classes are taken under (point
    /// permutations, the identity first; the identity alone where nothing
    /// is merged).
    perms: Vec<Vec<u8>>,
    /// The arena's successor rows (see [`Graph::arena_edges`]) and its
    /// predecessor rows, built once for every threshold.
    arena: kosolve_graph::Graph,
    /// The budget the graph was built under, which its solves obey too.
    budget: Budget,
}

/// The ids of interned sets' (or lists') images under each symmetry,
/// filled as they are asked for: `ids[h * syms + s]`, `u32::MAX` until
/// then. The identity (s = 0) is never stored: its image is h.
#[derive(Default)]
struct Images {
    ids: Vec<u32>,
}

impl Images {
    /// The image of `h` under symmetry `s` of `syms`, where known.
    fn get(&self, syms: usize, s: usize, h: u32) -> Option<u32> {
        if s == 0 {
            return Some(h);
        }
        self.ids
            .get(h as usize * syms + s)
            .copied()
            .filter(|&id| id != u32::MAX)
    }

    /// Records `id` as the image of `h` under symmetry `s` of `syms`.
    fn set(&mut self, syms: usize, s: usize, h: u32, id: u32) {
        let i = h as usize * syms + s;
        if self.ids.len() <= i {
            self.ids.resize((h as usize + 1) * syms, u32::MAX);
        }
        self.ids[i] = id;
    }
}

/// Interned board histories: bit sets over position indices.
struct Histories {
    words: usize,
    sets: Vec<Box<[u64]>>,
    ids: HashMap<Box<[u64]>, u32>,
    added: HashMap<(u32, u16), u32>,
    single: Vec<u32>,
    /// The number of positions in each set.
    sizes: Vec<u16>,
    /// The ids of the sets' images under the symmetries.
    images: Images,
}

impl Histories {
    fn new(positions: usize) -> Histories {
        let words = positions.div_ceil(64).max(1);
        let empty: Box<[u64]> = vec![0u64; words].into_boxed_slice();
        let mut ids = HashMap::new();
        ids.insert(empty.clone(), 0);
        Histories {
            words,
            sets: vec![empty],
            ids,
            added: HashMap::new(),
            single: vec![u32::MAX; positions],
            sizes: vec![0],
            images: Images::default(),
        }
    }

    /// The id of the image of set `h` under symmetry `s` of `sym_pos`
    /// (`sym_pos[s][x]`: the image of position x).
    fn image(&mut self, sym_pos: &[Vec<u16>], s: usize, h: u32) -> Result<u32, PlayersError> {
        if let Some(id) = self.images.get(sym_pos.len(), s, h) {
            return Ok(id);
        }
        let mut set = vec![0u64; self.words].into_boxed_slice();
        for (w, &word) in self.sets[h as usize].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let x = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let y = sym_pos[s][x] as usize;
                set[y / 64] |= 1 << (y % 64);
            }
        }
        let id = self.intern(set)?;
        self.images.set(sym_pos.len(), s, h, id);
        Ok(id)
    }

    fn intern(&mut self, set: Box<[u64]>) -> Result<u32, PlayersError> {
        if let Some(&id) = self.ids.get(&set) {
            return Ok(id);
        }
        let id = self.sets.len() as u32;
        if id >= MAX_HISTORIES {
            return Err(PlayersError::TooLarge(u64::from(MAX_HISTORIES)));
        }
        self.sizes
            .push(set.iter().map(|w| w.count_ones()).sum::<u32>() as u16);
        self.sets.push(set.clone());
        self.ids.insert(set, id);
        Ok(id)
    }

    fn size(&self, h: u32) -> u32 {
        u32::from(self.sizes[h as usize])
    }

    fn contains(&self, h: u32, x: u16) -> bool {
        self.sets[h as usize][x as usize / 64] >> (x % 64) & 1 != 0
    }

    fn add(&mut self, h: u32, x: u16) -> Result<u32, PlayersError> {
        if let Some(&id) = self.added.get(&(h, x)) {
            return Ok(id);
        }
        let mut set = self.sets[h as usize].clone();
        set[x as usize / 64] |= 1 << (x % 64);
        let id = self.intern(set)?;
        self.added.insert((h, x), id);
        Ok(id)
    }

    fn singleton(&mut self, x: u16) -> Result<u32, PlayersError> {
        if self.single[x as usize] == u32::MAX {
            let mut set = vec![0u64; self.words].into_boxed_slice();
            set[x as usize / 64] |= 1 << (x % 64);
            self.single[x as usize] = self.intern(set)?;
        }
        Ok(self.single[x as usize])
    }
}

/// Interned windows of forgetful players: lists of position indices, most
/// recent first, at most `forgetful.window` long.
struct Windows {
    forgetful: Forgetful,
    lists: Vec<Box<[u16]>>,
    ids: HashMap<Box<[u16]>, u32>,
    added: HashMap<(u32, u16), u32>,
    /// The ids of the windows' images under the symmetries.
    images: Images,
}

impl Windows {
    fn new(forgetful: Forgetful) -> Windows {
        let empty: Box<[u16]> = Box::new([]);
        let mut ids = HashMap::new();
        ids.insert(empty.clone(), 0);
        Windows {
            forgetful,
            lists: vec![empty],
            ids,
            added: HashMap::new(),
            images: Images::default(),
        }
    }

    /// The id of the image of window `w` under symmetry `s` (each entry
    /// mapped, the order kept).
    fn image(&mut self, sym_pos: &[Vec<u16>], s: usize, w: u32) -> Result<u32, PlayersError> {
        if let Some(id) = self.images.get(sym_pos.len(), s, w) {
            return Ok(id);
        }
        let list = self.lists[w as usize]
            .iter()
            .map(|&x| sym_pos[s][x as usize])
            .collect();
        let id = self.intern(list)?;
        self.images.set(sym_pos.len(), s, w, id);
        Ok(id)
    }

    fn intern(&mut self, list: Vec<u16>) -> Result<u32, PlayersError> {
        let list = list.into_boxed_slice();
        if let Some(&id) = self.ids.get(&list) {
            return Ok(id);
        }
        let id = self.lists.len() as u32;
        if id >= MAX_HISTORIES {
            return Err(PlayersError::TooLarge(u64::from(MAX_HISTORIES)));
        }
        self.lists.push(list.clone());
        self.ids.insert(list, id);
        Ok(id)
    }

    fn contains(&self, w: u32, x: u16) -> bool {
        self.lists[w as usize].contains(&x)
    }

    fn add(&mut self, w: u32, y: u16) -> Result<u32, PlayersError> {
        if let Some(&id) = self.added.get(&(w, y)) {
            return Ok(id);
        }
        let list = self.forgetful.after_play(&self.lists[w as usize], y);
        let id = self.intern(list)?;
        self.added.insert((w, y), id);
        Ok(id)
    }

    fn singleton(&mut self, x: u16) -> Result<u32, PlayersError> {
        self.intern(self.forgetful.after_pass(x))
    }
}

/// Every player's memory in a situation key: a history id (exact board
/// history) or, for a forgetful player, a window id.
struct Memories {
    restriction: Restriction,
    forgetful: Forgetful,
    hist: Histories,
    windows: Windows,
}

impl Memories {
    /// Whether player `m` with memory `h` may make the board play making `y`.
    fn allows(&self, m: u8, h: u32, y: u16) -> bool {
        let p = Player(m);
        if self.forgetful.holds(p) {
            !self.windows.contains(h, y)
        } else {
            let held = self.restriction.holds(p) && self.hist.size(h) >= self.restriction.limit;
            !held && !self.hist.contains(h, y)
        }
    }

    /// The memory of player `m` after her board play making `y`.
    fn add(&mut self, m: u8, h: u32, y: u16) -> Result<u32, PlayersError> {
        if self.forgetful.holds(Player(m)) {
            self.windows.add(h, y)
        } else {
            self.hist.add(h, y)
        }
    }

    /// The memory of player `m` after her pass on `x`.
    fn pass(&mut self, m: u8, x: u16) -> Result<u32, PlayersError> {
        if self.forgetful.holds(Player(m)) {
            self.windows.singleton(x)
        } else {
            self.hist.singleton(x)
        }
    }

    /// The image of player `m`'s memory `h` under symmetry `s`.
    fn image(
        &mut self,
        sym_pos: &[Vec<u16>],
        s: usize,
        m: u8,
        h: u32,
    ) -> Result<u32, PlayersError> {
        if self.forgetful.holds(Player(m)) {
            self.windows.image(sym_pos, s, h)
        } else {
            self.hist.image(sym_pos, s, h)
        }
    }

    /// The key of the situation (`to_move`, `pos`, `hist`) of a game of
    /// `players` players stored for its class: the least packed key over
    /// the symmetries of `sym_pos`, and the symmetry that gives it.
    fn canonical(
        &mut self,
        sym_pos: &[Vec<u16>],
        players: usize,
        (to_move, pos, hist): (u8, u16, [u32; crate::players::MAX_PLAYERS]),
    ) -> Result<(u128, u8), PlayersError> {
        let mut best = (pack(to_move, pos, &hist), 0u8);
        for s in 1..sym_pos.len() {
            let mut h = [0u32; crate::players::MAX_PLAYERS];
            for m in 0..players {
                h[m] = self.image(sym_pos, s, m as u8, hist[m])?;
            }
            let key = pack(to_move, sym_pos[s][pos as usize], &h);
            if key < best.0 {
                best = (key, s as u8);
            }
        }
        Ok(best)
    }
}

/// `sym_pos[s][x]`: the index of the image of position x under the board
/// symmetry `perms[s]`; an error if an image is not among `positions`
/// (it always is: the positions are every one board plays reach, and a
/// symmetry maps board plays to board plays).
fn position_images(
    board: &Board,
    positions: &[KPosition],
    perms: usize,
) -> Result<Vec<Vec<u16>>, PlayersError> {
    let index: HashMap<KPosition, u16> = positions
        .iter()
        .enumerate()
        .map(|(i, &x)| (x, i as u16))
        .collect();
    (0..perms)
        .map(|s| {
            positions
                .iter()
                .map(|x| {
                    let mut y = *x;
                    for c in y.stones.iter_mut() {
                        *c = board.transform(s, *c);
                    }
                    index.get(&y).copied().ok_or_else(|| {
                        PlayersError::CheckFailed(format!(
                            "a symmetric image of a reachable position is not reachable (symmetry {s})"
                        ))
                    })
                })
                .collect()
        })
        .collect()
}

/// A situation key: player to move (2 bits), position (14 bits), and the
/// history id of each of up to four players (28 bits each).
fn pack(to_move: u8, pos: u16, hist: &[u32; crate::players::MAX_PLAYERS]) -> u128 {
    let mut k = u128::from(to_move) | u128::from(pos) << 2;
    for (i, &h) in hist.iter().enumerate() {
        k |= u128::from(h) << (16 + 28 * i);
    }
    k
}

fn unpack(k: u128) -> (u8, u16, [u32; crate::players::MAX_PLAYERS]) {
    let mut hist = [0u32; crate::players::MAX_PLAYERS];
    for (i, h) in hist.iter_mut().enumerate() {
        *h = (k >> (16 + 28 * i)) as u32 & (MAX_HISTORIES - 1);
    }
    ((k & 3) as u8, (k >> 2) as u16 & 0x3fff, hist)
}

/// Per position and player, her board plays: the point and the index of
/// the position made.
type Plays = Vec<Vec<Vec<(Point, u16)>>>;

/// Every position board plays of any colour reach from the empty board,
/// in any order, and their board plays.
fn reachable_positions(
    board: &Board,
    rules: KeeRules,
) -> Result<(Vec<KPosition>, Plays), PlayersError> {
    let mut index: HashMap<KPosition, u16> = HashMap::new();
    let mut positions = vec![KPosition::EMPTY];
    index.insert(KPosition::EMPTY, 0);
    let mut plays: Plays = Vec::new();
    let mut i = 0;
    while i < positions.len() {
        let x = positions[i];
        let mut row = Vec::new();
        for p in Player::all(rules.players) {
            let mut out = Vec::new();
            for q in x.empty(board) {
                if let Ok(y) = x.play(board, p, q, rules.suicide) {
                    let next = positions.len();
                    let j = *index.entry(y).or_insert_with(|| {
                        positions.push(y);
                        next as u16
                    });
                    if positions.len() > MAX_POSITIONS {
                        return Err(PlayersError::TooManyPositions(positions.len()));
                    }
                    out.push((q, j));
                }
            }
            row.push(out);
        }
        plays.push(row);
        i += 1;
    }
    Ok((positions, plays))
}

impl Graph {
    /// Builds the graph from the empty board with Black to move; refuses
    /// with [`PlayersError::TooLarge`] past `max_situations` situations.
    pub fn build(
        board: &Board,
        rules: KeeRules,
        max_situations: u64,
    ) -> Result<Graph, PlayersError> {
        Graph::build_restricted(board, rules, Restriction::NONE, max_situations)
    }

    /// Builds the graph of the game where the players of `restriction`
    /// may make a board play only while their board history holds fewer
    /// than `restriction.limit` positions (passing stays open); refuses
    /// with [`PlayersError::TooLarge`] past `max_situations` situations.
    /// The restriction depends only on the situation, so the graph is the
    /// part of the full graph those players' allowed turns reach
    /// (docs/kee.md, "Restricted games for more than two players").
    pub fn build_restricted(
        board: &Board,
        rules: KeeRules,
        restriction: Restriction,
        max_situations: u64,
    ) -> Result<Graph, PlayersError> {
        Graph::build_forgetful(board, rules, restriction, Forgetful::NONE, max_situations)
    }

    /// Builds the graph of the game where the players of `restriction` are
    /// held as in [`Graph::build_restricted`] and those of `forgetful`
    /// remember only their latest positions (a board play of theirs is
    /// illegal only when it makes one of them; docs/kee.md, "Forgetful
    /// games for more than two players"). A player both held and
    /// forgetful is refused ([`PlayersError::HeldAndForgetful`]).
    pub fn build_forgetful(
        board: &Board,
        rules: KeeRules,
        restriction: Restriction,
        forgetful: Forgetful,
        max_situations: u64,
    ) -> Result<Graph, PlayersError> {
        let game = (restriction, forgetful);
        Graph::build_within(
            board,
            rules,
            game,
            max_situations,
            &Budget::unlimited(),
            false,
        )
    }

    /// [`Graph::build_forgetful`] of the game `(restriction, forgetful)`
    /// under `budget`: it counts each situation built as a node and checks
    /// the budget every 1,024 situations expanded
    /// ([`PlayersError::Stopped`]); the graph's solves obey it too.
    ///
    /// With `symmetric`, situations that a board symmetry maps onto each
    /// other are one vertex (docs/kee.md, "Symmetry classes in the second
    /// implementation"): the restriction, the windows and every priority
    /// are the same on both, so the parity games have the same winners.
    pub fn build_within(
        board: &Board,
        rules: KeeRules,
        (restriction, forgetful): (Restriction, Forgetful),
        max_situations: u64,
        budget: &Budget,
        symmetric: bool,
    ) -> Result<Graph, PlayersError> {
        if let Some(p) =
            Player::all(rules.players).find(|&p| restriction.holds(p) && forgetful.holds(p))
        {
            return Err(PlayersError::HeldAndForgetful(p));
        }
        let k = rules.players;
        let (positions, plays) = reachable_positions(board, rules)?;
        let area = positions
            .iter()
            .map(|x| {
                let mut a = [0u8; crate::players::MAX_PLAYERS];
                for p in Player::all(k) {
                    a[p.index()] = x.area(board, p) as u8;
                }
                a
            })
            .collect();
        let perms: Vec<Vec<u8>> = if symmetric {
            board.symmetries().to_vec()
        } else {
            board.symmetries()[..1].to_vec()
        };
        let sym_pos = position_images(board, &positions, perms.len())?;
        let mut mem = Memories {
            restriction,
            forgetful,
            hist: Histories::new(positions.len()),
            windows: Windows::new(forgetful),
        };
        let mut keys: Vec<u128> = vec![pack(0, 0, &[0; crate::players::MAX_PLAYERS])];
        let mut ids: HashMap<u128, u32> = HashMap::new();
        ids.insert(keys[0], 0);
        let (mut to_move, mut pos) = (Vec::new(), Vec::new());
        let (mut start, mut succ, mut label) = (vec![0u32], Vec::new(), Vec::new());
        let mut sym = Vec::new();
        let mut queue = VecDeque::from([0u32]);
        let stop = PlayersError::Stopped;
        while let Some(v) = queue.pop_front() {
            if v % 1024 == 0 {
                budget.check().map_err(stop)?;
                budget.check_nodes(keys.len() as u64).map_err(stop)?;
            }
            let (m, x, h) = unpack(keys[v as usize]);
            to_move.push(m);
            pos.push(x);
            let next = Player(m).next(k).0;
            let mut edge = |h2: [u32; crate::players::MAX_PLAYERS],
                            y: u16,
                            lab: u8,
                            keys: &mut Vec<u128>,
                            mem: &mut Memories|
             -> Result<(), PlayersError> {
                let (key, s) = mem.canonical(&sym_pos, k, (next, y, h2))?;
                if symmetric {
                    sym.push(s);
                }
                let n = keys.len() as u32;
                let id = *ids.entry(key).or_insert_with(|| {
                    keys.push(key);
                    queue.push_back(n);
                    n
                });
                if keys.len() as u64 > max_situations {
                    return Err(PlayersError::TooLarge(max_situations));
                }
                succ.push(id);
                label.push(lab);
                Ok(())
            };
            for &(q, y) in &plays[x as usize][m as usize] {
                if mem.allows(m, h[m as usize], y) {
                    let mut h2 = h;
                    h2[m as usize] = mem.add(m, h[m as usize], y)?;
                    edge(h2, y, q.0, &mut keys, &mut mem)?;
                }
            }
            let mut h2 = h;
            h2[m as usize] = mem.pass(m, x)?;
            edge(h2, x, PASS, &mut keys, &mut mem)?;
            start.push(succ.len() as u32);
        }
        // The keys and histories are not needed any more: free them before
        // the arena's rows are built.
        drop((keys, ids, mem));
        budget.check().map_err(stop)?;
        let mut g = Graph {
            rules,
            restriction,
            forgetful,
            points: board.len() as i32,
            positions,
            area,
            to_move,
            pos,
            start,
            succ,
            label,
            sym,
            perms,
            arena: kosolve_graph::Graph::from_rows(vec![0], Vec::new()),
            budget: budget.clone(),
        };
        let (start, succ) = g.arena_edges();
        g.arena = kosolve_graph::Graph::from_rows(start, succ);
        Ok(g)
    }

    /// The restriction the graph was built under ([`Restriction::NONE`]:
    /// the game itself).
    pub fn restriction(&self) -> Restriction {
        self.restriction
    }

    /// The forgetful players the graph was built with ([`Forgetful::NONE`]:
    /// nobody).
    pub fn forgetful(&self) -> Forgetful {
        self.forgetful
    }

    /// The number of game situations.
    pub fn situations(&self) -> usize {
        self.to_move.len()
    }

    /// The number of turns between situations (edges of the situation graph).
    pub fn edges(&self) -> usize {
        self.succ.len()
    }

    /// The number of positions board plays reach from the empty board.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// The exact value for `player` of `payoff` against the coalition of the
    /// others, with a line of play checked by replaying it in [`PlayersGame`].
    ///
    /// The line is P's strategy for the value against the coalition's
    /// strategy for one more, and it must end with exactly the value. For
    /// the win questions (0 or 1) the loser's strategy is her first legal
    /// turn at each situation (any strategy loses).
    ///
    /// On a restricted graph ([`Graph::build_restricted`]) this is the
    /// value of the restricted game; [`Graph::bound`] also checks the
    /// strategy that makes it a bound.
    pub fn solve(
        &self,
        board: &Board,
        player: Player,
        payoff: Payoff,
    ) -> Result<PlayersAnswer, PlayersError> {
        let (value, p_strategy, c_strategy) = self.bisect(player, payoff)?;
        self.answer(board, player, payoff, value, &p_strategy, &c_strategy)
    }

    /// A bound on `player`'s value of `payoff` in the game itself from this
    /// restricted graph: [`Side::Lower`] where the graph restricts P alone,
    /// [`Side::Upper`] where it restricts only members of the coalition
    /// (with no restriction the value is exact and either side holds).
    ///
    /// Besides the replayed line of [`Graph::solve`] (which must end with
    /// exactly the restricted game's value), the strategy that makes it a
    /// bound is checked to win its threshold against every reply of the
    /// other side, with strongly connected components instead of
    /// Zielonka's algorithm: P's for "at least the value" (a lower bound),
    /// the coalition's for "below the value plus one" (an upper bound).
    pub fn bound(
        &self,
        board: &Board,
        player: Player,
        payoff: Payoff,
        side: Side,
    ) -> Result<PlayersAnswer, PlayersError> {
        let (r, f) = (self.restriction, self.forgetful);
        let others =
            |set: u8| Player::all(self.rules.players).any(|o| o != player && set >> o.0 & 1 != 0);
        // The side that proves the bound keeps its exact histories (held or
        // free); the other side may be held only where nobody forgets.
        if match side {
            Side::Lower => f.holds(player) || others(r.players),
            Side::Upper => r.holds(player) || others(f.players),
        } {
            return Err(PlayersError::NotABound {
                player,
                restriction: r,
                forgetful: f,
                side,
            });
        }
        let (value, p_strategy, c_strategy) = self.bisect(player, payoff)?;
        let (lo, hi) = range(payoff, self.points);
        let proof = match side {
            Side::Lower => (value > lo).then_some((value, &p_strategy, 1)),
            Side::Upper => (value < hi).then_some((value + 1, &c_strategy, 0)),
        };
        if let Some((t, strategy, s)) = proof {
            let (base, bt) = question(payoff, t);
            let (owner, prio) = self.arena_parts(player, base, bt);
            let parts = (&owner[..], &prio[..]);
            let won = crate::players::verify::strategy_wins(
                &self.arena,
                parts,
                strategy,
                s,
                &self.budget,
            )
            .map_err(PlayersError::Stopped)?;
            if !won {
                return Err(PlayersError::CheckFailed(format!(
                    "{payoff:?} of {player} under {r}, {f}: the {side} bound's strategy does not win {t}"
                )));
            }
        }
        self.answer(board, player, payoff, value, &p_strategy, &c_strategy)
    }

    /// The value of `payoff` for `player` on this graph, P's strategy that
    /// reaches it and the coalition's that holds her below one more, by
    /// bisection between the thresholds P wins and loses whatever anyone
    /// plays (where any strategy, here each vertex's first move, wins).
    fn bisect(
        &self,
        player: Player,
        payoff: Payoff,
    ) -> Result<(i32, Vec<u8>, Vec<u8>), PlayersError> {
        let (lo, hi) = range(payoff, self.points);
        let trivial = vec![0u8; self.arena_len()];
        let (mut won, mut lost) = ((lo, trivial.clone()), (hi + 1, trivial));
        while lost.0 - won.0 > 1 {
            let t = (won.0 + lost.0).div_euclid(2);
            let (base, bt) = question(payoff, t);
            let sol = self.threshold(player, base, bt)?;
            if sol.won_by_p {
                won = (t, sol.strategy);
            } else {
                lost = (t, sol.strategy);
            }
        }
        Ok((won.0, won.1, lost.1))
    }

    /// Replays P's strategy against the coalition's and checks that the
    /// line ends with exactly `value`.
    fn answer(
        &self,
        board: &Board,
        player: Player,
        payoff: Payoff,
        value: i32,
        p_strategy: &[u8],
        c_strategy: &[u8],
    ) -> Result<PlayersAnswer, PlayersError> {
        let (pv, scores, got) = if self.forgetful.is_none() {
            let (pv, scores) = self.replay(board, player, p_strategy, c_strategy)?;
            let got = payoff.of(&scores, player);
            (pv, scores, got)
        } else {
            self.replay_forgetful(board, player, payoff, p_strategy, c_strategy)?
        };
        if got != value {
            return Err(PlayersError::CheckFailed(format!(
                "{payoff:?} of {player} is {value}, but the strategies' line ends {scores:?}"
            )));
        }
        Ok(PlayersAnswer { value, pv, scores })
    }

    /// Plays P's strategy against the coalition's in the literal [`PlayersGame`]
    /// until it ends; the line and the scores.
    fn replay(
        &self,
        board: &Board,
        player: Player,
        p_strategy: &[u8],
        c_strategy: &[u8],
    ) -> Result<(Vec<Turn>, Vec<u32>), PlayersError> {
        let mut game = PlayersGame::new(board, self.rules);
        self.walk(
            &mut game,
            player,
            (p_strategy, c_strategy),
            PlayersGame::play,
            |g| g.scores().map(|s| Ok((g.turns(), s?))),
        )
    }

    /// Plays P's strategy against the coalition's in the literal
    /// [`ForgetfulGame`] with this graph's restriction and forgetful
    /// players until it ends; the line, every player's best area passed on
    /// in the cycle (0 for a player who did not pass there) and P's payoff
    /// ([`crate::players::forgetful::payoff_of`]).
    fn replay_forgetful(
        &self,
        board: &Board,
        player: Player,
        payoff: Payoff,
        p_strategy: &[u8],
        c_strategy: &[u8],
    ) -> Result<(Vec<Turn>, Vec<u32>, i32), PlayersError> {
        let mut game = ForgetfulGame::new(board, self.rules, self.restriction, self.forgetful);
        let play = |g: &mut ForgetfulGame<'_>, t| g.play(t);
        self.walk(&mut game, player, (p_strategy, c_strategy), play, |g| {
            let best = g.best_areas()?;
            let (lo, hi) = range(payoff, self.points);
            let got = crate::players::forgetful::payoff_of(&best, player, payoff, lo, hi);
            let scores = best.iter().map(|a| a.unwrap_or(0)).collect();
            Some(Ok((g.turns(), scores, got)))
        })
    }

    /// Walks the graph from the start with P's strategy and the
    /// coalition's (`strategies`), playing each turn in `game` through
    /// `play`, until `ended` answers.
    fn walk<G, T>(
        &self,
        game: &mut G,
        player: Player,
        (p_strategy, c_strategy): (&[u8], &[u8]),
        play: impl Fn(&mut G, Turn) -> Result<(), PlayersError>,
        ended: impl Fn(&G) -> Option<Result<T, PlayersError>>,
    ) -> Result<T, PlayersError> {
        let mut v = 0usize;
        // `tau[q]`: the point of the game for point q of the situation
        // stored for v's class (the identity while nothing is merged).
        let mut tau: Vec<u8> = self.perms[0].clone();
        for _ in 0..=self.situations() * self.perms.len() {
            if let Some(answer) = ended(game) {
                return answer;
            }
            let strategy = if self.to_move[v] == player.0 {
                p_strategy
            } else {
                c_strategy
            };
            let e = self.start[v] as usize + strategy[2 * v] as usize;
            if e >= self.start[v + 1] as usize {
                return Err(PlayersError::CheckFailed(format!(
                    "no move at situation {v}"
                )));
            }
            let turn = (self.label[e] != PASS).then(|| Point(tau[self.label[e] as usize]));
            play(game, turn)?;
            v = self.succ[e] as usize;
            if let Some(&s) = self.sym.get(e) {
                // The successor as seen from v is perms[s]^-1 of the stored
                // one: a point q of the stored one is the game's
                // tau[perms[s]^-1 q].
                let perm = &self.perms[s as usize];
                let mut next = vec![0u8; tau.len()];
                for (q, &image) in perm.iter().enumerate() {
                    next[image as usize] = tau[q];
                }
                tau = next;
            }
        }
        Err(PlayersError::CheckFailed(
            "the strategies' line outlasts the situations".into(),
        ))
    }

    fn arena_len(&self) -> usize {
        2 * self.situations()
    }

    /// The priority of the pass turn out of situation `s` for "P's payoff
    /// is at least t".
    fn pass_priority(&self, s: usize, player: Player, payoff: Payoff, t: i32) -> u32 {
        let mover = self.to_move[s] as usize;
        let a = &self.area[self.pos[s] as usize];
        let n = self.points;
        match payoff {
            Payoff::Score => u32::from(mover == player.index() && i32::from(a[mover]) >= t),
            _ => {
                let q = if mover == player.index() {
                    2 * (i32::from(a[mover]) - t + n + 1) + 1
                } else {
                    2 * (i32::from(a[mover]) + n + 1)
                };
                debug_assert!(q >= 0);
                q as u32
            }
        }
    }

    /// The owners and (compressed) priorities of the arena for "P's
    /// payoff (score or margin) is at least t".
    fn arena_parts(&self, player: Player, payoff: Payoff, t: i32) -> (Vec<u8>, Vec<u32>) {
        let len = self.arena_len();
        let mut prio: Vec<u32> = (0..len)
            .map(|v| {
                if v % 2 == 0 {
                    0
                } else {
                    self.pass_priority(v / 2, player, payoff, t)
                }
            })
            .collect();
        compress(&mut prio);
        let owner: Vec<u8> = (0..len)
            .map(|v| u8::from(v % 2 == 0 && self.to_move[v / 2] == player.0))
            .collect();
        (owner, prio)
    }

    /// Solves "P's payoff (score or margin) is at least t" as a parity game
    /// on the arena: vertex 2s is situation s (priority 0, owned by its
    /// mover's side), vertex 2s + 1 its pass vertex (the pass's priority,
    /// one successor). P is player 1 and wins on odd priorities.
    fn threshold(&self, player: Player, payoff: Payoff, t: i32) -> Result<Threshold, PlayersError> {
        let (owner, prio) = self.arena_parts(player, payoff, t);
        let arena = Arena {
            g: &self.arena,
            owner: &owner,
            prio: &prio,
            budget: &self.budget,
        };
        let (won_by_p, strategy) = arena.solve().map_err(PlayersError::Stopped)?;
        Ok(Threshold { won_by_p, strategy })
    }

    /// The arena's successor lists: situation 2s goes to 2t for each board
    /// play s -> t and to its pass vertex 2s + 1 (last, as in the situation
    /// graph); the pass vertex goes to 2t for the pass s -> t.
    fn arena_edges(&self) -> (Vec<u32>, Vec<u32>) {
        let mut start = vec![0u32];
        let mut succ = Vec::with_capacity(self.succ.len() + self.situations());
        for s in 0..self.situations() {
            let (a, b) = (self.start[s] as usize, self.start[s + 1] as usize);
            for e in a..b {
                if self.label[e] == PASS {
                    succ.push(2 * s as u32 + 1);
                } else {
                    succ.push(2 * self.succ[e]);
                }
            }
            start.push(succ.len() as u32);
            let pass = (a..b)
                .find(|&e| self.label[e] == PASS)
                .expect("every situation has a pass");
            succ.push(2 * self.succ[pass]);
            start.push(succ.len() as u32);
        }
        (start, succ)
    }
}

/// The answer of [`Graph::solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersAnswer {
    /// The exact value.
    pub value: i32,
    /// The checked line of play.
    pub pv: Vec<Turn>,
    /// Every player's score at the end of that line.
    pub scores: Vec<u32>,
}

struct Threshold {
    /// Whether P wins from the start.
    won_by_p: bool,
    /// Each arena vertex's move (an index into its successors).
    strategy: Vec<u8>,
}

/// The values of `payoff` that P reaches and stays at or below whatever
/// anyone plays, on a board of `n` points.
fn range(payoff: Payoff, n: i32) -> (i32, i32) {
    match payoff {
        Payoff::Score => (0, n),
        Payoff::Margin => (-n, n),
        Payoff::StrictWin | Payoff::NotLose => (0, 1),
    }
}

/// "P's payoff is at least t" as a question on the score or the margin:
/// a strict win is a margin of at least 1, not losing one of at least 0.
fn question(payoff: Payoff, t: i32) -> (Payoff, i32) {
    match payoff {
        Payoff::Score | Payoff::Margin => (payoff, t),
        Payoff::StrictWin => (Payoff::Margin, t),
        Payoff::NotLose => (Payoff::Margin, t - 1),
    }
}

/// Renumbers priorities to 0, 1, 2, ... keeping their order and parity and
/// merging neighbours of equal parity (which changes no winner).
fn compress(prio: &mut [u32]) {
    let mut used: Vec<u32> = prio.to_vec();
    used.sort_unstable();
    used.dedup();
    let mut map = HashMap::new();
    let mut r = used.first().map_or(0, |p| p % 2);
    for (i, &p) in used.iter().enumerate() {
        if i > 0 && p % 2 != used[i - 1] % 2 {
            r += 1;
        }
        map.insert(p, r);
    }
    for p in prio.iter_mut() {
        *p = map[p];
    }
}

/// A parity game (max-parity; player 1 wins on odd) on the arena's graph.
struct Arena<'a> {
    g: &'a kosolve_graph::Graph,
    owner: &'a [u8],
    prio: &'a [u32],
    /// Checked at each step of Zielonka's algorithm and while attractors
    /// grow.
    budget: &'a Budget,
}

impl Arena<'_> {
    fn succs(&self, v: usize) -> &[u32] {
        self.g.succ(v)
    }

    /// Whether player 1 wins from vertex 0, and every vertex's winning move
    /// for its owner where she wins.
    fn solve(&self) -> Result<(bool, Vec<u8>), Stop> {
        let n = self.owner.len();
        let mut strategy = vec![0u8; n];
        let won = self.zielonka(vec![true; n], &mut strategy)?;
        Ok((won[1][0], strategy))
    }

    /// The vertices of `sub` from which `player` forces a visit to
    /// `target` (within `sub`), recording the attracting moves.
    fn attractor(
        &self,
        sub: &[bool],
        target: &[bool],
        player: u8,
        strategy: &mut [u8],
    ) -> Result<Vec<bool>, Stop> {
        let mut attr = kosolve_graph::Attraction::from_set(target.iter().copied().collect());
        let mut stopped = None;
        let done = attr.propagate_until(
            self.g,
            kosolve_graph::Order::Lifo,
            |v| sub[v],
            |v| self.owner[v] == player,
            |p, t| {
                if self.owner[p] == player {
                    let j = self
                        .succs(p)
                        .iter()
                        .position(|&s| s as usize == t)
                        .expect("an edge");
                    strategy[p] = j as u8;
                }
            },
            || match self.budget.check() {
                Ok(()) => true,
                Err(why) => {
                    stopped = Some(why);
                    false
                }
            },
        );
        if !done {
            return Err(stopped.unwrap_or(Stop::Cancelled));
        }
        Ok(attr.into_set().iter().map(|b| *b).collect())
    }

    /// Zielonka's algorithm on the subgame `sub` (a trap for both players).
    fn zielonka(&self, mut sub: Vec<bool>, strategy: &mut [u8]) -> Result<[Vec<bool>; 2], Stop> {
        let n = sub.len();
        let mut won = [vec![false; n], vec![false; n]];
        loop {
            self.budget.check()?;
            let Some(d) = (0..n).filter(|&v| sub[v]).map(|v| self.prio[v]).max() else {
                return Ok(won);
            };
            let i = (d % 2) as u8;
            let mut top = vec![false; n];
            for v in 0..n {
                if sub[v] && self.prio[v] == d {
                    top[v] = true;
                    if self.owner[v] == i {
                        let j = self.succs(v).iter().position(|&s| sub[s as usize]);
                        strategy[v] = j.expect("a subgame keeps a successor") as u8;
                    }
                }
            }
            let attr = self.attractor(&sub, &top, i, strategy)?;
            let rest: Vec<bool> = (0..n).map(|v| sub[v] && !attr[v]).collect();
            let inner = self.zielonka(rest, strategy)?;
            let o = 1 - i as usize;
            if !inner[o].iter().any(|&b| b) {
                for v in 0..n {
                    won[i as usize][v] |= sub[v];
                }
                return Ok(won);
            }
            let lost = self.attractor(&sub, &inner[o], o as u8, strategy)?;
            for v in 0..n {
                if lost[v] {
                    won[o][v] = true;
                    sub[v] = false;
                }
            }
        }
    }
}
