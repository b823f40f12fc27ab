//! The event loop: calls arrive in time order and finish after their latency. A call is
//! admitted (or refused) on arrival and settled on finish. At one instant, finishes come
//! before arrivals, then lower user numbers, then earlier calls, on every platform; so
//! with no latency each call is settled before the next one arrives, and with real
//! latencies calls in flight overlap and check-only limits overshoot on their own.

use crate::engine::checks::{check, fits_all};
use crate::engine::guard::{Guard, GuardState};
use crate::engine::language::WhenFull;
use crate::engine::outcome::{Event, Outcome, Timeline, Trip, UserOutcome};
use crate::engine::policy::Policy;
use crate::engine::price::{Nanos, Price, PriceTable};
use crate::engine::refusal::Wait;
use crate::engine::run_error::{model_number, RunError};
use crate::engine::seen_models::SeenModels;
use crate::engine::traffic::{Call, Traffic};
use crate::money::Overflow;
use crate::time::{Instant, Span};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The spend timeline has at most this many steps, each a round length of time (see
/// [`timeline_step`]).
pub const TIMELINE_STEPS: u64 = 1_500;

/// Each of the traffic's models' price, by model number; every missing one is named.
pub fn resolve_prices(traffic: &Traffic, prices: &PriceTable) -> Result<Vec<Price>, RunError> {
    let mut missing: Vec<(String, u64)> = Vec::new();
    let found: Vec<Option<Price>> = traffic.models.iter().map(|m| prices.get(m)).collect();
    for (i, model) in traffic.models.iter().enumerate() {
        if found[i].is_none() {
            let calls = traffic.calls().iter().filter(|c| usize::from(c.model) == i).count() as u64;
            missing.push((model.clone(), calls));
        }
    }
    if !missing.is_empty() {
        return Err(RunError::NoPrice(missing));
    }
    Ok(found.into_iter().flatten().collect())
}

/// The shortest round length of time (1, 2 or 5 times a power of ten milliseconds up to
/// a second; then 1, 2, 5, 10, 15 or 30 seconds or minutes; 1, 2, 3, 6 or 12 hours; then
/// whole days) that cuts `start..=end`, from a whole number of steps, in at most
/// [`TIMELINE_STEPS`] steps: so the timeline's moments read as round times.
///
/// ```
/// use billsim_core::engine::timeline_step;
/// use billsim_core::time::Instant;
/// assert_eq!(timeline_step(Instant(0), Instant(86_400_000)), 60_000, "a minute over a day");
/// assert_eq!(timeline_step(Instant(0), Instant(1_000)), 1, "1 ms over a second");
/// assert_eq!(timeline_step(Instant(0), Instant(30 * 86_400_000)), 1_800_000, "30 min over a month");
/// ```
pub fn timeline_step(start: Instant, end: Instant) -> u64 {
    const SECOND: u64 = 1_000;
    const MINUTE: u64 = 60 * SECOND;
    const HOUR: u64 = 60 * MINUTE;
    const DAY: u64 = 24 * HOUR;
    let fits = |step: u64| (end.0 / step) - (start.0 / step) < TIMELINE_STEPS;
    let small = [1, 2, 5, 10, 20, 50, 100, 200, 500];
    let clock = [1, 2, 5, 10, 15, 30];
    let hours = [1, 2, 3, 6, 12];
    small
        .into_iter()
        .chain(clock.map(|n| n * SECOND))
        .chain(clock.map(|n| n * MINUTE))
        .chain(hours.map(|n| n * HOUR))
        .find(|&step| fits(step))
        .unwrap_or_else(|| {
            // Whole days: a first guess from the span, then a day more while the steps,
            // counted from a whole step, are too many (once or twice at most).
            let mut days = end.since(start).0 / DAY / TIMELINE_STEPS + 1;
            while !fits(days.saturating_mul(DAY)) {
                days += 1;
            }
            days.saturating_mul(DAY)
        })
}

/// What the engine records besides the counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    /// Every decision, in the order made.
    pub events: bool,
    /// The cumulative spend over time (on unless turned off).
    pub timeline: bool,
}

