//! `kosolve sweep`, `merge` and `show` through the built binary: the
//! committed quick table is reproduced, an interrupted sweep resumes to the
//! same table, shards merge back, and bad input is refused clearly.

mod common;

use common::{default_sigint, kosolve, repo, sweep, tmpdir};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Rows of a table with the timing columns (seconds, peak_mib, threads) blanked.
fn results_only(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let timing: Vec<usize> = ["seconds", "peak_mib", "threads"]
        .iter()
        .map(|c| header.iter().position(|h| h == c).unwrap())
        .collect();
    r.records()
        .map(|rec| {
            rec.unwrap()
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    if timing.contains(&i) {
                        String::new()
                    } else {
                        v.to_string()
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn quick_sweep_reproduces_the_committed_table() {
    let out = tmpdir("sweep", "quick");
    let config = repo().join("solver-configs/quick.toml");
    let o = sweep(&config, &out, &["--jobs", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let committed = repo().join("results/quick.csv");
    assert_eq!(
        results_only(&out.join("quick.csv")),
        results_only(&committed),
        "results/quick.csv is stale: regenerate it with \
         `cargo run --release -- sweep solver-configs/quick.toml` and commit it"
    );
    let md = std::fs::read_to_string(out.join("quick.md")).unwrap();
    assert!(md.contains("## Claims"));
}

/// A config small enough for a test, with 336 jobs: each row is flushed to
/// disk as it finishes, so the whole sweep takes seconds (10.8 s with
/// `--jobs 1` on this project's machine, 2026-11-28) and an interrupt sent
/// after the first 20 rows lands mid-sweep.
const INTERRUPT_CONFIG: &str = r#"
name = "interrupt"
boards = ["1x1", "1x2", "1x3", "2x1", "2x2", "1x5", "2x3"]
rules = ["psk", "ssk", "nssk", "fixed", "basic-fixed", "primitive", "basic", "fundamental", "ultimate"]
suicide = ["forbidden", "allowed"]
komi = [0, 0.5, 1]
[limits]
max_nodes = 1_000_000
threads = 1
"#;

fn data_rows(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|s| s.lines().count().saturating_sub(1))
        .unwrap_or(0)
}

#[test]
fn an_interrupted_sweep_resumes_to_the_uninterrupted_table() {
    let dir = tmpdir("sweep", "interrupt");
    let config = dir.join("interrupt.toml");
    std::fs::write(&config, INTERRUPT_CONFIG).unwrap();

    let whole = dir.join("whole");
    let o = sweep(&config, &whole, &["--jobs", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let total = data_rows(&whole.join("interrupt.csv"));
    assert!(total > 100, "{total}");

    let cut = dir.join("cut");
    let mut cmd = kosolve();
    default_sigint(&mut cmd);
    let mut child = cmd
        .arg("sweep")
        .arg(&config)
        .arg("--out")
        .arg(&cut)
        .args(["--quiet", "--jobs", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let log = cut.join("interrupt.partial.csv");
    let start = Instant::now();
    while data_rows(&log) < 20 {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the sweep made no progress"
        );
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the sweep ended before it could be interrupted"
    );
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    assert!(!status.success(), "SIGINT should stop the sweep");
    let kept = data_rows(&log);
    assert!(kept >= 20 && kept < total, "kept {kept} of {total}");
    assert!(
        !cut.join("interrupt.csv").exists(),
        "no final table after an interrupt"
    );
    // Without --resume the sweep refuses to overwrite the log.
    let o = sweep(&config, &cut, &["--jobs", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--resume"));
    let o = sweep(&config, &cut, &["--jobs", "2", "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("resumed"), "{said}");
    assert_eq!(
        results_only(&cut.join("interrupt.csv")),
        results_only(&whole.join("interrupt.csv"))
    );
    assert!(!log.exists());
}

#[test]
fn shards_merge_into_the_whole_table() {
    let dir = tmpdir("sweep", "shards");
    let config = dir.join("interrupt.toml");
    std::fs::write(&config, INTERRUPT_CONFIG.replace(", \"1x5\"", "")).unwrap();
    let whole = dir.join("whole");
    assert!(sweep(&config, &whole, &[]).status.success());
    let parts = dir.join("parts");
    for i in 1..=3 {
        let o = sweep(&config, &parts, &["--shard", &format!("{i}/3")]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let merged = dir.join("merged.csv");
    let mut cmd = kosolve();
    cmd.arg("merge");
    for i in 1..=3 {
        cmd.arg(parts.join(format!("interrupt.shard-{i}-of-3.csv")));
    }
    let o = cmd
        .arg("--config")
        .arg(&config)
        .arg("--out")
        .arg(&merged)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        results_only(&merged),
        results_only(&whole.join("interrupt.csv"))
    );
    assert!(dir.join("merged.md").exists());
    let o = kosolve()
        .arg("show")
        .arg(&merged)
        .args(["--board", "2x2", "--rules", "psk"])
        .output()
        .unwrap();
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.lines().count() >= 2 && text.contains("2x2") && text.contains("psk"),
        "{text}"
    );
}

#[test]
fn bad_sweep_input_is_refused_clearly() {
    let dir = tmpdir("sweep", "bad");
    let cases: [(&str, &str); 3] = [
        (
            "boards = [\"2x2\"]\nrules = [\"psk\", \"superko\"]\n",
            "line 2",
        ),
        (
            "boards = [\"2x2\"]\nrules = [\"psk\"]\nthreads = 3\n",
            "threads",
        ),
        ("boards = [\"2x2\"\n", "config"),
    ];
    for (i, (text, needle)) in cases.iter().enumerate() {
        let p = dir.join(format!("bad{i}.toml"));
        std::fs::write(&p, text).unwrap();
        let o = sweep(&p, &dir.join("out"), &[]);
        assert_eq!(o.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(needle), "{text}: {err}");
    }
    let o = sweep(
        Path::new("/nonexistent/missing.toml"),
        &dir.join("out"),
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing.toml"));
    // An output folder that cannot be created.
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let good = dir.join("good.toml");
    std::fs::write(&good, "boards = [\"1x1\"]\nrules = [\"psk\"]\n").unwrap();
    let o = sweep(&good, &file.join("sub"), &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a-file"));
    // A second sweep on the same outputs is refused while the first holds the lock.
    let out = dir.join("locked");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("good.lock"), format!("{}\n", std::process::id())).unwrap();
    let o = sweep(&good, &out, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("good.lock"));
}

/// A config with `kee_method = "parity"` solves Kee on the situation graph
/// (nodes = its situation classes), agrees with a search sweep of the same
/// jobs, and writes its principal variations in a folder of its own
/// (`pv/<config>/`), so that neither sweep overwrites the other's.
#[test]
fn kee_parity_sweep_agrees_with_the_search_sweep() {
    let dir = tmpdir("sweep", "keeparity");
    let base =
        "boards = [\"1x2\", \"1x3\"]\nrules = [\"kee\"]\nsuicide = [\"forbidden\", \"allowed\"]\n";
    let search = dir.join("search.toml");
    let parity = dir.join("parity.toml");
    std::fs::write(&search, format!("{base}kee_method = \"search\"\n")).unwrap();
    std::fs::write(&parity, format!("{base}kee_method = \"parity\"\n")).unwrap();
    for c in [&search, &parity] {
        let out = sweep(c, &dir, &[]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let read = |name: &str| {
        let mut r = csv::Reader::from_path(dir.join(name)).unwrap();
        let h: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        let col = |n: &str| h.iter().position(|x| x == n).unwrap();
        let (v, s, n) = (col("value"), col("status"), col("nodes"));
        r.records()
            .map(|rec| {
                let rec = rec.unwrap();
                (
                    rec[v].to_string(),
                    rec[s].to_string(),
                    rec[n].parse::<u64>().unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    let (a, b) = (read("search.csv"), read("parity.csv"));
    assert_eq!(a.len(), 4);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((&x.0, &x.1), (&y.0, &y.1), "{a:?} vs {b:?}");
        assert_eq!(y.1, "solved");
    }
    assert!(
        b.iter().all(|y| y.2 > 0),
        "situation classes in nodes: {b:?}"
    );
    let pv = dir.join("pv");
    let (a, b) = (
        pv.join("search/1x3-kee-forbidden.sgf"),
        pv.join("parity/1x3-kee-forbidden.sgf"),
    );
    assert!(a.exists() && b.exists());
    // Each SGF names its own ruleset and value; the two configs' files
    // stand side by side.
    let (a, b) = (
        std::fs::read_to_string(a).unwrap(),
        std::fs::read_to_string(b).unwrap(),
    );
    assert!(a.contains("RU[kee]") && b.contains("RU[kee]"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PV in the table is a whole line or nothing: where the node limit
/// stops the line after the value is proven (1x5 Kee from `.OXX.`, White
/// to move: the value takes about 2.5 M nodes of the 6 M, the line more),
/// the row is solved with an empty `pv` and no SGF; a line that is
/// written replays, by the rules engine, to the end of the game with the
/// row's value.
#[test]
fn a_sweep_writes_only_whole_lines() {
    use kosolve_board::{Board, Color, Position};
    use kosolve_rules::{Game, KeeGame, Move, Rules, Ruleset, Start};
    use std::sync::Arc;
    let dir = tmpdir("sweep", "wholepv");
    let config = dir.join("line.toml");
    std::fs::write(
        &config,
        "name = \"line\"\nrules = [\"kee\"]\nsuicide = [\"forbidden\"]\nkomi = [0]\n\
         [limits]\nmax_nodes = 6_000_000\nthreads = 1\n\
         [[positions]]\nname = \"two\"\nboard = \"1x5\"\ndiagram = \".OXX.\"\nto_move = \"white\"\n",
    )
    .unwrap();
    let out = sweep(&config, &dir, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut r = csv::Reader::from_path(dir.join("line.csv")).unwrap();
    let h: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    let col = |n: &str| h.iter().position(|x| x == n).unwrap();
    let rec = r.records().next().unwrap().unwrap();
    assert_eq!(&rec[col("status")], "solved", "{rec:?}");
    let value: i32 = rec[col("value")].parse().unwrap();
    let pv = &rec[col("pv")];
    let sgf = dir.join("pv/line/1x5_two-kee-forbidden.sgf");
    if pv.is_empty() {
        assert_eq!(&rec[col("pv_length")], "0");
        assert!(!sgf.exists(), "no SGF for a line cut short");
    } else {
        let board = Arc::new(Board::parse("1x5").unwrap());
        let start = Start::new(
            Position::from_diagram(&board, ".OXX.").unwrap(),
            Color::White,
        );
        let mut g = KeeGame::from_start(board.clone(), Rules::new(Ruleset::Kee), &start);
        for m in pv.split(' ') {
            assert!(g.try_play(Move::parse(&board, m).unwrap()), "{pv}: {m}");
        }
        let result = g
            .result()
            .unwrap_or_else(|| panic!("the line {pv} ends the game"));
        assert_eq!(result.raw_margin(), Some(value), "{pv}");
        assert!(sgf.exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A sweep solves a margin ruleset (and Kee) once and reads its rows at
/// the other komis from that value; each such row must be the row a
/// sweep of that komi alone computes (value, outcome, bounds, line,
/// nodes), under the margin rulesets, Kee and, solved per komi, `basic`
/// and Fundamental Go.
#[test]
fn rows_read_at_another_komi_equal_rows_solved_at_it() {
    let dir = tmpdir("sweep", "komi-rows");
    let body = |komi: &str| {
        format!(
            "name = \"k\"\nboards = [\"1x3\", \"2x2\", \"1x4\"]\n\
             rules = [\"psk\", \"fixed\", \"bkr\", \"kee\", \"basic\", \"fundamental\"]\n\
             suicide = [\"forbidden\"]\nkomi = [{komi}]\n\
             [limits]\nmax_nodes = 2_000_000\nthreads = 1\n"
        )
    };
    let run = |tag: &str, komi: &str| {
        let out = dir.join(tag);
        let config = dir.join(format!("{tag}.toml"));
        std::fs::write(&config, body(komi)).unwrap();
        let o = sweep(&config, &out, &["--jobs", "2"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        results_only(&out.join("k.csv"))
    };
    let all = run("all", "0, 1, 1.5");
    let alone: Vec<Vec<Vec<String>>> = ["0", "1", "1.5"]
        .iter()
        .enumerate()
        .map(|(i, k)| run(&format!("alone{i}"), k))
        .collect();
    // The matrix puts komi last: row j of each single-komi table is rows
    // 3j, 3j + 1 and 3j + 2 of the whole one.
    assert_eq!(all.len(), 3 * alone[0].len());
    for (j, rows) in all.chunks(3).enumerate() {
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(row, &alone[i][j], "komi table {i}, row {j}");
        }
    }
    // The komis give different outcomes somewhere, so the rows read at
    // another komi were not copied unchanged.
    let outcome = |t: &Vec<Vec<String>>| t.iter().map(|r| r[5].clone()).collect::<Vec<_>>();
    assert_ne!(outcome(&alone[0]), outcome(&alone[2]));
}
