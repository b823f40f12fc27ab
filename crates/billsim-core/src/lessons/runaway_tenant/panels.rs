//! The runaway tenant widget's own pieces beside its charts: the calls served by model
//! under the framed policy (the ladder's moves), and one sentence per pitfall of the
//! lesson that this month's settings show, with this month's numbers. Every word here is
//! the core's; the widget shows them as they are.

use super::claims::{claims_on, decimal, Claims, BY_HOUR};
use super::traffic::{RUNAWAY, RUNAWAY_FROM_HOUR};
use super::{Params, LADDER, PRICES, TIERS, TIER_NAMES};
use crate::engine::{FailMode, Nanos, Outcome, Reason, RunError};
use crate::scenario::last_run::Kept;
use crate::scenario::{Scenario, ScenarioRun, Values};
use crate::views::over_time::{day_of, Round, Scale};
use crate::views::panels::Panel;
use crate::views::table::Table;
use crate::words::counted;
use crate::words::grouped;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The widget's panels on month `seed` with `values`, framing `policy`: the pitfalls this
/// month shows, then the calls served by model.
pub fn panels(scenario: &Scenario, seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError> {
    let params = Params::from_values(values)?;
    // The widget's view and drawing of this month ran it already (crate::scenario::last_run keeps it).
    let kept = crate::scenario::last_run::kept(scenario, seed, values)?;
    Ok(of_run(&kept.run, &claims_of(&kept, &params), &params, policy))
}

thread_local! {
    /// The claims of the kept runs (crate::scenario::last_run keeps two): a click on a policy button,
    /// or on "Another month" after the widget warmed it, asks again.
    static CLAIMS: RefCell<Vec<(Weak<ScenarioRun>, Rc<Claims>)>> = const { RefCell::new(Vec::new()) };
}

/// The claims of a kept run (its settings are `params`), worked out once per run.
fn claims_of(kept: &Kept, params: &Params) -> Rc<Claims> {
    let same = |(run, _): &&(Weak<ScenarioRun>, Rc<Claims>)| run.upgrade().is_some_and(|r| Rc::ptr_eq(&r, &kept.run));
    if let Some(claims) = CLAIMS.with_borrow(|c| c.iter().find(same).map(|(_, claims)| Rc::clone(claims))) {
        return claims;
    }
    let claims = Rc::new(claims_on(&kept.run, params, Some(&kept.traffic)));
    CLAIMS.with_borrow_mut(|c| {
        // Only the claims of runs still kept.
        c.retain(|(run, _)| run.strong_count() > 0);
        c.push((Rc::downgrade(&kept.run), Rc::clone(&claims)));
    });
    claims
}

/// [`panels`] of a month already run with every event recorded, and its claims.
pub fn of_run(run: &ScenarioRun, claims: &Claims, params: &Params, policy: &str) -> Vec<Panel> {
    let (sentences, table) = calls_by_model(run, policy);
    vec![
        Panel {
            sentences: pitfalls(run, claims, params, policy),
            ..Panel::titled("pitfalls", "The lesson's pitfalls, this month")
        },
        Panel { sentences, table: Some(table), ..Panel::titled("callsByModel", "Calls by model") },
    ]
}

/// Dollars to the cent.
fn dollars(n: Nanos) -> String {
    n.micros().cents()
}

/// A moment of the month as the over-time view writes it: "Day 6 09:00".
fn moment(ms: u64) -> String {
    Scale::Days.moment(ms, Round::Down)
}

fn outcome<'a>(run: &'a ScenarioRun, policy: &str) -> Option<(usize, &'a Outcome)> {
    run.policies.iter().enumerate().find(|(_, o)| o.policy == policy)
}

/// A policy as its button names it ("Daily cap, degrade ladder"); one not the scenario's by its name.
fn label(policy: &str) -> String {
    format!("\"{}\"", super::POLICIES.iter().find(|c| c.value == policy).map_or(policy, |c| c.label))
}

pub(crate) fn runaway_name(run: &ScenarioRun) -> &str {
    run.users.get(RUNAWAY as usize).map_or("the runaway tenant", |u| u.name.as_str())
}

/// The tier (internal, paying, free) of a cohort, by its index in [`TIER_NAMES`].
fn tier_of(cohort: &str) -> Option<usize> {
    let tier = TIERS.iter().find(|(c, _)| *c == cohort)?.1;
    TIER_NAMES.iter().position(|t| *t == tier)
}

