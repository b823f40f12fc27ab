//! The share of the bill by kind of user: one bar per policy, split into each cohort's part
//! of that policy's bill, labelled with the bill and the requests refused. Each cohort has
//! an Okabe-Ito colour and a pattern of its own (none, stripes, cross-hatching), is named
//! in a key above the bars, and its segment carries its name and share where it fits, so
//! colour is never the only cue.

use crate::frame::{font_for, pad, sans, Frame};
use crate::key::{amount_line, draw_key, key_lines, swatch, Entry, Swatch, LARGEST};
use crate::pixels::{edges_on, painted, scaled, text_width};
use crate::rows::{draw_amount, draw_refused, fit, strip, words_end, BarEnds, Fit};
use crate::theme::{Theme, ON_BAR};
use billsim_core::views::colours::Pattern;
use billsim_core::views::share::{Bar, CohortView};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Draws `view` on `area`, with the bar of the policy named `selected` framed.
pub fn draw_share_by_cohort<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &CohortView,
    selected: &str,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, .. } = Frame::of(area, theme)?;
    // A kind of user without a role (none in the core's views) is plain, as it is honest.
    let patterns = theme.palette.patterns(&view.roles);
    let entries = entries(view, &patterns, theme);
    let layout = layout(view, &entries, selected, (w, h), theme);
    let font = layout.font;
    let gap = theme.px(1).max(1) as i32;
    draw_key(area, &entries, w - 2 * pad, (pad, pad), (font, layout.line_h), theme)?;

    // One money scale for every bar: the longest bill fills the width, less the room its
    // amount takes past its end (written inside it, the amount's plate covered half of
    // lesson 003's sockpuppets, the no-limit bill's last share), where that leaves most
    // of the width to the bars.
    // A line across the bars (lesson 002's product's monthly budget) is on the scale too.
    let bill_of = |b: &Bar| b.segments.iter().map(|s| u128::from(s.charged.0)).sum::<u128>();
    let longest_bar = view.bars.iter().max_by_key(|b| bill_of(b));
    let reference = view.reference.as_ref().map(|r| u128::from(r.at.0));
    let longest = longest_bar.map_or(0, bill_of).max(reference.unwrap_or(0));
    let amount_room = longest_bar.map_or(0, |b| text_width(&b.bill, font) + theme.px(4) as i32);
    let bars_width = match w - 2 * pad - amount_room {
        width if width * 4 >= (w - 2 * pad) * 3 => width,
        _ => w - 2 * pad,
    };
    // Where the lesson has honest users, each bar has a strip under it (their requests
    // refused), and the core's key names it.
    let strips = !view.strip_key.is_empty();
    for (i, bar) in view.bars.iter().enumerate() {
        let chosen = bar.policy == selected;
        layout.draw_labels(area, i, chosen, chosen, theme)?;
        let (y0, row_bottom) = layout.bar(i);
        let y1 = match strips {
            true => {
                let (bill_bottom, honest) = strip(y0, row_bottom, theme);
                draw_refused(area, (pad, w - pad), honest, (bar.honest_refused, bar.honest_requests), theme)?;
                bill_bottom
            }
            false => row_bottom,
        };
        let values: Vec<u64> = bar.segments.iter().map(|s| s.charged.0).collect();
        let x = edges_on(pad, bars_width, &values, longest, theme.least_segment());
        // A bill written inside its bar's end leaves the segments' words the room before it.
        let ends = BarEnds { x: &x, y0, y1 };
        let words_end = words_end(&bar.bill, &ends, w - pad, font, theme);
        let mut words = Vec::new();
        for (c, segment) in bar.segments.iter().enumerate() {
            let (x0, x1) = painted(&x, c, gap);
            if x1 <= x0 {
                continue;
            }
            let (colour, pattern) = look(view, &patterns, c, theme);
            swatch(area, colour, pattern, (x0, y0), (x1, y1), theme)?;
            // The longest label that fits in the segment: "Script 45%", else "45%".
            let room = x1.min(words_end) - x0;
            let fits = |t: &String| text_width(t, font) + 2 * pad < room && y1 - y0 >= font as i32;
            let texts = [format!("{} {}", segment.label, segment.share), segment.share.clone()];
            if let Some(text) = texts.into_iter().find(fits) {
                words.push((text, x0 + pad, colour));
            }
        }
        // The line across the bar and its strip, under the segments' words and the bill's
        // amount, whose plates break it where they meet.
        if let Some(at) = reference {
            amount_line(area, pad + scaled(at, longest, bars_width), (y0 - gap, row_bottom + gap), theme)?;
        }
        for (text, tx, colour) in words {
            let on_bar = sans(font).style(FontStyle::Bold).color(&ON_BAR);
            let ty = (y0 + y1) / 2;
            let plate = text_width(&text, font);
            // A plate under the text keeps it readable over the pattern.
            let half = font as i32 / 2 + gap;
            area.draw(&Rectangle::new([(tx - gap, ty - half), (tx + plate, ty + half)], colour.filled()))?;
            area.draw(&Text::new(text, (tx, ty), on_bar.pos(Pos::new(HPos::Left, VPos::Center))))?;
        }
        draw_amount(area, &bar.bill, &ends, w - pad, font, theme)?;
        if chosen {
            let frame = ShapeStyle::from(&theme.text).stroke_width(theme.px(2));
            area.draw(&Rectangle::new([(pad - gap * 2, y0 - gap * 2), (w - pad + gap, row_bottom + gap * 2)], frame))?;
        }
    }
    Ok(())
}