impl Default for Record {
    /// The counts and the timeline, no event list.
    fn default() -> Self {
        Record { events: false, timeline: true }
    }
}

impl Record {
    /// The counts alone: what lesson 000's day and its many-day checks need.
    pub const COUNTS: Record = Record { events: false, timeline: false };
    /// Everything: the counts, the timeline and every decision.
    pub const EVERYTHING: Record = Record { events: true, timeline: true };
}

/// Runs `traffic` under `policy`.
///
/// ```
/// use billsim_core::engine::{run, Call, Cohort, Guard, Policy, Price, PriceTable, Record, Traffic, User};
/// use billsim_core::time::{Instant, Span};
/// use billsim_core::Micros;
/// let traffic = Traffic::new(
///     vec![Cohort { name: "all".into(), label: "Everyone".into() }],
///     vec![User { name: "a".into(), cohort: 0 }],
///     vec!["m".into()],
///     (0..3).map(|i| Call { at: Instant(i), user: 0, model: 0, request: i as u32, input: 10, output: 5, latency: Span::ZERO }).collect(),
/// ).unwrap();
/// let prices = PriceTable(vec![("m".into(), Price::per_million(Micros(2_000_000), Micros(10_000_000)))]);
/// let limit = Guard::SlidingWindow { limit: 2.try_into().unwrap(), window_ms: Span::seconds(60) };
/// let out = run(&traffic, &Policy::new("two", vec![limit]), &prices, Record::default()).unwrap();
/// assert_eq!((out.per_user[0].served, out.per_user[0].refused), (2, 1));
/// assert_eq!(out.bill.0, 2 * (10 * 2_000 + 5 * 10_000));
/// ```
pub fn run(traffic: &Traffic, policy: &Policy, prices: &PriceTable, record: Record) -> Result<Outcome, RunError> {
    let prices = resolve_prices(traffic, prices)?;
    run_priced(traffic, policy, &prices, record)
}

/// [`run`] with the prices already found, by model number: for running many policies
/// over one traffic. A model past the end of `prices` has no price.
pub fn run_priced(traffic: &Traffic, policy: &Policy, prices: &[Price], record: Record) -> Result<Outcome, RunError> {
    if !record.events {
        return run_sending(traffic, policy, prices, record.timeline, None);
    }
    let mut kept = Vec::new();
    let mut outcome = run_sending(traffic, policy, prices, record.timeline, Some(&mut |e: &Event| kept.push(*e)))?;
    outcome.events = Some(kept);
    Ok(outcome)
}

/// Each of `policies` over one traffic with its prices found once: a scenario's run and a
/// replay's.
pub fn run_each(
    traffic: &Traffic,
    policies: &[Policy],
    prices: &[Price],
    record: Record,
) -> Result<Vec<Outcome>, RunError> {
    policies.iter().map(|p| run_priced(traffic, p, prices, record)).collect()
}

/// Policy number `policy` of `policies`' decisions, each handed to `send` as it is made,
/// none kept; none for a number past the end.
pub fn events_of(
    traffic: &Traffic,
    policies: &[Policy],
    prices: &[Price],
    policy: usize,
    send: &mut dyn FnMut(&Event),
) -> Result<(), RunError> {
    let Some(p) = policies.get(policy) else { return Ok(()) };
    run_sending(traffic, p, prices, false, Some(send)).map(drop)
}

