//! The runaway tenant widget's own pieces beside its charts: the calls served by model
//! under the framed policy (the ladder's moves), and one sentence per pitfall of the
//! lesson that this month's settings show, with this month's numbers. Every word here is
//! the core's; the widget shows them as they are.

use super::claims::{claims_on, decimal, Claims, BY_HOUR};
use super::{Params, LADDER, PRICES, RUNAWAY, RUNAWAY_FROM_HOUR, TIERS, TIER_NAMES};
use crate::engine::{FailMode, Nanos, Outcome, Reason, RunError};
use crate::scenario::last_run::Kept;
use crate::scenario::{ScenarioRun, Values, RUNAWAY_TENANT};
use crate::views::over_time::{Round, Scale, Table};
use crate::views::panels::Panel;
use crate::words::counted;
use crate::words::grouped;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// The widget's panels on month `seed` with `values`, framing `policy`: the pitfalls this
/// month shows, then the calls served by model.
pub fn panels(seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError> {
    let params = Params::from_values(values)?;
    // The widget's view and drawing of this month ran it already (crate::scenario::last_run keeps it).
    let kept = crate::scenario::last_run::kept(&RUNAWAY_TENANT, seed, values)?;
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

fn runaway_name(run: &ScenarioRun) -> &str {
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

fn headline(c: &Claims, name: &str, day: u64) -> String {
    let hour = 3_600_000;
    let more = if c.spent_by_2pm > c.product_monthly { "more" } else { "no more" };
    format!(
        "No cap: from {} to {BY_HOUR}:00 {name} spent {}, {more} than the product's monthly budget of {}.",
        moment(day + RUNAWAY_FROM_HOUR * hour),
        dollars(c.spent_by_2pm),
        dollars(c.product_monthly)
    )
}

fn metering(run: &ScenarioRun, c: &Claims, name: &str, day: u64) -> String {
    let unmetered = outcome(run, "meterRequestOnly")
        .map_or(Nanos::ZERO, |(_, o)| Nanos(o.per_user.iter().map(|u| u.request_unmetered.0).sum()));
    format!(
        "Metering the request, not the run: {name} was charged {} times its daily budget on Day {}, as its tasks that \
         day made {} model calls each and cost {} times what their first call reserves; {} of the month's calls were \
         never metered.",
        decimal(c.overspend_hundredths),
        day / crate::engine::DAY_MS + 1,
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
        [] => format!(
            "{worst}: under {}, {} and {}, no tenant was charged past its daily or monthly budget on any day (spend \
             while the ledger was down and failing open aside).",
            labels[0], labels[1], labels[2]
        ),
        overruns => {
            let first = &overruns[0];
            format!(
                "{worst}: {} charged past their budget, the first {} in {} ({} against {}) under {}.",
                counted(overruns.len() as u64, "window was", "windows were"),
                first.tenant,
                first.window,
                dollars(first.charged),
                dollars(first.budget),
                label(&first.policy)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Record;
    use crate::lessons::runaway_tenant::claims::claims;
    use crate::scenario::{run, Values, RUNAWAY_TENANT};

    fn month(seed: u32, set: &[(&str, &str)]) -> (ScenarioRun, Params) {
        let mut values = Values::defaults(&RUNAWAY_TENANT);
        for (k, v) in set {
            values.set(&RUNAWAY_TENANT, k, v).unwrap();
        }
        let params = Params::from_values(&values).unwrap();
        (run(&RUNAWAY_TENANT, seed, &values, None, Record::EVERYTHING).unwrap(), params)
    }

    #[test]
    fn the_calls_by_model_table_is_the_framed_policys_calls_served_on_each_model_and_the_runaways_share() {
        let (r, _) = month(0, &[]);
        for (i, o) in r.policies.iter().enumerate() {
            let (sentences, table) = calls_by_model(&r, &o.policy);
            assert_eq!(table.rows.len(), 3, "opus, sonnet, haiku");
            for (m, row) in table.rows.iter().enumerate() {
                assert_eq!(row[2], grouped(u64::from(o.served_by_model[m])), "{}: {}", o.policy, row[0]);
            }
            assert!(table.caption.contains(&label(&o.policy)), "{}", table.caption);
            assert_eq!(sentences.len(), 1, "{}", r.labels[i]);
        }
        let (sentences, table) = calls_by_model(&r, "degradeLadder");
        assert_eq!(table.rows[1][..3], ["claude-sonnet-4-6", "$3.00 / $15.00", "46"], "the ladder moves calls");
        assert_eq!(table.rows[2][2], "65");
        assert_eq!(table.rows[1][3], "2", "umbrella's calls on sonnet");
        assert_eq!(
            sentences[0],
            "\"Daily cap, degrade ladder\": 111 calls moved down the ladder to a cheaper model rather than being refused."
        );
        let (sentences, table) = calls_by_model(&r, "dailyCap");
        assert_eq!(table.rows[1][2], "0", "a hard block moves nothing");
        assert!(sentences[0].contains("no ladder moves a call"), "{}", sentences[0]);
    }

    #[test]
    fn the_pitfalls_say_the_claims_numbers_of_this_month() {
        let (r, p) = month(0, &[]);
        let c = claims(&r, &p);
        let s = pitfalls(&r, &c, &p, "degradeLadder");
        assert_eq!(s.len(), 5, "{s:#?}");
        assert_eq!(
            s[0],
            "No cap: from Day 6 09:00 to 14:00 umbrella spent $1,865.50, more than the product's monthly budget of \
             $1,000.00."
        );
        assert!(
            s[1].contains(&format!("charged {} times its daily budget", decimal(c.overspend_hundredths))),
            "{}",
            s[1]
        );
        assert!(s[1].contains("55.07 times") && s[1].contains("33.11 model calls each"), "{}", s[1]);
        assert!(s[1].ends_with("$1,469.86 of the month's calls were never metered."), "{}", s[1]);
        assert!(
            s[2].contains("the free tier failed closed (4 calls refused)") && s[2].ends_with("$5.79 unmetered."),
            "{}",
            s[2]
        );
        assert!(s[3].contains("3 tenants were charged past their monthly budget (hobbyist-a $21.50"), "{}", s[3]);
        assert!(s[3].ends_with("with a monthly window too, every tenant stays within its month."), "{}", s[3]);
        assert!(s[4].contains("max_tokens 4096") && s[4].contains("no tenant was charged past"), "{}", s[4]);
    }

    #[test]
    fn the_widgets_panels_are_the_pitfalls_then_the_calls_by_model_of_the_framed_policy() {
        let values = Values::defaults(&RUNAWAY_TENANT);
        let got = panels(0, &values, "dailyCap").unwrap();
        let (r, p) = month(0, &[]);
        assert_eq!(got.iter().map(|p| p.name).collect::<Vec<_>>(), ["pitfalls", "callsByModel"]);
        assert_eq!(got[0].sentences, pitfalls(&r, &claims(&r, &p), &p, "dailyCap"));
        assert_eq!(got[1].table, Some(calls_by_model(&r, "dailyCap").1));
        // Kept runs and their claims: another month, then back, each says its own month.
        for seed in [1, 0, 1] {
            let (r, p) = month(seed, &[]);
            let got = panels(seed, &values, "noCap").unwrap();
            assert_eq!(got[0].sentences, pitfalls(&r, &claims(&r, &p), &p, "noCap"), "month {seed}");
        }
        let mut bad = values.clone();
        bad.set(&RUNAWAY_TENANT, "outageStartHour", "12").unwrap();
        bad.set(&RUNAWAY_TENANT, "outageEndHour", "11").unwrap();
        let err = panels(0, &bad, "dailyCap").unwrap_err().to_string();
        assert!(err.starts_with("outageEndHour: must be an hour at or after the outage's start"), "{err}");
    }

    #[test]
    fn the_outage_settings_change_the_outage_pitfall() {
        let (r, p) = month(0, &[("freeFail", "open"), ("internalFail", "closed")]);
        let s = pitfalls(&r, &claims(&r, &p), &p, "dailyCap");
        assert!(s[2].contains("the internal tier failed closed (") && s[2].contains("the free tier failed open ("));
        assert!(s[2].contains("under \"Daily cap, hard block\""), "{}", s[2]);
        let framed_no_cap = pitfalls(&r, &claims(&r, &p), &p, "noCap");
        assert!(framed_no_cap[2].contains("under \"Daily cap, degrade ladder\""), "no ledger: the ladder's numbers");
        let (r, p) = month(0, &[("outageStartHour", "10"), ("outageEndHour", "10")]);
        let s = pitfalls(&r, &claims(&r, &p), &p, "degradeLadder");
        assert!(s[2].contains("the ledger never goes down this month"), "{}", s[2]);
        let (r, p) = month(0, &[("outageStartHour", "300"), ("outageEndHour", "302")]);
        let s = pitfalls(&r, &claims(&r, &p), &p, "degradeLadder");
        assert!(
            s[2].contains("from hour 300 of the month (Day 13 12:00) to hour 302 (Day 13 14:00)"),
            "the outage in the hours it was set in: {}",
            s[2]
        );
        let (r, p) = month(0, &[("freeMonthlyDollars", "30")]);
        let s = pitfalls(&r, &claims(&r, &p), &p, "degradeLadder");
        assert!(s[3].contains("no tenant passes its monthly budget"), "a month of daily budgets: {}", s[3]);
    }
}
