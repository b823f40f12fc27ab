//! Lesson 001, "Add rate limiting and a daily spending cap to an LLM endpoint in Python":
//! its two guards are the engine's [`Guard::RateLimiter`] and [`Guard::DailyCap`], in the
//! app's order (the limit, then the cap, then the paid call); its own runs are replayed in
//! [`replay`]; its blocked-call log is [`blocked_log`]; and the scenario `hackathon` is a
//! seeded day of a public demo link ([`day`]) with a setting for each weakness its security
//! review lists; its widget's panels (the weaknesses, the log, the usage page) are [`panels`],
//! the scenario and its settings [`scenario`].

pub mod blocked_log;
pub mod client_view;
pub mod day;
pub mod panels;
pub mod replay;
pub mod scenario;

use crate::engine::{self, Guard, Nanos, Price, PriceTable};
use crate::money::{Micros, Tokens};
use crate::scenario::setting::{Choice, Value};
use crate::scenario::Values;
use crate::time::{Instant, Span};
use serde::Serialize;
use std::num::NonZeroU32;

/// The model the tutorial calls (its `TUTORIAL_MODEL` default).
pub const MODEL: &str = "claude-haiku-5-5";
/// The tutorial's `MAX_TOKENS`: no reply is longer.
pub const MAX_TOKENS: Tokens = 80;

/// The tutorial's example prices, $1 and $5 per million input and output tokens: in its
/// own words "example numbers chosen for this tutorial, not published prices".
pub const fn price() -> Price {
    Price::per_million(Micros(1_000_000), Micros(5_000_000))
}

pub fn prices() -> PriceTable {
    PriceTable(vec![(MODEL.into(), price())])
}

/// How long the model takes to answer with `output` tokens: 1 s, and 10 ms a token (the
/// replays' timings; the day adds up to 0.3 s at random).
pub fn reply_time(output: Tokens) -> Span {
    Span(1_000 + 10 * output)
}

/// The UTC day the scenario's day is (the day the tutorial was tested, 11 November 2026),
/// as seconds since 1970: the blocked-call log's times and the usage page's day.
pub const DAY_START_UNIX: u64 = 1_794_355_200;

/// The UTC day of run `seed`, as seconds since 1970: run 0 is [`DAY_START_UNIX`], each later
/// run the day after the one before (the widget's "Another day"), so that its usage page
/// and its blocked-call log are dated as the day they show. Python's dates end with the
/// year 9999: after 19 turns of the calendar's 400-year cycle (7,600 years, from run
/// 2,775,843) the days start again at run 0's, with the same dates and weekdays.
///
/// ```
/// use billsim_core::lessons::hackathon::{blocked_log::date, day_start_unix};
/// assert_eq!(date(day_start_unix(0)), "2026-11-11");
/// assert_eq!(date(day_start_unix(21)), "2026-12-02");
/// assert_eq!(date(day_start_unix(2_775_842)), "9626-11-10");
/// assert_eq!(date(day_start_unix(2_775_843)), "2026-11-11");
/// assert_eq!(date(day_start_unix(u32::MAX)), date(day_start_unix(u32::MAX % 2_775_843)));
/// ```
pub fn day_start_unix(seed: u32) -> u64 {
    const DAYS: u64 = 19 * 146_097;
    DAY_START_UNIX + u64::from(seed) % DAYS * 86_400
}

// The settings' ranges, as the schema and the error messages say them.
pub const LIMIT_MAX: u64 = 1_000;
pub const LIMIT_ALLOWED: &str = "a whole number of requests from 1 to 1,000";
pub const WINDOW_MAX: u64 = 86_400;
pub const WINDOW_ALLOWED: &str = "a whole number of seconds from 1 to 86,400";
pub const CAP_MIN: Micros = Micros(1);
/// The tutorial's `DAILY_CAP_USD` default, $0.001 ("very small on purpose, so the tutorial
/// can reach the cap with a few real calls"): the cap of the policy that says it is the
/// tutorial's app, whatever `capDollars` (a demo day's cap, for the other capped policies).
pub const TUTORIAL_CAP: Micros = Micros(1_000);
pub const CAP_MAX: Micros = Micros(100_000_000);
pub const CAP_ALLOWED: &str = "an amount in dollars from 0.000001 to 100, with at most 6 decimals";
pub const RESTART_MAX: u64 = 1_439;
pub const RESTART_ALLOWED: &str = "a whole number of minutes after 00:00 UTC from 1 to 1,439 (23:59), or 0 for none";
pub const PROCESSES_MAX: u64 = 4;
pub const PROCESSES_ALLOWED: &str = "a whole number of server processes from 1 to 4";
pub const AT_ONCE_MAX: u64 = 20;
pub const AT_ONCE_ALLOWED: &str = "a whole number of calls from 1 to 20";
pub const SWITCH_ALLOWED: &str = "\"off\" or \"on\"";
pub const SWITCH: &[Choice] = &[Choice { value: "off", label: "Off" }, Choice { value: "on", label: "On" }];

