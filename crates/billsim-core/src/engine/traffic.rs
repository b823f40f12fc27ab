//! What users send: model calls in time order, each from one user, in one request. Traffic
//! comes from a scenario's seeded generator or from a replayed log; the engine cannot tell
//! which.

use crate::engine::price::{Nanos, Price};
use crate::money::{Micros, Overflow, Tokens};
use crate::time::{Instant, Span};
use crate::visible_text::quoted;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// A group of users the charts colour and label together ("heavy", "ordinary", "script"...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cohort {
    /// The stable name, in JSON and the address.
    pub name: String,
    /// What a reader sees.
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct User {
    pub name: String,
    /// Index into [`Traffic::cohorts`].
    pub cohort: u16,
}

/// One model call. A request is one or more calls (an agent run makes many); a refused
/// call ends its request, so its later calls are not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    pub at: Instant,
    /// Index into [`Traffic::users`].
    pub user: u32,
    /// Index into [`Traffic::models`].
    pub model: u16,
    pub request: u32,
    pub input: Tokens,
    pub output: Tokens,
    pub latency: Span,
}

/// A bad piece of traffic: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTraffic(pub String);

impl std::fmt::Display for BadTraffic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadTraffic {}

/// Users, their cohorts, the models they call, and their calls sorted by time (then user,
/// then the order given), which is the order the engine admits them in.
#[derive(Clone, Debug)]
pub struct Traffic {
    pub cohorts: Vec<Cohort>,
    pub users: Vec<User>,
    pub models: Vec<String>,
    /// As given, with each user's calls in time order.
    calls: Vec<Call>,
    /// What each call cost, as a log says, by call number: the engine charges it in place
    /// of price x tokens. Empty when no call has one (a scenario's traffic).
    costs: Vec<Option<Nanos>>,
    /// Call numbers in the engine's order (time, then user, then as given), made when
    /// first needed: a run whose users are independent never needs it (see `run.rs`).
    order: OnceLock<Vec<u32>>,
    /// The first arrival and the last finish.
    span: (Instant, Instant),
    /// Every call finishes the moment it starts.
    instant_replies: bool,
    /// One bit per call of `calls`: it fails (the provider bills nothing). Empty: none fails.
    failed: Vec<u64>,
    /// Who the server takes each call's sender to be, when that is not always its user.
    keys: Option<Keys>,
    /// Who pays for each user's calls, when that is not always the user.
    tenants: Option<Tenants>,
    /// When the server restarts, in time order: see [`Traffic::with_restarts`].
    restarts: Vec<Instant>,
    /// Other names a model answers to, `(name, model number)`: see [`Traffic::with_aliases`].
    aliases: Vec<(String, u16)>,
    /// Each call's input tokens read from the provider's cache, and each model's price for
    /// them, by model number: see [`Traffic::with_cached`]. Empty: none.
    cached: (Vec<Tokens>, Vec<Option<Micros>>),
}

/// Who the server takes each call's sender to be: lesson 001's app knows a caller only by
/// a header (which a script can change each time) or an address (which an office shares).
/// Per-user guards count per key; what each user got is still counted per user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keys {
    /// Each key as the server sees it (an `X-User` header or an address).
    pub names: Vec<String>,
    /// Each call's key, by its index in [`Traffic::calls`].
    pub of_call: Vec<u32>,
}

/// Who pays for each call: a log's team (LiteLLM's `team_id`), which its gateway budgets
/// apart from its users and keys. Guards `"per": "tenant"` count per tenant; traffic
/// without tenants is its users' (lesson 002's tenants are its users).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tenants {
    /// Each tenant's name.
    pub names: Vec<String>,
    /// Each user's tenant, by the user's index in [`Traffic::users`]; `None` for a user in
    /// no team (a gateway's key outside every team), whose calls no guard per tenant counts.
    pub of_user: Vec<Option<u32>>,
    /// Each API key's tenant, by its index in [`Keys::names`], where a user's keys are in
    /// more than one team or in none: a gateway counts a key's spend to the key's team. A
    /// call under a key past its end is its user's tenant's. Empty: every call is.
    pub of_key: Vec<KeyTenant>,
}

/// Whose tenant a key's calls count to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyTenant {
    /// The call's user's (a call with no key, or a key whose rows never said).
    Users,
    /// This tenant's.
    Tenant(u32),
    /// No tenant's: a key outside every team, whose calls no guard per tenant counts, though
    /// its user's other keys are in one.
    Outside,
}

