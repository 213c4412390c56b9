//! Property tests of the rules crate.
//!
//! The core is a slow *reference* implementation of every ruleset, written
//! here from docs/rules.md, sections 2 to 5, with exact sets (no hashing, no
//! incremental state): it replays the whole move list and decides the legal
//! moves, the end and the result. Random games through the library's
//! [`Game`] API are compared with it move by move; then play/undo,
//! `future_key`, the incremental hash and symmetry are checked.

use kosolve_board::{Board, Color, Point, Position, Suicide};
use kosolve_history::zobrist;
use kosolve_rules::{AnyGame, End, Game, GameResult, Komi, Move, Rules, Ruleset};
use proptest::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

// ---------------------------------------------------------------------------
// Reference implementation.
// ---------------------------------------------------------------------------

type Hist = BTreeSet<Position>;

/// bkr: a frame, exactly (the ko points, the stones outside them).
type RefFrame = (BTreeSet<Point>, Position);

/// bkr, by the definition of docs/rules.md: {a, b} is a ko of `pos` if
/// some player's board play at one of them followed by the opponent's at
/// the other gives `pos` again, ko rules ignored.
fn ref_is_ko(board: &Board, pos: &Position, a: Point, b: Point, su: Suicide) -> bool {
    let again = |p: Color, x: Point, y: Point| {
        pos.play(board, p, x, su)
            .and_then(|one| one.position.play(board, p.opponent(), y, su))
            .is_ok_and(|two| two.position == *pos)
    };
    a != b
        && Color::BOTH
            .into_iter()
            .any(|p| again(p, a, b) || again(p, b, a))
}

/// bkr: the frame of `pos`, by brute force over every pair of points.
fn ref_frame(board: &Board, pos: &Position, su: Suicide) -> RefFrame {
    let mut ko = BTreeSet::new();
    for a in board.points() {
        for b in board.points() {
            if ref_is_ko(board, pos, a, b, su) {
                ko.insert(a);
                ko.insert(b);
            }
        }
    }
    let mut outside = *pos;
    for &p in &ko {
        outside.black = outside.black.without(p);
        outside.white = outside.white.without(p);
    }
    (ko, outside)
}

/// Everything the reference remembers: the full record of the game.
#[derive(Clone, Debug)]
struct RefGame {
    board: Arc<Board>,
    rules: Rules,
    to_move: Color,
    pos: Position,
    /// `positions[t]` stood after `t` moves (`positions[0]` is the empty board).
    positions: Vec<Position>,
    /// For each move: (mover, move, position before, position after).
    record: Vec<(Color, Move, Position, Position)>,
    /// bkr: for each move, the frame of the position before it.
    frames: Vec<RefFrame>,
    passes: u32,
    // Kee.
    hist: [Hist; 2],
    /// The situation recorded after each turn (turn t is index t - 1).
    kee_log: Vec<(Color, Position, Hist, Hist)>,
    kee_end: Option<(usize, usize)>,
    // Fundamental / Ultimate.
    prisoners: [u32; 2],
    ultimate_used: [bool; 2],
    first_ultimate: Option<Color>,
    draw_right: Option<Color>,
    any_delay: bool,
    drawn: bool,
}

fn is_kee(r: Ruleset) -> bool {
    r == Ruleset::Kee
}

fn is_fund(r: Ruleset) -> bool {
    matches!(
        r,
        Ruleset::Fundamental | Ruleset::Ultimate | Ruleset::UltimateSimple
    )
}

fn end_passes(r: &Rules) -> u32 {
    match r.end {
        End::Passes(n) => n as u32,
        _ => u32::MAX,
    }
}

impl RefGame {
    fn new(board: Arc<Board>, rules: Rules) -> RefGame {
        // docs/rules.md, "`fundamental`: Fundamental Go (no-pass Go with prisoner
        // return)": komi K (floor of the komi; a half point is the draw rule)
        // is given as prisoners: K >= 0 to White, K < 0 as -K to Black.
        let halves = rules.komi.halves();
        let k = if halves >= 0 {
            halves / 2
        } else {
            -((-halves + 1) / 2)
        };
        let prisoners = if is_fund(rules.ruleset) {
            if k >= 0 {
                [0, k as u32]
            } else {
                [(-k) as u32, 0]
            }
        } else {
            [0, 0]
        };
        RefGame {
            board,
            rules,
            to_move: Color::Black,
            pos: Position::EMPTY,
            positions: vec![Position::EMPTY],
            record: Vec::new(),
            frames: Vec::new(),
            passes: 0,
            hist: [Hist::new(), Hist::new()],
            kee_log: Vec::new(),
            kee_end: None,
            prisoners,
            ultimate_used: [false; 2],
            first_ultimate: None,
            draw_right: None,
            any_delay: false,
            drawn: false,
        }
    }

