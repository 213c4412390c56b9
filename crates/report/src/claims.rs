//! The claims section of a sweep report: each claim of docs/rules.md,
//! "8. Claims from the sources the results should settle", with how the
//! rows of the table settle it. [`CLAIMS`] is the list, in report order.

use crate::lookup::{cell, find, find_at, rect, value_of};
use kosolve_board::Suicide;
use kosolve_rules::{Komi, Ruleset};
use kosolve_sweep::{Config, PositionClaim, Row, Status, Verdict};
use kosolve_vocab::{Outcome, Value};
use std::fmt::Write;

/// What a claim is settled from: the sweep's config and rows, at one komi.
struct Evidence<'a> {
    config: &'a Config,
    rows: &'a [Row],
    komi: Komi,
}

/// One claim: its heading, and the text that settles it from the table
/// (or says why the table cannot).
struct Claim {
    title: &'static str,
    settle: fn(&Evidence<'_>) -> String,
}

/// Every claim the report settles, in order.
const CLAIMS: [Claim; 14] = [
    Claim {
        title: "Area scoring, positional superko, 2x2: Black wins by 1",
        settle: psk_two_by_two,
    },
    Claim {
        title: "The open case 2x3 (Drange and van der Werf: 0; a psk solver: +1)",
        settle: two_by_three,
    },
    Claim {
        title: "Positional and situational superko are \"in practice almost the same\"",
        settle: |e| compare(e, Ruleset::Psk, Ruleset::Ssk),
    },
    Claim {
        title: "Natural situational superko \"sometimes allows unfamiliar move sequences\" (values against psk)",
        settle: |e| compare(e, Ruleset::Psk, Ruleset::Nssk),
    },
    Claim {
        title: "Fixed ko against positional superko (\"forced ko fights seem to be impossible\")",
        settle: |e| compare(e, Ruleset::Psk, Ruleset::Fixed),
    },
    Claim {
        title: "The Basic Ko Rules (prohibition class, `bkr`) against positional superko (repetition class)",
        settle: |e| compare(e, Ruleset::Psk, Ruleset::Bkr),
    },
    Claim {
        title: "Fixed ko: \"each open basic ko equals one eye\" (on the config's position pairs)",
        settle: |e| position_claim(e, PositionClaim::KoEye),
    },
    Claim {
        title: "Fixed ko: \"forced ko fights seem to be impossible\" (on the config's position pairs)",
        settle: |e| position_claim(e, PositionClaim::KoFight),
    },
    Claim {
        title: "The ko bestiary: where the rulesets part",
        settle: bestiary_parts,
    },
    Claim {
        title: "Kee: a pass erases the passer's earlier boards; \"if not, some bestiary may occur\" (against situational and positional superko)",
        settle: kee_bestiary,
    },
    Claim {
        title: "Kee: \"2x2 is a draw (2 points each) while under the other rules Black or White wins by one point\"",
        settle: kee_two_by_two,
    },
    Claim {
        title: "Fundamental Go has no draws (*Ultimate* claim (c))",
        settle: fundamental_no_draws,
    },
    Claim {
        title: "`ultimate` and `ultimate-simple` have the same outcome at every komi (*Ultimate* claim (b))",
        settle: ultimate_versions_agree,
    },
    Claim {
        title: "Adding one prisoner to each bowl never changes the Fundamental Go winner (*Ultimate* claim (a))",
        settle: |_| {
            "Holds on every board and from every position: it is a lemma of docs/solver.md (\"Prisoners in \
             the keys of Fundamental and Ultimate Go\"), proved there for Fundamental Go and the original \
             Ultimate Go, whose search keys rely on it. Not a column of this table: the solver tests check the \
             lemma on random states against searches that read no key (crates/solver/tests/prisoner_keys.rs), \
             and compare the winner with and without one extra prisoner in each bowl on 1x1..1x3 and 2x1 at \
             komi -2..2, and on 1x4, 1x5, 1x6, 2x2 and 2x3 at komi -1..1 (crates/solver/tests/claims.rs).\n\n"
                .to_string()
        },
    },
];

/// The last claim, Kee's multi-board scoring, lists rows without a verdict.
const KEE_BOARDS_TITLE: &str = "Kee multi-board scoring \"is apparent in\" 2x1, 2x2 and 2x3";

/// Writes the claims section.
pub(crate) fn write(s: &mut String, config: &Config, rows: &[Row], komi: Komi) {
    let e = Evidence { config, rows, komi };
    let _ = writeln!(s, "## Claims\n");
    let _ = writeln!(
        s,
        "Each claim of docs/rules.md, \"8. Claims from the sources the results should settle\", \
         settled from this table where it \
         holds the evidence. \"Not settled here\" means the table lacks the rows.\n"
    );
    for c in &CLAIMS {
        let _ = writeln!(s, "### {}\n", c.title);
        s.push_str(&(c.settle)(&e));
    }
    let _ = writeln!(s, "### {KEE_BOARDS_TITLE}\n");
    s.push_str(&kee_boards(&e));
}

const F: Suicide = Suicide::Forbidden;

/// Settles a fixed ko claim on the positions that carry it, each against
/// its pair (docs/configs.md, `claim`): with suicide forbidden, at the
/// report's komi, the fixed-ko values of the two must be equal.
fn position_claim(e: &Evidence<'_>, which: PositionClaim) -> String {
    let mut s = String::new();
    let with: Vec<_> = e
        .config
        .positions
        .iter()
        .filter(|p| p.claim == Some(which))
        .collect();
    if with.is_empty() {
        let _ = writeln!(
            s,
            "Not settled here: the config has no position pair marked `claim = \"{}\"` \
             (solver-configs/bestiary.toml has them, and results/bestiary.md settles them).\n",
            which.name()
        );
        return s;
    }
    let (what, other) = match which {
        PositionClaim::KoEye => ("with the open basic ko", "with one eye in its place"),
        PositionClaim::KoFight => ("with the ko threat", "without it"),
    };
    for p in with {
        let pair = p.pair.as_deref().unwrap_or_default();
        let row = |name: &str, rules: Ruleset| find_at(e.rows, name, rules, F, e.komi);
        let v = |name: &str, rules: Ruleset| value_of(row(name, rules));
        let pv = |name: &str, rules: Ruleset| {
            row(name, rules)
                .map(|r| {
                    if r.finding.pv.is_empty() {
                        "no moves".to_string()
                    } else {
                        r.pv_text()
                    }
                })
                .unwrap_or_default()
        };
        let psk = match (v(&p.name, Ruleset::Psk), v(pair, Ruleset::Psk)) {
            (Some(a), Some(b)) => format!(" Under psk: {a} and {b}."),
            _ => String::new(),
        };
        match (v(&p.name, Ruleset::Fixed), v(pair, Ruleset::Fixed)) {
            (Some(a), Some(b)) if a == b => {
                let _ = writeln!(
                    s,
                    "Confirmed on `{}`: under fixed ko the value {what} is {a}, as it is \
                     {other} (`{pair}`).{psk} One pair confirms the claim for that shape only.\n",
                    p.name
                );
            }
            (Some(a), Some(b)) => {
                let _ = writeln!(
                    s,
                    "REFUTED by `{}`: under fixed ko the value {what} is {a}, but {b} {other} \
                     (`{pair}`).{psk} Fixed-ko PVs: `{}`: {}; `{pair}`: {}.\n",
                    p.name,
                    p.name,
                    pv(&p.name, Ruleset::Fixed),
                    pv(pair, Ruleset::Fixed)
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "Not settled on `{}`: the fixed-ko rows of it and `{pair}` (suicide forbidden, \
                     komi {}) are not both solved.\n",
                    p.name, e.komi
                );
            }
        }
    }
    s
}

/// For each named start position (suicide forbidden, the report's komi):
/// the rulesets grouped by their outcome, with the principal variation of
/// each group's first ruleset, and the rulesets left open.
fn bestiary_parts(e: &Evidence<'_>) -> String {
    let mut names: Vec<&str> = Vec::new();
    for r in e.rows {
        let named = !r.position.is_empty() && r.suicide == F && r.komi == e.komi;
        if named && !names.contains(&r.position.as_str()) {
            names.push(&r.position);
        }
    }
    if names.is_empty() {
        return "Not settled here: the table has no named start positions \
                (solver-configs/bestiary.toml has them).\n\n"
            .to_string();
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "For each named start position (docs/bestiary.md), the rulesets grouped by outcome \
         at komi {}, suicide forbidden. Each group shows the principal variation of its first \
         ruleset: both sides' moves in turn from the start, so the line shows how each side \
         plays; a `void` line repeats for ever from where it closes its cycle. The rulesets \
         still open close the row, with their bounds.\n",
        e.komi
    );
    s.push_str("| position | outcome: rulesets (principal variation) | open |\n|---|---|---|\n");
    for name in names {
        // (outcome, rulesets, the first ruleset's line)
        let mut groups: Vec<(String, Vec<&str>, String)> = Vec::new();
        let mut open = Vec::new();
        for rs in Ruleset::ALL {
            let Some(r) = find_at(e.rows, name, rs, F, e.komi) else {
                continue;
            };
            if r.status() != Status::Solved {
                let bounds = if r.status() == Status::Unsolved
                    && r.finding.lower.is_none()
                    && r.finding.upper.is_none()
                {
                    "nothing proven".to_string()
                } else {
                    cell(Some(r))
                };
                open.push(format!("{rs} {bounds}"));
                continue;
            }
            let outcome = r.finding.verdict.to_string();
            match groups.iter_mut().find(|g| g.0 == outcome) {
                Some(g) => g.1.push(rs.name()),
                None => {
                    let line = if r.finding.pv.is_empty() {
                        "line not kept".to_string()
                    } else {
                        r.pv_text()
                    };
                    groups.push((outcome, vec![rs.name()], line));
                }
            }
        }
        let parts: Vec<String> = groups
            .iter()
            .map(|(o, rules, line)| format!("**{o}**: {} ({line})", rules.join(", ")))
            .collect();
        let _ = writeln!(
            s,
            "| `{name}` | {} | {} |",
            if parts.is_empty() {
                "none solved".to_string()
            } else {
                parts.join("; ")
            },
            if open.is_empty() {
                "none".to_string()
            } else {
                open.join("; ")
            }
        );
    }
    s.push('\n');
    s
}

/// Kee against ssk and psk on each named start: where the values part,
/// the line under each.
fn kee_bestiary(e: &Evidence<'_>) -> String {
    let mut names: Vec<&str> = Vec::new();
    for p in &e.config.positions {
        if !names.contains(&p.name.as_str()) {
            names.push(&p.name);
        }
    }
    let solved = |name: &str, rs: Ruleset| {
        find_at(e.rows, name, rs, F, e.komi).filter(|r| r.status() == Status::Solved)
    };
    let mut rows = Vec::new();
    let (mut agree, mut part, mut open) = (Vec::new(), Vec::new(), Vec::new());
    for name in names {
        let kee = solved(name, Ruleset::Kee);
        let others = [Ruleset::Ssk, Ruleset::Psk].map(|rs| (rs, solved(name, rs)));
        let Some(k) = kee else {
            open.push(format!("`{name}`"));
            continue;
        };
        let mut parts = Vec::new();
        for (rs, r) in others {
            match r {
                Some(r) if value_of(Some(r)) != value_of(Some(k)) => parts.push(format!(
                    "{rs} {} ({}), line {}",
                    cell(Some(r)),
                    r.finding.verdict,
                    r.pv_text()
                )),
                Some(_) => {}
                None => parts.push(format!("{rs} not solved")),
            }
        }
        let same = parts.is_empty();
        if same {
            agree.push(format!("`{name}` ({})", cell(Some(k))));
        } else {
            part.push(format!("`{name}`"));
            rows.push(format!(
                "| `{name}` | {} ({}), line {} | {} |",
                cell(Some(k)),
                k.finding.verdict,
                k.pv_text(),
                parts.join("; ")
            ));
        }
    }
    if agree.is_empty() && part.is_empty() {
        return "Not settled here: no named start position has a Kee value \
                (solver-configs/bestiary.toml has them).\n\n"
            .to_string();
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "The Kee text keeps situational superko but lets a pass clear the passer's own board \
         history, \"if not, some bestiary may occur\". On the named start positions (docs/bestiary.md), \
         suicide forbidden, komi {}: Kee gives the value of both ssk and psk on {} of the {} shapes \
         with a Kee value ({}), and parts from one or both on {} ({}). {}\n",
        e.komi,
        agree.len(),
        agree.len() + part.len(),
        agree.join(", "),
        part.len(),
        part.join(", "),
        if open.is_empty() {
            "Every shape has a Kee value.".to_string()
        } else {
            format!("No Kee value: {}.", open.join(", "))
        }
    );
    if !rows.is_empty() {
        s.push_str(
            "Where they part, the line under each ruleset (both sides' moves in turn from the start):\n\n\
             | position | Kee | ssk, psk where they differ |\n|---|---|---|\n",
        );
        for r in rows {
            let _ = writeln!(s, "{r}");
        }
        s.push('\n');
    }
    s
}

fn psk_two_by_two(e: &Evidence<'_>) -> String {
    let mut s = String::new();
    match find(e.rows, &rect(2, 2), Ruleset::Psk, F, Komi::ZERO)
        .filter(|r| r.status() == Status::Solved)
    {
        Some(r) => {
            let verdict = if r.finding.value == Some(Value::Margin(1)) {
                "Confirmed"
            } else {
                "CONTRADICTED"
            };
            let _ = writeln!(
                s,
                "{verdict}: value {}, outcome {}. PV: {}\n",
                cell(Some(r)),
                r.finding.verdict,
                r.pv_text()
            );
        }
        None => {
            let _ = writeln!(s, "Not settled here (no solved 2x2 psk row at komi 0).\n");
        }
    }
    s
}

fn two_by_three(e: &Evidence<'_>) -> String {
    let mut s = String::new();
    let r23: Vec<&Row> = e
        .rows
        .iter()
        .filter(|r| r.board == rect(2, 3) && r.komi == e.komi)
        .collect();
    if r23.is_empty() {
        let _ = writeln!(s, "Not settled here (no 2x3 rows).\n");
    } else {
        let _ = writeln!(s, "| rules | suicide | value | outcome | PV |");
        let _ = writeln!(s, "|---|---|---|---|---|");
        for r in r23 {
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} | {} |",
                r.rules,
                r.suicide,
                cell(Some(r)),
                r.finding.verdict,
                r.pv_text()
            );
        }
        s.push('\n');
    }
    s
}

