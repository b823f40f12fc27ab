//! The running state of a guard the lessons' own kinds do not cover (a [`Point`] of the
//! policy language such as a token limit per tenant per hour, a monthly dollar budget per
//! key, or a request limit for everyone): one count per slot (a user, key, tenant, or one
//! for everyone), in the count's unit (requests, tokens, nano-dollars).
//!
//! - `fixed`: the count of the window the moment falls in (aligned to multiples of the
//!   window from 1970-01-01 UTC, or calendar months); a settlement belongs to the window
//!   its call started in (reserve) or finished in (counted, estimate).
//! - `rolling`: every counted amount with its moment; an amount counts for one window.
//! - `steady`: a level in parts (an amount times the window's milliseconds) that drains
//!   `limit` parts a millisecond, holding at most `burst` times the window.
//! - `inFlight`: each admitted request until its call finishes (by its latency), in the
//!   order they finish.
//!
//! Requests are counted when admitted (a request's amount is known then); tokens and
//! dollars when known: the estimate on admission under `reserve` (the real amount
//! replaces it when the call finishes), the real amount on finish otherwise.

use crate::engine::language::{Admit, CountOf, Counts, Estimate, LimitOf, Per, Point, Reset, Window};
use crate::engine::price::{Nanos, Price};
use crate::engine::refusal::{Reason, Refusal, RetryAfter, Wait};
use crate::engine::run_error::{models_answering, RunError};
use crate::engine::traffic::{Call, Tenants, Traffic};
use crate::money::{Micros, Overflow};
use crate::time::{Instant, Span};
use std::collections::VecDeque;

#[derive(Debug, Clone, Default)]
struct Slot {
    /// Fixed: the window's number; steady: the millisecond the level was taken at.
    stamp: u64,
    /// Fixed: the amount counted; steady: parts.
    used: u128,
    /// Rolling: each counted amount, oldest first; in flight: each call, the first to
    /// finish first.
    entries: VecDeque<Entry>,
}

/// Rolling: `(moment, amount, request)` of a counted amount; in flight: `(finish, 1,
/// request)` of a call.
type Entry = (Instant, u128, u32);

#[derive(Debug)]
pub struct LimitState {
    count: CountOf,
    per: Per,
    window: Window,
    reset: Reset,
    admit: Admit,
    reason: Reason,
    retry_after: Option<RetryAfter>,
    counts: Counts,
    /// The limit of each slot, in the count's unit (one for all when it has one value).
    limits: Vec<u128>,
    /// Steady: what a slot holds at most, in the count's unit; `None` with tiers, where each
    /// tenant holds its own tier's limit.
    burst: Option<u128>,
    slots: Vec<Slot>,
    /// Per tenant, who pays for each call (its slot; `None`: in no team, not counted);
    /// `None` when each user is its own tenant.
    tenants: Option<Tenants>,
    /// Whether it counts each model's calls, by model number: those of the one model it
    /// counts and the models answering to its name; `None`: every call's.
    model: Option<Vec<bool>>,
    /// What the checked call adds to its slot, until committed: its slot, the parts it
    /// holds and its entry (rolling, in flight).
    pending: Option<(usize, u128, Option<Entry>)>,
}

/// A moment's calendar month, counted from January 1970 (UTC).
pub fn month_of(at: Instant) -> u64 {
    let (y, m, _) = crate::time::civil_from_days(at.0 / 86_400_000);
    (y - 1970) * 12 + (m - 1)
}

/// A week's milliseconds.
pub const WEEK_MS: u64 = 7 * 86_400_000;
/// 1970-01-01 was a Thursday: the Monday that began its week was three days before it.
const MONDAY_BEFORE_1970_MS: u64 = 3 * 86_400_000;

/// The number of the calendar week (Monday 00:00 UTC to the next) that `at` falls in,
/// counted from the week of 1970-01-01.
pub fn week_of(at: Instant) -> u64 {
    at.0.saturating_add(MONDAY_BEFORE_1970_MS) / WEEK_MS
}

/// The first moment of week number `week` (the first, 0, began before 1970: its start is 0).
pub fn week_start(week: u64) -> Instant {
    Instant(week.saturating_mul(WEEK_MS).saturating_sub(MONDAY_BEFORE_1970_MS))
}

/// The first moment of month number `month` (from January 1970).
pub fn month_start(month: u64) -> Instant {
    let (y, m) = (1970 + month / 12, month % 12 + 1);
    Instant(days_from_civil(y, m).saturating_mul(86_400_000))
}

fn days_from_civil(y: u64, m: u64) -> u64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y / 400;
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe).saturating_sub(719_468)
}

