//! `billsim run --scenario runawayTenant` as text: the month per policy (each tenant's
//! spend against its daily and monthly budgets, tasks served, degraded and refused, calls
//! by model, the spend the ledger never metered), then the lesson's claims on that month.

use crate::cells;
use crate::output::{self, Events, Failure};
use crate::run_table::clock;
use billsim_core::engine::{Nanos, Outcome, Policy, Reason, DAY_MS};
use billsim_core::lessons::runaway_tenant::claims::{claims, Claims};
use billsim_core::lessons::runaway_tenant::panels::pitfalls;
use billsim_core::lessons::runaway_tenant::traffic::RUNAWAY;
use billsim_core::lessons::runaway_tenant::Params;
use billsim_core::scenario::{Scenario, ScenarioRun};
use billsim_core::views::over_time::day_of;
use billsim_core::words::{counted, grouped};
use std::fmt::Write as _;
use std::io::Write;

/// Dollars to the cent (a spend under a cent but not nothing, exactly).
fn dollars(n: Nanos) -> String {
    n.micros().cents()
}

fn micros(m: billsim_core::Micros) -> String {
    m.cents()
}

/// The report, each policy's events after its table when given; the lesson's claims when
/// `own` (it ran the scenario's own policies: a file may give their names to others). The
/// run must have recorded its events, for the claims and each tenant's busiest day.
pub fn report(
    out: &mut dyn Write,
    scenario: &Scenario,
    run: &ScenarioRun,
    params: &Params,
    own: bool,
    events: Option<Events>,
) -> Result<(), Failure> {
    let calls: u32 = run.users.iter().map(|u| u.calls).sum();
    let tasks: u32 = run.users.iter().map(|u| u.requests).sum();
    let mut text = format!(
        "{} ({}), month {}: {} tenants, {} tasks, {} model calls\n",
        scenario.label,
        scenario.name,
        run.seed,
        run.users.len(),
        grouped(u64::from(tasks)),
        grouped(u64::from(calls))
    );
    let outage = match params.outage() {
        Some(o) => format!("ledger down from {} to {}", clock(o.from_ms), clock(o.to_ms)),
        None => "no ledger outage".into(),
    };
    let _ = writeln!(
        text,
        "Product's monthly budget {}; max_tokens {}; {}% of calls fail; {outage}.",
        micros(params.product_monthly),
        params.max_tokens,
        params.fail_percent
    );
    let names: Vec<String> = run.users.iter().map(|u| cells::name(&u.name)).collect();
    let width = cells::width(names.iter().map(String::as_str), 6);
    for (i, o) in run.policies.iter().enumerate() {
        let label = run.labels.get(i).map_or(o.policy.as_str(), String::as_str);
        policy(&mut text, run, run.ran.get(i), o, label, &names, width);
        output::text(out, &std::mem::take(&mut text))?;
        if let Some(made) = events {
            crate::run_table::events(out, run, made, i, width)?;
        }
    }
    if own && run.policies.iter().all(|o| o.events.is_some()) {
        claims_text(&mut text, run, &claims(run, params), params);
    }
    Ok(output::text(out, &text)?)
}

/// A tenant's daily and monthly budgets under `policy`: its cohort's tier in the policy's
/// ledger, "-" where the policy keeps none (no ledger, or a tier without that window), as a
/// policy file may give other budgets than the scenario's settings.
fn budgets(policy: Option<&Policy>, cohort: &str) -> (String, String) {
    let tier = policy.and_then(|p| p.ledger_tier(cohort));
    let shown = |m: Option<billsim_core::Micros>| m.map_or_else(|| "-".to_string(), micros);
    (shown(tier.and_then(|t| t.daily_micros)), shown(tier.and_then(|t| t.monthly_micros)))
}

