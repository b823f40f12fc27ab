//! Limit lines: where a policy's money budget or spend ceiling is, over the same moments
//! as the spend. A budget's line is the budget as set, for the users who call: it bounds
//! the spend only where the budget sets aside the most a call can cost, in one process;
//! where it does not (check only, an input guessed low, two processes), spend passing the
//! line is the lesson's point, and the sentences say so.

use crate::budget::Refill;
use crate::engine::{Guard, Nanos, Tier, MONTH_MS};
use crate::money::{Micros, Overflow};
use crate::over_time::axis::DAY;
use crate::words::counted;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LimitKind {
    /// A money budget per user.
    Budget,
    /// One spend ceiling for everyone.
    Ceiling,
}

/// A dashed line at a budget or a ceiling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub kind: LimitKind,
    /// What the line is: "10 users x $0.25 per day", "spend ceiling $5.00 per day".
    pub label: String,
    /// What the chart writes on the line: "budget 10 users x $0.25 per day".
    pub chart_label: String,
    /// The line drawn: `[milliseconds, nano-dollars]` at each moment of the spend lines.
    pub points: Vec<[u64; 2]>,
    /// The lines (policies, by index) it belongs to.
    pub policies: Vec<usize>,
    /// Above the top of the money axis: the chart names it at the top instead of drawing it.
    pub above: bool,
}

impl Limit {
    /// The line's one value when it is flat over the whole axis.
    pub fn flat(&self) -> Option<u64> {
        let first = self.points.first()?[1];
        self.points.iter().all(|p| p[1] == first).then_some(first)
    }

    pub fn max(&self) -> u64 {
        self.points.iter().map(|p| p[1]).max().unwrap_or(0)
    }

    /// The line in a sentence: "the $2.50 budget line (10 users x $0.25 per day)".
    pub fn words(&self) -> String {
        let noun = match self.kind {
            LimitKind::Budget => "budget line",
            LimitKind::Ceiling => "ceiling line",
        };
        match self.flat() {
            Some(v) => format!("the {} {noun} ({})", Nanos(v).micros().exact_dollars(), self.label),
            None => format!("the {noun} ({})", self.label),
        }
    }
}

/// The limit line of `guard` at each of `moments` (the first is the axis's start), for
/// `users` users who call, belonging to no line yet; `None` for a guard that does not
/// limit money.
pub fn limit_of(guard: &Guard, users: u64, moments: &[u64]) -> Result<Option<Limit>, Overflow> {
    let start = moments.first().copied().unwrap_or(0);
    let periods = |at: u64, period: u64| periods(start, at, period);
    let points = |value: &dyn Fn(u64) -> u128| {
        moments
            .iter()
            .map(|&at| Ok([at, u64::try_from(value(at)).map_err(|_| Overflow)?]))
            .collect::<Result<Vec<_>, _>>()
    };
    let limit = |kind, label: String, points| {
        let chart_label = match kind {
            LimitKind::Budget => format!("budget {label}"),
            LimitKind::Ceiling => label.clone(),
        };
        Limit { kind, label, chart_label, points, policies: Vec::new(), above: false }
    };
    Ok(match *guard {
        Guard::SlidingWindow { .. } => None,
        Guard::MoneyBudget { budget_micros, refill, .. } => {
            if users == 0 {
                return Ok(None);
            }
            let all = u128::from(Nanos::from_micros(budget_micros)?.0) * u128::from(users);
            let who = format!("{} x {}", counted(users, "user", "users"), budget_micros.exact_dollars());
            match refill {
                Refill::Daily => Some(limit(
                    LimitKind::Budget,
                    format!("{who} per day"),
                    points(&|at| all * u128::from(periods(at, DAY)))?,
                )),
                // Back by a day's budget over 24 hours, counted in whole seconds as the budget does.
                Refill::Steady => Some(limit(
                    LimitKind::Budget,
                    format!("{who}, refilled steadily over 24 h"),
                    points(&|at| {
                        let seconds = u128::from(at.saturating_sub(start).div_ceil(1_000));
                        all + (all * seconds).div_ceil(u128::from(DAY / 1_000))
                    })?,
                )),
            }
        }
        Guard::SpendCeiling { ceiling_micros, period_ms } => {
            let ceiling = u128::from(Nanos::from_micros(ceiling_micros)?.0);
            let period = period_ms.0.max(1);
            let label = format!("spend ceiling {} per {}", ceiling_micros.exact_dollars(), period_words(period));
            Some(limit(LimitKind::Ceiling, label, points(&|at| ceiling * u128::from(periods(at, period)))?))
        }
        // Counts of calls or of model tokens, not money.
        Guard::TokenBucket { .. } | Guard::TokenBudget { .. } => None,
        Guard::Degrade { ceiling_micros, period_ms, ref model } => {
            let ceiling = u128::from(Nanos::from_micros(ceiling_micros)?.0);
            let period = period_ms.0.max(1);
            let label =
                format!("spend ceiling {} per {}, then {model}", ceiling_micros.exact_dollars(), period_words(period));
            Some(limit(LimitKind::Ceiling, label, points(&|at| ceiling * u128::from(periods(at, period)))?))
        }
        Guard::RateLimiter { .. } => None,
        // Lesson 001's caps: a ceiling of one UTC day, in the tutorial's words.
        Guard::DailyCap { cap_micros } | Guard::SetAsideCap { cap_micros, .. } => {
            let day = Guard::SpendCeiling { ceiling_micros: cap_micros, period_ms: crate::time::Span(DAY) };
            limit_of(&day, users, moments)?.map(|line| {
                let label = format!("daily cost cap {}", cap_micros.exact_dollars());
                Limit { chart_label: label.clone(), label, ..line }
            })
        }
        // Budgets per tenant on tiers: [`ledger_limit`] draws them, from the tenants of each tier.
        Guard::TenantLedger { .. } => None,
        // The language's other points draw no line yet (the views still match on the kinds).
        Guard::Limit(_) => None,
    })
}

