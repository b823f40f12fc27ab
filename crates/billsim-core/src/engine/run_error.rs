//! Why a run could not be made: one error for the engine, the scenarios and the replay,
//! each saying what to change.

use crate::engine::traffic::{BadTraffic, Traffic};
use crate::money::{Micros, Overflow};
use crate::settings::FieldError;
use crate::visible_text::quoted;
use crate::words::counted;
use std::fmt;

/// Why a run could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    Overflow,
    /// Models with no price, each with how many calls it has.
    NoPrice(Vec<(String, u64)>),
    /// A policy of no processes.
    NoProcess,
    BadTraffic(BadTraffic),
    /// A guard degrades to, or a ladder or a guard's `model` names, a model the traffic does
    /// not have (each of its models is priced): the field
    /// (`policy.guards[0].whenFull.degradeTo`, `policy.ladder[1]`), the model, the traffic's
    /// models, and where else a model may come from (a replay's: ", one of the lessons'
    /// models, or one a price table gives"; a scenario's: nowhere, "").
    UnknownModel {
        field: String,
        model: String,
        known: Vec<String>,
        elsewhere: &'static str,
    },
    /// A guard's or a ledger's tiers name no tier for a cohort of the traffic: the field
    /// (`policy.guards[1].tiers`), the cohort and its tenants (as the guard counts them), and
    /// every cohort the tenants have, in their order.
    NoTier {
        field: String,
        cohort: String,
        tenants: usize,
        cohorts: Vec<String>,
    },
    /// A ladder's model no cheaper than the one before it, for input and for output: the
    /// field (`policy.ladder[1]`), the model and the one before it, each with its prices per
    /// million input and output tokens.
    LadderNotCheaper {
        field: String,
        model: (String, Micros, Micros),
        above: (String, Micros, Micros),
    },
    /// A scenario's settings that do not hold together (a monthly budget below the daily
    /// one, an outage that ends before it starts).
    Setting(FieldError),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Said with the most a run counts: a log's own amounts, each in range, summed past
            // it said only that "an amount" was too large.
            RunError::Overflow => {
                write!(f, "{Overflow}: a bill, a spend or a call's cost past $18.4 billion, the most a run counts to the nano-dollar")
            }
            RunError::NoPrice(models) => {
                // A model of no call is one a policy switches calls to (a ladder's, a degrade's).
                let calls = |n: u64| match n {
                    0 => "no call of its own: a policy's model to switch to".to_string(),
                    n => counted(n, "call", "calls"),
                };
                let list: Vec<String> =
                    models.iter().map(|(m, n)| format!("{} ({})", crate::settings::shown(m), calls(*n))).collect();
                write!(f, "prices: no price for {}; give each model a price", list.join(", "))
            }
            RunError::NoProcess => f.write_str("processes: must be a whole number from 1; got 0"),
            RunError::BadTraffic(e) => write!(f, "traffic: {e}"),

            RunError::NoTier { field, cohort, tenants, cohorts } => {
                let cohorts: Vec<String> = cohorts.iter().map(|c| quoted(c)).collect();
                write!(
                    f,
                    "{field}: must give a tier to each cohort of the tenants ({}); got none for {} ({})",
                    cohorts.join(", "),
                    quoted(cohort),
                    counted(*tenants as u64, "tenant", "tenants")
                )
            }
            RunError::UnknownModel { field, model, known, elsewhere } => {
                let known: Vec<String> = known.iter().map(|m| quoted(m)).collect();
                write!(
                    f,
                    "{field}: must be one of the models {}{elsewhere}; got {}",
                    known.join(", "),
                    crate::settings::shown(model)
                )
            }
            RunError::LadderNotCheaper { field, model, above } => {
                let priced = |(name, input, output): &(String, Micros, Micros)| {
                    format!("{} ({} and {})", quoted(name), input.shown(), output.shown())
                };
                write!(
                    f,
                    "{field}: must be cheaper than {}, the model before it (a ladder goes from the dearest model to \
                     the cheapest, priced per million input and output tokens); got {}",
                    priced(above),
                    priced(model)
                )
            }
            RunError::Setting(e) => e.fmt(f),
        }
    }
}

