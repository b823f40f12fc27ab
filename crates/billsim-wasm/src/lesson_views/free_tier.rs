//! Lesson 003's own view: each sockpuppet account's requests through and refused.

use crate::js_input;
use crate::js_output::{on_canvas, to_js};
use crate::kept_view::{kept, kept_run};
use crate::settings_input;
use crate::Thrown;
use billsim_chart::Theme;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// What the accounts view shows for scenario `name` on run number `seed` (`settings` as
/// for `runScenario`) with `policy` picked: `{ title, through, refused, most, rows: [{
/// policy, heading, note, sentence, accounts: [{ name, requests, through, refused }] }],
/// table }`, all from the core: each account of the lesson's kind of user under the policy
/// the lesson says lets them through and under `policy`. A scenario with no such view
/// throws with `field` "scenario".
#[wasm_bindgen(js_name = accountsView, unchecked_return_type = "Accounts")]
pub fn accounts_view(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*accounts_of(&name, &settings, &seed, &policy)?)
}

/// Draws `accountsView`'s chart onto `canvas`; `look` as for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawAccounts)]
pub fn draw_accounts(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let view = accounts_of(&name, &settings, &seed, &policy)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_accounts(area, &view, &theme))
}

fn accounts_of(
    name: &JsValue,
    settings: &JsValue,
    seed: &JsValue,
    policy: &JsValue,
) -> Result<Rc<billsim_core::views::accounts::Accounts>, Thrown> {
    let (scenario, _, run) = kept_run(name, settings, seed)?;
    let policy = settings_input::scenario_policy(scenario, policy)?;
    if scenario.accounts.is_none() {
        return Err(Thrown::on(
            "scenario",
            format!("{} has no view of its accounts; the free tier has", scenario.name),
        ));
    }
    kept("accounts", &run, policy, |run| {
        billsim_core::views::accounts::accounts(run, policy)
            .ok_or_else(|| Thrown::on("scenario", format!("{} has no view of its accounts", scenario.name)))
    })
}
