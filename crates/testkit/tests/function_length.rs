//! No function of the workspace's library and binary code (tests aside)
//! is longer than 120 lines: a brace-matching scan of every `fn` in
//! `crates/*/src` and `crates/*/examples`, skipping `#[cfg(test)]` modules
//! and `tests.rs` files (docs/architecture.md).

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 120;

/// The Rust files to scan.
fn sources(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .filter_map(|e| e.ok())
        .flat_map(|e| [e.path().join("src"), e.path().join("examples")])
        .collect();
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.filter_map(|e| e.ok()) {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "tests") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs")
                && p.file_name().is_some_and(|n| n != "tests.rs")
            {
                out.push(p);
            }
        }
    }
    out
}

/// A line without its strings, character literals and `//` comment.
fn code(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_str = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_str = true,
            '/' if chars.peek() == Some(&'/') => break,
            '\'' => {
                // A character literal ('{', '\n'), not a lifetime.
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') || rest.chars().nth(1) == Some('\'') {
                    while let Some(d) = chars.next() {
                        if d == '\\' {
                            chars.next();
                        } else if d == '\'' {
                            break;
                        }
                    }
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The functions of `text` over the limit: (first line, name, lines).
fn long_functions(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let test_module = lines
        .iter()
        .position(|l| l.starts_with("#[cfg(test)]"))
        .unwrap_or(lines.len());
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate().take(test_module) {
        let t = line.trim_start();
        let Some(after) = [
            "pub fn ",
            "pub(crate) fn ",
            "fn ",
            "pub const fn ",
            "const fn ",
        ]
        .iter()
        .find_map(|p| t.strip_prefix(p)) else {
            continue;
        };
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let (mut depth, mut started) = (0i32, false);
        for (j, l) in lines.iter().enumerate().skip(i) {
            let c = code(l);
            for ch in c.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        started = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if !started && c.trim_end().ends_with(';') {
                break;
            }
            if started && depth == 0 {
                if j - i + 1 > MAX_LINES {
                    out.push((i + 1, name.clone(), j - i + 1));
                }
                break;
            }
        }
    }
    out
}

#[test]
fn no_function_is_longer_than_120_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let files = sources(&root);
    assert!(files.len() > 100, "only {} files found", files.len());
    let mut long = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (line, name, n) in long_functions(&text) {
            long.push(format!("{}:{line} {name}: {n} lines", f.display()));
        }
    }
    assert!(
        long.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_scan_counts_a_long_function_and_skips_braces_in_strings() {
    let mut text = String::from("fn short() {\n    let s = \"}}}\";\n}\nfn long() {\n");
    for _ in 0..MAX_LINES {
        text.push_str("    let c = '{';\n");
    }
    text.push_str("}\n");
    assert_eq!(
        long_functions(&text),
        vec![(4, "long".to_string(), MAX_LINES + 2)]
    );
}
