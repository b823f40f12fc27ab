//! Lesson 001's own picture: what the tutorial's client sees. Its two runs replayed through
//! the engine (`demo.py rate`: 200, 200, then 429 with `Retry-After: 58`; `demo.py cap`:
//! three 200s whose day's spend passes the $0.0008 cap, then 429), each answer as the
//! client gets it, and the check-only cap's overshoot against the cap line; and the day the
//! widget runs, under the policy it frames ([`client_view_of_day`]): what each kind of user
//! got (200s, and 429s with the `Retry-After` values the engine computed), and the calls
//! that took the day's spend to its cap, with the overshoot past it. Every word and amount
//! a reader sees is here; the chart draws it.

use crate::engine::{process_of, Event, Nanos, Reason, RunError};
use crate::lessons::hackathon::replay::{cap_settings, rate_settings, replay, Answer, Sent, CAP_RUN, RATE_RUN};
use crate::lessons::hackathon::{six_decimals, Policy, Settings, POLICIES};
use crate::scenario::ScenarioRun;
use crate::time::clock;
use crate::words::grouped;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientView {
    /// "What the tutorial's client sees, its two runs replayed".
    pub title: String,
    /// The tutorial's two runs.
    pub runs: Vec<ClientRun>,
    /// The day's answers by kind of user (in [`client_view_of_day`] only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<ClientDay>,
}

/// What a day's clients got under one policy, by kind of user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientDay {
    /// "Day 0 under \"The tutorial's app: limit and cap\": what each kind of user got".
    pub heading: String,
    pub kinds: Vec<KindAnswers>,
    /// The calls that took the day's spend to the cap and the cap's first 429, where a cap
    /// refused a call that day.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cap: Option<ClientRun>,
    /// The day in words, for the status line and the text alternative.
    pub sentence: String,
}

/// One kind of user's answers over the day.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KindAnswers {
    /// "Honest visitors".
    pub label: String,
    /// Answered 200.
    pub ok: u32,
    /// Answered 429 by the request limit, each with its Retry-After.
    pub limited: u32,
    /// Answered 429 by the cap, with no Retry-After (the app sends none with it).
    pub capped: u32,
    /// The Retry-After values the request limit sent them, in seconds, the least and the
    /// most; absent when it refused none of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<(u64, u64)>,
    /// Their answers in words: "12 got 200, 30 got 429 with Retry-After 3 to 58 s, 190 got 429
    /// from the cap".
    pub words: String,
}

/// One run of `demo.py`: its answers in order, and the day's spend after each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientRun {
    /// "python demo.py rate: a limit of 2 requests per 60 s".
    pub heading: String,
    pub responses: Vec<Response>,
    /// The day's cap, in nano-dollars, and in words ("cap $0.0008").
    #[serde(rename = "capNanos")]
    pub cap: Nanos,
    pub cap_label: String,
    /// The spend past the cap by the run's end, in words, where there is any: "$0.000424
    /// past the cap: the call checked under it was charged after".
    pub overshoot: String,
    /// The run in words, for the status line and the text alternative.
    pub sentence: String,
}

/// One answer as the client gets it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Response {
    pub user: String,
    pub status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// Its status and Retry-After in words: "200", "429 Retry-After: 58".
    pub words: String,
    /// The Retry-After header as sent, "Retry-After: 58"; empty where none is.
    pub retry: String,
    /// The day's spend after it, in nano-dollars (the last one's after a refusal).
    #[serde(rename = "spentNanos")]
    pub spent: Nanos,
    /// That spend in words: "$0.000206".
    pub spent_words: String,
}

