//! Malformed input to every parser the `kosolve` binary reaches: a sweep
//! config, a game record (SGF), a diagram, a graph file and a certificate.
//! Each must end with exit status 2 and a message on stderr, never a
//! panic. (The parsers themselves are fuzzed in their crates' tests; this
//! checks what the user sees.)

mod common;

use common::kosolve;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh scratch directory for case `tag` under the target's tmp dir.
fn scratch(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("fuzz-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `cmd`, which must exit with `code`; returns its stderr, which must
/// not tell of a panic.
fn expect_exit(cmd: &mut Command, code: i32, what: &str) -> String {
    let out = cmd.stdin(Stdio::null()).output().expect("run kosolve");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_eq!(out.status.code(), Some(code), "{what}: stderr: {err}");
    err
}

/// Runs `cmd`, which must fail with exit status 2 and a `kosolve: error:`
/// line on stderr that says more than that.
fn expect_refused(cmd: &mut Command, what: &str) -> String {
    let err = expect_exit(cmd, 2, what);
    let line = err
        .lines()
        .find(|l| l.starts_with("kosolve: error:"))
        .unwrap_or_else(|| panic!("{what}: no error line in {err:?}"));
    assert!(
        line.len() > "kosolve: error: ".len() + 5,
        "{what}: {line:?}"
    );
    err
}

/// Writes `bytes` to `dir/name` and returns the path.
fn file(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Writes each case's bytes (what, bytes, needle) to `dir/name` and runs
/// every command that `commands` builds for that file: each must be
/// refused (exit status 2 with an error line) by a message that contains
/// the case's needle.
fn refused_files<B: AsRef<[u8]>>(
    dir: &Path,
    name: &str,
    cases: &[(&str, B, &str)],
    commands: impl Fn(&Path) -> Vec<Command>,
) {
    for (what, bytes, needle) in cases {
        let path = file(dir, name, bytes.as_ref());
        for mut cmd in commands(&path) {
            let err = expect_refused(&mut cmd, what);
            assert!(err.contains(needle), "{what} ({cmd:?}): {err}");
        }
    }
}

/// `kosolve sweep config --out out`, then `extra`.
fn sweep(config: &Path, out: &Path, extra: &[&str]) -> Command {
    let mut cmd = kosolve();
    cmd.arg("sweep")
        .arg(config)
        .arg("--out")
        .arg(out)
        .args(extra);
    cmd
}

#[test]
fn garbled_sweep_configs_exit_2() {
    let dir = scratch("sweep");
    let cases: &[(&str, &[u8], &str)] = &[
        ("not TOML", b"boards = [\"1x1\"\nrules = ", "TOML parse error"),
        ("bytes", b"\xff\xfe\x00rules", "c.toml"),
        ("empty", b"", "rules"),
        ("unknown key", b"boards = [\"1x1\"]\nrules = [\"psk\"]\nbogus = 1\n", "bogus"),
        ("bad board", b"boards = [\"1x1\", \"9x9\"]\nrules = [\"psk\"]\n", "81 points"),
        ("bad rules", b"boards = [\"1x1\"]\nrules = [\"superko\"]\n", "superko"),
        ("bad komi", b"boards = [\"1x1\"]\nrules = [\"psk\"]\nkomi = [0.3]\n", "0.5"),
        (
            "bad diagram",
            b"rules = [\"psk\"]\n[[positions]]\nname = \"x\"\nboard = \"2x2\"\ndiagram = \"XZ/..\"\n",
            "'Z'",
        ),
        (
            "missing graph file",
            b"boards = [\"graph:/nonexistent/g.txt\"]\nrules = [\"psk\"]\n",
            "cannot read graph file",
        ),
        (
            "infinite max_seconds",
            b"boards = [\"1x1\"]\nrules = [\"psk\"]\n[limits]\nmax_seconds = inf\n",
            "max_seconds",
        ),
        (
            "negative max_seconds",
            b"boards = [\"1x1\"]\nrules = [\"psk\"]\n[limits]\nmax_seconds = -1.0\n",
            "max_seconds",
        ),
    ];
    refused_files(&dir, "c.toml", cases, |config| {
        vec![sweep(config, &dir.join("out"), &["--quiet"])]
    });
    let err = expect_refused(
        &mut sweep(&dir.join("absent.toml"), &dir.join("out"), &[]),
        "a missing config",
    );
    assert!(err.contains("cannot read config"), "{err}");
}

#[test]
fn garbled_game_records_exit_2() {
    let dir = scratch("sgf");
    let cases: &[(&str, &[u8], &str)] = &[
        ("empty", b"", "no game tree"),
        ("not SGF", b"hello", "SGF syntax error"),
        ("cut short", b"(;SZ[3]AB[aa", "never closed"),
        ("bytes", b"(;SZ[2]\xff\xfe;B[aa])", "SGF syntax error"),
        ("no size", b"(;B[aa])", "19x19"),
        ("huge size", b"(;SZ[99999999999999999999999])", "64 points"),
        ("bad point", b"(;SZ[3];B[a1])", "two letters"),
        ("off the board", b"(;SZ[2];B[cc])", "off the board"),
        ("two moves", b"(;SZ[2];B[aa]W[bb])", "two moves"),
        ("same colour twice", b"(;SZ[2];B[aa];B[ab])", "alternate"),
        ("occupied", b"(;SZ[2];B[aa];W[aa])", "occupied"),
        ("dead setup", b"(;SZ[2]AB[aa:bb])", "no liberty"),
        ("bad komi", b"(;SZ[2]KM[abc])", "komi"),
        ("deep nesting", &[b'('; 100_000], "SGF syntax error"),
    ];
    refused_files(&dir, "r.sgf", cases, |record| {
        let mut cmd = kosolve();
        cmd.args(["solve", "--quiet", "--game"]).arg(record);
        vec![cmd]
    });
    expect_refused(
        kosolve().args(["solve", "--game", "/nonexistent/r.sgf"]),
        "a missing record",
    );
}

#[test]
fn garbled_diagrams_and_start_options_exit_2() {
    let cases: &[(&str, &[&str], &str)] = &[
        ("bad character", &["--position", "XZ/.."], "'Z'"),
        ("wrong shape", &["--position", "X../.."], "rows"),
        ("too short", &["--position", "X."], "the board has 4"),
        ("empty", &["--position", ""], "diagram"),
        ("control bytes", &["--position", "X\u{1}/.."], "diagram"),
        ("dead chain", &["--position", "XX/XX"], "no liberty"),
        (
            "bad player",
            &["--position", "X./..", "--to-move", "red"],
            "red",
        ),
        ("bad prisoners", &["--prisoners", "1,x"], "--prisoners"),
        (
            "huge prisoners",
            &["--prisoners", "4294967296,0"],
            "--prisoners",
        ),
        ("bad komi", &["--komi", "0.25"], "0.5"),
    ];
    for (what, extra, needle) in cases {
        for sub in ["solve", "count"] {
            let err = expect_refused(
                kosolve()
                    .args([sub, "--board", "2x2", "--rules", "psk"])
                    .args(*extra),
                what,
            );
            assert!(err.contains(needle), "{sub} {what}: {err}");
        }
    }
    for spec in [
        "",
        "2x",
        "x2",
        "9x9",
        "0x3",
        "ring:2",
        "ring:x",
        "99999999999x1",
    ] {
        expect_refused(
            kosolve().args(["solve", "--board", spec]),
            &format!("board {spec:?}"),
        );
    }
}

#[test]
fn garbled_graph_files_exit_2() {
    let dir = scratch("graph");
    let cases: &[(&str, &[u8], &str)] = &[
        ("empty", b"", "no points"),
        ("no colon", b"0 1\n1 0\n", "line 1"),
        ("asymmetric", b"0: 1\n1:\n", "does not list"),
        ("self-loop", b"0: 0\n", "itself"),
        ("gap", b"0: 2\n2: 0\n", "not listed"),
        ("largest number", b"18446744073709551615: 0\n", "at most 64"),
        (
            "beyond usize",
            b"18446744073709551616: 0\n",
            "not a point number",
        ),
        ("bytes", b"0: 1\n1: 0\xff\n", "UTF-8"),
    ];
    refused_files(&dir, "g.txt", cases, |g| {
        let spec = format!("graph:{}", g.display());
        let command = |sub| {
            let mut cmd = kosolve();
            cmd.args([sub, "--board", &spec]);
            cmd
        };
        vec![command("solve"), command("positions")]
    });
    expect_refused(
        kosolve().args(["solve", "--board", "graph:/nonexistent/g.txt"]),
        "a missing graph file",
    );
}

#[test]
fn garbled_certificates_exit_2() {
    let dir = scratch("check");
    let good = include_str!("data/fuzz/1x3-psk.cert");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", b"".to_vec(), "no certificate"),
        ("bytes", b"\xff\xfe".to_vec(), "UTF-8"),
        ("not a certificate", b"hello\n".to_vec(), "line 1"),
        (
            "huge board",
            good.replace("board 1x3", "board 18446744073709551615x2")
                .into_bytes(),
            "1 to 64 points",
        ),
        (
            "cut short",
            good.lines()
                .take(9)
                .collect::<Vec<_>>()
                .join("\n")
                .into_bytes(),
            "the text ends",
        ),
        (
            "bad strategy",
            good.replacen("\nB\n", "\n!\n", 1).into_bytes(),
            "strategy character",
        ),
        (
            "strategy too long",
            good.replacen("strategy 1", "strategy 18446744073709551615", 1)
                .into_bytes(),
            "declared",
        ),
    ];
    refused_files(&dir, "c.cert", &cases, |cert| {
        let mut cmd = kosolve();
        cmd.arg("check").arg(cert);
        vec![cmd]
    });
    expect_refused(
        kosolve().args(["check", "/nonexistent/c.cert"]),
        "a missing certificate",
    );
    // A well-formed certificate that does not hold is rejected with 1
    // (docs/certificates.md), not refused.
    let cert = file(
        &dir,
        "c.cert",
        good.replace("threshold 3", "threshold 4").as_bytes(),
    );
    let err = expect_exit(kosolve().arg("check").arg(&cert), 1, "a false claim");
    assert!(err.contains("certificate rejected"), "{err}");
}

/// Found by the sweep config's fuzzing: limits that the parsers accept but
/// no clock holds. `--max-seconds 1e300` and `--memory` near `usize::MAX`
/// panicked (float seconds to `Duration`, the table cap in bytes); they
/// now mean no deadline and no practical cap.
#[test]
fn huge_limits_do_not_panic() {
    for extra in [
        &["--max-seconds", "1e300"][..],
        &["--memory", "18446744073709551615"],
        &[
            "--rules",
            "kee",
            "--method",
            "parity",
            "--memory",
            "18446744073709551615",
        ],
    ] {
        let mut cmd = kosolve();
        cmd.args(["solve", "--board", "1x2", "--quiet"]).args(extra);
        let out = expect_exit(&mut cmd, 0, &format!("{extra:?}"));
        assert!(!out.contains("error"), "{extra:?}: {out}");
    }
    let dir = scratch("limits");
    let config = file(
        &dir,
        "c.toml",
        b"boards = [\"1x2\"]\nrules = [\"psk\"]\n[limits]\nmax_seconds = 1e300\nmemory_mib = 9223372036854775807\n",
    );
    expect_exit(
        &mut sweep(&config, &dir.join("out"), &["--quiet"]),
        0,
        "a sweep with huge limits",
    );
}

/// A GTP stream of garbage: every line answered in the protocol (`?` for
/// what it cannot read), a clean exit, and no panic.
#[test]
fn a_garbled_gtp_stream_is_answered_line_by_line() {
    use std::io::Write;
    let mut input: Vec<u8> = Vec::new();
    for line in [
        &b"boardsize 2"[..],
        b"\xff\xfe play b A1",
        b"play b A99999999999999999999",
        b"play b \xc3",
        b"komi 1e300",
        b"komi 99999999999",
        b"rectangular_boardsize 18446744073709551615 2",
        b"kosolve-rules",
        b"\x00\x01\x02",
        b"1 genmove",
        b"genmove b",
        b"undo\r",
        b"quit",
    ] {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    let mut child = kosolve()
        .args(["gtp", "--board", "2x2", "--memory", "16"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split_terminator("\n\n").collect();
    // The line of control characters is empty once they are dropped (GTP
    // 2 preprocessing) and gets no answer; every other line gets one.
    assert_eq!(answers.len(), 12, "{text}");
    let refused = answers.iter().filter(|a| a.starts_with('?')).count();
    // All but boardsize, genmove b, undo and quit.
    assert_eq!(refused, 8, "{text}");
}
