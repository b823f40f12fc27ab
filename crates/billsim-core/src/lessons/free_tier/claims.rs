//! The lesson's claims, measured on one run (`measure`) and over many (`over_seeds`), and
//! its figures beside ours (`lesson_numbers`). Under the per-user layers alone, the counts
//! of the script and of each sockpuppet follow from the layers' numbers, so they are the
//! lesson's on every run; the rest (and under the breaker, those too) depend on the seeded
//! traffic, whose draws are not the lesson's (its generator, its seed and when its script
//! and bursts start are not given).

use crate::engine::{Nanos, Reason, Record, RunError};
use crate::lessons::free_tier::report::{breaker_cut, seconds_and_clock, sim_report};
use crate::lessons::free_tier::scenario::SCENARIO;
use crate::lessons::free_tier::{Params, ABUSE_TOKENS};
use crate::lessons::toy_day::lesson_numbers::Number;
use crate::scenario::{run, ScenarioRun, Values};
use crate::time::Instant;
use crate::views::by_cohort::{by_cohort, CohortCounts};
use crate::words::grouped;

/// The run the lesson's output is compared with, and how many runs the claims are checked on.
pub const SHOWN_SEED: u32 = 0;
pub const SEEDS_CHECKED: u32 = 1_000;

/// Why our figures of one run differ from the lesson's.
pub const NOTE: &str = "Under the per-user layers alone, the script's and each sockpuppet's counts follow from the \
     layers' numbers, so they are the lesson's on every run. The rest depend on the seeded traffic: when each normal \
     user calls, when the script starts and when each burst comes. Those moments decide when the breaker trips and \
     whose calls it refuses, so under all three layers the script's and the sockpuppets' counts depend on them too. \
     The lesson does not give its generator, its seed or those moments, so our runs draw their own, and figures such \
     as when the breaker trips and how many normal requests it refuses differ from the lesson's by chance, not by \
     rule.";

/// What one run shows of the lesson's claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Measured {
    /// Under the per-user layers (bucket and budget): the script's ok, rate_limited and
    /// user_daily_budget.
    pub script: (u32, u32, u32),
    /// Under the per-user layers: each sockpuppet's (served, rate_limited), the fewest and
    /// the most.
    pub sock_served: (u32, u32),
    pub sock_rate_limited: (u32, u32),
    /// Under all three layers.
    pub tripped: Option<Instant>,
    pub spend: Nanos,
    /// The most one request can cost.
    pub one_request: Nanos,
    pub normal_refused_global: u32,
    /// Whether every global_budget refusal came at or after the trip.
    pub refusals_after_trip: bool,
    /// Spend under the per-user layers alone.
    pub without_breaker: Nanos,
}

fn cohort<'a>(rows: &'a [CohortCounts], name: &str) -> Option<&'a CohortCounts> {
    rows.iter().find(|c| c.cohort == name)
}

/// The scenario's run `seed` under `values`, with every decision under all three layers.
pub fn free_tier_run(seed: u32, values: &Values) -> Result<ScenarioRun, RunError> {
    run(&SCENARIO, seed, values, None, Record::COUNTS)
}

