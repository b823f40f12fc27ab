//! The over-time chart: each policy's cumulative spend as a line, with a dashed line at a
//! budget or a ceiling and a ring where a ceiling was reached. Each policy has an Okabe-Ito
//! colour and a marker shape of its own, repeated in the legend with its label and bill,
//! so colour is never the only cue. Every word and amount comes from the core's
//! [`OverTime`]; this only places them.

use crate::frame::{text_at, Frame};
use crate::markers::{draw_marker, SHAPES};
use crate::notes::{away, Align, MeasuresWords, Notes, KEEP_LINES_CLEAR, STAY_NEAR};
use crate::pixels::{log2_fixed, scaled, text_width, wrap};
use crate::theme::Theme;
use billsim_core::views::over_time::{Limit, Mark, OverTime, Tick, TENS_NOTE};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// The colour of line `i` on `theme`'s page: the policy's colour of the core's table.
pub fn line_colour(theme: &Theme, i: usize) -> RGBColor {
    theme.policy(i)
}

/// The legend: each line's marker and words, flowing into rows; an entry wider than the
/// canvas wraps. Returns each entry's lines and where its first line starts.
struct Legend {
    entries: Vec<(Vec<String>, (i32, i32))>,
    height: i32,
}

fn legend(view: &OverTime, left: i32, right: i32, top: i32, font: u32, line_h: i32, theme: &Theme) -> Legend {
    let marker = marker_room(font, theme);
    let space = theme.px(14) as i32;
    let (mut x, mut y) = (left, top);
    let mut entries = Vec::new();
    for line in &view.lines {
        let text = format!("{} \u{B7} {}", line.label, line.bill);
        let lines = wrap(&text, font, right - left - marker);
        let width = marker + lines.iter().map(|l| text_width(l, font)).max().unwrap_or(0);
        if x > left && x + width > right {
            (x, y) = (left, y + line_h);
        }
        entries.push((lines.clone(), (x, y)));
        if lines.len() > 1 {
            (x, y) = (left, y + lines.len() as i32 * line_h);
        } else {
            x += width + space;
        }
    }
    let height = if x > left { y + line_h - top } else { y - top };
    Legend { entries, height }
}

/// Line `i`'s marker at the start of a line of text whose top-left is `(x, y)`, as the
/// legend writes it; the text starts [`marker_room`] further on.
fn draw_line_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    i: usize,
    (x, y): (i32, i32),
    (font, line_h): (u32, i32),
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let r = font as i32 * 2 / 5;
    draw_marker(area, SHAPES[i % SHAPES.len()], (x + r + 1, y + line_h / 2), r, line_colour(theme, i), theme)
}

/// The room a line's marker takes before its words ([`draw_line_marker`]).
fn marker_room(font: u32, theme: &Theme) -> i32 {
    font as i32 + theme.px(4) as i32
}

/// Every `k`-th tick, the smallest `k` that leaves `room` pixels from one to the next.
fn thinned(ticks: &[Tick], spacing: i32, room: i32) -> Vec<&Tick> {
    let k = (1..=ticks.len().max(1)).find(|&k| spacing.saturating_mul(k as i32) >= room).unwrap_or(ticks.len().max(1));
    ticks.iter().step_by(k).collect()
}

