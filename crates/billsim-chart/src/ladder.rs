//! The ladder against the hard block: for each group of tenants and policy, a bar of the
//! calls the daily cap stopped on the model they asked for, split into those served on each
//! cheaper model and those refused (in the refused colour). The runaway tenant's bars share
//! one scale, the other tenants' another, each group's heading saying what its full width
//! is. Every word and count comes from the core's [`LadderView`]; this only places them.

use crate::frame::{sans, text_at, Frame};
use crate::pixels::{edges_on, wrap};
use crate::theme::{rgb, Theme};
use billsim_core::lessons::runaway_tenant::ladder::LadderView;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The colour of part `k` of `parts` parts: the cheaper models in the "within" grey, the
/// cheapest halfway from it to the text's colour (halfway to the background, it was pale
/// grey on white and dark grey on near-black, lesson 002's haiku part hard to see); the
/// last part (refused) in the refused colour.
fn part_colour(theme: &Theme, k: usize, parts: usize) -> RGBColor {
    let within = rgb(theme.palette.within);
    let towards = theme.text;
    match k {
        _ if k + 1 == parts => rgb(theme.palette.refused),
        0 => within,
        _ => {
            let mix = |a: u8, b: u8| ((u16::from(a) + u16::from(b)) / 2) as u8;
            RGBColor(mix(within.0, towards.0), mix(within.1, towards.1), mix(within.2, towards.2))
        }
    }
}

/// Draws `view` on `area`.
pub fn draw_ladder<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    view: &LadderView,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, font, line_h } = Frame::of(area, theme)?;
    let text = text_at(font, theme, HPos::Left, VPos::Center);
    let room = w - 2 * pad;
    let size = font as i32;

    // The key, one part a line where the width is short.
    let mut y = pad;
    let (mut x, parts) = (pad, view.parts.len());
    for (k, words) in view.parts.iter().enumerate() {
        let width = size + theme.px(4) as i32 + crate::pixels::text_width(words, font);
        if x > pad && x + width > w - pad {
            (x, y) = (pad, y + line_h);
        }
        let colour = part_colour(theme, k, parts);
        area.draw(&Rectangle::new(
            [(x, y + line_h / 2 - size / 2), (x + size, y + line_h / 2 + size / 2)],
            colour.filled(),
        ))?;
        area.draw(&Text::new(words.clone(), (x + size + theme.px(4) as i32, y + line_h / 2), text.clone()))?;
        x += width + theme.px(14) as i32;
    }
    y += line_h + theme.px(4) as i32;

    // Each group: its heading (whose calls, and the full width's count) in bold, then each
    // row's heading, its bar to the group's scale, and its note under it.
    let bold = sans(font).style(FontStyle::Bold).color(&theme.text).pos(Pos::new(HPos::Left, VPos::Center));
    // Each group's heading, and each row's heading and note, wrapped to the width once: for
    // the bars' height, then to be drawn.
    let wrapped = |words: &str| wrap(words, font, room);
    let words: Vec<(Lines, Vec<(Lines, Lines)>)> = view
        .groups
        .iter()
        .map(|g| (wrapped(&g.heading), g.rows.iter().map(|r| (wrapped(&r.heading), wrapped(&r.note))).collect()))
        .collect();
    let lines: i32 = words
        .iter()
        .map(|(heading, rows)| heading.len() + rows.iter().map(|(h, n)| h.len() + n.len()).sum::<usize>())
        .sum::<usize>() as i32;
    let rows = view.groups.iter().map(|g| g.rows.len()).sum::<usize>().max(1) as i32;
    let gaps = view.groups.len() as i32 * theme.px(8) as i32;
    let bar_h = ((h - y - pad - gaps - lines * line_h) / rows - theme.px(6) as i32)
        .clamp(theme.px(6) as i32, theme.px(22) as i32);
    for (group, (group_heading, rows_words)) in view.groups.iter().zip(words) {
        y += theme.px(8) as i32;
        for l in group_heading {
            area.draw(&Text::new(l, (pad, y + line_h / 2), bold.clone()))?;
            y += line_h;
        }
        for (row, (heading, note)) in group.rows.iter().zip(rows_words) {
            for l in heading {
                area.draw(&Text::new(l, (pad, y + line_h / 2), text.clone()))?;
                y += line_h;
            }
            let edges = edges_on(pad, room, &row.calls, u128::from(group.full), theme.least_segment());
            for k in 0..row.calls.len() {
                if edges[k + 1] > edges[k] {
                    let colour = part_colour(theme, k, parts);
                    area.draw(&Rectangle::new([(edges[k], y), (edges[k + 1], y + bar_h)], colour.filled()))?;
                }
            }
            y += bar_h + theme.px(2) as i32;
            for l in note {
                area.draw(&Text::new(l, (pad, y + line_h / 2), text.clone()))?;
                y += line_h;
            }
            y += theme.px(4) as i32;
        }
    }
    Ok(())
}

