//! The Markdown page of a sweep, rendered from rows that a stand-in job
//! runner writes (no solver): position sections and the claims that
//! position pairs settle.

use kosolve_sweep::*;
use kosolve_vocab::{Outcome, Value};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

fn tmpdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kosolve-report-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A stand-in: every job solved with value 1.
fn row_of(job: &Job) -> Row {
    let mut r = Row::new(job.board.spec(), job.rules, job.position_name(), "test");
    let one = Value::of_search(job.rules.ruleset, 1);
    r.finding.value = Some(one);
    r.finding.lower = Some(one);
    r.finding.upper = Some(one);
    r.finding.verdict = Verdict::Outcome(Outcome::BlackBy(2));
    r.finding.status = Status::Solved;
    r
}

fn fake(job: &Job, _nodes: &Arc<AtomicU64>) -> JobOutput {
    JobOutput {
        row: row_of(job),
        sgf: None,
        certificate: None,
    }
}

/// One named position with its source and note, as the page shows them.
const POSITIONS: &str = "name = \"p\"\nrules = [\"psk\", \"fundamental\"]\n\
    [[positions]]\nname = \"ko\"\nboard = \"1x4\"\ndiagram = \"O.O.\"\n\
    source = \"a test\"\nnote = \"A ko.\"\n";

