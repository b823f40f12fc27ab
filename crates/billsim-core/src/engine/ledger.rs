//! Lesson 002's per-tenant ledger (`Guard::TenantLedger`): each tenant (a user of the
//! traffic, or a replayed log's team) is on a tier, found by its cohort's name (a team's is
//! its first user's); a tier has a daily and a monthly budget (either may be absent) and
//! says what happens while the ledger is down. A user in no team is no tenant's: the
//! ledger leaves its calls alone, as a gateway's team budget leaves a key outside teams.
//!
//! - Before a metered call, the ledger reserves its worst case: the input tokens plus
//!   `max_tokens` priced as output, at the model the call is made on. It fits when it fits
//!   under every window the tier has (the tighter one decides); it is written at once, so
//!   calls in flight see the money as spoken for.
//! - When the call finishes, the gap between the reservation and the real cost is released
//!   (all of it when the call failed: it bills nothing). A settlement belongs to the day and
//!   month its call started in; once that window has rolled over, it changes nothing there.
//! - Metering per call meters every model call. Metering per request meters only the calls
//!   at the request's first moment (its top-level call); the others are unmetered: served
//!   without a look at the ledger, paid by the bill all the same.
//! - During an outage (`fromMs` up to, not including, `toMs`), a tier that fails open is
//!   served unmetered; one that fails closed is refused (`ledger_unavailable`).
//!
//! Windows are counted from the start of time: a day is 24 hours, a month is 30 days.

use crate::engine::price::{Nanos, Price};
use crate::engine::refusal::{Reason, Refusal, Wait};
use crate::engine::run_error::RunError;
use crate::engine::traffic::{Call, Tenants, Traffic};
use crate::money::{Micros, Overflow, Tokens};
use crate::time::Instant;
use serde::{Deserialize, Serialize};

/// A day, in milliseconds.
pub const DAY_MS: u64 = 86_400_000;
/// A month of the ledger: 30 days, in milliseconds.
pub const MONTH_MS: u64 = 30 * DAY_MS;

/// What a tier's calls get while the ledger is down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FailMode {
    /// Served, unmetered.
    Open,
    /// Refused.
    Closed,
}

impl FailMode {
    pub fn name(self) -> &'static str {
        match self {
            FailMode::Open => "open",
            FailMode::Closed => "closed",
        }
    }

    pub fn parse(text: &str) -> Option<FailMode> {
        match text {
            "open" => Some(FailMode::Open),
            "closed" => Some(FailMode::Closed),
            _ => None,
        }
    }
}

/// Which calls the ledger meters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Meter {
    /// Every model call.
    PerCall,
    /// Only the calls at a request's first moment.
    PerRequest,
}

impl Meter {
    pub fn name(self) -> &'static str {
        match self {
            Meter::PerCall => "perCall",
            Meter::PerRequest => "perRequest",
        }
    }

    pub fn parse(text: &str) -> Option<Meter> {
        match text {
            "perCall" => Some(Meter::PerCall),
            "perRequest" => Some(Meter::PerRequest),
            _ => None,
        }
    }
}

/// The ledger is down from `fromMs` up to (not including) `toMs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Outage {
    pub from_ms: Instant,
    pub to_ms: Instant,
}

impl Outage {
    pub fn contains(&self, at: Instant) -> bool {
        self.from_ms <= at && at < self.to_ms
    }
}

/// The budgets and fail mode of the tenants of one cohort.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Tier {
    /// The cohort's name (its tenants are the users of that cohort).
    pub cohort: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily_micros: Option<Micros>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub monthly_micros: Option<Micros>,
    pub fail: FailMode,
}

/// A tier's limits in the engine's unit.
#[derive(Debug, Clone, Copy)]
struct Limits {
    daily: Option<Nanos>,
    monthly: Option<Nanos>,
    fail: FailMode,
}

/// One tenant's spend (reservations included) in its current day and month.
#[derive(Debug, Clone, Copy, Default)]
struct Account {
    day: u64,
    day_used: Nanos,
    month: u64,
    month_used: Nanos,
}