fn policy(
    out: &mut String,
    run: &ScenarioRun,
    ran: Option<&Policy>,
    o: &Outcome,
    label: &str,
    names: &[String],
    width: usize,
) {
    let _ = writeln!(out, "\n{label} ({}): bill {}", o.policy, dollars(o.bill));
    // Budgets per tenant (daily, monthly), the busiest day's charge, the month's, and tasks.
    let _ = writeln!(
        out,
        "  {:<width$}  {:<8} {:>10} {:>18} {:>10} {:>10} {:>6} {:>6} {:>8} {:>7} {:>10}",
        "tenant",
        "tier",
        "a day",
        "most in a day",
        "a month",
        "month",
        "tasks",
        "served",
        "degraded",
        "refused",
        "unmetered"
    );
    // Each tenant's spend per day, from the events when recorded.
    let mut days = vec![[0u64; 31]; run.users.len()];
    for e in o.events.iter().flatten().filter(|e| e.served) {
        let d = (e.at.0 / DAY_MS).min(30) as usize;
        if let Some(row) = days.get_mut(e.user as usize) {
            row[d] = row[d].saturating_add(e.charged.0);
        }
    }
    for (i, ((user, u), name)) in run.users.iter().zip(&o.per_user).zip(names).enumerate() {
        let (daily, monthly) = budgets(ran, &user.cohort);
        let busiest = match days[i].iter().enumerate().max_by_key(|&(d, n)| (*n, std::cmp::Reverse(d))) {
            Some((d, &n)) if o.events.is_some() && n > 0 => {
                format!("{} ({})", dollars(Nanos(n)), day_of(d as u64 * DAY_MS))
            }
            _ => "-".into(),
        };
        let unmetered = Nanos(u.outage_unmetered.0.saturating_add(u.request_unmetered.0));
        let _ = writeln!(
            out,
            "  {:<width$}  {:<8} {:>10} {:>18} {:>10} {:>10} {:>6} {:>6} {:>8} {:>7} {:>10}",
            name,
            user.cohort,
            daily,
            busiest,
            monthly,
            dollars(u.charged),
            user.requests,
            user.requests - u.refused,
            u.degraded,
            u.refused,
            dollars(unmetered),
        );
    }
    let by_model: Vec<String> = run.models.iter().zip(&o.served_by_model).map(|(m, n)| format!("{m} {n}")).collect();
    let _ = writeln!(out, "  Calls served by model: {}.", by_model.join(", "));
    let sum = |f: fn(&billsim_core::engine::UserOutcome) -> u64| o.per_user.iter().map(f).sum::<u64>();
    let refused: Vec<String> = Reason::ALL
        .iter()
        .map(|&r| (r, o.per_user.iter().map(|u| u64::from(u.refused_by.get(r))).sum::<u64>()))
        .filter(|&(_, n)| n > 0)
        .map(|(r, n)| format!("{} {}", r.name(), grouped(n)))
        .collect();
    if !refused.is_empty() {
        let dropped = sum(|u| u64::from(u.dropped));
        let dropped = grouped(dropped);
        let _ = writeln!(out, "  Refused: {}; {dropped} later calls of refused tasks not made.", refused.join(", "));
    }
    let outage = Nanos(sum(|u| u.outage_unmetered.0));
    if outage > Nanos::ZERO {
        let _ = writeln!(out, "  Unmetered while the ledger was down (tiers failing open): {}.", dollars(outage));
    }
    let request = Nanos(sum(|u| u.request_unmetered.0));
    if request > Nanos::ZERO {
        let _ = writeln!(out, "  Unmetered past each task's first call: {}.", dollars(request));
    }
    let failed = sum(|u| u64::from(u.failed));
    if failed > 0 {
        let failed = counted(failed, "call", "calls");
        let _ = writeln!(out, "  {failed} failed, billed nothing, and gave back their reservations.");
    }
}

/// The lesson's claims `c`, measured on `run` (a month with its events recorded) under
/// `params`, in words (`numbers` says them too): the widget's sentences of the lesson's
/// pitfalls (the core's, the hard block's numbers where a policy is named), then the
/// measures only this prints.
pub fn claims_text(out: &mut String, run: &ScenarioRun, c: &Claims, params: &Params) {
    let runaway = run.users.get(RUNAWAY as usize).map_or("the runaway tenant", |u| u.name.as_str());
    let day = day_of(c.runaway_day * DAY_MS);
    let _ = writeln!(out, "\nThe lesson's claims on this month ({runaway} runs away on {day} at 09:00):");
    for sentence in pitfalls(run, c, params, "dailyCap") {
        let _ = writeln!(out, "- {sentence}");
    }
    let served = |name: &str| {
        let i = run.policies.iter().position(|o| o.policy == name);
        grouped(i.and_then(|i| c.tasks_served.get(i)).copied().map_or(0, u64::from))
    };
    let on: Vec<String> =
        run.models.iter().zip(&c.runaway_by_model).map(|(m, n)| format!("{m} {}", grouped(u64::from(*n)))).collect();
    let _ = writeln!(
        out,
        "- Tasks served: {} under the hard block, {} under the ladder; under the ladder {runaway}'s calls that day from \
         09:00 were served on {}.",
        served("dailyCap"),
        served("degradeLadder"),
        on.join(", ")
    );
    let mean: Vec<String> = c.mean_at.iter().filter_map(|(m, at)| at.map(|t| format!("{m} at {}", clock(t)))).collect();
    // None when no call of theirs was served that day (a ledger down all month, failing closed).
    if !mean.is_empty() {
        let _ = writeln!(out, "  The mean moment of those calls on each model: {}.", mean.join(", "));
    }
}
