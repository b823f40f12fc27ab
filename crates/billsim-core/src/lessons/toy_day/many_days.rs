//! The lesson's claims checked over a range of days, with the extremes: the numbers behind
//! "over 200 days" and the properties the tests hold on 10,000.

use crate::lessons::toy_day::simulate::{run_policy, simulate_day, simulate_users, DayResult, Policy};
use crate::lessons::toy_day::{toy_day, UserDay, UserKind};
use crate::money::{Micros, Overflow};
use crate::settings::Settings;
use crate::words::{counted, in_sentence, permille};
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
    /// Heavy share in tenths of a percent, lowest and highest, with their days: of the
    /// days with a bill only (`None` when no day had one; a share of nothing is not 0%).
    pub lowest_heavy_permille: Option<Extreme>,
    pub highest_heavy_permille: Option<Extreme>,
    /// Days on which nothing was billed.
    pub days_without_bill: u32,
    /// Ordinary calls refused, summed over the days.
    pub ordinary_refused: u64,
    /// Days on which at least one ordinary call was refused.
    pub days_ordinary_refused: u32,
}

impl PolicySpread {
    fn new(policy: Policy, heavy: Option<u64>, refused: u64, seed: u32) -> Self {
        PolicySpread {
            policy,
            lowest_heavy_permille: None,
            highest_heavy_permille: None,
            days_without_bill: 0,
            ordinary_refused: 0,
            days_ordinary_refused: 0,
        }
        .with(heavy, refused, seed)
    }