/// Ruleset `a` against ruleset `b` on every (board, suicide) of the
/// config: how many agree, and each disagreement with both PVs.
fn compare(e: &Evidence<'_>, a: Ruleset, b: Ruleset) -> String {
    let mut same = 0;
    let mut differ = Vec::new();
    let mut missing = 0;
    // Each empty board, then each named position.
    let starts = e
        .config
        .boards
        .iter()
        .map(|b| (b.spec().to_string(), false))
        .chain(e.config.positions.iter().map(|p| (p.name.clone(), true)));
    for (board, is_position) in starts {
        for su in &e.config.suicide {
            let get = |rules: Ruleset| {
                if is_position {
                    find_at(e.rows, &board, rules, *su, e.komi)
                } else {
                    let spec = board.parse().ok()?;
                    find(e.rows, &spec, rules, *su, e.komi)
                }
            };
            let (ra, rb) = (get(a), get(b));
            match (value_of(ra), value_of(rb)) {
                (Some(x), Some(y)) if x == y => same += 1,
                (Some(x), Some(y)) => {
                    let pv = |r: Option<&Row>| r.map_or(String::new(), |r| r.pv_text());
                    differ.push(format!(
                        "{board} (suicide {su}): {a} {x} (PV {}), {b} {y} (PV {})",
                        pv(ra),
                        pv(rb)
                    ))
                }
                _ => missing += 1,
            }
        }
    }
    format!(
        "{same} (board, suicide) pairs give equal values; {} differ; {missing} lack a solved pair.{}\n\n",
        differ.len(),
        if differ.is_empty() {
            String::new()
        } else {
            format!(" Differences: {}.", differ.join("; "))
        }
    )
}

