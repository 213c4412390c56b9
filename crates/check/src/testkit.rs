//! Test helpers: games on small boards, a game counter, a naive minimax
//! minimax solver and a naive AND-OR search over this crate's own rules,
//! and an oracle that writes a strategy from the search.

use std::collections::HashMap;

use crate::board::{Board, Position};
use crate::format::Header;
use crate::rules::{Game, Record, State, Undo};
use crate::types::{BoardSpec, Color, Move, Ruleset, Suicide};
use crate::walk::{start_game, Oracle};

/// A `rows` x `cols` rectangle.
pub(crate) fn rect(rows: usize, cols: usize) -> BoardSpec {
    BoardSpec::Rect { rows, cols }
}

/// The setup of a diagram (rows joined by `/`).
pub(crate) fn setup(diagram: &str) -> Vec<Option<Color>> {
    diagram
        .chars()
        .filter(|&c| c != '/')
        .map(|c| match c {
            'X' => Some(Color::Black),
            'O' => Some(Color::White),
            _ => None,
        })
        .collect()
}

/// The position of a diagram.
pub(crate) fn position(diagram: &str) -> Position {
    Position::from_setup(&setup(diagram))
}

/// A game from `diagram` with `to_move` to play, two passes to end.
pub(crate) fn game_at(
    spec: &BoardSpec,
    rules: Ruleset,
    suicide: Suicide,
    diagram: &str,
    to_move: Color,
) -> Game {
    Game::new(
        Board::new(spec),
        rules,
        suicide,
        2,
        position(diagram),
        to_move,
    )
}

/// A game on the empty board, Black to move, two passes to end.
pub(crate) fn empty_game(spec: &BoardSpec, rules: Ruleset, suicide: Suicide) -> Game {
    let n = spec.points();
    game_at(spec, rules, suicide, &".".repeat(n), Color::Black)
}

/// Plays `moves`, each of which must be legal.
pub(crate) fn play_all(game: &mut Game, moves: &[Move]) {
    for &m in moves {
        assert!(game.is_legal(m, &mut Vec::new()), "{m} should be legal");
        game.apply(m);
    }
}

/// The board plays among the legal moves.
pub(crate) fn legal_points(game: &mut Game) -> Vec<u8> {
    let legal = game.legal_moves(&mut Vec::new());
    legal
        .into_iter()
        .filter_map(|m| match m {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        })
        .collect()
}

/// The number of complete games from the current node (docs/rules.md §6).
pub(crate) fn count_games(game: &mut Game) -> u64 {
    if game.is_over() {
        return 1;
    }
    let moves = game.legal_moves(&mut Vec::new());
    moves
        .into_iter()
        .map(|m| {
            let u = game.apply(m);
            let n = count_games(game);
            game.undo(u);
            n
        })
        .sum()
}

/// Exact minimax over this crate's rules, with a table keyed on the state
/// and the whole history (exact, since legality reads nothing else).
#[derive(Default)]
pub(crate) struct Minimax {
    /// Values by (state, sorted history).
    table: HashMap<(State, Vec<Record>), i32>,
}

impl Minimax {
    /// d under perfect play from the current node (Black maximises).
    pub fn value(&mut self, game: &mut Game) -> i32 {
        if game.is_over() {
            return game.score();
        }
        let key = (game.state(), game.history_records());
        if let Some(&v) = self.table.get(&key) {
            return v;
        }
        let black = game.state().to_move == Color::Black;
        let mut best = if black { i32::MIN } else { i32::MAX };
        for m in game.legal_moves(&mut Vec::new()) {
            let u = game.apply(m);
            let v = self.value(game);
            game.undo(u);
            best = if black { best.max(v) } else { best.min(v) };
        }
        self.table.insert(key, best);
        best
    }
}

/// Whether a finished game's d meets `prover`'s claim at `threshold`.
pub(crate) fn meets(d: i32, prover: Color, threshold: i32) -> bool {
    match prover {
        Color::Black => d >= threshold,
        Color::White => d <= threshold,
    }
}

/// An AND-OR search: can the prover hold every finished game from a node
/// to her claim? Short-circuits, with an exact table keyed on the state
/// and the whole history (legality reads nothing else).
pub(crate) struct Search {
    /// The prover.
    prover: Color,
    /// The claim's threshold.
    threshold: i32,
    /// Answers by (state, sorted history).
    table: HashMap<(State, Vec<Record>), bool>,
}

impl Search {
    /// A search for `prover`'s claim at `threshold`.
    pub fn new(prover: Color, threshold: i32) -> Search {
        Search {
            prover,
            threshold,
            table: HashMap::new(),
        }
    }

