//! docs/architecture.md stays current: its table of crates ("The layers")
//! has one row for each crate under `crates/`, and no row for a crate that
//! is gone.

use std::collections::BTreeSet;
use std::path::Path;

/// The crates under `crates/`: every folder with a Cargo.toml.
fn crates(root: &Path) -> BTreeSet<String> {
    std::fs::read_dir(root.join("crates"))
        .expect("read crates/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// The crates named by the first cell of the rows of the table whose
/// header's first cell is `crate` (a cell written `` `name` ``).
fn table_rows(doc: &str) -> BTreeSet<String> {
    let mut rows = BTreeSet::new();
    let mut inside = false;
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 3 || !line.trim_start().starts_with('|') {
            inside = false;
            continue;
        }
        if cells[1] == "crate" {
            inside = true;
            continue;
        }
        if inside {
            if let Some(name) = cells[1].strip_prefix('`').and_then(|c| c.strip_suffix('`')) {
                rows.insert(name.to_string());
            }
        }
    }
    rows
}

#[test]
fn every_crate_has_a_row_and_every_row_a_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/architecture.md"))
        .expect("read docs/architecture.md");
    let have = crates(&root);
    let rows = table_rows(&doc);
    assert!(have.len() >= 10, "found only {} crates", have.len());
    let missing: Vec<&String> = have.difference(&rows).collect();
    let stale: Vec<&String> = rows.difference(&have).collect();
    assert!(
        missing.is_empty(),
        "crates without a row in docs/architecture.md's table: {missing:?}"
    );
    assert!(
        stale.is_empty(),
        "rows of docs/architecture.md's table naming no crate under crates/: {stale:?}"
    );
}

#[test]
fn the_table_reader_sees_rows() {
    let doc =
        "| crate | job |\n|---|---|\n| `a` | one |\n| `b` | two |\n\n| x | y |\n| `c` | no |\n";
    let rows = table_rows(doc);
    assert_eq!(
        rows,
        ["a", "b"]
            .iter()
            .map(|s| s.to_string())
            .collect::<BTreeSet<_>>()
    );
}
