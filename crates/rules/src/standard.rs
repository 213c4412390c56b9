//! [`StandardGame`]: the ko rules of docs/rules.md, "4. Ko rules with passes and area scoring" (psk, ssk, nssk,
//! fixed, basic, basic-fixed, bkr, primitive, tromp-taylor).

use crate::game::{
    combine, digest_entry, entry_digest, key_symmetry_count, SymHashes, HISTORY_FREE_TAG,
};
use crate::ko::{is_ko, KoFrame, KoTriple};
use crate::{End, Game, GameResult, Move, Rules, Ruleset, Start};
use kosolve_board::{Board, Color, Point, Position};
use kosolve_history::zobrist::{hash_after_play, position_hash};
use kosolve_history::{colored_digest, transition_digest, HistorySet};
use std::sync::Arc;

/// Which histories a ko rule reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Reads {
    occurred: bool,
    situations: bool,
    created: bool,
    transitions: bool,
    two_ago: bool,
    /// bkr: the recorded (frame, player, point) triples.
    triples: bool,
    /// bkr: the basic ko ban set by the previous move.
    ko_ban: bool,
}

fn reads(r: Ruleset) -> Reads {
    let none = Reads {
        occurred: false,
        situations: false,
        created: false,
        transitions: false,
        two_ago: false,
        triples: false,
        ko_ban: false,
    };
    match r {
        Ruleset::Psk | Ruleset::TrompTaylor | Ruleset::Primitive => Reads {
            occurred: true,
            ..none
        },
        Ruleset::Ssk => Reads {
            situations: true,
            ..none
        },
        Ruleset::Nssk => Reads {
            created: true,
            ..none
        },
        Ruleset::Fixed => Reads {
            transitions: true,
            ..none
        },
        Ruleset::Basic => Reads {
            two_ago: true,
            ..none
        },
        Ruleset::BasicFixed => Reads {
            transitions: true,
            two_ago: true,
            ..none
        },
        Ruleset::Bkr => Reads {
            triples: true,
            ko_ban: true,
            ..none
        },
        _ => panic!("ruleset {r} is not a standard ko rule"),
    }
}

#[derive(Clone, Debug)]
struct Frame {
    mv: Move,
    prev_pos: Position,
    prev_hash: u128,
    prev_passes: u8,
    /// bkr: the frame and the ban before the move.
    prev_frame: KoFrame,
    prev_ban: Option<Point>,
    /// The hashes of the position's images before the move.
    prev_sym: SymHashes,
}

/// A game under one of the ko rules of docs/rules.md, "4. Ko rules with passes
/// and area scoring".
#[derive(Clone, Debug)]
pub struct StandardGame {
    rules: Rules,
    board: Arc<Board>,
    reads: Reads,
    end_passes: u8,
    pos: Position,
    hash: u128,
    to_move: Color,
    passes: u8,
    frames: Vec<Frame>,
    moves: Vec<Move>,
    occurred: HistorySet<Position>,
    situations: HistorySet<(Position, Color)>,
    created: HistorySet<(Position, Color)>,
    transitions: HistorySet<(Position, Position)>,
    /// bkr: the frame of the current position (default when not read).
    frame: KoFrame,
    /// bkr: the point the basic ko rule forbids now, if any.
    ban: Option<Point>,
    /// bkr: the recorded triples (boxed: the other rulesets carry only a
    /// pointer, which keeps [`crate::AnyGame`]'s variants of like size).
    triples: Box<HistorySet<KoTriple>>,
    /// The hashes of the position's images under the symmetries keys use
    /// ([`Game::key_symmetries`]), kept incrementally (boxed, like `triples`).
    sym: Box<SymHashes>,
}

impl StandardGame {
    /// A new game on the empty board, Black to move.
    pub fn new(board: Arc<Board>, rules: Rules) -> StandardGame {
        StandardGame::from_start(board, rules, &Start::EMPTY)
    }