/// How many of `names` are each one (each tier's tenants, by their cohorts' names), in the
/// order each is first seen.
///
/// ```
/// use billsim_core::engine::tally;
/// assert_eq!(tally(["pro", "free", "free"].into_iter()), [("pro".to_string(), 1), ("free".to_string(), 2)]);
/// ```
pub fn tally<'a>(names: impl Iterator<Item = &'a str>) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = Vec::new();
    for name in names {
        match out.iter_mut().find(|(n, _)| n == name) {
            Some((_, count)) => *count += 1,
            None => out.push((name.to_string(), 1)),
        }
    }
    out
}

impl Tenants {
    /// The tenant that pays for a call of `user` under `key` (the call's key in [`Keys`]).
    #[inline(always)]
    pub fn of_call(&self, user: u32, key: u32) -> Option<u32> {
        match self.of_key.get(key as usize) {
            Some(&KeyTenant::Tenant(tenant)) => Some(tenant),
            Some(KeyTenant::Outside) => None,
            Some(KeyTenant::Users) | None => self.of_user.get(user as usize).copied().flatten(),
        }
    }
}

impl Traffic {
    /// Checks every index. Each user's calls must be in time order; if they are not, the
    /// calls are sorted (stably: calls at the same moment from the same user keep the
    /// order given).
    pub fn new(
        cohorts: Vec<Cohort>,
        users: Vec<User>,
        models: Vec<String>,
        calls: Vec<Call>,
    ) -> Result<Traffic, BadTraffic> {
        Traffic::with_costs(cohorts, users, models, calls, Vec::new())
    }

    /// [`Traffic::new`], with each call's logged cost (`None` where the log says none): one
    /// per call, or none at all. A sort moves each cost with its call.
    pub fn with_costs(
        cohorts: Vec<Cohort>,
        users: Vec<User>,
        models: Vec<String>,
        mut calls: Vec<Call>,
        mut costs: Vec<Option<Nanos>>,
    ) -> Result<Traffic, BadTraffic> {
        if !costs.is_empty() && costs.len() != calls.len() {
            return Err(BadTraffic(format!("{} logged costs for {} calls", costs.len(), calls.len())));
        }
        if let Some(u) = users.iter().find(|u| usize::from(u.cohort) >= cohorts.len()) {
            return Err(BadTraffic(format!(
                "user {} names cohort {}, but there are {}",
                quoted(&u.name),
                u.cohort,
                cohorts.len()
            )));
        }
        // One pass: the indices, each user's order, the span, the latencies.
        let mut last = vec![Instant(0); users.len()];
        let mut per_user_in_order = true;
        let (mut start, mut end) = (Instant(u64::MAX), Instant(0));
        let mut instant_replies = true;
        for (i, c) in calls.iter().enumerate() {
            let Some(last) = last.get_mut(c.user as usize) else {
                return Err(BadTraffic(format!("call {i} names user {}, but there are {}", c.user, users.len())));
            };
            if c.request as usize >= calls.len() {
                return Err(BadTraffic(format!(
                    "call {i} is in request {}, but request numbers stop below the {} calls",
                    c.request,
                    calls.len()
                )));
            }
            if usize::from(c.model) >= models.len() {
                return Err(BadTraffic(format!("call {i} names model {}, but there are {}", c.model, models.len())));
            }
            per_user_in_order &= *last <= c.at;
            *last = c.at;
            start = start.min(c.at);
            end = end.max(c.at.after(c.latency));
            instant_replies &= c.latency == Span::ZERO;
        }
        if !per_user_in_order {
            let order = in_engine_order(calls.len(), &|i| (calls[i].at, calls[i].user));
            calls = order.iter().map(|&i| calls[i as usize]).collect();
            if !costs.is_empty() {
                costs = order.iter().map(|&i| costs[i as usize]).collect();
            }
        }
        let start = start.min(end);
        Ok(Traffic {
            cohorts,
            users,
            models,
            calls,
            costs,
            order: OnceLock::new(),
            span: (start, end),
            instant_replies,
            keys: None,
            tenants: None,
            restarts: Vec::new(),
            aliases: Vec::new(),
            cached: (Vec::new(), Vec::new()),
            failed: Vec::new(),
        })
    }

