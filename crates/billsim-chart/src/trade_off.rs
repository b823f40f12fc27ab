//! The trade-off chart: each policy as a point, the honest users' requests it refused
//! across and its bill up, on one scale each, so a limit that cuts the bill by locking
//! honest users out sits low and to the right. Each point has its policy's colour and
//! marker shape (as its over-time line) and is labelled with its name, bill and refusals,
//! placed near it where it covers no other label and no other point. Every word and amount
//! comes from the core's [`TradeOff`]; this only places them.

use crate::frame::{pad, text_at, Frame};
use crate::markers::{draw_marker, SHAPES};
use crate::notes::{away, Align, MeasuresWords, Notes, KEEP_LINES_CLEAR};
use crate::pixels::{scaled, text_width, wrap};
use crate::theme::Theme;
use billsim_core::views::over_time::Tick;
use billsim_core::views::trade_off::TradeOff;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// Where the plot is on the canvas, and how a count and an amount map to it.
pub(crate) struct Plot {
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
    refused_top: u64,
    money_top: u64,
}

impl Plot {
    fn of(view: &TradeOff, (w, h): (i32, i32), font: u32, theme: &Theme) -> Plot {
        let pad = pad(theme);
        let line_h = font as i32 + theme.px(6) as i32;
        let label_w = view.money_ticks.iter().map(|t| text_width(&t.label, font)).max().unwrap_or(0);
        // Room for half the last count's label past the axis's end.
        let last = view.refused_ticks.last().map_or(0, |t| text_width(&t.label, font));
        Plot {
            left: pad + label_w + theme.px(6) as i32,
            top: pad + line_h + theme.px(6) as i32,
            right: w - pad - last / 2 - theme.px(2) as i32,
            bottom: h - pad - 2 * line_h - theme.px(4) as i32,
            refused_top: last_at(&view.refused_ticks),
            money_top: last_at(&view.money_ticks),
        }
    }

    /// Where a point of `refused` honest requests and a bill of `nanos` is drawn.
    pub fn at(&self, refused: u64, nanos: u64) -> (i32, i32) {
        let x = self.left
            + scaled(u128::from(refused.min(self.refused_top)), u128::from(self.refused_top), self.right - self.left);
        let y = self.bottom
            - scaled(u128::from(nanos.min(self.money_top)), u128::from(self.money_top), self.bottom - self.top);
        (x, y)
    }
}

fn last_at(ticks: &[Tick]) -> u64 {
    ticks.last().map_or(1, |t| t.at).max(1)
}

