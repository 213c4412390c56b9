//! The study of docs/rules.md, "Expedited counting": the states right after
//! the first delay in games of `ultimate-simple` on 1x3..1x7, 2x2, 2x3, 2x4
//! and 3x3 (every one, or a uniform sample of those listed where there are
//! too many; on 1x7, 2x4 and 3x3 only those of games of at most 16
//! placements), the procedure against the exact value at komi -2..2; and
//! the amended variant from the same states before the delay. The method
//! is in docs/rules.md, "The study: the procedure against exact values".
//!
//! Run: `cargo run --release -p kosolve-expedite --example study [BOARD...]`
//! (writes results/expedite.csv and results/expedite.md; with boards given,
//! only those, each with its default plan, into the same files).

use kosolve_board::{Board, Color};
use kosolve_expedite::study::{
    before_first_delay, before_first_delay_within, brute_force_before_first_delay, sample, PreDelay,
};
use kosolve_expedite::{
    check_designation, dead_from_pv, exact_game, expedite, lines, placements, Expedited, Input,
    Options, Outcome,
};
use kosolve_rules::Komi;
use kosolve_solver::{solve_game_with, SolveOptions, Tables};
use kosolve_solver::{Limits, SearchSettings};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

/// How a board's states are listed.
#[derive(Copy, Clone)]
enum Listing {
    /// Every state some game reaches, by walking every game.
    Brute,
    /// The breadth-first witness search keeping this many games per state
    /// (every state listed is reached; some may be missed).
    Witnesses(usize),
    /// The witness search bounded by game length: the states whose
    /// shortest game found has at most `depth` placements.
    Within {
        /// Games kept per state.
        witnesses: usize,
        /// Placements at most.
        depth: usize,
    },
}

/// A board's plan: how its states are listed and how many are tried.
struct Plan {
    name: &'static str,
    listing: Listing,
    /// States tried at most (a uniform sample of the states listed beyond).
    cap: usize,
    /// Node limit of one exact solve.
    max_nodes: u64,
}

const PLANS: &[Plan] = &[
    Plan {
        name: "1x3",
        listing: Listing::Brute,
        cap: usize::MAX,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "1x4",
        listing: Listing::Brute,
        cap: usize::MAX,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "2x2",
        listing: Listing::Brute,
        cap: usize::MAX,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "1x5",
        listing: Listing::Brute,
        cap: usize::MAX,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "1x6",
        listing: Listing::Witnesses(16),
        cap: CAP,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "1x7",
        listing: Listing::Within {
            witnesses: 4,
            depth: DEPTH,
        },
        cap: CAP,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "2x3",
        listing: Listing::Witnesses(16),
        cap: CAP,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "2x4",
        listing: Listing::Within {
            witnesses: 2,
            depth: DEPTH,
        },
        cap: CAP,
        max_nodes: MAX_NODES,
    },
    Plan {
        name: "3x3",
        listing: Listing::Within {
            witnesses: 2,
            depth: DEPTH,
        },
        cap: CAP,
        max_nodes: MAX_NODES,
    },
];

/// States tried at most on the boards beyond 1x5.
const CAP: usize = 300;

/// The game-length bound of the listings bounded by it.
const DEPTH: usize = 16;

/// Node limit of one exact solve (one state at one komi).
const MAX_NODES: u64 = 2_000_000;

/// The transposition table every solve of a board shares (both variants,
/// every komi), in MiB.
const TABLE_MIB: usize = 1024;

const SEED: u64 = 16;

fn outcome(v: i32) -> Outcome {
    match v.signum() {
        1 => Outcome::BlackWins,
        -1 => Outcome::WhiteWins,
        _ => Outcome::Draw,
    }
}

#[derive(Default)]
struct Tally {
    enumerated: usize,
    tried: usize,
    unsolved: usize,
    breaks: usize,
    rows: usize,
    same_score: usize,
    score_differs: usize,
    score_beyond: usize,
    split: usize,
    changed: usize,
    zero_resign: usize,
    one_sided: usize,
    one_sided_changed: usize,
    seconds: f64,
    enum_seconds: f64,
}

