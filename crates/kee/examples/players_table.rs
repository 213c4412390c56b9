//! Writes results/kee-multi.csv and results/kee-multi.md: per board, number
//! of players, suicide setting and player, the guarantee, whether she can
//! force a strict win, whether she can prevent the others from winning,
//! the situations of the graph and the seconds.
//!
//! `cargo run --release -p kosolve-kee --example players_table -- [OUT_DIR]
//! [cap=SITUATIONS] [only=BOARD,BOARD] [players=K] [suicide=forbidden|allowed]`

use kosolve_board::{Board, Suicide};
use kosolve_kee::players::parity::Graph;
use kosolve_kee::players::restricted::{self, KeeOptions};
use kosolve_kee::players::{turn_name, KeeRules, Payoff, Player};
use std::fmt::Write as _;
use std::time::Instant;

const BOARDS: &[(&str, &[usize])] = &[
    ("1x1", &[2, 3, 4]),
    ("1x2", &[2, 3, 4]),
    ("2x1", &[2, 3, 4]),
    ("1x3", &[2, 3, 4]),
    ("ring:3", &[2, 3]),
    ("1x4", &[2, 3]),
    ("2x2", &[3]),
    ("ring:4", &[3]),
    ("1x5", &[3]),
    ("2x3", &[3]),
];

/// What the three-player rows of the committed table show (written by
/// hand from them; the table is deterministic).
const SUMMARY: &str = "With three players the first player dominates only where the board is tiny: on 1x3 Black alone can force all three points and a strict win (White and Red are held to 0). On every larger board here (ring:3, 1x4, 2x2, ring:4, 1x5, 2x3) and on 1x2 and 2x1, each player's guarantee is 0: the other two, acting together, can hold any player to no points and keep her below another player, so nobody can force a strict win or even prevent the others from winning. The rows marked *forgetful games* come from bounds that met (docs/kee.md, \"Forgetful games for more than two players\"); they have no line, since a forgetful game's line is not a line of the game.";

/// The full graph is tried up to this many situations (a minute); past it,
/// forgetful games (docs/kee.md, "Forgetful games for more than two
/// players") bound every answer in far smaller graphs.
const FULL_FIRST: u64 = 10_000_000;

/// The rows of a board whose full graph is too large: each player's
/// guarantee and margin from forgetful games (exact where the bounds meet,
/// `[lo, hi]` otherwise), the largest graph built, no line (a forgetful
/// game's line is not a line of the game).
fn forgetful_rows(board: &Board, rules: KeeRules, cap: u64, (csv, md): (&mut String, &mut String)) {
    let name = board.name();
    let (k, su) = (rules.players, rules.suicide);
    let opts = KeeOptions {
        max_situations: cap,
        full: false,
        forgetful_window: Some(2),
        ..KeeOptions::for_players()
    };
    let t = Instant::now();
    let sol = restricted::solve(board, rules, &[Payoff::Score, Payoff::Margin], opts)
        .expect("bounded and checked");
    for pb in &sol.players {
        let p = pb.player;
        let range = |i: usize| (pb.bounds[i].lower.value, pb.bounds[i].upper.value);
        let text = |(lo, hi): (i32, i32)| {
            if lo == hi {
                lo.to_string()
            } else {
                format!("[{lo}, {hi}]")
            }
        };
        let (g, m) = (range(0), range(1));
        let yes = |lo: i32, hi: i32, t: i32| {
            if lo >= t {
                "yes"
            } else if hi < t {
                "no"
            } else {
                "open"
            }
        };
        let (strict, not_lose) = (yes(m.0, m.1, 1), yes(m.0, m.1, 0));
        let largest = pb
            .runs
            .iter()
            .filter_map(|r| r.situations)
            .max()
            .unwrap_or(0);
        let s = t.elapsed().as_secs_f64();
        eprintln!(
            "{name} k={k} {su} {p}: guarantee {}, margin {}, {s:.1} s",
            text(g),
            text(m)
        );
        let field = |r| {
            let t = text(r);
            if t.contains(',') {
                format!("\"{t}\"")
            } else {
                t
            }
        };
        writeln!(
            csv,
            "{name},{k},{su},{p},{},{strict},{not_lose},{},forgetful {largest},{s:.3},",
            field(g),
            field(m)
        )
        .unwrap();
        writeln!(
            md,
            "| {name} | {k} | {su} | {p} | {} | {strict} | {not_lose} | {} | forgetful games, largest {largest} | {s:.2} | |",
            text(g),
            text(m)
        )
        .unwrap();
    }
}

