//! What the lesson's `sim.py` printed, from a run of the scenario under its own policies:
//! when and by whom the breaker tripped (under all three layers), each kind of user's
//! requests by reason, the global spend, the script's tokens against its budget, the
//! sockpuppets' tokens across how many accounts, and the spend without the breaker.

use crate::engine::{Nanos, Reason, RunError};
use crate::lessons::free_tier::{Params, ABUSE_TOKENS, NORMAL_TOKENS};
use crate::money::Tokens;
use crate::scenario::{Scenario, ScenarioRun, Values};
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
            "The bucket never refills: under it each account gets at most {} in the whole run.",
            crate::words::counted(u64::from(params.capacity.get()), "request", "requests")
        ));
    }
    notes
}

/// The widget's panels: the notes on these settings (when there are any), and what the
/// lesson's `sim.py` prints for this run (its output is of all three layers, whichever
/// policy the widget frames).
pub fn panels(scenario: &Scenario, seed: u32, values: &Values, _policy: &str) -> Result<Vec<Panel>, RunError> {
    let mut panels = Vec::new();
    let notes = notes(&Params::from_values(values));
    if !notes.is_empty() {
        panels.push(Panel { sentences: notes, ..Panel::titled("notes", "What these settings do") });
    }
    // The run the widget's chart shows, kept: not run again for the panels.
    let run = crate::scenario::last_run::run(scenario, seed, values)?;
    if let Some(report) = sim_report(&run) {
        // The lesson's own run is beside this one only at the lesson's settings, and its
        // first run's figure at that run's budget.
        if *values == Values::defaults(scenario) {
            panels.push(beside(&report, &run));
        } else if *values == first_run_values(scenario) {
            panels.push(first_run_beside(&report, &run));
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

/// `part / whole` in whole percent, rounded half up.
fn percent(part: u64, whole: u64) -> u64 {
    (part * 100 + whole / 2).checked_div(whole).unwrap_or(0)
}

/// The breaker's cut of `spend` under all three layers from `without_breaker` under the
/// per-user layers, in whole percent ("about 60 percent" in the lesson).
pub fn breaker_cut(spend: Nanos, without_breaker: Nanos) -> u64 {
    100u64.saturating_sub(percent(spend.0, without_breaker.0))
}

/// A moment of the run as the lesson gives it, in seconds, and as the charts give it, on the
/// clock (to the minute, as "breaker trips at 00:50"): "3,050 s (00:50)", with a space no
/// line breaks at before the "s" (at 320 px a table's cell broke "3,179" from it).
pub fn seconds_and_clock(seconds: u64) -> String {
    let clock = crate::views::over_time::Scale::Clock.moment(seconds * 1_000, crate::views::over_time::Round::Down);
    format!("{}\u{a0}s ({clock})", crate::words::grouped(seconds))
}

/// The figures the widget sets beside the lesson's: what, and the lesson's (from [`LESSON_LINES`]).
const FIGURES: [[&str; 2]; 9] = [
    ["Breaker tripped at", "3,050\u{a0}s (00:50), by sock10"],
    ["Normal requests served", "354"],
    ["Normal requests refused by the breaker", "469"],
    ["Script requests served", "20"],
    ["Sockpuppet requests served", "54"],
    ["Sockpuppet accounts served", "11"],
    ["Spend", "$3.01"],
    ["Spend without the breaker", "$7.39"],
    ["Spend cut by the breaker", "about 60%"],
];

/// How many runs [`OVER_RUNS`] covers.
pub const RUNS: u32 = 1_000;

/// Where each of [`FIGURES`] falls over runs 0 to 999 at the lesson's settings, as
/// [`crate::lessons::free_tier::claims::over_runs`] works it out: written here, since 1,000 runs take seconds and a click has
/// milliseconds (a test checks them against `over_runs`).
pub const OVER_RUNS: [&str; 9] = [
    "from 2,658\u{a0}s (00:44) to 3,179\u{a0}s (00:52)",
    "from 299 to 340",
    "from 435 to 519",
    "from 0 to 20",
    "from 72 to 90",
    "from 15 to 18",
    "from $3.00 to $3.01",
    "from $7.18 to $7.41",
    "from 58% to 60%",
];

/// The lesson's figures (from [`LESSON_LINES`]) beside this run's, in a table, with a
/// sentence for each of the lesson's points this run goes against.
fn beside(report: &SimReport, run: &ScenarioRun) -> Panel {
    let grouped = |n: u64| crate::words::grouped(n);
    let count = |cohort: &str, reason: Option<Reason>| {
        let c = report.all_three.cohorts.iter().find(|c| c.cohort == cohort);
        grouped(u64::from(c.map_or(0, |c| reason.map_or(c.served, |r| c.refused_by.get(r)))))
    };
    let trip = match &report.tripped {
        Some((at, who)) => format!("{}, by {who}", seconds_and_clock(*at)),
        None => "did not trip".to_string(),
    };
    let here = [
        trip,
        count("normal", None),
        count("normal", Some(Reason::GlobalBudget)),
        count("script", None),
        count("sockpuppet", None),
        grouped(u64::from(report.sock_accounts)),
        report.spend.micros().cents(),
        report.without_breaker.micros().cents(),
        format!("{}%", breaker_cut(report.spend, report.without_breaker)),
    ];
    let rows = (0..FIGURES.len()).map(|i| {
        let [what, lesson] = FIGURES[i];
        vec![what.to_string(), lesson.to_string(), here[i].clone(), over_runs_said(lesson, OVER_RUNS[i])]
    });
    let outside = (0..FIGURES.len()).filter(|&i| outside_runs(FIGURES[i][1], OVER_RUNS[i])).count();
    let table = crate::views::table::Table {
        caption: format!("The lesson's run beside run {} here, under all three layers", run.seed),
        columns: beside_columns("The lesson's run", run.seed),
        rows: rows.collect(),
    };
    let mut sentences = against_the_lesson(report, run);
    sentences.push(
        "Under the bucket and the budget alone, the script's and each sockpuppet's counts follow from the limits. \
         Under all three layers they depend, as the rest do, on when each user calls, which decides when the breaker \
         trips; the lesson does not give those moments. Runs here draw them their own way, so these figures differ \
         from run to run, and the lesson's run can fall outside every run here: "
            .to_string()
            + &match outside {
                0 => "none of its figures does (the last column).".to_string(),
                n => format!("{} of its figures do (the last column says which).", crate::words::grouped(n as u64)),
            },
    );
    Panel { sentences, table: Some(table), ..Panel::titled("lessonRun", "The lesson's run beside this one") }
}

/// The lesson's first run: "with a 20,000-token daily budget, the per-user limit also
/// rejected 563 normal requests" (its sim.py's `user_daily_budget`, under all three layers).
pub const FIRST_RUN_BUDGET: &str = "20000";
const FIRST_RUN: [&str; 2] = ["Normal requests refused by the 20,000-token budget", "563"];
/// Where that figure falls over runs 0 to 999 at its budget, as
/// [`crate::lessons::free_tier::claims::first_run_over_runs`] works it out (a test checks it).
pub const FIRST_RUN_OVER_RUNS: &str = "from 156 to 237";

/// The lesson's settings but its first run's token budget.
pub fn first_run_values(scenario: &Scenario) -> Values {
    let mut values = Values::defaults(scenario);
    // The scenario's own setting and a value in its range (a test reads it).
    let _ = values.set(scenario, "tokenBudget", FIRST_RUN_BUDGET);
    values
}

/// The normal requests the token budget refused under all three layers.
pub fn normal_refused_by_budget(report: &SimReport) -> u64 {
    let normal = report.all_three.cohorts.iter().find(|c| c.cohort == "normal");
    u64::from(normal.map_or(0, |c| c.refused_by.get(Reason::UserDailyBudget)))
}

/// Where a figure falls over the runs, and, where the lesson's figure is outside that, so:
/// "from 299 to 340, the lesson's outside all 1,000".
fn over_runs_said(lesson: &str, over_runs: &str) -> String {
    match outside_runs(lesson, over_runs) {
        true => format!("{over_runs}, the lesson's outside all {}", crate::words::grouped(u64::from(RUNS))),
        false => over_runs.to_string(),
    }
}

/// Whether the lesson's figure ("354", "$3.01", "3,050 s (00:50), by sock10", "about 60%")
/// is outside a range over the runs ("from 299 to 340", or the one value every run gave),
/// each read by its first number, its digits alone (both are written alike: "$3.00").
fn outside_runs(lesson: &str, over_runs: &str) -> bool {
    // Chars, not a slice of the text: a slice's panic would bring Unicode's tables into
    // the lesson's module (tests/lesson_modules.test.mjs).
    let first_number = |text: &str| -> Option<u64> {
        let number = text.chars().skip_while(|c| !c.is_ascii_digit());
        let digits: String =
            number.take_while(|c| c.is_ascii_digit() || matches!(c, ',' | '.')).filter(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let (lo, hi) = match over_runs.strip_prefix("from ").and_then(|r| r.split_once(" to ")) {
        Some((lo, hi)) => (first_number(lo), first_number(hi)),
        None => (first_number(over_runs), first_number(over_runs)),
    };
    match (first_number(lesson), lo, hi) {
        (Some(n), Some(lo), Some(hi)) => n < lo || n > hi,
        _ => false,
    }
}

/// The columns of a table of the lesson's figures (`lesson`) beside run `seed`'s and where
/// they fall over [`RUNS`] runs.
fn beside_columns(lesson: &str, seed: u32) -> Vec<String> {
    let over = format!("Over {} runs here", crate::words::grouped(u64::from(RUNS)));
    vec![String::new(), lesson.to_string(), format!("Run {seed} here"), over]
}

/// The lesson's first run's figure beside this run's, at that run's budget.
fn first_run_beside(report: &SimReport, run: &ScenarioRun) -> Panel {
    let [what, lesson] = FIRST_RUN;
    let here = crate::words::grouped(normal_refused_by_budget(report));
    let table = crate::views::table::Table {
        caption: format!("The lesson's first run beside run {} here, under all three layers", run.seed),
        columns: beside_columns("The lesson's first run", run.seed),
        rows: vec![vec![what.into(), lesson.into(), here, over_runs_said(lesson, FIRST_RUN_OVER_RUNS)]],
    };
    let sentence = "The lesson's first run had a 20,000-token daily budget, which refused honest users; that run is \
                    why its budget is 60,000. Runs here draw when each user calls their own way, which decides \
                    how many honest requests the breaker refuses before the budget would: their figure differs from \
                    the lesson's, which can fall outside every run here (the last column).";
    Panel {
        sentences: vec![sentence.into()],
        table: Some(table),
        ..Panel::titled("lessonRun", "The lesson's first run beside this one")
    }
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
                        format!("a {}", crate::words::in_sentence(&k.label).trim_end_matches('s'))
                    });
                out.push(format!(
                    "In this run {label} ({who}) tripped the breaker at {}, not a sockpuppet as in the lesson's run: \
                     the ceiling is shared, so whoever's request reaches it trips it, and everyone is refused after.",
                    seconds_and_clock(*at)
                ));
            }
        }
    }
    let script = report.all_three.cohorts.iter().find(|c| c.cohort == "script").map_or(0, |c| c.served);
    let scripts = Params::from_values(&run.settings).counts.script;
    if scripts > 0 && u64::from(script) * ABUSE_TOKENS < report.script_budget {
        out.push(format!(
            "In this run the script got {script} requests through, not the lesson's 20: the breaker tripped before it \
             had used its own budget, so here the breaker, not the script's own limits, stopped it."
        ));
    }
    out
}

/// Dollars to the cent, as the lesson prints them: `3.01`.
fn usd(n: Nanos) -> String {
    n.micros().dollars(2).trim_start_matches('$').to_string()
}

/// The cohorts `sim.py` printed by another name: `socks {'ok': 54, ...}`.
const SIM_NAMES: [(&str, &str); 1] = [("sockpuppet", "socks")];

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
            let name = SIM_NAMES.iter().find(|(cohort, _)| *cohort == c.cohort).map_or(c.cohort.as_str(), |(_, n)| n);
            lines.push(format!("{name} {{{}}}", parts.join(", ")));
        }
        lines.push(format!("global spend USD: {}", usd(self.spend)));
        lines.push(format!("script tokens used: {} of {} budget", self.script_tokens, self.script_budget));
        lines.push(format!("sockpuppet tokens served: {} across {} accounts", self.sock_tokens, self.sock_accounts));
        lines.push(format!("without global breaker, spend USD: {}", usd(self.without_breaker)));
        lines
    }
}

#[cfg(test)]
mod tests;