/// A row whose outcome the procedure changes, kept to pick the smallest.
struct Counter {
    board: &'static str,
    variant: &'static str,
    input: Input,
    size: (usize, usize),
    exact: Outcome,
    outcomes: String,
    one_sided: bool,
}

fn solve_opts(max_nodes: u64, pv: bool) -> SolveOptions {
    SolveOptions {
        threads: 1,
        memory_mib: TABLE_MIB,
        limits: Limits {
            max_nodes: Some(max_nodes),
            ..Limits::default()
        },
        search: SearchSettings {
            refuse_large: false,
            pv,
            ..SearchSettings::default()
        },
        ..SolveOptions::default()
    }
}

/// The two variants compared, in the order they run and are reported.
const VARIANTS: [&str; 2] = ["after first delay", "amended, before any delay"];

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    let mut study = Study::new();
    let start = Instant::now();
    for (bi, plan) in PLANS.iter().enumerate() {
        if !only.is_empty() && !only.iter().any(|n| n == plan.name) {
            continue;
        }
        study.board(bi, plan);
    }
    let total = start.elapsed().as_secs_f64();
    let md = report(&study.tallies, &mut study.counters, total);
    std::fs::create_dir_all("results").unwrap();
    std::fs::write("results/expedite.csv", study.csv.into_inner().unwrap()).unwrap();
    std::fs::write("results/expedite.md", md).unwrap();
    println!("wrote results/expedite.csv and results/expedite.md ({total:.0} s)");
}

/// Every state a board's plan lists, in a fixed order.
fn list_states(board: &Arc<Board>, listing: Listing) -> Vec<PreDelay> {
    match listing {
        Listing::Witnesses(w) => before_first_delay(board, w).states,
        Listing::Within { witnesses, depth } => {
            before_first_delay_within(board, witnesses, depth).states
        }
        Listing::Brute => {
            let mut v: Vec<PreDelay> = brute_force_before_first_delay(board, 100_000_000)
                .expect("small board")
                .into_iter()
                .collect();
            v.sort();
            v
        }
    }
}

/// What the study gathers as it goes: the CSV rows, the tallies of each
/// (board, variant), and the rows whose outcome the procedure changes.
struct Study {
    /// The CSV of every (state, komi) row compared.
    csv: csv::Writer<Vec<u8>>,
    /// The tallies by (plan index, variant).
    tallies: BTreeMap<(usize, &'static str), Tally>,
    /// The rows whose outcome the procedure changes.
    counters: Vec<Counter>,
}

/// One board and variant under study, with the table its solves share.
struct Trial<'a> {
    /// The board's plan.
    plan: &'static Plan,
    /// The board.
    board: &'a Arc<Board>,
    /// The variant.
    variant: &'static str,
    /// Whether the variant is the amended one (run before any delay).
    amended: bool,
    /// The transposition table of the board's solves.
    tables: &'a Tables,
}

/// One (state, komi) comparison: the procedure's run against the exact outcome.
struct Comparison<'a> {
    /// The komi, in whole stones.
    k: i32,
    /// The procedure's run.
    e: &'a Expedited,
    /// Its outcomes.
    outs: &'a BTreeSet<Outcome>,
    /// The exact outcome.
    exact: Outcome,
    /// How the two compare.
    category: &'static str,
}

impl Study {
    /// A study with nothing gathered yet: the CSV holds its header.
    fn new() -> Study {
        // The csv crate quotes the fields that need it (the variant and the
        // categories hold commas).
        let mut csv = csv::Writer::from_writer(Vec::new());
        csv.write_record([
            "board",
            "variant",
            "position",
            "to_move",
            "prisoners",
            "dead",
            "komi",
            "scores",
            "outcomes",
            "exact",
            "category",
            "one_sided_dame",
        ])
        .unwrap();
        Study {
            csv,
            tallies: BTreeMap::new(),
            counters: Vec::new(),
        }
    }

