//! Ruleset names, options and the [`Rules`] value.

use kosolve_board::Suicide;
use std::fmt;

/// A named ruleset: one value of the `--rules` option (docs/rules.md, "3. Overview").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Ruleset {
    /// Positional superko.
    Psk,
    /// Situational superko.
    Ssk,
    /// Natural situational superko.
    Nssk,
    /// Fixed ko: no repeated (left, created) pair of board plays.
    Fixed,
    /// Basic ko with void games.
    Basic,
    /// Basic ko and fixed ko together.
    BasicFixed,
    /// The Basic Ko Rules: basic ko on kos, and no play repeated from the same frame.
    Bkr,
    /// Primitive ko: positional superko without passes; no move loses.
    Primitive,
    /// Tromp-Taylor: positional superko with suicide allowed (a preset).
    TrompTaylor,
    /// Kee Rules v3.0.
    Kee,
    /// Fundamental Go (no pass, prisoner return).
    Fundamental,
    /// Ultimate Go, original version.
    Ultimate,
    /// Ultimate Go, current (simplified) version.
    UltimateSimple,
}

impl Ruleset {
    /// Every ruleset, in the order the tables list them.
    pub const ALL: [Ruleset; 13] = [
        Ruleset::Psk,
        Ruleset::Ssk,
        Ruleset::Nssk,
        Ruleset::Fixed,
        Ruleset::Basic,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
        Ruleset::Primitive,
        Ruleset::TrompTaylor,
        Ruleset::Kee,
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ];

    /// The ruleset's place in [`Ruleset::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name used on the command line and in tables.
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Psk => "psk",
            Ruleset::Ssk => "ssk",
            Ruleset::Nssk => "nssk",
            Ruleset::Fixed => "fixed",
            Ruleset::Basic => "basic",
            Ruleset::BasicFixed => "basic-fixed",
            Ruleset::Bkr => "bkr",
            Ruleset::Primitive => "primitive",
            Ruleset::TrompTaylor => "tromp-taylor",
            Ruleset::Kee => "kee",
            Ruleset::Fundamental => "fundamental",
            Ruleset::Ultimate => "ultimate",
            Ruleset::UltimateSimple => "ultimate-simple",
        }
    }

    /// The comma-separated list of valid names, for error messages.
    pub fn valid_names() -> String {
        Ruleset::ALL
            .iter()
            .map(|r| r.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The suicide setting the ruleset uses unless told otherwise.
    pub const fn default_suicide(self) -> Suicide {
        match self {
            Ruleset::TrompTaylor => Suicide::Allowed,
            _ => Suicide::Forbidden,
        }
    }

    /// The family of the ruleset: which game engine plays it.
    pub const fn family(self) -> Family {
        match self {
            Ruleset::Kee => Family::Kee,
            Ruleset::Fundamental | Ruleset::Ultimate | Ruleset::UltimateSimple => {
                Family::Fundamental
            }
            _ => Family::Standard,
        }
    }

    /// Whether the value of a game is the score that the winners across a
    /// range of komi give (Fundamental Go, docs/rules.md), so that a solve
    /// must search that range to state it. Ultimate Go's komi analysis is
    /// extra information a solve may add; its value stands without it.
    pub const fn value_needs_komi_range(self) -> bool {
        matches!(self, Ruleset::Fundamental)
    }

    /// Whether passing is a move of this ruleset.
    pub const fn has_pass(self) -> bool {
        !matches!(self, Ruleset::Primitive) && !matches!(self.family(), Family::Fundamental)
    }

    /// Whether the suicide option may be changed (Fundamental and Ultimate
    /// Go forbid suicide by their own text).
    pub const fn suicide_configurable(self) -> bool {
        !matches!(self.family(), Family::Fundamental)
    }

    /// How games of this ruleset end.
    pub const fn end(self) -> End {
        match self {
            Ruleset::Kee => End::SituationRepeat,
            Ruleset::Primitive
            | Ruleset::Fundamental
            | Ruleset::Ultimate
            | Ruleset::UltimateSimple => End::NoLegalMove,
            _ => End::Passes(2),
        }
    }

    /// How results of this ruleset are valued.
    pub const fn value_kind(self) -> ValueKind {
        match self {
            Ruleset::Primitive | Ruleset::Fundamental => ValueKind::WinLoss,
            Ruleset::Ultimate | Ruleset::UltimateSimple => ValueKind::WinDrawLoss,
            _ => ValueKind::Margin,
        }
    }
}

/// The families of rulesets, one per game engine.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Family {
    /// Board histories with passes (or none, for primitive ko), scored by
    /// area: every ruleset but Kee, Fundamental and Ultimate Go.
    Standard,
    /// Kee Rules: per-player board histories, the game ends when the
    /// situation repeats.
    Kee,
    /// Fundamental and Ultimate Go: no pass, prisoner return, delays,
    /// prisoners in the start.
    Fundamental,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 3] = [Family::Standard, Family::Kee, Family::Fundamental];

    /// The position in [`Family::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rulesets of the family, in table order.
    pub fn rulesets(self) -> impl Iterator<Item = Ruleset> {
        Ruleset::ALL.into_iter().filter(move |r| r.family() == self)
    }
}

