//! The widget's main chart: a key of the two kinds of user and the strip under each bar,
//! one bar for the share of calls, then one bar per policy, each split into every user's
//! share of that policy's bill, labelled with the bill and the calls refused.

use crate::frame::{sans, Frame};
use crate::key::{draw_key, key_lines, swatch, Entry, Swatch, LARGEST};
use crate::pixels::{edges_on, painted, text_width};
use crate::rows::{draw_amount, draw_refused, fit, strip, words_end, BarEnds};
use crate::theme::{rgb, Theme, ON_BAR};
use billsim_core::lessons::toy_day::{UserKind, HEAVY_LABEL, ORDINARY_LABEL, OTHERS, STRIP_KEY};
use billsim_core::views::colours::Pattern;
use billsim_core::views::share::{honest_words, refused_words};
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
        let words =
            refused_words("heavy", refused.saturating_sub(honest.0), &honest_words(OTHERS.who, honest.0, honest.1));
        rows.push(Row {
            name: o.policy.label(&day.settings),
            // The heavy user's share stays in words: on a short bar it has no room inside.
            note: match share(o.heavy_charged(&day.users).0, o.bill.0) {
                Some(heavy) => format!("{} · heavy {heavy} · {words}", o.bill.cents()),
                None => format!("{} · {words}", o.bill.cents()),
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

/// A kind of user's colour and pattern, the same in its segments and its key entry: the
/// heavy user the abuser's colour, striped.
fn look(kind: UserKind, theme: &Theme) -> (RGBColor, Pattern) {
    match kind {
        UserKind::Heavy => (rgb(theme.palette.abuser), Pattern::Stripes),
        UserKind::Ordinary => (rgb(theme.palette.honest[0]), Pattern::Plain),
    }
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
    // The key names the two kinds and the strip under each bar, which only each row's note
    // named ("ordinary 0 of 227").
    let kind = |kind, words| {
        let (colour, pattern) = look(kind, theme);
        Entry { swatch: Swatch::Kind(colour, pattern), words }
    };
    let entries = [
        kind(UserKind::Heavy, HEAVY_LABEL),
        kind(UserKind::Ordinary, ORDINARY_LABEL),
        Entry { swatch: Swatch::Strip, words: STRIP_KEY },
    ];
    // A chart too narrow for the key in two lines (no widget's: a 200 px canvas) leaves it
    // out, so the bars keep their room; each row's note still names the strip.
    let key_h = match key_lines(&entries, w - 2 * pad, theme.px(LARGEST), theme).len() as i32 {
        lines @ 1..=2 => lines,
        _ => 0,
    };
    let layout = fit((w, h), &texts, key_h, true, theme);
    let font = layout.font;
    let gap = theme.px(1).max(1) as i32;
    if key_h > 0 {
        draw_key(area, &entries, w - 2 * pad, (pad, pad), (font, layout.line_h), theme)?;
    }

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
            let (colour, pattern) = look(user.kind, theme);
            swatch(area, colour, pattern, (x0, y0), (x1, y1), theme)?;
            if user.kind == UserKind::Heavy {
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

#[cfg(test)]
mod tests {
    use super::*;
    use billsim_core::views::colours::LIGHT;
    use billsim_core::{simulate_day, Settings};

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
        assert_eq!(
            (orange, green),
            (4 + 1, 36 + 1),
            "4 bars of 1 heavy and 9 ordinary users, and the key's two swatches"
        );
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
        // The key's swatch of the strip comes first, two thirds refused.
        let (key, widths) = widths.split_first().expect("the key's strip is drawn");
        assert!(*key > 0, "the key's strip swatch: {key} px");
        let mut widths = widths.iter().copied();
        let mut refusing = 0;
        for o in &day.policies {
            let ordinary = || o.per_user.iter().zip(&day.users).filter(|(_, u)| u.kind != UserKind::Heavy);
            let refused: u64 = ordinary().map(|(p, _)| u64::from(p.refused)).sum();
            let calls: u64 = ordinary().map(|(_, u)| u64::from(u.calls)).sum();
            let words = format!("ordinary\u{a0}{refused}\u{a0}of\u{a0}{calls}");
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
    fn the_key_names_the_heavy_user_the_ordinary_users_and_the_strip_at_a_phones_width_and_a_desks() {
        let day = simulate_day(0, &Settings::default()).unwrap();
        // The canvas in the widget: 296 px wide on a 320 px phone, 672 in a lesson's column.
        for size in [(296, 368), (366, 368), (672, 272)] {
            let svg = svg_sized(&day, Policy::NoLimit, size, 100);
            let drawn = crate::rows::drawn_text(&svg);
            for words in [HEAVY_LABEL, ORDINARY_LABEL, STRIP_KEY] {
                assert!(drawn.contains(words), "{words} in the key at {size:?}: {drawn}");
            }
            let cut = crate::rows::texts_cut(&svg, (size.0 as i32, size.1 as i32));
            assert!(cut.is_empty(), "at {size:?}: {cut:#?}");
            assert!(crate::rows::texts_overlapping(&svg).is_empty(), "at {size:?}");
        }
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
        let (calls, heavy) = broke.calls();
        let honest = calls - heavy;
        let words = format!("$0.00 · refused: heavy {heavy}, ordinary\u{a0}{honest}\u{a0}of\u{a0}{honest}");
        assert!(svg.contains(&words), "every call refused, nothing billed: {words}");
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
