//! The toy day and what the lesson claims about it, checked on every day the widget is
//! likely to show (0 to 9,999), in integers.

use billsim_core::lessons::toy_day::many_days::{many_days, Extreme, Extremes, Failures};
use billsim_core::lessons::toy_day::simulate::run_policy;
use billsim_core::lessons::toy_day::{toy_day, worst_ordinary_day, Call, UserDay, UserKind};
use billsim_core::time::{DAY, HOUR};
use billsim_core::{cost, set_aside, simulate_day, DayResult, Micros, Policy, Settings, REPLY_CAP};
use std::collections::HashSet;
use std::num::NonZeroU32;

/// Every day checked: the lesson claims 200; the widget's "Another day" can land on any.
const DAYS: std::ops::RangeInclusive<u32> = 0..=9_999;
/// The lesson's 200 days, for the checks that cost more per day.
const LESSON_DAYS: std::ops::RangeInclusive<u32> = 0..=199;

fn settings(per_minute: u32, budget: u64) -> Settings {
    Settings { per_minute: NonZeroU32::new(per_minute).unwrap(), budget: Micros(budget), ..Settings::default() }
}

fn ordinary_users(users: &[UserDay]) -> Vec<UserDay> {
    users.iter().filter(|u| u.kind == UserKind::Ordinary).cloned().collect()
}

/// (heavy user's charge, bill) under `policy`, added up here from the per-user outcomes, so a
/// bug in the library's own sums cannot hide a failure; the bill it reports must agree.
fn heavy_and_bill(day: &DayResult, policy: Policy) -> (u128, u128) {
    let outcome = day.outcome(policy);
    assert_eq!(outcome.policy, policy);
    let mut heavy = 0u128;
    let mut bill = 0u128;
    for (user, got) in day.users.iter().zip(&outcome.per_user) {
        bill += u128::from(got.charged.0);
        if user.kind == UserKind::Heavy {
            heavy += u128::from(got.charged.0);
        }
    }
    assert_eq!(
        bill,
        u128::from(outcome.bill.0),
        "day {}: the reported {policy:?} bill is the sum of the charges",
        day.seed
    );
    (heavy, bill)
}

fn ordinary_refused(day: &DayResult, policy: Policy) -> u32 {
    let outcome = day.outcome(policy);
    day.users.iter().zip(&outcome.per_user).filter(|(u, _)| u.kind == UserKind::Ordinary).map(|(_, o)| o.refused).sum()
}

fn ordinary_refused_by(users: &[UserDay], policy: Policy, settings: &Settings) -> u32 {
    run_policy(users, policy, settings).unwrap().per_user.iter().map(|o| o.refused).sum()
}

#[test]
fn on_every_day_5_requests_a_minute_refuse_nobody_and_leave_the_heavy_user_90_percent_of_the_bill_until_a_25_cent_budget_cuts_it_to_35(
) {
    let defaults = Settings::default();
    assert_eq!((defaults.per_minute.get(), defaults.budget), (5, Micros(250_000)));
    for seed in DAYS {
        // From simulate_day itself, not from many_days, so a bug there cannot hide a failure here.
        let day = simulate_day(seed, &defaults).unwrap();
        assert_eq!(day.users.len(), 10, "day {seed}");

        let (heavy, bill) = heavy_and_bill(&day, Policy::NoLimit);
        assert!(heavy * 10 >= bill * 9, "day {seed}: with no limit the heavy user is {heavy} of {bill}, under 90%");

        let (heavy, bill) = heavy_and_bill(&day, Policy::DailyBudget);
        assert!(heavy * 100 <= bill * 35, "day {seed}: under $0.25 the heavy user is {heavy} of {bill}, over 35%");
        assert_eq!(ordinary_refused(&day, Policy::DailyBudget), 0, "day {seed}: $0.25 refused an ordinary call");

        // Nobody at all is refused at 5 a minute, so the day is exactly the day with no limit.
        assert_eq!(
            day.outcome(Policy::RequestsPerMinute).per_user,
            day.outcome(Policy::NoLimit).per_user,
            "day {seed}"
        );
        assert!(day.outcome(Policy::NoLimit).per_user.iter().all(|o| o.refused == 0), "day {seed}");
    }
}