/// The lesson's claims on run `seed`.
pub fn measure(seed: u32, values: &Values) -> Result<Measured, RunError> {
    let built = SCENARIO.build(seed, values)?;
    let all_three = built.policies.iter().find(|p| p.name == "allThree").cloned();
    let scenario_run = free_tier_run(seed, values)?;
    let by = by_cohort(&scenario_run);
    let per_user_layers = by.iter().find(|p| p.policy == "bucketBudget").ok_or(RunError::Overflow)?;
    let three = by.iter().find(|p| p.policy == "allThree").ok_or(RunError::Overflow)?;
    let script = cohort(&per_user_layers.cohorts, "script").map_or((0, 0, 0), |c| {
        (c.served, c.refused_by.get(Reason::RateLimited), c.refused_by.get(Reason::UserDailyBudget))
    });
    let index = scenario_run.policies.iter().position(|o| o.policy == "bucketBudget").unwrap_or(0);
    let socks: Vec<(u32, u32)> = scenario_run
        .users
        .iter()
        .zip(&scenario_run.policies[index].per_user)
        .filter(|(u, _)| u.cohort == "sockpuppet")
        .map(|(_, o)| (o.served, o.refused_by.get(Reason::RateLimited)))
        .collect();
    let range =
        |f: fn(&(u32, u32)) -> u32| (socks.iter().map(f).min().unwrap_or(0), socks.iter().map(f).max().unwrap_or(0));
    // Every decision under all three layers, to see when the breaker's refusals came.
    let prices = crate::engine::resolve_prices(&built.traffic, &built.prices)?;
    let events = match &all_three {
        Some(p) => crate::engine::run_priced(&built.traffic, p, &prices, Record::EVERYTHING)?,
        None => return Err(RunError::Overflow),
    };
    let tripped = events.tripped.map(|t| t.at);
    let refusals_after_trip = events
        .events
        .iter()
        .flatten()
        .filter(|e| e.reason == Some(Reason::GlobalBudget))
        .all(|e| tripped.is_some_and(|t| e.at >= t));
    Ok(Measured {
        script,
        sock_served: range(|s| s.0),
        sock_rate_limited: range(|s| s.1),
        tripped,
        spend: three.bill,
        one_request: prices[0].cost(ABUSE_TOKENS / 3, ABUSE_TOKENS - ABUSE_TOKENS / 3)?,
        normal_refused_global: cohort(&three.cohorts, "normal").map_or(0, |c| c.refused_by.get(Reason::GlobalBudget)),
        refusals_after_trip,
        without_breaker: per_user_layers.bill,
    })
}

/// The lesson's first run, with a 20,000-token budget: each normal user's requests served
/// and refused user_daily_budget under the per-user layers, as (served, refused, calls).
pub fn first_run(seed: u32) -> Result<Vec<(u32, u32, u32)>, RunError> {
    let mut values = Values::defaults(&SCENARIO);
    values.set(&SCENARIO, "tokenBudget", "20000").map_err(|_| RunError::Overflow)?;
    let r = free_tier_run(seed, &values)?;
    let index = r.policies.iter().position(|o| o.policy == "bucketBudget").ok_or(RunError::Overflow)?;
    Ok(r.users
        .iter()
        .zip(&r.policies[index].per_user)
        .filter(|(u, _)| u.cohort == "normal")
        .map(|(u, o)| (o.served, o.refused_by.get(Reason::UserDailyBudget), u.calls))
        .collect())
}

/// The breaker's cut of the spend, in whole percent: 1 - (all three) / (per-user layers).
pub fn cut_percent(m: &Measured) -> u64 {
    breaker_cut(m.spend, m.without_breaker)
}

