//! Property tests: no input panics, and records written here read back.

use kosolve_board::{Bitboard, Board, Color, Point, Position};
use kosolve_sgf::{parse, RecordMove};
use proptest::prelude::*;

/// Parses `text`; on an error, checks that it has a message and that any
/// offset it names lies within the text.
fn parse_checked(text: &str) {
    if let Err(e) = parse(text) {
        assert!(!e.to_string().is_empty());
        if let Some(offset) = e.offset() {
            assert!(offset <= text.len(), "{e} (text has {} bytes)", text.len());
        }
    }
}

const SEEDS: &[&str] = &[
    "(;GM[1]FF[4]SZ[3]KM[0.5]PL[W]AB[aa][bb]AW[cb]AE[cc]C[a \\] b];W[ca];B[](;W[tt];B[ac])(;W[ab]))",
    "(;SZ[4:2]AB[aa:bb]AW[da];B[cb];W[ca];B[];W[])",
    "(;GaMe[1]SiZe[2]AddBlack[aa]PLayer[B];Black[bb];White[tt])(;SZ[3])",
    "(;FF[3]SZ[5]KM[6.5]AB[ab:bd];B[cc](;W[dd];B[ee](;W[aa])(;W[ea]))(;W[ed]))",
];

/// The characters that mutations insert.
const ALPHABET: &[u8] = b"()[];:\\ABWSZPLKMaetz0123456789 ";

/// One edit of a text, as (kind, position, character index).
type Edit = (u8, usize, usize);

