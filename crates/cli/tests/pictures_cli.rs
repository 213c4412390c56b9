//! `kosolve report --out`: the SVG pictures beside the page. Every SVG
//! parses as XML; each principal variation's picture holds, frame by
//! frame, the stones of the positions that a replay of the row's PV
//! reaches (computed here with the rules crate, not by the picture code);
//! the plots hold a marker per solved row and a cell per job. The
//! committed results/pictures are exactly what the report draws.

mod common;

use common::{kosolve, repo, sweep, tmpdir};
use kosolve_board::{Board, BoardSpec, Color, Position};
use kosolve_report::overview;
use kosolve_rules::{AnyGame, Game, Komi, Move, Rules, Ruleset, Start};
use kosolve_sweep::{Config, NamedPosition, Row, Status};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

/// Runs `kosolve report <tables> --out <out>/README.md`.
fn report(tables: &Path, out: &Path) {
    let o = kosolve()
        .arg("report")
        .arg(tables)
        .arg("--out")
        .arg(out.join("README.md"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The SVG files of a folder, by name.
fn svgs(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).unwrap();
            (n, text)
        })
        .collect()
}

/// The positions a replay of `pv` reaches from `start`, the start first.
fn replay(board: &Board, rules: Rules, start: &Start, pv: &str) -> Vec<Position> {
    let mut g = AnyGame::from_start(Arc::new(board.clone()), rules, start);
    let mut out = vec![g.position()];
    for m in pv.split_whitespace() {
        let mv = Move::parse(board, m).unwrap_or_else(|| panic!("{m} does not parse"));
        assert!(g.try_play(mv), "{m} is illegal in {pv}");
        out.push(g.position());
    }
    out
}

fn rules_of(r: &Row) -> Rules {
    let rs = r.rules;
    let rules = Rules::new(rs).with_suicide(r.suicide).unwrap();
    if rs == Ruleset::Basic {
        rules.with_komi(r.komi)
    } else {
        rules
    }
}

fn has_class(n: &roxmltree::Node<'_, '_>, class: &str) -> bool {
    n.attribute("class") == Some(class)
}

/// The start of a row: the empty board, or its named position's.
fn start_of(r: &Row, named: &[NamedPosition]) -> Option<Start> {
    if r.position.is_empty() {
        return Some(Start::EMPTY);
    }
    let rs = r.rules;
    named
        .iter()
        .find(|p| p.name == r.position && p.spec() == r.board)
        .map(|p| p.start(rs))
}

/// Checks one principal variation's picture against a replay of its row.
fn check_pv(name: &str, svg: &roxmltree::Document<'_>, r: &Row, start: &Start) {
    let board = r.board.board().unwrap();
    let positions = replay(&board, rules_of(r), start, &r.pv_text());
    let n = positions.len() - 1;
    // The key positions: the start, the end, and the position before each
    // move after which fewer stones stand than before it plus the one played.
    let mut want: BTreeSet<usize> = [0, n].into();
    for k in 1..=n {
        let placed = u32::from(matches!(r.finding.pv[k - 1], Move::Play(_)));
        if positions[k].occupied().count() < positions[k - 1].occupied().count() + placed {
            want.insert(k - 1);
        }
    }
    let frames: Vec<roxmltree::Node<'_, '_>> = svg
        .descendants()
        .filter(|e| e.has_tag_name("g") && has_class(e, "frame"))
        .collect();
    let got: Vec<usize> = frames
        .iter()
        .map(|f| f.attribute("data-move").unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        got,
        want.iter().copied().collect::<Vec<_>>(),
        "{name}: the frames' move numbers ({} {})",
        r.rules,
        r.pv_text()
    );
    let mut total = 0;
    for (f, &k) in frames.iter().zip(&got) {
        for (c, class) in [(Color::Black, "stone black"), (Color::White, "stone white")] {
            let stones = f
                .descendants()
                .filter(|e| e.has_tag_name("circle") && has_class(e, class))
                .count();
            assert_eq!(
                stones,
                positions[k].stones(c).count() as usize,
                "{name}: {class} stones after {k} moves of {}",
                r.pv_text()
            );
            total += stones;
        }
    }
    let all = svg
        .descendants()
        .filter(|e| e.attribute("class").is_some_and(|c| c.starts_with("stone")))
        .count();
    assert_eq!(all, total, "{name}: stones outside the frames");
}

