//! `kosolve join --certificate FILE`: the start's certificates, joined from
//! those of the split's leaves (docs/distributed.md, "Certificates").
//!
//! A certificate's stream is the prover's moves in the order of the
//! checker's walk, and the walk's memo skips subtrees, so the leaves'
//! streams cannot be pasted together: the start's walk asks for moves in
//! its own order, and its memo (holding entries from other leaves) skips
//! other subtrees than each leaf's walk did. So each leaf certificate is
//! first replayed through the checker's walk into a [`Book`]: the
//! prover's move at every line its walk asked about, and, where its memo
//! answered a node, the node whose strategy serves there. The start's
//! certificate is then written by the checker's own walk from the start,
//! the prover choosing above the leaves by the split tree's proven
//! bounds and below them from the books.

use crate::common::CliError;
use crate::split::{Kind, Manifest};
use kosolve_board::Board;
use kosolve_check::{walk, Certificate, Claim, Color as CColor, Header, Move as CMove, Oracle};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

/// Why the certificates do not join.
#[derive(Debug)]
pub enum JoinCertError {
    /// The root's value is not proven yet.
    NotSolved,
    /// The split was made without `--certificates`.
    NotAsked,
    /// A node the prover's strategy reaches has no usable certificate.
    Missing {
        /// The node's task name or number.
        node: String,
        /// What is wrong.
        why: String,
    },
    /// The joined walk failed (a leaf certificate's strategy does not
    /// serve where the start's walk needs it).
    Walk(String),
}

impl fmt::Display for JoinCertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JoinCertError::NotSolved => {
                f.write_str("--certificate: the value is not proven yet (run the missing tasks)")
            }
            JoinCertError::NotAsked => f.write_str(
                "--certificate: the split was made without --certificates, so its tasks write none",
            ),
            JoinCertError::Missing { node, why } => {
                write!(f, "--certificate: {node}: {why}")
            }
            JoinCertError::Walk(why) => write!(f, "--certificate: the joined walk failed: {why}"),
        }
    }
}

impl From<JoinCertError> for CliError {
    fn from(e: JoinCertError) -> Self {
        match e {
            JoinCertError::Walk(_) => CliError::Internal(e.to_string()),
            _ => CliError::Refused(e.to_string()),
        }
    }
}

/// One certificate's strategy, replayed through the checker's walk.
struct Book {
    /// Its header.
    header: Header,
    /// The prover's move at each line (from the certificate's start) where
    /// the walk asked for one.
    decisions: HashMap<Vec<CMove>, CMove>,
    /// The line of each node the walk expanded, by number.
    expanded: Vec<Vec<CMove>>,
    /// The lines where the memo answered, with the number of the node
    /// whose entry answered.
    hits: HashMap<Vec<CMove>, u64>,
}

impl Book {
    /// The prover's move at `line` (from the certificate's start): the
    /// one its walk chose there, or, below a node its memo answered, the
    /// one chosen at the same line below the node whose entry answered;
    /// with the number of such steps.
    fn resolve(&self, line: &[CMove]) -> Option<(CMove, usize)> {
        let mut cur = line.to_vec();
        for steps in 0..=self.expanded.len() {
            if let Some(&m) = self.decisions.get(&cur) {
                return Some((m, steps));
            }
            let k = (0..=cur.len()).find(|&k| self.hits.contains_key(&cur[..k]))?;
            let anchor = self.expanded.get(self.hits[&cur[..k]] as usize)?;
            let mut next = anchor.clone();
            next.extend_from_slice(&cur[k..]);
            cur = next;
        }
        None
    }
}

/// An oracle that reads a strategy stream and records the walk.
struct Recorder<'a> {
    stream: &'a [CMove],
    next: usize,
    line: Vec<CMove>,
    book: Book,
}

impl Oracle for Recorder<'_> {
    fn choose(&mut self, _legal: &[CMove]) -> Result<CMove, String> {
        let m = *self
            .stream
            .get(self.next)
            .ok_or("the strategy stream is exhausted")?;
        self.next += 1;
        self.book.decisions.insert(self.line.clone(), m);
        Ok(m)
    }
    fn play(&mut self, m: CMove) {
        self.line.push(m);
    }
    fn undo(&mut self) {
        self.line.pop();
    }
    fn node(&mut self, _legal: &[CMove]) -> Result<(), String> {
        self.book.expanded.push(self.line.clone());
        Ok(())
    }
    fn hit(&mut self, node: u64) {
        self.book.hits.insert(self.line.clone(), node);
    }
}

