//! [`solve`] and [`solve_from`]: the method for a ruleset and a start, and the methods behind `basic` and Kee's parity games.

use crate::*;

/// Bytes a Kee situation class takes at the peak of the graph solve
/// (docs/kee.md, "Memory"), for turning `memory_mib` into a class cap.
const KEE_BYTES_PER_CLASS: u64 = 48;

/// The half-width N of the komi range `-N..=N` a komi analysis searches by
/// default: the board's points plus 2 (see docs/solver.md).
pub fn default_komi_range(board: &Board) -> i32 {
    board.len() as i32 + 2
}

/// Solves `board` under `rules`. `komi_range` (Fundamental/Ultimate Go)
/// asks for a komi analysis over `-N..=N`.
///
/// # Example
///
/// Published values under positional superko (docs/references.md): Black
/// wins 2x2 by 1 (Tromp; Bill Taylor's proof) and 1x3 by 3 (Drange).
///
/// ```
/// use std::sync::Arc;
/// use kosolve_board::Board;
/// use kosolve_rules::{Rules, Ruleset};
/// use kosolve_solver::{solve, SolveOptions};
///
/// let opts = SolveOptions {
///     memory_mib: 16,
///     ..SolveOptions::default()
/// };
/// let two_by_two = Arc::new(Board::parse("2x2").unwrap());
/// let report = solve(two_by_two, Rules::new(Ruleset::Psk), &opts, None).unwrap();
/// assert_eq!(report.answer.value(), Some(1));
/// assert_eq!(report.outcome.unwrap().to_string(), "B+1");
///
/// let one_by_three = Arc::new(Board::parse("1x3").unwrap());
/// let report = solve(one_by_three, Rules::new(Ruleset::Psk), &opts, None).unwrap();
/// assert_eq!(report.answer.value(), Some(3));
/// ```
pub fn solve(
    board: Arc<Board>,
    rules: Rules,
    opts: &SolveOptions,
    komi_range: Option<i32>,
) -> Result<Report, SolveError> {
    solve_from(board, rules, &Setup::default(), opts, komi_range)
}

/// Solves the game that `setup` reaches on `board` under `rules` (docs/rules.md,
/// "Starting from a position"): the value with perfect play from there, in
/// the units of a solve from the empty board. A start or record the rules
/// cannot play is [`SolveError::Setup`].
pub fn solve_from(
    board: Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    komi_range: Option<i32>,
) -> Result<Report, SolveError> {
    if !opts.search.avoids {
        return Err(SolveError::Inexact);
    }
    // Bad input first, whatever the method.
    setup
        .game(board.clone(), rules)
        .map_err(SolveError::Setup)?;
    let method = resolve_method(opts.method, &board, &rules, setup);
    if method == Method::Parity {
        return solve_kee_graph(&board, rules, setup, opts);
    }
    if opts.search.refuse_large {
        let limited = opts.limits.max_nodes.is_some() || opts.limits.max_seconds.is_some();
        check_feasible_within(&board, &rules, setup, limited)?;
    }
    let kind = rules.ruleset.value_kind();
    let board_name = board.name().to_string();
    let (solution, analysis) = match rules.ruleset {
        Ruleset::Basic => return solve_basic_report(&board, rules, setup, opts, method),
        Ruleset::Kee => {
            let g = setup.kee(board.clone(), rules).map_err(SolveError::Setup)?;
            (solve_game(&g, opts), None)
        }
        r if r.family() == kosolve_rules::Family::Fundamental => {
            let g = setup
                .fundamental(board.clone(), rules)
                .map_err(SolveError::Setup)?;
            let sol = solve_game(&g, opts);
            let mut rest = opts.clone();
            rest.limits.max_seconds = opts
                .limits
                .max_seconds
                .map(|s| (s - sol.stats.seconds).max(0.0));
            rest.limits.max_nodes = opts
                .limits
                .max_nodes
                .map(|m| m.saturating_sub(sol.stats.nodes).max(1));
            // The search never reads the komi's half point: this solve is
            // the analysis's integer komi ⌊komi⌋, which it need not repeat.
            let known = sol.value().map(|v| (rules.komi.split().0, v));
            let analysis = komi_range
                .map(|n| komi_analysis_in(&board, rules, setup, &rest, n, false, known))
                .transpose()?;
            (sol, analysis)
        }
        _ => {
            let margin_rules = rules.with_komi(Komi::ZERO);
            let g = setup
                .standard(board.clone(), margin_rules)
                .map_err(SolveError::Setup)?;
            (solve_game(&g, opts), None)
        }
    };
    let mut total = solution.stats.clone();
    if let Some((_, st)) = &analysis {
        total.add(st);
    }
    Ok(Report {
        board: board_name,
        rules,
        outcome: solution.value().map(|v| outcome(kind, v, rules.komi)),
        answer: Answer::Search(solution),
        komi_analysis: analysis.map(|(a, _)| a),
        total,
    })
}

