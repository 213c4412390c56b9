//! Sweep configurations: `solver-configs/*.toml` (keys in docs/configs.md).

use crate::row::JobKey;
use kosolve_board::{Board, BoardSpec, Color, Position, Suicide};
use kosolve_rules::{Komi, Rules, Ruleset, Setup, Start};
use kosolve_vocab::Method;
use serde::Deserialize;
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// What is wrong with a config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    /// The file cannot be read.
    Io {
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// Malformed TOML, an unknown key, or a value of the wrong type.
    Toml {
        /// The file.
        path: String,
        /// The parser's message (it names the line and column).
        message: String,
    },
    /// A value the solver does not know; `line` counts from 1.
    Value {
        /// The file.
        path: String,
        /// The line of the value.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Io { path, message } => {
                write!(f, "cannot read config '{path}': {message}")
            }
            ConfigError::Toml { path, message } => {
                write!(f, "config '{path}': {}", message.trim_end())
            }
            ConfigError::Value {
                path,
                line,
                message,
            } => write!(f, "config '{path}' line {line}: {message}"),
        }
    }
}

impl std::error::Error for ConfigError {}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    name: Option<Spanned<String>>,
    description: Option<String>,
    boards: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    positions: Vec<Spanned<RawPosition>>,
    rules: Spanned<Vec<Spanned<String>>>,
    suicide: Option<Spanned<Vec<Spanned<String>>>>,
    komi: Option<Spanned<Vec<Spanned<toml::Value>>>>,
    method: Option<Spanned<String>>,
    kee_method: Option<Spanned<String>>,
    engine: Option<Spanned<String>>,
    certificates: Option<bool>,
    #[serde(default)]
    limits: RawLimits,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RawPosition {
    name: String,
    board: String,
    diagram: String,
    to_move: Option<String>,
    prisoners: Option<[u32; 2]>,
    source: Option<String>,
    note: Option<String>,
    claim: Option<String>,
    pair: Option<String>,
    analyze: Option<bool>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    max_nodes: Option<u64>,
    max_seconds: Option<Spanned<f64>>,
    memory_mib: Option<u64>,
    threads: Option<usize>,
    kee_situations: Option<u64>,
    kee_memory_mib: Option<Spanned<u64>>,
    max_nodes_by_rules: Option<Spanned<std::collections::BTreeMap<String, Spanned<u64>>>>,
    certificate_work: Option<u64>,
    rules: Option<std::collections::BTreeMap<Spanned<String>, RawRuleLimits>>,
}

/// `[limits.rules.<ruleset>]`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct RawRuleLimits {
    max_nodes: Option<Spanned<u64>>,
    max_seconds: Option<Spanned<f64>>,
    memory_mib: Option<Spanned<u64>>,
}

/// The limits of the jobs of one ruleset that replace the config-wide ones
/// (`[limits.rules.<ruleset>]`, docs/configs.md); `None` keeps the
/// config-wide limit. Read through [`Limits::max_nodes_for`],
/// [`Limits::max_seconds_for`] and [`Limits::memory_mib_for`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RuleLimits {
    /// In place of [`Limits::max_nodes`].
    pub max_nodes: Option<u64>,
    /// In place of [`Limits::max_seconds`].
    pub max_seconds: Option<f64>,
    /// In place of [`Limits::memory_mib`].
    pub memory_mib: Option<u64>,
}

