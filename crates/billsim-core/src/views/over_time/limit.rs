//! Limit lines: where a policy's money budget or spend ceiling is, over the same moments
//! as the spend. A budget's line is the budget as set, for the users who call: it bounds
//! the spend only where the budget sets aside the most a call can cost, in one process;
//! where it does not (check only, an input guessed low, two processes), spend passing the
//! line is the lesson's point, and the sentences say so.

use crate::engine::language::{CountOf, LimitOf, Per, Reset, WhenFull, Window};
use crate::engine::limit_state::{month_of, week_of};
use crate::engine::{Guard, Nanos, Reason, Tier, MONTH_MS};
use crate::money::{Micros, Overflow};
use crate::scenario::Callers;
use crate::time::{Instant, Span};
use crate::views::over_time::axis::DAY;
use crate::words::{counted, whose};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LimitKind {
    /// A money budget per user.
    Budget,
    /// One spend ceiling for everyone.
    Ceiling,
    /// A line no policy enforces, drawn for comparison (lesson 002's product's monthly budget).
    Reference,
}

/// A dashed line at a budget or a ceiling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub kind: LimitKind,
    /// What the line is: "10 users × $0.25 per day", "spend ceiling $5.00 per day".
    pub label: String,
    /// What the chart writes on the line: "budget 10 users × $0.25 per day".
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

    /// The line in a sentence: "the $2.50 budget line (10 users × $0.25 per day)".
    pub fn words(&self) -> String {
        let noun = match self.kind {
            LimitKind::Budget => "budget line",
            LimitKind::Ceiling => "ceiling line",
            LimitKind::Reference => "line",
        };
        match self.flat() {
            Some(v) => format!("the {} {noun} ({})", Nanos(v).micros().shown(), self.label),
            None => format!("the {noun} ({})", self.label),
        }
    }
}

/// The limit line of `guard` at each of `moments` (the first is the axis's start), for
/// `users` users who call and, in a replayed log that names them, the API keys and teams
/// that do (`callers`), belonging to no line yet; `None` for a guard that does not limit
/// money. Read from the guard's point in the policy language, whatever lesson it came
/// from: a `dollars` guard `per: everyone` is a ceiling line; one per user, key or tenant
/// with one limit is a budget line of the users (or keys, or teams) who call times the
/// limit; one with tiers, of each tier's tenants who call (`tenants`, by cohort: see
/// [`crate::scenario::tenants_by_cohort`]) times its limit. (A ledger's line: [`ledger_limit`].)
pub fn limit_of(
    guard: &Guard,
    users: u64,
    callers: Callers,
    tenants: &[(&str, u64)],
    moments: &[u64],
) -> Result<Option<Limit>, Overflow> {
    let Some(point) = guard.point() else { return Ok(None) };
    // A guard of one model's calls has no line against the spend of every call.
    if point.count != CountOf::Dollars || point.model.is_some() {
        return Ok(None);
    }
    let start = moments.first().copied().unwrap_or(0);
    let Some(budget) = budget_of(&point.limit, point.per, users, callers, tenants)? else { return Ok(None) };
    let all = budget.per_window;
    // What may have been spent by `at`: a window's amount for each window begun, or, when
    // steady, what it holds at first plus what it has refilled since the start (counted
    // in whole seconds, as lesson 000's budget does). Tiers hold a window's amount at first.
    let value = |at: u64| -> u128 {
        match (point.reset, point.window) {
            (Reset::Steady { burst }, Window::Span(w)) => {
                let held = match point.limit {
                    LimitOf::Amount(_) => u128::from(burst) * u128::from(Nanos::PER_MICRO) * u128::from(budget.callers),
                    LimitOf::Tiers(_) => all,
                };
                let ms = u128::from(at.saturating_sub(start).div_ceil(1_000)) * 1_000;
                held + (all * ms).div_ceil(u128::from(w.0.max(1)))
            }
            (Reset::Rolling, Window::Span(w)) => all * u128::from(at.saturating_sub(start) / w.0.max(1) + 1),
            (_, Window::Span(w)) => all * u128::from(periods(start, at, w.0.max(1))),
            (_, Window::Months(n)) => all * u128::from(calendar(start, at, n, month_of)),
            (_, Window::Weeks(n)) => all * u128::from(calendar(start, at, n, week_of)),
        }
    };
    let points = moments
        .iter()
        .map(|&at| Ok([at, u64::try_from(value(at)).map_err(|_| Overflow)?]))
        .collect::<Result<Vec<_>, Overflow>>()?;
    let per = point.window.words();
    let amount = match point.limit {
        LimitOf::Amount(a) => Micros(a).shown(),
        LimitOf::Tiers(_) => String::new(),
    };
    let (kind, label) = match (&budget.who, point.reset) {
        (Some(who), Reset::Steady { .. }) => {
            let over = if point.window == Window::Span(Span(DAY)) { "24 h".to_string() } else { per.clone() };
            (LimitKind::Budget, format!("{who}, refilled steadily over {over}"))
        }
        (Some(who), _) => (LimitKind::Budget, format!("{who} per {per}")),
        // Lesson 001's caps, in the tutorial's words.
        (None, _) if point.reason == Reason::DailyCapReached && point.window == Window::Span(Span(DAY)) => {
            (LimitKind::Ceiling, format!("daily cost cap {amount}"))
        }
        (None, _) => (LimitKind::Ceiling, format!("spend ceiling {amount} per {per}")),
    };
    // A ceiling that degrades is named on the chart as the one that refuses at the same
    // amount (the key names the model), so that the chart writes the shared line's name once:
    // lesson 003's two "$3.00 per day" names stood over its lines at 390 px.
    let then = match (&point.when_full, kind) {
        (WhenFull::DegradeTo(model), LimitKind::Ceiling) => format!(", then the {model} model"),
        _ => String::new(),
    };
    let chart_label = match (kind, &budget.on_chart) {
        // Tiers are named on the chart by their sum, as each tier's part made the name as
        // wide as the plot.
        (LimitKind::Budget, Some(sum)) => format!("budget {sum} per {per}"),
        (LimitKind::Budget, None) => format!("budget {label}"),
        (LimitKind::Ceiling | LimitKind::Reference, _) => label.clone(),
    };
    let label = label + &then;
    Ok(Some(Limit { kind, label, chart_label, points, policies: Vec::new(), above: false }))
}

