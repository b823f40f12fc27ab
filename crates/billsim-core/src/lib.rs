//! The core of the lesson "How to stop one user running up your AI bill": money in whole
//! micro-dollars, the per-user budget that sets aside before a call and charges after,
//! the per-user request limit, the seeded toy day and its simulation under each policy.
//!
//! No web dependencies: the command line, the wasm module and the tests all run this.

pub mod budget;
pub mod by_cohort;
pub mod cohort_view;
pub mod colours;
pub mod day_beside;
mod draw;
pub mod engine;
pub mod free_tier;
pub mod hackathon;
pub mod in_flight;
pub mod last_run;
pub mod lesson_numbers;
pub mod many_days;
pub mod money;
pub mod over_time;
pub mod panels;
pub mod quote;
pub mod rate_limit;
pub mod readout;
pub mod replay;
pub mod runaway_tenant;
pub mod scenario;
pub mod schema;
pub mod server_step;
pub mod settings;
pub mod settle;
pub mod simulate;
pub mod theme;
pub mod time;
pub mod toy_day;
pub mod words;

pub use budget::{Budget, Hold, OverBudget, Refill, SharedBudget};
pub use money::{cost, set_aside, Micros, Overflow, PRICE_IN, PRICE_OUT, REPLY_CAP};
pub use server_step::{handle_chat, input_tokens_upper_bound, Reply};
pub use settings::{FieldError, Settings};
pub use simulate::{simulate_day, DayResult, Policy};