/// Replays `cert` through the checker's walk into a book.
fn book(cert: &Certificate) -> Result<Book, String> {
    let mut r = Recorder {
        stream: &cert.strategy,
        next: 0,
        line: Vec::new(),
        book: Book {
            header: cert.header.clone(),
            decisions: HashMap::new(),
            expanded: Vec::new(),
            hits: HashMap::new(),
        },
    };
    walk(&cert.header, &mut r).map_err(|e| e.to_string())?;
    if r.next != cert.strategy.len() {
        return Err("the strategy stream is longer than its walk".into());
    }
    Ok(r.book)
}

/// The joining oracle: the prover's moves from the start.
struct Joiner<'a> {
    /// The split tree's nodes by their line from the start.
    tree: HashMap<Vec<CMove>, usize>,
    manifest: &'a Manifest,
    /// Every node's proven bounds.
    bounds: &'a [(i32, i32)],
    /// The books of the leaves and solved nodes, by node id.
    books: HashMap<usize, Book>,
    board: Board,
    prover: CColor,
    /// Black's claim d >= t, White's d <= t (`primitive`: +1 or -1).
    t: i32,
    line: Vec<CMove>,
    strategy: Vec<CMove>,
    /// Decisions answered below a memo hit of a leaf's walk.
    anchored: u64,
}

impl Joiner<'_> {
    /// The checker's move of a move name.
    fn cmove(&self, name: &str) -> Result<CMove, String> {
        match kosolve_rules::Move::parse(&self.board, name) {
            Some(kosolve_rules::Move::Play(p)) => Ok(CMove::Play(p.0)),
            Some(kosolve_rules::Move::Pass) => Ok(CMove::Pass),
            _ => Err(format!("the manifest's move '{name}' is not a board move")),
        }
    }

    /// The prover's move at the current line.
    fn pick(&mut self) -> Result<CMove, String> {
        if let Some(&id) = self.tree.get(&self.line) {
            if let Kind::Interior { children } = &self.manifest.nodes[id].kind {
                // The first child whose proven bounds keep the claim.
                let child = children
                    .iter()
                    .find(|c| keeps(self.bounds, c.node, self.prover, self.t))
                    .ok_or_else(|| format!("node {id}: no child keeps the claim"))?;
                return self.cmove(&child.mv);
            }
        }
        // Below a leaf or a solved node: its book.
        let (k, id) = (0..=self.line.len())
            .rev()
            .find_map(|k| {
                let id = *self.tree.get(&self.line[..k])?;
                self.books.contains_key(&id).then_some((k, id))
            })
            .ok_or("a line that leaves the split tree through no certified node")?;
        let (m, steps) = self.books[&id]
            .resolve(&self.line[k..])
            .ok_or_else(|| format!("node {id}: its certificate has no move here"))?;
        self.anchored += u64::from(steps > 0);
        Ok(m)
    }
}

impl Oracle for Joiner<'_> {
    fn choose(&mut self, _legal: &[CMove]) -> Result<CMove, String> {
        let m = self.pick()?;
        self.strategy.push(m);
        Ok(m)
    }
    fn play(&mut self, m: CMove) {
        self.line.push(m);
    }
    fn undo(&mut self) {
        self.line.pop();
    }
}

/// Whether node `id`'s bounds keep `prover`'s claim at `t`.
fn keeps(bounds: &[(i32, i32)], id: usize, prover: CColor, t: i32) -> bool {
    match prover {
        CColor::Black => bounds[id].0 >= t,
        CColor::White => bounds[id].1 <= t,
    }
}

/// The nodes of the split tree that `prover`'s joined strategy reaches:
/// at her nodes the first child that keeps the claim (as [`Joiner`]
/// chooses), at the opponent's every child.
fn reached(m: &Manifest, bounds: &[(i32, i32)], prover: CColor, t: i32) -> Vec<bool> {
    let mut seen = vec![false; m.nodes.len()];
    let mut todo = vec![0usize];
    let name = match prover {
        CColor::Black => "black",
        CColor::White => "white",
    };
    while let Some(id) = todo.pop() {
        seen[id] = true;
        if let Kind::Interior { children } = &m.nodes[id].kind {
            if m.nodes[id].to_move == name {
                todo.extend(
                    children
                        .iter()
                        .find(|c| keeps(bounds, c.node, prover, t))
                        .map(|c| c.node),
                );
            } else {
                todo.extend(children.iter().map(|c| c.node));
            }
        }
    }
    seen
}