    fn ruleset(&self) -> Ruleset {
        self.rules.ruleset
    }

    /// The player to move after `t` moves.
    fn to_move_after(t: usize) -> Color {
        if t.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The position a board play by the player to move at `p` creates, if
    /// the ko rule allows it.
    fn board_play(&self, p: Point) -> Option<Position> {
        let r = self.ruleset();
        let c = self.to_move;
        let suicide = if is_fund(r) {
            Suicide::Forbidden
        } else {
            self.rules.suicide
        };
        let new = self.pos.play(&self.board, c, p, suicide).ok()?.position;
        let plays = || {
            self.record
                .iter()
                .filter(|(_, m, _, _)| matches!(m, Move::Play(_)))
        };
        let psk = || !self.positions.contains(&new);
        let ssk = || {
            // Situations: after t moves, (positions[t], player to move).
            !(0..self.positions.len())
                .any(|t| self.positions[t] == new && Self::to_move_after(t) == c.opponent())
        };
        let nssk = || !plays().any(|(who, _, _, after)| *who == c && *after == new);
        let fixed = || !plays().any(|(_, _, before, after)| *before == self.pos && *after == new);
        let basic = || match self.record.last() {
            None => true,
            Some((_, _, before, _)) => *before != new,
        };
        let bkr = || {
            // The basic ko rule: the opponent's last move played at b and
            // captured exactly one stone, at p, and {p, b} is a ko now.
            let banned = match self.record.last() {
                Some((_, Move::Play(b), before, after)) => {
                    let taken = before.stones(c) - after.stones(c);
                    taken.count() == 1
                        && taken.contains(p)
                        && ref_is_ko(&self.board, &self.pos, p, *b, suicide)
                }
                _ => false,
            };
            // The prohibition rule: no earlier board play by c at p from a
            // position with the same frame.
            let frame = ref_frame(&self.board, &self.pos, suicide);
            let repeated = self
                .record
                .iter()
                .zip(&self.frames)
                .any(|((who, m, _, _), f)| *who == c && *m == Move::Play(p) && *f == frame);
            !banned && !repeated
        };
        let ok = match r {
            Ruleset::Psk | Ruleset::TrompTaylor | Ruleset::Primitive => psk(),
            Ruleset::Ssk => ssk(),
            Ruleset::Nssk => nssk(),
            Ruleset::Fixed => fixed(),
            Ruleset::Basic => basic(),
            Ruleset::BasicFixed => basic() && fixed(),
            Ruleset::Bkr => bkr(),
            Ruleset::Kee => !self.hist[c.index()].contains(&new),
            Ruleset::Fundamental | Ruleset::Ultimate | Ruleset::UltimateSimple => psk(),
        };
        ok.then_some(new)
    }

    fn finished_by_rule(&self) -> bool {
        self.passes >= end_passes(&self.rules) || self.kee_end.is_some() || self.drawn
    }

    fn candidates(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self.board.points().map(Move::Play).collect();
        v.extend([
            Move::Pass,
            Move::Delay,
            Move::UltimateDelay,
            Move::DeclareDraw,
        ]);
        v
    }

    fn is_legal(&self, m: Move) -> bool {
        if self.finished_by_rule() {
            return false;
        }
        let r = self.ruleset();
        let c = self.to_move.index();
        let ultimate = matches!(r, Ruleset::Ultimate | Ruleset::UltimateSimple);
        let simple = r == Ruleset::UltimateSimple;
        match m {
            Move::Play(p) => self.board_play(p).is_some(),
            Move::Pass => r.has_pass(),
            Move::Delay => is_fund(r) && self.prisoners[c] > 0 && (!simple || self.any_delay),
            Move::UltimateDelay => {
                ultimate
                    && !self.ultimate_used[c]
                    && !(simple && self.ultimate_used[1 - c] && self.prisoners[c] > 0)
            }
            Move::DeclareDraw => self.draw_right == Some(self.to_move),
        }
    }

    fn legal_moves(&self) -> Vec<Move> {
        self.candidates()
            .into_iter()
            .filter(|m| self.is_legal(*m))
            .collect()
    }

    fn play(&mut self, m: Move) {
        assert!(self.is_legal(m), "reference: illegal {m:?}");
        let c = self.to_move;
        let before = self.pos;
        match m {
            Move::Play(p) => {
                let played = self
                    .pos
                    .play(
                        &self.board,
                        c,
                        p,
                        if is_fund(self.ruleset()) {
                            Suicide::Forbidden
                        } else {
                            self.rules.suicide
                        },
                    )
                    .unwrap();
                self.prisoners[c.index()] += played.captured.count();
                self.pos = played.position;
                self.passes = 0;
                self.hist[c.index()].insert(self.pos);
            }
            Move::Pass => {
                self.passes += 1;
                self.hist[c.index()] = Hist::from([self.pos]);
            }
            Move::Delay => {
                self.prisoners[c.index()] -= 1;
                self.any_delay = true;
            }
            Move::UltimateDelay => {
                self.ultimate_used[c.index()] = true;
                self.any_delay = true;
                match self.first_ultimate {
                    None => self.first_ultimate = Some(c),
                    Some(first) => self.draw_right = Some(first),
                }
            }
            Move::DeclareDraw => self.drawn = true,
        }
        if self.ruleset() == Ruleset::Bkr {
            self.frames
                .push(ref_frame(&self.board, &before, self.rules.suicide));
        }
        self.record.push((c, m, before, self.pos));
        self.positions.push(self.pos);
        self.to_move = c.opponent();
        if is_kee(self.ruleset()) {
            let s = (
                self.to_move,
                self.pos,
                self.hist[0].clone(),
                self.hist[1].clone(),
            );
            let turn = self.record.len();
            if let Some(i) = self.kee_log.iter().position(|x| *x == s) {
                self.kee_end = Some((i + 1, turn));
            }
            self.kee_log.push(s);
        }
    }

    /// Kee: positions on which `c` passed at turns t0+1..=t1.
    fn satisfactory(&self, c: Color) -> Vec<Position> {
        let Some((t0, t1)) = self.kee_end else {
            return Vec::new();
        };
        (t0 + 1..=t1)
            .map(|t| &self.record[t - 1])
            .filter(|(who, m, _, _)| *who == c && *m == Move::Pass)
            .map(|(_, _, before, _)| *before)
            .collect()
    }

    fn result(&self) -> Option<GameResult> {
        let r = self.ruleset();
        let area = |p: &Position, c| p.area(&self.board, c);
        if is_kee(r) {
            self.kee_end?;
            let best = |c| {
                self.satisfactory(c)
                    .iter()
                    .map(|p| area(p, c))
                    .max()
                    .expect("a two-player cycle has a pass by each player")
            };
            return Some(GameResult::Score {
                black: best(Color::Black),
                white: best(Color::White),
            });
        }
        if self.drawn {
            return Some(GameResult::Draw);
        }
        if self.passes >= end_passes(&self.rules) {
            return Some(GameResult::Score {
                black: area(&self.pos, Color::Black),
                white: area(&self.pos, Color::White),
            });
        }
        if self.legal_moves().is_empty() {
            return Some(GameResult::Win(self.to_move.opponent()));
        }
        None
    }

    /// Everything the future of the game can depend on, exactly.
    fn state(&self) -> String {
        let r = self.ruleset();
        if self.drawn {
            return "drawn: no future".into();
        }
        let mut s = format!("{:?} {:?} passes={}", self.pos, self.to_move, self.passes);
        let set = |v: Vec<String>| {
            let b: BTreeSet<String> = v.into_iter().collect();
            format!("{b:?}")
        };
        let plays: Vec<_> = self
            .record
            .iter()
            .filter(|(_, m, _, _)| matches!(m, Move::Play(_)))
            .collect();
        match r {
            Ruleset::Psk | Ruleset::TrompTaylor | Ruleset::Primitive => {
                s += &set(self.positions.iter().map(|p| format!("{p:?}")).collect());
            }
            Ruleset::Ssk => {
                s += &set((0..self.positions.len())
                    .map(|t| format!("{:?}{:?}", self.positions[t], Self::to_move_after(t)))
                    .collect());
            }
            Ruleset::Nssk => {
                s += &set(plays
                    .iter()
                    .map(|(c, _, _, a)| format!("{a:?}{c:?}"))
                    .collect());
            }
            Ruleset::Fixed | Ruleset::BasicFixed | Ruleset::Basic => {
                if r != Ruleset::Basic {
                    s += &set(plays
                        .iter()
                        .map(|(_, _, b, a)| format!("{b:?}>{a:?}"))
                        .collect());
                }
                if r != Ruleset::Fixed {
                    s += &format!(" two_ago={:?}", self.record.last().map(|x| x.2));
                }
            }
            Ruleset::Bkr => {
                let triples: Vec<String> = self
                    .record
                    .iter()
                    .zip(&self.frames)
                    .filter(|((_, m, _, _), _)| matches!(m, Move::Play(_)))
                    .map(|((c, m, _, _), f)| format!("{f:?}{c:?}{m:?}"))
                    .collect();
                s += &set(triples);
                // The ban, as the reference's legality reads it.
                let ban: Vec<Point> = self
                    .board
                    .points()
                    .filter(|&p| {
                        self.pos.get(p) == kosolve_board::Cell::Empty
                            && matches!(self.record.last(), Some((_, Move::Play(b), before, after))
                                if (before.stones(self.to_move) - after.stones(self.to_move)) == kosolve_board::Bitboard::from_point(p)
                                    && ref_is_ko(&self.board, &self.pos, p, *b, self.rules.suicide))
                    })
                    .collect();
                s += &format!(" ban={ban:?}");
            }
            Ruleset::Kee => unreachable!(),
            _ => {
                s += &set(self.positions.iter().map(|p| format!("{p:?}")).collect());
                // Whether a delay was made is read only by ultimate-simple's
                // first-delay rule: elsewhere it changes no future.
                let simple = r == Ruleset::UltimateSimple;
                let pr = self.prisoners;
                s += &format!(
                    " pr={:?} ult={:?} dr={:?} any={} drawn={}",
                    pr,
                    self.ultimate_used,
                    self.draw_right,
                    simple && self.any_delay,
                    self.drawn
                );
            }
        }
        s
    }
}

// ---------------------------------------------------------------------------
// Strategies.
// ---------------------------------------------------------------------------

const BOARDS: [&str; 9] = [
    "1x1", "1x2", "1x3", "1x4", "2x2", "2x3", "1x5", "ring:4", "3x3",
];

fn board_strategy() -> impl Strategy<Value = Arc<Board>> {
    (0..BOARDS.len()).prop_map(|i| Arc::new(Board::parse(BOARDS[i]).unwrap()))
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        0..Ruleset::ALL.len(),
        any::<bool>(),
        -6i32..=6,
        prop_oneof![4 => Just(None), 1 => (1u8..=3).prop_map(Some)],
    )
        .prop_map(|(i, allowed, komi, end)| {
            let rs = Ruleset::ALL[i];
            let mut r = Rules::new(rs).with_komi(Komi(komi));
            if allowed && rs.suicide_configurable() && rs != Ruleset::TrompTaylor {
                r = r.with_suicide(Suicide::Allowed).unwrap();
            }
            if let (Some(n), End::Passes(_)) = (end, r.end) {
                r = r.with_end_passes(n).unwrap();
            }
            r
        })
}