    /// The same traffic with each call's key (by index in [`Traffic::calls`]): guards that
    /// count per user count per key instead. Every call needs a key that names one.
    pub fn with_keys(mut self, keys: Keys) -> Result<Traffic, BadTraffic> {
        let named = keys.of_call.iter().copied().enumerate();
        each_named(keys.of_call.len(), self.calls.len(), named, keys.names.len(), ("keys", "call", "key"))?;
        self.keys = Some(keys);
        Ok(self)
    }

    /// The same traffic with each user's tenant (by index in [`Traffic::users`]): guards
    /// `"per": "tenant"` count per tenant. Every user needs a tenant that names one, or none.
    pub fn with_tenants(mut self, tenants: Tenants) -> Result<Traffic, BadTraffic> {
        let named = tenants.of_user.iter().enumerate().filter_map(|(u, t)| t.map(|t| (u, t)));
        let (given, names) = (tenants.of_user.len(), tenants.names.len());
        each_named(given, self.users.len(), named, names, ("tenants", "user", "tenant"))?;
        let keyed = tenants.of_key.iter().enumerate().filter_map(|(k, t)| match t {
            KeyTenant::Tenant(t) => Some((k, *t)),
            _ => None,
        });
        let keys = tenants.of_key.len().min(self.key_count());
        each_named(keys, tenants.of_key.len(), keyed, names, ("tenants of keys", "key", "tenant"))?;
        self.tenants = Some(tenants);
        Ok(self)
    }

    /// The same traffic with the server restarting at each of `restarts`: a restart wipes
    /// every guard's counts in every process (they are kept in memory). Calls finishing
    /// before it are counted by the old counts; calls in flight across it are charged
    /// (the provider answered them) but never counted by the new ones.
    pub fn with_restarts(mut self, mut restarts: Vec<Instant>) -> Traffic {
        restarts.sort_unstable();
        restarts.dedup();
        self.restarts = restarts;
        self
    }

    /// The keys, when the traffic has them.
    #[inline]
    pub fn keys(&self) -> Option<&Keys> {
        self.keys.as_ref()
    }

    /// The keys, taken out (the traffic then counts each user as its key).
    pub fn take_keys(&mut self) -> Option<Keys> {
        self.keys.take()
    }

    /// How many keys the guards count: the users when there are no keys.
    pub fn key_count(&self) -> usize {
        self.keys.as_ref().map_or(self.users.len(), |k| k.names.len())
    }

    /// Each tenant's first user (the lowest index among the users it pays a call of), whose
    /// cohort is the tenant's tier (0 for a tenant that pays for no call); each user when
    /// the traffic has no tenants.
    pub fn first_payers(&self) -> Vec<usize> {
        let Some(tenants) = self.tenants() else { return (0..self.users.len()).collect() };
        let mut first = vec![usize::MAX; tenants.names.len()];
        for (index, call) in self.calls.iter().enumerate() {
            if let Some(slot) = tenants.of_call(call.user, self.key_of(index)).and_then(|t| first.get_mut(t as usize)) {
                *slot = (*slot).min(call.user as usize);
            }
        }
        first.into_iter().map(|u| if u == usize::MAX { 0 } else { u }).collect()
    }

    /// The tenants, when the traffic has them.
    pub fn tenants(&self) -> Option<&Tenants> {
        self.tenants.as_ref()
    }

    /// The key call number `index` (in [`Traffic::calls`]) is counted under.
    #[inline]
    pub fn key_of(&self, index: usize) -> u32 {
        self.keys.as_ref().map_or(self.calls[index].user, |k| k.of_call[index])
    }

    /// When the server restarts, in time order.
    pub fn restarts(&self) -> &[Instant] {
        &self.restarts
    }

    /// The same traffic with models answering to other names, each `(name, model number)`:
    /// a guard that counts one model's calls (`"model": "gpt-4o"`) counts those of every
    /// model answering to its name (a log's `gpt-4o-2024-08-06` and `azure/gpt-4o`).
    pub fn with_aliases(mut self, aliases: Vec<(String, u16)>) -> Traffic {
        self.aliases = aliases;
        self
    }

    /// Which models answer to `name`, by model number: the model of that name, and every
    /// model given it as another name.
    pub fn models_answering(&self, name: &str) -> Vec<bool> {
        let mut answers: Vec<bool> = self.models.iter().map(|m| m == name).collect();
        for (_, m) in self.aliases.iter().filter(|(alias, _)| alias == name) {
            if let Some(a) = answers.get_mut(usize::from(*m)) {
                *a = true;
            }
        }
        answers
    }

