//! A policy file: policies, and optionally a price per model, written as JSON. It is one
//! policy, a list of policies, or `{ "policies": [...], "prices": { "model": {
//! "inputPerMillion": 5, "outputPerMillion": 25 } } }`.
//!
//! Read by hand rather than by serde, so that every refusal names the field's path
//! (`policies[0].guards[1].limit`) and what it allows, in the words of the rest of the
//! core; and so that money is read from its decimal text, exactly: serde_json would pass
//! `0.8` through an `f64`. A policy as [`Policy`] serializes it reads back the same.
//!
//! A model of the traffic with no price is found only when the file meets a traffic:
//! [`crate::engine::run`] refuses it with [`crate::engine::RunError::NoPrice`], which
//! names each such model and its number of calls.

use crate::engine::guard::Guard;
use crate::engine::policy::Policy;
use crate::engine::price::{CachedPrices, PriceTable};
use crate::settings::shown;
use crate::settings::FieldError;
use json::{join, name, object, refused, view, whole, wrong, Fields, Json, MODEL_ALLOWED};
use ledger::Read;
use serde_json::value::RawValue;
use std::fmt;

/// What a policy file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyFile {
    pub policies: Vec<Policy>,
    /// Where the file holds them, which its paths name.
    pub holds: Holds,
    /// The prices, when the file gives them: they replace the scenario's own.
    pub prices: Option<PriceTable>,
    /// The cached-input prices its prices give (`cachedInputPerMillion`), by model.
    pub cached_prices: CachedPrices,
}

/// Where a file holds its policies, which the paths of its fields name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// One policy, the file itself (`guards[0]`).
    One,
    /// A list of policies (`[1].guards[0]`).
    List,
    /// A list under "policies" (`policies[1].guards[0]`).
    UnderPolicies,
}

impl PolicyFile {
    /// Each policy's name and its path in the file (`policies[1]`; "" for a file of one).
    pub fn paths(&self) -> Vec<(String, String)> {
        let path = |i: usize| match self.holds {
            Holds::One => String::new(),
            Holds::List => format!("[{i}]"),
            Holds::UnderPolicies => format!("policies[{i}]"),
        };
        self.policies.iter().enumerate().map(|(i, p)| (p.name.clone(), path(i))).collect()
    }
}

/// Why a policy file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadFile {
    /// The text is not JSON: where reading stopped (1-based), whether the text ended
    /// before the JSON did, and what the JSON reader found there ("trailing comma").
    NotJson { line: usize, column: usize, ends_early: bool, found: String },
    /// A field holds what it may not.
    Field(FieldError),
}

