//! The lesson's overrun figure: many calls at once under each version of the budget, one
//! bar per version as long as what it charged, against a dashed line at the budget. A bar
//! over the budget is vermillion and says "over budget"; one within it is blue and says
//! "within budget", so colour is never the only cue.

use crate::frame::{sans, Frame};
use crate::key::amount_line;
use crate::pixels::{scaled, text_width};
use crate::rows::fit;
use crate::theme::{rgb, Theme};
use billsim_core::lessons::toy_day::in_flight::{Params, Row};
use billsim_core::Micros;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Whether a version charged more than the budget (reaching it exactly is within).
pub fn over_budget(row: &Row, budget: Micros) -> bool {
    row.over_budget(budget)
}

fn verdict(row: &Row, budget: Micros) -> &'static str {
    if over_budget(row, budget) {
        "over budget"
    } else {
        "within budget"
    }
}

/// The words beside a bar: `20 in, $0.96, over budget`.
fn note(row: &Row, budget: Micros) -> String {
    format!("{} in, {}, {}", row.admitted, row.charged_text(budget), verdict(row, budget))
}

/// Draws one bar per row of `rows` (the core's `in_flight::overrun` for `params`), each as
/// long as what that version charged, with a dashed line at `params.budget()`.
pub fn draw_overrun<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    rows: &[Row],
    params: &Params,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, .. } = Frame::of(area, theme)?;
    let budget = params.budget();
    let texts: Vec<(String, String)> = rows.iter().map(|r| (r.version.label(params), note(r, budget))).collect();
    // One line above the rows for the budget's label.
    let layout = fit((w, h), &texts, 1, false, theme);
    let (font, line_h) = (layout.font, layout.line_h);
    let gap = theme.px(3) as i32;

    let full = rows.iter().map(|r| r.charged).max().unwrap_or(budget).max(budget);
    let width = w - 2 * pad;
    let at = |amount: Micros| pad + scaled(amount.0.into(), full.0.into(), width);
    let budget_x = at(budget);

    let text = sans(font).color(&theme.text);
    let budget_label = format!("budget {}", budget.exact_dollars());
    // Centred over the line; near an edge, it ends (or starts) at the line instead.
    let half = text_width(&budget_label, font) / 2;
    let anchor = match budget_x {
        x if x - half < pad => HPos::Left,
        x if x + half > w - pad => HPos::Right,
        _ => HPos::Center,
    };
    area.draw(&Text::new(
        budget_label,
        (budget_x, pad + line_h / 2),
        text.clone().pos(Pos::new(anchor, VPos::Center)),
    ))?;

    for (i, row) in rows.iter().enumerate() {
        layout.draw_labels(area, i, false, over_budget(row, budget), theme)?;
        let (y0, y1) = layout.bar(i);
        let end = at(row.charged);
        if end > pad {
            let colour = rgb(if over_budget(row, budget) { theme.palette.refused } else { theme.palette.within });
            area.draw(&Rectangle::new([(pad, y0), (end, y1)], colour.filled()))?;
        }
        amount_line(area, budget_x, (y0 - gap, y1 + gap), theme)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{drawn_text, texts_cut};
    use billsim_core::lessons::toy_day::in_flight::overrun;
    use billsim_core::views::colours;

    fn svg_of(params: &Params, size: (u32, u32)) -> String {
        svg_of_scaled(params, size, 100)
    }

    fn svg_of_scaled(params: &Params, size: (u32, u32), scale: u32) -> String {
        let rows = overrun(params).unwrap();
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_overrun(&root, &rows, params, &Theme::light(scale)).unwrap();
            root.present().unwrap();
        }
        svg
    }

    fn bars(svg: &str, colour: &str) -> usize {
        svg.lines().filter(|l| l.starts_with("<rect") && l.contains(&format!("fill=\"{colour}\""))).count()
    }

    #[test]
    fn each_version_gets_one_bar_and_three_of_the_lessons_four_are_over_the_budget() {
        let svg = svg_of(&Params::default(), (800, 420));
        assert_eq!(
            (bars(&svg, &colours::LIGHT.refused.hex()), bars(&svg, &colours::LIGHT.within.hex())),
            (3, 1),
            "check only, half estimate and two processes overshoot"
        );
        let generous = Params::new(20, 50, Micros(1_000_000)).unwrap();
        let svg = svg_of(&generous, (800, 420));
        assert_eq!(
            (bars(&svg, &colours::LIGHT.refused.hex()), bars(&svg, &colours::LIGHT.within.hex())),
            (0, 4),
            "under a $1 budget no version overshoots"
        );
    }

    #[test]
    fn the_budget_is_a_dashed_line_at_one_place_labelled_with_the_budget() {
        let svg = svg_of(&Params::default(), (800, 420));
        let dashes = crate::rows::upright_dashes(&svg);
        assert!(dashes.len() >= 4 * 5, "several dashes across each of the four bars: {}", dashes.len());
        assert!(dashes.iter().all(|x| *x == dashes[0]), "every dash at the same x");
        // $0.25 of the $0.96 the largest bar charged, across 788 pixels from 6.
        assert_eq!(dashes[0], "211");
        assert!(svg.contains(">\nbudget $0.25\n<"), "{svg}");
    }

    #[test]
    fn on_a_short_canvas_the_text_shrinks_until_every_row_fits_and_no_further() {
        let params = Params::default();
        let texts: Vec<(String, String)> =
            overrun(&params).unwrap().iter().map(|r| (r.version.label(&params), note(r, params.budget()))).collect();
        let theme = Theme::light(100);
        assert_eq!(fit((800, 420), &texts, 1, false, &theme).font, 14, "the figure's size keeps the full text");
        let short = fit((340, 240), &texts, 1, false, &theme);
        assert!(short.font < 14 && short.stacked, "{short:?}");
        assert!(short.bar(3).1 <= 240, "the last row's bar stays on the canvas: {short:?}");
        assert!(short.bar(0).1 < short.top(1), "a row's bar stays out of the next row: {short:?}");
        assert!(fit((340, 240 + 30), &texts, 1, false, &theme).font > short.font, "a taller canvas gets larger text");
        let doubled = fit((680, 480), &texts, 1, false, &Theme::light(200));
        assert_eq!(doubled.font, 2 * short.font, "on a 2x screen the same CSS size fits");
    }

    #[test]
    fn the_budget_label_stands_over_its_line_and_near_an_edge_ends_at_it() {
        let label = |params: &Params| {
            let svg = svg_of(params, (800, 420));
            let line = svg.lines().take_while(|l| !l.starts_with("budget $")).last().unwrap().to_string();
            let attr =
                |name: &str| line.split(&format!("{name}=\"")).nth(1).unwrap().split('"').next().unwrap().to_string();
            (attr("x"), attr("text-anchor"))
        };
        assert_eq!(label(&Params::default()), ("211".into(), "middle".into()));
        let top = Params::new(20, 50, Micros(100_000_000)).unwrap();
        assert_eq!(
            label(&top),
            ("794".into(), "end".into()),
            "a budget far above every bar puts its line at the right edge"
        );
        let bottom = Params::new(200, 50, Micros(10_000)).unwrap();
        assert_eq!(label(&bottom), ("6".into(), "start".into()));
    }

    #[test]
    fn the_labels_carry_the_cores_numbers_and_say_over_budget_in_words() {
        let params = Params::default();
        let svg = svg_of(&params, (800, 420));
        for row in overrun(&params).unwrap() {
            assert!(svg.contains(&row.version.label(&params)), "missing {:?}", row.version);
            let words = format!(
                "{} in, {}, {}",
                row.admitted,
                row.charged_text(params.budget()),
                verdict(&row, params.budget())
            );
            assert!(svg.contains(&words), "missing {words}");
        }
        assert!(svg.contains("20 in, $0.96, over budget") && svg.contains("5 in, $0.24, within budget"));
        assert_eq!(svg.matches("over budget").count(), 3);
    }

    #[test]
    fn on_a_narrow_canvas_the_note_goes_under_the_name_instead_of_over_it() {
        let wide = svg_of(&Params::default(), (800, 420));
        let narrow = svg_of(&Params::default(), (340, 420));
        let note_line =
            |svg: &str| svg.lines().rev().skip_while(|l| *l != "20 in, $0.96, over budget").nth(1).unwrap().to_string();
        assert!(note_line(&wide).contains("text-anchor=\"end\""), "beside the name on the right");
        assert!(note_line(&narrow).contains("text-anchor=\"start\""), "on its own line on the left");
    }

    #[test]
    fn the_budget_line_is_labelled_with_the_exact_budget_the_reader_set() {
        let svg = svg_of(&Params::new(20, 50, Micros(15_000)).unwrap(), (800, 420));
        assert!(svg.contains(">\nbudget $0.015\n<"), "0.015 is not $0.02: {svg}");
    }

    #[test]
    fn at_320_390_and_1000_pixels_wide_no_two_labels_overlap() {
        // The lesson's 20 calls and $0.25 budget, and the most calls with a budget near each edge.
        let cases = [(20, Micros(250_000)), (200, Micros(10_001)), (200, Micros(900_000))];
        for (calls, budget) in cases {
            let params = Params::new(calls, 50, budget).unwrap();
            for (size, scale) in [((320, 272), 100), ((390, 272), 100), ((1000, 320), 100), ((2000, 640), 200)] {
                let svg = svg_of_scaled(&params, size, scale);
                let overlapping = crate::rows::texts_overlapping(&svg);
                assert!(overlapping.is_empty(), "budget {budget:?} at {size:?}: {overlapping:#?}");
            }
        }
    }

    #[test]
    fn at_200_pixels_wide_every_label_wraps_to_fit_and_none_is_cut() {
        // The widget's canvas is 17rem tall on a phone; 2x and 3x screens draw more pixels.
        for (scale, estimate) in [(100, 50), (200, 50), (300, 200)] {
            let params = Params::new(200, estimate, Micros(10_001)).unwrap();
            let size = (2 * scale, 272 * scale / 100);
            let svg = svg_of_scaled(&params, size, scale);
            let cut = texts_cut(&svg, (size.0 as i32, size.1 as i32));
            assert!(cut.is_empty(), "at {scale}%: {cut:#?}");
            let drawn = drawn_text(&svg);
            for row in overrun(&params).unwrap() {
                let label = row.version.label(&params);
                assert!(drawn.contains(&label), "{label:?} is drawn whole, in order: {drawn}");
            }
        }
    }
}