// Why checking $0.15 and $0.50 covers every budget between them.
//
// A larger budget does not let in a superset of calls in general: with $1.00, a $0.80 call
// goes in and crowds out a later $0.30 one that $0.50 lets through (the $0.80 call is too big
// for $0.50). What is true is narrower and is what the claim needs: if a budget B refuses none
// of a user's calls, no budget B' >= B refuses any. Each call settles before the next, so
// before call k the user's count under B is the real cost of calls 1..k-1; under B' it is the
// same, because (by induction) B' let those calls in too; and call k passed
// `used + set-aside <= B <= B'`. So $0.15 refusing none implies every budget above it refuses
// none, $0.50 included. $0.50 is still run here, as a cheap guard of that argument, and
// `every_whole_cent_from_15_to_50_refuses_no_ordinary_call_on_the_lessons_200_days` checks
// every cent in between on fewer days.
#[test]
fn on_every_day_neither_a_budget_of_15_cents_nor_one_of_50_cents_refuses_an_ordinary_call() {
    let (low, high) = (settings(5, 150_000), settings(5, 500_000));
    for seed in DAYS {
        let ordinary = ordinary_users(&toy_day(seed));
        assert_eq!(ordinary.len(), 9, "day {seed}");
        assert_eq!(ordinary_refused_by(&ordinary, Policy::DailyBudget, &low), 0, "day {seed}: $0.15");
        assert_eq!(ordinary_refused_by(&ordinary, Policy::DailyBudget, &high), 0, "day {seed}: $0.50");
    }
}

#[test]
fn every_whole_cent_from_15_to_50_refuses_no_ordinary_call_on_the_lessons_200_days() {
    for seed in LESSON_DAYS {
        let ordinary = ordinary_users(&toy_day(seed));
        for cents in 15..=50u64 {
            let refused = ordinary_refused_by(&ordinary, Policy::DailyBudget, &settings(5, cents * 10_000));
            assert_eq!(refused, 0, "day {seed}: a budget of {cents} cents refused {refused} ordinary calls");
        }
    }
    // The claim has teeth: a budget well below $0.15 does refuse ordinary calls.
    let day_0 = ordinary_users(&toy_day(0));
    assert!(ordinary_refused_by(&day_0, Policy::DailyBudget, &settings(5, 50_000)) > 0);
}

#[test]
fn the_worst_ordinary_day_is_40_of_the_dearest_calls_plus_the_largest_set_aside_233000_micro_dollars_under_the_25_cent_budget(
) {
    // 40 calls at the largest input (1,500 tokens) and output (250 tokens) of the model...
    let dearest = 1_500 * 2 + 250 * 10;
    assert_eq!(dearest, 5_500);
    // ...plus the set-aside of one more call at the largest input and the 1,000-token reply cap.
    let largest_set_aside = 1_500 * 2 + 1_000 * 10;
    assert_eq!(largest_set_aside, 13_000);
    assert_eq!(40 * dearest + largest_set_aside, 233_000);

    // The library computes it from its own constants; they must be the ones written out above.
    assert_eq!(cost(1_500, 250), Ok(Micros(dearest)));
    assert_eq!(set_aside(1_500, REPLY_CAP), Ok(Micros(largest_set_aside)));
    assert_eq!(worst_ordinary_day(), Ok(Micros(233_000)));
    assert!(worst_ordinary_day().unwrap() < Settings::default().budget, "no ordinary call can meet $0.25");
}

