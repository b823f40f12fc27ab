//! The lessons, a folder each: its traffic, its policies, its settings, its claims, its
//! printed numbers and its panels' words. The registry gathers them; a lesson imports the
//! engine, the views and the primitives, never the registry's list.

pub mod free_tier;
pub mod hackathon;
pub mod runaway_tenant;
pub mod toy_day;
