//! The k-colour rules engine: play, capture of every other colour, suicide,
//! area, diagrams, histories and the end rule.

use kosolve_board::{Board, Point, Suicide};
use kosolve_kee::players::{KPosition, KeeRules, Payoff, Player, PlayersError, PlayersGame};

fn pos(board: &Board, k: usize, d: &str) -> KPosition {
    KPosition::from_diagram(board, k, d).unwrap()
}

/// The diagram after player `player` plays at point `at` of `diagram` on
/// board `spec` (three players, suicide forbidden).
fn after_play(spec: &str, diagram: &str, player: u8, at: u8) -> String {
    let b = Board::parse(spec).unwrap();
    pos(&b, 3, diagram)
        .play(&b, Player(player), Point(at), Suicide::Forbidden)
        .unwrap()
        .diagram(&b)
}

#[test]
fn a_play_captures_chains_of_every_other_colour() {
    // X at B1 takes the liberty of O at A1 and of A at C1 at once.
    assert_eq!(after_play("1x3", "O.A", 0, 1), ".X.");
    // On the ring of three, O's play fills the last point: X and A are both
    // dead right after the placement, so both are removed (not X first,
    // which would give A a liberty), and O lives.
    assert_eq!(after_play("ring:3", "X.A", 1, 1), ".O.");
}

#[test]
fn suicide_is_forbidden_or_removes_the_chain() {
    // A at C1 leaves X at A1 without a liberty: X is captured and A lives.
    assert_eq!(after_play("1x3", "XA.", 2, 2), ".AA");
    // O at B1 between X and A: neither keeps a liberty, both are captured.
    assert_eq!(after_play("1x3", "X.A", 1, 1), ".O.");
    // A lone stone filling the last point of 1x1 is suicide.
    let one = Board::parse("1x1").unwrap();
    assert_eq!(
        KPosition::EMPTY.play(&one, Player(2), Point(0), Suicide::Forbidden),
        Err(PlayersError::Suicide(Point(0)))
    );
    assert_eq!(
        KPosition::EMPTY.play(&one, Player(2), Point(0), Suicide::Allowed),
        Ok(KPosition::EMPTY)
    );
    // On 2x2, A at B2 between X and O that keep a liberty at A1 is suicide.
    let sq = Board::parse("2x2").unwrap();
    let before = pos(&sq, 3, "X./.O");
    assert_eq!(
        before.play(&sq, Player(2), Point(1), Suicide::Forbidden),
        Err(PlayersError::Suicide(Point(1)))
    );
    assert_eq!(
        before.play(&sq, Player(2), Point(1), Suicide::Allowed),
        Ok(before)
    );
    // On 1x4, A at C1 makes the chain B1-C1, which leaves O at A1 and at D1
    // without liberties: both are captured first, so it is no suicide.
    assert_eq!(after_play("1x4", "OA.O", 2, 2), ".AA.");
}

#[test]
fn area_counts_zones_bordered_by_one_colour_only() {
    let b = Board::parse("1x4").unwrap();
    let p = pos(&b, 3, "X..A");
    assert_eq!(p.area(&b, Player(0)), 1);
    assert_eq!(p.area(&b, Player(2)), 1);
    assert_eq!(p.area(&b, Player(1)), 0);
    // A1 is X's zone; C1 touches X and O and is nobody's.
    let p = pos(&b, 3, ".X.O");
    assert_eq!(p.area(&b, Player(0)), 2);
    assert_eq!(p.area(&b, Player(1)), 1);
    // The empty board is nobody's.
    assert_eq!(KPosition::EMPTY.area(&b, Player(0)), 0);
}

#[test]
fn diagrams_round_trip_and_refuse_missing_colours() {
    let b = Board::parse("2x2").unwrap();
    let p = pos(&b, 4, "XO/AB");
    assert_eq!(p.diagram(&b), "XO/AB");
    assert_eq!(pos(&b, 4, &p.diagram(&b)), p);
    assert_eq!(
        KPosition::from_diagram(&b, 3, "XO/AB"),
        Err(PlayersError::ColourOutOfRange('B'))
    );
    assert_eq!(
        KPosition::from_diagram(&b, 3, "XO/A"),
        Err(PlayersError::WrongLength {
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        KPosition::from_diagram(&b, 3, "XO/AZ"),
        Err(PlayersError::BadChar('Z'))
    );
    assert_eq!(
        KeeRules::new(5, Suicide::Forbidden),
        Err(PlayersError::Players(5))
    );
}

#[test]
fn the_game_ends_at_the_first_repeated_situation() {
    // 1x1, three players, suicide forbidden: only passes. After turn 3 every
    // history is {empty}; turn 6 repeats that situation.
    let b = Board::parse("1x1").unwrap();
    let mut g = PlayersGame::new(&b, KeeRules::new(3, Suicide::Forbidden).unwrap());
    for t in 1..=6 {
        assert!(g.scores().is_none());
        assert_eq!(g.legal_turns(), vec![None]);
        g.play(None).unwrap();
        assert_eq!(g.cycle().is_some(), t == 6);
    }
    assert_eq!(g.cycle(), Some((3, 6)));
    assert_eq!(g.scores(), Some(Ok(vec![0, 0, 0])));
    assert_eq!(g.play(None), Err(PlayersError::Ended));
    g.undo();
    assert_eq!(g.cycle(), None);
}

#[test]
fn a_play_into_the_own_history_is_illegal_and_a_pass_clears_it() {
    let b = Board::parse("1x2").unwrap();
    let mut g = PlayersGame::new(&b, KeeRules::new(3, Suicide::Forbidden).unwrap());
    g.play(Some(Point(0))).unwrap(); // X . ; H_X = {X.}
    g.play(Some(Point(1))).unwrap(); // O takes: . O ; H_O = {.O}
    g.play(Some(Point(0))).unwrap(); // A takes: A . ; H_A = {A.}
                                     // X at B1 would make .X: new to X, legal. X at A1 is occupied.
    assert_eq!(g.legal_turns(), vec![Some(Point(1)), None]);
    g.play(Some(Point(1))).unwrap(); // X takes: . X
    g.play(Some(Point(0))).unwrap(); // O takes: O .
    g.play(Some(Point(1))).unwrap(); // A takes: . A ; H_A = {A., .A}
                                     // X at A1 makes X. again: in H_X, so illegal.
    assert_eq!(g.legal_turns(), vec![None]);
    g.play(None).unwrap();
    assert_eq!(g.history(Player(0)).len(), 1);
    // O at A1 would make O. again, which is in H_O.
    assert_eq!(g.play(Some(Point(0))), Err(PlayersError::Repeats(Point(0))));
    assert_eq!(g.legal_turns(), vec![None]);
}

#[test]
fn payoffs() {
    let s = [3, 1, 3];
    assert_eq!(Payoff::Score.of(&s, Player(1)), 1);
    assert_eq!(Payoff::Margin.of(&s, Player(1)), -2);
    assert_eq!(Payoff::Margin.of(&s, Player(0)), 0);
    assert_eq!(Payoff::StrictWin.of(&s, Player(0)), 0);
    assert_eq!(Payoff::NotLose.of(&s, Player(0)), 1);
    assert_eq!(Payoff::NotLose.of(&s, Player(1)), 0);
    assert_eq!(Payoff::StrictWin.of(&[1, 0, 0], Player(0)), 1);
}