    /// Whether the prover holds the claim from the current node.
    pub fn holds(&mut self, game: &mut Game) -> bool {
        if game.is_over() {
            return meets(game.score(), self.prover, self.threshold);
        }
        let key = (game.state(), game.history_records());
        if let Some(&h) = self.table.get(&key) {
            return h;
        }
        let mine = game.state().to_move == self.prover;
        let mut result = !mine;
        for m in game.legal_moves(&mut Vec::new()) {
            let u = game.apply(m);
            let h = self.holds(game);
            game.undo(u);
            if h == mine {
                result = mine;
                break;
            }
        }
        self.table.insert(key, result);
        result
    }
}

/// d under perfect play from a header's start: the largest threshold
/// Black can hold, by [`Search`].
pub(crate) fn solve(header: &Header) -> i32 {
    let mut game = start_game(header).expect("a legal start");
    let n = header.board.points() as i32;
    (-n..=n)
        .rev()
        .find(|&t| Search::new(Color::Black, t).holds(&mut game))
        .expect("Black always holds d >= -n")
}

/// d under perfect play from a header's start, by [`Minimax`].
pub(crate) fn minimax(header: &Header) -> i32 {
    let mut game = start_game(header).expect("a legal start");
    Minimax::default().value(&mut game)
}

/// An oracle's own copy of the game, following the walk: its `play` and
/// `undo` are the [`Oracle`] methods of every oracle that keeps one.
pub(crate) struct Follower {
    /// The game, at the walk's node.
    pub game: Game,
    /// Undo records of the moves the walk played.
    undos: Vec<Undo>,
}

impl Follower {
    /// A copy of `game` at the walk's start.
    pub fn new(game: Game) -> Follower {
        Follower {
            game,
            undos: Vec::new(),
        }
    }

    /// Plays the walk's move `m`.
    pub fn play(&mut self, m: Move) {
        self.undos.push(self.game.apply(m));
    }

    /// Takes the walk's last move back.
    pub fn undo(&mut self) {
        let u = self.undos.pop().expect("undo after play");
        self.game.undo(u);
    }
}

/// An oracle that plays the prover's moves by a [`Search`] and records
/// them: the first legal move that keeps the claim, else the
/// first legal move.
pub(crate) struct SearchOracle {
    /// Its own copy of the game, following the walk.
    own: Follower,
    /// The search for the claim.
    search: Search,
    /// A decision (from 1) at which to play a move that misses the claim.
    pub spoil_at: Option<u64>,
    /// Whether the spoiling decision found a losing move.
    pub spoiled: bool,
    /// Decisions so far.
    decisions: u64,
    /// The strategy written so far.
    pub strategy: Vec<Move>,
}

impl SearchOracle {
    /// Whether the claim holds at the start, by the search.
    pub fn holds_at_start(&mut self) -> bool {
        self.search.holds(&mut self.own.game)
    }

    /// An oracle for `header`'s claim.
    pub fn new(header: &Header) -> SearchOracle {
        SearchOracle {
            own: Follower::new(start_game(header).expect("a legal start")),
            search: Search::new(header.prover, header.threshold),
            spoil_at: None,
            spoiled: false,
            decisions: 0,
            strategy: Vec::new(),
        }
    }

    /// The first move that keeps the claim (or, when spoiling, the first
    /// that loses it); the first legal move when there is none.
    fn pick(&mut self, legal: &[Move], spoil: bool) -> Move {
        for &m in legal {
            let u = self.own.game.apply(m);
            let keeps = self.search.holds(&mut self.own.game);
            self.own.game.undo(u);
            if keeps != spoil {
                self.spoiled |= spoil;
                return m;
            }
        }
        legal[0]
    }
}

impl Oracle for SearchOracle {
    fn choose(&mut self, legal: &[Move]) -> Result<Move, String> {
        self.decisions += 1;
        let spoil = self.spoil_at == Some(self.decisions);
        let m = self.pick(legal, spoil);
        self.strategy.push(m);
        Ok(m)
    }

    fn play(&mut self, m: Move) {
        self.own.play(m);
    }

    fn undo(&mut self) {
        self.own.undo();
    }

    fn node(&mut self, legal: &[Move]) -> Result<(), String> {
        let own = self.own.game.legal_moves(&mut Vec::new());
        if own == legal {
            Ok(())
        } else {
            Err(format!(
                "legal moves differ: walk {legal:?}, oracle {own:?}"
            ))
        }
    }
}

/// `basic`'s graph of states reachable from a node: legality under
/// `basic` reads the state alone, so the state is the node.
pub(crate) struct BasicGraph {
    /// The states, the root first.
    states: Vec<State>,
    /// Each state's index.
    index: HashMap<State, usize>,
    /// Each state's moves and the children they lead to (empty at an end).
    kids: Vec<Vec<(Move, usize)>>,
    /// Each ended state's d (`None` where the game goes on).
    ends: Vec<Option<i32>>,
}