/// [`run_priced`], with each decision handed to `send` as it is made rather than kept (the
/// outcome's `events` is `None`): memory does not grow with the events, so `billsim replay
/// --events` writes a log's millions of decisions as they come. With no `send`, none is made.
pub fn run_sending(
    traffic: &Traffic,
    policy: &Policy,
    prices: &[Price],
    timeline: bool,
    send: Option<&mut dyn FnMut(&Event)>,
) -> Result<Outcome, RunError> {
    if prices.len() < traffic.models.len() {
        let calls = |m: usize| traffic.calls().iter().filter(|c| usize::from(c.model) == m).count() as u64;
        let missing = (prices.len()..traffic.models.len()).map(|m| (traffic.models[m].clone(), calls(m))).collect();
        return Err(RunError::NoPrice(missing));
    }
    let record = Record { events: send.is_some(), timeline };
    let mut run = Run::new(traffic, policy, prices, record, send)?;
    let calls = traffic.calls();
    if users_are_independent(traffic, policy, record) {
        for index in 0..calls.len() {
            run.arrive(index, index)?;
        }
    } else {
        for (seq, &index) in traffic.in_order().iter().enumerate() {
            let at = calls[index as usize].at;
            run.restart_until(at)?;
            run.finish_until(at)?;
            run.arrive(seq, index as usize)?;
        }
        run.restart_until(Instant(u64::MAX))?;
        run.finish_until(Instant(u64::MAX))?;
    }
    run.outcome(policy)
}

/// The process (of `processes`) that call number `seq` of the engine's order (of
/// [`Traffic::in_order`]) goes to: each in turn. Lesson 001's usage page, one per process,
/// counts by it.
pub fn process_of(seq: usize, processes: usize) -> usize {
    match processes {
        0 | 1 => 0,
        n => seq % n,
    }
}

/// Every guard's fresh state, once per process, for `keys` keys.
/// Every process's guards as new (for the traffic's keys and cohorts), with the models
/// they switch calls to found by name.
fn fresh_states(processes: u32, policy: &Policy, traffic: &Traffic) -> Result<Vec<Vec<GuardState>>, RunError> {
    let fresh = |(j, g): (usize, &Guard)| GuardState::for_traffic(g, traffic).map_err(|e| e.in_guard(&policy.name, j));
    let mut states: Vec<Vec<GuardState>> = (0..processes)
        .map(|_| policy.guards.iter().enumerate().map(fresh).collect::<Result<_, _>>())
        .collect::<Result<_, _>>()?;
    for state in states.iter_mut().flatten() {
        // Checked by `degrades_known` with the guard's place; this names the model alone.
        state.resolve(&traffic.models).map_err(|model| RunError::UnknownModel {
            field: "guards".into(),
            model,
            known: traffic.models.clone(),
            elsewhere: "",
        })?;
    }
    Ok(states)
}

/// Whether each user's outcome depends on their own calls alone: every guard keeps its
/// state per user, one process keeps it, every reply comes the moment its call is made,
/// no event list is kept, each user is their own key and tenant, and the server never
/// restarts. Then the calls run as given (each user's in time order), without putting all
/// of them in time order first, with the same outcome (a test runs both ways on many
/// traffics): the toy day's three policies run this way.
fn users_are_independent(traffic: &Traffic, policy: &Policy, record: Record) -> bool {
    policy.processes == 1
        && !record.events
        && policy.guards.iter().all(Guard::per_user)
        && traffic.instant_replies()
        && traffic.keys().is_none()
        && traffic.tenants().is_none()
        && traffic.restarts().is_empty()
}

/// A call in flight: (finish, user, place in the engine's order, index into the calls,
/// the model it is served with, where the models its guards saw are kept).
type InFlight = (Instant, u32, u32, u32, u16, u32);

/// A run under way: the guards' states (one set per process), what each user got, the
/// calls in flight.
struct Run<'a, 's> {
    traffic: &'a Traffic,
    /// The policy run: its guards' states start afresh at each restart.
    policy: &'a Policy,
    calls: &'a [Call],
    /// Logged costs by call number (empty when none is logged).
    costs: &'a [Option<Nanos>],
    prices: &'a [Price],
    states: Vec<Vec<GuardState>>,
    per_user: Vec<UserOutcome>,
    /// One bit per request: an earlier call of it was refused.
    refused_requests: Vec<u64>,
    /// Admitted calls by (finish, user, place in the engine's order), with their index
    /// into `calls` and the model they are served with: the earliest first.
    in_flight: BinaryHeap<Reverse<InFlight>>,
    /// Where each decision goes, when they are asked for.
    send: Option<&'s mut dyn FnMut(&Event)>,
    start: Instant,
    /// The timeline's step, in milliseconds; `start` is a whole number of steps.
    step: u64,
    spent_in_step: Vec<Nanos>,
    tripped: Option<Trip>,
    /// Restarts of the traffic not yet made, and the last one made.
    restarts: &'a [Instant],
    last_restart: Option<Instant>,
    /// The policy's ladder, as model numbers, the most expensive first.
    ladder: Vec<u16>,
    /// Each model's step of the ladder, by model number: the first step whose name it answers
    /// to (a log's `anthropic/claude-opus-4-8` is the step `claude-opus-4-8`).
    ladder_step: Vec<Option<usize>>,
    /// Calls served on each model.
    served_by_model: Vec<u32>,
    /// The model each guard saw a call in flight as, where a `degrade` guard moved it.
    seen: SeenModels,
}

