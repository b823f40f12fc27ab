//! Lesson 001's client's view: each run of the tutorial's `demo.py` as the answers its
//! client gets, one tile per request (200 in the honest users' colour, 429 in the refused
//! colour, with its `Retry-After`), and where the check-only cap is passed, the day's spend
//! after each answer against the dashed cap line, the part past it in the refused colour.
//! Every word and amount comes from the core's [`ClientView`]; this only places them.

use crate::frame::{sans, Frame};
use crate::pixels::{edges_on, scaled, text_width, wrap};
use crate::theme::{rgb, Theme};
use billsim_core::lessons::hackathon::client_view::{ClientDay, ClientRun, ClientView, KindAnswers, Response};
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What every section of the chart draws with: the area's width, its padding, font and
/// line height.
struct Layout {
    w: i32,
    pad: i32,
    font: u32,
    line_h: i32,
    gap: i32,
    room: i32,
}

/// Draws `view` on `area`: the tutorial's runs, then the day's answers by kind of user and
/// its calls to the cap, where the view has the day. Its words wrap to the area's width, so
/// the height the drawing takes depends on it: that height is returned, in pixels (more
/// than the area's own when the area is too short, the rest cut off). Laid out on an area
/// that draws nothing, it says how tall a canvas to draw it on.
pub fn draw_client<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &ClientView,
    theme: &Theme,
) -> Result<u32, DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, pad, font, line_h, .. } = Frame::of(area, theme)?;
    let gap = theme.px(4) as i32;
    let at = Layout { w, pad, font, line_h, gap, room: w - 2 * pad };
    let mut y = pad;
    for run in &view.runs {
        y = draw_run(area, run, theme, &at, y)?;
    }
    if let Some(day) = &view.day {
        y = draw_day(area, day, theme, &at, y)?;
        if let Some(cap) = &day.cap {
            y = draw_run(area, cap, theme, &at, y)?;
        }
    }
    Ok(u32::try_from(y + pad).unwrap_or(0))
}

/// `lines` one under the other from `(x, y)`.
fn write<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    theme: &Theme,
    at: &Layout,
    lines: &[String],
    x: i32,
    y: i32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let text = sans(at.font).color(&theme.text).pos(Pos::new(HPos::Left, VPos::Center));
    for (l, words) in lines.iter().enumerate() {
        area.draw(&Text::new(words.clone(), (x, y + l as i32 * at.line_h + at.line_h / 2), text.clone()))?;
    }
    Ok(())
}

/// Each kind of user's answers over the day: its words, then a bar of its 200s and 429s
/// (those of the request limit lighter than the cap's), on one scale for every kind (the
/// kind with the most requests fills the width). Returns the y under it.
fn draw_day<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    day: &ClientDay,
    theme: &Theme,
    at: &Layout,
    mut y: i32,
) -> Result<i32, DrawingAreaErrorKind<DB::ErrorType>> {
    let heading = wrap(&day.heading, at.font, at.room);
    write(area, theme, at, &heading, at.pad, y)?;
    y += heading.len() as i32 * at.line_h + at.gap;
    let total = |k: &KindAnswers| u128::from(k.ok) + u128::from(k.limited) + u128::from(k.capped);
    let most = day.kinds.iter().map(total).max().unwrap_or(0);
    let bar_h = theme.px(14) as i32;
    let served = rgb(theme.palette.honest[0]);
    let refused = rgb(theme.palette.refused);
    for kind in &day.kinds {
        let words = wrap(&format!("{}: {}", kind.label, kind.words), at.font, at.room);
        write(area, theme, at, &words, at.pad, y)?;
        y += words.len() as i32 * at.line_h;
        let counts = [kind.ok, kind.limited, kind.capped].map(u64::from);
        let x = edges_on(at.pad, at.room, &counts, most, theme.least_segment());
        for (k, colour) in [served.filled(), refused.mix(0.5).filled(), refused.filled()].into_iter().enumerate() {
            if x[k + 1] > x[k] {
                area.draw(&Rectangle::new([(x[k], y), (x[k + 1], y + bar_h)], colour))?;
            }
        }
        y += bar_h + at.gap;
    }
    Ok(y + 2 * at.gap)
}

