//! Unit tests of the rules on small positions.

use super::*;
use crate::testkit::{count_games, empty_game, game_at, legal_points, play_all, position, rect};
use crate::types::Move::{Pass, Play};

/// The ko position of these tests, on 2x4, Black to move:
///
/// ```text
/// . X O .      0 1 2 3
/// X O . O      4 5 6 7
/// ```
///
/// Black 6 captures the white stone at 5; White 5 would take back at once.
const KO: &str = ".XO./XO.O";

/// The 2x4 ko position under `rules`, after Black's capture at 6.
fn after_ko_capture(rules: Ruleset) -> Game {
    let mut g = game_at(&rect(2, 4), rules, Suicide::Forbidden, KO, Color::Black);
    play_all(&mut g, &[Play(6)]);
    assert_eq!(g.state().pos, position(".XO./X.XO"));
    g
}

#[test]
fn capture_and_retake_on_the_board() {
    let mut g = after_ko_capture(Ruleset::Nssk);
    play_all(&mut g, &[Play(5)]);
    assert_eq!(g.state().pos, position(KO), "the retake restores the start");
}

#[test]
fn immediate_ko_retake_is_banned_by_psk_ssk_basic_fixed_and_bkr() {
    for rules in [
        Ruleset::Psk,
        Ruleset::Ssk,
        Ruleset::BasicFixed,
        Ruleset::Bkr,
    ] {
        let mut g = after_ko_capture(rules);
        // White's other empty points, 0 and 3, are suicides.
        assert_eq!(
            legal_points(&mut g),
            Vec::<u8>::new(),
            "{rules}: retake at 5 must be banned"
        );
    }
}

#[test]
fn fixed_and_nssk_ban_the_second_capture_not_the_first_retake() {
    for rules in [Ruleset::Fixed, Ruleset::Nssk] {
        let mut g = after_ko_capture(rules);
        assert!(
            legal_points(&mut g).contains(&5),
            "{rules}: the first retake is new"
        );
        play_all(&mut g, &[Play(5)]);
        assert!(
            !legal_points(&mut g).contains(&6),
            "{rules}: Black's second capture repeats"
        );
    }
}

#[test]
fn ko_retake_after_a_pass_each() {
    // psk still bans it (the position has occurred); bkr allows it (the
    // basic ko ban lasted one move, and White never played 5 from this
    // frame), then bans Black's second capture at 6 from the ko
    // position's frame even after a pass each.
    let mut g = game_at(
        &rect(2, 4),
        Ruleset::Psk,
        Suicide::Forbidden,
        KO,
        Color::Black,
    );
    g.end_passes = 3;
    play_all(&mut g, &[Play(6), Pass, Pass]);
    assert!(!legal_points(&mut g).contains(&5));
    let mut g = game_at(
        &rect(2, 4),
        Ruleset::Bkr,
        Suicide::Forbidden,
        KO,
        Color::Black,
    );
    g.end_passes = 3;
    play_all(&mut g, &[Play(6), Pass, Pass]);
    assert!(
        legal_points(&mut g).contains(&5),
        "bkr: the ban lasted one move"
    );
    play_all(&mut g, &[Play(5)]);
    assert_eq!(
        g.state().ban,
        Some(6),
        "bkr: White's single capture makes a basic ko ban"
    );
    play_all(&mut g, &[Pass, Pass]);
    assert_eq!(g.state().ban, None);
    // Black's other empty points, 0 and 3, are suicides.
    assert_eq!(
        legal_points(&mut g),
        Vec::<u8>::new(),
        "bkr: (frame, Black, 6) is recorded"
    );
}

#[test]
fn two_passes_end_the_game() {
    let mut g = after_ko_capture(Ruleset::Psk);
    play_all(&mut g, &[Pass]);
    assert!(!g.is_over());
    play_all(&mut g, &[Pass]);
    assert!(g.is_over());
    assert!(g.legal_moves(&mut Vec::new()).is_empty());
    assert_eq!(
        g.score(),
        2,
        "`. X O . / X . X O`: 3 stones and 2 points for Black, 2 and 1 for White"
    );
}

#[test]
fn suicide_forbidden_and_allowed() {
    let spec = rect(2, 3);
    // X . O / O O .: Black at 1 is a two-stone suicide, at 5 a
    // single-stone one (which psk never allows).
    let mut g = game_at(
        &spec,
        Ruleset::Psk,
        Suicide::Forbidden,
        "X.O/OO.",
        Color::Black,
    );
    assert_eq!(legal_points(&mut g), Vec::<u8>::new());
    let mut g = game_at(
        &spec,
        Ruleset::TrompTaylor,
        Suicide::Allowed,
        "X.O/OO.",
        Color::Black,
    );
    assert_eq!(legal_points(&mut g), vec![1]);
    play_all(&mut g, &[Play(1)]);
    assert_eq!(g.state().pos, position("..O/OO."));
}

#[test]
fn single_stone_suicide() {
    // `. O / O .`: Black at 0 or 3 is a single-stone suicide.
    let spec = rect(2, 2);
    // psk: a single-stone suicide recreates the board, never legal.
    let mut g = game_at(
        &spec,
        Ruleset::TrompTaylor,
        Suicide::Allowed,
        ".O/O.",
        Color::Black,
    );
    assert_eq!(legal_points(&mut g), Vec::<u8>::new());
    // nssk: a board play, not a pass: it resets the pass count.
    let mut g = game_at(
        &spec,
        Ruleset::Nssk,
        Suicide::Allowed,
        ".O/O.",
        Color::White,
    );
    play_all(&mut g, &[Pass]);
    assert_eq!(g.state().passes, 1);
    assert_eq!(legal_points(&mut g), vec![0, 3]);
    play_all(&mut g, &[Play(0)]);
    assert_eq!(g.state().passes, 0);
    assert_eq!(g.state().pos, position(".O/O."));
    // Black created that position once; not again.
    play_all(&mut g, &[Pass]);
    assert_eq!(legal_points(&mut g), Vec::<u8>::new());
}

