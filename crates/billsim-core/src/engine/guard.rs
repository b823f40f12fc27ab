//! Guards: each is one layer that can refuse a call, as plain data ([`Guard`]), and its
//! running state ([`GuardState`]): per user in vectors indexed by the user's number, or
//! one for everyone. A guard checks a call on arrival without changing anything
//! ([`GuardState::check`] keeps what it would change); only when every guard of the policy
//! lets it through are the changes made ([`GuardState::commit`]), so a refused call takes
//! nothing from any guard.
//! When the call finishes, each guard settles its real cost ([`GuardState::settle`]).

use crate::engine::budget::{Count, Entry, Refill};
use crate::engine::language::{CountOf, Counts, LimitOf, Per, Point};
use crate::engine::ledger::{LedgerState, Meter, Outage, Tier};
use crate::engine::limit_state::LimitState;
use crate::engine::price::{Nanos, Price};
use crate::engine::refusal::{Reason, Refusal, RetryAfter, Wait};
use crate::engine::run_error::RunError;
use crate::engine::traffic::{Call, Traffic};
use crate::money::{Micros, Overflow, Tokens};
use crate::time::{Instant, Span, DAY};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::num::NonZeroU32;

/// One layer of a policy, as data: the page, the command line and a file can all say it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "guard", rename_all = "camelCase", deny_unknown_fields)]
pub enum Guard {
    /// At most `limit` calls per user in any `windowMs`; a refused call does not count.
    #[serde(rename_all = "camelCase")]
    SlidingWindow { limit: NonZeroU32, window_ms: Span },
    /// A money budget per user: sets aside the most a call can cost before it runs and
    /// charges the real cost when it finishes; a daily or a steady refill.
    #[serde(rename_all = "camelCase")]
    MoneyBudget { budget_micros: Micros, refill: Refill, set_aside: SetAside },
    /// One spend ceiling for everyone, per period from the start: check-only (it compares
    /// what is already spent, so the calls that carry the total past it are let through).
    #[serde(rename_all = "camelCase")]
    SpendCeiling { ceiling_micros: Micros, period_ms: Span },
    /// A token bucket per user (lesson 003's `Bucket`): holds up to `capacity` bucket
    /// tokens, starts full, refills `refillPerMinute` a minute; each call takes one.
    #[serde(rename_all = "camelCase")]
    TokenBucket { capacity: NonZeroU32, refill_per_minute: u32 },
    /// A budget of model tokens per user per day (lesson 003's): a call is refused when the
    /// tokens already used today plus its estimate (its input plus `maxTokens`, or plus its
    /// real reply when no cap is given) would pass `budgetTokens`; check-only, and the
    /// real usage is counted when the call finishes.
    #[serde(rename_all = "camelCase")]
    TokenBudget {
        budget_tokens: Tokens,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_tokens: Option<Tokens>,
    },
    /// "Degrade, don't stop": a spend ceiling for everyone that, once reached, serves the
    /// calls of the period with the cheaper `model` instead of refusing them.
    #[serde(rename_all = "camelCase")]
    Degrade { ceiling_micros: Micros, period_ms: Span, model: String },
    /// Lesson 001's `RateLimiter`: at most `limit` requests per user in the last `windowMs`,
    /// a request it refuses not counted (a sliding window), one a later guard refuses
    /// counted (app.py's `allow` records it before the cap is checked), refusing with `rate
    /// limit` and the tutorial's Retry-After ([`Refusal::retry_after`]).
    #[serde(rename_all = "camelCase")]
    RateLimiter { limit: NonZeroU32, window_ms: Span },
    /// Lesson 001's `DailyCap`: the spend of the UTC day, for everyone, open while below
    /// `capMicros`; check-only (the real cost is added when a call finishes, so calls in
    /// flight carry it past); refuses with `daily cost cap reached`.
    #[serde(rename_all = "camelCase")]
    DailyCap { cap_micros: Micros },
    /// Lesson 001's app with lesson 000's set-aside budget as its cap: one daily count for
    /// everyone that sets aside the input and `maxTokens` of reply before a call and
    /// charges the real cost after; refuses with `daily cost cap reached`.
    #[serde(rename_all = "camelCase")]
    SetAsideCap { cap_micros: Micros, max_tokens: Tokens },
    /// Lesson 002's per-tenant ledger (see `engine/ledger.rs`): each tenant's tier (by
    /// cohort) has a daily and a monthly budget, gated on the tighter; it reserves the
    /// input plus `maxTokens` priced as output before each metered call and settles the
    /// real cost after; an outage makes each tier fail open or closed.
    #[serde(rename_all = "camelCase")]
    TenantLedger {
        tiers: Vec<Tier>,
        max_tokens: Tokens,
        meter: Meter,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outage: Option<Outage>,
    },
    /// Any other point of the policy language (`engine/language.rs`), on the general state.
    #[serde(skip)]
    Limit(Box<Point>),
}

