//! Every guard kind the lessons brought, as a point of the policy language
//! ([`Guard::point`]), and a point back as a guard ([`Guard::from_point`]): a point that is
//! one of those kinds runs on that kind's exact state, any other on the general state
//! (`engine/limit_state.rs`).

use crate::engine::budget::Refill;
use crate::engine::guard::{Guard, SetAside};
use crate::engine::language::{
    default_reason, Admit, CountOf, Counts, Estimate, LimitOf, Per, Point, Reset, WhenFull, Window,
};
use crate::engine::refusal::{Reason, RetryAfter};
use crate::money::Micros;
use crate::time::{Span, DAY, MINUTE};
use std::num::NonZeroU32;

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
            reason: default_reason(count, per, Window::Span(window), admit),
            retry_after: None,
            counts: Counts::Served,
            model: None,
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
        // Lesson 001's server counts per key (who it takes the caller for); the other
        // lessons' kinds per user (`GuardState`'s `counted_as`).
        let window = |limit: NonZeroU32, window: Span, per: Per| {
            Point::of(CountOf::Requests, u64::from(limit.get()), per, window, Reset::Rolling, Admit::Counted)
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
            Guard::SlidingWindow { limit, window_ms } => window(limit, window_ms, Per::User),
            Guard::RateLimiter { limit, window_ms } => Point {
                retry_after: Some(RetryAfter::Tutorial),
                counts: Counts::Passed,
                ..window(limit, window_ms, Per::Key).reason(Reason::RateLimit)
            },
            Guard::MoneyBudget { budget_micros, refill, set_aside } => {
                let reset = match refill {
                    Refill::Daily => Reset::Fixed,
                    Refill::Steady => Reset::Steady { burst: budget_micros.0 },
                };
                money(budget_micros, DAY_SPAN, Per::User, reset, set_aside)
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
                Per::User,
                MINUTE_SPAN,
                Reset::Steady { burst: u64::from(capacity.get()) },
                Admit::Counted,
            ),
            Guard::TokenBudget { budget_tokens, max_tokens } => Point::of(
                CountOf::Tokens,
                budget_tokens,
                Per::User,
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
