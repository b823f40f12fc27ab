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
            "No request fits a {budget}-token budget: under the budget every request is refused by the daily token budget."
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
        // The lesson's own run is beside this one only at the lesson's settings.
        if *values == Values::defaults(&crate::lessons::free_tier::SCENARIO) {
            panels.push(beside(&report, &run));
        }
        panels.push(Panel {
            lines: report.lines(),
            ..Panel::titled(
                "simOutput",
                format!("What the lesson's sim.py would print for run {seed} here (all three layers)"),
            )
        });
    }
    Ok(panels)
}

/// What the lesson's `sim.py` printed for the lesson's own run (all three layers), as the
/// lesson quotes it.
pub const LESSON_LINES: [&str; 8] = [
    "global breaker tripped at t=3050 s (sock10)",
    "normal {'ok': 354, 'global_budget': 469}",
    "script {'ok': 20, 'rate_limited': 161, 'user_daily_budget': 1019}",
    "socks {'ok': 54, 'rate_limited': 30, 'global_budget': 236}",
    "global spend USD: 3.01",
    "script tokens used: 60000 of 60000 budget",
    "sockpuppet tokens served: 162000 across 11 accounts",
    "without global breaker, spend USD: 7.39",
];

/// The figures the widget sets beside the lesson's: what, and the lesson's (from [`LESSON_LINES`]).
const FIGURES: [[&str; 2]; 7] = [
    ["Breaker tripped at", "3,050 s, by sock10"],
    ["Normal requests served", "354"],
    ["Normal requests refused by the breaker", "469"],
    ["Script requests served", "20"],
    ["Sockpuppet requests served", "54"],
    ["Spend", "$3.01"],
    ["Spend without the breaker", "$7.39"],
];

/// How many runs [`OVER_RUNS`] covers.
pub const RUNS: u32 = 1_000;

/// Where each of [`FIGURES`] falls over runs 0 to 999 at the lesson's settings, as
/// [`over_runs`] works it out: written here, since 1,000 runs take seconds and a click has
/// milliseconds (a test checks them against `over_runs`).
pub const OVER_RUNS: [&str; 7] = [
    "from 2,658 s to 3,179 s",
    "from 299 to 340",
    "from 435 to 519",
    "from 0 to 20",
    "from 72 to 90",
    "from $3.00 to $3.01",
    "from $7.18 to $7.41",
];

/// Where each of [`FIGURES`] falls over runs `0..runs` at the lesson's settings: "from 2,401
/// to 3,598 s", or the one value every run gives.
pub fn over_runs(runs: u32) -> Result<[String; 7], RunError> {
    let values = Values::defaults(&crate::lessons::free_tier::SCENARIO);
    let mut each: [Vec<u64>; 7] = Default::default();
    let mut tripped = 0u32;
    for seed in 0..runs {
        let run = crate::lessons::free_tier::claims::free_tier_run(seed, &values)?;
        let r = sim_report(&run).ok_or(RunError::Overflow)?;
        let count = |cohort: &str, reason: Option<Reason>| {
            let c = r.all_three.cohorts.iter().find(|c| c.cohort == cohort);
            u64::from(c.map_or(0, |c| reason.map_or(c.served, |r| c.refused_by.get(r))))
        };
        if let Some((at, _)) = r.tripped {
            tripped += 1;
            each[0].push(at);
        }
        let figures = [
            count("normal", None),
            count("normal", Some(Reason::GlobalBudget)),
            count("script", None),
            count("sockpuppet", None),
            r.spend.0,
            r.without_breaker.0,
        ];
        for (i, v) in figures.into_iter().enumerate() {
            each[i + 1].push(v);
        }
    }
    let grouped = crate::words::grouped;
    let money = |n: u64| Nanos(n).micros().cents();
    let range = |values: &[u64], show: &dyn Fn(u64) -> String| match (values.iter().min(), values.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => show(*lo),
        (Some(lo), Some(hi)) => format!("from {} to {}", show(*lo), show(*hi)),
        _ => "never".to_string(),
    };
    let trips = match tripped == runs {
        true => range(&each[0], &|s| format!("{} s", grouped(s))),
        false => format!("{} ({} of {} runs)", range(&each[0], &|s| format!("{} s", grouped(s))), tripped, runs),
    };
    Ok([
        trips,
        range(&each[1], &grouped),
        range(&each[2], &grouped),
        range(&each[3], &grouped),
        range(&each[4], &grouped),
        range(&each[5], &money),
        range(&each[6], &money),
    ])
}

