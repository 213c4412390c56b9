//! Hand-built diagrams, one for each step of the procedure; each test's
//! comment works the expected score out (points A1, B1, ... from the left).

use super::*;
use Color::{Black, White};
use Delays::{Both, First};

fn input(board: &str, diagram: &str, to_move: Color, prisoners: [u32; 2], delays: Delays) -> Input {
    let board = Arc::new(Board::parse(board).unwrap());
    let position = Position::from_diagram(&board, diagram).unwrap();
    Input {
        board,
        position,
        to_move,
        prisoners,
        delays,
        komi: Komi::ZERO,
        dead: Bitboard::EMPTY,
    }
}

fn scores(i: &Input) -> Vec<i32> {
    expedite(i, &Options::default())
        .unwrap()
        .scores
        .into_iter()
        .collect()
}

/// One worked diagram: board, diagram, to move, prisoners, delays made,
/// dead stones, and the scores the procedure gives.
type Case = (
    &'static str,
    &'static str,
    Color,
    [u32; 2],
    Delays,
    &'static str,
    &'static [i32],
);

/// The worked diagrams and the scores the procedure gives, one case a row:
/// (board, diagram, to move, prisoners, delays made, dead stones, scores).
/// Each comment names the step and works its row's scores out.
#[test]
fn worked_scores() {
    let both_white = Both { first: White };
    let cases: [Case; 7] = [
        // Step 0. `.X..O.`, Black to move, White made the first delay.
        // Black's only dame-filling placement is C1 (D1 leaves D1 one
        // liberty). White then has no safe or safe-enough placement, no
        // prisoner, her ultimate prisoner is spent and she cannot declare:
        // she resigns. Black alone: no dame (D1 would leave B1-D1 one
        // liberty), no territory (A1 likewise), no prisoner, then her
        // ultimate delay: 1 move. Score +1.
        ("1x6", ".X..O.", Black, [0, 0], First(White), "", &[1]),
        // Step 0 with a choice. `.X...O.` on 1x7: Black may fill C1 or D1.
        // C1: White fills E1 (dame); Black has nothing and makes her
        // ultimate delay, giving White the draw right; White has nothing
        // and declares: 0. D1: White has no safe placement (E1 leaves E1-F1
        // one liberty) and resigns; Black alone fills C1 as territory
        // (B1-D1 keeps A1 and E1), then makes her ultimate delay: 2 moves,
        // score +2. The procedure's answer depends on the choice: {0, +2}.
        ("1x7", ".X...O.", Black, [0, 0], First(White), "", &[0, 2]),
        // Step 1. `...XO.`: Black's only territory-filling placement is B1
        // (A1 and C1 leave one liberty). White has none (F1 is suicide) and
        // resigns. Black alone: no more territory, her ultimate delay: 1
        // move. Score +1.
        ("1x6", "...XO.", Black, [0, 0], First(White), "", &[1]),
        // Step 1 with a dead stone. `O.X..`, A1 dead, Black to move, White
        // made the first delay. B1 (capturing A1: a prisoner) and D1 are
        // territory-filling; either way White has nothing and resigns, and
        // Black alone fills the other one (2 placements in all, counting the
        // one before White resigned as not extra), delays with the prisoner
        // and makes her ultimate delay. After B1: D1, delay, ultimate = 3.
        // After D1: B1 (capture), delay, ultimate = 3. Score +3.
        ("1x5", "O.X..", Black, [0, 0], First(White), "A1", &[3]),
        // Step 2. `X.O`, Black made the first delay, White to move,
        // prisoners 2 and 1. No placement is safe (B1 captures but keeps one
        // liberty). White delays (0 left), Black delays (1 left), White
        // makes the second ultimate delay (Black gains the draw right),
        // Black delays (0 left), White has nothing and resigns. Black alone:
        // she declares a draw: 1 move. Score +1.
        ("1x3", "X.O", White, [2, 1], First(Black), "", &[1]),
        // Step 4, the resigning player delayed first. `X.O`, Black made the
        // first delay, White to move with one prisoner: White delays; Black
        // has nothing and resigns. White alone: her ultimate delay: 1 move.
        // Score -1.
        ("1x3", "X.O", White, [0, 1], First(Black), "", &[-1]),
        // Step 4, the opponent delayed first. `X.O`, both ultimate delays
        // made, White first: Black has nothing and resigns. White alone
        // declares a draw: 1 move. Score -1.
        ("1x3", "X.O", Black, [0, 0], both_white, "", &[-1]),
    ];
    for (board, diagram, to_move, prisoners, delays, dead, want) in cases {
        let mut i = input(board, diagram, to_move, prisoners, delays);
        if !dead.is_empty() {
            i.dead = parse_points(&i.board, dead).unwrap();
        }
        assert_eq!(
            scores(&i),
            want,
            "{diagram} {to_move:?} {prisoners:?} {delays:?}"
        );
    }
}

