//! Proof certificates through the built binary (docs/certificates.md):
//! the quick sweep with `certificates = true` writes one per solved row of
//! every ruleset that has them, and `kosolve check` accepts each; a sample
//! of the standard config's rows too. `check` exits 1 on a certificate
//! that does not hold and 2 on a file that is not one; `solve
//! --certificate` refuses rulesets without certificates.

mod common;

use common::{repo, run, sweep, tmpdir, words};
use std::collections::BTreeSet;
use std::path::Path;

/// Whether `rules` names a ruleset with certificates (docs/certificates.md),
/// as the checker knows them.
fn certified(rules: &str) -> bool {
    kosolve_check::Ruleset::from_name(rules).is_some()
}

/// Runs `kosolve check` on `cert`, which must hold: exit 0, every claim
/// (two for a margin ruleset, one for `primitive`, two to four for
/// `basic`).
fn assert_holds(cert: &Path, what: &str) {
    let text = std::fs::read_to_string(cert).unwrap();
    let certs = kosolve_check::Certificate::parse_all(&text).unwrap();
    let want = match certs[0].header.rules {
        kosolve_check::Ruleset::Primitive => 1..=1,
        kosolve_check::Ruleset::Basic => 2..=4,
        _ => 2..=2,
    };
    assert!(
        want.contains(&certs.len()),
        "{what}: {} claims",
        certs.len()
    );
    let (code, out, err) = run(&["check", cert.to_str().unwrap()]);
    assert_eq!(code, 0, "{what}: {err}");
    assert_eq!(out.matches(": holds").count(), certs.len(), "{what}: {out}");
}

