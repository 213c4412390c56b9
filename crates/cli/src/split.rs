//! `kosolve split`: one solve cut into many independent tasks (docs/distributed.md).
//!
//! The game tree from the start is expanded into a split tree, guided by
//! short node-capped searches; its open leaves become tasks, each a game
//! record holding the whole line from the start, solved by `kosolve solve
//! --game`. `kosolve join` ([`crate::join`]) computes the root's value from
//! their answers by minimax over the tree. The manifest types live here.

use crate::common::{rules_help, CliError};
use crate::interrupt::interrupt_token;
use crate::start::{resolve, StartArgs};
use kosolve_board::{Board, Color, Point};
use kosolve_rules::{Game, Komi, Move, Rules, Ruleset, Setup, StandardGame};
use kosolve_solver::{result_value, value_range, Limits, SearchSettings, SolveOptions, Tables};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The first line of every manifest's `format` field.
pub const FORMAT: &str = "kosolve-split 1";
/// The manifest's file name in the split directory.
pub const MANIFEST: &str = "split.json";
/// The work list's file name: one shell command per task.
pub const TASKS: &str = "tasks.txt";
/// The SLURM array script's file name.
pub const SBATCH: &str = "split.sbatch";

/// The rulesets a split does not cut: `basic` (values with komi applied,
/// and void games), Kee and the Fundamental family (other engines).
pub const UNSUPPORTED: &[Ruleset] = &[
    Ruleset::Basic,
    Ruleset::Kee,
    Ruleset::Fundamental,
    Ruleset::Ultimate,
    Ruleset::UltimateSimple,
];

/// Refuses a ruleset the split and join do not handle.
pub fn check_ruleset(ruleset: Ruleset) -> Result<(), CliError> {
    if UNSUPPORTED.contains(&ruleset) {
        return Err(CliError::Refused(format!(
            "split and join handle the margin rulesets (psk, ssk, nssk, tromp-taylor, fixed, \
             basic-fixed, bkr) and primitive, not '{}' (docs/distributed.md)",
            ruleset.name()
        )));
    }
    Ok(())
}

/// Options of `kosolve split`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board: `RxC` (rectangles only: the tasks are SGF records; not with `--game`).
    #[arg(long, required_unless_present = "game")]
    board: Option<String>,
    /// Where the game starts (default: the empty board, Black to move).
    #[command(flatten)]
    start: StartArgs,
    #[arg(long, default_value = "psk", help = rules_help(UNSUPPORTED, "."))]
    rules: String,
    /// Suicide: forbidden or allowed (default: the ruleset's own).
    #[arg(long)]
    suicide: Option<String>,
    /// Komi, a multiple of 0.5 (default 0; the value does not depend on it).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// The number of tasks to aim for (the split stops at the first
    /// expansion that reaches it, or when every leaf is solved).
    #[arg(long, default_value_t = 64)]
    leaves: usize,
    /// The directory to write the split into (created; must not hold a split).
    #[arg(long)]
    out: String,
    /// Nodes of the short search run on each node of the frontier (checked
    /// every 1,024 nodes); the node to expand next is the open one this
    /// search left least decided (docs/distributed.md, "Balance"). 0: no search,
    /// the split goes by breadth.
    #[arg(long, default_value_t = 20_000)]
    budget: u64,
    /// Transposition table cap in MiB of the split's own short searches.
    #[arg(long, default_value_t = 256)]
    split_memory: usize,
    /// Threads each task's solve uses (also the SLURM script's --cpus-per-task).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table cap in MiB of each task's solve (default: the solve's own).
    #[arg(long)]
    memory: Option<usize>,
    /// Each task stops after about this many seconds and answers its proven
    /// bounds (`solve --max-seconds`); `join --missing` lists it again.
    #[arg(long)]
    task_max_seconds: Option<f64>,
    /// Each task stops after about this many nodes and answers its proven
    /// bounds (`solve --max-nodes`).
    #[arg(long)]
    task_max_nodes: Option<u64>,
    /// The command the tasks run (default: the path of this kosolve).
    #[arg(long)]
    exe: Option<String>,
    /// Certificates too: each task writes its leaf's (`--certificate
    /// certs/L0007.cert`), the split writes those of the nodes it solved,
    /// and `kosolve join --certificate FILE` joins them into the start's.
    #[arg(long)]
    certificates: bool,
    /// Each task answers only against the window A,B (values at komi 0):
    /// its exact value where it lies in [A, B], else a bound that shows it
    /// below A or above B (`solve --window`; docs/distributed.md,
    /// "Windows"). Cheaper tasks; the join then proves the start's value
    /// where it lies in the window, and a bound where it does not. With
    /// `--certificates`, each task certifies what it decided.
    #[arg(long, value_name = "A,B", allow_hyphen_values = true,
          value_parser = crate::solve::parse_window)]
    window: Option<(i32, i32)>,
}

