//! `--help` of every subcommand that takes `--rules` names every ruleset it
//! accepts, and no other: the lists come from `Ruleset::ALL`, and a
//! ruleset is accepted exactly where the help names it.

mod common;

use common::{kosolve, run};
use kosolve_rules::Ruleset;
use std::io::Write;
use std::process::Stdio;

/// The text of `kosolve SUB --help`, joined into one line (clap may wrap it).
fn help(sub: &str) -> String {
    let (code, out, err) = run(&[sub, "--help"]);
    assert_eq!(code, 0, "{sub} --help: {err}");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The rulesets the `--rules` line of `help` names (the line runs from
/// "Ruleset:" to the next period).
fn named(help: &str) -> Vec<Ruleset> {
    let start = help.find("Ruleset: ").expect("a --rules help") + "Ruleset: ".len();
    let list = &help[start..];
    let list = &list[..list.find(['.', '(']).expect("the list ends")];
    list.split(',')
        .map(|n| {
            n.trim()
                .parse::<Ruleset>()
                .unwrap_or_else(|_| panic!("unknown ruleset {n:?}"))
        })
        .collect()
}

#[test]
fn solve_and_count_name_every_ruleset_and_accept_each() {
    for sub in ["solve", "count"] {
        let names = named(&help(sub));
        assert_eq!(names, Ruleset::ALL.to_vec(), "{sub}");
    }
    for r in Ruleset::ALL {
        let (code, _, err) = run(&[
            "solve",
            "--board",
            "1x2",
            "--rules",
            r.name(),
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "solve --rules {}: {err}", r.name());
    }
}

/// `gtp` names every ruleset but `basic`, starts under each one it names,
/// and refuses `basic`.
#[test]
fn gtp_names_exactly_the_rulesets_it_plays() {
    let names = named(&help("gtp"));
    for r in Ruleset::ALL {
        let mut child = kosolve()
            .args(["gtp", "--board", "1x2", "--rules", r.name()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run kosolve gtp");
        let _ = child.stdin.take().unwrap().write_all(b"quit\n");
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.success(),
            names.contains(&r),
            "gtp --rules {}: named {}, {}",
            r.name(),
            names.contains(&r),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(!names.contains(&Ruleset::Basic));
    assert!(names.contains(&Ruleset::Bkr), "gtp plays bkr");
}
