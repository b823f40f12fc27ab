//! The lesson's claims checked over a range of days, with the extremes: the numbers behind
//! "over 200 days" and the properties the tests hold on 10,000.

use crate::money::{permille, Micros, Overflow};
use crate::settings::Settings;
use crate::simulate::{run_policy, simulate_day, simulate_users, DayResult, Policy};
use crate::toy_day::{toy_day, UserDay, UserKind};
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

/// How one policy did across the days: the range of the heavy user's share and the
/// ordinary calls it refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicySpread {
    pub policy: Policy,
    /// Heavy share in tenths of a percent, lowest and highest, with their days.
    pub lowest_heavy_permille: Extreme,
    pub highest_heavy_permille: Extreme,
    /// Ordinary calls refused, summed over the days.
    pub ordinary_refused: u64,
    /// Days on which at least one ordinary call was refused.
    pub days_ordinary_refused: u32,
}

impl PolicySpread {
    fn new(policy: Policy, heavy: u64, refused: u64, seed: u32) -> Self {
        let at = Extreme { value: heavy, seed };
        PolicySpread {
            policy,
            lowest_heavy_permille: at,
            highest_heavy_permille: at,
            ordinary_refused: 0,
            days_ordinary_refused: 0,
        }
        .with(heavy, refused, seed)
    }

