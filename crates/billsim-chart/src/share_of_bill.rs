//! The widget's main chart: one bar for the share of calls, then one bar per policy, each
//! split into every user's share of that policy's bill, labelled with the bill and the
//! calls refused.

use crate::frame::{sans, Frame};
use crate::pixels::{edges_on, painted, text_width};
use crate::rows::{draw_amount, draw_refused, fit, strip, words_end, BarEnds};
use crate::theme::{rgb, Theme, ON_BAR};
use billsim_core::lessons::toy_day::UserKind;
use billsim_core::views::share::honest_refused_words;
use billsim_core::words::{counted, share};
use billsim_core::{DayResult, Policy};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bar: its left label, right label, and each user's value.
struct Row {
    name: String,
    note: String,
    values: Vec<u64>,
    /// What fills the width: the calls, or the longest bill (money is length).
    full: u128,
    /// The amount written at the bar's end: the bill.
    amount: Option<String>,
    /// The ordinary users' requests refused and made, drawn under the bar.
    honest: Option<(u64, u64)>,
    selected: bool,
}

fn rows(day: &DayResult, selected: Policy) -> Vec<Row> {
    let (calls, heavy) = day.calls();
    let mut rows = vec![Row {
        name: "Share of calls".into(),
        note: match share(heavy, calls) {
            Some(heavy) => format!("{}, heavy {heavy}", counted(calls, "call", "calls")),
            None => "no calls".into(),
        },
        values: day.users.iter().map(|u| u64::from(u.calls)).collect(),
        full: u128::from(calls),
        amount: None,
        honest: None,
        selected: false,
    }];
    let longest = day.policies.iter().map(|o| u128::from(o.bill.0)).max().unwrap_or(0);
    for o in &day.policies {
        let refused: u64 = o.per_user.iter().map(|u| u64::from(u.refused)).sum();
        let ordinary = || o.per_user.iter().zip(&day.users).filter(|(_, u)| u.kind != UserKind::Heavy);
        let honest = (
            ordinary().map(|(p, _)| u64::from(p.refused)).sum::<u64>(),
            ordinary().map(|(_, u)| u64::from(u.calls)).sum::<u64>(),
        );
        let words = honest_refused_words(honest.0, honest.1);
        rows.push(Row {
            name: o.policy.label(&day.settings),
            // The heavy user's share stays in words: on a short bar it has no room inside.
            note: match share(o.heavy_charged(&day.users).0, o.bill.0) {
                Some(heavy) => format!("{} · heavy {heavy} · {refused} refused · {words}", o.bill.cents()),
                None => format!("{} · {refused} refused · {words}", o.bill.cents()),
            },
            honest: Some(honest),
            values: o.per_user.iter().map(|u| u.charged.0).collect(),
            full: longest,
            amount: Some(o.bill.cents()),
            selected: o.policy == selected,
        });
    }
    rows
}

