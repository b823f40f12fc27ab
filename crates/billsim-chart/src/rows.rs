//! The layout both charts share: rows of a name (left), a note (right, or on a line of
//! its own when the canvas is narrow) and a bar, with the largest text that fits.

use crate::layout::text_width;
use crate::theme::Theme;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Sizes that fit the rows' text and bars into the canvas.
#[derive(Debug, PartialEq)]
pub(crate) struct Fit {
    pub font: u32,
    pub line_h: i32,
    /// The name and the note each on a line of their own (a narrow canvas).
    pub stacked: bool,
    pub labels_h: i32,
    pub row_h: i32,
    pub bar_h: i32,
    /// Where the first row starts: below `header_lines` lines of text.
    pub first_top: i32,
}

/// The largest text, from 14 down to 10 CSS pixels, with which `header_lines` lines of
/// text and every row (its name and note, and a bar of at least 8 pixels) fit into `w` by
/// `h`; on a canvas too small even for 10 pixels, the 10-pixel sizes.
pub(crate) fn fit((w, h): (i32, i32), texts: &[(String, String)], header_lines: i32, theme: &Theme) -> Fit {
    let pad = theme.px(6) as i32;
    let (space, least_bar) = (theme.px(10) as i32, theme.px(8) as i32);
    let n = texts.len().max(1) as i32;
    let size = |css: u32| {
        let font = theme.px(css);
        let line_h = font as i32 + theme.px(6) as i32;
        let stacked =
            texts.iter().any(|(name, note)| text_width(name, font) + text_width(note, font) + 2 * pad > w - 2 * pad);
        let labels_h = if stacked { 2 * line_h } else { line_h };
        let first_top = pad + header_lines * line_h;
        let row_h = (h - first_top) / n;
        let bar_h = (row_h - labels_h - space).max(least_bar);
        Fit { font, line_h, stacked, labels_h, row_h, bar_h, first_top }
    };
    (11..=14).rev().map(size).find(|f| f.labels_h + f.bar_h + space <= f.row_h).unwrap_or_else(|| size(10))
}

impl Fit {
    /// The top of row `i`.
    pub fn top(&self, i: usize) -> i32 {
        self.first_top + i as i32 * self.row_h
    }

    /// The top and bottom of row `i`'s bar.
    pub fn bar(&self, i: usize) -> (i32, i32) {
        let y0 = self.top(i) + self.labels_h;
        (y0, y0 + self.bar_h)
    }

    /// Draws row `i`'s name and note, each bold or not.
    pub fn draw_labels<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, Shift>,
        i: usize,
        (name, name_bold): (&str, bool),
        (note, note_bold): (&str, bool),
        theme: &Theme,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let (w, _) = area.dim_in_pixel();
        let pad = theme.px(6) as i32;
        let top = self.top(i);
        let style = |bold: bool| {
            let weight = if bold { FontStyle::Bold } else { FontStyle::Normal };
            ("sans-serif", self.font).into_font().style(weight).color(&theme.text)
        };
        let first = top + self.line_h / 2;
        area.draw(&Text::new(
            name.to_string(),
            (pad, first),
            style(name_bold).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        let (at, anchor) = if self.stacked {
            ((pad, first + self.line_h), HPos::Left)
        } else {
            ((w as i32 - pad, first), HPos::Right)
        };
        area.draw(&Text::new(note.to_string(), at, style(note_bold).pos(Pos::new(anchor, VPos::Center))))
    }
}
