//! The layout both charts share: rows of a name (left), a note (right, or under the name
//! when the canvas is narrow) and a bar, with the largest text that fits. On a narrow
//! canvas each name and note wraps onto as many lines as it needs, so no label is cut.

use crate::frame::sans;
use crate::pixels::{text_width, wrap};
use crate::theme::Theme;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A row's text as drawn: side by side, one line each; stacked, wrapped to the width.
#[derive(Debug, PartialEq)]
pub(crate) struct RowText {
    pub name: Vec<String>,
    pub note: Vec<String>,
}

/// Sizes that fit the rows' text and bars into the canvas.
#[derive(Debug, PartialEq)]
pub(crate) struct Fit {
    pub font: u32,
    pub line_h: i32,
    /// The name and the note each on lines of their own (a narrow canvas).
    pub stacked: bool,
    pub rows: Vec<RowText>,
    /// Every bar's height.
    pub bar_h: i32,
    /// The space under each bar.
    pub space: i32,
    /// Where the first row starts: below `header_lines` lines of text.
    pub first_top: i32,
}

/// The largest text, from 14 down to 11 CSS pixels, with which `header_lines` lines of
/// text and every row (its name and note, wrapped if need be, and its bar) fit into `w` by
/// `h`, where `shares` each bill's bar tall enough for a line of that text (a segment's
/// share) above its [`strip`] of honest refusals; else the largest with bars of at least 8
/// pixels; on a canvas too small even for that, the 10-pixel sizes.
pub(crate) fn fit(
    (w, h): (i32, i32),
    texts: &[(String, String)],
    header_lines: i32,
    shares: bool,
    theme: &Theme,
) -> Fit {
    let pad = theme.px(6) as i32;
    let (space, least_bar) = (theme.px(10) as i32, theme.px(8) as i32);
    let room = w - 2 * pad;
    let n = texts.len().max(1) as i32;
    let size = |css: u32| {
        let font = theme.px(css);
        let line_h = font as i32 + theme.px(6) as i32;
        let stacked = texts.iter().any(|(name, note)| text_width(name, font) + text_width(note, font) + 2 * pad > room);
        let rows = texts
            .iter()
            .map(|(name, note)| match stacked {
                true => RowText { name: wrap(name, font, room), note: wrap(note, font, room) },
                false => RowText { name: vec![name.clone()], note: vec![note.clone()] },
            })
            .collect();
        let first_top = pad + header_lines * line_h;
        let mut fit = Fit { font, line_h, stacked, rows, bar_h: 0, space, first_top };
        let labels: i32 = (0..fit.rows.len()).map(|i| fit.labels_h(i)).sum();
        fit.bar_h = (h - first_top - labels - n * space) / n;
        fit
    };
    // A smaller text wraps onto fewer lines and leaves the bars the height for their
    // shares (at 366 by 528 px, lesson 003's six rows: 14 px leaves bars too thin to say
    // "Script 62%", 12 px does not).
    let holds_a_line = |f: &Fit| shares && f.holds_a_line(f.bar_h, theme);
    let sizes = || (11..=14).rev().map(size);
    sizes().find(holds_a_line).or_else(|| sizes().find(|f| f.bar_h >= least_bar)).unwrap_or_else(|| {
        let mut fit = size(10);
        fit.bar_h = fit.bar_h.max(least_bar);
        fit
    })
}

impl Fit {
    /// The height of row `i`'s text.
    pub fn labels_h(&self, i: usize) -> i32 {
        let lines = match (&self.rows.get(i), self.stacked) {
            (Some(r), true) => r.name.len() + r.note.len(),
            (Some(_), false) => 1,
            (None, _) => 0,
        };
        lines as i32 * self.line_h
    }

    /// Whether a bar `bar_h` high holds a line of the text above its [`strip`].
    fn holds_a_line(&self, bar_h: i32, theme: &Theme) -> bool {
        strip(0, bar_h, theme).0 >= self.font as i32
    }

    /// The least height of a bar that holds a line of the text above its [`strip`].
    pub fn least_bar_holding_a_line(&self, theme: &Theme) -> i32 {
        (self.font as i32..).find(|&bar_h| self.holds_a_line(bar_h, theme)).unwrap_or(self.bar_h)
    }

    /// The top of row `i`.
    pub fn top(&self, i: usize) -> i32 {
        self.first_top + (0..i).map(|j| self.labels_h(j) + self.bar_h + self.space).sum::<i32>()
    }