    fn with(mut self, heavy: u64, refused: u64, seed: u32) -> Self {
        if heavy < self.lowest_heavy_permille.value {
            self.lowest_heavy_permille = Extreme { value: heavy, seed };
        }
        if heavy > self.highest_heavy_permille.value {
            self.highest_heavy_permille = Extreme { value: heavy, seed };
        }
        self.ordinary_refused = self.ordinary_refused.saturating_add(refused);
        self.days_ordinary_refused += u32::from(refused > 0);
        self
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ManyDays {
    pub from: u32,
    pub count: u32,
    pub settings: Settings,
    pub failures: Failures,
    pub extremes: Extremes,
    /// One entry per policy, in `Policy::ALL`'s order (empty when no day was run).
    pub spread: Vec<PolicySpread>,
}

/// Each policy's spread over a range of days, without the lesson's extra claims: what
/// the widget's line under the chart says ("over 200 days: ...").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DaysSpread {
    pub from: u32,
    pub count: u32,
    pub settings: Settings,
    pub spread: Vec<PolicySpread>,
}

impl DaysSpread {
    /// The line under the widget's chart: what `policy` did over these days.
    ///
    /// ```
    /// use billsim_core::{many_days::days_spread, Policy, Settings};
    /// let days = days_spread(0, 20, &Settings::default()).unwrap();
    /// let line = days.sentence(Policy::DailyBudget);
    /// assert!(line.starts_with("Over 20 days (0 to 19), Daily cost budget $0.25: the heavy user is "), "{line}");
    /// ```
    pub fn sentence(&self, policy: Policy) -> String {
        let Some(s) = self.spread.iter().find(|s| s.policy == policy) else {
            return "No days were run.".into();
        };
        let whole = |permille: u64| (permille + 5) / 10;
        let (lo, hi) = (whole(s.lowest_heavy_permille.value), whole(s.highest_heavy_permille.value));
        let share = if lo == hi { format!("{lo}%") } else { format!("{lo}\u{2013}{hi}%") };
        let last = u64::from(self.from) + u64::from(self.count) - 1;
        let refused = match s.days_ordinary_refused {
            0 => "no ordinary call refused on any day".to_string(),
            d => format!("{} ordinary calls refused, on {d} of the {} days", s.ordinary_refused, self.count),
        };
        format!(
            "Over {} days ({} to {last}), {}: the heavy user is {share} of the bill; {refused}.",
            self.count,
            self.from,
            policy.label(&self.settings)
        )
    }
}

/// Adds one day to each policy's spread.
fn add_day(spread: &mut Vec<PolicySpread>, day: &DayResult) {
    let seed = day.seed;
    let this_day =
        Policy::ALL.map(|p| (p, heavy_permille(day, p), day.outcome(p).refused(&day.users, UserKind::Ordinary)));
    if spread.is_empty() {
        spread.extend(this_day.iter().map(|&(p, heavy, refused)| PolicySpread::new(p, heavy, refused, seed)));
    } else {
        for (s, (_, heavy, refused)) in spread.iter_mut().zip(this_day) {
            *s = s.with(heavy, refused, seed);
        }
    }
}

/// How many of `count` days from `from` exist: day numbers end at `u32::MAX`.
pub fn days_from(from: u32, count: u32) -> u32 {
    let left = u64::from(u32::MAX) - u64::from(from) + 1;
    u32::try_from(left.min(u64::from(count))).unwrap_or(count)
}

/// Each policy's spread on days `from .. from + count` under `settings` (fewer when the
/// day numbers run out at 4,294,967,295).
pub fn days_spread(from: u32, count: u32, settings: &Settings) -> Result<DaysSpread, Overflow> {
    let count = days_from(from, count);
    let mut spread = Vec::new();
    for seed in (from..=u32::MAX).take(count as usize) {
        add_day(&mut spread, &simulate_day(seed, settings)?);
    }
    Ok(DaysSpread { from, count, settings: *settings, spread })
}

/// The heavy user's share of a policy's bill in tenths of a percent.
pub fn heavy_permille(day: &DayResult, policy: Policy) -> u64 {
    let o = day.outcome(policy);
    permille(o.heavy_charged(&day.users).0, o.bill.0).unwrap_or(0)
}

/// Whether any budget in [`ORDINARY_SAFE_BUDGETS`] refuses an ordinary call on this day.
/// The toy settles each call before the next, so when a budget refuses none of a user's
/// calls, the counts under any larger budget are the same and it refuses none either:
/// checking the low end covers the range (the high end is checked too). (A larger budget
/// does not always refuse fewer calls in general: a big call it admits can crowd out
/// later ones.)
fn safe_budgets_refuse_ordinary(users: &[UserDay], settings: &Settings) -> Result<bool, Overflow> {
    for budget in [ORDINARY_SAFE_BUDGETS.0, ORDINARY_SAFE_BUDGETS.1] {
        let outcome = run_policy(users, Policy::DailyBudget, &Settings { budget, ..*settings })?;
        let refused = users.iter().zip(&outcome.per_user).filter(|(u, _)| u.kind == UserKind::Ordinary);
        if refused.map(|(_, o)| o.refused).any(|r| r > 0) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Checks the lesson's claims on days `from .. from + count` under `settings` (fewer when
/// the day numbers run out at 4,294,967,295).
pub fn many_days(from: u32, count: u32, settings: &Settings) -> Result<ManyDays, Overflow> {
    let count = days_from(from, count);
    let mut failures = Failures::default();
    let mut x = Extremes::default();
    let mut spread: Vec<PolicySpread> = Vec::new();
    for seed in (from..=u32::MAX).take(count as usize) {
        // The day's calls are drawn once, for the settings and for the extra budgets.
        let users = toy_day(seed);
        let day = simulate_users(seed, &users, settings)?;
        add_day(&mut spread, &day);
        let no_limit = heavy_permille(&day, Policy::NoLimit);
        let budget = heavy_permille(&day, Policy::DailyBudget);
        let refused = |p: Policy| day.outcome(p).refused(&day.users, UserKind::Ordinary);
        failures.heavy_under_90_percent_with_no_limit += u32::from(no_limit < HEAVY_NO_LIMIT_AT_LEAST);
        failures.heavy_over_35_percent_with_budget += u32::from(budget > HEAVY_BUDGET_AT_MOST);
        failures.ordinary_refused_by_request_limit += u32::from(refused(Policy::RequestsPerMinute) > 0);
        failures.ordinary_refused_by_budget += u32::from(refused(Policy::DailyBudget) > 0);
        failures.ordinary_refused_by_a_budget_from_15_to_50_cents +=
            u32::from(safe_budgets_refuse_ordinary(&users, settings)?);
        Extreme::keep(&mut x.lowest_heavy_permille_no_limit, no_limit, seed, |a, b| a < b);
        Extreme::keep(&mut x.highest_heavy_permille_budget, budget, seed, |a, b| a > b);
        Extreme::keep(&mut x.most_ordinary_refused_no_limit, refused(Policy::NoLimit), seed, |a, b| a > b);
        Extreme::keep(&mut x.most_ordinary_refused_request_limit, refused(Policy::RequestsPerMinute), seed, |a, b| {
            a > b
        });
        Extreme::keep(&mut x.most_ordinary_refused_budget, refused(Policy::DailyBudget), seed, |a, b| a > b);
    }
    Ok(ManyDays { from, count, settings: *settings, failures, extremes: x, spread })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_days_checked_stop_at_the_last_day_number_and_say_how_many_were_run() {
        let settings = Settings::default();
        assert_eq!(many_days(u32::MAX, 2, &settings).unwrap().count, 1);
        assert_eq!(days_spread(u32::MAX - 1, 5, &settings).unwrap().count, 2);
        assert_eq!(days_spread(0, 3, &settings).unwrap().count, 3);
    }
}