fn choices() -> impl Strategy<Value = Vec<usize>> {
    proptest::collection::vec(any::<usize>(), 0..60)
}

/// Picks a move: usually not a pass (so that games get long enough for
/// repetitions), any legal move one time in eight.
fn choose(legal: &[Move], pick: usize) -> Move {
    let others: Vec<Move> = legal.iter().copied().filter(|m| *m != Move::Pass).collect();
    if pick.is_multiple_of(8) || others.is_empty() {
        legal[(pick / 8) % legal.len()]
    } else {
        others[(pick / 8) % others.len()]
    }
}

/// Everything observable about a game, for comparing before/after undo.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    position: Position,
    to_move: Color,
    legal: Vec<Move>,
    result: Option<GameResult>,
    future_key: Option<u128>,
    hash: u128,
    moves: Vec<Move>,
}

fn snapshot(g: &AnyGame) -> Snapshot {
    Snapshot {
        position: g.position(),
        to_move: g.to_move(),
        legal: g.legal_move_list(),
        result: g.result(),
        future_key: g.future_key(),
        hash: g.position_hash(),
        moves: g.moves().to_vec(),
    }
}

/// Checks the library game against the reference in the current state.
fn compare(g: &AnyGame, r: &RefGame) -> Result<(), TestCaseError> {
    let ctx = || {
        format!(
            "{} on {} (suicide {}, komi {}, end {:?}) after {:?}",
            r.rules.ruleset,
            r.board,
            r.rules.suicide,
            r.rules.komi,
            r.rules.end,
            g.moves()
                .iter()
                .map(|m| m.name(&r.board))
                .collect::<Vec<_>>()
        )
    };
    prop_assert_eq!(g.position(), r.pos, "position: {}", ctx());
    prop_assert_eq!(g.to_move(), r.to_move, "to move: {}", ctx());
    let want = r.legal_moves();
    let got = g.legal_move_list();
    prop_assert_eq!(&got, &want, "legal moves: {}", ctx());
    for m in r.candidates() {
        prop_assert_eq!(
            g.is_legal(m),
            want.contains(&m),
            "is_legal({:?}): {}",
            m,
            ctx()
        );
    }
    prop_assert_eq!(g.result(), r.result(), "result: {}", ctx());
    if g.result().is_some() {
        prop_assert!(
            got.is_empty(),
            "no legal move once the game is over: {}",
            ctx()
        );
    }
    prop_assert_eq!(
        g.position_hash(),
        zobrist::position_hash(&g.position()),
        "incremental hash: {}",
        ctx()
    );
    if let AnyGame::Kee(k) = g {
        for c in Color::BOTH {
            let mut got = k.satisfactory(c);
            let mut want = r.satisfactory(c);
            got.sort();
            want.sort();
            prop_assert_eq!(got, want, "satisfactory: {}", ctx());
            let h: Hist = k.history(c).keys().copied().collect();
            prop_assert_eq!(&h, &r.hist[c.index()], "board history: {}", ctx());
        }
        prop_assert_eq!(k.cycle(), r.kee_end, "cycle: {}", ctx());
    }
    if let AnyGame::Fundamental(f) = g {
        for c in Color::BOTH {
            prop_assert_eq!(
                f.prisoners(c),
                r.prisoners[c.index()],
                "prisoners: {}",
                ctx()
            );
            prop_assert_eq!(f.ultimate_used(c), r.ultimate_used[c.index()]);
        }
        prop_assert_eq!(f.draw_right(), r.draw_right, "draw right: {}", ctx());
        prop_assert_eq!(
            f.draw_is_white_win(),
            r.rules.komi.halves().rem_euclid(2) == 1
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Random games agree with the reference move by move; undoing every
    /// move restores every observable exactly; play-then-undo of each legal
    /// move restores the future key; illegal moves are refused by `try_play`.
    #[test]
    fn random_games_match_reference_and_undo(board in board_strategy(), rules in rules_strategy(), picks in choices()) {
        let mut g = AnyGame::new(board.clone(), rules);
        let mut r = RefGame::new(board.clone(), rules);
        let mut snaps = vec![snapshot(&g)];
        for pick in picks {
            compare(&g, &r)?;
            let legal = g.legal_move_list();
            if legal.is_empty() {
                break;
            }
            // Every move: play then undo restores the state.
            let before = snaps.last().unwrap().clone();
            for &m in &legal {
                g.play(m);
                g.undo();
                prop_assert_eq!(&snapshot(&g), &before, "play+undo of {:?}", m);
            }
            // A move outside the list is refused and changes nothing.
            for m in r.candidates() {
                if !legal.contains(&m) {
                    prop_assert!(!g.try_play(m), "try_play({:?}) of an unlisted move", m);
                    prop_assert_eq!(g.moves().len(), before.moves.len());
                }
            }
            let m = choose(&legal, pick);
            prop_assert!(g.try_play(m));
            r.play(m);
            prop_assert_eq!(g.moves().last(), Some(&m));
            snaps.push(snapshot(&g));
        }
        compare(&g, &r)?;
        // Undo everything.
        while let Some(want) = snaps.pop() {
            prop_assert_eq!(&snapshot(&g), &want, "after undo to {} moves", want.moves.len());
            if !want.moves.is_empty() {
                g.undo();
            }
        }
        prop_assert!(g.moves().is_empty());
        prop_assert_eq!(g.position(), Position::EMPTY);
        prop_assert_eq!(g.to_move(), Color::Black);
    }

    /// Dependency tracking's contract (docs/solver.md, R1 and R4): a board
    /// play legal on the board has an entry and is legal iff the entry is
    /// absent (basic-fixed may also forbid it by the two-ago position, bkr
    /// by the basic ko ban, both parts of the history-free key); a
    /// play illegal on the board has none; each move adds exactly its
    /// entry, which `last_entry` then reports.
    #[test]
    fn history_entries_decide_legality(board in board_strategy(), rules in rules_strategy(), picks in choices()) {
        let mut g = AnyGame::new(board.clone(), rules);
        let mut entries = Vec::new();
        if !g.history_entries(&mut entries) {
            return Ok(());
        }
        for pick in picks {
            if g.result().is_some() {
                break;
            }
            let have: std::collections::HashSet<u64> = entries.iter().copied().collect();
            for p in board.points() {
                let m = Move::Play(p);
                let on_board = g.position().get(p) == kosolve_board::Cell::Empty
                    && g.position().play(&board, g.to_move(), p, if is_fund(rules.ruleset) { Suicide::Forbidden } else { rules.suicide }).is_ok();
                match g.history_entry(m) {
                    None => prop_assert!(!on_board && !g.is_legal(m), "{:?}: no entry", m),
                    Some(e) => {
                        prop_assert!(on_board, "{:?}: an entry for a play illegal on the board", m);
                        if have.contains(&e) {
                            prop_assert!(!g.is_legal(m), "{:?}: legal with its entry present", m);
                        } else if !g.is_legal(m) {
                            match &g {
                                AnyGame::Standard(s) if rules.ruleset == Ruleset::Bkr => {
                                    prop_assert_eq!(s.ko_ban(), Some(p), "{:?}: illegal without its entry or the ban", m);
                                }
                                _ => prop_assert_eq!(rules.ruleset, Ruleset::BasicFixed, "{:?}: illegal without its entry", m),
                            }
                        }
                    }
                }
            }
            let legal = g.legal_move_list();
            if legal.is_empty() {
                break;
            }
            let m = choose(&legal, pick);
            let e = g.history_entry(m);
            g.play(m);
            prop_assert_eq!(g.last_entry(), e, "last_entry after {:?}", m);
            let mut want = have.clone();
            want.extend(e);
            entries.clear();
            prop_assert!(g.history_entries(&mut entries));
            let now: std::collections::HashSet<u64> = entries.iter().copied().collect();
            prop_assert_eq!(now, want, "entries after {:?}", m);
        }
    }

    /// Under positional superko (and Fundamental/Ultimate Go) no position occurs twice.
    #[test]
    fn superko_never_repeats(board in board_strategy(), i in 0usize..6, allowed in any::<bool>(), picks in choices()) {
        let rs = [Ruleset::Psk, Ruleset::TrompTaylor, Ruleset::Primitive,
                  Ruleset::Fundamental, Ruleset::Ultimate, Ruleset::UltimateSimple][i];
        let mut rules = Rules::new(rs).with_komi(Komi(2));
        if allowed && rs == Ruleset::Psk {
            rules = rules.with_suicide(Suicide::Allowed).unwrap();
        }
        let mut g = AnyGame::new(board, rules);
        let mut seen = BTreeSet::from([Position::EMPTY]);
        for pick in picks {
            let legal = g.legal_move_list();
            if legal.is_empty() {
                break;
            }
            let m = choose(&legal, pick);
            g.play(m);
            if let Move::Play(_) = m {
                prop_assert!(seen.insert(g.position()), "repeated {:?} after {:?}", g.position(), g.moves());
            } else {
                prop_assert!(seen.contains(&g.position()));
            }
        }
    }

    /// The image of a game under a symmetry of the board is a game: the same
    /// moves are legal (mapped point by point), positions are the images, the
    /// results are equal.
    #[test]
    fn games_commute_with_symmetry(bi in 0usize..BOARDS.len(), rules in rules_strategy(), sym in any::<usize>(), picks in choices()) {
        let board = Arc::new(Board::parse(BOARDS[bi]).unwrap());
        let (s, map) = symmetry(&board, sym);
        let mut g = AnyGame::new(board.clone(), rules);
        let mut h = AnyGame::new(board.clone(), rules);
        for pick in picks {
            let mut want: Vec<Move> = g.legal_move_list().into_iter().map(&map).collect();
            let mut got = h.legal_move_list();
            want.sort_by_key(|m| format!("{m:?}"));
            got.sort_by_key(|m| format!("{m:?}"));
            prop_assert_eq!(got, want, "legal moves of the image after {:?}", g.moves());
            prop_assert_eq!(h.position(), g.position().transform(&board, s));
            prop_assert_eq!(h.result(), g.result());
            let legal = g.legal_move_list();
            if legal.is_empty() {
                break;
            }
            let m = choose(&legal, pick);
            g.play(m);
            h.play(map(m));
        }
    }
}

/// Symmetry `sym` of `board` (taken modulo the number of its symmetries):
/// its index, and the map of moves under it (a move that is not a
/// placement maps to itself).
fn symmetry(board: &Board, sym: usize) -> (usize, impl Fn(Move) -> Move) {
    let s = sym % board.symmetries().len();
    let perm = board.symmetries()[s].clone();
    let map = move |m: Move| match m {
        Move::Play(p) => Move::Play(Point(perm[p.index()])),
        other => other,
    };
    (s, map)
}

/// What dependency tracking reads of a state under a symmetry
/// ([`Game::history_free_key_under`], [`Game::canonical_history_free_key`], [`Game::last_entry_images`],
/// [`Game::history_entry_images`]) is what the image game, played move by
/// move from the image start, has itself; under the identity it is the
/// plain key and entries.
fn check_symmetric_keys(g: &AnyGame, h: &AnyGame, s: usize) -> Result<(), TestCaseError> {
    let n = g.key_symmetries();
    prop_assert_eq!(n, h.key_symmetries());
    prop_assert!(n == 1 || n == g.board().symmetries().len());
    prop_assert_eq!(g.history_free_key_under(0), g.history_free_key());
    let mut images = vec![0u64; n];
    let has = g.last_entry_images(&mut images);
    prop_assert_eq!(has, g.last_entry().is_some());
    if has {
        prop_assert_eq!(Some(images[0]), g.last_entry());
    }
    let (mut all, mut plain) = (Vec::new(), Vec::new());
    prop_assert_eq!(
        g.history_entry_images(&mut all),
        g.history_entries(&mut plain)
    );
    prop_assert_eq!(all.len(), plain.len() * n);
    prop_assert_eq!(
        all.iter().step_by(n).copied().collect::<Vec<_>>(),
        plain.clone()
    );
    if n == 1 {
        return Ok(());
    }
    // The image game's own keys and entries.
    prop_assert_eq!(g.history_free_key_under(s), h.history_free_key());
    // The canonical key is one of the state's images' keys, and the image
    // game has the same (the choice is a function of the orbit).
    let canonical = g.canonical_history_free_key(n);
    // The least of the images' keys, ties to the least symmetry.
    let least = (0..n)
        .map(|t| g.history_free_key_under(t).map(|k| (k, t)))
        .collect::<Option<Vec<_>>>()
        .and_then(|v| v.into_iter().min());
    prop_assert_eq!(canonical, least);
    if let Some((k, t)) = canonical {
        prop_assert!(t < n);
        prop_assert_eq!(g.history_free_key_under(t), Some(k));
    }
    prop_assert_eq!(
        canonical.map(|c| c.0),
        h.canonical_history_free_key(n).map(|c| c.0)
    );
    if has {
        prop_assert_eq!(Some(images[s]), h.last_entry());
    }
    let mut want: Vec<u64> = all.iter().skip(s).step_by(n).copied().collect();
    let mut got = Vec::new();
    h.history_entries(&mut got);
    want.sort_unstable();
    got.sort_unstable();
    prop_assert_eq!(
        got,
        want,
        "history entries of the image after {:?}",
        g.moves()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The symmetric keys and entry images of every ruleset describe the
    /// image game (docs/solver.md, "Symmetry"), from the empty board and
    /// from a random start position.
    #[test]
    fn symmetric_keys_describe_the_image(bi in 0usize..BOARDS.len(), rules in rules_strategy(), sym in any::<usize>(), start in any::<u64>(), picks in choices()) {
        let board = Arc::new(Board::parse(BOARDS[bi]).unwrap());
        let (s, map) = symmetry(&board, sym);
        // A start: a random legal position (every third case the empty board).
        let mut pos = Position::EMPTY;
        if start % 3 != 0 && rules.ruleset != Ruleset::Kee {
            let mut x = start;
            for p in board.points() {
                x = zobrist::splitmix64(x);
                let c = match x % 3 { 0 => Some(Color::Black), 1 => Some(Color::White), _ => None };
                if let Some(c) = c {
                    let mut q = pos;
                    match c {
                        Color::Black => q.black = q.black.with(p),
                        Color::White => q.white = q.white.with(p),
                    }
                    if q.is_legal(&board) {
                        pos = q;
                    }
                }
            }
        }
        let to_move = if start & 8 == 0 { Color::Black } else { Color::White };
        let st = |position: Position| kosolve_rules::Start { position, to_move, prisoners: [0, 0] };
        let mut g = AnyGame::from_start(board.clone(), rules, &st(pos));
        let mut h = AnyGame::from_start(board.clone(), rules, &st(pos.transform(&board, s)));
        check_symmetric_keys(&g, &h, s)?;
        for pick in picks {
            let legal = g.legal_move_list();
            if legal.is_empty() || g.result().is_some() {
                break;
            }
            let m = choose(&legal, pick);
            g.play(m);
            h.play(map(m));
            check_symmetric_keys(&g, &h, s)?;
        }
    }
}

/// Exhaustive play to a small depth: equal future keys must mean equal
/// futures (the reference's exact state), and the same exact state gets the same key.
#[test]
fn future_keys_identify_the_exact_state() {
    fn walk(
        g: &mut AnyGame,
        r: &RefGame,
        depth: usize,
        by_key: &mut HashMap<u128, String>,
        by_state: &mut HashMap<String, u128>,
    ) {
        let key = g
            .future_key()
            .expect("standard and fundamental games have keys");
        let state = r.state();
        if let Some(old) = by_key.insert(key, state.clone()) {
            assert_eq!(
                old, state,
                "{}: equal future keys for different states",
                r.rules.ruleset
            );
        }
        if let Some(old) = by_state.insert(state.clone(), key) {
            assert_eq!(
                old, key,
                "{}: one state, two keys: {state}",
                r.rules.ruleset
            );
        }
        if depth == 0 {
            return;
        }
        for m in g.legal_move_list() {
            g.play(m);
            let mut r2 = r.clone();
            r2.play(m);
            walk(g, &r2, depth - 1, by_key, by_state);
            g.undo();
        }
    }
    for rs in Ruleset::ALL {
        if rs == Ruleset::Kee {
            continue;
        }
        for (spec, depth, allowed) in [
            ("1x3", 7, false),
            ("2x2", 5, false),
            ("1x2", 8, true),
            ("1x3", 6, true),
        ] {
            if allowed && !rs.suicide_configurable() {
                continue;
            }
            let board = Arc::new(Board::parse(spec).unwrap());
            let mut rules = Rules::new(rs).with_komi(Komi(2));
            if allowed {
                rules.suicide = Suicide::Allowed;
            }
            let mut g = AnyGame::new(board.clone(), rules);
            let r = RefGame::new(board, rules);
            let (mut a, mut b) = (HashMap::new(), HashMap::new());
            walk(&mut g, &r, depth, &mut a, &mut b);
            assert!(a.len() > 3, "{rs} {spec}: walked {} states", a.len());
        }
    }
    // Kee has no future key.
    let g = AnyGame::new(
        Arc::new(Board::parse("1x2").unwrap()),
        Rules::new(Ruleset::Kee),
    );
    assert_eq!(g.future_key(), None);
}

/// Counts complete games (move sequences to the end) with the library.
fn count_games(g: &mut AnyGame) -> u64 {
    if g.result().is_some() {
        return 1;
    }
    let mut n = 0;
    for m in g.legal_move_list() {
        g.play(m);
        n += count_games(g);
        g.undo();
    }
    n
}

/// Counts complete games with the reference.
fn count_ref(r: &RefGame) -> u64 {
    if r.result().is_some() {
        return 1;
    }
    r.legal_moves()
        .into_iter()
        .map(|m| {
            let mut r2 = r.clone();
            r2.play(m);
            count_ref(&r2)
        })
        .sum()
}

#[test]
fn published_game_counts() {
    // docs/rules.md, "6. Game counts (perft)"; docs/references.md (Tromp).
    let count = |spec: &str, rules: Rules| {
        count_games(&mut AnyGame::new(
            Arc::new(Board::parse(spec).unwrap()),
            rules,
        ))
    };
    let allowed = |rs: Ruleset| Rules::new(rs).with_suicide(Suicide::Allowed).unwrap();
    assert_eq!(count("1x1", allowed(Ruleset::Psk)), 1);
    assert_eq!(count("1x1", Rules::new(Ruleset::TrompTaylor)), 1);
    assert_eq!(count("1x1", allowed(Ruleset::Ssk)), 2);
    assert_eq!(count("1x1", allowed(Ruleset::Nssk)), 5);
    assert_eq!(count("1x1", Rules::new(Ruleset::Psk)), 1);
    assert_eq!(count("1x2", Rules::new(Ruleset::Psk)), 9);
    assert_eq!(count("1x3", Rules::new(Ruleset::Psk)), 907);
}

#[test]
fn game_counts_match_reference() {
    // Every finite ruleset, small boards, both suicide settings: the library
    // and the reference count the same complete games.
    for rs in Ruleset::ALL {
        if rs == Ruleset::Basic {
            continue; // infinite games
        }
        for spec in ["1x1", "1x2", "1x3"] {
            for allowed in [false, true] {
                if allowed && !rs.suicide_configurable() {
                    continue;
                }
                let mut rules = Rules::new(rs).with_komi(Komi(2));
                if rs != Ruleset::TrompTaylor {
                    let s = if allowed {
                        Suicide::Allowed
                    } else {
                        Suicide::Forbidden
                    };
                    rules = rules.with_suicide(s).unwrap();
                }
                let big = matches!(
                    rs,
                    Ruleset::Kee
                        | Ruleset::Fundamental
                        | Ruleset::Ultimate
                        | Ruleset::UltimateSimple
                ) || (allowed
                    && !matches!(rs, Ruleset::Psk | Ruleset::Ssk | Ruleset::TrompTaylor));
                if (spec == "1x3" && big) || (spec == "1x2" && allowed && rs == Ruleset::Kee) {
                    continue; // too many games for a quick test
                }
                let board = Arc::new(Board::parse(spec).unwrap());
                let lib = count_games(&mut AnyGame::new(board.clone(), rules));
                let reference = count_ref(&RefGame::new(board, rules));
                assert_eq!(lib, reference, "{rs} on {spec}, suicide {}", rules.suicide);
            }
        }
    }
}

/// The counts after symmetric first moves are equal (2x2: the four corners).
#[test]
fn symmetric_first_moves_have_equal_subtree_counts() {
    fn count_depth(g: &mut AnyGame, d: usize) -> u64 {
        if d == 0 || g.result().is_some() {
            return 1;
        }
        let mut n = 0;
        for m in g.legal_move_list() {
            g.play(m);
            n += count_depth(g, d - 1);
            g.undo();
        }
        n
    }
    let board = Arc::new(Board::parse("2x2").unwrap());
    for rs in Ruleset::ALL {
        let mut counts = Vec::new();
        for p in board.points() {
            let mut g = AnyGame::new(board.clone(), Rules::new(rs));
            g.play(Move::Play(p));
            counts.push(count_depth(&mut g, 5));
        }
        assert!(counts.iter().all(|&c| c == counts[0]), "{rs}: {counts:?}");
    }
}
