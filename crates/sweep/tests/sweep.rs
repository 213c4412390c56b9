//! Sweep mechanics with a stand-in job runner (no solver): config errors,
//! append-as-you-go, resume, locks, shards and merge.

use kosolve_board::Point;
use kosolve_rules::Move;
use kosolve_sweep::*;
use kosolve_vocab::{Method, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

const CONFIG: &str = r#"
name = "t"
boards = ["1x1", "1x2", "2x2"]
rules = ["psk", "fundamental"]
suicide = ["forbidden", "allowed"]
komi = [0, 0.5]
[limits]
max_nodes = 1000
"#;

fn tmpdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kosolve-sweep-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A deterministic stand-in: the "value" is a function of the job key,
/// leaving out the komi for a margin ruleset (whose value is the margin
/// at komi 0, as the solver's is), and the outcome is read at the job's
/// komi.
fn fake(job: &Job, _nodes: &Arc<AtomicU64>) -> JobOutput {
    let rs = job.rules.ruleset;
    let key = if rs.value_kind() == kosolve_rules::ValueKind::Margin {
        format!("{} {rs} {}", job.label(), job.rules.suicide)
    } else {
        job.key().as_str().to_string()
    };
    let h = key
        .bytes()
        .fold(7u64, |a, b| a.wrapping_mul(31).wrapping_add(b as u64));
    let mut row = Row::new(job.board.spec(), job.rules, job.position_name(), "test");
    let v = (h % 7) as i32;
    row.finding.value = Some(match rs {
        kosolve_rules::Ruleset::Fundamental => Value::Score(kosolve_rules::Komi(2 * v)),
        _ => Value::of_search(rs, v),
    });
    row.finding.verdict = Verdict::Outcome(kosolve_vocab::outcome(
        kosolve_rules::ValueKind::Margin,
        v,
        job.rules.komi,
    ));
    // Bounds of the search: margins, or +1/0/-1.
    let b = match rs.value_kind() {
        kosolve_rules::ValueKind::Margin => v,
        _ => v % 3 - 1,
    };
    row.finding.lower = Some(Value::of_search(rs, b));
    row.finding.upper = Some(Value::of_search(rs, b));
    row.finding.status = Status::Solved;
    row.finding.pv = vec![Move::Play(Point(0)), Move::Pass];
    row.finding.nodes = h % 1000;
    row.seconds = 0.01;
    row.peak_mib = 0.5;
    JobOutput {
        row,
        sgf: Some("(;FF[4])".into()),
        certificate: None,
    }
}

fn row_of(job: &Job) -> Row {
    fake(job, &Arc::new(AtomicU64::new(0))).row
}

fn opts(out: &Path) -> SweepOptions {
    SweepOptions {
        out: out.to_path_buf(),
        jobs: 2,
        shard: None,
        resume: false,
        version: "test".into(),
        progress: false,
        markdown: Some(|_, rows| format!("{} rows", rows.len())),
    }
}

fn config() -> Config {
    Config::parse("t.toml", "t", CONFIG).unwrap()
}

#[test]
fn matrix_skips_combinations_a_ruleset_does_not_admit() {
    let jobs = config().jobs();
    // 3 boards x (psk: 2 suicide + fundamental: forbidden only) x 2 komi.
    assert_eq!(jobs.len(), 3 * 3 * 2);
    assert!(jobs
        .iter()
        .all(|j| !(j.rules.ruleset.name() == "fundamental"
            && j.rules.suicide == kosolve_board::Suicide::Allowed)));
    let idx: Vec<usize> = jobs.iter().map(|j| j.index).collect();
    assert_eq!(idx, (0..jobs.len()).collect::<Vec<_>>());
}

/// A config of one board under `rules` with the top-level `setting`.
fn with_setting(rules: &str, setting: &str) -> Result<Config, ConfigError> {
    let text = format!("boards = [\"1x1\"]\nrules = [\"{rules}\"]\n{setting}\n");
    Config::parse("c.toml", "c", &text)
}

#[test]
fn engine_defaults_to_auto_and_unknown_engines_are_refused() {
    assert_eq!(config().limits.engine, kosolve_vocab::Engine::Auto);
    let c = with_setting("psk", "engine = \"id\"").unwrap();
    assert!(c
        .jobs()
        .iter()
        .all(|j| j.limits.engine == kosolve_vocab::Engine::Id));
    let e = with_setting("psk", "engine = \"dfpn\"")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("engine 'dfpn' is not one of: auto, pns, id"),
        "{e}"
    );
}