impl<'a, 's> Run<'a, 's> {
    fn new(
        traffic: &'a Traffic,
        policy: &'a Policy,
        prices: &'a [Price],
        record: Record,
        send: Option<&'s mut dyn FnMut(&Event)>,
    ) -> Result<Run<'a, 's>, RunError> {
        if policy.processes == 0 {
            return Err(RunError::NoProcess);
        }
        let users = traffic.users.len();
        degrades_known(traffic, policy)?;
        let states = fresh_states(policy.processes, policy, traffic)?;
        let ladder = ladder(traffic, policy, prices)?;
        // Empty for a policy with no ladder (every lesson's run of many days): nothing to look up.
        let mut ladder_step = vec![None; if ladder.is_empty() { 0 } else { traffic.models.len() }];
        for (step, name) in policy.ladder.iter().enumerate() {
            for (m, answers) in traffic.models_answering(name).into_iter().enumerate() {
                if answers && ladder_step[m].is_none() {
                    ladder_step[m] = Some(step);
                }
            }
        }
        let (start, end) = traffic.span();
        let step = timeline_step(start, end);
        let start = Instant(start.0 - start.0 % step);
        let steps = (end.since(start).0 / step) as usize + 1;
        Ok(Run {
            traffic,
            policy,
            ladder,
            ladder_step,
            served_by_model: vec![0; traffic.models.len()],
            seen: SeenModels::new(states.iter().flatten().any(|s| matches!(s, GuardState::Degrade { .. }))),
            calls: traffic.calls(),
            costs: traffic.costs(),
            prices,
            states,
            per_user: vec![UserOutcome::default(); users],
            refused_requests: vec![0; traffic.requests().div_ceil(64)],
            in_flight: BinaryHeap::new(),
            send,
            start,
            step,
            spent_in_step: vec![Nanos::ZERO; if record.timeline { steps } else { 0 }],
            tripped: None,
            restarts: traffic.restarts(),
            last_restart: None,
        })
    }

    /// Makes every restart at or before `now`: the calls finishing before it settle in the
    /// old counts, then every process starts with fresh ones.
    fn restart_until(&mut self, now: Instant) -> Result<(), RunError> {
        while let Some((&at, rest)) = self.restarts.split_first() {
            if at > now {
                break;
            }
            if at.0 > 0 {
                self.finish_until(Instant(at.0 - 1))?;
            }
            self.states = fresh_states(self.states.len() as u32, self.policy, self.traffic)?;
            self.last_restart = Some(at);
            self.restarts = rest;
        }
        Ok(())
    }

    fn process(&self, seq: usize) -> usize {
        process_of(seq, self.states.len())
    }

    /// Settles every call in flight that finishes at or before `now`.
    fn finish_until(&mut self, now: Instant) -> Result<(), Overflow> {
        while let Some(&Reverse((at, _, seq, index, model, seen))) = self.in_flight.peek() {
            if at > now {
                break;
            }
            self.in_flight.pop();
            self.finish(seq as usize, index as usize, model, seen, at)?;
        }
        Ok(())
    }