fn mutate(seed: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for &(kind, pos, c) in edits {
        let ch = ALPHABET[c % ALPHABET.len()] as char;
        match kind % 3 {
            0 => {
                let at = pos % (chars.len() + 1);
                chars.insert(at, ch);
            }
            1 if !chars.is_empty() => {
                let at = pos % chars.len();
                chars.remove(at);
            }
            _ if !chars.is_empty() => {
                let at = pos % chars.len();
                chars[at] = ch;
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// A record to write: the board's size, a setup, the tags, and moves.
#[derive(Clone, Debug)]
struct Spec {
    rows: usize,
    cols: usize,
    /// Per point: 0 empty, 1 black, 2 white (only the first rows*cols count).
    cells: Vec<u8>,
    to_move: Option<Color>,
    komi: Option<String>,
    /// Per move: Black?, and a point index (taken modulo the size) or a pass.
    moves: Vec<(bool, Option<usize>)>,
    /// Per move: open a branch before it (the main line is its first variation).
    branches: Vec<bool>,
    /// Write the setup as a full AB rectangle overwritten in a second node.
    compressed: bool,
    /// Write passes as `tt` rather than `[]`.
    tt_passes: bool,
    /// Separator between tokens.
    space: &'static str,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        1usize..=5,
        1usize..=5,
        proptest::collection::vec(0u8..3, 25),
        proptest::option::of(prop_oneof![Just(Color::Black), Just(Color::White)]),
        proptest::option::of("[ 0-9.\\]\\\\a-z-]{0,8}"),
        proptest::collection::vec(
            (any::<bool>(), proptest::option::weighted(0.8, 0usize..25)),
            0..30,
        ),
        proptest::collection::vec(proptest::bool::weighted(0.2), 30),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(""), Just(" "), Just("\n  "), Just("\t")],
    )
        .prop_map(
            |(rows, cols, cells, to_move, komi, moves, branches, compressed, tt_passes, space)| {
                Spec {
                    rows,
                    cols,
                    cells,
                    to_move,
                    komi,
                    moves,
                    branches,
                    compressed,
                    tt_passes,
                    space,
                }
            },
        )
}

/// SGF text escaping: `\` before `]` and `\`.
fn escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

impl Spec {
    fn board(&self) -> Board {
        Board::rect(self.rows, self.cols).unwrap()
    }

    fn setup(&self) -> Position {
        let n = self.rows * self.cols;
        let mut pos = Position::EMPTY;
        for (i, &c) in self.cells[..n].iter().enumerate() {
            match c {
                1 => pos.black = pos.black.with(Point(i as u8)),
                2 => pos.white = pos.white.with(Point(i as u8)),
                _ => {}
            }
        }
        pos
    }

    fn expected_moves(&self) -> Vec<RecordMove> {
        let n = self.rows * self.cols;
        self.moves
            .iter()
            .enumerate()
            .map(|(i, &(black, p))| RecordMove {
                color: if black { Color::Black } else { Color::White },
                point: p.map(|p| Point((p % n) as u8)),
                number: i + 1,
            })
            .collect()
    }

    /// The record as SGF text, written with `Board::sgf_point`.
    fn write(&self) -> String {
        let board = self.board();
        let sp = self.space;
        let pt = |p: Point| board.sgf_point(p).unwrap();
        let list = |set: Bitboard| -> String {
            set.iter()
                .map(|p| format!("[{}]", pt(p)))
                .collect::<Vec<_>>()
                .join(sp)
        };
        let setup = self.setup();
        let mut s = format!("{sp}({sp};GM[1]{sp}FF[4]{sp}");
        if self.cols == self.rows {
            s += &format!("SZ[{}]{sp}", self.cols);
        } else {
            s += &format!("SZ[{}:{}]{sp}", self.cols, self.rows);
        }
        if let Some(c) = self.to_move {
            s += &format!("PL[{}]{sp}", c.letter());
        }
        if let Some(k) = &self.komi {
            s += &format!("KM[{}]{sp}", escape(k));
        }
        if self.compressed {
            // All black, then a second node clears and whitens.
            let last = Point((self.rows * self.cols - 1) as u8);
            s += &format!("AB[{}:{}]{sp}", pt(Point(0)), pt(last));
            let not_black = board.all() - setup.black;
            if not_black.any() {
                s += &format!(";{sp}AE{sp}{}", list(not_black));
                if setup.white.any() {
                    s += &format!("{sp}AW{}", list(setup.white));
                }
            }
        } else {
            if setup.black.any() {
                s += &format!("AB{}{sp}", list(setup.black));
            }
            if setup.white.any() {
                s += &format!("AW{}{sp}", list(setup.white));
            }
        }
        let mut closers = Vec::new();
        for (i, m) in self.expected_moves().iter().enumerate() {
            if self.branches[i] {
                s += &format!("{sp}({sp}");
                // A second variation with nonsense that must be ignored.
                closers.push(format!("){sp}(;W[zz]AB[aa]B[tt];SZ[99])"));
            }
            let value = match m.point {
                Some(p) => pt(p),
                None if self.tt_passes => "tt".to_string(),
                None => String::new(),
            };
            s += &format!(";{sp}{}[{value}]{sp}", m.color.letter());
        }
        while let Some(c) = closers.pop() {
            s += &c;
        }
        s += &format!("){sp}");
        s
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        parse_checked(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn sgf_alphabet_soup_never_panics(
        picks in proptest::collection::vec(0usize..ALPHABET.len(), 0..300),
    ) {
        let mut text = String::from("(;SZ[3]");
        text.extend(picks.iter().map(|&i| ALPHABET[i] as char));
        parse_checked(&text);
    }

    #[test]
    fn mutated_records_never_panic(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((0u8..3, any::<usize>(), any::<usize>()), 1..6),
    ) {
        parse_checked(&mutate(SEEDS[seed], &edits));
    }

    #[test]
    fn written_records_read_back(spec in spec()) {
        let text = spec.write();
        let record = parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&record.board, &spec.board(), "{}", text);
        prop_assert_eq!(record.setup, spec.setup(), "{}", text);
        prop_assert_eq!(record.to_move, spec.to_move);
        prop_assert_eq!(record.komi.as_deref(), spec.komi.as_deref().map(str::trim), "{}", text);
        prop_assert_eq!(record.moves, spec.expected_moves(), "{}", text);
    }
}

#[test]
fn seeds_parse() {
    for s in SEEDS {
        parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
}

/// Every prefix of the seeds (a record cut short, as a truncated file is):
/// an error with a message and an offset within the text, or a record.
#[test]
fn every_prefix_of_the_seeds_is_read_or_refused() {
    for s in SEEDS {
        for end in (0..=s.len()).filter(|&i| s.is_char_boundary(i)) {
            parse_checked(&s[..end]);
            if !s[..end].contains(')') {
                // No game tree is closed yet.
                assert!(parse(&s[..end]).is_err(), "{}", &s[..end]);
            }
        }
    }
}
