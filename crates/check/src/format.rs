//! Certificates and their text format, version 3 (docs/certificates.md):
//! the header (board, rules, start, claim), the strategy stream, a parser
//! for files holding several certificates and a writer.

use std::fmt;

use crate::board::{Board, Position};
use crate::types::{BoardSpec, Color, Move, Ruleset, Suicide};

/// The first line of every certificate.
const MAGIC: &str = "kosolve-certificate";
/// The newest format version, which this crate reads and writes where a
/// certificate needs it: version 3 adds the `claim` line. The writer
/// writes the oldest version that can say a certificate
/// ([`Header::version`]); the reader also reads versions 1 (no `cut`
/// line: [`Cut::None`]) and 2 (no `claim` line: [`Claim::Finished`]).
pub const VERSION: u32 = 3;
/// The strategy alphabet: point i is the i-th character; a pass is `-`.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
/// Strategy characters per line in written certificates.
const WRAP: usize = 64;

/// A malformed certificate text or an inconsistent header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// A line (numbered from 1) that does not say what the format needs.
    Syntax {
        /// The line number in the text, from 1.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// The text ended inside a certificate.
    UnexpectedEnd {
        /// What was still expected.
        expected: String,
    },
    /// A header that parses but breaks a rule of the format (board size,
    /// graph symmetry, setup shape, a chain without liberties, ...).
    Header(String),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::Syntax { line, message } => write!(f, "line {line}: {message}"),
            FormatError::UnexpectedEnd { expected } => {
                write!(f, "the text ends where {expected} was expected")
            }
            FormatError::Header(message) => write!(f, "invalid header: {message}"),
        }
    }
}

impl std::error::Error for FormatError {}

/// Everything a certificate says besides the strategy: the game, its start
/// and the claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The board.
    pub board: BoardSpec,
    /// The ruleset.
    pub rules: Ruleset,
    /// The suicide setting (`allowed` for `tromp-taylor`).
    pub suicide: Suicide,
    /// Consecutive passes that end the game (at least 1).
    pub end_passes: u32,
    /// Komi in half points; for information only, never subtracted.
    pub komi_halves: i32,
    /// The start position, in point order.
    pub setup: Vec<Option<Color>>,
    /// The player to move in the setup.
    pub to_move: Color,
    /// Moves played from the setup before the claim's start.
    pub moves: Vec<Move>,
    /// The player the claim is about.
    pub prover: Color,
    /// What the prover claims of the games her strategy allows.
    pub claim: Claim,
    /// Black claims d >= threshold, White claims d <= threshold, where
    /// d = area(Black) - area(White) (0 and unused for [`Claim::Win`]).
    pub threshold: i32,
    /// Where the walk may stop before the end of the game.
    pub cut: Cut,
}

/// Where a walk may accept a node before the game ends
/// (docs/certificates.md, "The pass-alive cut").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// Never: every line is played to a finished game.
    None,
    /// Where the prover's safe points (pass-alive stones and their
    /// one-point eyes, by the checker's own Benson's algorithm) already
    /// meet the claim whatever is played.
    PassAlive,
}

impl Cut {
    /// Every cut, in the order of their names.
    pub const ALL: [Cut; 2] = [Cut::None, Cut::PassAlive];

    /// The name in the header's `cut` line.
    pub fn name(self) -> &'static str {
        match self {
            Cut::None => "none",
            Cut::PassAlive => "pass-alive",
        }
    }

    /// The cut a name stands for.
    pub fn from_name(s: &str) -> Option<Cut> {
        Cut::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// What a certificate claims of the games its strategy allows
/// (docs/certificates.md, "The claim").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Every finished game meets the threshold. Under `basic` a game that
    /// never ends is not a finished game, so it does not break the claim.
    /// The only claim of the [`Ruleset::MARGIN`] rulesets.
    Finished,
    /// Every game ends, and meets the threshold (`basic` only: the prover
    /// forces a finite end).
    Ending,
    /// The prover wins: every game ends with the opponent to move and no
    /// legal board play (`primitive` only).
    Win,
}

