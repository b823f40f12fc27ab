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

use crate::budget::Refill;
use crate::engine::guard::{Guard, SetAside};
use crate::engine::ledger::{FailMode, Meter, Outage, Tier};
use crate::engine::policy::Policy;
use crate::engine::price::{Price, PriceTable};
use crate::money::Micros;
use crate::settings::{self, shown, whole_number, FieldError, Invalid};
use crate::time::{Instant, Span};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::fmt;
use std::num::NonZeroU32;

/// What a policy file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyFile {
    pub policies: Vec<Policy>,
    /// The prices, when the file gives them: they replace the scenario's own.
    pub prices: Option<PriceTable>,
}

/// Why a policy file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadFile {
    /// The text is not JSON: where reading stopped (1-based), and whether the text ended
    /// before the JSON did.
    NotJson { line: usize, column: usize, ends_early: bool },
    /// A field holds what it may not.
    Field(FieldError),
}

impl fmt::Display for BadFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadFile::NotJson { line, column, ends_early: true } => {
                write!(
                    f,
                    "policy file: must be JSON; the text ends at line {line}, column {column}, before the JSON does"
                )
            }
            BadFile::NotJson { line, column, ends_early: false } => {
                write!(f, "policy file: must be JSON; it is not at line {line}, column {column}")
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
const FILE_FIELDS: &str = "an object with only the fields \"policies\" and \"prices\"";
const POLICIES_ALLOWED: &str = "a list of at least one policy";
const POLICY_ALLOWED: &str =
    "a policy: an object with \"name\", \"guards\" and, if you like, \"processes\" and \"ladder\"";
const POLICY_FIELDS: &str = "an object with only the fields \"name\", \"guards\", \"processes\" and \"ladder\"";
const LADDER_ALLOWED: &str = "a list of 1 to 16 models' names, the most expensive first";
const LADDER_PRICED: &str = "a model the file's \"prices\" name";
const LEDGER_FIELDS: &str = "a tenantLedger guard: only the fields \"guard\", \"tiers\", \"maxTokens\", \"meter\" \
     and \"outage\"";
const TIERS_ALLOWED: &str = "a list of 1 to 100 tiers (objects with \"cohort\", \"fail\" and, if you like, \
     \"dailyDollars\" and \"monthlyDollars\")";
const TIER_FIELDS: &str = "a tier: only the fields \"cohort\", \"dailyMicros\" or \"dailyDollars\", \
     \"monthlyMicros\" or \"monthlyDollars\", and \"fail\"";
const COHORT_ALLOWED: &str = "a cohort's name of 1 to 80 characters, no control characters";
const COHORT_UNIQUE: &str = "a cohort no other tier of the ledger names";
const MONTHLY_ALLOWED: &str = "an amount in dollars at least the tier's daily budget (a month holds a day)";
const FAIL_ALLOWED: &str = "\"open\" (served, unmetered) or \"closed\" (refused)";
const METER_ALLOWED: &str = "\"perCall\" (every model call) or \"perRequest\" (a request's top-level call only)";
const MAX_TOKENS_ALLOWED: &str = "a whole number of tokens from 1 to 1000000000";
const OUTAGE_ALLOWED: &str = "an object with \"fromMs\" and \"toMs\"";
const OUTAGE_FIELDS: &str = "an outage: only the fields \"fromMs\" and \"toMs\"";
const MOMENT_ALLOWED: &str = "a whole number of milliseconds from 0 to 18446744073709551615";
const OUTAGE_END_ALLOWED: &str = "a moment at or after the outage's fromMs (an outage cannot end before it starts)";
const NAME_ALLOWED: &str = "a name of 1 to 80 characters, no control characters";
const NAME_UNIQUE: &str = "a name no other policy of the file has";
const GUARDS_ALLOWED: &str = "a list of guards (objects with \"guard\")";
const PROCESSES_ALLOWED: &str = "a whole number of processes from 1 to 100";
/// The most processes a policy may have: each keeps its own count for every user.
const PROCESSES_MAX: u64 = 100;
pub const GUARD_ALLOWED: &str = "\"slidingWindow\", \"moneyBudget\", \"spendCeiling\", \"tokenBucket\", \
     \"tokenBudget\", \"degrade\", \"rateLimiter\", \"dailyCap\", \"setAsideCap\" or \"tenantLedger\"";
const GUARD_OBJECT: &str = "a guard: an object with \"guard\" (\"slidingWindow\", \"moneyBudget\", \"spendCeiling\", \
     \"tokenBucket\", \"tokenBudget\", \"degrade\", \"rateLimiter\", \"dailyCap\", \"setAsideCap\" or \"tenantLedger\")";
const WINDOW_FIELDS: &str = "a slidingWindow guard: only the fields \"guard\", \"limit\" and \"windowMs\"";
const BUDGET_FIELDS: &str = "a moneyBudget guard: only the fields \"guard\", \"budgetMicros\" or \"budgetDollars\", \
     \"refill\" and \"setAside\"";
const CEILING_FIELDS: &str =
    "a spendCeiling guard: only the fields \"guard\", \"ceilingMicros\" or \"ceilingDollars\", and \"periodMs\"";
const BUCKET_FIELDS: &str = "a tokenBucket guard: only the fields \"guard\", \"capacity\" and \"refillPerMinute\"";
const TOKEN_BUDGET_FIELDS: &str =
    "a tokenBudget guard: only the fields \"guard\", \"budgetTokens\" and, if you like, \"maxTokens\"";
const DEGRADE_FIELDS: &str = "a degrade guard: only the fields \"guard\", \"ceilingMicros\" or \"ceilingDollars\", \
     \"periodMs\" and \"model\"";
const CAPACITY_ALLOWED: &str = "a whole number of bucket tokens from 1 to 4294967295";
const REFILL_PER_MINUTE_ALLOWED: &str = "a whole number of bucket tokens a minute from 0 to 4294967295";
const BUDGET_TOKENS_ALLOWED: &str = "a whole number of tokens from 1 to 1000000000000";
const RATE_LIMITER_FIELDS: &str = "a rateLimiter guard: only the fields \"guard\", \"limit\" and \"windowMs\"";
const DAILY_CAP_FIELDS: &str = "a dailyCap guard: only the fields \"guard\" and \"capMicros\" or \"capDollars\"";
const SET_ASIDE_CAP_FIELDS: &str =
    "a setAsideCap guard: only the fields \"guard\", \"capMicros\" or \"capDollars\", and \"maxTokens\"";
const WORST_CASE_FIELDS: &str = "{\"kind\": \"worstCase\"} with only the fields \"inputPercent\" and \"maxTokens\"";
const LIMIT_ALLOWED: &str = "a whole number of calls from 1 to 4294967295";
const MS_ALLOWED: &str = "a whole number of milliseconds from 1 to 18446744073709551615";
const MICROS_ALLOWED: &str = "a whole number of micro-dollars from 1 to 1000000000000000";
const DOLLARS_ALLOWED: &str =
    "an amount in dollars from 0.000001 to 1000000000, with at most 6 decimals (a number or a string)";
/// The largest budget or ceiling: a billion dollars (far below what would overflow in
/// nano-dollars).
const AMOUNT_MAX: Micros = Micros(1_000_000_000 * Micros::PER_DOLLAR);
const REFILL_ALLOWED: &str = settings::REFILL_ALLOWED;
const SET_ASIDE_ALLOWED: &str =
    "{\"kind\": \"nothing\"} or {\"kind\": \"worstCase\", \"inputPercent\": N, \"maxTokens\": N}";
const KIND_ALLOWED: &str = "\"nothing\" or \"worstCase\"";
const PERCENT_ALLOWED: &str = "a whole number of percent from 0 to 1000";
const TOKENS_ALLOWED: &str = "a whole number of tokens from 0 to 1000000000";
const PRICES_ALLOWED: &str = "an object of prices by model name";
const MODEL_ALLOWED: &str = "a model's name of 1 to 80 characters, no control characters";
const PRICE_ALLOWED: &str = "a price: an object with \"inputPerMillion\" and \"outputPerMillion\"";
const PRICE_FIELDS: &str = "an object with only the fields \"inputPerMillion\" and \"outputPerMillion\"";
const PER_MILLION_ALLOWED: &str = "an amount in dollars per million tokens from 0 to 1000000, with at most 3 decimals \
     (a number such as 0.8 or a string such as \"0.80\")";
const PER_MILLION_MAX: Micros = Micros(1_000_000 * Micros::PER_DOLLAR);

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
///     "[0].guards[0].limit: must be a whole number of calls from 1 to 4294967295; got 0");
/// ```
pub fn read(text: &str) -> Result<PolicyFile, BadFile> {
    let top = json_of(text)?;
    let file = match view(top) {
        Json::List(items) => PolicyFile { policies: policies(&items, "", "policy file")?, prices: None },
        Json::Object(entries) if entries.iter().any(|(k, _)| k == "policies" || k == "prices") => {
            let fields = Fields::new(entries, "", FILE_FIELDS, &["policies", "prices"])?;
            let (raw, path) = fields.need("policies", POLICIES_ALLOWED)?;
            let Json::List(items) = view(raw) else { return Err(wrong(raw, &path, POLICIES_ALLOWED).into()) };
            let prices = fields.get("prices").map(|(raw, path)| prices(raw, &path)).transpose()?;
            let policies = policies(&items, &path, &path)?;
            if let Some(table) = &prices {
                ladders_priced(&policies, &path, table)?;
            }
            PolicyFile { policies, prices }
        }
        Json::Object(_) => PolicyFile { policies: vec![policy(top, "")?], prices: None },
        _ => return Err(wrong(top, "policy file", FILE_ALLOWED).into()),
    };
    Ok(file)
}

/// The file's JSON, or where it stops being JSON. A byte-order mark is not part of the
/// JSON; some editors write one.
fn json_of(text: &str) -> Result<&RawValue, BadFile> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    serde_json::from_str(text).map_err(|e| BadFile::NotJson {
        line: e.line(),
        column: e.column(),
        ends_early: e.classify() == serde_json::error::Category::Eof,
    })
}

