//! The views of the lessons after the first: each kind of user's share of the bill, and each
//! policy's bill against the honest requests it refused.

use crate::js_input;
use crate::js_output::{on_canvas, to_js};
use crate::kept_view::{kept, kept_run};
use crate::settings_input;
use crate::Thrown;
use billsim_chart::Theme;
use billsim_core::scenario::{Scenario, ScenarioRun};
use billsim_core::views::{share, trade_off};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// What the "by kind of user" view shows for scenario `name` on run number `seed`
/// (`settings` as for `runScenario`): `{ title, cohorts: [{ name, label }], bars: [{ policy,
/// label, note, segments: [{ cohort, label, chargedNanos, share }], sentence }], table:
/// { caption, columns, rows } }`, all from the core.
#[wasm_bindgen(js_name = cohortView, unchecked_return_type = "CohortView")]
pub fn cohort_view(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*view_of(&name, &settings, &seed, "cohorts", share::cohort_view)?.1)
}

/// Draws `cohortView`'s chart onto `canvas`, framing the bar of `policy` (one of the
/// scenario's policies); `look` as for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawShareByCohort)]
pub fn draw_share_by_cohort(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let (scenario, view) = view_of(&name, &settings, &seed, "cohorts", share::cohort_view)?;
    let policy = settings_input::scenario_policy(scenario, &policy)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_share_by_cohort(area, &view, policy, &theme))
}

/// What the trade-off view shows for scenario `name` on run number `seed` (`settings` as
/// for `runScenario`): `{ title, across, up, refusedTicks, moneyTicks, points: [{ policy,
/// label, name, billNanos, bill, honestRefused, honestRequests, note, sentence }], table }`,
/// all from the core, the points the `cohortView`'s bills and honest refusals.
#[wasm_bindgen(js_name = tradeOffView, unchecked_return_type = "TradeOff")]
pub fn trade_off_view(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*view_of(&name, &settings, &seed, "tradeOff", trade_off::trade_off)?.1)
}

/// Draws `tradeOffView`'s chart onto `canvas`, ringing the point of `policy` (one of the
/// scenario's policies); `look` as for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawTradeOff)]
pub fn draw_trade_off(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let (scenario, view) = view_of(&name, &settings, &seed, "tradeOff", trade_off::trade_off)?;
    let policy = settings_input::scenario_policy(scenario, &policy)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_trade_off(area, &view, policy, &theme))
}

/// The view `kind` of scenario `name`'s kept run with `settings` on run number `seed`, made
/// by `make` (kept too), and the scenario: the by-kind view and the trade-off read one run,
/// and their points are the same bills.
fn view_of<V: 'static>(
    name: &JsValue,
    settings: &JsValue,
    seed: &JsValue,
    kind: &'static str,
    make: fn(&ScenarioRun) -> V,
) -> Result<(&'static Scenario, Rc<V>), Thrown> {
    let (scenario, _, run) = kept_run(name, settings, seed)?;
    let view = kept(kind, &run, "", |run| Ok::<_, Thrown>(make(run)))?;
    Ok((scenario, view))
}