/// Per-job limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Stop a job after this many nodes (`None`: no limit).
    pub max_nodes: Option<u64>,
    /// The limits of the jobs of each ruleset that replace the ones above
    /// (`[limits.rules.<ruleset>]`, or the older keys
    /// `limits.max_nodes_by_rules` and `limits.kee_memory_mib`), by
    /// [`Ruleset::index`].
    pub by_rules: [RuleLimits; Ruleset::ALL.len()],
    /// Stop a job after this many seconds (`None`: no limit).
    pub max_seconds: Option<f64>,
    /// Memory cap of a job's tables, MiB.
    pub memory_mib: u64,
    /// Threads of one job.
    pub threads: usize,
    /// The method of each job (`method = "auto" | "search" | "parity" |
    /// "retrograde"`, or its older name `kee_method`; default `auto`), for
    /// the rulesets it applies to ([`Method::applies_to`]): every other job
    /// is solved by `auto`. [`Method::Parity`] is Kee's parity method
    /// (forgetful games, the situation graph, restricted games;
    /// docs/kee.md), [`Method::Retrograde`] `basic` by retrograde analysis,
    /// [`Method::Search`] the search (for `basic` the proof search), and
    /// [`Method::Auto`] what `kosolve solve` picks by default.
    pub method: Method,
    /// Kee jobs by the parity game: the most situation classes of one
    /// graph (`limits.kee_situations`; `None`: as many as `memory_mib`
    /// holds). A graph that outgrows it gives way to restricted games,
    /// whose bounds the row shows (docs/kee.md).
    pub kee_situations: Option<u64>,
    /// The search engine (`engine = "auto" | "pns" | "id"`, as `kosolve
    /// solve --engine`; values never depend on it, the effort columns do).
    pub engine: kosolve_vocab::Engine,
    /// Write proof certificates of every solved job whose ruleset has them
    /// (`certificates = true`; docs/certificates.md), next to its PV.
    pub certificates: bool,
    /// The most work a job's writer spends on one claim's certificate
    /// under each move order before the job goes without one
    /// (`limits.certificate_work`; default 2^24 units of solver nodes
    /// plus 256 per prover decision written; docs/configs.md).
    pub certificate_work: u64,
}

impl Limits {
    /// The node limit of a job under `ruleset`: `limits.rules.<ruleset>
    /// .max_nodes` where the config gives it, else `limits.max_nodes`.
    pub fn max_nodes_for(&self, ruleset: Ruleset) -> Option<u64> {
        self.by_rules[ruleset.index()].max_nodes.or(self.max_nodes)
    }

    /// The time limit of a job under `ruleset`, seconds:
    /// `limits.rules.<ruleset>.max_seconds` where the config gives it, else
    /// `limits.max_seconds`.
    pub fn max_seconds_for(&self, ruleset: Ruleset) -> Option<f64> {
        self.by_rules[ruleset.index()]
            .max_seconds
            .or(self.max_seconds)
    }

    /// The table memory cap of a job under `ruleset`, MiB:
    /// `limits.rules.<ruleset>.memory_mib` where the config gives it, else
    /// `limits.memory_mib`.
    pub fn memory_mib_for(&self, ruleset: Ruleset) -> u64 {
        self.by_rules[ruleset.index()]
            .memory_mib
            .unwrap_or(self.memory_mib)
    }
}

/// The default of [`Limits::certificate_work`].
pub const DEFAULT_CERTIFICATE_WORK: u64 = 1 << 24;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: None,
            by_rules: [RuleLimits::default(); Ruleset::ALL.len()],
            max_seconds: None,
            memory_mib: 1024,
            threads: 1,
            method: Method::Auto,
            kee_situations: None,
            engine: kosolve_vocab::Engine::Auto,
            certificates: false,
            certificate_work: DEFAULT_CERTIFICATE_WORK,
        }
    }
}

/// A named start position of a sweep (a `[[positions]]` table; docs/configs.md).
#[derive(Clone, Debug, PartialEq)]
pub struct NamedPosition {
    /// The position's name (letters, digits, `-`, `_`, `.`), unique in the config.
    pub name: String,
    /// The board, built once when the config was read.
    pub board: Arc<Board>,
    /// The position.
    pub position: Position,
    /// The player to move.
    pub to_move: Color,
    /// Prisoners held by Black and White (Fundamental and Ultimate Go only).
    pub prisoners: [u32; 2],
    /// Where the shape comes from, for the report.
    pub source: String,
    /// What the position tests, for the report.
    pub note: String,
    /// A claim of the fixed ko text this position tests against its
    /// [`NamedPosition::pair`] (docs/configs.md).
    pub claim: Option<PositionClaim>,
    /// The position this one is compared with for its claim.
    pub pair: Option<String>,
    /// Whether the sweep also analyses every legal move from the position
    /// under the config's rulesets (`analyze = true`; docs/analyze.md).
    pub analyze: bool,
}