#[test]
fn basic_fixed_bans_suicide_after_a_pass_and_not_on_the_first_move() {
    let spec = rect(1, 1);
    let mut g = empty_game(&spec, Ruleset::BasicFixed, Suicide::Allowed);
    assert_eq!(
        legal_points(&mut g),
        vec![0],
        "nothing two moves back on the first move"
    );
    let mut g = empty_game(&spec, Ruleset::BasicFixed, Suicide::Allowed);
    play_all(&mut g, &[Pass]);
    assert_eq!(
        legal_points(&mut g),
        Vec::<u8>::new(),
        "it would reproduce the board before the pass"
    );
}

#[test]
fn one_by_one_game_counts_match_rules_md() {
    // docs/rules.md §6, 1x1 with suicide allowed.
    let spec = rect(1, 1);
    let cases = [
        (Ruleset::TrompTaylor, 1),
        (Ruleset::Ssk, 2),
        (Ruleset::Nssk, 5),
        (Ruleset::Fixed, 3),
        (Ruleset::Bkr, 5),
        (Ruleset::BasicFixed, 2),
    ];
    for (rules, expected) in cases {
        let mut g = empty_game(&spec, rules, Suicide::Allowed);
        assert_eq!(count_games(&mut g), expected, "{rules}");
    }
}

#[test]
fn published_psk_game_counts() {
    // docs/references.md: 1x2 has 9 complete games, 1x3 has 907.
    let mut g = empty_game(&rect(1, 2), Ruleset::Psk, Suicide::Forbidden);
    assert_eq!(count_games(&mut g), 9);
    let mut g = empty_game(&rect(1, 3), Ruleset::Psk, Suicide::Forbidden);
    assert_eq!(count_games(&mut g), 907);
}

#[test]
fn bkr_one_by_five_example() {
    // docs/rules.md §4 `bkr`: after Black C1 (2), White B1 (1), Black D1
    // (3), White E1 (4) captures two stones, Black D1 (3) takes E1 back,
    // White passes: Black's C1 recreates `. O X X .`.
    let line = [Play(2), Play(1), Play(3), Play(4), Play(3), Pass];
    let spec = rect(1, 5);
    let mut psk = empty_game(&spec, Ruleset::Psk, Suicide::Forbidden);
    play_all(&mut psk, &line);
    assert_eq!(psk.state().pos, position(".O.X."));
    assert!(
        !legal_points(&mut psk).contains(&2),
        "psk: `. O X X .` has occurred"
    );
    let mut bkr = empty_game(&spec, Ruleset::Bkr, Suicide::Forbidden);
    play_all(&mut bkr, &line);
    assert!(
        legal_points(&mut bkr).contains(&2),
        "bkr: Black never played C1 from this frame"
    );
    play_all(&mut bkr, &[Play(2)]);
    assert_eq!(bkr.state().pos, position(".OXX."));
    assert!(
        !legal_points(&mut bkr).contains(&4),
        "bkr: White's E1 from this frame is recorded"
    );
}

#[test]
fn bkr_kos_and_frames() {
    let five = Board::new(&rect(1, 5));
    // `. O X X .`: Black at 0 captures B1 and White at 1 takes back.
    let kos = find_kos(&five, position(".OXX."), false);
    assert_eq!(kos.pairs, vec![(0, 1)]);
    assert_eq!(kos.points, 0b00011);
    assert!(find_kos(&five, position("....."), false).pairs.is_empty());
    // The literal reading with suicide allowed: on `. O . X .` Black's
    // single-stone suicide at 0 followed by White's at 4 gives the
    // position back, so {0, 4} is a ko; with suicide forbidden it is not.
    let kos = find_kos(&five, position(".O.X."), true);
    assert_eq!(kos.pairs, vec![(0, 4)]);
    assert!(find_kos(&five, position(".O.X."), false).pairs.is_empty());
    // 1x1: a suicide has no distinct partner point.
    let one = Board::new(&rect(1, 1));
    assert!(find_kos(&one, Position::default(), true).pairs.is_empty());
    // The frame keeps the stones off the ko points only.
    let mut g = empty_game(&rect(1, 5), Ruleset::Bkr, Suicide::Forbidden);
    let f = g.frame(position(".OXX."));
    assert_eq!(
        f,
        Frame {
            ko: 0b00011,
            black: 0b01100,
            white: 0
        }
    );
}

#[test]
fn ssk_passes_produce_situations() {
    // 1x1, suicide allowed: Black's suicide gives (empty, White to move),
    // new; White's would give (empty, Black to move), the initial one.
    let mut g = empty_game(&rect(1, 1), Ruleset::Ssk, Suicide::Allowed);
    assert_eq!(legal_points(&mut g), vec![0]);
    play_all(&mut g, &[Play(0)]);
    assert_eq!(legal_points(&mut g), Vec::<u8>::new());
    // A pass remembers the situation it produces: after Black's pass
    // (empty, White to move) is seen, so Black's suicide later repeats it.
    let mut g = empty_game(&rect(1, 1), Ruleset::Ssk, Suicide::Allowed);
    g.end_passes = 3;
    play_all(&mut g, &[Pass]);
    assert!(g.contains(&Record::Situation(Position::default(), Color::White)));
    play_all(&mut g, &[Pass]);
    assert_eq!(legal_points(&mut g), Vec::<u8>::new());
}
