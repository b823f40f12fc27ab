//! The policy language (`shared/design/engine.md`, "The policy language"): a guard is one
//! point in a few orthogonal choices, as the gateways describe their limits: what is
//! counted ([`CountOf`]), how much fits ([`LimitOf`]), who shares one count ([`Per`]),
//! over what [`Window`] and how it empties ([`Reset`]), and what a call is compared with
//! ([`Admit`]); plus what a full guard does ([`WhenFull`]), its refusal's stable name and
//! its Retry-After.
//!
//! Every guard kind the lessons brought is a point of it (`engine/kind_points.rs`); a point
//! that is one of those kinds runs on that kind's exact state, any other on the general
//! state (`engine/limit_state.rs`).

use crate::engine::refusal::Reason;
use crate::engine::refusal::RetryAfter;
use crate::money::{Micros, Tokens};
use crate::time::{Span, DAY};
use crate::words::counted;

/// What a guard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountOf {
    Requests,
    /// Input plus output tokens.
    Tokens,
    /// Input tokens alone, or output tokens alone: a provider that limits each apart
    /// (input and output tokens a minute).
    InputTokens,
    OutputTokens,
    Dollars,
}

/// Who shares one count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Per {
    /// Each user of the traffic.
    User,
    /// What the server keys on: the user, unless the traffic says the server knows callers
    /// by something else (lesson 001's `X-User` header or address).
    Key,
    /// Each tenant (a user of the traffic: who pays), its limit by its cohort (`tiers`).
    Tenant,
    /// One count for everyone.
    Everyone,
}

/// How long counted amounts count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// A length of time, in milliseconds (at least one).
    Span(Span),
    /// Calendar months in UTC (moments count from 1970-01-01, as a replayed log's do).
    Months(u32),
    /// Calendar weeks from Monday 00:00 UTC, as gateways reset weekly budgets (LiteLLM's
    /// "7d", OpenRouter's "weekly"); under a rolling or steady reset, seven days.
    Weeks(u32),
}

/// When counted amounts stop counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reset {
    /// A sliding window: an amount counts for one window after it was counted.
    Rolling,
    /// Back to zero at each boundary (UTC midnight for days, the month for `1mo`).
    Fixed,
    /// Refills `limit` per window continuously, holding at most `burst`.
    Steady { burst: u64 },
    /// Requests only: a call counts from its start until it finishes, with no window (a
    /// gateway's limit of calls in flight at once, LiteLLM's `max_parallel_requests`). The
    /// point's window is unused.
    InFlight,
}

/// When a request counts against a request limit: once it is served, or once this guard
/// lets it through, whatever a later guard does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Once every guard lets it through: a call a later guard refuses is not counted.
    Served,
    /// Once this guard lets it through, even if a later guard refuses it: lesson 001's
    /// `RateLimiter`, whose `allow` records each request before app.py checks the cap.
    Passed,
}

impl Counts {
    pub fn name(self) -> &'static str {
        match self {
            Counts::Served => "served",
            Counts::Passed => "passed",
        }
    }
}

/// What a call's estimate is: `inputPercent` of its input plus `maxTokens` of reply (the
/// reply's real size when `maxTokens` is not given: a perfect guess, lesson 003's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub input_percent: u32,
    pub max_tokens: Option<Tokens>,
}

/// What a call is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// Open while what is counted is below the limit (check only: calls in flight overshoot).
    Counted,
    /// What is counted plus this call's estimate must fit; nothing is held.
    Estimate(Estimate),
    /// Hold the estimate before the call, settle the real amount after.
    Reserve(Estimate),
}

/// How much fits in the window: one limit, or (per tenant) one per cohort.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LimitOf {
    /// Requests, tokens, or micro-dollars.
    Amount(u64),
    /// `(cohort, amount)`, each cohort once.
    Tiers(Vec<(String, u64)>),
}

/// What a full guard does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhenFull {
    Refuse,
    /// Serves the call with this (cheaper) model instead.
    DegradeTo(String),
}

/// One guard as the language says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    pub count: CountOf,
    pub limit: LimitOf,
    pub per: Per,
    pub window: Window,
    pub reset: Reset,
    pub admit: Admit,
    pub when_full: WhenFull,
    pub reason: Reason,
    pub retry_after: Option<RetryAfter>,
    /// A request limit's: when a request counts.
    pub counts: Counts,
    /// The one model whose calls the guard counts and refuses (a provider's limit per model,
    /// a gateway's budget for one model); `None`: every call.
    pub model: Option<String>,
}

impl CountOf {
    pub fn name(self) -> &'static str {
        match self {
            CountOf::Requests => "requests",
            CountOf::Tokens => "tokens",
            CountOf::InputTokens => "inputTokens",
            CountOf::OutputTokens => "outputTokens",
            CountOf::Dollars => "dollars",
        }
    }

    /// What it counts, as a sentence says it: "input tokens".
    pub fn noun(self) -> &'static str {
        match self {
            CountOf::Requests => "requests",
            CountOf::Tokens => "tokens",
            CountOf::InputTokens => "input tokens",
            CountOf::OutputTokens => "output tokens",
            CountOf::Dollars => "dollars",
        }
    }
}

