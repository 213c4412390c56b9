//! What a solve answers: every method's [`Answer`], `basic`'s [`BasicAnswer`], and the [`Report`] of `kosolve solve`.

use crate::*;

/// `basic`'s answer, by either of its methods ([`Answer::basic`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BasicAnswer {
    /// The value at the configured komi: a margin (half points, komi
    /// applied) or void.
    pub value: BasicValue,
    /// VB in half points, komi applied (`None`: Black cannot force an end).
    pub vb: Option<i32>,
    /// VW in half points, komi applied (`None`: White cannot force an end).
    pub vw: Option<i32>,
}

/// A solve's answer, by the method that found it. Every method answers
/// [`Answer::is_solved`], [`Answer::bounds`], [`Answer::value`] and
/// [`Answer::pv`]; match on the variant only for what one method alone
/// knows (`basic`'s VB and VW, the parity games' graphs).
#[derive(Clone, Debug)]
pub enum Answer {
    /// The forward search ([`solve_game`]; every ruleset but `basic`, and
    /// Kee unless solved as a parity game): proven bounds on the value
    /// (margin rulesets: at komi 0, the value being the margin before
    /// komi), the principal variation and the search's effort.
    Search(Solution),
    /// `basic` by retrograde analysis ([`kosolve_retrograde::solve_basic`]):
    /// the value with komi applied, or void, VB, VW and the principal
    /// variation. Always exact; it has no bounds on a solver value.
    Retrograde(BasicSolution),
    /// `basic` by proof search ([`kosolve_reach::solve_basic_pns`]): the
    /// same value, VB and VW as [`Answer::Retrograde`], found forwards.
    Proof(kosolve_reach::ReachSolution),
    /// Kee as a parity game on its graph of game situations
    /// ([`Method::Parity`], crate kosolve-kee): the proven bounds on
    /// the margin at komi 0, every graph built, and the checked principal
    /// variation.
    Parity(kosolve_kee::KeeSolution),
    /// `basic` stopped by its budget first ([`Stats::stopped`] says why):
    /// no value. Retrograde analysis proves nothing until it ends; the
    /// proof search keeps what its finished tests proved.
    Unfinished {
        /// The method.
        method: Method,
        /// The proof search: VB is at least this (half points, komi
        /// applied), where a test proved it.
        vb_at_least: Option<i32>,
        /// The proof search: VW is at most this.
        vw_at_most: Option<i32>,
    },
}

impl Answer {
    /// The method that gave the answer.
    pub fn method(&self) -> Method {
        match self {
            Answer::Search(_) => Method::Search,
            Answer::Retrograde(_) => Method::Retrograde,
            Answer::Proof(_) => Method::Search,
            Answer::Parity(_) => Method::Parity,
            Answer::Unfinished { method, .. } => *method,
        }
    }

    /// Whether the answer is exact: the proven bounds meet (a retrograde
    /// answer always is).
    pub fn is_solved(&self) -> bool {
        match self {
            Answer::Search(s) => s.is_solved(),
            Answer::Retrograde(_) | Answer::Proof(_) => true,
            Answer::Parity(k) => k.value().is_some(),
            Answer::Unfinished { .. } => false,
        }
    }

    /// The proven bounds `(lower, upper)` on the solver value (equal when
    /// solved). `None` for a retrograde answer, whose value
    /// ([`BasicSolution::value`]) is a margin with komi applied, or void.
    pub fn bounds(&self) -> Option<(i32, i32)> {
        match self {
            Answer::Search(s) => Some((s.lower, s.upper)),
            Answer::Retrograde(_) | Answer::Proof(_) | Answer::Unfinished { .. } => None,
            Answer::Parity(k) => Some((k.lower, k.upper)),
        }
    }

    /// The exact solver value, when the bounds meet (`None` for a
    /// retrograde answer: see [`Answer::bounds`]).
    pub fn value(&self) -> Option<i32> {
        self.bounds().and_then(|(lo, hi)| (lo == hi).then_some(lo))
    }

    /// The principal variation from the start: to the game end, or for a
    /// void `basic` game and for Kee until a situation repeats. Empty
    /// unless solved (and, for a search, asked for).
    pub fn pv(&self) -> Cow<'_, [Move]> {
        match self {
            Answer::Search(s) => Cow::Borrowed(&s.pv),
            Answer::Retrograde(b) => Cow::Borrowed(&b.pv),
            Answer::Proof(b) => Cow::Borrowed(&b.pv),
            Answer::Parity(k) => Cow::Owned(
                k.pv.iter()
                    .map(|p| p.map_or(Move::Pass, Move::Play))
                    .collect(),
            ),
            Answer::Unfinished { .. } => Cow::Borrowed(&[]),
        }
    }

    /// Whether the principal variation is whole (false: a search cut it short).
    pub fn pv_complete(&self) -> bool {
        match self {
            Answer::Search(s) => s.pv_complete,
            Answer::Proof(b) => b.pv_complete,
            Answer::Retrograde(_) | Answer::Parity(_) | Answer::Unfinished { .. } => true,
        }
    }

    /// A void `basic` game: the index in [`Answer::pv`] from which its
    /// moves repeat forever ([`BasicSolution::pv_cycle_start`]).
    pub fn pv_cycle_start(&self) -> Option<usize> {
        match self {
            Answer::Retrograde(b) => b.pv_cycle_start,
            Answer::Proof(b) => b.pv_cycle_start,
            Answer::Search(_) | Answer::Parity(_) | Answer::Unfinished { .. } => None,
        }
    }

    /// `basic`'s value, VB and VW, by either method (`None` for every
    /// other answer).
    pub fn basic(&self) -> Option<BasicAnswer> {
        match self {
            Answer::Retrograde(b) => Some(BasicAnswer {
                value: b.value,
                vb: b.vb,
                vw: b.vw,
            }),
            Answer::Proof(b) => Some(BasicAnswer {
                value: b.value,
                vb: b.vb,
                vw: b.vw,
            }),
            _ => None,
        }
    }
}

/// Everything `kosolve solve` reports.
#[derive(Clone, Debug)]
pub struct Report {
    /// The board's name.
    pub board: String,
    /// The rules (komi as configured).
    pub rules: Rules,
    /// The answer at the configured komi, and the method that found it.
    pub answer: Answer,
    /// The outcome at the configured komi, when solved.
    pub outcome: Option<Outcome>,
    /// Fundamental/Ultimate Go: the komi analysis (if asked for).
    pub komi_analysis: Option<KomiAnalysis>,
    /// Total effort (the komi analysis included).
    pub total: Stats,
}
