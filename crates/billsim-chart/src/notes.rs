//! Labels placed on a chart so that none covers another: each tried at the spots its
//! chart offers, and where all are taken, at the nearest free place, or dropped (the
//! sentences keep it). The over-time chart's and the trade-off chart's labels.

use crate::frame::sans;
use crate::pixels::text_width;
use crate::theme::Theme;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What each half line between a label and its place costs, against what it hides of the
/// lines ([`Notes::place`]'s `far`, [`Notes::hidden`]). Lines kept clear: a label may move
/// a few lines off its mark to hide less (the trade-off chart's points' labels).
pub(crate) const KEEP_LINES_CLEAR: i32 = 3;
/// Mark kept near: a label stays as near its ring or its limit's line as the other labels
/// allow, over the lines if need be. A few lines away it sits by another trip's ring or
/// limit's line, and reads as that one's (at 390 px, lesson 003's "breaker trips at 00:17"
/// stood by the 00:46 trip's ring).
pub(crate) const STAY_NEAR: i32 = 10_000;
/// How much of the background a label's box lays over the lines under it: enough that a
/// line through the words does not cross them out (at 0.6 lesson 002's stepped budget line
/// ran through "passed by Day 6" on a phone), little enough that the line still shows.
pub(crate) const LABEL_BACKING: f64 = 0.85;

/// Whether a backend measures words as it writes them: the page's canvas does, with the
/// font it draws in, so a label's box of the background covers the words and no more
/// (boxes as wide as [`text_width`]'s widest font hid a third of lesson 003's lines at
/// 390 px). Where the font is the reader's (an SVG figure), the box stays that wide, so
/// that it covers the words in any font.
pub trait MeasuresWords: DrawingBackend {
    /// [`DrawingBackend::estimate_text_size`] gives the width the words take.
    const MEASURES_WORDS: bool = false;
}

impl MeasuresWords for SVGBackend<'_> {}

/// Where a label's words sit in its box ([`Notes::draw`]). The box is as wide as the
/// widest sans-serif font writes them, and most write them narrower: words written from
/// the left edge of a box left of their mark stood apart from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    /// From this many pixels in: the room the caller left for a mark of its own (a line's
    /// marker).
    Left(i32),
    Centre,
    Right,
}

impl Align {
    /// The words of a box at `left`, `width` wide, set toward the mark at `x`.
    pub(crate) fn toward(x: i32, left: i32, width: i32) -> Align {
        match x - left {
            d if d * 3 < width => Align::Left(0),
            d if d * 3 > 2 * width => Align::Right,
            _ => Align::Centre,
        }
    }
}

/// How far the point `(x, y)` is from the box at `(lx, ly)`, `width` by `height`: across
/// plus up or down, 0 inside it (how near a label stands to its mark).
pub(crate) fn away((x, y): (i32, i32), (lx, ly): (i32, i32), (width, height): (i32, i32)) -> i32 {
    (lx - x).max(x - lx - width).max(0) + (ly - y).max(y - ly - height).max(0)
}

/// Where a line of a label's box of the background runs across, left to right: the box is
/// at `x`, `width` wide, and its words are written from `from` as `align` sets them. With
/// `words` (their measured width), as far as the words and the marker's room before them;
/// without, the whole box and that room.
fn backing_across(x: i32, from: i32, align: Align, width: i32, words: Option<i32>) -> (i32, i32) {
    let words = words.map_or(width, |w| w.clamp(0, width));
    match align {
        Align::Left(_) => (x, from + words),
        Align::Centre => (from - words / 2, from + words - words / 2),
        Align::Right => (from - words, from),
    }
}

/// Labels placed in the plot so that none covers another, and each covers as little of
/// the lines as the room allows.
pub(crate) struct Notes {
    /// Boxes taken: left, top, right, bottom.
    pub(crate) taken: Vec<(i32, i32, i32, i32)>,
    /// The lines drawn, each as points every few pixels along it (a point drawn alone, as
    /// the trade-off chart's, is a line of one).
    pub(crate) lines: Vec<Vec<(i32, i32)>>,
    /// The plot's left, top, right and bottom.
    pub(crate) plot: (i32, i32, i32, i32),
    pub(crate) font: u32,
    pub(crate) line_h: i32,
}

impl Notes {
    pub(crate) fn size(&self, lines: &[String]) -> (i32, i32) {
        (lines.iter().map(|l| text_width(l, self.font)).max().unwrap_or(0), lines.len() as i32 * self.line_h)
    }

    /// The top-left corner `(x, y)` of a block `width` by `height`, moved to fit the plot.
    fn inside(&self, (x, y): (i32, i32), (width, height): (i32, i32)) -> (i32, i32) {
        let (left, top, right, bottom) = self.plot;
        (x.clamp(left, (right - width).max(left)), y.clamp(top, (bottom - height).max(top)))
    }

