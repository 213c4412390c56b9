//! `kosolve report`: one page over every result table of a directory; two
//! tables that disagree on a solved value are an error.

use std::path::{Path, PathBuf};
use std::process::Command;

fn kosolve() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kosolve"))
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tmpdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kosolve-cli-report-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const HEADER: &str = "board,rules,suicide,komi,value,outcome,lower,upper,status,pv,pv_length,\
nodes,seconds,peak_mib,threads,version,position\n";

fn row(board: &str, rules: &str, value: i32) -> String {
    format!("{board},{rules},forbidden,0,{value},,{value},{value},solved,,0,1,0.0,0.0,1,0.1.0,\n")
}

#[test]
fn report_joins_tables_and_fails_on_a_contradiction() {
    let dir = tmpdir("join");
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
