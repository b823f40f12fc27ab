//! Reading lesson 000's day settings from JS: `{ seed, perMinute, budgetDollars, refill }`
//! as numbers (or, for `readSettingsText`, as text), a policy's name and a count of days,
//! each through the core's checks, with errors that name the field.

#[cfg(feature = "api")]
use crate::js_input::text_field;
use crate::js_input::{describe, error, get, object};
use crate::settings_input::{number_field, number_value};
use crate::thrown::Thrown;
use billsim_core::settings::{self, Invalid};
use billsim_core::{Policy, Settings};
use wasm_bindgen::JsValue;

const SETTINGS_FIELDS: [&str; 4] = ["seed", "perMinute", "budgetDollars", "refill"];

/// `{ seed, perMinute, budgetDollars, refill }`, each optional, into a day number and settings.
pub fn day_settings(value: &JsValue) -> Result<(u32, Settings), Thrown> {
    let mut settings = Settings::default();
    let Some(object) = object(value, "settings", &SETTINGS_FIELDS)? else {
        return Ok((0, settings));
    };
    let seed = number_field(&object, "seed", settings::SEED_ALLOWED, settings::parse_seed)?.unwrap_or(0);
    if let Some(n) = number_field(&object, "perMinute", settings::PER_MINUTE_ALLOWED, settings::parse_per_minute)? {
        settings.per_minute = n;
    }
    if let Some(b) = number_field(&object, "budgetDollars", settings::BUDGET_ALLOWED, settings::parse_budget)? {
        settings.budget = b;
    }
    let refill = get(&object, "refill", settings::REFILL_ALLOWED)?;
    if !refill.is_undefined() {
        let text = refill.as_string().ok_or_else(|| error("refill", settings::REFILL_ALLOWED, describe(&refill)))?;
        settings.refill = settings::parse_refill(&text).map_err(|e| Thrown::from(e.on("refill")))?;
    }
    Ok((seed, settings))
}

/// Settings as text, as a form, an address or an element's attributes give them:
/// `{ seed, perMinute, budgetDollars, refill }`, each optional, read by the core's parsers
/// exactly (a budget of "0.07" is 70,000 micro-dollars, not a float's neighbour).
#[cfg(feature = "api")]
pub fn text_settings(value: &JsValue) -> Result<(Option<u32>, Settings), Thrown> {
    let mut settings = Settings::default();
    let Some(object) = object(value, "settings", &SETTINGS_FIELDS)? else {
        return Ok((None, settings));
    };
    let mut seed = None;
    if let Some(t) = text_field(&object, "seed", settings::SEED_ALLOWED)? {
        seed = Some(settings::parse_seed(&t).map_err(|e| Thrown::from(e.on("seed")))?);
    }
    if let Some(t) = text_field(&object, "perMinute", settings::PER_MINUTE_ALLOWED)? {
        settings.per_minute = settings::parse_per_minute(&t).map_err(|e| Thrown::from(e.on("perMinute")))?;
    }
    if let Some(t) = text_field(&object, "budgetDollars", settings::BUDGET_ALLOWED)? {
        settings.budget = settings::parse_budget(&t).map_err(|e| Thrown::from(e.on("budgetDollars")))?;
    }
    if let Some(t) = text_field(&object, "refill", settings::REFILL_ALLOWED)? {
        settings.refill = settings::parse_refill(&t).map_err(|e| Thrown::from(e.on("refill")))?;
    }
    Ok((seed, settings))
}

const POLICY_ALLOWED: &str = "\"noLimit\", \"requestsPerMinute\" or \"dailyBudget\"";

/// A policy's name.
pub fn policy(value: &JsValue) -> Result<Policy, Thrown> {
    match value.as_string() {
        Some(s) => Policy::parse(&s).ok_or_else(|| error("policy", POLICY_ALLOWED, settings::shown(&s))),
        None => Err(error("policy", POLICY_ALLOWED, describe(value))),
    }
}

const DAY_COUNT_ALLOWED: &str = "a whole number from 1 to 10,000";

fn parse_day_count(text: &str) -> Result<u32, Invalid> {
    let bad = || Invalid { allowed: DAY_COUNT_ALLOWED, got: settings::shown(text) };
    match text.parse::<u32>() {
        Ok(n) if (1..=10_000).contains(&n) => Ok(n),
        _ => Err(bad()),
    }
}

/// How many days to check: 1 to 10,000 (more would keep the page busy for seconds).
pub fn day_count(value: &JsValue) -> Result<u32, Thrown> {
    number_value(value, "count", DAY_COUNT_ALLOWED, parse_day_count)
}
