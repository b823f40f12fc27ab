//! What the lesson's `sim.py` printed, from a run of the scenario under its own policies:
//! when and by whom the breaker tripped (under all three layers), each kind of user's
//! requests by reason, the global spend, the script's tokens against its budget, the
//! sockpuppets' tokens across how many accounts, and the spend without the breaker.

use crate::engine::{Nanos, Reason, RunError};
use crate::lessons::free_tier::{Params, ABUSE_TOKENS, NORMAL_TOKENS};
use crate::money::Tokens;
use crate::scenario::{ScenarioRun, Values};
use crate::views::by_cohort::{by_cohort, CohortCounts, PolicyCohorts};
use crate::views::panels::Panel;
use serde::Serialize;

/// The reasons in the order the lesson's output lists them.
pub const LESSON_ORDER: [Reason; 3] = [Reason::RateLimited, Reason::UserDailyBudget, Reason::GlobalBudget];

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SimReport {
    /// The second the breaker tripped and the account whose request carried the spend to it.
    pub tripped: Option<(u64, String)>,
    /// Under all three layers, by cohort.
    pub all_three: PolicyCohorts,
    pub spend: Nanos,
    pub script_tokens: Tokens,
    /// The scripts' budgets together.
    pub script_budget: Tokens,
    pub sock_tokens: Tokens,
    pub sock_accounts: u32,
    /// The spend under the per-user layers alone (bucket and budget).
    pub without_breaker: Nanos,
}

/// The report, when `run` ran the scenario's own `allThree` and `bucketBudget`.
pub fn sim_report(run: &ScenarioRun) -> Option<SimReport> {
    let params = Params::from_values(&run.settings);
    let cohorts = by_cohort(run);
    let find = |name: &str| cohorts.iter().find(|p| p.policy == name);
    let (all_three, per_user) = (find("allThree")?, find("bucketBudget")?);
    let outcome = run.policies.iter().find(|o| o.policy == "allThree")?;
    // One price per token, in and out: the tokens are the charge over it.
    let per_token = params.price.0 * Nanos::PER_MICRO;
    let tokens = |c: Option<&CohortCounts>| c.map_or(0, |c| c.charged.0 / per_token.max(1));
    let cohort = |name: &str| all_three.cohorts.iter().find(|c| c.cohort == name);
    Some(SimReport {
        tripped: outcome.tripped.map(|t| {
            (t.at.whole_seconds(), run.users.get(t.user as usize).map_or_else(String::new, |u| u.name.clone()))
        }),
        all_three: all_three.clone(),
        spend: all_three.bill,
        script_tokens: tokens(cohort("script")),
        script_budget: params.budget_tokens * u64::from(params.counts.script),
        sock_tokens: tokens(cohort("sockpuppet")),
        sock_accounts: cohort("sockpuppet").map_or(0, |c| c.users_served),
        without_breaker: per_user.bill,
    })
}

/// Sentences for settings whose run says something the counts alone do not: a budget no
/// request fits, a bucket that never refills.
pub fn notes(params: &Params) -> Vec<String> {
    let mut notes = Vec::new();
    let budget = crate::words::grouped(params.budget_tokens);
    if params.budget_tokens < NORMAL_TOKENS {
        notes.push(format!(
            "No request fits a {budget}-token budget: under the budget every request is refused user_daily_budget."
        ));
    } else if params.budget_tokens < ABUSE_TOKENS {
        notes.push(format!(
            "No script or sockpuppet request ({} tokens) fits a {budget}-token budget: only normal users get through it.",
            crate::words::grouped(ABUSE_TOKENS)
        ));
    }
    if params.refill_per_minute == 0 {
        notes.push(format!(
            "The bucket never refills: under it each account gets at most {} requests in the whole run.",
            params.capacity
        ));
    }
    notes
}

/// The widget's panels: the notes on these settings (when there are any), and what the
/// lesson's `sim.py` prints for this run (its output is of all three layers, whichever
/// policy the widget frames).
pub fn panels(seed: u32, values: &Values, _policy: &str) -> Result<Vec<Panel>, RunError> {
    let mut panels = Vec::new();
    let notes = notes(&Params::from_values(values));
    if !notes.is_empty() {
        panels.push(Panel { sentences: notes, ..Panel::titled("notes", "What these settings do") });
    }
    // The run the widget's chart shows, kept: not run again for the panels.
    let run = crate::scenario::last_run::run(&crate::lessons::free_tier::SCENARIO, seed, values)?;
    if let Some(report) = sim_report(&run) {
        panels.push(Panel {
            lines: report.lines(),
            ..Panel::titled("simOutput", format!("What the lesson's sim.py prints for run {seed} (all three layers)"))
        });
    }
    Ok(panels)
}