impl Account {
    /// The account brought up to `at`: a new day or month starts from zero.
    fn fresh(self, at: Instant) -> Account {
        let (day, month) = (at.0 / DAY_MS, at.0 / MONTH_MS);
        Account {
            day,
            day_used: if day == self.day { self.day_used } else { Nanos::ZERO },
            month,
            month_used: if month == self.month { self.month_used } else { Nanos::ZERO },
        }
    }
}

/// How the ledger takes a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Admission {
    Metered,
    /// Not the request's top-level call, under metering per request.
    UnmeteredInRequest,
    /// The ledger is down and the tier fails open.
    UnmeteredOutage,
    /// The ledger is down and the tier fails closed.
    Down,
}

/// The ledger's running state.
#[derive(Debug)]
pub struct LedgerState {
    limits: Vec<Limits>,
    /// Each tenant's index into `limits`.
    tier_of: Vec<u16>,
    /// Who pays for each call (its team; `None`: in no team); `None` when each user is its
    /// own tenant.
    tenants: Option<Tenants>,
    max_tokens: Tokens,
    /// Each request's first moment, under metering per request (empty otherwise).
    first_at: Vec<Instant>,
    outage: Option<Outage>,
    accounts: Vec<Account>,
    /// The account of the checked call with its reservation, until committed (`None`:
    /// nothing to write).
    pending: Option<Account>,
    unmetered_outage: Vec<Nanos>,
    unmetered_in_request: Vec<Nanos>,
}

impl LedgerState {
    pub fn new(
        tiers: &[Tier],
        max_tokens: Tokens,
        meter: Meter,
        outage: Option<Outage>,
        traffic: &Traffic,
    ) -> Result<LedgerState, RunError> {
        let mut limits = Vec::with_capacity(tiers.len());
        for t in tiers {
            let nanos = |m: Option<Micros>| m.map(Nanos::from_micros).transpose();
            limits.push(Limits { daily: nanos(t.daily_micros)?, monthly: nanos(t.monthly_micros)?, fail: t.fail });
        }
        let (tenants, first_users) = (traffic.tenants().cloned(), traffic.first_payers());
        let cohort_at = |slot: usize| traffic.cohort_of(first_users[slot]).name.as_str();
        let tier = |cohort: &str| tiers.iter().position(|t| t.cohort == cohort);
        if let Some(e) = RunError::no_tier("tiers", first_users.len(), cohort_at, |c| tier(c).is_some()) {
            return Err(e);
        }
        let tier_of: Vec<u16> = (0..first_users.len()).map(|slot| tier(cohort_at(slot)).unwrap_or(0) as u16).collect();
        let first_at = match meter {
            Meter::PerCall => Vec::new(),
            Meter::PerRequest => {
                let mut first = vec![Instant(u64::MAX); traffic.requests()];
                for c in traffic.calls() {
                    let slot = &mut first[c.request as usize];
                    *slot = (*slot).min(c.at);
                }
                first
            }
        };
        let users = traffic.users.len();
        Ok(LedgerState {
            limits,
            accounts: vec![Account::default(); tier_of.len()],
            tier_of,
            tenants,
            max_tokens,
            first_at,
            outage,
            pending: None,
            unmetered_outage: vec![Nanos::ZERO; users],
            unmetered_in_request: vec![Nanos::ZERO; users],
        })
    }

    fn limits(&self, tenant: usize) -> Limits {
        self.limits[usize::from(self.tier_of[tenant])]
    }

    /// The tenant that pays for `call` under `key`, if any.
    fn tenant(&self, call: &Call, key: u32) -> Option<usize> {
        match &self.tenants {
            Some(tenants) => tenants.of_call(call.user, key).map(|t| t as usize),
            None => Some(call.user as usize),
        }
    }