impl Claim {
    /// Every claim, in the order of their names.
    pub const ALL: [Claim; 3] = [Claim::Finished, Claim::Ending, Claim::Win];

    /// The name in the header's `claim` line.
    pub fn name(self) -> &'static str {
        match self {
            Claim::Finished => "finished",
            Claim::Ending => "ending",
            Claim::Win => "win",
        }
    }

    /// The claim a name stands for.
    pub fn from_name(s: &str) -> Option<Claim> {
        Claim::ALL.into_iter().find(|c| c.name() == s)
    }

    /// Whether `rules` has this claim: [`Claim::Finished`] every ruleset
    /// but `primitive`, [`Claim::Ending`] `basic` alone, [`Claim::Win`]
    /// `primitive` alone.
    pub fn applies_to(self, rules: Ruleset) -> bool {
        match self {
            Claim::Finished => rules != Ruleset::Primitive,
            Claim::Ending => rules == Ruleset::Basic,
            Claim::Win => rules == Ruleset::Primitive,
        }
    }
}

impl Header {
    /// A header for the empty board, Black to move, no moves played, two
    /// passes to end, komi 0, suicide forbidden (allowed for
    /// `tromp-taylor`).
    pub fn empty_board(board: BoardSpec, rules: Ruleset, prover: Color, threshold: i32) -> Header {
        let suicide = match rules {
            Ruleset::TrompTaylor => Suicide::Allowed,
            _ => Suicide::Forbidden,
        };
        let setup = vec![None; board.points()];
        Header {
            board,
            rules,
            suicide,
            end_passes: 2,
            komi_halves: 0,
            setup,
            to_move: Color::Black,
            moves: Vec::new(),
            prover,
            claim: if rules == Ruleset::Primitive {
                Claim::Win
            } else {
                Claim::Finished
            },
            threshold,
            cut: Cut::None,
        }
    }

    /// The claim in words: "Black proves area(Black) - area(White) >= 3
    /// under psk", "Black wins under primitive", ...
    pub fn claim_text(&self) -> String {
        let (who, op) = match self.prover {
            Color::Black => ("Black", ">="),
            Color::White => ("White", "<="),
        };
        let (rules, t) = (self.rules.name(), self.threshold);
        match self.claim {
            Claim::Win => format!("{who} wins under {rules}"),
            Claim::Ending => format!(
                "{who} forces the game to end with area(Black) - area(White) {op} {t} \
                 under {rules}"
            ),
            Claim::Finished if !self.rules.is_margin() => format!(
                "{who} proves every game that ends has area(Black) - area(White) {op} {t} \
                 under {rules}"
            ),
            Claim::Finished => {
                format!("{who} proves area(Black) - area(White) {op} {t} under {rules}")
            }
        }
    }

    /// The oldest format version that can say this header: 3 for a
    /// `basic` or `primitive` certificate (the `claim` line), else 2.
    pub fn version(&self) -> u32 {
        if self.rules.is_margin() && self.claim == Claim::Finished {
            2
        } else {
            3
        }
    }

    /// Checks what the format requires of a header beyond its syntax.
    pub fn validate(&self) -> Result<(), FormatError> {
        self.board.validate().map_err(FormatError::Header)?;
        let n = self.board.points();
        if self.setup.len() != n {
            return Err(FormatError::Header(format!(
                "the setup has {} points, the board {n}",
                self.setup.len()
            )));
        }
        if self.rules == Ruleset::TrompTaylor && self.suicide != Suicide::Allowed {
            return Err(FormatError::Header(
                "tromp-taylor needs `suicide allowed`".into(),
            ));
        }
        if self.end_passes == 0 {
            return Err(FormatError::Header("end-passes must be at least 1".into()));
        }
        if !self.claim.applies_to(self.rules) {
            return Err(FormatError::Header(format!(
                "`claim {}` does not apply to `rules {}`",
                self.claim.name(),
                self.rules
            )));
        }
        if self.claim == Claim::Win && self.threshold != 0 {
            return Err(FormatError::Header(
                "`claim win` has no threshold (it must be 0)".into(),
            ));
        }
        if self.cut == Cut::PassAlive
            && (self.rules == Ruleset::Primitive
                || (self.claim == Claim::Ending && self.suicide == Suicide::Allowed))
        {
            // No pass (primitive); and with suicide allowed the opponent
            // can fill and empty her own points forever against a prover
            // who only passes, so the cut's strategy need not end the game.
            return Err(FormatError::Header(format!(
                "`cut pass-alive` does not apply to `rules {}`, `claim {}`, `suicide {}`",
                self.rules,
                self.claim.name(),
                self.suicide
            )));
        }
        let board = Board::new(&self.board);
        if board.has_dead_chain(Position::from_setup(&self.setup)) {
            return Err(FormatError::Header(
                "a chain of the setup has no liberty".into(),
            ));
        }
        Ok(())
    }
}

