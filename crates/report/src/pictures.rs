//! Board pictures: a principal variation's key positions as one SVG strip
//! (the start, the position before each capture, the final position).
//!
//! Rectangles are drawn as grids; rings and other graphs as their points
//! on a circle with an edge per adjacency. Every stone is a `<circle>` of
//! class `stone black` or `stone white`; each position is a `<g
//! class="frame">` whose `data-move` attribute is the number of PV moves
//! played to reach it, so that the pictures can be checked against a
//! replay of the PV.

use kosolve_board::{Board, Cell, Color, Point, Position, Shape};
use kosolve_rules::{AnyGame, Game, Move, Rules, Start};
use std::fmt::{self, Write};
use std::sync::Arc;

/// Spacing of points, in SVG pixels.
const STEP: f64 = 28.0;
/// Margin around a frame's board, in SVG pixels.
const PAD: f64 = 18.0;
/// Room left of and below a frame's board for its coordinates, in SVG pixels.
const LABEL: f64 = 14.0;
/// Gap between frames, in SVG pixels.
const GAP: f64 = 10.0;
/// Height of a frame's caption, in SVG pixels.
const CAPTION: f64 = 20.0;
/// Widest strip before frames wrap to a new line, in SVG pixels.
const MAX_WIDTH: f64 = 960.0;

/// Why a principal variation could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// A move of the PV does not parse on the board.
    BadMove(String),
    /// A move of the PV is illegal where it is played (its number, from 1).
    Illegal(usize, String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PictureError::BadMove(m) => write!(f, "the move '{m}' does not parse on the board"),
            PictureError::Illegal(i, m) => write!(f, "move {i} ({m}) is illegal"),
        }
    }
}

impl std::error::Error for PictureError {}

/// One key position of a principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// PV moves played to reach it (0: the start).
    pub moves: usize,
    /// The position.
    pub position: Position,
    /// Its caption, such as `start`, `before 5 B A2 (captures 1)` or `end`.
    pub caption: String,
    /// The point of the next move where it captures, marked on the picture.
    pub next: Option<(Color, Point)>,
    /// Short texts written on points (a move analysis's values).
    pub labels: Vec<(Point, String)>,
    /// Points ringed in red (where rulesets part).
    pub rings: Vec<Point>,
}

/// The key positions of `pv` (moves separated by spaces) played under
/// `rules` from `start`: the start, the position before each move that
/// removes stones (a capture, or a suicide), and the final position.
pub fn key_frames(
    board: &Board,
    rules: Rules,
    start: &Start,
    pv: &str,
) -> Result<Vec<Frame>, PictureError> {
    let arc = Arc::new(board.clone());
    let mut g = AnyGame::from_start(arc.clone(), rules, start);
    let mut frames = vec![Frame {
        moves: 0,
        position: g.position(),
        caption: "start".into(),
        next: None,
        labels: Vec::new(),
        rings: Vec::new(),
    }];
    let moves: Vec<&str> = pv.split_whitespace().collect();
    for (i, name) in moves.iter().enumerate() {
        let m = Move::parse(board, name).ok_or_else(|| PictureError::BadMove(name.to_string()))?;
        let before = g.position();
        let mover = g.to_move();
        if !g.try_play(m) {
            return Err(PictureError::Illegal(i + 1, name.to_string()));
        }
        let after = g.position();
        // Stones removed: the opponent's captured, or the mover's own
        // (a suicide, the played stone included).
        let count = |p: &Position, c: Color| p.stones(c).count() as i64;
        let placed = i64::from(matches!(m, Move::Play(_)));
        let captured = (count(&before, mover.opponent()) - count(&after, mover.opponent())).max(0);
        let suicided = (count(&before, mover) + placed - count(&after, mover)).max(0);
        if captured + suicided > 0 {
            let what = if captured > 0 {
                format!("captures {captured}")
            } else {
                format!("suicide of {suicided}")
            };
            let caption = format!("before {} {} {name} ({what})", i + 1, mover.letter());
            let next = match m {
                Move::Play(p) => Some((mover, p)),
                _ => None,
            };
            match frames.last_mut() {
                // The start, or the end of the previous capture: one frame.
                Some(f) if f.moves == i => {
                    f.caption = format!("{}; {caption}", f.caption);
                    f.next = next;
                }
                _ => frames.push(Frame {
                    moves: i,
                    position: before,
                    caption,
                    next,
                    labels: Vec::new(),
                    rings: Vec::new(),
                }),
            }
        }
    }
    let end = moves.len();
    if frames.last().map(|f| f.moves) != Some(end) {
        frames.push(Frame {
            moves: end,
            position: g.position(),
            caption: format!("end ({end} moves)"),
            next: None,
            labels: Vec::new(),
            rings: Vec::new(),
        });
    } else if let Some(f) = frames.last_mut() {
        f.caption = format!("{}; end ({end} moves)", f.caption);
    }
    Ok(frames)
}