/// A money limit over its callers: what they may spend in a window together, in
/// nano-dollars, and who they are in words.
struct Budget {
    per_window: u128,
    /// The callers it is held for (one, for everyone's).
    callers: u64,
    /// "10 users × $0.25"; "2 teams × $10.00 (pro) + 3 teams × $1.00 (free)"; `None` for
    /// one limit for everyone.
    who: Option<String>,
    /// Tiers' sum, as the chart names them: "5 teams' tiers, $23.00".
    on_chart: Option<String>,
}

/// The budget of `limit` counted `per`; `None` when nobody it counts called.
fn budget_of(
    limit: &LimitOf,
    per: Per,
    users: u64,
    callers: Callers,
    tenants: &[(&str, u64)],
) -> Result<Option<Budget>, Overflow> {
    let nanos = |micros: u64| Ok::<_, Overflow>(u128::from(Nanos::from_micros(Micros(micros))?.0));
    let (counted_as, (one, many)) = match (per, callers) {
        (Per::Key, Callers { keys: Some(keys), .. }) => (keys, ("key", "keys")),
        (Per::Tenant, Callers { tenants: Some(teams), .. }) => (teams, ("team", "teams")),
        _ => (users, ("user", "users")),
    };
    let budget = match limit {
        LimitOf::Amount(amount) if per == Per::Everyone => {
            Budget { per_window: nanos(*amount)?, callers: 1, who: None, on_chart: None }
        }
        LimitOf::Amount(_) if counted_as == 0 => return Ok(None),
        LimitOf::Amount(amount) => Budget {
            per_window: nanos(*amount)? * u128::from(counted_as),
            callers: counted_as,
            who: Some(format!("{} × {}", counted(counted_as, one, many), Micros(*amount).shown())),
            on_chart: None,
        },
        LimitOf::Tiers(tiers) => {
            let (mut per_window, mut callers, mut parts) = (0u128, 0u64, Vec::new());
            for (cohort, amount) in tiers {
                let n: u64 = tenants.iter().filter(|(c, _)| c == cohort).map(|&(_, n)| n).sum();
                if n > 0 {
                    let tier = nanos(*amount)?.checked_mul(u128::from(n)).ok_or(Overflow)?;
                    per_window = per_window.checked_add(tier).ok_or(Overflow)?;
                    callers += n;
                    parts.push(format!("{} × {} ({cohort})", counted(n, one, many), Micros(*amount).shown()));
                }
            }
            if callers == 0 {
                return Ok(None);
            }
            let sum = Nanos(u64::try_from(per_window).map_err(|_| Overflow)?).micros().shown();
            let whose = whose(callers, (one, many), ("tier", "tiers"));
            Budget { per_window, callers, who: Some(parts.join(" + ")), on_chart: Some(format!("{whose}, {sum}")) }
        }
    };
    Ok(Some(budget))
}

