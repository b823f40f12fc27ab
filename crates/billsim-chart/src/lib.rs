//! The lesson's charts, written once against plotters' `DrawingBackend`: the page draws
//! them on a canvas (billsim-wasm's canvas backend), the command line writes them as SVG files.
//! Every number drawn comes from the core's results; nothing here computes a policy.

pub mod accounts;
pub mod client;
mod frame;
mod key;
pub mod ladder;
mod markers;
mod notes;
pub mod over_time;
pub mod overrun;
mod pixels;
mod rows;
pub mod share_by_cohort;
pub mod share_of_bill;
pub mod theme;
pub mod trade_off;

pub use accounts::draw_accounts;
pub use client::draw_client;
pub use ladder::draw_ladder;
pub use notes::MeasuresWords;
pub use over_time::draw_over_time;
pub use overrun::draw_overrun;
pub use share_by_cohort::{draw_share_by_cohort, share_by_cohort_height};
pub use share_of_bill::draw_share_of_bill;
pub use theme::Theme;
pub use trade_off::draw_trade_off;