/// One run: its heading, a tile per answer, and where the cap was passed, the spend after
/// each answer against the cap line. Returns the y under it.
fn draw_run<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    run: &ClientRun,
    theme: &Theme,
    at: &Layout,
    mut y: i32,
) -> Result<i32, DrawingAreaErrorKind<DB::ErrorType>> {
    let Layout { w, pad, font, line_h, gap, room } = *at;
    let text = sans(font).color(&theme.text).pos(Pos::new(HPos::Left, VPos::Center));
    let heading = wrap(&run.heading, font, room);
    write(area, theme, at, &heading, pad, y)?;
    y += heading.len() as i32 * line_h + gap;

    // A tile per answer: who asked, its status, its Retry-After; in one row where each
    // word fits its tile, else in rows of two, or one.
    let n = run.responses.len().max(1);
    let stripe = theme.px(4) as i32;
    let words = |r: &Response| [r.user.clone(), r.status.to_string(), r.retry.clone()];
    let widest = run.responses.iter().flat_map(words).map(|t| text_width(&t, font)).max().unwrap_or(0);
    let fits = |cols: usize| (room - gap * (cols as i32 - 1)) / cols as i32 - stripe - 2 * gap >= widest;
    let cols = [n, 2, 1].into_iter().find(|&c| c <= n && fits(c)).unwrap_or(1);
    let tile = (room - gap * (cols as i32 - 1)) / cols as i32;
    let inner = tile - stripe - 2 * gap;
    let tiles: Vec<Vec<String>> = run
        .responses
        .iter()
        .map(|r| words(r).iter().filter(|t| !t.is_empty()).flat_map(|t| wrap(t, font, inner)).collect())
        .collect();
    let tall = tiles.iter().map(Vec::len).max().unwrap_or(1) as i32 * line_h + gap;
    for (k, (r, lines)) in run.responses.iter().zip(&tiles).enumerate() {
        let (x0, y0) = (pad + (k % cols) as i32 * (tile + gap), y + (k / cols) as i32 * (tall + gap));
        let colour = rgb(if r.status == 200 { theme.palette.honest[0] } else { theme.palette.refused });
        area.draw(&Rectangle::new([(x0, y0), (x0 + tile, y0 + tall)], colour.mix(0.18).filled()))?;
        area.draw(&Rectangle::new([(x0, y0), (x0 + stripe, y0 + tall)], colour.filled()))?;
        write(area, theme, at, lines, x0 + stripe + gap, y0 + gap / 2)?;
    }
    y += n.div_ceil(cols) as i32 * (tall + gap);
    let tile = (room - gap * (n as i32 - 1)) / n as i32;

    // The spend after each answer against the cap, where the cap was passed.
    if !run.overshoot.is_empty() {
        let bar_h = theme.px(48) as i32;
        let top = run.responses.iter().map(|r| r.spent.0).chain([run.cap.0]).max().unwrap_or(1).max(1);
        // The cap's words take the line above its line: where the cap is near the top, the
        // bars move down to leave it, so they never sit on the tiles above.
        let under_top = bar_h - scaled(u128::from(run.cap.0), u128::from(top), bar_h);
        y += (line_h - under_top).max(0);
        let (bottom, cap_y) = (y + bar_h, y + under_top);
        let within = rgb(theme.palette.within);
        let over = rgb(theme.palette.refused);
        let bar = tile.min(theme.px(40) as i32);
        // Each spend is written beside its bar where every one fits there, else under it
        // (a phone's narrow tiles), else not at all.
        let widest = run.responses.iter().map(|r| text_width(&r.spent_words, font)).max().unwrap_or(0);
        let (beside, under) = (widest <= tile - bar - gap, widest <= tile);
        for (k, r) in run.responses.iter().enumerate() {
            let x0 = pad + k as i32 * (tile + gap);
            let height = scaled(u128::from(r.spent.0), u128::from(top), bar_h);
            let below = height.min(bottom - cap_y);
            area.draw(&Rectangle::new([(x0, bottom - below), (x0 + bar, bottom)], within.filled()))?;
            if height > below {
                area.draw(&Rectangle::new([(x0, bottom - height), (x0 + bar, cap_y)], over.filled()))?;
            }
            let words = r.spent_words.clone();
            if beside {
                area.draw(&Text::new(words, (x0 + bar + gap, bottom - line_h / 2), text.clone()))?;
            } else if under {
                area.draw(&Text::new(words, (x0, bottom + gap + line_h / 2), text.clone()))?;
            }
        }
        let dash = ShapeStyle::from(&theme.text).stroke_width(theme.px(2));
        area.draw(&DashedPathElement::new(vec![(pad, cap_y), (w - pad, cap_y)], theme.px(6), theme.px(4), dash))?;
        // The cap's words over its line at the left, above the first answer's spend (under
        // the cap, or the cap would have refused it).
        area.draw(&Text::new(run.cap_label.clone(), (pad, cap_y - line_h / 2), text.clone()))?;
        y = bottom + gap + if !beside && under { line_h } else { 0 };
        let note = wrap(&run.overshoot, font, room);
        write(area, theme, at, &note, pad, y)?;
        y += note.len() as i32 * line_h;
    }
    Ok(y + 2 * gap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{drawn_text, texts_cut, texts_overlapping};
    use billsim_core::lessons::hackathon::client_view::{client_view, client_view_of_day};
    use billsim_core::lessons::hackathon::scenario::SCENARIO;
    use billsim_core::lessons::hackathon::{Policy, Settings};
    use billsim_core::scenario::{last_run, Values};

    fn svg(size: (u32, u32), theme: Theme) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_client(&root, &client_view().unwrap(), &theme).unwrap();
            root.present().unwrap();
        }
        svg
    }

    #[test]
    fn every_answer_is_a_tile_with_its_status_and_the_429_says_retry_after_58() {
        let view = client_view().unwrap();
        for size in [(320, 452), (366, 452), (480, 356), (672, 336)] {
            let out = svg(size, Theme::light(100));
            let drawn = drawn_text(&out);
            assert!(drawn.contains("ana 429 Retry-After: 58"), "{size:?}: {drawn}");
            for run in &view.runs {
                assert!(drawn.contains(&run.heading), "{size:?}: {}", run.heading);
                // Each spend against the cap is written, beside its bar or, on a phone, under
                // it, its words clear of every bar (a grey one under the cap, a red one over it).
                for r in run.responses.iter().filter(|_| !run.overshoot.is_empty()) {
                    assert!(drawn.contains(&r.spent_words), "{size:?}: {} not drawn in {drawn}", r.spent_words);
                }
                let spends: Vec<_> = crate::rows::text_boxes(&out)
                    .into_iter()
                    .filter(|(t, _, _)| run.responses.iter().any(|r| r.spent_words == *t))
                    .collect();
                let palette = Theme::light(100).palette;
                let bar_fills =
                    [format!("fill=\"{}\"", palette.within.hex()), format!("fill=\"{}\"", palette.refused.hex())];
                for (t, (x0, y0, x1, y1), _) in &spends {
                    let bars =
                        out.lines().filter(|l| l.starts_with("<rect") && bar_fills.iter().any(|f| l.contains(f)));
                    for rect in bars {
                        let num = |name: &str| {
                            let v = rect.split(&format!(" {name}=\"")).nth(1).and_then(|r| r.split('"').next());
                            v.and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) as i32
                        };
                        let (rx0, ry0) = (num("x"), num("y"));
                        let (rx1, ry1) = (rx0 + num("width"), ry0 + num("height"));
                        let over = *x0 + 1 < rx1 && rx0 + 1 < *x1 && *y0 + 1 < ry1 && ry0 + 1 < *y1;
                        assert!(!over, "{size:?}: {t:?} at {x0}..{x1},{y0}..{y1} on {rect}");
                    }
                }
            }
            assert!(drawn.contains(&view.runs[1].overshoot) && drawn.contains("cap $0.0008"), "{size:?}: {drawn}");
            assert!(texts_overlapping(&out).is_empty(), "{size:?}: {:#?}", texts_overlapping(&out));
            assert!(
                texts_cut(&out, (size.0 as i32, size.1 as i32)).is_empty(),
                "{size:?}: {:#?}",
                texts_cut(&out, (size.0 as i32, size.1 as i32))
            );
            let refused = format!("fill=\"{}\"", Theme::light(100).palette.refused.hex());
            // Two 429 tiles' stripes and the overshoot above the cap.
            assert!(out.lines().filter(|l| l.starts_with("<rect") && l.contains(&refused)).count() >= 3, "{size:?}");
        }
    }

    /// The client's view of day 0 under `policy`, with the demo day's cap at `cap_dollars`.
    fn with_day(policy: Policy, cap_dollars: &str) -> ClientView {
        let mut values = Values::defaults(&SCENARIO);
        values.set(&SCENARIO, "capDollars", cap_dollars).unwrap();
        let run = last_run::run(&SCENARIO, 0, &values).unwrap();
        client_view_of_day(&run, policy, &Settings::from_values(&values)).unwrap()
    }

    fn svg_of(view: &ClientView, size: (u32, u32)) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_client(&root, view, &Theme::light(100)).unwrap();
            root.present().unwrap();
        }
        svg
    }

    #[test]
    fn the_day_is_drawn_under_the_tutorials_runs_each_kind_in_words_and_the_apps_overshoot_against_its_cap() {
        let view = with_day(Policy::RateLimitAndCap, "1");
        let day = view.day.as_ref().unwrap();
        let cap = day.cap.as_ref().unwrap();
        let refused = format!("fill=\"{}\"", Theme::light(100).palette.refused.hex());
        let bars = |out: &str| out.lines().filter(|l| l.starts_with("<rect") && l.contains(&refused)).count();
        for size in [(320, 900), (366, 900), (672, 640), (366, 760), (374, 760), (672, 576)] {
            let out = svg_of(&view, size);
            let drawn = drawn_text(&out);
            for words in [&day.heading, &cap.heading, &cap.overshoot, &cap.cap_label] {
                assert!(drawn.contains(words.as_str()), "{size:?}: {words} in {drawn}");
            }
            for kind in &day.kinds {
                assert!(drawn.contains(&kind.words), "{size:?}: {}", kind.words);
            }
            assert!(texts_overlapping(&out).is_empty(), "{size:?}: {:#?}", texts_overlapping(&out));
            let cut = texts_cut(&out, (size.0 as i32, size.1 as i32));
            assert!(cut.is_empty(), "{size:?}: {cut:#?}");
            // The set-aside cap, given the app's $0.001 too, reaches it on day 0 but never ends
            // above it: the app's overshoot (its bar above the cap line) is the difference.
            let aside = with_day(Policy::RateLimitAndSetAsideCap, "0.001");
            assert_eq!(aside.day.as_ref().and_then(|d| d.cap.as_ref()).map(|c| c.overshoot.as_str()), Some(""));
            let set_aside = svg_of(&aside, size);
            assert!(
                bars(&out) > bars(&set_aside),
                "{size:?}: {} refused-colour rects, {}",
                bars(&out),
                bars(&set_aside)
            );
        }
        assert_eq!(cap.overshoot, "$0.000168 past the cap: the call checked under it was charged after");
    }

    #[test]
    fn the_honest_visitors_few_200s_beside_the_scripts_thousands_of_429s_are_a_visible_green_segment() {
        // The tutorial's app on day 0: 6 of the honest visitors' 253 requests answered 200,
        // on the scale of the script's 4,609.
        let view = with_day(Policy::RateLimitAndCap, "1");
        let kinds = &view.day.as_ref().unwrap().kinds;
        let honest = kinds.iter().find(|k| k.label == "Honest visitors").unwrap();
        assert_eq!((honest.ok, kinds.iter().map(|k| k.ok + k.limited + k.capped).max()), (6, Some(4609)));
        for width in [390, 1000] {
            for scale in [100, 200] {
                let theme = Theme::light(scale);
                let mut out = String::new();
                {
                    let size = (width * scale / 100, 1100 * scale / 100);
                    let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
                    draw_client(&root, &view, &theme).unwrap();
                    root.present().unwrap();
                }
                // The day's bars are the rectangles as tall as a bar; the 200s in the honest colour.
                let num = |l: &str, name: &str| -> Option<i32> {
                    l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse().ok()
                };
                let served = format!("fill=\"{}\"", theme.palette.honest[0].hex());
                let green: Vec<i32> = out
                    .lines()
                    .filter(|l| l.starts_with("<rect") && l.contains(&served) && l.contains("opacity=\"1\""))
                    .filter(|l| num(l, "height") == Some(theme.px(14) as i32))
                    .filter_map(|l| num(l, "width"))
                    .collect();
                let kinds_with_200s = kinds.iter().filter(|k| k.ok > 0).count();
                assert_eq!(green.len(), kinds_with_200s, "{width} px at {scale}%: a green segment per kind with a 200");
                let least = theme.px(3) as i32;
                assert!(
                    green.iter().all(|&w| w >= least),
                    "{width} px at {scale}%: the 200s painted {green:?} px wide, at least {least}"
                );
            }
        }
    }

    #[test]
    fn the_caps_words_sit_between_the_answers_tiles_and_its_line_never_on_a_tile() {
        // The tutorial's runs ($0.0008 cap of $0.001224 spent) and day 0 of the app ($0.001
        // of $0.001168: the line a seventh of the bars' height under their top).
        let views = [client_view().unwrap(), with_day(Policy::RateLimitAndCap, "1")];
        for view in &views {
            for size in [(320, 900), (366, 900), (672, 640), (1000, 640)] {
                let out = svg_of(view, size);
                let num = |l: &str, name: &str| -> Option<i32> {
                    l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse::<f64>().ok().map(|v| v as i32)
                };
                // A tile is a rectangle of its status's colour at 0.18 opacity.
                let tiles: Vec<(i32, i32, i32, i32)> = out
                    .lines()
                    .filter(|l| l.starts_with("<rect") && l.contains("opacity=\"0.18\""))
                    .filter_map(|l| {
                        let (x, y) = (num(l, "x")?, num(l, "y")?);
                        Some((x, y, x + num(l, "width")?, y + num(l, "height")?))
                    })
                    .collect();
                assert!(!tiles.is_empty(), "{size:?}: the answers' tiles are found");
                for (text, (x0, y0, x1, y1), _) in crate::rows::text_boxes(&out) {
                    if !text.starts_with("cap $") {
                        continue;
                    }
                    let on = tiles.iter().find(|t| x0 < t.2 && t.0 < x1 && y0 < t.3 && t.1 < y1);
                    assert!(on.is_none(), "{size:?}: {text:?} at {x0}..{x1}, {y0}..{y1} is on the tile {on:?}");
                }
            }
        }
    }

    #[test]
    fn the_height_the_chart_says_it_takes_holds_every_word_at_any_width_and_no_more() {
        // The words wrap to the width: at 288 pixels (a 320 px phone) the day's last note
        // took two lines under a canvas sized for one, drawn over each other and cut.
        let view = with_day(Policy::RateLimitAndCap, "1");
        for w in [240, 288, 358, 672, 1000] {
            let mut probe = String::new();
            let needed = {
                let root = SVGBackend::with_string(&mut probe, (w, 4000)).into_drawing_area();
                draw_client(&root, &view, &Theme::light(100)).unwrap()
            };
            assert!((300..4000).contains(&needed), "{w} px: the chart takes {needed} px");
            let out = svg_of(&view, (w, needed));
            let (cut, over) = (texts_cut(&out, (w as i32, needed as i32)), texts_overlapping(&out));
            assert!(cut.is_empty() && over.is_empty(), "{w} x {needed}: cut {cut:?}, overlapping {over:?}");
            let short = needed - 30;
            let cut = texts_cut(&svg_of(&view, (w, short)), (w as i32, short as i32));
            assert!(
                !cut.is_empty(),
                "{w} px: 30 px less than {needed} leaves room to spare, so the height is not tight"
            );
        }
    }

    #[test]
    fn the_spend_past_the_cap_is_painted_above_the_cap_line_in_proportion() {
        let view = client_view().unwrap();
        let cap = &view.runs[1];
        let out = svg((672, 304), Theme::light(100));
        let refused = format!("fill=\"{}\"", Theme::light(100).palette.refused.hex());
        let within = format!("fill=\"{}\"", Theme::light(100).palette.within.hex());
        // The bars' heights: rectangles of the colour wider than a tile's stripe.
        let h = |fill: &str| -> Vec<i32> {
            let num = |l: &str, name: &str| -> Option<i32> {
                l.split(&format!(" {name}=\"")).nth(1)?.split('"').next()?.parse().ok()
            };
            out.lines()
                .filter(|l| l.starts_with("<rect") && l.contains(fill) && l.contains("opacity=\"1\""))
                .filter(|l| num(l, "width").is_some_and(|w| w > 4))
                .filter_map(|l| num(l, "height"))
                .collect()
        };
        let (below, above) = (h(&within), h(&refused));
        // The third answer's spend: $0.0008 below the line, $0.000424 above it.
        let third_below = below[2];
        let third_above = *above.iter().max().unwrap();
        let want = third_below as f64 * 424.0 / 800.0;
        assert!((f64::from(third_above) - want).abs() <= 2.0, "{third_above} px past the cap, not {want:.1}");
        assert_eq!(cap.responses[2].spent_words, "$0.001224");
    }
}