#[test]
fn per_ruleset_limits_replace_the_config_wide_ones_for_their_rulesets_only() {
    use kosolve_rules::Ruleset;
    let c = with_setting(
        "all",
        "[limits]\nmax_nodes = 1000\nmax_seconds = 10\nmemory_mib = 16\n\
         [limits.rules.primitive]\nmax_nodes = 5000\n\
         [limits.rules.fundamental]\nmax_nodes = 7\nmax_seconds = 2.5\n\
         [limits.rules.kee]\nmemory_mib = 64",
    )
    .unwrap();
    assert!(c.notes.is_empty(), "{:?}", c.notes);
    for r in Ruleset::ALL {
        let (nodes, seconds, memory) = match r {
            Ruleset::Primitive => (5000, 10.0, 16),
            Ruleset::Fundamental => (7, 2.5, 16),
            Ruleset::Kee => (1000, 10.0, 64),
            _ => (1000, 10.0, 16),
        };
        let l = &c.limits;
        assert_eq!(l.max_nodes_for(r), Some(nodes), "{r:?}");
        assert_eq!(l.max_seconds_for(r), Some(seconds), "{r:?}");
        assert_eq!(l.memory_mib_for(r), memory, "{r:?}");
    }
    // Without a config-wide limit, the other rulesets have none.
    let c = with_setting("psk", "[limits.rules.kee]\nmax_nodes = 3\nmax_seconds = 0").unwrap();
    assert_eq!(c.limits.max_nodes_for(Ruleset::Kee), Some(3));
    assert_eq!(c.limits.max_seconds_for(Ruleset::Kee), Some(0.0));
    assert_eq!(c.limits.max_nodes_for(Ruleset::Psk), None);
    assert_eq!(c.limits.max_seconds_for(Ruleset::Psk), None);
    // The older keys set the same limits, each with a note naming its line.
    let old = with_setting(
        "all",
        "[limits]\nmemory_mib = 16\nkee_memory_mib = 64\n\
         max_nodes_by_rules = { primitive = 5000, fundamental = 7 }",
    )
    .unwrap();
    let new = with_setting(
        "all",
        "[limits]\nmemory_mib = 16\n[limits.rules.kee]\nmemory_mib = 64\n\
         [limits.rules.primitive]\nmax_nodes = 5000\n\
         [limits.rules.fundamental]\nmax_nodes = 7",
    )
    .unwrap();
    assert_eq!(old.limits, new.limits);
    assert_eq!(old.notes.len(), 2, "{:?}", old.notes);
    assert!(old.notes[0].contains("c.toml:6: 'max_nodes_by_rules' is the older name"));
    assert!(old.notes[1].contains("c.toml:5: 'kee_memory_mib' is the older name"));
    for (setting, message, line) in [
        (
            "[limits]\nmax_nodes_by_rules = { go = 5 }",
            "limits.max_nodes_by_rules:",
            4,
        ),
        (
            "[limits]\nmax_nodes_by_rules = { psk = 0 }",
            "limits.max_nodes_by_rules.psk must be at least 1",
            4,
        ),
        ("[limits.rules.go]\nmax_nodes = 5", "limits.rules:", 3),
        (
            "[limits.rules.psk]\nmax_nodes = 0",
            "limits.rules.psk.max_nodes must be at least 1",
            4,
        ),
        (
            "[limits.rules.psk]\nmemory_mib = 0",
            "limits.rules.psk.memory_mib must be at least 1",
            4,
        ),
        (
            "[limits.rules.psk]\nmax_seconds = -1",
            "limits.rules.psk.max_seconds must be a non-negative number",
            4,
        ),
        (
            "[limits]\nkee_memory_mib = 0",
            "limits.kee_memory_mib must be at least 1",
            4,
        ),
        // One limit of one ruleset set both ways.
        (
            "[limits]\nmax_nodes_by_rules = { psk = 5 }\n[limits.rules.psk]\nmax_nodes = 6",
            "limits.max_nodes_by_rules.psk and limits.rules.psk.max_nodes set the same limit",
            4,
        ),
        (
            "[limits]\nkee_memory_mib = 5\n[limits.rules.kee]\nmemory_mib = 6",
            "limits.kee_memory_mib and limits.rules.kee.memory_mib set the same limit",
            4,
        ),
    ] {
        let e = with_setting("psk", setting).unwrap_err().to_string();
        assert!(e.contains(message), "{e}");
        assert!(
            e.contains(&format!("line {line}")),
            "the error names the line: {e}"
        );
    }
    // Two different limits of one ruleset, one each way, are fine.
    let c = with_setting(
        "psk",
        "[limits]\nmax_nodes_by_rules = { psk = 5 }\n[limits.rules.psk]\nmemory_mib = 6",
    )
    .unwrap();
    assert_eq!(c.limits.max_nodes_for(Ruleset::Psk), Some(5));
    assert_eq!(c.limits.memory_mib_for(Ruleset::Psk), 6);
    // A key the table does not know is refused.
    let e = with_setting("psk", "[limits.rules.psk]\nthreads = 2")
        .unwrap_err()
        .to_string();
    assert!(e.contains("threads"), "{e}");
}