fn kee_two_by_two(e: &Evidence<'_>) -> String {
    let mut s = String::new();
    match find(e.rows, &rect(2, 2), Ruleset::Kee, F, Komi::ZERO) {
        Some(r) if r.status() == Status::Solved => {
            let verdict = if r.finding.value == Some(Value::Margin(0)) {
                "Confirmed: a draw"
            } else {
                "CONTRADICTED"
            };
            let _ = writeln!(
                s,
                "{verdict}: kee value {} ({}). PV: {}\n",
                cell(Some(r)),
                r.finding.verdict,
                r.pv_text()
            );
        }
        Some(r) => {
            let _ = writeln!(
                s,
                "Not settled here: kee 2x2 is {} ({}).\n",
                r.status(),
                r.finding.verdict
            );
        }
        None => {
            let _ = writeln!(s, "Not settled here (no kee 2x2 row).\n");
        }
    }
    // psk, ssk, nssk, fixed, basic and basic-fixed: the first six of the
    // table order.
    let others: Vec<String> = Ruleset::ALL[..6]
        .iter()
        .filter_map(|&r| {
            find(e.rows, &rect(2, 2), r, F, Komi::ZERO)
                .filter(|x| x.status() == Status::Solved)
                .map(|x| format!("{r} {}", cell(Some(x))))
        })
        .collect();
    if !others.is_empty() {
        let _ = writeln!(
            s,
            "2x2 under the other margin rules: {}.\n",
            others.join(", ")
        );
    }
    s
}