/// Draws `view` on `area`.
pub fn draw_over_time<DB: MeasuresWords>(
    area: &DrawingArea<DB, Shift>,
    view: &OverTime,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, font, line_h } = Frame::of(area, theme)?;
    let at = |h: HPos, v: VPos| text_at(font, theme, h, v);

    // The legend across the top.
    let legend = legend(view, pad, w - pad, pad, font, line_h, theme);
    for (i, (lines, (x, y))) in legend.entries.iter().enumerate() {
        draw_line_marker(area, i, (*x, *y), (font, line_h), theme)?;
        for (l, words) in lines.iter().enumerate() {
            let pos = (x + marker_room(font, theme), y + l as i32 * line_h + line_h / 2);
            area.draw(&Text::new(words.clone(), pos, at(HPos::Left, VPos::Center)))?;
        }
    }

    // The plot: money up the left, time along the bottom.
    let money_top = view.money_ticks.last().map_or(1, |t| t.at).max(1);
    let label_w = view.money_ticks.iter().map(|t| text_width(&t.label, font)).max().unwrap_or(0);
    let widest = view.time_ticks.iter().map(|t| text_width(&t.label, font)).max().unwrap_or(0);
    // Room right of the plot for half a time label, so the last one (its end's moment)
    // sits centred under its tick instead of pushed onto the one before it.
    let right = w - pad.max(widest / 2 + theme.px(2) as i32);
    let left = pad + label_w + theme.px(4) as i32;
    let (top, bottom) = (pad + legend.height + line_h / 2, h - pad - line_h);
    let (from, to) = (view.from_ms, view.to_ms.max(view.from_ms.saturating_add(1)));
    let x_of = |ms: u64| left + scaled(u128::from(ms.saturating_sub(from)), u128::from(to - from), right - left);
    // On a scale of tens (`log_money`), from the first tick up: equal ratios, equal heights.
    // (No higher than the top: a view given by JS may list its ticks falling.)
    let money_floor = view.money_ticks.first().map_or(0, |t| t.at).clamp(1, money_top);
    let y_of = |nanos: u64| match view.log_money {
        false => bottom - scaled(u128::from(nanos.min(money_top)), u128::from(money_top), bottom - top),
        true => {
            let (lo, hi) = (log2_fixed(money_floor), log2_fixed(money_top));
            let at = log2_fixed(nanos.clamp(money_floor, money_top));
            bottom - scaled(u128::from(at - lo), u128::from(hi.saturating_sub(lo)), bottom - top)
        }
    };

    let grid = ShapeStyle::from(&theme.text.mix(0.15)).stroke_width(1);
    let axis = ShapeStyle::from(&theme.text).stroke_width(1);
    let money_gap = match view.money_ticks.as_slice() {
        [a, b, ..] => y_of(a.at) - y_of(b.at),
        _ => bottom - top,
    };
    for tick in thinned(&view.money_ticks, money_gap, line_h) {
        let y = y_of(tick.at);
        let base = tick.at == view.money_ticks[0].at;
        area.draw(&PathElement::new(vec![(left, y), (right, y)], if base { axis } else { grid }))?;
        area.draw(&Text::new(tick.label.clone(), (left - theme.px(4) as i32, y), at(HPos::Right, VPos::Center)))?;
    }
    let time_gap = match view.time_ticks.as_slice() {
        [a, b, ..] => x_of(b.at) - x_of(a.at),
        _ => w,
    };
    // The time labels' row sits a whole line below the axis, clear of the lowest money
    // label (centred on the axis), so the first moment's label can be centred under its
    // tick, reaching under that label's column rather than onto the next moment's.
    let time_y = bottom + font as i32 + theme.px(2) as i32;
    let mut written_to = i32::MIN;
    for tick in thinned(&view.time_ticks, time_gap, widest + theme.px(10) as i32) {
        let x = x_of(tick.at);
        area.draw(&PathElement::new(vec![(x, bottom), (x, bottom + theme.px(3) as i32)], axis))?;
        // Centred under its moment, but never past the canvas's edges; a label moved onto
        // the one before it is left out (its tick stays).
        let half = text_width(&tick.label, font) / 2 + 1;
        let cx = x.clamp(pad + half, (w - pad - half).max(pad + half));
        if cx - half < written_to + theme.px(4) as i32 {
            continue;
        }
        written_to = cx + half;
        area.draw(&Text::new(tick.label.clone(), (cx, time_y), at(HPos::Center, VPos::Center)))?;
    }

    // Limits: dashed in the text colour. The spend lines over them, then their markers at
    // staggered places so lines that coincide still each show their own shape.
    let dash = ShapeStyle::from(&theme.text).stroke_width(theme.px(2));
    for limit in view.limits.iter().filter(|l| !l.above) {
        let points: Vec<(i32, i32)> = limit.points.iter().map(|p| (x_of(p[0]), y_of(p[1]))).collect();
        area.draw(&DashedPathElement::new(points, theme.px(6), theme.px(4), dash))?;
    }
    let n = view.lines.len().max(1) as i32;
    let markers = if right - left > theme.px(300) as i32 { 4 } else { 2 };
    // A line that leaves the scale stops at its top edge (drawn flat along it, it would read
    // as capped); its label says where it went.
    let drawn: Vec<Vec<(i32, i32)>> = view
        .lines
        .iter()
        .map(|line| {
            let shown = line.points.iter().position(|p| p[1] > money_top).map_or(line.points.len(), |k| k + 1);
            line.points[..shown].iter().map(|p| (x_of(p[0]), y_of(p[1]))).collect()
        })
        .collect();
    let marker_r = theme.px(4) as i32;
    let mut marked: Vec<(i32, i32)> = Vec::new();
    for (i, points) in drawn.iter().enumerate() {
        let colour = line_colour(theme, i);
        area.draw(&PathElement::new(points.clone(), ShapeStyle::from(&colour).stroke_width(theme.px(2))))?;
        // And one at the end, where lines that part (after a jump) stand apart.
        let staggered = (0..markers).map(|m| left + (right - left) * (m * n + i as i32 + 1) / (markers * n + 1));
        for x in staggered.chain([right]) {
            if let Some(&p) = points.iter().min_by_key(|p| (p.0 - x).abs()) {
                draw_marker(area, SHAPES[i % SHAPES.len()], p, marker_r, colour, theme)?;
                marked.push(p);
            }
        }
    }

    // Labels last, each covering no other label, as near its mark as the others allow, then
    // covering the fewest points of the lines: a trip's by its ring, a limit's beside its
    // line (one above the axis at the top, with an arrow), a line's off the scale along the top.
    // The points covered: points every few pixels along the lines as drawn (one off the
    // scale, nothing past where it leaves it, where its points were pressed onto the top
    // edge and pushed labels off it), so that a label costs what length of line it hides.
    // (Counted by the lines' own points, a busy line had a point a pixel and a quiet one a
    // point every few: at 390 px lesson 003's "breaker trips at 00:17" lay along the hourly
    // ceiling's flat line rather than across the climbing ones.)
    let every = theme.px(4).max(1) as i32;
    let limits: Vec<Vec<(i32, i32)>> = (view.limits.iter().filter(|l| !l.above))
        .map(|l| l.points.iter().map(|p| (x_of(p[0]), y_of(p[1]))).collect())
        .collect();
    let mut lines: Vec<Vec<(i32, i32)>> =
        drawn.iter().chain(&limits).map(|pixels| evenly_along(pixels, every)).collect();
    // And each marker, as its centre and corners: a label over a whole one costs as much as
    // one along five points of a line (at 1000 px lesson 002's "ledger down", moved off a
    // flat line, hid a diamond and a cross).
    let corners = [(0, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)];
    lines.extend(marked.iter().map(|&(x, y)| corners.map(|(dx, dy)| (x + dx * marker_r, y + dy * marker_r)).to_vec()));
    let mut notes = Notes { taken: Vec::new(), lines, plot: (left, top, right, bottom), font, line_h };
    let gap = theme.px(3) as i32;

    let ring = theme.px(7) as i32;
    // Each ring and whose it is: a line's trip (by the line's index), or the reference
    // line's first passing (`None`), which has its ring too (a bad index from JS draws none).
    let mut trips: Vec<(i32, i32, Option<usize>)> = view
        .lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| Some((i, l.trip.as_ref()?)))
        .map(|(i, t)| (x_of(t.at_ms), y_of(t.spent_nanos), Some(i)))
        .collect();
    let passed = view.passing.and_then(|p| view.events.get(p.event));
    trips.extend(passed.map(|e| (x_of(e.at_ms), y_of(e.spent_nanos), None)));
    for &(x, y, _) in &trips {
        area.draw(&Circle::new((x, y), ring, ShapeStyle::from(&theme.text).stroke_width(theme.px(2))))?;
        notes.taken.push((x - ring, y - ring, x + ring, y + ring));
    }
    // Each moment a ceiling is reached marked on the time axis: a dotted drop from its ring
    // to a triangle at its moment (which no label covers).
    let drop = ShapeStyle::from(&theme.text.mix(0.7)).stroke_width(theme.px(1));
    for event in &view.events {
        let (x, y) = (x_of(event.at_ms), y_of(event.spent_nanos));
        if y + ring < bottom {
            area.draw(&DashedPathElement::new(vec![(x, y + ring), (x, bottom)], theme.px(2), theme.px(3), drop))?;
        }
        let (tip, half) = (theme.px(7) as i32, theme.px(5) as i32);
        area.draw(&Polygon::new(vec![(x, bottom - tip), (x - half, bottom), (x + half, bottom)], theme.text.filled()))?;
        notes.taken.push((x - half, bottom - tip, x + half, bottom));
        notes.lines.push(upright(x, (y + ring, bottom), every).collect());
    }
    // The moments marked on the time axis (the script's first request): a dotted line up the
    // plot; a period (the ledger's outage), a shade across it. Their labels are placed
    // after the others', where the lines leave room; off a cut axis, the sentences say them.
    let moments: Vec<_> = view.moments.iter().filter(|m| (view.from_ms..=view.to_ms).contains(&m.at_ms)).collect();
    for m in &moments {
        let x = x_of(m.at_ms);
        match m.until_ms {
            None => {
                area.draw(&DashedPathElement::new(vec![(x, top), (x, bottom)], theme.px(1), theme.px(3), drop))?;
                notes.lines.push(upright(x, (top, bottom), every).collect());
            }
            Some(until) => {
                let to = x_of(until.min(view.to_ms)).max(x + 1);
                area.draw(&Rectangle::new([(x, top), (to, bottom)], theme.text.mix(0.08).filled()))?;
            }
        }
    }
    // Each moment written once, however many policies reached their ceilings then: first,
    // so that each is by its own ring (placed after the limits' labels, one was pushed to
    // another's ring, and read as that one's). Only where it stands no nearer another
    // moment's ring than its own; where there is no such place (a phone's plot too short
    // for both), it is left out: the sentences under the chart say it. (Its best place
    // tried alone, then left out if nearer another ring, lost lesson 002's "passed by 11:36"
    // at 1000 px: above its ring, it was nearer the 11:48 one, a few pixels higher.)
    let mut written: Vec<usize> = Vec::new();
    for (i, event) in view.events.iter().enumerate() {
        let (x, y) = (x_of(event.at_ms), y_of(event.spent_nanos));
        let lines = wrap(&event.label, font, right - left);
        let (width, height) = notes.size(&lines);
        let spots: Vec<(i32, i32)> = [x - width / 2, x + ring + gap, x - ring - gap - width]
            .into_iter()
            .flat_map(|sx| [(sx, y - ring - gap - height), (sx, y + ring + gap), (sx, y - height / 2)])
            .collect();
        // Its own rings: the trips it is written for ("... at 00:46 (2 policies)"), or the
        // passing it is.
        let passing = view.passing.is_some_and(|p| p.event == i);
        let (own, others): (Vec<_>, Vec<_>) = trips.iter().partition(|t| match t.2 {
            Some(line) => event.lines.contains(&line),
            None => passing,
        });
        let by_own = |at: (i32, i32)| {
            let from_label = |&&(cx, cy, _): &&(i32, i32, Option<usize>)| away((cx, cy), at, (width, height));
            let near = own.iter().map(from_label).min().unwrap_or(0);
            others.iter().map(from_label).all(|d| d >= near)
        };
        let placed = notes.place_near_where(width, height, spots.clone(), STAY_NEAR, &by_own);
        let Some(at) = placed.or_else(|| notes.place_anywhere_where(width, height, &spots[..1], &by_own)) else {
            continue;
        };
        notes.draw(area, &lines, at, Align::Left(0), theme)?;
        written.push(i);
    }
    for (i, limit) in view.limits.iter().enumerate() {
        // A reference line's first passing names it ("product's monthly budget $1,000.00
        // passed by 11:36"), written by its ring: the line's own label would say it twice.
        if view.passing.is_some_and(|p| p.limit == i && written.contains(&p.event)) {
            continue;
        }
        // Two policies' lines drawn at one place under one name (a ceiling that refuses and
        // one that degrades) are named once.
        if view.limits[..i].iter().any(|l| drawn_as(l) == drawn_as(limit)) {
            continue;
        }
        let words = match limit.above {
            true => format!("\u{2191} {}", limit.chart_label),
            false => limit.chart_label.clone(),
        };
        let lines = wrap(&words, font, right - left);
        let (width, height) = notes.size(&lines);
        let pixels: Vec<(i32, i32)> = limit.points.iter().map(|p| (x_of(p[0]), y_of(p[1]))).collect();
        // The top of its line under a label from `x` across `width`: a stepped line's higher
        // step where the label spans the step (at 390 px lesson 003's "$1.00 per hour", put
        // above the corner nearest its middle, the $1 one, had its own step up run through it).
        let line_y = |x: i32| match limit.above {
            true => top - gap,
            false => highest_under(&pixels, (x, x + width)).unwrap_or(top),
        };
        // Above its line, as a line's name is read: below it, it sat on the next limit's line
        // down (lesson 003's "$3.00 per day" on the hourly ceiling's $2 step). Three lines up
        // or down from there are tried as well, further ones costing more.
        let xs = [right - width, left + gap, (left + right - width) / 2];
        let mut spots: Vec<(i32, i32)> = xs.map(|x| (x, line_y(x) - height - gap)).to_vec();
        // Below it as well where there is no room above and the line is flat under the whole
        // label: lesson 002's month line, flat just under the top, pressed its name down onto
        // its own rising steps. (Below where there was room above, lesson 003's "$3.00 per
        // day" took the hourly ceiling's place by its $1 line.)
        let flat_under = |x: i32| {
            let first = pixels.iter().rposition(|p| p.0 < x).unwrap_or(0);
            let last = pixels.iter().position(|p| p.0 > x + width).unwrap_or(pixels.len().saturating_sub(1));
            let ys = pixels.get(first..=last).unwrap_or_default().iter().map(|p| p.1);
            let (high, low) = ys.fold((bottom, top), |(high, low), y| (high.min(y), low.max(y)));
            (low - high <= 2 * line_h).then_some(low)
        };
        if !limit.above {
            let no_room: Vec<i32> = spots.iter().filter(|s| s.1 < top).map(|s| s.0).collect();
            spots.extend(no_room.into_iter().filter_map(|x| Some((x, flat_under(x)? + gap))));
        }
        let Some(at) = notes.place(width, height, spots, STAY_NEAR) else { continue };
        // A name put further from its line than the spots near it reach reads as another
        // line's (at 320 px lesson 002's "umbrella's daily budget $20.00" stood by the $1.00
        // gridline, three lines under its own): left out, as the sentences say it.
        let centre = at.0 + width / 2;
        if !limit.above && away((centre, line_y(at.0)), at, (width, height)) > 2 * line_h {
            notes.give_back();
            continue;
        }
        notes.draw(area, &lines, at, Align::Left(0), theme)?;
    }
    for m in &moments {
        let x = x_of(m.at_ms);
        let lines = wrap(&m.label, font, right - left);
        let (width, height) = notes.size(&lines);
        let (high, low) = (top, bottom - height - gap);
        let spots = vec![(x + gap, high), (x - gap - width, high), (x + gap, low), (x - gap - width, low)];
        if let Some(at) = notes.place_near(width, height, spots, KEEP_LINES_CLEAR) {
            let align = if at.0 >= x { Align::Left(0) } else { Align::Right };
            notes.draw(area, &lines, at, align, theme)?;
        }
    }
    // A scale of tens says so, last (the marks' and lines' names come first): by the axis's
    // top, where the lines have not climbed yet, or its foot, where they have left it.
    if view.log_money {
        let lines = wrap(TENS_NOTE, font, right - left - 2 * gap);
        let (width, height) = notes.size(&lines);
        let spots =
            vec![(left + gap, top), (right - width, bottom - height - gap), (left + gap, bottom - height - gap)];
        if let Some(at) = notes.place_near(width, height, spots, KEEP_LINES_CLEAR) {
            notes.draw(area, &lines, at, Align::Left(0), theme)?;
        }
    }
    // Lines off the scale: each line's marker and its bill ("↑ $2.23 by the end") at the
    // top edge by where it leaves it, or as near there as the other labels allow: the
    // marker names the line, as in the legend. With the line's name written out, lesson
    // 001's four lines off its demo day's scale stacked three-line labels down over the
    // lines at 390 px. Lines whose bills read alike have one label, their markers before it
    // (lesson 001's request limit and its limit with a set-aside cap, "↑ $0.45 by the end"
    // twice, where the top edge had room for three labels at 1000 px and one at 390 px).
    let mut alike: Vec<(Vec<usize>, &Mark)> = Vec::new();
    for (i, mark) in view.lines.iter().enumerate().filter_map(|(i, l)| Some((i, l.off_scale.as_ref()?))) {
        match alike.iter_mut().find(|(_, m)| m.label == mark.label) {
            Some((group, _)) => group.push(i),
            None => alike.push((vec![i], mark)),
        }
    }
    for (group, mark) in alike {
        let room = marker_room(font, theme);
        let lead = room * group.len() as i32;
        let lines = wrap(&mark.label, font, right - left - lead);
        let (words, height) = notes.size(&lines);
        let width = lead + words;
        let x = x_of(mark.at_ms);
        // A line's height down and a label's width along at a time, right of the exit, then
        // left of it (the first of two as near).
        let (rows, across) = ((bottom - top) / line_h.max(1), (right - left) / (width + gap).max(1) + 1);
        let mut spots = Vec::new();
        for row in 0..rows.max(1) {
            for k in 0..across {
                let y = top + row * line_h;
                spots.extend([(x + gap + k * (width + gap), y), (x - (k + 1) * (width + gap), y)]);
            }
        }
        if let Some(at) = notes.place_nearest(width, height, &spots, (x, top)) {
            notes.draw(area, &lines, at, Align::Left(lead), theme)?;
            for (k, &i) in group.iter().enumerate() {
                draw_line_marker(area, i, (at.0 + room * k as i32, at.1), (font, line_h), theme)?;
            }
        }
    }
    Ok(())
}