impl fmt::Display for BadFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadFile::NotJson { line, column, ends_early: true, .. } => {
                write!(
                    f,
                    "policy file: must be JSON; the text ends at line {line}, column {column}, before the JSON does"
                )
            }
            BadFile::NotJson { line, column, ends_early: false, found } => {
                write!(f, "policy file: must be JSON; it is not at line {line}, column {column} ({found})")
            }
            BadFile::Field(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for BadFile {}

impl From<FieldError> for BadFile {
    fn from(e: FieldError) -> Self {
        BadFile::Field(e)
    }
}

pub const FILE_ALLOWED: &str =
    "a policy, a list of policies, or an object with \"policies\" (a list) and, if you like, \"prices\"";
const FILE_FIELDS: &str =
    "an object with only the fields \"policies\" and \"prices\" (a policy goes in the list \"policies\")";
const POLICIES_ALLOWED: &str = "a list of at least one policy";
const POLICY_ALLOWED: &str =
    "a policy: an object with \"name\", \"guards\" and, if you like, \"processes\" and \"ladder\"";
const POLICY_FIELDS: &str =
    "an object with only the fields \"name\", \"guards\", \"processes\", \"ladder\" and \"ledger\"";
const ONE_LEDGER: &str = "a list with at most one ledger (one tenantLedger, or one set of per-tenant windows)";
const LADDER_ALLOWED: &str = "a list of 1 to 16 models' names, the most expensive first";
const LADDER_PRICED: &str = "a model the file's \"prices\" name";
const NAME_ALLOWED: &str = "a name of 1 to 80 characters, no control characters";
const NAME_UNIQUE: &str = "a name no other policy of the file has";
const GUARDS_ALLOWED: &str = "a list of guards (objects with \"count\", or with \"guard\" and a kind's fields)";
const PROCESSES_ALLOWED: &str = "a whole number of processes from 1 to 100";
/// The most processes a policy may have: each keeps its own count for every user.
const PROCESSES_MAX: u64 = 100;
/// Reads a policy file's text.
///
/// ```
/// use billsim_core::engine::{read_policy_file, Guard};
/// let file = read_policy_file(r#"{ "name": "fivePerMinute",
///     "guards": [{ "guard": "slidingWindow", "limit": 5, "windowMs": 60000 }] }"#).unwrap();
/// assert_eq!(file.policies[0].name, "fivePerMinute");
/// assert!(matches!(file.policies[0].guards[0], Guard::SlidingWindow { .. }));
/// let err = read_policy_file(
///     r#"[{ "name": "x", "guards": [{ "guard": "slidingWindow", "limit": 0, "windowMs": 1 }] }]"#);
/// assert_eq!(err.unwrap_err().to_string(),
///     "[0].guards[0].limit: must be a whole number of calls from 1 to 4,294,967,295; got 0");
/// ```
pub fn read(text: &str) -> Result<PolicyFile, BadFile> {
    let top = json_of(text)?;
    let file = match view(top) {
        Json::List(items) => {
            let policies = policies(&items, "", "policy file")?;
            PolicyFile { policies, holds: Holds::List, prices: None, cached_prices: Vec::new() }
        }
        Json::Object(entries) if entries.iter().any(|(k, _)| k == "policies" || k == "prices") => {
            let fields = Fields::new(entries, "", FILE_FIELDS, &["policies", "prices"])?;
            let (raw, path) = fields.need("policies", POLICIES_ALLOWED)?;
            let Json::List(items) = view(raw) else { return Err(wrong(raw, &path, POLICIES_ALLOWED).into()) };
            let (prices, cached_prices) = match fields.get("prices") {
                Some((raw, path)) => prices(raw, &path).map(|(table, cached)| (Some(table), cached))?,
                None => (None, Vec::new()),
            };
            let policies = policies(&items, &path, &path)?;
            if let Some(table) = &prices {
                ladders_priced(&policies, &path, table)?;
                degrades_priced(&policies, &path, table)?;
            }
            PolicyFile { policies, holds: Holds::UnderPolicies, prices, cached_prices }
        }
        Json::Object(_) => {
            PolicyFile { policies: vec![policy(top, "")?], holds: Holds::One, prices: None, cached_prices: Vec::new() }
        }
        _ => return Err(wrong(top, "policy file", FILE_ALLOWED).into()),
    };
    Ok(file)
}

/// The file's JSON, or where it stops being JSON. A byte-order mark is not part of the
/// JSON; some editors write one.
fn json_of(text: &str) -> Result<&RawValue, BadFile> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str(text).map_err(|e: serde_json::Error| {
        // The reader's words, less the place it writes after them, which the message gives:
        // read again as a value, whose reader names more ("trailing comma" where the raw
        // reader says "key must be a string"), at the same place.
        let e = serde_json::from_str::<serde_json::Value>(text).err().unwrap_or(e);
        let said = e.to_string();
        let found = said.rsplit_once(" at line ").map_or(said.as_str(), |(found, _)| found).to_string();
        BadFile::NotJson {
            line: e.line(),
            column: e.column(),
            ends_early: e.classify() == serde_json::error::Category::Eof,
            found,
        }
    })
}

/// A price table by itself (`billsim replay --prices`): prices by model, as a policy
/// file's `"prices"` holds them, alone or under `"prices"`.
///
/// ```
/// use billsim_core::engine::read_prices;
/// let t = read_prices(r#"{"m": {"inputPerMillion": 0.8, "outputPerMillion": "4"}}"#).unwrap();
/// assert_eq!(t.get("m").unwrap().input_per_million().0, 800_000);
/// assert_eq!(read_prices(r#"{"prices": {"m": {"inputPerMillion": 1}}}"#).unwrap_err().to_string(),
///     "prices.m.outputPerMillion: must be an amount in dollars per million tokens from 0 to 1,000,000, with at most \
///      6 decimals (a number such as 0.8 or a string such as \"0.80\"); got nothing");
/// ```
pub fn read_prices(text: &str) -> Result<PriceTable, BadFile> {
    read_prices_with_cached(text).map(|(table, _)| table)
}

/// [`read_prices`], with the cached-input prices its optional `cachedInputPerMillion` gives.
///
/// ```
/// use billsim_core::engine::read_prices_with_cached;
/// let (_, cached) = read_prices_with_cached(r#"{"m": {"inputPerMillion": 1, "outputPerMillion": 5, "cachedInputPerMillion": 0.1}}"#).unwrap();
/// assert_eq!(cached[0].1 .0, 100_000);
/// ```
pub fn read_prices_with_cached(text: &str) -> Result<(PriceTable, CachedPrices), BadFile> {
    let top = json_of(text)?;
    if let Json::Object(entries) = view(top) {
        if let [(key, inner)] = &entries[..] {
            if key == "prices" {
                return Ok(prices(inner, "prices")?);
            }
        }
    }
    Ok(prices(top, "prices")?)
}

