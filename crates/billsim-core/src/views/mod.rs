//! What a chart or a panel shows, read from a scenario run: each cohort's share of the bill,
//! spend over time, each policy's bill against the honest requests it refused, counts by
//! cohort, one kind of user's accounts as small multiples, the panels beside a chart, and
//! one colour per meaning. Every word and amount a reader sees is here; the chart crate and
//! the page only draw it.

pub mod accounts;
pub mod by_cohort;
pub mod colours;
pub mod controls;
pub mod loading;
pub mod over_time;
pub mod panels;
pub mod share;
pub mod sync_url;
pub mod table;
pub mod theme;
pub mod trade_off;