#[test]
fn a_sweep_of_positions_writes_their_sections() {
    let c = Config::parse("p.toml", "p", POSITIONS).unwrap();
    let d = tmpdir("positions");
    let opts = SweepOptions {
        out: d.clone(),
        jobs: 1,
        shard: None,
        resume: false,
        version: "test".into(),
        progress: false,
        markdown: Some(kosolve_report::markdown),
    };
    run_sweep(&c, &opts, &fake).unwrap();
    let md = std::fs::read_to_string(d.join("p.md")).unwrap();
    assert!(md.contains("## Positions, suicide forbidden"), "{md}");
    assert!(
        md.contains("### ko") && md.contains("Source: a test"),
        "{md}"
    );
    assert!(md.contains("`--position 'O.O.'`"), "{md}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn fixed_ko_claims_are_settled_on_position_pairs() {
    let text = r#"
rules = ["psk", "fixed"]
[[positions]]
name = "ko"
board = "1x3"
diagram = "X.."
claim = "fixed-ko-eye"
pair = "eye"
[[positions]]
name = "eye"
board = "1x3"
diagram = "X.."
"#;
    let c = Config::parse("c.toml", "c", text).unwrap();
    let rows_with = |ko_fixed: i32| -> Vec<Row> {
        c.jobs()
            .iter()
            .map(|j| {
                let mut r = row_of(j);
                r.finding.value = Some(Value::Margin(
                    match (j.position_name(), j.rules.ruleset.name()) {
                        ("ko", "fixed") => ko_fixed,
                        ("eye", "fixed") => 3,
                        _ => 1,
                    },
                ));
                r
            })
            .collect()
    };
    let md = kosolve_report::markdown(&c, &rows_with(3));
    assert!(md.contains("Confirmed on `ko`"), "{md}");
    let md = kosolve_report::markdown(&c, &rows_with(-3));
    assert!(md.contains("REFUTED by `ko`"), "{md}");
    assert!(md.contains("The margin rulesets disagree"), "{md}");
    // The other claim has no pair here.
    assert!(
        md.contains("no position pair marked `claim = \"fixed-ko-fight\"`"),
        "{md}"
    );
    for (extra, needle) in [
        ("claim = \"fixed-ko-eye\"\n", "go together"),
        (
            "claim = \"eyes\"\npair = \"y\"\n",
            "fixed-ko-eye, fixed-ko-fight",
        ),
        (
            "claim = \"fixed-ko-eye\"\npair = \"nobody\"\n",
            "names no other position",
        ),
    ] {
        let t = format!(
            "rules = [\"psk\"]\n[[positions]]\nname = \"x\"\nboard = \"1x3\"\ndiagram = \"X..\"\n{extra}"
        );
        let e = Config::parse("c.toml", "c", &t).unwrap_err().to_string();
        assert!(e.contains(needle), "{e}");
    }
}

#[test]
fn the_report_links_the_pages_of_other_studies_only() {
    let d = tmpdir("studies");
    std::fs::write(
        d.join("multi.csv"),
        "board,players,suicide\n1x1,3,forbidden\n",
    )
    .unwrap();
    std::fs::write(d.join("multi.md"), "intro\n# Kee for more players\n").unwrap();
    std::fs::write(d.join("t.csv"), "board,rules,suicide,komi\n").unwrap();
    std::fs::write(d.join("t.md"), "# a sweep page\n").unwrap();
    std::fs::write(d.join("alone.md"), "# no table\n").unwrap();
    let s = kosolve_report::overview::studies_section(&d);
    assert!(s.contains("- [Kee for more players](multi.md)"), "{s}");
    assert!(!s.contains("t.md") && !s.contains("alone.md"), "{s}");
    std::fs::remove_file(d.join("multi.csv")).unwrap();
    assert_eq!(kosolve_report::overview::studies_section(&d), "");
    std::fs::remove_dir_all(&d).ok();
}

/// The Kee boards claim sets each Kee value and line against the other
/// margin rulesets on the same board.
#[test]
fn the_kee_boards_claim_sets_kee_against_the_other_rulesets() {
    let text = "boards = [\"2x3\"]\nrules = [\"kee\", \"psk\", \"fixed\"]\n";
    let c = Config::parse("k.toml", "k", text).unwrap();
    let rows: Vec<Row> = c
        .jobs()
        .iter()
        .map(|j| {
            let mut r = row_of(j);
            let v = match j.rules.ruleset.name() {
                "fixed" => 6,
                "kee" => 0,
                _ => 0,
            };
            r.finding.value = Some(Value::Margin(v));
            if j.rules.ruleset.name() == "kee" {
                r.finding.pv = "pass B2 B1 A2 C1 pass pass pass pass"
                    .split(' ')
                    .map(|m| kosolve_rules::Move::parse(&j.board, m).unwrap())
                    .collect();
            }
            r
        })
        .collect();
    let md = kosolve_report::markdown(&c, &rows);
    assert!(
        md.contains(
            "- 2x3: Kee 0 (line: pass B2 B1 A2 C1 pass pass pass pass); against psk 0, fixed 6"
        ),
        "{md}"
    );
}

#[test]
fn kee_is_compared_with_ssk_and_psk_on_named_positions() {
    let text = r#"
rules = ["psk", "ssk", "kee"]
[[positions]]
name = "ko"
board = "1x4"
diagram = ".XO."
[[positions]]
name = "calm"
board = "1x4"
diagram = "X..."
"#;
    let c = Config::parse("c.toml", "c", text).unwrap();
    // Kee -4 on `ko` where ssk and psk give 4; every value 1 on `calm`.
    let rows: Vec<Row> = c
        .jobs()
        .iter()
        .map(|j| {
            let mut r = row_of(j);
            if j.position_name() == "ko" {
                let v = if j.rules.ruleset.name() == "kee" {
                    -4
                } else {
                    4
                };
                r.finding.value = Some(Value::Margin(v));
            }
            r
        })
        .collect();
    let md = kosolve_report::markdown(&c, &rows);
    assert!(
        md.contains("ssk and psk on 1 of the 2 shapes with a Kee value (`calm` (1))"),
        "{md}"
    );
    assert!(md.contains("parts from one or both on 1 (`ko`)"), "{md}");
    assert!(md.contains("| `ko` | -4 "), "{md}");
    assert!(md.contains("ssk 4 "), "{md}");
    // Without Kee rows the claim is not settled.
    let no_kee: Vec<Row> = rows
        .into_iter()
        .filter(|r| r.rules.name() != "kee")
        .collect();
    let md = kosolve_report::markdown(&c, &no_kee);
    assert!(
        md.contains("no named start position has a Kee value"),
        "{md}"
    );
}