/// The line of a per-tenant ledger's budgets (lesson 002): what every tenant who calls may
/// be charged so far, each gated on the tighter of its tier's daily budget (for each day
/// begun) and monthly budget (for each month begun), summed over the tenants. `cohorts`
/// are the tenants who call, counted by cohort, and named `one` or `many` ("tenant", or a
/// replayed log's "team"); `None` when no tier bounds anyone.
pub fn ledger_limit(
    tiers: &[Tier],
    cohorts: &[(&str, u64)],
    (one, many): (&str, &str),
    moments: &[u64],
) -> Result<Option<Limit>, Overflow> {
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
    let dollars = |n: u128| Nanos(u64::try_from(n).unwrap_or(u64::MAX)).micros().shown();
    let per = match (daily, monthly) {
        (Some(d), Some(m)) => format!("{} a day, at most {} a month", dollars(d), dollars(m)),
        (Some(d), None) => format!("{} a day", dollars(d)),
        (None, Some(m)) => format!("{} a month", dollars(m)),
        // Tiers bounded by different windows: the line says only that it is theirs.
        (None, None) => "each tier's window".to_string(),
    };
    let whose = whose(tenants, (one, many), ("budget", "budgets"));
    let label = format!("{whose}, {per}");
    // On the chart, a line bounded both ways is named by its month alone, where it
    // flattens: with the day's amount too (in its label in the text and the table, and in
    // the policies' names in the key) its name was as wide as most of a phone's plot, and
    // lay over the line's rising steps wherever it went.
    let chart_label = match (daily, monthly) {
        (Some(_), Some(m)) => format!("{whose}, at most {} a month", dollars(m)),
        _ => label.clone(),
    };
    Ok(Some(Limit { kind: LimitKind::Budget, chart_label, label, points, policies: Vec::new(), above: false }))
}

/// A flat line at `amount` over `moments`, for every one of `lines` policies, named `label`:
/// a reference no policy enforces.
pub fn reference(label: &str, amount: Micros, moments: &[u64], lines: usize) -> Result<Limit, Overflow> {
    let at = Nanos::from_micros(amount)?.0;
    Ok(Limit {
        kind: LimitKind::Reference,
        label: label.to_string(),
        chart_label: format!("{label} {}", amount.shown()),
        points: moments.iter().map(|&m| [m, at]).collect(),
        policies: (0..lines).collect(),
        above: false,
    })
}

/// Calendar months or weeks (`n` at a time, numbered by `index`: [`month_of`], [`week_of`])
/// begun before `at`, since `start`.
fn calendar(start: u64, at: u64, n: u32, index: fn(Instant) -> u64) -> u64 {
    let n = u64::from(n.max(1));
    let period = |ms: u64| index(Instant(ms)) / n;
    period(at.saturating_sub(1).max(start)).saturating_sub(period(start)) + 1
}

