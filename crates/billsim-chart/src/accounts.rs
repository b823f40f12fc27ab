//! Small multiples of one kind of user's accounts: under each policy drawn, a tiny bar per
//! account as tall as its requests (one scale), through at the bottom in the abuser's
//! colour, refused above it in the refused colour, a thin gap between requests where there
//! is room, so "5 through, 3 refused" can be counted on any bar. Every word and count comes
//! from the core's [`Accounts`]; this only places them.

use crate::frame::{text_at, Frame};
use crate::pixels::{scaled, text_width, wrap};
use crate::theme::{rgb, Theme};
use billsim_core::views::accounts::Accounts;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// How the bars of `count` accounts fit `room` pixels across: bars per line, a bar's width
/// and the gap between bars (at least 4 CSS pixels a bar and 2 between; 3 and 1 for more
/// than a hundred accounts).
fn columns(count: usize, room: i32, theme: &Theme) -> (usize, i32, i32) {
    let many = count > 100;
    let gap = theme.px(if many { 1 } else { 2 }) as i32;
    let least = theme.px(if many { 3 } else { 4 }) as i32 + gap;
    let per_line = (room / least.max(1)).clamp(1, count.max(1) as i32) as usize;
    let bar = ((room + gap) / per_line as i32 - gap).clamp(1, theme.px(18) as i32);
    (per_line, bar, gap)
}