impl Per {
    pub fn name(self) -> &'static str {
        match self {
            Per::User => "user",
            Per::Key => "key",
            Per::Tenant => "tenant",
            Per::Everyone => "everyone",
        }
    }
}

impl Window {
    /// The window as a limit is written per it: "day", "6 hours", "minute", "month".
    ///
    /// ```
    /// use billsim_core::engine::language::Window;
    /// use billsim_core::time::Span;
    /// assert_eq!(Window::Span(Span(86_400_000)).words(), "day");
    /// assert_eq!(Window::Span(Span(2 * 86_400_000)).words(), "2 days");
    /// assert_eq!(Window::Span(Span(1_500)).words(), "1,500 milliseconds");
    /// assert_eq!(Window::Months(1).words(), "month");
    /// assert_eq!(Window::Weeks(2).words(), "2 weeks");
    /// ```
    pub fn words(self) -> String {
        const UNITS: [(u64, &str, &str); 5] = [
            (DAY * 1_000, "day", "days"),
            (3_600_000, "hour", "hours"),
            (60_000, "minute", "minutes"),
            (1_000, "second", "seconds"),
            (1, "millisecond", "milliseconds"),
        ];
        let ms = match self {
            Window::Months(1) => return "month".to_string(),
            Window::Months(n) => return counted(u64::from(n), "month", "months"),
            Window::Weeks(1) => return "week".to_string(),
            Window::Weeks(n) => return counted(u64::from(n), "week", "weeks"),
            Window::Span(span) => span.0.max(1),
        };
        let (unit, one, many) = UNITS.into_iter().find(|(unit, ..)| ms % unit == 0).unwrap_or(UNITS[4]);
        match ms / unit {
            1 => one.to_string(),
            n => counted(n, one, many),
        }
    }
}

impl Point {
    /// The guard in a few words, as a label says it: "20 requests per minute per user",
    /// "$3.00 per day for everyone", "60,000 tokens per day per user, refilled steadily",
    /// "$5.00 per 7 days per key, rolling",
    /// "30,000 tokens per minute for everyone on gpt-4o", "10 requests in flight per key".
    pub fn words(&self) -> String {
        let amount = |n: u64| match self.count {
            CountOf::Requests => counted(n, "request", "requests"),
            CountOf::Tokens => counted(n, "token", "tokens"),
            CountOf::InputTokens => counted(n, "input token", "input tokens"),
            CountOf::OutputTokens => counted(n, "output token", "output tokens"),
            CountOf::Dollars => Micros(n).shown(),
        };
        let limit = match &self.limit {
            LimitOf::Amount(n) => amount(*n),
            LimitOf::Tiers(tiers) => {
                let each: Vec<String> = tiers.iter().map(|(tier, n)| format!("{tier} {}", amount(*n))).collect();
                format!("{} by tier ({})", self.count.noun(), each.join(", "))
            }
        };
        let who = match self.per {
            Per::Everyone => "for everyone".to_string(),
            per => format!("per {}", per.name()),
        };
        // Fixed, the language's default, goes unsaid; a rolling window is said, as a
        // rolling week is seven days where a fixed one starts on Monday.
        let reset = match self.reset {
            Reset::Steady { .. } => ", refilled steadily",
            Reset::Rolling => ", rolling",
            Reset::Fixed | Reset::InFlight => "",
        };
        let then = match &self.when_full {
            WhenFull::DegradeTo(model) => format!(", then {model}"),
            WhenFull::Refuse => String::new(),
        };
        let only = self.model.as_ref().map_or(String::new(), |model| format!(" on {model}"));
        let during = match self.reset {
            Reset::InFlight => "in flight".to_string(),
            _ => format!("per {}", self.window.words()),
        };
        format!("{limit} {during} {who}{only}{reset}{then}")
    }
}

/// The reason a point refuses with when its file does not name one: by what it counts, for
/// whom and (for tokens) over what window.
pub fn default_reason(count: CountOf, per: Per, window: Window, admit: Admit) -> Reason {
    match (count, per, admit) {
        (CountOf::Requests, _, _) => Reason::RateLimited,
        // Lesson 003's budget; a practitioner's tokens per minute per key is no user's day.
        (CountOf::Tokens, Per::User, _) if window == Window::Span(Span::seconds(DAY)) => Reason::UserDailyBudget,
        (CountOf::Tokens | CountOf::InputTokens | CountOf::OutputTokens, _, _) => Reason::TokenLimit,
        (CountOf::Dollars, Per::Tenant, _) => Reason::BudgetExhausted,
        (CountOf::Dollars, Per::Everyone, Admit::Counted) => Reason::GlobalBudget,
        (CountOf::Dollars, _, _) => Reason::BudgetUsedUp,
    }
}