/// The tutorial's two runs as its client sees them.
///
/// ```
/// use billsim_core::lessons::hackathon::client_view::client_view;
/// let view = client_view().unwrap();
/// let rate: Vec<&str> = view.runs[0].responses.iter().map(|r| r.words.as_str()).collect();
/// assert_eq!(rate, ["200", "200", "429 Retry-After: 58", "200"]);
/// assert!(view.runs[1].overshoot.starts_with("$0.000424 past the cap"));
/// ```
pub fn client_view() -> Result<ClientView, RunError> {
    let rate = run(
        "python demo.py rate: a limit of 2 requests per 60 s, so ana's third is refused and ben is served",
        &RATE_RUN,
        &rate_settings(),
    )?;
    let cap = run(
        "python demo.py cap: a daily cap of $0.0008, checked before each call and charged after",
        &CAP_RUN,
        &cap_settings(),
    )?;
    Ok(ClientView {
        title: "What the tutorial's client sees: its two runs, replayed".into(),
        runs: vec![rate, cap],
        day: None,
    })
}

/// The tutorial's two runs (as [`client_view`]), then day `run` under `policy`: what each
/// kind of user got, and the calls that took the spend to the cap (where a cap refused a
/// call that day) with the overshoot past it. `settings` are the run's.
pub fn client_view_of_day(run: &ScenarioRun, policy: Policy, settings: &Settings) -> Result<ClientView, RunError> {
    let mut view = client_view()?;
    view.title = format!("What the clients get: the tutorial's two runs, replayed, and day {}", run.seed);
    // The scenario runs every policy of `Policy::ALL`: a run of other policies has no events here.
    let events =
        run.policies.iter().find(|o| o.policy == policy.name()).and_then(|o| o.events.as_deref()).unwrap_or(&[]);
    let named = format!("\"{}\"", POLICIES[policy as usize].label);
    let settings = policy.runs_with(settings);
    let mut day = day_answers(run, events, &named);
    day.cap = cap_crossing(run, events, &named, &settings)?;
    if let Some(cap) = &day.cap {
        day.sentence = format!("{} {}", day.sentence, cap.sentence);
    }
    view.day = Some(day);
    Ok(view)
}

/// Each kind of user's answers in `events`.
fn day_answers(run: &ScenarioRun, events: &[Event], named: &str) -> ClientDay {
    let mut kinds: Vec<KindAnswers> = run
        .cohorts
        .iter()
        .map(|c| KindAnswers {
            label: c.label.clone(),
            ok: 0,
            limited: 0,
            capped: 0,
            retry_after: None,
            words: String::new(),
        })
        .collect();
    for e in events {
        let cohort = run.users.get(e.user as usize).and_then(|u| run.cohorts.iter().position(|c| c.name == u.cohort));
        let Some(kind) = cohort.and_then(|c| kinds.get_mut(c)) else { continue };
        // Each count is of calls of one day, which the traffic numbers in a u32.
        match (e.served, e.reason) {
            (true, _) => kind.ok += 1,
            (false, Some(Reason::RateLimit)) => {
                kind.limited += 1;
                if let Some(s) = e.retry_after {
                    kind.retry_after = Some(kind.retry_after.map_or((s, s), |(lo, hi)| (lo.min(s), hi.max(s))));
                }
            }
            (false, _) => kind.capped += 1,
        }
    }
    for k in &mut kinds {
        let mut parts = vec![format!("{} got 200", grouped(u64::from(k.ok)))];
        if k.limited > 0 {
            let retry = match k.retry_after {
                Some((lo, hi)) if lo == hi => format!("Retry-After {lo} s"),
                Some((lo, hi)) => format!("Retry-After {lo} to {hi} s"),
                None => "no Retry-After".into(),
            };
            parts.push(format!("{} got 429 with {retry}", grouped(u64::from(k.limited))));
        }
        if k.capped > 0 {
            parts.push(format!("{} got 429 from the cap", grouped(u64::from(k.capped))));
        }
        k.words = parts.join(", ");
    }
    let said: Vec<String> = kinds.iter().map(|k| format!("{}: {}", k.label, k.words)).collect();
    ClientDay {
        heading: format!("Day {} under {named}: what each kind of user got", run.seed),
        sentence: format!("Day {} under {named}, each kind of user got: {}.", run.seed, said.join("; ")),
        kinds,
        cap: None,
    }
}

