//! `kosolve report`: one Markdown page over every result table of a directory,
//! and with `--out` the SVG pictures it links, in `pictures/` beside the page.

use crate::common::CliError;
use std::path::{Path, PathBuf};

/// Options of `kosolve report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The directory of result tables (every `*.csv` but `*.partial.csv`).
    #[arg(default_value = "results")]
    dir: PathBuf,
    /// The sweep configs (`*.toml`) of the tables: the named positions of
    /// the config whose `name` is a table's (`<name>.csv`) join the claims
    /// (default: `solver-configs` beside the tables' directory, where it is).
    #[arg(long)]
    configs: Option<PathBuf>,
    /// Write the page here, and its pictures in `pictures/` beside it
    /// (default: print the page, write no pictures).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs the subcommand: a contradiction between two tables is an error.
pub fn run(a: Args) -> Result<(), CliError> {
    let tables = kosolve_report::overview::read_tables(&a.dir).map_err(CliError::Io)?;
    let configs = match &a.configs {
        Some(d) if !d.is_dir() => {
            return Err(CliError::Usage(format!(
                "--configs {}: not a directory",
                d.display()
            )))
        }
        Some(d) => d.clone(),
        None => a.dir.join("..").join("solver-configs"),
    };
    let configs = kosolve_report::overview::read_configs(&configs).map_err(CliError::Io)?;
    let mut report =
        kosolve_report::overview::report(&tables, &configs).map_err(CliError::Refused)?;
    report
        .page
        .push_str(&kosolve_report::overview::studies_section(&a.dir));
    report
        .page
        .push_str(&kosolve_report::overview::analyses_section(&a.dir));
    match &a.out {
        Some(p) => {
            let dir = p
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .join(kosolve_report::overview::PICTURES);
            write_pictures(&dir, &report.pictures)?;
            kosolve_sweep::write_atomic(p, report.page.as_bytes())
                .map_err(|e| CliError::Io(e.to_string()))?
        }
        None => print!("{}", report.page),
    }
    Ok(())
}

/// Writes each picture atomically in `dir`, unchanged files left as they
/// are, and removes the `*.svg` files there that the report no longer
/// draws, so that the folder is exactly the report's pictures.
fn write_pictures(dir: &Path, pictures: &[(String, String)]) -> Result<(), CliError> {
    let io = |e: std::io::Error| CliError::Io(format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    for (name, svg) in pictures {
        let path = dir.join(name);
        if std::fs::read(&path).is_ok_and(|old| old == svg.as_bytes()) {
            continue;
        }
        kosolve_sweep::write_atomic(&path, svg.as_bytes())
            .map_err(|e| CliError::Io(e.to_string()))?;
    }
    for e in std::fs::read_dir(dir).map_err(io)? {
        let e = e.map_err(io)?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".svg") && !pictures.iter().any(|(n, _)| *n == name) {
            std::fs::remove_file(e.path()).map_err(io)?;
        }
    }
    Ok(())
}