    /// Studies the board of plan `bi`: lists its states, picks those to
    /// try, and runs both variants on them.
    fn board(&mut self, bi: usize, plan: &'static Plan) {
        let board = Arc::new(Board::parse(plan.name).unwrap());
        let t0 = Instant::now();
        let states = list_states(&board, plan.listing);
        let enum_seconds = t0.elapsed().as_secs_f64();
        // A uniform sample, solved in order of the prisoners held (fewest
        // first): the shared table then holds the endings that states with
        // more prisoners reach after their delays.
        let mut picked = sample(states.len(), plan.cap, SEED);
        picked.sort_by_key(|&i| (states[i].prisoners[0] + states[i].prisoners[1], i));
        eprintln!(
            "{}: {} states ({:.1} s), trying {}",
            plan.name,
            states.len(),
            enum_seconds,
            picked.len()
        );
        let probe = exact_game(&states[0].before_delay(&board, Komi::ZERO)).unwrap();
        let tables = Tables::new(&probe, &solve_opts(1, false));
        for variant in VARIANTS {
            let t1 = Instant::now();
            let trial = Trial {
                plan,
                board: &board,
                variant,
                amended: variant.starts_with("amended"),
                tables: &tables,
            };
            let mut t = Tally {
                enumerated: states.len(),
                enum_seconds,
                ..Tally::default()
            };
            for &i in &picked {
                self.state(&mut t, &trial, states[i]);
            }
            t.seconds = t1.elapsed().as_secs_f64();
            eprintln!(
                "  {variant}: {} tried, {} unsolved, {} changed rows, {:.1} s",
                t.tried, t.unsolved, t.changed, t.seconds
            );
            self.tallies.insert((bi, variant), t);
        }
    }

    /// Compares the procedure with the exact outcome on state `s` at each
    /// komi -2..2, tallying into `t`.
    fn state(&mut self, t: &mut Tally, trial: &Trial<'_>, s: PreDelay) {
        let board = trial.board;
        let mut input = if trial.amended {
            s.before_delay(board, Komi::ZERO)
        } else {
            s.after_first_delay(board, Komi::ZERO)
        };
        t.tried += 1;
        let Some(ex) = exact_outcomes(&mut input, trial) else {
            t.unsolved += 1;
            return;
        };
        if check_designation(board, &s.position, input.dead).is_err() {
            t.breaks += 1;
            return;
        }
        // The exact score: the komi at which the game is a draw.
        let draw_komi = (-2..=2)
            .zip(&ex)
            .find(|(_, o)| **o == Outcome::Draw)
            .map(|(k, _)| k);
        let alice = input.to_move.opponent();
        let one_sided = !trial.amended && {
            let (da, _) = placements(&input, alice).unwrap();
            let (db, _) = placements(&input, input.to_move).unwrap();
            da.any() && db.is_empty()
        };
        if one_sided {
            t.one_sided += 1;
        }
        let mut changed_here = false;
        let opts = Options {
            amended: trial.amended,
            ..Options::default()
        };
        for (ki, k) in (-2..=2).enumerate() {
            input.komi = Komi(2 * k);
            let e = expedite(&input, &opts).expect("procedure runs");
            let outs = e.outcomes();
            let exact = ex[ki];
            t.rows += 1;
            if e.resigned_with_zero {
                t.zero_resign += 1;
            }
            let category = categorize(t, &e, &outs, exact, draw_komi, k);
            if category == "changed" {
                changed_here = true;
                self.counters.push(Counter {
                    board: trial.plan.name,
                    variant: trial.variant,
                    input: input.clone(),
                    size: (board.len(), s.position.occupied().count() as usize),
                    exact,
                    outcomes: outs
                        .iter()
                        .map(|o| o.to_string())
                        .collect::<Vec<_>>()
                        .join(" / "),
                    one_sided,
                });
            }
            let c = Comparison {
                k,
                e: &e,
                outs: &outs,
                exact,
                category,
            };
            self.write_row(trial, &s, &input, &c, one_sided);
        }
        if one_sided && changed_here {
            t.one_sided_changed += 1;
        }
    }