/// Checks every SVG of `dir` against the joined rows of `tables` (named
/// positions started as `named` defines them), and that every PV picture
/// and plot the rows call for is there. Returns the number of PV pictures
/// checked.
fn check_dir(tables: &Path, dir: &Path, named: &[NamedPosition]) -> usize {
    let rows = overview::join(&overview::read_tables(tables).unwrap()).unwrap();
    let at0 = |r: &&Row| r.komi == Komi::ZERO && r.position.is_empty();
    let solved: Vec<&Row> = rows
        .iter()
        .filter(at0)
        .filter(|r| r.status() == Status::Solved && r.board.board().is_ok())
        .collect();
    // The named positions' solved rows that the configs define.
    let at_positions: Vec<&Row> = rows
        .iter()
        .filter(|r| r.komi == Komi::ZERO && r.status() == Status::Solved && !r.position.is_empty())
        .filter(|r| start_of(r, named).is_some())
        .collect();
    let files = svgs(dir);
    let mut pv_pictures = 0;
    for (name, text) in &files {
        let doc =
            roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{name} is not XML: {e}"));
        assert!(doc.root_element().has_tag_name("svg"), "{name}");
        let stones = doc
            .descendants()
            .filter(|e| e.attribute("class").is_some_and(|c| c.starts_with("stone")))
            .count();
        let circles = doc
            .descendants()
            .filter(|e| e.has_tag_name("circle"))
            .count();
        let texts = doc.descendants().filter(|e| e.has_tag_name("text")).count();
        let stem = name.trim_end_matches(".svg");
        if let Some(su) = stem
            .strip_prefix("nodes-")
            .or_else(|| stem.strip_prefix("seconds-"))
        {
            assert_eq!(stones, 0, "{name}");
            // A marker per solved job of that suicide setting.
            let want = solved.iter().filter(|r| r.suicide.name() == su).count();
            assert_eq!(circles, want, "{name}: one marker per solved job");
        } else if let Some(su) = stem.strip_prefix("values-") {
            assert_eq!(stones, 0, "{name}");
            // Texts: the title, the legend, a name per ruleset and board,
            // and a value per job that some table has.
            let boards: BTreeSet<&BoardSpec> = solved.iter().map(|r| &r.board).collect();
            let rules: BTreeSet<Ruleset> = solved.iter().map(|r| r.rules).collect();
            let jobs: BTreeSet<(&BoardSpec, Ruleset)> = rows
                .iter()
                .filter(at0)
                .filter(|r| r.suicide.name() == su)
                .filter(|r| boards.contains(&r.board) && rules.contains(&r.rules))
                .map(|r| (&r.board, r.rules))
                .collect();
            assert_eq!(
                texts,
                2 + boards.len() + rules.len() + jobs.len(),
                "{name}: texts"
            );
        } else {
            let r = solved
                .iter()
                .find(|r| {
                    format!(
                        "{}-{}-{}.svg",
                        r.board.to_string().replace(':', "_"),
                        r.rules,
                        r.suicide
                    ) == *name
                })
                .or_else(|| {
                    at_positions.iter().find(|r| {
                        format!("pos-{}-{}-{}.svg", r.position, r.rules, r.suicide) == *name
                    })
                })
                .unwrap_or_else(|| panic!("{name}: no solved row draws it"));
            check_pv(name, &doc, r, &start_of(r, named).unwrap());
            pv_pictures += 1;
        }
    }
    // Every solved job has its picture, and each suicide setting its plots.
    assert_eq!(
        pv_pictures,
        solved.len() + at_positions.len(),
        "a picture per solved job"
    );
    for su in solved.iter().map(|r| r.suicide.name()) {
        for plot in ["values", "nodes", "seconds"] {
            assert!(
                files.contains_key(&format!("{plot}-{su}.svg")),
                "{plot}-{su}.svg"
            );
        }
    }
    pv_pictures
}

/// The links of a Markdown page to `pictures/*.svg`.
fn links(page: &str) -> BTreeSet<String> {
    page.split("](pictures/")
        .skip(1)
        .map(|s| s[..s.find(')').unwrap()].to_string())
        .collect()
}