#[test]
fn every_quick_certificate_is_checked() {
    let dir = tmpdir("certificates", "quick");
    let text = std::fs::read_to_string(repo().join("solver-configs/quick.toml")).unwrap();
    // Top-level keys come before the first table.
    let text = text.replacen("[limits]", "certificates = true\n\n[limits]", 1);
    let config = dir.join("quick.toml");
    std::fs::write(&config, text).unwrap();
    let out = dir.join("out");
    let o = sweep(&config, &out, &["--jobs", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The solved rows that must have one (the first komi's jobs write them).
    let csv = std::fs::read_to_string(out.join("quick.csv")).unwrap();
    let mut want = BTreeSet::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        if certified(f[1]) && f[3] == "0" && f[8] == "solved" {
            want.insert(format!("{}-{}-{}.cert", f[0], f[1], f[2]));
        }
    }
    let got: BTreeSet<String> = std::fs::read_dir(out.join("pv").join("quick"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".cert"))
        .collect();
    assert!(want.len() >= 60, "only {} rows", want.len());
    assert_eq!(got, want, "one certificate per solved row");
    for name in &got {
        assert_holds(&out.join("pv").join("quick").join(name), name);
    }
}

/// A sample of the standard config's rows: larger boards, both suicide
/// settings, every ruleset with certificates.
#[test]
fn a_sample_of_standard_certificates_is_checked() {
    let dir = tmpdir("certificates", "standard");
    for (board, rules, suicide) in [
        ("2x3", "psk", "forbidden"),
        ("3x3", "ssk", "forbidden"),
        ("2x4", "nssk", "allowed"),
        ("1x7", "fixed", "forbidden"),
        ("2x4", "basic-fixed", "forbidden"),
        ("2x3", "bkr", "allowed"),
        ("1x6", "tromp-taylor", "allowed"),
        // Rows whose certificates need the writer's second move order
        // (the solver's remembered best move), or whose losing side's
        // claim needs no walk (docs/certificates.md).
        ("1x7", "psk", "allowed"),
        ("3x3", "nssk", "forbidden"),
        ("2x4", "fixed", "allowed"),
        ("2x4", "bkr", "allowed"),
        // Four claims for VB and VW; one for the winner.
        ("3x3", "basic", "forbidden"),
        ("2x3", "basic", "allowed"),
        ("2x4", "primitive", "forbidden"),
        ("1x6", "primitive", "allowed"),
    ] {
        let file = dir.join(format!("{board}-{rules}-{suicide}.cert"));
        let line = format!(
            "solve --board {board} --rules {rules} --suicide {suicide} --threads 1 --memory 256 \
             --quiet --certificate"
        );
        let mut args = words(&line);
        args.push(file.to_str().unwrap());
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{board} {rules}: {err}");
        assert_holds(&file, &format!("{board} {rules} {suicide}"));
    }
}

#[test]
fn check_exits_1_on_a_false_claim_and_2_on_bad_input() {
    let dir = tmpdir("certificates", "exits");
    let file = dir.join("c.cert");
    let f = file.to_str().unwrap();
    let (code, _, err) = run(&["solve", "--board", "2x2", "--quiet", "--certificate", f]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    // Black's claim "value >= 1" raised to 2.
    let raised = text.replacen("threshold 1\n", "threshold 2\n", 1);
    assert_ne!(raised, text);
    std::fs::write(&file, raised).unwrap();
    let (code, _, err) = run(&["check", f]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("certificate rejected"), "{err}");
    std::fs::write(&file, "kosolve-certificate 1\nboard 2x2\n").unwrap();
    let (code, _, err) = run(&["check", f]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["check", dir.join("missing").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&[
        "solve",
        "--board",
        "2x2",
        "--rules",
        "fundamental",
        "--certificate",
        f,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no certificate format"), "{err}");
}

/// Checks the two certificates of the file `name` (its text): both claim
/// the table's `value`, and the independent checker accepts each.
fn check_both(name: &str, text: &str, value: &str) {
    let certs = kosolve_check::Certificate::parse_all(text).unwrap();
    assert_eq!(certs.len(), 2, "{name}");
    let v: i32 = value.parse().unwrap();
    for c in &certs {
        assert_eq!(c.header.threshold, v, "{name}");
        kosolve_check::check(c).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Checks the certificates of a table row at komi 0 (`f`: its fields)
/// against the row: a margin ruleset's two claim its value
/// ([`check_both`]); `primitive`'s one claims the winner's win; `basic`'s
/// claim VB and VW, which the row gives as its lower and upper bounds
/// (empty where a side cannot force an end), in the order of
/// docs/certificates.md ("`basic`: the certificates of a value"). The
/// checker accepts each.
fn check_row(name: &str, text: &str, f: &[&str], points: i32) {
    use kosolve_check::{Claim, Color};
    let (rules, value, lower, upper) = (f[1], f[4], f[6], f[7]);
    let certs = kosolve_check::Certificate::parse_all(text).unwrap();
    let got: Vec<(Color, Claim, i32)> = certs
        .iter()
        .map(|c| (c.header.prover, c.header.claim, c.header.threshold))
        .collect();
    match rules {
        "primitive" => {
            let winner = match value {
                "+1" | "1" => Color::Black,
                "-1" => Color::White,
                v => panic!("{name}: value {v}"),
            };
            assert_eq!(got, vec![(winner, Claim::Win, 0)], "{name}");
        }
        "basic" => {
            let bound = |s: &str| (!s.is_empty()).then(|| s.parse::<i32>().unwrap());
            let (vb, vw) = (bound(lower), bound(upper));
            let mut want = Vec::new();
            if let Some(b) = vb {
                want.push((Color::Black, Claim::Ending, b));
            }
            want.push((Color::White, Claim::Finished, vb.unwrap_or(-points - 1)));
            if let Some(w) = vw {
                want.push((Color::White, Claim::Ending, w));
            }
            want.push((Color::Black, Claim::Finished, vw.unwrap_or(points + 1)));
            assert_eq!(got, want, "{name}");
        }
        _ => return check_both(name, text, value),
    }
    for c in &certs {
        kosolve_check::check(c).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// The committed certificates (solver-configs/certificates.toml,
/// certificates-large.toml, certificates-4x4.toml, whose 4x4 ones the
/// proof-number order writes, certificates-shapes.toml, the rings and
/// the cube, certificates-lines.toml, 1x8 and 1x9, and
/// certificates-frontier.toml, 1x12, and certificates-past-16.toml and
/// certificates-past-16-allowed.toml, 2x8): every row of their tables is solved and has one in
/// results/pv/<table>/, claiming what the row says ([`check_row`]: the
/// value for a margin ruleset, the winner for `primitive`, VB and VW for
/// `basic`), and the independent checker accepts each.
#[test]
fn every_committed_certificate_holds() {
    let checked = committed_certificates_hold();
    // certificates.csv: 156 rows of the margin rulesets, 48 of basic and
    // primitive; certificates-4x4.csv: six rulesets; certificates-frontier.csv:
    // 1x12 under psk and ssk; certificates-past-16.csv: 2x8 under six;
    // certificates-past-16-allowed.csv: 2x8 under psk and ssk with
    // suicide allowed.
    assert_eq!(
        checked,
        156 + 48 + 6 + 6 + 20 + 10 + 2 + 6 + 2,
        "rows of the eight tables"
    );
}

/// The committed certificates written outside a config's sweep (by
/// `kosolve solve --certificate`; the certificates-frontier config stops
/// at 1x12, docs/certificates.md, "The archive"; 2x9's two were written
/// by one solve each with 8,000 MiB of tables), each with the table
/// whose row gives its value, and whether it takes the checker a quarter
/// of a minute or more.
const STANDALONE: [(&str, &str, bool); 4] = [
    (
        "pv/certificates-frontier/1x13-psk-forbidden.cert",
        "frontier-wide.csv",
        true,
    ),
    (
        "pv/certificates-frontier/1x13-ssk-forbidden.cert",
        "frontier-wide.csv",
        false,
    ),
    (
        "pv/certificates-18/2x9-psk-forbidden.cert",
        "frontier-2x9.csv",
        true,
    ),
    (
        "pv/certificates-18/2x9-ssk-forbidden.cert",
        "frontier-2x9.csv",
        true,
    ),
];

/// The quick certificates of [`STANDALONE`]: each claims the value of
/// its table's row and the checker accepts it.
#[test]
fn every_standalone_certificate_holds() {
    standalone_certificates_hold(false);
}

/// The slow certificates of [`STANDALONE`] (about a minute).
#[test]
#[ignore]
fn every_slow_standalone_certificate_holds() {
    standalone_certificates_hold(true);
}

fn standalone_certificates_hold(slow: bool) {
    let root = repo().join("results");
    let mut checked = 0;
    for (cert, table, _) in STANDALONE.iter().filter(|c| c.2 == slow) {
        let name = cert.rsplit('/').next().unwrap();
        let stem = name.strip_suffix(".cert").unwrap();
        let (board, rest) = stem.split_once('-').unwrap();
        let (rules, suicide) = rest.rsplit_once('-').unwrap();
        let rows = std::fs::read_to_string(root.join(table)).unwrap();
        let line = rows
            .lines()
            .find(|l| l.starts_with(&format!("{board},{rules},{suicide},0,")))
            .unwrap_or_else(|| panic!("{name}: no row in {table}"));
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[8], "solved", "{line}");
        let text = std::fs::read_to_string(root.join(cert)).unwrap();
        check_row(name, &text, &f, board_points(board));
        checked += 1;
    }
    // Quick: 1x13 ssk; slow: 1x13 psk, 2x9 psk and 2x9 ssk.
    assert_eq!(
        checked,
        if slow { 3 } else { 1 },
        "standalone certificates (slow: {slow})"
    );
}

/// The committed certificates of certificates-18.toml (3x6 under psk
/// and ssk, about 1.1 MB each): each takes the checker half a minute and
/// 2.5 GB, so they are checked only when asked (`-- --ignored`), like
/// [`every_slow_standalone_certificate_holds`].
#[test]
#[ignore]
fn every_slow_committed_certificate_holds() {
    assert_eq!(
        tables_certificates_hold(&["certificates-18.csv"]),
        2,
        "rows of certificates-18.csv"
    );
}

/// Checks the committed certificates of the tables' rows, and returns
/// how many.
fn committed_certificates_hold() -> usize {
    tables_certificates_hold(&[
        "certificates.csv",
        "certificates-large.csv",
        "certificates-4x4.csv",
        "certificates-shapes.csv",
        "certificates-lines.csv",
        "certificates-frontier.csv",
        "certificates-past-16.csv",
        "certificates-past-16-allowed.csv",
    ])
}

/// Checks the certificates of every row of `tables` (in results/), and
/// returns how many.
fn tables_certificates_hold(tables: &[&str]) -> usize {
    let mut checked = 0;
    for &table in tables {
        let (n, without) = table_certificates(table.strip_suffix(".csv").unwrap());
        assert!(
            without.is_empty(),
            "{table}: rows without a certificate: {without:?}"
        );
        checked += n;
    }
    checked
}

/// Checks the certificate of every solved row of results/`stem`.csv
/// under a ruleset that has them ([`check_row`]); every other row must
/// have none. Returns how many were checked, and the other rows as
/// "board rules suicide".
fn table_certificates(stem: &str) -> (usize, Vec<String>) {
    let root = repo();
    let text = std::fs::read_to_string(root.join("results").join(format!("{stem}.csv"))).unwrap();
    let (mut checked, mut without) = (0, Vec::new());
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (board, rules, suicide, status) = (f[0], f[1], f[2], f[8]);
        // A ring's file name has `_` for the `:` of its description.
        let name = format!("{}-{rules}-{suicide}.cert", board.replace(':', "_"));
        let path = root.join("results/pv").join(stem).join(&name);
        if status != "solved" || !certified(rules) {
            assert!(!path.exists(), "{name}: a certificate of no solved value");
            without.push(format!("{board} {rules} {suicide}"));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_row(&name, &text, &f, board_points(board));
        checked += 1;
    }
    (checked, without)
}

/// solver-configs/certificates-lines-11.toml: 1x10 and 1x11 under the
/// margin rulesets, both suicide settings. Every solved row has its
/// certificate, claiming what the row says ([`check_row`]), and the
/// checker accepts each; the two rows left open (bkr with suicide
/// allowed, docs/performance.md, "bkr with suicide allowed") have none.
#[test]
fn lines_eleven_certificates_hold() {
    let (checked, open) = table_certificates("certificates-lines-11");
    assert_eq!(checked, 24, "certified rows");
    assert_eq!(open, ["1x10 bkr allowed", "1x11 bkr allowed"]);
}

/// The bestiary's certificates that take a minute or more each to check
/// (docs/certificates.md, "Coverage"): [`every_bestiary_certificate_holds`]
/// checks them only when asked (`-- --ignored`), the others always.
const SLOW_BESTIARY: [&str; 2] = [
    "4x8_eternal-life-settled-psk-forbidden.cert",
    "4x8_eternal-life-settled-ssk-forbidden.cert",
];

/// The bestiary's solved `primitive` rows without a certificate: with no
/// pass there is no pass-alive cut, every line runs to a player without a
/// legal board play, and the writer spent the config's cap of 2^28 units
/// of work on ko-eye-pair without finishing (docs/certificates.md,
/// "Coverage"); the double ko sekis were stopped after 10 minutes. The
/// single kos solved on 2026-11-29 spent the same cap (docs/bestiary.md).
const UNCERTIFIED_BESTIARY: [&str; 6] = [
    "4x6_ko-eye-pair-primitive-forbidden.cert",
    "4x6_double-ko-seki-primitive-forbidden.cert",
    "4x6_double-ko-seki-white-primitive-forbidden.cert",
    "4x8_single-ko-primitive-forbidden.cert",
    "4x8_single-ko-threat-primitive-forbidden.cert",
    "4x8_single-ko-taken-threat-primitive-forbidden.cert",
];

/// The bestiary's certificates (solver-configs/bestiary.toml writes them):
/// every solved row under a ruleset with certificates has one, and the
/// checker accepts each with the row's value as the threshold. With
/// `slow`, only the certificates of [`SLOW_BESTIARY`]; without, the others.
fn bestiary_certificates_hold(slow: bool) {
    let root = repo();
    let text = std::fs::read_to_string(root.join("results").join("bestiary.csv")).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (board, rules, suicide, status) = (f[0], f[1], f[2], f[8]);
        let position = f[16];
        if !certified(rules) || status != "solved" {
            continue;
        }
        let name = format!("{board}_{position}-{rules}-{suicide}.cert");
        let path = root.join("results/pv/bestiary").join(&name);
        if UNCERTIFIED_BESTIARY.contains(&name.as_str()) {
            assert!(!path.exists(), "{name} now exists: check it");
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("no certificate: {name}: {e}"));
        if SLOW_BESTIARY.contains(&name.as_str()) != slow {
            continue;
        }
        let points = board_points(board);
        check_row(&name, &text, &f, points);
        checked += 1;
    }
    if slow {
        assert_eq!(checked, SLOW_BESTIARY.len(), "slow bestiary certificates");
    } else {
        // 84 of the margin rulesets, 14 of basic, 8 of primitive.
        assert!(checked >= 106, "only {checked} bestiary certificates");
    }
}

#[test]
fn every_bestiary_certificate_holds() {
    bestiary_certificates_hold(false)
}

/// About three minutes in all (docs/certificates.md, "Coverage").
#[test]
#[ignore]
fn every_slow_bestiary_certificate_holds() {
    bestiary_certificates_hold(true)
}

/// The points of a board: `ring:N`, or a grid `RxC` (or `AxBxC`).
fn board_points(board: &str) -> i32 {
    match board.strip_prefix("ring:") {
        Some(n) => n.parse().unwrap(),
        None => board
            .split('x')
            .map(|d| d.parse::<i32>().unwrap())
            .product(),
    }
}

/// The solved rows of certificates-every-ruleset.csv without a
/// certificate: `primitive` has no pass-alive cut, and these spent the
/// config's cap of 2^26 units of work (docs/certificates.md, "Coverage").
const UNCERTIFIED_EVERY_RULESET: [&str; 6] = [
    "1x10-primitive-forbidden.cert",
    "1x10-primitive-allowed.cert",
    "4x4-primitive-forbidden.cert",
    "3x5-primitive-forbidden.cert",
    "3x5-primitive-allowed.cert",
    "2x7-primitive-allowed.cert",
];

/// solver-configs/certificates-every-ruleset.toml: `basic` and
/// `primitive` on the every-ruleset boards. Every solved row has its
/// certificates but the listed ones, each claims what the row says
/// ([`check_row`]), and the checker accepts each. The largest, 4x4's
/// `basic` with suicide allowed (6 MB, most of the checking time), has a
/// test of its own, which the harness runs beside this one.
#[test]
fn every_ruleset_certificates_hold() {
    let checked = every_ruleset_certificates(|name| name != LARGEST_EVERY_RULESET);
    assert_eq!(checked, 32, "certified rows");
}

/// The largest certificate of certificates-every-ruleset.
const LARGEST_EVERY_RULESET: &str = "4x4-basic-allowed.cert";

#[test]
fn every_ruleset_certificates_hold_4x4_basic_allowed() {
    let checked = every_ruleset_certificates(|name| name == LARGEST_EVERY_RULESET);
    assert_eq!(checked, 1, "certified rows");
}

/// Checks the rows of results/certificates-every-ruleset.csv whose
/// certificate's file name `pick` accepts, as [`every_ruleset_certificates_hold`]
/// says; returns how many were checked.
fn every_ruleset_certificates(pick: impl Fn(&str) -> bool) -> usize {
    let root = repo();
    let text =
        std::fs::read_to_string(root.join("results/certificates-every-ruleset.csv")).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (board, rules, suicide, status) = (f[0], f[1], f[2], f[8]);
        if status != "solved" {
            continue;
        }
        let name = format!("{board}-{rules}-{suicide}.cert");
        if !pick(&name) {
            continue;
        }
        let path = root
            .join("results/pv/certificates-every-ruleset")
            .join(&name);
        if UNCERTIFIED_EVERY_RULESET.contains(&name.as_str()) {
            assert!(!path.exists(), "{name} now exists: check it");
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        check_row(&name, &text, &f, board_points(board));
        checked += 1;
    }
    checked
}

/// solver-configs/shapes-suicide.toml and shapes-every-ruleset.toml write
/// certificates beside their rows (the rings, and the cube with suicide
/// allowed): every solved row under a ruleset with certificates has one,
/// it claims what the row says ([`check_row`]), and the checker accepts
/// it. Kee, Fundamental and Ultimate Go rows have none; nor do the
/// unsolved rows.
#[test]
fn shape_certificates_hold() {
    let checked: usize = ["shapes-suicide", "shapes-every-ruleset"]
        .iter()
        .map(|stem| table_certificates(stem).0)
        .sum();
    // shapes-suicide: 40 rows, 4 unsolved, 3 solved Kee rows;
    // shapes-every-ruleset: basic and primitive on 4 rings, 2 settings.
    assert_eq!(checked, 33 + 16, "certified rows");
}