impl LimitState {
    /// Whether a cheaper model may fit where it refuses: as its reason by default says,
    /// whatever reason it was given; and for a money guard of one model, which counts no
    /// other (a cap checked only, past which no call of its model fits, lets the others by).
    pub fn degrades(&self) -> bool {
        crate::engine::language::default_reason(self.count, self.per, self.window, self.admit).degrades()
            || self.count == CountOf::Dollars && self.model.is_some()
    }

    pub fn new(point: &Point, traffic: &Traffic) -> Result<LimitState, RunError> {
        let unit = |amount: u64| -> Result<u128, RunError> {
            Ok(match point.count {
                CountOf::Dollars => u128::from(Nanos::from_micros(Micros(amount))?.0),
                _ => u128::from(amount),
            })
        };
        let slots = match point.per {
            Per::User => traffic.users.len(),
            Per::Tenant => traffic.tenants().map_or(traffic.users.len(), |t| t.names.len()),
            Per::Key => traffic.key_count(),
            Per::Everyone => 1,
        };
        let (tenants, first_users) = match (point.per, traffic.tenants()) {
            (Per::Tenant, Some(tenants)) => (Some(tenants.clone()), traffic.first_payers()),
            _ => (None, Vec::new()),
        };
        let limits = match &point.limit {
            LimitOf::Amount(a) => vec![unit(*a)?],
            // A tenant's tier is its cohort's: its first user's, when tenants are not users.
            LimitOf::Tiers(tiers) => {
                let cohort_at =
                    |slot: usize| traffic.cohort_of(first_users.get(slot).copied().unwrap_or(slot)).name.as_str();
                let tier = |cohort: &str| tiers.iter().find(|(c, _)| c == cohort).map(|&(_, a)| a);
                // Counted as the guard counts: teams, keys or users.
                if let Some(e) = RunError::no_tier("tiers", slots, cohort_at, |c| tier(c).is_some()) {
                    return Err(e);
                }
                (0..slots).map(|slot| unit(tier(cohort_at(slot)).unwrap_or(0))).collect::<Result<_, _>>()?
            }
        };
        let model = point.model.as_ref().map(|name| models_answering(traffic, || "model".into(), name)).transpose()?;
        let burst = match (point.reset, &point.limit) {
            (Reset::Steady { burst }, LimitOf::Amount(_)) => Some(unit(burst)?),
            _ => None,
        };
        Ok(LimitState {
            count: point.count,
            per: point.per,
            window: point.window,
            reset: point.reset,
            admit: point.admit,
            reason: point.reason,
            retry_after: point.retry_after,
            counts: point.counts,
            limits,
            burst,
            slots: vec![Slot::default(); slots],
            tenants,
            model,
            pending: None,
        })
    }

    /// The slot that counts `call`: `None` for a call of a user in no team, which a guard
    /// per tenant leaves alone (a gateway's team budget does not cover a key outside teams),
    /// and for a call of another model than the guard's.
    fn slot_of(&self, call: &Call, key: u32) -> Option<usize> {
        if self.model.as_ref().is_some_and(|counted| !counted.get(usize::from(call.model)).copied().unwrap_or(false)) {
            return None;
        }
        Some(match self.per {
            Per::User => call.user as usize,
            Per::Tenant => match &self.tenants {
                Some(tenants) => tenants.of_call(call.user, key)? as usize,
                None => call.user as usize,
            },
            Per::Key => key as usize,
            Per::Everyone => 0,
        })
    }

    fn limit(&self, slot: usize) -> u128 {
        self.limits[if self.limits.len() == 1 { 0 } else { slot }]
    }

    fn span_ms(&self) -> u64 {
        match self.window {
            Window::Span(s) => s.0.max(1),
            // Rolling and steady take a span (the reader refuses months with them, and makes
            // a sliding or refilling week seven days).
            Window::Months(n) => u64::from(n).saturating_mul(30 * 86_400_000),
            Window::Weeks(n) => u64::from(n).saturating_mul(WEEK_MS),
        }
    }

    /// The fixed window `at` falls in, and when the next one starts.
    fn fixed_window(&self, at: Instant) -> (u64, Instant) {
        match self.window {
            Window::Span(s) => {
                let w = s.0.max(1);
                (at.0 / w, Instant((at.0 / w).saturating_add(1).saturating_mul(w)))
            }
            Window::Months(n) => {
                let n = u64::from(n.max(1));
                let index = month_of(at) / n;
                (index, month_start((index + 1) * n))
            }
            Window::Weeks(n) => {
                let n = u64::from(n.max(1));
                let index = week_of(at) / n;
                (index, week_start((index + 1) * n))
            }
        }
    }