/// The manifest of a split (`split.json`, docs/distributed.md "The manifest").
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: String,
    /// The board's name.
    pub board: String,
    /// The ruleset's name.
    pub rules: String,
    /// `forbidden` or `allowed`.
    pub suicide: String,
    /// The komi (for the outcome only: values are at komi 0).
    pub komi: String,
    /// The start's game record, relative to the split directory.
    pub start: String,
    /// The nodes each short search of the split could spend.
    pub budget: u64,
    /// The range every value lies in: `[lower, upper]`.
    pub range: [i32; 2],
    /// Whether the split writes certificates (`--certificates`).
    #[serde(default)]
    pub certificates: bool,
    /// The tasks' window `[a, b]` (`--window`), if any: an answer is
    /// finished once it decides the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<[i32; 2]>,
    /// The nodes of the split tree, the root first; a child's id is
    /// always greater than its parent's.
    pub nodes: Vec<Node>,
}

/// One node of the split tree.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct Node {
    /// Its index in [`Manifest::nodes`].
    pub id: usize,
    /// The moves from the start to it.
    pub moves: Vec<String>,
    /// The player to move there (`black` or `white`).
    pub to_move: String,
    /// What the node is.
    #[serde(flatten)]
    pub kind: Kind,
}

/// What a node of the split tree is.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Kind {
    /// Expanded: every legal move, each with its child.
    Interior {
        /// The children, in the order of the legal moves.
        children: Vec<Child>,
    },
    /// The game is over: its exact value.
    Terminal {
        /// Black's value (area margin at komi 0; primitive: +1/-1).
        value: i32,
    },
    /// Solved by the split's short search.
    Solved {
        /// The exact value.
        value: i32,
        /// The nodes the search spent.
        nodes: u64,
        /// Its certificates, relative to the split directory (with `--certificates`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        certificate: Option<String>,
    },
    /// With `--window`: not expanded and no task, because the window is
    /// decided without it: its own bounds, or with its siblings' those
    /// of an ancestor, lie wholly below or above the window.
    Decided {
        /// The lower bound the split's short search proved.
        lower: i32,
        /// The upper bound the split's short search proved.
        upper: i32,
    },
    /// The board's image of an earlier node under a symmetry that fixes
    /// the start and its record: the same value, no task (not with
    /// `--certificates`).
    Mirror {
        /// The node it is an image of (an earlier id, at the same depth,
        /// itself no mirror).
        of: usize,
    },
    /// A task: solved by `kosolve solve --game FILE`.
    Leaf {
        /// The task's name (`L0007`).
        leaf: String,
        /// Its index in the work list (line `task + 1` of tasks.txt).
        task: usize,
        /// Its game record, relative to the split directory.
        file: String,
        /// Where its task writes the answer, relative to the split directory.
        answer: String,
        /// The lower bound the split's short search proved.
        lower: i32,
        /// The upper bound the split's short search proved.
        upper: i32,
        /// Where its task writes its certificates (with `--certificates`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        certificate: Option<String>,
    },
}

/// One child of an interior node.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Child {
    /// The move that leads to it.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its id.
    pub node: usize,
}

/// A node while the tree grows.
struct Grow {
    path: Vec<Move>,
    to_move: Color,
    state: State,
}

/// What a growing node is.
enum State {
    Interior(Vec<(Move, usize)>),
    Terminal(i32),
    Solved {
        value: i32,
        nodes: u64,
    },
    Open {
        lower: i32,
        upper: i32,
    },
    /// An image of the node with this id ([`Kind::Mirror`]).
    Mirror(usize),
}