/// A price table by itself (`billsim replay --prices`): prices by model, as a policy
/// file's `"prices"` holds them, alone or under `"prices"`.
///
/// ```
/// use billsim_core::engine::read_prices;
/// let t = read_prices(r#"{"m": {"inputPerMillion": 0.8, "outputPerMillion": "4"}}"#).unwrap();
/// assert_eq!(t.get("m").unwrap().input_per_token.0, 800);
/// assert_eq!(read_prices(r#"{"prices": {"m": {"inputPerMillion": 1}}}"#).unwrap_err().to_string(),
///     "prices.m.outputPerMillion: must be an amount in dollars per million tokens from 0 to 1000000, with at most \
///      3 decimals (a number such as 0.8 or a string such as \"0.80\"); got nothing");
/// ```
pub fn read_prices(text: &str) -> Result<PriceTable, BadFile> {
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

/// A JSON value seen one level deep, its parts still as text.
enum Json<'a> {
    Object(Vec<(String, &'a RawValue)>),
    List(Vec<&'a RawValue>),
    Text(String),
    /// A number, as written.
    Number(&'a str),
    /// `true`, `false` or `null`.
    Other,
}

fn view(raw: &RawValue) -> Json<'_> {
    let text = raw.get().trim();
    // The text is JSON already (serde_json checked it whole), so these cannot fail; if one
    // did, the value would be refused as the wrong kind, never unwrapped.
    match text.as_bytes().first() {
        Some(b'{') => serde_json::from_str::<Entries>(text).map_or(Json::Other, |e| Json::Object(e.0)),
        Some(b'[') => serde_json::from_str(text).map_or(Json::Other, Json::List),
        Some(b'"') => serde_json::from_str(text).map_or(Json::Other, Json::Text),
        Some(b'-' | b'0'..=b'9') => Json::Number(text),
        _ => Json::Other,
    }
}

/// An object's entries in the order written, duplicates kept (so they can be refused).
struct Entries<'a>(Vec<(String, &'a RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Entries<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Entries<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Entries<'a>, M::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

/// What came, as a message says it: a value as written (cut short), or its kind.
fn got(raw: &RawValue) -> String {
    match view(raw) {
        Json::Object(_) => "an object".into(),
        Json::List(items) if items.is_empty() => "an empty list".into(),
        Json::List(_) => "a list".into(),
        Json::Text(s) => shown(&s),
        _ => {
            let text = raw.get().trim();
            if text.chars().count() <= 40 {
                text.to_string()
            } else {
                format!("{}... ({} characters)", text.chars().take(40).collect::<String>(), text.chars().count())
            }
        }
    }
}

fn refused(path: &str, allowed: &'static str, got: String) -> FieldError {
    Invalid { allowed, got }.on(path)
}

fn wrong(raw: &RawValue, path: &str, allowed: &'static str) -> FieldError {
    refused(path, allowed, got(raw))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// An object's fields, checked: each known and given once.
struct Fields<'a> {
    path: String,
    entries: Vec<(String, &'a RawValue)>,
}

impl<'a> Fields<'a> {
    /// `only` says which fields the object may have, as a message says it.
    fn new(
        entries: Vec<(String, &'a RawValue)>,
        path: &str,
        only: &'static str,
        known: &[&str],
    ) -> Result<Fields<'a>, FieldError> {
        for (i, (key, _)) in entries.iter().enumerate() {
            if !known.contains(&key.as_str()) {
                let field = if path.is_empty() { "policy file" } else { path };
                return Err(refused(field, only, format!("the field {}", shown(key))));
            }
            if entries[..i].iter().any(|(k, _)| k == key) {
                return Err(refused(&join(path, key), "given once", "a second time".into()));
            }
        }
        Ok(Fields { path: path.to_string(), entries })
    }

    fn get(&self, key: &str) -> Option<(&'a RawValue, String)> {
        self.entries.iter().find(|(k, _)| k == key).map(|&(_, raw)| (raw, join(&self.path, key)))
    }

    /// A field that must be there; its absence names it and what it allows.
    fn need(&self, key: &str, allowed: &'static str) -> Result<(&'a RawValue, String), FieldError> {
        self.get(key).ok_or_else(|| refused(&join(&self.path, key), allowed, "nothing".into()))
    }
}

fn object<'a>(raw: &'a RawValue, path: &str, allowed: &'static str) -> Result<Vec<(String, &'a RawValue)>, FieldError> {
    match view(raw) {
        Json::Object(entries) => Ok(entries),
        _ => Err(wrong(raw, path, allowed)),
    }
}

fn text(raw: &RawValue, path: &str, allowed: &'static str) -> Result<String, FieldError> {
    match view(raw) {
        Json::Text(s) => Ok(s),
        _ => Err(wrong(raw, path, allowed)),
    }
}

/// A whole number written as a JSON number (not a string), from `lo` to `hi`.
fn whole(raw: &RawValue, path: &str, allowed: &'static str, lo: u64, hi: u64) -> Result<u64, FieldError> {
    match view(raw) {
        Json::Number(n) => whole_number(n, allowed, lo, hi).map_err(|_| wrong(raw, path, allowed)),
        _ => Err(wrong(raw, path, allowed)),
    }
}

/// An amount in dollars, from the decimal text of a JSON number or string.
fn dollars(raw: &RawValue, path: &str, allowed: &'static str, lo: Micros, hi: Micros) -> Result<Micros, FieldError> {
    let amount = match view(raw) {
        Json::Number(n) => Micros::parse_dollars(n).ok(),
        Json::Text(s) => Micros::parse_dollars(&s).ok(),
        _ => None,
    };
    amount.filter(|m| (lo..=hi).contains(m)).ok_or_else(|| wrong(raw, path, allowed))
}

/// A name shown in tables and messages: not empty, not long, nothing unseen that moves
/// a terminal's cursor.
fn name(raw: &RawValue, path: &str, allowed: &'static str) -> Result<String, FieldError> {
    let name = text(raw, path, allowed)?;
    let count = name.chars().count();
    if (1..=80).contains(&count) && !name.chars().any(char::is_control) {
        Ok(name)
    } else {
        Err(refused(path, allowed, shown(&name)))
    }
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
    let known = ["name", "guards", "processes", "ladder"];
    let fields = Fields::new(object(raw, field, POLICY_ALLOWED)?, path, POLICY_FIELDS, &known)?;
    let (raw_name, at) = fields.need("name", NAME_ALLOWED)?;
    let name = name(raw_name, &at, NAME_ALLOWED)?;
    let guards = match fields.get("guards") {
        None => Vec::new(),
        Some((raw, at)) => match view(raw) {
            Json::List(items) => {
                items.iter().enumerate().map(|(i, g)| guard(g, &format!("{at}[{i}]"))).collect::<Result<_, _>>()?
            }
            _ => return Err(wrong(raw, &at, GUARDS_ALLOWED)),
        },
    };
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

/// Every ladder's models are priced, when the file gives the prices.
fn ladders_priced(policies: &[Policy], path: &str, prices: &PriceTable) -> Result<(), FieldError> {
    for (i, p) in policies.iter().enumerate() {
        if let Some(j) = p.ladder.iter().position(|m| prices.get(m).is_none()) {
            return Err(refused(&format!("{path}[{i}].ladder[{j}]"), LADDER_PRICED, shown(&p.ladder[j])));
        }
    }
    Ok(())
}

fn guard(raw: &RawValue, path: &str) -> Result<Guard, FieldError> {
    let entries = object(raw, path, GUARD_OBJECT)?;
    let kind = entries.iter().find(|(k, _)| k == "guard").map(|&(_, raw)| raw);
    let kind = kind.ok_or_else(|| refused(&join(path, "guard"), GUARD_ALLOWED, "nothing".into()))?;
    let kind = text(kind, &join(path, "guard"), GUARD_ALLOWED)?;
    Ok(match kind.as_str() {
        "slidingWindow" => {
            let f = Fields::new(entries, path, WINDOW_FIELDS, &["guard", "limit", "windowMs"])?;
            let (limit, window_ms) = limit_and_window(&f)?;
            Guard::SlidingWindow { limit, window_ms }
        }
        "rateLimiter" => {
            let f = Fields::new(entries, path, RATE_LIMITER_FIELDS, &["guard", "limit", "windowMs"])?;
            let (limit, window_ms) = limit_and_window(&f)?;
            Guard::RateLimiter { limit, window_ms }
        }
        "dailyCap" => {
            let f = Fields::new(entries, path, DAILY_CAP_FIELDS, &["guard", "capMicros", "capDollars"])?;
            Guard::DailyCap { cap_micros: amount(&f, "cap")? }
        }
        "setAsideCap" => {
            let known = ["guard", "capMicros", "capDollars", "maxTokens"];
            let f = Fields::new(entries, path, SET_ASIDE_CAP_FIELDS, &known)?;
            let cap_micros = amount(&f, "cap")?;
            let (raw, at) = f.need("maxTokens", TOKENS_ALLOWED)?;
            Guard::SetAsideCap { cap_micros, max_tokens: whole(raw, &at, TOKENS_ALLOWED, 0, 1_000_000_000)? }
        }
        "moneyBudget" => {
            let known = ["guard", "budgetMicros", "budgetDollars", "refill", "setAside"];
            let f = Fields::new(entries, path, BUDGET_FIELDS, &known)?;
            let budget_micros = amount(&f, "budget")?;
            let (raw, at) = f.need("refill", REFILL_ALLOWED)?;
            let refill =
                Refill::parse(&text(raw, &at, REFILL_ALLOWED)?).ok_or_else(|| wrong(raw, &at, REFILL_ALLOWED))?;
            let (raw, at) = f.need("setAside", SET_ASIDE_ALLOWED)?;
            Guard::MoneyBudget { budget_micros, refill, set_aside: set_aside(raw, &at)? }
        }
        "spendCeiling" => {
            let known = ["guard", "ceilingMicros", "ceilingDollars", "periodMs"];
            let f = Fields::new(entries, path, CEILING_FIELDS, &known)?;
            let ceiling_micros = amount(&f, "ceiling")?;
            let (raw, at) = f.need("periodMs", MS_ALLOWED)?;
            Guard::SpendCeiling { ceiling_micros, period_ms: Span(whole(raw, &at, MS_ALLOWED, 1, u64::MAX)?) }
        }
        "tokenBucket" => {
            let f = Fields::new(entries, path, BUCKET_FIELDS, &["guard", "capacity", "refillPerMinute"])?;
            let (raw, at) = f.need("capacity", CAPACITY_ALLOWED)?;
            let capacity = whole(raw, &at, CAPACITY_ALLOWED, 1, u64::from(u32::MAX))?;
            // From 1 to u32::MAX, so both hold.
            let capacity = u32::try_from(capacity).ok().and_then(NonZeroU32::new).unwrap_or(NonZeroU32::MIN);
            let (raw, at) = f.need("refillPerMinute", REFILL_PER_MINUTE_ALLOWED)?;
            let refill = whole(raw, &at, REFILL_PER_MINUTE_ALLOWED, 0, u64::from(u32::MAX))?;
            Guard::TokenBucket { capacity, refill_per_minute: u32::try_from(refill).unwrap_or(u32::MAX) }
        }
        "tokenBudget" => {
            let f = Fields::new(entries, path, TOKEN_BUDGET_FIELDS, &["guard", "budgetTokens", "maxTokens"])?;
            let (raw, at) = f.need("budgetTokens", BUDGET_TOKENS_ALLOWED)?;
            let budget_tokens = whole(raw, &at, BUDGET_TOKENS_ALLOWED, 1, 1_000_000_000_000)?;
            let max_tokens =
                f.get("maxTokens").map(|(raw, at)| whole(raw, &at, TOKENS_ALLOWED, 0, 1_000_000_000)).transpose()?;
            Guard::TokenBudget { budget_tokens, max_tokens }
        }
        "degrade" => {
            let known = ["guard", "ceilingMicros", "ceilingDollars", "periodMs", "model"];
            let f = Fields::new(entries, path, DEGRADE_FIELDS, &known)?;
            let ceiling_micros = amount(&f, "ceiling")?;
            let (raw, at) = f.need("periodMs", MS_ALLOWED)?;
            let period_ms = Span(whole(raw, &at, MS_ALLOWED, 1, u64::MAX)?);
            let (raw, at) = f.need("model", MODEL_ALLOWED)?;
            Guard::Degrade { ceiling_micros, period_ms, model: name(raw, &at, MODEL_ALLOWED)? }
        }
        "tenantLedger" => {
            let known = ["guard", "tiers", "maxTokens", "meter", "outage"];
            let f = Fields::new(entries, path, LEDGER_FIELDS, &known)?;
            let (raw, at) = f.need("tiers", TIERS_ALLOWED)?;
            let tiers = tiers(raw, &at)?;
            let (raw, at) = f.need("maxTokens", MAX_TOKENS_ALLOWED)?;
            let max_tokens = whole(raw, &at, MAX_TOKENS_ALLOWED, 1, 1_000_000_000)?;
            let (raw, at) = f.need("meter", METER_ALLOWED)?;
            let meter = Meter::parse(&text(raw, &at, METER_ALLOWED)?).ok_or_else(|| wrong(raw, &at, METER_ALLOWED))?;
            let outage = f.get("outage").map(|(raw, at)| outage(raw, &at)).transpose()?;
            Guard::TenantLedger { tiers, max_tokens, meter, outage }
        }
        _ => return Err(refused(&join(path, "guard"), GUARD_ALLOWED, shown(&kind))),
    })
}

/// A window's `limit` (1 to u32::MAX calls) and `windowMs` (from 1 ms).
fn limit_and_window(f: &Fields<'_>) -> Result<(NonZeroU32, Span), FieldError> {
    let (raw, at) = f.need("limit", LIMIT_ALLOWED)?;
    let limit = whole(raw, &at, LIMIT_ALLOWED, 1, u64::from(u32::MAX))?;
    // From 1 to u32::MAX, so both hold.
    let limit = u32::try_from(limit).ok().and_then(NonZeroU32::new).unwrap_or(NonZeroU32::MIN);
    let (raw, at) = f.need("windowMs", MS_ALLOWED)?;
    Ok((limit, Span(whole(raw, &at, MS_ALLOWED, 1, u64::MAX)?)))
}

fn tiers(raw: &RawValue, path: &str) -> Result<Vec<Tier>, FieldError> {
    let items = match view(raw) {
        Json::List(items) if (1..=100).contains(&items.len()) => items,
        _ => return Err(wrong(raw, path, TIERS_ALLOWED)),
    };
    let mut tiers: Vec<Tier> = Vec::with_capacity(items.len());
    for (i, raw) in items.iter().enumerate() {
        let at = format!("{path}[{i}]");
        let known = ["cohort", "dailyMicros", "dailyDollars", "monthlyMicros", "monthlyDollars", "fail"];
        let f = Fields::new(object(raw, &at, TIERS_ALLOWED)?, &at, TIER_FIELDS, &known)?;
        let (raw, cohort_at) = f.need("cohort", COHORT_ALLOWED)?;
        let cohort = name(raw, &cohort_at, COHORT_ALLOWED)?;
        if tiers.iter().any(|t| t.cohort == cohort) {
            return Err(refused(&cohort_at, COHORT_UNIQUE, shown(&cohort)));
        }
        let daily_micros = optional_amount(&f, "daily")?;
        let monthly_micros = optional_amount(&f, "monthly")?;
        if let (Some(day), Some(month)) = (daily_micros, monthly_micros) {
            if month < day {
                let key = if f.get("monthlyMicros").is_some() { "monthlyMicros" } else { "monthlyDollars" };
                let got = format!("{} with a daily budget of {}", month.exact_dollars(), day.exact_dollars());
                return Err(refused(&join(&at, key), MONTHLY_ALLOWED, got));
            }
        }
        let (raw, fail_at) = f.need("fail", FAIL_ALLOWED)?;
        let fail =
            FailMode::parse(&text(raw, &fail_at, FAIL_ALLOWED)?).ok_or_else(|| wrong(raw, &fail_at, FAIL_ALLOWED))?;
        tiers.push(Tier { cohort, daily_micros, monthly_micros, fail });
    }
    Ok(tiers)
}

/// [`amount`] that may be absent.
fn optional_amount(f: &Fields<'_>, what: &str) -> Result<Option<Micros>, FieldError> {
    if f.get(&format!("{what}Micros")).is_none() && f.get(&format!("{what}Dollars")).is_none() {
        return Ok(None);
    }
    amount(f, what).map(Some)
}

fn outage(raw: &RawValue, path: &str) -> Result<Outage, FieldError> {
    let f = Fields::new(object(raw, path, OUTAGE_ALLOWED)?, path, OUTAGE_FIELDS, &["fromMs", "toMs"])?;
    let (raw, at) = f.need("fromMs", MOMENT_ALLOWED)?;
    let from = whole(raw, &at, MOMENT_ALLOWED, 0, u64::MAX)?;
    let (raw, at) = f.need("toMs", MOMENT_ALLOWED)?;
    let to = whole(raw, &at, MOMENT_ALLOWED, 0, u64::MAX)?;
    if to < from {
        return Err(refused(&at, OUTAGE_END_ALLOWED, format!("{to}, before fromMs {from}")));
    }
    Ok(Outage { from_ms: Instant(from), to_ms: Instant(to) })
}

/// A budget or ceiling, given once: as `{what}Micros` (a whole number, as [`Guard`]
/// serializes it) or as `{what}Dollars` (exact decimal text).
fn amount(f: &Fields<'_>, what: &str) -> Result<Micros, FieldError> {
    let (micros, dollars_key) = (format!("{what}Micros"), format!("{what}Dollars"));
    match (f.get(&micros), f.get(&dollars_key)) {
        (Some((raw, at)), None) => whole(raw, &at, MICROS_ALLOWED, 1, AMOUNT_MAX.0).map(Micros),
        (None, Some((raw, at))) => dollars(raw, &at, DOLLARS_ALLOWED, Micros(1), AMOUNT_MAX),
        (Some(_), Some(_)) => {
            Err(refused(&join(&f.path, &micros), "given once, as Micros or as Dollars", "both".into()))
        }
        (None, None) => Err(refused(&join(&f.path, &dollars_key), DOLLARS_ALLOWED, "nothing".into())),
    }
}

fn set_aside(raw: &RawValue, path: &str) -> Result<SetAside, FieldError> {
    let entries = object(raw, path, SET_ASIDE_ALLOWED)?;
    let kind = entries.iter().find(|(k, _)| k == "kind").map(|&(_, raw)| raw);
    let kind = kind.ok_or_else(|| refused(&join(path, "kind"), KIND_ALLOWED, "nothing".into()))?;
    let kind = text(kind, &join(path, "kind"), KIND_ALLOWED)?;
    match kind.as_str() {
        "nothing" => {
            Fields::new(entries, path, "{\"kind\": \"nothing\"} with no other field", &["kind"])?;
            Ok(SetAside::Nothing)
        }
        "worstCase" => {
            let known = ["kind", "inputPercent", "maxTokens"];
            let f = Fields::new(entries, path, WORST_CASE_FIELDS, &known)?;
            let (raw, at) = f.need("inputPercent", PERCENT_ALLOWED)?;
            // At most 1000, so it fits.
            let input_percent = whole(raw, &at, PERCENT_ALLOWED, 0, 1000)? as u32;
            let (raw, at) = f.need("maxTokens", TOKENS_ALLOWED)?;
            Ok(SetAside::WorstCase { input_percent, max_tokens: whole(raw, &at, TOKENS_ALLOWED, 0, 1_000_000_000)? })
        }
        _ => Err(refused(&join(path, "kind"), KIND_ALLOWED, shown(&kind))),
    }
}

fn prices(raw: &RawValue, path: &str) -> Result<PriceTable, FieldError> {
    let entries = object(raw, path, PRICES_ALLOWED)?;
    let mut table: Vec<(String, Price)> = Vec::with_capacity(entries.len());
    for (model, raw) in entries {
        let at = format!("{path}.{model}");
        if model.is_empty() || model.chars().count() > 80 || model.chars().any(char::is_control) {
            return Err(refused(path, MODEL_ALLOWED, shown(&model)));
        }
        if table.iter().any(|(m, _)| *m == model) {
            return Err(refused(&at, "given once", "a second time".into()));
        }
        let f =
            Fields::new(object(raw, &at, PRICE_ALLOWED)?, &at, PRICE_FIELDS, &["inputPerMillion", "outputPerMillion"])?;
        let per_million = |key: &str| -> Result<Micros, FieldError> {
            let (raw, at) = f.need(key, PER_MILLION_ALLOWED)?;
            let amount = dollars(raw, &at, PER_MILLION_ALLOWED, Micros::ZERO, PER_MILLION_MAX)?;
            // Whole nano-dollars a token: at most three decimals of a dollar per million.
            Price::per_million(amount, Micros::ZERO).map(|_| amount).map_err(|_| wrong(raw, &at, PER_MILLION_ALLOWED))
        };
        let (input, output) = (per_million("inputPerMillion")?, per_million("outputPerMillion")?);
        // Both were checked alone above.
        let price = Price::per_million(input, output).map_err(|_| wrong(raw, &at, PER_MILLION_ALLOWED))?;
        table.push((model, price));
    }
    Ok(PriceTable(table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run, Call, Cohort, Nanos, Record, RunError, Traffic, User};
    use crate::scenario::{self, Values, SCENARIOS};
    use crate::time::Instant;

    fn refusal(text: &str) -> String {
        match read(text) {
            Ok(file) => panic!("{text} is refused, not read as {file:?}"),
            Err(e) => e.to_string(),
        }
    }

    fn window(limit: &str, window: &str) -> String {
        format!(r#"{{"name": "w", "guards": [{{"guard": "slidingWindow", "limit": {limit}, "windowMs": {window}}}]}}"#)
    }

    fn priced(model: &str, input: &str, output: &str) -> String {
        format!(
            r#"{{"policies": [{{"name": "none"}}],
                "prices": {{"{model}": {{"inputPerMillion": {input}, "outputPerMillion": {output}}}}}}}"#
        )
    }

    #[test]
    fn every_policy_of_every_scenario_serialized_by_the_engine_reads_back_the_same() {
        for s in SCENARIOS {
            let mut values = Values::defaults(s);
            if s.name == "toyDay" {
                values.set(s, "refill", "steady").unwrap();
            }
            for policy in scenario_policies(s, &values) {
                let text = serde_json::to_string(&policy).unwrap();
                assert_eq!(read(&text).map(|f| f.policies), Ok(vec![policy.clone()]), "{text}");
            }
            let all = scenario_policies(s, &values);
            let text = serde_json::to_string(&all).unwrap();
            assert_eq!(read(&text).map(|f| f.policies), Ok(all), "{text}");
        }
    }

    /// The policies a scenario compares, as the engine holds them.
    fn scenario_policies(s: &scenario::Scenario, values: &Values) -> Vec<Policy> {
        match s.name {
            "toyDay" => crate::simulate::Policy::ALL.iter().map(|p| p.engine_policy(&values.day_settings())).collect(),
            "freeTier" => crate::free_tier::Params::from_values(values).policies(),
            "hackathon" => {
                let settings = crate::hackathon::Settings::from_values(values);
                crate::hackathon::Policy::ALL.iter().map(|p| p.engine_policy(&settings)).collect()
            }
            "runawayTenant" => crate::runaway_tenant::Params::from_values(values).unwrap().policies(),
            _ => {
                let p = crate::in_flight::Params::default();
                crate::in_flight::Version::ALL.iter().map(|v| v.engine_policy(&p)).collect()
            }
        }
    }

    #[test]
    fn a_file_is_one_policy_a_list_of_policies_or_policies_with_prices() {
        let one = read(&window("5", "60000")).unwrap();
        let guard = Guard::SlidingWindow { limit: NonZeroU32::new(5).unwrap(), window_ms: Span(60_000) };
        assert_eq!(one, PolicyFile { policies: vec![Policy::new("w", vec![guard.clone()])], prices: None });
        let list = read(&format!("[{}, {{\"name\": \"open\", \"processes\": 2}}]", window("5", "60000"))).unwrap();
        assert_eq!(list.policies[1], Policy { name: "open".into(), guards: vec![], processes: 2, ladder: vec![] });
        let file = read(&priced("opus", "5", "25")).unwrap();
        let price = Price { input_per_token: Nanos(5_000), output_per_token: Nanos(25_000) };
        assert_eq!(file.prices, Some(PriceTable(vec![("opus".into(), price)])));
        assert!(read("{\"policies\": [{\"name\": \"x\"}]}").unwrap().prices.is_none());
        assert_eq!(read("\u{feff}{\"name\": \"x\"}").unwrap().policies[0].name, "x", "a byte-order mark is skipped");
    }

    #[test]
    fn a_price_is_read_exactly_from_its_decimal_text_as_a_number_or_a_string() {
        let price = |input: &str| read(&priced("m", input, "0")).map(|f| f.prices.unwrap().0[0].1.input_per_token);
        assert_eq!(price("0.8"), Ok(Nanos(800)), "0.8 is not 0.8000000000000000444 here");
        assert_eq!(price("\"0.80\""), Ok(Nanos(800)));
        assert_eq!(price("\"$3\""), Ok(Nanos(3_000)));
        assert_eq!(price("0.001"), Ok(Nanos(1)));
        assert_eq!(price("0"), Ok(Nanos(0)), "a free model is allowed");
        assert_eq!(price("1000000"), Ok(Nanos(1_000_000_000)));
        // 2^53 + 1 thousandths: an f64 would round it.
        assert_eq!(price("9007199254.741"), Err(price_refused("9007199254.741")), "above the most");
        assert_eq!(price("999999.999"), Ok(Nanos(999_999_999)));
    }

    fn price_refused(got: &str) -> BadFile {
        BadFile::Field(Invalid { allowed: PER_MILLION_ALLOWED, got: got.into() }.on("prices.m.inputPerMillion"))
    }

    #[test]
    fn a_price_that_is_not_a_number_or_is_negative_or_finer_than_a_thousandth_names_the_field() {
        let expected = |got: &str| {
            format!(
                "prices.m.inputPerMillion: must be an amount in dollars per million tokens from 0 to 1000000, with at \
                 most 3 decimals (a number such as 0.8 or a string such as \"0.80\"); got {got}"
            )
        };
        for (value, got) in [
            ("\"abc\"", "\"abc\""),
            ("-1", "-1"),
            ("\"-1\"", "\"-1\""),
            ("0.0375", "0.0375"),
            ("\"0.0001\"", "\"0.0001\""),
            ("1e3", "1e3"),
            ("true", "true"),
            ("null", "null"),
            ("[5]", "a list"),
            ("{}", "an object"),
            ("1000000.001", "1000000.001"),
            ("99999999999999999999999", "99999999999999999999999"),
        ] {
            assert_eq!(refusal(&priced("m", value, "1")), expected(got), "{value}");
        }
        assert!(refusal(&priced("m", "1", "-2")).starts_with("prices.m.outputPerMillion: must be an amount"));
        let missing = refusal(r#"{"policies": [{"name": "x"}], "prices": {"m": {"inputPerMillion": 1}}}"#);
        assert!(
            missing.starts_with("prices.m.outputPerMillion: must be an amount") && missing.ends_with("got nothing")
        );
        assert_eq!(
            refusal(r#"{"policies": [{"name": "x"}], "prices": 5}"#),
            "prices: must be an object of prices by model name; got 5"
        );
        assert!(refusal(&priced("", "1", "1")).starts_with("prices: must be a model's name of 1 to 80 characters"));
    }

    #[test]
    fn a_model_of_the_traffic_without_a_price_is_named_with_its_number_of_calls_when_the_file_meets_it() {
        let file = read(&priced("other", "1", "1")).unwrap();
        let call =
            |i: u32| Call { at: Instant(0), user: 0, model: 0, request: i, input: 1, output: 1, latency: Span(0) };
        let traffic = Traffic::new(
            vec![Cohort { name: "all".into(), label: "All".into() }],
            vec![User { name: "a".into(), cohort: 0 }],
            vec!["toy".into()],
            (0..3).map(call).collect(),
        )
        .unwrap();
        let err = run(&traffic, &file.policies[0], &file.prices.unwrap(), Record::default()).unwrap_err();
        assert_eq!(err, RunError::NoPrice(vec![("toy".into(), 3)]));
        assert_eq!(err.to_string(), "prices: no price for \"toy\" (3 calls); give each model a price");
    }

    #[test]
    fn a_files_prices_replace_the_scenarios_and_a_model_they_miss_is_named_with_its_calls() {
        let toy = scenario::find("toyDay").unwrap();
        let values = Values::defaults(toy);
        let run =
            |prices: Option<&PriceTable>| scenario::run_with_prices(toy, 3, &values, None, prices, Record::default());
        let own = run(None).unwrap();
        // The toy's price is $2 and $10 per million tokens: twice that doubles the bill of
        // every policy that counts calls, not money.
        let double = read(&priced("toy", "4", "20")).unwrap().prices.unwrap();
        let doubled = run(Some(&double)).unwrap();
        for (a, b) in own.policies.iter().zip(&doubled.policies).filter(|(a, _)| a.policy != "dailyBudget") {
            assert_eq!(b.bill.0, 2 * a.bill.0, "{}: {} then {}", a.policy, a.bill.0, b.bill.0);
        }
        let other = read(&priced("other", "1", "1")).unwrap().prices.unwrap();
        let calls: u32 = own.users.iter().map(|u| u.calls).sum();
        assert_eq!(run(Some(&other)).err(), Some(RunError::NoPrice(vec![("toy".into(), u64::from(calls))])));
        assert_eq!(own.models, vec!["toy".to_string()], "the run names its models");
    }

    #[test]
    fn text_that_is_not_json_says_the_line_and_column_not_serdes_words() {
        assert_eq!(
            refusal("{\n  \"name\": \"x\",\n  \"guards\": [\n"),
            "policy file: must be JSON; the text ends at line 4, column 0, before the JSON does"
        );
        assert_eq!(refusal("{\"name\" \"x\"}"), "policy file: must be JSON; it is not at line 1, column 9");
        assert_eq!(refusal("{\"name\": \"x\"} trailing"), "policy file: must be JSON; it is not at line 1, column 15");
        assert!(refusal("").starts_with("policy file: must be JSON; the text ends at line 1"));
        assert!(refusal("\u{0}").starts_with("policy file: must be JSON; it is not at line 1, column 1"));
        // Nested a million deep: refused as what it is, without running out of stack.
        let deep = format!("{}{}", "[".repeat(1_000_000), "]".repeat(1_000_000));
        assert!(refusal(&deep).starts_with("[0]: must be a policy: "), "{}", refusal(&deep));
        let deep = format!("{}1{}", "{\"a\": ".repeat(1_000_000), "}".repeat(1_000_000));
        assert!(refusal(&deep).starts_with("policy file: must be an object with only the fields \"name\""));
    }

    #[test]
    fn a_file_of_the_wrong_shape_says_what_a_file_may_be() {
        let expected = |got: &str| format!("policy file: must be {FILE_ALLOWED}; got {got}");
        for (text, got) in [("5", "5"), ("\"x\"", "\"x\""), ("null", "null"), ("true", "true")] {
            assert_eq!(refusal(text), expected(got));
        }
        assert_eq!(refusal("[]"), "policy file: must be a list of at least one policy; got an empty list");
        assert_eq!(refusal("{\"policies\": []}"), "policies: must be a list of at least one policy; got an empty list");
        assert_eq!(refusal("{\"prices\": {}}"), "policies: must be a list of at least one policy; got nothing");
        assert_eq!(refusal("{\"policies\": {}}"), "policies: must be a list of at least one policy; got an object");
        assert_eq!(refusal("[5]"), format!("[0]: must be {POLICY_ALLOWED}; got 5"));
    }

    #[test]
    fn an_unknown_guard_lists_the_known_ones() {
        let text = r#"{"policies": [{"name": "x", "guards": [{"guard": "leakyBucket", "rate": 5}]}]}"#;
        assert_eq!(refusal(text), format!("policies[0].guards[0].guard: must be {GUARD_ALLOWED}; got \"leakyBucket\""));
        let missing = r#"{"name": "x", "guards": [{"limit": 5}]}"#;
        assert_eq!(refusal(missing), format!("guards[0].guard: must be {GUARD_ALLOWED}; got nothing"));
        assert_eq!(
            refusal(r#"{"name": "x", "guards": [{"guard": 3}]}"#),
            format!("guards[0].guard: must be {GUARD_ALLOWED}; got 3")
        );
        for guard in
            ["slidingWindow", "moneyBudget", "spendCeiling", "tokenBucket", "tokenBudget", "degrade", "tenantLedger"]
        {
            assert!(GUARD_ALLOWED.contains(&format!("\"{guard}\"")), "{guard} is listed: {GUARD_ALLOWED}");
        }
        assert!(refusal(r#"{"name": "x", "guards": {"guard": "slidingWindow"}}"#)
            .starts_with("guards: must be a list of guards"));
    }

    #[test]
    fn a_zero_or_negative_limit_window_budget_ceiling_or_period_names_the_field_and_its_range() {
        let limit =
            |got: &str| format!("guards[0].limit: must be a whole number of calls from 1 to 4294967295; got {got}");
        for bad in ["0", "-1", "-0", "1.5", "5.0", "1e1", "4294967296", "\"5\""] {
            assert_eq!(refusal(&window(bad, "60000")), limit(bad), "limit {bad}");
        }
        let window_ms = |got: &str| {
            format!(
                "guards[0].windowMs: must be a whole number of milliseconds from 1 to 18446744073709551615; got {got}"
            )
        };
        for bad in ["0", "-60000", "18446744073709551616"] {
            assert_eq!(refusal(&window("5", bad)), window_ms(bad), "windowMs {bad}");
        }
        let budget = |field: &str| {
            format!(
                r#"{{"name": "b", "guards": [{{"guard": "moneyBudget", {field}, "refill": "daily",
                    "setAside": {{"kind": "nothing"}}}}]}}"#
            )
        };
        assert_eq!(
            refusal(&budget("\"budgetMicros\": 0")),
            "guards[0].budgetMicros: must be a whole number of micro-dollars from 1 to 1000000000000000; got 0"
        );
        for bad in ["0", "-1", "\"-0.25\"", "0.0000001", "\"abc\""] {
            let msg = refusal(&budget(&format!("\"budgetDollars\": {bad}")));
            assert_eq!(msg, format!("guards[0].budgetDollars: must be {DOLLARS_ALLOWED}; got {bad}"), "{bad}");
        }
        let ceiling = |field: &str, period: &str| {
            format!(r#"{{"name": "c", "guards": [{{"guard": "spendCeiling", {field}, "periodMs": {period}}}]}}"#)
        };
        let refused_at = |field: &str, at: &str| refusal(&ceiling(field, "1")).starts_with(at);
        assert!(refused_at("\"ceilingMicros\": -5", "guards[0].ceilingMicros: must be a whole"));
        assert!(
            refusal(&ceiling("\"ceilingDollars\": 0", "1")).starts_with("guards[0].ceilingDollars: must be an amount")
        );
        assert!(refusal(&ceiling("\"ceilingDollars\": 5", "0")).starts_with("guards[0].periodMs: must be a whole"));
        let both = ceiling("\"ceilingDollars\": 5, \"ceilingMicros\": 5000000", "1");
        assert_eq!(refusal(&both), "guards[0].ceilingMicros: must be given once, as Micros or as Dollars; got both");
        let read_back = read(&ceiling("\"ceilingDollars\": \"0.25\"", "86400000")).unwrap();
        let expected = Guard::SpendCeiling { ceiling_micros: Micros(250_000), period_ms: Span(86_400_000) };
        assert_eq!(read_back.policies[0].guards, vec![expected], "dollars read exactly");
    }

    #[test]
    fn an_unknown_or_repeated_field_is_named_with_the_fields_allowed() {
        assert_eq!(
            refusal(&window("5", "60000 , \"limt\": 3")),
            "guards[0]: must be a slidingWindow guard: only the fields \"guard\", \"limit\" and \"windowMs\"; got the \
             field \"limt\""
        );
        assert_eq!(
            refusal(r#"{"name": "x", "guard": []}"#),
            "policy file: must be an object with only the fields \"name\", \"guards\", \"processes\" and \"ladder\"; got the field \
             \"guard\""
        );
        assert_eq!(
            refusal(r#"[{"name": "x", "Name": "y"}]"#),
            "[0]: must be an object with only the fields \"name\", \"guards\", \"processes\" and \"ladder\"; got the field \"Name\""
        );
        assert_eq!(refusal(&window("5", "1, \"limit\": 6")), "guards[0].limit: must be given once; got a second time");
        assert!(refusal(r#"{"policies": [{"name": "x"}], "price": {}}"#).starts_with(
            "policy file: must be an object with only the fields \"policies\" and \"prices\"; got the field"
        ));
        let set_aside = r#"{"name": "b", "guards": [{"guard": "moneyBudget", "budgetMicros": 5, "refill": "daily",
            "setAside": {"kind": "nothing", "maxTokens": 5}}]}"#;
        assert!(
            refusal(set_aside).starts_with("guards[0].setAside: must be {\"kind\": \"nothing\"} with no other field")
        );
        let price = r#"{"policies": [{"name": "x"}],
            "prices": {"m": {"inputPerMillion": 1, "outputPerMillion": 1, "cached": 1}}}"#;
        assert!(refusal(price).starts_with("prices.m: must be an object with only the fields \"inputPerMillion\""));
    }

    #[test]
    fn a_policys_name_refill_set_aside_and_processes_are_checked() {
        assert!(refusal(r#"{"guards": []}"#).starts_with("name: must be a name of 1 to 80 characters"));
        assert!(refusal(r#"{"name": ""}"#).ends_with("got \"\""));
        assert!(refusal(r#"{"name": "a\u001b[2J"}"#).starts_with("name: must be a name"), "no control characters");
        assert_eq!(
            refusal(r#"[{"name": "x"}, {"name": "x"}]"#),
            "[1].name: must be a name no other policy of the file has; got \"x\""
        );
        assert_eq!(
            refusal(r#"{"name": "x", "processes": 0}"#),
            "processes: must be a whole number of processes from 1 to 100; got 0"
        );
        let budget = |refill: &str, set_aside: &str| {
            format!(
                r#"{{"name": "b", "guards": [{{"guard": "moneyBudget", "budgetMicros": 5, "refill": {refill},
                    "setAside": {set_aside}}}]}}"#
            )
        };
        assert_eq!(
            refusal(&budget("\"weekly\"", "{\"kind\": \"nothing\"}")),
            "guards[0].refill: must be \"daily\" or \"steady\"; got \"weekly\""
        );
        assert_eq!(
            refusal(&budget("\"daily\"", "{\"kind\": \"most\"}")),
            "guards[0].setAside.kind: must be \"nothing\" or \"worstCase\"; got \"most\""
        );
        assert!(refusal(&budget("\"daily\"", "{\"kind\": \"worstCase\", \"inputPercent\": 50}"))
            .starts_with("guards[0].setAside.maxTokens: must be a whole number of tokens"));
        assert!(refusal(&budget("\"daily\"", "\"worstCase\"")).starts_with("guards[0].setAside: must be {\"kind\""));
    }

    #[test]
    fn a_huge_value_is_shown_cut_short() {
        let msg = refusal(&window(&"9".repeat(100_000), "1"));
        assert!(msg.len() < 300, "{msg}");
        let msg = refusal(&format!("{{\"name\": \"{}\"}}", "x".repeat(100_000)));
        assert!(msg.len() < 300, "{msg}");
    }

    #[test]
    fn the_lesson_003_guards_read_back_and_each_bad_field_is_named_with_its_range() {
        let file = |guard: &str| format!(r#"{{"name": "x", "guards": [{guard}]}}"#);
        let read_one = |guard: &str| read(&file(guard)).map(|f| f.policies[0].guards[0].clone());
        let bucket = Guard::TokenBucket { capacity: NonZeroU32::new(5).unwrap(), refill_per_minute: 10 };
        assert_eq!(read_one(r#"{"guard": "tokenBucket", "capacity": 5, "refillPerMinute": 10}"#), Ok(bucket));
        let budget = Guard::TokenBudget { budget_tokens: 60_000, max_tokens: Some(1_000) };
        assert_eq!(read_one(r#"{"guard": "tokenBudget", "budgetTokens": 60000, "maxTokens": 1000}"#), Ok(budget));
        let budget = Guard::TokenBudget { budget_tokens: 60_000, max_tokens: None };
        assert_eq!(read_one(r#"{"guard": "tokenBudget", "budgetTokens": 60000}"#), Ok(budget));
        let degrade = r#"{"guard": "degrade", "ceilingDollars": "3.00", "periodMs": 86400000, "model": "small"}"#;
        let expected =
            Guard::Degrade { ceiling_micros: Micros(3_000_000), period_ms: Span(86_400_000), model: "small".into() };
        assert_eq!(read_one(degrade), Ok(expected.clone()));
        let text = serde_json::to_string(&Policy::new("x", vec![expected.clone()])).unwrap();
        assert_eq!(read(&text).map(|f| f.policies[0].guards.clone()), Ok(vec![expected]), "{text}");
        let cases = [
            (r#"{"guard": "tokenBucket", "capacity": 0, "refillPerMinute": 10}"#, "guards[0].capacity: must be a whole number of bucket tokens from 1 to 4294967295; got 0"),
            (r#"{"guard": "tokenBucket", "capacity": 5, "refillPerMinute": -1}"#, "guards[0].refillPerMinute: must be a whole number of bucket tokens a minute from 0 to 4294967295; got -1"),
            (r#"{"guard": "tokenBucket", "capacity": 5}"#, "guards[0].refillPerMinute: must be a whole number of bucket tokens a minute from 0 to 4294967295; got nothing"),
            (r#"{"guard": "tokenBucket", "capacity": 5, "refillPerMinute": 1, "burst": 2}"#, "guards[0]: must be a tokenBucket guard: only the fields \"guard\", \"capacity\" and \"refillPerMinute\"; got the field \"burst\""),
            (r#"{"guard": "tokenBudget", "budgetTokens": 0}"#, "guards[0].budgetTokens: must be a whole number of tokens from 1 to 1000000000000; got 0"),
            (r#"{"guard": "tokenBudget", "budgetTokens": 5, "maxTokens": 1.5}"#, "guards[0].maxTokens: must be a whole number of tokens from 0 to 1000000000; got 1.5"),
            (r#"{"guard": "degrade", "ceilingDollars": 0, "periodMs": 1, "model": "m"}"#, &format!("guards[0].ceilingDollars: must be {DOLLARS_ALLOWED}; got 0")),
            (r#"{"guard": "degrade", "ceilingDollars": 1, "periodMs": 1, "model": ""}"#, "guards[0].model: must be a model's name of 1 to 80 characters, no control characters; got \"\""),
            (r#"{"guard": "degrade", "ceilingDollars": 1, "periodMs": 1}"#, "guards[0].model: must be a model's name of 1 to 80 characters, no control characters; got nothing"),
        ];
        for (guard, expected) in cases {
            assert_eq!(refusal(&file(guard)), expected, "{guard}");
        }
    }

    #[test]
    fn lesson_001s_guards_are_read_with_every_field_checked_and_the_known_guards_listed() {
        for guard in ["rateLimiter", "dailyCap", "setAsideCap"] {
            assert!(GUARD_ALLOWED.contains(&format!("\"{guard}\"")), "{guard} is listed: {GUARD_ALLOWED}");
        }
        let file = read(
            r#"{"name": "app", "processes": 2, "guards": [
                {"guard": "rateLimiter", "limit": 5, "windowMs": 60000},
                {"guard": "dailyCap", "capDollars": "0.001"},
                {"guard": "setAsideCap", "capMicros": 800, "maxTokens": 80}]}"#,
        )
        .unwrap();
        let limit = Guard::RateLimiter { limit: NonZeroU32::new(5).unwrap(), window_ms: Span(60_000) };
        let cap = Guard::DailyCap { cap_micros: Micros(1_000) };
        let set_aside = Guard::SetAsideCap { cap_micros: Micros(800), max_tokens: 80 };
        assert_eq!(file.policies[0].guards, vec![limit, cap, set_aside]);
        assert_eq!(file.policies[0].processes, 2);
        let guard = |g: &str| format!(r#"{{"name": "x", "guards": [{g}]}}"#);
        let refused = |g: &str| refusal(&guard(g));
        assert_eq!(
            refused(r#"{"guard": "rateLimiter", "limit": 0, "windowMs": 60000}"#),
            "guards[0].limit: must be a whole number of calls from 1 to 4294967295; got 0"
        );
        assert_eq!(
            refused(r#"{"guard": "rateLimiter", "limit": 5, "windowMs": 0}"#),
            "guards[0].windowMs: must be a whole number of milliseconds from 1 to 18446744073709551615; got 0"
        );
        assert!(refused(r#"{"guard": "rateLimiter", "limit": 5}"#).ends_with("; got nothing"));
        assert_eq!(
            refused(r#"{"guard": "rateLimiter", "limit": 5, "windowMs": 1, "window": 60}"#),
            "guards[0]: must be a rateLimiter guard: only the fields \"guard\", \"limit\" and \"windowMs\"; got the \
             field \"window\""
        );
        assert_eq!(
            refused(r#"{"guard": "dailyCap", "capDollars": 0}"#),
            format!("guards[0].capDollars: must be {DOLLARS_ALLOWED}; got 0")
        );
        assert_eq!(
            refused(r#"{"guard": "dailyCap"}"#),
            format!("guards[0].capDollars: must be {DOLLARS_ALLOWED}; got nothing")
        );
        assert_eq!(
            refused(r#"{"guard": "dailyCap", "capMicros": 5, "capDollars": 1}"#),
            "guards[0].capMicros: must be given once, as Micros or as Dollars; got both"
        );
        assert!(refused(r#"{"guard": "setAsideCap", "capMicros": 5}"#)
            .starts_with("guards[0].maxTokens: must be a whole number of tokens from 0 to 1000000000; got nothing"));
        assert!(refused(r#"{"guard": "setAsideCap", "capMicros": 5, "maxTokens": -1}"#).ends_with("got -1"));
        assert!(refused(r#"{"guard": "dailyCap", "capMicros": 5, "periodMs": 1}"#)
            .starts_with("guards[0]: must be a dailyCap guard: only the fields"));
    }
}