    /// What call `index`, served with `model`, is charged: its logged cost when the log
    /// gives one and it is served on the model it asked for (a failed call logged with a
    /// cost was billed it), else nothing when it failed, else its tokens at that model's
    /// price: a call moved to a cheaper model costs that model's price, not the cost the log
    /// gives for the model it asked for.
    #[inline(always)]
    fn charge(&self, index: usize, model: u16) -> Result<Nanos, Overflow> {
        let call = &self.calls[index];
        match self.costs.get(index) {
            Some(&Some(logged)) if model == call.model => Ok(logged),
            _ if self.traffic.failed(index) => Ok(Nanos::ZERO),
            _ => self.traffic.cost_on(index, model, &self.prices[usize::from(model)]),
        }
    }

    /// Settles call `index` (number `seq` in the engine's order), served with `model`, at
    /// `now`; `seen` is where the models its guards saw are kept.
    #[inline(always)]
    fn finish(&mut self, seq: usize, index: usize, model: u16, seen: u32, now: Instant) -> Result<(), Overflow> {
        let actual = self.charge(index, model)?;
        let failed = self.traffic.failed(index);
        let call = &Call { model, ..self.calls[index] };
        let process = self.process(seq);
        // A call admitted before the last restart was counted by counts that are gone.
        let counted = !self.last_restart.is_some_and(|r| call.at < r);
        let key = self.traffic.key_of(index);
        let models = self.seen.at(seen);
        for (i, state) in self.states[process].iter_mut().enumerate().filter(|_| counted) {
            // Each guard settles the call as the model it checked it as.
            let call = &Call { model: models.map_or(model, |m| m[i]), ..*call };
            let price = &self.prices[usize::from(call.model)];
            if state.settle(call, key, price, actual, now)? && self.tripped.is_none() {
                self.tripped = Some(Trip { at: now, user: call.user });
            }
        }
        self.seen.release(seen);
        let user = &mut self.per_user[call.user as usize];
        user.charged = user.charged.checked_add(actual)?;
        user.failed += u32::from(failed);
        if let Some(slot) = self.spent_in_step.get_mut((now.since(self.start).0 / self.step) as usize) {
            *slot = slot.checked_add(actual)?;
        }
        Ok(())
    }

    /// Admits or refuses call `index`, number `seq` in the engine's order.
    #[inline(always)]
    fn arrive(&mut self, seq: usize, index: usize) -> Result<(), Overflow> {
        let call = &self.calls[index];
        let (word, bit) = (call.request as usize / 64, 1u64 << (call.request % 64));
        let process = self.process(seq);
        let user = &mut self.per_user[call.user as usize];
        if self.refused_requests[word] & bit != 0 {
            user.dropped += 1;
            return Ok(());
        }
        // Who the guards count the call as (its key: the user, or what the server took
        // for them), and the key an event shows when the traffic has keys.
        let key = self.traffic.key_of(index);
        let shown_key = self.traffic.keys().map(|_| key);
        let guards = &mut self.states[process];
        let mut served = *call;
        let mut refusal = check(guards, &mut served, key, self.prices, self.seen.recorder())?;
        // The call as the guard that refused it saw it (its model moved by a degrade or the ladder).
        let mut refused = served;
        // Down the policy's ladder while a money guard refuses: the first cheaper model that fits.
        if refusal.is_some_and(|(r, at)| guards[at].ladder_tries(r.reason)) {
            let step = self.ladder_step.get(usize::from(call.model)).copied().flatten();
            let below = step.map_or(&[][..], |i| &self.ladder[i + 1..]);
            for &model in below {
                let mut cheaper = Call { model, ..*call };
                refusal = check(guards, &mut cheaper, key, self.prices, self.seen.recorder())?;
                if refusal.is_none() {
                    served = cheaper;
                    break;
                }
                refused = cheaper;
                if !refusal.is_some_and(|(r, at)| guards[at].ladder_tries(r.reason)) {
                    break;
                }
            }
        }
        if let Some((r, at)) = refusal {
            // The guards before the one that refused let it through; the tutorial's
            // limiter counts it all the same.
            for state in guards[..at].iter_mut().filter(|s| s.counts_what_it_passes()) {
                state.commit(&served, key);
            }
            user.refused += 1;
            user.refused_by.0[r.reason.index()] += 1;
            self.refused_requests[word] |= bit;
            if let Some(send) = self.send.as_mut() {
                // An amount past what a run counts in a guard the call never reached is said
                // as never fitting: the run without events never checks it.
                let fits = fits_all(guards, at, &mut refused, key, self.prices, r.wait).unwrap_or(Wait::Never);
                // Said as the model it asked for, whether a degrade or the ladder moved it.
                send(&Event::refused(&Call { model: call.model, ..served }, r, fits, shown_key));
            }
            return Ok(());
        }
        for state in guards.iter_mut() {
            state.commit(&served, key);
        }
        user.served += 1;
        // On a cheaper model than asked: a `degrade` guard's, or the ladder's.
        user.degraded += u32::from(served.model != call.model);
        self.served_by_model[usize::from(served.model)] += 1;
        if self.send.is_some() {
            let charged = self.charge(index, served.model)?;
            if let Some(send) = self.send.as_mut() {
                send(&Event::served(&served, charged, shown_key));
            }
        }
        let (model, at) = (served.model, served.at);
        let seen = self.seen.keep(model);
        if served.latency == Span::ZERO && self.in_flight.is_empty() {
            // It finishes now, and nothing else is in flight to finish before it.
            return self.finish(seq, index, model, seen, at);
        }
        let finish = (served.at.after(served.latency), served.user, seq as u32, index as u32, model, seen);
        self.in_flight.push(Reverse(finish));
        Ok(())
    }