#[test]
fn on_every_day_no_ordinary_user_makes_more_than_40_calls_or_asks_for_more_than_the_worst_day_bound() {
    let bound = worst_ordinary_day().unwrap().0;
    let (mut most_calls, mut most_asked) = (0, 0);
    for seed in DAYS {
        for (index, user) in toy_day(seed).iter().enumerate().filter(|(_, u)| u.kind == UserKind::Ordinary) {
            assert!(user.calls.len() <= 40, "day {seed}, user {index}: {} calls", user.calls.len());
            most_calls = most_calls.max(user.calls.len());
            // What a budget check sees at each call: everything charged before it plus its set-aside.
            let mut charged = 0;
            for call in &user.calls {
                let asked = charged + set_aside(call.input, REPLY_CAP).unwrap().0;
                assert!(asked <= bound, "day {seed}, user {index}: a check for {asked} is above the bound {bound}");
                most_asked = most_asked.max(asked);
                charged += cost(call.input, call.output).unwrap().0;
            }
        }
    }
    // The cap of 40 is reached on some day, so the check above is not vacuous.
    assert_eq!(most_calls, 40);
    assert!(most_asked < 250_000, "{most_asked}");
}

fn gaps(calls: &[Call]) -> impl Iterator<Item = u64> + '_ {
    calls.windows(2).map(|w| w[1].at - w[0].at)
}

/// Smallest and largest values seen, to check that each range of the model is used to its ends.
#[derive(Default)]
struct Seen(Option<(u64, u64)>);

impl Seen {
    fn add(&mut self, v: u64) {
        self.0 = Some(self.0.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))));
    }
}

#[test]
fn the_heavy_user_sends_20000_tokens_every_4_to_6_minutes_from_0600_to_2200_and_ordinary_users_ask_short_questions_at_least_15_seconds_apart(
) {
    let (mut heavy_gap, mut heavy_out, mut ordinary_in, mut ordinary_out, mut ordinary_gap) =
        (Seen::default(), Seen::default(), Seen::default(), Seen::default(), Seen::default());
    for seed in DAYS {
        let users = toy_day(seed);
        assert_eq!(users.len(), 10, "day {seed}");
        assert_eq!(users[0].kind, UserKind::Heavy, "day {seed}: the heavy user is the first");

        let heavy = &users[0].calls;
        let (first, last) = (heavy.first().unwrap().at, heavy.last().unwrap().at);
        assert!((6 * HOUR + 240..=6 * HOUR + 360).contains(&first), "day {seed}: first heavy call at {first}");
        assert!(last < 22 * HOUR, "day {seed}: a heavy call at {last}, after 22:00");
        assert!(last + 360 >= 22 * HOUR, "day {seed}: the heavy user stopped at {last}, well before 22:00");
        heavy_gap.add(first - 6 * HOUR);
        for gap in gaps(heavy) {
            assert!((240..=360).contains(&gap), "day {seed}: heavy calls {gap} s apart");
            heavy_gap.add(gap);
        }
        for call in heavy {
            assert_eq!(call.input, 20_000, "day {seed}");
            assert!((800..=1_000).contains(&call.output), "day {seed}: heavy reply of {}", call.output);
            heavy_out.add(call.output);
        }

        for (index, user) in users.iter().enumerate().skip(1) {
            assert_eq!(user.kind, UserKind::Ordinary, "day {seed}, user {index}");
            let calls = &user.calls;
            assert!(!calls.is_empty(), "day {seed}, user {index}: no calls");
            assert!(calls[0].at >= 7 * HOUR, "day {seed}, user {index}: a call before 07:00");
            assert!(calls.last().unwrap().at < DAY, "day {seed}, user {index}: a call after midnight");
            // Calls are in time order and at least 15 s apart (in a session, 15 to 90 s; between
            // sessions, at least 60 s), so any 60 s holds at most 4: why 5 a minute never refuses one.
            for gap in gaps(calls) {
                assert!(gap >= 15, "day {seed}, user {index}: calls {gap} s apart");
                ordinary_gap.add(gap);
            }
            // Gaps above 90 s can only be between sessions, and there are at most 7 sessions.
            assert!(gaps(calls).filter(|&g| g > 90).count() <= 6, "day {seed}, user {index}: more than 7 sessions");
            for call in calls {
                assert!((60..=1_500).contains(&call.input), "day {seed}, user {index}: input {}", call.input);
                assert!((30..=250).contains(&call.output), "day {seed}, user {index}: output {}", call.output);
                ordinary_in.add(call.input);
                ordinary_out.add(call.output);
            }
        }
    }
    // Each range is drawn to both its ends: a range cut short by an off-by-one would show here.
    assert_eq!(heavy_gap.0, Some((240, 360)));
    assert_eq!(heavy_out.0, Some((800, 1_000)));
    assert_eq!(ordinary_in.0, Some((60, 1_500)));
    assert_eq!(ordinary_out.0, Some((30, 250)));
    assert_eq!(ordinary_gap.0.map(|(lo, _)| lo), Some(15));
}

