//! The core of the lesson "How to stop one user running up your AI bill": money in whole
//! micro-dollars, the per-user budget that sets aside before a call and charges after,
//! the per-user request limit, the seeded toy day and its simulation under each policy.
//!
//! No web dependencies: the command line, the wasm module and the tests all run this.

pub mod engine;
pub mod lessons;
pub mod money;
pub mod random;
pub mod replay;
pub mod scenario;
pub mod settings;
pub mod time;
pub mod views;
pub mod visible_text;
pub mod words;

pub use engine::budget::{Budget, Hold, OverBudget, Refill, SharedBudget};
pub use lessons::toy_day::handle_chat::{handle_chat, input_tokens_upper_bound, Reply};
pub use lessons::toy_day::simulate::{simulate_day, DayResult, Policy};
pub use money::{cost, set_aside, Micros, Overflow, PRICE_IN, PRICE_OUT, REPLY_CAP};
pub use settings::{FieldError, Settings};
