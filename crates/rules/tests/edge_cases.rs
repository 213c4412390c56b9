//! Hand-built edge cases of every ruleset, each worked out by hand from
//! docs/rules.md (the passage is quoted next to the test). Positions are
//! reached by replaying moves through the `Game` API and checked against
//! diagrams: `X` black, `O` white, `.` empty; point names are GTP style
//! (columns A, B, C, ... from the left, rows from the bottom; on 1xN the
//! points are A1, B1, C1, ... from the left).

use kosolve_board::{Board, Color, Position, Suicide};
use kosolve_rules::{
    AnyGame, End, FundamentalGame, Game, GameResult, KeeGame, Komi, Move, Rules, RulesError,
    Ruleset, StandardGame,
};
use std::sync::Arc;

fn board(spec: &str) -> Arc<Board> {
    Arc::new(Board::parse(spec).unwrap())
}

fn game(spec: &str, rules: Rules) -> AnyGame {
    AnyGame::new(board(spec), rules)
}

fn rules(rs: Ruleset) -> Rules {
    Rules::new(rs)
}

fn allowed(rs: Ruleset) -> Rules {
    Rules::new(rs).with_suicide(Suicide::Allowed).unwrap()
}

fn mv(g: &impl Game, name: &str) -> Move {
    Move::parse(g.board(), name).unwrap_or_else(|| panic!("bad move name {name}"))
}