/// How a ruleset's results are valued.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueKind {
    /// An area-score margin.
    Margin,
    /// A win or a loss.
    WinLoss,
    /// A win, a draw or a loss.
    WinDrawLoss,
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Errors in rules options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// An unknown ruleset name.
    UnknownRuleset(String),
    /// A komi that is not a multiple of 0.5.
    BadKomi(String),
    /// An option the ruleset does not take.
    Unsupported(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownRuleset(s) => write!(
                f,
                "unknown ruleset '{s}'; valid: {}",
                Ruleset::valid_names()
            ),
            RulesError::BadKomi(s) => write!(
                f,
                "komi '{s}' is not a multiple of 0.5 (examples: 0, 0.5, -1, 7.5)"
            ),
            RulesError::Unsupported(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for RulesError {}

impl std::str::FromStr for Ruleset {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, RulesError> {
        Ruleset::ALL
            .iter()
            .copied()
            .find(|r| r.name() == s)
            .ok_or_else(|| RulesError::UnknownRuleset(s.to_string()))
    }
}

/// Komi in half points: `Komi(13)` is 6.5. Black's margin is reduced by it
/// (Fundamental and Ultimate Go give it as prisoners instead; docs/rules.md,
/// "`fundamental`: Fundamental Go (no-pass Go with prisoner return)").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Komi(pub i32);

impl Komi {
    /// Komi 0.
    pub const ZERO: Komi = Komi(0);

    /// Komi in half points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// The whole part `floor(komi)`, and whether a half point remains.
    pub const fn split(self) -> (i32, bool) {
        (self.0.div_euclid(2), self.0.rem_euclid(2) == 1)
    }

    /// Komi as a float (for display only).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(
                f,
                "{}{}.5",
                if self.0 < 0 { "-" } else { "" },
                self.0.abs() / 2
            )
        }
    }
}

impl std::str::FromStr for Komi {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, RulesError> {
        let t = s.trim();
        let bad = || RulesError::BadKomi(s.to_string());
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        if int.is_empty() || !int.bytes().all(|b| b.is_ascii_digit()) || int.len() > 6 {
            return Err(bad());
        }
        let whole: i32 = int.parse().map_err(|_| bad())?;
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        let v = whole * 2 + half;
        Ok(Komi(if neg { -v } else { v }))
    }
}

/// How a game ends.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// After this many consecutive passes (default 2).
    Passes(u8),
    /// Kee: when a recorded game situation repeats.
    SituationRepeat,
    /// No passes: when the player to move has no legal move (she loses), or a draw is declared.
    NoLegalMove,
}

/// Everything that decides the game: the ko rule (named by the ruleset),
/// suicide, komi and the end condition.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Whether suicide is allowed.
    pub suicide: Suicide,
    /// Komi.
    pub komi: Komi,
    /// How the game ends.
    pub end: End,
}

impl Rules {
    /// The ruleset with its defaults: its own suicide setting, komi 0,
    /// and its end condition (2 passes where passes end the game).
    pub const fn new(ruleset: Ruleset) -> Rules {
        Rules {
            ruleset,
            suicide: ruleset.default_suicide(),
            komi: Komi::ZERO,
            end: ruleset.end(),
        }
    }

    /// The same rules with another suicide setting; an error for rulesets whose text fixes it.
    pub fn with_suicide(mut self, suicide: Suicide) -> Result<Rules, RulesError> {
        if !self.ruleset.suicide_configurable() && suicide == Suicide::Allowed {
            return Err(RulesError::Unsupported(format!(
                "ruleset '{}' forbids suicide by its own text; --suicide allowed is not available",
                self.ruleset
            )));
        }
        if self.ruleset == Ruleset::TrompTaylor && suicide == Suicide::Forbidden {
            return Err(RulesError::Unsupported(
                "tromp-taylor is psk with suicide allowed; use --rules psk for suicide forbidden"
                    .into(),
            ));
        }
        self.suicide = suicide;
        Ok(self)
    }

    /// The same rules with another komi.
    pub const fn with_komi(mut self, komi: Komi) -> Rules {
        self.komi = komi;
        self
    }

    /// The same rules ending after `n` consecutive passes (rulesets that end by passes only).
    pub fn with_end_passes(mut self, n: u8) -> Result<Rules, RulesError> {
        match self.end {
            End::Passes(_) if n >= 1 => {
                self.end = End::Passes(n);
                Ok(self)
            }
            End::Passes(_) => Err(RulesError::Unsupported(
                "end_passes must be at least 1".into(),
            )),
            _ => Err(RulesError::Unsupported(format!(
                "ruleset '{}' does not end by consecutive passes; end_passes does not apply",
                self.ruleset
            ))),
        }
    }
}
