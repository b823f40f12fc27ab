//! The calls-at-once exports inside real Chromium (`wasm-pack test --headless --chrome`):
//! `overrun` as a page calls it, its refusals, and `drawOverrun` on a real canvas.

use billsim_wasm::{draw_overrun, overrun};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

use crate::common::{canvas, count_colour, error_message, js, json_of};

/// A result as JSON, its BigInts (the micro-dollars) as exact integers.
fn text(value: &JsValue) -> serde_json::Value {
    json_of(value)
}

#[wasm_bindgen_test]
fn overrun_with_the_defaults_is_the_lessons_table() {
    let rows = text(&overrun(JsValue::UNDEFINED).unwrap());
    let lessons: serde_json::Value = serde_json::from_str(
        r#"[{"version":"checkOnly","admitted":20,"chargedMicros":960000},{"version":"setAside","admitted":5,"chargedMicros":240000},{"version":"halfEstimate","admitted":8,"chargedMicros":384000},{"version":"twoProcesses","admitted":10,"chargedMicros":480000}]"#,
    )
    .unwrap();
    assert_eq!(rows, lessons);
    assert_eq!(text(&overrun(js("{}")).unwrap()), rows, "an empty object is the defaults too");
}

#[wasm_bindgen_test]
fn overrun_reads_each_setting_and_gives_the_native_cores_rows() {
    let from_js = text(&overrun(js(r#"{"calls": 40, "estimatePercent": 80, "budgetDollars": 0.5}"#)).unwrap());
    let params = billsim_core::lessons::toy_day::in_flight::Params::new(40, 80, billsim_core::Micros(500_000)).unwrap();
    let native = serde_json::to_value(billsim_core::lessons::toy_day::in_flight::overrun(&params).unwrap()).unwrap();
    assert_eq!(from_js, native);
    assert_ne!(from_js, text(&overrun(JsValue::UNDEFINED).unwrap()), "the settings change the table");
}

#[wasm_bindgen_test]
fn a_bad_setting_throws_an_error_naming_the_field_and_what_it_allows() {
    let cases = [
        (r#"{"calls": 0}"#, "calls: must be a whole number from 1 to 200; got 0"),
        (r#"{"calls": 201}"#, "calls: must be a whole number from 1 to 200; got 201"),
        (r#"{"calls": 2.5}"#, "calls: must be a whole number from 1 to 200; got 2.5"),
        (r#"{"calls": "20"}"#, "calls: must be a whole number from 1 to 200; got a string \"20\""),
        (r#"{"estimatePercent": 9}"#, "estimatePercent: must be a whole number of percent from 10 to 200; got 9"),
        (r#"{"estimatePercent": null}"#, "estimatePercent: must be a whole number of percent from 10 to 200; got null"),
        (r#"{"budgetDollars": 0}"#, "budgetDollars: must be an amount in dollars from 0.01 to 100"),
        (r#"{"budgetDollars": 1e308}"#, "budgetDollars: must be an amount in dollars from 0.01 to 100"),
        (
            r#"{"budget": 0.25}"#,
            "settings: unknown field \"budget\"; the fields are calls, estimatePercent, budgetDollars",
        ),
        (r#"[20]"#, "settings: must be an object"),
    ];
    for (input, expected) in cases {
        let message = error_message(overrun(js(input)).unwrap_err());
        assert!(message.starts_with(expected), "{input}: {message}");
    }
}

/// Pixels of the over-budget colour and of the within-budget colour, from the core's table.
fn bar_pixels(canvas: &HtmlCanvasElement, palette: &billsim_core::views::colours::Palette) -> (usize, usize) {
    let rgb = |c: billsim_core::views::colours::Rgb| [c.0, c.1, c.2];
    (count_colour(canvas, rgb(palette.refused)), count_colour(canvas, rgb(palette.within)))
}

#[wasm_bindgen_test]
fn drawing_the_overrun_paints_bars_over_and_within_the_budget() {
    let c = canvas(600, 320);
    assert_eq!(bar_pixels(&c, &billsim_core::views::colours::LIGHT), (0, 0), "a new canvas is blank");
    draw_overrun(c.clone(), JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    let (over, within) = bar_pixels(&c, &billsim_core::views::colours::LIGHT);
    assert!(within > 1_000, "the set-aside bar is in the within-budget colour: {within} pixels");
    assert!(over > 4 * within, "three longer bars over the budget: {over} against {within}");
}

#[wasm_bindgen_test]
fn under_a_budget_no_version_reaches_every_bar_is_within_it() {
    let c = canvas(600, 320);
    draw_overrun(c.clone(), js(r#"{"budgetDollars": 5}"#), js(r#"{"dark": true}"#)).unwrap();
    let (over, within) = bar_pixels(&c, &billsim_core::views::colours::DARK);
    assert_eq!(over, 0);
    assert!(within > 1_000, "{within}");
}

#[wasm_bindgen_test]
fn bad_settings_or_look_throw_and_leave_the_picture_alone() {
    let c = canvas(300, 200);
    draw_overrun(c.clone(), JsValue::UNDEFINED, JsValue::UNDEFINED).unwrap();
    let before = bar_pixels(&c, &billsim_core::views::colours::LIGHT);
    let message = error_message(draw_overrun(c.clone(), js(r#"{"calls": 0}"#), JsValue::UNDEFINED).unwrap_err());
    assert!(message.starts_with("calls: must be a whole number from 1 to 200"), "{message}");
    assert!(draw_overrun(c.clone(), JsValue::UNDEFINED, js(r#"{"scale": 0}"#)).is_err());
    assert_eq!(bar_pixels(&c, &billsim_core::views::colours::LIGHT), before);
}