/// A claim of the *Fixed Ko* text that a pair of positions tests
/// (docs/configs.md, `claim`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PositionClaim {
    /// "Each open basic ko equals one eye": the position, with an open
    /// basic ko, has the fixed-ko value of its pair, where the ko is one eye.
    KoEye,
    /// "Forced ko fights seem to be impossible": the position, with a ko
    /// threat, has the fixed-ko value of its pair, the same without the threat.
    KoFight,
}

impl PositionClaim {
    /// The config spelling.
    pub const fn name(self) -> &'static str {
        match self {
            PositionClaim::KoEye => "fixed-ko-eye",
            PositionClaim::KoFight => "fixed-ko-fight",
        }
    }
}

impl NamedPosition {
    /// The start under `ruleset`: the prisoners count only under
    /// Fundamental and Ultimate Go.
    pub fn start(&self, ruleset: Ruleset) -> Start {
        let start = Start::new(self.position, self.to_move);
        match ruleset.family() {
            kosolve_rules::Family::Fundamental => {
                start.with_prisoners(self.prisoners[0], self.prisoners[1])
            }
            _ => start,
        }
    }

    /// The one-line diagram (rows joined by `/`).
    pub fn diagram(&self) -> String {
        self.position.diagram_line(&self.board)
    }

    /// The board's description.
    pub fn spec(&self) -> BoardSpec {
        self.board.spec()
    }
}

/// A parsed, validated sweep configuration.
#[derive(Clone, Debug)]
pub struct Config {
    /// The sweep's name; the output files are `<name>.csv`, `<name>.md`.
    pub name: String,
    /// Free text for the report.
    pub description: String,
    /// The boards, in order (solved from the empty board), each built once
    /// when the config was read.
    pub boards: Vec<Arc<Board>>,
    /// Named start positions, in order.
    pub positions: Vec<NamedPosition>,
    /// Rulesets, in order.
    pub rules: Vec<Ruleset>,
    /// Suicide settings, in order.
    pub suicide: Vec<Suicide>,
    /// Komi values, in order.
    pub komi: Vec<Komi>,
    /// Per-job limits.
    pub limits: Limits,
    /// Notes on the file that do not stop the sweep (an older key that
    /// still works), each naming the file and line; `kosolve sweep` prints
    /// them.
    pub notes: Vec<String>,
}

/// One cell of the sweep matrix.
#[derive(Clone, Debug, PartialEq)]
pub struct Job {
    /// Position in the matrix (boards, then rules, then suicide, then komi).
    pub index: usize,
    /// The board (shared with the config: built once).
    pub board: Arc<Board>,
    /// The start position, for a job of `[[positions]]` (else the empty board).
    pub position: Option<NamedPosition>,
    /// The rules (ruleset, suicide, komi).
    pub rules: Rules,
    /// Limits.
    pub limits: Limits,
}

impl Job {
    /// The job's identity in result files: board (and position), rules, suicide, komi.
    pub fn key(&self) -> JobKey {
        JobKey::new(
            &self.label(),
            &self.rules.ruleset.to_string(),
            &self.rules.suicide.to_string(),
            &self.rules.komi.to_string(),
        )
    }

    /// The board, or for a position job `board@name`.
    pub fn label(&self) -> String {
        match &self.position {
            Some(p) => format!("{}@{}", self.board.spec(), p.name),
            None => self.board.spec().to_string(),
        }
    }

    /// The position's name, empty for an empty-board job.
    pub fn position_name(&self) -> &str {
        self.position.as_ref().map_or("", |p| p.name.as_str())
    }

    /// The setup the job solves: the position's start, or the empty board.
    pub fn setup(&self) -> Setup {
        match &self.position {
            Some(p) => Setup::at(p.start(self.rules.ruleset)),
            None => Setup::default(),
        }
    }
}