/// The certificates of node `id` for `prover` whose claim implies the
/// start's (`t`), read from the split directory.
fn node_book(
    dir: &Path,
    m: &Manifest,
    id: usize,
    prover: CColor,
    t: i32,
) -> Result<Book, JoinCertError> {
    let (name, file) = match &m.nodes[id].kind {
        Kind::Leaf {
            leaf, certificate, ..
        } => (leaf.clone(), certificate.clone()),
        Kind::Solved { certificate, .. } => (format!("node {id}"), certificate.clone()),
        _ => unreachable!("only leaves and solved nodes have books"),
    };
    let missing = |why: String| JoinCertError::Missing {
        node: name.clone(),
        why,
    };
    let file = file.ok_or_else(|| missing("no certificate file in the manifest".into()))?;
    let text = std::fs::read_to_string(dir.join(&file))
        .map_err(|e| missing(format!("cannot read {file}: {e}")))?;
    let certs = Certificate::parse_all(&text).map_err(|e| missing(format!("{file}: {e}")))?;
    let cert = certs
        .iter()
        .find(|c| {
            c.header.prover == prover
                && match (c.header.claim, prover) {
                    (Claim::Win, _) => true,
                    (_, CColor::Black) => c.header.threshold >= t,
                    (_, CColor::White) => c.header.threshold <= t,
                }
        })
        .ok_or_else(|| {
            missing(format!(
                "{file} has no certificate of {prover:?} that implies the claim"
            ))
        })?;
    book(cert).map_err(|e| missing(format!("{file}: {e}")))
}

/// The start's certificates (Black's d >= v and White's d <= v; under
/// `primitive` the winner's), joined from the leaves', as one text.
pub fn join_certificates(
    dir: &Path,
    m: &Manifest,
    bounds: &[(i32, i32)],
) -> Result<String, JoinCertError> {
    if !m.certificates {
        return Err(JoinCertError::NotAsked);
    }
    let (v, hi) = bounds[0];
    if v != hi {
        return Err(JoinCertError::NotSolved);
    }
    let board = Board::parse(&m.board).map_err(|e| JoinCertError::Walk(e.to_string()))?;
    let win = m.rules == "primitive";
    let provers: Vec<(CColor, i32)> = match (win, v > 0) {
        (false, _) => vec![(CColor::Black, v), (CColor::White, v)],
        (true, true) => vec![(CColor::Black, 1)],
        (true, false) => vec![(CColor::White, -1)],
    };
    let mut out = Vec::new();
    for (prover, t) in provers {
        out.push(join_one(dir, m, bounds, &board, prover, t, win)?);
    }
    Ok(kosolve_check::write_all(&out))
}

/// One joined certificate: `prover`'s claim at `t`.
fn join_one(
    dir: &Path,
    m: &Manifest,
    bounds: &[(i32, i32)],
    board: &Board,
    prover: CColor,
    t: i32,
    win: bool,
) -> Result<Certificate, JoinCertError> {
    let mut joiner = Joiner {
        tree: HashMap::new(),
        manifest: m,
        bounds,
        books: HashMap::new(),
        board: board.clone(),
        prover,
        t,
        line: Vec::new(),
        strategy: Vec::new(),
        anchored: 0,
    };
    let mut header = None;
    let reached = reached(m, bounds, prover, t);
    for (id, n) in m.nodes.iter().enumerate() {
        let line = n
            .moves
            .iter()
            .map(|s| joiner.cmove(s))
            .collect::<Result<Vec<_>, _>>()
            .map_err(JoinCertError::Walk)?;
        if reached[id] && matches!(n.kind, Kind::Leaf { .. } | Kind::Solved { .. }) {
            let b = node_book(dir, m, id, prover, t)?;
            if header.is_none() {
                let mut h = b.header.clone();
                h.moves.truncate(h.moves.len().saturating_sub(line.len()));
                header = Some(h);
            }
            joiner.books.insert(id, b);
        }
        joiner.tree.insert(line, id);
    }
    let mut header = header.ok_or_else(|| JoinCertError::Missing {
        node: "the start".into(),
        why: "no certified node below it to take the header from".into(),
    })?;
    header.prover = prover;
    header.threshold = if win { 0 } else { t };
    walk(&header, &mut joiner).map_err(|e| JoinCertError::Walk(e.to_string()))?;
    eprintln!(
        "kosolve: {prover:?}'s certificate joined from {} certified nodes: {} prover decisions, {} \
         of them below a memo hit of a leaf's walk",
        joiner.books.len(),
        joiner.strategy.len(),
        joiner.anchored
    );
    let cert = Certificate {
        header,
        strategy: joiner.strategy,
    };
    kosolve_check::check(&cert)
        .map_err(|e| JoinCertError::Walk(format!("the joined certificate: {e}")))?;
    Ok(cert)
}
