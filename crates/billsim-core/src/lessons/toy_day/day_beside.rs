//! Lesson 000's own day beside the widget's: the figures the lesson quotes from its run,
//! this day's, and where they fall over 200 days at the lesson's settings. The widget's
//! days are drawn from a day number, so none of them is the lesson's day: its numbers are
//! set beside the lesson's, never said to be them.

use crate::engine::RunError;
use crate::lessons::toy_day::simulate::{simulate_day, DayResult, Policy};
use crate::lessons::toy_day::UserKind;
use crate::scenario::{Scenario, Values};
use crate::views::panels::Panel;
use crate::words::{grouped, share};

/// How many days [`OVER_DAYS`] covers (days 0 to 199), as the line under the chart checks.
pub const DAYS: u32 = 200;

/// The line under the chart while it checks [`DAYS`] days: "Checking 200 days…".
///
/// ```
/// use billsim_core::lessons::toy_day::day_beside::checking;
/// assert_eq!(checking(), "Checking 200 days\u{2026}");
/// ```
pub fn checking() -> String {
    format!("Checking {} days\u{2026}", grouped(u64::from(DAYS)))
}

/// What the lesson says of its day (its introduction): each figure's words, and the lesson's.
const FIGURES: [[&str; 2]; 8] = [
    ["Calls in the day", "394"],
    ["The heavy user's share of the calls", "48%"],
    ["No limit: the bill", "$9.93"],
    ["No limit: the heavy user's share", "94%"],
    ["Daily cost budget $0.25: the bill", "$0.85"],
    ["Daily cost budget $0.25: the heavy user's share", "28%"],
    ["Daily cost budget $0.25: the heavy user's calls refused", "185 of 190"],
    ["Daily cost budget $0.25: ordinary calls refused", "0 of 204"],
];

/// Where each of [`FIGURES`] falls over days 0 to 199 at the lesson's settings, as
/// [`over_days`] works it out (a test checks them against it): written here, so a click
/// does not run 200 days.
pub const OVER_DAYS: [&str; 8] = [
    "from 365 to 463",
    "from 41% to 52%",
    "from $9.80 to $10.33",
    "from 92% to 95%",
    "from $0.76 to $1.06",
    "from 23% to 33%",
    "from 183 to 191",
    "0 on every day",
];

/// This day's figures, as the table writes them, and each as a number to range over (the
/// bill in micro-dollars, a share in tenths of a percent, calls refused).
fn figures(day: &DayResult) -> [(String, u64); 8] {
    let (none, budget) = (day.outcome(Policy::NoLimit), day.outcome(Policy::DailyBudget));
    let (calls, heavy) = day.calls();
    // A share as the table writes it, and in tenths of a percent to range over.
    let share_of = |part: u64, whole: u64| {
        let tenths = (u128::from(part) * 1_000 + u128::from(whole.max(1)) / 2) / u128::from(whole.max(1));
        (share(part, whole).unwrap_or_default(), u64::try_from(tenths).unwrap_or(u64::MAX))
    };
    let heavy_share =
        |o: &crate::lessons::toy_day::simulate::PolicyOutcome| share_of(o.heavy_charged(&day.users).0, o.bill.0);
    let refused = budget.refused(&day.users, UserKind::Ordinary);
    let heavy_refused = budget.refused(&day.users, UserKind::Heavy);
    [
        (grouped(calls), calls),
        share_of(heavy, calls),
        (none.bill.cents(), none.bill.0),
        heavy_share(none),
        (budget.bill.cents(), budget.bill.0),
        heavy_share(budget),
        (format!("{} of {}", grouped(heavy_refused), grouped(heavy)), heavy_refused),
        (format!("{} of {}", grouped(refused), grouped(calls - heavy)), refused),
    ]
}

/// Where each of [`FIGURES`] falls over days `0..days` at the lesson's settings: "from
/// $9.12 to $10.80", or the one value every day gives.
pub fn over_days(days: u32) -> Result<[String; 8], RunError> {
    let settings = crate::Settings::default();
    let mut each: [Vec<u64>; 8] = Default::default();
    for seed in 0..days {
        let day = simulate_day(seed, &settings).map_err(|_| RunError::Overflow)?;
        for (i, (_, v)) in figures(&day).into_iter().enumerate() {
            each[i].push(v);
        }
    }
    let money = |n: u64| crate::Micros(n).cents();
    let tenths = |n: u64| format!("{}%", (n + 5) / 10);
    Ok([
        range(&each[0], &|n| grouped(n)),
        range(&each[1], &tenths),
        range(&each[2], &money),
        range(&each[3], &tenths),
        range(&each[4], &money),
        range(&each[5], &tenths),
        range(&each[6], &|n| grouped(n)),
        range(&each[7], &|n| grouped(n)),
    ])
}