#[test]
fn certificate_work_defaults_to_2_pow_24_and_zero_is_refused() {
    assert_eq!(config().limits.certificate_work, 1 << 24);
    let c = with_setting("psk", "[limits]\ncertificate_work = 1_000_000").unwrap();
    assert!(c
        .jobs()
        .iter()
        .all(|j| j.limits.certificate_work == 1_000_000));
    let e = with_setting("psk", "[limits]\ncertificate_work = 0")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("limits.certificate_work must be at least 1"),
        "{e}"
    );
}

#[test]
fn method_defaults_to_auto() {
    // The method `kosolve solve` picks, so that a sweep answers where the
    // product does.
    assert_eq!(config().limits.method, Method::Auto);
    for (text, want) in [
        ("method = \"search\"", Method::Search),
        ("method = \"parity\"", Method::Parity),
        ("method = \"retrograde\"", Method::Retrograde),
        ("method = \"auto\"", Method::Auto),
        // The older name of the key reads the same.
        ("kee_method = \"parity\"", Method::Parity),
        ("kee_method = \"search\"", Method::Search),
    ] {
        let c = with_setting("kee", text).unwrap();
        assert_eq!(c.limits.method, want, "{text}");
        assert!(c.jobs().iter().all(|j| j.limits.method == want));
        // The older name works with a note naming its line; the new one
        // has none.
        if text.starts_with("kee_method") {
            assert_eq!(c.notes.len(), 1, "{text}");
            assert!(
                c.notes[0].contains("older name of 'method'"),
                "{:?}",
                c.notes
            );
            assert!(c.notes[0].contains(':'), "{:?}", c.notes);
        } else {
            assert!(c.notes.is_empty(), "{text}: {:?}", c.notes);
        }
    }
    // Both names at once, and a name that is no method, are refused.
    let e = with_setting("kee", "method = \"search\"\nkee_method = \"parity\"")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not both"), "{e}");
    let e = with_setting("kee", "method = \"graph\"")
        .unwrap_err()
        .to_string();
    assert!(e.contains("method 'graph' is not one of"), "{e}");
}