/// The calls served on each model under `policy`: all tenants', and the runaway tenant's
/// (from the run's events), with each model's price; and a sentence on the ladder's moves.
pub fn calls_by_model(run: &ScenarioRun, policy: &str) -> (Vec<String>, Table) {
    let name = runaway_name(run);
    let label = label(policy);
    let o = outcome(run, policy).map(|(_, o)| o);
    let runaway: Vec<u64> = (0..run.models.len())
        .map(|m| {
            let events = o.and_then(|o| o.events.as_deref()).unwrap_or(&[]);
            events.iter().filter(|e| e.served && e.user == RUNAWAY && usize::from(e.model) == m).count() as u64
        })
        .collect();
    let rows = run
        .models
        .iter()
        .enumerate()
        .map(|(m, model)| {
            let price = PRICES
                .iter()
                .find(|(p, _, _)| p == model)
                .map_or_else(|| "-".to_string(), |(_, i, out)| format!("{} / {}", i.shown(), out.shown()));
            let served = o.and_then(|o| o.served_by_model.get(m)).copied().unwrap_or(0);
            vec![model.clone(), price, grouped(u64::from(served)), grouped(runaway[m])]
        })
        .collect();
    let table = Table {
        caption: format!("Calls served by model under {label}, month {}", run.seed),
        columns: vec![
            "Model".into(),
            "Price per million tokens, input / output".into(),
            "Calls served".into(),
            format!("Of them {name}'s"),
        ],
        rows,
    };
    let degraded: u64 = o.map_or(0, |o| o.per_user.iter().map(|u| u64::from(u.degraded)).sum());
    let laddered = run.ran.iter().find(|p| p.name == policy).is_some_and(|p| !p.ladder.is_empty());
    let sentence = match (laddered, degraded) {
        (false, _) => format!(
            "{label}: every call served is made on {}, the model it asks for; no ladder moves a call to a cheaper \
             model.",
            LADDER[0]
        ),
        (true, 0) => format!("{label}: no call needed a cheaper model this month."),
        (true, n) => format!(
            "{label}: {} moved down the ladder to a cheaper model rather than being refused.",
            counted(n, "call", "calls")
        ),
    };
    (vec![sentence], table)
}

/// One sentence for each of the lesson's pitfalls this month shows, with its numbers: the
/// run must hold every event (the outage's sentence reads them), `c` are its claims.
/// `policy` is the framed policy, whose numbers the outage's sentence gives when it has a
/// ledger.
pub fn pitfalls(run: &ScenarioRun, c: &Claims, params: &Params, policy: &str) -> Vec<String> {
    let name = runaway_name(run);
    let day = c.runaway_day * crate::engine::DAY_MS;
    let mut out = vec![headline(c, name, day)];
    out.push(metering(run, c, name, day));
    out.push(outage(run, params, policy));
    out.push(window(run, params));
    out.push(reserve(c, params));
    out
}

/// Who the runaway tenant is, said where the widget first names it (the first pitfall).
pub const WHO: &str =
    "the runaway tenant: a paying tenant who points the agent at its whole document store and leaves it running";

fn headline(c: &Claims, name: &str, day: u64) -> String {
    let hour = 3_600_000;
    let more = if c.spent_by_2pm > c.product_monthly { "more" } else { "no more" };
    format!(
        "No cap: from {} to {BY_HOUR}:00 {name} ({WHO}) spent {}, {more} than the product's monthly budget of {}.",
        moment(day + RUNAWAY_FROM_HOUR * hour),
        dollars(c.spent_by_2pm),
        dollars(c.product_monthly)
    )
}

fn metering(run: &ScenarioRun, c: &Claims, name: &str, day: u64) -> String {
    let unmetered = outcome(run, "meterRequestOnly")
        .map_or(Nanos::ZERO, |(_, o)| Nanos(o.per_user.iter().map(|u| u.request_unmetered.0).sum()));
    format!(
        "Metering the request, not the run: {name} was charged {} times its daily budget on {}, as its tasks that \
         day made {} model calls each and cost {} times what their first call reserves; {} of the month's calls were \
         never metered.",
        decimal(c.overspend_hundredths),
        day_of(day),
        decimal(c.calls_per_task_hundredths),
        decimal(c.cost_fan_out_hundredths),
        dollars(unmetered)
    )
}