    /// The amount of `call` in the count's unit: the estimate, or the real `actual` cost.
    fn amount(&self, call: &Call, price: &Price, estimate: Option<Estimate>) -> Result<u128, Overflow> {
        let (input, output) = match estimate {
            Some(e) => (
                call.input.checked_mul(u64::from(e.input_percent)).ok_or(Overflow)? / 100,
                e.max_tokens.unwrap_or(call.output),
            ),
            None => (call.input, call.output),
        };
        Ok(match self.count {
            CountOf::Requests => 1,
            CountOf::Tokens => u128::from(input.checked_add(output).ok_or(Overflow)?),
            CountOf::InputTokens => u128::from(input),
            CountOf::OutputTokens => u128::from(output),
            CountOf::Dollars => u128::from(price.cost(input, output)?.0),
        })
    }

    /// Brings the slot up to `at` (a new fixed window, rolling amounts gone, a drained level)
    /// and gives it. In place: the engine's moments never go back, and a slot copied at each
    /// check made a rolling day of 200,000 requests take minutes.
    fn fresh(&mut self, slot: usize, at: Instant) -> &mut Slot {
        let (reset, span, limit) = (self.reset, self.span_ms(), self.limit(slot));
        let fixed = matches!(reset, Reset::Fixed).then(|| self.fixed_window(at).0);
        let s = &mut self.slots[slot];
        match reset {
            Reset::Fixed => {
                let index = fixed.unwrap_or_default();
                if s.stamp != index {
                    *s = Slot { stamp: index, used: 0, entries: VecDeque::new() };
                }
            }
            Reset::Rolling => {
                while s.entries.front().is_some_and(|&(t, _, _)| t.0.saturating_add(span) <= at.0) {
                    let (_, a, _) = s.entries.pop_front().unwrap_or_default();
                    s.used -= a;
                }
            }
            Reset::Steady { .. } => {
                let drained = u128::from(at.0.saturating_sub(s.stamp)) * limit;
                s.used = s.used.saturating_sub(drained);
                s.stamp = s.stamp.max(at.0);
            }
            // The calls finished by `at` (at one instant, finishes come before arrivals).
            Reset::InFlight => {
                while s.entries.front().is_some_and(|&(end, _, _)| end <= at) {
                    let (_, a, _) = s.entries.pop_front().unwrap_or_default();
                    s.used -= a;
                }
            }
        }
        s
    }

    /// What the slot can hold and what it holds, in the unit the test uses (parts when steady).
    fn scale(&self) -> u128 {
        match self.reset {
            Reset::Steady { .. } => u128::from(self.span_ms()),
            _ => 1,
        }
    }

    fn capacity(&self, slot: usize) -> u128 {
        match self.reset {
            Reset::Steady { .. } => self.burst.unwrap_or_else(|| self.limit(slot)) * self.scale(),
            _ => self.limit(slot),
        }
    }

    pub fn check(&mut self, call: &Call, key: u32, price: &Price) -> Result<Option<Refusal>, Overflow> {
        self.pending = None;
        let Some(slot) = self.slot_of(call, key) else { return Ok(None) };
        self.fresh(slot, call.at);
        let s = &self.slots[slot];
        let estimate = match self.admit {
            Admit::Counted => None,
            Admit::Estimate(e) | Admit::Reserve(e) => Some(e),
        };
        let (scale, cap) = (self.scale(), self.capacity(slot));
        // What must fit: the estimate (requests: one), or, check only, anything at all.
        let needs = match (self.count, estimate) {
            (CountOf::Requests, _) => 1,
            (_, Some(e)) => self.amount(call, price, Some(e))?,
            (_, None) => 0,
        };
        let needs_parts = needs * scale;
        let fits = match (self.count, self.admit) {
            (CountOf::Requests, _) | (_, Admit::Estimate(_) | Admit::Reserve(_)) => s.used + needs_parts <= cap,
            (_, Admit::Counted) => s.used < cap,
        };
        if !fits {
            let wait = if needs_parts > cap || (needs_parts == 0 && cap == 0) {
                Wait::Never
            } else {
                self.wait(s, slot, call.at, needs_parts, cap)
            };
            return Ok(Some(Refusal { reason: self.reason, wait, retry_after: self.retry_after }));
        }
        let held = match (self.count, self.admit) {
            (CountOf::Requests, _) | (_, Admit::Reserve(_)) => needs,
            _ => 0,
        };
        if held > 0 {
            let entry = match self.reset {
                Reset::Rolling => Some((call.at, held, call.request)),
                Reset::InFlight => Some((call.at.after(call.latency), held, call.request)),
                _ => None,
            };
            self.pending = Some((slot, held * scale, entry));
        }
        Ok(None)
    }