    /// The top and bottom of row `i`'s bar.
    pub fn bar(&self, i: usize) -> (i32, i32) {
        let y0 = self.top(i) + self.labels_h(i);
        (y0, y0 + self.bar_h)
    }

    /// Draws row `i`'s name and note, each bold or not.
    pub fn draw_labels<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        i: usize,
        name_bold: bool,
        note_bold: bool,
        theme: &Theme,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let Some(row) = self.rows.get(i) else { return Ok(()) };
        let (w, _) = area.dim_in_pixel();
        let pad = theme.px(6) as i32;
        let style = |bold: bool| {
            let weight = if bold { FontStyle::Bold } else { FontStyle::Normal };
            sans(self.font).style(weight).color(&theme.text)
        };
        let line_y = |line: usize| self.top(i) + line as i32 * self.line_h + self.line_h / 2;
        let left = |bold| style(bold).pos(Pos::new(HPos::Left, VPos::Center));
        for (l, text) in row.name.iter().enumerate() {
            area.draw(&Text::new(text.clone(), (pad, line_y(l)), left(name_bold)))?;
        }
        for (l, text) in row.note.iter().enumerate() {
            if self.stacked {
                area.draw(&Text::new(text.clone(), (pad, line_y(row.name.len() + l)), left(note_bold)))?;
            } else {
                let right = style(note_bold).pos(Pos::new(HPos::Right, VPos::Center));
                area.draw(&Text::new(text.clone(), (w as i32 - pad, line_y(l)), right))?;
            }
        }
        Ok(())
    }
}

/// A bar's segment edges (`x`, as [`crate::pixels::edges_on`] gives them: its start, then
/// each segment's end) between `y0` and `y1`, for its amount.
pub(crate) struct BarEnds<'a> {
    pub x: &'a [i32],
    pub y0: i32,
    pub y1: i32,
}

impl BarEnds<'_> {
    fn end(&self) -> i32 {
        self.x.last().copied().unwrap_or(0)
    }

    /// Where the bar's last segment with any width starts.
    fn last_from(&self) -> i32 {
        let end = self.end();
        self.x.iter().rev().copied().find(|&e| e < end).unwrap_or(end)
    }
}

/// Writes `amount` at the end of a bar: just past it where there is room before `right`,
/// else inside its last segment on a plate; nothing where neither fits (the row's note
/// still says it). Money is length, and the amount sits where the length stops; a plate
/// never covers a segment whole (the few honest users at the end of a bill are who it
/// went to, and a plate over them hid them).
pub(crate) fn draw_amount<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    amount: &str,
    bar: &BarEnds<'_>,
    right: i32,
    font: u32,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (end, y0, y1) = (bar.end(), bar.y0, bar.y1);
    // Centred on the bar, but never past the canvas's bottom (a bar squeezed off a tiny one).
    let half = font as i32 / 2 + 1;
    let y = ((y0 + y1) / 2).min(area.dim_in_pixel().1 as i32 - half);
    let bold = sans(font).style(FontStyle::Bold);
    let style = bold.color(&theme.text).pos(Pos::new(HPos::Left, VPos::Center));
    match amount_at(amount, bar, right, font, theme) {
        // On a plate of the background: a line across the bars there (lesson 002's
        // product's budget) stops short of the words.
        AmountAt::Past(x) => {
            let width = text_width(amount, font);
            area.draw(&Rectangle::new([(x - 2, y - half), (x + width + 2, y + half)], theme.background.filled()))?;
            area.draw(&Text::new(amount.to_string(), (x, y), style))
        }
        AmountAt::Inside(x) => {
            let gap = theme.px(4) as i32;
            area.draw(&Rectangle::new([(x - 2, y - half), (end - gap + 2, y + half)], theme.background.filled()))?;
            area.draw(&Text::new(amount.to_string(), (x, y), style))
        }
        AmountAt::Nowhere => Ok(()),
    }
}

/// How far the words in a bar's segments may reach: to the plate of an amount that
/// [`draw_amount`] writes inside the bar's end, else anywhere.
pub(crate) fn words_end(amount: &str, bar: &BarEnds<'_>, right: i32, font: u32, theme: &Theme) -> i32 {
    match amount_at(amount, bar, right, font, theme) {
        AmountAt::Inside(from) => from - 2,
        AmountAt::Past(_) | AmountAt::Nowhere => i32::MAX,
    }
}

/// Where [`draw_amount`] writes a bar's amount: from `x` past the bar's end, or from `x`
/// inside its last segment (on a plate from `x - 2`, at least a gap from the segment's
/// start), or nowhere.
enum AmountAt {
    Past(i32),
    Inside(i32),
    Nowhere,
}