/// Step 3. `X.O`, White made the first delay, Black to move, no prisoners:
/// Black makes the second ultimate delay, White declares a draw. Score 0.
#[test]
fn step3_draw() {
    let i = input("1x3", "X.O", Black, [0, 0], First(White));
    let e = expedite(&i, &Options::default()).unwrap();
    assert_eq!(e.score(), Some(0));
    assert_eq!(e.outcome_of(0), Outcome::Draw);
    // With komi 0.5 a draw is a White win.
    let mut half = i.clone();
    half.komi = Komi(1);
    let e = expedite(&half, &Options::default()).unwrap();
    assert_eq!(e.outcomes(), [Outcome::WhiteWins].into());
}

/// The amended variant from before any delay. `.X..O.`: Black fills C1
/// (dame); White reaches step 1 with no delay made and makes the first
/// (ultimate) delay; Black has nothing and makes the second; White
/// declares a draw. Score 0.
#[test]
fn amended_first_delay() {
    let i = input("1x6", ".X..O.", Black, [0, 0], Delays::None);
    let opts = Options {
        amended: true,
        ..Options::default()
    };
    assert_eq!(expedite(&i, &opts).unwrap().score(), Some(0));
}

/// The condition on a designation.
#[test]
fn designation_condition() {
    let b = Board::parse("1x5").unwrap();
    let pos = Position::from_diagram(&b, "XX.O.").unwrap();
    // A dead A1 sees B1, a non-dead friendly stone.
    let dead = parse_points(&b, "A1").unwrap();
    assert!(matches!(
        check_designation(&b, &pos, dead),
        Err(ExpediteError::DeadSees { .. })
    ));
    // The whole chain dead is fine: it sees only D1, non-dead.
    assert!(check_designation(&b, &pos, parse_points(&b, "A1,B1").unwrap()).is_ok());
    // Dead stones of both colours that see each other are not.
    let both = parse_points(&b, "A1,B1,D1").unwrap();
    assert!(check_designation(&b, &pos, both).is_err());
    // An empty point cannot be dead.
    assert!(matches!(
        check_designation(&b, &pos, parse_points(&b, "C1").unwrap()),
        Err(ExpediteError::DeadNotStone(_))
    ));
}

/// `exact_dead` against the condition. A finding: on `X.O`, White to move
/// after Black's first delay, White holding a prisoner, perfect play
/// captures both start stones (the board is too small for either to live),
/// so the designation has a dead stone seeing a dead opponent stone and
/// breaks the condition. On `XX.O.` and `.O.X.` it obeys it.
#[test]
fn exact_dead_against_condition() {
    let i = input("1x3", "X.O", White, [0, 1], First(Black));
    let dead = exact_dead(&i).unwrap();
    assert_eq!(dead, parse_points(&i.board, "A1,C1").unwrap());
    assert!(check_designation(&i.board, &i.position, dead).is_err());
    for (d, tm) in [("XX.O.", Black), (".O.X.", White)] {
        let mut i = input("1x5", d, tm, [0, 1], First(tm.opponent()));
        i.dead = exact_dead(&i).unwrap();
        check_designation(&i.board, &i.position, i.dead).unwrap();
    }
}
