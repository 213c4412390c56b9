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
    Search(SearchSolution),
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

    /// The method's own value as a [`Value`] of `ruleset`: `basic`'s
    /// margin with komi applied (or void), every other method's solver
    /// value where its bounds meet; `None` where unsolved. (A Fundamental
    /// Go report's score is [`Report::value`].)
    pub fn value_in(&self, ruleset: Ruleset) -> Option<Value> {
        match self.basic() {
            Some(b) => Some(Value::of_basic(b.value.margin())),
            None => self.value().map(|v| Value::of_search(ruleset, v)),
        }
    }

    /// [`Answer::bounds`] as [`Value`]s of `ruleset`.
    pub fn bounds_in(&self, ruleset: Ruleset) -> Option<(Value, Value)> {
        self.bounds()
            .map(|(lo, hi)| (Value::of_search(ruleset, lo), Value::of_search(ruleset, hi)))
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

impl Report {
    /// The value as the result tables state it: [`Answer::value_in`], but
    /// for Fundamental Go the score of the komi analysis (`None` where the
    /// searched komis leave it open).
    pub fn value(&self) -> Option<Value> {
        match &self.komi_analysis {
            Some(KomiAnalysis::Fundamental { score, .. }) => {
                self.answer.value().and(score.map(Value::Score))
            }
            _ => self.answer.value_in(self.rules.ruleset),
        }
    }

    /// The proven bounds `(lower, upper)` as the result tables state them:
    /// for `basic`, VB and VW (those a stopped proof search proved so far);
    /// for every other method, the bounds on the solver value.
    pub fn bounds(&self) -> (Option<Value>, Option<Value>) {
        match &self.answer {
            Answer::Unfinished {
                vb_at_least,
                vw_at_most,
                ..
            } => (
                vb_at_least.map(Value::of_basic_bound),
                vw_at_most.map(Value::of_basic_bound),
            ),
            a => match a.basic() {
                Some(b) => (
                    b.vb.map(Value::of_basic_bound),
                    b.vw.map(Value::of_basic_bound),
                ),
                None => a
                    .bounds_in(self.rules.ruleset)
                    .map_or((None, None), |(lo, hi)| (Some(lo), Some(hi))),
            },
        }
    }

    /// What the solve found, as a result row states it: the one path from
    /// a method's answer to a row (docs/configs.md, "Columns").
    /// - `basic` (either method) is `solved`, its verdict void or the
    ///   outcome of its margin; its bounds are VB and VW.
    /// - Every other answer is `solved` where its value and outcome are
    ///   known; a Fundamental Go report whose score the komi analysis left
    ///   open is `unsolved` with the winner at this komi as its verdict.
    /// - The line is left out where a budget cut a solved answer's line
    ///   short, so a table holds only whole lines.
    /// - The nodes are the search's, or the states of a retrograde analysis.
    pub fn finding(&self) -> Finding {
        let a = &self.answer;
        let (lower, upper) = self.bounds();
        let value = self.value();
        let (status, verdict) = match (a.basic(), self.outcome) {
            (Some(b), _) => (
                Status::Solved,
                Verdict::Outcome(match b.value.margin() {
                    None => Outcome::Void,
                    Some(h) => outcome(ValueKind::Margin, 0, Komi(-h)),
                }),
            ),
            (None, Some(o)) if a.value().is_some() => {
                let status = if value.is_some() {
                    Status::Solved
                } else {
                    Status::Unsolved
                };
                (status, Verdict::Outcome(o))
            }
            _ => (Status::Unsolved, Verdict::Unsolved),
        };
        let whole = a.value().is_none() || a.pv_complete();
        Finding {
            status,
            value: value.filter(|_| status == Status::Solved),
            verdict,
            lower,
            upper,
            pv: if whole {
                a.pv().into_owned()
            } else {
                Vec::new()
            },
            nodes: match a {
                Answer::Retrograde(r) => r.states as u64,
                _ => self.total.nodes,
            },
        }
    }
}
