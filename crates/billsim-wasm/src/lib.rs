//! The widget's WebAssembly module: a thin binding over `billsim-core` and
//! `billsim-chart`. It reads JS values into settings (with errors that name the field),
//! runs the core, and hands back plain JS objects or draws on a canvas. No logic of its own.
//!
//! Every export returns `Result<_, Thrown>`: bad input becomes a JS `Error` (with a `field`
//! property naming the field), never a trap.

// The exports bill-widget/core gives beyond the element's (the feature "api").
#[cfg(feature = "api")]
mod api;
mod canvas;
#[cfg(all(feature = "toy-day", feature = "element"))]
mod day_input;
#[cfg(all(feature = "toy-day", feature = "element"))]
mod in_flight_input;
mod js_input;
mod js_output;
#[cfg(feature = "element")]
mod kept_view;
#[cfg(feature = "element")]
mod lesson_views;
#[cfg(feature = "replay")]
mod replay;
#[cfg(feature = "element")]
mod settings_input;
mod thrown;
mod types;
// The exports <bill-widget> calls (the feature "element"): the table, the settings, the
// theme and the views every lesson has.
#[cfg(feature = "element")]
mod widget;

#[cfg(feature = "api")]
pub use api::*;
#[cfg(feature = "replay")]
pub use replay::{draw_replay_over_time, draw_replay_share, replay_page, replay_progress, Most, Replay};
// Empty in a module of lesson 000 alone.
#[cfg(feature = "element")]
#[allow(unused_imports)]
pub use lesson_views::*;
pub use thrown::Thrown;
#[cfg(feature = "element")]
pub use widget::*;

use js_output::memory_bytes;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Every export returns its errors; a panic is a bug, and in wasm32 it cannot unwind: the
/// module traps (`RuntimeError: unreachable`). So that the bug is seen for what it is, a
/// panic's message goes to the console first (the page then says its own sentence).
#[wasm_bindgen(start)]
pub fn on_load() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("billsim-wasm: a bug stopped the module: {info}"))));
}

/// Bytes of linear memory the module holds now: for the benchmark that checks it does
/// not grow over many days.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    memory_bytes() as f64
}

/// For the benchmark (`scripts/bench`, which builds with the feature `bench`): generates `calls` synthetic calls of `users` users
/// (1 to 2,000,000 and 1 to 100,000) and runs them under a policy of three guards, as the
/// native benchmark does; returns the bill in nano-dollars (a BigInt).
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchSyntheticBill)]
pub fn bench_synthetic_bill(calls: u32, users: u32) -> Result<u64, Thrown> {
    if !(1..=2_000_000).contains(&calls) {
        return Err(Thrown::on("calls", format!("must be a whole number from 1 to 2,000,000; got {calls}")));
    }
    if !(1..=100_000).contains(&users) {
        return Err(Thrown::on("users", format!("must be a whole number from 1 to 100,000; got {users}")));
    }
    let bill = billsim_core::engine::synthetic::bill_under_three_guards(0, calls, users)
        .map_err(|e| Thrown::general(e.to_string()))?;
    Ok(bill.0)
}
