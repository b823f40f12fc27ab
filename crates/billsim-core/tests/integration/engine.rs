//! The engine's rules, each on a few hand-made calls: the order of events, what a refusal
//! takes and gives back, requests, processes, prices, the spend ceiling, the timeline and
//! the event list.

use billsim_core::engine::{
    run, Call, Cohort, Guard, Nanos, Policy, Price, PriceTable, Reason, Record, RunError, SetAside, Traffic, User,
};
use billsim_core::time::{Instant, Span, DAY};
use billsim_core::{Micros, Refill};

/// $1 per million tokens in and out: one token costs 1,000 nano-dollars (a tenth of a cent per 1,000).
fn prices() -> PriceTable {
    PriceTable(vec![("m".into(), Price::per_million(Micros(1_000_000), Micros(1_000_000)))])
}

/// One cohort, `users` users, one model "m"; each call `(ms, user, request, tokens in, latency ms)`
/// with no tokens out.
fn traffic(users: u32, calls: &[(u64, u32, u32, u64, u64)]) -> Traffic {
    Traffic::new(
        vec![Cohort { name: "all".into(), label: "Everyone".into() }],
        (0..users).map(|u| User { name: format!("u{u}"), cohort: 0 }).collect(),
        vec!["m".into()],
        calls
            .iter()
            .map(|&(at, user, request, input, latency)| Call {
                at: Instant(at),
                user,
                model: 0,
                request,
                input,
                output: 0,
                latency: Span(latency),
            })
            .collect(),
    )
    .unwrap()
}

fn budget(micros: u64, set_aside: SetAside) -> Guard {
    Guard::MoneyBudget { budget_micros: Micros(micros), refill: Refill::Daily, set_aside }
}

fn window(limit: u32, seconds: u64) -> Guard {
    Guard::SlidingWindow { limit: limit.try_into().unwrap(), window_ms: Span::seconds(seconds) }
}

fn served(t: &Traffic, guards: Vec<Guard>) -> Vec<u32> {
    let out = run(t, &Policy::new("p", guards), &prices(), Record::default()).unwrap();
    out.per_user.iter().map(|u| u.served).collect()
}

#[test]
fn with_no_latency_each_call_is_settled_before_the_next_arrives_at_the_same_moment() {
    // A set-aside of 10,000 tokens is $0.01; the real call is 6,000 tokens ($0.006), so
    // once the first is settled a second set-aside fits in $0.016, but not two set-asides.
    let t = traffic(1, &[(0, 0, 0, 6_000, 0), (0, 0, 1, 6_000, 0)]);
    let set_aside = SetAside::WorstCase { input_percent: 100, max_tokens: 4_000 };
    assert_eq!(served(&t, vec![budget(16_000, set_aside)]), vec![2], "the first call's surplus was given back in time");
    let in_flight = traffic(1, &[(0, 0, 0, 6_000, 1), (0, 0, 1, 6_000, 1)]);
    assert_eq!(
        served(&in_flight, vec![budget(16_000, set_aside)]),
        vec![1],
        "with 1 ms of latency both set-asides overlap"
    );
}

#[test]
fn a_check_only_budget_lets_every_call_in_flight_through_and_overshoots() {
    let calls: Vec<_> = (0..20).map(|i| (0, 0, i, 10_000, 1_000)).collect();
    let t = traffic(1, &calls);
    let out = run(&t, &Policy::new("checkOnly", vec![budget(10_000, SetAside::Nothing)]), &prices(), Record::default())
        .unwrap();
    assert_eq!(out.per_user[0].served, 20, "nothing is charged until the first finishes");
    assert_eq!(out.bill, Nanos(20 * 10_000_000), "20 calls of $0.01 against a $0.01 budget");
}

#[test]
fn a_call_refused_by_a_later_guard_takes_nothing_from_an_earlier_one() {
    // The budget holds exactly two calls of 1,000 tokens ($0.001 each). The window lets one
    // call a minute through. Call 2 is refused by the window: if it had kept its set-aside,
    // call 3 (a minute later) would not fit.
    let calls = [(0, 0, 0, 1_000, 0), (1_000, 0, 1, 1_000, 0), (60_000, 0, 2, 1_000, 0)];
    let guards = vec![budget(2_000, SetAside::worst_case(0)), window(1, 60)];
    assert_eq!(served(&traffic(1, &calls), guards), vec![2]);
    let out = run(
        &traffic(1, &calls),
        &Policy::new("p", vec![budget(2_000, SetAside::worst_case(0)), window(1, 60)]),
        &prices(),
        Record::default(),
    )
    .unwrap();
    assert_eq!(out.per_user[0].refused_by.get(Reason::RateLimited), 1, "the first guard to refuse gives the reason");
}