/// One `[[positions]]` table, checked: its name, board, diagram, player
/// to move, prisoners (legal under psk) and claim. The error is the
/// message without the position's name.
fn position(p: &RawPosition) -> Result<NamedPosition, String> {
    if !is_name(&p.name) {
        return Err(
            "the name must be non-empty and use only letters, digits, '-', '_' and '.'".into(),
        );
    }
    let board = Board::parse(&p.board).map_err(|e| e.to_string())?;
    let position = Position::from_diagram(&board, &p.diagram).map_err(|e| e.to_string())?;
    let to_move = match p.to_move.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("black") => Color::Black,
        Some("white") => Color::White,
        Some(other) => return Err(format!("to_move '{other}' is not one of: black, white")),
    };
    Start::new(position, to_move)
        .check(&board, &Rules::new(Ruleset::Psk))
        .map_err(|e| e.to_string())?;
    let claim = match p.claim.as_deref() {
        None => None,
        Some("fixed-ko-eye") => Some(PositionClaim::KoEye),
        Some("fixed-ko-fight") => Some(PositionClaim::KoFight),
        Some(other) => {
            return Err(format!(
                "claim '{other}' is not one of: fixed-ko-eye, fixed-ko-fight"
            ))
        }
    };
    if p.claim.is_some() != p.pair.is_some() {
        return Err("'claim' and 'pair' go together".into());
    }
    Ok(NamedPosition {
        name: p.name.clone(),
        board: Arc::new(board),
        position,
        to_move,
        prisoners: p.prisoners.unwrap_or([0, 0]),
        source: p.source.clone().unwrap_or_default(),
        note: p.note.clone().unwrap_or_default(),
        claim,
        pair: p.pair.clone(),
        analyze: p.analyze.unwrap_or(false),
    })
}

/// Whether `v` is a valid config or position name: non-empty, letters,
/// digits, `-`, `_` and `.` only.
fn is_name(v: &str) -> bool {
    !v.is_empty()
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
}

/// The config being parsed, for messages that name its file and line.
struct Ctx<'a> {
    path: &'a str,
    text: &'a str,
}

type Span = std::ops::Range<usize>;

