//! One toy day run under each policy: what each user sent, was served, was refused and
//! was charged, and the day's bill. This is the JSON contract of `billsim day --json` and
//! of the widget's `simulateDay`.

use crate::budget::{Budget, OneAccount};
use crate::money::{cost, percent, set_aside, Micros, Overflow, REPLY_CAP};
use crate::rate_limit::Window;
use crate::settings::Settings;
use crate::toy_day::{toy_day, Call, UserDay, UserKind};
use serde::Serialize;

/// The three ways to run the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Policy {
    NoLimit,
    RequestsPerMinute,
    DailyBudget,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::NoLimit, Policy::RequestsPerMinute, Policy::DailyBudget];

    /// The name in JSON, settings and the address.
    pub fn name(self) -> &'static str {
        match self {
            Policy::NoLimit => "noLimit",
            Policy::RequestsPerMinute => "requestsPerMinute",
            Policy::DailyBudget => "dailyBudget",
        }
    }

    pub fn parse(text: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == text)
    }

    /// The name a reader sees, with its setting.
    pub fn label(self, settings: &Settings) -> String {
        match self {
            Policy::NoLimit => "No limit".into(),
            Policy::RequestsPerMinute => match settings.per_minute.get() {
                1 => "1 request per minute".into(),
                n => format!("{n} requests per minute"),
            },
            Policy::DailyBudget => format!("Daily cost budget {}", settings.budget.exact_dollars()),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserOutcome {
    pub served: u32,
    pub refused: u32,
    #[serde(rename = "chargedMicros")]
    pub charged: Micros,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PolicyOutcome {
    pub policy: Policy,
    #[serde(rename = "billMicros")]
    pub bill: Micros,
    /// In the order of [`DayResult::users`].
    pub per_user: Vec<UserOutcome>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UserSummary {
    pub kind: UserKind,
    pub calls: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayResult {
    pub seed: u32,
    pub settings: Settings,
    pub users: Vec<UserSummary>,
    pub policies: Vec<PolicyOutcome>,
}

/// Runs one user's calls through a policy; served calls are charged their real cost.
/// Each user has a window and a budget of their own, so no map is needed to find them.
fn run_user(calls: &[Call], policy: Policy, settings: &Settings) -> Result<UserOutcome, Overflow> {
    let mut out = UserOutcome::default();
    let mut limit = Window::new(settings.per_minute);
    let mut budget = Budget::with_ledger(settings.budget, settings.refill, OneAccount::default());
    for call in calls {
        let actual = cost(call.input, call.output)?;
        let served = match policy {
            Policy::NoLimit => true,
            Policy::RequestsPerMinute => limit.check(call.at).is_ok(),
            Policy::DailyBudget => match budget.reserve((), set_aside(call.input, REPLY_CAP)?, call.at) {
                Ok(hold) => {
                    // The toy's replies arrive before the user's next call.
                    budget.settle(&hold, actual, call.at);
                    true
                }
                Err(_) => false,
            },
        };
        if served {
            out.served += 1;
            out.charged = out.charged.checked_add(actual)?;
        } else {
            out.refused += 1;
        }
    }
    Ok(out)
}

/// Runs the given users' day under one policy.
pub fn run_policy(users: &[UserDay], policy: Policy, settings: &Settings) -> Result<PolicyOutcome, Overflow> {
    let per_user = users.iter().map(|u| run_user(&u.calls, policy, settings)).collect::<Result<Vec<_>, _>>()?;
    let bill = Micros::checked_sum(per_user.iter().map(|u| u.charged))?;
    Ok(PolicyOutcome { policy, bill, per_user })
}

/// Day number `seed` under every policy.
///
/// ```
/// use billsim_core::{simulate_day, Settings};
/// let day = simulate_day(0, &Settings::default()).unwrap();
/// assert_eq!(day.users.len(), 10);
/// assert_eq!(day.policies.len(), 3);
/// ```
pub fn simulate_day(seed: u32, settings: &Settings) -> Result<DayResult, Overflow> {
    let users = toy_day(seed);
    simulate_users(seed, &users, settings)
}

/// Given users' calls under every policy.
pub fn simulate_users(seed: u32, users: &[UserDay], settings: &Settings) -> Result<DayResult, Overflow> {
    let policies = Policy::ALL.into_iter().map(|p| run_policy(users, p, settings)).collect::<Result<Vec<_>, _>>()?;
    let users = users.iter().map(|u| UserSummary { kind: u.kind, calls: u.calls.len() as u32 }).collect();
    Ok(DayResult { seed, settings: *settings, users, policies })
}

impl PolicyOutcome {
    /// What the heavy user (or users) were charged.
    pub fn heavy_charged(&self, users: &[UserSummary]) -> Micros {
        self.sum_where(users, UserKind::Heavy, |o| o.charged.0).map(Micros).unwrap_or(Micros(u64::MAX))
    }

    /// Calls of users of `kind` refused.
    pub fn refused(&self, users: &[UserSummary], kind: UserKind) -> u64 {
        self.sum_where(users, kind, |o| u64::from(o.refused)).unwrap_or(u64::MAX)
    }

    fn sum_where(&self, users: &[UserSummary], kind: UserKind, f: impl Fn(&UserOutcome) -> u64) -> Option<u64> {
        users.iter().zip(&self.per_user).filter(|(u, _)| u.kind == kind).try_fold(0u64, |s, (_, o)| s.checked_add(f(o)))
    }

    /// The heavy user's share of this policy's bill, in whole percent.
    pub fn heavy_percent(&self, users: &[UserSummary]) -> Option<u64> {
        percent(self.heavy_charged(users).0, self.bill.0)
    }
}

impl DayResult {
    pub fn outcome(&self, policy: Policy) -> &PolicyOutcome {
        // simulate_users builds one outcome per policy, in Policy::ALL's order.
        &self.policies[Policy::ALL.iter().position(|&p| p == policy).unwrap_or(0)]
    }

    /// Calls in the day, and the heavy user's.
    pub fn calls(&self) -> (u64, u64) {
        let total = self.users.iter().map(|u| u64::from(u.calls)).sum();
        let heavy = self.users.iter().filter(|u| u.kind == UserKind::Heavy).map(|u| u64::from(u.calls)).sum();
        (total, heavy)
    }

    /// The one-line summary a reader sees under the chart, and a screen reader hears.
    ///
    /// ```
    /// use billsim_core::{simulate_day, Policy, Settings};
    /// let day = simulate_day(0, &Settings::default()).unwrap();
    /// assert!(day.summary(Policy::NoLimit).starts_with("No limit: the bill is $"));
    /// ```
    pub fn summary(&self, policy: Policy) -> String {
        let o = self.outcome(policy);
        let heavy = o.heavy_percent(&self.users).map_or("no".to_string(), |p| format!("{p}%"));
        let heavy_refused = o.refused(&self.users, UserKind::Heavy);
        let heavy_calls = self.calls().1;
        let ordinary_refused = o.refused(&self.users, UserKind::Ordinary);
        let ordinary_calls = self.calls().0 - heavy_calls;
        format!(
            "{}: the bill is {}, the heavy user is {heavy} of it; refused: {heavy_refused} of the heavy user's {heavy_calls} calls and {ordinary_refused} of the ordinary users' {ordinary_calls}.",
            o.policy.label(&self.settings),
            o.bill.dollars(2),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::num::NonZeroU32;

    #[test]
    fn the_request_limit_label_says_1_request_per_minute_in_the_singular_and_n_requests_otherwise() {
        let label = |n: u32| {
            let settings = Settings { per_minute: NonZeroU32::new(n).unwrap(), ..Settings::default() };
            Policy::RequestsPerMinute.label(&settings)
        };
        assert_eq!(label(1), "1 request per minute");
        assert_eq!(label(2), "2 requests per minute");
        assert_eq!(label(5), "5 requests per minute");
        assert_eq!(label(60), "60 requests per minute");
    }

    #[test]
    fn the_budget_is_labelled_with_the_exact_amount_the_reader_set_not_rounded_to_cents() {
        let label =
            |budget: u64| Policy::DailyBudget.label(&Settings { budget: Micros(budget), ..Settings::default() });
        assert_eq!(label(15_000), "Daily cost budget $0.015", "0.015 is not $0.02");
        assert_eq!(label(99_999_000), "Daily cost budget $99.999", "99.999 is not $100.00, above the maximum");
        assert_eq!(label(10_001), "Daily cost budget $0.010001");
        assert_eq!(label(250_000), "Daily cost budget $0.25");
        assert_eq!(label(100_000_000), "Daily cost budget $100.00");
        let day = simulate_day(0, &Settings { budget: Micros(15_000), ..Settings::default() }).unwrap();
        assert!(day.summary(Policy::DailyBudget).starts_with("Daily cost budget $0.015: "));
        let rows = crate::readout::readout(&day);
        assert!(rows.iter().any(|r| r.policy == "Daily cost budget $0.015"), "the table names the same budget");
    }
}