fn amount_at(amount: &str, bar: &BarEnds<'_>, right: i32, font: u32, theme: &Theme) -> AmountAt {
    let (end, y0, y1) = (bar.end(), bar.y0, bar.y1);
    let gap = theme.px(4) as i32;
    let width = text_width(amount, font);
    let x0 = end - gap - width;
    if amount.is_empty() {
        AmountAt::Nowhere
    } else if end + gap + width <= right {
        AmountAt::Past(end + gap)
    } else if x0 > right / 2 && x0 - 2 >= bar.last_from() + gap && y1 - y0 >= font as i32 {
        AmountAt::Inside(x0)
    } else {
        AmountAt::Nowhere
    }
}

/// The bottom of a row's bill bar, and the strip under it that shows the honest users'
/// requests refused, of a row whose bar spans `y0` to `y1`: the strip takes a quarter of
/// the bar, from 3 to 8 CSS pixels.
pub(crate) fn strip(y0: i32, y1: i32, theme: &Theme) -> (i32, (i32, i32)) {
    let h = ((y1 - y0) / 4).clamp(theme.px(3) as i32, theme.px(8) as i32);
    let gap = theme.px(2) as i32;
    (y1 - h - gap, (y1 - h, y1))
}

/// The second measure beside a bill: a track `left..right` standing for every request the
/// honest users made, filled in the refused colour for the part refused. The row's note
/// says it in words.
pub(crate) fn draw_refused<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (left, right): (i32, i32),
    (y0, y1): (i32, i32),
    (refused, requests): (u64, u64),
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.draw(&Rectangle::new([(left, y0), (right, y1)], theme.text.mix(0.15).filled()))?;
    // One refused of hundreds still shows; so does one served of hundreds refused.
    let parts = [refused, requests.saturating_sub(refused)];
    let end = crate::pixels::edges_on(left, right - left, &parts, 0, theme.least_segment())[1];
    if end > left {
        area.draw(&Rectangle::new([(left, y0), (end, y1)], crate::theme::rgb(theme.palette.refused).filled()))?;
    }
    Ok(())
}

/// For tests: the painted length of each bar of an SVG drawing, in the order drawn: for
/// each run of rectangles filled in one of `fills` at one height (the tallest such runs),
/// its right edge less its left.
#[cfg(test)]
pub(crate) fn bar_lengths(svg: &str, fills: &[String]) -> Vec<i32> {
    let mut bars: Vec<(i32, i32, i32, i32)> = Vec::new(); // top, bottom, left, right
    for line in svg.lines().filter(|l| l.starts_with("<rect")) {
        let attr = |name: &str| line.split(&format!(" {name}=\"")).nth(1).and_then(|r| r.split('"').next());
        let num = |name: &str| attr(name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) as i32;
        if !attr("fill").is_some_and(|f| fills.iter().any(|c| c == f)) {
            continue;
        }
        let (x, y, w, h) = (num("x"), num("y"), num("width"), num("height"));
        match bars.iter_mut().find(|b| b.0 == y && b.1 == y + h) {
            Some(b) => (b.2, b.3) = (b.2.min(x), b.3.max(x + w)),
            None => bars.push((y, y + h, x, x + w)),
        }
    }
    // The bars are the tallest runs: a key's swatch or a label's plate is shorter.
    let tallest = bars.iter().map(|b| b.1 - b.0).max().unwrap_or(0);
    bars.iter().filter(|b| b.1 - b.0 == tallest).map(|b| b.3 - b.2).collect()
}

/// For tests: a text's box, left, top, right and bottom.
#[cfg(test)]
pub(crate) type TextBox = (i32, i32, i32, i32);

/// For tests: every text an SVG drawing holds and its box (left, top, right, bottom),
/// measured as [`text_width`] measures it, at the size a canvas draws it (plotters writes
/// SVG font sizes divided by 1.24).
#[cfg(test)]
pub(crate) fn text_boxes(svg: &str) -> Vec<(String, TextBox, u32)> {
    let lines: Vec<&str> = svg.lines().collect();
    let mut boxes = Vec::new();
    for (i, line) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("<text")) {
        let attr = |name: &str| line.split(&format!(" {name}=\"")).nth(1).and_then(|r| r.split('"').next());
        let num = |name: &str| attr(name).and_then(|v| v.parse::<f64>().ok()).unwrap_or(f64::NAN);
        let text = unescaped(lines.get(i + 1).copied().unwrap_or_default());
        let font = (num("font-size") * 1.24).round() as u32;
        let width = text_width(&text, font);
        let (x, y) = (num("x") as i32, num("y") as i32);
        let (x0, x1) = match attr("text-anchor") {
            Some("end") => (x - width, x),
            Some("middle") => (x - width / 2, x + width - width / 2),
            _ => (x, x + width),
        };
        let half = font as i32 / 2 + 1;
        boxes.push((text, (x0, y - half, x1, y + half), font));
    }
    boxes
}