/// The line of a per-tenant ledger's budgets (lesson 002): what every tenant who calls may
/// be charged so far, each gated on the tighter of its tier's daily budget (for each day
/// begun) and monthly budget (for each month begun), summed over the tenants. `cohorts`
/// are the tenants who call, counted by cohort; `None` when no tier bounds anyone.
pub fn ledger_limit(tiers: &[Tier], cohorts: &[(&str, u64)], moments: &[u64]) -> Result<Option<Limit>, Overflow> {
    let start = moments.first().copied().unwrap_or(0);
    // Each tier with tenants: (tenants, daily, monthly) in nano-dollars.
    type Bounded = (u64, Option<Nanos>, Option<Nanos>);
    let mut bounded: Vec<Bounded> = Vec::new();
    for tier in tiers {
        let tenants = cohorts.iter().filter(|(c, _)| *c == tier.cohort).map(|&(_, n)| n).sum::<u64>();
        let nanos = |m: Option<Micros>| m.map(Nanos::from_micros).transpose();
        match (tenants, nanos(tier.daily_micros)?, nanos(tier.monthly_micros)?) {
            (0, _, _) => {}
            (_, None, None) => return Ok(None),
            (n, daily, monthly) => bounded.push((n, daily, monthly)),
        }
    }
    if bounded.is_empty() {
        return Ok(None);
    }
    let sum = |pick: fn(&Bounded) -> Option<Nanos>| {
        bounded.iter().map(|t| pick(t).map(|b| u128::from(b.0) * u128::from(t.0))).sum::<Option<u128>>()
    };
    let (daily, monthly) = (sum(|t| t.1), sum(|t| t.2));
    let points = moments
        .iter()
        .map(|&at| {
            let value: u128 = bounded
                .iter()
                .map(|&(n, d, m)| {
                    let by_day = d.map_or(u128::MAX, |d| u128::from(d.0) * u128::from(periods(start, at, DAY)));
                    let by_month = m.map_or(u128::MAX, |m| u128::from(m.0) * u128::from(periods(start, at, MONTH_MS)));
                    by_day.min(by_month).saturating_mul(u128::from(n))
                })
                .sum();
            Ok([at, u64::try_from(value).map_err(|_| Overflow)?])
        })
        .collect::<Result<Vec<_>, Overflow>>()?;
    let tenants: u64 = bounded.iter().map(|t| t.0).sum();
    let dollars = |n: u128| Nanos(u64::try_from(n).unwrap_or(u64::MAX)).micros().exact_dollars();
    let per = match (daily, monthly) {
        (Some(d), Some(m)) => format!("{} a day, at most {} a month", dollars(d), dollars(m)),
        (Some(d), None) => format!("{} a day", dollars(d)),
        (None, Some(m)) => format!("{} a month", dollars(m)),
        // Tiers bounded by different windows: the line says only that it is theirs.
        (None, None) => "each tier's window".to_string(),
    };
    let label = format!("{}' budgets, {per}", counted(tenants, "tenant", "tenants"));
    Ok(Some(Limit {
        kind: LimitKind::Budget,
        chart_label: label.clone(),
        label,
        points,
        policies: Vec::new(),
        above: false,
    }))
}

/// Periods of `period` ms (counted from 0) begun before `at`, since `start`.
fn periods(start: u64, at: u64, period: u64) -> u64 {
    (at.saturating_sub(1).max(start) / period).saturating_sub(start / period) + 1
}