    /// Writes the CSV row of one (state, komi) comparison.
    fn write_row(
        &mut self,
        trial: &Trial<'_>,
        s: &PreDelay,
        input: &Input,
        c: &Comparison<'_>,
        one_sided: bool,
    ) {
        let board = trial.board;
        let scores: Vec<String> = c.e.scores.iter().map(|s| s.to_string()).collect();
        let outs: Vec<String> = c.outs.iter().map(|o| o.to_string()).collect();
        let dead: Vec<String> = input.dead.iter().map(|p| board.point_name(p)).collect();
        self.csv
            .write_record([
                trial.plan.name.to_string(),
                trial.variant.to_string(),
                s.position.diagram_line(board),
                input.to_move.to_string(),
                format!("{}:{}", s.prisoners[0], s.prisoners[1]),
                dead.join(" "),
                c.k.to_string(),
                scores.join(" "),
                outs.join(" "),
                c.exact.to_string(),
                c.category.to_string(),
                one_sided.to_string(),
            ])
            .unwrap();
    }
}

/// The exact outcome of `input` at each komi -2..2, and its dead stones
/// (`--dead exact`) from the principal variation at komi 0, set in
/// `input`; `None` where a solve stopped at the node limit or the
/// principal variation was cut short.
fn exact_outcomes(input: &mut Input, trial: &Trial<'_>) -> Option<[Outcome; 5]> {
    // Komi 0 first; the first solve that stops at the node
    // limit leaves the state unsolved and skips its other komi.
    let mut ex = [Outcome::Draw; 5];
    for k in [0, -1, 1, -2, 2] {
        input.komi = Komi(2 * k);
        let g = exact_game(input).unwrap();
        let sol = solve_game_with(&g, &solve_opts(trial.plan.max_nodes, k == 0), trial.tables);
        ex[(k + 2) as usize] = outcome(sol.value()?);
        if k == 0 && sol.is_solved() {
            if !sol.pv_complete {
                return None;
            }
            input.dead = dead_from_pv(input, &sol.pv).unwrap();
        }
    }
    Some(ex)
}

/// How the procedure's outcomes `outs` (and its score) compare with the
/// exact outcome at komi `k`, counted in `t`: `split`, `changed`, `same
/// score`, `outcome kept, score differs` or `outcome kept, exact score
/// beyond komi -2..2`.
fn categorize(
    t: &mut Tally,
    e: &Expedited,
    outs: &BTreeSet<Outcome>,
    exact: Outcome,
    draw_komi: Option<i32>,
    k: i32,
) -> &'static str {
    if outs.len() > 1 && outs.contains(&exact) {
        t.split += 1;
        "split"
    } else if !outs.contains(&exact) {
        t.changed += 1;
        "changed"
    } else {
        match (e.score(), draw_komi) {
            (Some(sp), Some(dk)) if sp == dk - k => {
                t.same_score += 1;
                "same score"
            }
            (Some(_), Some(_)) => {
                t.score_differs += 1;
                "outcome kept, score differs"
            }
            _ => {
                t.score_beyond += 1;
                "outcome kept, exact score beyond komi -2..2"
            }
        }
    }
}

/// The Markdown report: how the study was made, the table of tallies,
/// the findings and the smallest counterexamples.
fn report(
    tallies: &BTreeMap<(usize, &str), Tally>,
    counters: &mut [Counter],
    total: f64,
) -> String {
    let mut md = method_text();
    md.push_str(
        "| board | variant | states listed | tried | unsolved | designation breaks | (state, komi) rows | same score | score differs | beyond | split | changed | resign with score 0 | seconds |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for ((bi, v), t) in tallies {
        tally_line(&mut md, &PLANS[*bi], v, t);
    }
    writeln!(md, "\nWhole study: {total:.0} s.\n").unwrap();
    md.push_str("## Findings\n\n");
    findings(&mut md, tallies);
    md.push_str("## Smallest counterexamples\n\n");
    counterexamples(&mut md, counters);
    md
}

