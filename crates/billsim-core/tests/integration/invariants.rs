//! What must hold on every simulated day, for every user and every policy, whatever the
//! settings:
//!
//! - every call is either served or refused: served + refused = calls;
//! - each user is charged the real cost of the calls served, and the bill is the sum of
//!   what was charged;
//! - under a budget with the daily refill, no user is charged more than the budget plus
//!   the overshoot the lesson explains (replies that cost more than was set aside; in the
//!   toy no reply is over the 1,000-token cap, so the overshoot is zero and the bound is
//!   the budget itself); with the steady refill, no stretch of the day is charged more than
//!   the budget plus what drained back during it;
//! - a request limit of N never lets N + 1 calls through in any 60-second window, and
//!   refuses a call only when the window already holds N;
//! - a refused budget call really did not fit.
//!
//! Which calls were served is decided again here, call by call, with the core's own
//! `RequestLimit` and `Budget`, and the counts and charges must agree with `simulate_day`'s:
//! the test checks both the invariants and that the simulation did what the parts say.
//!
//! Two sweeps: every day 0 to 1,999 under a grid of settings (4 request limits x 4 budgets x
//! 2 refill rules; see `sweep` for how it avoids running a policy twice on the same inputs),
//! and a property test over any day and any allowed settings. The property
//! test runs proptest's default of 256 cases; set the standard `PROPTEST_CASES` variable for
//! more, e.g. `PROPTEST_CASES=100000 cargo test -p billsim-core --test integration invariants::`.

use billsim_core::engine::budget::Budget;
use billsim_core::lessons::toy_day::rate_limit::RequestLimit;
use billsim_core::lessons::toy_day::simulate::UserOutcome;
use billsim_core::lessons::toy_day::{toy_day, Call, UserDay};
use billsim_core::settings::{BUDGET_MAX, BUDGET_MIN, PER_MINUTE_MAX, PER_MINUTE_MIN};
use billsim_core::time::{Seconds, DAY, MINUTE};
use billsim_core::{cost, set_aside, simulate_day, DayResult, Micros, Policy, Refill, Settings, REPLY_CAP};
use proptest::prelude::*;
use std::num::NonZeroU32;

const PER_MINUTE: [u32; 4] = [1, 2, 5, 60];
/// $0.01 (the least allowed), $0.05, $0.25 (the lesson's) and $100 (the most allowed).
const BUDGETS: [u64; 4] = [10_000, 50_000, 250_000, 100_000_000];

fn settings(per_minute: u32, budget: u64, refill: Refill) -> Settings {
    Settings { per_minute: NonZeroU32::new(per_minute).unwrap(), budget: Micros(budget), refill }
}

/// One call, decided again here: served or refused.
struct Decision {
    call: Call,
    served: bool,
}

/// One user's calls through `policy`, call by call, with the core's limiter and budget
/// (a new one per user, as each user has a count of their own). Also checks, as it goes,
/// that a budget refusal was a call that did not fit in what was left.
fn decide(user: u32, calls: &[Call], policy: Policy, settings: &Settings, context: &str) -> Vec<Decision> {
    let mut limit = RequestLimit::new(settings.per_minute);
    let mut budget = Budget::new(settings.budget, settings.refill);
    calls
        .iter()
        .map(|&call| {
            let served = match policy {
                Policy::NoLimit => true,
                Policy::RequestsPerMinute => limit.check(user, call.at).is_ok(),
                Policy::DailyBudget => {
                    let needs = set_aside(call.input, REPLY_CAP).unwrap();
                    let used = budget.used(&user, call.at);
                    match budget.reserve(user, needs, call.at) {
                        Ok(hold) => {
                            if settings.refill == Refill::Daily {
                                // A daily count is whole micro-dollars, so `used` is exact.
                                assert!(
                                    used.0 + needs.0 <= settings.budget.0,
                                    "{context}: served a call that did not fit"
                                );
                            }
                            budget.settle(&hold, cost(call.input, call.output).unwrap(), call.at);
                            true
                        }
                        Err(_) => {
                            // `used` is rounded up, so this holds for both refill rules.
                            assert!(
                                used.0 + needs.0 > settings.budget.0,
                                "{context}: refused a call of {needs:?} with {used:?} used of {:?}",
                                settings.budget
                            );
                            false
                        }
                    }
                }
            };
            Decision { call, served }
        })
        .collect()
}