    /// Adds a day: the heavy user's share of its bill (`None` for no bill) and the
    /// ordinary calls refused.
    fn with(mut self, heavy: Option<u64>, refused: u64, seed: u32) -> Self {
        match heavy {
            Some(heavy) => {
                Extreme::keep(&mut self.lowest_heavy_permille, heavy, seed, |a, b| a < b);
                Extreme::keep(&mut self.highest_heavy_permille, heavy, seed, |a, b| a > b);
            }
            None => self.days_without_bill += 1,
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
    /// Days run: fewer than `asked_for` when the day numbers ran out.
    pub count: u32,
    pub asked_for: u32,
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
    /// Days run: fewer than `asked_for` when the day numbers ran out.
    pub count: u32,
    pub asked_for: u32,
    pub settings: Settings,
    pub spread: Vec<PolicySpread>,
}

impl DaysSpread {
    /// The line under the widget's chart: what `policy` did over these days. True at the
    /// edges: one day, a range cut at the last day number, days with no bill.
    ///
    /// ```
    /// use billsim_core::lessons::toy_day::many_days::days_spread;
    /// use billsim_core::{Policy, Settings};
    /// let days = days_spread(0, 20, &Settings::default()).unwrap();
    /// let line = days.sentence(Policy::DailyBudget);
    /// assert!(line.starts_with("Over 20 days (0 to 19), daily cost budget $0.25: the heavy user is "), "{line}");
    /// ```
    pub fn sentence(&self, policy: Policy) -> String {
        let Some(s) = self.spread.iter().find(|s| s.policy == policy) else {
            return "No days were run.".into();
        };
        let one_day = self.count == 1;
        let share = match (s.lowest_heavy_permille, s.highest_heavy_permille) {
            (Some(lo), Some(hi)) => {
                let whole = |e: Extreme| (e.value + 5) / 10;
                let (lo, hi) = (whole(lo), whole(hi));
                let share = if lo == hi { format!("{lo}%") } else { format!("{lo}\u{2013}{hi}%") };
                match s.days_without_bill {
                    0 => format!("the heavy user is {share} of the bill"),
                    none => {
                        let billed = counted(u64::from(self.count - none), "day", "days");
                        let other = if none == 1 { "day".to_string() } else { none.to_string() };
                        format!("the heavy user is {share} of the bill on the {billed} with a bill (nothing is billed on the other {other})")
                    }
                }
            }
            _ if one_day => "nothing is billed".into(),
            _ => "nothing is billed on any day".into(),
        };
        let calls = counted(s.ordinary_refused, "ordinary call", "ordinary calls");
        let refused = match (s.days_ordinary_refused, self.count) {
            (0, 1) => "no ordinary call refused".to_string(),
            (0, _) => "no ordinary call refused on any day".to_string(),
            (_, 1) => format!("{calls} refused"),
            // A count over many days, said as one: "on every day" after it read as each day's.
            (2, 2) => format!("{calls} refused in all, some on both days"),
            (d, n) if d == n => format!("{calls} refused in all, some on every day"),
            (d, n) => format!("{calls} refused in all, on {d} of the {n} days"),
        };
        // The policy's label inside the sentence, lowered: "Over 200 days (0 to 199), daily
        // cost budget $0.25: ..." (with its capital, it read as a new sentence).
        format!(
            "{}, {}: {share}; {refused}.",
            days_words(self.from, self.count, self.asked_for),
            in_sentence(&policy.label(&self.settings))
        )
    }
}

/// The days a range covers, as the sentences say it: `Over 200 days (0 to 199)`, `On day
/// 7`, and when the day numbers ran out before `asked_for` days, that they did.
///
/// ```
/// use billsim_core::lessons::toy_day::many_days::days_words;
/// assert_eq!(days_words(0, 200, 200), "Over 200 days (0 to 199)");
/// assert_eq!(days_words(7, 1, 1), "On day 7");
/// ```
pub fn days_words(from: u32, count: u32, asked_for: u32) -> String {
    let last = u64::from(from) + u64::from(count).saturating_sub(1);
    let end = u32::MAX;
    match (count, count < asked_for) {
        (1, false) => format!("On day {from}"),
        (1, true) => format!("On day {from} only ({asked_for} days were asked for, but day numbers end at {end})"),
        (n, false) => format!("Over {n} days ({from} to {last})"),
        (n, true) => {
            format!("Over {n} days ({from} to {last}; {asked_for} were asked for, but day numbers end at {end})")
        }
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
pub fn days_spread(from: u32, asked_for: u32, settings: &Settings) -> Result<DaysSpread, Overflow> {
    let count = days_from(from, asked_for);
    let mut spread = Vec::new();
    for seed in (from..=u32::MAX).take(count as usize) {
        add_day(&mut spread, &simulate_day(seed, settings)?);
    }
    Ok(DaysSpread { from, count, asked_for, settings: *settings, spread })
}

/// The heavy user's share of a policy's bill in tenths of a percent (`None` for no bill).
pub fn heavy_permille(day: &DayResult, policy: Policy) -> Option<u64> {
    let o = day.outcome(policy);
    permille(o.heavy_charged(&day.users).0, o.bill.0)
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
pub fn many_days(from: u32, asked_for: u32, settings: &Settings) -> Result<ManyDays, Overflow> {
    let count = days_from(from, asked_for);
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
        // A day without a bill has no share to fail the claims on.
        failures.heavy_under_90_percent_with_no_limit +=
            u32::from(no_limit.is_some_and(|p| p < HEAVY_NO_LIMIT_AT_LEAST));
        failures.heavy_over_35_percent_with_budget += u32::from(budget.is_some_and(|p| p > HEAVY_BUDGET_AT_MOST));
        failures.ordinary_refused_by_request_limit += u32::from(refused(Policy::RequestsPerMinute) > 0);
        failures.ordinary_refused_by_budget += u32::from(refused(Policy::DailyBudget) > 0);
        failures.ordinary_refused_by_a_budget_from_15_to_50_cents +=
            u32::from(safe_budgets_refuse_ordinary(&users, settings)?);
        if let Some(no_limit) = no_limit {
            Extreme::keep(&mut x.lowest_heavy_permille_no_limit, no_limit, seed, |a, b| a < b);
        }
        if let Some(budget) = budget {
            Extreme::keep(&mut x.highest_heavy_permille_budget, budget, seed, |a, b| a > b);
        }
        Extreme::keep(&mut x.most_ordinary_refused_no_limit, refused(Policy::NoLimit), seed, |a, b| a > b);
        Extreme::keep(&mut x.most_ordinary_refused_request_limit, refused(Policy::RequestsPerMinute), seed, |a, b| {
            a > b
        });
        Extreme::keep(&mut x.most_ordinary_refused_budget, refused(Policy::DailyBudget), seed, |a, b| a > b);
    }
    Ok(ManyDays { from, count, asked_for, settings: *settings, failures, extremes: x, spread })
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

    fn budget(micros: u64) -> Settings {
        Settings { budget: Micros(micros), ..Settings::default() }
    }

    #[test]
    fn one_day_is_one_day_and_a_range_cut_at_the_last_day_number_says_so() {
        let line =
            |from: u32, count: u32| days_spread(from, count, &Settings::default()).unwrap().sentence(Policy::NoLimit);
        let last = line(u32::MAX, 3);
        assert!(
            last.starts_with(
                "On day 4294967295 only (3 days were asked for, but day numbers end at 4294967295), no limit: "
            ),
            "not \"Over 1 days (4294967295 to 4294967295)\": {last}"
        );
        let two = line(u32::MAX - 1, 5);
        assert!(
            two.starts_with(
                "Over 2 days (4294967294 to 4294967295; 5 were asked for, but day numbers end at 4294967295), "
            ),
            "{two}"
        );
        let one = line(7, 1);
        assert!(one.starts_with("On day 7, no limit: "), "{one}");
        assert!(!one.contains(" days"), "one day has no \"days\": {one}");
        assert!(line(0, 3).starts_with("Over 3 days (0 to 2), "));
        assert_eq!(days_spread(5, 0, &Settings::default()).unwrap().sentence(Policy::NoLimit), "No days were run.");
        assert_eq!(days_spread(u32::MAX, 3, &Settings::default()).unwrap().asked_for, 3);
    }

    #[test]
    fn days_with_no_bill_are_not_counted_as_a_share_of_zero_percent() {
        let broke = days_spread(0, 3, &budget(10_000)).unwrap().sentence(Policy::DailyBudget);
        assert!(broke.contains("daily cost budget $0.01: nothing is billed on any day; "), "{broke}");
        assert!(!broke.contains('%'), "no share of a bill that is not there: {broke}");
        let one = days_spread(0, 1, &budget(10_000)).unwrap().sentence(Policy::DailyBudget);
        assert!(one.contains(": nothing is billed; "), "{one}");
        let spread = days_spread(0, 3, &budget(10_000)).unwrap().spread;
        assert_eq!(spread[2].lowest_heavy_permille, None, "no day had a bill to share");
        assert_eq!(spread[2].days_without_bill, 3);
        assert_eq!(many_days(0, 3, &budget(10_000)).unwrap().extremes.highest_heavy_permille_budget, None);
    }

    /// A spread over `count` days from 0 with the given heavy shares (per mille, `None` on
    /// a day without a bill) and ordinary calls refused on each day.
    fn spread_of(days: &[(Option<u64>, u64)]) -> DaysSpread {
        let mut s: Option<PolicySpread> = None;
        for (seed, &(heavy, refused)) in days.iter().enumerate() {
            let seed = seed as u32;
            s = Some(match s {
                None => PolicySpread::new(Policy::NoLimit, heavy, refused, seed),
                Some(s) => s.with(heavy, refused, seed),
            });
        }
        let count = days.len() as u32;
        DaysSpread { from: 0, count, asked_for: count, settings: Settings::default(), spread: s.into_iter().collect() }
    }

    #[test]
    fn the_many_days_sentence_reads_true_for_some_days_billed_and_one_or_every_day_refused() {
        let line = |days: &[(Option<u64>, u64)]| spread_of(days).sentence(Policy::NoLimit);
        assert_eq!(
            line(&[(Some(280), 0), (None, 0), (Some(300), 1)]),
            "Over 3 days (0 to 2), no limit: the heavy user is 28\u{2013}30% of the bill on the 2 days with a bill (nothing is billed on the other day); 1 ordinary call refused in all, on 1 of the 3 days."
        );
        assert_eq!(
            line(&[(Some(280), 2), (Some(280), 3)]),
            "Over 2 days (0 to 1), no limit: the heavy user is 28% of the bill; 5 ordinary calls refused in all, some on both days."
        );
        assert_eq!(
            line(&[(Some(280), 2), (Some(280), 3), (None, 1)]),
            "Over 3 days (0 to 2), no limit: the heavy user is 28% of the bill on the 2 days with a bill (nothing is billed on the other day); 6 ordinary calls refused in all, some on every day."
        );
        assert_eq!(
            line(&[(Some(940), 1)]),
            "On day 0, no limit: the heavy user is 94% of the bill; 1 ordinary call refused."
        );
        assert_eq!(
            line(&[(Some(940), 0)]),
            "On day 0, no limit: the heavy user is 94% of the bill; no ordinary call refused."
        );
        assert_eq!(
            line(&[(None, 0), (Some(500), 0), (None, 0)]),
            "Over 3 days (0 to 2), no limit: the heavy user is 50% of the bill on the 1 day with a bill (nothing is billed on the other 2); no ordinary call refused on any day."
        );
    }
}
