//! Fundamental and Ultimate Go over a range of komis: the sweep of values, its monotonicity check, and the score or thresholds read from it (docs/solver.md, "The komi analysis").

use crate::*;

/// Solver values of Fundamental or Ultimate Go at each integer komi of a range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KomiSweep {
    /// (K, value at komi K), K rising; `None` where a stop left it unsolved.
    pub values: Vec<(i32, Option<i32>)>,
    /// The komis searched, rising. Under `fundamental` and `ultimate` the
    /// value never rises with komi (docs/solver.md, "Prisoners in the keys
    /// of Fundamental and Ultimate Go"), so the others are read from them:
    /// below a searched komi whose value is the greatest, above one whose
    /// value is the least, and between two searched komis of equal value.
    pub searched: Vec<i32>,
}

/// A komi where the outcome changes as komi rises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threshold {
    /// The komi at and above which `to` holds (until the next threshold).
    pub komi: Komi,
    /// The outcome just below.
    pub from: Outcome,
    /// The outcome from `komi` on.
    pub to: Outcome,
}

/// The komi analysis of Fundamental or Ultimate Go (docs/rules.md, "`fundamental`:
/// Fundamental Go (no-pass Go with prisoner return)").
#[derive(Clone, Debug, PartialEq)]
pub enum KomiAnalysis {
    /// Fundamental Go.
    Fundamental {
        /// The winner (+1 Black, -1 White) at each integer komi searched.
        sweep: KomiSweep,
        /// The score (docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go
        /// with prisoner return)"), if the searched range decides it.
        score: Option<Komi>,
        /// Whether the winner changes at most once as komi rises over the
        /// whole searched range (false: the score definition does not apply cleanly).
        changes_once: bool,
    },
    /// Ultimate Go (either version).
    Ultimate {
        /// The value (+1, 0 draw, -1) at each integer komi searched.
        sweep: KomiSweep,
        /// The outcome changes over the searched half-point komis.
        thresholds: Vec<Threshold>,
    },
}

/// The komi analysis of Fundamental or Ultimate Go over integer komis
/// `-n..=n`, every komi searched: the check of [`komi_analysis_from`]'s
/// monotone search (and of the lemma behind it) on small boards.
pub fn komi_analysis(
    board: &Arc<Board>,
    rules: Rules,
    opts: &SolveOptions,
    n: i32,
) -> (KomiAnalysis, Stats) {
    komi_analysis_in(board, rules, &Setup::default(), opts, n, true, None)
        .expect("the empty board is a start of every ruleset")
}

/// [`komi_analysis`] from a setup: komi adds to the start's prisoners.
/// Under `fundamental` and `ultimate`, whose values never rise with komi,
/// it searches komi 0, then outwards by doubling steps until the greatest
/// value below and the least above, then by bisection between searched
/// komis of different values ([`monotone_sweep`]); every other komi's value
/// follows from those. Under `ultimate-simple` it searches every komi.
pub fn komi_analysis_from(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    n: i32,
) -> Result<(KomiAnalysis, Stats), SolveError> {
    komi_analysis_in(board, rules, setup, opts, n, false, None)
}

/// [`komi_analysis_from`], searching every komi where `every` holds;
/// `known` is a komi's value already solved (not searched again).
pub(crate) fn komi_analysis_in(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    n: i32,
    every: bool,
    known: Option<(i32, i32)>,
) -> Result<(KomiAnalysis, Stats), SolveError> {
    let mut o = opts.clone();
    o.search.pv = false;
    let mut stats = Stats::default();
    // A record's delays may need prisoners that some komis do not give:
    // the first komi whose start does not play ends the search (`None`)
    // and is the analysis's error.
    let mut setup_error = None;
    let mut solve = |k: i32| {
        if setup_error.is_some() {
            return None;
        }
        if let Some((_, v)) = known.filter(|&(kk, _)| kk == k) {
            return Some(v);
        }
        // The limits hold for the whole sweep, not for each komi.
        o.limits.max_seconds = opts
            .limits
            .max_seconds
            .map(|s| (s - stats.seconds).max(0.0));
        o.limits.max_nodes = opts
            .limits
            .max_nodes
            .map(|m| m.saturating_sub(stats.nodes).max(1));
        let g = match setup.fundamental(board.clone(), rules.with_komi(Komi(2 * k))) {
            Ok(g) => g,
            Err(e) => {
                setup_error.get_or_insert(e);
                return None;
            }
        };
        let s = solve_game(&g, &o);
        stats.add(&s.stats);
        s.value()
    };
    let monotone = matches!(rules.ruleset, Ruleset::Fundamental | Ruleset::Ultimate);
    let sweep = if monotone && !every {
        monotone_sweep(n, (-1, 1), &mut solve)
    } else {
        let values: Vec<(i32, Option<i32>)> = (-n..=n).map(|k| (k, solve(k))).collect();
        KomiSweep {
            searched: (-n..=n).collect(),
            values,
        }
    };
    if let Some(e) = setup_error {
        return Err(SolveError::Setup(e));
    }
    Ok((analyse_sweep(rules.ruleset, &sweep), stats))
}