/// A text wrapped to the chart's width, a line each.
type Lines = Vec<String>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{drawn_text, texts_cut, texts_overlapping};
    use billsim_core::engine::Record;
    use billsim_core::lessons::runaway_tenant::ladder::ladder_view;
    use billsim_core::scenario::registry::find;
    use billsim_core::scenario::{run, Values};

    #[test]
    fn every_part_of_a_ladders_bar_stands_out_from_the_background_in_light_and_dark() {
        use billsim_core::views::colours::{contrast, Rgb};
        for theme in [Theme::light(100), Theme::dark(100)] {
            let back = Rgb(theme.background.0, theme.background.1, theme.background.2);
            for parts in [2, 3, 4] {
                for k in 0..parts {
                    let c = part_colour(&theme, k, parts);
                    let ratio = contrast(Rgb(c.0, c.1, c.2), back);
                    assert!(ratio >= 3.0, "part {k} of {parts} on {back:?}: {c:?}, contrast {ratio:.2}");
                }
            }
        }
    }

    #[test]
    fn at_320_390_and_1000_pixels_every_heading_and_note_is_drawn_inside_and_apart() {
        let tenant = find("runawayTenant").unwrap();
        let view = ladder_view(&run(tenant, 0, &Values::defaults(tenant), None, Record::EVERYTHING).unwrap());
        // 352 px: the canvas's 22rem; 416 px, its 26rem on a phone.
        for size in [(320, 352), (320, 416), (390, 416), (1000, 352)] {
            for theme in [Theme::light(100), Theme::dark(100)] {
                let mut svg = String::new();
                {
                    let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
                    draw_ladder(&root, &view, &theme).unwrap();
                    root.present().unwrap();
                }
                assert!(texts_cut(&svg, (size.0 as i32, size.1 as i32)).is_empty(), "{size:?}");
                assert!(texts_overlapping(&svg).is_empty(), "{size:?}: {:?}", texts_overlapping(&svg));
                let drawn = drawn_text(&svg);
                for group in &view.groups {
                    assert!(drawn.contains(&group.heading), "{} at {size:?}", group.heading);
                    for row in &group.rows {
                        assert!(
                            drawn.contains(&row.heading) && drawn.contains(&row.note),
                            "{} at {size:?}",
                            row.heading
                        );
                    }
                }
                // The refused part of the hard block's and the ladder's bars for the other
                // tenants (the third and fourth bars, after the runaway tenant's two): the
                // ladder's is the shorter, by what it serves on cheaper models.
                let refused = format!(
                    "fill=\"#{:02X}{:02X}{:02X}\"",
                    theme.palette.refused.0, theme.palette.refused.1, theme.palette.refused.2
                );
                let widths: Vec<i32> = svg
                    .lines()
                    .filter(|l| l.starts_with("<rect") && l.contains(&refused))
                    .filter_map(|l| l.split(" width=\"").nth(1)?.split('"').next()?.parse().ok())
                    .collect();
                assert_eq!(widths.len(), 5, "four bars' refused parts and the key's: {widths:?}");
                assert!(
                    widths[3] > widths[4],
                    "the hard block refuses more of the others' calls than the ladder: {widths:?}"
                );
            }
        }
    }

    #[test]
    fn the_few_calls_the_ladder_serves_on_a_cheaper_model_are_painted_at_390_and_1000_px() {
        // The degrade ladder serves 2 and 5 of umbrella's stopped calls on cheaper models on
        // month 0: 1.1 and 2.8 px of a 390 px bar of its 675.
        let tenant = find("runawayTenant").unwrap();
        let view = ladder_view(&run(tenant, 0, &Values::defaults(tenant), None, Record::EVERYTHING).unwrap());
        for width in [390, 1000] {
            for scale in [100, 200] {
                let theme = Theme::light(scale);
                let mut svg = String::new();
                {
                    let root = SVGBackend::with_string(&mut svg, (width * scale / 100, 420 * scale / 100));
                    let root = root.into_drawing_area();
                    draw_ladder(&root, &view, &theme).unwrap();
                    root.present().unwrap();
                }
                for k in 0..view.parts.len() {
                    let c = part_colour(&theme, k, view.parts.len());
                    let fill = format!("fill=\"#{:02X}{:02X}{:02X}\"", c.0, c.1, c.2);
                    let widths: Vec<i32> = svg
                        .lines()
                        .filter(|l| l.starts_with("<rect") && l.contains(&fill))
                        .filter_map(|l| l.split(" width=\"").nth(1)?.split('"').next()?.parse().ok())
                        .collect();
                    // The key's swatch first, then a bar's part per row that has any.
                    let rows = view.groups.iter().flat_map(|g| &g.rows).filter(|r| r.calls[k] > 0).count();
                    let least = theme.px(3) as i32;
                    assert!(
                        widths.len() == rows + 1 && widths.iter().all(|&w| w >= least),
                        "{width} px, {scale}%: {}: {rows} rows' parts painted {:?} px, at least {least}",
                        view.parts[k],
                        &widths[1.min(widths.len())..]
                    );
                }
            }
        }
    }
}
