//! The lesson's claims, measured on a month run under the five policies with every event
//! recorded: the tests check them over many months, and `billsim run` prints them.

use super::traffic::{runaway_day, RUNAWAY, RUNAWAY_FROM_HOUR};
use super::Params;
use crate::engine::{Event, FailMode, Nanos, Outcome, Reason, Traffic, DAY_MS, MONTH_MS};
use crate::scenario::ScenarioRun;
use crate::time::Instant;
use crate::views::over_time::day_of;
use serde::Serialize;

const HOUR_MS: u64 = 3_600_000;
/// "By 2pm".
pub const BY_HOUR: u64 = 14;

/// A window in which a tenant was charged more than its budget.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Overrun {
    pub policy: String,
    pub tenant: String,
    /// "Day N" (from Day 1, as the over-time view counts days) or "month".
    pub window: String,
    #[serde(rename = "chargedNanos")]
    pub charged: Nanos,
    #[serde(rename = "budgetNanos")]
    pub budget: Nanos,
}

impl Overrun {
    /// The window in a sentence: "on Day 5", "in the month".
    pub fn when(&self) -> String {
        match self.window.as_str() {
            "month" => "in the month".into(),
            day => format!("on {day}"),
        }
    }
}

/// What one policy did about the ledger's outage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutageCount {
    pub policy: String,
    /// Calls of fail-closed tiers that arrived while the ledger was down: served, refused.
    pub closed_served: u32,
    pub closed_refused: u32,
    /// Calls of fail-open tiers that arrived while the ledger was down: served, refused.
    pub open_served: u32,
    pub open_refused: u32,
    #[serde(rename = "unmeteredNanos")]
    pub unmetered: Nanos,
}

/// The numbers behind each claim of the lesson, for one month.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    pub runaway_day: u64,
    /// With no cap: what the runaway tenant's calls started from 09:00 to 14:00 of its day cost.
    #[serde(rename = "spentBy2pmNanos")]
    pub spent_by_2pm: Nanos,
    #[serde(rename = "productMonthlyNanos")]
    pub product_monthly: Nanos,
    /// Windows a tenant was charged past its budget under a policy that reserves every call
    /// (spend the ledger never saw, while it was down and failing open, aside).
    pub overruns: Vec<Overrun>,
    /// Metering the request only: the runaway tenant's charge in its day's window, in
    /// hundredths of its daily budget.
    pub overspend_hundredths: u64,
    /// The runaway's tasks of that day with no cap: calls per task, in hundredths; and what
    /// a task costs against what its first call reserves, in hundredths.
    pub calls_per_task_hundredths: u64,
    pub cost_fan_out_hundredths: u64,
    /// Tasks served (every call admitted) per policy, in the order run.
    pub tasks_served: Vec<u32>,
    /// Under the ladder, the mean moment of the runaway tenant's calls served on each model
    /// (the most expensive first) on its day from 09:00, the ledger up: as the budget runs
    /// down, later.
    pub mean_at: Vec<(String, Option<Instant>)>,
    /// Under the ladder, the runaway tenant's calls served on each model that day from 09:00, the ledger up.
    pub runaway_by_model: Vec<u32>,
    /// Whether the runaway tenant's day overlaps the ledger's outage (its tier may fail
    /// open, which lets its tasks through unmetered).
    pub outage_on_runaway_day: bool,
    pub outage: Vec<OutageCount>,
}

fn events(o: &Outcome) -> &[Event] {
    o.events.as_deref().unwrap_or(&[])
}

fn outcome<'a>(run: &'a ScenarioRun, policy: &str) -> Option<&'a Outcome> {
    run.policies.iter().find(|o| o.policy == policy)
}

fn hundredths(part: u128, whole: u128) -> u64 {
    if whole == 0 {
        return 0;
    }
    u64::try_from(part * 100 / whole).unwrap_or(u64::MAX)
}

/// Sums per window (a tenant's day or month), listed in the order first charged: a slot per
/// tenant and window number, not a search of the list per event (a month has 100,000 events).
#[derive(Default)]
struct Windows {
    per: u64,
    sums: Vec<Option<u128>>,
    order: Vec<(u32, u64)>,
}

impl Windows {
    fn new(users: usize, windows: u64) -> Windows {
        Windows { per: windows, sums: vec![None; users * windows as usize], order: Vec::new() }
    }

    /// Sums `amount` at `key` (user, window number).
    fn add(&mut self, (user, n): (u32, u64), amount: Nanos) {
        let Some(slot) = self.sums.get_mut((u64::from(user) * self.per + n.min(self.per - 1)) as usize) else { return };
        if slot.is_none() {
            self.order.push((user, n));
        }
        *slot = Some(slot.unwrap_or(0) + u128::from(amount.0));
    }