#[test]
fn config_errors_name_the_line() {
    let cases = [
        (
            "boards = [\"1x1\"]\nrules = [\"psk\", \"superko\"]\n",
            2,
            "superko",
        ),
        (
            "boards = [\"1x1\",\n \"0x3\"]\nrules = [\"psk\"]\n",
            2,
            "zero dimension",
        ),
        (
            "boards = [\"1x1\"]\nrules = [\"psk\"]\nkomi = [0.3]\n",
            3,
            "0.5",
        ),
        (
            "boards = [\"1x1\"]\nrules = [\"psk\"]\nsuicide = [\"sometimes\"]\n",
            3,
            "sometimes",
        ),
        (
            "boards = [\"1x1\"]\nrules = [\"kee\"]\nkee_method = \"graph\"\n",
            3,
            "search, parity",
        ),
    ];
    for (text, line, needle) in cases {
        let e = Config::parse("c.toml", "c", text).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains(&format!("line {line}")), "{msg}");
        assert!(msg.contains(needle), "{msg}");
    }
    let e = Config::parse(
        "c.toml",
        "c",
        "boards = [\"1x1\"]\nrules = [\"psk\"]\nbogus = 1\n",
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("bogus") && e.to_string().contains("line 3"),
        "{e}"
    );
    let e = Config::parse("c.toml", "c", "boards = [\"1x1\"\n").unwrap_err();
    assert!(matches!(e, ConfigError::Toml { .. }), "{e}");
    let e = Config::load(Path::new("/nonexistent/x.toml")).unwrap_err();
    assert!(matches!(e, ConfigError::Io { .. }), "{e}");
}

#[test]
fn a_sweep_writes_every_job_and_its_files() {
    let d = tmpdir("full");
    let s = run_sweep(&config(), &opts(&d), &fake).unwrap();
    assert_eq!(s.jobs, 18);
    assert_eq!(s.computed, 18);
    let rows = read_rows(&d.join("t.csv")).unwrap();
    let expect: Vec<Row> = config().jobs().iter().map(row_of).collect();
    assert_eq!(rows, expect);
    assert!(d.join("t.md").exists());
    assert!(!d.join("t.partial.csv").exists());
    assert!(!d.join("t.lock").exists());
    assert!(pv_folder(&d, "t").join("2x2-psk-forbidden.sgf").exists());
}

/// Under a margin ruleset one solve gives the rows at every komi: the
/// runner is called once per board and suicide setting for psk, and once
/// per komi for Fundamental Go; every row is still the one the runner
/// gives at its komi (outcome included), and the SGF is written.
#[test]
fn a_margin_ruleset_is_solved_once_for_every_komi() {
    let d = tmpdir("komi-once");
    let calls = AtomicUsize::new(0);
    let counting = |job: &Job, nodes: &Arc<AtomicU64>| {
        calls.fetch_add(1, Ordering::Relaxed);
        fake(job, nodes)
    };
    let s = run_sweep(&config(), &opts(&d), &counting).unwrap();
    assert_eq!(s.computed, 18);
    // psk: 3 boards x 2 suicide settings; fundamental: 3 boards x 2 komi.
    assert_eq!(calls.load(Ordering::Relaxed), 6 + 6);
    let rows = read_rows(&d.join("t.csv")).unwrap();
    let expect: Vec<Row> = config().jobs().iter().map(row_of).collect();
    assert_eq!(rows, expect);
    let half: Vec<String> = rows
        .iter()
        .filter(|r| r.rules.name() == "psk" && r.komi.to_string() == "0.5")
        .map(|r| r.finding.verdict.to_string())
        .collect();
    assert_eq!(half.len(), 6);
    assert!(half.iter().all(|o| o.ends_with(".5")), "{half:?}");
    assert!(pv_folder(&d, "t").join("1x2-psk-allowed.sgf").exists());
}

#[test]
fn a_job_without_a_line_removes_an_earlier_sweeps_sgf() {
    let d = tmpdir("stale-sgf");
    run_sweep(&config(), &opts(&d), &fake).unwrap();
    let sgf = pv_folder(&d, "t").join("2x2-psk-forbidden.sgf");
    assert!(sgf.exists());
    // The same sweep again, its jobs now without a line to write.
    let no_line = |job: &Job, nodes: &Arc<AtomicU64>| JobOutput {
        sgf: None,
        ..fake(job, nodes)
    };
    run_sweep(&config(), &opts(&d), &no_line).unwrap();
    assert!(!sgf.exists());
}

