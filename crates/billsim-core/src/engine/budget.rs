//! The per-user money budget of the lesson: set aside the most a call can cost before it
//! runs ([`Budget::reserve`]), then charge what it really cost ([`Budget::settle`]) or give
//! it all back ([`Budget::release`]).
//!
//! Counts are kept in *parts*: one micro-dollar is [`DAY`] parts. A steady refill then
//! drains exactly `limit` parts a second (`limit / 86,400` micro-dollars), in integers, so
//! many small steps never drift from one big one.

use crate::money::Micros;
use crate::time::{Seconds, DAY};
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;

/// When a user's used amount goes back to zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Refill {
    /// Wiped at 00:00 UTC. Easy to state, but a user can spend a budget just before
    /// midnight and another just after.
    #[default]
    Daily,
    /// Drains by `limit / 86,400` a second, so a spent budget is all back a day later.
    Steady,
}

impl Refill {
    /// The name used in settings, the address and the command line.
    pub fn name(self) -> &'static str {
        match self {
            Refill::Daily => "daily",
            Refill::Steady => "steady",
        }
    }

    /// Parses `"daily"` or `"steady"`.
    pub fn parse(text: &str) -> Option<Refill> {
        match text {
            "daily" => Some(Refill::Daily),
            "steady" => Some(Refill::Steady),
            _ => None,
        }
    }
}

/// Why a call was refused, with what the user must be told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget {
    /// The set-aside the call asked for.
    pub needs: Micros,
    /// What was left of the budget (never negative).
    pub left: Micros,
    /// Seconds until a call of this size would fit; `None` when it is bigger than the
    /// whole budget, so waiting never helps.
    pub fits_in: Option<Seconds>,
}

/// An amount set aside for one call, to be settled or released.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hold<K> {
    pub user: K,
    pub amount: Micros,
    /// The day it was set aside in, for a daily budget: a hold from a day that has ended
    /// belongs to a count that is gone, so settling it changes nothing.
    day: Option<u64>,
}

/// One user's count: used parts, and the day (daily) or second (steady) it is counted at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub used_parts: u128,
    pub stamp: Seconds,
}

/// Where the counts live. In memory here; a shared store (with an atomic check-and-add)
/// is what several server processes need.
pub trait Ledger<K> {
    fn read(&self, user: &K) -> Option<Entry>;
    fn write(&mut self, user: K, entry: Entry);
}

/// Counts in a `HashMap`, for one process.
#[derive(Debug)]
pub struct MemoryLedger<K>(HashMap<K, Entry>);

impl<K> Default for MemoryLedger<K> {
    fn default() -> Self {
        MemoryLedger(HashMap::new())
    }
}

impl<K: Hash + Eq> Ledger<K> for MemoryLedger<K> {
    fn read(&self, user: &K) -> Option<Entry> {
        self.0.get(user).copied()
    }
    fn write(&mut self, user: K, entry: Entry) {
        self.0.insert(user, entry);
    }
}

/// The count of one account alone, for a simulation that gives each user a budget of its
/// own: no map and no hashing (a third of the toy day's time under wasm went to them).
#[derive(Debug, Default)]
pub struct OneAccount(Option<Entry>);

impl<K> Ledger<K> for OneAccount {
    fn read(&self, _user: &K) -> Option<Entry> {
        self.0
    }
    fn write(&mut self, _user: K, entry: Entry) {
        self.0 = Some(entry);
    }
}

/// The arithmetic of one user's count, in any whole unit of money (micro-dollars for
/// [`Budget`], nano-dollars in the engine): the same rules wherever a budget is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count {
    /// The budget, in the count's unit.
    pub limit: u64,
    pub refill: Refill,
}

/// A set-aside that does not fit: what was left, and when it would fit (`None`: it is
/// bigger than the whole budget, so waiting never helps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Short {
    pub left: u64,
    pub fits_in: Option<Seconds>,
}

impl Count {
    /// The count brought up to `now`: a new day wipes a daily count, and a steady count
    /// drains `limit` parts for every second since it was last touched.
    pub fn fresh(&self, entry: Option<Entry>, now: Seconds) -> Entry {
        match self.refill {
            Refill::Daily => {
                let day = now / DAY;
                let used_parts = entry.filter(|e| e.stamp == day).map_or(0, |e| e.used_parts);
                Entry { used_parts, stamp: day }
            }
            Refill::Steady => {
                let used_parts = entry.map_or(0, |e| {
                    let drained = u128::from(now.saturating_sub(e.stamp)) * u128::from(self.limit);
                    e.used_parts.saturating_sub(drained)
                });
                Entry { used_parts, stamp: now }
            }
        }
    }

    /// What is used at `now`, rounded up to a whole unit.
    pub fn used(&self, entry: Option<Entry>, now: Seconds) -> u64 {
        let used = self.fresh(entry, now).used_parts.div_ceil(u128::from(DAY));
        u64::try_from(used).unwrap_or(u64::MAX)
    }

