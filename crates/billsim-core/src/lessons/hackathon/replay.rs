//! The tutorial's own runs, replayed through the engine with the token counts it printed:
//! `demo.py rate` (a limit of 2 per 60 s and a $1 cap), `demo.py cap` (100 per 60 s and a
//! $0.0008 cap) and `test_limits.py`'s call of 1,000 and 100 tokens; and every figure its
//! text quotes, ours beside its own ([`figures`]).
//!
//! The tutorial prints no timings. Ours: `demo.py` sends each request when the answer to
//! the last one has come, so each call starts when the one before finishes; a reply takes
//! 1 s and 10 ms a token of reply ([`super::reply_time`]); a refused request answers at
//! once. ana's third request then comes 2.42 s after her first (replies of 1.36 s and
//! 1.06 s), 57.58 s are left of her window, `int()` gives 57, and the Retry-After is 58:
//! any gap over 2 s and up to 3 s gives the tutorial's 58.

use super::{price, reply_time, six_decimals, Settings, Usage, DAY_START_UNIX, MODEL};
use crate::engine::{self, Call, Cohort, Event, Nanos, Outcome, Record, RunError, Traffic, User};
use crate::lessons::toy_day::lesson_numbers::Number;
use crate::money::{Micros, Tokens};
use crate::time::{Instant, Span};
use serde::Serialize;
use std::num::NonZeroU32;

/// One request of a replay: who sends it and the token counts the tutorial printed
/// (`None` for a request that was refused, so never reached the model).
#[derive(Clone, Copy, Debug)]
pub struct Sent {
    pub user: &'static str,
    pub tokens: Option<(Tokens, Tokens)>,
}

/// `demo.py rate`: ana three times, then ben.
pub const RATE_RUN: [Sent; 4] = [
    Sent { user: "ana", tokens: Some((26, 36)) },
    Sent { user: "ana", tokens: Some((28, 6)) },
    Sent { user: "ana", tokens: None },
    Sent { user: "ben", tokens: Some((23, 6)) },
];

/// `test_limits.py`'s one call of 1,000 and 100 tokens, and a second request after it.
pub const ONE_CALL_THEN_ANOTHER: [Sent; 2] =
    [Sent { user: "a", tokens: Some((1_000, 100)) }, Sent { user: "a", tokens: None }];

/// `demo.py cap`: ana, until the endpoint answers 429.
pub const CAP_RUN: [Sent; 4] = [
    Sent { user: "ana", tokens: Some((33, 65)) },
    Sent { user: "ana", tokens: Some((33, 80)) },
    Sent { user: "ana", tokens: Some((33, 80)) },
    Sent { user: "ana", tokens: None },
];

/// `demo.py restart`'s one call before the restart (its token counts are not printed, and
/// change no figure: the call is counted, then the restart wipes it).
pub const RESTART_RUN: [Sent; 1] = [Sent { user: "ana", tokens: Some((33, 65)) }];

/// What a client of the replay sees for one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub user: &'static str,
    pub at: Instant,
    pub status: u16,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
    /// The body, as the app writes it: the error, or (with the answer's text left out,
    /// as the model's words are not ours to replay) the tokens and the day's spend.
    pub body: String,
    #[serde(skip)]
    pub spent: Option<Nanos>,
}

impl Answer {
    /// The line `demo.py` prints: `[ana] HTTP 429 Retry-After: 58 {"error":"rate limit"}`.
    pub fn line(&self) -> String {
        let extra = self.retry_after.map_or(String::new(), |s| format!(" Retry-After: {s}"));
        format!("[{}] HTTP {}{extra} {}", self.user, self.status, self.body)
    }
}

/// A replay: each answer, and the usage page after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replay {
    pub answers: Vec<Answer>,
    pub usage: Usage,
}

/// The tokens a request's call is given: a refused one never reaches the model, so any
/// counts do (these are what the request before it got).
fn tokens(run: &[Sent], i: usize) -> (Tokens, Tokens) {
    run[..=i].iter().rev().find_map(|s| s.tokens).unwrap_or((0, 0))
}