impl Ctx<'_> {
    /// An error at the line of `span`.
    fn err(&self, span: Span, message: String) -> ConfigError {
        ConfigError::Value {
            path: self.path.to_string(),
            line: line_of(self.text, span.start),
            message,
        }
    }

    /// An error about the file as a whole (`line` 1) or a limit (`line` 0).
    fn err_at(&self, line: usize, message: &str) -> ConfigError {
        ConfigError::Value {
            path: self.path.to_string(),
            line,
            message: message.into(),
        }
    }

    /// The list `key` must not be empty.
    fn nonempty(&self, span: Span, len: usize, key: &str) -> Result<(), ConfigError> {
        if len == 0 {
            Err(self.err(span, format!("'{key}' must list at least one value")))
        } else {
            Ok(())
        }
    }

    /// `boards`, each built once; a config needs boards or positions.
    fn boards(&self, raw: &RawConfig) -> Result<Vec<Arc<Board>>, ConfigError> {
        let mut boards = Vec::new();
        if let Some(list) = &raw.boards {
            if raw.positions.is_empty() {
                self.nonempty(list.span(), list.get_ref().len(), "boards")?;
            }
            for b in list.get_ref() {
                let board =
                    Board::parse(b.get_ref()).map_err(|e| self.err(b.span(), e.to_string()))?;
                boards.push(Arc::new(board));
            }
        } else if raw.positions.is_empty() {
            return Err(self.err_at(1, "the config lists no 'boards' and no '[[positions]]'"));
        }
        Ok(boards)
    }

    /// `[[positions]]`, each checked, and each `pair` naming another one.
    fn positions(&self, raw: &[Spanned<RawPosition>]) -> Result<Vec<NamedPosition>, ConfigError> {
        let mut positions: Vec<NamedPosition> = Vec::new();
        for p in raw {
            let fail =
                |m: String| self.err(p.span(), format!("position '{}': {m}", p.get_ref().name));
            if positions.iter().any(|q| q.name == p.get_ref().name) {
                return Err(fail("the name is used twice".into()));
            }
            positions.push(position(p.get_ref()).map_err(fail)?);
        }
        for (p, raw) in positions.iter().zip(raw) {
            if let Some(pair) = &p.pair {
                if pair == &p.name || !positions.iter().any(|q| &q.name == pair) {
                    return Err(self.err(
                        raw.span(),
                        format!(
                            "position '{}': pair '{pair}' names no other position",
                            p.name
                        ),
                    ));
                }
            }
        }
        Ok(positions)
    }

    /// `rules`, where `all` stands for every ruleset.
    fn rules(&self, list: &[Spanned<String>]) -> Result<Vec<Ruleset>, ConfigError> {
        let mut rules = Vec::new();
        for r in list {
            if r.get_ref() == "all" {
                rules.extend(Ruleset::ALL);
                continue;
            }
            let rs: Ruleset = r
                .get_ref()
                .parse()
                .map_err(|e: kosolve_rules::RulesError| self.err(r.span(), e.to_string()))?;
            rules.push(rs);
        }
        Ok(rules)
    }

    /// `suicide` (default: forbidden).
    fn suicide(
        &self,
        list: Option<&Spanned<Vec<Spanned<String>>>>,
    ) -> Result<Vec<Suicide>, ConfigError> {
        let mut suicide = Vec::new();
        match list {
            None => suicide.push(Suicide::Forbidden),
            Some(list) => {
                self.nonempty(list.span(), list.get_ref().len(), "suicide")?;
                for s in list.get_ref() {
                    suicide.push(
                        s.get_ref()
                            .parse()
                            .map_err(|m: String| self.err(s.span(), m))?,
                    );
                }
            }
        }
        Ok(suicide)
    }

    /// `komi` (default: 0), numbers or strings.
    fn komi(
        &self,
        list: Option<&Spanned<Vec<Spanned<toml::Value>>>>,
    ) -> Result<Vec<Komi>, ConfigError> {
        let mut komi = Vec::new();
        match list {
            None => komi.push(Komi::ZERO),
            Some(list) => {
                self.nonempty(list.span(), list.get_ref().len(), "komi")?;
                for k in list.get_ref() {
                    let text = match k.get_ref() {
                        toml::Value::Integer(i) => i.to_string(),
                        toml::Value::Float(f) => f.to_string(),
                        toml::Value::String(s) => s.clone(),
                        other => {
                            return Err(
                                self.err(k.span(), format!("komi must be a number, found {other}"))
                            )
                        }
                    };
                    komi.push(text.parse().map_err(|e: kosolve_rules::RulesError| {
                        self.err(k.span(), e.to_string())
                    })?);
                }
            }
        }
        Ok(komi)
    }

    /// A number of seconds at `key`: finite and at least 0, as
    /// `--max-seconds` takes it.
    fn seconds(&self, s: &Spanned<f64>, key: &str) -> Result<f64, ConfigError> {
        let v = *s.get_ref();
        if v >= 0.0 && v.is_finite() {
            Ok(v)
        } else {
            Err(self.err(
                s.span(),
                format!("{key} must be a non-negative number (got {v})"),
            ))
        }
    }

    /// A count at `key`: at least 1.
    fn positive(&self, n: &Spanned<u64>, key: &str) -> Result<u64, ConfigError> {
        match *n.get_ref() {
            0 => Err(self.err(n.span(), format!("{key} must be at least 1"))),
            v => Ok(v),
        }
    }

    /// A ruleset named by a key of `table` (`limits.rules`,
    /// `limits.max_nodes_by_rules`).
    fn ruleset_key(&self, name: &str, span: Span, table: &str) -> Result<Ruleset, ConfigError> {
        name.parse()
            .map_err(|e: kosolve_rules::RulesError| self.err(span, format!("{table}: {e}")))
    }

    /// `[limits.rules.<ruleset>]`, with the older keys that set part of it:
    /// `limits.max_nodes_by_rules` (a ruleset's `max_nodes`) and
    /// `limits.kee_memory_mib` (Kee's `memory_mib`). Setting one limit of
    /// one ruleset both ways is an error.
    fn rule_limits(&self, l: &RawLimits) -> Result<[RuleLimits; Ruleset::ALL.len()], ConfigError> {
        let mut by_rules = [RuleLimits::default(); Ruleset::ALL.len()];
        if let Some(table) = &l.rules {
            for (name, raw) in table {
                let rs = self.ruleset_key(name.get_ref(), name.span(), "limits.rules")?;
                let name = name.get_ref();
                let key = |k: &str| format!("limits.rules.{name}.{k}");
                let r = &mut by_rules[rs.index()];
                if let Some(n) = &raw.max_nodes {
                    r.max_nodes = Some(self.positive(n, &key("max_nodes"))?);
                }
                if let Some(s) = &raw.max_seconds {
                    r.max_seconds = Some(self.seconds(s, &key("max_seconds"))?);
                }
                if let Some(m) = &raw.memory_mib {
                    r.memory_mib = Some(self.positive(m, &key("memory_mib"))?);
                }
            }
        }
        let twice = |span: Span, old: &str, new: String| {
            self.err(
                span,
                format!("{old} and {new} set the same limit: give one (docs/configs.md)"),
            )
        };
        if let Some(map) = &l.max_nodes_by_rules {
            for (name, nodes) in map.get_ref() {
                let rs = self.ruleset_key(name, map.span(), "limits.max_nodes_by_rules")?;
                let key = format!("limits.max_nodes_by_rules.{name}");
                let v = self.positive(nodes, &key)?;
                let r = &mut by_rules[rs.index()];
                if r.max_nodes.is_some() {
                    return Err(twice(
                        nodes.span(),
                        &key,
                        format!("limits.rules.{name}.max_nodes"),
                    ));
                }
                r.max_nodes = Some(v);
            }
        }
        if let Some(m) = &l.kee_memory_mib {
            let v = self.positive(m, "limits.kee_memory_mib")?;
            let r = &mut by_rules[Ruleset::Kee.index()];
            if r.memory_mib.is_some() {
                return Err(twice(
                    m.span(),
                    "limits.kee_memory_mib",
                    "limits.rules.kee.memory_mib".into(),
                ));
            }
            r.memory_mib = Some(v);
        }
        Ok(by_rules)
    }

    /// `[limits]`, `method` (or `kee_method`), `engine` and `certificates`.
    fn limits(&self, raw: &RawConfig) -> Result<Limits, ConfigError> {
        let d = Limits::default();
        let l = &raw.limits;
        if l.threads == Some(0) {
            return Err(self.err_at(0, "limits.threads must be at least 1"));
        }
        if l.certificate_work == Some(0) {
            return Err(self.err_at(0, "limits.certificate_work must be at least 1"));
        }
        if l.kee_situations == Some(0) {
            return Err(self.err_at(0, "limits.kee_situations must be at least 1"));
        }
        // As `--max-seconds`: a deadline needs a finite number, at least 0.
        let max_seconds = match &l.max_seconds {
            Some(s) => Some(self.seconds(s, "limits.max_seconds")?),
            None => None,
        };
        let method = match (&raw.method, &raw.kee_method) {
            (Some(_), Some(k)) => {
                return Err(self.err(
                    k.span(),
                    "give 'method' or its older name 'kee_method', not both".into(),
                ))
            }
            (None, None) => Method::Auto,
            (Some(m), None) | (None, Some(m)) => match Method::from_name(m.get_ref()) {
                Some(k) => k,
                None => {
                    let names: Vec<&str> = Method::ALL.iter().map(|m| m.name()).collect();
                    return Err(self.err(
                        m.span(),
                        format!(
                            "method '{}' is not one of: {}",
                            m.get_ref(),
                            names.join(", ")
                        ),
                    ));
                }
            },
        };
        let engine = match &raw.engine {
            None => kosolve_vocab::Engine::Auto,
            Some(e) => kosolve_vocab::Engine::from_name(e.get_ref()).ok_or_else(|| {
                self.err(
                    e.span(),
                    format!("engine '{}' is not one of: auto, pns, id", e.get_ref()),
                )
            })?,
        };
        let by_rules = self.rule_limits(l)?;
        let limits = Limits {
            by_rules,
            engine,
            certificates: raw.certificates.unwrap_or(false),
            max_nodes: l.max_nodes,
            max_seconds,
            memory_mib: l.memory_mib.unwrap_or(d.memory_mib),
            threads: l.threads.unwrap_or(d.threads),
            method,
            kee_situations: l.kee_situations,
            certificate_work: l.certificate_work.unwrap_or(d.certificate_work),
        };
        Ok(limits)
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

impl Config {
    /// Reads and validates a config file; the name defaults to the file stem.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let p = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Io {
            path: p.clone(),
            message: e.to_string(),
        })?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "sweep".into());
        Config::parse(&p, &stem, &text)
    }

    /// Parses config text; `path` is used in messages and `default_name` if `name` is absent.
    pub fn parse(path: &str, default_name: &str, text: &str) -> Result<Config, ConfigError> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| ConfigError::Toml {
            path: path.to_string(),
            message: e.to_string(),
        })?;
        let cx = Ctx { path, text };
        let name = match &raw.name {
            Some(n) => {
                let v = n.get_ref();
                if !is_name(v) {
                    return Err(cx.err(
                        n.span(),
                        format!("name '{v}' must be non-empty and use only letters, digits, '-', '_' and '.'"),
                    ));
                }
                v.clone()
            }
            None => default_name.to_string(),
        };
        cx.nonempty(raw.rules.span(), raw.rules.get_ref().len(), "rules")?;
        let boards = cx.boards(&raw)?;
        let positions = cx.positions(&raw.positions)?;
        let rules = cx.rules(raw.rules.get_ref())?;
        let suicide = cx.suicide(raw.suicide.as_ref())?;
        let komi = cx.komi(raw.komi.as_ref())?;
        let limits = cx.limits(&raw)?;
        let note = |span: Span, old: &str, new: &str| {
            format!(
                "{}:{}: '{old}' is the older name of '{new}'; it still works, but write '{new}'",
                cx.path,
                line_of(cx.text, span.start)
            )
        };
        let mut notes = Vec::new();
        if let Some(k) = &raw.kee_method {
            notes.push(note(k.span(), "kee_method", "method"));
        }
        if let Some(m) = &raw.limits.max_nodes_by_rules {
            let new = "[limits.rules.<ruleset>] max_nodes";
            notes.push(note(m.span(), "max_nodes_by_rules", new));
        }
        if let Some(m) = &raw.limits.kee_memory_mib {
            notes.push(note(
                m.span(),
                "kee_memory_mib",
                "[limits.rules.kee] memory_mib",
            ));
        }
        Ok(Config {
            name,
            description: raw.description.unwrap_or_default(),
            boards,
            positions,
            rules,
            suicide,
            komi,
            limits,
            notes,
        })
    }

    /// The jobs of the matrix, in order. Combinations a ruleset does not
    /// admit (suicide allowed under Fundamental/Ultimate Go, suicide
    /// forbidden under tromp-taylor) are left out.
    pub fn jobs(&self) -> Vec<Job> {
        let mut jobs = Vec::new();
        let starts = self
            .boards
            .iter()
            .map(|b| (b.clone(), None))
            .chain(self.positions.iter().map(|p| (p.board.clone(), Some(p))));
        for (b, position) in starts {
            for &r in &self.rules {
                for &s in &self.suicide {
                    let Ok(rules) = Rules::new(r).with_suicide(s) else {
                        continue;
                    };
                    for &k in &self.komi {
                        jobs.push(Job {
                            index: jobs.len(),
                            board: b.clone(),
                            position: position.cloned(),
                            rules: rules.with_komi(k),
                            limits: self.limits,
                        });
                    }
                }
            }
        }
        jobs
    }
}