/// The split's short searches: one set of tables for all (their entries
/// are exact whatever the root), each search capped at the budget.
struct Prober {
    root: StandardGame,
    opts: SolveOptions,
    tables: Tables,
    nodes: u64,
    /// The budget; 0: no search (every node not over is open).
    budget: u64,
    /// The tasks' window (`--window`, which the short searches read too)
    /// where a node whose bounds decide it needs no task
    /// (not with `--certificates`: such a node would have no certificate).
    prune: Option<(i32, i32)>,
    /// The board's symmetries that fix the start and its record (the
    /// identity aside): a line and its image have the same value.
    symmetries: Vec<Vec<u8>>,
}

/// The symmetries of the board (point permutations) that map the start
/// position to itself and each move of the start's record to itself, the
/// identity left out. The game after a line is then the image, under
/// each, of the game after the line's image: the same rules on an
/// isomorphic board, the same history, so the same value.
fn start_symmetries(board: &Board, setup: &Setup) -> Vec<Vec<u8>> {
    let fixes = |perm: &[u8]| {
        let pos = &setup.start.position;
        (0..board.len()).all(|p| pos.get(Point(p as u8)) == pos.get(Point(perm[p])))
            && setup.moves.iter().all(|&m| map_move(perm, m) == m)
    };
    board
        .symmetries()
        .iter()
        .skip(1)
        .filter(|perm| fixes(perm))
        .cloned()
        .collect()
}

/// A move's image under a point permutation.
fn map_move(perm: &[u8], m: Move) -> Move {
    match m {
        Move::Play(p) => Move::Play(Point(perm[p.0 as usize])),
        other => other,
    }
}

impl Prober {
    /// A prober of the states below `root`.
    fn new(
        root: StandardGame,
        budget: u64,
        memory_mib: usize,
        window: Option<(i32, i32)>,
        prune: Option<(i32, i32)>,
        symmetries: Vec<Vec<u8>>,
    ) -> Prober {
        let opts = SolveOptions {
            threads: 1,
            memory_mib: memory_mib.max(1),
            limits: Limits {
                max_nodes: Some(budget.max(1)),
                max_seconds: None,
                cancel: interrupt_token(),
            },
            search: SearchSettings {
                pv: false,
                window,
                ..SearchSettings::default()
            },
            ..SolveOptions::default()
        };
        let tables = Tables::new(&root, &opts);
        Prober {
            root,
            opts,
            tables,
            nodes: 0,
            budget,
            prune,
            symmetries,
        }
    }

    /// The node at `path`: its player to move and what the short search
    /// found there.
    fn probe(&mut self, path: Vec<Move>) -> Grow {
        let mut g = self.root.clone();
        for &m in &path {
            g.play(m);
        }
        let to_move = g.to_move();
        let state = match g.result() {
            Some(r) => State::Terminal(result_value(&r)),
            None if self.budget == 0 => {
                let (lower, upper) = value_range(&g);
                State::Open { lower, upper }
            }
            None => {
                let s = kosolve_solver::solve_game_with(&g, &self.opts, &self.tables);
                self.nodes += s.stats.nodes;
                if s.lower == s.upper {
                    State::Solved {
                        value: s.lower,
                        nodes: s.stats.nodes,
                    }
                } else {
                    State::Open {
                        lower: s.lower,
                        upper: s.upper,
                    }
                }
            }
        };
        Grow {
            path,
            to_move,
            state,
        }
    }
}

/// The open node to expand next: the widest proven bounds (the most tests
/// left undecided after a search of the whole budget), then the shallowest,
/// then the first made.
fn next_to_expand(tree: &[Grow], needed: &[bool]) -> Option<usize> {
    tree.iter()
        .enumerate()
        .filter(|&(i, _)| needed[i])
        .filter_map(|(i, n)| match n.state {
            State::Open { lower, upper } => Some((
                upper - lower,
                std::cmp::Reverse(n.path.len()),
                std::cmp::Reverse(i),
            )),
            _ => None,
        })
        .max()
        .map(|(_, _, std::cmp::Reverse(i))| i)
}

