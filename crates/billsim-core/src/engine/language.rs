//! The policy language (`shared/design/engine.md`, "The policy language"): a guard is one
//! point in a few orthogonal choices, as the gateways describe their limits: what is
//! counted ([`CountOf`]), how much fits ([`LimitOf`]), who shares one count ([`Per`]),
//! over what [`Window`] and how it empties ([`Reset`]), and what a call is compared with
//! ([`Admit`]); plus what a full guard does ([`WhenFull`]), its refusal's stable name and
//! its Retry-After.
//!
//! Every guard kind the lessons brought is a point of it ([`Guard::point`]); a point that
//! is one of those kinds runs on that kind's exact state ([`Guard::from_point`]), any other
//! on the general state (`engine/limit_state.rs`).

use crate::budget::Refill;
use crate::engine::guard::{Guard, Reason, SetAside};
use crate::money::{Micros, Tokens};
use crate::time::{Span, DAY, MINUTE};
use std::num::NonZeroU32;

/// What a guard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountOf {
    Requests,
    /// Input plus output tokens.
    Tokens,
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
            RetryAfter::Tutorial => crate::engine::guard::retry_after_seconds(left),
        }
    }
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
}

impl CountOf {
    pub fn name(self) -> &'static str {
        match self {
            CountOf::Requests => "requests",
            CountOf::Tokens => "tokens",
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

/// The reason a point refuses with when its file does not name one.
pub fn default_reason(count: CountOf, per: Per, admit: Admit) -> Reason {
    match (count, per, admit) {
        (CountOf::Requests, _, _) => Reason::RateLimited,
        (CountOf::Tokens, _, _) => Reason::UserDailyBudget,
        (CountOf::Dollars, Per::Tenant, _) => Reason::BudgetExhausted,
        (CountOf::Dollars, Per::Everyone, Admit::Counted) => Reason::GlobalBudget,
        (CountOf::Dollars, _, _) => Reason::BudgetUsedUp,
    }
}

const DAY_SPAN: Span = Span::seconds(DAY);
const MINUTE_SPAN: Span = Span::seconds(MINUTE);

impl Point {
    /// A point with the defaults of everything but what the kinds differ in.
    fn of(count: CountOf, limit: u64, per: Per, window: Span, reset: Reset, admit: Admit) -> Point {
        Point {
            count,
            limit: LimitOf::Amount(limit),
            per,
            window: Window::Span(window),
            reset,
            admit,
            when_full: WhenFull::Refuse,
            reason: default_reason(count, per, admit),
            retry_after: None,
        }
    }

    fn reason(self, reason: Reason) -> Point {
        Point { reason, ..self }
    }
}

impl Guard {
    /// This guard as the language says it. A tenant ledger is more than one guard (a
    /// window each) and says its outage and metering on the policy: see
    /// [`crate::engine::policy_file`]'s writer; here it is `None`.
    pub fn point(&self) -> Option<Point> {
        let window = |limit: NonZeroU32, window: Span| {
            Point::of(CountOf::Requests, u64::from(limit.get()), Per::Key, window, Reset::Rolling, Admit::Counted)
        };
        let money = |micros: Micros, window: Span, per: Per, reset: Reset, set_aside: SetAside| {
            let admit = match set_aside {
                SetAside::Nothing => Admit::Estimate(Estimate { input_percent: 0, max_tokens: Some(0) }),
                SetAside::WorstCase { input_percent, max_tokens } => {
                    Admit::Reserve(Estimate { input_percent, max_tokens: Some(max_tokens) })
                }
            };
            Point::of(CountOf::Dollars, micros.0, per, window, reset, admit)
        };
        let ceiling = |micros: Micros, period: Span| {
            Point::of(CountOf::Dollars, micros.0, Per::Everyone, period, Reset::Fixed, Admit::Counted)
        };
        Some(match *self {
            Guard::SlidingWindow { limit, window_ms } => window(limit, window_ms),
            Guard::RateLimiter { limit, window_ms } => {
                Point { retry_after: Some(RetryAfter::Tutorial), ..window(limit, window_ms).reason(Reason::RateLimit) }
            }
            Guard::MoneyBudget { budget_micros, refill, set_aside } => {
                let reset = match refill {
                    Refill::Daily => Reset::Fixed,
                    Refill::Steady => Reset::Steady { burst: budget_micros.0 },
                };
                money(budget_micros, DAY_SPAN, Per::Key, reset, set_aside)
            }
            Guard::SetAsideCap { cap_micros, max_tokens } => {
                money(cap_micros, DAY_SPAN, Per::Everyone, Reset::Fixed, SetAside::worst_case(max_tokens))
                    .reason(Reason::DailyCapReached)
            }
            Guard::SpendCeiling { ceiling_micros, period_ms } => ceiling(ceiling_micros, period_ms),
            Guard::DailyCap { cap_micros } => ceiling(cap_micros, DAY_SPAN).reason(Reason::DailyCapReached),
            Guard::Degrade { ceiling_micros, period_ms, ref model } => {
                Point { when_full: WhenFull::DegradeTo(model.clone()), ..ceiling(ceiling_micros, period_ms) }
            }
            Guard::TokenBucket { capacity, refill_per_minute } => Point::of(
                CountOf::Requests,
                u64::from(refill_per_minute),
                Per::Key,
                MINUTE_SPAN,
                Reset::Steady { burst: u64::from(capacity.get()) },
                Admit::Counted,
            ),
            Guard::TokenBudget { budget_tokens, max_tokens } => Point::of(
                CountOf::Tokens,
                budget_tokens,
                Per::Key,
                DAY_SPAN,
                Reset::Fixed,
                Admit::Estimate(Estimate { input_percent: 100, max_tokens }),
            ),
            Guard::Limit(ref point) => (**point).clone(),
            Guard::TenantLedger { .. } => return None,
        })
    }

    /// The guard that runs `point`: the lessons' own kind when it is one of theirs (their
    /// states are exact and fast), else the general one. `Guard::from_point(g.point())` is
    /// `g` for every guard but the ledger.
    pub fn from_point(point: Point) -> Guard {
        let candidates = Guard::kinds_like(&point);
        candidates.into_iter().find(|g| g.point().as_ref() == Some(&point)).unwrap_or(Guard::Limit(Box::new(point)))
    }

    /// The lessons' kinds that `point` could be, with its numbers (each is kept only if its
    /// point is exactly `point`).
    fn kinds_like(p: &Point) -> Vec<Guard> {
        let LimitOf::Amount(limit) = p.limit else { return Vec::new() };
        let Window::Span(window) = p.window else { return Vec::new() };
        let whole = u32::try_from(limit).ok();
        let micros = Micros(limit);
        let mut kinds = Vec::new();
        if let Some(limit) = whole.and_then(NonZeroU32::new) {
            kinds.push(Guard::SlidingWindow { limit, window_ms: window });
            kinds.push(Guard::RateLimiter { limit, window_ms: window });
        }
        if let Reset::Steady { burst } = p.reset {
            if let (Some(capacity), Some(refill)) = (u32::try_from(burst).ok().and_then(NonZeroU32::new), whole) {
                kinds.push(Guard::TokenBucket { capacity, refill_per_minute: refill });
            }
        }
        let refill = if matches!(p.reset, Reset::Steady { .. }) { Refill::Steady } else { Refill::Daily };
        let set_aside = match p.admit {
            Admit::Reserve(Estimate { input_percent, max_tokens: Some(max_tokens) }) => {
                Some(SetAside::WorstCase { input_percent, max_tokens })
            }
            Admit::Estimate(Estimate { input_percent: 0, max_tokens: Some(0) }) => Some(SetAside::Nothing),
            _ => None,
        };
        if let Some(set_aside) = set_aside {
            kinds.push(Guard::MoneyBudget { budget_micros: micros, refill, set_aside });
            if let SetAside::WorstCase { max_tokens, .. } = set_aside {
                kinds.push(Guard::SetAsideCap { cap_micros: micros, max_tokens });
            }
        }
        kinds.push(Guard::SpendCeiling { ceiling_micros: micros, period_ms: window });
        kinds.push(Guard::DailyCap { cap_micros: micros });
        if let WhenFull::DegradeTo(model) = &p.when_full {
            kinds.push(Guard::Degrade { ceiling_micros: micros, period_ms: window, model: model.clone() });
        }
        if let Admit::Estimate(Estimate { max_tokens, .. }) = p.admit {
            kinds.push(Guard::TokenBudget { budget_tokens: limit, max_tokens });
        }
        kinds
    }
}
