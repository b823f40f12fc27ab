//! Guards: each is one layer that can refuse a call, as plain data ([`Guard`]), and its
//! running state ([`GuardState`]): per user in vectors indexed by the user's number, or
//! one for everyone. A guard checks a call on arrival without changing anything
//! ([`GuardState::check`] keeps what it would change); only when every guard of the policy
//! lets it through are the changes made ([`GuardState::commit`]), so a refused call takes
//! nothing from any guard.
//! When the call finishes, each guard settles its real cost ([`GuardState::settle`]).

use crate::budget::{Count, Entry, Refill};
use crate::engine::ledger::{LedgerState, Meter, Outage, Tier};
use crate::engine::price::{Nanos, Price};
use crate::engine::run::RunError;
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
}

impl Guard {
    /// Whether this guard keeps its state per user (one user's calls never change another's).
    pub fn per_user(&self) -> bool {
        match self {
            Guard::SlidingWindow { .. } | Guard::MoneyBudget { .. } => true,
            Guard::SpendCeiling { .. } => false,
            Guard::TenantLedger { .. } => true,
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

/// Why a call was refused: a stable name, as the lessons print it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// Too many calls in a window.
    RateLimited,
    /// The user's money budget cannot hold what the call sets aside.
    BudgetUsedUp,
    /// The spend ceiling shared by everyone is reached.
    GlobalBudget,
    /// The tenant's ledger cannot hold the call's reservation, on its model and (under a
    /// ladder) on every cheaper one: lesson 002's `BudgetExhausted`.
    BudgetExhausted,
    /// The ledger is down and the tenant's tier fails closed.
    LedgerUnavailable,
}

impl Reason {
    pub const ALL: [Reason; 5] = [
        Reason::RateLimited,
        Reason::BudgetUsedUp,
        Reason::GlobalBudget,
        Reason::BudgetExhausted,
        Reason::LedgerUnavailable,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::RateLimited => "rate_limited",
            Reason::BudgetUsedUp => "budget_used_up",
            Reason::GlobalBudget => "global_budget",
            Reason::BudgetExhausted => "budget_exhausted",
            Reason::LedgerUnavailable => "ledger_unavailable",
        }
    }

    /// Whether a cheaper model may fit where this refused: a policy's ladder tries them.
    pub fn degrades(self) -> bool {
        match self {
            Reason::BudgetUsedUp | Reason::BudgetExhausted => true,
            Reason::RateLimited | Reason::GlobalBudget | Reason::LedgerUnavailable => false,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// When a refused call would fit: at a moment, or never (it is bigger than the whole
/// limit, so waiting cannot help).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    Until(Instant),
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub reason: Reason,
    pub wait: Wait,
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
    Ledger(LedgerState),
}

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
            // Needs the traffic's cohorts: made by `for_traffic`; with no traffic, no tiers.
            Guard::TenantLedger { .. } => return Err(Overflow),
        })
    }

    /// Whether `call` may go through now (`None`) or why not. What letting it through
    /// changes is kept until [`GuardState::commit`].
    pub fn check(&mut self, call: &Call, price: &Price) -> Result<Option<Refusal>, Overflow> {
        let now = call.at;
        Ok(match self {
            GuardState::Window { limit, window, admitted } => {
                let times = &mut admitted[call.user as usize];
                while times.front().is_some_and(|&t| t.after(*window) <= now) {
                    times.pop_front();
                }
                match times.front() {
                    Some(&oldest) if times.len() >= *limit => {
                        Some(Refusal { reason: Reason::RateLimited, wait: Wait::Until(oldest.after(*window)) })
                    }
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
                    }),
                }
            }
            GuardState::Ceiling { ceiling, period, period_start, spent } => {
                roll(period_start, spent, *period, now);
                (*spent >= *ceiling)
                    .then(|| Refusal { reason: Reason::GlobalBudget, wait: Wait::Until(period_start.after(*period)) })
            }
            GuardState::Ledger(ledger) => ledger.check(call, price)?,
        })
    }

    /// Makes the change the last [`GuardState::check`] (of `call`, which it let through) kept.
    pub fn commit(&mut self, call: &Call) {
        match self {
            GuardState::Window { admitted, .. } => admitted[call.user as usize].push_back(call.at),
            GuardState::Money { entries, pending, .. } => entries[call.user as usize] = Some(*pending),
            GuardState::Ceiling { .. } => {}
            GuardState::Ledger(ledger) => ledger.commit(call),
        }
    }

    /// Charges an admitted call's real cost `actual` when it finishes at `now`. Returns
    /// whether this settlement carried a spend ceiling to or past its limit.
    pub fn settle(&mut self, call: &Call, price: &Price, actual: Nanos, now: Instant) -> Result<bool, Overflow> {
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
                roll(period_start, spent, *period, now);
                let before = *spent;
                *spent = spent.checked_add(actual)?;
                Ok(before < *ceiling && *spent >= *ceiling)
            }
            GuardState::Ledger(ledger) => ledger.settle(call, price, actual).map(|()| false),
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
}

/// Starts a new period of a spend ceiling when `now` has passed the current one.
fn roll(period_start: &mut Instant, spent: &mut Nanos, period: Span, now: Instant) {
    if now >= period_start.after(period) {
        *period_start = Instant(now.0 - now.0 % period.0);
        *spent = Nanos::ZERO;
    }
}
