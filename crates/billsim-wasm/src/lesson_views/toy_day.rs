//! Lesson 000's own views: the toy day's share of the bill, its sentences and its check
//! over many days, and the calls-at-once experiment.

use crate::js_input;
use crate::js_output::{on_canvas, to_js};
use crate::{day_input, in_flight_input, Thrown};
use billsim_chart::{draw_overrun as draw_overrun_chart, draw_share_of_bill, Theme};
use billsim_core::Policy;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Draws the share-of-bill chart of the day `settings` gives onto `canvas`, framing
/// `policy`. `look` is `{ dark, scale }`: dark colours, and device pixels per CSS pixel
/// (the page sizes the canvas's backing store by it, so the bars stay sharp).
#[wasm_bindgen(js_name = drawShareOfBill)]
pub fn draw(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let policy: Policy = day_input::policy(&policy)?;
    let theme: Theme = js_input::look(&look)?;
    let day = billsim_core::simulate_day(seed, &settings)?;
    on_canvas(canvas, |area| draw_share_of_bill(area, &day, policy, &theme))
}

/// Draws the overrun chart for `settings` (as `overrun` takes them) onto `canvas`: one
/// bar per version against a dashed line at the budget. `look` is as for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawOverrun)]
pub fn draw_overrun(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "OverrunOptions")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let params = in_flight_input::params(&settings)?;
    let theme: Theme = js_input::look(&look)?;
    let rows = billsim_core::lessons::toy_day::in_flight::overrun(&params)?;
    on_canvas(canvas, |area| draw_overrun_chart(area, &rows, &params, &theme))
}

/// What each policy did over `count` days from the settings' seed, as the sentences the
/// widget shows under its chart: `{ noLimit, requestsPerMinute, dailyBudget }`.
#[wasm_bindgen(js_name = spreadSentences, unchecked_return_type = "Record<string, string>")]
pub fn spread_sentences(
    #[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] count: JsValue,
) -> Result<JsValue, Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let count = day_input::day_count(&count)?;
    let days = billsim_core::lessons::toy_day::many_days::days_spread(seed, count, &settings)?;
    to_js(&PerPolicy::of(|p| days.sentence(p)))
}

/// One value for each policy, as `{ noLimit, requestsPerMinute, dailyBudget }`. A struct,
/// not a map collected from an iterator: a map would sort, and sorting code costs the
/// module a few kilobytes.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PerPolicy<T> {
    no_limit: T,
    requests_per_minute: T,
    daily_budget: T,
}

impl<T> PerPolicy<T> {
    fn of(mut f: impl FnMut(Policy) -> T) -> Self {
        PerPolicy {
            no_limit: f(Policy::NoLimit),
            requests_per_minute: f(Policy::RequestsPerMinute),
            daily_budget: f(Policy::DailyBudget),
        }
    }
}

/// Everything the widget shows in text for the day `settings` gives, from one simulation:
/// `{ day, summaries, readout, caption, columns, daysChecked, checking }`, where `day` is
/// `simulateDay`'s object, `summaries` each policy's sentence (as `summarize`), `readout`
/// the rows of `dayReadout`, `caption` and `columns` the table's over them, `daysChecked`
/// how many days from this one the line under the chart checks (`spreadSentences`), and
/// `checking` its words while it does.
#[wasm_bindgen(js_name = dayView, unchecked_return_type = "DayView")]
pub fn day_view(#[wasm_bindgen(unchecked_param_type = "DayOptions")] settings: JsValue) -> Result<JsValue, Thrown> {
    let (seed, settings) = day_input::day_settings(&settings)?;
    let day = billsim_core::simulate_day(seed, &settings)?;
    #[derive(Serialize)]
    struct View<'a> {
        day: &'a billsim_core::DayResult,
        title: String,
        summaries: PerPolicy<String>,
        readout: Vec<billsim_core::lessons::toy_day::readout::ReadoutRow>,
        caption: String,
        columns: [&'static str; 7],
        #[serde(rename = "daysChecked")]
        days_checked: u32,
        checking: String,
    }
    to_js(&View {
        day: &day,
        title: billsim_core::lessons::toy_day::readout::title(&day),
        summaries: PerPolicy::of(|p| day.summary(p)),
        readout: billsim_core::lessons::toy_day::readout::readout(&day),
        caption: billsim_core::lessons::toy_day::readout::caption(&day),
        columns: billsim_core::lessons::toy_day::readout::COLUMNS,
        days_checked: billsim_core::lessons::toy_day::day_beside::DAYS,
        checking: billsim_core::lessons::toy_day::day_beside::checking(),
    })
}

/// The calls-at-once experiment as sentences, one per version, as the widget shows them
/// under its chart (`settings` as for `overrun`).
#[wasm_bindgen(js_name = overrunSentences)]
pub fn overrun_sentences(
    #[wasm_bindgen(unchecked_param_type = "OverrunOptions")] settings: JsValue,
) -> Result<Vec<String>, Thrown> {
    let params = in_flight_input::params(&settings)?;
    let rows = billsim_core::lessons::toy_day::in_flight::overrun(&params)?;
    Ok(rows.iter().map(|r| r.sentence(&params)).collect())
}