impl BasicGraph {
    /// The states reachable from `game`'s node (a `basic` game).
    pub fn build(game: &mut Game) -> BasicGraph {
        let mut g = BasicGraph {
            states: Vec::new(),
            index: HashMap::new(),
            kids: Vec::new(),
            ends: Vec::new(),
        };
        g.visit(game);
        g
    }

    fn visit(&mut self, game: &mut Game) -> usize {
        let s = game.state();
        if let Some(&i) = self.index.get(&s) {
            return i;
        }
        let i = self.states.len();
        self.states.push(s);
        self.index.insert(s, i);
        self.kids.push(Vec::new());
        self.ends.push(game.is_over().then(|| game.score()));
        let mut kids = Vec::new();
        for m in game.legal_moves(&mut Vec::new()) {
            let u = game.apply(m);
            kids.push((m, self.visit(game)));
            game.undo(u);
        }
        self.kids[i] = kids;
        i
    }

    /// The index of a state of the graph.
    pub fn at(&self, s: &State) -> usize {
        self.index[s]
    }

    /// The attractor of "`prover` forces a finite end meeting her claim
    /// at `threshold`": for each state, the round it joins at (an end
    /// that meets the claim at 0), `None` outside it.
    pub fn attractor(&self, prover: Color, threshold: i32) -> Vec<Option<u32>> {
        let n = self.states.len();
        let mut rank: Vec<Option<u32>> = (0..n)
            .map(|i| {
                self.ends[i]
                    .filter(|&d| meets(d, prover, threshold))
                    .map(|_| 0)
            })
            .collect();
        for round in 1.. {
            let mut added = Vec::new();
            for i in 0..n {
                if rank[i].is_some() || self.ends[i].is_some() {
                    continue;
                }
                let mut kids = self.kids[i].iter().map(|&(_, c)| rank[c].is_some());
                let joins = if self.states[i].to_move == prover {
                    kids.any(|k| k)
                } else {
                    kids.all(|k| k)
                };
                if joins {
                    added.push(i);
                }
            }
            if added.is_empty() {
                break;
            }
            for i in added {
                rank[i] = Some(round);
            }
        }
        rank
    }

    /// At state `i`: the first move to a child of smaller rank (`forcing`)
    /// or to a child outside the attractor (`rank` is then the other
    /// side's), if any.
    pub fn pick(&self, i: usize, rank: &[Option<u32>], forcing: bool) -> Option<Move> {
        self.kids[i].iter().find_map(|&(m, c)| {
            let ok = if forcing {
                matches!((rank[c], rank[i]), (Some(a), Some(b)) if a < b)
            } else {
                rank[c].is_none()
            };
            ok.then_some(m)
        })
    }
}

/// An oracle for a `basic` claim, reading a [`BasicGraph`]: for `claim
/// ending` the prover moves down her attractor's ranks; for `claim
/// finished` she keeps out of the other side's attractor of the claim's
/// complement. Where it has no such move it plays the first legal one.
pub(crate) struct BasicOracle {
    own: Follower,
    graph: BasicGraph,
    rank: Vec<Option<u32>>,
    forcing: bool,
    /// The strategy written so far.
    pub strategy: Vec<Move>,
}

impl BasicOracle {
    /// An oracle for `header`'s claim (`rules basic`).
    pub fn new(header: &Header) -> BasicOracle {
        let mut game = start_game(header).expect("a legal start");
        let graph = BasicGraph::build(&mut game);
        let (forcing, rank) = match header.claim {
            crate::format::Claim::Ending => {
                (true, graph.attractor(header.prover, header.threshold))
            }
            _ => {
                // The other side ends the game beyond the threshold.
                let t = match header.prover {
                    Color::Black => header.threshold - 1,
                    Color::White => header.threshold + 1,
                };
                (false, graph.attractor(header.prover.opponent(), t))
            }
        };
        BasicOracle {
            own: Follower::new(game),
            graph,
            rank,
            forcing,
            strategy: Vec::new(),
        }
    }

    /// Whether the claim is true at the start, by the attractor.
    pub fn holds(&self) -> bool {
        let root = self.rank[0].is_some();
        if self.forcing {
            root
        } else {
            !root
        }
    }
}

impl Oracle for BasicOracle {
    fn choose(&mut self, legal: &[Move]) -> Result<Move, String> {
        let i = self.graph.at(&self.own.game.state());
        let m = self
            .graph
            .pick(i, &self.rank, self.forcing)
            .unwrap_or(legal[0]);
        self.strategy.push(m);
        Ok(m)
    }

    fn play(&mut self, m: Move) {
        self.own.play(m);
    }

    fn undo(&mut self) {
        self.own.undo();
    }
}
