//! One engine for every policy of the lessons (`shared/design/engine.md`): traffic of many
//! users in time order, guards as data, prices per model, one event loop that admits on
//! arrival and settles on finish, and outcomes per user and per policy.

mod guard;
pub mod guard_schema;
pub mod language;
mod ledger;
pub(crate) mod limit_state;
mod outcome;
mod policy;
mod policy_file;
mod price;
mod refusal;
mod run;
pub mod synthetic;
mod traffic;

pub use guard::{retry_after_seconds, Guard, Reason, Refusal, SetAside, Wait};
pub use language::{Admit, CountOf, Estimate, LimitOf, Per, Point, Reset, RetryAfter, WhenFull, Window};
pub use ledger::{FailMode, Meter, Outage, Tier, DAY_MS, MONTH_MS};
pub use outcome::{Event, Outcome, RefusedBy, Timeline, Trip, UserOutcome};
pub use policy::Policy;
pub use policy_file::{
    duration as policy_duration, file_text as policy_file_text, read as read_policy_file, read_prices, BadFile,
    PolicyFile,
};
pub use price::{Nanos, Price, PriceTable, TooFine};
pub use run::{
    process_of, resolve_prices, run, run_priced, run_sending, timeline_step, Record, RunError, TIMELINE_STEPS,
};
pub use traffic::{BadTraffic, Call, Cohort, Keys, Traffic, User};