    fn in_order(&self) -> impl Iterator<Item = ((u32, u64), u128)> + '_ {
        let at = move |&(user, n): &(u32, u64)| (u64::from(user) * self.per + n.min(self.per - 1)) as usize;
        self.order.iter().map(move |key| (*key, self.sums[at(key)].unwrap_or(0)))
    }
}

/// The claims of `run` (the scenario's own five policies, recorded with events).
pub fn claims(run: &ScenarioRun, params: &Params) -> Claims {
    claims_on(run, params, super::traffic::traffic(run.seed, params).ok().as_ref())
}

/// [`claims`] of `run`, whose traffic is `traffic` (the fan-out reads its calls; without
/// it, the fan-out is 0).
pub fn claims_on(run: &ScenarioRun, params: &Params, traffic: Option<&Traffic>) -> Claims {
    let day = runaway_day(run.seed);
    let from = Instant(day * DAY_MS + RUNAWAY_FROM_HOUR * HOUR_MS);
    let by = Instant(day * DAY_MS + BY_HOUR * HOUR_MS);
    let no_cap = outcome(run, "noCap");
    let runaway_events = |o: Option<&Outcome>| -> Vec<Event> {
        o.map_or(&[][..], events).iter().filter(|e| e.user == RUNAWAY).copied().collect()
    };
    let spent_by_2pm = runaway_events(no_cap)
        .iter()
        .filter(|e| e.served && from <= e.at && e.at < by)
        .fold(0u128, |s, e| s + u128::from(e.charged.0));
    let product_monthly = Nanos::from_micros(params.product_monthly).unwrap_or(Nanos(u64::MAX));
    let outage = params.outage();
    let unmetered_open = |e: &Event| {
        let cohort = &run.users[e.user as usize].cohort;
        let open = tier_fail(params, cohort) == Some(FailMode::Open);
        open && outage.is_some_and(|o| o.contains(e.at))
    };

    // Every window of every tenant under the policies that reserve each call.
    let mut overruns = Vec::new();
    for name in ["dailyCap", "degradeLadder", "dailyAndMonthly"] {
        let Some(o) = outcome(run, name) else { continue };
        let last = events(o).iter().map(|e| e.at.0).max().unwrap_or(0);
        let mut days = Windows::new(run.users.len(), last / DAY_MS + 1);
        let mut months = Windows::new(run.users.len(), last / MONTH_MS + 1);
        for e in events(o).iter().filter(|e| e.served && !unmetered_open(e)) {
            days.add((e.user, e.at.0 / DAY_MS), e.charged);
            months.add((e.user, e.at.0 / MONTH_MS), e.charged);
        }
        let monthly = name == "dailyAndMonthly";
        for (windows, is_month) in [(&days, false), (&months, true)] {
            if is_month && !monthly {
                continue;
            }
            for ((user, n), charged) in windows.in_order() {
                let tenant = &run.users[user as usize];
                let Some((daily, month)) = params.budgets(&tenant.cohort) else { continue };
                let budget = Nanos::from_micros(if is_month { month } else { daily }).unwrap_or(Nanos(u64::MAX));
                if charged > u128::from(budget.0) {
                    overruns.push(Overrun {
                        policy: name.into(),
                        tenant: tenant.name.clone(),
                        window: if is_month { "month".into() } else { day_of(n * DAY_MS) },
                        charged: Nanos(u64::try_from(charged).unwrap_or(u64::MAX)),
                        budget,
                    });
                }
            }
        }
    }

    // Metering the request only: the runaway's charge in its day's window.
    let metered = runaway_events(outcome(run, "meterRequestOnly"));
    let on_day = metered.iter().filter(|e| e.served && e.at.0 / DAY_MS == day);
    let spent = on_day.fold(0u128, |s, e| s + u128::from(e.charged.0));
    let daily = params.budgets("runaway").map_or(0, |(d, _)| u128::from(d.0) * 1_000);
    let overspend_hundredths = hundredths(spent, daily);

    // The runaway's tasks of the day, with no cap: calls per task, and cost against the
    // first call's reservation (input plus max_tokens at its price).
    let (calls_per_task_hundredths, cost_fan_out_hundredths) =
        traffic.and_then(|t| fan_out(t, params, from)).unwrap_or((0, 0));

    let tasks_served = run
        .policies
        .iter()
        .map(|o| run.users.iter().zip(&o.per_user).map(|(u, p)| u.requests - p.refused).sum())
        .collect();

    let ladder = runaway_events(outcome(run, "degradeLadder"));
    // The calls the ledger metered (not those let through while it was down).
    let that_day = |e: &&Event| {
        e.served && from <= e.at && e.at.0 < (day + 1) * DAY_MS && !outage.is_some_and(|o| o.contains(e.at))
    };
    let runaway_by_model: Vec<u32> = (0..run.models.len())
        .map(|m| ladder.iter().filter(that_day).filter(|e| usize::from(e.model) == m).count() as u32)
        .collect();
    let mean_at = (0..run.models.len())
        .map(|m| {
            let on = ladder.iter().filter(that_day).filter(|e| usize::from(e.model) == m);
            let (n, sum) = on.fold((0u128, 0u128), |(n, sum), e| (n + 1, sum + u128::from(e.at.0)));
            let mean = (n > 0).then(|| Instant(u64::try_from(sum / n.max(1)).unwrap_or(u64::MAX)));
            (run.models[m].clone(), mean)
        })
        .collect();
    let outage_on_runaway_day = outage.is_some_and(|o| o.from_ms.0 < (day + 1) * DAY_MS && o.to_ms.0 > day * DAY_MS);

    let outage_counts = run
        .policies
        .iter()
        .filter(|o| o.policy != "noCap")
        .map(|o| {
            let mut c = OutageCount { policy: o.policy.clone(), ..OutageCount::default() };
            for e in events(o).iter().filter(|e| outage.is_some_and(|w| w.contains(e.at))) {
                let open = tier_fail(params, &run.users[e.user as usize].cohort) == Some(FailMode::Open);
                match (open, e.served) {
                    (true, true) => c.open_served += 1,
                    (true, false) => c.open_refused += 1,
                    (false, true) => c.closed_served += 1,
                    (false, false) => c.closed_refused += u32::from(e.reason == Some(Reason::LedgerUnavailable)),
                }
            }
            c.unmetered = o.per_user.iter().fold(Nanos::ZERO, |s, u| Nanos(s.0.saturating_add(u.outage_unmetered.0)));
            c
        })
        .collect();

    Claims {
        runaway_day: day,
        spent_by_2pm: Nanos(u64::try_from(spent_by_2pm).unwrap_or(u64::MAX)),
        product_monthly,
        overruns,
        overspend_hundredths,
        calls_per_task_hundredths,
        cost_fan_out_hundredths,
        tasks_served,
        mean_at,
        runaway_by_model,
        outage_on_runaway_day,
        outage: outage_counts,
    }
}