fn policies(items: &[&RawValue], path: &str, field: &str) -> Result<Vec<Policy>, FieldError> {
    if items.is_empty() {
        return Err(refused(field, POLICIES_ALLOWED, "an empty list".into()));
    }
    let mut read: Vec<Policy> = Vec::with_capacity(items.len());
    for (i, raw) in items.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let p = policy(raw, &at)?;
        if read.iter().any(|q| q.name == p.name) {
            return Err(refused(&join(&at, "name"), NAME_UNIQUE, shown(&p.name)));
        }
        read.push(p);
    }
    Ok(read)
}

fn policy(raw: &RawValue, path: &str) -> Result<Policy, FieldError> {
    let field = if path.is_empty() { "policy file" } else { path };
    let known = ["name", "guards", "processes", "ladder", "ledger"];
    let fields = Fields::new(object(raw, field, POLICY_ALLOWED)?, path, POLICY_FIELDS, &known)?;
    let (raw_name, at) = fields.need("name", NAME_ALLOWED)?;
    let name = name(raw_name, &at, NAME_ALLOWED)?;
    let mut read = Vec::new();
    if let Some((raw, at)) = fields.get("guards") {
        let Json::List(items) = view(raw) else { return Err(wrong(raw, &at, GUARDS_ALLOWED)) };
        for (i, g) in items.iter().enumerate() {
            let at = format!("{at}[{i}]");
            // A guard with `"guard"` is one of the lessons' kinds, by its old name.
            let old = matches!(view(g), Json::Object(entries) if entries.iter().any(|(k, _)| k == "guard"));
            read.push(if old { Read::Kind(old_names::guard(g, &at)?) } else { Read::Point(language::guard(g, &at)?) });
        }
    }
    let rules = fields.get("ledger").map(|(raw, at)| ledger::rules(raw, &at).map(|r| (r, at))).transpose()?;
    let guards = ledger::guards(read, rules, path)?;
    if guards.iter().filter(|g| matches!(g, Guard::TenantLedger { .. })).count() > 1 {
        return Err(refused(&join(path, "guards"), ONE_LEDGER, "more than one".into()));
    }
    let processes = match fields.get("processes") {
        None => 1,
        // At most PROCESSES_MAX, so it fits.
        Some((raw, at)) => whole(raw, &at, PROCESSES_ALLOWED, 1, PROCESSES_MAX)? as u32,
    };
    let ladder = match fields.get("ladder") {
        None => Vec::new(),
        Some((raw, at)) => ladder(raw, &at)?,
    };
    Ok(Policy { name, guards, processes, ladder })
}

/// A degrade ladder: model names, each once.
fn ladder(raw: &RawValue, path: &str) -> Result<Vec<String>, FieldError> {
    let items = match view(raw) {
        Json::List(items) if (1..=16).contains(&items.len()) => items,
        _ => return Err(wrong(raw, path, LADDER_ALLOWED)),
    };
    let mut models: Vec<String> = Vec::with_capacity(items.len());
    for (i, raw) in items.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let model = name(raw, &at, MODEL_ALLOWED)?;
        if models.contains(&model) {
            return Err(refused(&at, "a model the ladder names once", shown(&model)));
        }
        models.push(model);
    }
    Ok(models)
}

/// Every model a guard degrades to is priced, when the file gives the prices.
fn degrades_priced(policies: &[Policy], path: &str, prices: &PriceTable) -> Result<(), FieldError> {
    for (i, p) in policies.iter().enumerate() {
        for (j, g) in p.guards.iter().enumerate() {
            if let Guard::Degrade { model, .. } = g {
                if prices.get(model).is_none() {
                    let at = format!("{path}[{i}].guards[{j}].whenFull.degradeTo");
                    return Err(refused(&at, LADDER_PRICED, shown(model)));
                }
            }
        }
    }
    Ok(())
}

/// Every ladder's models are priced, when the file gives the prices.
fn ladders_priced(policies: &[Policy], path: &str, prices: &PriceTable) -> Result<(), FieldError> {
    for (i, p) in policies.iter().enumerate() {
        if let Some(j) = p.ladder.iter().position(|m| prices.get(m).is_none()) {
            return Err(refused(&format!("{path}[{i}].ladder[{j}]"), LADDER_PRICED, shown(&p.ladder[j])));
        }
    }
    Ok(())
}

mod json;
mod language;
pub use language::FIELDS as GUARD_KEYS;
#[cfg(test)]
mod language_tests;
mod ledger;
mod old_names;
mod prices;
use prices::prices;
#[cfg(test)]
mod tests;
mod tiers_box;
mod write;

pub use language::duration;
pub use tiers_box::tiers_text;
pub use write::file_text;