/// Replays `run` under the tutorial's app (its limit, then its cap) with `settings`: each
/// request sent when the last answer came.
pub fn replay(run: &[Sent], settings: &Settings) -> Result<Replay, RunError> {
    let mut names: Vec<&'static str> = Vec::new();
    let mut calls = Vec::new();
    let mut at = Instant(0);
    for (i, s) in run.iter().enumerate() {
        let user = names.iter().position(|&n| n == s.user).unwrap_or_else(|| {
            names.push(s.user);
            names.len() - 1
        }) as u32;
        let (input, output) = tokens(run, i);
        // A refused request answers at once; an answered one after its reply.
        let latency = if s.tokens.is_some() { reply_time(output) } else { Span::ZERO };
        calls.push(Call { at, user, model: 0, request: i as u32, input, output, latency });
        at = at.after(latency);
    }
    let users = names.iter().map(|&n| User { name: n.into(), cohort: 0 }).collect();
    let cohorts = vec![Cohort { name: "user".into(), label: "Users".into() }];
    let traffic = Traffic::new(cohorts, users, vec![MODEL.into()], calls)?;
    let policy = super::Policy::RateLimitAndCap.engine_policy(settings);
    let out = engine::run(&traffic, &policy, &super::prices(), Record::EVERYTHING)?;
    Ok(Replay { answers: answers(run, &traffic, &out), usage: usage(settings, &out) })
}

fn answers(run: &[Sent], traffic: &Traffic, out: &Outcome) -> Vec<Answer> {
    let events: &[Event] = out.events.as_deref().unwrap_or_default();
    let mut spent = Nanos::ZERO;
    run.iter()
        .zip(events)
        .zip(traffic.calls())
        .map(|((s, e), call)| match e.reason {
            Some(reason) => Answer {
                user: s.user,
                at: e.at,
                status: 429,
                retry_after: e.retry_after,
                body: format!("{{\"error\":\"{}\"}}", reason.name()),
                spent: None,
            },
            None => {
                // One at a time: each call is added to the day's spend before the next.
                spent = Nanos(spent.0 + e.charged.0);
                Answer {
                    user: s.user,
                    at: e.at,
                    status: 200,
                    retry_after: None,
                    body: format!(
                        "{{\"input_tokens\":{},\"output_tokens\":{},\"spent_today_usd\":\"{}\"}}",
                        call.input,
                        call.output,
                        six_decimals(spent)
                    ),
                    spent: Some(spent),
                }
            }
        })
        .collect()
}

/// The usage page after a replay of the tutorial's scripted calls, on the day it was tested.
fn usage(settings: &Settings, out: &Outcome) -> Usage {
    let calls = out.per_user.iter().map(|u| u.served).sum();
    Usage::new(settings, DAY_START_UNIX, calls, out.bill)
}

/// `demo.py rate`'s settings: `RATE_LIMIT=2`, `RATE_WINDOW=60`, `DAILY_CAP_USD=1`.
pub fn rate_settings() -> Settings {
    Settings { limit: NonZeroU32::new(2).unwrap_or(NonZeroU32::MIN), cap: Micros(1_000_000), ..Settings::default() }
}

/// `demo.py cap`'s settings: `RATE_LIMIT=100`, `DAILY_CAP_USD=0.0008`.
pub fn cap_settings() -> Settings {
    Settings { limit: NonZeroU32::new(100).unwrap_or(NonZeroU32::MIN), cap: Micros(800), ..Settings::default() }
}

/// The app's defaults, as its usage page shows them at start: `RATE_LIMIT` 5,
/// `RATE_WINDOW` 60, `DAILY_CAP_USD` 0.001.
pub fn app_defaults() -> Settings {
    Settings { cap: Micros(1_000), ..Settings::default() }
}

/// The figures and the notes that say how ours were made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Figures {
    pub numbers: Vec<Number>,
    pub notes: Vec<String>,
}