/// Grows the split tree from `root` until it has at least `target` open
/// leaves, none is left, or it has expanded `target * 64 + 64` nodes.
fn grow(prober: &mut Prober, target: usize) -> (Vec<Grow>, Vec<bool>) {
    let mut tree = vec![prober.probe(Vec::new())];
    // Each line probed, by its node: an image of one is not probed again.
    let mut seen: HashMap<Vec<Move>, usize> = HashMap::new();
    seen.insert(Vec::new(), 0);
    let mut need = needed(&tree, prober.prune);
    let open = |t: &[Grow], needed: &[bool]| {
        t.iter()
            .zip(needed)
            .filter(|(n, &w)| w && matches!(n.state, State::Open { .. }))
            .count()
    };
    let mut expansions = 0usize;
    while open(&tree, &need) < target && expansions < target.saturating_mul(64).saturating_add(64) {
        let Some(i) = next_to_expand(&tree, &need) else {
            break;
        };
        expansions += 1;
        let mut g = prober.root.clone();
        for &m in &tree[i].path {
            g.play(m);
        }
        let mut children = Vec::new();
        for m in g.legal_move_list() {
            let mut path = tree[i].path.clone();
            path.push(m);
            let image = prober
                .symmetries
                .iter()
                .map(|perm| path.iter().map(|&m| map_move(perm, m)).collect::<Vec<_>>())
                .find_map(|image| seen.get(&image).copied());
            let child = match image {
                Some(of) => Grow {
                    path,
                    to_move: g.to_move().opponent(),
                    state: State::Mirror(of),
                },
                None => {
                    seen.insert(path.clone(), tree.len());
                    prober.probe(path)
                }
            };
            children.push((m, tree.len()));
            tree.push(child);
        }
        tree[i].state = State::Interior(children);
        need = needed(&tree, prober.prune);
    }
    (tree, need)
}

/// Each node's proven bounds: minimax over the tree, the open nodes
/// taking the bounds of their short search.
fn tree_bounds(tree: &[Grow]) -> Vec<(i32, i32)> {
    let mut memo = vec![None; tree.len()];
    (0..tree.len())
        .map(|i| node_bounds(tree, i, &mut memo))
        .collect()
}

/// Node `i`'s bounds for [`tree_bounds`], memoised: a child's id is
/// greater than its parent's, and a mirror's node is an earlier one that
/// is no mirror and not below it, so the recursion ends.
fn node_bounds(tree: &[Grow], i: usize, memo: &mut [Option<(i32, i32)>]) -> (i32, i32) {
    if let Some(b) = memo[i] {
        return b;
    }
    let b = match &tree[i].state {
        State::Terminal(v) | State::Solved { value: v, .. } => (*v, *v),
        State::Open { lower, upper } => (*lower, *upper),
        State::Mirror(of) => node_bounds(tree, *of, memo),
        State::Interior(children) => {
            let black = tree[i].to_move == Color::Black;
            let pick = |x: i32, y: i32| if black { x.max(y) } else { x.min(y) };
            let mut acc: Option<(i32, i32)> = None;
            for &(_, c) in children {
                let (l, h) = node_bounds(tree, c, memo);
                acc = Some(acc.map_or((l, h), |(lo, hi)| (pick(lo, l), pick(hi, h))));
            }
            acc.unwrap_or((0, 0))
        }
    };
    memo[i] = Some(b);
    b
}