/// Checks every invariant of one user under one policy.
fn check_user(day: &DayResult, users: &[UserDay], policy: Policy, user: usize) {
    let settings = &day.settings;
    let context = format!("day {}, {settings:?}, {policy:?}, user {user}", day.seed);
    let calls = &users[user].calls;
    let got: UserOutcome = day.outcome(policy).per_user[user];

    assert_eq!(day.users[user].calls as usize, calls.len(), "{context}: the call count");
    assert!(calls.windows(2).all(|w| w[0].at <= w[1].at), "{context}: calls come in time order");
    assert!(calls.iter().all(|c| c.at < DAY), "{context}: every call is inside the day");
    assert_eq!(
        u64::from(got.served) + u64::from(got.refused),
        calls.len() as u64,
        "{context}: served + refused = calls"
    );

    let decisions = decide(user as u32, calls, policy, settings, &context);
    let served: Vec<Call> = decisions.iter().filter(|d| d.served).map(|d| d.call).collect();
    assert_eq!(served.len(), got.served as usize, "{context}: the limiter and budget, run here, serve as many calls");
    let charged: u128 = served.iter().map(|c| u128::from(cost(c.input, c.output).unwrap().0)).sum();
    assert_eq!(u128::from(got.charged.0), charged, "{context}: charged the real cost of the calls served");

    match policy {
        Policy::NoLimit => assert_eq!(got.refused, 0, "{context}: no limit refuses nothing"),
        Policy::RequestsPerMinute => {
            let n = settings.per_minute.get() as usize;
            let times: Vec<Seconds> = served.iter().map(|c| c.at).collect();
            // N + 1 served calls in one window would be N + 1 calls less than 60 s apart.
            for w in times.windows(n + 1) {
                assert!(w[n] - w[0] >= MINUTE, "{context}: {} calls let through between {} and {}", n + 1, w[0], w[n]);
            }
            for d in decisions.iter().filter(|d| !d.served) {
                let in_window = times.iter().filter(|&&t| t <= d.call.at && d.call.at < t + MINUTE).count();
                assert_eq!(
                    in_window, n,
                    "{context}: the call at {} was refused only because the window was full",
                    d.call.at
                );
            }
        }
        Policy::DailyBudget => check_budget(&served, settings, got.charged, &context),
    }
}

/// No user is charged more than the budget allows: the budget plus the overshoot (what
/// replies cost beyond their set-aside), and, with the steady refill, plus what drained back
/// over the stretch. Checked over every stretch of served calls, from call i to call j:
/// `charged(i..=j) * DAY <= (budget + overshoot) * DAY + budget * (t_j - t_i)` (in parts,
/// as the budget counts), in O(n) with a running minimum.
fn check_budget(served: &[Call], settings: &Settings, charged: Micros, context: &str) {
    let budget = i128::from(settings.budget.0);
    let overshoot: i128 = served
        .iter()
        .map(|c| i128::from(cost(c.input, c.output).unwrap().saturating_sub(set_aside(c.input, REPLY_CAP).unwrap()).0))
        .sum();
    // The toy's replies are never over the cap, so the set-aside is a true maximum.
    assert!(served.iter().all(|c| c.output <= REPLY_CAP), "{context}: a reply over the cap");
    assert_eq!(overshoot, 0, "{context}: no overshoot in the toy");
    let day = i128::from(DAY);
    match settings.refill {
        Refill::Daily => {
            // Every call is inside one day, so the whole day is one count.
            assert!(
                i128::from(charged.0) <= budget + overshoot,
                "{context}: charged {charged:?}, more than the budget {:?}",
                settings.budget
            );
        }
        Refill::Steady => {
            // before(i) = charged before i, in parts, minus budget * t_i; after(j) likewise
            // with j included. The bound is after(j) - before(i) <= (budget + overshoot) * DAY.
            let mut charged_parts: i128 = 0;
            let mut least_before = i128::MAX;
            for c in served {
                let t = i128::from(c.at);
                least_before = least_before.min(charged_parts - budget * t);
                charged_parts += i128::from(cost(c.input, c.output).unwrap().0) * day;
                let after = charged_parts - budget * t;
                assert!(
                    after - least_before <= (budget + overshoot) * day,
                    "{context}: a stretch ending at {} was charged more than the budget and its refill",
                    c.at
                );
            }
            assert_eq!(charged_parts, i128::from(charged.0) * day, "{context}: the stretches add up to the charge");
        }
    }
}

/// Every invariant on one day under one setting, for the given policies: each user under
/// each policy, and each policy's bill. Returns the day.
fn check_day(seed: u32, users: &[UserDay], settings: &Settings, policies: &[Policy]) -> DayResult {
    let day = simulate_day(seed, settings).unwrap();
    assert_eq!((day.seed, &day.settings), (seed, settings));
    assert_eq!(day.users.len(), users.len());
    assert_eq!(day.policies.len(), Policy::ALL.len());
    let no_limit = day.outcome(Policy::NoLimit).bill;
    for &policy in policies {
        let outcome = day.outcome(policy);
        assert_eq!(outcome.policy, policy);
        assert_eq!(outcome.per_user.len(), users.len());
        let sum: u128 = outcome.per_user.iter().map(|u| u128::from(u.charged.0)).sum();
        assert_eq!(
            u128::from(outcome.bill.0),
            sum,
            "day {seed}, {settings:?}: the {policy:?} bill is the sum of the charges"
        );
        assert!(outcome.bill <= no_limit, "day {seed}, {settings:?}: {policy:?} costs more than no limit");
        for user in 0..users.len() {
            check_user(&day, users, policy, user);
        }
    }
    day
}

