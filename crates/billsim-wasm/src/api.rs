//! The exports of `bill-widget/core` beyond those the element calls: lesson 000's day, its
//! readout and summary, its calls at once and its claims over many days, and the readers
//! of their form text. A lesson's widget module leaves them out (the feature "api").

use crate::js_output::to_js;
use crate::settings_input;
use crate::{day_input, in_flight_input, Thrown};
use billsim_core::engine::Record;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One toy day under every policy: `{ seed, settings, users, policies }`, the same JSON
/// as `billsim day --json`. `settings` is `{ seed, perMinute, budgetDollars, refill }`,
/// every field optional; `undefined` or `null` means all defaults.
#[wasm_bindgen(js_name = simulateDay, unchecked_return_type = "DayResult")]
pub fn simulate_day(#[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue) -> Result<JsValue, Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let day = billsim_core::simulate_day(seed, &settings)?;
    to_js(&day)
}

/// The one-line summary of `policy` for the day `settings` gives, as the page shows it.
#[wasm_bindgen(js_name = summarize)]
pub fn summarize(
    #[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
) -> Result<String, Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let policy = day_input::policy(&policy)?;
    let day = billsim_core::simulate_day(seed, &settings)?;
    Ok(day.summary(policy))
}

/// Many calls at once, all checked before any is charged, under each version of the
/// budget: `[{ version, admitted, chargedMicros }, ...]`, the same JSON as
/// `billsim overrun --json`. `settings` is `{ calls, estimatePercent, budgetDollars }`,
/// every field optional; `undefined` or `null` means the lesson's (20, 50, 0.25).
#[wasm_bindgen(js_name = overrun, unchecked_return_type = "OverrunRow[]")]
pub fn overrun(#[wasm_bindgen(unchecked_param_type = "OverrunOptions")] settings: JsValue) -> Result<JsValue, Thrown> {
    let params = in_flight_input::params(&settings)?;
    to_js(&billsim_core::lessons::toy_day::in_flight::overrun(&params)?)
}

/// Settings as text (`{ seed: "3", perMinute: "5", budgetDollars: "0.25", refill: "daily" }`,
/// each optional), as a form, an address or attributes give them, checked by the core and
/// returned as `simulateDay` takes them (absent fields are the defaults; the seed only
/// when given).
#[wasm_bindgen(js_name = readSettingsText, unchecked_return_type = "DayOptions")]
pub fn read_settings_text(
    #[wasm_bindgen(unchecked_param_type = "Partial<Record<SettingKey, string>>")] text: JsValue,
) -> Result<JsValue, Thrown> {
    let (seed, settings) = day_input::text_settings(&text)?;
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Numbers {
        #[serde(skip_serializing_if = "Option::is_none")]
        seed: Option<u32>,
        per_minute: u32,
        /// For JS only: `simulateDay` reads it back through its shortest decimal form,
        /// which is the exact amount again.
        budget_dollars: f64,
        refill: billsim_core::Refill,
    }
    to_js(&Numbers {
        seed,
        per_minute: settings.per_minute.get(),
        budget_dollars: settings.budget.0 as f64 / billsim_core::Micros::PER_DOLLAR as f64,
        refill: settings.refill,
    })
}

/// The lesson's claims checked over `count` days from the settings' seed (1 to 10,000
/// days): the same object as `billsim days --json`.
#[wasm_bindgen(js_name = checkDays)]
pub fn check_days(
    #[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
) -> Result<JsValue, Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let count = day_input::day_count(&count)?;
    let days = billsim_core::lessons::toy_day::many_days::many_days(seed, count, &settings)?;
    to_js(&days)
}

/// The day `settings` gives as rows a reader can scan: for each policy and user, calls,
/// served, refused, charged (in dollars) and share of the bill, written by the core.
#[wasm_bindgen(js_name = dayReadout, unchecked_return_type = "ReadoutRow[]")]
pub fn day_readout(#[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue) -> Result<JsValue, Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let day = billsim_core::simulate_day(seed, &settings)?;
    to_js(&billsim_core::lessons::toy_day::readout::readout(&day))
}

/// The experiment's form text (`{ calls: "20", estimatePercent: "50" }`, each optional),
/// checked by the core, as numbers for `overrun`: `{ calls, estimatePercent }`.
#[wasm_bindgen(js_name = readOverrunText, unchecked_return_type = "OverrunOptions")]
pub fn read_overrun_text(
    #[wasm_bindgen(unchecked_param_type = "Partial<Record<SettingKey, string>>")] text: JsValue,
) -> Result<JsValue, Thrown> {
    let (calls, estimate_percent) = in_flight_input::text_params(&text)?;
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Numbers {
        calls: u32,
        estimate_percent: u32,
    }
    to_js(&Numbers { calls, estimate_percent })
}

/// Runs scenario `name` (`"toyDay"`, `"callsAtOnce"`) on run number `seed` under each of
/// its policies: the same JSON as `billsim run --scenario NAME --seed N --json`.
/// `settings` holds the scenario's settings by key (text or numbers), each optional.
#[wasm_bindgen(js_name = runScenario, unchecked_return_type = "ScenarioRun")]
pub fn run_scenario(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    let (scenario, values) = settings_input::scenario_values(&name, &settings)?;
    let seed = settings_input::seed(&seed)?;
    let run = billsim_core::scenario::run(scenario, seed, &values, None, Record::default()).map_err(Thrown::run)?;
    to_js(&run)
}
