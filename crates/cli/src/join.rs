//! `kosolve join`: the root's value from a split's answers, by minimax over
//! the split tree (docs/distributed.md, "Why the join is exact").

use crate::common::{CliError, Format};
use crate::split::{check_ruleset, Kind, Manifest, FORMAT, MANIFEST, TASKS};
use kosolve_rules::{Komi, Ruleset};
use kosolve_solver::{outcome, Value};
use serde_json::json;
use std::path::{Path, PathBuf};

/// Options of `kosolve join`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The directory `kosolve split --out` wrote.
    dir: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Print only the lines of tasks.txt whose answers are missing or
    /// unfinished and still needed: below no node whose bounds already
    /// decide what is asked (to run them: `kosolve join DIR --missing |
    /// parallel`).
    #[arg(long, conflicts_with = "missing_array")]
    missing: bool,
    /// Print only the indexes of the tasks whose answers are missing or
    /// unfinished, joined by commas (for `sbatch --array=...`).
    #[arg(long)]
    missing_array: bool,
    /// Write the start's certificates to FILE, joined from the leaves'
    /// (a split made with `--certificates`, the value proven); `kosolve
    /// check FILE` verifies them.
    #[arg(long, value_name = "FILE")]
    certificate: Option<String>,
}

/// What one leaf's answer says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// No answer file (or one that cannot be read).
    Missing,
    /// The task stopped before the bounds met (or decided the window).
    Unfinished,
    /// The exact value, or bounds that decide the split's window.
    Done,
}

/// The join: every node's proven bounds, the root's first, and each task's answer.
struct Joined {
    bounds: Vec<(i32, i32)>,
    answers: Vec<(usize, Answer)>,
}

/// Reads the manifest of `dir`.
fn read_manifest(dir: &Path) -> Result<Manifest, CliError> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| CliError::Io(format!("cannot read {}: {e}", path.display())))?;
    let m: Manifest = serde_json::from_str(&text)
        .map_err(|e| CliError::Usage(format!("{}: not a split manifest: {e}", path.display())))?;
    if m.format != FORMAT {
        return Err(CliError::Usage(format!(
            "{}: format '{}', expected '{FORMAT}'",
            path.display(),
            m.format
        )));
    }
    for (i, n) in m.nodes.iter().enumerate() {
        let bad_child = match &n.kind {
            // Depth grows by one along a child and stays along a mirror,
            // whose node is no mirror: the minimax cannot loop.
            Kind::Interior { children } => children.iter().any(|c| {
                c.node <= i
                    || c.node >= m.nodes.len()
                    || m.nodes[c.node].moves.len() != n.moves.len() + 1
            }),
            Kind::Mirror { of } => {
                *of >= i
                    || matches!(m.nodes[*of].kind, Kind::Mirror { .. })
                    || m.nodes[*of].moves.len() != n.moves.len()
            }
            _ => false,
        };
        if n.id != i || bad_child {
            return Err(CliError::Usage(format!(
                "{}: node {i} is out of order, has a child out of range, or mirrors no earlier node of its depth",
                path.display()
            )));
        }
    }
    Ok(m)
}

/// The proven bounds an answer file gives, checked against the manifest;
/// `None` (with a warning) where it cannot be read.
fn read_answer(dir: &Path, file: &str, m: &Manifest) -> Option<(i32, i32)> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).ok()?;
    let parsed = (|| -> Result<(i32, i32), String> {
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        for (key, want) in [
            ("board", &m.board),
            ("rules", &m.rules),
            ("suicide", &m.suicide),
        ] {
            if v[key].as_str() != Some(want.as_str()) {
                return Err(format!("its {key} is not {want}"));
            }
        }
        let int = |key: &str| v[key].as_i64().and_then(|x| i32::try_from(x).ok());
        Ok((
            int("lower").unwrap_or(m.range[0]),
            int("upper").unwrap_or(m.range[1]),
        ))
    })();
    match parsed {
        Ok(b) => Some(b),
        Err(e) => {
            eprintln!(
                "kosolve: {}: not a solve's JSON answer ({e}); counted as missing",
                path.display()
            );
            None
        }
    }
}

