//! One toy day run under each policy: what each user sent, was served, was refused and
//! was charged, and the day's bill. This is the JSON contract of `billsim day --json` and
//! of the widget's `simulateDay`.

use crate::engine::budget::Refill;
use crate::engine::{self, Guard, Record, RunError, SetAside, Traffic};
use crate::lessons::toy_day::{self, toy_day, UserDay, UserKind};
use crate::money::{Micros, Overflow, REPLY_CAP};
use crate::settings::Settings;
use crate::time::{Span, MINUTE};
use crate::words::percent;
use crate::words::share;
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
            // A steady refill has no reset at midnight: "daily" would say the wrong rule.
            Policy::DailyBudget => match settings.refill {
                Refill::Daily => format!("Daily cost budget {}", settings.budget.exact_dollars()),
                Refill::Steady => format!("Cost budget {} a day, refilled steadily", settings.budget.exact_dollars()),
            },
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

impl Policy {
    /// This policy as the engine's guards, with the settings' numbers.
    pub fn engine_policy(self, settings: &Settings) -> engine::Policy {
        let guards = match self {
            Policy::NoLimit => vec![],
            Policy::RequestsPerMinute => {
                vec![Guard::SlidingWindow { limit: settings.per_minute, window_ms: Span::seconds(MINUTE) }]
            }
            Policy::DailyBudget => vec![Guard::MoneyBudget {
                budget_micros: settings.budget,
                refill: settings.refill,
                set_aside: SetAside::worst_case(REPLY_CAP),
            }],
        };
        engine::Policy::new(self.name(), guards)
    }
}

fn run_error(e: RunError) -> Overflow {
    // The toy's traffic names one model, priced, and its policies one process: an
    // overflow is all that can go wrong.
    debug_assert_eq!(e, RunError::Overflow);
    Overflow
}

/// Runs the toy's traffic under one policy; served calls are charged their real cost.
fn run_on(traffic: &Traffic, policy: Policy, settings: &Settings) -> Result<PolicyOutcome, Overflow> {
    let out = engine::run_priced(traffic, &policy.engine_policy(settings), &[toy_day::price()], Record::COUNTS)
        .map_err(run_error)?;
    let per_user = out
        .per_user
        .iter()
        .map(|u| UserOutcome { served: u.served, refused: u.refused, charged: u.charged.micros() })
        .collect();
    Ok(PolicyOutcome { policy, bill: out.bill.micros(), per_user })
}

/// Runs the given users' day under one policy.
pub fn run_policy(users: &[UserDay], policy: Policy, settings: &Settings) -> Result<PolicyOutcome, Overflow> {
    run_on(&toy_traffic(users)?, policy, settings)
}

fn toy_traffic(users: &[UserDay]) -> Result<Traffic, Overflow> {
    // Built from the toy's own users: every index is in range.
    toy_day::traffic(users).map_err(|_| Overflow)
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
    let traffic = toy_traffic(users)?;
    let policies = Policy::ALL.into_iter().map(|p| run_on(&traffic, p, settings)).collect::<Result<Vec<_>, _>>()?;
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
    /// True in every case: a day where nothing is billed says so, and a share or a bill is
    /// never rounded to something it is not.
    ///
    /// ```
    /// use billsim_core::{simulate_day, Policy, Settings};
    /// let day = simulate_day(0, &Settings::default()).unwrap();
    /// assert!(day.summary(Policy::NoLimit).starts_with("No limit: the bill is $"));
    /// ```
    pub fn summary(&self, policy: Policy) -> String {
        let o = self.outcome(policy);
        let label = o.policy.label(&self.settings);
        let (calls, heavy_calls) = self.calls();
        let heavy_refused = o.refused(&self.users, UserKind::Heavy);
        let ordinary_refused = o.refused(&self.users, UserKind::Ordinary);
        if o.bill == Micros::ZERO && heavy_refused.saturating_add(ordinary_refused) == calls {
            let what = match calls {
                0 => "no call is made".to_string(),
                1 => "the one call is refused".to_string(),
                n => format!("all {n} calls are refused"),
            };
            return format!("{label}: {what}, so nothing is billed.");
        }
        let bill = match share(o.heavy_charged(&self.users).0, o.bill.0) {
            Some(heavy) => format!("the bill is {}, the heavy user is {heavy} of it", o.bill.cents()),
            None => "the bill is $0.00".to_string(),
        };
        let ordinary_users = self.users.iter().filter(|u| u.kind == UserKind::Ordinary).count();
        let ordinary = if ordinary_users == 1 { "the ordinary user's" } else { "the ordinary users'" };
        format!(
            "{label}: {bill}; refused: {} and {}.",
            refused_of(heavy_refused, heavy_calls, "the heavy user's", true),
            refused_of(ordinary_refused, calls - heavy_calls, ordinary, false),
        )
    }
}

