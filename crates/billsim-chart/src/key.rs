//! How a kind of user looks in the bar charts (its colour and pattern: a swatch, its
//! stripes) and the key above them, which names each kind and the strip of honest requests
//! refused under each bar, in lines as wide as the chart. Lesson 000's day and the by-kind
//! charts share it.

use crate::frame::sans;
use crate::pixels::text_width;
use crate::rows::draw_refused;
use crate::theme::Theme;
use billsim_core::views::colours::Pattern;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What an entry's swatch shows.
#[derive(Clone, Copy)]
pub(crate) enum Swatch {
    /// A kind of user: its segments' colour and pattern.
    Kind(RGBColor, Pattern),
    /// The strip under each bar: a track, part of it refused.
    Strip,
    /// A dashed line across the bars at an amount ([`amount_line`]).
    Line,
}

/// An entry of the key.
pub(crate) struct Entry<'a> {
    pub swatch: Swatch,
    pub words: &'a str,
}

/// The font the key's lines are counted at before the chart picks its own: the largest,
/// at which they are the most.
pub(crate) const LARGEST: u32 = 14;

/// The key's entries in lines no wider than `room` (an entry wider than that alone on a
/// line), as indices of `entries`.
pub(crate) fn key_lines(entries: &[Entry], room: i32, font: u32, theme: &Theme) -> Vec<Vec<usize>> {
    let mut lines: Vec<Vec<usize>> = vec![vec![]];
    let mut x = 0;
    for (i, entry) in entries.iter().enumerate() {
        let width = entry_width(entry, font, theme);
        if x > 0 && x + width > room {
            lines.push(vec![]);
            x = 0;
        }
        if let Some(line) = lines.last_mut() {
            line.push(i);
        }
        x += width + theme.px(14) as i32;
    }
    lines
}

/// The width of an entry: its swatch and its words.
fn entry_width(entry: &Entry, font: u32, theme: &Theme) -> i32 {
    font as i32 + theme.px(4) as i32 + text_width(entry.words, font)
}

/// The key in lines from `(x, top)`, each `line_h` high.
pub(crate) fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    entries: &[Entry],
    room: i32,
    (x, top): (i32, i32),
    (font, line_h): (u32, i32),
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let size = font as i32;
    let style = sans(font).color(&theme.text).pos(Pos::new(HPos::Left, VPos::Center));
    for (l, line) in key_lines(entries, room, font, theme).into_iter().enumerate() {
        let (mut x, y) = (x, top + l as i32 * line_h + line_h / 2);
        for entry in line.into_iter().map(|i| &entries[i]) {
            match entry.swatch {
                Swatch::Kind(colour, pattern) => {
                    swatch(area, colour, pattern, (x, y - size / 2), (x + size, y + size / 2), theme)?
                }
                Swatch::Strip => {
                    let half = (size / 6).max(1);
                    draw_refused(area, (x, x + size), (y - half, y + half), (2, 3), theme)?;
                }
                Swatch::Line => amount_line(area, x + size / 2, (y - size / 2, y + size / 2), theme)?,
            }
            area.draw(&Text::new(entry.words.to_string(), (x + size + theme.px(4) as i32, y), style.clone()))?;
            x += entry_width(entry, font, theme) + theme.px(14) as i32;
        }
    }
    Ok(())
}

/// A rectangle in a kind of user's colour and pattern (the core's: plain, stripes one way,
/// stripes both ways), as its bar segments and its key entry are drawn.
pub(crate) fn swatch<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    colour: RGBColor,
    pattern: Pattern,
    (x0, y0): (i32, i32),
    (x1, y1): (i32, i32),
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    area.draw(&Rectangle::new([(x0, y0), (x1, y1)], colour.filled()))?;
    let step = theme.px(7) as i32;
    if pattern != Pattern::Plain {
        stripes(area, colour, (x0, y0), (x1, y1), step, false)?;
    }
    if pattern == Pattern::CrossHatch {
        stripes(area, colour, (x0, y0), (x1, y1), step, true)?;
    }
    Ok(())
}

/// Diagonal stripes inside a rectangle filled with `fill`, rising (or with `falling`,
/// falling) to the right: the heavy user is told apart by pattern, not only by colour.
/// Rising stripes are the fill's own colour at two thirds, so they show on every kind's
/// colour alike (a fixed dark orange, made for the abuser's orange, vanished on the
/// honest green: a replay's fourth user looked like its first).
pub(crate) fn stripes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    fill: RGBColor,
    (x0, y0): (i32, i32),
    (x1, y1): (i32, i32),
    step: i32,
    falling: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let line = if falling { RGBColor(0x4D, 0x4D, 0x4D) } else { stripe_on(fill) };
    let style = ShapeStyle::from(&line).stroke_width(1);
    let flip = |y: i32| if falling { y0 + y1 - y } else { y };
    let height = y1 - y0;
    let mut start = x0 - height;
    while start < x1 {
        // The line from (start, y1) to (start + height, y0), cut to the rectangle.
        let (mut ax, mut ay, mut bx, mut by) = (start, y1, start + height, y0);
        if ax < x0 {
            ay -= x0 - ax;
            ax = x0;
        }
        if bx > x1 {
            by += bx - x1;
            bx = x1;
        }
        if ax < bx {
            area.draw(&PathElement::new(vec![(ax, flip(ay)), (bx, flip(by))], style))?;
        }
        start += step.max(2);
    }
    Ok(())
}

/// The colour of rising stripes over `fill`: the fill at half of each channel. (At two
/// thirds, 2:1 on the honest green, a replay's fourth user's key swatch, a pixel's stripe
/// twice across it, looked as plain as its first user's at 1000 px.)
pub(crate) fn stripe_on(fill: RGBColor) -> RGBColor {
    let half = |c: u8| c / 2;
    RGBColor(half(fill.0), half(fill.1), half(fill.2))
}

/// A dashed upright line at `x` from `top` to `bottom`, across a bar at an amount (the calls
/// at once' budget, lesson 002's product's monthly budget), and its key's swatch.
pub(crate) fn amount_line<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    x: i32,
    (top, bottom): (i32, i32),
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let dash = ShapeStyle::from(&theme.text).stroke_width(theme.px(2));
    area.draw(&DashedPathElement::new(vec![(x, top), (x, bottom)], theme.px(6), theme.px(4), dash))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::rgb;
    use billsim_core::views::colours::{contrast, Rgb, DARK, LIGHT};

    #[test]
    fn rising_stripes_show_on_every_kinds_colour_as_on_the_abusers() {
        for palette in [LIGHT, DARK] {
            for fill in [palette.abuser].into_iter().chain(palette.honest) {
                let RGBColor(r, g, b) = stripe_on(rgb(fill));
                let ratio = contrast(fill, Rgb(r, g, b));
                // The honest green under the abuser's dark orange stripes was 1.22:1, and under
                // stripes of its own at two thirds 2:1: both looked plain in a key's swatch.
                assert!(ratio >= 2.5, "stripes over {} at {ratio:.2}:1, at least 2.5:1", fill.hex());
            }
        }
    }
}