/// The rows of `view` laid out on a canvas `w` by `h` under the key of `entries`.
fn layout(view: &CohortView, entries: &[Entry], selected: &str, (w, h): (i32, i32), theme: &Theme) -> Fit {
    let pad = pad(theme);
    let texts = |name: fn(&Bar) -> &str| -> Vec<(String, String)> {
        let head = |b: &Bar| if b.policy == selected { format!("▶ {}", name(b)) } else { name(b).to_string() };
        view.bars.iter().map(|b| (head(b), b.note.clone())).collect()
    };
    // The key's lines at the largest font: at a smaller one they are no more.
    let key_lines = key_lines(entries, w - 2 * pad, theme.px(LARGEST), theme).len() as i32;
    let layout = fit((w, h), &texts(|b| &b.label), key_lines, true, theme);
    // Too narrow for a label on one line (a phone): each row is headed by the policy's short
    // name, as its button names it, so six rows fit a phone's screen; the full labels stay in
    // the sentence under the chart and in the table.
    let wrapped = layout.rows.iter().any(|r| r.name.len() > 1);
    match wrapped && view.bars.iter().all(|b| !b.name.is_empty()) {
        true => fit((w, h), &texts(|b| &b.name), key_lines, true, theme),
        false => layout,
    }
}

/// The least height in pixels of a canvas `width` pixels wide on which
/// [`draw_share_by_cohort`] writes `view` in the text of a chart that wide ([`font_for`]) or
/// larger, each bar tall enough for a line of it: a page whose bars are as many as its
/// reader's policies sizes its canvas to it (at a fixed 24rem, the replay page's six
/// policies of lesson 003 had bars 4 px high at 1000 px, and the last row cut off).
pub fn share_by_cohort_height(view: &CohortView, selected: &str, width: u32, theme: &Theme) -> u32 {
    let w = i32::try_from(width).unwrap_or(i32::MAX);
    let patterns = theme.palette.patterns(&view.roles);
    let entries = entries(view, &patterns, theme);
    let font = font_for(w, theme);
    let fits = |h: i32| {
        let l = layout(view, &entries, selected, (w, h), theme);
        l.font >= font && l.bar_h >= l.least_bar_holding_a_line(theme)
    };
    // A taller canvas never has smaller text or thinner bars: the least height that fits,
    // halving the range.
    let (mut short, mut tall) = (0, i32::from(u16::MAX));
    while tall - short > 1 {
        let mid = (short + tall) / 2;
        if fits(mid) {
            tall = mid;
        } else {
            short = mid;
        }
    }
    u32::try_from(tall).unwrap_or(0)
}

/// The key's entries: each kind of user, then the strip where the bars have one, then the
/// line across them where the view has one.
fn entries<'a>(view: &'a CohortView, patterns: &[Pattern], theme: &Theme) -> Vec<Entry<'a>> {
    let kinds = view.cohorts.iter().enumerate().map(|(c, k)| {
        let (colour, pattern) = look(view, patterns, c, theme);
        Entry { swatch: Swatch::Kind(colour, pattern), words: &k.label }
    });
    let strip = (!view.strip_key.is_empty()).then_some(Entry { swatch: Swatch::Strip, words: &view.strip_key });
    let line = view.reference.as_ref().map(|r| Entry { swatch: Swatch::Line, words: &r.words });
    kinds.chain(strip).chain(line).collect()
}