/// Draws the share-of-bill chart for `day` on `area`, with `selected` framed.
pub fn draw_share_of_bill<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    day: &DayResult,
    selected: Policy,
    theme: &Theme,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let Frame { w, h, pad, .. } = Frame::of(area, theme)?;
    let rows = rows(day, selected);
    let marked = |r: &Row| if r.selected { format!("▶ {}", r.name) } else { r.name.clone() };
    let texts: Vec<(String, String)> = rows.iter().map(|r| (marked(r), r.note.clone())).collect();
    let layout = fit((w, h), &texts, 0, true, theme);
    let font = layout.font;
    let gap = theme.px(1).max(1) as i32;

    for (i, row) in rows.iter().enumerate() {
        layout.draw_labels(area, i, row.selected, row.selected, theme)?;
        // Every bar leaves room for the strip of honest requests refused, so all are one height.
        let (y0, row_bottom) = layout.bar(i);
        let (y1, strip_at) = strip(y0, row_bottom, theme);
        if let Some(counts) = row.honest {
            draw_refused(area, (pad, w - pad), strip_at, counts, theme)?;
        }
        let x = edges_on(pad, w - 2 * pad, &row.values, row.full, theme.least_segment());
        // An amount written inside its bar's end leaves the heavy user's words the room before it.
        let bar = BarEnds { x: &x, y0, y1 };
        let words_end = row.amount.as_deref().map_or(i32::MAX, |a| words_end(a, &bar, w - pad, font, theme));
        for (u, user) in day.users.iter().enumerate() {
            let (x0, x1) = painted(&x, u, gap);
            if x1 <= x0 {
                continue;
            }
            let colour = rgb(if user.kind == UserKind::Heavy { theme.palette.abuser } else { theme.palette.honest[0] });
            area.draw(&Rectangle::new([(x0, y0), (x1, y1)], colour.filled()))?;
            if user.kind == UserKind::Heavy {
                stripes(area, colour, (x0, y0), (x1, y1), theme.px(8) as i32, false)?;
                // A drawn segment is part of a bill that is not zero, so it has a share.
                let share = share(row.values[u], row.values.iter().sum()).unwrap_or_default();
                // The longest label that fits in the segment: "heavy 27%", else "27%".
                let fits = |t: &String| text_width(t, font) + 2 * pad < x1.min(words_end) - x0;
                if let Some(text) = [format!("heavy {share}"), share].into_iter().find(fits) {
                    let on_bar = sans(font).style(FontStyle::Bold).color(&ON_BAR);
                    area.draw(&Text::new(
                        text,
                        (x0 + pad, (y0 + y1) / 2),
                        on_bar.pos(Pos::new(HPos::Left, VPos::Center)),
                    ))?;
                }
            }
        }
        if let Some(amount) = &row.amount {
            draw_amount(area, amount, &bar, w - pad, font, theme)?;
        }
        if row.selected {
            let frame = ShapeStyle::from(&theme.text).stroke_width(theme.px(2));
            area.draw(&Rectangle::new([(pad - gap * 2, y0 - gap * 2), (w - pad + gap, row_bottom + gap * 2)], frame))?;
        }
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

/// The colour of rising stripes over `fill`: the fill at two thirds of each channel.
pub(crate) fn stripe_on(fill: RGBColor) -> RGBColor {
    let two_thirds = |c: u8| (u16::from(c) * 2 / 3) as u8;
    RGBColor(two_thirds(fill.0), two_thirds(fill.1), two_thirds(fill.2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use billsim_core::views::colours::LIGHT;
    use billsim_core::{simulate_day, Settings};

    #[test]
    fn rising_stripes_show_on_every_kinds_colour_as_on_the_abusers() {
        use billsim_core::views::colours::{contrast, Rgb, DARK};
        for palette in [LIGHT, DARK] {
            for fill in [palette.abuser].into_iter().chain(palette.honest) {
                let RGBColor(r, g, b) = stripe_on(rgb(fill));
                let ratio = contrast(fill, Rgb(r, g, b));
                // 1.86:1 was the abuser's orange under its dark orange stripes, which read well;
                // the honest green under them was 1.22:1, and looked plain.
                assert!(ratio >= 1.8, "stripes over {} at {ratio:.2}:1, at least 1.8:1", fill.hex());
            }
        }
    }

    fn svg_of(day: &DayResult, selected: Policy) -> String {
        svg_sized(day, selected, (800, 400), 100)
    }

    fn svg_sized(day: &DayResult, selected: Policy, size: (u32, u32), scale: u32) -> String {
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            draw_share_of_bill(&root, day, selected, &Theme::light(scale)).unwrap();
            root.present().unwrap();
        }
        svg
    }

    #[test]
    fn at_320_390_and_1000_pixels_wide_no_two_labels_overlap_on_any_day() {
        for seed in 0..20 {
            let day = simulate_day(seed, &Settings::default()).unwrap();
            for (size, scale) in [((320, 528), 100), ((390, 528), 100), ((1000, 448), 100), ((2000, 896), 200)] {
                let overlapping = crate::rows::texts_overlapping(&svg_sized(&day, Policy::DailyBudget, size, scale));
                assert!(overlapping.is_empty(), "day {seed} at {size:?}: {overlapping:#?}");
            }
        }
    }

    #[test]
    fn the_chart_names_each_policy_with_its_bill_and_refusals_from_the_core() {
        let day = simulate_day(0, &Settings::default()).unwrap();
        let svg = svg_of(&day, Policy::RequestsPerMinute);
        for o in &day.policies {
            assert!(svg.contains(&o.policy.label(&day.settings)), "missing {:?}", o.policy);
            assert!(svg.contains(&o.bill.dollars(2)), "missing the bill of {:?}", o.policy);
        }
        let heavy = day.outcome(Policy::DailyBudget).heavy_percent(&day.users).unwrap();
        assert!(svg.contains(&format!("heavy {heavy}%")));
        assert!(svg.contains("▶ 5 requests per minute"), "the selected policy is marked");
    }

    #[test]
    fn every_user_gets_a_segment_in_every_bar_and_the_heavy_one_is_orange() {
        let day = simulate_day(0, &Settings::default()).unwrap();
        let svg = svg_of(&day, Policy::NoLimit);
        let orange = svg.matches("#E69F00").count();
        let green = svg.matches("#009E73").count();
        assert_eq!((orange, green), (4, 36), "4 bars of 1 heavy and 9 ordinary users");
    }

    #[test]
    fn money_is_length_each_policys_bar_is_as_long_as_its_bill_and_the_bill_is_at_its_end() {
        let day = simulate_day(0, &Settings::default()).unwrap();
        let fills = [LIGHT.abuser.hex(), LIGHT.honest[0].hex()].to_vec();
        for width in [390, 1000] {
            let svg = svg_sized(&day, Policy::NoLimit, (width, 500), 100);
            let lengths = crate::rows::bar_lengths(&svg, &fills);
            // The first bar is the share of calls, full width; then one per policy.
            let (calls, bars) = lengths.split_first().expect("bars are drawn");
            let bills: Vec<u64> = day.policies.iter().map(|o| o.bill.0).collect();
            let longest = bills.iter().copied().max().unwrap_or(1).max(1);
            assert_eq!(bars.len(), bills.len(), "{lengths:?}");
            for (bill, &len) in bills.iter().zip(bars) {
                let want = *bill as f64 / longest as f64 * f64::from(*calls);
                assert!(
                    (f64::from(len) - want).abs() <= 1.0,
                    "at {width} px a bill of {bill} is {len} px, not {want:.1}"
                );
            }
            let drawn = crate::rows::drawn_text(&svg);
            for o in &day.policies {
                assert!(drawn.matches(&o.bill.cents()).count() >= 2, "{} at its bar's end: {drawn}", o.bill.cents());
            }
        }
    }

    #[test]
    fn each_policy_has_a_strip_of_the_ordinary_users_requests_refused() {
        // A budget of $0.05 a user refuses ordinary users too.
        let day = simulate_day(0, &Settings { budget: billsim_core::Micros(50_000), ..Settings::default() }).unwrap();
        let svg = svg_sized(&day, Policy::NoLimit, (390, 600), 100);
        let drawn = crate::rows::drawn_text(&svg);
        let red = LIGHT.refused.hex();
        let widths: Vec<i32> = svg
            .lines()
            .filter(|l| l.starts_with("<rect") && l.contains(&format!("fill=\"{red}\"")))
            .filter_map(|l| l.split(" width=\"").nth(1)?.split('"').next()?.parse().ok())
            .collect();
        let mut widths = widths.into_iter();
        let mut refusing = 0;
        for o in &day.policies {
            let ordinary = || o.per_user.iter().zip(&day.users).filter(|(_, u)| u.kind != UserKind::Heavy);
            let refused: u64 = ordinary().map(|(p, _)| u64::from(p.refused)).sum();
            let calls: u64 = ordinary().map(|(_, u)| u64::from(u.calls)).sum();
            let words = format!("honest requests refused: {refused} of {calls}");
            assert!(drawn.contains(&words), "{words}: {drawn}");
            let want = refused as f64 / calls as f64 * 378.0;
            if want >= 1.0 {
                refusing += 1;
                let got = widths.next().unwrap_or(0);
                assert!((f64::from(got) - want).abs() <= 1.0, "{words}: {got} px, not {want:.1}");
            }
        }
        assert!(refusing > 0, "some policy refuses ordinary users");
    }

    #[test]
    fn the_budget_row_is_named_with_the_exact_budget_the_reader_set() {
        let day =
            simulate_day(0, &Settings { budget: billsim_core::Micros(99_999_000), ..Settings::default() }).unwrap();
        let svg = svg_of(&day, Policy::NoLimit);
        assert!(svg.contains("Daily cost budget $99.999"), "99.999 is not $100.00");
    }

    #[test]
    fn a_day_with_nothing_billed_or_no_calls_is_labelled_truly() {
        let broke = simulate_day(0, &Settings { budget: billsim_core::Micros(10_000), ..Settings::default() }).unwrap();
        let svg = svg_of(&broke, Policy::DailyBudget);
        let (calls, _) = broke.calls();
        assert!(svg.contains(&format!("$0.00 · {calls} refused")), "every call refused, nothing billed");
        let mut empty = broke.clone();
        empty.users.iter_mut().for_each(|u| u.calls = 0);
        let rows = rows(&empty, Policy::NoLimit);
        assert_eq!(rows[0].note, "no calls", "not \"0 calls, heavy 0%\"");
        let mut one = broke;
        one.users.iter_mut().enumerate().for_each(|(i, u)| u.calls = u32::from(i == 0));
        assert_eq!(rows_note(&one), "1 call, heavy 100%");
    }

    fn rows_note(day: &DayResult) -> String {
        rows(day, Policy::NoLimit)[0].note.clone()
    }

    #[test]
    fn at_200_pixels_wide_every_label_wraps_to_fit_and_none_is_cut() {
        let settings = Settings {
            budget: billsim_core::Micros(10_001),
            per_minute: std::num::NonZeroU32::new(60).unwrap(),
            ..Settings::default()
        };
        let day = simulate_day(0, &settings).unwrap();
        for scale in [100, 200, 300] {
            let size = (2 * scale, 272 * scale / 100);
            let svg = svg_sized(&day, Policy::DailyBudget, size, scale);
            let cut = crate::rows::texts_cut(&svg, (size.0 as i32, size.1 as i32));
            assert!(cut.is_empty(), "at {scale}%: {cut:#?}");
            let drawn = crate::rows::drawn_text(&svg);
            for row in rows(&day, Policy::DailyBudget) {
                assert!(
                    drawn.contains(&row.name) && drawn.contains(&row.note),
                    "{:?} is drawn whole: {drawn}",
                    row.name
                );
            }
        }
    }
}