/// For tests: every text an SVG drawing holds that is cut by the edges of a `w` by `h`
/// canvas.
#[cfg(test)]
pub(crate) fn texts_cut(svg: &str, (w, h): (i32, i32)) -> Vec<String> {
    let mut cut = Vec::new();
    for (text, (x0, y0, x1, y1), font) in text_boxes(svg) {
        if x0 < 0 || x1 > w || y0 < 0 || y1 > h {
            cut.push(format!("{text:?} at {x0}..{x1}, {} (font {font}) in {w}x{h}", (y0 + y1) / 2));
        }
    }
    cut
}

/// For tests: every two texts of an SVG drawing whose boxes overlap (by more than a pixel:
/// a line's box holds the font's whole height, and lines of one block touch).
#[cfg(test)]
pub(crate) fn texts_overlapping(svg: &str) -> Vec<String> {
    let boxes = text_boxes(svg);
    let mut out = Vec::new();
    for (i, (a, (ax0, ay0, ax1, ay1), _)) in boxes.iter().enumerate() {
        for (b, (bx0, by0, bx1, by1), _) in &boxes[i + 1..] {
            if ax0 + 1 < *bx1 && *bx0 + 1 < *ax1 && ay0 + 1 < *by1 && *by0 + 1 < *ay1 {
                out.push(format!("{a:?} at {ax0}..{ax1},{ay0}..{ay1} and {b:?} at {bx0}..{bx1},{by0}..{by1}"));
            }
        }
    }
    out
}

/// For tests: the texts of an SVG drawing in the order drawn, joined by spaces, so a label
/// wrapped between words reads whole.
#[cfg(test)]
pub(crate) fn drawn_text(svg: &str) -> String {
    let lines: Vec<&str> = svg.lines().collect();
    let texts = lines.windows(2).filter(|w| w[0].starts_with("<text")).map(|w| unescaped(w[1]));
    texts.collect::<Vec<_>>().join(" ")
}

/// For tests: the x of each upright stroke of an SVG drawing in the light theme's text
/// colour (an amount's dashed line across the bars).
#[cfg(test)]
pub(crate) fn upright_dashes(svg: &str) -> Vec<String> {
    svg.lines()
        .filter(|l| l.starts_with("<polyline") && l.contains("stroke=\"#1A1A1A\""))
        .filter_map(|l| {
            let points = l.split("points=\"").nth(1)?.split('"').next()?;
            let xs: Vec<&str> = points.split_whitespace().filter_map(|p| p.split(',').next()).collect();
            xs.windows(2).all(|x| x[0] == x[1]).then(|| xs[0].to_string())
        })
        .collect()
}

/// For tests: a text as drawn, the SVG's escapes undone ("The tutorial&apos;s app" is
/// 22 characters on the canvas, not 27).
#[cfg(test)]
fn unescaped(text: &str) -> String {
    let pairs = [("&apos;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")];
    pairs.iter().fold(text.to_string(), |t, (from, to)| t.replace(from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: &[i32]) -> &'static str {
        let theme = Theme::light(100);
        match amount_at("$9.97", &BarEnds { x, y0: 0, y1: 30 }, 800, 14, &theme) {
            AmountAt::Past(_) => "past",
            AmountAt::Inside(_) => "inside",
            AmountAt::Nowhere => "nowhere",
        }
    }

    #[test]
    fn a_bills_amount_goes_inside_its_last_segment_only_where_the_plate_leaves_every_segment_seen() {
        // Lesson 000's day without a limit: the heavy user, then nine honest users of a few
        // pixels each at the bar's end. A plate there hid who the rest of the bill went to.
        let mut nine = vec![10, 745];
        nine.extend((1..=9).map(|k| 745 + k * 5));
        assert_eq!(at(&nine), "nowhere", "edges {nine:?}: the row's note says the bill");
        assert_eq!(at(&[10, 300, 790]), "inside", "a last segment wide enough holds the plate");
        assert_eq!(at(&[10, 300, 500]), "past", "a bar with room after it");
    }
}