#[test]
fn a_refused_call_ends_its_request_and_its_later_calls_are_not_made() {
    let calls = [(0, 0, 0, 10, 0), (1, 0, 0, 10, 0), (2, 0, 0, 10, 0), (3, 0, 1, 10, 0)];
    let out = run(&traffic(1, &calls), &Policy::new("p", vec![window(1, 60)]), &prices(), Record::default()).unwrap();
    let u = out.per_user[0];
    assert_eq!((u.served, u.refused, u.dropped), (1, 2, 1), "request 0: served, refused, dropped; request 1: refused");
}

#[test]
fn two_processes_each_keep_their_own_counts_so_a_limit_lets_twice_as_many_through() {
    let calls: Vec<_> = (0..10).map(|i| (u64::from(i) * 1_000, 0, i, 10, 0)).collect();
    let mut policy = Policy::new("p", vec![window(2, 60)]);
    assert_eq!(run(&traffic(1, &calls), &policy, &prices(), Record::default()).unwrap().per_user[0].served, 2);
    policy.processes = 2;
    assert_eq!(run(&traffic(1, &calls), &policy, &prices(), Record::default()).unwrap().per_user[0].served, 4);
    policy.processes = 0;
    assert_eq!(run(&traffic(1, &calls), &policy, &prices(), Record::default()).unwrap_err(), RunError::NoProcess);
}

#[test]
fn a_model_without_a_price_is_an_error_that_names_every_such_model_with_its_calls() {
    let t = Traffic::new(
        vec![Cohort { name: "all".into(), label: "Everyone".into() }],
        vec![User { name: "a".into(), cohort: 0 }],
        vec!["m".into(), "x".into(), "y".into()],
        [(0u16, 0u32), (1, 1), (1, 2), (2, 3)]
            .iter()
            .map(|&(model, request)| Call {
                at: Instant(0),
                user: 0,
                model,
                request,
                input: 1,
                output: 1,
                latency: Span::ZERO,
            })
            .collect(),
    )
    .unwrap();
    let err = run(&t, &Policy::new("p", vec![]), &prices(), Record::default()).unwrap_err();
    assert_eq!(err, RunError::NoPrice(vec![("x".into(), 2), ("y".into(), 1)]));
    assert_eq!(err.to_string(), "prices: no price for \"x\" (2 calls), \"y\" (1 call); give each model a price");
}

#[test]
fn a_spend_ceiling_trips_once_passed_and_overshoots_by_less_than_one_call_when_calls_come_one_at_a_time() {
    // 10 users, a call of 1,000 tokens ($0.001) each second; the ceiling is $0.0045.
    let calls: Vec<_> = (0..10).map(|i| (u64::from(i) * 1_000, i, i, 1_000, 0)).collect();
    let ceiling = Guard::SpendCeiling { ceiling_micros: Micros(4_500), period_ms: Span::seconds(DAY) };
    let out = run(&traffic(10, &calls), &Policy::new("p", vec![ceiling]), &prices(), Record::EVERYTHING).unwrap();
    assert_eq!(out.bill, Nanos(5_000_000), "the fifth call carries the spend past $0.0045: $0.005 spent");
    let trip = out.tripped.expect("the ceiling was reached");
    assert_eq!((trip.at, trip.user), (Instant(4_000), 4), "tripped by user 4's call at 4 s");
    let events = out.events.unwrap();
    let refused: Vec<_> = events.iter().filter(|e| !e.served).collect();
    assert_eq!(refused.len(), 5);
    assert!(refused.iter().all(|e| e.reason == Some(Reason::GlobalBudget) && e.fits_at == Some(Instant(DAY * 1_000))));
}

#[test]
fn a_refusal_says_when_the_call_would_fit_or_that_waiting_never_helps() {
    let calls = [(0, 0, 0, 10, 0), (5_000, 0, 1, 10, 0), (7_000, 0, 2, 50_000, 0)];
    let guards = vec![window(1, 60), budget(20, SetAside::worst_case(0))];
    let out = run(&traffic(1, &calls), &Policy::new("p", guards), &prices(), Record::EVERYTHING).unwrap();
    let events = out.events.unwrap();
    assert_eq!(events[1].reason, Some(Reason::RateLimited));
    assert_eq!(events[1].fits_at, Some(Instant(60_000)), "the window's oldest call leaves it at 60 s");
    // The window refuses the third call too, but the budget after it never holds $0.05.
    assert_eq!((events[2].reason, events[2].fits_at), (Some(Reason::RateLimited), None), "a later guard's never");
    let big = run(
        &traffic(1, &[(7_000, 0, 0, 50_000, 0)]),
        &Policy::new("p", vec![budget(10, SetAside::worst_case(0))]),
        &prices(),
        Record::EVERYTHING,
    )
    .unwrap();
    let e = big.events.unwrap()[0];
    assert_eq!((e.reason, e.fits_at), (Some(Reason::BudgetUsedUp), None), "$0.05 never fits a $0.00001 budget");
}