/// Draws `view` on `area`, the point of the policy named `selected` ringed and its label
/// marked.
pub fn draw_trade_off<DB: MeasuresWords>(
    area: &DrawingArea<DB, Shift>,
    view: &TradeOff,
    selected: &str,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, font, line_h } = Frame::of(area, theme)?;
    let at = |h: HPos, v: VPos| text_at(font, theme, h, v);
    let plot = Plot::of(view, (w, h), font, theme);
    let (left, top, right, bottom) = (plot.left, plot.top, plot.right, plot.bottom);

    // The axes: amounts up the left with a line across at each, counts along the bottom.
    let grid = ShapeStyle::from(&theme.text.mix(0.15)).stroke_width(1);
    let axis = ShapeStyle::from(&theme.text).stroke_width(1);
    for tick in &view.money_ticks {
        let y = plot.at(0, tick.at).1;
        area.draw(&PathElement::new(vec![(left, y), (right, y)], if tick.at == 0 { axis } else { grid }))?;
        area.draw(&Text::new(tick.label.clone(), (left - theme.px(4) as i32, y), at(HPos::Right, VPos::Center)))?;
    }
    area.draw(&PathElement::new(vec![(left, top), (left, bottom)], axis))?;
    let widest = view.refused_ticks.iter().map(|t| text_width(&t.label, font)).max().unwrap_or(0);
    let spacing = match view.refused_ticks.as_slice() {
        [a, b, ..] => plot.at(b.at, 0).0 - plot.at(a.at, 0).0,
        _ => w,
    };
    let every = (1..=view.refused_ticks.len().max(1)).find(|&k| spacing * k as i32 >= widest + theme.px(10) as i32);
    let r = theme.px(5) as i32;
    let ring = r + theme.px(4) as i32;
    let spots: Vec<(i32, i32)> = view.points.iter().map(|p| plot.at(p.honest_refused, p.bill_nanos.0)).collect();
    for tick in view.refused_ticks.iter().step_by(every.unwrap_or(1)) {
        let x = plot.at(tick.at, 0).0;
        area.draw(&PathElement::new(vec![(x, bottom), (x, bottom + theme.px(3) as i32)], axis))?;
        // A count under a point's ring is left out, the axis's others say the scale (at 320
        // px lesson 001's framed point, 247 refused at $0.001, sat on "250").
        let (half, y) = (text_width(&tick.label, font) / 2, bottom + line_h / 2 + theme.px(2) as i32);
        let covered =
            spots.iter().any(|&(px, py)| (px - x).abs() < half + ring && (py - y).abs() < font as i32 / 2 + ring);
        if !covered {
            area.draw(&Text::new(tick.label.clone(), (x, y), at(HPos::Center, VPos::Center)))?;
        }
    }
    // The axes' words: up at the top left, across at the bottom right.
    area.draw(&Text::new(format!("\u{2191} {}", view.up), (pad, pad + line_h / 2), at(HPos::Left, VPos::Center)))?;
    let across = format!("{} \u{2192}", view.across);
    let x_words = (w - pad - text_width(&across, font)).max(pad);
    area.draw(&Text::new(across, (x_words, h - pad - line_h / 2), at(HPos::Left, VPos::Center)))?;

    // The labels are placed first (one for the points of the same bill and refusals, their
    // names together; the selected point's first, so it always has its place; none covers
    // a point or another label), then drawn over the points, each far from its point with
    // a line to it under the points.
    let gap = theme.px(3) as i32;
    let taken = spots.iter().map(|&(x, y)| (x - ring, y - ring, x + ring, y + ring)).collect();
    // The labels keep a gap from the axis lines, which their boxes would otherwise cover (at
    // 320 px lesson 002's "block", a label's second line, wiped out the line across).
    let plot_of_notes = (left + gap, top, right, bottom - gap);
    let mut notes =
        Notes { taken, lines: spots.iter().map(|&spot| vec![spot]).collect(), plot: plot_of_notes, font, line_h };
    let room = (right - left).min(theme.px(300) as i32).max(font as i32 * 4);
    let mut labels: Vec<(Vec<String>, (i32, i32), Align)> = Vec::new();
    let leader = ShapeStyle::from(&theme.text.mix(0.6)).stroke_width(theme.px(1));
    for group in groups(view, selected) {
        let names = group.iter().map(|&i| &view.points[i]).map(|p| match p.policy == selected {
            true => format!("\u{25B6} {}", p.name),
            false => p.name.clone(),
        });
        let (p, (x, y)) = (&view.points[group[0]], spots[group[0]]);
        let names: Vec<String> = names.collect();
        // The name alone as wide as the room, then half as wide (more lines, less across:
        // lesson 003's "All three, degrade after the trip" on one line found no room by its
        // point, hemmed in by the selected label, and was written above the next point).
        let wrapped = |room: i32, numbers: bool| -> Vec<String> {
            let note = numbers.then_some(&p.note).into_iter();
            names.iter().chain(note).flat_map(|n| wrap(n, font, room)).collect()
        };
        let narrow = (room / 2).max(font as i32 * 4);
        let (full, names) = (wrapped(room, true), wrapped(room, false));
        // Within three lines of its point, the name and the numbers, or where the plot is
        // too crowded for them, the name alone at the best place near it (the sentences and
        // the table keep the numbers); where even that has no room, the name alone at the
        // nearest free place, with a line to it. A label far from its point reads as
        // another's: at 390 px lesson 002's five full labels stood in a column at the left.
        let beside = |width: i32, height: i32| {
            vec![
                (x + ring + gap, y - height / 2),
                (x - ring - gap - width, y - height / 2),
                (x - width / 2, y - ring - gap - height),
                (x - width / 2, y + ring + gap),
            ]
        };
        // And not by another point, nearer it than its own (by more than half a line: points
        // a few pixels apart share their neighbourhood): there a label read as that one's,
        // its line to its own a tail (at 390 px lesson 003's "Bucket and budget" stood by
        // the framed "degrade after the trip"). Where no free place is, the nearest to it.
        let others: Vec<(i32, i32)> = spots.iter().copied().filter(|&o| o != (x, y)).collect();
        let reads_as_own = |at: (i32, i32), size: (i32, i32)| {
            let own = away((x, y), at, size);
            others.iter().map(|&o| away(o, at, size)).all(|other| other >= line_h || other + line_h / 2 >= own)
        };
        let (width, height) = notes.size(&names);
        let nearby = beside(width, height);
        let placed = [(full, 3 * line_h), (names.clone(), i32::MAX), (wrapped(narrow, false), i32::MAX)]
            .into_iter()
            .find_map(|(lines, near)| {
                let size = notes.size(&lines);
                let own = |at| reads_as_own(at, size);
                let at = notes.place_near_where(size.0, size.1, beside(size.0, size.1), KEEP_LINES_CLEAR, &own)?;
                if away((x, y), at, size) > near {
                    notes.give_back();
                    return None;
                }
                Some((lines, at, size))
            })
            // The name alone found no place near (`place_near` just said so): anywhere free.
            .or_else(|| {
                let own = |at| reads_as_own(at, (width, height));
                let at = (notes.place_anywhere_where(width, height, &nearby, &own))
                    .or_else(|| notes.place_anywhere(width, height, nearby.first().copied()))?;
                Some((names, at, (width, height)))
            });
        let Some((lines, (lx, ly), (width, height))) = placed else { continue };
        let (cx, cy) = (x.clamp(lx, lx + width), y.clamp(ly, ly + height));
        if (cx - x).pow(2) + (cy - y).pow(2) > (ring + 2 * gap).pow(2) {
            area.draw(&PathElement::new(vec![(x, y), (cx, cy)], leader))?;
        }
        labels.push((lines, (lx, ly), Align::toward(x, lx, width)));
    }
    for (i, (p, &(x, y))) in view.points.iter().zip(&spots).enumerate() {
        draw_marker(area, SHAPES[i % SHAPES.len()], (x, y), r, theme.policy(i), theme)?;
        if p.policy == selected {
            area.draw(&Circle::new((x, y), ring, ShapeStyle::from(&theme.text).stroke_width(theme.px(2))))?;
        }
    }
    for (lines, at, align) in labels {
        notes.draw(area, &lines, at, align, theme)?;
    }
    Ok(())
}