/// The scenario's settings, read from its [`Values`] (each checked as it was set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The request limit: requests per key in any window.
    pub limit: NonZeroU32,
    pub window: Span,
    pub cap: Micros,
    /// The script sends a new `X-User` with each request.
    pub spoofed: bool,
    /// An office of people with no header, all behind one address.
    pub shared_address: bool,
    /// When the server restarts, if it does.
    pub restart: Option<Instant>,
    pub processes: u32,
    /// Calls the script starts at the same moment.
    pub at_once: u32,
}

impl Default for Settings {
    /// The tutorial's app (5 requests per 60 s), a cap of $1 for a day of a demo link, and
    /// every weakness off.
    fn default() -> Self {
        Settings {
            limit: NonZeroU32::new(5).unwrap_or(NonZeroU32::MIN),
            window: Span::seconds(60),
            cap: Micros(1_000_000),
            spoofed: false,
            shared_address: false,
            restart: None,
            processes: 1,
            at_once: 1,
        }
    }
}

impl Settings {
    pub fn from_values(values: &Values) -> Settings {
        let d = Settings::default();
        let whole = |key| match values.get(key) {
            Some(Value::Whole(n)) => Some(n),
            _ => None,
        };
        let on = |key| matches!(values.get(key), Some(Value::Choice("on")));
        Settings {
            limit: whole("rateLimit").and_then(|n| NonZeroU32::new(u32::try_from(n).ok()?)).unwrap_or(d.limit),
            window: whole("rateWindowSeconds").map_or(d.window, Span::seconds),
            cap: match values.get("capDollars") {
                Some(Value::Dollars(m)) => m,
                _ => d.cap,
            },
            spoofed: on("spoofedUsers"),
            shared_address: on("sharedAddress"),
            restart: whole("restartMinute").filter(|&m| m > 0).map(|m| Instant(m * 60_000)),
            processes: whole("serverProcesses").and_then(|n| u32::try_from(n).ok()).unwrap_or(d.processes),
            at_once: whole("scriptAtOnce").and_then(|n| u32::try_from(n).ok()).unwrap_or(d.at_once),
        }
    }

    /// The request limit as the tutorial's `/usage` page writes it: `5 per 60s per user`.
    pub fn limit_words(&self) -> String {
        format!("{} per {}s per user", self.limit, self.window.0 / 1_000)
    }
}

/// The policies compared: no guard, each guard alone, the tutorial's app, and the app with
/// lesson 000's set-aside budget as its cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    NoLimit,
    RateLimit,
    DailyCap,
    RateLimitAndCap,
    RateLimitAndSetAsideCap,
}

pub const POLICIES: &[Choice] = &[
    Choice { value: "noLimit", label: "No limit" },
    Choice { value: "rateLimit", label: "Request limit" },
    Choice { value: "dailyCap", label: "Daily cost cap" },
    Choice { value: "rateLimitAndCap", label: "The tutorial's app: limit and cap" },
    Choice { value: "rateLimitAndSetAsideCap", label: "Limit and a set-aside cap" },
];

/// What the framed policy may be, as errors say it.
pub const POLICIES_ALLOWED: &str =
    "\"noLimit\", \"rateLimit\", \"dailyCap\", \"rateLimitAndCap\" or \"rateLimitAndSetAsideCap\"";

impl Policy {
    pub const ALL: [Policy; 5] = [
        Policy::NoLimit,
        Policy::RateLimit,
        Policy::DailyCap,
        Policy::RateLimitAndCap,
        Policy::RateLimitAndSetAsideCap,
    ];