    /// The entry with `amount` set aside, and the day it was set aside in (daily refill
    /// only); or what was short. A set-aside that fits exactly is allowed.
    pub fn reserve(&self, entry: Option<Entry>, amount: u64, now: Seconds) -> Result<(Entry, Option<u64>), Short> {
        let entry = self.fresh(entry, now);
        let cap = u128::from(self.limit) * u128::from(DAY);
        let after = entry.used_parts.saturating_add(u128::from(amount) * u128::from(DAY));
        if after > cap {
            let left = u64::try_from(cap.saturating_sub(entry.used_parts) / u128::from(DAY)).unwrap_or(u64::MAX);
            let fits_in = (amount <= self.limit).then(|| match self.refill {
                Refill::Daily => DAY - now % DAY,
                // The count drains `limit` parts a second; wait until the excess is gone.
                Refill::Steady => {
                    let seconds = (after - cap).div_ceil(u128::from(self.limit.max(1)));
                    Seconds::try_from(seconds).unwrap_or(Seconds::MAX)
                }
            });
            return Err(Short { left, fits_in });
        }
        let day = (self.refill == Refill::Daily).then_some(entry.stamp);
        Ok((Entry { used_parts: after, ..entry }, day))
    }

    /// The entry with a set-aside of `amount` (made on `day`) replaced by the `actual`
    /// cost; `None` when the day it was set aside in has ended, and its count with it. A
    /// call that set nothing aside (checked only) counts in the day it ends in, as any
    /// counted amount does.
    pub fn settle(
        &self,
        entry: Option<Entry>,
        amount: u64,
        day: Option<u64>,
        actual: u64,
        now: Seconds,
    ) -> Option<Entry> {
        let entry = self.fresh(entry, now);
        if self.refill == Refill::Daily && day != Some(entry.stamp) && amount != 0 {
            return None;
        }
        let used_parts = entry
            .used_parts
            .saturating_add(u128::from(actual) * u128::from(DAY))
            .saturating_sub(u128::from(amount) * u128::from(DAY));
        Some(Entry { used_parts, ..entry })
    }
}

/// A money budget per user, for one owner (`&mut self`). [`SharedBudget`] is the same
/// under a lock, for threads.
#[derive(Debug)]
pub struct Budget<K, L = MemoryLedger<K>> {
    limit: Micros,
    refill: Refill,
    ledger: L,
    _user: std::marker::PhantomData<K>,
}

impl<K: Clone + Hash + Eq> Budget<K> {
    /// A budget of `limit` per user, kept in memory.
    pub fn new(limit: Micros, refill: Refill) -> Self {
        Budget::with_ledger(limit, refill, MemoryLedger::default())
    }
}

impl<K: Clone, L: Ledger<K>> Budget<K, L> {
    /// A budget of `limit` per user, kept in `ledger`.
    pub fn with_ledger(limit: Micros, refill: Refill, ledger: L) -> Self {
        Budget { limit, refill, ledger, _user: std::marker::PhantomData }
    }

    pub fn limit(&self) -> Micros {
        self.limit
    }

    pub fn refill(&self) -> Refill {
        self.refill
    }

    /// What the user has used at `now`, rounded up to a whole micro-dollar.
    pub fn used(&self, user: &K, now: Seconds) -> Micros {
        Micros(self.count().used(self.ledger.read(user), now))
    }

    fn count(&self) -> Count {
        Count { limit: self.limit.0, refill: self.refill }
    }

    /// Sets `amount` aside for `user`, or refuses. A call that fits exactly is allowed:
    /// the test is `used + amount > limit`.
    pub fn reserve(&mut self, user: K, amount: Micros, now: Seconds) -> Result<Hold<K>, OverBudget> {
        let (entry, day) = self
            .count()
            .reserve(self.ledger.read(&user), amount.0, now)
            .map_err(|short| OverBudget { needs: amount, left: Micros(short.left), fits_in: short.fits_in })?;
        self.ledger.write(user.clone(), entry);
        Ok(Hold { user, amount, day })
    }

    /// Replaces the set-aside with the real cost. A reply that costs more than was set
    /// aside is charged in full, so the user may end above the limit.
    pub fn settle(&mut self, hold: &Hold<K>, actual: Micros, now: Seconds) {
        let entry = self.ledger.read(&hold.user);
        if let Some(entry) = self.count().settle(entry, hold.amount.0, hold.day, actual.0, now) {
            self.ledger.write(hold.user.clone(), entry);
        }
    }

    /// The service failed or never got the call: gives the whole set-aside back.
    pub fn release(&mut self, hold: &Hold<K>, now: Seconds) {
        self.settle(hold, Micros::ZERO, now);
    }
}

/// A [`Budget`] behind one lock, so the check and the set-aside are one step that no other
/// thread can slip into.
#[derive(Debug)]
pub struct SharedBudget<K, L = MemoryLedger<K>>(Mutex<Budget<K, L>>);

impl<K: Clone, L: Ledger<K>> SharedBudget<K, L> {
    pub fn new(budget: Budget<K, L>) -> Self {
        SharedBudget(Mutex::new(budget))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Budget<K, L>> {
        // A thread that panicked while holding the lock left the counts as they were:
        // every write is a single assignment, so the data is still whole.
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn reserve(&self, user: K, amount: Micros, now: Seconds) -> Result<Hold<K>, OverBudget> {
        self.lock().reserve(user, amount, now)
    }

    pub fn settle(&self, hold: &Hold<K>, actual: Micros, now: Seconds) {
        self.lock().settle(hold, actual, now)
    }

    pub fn release(&self, hold: &Hold<K>, now: Seconds) {
        self.lock().release(hold, now)
    }

    pub fn used(&self, user: &K, now: Seconds) -> Micros {
        self.lock().used(user, now)
    }

    pub fn limit(&self) -> Micros {
        self.lock().limit()
    }
}
