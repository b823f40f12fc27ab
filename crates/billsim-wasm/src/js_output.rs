//! How results leave the module: every value as JS (exact 64-bit integers as BigInts), every
//! chart onto a canvas, and the module's memory as the page's limits read it.

use crate::canvas::Canvas;
use crate::Thrown;
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingAreaErrorKind, DrawingBackend, IntoDrawingArea};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// How every result crosses into JS: maps as plain objects, and every 64-bit integer (an
/// amount in nano- or micro-dollars, a moment in milliseconds, a count) as a BigInt, exact
/// at any size the core accepts (a budget line of $2,000 for each of 5,000 users is 10^16
/// nano-dollars, past what a JS number holds exactly). Integers of 32 bits and less are
/// numbers. The drawing exports take a view back with its BigInts.
const TO_JS: serde_wasm_bindgen::Serializer =
    serde_wasm_bindgen::Serializer::json_compatible().serialize_large_number_types_as_bigints(true);

/// A value as JS, by [`TO_JS`].
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, Thrown> {
    value.serialize(&TO_JS).map_err(|e| Thrown::general(format!("could not build the result: {e}")))
}

/// Runs `draw` on `canvas` and shows the result; the one place a chart meets a canvas.
pub(crate) fn on_canvas(
    canvas: HtmlCanvasElement,
    draw: impl FnOnce(
        &DrawingArea<Canvas, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<<Canvas as DrawingBackend>::ErrorType>>,
) -> Result<(), Thrown> {
    let backend =
        Canvas::new(canvas).ok_or_else(|| Thrown::on("canvas", "could not get a 2D drawing context from it"))?;
    let area = backend.into_drawing_area();
    draw(&area).map_err(|e| Thrown::general(format!("drawing failed: {e}")))?;
    area.present().map_err(|e| Thrown::general(format!("drawing failed: {e}")))
}

/// Bytes of linear memory the module holds now (0 natively, where this is not wasm).
pub(crate) fn memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as u64 * 65_536
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}
