//! Reading the settings of the calls-at-once experiment from JS: `{ calls,
//! estimatePercent, budgetDollars }`, each optional, through the core's checks, with the
//! same field-naming errors as the day's settings.

use crate::js_input::object;
use crate::settings_input::number_field;
use crate::thrown::Thrown;
use billsim_core::lessons::toy_day::in_flight::{self, Params};
use billsim_core::settings;
use wasm_bindgen::JsValue;

const FIELDS: [&str; 3] = ["calls", "estimatePercent", "budgetDollars"];

/// `{ calls, estimatePercent, budgetDollars }` into the experiment's settings; `undefined`
/// or `null` is the lesson's (20 calls, the input guessed at 50%, $0.25).
pub fn params(value: &JsValue) -> Result<Params, Thrown> {
    let defaults = Params::default();
    let Some(object) = object(value, "settings", &FIELDS)? else {
        return Ok(defaults);
    };
    let calls = number_field(&object, "calls", in_flight::CALLS_ALLOWED, in_flight::parse_calls)?;
    let estimate = number_field(&object, "estimatePercent", in_flight::ESTIMATE_ALLOWED, in_flight::parse_estimate)?;
    let budget = number_field(&object, "budgetDollars", settings::BUDGET_ALLOWED, settings::parse_budget)?;
    Params::new(
        calls.unwrap_or(defaults.calls()),
        estimate.unwrap_or(defaults.estimate_percent()),
        budget.unwrap_or(defaults.budget()),
    )
    .map_err(Thrown::from)
}

/// The widget's form text for the experiment, `{ calls, estimatePercent }` as typed (each
/// optional), through the core's parsers: the numbers `overrun` takes.
#[cfg(feature = "api")]
pub fn text_params(value: &JsValue) -> Result<(u32, u32), Thrown> {
    let defaults = Params::default();
    let Some(object) = object(value, "settings", &FIELDS[..2])? else {
        return Ok((defaults.calls(), defaults.estimate_percent()));
    };
    let read = |field, allowed, parse: fn(&str) -> Result<u32, settings::Invalid>| -> Result<Option<u32>, Thrown> {
        match crate::js_input::text_field(&object, field, allowed)? {
            Some(t) => parse(&t).map(Some).map_err(|e| Thrown::from(e.on(field))),
            None => Ok(None),
        }
    };
    let calls = read("calls", in_flight::CALLS_ALLOWED, in_flight::parse_calls)?;
    let estimate = read("estimatePercent", in_flight::ESTIMATE_ALLOWED, in_flight::parse_estimate)?;
    Ok((calls.unwrap_or(defaults.calls()), estimate.unwrap_or(defaults.estimate_percent())))
}