const RATE_RUN_TEXT: &str = "python demo.py rate: [ana] HTTP 200 ... \"spent_today_usd\":\"0.000206\"; [ana] HTTP 200 \
     ... \"0.000264\"; [ana] HTTP 429 Retry-After: 58 {\"error\":\"rate limit\"}; [ben] HTTP 200 ... \"0.000317\"";
const RATE_USAGE_TEXT: &str = "The counters show 3 calls and a spend of $0.000317.";
const CAP_RUN_TEXT: &str = "python demo.py cap: [ana] HTTP 200 ... \"0.000358\"; ... \"0.000791\"; ... \"0.001224\"; \
     [ana] HTTP 429 {\"error\":\"daily cost cap reached\"}";
const OVERSHOOT_TEXT: &str =
    "The total ended $0.000424 above the cap, which is the one-call overshoot described in Step 2.";
const ANSWER_COST_TEXT: &str = "Each answer costs about $0.0004 at the example prices.";
const LOGS_TEXT: &str =
    "Terminal output of the blocked-call log: one rate limit line and one daily cost cap reached line";
const RESTART_TEXT: &str =
    "Terminal output: one call is counted, then after the restart the usage shows 0 calls and a spend of 0.000000";
const FULL_RUN_TEXT: &str =
    "A full run makes 7 model calls with at most 80 output tokens each, well under one cent at the example prices.";
const COST_TEXT: &str = "One call of 1000 input tokens and 100 output tokens costs $0.0015 at the example prices, \
     which is over a $0.001 cap.";
const FRESH_TEXT: &str = "A fresh server shows 0 calls, a cap of $0.001000 and the default limit of 5 requests per 60 \
     seconds per user.";