fn fundamental_no_draws(e: &Evidence<'_>) -> String {
    let fund: Vec<&Row> = e
        .rows
        .iter()
        .filter(|r| r.rules == Ruleset::Fundamental && r.status() == Status::Solved)
        .collect();
    let draws = fund
        .iter()
        .filter(|r| r.finding.verdict == Verdict::Outcome(Outcome::Draw))
        .count();
    format!(
        "{} solved fundamental rows, {draws} of them drawn.{}\n\n",
        fund.len(),
        if draws == 0 && !fund.is_empty() {
            " Consistent with the claim (the ruleset has no draw move)."
        } else {
            ""
        }
    )
}

fn ultimate_versions_agree(e: &Evidence<'_>) -> String {
    let mut agree = 0;
    let mut disagree = Vec::new();
    for r in e
        .rows
        .iter()
        .filter(|r| r.rules == Ruleset::Ultimate && r.status() == Status::Solved)
    {
        // The partner row of the same job: the same board and the same
        // start (the empty board, or the same named position).
        let partner = e.rows.iter().find(|o| {
            o.board == r.board
                && o.position == r.position
                && o.rules == Ruleset::UltimateSimple
                && o.suicide == r.suicide
                && o.komi == r.komi
        });
        if let Some(o) = partner.filter(|o| o.status() == Status::Solved) {
            if o.finding.verdict == r.finding.verdict {
                agree += 1;
            } else {
                disagree.push(format!(
                    "{} komi {}: {} vs {}",
                    r.label(),
                    r.komi,
                    r.finding.verdict,
                    o.finding.verdict
                ));
            }
        }
    }
    format!(
        "{agree} (board, komi) pairs agree; {} disagree{}. The solver tests (crates/solver/tests/claims.rs) also check komi -4..4 on 1x1..1x6, 2x1, 2x2 and 2x3.\n\n",
        disagree.len(),
        if disagree.is_empty() {
            String::new()
        } else {
            format!(": {}", disagree.join("; "))
        }
    )
}