/// The fail mode of `cohort`'s tier.
fn tier_fail(params: &Params, cohort: &str) -> Option<FailMode> {
    let tier = super::TIERS.iter().find(|(c, _)| *c == cohort)?.1;
    let i = super::TIER_NAMES.iter().position(|t| *t == tier)?;
    Some(params.tiers[i].2)
}

/// The runaway tenant's tasks started from `from` to the end of that day, from the traffic
/// itself: calls per task and what a task costs against its first call's reservation, both
/// in hundredths.
fn fan_out(traffic: &Traffic, params: &Params, from: Instant) -> Option<(u64, u64)> {
    let prices = crate::engine::resolve_prices(traffic, &super::prices()).ok()?;
    let end = (from.0 / DAY_MS + 1) * DAY_MS;
    // Per request: (calls, cost, first call's reservation); requests are numbered densely.
    let mut tasks: Vec<(u64, u128, u128)> = vec![(0, 0, 0); traffic.requests()];
    for (i, c) in traffic.calls().iter().enumerate() {
        if c.user != RUNAWAY {
            continue;
        }
        let price = &prices[usize::from(c.model)];
        let task = &mut tasks[c.request as usize];
        if task.0 == 0 {
            if c.at < from || c.at.0 >= end {
                continue;
            }
            task.2 = u128::from(price.cost(c.input, params.max_tokens).ok()?.0);
        }
        task.0 += 1;
        if !traffic.failed(i) {
            task.1 += u128::from(price.cost(c.input, c.output).ok()?.0);
        }
    }
    let (n, calls, cost, first) =
        tasks.iter().filter(|t| t.0 > 0).fold((0u128, 0u128, 0u128, 0u128), |(n, calls, cost, first), t| {
            (n + 1, calls + u128::from(t.0), cost + t.1, first + t.2)
        });
    Some((hundredths(calls, n), hundredths(cost, first)))
}

/// `hundredths` as a decimal: 1234 is "12.34".
pub fn decimal(hundredths: u64) -> String {
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}
