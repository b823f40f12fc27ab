//! The guard kinds the lessons brought (`"guard": "slidingWindow"`...), read as shorthand:
//! each is a point of the language (`engine/language.rs`), so every file that worked before
//! gives the same result; the core writes the language.

use super::json::{
    dollars, join, name, object, refused, text, view, whole, wrong, Fields, Json, AMOUNT_MAX, MODEL_ALLOWED,
};
use super::ledger::outage;
use crate::engine::budget::Refill;
use crate::engine::guard::{Guard, SetAside};
use crate::engine::ledger::{FailMode, Meter, Tier};
use crate::money::Micros;
use crate::settings::shown;
use crate::settings::{self, FieldError};
use crate::time::Span;
use serde_json::value::RawValue;
use std::num::NonZeroU32;

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
const MAX_TOKENS_ALLOWED: &str = "a whole number of tokens from 1 to 1,000,000,000";
pub(super) const GUARD_ALLOWED: &str = "\"slidingWindow\", \"moneyBudget\", \"spendCeiling\", \"tokenBucket\", \
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
const CAPACITY_ALLOWED: &str = "a whole number of bucket tokens from 1 to 4,294,967,295";
const REFILL_PER_MINUTE_ALLOWED: &str = "a whole number of bucket tokens a minute from 0 to 4,294,967,295";
const BUDGET_TOKENS_ALLOWED: &str = "a whole number of tokens from 1 to 1,000,000,000,000";
const RATE_LIMITER_FIELDS: &str = "a rateLimiter guard: only the fields \"guard\", \"limit\" and \"windowMs\"";
const DAILY_CAP_FIELDS: &str = "a dailyCap guard: only the fields \"guard\" and \"capMicros\" or \"capDollars\"";
const SET_ASIDE_CAP_FIELDS: &str =
    "a setAsideCap guard: only the fields \"guard\", \"capMicros\" or \"capDollars\", and \"maxTokens\"";
const WORST_CASE_FIELDS: &str = "{\"kind\": \"worstCase\"} with only the fields \"inputPercent\" and \"maxTokens\"";
const LIMIT_ALLOWED: &str = "a whole number of calls from 1 to 4,294,967,295";
const MS_ALLOWED: &str = "a whole number of milliseconds from 1 to 18,446,744,073,709,551,615";
const MICROS_ALLOWED: &str = "a whole number of micro-dollars from 1 to 1,000,000,000,000,000";
pub(super) const DOLLARS_ALLOWED: &str =
    "an amount in dollars from 0.000001 to 1,000,000,000, with at most 6 decimals (a number or a string)";
const REFILL_ALLOWED: &str = settings::REFILL_ALLOWED;
const SET_ASIDE_ALLOWED: &str =
    "{\"kind\": \"nothing\"} or {\"kind\": \"worstCase\", \"inputPercent\": N, \"maxTokens\": N}";
const KIND_ALLOWED: &str = "\"nothing\" or \"worstCase\"";
const PERCENT_ALLOWED: &str = "a whole number of percent from 0 to 1,000";
const TOKENS_ALLOWED: &str = "a whole number of tokens from 0 to 1,000,000,000";

pub fn guard(raw: &RawValue, path: &str) -> Result<Guard, FieldError> {
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