/// The margin rulesets a Kee value is set against, in table order.
const AGAINST: [Ruleset; 7] = [
    Ruleset::Psk,
    Ruleset::Ssk,
    Ruleset::Nssk,
    Ruleset::Fixed,
    Ruleset::BasicFixed,
    Ruleset::Bkr,
    Ruleset::TrompTaylor,
];

/// Per board, the Kee value with its line (Black's checked strategy
/// against White's, so each side's play), and the other margin rulesets'
/// values on the same board, suicide forbidden, komi 0.
fn kee_boards(e: &Evidence<'_>) -> String {
    let kee: Vec<String> = [rect(2, 1), rect(2, 2), rect(2, 3)]
        .iter()
        .filter_map(|b| {
            let r = find(e.rows, b, Ruleset::Kee, F, Komi::ZERO)?;
            let others: Vec<String> = AGAINST
                .iter()
                .filter_map(|&rs| {
                    find(e.rows, b, rs, F, Komi::ZERO)
                        .map(|o| format!("{} {}", rs.name(), cell(Some(o))))
                })
                .collect();
            let line = if r.finding.pv.is_empty() {
                String::new()
            } else {
                format!(" (line: {})", r.pv_text())
            };
            Some(format!(
                "- {b}: Kee {}{line}; against {}",
                cell(Some(r)),
                if others.is_empty() {
                    "no other ruleset in these tables".to_string()
                } else {
                    others.join(", ")
                }
            ))
        })
        .collect();
    if kee.is_empty() {
        "Not settled here (no kee rows for these boards).\n\n".to_string()
    } else {
        format!(
            "Values at komi 0, suicide forbidden; a Kee line is Black's checked strategy played \
             against White's (docs/kee.md).\n\n{}\n\n",
            kee.join("\n")
        )
    }
}
