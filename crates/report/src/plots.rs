//! Plots of joined result rows, as SVG: search effort (nodes, seconds)
//! against board size per ruleset on a log scale, and a heat map of the
//! values of boards against rulesets.

use crate::lookup::{find, text};
use kosolve_board::{BoardSpec, Suicide};
use kosolve_rules::{Komi, Ruleset, ValueKind};
use kosolve_sweep::{Row, Status};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::fmt;

/// Why a plot could not be drawn.
#[derive(Debug)]
pub enum PlotError {
    /// The plotting library failed (a message of its own).
    Draw(String),
}

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlotError::Draw(m) => write!(f, "cannot draw a plot: {m}"),
        }
    }
}

impl std::error::Error for PlotError {}

fn draw_err<E: std::fmt::Debug>(e: E) -> PlotError {
    PlotError::Draw(format!("{e:?}"))
}

/// What an effort plot measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// The `nodes` column.
    Nodes,
    /// The `seconds` column (values under a millisecond drawn at 1 ms).
    Seconds,
}

impl Effort {
    fn of(self, r: &Row) -> f64 {
        match self {
            Effort::Nodes => (r.finding.nodes as f64).max(1.0),
            Effort::Seconds => r.seconds.max(0.001),
        }
    }
    fn label(self) -> &'static str {
        match self {
            Effort::Nodes => "nodes searched (log scale; 0 drawn at 1)",
            Effort::Seconds => "seconds (log scale; under 1 ms drawn at 1 ms)",
        }
    }
}

/// The number of points of a board (a graph's read from its file), if known.
fn points(board: &BoardSpec) -> Option<usize> {
    board
        .points()
        .or_else(|| board.board().ok().map(|b| b.len()))
}

/// The solved rows of the empty-board jobs at `komi` and `suicide`, per
/// ruleset of `rules` that has any: (ruleset, [(board points, effort)]).
pub fn effort_series(
    rows: &[Row],
    rules: &[Ruleset],
    suicide: Suicide,
    komi: Komi,
    effort: Effort,
) -> Vec<(Ruleset, Vec<(usize, f64)>)> {
    rules
        .iter()
        .map(|&rs| {
            let mut pts: Vec<(usize, f64)> = rows
                .iter()
                .filter(|r| {
                    r.status() == Status::Solved
                        && r.position.is_empty()
                        && r.rules == rs
                        && r.suicide == suicide
                        && r.komi == komi
                })
                .filter_map(|r| points(&r.board).map(|n| (n, effort.of(r))))
                .collect();
            pts.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
            (rs, pts)
        })
        .filter(|(_, p)| !p.is_empty())
        .collect()
}