/// Our figures of run [`SHOWN_SEED`] beside the lesson's, then its claims over
/// [`SEEDS_CHECKED`] runs.
pub fn lesson_numbers() -> Result<Vec<Number>, RunError> {
    let values = Values::defaults(&SCENARIO);
    let shown = free_tier_run(SHOWN_SEED, &values)?;
    let report = sim_report(&shown).ok_or(RunError::Overflow)?;
    let m = measure(SHOWN_SEED, &values)?;
    let mut list = Vec::new();
    let mut add = |key: &'static str, sentence: &'static str, ours: String, lesson: &'static str| {
        list.push(Number { key, sentence, ours, lesson })
    };
    let params = Params::from_values(&values);
    const BUCKET: &str =
        "My settings: capacity 5, refill 10 per minute. A script gets 5 requests, then roughly one every six seconds.";
    add("bucket_burst", BUCKET, params.capacity.to_string(), "5");
    add("bucket_every_seconds", BUCKET, refill_every(params.refill_per_minute), "6");
    const TRIP: &str = "global breaker tripped at t=3050 s (sock10)";
    let (at, who) = report.tripped.clone().unwrap_or_default();
    add("trip_second", TRIP, at.to_string(), "3050");
    add("trip_account", TRIP, who, "sock10");
    let counts = |name: &str, r: Option<Reason>| {
        let c = report.all_three.cohorts.iter().find(|c| c.cohort == name);
        c.map_or(0, |c| r.map_or(c.served, |r| c.refused_by.get(r))).to_string()
    };
    const NORMAL: &str = "normal {'ok': 354, 'global_budget': 469}";
    add("normal_ok", NORMAL, counts("normal", None), "354");
    add("normal_global_budget", NORMAL, counts("normal", Some(Reason::GlobalBudget)), "469");
    const SCRIPT: &str = "script {'ok': 20, 'rate_limited': 161, 'user_daily_budget': 1019}";
    add("script_ok", SCRIPT, counts("script", None), "20");
    add("script_rate_limited", SCRIPT, counts("script", Some(Reason::RateLimited)), "161");
    add("script_user_daily_budget", SCRIPT, counts("script", Some(Reason::UserDailyBudget)), "1019");
    const SOCKS: &str = "socks {'ok': 54, 'rate_limited': 30, 'global_budget': 236}";
    add("socks_ok", SOCKS, counts("sockpuppet", None), "54");
    add("socks_rate_limited", SOCKS, counts("sockpuppet", Some(Reason::RateLimited)), "30");
    add("socks_global_budget", SOCKS, counts("sockpuppet", Some(Reason::GlobalBudget)), "236");
    let usd = |n: Nanos| n.micros().dollars(2).trim_start_matches('$').to_string();
    add("global_spend", "global spend USD: 3.01", usd(report.spend), "3.01");
    const SCRIPT_TOKENS: &str = "script tokens used: 60000 of 60000 budget";
    add(
        "script_tokens",
        SCRIPT_TOKENS,
        format!("{} of {}", report.script_tokens, report.script_budget),
        "60000 of 60000",
    );
    const SOCK_TOKENS: &str = "sockpuppet tokens served: 162000 across 11 accounts";
    add("sock_tokens", SOCK_TOKENS, report.sock_tokens.to_string(), "162000");
    add("sock_accounts", SOCK_TOKENS, report.sock_accounts.to_string(), "11");
    add("without_breaker", "without global breaker, spend USD: 7.39", usd(report.without_breaker), "7.39");
    add(
        "breaker_cut_percent",
        "The breaker cut simulated spend by about 60 percent.",
        cut_percent(&m).to_string(),
        "60",
    );
    // Under all three layers, as the lesson's sim.py ran ("also": beside the breaker's
    // refusals), and as the widget sets it beside the lesson's figure: one reading of it.
    let first_values = crate::lessons::free_tier::report::first_run_values(&SCENARIO);
    let first = sim_report(&free_tier_run(SHOWN_SEED, &first_values)?).ok_or(RunError::Overflow)?;
    const FIRST: &str = "In my first run, with a 20,000-token daily budget, the per-user limit also rejected 563 \
                         normal requests (all three layers).";
    let refused = crate::lessons::free_tier::report::normal_refused_by_budget(&first);
    add("first_run_normal_refused", FIRST, refused.to_string(), "563");
    over_seeds(&values, &mut add)?;
    Ok(list)
}

/// The seconds between a bucket's refills of one request, to the nearest whole second
/// (the lesson's "roughly one every six seconds"), in milliseconds under one; "never" with
/// no refill.
fn refill_every(per_minute: u32) -> String {
    match u64::from(per_minute) {
        0 => "never".into(),
        r if r <= 120 => ((60 * 2 + r) / (r * 2)).to_string(),
        r => format!("{} ms", (60_000 * 2 + r) / (r * 2)),
    }
}

/// One value if every run gives it, else the range: "20", "from 55 to 63".
fn spread<T: Ord + Copy + ToString>(values: &[T]) -> String {
    spread_said(values, T::to_string)
}

/// [`spread`] with each value said by `say`.
fn spread_said<T: Ord + Copy>(values: &[T], say: impl Fn(&T) -> String) -> String {
    match (values.iter().min(), values.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => say(lo),
        (Some(lo), Some(hi)) => format!("from {} to {}", say(lo), say(hi)),
        _ => String::new(),
    }
}