/// Draws `view` on `area`.
pub fn draw_accounts<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &Accounts,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, font, line_h } = Frame::of(area, theme)?;
    let text = text_at(font, theme, HPos::Left, VPos::Center);
    let (through, refused) = (rgb(theme.palette.abuser), rgb(theme.palette.refused));
    let room = w - 2 * pad;

    // The key: what each colour is.
    let mut x = pad;
    for (colour, words) in [(through, &view.through), (refused, &view.refused)] {
        let size = font as i32;
        area.draw(&Rectangle::new(
            [(x, pad + line_h / 2 - size / 2), (x + size, pad + line_h / 2 + size / 2)],
            colour.filled(),
        ))?;
        area.draw(&Text::new(words.clone(), (x + size + theme.px(4) as i32, pad + line_h / 2), text.clone()))?;
        x += size + theme.px(18) as i32 + text_width(words, font);
    }

    // Each row: its heading, its bars in as many lines as they need, its note. The bars
    // share the height the words leave.
    let words: Vec<(Vec<String>, Vec<String>)> =
        view.rows.iter().map(|r| (wrap(&r.heading, font, room), wrap(&r.note, font, room))).collect();
    let lines_of = |n: usize| n.div_ceil(columns(n, room, theme).0.max(1)) as i32;
    let bar_lines: i32 = view.rows.iter().map(|r| lines_of(r.accounts.len())).sum();
    let text_lines: i32 = words.iter().map(|(a, b)| (a.len() + b.len()) as i32).sum();
    let spacing = theme.px(10) as i32;
    let rows = view.rows.len() as i32;
    let free = h - 2 * pad - line_h * (1 + text_lines) - spacing * rows - theme.px(4) as i32 * bar_lines;
    let bar_h = (free / bar_lines.max(1)).clamp(theme.px(4) as i32, theme.px(64) as i32);
    let mut y = pad + line_h + spacing / 2;
    for (row, (heading, note)) in view.rows.iter().zip(&words) {
        for l in heading {
            area.draw(&Text::new(l.clone(), (pad, y + line_h / 2), text.clone()))?;
            y += line_h;
        }
        let (per_line, bar, gap) = columns(row.accounts.len(), room, theme);
        for chunk in row.accounts.chunks(per_line.max(1)) {
            let bottom = y + bar_h;
            for (j, a) in chunk.iter().enumerate() {
                let x0 = pad + j as i32 * (bar + gap);
                let height = |n: u32| scaled(u128::from(n), u128::from(view.most.max(1)), bar_h);
                let (made, up, out) = (height(a.requests), height(a.through), height(a.through + a.refused));
                area.draw(&Rectangle::new([(x0, bottom - made), (x0 + bar, bottom)], theme.text.mix(0.12).filled()))?;
                area.draw(&Rectangle::new([(x0, bottom - up), (x0 + bar, bottom)], through.filled()))?;
                area.draw(&Rectangle::new([(x0, bottom - out), (x0 + bar, bottom - up)], refused.filled()))?;
                // A line between requests, where a request is tall enough to count.
                let unit = height(1);
                if unit >= theme.px(4) as i32 {
                    for n in 1..a.requests {
                        let ly = bottom - height(n);
                        area.draw(&PathElement::new(vec![(x0, ly), (x0 + bar, ly)], theme.background))?;
                    }
                }
            }
            y = bottom + theme.px(4) as i32;
        }
        for l in note {
            area.draw(&Text::new(l.clone(), (pad, y + line_h / 2), text.clone()))?;
            y += line_h;
        }
        y += spacing;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{drawn_text, texts_cut, texts_overlapping};
    use billsim_core::engine::Record;
    use billsim_core::scenario::{registry::find, run, Values};
    use billsim_core::views::accounts::accounts;

    fn view(set: &[(&str, &str)], selected: &str) -> Accounts {
        let s = find("freeTier").unwrap();
        let mut values = Values::defaults(s);
        for (k, v) in set {
            values.set(s, k, v).unwrap();
        }
        accounts(&run(s, 0, &values, None, Record::default()).unwrap(), selected).unwrap()
    }

    fn svg(view: &Accounts, size: (u32, u32), theme: Theme) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_accounts(&root, view, &theme).unwrap();
            root.present().unwrap();
        }
        svg
    }

    /// The heights of the rectangles filled in `fill`, in the order drawn.
    fn heights(svg: &str, fill: &str) -> Vec<i32> {
        let rects = svg.lines().filter(|l| l.starts_with("<rect") && l.contains(&format!("fill=\"{fill}\"")));
        rects.filter_map(|l| l.split(" height=\"").nth(1)?.split('"').next()?.parse().ok()).collect()
    }

    #[test]
    fn each_sockpuppets_bar_is_five_requests_through_and_three_refused_on_one_scale() {
        let v = view(&[], "bucketBudget");
        let theme = Theme::light(100);
        for size in [(366, 256), (672, 256)] {
            let out = svg(&v, size, theme);
            let up = heights(&out, &theme.palette.abuser.hex());
            let out_of = heights(&out, &theme.palette.refused.hex());
            // The key's two swatches first, then a bar of each per account.
            assert_eq!((up.len(), out_of.len()), (41, 41), "40 accounts and the key at {size:?}");
            let full = up[1] * 8 / 5;
            for (a, (&u, &r)) in v.rows[0].accounts.iter().zip(up[1..].iter().zip(&out_of[1..])) {
                assert_eq!((a.through, a.refused), (5, 3));
                assert!(
                    (u * 8 - full * 5).abs() <= 8 && (r * 8 - full * 3).abs() <= 8,
                    "{}: {u} px through and {r} refused of {full}",
                    a.name
                );
            }
        }
    }

    #[test]
    fn at_320_390_and_1000_pixels_no_label_overlaps_or_is_cut_and_every_row_is_named() {
        for v in [view(&[], "allThree"), view(&[("sockpuppets", "400")], "noLimit"), view(&[], "bucketBudget")] {
            for (size, theme) in
                [((320, 368), Theme::light(100)), ((366, 416), Theme::dark(100)), ((672, 256), Theme::light(200))]
            {
                let size = (size.0 * theme.scale_percent / 100, size.1 * theme.scale_percent / 100);
                let out = svg(&v, size, theme);
                assert!(texts_overlapping(&out).is_empty(), "{}: {:#?}", v.title, texts_overlapping(&out));
                assert!(
                    texts_cut(&out, (size.0 as i32, size.1 as i32)).is_empty(),
                    "{}: {:#?}",
                    v.title,
                    texts_cut(&out, (size.0 as i32, size.1 as i32))
                );
                let drawn = drawn_text(&out);
                for row in &v.rows {
                    assert!(
                        drawn.contains(&row.heading) && drawn.contains(&row.note),
                        "{:?} at {size:?}: {drawn}",
                        row.heading
                    );
                }
                // Nothing drawn below the canvas: the last note's line ends inside it.
                assert!(
                    out.lines().filter(|l| l.starts_with("<rect")).all(|l| !l.contains("y=\"-")),
                    "no bar above the top"
                );
            }
        }
    }
}