/// The grid of 4 request limits x 4 budgets x 2 refill rules, on the given days, without
/// running any policy twice on the same inputs: a policy reads only its own setting (no
/// limit reads none, the request limit only `per_minute`, the budget only `budget` and
/// `refill`), so the i-th request limit is run beside the i-th budget, and each day's other
/// combinations are checked to give the very same outcomes
/// (`the_grid_gives_every_policy_the_same_outcome_whatever_the_settings_it_does_not_read`
/// runs the whole grid on some days to show it).
fn sweep(seeds: std::ops::RangeInclusive<u32>) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let users = toy_day(seed);
        for (per_minute, budget) in PER_MINUTE.into_iter().zip(BUDGETS) {
            let daily = check_day(seed, &users, &settings(per_minute, budget, Refill::Daily), &Policy::ALL);
            let steady = check_day(seed, &users, &settings(per_minute, budget, Refill::Steady), &[Policy::DailyBudget]);
            for policy in [Policy::NoLimit, Policy::RequestsPerMinute] {
                assert_eq!(
                    daily.outcome(policy),
                    steady.outcome(policy),
                    "day {seed}: {policy:?} ignores the refill rule"
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_invariant_holds_on_days_0_to_999_under_every_request_limit_and_budget_of_the_grid() {
    assert_eq!(sweep(0..=999), 1_000 * PER_MINUTE.len());
}

#[test]
fn every_invariant_holds_on_days_1000_to_1999_under_every_request_limit_and_budget_of_the_grid() {
    assert_eq!(sweep(1_000..=1_999), 1_000 * PER_MINUTE.len());
}

/// What lets `sweep` run each request limit beside one budget only: on these days, under
/// every one of the 32 combinations, each policy's outcome is the one its own setting
/// gives, and every invariant holds.
#[test]
fn the_grid_gives_every_policy_the_same_outcome_whatever_the_settings_it_does_not_read() {
    for seed in 0..=19 {
        let users = toy_day(seed);
        let first = simulate_day(seed, &settings(PER_MINUTE[0], BUDGETS[0], Refill::Daily)).unwrap();
        for per_minute in PER_MINUTE {
            let by_limit = simulate_day(seed, &settings(per_minute, BUDGETS[0], Refill::Daily)).unwrap();
            for budget in BUDGETS {
                for refill in [Refill::Daily, Refill::Steady] {
                    let s = settings(per_minute, budget, refill);
                    let day = check_day(seed, &users, &s, &Policy::ALL);
                    let by_budget = simulate_day(seed, &settings(PER_MINUTE[0], budget, refill)).unwrap();
                    assert_eq!(day.outcome(Policy::NoLimit), first.outcome(Policy::NoLimit));
                    assert_eq!(day.outcome(Policy::RequestsPerMinute), by_limit.outcome(Policy::RequestsPerMinute));
                    assert_eq!(day.outcome(Policy::DailyBudget), by_budget.outcome(Policy::DailyBudget));
                }
            }
        }
    }
}

/// The invariants would pass on a day where nothing is ever refused, so this shows the
/// grid does reach the cases they guard: refusals by each policy, windows filled to the
/// limit, and budgets spent to the last micro-dollar they allow.
#[test]
fn the_grid_reaches_refusals_full_windows_and_spent_budgets() {
    let users = toy_day(0);
    let tight = simulate_day(0, &settings(1, 10_000, Refill::Daily)).unwrap();
    let refused = |day: &DayResult, p: Policy| day.outcome(p).per_user.iter().map(|u| u.refused).sum::<u32>();
    assert!(refused(&tight, Policy::DailyBudget) > 100);
    let busy = simulate_day(0, &settings(1, 250_000, Refill::Daily)).unwrap();
    assert!(refused(&busy, Policy::RequestsPerMinute) > 0, "1 a minute refuses some ordinary calls");
    // The heavy user's set-aside is 50,000, so $0.25 admits exactly five of those calls.
    let heavy = busy.outcome(Policy::DailyBudget).per_user[0];
    assert_eq!(heavy.served, 5);
    assert!(heavy.charged.0 > 5 * 40_000 + 5 * 8_000 - 1 && heavy.charged.0 <= 250_000);
    assert_eq!(users[0].calls.len() as u32, heavy.served + heavy.refused);
    let steady = simulate_day(0, &settings(5, 250_000, Refill::Steady)).unwrap();
    assert!(
        steady.outcome(Policy::DailyBudget).per_user[0].charged > Micros(250_000),
        "with the steady refill the heavy user is charged more than one budget over the day"
    );
}

proptest! {
    // proptest's default: 256 cases, or as many as PROPTEST_CASES says.
    #![proptest_config(ProptestConfig::default())]

    #[test]
    fn every_invariant_holds_on_any_day_under_any_allowed_settings(
        seed in any::<u32>(),
        per_minute in PER_MINUTE_MIN..=PER_MINUTE_MAX,
        budget in BUDGET_MIN.0..=BUDGET_MAX.0,
        steady in any::<bool>(),
    ) {
        let refill = if steady { Refill::Steady } else { Refill::Daily };
        check_day(seed, &toy_day(seed), &settings(per_minute, budget, refill), &Policy::ALL);
    }
}