/// The points in groups of the same bill and refusals (drawn at one place, named in one
/// label), the selected point's group first.
fn groups(view: &TradeOff, selected: &str) -> Vec<Vec<usize>> {
    let key = |i: usize| (view.points[i].honest_refused, view.points[i].bill_nanos);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..view.points.len() {
        match groups.iter_mut().find(|g| key(g[0]) == key(i)) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    // The selected point's group moved to the front, the rest in order (a stable sort by
    // one flag would do the same, with the standard library's 7 KB stable sort).
    if let Some(at) = groups.iter().position(|g| g.iter().any(|&i| view.points[i].policy == selected)) {
        groups[..=at].rotate_right(1);
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frame::font_for;
    use crate::rows::{drawn_text, texts_cut, texts_overlapping};
    use billsim_core::engine::Nanos;
    use billsim_core::engine::Record;
    use billsim_core::scenario::{registry::find, run, Values};
    use billsim_core::views::trade_off::{trade_off, Point};

    fn view(name: &str, set: &[(&str, &str)]) -> TradeOff {
        let s = find(name).unwrap();
        let mut values = Values::defaults(s);
        for (k, v) in set {
            values.set(s, k, v).unwrap();
        }
        trade_off(&run(s, 0, &values, None, Record::default()).unwrap())
    }

    fn svg(view: &TradeOff, size: (u32, u32), theme: Theme) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            let selected = view.points.last().map_or("", |p| p.policy.as_str());
            draw_trade_off(&root, view, selected, &theme).unwrap();
            root.present().unwrap();
        }
        svg
    }

    /// The lessons' views whose policies refuse honest users, at their defaults and moved.
    fn views() -> Vec<TradeOff> {
        vec![
            view("freeTier", &[]),
            view("freeTier", &[("breakerDollars", "6"), ("sockpuppets", "200")]),
            view("hackathon", &[]),
            view("hackathon", &[("capDollars", "0.001")]),
            view("runawayTenant", &[]),
        ]
    }

    #[test]
    fn the_selected_points_group_comes_first_and_the_others_keep_their_order() {
        let mut v = view("hackathon", &[]);
        let point = v.points[0].clone();
        // Five points: bills 1, 2, 1, 3, 2 give the groups [0, 2], [1, 4], [3].
        v.points = [1, 2, 1, 3, 2]
            .iter()
            .enumerate()
            .map(|(i, &bill)| Point { policy: format!("p{i}"), bill_nanos: Nanos(bill), ..point.clone() })
            .collect();
        let order = |selected: &str| groups(&v, selected);
        assert_eq!(order("p3"), vec![vec![3], vec![0, 2], vec![1, 4]], "p3's group first");
        assert_eq!(order("p4"), vec![vec![1, 4], vec![0, 2], vec![3]], "p4's group first");
        assert_eq!(order("p0"), vec![vec![0, 2], vec![1, 4], vec![3]], "already first");
        assert_eq!(order("none"), vec![vec![0, 2], vec![1, 4], vec![3]], "no point selected");
    }

    #[test]
    fn at_320_390_and_1000_pixels_wide_no_two_labels_overlap_and_none_is_cut() {
        for v in views() {
            for size in [(320, 368), (390, 368), (1000, 320)] {
                for theme in [Theme::light(100), Theme::dark(100), Theme::light(200)] {
                    let size = (size.0 * theme.scale_percent / 100, size.1 * theme.scale_percent / 100);
                    let out = svg(&v, size, theme);
                    let overlapping = texts_overlapping(&out);
                    assert!(overlapping.is_empty(), "{} at {size:?}: {overlapping:#?}", v.title);
                    let cut = texts_cut(&out, (size.0 as i32, size.1 as i32));
                    assert!(cut.is_empty(), "{} at {size:?}: {cut:#?}", v.title);
                }
            }
        }
    }

    #[test]
    fn no_label_in_the_plot_is_written_over_its_axes() {
        for v in views() {
            for (w, h) in [(320, 368), (390, 368), (1000, 320)] {
                let theme = Theme::light(100);
                let plot = Plot::of(&v, (w, h), font_for(w, &theme), &theme);
                let out = svg(&v, (w as u32, h as u32), theme);
                for (text, (x0, y0, x1, y1), _) in crate::rows::text_boxes(&out) {
                    let crosses = x0 <= plot.left && plot.left < x1 && y0 < plot.bottom && plot.top < y1;
                    assert!(
                        !crosses,
                        "{} at {w}: {text:?} at {x0}..{x1} is written over the axis at x = {}",
                        v.title, plot.left
                    );
                }
                // A label's box of the background (LABEL_BACKING) stops above the line across.
                let num = |l: &str, name: &str| -> Option<i32> {
                    l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse::<f64>().ok().map(|v| v as i32)
                };
                let boxes: Vec<&str> =
                    out.lines().filter(|l| l.starts_with("<rect") && l.contains(" opacity=\"0.85\"")).collect();
                assert!(!boxes.is_empty(), "{} at {w}: the labels' boxes are found", v.title);
                for l in boxes {
                    let low = num(l, "y").zip(num(l, "height")).map(|(y, h)| y + h);
                    assert!(
                        low.is_some_and(|low| low < plot.bottom),
                        "{} at {w}: a label's box {l} reaches the axis at y = {}",
                        v.title,
                        plot.bottom
                    );
                }
            }
        }
    }

    #[test]
    fn no_count_along_the_bottom_is_written_under_a_points_ring() {
        for v in views() {
            for (w, h) in [(296, 416), (320, 368), (390, 368), (1000, 320)] {
                let theme = Theme::light(100);
                let plot = Plot::of(&v, (w, h), font_for(w, &theme), &theme);
                let out = svg(&v, (w as u32, h as u32), theme);
                let ring = theme.px(9) as i32;
                let spots: Vec<(i32, i32)> =
                    v.points.iter().map(|p| plot.at(p.honest_refused, p.bill_nanos.0)).collect();
                let counts = crate::rows::text_boxes(&out).into_iter().filter(|(t, (_, y0, _, _), _)| {
                    *y0 > plot.bottom && v.refused_ticks.iter().any(|tick| &tick.label == t)
                });
                for (text, (x0, y0, x1, y1), _) in counts {
                    let under =
                        spots.iter().find(|&&(x, y)| x + ring > x0 && x - ring < x1 && y + ring > y0 && y - ring < y1);
                    assert!(
                        under.is_none(),
                        "{} at {w}: the count {text:?} at {x0}..{x1}, {y0}..{y1} is under the point at {under:?}",
                        v.title
                    );
                }
            }
        }
    }

    /// The widget's trade-off canvases: a phone's (390 px wide, 26rem high) and a
    /// desktop's (the widget's 42rem column, 22rem high).
    const PHONE: (u32, u32) = (366, 416);
    const DESKTOP: (u32, u32) = (672, 352);

    #[test]
    fn every_point_is_named_and_the_selected_one_has_its_bill_and_refusals() {
        for v in views() {
            let selected = v.points.last().unwrap();
            for size in [PHONE, DESKTOP] {
                // Crowded, a label may keep only its name; the selected one is placed first.
                let drawn = drawn_text(&svg(&v, size, Theme::light(100)));
                for p in &v.points {
                    assert!(drawn.contains(&p.name), "{}: {} is named at {size:?}: {drawn}", v.title, p.name);
                }
                let marked = format!("\u{25B6} {}", selected.name);
                assert!(drawn.contains(&marked), "{}: the selected is marked at {size:?}: {drawn}", v.title);
                assert!(drawn.contains(&selected.note), "{}: {} at {size:?}: {drawn}", v.title, selected.note);
            }
        }
    }

    #[test]
    fn on_a_phone_each_labels_numbers_stand_within_five_lines_of_its_point() {
        let theme = Theme::light(100);
        let font = font_for(PHONE.0 as i32, &theme);
        let line_h = font as i32 + theme.px(6) as i32;
        for v in views() {
            let out = svg(&v, PHONE, theme);
            let plot = Plot::of(&v, (PHONE.0 as i32, PHONE.1 as i32), font, &theme);
            let boxes = crate::rows::text_boxes(&out);
            let mut near = 0;
            for p in &v.points {
                let (x, y) = plot.at(p.honest_refused, p.bill_nanos.0);
                // The numbers' line (their first, if they wrap), at the foot of the label.
                let note =
                    boxes.iter().find(|(text, _, _)| text.contains('\u{B7}') && p.note.starts_with(text.as_str()));
                let Some((_, (x0, y0, x1, y1), _)) = note else { continue };
                let away = away((x, y), (*x0, *y0), (x1 - x0, y1 - y0));
                // The label within three lines, so its numbers within five, under a name of up
                // to two. Lesson 002's selected label stood 10 lines above its point before.
                assert!(away <= 5 * line_h, "{}: {} is {away} px from its point (a line is {line_h})", v.title, p.note);
                near += 1;
            }
            assert!(near >= 2, "{}: {near} labels with their numbers at 390 px", v.title);
        }
    }

    /// Lesson 003's trade-off in a widget 670 px wide at twice the pixels (a 1000 px page):
    /// every name's first line within three lines of its point, where "All three, degrade
    /// after the trip", hemmed in by the selected label, stood above the next point.
    #[test]
    fn on_a_wide_screen_each_name_stands_within_three_lines_of_its_point() {
        let (theme, size) = (Theme::light(200), (1340, 700));
        let font = font_for(size.0 as i32, &theme);
        let line_h = font as i32 + theme.px(6) as i32;
        let v = view("freeTier", &[]);
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
            draw_trade_off(&root, &v, "allThree", &theme).unwrap();
            root.present().unwrap();
        }
        let plot = Plot::of(&v, (size.0 as i32, size.1 as i32), font, &theme);
        let boxes = crate::rows::text_boxes(&out);
        for p in &v.points {
            let (x, y) = plot.at(p.honest_refused, p.bill_nanos.0);
            // Its label's lines: the name's first, and the numbers' when they are written.
            let lines = boxes.iter().filter(|(text, _, _)| {
                let text = text.trim_start_matches("\u{25B6} ");
                p.name.starts_with(text) || (text.contains('\u{B7}') && p.note.starts_with(text))
            });
            let away = lines.map(|(_, (x0, y0, x1, y1), _)| away((x, y), (*x0, *y0), (x1 - x0, y1 - y0))).min();
            let Some(away) = away else { panic!("{} is not named: {boxes:?}", p.name) };
            assert!(away <= 3 * line_h, "{} is {away} px from its point (a line is {line_h})", p.name);
        }
    }

    #[test]
    fn no_name_stands_by_another_point_nearer_than_its_own_whichever_policy_is_framed() {
        // At 390 px, with lesson 003's "degrade after the trip" framed, "Bucket and budget"
        // stood beside the framed point's ring, its line to its own point a tail under it.
        let theme = Theme::light(100);
        let mut checked = 0;
        // Not lesson 002's: at 366 px its points of $552 to $1,668 leave "Meter the request
        // only" no free place but by another point (docs/benchmarks.md, issue 22's notes).
        for v in views().into_iter().filter(|v| !v.title.contains("runaway tenant")) {
            for size in [PHONE, (576, 416), (672, 384)] {
                let font = font_for(size.0 as i32, &theme);
                let plot = Plot::of(&v, (size.0 as i32, size.1 as i32), font, &theme);
                let at: Vec<(i32, i32)> = v.points.iter().map(|p| plot.at(p.honest_refused, p.bill_nanos.0)).collect();
                for framed in &v.points {
                    let mut out = String::new();
                    {
                        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
                        draw_trade_off(&root, &v, &framed.policy, &theme).unwrap();
                        root.present().unwrap();
                    }
                    let boxes = crate::rows::text_boxes(&out);
                    // A label's lines, as the chart wraps its name and numbers.
                    let room = (plot.right - plot.left).min(theme.px(300) as i32).max(font as i32 * 4);
                    let narrow = (room / 2).max(font as i32 * 4);
                    for (i, p) in v.points.iter().enumerate() {
                        let pieces: Vec<String> = [room, narrow]
                            .into_iter()
                            .flat_map(|room| [wrap(&p.name, font, room), wrap(&p.note, font, room)].concat())
                            .collect();
                        let lines: Vec<_> = boxes
                            .iter()
                            .filter(|(text, ..)| pieces.iter().any(|l| l == text.trim_start_matches("\u{25B6} ")))
                            .map(|(_, b, _)| *b)
                            .collect();
                        if lines.is_empty() {
                            continue;
                        }
                        let from = |(x, y): (i32, i32)| {
                            lines
                                .iter()
                                .map(|&(x0, y0, x1, y1)| away((x, y), (x0, y0), (x1 - x0, y1 - y0)))
                                .min()
                                .unwrap()
                        };
                        // Points of one bill and refusals share a label.
                        let others = at.iter().filter(|&&o| o != at[i]).map(|&o| from(o)).min().unwrap_or(i32::MAX);
                        let line_h = font as i32 + theme.px(6) as i32;
                        assert!(
                            others >= line_h || from(at[i]) <= others + line_h / 2,
                            "{} at {size:?}, {} framed: {:?} is {} px from its point, {others} from another's",
                            v.title,
                            framed.policy,
                            p.name,
                            from(at[i])
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 100, "{checked} names checked");
    }

    #[test]
    fn each_point_is_drawn_where_its_refusals_and_bill_put_it_on_the_axes() {
        let theme = Theme::light(100);
        for v in views() {
            let size = (1000, 320);
            let out = svg(&v, size, theme);
            let plot = Plot::of(&v, (1000, 320), font_for(1000, &theme), &theme);
            for (i, p) in v.points.iter().enumerate() {
                let (x, y) = plot.at(p.honest_refused, p.bill_nanos.0);
                // The first shape is a circle, the second a square: their centres.
                let fill = format!("fill=\"{}\"", theme.palette.policy(i).hex());
                let centre = match i % SHAPES.len() {
                    0 => centre_of(&out, "<circle", &fill, ("cx", "cy"), 0),
                    1 => centre_of(&out, "<rect", &fill, ("x", "y"), theme.px(5) as i32),
                    _ => continue,
                };
                assert_eq!(
                    centre,
                    Some((x, y)),
                    "{}: {} at {} refused, {}",
                    v.title,
                    p.policy,
                    p.honest_refused,
                    p.bill
                );
                let want_x = plot.left as f64
                    + p.honest_refused as f64 / last_at(&v.refused_ticks) as f64 * f64::from(plot.right - plot.left);
                assert!((f64::from(x) - want_x).abs() <= 1.0, "{}: x {x} against {want_x:.1}", p.policy);
            }
        }
    }

    /// The centre of the first element `tag` filled as `fill`: its (`x`, `y`) attributes
    /// plus `offset` (a square's corner is its centre less its half side).
    fn centre_of(svg: &str, tag: &str, fill: &str, (x, y): (&str, &str), offset: i32) -> Option<(i32, i32)> {
        let line = svg.lines().find(|l| l.starts_with(tag) && l.contains(fill))?;
        let num = |name: &str| line.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse::<i32>().ok();
        Some((num(x)? + offset, num(y)? + offset))
    }
}