/// Whether proven bounds answer all that is asked: they meet, or they
/// lie wholly below or above the split's window.
fn decides(m: &Manifest, (lo, hi): (i32, i32)) -> bool {
    lo == hi || m.window.is_some_and(|[a, b]| hi < a || lo > b)
}

/// Minimax over the split tree: each node's proven bounds, from the
/// leaves' answers (or, where missing, the bounds the split proved).
fn join(dir: &Path, m: &Manifest) -> Result<Joined, CliError> {
    let n = m.nodes.len();
    let mut bounds: Vec<Option<(i32, i32)>> = vec![None; n];
    let mut answers = Vec::new();
    // The nodes whose bounds need no other node's, first.
    for (i, node) in m.nodes.iter().enumerate() {
        bounds[i] = match &node.kind {
            Kind::Terminal { value } | Kind::Solved { value, .. } => Some((*value, *value)),
            Kind::Decided { lower, upper } => Some((*lower, *upper)),
            Kind::Leaf {
                task,
                answer,
                lower,
                upper,
                ..
            } => {
                let got = read_answer(dir, answer, m);
                let state = match got {
                    None => Answer::Missing,
                    Some(b) if decides(m, b) => Answer::Done,
                    Some(_) => Answer::Unfinished,
                };
                answers.push((*task, state));
                // Both are proven: their intersection is too.
                let (lo, hi) = got.unwrap_or((*lower, *upper));
                Some((lo.max(*lower), hi.min(*upper)))
            }
            Kind::Interior { .. } | Kind::Mirror { .. } => None,
        };
    }
    // Then minimax, children before parents and a mirror's node before
    // the mirror (`read_manifest` checked that both orders hold).
    for i in (0..n).rev() {
        if bounds[i].is_none() {
            bounds[i] = Some(minimax(m, i, &mut bounds)?);
        }
    }
    let bounds: Vec<(i32, i32)> = bounds.into_iter().map(|b| b.expect("every node")).collect();
    for (i, b) in bounds.iter().enumerate() {
        if b.0 > b.1 {
            return Err(CliError::Internal(format!(
                "node {i} of the split: proven bounds [{}, {}] do not meet (an answer contradicts the split's search)",
                b.0, b.1
            )));
        }
    }
    answers.sort_unstable_by_key(|a| a.0);
    Ok(Joined { bounds, answers })
}

/// The bounds of interior or mirror node `i`, from its children's (or its
/// node's), computing those not yet known.
fn minimax(
    m: &Manifest,
    i: usize,
    bounds: &mut [Option<(i32, i32)>],
) -> Result<(i32, i32), CliError> {
    if let Some(b) = bounds[i] {
        return Ok(b);
    }
    let node = &m.nodes[i];
    let b = match &node.kind {
        Kind::Mirror { of } => minimax(m, *of, bounds)?,
        Kind::Interior { children } => {
            if children.is_empty() {
                return Err(CliError::Usage(format!(
                    "{MANIFEST}: interior node {i} has no child"
                )));
            }
            let black = match node.to_move.as_str() {
                "black" => true,
                "white" => false,
                other => {
                    return Err(CliError::Usage(format!(
                        "{MANIFEST}: node {i}: to_move '{other}'"
                    )))
                }
            };
            let pick = |a: i32, b: i32| if black { a.max(b) } else { a.min(b) };
            let mut acc: Option<(i32, i32)> = None;
            for c in children {
                let (l, h) = minimax(m, c.node, bounds)?;
                acc = Some(acc.map_or((l, h), |(lo, hi)| (pick(lo, l), pick(hi, h))));
            }
            acc.expect("a child")
        }
        _ => unreachable!("every other node's bounds are set first"),
    };
    bounds[i] = Some(b);
    Ok(b)
}

/// The tasks whose answers can still change what the join proves: those
/// below no node that its bounds already decide (bounds that meet, or
/// that decide the window), reached from the root through children and
/// from a mirror to its node. With `--certificates` every task is wanted:
/// the joined certificates may pass through any leaf, and each needs its
/// own certificate.
fn wanted_tasks(m: &Manifest, bounds: &[(i32, i32)]) -> std::collections::HashSet<usize> {
    let mut wanted = std::collections::HashSet::new();
    if m.nodes.is_empty() {
        return wanted;
    }
    let mut seen = vec![false; m.nodes.len()];
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        if std::mem::replace(&mut seen[i], true) || (!m.certificates && decides(m, bounds[i])) {
            continue;
        }
        match &m.nodes[i].kind {
            Kind::Leaf { task, .. } => {
                wanted.insert(*task);
            }
            Kind::Interior { children } => stack.extend(children.iter().map(|c| c.node)),
            Kind::Mirror { of } => stack.push(*of),
            _ => {}
        }
    }
    wanted
}

