//! One engine for every policy of the lessons (`shared/design/engine.md`): traffic of many
//! users in time order, guards as data, prices per model, one event loop that admits on
//! arrival and settles on finish, and outcomes per user and per policy.

pub mod budget;
mod checks;
mod guard;
pub mod guard_schema;
mod kind_points;
pub mod language;
mod ledger;
pub(crate) mod limit_state;
mod outcome;
mod policy;
mod policy_file;
mod price;
mod refusal;
mod run;
mod run_error;
mod seen_models;
pub mod synthetic;
mod traffic;

pub use guard::{Guard, SetAside};
pub use language::{Admit, CountOf, Counts, Estimate, LimitOf, Per, Point, Reset, WhenFull, Window};
pub use ledger::{FailMode, Meter, Outage, Tier, DAY_MS, MONTH_MS};
pub use outcome::{Event, Outcome, RefusedBy, Timeline, Trip, UserOutcome};
pub use policy::Policy;
pub use policy_file::{
    duration as policy_duration, file_text as policy_file_text, read as read_policy_file, read_prices,
    read_prices_with_cached, tiers_text, BadFile, PolicyFile, GUARD_KEYS,
};
pub use price::{CachedPrices, Nanos, Price, PriceTable};
pub use refusal::{retry_after_seconds, Reason, Refusal, RetryAfter, Wait};
pub use run::{
    events_of, process_of, resolve_prices, run, run_each, run_priced, run_sending, timeline_step, Record,
    TIMELINE_STEPS,
};
pub use run_error::RunError;
pub use traffic::{in_engine_order, tally, BadTraffic, Call, Cohort, KeyTenant, Keys, Tenants, Traffic, User};
