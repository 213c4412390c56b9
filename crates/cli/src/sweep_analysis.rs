//! The analyses a sweep config asks for (`analyze = true` on a position):
//! every legal move's value under the config's rulesets, written beside
//! the tables as CSV, SVG and a Markdown section that the sweep's page
//! includes (docs/analyze.md, "In a sweep").

use crate::common::CliError;
use crate::interrupt::interrupt_token;
use kosolve_analyze::{analyze, Analysis};
use kosolve_rules::{Komi, Rules, Ruleset, Setup};
use kosolve_solver::{Limits, SearchSettings};
use kosolve_solver::{SolveOptions, Stop};
use kosolve_sweep::{Config, NamedPosition, Row};
use std::path::{Path, PathBuf};

/// The folder of a config's analyses under the output folder `dir`.
fn folder(dir: &Path, config: &Config) -> PathBuf {
    dir.join("analysis").join(&config.name)
}

/// The options of an analysis under `ruleset`: the config's limits for
/// that ruleset (`[limits.rules.<ruleset>]` where given, as for its jobs),
/// which hold for the ruleset's analysis as a whole.
fn options(config: &Config, ruleset: Ruleset) -> SolveOptions {
    let l = &config.limits;
    SolveOptions {
        threads: l.threads,
        memory_mib: l.memory_mib_for(ruleset) as usize,
        engine: l.engine,
        limits: Limits {
            max_nodes: l.max_nodes_for(ruleset),
            max_seconds: l.max_seconds_for(ruleset),
            cancel: interrupt_token(),
        },
        search: SearchSettings {
            pv: true,
            ..SearchSettings::default()
        },
        ..SolveOptions::default()
    }
}

/// The analyses of one position under every ruleset of the config, at its
/// first suicide setting and first komi; `None` if Ctrl-C stopped one.
fn analyse(config: &Config, p: &NamedPosition) -> Option<Vec<Analysis>> {
    let suicide = config.suicide.first().copied();
    let komi = config.komi.first().copied().unwrap_or(Komi::ZERO);
    let mut out = Vec::new();
    for &r in &config.rules {
        let opts = options(config, r);
        let mut rules = Rules::new(r).with_komi(komi);
        if let Some(s) = suicide {
            match rules.with_suicide(s) {
                Ok(with) => rules = with,
                Err(_) => continue,
            }
        }
        let setup = Setup::at(p.start(r));
        match analyze(&p.board, rules, &setup, &opts, &mut |_| {}) {
            Ok(a) if a.stopped == Some(Stop::Cancelled) => return None,
            Ok(a) => out.push(a),
            Err(e) => eprintln!("kosolve: analysis of {} under {r}: {e}", p.name),
        }
    }
    Some(out)
}

/// Runs the analyses the config asks for into `dir`/analysis/CONFIG/:
/// `POSITION.csv`, `POSITION.svg` and `POSITION.md`. With `resume`, a
/// position whose section was written already is kept. Ctrl-C stops the
/// analyses, keeping the finished ones. Returns how many were computed.
pub fn run(config: &Config, dir: &Path, resume: bool) -> Result<usize, CliError> {
    let wanted: Vec<&NamedPosition> = config.positions.iter().filter(|p| p.analyze).collect();
    if wanted.is_empty() {
        return Ok(0);
    }
    let folder = folder(dir, config);
    std::fs::create_dir_all(&folder)
        .map_err(|e| CliError::Io(format!("{}: {e}", folder.display())))?;
    let io = |e: kosolve_sweep::IoError| CliError::Io(e.to_string());
    let mut computed = 0;
    for p in wanted {
        let md = folder.join(format!("{}.md", p.name));
        if resume && md.exists() {
            continue;
        }
        let Some(analyses) = analyse(config, p) else {
            eprintln!(
                "kosolve: interrupted; the analyses finished so far are kept (--resume continues)"
            );
            break;
        };
        let board = &p.board;
        let csv = kosolve_analyze::csv::render(board, &analyses);
        kosolve_sweep::write_atomic(&folder.join(format!("{}.csv", p.name)), csv.as_bytes())
            .map_err(io)?;
        let svg = kosolve_analyze::svg::render(board, p.position, &analyses);
        kosolve_sweep::write_atomic(&folder.join(format!("{}.svg", p.name)), svg.as_bytes())
            .map_err(io)?;
        let link = format!("analysis/{}/{}.svg", config.name, p.name);
        let section = kosolve_analyze::markdown::render(board, &p.name, &p.note, &link, &analyses);
        kosolve_sweep::write_atomic(&md, section.as_bytes()).map_err(io)?;
        computed += 1;
    }
    Ok(computed)
}

/// The sweep's page: the tables' page, then the section of each analysed
/// position found in `dir` (in the config's order).
pub fn page(config: &Config, rows: &[Row], dir: &Path) -> String {
    let mut s = kosolve_report::markdown(config, rows);
    let folder = folder(dir, config);
    let sections: Vec<String> = config
        .positions
        .iter()
        .filter(|p| p.analyze)
        .filter_map(|p| std::fs::read_to_string(folder.join(format!("{}.md", p.name))).ok())
        .collect();
    if !sections.is_empty() {
        if !s.ends_with("\n\n") {
            s.push('\n');
        }
        s.push_str("## Every move\n\n");
        for section in sections {
            s.push_str(&section);
        }
    }
    s
}