impl Guard {
    /// Whether this guard keeps its state per user (one user's calls never change another's).
    pub fn per_user(&self) -> bool {
        match self {
            Guard::SlidingWindow { .. } | Guard::MoneyBudget { .. } => true,
            Guard::SpendCeiling { .. } => false,
            Guard::TokenBucket { .. } | Guard::TokenBudget { .. } => true,
            Guard::Degrade { .. } => false,
            Guard::RateLimiter { .. } => true,
            Guard::DailyCap { .. } | Guard::SetAsideCap { .. } => false,
            Guard::TenantLedger { .. } => true,
            Guard::Limit(point) => point.per != Per::Everyone,
        }
    }

    /// The amount this guard holds everyone's spend to, where it is such a cap: a bill just
    /// past it is written so that it does not read as the cap itself.
    pub fn everyones_cap(&self) -> Option<Micros> {
        match self {
            Guard::SpendCeiling { ceiling_micros: cap, .. }
            | Guard::Degrade { ceiling_micros: cap, .. }
            | Guard::DailyCap { cap_micros: cap }
            | Guard::SetAsideCap { cap_micros: cap, .. } => Some(*cap),
            Guard::Limit(point) => match (point.per, point.count, &point.limit) {
                (Per::Everyone, CountOf::Dollars, LimitOf::Amount(cap)) => Some(Micros(*cap)),
                _ => None,
            },
            _ => None,
        }
    }
}

/// What a money budget sets aside before a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase", deny_unknown_fields)]
pub enum SetAside {
    /// Nothing: the budget only looks at what is already charged (check only).
    Nothing,
    /// The input (estimated at `inputPercent` of its real size) plus `maxTokens` of reply.
    #[serde(rename_all = "camelCase")]
    WorstCase { input_percent: u32, max_tokens: Tokens },
}

impl SetAside {
    /// The lesson's: the real input and the whole reply cap.
    pub const fn worst_case(max_tokens: Tokens) -> SetAside {
        SetAside::WorstCase { input_percent: 100, max_tokens }
    }

    /// What this sets aside for a call at `price`.
    pub fn amount(self, call: &Call, price: &Price) -> Result<Nanos, Overflow> {
        match self {
            SetAside::Nothing => Ok(Nanos::ZERO),
            SetAside::WorstCase { input_percent, max_tokens } => {
                let input = call.input.checked_mul(Tokens::from(input_percent)).ok_or(Overflow)? / 100;
                price.cost(input, max_tokens)
            }
        }
    }
}

/// A guard's running state.
#[derive(Debug)]
pub enum GuardState {
    Window {
        limit: usize,
        window: Span,
        admitted: Vec<VecDeque<Instant>>,
    },
    /// `pending` is the user's count with the checked call's set-aside, until committed.
    Money {
        count: Count,
        set_aside: SetAside,
        entries: Vec<Option<Entry>>,
        pending: Entry,
    },
    Ceiling {
        ceiling: Nanos,
        period: Span,
        period_start: Instant,
        spent: Nanos,
    },
    /// Per user: `None` while full (so never used), else when it was last taken from and
    /// what it held then, in units of 1/60,000 of a bucket token (a millisecond's refill
    /// at one bucket token a minute), so every refill is exact.
    Bucket {
        capacity: u64,
        refill_per_minute: u64,
        levels: Vec<Option<(Instant, u64)>>,
        pending: (Instant, u64),
    },
    /// Per user: the day (from the start) and the tokens used in it.
    Tokens {
        budget: Tokens,
        max_tokens: Option<Tokens>,
        used: Vec<(u64, Tokens)>,
    },
    /// A spend ceiling that switches the call to model number `to` once reached (`to` is
    /// found from the model's name when the run starts: [`GuardState::resolve`]).
    Degrade {
        ceiling: Nanos,
        period: Span,
        period_start: Instant,
        spent: Nanos,
        model: String,
        to: Option<u16>,
    },
    /// Another state under another reason, and, when `shared`, one count for everyone
    /// (every call is counted as user 0's): lesson 001's guards are lesson 000's counts
    /// with the tutorial's reasons, and its set-aside cap is a money budget for all.
    Named {
        inner: Box<GuardState>,
        reason: Reason,
        shared: bool,
        /// When a call counts ([`Counts::Passed`] for the tutorial's `RateLimiter`).
        counts: Counts,
    },
    Ledger(LedgerState),
    Limit(LimitState),
}