/// A claim and the prover's strategy: the moves the prover makes, one per
/// prover decision, in the order of the walk (docs/certificates.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The game, the start and the claim.
    pub header: Header,
    /// The prover's moves in walk order.
    pub strategy: Vec<Move>,
}

impl Certificate {
    /// Parses every certificate of `text`, in order.
    pub fn parse_all(text: &str) -> Result<Vec<Certificate>, FormatError> {
        let mut lines = Lines::new(text);
        let mut certs = Vec::new();
        while let Some((no, line)) = lines.next_content() {
            let version = line.strip_prefix(MAGIC).map(str::trim).ok_or_else(|| {
                syntax(no, format!("expected `{MAGIC} {VERSION}`, found `{line}`"))
            })?;
            let version = match version {
                "1" => 1,
                "2" => 2,
                "3" => 3,
                _ => {
                    return Err(syntax(
                        no,
                        format!("unsupported certificate version `{version}`"),
                    ))
                }
            };
            certs.push(parse_body(&mut lines, version)?);
        }
        Ok(certs)
    }

    /// Parses a text that must hold exactly one certificate.
    pub fn parse(text: &str) -> Result<Certificate, FormatError> {
        let mut all = Certificate::parse_all(text)?;
        match all.len() {
            1 => Ok(all.remove(0)),
            n => Err(FormatError::Header(format!(
                "expected one certificate, found {n}"
            ))),
        }
    }

    /// The certificate in the text format, ending with a newline.
    pub fn to_text(&self) -> String {
        let h = &self.header;
        let mut out = format!("{MAGIC} {}\n", h.version());
        write_board(&mut out, &h.board);
        out.push_str(&format!("rules {}\n", h.rules));
        out.push_str(&format!("suicide {}\n", h.suicide));
        out.push_str(&format!("end-passes {}\n", h.end_passes));
        out.push_str(&format!("komi {}\n", komi_text(h.komi_halves)));
        out.push_str(&format!("setup {}\n", setup_text(&h.board, &h.setup)));
        out.push_str(&format!("to-move {}\n", h.to_move));
        out.push_str("moves");
        for m in &h.moves {
            out.push_str(&format!(" {m}"));
        }
        out.push('\n');
        out.push_str(&format!("prover {}\n", h.prover));
        if h.version() >= 3 {
            out.push_str(&format!("claim {}\n", h.claim.name()));
        }
        if h.claim != Claim::Win {
            out.push_str(&format!("threshold {}\n", h.threshold));
        }
        out.push_str(&format!("cut {}\n", h.cut.name()));
        out.push_str(&format!("strategy {}\n", self.strategy.len()));
        let chars: Vec<char> = self.strategy.iter().map(|&m| encode_move(m)).collect();
        for chunk in chars.chunks(WRAP) {
            out.extend(chunk);
            out.push('\n');
        }
        out.push_str("end\n");
        out
    }
}

/// Several certificates, one after another, separated by blank lines.
pub fn write_all(certs: &[Certificate]) -> String {
    let texts: Vec<String> = certs.iter().map(Certificate::to_text).collect();
    texts.join("\n")
}