impl RunError {
    /// The field it is about, where its message names one first (`p.guards[1].tiers: ...`).
    pub fn field(&self) -> Option<&str> {
        match self {
            RunError::NoTier { field, .. }
            | RunError::UnknownModel { field, .. }
            | RunError::LadderNotCheaper { field, .. } => Some(field),
            RunError::Setting(f) => Some(&f.field),
            _ => None,
        }
    }

    /// Its field as a policy file's path, and what is wrong: where it names a field of one of
    /// `policies` (each its name and its path in the file, `policies[1]`), the policy named
    /// by its path (`policies[1].guards[1].tiers` for `tight.guards[1].tiers`), as the file's
    /// own refusals name it. The longest name the field starts with is the policy's ("p.x"
    /// before "p").
    pub fn in_file(&self, policies: &[(String, String)]) -> Option<(String, String)> {
        let field = self.field()?;
        let message = self.to_string();
        let problem = message.strip_prefix(field)?.strip_prefix(": ")?;
        let named = policies
            .iter()
            .filter_map(|(name, path)| Some((name.len(), path, field.strip_prefix(name.as_str())?.strip_prefix('.')?)));
        let (_, path, rest) = named.max_by_key(|&(len, _, _)| len)?;
        let field = if path.is_empty() { rest.to_string() } else { format!("{path}.{rest}") };
        Some((field, problem.to_string()))
    }

    /// A missing tier's or an unknown model's error placed in its policy's guard `j`
    /// (`p.guards[1].tiers`, `p.guards[0].model`); any other error as it is.
    pub(crate) fn in_guard(self, policy: &str, j: usize) -> RunError {
        match self {
            RunError::NoTier { field, cohort, tenants, cohorts } => {
                RunError::NoTier { field: format!("{policy}.guards[{j}].{field}"), cohort, tenants, cohorts }
            }
            RunError::UnknownModel { field, model, known, elsewhere } => {
                RunError::UnknownModel { field: format!("{policy}.guards[{j}].{field}"), model, known, elsewhere }
            }
            e => e,
        }
    }

    /// The error for the cohort of `slots`' first (of `cohort_at`, each tenant's cohort)
    /// that `has_tier` has no tier for, in the field `field`; `None` if each has one.
    pub(crate) fn no_tier<'a>(
        field: &str,
        slots: usize,
        cohort_at: impl Fn(usize) -> &'a str,
        has_tier: impl Fn(&str) -> bool,
    ) -> Option<RunError> {
        let missing = (0..slots).map(&cohort_at).find(|c| !has_tier(c))?;
        let tenants = crate::engine::tally((0..slots).map(cohort_at));
        Some(RunError::NoTier {
            field: field.to_string(),
            cohort: missing.to_string(),
            tenants: tenants.iter().find(|(c, _)| c == missing).map_or(0, |&(_, n)| n as usize),
            cohorts: tenants.into_iter().map(|(c, _)| c).collect(),
        })
    }
}

impl std::error::Error for RunError {}

/// The traffic's number of model `name`, given at `field` (a ladder's, a degrade's, a
/// guard's own model); a name the traffic has no model of is refused with the models it
/// has (each priced).
pub(crate) fn model_number(traffic: &Traffic, field: impl FnOnce() -> String, name: &str) -> Result<u16, RunError> {
    traffic.models.iter().position(|m| m == name).map(|m| m as u16).ok_or_else(|| RunError::UnknownModel {
        field: field(),
        model: name.to_string(),
        known: traffic.models.clone(),
        elsewhere: "",
    })
}

/// The models whose calls a guard that counts model `name` alone counts, by model number
/// (the model of that name and each answering to it: [`Traffic::with_aliases`]); a name no
/// model answers to is refused as [`model_number`] refuses it.
pub(crate) fn models_answering(
    traffic: &Traffic,
    field: impl FnOnce() -> String,
    name: &str,
) -> Result<Vec<bool>, RunError> {
    let answers = traffic.models_answering(name);
    match answers.contains(&true) {
        true => Ok(answers),
        false => model_number(traffic, field, name).map(|_| answers),
    }
}

impl From<BadTraffic> for RunError {
    fn from(e: BadTraffic) -> Self {
        RunError::BadTraffic(e)
    }
}

impl From<Overflow> for RunError {
    fn from(_: Overflow) -> Self {
        RunError::Overflow
    }
}
