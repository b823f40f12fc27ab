//! The policy's guards asked about one call, in order: whether it goes through, and, for a
//! refused call's event, when it would.

use crate::engine::guard::GuardState;
use crate::engine::price::Price;
use crate::engine::refusal::{Refusal, Wait};
use crate::engine::traffic::Call;
use crate::money::Overflow;

/// The first refusal of `guards` for `call`, counted under `key`, at its model's price, and
/// the place of the guard that made it; or `None`: every guard lets it through (each keeps
/// what it would change until committed). A `degrade` guard past its ceiling moves `call`
/// to its cheaper model for the guards after it; `seen`, if given, gets the model each
/// guard checked (see [`crate::engine::seen_models`]).
#[inline(always)]
pub fn check(
    guards: &mut [GuardState],
    call: &mut Call,
    key: u32,
    prices: &[Price],
    mut seen: Option<&mut Vec<u16>>,
) -> Result<Option<(Refusal, usize)>, Overflow> {
    if let Some(seen) = seen.as_deref_mut() {
        seen.clear();
    }
    for (at, state) in guards.iter_mut().enumerate() {
        degrade(state, call, prices)?;
        if let Some(seen) = seen.as_deref_mut() {
            seen.push(call.model);
        }
        if let Some(refusal) = state.check(call, key, &prices[usize::from(call.model)])? {
            return Ok(Some((refusal, at)));
        }
    }
    Ok(None)
}

/// When a call refused with `wait` by guard `at` would fit every guard, as they stand: the
/// latest of their waits (never, if one's is). The guards after it are checked too; of
/// those before it, which let the call through (and a guard that lets a call through now
/// lets it through later, as it stands), those that count the calls they pass have just
/// counted this one, and are checked again with it counted. For the events alone: nothing
/// here is committed.
pub fn fits_all(
    guards: &mut [GuardState],
    at: usize,
    call: &mut Call,
    key: u32,
    prices: &[Price],
    wait: Wait,
) -> Result<Wait, Overflow> {
    let (before, after) = guards.split_at_mut(at);
    let mut fits = wait;
    for state in before.iter_mut().filter(|s| s.counts_what_it_passes()) {
        if let Some(again) = state.check(call, key, &prices[usize::from(call.model)])? {
            fits = fits.max(again.wait);
        }
    }
    for state in after.iter_mut().skip(1) {
        degrade(state, call, prices)?;
        if let Some(later) = state.check(call, key, &prices[usize::from(call.model)])? {
            fits = fits.max(later.wait);
        }
    }
    Ok(fits)
}

/// Moves `call` to the model `state` switches it to, if any, where that model is cheaper
/// for it: a degrade to a model dearer than the call's own (a call already on the cheapest,
/// or moved below it by a degrade before) leaves it where it is.
#[inline(always)]
fn degrade(state: &mut GuardState, call: &mut Call, prices: &[Price]) -> Result<(), Overflow> {
    if let Some(model) = state.switch_model(call) {
        let cost = |m: u16| prices[usize::from(m)].cost(call.input, call.output);
        if cost(model)? < cost(call.model)? {
            call.model = model;
        }
    }
    Ok(())
}