/// The strategy character of a move.
pub fn encode_move(m: Move) -> char {
    match m {
        Move::Pass => '-',
        Move::Play(p) => char::from(ALPHABET[usize::from(p) & 63]),
    }
}

/// The move of a strategy character, if it is one.
pub fn decode_move(c: char) -> Option<Move> {
    if c == '-' {
        return Some(Move::Pass);
    }
    let byte = u8::try_from(c).ok()?;
    ALPHABET
        .iter()
        .position(|&a| a == byte)
        .map(|i| Move::Play(i as u8))
}

/// A syntax error on line `line`.
fn syntax(line: usize, message: String) -> FormatError {
    FormatError::Syntax { line, message }
}

/// The text's lines, numbered from 1.
struct Lines<'a> {
    /// The remaining lines with their numbers.
    inner: std::iter::Enumerate<std::str::Lines<'a>>,
}

impl<'a> Lines<'a> {
    /// The lines of `text`.
    fn new(text: &'a str) -> Lines<'a> {
        Lines {
            inner: text.lines().enumerate(),
        }
    }

    /// The next line, trimmed, with its number.
    fn next_raw(&mut self) -> Option<(usize, &'a str)> {
        self.inner.next().map(|(i, l)| (i + 1, l.trim()))
    }

    /// The next line that is neither blank nor a `#` comment.
    fn next_content(&mut self) -> Option<(usize, &'a str)> {
        self.inner
            .by_ref()
            .map(|(i, l)| (i + 1, l.trim()))
            .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
    }

    /// The next content line, which must start with the word `key`; returns
    /// its number and the rest of the line.
    fn field(&mut self, key: &str) -> Result<(usize, &'a str), FormatError> {
        let (no, line) = self
            .next_content()
            .ok_or_else(|| FormatError::UnexpectedEnd {
                expected: format!("`{key}`"),
            })?;
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        if word != key {
            return Err(syntax(no, format!("expected `{key} ...`, found `{line}`")));
        }
        Ok((no, rest.trim()))
    }

    /// The field `key` parsed by `parse`, which names what it wants.
    fn parsed<T>(
        &mut self,
        key: &str,
        parse: impl Fn(&str) -> Option<T>,
        wants: &str,
    ) -> Result<T, FormatError> {
        let (no, rest) = self.field(key)?;
        parse(rest).ok_or_else(|| syntax(no, format!("`{key}` needs {wants}, found `{rest}`")))
    }
}

/// Everything after the first line of a certificate, through `end`.
fn parse_body(lines: &mut Lines<'_>, version: u32) -> Result<Certificate, FormatError> {
    let board = parse_board(lines)?;
    let (no, name) = lines.field("rules")?;
    let rules = Ruleset::from_name(name)
        .ok_or_else(|| syntax(no, format!("`rules` needs a ruleset name, found `{name}`")))?;
    if version < 3 && !rules.is_margin() {
        return Err(syntax(
            no,
            format!("`rules {rules}` needs certificate version 3 (a `claim` line)"),
        ));
    }
    let suicide = lines.parsed("suicide", Suicide::from_name, "`forbidden` or `allowed`")?;
    let end_passes = lines.parsed(
        "end-passes",
        |s| s.parse::<u32>().ok().filter(|&k| k >= 1),
        "an integer >= 1",
    )?;
    let komi_halves = lines.parsed("komi", parse_komi, "a multiple of 0.5")?;
    let (no, rest) = lines.field("setup")?;
    let setup = parse_setup(&board, rest).map_err(|m| syntax(no, m))?;
    let to_move = lines.parsed("to-move", Color::from_name, "`black` or `white`")?;
    let moves = lines.parsed("moves", parse_moves, "point indexes or `pass`")?;
    let prover = lines.parsed("prover", Color::from_name, "`black` or `white`")?;
    let claim = if version >= 3 {
        lines.parsed("claim", Claim::from_name, "`finished`, `ending` or `win`")?
    } else {
        Claim::Finished
    };
    let threshold = if claim == Claim::Win {
        0
    } else {
        lines.parsed("threshold", |s| s.parse::<i32>().ok(), "an integer")?
    };
    let cut = if version >= 2 {
        lines.parsed("cut", Cut::from_name, "`none` or `pass-alive`")?
    } else {
        Cut::None
    };
    let count = lines.parsed("strategy", |s| s.parse::<usize>().ok(), "a move count")?;
    let strategy = parse_stream(lines, count)?;
    let header = Header {
        board,
        rules,
        suicide,
        end_passes,
        komi_halves,
        setup,
        to_move,
        moves,
        prover,
        claim,
        threshold,
        cut,
    };
    header.validate()?;
    Ok(Certificate { header, strategy })
}

/// `board RxC`, or `board graph N` and its N adjacency lines.
fn parse_board(lines: &mut Lines<'_>) -> Result<BoardSpec, FormatError> {
    let (no, rest) = lines.field("board")?;
    if let Some(n) = rest.strip_prefix("graph") {
        let n: usize = n
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=64).contains(n))
            .ok_or_else(|| {
                syntax(
                    no,
                    format!("`board graph N` needs 1 <= N <= 64, found `{rest}`"),
                )
            })?;
        return parse_graph(lines, n);
    }
    let (r, c) = rest
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| {
            syntax(
                no,
                format!("`board` needs RxC or `graph N`, found `{rest}`"),
            )
        })?;
    // Checked: `board 18446744073709551615x2` must not overflow.
    if r == 0 || c == 0 || r.checked_mul(c).is_none_or(|n| n > 64) {
        return Err(syntax(
            no,
            format!("board {r}x{c}: a board needs 1 to 64 points"),
        ));
    }
    Ok(BoardSpec::Rect { rows: r, cols: c })
}