#[test]
fn the_timeline_climbs_to_the_bill_and_never_falls() {
    let calls: Vec<_> = (0..50).map(|i| (u64::from(i) * 7_919, i % 3, i, 100 + u64::from(i), 500)).collect();
    let out = run(&traffic(3, &calls), &Policy::new("p", vec![window(5, 60)]), &prices(), Record::default()).unwrap();
    let spent = &out.timeline.spent;
    assert!(spent.windows(2).all(|w| w[0] <= w[1]), "cumulative spend never falls");
    assert_eq!(*spent.last().unwrap(), out.bill, "the last step holds the whole bill");
}

#[test]
fn a_policy_is_plain_data_that_round_trips_through_json_and_refuses_an_unknown_guard() {
    let policy = Policy::new("p", vec![window(5, 60), budget(250_000, SetAside::worst_case(1_000))]);
    let json = serde_json::to_string(&policy).unwrap();
    assert!(json.contains(r#""count":"requests""#), "a policy serializes in the policy language: {json}");
    let read = |text: &str| billsim_core::engine::read_policy_file(text).map(|f| f.policies);
    assert_eq!(read(&json).unwrap(), vec![policy]);
    let unknown = r#"{"name":"p","guards":[{"guard":"magic"}]}"#;
    assert!(read(unknown).unwrap_err().to_string().contains("magic"));
    let zero = r#"{"name":"p","guards":[{"guard":"slidingWindow","limit":0,"windowMs":60000}]}"#;
    assert!(read(zero).is_err(), "a limit of zero is refused");
}

#[test]
fn calls_given_out_of_order_are_run_in_time_order() {
    let sorted = [(0, 0, 0, 10, 0), (1_000, 1, 1, 10, 0), (2_000, 0, 2, 10, 0)];
    let shuffled = [sorted[2], sorted[0], sorted[1]];
    let a = run(&traffic(2, &sorted), &Policy::new("p", vec![window(1, 60)]), &prices(), Record::EVERYTHING);
    let b = run(&traffic(2, &shuffled), &Policy::new("p", vec![window(1, 60)]), &prices(), Record::EVERYTHING);
    assert_eq!(a.unwrap(), b.unwrap());
}

#[test]
fn users_run_one_after_another_give_the_same_outcome_as_every_call_in_time_order() {
    use billsim_core::engine::synthetic;
    // Recording events runs the calls in time order; without, policies of per-user guards
    // over replies that come at once run user by user.
    for seed in 0..30 {
        let t = synthetic::traffic(seed, 3_000, 40).unwrap();
        // Grouped by user: each user's calls in time order, but not all of them.
        let mut instant: Vec<Call> = t.calls().iter().map(|c| Call { latency: Span::ZERO, ..*c }).collect();
        instant.sort_by_key(|c| (c.user, c.at));
        let t = Traffic::new(t.cohorts.clone(), t.users.clone(), t.models.clone(), instant).unwrap();
        let guards = vec![window(3, 60), budget(20_000, SetAside::worst_case(u64::from(synthetic::MAX_OUTPUT)))];
        let policy = Policy::new("p", guards);
        let by_user = run(&t, &policy, &synthetic::prices(), Record::default()).unwrap();
        let mut in_time = run(&t, &policy, &synthetic::prices(), Record::EVERYTHING).unwrap();
        in_time.events = None;
        assert_eq!(by_user, in_time, "seed {seed}");
        assert!(by_user.per_user.iter().any(|u| u.refused > 0), "seed {seed}: some calls are refused");
    }
}

#[test]
fn prices_found_for_fewer_models_than_the_traffic_has_are_an_error_not_a_panic() {
    use billsim_core::engine::run_priced;
    let t = traffic(1, &[(0, 0, 0, 10, 0)]);
    let err = run_priced(&t, &Policy::new("p", vec![]), &[], Record::default()).unwrap_err();
    assert_eq!(err, RunError::NoPrice(vec![("m".into(), 1)]));
}