/// `basic` by the method resolved for it (retrograde analysis or the
/// proof search): the value, VB, VW and the principal variation, or,
/// where the budget stopped it, what it proved so far.
fn solve_basic_report(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
    method: Method,
) -> Result<Report, SolveError> {
    let start = Instant::now();
    let found = if method == Method::Search {
        solve_basic_by_proof(board, &rules, setup, opts).map(Answer::Proof)
    } else {
        solve_basic_from(board, &rules, setup, opts)
            .map(Answer::Retrograde)
            .map_err(|e| -> BasicStop {
                let answer = Answer::Unfinished {
                    method,
                    vb_at_least: None,
                    vw_at_most: None,
                };
                match e {
                    SolveError::Stopped(why) => {
                        Box::new((Some(why), SolveError::Stopped(why), answer, 0))
                    }
                    e => Box::new((None, e, answer, 0)),
                }
            })
    };
    let (answer, nodes) = match found.map_err(|e| *e) {
        Err((Some(why), _, answer, nodes)) => {
            return Ok(Report {
                board: board.name().to_string(),
                rules,
                answer,
                outcome: None,
                komi_analysis: None,
                total: Stats {
                    seconds: start.elapsed().as_secs_f64(),
                    threads: 1,
                    nodes,
                    stopped: Some(why),
                    ..Stats::default()
                },
            })
        }
        Err((None, e, _, _)) => return Err(e),
        Ok(Answer::Proof(b)) => {
            let nodes = b.nodes;
            (Answer::Proof(b), nodes)
        }
        Ok(a) => (a, 0),
    };
    let peak_table_mib = match &answer {
        Answer::Proof(b) => b.table_mib,
        _ => 0.0,
    };
    let total = Stats {
        seconds: start.elapsed().as_secs_f64(),
        threads: 1,
        nodes,
        peak_table_mib,
        ..Stats::default()
    };
    let value = answer.basic().expect("a basic answer").value;
    let outcome = match value {
        kosolve_retrograde::BasicValue::Void => Outcome::Void,
        kosolve_retrograde::BasicValue::Margin(h) => match h.cmp(&0) {
            std::cmp::Ordering::Greater => Outcome::BlackBy(h),
            std::cmp::Ordering::Less => Outcome::WhiteBy(-h),
            std::cmp::Ordering::Equal => Outcome::Jigo,
        },
    };
    Ok(Report {
        board: board.name().to_string(),
        rules,
        answer,
        outcome: Some(outcome),
        komi_analysis: None,
        total,
    })
}

/// `basic` by retrograde analysis from the end of the setup: its moves are
/// replayed by the rules engine, and the analysis starts from the state
/// they leave (position, player to move, the position before the last
/// move, consecutive passes); the principal variation runs from there.
/// `opts.limits.max_nodes`, where given, also caps the states of the retrograde
/// analysis (below its own cap), so that a sweep's node limit bounds the
/// time and memory of its `basic` jobs too; its deadline and cancellation
/// stop it with [`SolveError::Stopped`].
fn solve_basic_from(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    opts: &SolveOptions,
) -> Result<kosolve_retrograde::BasicSolution, SolveError> {
    let max_nodes = opts.limits.max_nodes;
    let start = if setup.is_empty_board() {
        kosolve_retrograde::BasicStart::EMPTY
    } else {
        let g = setup
            .standard(Arc::new(board.clone()), *rules)
            .map_err(SolveError::Setup)?;
        kosolve_retrograde::BasicStart::of_game(&g)
    };
    let mut retro = kosolve_retrograde::RetroOptions::default();
    if let Some(n) = max_nodes {
        retro.max_states = retro
            .max_states
            .min(usize::try_from(n).unwrap_or(usize::MAX));
    }
    kosolve_retrograde::solve_basic_within(board, rules, &start, &retro, &opts.budget()).map_err(
        |e| match e {
            kosolve_retrograde::RetroError::Setup(e) => SolveError::Setup(e),
            kosolve_retrograde::RetroError::Stopped(why) => SolveError::Stopped(why),
            e => SolveError::Engine(e.to_string()),
        },
    )
}

/// Why a `basic` solve gave no value: where the budget stopped it, why,
/// the error, the answer to report (with the bounds proven so far) and
/// the nodes spent; otherwise the error alone.
type BasicStop = Box<(Option<Stop>, SolveError, Answer, u64)>;

