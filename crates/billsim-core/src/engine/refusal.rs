//! A refusal: why a call was refused ([`Reason`], a stable name as the lessons print it),
//! when it would fit ([`Wait`]), and the Retry-After it carries.

use crate::time::{Instant, Span};

/// Why a call was refused: a stable name, as the lessons print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// Too many calls in a window.
    RateLimited,
    /// The user's money budget cannot hold what the call sets aside.
    BudgetUsedUp,
    /// The spend ceiling shared by everyone is reached.
    GlobalBudget,
    /// The user's daily token budget cannot hold the call's estimate.
    UserDailyBudget,
    /// Any other limit in tokens (per key, per tenant, for everyone, or over a window other
    /// than a day) cannot hold the call's estimate.
    TokenLimit,
    /// Lesson 001's request limit ([`crate::engine::Guard::RateLimiter`]).
    RateLimit,
    /// Lesson 001's daily cap ([`crate::engine::Guard::DailyCap`], [`crate::engine::Guard::SetAsideCap`]).
    DailyCapReached,
    /// The tenant's ledger cannot hold the call's reservation, on its model and (under a
    /// ladder) on every cheaper one: lesson 002's `BudgetExhausted`.
    BudgetExhausted,
    /// The ledger is down and the tenant's tier fails closed.
    LedgerUnavailable,
}

impl Reason {
    pub const ALL: [Reason; 9] = [
        Reason::RateLimited,
        Reason::BudgetUsedUp,
        Reason::GlobalBudget,
        Reason::UserDailyBudget,
        Reason::TokenLimit,
        Reason::RateLimit,
        Reason::DailyCapReached,
        Reason::BudgetExhausted,
        Reason::LedgerUnavailable,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::RateLimited => "rate_limited",
            Reason::BudgetUsedUp => "budget_used_up",
            Reason::GlobalBudget => "global_budget",
            Reason::UserDailyBudget => "user_daily_budget",
            Reason::TokenLimit => "token_limit",
            // Lesson 001's reasons are the words its app answers and logs, spaces and all
            // (`{"error": "rate limit"}`): a name only has to be stable, and these are the
            // tutorial's, so its blocked-call log reads the same from here.
            Reason::RateLimit => "rate limit",
            Reason::DailyCapReached => "daily cost cap reached",
            Reason::BudgetExhausted => "budget_exhausted",
            Reason::LedgerUnavailable => "ledger_unavailable",
        }
    }

    /// The reason in a reader's words, as a table's column says it ("Refused: request
    /// limit"): [`Reason::name`] is the lessons' code's, for logs and JSON.
    pub fn words(self) -> &'static str {
        match self {
            Reason::RateLimited => "rate limit",
            Reason::BudgetUsedUp => "budget used up",
            Reason::GlobalBudget => "global spend breaker",
            Reason::UserDailyBudget => "daily token budget",
            Reason::TokenLimit => "token limit",
            Reason::RateLimit => "request limit",
            Reason::DailyCapReached => "daily cost cap",
            Reason::BudgetExhausted => "tenant's budget used up",
            Reason::LedgerUnavailable => "ledger down",
        }
    }

    /// A table's column of the requests refused for this reason: "Refused: rate limit".
    pub fn column(self) -> String {
        format!("Refused: {}", self.words())
    }

    /// Whether a cheaper model may fit where this refused: a policy's ladder tries them.
    pub fn degrades(self) -> bool {
        match self {
            Reason::BudgetUsedUp | Reason::BudgetExhausted => true,
            Reason::RateLimited
            | Reason::GlobalBudget
            | Reason::UserDailyBudget
            | Reason::TokenLimit
            | Reason::RateLimit
            | Reason::DailyCapReached
            | Reason::LedgerUnavailable => false,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// When a refused call would fit: at a moment, or never (it is bigger than the whole
/// limit, so waiting cannot help). Ordered by how long it is: `Never` is the longest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wait {
    Until(Instant),
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub reason: Reason,
    pub wait: Wait,
    /// The Retry-After the refusal carries, if its guard sends one.
    pub retry_after: Option<RetryAfter>,
}

impl Refusal {
    /// The Retry-After header, in whole seconds, for a call refused at `now` by a guard
    /// that sends one: lesson 001's app (`"tutorial"`) sends `max(1, int(window - (now -
    /// oldest)) + 1)`, where `oldest + window` is when the window frees a place
    /// ([`Wait::Until`]); `int()` truncates toward zero, and the remaining time is never
    /// negative here, so it is the whole milliseconds divided down. `None` when the guard
    /// sends none (the app sends no Retry-After with its cap's 429) or waiting never helps.
    ///
    /// ```
    /// use billsim_core::engine::{Reason, Refusal, Wait};
    /// use billsim_core::time::Instant;
    /// use billsim_core::engine::RetryAfter;
    /// let at = |fits_ms| Refusal { reason: Reason::RateLimit, wait: Wait::Until(Instant(fits_ms)), retry_after: Some(RetryAfter::Tutorial) };
    /// assert_eq!(at(60_000).retry_after(Instant(2_100)), Some(58), "57.9 s left: int() gives 57, plus 1");
    /// assert_eq!(at(60_000).retry_after(Instant(0)), Some(61), "a whole window left");
    /// ```
    pub fn retry_after(&self, now: Instant) -> Option<u64> {
        match (self.retry_after, self.wait) {
            (Some(r), Wait::Until(fits)) => Some(r.seconds(fits.since(now))),
            _ => None,
        }
    }
}

/// `max(1, int(left) + 1)` for `left` the time until the window frees a place, in whole
/// milliseconds: Python's `int()` of a positive number of seconds is its whole seconds.
pub fn retry_after_seconds(left: Span) -> u64 {
    (left.0 / 1_000 + 1).max(1)
}

/// The Retry-After a refusal carries, in whole seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryAfter {
    /// The time until the call fits, rounded up.
    Exact,
    /// Lesson 001's app: `max(1, int(left) + 1)`.
    Tutorial,
}

impl RetryAfter {
    pub fn name(self) -> &'static str {
        match self {
            RetryAfter::Exact => "exact",
            RetryAfter::Tutorial => "tutorial",
        }
    }

    /// The header's whole seconds for `left` milliseconds until the call fits.
    pub fn seconds(self, left: Span) -> u64 {
        match self {
            RetryAfter::Exact => left.0.div_ceil(1_000),
            RetryAfter::Tutorial => retry_after_seconds(left),
        }
    }
}