/// Units of a bucket token: one bucket token a minute refills one unit a millisecond.
const BUCKET_UNIT: u64 = 60_000;

fn seconds(at: Instant) -> u64 {
    at.whole_seconds()
}

impl GuardState {
    /// A fresh state of `guard` for the users of `traffic`: a guard that needs more of the
    /// traffic than its number of users (the ledger: tiers by cohort) is made here.
    pub fn for_traffic(guard: &Guard, traffic: &Traffic) -> Result<GuardState, RunError> {
        match guard {
            Guard::TenantLedger { tiers, max_tokens, meter, outage } => {
                Ok(GuardState::Ledger(LedgerState::new(tiers, *max_tokens, *meter, *outage, traffic)?))
            }
            Guard::Limit(point) => Ok(GuardState::Limit(LimitState::new(point, traffic)?)),
            // Lesson 001's server counts per key: who it takes the caller for ([`counted_as`]).
            Guard::RateLimiter { .. } => Ok(GuardState::new(guard, traffic.key_count())?),
            _ => Ok(GuardState::new(guard, traffic.users.len())?),
        }
    }

    /// A fresh state of `guard` for `users` users.
    pub fn new(guard: &Guard, users: usize) -> Result<GuardState, Overflow> {
        Ok(match *guard {
            Guard::SlidingWindow { limit, window_ms } => GuardState::Window {
                limit: limit.get() as usize,
                window: window_ms,
                admitted: vec![VecDeque::new(); users],
            },
            Guard::MoneyBudget { budget_micros, refill, set_aside } => GuardState::Money {
                count: Count { limit: Nanos::from_micros(budget_micros)?.0, refill },
                set_aside,
                entries: vec![None; users],
                pending: Entry::default(),
            },
            Guard::SpendCeiling { ceiling_micros, period_ms } => GuardState::Ceiling {
                ceiling: Nanos::from_micros(ceiling_micros)?,
                period: Span(period_ms.0.max(1)),
                period_start: Instant(0),
                spent: Nanos::ZERO,
            },
            Guard::TokenBucket { capacity, refill_per_minute } => GuardState::Bucket {
                capacity: u64::from(capacity.get()) * BUCKET_UNIT,
                refill_per_minute: u64::from(refill_per_minute),
                levels: vec![None; users],
                pending: (Instant(0), 0),
            },
            Guard::TokenBudget { budget_tokens, max_tokens } => {
                GuardState::Tokens { budget: budget_tokens, max_tokens, used: vec![(0, 0); users] }
            }
            Guard::Degrade { ceiling_micros, period_ms, ref model } => GuardState::Degrade {
                ceiling: Nanos::from_micros(ceiling_micros)?,
                period: Span(period_ms.0.max(1)),
                period_start: Instant(0),
                spent: Nanos::ZERO,
                model: model.clone(),
                to: None,
            },
            Guard::RateLimiter { limit, window_ms } => {
                let inner = GuardState::new(&Guard::SlidingWindow { limit, window_ms }, users)?;
                GuardState::Named {
                    inner: Box::new(inner),
                    reason: Reason::RateLimit,
                    shared: false,
                    counts: Counts::Passed,
                }
            }
            Guard::DailyCap { cap_micros } => {
                let ceiling = Guard::SpendCeiling { ceiling_micros: cap_micros, period_ms: Span::seconds(DAY) };
                GuardState::Named {
                    inner: Box::new(GuardState::new(&ceiling, users)?),
                    reason: Reason::DailyCapReached,
                    shared: false,
                    counts: Counts::Served,
                }
            }
            Guard::SetAsideCap { cap_micros, max_tokens } => {
                let set_aside = SetAside::worst_case(max_tokens);
                let budget = Guard::MoneyBudget { budget_micros: cap_micros, refill: Refill::Daily, set_aside };
                GuardState::Named {
                    inner: Box::new(GuardState::new(&budget, 1)?),
                    reason: Reason::DailyCapReached,
                    shared: true,
                    counts: Counts::Served,
                }
            }
            // Need the traffic's cohorts and keys: made by `for_traffic`.
            Guard::TenantLedger { .. } | Guard::Limit(_) => return Err(Overflow),
        })
    }