    /// A new game from `start` (docs/rules.md, "Starting from a position"):
    /// the start position has occurred and is the initial situation with
    /// its player to move; nothing else is in any history (bkr: no triple
    /// recorded, no previous move, so no ban). The start's prisoners are
    /// ignored (see [`Start::check`]).
    pub fn from_start(board: Arc<Board>, rules: Rules, start: &Start) -> StandardGame {
        let reads = reads(rules.ruleset);
        let end_passes = match rules.end {
            End::Passes(n) => n,
            _ => u8::MAX,
        };
        let mut g = StandardGame {
            rules,
            board,
            reads,
            end_passes,
            pos: start.position,
            hash: position_hash(&start.position),
            to_move: start.to_move,
            passes: 0,
            frames: Vec::new(),
            moves: Vec::new(),
            occurred: HistorySet::new(),
            situations: HistorySet::new(),
            created: HistorySet::new(),
            transitions: HistorySet::new(),
            frame: KoFrame::default(),
            ban: None,
            triples: Box::new(HistorySet::new()),
            sym: Box::new(SymHashes::identity(0)),
        };
        let n = if g.one_entry_set() {
            key_symmetry_count(&g.board)
        } else {
            1
        };
        *g.sym = SymHashes::of(&g.board, &start.position, n);
        if reads.triples {
            g.frame = KoFrame::of(&g.board, &start.position, rules.suicide);
        }
        if reads.occurred {
            g.occurred.push(start.position);
        }
        if reads.situations {
            g.situations.push((start.position, start.to_move));
        }
        g
    }

    /// The number of consecutive passes that ended the last moves.
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// bkr: the point the basic ko rule forbids to the player to move now
    /// (the previous move was a board play at b that captured exactly one
    /// stone, at a, and {a, b} is a ko of the current position), if any.
    pub fn ko_ban(&self) -> Option<Point> {
        self.ban
    }

    /// bkr: the frame of the current position (K(X) and the stones outside it).
    pub fn ko_frame(&self) -> KoFrame {
        self.frame
    }

    /// The position two moves ago, which `basic` forbids recreating.
    fn two_ago(&self) -> Option<Position> {
        self.frames.last().map(|f| f.prev_pos)
    }

    /// The position as it stood before the last move (the position two
    /// moves ago from the player to move's view, which `basic` forbids
    /// recreating; after a pass it is the current position), or `None`
    /// before the first move from the start (docs/rules.md, "Starting from
    /// a position": there is no move two moves ago).
    pub fn two_moves_ago(&self) -> Option<Position> {
        self.two_ago()
    }

    /// The position a board play at `m` would create, if the play is legal.
    fn board_play(&self, m: Move) -> Option<kosolve_board::Played> {
        let Move::Play(p) = m else { return None };
        let r = &self.reads;
        if r.ko_ban && self.ban == Some(p) {
            return None;
        }
        let c = self.to_move;
        if r.triples
            && self.triples.contains(&KoTriple {
                frame: self.frame,
                player: c,
                point: p,
            })
        {
            return None;
        }
        let played = self
            .pos
            .play(&self.board, self.to_move, p, self.rules.suicide)
            .ok()?;
        let new = played.position;
        if r.occurred && self.occurred.contains(&new) {
            return None;
        }
        if r.situations && self.situations.contains(&(new, c.opponent())) {
            return None;
        }
        if r.created && self.created.contains(&(new, c)) {
            return None;
        }
        if r.transitions && self.transitions.contains(&(self.pos, new)) {
            return None;
        }
        if r.two_ago && self.two_ago() == Some(new) {
            return None;
        }
        Some(played)
    }

    fn over(&self) -> bool {
        self.passes >= self.end_passes
    }

    /// The digest of the history entry a move by `mover` from `left` to
    /// `new` adds (a pass when `pass`), if the rule records one.
    fn entry_of(&self, left: Position, new: Position, mover: Color, pass: bool) -> Option<u64> {
        self.entry_of_hashes(position_hash(&left), position_hash(&new), mover, pass)
    }

    /// [`StandardGame::entry_of`] from the two positions' hashes (the
    /// digests [`kosolve_history::HistoryKey`] gives the entries).
    fn entry_of_hashes(&self, left: u128, new: u128, mover: Color, pass: bool) -> Option<u64> {
        let r = &self.reads;
        if pass {
            return r
                .situations
                .then(|| digest_entry(colored_digest(left, mover.opponent())));
        }
        if r.occurred {
            Some(digest_entry(new))
        } else if r.situations {
            Some(digest_entry(colored_digest(new, mover.opponent())))
        } else if r.created {
            Some(digest_entry(colored_digest(new, mover)))
        } else if r.transitions {
            Some(digest_entry(transition_digest(left, new)))
        } else {
            None
        }
    }

