//! A day's results as a reader sees them: one row per policy and user, with money already
//! written as dollars. The page's "Show numbers" table and `billsim day` print these rows,
//! so both say exactly what the core computed.

use crate::lessons::toy_day::scenario::POLICY_SETTING;
use crate::lessons::toy_day::simulate::DayResult;
use crate::lessons::toy_day::{user_name, UserKind};
use crate::words::share;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadoutRow {
    /// The policy's name with its setting, e.g. "Daily cost budget $0.25".
    pub policy: String,
    /// "Heavy user" or "Ordinary user 3".
    pub user: String,
    pub kind: UserKind,
    pub calls: u32,
    pub served: u32,
    pub refused: u32,
    /// Dollars to four places, e.g. "$0.2476".
    pub charged: String,
    /// Share of this policy's bill in whole percent, e.g. "28%", "under 1%" for a user
    /// charged a little ("-" for a bill of zero).
    pub share: String,
}

/// The heads of [`readout`]'s table, in the order of a row's fields from `policy` to
/// `share` (`kind` is how a row is drawn, not a column).
pub const COLUMNS: [&str; 7] = [POLICY_SETTING.label, "User", "Calls", "Served", "Refused", "Charged", "Share of bill"];

/// The caption of [`readout`]'s table for `day`.
///
/// ```
/// use billsim_core::lessons::toy_day::readout::caption;
/// use billsim_core::{simulate_day, Settings};
/// assert_eq!(caption(&simulate_day(3, &Settings::default()).unwrap()), "Day 3: each user's calls and charges under each policy");
/// ```
pub fn caption(day: &DayResult) -> String {
    format!("Day {}: each user's calls and charges under each policy", day.seed)
}

/// The day's chart, as a screen reader is told what it shows: each user's share of the calls,
/// then of the bill under each policy.
///
/// ```
/// use billsim_core::lessons::toy_day::readout::title;
/// use billsim_core::{simulate_day, Settings};
/// assert_eq!(
///     title(&simulate_day(3, &Settings::default()).unwrap()),
///     "Day 3: each user's share of the day's calls, then of its bill under each policy"
/// );
/// ```
pub fn title(day: &DayResult) -> String {
    format!("Day {}: each user's share of the day's calls, then of its bill under each policy", day.seed)
}

/// Every policy's outcome for every user, policy by policy.
///
/// ```
/// use billsim_core::lessons::toy_day::readout::readout;
/// use billsim_core::{simulate_day, Settings};
/// let rows = readout(&simulate_day(0, &Settings::default()).unwrap());
/// assert_eq!(rows.len(), 3 * 10);
/// assert_eq!(rows[0].user, "Heavy user");
/// ```
pub fn readout(day: &DayResult) -> Vec<ReadoutRow> {
    let mut rows = Vec::new();
    for o in &day.policies {
        let policy = o.policy.label(&day.settings);
        for (i, (u, r)) in day.users.iter().zip(&o.per_user).enumerate() {
            rows.push(ReadoutRow {
                policy: policy.clone(),
                user: user_name(u.kind, i),
                kind: u.kind,
                calls: u.calls,
                served: r.served,
                refused: r.refused,
                charged: r.charged.dollars(4),
                share: share(r.charged.0, o.bill.0).unwrap_or_else(|| "-".into()),
            });
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::toy_day::simulate::{simulate_day, Policy};
    use crate::money::Micros;
    use crate::settings::Settings;

    #[test]
    fn the_table_names_a_budget_with_the_exact_amount_the_reader_set() {
        let day = simulate_day(0, &Settings { budget: Micros(15_000), ..Settings::default() }).unwrap();
        assert!(day.summary(Policy::DailyBudget).starts_with("Daily cost budget $0.015: "));
        let rows = readout(&day);
        assert!(rows.iter().any(|r| r.policy == "Daily cost budget $0.015"), "the table names the same budget");
    }

    #[test]
    fn a_user_charged_under_half_a_percent_of_the_bill_is_under_1_percent_not_0() {
        // Day 0 without a limit: $9.97, ordinary users charged a few cents each.
        let rows = readout(&simulate_day(0, &Settings::default()).unwrap());
        let small: Vec<_> = rows.iter().filter(|r| r.kind == UserKind::Ordinary && r.charged != "$0.0000").collect();
        assert!(!small.is_empty());
        for r in small {
            assert_ne!(r.share, "0%", "{} under {} charged {}", r.user, r.policy, r.charged);
        }
    }
}