/// `185 of the heavy user's 190 calls`; the noun is left to the reader (`0 of the
/// ordinary users' 204`) when `noun` is false and the count is not 1.
fn refused_of(refused: u64, calls: u64, whose: &str, noun: bool) -> String {
    match calls {
        0 => format!("none of {whose} calls (none were sent)"),
        1 => format!("{refused} of {whose} 1 call"),
        n if noun => format!("{refused} of {whose} {n} calls"),
        n => format!("{refused} of {whose} {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Refill;
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
    }

    #[test]
    fn under_a_steady_refill_the_budget_is_not_called_daily() {
        let steady = Settings { refill: Refill::Steady, ..Settings::default() };
        let label = Policy::DailyBudget.label(&steady);
        assert_eq!(label, "Cost budget $0.25 a day, refilled steadily", "a steady refill has no daily reset");
        let day = simulate_day(0, &steady).unwrap();
        assert!(day.summary(Policy::DailyBudget).starts_with(&format!("{label}: ")), "the summary names it the same");
    }

    /// A day of the given users, each `(kind, calls, refused, charged)`, the same under every policy.
    fn day_of(users: &[(UserKind, u32, u32, u64)]) -> DayResult {
        let per_user: Vec<UserOutcome> = users
            .iter()
            .map(|&(_, calls, refused, charged)| UserOutcome {
                served: calls - refused,
                refused,
                charged: Micros(charged),
            })
            .collect();
        let bill = Micros::checked_sum(per_user.iter().map(|u| u.charged)).unwrap();
        DayResult {
            seed: 0,
            settings: Settings::default(),
            users: users.iter().map(|&(kind, calls, ..)| UserSummary { kind, calls }).collect(),
            policies: Policy::ALL.map(|policy| PolicyOutcome { policy, bill, per_user: per_user.clone() }).to_vec(),
        }
    }

    use UserKind::{Heavy, Ordinary};

    #[test]
    fn the_summary_of_a_day_where_every_call_is_refused_says_nothing_is_billed_not_a_share_of_it() {
        let day = simulate_day(0, &Settings { budget: Micros(10_000), ..Settings::default() }).unwrap();
        let (calls, _) = day.calls();
        assert_eq!(
            day.summary(Policy::DailyBudget),
            format!("Daily cost budget $0.01: all {calls} calls are refused, so nothing is billed."),
            "a $0.01 budget cannot hold even the reply cap of one call"
        );
        let one = day_of(&[(Heavy, 1, 1, 0)]);
        assert_eq!(one.summary(Policy::NoLimit), "No limit: the one call is refused, so nothing is billed.");
        let none = day_of(&[(Heavy, 0, 0, 0), (Ordinary, 0, 0, 0)]);
        assert_eq!(none.summary(Policy::NoLimit), "No limit: no call is made, so nothing is billed.");
    }

    #[test]
    fn the_summary_keeps_its_usual_words_on_an_ordinary_day() {
        let day = day_of(&[(Heavy, 190, 185, 240_000), (Ordinary, 100, 0, 300_000), (Ordinary, 104, 0, 310_000)]);
        assert_eq!(
            day.summary(Policy::DailyBudget),
            "Daily cost budget $0.25: the bill is $0.85, the heavy user is 28% of it; refused: 185 of the heavy user's 190 calls and 0 of the ordinary users' 204."
        );
    }

    #[test]
    fn the_summary_never_rounds_a_share_or_a_bill_to_something_it_is_not() {
        let tiny = day_of(&[(Heavy, 5, 5, 0), (Ordinary, 2, 0, 840)]);
        assert_eq!(
            tiny.summary(Policy::NoLimit),
            "No limit: the bill is $0.00084, the heavy user is 0% of it; refused: 5 of the heavy user's 5 calls and 0 of the ordinary user's 2.",
            "a bill under half a cent is not $0.00"
        );
        let sliver = day_of(&[(Heavy, 2, 0, 1_000), (Ordinary, 2, 0, 999_000)]);
        assert!(sliver.summary(Policy::NoLimit).contains("the heavy user is under 1% of it"), "0.1% is not 0%");
        let nearly = day_of(&[(Heavy, 2, 0, 999_000), (Ordinary, 2, 0, 1_000)]);
        assert!(nearly.summary(Policy::NoLimit).contains("the heavy user is over 99% of it"), "99.9% is not 100%");
        let all = day_of(&[(Heavy, 2, 0, 999_000), (Ordinary, 2, 2, 0)]);
        assert!(all.summary(Policy::NoLimit).contains("the heavy user is 100% of it"));
    }

    #[test]
    fn the_summary_says_call_for_one_call_and_user_for_one_user() {
        let day = day_of(&[(Heavy, 1, 0, 48_000), (Ordinary, 1, 1, 0)]);
        assert_eq!(
            day.summary(Policy::NoLimit),
            "No limit: the bill is $0.05, the heavy user is 100% of it; refused: 0 of the heavy user's 1 call and 1 of the ordinary user's 1 call."
        );
        let quiet = day_of(&[(Heavy, 0, 0, 0), (Ordinary, 3, 1, 2_000)]);
        assert_eq!(
            quiet.summary(Policy::NoLimit),
            "No limit: the bill is $0.002, the heavy user is 0% of it; refused: none of the heavy user's calls (none were sent) and 1 of the ordinary user's 3.",
        );
    }
}