/// Where `values` fall, as `show` writes each: "from $9.12 to $10.80", or "0 on every day"
/// where every day gives one value.
fn range(values: &[u64], show: &dyn Fn(u64) -> String) -> String {
    match (values.iter().min(), values.iter().max()) {
        (Some(lo), Some(hi)) if show(*lo) == show(*hi) => format!("{} on every day", show(*lo)),
        (Some(lo), Some(hi)) => format!("from {} to {}", show(*lo), show(*hi)),
        _ => String::new(),
    }
}

/// A figure the lesson quotes at other settings than its own: the one setting it changes
/// (its key and value), the policy, what the figure is, the lesson's, and where it falls
/// over [`DAYS`] days at those settings ([`named_over_days`]; a test checks them).
pub struct Named {
    pub key: &'static str,
    pub value: &'static str,
    pub policy: Policy,
    pub what: &'static str,
    pub lesson: &'static str,
    pub over_days: &'static str,
}

/// The lesson's "at 1 call a minute ... the nine ordinary users lose 69 calls" and "At $0.05,
/// the day shown turns away 77 of their calls".
pub const NAMED: [Named; 2] = [
    Named {
        key: "perMinute",
        value: "1",
        policy: Policy::RequestsPerMinute,
        what: "1 request per minute: ordinary calls refused",
        lesson: "69",
        over_days: "from 54 to 97",
    },
    Named {
        key: "budgetDollars",
        value: "0.05",
        policy: Policy::DailyBudget,
        what: "Daily cost budget $0.05: ordinary calls refused",
        lesson: "77",
        over_days: "from 50 to 149",
    },
];

/// The ordinary calls `policy` refuses on `day`, and the ordinary calls.
fn ordinary_refused(day: &DayResult, policy: Policy) -> (u64, u64) {
    let (calls, heavy) = day.calls();
    (day.outcome(policy).refused(&day.users, UserKind::Ordinary), calls - heavy)
}

/// Where `named`'s figure falls over days `0..days` at its settings.
pub fn named_over_days(scenario: &Scenario, named: &Named, days: u32) -> Result<String, RunError> {
    let mut values = Values::defaults(scenario);
    values.set(scenario, named.key, named.value).map_err(|_| RunError::Overflow)?;
    let settings = values.day_settings();
    let mut refused = Vec::new();
    for seed in 0..days {
        let day = simulate_day(seed, &settings).map_err(|_| RunError::Overflow)?;
        refused.push(ordinary_refused(&day, named.policy).0);
    }
    Ok(range(&refused, &|n| grouped(n)))
}

/// The toy day's panel beside its chart: at the lesson's settings, the lesson's day beside
/// day `seed` and where its figures fall over 200 days; at a setting the lesson quotes a
/// figure at ([`NAMED`]), that figure beside this day's; at other settings, none (the
/// lesson's figures are of its own settings).
pub fn panels(scenario: &Scenario, seed: u32, values: &Values, _policy: &str) -> Result<Vec<Panel>, RunError> {
    let defaults = Values::defaults(scenario);
    let named = NAMED.iter().find(|n| {
        let mut at = defaults.clone();
        at.set(scenario, n.key, n.value).is_ok() && at == *values
    });
    if *values != defaults && named.is_none() {
        return Ok(Vec::new());
    }
    let day = simulate_day(seed, &values.day_settings()).map_err(|_| RunError::Overflow)?;
    let rows = match named {
        Some(n) => {
            let (refused, ordinary) = ordinary_refused(&day, n.policy);
            let here = format!("{} of {}", grouped(refused), grouped(ordinary));
            vec![vec![n.what.to_string(), n.lesson.to_string(), here, n.over_days.to_string()]]
        }
        None => {
            let here = figures(&day);
            (0..FIGURES.len())
                .map(|i| {
                    let [what, lesson] = FIGURES[i];
                    vec![what.to_string(), lesson.to_string(), here[i].0.clone(), OVER_DAYS[i].to_string()]
                })
                .collect()
        }
    };
    let table = crate::views::table::Table {
        caption: format!("The lesson's day beside day {seed} here"),
        columns: vec![
            String::new(),
            "The lesson's day".into(),
            format!("Day {seed} here"),
            format!("Over {} days here", grouped(u64::from(DAYS))),
        ],
        rows,
    };
    let sentence = "The lesson's figures are of its own toy day. Each day here is drawn from its number, so none \
        is the lesson's day: the bills and shares differ a little, and the points hold on every day.";
    Ok(vec![Panel {
        sentences: vec![sentence.to_string()],
        table: Some(table),
        ..Panel::titled("lessonDay", "The lesson's day beside this one")
    }])
}

#[cfg(test)]
mod tests;
