//! The lesson's claims checked over a range of days, with the extremes: the numbers behind
//! "over 200 days" and the properties the tests hold on 10,000.

use crate::money::{permille, Micros, Overflow};
use crate::settings::Settings;
use crate::simulate::{simulate_day, DayResult, Policy};
use crate::toy_day::UserKind;
use serde::Serialize;

/// No limit: the heavy user is at least this share of the bill (in tenths of a percent).
pub const HEAVY_NO_LIMIT_AT_LEAST: u64 = 900;
/// Under the budget: the heavy user is at most this share.
pub const HEAVY_BUDGET_AT_MOST: u64 = 350;
/// The range of budgets that must refuse no ordinary call ($0.15 to $0.50).
pub const ORDINARY_SAFE_BUDGETS: (Micros, Micros) = (Micros(150_000), Micros(500_000));

/// A value and the day it was seen on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Extreme {
    pub value: u64,
    pub seed: u32,
}

impl Extreme {
    fn keep(slot: &mut Option<Extreme>, value: u64, seed: u32, better: impl Fn(u64, u64) -> bool) {
        if slot.map_or(true, |e| better(value, e.value)) {
            *slot = Some(Extreme { value, seed });
        }
    }
}

/// On how many days each claim of the lesson fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Failures {
    /// No limit: heavy share below 90%.
    pub heavy_under_90_percent_with_no_limit: u32,
    /// The budget in the settings: heavy share above 35%.
    pub heavy_over_35_percent_with_budget: u32,
    /// The request limit in the settings refused an ordinary call.
    pub ordinary_refused_by_request_limit: u32,
    /// The budget in the settings refused an ordinary call.
    pub ordinary_refused_by_budget: u32,
    /// A budget from $0.15 to $0.50 refused an ordinary call.
    pub ordinary_refused_by_a_budget_from_15_to_50_cents: u32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extremes {
    /// Heavy share in tenths of a percent.
    pub lowest_heavy_permille_no_limit: Option<Extreme>,
    pub highest_heavy_permille_budget: Option<Extreme>,
    pub most_ordinary_refused_no_limit: Option<Extreme>,
    pub most_ordinary_refused_request_limit: Option<Extreme>,
    pub most_ordinary_refused_budget: Option<Extreme>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ManyDays {
    pub from: u32,
    pub count: u32,
    pub settings: Settings,
    pub failures: Failures,
    pub extremes: Extremes,
}

/// The heavy user's share of a policy's bill in tenths of a percent.
pub fn heavy_permille(day: &DayResult, policy: Policy) -> u64 {
    let o = day.outcome(policy);
    permille(o.heavy_charged(&day.users).0, o.bill.0).unwrap_or(0)
}

/// Whether any budget in [`ORDINARY_SAFE_BUDGETS`] refuses an ordinary call on this day.
/// The toy settles each call before the next, so a larger budget refuses no more than a
/// smaller one: checking the low end covers the range (the high end is checked too).
fn safe_budgets_refuse_ordinary(seed: u32, settings: &Settings) -> Result<bool, Overflow> {
    for budget in [ORDINARY_SAFE_BUDGETS.0, ORDINARY_SAFE_BUDGETS.1] {
        let day = simulate_day(seed, &Settings { budget, ..*settings })?;
        if day.outcome(Policy::DailyBudget).refused(&day.users, UserKind::Ordinary) > 0 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Checks the lesson's claims on days `from .. from + count` under `settings`.
pub fn many_days(from: u32, count: u32, settings: &Settings) -> Result<ManyDays, Overflow> {
    let mut failures = Failures::default();
    let mut x = Extremes::default();
    for seed in (from..=u32::MAX).take(count as usize) {
        let day = simulate_day(seed, settings)?;
        let no_limit = heavy_permille(&day, Policy::NoLimit);
        let budget = heavy_permille(&day, Policy::DailyBudget);
        let refused = |p: Policy| day.outcome(p).refused(&day.users, UserKind::Ordinary);
        failures.heavy_under_90_percent_with_no_limit += u32::from(no_limit < HEAVY_NO_LIMIT_AT_LEAST);
        failures.heavy_over_35_percent_with_budget += u32::from(budget > HEAVY_BUDGET_AT_MOST);
        failures.ordinary_refused_by_request_limit += u32::from(refused(Policy::RequestsPerMinute) > 0);
        failures.ordinary_refused_by_budget += u32::from(refused(Policy::DailyBudget) > 0);
        failures.ordinary_refused_by_a_budget_from_15_to_50_cents +=
            u32::from(safe_budgets_refuse_ordinary(seed, settings)?);
        Extreme::keep(&mut x.lowest_heavy_permille_no_limit, no_limit, seed, |a, b| a < b);
        Extreme::keep(&mut x.highest_heavy_permille_budget, budget, seed, |a, b| a > b);
        Extreme::keep(&mut x.most_ordinary_refused_no_limit, refused(Policy::NoLimit), seed, |a, b| a > b);
        Extreme::keep(&mut x.most_ordinary_refused_request_limit, refused(Policy::RequestsPerMinute), seed, |a, b| a > b);
        Extreme::keep(&mut x.most_ordinary_refused_budget, refused(Policy::DailyBudget), seed, |a, b| a > b);
    }
    Ok(ManyDays { from, count, settings: *settings, failures, extremes: x })
}