    /// Finds, by name among the traffic's `models`, the model a guard switches calls to;
    /// the error names a model the traffic does not have.
    pub fn resolve(&mut self, models: &[String]) -> Result<(), String> {
        if let GuardState::Degrade { model, to, .. } = self {
            let found = models.iter().position(|m| m == model).and_then(|i| u16::try_from(i).ok());
            *to = Some(found.ok_or_else(|| model.clone())?);
        }
        Ok(())
    }

    /// The model `call` is served with instead of its own, if this guard switches it now.
    #[inline]
    pub fn switch_model(&mut self, call: &Call) -> Option<u16> {
        match self {
            GuardState::Degrade { ceiling, period, period_start, spent, to, .. } => {
                roll(period_start, spent, *period, call.at);
                if *spent >= *ceiling {
                    *to
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Whether `call` may go through now (`None`) or why not. What letting it through
    /// changes is kept until [`GuardState::commit`].
    /// `call` is the user's; `key` who the server takes them for (the user, unless the
    /// traffic has keys): see [`counted_as`].
    pub fn check(&mut self, call: &Call, key: u32, price: &Price) -> Result<Option<Refusal>, Overflow> {
        match self {
            GuardState::Limit(limit) => return limit.check(call, key, price),
            GuardState::Ledger(ledger) => return ledger.check(call, key, price),
            _ => {}
        }
        let counted = counted_as(self, call, key);
        self.check_keyed(&counted, price)
    }

    fn check_keyed(&mut self, call: &Call, price: &Price) -> Result<Option<Refusal>, Overflow> {
        let now = call.at;
        Ok(match self {
            GuardState::Window { limit, window, admitted } => {
                let times = &mut admitted[call.user as usize];
                while times.front().is_some_and(|&t| t.after(*window) <= now) {
                    times.pop_front();
                }
                match times.front() {
                    Some(&oldest) if times.len() >= *limit => Some(Refusal {
                        reason: Reason::RateLimited,
                        wait: Wait::Until(oldest.after(*window)),
                        retry_after: None,
                    }),
                    _ => None,
                }
            }
            GuardState::Money { count, set_aside, entries, pending } => {
                let amount = set_aside.amount(call, price)?;
                match count.reserve(entries[call.user as usize], amount.0, seconds(now)) {
                    Ok((entry, _)) => {
                        *pending = entry;
                        None
                    }
                    Err(short) => Some(Refusal {
                        reason: Reason::BudgetUsedUp,
                        wait: short.fits_in.map_or(Wait::Never, |s| Wait::Until(Instant::at_second(seconds(now) + s))),
                        retry_after: None,
                    }),
                }
            }
            GuardState::Ceiling { ceiling, period, period_start, spent } => {
                roll(period_start, spent, *period, now);
                (*spent >= *ceiling).then(|| Refusal {
                    reason: Reason::GlobalBudget,
                    wait: Wait::Until(period_start.after(*period)),
                    retry_after: None,
                })
            }
            GuardState::Bucket { capacity, refill_per_minute, levels, pending } => {
                let level = bucket_level(levels[call.user as usize], *capacity, *refill_per_minute, now);
                if level >= BUCKET_UNIT {
                    *pending = (now, level - BUCKET_UNIT);
                    None
                } else {
                    let wait = match *refill_per_minute {
                        0 => Wait::Never,
                        rate => Wait::Until(now.after(Span((BUCKET_UNIT - level).div_ceil(rate)))),
                    };
                    Some(Refusal { reason: Reason::RateLimited, wait, retry_after: None })
                }
            }
            GuardState::Tokens { budget, max_tokens, used } => {
                let estimate = call.input.checked_add(max_tokens.unwrap_or(call.output)).ok_or(Overflow)?;
                let day = now.0 / Span::seconds(DAY).0;
                let today = match used[call.user as usize] {
                    (d, tokens) if d == day => tokens,
                    _ => 0,
                };
                (today.checked_add(estimate).ok_or(Overflow)? > *budget).then(|| {
                    // A call bigger than the whole budget never fits; another fits tomorrow.
                    let wait =
                        if estimate > *budget { Wait::Never } else { Wait::Until(Instant::at_second((day + 1) * DAY)) };
                    Refusal { reason: Reason::UserDailyBudget, wait, retry_after: None }
                })
            }
            GuardState::Degrade { .. } => None,
            GuardState::Named { inner, reason, shared, .. } => {
                let retry_after = (*reason == Reason::RateLimit).then_some(RetryAfter::Tutorial);
                inner.check_keyed(&as_counted(call, *shared), price)?.map(|r| Refusal {
                    reason: *reason,
                    retry_after,
                    ..r
                })
            }
            GuardState::Ledger(_) => None, // checked by check, with the call's key
            GuardState::Limit(_) => None,
        })
    }

    /// Whether it counts a call it let through that a later guard refused ([`Counts::Passed`]):
    /// the tutorial's `RateLimiter`, whose `allow` records a request before app.py checks the
    /// cap (so once the cap is reached the limit still refuses a script's sixth request in a
    /// minute), and a request limit a file says so of. Every other guard counts only the
    /// calls that are served.
    pub fn counts_what_it_passes(&self) -> bool {
        match self {
            GuardState::Named { counts, .. } => *counts == Counts::Passed,
            GuardState::Limit(limit) => limit.counts_what_it_passes(),
            _ => false,
        }
    }

    /// Makes the change the last [`GuardState::check`] (of `call`, which it let through) kept.
    pub fn commit(&mut self, call: &Call, key: u32) {
        if let GuardState::Ledger(ledger) = self {
            return ledger.commit(call, key);
        }
        let counted = counted_as(self, call, key);
        self.commit_keyed(&counted)
    }

    fn commit_keyed(&mut self, call: &Call) {
        match self {
            GuardState::Window { admitted, .. } => admitted[call.user as usize].push_back(call.at),
            GuardState::Money { entries, pending, .. } => entries[call.user as usize] = Some(*pending),
            GuardState::Ceiling { .. } => {}
            GuardState::Bucket { levels, pending, .. } => levels[call.user as usize] = Some(*pending),
            GuardState::Tokens { .. } | GuardState::Degrade { .. } => {}
            GuardState::Named { inner, shared, .. } => inner.commit_keyed(&as_counted(call, *shared)),
            GuardState::Ledger(_) => {} // committed by commit, with the call's key
            GuardState::Limit(limit) => limit.commit(),
        }
    }

    /// Charges an admitted call's real cost `actual` when it finishes at `now`. Returns
    /// whether this settlement carried a spend ceiling to or past its limit.
    pub fn settle(
        &mut self,
        call: &Call,
        key: u32,
        price: &Price,
        actual: Nanos,
        now: Instant,
    ) -> Result<bool, Overflow> {
        match self {
            GuardState::Limit(limit) => return limit.settle(call, key, price, actual, now).map(|()| false),
            GuardState::Ledger(ledger) => return ledger.settle(call, key, price, actual).map(|()| false),
            _ => {}
        }
        let counted = counted_as(self, call, key);
        self.settle_keyed(&counted, price, actual, now)
    }

    fn settle_keyed(&mut self, call: &Call, price: &Price, actual: Nanos, now: Instant) -> Result<bool, Overflow> {
        match self {
            GuardState::Window { .. } => Ok(false),
            GuardState::Money { count, set_aside, entries, .. } => {
                let amount = set_aside.amount(call, price)?;
                let day = (count.refill == Refill::Daily).then_some(seconds(call.at) / DAY);
                let entry = &mut entries[call.user as usize];
                if let Some(settled) = count.settle(*entry, amount.0, day, actual.0, seconds(now)) {
                    *entry = Some(settled);
                }
                Ok(false)
            }
            GuardState::Ceiling { ceiling, period, period_start, spent } => {
                add_spent(*ceiling, *period, period_start, spent, actual, now)
            }
            GuardState::Bucket { .. } => Ok(false),
            GuardState::Tokens { used, .. } => {
                // Counted in the day the call ends in, as any counted amount is: by the day
                // it started in, a call ending after midnight replaced that day's count.
                let day = now.0 / Span::seconds(DAY).0;
                let tokens = call.input.checked_add(call.output).ok_or(Overflow)?;
                let entry = &mut used[call.user as usize];
                *entry = match *entry {
                    (d, before) if d == day => (day, before.checked_add(tokens).ok_or(Overflow)?),
                    _ => (day, tokens),
                };
                Ok(false)
            }
            GuardState::Degrade { ceiling, period, period_start, spent, .. } => {
                add_spent(*ceiling, *period, period_start, spent, actual, now)
            }
            GuardState::Named { inner, shared, .. } => {
                inner.settle_keyed(&as_counted(call, *shared), price, actual, now)
            }
            GuardState::Ledger(_) => Ok(false), // settled by settle, with the call's key
            GuardState::Limit(_) => Ok(false),
        }
    }
}

impl GuardState {
    /// What `user` spent that this guard never counted: (during a ledger outage, past a
    /// request's top-level call); zero for every guard but the ledger.
    pub fn unmetered(&self, user: usize) -> (Nanos, Nanos) {
        match self {
            GuardState::Ledger(ledger) => ledger.unmetered(user),
            _ => (Nanos::ZERO, Nanos::ZERO),
        }
    }

    /// Whether a policy's ladder tries a cheaper model for a call this guard refused with
    /// `reason`: a point of the policy language by what it counts, whatever reason its file
    /// names (a money guard given "daily cost cap reached" moved no call), the others by
    /// their reason.
    pub fn ladder_tries(&self, reason: Reason) -> bool {
        match self {
            GuardState::Limit(limit) => limit.degrades(),
            _ => reason.degrades(),
        }
    }
}

/// Adds `actual` to a spend ceiling's period at `now`; whether it carried the spend to or
/// past the ceiling.
fn add_spent(
    ceiling: Nanos,
    period: Span,
    period_start: &mut Instant,
    spent: &mut Nanos,
    actual: Nanos,
    now: Instant,
) -> Result<bool, Overflow> {
    roll(period_start, spent, period, now);
    let before = *spent;
    *spent = spent.checked_add(actual)?;
    Ok(before < ceiling && *spent >= ceiling)
}

/// What a bucket holds at `now`: full when never taken from, else what it held plus the
/// refill since, up to its capacity.
fn bucket_level(last: Option<(Instant, u64)>, capacity: u64, refill_per_minute: u64, now: Instant) -> u64 {
    match last {
        None => capacity,
        Some((at, level)) => {
            let refill = now.since(at).0.saturating_mul(refill_per_minute);
            level.saturating_add(refill).min(capacity)
        }
    }
}

/// The call as `state` counts it: lesson 001's server (a [`GuardState::Named`] state: its
/// request limit, its caps) by `key`, who it takes the caller for (an `X-User` header, an
/// address; a replayed log's API key); every other kind by the caller's user, as the
/// policy language's points say (`per: user`; the ledger finds the user's tenant). Counted by
/// key, a replayed log's one API key for all its users made lesson 000's budget one budget
/// for the whole app, and a user with more keys than the log has users was counted past
/// the ledger's accounts.
fn counted_as(state: &GuardState, call: &Call, key: u32) -> Call {
    match state {
        GuardState::Named { .. } => Call { user: key, ..*call },
        _ => *call,
    }
}

/// The call as a [`GuardState::Named`] state counts it: as user 0's when its count is shared.
fn as_counted(call: &Call, shared: bool) -> Call {
    if shared {
        Call { user: 0, ..*call }
    } else {
        *call
    }
}

/// Starts a new period of a spend ceiling when `now` has passed the current one.
fn roll(period_start: &mut Instant, spent: &mut Nanos, period: Span, now: Instant) {
    if now >= period_start.after(period) {
        *period_start = Instant(now.0 - now.0 % period.0);
        *spent = Nanos::ZERO;
    }
}

#[cfg(test)]
mod lesson003_tests;
