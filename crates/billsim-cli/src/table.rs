//! Readable tables for a person at a terminal.

use crate::cells;
use billsim_core::lessons::toy_day::in_flight::{self, Params, Row};
use billsim_core::lessons::toy_day::lesson_numbers::Number;
use billsim_core::lessons::toy_day::many_days::{Extreme, ManyDays};
use billsim_core::lessons::toy_day::readout::{readout, COLUMNS};
use billsim_core::words::{counted, grouped, percent};
use billsim_core::{cost, Micros};
use billsim_core::{DayResult, Policy};
use std::fmt::Write;

pub fn day(day: &DayResult) -> String {
    let (calls, heavy) = day.calls();
    let mut out = format!(
        "Day {}: {} calls, the heavy user {} ({}%)\n",
        day.seed,
        calls,
        heavy,
        percent(heavy, calls).unwrap_or(0)
    );
    // The rows are the core's readout, the same as the page's "Show numbers" table.
    let rows = readout(day);
    for (o, rows) in day.policies.iter().zip(rows.chunks(day.users.len().max(1))) {
        let _ = writeln!(out, "\n{}  bill {}", o.policy.label(&day.settings), o.bill.dollars(2));
        // The page's column heads, but the policy's, which heads each policy's rows here.
        let [_, user, calls, served, refused, charged, share] = COLUMNS;
        let _ = writeln!(out, "  {user:<16} {calls:>5} {served:>6} {refused:>7} {charged:>9} {share:>13}");
        for r in rows {
            let _ = writeln!(
                out,
                "  {:<16} {:>5} {:>6} {:>7} {:>9} {:>13}",
                r.user, r.calls, r.served, r.refused, r.charged, r.share
            );
        }
    }
    let _ = writeln!(out);
    for p in Policy::ALL {
        let _ = writeln!(out, "{}", day.summary(p));
    }
    out + "\n"
}

pub fn many_days(d: &ManyDays) -> String {
    let f = &d.failures;
    let last = u64::from(d.from) + u64::from(d.count) - 1;
    let mut out = format!(
        "Days {} to {last} ({}): days on which a claim fails\n",
        d.from,
        counted(d.count.into(), "day", "days")
    );
    let rows = [
        ("no limit: heavy user under 90% of the bill", f.heavy_under_90_percent_with_no_limit),
        ("daily budget: heavy user over 35% of the bill", f.heavy_over_35_percent_with_budget),
        ("request limit refused an ordinary call", f.ordinary_refused_by_request_limit),
        ("daily budget refused an ordinary call", f.ordinary_refused_by_budget),
        ("a budget from $0.15 to $0.50 refused an ordinary call", f.ordinary_refused_by_a_budget_from_15_to_50_cents),
    ];
    for (what, n) in rows {
        let _ = writeln!(out, "  {what:<55} {n:>7}");
    }
    let x = &d.extremes;
    let tenths =
        |e: Option<Extreme>| e.map_or("-".into(), |e| format!("{}.{}% (day {})", e.value / 10, e.value % 10, e.seed));
    let count = |e: Option<Extreme>| e.map_or("-".into(), |e| format!("{} (day {})", e.value, e.seed));
    let _ = writeln!(out, "Extremes");
    let _ = writeln!(out, "  lowest heavy share, no limit        {}", tenths(x.lowest_heavy_permille_no_limit));
    let _ = writeln!(out, "  highest heavy share, daily budget   {}", tenths(x.highest_heavy_permille_budget));
    let _ = writeln!(out, "  most ordinary calls refused, no limit       {}", count(x.most_ordinary_refused_no_limit));
    let _ =
        writeln!(out, "  most ordinary calls refused, request limit  {}", count(x.most_ordinary_refused_request_limit));
    let _ = writeln!(out, "  most ordinary calls refused, daily budget   {}", count(x.most_ordinary_refused_budget));
    out
}

pub fn overrun(params: &Params, rows: &[Row]) -> String {
    let each = cost(in_flight::INPUT, in_flight::OUTPUT).map_or("-".into(), Micros::exact_dollars);
    let mut out = format!(
        "{} at once, each {} tokens in and {} out ({each}), against a budget of {}.\n\
         Every call is checked before any is charged.\n\n",
        counted(params.calls().into(), "call", "calls"),
        grouped(in_flight::INPUT),
        grouped(in_flight::OUTPUT),
        params.budget().exact_dollars(),
    );
    let _ = writeln!(out, "  {:<40} {:>4} {:>8} {:>9} {:>10}", "version", "in", "refused", "charged", "of budget");
    for r in rows {
        let of_budget = percent(r.charged.0, params.budget().0).map_or("-".into(), |p| format!("{p}%"));
        let refused = params.calls().saturating_sub(r.admitted);
        let label = r.version.label(params);
        let _ = writeln!(
            out,
            "  {label:<40} {:>4} {refused:>8} {:>9} {of_budget:>10}",
            r.admitted,
            r.charged.exact_dollars()
        );
    }
    out
}

/// Each of the lesson's sentences once, with the figures that belong to it; the lesson's
/// value beside ours where they differ.
pub fn numbers(numbers: &[Number]) -> String {
    let width = cells::width(numbers.iter().map(|n| n.key), 0);
    let mut out = String::new();
    let mut sentence = "";
    for n in numbers {
        if n.sentence != sentence {
            sentence = n.sentence;
            let _ = writeln!(out, "> {sentence}");
        }
        let _ = write!(out, "  {:<width$}  {}", n.key, n.ours);
        if n.differs() {
            let _ = write!(out, "    lesson: {}", n.lesson);
        }
        let _ = writeln!(out);
    }
    let differ = numbers.iter().filter(|n| n.differs()).count();
    let _ = writeln!(out, "\n{differ} of {} figures differ from the lesson's.", numbers.len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_call_at_once_is_said_in_the_singular() {
        let params = Params::new(1, 50, Micros(250_000)).unwrap();
        let text = overrun(&params, &in_flight::overrun(&params).unwrap());
        assert!(text.starts_with("1 call at once, each "), "{text}");
        let params = Params::new(2, 50, Micros(250_000)).unwrap();
        assert!(overrun(&params, &[]).starts_with("2 calls at once, each "));
    }

    #[test]
    fn a_sentence_is_quoted_once_and_the_lessons_value_is_shown_only_where_ours_differs() {
        let figure = |key, ours: &str, lesson| Number { key, sentence: "One sentence.", ours: ours.into(), lesson };
        let text = numbers(&[figure("same", "420", "420"), figure("other", "417", "394")]);
        assert_eq!(
            text,
            "> One sentence.\n  same   420\n  other  417    lesson: 394\n\n1 of 2 figures differ from the lesson's.\n"
        );
    }
}