/// The points' centres, relative to a frame's board origin, and the
/// board's drawn width and height.
fn layout(board: &Board) -> (Vec<(f64, f64)>, f64, f64) {
    match *board.shape() {
        Shape::Rect { rows, cols } => {
            let pts = board
                .points()
                .map(|p| {
                    let (r, c) = (p.index() / cols as usize, p.index() % cols as usize);
                    (c as f64 * STEP, r as f64 * STEP)
                })
                .collect();
            (pts, (cols as f64 - 1.0) * STEP, (rows as f64 - 1.0) * STEP)
        }
        _ => {
            let n = board.len();
            // A circle on which neighbouring points are STEP apart.
            let radius = if n < 2 {
                0.0
            } else {
                (STEP / (2.0 * (std::f64::consts::PI / n as f64).sin())).max(STEP / 2.0)
            };
            let pts = (0..n)
                .map(|i| {
                    let a = 2.0 * std::f64::consts::PI * i as f64 / n as f64
                        - std::f64::consts::FRAC_PI_2;
                    (radius + radius * a.cos(), radius + radius * a.sin())
                })
                .collect();
            (pts, 2.0 * radius, 2.0 * radius)
        }
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A stone radius that keeps stones apart on any layout.
const STONE: f64 = STEP * 0.45;

/// Draws one frame at (`x`, `y`), its caption above the board.
fn frame_svg(out: &mut String, board: &Board, f: &Frame, x: f64, y: f64) {
    let (pts, _, _) = layout(board);
    let (ox, oy) = (x + LABEL + PAD, y + CAPTION + PAD);
    let _ = writeln!(
        out,
        "<g class=\"frame\" data-move=\"{}\" transform=\"translate({ox:.1},{oy:.1})\">",
        f.moves
    );
    // The caption, left-aligned above the board.
    let _ = writeln!(
        out,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#222\">{}</text>",
        -PAD - LABEL + 2.0,
        -PAD - 6.0,
        escape(&f.caption)
    );
    // Lines: the grid, or each edge of the graph.
    let mut lines = String::new();
    for p in board.points() {
        for q in board.neighbors(p).iter().filter(|q| q.index() > p.index()) {
            let (a, b) = (pts[p.index()], pts[q.index()]);
            let _ = write!(
                lines,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
                a.0, a.1, b.0, b.1
            );
        }
    }
    let _ = writeln!(
        out,
        "<g stroke=\"#3a2a10\" stroke-width=\"1.2\">{lines}</g>"
    );
    if board.len() == 1 {
        // A lone point: a short cross so that the empty board shows.
        let _ = writeln!(
            out,
            "<g stroke=\"#3a2a10\" stroke-width=\"1.2\"><line x1=\"-6\" y1=\"0\" x2=\"6\" y2=\"0\"/><line x1=\"0\" y1=\"-6\" x2=\"0\" y2=\"6\"/></g>"
        );
    }
    if let Shape::Rect { rows, cols } = *board.shape() {
        // Coordinates as the PVs name points: columns below, rows at the left.
        let mut labels = String::new();
        let (rows, cols) = (rows as usize, cols as usize);
        for c in 0..cols {
            let name = board.point_name(Point(((rows - 1) * cols + c) as u8));
            let (cx, cy) = pts[(rows - 1) * cols + c];
            let _ = write!(
                labels,
                "<text x=\"{cx:.1}\" y=\"{:.1}\">{}</text>",
                cy + STEP * 0.6 + 11.0,
                name.trim_end_matches(|ch: char| ch.is_ascii_digit())
            );
        }
        for r in 0..rows {
            let name = board.point_name(Point((r * cols) as u8));
            let (cx, cy) = pts[r * cols];
            let _ = write!(
                labels,
                "<text x=\"{:.1}\" y=\"{:.1}\">{}</text>",
                cx - STEP * 0.6 - 7.0,
                cy + 3.5,
                name.trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
            );
        }
        let _ = writeln!(
            out,
            "<g font-family=\"sans-serif\" font-size=\"10\" fill=\"#555\" text-anchor=\"middle\">{labels}</g>"
        );
    }
    for p in board.points() {
        let (cx, cy) = pts[p.index()];
        let (class, fill) = match f.position.get(p) {
            Cell::Empty => continue,
            Cell::Stone(Color::Black) => ("stone black", "#111"),
            Cell::Stone(Color::White) => ("stone white", "#fafafa"),
        };
        let _ = writeln!(
            out,
            "<circle class=\"{class}\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{STONE:.1}\" fill=\"{fill}\" stroke=\"#111\" stroke-width=\"1\"/>"
        );
    }
    if let Some((c, p)) = f.next {
        let (cx, cy) = pts[p.index()];
        let stroke = match c {
            Color::Black => "#111",
            Color::White => "#fafafa",
        };
        let _ = writeln!(
            out,
            "<circle class=\"next\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"2.5\" stroke-dasharray=\"3 2\"/>",
            STONE * 0.55
        );
    }
    for &p in &f.rings {
        let (cx, cy) = pts[p.index()];
        let _ = writeln!(
            out,
            "<circle class=\"ring\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d01c1c\" stroke-width=\"2.5\"/>",
            STONE * 1.05
        );
    }
    for (p, text) in &f.labels {
        let (cx, cy) = pts[p.index()];
        let fill = match f.position.get(*p) {
            Cell::Stone(Color::Black) => "#fafafa",
            _ => "#0a3d91",
        };
        let _ = writeln!(
            out,
            "<text class=\"label\" data-point=\"{}\" x=\"{cx:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"11\" font-weight=\"bold\" fill=\"{fill}\" text-anchor=\"middle\">{}</text>",
            p.index(),
            cy + 4.0,
            escape(text)
        );
    }
    let _ = writeln!(out, "</g>");
}

/// The frames as one SVG picture headed by `title`: frames side by side,
/// wrapping to new lines past a fixed width.
pub fn frames_svg(board: &Board, title: &str, frames: &[Frame]) -> String {
    let (_, bw, bh) = layout(board);
    let caption_width = frames
        .iter()
        .map(|f| f.caption.len() as f64 * 6.6 + 8.0)
        .fold(0.0, f64::max);
    let fw = (bw + 2.0 * PAD + LABEL).max(caption_width) + GAP;
    let fh = bh + 2.0 * PAD + CAPTION + LABEL;
    let per_line = ((MAX_WIDTH / fw).floor() as usize).clamp(1, frames.len().max(1));
    let lines = frames.len().div_ceil(per_line).max(1);
    let top = 24.0;
    let width = (fw * per_line as f64).max(title.len() as f64 * 7.5 + 16.0);
    let height = top + fh * lines as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        out,
        "<text x=\"8\" y=\"17\" font-family=\"sans-serif\" font-size=\"14\" font-weight=\"bold\" fill=\"#111\">{}</text>",
        escape(title)
    );
    for (i, f) in frames.iter().enumerate() {
        let x = fw * (i % per_line) as f64;
        let y = top + fh * (i / per_line) as f64;
        // The board's wood, under the frame.
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"3\" fill=\"#dcb35c\"/>",
            x + LABEL + PAD - STEP * 0.6,
            y + CAPTION + PAD - STEP * 0.6,
            bw + STEP * 1.2,
            bh + STEP * 1.2
        );
        frame_svg(&mut out, board, f, x, y);
    }
    let _ = writeln!(out, "</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use kosolve_rules::Ruleset;

    #[test]
    fn frames_of_two_by_two_psk() {
        let b = Board::parse("2x2").unwrap();
        // B A2, W B1, B B2 captures nothing; no capture: start and end only.
        let f = key_frames(
            &b,
            Rules::new(Ruleset::Psk),
            &Start::EMPTY,
            "A2 B1 B2 pass pass",
        )
        .unwrap();
        assert_eq!(f.iter().map(|f| f.moves).collect::<Vec<_>>(), vec![0, 5]);
        assert_eq!(f[1].position.occupied().count(), 3);
    }

    #[test]
    fn a_capture_gets_the_position_before_it() {
        let b = Board::parse("1x3").unwrap();
        // B A1, W B1 captures A1.
        let f = key_frames(
            &b,
            Rules::new(Ruleset::Psk),
            &Start::EMPTY,
            "A1 B1 pass pass",
        )
        .unwrap();
        assert_eq!(f.iter().map(|f| f.moves).collect::<Vec<_>>(), vec![0, 1, 4]);
        assert_eq!(f[1].position.stones(Color::Black).count(), 1);
        assert_eq!(f[1].next, Some((Color::White, Point(1))));
        assert!(
            f[1].caption.contains("before 2 W B1 (captures 1)"),
            "{}",
            f[1].caption
        );
        assert_eq!(f[2].position.stones(Color::White).count(), 1);
        assert_eq!(f[2].position.occupied().count(), 1);
        // A capture on the first move merges with the start's frame.
        let start = Start::new(Position::from_diagram(&b, "O..").unwrap(), Color::Black);
        let f = key_frames(&b, Rules::new(Ruleset::Psk), &start, "B1 pass pass").unwrap();
        assert_eq!(f.iter().map(|f| f.moves).collect::<Vec<_>>(), vec![0, 3]);
        assert_eq!(f[0].caption, "start; before 1 B B1 (captures 1)");
        assert_eq!(f[0].position.stones(Color::White).count(), 1);
        assert_eq!(f[1].position.stones(Color::Black).count(), 1);
        assert_eq!(f[1].position.occupied().count(), 1);
        assert!(matches!(
            key_frames(&b, Rules::new(Ruleset::Psk), &Start::EMPTY, "A1 B1 C1"),
            Err(PictureError::Illegal(3, _))
        ));
    }
}
