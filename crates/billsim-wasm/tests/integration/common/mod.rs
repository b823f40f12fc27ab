//! Helpers shared by the tests that run inside Chromium.
#![allow(dead_code)] // each test file uses some of them

use billsim_wasm::Thrown;
use js_sys::{Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// A JS value from JSON text, as a page would write it.
pub fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON is valid")
}

/// The message of what an export threw, checking that it threw a real JS `Error`.
pub fn error_message(err: Thrown) -> String {
    thrown_error(err).0
}

/// The message and the `field` property (if any) of the JS `Error` an export threw.
pub fn thrown_error(err: Thrown) -> (String, Option<String>) {
    let err: JsValue = err.into();
    assert!(err.is_instance_of::<js_sys::Error>(), "a JS Error is thrown, not a bare value");
    let message = Reflect::get(&err, &"message".into()).unwrap().as_string().unwrap();
    (message, Reflect::get(&err, &"field".into()).unwrap().as_string())
}

/// A canvas of the given backing size, attached to the page so the browser lays out text.
pub fn canvas(width: u32, height: u32) -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    canvas.set_width(width);
    canvas.set_height(height);
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

/// The canvas's pixels, as RGBA.
pub fn pixels(canvas: &HtmlCanvasElement) -> Vec<[u8; 4]> {
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let data = ctx.get_image_data(0.0, 0.0, canvas.width() as f64, canvas.height() as f64).unwrap().data();
    data.chunks(4).map(|p| [p[0], p[1], p[2], p[3]]).collect()
}

/// How many opaque pixels of the canvas are exactly `rgb`.
pub fn count_colour(canvas: &HtmlCanvasElement, rgb: [u8; 3]) -> usize {
    pixels(canvas).iter().filter(|p| p[..3] == rgb && p[3] == 255).count()
}

/// A result of the module as JSON, its BigInts (every 64-bit integer) as exact integers:
/// to compare with the native core's serde_json.
pub fn json_of(value: &JsValue) -> serde_json::Value {
    serde_wasm_bindgen::from_value(value.clone()).expect("a result of the module is JSON data")
}

/// A property of a result.
pub fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &key.into()).unwrap()
}

/// A BigInt of a result, exactly; it must be one.
pub fn bigint(value: &JsValue) -> u64 {
    assert!(value.is_bigint(), "a BigInt, got {value:?}");
    u64::try_from(value.clone()).expect("a BigInt from 0 to 2^64 - 1")
}

/// `read(offset, length)` over `text`, as the replay page's worker gives a file.
pub fn reader(text: &str) -> js_sys::Function {
    let text = serde_json::to_string(text).unwrap();
    js_sys::Function::new_with_args(
        "offset, length",
        &format!("const bytes = new TextEncoder().encode({text}); return bytes.subarray(offset, offset + length);"),
    )
}