/// Dollars to the cent, as the lesson prints them: `3.01`.
fn usd(n: Nanos) -> String {
    n.micros().dollars(2).trim_start_matches('$').to_string()
}

impl SimReport {
    /// The lines `sim.py` printed.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![match &self.tripped {
            Some((at, who)) => format!("global breaker tripped at t={at} s ({who})"),
            None => "global breaker did not trip".to_string(),
        }];
        for c in &self.all_three.cohorts {
            let mut parts = vec![format!("'ok': {}", c.served)];
            for r in LESSON_ORDER {
                if c.refused_by.get(r) > 0 {
                    parts.push(format!("'{}': {}", r.name(), c.refused_by.get(r)));
                }
            }
            lines.push(format!("{} {{{}}}", c.cohort, parts.join(", ")));
        }
        lines.push(format!("global spend USD: {}", usd(self.spend)));
        lines.push(format!("script tokens used: {} of {} budget", self.script_tokens, self.script_budget));
        lines.push(format!("sockpuppet tokens served: {} across {} accounts", self.sock_tokens, self.sock_accounts));
        lines.push(format!("without global breaker, spend USD: {}", usd(self.without_breaker)));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::free_tier::SCENARIO;

    #[test]
    fn a_budget_no_request_fits_and_a_bucket_that_never_refills_are_said_in_a_sentence() {
        let mut values = Values::defaults(&SCENARIO);
        assert!(notes(&Params::from_values(&values)).is_empty(), "the lesson's settings need no note");
        values.set(&SCENARIO, "tokenBudget", "1000").unwrap();
        values.set(&SCENARIO, "refillPerMinute", "0").unwrap();
        assert_eq!(
            notes(&Params::from_values(&values)),
            [
                "No request fits a 1,000-token budget: under the budget every request is refused user_daily_budget.",
                "The bucket never refills: under it each account gets at most 5 requests in the whole run."
            ]
        );
        let run = crate::lessons::free_tier::claims::free_tier_run(0, &values).unwrap();
        let served = run
            .policies
            .iter()
            .find(|o| o.policy == "bucketBudget")
            .map(|o| o.per_user.iter().map(|u| u.served).sum::<u32>());
        assert_eq!(served, Some(0), "the run shows what the sentence says");
    }

    #[test]
    fn bad_settings_name_the_field_and_what_is_allowed_and_no_users_at_all_is_refused() {
        let mut values = Values::defaults(&SCENARIO);
        let err =
            |values: &mut Values, key: &str, text: &str| values.set(&SCENARIO, key, text).unwrap_err().to_string();
        assert_eq!(
            err(&mut values, "breakerDollars", "0"),
            "breakerDollars: must be an amount in dollars from 0.01 to 1000, with at most 6 decimals; got \"0\""
        );
        assert_eq!(
            err(&mut values, "tokenBudget", "0"),
            "tokenBudget: must be a whole number from 1 to 10000000; got \"0\""
        );
        assert_eq!(
            err(&mut values, "sockpuppets", "401"),
            "sockpuppets: must be a whole number from 0 to 400; got \"401\""
        );
        assert_eq!(err(&mut values, "pricePerToken", "0.0000001"), "pricePerToken: must be an amount in dollars from 0.000001 to 0.001, with at most 6 decimals; got \"0.0000001\"");
        for key in ["normalUsers", "scriptUsers", "sockpuppets"] {
            values.set(&SCENARIO, key, "0").unwrap();
        }
        let run = crate::lessons::free_tier::claims::free_tier_run(0, &values);
        assert_eq!(
            run.err().map(|e| e.to_string()).as_deref(),
            Some(
                "sockpuppets: must be at least 1 while there are no normal users and no script accounts (a run needs \
                 a user of some kind); got 0"
            )
        );
    }

    #[test]
    fn the_widgets_panels_are_the_notes_when_there_are_some_then_what_sim_py_prints() {
        let mut values = Values::defaults(&SCENARIO);
        let names = |values: &Values| panels(3, values, "bucket").unwrap().iter().map(|p| p.name).collect::<Vec<_>>();
        assert_eq!(names(&values), ["simOutput"], "the lesson's settings need no note");
        let run = crate::scenario::run(&SCENARIO, 3, &values, None, crate::engine::Record::default()).unwrap();
        let printed = &panels(3, &values, "bucket").unwrap()[0];
        assert_eq!(printed.lines, sim_report(&run).unwrap().lines(), "run 3's sim.py output");
        values.set(&SCENARIO, "refillPerMinute", "0").unwrap();
        let both = panels(3, &values, "allThree").unwrap();
        assert_eq!((both[0].name, both[0].sentences.len(), both[1].name), ("notes", 1, "simOutput"), "{both:?}");
    }
}
