//! The models a replay prices and the names they answer to: the log's models, then each a
//! policy switches calls to or counts alone, and the other names a gateway logs them by
//! (`azure/gpt-4o` for a guard's or a ladder's `gpt-4o`).

use crate::engine::{Policy, RunError};
use crate::replay::prices;
use crate::visible_text::quoted;
use std::collections::HashSet;

/// The log's models, then each model a policy may switch calls to (a ladder's, a degrade
/// guard's) or counts alone (a guard's `model`) that no call of the log names: a replay
/// under lesson 003's "degrade, don't stop" serves calls with a model the log never called,
/// and one policy file with a guard per model replays a day that called only some of them.
/// Each needs a price like any other.
pub(super) fn models_for(logged: &[String], policies: &[Policy], aliases: &[(String, u16)]) -> Vec<String> {
    let mut models = logged.to_vec();
    // A guard's model that a logged one answers to ([`aliases`]) is priced as that one.
    let counted_alone = counted_alone(policies).filter(|name| !aliases.iter().any(|(alias, _)| alias == name));
    for name in policies.iter().flat_map(Policy::models_named).chain(counted_alone) {
        if !models.contains(&name) {
            models.push(name);
        }
    }
    models
}

/// The models guards count alone (a guard's `model`).
fn counted_alone(policies: &[Policy]) -> impl Iterator<Item = String> + '_ {
    policies.iter().flat_map(|p| p.guards.iter().filter_map(|g| g.point()?.model))
}

/// The other names the log's models answer to where a guard counts a model alone or a
/// ladder names one, `(name, model number)`, and a note for each such name: a guard of
/// LiteLLM's public name (`gpt-4o`, its `model_group`) counts the calls the log names by the
/// deployment's (`gpt-4o-2024-08-06`, `azure/gpt-4o`), as the price is found, and a ladder's
/// step takes them down.
pub(super) fn aliases(logged: &[String], policies: &[Policy]) -> (Vec<(String, u16)>, Vec<String>) {
    let (mut aliases, mut notes) = (Vec::new(), Vec::new());
    let mut seen = HashSet::new();
    let ladders = policies.iter().flat_map(|p| p.ladder.iter().cloned()).map(|name| (name, true));
    let named = counted_alone(policies).map(|name| (name, false)).chain(ladders);
    for (name, ladder) in named.filter(|(name, _)| seen.insert(name.clone())) {
        let answering: Vec<u16> = (0..logged.len())
            .filter(|&m| logged[m] != name && prices::names_of(&logged[m]).contains(&name))
            .map(|m| m as u16)
            .collect();
        if answering.is_empty() {
            continue;
        }
        let listed: Vec<String> = answering.iter().map(|&m| quoted(&logged[usize::from(m)])).collect();
        notes.push(match ladder {
            false => format!("a guard of the model {} counts the calls of {} too", quoted(&name), listed.join(", ")),
            true => format!("a ladder's step {} takes the calls of {} too", quoted(&name), listed.join(", ")),
        });
        aliases.extend(answering.into_iter().map(|m| (name.clone(), m)));
    }
    (aliases, notes)
}

/// Where else than the log a model a policy switches calls to, or counts alone, may come
/// from in a replay: it needs a price.
const PRICED_ELSEWHERE: &str = ", one of the lessons' models, or one a price table gives";

/// A model a policy switches calls to or counts alone with no price, said where the policy
/// names it (`cheap.guards[0].whenFull.degradeTo`), as a scenario's run says a model it has
/// not; the log's own unpriced models are the log's to price, said first as they are.
pub(super) fn switched_to_unpriced(e: RunError, policies: &[Policy], logged: &[String]) -> RunError {
    let RunError::NoPrice(missing) = &e else { return e };
    let (Some((model, _)), false) = (missing.first(), missing.iter().any(|(_, calls)| *calls > 0)) else { return e };
    match policies.iter().find_map(|p| p.field_naming(model)) {
        // Named with the log's models, where a misspelt one (or a gateway's other name for
        // it) is seen at once.
        Some(field) => {
            RunError::UnknownModel { field, model: model.clone(), known: logged.to_vec(), elsewhere: PRICED_ELSEWHERE }
        }
        None => e,
    }
}