/// Which nodes the join still needs: with a window, a node is not needed
/// once it or an ancestor is decided against the window (bounds that
/// meet, or lie wholly below or above it); its open leaves then get no
/// task. Without a window every node is needed, as every leaf's exact
/// value may be asked for (and its certificate, with `--certificates`).
fn needed(tree: &[Grow], window: Option<(i32, i32)>) -> Vec<bool> {
    let Some((a, b)) = window else {
        return vec![true; tree.len()];
    };
    let bounds = tree_bounds(tree);
    let mut need = vec![false; tree.len()];
    let mut seen = vec![false; tree.len()];
    // From the root down, through children and from a mirror to its node.
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        let (lo, hi) = bounds[i];
        if lo == hi || hi < a || lo > b {
            continue;
        }
        need[i] = true;
        match &tree[i].state {
            State::Interior(children) => stack.extend(children.iter().map(|&(_, c)| c)),
            State::Mirror(of) => stack.push(*of),
            _ => {}
        }
    }
    need
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    let started = std::time::Instant::now();
    let start = resolve(args.board.as_deref(), &args.start)?;
    let rules = start.rules(&args.rules, args.suicide.as_deref(), args.komi.as_deref())?;
    check_ruleset(rules.ruleset)?;
    if kosolve_sgf::size_value(&start.board).is_none() {
        return Err(CliError::Usage(format!(
            "split needs a rectangular board (its tasks are SGF records); not '{}'",
            start.board.name()
        )));
    }
    if args.certificates && !kosolve_solver::certificate::supports(&rules) {
        return Err(CliError::Usage(format!(
            "--certificates: ruleset '{}' has no certificate format (docs/certificates.md)",
            rules.ruleset
        )));
    }
    crate::common::check_max_seconds(args.task_max_seconds).map_err(|_| {
        CliError::Usage(format!(
            "--task-max-seconds must be a non-negative number (got {})",
            args.task_max_seconds.unwrap_or_default()
        ))
    })?;
    if args.leaves == 0 {
        return Err(CliError::Usage("--leaves must be at least 1".into()));
    }
    if args.threads == 0 || args.threads > 1024 {
        return Err(CliError::Usage(format!(
            "--threads must be between 1 and 1024 (got {})",
            args.threads
        )));
    }
    let out = PathBuf::from(&args.out);
    if out.join(MANIFEST).exists() {
        return Err(CliError::Usage(format!(
            "{} already holds a split ({MANIFEST}); join it, or choose another --out",
            out.display()
        )));
    }
    let root = start
        .setup
        .standard(start.board.clone(), rules.with_komi(Komi::ZERO))
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let range = value_range(&root);
    // Joined certificates follow the tree's own lines: no mirrors there.
    let symmetries = if args.certificates {
        Vec::new()
    } else {
        start_symmetries(&start.board, &start.setup)
    };
    let mut prober = Prober::new(
        root,
        args.budget,
        args.split_memory,
        args.window,
        args.window.filter(|_| !args.certificates),
        symmetries,
    );
    let (tree, needed) = grow(&mut prober, args.leaves);
    let exe = match &args.exe {
        Some(e) => e.clone(),
        None => std::env::current_exe()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| "kosolve".into()),
    };
    let plan = Plan {
        board: &start.board,
        rules,
        setup: &start.setup,
        exe: &exe,
        threads: args.threads,
        memory: args.memory,
        max_seconds: args.task_max_seconds,
        max_nodes: args.task_max_nodes,
        window: args.window,
        certificates: args.certificates,
    };
    let manifest = plan.write(&out, &tree, &needed, args.budget, range)?;
    let count = |f: fn(&Kind) -> bool| manifest.nodes.iter().filter(|n| f(&n.kind)).count();
    eprintln!(
        "kosolve: split into {} tasks in {} ({} nodes: {} interior, {} solved while splitting, \
         {} decided against the window, {} images of others, {} game ends; {} search nodes, \
         {:.2} s)",
        count(|k| matches!(k, Kind::Leaf { .. })),
        out.display(),
        manifest.nodes.len(),
        count(|k| matches!(k, Kind::Interior { .. })),
        count(|k| matches!(k, Kind::Solved { .. })),
        count(|k| matches!(k, Kind::Decided { .. })),
        count(|k| matches!(k, Kind::Mirror { .. })),
        count(|k| matches!(k, Kind::Terminal { .. })),
        prober.nodes,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What the written files need besides the tree.
struct Plan<'a> {
    board: &'a Arc<Board>,
    rules: Rules,
    setup: &'a Setup,
    exe: &'a str,
    threads: usize,
    memory: Option<usize>,
    /// Each task's `--max-seconds`.
    max_seconds: Option<f64>,
    /// Each task's `--max-nodes`.
    max_nodes: Option<u64>,
    /// Each task's `--window`.
    window: Option<(i32, i32)>,
    certificates: bool,
}

/// `s` quoted for the shell where it needs it.
fn shell_quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./=:,+@%".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Writes `bytes` to `path` atomically.
fn write(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    kosolve_sweep::write_atomic(path, bytes).map_err(|e| CliError::Io(e.to_string()))
}