fn main() {
    let mut out_dir = "results".to_string();
    let mut cap: u64 = 40_000_000;
    let mut only: Option<Vec<String>> = None;
    let mut only_players: Option<usize> = None;
    let mut only_suicide: Option<Suicide> = None;
    for a in std::env::args().skip(1) {
        if let Some(k) = a.strip_prefix("players=") {
            only_players = Some(k.parse().expect("players=K"));
        } else if let Some(su) = a.strip_prefix("suicide=") {
            only_suicide = Some(su.parse().expect("suicide=forbidden|allowed"));
        } else if let Some(c) = a.strip_prefix("cap=") {
            cap = c.parse().expect("cap=N");
        } else if let Some(o) = a.strip_prefix("only=") {
            only = Some(o.split(',').map(String::from).collect());
        } else {
            out_dir = a;
        }
    }
    let mut csv = String::from(
        "board,players,suicide,player,guarantee,strict_win,prevents_others_winning,margin,situations,seconds,pv\n",
    );
    let mut md = format!(
        "# Kee Rules for two to four players\n\n\
         Exact values of Kee Rules v3.0 with k players (docs/rules.md, \"Kee with more than two players\"), \
         solved as parity games on the graph of game situations (docs/kee.md, \"Kee with more than two players\"), \
         or, where that graph passes 10 million situations, by forgetful games whose bounds meet; \
         written by `cargo run --release -p kosolve-kee --example players_table`.\n\n\
         - *guarantee*: the largest score the player can force against every joint strategy of the others;\n\
         - *strict win*: whether she can force a score strictly above every other player's;\n\
         - *prevents win*: whether she can force that no other player scores strictly more than she does;\n\
         - *margin*: the largest value she can force of her score minus the best other score;\n\
         - *situations*: game situations reachable from the empty board (the graph solved), or the largest forgetful game built; *seconds*: building it and solving this player's questions, release build, 2-core machine shared with another job;\n\
         - *line*: her strategy for the guarantee against the others' strategy that holds her to it.\n\n\
         {SUMMARY}\n\n\
         | board | players | suicide | player | guarantee | strict win | prevents win | margin | situations | seconds | line |\n\
         |---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for &(name, players) in BOARDS {
        if only.as_ref().is_some_and(|o| !o.iter().any(|b| b == name)) {
            continue;
        }
        let board = Board::parse(name).expect("a board");
        for &k in players {
            if only_players.is_some_and(|o| o != k) {
                continue;
            }
            for su in [Suicide::Forbidden, Suicide::Allowed] {
                if only_suicide.is_some_and(|o| o != su) {
                    continue;
                }
                let rules = KeeRules::new(k, su).expect("2..=4 players");
                let t = Instant::now();
                let g = match Graph::build(&board, rules, cap.min(FULL_FIRST)) {
                    Ok(g) => g,
                    Err(e) => {
                        eprintln!("{name} k={k} {su}: {e}; forgetful games");
                        forgetful_rows(&board, rules, cap, (&mut csv, &mut md));
                        continue;
                    }
                };
                let build = t.elapsed().as_secs_f64();
                eprintln!(
                    "{name} k={k} {su}: {} positions, {} situations, {} edges, {build:.2} s",
                    g.positions(),
                    g.situations(),
                    g.edges()
                );
                for p in Player::all(k) {
                    let t = Instant::now();
                    let solve = |pay| g.solve(&board, p, pay).expect("solved and checked");
                    let guarantee = solve(Payoff::Score);
                    // The win questions are the margin's thresholds
                    // (docs/rules.md; tests/agree.rs checks it).
                    let margin = solve(Payoff::Margin).value;
                    let (strict, not_lose) = (margin >= 1, margin >= 0);
                    let s = build + t.elapsed().as_secs_f64();
                    let pv: Vec<String> =
                        guarantee.pv.iter().map(|&m| turn_name(&board, m)).collect();
                    let pv = pv.join(" ");
                    writeln!(
                        csv,
                        "{name},{k},{su},{p},{},{strict},{not_lose},{margin},{},{s:.3},{pv}",
                        guarantee.value,
                        g.situations()
                    )
                    .unwrap();
                    writeln!(
                        md,
                        "| {name} | {k} | {su} | {p} | {} | {} | {} | {margin} | {} | {s:.2} | {pv} |",
                        guarantee.value,
                        if strict { "yes" } else { "no" },
                        if not_lose { "yes" } else { "no" },
                        g.situations()
                    )
                    .unwrap();
                }
            }
        }
    }
    std::fs::create_dir_all(&out_dir).expect("output directory");
    std::fs::write(format!("{out_dir}/kee-multi.csv"), csv).expect("write csv");
    std::fs::write(format!("{out_dir}/kee-multi.md"), md).expect("write md");
}