#[test]
fn resume_keeps_finished_rows_and_computes_the_rest() {
    let d = tmpdir("resume");
    // Simulate a crash: a log holding the first 5 rows, the last line cut short.
    let jobs = config().jobs();
    let first: Vec<Row> = jobs[..5].iter().map(row_of).collect();
    let mut bytes = rows_to_csv(&first);
    bytes.extend_from_slice(b"2x2,psk,forb");
    std::fs::write(d.join("t.partial.csv"), &bytes).unwrap();
    // Without --resume the sweep refuses to start.
    let e = run_sweep(&config(), &opts(&d), &fake).unwrap_err();
    assert!(matches!(e, SweepError::NeedsResume(_)), "{e}");
    let calls = AtomicUsize::new(0);
    let counting = |j: &Job, n: &Arc<AtomicU64>| {
        calls.fetch_add(1, Ordering::SeqCst);
        fake(j, n)
    };
    let mut o = opts(&d);
    o.resume = true;
    let s = run_sweep(&config(), &o, &counting).unwrap();
    assert_eq!(s.resumed, 5);
    assert_eq!(s.computed, 13);
    // 1x1's Fundamental Go at komi 0.5, and four solves on each of 1x2
    // and 2x2: psk once per suicide setting for both komi, Fundamental
    // Go once per komi.
    assert_eq!(calls.load(Ordering::SeqCst), 9);
    let fresh = tmpdir("resume-ref");
    run_sweep(&config(), &opts(&fresh), &fake).unwrap();
    assert_eq!(
        std::fs::read(d.join("t.csv")).unwrap(),
        std::fs::read(fresh.join("t.csv")).unwrap()
    );
}

#[test]
fn rows_of_another_version_are_recomputed_on_resume() {
    let d = tmpdir("version");
    let jobs = config().jobs();
    let mut old = row_of(&jobs[0]);
    old.version = "0.0.0-old".into();
    old.finding.value = Some(Value::Margin(999));
    std::fs::write(d.join("t.partial.csv"), rows_to_csv(&[old])).unwrap();
    let mut o = opts(&d);
    o.resume = true;
    let s = run_sweep(&config(), &o, &fake).unwrap();
    assert_eq!(s.resumed, 0);
    let rows = read_rows(&d.join("t.csv")).unwrap();
    assert_eq!(rows[0], row_of(&jobs[0]));
}

#[test]
fn a_second_sweep_on_the_same_outputs_is_refused() {
    let d = tmpdir("lock");
    let _held = Lock::acquire(&d.join("t.lock")).unwrap();
    let e = run_sweep(&config(), &opts(&d), &fake).unwrap_err();
    assert!(matches!(e, SweepError::Locked(_)), "{e}");
    assert!(e.to_string().contains("t.lock"), "{e}");
}

#[test]
fn a_stale_lock_is_taken_over() {
    let d = tmpdir("stale");
    // A pid that cannot be running (above the kernel's maximum).
    std::fs::write(d.join("t.lock"), "4194305\n").unwrap();
    run_sweep(&config(), &opts(&d), &fake).unwrap();
    assert!(!d.join("t.lock").exists());
}

#[test]
fn shards_partition_the_jobs_and_merge_back() {
    let d = tmpdir("shards");
    let whole = tmpdir("shards-whole");
    run_sweep(&config(), &opts(&whole), &fake).unwrap();
    let mut inputs = Vec::new();
    let mut total = 0;
    for i in 1..=3 {
        let mut o = opts(&d);
        o.shard = Some((i, 3));
        let s = run_sweep(&config(), &o, &fake).unwrap();
        total += s.jobs;
        assert!(s.markdown.is_none());
        inputs.push(d.join(format!("t.shard-{i}-of-3.csv")));
    }
    assert_eq!(total, 18);
    let merged = merge(&inputs, Some(&config())).unwrap();
    assert_eq!(merged, read_rows(&whole.join("t.csv")).unwrap());
    // Missing a shard: merge with the config says so.
    let e = merge(&inputs[..2], Some(&config())).unwrap_err();
    assert!(e.to_string().contains("in no input"), "{e}");
    // Conflicting duplicates are refused.
    let mut bad = read_rows(&inputs[0]).unwrap();
    bad[0].finding.value = Some(Value::Margin(12345));
    let p = d.join("bad.csv");
    std::fs::write(&p, rows_to_csv(&bad)).unwrap();
    let e = merge(&[inputs[0].clone(), p], None).unwrap_err();
    assert!(e.to_string().contains("different results"), "{e}");
}