/// A period as "day", "6 hours", "30 s".
fn period_words(ms: u64) -> String {
    const UNITS: [(u64, &str, &str); 4] = [
        (DAY, "day", "days"),
        (3_600_000, "hour", "hours"),
        (60_000, "minute", "minutes"),
        (1_000, "second", "seconds"),
    ];
    for (unit, one, many) in UNITS {
        if ms % unit == 0 {
            return match ms / unit {
                1 => one.to_string(),
                n => counted(n, one, many),
            };
        }
    }
    counted(ms, "millisecond", "milliseconds")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SetAside;
    use crate::money::Micros;
    use crate::time::Span;

    fn budget(refill: Refill) -> Guard {
        Guard::MoneyBudget { budget_micros: Micros(250_000), refill, set_aside: SetAside::worst_case(1_000) }
    }

    #[test]
    fn a_daily_budget_is_its_users_times_the_budget_for_each_day_begun() {
        let moments = [6 * 3_600_000, 23 * 3_600_000, DAY, DAY + 1, 2 * DAY + 5];
        let Limit { kind, label, points, .. } = limit_of(&budget(Refill::Daily), 10, &moments).unwrap().unwrap();
        assert_eq!((kind, label.as_str()), (LimitKind::Budget, "10 users x $0.25 per day"));
        let drawn = limit_of(&budget(Refill::Daily), 10, &moments).unwrap().unwrap().chart_label;
        assert_eq!(drawn, "budget 10 users x $0.25 per day");
        let values: Vec<u64> = points.iter().map(|p| p[1]).collect();
        assert_eq!(values, [2_500_000_000, 2_500_000_000, 2_500_000_000, 5_000_000_000, 7_500_000_000]);
        let one = limit_of(&budget(Refill::Daily), 1, &moments).unwrap().unwrap();
        assert_eq!(one.label, "1 user x $0.25 per day");
        assert_eq!(limit_of(&budget(Refill::Daily), 0, &moments), Ok(None), "no user who calls: nothing to bound");
    }

    #[test]
    fn a_steady_budget_climbs_by_a_budget_a_day_from_the_start() {
        let start = 6 * 3_600_000;
        let Limit { label, points, .. } =
            limit_of(&budget(Refill::Steady), 10, &[start, start + 12 * 3_600_000]).unwrap().unwrap();
        assert_eq!(label, "10 users x $0.25, refilled steadily over 24 h");
        assert_eq!(points, [[start, 2_500_000_000], [start + 12 * 3_600_000, 3_750_000_000]]);
    }

    #[test]
    fn a_ceiling_is_one_amount_per_period_begun_and_a_rate_limit_has_no_line() {
        let ceiling = Guard::SpendCeiling { ceiling_micros: Micros(5_000_000), period_ms: Span(3_600_000) };
        let Limit { kind, label, points, .. } = limit_of(&ceiling, 10, &[0, 3_600_000, 3_600_001]).unwrap().unwrap();
        assert_eq!((kind, label.as_str()), (LimitKind::Ceiling, "spend ceiling $5.00 per hour"));
        assert_eq!(points.iter().map(|p| p[1]).collect::<Vec<_>>(), [5_000_000_000, 5_000_000_000, 10_000_000_000]);
        let window = Guard::SlidingWindow { limit: 5.try_into().unwrap(), window_ms: Span(60_000) };
        assert_eq!(limit_of(&window, 10, &[0]), Ok(None));
        assert_eq!(period_words(2 * DAY), "2 days");
        assert_eq!(period_words(1_500), "1500 milliseconds");
    }

    #[test]
    fn a_ledgers_line_sums_each_tenants_tighter_window_over_the_tenants_who_call() {
        use crate::engine::{FailMode, Tier};
        let tier = |cohort: &str, daily: Option<u64>, monthly: Option<u64>| Tier {
            cohort: cohort.into(),
            daily_micros: daily.map(|d| Micros(d * 1_000_000)),
            monthly_micros: monthly.map(|m| Micros(m * 1_000_000)),
            fail: FailMode::Open,
        };
        let cohorts = [("paying", 2), ("free", 3), ("nobody", 0)];
        let moments = [0, DAY, DAY + 1, 5 * DAY, 30 * DAY + 1];
        let daily = [tier("paying", Some(20), None), tier("free", Some(1), None), tier("nobody", Some(500), None)];
        let line = ledger_limit(&daily, &cohorts, &moments).unwrap().unwrap();
        assert_eq!(line.label, "5 tenants' budgets, $43.00 a day", "2 x $20 + 3 x $1, no one of a tier with no tenant");
        let dollars: Vec<u64> = line.points.iter().map(|p| p[1] / 1_000_000_000).collect();
        assert_eq!(dollars, [43, 43, 86, 215, 31 * 43], "a day's budgets for each day begun");
        let both = [tier("paying", Some(20), Some(50)), tier("free", Some(1), Some(10))];
        let line = ledger_limit(&both, &cohorts, &moments).unwrap().unwrap();
        assert_eq!(line.label, "5 tenants' budgets, $43.00 a day, at most $130.00 a month");
        let dollars: Vec<u64> = line.points.iter().map(|p| p[1] / 1_000_000_000).collect();
        // Paying: min(20 d, 50 per month); free: min(d, 10 per month); the month rolls over at day 30.
        assert_eq!(dollars, [43, 43, 86, 2 * 50 + 3 * 5, 2 * 100 + 3 * 20]);
        let open = [tier("paying", None, None)];
        assert_eq!(ledger_limit(&open, &cohorts, &moments), Ok(None), "a tier with no window bounds nothing");
        assert_eq!(ledger_limit(&daily, &[("nobody", 0)], &moments), Ok(None), "no tenant who calls");
    }
}