/// `basic` by proof search from the end of the setup (as
/// [`solve_basic_from`] starts), within the options' nodes, seconds,
/// memory and cancellation.
fn solve_basic_by_proof(
    board: &Board,
    rules: &Rules,
    setup: &Setup,
    opts: &SolveOptions,
) -> Result<kosolve_reach::ReachSolution, BasicStop> {
    let fail = |e: SolveError| -> BasicStop {
        Box::new((
            None,
            e,
            Answer::Unfinished {
                method: Method::Search,
                vb_at_least: None,
                vw_at_most: None,
            },
            0,
        ))
    };
    let start = if setup.is_empty_board() {
        kosolve_retrograde::BasicStart::EMPTY
    } else {
        let g = setup
            .standard(Arc::new(board.clone()), *rules)
            .map_err(|e| fail(SolveError::Setup(e)))?;
        kosolve_retrograde::BasicStart::of_game(&g)
    };
    let reach = kosolve_reach::ReachOptions {
        symmetry: opts.search.symmetry,
        static_bounds: opts.search.static_bounds,
    };
    let budget = opts
        .budget()
        .with_bytes(Some(opts.memory_mib as u64 * (1 << 20)));
    kosolve_reach::solve_basic_pns(board, rules, &start, &reach, &budget).map_err(|e| match e {
        kosolve_reach::ReachError::Stopped {
            why,
            vb_at_least,
            vw_at_most,
            nodes,
        } => Box::new((
            Some(why),
            SolveError::Stopped(why),
            Answer::Unfinished {
                method: Method::Search,
                vb_at_least,
                vw_at_most,
            },
            nodes,
        )),
        e => fail(SolveError::Engine(e.to_string())),
    })
}

/// Kee by the parity game on its situation graph (docs/kee.md).
fn solve_kee_graph(
    board: &Arc<Board>,
    rules: Rules,
    setup: &Setup,
    opts: &SolveOptions,
) -> Result<Report, SolveError> {
    if !setup.moves.is_empty() {
        return Err(SolveError::NotYetAvailable(
            "kee's parity method from a game record with moves: the situation graph starts \
             where both histories are empty and no situation is recorded, so it takes a start \
             position without moves (or use --method search; docs/kee.md)"
                .into(),
        ));
    }
    // Up to three graphs live at once: the best game bounding each side
    // and the one being built.
    let cap = ((opts.memory_mib as u64).saturating_mul(1 << 20) / (3 * KEE_BYTES_PER_CLASS))
        .min(opts.kee.max_situations.unwrap_or(u64::MAX));
    let defaults = kosolve_kee::KeeOptions::default();
    let kopts = kosolve_kee::KeeOptions {
        max_situations: cap,
        forgetful_window: defaults.forgetful_window.filter(|_| opts.kee.forgetful),
        ..defaults
    };
    let k =
        kosolve_kee::solve_kee_within(board, rules.suicide, &setup.start, kopts, &opts.budget())
            .map_err(|e| match e {
                kosolve_kee::KeeError::CheckFailed(why) => {
                    SolveError::CheckFailed(format!("kee: {why}"))
                }
                kosolve_kee::KeeError::TooManyPositions { max } => {
                    SolveError::TooLarge(if setup.is_empty_board() {
                        format!(
                        "kee's parity method is offered on boards of up to {max} legal positions \
                         and this board has {} (see docs/kee.md)",
                        kee_size_over(board, max as u64).unwrap_or_else(|| "more".into())
                    )
                    } else {
                        format!(
                            "kee's parity method is offered from starts reaching up to {max} \
                         positions and this start reaches more (see docs/kee.md)"
                        )
                    })
                }
                kosolve_kee::KeeError::BadStart => SolveError::Engine(e.to_string()),
                _ => SolveError::TooLarge(format!(
            "{e} (--memory {} MiB allows {cap} per graph, at about {KEE_BYTES_PER_CLASS} bytes \
             each and up to three graphs at once; see docs/kee.md)",
            opts.memory_mib
        )),
            })?;
    let total = Stats {
        // The effort of a graph method: its vertices (situation classes).
        nodes: k.situations(),
        seconds: k.seconds,
        threads: 1,
        peak_table_mib: k.peak_bytes() as f64 / (1 << 20) as f64,
        stopped: k.stopped,
        ..Stats::default()
    };
    Ok(Report {
        board: board.name().to_string(),
        rules,
        outcome: k
            .value()
            .map(|v| outcome(rules.ruleset.value_kind(), v, rules.komi)),
        answer: Answer::Parity(k),
        komi_analysis: None,
        total,
    })
}