/// The N lines `i: j k ...` of a graph board, each point exactly once.
fn parse_graph(lines: &mut Lines<'_>, n: usize) -> Result<BoardSpec, FormatError> {
    let mut neighbours: Vec<Option<Vec<u8>>> = vec![None; n];
    for _ in 0..n {
        let (no, line) = lines
            .next_content()
            .ok_or_else(|| FormatError::UnexpectedEnd {
                expected: "a graph line `i: j k ...`".into(),
            })?;
        let bad = || {
            syntax(
                no,
                format!("expected a graph line `i: j k ...` with points below {n}, found `{line}`"),
            )
        };
        let (i, rest) = line.split_once(':').ok_or_else(bad)?;
        let i: usize = i.trim().parse().ok().filter(|&i| i < n).ok_or_else(bad)?;
        let list: Option<Vec<u8>> = rest
            .split_whitespace()
            .map(|t| t.parse::<u8>().ok().filter(|&j| usize::from(j) < n))
            .collect();
        let list = list.ok_or_else(bad)?;
        if neighbours[i].replace(list).is_some() {
            return Err(syntax(no, format!("point {i} has a second graph line")));
        }
        // Every point has a line once all n lines are read without repeats.
    }
    let neighbours = neighbours
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect();
    let spec = BoardSpec::Graph { neighbours };
    spec.validate().map_err(FormatError::Header)?;
    Ok(spec)
}