    /// How many labels already placed the block at `(x, y)` covers.
    fn labels_covered(&self, (x, y): (i32, i32), (width, height): (i32, i32)) -> usize {
        let over = |&&(x0, y0, x1, y1): &&(i32, i32, i32, i32)| x + width > x0 && x < x1 && y + height > y0 && y < y1;
        self.taken.iter().filter(over).count()
    }

    /// How many points of each line the block at `(x, y)` covers.
    fn covered_by_line(&self, (x, y): (i32, i32), (width, height): (i32, i32)) -> impl Iterator<Item = i32> + '_ {
        let inside = move |&&(px, py): &&(i32, i32)| px >= x && px <= x + width && py >= y && py <= y + height;
        self.lines.iter().map(move |line| line.iter().filter(inside).count() as i32)
    }

    /// How many points of the lines the block at `(x, y)` covers.
    fn points_covered(&self, spot: (i32, i32), size: (i32, i32)) -> i32 {
        self.covered_by_line(spot, size).sum()
    }

    /// How much of the lines the block at `(x, y)` hides: for each line, the square of the
    /// points it covers, so that a stretch along one line costs more than as many points
    /// across several. A reader follows a line through a label it crosses; one it lies
    /// along is lost (at 390 px lesson 003's "breaker trips at 00:17", right of its ring,
    /// hid the hourly ceiling's line along its flat half hour at $1.00, where above the
    /// ring it crossed five climbing lines).
    fn hidden(&self, spot: (i32, i32), size: (i32, i32)) -> i32 {
        self.covered_by_line(spot, size).map(|n| n * n).sum()
    }

    /// Where a block `width` by `height` goes: near its spots ([`Notes::place_near`]), or
    /// where every such place covers another label, the free place in the plot nearest the
    /// first spot; where there is none, nowhere (`None`: the label is dropped, not written
    /// over another; the sentences keep it).
    pub(crate) fn place(&mut self, width: i32, height: i32, spots: Vec<(i32, i32)>, far: i32) -> Option<(i32, i32)> {
        let first = spots.first().copied();
        self.place_near(width, height, spots, far).or_else(|| self.place_anywhere(width, height, first))
    }

    /// Where a block `width` by `height` goes near its `spots` (top-left corners, kept
    /// inside the plot): of them and places up to three lines above and below them, half a
    /// line at a time, the one that covers no other label with the least of the lines
    /// hidden ([`Notes::hidden`]) plus `far` for each half line away, moved to fit the plot
    /// included (a label far from its line reads as another's); the earliest on a tie.
    /// `None` where each covers another label.
    pub(crate) fn place_near(
        &mut self,
        width: i32,
        height: i32,
        spots: Vec<(i32, i32)>,
        far: i32,
    ) -> Option<(i32, i32)> {
        self.place_near_where(width, height, spots, far, &|_| true)
    }

    /// [`Notes::place_near`] of the places `ok` takes (a top-left corner, inside the plot).
    pub(crate) fn place_near_where(
        &mut self,
        width: i32,
        height: i32,
        spots: Vec<(i32, i32)>,
        far: i32,
        ok: &dyn Fn((i32, i32)) -> bool,
    ) -> Option<(i32, i32)> {
        let size = (width, height);
        let inside = |spot: (i32, i32)| self.inside(spot, size);
        let step = (self.line_h / 2).max(1);
        let tries = (0..=6)
            .flat_map(|d| spots.iter().flat_map(move |&(x, y)| [(d, (x, y - d * step)), (d, (x, y + d * step))]));
        let covers = |spot: (i32, i32)| self.labels_covered(spot, size);
        let cost = |&(d, spot): &(i32, (i32, i32))| (covers(spot), self.hidden(spot, size) + far * d);
        // A spot moved to fit the plot is as far from where it was asked as it moved.
        let moved = |(x, y): (i32, i32)| {
            let (ix, iy) = inside((x, y));
            ((ix - x).abs() + (iy - y).abs()) / step
        };
        let tried = tries.map(|(d, spot)| (d + moved(spot), inside(spot))).filter(|&(_, spot)| ok(spot));
        let best = tried.min_by_key(cost).map(|(_, spot)| spot);
        let chosen = best.filter(|&spot| covers(spot) == 0)?;
        self.taken.push((chosen.0, chosen.1, chosen.0 + width, chosen.1 + height));
        Some(chosen)
    }

    /// The free place in the plot for a block `width` by `height` nearest `first` (a
    /// top-left corner, kept inside the plot), or nowhere.
    pub(crate) fn place_anywhere(&mut self, width: i32, height: i32, first: Option<(i32, i32)>) -> Option<(i32, i32)> {
        self.place_anywhere_where(width, height, first.as_slice(), &|_| true)
    }

    /// [`Notes::place_anywhere`] of the places `ok` takes (a top-left corner, inside the plot),
    /// nearest the first of `spots`, down the plot's left, middle and right and under and
    /// over each of `spots`.
    pub(crate) fn place_anywhere_where(
        &mut self,
        width: i32,
        height: i32,
        spots: &[(i32, i32)],
        ok: &dyn Fn((i32, i32)) -> bool,
    ) -> Option<(i32, i32)> {
        let (left, top, right, bottom) = self.plot;
        let size = (width, height);
        let inside = |spot: (i32, i32)| self.inside(spot, size);
        let step = (self.line_h / 2).max(1);
        let (fx, fy) = spots.first().map_or((left, top), |&spot| inside(spot));
        let mut xs = vec![left, (left + right - width) / 2, right - width];
        xs.extend(spots.iter().map(|&spot| inside(spot).0));
        let grid = (top..=bottom - height).step_by(step as usize).flat_map(|y| xs.iter().map(move |&x| (x, y)));
        let grid = grid.map(inside);
        let chosen = grid
            .filter(|&spot| self.labels_covered(spot, size) == 0 && ok(spot))
            .min_by_key(|&(x, y)| (x - fx).abs() + (y - fy).abs())?;
        self.taken.push((chosen.0, chosen.1, chosen.0 + width, chosen.1 + height));
        Some(chosen)
    }

    /// Gives back the place the last label took: a caller that finds it too far from its
    /// mark leaves it free for the next.
    pub(crate) fn give_back(&mut self) {
        self.taken.pop();
    }

    /// Where a block `width` by `height` goes: of `spots` (top-left corners, kept inside the
    /// plot) that cover no other label, the one nearest the point `near`, each pixel up or
    /// down counting twice and each point of the lines it covers as half a line further (the
    /// earliest on a tie); `None` where each covers a label. For labels that name their line
    /// by a mark of their own, so that near matters more than clear: a label a line away
    /// beats one across a steep line. Along the edge beats down the plot: at 1000 px lesson
    /// 001's "↑ $2.23 by the end", 95 px down at its line's exit, stood under the $0.001 cap
    /// line as if a value there, where the top edge had room 100 px along.
    pub(crate) fn place_nearest(
        &mut self,
        width: i32,
        height: i32,
        spots: &[(i32, i32)],
        (nx, ny): (i32, i32),
    ) -> Option<(i32, i32)> {
        let size = (width, height);
        let away = |&(x, y): &(i32, i32)| {
            let points = self.points_covered((x, y), size);
            (x - nx).max(nx - x - width).max(0) + 2 * (y - ny).max(ny - y - height).max(0) + points * self.line_h / 2
        };
        let spots = spots.iter().map(|&spot| self.inside(spot, size));
        let chosen = spots.filter(|&spot| self.labels_covered(spot, size) == 0).min_by_key(away)?;
        self.taken.push((chosen.0, chosen.1, chosen.0 + width, chosen.1 + height));
        Some(chosen)
    }

    /// Writes `lines` in the box at `(x, top)`, set as `align` says.
    pub(crate) fn draw<DB: MeasuresWords>(
        &self,
        area: &DrawingArea<DB, Shift>,
        lines: &[String],
        (x, top): (i32, i32),
        align: Align,
        theme: &Theme,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        let width = self.size(lines).0;
        let (from, pos) = match align {
            Align::Left(lead) => (x + lead, HPos::Left),
            Align::Centre => (x + width / 2, HPos::Center),
            Align::Right => (x + width, HPos::Right),
        };
        let style = sans(self.font).color(&theme.text).pos(Pos::new(pos, VPos::Center));
        let backing = theme.background.mix(LABEL_BACKING).filled();
        let pad = theme.px(2) as i32;
        for (l, words) in lines.iter().enumerate() {
            let line_top = top + l as i32 * self.line_h;
            // Each line's words sit on a see-through box of the background as wide as they
            // are written (and the marker's room before them), so that a line running under
            // a label does not run through its words.
            let measured = DB::MEASURES_WORDS.then(|| area.estimate_text_size(words, &style).ok()).flatten();
            let (x0, x1) = backing_across(x, from, align, width, measured.map(|(w, _)| w as i32 + pad));
            area.draw(&Rectangle::new([(x0, line_top), (x1, line_top + self.line_h)], backing))?;
            area.draw(&Text::new(words.clone(), (from, line_top + self.line_h / 2), style.clone()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_labels_backing_is_as_wide_as_its_measured_words_and_the_whole_box_unmeasured() {
        // A box at x 100, 80 wide; words measured at 50.
        assert_eq!(backing_across(100, 100, Align::Left(0), 80, Some(50)), (100, 150), "from the left");
        assert_eq!(backing_across(100, 112, Align::Left(12), 80, Some(50)), (100, 162), "the marker's room kept");
        assert_eq!(backing_across(100, 140, Align::Centre, 80, Some(50)), (115, 165), "centred");
        assert_eq!(backing_across(100, 180, Align::Right, 80, Some(50)), (130, 180), "to the right");
        assert_eq!(backing_across(100, 100, Align::Left(0), 80, None), (100, 180), "unmeasured: the whole box");
        assert_eq!(backing_across(100, 112, Align::Left(12), 80, None), (100, 192), "and the marker's room");
        assert_eq!(backing_across(100, 140, Align::Centre, 80, Some(500)), (100, 180), "never wider than the box");
    }
}