    pub fn name(self) -> &'static str {
        POLICIES[self as usize].value
    }

    /// The settings the policy runs with: `s`, but the tutorial's app keeps the tutorial's
    /// own cap ([`TUTORIAL_CAP`]), as the app runs when its `DAILY_CAP_USD` is not set.
    pub fn runs_with(self, s: &Settings) -> Settings {
        match self {
            Policy::RateLimitAndCap => Settings { cap: TUTORIAL_CAP, ..*s },
            _ => *s,
        }
    }

    /// The policy's name with its settings, as a reader sees it.
    pub fn label(self, s: &Settings) -> String {
        let s = &self.runs_with(s);
        let limit = format!(
            "{} per {} s per user",
            crate::words::counted(s.limit.get().into(), "request", "requests"),
            s.window.0 / 1_000
        );
        let cap = s.cap.exact_dollars();
        match self {
            Policy::NoLimit => "No limit".into(),
            Policy::RateLimit => format!("Request limit: {limit}"),
            Policy::DailyCap => format!("Daily cost cap: {cap} a day, checked before each call"),
            Policy::RateLimitAndCap => format!("The tutorial's app: {limit}, then its own {cap} daily cap"),
            Policy::RateLimitAndSetAsideCap => {
                format!(
                    "Limit and a set-aside cap: {limit}, then {cap} a day, {MAX_TOKENS} reply tokens set aside first"
                )
            }
        }
    }

    /// The guards in the app's order (the limit, then the cap), in the settings' processes.
    pub fn engine_policy(self, s: &Settings) -> engine::Policy {
        let s = &self.runs_with(s);
        let limit = Guard::RateLimiter { limit: s.limit, window_ms: s.window };
        let cap = Guard::DailyCap { cap_micros: s.cap };
        let set_aside = Guard::SetAsideCap { cap_micros: s.cap, max_tokens: MAX_TOKENS };
        let guards = match self {
            Policy::NoLimit => vec![],
            Policy::RateLimit => vec![limit],
            Policy::DailyCap => vec![cap],
            Policy::RateLimitAndCap => vec![limit, cap],
            Policy::RateLimitAndSetAsideCap => vec![limit, set_aside],
        };
        engine::Policy { processes: s.processes, ..engine::Policy::new(self.name(), guards) }
    }
}

/// Nano-dollars as the tutorial's app prints them (`f"{spent:.6f}"`): six decimals,
/// rounded half up (every figure it prints is whole micro-dollars, so nothing rounds).
///
/// ```
/// use billsim_core::engine::Nanos;
/// assert_eq!(billsim_core::lessons::hackathon::six_decimals(Nanos(206_000)), "0.000206");
/// assert_eq!(billsim_core::lessons::hackathon::six_decimals(Nanos(1_000_000_000)), "1.000000");
/// ```
pub fn six_decimals(amount: Nanos) -> String {
    let micros = amount.micros().0;
    format!("{}.{:06}", micros / 1_000_000, micros % 1_000_000)
}

/// What the tutorial's `GET /usage` answers: the day, the calls counted, the spend, the cap
/// and the limit, as its JSON writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Usage {
    pub day: String,
    pub calls: u32,
    pub spent_usd: String,
    pub cap_usd: String,
    pub rate_limit: String,
}

impl Usage {
    /// The page at the end of the day that starts at `day_start` (seconds since 1970), in
    /// which `calls` calls were charged `spent` in all, for one process that never restarted.
    pub fn new(settings: &Settings, day_start: u64, calls: u32, spent: Nanos) -> Usage {
        Usage {
            day: blocked_log::date(day_start),
            calls,
            spent_usd: six_decimals(spent),
            cap_usd: six_decimals(Nanos(settings.cap.0 * Nanos::PER_MICRO)),
            rate_limit: settings.limit_words(),
        }
    }

    /// As the app's JSON: `{"day":"2026-11-11","calls":3,...}` (FastAPI writes no spaces).
    pub fn json(&self) -> String {
        format!(
            "{{\"day\":\"{}\",\"calls\":{},\"spent_usd\":\"{}\",\"cap_usd\":\"{}\",\"rate_limit\":\"{}\"}}",
            self.day, self.calls, self.spent_usd, self.cap_usd, self.rate_limit
        )
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;

    #[test]
    fn a_limit_of_one_request_is_said_in_the_singular() {
        let one = Settings { limit: NonZeroU32::MIN, ..Settings::default() };
        assert_eq!(Policy::RateLimit.label(&one), "Request limit: 1 request per 60 s per user");
        assert_eq!(Policy::RateLimit.label(&Settings::default()), "Request limit: 5 requests per 60 s per user");
    }
}