    /// Whether the rule's history is exactly one entry set (what
    /// dependency tracking needs; see [`Game::history_entries`]).
    fn one_entry_set(&self) -> bool {
        let r = &self.reads;
        [
            r.occurred,
            r.situations,
            r.created,
            r.transitions,
            r.triples,
        ]
        .iter()
        .filter(|&&b| b)
        .count()
            == 1
    }

    /// bkr: the digest of the entry of a board play by `mover` at `p` from
    /// a position with frame `frame`: its recorded triple.
    fn triple_entry(frame: KoFrame, mover: Color, p: Point) -> u64 {
        entry_digest(&KoTriple {
            frame,
            player: mover,
            point: p,
        })
    }

    /// The future key from the position, player, passes, two-ago position
    /// and ko ban, with the given hashes of the histories the rule reads.
    fn key_with(&self, occ: u128, sit: u128, cre: u128, tra: u128, tri: u128) -> u128 {
        self.key_under(0, occ, sit, cre, tra, tri)
    }

    /// The image of `p` under symmetry `sym` of the board.
    fn sym_point(&self, sym: usize, p: Point) -> Point {
        Point(self.board.symmetries()[sym][p.index()])
    }

    /// [`StandardGame::key_with`] of the image of this state under
    /// symmetry `sym` of the board: the position, the ko ban and the
    /// position two moves back mapped by it (the player to move and the
    /// passes are unchanged; the history hashes are given).
    fn key_under(&self, sym: usize, occ: u128, sit: u128, cre: u128, tra: u128, tri: u128) -> u128 {
        let mut k = self.sym.turn_hash(self.hash, sym, self.to_move);
        k = combine(k, self.passes as u128);
        let r = &self.reads;
        if r.occurred {
            k = combine(k, occ);
        }
        if r.situations {
            k = combine(k, sit);
        }
        if r.created {
            k = combine(k, cre);
        }
        if r.transitions {
            k = combine(k, tra);
        }
        if r.triples {
            k = combine(k, tri);
        }
        if r.ko_ban {
            k = combine(k, self.ban_part(sym));
        }
        if r.two_ago {
            k = combine(k, self.two_ago_part(sym));
        }
        k
    }

    /// The key's part for the ko ban, in the image under `sym`.
    fn ban_part(&self, sym: usize) -> u128 {
        match self.ban.map(|p| self.sym_point(sym, p)) {
            // "No ban" differs from every point's digest w.h.p.
            None => 0xB0_0B0E_0000_u128 << 64,
            Some(p) => kosolve_history::zobrist::mix128(0xBA0_0000 | p.0 as u128),
        }
    }

    /// The key's part for the position two moves back, in the image
    /// under `sym`.
    fn two_ago_part(&self, sym: usize) -> u128 {
        match self.frames.last() {
            // The "no move yet" marker differs from every position digest w.h.p.
            None => 0x05EE_D0FF_1E57_u128 << 64,
            Some(f) => kosolve_history::zobrist::mix128(
                if sym == 0 {
                    f.prev_hash
                } else {
                    f.prev_sym.get(sym)
                } ^ 1,
            ),
        }
    }
}

