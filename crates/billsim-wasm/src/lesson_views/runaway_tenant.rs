//! Lesson 002's own views: the runaway day zoomed, and the ladder against the hard block.

use crate::js_input;
use crate::js_output::{on_canvas, to_js};
use crate::kept_view::{kept, kept_run};
use crate::Thrown;
use billsim_chart::Theme;
use billsim_core::views::over_time::OverTime;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Lesson 002's runaway day, zoomed: the runaway tenant's spend from 09:00 to 14:00 of its
/// day under each policy, on a scale of tens, against its daily budget and the product's
/// monthly budget, on month `seed` with `settings` (the runaway tenant's, as for
/// `runScenario`): an `OverTime`, as `overTimeView` gives, all from the core.
#[wasm_bindgen(js_name = runawayDayView, unchecked_return_type = "OverTime")]
pub fn runaway_day_view(
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*runaway_day_of(&settings, &seed)?)
}

/// Draws `runawayDayView`'s chart onto `canvas` (the over-time chart, zoomed); `look` as
/// for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawRunawayDay)]
pub fn draw_runaway_day(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let view = runaway_day_of(&settings, &seed)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_over_time(area, &view, &theme))
}

/// Lesson 002's ladder against the hard block on month `seed` with `settings` (the runaway
/// tenant's): `{ title, parts, rows: [{ policy, heading, runaway, calls, note }], sentences,
/// table }`, the calls each daily cap stopped on the model they asked for, served on a
/// cheaper model or refused, all from the core.
#[wasm_bindgen(js_name = ladderView, unchecked_return_type = "LadderView")]
pub fn ladder_view(
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*ladder_of(&settings, &seed)?)
}

/// Draws `ladderView`'s chart onto `canvas`; `look` as for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawLadder)]
pub fn draw_ladder(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let view = ladder_of(&settings, &seed)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_ladder(area, &view, &theme))
}

/// Lesson 002's month with `settings` on run `seed`, as the other views read it (kept, with
/// every event: the zoom and the ladder count them), and its settings.
fn tenant_month(
    settings: &JsValue,
    seed: &JsValue,
) -> Result<(std::rc::Rc<billsim_core::scenario::ScenarioRun>, billsim_core::scenario::Values), Thrown> {
    let (_, values, run) = kept_run(&JsValue::from_str("runawayTenant"), settings, seed)?;
    Ok((run, values))
}

fn runaway_day_of(settings: &JsValue, seed: &JsValue) -> Result<Rc<OverTime>, Thrown> {
    let (run, values) = tenant_month(settings, seed)?;
    kept("runawayDay", &run, "", |run| {
        billsim_core::lessons::runaway_tenant::runaway_day::runaway_day_view(run, &values).map_err(Thrown::run)
    })
}

fn ladder_of(
    settings: &JsValue,
    seed: &JsValue,
) -> Result<Rc<billsim_core::lessons::runaway_tenant::ladder::LadderView>, Thrown> {
    let (run, _) = tenant_month(settings, seed)?;
    kept("ladder", &run, "", |run| Ok::<_, Thrown>(billsim_core::lessons::runaway_tenant::ladder::ladder_view(run)))
}