    /// A pure function of the call, so its settlement takes it the same way.
    fn admission(&self, call: &Call, tenant: usize) -> Admission {
        if self.outage.is_some_and(|o| o.contains(call.at)) {
            return match self.limits(tenant).fail {
                FailMode::Open => Admission::UnmeteredOutage,
                FailMode::Closed => Admission::Down,
            };
        }
        match self.first_at.get(call.request as usize) {
            Some(&first) if call.at != first => Admission::UnmeteredInRequest,
            _ => Admission::Metered,
        }
    }

    /// The worst case of `call` at `price`: its input and `max_tokens` out.
    pub fn reservation(&self, call: &Call, price: &Price) -> Result<Nanos, Overflow> {
        price.cost(call.input, self.max_tokens)
    }

    pub fn check(&mut self, call: &Call, key: u32, price: &Price) -> Result<Option<Refusal>, Overflow> {
        self.pending = None;
        let Some(tenant) = self.tenant(call, key) else { return Ok(None) };
        match self.admission(call, tenant) {
            Admission::UnmeteredInRequest | Admission::UnmeteredOutage => return Ok(None),
            Admission::Down => {
                let until = self.outage.map_or(call.at, |o| o.to_ms);
                return Ok(Some(Refusal {
                    reason: Reason::LedgerUnavailable,
                    wait: Wait::Until(until),
                    retry_after: None,
                }));
            }
            Admission::Metered => {}
        }
        let reservation = self.reservation(call, price)?;
        let limits = self.limits(tenant);
        let account = self.accounts[tenant].fresh(call.at);
        let day_after = account.day_used.checked_add(reservation)?;
        let month_after = account.month_used.checked_add(reservation)?;
        // Each window that cannot hold it says when it would: at its next start, or never.
        let short = |limit: Option<Nanos>, after: Nanos, window: u64| match limit {
            Some(limit) if after > limit => Some(if reservation > limit {
                Wait::Never
            } else {
                Wait::Until(Instant((call.at.0 / window + 1) * window))
            }),
            _ => None,
        };
        let waits = [short(limits.daily, day_after, DAY_MS), short(limits.monthly, month_after, MONTH_MS)];
        let wait = waits.into_iter().flatten().max();
        if let Some(wait) = wait {
            return Ok(Some(Refusal { reason: Reason::BudgetExhausted, wait, retry_after: None }));
        }
        self.pending = Some(Account { day_used: day_after, month_used: month_after, ..account });
        Ok(None)
    }

    pub fn commit(&mut self, call: &Call, key: u32) {
        if let (Some(account), Some(tenant)) = (self.pending.take(), self.tenant(call, key)) {
            self.accounts[tenant] = account;
        }
    }

    /// Replaces the reservation of `call` by its real cost `actual` (zero for a failed call).
    pub fn settle(&mut self, call: &Call, key: u32, price: &Price, actual: Nanos) -> Result<(), Overflow> {
        let user = call.user as usize;
        let Some(tenant) = self.tenant(call, key) else { return Ok(()) };
        match self.admission(call, tenant) {
            Admission::UnmeteredInRequest => {
                self.unmetered_in_request[user] = self.unmetered_in_request[user].checked_add(actual)?
            }
            Admission::UnmeteredOutage => {
                self.unmetered_outage[user] = self.unmetered_outage[user].checked_add(actual)?
            }
            Admission::Down => {}
            Admission::Metered => {
                let reservation = self.reservation(call, price)?;
                let account = &mut self.accounts[tenant];
                // A reply longer than max_tokens costs more than was reserved: the count grows by the excess.
                let apply = |used: Nanos| Nanos(used.0.saturating_sub(reservation.0)).checked_add(actual);
                if account.day == call.at.0 / DAY_MS {
                    account.day_used = apply(account.day_used)?;
                }
                if account.month == call.at.0 / MONTH_MS {
                    account.month_used = apply(account.month_used)?;
                }
            }
        }
        Ok(())
    }

    /// What `user` spent that the ledger never counted: during the outage (failing open),
    /// and past the top-level call of a request (metering per request).
    pub fn unmetered(&self, user: usize) -> (Nanos, Nanos) {
        (self.unmetered_outage[user], self.unmetered_in_request[user])
    }
}