impl Plan<'_> {
    /// The game record of the start followed by `path`, with a comment.
    fn record(&self, path: &[Move], comment: String) -> Result<String, CliError> {
        use kosolve_sgf::{Annotations, Header, Record};
        let mut record = Record {
            board: (**self.board).clone(),
            setup: self.setup.start.position,
            to_move: Some(self.setup.start.to_move),
            komi: Some(self.rules.komi.to_string()),
            moves: Vec::new(),
        };
        let mut c = self.setup.start.to_move;
        for m in self.setup.moves.iter().chain(path) {
            record.push_move(c, m.point());
            c = c.opponent();
        }
        let notes = Annotations {
            header: Header {
                application: Some("kosolve".into()),
                ruleset: Some(self.rules.ruleset.to_string()),
                comment: Some(comment),
                ..Header::default()
            },
            ..Annotations::default()
        };
        kosolve_sgf::write(&record, &notes).map_err(|e| CliError::Usage(e.to_string()))
    }

    /// With `--certificates`, writes the certificates of node `id` (at
    /// `path`), which the split's short search solved, to
    /// `certs/N0012.cert`; returns the file's name.
    fn solved_certificate(
        &self,
        out: &Path,
        id: usize,
        path: &[Move],
    ) -> Result<Option<String>, CliError> {
        if !self.certificates {
            return Ok(None);
        }
        let setup = Setup {
            start: self.setup.start,
            moves: self.setup.moves.iter().chain(path).copied().collect(),
        };
        let opts = SolveOptions {
            threads: 1,
            memory_mib: 64,
            limits: Limits {
                cancel: interrupt_token(),
                ..Limits::default()
            },
            ..SolveOptions::default()
        };
        let board = self.board.clone();
        let report = kosolve_solver::solve_from(board.clone(), self.rules, &setup, &opts, None)?;
        let certs = kosolve_solver::certificate::answer_certificates(
            board,
            self.rules,
            &setup,
            &report.answer,
            &opts,
            &Default::default(),
        )
        .ok_or_else(|| CliError::Internal(format!("node {id}: solved, but no certificate")))?
        .map_err(|e| CliError::Internal(format!("node {id}: {e}")))?;
        let file = format!("certs/N{id:04}.cert");
        write(&out.join(&file), certs.to_text().as_bytes())?;
        Ok(Some(file))
    }

    /// The shell command of one task, run in the split directory.
    fn task_line(&self, leaf: &str) -> String {
        let memory = self
            .memory
            .map(|m| format!(" --memory {m}"))
            .unwrap_or_default()
            + &self
                .max_seconds
                .map(|t| format!(" --max-seconds {t}"))
                .unwrap_or_default()
            + &self
                .max_nodes
                .map(|n| format!(" --max-nodes {n}"))
                .unwrap_or_default()
            + &self
                .window
                .map(|(a, b)| format!(" --window={a},{b}"))
                .unwrap_or_default();
        let tmp = format!("answers/{leaf}.json.tmp-$$");
        let cert = if self.certificates {
            format!(" --certificate certs/{leaf}.cert")
        } else {
            String::new()
        };
        format!(
            "{} solve --game leaves/{leaf}.sgf --rules {} --suicide {} --komi={} --threads {}{memory}{cert} \
             --quiet --format json > {tmp} && mv {tmp} answers/{leaf}.json || {{ rm -f {tmp}; exit 1; }}",
            shell_quote(self.exe),
            self.rules.ruleset.name(),
            self.rules.suicide.name(),
            self.rules.komi,
            self.threads,
        )
    }

    /// The SLURM array script over `tasks` tasks.
    fn sbatch(&self, tasks: usize) -> String {
        format!(
            "#!/bin/bash\n\
             #SBATCH --job-name=kosolve-split\n\
             #SBATCH --array=0-{}\n\
             #SBATCH --cpus-per-task={}\n\
             #SBATCH --output=logs/%A_%a.out\n\
             # kosolve split: task i runs line i+1 of tasks.txt. Submit from this\n\
             # directory: sbatch split.sbatch (sbatch --wait to wait for the array),\n\
             # then kosolve join . (docs/distributed.md).{}\n\
             set -euo pipefail\n\
             cd \"${{SLURM_SUBMIT_DIR:-.}}\"\n\
             sed -n \"$((SLURM_ARRAY_TASK_ID+1))p\" {TASKS} | bash\n",
            tasks.saturating_sub(1),
            self.threads,
            if tasks == 0 {
                "\n# Every leaf was solved while splitting: there is no task."
            } else {
                ""
            }
        )
    }

    /// Writes the leaves, the start, the work list, the SLURM script and
    /// the manifest (last) into `out`; returns the manifest.
    fn write(
        &self,
        out: &Path,
        tree: &[Grow],
        needed: &[bool],
        budget: u64,
        range: (i32, i32),
    ) -> Result<Manifest, CliError> {
        for d in ["leaves", "answers", "logs", "certs"] {
            std::fs::create_dir_all(out.join(d)).map_err(|e| {
                CliError::Io(format!("cannot create {}: {e}", out.join(d).display()))
            })?;
        }
        let board = &**self.board;
        let header = format!(
            "kosolve split of board {}, rules {} (suicide {}), komi {}",
            board.name(),
            self.rules.ruleset,
            self.rules.suicide,
            self.rules.komi
        );
        write(
            &out.join("start.sgf"),
            self.record(&[], format!("{header}: the start."))?
                .as_bytes(),
        )?;
        let mut nodes = Vec::with_capacity(tree.len());
        let mut tasks = String::new();
        let mut count = 0usize;
        for (id, n) in tree.iter().enumerate() {
            let kind = match &n.state {
                State::Interior(children) => Kind::Interior {
                    children: children
                        .iter()
                        .map(|&(m, node)| Child {
                            mv: m.name(board),
                            node,
                        })
                        .collect(),
                },
                State::Terminal(value) => Kind::Terminal { value: *value },
                State::Solved { value, nodes } => Kind::Solved {
                    value: *value,
                    nodes: *nodes,
                    certificate: self.solved_certificate(out, id, &n.path)?,
                },
                State::Mirror(of) => Kind::Mirror { of: *of },
                State::Open { lower, upper } if !needed[id] => Kind::Decided {
                    lower: *lower,
                    upper: *upper,
                },
                State::Open { lower, upper } => {
                    let task = count;
                    count += 1;
                    let leaf = format!("L{task:04}");
                    let names: Vec<String> = n.path.iter().map(|m| m.name(board)).collect();
                    let comment = format!(
                        "{header}: leaf {leaf}, the start then {}.",
                        if names.is_empty() {
                            "no move".into()
                        } else {
                            names.join(" ")
                        }
                    );
                    let file = format!("leaves/{leaf}.sgf");
                    write(&out.join(&file), self.record(&n.path, comment)?.as_bytes())?;
                    tasks.push_str(&self.task_line(&leaf));
                    tasks.push('\n');
                    Kind::Leaf {
                        answer: format!("answers/{leaf}.json"),
                        certificate: self.certificates.then(|| format!("certs/{leaf}.cert")),
                        leaf,
                        task,
                        file,
                        lower: *lower,
                        upper: *upper,
                    }
                }
            };
            nodes.push(Node {
                id,
                moves: n.path.iter().map(|m| m.name(board)).collect(),
                to_move: n.to_move.name().to_string(),
                kind,
            });
        }
        write(&out.join(TASKS), tasks.as_bytes())?;
        write(&out.join(SBATCH), self.sbatch(count).as_bytes())?;
        let manifest = Manifest {
            format: FORMAT.into(),
            board: board.name().to_string(),
            rules: self.rules.ruleset.name().into(),
            suicide: self.rules.suicide.name().into(),
            komi: self.rules.komi.to_string(),
            start: "start.sgf".into(),
            budget,
            range: [range.0, range.1],
            certificates: self.certificates,
            window: self.window.map(|(a, b)| [a, b]),
            nodes,
        };
        let text = serde_json::to_string_pretty(&manifest)
            .map_err(|e| CliError::Internal(format!("manifest: {e}")))?;
        write(&out.join(MANIFEST), format!("{text}\n").as_bytes())?;
        Ok(manifest)
    }
}