#[test]
fn shard_specs_are_checked() {
    assert_eq!(parse_shard("2/4").unwrap(), (2, 4));
    for bad in ["0/4", "5/4", "1/0", "x/2", "3"] {
        assert!(parse_shard(bad).is_err(), "{bad}");
    }
}

#[test]
fn an_unwritable_output_folder_is_a_clear_error() {
    let d = tmpdir("unwritable");
    let file = d.join("not-a-folder");
    std::fs::write(&file, "x").unwrap();
    let e = run_sweep(&config(), &opts(&file.join("sub")), &fake).unwrap_err();
    assert!(e.to_string().contains("not-a-folder"), "{e}");
}

#[test]
fn a_panicking_job_stops_the_sweep_and_keeps_the_finished_rows() {
    let d = tmpdir("panic");
    let jobs = config().jobs();
    // 1x2 under psk, suicide forbidden, komi 0: its solve also gives
    // the row at komi 0.5 (jobs[7]), which is lost with it.
    let bad = jobs[6].key();
    let failing = |j: &Job, n: &Arc<AtomicU64>| {
        if j.key() == bad {
            panic!("the answer failed its own check");
        }
        fake(j, n)
    };
    // With the progress display on, whose thread must end too.
    let mut o = opts(&d);
    o.progress = true;
    let e = run_sweep(&config(), &o, &failing).unwrap_err();
    match &e {
        SweepError::JobFailed { job, why } => {
            assert!(job.starts_with(&jobs[6].board.spec().to_string()), "{job}");
            assert_eq!(why, "the answer failed its own check");
        }
        _ => panic!("not a job failure: {e}"),
    }
    assert!(
        e.to_string().contains("the answer failed its own check"),
        "{e}"
    );
    // No table is written; the lock is released and every finished row
    // stays in the partial table, so that --resume continues the sweep.
    assert!(!d.join("t.csv").exists());
    assert!(!d.join("t.lock").exists());
    let kept = read_rows(&d.join("t.partial.csv")).unwrap();
    assert!(kept.len() < jobs.len());
    assert!(kept
        .iter()
        .all(|r| r.key() != bad && r.key() != jobs[7].key()));
    let mut o = opts(&d);
    o.resume = true;
    let s = run_sweep(&config(), &o, &fake).unwrap();
    assert_eq!(s.resumed, kept.len());
    let fresh = tmpdir("panic-ref");
    run_sweep(&config(), &opts(&fresh), &fake).unwrap();
    assert_eq!(
        std::fs::read(d.join("t.csv")).unwrap(),
        std::fs::read(fresh.join("t.csv")).unwrap()
    );
}

const POSITIONS: &str = r#"
name = "p"
rules = ["psk", "fundamental"]
[[positions]]
name = "ko"
board = "1x4"
diagram = "O.O."
to_move = "black"
source = "a test"
note = "A ko."
[[positions]]
name = "corner"
board = "2x2"
diagram = "X./.O"
to_move = "white"
prisoners = [1, 2]
"#;

#[test]
fn positions_are_jobs_of_their_own() {
    let c = Config::parse("p.toml", "p", POSITIONS).unwrap();
    assert!(c.boards.is_empty());
    assert_eq!(c.positions.len(), 2);
    let jobs = c.jobs();
    assert_eq!(jobs.len(), 4);
    assert_eq!(jobs[0].label(), "1x4@ko");
    assert_eq!(jobs[0].key().as_str(), "1x4@ko|psk|forbidden|0");
    let corner = &c.positions[1];
    assert_eq!(corner.diagram(), "X./.O");
    // Prisoners count only under Fundamental and Ultimate Go.
    assert_eq!(corner.start(kosolve_rules::Ruleset::Psk).prisoners, [0, 0]);
    assert_eq!(
        corner.start(kosolve_rules::Ruleset::Fundamental).prisoners,
        [1, 2]
    );
    assert_eq!(jobs[3].setup().start.to_move, kosolve_board::Color::White);
    let d = tmpdir("positions");
    let s = run_sweep(&c, &opts(&d), &fake).unwrap();
    assert_eq!(s.jobs, 4);
    let rows = read_rows(&d.join("p.csv")).unwrap();
    assert_eq!(rows.len(), 4);
    assert!(rows.iter().all(|r| !r.position.is_empty()));
    // The page comes from the renderer the options name (the report
    // crate's tests read its text).
    assert_eq!(std::fs::read_to_string(d.join("p.md")).unwrap(), "4 rows");
    assert!(pv_folder(&d, "p").join("1x4_ko-psk-forbidden.sgf").exists());
    // Resuming a finished sweep keeps its position rows.
    let s = run_sweep(
        &c,
        &SweepOptions {
            resume: true,
            ..opts(&d)
        },
        &fake,
    )
    .unwrap();
    // The position rows are found again by their keys.
    assert_eq!((s.computed, s.resumed), (0, 4));
}