    /// When `needs` parts would fit in slot `s` (it does not fit now, and fits an empty slot).
    fn wait(&self, s: &Slot, slot: usize, now: Instant, needs: u128, cap: u128) -> Wait {
        match self.reset {
            Reset::Fixed => Wait::Until(self.fixed_window(now).1),
            Reset::Rolling => {
                let w = self.span_ms();
                let mut used = s.used;
                for &(t, a, _) in &s.entries {
                    used -= a;
                    let fits = if needs == 0 { used < cap } else { used + needs <= cap };
                    if fits {
                        return Wait::Until(Instant(t.0.saturating_add(w)));
                    }
                }
                Wait::Never
            }
            Reset::Steady { .. } => {
                let rate = self.limit(slot);
                if rate == 0 {
                    return Wait::Never;
                }
                // Check only, the slot opens once it holds less than it can (one part less);
                // else once `needs` fits.
                let excess = (s.used + needs + u128::from(needs == 0)).saturating_sub(cap);
                let ms = u64::try_from(excess.div_ceil(rate)).unwrap_or(u64::MAX);
                Wait::Until(now.after(Span(ms)))
            }
            // Once as many calls in flight have finished as are over (needs is one request).
            Reset::InFlight => {
                let over = usize::try_from((s.used + needs).saturating_sub(cap)).unwrap_or(usize::MAX);
                let last = over.checked_sub(1).and_then(|i| s.entries.get(i));
                last.map_or(Wait::Never, |&(end, _, _)| Wait::Until(end))
            }
        }
    }

    /// Whether a request it let through counts even when a later guard refuses it.
    pub fn counts_what_it_passes(&self) -> bool {
        self.counts == Counts::Passed
    }

    pub fn commit(&mut self) {
        if let Some((slot, parts, entry)) = self.pending.take() {
            let s = &mut self.slots[slot];
            s.used += parts;
            match (self.reset, entry) {
                // In flight, kept in the order they finish, which a later call may come before.
                (Reset::InFlight, Some(entry)) => {
                    let place = s.entries.partition_point(|&(t, _, _)| t <= entry.0);
                    s.entries.insert(place, entry);
                }
                (_, Some(entry)) => s.entries.push_back(entry),
                (_, None) => {}
            }
        }
    }

    /// Counts the real amount of an admitted `call` (its real cost `actual`) at `now`.
    pub fn settle(
        &mut self,
        call: &Call,
        key: u32,
        price: &Price,
        actual: Nanos,
        now: Instant,
    ) -> Result<(), Overflow> {
        if self.count == CountOf::Requests {
            return Ok(());
        }
        let Some(slot) = self.slot_of(call, key) else { return Ok(()) };
        let real = match self.count {
            CountOf::Dollars => u128::from(actual.0),
            _ => self.amount(call, price, None)?,
        };
        let (scale, reset) = (self.scale(), self.reset);
        let held = match self.admit {
            Admit::Reserve(e) => Some(self.amount(call, price, Some(e))?),
            Admit::Counted | Admit::Estimate(_) => None,
        };
        let window_of_call = (reset == Reset::Fixed).then(|| self.fixed_window(call.at).0);
        let s = self.fresh(slot, now);
        match (held, reset) {
            // A reservation of a window that has ended went with it.
            (Some(_), Reset::Fixed) if window_of_call != Some(s.stamp) => {}
            // The hold gives way to the real amount, which counts from now, as a counted
            // call's does: a call longer than the window, whose hold has aged out, still
            // counts (it counted nowhere, and the safest admit let most in). The hold is
            // sought from the newest end, where the calls of the last few seconds are.
            (Some(held), Reset::Rolling) => {
                let hold = s.entries.iter().rposition(|&(t, a, r)| t == call.at && r == call.request && a == held);
                if let Some(i) = hold {
                    s.entries.remove(i);
                    s.used = s.used.saturating_sub(held);
                }
                s.entries.push_back((now, real, call.request));
                s.used += real;
            }
            (Some(held), _) => s.used = (s.used + real * scale).saturating_sub(held * scale),
            (None, _) => {
                s.used += real * scale;
                if reset == Reset::Rolling {
                    s.entries.push_back((now, real, call.request));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_calendar_week_runs_from_monday_00_00_utc() {
        let monday = Instant(1_740_960_000_000); // 2025-03-03T00:00:00Z
        assert_eq!(week_of(Instant(monday.0 - 1)) + 1, week_of(monday), "Sunday 23:59:59.999 is the week before");
        assert_eq!(week_start(week_of(monday)), monday, "the week starts on the Monday");
        assert_eq!(week_start(week_of(Instant(monday.0 + 6 * 86_400_000))), monday, "Sunday is in it");
        assert_eq!((week_of(Instant(0)), week_start(0)), (0, Instant(0)), "1970's first week, begun before 1970");
    }
}
