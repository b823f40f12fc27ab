//! Lesson 001's own view: the tutorial's runs as its client gets them, and the demo day.

use crate::canvas::Canvas;
use crate::js_input;
use crate::js_output::{on_canvas, to_js};
use crate::kept_view::{kept, kept_run};
use crate::settings_input;
use crate::Thrown;
use billsim_chart::Theme;
use plotters::prelude::IntoDrawingArea;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Lesson 001's client's view: the tutorial's two runs of `demo.py` replayed, each answer as
/// its client gets it, and day `seed` of the demo link with `settings` (as for
/// `runScenario("hackathon", ...)`) under `policy`: `{ title, runs: [{ heading, responses:
/// [{ user, status, retryAfter?, words, retry, spentNanos, spentWords }], capNanos, capLabel,
/// overshoot, sentence }], day: { heading, kinds: [{ label, ok, limited, capped,
/// retryAfter?, words }], cap?, sentence } }`, all from the core.
#[wasm_bindgen(js_name = clientView, unchecked_return_type = "ClientView")]
pub fn client_view(
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*client_of(&settings, &seed, &policy)?)
}

/// Draws `clientView`'s chart onto `canvas`; `look` as for `drawShareOfBill`. Its words
/// wrap to the canvas's width: `clientHeight` says how tall a canvas it needs.
#[wasm_bindgen(js_name = drawClient)]
pub fn draw_client(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let view = client_of(&settings, &seed, &policy)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_client(area, &view, &theme).map(|_| ()))
}

/// The height in a canvas's pixels that `drawClient`'s chart takes on a canvas `width`
/// pixels wide (its words wrap to the width): a page sizes the canvas to it before drawing.
#[wasm_bindgen(js_name = clientHeight)]
pub fn client_height(
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
) -> Result<u32, Thrown> {
    let view = client_of(&settings, &seed, &policy)?;
    let theme: Theme = js_input::look(&look)?;
    // Laid out at its width on a canvas that draws nothing, as tall as any chart gets.
    let area = Canvas::measuring((js_input::canvas_width(&width)?, u32::from(u16::MAX))).into_drawing_area();
    billsim_chart::draw_client(&area, &view, &theme).map_err(|e| Thrown::general(format!("drawing failed: {e}")))
}

fn client_of(
    settings: &JsValue,
    seed: &JsValue,
    policy: &JsValue,
) -> Result<Rc<billsim_core::lessons::hackathon::client_view::ClientView>, Thrown> {
    use billsim_core::lessons::hackathon::{client_view::client_view_of_day, Policy, Settings};
    let (scenario, values, run) = kept_run(&JsValue::from_str("hackathon"), settings, seed)?;
    let name = settings_input::scenario_policy(scenario, policy)?;
    // `scenario_policy` took one of the scenario's policies, each of `Policy::ALL`.
    let policy = Policy::ALL.into_iter().find(|p| p.name() == name).ok_or_else(|| Thrown::on("policy", name))?;
    kept("client", &run, name, |run| {
        client_view_of_day(run, policy, &Settings::from_values(&values)).map_err(Thrown::run)
    })
}
