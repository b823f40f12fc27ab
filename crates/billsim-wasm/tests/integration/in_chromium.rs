//! Tests that run inside real Chromium (`wasm-pack test --headless --chrome`): the
//! exports as a page calls them, and drawing on a real canvas (plotters measures and
//! draws text through the browser, so this cannot run natively).

use billsim_core::{Policy, Settings};
use billsim_wasm::{draw, read_settings_text, simulate_day, summarize};
use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

use crate::common::{bigint, canvas, count_colour, error_message, js, json_of, pixels};

/// The message of what a call threw; it must have thrown.
fn thrown(result: Result<JsValue, billsim_wasm::Thrown>) -> String {
    error_message(result.expect_err("the call should have thrown"))
}

#[wasm_bindgen_test]
fn simulate_day_gives_the_same_json_as_the_native_core() {
    let from_js = simulate_day(js(r#"{"seed": 3, "perMinute": 1, "budgetDollars": 0.05}"#)).unwrap();
    let settings = Settings {
        per_minute: std::num::NonZeroU32::new(1).unwrap(),
        budget: billsim_core::Micros(50_000),
        ..Settings::default()
    };
    let native = serde_json::to_value(billsim_core::simulate_day(3, &settings).unwrap()).unwrap();
    assert_eq!(json_of(&from_js), native);
}

#[wasm_bindgen_test]
fn missing_settings_are_the_lesson_defaults() {
    let day = simulate_day(JsValue::UNDEFINED).unwrap();
    let settings = Reflect::get(&day, &"settings".into()).unwrap();
    assert_eq!(Reflect::get(&settings, &"perMinute".into()).unwrap().as_f64(), Some(5.0));
    assert_eq!(bigint(&Reflect::get(&settings, &"budgetMicros".into()).unwrap()), 250_000, "micro-dollars: a BigInt");
}

#[wasm_bindgen_test]
fn bad_settings_throw_an_error_that_names_the_field_and_the_allowed_range() {
    let cases = [
        (r#"{"perMinute": 0}"#, "perMinute: must be a whole number from 1 to 60; got 0"),
        (r#"{"perMinute": 61}"#, "perMinute: must be a whole number from 1 to 60; got 61"),
        (r#"{"perMinute": 2.5}"#, "perMinute: must be a whole number from 1 to 60"),
        (r#"{"perMinute": "5"}"#, "perMinute: must be a whole number from 1 to 60; got a string \"5\""),
        (r#"{"budgetDollars": -1}"#, "budgetDollars: must be an amount in dollars from 0.01 to 100"),
        (r#"{"budgetDollars": 1e308}"#, "budgetDollars: must be an amount in dollars from 0.01 to 100"),
        (
            r#"{"budgetDollars": null}"#,
            "budgetDollars: must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got null",
        ),
        (r#"{"seed": 4294967296}"#, "seed: must be a whole number from 0 to 4,294,967,295"),
        (r#"{"seed": [1]}"#, "seed: must be a whole number from 0 to 4,294,967,295; got an array"),
        (r#"{"refill": "weekly"}"#, "refill: must be \"daily\" or \"steady\""),
        (r#"{"perMinut": 5}"#, "settings: unknown field \"perMinut\""),
        (r#"[1, 2]"#, "settings: must be an object"),
        (r#""5""#, "settings: must be an object"),
    ];
    for (input, expected) in cases {
        let message = thrown(simulate_day(js(input)));
        assert!(message.starts_with(expected), "{input}: {message}");
    }
    let nan = Object::new();
    Reflect::set(&nan, &"perMinute".into(), &f64::NAN.into()).unwrap();
    assert!(thrown(simulate_day(nan.into())).starts_with("perMinute: must be a whole number from 1 to 60; got NaN"));
}

#[wasm_bindgen_test]
fn the_settings_form_is_read_exactly_and_a_bad_entry_names_its_field() {
    let parsed = read_settings_text(js(r#"{"perMinute": "12", "budgetDollars": "0.07"}"#)).unwrap();
    let day = simulate_day(parsed).unwrap();
    let settings = Reflect::get(&day, &"settings".into()).unwrap();
    assert_eq!(bigint(&Reflect::get(&settings, &"budgetMicros".into()).unwrap()), 70_000);
    assert_eq!(Reflect::get(&settings, &"perMinute".into()).unwrap().as_f64(), Some(12.0));
    let message = thrown(read_settings_text(js(r#"{"perMinute": "", "budgetDollars": "0.25"}"#)));
    assert!(message.starts_with("perMinute: must be a whole number from 1 to 60; got \"\""), "{message}");
}

#[wasm_bindgen_test]
fn the_summary_is_the_cores_sentence() {
    let text = summarize(JsValue::UNDEFINED, "dailyBudget".into()).unwrap();
    let day = billsim_core::simulate_day(0, &Settings::default()).unwrap();
    assert_eq!(text, day.summary(Policy::DailyBudget));
    assert!(summarize(JsValue::UNDEFINED, "budget".into()).is_err());
}

/// How many pixels of the canvas are the heavy user's orange, and how many are not blank.
fn count_pixels(canvas: &HtmlCanvasElement) -> (usize, usize) {
    let all = pixels(canvas);
    (count_colour(canvas, [0xE6, 0x9F, 0x00]), all.iter().filter(|p| p[3] != 0).count())
}

#[wasm_bindgen_test]
fn drawing_a_day_paints_the_canvas_with_the_heavy_users_orange() {
    let c = canvas(600, 300);
    assert_eq!(count_pixels(&c), (0, 0), "a new canvas is blank");
    draw(c.clone(), JsValue::UNDEFINED, "noLimit".into(), JsValue::UNDEFINED).unwrap();
    let (orange, painted) = count_pixels(&c);
    // Money is length: the capped policies' bars are short, so most orange is "No limit"'s.
    assert!(orange > 10_000, "the heavy user's bars are drawn: {orange} orange pixels");
    assert_eq!(painted, 600 * 300, "the background is filled");
}

#[wasm_bindgen_test]
fn under_the_budget_the_heavy_user_paints_far_less_of_the_canvas() {
    let c = canvas(600, 300);
    let settings = || js(r#"{"seed": 0}"#);
    draw(c.clone(), settings(), "noLimit".into(), JsValue::UNDEFINED).unwrap();
    let before = count_pixels(&c).0;
    // $0.05, whose bar's note is as long as $0.25's ("$0.41 · heavy 12% · refused: heavy
    // 189, ordinary 98 of 227"), so the chart's layout, which every bar's height follows, is
    // the same: a budget that refuses every call has a shorter note, and taller bars.
    draw(c.clone(), js(r#"{"seed": 0, "budgetDollars": 0.05}"#), "noLimit".into(), JsValue::UNDEFINED).unwrap();
    let after = count_pixels(&c).0;
    assert!(after < before, "a smaller budget shrinks the heavy user's budget bar: {before} -> {after}");
}

#[wasm_bindgen_test]
fn a_bad_look_or_policy_is_an_error_and_the_canvas_keeps_its_picture() {
    let c = canvas(300, 200);
    draw(c.clone(), JsValue::UNDEFINED, "noLimit".into(), JsValue::UNDEFINED).unwrap();
    let before = count_pixels(&c);
    assert!(draw(c.clone(), JsValue::UNDEFINED, "noLimit".into(), js(r#"{"scale": 0}"#)).is_err());
    assert!(draw(c.clone(), JsValue::UNDEFINED, JsValue::NULL, JsValue::UNDEFINED).is_err());
    assert!(draw(c.clone(), js(r#"{"perMinute": -1}"#), "noLimit".into(), JsValue::UNDEFINED).is_err());
    assert_eq!(count_pixels(&c), before);
}

#[wasm_bindgen_test]
fn the_widgets_day_view_is_simulate_day_summarize_and_day_readout_from_one_simulation() {
    let settings = || js(r#"{"seed": 5, "perMinute": 2, "budgetDollars": 0.1, "refill": "steady"}"#);
    let view = billsim_wasm::day_view(settings()).unwrap();
    let part = |name: &str| json_of(&Reflect::get(&view, &name.into()).unwrap());
    let whole = |v: JsValue| json_of(&v);
    assert_eq!(part("day"), whole(simulate_day(settings()).unwrap()));
    assert_eq!(part("readout"), whole(billsim_wasm::day_readout(settings()).unwrap()));
    let summaries = Reflect::get(&view, &"summaries".into()).unwrap();
    for policy in ["noLimit", "requestsPerMinute", "dailyBudget"] {
        let one = Reflect::get(&summaries, &policy.into()).unwrap().as_string().unwrap();
        assert_eq!(one, summarize(settings(), policy.into()).unwrap(), "{policy}");
    }
    assert!(
        error_message(billsim_wasm::day_view(js(r#"{"perMinute": 0}"#)).unwrap_err()).starts_with("perMinute: must be")
    );
}