/// Periods of `period` ms (counted from 0) begun before `at`, since `start`.
fn periods(start: u64, at: u64, period: u64) -> u64 {
    (at.saturating_sub(1).max(start) / period).saturating_sub(start / period) + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::Refill;
    use crate::engine::SetAside;
    use crate::money::Micros;

    fn budget(refill: Refill) -> Guard {
        Guard::MoneyBudget { budget_micros: Micros(250_000), refill, set_aside: SetAside::worst_case(1_000) }
    }

    #[test]
    fn a_daily_budget_is_its_users_times_the_budget_for_each_day_begun() {
        let moments = [6 * 3_600_000, 23 * 3_600_000, DAY, DAY + 1, 2 * DAY + 5];
        let Limit { kind, label, points, .. } =
            limit_of(&budget(Refill::Daily), 10, Callers::default(), &[], &moments).unwrap().unwrap();
        assert_eq!((kind, label.as_str()), (LimitKind::Budget, "10 users × $0.25 per day"));
        let drawn =
            limit_of(&budget(Refill::Daily), 10, Callers::default(), &[], &moments).unwrap().unwrap().chart_label;
        assert_eq!(drawn, "budget 10 users × $0.25 per day");
        let values: Vec<u64> = points.iter().map(|p| p[1]).collect();
        assert_eq!(values, [2_500_000_000, 2_500_000_000, 2_500_000_000, 5_000_000_000, 7_500_000_000]);
        let one = limit_of(&budget(Refill::Daily), 1, Callers::default(), &[], &moments).unwrap().unwrap();
        assert_eq!(one.label, "1 user × $0.25 per day");
        assert_eq!(
            limit_of(&budget(Refill::Daily), 0, Callers::default(), &[], &moments),
            Ok(None),
            "no user who calls: nothing to bound"
        );
    }

    #[test]
    fn a_steady_budget_climbs_by_a_budget_a_day_from_the_start() {
        let start = 6 * 3_600_000;
        let Limit { label, points, .. } =
            limit_of(&budget(Refill::Steady), 10, Callers::default(), &[], &[start, start + 12 * 3_600_000])
                .unwrap()
                .unwrap();
        assert_eq!(label, "10 users × $0.25, refilled steadily over 24 h");
        assert_eq!(points, [[start, 2_500_000_000], [start + 12 * 3_600_000, 3_750_000_000]]);
    }

    #[test]
    fn a_ceiling_is_one_amount_per_period_begun_and_a_rate_limit_has_no_line() {
        let ceiling = Guard::SpendCeiling { ceiling_micros: Micros(5_000_000), period_ms: Span(3_600_000) };
        let Limit { kind, label, points, .. } =
            limit_of(&ceiling, 10, Callers::default(), &[], &[0, 3_600_000, 3_600_001]).unwrap().unwrap();
        assert_eq!((kind, label.as_str()), (LimitKind::Ceiling, "spend ceiling $5.00 per hour"));
        assert_eq!(points.iter().map(|p| p[1]).collect::<Vec<_>>(), [5_000_000_000, 5_000_000_000, 10_000_000_000]);
        let window = Guard::SlidingWindow { limit: 5.try_into().unwrap(), window_ms: Span(60_000) };
        assert_eq!(limit_of(&window, 10, Callers::default(), &[], &[0]), Ok(None));
    }

    #[test]
    fn a_dollars_guard_per_everyone_in_the_language_gets_a_ceiling_line_whatever_its_lesson() {
        use crate::engine::language::{Admit, Estimate, Point};
        let point = Point {
            count: CountOf::Dollars,
            limit: LimitOf::Amount(2_000_000),
            per: Per::Everyone,
            window: Window::Span(Span(6 * 3_600_000)),
            reset: Reset::Fixed,
            admit: Admit::Reserve(Estimate { input_percent: 100, max_tokens: Some(500) }),
            when_full: WhenFull::Refuse,
            reason: Reason::GlobalBudget,
            retry_after: None,
            counts: crate::engine::language::Counts::Served,
            model: None,
        };
        let guard = Guard::from_point(point.clone());
        assert!(matches!(guard, Guard::Limit(_)), "no lesson's kind: {guard:?}");
        let line =
            limit_of(&guard, 7, Callers::default(), &[], &[0, 6 * 3_600_000, 6 * 3_600_000 + 1]).unwrap().unwrap();
        assert_eq!((line.kind, line.label.as_str()), (LimitKind::Ceiling, "spend ceiling $2.00 per 6 hours"));
        assert_eq!(line.points.iter().map(|p| p[1]).collect::<Vec<_>>(), [2_000_000_000, 2_000_000_000, 4_000_000_000]);
        // A guard of one model's calls has no line against every call's spend.
        let one_model = Guard::from_point(Point { model: Some("toy".into()), ..point.clone() });
        assert!(limit_of(&one_model, 7, Callers::default(), &[], &[0]).unwrap().is_none(), "{one_model:?}");
        // A month's budget per user: 3 users × $5, a month begun at each month's start.
        let monthly = Point { per: Per::User, window: Window::Months(1), limit: LimitOf::Amount(5_000_000), ..point };
        let jan_31 = 30 * DAY;
        let line = limit_of(&Guard::from_point(monthly), 3, Callers::default(), &[], &[0, jan_31, jan_31 + DAY + 1])
            .unwrap()
            .unwrap();
        assert_eq!((line.kind, line.label.as_str()), (LimitKind::Budget, "3 users × $5.00 per month"));
        assert_eq!(line.points.iter().map(|p| p[1] / 1_000_000_000).collect::<Vec<_>>(), [15, 15, 30]);
        let requests = Point { count: CountOf::Requests, limit: LimitOf::Amount(20), ..point_of(&guard) };
        assert_eq!(
            limit_of(&Guard::from_point(requests), 7, Callers::default(), &[], &[0]),
            Ok(None),
            "requests are not money"
        );
    }

    #[test]
    fn a_tiered_budget_is_each_tiers_tenants_who_call_times_its_limit_named_on_the_chart_by_their_sum() {
        let mut point = point_of(&budget(Refill::Daily));
        point.per = Per::Tenant;
        point.limit = LimitOf::Tiers(vec![("pro".into(), 10_000_000), ("free".into(), 1_000_000), ("idle".into(), 5)]);
        let tiered = Guard::from_point(point);
        let tenants = [("pro", 2), ("free", 3)];
        let teams = Callers { keys: None, tenants: Some(5) };
        let line = limit_of(&tiered, 9, teams, &tenants, &[0, DAY, DAY + 1]).unwrap().unwrap();
        assert_eq!(
            (line.kind, line.label.as_str()),
            (LimitKind::Budget, "2 teams × $10.00 (pro) + 3 teams × $1.00 (free) per day")
        );
        assert_eq!(line.chart_label, "budget 5 teams' tiers, $23.00 per day");
        assert_eq!(
            line.points.iter().map(|p| p[1] / 1_000_000_000).collect::<Vec<_>>(),
            [23, 23, 46],
            "a day's tiers for each day begun"
        );
        let one = limit_of(&tiered, 1, Callers::default(), &[("free", 1)], &[0]).unwrap().unwrap();
        assert_eq!(
            (one.label.as_str(), one.chart_label.as_str()),
            ("1 user × $1.00 (free) per day", "budget 1 user's tier, $1.00 per day")
        );
        assert_eq!(limit_of(&tiered, 4, teams, &[("other", 4)], &[0]), Ok(None), "no tenant of a tier called");
    }

    fn point_of(guard: &Guard) -> crate::engine::language::Point {
        guard.point().unwrap()
    }

    #[test]
    fn a_ledgers_line_sums_each_tenants_tighter_window_over_the_tenants_who_call() {
        const TENANTS: (&str, &str) = ("tenant", "tenants");
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
        let line = ledger_limit(&daily, &cohorts, TENANTS, &moments).unwrap().unwrap();
        assert_eq!(line.label, "5 tenants' budgets, $43.00 a day", "2 x $20 + 3 x $1, no one of a tier with no tenant");
        let dollars: Vec<u64> = line.points.iter().map(|p| p[1] / 1_000_000_000).collect();
        assert_eq!(dollars, [43, 43, 86, 215, 31 * 43], "a day's budgets for each day begun");
        let both = [tier("paying", Some(20), Some(50)), tier("free", Some(1), Some(10))];
        let line = ledger_limit(&both, &cohorts, TENANTS, &moments).unwrap().unwrap();
        assert_eq!(line.label, "5 tenants' budgets, $43.00 a day, at most $130.00 a month");
        assert_eq!(line.chart_label, "5 tenants' budgets, at most $130.00 a month", "the chart names it by its month");
        let dollars: Vec<u64> = line.points.iter().map(|p| p[1] / 1_000_000_000).collect();
        // Paying: min(20 d, 50 per month); free: min(d, 10 per month); the month rolls over at day 30.
        assert_eq!(dollars, [43, 43, 86, 2 * 50 + 3 * 5, 2 * 100 + 3 * 20]);
        let open = [tier("paying", None, None)];
        assert_eq!(ledger_limit(&open, &cohorts, TENANTS, &moments), Ok(None), "a tier with no window bounds nothing");
        assert_eq!(ledger_limit(&daily, &[("nobody", 0)], TENANTS, &moments), Ok(None), "no tenant who calls");
        let one = ledger_limit(&daily, &[("free", 1)], TENANTS, &moments).unwrap().unwrap();
        assert_eq!(one.label, "1 tenant's budget, $1.00 a day");
        let teams = ledger_limit(&daily, &cohorts, ("team", "teams"), &moments).unwrap().unwrap();
        assert_eq!(teams.label, "5 teams' budgets, $43.00 a day", "a replayed log's teams");
    }
}