/// Points every `every` pixels along the line through `pixels` (its length counted as the
/// longer of across and up, as a line of pixels is drawn), its first point included.
fn evenly_along(pixels: &[(i32, i32)], every: i32) -> Vec<(i32, i32)> {
    let every = every.max(1);
    let mut points: Vec<(i32, i32)> = pixels.first().copied().into_iter().collect();
    // How far along the line the last point was put, back from the segment's start.
    let mut since = 0;
    for pair in pixels.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let length = (x1 - x0).abs().max((y1 - y0).abs());
        let mut at = every - since;
        while at <= length {
            points.push((x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length));
            at += every;
        }
        since = length - (at - every);
    }
    points
}

/// Points every `every` pixels down an upright line at `x` from `top` to `bottom`: a
/// dotted line up the plot, which a label covers as it would a spend line, so that of two
/// places as near its mark it takes the one off it (lesson 003's "breaker trips at 00:46"
/// still crosses the script's start: no place as near is clear).
fn upright(x: i32, (top, bottom): (i32, i32), every: i32) -> impl Iterator<Item = (i32, i32)> {
    (top..=bottom).step_by(every.max(1) as usize).map(move |y| (x, y))
}

/// The highest point (the least y) of the line through `pixels` (in order along x) from
/// `x0` to `x1`: its corners between them and where it crosses each end; where the line
/// does not reach the span, its nearest corner's. `None` for no point.
fn highest_under(pixels: &[(i32, i32)], (x0, x1): (i32, i32)) -> Option<i32> {
    let at = |x: i32| {
        let pair = pixels.windows(2).find(|w| w[0].0 <= x && x <= w[1].0)?;
        let ((xa, ya), (xb, yb)) = (pair[0], pair[1]);
        Some(if xb == xa { ya.min(yb) } else { ya + (yb - ya) * (x - xa) / (xb - xa) })
    };
    let corners = pixels.iter().filter(|p| (x0..=x1).contains(&p.0)).map(|p| p.1);
    let nearest = || pixels.iter().min_by_key(|p| (p.0 - x0).abs().min((p.0 - x1).abs())).map(|p| p.1);
    corners.chain(at(x0)).chain(at(x1)).min().or_else(nearest)
}

