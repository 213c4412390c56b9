//! `kosolve report`: one page over every result table of a directory; two
//! tables that disagree on a solved value are an error.

mod common;

use common::{kosolve, repo, sweep, tmpdir};

const HEADER: &str = "board,rules,suicide,komi,value,outcome,lower,upper,status,pv,pv_length,\
nodes,seconds,peak_mib,threads,version,position\n";

/// A solved row with margin `value` >= 0 at komi 0 and its outcome
/// (`B+value`, `jigo`), as a sweep writes it: a table's cells are read as
/// typed values.
fn row(board: &str, rules: &str, value: i32) -> String {
    let outcome = if value == 0 {
        "jigo".to_string()
    } else {
        format!("B+{value}")
    };
    format!(
        "{board},{rules},forbidden,0,{value},{outcome},{value},{value},solved,,0,1,0.0,0.0,1,0.1.0,\n"
    )
}

#[test]
fn report_joins_tables_and_fails_on_a_contradiction() {
    let dir = tmpdir("report", "join");
    std::fs::write(
        dir.join("a.csv"),
        format!("{HEADER}{}{}", row("1x3", "psk", 3), row("2x2", "psk", 1)),
    )
    .unwrap();
    std::fs::write(
        dir.join("b.csv"),
        format!("{HEADER}{}{}", row("2x2", "psk", 1), row("1x4", "ssk", 4)),
    )
    .unwrap();
    // A partial table is not read.
    std::fs::write(
        dir.join("c.partial.csv"),
        format!("{HEADER}{}", row("2x2", "psk", 7)),
    )
    .unwrap();
    let o = kosolve().arg("report").arg(&dir).output().unwrap();
    let page = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(page.contains("| board | psk | ssk |"), "{page}");
    // Each solved value links its principal variation's picture.
    assert!(
        page.contains("| 1x3 | [3](pictures/1x3-psk-forbidden.svg) |  |"),
        "{page}"
    );
    assert!(
        page.contains("| 1x4 |  | [4](pictures/1x4-ssk-forbidden.svg) |"),
        "{page}"
    );
    assert!(
        page.contains("| 2x2 | [1](pictures/2x2-psk-forbidden.svg) |  |"),
        "{page}"
    );
    assert!(page.contains("## Claims"), "{page}");

    std::fs::write(
        dir.join("d.csv"),
        format!("{HEADER}{}", row("2x2", "psk", 0)),
    )
    .unwrap();
    let out = dir.join("page.md");
    let o = kosolve()
        .arg("report")
        .arg(&dir)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("a.csv") && err.contains("d.csv"), "{err}");
    assert!(err.contains("2x2 psk"), "{err}");
    assert!(!out.exists(), "no page is written on a contradiction");
    assert!(
        !dir.join("pictures").exists(),
        "no picture is written on a contradiction"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn committed_results_readme_is_the_report_of_the_committed_tables() {
    let o = kosolve()
        .arg("report")
        .arg(repo().join("results"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let committed = std::fs::read_to_string(repo().join("results/README.md")).unwrap();
    assert!(
        String::from_utf8_lossy(&o.stdout) == committed,
        "results/README.md is stale: regenerate it with \
         `cargo run --release -- report results/ --out results/README.md` and commit it"
    );
}

#[test]
fn report_settles_the_pair_claims_of_the_configs_named_positions() {
    let root = tmpdir("report", "pairs");
    let (results, configs) = (root.join("results"), root.join("solver-configs"));
    std::fs::create_dir_all(&results).unwrap();
    std::fs::create_dir_all(&configs).unwrap();
    // Black's lone stone against the empty board: a pair whose fixed-ko
    // values the claim compares.
    let config = configs.join("pairs.toml");
    std::fs::write(
        &config,
        "name = \"pairs\"\nboards = [\"1x3\"]\nrules = [\"psk\", \"fixed\"]\n\
         suicide = [\"forbidden\"]\nkomi = [0]\n\n\
         [[positions]]\nname = \"stone\"\nboard = \"1x3\"\ndiagram = \"X..\"\n\
         to_move = \"white\"\nclaim = \"fixed-ko-eye\"\npair = \"empty\"\n\n\
         [[positions]]\nname = \"empty\"\nboard = \"1x3\"\ndiagram = \"...\"\n",
    )
    .unwrap();
    let o = sweep(&config, &results, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let heading = "Fixed ko: \"each open basic ko equals one eye\"";
    let claim = |page: &str| -> String {
        let at = page.find(heading).unwrap_or_else(|| panic!("{page}"));
        let rest = &page[at..];
        let end = rest[1..].find("\n### ").map_or(rest.len(), |i| i + 1);
        rest[..end].to_string()
    };
    // The configs beside the tables' directory are read by default.
    let o = kosolve().arg("report").arg(&results).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let page = String::from_utf8_lossy(&o.stdout).into_owned();
    let settled = claim(&page);
    assert!(
        settled.contains("Confirmed on `stone`") || settled.contains("REFUTED by `stone`"),
        "{settled}"
    );
    // The page's claim says what the table's own page says.
    let own = std::fs::read_to_string(results.join("pairs.md")).unwrap();
    assert_eq!(settled.trim_end(), claim(&own).trim_end());
    // Without the config, the pair is not known.
    let empty = root.join("none");
    std::fs::create_dir_all(&empty).unwrap();
    let o = kosolve()
        .arg("report")
        .arg(&results)
        .arg("--configs")
        .arg(&empty)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let unsettled = claim(&String::from_utf8_lossy(&o.stdout));
    assert!(unsettled.contains("Not settled here"), "{unsettled}");
    // A position defined differently by two configs of tables is an error.
    std::fs::write(
        configs.join("other.toml"),
        "name = \"other\"\nboards = [\"1x3\"]\nrules = [\"psk\"]\n\n\
         [[positions]]\nname = \"stone\"\nboard = \"1x3\"\ndiagram = \"..X\"\n",
    )
    .unwrap();
    std::fs::copy(results.join("pairs.csv"), results.join("other.csv")).unwrap();
    let o = kosolve().arg("report").arg(&results).output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("stone") && err.contains("differently"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

/// The claim "where the rulesets part" of the committed report: for every
/// named position of results/bestiary.csv, each solved ruleset appears in
/// exactly one group, under the outcome its row gives, and each open one
/// among the open rulesets (read from the CSV here, not from the report's
/// own code).
#[test]
fn the_bestiary_claim_groups_every_ruleset_by_its_outcome() {
    let page = std::fs::read_to_string(repo().join("results/README.md")).unwrap();
    let at = page
        .find("### The ko bestiary: where the rulesets part")
        .expect("the claim");
    let section = &page[at..];
    let section = &section[..section[1..].find("\n### ").map_or(section.len(), |i| i + 1)];
    let csv = std::fs::read_to_string(repo().join("results/bestiary.csv")).unwrap();
    let mut rows = 0;
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (rules, outcome, status, position) = (f[1], f[5], f[8], f[16]);
        let cells: Vec<&str> = section
            .lines()
            .find(|l| l.starts_with(&format!("| `{position}` |")))
            .unwrap_or_else(|| panic!("no line for {position}"))
            .split(" | ")
            .collect();
        let (solved, open) = (cells[1], cells[2]);
        // The group of this outcome: "**outcome**: r1, r2 (line)".
        let group = |o: &str| -> Vec<String> {
            let key = format!("**{o}**: ");
            solved
                .split("; **")
                .map(|g| format!("**{}", g.trim_start_matches("**")))
                .find(|g| g.starts_with(&key))
                .map(|g| {
                    let names = &g[key.len()..];
                    let names = &names[..names.find(" (").unwrap_or(names.len())];
                    names.split(", ").map(str::to_string).collect()
                })
                .unwrap_or_default()
        };
        if status == "solved" {
            assert!(
                group(outcome).iter().any(|r| r == rules),
                "{position} {rules}: not under {outcome}: {solved}"
            );
            assert!(
                !open
                    .split("; ")
                    .any(|o| o.starts_with(&format!("{rules} "))),
                "{position} {rules}: also open: {open}"
            );
        } else {
            assert!(
                open.split("; ")
                    .any(|o| o.starts_with(&format!("{rules} "))),
                "{position} {rules}: not open: {open}"
            );
        }
        rows += 1;
    }
    assert_eq!(rows, 192);
}