#[test]
fn day_0_under_the_default_settings_gives_exactly_these_figures_and_changing_them_changes_every_number_the_lesson_quotes(
) {
    // If the model, the generator or the simulation changes, these change, and with them every
    // figure the widget and the command line show for the lesson's day. Change them on purpose.
    let day = simulate_day(0, &Settings::default()).unwrap();
    let calls: Vec<u32> = day.users.iter().map(|u| u.calls).collect();
    assert_eq!(calls, [190, 32, 17, 23, 19, 33, 36, 25, 17, 25]);
    assert_eq!(day.calls(), (417, 190));

    let bills: Vec<(Policy, u64)> = day.policies.iter().map(|o| (o.policy, o.bill.0)).collect();
    assert_eq!(
        bills,
        [(Policy::NoLimit, 9_972_642), (Policy::RequestsPerMinute, 9_972_642), (Policy::DailyBudget, 911_142)]
    );
    assert_eq!(heavy_and_bill(&day, Policy::NoLimit), (9_309_110, 9_972_642));
    assert_eq!(heavy_and_bill(&day, Policy::DailyBudget), (247_610, 911_142));
    let heavy_under_budget = day.outcome(Policy::DailyBudget).per_user[0];
    assert_eq!((heavy_under_budget.served, heavy_under_budget.refused), (5, 185));

    // The other two figures the lesson gives for its day: ordinary calls lost at 1 a minute and at $0.05.
    let one_a_minute = simulate_day(0, &settings(1, 250_000)).unwrap();
    assert_eq!(ordinary_refused(&one_a_minute, Policy::RequestsPerMinute), 84);
    let five_cents = simulate_day(0, &settings(5, 50_000)).unwrap();
    assert_eq!(ordinary_refused(&five_cents, Policy::DailyBudget), 98);
}

#[test]
fn every_user_on_every_one_of_the_lessons_200_days_draws_calls_of_its_own() {
    // Each user draws from a stream of its own, keyed by the day and the user. Through the public
    // API that shows as: no two (day, user) pairs get the same calls, as they would if two users
    // shared a stream or a user's stream did not depend on the day. (That changing one user's
    // traffic leaves the others' as they were cannot be shown from here: nothing public changes
    // one user's traffic.)
    let mut seen = HashSet::new();
    for seed in LESSON_DAYS {
        for (index, user) in toy_day(seed).into_iter().enumerate() {
            let calls: Vec<(u64, u64, u64)> = user.calls.iter().map(|c| (c.at, c.input, c.output)).collect();
            assert!(seen.insert(calls), "day {seed}, user {index}: the same calls as another user or day");
        }
    }
    assert_eq!(toy_day(123), toy_day(123), "the same day number always gives the same day");
}