#[test]
fn committed_pictures_are_the_reports_and_every_svg_checks() {
    let out = tmpdir("pictures", "committed");
    report(&repo().join("results"), &out);
    let drawn = svgs(&out.join("pictures"));
    let committed = svgs(&repo().join("results/pictures"));
    assert!(
        drawn.keys().eq(committed.keys()) && drawn == committed,
        "results/pictures is stale: regenerate it with \
         `cargo run --release -- report results/ --out results/README.md` and commit it"
    );
    let page = std::fs::read_to_string(repo().join("results/README.md")).unwrap();
    let linked = links(&page);
    assert!(
        linked.iter().all(|l| committed.contains_key(l)),
        "every linked picture exists"
    );
    assert_eq!(
        linked.len(),
        committed.len(),
        "every picture is linked from results/README.md"
    );
    let named: Vec<NamedPosition> = std::fs::read_dir(repo().join("solver-configs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .flat_map(|p| Config::load(&p).unwrap().positions)
        .collect();
    let checked = check_dir(
        &repo().join("results"),
        &repo().join("results/pictures"),
        &named,
    );
    assert!(checked > 100, "{checked} PV pictures");
    let _ = std::fs::remove_dir_all(&out);
}

const HEADER: &str = "board,rules,suicide,komi,value,outcome,lower,upper,status,pv,pv_length,\
nodes,seconds,peak_mib,threads,version,position\n";

#[test]
fn a_ring_a_capture_and_a_suicide_are_drawn_and_stale_pictures_go() {
    let tables = tmpdir("pictures", "tables");
    // Values need not be right here: the pictures draw the PVs.
    let rows = [
        // p1 is captured on a ring of five.
        "ring:5,psk,forbidden,0,3,B+3,3,3,solved,p0 p1 p2 pass pass,5,10,0.0,0.0,1,0.1.0,",
        // Black's A1 is captured.
        "1x3,psk,forbidden,0,-3,W+3,-3,-3,solved,A1 B1 pass pass,4,10,0.5,0.0,1,0.1.0,",
        // Black's B1 kills its own two stones.
        "1x4,psk,allowed,0,-4,W+4,-4,-4,solved,A1 C1 B1 pass pass,5,7,0.1,0.0,1,0.1.0,",
        "1x4,ssk,forbidden,0,0,jigo,0,0,solved,pass pass,2,7,0.1,0.0,1,0.1.0,",
        "1x4,ssk,allowed,0,,unsolved,-4,4,unsolved,,0,7,0.1,0.0,1,0.1.0,",
    ];
    std::fs::write(
        tables.join("t.csv"),
        format!("{HEADER}{}\n", rows.join("\n")),
    )
    .unwrap();
    let out = tmpdir("pictures", "ring");
    std::fs::create_dir_all(out.join("pictures")).unwrap();
    std::fs::write(out.join("pictures/stale.svg"), "<svg/>").unwrap();
    std::fs::write(out.join("pictures/notes.txt"), "kept").unwrap();
    report(&tables, &out);
    let files = svgs(&out.join("pictures"));
    assert!(
        !files.contains_key("stale.svg"),
        "a stale picture is removed"
    );
    assert!(
        out.join("pictures/notes.txt").exists(),
        "other files are kept"
    );
    assert_eq!(check_dir(&tables, &out.join("pictures"), &[]), 4);
    let ring = &files["ring_5-psk-forbidden.svg"];
    assert!(ring.contains("captures 1"), "{ring}");
    assert!(files["1x3-psk-forbidden.svg"].contains("captures 1"));
    assert!(files["1x4-psk-allowed.svg"].contains("suicide of 2"));
    let page = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(
        page.contains("[3](pictures/ring_5-psk-forbidden.svg)"),
        "{page}"
    );
    assert!(
        page.contains("| [-4, 4] |"),
        "an unsolved cell links nothing: {page}"
    );
    assert_eq!(links(&page).len(), files.len(), "{page}");
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_dir_all(&tables);
}

#[test]
fn named_positions_are_drawn_from_their_start() {
    let root = tmpdir("pictures", "positions");
    let (results, configs) = (root.join("results"), root.join("solver-configs"));
    std::fs::create_dir_all(&results).unwrap();
    std::fs::create_dir_all(&configs).unwrap();
    let config = configs.join("shapes.toml");
    // White to move in atari: Black's stone on A1 is captured at once
    // under psk when White plays B1.
    std::fs::write(
        &config,
        "name = \"shapes\"\nboards = [\"1x3\"]\nrules = [\"psk\", \"fixed\"]\n\
         suicide = [\"forbidden\"]\nkomi = [0]\n\n\
         [[positions]]\nname = \"atari\"\nboard = \"1x3\"\ndiagram = \"X..\"\n\
         to_move = \"white\"\n\n\
         [[positions]]\nname = \"two\"\nboard = \"1x3\"\ndiagram = \"X.O\"\n",
    )
    .unwrap();
    let o = sweep(&config, &results, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    report(&results, &results);
    let named = Config::load(&config).unwrap().positions;
    // 1x3, atari and two, under psk and fixed.
    assert_eq!(check_dir(&results, &results.join("pictures"), &named), 6);
    let page = std::fs::read_to_string(results.join("README.md")).unwrap();
    assert!(
        page.contains("](pictures/pos-atari-psk-forbidden.svg)"),
        "{page}"
    );
    let atari =
        std::fs::read_to_string(results.join("pictures/pos-atari-psk-forbidden.svg")).unwrap();
    assert!(atari.contains("atari (1x3, white to move)"), "{atari}");
    let _ = std::fs::remove_dir_all(&root);
}
