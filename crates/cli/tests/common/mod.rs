//! Helpers shared by the CLI's integration tests: running the built
//! `kosolve` binary and capturing what it prints, the repository root, and
//! scratch directories. (Each test file is its own crate and uses only some
//! of them.)

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A command that runs the built `kosolve` binary, with no arguments yet.
pub fn kosolve() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kosolve"))
}

/// The arguments of the command line `line`: its words, split at white
/// space (for lines whose arguments hold none).
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Runs `kosolve ARGS` to the end and returns its exit status and output.
pub fn output(args: &[&str]) -> Output {
    kosolve().args(args).output().expect("run kosolve")
}

/// Runs `kosolve ARGS` to the end: its exit code (-1 when a signal ended
/// it), stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = output(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `kosolve ARGS`, which must exit 0, and parses the first line it
/// prints as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: stderr: {err}");
    let line = out.lines().next().expect("one line");
    serde_json::from_str(line).expect("valid JSON")
}

/// [`json`] of `kosolve solve --format json ARGS`.
pub fn solve_json(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["solve", "--format", "json"];
    a.extend_from_slice(args);
    json(&a)
}

/// Runs `kosolve sweep CONFIG --out OUT --quiet EXTRA...` to the end.
pub fn sweep(config: &Path, out: &Path, extra: &[&str]) -> Output {
    kosolve()
        .arg("sweep")
        .arg(config)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .args(extra)
        .output()
        .expect("run kosolve")
}

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh, empty scratch directory for test file `file` and case `tag`,
/// named for this process so that concurrent runs do not meet.
pub fn tmpdir(file: &str, tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kosolve-cli-{file}-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Gives the child the default SIGINT action. A test run started in the
/// background of a non-interactive shell inherits SIGINT ignored, and the
/// child would then not see the Ctrl-C a test sends.
pub fn default_sigint(cmd: &mut Command) {
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGINT: i32 = 2;
        const SIG_DFL: usize = 0;
        // SAFETY: `signal` is async-signal-safe, the only kind of call
        // allowed between fork and exec.
        unsafe {
            cmd.pre_exec(|| {
                signal(SIGINT, SIG_DFL);
                Ok(())
            });
        }
    }
    #[cfg(not(unix))]
    let _ = cmd;
}