/// Effort against board size (points), one colour per ruleset: a marker
/// per solved board and a line through each size's largest effort.
pub fn effort_svg(
    rows: &[Row],
    rules: &[Ruleset],
    suicide: Suicide,
    komi: Komi,
    effort: Effort,
) -> Result<String, PlotError> {
    let series = effort_series(rows, rules, suicide, komi, effort);
    let max_n = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|(n, _)| *n))
        .max()
        .unwrap_or(1);
    let (lo, hi) = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|(_, y)| *y))
        .fold((f64::MAX, f64::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let (lo, hi) = if lo > hi {
        (1.0, 10.0)
    } else {
        (lo / 2.0, hi * 2.0)
    };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (960, 600)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let title = format!(
            "{} against board size, suicide {suicide}, komi {komi}",
            match effort {
                Effort::Nodes => "Nodes",
                Effort::Seconds => "Seconds",
            }
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(0.5f64..(max_n as f64 + 0.5), (lo..hi).log_scale())
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .x_desc("board size (points)")
            .y_desc(effort.label())
            .x_labels(max_n.min(24))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0e}"))
            .draw()
            .map_err(draw_err)?;
        for (i, (rs, pts)) in series.iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            // Each size's largest effort, joined by a line.
            let mut top: Vec<(f64, f64)> = Vec::new();
            for &(n, y) in pts {
                match top.last_mut() {
                    Some(last) if last.0 == n as f64 => last.1 = last.1.max(y),
                    _ => top.push((n as f64, y)),
                }
            }
            chart
                .draw_series(LineSeries::new(top, color.stroke_width(2)))
                .map_err(draw_err)?
                .label(rs.name())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            chart
                .draw_series(
                    pts.iter()
                        .map(|&(n, y)| Circle::new((n as f64, y), 3, color.filled())),
                )
                .map_err(draw_err)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    Ok(svg)
}

/// The fill of a heat-map cell, and its text: Black's share of the board
/// (a margin or Fundamental Go's score over the points; the +1/0/-1 of the
/// other rulesets as it is) from blue (White) through white
/// to red (Black); grey for `void`, light grey for bounds, dark grey for a
/// refusal, none where no table has the job.
fn heat(row: Option<&Row>, points: usize) -> Option<(RGBColor, String)> {
    let r = row?;
    match r.status() {
        Status::Refused => Some((RGBColor(110, 110, 110), "refused".into())),
        Status::Unsolved => Some((
            RGBColor(225, 225, 225),
            format!("[{}, {}]", text(r.finding.lower), text(r.finding.upper)),
        )),
        Status::Solved => {
            let Some(v) = r.finding.value.and_then(|v| v.as_f64()) else {
                return Some((RGBColor(170, 170, 170), text(r.finding.value)));
            };
            // Margins and Fundamental Go's score are shares of the board.
            let rs = r.rules;
            let share = if rs.value_kind() == ValueKind::Margin || rs == Ruleset::Fundamental {
                v / points.max(1) as f64
            } else {
                v
            }
            .clamp(-1.0, 1.0);
            let mix = |t: f64, to: (f64, f64, f64)| {
                RGBColor(
                    (255.0 + (to.0 - 255.0) * t).round() as u8,
                    (255.0 + (to.1 - 255.0) * t).round() as u8,
                    (255.0 + (to.2 - 255.0) * t).round() as u8,
                )
            };
            let c = if share >= 0.0 {
                mix(share * 0.85, (200.0, 30.0, 40.0))
            } else {
                mix(-share * 0.85, (40.0, 80.0, 200.0))
            };
            Some((c, text(r.finding.value)))
        }
    }
}

/// A heat map of the values of `boards` (rows) against `rules` (columns)
/// at `suicide` and `komi`, each cell showing its value.
pub fn heat_map_svg(
    rows: &[Row],
    boards: &[BoardSpec],
    rules: &[Ruleset],
    suicide: Suicide,
    komi: Komi,
) -> Result<String, PlotError> {
    let (left, top, cw, ch) = (70i32, 70i32, 88i32, 26i32);
    let width = left + cw * rules.len() as i32 + 12;
    let legend = 40i32;
    let height = top + ch * boards.len() as i32 + legend;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width.max(760) as u32, height as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(draw_err)?;
        let centred = |size: i32| {
            ("sans-serif", size)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Center, VPos::Center))
        };
        root.draw(&Text::new(
            format!("Values (Black's), suicide {suicide}, komi {komi}"),
            (8, 18),
            ("sans-serif", 18).into_font().color(&BLACK),
        ))
        .map_err(draw_err)?;
        for (j, rs) in rules.iter().enumerate() {
            root.draw(&Text::new(
                rs.name().to_string(),
                (left + cw * j as i32 + cw / 2, top - 14),
                centred(13),
            ))
            .map_err(draw_err)?;
        }
        for (i, b) in boards.iter().enumerate() {
            let y = top + ch * i as i32;
            root.draw(&Text::new(
                b.to_string(),
                (left / 2, y + ch / 2),
                centred(13),
            ))
            .map_err(draw_err)?;
            let n = points(b).unwrap_or(1);
            for (j, rs) in rules.iter().enumerate() {
                let x = left + cw * j as i32;
                let cell = heat(find(rows, b, *rs, suicide, komi), n);
                let fill = cell.as_ref().map_or(WHITE, |(c, _)| *c);
                root.draw(&Rectangle::new([(x, y), (x + cw, y + ch)], fill.filled()))
                    .map_err(draw_err)?;
                root.draw(&Rectangle::new(
                    [(x, y), (x + cw, y + ch)],
                    RGBColor(200, 200, 200).stroke_width(1),
                ))
                .map_err(draw_err)?;
                if let Some((c, text)) = cell {
                    let dark = (c.0 as u32 + c.1 as u32 + c.2 as u32) < 330;
                    let style = ("sans-serif", 12)
                        .into_font()
                        .color(if dark { &WHITE } else { &BLACK })
                        .pos(Pos::new(HPos::Center, VPos::Center));
                    root.draw(&Text::new(text, (x + cw / 2, y + ch / 2), style))
                        .map_err(draw_err)?;
                }
            }
        }
        root.draw(&Text::new(
            "red: Black ahead, blue: White ahead (margin over points; +1/-1 as is); grey: void, \
             light grey: bounds, dark grey: refused, blank: no table has the job"
                .to_string(),
            (8, top + ch * boards.len() as i32 + 22),
            ("sans-serif", 12).into_font().color(&BLACK),
        ))
        .map_err(draw_err)?;
        root.present().map_err(draw_err)?;
    }
    Ok(svg)
}