#[test]
fn with_1_request_a_minute_the_heavy_user_is_never_refused_on_the_lessons_200_days_while_ordinary_users_lose_calls() {
    for seed in LESSON_DAYS {
        let day = simulate_day(seed, &settings(1, 250_000)).unwrap();
        let limited = day.outcome(Policy::RequestsPerMinute);
        for (user, got) in day.users.iter().zip(&limited.per_user) {
            if user.kind == UserKind::Heavy {
                assert_eq!((got.served, got.refused), (user.calls, 0), "day {seed}: the heavy user was refused");
            }
        }
        assert_eq!(heavy_and_bill(&day, Policy::RequestsPerMinute).0, heavy_and_bill(&day, Policy::NoLimit).0);
        // The limit does act: it is the ordinary users it turns away.
        assert!(ordinary_refused(&day, Policy::RequestsPerMinute) > 0, "day {seed}: 1 a minute refused nobody");
    }
}

/// What many_days should report, worked out day by day from simulate_day here.
fn expected_many_days(settings: &Settings) -> (Failures, Extremes) {
    let mut failures = Failures::default();
    let mut x = Extremes::default();
    let keep = |slot: &mut Option<Extreme>, value: u64, seed: u32, better: fn(u64, u64) -> bool| {
        if slot.map_or(true, |e| better(value, e.value)) {
            *slot = Some(Extreme { value, seed });
        }
    };
    let permille = |(heavy, bill): (u128, u128)| ((heavy * 2_000 + bill) / (bill * 2)) as u64;
    for seed in LESSON_DAYS {
        let day = simulate_day(seed, settings).unwrap();
        let no_limit = permille(heavy_and_bill(&day, Policy::NoLimit));
        let budget = permille(heavy_and_bill(&day, Policy::DailyBudget));
        let refused = |p| u64::from(ordinary_refused(&day, p));
        failures.heavy_under_90_percent_with_no_limit += u32::from(no_limit < 900);
        failures.heavy_over_35_percent_with_budget += u32::from(budget > 350);
        failures.ordinary_refused_by_request_limit += u32::from(refused(Policy::RequestsPerMinute) > 0);
        failures.ordinary_refused_by_budget += u32::from(refused(Policy::DailyBudget) > 0);
        let ordinary = ordinary_users(&toy_day(seed));
        let safe = [150_000, 500_000].map(|b| Settings { budget: Micros(b), ..*settings });
        failures.ordinary_refused_by_a_budget_from_15_to_50_cents +=
            u32::from(safe.iter().any(|s| ordinary_refused_by(&ordinary, Policy::DailyBudget, s) > 0));
        keep(&mut x.lowest_heavy_permille_no_limit, no_limit, seed, |a, b| a < b);
        keep(&mut x.highest_heavy_permille_budget, budget, seed, |a, b| a > b);
        keep(&mut x.most_ordinary_refused_no_limit, refused(Policy::NoLimit), seed, |a, b| a > b);
        keep(&mut x.most_ordinary_refused_request_limit, refused(Policy::RequestsPerMinute), seed, |a, b| a > b);
        keep(&mut x.most_ordinary_refused_budget, refused(Policy::DailyBudget), seed, |a, b| a > b);
    }
    (failures, x)
}

#[test]
fn many_days_reports_the_failures_and_extremes_that_the_days_one_by_one_give() {
    // Under the defaults every count is zero; 1 a minute, $0.05 and $100 make the counts that can
    // move non-zero, so a counter that never counts would show.
    let [defaults, harsh, loose] =
        [Settings::default(), settings(1, 50_000), settings(1, 100_000_000)].map(|settings| {
            let report = many_days(*LESSON_DAYS.start(), 200, &settings).unwrap();
            assert_eq!((report.from, report.count, report.settings), (0, 200, settings));
            assert_eq!((report.failures, report.extremes), expected_many_days(&settings), "{settings:?}");
            report.failures
        });
    assert_eq!(defaults, Failures::default());
    assert_eq!((harsh.ordinary_refused_by_request_limit, harsh.ordinary_refused_by_budget), (200, 200));
    assert_eq!(loose.heavy_over_35_percent_with_budget, 200);
}