    /// This traffic with the calls `fails` says fail: a failed call is admitted, runs, and
    /// bills nothing (a guard that set money aside for it gives it all back); the engine
    /// does not retry it. Decide from the call itself (a seeded hash of its fields, say),
    /// so the choice does not depend on the calls' order.
    pub fn with_failures(mut self, fails: impl Fn(&Call) -> bool) -> Traffic {
        let mut failed = vec![0u64; self.calls.len().div_ceil(64)];
        for (i, c) in self.calls.iter().enumerate() {
            if fails(c) {
                failed[i / 64] |= 1 << (i % 64);
            }
        }
        self.failed = if failed.iter().any(|&w| w != 0) { failed } else { Vec::new() };
        self
    }

    /// This traffic with call number `i` of [`Traffic::calls`] failing where `failed[i]`
    /// (a log's failed calls; empty: none fails). The numbers are the calls' as given to
    /// [`Traffic::with_costs`] when each user's calls were in time order (a log's always
    /// are: it sorts them), which it then keeps.
    pub fn with_failed(mut self, failed: &[bool]) -> Traffic {
        let mut bits = vec![0u64; self.calls.len().div_ceil(64)];
        for (i, _) in failed.iter().take(self.calls.len()).enumerate().filter(|(_, &f)| f) {
            bits[i / 64] |= 1 << (i % 64);
        }
        self.failed = if bits.iter().any(|&w| w != 0) { bits } else { Vec::new() };
        self
    }

    /// The same traffic with each call's input tokens read from the provider's cache (by call
    /// number) and each model's price for them (by model number): a call a policy moves to
    /// another model is charged its cached tokens at that model's cached-input price (at its
    /// input price when it has none). A call on its own model is charged as logged.
    pub fn with_cached(mut self, cached: Vec<Tokens>, prices: Vec<Option<Micros>>) -> Traffic {
        self.cached = (cached, prices);
        self
    }

    /// What call number `index` costs on model `model`, priced `price`: its tokens, the
    /// cached ones at the model's cached-input price ([`Traffic::with_cached`]).
    #[inline(always)]
    pub fn cost_on(&self, index: usize, model: u16, price: &Price) -> Result<Nanos, Overflow> {
        let call = &self.calls[index];
        let (cached, prices) = &self.cached;
        match (cached.get(index).copied().unwrap_or(0), prices.get(usize::from(model)).copied().flatten()) {
            (n @ 1.., Some(per_million)) if n <= call.input => Price::cost_of(&[
                (call.input - n, price.input_per_million()),
                (n, per_million),
                (call.output, price.output_per_million()),
            ]),
            _ => price.cost(call.input, call.output),
        }
    }

    /// Whether call number `index` of [`Traffic::calls`] fails.
    #[inline(always)]
    pub fn failed(&self, index: usize) -> bool {
        self.failed.get(index / 64).is_some_and(|w| w & (1 << (index % 64)) != 0)
    }

    /// The calls and their costs given back, as [`Traffic::with_costs`] holds them (in time
    /// order per user): a replay that keeps its log between runs holds its calls once.
    pub fn into_calls(self) -> (Vec<Call>, Vec<Option<Nanos>>) {
        (self.calls, self.costs)
    }

    /// Request numbers are below this.
    pub fn requests(&self) -> usize {
        self.calls.len()
    }

    /// The calls as given (each user's in time order); [`Traffic::in_order`] numbers them
    /// in the engine's order.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// Each call's logged cost, by call number; empty when no call has one.
    pub fn costs(&self) -> &[Option<Nanos>] {
        &self.costs
    }

    /// Indices into [`Traffic::calls`] in the engine's order: by time, then user, then as given.
    pub fn in_order(&self) -> &[u32] {
        self.order.get_or_init(|| {
            let sorted = self.calls.windows(2).all(|w| (w[0].at, w[0].user) <= (w[1].at, w[1].user));
            if sorted {
                (0..self.calls.len() as u32).collect()
            } else {
                in_engine_order(self.calls.len(), &|i| (self.calls[i].at, self.calls[i].user))
            }
        })
    }

    /// Whether every call finishes the moment it starts.
    pub fn instant_replies(&self) -> bool {
        self.instant_replies
    }

    /// The index of each user's cohort, by cohort name.
    pub fn cohort_of(&self, user: usize) -> &Cohort {
        &self.cohorts[usize::from(self.users[user].cohort)]
    }

    /// The first call's arrival and the last call's finish: the span the timeline covers.
    pub fn span(&self) -> (Instant, Instant) {
        self.span
    }
}