/// A komi like `0`, `0.5`, `-1.5`, in half points.
fn parse_komi(s: &str) -> Option<i32> {
    let (negative, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (whole, half) = match digits.split_once('.') {
        Some((w, "5")) => (w, 1),
        Some((w, "0")) => (w, 0),
        Some(_) => return None,
        None => (digits, 0),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let halves = whole
        .parse::<i32>()
        .ok()?
        .checked_mul(2)?
        .checked_add(half)?;
    Some(if negative { -halves } else { halves })
}

/// The text of a komi in half points: `0`, `0.5`, `-1.5`.
fn komi_text(halves: i32) -> String {
    let sign = if halves < 0 { "-" } else { "" };
    let abs = halves.unsigned_abs();
    let half = if abs % 2 == 1 { ".5" } else { "" };
    format!("{sign}{}{half}", abs / 2)
}

/// The setup's rows, top first, joined by `/` (one row on a graph board).
fn parse_setup(board: &BoardSpec, text: &str) -> Result<Vec<Option<Color>>, String> {
    let (rows, cols) = match board {
        BoardSpec::Rect { rows, cols } => (*rows, *cols),
        BoardSpec::Graph { neighbours } => (1, neighbours.len()),
    };
    let parts: Vec<&str> = text.split('/').collect();
    if parts.len() != rows || parts.iter().any(|p| p.chars().count() != cols) {
        return Err(format!(
            "the setup `{text}` is not {rows} row(s) of {cols} point(s)"
        ));
    }
    parts
        .iter()
        .flat_map(|p| p.chars())
        .map(|c| match c {
            'X' => Ok(Some(Color::Black)),
            'O' => Ok(Some(Color::White)),
            '.' => Ok(None),
            other => Err(format!("unknown setup character `{other}`")),
        })
        .collect()
}

/// The setup in its text form.
fn setup_text(board: &BoardSpec, setup: &[Option<Color>]) -> String {
    let cols = match board {
        BoardSpec::Rect { cols, .. } => (*cols).max(1),
        BoardSpec::Graph { .. } => setup.len().max(1),
    };
    let chars: Vec<char> = setup
        .iter()
        .map(|s| match s {
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
            None => '.',
        })
        .collect();
    let rows: Vec<String> = chars.chunks(cols).map(|r| r.iter().collect()).collect();
    rows.join("/")
}

/// The moves of a `moves` line: point indexes or `pass`.
fn parse_moves(s: &str) -> Option<Vec<Move>> {
    s.split_whitespace()
        .map(|t| match t {
            "pass" => Some(Move::Pass),
            _ => t.parse::<u8>().ok().filter(|&p| p < 64).map(Move::Play),
        })
        .collect()
}

/// Writes the `board` line (and a graph's adjacency lines).
fn write_board(out: &mut String, board: &BoardSpec) {
    match board {
        BoardSpec::Rect { rows, cols } => out.push_str(&format!("board {rows}x{cols}\n")),
        BoardSpec::Graph { neighbours } => {
            out.push_str(&format!("board graph {}\n", neighbours.len()));
            for (i, list) in neighbours.iter().enumerate() {
                out.push_str(&format!("{i}:"));
                for j in list {
                    out.push_str(&format!(" {j}"));
                }
                out.push('\n');
            }
        }
    }
}

/// Exactly `count` strategy characters (whitespace ignored), the line that
/// holds the last one ending there, then the line `end`.
fn parse_stream(lines: &mut Lines<'_>, count: usize) -> Result<Vec<Move>, FormatError> {
    let mut moves = Vec::with_capacity(count.min(1 << 20));
    while moves.len() < count {
        let (no, line) = lines.next_raw().ok_or_else(|| FormatError::UnexpectedEnd {
            expected: format!("strategy move {} of {count}", moves.len() + 1),
        })?;
        // `end` is also three strategy characters; it is read as such only
        // when exactly three moves are missing (then `end` must follow).
        if line == "end" && moves.len() + 3 != count {
            return Err(syntax(
                no,
                format!("the strategy holds {} moves, {count} declared", moves.len()),
            ));
        }
        for c in line.chars().filter(|c| !c.is_whitespace()) {
            if moves.len() == count {
                return Err(syntax(
                    no,
                    format!("the strategy holds more than the {count} moves declared"),
                ));
            }
            let m = decode_move(c)
                .ok_or_else(|| syntax(no, format!("`{c}` is not a strategy character")))?;
            moves.push(m);
        }
    }
    let (no, line) = lines
        .next_content()
        .ok_or_else(|| FormatError::UnexpectedEnd {
            expected: "`end`".into(),
        })?;
    if line != "end" {
        return Err(syntax(
            no,
            format!("expected `end` after the {count} strategy moves declared, found `{line}`"),
        ));
    }
    Ok(moves)
}

#[cfg(test)]
mod tests;