/// Every figure of the tutorial, computed here.
pub fn figures() -> Result<Figures, RunError> {
    let mut numbers = Vec::new();
    let mut add = |key, sentence, ours: String, lesson| numbers.push(Number { key, sentence, ours, lesson });
    let money = |a: &Answer| a.spent.map_or_else(|| a.line(), |s| format!("${}", six_decimals(s)));

    let rate = replay(&RATE_RUN, &rate_settings())?;
    add("rate_first_spend", RATE_RUN_TEXT, money(&rate.answers[0]), "$0.000206");
    add("rate_second_spend", RATE_RUN_TEXT, money(&rate.answers[1]), "$0.000264");
    add("rate_third_status", RATE_RUN_TEXT, status(&rate.answers[2]), "429 rate limit");
    add("rate_retry_after", RATE_RUN_TEXT, rate.answers[2].retry_after.map_or("-".into(), |s| s.to_string()), "58");
    add("rate_ben_spend", RATE_RUN_TEXT, money(&rate.answers[3]), "$0.000317");
    add("rate_usage_calls", RATE_USAGE_TEXT, rate.usage.calls.to_string(), "3");
    add("rate_usage_spent", RATE_USAGE_TEXT, format!("${}", rate.usage.spent_usd), "$0.000317");

    let cap = replay(&CAP_RUN, &cap_settings())?;
    add("cap_first_spend", CAP_RUN_TEXT, money(&cap.answers[0]), "$0.000358");
    add("cap_second_spend", CAP_RUN_TEXT, money(&cap.answers[1]), "$0.000791");
    add("cap_third_spend", CAP_RUN_TEXT, money(&cap.answers[2]), "$0.001224");
    add("cap_fourth_status", CAP_RUN_TEXT, status(&cap.answers[3]), "429 daily cost cap reached");
    let total = cap.answers.iter().rev().find_map(|a| a.spent).unwrap_or(Nanos::ZERO);
    let over = Nanos(total.0.saturating_sub(cap_settings().cap.0 * Nanos::PER_MICRO));
    add("cap_overshoot", OVERSHOOT_TEXT, format!("${}", six_decimals(over)), "$0.000424");
    add("cap_answer_cost", ANSWER_COST_TEXT, answer_costs(&cap), "$0.0004");

    // `demo.py logs`: blocked.log after the two runs, one line a 429.
    let refused = |reason: &str| {
        let line = format!("429 {reason}");
        rate.answers.iter().chain(&cap.answers).filter(|a| status(a) == line).count()
    };
    let lines =
        format!("{} rate limit, {} daily cost cap reached", refused("rate limit"), refused("daily cost cap reached"));
    add("logs_lines", LOGS_TEXT, lines, "1 rate limit, 1 daily cost cap reached");
    // After the restart the usage is a fresh server's (fresh_calls, below).
    let restart = replay(&RESTART_RUN, &app_defaults())?;
    add("restart_calls_before", RESTART_TEXT, restart.usage.calls.to_string(), "1");
    let runs = [&rate, &cap, &restart];
    let answered = || runs.iter().flat_map(|r| &r.answers).filter(|a| a.spent.is_some());
    let most_out = [&RATE_RUN[..], &CAP_RUN, &RESTART_RUN].into_iter().flatten().filter_map(|s| s.tokens).map(|t| t.1);
    let full = format!("{} calls, at most {} tokens out", answered().count(), most_out.max().unwrap_or(0));
    add("full_run", FULL_RUN_TEXT, full, "7 calls, at most 80 tokens out");

    let one = price().cost(1_000, 100).map_err(|_| RunError::Overflow)?;
    add("cost_1000_100", COST_TEXT, one.micros().exact_dollars(), "$0.0015");
    // test_limits.py: after that one call, a $0.001 cap is no longer open.
    let defaults = app_defaults();
    let after = replay(&ONE_CALL_THEN_ANOTHER, &Settings { limit: NonZeroU32::MAX, ..defaults })?;
    add("cost_1000_100_then", COST_TEXT, status(&after.answers[1]), "429 daily cost cap reached");
    let fresh = Usage::new(&defaults, DAY_START_UNIX, 0, Nanos::ZERO);
    add("fresh_calls", FRESH_TEXT, fresh.calls.to_string(), "0");
    add("fresh_cap", FRESH_TEXT, format!("${}", fresh.cap_usd), "$0.001000");
    add("fresh_limit", FRESH_TEXT, fresh.rate_limit, "5 per 60s per user");

    let at = |i: usize| format!("{} s", Fixed(rate.answers[i].at.0));
    let window = rate_settings().window.0;
    let left = window - rate.answers[2].at.since(rate.answers[0].at).0;
    let notes = vec![
        format!(
            "The timings are ours (the tutorial prints none): each request is sent when the last answer came, a \
             reply of N tokens takes 1 s + 10 ms x N, a 429 comes at once. ana's requests come at {}, {} and {}, \
             ben's at {}.",
            at(0),
            at(1),
            at(2),
            at(3)
        ),
        format!(
            "Retry-After = max(1, int(window - (now - oldest)) + 1): {} s are left of ana's {} s window, int() \
             gives {}, plus 1 is {}. Any gap from just over 2 s to 3 s between her first and third request gives \
             the tutorial's 58.",
            Fixed(left),
            window / 1_000,
            left / 1_000,
            engine::retry_after_seconds(Span(left))
        ),
    ];
    Ok(Figures { numbers, notes })
}

/// What each answered call of `run` cost, to the lesson's four decimals: "$0.0004", or
/// "$0.0003 to $0.0005" where they differ.
fn answer_costs(run: &Replay) -> String {
    let mut before = Nanos::ZERO;
    let mut costs = Vec::new();
    for spent in run.answers.iter().filter_map(|a| a.spent) {
        costs.push(Nanos(spent.0.saturating_sub(before.0)));
        before = spent;
    }
    let said = |n: Option<&Nanos>| n.map_or_else(String::new, |n| n.micros().dollars(4));
    let (least, most) = (said(costs.iter().min()), said(costs.iter().max()));
    if least == most {
        least
    } else {
        format!("{least} to {most}")
    }
}

/// `200 $...` or `429 reason`.
fn status(a: &Answer) -> String {
    match a.status {
        200 => "200".into(),
        s => format!("{s} {}", a.body.trim_start_matches("{\"error\":\"").trim_end_matches("\"}")),
    }
}

/// Milliseconds as seconds with three decimals.
struct Fixed(u64);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:03}", self.0 / 1_000, self.0 % 1_000)
    }
}