fn history(g: &impl Game) -> String {
    g.moves()
        .iter()
        .map(|m| m.name(g.board()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays the moves (names separated by spaces); each must be legal.
fn play(g: &mut impl Game, moves: &str) {
    for name in moves.split_whitespace() {
        let m = mv(g, name);
        assert!(
            g.try_play(m),
            "{name} should be legal under {} after [{}]",
            g.rules().ruleset,
            history(g)
        );
    }
}

fn legal(g: &impl Game, name: &str) -> bool {
    g.is_legal(mv(g, name))
}

fn legal_names(g: &impl Game) -> Vec<String> {
    g.legal_move_list()
        .iter()
        .map(|m| m.name(g.board()))
        .collect()
}

/// Asserts the current position.
fn at(g: &impl Game, diagram: &str) {
    let want = Position::from_diagram(g.board(), diagram).unwrap();
    assert_eq!(
        g.position(),
        want,
        "after [{}]: have\n{}\nwant\n{}",
        history(g),
        g.position().diagram(g.board()),
        want.diagram(g.board())
    );
}

// ---------------------------------------------------------------------------
// A bug class known in some Go rules engines: superko checked only after captures.
// ---------------------------------------------------------------------------

/// 1x3: B A1, W C1, B B1 (captures C1), W C1 (captures A1 B1); now B A1
/// would recreate "X . O" without capturing anything. docs/rules.md,
/// "`psk`: positional superko": "a board play must not produce a position
/// that has occurred" — illegal.
#[test]
fn psk_forbids_non_capturing_recreation() {
    for rs in [Ruleset::Psk, Ruleset::TrompTaylor, Ruleset::Primitive] {
        let mut g = game("1x3", rules(rs));
        play(&mut g, "A1 C1");
        at(&g, "X . O");
        play(&mut g, "B1");
        at(&g, "X X .");
        play(&mut g, "C1");
        at(&g, ". . O");
        assert!(!legal(&g, "A1"), "{rs}: A1 recreates X . O");
        let want: Vec<&str> = if rs == Ruleset::Primitive {
            vec!["B1"]
        } else {
            vec!["B1", "pass"]
        };
        assert_eq!(legal_names(&g), want, "{rs}");
        assert!(!g.try_play(mv(&g, "A1")));
        at(&g, ". . O");
    }
}

/// The same position under ssk and nssk: "X . O" stood with Black to move
/// and was created by White, so Black may recreate it (docs/rules.md,
/// "4. Ko rules with passes and area scoring": ssk compares position +
/// player to move; nssk asks whether the *same player* created it) — an ssk move and an nssk move that psk forbids.
#[test]
fn ssk_and_nssk_allow_what_psk_forbids() {
    for rs in [Ruleset::Ssk, Ruleset::Nssk] {
        let mut g = game("1x3", rules(rs));
        play(&mut g, "A1 C1 B1 C1");
        at(&g, ". . O");
        assert!(legal(&g, "A1"), "{rs}");
        play(&mut g, "A1");
        at(&g, "X . O");
        // White B1 captures A1 (its only liberty) and makes a new position.
        assert!(legal(&g, "B1"), "{rs}");
        play(&mut g, "B1");
        at(&g, ". O O");
    }
    let mut g = game("1x3", rules(Ruleset::Fixed));
    play(&mut g, "A1 C1 B1 C1");
    // fixed: (". . O" -> "X . O") was never played: legal.
    assert!(legal(&g, "A1"));
}

/// ssk forbids but nssk allows (suicide forbidden), on 1x4:
/// B B1, W C1 (White creates ". X O ."), B pass (the situation
/// (". X O .", White to move) now occurred), W A1 (captures B1):
///   O . O .
/// Black B1 captures A1 and recreates ". X O ." with White to move:
/// a repeated situation (ssk illegal), but a position Black never created
/// (nssk legal); psk forbids it too.
#[test]
fn ssk_forbids_what_nssk_allows() {
    let seq = "B1 C1 pass A1";
    let mut s = game("1x4", rules(Ruleset::Ssk));
    play(&mut s, seq);
    at(&s, "O . O .");
    assert!(!legal(&s, "B1"));
    let mut n = game("1x4", rules(Ruleset::Nssk));
    play(&mut n, seq);
    assert!(legal(&n, "B1"));
    play(&mut n, "B1");
    at(&n, ". X O .");
    let mut p = game("1x4", rules(Ruleset::Psk));
    play(&mut p, seq);
    assert!(!legal(&p, "B1"));
    // With suicide allowed on 1x1: B pass, then White's single-stone
    // suicide recreates the initial situation (empty, Black to move).
    let mut s = game("1x1", allowed(Ruleset::Ssk));
    play(&mut s, "pass");
    assert!(!legal(&s, "A1"));
    let mut n = game("1x1", allowed(Ruleset::Nssk));
    play(&mut n, "pass");
    assert!(legal(&n, "A1"));
}

// ---------------------------------------------------------------------------
// Fixed ko and basic ko: a ko on 1x4.
// ---------------------------------------------------------------------------

/// 1x4: B B1, W C1, B D1 captures C1:
///   . X . X
/// W C1 captures D1 and recreates ". X O ." — from a different left
/// position than White's first C1 (which left ". X . ."), so fixed ko
/// allows it (docs/rules.md, "`fixed`: fixed ko": "a board play is illegal
/// if its pair has been recorded before, by either player", the pair being
/// the position it started from and the position it produced). Black's D1 recapture
/// would then repeat the pair (". X O ." -> ". X . X") of move 3: illegal.
/// Basic ko forbids W C1 ("the position two moves ago"), as do psk, ssk, nssk.
#[test]
fn fixed_ko_pairs_and_basic_ko() {
    let mut g = game("1x4", rules(Ruleset::Fixed));
    play(&mut g, "B1 C1");
    at(&g, ". X O .");
    play(&mut g, "D1");
    at(&g, ". X . X");
    assert!(legal(&g, "C1"), "a new (left, created) pair");
    play(&mut g, "C1");
    at(&g, ". X O .");
    assert!(!legal(&g, "D1"), "repeats the pair of move 3");
    // Black A1 would be a suicide (C1 keeps the liberty D1): only pass.
    assert_eq!(legal_names(&g), vec!["pass"]);
    for rs in [
        Ruleset::Basic,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
        Ruleset::Psk,
        Ruleset::Ssk,
        Ruleset::Nssk,
    ] {
        let mut g = game("1x4", rules(rs));
        play(&mut g, "B1 C1 D1");
        assert!(!legal(&g, "C1"), "{rs}: the ko recapture");
        assert_eq!(legal_names(&g), vec!["pass"], "{rs}");
    }
    // basic: after a pass by each side the ko may be retaken (the position
    // two moves ago is then ". X . X" itself).
    let mut g = game("1x4", rules(Ruleset::Basic).with_end_passes(3).unwrap());
    play(&mut g, "B1 C1 D1 pass pass");
    at(&g, ". X . X");
    assert!(legal(&g, "C1"));
    // basic-fixed allows it too: the pair (". X . X" -> ". X O .") was
    // never played, and two moves ago stood ". X . X".
    let mut g = game(
        "1x4",
        rules(Ruleset::BasicFixed).with_end_passes(3).unwrap(),
    );
    play(&mut g, "B1 C1 D1 pass pass C1");
    at(&g, ". X O .");
    // Black's D1 would repeat the pair of move 3 (and recreate the
    // position two moves ago).
    assert!(!legal(&g, "D1"));
    // bkr the same: {C1, D1} is a ko of ". X . X" (White's C1 takes D1,
    // Black's D1 takes it back), so the basic ko rule bans C1 at once;
    // after the passes White's C1 is new (her C1 of move 2 was played
    // from ". X . .", another frame), and Black's D1 from ". X O ." was
    // already played from that frame at move 3.
    let mut g = game("1x4", rules(Ruleset::Bkr).with_end_passes(3).unwrap());
    play(&mut g, "B1 C1 D1");
    assert!(!legal(&g, "C1"));
    play(&mut g, "pass pass C1");
    at(&g, ". X O .");
    assert!(!legal(&g, "D1"));
    assert_eq!(legal_names(&g), vec!["pass"]);
}

/// basic: "the first move is unrestricted" and "two moves ago counts passes
/// as moves". With suicide allowed on 1x1: Black's first move may be a
/// single-stone suicide; after a Black pass, White's single-stone suicide
/// recreates the position before Black's pass: illegal.
#[test]
fn basic_ko_counts_passes() {
    let mut g = game("1x1", allowed(Ruleset::Basic));
    assert!(legal(&g, "A1"), "first move unrestricted");
    play(&mut g, "pass");
    assert!(!legal(&g, "A1"), "recreates the position before B's pass");
    assert_eq!(legal_names(&g), vec!["pass"]);
    let mut g = game("1x1", allowed(Ruleset::Basic));
    play(&mut g, "A1");
    at(&g, ".");
    assert!(!legal(&g, "A1"), "recreates the position before B's A1");
}

// ---------------------------------------------------------------------------
// Suicide allowed.
// ---------------------------------------------------------------------------

/// 1x4, suicide allowed: B pass, W C1, B A1, W pass:
///   X . O .
/// Black B1 is a two-stone suicide (C1 keeps the liberty D1) that leaves
///   . . O .
/// which occurred after move 2: illegal under psk (docs/rules.md, "2. Shared
/// mechanics": the chain comes off the board; "`psk`: positional superko"), legal under ssk (it stood with Black to move then)
/// and nssk (White created it).
#[test]
fn multi_stone_suicide_and_superko() {
    for (r, ok) in [
        (rules(Ruleset::TrompTaylor), false),
        (allowed(Ruleset::Psk), false),
        (allowed(Ruleset::Ssk), true),
        (allowed(Ruleset::Nssk), true),
    ] {
        let mut g = game("1x4", r);
        play(&mut g, "pass C1 A1 pass");
        at(&g, "X . O .");
        assert_eq!(legal(&g, "B1"), ok, "{}", r.ruleset);
        if ok {
            play(&mut g, "B1");
            at(&g, ". . O .");
        }
    }
    // With suicide forbidden it is no move at all.
    let mut g = game("1x4", rules(Ruleset::Ssk));
    play(&mut g, "pass C1 A1 pass");
    assert!(!legal(&g, "B1"));
}

/// 1x1: a single-stone suicide leaves the empty board: psk forbids it
/// (the empty board occurred), ssk and nssk allow it once.
#[test]
fn single_stone_suicide_on_1x1() {
    let g = game("1x1", allowed(Ruleset::Psk));
    assert_eq!(legal_names(&g), vec!["pass"]);
    let g = game("1x1", rules(Ruleset::TrompTaylor));
    assert_eq!(legal_names(&g), vec!["pass"]);
    for rs in [Ruleset::Ssk, Ruleset::Nssk] {
        let mut g = game("1x1", allowed(rs));
        assert_eq!(legal_names(&g), vec!["A1", "pass"], "{rs}");
        play(&mut g, "A1");
        at(&g, ".");
        assert_eq!(g.to_move(), Color::White);
    }
    // nssk: White may do the same (the empty board was created by Black only) ...
    let mut g = game("1x1", allowed(Ruleset::Nssk));
    play(&mut g, "A1 A1");
    // ... and then neither may again.
    assert_eq!(legal_names(&g), vec!["pass"]);
    // ssk: White's suicide would recreate (empty, Black to move): illegal.
    let mut g = game("1x1", allowed(Ruleset::Ssk));
    play(&mut g, "A1");
    assert_eq!(legal_names(&g), vec!["pass"]);
    // Suicide forbidden: no board play at all on 1x1.
    assert_eq!(legal_names(&game("1x1", rules(Ruleset::Ssk))), vec!["pass"]);
}

// ---------------------------------------------------------------------------
// Game end by passes.
// ---------------------------------------------------------------------------

#[test]
fn two_passes_end_and_score() {
    let mut g = game("1x3", rules(Ruleset::Psk));
    play(&mut g, "B1 pass");
    assert_eq!(g.result(), None);
    play(&mut g, "pass");
    at(&g, ". X .");
    assert_eq!(g.result(), Some(GameResult::Score { black: 3, white: 0 }));
    assert!(g.legal_move_list().is_empty());
    assert!(!legal(&g, "A1"));
    assert!(!g.try_play(Move::Pass));
    // A board play resets the pass count.
    let mut g = StandardGame::new(board("1x3"), rules(Ruleset::Psk));
    play(&mut g, "pass B1 pass");
    assert_eq!(g.consecutive_passes(), 1);
    assert_eq!(g.result(), None);
    // end_passes = 3.
    let mut g = game("1x3", rules(Ruleset::Psk).with_end_passes(3).unwrap());
    play(&mut g, "B1 pass pass");
    assert_eq!(g.result(), None);
    play(&mut g, "pass");
    assert_eq!(g.result(), Some(GameResult::Score { black: 3, white: 0 }));
    // Dame scores for nobody: "X . O" is 1 - 1.
    let mut g = game("1x3", rules(Ruleset::Psk));
    play(&mut g, "A1 C1 pass pass");
    assert_eq!(g.result(), Some(GameResult::Score { black: 1, white: 1 }));
    assert_eq!(g.result().unwrap().raw_margin(), Some(0));
}

// ---------------------------------------------------------------------------
// Primitive ko.
// ---------------------------------------------------------------------------

/// docs/rules.md, "`primitive`: primitive ko": "no pass exists"; "the first
/// player unable to make a legal board play has lost". 1x2: B A1, W B1 captures:
///   . O
/// Black A1 would recreate "X .": no legal move, White wins.
#[test]
fn primitive_has_no_pass_and_stuck_player_loses() {
    let mut g = game("1x2", rules(Ruleset::Primitive));
    assert_eq!(legal_names(&g), vec!["A1", "B1"]);
    assert!(!legal(&g, "pass"));
    play(&mut g, "A1");
    assert_eq!(legal_names(&g), vec!["B1"]);
    assert_eq!(g.result(), None);
    play(&mut g, "B1");
    at(&g, ". O");
    assert!(g.legal_move_list().is_empty());
    assert_eq!(g.result(), Some(GameResult::Win(Color::White)));
    // 1x1: Black has no board play at all (suicide) and loses at once.
    let g = game("1x1", rules(Ruleset::Primitive));
    assert_eq!(g.result(), Some(GameResult::Win(Color::White)));
}

// ---------------------------------------------------------------------------
// Kee.
// ---------------------------------------------------------------------------

/// docs/rules.md, "`kee`: Kee Rules v3.0": "H_P is first cleared if the turn
/// was a pass, and then the current board is put into H_P". 1x3: B B1, W pass, B A1, W C1 (captures A1 B1):
///   . . O
/// Black B1 (capturing C1) would recreate ". X .", which is in H_Black:
/// illegal. After B pass (H_Black = {". . O"}) and W pass, it is legal.
#[test]
fn kee_pass_clears_the_passers_history() {
    let mut g = KeeGame::new(board("1x3"), rules(Ruleset::Kee));
    play(&mut g, "B1 pass A1 C1");
    at(&g, ". . O");
    assert!(!legal(&g, "B1"));
    assert_eq!(g.history(Color::Black).len(), 2);
    play(&mut g, "pass");
    assert_eq!(g.history(Color::Black).len(), 1);
    let here = Position::from_diagram(g.board(), ". . O").unwrap();
    assert!(g.history(Color::Black).contains(&here));
    play(&mut g, "pass");
    assert_eq!(g.result(), None);
    assert!(legal(&g, "B1"));
    play(&mut g, "B1");
    at(&g, ". X .");
}

/// docs/rules.md, "`kee`: Kee Rules v3.0": "The game stops at the first turn
/// t1 whose recorded game situation repeats one recorded earlier"; "No other
/// event ends a Kee game". Four passes from the start: the
/// situation after pass 4 (Black to move, empty, H_B = H_W = {empty})
/// equals the one after pass 2; t0 = 2, t1 = 4; each player passed on the
/// empty board inside (2, 4]: score 0 - 0.
#[test]
fn kee_four_passes_from_the_start() {
    let mut g = KeeGame::new(board("2x2"), rules(Ruleset::Kee));
    for i in 1..=3 {
        play(&mut g, "pass");
        assert_eq!(g.result(), None, "not over after {i} passes");
        assert_eq!(g.cycle(), None);
    }
    play(&mut g, "pass");
    assert_eq!(g.cycle(), Some((2, 4)));
    assert_eq!(g.satisfactory(Color::Black), vec![Position::EMPTY]);
    assert_eq!(g.satisfactory(Color::White), vec![Position::EMPTY]);
    assert_eq!(g.result(), Some(GameResult::Score { black: 0, white: 0 }));
    assert!(g.legal_move_list().is_empty());
    g.undo();
    assert_eq!(g.result(), None);
    assert!(legal(&g, "pass"));
}

/// Kee on 1x3 after `moves` and a last pass: no result before that pass,
/// and the pass closes the cycle `cycle`.
fn kee_cycle_1x3(moves: &str, cycle: (usize, usize)) -> KeeGame {
    let mut g = KeeGame::new(board("1x3"), rules(Ruleset::Kee));
    play(&mut g, moves);
    assert_eq!(g.result(), None, "{moves}");
    play(&mut g, "pass");
    assert_eq!(g.cycle(), Some(cycle), "{moves}");
    g
}

/// A cycle with a stone: 1x3, B B1, W pass, B pass, W pass. The situation
/// after turn 4 (Black to move, ". X .", H_B = H_W = {". X ."}) repeats
/// the one after turn 2. Satisfactory: Black passed on ". X ." at turn 3,
/// White at turn 4 (her pass at turn 2 is outside (2, 4]). Black's area 3,
/// White's 0.
#[test]
fn kee_cycle_score() {
    let g = kee_cycle_1x3("B1 pass pass", (2, 4));
    let p = Position::from_diagram(g.board(), ". X .").unwrap();
    assert_eq!(g.satisfactory(Color::Black), vec![p]);
    assert_eq!(g.satisfactory(Color::White), vec![p]);
    assert_eq!(g.result(), Some(GameResult::Score { black: 3, white: 0 }));

    // A longer cycle: 1x3, B A1, W pass, B pass, W C1, B pass, W pass,
    // B pass, W pass. Turn 8 repeats turn 6 (Black to move, "X . O",
    // H_B = H_W = {"X . O"}). Satisfactory: "X . O" (turn 7 for Black,
    // turn 8 for White); areas 1 and 1 (B1 is dame).
    let g = kee_cycle_1x3("A1 pass pass C1 pass pass pass", (6, 8));
    let q = Position::from_diagram(g.board(), "X . O").unwrap();
    assert_eq!(g.satisfactory(Color::Black), vec![q]);
    assert_eq!(g.result(), Some(GameResult::Score { black: 1, white: 1 }));

    // Two satisfactory positions for Black; her score is the larger area.
    // 1x3: t1 B A1 "X . .", t2 W pass, t3 B pass (situation S: White to
    // move, "X . .", H_B = H_W = {"X . ."}), t4 W B1 captures A1 ". O .",
    // t5 B pass (on ". O .", Black's area 0), t6 W C1 ". O O", t7 B A1
    // captures both "X . ." (not in H_B = {". O ."}), t8 W pass (H_W =
    // {"X . ."}), t9 B pass (on "X . .", area 3; H_B = {"X . ."}): S again.
    let g = kee_cycle_1x3("A1 pass pass B1 pass C1 A1 pass", (3, 9));
    let b = g.board().clone();
    let d = |s: &str| Position::from_diagram(&b, s).unwrap();
    assert_eq!(g.satisfactory(Color::Black), vec![d(". O ."), d("X . .")]);
    assert_eq!(g.satisfactory(Color::White), vec![d("X . .")]);
    assert_eq!(g.result(), Some(GameResult::Score { black: 3, white: 0 }));
}

// ---------------------------------------------------------------------------
// Fundamental and Ultimate Go.
// ---------------------------------------------------------------------------

fn fund(rs: Ruleset, komi_halves: i32, spec: &str) -> FundamentalGame {
    FundamentalGame::new(board(spec), rules(rs).with_komi(Komi(komi_halves)))
}

/// [`fund`] after `moves` (names separated by spaces), each legal.
fn fund_after(rs: Ruleset, komi_halves: i32, spec: &str, moves: &str) -> FundamentalGame {
    let mut g = fund(rs, komi_halves, spec);
    play(&mut g, moves);
    g
}

/// docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go with prisoner
/// return)": "She needs at least one prisoner to delay"; "A player with no
/// legal move loses"; "There is no pass". 1x2, komi 0:
/// B A1, W B1 (captures: White holds 1). Black: A1 would recreate "X .",
/// no prisoner to delay: White wins.
#[test]
fn fundamental_delay_needs_a_prisoner() {
    let mut g = fund(Ruleset::Fundamental, 0, "1x2");
    assert!(!legal(&g, "delay"));
    assert!(!legal(&g, "pass"));
    assert!(!legal(&g, "ultimate"));
    assert_eq!(legal_names(&g), vec!["A1", "B1"]);
    play(&mut g, "A1 B1");
    at(&g, ". O");
    assert_eq!(g.prisoners(Color::White), 1);
    assert_eq!(g.prisoners(Color::Black), 0);
    assert!(g.legal_move_list().is_empty());
    assert_eq!(g.result(), Some(GameResult::Win(Color::White)));
    // Komi -1 gives Black one prisoner: Black delays, White delays her
    // captured stone, and Black is stuck.
    let mut g = fund(Ruleset::Fundamental, -2, "1x2");
    assert_eq!(g.prisoners(Color::Black), 1);
    play(&mut g, "A1 B1");
    assert_eq!(legal_names(&g), vec!["delay"]);
    play(&mut g, "delay");
    assert_eq!(g.prisoners(Color::Black), 0);
    // White A1 would be a suicide ("O O"): only the delay.
    assert_eq!(legal_names(&g), vec!["delay"]);
    play(&mut g, "delay");
    assert_eq!(g.prisoners(Color::White), 0);
    assert_eq!(g.result(), Some(GameResult::Win(Color::White)));
    // 1x1: Black can neither place (suicide) nor delay: she loses at once.
    let g = fund(Ruleset::Fundamental, 0, "1x1");
    assert_eq!(g.result(), Some(GameResult::Win(Color::White)));
}

/// docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go with prisoner
/// return)", komi: "Integer komi K > 0 means White's bowl starts with K
/// prisoners, given by Black; an extra .5 means White is credited with
/// draws"; "kosolve writes komi k as K = ⌊k⌋ plus an optional half":
/// -1.5 = -2 + 0.5.
#[test]
fn komi_gives_prisoners() {
    for (halves, black, white, half) in [
        (0, 0, 0, false),
        (1, 0, 0, true),
        (4, 0, 2, false),
        (5, 0, 2, true),
        (-2, 1, 0, false),
        (-3, 2, 0, true),
        (-1, 1, 0, true),
    ] {
        for rs in [
            Ruleset::Fundamental,
            Ruleset::Ultimate,
            Ruleset::UltimateSimple,
        ] {
            let g = fund(rs, halves, "2x2");
            let k = Komi(halves);
            assert_eq!(
                (
                    g.prisoners(Color::Black),
                    g.prisoners(Color::White),
                    g.draw_is_white_win()
                ),
                (black, white, half),
                "{rs} komi {k}"
            );
        }
    }
    let g = fund(Ruleset::Fundamental, 4, "2x2");
    // White may delay at her first turn (after Black's placement).
    let mut g2 = g.clone();
    play(&mut g2, "A1");
    assert!(legal(&g2, "delay"));
    assert!(!legal(&g, "delay"), "Black holds none");
    let e = g.with_extra_prisoners(1);
    assert_eq!(
        (e.prisoners(Color::Black), e.prisoners(Color::White)),
        (1, 3)
    );
}

/// docs/rules.md, "`ultimate`: Ultimate Go (the original rules, section
/// III)": "each player can make it at most once"; "The player who made the
/// first ultimate delay gains a right once the opponent makes the second:
/// from then on, on any of her turns, she may declare a draw. Declaring is a
/// move, and it ends the game drawn."
#[test]
fn ultimate_delay_and_draw_right() {
    let mut g = fund(Ruleset::Ultimate, 0, "1x1");
    assert_eq!(legal_names(&g), vec!["ultimate"]);
    play(&mut g, "ultimate");
    assert!(g.ultimate_used(Color::Black));
    assert_eq!(g.draw_right(), None);
    assert_eq!(legal_names(&g), vec!["ultimate"]);
    play(&mut g, "ultimate");
    assert_eq!(g.draw_right(), Some(Color::Black));
    // Black's ultimate is spent; she may declare the draw.
    assert_eq!(legal_names(&g), vec!["draw"]);
    play(&mut g, "draw");
    assert_eq!(g.result(), Some(GameResult::Draw));
    assert!(g.legal_move_list().is_empty());
    g.undo();
    assert_eq!(g.result(), None);

    // The right is Black's only, and lasts: 1x3, B ult, W ult, B A1,
    // W C1: White cannot declare; Black still can.
    let mut g = fund_after(Ruleset::Ultimate, 0, "1x3", "ultimate ultimate A1");
    assert!(!legal(&g, "draw"));
    assert!(!legal(&g, "ultimate"));
    play(&mut g, "C1");
    assert!(legal(&g, "draw"));
    // White first: the right goes to White.
    let g = fund_after(Ruleset::Ultimate, 0, "1x3", "A1 ultimate ultimate");
    assert_eq!(g.draw_right(), Some(Color::White));
    assert!(legal(&g, "draw"));
    // Fundamental Go has no ultimate delay and no draw.
    let g = fund(Ruleset::Fundamental, 0, "1x3");
    assert!(!legal(&g, "ultimate") && !legal(&g, "draw"));
}

/// docs/rules.md, "`ultimate-simple`: the current, simplified version": "The
/// first delay in the game, whoever makes it, has to be an ultimate delay";
/// "A player may make the second ultimate delay only while she holds no
/// regular prisoners".
#[test]
fn ultimate_simple_restrictions() {
    // Komi 2: White holds 2 prisoners. After B A1 ("X . ."), White may
    // delay under `ultimate` but not under `ultimate-simple`.
    let u = fund_after(Ruleset::Ultimate, 4, "1x3", "A1");
    assert!(legal(&u, "delay"));
    let s = fund_after(Ruleset::UltimateSimple, 4, "1x3", "A1");
    assert!(!legal(&s, "delay"), "first delay must be ultimate");
    assert!(legal(&s, "ultimate"));
    // B ultimate first; White holds prisoners: her ultimate is refused
    // under ultimate-simple (allowed under ultimate), her delay now allowed.
    let u = fund_after(Ruleset::Ultimate, 4, "1x3", "ultimate");
    assert!(legal(&u, "ultimate"));
    let mut s = fund_after(Ruleset::UltimateSimple, 4, "1x3", "ultimate");
    assert!(!legal(&s, "ultimate"), "second ultimate with prisoners");
    assert!(legal(&s, "delay"));
    // After White returns both prisoners she may play the second ultimate.
    play(&mut s, "delay A1");
    assert_eq!(s.prisoners(Color::White), 1);
    assert!(!legal(&s, "ultimate"), "White still holds one");
    play(&mut s, "delay");
    assert_eq!(s.prisoners(Color::White), 0);
    assert!(!legal(&s, "ultimate"), "Black's ultimate is spent");
    play(&mut s, "C1");
    at(&s, "X . X");
    assert!(legal(&s, "ultimate"));
    play(&mut s, "ultimate");
    assert_eq!(s.draw_right(), Some(Color::Black));
    // The first ultimate delay by a player with prisoners is fine.
    let s = fund_after(Ruleset::UltimateSimple, 4, "1x3", "A1");
    assert!(legal(&s, "ultimate"));
}

// ---------------------------------------------------------------------------
// Rules options and their errors.
// ---------------------------------------------------------------------------

#[test]
fn komi_parsing() {
    let k = |s: &str| s.parse::<Komi>();
    assert_eq!(k("0.5"), Ok(Komi(1)));
    assert_eq!(k("0"), Ok(Komi(0)));
    assert_eq!(k("-1.5"), Ok(Komi(-3)));
    assert_eq!(k("7.5"), Ok(Komi(15)));
    assert_eq!(k("+2"), Ok(Komi(4)));
    assert_eq!(k("3.50"), Ok(Komi(7)));
    assert_eq!(k(" 1 "), Ok(Komi(2)));
    for bad in ["0.3", "abc", "", "1e3", "--1", "0.25", ".5", "1.5.5"] {
        let e = k(bad).expect_err(bad);
        assert_eq!(e, RulesError::BadKomi(bad.to_string()));
        assert!(e.to_string().contains("multiple of 0.5"), "{e}");
    }
    for v in [-7, -3, -1, 0, 1, 4, 15] {
        let s = Komi(v).to_string();
        assert_eq!(s.parse::<Komi>(), Ok(Komi(v)), "{s}");
    }
    assert_eq!(Komi(-3).to_string(), "-1.5");
    assert_eq!(Komi(-1).to_string(), "-0.5");
    assert_eq!(Komi(-3).split(), (-2, true));
    assert_eq!(Komi(5).split(), (2, true));
}

#[test]
fn ruleset_names() {
    for rs in Ruleset::ALL {
        assert_eq!(rs.name().parse::<Ruleset>(), Ok(rs));
        assert_eq!(rs.to_string(), rs.name());
    }
    let e = "superko".parse::<Ruleset>().unwrap_err();
    assert_eq!(e, RulesError::UnknownRuleset("superko".into()));
    let msg = e.to_string();
    assert!(msg.contains("superko"), "{msg}");
    for rs in Ruleset::ALL {
        assert!(msg.contains(rs.name()), "{msg} lacks {rs}");
    }
}

#[test]
fn suicide_and_end_options() {
    for rs in [
        Ruleset::Fundamental,
        Ruleset::Ultimate,
        Ruleset::UltimateSimple,
    ] {
        let e = Rules::new(rs).with_suicide(Suicide::Allowed).unwrap_err();
        assert!(matches!(e, RulesError::Unsupported(_)));
        assert!(e.to_string().contains(rs.name()), "{e}");
        assert!(Rules::new(rs).with_suicide(Suicide::Forbidden).is_ok());
        assert!(Rules::new(rs).with_end_passes(3).is_err());
    }
    assert!(Rules::new(Ruleset::TrompTaylor)
        .with_suicide(Suicide::Forbidden)
        .is_err());
    assert_eq!(
        Rules::new(Ruleset::TrompTaylor).suicide,
        Suicide::Allowed,
        "tromp-taylor is psk with suicide allowed"
    );
    for rs in Ruleset::ALL {
        if rs.suicide_configurable() && rs != Ruleset::TrompTaylor {
            assert_eq!(Rules::new(rs).suicide, Suicide::Forbidden, "{rs}");
            assert!(Rules::new(rs).with_suicide(Suicide::Allowed).is_ok());
        }
    }
    assert!(Rules::new(Ruleset::Psk).with_end_passes(0).is_err());
    assert_eq!(
        Rules::new(Ruleset::Psk).with_end_passes(3).unwrap().end,
        End::Passes(3)
    );
    assert_eq!(Rules::new(Ruleset::Psk).end, End::Passes(2));
    assert!(Rules::new(Ruleset::Kee).with_end_passes(2).is_err());
    assert!(Rules::new(Ruleset::Primitive).with_end_passes(2).is_err());
    assert!(!Ruleset::Primitive.has_pass());
    assert!(Ruleset::Kee.has_pass());
}