/// What the ledger's outage did to each tier under `policy` (or, when it has no ledger,
/// under the ladder).
fn outage(run: &ScenarioRun, params: &Params, policy: &str) -> String {
    // Said in the hours of the month the reader set, with the day and time beside them.
    let Some(window) = params.outage() else {
        return "Failing open or closed: the ledger never goes down this month (the outage starts and ends at the \
                same hour), so no tier's fail mode is tried."
            .into();
    };
    let metered = run.ran.iter().find(|p| p.name == policy).is_some_and(|p| !p.guards.is_empty());
    let shown = if metered { policy } else { "degradeLadder" };
    let Some((_, o)) = outcome(run, shown) else { return String::new() };
    // Per tier: served, refused for the ledger, unmetered.
    let mut tiers = [(0u64, 0u64, 0u64); 3];
    for e in o.events.iter().flatten().filter(|e| window.contains(e.at)) {
        let Some(t) = run.users.get(e.user as usize).and_then(|u| tier_of(&u.cohort)) else { continue };
        tiers[t].0 += u64::from(e.served);
        tiers[t].1 += u64::from(e.reason == Some(Reason::LedgerUnavailable));
    }
    for (user, u) in run.users.iter().zip(&o.per_user) {
        if let Some(t) = tier_of(&user.cohort) {
            tiers[t].2 += u.outage_unmetered.0;
        }
    }
    let parts: Vec<String> = TIER_NAMES
        .iter()
        .zip(&params.tiers)
        .zip(tiers)
        .map(|((tier, (_, _, fail)), (served, refused, unmetered))| match fail {
            FailMode::Open => format!(
                "the {tier} tier failed open ({} served unmetered, {})",
                counted(served, "call", "calls"),
                dollars(Nanos(unmetered))
            ),
            FailMode::Closed => {
                format!("the {tier} tier failed closed ({} refused)", counted(refused, "call", "calls"))
            }
        })
        .collect();
    let unmetered: u64 = tiers.iter().map(|t| t.2).sum();
    format!(
        "Failing open or closed: while the ledger was down, from hour {} of the month ({}) to hour {} ({}), {} and {} \
         under {}: {} unmetered.",
        params.outage_hours.0,
        moment(window.from_ms.0),
        params.outage_hours.1,
        moment(window.to_ms.0),
        parts[..parts.len() - 1].join(", "),
        parts[parts.len() - 1],
        label(shown),
        dollars(Nanos(unmetered))
    )
}

/// The month's charge of each tenant against its monthly budget, with a daily window only
/// (the ladder) and with both windows.
fn window(run: &ScenarioRun, params: &Params) -> String {
    let past = |policy: &str| -> Vec<String> {
        let Some((_, o)) = outcome(run, policy) else { return Vec::new() };
        run.users
            .iter()
            .zip(&o.per_user)
            .filter_map(|(user, u)| {
                let (_, monthly) = params.budgets(&user.cohort)?;
                let budget = Nanos::from_micros(monthly).ok()?;
                (u.charged > budget)
                    .then(|| format!("{} {} against {}", user.name, dollars(u.charged), dollars(budget)))
            })
            .collect()
    };
    let daily_only = past("degradeLadder");
    let both = past("dailyAndMonthly");
    let after = match both.len() {
        0 => "with a monthly window too, every tenant stays within its month".to_string(),
        _ => format!("with a monthly window too, still {}", both.join(", ")),
    };
    match daily_only.len() {
        0 => format!(
            "The window and the commitment: with a daily window alone ({}) no tenant passes its monthly budget this \
             month, and {after}.",
            label("degradeLadder")
        ),
        n => format!(
            "The window and the commitment: with a daily window alone ({}), {} charged past their monthly budget \
             ({}); {after}.",
            label("degradeLadder"),
            counted(n as u64, "tenant was", "tenants were"),
            daily_only.join(", ")
        ),
    }
}

fn reserve(c: &Claims, params: &Params) -> String {
    let labels = ["dailyCap", "degradeLadder", "dailyAndMonthly"].map(label);
    let worst = format!(
        "Reserving each call's worst case first (its input, plus max_tokens {} priced as output)",
        params.max_tokens
    );
    match c.overruns.as_slice() {
        // Only the windows each policy keeps: a daily window alone lets a month pass its
        // budget (the sentence before says by how much), so "or monthly" overclaimed.
        [] => format!(
            "{worst}: no tenant was charged past a budget its policy keeps on any day: its daily budget under {} and \
             {}, its daily and monthly budgets under {} (spend while the ledger was down and failing open aside).",
            labels[0], labels[1], labels[2]
        ),
        overruns => {
            let first = &overruns[0];
            format!(
                "{worst}: {} charged past their budget, the first {} {} ({} against {}) under {}.",
                counted(overruns.len() as u64, "window was", "windows were"),
                first.tenant,
                first.when(),
                dollars(first.charged),
                dollars(first.budget),
                label(&first.policy)
            )
        }
    }
}

#[cfg(test)]
mod tests;