#[test]
fn bad_positions_are_config_errors() {
    let base = "rules = [\"psk\"]\n[[positions]]\nname = \"x\"\nboard = \"2x2\"\n";
    for (extra, needle) in [
        ("diagram = \"XO/O.\"\n", "no liberty"),
        ("diagram = \"XO./..\"\n", "rows"),
        ("diagram = \"XZ/..\"\n", "'Z'"),
        ("diagram = \"X./..\"\nto_move = \"red\"\n", "black, white"),
    ] {
        let text = format!("{base}{extra}");
        let e = Config::parse("c.toml", "c", &text).unwrap_err().to_string();
        assert!(e.contains(needle) && e.contains("position 'x'"), "{e}");
    }
    let twice = format!(
        "{base}diagram = \"X./..\"\n{}diagram = \"..\\n..\"\n",
        &base[16..]
    );
    let e = Config::parse("c.toml", "c", &twice)
        .unwrap_err()
        .to_string();
    assert!(e.contains("used twice"), "{e}");
    let e = Config::parse("c.toml", "c", "rules = [\"psk\"]\n").unwrap_err();
    assert!(e.to_string().contains("no 'boards'"), "{e}");
}

/// Every committed result table reads into typed rows and writes back
/// byte for byte: the CSV text is only the file's form of the rows.
#[test]
fn committed_tables_read_and_write_back_unchanged() {
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results");
    let mut tables = 0;
    for e in std::fs::read_dir(&results).unwrap() {
        let p = e.unwrap().path();
        let text = std::fs::read(&p).unwrap_or_default();
        if p.extension().is_none_or(|x| x != "csv") || !text.starts_with(b"board,rules,") {
            continue;
        }
        let rows = read_rows(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            rows_to_csv(&rows) == text,
            "{} does not write back unchanged",
            p.display()
        );
        tables += 1;
    }
    assert!(tables >= 8, "only {tables} tables");
}

#[test]
fn a_cell_that_is_not_a_value_of_its_ruleset_is_a_clear_error() {
    let d = tmpdir("badcell");
    let good = rows_to_csv(&[row_of(&config().jobs()[0])]);
    let text = String::from_utf8(good).unwrap();
    for (from, to, needle) in [
        (",psk,", ",nope,", "unknown ruleset 'nope'"),
        (",B+", ",X+", "is not an outcome"),
        ("1x1,", "1y1,", "1y1"),
        // The line is read as moves on the row's board, and its length must match.
        (
            ",A1 pass,2,",
            ",A1 Z9,2,",
            "'Z9' in the pv is not a move on 1x1",
        ),
        (
            ",A1 pass,2,",
            ",A1 pass,3,",
            "pv_length is 3 but the pv has 2 moves",
        ),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        let p = d.join("t.csv");
        std::fs::write(&p, &bad).unwrap();
        let e = read_rows(&p).unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains(needle), "{e}");
    }
    // A margin ruleset's value with a sign is not one of its values.
    let mut r = row_of(&config().jobs()[0]);
    r.finding.value = Some(Value::Result(1));
    let p = d.join("t.csv");
    std::fs::write(&p, rows_to_csv(&[r])).unwrap();
    let e = read_rows(&p).unwrap_err().to_string();
    assert!(e.contains("is not a value under psk"), "{e}");
}
