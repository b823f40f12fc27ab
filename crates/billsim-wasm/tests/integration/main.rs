//! The tests that run inside real Chromium (`wasm-pack test --headless --chrome`), one
//! module per file, built as one test binary: one wasm module to link, bind and load in
//! place of six. Natively this binary is empty.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
mod exact_amounts;
mod hostile_js;
mod hostile_scenarios;
mod in_chromium;
mod overrun_in_chromium;
mod too_big;