impl Game for StandardGame {
    game_accessors!();

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.over() {
            return;
        }
        for p in self.pos.empty(&self.board) {
            if self.board_play(Move::Play(p)).is_some() {
                out.push(Move::Play(p));
            }
        }
        if self.rules.ruleset.has_pass() {
            out.push(Move::Pass);
        }
    }

    fn is_legal(&self, m: Move) -> bool {
        if self.over() {
            return false;
        }
        match m {
            Move::Play(_) => self.board_play(m).is_some(),
            Move::Pass => self.rules.ruleset.has_pass(),
            _ => false,
        }
    }

    fn play(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m:?}");
        let c = self.to_move;
        let frame = Frame {
            mv: m,
            prev_pos: self.pos,
            prev_hash: self.hash,
            prev_passes: self.passes,
            prev_frame: self.frame,
            prev_ban: self.ban,
            prev_sym: *self.sym,
        };
        match m {
            Move::Play(p) => {
                let played = self.board_play(m).expect("play() of an illegal move");
                let new = played.position;
                if self.reads.occurred {
                    self.occurred.push(new);
                }
                if self.reads.situations {
                    self.situations.push((new, c.opponent()));
                }
                if self.reads.created {
                    self.created.push((new, c));
                }
                if self.reads.transitions {
                    self.transitions.push((self.pos, new));
                }
                if self.reads.triples {
                    self.triples.push(KoTriple {
                        frame: self.frame,
                        player: c,
                        point: p,
                    });
                    self.frame = KoFrame::of(&self.board, &new, self.rules.suicide);
                }
                if self.reads.ko_ban {
                    // The basic ko rule: a play at p that captured exactly
                    // one stone, at a, with {a, p} a ko of the new position,
                    // forbids a to the opponent for one move.
                    self.ban = if played.captured.count() == 1 {
                        let a = played.captured.first_point().expect("one stone");
                        is_ko(&self.board, &new, a, p, self.rules.suicide).then_some(a)
                    } else {
                        None
                    };
                }
                self.hash = hash_after_play(self.hash, c, p, played.captured, played.suicided);
                *self.sym =
                    self.sym
                        .after_play(&self.board, c, p, played.captured, played.suicided);
                self.pos = new;
                self.passes = 0;
            }
            Move::Pass => {
                if self.reads.situations {
                    self.situations.push((self.pos, c.opponent()));
                }
                self.passes += 1;
                self.ban = None;
            }
            _ => panic!("{m:?} is not a move of {}", self.rules.ruleset),
        }
        self.frames.push(frame);
        self.moves.push(m);
        self.to_move = c.opponent();
    }

    fn undo(&mut self) {
        let f = self.frames.pop().expect("undo with no move played");
        self.moves.pop();
        let c = self.to_move.opponent();
        match f.mv {
            Move::Play(_) => {
                let new = self.pos;
                if self.reads.occurred {
                    self.occurred.pop(new);
                }
                if self.reads.situations {
                    self.situations.pop((new, c.opponent()));
                }
                if self.reads.created {
                    self.created.pop((new, c));
                }
                if self.reads.transitions {
                    self.transitions.pop((f.prev_pos, new));
                }
                if self.reads.triples {
                    if let Move::Play(p) = f.mv {
                        self.triples.pop(KoTriple {
                            frame: f.prev_frame,
                            player: c,
                            point: p,
                        });
                    }
                }
            }
            Move::Pass => {
                if self.reads.situations {
                    self.situations.pop((self.pos, c.opponent()));
                }
            }
            _ => unreachable!(),
        }
        self.pos = f.prev_pos;
        self.hash = f.prev_hash;
        self.passes = f.prev_passes;
        self.frame = f.prev_frame;
        self.ban = f.prev_ban;
        *self.sym = f.prev_sym;
        self.to_move = c;
    }

    fn result(&self) -> Option<GameResult> {
        if self.over() {
            return Some(GameResult::Score {
                black: self.pos.area(&self.board, Color::Black),
                white: self.pos.area(&self.board, Color::White),
            });
        }
        if !self.rules.ruleset.has_pass() {
            // Primitive ko: a player with no legal board play loses.
            let any = self
                .pos
                .empty(&self.board)
                .iter()
                .any(|p| self.board_play(Move::Play(p)).is_some());
            if !any {
                return Some(GameResult::Win(self.to_move.opponent()));
            }
        }
        None
    }

    fn future_key(&self) -> Option<u128> {
        // The future is decided by: the position, the player to move, the
        // consecutive passes, and the history the ko rule reads (as a set:
        // each rule asks only "is X in it", never when X was added).
        Some(self.key_with(
            self.occurred.hash(),
            self.situations.hash(),
            self.created.hash(),
            self.transitions.hash(),
            self.triples.hash(),
        ))
    }

    fn history_entry(&self, m: Move) -> Option<u64> {
        let c = self.to_move;
        match m {
            Move::Play(p) => {
                let new = self
                    .pos
                    .play(&self.board, c, p, self.rules.suicide)
                    .ok()?
                    .position;
                if self.reads.triples {
                    return Some(Self::triple_entry(self.frame, c, p));
                }
                self.entry_of(self.pos, new, c, false)
            }
            Move::Pass => self.entry_of(self.pos, self.pos, c, true),
            _ => None,
        }
    }

    fn last_entry(&self) -> Option<u64> {
        let f = self.frames.last()?;
        if let (true, Move::Play(p)) = (self.reads.triples, f.mv) {
            return Some(Self::triple_entry(f.prev_frame, self.to_move.opponent(), p));
        }
        self.entry_of(
            f.prev_pos,
            self.pos,
            self.to_move.opponent(),
            f.mv == Move::Pass,
        )
    }

    fn history_entries(&self, out: &mut Vec<u64>) -> bool {
        let r = &self.reads;
        // Exactly one entry set. basic-fixed also reads the position two
        // moves back, and bkr the basic ko ban, which are part of the
        // history-free key (`key_with`), so a play they forbid is forbidden
        // by the key, not the history. basic alone has no entry set (and
        // void games: the retrograde solver).
        if !self.one_entry_set() {
            return false;
        }
        if r.occurred {
            out.extend(self.occurred.keys().map(entry_digest));
        } else if r.situations {
            out.extend(self.situations.keys().map(entry_digest));
        } else if r.created {
            out.extend(self.created.keys().map(entry_digest));
        } else if r.transitions {
            out.extend(self.transitions.keys().map(entry_digest));
        } else {
            out.extend(self.triples.keys().map(entry_digest));
        }
        true
    }

    fn history_free_key(&self) -> Option<u128> {
        Some(combine(self.key_with(0, 0, 0, 0, 0), HISTORY_FREE_TAG))
    }

    /// Every symmetry of the board where dependency tracking applies: the
    /// ko rules read positions, situations, transitions and frames, which
    /// are defined by the board's adjacency alone (docs/solver.md, "Symmetry").
    fn key_symmetries(&self) -> usize {
        self.sym.len()
    }

    fn history_free_key_under(&self, sym: usize) -> Option<u128> {
        Some(combine(
            self.key_under(sym, 0, 0, 0, 0, 0),
            HISTORY_FREE_TAG,
        ))
    }

    /// The default's key and symmetry (the least of the images'
    /// history-free keys, ties to the least symmetry), with the images'
    /// keys built side by side, one mixing stage for all of them at a time,
    /// so that the processor overlaps their independent chains of
    /// multiplications (docs/performance.md, "The images' keys side by
    /// side"). The same keys as [`StandardGame::key_under`] gives one by
    /// one.
    fn canonical_history_free_key(&self, syms: usize) -> Option<(u128, usize)> {
        const MAX: usize = 8;
        if syms > MAX {
            let keys = (0..syms).map(|s| (self.history_free_key_under(s).expect("a key"), s));
            return keys.min();
        }
        let mut k = [0u128; MAX];
        for (s, x) in k[..syms].iter_mut().enumerate() {
            *x = self.sym.turn_hash(self.hash, s, self.to_move);
        }
        let stage = |k: &mut [u128; MAX], part: &dyn Fn(usize) -> u128| {
            for (s, x) in k[..syms].iter_mut().enumerate() {
                *x = combine(*x, part(s));
            }
        };
        stage(&mut k, &|_| self.passes as u128);
        let r = &self.reads;
        // The histories' hashes, 0 in a history-free key.
        let reads_histories = [
            r.occurred,
            r.situations,
            r.created,
            r.transitions,
            r.triples,
        ];
        for _ in reads_histories.iter().filter(|&&on| on) {
            stage(&mut k, &|_| 0);
        }
        if r.ko_ban {
            stage(&mut k, &|s| self.ban_part(s));
        }
        if r.two_ago {
            stage(&mut k, &|s| self.two_ago_part(s));
        }
        stage(&mut k, &|_| HISTORY_FREE_TAG);
        (0..syms).map(|s| (k[s], s)).min()
    }

    fn last_entry_images(&self, out: &mut [u64]) -> bool {
        let Some(f) = self.frames.last() else {
            return false;
        };
        let mover = self.to_move.opponent();
        let n = self.key_symmetries();
        if let (true, Move::Play(p)) = (self.reads.triples, f.mv) {
            for (s, o) in out.iter_mut().enumerate().take(n) {
                let frame = f.prev_frame.transform(&self.board, s);
                *o = Self::triple_entry(frame, mover, self.sym_point(s, p));
            }
            return true;
        }
        let pass = f.mv == Move::Pass;
        for (s, o) in out.iter_mut().enumerate().take(n) {
            match self.entry_of_hashes(f.prev_sym.get(s), self.sym.get(s), mover, pass) {
                Some(e) => *o = e,
                None => return false,
            }
        }
        true
    }

    fn history_entry_images(&self, out: &mut Vec<u64>) -> bool {
        if !self.one_entry_set() {
            return false;
        }
        let b = &*self.board;
        let n = self.key_symmetries();
        let r = &self.reads;
        if r.occurred {
            for k in self.occurred.keys() {
                out.extend((0..n).map(|s| entry_digest(&k.transform(b, s))));
            }
        } else if r.situations {
            for (p, c) in self.situations.keys() {
                out.extend((0..n).map(|s| entry_digest(&(p.transform(b, s), *c))));
            }
        } else if r.created {
            for (p, c) in self.created.keys() {
                out.extend((0..n).map(|s| entry_digest(&(p.transform(b, s), *c))));
            }
        } else if r.transitions {
            for (l, p) in self.transitions.keys() {
                out.extend((0..n).map(|s| entry_digest(&(l.transform(b, s), p.transform(b, s)))));
            }
        } else {
            for t in self.triples.keys() {
                out.extend((0..n).map(|s| {
                    entry_digest(&KoTriple {
                        frame: t.frame.transform(b, s),
                        player: t.player,
                        point: self.sym_point(s, t.point),
                    })
                }));
            }
        }
        true
    }

    /// Each player's safe points ([`Position::safe_points`]) are hers at
    /// the end of every game in which she passes from now on, and passing
    /// is always legal and reads no history; so Black can hold the margin
    /// to at least 2 |safe(Black)| - n, and White to at most
    /// n - 2 |safe(White)| (docs/solver.md, "Static bounds"). Not for
    /// `basic` (a game may never end) nor `primitive` (no pass).
    fn static_bounds(&self) -> Option<(i32, i32)> {
        // Every game must end by passes with a scored board: not under
        // `basic`, whose games may never end.
        let rs = self.rules.ruleset;
        if !rs.has_pass() || rs == Ruleset::Basic || !matches!(self.rules.end, End::Passes(_)) {
            return None;
        }
        let n = self.board.len() as i32;
        let su = self.rules.suicide;
        let b = self.pos.safe_points(&self.board, Color::Black, su).count() as i32;
        let w = self.pos.safe_points(&self.board, Color::White, su).count() as i32;
        Some((2 * b - n, n - 2 * w))
    }

    /// Counted for psk, ssk, nssk, tromp-taylor, fixed and basic-fixed
    /// (docs/solver.md, "Territory", says why each may); not for bkr,
    /// whose frames can repeat when positions do not.
    fn territory_bounds(&self) -> Option<crate::Territory> {
        let rs = self.rules.ruleset;
        if !matches!(
            rs,
            Ruleset::Psk
                | Ruleset::Ssk
                | Ruleset::Nssk
                | Ruleset::TrompTaylor
                | Ruleset::Fixed
                | Ruleset::BasicFixed
        ) || !matches!(self.rules.end, End::Passes(_))
        {
            return None;
        }
        let n = self.board.len() as i32;
        let su = self.rules.suicide;
        let side = |c: Color| {
            let (mut regions, alive) = self.pos.safe_regions(&self.board, c, su);
            // The owner must get a move before the game can end while the
            // opponent has stones there: otherwise the opponent's pass may
            // end it with them on the board (docs/solver.md, "Territory").
            let invaded = (self.pos.stones(c.opponent()) & regions).any();
            if invaded && self.to_move != c && self.passes + 1 >= self.end_passes {
                regions = kosolve_board::Bitboard::EMPTY;
            }
            let safe = alive | self.pos.eyes_of(&self.board, alive);
            (
                safe.count() as i32,
                (safe | regions).count() as i32,
                crate::Pattern {
                    color: c,
                    alive,
                    regions,
                },
            )
        };
        let (b0, b, black) = side(Color::Black);
        let (w0, w, white) = side(Color::White);
        Some(crate::Territory {
            plain: (2 * b0 - n, n - 2 * w0),
            lower: 2 * b - n,
            upper: n - 2 * w,
            black,
            white,
        })
    }

    fn position_hash(&self) -> u128 {
        self.hash
    }
}