/// The report's title and its account of the method: the states, how
/// they are listed and sampled, and how the procedure is compared.
fn method_text() -> String {
    let mut md = String::from(
        "# Expedited counting against exact ultimate-simple values\n\n\
         Generated by `cargo run --release -p kosolve-expedite --example study`; the \
         procedure and its readings are in docs/rules.md, \"Expedited counting\" (The \
         Analysis of Ultimate Go, section VIII).\n\n",
    );
    write!(
        md,
        "**States.** Under `ultimate-simple` every move before the first delay is a \
         placement, and the first delay is the ultimate delay of the player to move. A \
         state before it is a position, the player to move and both prisoner counts; \
         \"after first delay\" is that state after the player to move has made her \
         ultimate delay (the procedure's start), \"amended\" is the state itself, before \
         any delay, run by the amended variant. The history of the game is forgotten: the \
         start position is the only one that has occurred, for the procedure and for the \
         exact solve alike.\n\n\
         **Listing and sampling** (the `states listed` column says which, per board). \
         `all`: every state some game reaches, by walking every game (1x3, 1x4, 2x2, \
         1x5). `N witnesses`: a breadth-first search over games that keeps N games per \
         state; every state it lists is reached by a legal game, but it misses some (on \
         1x5 it finds 2803 of the 2946 states with 64 witnesses; the missed states are \
         long capture-recapture games with many prisoners). `games of at most {DEPTH} \
         placements` (1x7, 2x4, 3x3): the same search stopped at games of {DEPTH} \
         placements, so only the states whose shortest game found is that short; \
         **this is not a sample of all states**: the whole list is dominated by long \
         capture-recapture games (3x3 with one witness: about 9.8 million states, \
         prisoner counts up to about 400, and none of 25 states sampled from it was \
         solved within the node limit). Where a board lists more states than its cap ({CAP}, on the boards \
         beyond 1x5), the states tried are a uniform sample (without replacement, fixed \
         seed) of the states listed; elsewhere every state listed is tried.\n\n\
         **Comparison.** Dead stones: `--dead exact`, from the principal variation of the \
         exact solve at komi 0; states where it breaks the text's condition are counted \
         and skipped. Each state is compared at komi -2..2 (whole stones, paid as \
         prisoners): *same score* when the procedure's unanimous score equals the exact \
         score (the komi at which the exact outcome is a draw, shifted by the komi), *score \
         differs* when the outcome is kept but the score is not, *beyond* when the outcome \
         is kept and the exact score is outside what komi -2..2 pins down, *split* when the \
         procedure's open choices give different outcomes and one is exact, *changed* when \
         no choice gives the exact outcome. **Unsolved**: the exact solve of the state at \
         some komi stopped at the node limit ({MAX_NODES} nodes per solve, komi 0 first, \
         the state's other komi skipped from the first such stop), or its principal \
         variation at komi 0 was cut short; the state is counted and not compared. The \
         solves of one board share one {TABLE_MIB} MiB transposition table (both \
         variants, every komi) and run in order of the prisoners held, fewest first, so \
         that later solves find the endings of earlier ones; whether a state is solved \
         within the limit, and which best line the principal variation (so the \
         designation) takes, depend on that order; its exact value never does.\n\n"
    )
    .unwrap();
    md
}

/// The table line of one (board, variant).
fn tally_line(md: &mut String, p: &Plan, v: &str, t: &Tally) {
    let how = match p.listing {
        Listing::Brute => "all".to_string(),
        Listing::Witnesses(w) => format!("{w} witnesses"),
        Listing::Within { witnesses, depth } => {
            format!("{witnesses} witnesses, games of at most {depth} placements")
        }
    };
    writeln!(
        md,
        "| {} | {v} | {} ({how}) | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.1} |",
        p.name,
        t.enumerated,
        t.tried,
        t.unsolved,
        t.breaks,
        t.rows,
        t.same_score,
        t.score_differs,
        t.score_beyond,
        t.split,
        t.changed,
        t.zero_resign,
        t.seconds + t.enum_seconds
    )
    .unwrap();
}