/// The claims over runs `0..SEEDS_CHECKED`, each as the one value every run gives or its range.
fn over_seeds(
    values: &Values,
    add: &mut impl FnMut(&'static str, &'static str, String, &'static str),
) -> Result<(), RunError> {
    let runs = (0..SEEDS_CHECKED).map(|seed| measure(seed, values)).collect::<Result<Vec<_>, _>>()?;
    let of = |f: fn(&Measured) -> u32| spread(&runs.iter().map(f).collect::<Vec<_>>());
    const SCRIPT: &str = "The script got 20 requests through (exactly its 60,000-token budget at 3,000 each) out \
         of 1,200 attempts (per-user layers, every run).";
    add("runs_script_ok", SCRIPT, of(|m| m.script.0), "20");
    add("runs_script_rate_limited", SCRIPT, of(|m| m.script.1), "161");
    add("runs_script_user_daily_budget", SCRIPT, of(|m| m.script.2), "1019");
    let attempts: Vec<u64> =
        runs.iter().map(|m| u64::from(m.script.0) + u64::from(m.script.1) + u64::from(m.script.2)).collect();
    add("runs_script_attempts", SCRIPT, spread_said(&attempts, |&n| grouped(n)), "1,200");
    const SOCK: &str = "Each account stayed inside its own limits (per-user layers, every sockpuppet of every run).";
    let both = |f: fn(&Measured) -> (u32, u32)| spread(&runs.iter().flat_map(|m| [f(m).0, f(m).1]).collect::<Vec<_>>());
    add("runs_sock_ok", SOCK, both(|m| m.sock_served), "5");
    add("runs_sock_rate_limited", SOCK, both(|m| m.sock_rate_limited), "3");
    const TRIPS: &str = "The breaker only stopped them at about $3 of spend (runs where it tripped).";
    let tripped = runs.iter().filter(|m| m.tripped.is_some()).count();
    let tripped =
        if tripped == runs.len() { "every run".to_string() } else { format!("{tripped} of {} runs", runs.len()) };
    add("runs_tripped", TRIPS, tripped, "every run");
    let cuts: Vec<u64> = runs.iter().map(cut_percent).collect();
    add("runs_cut_percent", "The breaker cut simulated spend by about 60 percent (every run).", spread(&cuts), "60");
    let firsts = (0..SEEDS_CHECKED).map(first_run).collect::<Result<Vec<_>, _>>()?;
    let served: Vec<u32> = firsts.iter().flatten().map(|f| f.0).collect();
    const FIRST: &str =
        "With a 20,000-token budget each normal user gets 13 requests through (every user of every run).";
    add("runs_first_run_each_normal_ok", FIRST, spread(&served), "13");
    Ok(())
}

/// Where each of the figures the widget sets beside the lesson's falls over runs `0..runs`
/// at the lesson's settings: "from 2,401 to 3,598 s", or the one value every run gives
/// ([`crate::lessons::free_tier::report::OVER_RUNS`] is it over 1,000 runs).
pub fn over_runs(runs: u32) -> Result<[String; 9], RunError> {
    let values = Values::defaults(&SCENARIO);
    let mut each: [Vec<u64>; 9] = Default::default();
    let mut tripped = 0u32;
    for seed in 0..runs {
        let run = free_tier_run(seed, &values)?;
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
            u64::from(r.sock_accounts),
            r.spend.0,
            r.without_breaker.0,
            breaker_cut(r.spend, r.without_breaker),
        ];
        for (i, v) in figures.into_iter().enumerate() {
            each[i + 1].push(v);
        }
    }
    let grouped = crate::words::grouped;
    let money = |n: u64| Nanos(n).micros().cents();
    let trips = match tripped == runs {
        true => range(&each[0], &seconds_and_clock),
        false => format!("{} ({} of {} runs)", range(&each[0], &seconds_and_clock), tripped, runs),
    };
    Ok([
        trips,
        range(&each[1], &grouped),
        range(&each[2], &grouped),
        range(&each[3], &grouped),
        range(&each[4], &grouped),
        range(&each[5], &grouped),
        range(&each[6], &money),
        range(&each[7], &money),
        range(&each[8], &|p| format!("{p}%")),
    ])
}

/// Where `values` fall over the runs, as `show` writes each: "from 299 to 340", the one
/// value every run gives, or "never" for none.
fn range(values: &[u64], show: &dyn Fn(u64) -> String) -> String {
    match (values.iter().min(), values.iter().max()) {
        (Some(lo), Some(hi)) if lo == hi => show(*lo),
        (Some(lo), Some(hi)) => format!("from {} to {}", show(*lo), show(*hi)),
        _ => "never".to_string(),
    }
}

