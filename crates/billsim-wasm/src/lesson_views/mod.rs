//! The exports of the views only some lessons show, each behind the cargo feature of its
//! lessons (Cargo.toml): a module built for one lesson leaves the others' code out.

#[cfg(any(feature = "free-tier", feature = "hackathon", feature = "runaway-tenant"))]
mod by_kind;
#[cfg(feature = "free-tier")]
mod free_tier;
#[cfg(feature = "hackathon")]
mod hackathon;
#[cfg(feature = "runaway-tenant")]
mod runaway_tenant;
#[cfg(feature = "toy-day")]
mod toy_day;

#[cfg(any(feature = "free-tier", feature = "hackathon", feature = "runaway-tenant"))]
pub use by_kind::*;
#[cfg(feature = "free-tier")]
pub use free_tier::*;
#[cfg(feature = "hackathon")]
pub use hackathon::*;
#[cfg(feature = "runaway-tenant")]
pub use runaway_tenant::*;
#[cfg(feature = "toy-day")]
pub use toy_day::*;
