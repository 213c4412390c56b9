//! [`Method`] and [`Engine`]: which method answers a solve, and which
//! search answers its tests.

use kosolve_rules::Ruleset;
use std::fmt;

/// Which search answers the null-window tests "value >= t"
/// (docs/solver.md, "Proof-number search").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Engine {
    /// Chosen by `resolve_engine` (crate kosolve-solver) from the ruleset and the board.
    #[default]
    Auto,
    /// Alpha-beta by iterative deepening (the solver's `SolveOptions::deepening`).
    Id,
    /// Depth-first proof-number search (df-pn), for every ruleset with
    /// dependency tracking; the others fall back to alpha-beta.
    Pns,
}

impl Engine {
    /// Every engine, in the order `--engine` lists them.
    pub const ALL: [Engine; 3] = [Engine::Auto, Engine::Pns, Engine::Id];

    /// The name `--engine` takes.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Auto => "auto",
            Engine::Id => "id",
            Engine::Pns => "pns",
        }
    }

    /// The engine a name stands for.
    pub fn from_name(s: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == s)
    }
}

/// Which method answers a solve (docs/architecture.md, "The path of a
/// solve"). The front ends pass the user's choice; `resolve_method` (crate kosolve-solver)
/// alone turns it into the method that runs, which the solver's `Answer` reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Chosen by `resolve_method` (crate kosolve-solver) from the ruleset, the board and the start.
    #[default]
    Auto,
    /// The exact forward search: alpha-beta or proof-number search, and
    /// for `basic` the proof search of crate kosolve-reach.
    Search,
    /// Kee only: the parity game on the graph of game situations (crate
    /// kosolve-kee, docs/kee.md), capped by `memory_mib` and
    /// the solver's `SolveOptions::kee_max_situations`.
    Parity,
    /// `basic` only: retrograde analysis (crate kosolve-retrograde).
    Retrograde,
}

impl Method {
    /// Every method, in the order `--method` lists them.
    pub const ALL: [Method; 4] = [
        Method::Auto,
        Method::Search,
        Method::Parity,
        Method::Retrograde,
    ];

    /// The method's place in [`Method::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name `--method` and sweep configs (`method`) take.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Search => "search",
            Method::Parity => "parity",
            Method::Retrograde => "retrograde",
        }
    }

    /// The method a name stands for.
    pub fn from_name(s: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == s)
    }

    /// Whether the method can be asked for under `ruleset`: `auto` and
    /// `search` always, `parity` for Kee, `retrograde` for `basic`.
    pub fn applies_to(self, ruleset: Ruleset) -> bool {
        match self {
            Method::Auto | Method::Search => true,
            Method::Parity => ruleset == Ruleset::Kee,
            Method::Retrograde => ruleset == Ruleset::Basic,
        }
    }

    /// The method in words: `the search`, `the parity method`,
    /// `retrograde analysis` (`auto` is never run).
    pub fn words(self) -> &'static str {
        match self {
            Method::Auto => "the method chosen for the ruleset",
            Method::Search => "the search",
            Method::Parity => "the parity method",
            Method::Retrograde => "retrograde analysis",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