    fn outcome(mut self, policy: &Policy) -> Result<Outcome, RunError> {
        for (i, user) in self.per_user.iter_mut().enumerate() {
            for state in self.states.iter().flatten() {
                let (outage, request) = state.unmetered(i);
                user.outage_unmetered = user.outage_unmetered.checked_add(outage)?;
                user.request_unmetered = user.request_unmetered.checked_add(request)?;
            }
        }
        let bill = self.per_user.iter().try_fold(Nanos::ZERO, |sum, u| sum.checked_add(u.charged))?;
        let mut running = Nanos::ZERO;
        let spent = self
            .spent_in_step
            .iter()
            .map(|&s| {
                running = running.checked_add(s)?;
                Ok(running)
            })
            .collect::<Result<Vec<_>, Overflow>>()?;
        Ok(Outcome {
            policy: policy.name.clone(),
            bill,
            per_user: self.per_user,
            served_by_model: self.served_by_model,
            tripped: self.tripped,
            timeline: Timeline { start: self.start, step_ms: self.step, spent },
            events: None,
        })
    }
}

/// `policy`'s ladder as the traffic's model numbers, each step cheaper than the one before
/// it at `prices` for input or for output (a ladder written cheapest first would move no
/// call, or move calls to a dearer model).
fn ladder(traffic: &Traffic, policy: &Policy, prices: &[Price]) -> Result<Vec<u16>, RunError> {
    let field = |index| move || format!("{}.ladder[{index}]", policy.name);
    let models: Vec<u16> = policy
        .ladder
        .iter()
        .enumerate()
        .map(|(index, name)| model_number(traffic, field(index), name))
        .collect::<Result<_, _>>()?;
    let priced = |m: u16| {
        let price = prices.get(usize::from(m))?;
        Some((traffic.models[usize::from(m)].clone(), price.input_per_million(), price.output_per_million()))
    };
    for (index, pair) in models.windows(2).enumerate() {
        let (Some(above), Some(model)) = (priced(pair[0]), priced(pair[1])) else { continue };
        if model.1 >= above.1 && model.2 >= above.2 {
            return Err(RunError::LadderNotCheaper { field: field(index + 1)(), model, above });
        }
    }
    Ok(models)
}

/// Every model `policy`'s guards degrade to is one of the traffic's (so it has a price),
/// checked once with the guard's place named: a file that gives no prices is checked here.
fn degrades_known(traffic: &Traffic, policy: &Policy) -> Result<(), RunError> {
    for (j, guard) in policy.guards.iter().enumerate() {
        if let Some(WhenFull::DegradeTo(model)) = guard.point().map(|p| p.when_full) {
            model_number(traffic, || format!("{}.guards[{j}].whenFull.degradeTo", policy.name), &model)?;
        }
    }
    Ok(())
}