/// The lesson's figures (from [`LESSON_LINES`]) beside this run's, in a table, with a
/// sentence for each of the lesson's points this run goes against.
fn beside(report: &SimReport, run: &ScenarioRun) -> Panel {
    let grouped = |n: u64| crate::words::grouped(n);
    let count = |cohort: &str, reason: Option<Reason>| {
        let c = report.all_three.cohorts.iter().find(|c| c.cohort == cohort);
        grouped(u64::from(c.map_or(0, |c| reason.map_or(c.served, |r| c.refused_by.get(r)))))
    };
    let trip = match &report.tripped {
        Some((at, who)) => format!("{} s, by {who}", grouped(*at)),
        None => "did not trip".to_string(),
    };
    let here = [
        trip,
        count("normal", None),
        count("normal", Some(Reason::GlobalBudget)),
        count("script", None),
        count("sockpuppet", None),
        report.spend.micros().cents(),
        report.without_breaker.micros().cents(),
    ];
    let rows = (0..FIGURES.len()).map(|i| {
        let [what, lesson] = FIGURES[i];
        vec![what.to_string(), lesson.to_string(), here[i].clone(), OVER_RUNS[i].to_string()]
    });
    let table = crate::views::over_time::Table {
        caption: format!("The lesson's run beside run {} here, under all three layers", run.seed),
        columns: vec![
            "".into(),
            "The lesson's run".into(),
            format!("Run {} here", run.seed),
            format!("Over {} runs here", grouped(u64::from(RUNS))),
        ],
        rows: rows.collect(),
    };
    let mut sentences = against_the_lesson(report, run);
    sentences.push(
        "The script's and each sockpuppet's counts follow from the limits alone; the rest depend on when each user          calls, which the lesson does not give, so they differ from run to run by chance."
            .to_string(),
    );
    Panel { sentences, table: Some(table), ..Panel::titled("lessonRun", "The lesson's run beside this one") }
}