/// Cohort `c`'s colour and pattern (of `patterns`; plain for a cohort it has none for), the
/// same in its bar segments and its key entry.
fn look(view: &CohortView, patterns: &[Pattern], c: usize, theme: &Theme) -> (RGBColor, Pattern) {
    (theme.cohort(&view.roles, c), patterns.get(c).copied().unwrap_or(Pattern::Plain))
}

#[cfg(test)]
mod tests {
    use super::*;
    use billsim_core::engine::Record;
    use billsim_core::scenario::registry::find;
    use billsim_core::scenario::{run, Values};
    use billsim_core::views::colours::{Role, LIGHT};
    use billsim_core::views::share::cohort_view;

    fn view(budget: &str) -> CohortView {
        let s = find("freeTier").unwrap();
        let mut values = Values::defaults(s);
        values.set(s, "tokenBudget", budget).unwrap();
        cohort_view(&run(s, 0, &values, None, Record::default()).unwrap())
    }

    fn svg(view: &CohortView, size: (u32, u32), scale: u32) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_share_by_cohort(&root, view, "allThree", &Theme::light(scale)).unwrap();
            root.present().unwrap();
        }
        svg
    }

    #[test]
    fn every_policy_is_named_with_its_bill_and_the_selected_one_is_marked() {
        let v = view("60000");
        let drawn = crate::rows::drawn_text(&svg(&v, (800, 420), 100));
        for bar in &v.bars {
            assert!(drawn.contains(&bar.label) && drawn.contains(&bar.note), "{} is drawn: {drawn}", bar.policy);
        }
        assert!(drawn.contains("▶ All three layers"), "{drawn}");
        for c in &v.cohorts {
            assert!(drawn.contains(&c.label), "the key names {}", c.label);
        }
    }

    #[test]
    fn the_abuser_is_orange_in_every_lesson_and_each_honest_kind_has_a_colour_of_its_own() {
        let tenant = find("runawayTenant").unwrap();
        let month = cohort_view(&run(tenant, 0, &Values::defaults(tenant), None, Record::default()).unwrap());
        let toy = find("toyDay").unwrap();
        let day = cohort_view(&run(toy, 0, &Values::defaults(toy), None, Record::default()).unwrap());
        let theme = Theme::light(100);
        for v in [view("60000"), month, day] {
            let out = svg(&v, (800, 420), 100);
            let swatch = |c: &str| out.lines().any(|l| l.starts_with("<rect") && l.contains(&format!("fill=\"{c}\"")));
            for (c, cohort) in v.cohorts.iter().enumerate() {
                let want = match v.roles[c] {
                    Role::Abuser => LIGHT.abuser,
                    Role::Honest => LIGHT.cohort(&v.roles, c),
                };
                assert_eq!(theme.cohort(&v.roles, c), crate::theme::rgb(want));
                assert!(swatch(&want.hex()), "{}: {} is drawn in {}", v.title, cohort.label, want.hex());
            }
            let honest: Vec<RGBColor> = (0..v.cohorts.len())
                .filter(|&c| v.roles[c] == Role::Honest)
                .map(|c| theme.cohort(&v.roles, c))
                .collect();
            assert!(!honest.contains(&crate::theme::rgb(LIGHT.abuser)), "{}: no honest kind is orange", v.title);
            let mut distinct = honest.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), honest.len(), "{}: each honest kind its own colour", v.title);
            assert!(v.roles.contains(&Role::Abuser), "{}: the lesson names its abuser", v.title);
        }
    }

    /// A page sizes its canvas to the height the core says (the replay page's bars are as
    /// many as its reader's policies): there every row fits, in the text of a chart that
    /// wide, each bar tall enough for a line of it. At the page's old fixed 24rem, lesson
    /// 003's six policies at 1000 px had bars under 8 px and the last row cut off.
    #[test]
    fn at_the_height_it_asks_for_every_row_fits_in_its_widths_text_with_bars_that_hold_a_line() {
        let v = view("60000");
        let theme = Theme::light(100);
        let patterns = theme.palette.patterns(&v.roles);
        let entries = entries(&v, &patterns, &theme);
        for width in [288, 358, 640, 832] {
            let height = share_by_cohort_height(&v, "allThree", width, &theme);
            let l = layout(&v, &entries, "allThree", (width as i32, height as i32), &theme);
            let last = l.bar(v.bars.len() - 1).1;
            let font = font_for(width as i32, &theme);
            assert!(l.font >= font, "at {width} px, {height} px tall: text {} px, at least {font}", l.font);
            let least = l.least_bar_holding_a_line(&theme);
            assert!(l.bar_h >= least, "at {width} px, {height} px tall: bars {} px, at least {least}", l.bar_h);
            assert!(last <= height as i32, "at {width} px, {height} px tall: the last bar ends at {last}");
            assert!(height < 900, "at {width} px: {height} px tall, more than a phone's screen");
        }
        let cramped = layout(&v, &entries, "allThree", (832, 384), &theme);
        assert!(cramped.bar_h < cramped.least_bar_holding_a_line(&theme), "832 by 384 px is too short: {cramped:?}");
    }

    /// The longest bar's bill is written past its end, where it covers none of its shares
    /// (on a plate inside it, it covered half of lesson 003's sockpuppets at 1000 px).
    #[test]
    fn the_longest_bills_amount_stands_past_its_bar() {
        let fills: Vec<String> = LIGHT.honest.iter().chain([&LIGHT.abuser]).map(|c| c.hex()).collect();
        let v = view("60000");
        let longest = v.bars.iter().max_by_key(|b| b.segments.iter().map(|s| s.charged.0).sum::<u64>()).unwrap();
        for width in [390, 1000] {
            let out = svg(&v, (width, 700), 100);
            let full = crate::rows::bar_lengths(&out, &fills).into_iter().max().unwrap_or(0);
            let boxes = crate::rows::text_boxes(&out);
            let amount = boxes.iter().find(|(text, _, _)| *text == longest.bill);
            let Some((_, (x0, ..), _)) = amount else { panic!("{} is not written at {width} px", longest.bill) };
            // The bars start at the pad, 6 px in.
            assert!(*x0 > 6 + full, "at {width} px {} starts at {x0}, inside its bar of {full} px", longest.bill);
        }
    }

    #[test]
    fn money_is_length_every_bar_is_as_long_as_its_bill_on_one_scale() {
        let tenant = find("runawayTenant").unwrap();
        let month = cohort_view(&run(tenant, 0, &Values::defaults(tenant), None, Record::default()).unwrap());
        let fills: Vec<String> = LIGHT.honest.iter().chain([&LIGHT.abuser]).map(|c| c.hex()).collect();
        for v in [view("60000"), month] {
            for width in [390, 1000] {
                let lengths = crate::rows::bar_lengths(&svg(&v, (width, 700), 100), &fills);
                let bills: Vec<u64> = v.bars.iter().map(|b| b.segments.iter().map(|s| s.charged.0).sum()).collect();
                let longest = bills.iter().copied().max().unwrap_or(0).max(1);
                let full = lengths.iter().copied().max().unwrap_or(0);
                // A bill that is not zero paints at least the least segment (3 px).
                let seen: Vec<u64> = bills.into_iter().filter(|&b| b > 0).collect();
                assert_eq!(lengths.len(), seen.len(), "one painted bar per bill: {lengths:?} for {seen:?}");
                for (bill, &len) in seen.iter().zip(&lengths) {
                    let want = (*bill as f64 / longest as f64 * f64::from(full)).max(3.0);
                    assert!(
                        (f64::from(len) - want).abs() <= 1.0,
                        "{} at {width} px: a bill of {bill} nano-dollars is {len} px, not {want:.1} of {full}",
                        v.title
                    );
                }
            }
        }
    }

    #[test]
    fn each_bar_has_a_strip_of_the_honest_requests_refused_as_long_as_their_share() {
        let tier = view("60000");
        let hack = find("hackathon").unwrap();
        let demo = cohort_view(&run(hack, 0, &Values::defaults(hack), None, Record::default()).unwrap());
        for v in [tier, demo] {
            for width in [390, 1000] {
                let out = svg(&v, (width, 800), 100);
                let drawn = crate::rows::drawn_text(&out);
                // The key's swatch of the strip first, then each bar's.
                let track = w_of(&out, "#1A1A1A");
                let refused = w_of(&out, &LIGHT.refused.hex());
                let full = width as i32 - 12;
                assert_eq!(track.len(), v.bars.len() + 1, "{}: the key's and a strip under every bar", v.title);
                assert!(
                    drawn.contains(&v.strip_key) && !v.strip_key.is_empty(),
                    "{}: the key names the strip",
                    v.title
                );
                let mut refused = refused.into_iter().skip(1);
                for bar in &v.bars {
                    assert!(drawn.contains(&bar.honest), "{}: {:?} is drawn: {drawn}", v.title, bar.honest);
                    // A refusal that is not zero paints at least the least segment (3 px).
                    let want = bar.honest_refused as f64 / bar.honest_requests as f64 * f64::from(full);
                    let want = want.max(3.0);
                    if bar.honest_refused > 0 {
                        let got = refused.next().unwrap_or(0);
                        assert!(
                            (f64::from(got) - want).abs() <= 1.0,
                            "{} at {width} px, {}: {got} px of {full}, not {want:.1}",
                            v.title,
                            bar.honest
                        );
                    }
                }
                assert!(v.bars.iter().any(|b| b.honest_refused > 0), "{}: some policy refuses honest users", v.title);
            }
        }
    }

    #[test]
    fn a_kinds_share_or_a_refusal_too_small_for_a_pixel_is_still_painted_at_390_and_1000_px() {
        // On their default runs: lesson 001's honest visitors pay 0.05% of the tutorial's
        // app's bill, 0.2 px at 390 px; lesson 002's free tenants 1.8 px of the daily and
        // monthly caps' bar, and metering the request refuses 4 of 10,936 honest requests.
        let lesson = |name: &str| {
            let s = find(name).unwrap();
            cohort_view(&run(s, 0, &Values::defaults(s), None, Record::default()).unwrap())
        };
        for v in [lesson("hackathon"), lesson("runawayTenant")] {
            for width in [390, 1000] {
                for scale in [100, 200] {
                    let theme = Theme::light(scale);
                    let out = svg(&v, (width * scale / 100, 800 * scale / 100), scale);
                    let rects = |fill: RGBColor| -> Vec<(i32, i32)> {
                        let fill = format!("fill=\"#{:02X}{:02X}{:02X}\"", fill.0, fill.1, fill.2);
                        let num = |l: &str, name: &str| -> Option<i32> {
                            l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse().ok()
                        };
                        let mine = out.lines().filter(|l| l.starts_with("<rect") && l.contains(&fill));
                        mine.filter_map(|l| Some((num(l, "width")?, num(l, "height")?))).collect()
                    };
                    // The bill's bars are the tallest rectangles of the kinds' colours.
                    let colours: Vec<RGBColor> = (0..v.cohorts.len()).map(|c| theme.cohort(&v.roles, c)).collect();
                    let bar_h = colours.iter().flat_map(|&c| rects(c)).map(|r| r.1).max().unwrap_or(0);
                    for (c, &colour) in colours.iter().enumerate() {
                        let painted: Vec<i32> =
                            rects(colour).into_iter().filter(|r| r.1 == bar_h).map(|r| r.0).collect();
                        let shares = v.bars.iter().filter(|b| b.segments[c].charged.0 > 0).count();
                        let least = theme.px(2) as i32;
                        assert!(
                            painted.len() == shares && painted.iter().all(|&w| w >= least),
                            "{} at {width} px, {scale}%: {}: {shares} shares painted {painted:?} px, each at least {least}",
                            v.title,
                            v.cohorts[c].label
                        );
                    }
                    // The key's swatch of the strip first, then the bars' strips.
                    let refused: Vec<i32> =
                        rects(crate::theme::rgb(theme.palette.refused)).into_iter().skip(1).map(|r| r.0).collect();
                    let refusing = v.bars.iter().filter(|b| b.honest_refused > 0).count();
                    let least = theme.px(3) as i32;
                    assert!(
                        refused.len() == refusing && refused.iter().all(|&w| w >= least),
                        "{} at {width} px, {scale}%: {refusing} strips of honest refusals painted {refused:?} px",
                        v.title
                    );
                }
            }
        }
    }

    /// The widths of the rectangles filled in `fill`, in the order drawn.
    fn w_of(svg: &str, fill: &str) -> Vec<i32> {
        let rects = svg.lines().filter(|l| l.starts_with("<rect") && l.contains(&format!("fill=\"{fill}\"")));
        rects.filter_map(|l| l.split(" width=\"").nth(1)?.split('"').next()?.parse().ok()).collect()
    }

    #[test]
    fn on_a_phone_each_row_is_headed_by_the_policys_button_name_and_six_rows_fit_33rem_with_their_shares() {
        let v = view("60000");
        // The widget's chart on a 390 px phone: 350 to 374 px wide, 33rem high.
        for width in [350, 366, 374] {
            let out = svg(&v, (width, 528), 100);
            let drawn = crate::rows::drawn_text(&out);
            assert!(drawn.contains("▶ All three layers") && !drawn.contains("breaker $3.00"), "short names: {drawn}");
            for bar in &v.bars {
                assert!(drawn.contains(&bar.name) && drawn.contains(&bar.note), "{} is drawn: {drawn}", bar.name);
            }
            // The bars are tall enough to say whose share is whose: no limit's script.
            let script = v.bars[0].segments.iter().find(|s| s.label == "Script").unwrap();
            let share = format!("{} {}", script.label, script.share);
            assert!(drawn.contains(&share), "{width} px: {share} in its segment: {drawn}");
            // Every bill's bar is one height, the tallest of the kinds' colours (a key's
            // swatch and a share's plate are shorter).
            let fills: Vec<String> = LIGHT.honest.iter().chain([&LIGHT.abuser]).map(|c| c.hex()).collect();
            let tall = out
                .lines()
                .filter(|l| l.starts_with("<rect") && fills.iter().any(|f| l.contains(&format!("fill=\"{f}\""))))
                .filter_map(|l| l.split(" height=\"").nth(1)?.split('"').next()?.parse::<i32>().ok())
                .max()
                .unwrap_or(0);
            assert!(tall >= 12, "{width} px: each bill's bar is at least 12 px high on a phone: {tall} px");
        }
    }

    #[test]
    fn at_320_390_and_1000_pixels_wide_no_two_labels_overlap_in_any_lessons_share_by_kind() {
        let views = ["freeTier", "hackathon", "runawayTenant", "toyDay"].map(|name| {
            let s = find(name).unwrap();
            cohort_view(&run(s, 0, &Values::defaults(s), None, Record::default()).unwrap())
        });
        for v in &views {
            // The widget gives the chart 33rem on a phone and 28rem beside the controls.
            for (size, scale) in [((320, 528), 100), ((390, 528), 100), ((1000, 448), 100), ((2000, 896), 200)] {
                let overlapping = crate::rows::texts_overlapping(&svg(v, size, scale));
                assert!(overlapping.is_empty(), "{} at {size:?}: {overlapping:#?}", v.title);
            }
        }
    }

    #[test]
    fn at_200_pixels_wide_and_528_high_no_label_is_cut() {
        let v = view("60000");
        for scale in [100, 200] {
            // The widget gives the chart 33rem (528 px) on a narrow screen.
            let size = (2 * scale, 528 * scale / 100);
            let out = svg(&v, size, scale);
            let cut = crate::rows::texts_cut(&out, (size.0 as i32, size.1 as i32));
            assert!(cut.is_empty(), "at {scale}%: {cut:#?}");
        }
    }

    #[test]
    fn lesson_002s_bills_are_held_against_the_products_monthly_budget_drawn_across_every_bar() {
        let tenant = find("runawayTenant").unwrap();
        let v = cohort_view(&run(tenant, 0, &Values::defaults(tenant), None, Record::default()).unwrap());
        let line = v.reference.as_ref().expect("lesson 002's run has the product's budget");
        assert_eq!(line.words, "product's monthly budget $1,000.00");
        assert!(v.title.contains("against the product's monthly budget $1,000.00"), "{}", v.title);
        for (w, h) in [(366, 528), (672, 448)] {
            let out = svg(&v, (w, h), 100);
            assert!(crate::rows::drawn_text(&out).contains(&line.words), "{w} px: the key names the line");
            let xs: Vec<i32> = crate::rows::upright_dashes(&out).iter().filter_map(|x| x.parse().ok()).collect();
            // Where the bills' scale puts $1,000 (the longest, no cap's, past it).
            let longest = v.bars.iter().map(|b| b.segments.iter().map(|s| u128::from(s.charged.0)).sum::<u128>()).max();
            let pad = Theme::light(100).px(6) as i32;
            let room = w as i32 - 2 * pad;
            let at = |width: i32| pad + scaled(u128::from(line.at.0), longest.unwrap(), width);
            let lines: Vec<&i32> = xs.iter().filter(|&&x| (at(room * 3 / 4)..=at(room)).contains(&x)).collect();
            assert!(
                lines.len() >= 5 * 3,
                "{w} px: dashes at $1,000 ({}..{}) down every bar: {xs:?}",
                at(room * 3 / 4),
                at(room)
            );
        }
    }
}