/// The served calls shown before the cap's first 429.
const BEFORE_THE_CAP: usize = 3;

/// The last calls that took the day's spend past the cap, and the cap's first 429: the
/// spend counted as the server that refused it counted it (its process, since its last
/// start). `None` when no cap refused a call that day.
fn cap_crossing(run: &ScenarioRun, events: &[Event], named: &str, s: &Settings) -> Result<Option<ClientRun>, RunError> {
    let Some(first) = events.iter().position(|e| !e.served && e.reason == Some(Reason::DailyCapReached)) else {
        return Ok(None);
    };
    let processes = s.processes as usize;
    let process = process_of(first, processes);
    let after_restart = s.restart.is_some_and(|r| events[first].at >= r);
    let same_life = |e: &Event| s.restart.map_or(true, |r| (e.at >= r) == after_restart);
    // The served calls the refusing server counted, in its order, with its spend after each.
    let mut spent = Nanos::ZERO;
    let mut counted: Vec<(&Event, Nanos)> = Vec::new();
    for (i, e) in events[..first].iter().enumerate() {
        if e.served && process_of(i, processes) == process && same_life(e) {
            spent = spent.checked_add(e.charged)?;
            counted.push((e, spent));
        }
    }
    let cap = Nanos::from_micros(s.cap)?;
    let name = |e: &Event| run.users.get(e.user as usize).map_or_else(String::new, |u| u.name.clone());
    let shown = &counted[counted.len().saturating_sub(BEFORE_THE_CAP)..];
    let mut responses: Vec<Response> = shown.iter().map(|&(e, spent)| response(name(e), 200, None, spent)).collect();
    responses.push(response(name(&events[first]), 429, None, spent));
    // Every call counted passed the cap's check; those that end above it were charged after
    // it was checked (one call at a time, only the last).
    let past = counted.iter().filter(|&&(_, after)| after > cap).count();
    let at = clock(events[first].at.whole_seconds());
    let heading =
        format!("Day {} under {named}: the calls that took the spend to the cap, then its first 429 at {at}", run.seed);
    ClientRun::of(heading, responses, cap, s.cap.exact_dollars(), past).map(Some)
}

fn response(user: String, status: u16, retry_after: Option<u64>, spent: Nanos) -> Response {
    let words = match retry_after {
        Some(s) => format!("{status} Retry-After: {s}"),
        None => status.to_string(),
    };
    Response {
        user,
        status,
        retry_after,
        retry: retry_after.map_or(String::new(), |s| format!("Retry-After: {s}")),
        words,
        spent,
        spent_words: format!("${}", six_decimals(spent)),
    }
}

fn run(heading: &str, sent: &[Sent], settings: &Settings) -> Result<ClientRun, RunError> {
    let answers: Vec<Answer> = replay(sent, settings)?.answers;
    let mut spent = Nanos::ZERO;
    let responses: Vec<Response> = answers
        .iter()
        .map(|a| {
            spent = a.spent.unwrap_or(spent);
            response(a.user.to_string(), a.status, a.retry_after, spent)
        })
        .collect();
    // One call at a time: at most the last call checked under the cap ends above it.
    ClientRun::of(heading.into(), responses, Nanos::from_micros(settings.cap)?, settings.cap.exact_dollars(), 1)
}