/// The indices of calls given by their times and users, in the engine's order: by time,
/// then user, then as given (the order a stable sort by time and user gives). Every such
/// ordering in the core goes through this one sort of plain keys, the index breaking ties,
/// so that a wasm module holds one copy of the standard library's sort for them rather
/// than one per caller's closure.
///
/// Call `i`'s time and user are `key(i)`, for `i` below `len`: a function rather than an
/// iterator, so the module holds one copy of this whatever the callers' calls are. Calls
/// already in time order (a replayed log's, which its reader sorts) are ordered one moment
/// at a time: the keys of all the calls at once took 16 bytes a call beside the order's 4,
/// 16 MB more for a log of a million calls, and a wasm page never gets memory back.
pub fn in_engine_order(len: usize, key: &dyn Fn(usize) -> (Instant, u32)) -> Vec<u32> {
    // Out of time order, every call is one moment's.
    let in_time_order = (1..len).all(|i| key(i - 1).0 <= key(i).0);
    let mut order = Vec::with_capacity(len);
    let mut moment: Vec<(Instant, u32, u32)> = Vec::new();
    for i in 0..len {
        let (at, user) = key(i);
        if in_time_order && moment.last().is_some_and(|m| m.0 != at) {
            order_moment(&mut moment, &mut order);
        }
        moment.push((at, user, i as u32));
    }
    order_moment(&mut moment, &mut order);
    order
}

/// The calls of `moment` (time, user, index) onto the end of `order` by user, then index,
/// leaving `moment` empty: the one sort behind [`in_engine_order`].
fn order_moment(moment: &mut Vec<(Instant, u32, u32)>, order: &mut Vec<u32>) {
    moment.sort_unstable();
    order.extend(moment.drain(..).map(|(_, _, i)| i));
}

/// Refuses a grouping (a key per call, a tenant per user) unless it gives one for each of
/// the `count` items (`given`) and each item it `named` (item, name) one of its `names`
/// names: `said` is the grouping, the item and one name (`("keys", "call", "key")`).
fn each_named(
    given: usize,
    count: usize,
    mut named: impl Iterator<Item = (usize, u32)>,
    names: usize,
    said: (&str, &str, &str),
) -> Result<(), BadTraffic> {
    let (group, item, one) = said;
    if given != count {
        return Err(BadTraffic(format!("{group}: {given} given for {count} {item}s; give each {item} one")));
    }
    match named.find(|&(_, n)| n as usize >= names) {
        Some((i, n)) => Err(BadTraffic(format!("{item} {i} names {one} {n}, but there are {names}"))),
        None => Ok(()),
    }
}

impl PartialEq for Traffic {
    /// The same users, models, calls, logged costs, keys, tenants, restarts, failures and
    /// models' other names (the order is made from them).
    fn eq(&self, other: &Self) -> bool {
        let ours = (&self.cohorts, &self.users, &self.models, &self.calls, &self.costs, &self.keys, &self.tenants);
        (ours, &self.restarts, &self.failed, &self.aliases, &self.cached)
            == (
                (&other.cohorts, &other.users, &other.models, &other.calls, &other.costs, &other.keys, &other.tenants),
                &other.restarts,
                &other.failed,
                &other.aliases,
                &other.cached,
            )
    }
}

impl Eq for Traffic {}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    /// A stable sort by time then user: what the engine's order is defined as.
    fn stably_sorted(keys: &[(Instant, u32)]) -> Vec<u32> {
        let mut order: Vec<u32> = (0..keys.len() as u32).collect();
        order.sort_by_key(|&i| keys[i as usize]);
        order
    }

    #[test]
    fn the_engine_order_is_a_stable_sort_by_time_and_user_whether_or_not_the_calls_come_in_time_order() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
        for case in 0..400 {
            let len = (rng.next_u32() % 200) as usize;
            // Few moments and users, so that many calls share both.
            let (moments, users) = (1 + rng.next_u32() % 20, 1 + rng.next_u32() % 5);
            let mut keys: Vec<(Instant, u32)> =
                (0..len).map(|_| (Instant(u64::from(rng.next_u32() % moments)), rng.next_u32() % users)).collect();
            if case % 2 == 0 {
                keys.sort_by_key(|k| k.0); // in time order, users at one moment in any order
            }
            let got = in_engine_order(keys.len(), &|i| keys[i]);
            assert_eq!(got, stably_sorted(&keys), "case {case}: {len} calls, in time order: {}", case % 2 == 0);
        }
    }
}