/// The values at komis `-n..=n` of a game whose value never rises with
/// komi and lies in `range`, from as few calls of `solve` as it can:
/// komi 0; then komis -1, -2, -4, ... until one has the greatest value
/// (every komi below has it too) and 1, 2, 4, ... until one has the least;
/// then bisection between neighbouring searched komis of different values
/// (a komi between two of equal value has that value). A komi that
/// `solve` leaves undecided (`None`, a stop) ends the search; the values
/// that do not follow from those decided stay `None`.
pub fn monotone_sweep(
    n: i32,
    range: (i32, i32),
    solve: &mut impl FnMut(i32) -> Option<i32>,
) -> KomiSweep {
    let mut known: std::collections::BTreeMap<i32, Option<i32>> = Default::default();
    let stopped =
        |known: &std::collections::BTreeMap<i32, Option<i32>>| known.values().any(|v| v.is_none());
    let mut ask = |k: i32, known: &mut std::collections::BTreeMap<i32, Option<i32>>| {
        if stopped(known) {
            return None;
        }
        let v = solve(k);
        known.insert(k, v);
        v
    };
    let (lo, hi) = range;
    let v0 = ask(0, &mut known);
    // Outwards until the extreme value, doubling the step.
    for (dir, extreme) in [(-1, hi), (1, lo)] {
        let (mut step, mut v) = (1, v0);
        while v.is_some_and(|v| v != extreme) {
            let last = *known
                .keys()
                .filter(|&&k| k * dir >= 0)
                .max_by_key(|&&k| k * dir)
                .unwrap();
            if last.abs() >= n {
                break;
            }
            let k = dir * step.min(n);
            step *= 2;
            if k == last {
                break;
            }
            v = ask(k, &mut known);
        }
    }
    // Bisection between searched komis of different values.
    loop {
        let gap = known
            .iter()
            .zip(known.iter().skip(1))
            .find(|((a, va), (b, vb))| *b - *a > 1 && va.is_some() && vb.is_some() && va != vb)
            .map(|((a, _), (b, _))| (*a, *b));
        match gap {
            Some((a, b)) if !stopped(&known) => {
                ask(a + (b - a) / 2, &mut known);
            }
            _ => break,
        }
    }
    let searched: Vec<i32> = known.keys().copied().collect();
    let value_at = |k: i32| -> Option<i32> {
        if let Some(v) = known.get(&k) {
            return *v;
        }
        let below = known.range(..k).next_back().and_then(|(_, v)| *v);
        let above = known.range(k + 1..).next().and_then(|(_, v)| *v);
        match (below, above) {
            (Some(a), Some(b)) if a == b => Some(a),
            (None, Some(b)) if b == hi && known.range(..k).next_back().is_none() => Some(hi),
            (Some(a), None) if a == lo && known.range(k + 1..).next().is_none() => Some(lo),
            _ => None,
        }
    };
    KomiSweep {
        values: (-n..=n).map(|k| (k, value_at(k))).collect(),
        searched,
    }
}

/// Reads a komi sweep: the Fundamental Go score, or the Ultimate Go thresholds.
pub fn analyse_sweep(ruleset: Ruleset, sweep: &KomiSweep) -> KomiAnalysis {
    let get = |k: i32| {
        sweep
            .values
            .iter()
            .find(|(kk, _)| *kk == k)
            .and_then(|(_, v)| *v)
    };
    if ruleset == Ruleset::Fundamental {
        let solved: Vec<i32> = sweep.values.iter().filter_map(|(_, v)| *v).collect();
        let complete = solved.len() == sweep.values.len();
        let changes = solved.windows(2).filter(|w| w[0] != w[1]).count();
        let rising_to_white = solved.windows(2).all(|w| w[0] >= w[1]);
        let changes_once = complete && changes <= 1 && rising_to_white;
        let score = match get(0) {
            Some(1) => sweep
                .values
                .iter()
                .filter(|(k, _)| *k >= 0)
                .take_while(|(_, v)| v.is_some())
                .find(|(_, v)| *v == Some(-1))
                .map(|(k, _)| Komi(2 * k - 1)),
            Some(_) => sweep
                .values
                .iter()
                .rev()
                .filter(|(k, _)| *k <= 0)
                .take_while(|(_, v)| v.is_some())
                .find(|(_, v)| *v == Some(1))
                .map(|(k, _)| Komi(2 * k + 1)),
            None => None,
        };
        KomiAnalysis::Fundamental {
            sweep: sweep.clone(),
            score,
            changes_once,
        }
    } else {
        let mut thresholds = Vec::new();
        let mut prev: Option<Outcome> = None;
        for (k, v) in &sweep.values {
            for h in [2 * k, 2 * k + 1] {
                let cur = v.map(|v| outcome(ValueKind::WinDrawLoss, v, Komi(h)));
                if let (Some(p), Some(c)) = (prev, cur) {
                    if p != c {
                        thresholds.push(Threshold {
                            komi: Komi(h),
                            from: p,
                            to: c,
                        });
                    }
                }
                prev = cur;
            }
        }
        KomiAnalysis::Ultimate {
            sweep: sweep.clone(),
            thresholds,
        }
    }
}