/// What of a limit's line the chart draws: its name, its points, and whether it is above
/// the scale.
fn drawn_as(limit: &Limit) -> (&str, &[[u64; 2]], bool) {
    (&limit.chart_label, &limit.points, limit.above)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{drawn_text, text_boxes, texts_cut};
    use billsim_core::engine::{Guard, Policy, Record};
    use billsim_core::lessons::toy_day::scenario::TOY_DAY;
    use billsim_core::scenario::registry::find;
    use billsim_core::scenario::{run, Values};
    use billsim_core::time::Span;
    use billsim_core::views::over_time::over_time;
    use billsim_core::Micros;

    fn toy_view(set: &[(&str, &str)]) -> OverTime {
        let mut values = Values::defaults(&TOY_DAY);
        for (k, v) in set {
            values.set(&TOY_DAY, k, v).unwrap();
        }
        over_time(&run(&TOY_DAY, 0, &values, None, Record::default()).unwrap()).unwrap()
    }

    /// The toy day under no limit, a $2 spend ceiling and the daily budget.
    fn tripped_view() -> OverTime {
        let s = Values::defaults(&TOY_DAY).day_settings();
        let ceiling = Guard::SpendCeiling { ceiling_micros: Micros(2_000_000), period_ms: Span(86_400_000) };
        let policies = vec![
            billsim_core::Policy::NoLimit.engine_policy(&s),
            Policy::new("spendCeiling", vec![ceiling]),
            billsim_core::Policy::DailyBudget.engine_policy(&s),
        ];
        let r = run(&TOY_DAY, 0, &Values::defaults(&TOY_DAY), Some(policies), Record::default()).unwrap();
        over_time(&r).unwrap()
    }

    fn svg_of(view: &OverTime, size: (u32, u32), theme: Theme) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_over_time(&root, view, &theme).unwrap();
            root.present().unwrap();
        }
        svg
    }

    fn hex(c: RGBColor) -> String {
        format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
    }

    /// Polylines stroked in `colour` with more than `least` points.
    fn paths(svg: &str, colour: &str, least: usize) -> usize {
        svg.lines()
            .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
            .filter(|l| l.split("points=\"").nth(1).is_some_and(|p| p.split_whitespace().count() > least))
            .count()
    }

    #[test]
    fn at_200_390_and_800_pixels_wide_every_text_fits_and_every_line_is_drawn() {
        let views = [toy_view(&[]), tripped_view(), toy_view(&[("budgetDollars", "100")])];
        let calls = find("callsAtOnce").unwrap();
        let calls = over_time(&run(calls, 0, &Values::defaults(calls), None, Record::default()).unwrap()).unwrap();
        for view in views.iter().chain([&calls]) {
            for (size, scale) in [((200, 272), 100), ((400, 544), 200), ((390, 300), 100), ((800, 420), 100)] {
                for theme in [Theme::light(scale), Theme::dark(scale)] {
                    let svg = svg_of(view, size, theme);
                    let cut = texts_cut(&svg, (size.0 as i32, size.1 as i32));
                    assert!(cut.is_empty(), "{} at {size:?}, {scale}%: {cut:#?}", view.title);
                    let drawn = drawn_text(&svg);
                    for (i, line) in view.lines.iter().enumerate() {
                        let colour = hex(line_colour(&theme, i));
                        // A line off the scale stops where it leaves it.
                        let least = if line.off_scale.is_some() { 1 } else { 100 };
                        assert!(paths(&svg, &colour, least) >= 1, "{}'s line in {colour} at {size:?}", line.label);
                        assert!(
                            drawn.contains(&format!("{} \u{B7} {}", line.label, line.bill)),
                            "{} in the legend: {drawn}",
                            line.label
                        );
                    }
                }
            }
        }
    }

    /// Every scenario's over-time view at its default settings.
    fn every_scenarios_view() -> Vec<OverTime> {
        let runs = billsim_core::scenario::registry::SCENARIOS
            .iter()
            .map(|s| run(s, 0, &Values::defaults(s), None, Record::default()).unwrap());
        runs.map(|r| over_time(&r).unwrap()).chain([tripped_view(), runaway_day()]).collect()
    }

    /// The box of a trip's label's first line (a long label wraps) among an SVG's `boxes`;
    /// `None` for a label left out for want of room (the sentences say it).
    fn event_label(boxes: &[(String, crate::rows::TextBox, u32)], event: &Mark) -> Option<crate::rows::TextBox> {
        boxes.iter().find(|(text, ..)| text.len() >= 10 && event.label.starts_with(text.as_str())).map(|(_, b, _)| *b)
    }

    /// The rings around trips in an SVG drawing of the chart (circles of the ring's radius,
    /// not filled): their centres.
    fn rings(svg: &str, theme: &Theme) -> Vec<(i32, i32)> {
        let radius = format!(" r=\"{}\"", theme.px(7));
        let num = |line: &str, name: &str| {
            line.split(&format!(" {name}=\"")).nth(1).and_then(|r| r.split('"').next()?.parse::<i32>().ok())
        };
        svg.lines()
            .filter(|l| l.starts_with("<circle") && l.contains(&radius) && l.contains("fill=\"none\""))
            .filter_map(|l| Some((num(l, "cx")?, num(l, "cy")?)))
            .collect()
    }

    #[test]
    fn each_trips_label_stands_by_its_own_ring_not_another_trips() {
        // At 390 px lesson 003's "breaker trips at 00:17" stood by the 00:46 trip's ring and
        // "breaker trips at 00:46 (2 policies)" by the 00:17 one's: placed after the limits'
        // labels, each went to the nearest free place.
        let theme = Theme::light(100);
        let mut checked = 0;
        for view in every_scenarios_view().iter().filter(|v| v.events.len() >= 2) {
            // The trips in time order (and, at one moment, highest first), as their rings
            // stand from left to right (and top to bottom).
            // A reference line's first passing has a ring as a trip has.
            let mut trips: Vec<_> = view.lines.iter().filter_map(|l| l.trip.as_ref()).collect();
            trips.extend(view.passing.map(|p| &view.events[p.event]));
            trips.sort_by_key(|t| (t.at_ms, std::cmp::Reverse(t.spent_nanos)));
            for size in [(370, 370), (390, 300), (672, 300), (800, 420)] {
                let svg = svg_of(view, size, theme);
                let mut rings = rings(&svg, &theme);
                rings.sort_unstable();
                assert_eq!(rings.len(), trips.len(), "{} at {size:?}: a ring a trip", view.title);
                let boxes = text_boxes(&svg);
                for event in &view.events {
                    let Some((x0, y0, x1, y1)) = event_label(&boxes, event) else { continue };
                    let away = |&(cx, cy): &(i32, i32)| (x0 - cx).max(cx - x1).max(0) + (y0 - cy).max(cy - y1).max(0);
                    let mine = |t: &&Mark| event.label.starts_with(t.label.as_str());
                    let of =
                        |own: bool| rings.iter().zip(&trips).filter(move |(_, t)| mine(t) == own).map(|(r, _)| away(r));
                    let (own, other) = (of(true).min().unwrap(), of(false).min().unwrap_or(i32::MAX));
                    assert!(
                        own <= other,
                        "{} at {size:?}: {:?} is {own} px from its ring, {other} px from another trip's",
                        view.title,
                        event.label
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 8, "{checked} labels checked, of lessons 001 and 003 at four sizes");
    }

    /// Lesson 002's runaway day, zoomed, at its default settings.
    fn runaway_day() -> OverTime {
        let tenant = find("runawayTenant").unwrap();
        let values = Values::defaults(tenant);
        let month = run(tenant, 0, &values, None, Record::EVERYTHING).unwrap();
        billsim_core::lessons::runaway_tenant::runaway_day::runaway_day_view(&month, &values).unwrap()
    }

    #[test]
    fn the_labels_in_the_plot_are_written_on_boxes_of_the_background_so_no_line_runs_through_them() {
        // On a phone the toy day's two lines off the scale climb through their own label.
        let view = toy_view(&[]);
        let words: Vec<&str> =
            view.lines.iter().filter_map(|l| l.off_scale.as_ref()).map(|m| m.label.as_str()).collect();
        assert_eq!(words.len(), 2, "two lines are off the scale: {words:?}");
        for theme in [Theme::light(100), Theme::dark(100)] {
            let out = svg_of(&view, (390, 300), theme);
            let num = |l: &str, name: &str| -> Option<i32> {
                l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse::<f64>().ok().map(|v| v as i32)
            };
            let fill = format!("fill=\"{}\"", hex(theme.background));
            let boxes: Vec<(i32, i32, i32, i32)> = out
                .lines()
                .filter(|l| {
                    l.starts_with("<rect")
                        && l.contains(&fill)
                        && l.contains(&format!("opacity=\"{}\"", crate::notes::LABEL_BACKING))
                })
                .filter_map(|l| {
                    let (x, y) = (num(l, "x")?, num(l, "y")?);
                    Some((x, y, x + num(l, "width")?, y + num(l, "height")?))
                })
                .collect();
            let mut seen = 0;
            for (text, (x0, y0, x1, y1), _) in crate::rows::text_boxes(&out) {
                if text.len() < 8 || !words.iter().any(|w| w.contains(&text)) {
                    continue;
                }
                seen += 1;
                let on = boxes.iter().any(|b| b.0 <= x0 + 1 && x1 <= b.2 + 1 && b.1 <= y0 + 2 && y1 <= b.3 + 2);
                assert!(on, "{text:?} at {x0}..{x1}, {y0}..{y1} is on a box of the background: {boxes:?}");
            }
            assert!(seen >= 1, "the label off the scale is drawn ({seen} lines found)");
        }
    }

    #[test]
    fn the_runaway_day_on_a_scale_of_tens_puts_no_cap_far_above_the_caps_and_labels_its_lines() {
        let view = runaway_day();
        let theme = Theme::light(100);
        for size in [(390, 420), (1000, 420)] {
            let svg = svg_of(&view, size, theme);
            let drawn = drawn_text(&svg);
            for words in ["$1,000.00", "$10.00", "product's monthly budget $1,000.00", "umbrella's daily budget $20.00"]
            {
                assert!(drawn.contains(words), "{words} at {size:?}: {drawn}");
            }
            // The last point of each line, in pixels: no cap ($1,865.50) and the hard block
            // ($19.91) two of the scale's five tens apart, not one line at the bottom.
            let last_y = |i: usize| -> i32 {
                let colour = hex(line_colour(&theme, i));
                let line = svg
                    .lines()
                    .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
                    .max_by_key(|l| l.len())
                    .unwrap();
                let points = line.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
                points.split_whitespace().last().unwrap().split(',').nth(1).unwrap().parse().unwrap()
            };
            let (no_cap, hard_block) = (last_y(0), last_y(2));
            let plot = size.1 as i32 / 3;
            assert!(
                hard_block - no_cap > plot / 3,
                "at {size:?}: no cap at y {no_cap}, the hard block at y {hard_block}"
            );
        }
    }

    #[test]
    fn a_limits_name_stands_by_its_own_line_or_is_left_out_never_by_a_gridline_far_below() {
        // The widget's runaway-day canvas on phones (30rem: 480 px) and at a desk.
        let view = runaway_day();
        let label = "umbrella's daily budget $20.00";
        for size in [(288, 480), (296, 480), (366, 480), (672, 416)] {
            let svg = svg_of(&view, size, Theme::light(100));
            let found = text_boxes(&svg).into_iter().find(|(t, _, _)| t == label);
            // A desk's column has the room to name it by its line.
            assert!(found.is_some() || size.0 < 672, "{size:?}: {label} is written");
            let Some((_, (x0, y0, x1, y1), _)) = found else { continue };
            // The flat limits' dashes (level strokes of the text's colour, not the gridlines'
            // faint ones) under the name: the nearest is its line.
            let solid = |l: &&str| l.contains("stroke=\"#1A1A1A\"") && l.contains(" opacity=\"1\"");
            let dashes = svg.lines().filter(|l| l.starts_with("<polyline")).filter(solid);
            let ys: Vec<i32> = dashes
                .filter_map(|l| {
                    let points = l.split("points=\"").nth(1)?.split('"').next()?;
                    let xy: Vec<(i32, i32)> = (points.split_whitespace().filter_map(|p| p.split_once(',')))
                        .filter_map(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                        .collect();
                    let y = xy.first()?.1;
                    let (from, to) = (xy.iter().map(|p| p.0).min()?, xy.iter().map(|p| p.0).max()?);
                    // Inside the name's span (the axis's ticks end at its left edge).
                    (xy.iter().all(|p| p.1 == y) && to > x0 + 2 && from < x1 - 2).then_some(y)
                })
                .collect();
            let off = ys.iter().map(|&y| (y0 - y).max(y - y1).max(0)).min();
            let line_h = crate::frame::font_for(size.0 as i32, &Theme::light(100)) as i32 + 6;
            assert!(
                off.is_some_and(|d| d <= 2 * line_h),
                "{size:?}: {label} at {y0}..{y1} stands {off:?} px from the nearest limit's dash under it"
            );
        }
    }

    #[test]
    fn a_scale_of_tens_says_so_by_its_axis_and_an_even_scale_does_not() {
        let theme = Theme::light(100);
        for size in [(390, 420), (1000, 420)] {
            let drawn = drawn_text(&svg_of(&runaway_day(), size, theme));
            assert!(drawn.contains("a scale of tens"), "the runaway day at {size:?}: {drawn}");
            assert!(
                !drawn_text(&svg_of(&toy_view(&[]), size, theme)).contains("scale of tens"),
                "the toy day at {size:?}"
            );
        }
    }

    #[test]
    fn a_view_given_by_js_with_its_scale_of_tens_upside_down_draws_without_a_panic() {
        // drawReplayOverTime takes any object shaped as the view: ticks falling, and a time
        // span that ends at the last millisecond there is.
        let mut view = runaway_day();
        view.money_ticks.reverse();
        (view.from_ms, view.to_ms) = (u64::MAX, u64::MAX);
        let drawn = std::panic::catch_unwind(|| svg_of(&view, (390, 420), Theme::light(100)));
        assert!(drawn.is_ok(), "ticks {:?} first", view.money_ticks.first().map(|t| t.at));
    }

    /// The time labels an SVG drawing of an over-time chart writes under its axis.
    fn time_labels(svg: &str, view: &OverTime) -> Vec<String> {
        let words = drawn_text(svg);
        view.time_ticks.iter().map(|t| t.label.clone()).filter(|l| words.split(' ').any(|w| w == l)).collect()
    }

    #[test]
    fn the_runaway_days_passing_of_the_products_budget_is_written_with_its_time_at_phone_and_desk_widths() {
        // Lesson 002's point: the product's monthly budget gone by late morning. At 672 px its
        // best place, above its ring, stood nearer the 11:48 ring, and it was left out.
        let view = runaway_day();
        let passing = &view.events[view.passing.expect("the runaway day passes the product's budget").event];
        assert!(passing.label.contains("passed by 11:36"), "{}", passing.label);
        for size in [(366, 528), (672, 416), (1000, 416)] {
            let svg = svg_of(&view, size, Theme::light(100));
            assert!(svg.contains("passed by 11:36"), "at {size:?} the passing is written: {}", passing.label);
        }
    }

    #[test]
    fn the_runaway_day_labels_every_half_hour_from_09_00_to_14_00_at_a_lesson_columns_width_and_wider() {
        let view = runaway_day();
        let every: Vec<&str> = view.time_ticks.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(
            every,
            ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00"]
        );
        // 672 px: the lesson page's 42rem column at 1000 px and wider; 1000 px: the iframe.
        for size in [(672, 416), (1000, 416)] {
            for scale in [100, 200] {
                let theme = Theme::light(scale);
                let size = (size.0 * scale / 100, size.1 * scale / 100);
                let svg = svg_of(&view, size, theme);
                assert_eq!(time_labels(&svg, &view), every, "the time axis at {size:?}, {scale}%");
            }
        }
    }

    #[test]
    fn at_320_390_672_and_1000_pixels_wide_no_two_labels_of_any_scenario_overlap() {
        for view in every_scenarios_view() {
            for size in [(320, 400), (390, 420), (672, 416), (1000, 420)] {
                for theme in [Theme::light(100), Theme::dark(100)] {
                    let svg = svg_of(&view, size, theme);
                    let overlapping = crate::rows::texts_overlapping(&svg);
                    assert!(overlapping.is_empty(), "{} at {size:?}: {overlapping:#?}", view.title);
                }
            }
        }
    }

    /// The money axis's height in `svg`, from its base to its top tick: its ticks are equally
    /// spaced (on a scale of tens too), so the drawn labels' spacing gives it where the chart
    /// thinned the top one out.
    fn plot_height(svg: &str, view: &OverTime) -> i32 {
        let boxes = crate::rows::text_boxes(svg);
        let drawn: Vec<(usize, i32)> = (view.money_ticks.iter().enumerate())
            .filter_map(|(i, t)| {
                Some((i, boxes.iter().find(|(text, ..)| *text == t.label).map(|(_, b, _)| (b.1 + b.3) / 2)?))
            })
            .collect();
        match (drawn.first(), drawn.last()) {
            (Some(&(0, base)), Some(&(i, y))) if i > 0 => (base - y) * (view.money_ticks.len() as i32 - 1) / i as i32,
            _ => panic!("{}: the base and another money label are drawn: {drawn:?}", view.title),
        }
    }

    #[test]
    fn the_widgets_over_time_canvas_leaves_every_scenario_a_plot_to_read_under_its_key() {
        // The canvas in the widget (web/bill-widget-styles.js): 24rem high in a 672 px column,
        // 32rem on a 390 px phone (366 px wide). At 17rem, lesson 002's month had an 80 px plot.
        for view in every_scenarios_view() {
            for size in [(672, 384), (366, 512)] {
                let height = plot_height(&svg_of(&view, size, Theme::light(100)), &view);
                assert!(height >= 180, "{} at {size:?}: a plot {height} px high", view.title);
            }
        }
    }

    #[test]
    fn the_runaway_tenants_month_draws_and_labels_the_products_monthly_line_at_phone_and_desk_widths() {
        let tenant = find("runawayTenant").unwrap();
        let view = over_time(&run(tenant, 0, &Values::defaults(tenant), None, Record::default()).unwrap()).unwrap();
        for size in [(320, 400), (390, 420), (1000, 420)] {
            for theme in [Theme::light(100), Theme::dark(100)] {
                let svg = svg_of(&view, size, theme);
                let drawn = drawn_text(&svg);
                let label = "product's monthly budget $1,000.00";
                assert!(drawn.contains(label), "{label} at {size:?}: {drawn}");
            }
        }
    }

    #[test]
    fn the_runaway_tenants_month_line_is_named_below_its_flat_end_clear_of_its_own_steps() {
        let tenant = find("runawayTenant").unwrap();
        let view = over_time(&run(tenant, 0, &Values::defaults(tenant), None, Record::default()).unwrap()).unwrap();
        let label = "8 tenants' budgets, at most $2,330.00 a month";
        assert_eq!(view.limits[1].chart_label, label, "the month's line, named by its month");
        // The widget's chart at 1000 px: the line flattens just under the top, with no room above.
        let svg = svg_of(&view, (672, 352), Theme::light(100));
        let boxes = text_boxes(&svg);
        let (_, (x0, y0, x1, y1), _) = boxes.iter().find(|(t, _, _)| t == label).expect("the month's line named");
        let dashes = svg.lines().filter(|l| l.starts_with("<polyline") && l.contains("stroke=\"#1A1A1A\""));
        let numbers = dashes.filter_map(|l| l.split("points=\"").nth(1)?.split('"').next()).flat_map(|p| {
            p.split(' ')
                .filter_map(|xy| xy.split_once(','))
                .map(|(x, y)| (x.parse::<i32>().unwrap(), y.parse::<i32>().unwrap()))
        });
        let under: Vec<(i32, i32)> = numbers.filter(|&(x, y)| x > *x0 && x < *x1 && y > *y0 && y < *y1).collect();
        assert!(under.is_empty(), "{label} at {x0}..{x1}, {y0}..{y1} lies over the limits' dashes at {under:?}");
    }

    #[test]
    fn the_top_of_a_stepped_line_under_a_label_is_its_higher_step_where_the_label_spans_the_step() {
        // Lesson 003's hourly ceiling: $1 (y 400) until 01:00 (x 150), then $2 (y 350).
        let step = [(100, 400), (150, 400), (150, 350), (250, 350)];
        assert_eq!(highest_under(&step, (100, 140)), Some(400), "left of the step: the $1 line");
        assert_eq!(highest_under(&step, (120, 200)), Some(350), "across the step: the $2 line");
        assert_eq!(highest_under(&step, (200, 240)), Some(350), "right of the step");
        // A sloping line is read where it crosses the span's ends.
        assert_eq!(highest_under(&[(0, 100), (100, 0)], (20, 40)), Some(60), "rising: its height at the right end");
        assert_eq!(highest_under(&step, (300, 340)), Some(350), "past its end: its nearest corner");
        assert_eq!(highest_under(&[], (0, 10)), None, "no line");
    }

    #[test]
    fn the_budget_is_a_dashed_line_at_its_value_labelled_and_one_far_above_is_named_at_the_top() {
        let view = toy_view(&[]);
        let svg = svg_of(&view, (800, 420), Theme::light(100));
        let dashes: Vec<&str> = svg
            .lines()
            .filter(|l| {
                l.starts_with("<polyline") && l.contains("stroke=\"#1A1A1A\"") && l.contains("stroke-width=\"2\"")
            })
            .collect();
        assert!(dashes.len() >= 20, "the budget line is dashed: {}", dashes.len());
        let ys: Vec<&str> =
            dashes.iter().filter_map(|l| l.split("points=\"").nth(1)?.split([',', ' ']).nth(1)).collect();
        assert!(ys.iter().all(|y| *y == ys[0]), "every dash at one height (a flat $2.50 line): {ys:?}");
        assert!(drawn_text(&svg).contains("budget 10 users × $0.25 per day"));
        let above = svg_of(&toy_view(&[("budgetDollars", "100")]), (800, 420), Theme::light(100));
        assert!(drawn_text(&above).contains("\u{2191} budget 10 users × $100.00 per day"));
    }

    #[test]
    fn a_tripped_ceiling_is_ringed_and_labelled_with_its_time() {
        let view = tripped_view();
        let trip = view.lines[1].trip.as_ref().expect("the $2 ceiling trips");
        let svg = svg_of(&view, (800, 420), Theme::light(100));
        assert!(drawn_text(&svg).contains(&trip.label), "{}", trip.label);
        let rings = svg.lines().filter(|l| l.starts_with("<circle") && l.contains("r=\"7\"")).count();
        assert_eq!(rings, 1, "one ring at the trip");
    }

    #[test]
    fn two_policies_reaching_their_ceiling_at_one_moment_are_written_once() {
        let free = find("freeTier").unwrap();
        let view = over_time(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap()).unwrap();
        let trips: Vec<&String> = view.lines.iter().filter_map(|l| Some(&l.trip.as_ref()?.label)).collect();
        let twice = trips.iter().find(|t| trips.iter().filter(|u| u == t).count() == 2).expect("two trips at once");
        let drawn = drawn_text(&svg_of(&view, (1000, 420), Theme::light(100)));
        let once = format!("{twice} (2 policies)");
        assert_eq!(drawn.matches(twice.as_str()).count(), 1, "{twice} is written once: {drawn}");
        assert!(drawn.contains(&once), "{once}: {drawn}");
    }

    #[test]
    fn a_ceiling_that_refuses_and_one_that_degrades_at_one_amount_are_named_once() {
        let free = find("freeTier").unwrap();
        let view = over_time(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap()).unwrap();
        let name = "spend ceiling $3.00 per day";
        let lines: Vec<&str> = view.limits.iter().filter(|l| l.chart_label == name).map(|l| l.label.as_str()).collect();
        assert_eq!(
            lines,
            [name, "spend ceiling $3.00 per day, then the small model"],
            "two lines, their sentences apart"
        );
        for width in [390, 1000] {
            let drawn = drawn_text(&svg_of(&view, (width, 420), Theme::light(100)));
            assert_eq!(drawn.matches(name).count(), 1, "{name} is written once at {width} px: {drawn}");
        }
    }

    #[test]
    fn no_limit_goes_off_the_top_so_the_capped_lines_get_the_height() {
        let view = toy_view(&[]);
        let theme = Theme::light(100);
        let svg = svg_of(&view, (1000, 420), theme);
        let budget = view.lines.iter().position(|l| l.policy == "dailyBudget").unwrap();
        let colour = hex(line_colour(&theme, budget));
        let ys: Vec<i32> = svg
            .lines()
            .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
            .flat_map(|l| {
                l.split("points=\"")
                    .nth(1)
                    .unwrap_or("")
                    .split(['"', ' '])
                    .filter_map(|p| p.split(',').nth(1)?.parse().ok())
                    .collect::<Vec<i32>>()
            })
            .collect();
        let rise = ys.iter().max().unwrap_or(&0) - ys.iter().min().unwrap_or(&0);
        assert!(rise > 420 / 5, "the $0.91 line rises {rise} px of 420: more than the bottom fifth");
        let drawn = drawn_text(&svg);
        let off: Vec<usize> = (0..view.lines.len()).filter(|&i| view.lines[i].bill == "$9.97").collect();
        let words = "\u{2191} $9.97 by the end";
        // Written once for the lines at $9.97 (the request limit never touches the heavy
        // user: its line is no limit's), their markers before it.
        assert_eq!(drawn.matches(words).count(), 1, "{words} once for the {} lines at $9.97: {drawn}", off.len());
        let boxes = text_boxes(&svg);
        let (_, (x0, y0, _, y1), _) = boxes.iter().find(|(text, ..)| text == words).expect("the label is drawn");
        let font = crate::frame::font_for(1000, &theme) as i32;
        let before = markers_in(&svg, (x0 - (font + 6) * off.len() as i32, y0 - 2, *x0, y1 + 2));
        for i in off {
            let colour = hex(line_colour(&theme, i));
            assert!(
                before.contains(&colour),
                "{}'s marker in {colour} before {words}: {before:?}",
                view.lines[i].label
            );
        }
    }

    /// The colours of the markers drawn with their centre (a polygon's or a cross's first
    /// point) inside `(x0, y0, x1, y1)` of `svg`.
    fn markers_in(svg: &str, (x0, y0, x1, y1): (i32, i32, i32, i32)) -> Vec<String> {
        let attr = |l: &str, name: &str| l.split(&format!(" {name}=\"")).nth(1)?.split('"').next().map(str::to_string);
        let num = |l: &str, name: &str| attr(l, name)?.parse::<f64>().ok().map(|v| v as i32);
        let first = |l: &str| {
            let points = attr(l, "points")?;
            let (x, y) = points.split_whitespace().next()?.split_once(',')?;
            Some((x.parse::<f64>().ok()? as i32, y.parse::<f64>().ok()? as i32))
        };
        svg.lines()
            .filter_map(|l| {
                let at = match l.split(' ').next()? {
                    "<circle" => (num(l, "cx")?, num(l, "cy")?),
                    "<rect" => (num(l, "x")? + num(l, "width")? / 2, num(l, "y")? + num(l, "height")? / 2),
                    "<polygon" | "<polyline" => first(l)?,
                    _ => return None,
                };
                let colour = attr(l, "fill").filter(|c| c != "none").or_else(|| attr(l, "stroke"))?;
                (at.0 >= x0 && at.0 <= x1 && at.1 >= y0 && at.1 <= y1).then_some(colour)
            })
            .collect()
    }

    /// The segments of the polylines stroked in `colour` in `svg`.
    fn segments(svg: &str, colour: &str) -> Vec<((i32, i32), (i32, i32))> {
        let point = |p: &str| {
            let (x, y) = p.split_once(',')?;
            Some((x.parse::<f64>().ok()? as i32, y.parse::<f64>().ok()? as i32))
        };
        svg.lines()
            .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
            .filter_map(|l| l.split("points=\"").nth(1)?.split('"').next())
            .flat_map(|points| {
                let points: Vec<(i32, i32)> = points.split_whitespace().filter_map(point).collect();
                points.windows(2).map(|w| (w[0], w[1])).collect::<Vec<_>>()
            })
            .collect()
    }

    #[test]
    fn a_limits_label_is_not_written_across_a_line_that_climbs_the_plot_in_one_segment() {
        // A replayed day: a batch job's 60 calls in its first hour climb the no-limit line in
        // a few long segments, then five users call now and then into the afternoon.
        let mut csv = String::from("time,user,model,input_tokens,output_tokens\n");
        for i in 0..60u64 {
            csv.push_str(&format!("{},batch,claude-sonnet-4-6,40000,2000\n", 1_746_086_400 + i * 60));
        }
        for i in 0..40u64 {
            csv.push_str(&format!("{},user{},claude-haiku-4-5,20000,1000\n", 1_746_090_000 + i * 600, i % 5));
        }
        let log = billsim_core::replay::read(csv.as_bytes(), &Default::default()).unwrap();
        let run = billsim_core::replay::run::run(&log, None, None, Record::default()).unwrap();
        let view = billsim_core::replay::view::view(&run).unwrap().over_time;
        let label = (view.limits.iter().find(|l| !l.above).map(|l| l.chart_label.clone()))
            .unwrap_or_else(|| panic!("the day's budget line is on the scale: {:?}", view.money_ticks.last()));
        for size in [(366, 512), (672, 384)] {
            let theme = Theme::light(100);
            let svg = svg_of(&view, size, theme);
            let boxes = text_boxes(&svg);
            let (_, (x0, y0, x1, y1), _) =
                boxes.iter().find(|(text, ..)| label.starts_with(text.as_str())).expect("the budget's label is drawn");
            for (i, line) in view.lines.iter().enumerate() {
                for ((ax, ay), (bx, by)) in segments(&svg, &hex(line_colour(&theme, i))) {
                    let steps = (ax - bx).abs().max((ay - by).abs()).max(1);
                    let crosses = (0..=steps).any(|k| {
                        let (x, y) = (ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps);
                        x > *x0 && x < *x1 && y > *y0 && y < *y1
                    });
                    assert!(
                        !crosses,
                        "at {size:?}: {:?}'s line crosses {label:?} at {x0}..{x1}, {y0}..{y1}",
                        line.label
                    );
                }
            }
        }
    }

    /// How many pixels of the lines stroked in `colour` in `svg` lie inside the box.
    fn length_under(svg: &str, colour: &str, (x0, y0, x1, y1): (i32, i32, i32, i32)) -> i32 {
        let inside = |&(x, y): &(i32, i32)| x > x0 && x < x1 && y > y0 && y < y1;
        let pixels = segments(svg, colour).into_iter().flat_map(|(a, b)| evenly_along(&[a, b], 1).into_iter().skip(1));
        pixels.filter(inside).count() as i32
    }

    #[test]
    fn a_trips_label_crosses_the_climbing_lines_rather_than_hiding_a_flat_one_along_its_length() {
        // At 390 px lesson 003's "breaker trips at 00:17" lay right of its ring along the
        // hourly ceiling's line, flat at $1.00 for half an hour, and hid it: the lines'
        // own points, a pixel apart where they climb, counted a quiet line four times less.
        let tier = find("freeTier").unwrap();
        let view = over_time(&run(tier, 0, &Values::defaults(tier), None, Record::default()).unwrap()).unwrap();
        let theme = Theme::light(100);
        let mut checked = 0;
        for size in [(366, 512), (672, 384)] {
            let svg = svg_of(&view, size, theme);
            let boxes = text_boxes(&svg);
            for event in &view.events {
                let Some((x0, y0, x1, y1)) = event_label(&boxes, event) else { continue };
                for (i, line) in view.lines.iter().enumerate() {
                    let hidden = length_under(&svg, &hex(line_colour(&theme, i)), (x0, y0, x1, y1));
                    assert!(
                        hidden * 3 < x1 - x0,
                        "at {size:?}: {:?} hides {hidden} px of {:?}'s line under its {} px",
                        event.label,
                        line.label,
                        x1 - x0
                    );
                }
                checked += 1;
            }
        }
        assert!(checked >= 3, "{checked} trips' labels checked");
    }

    #[test]
    fn each_line_off_the_scale_has_its_bill_written_by_its_own_marker_on_a_phone_and_a_desk() {
        // Lesson 001's demo day: four lines leave its $0.0015 scale within minutes. With their
        // names written out, their labels stacked three lines each down over the lines.
        let hackathon = find("hackathon").unwrap();
        let run = run(hackathon, 0, &Values::defaults(hackathon), None, Record::default()).unwrap();
        let view = over_time(&run).unwrap();
        let off: Vec<(usize, &Mark)> =
            view.lines.iter().enumerate().filter_map(|(i, l)| Some((i, l.off_scale.as_ref()?))).collect();
        assert_eq!(off.len(), 4, "four lines off the scale: {:?}", off);
        // The widget's canvas on a 390 px phone and in a 672 px column (bill-widget-styles.js).
        for size in [(366, 512), (672, 384)] {
            let theme = Theme::light(100);
            let svg = svg_of(&view, size, theme);
            let boxes = text_boxes(&svg);
            let font = crate::frame::font_for(size.0 as i32, &theme);
            for &(i, mark) in &off {
                let colour = hex(line_colour(&theme, i));
                let written = boxes.iter().filter(|(text, ..)| *text == mark.label).collect::<Vec<_>>();
                // Lines whose bills read alike: one label, their markers before it.
                let alike = off.iter().filter(|(_, m)| m.label == mark.label).count() as i32;
                assert_eq!(written.len(), 1, "at {size:?}: {:?} is written once for its {alike} lines", mark.label);
                let by_marker = written.iter().any(|(_, (x0, y0, _, y1), _)| {
                    markers_in(&svg, (x0 - (font as i32 + 6) * alike, y0 - 2, *x0, y1 + 2)).contains(&colour)
                });
                assert!(
                    by_marker,
                    "at {size:?}: {:?} of {} is written by its marker in {colour} ({} written)",
                    mark.label,
                    view.lines[i].label,
                    written.len()
                );
                // Above the $0.001 cap line: at 672 px "↑ $2.23 by the end" stood 95 px down,
                // under it, as if a value there. (Not yet on a phone: at 366 px the top has
                // room for one beside the others.)
                if size.0 < 600 {
                    continue;
                }
                let cap = boxes.iter().find(|(text, ..)| text == "$0.001").map(|(_, b, _)| (b.1 + b.3) / 2);
                let cap = cap.expect("the cap's gridline is labelled");
                let (_, (_, _, _, foot), _) = written[0];
                assert!(*foot <= cap, "at {size:?}: {:?} reaches {foot} px, under the cap line at {cap}", mark.label);
            }
        }
    }

    #[test]
    fn each_trip_is_marked_on_the_time_axis_under_its_ring() {
        let free = find("freeTier").unwrap();
        let view = over_time(&run(free, 0, &Values::defaults(free), None, Record::default()).unwrap()).unwrap();
        assert!(!view.events.is_empty(), "lesson 003's breaker trips");
        for size in [(390, 420), (1000, 420)] {
            let svg = svg_of(&view, size, Theme::light(100));
            let num = |l: &str, name: &str| -> Option<i32> {
                l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse::<f64>().ok().map(|v| v as i32)
            };
            let rings: Vec<i32> = svg
                .lines()
                .filter(|l| l.starts_with("<circle") && l.contains("r=\"7\""))
                .filter_map(|l| num(l, "cx"))
                .collect();
            // A triangle in the text colour: its first point is its tip, at the moment.
            let tips: Vec<i32> = svg
                .lines()
                .filter(|l| l.starts_with("<polygon") && l.contains("fill=\"#1A1A1A\""))
                .filter_map(|l| l.split("points=\"").nth(1)?.split(',').next()?.parse().ok())
                .collect();
            assert_eq!(tips.len(), view.events.len(), "a triangle per moment at {size:?}");
            for x in &rings {
                assert!(tips.contains(x), "the ring at x {x} has its triangle on the axis: {tips:?}");
            }
        }
    }

    #[test]
    fn each_line_has_its_own_marker_shape_so_colour_is_not_the_only_cue() {
        let view = toy_view(&[]);
        let svg = svg_of(&view, (800, 420), Theme::light(100));
        let count = |tag: &str, colour: RGBColor| {
            svg.lines().filter(|l| l.starts_with(tag) && l.contains(&format!("fill=\"{}\"", hex(colour)))).count()
        };
        let theme = Theme::light(100);
        // The legend's marker, four along the line and one at its end, each in its shape; the
        // two lines off the scale (no limit and the request limit) one more, by their bills.
        assert_eq!(count("<circle", line_colour(&theme, 0)), 7);
        assert_eq!(count("<rect", line_colour(&theme, 1)), 7);
        assert_eq!(count("<polygon", line_colour(&theme, 2)), 6);
    }
}