/// Runs the subcommand.
pub fn run(args: Args) -> Result<(), CliError> {
    let dir = PathBuf::from(&args.dir);
    let m = read_manifest(&dir)?;
    let ruleset: Ruleset = m.rules.parse()?;
    check_ruleset(ruleset)?;
    let komi: Komi = m.komi.parse()?;
    let j = join(&dir, &m)?;
    let wanted = wanted_tasks(&m, &j.bounds);
    let open: Vec<usize> = j
        .answers
        .iter()
        .filter(|a| a.1 != Answer::Done && wanted.contains(&a.0))
        .map(|a| a.0)
        .collect();
    if args.missing_array {
        let ids: Vec<String> = open.iter().map(|i| i.to_string()).collect();
        println!("{}", ids.join(","));
        return Ok(());
    }
    if args.missing {
        let path = dir.join(TASKS);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| CliError::Io(format!("cannot read {}: {e}", path.display())))?;
        let lines: Vec<&str> = text.lines().collect();
        for &i in &open {
            let line = lines.get(i).ok_or_else(|| {
                CliError::Usage(format!("{}: no line {} (task {i})", path.display(), i + 1))
            })?;
            println!("{line}");
        }
        return Ok(());
    }
    let (lower, upper) = j.bounds[0];
    if let Some(file) = &args.certificate {
        let text = crate::join_cert::join_certificates(&dir, &m, &j.bounds)?;
        kosolve_sweep::write_atomic(Path::new(file), text.as_bytes())
            .map_err(|e| CliError::Io(e.to_string()))?;
        eprintln!("kosolve: the start's certificates, joined, written to {file}");
    }
    let count = |s: Answer| j.answers.iter().filter(|a| a.1 == s).count();
    let nodes = |f: fn(&Kind) -> bool| m.nodes.iter().filter(|n| f(&n.kind)).count();
    let (done, unfinished, missing) = (
        count(Answer::Done),
        count(Answer::Unfinished),
        count(Answer::Missing),
    );
    let solved_in_split = nodes(|k| matches!(k, Kind::Solved { .. }));
    let value = (lower == upper).then_some(lower);
    let status = match value {
        Some(_) => "solved",
        None if decides(&m, (lower, upper)) => "decided",
        None => "unsolved",
    };
    let kind = ruleset.value_kind();
    let out = value.map(|v| outcome(kind, v, komi));
    let v = |x: i32| Value::of_search(ruleset, x);
    match args.format {
        Format::Json => println!(
            "{}",
            json!({
                "board": m.board,
                "rules": m.rules,
                "suicide": m.suicide,
                "komi": crate::solve::komi_json(komi),
                "status": status,
                "window": m.window,
                "value": value,
                "lower": lower,
                "upper": upper,
                "outcome": out.map(|o| o.to_string()),
                "tasks": j.answers.len(),
                "done": done,
                "unfinished": unfinished,
                "missing": missing,
                "needed": open.len(),
                "solved_in_split": solved_in_split,
                "nodes": m.nodes.len(),
            })
        ),
        Format::Text => {
            println!(
                "board {}, rules {} (suicide {}), komi {}",
                m.board, m.rules, m.suicide, komi
            );
            let meaning = crate::solve::value_meaning_of(ruleset);
            match value {
                Some(x) => println!("value: {} ({meaning})", v(x).signed()),
                None => println!("value: {status}; proven bounds [{lower}, {upper}] ({meaning})"),
            }
            if let Some(o) = out {
                println!("outcome: {o}");
            }
            println!(
                "tasks: {done} of {} done ({unfinished} unfinished, {missing} missing; {} of \
                 them still needed); {} nodes in the split tree, {solved_in_split} solved while \
                 splitting",
                j.answers.len(),
                open.len(),
                m.nodes.len()
            );
        }
    }
    Ok(())
}