/// A sentence for each of the lesson's points this run goes against: the breaker tripped
/// by a sockpuppet (here by another kind of user, or not at all) and the script held by its
/// own limits to its 20 requests (here stopped short by the breaker).
pub fn against_the_lesson(report: &SimReport, run: &ScenarioRun) -> Vec<String> {
    let mut out = Vec::new();
    match &report.tripped {
        None => out.push(format!(
            "In this run the breaker did not trip: the spend stayed at {}. In the lesson's it tripped at 3,050 s.",
            report.spend.micros().cents()
        )),
        Some((at, who)) => {
            let cohort = run.users.iter().find(|u| &u.name == who).map(|u| u.cohort.as_str());
            if cohort != Some("sockpuppet") {
                let label = cohort
                    .and_then(|c| run.cohorts.iter().find(|k| k.name == c))
                    .map_or("another user".to_string(), |k| {
                        format!("a {}", k.label.to_lowercase().trim_end_matches('s'))
                    });
                out.push(format!(
                    "In this run {label} ({who}) tripped the breaker at {} s, not a sockpuppet as in the lesson's run:                      the ceiling is shared, so whoever's request reaches it trips it, and everyone is refused after.",
                    crate::words::grouped(*at)
                ));
            }
        }
    }
    let script = report.all_three.cohorts.iter().find(|c| c.cohort == "script").map_or(0, |c| c.served);
    let scripts = Params::from_values(&run.settings).counts.script;
    if scripts > 0 && u64::from(script) * ABUSE_TOKENS < report.script_budget {
        out.push(format!(
            "In this run the script got {script} requests through, not the lesson's 20: the breaker tripped before it              had used its own budget, so here the breaker, not the script's own limits, stopped it."
        ));
    }
    out
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
                "No request fits a 1,000-token budget: under the budget every request is refused by the daily token budget.",
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
        assert_eq!(names(&values), ["lessonRun", "simOutput"], "the lesson's settings need no note");
        let run = crate::scenario::run(&SCENARIO, 3, &values, None, crate::engine::Record::default()).unwrap();
        let printed = &panels(3, &values, "bucket").unwrap()[1];
        assert_eq!(printed.lines, sim_report(&run).unwrap().lines(), "run 3's sim.py output");
        assert_eq!(printed.title, "What the lesson's sim.py would print for run 3 here (all three layers)");
        values.set(&SCENARIO, "refillPerMinute", "0").unwrap();
        let both = panels(3, &values, "allThree").unwrap();
        assert_eq!((both[0].name, both[0].sentences.len(), both[1].name), ("notes", 1, "simOutput"), "{both:?}");
        assert_eq!(both.len(), 2, "other settings than the lesson's: its run is not set beside this one");
    }

    #[test]
    fn the_lessons_own_run_is_set_beside_this_run_never_labelled_as_it() {
        let values = Values::defaults(&SCENARIO);
        let panel = &panels(0, &values, "allThree").unwrap()[0];
        assert_eq!(panel.name, "lessonRun");
        let table = panel.table.as_ref().unwrap();
        assert_eq!(table.columns, ["", "The lesson's run", "Run 0 here", "Over 1,000 runs here"]);
        let row = |what: &str| table.rows.iter().find(|r| r[0] == what).cloned().unwrap();
        assert_eq!(row("Breaker tripped at")[1], "3,050 s, by sock10", "the lesson's, as its sim.py printed it");
        let run = crate::lessons::free_tier::claims::free_tier_run(0, &values).unwrap();
        let (at, who) = sim_report(&run).unwrap().tripped.unwrap();
        assert_eq!(row("Breaker tripped at")[2], format!("{} s, by {who}", crate::words::grouped(at)));
        assert_eq!(row("Normal requests refused by the breaker")[1], "469");
        assert!(LESSON_LINES[0].ends_with("t=3050 s (sock10)") && LESSON_LINES[1].contains("'global_budget': 469"));
    }

    #[test]
    fn where_the_figures_fall_over_a_thousand_runs_is_what_a_thousand_runs_give() {
        assert_eq!(over_runs(RUNS).unwrap(), OVER_RUNS.map(String::from), "the panel's column over 1,000 runs");
    }

    #[test]
    fn a_run_that_goes_against_the_lesson_says_so_in_a_sentence() {
        let values = Values::defaults(&SCENARIO);
        // The runs whose breaker a normal user trips, or that stop the script short of its 20.
        let mut said = Vec::new();
        for seed in 0..40 {
            let run = crate::lessons::free_tier::claims::free_tier_run(seed, &values).unwrap();
            let report = sim_report(&run).unwrap();
            let sentences = against_the_lesson(&report, &run);
            let who = report.tripped.as_ref().map(|(_, who)| who.clone()).unwrap_or_default();
            let by_sock = run.users.iter().any(|u| u.name == who && u.cohort == "sockpuppet");
            let script = report.all_three.cohorts.iter().find(|c| c.cohort == "script").map_or(0, |c| c.served);
            assert_eq!(
                sentences.iter().any(|s| s.contains("tripped the breaker")),
                !by_sock,
                "run {seed}: {sentences:?}"
            );
            assert_eq!(
                sentences.iter().any(|s| s.contains("the script got")),
                script < 20,
                "run {seed}: {sentences:?}"
            );
            said.extend(sentences);
        }
        assert!(!said.is_empty(), "some of 40 runs go against the lesson (run 1's normal user trips the breaker)");
        let panel = &panels(1, &values, "allThree").unwrap()[0];
        assert!(panel.sentences.len() > 1, "run 1's panel says how it goes against the lesson: {:?}", panel.sentences);
    }
}