impl ClientRun {
    /// A run of `responses` against `cap` (`cap_words` in words), of which `past` calls
    /// were checked under the cap and charged above it.
    fn of(
        heading: String,
        responses: Vec<Response>,
        cap: Nanos,
        cap_words: String,
        past: usize,
    ) -> Result<ClientRun, RunError> {
        let spent = responses.last().map_or(Nanos::ZERO, |r| r.spent);
        let over = Nanos(spent.0.saturating_sub(cap.0)); // none when under the cap
        let overshoot = match (over.0, past) {
            (0, _) => String::new(),
            (_, 0 | 1) => format!("${} past the cap: the call checked under it was charged after", six_decimals(over)),
            (_, n) => format!(
                "${} past the cap: {} calls checked under it together were charged after",
                six_decimals(over),
                grouped(n as u64)
            ),
        };
        let said: Vec<String> = responses.iter().map(|r| format!("{} {}", r.user, r.words)).collect();
        let past = match overshoot.is_empty() {
            true => String::new(),
            false => format!(", ${} past its {cap_words} cap", six_decimals(over)),
        };
        Ok(ClientRun {
            sentence: format!(
                "{heading}. The client gets: {}; the day's spend ends at ${}{past}.",
                said.join(", "),
                six_decimals(spent)
            ),
            heading,
            responses,
            cap,
            cap_label: format!("cap {cap_words}"),
            overshoot,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::hackathon::scenario::SCENARIO;
    use crate::scenario::{last_run, Values};

    /// Day `seed` with `pairs` set, under `policy`, as the widget's client view has it.
    fn day_of(seed: u32, pairs: &[(&str, &str)], policy: Policy) -> (ClientDay, std::rc::Rc<ScenarioRun>) {
        let mut values = Values::defaults(&SCENARIO);
        for (k, v) in pairs {
            values.set(&SCENARIO, k, v).unwrap();
        }
        let run = last_run::run(&SCENARIO, seed, &values).unwrap();
        let view = client_view_of_day(&run, policy, &Settings::from_values(&values)).unwrap();
        assert_eq!(view.runs, client_view().unwrap().runs, "the tutorial's two runs first");
        (view.day.unwrap(), run)
    }

    #[test]
    fn the_days_answers_by_kind_of_user_are_the_runs_served_and_refused_requests() {
        let (day, run) = day_of(0, &[], Policy::RateLimitAndCap);
        let app = &run.policies[Policy::RateLimitAndCap as usize];
        for (k, cohort) in day.kinds.iter().zip(&run.cohorts) {
            let of = || run.users.iter().zip(&app.per_user).filter(|(u, _)| u.cohort == cohort.name).map(|(_, o)| o);
            let served: u32 = of().map(|o| o.served).sum();
            let capped: u32 = of().map(|o| o.refused_by.get(Reason::DailyCapReached)).sum();
            let limited: u32 = of().map(|o| o.refused_by.get(Reason::RateLimit)).sum();
            assert_eq!((k.ok, k.capped, k.limited), (served, capped, limited), "{}: {}", k.label, k.words);
        }
        // Day 0 under the app's own $0.001 cap: 6 honest requests served, then the cap. The
        // limit runs first and counts what it lets through, as app.py's does, so past the cap
        // it still answers the script's sixth request in a minute with its Retry-After.
        assert_eq!(day.kinds[0].words, "6 got 200, 247 got 429 from the cap", "honest visitors");
        assert_eq!(
            day.kinds[1].words, "0 got 200, 3,797 got 429 with Retry-After 1 to 50 s, 812 got 429 from the cap",
            "the script"
        );
        assert!(day.sentence.starts_with("Day 0 under \"The tutorial's app: limit and cap\", each kind of user got: "));
    }

    #[test]
    fn under_the_request_limit_the_script_gets_429s_with_the_retry_after_values_the_engine_sent() {
        let (day, run) = day_of(0, &[], Policy::RateLimit);
        let events = run.policies[Policy::RateLimit as usize].events.as_deref().unwrap();
        let sent: Vec<u64> = events.iter().filter(|e| e.user == 0).filter_map(|e| e.retry_after).collect();
        let (lo, hi) = (*sent.iter().min().unwrap(), *sent.iter().max().unwrap());
        let script = &day.kinds[1];
        assert_eq!(script.retry_after, Some((lo, hi)));
        assert!(hi <= 60, "a Retry-After within the 60 s window: {hi}");
        assert!(script.words.contains(&format!("got 429 with Retry-After {lo} to {hi} s")), "{}", script.words);
        assert!(day.cap.is_none(), "no cap, no calls to it");
    }

    #[test]
    fn the_apps_day_shows_the_calls_that_took_its_spend_past_its_0001_cap_and_the_overshoot() {
        let (day, run) = day_of(0, &[], Policy::RateLimitAndCap);
        let cap = day.cap.unwrap();
        let bill = run.policies[Policy::RateLimitAndCap as usize].bill;
        assert_eq!(cap.cap, Nanos(1_000_000), "the tutorial's $0.001");
        assert_eq!(cap.cap_label, "cap $0.001");
        let statuses: Vec<u16> = cap.responses.iter().map(|r| r.status).collect();
        assert_eq!(statuses, [200, 200, 200, 429], "three calls checked under the cap, then its first 429");
        assert_eq!(cap.responses[3].spent, bill, "one process that never restarts: its spend is the day's");
        assert_eq!(bill, Nanos(1_168_000), "day 0's bill under the app");
        assert_eq!(cap.overshoot, "$0.000168 past the cap: the call checked under it was charged after");
        assert!(cap.responses[2].spent > cap.cap && cap.responses[1].spent < cap.cap, "{:?}", cap.responses);
        assert!(cap.heading.contains("then its first 429 at 08:"), "{}", cap.heading);
    }

    #[test]
    fn several_calls_at_once_past_a_cap_are_said_as_several_and_a_restart_counts_from_it() {
        let (day, _) = day_of(0, &[("scriptAtOnce", "10")], Policy::DailyCap);
        let cap = day.cap.unwrap();
        assert!(cap.overshoot.contains("calls checked under it together were charged after"), "{}", cap.overshoot);
        let (day, _) = day_of(0, &[("restartMinute", "720")], Policy::DailyCap);
        let cap = day.cap.unwrap();
        assert_eq!(cap.cap, Nanos(1_000_000_000), "the demo day's $1.00 for the daily cost cap");
        assert!(cap.responses.last().unwrap().spent.0 < 2 * cap.cap.0, "counted since the restart, not the day");
    }

    #[test]
    fn the_rate_run_answers_200_200_then_429_with_retry_after_58_and_ben_200() {
        let view = client_view().unwrap();
        let rate = &view.runs[0];
        let got: Vec<(&str, u16, Option<u64>)> =
            rate.responses.iter().map(|r| (r.user.as_str(), r.status, r.retry_after)).collect();
        assert_eq!(got, [("ana", 200, None), ("ana", 200, None), ("ana", 429, Some(58)), ("ben", 200, None)]);
        assert_eq!(rate.responses[3].spent_words, "$0.000317", "the tutorial's usage page");
        assert!(rate.overshoot.is_empty(), "a $1.00 cap is never reached");
    }

    #[test]
    fn the_cap_run_passes_the_cap_by_the_tutorials_000424_before_its_429() {
        let cap = &client_view().unwrap().runs[1];
        let spends: Vec<&str> = cap.responses.iter().map(|r| r.spent_words.as_str()).collect();
        assert_eq!(spends, ["$0.000358", "$0.000791", "$0.001224", "$0.001224"], "the tutorial's spends");
        assert_eq!(cap.responses[3].status, 429);
        assert_eq!(cap.cap, Nanos(800_000));
        assert_eq!(cap.cap_label, "cap $0.0008");
        assert_eq!(cap.overshoot, "$0.000424 past the cap: the call checked under it was charged after");
        assert!(
            cap.sentence.ends_with("the day's spend ends at $0.001224, $0.000424 past its $0.0008 cap."),
            "{}",
            cap.sentence
        );
    }
}