/// Where the lesson's first run's figure falls over runs `0..runs` at its budget.
pub fn first_run_over_runs(runs: u32) -> Result<String, RunError> {
    let values = crate::lessons::free_tier::report::first_run_values(&SCENARIO);
    let mut refused = Vec::new();
    for seed in 0..runs {
        let report = sim_report(&free_tier_run(seed, &values)?).ok_or(RunError::Overflow)?;
        refused.push(crate::lessons::free_tier::report::normal_refused_by_budget(&report));
    }
    Ok(range(&refused, &crate::words::grouped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lessons_claims_hold_on_every_one_of_a_thousand_runs() {
        let values = Values::defaults(&SCENARIO);
        let mut cuts = Vec::new();
        for seed in 0..SEEDS_CHECKED {
            let m = measure(seed, &values).unwrap();
            assert_eq!(m.script, (20, 161, 1_019), "seed {seed}: the script's ok, rate_limited, user_daily_budget");
            assert_eq!((m.sock_served, m.sock_rate_limited), ((5, 5), (3, 3)), "seed {seed}: each sockpuppet");
            assert!(m.tripped.is_some(), "seed {seed}: the breaker trips");
            let ceiling = Nanos(3_000_000_000);
            assert!(
                m.spend >= ceiling && m.spend.0 < ceiling.0 + m.one_request.0,
                "seed {seed}: spend {} nano-dollars, from $3.00 to under $3.00 + {}",
                m.spend.0,
                m.one_request.0
            );
            assert!(m.normal_refused_global > 0 && m.refusals_after_trip, "seed {seed}: {m:?}");
            cuts.push(cut_percent(&m));
        }
        let (lo, hi) = (cuts.iter().min().unwrap(), cuts.iter().max().unwrap());
        assert!((50..=70).contains(lo) && (50..=70).contains(hi), "the breaker's cut, {lo}% to {hi}%, is about 60%");
    }

    #[test]
    fn with_a_20000_token_budget_each_normal_user_gets_exactly_13_requests_through_on_every_run() {
        for seed in 0..SEEDS_CHECKED {
            for (user, (served, refused, calls)) in first_run(seed).unwrap().into_iter().enumerate() {
                assert_eq!((served, refused), (13, calls - 13), "seed {seed}, user{user} of {calls} calls");
            }
        }
    }

    #[test]
    fn billsim_numbers_sets_the_lessons_563_beside_the_figure_the_widget_sets_it_beside() {
        let numbers = lesson_numbers().unwrap();
        let ours = &numbers.iter().find(|n| n.key == "first_run_normal_refused").unwrap().ours;
        let values = crate::lessons::free_tier::report::first_run_values(&SCENARIO);
        let panel =
            crate::scenario::registry::find("freeTier").unwrap().panels(SHOWN_SEED, &values, "allThree").unwrap();
        let table = panel.iter().find(|p| p.name == "lessonRun").and_then(|p| p.table.as_ref()).unwrap();
        assert_eq!(&table.rows[0][2], ours, "the widget's row {:?}, billsim numbers' {ours}", table.rows[0]);
    }

    #[test]
    fn a_buckets_refill_is_said_in_whole_seconds_or_in_milliseconds_under_one() {
        let said = [10, 7, 0, 600].map(refill_every);
        assert_eq!(said, ["6", "9", "never", "100 ms"], "10, 7, 0 and 600 a minute");
    }

    #[test]
    fn the_figures_that_follow_from_the_layers_alone_are_the_lessons() {
        let numbers = lesson_numbers().unwrap();
        let same = [
            "script_tokens",
            "runs_script_ok",
            "runs_script_rate_limited",
            "runs_script_user_daily_budget",
            "runs_script_attempts",
            "bucket_burst",
            "bucket_every_seconds",
            "runs_sock_ok",
            "runs_sock_rate_limited",
            "runs_tripped",
            "runs_first_run_each_normal_ok",
        ];
        for n in &numbers {
            if same.contains(&n.key) {
                assert!(!n.differs(), "{}: ours {}, lesson {}", n.key, n.ours, n.lesson);
            }
        }
    }
}