/// The findings: per variant, the rows changed and split and the
/// resignations with score 0; then the one-sided dames.
fn findings(md: &mut String, tallies: &BTreeMap<(usize, &str), Tally>) {
    let mut sums: BTreeMap<&str, (usize, usize, usize, usize)> = BTreeMap::new();
    for ((_, v), t) in tallies {
        let e = sums.entry(v).or_default();
        e.0 += t.rows;
        e.1 += t.changed;
        e.2 += t.split;
        e.3 += t.zero_resign;
    }
    for (v, (rows, changed, split, zero)) in &sums {
        writeln!(
            md,
            "- {v}: {changed} of {rows} (state, komi) rows change the outcome ({:.1}%), {split} split.",
            100.0 * *changed as f64 / (*rows).max(1) as f64
        )
        .unwrap();
        writeln!(
            md,
            "- {v}: resignations with score 0 (against the text's remark that a resignation always leaves a non-zero score): {zero}."
        )
        .unwrap();
    }
    let one: usize = tallies.values().map(|t| t.one_sided).sum();
    let one_c: usize = tallies.values().map(|t| t.one_sided_changed).sum();
    writeln!(
        md,
        "- One-sided dames (after the first delay, the player who delayed has a dame-filling placement and her opponent none): {one} states tried, {one_c} of them with the outcome changed at some komi.\n"
    )
    .unwrap();
}

/// The smallest counterexamples of each variant (at most three, of
/// distinct positions, on boards near the smallest), then the smallest
/// one-sided dame counterexample.
fn counterexamples(md: &mut String, counters: &mut [Counter]) {
    counters.sort_by_key(|c| (c.variant, c.size, c.input.komi.0.abs()));
    for variant in VARIANTS {
        let mut shown = 0;
        let mut seen_pos = Vec::new();
        for c in counters.iter().filter(|c| c.variant == variant) {
            if shown == 3 || (c.size.0 > counters[0].size.0 + 2 && shown > 0) {
                break;
            }
            if seen_pos.contains(&(c.input.position, c.input.to_move)) {
                continue;
            }
            seen_pos.push((c.input.position, c.input.to_move));
            shown += 1;
            md.push_str(&counterexample(c));
        }
    }
    let mut os = counters
        .iter()
        .filter(|c| c.one_sided && c.variant == "after first delay");
    if let Some(c) = os.next() {
        md.push_str("### The smallest one-sided dame counterexample\n\n");
        md.push_str(&counterexample(c));
    }
}

fn counterexample(c: &Counter) -> String {
    let board = &c.input.board;
    let mut s = String::new();
    let dead: Vec<String> = c.input.dead.iter().map(|p| board.point_name(p)).collect();
    let alice = c.input.to_move.opponent();
    writeln!(
        s,
        "**{} {}**, komi {}, {} to move, prisoners B {} W {}, {}; dead [{}]{}:\n\n```\n{}```\n",
        c.board,
        c.input.position.diagram_line(board),
        c.input.komi,
        c.input.to_move,
        c.input.prisoners[0],
        c.input.prisoners[1],
        match c.input.delays {
            kosolve_expedite::Delays::First(f) => format!("{f} made the first delay"),
            _ => "no delay yet".into(),
        },
        dead.join(","),
        if c.one_sided {
            format!(" (one-sided dame for {alice})")
        } else {
            String::new()
        },
        c.input.position.diagram(board),
    )
    .unwrap();
    let g = exact_game(&c.input).unwrap();
    let opts = SolveOptions {
        memory_mib: 64,
        ..solve_opts(50_000_000, true)
    };
    let sol = solve_game_with(&g, &opts, &Tables::new(&g, &opts));
    let mut mover = c.input.to_move;
    let pv: Vec<String> = sol
        .pv
        .iter()
        .map(|m| {
            let n = format!("{} {}", mover.letter(), m.name(board));
            mover = mover.opponent();
            n
        })
        .collect();
    writeln!(s, "- exact: {} — {}", c.exact, pv.join(", ")).unwrap();
    let opts = Options {
        amended: c.variant.starts_with("amended"),
        ..Options::default()
    };
    for (score, line) in lines(&c.input, &opts).unwrap() {
        writeln!(
            s,
            "- procedure: score {score:+} ({}) — {}",
            c.outcomes,
            line.join(", ")
        )
        .unwrap();
    }
    s.push('\n');
    let _ = Color::Black;
    s
}
