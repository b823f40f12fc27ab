//! A call's logged cost (a replayed log that says what each call cost) is what the engine
//! charges, in place of its tokens at its model's price; the set-aside still comes from
//! the price table.

use billsim_core::engine::budget::Refill;
use billsim_core::engine::{
    run, Call, Cohort, Guard, Nanos, Policy, Price, PriceTable, Record, SetAside, Traffic, User,
};
use billsim_core::time::{Instant, Span};
use billsim_core::Micros;

fn call(at: u64, user: u32, request: u32) -> Call {
    Call { at: Instant(at), user, model: 0, request, input: 100, output: 10, latency: Span(5) }
}

fn traffic(calls: Vec<Call>, costs: Vec<Option<Nanos>>) -> Traffic {
    Traffic::with_costs(
        vec![Cohort { name: "all".into(), label: "All".into() }],
        vec![User { name: "a".into(), cohort: 0 }, User { name: "b".into(), cohort: 0 }],
        vec!["m".into()],
        calls,
        costs,
    )
    .unwrap()
}

/// $1 and $2 per million: 100 in and 10 out cost 120,000 nano-dollars.
fn prices() -> PriceTable {
    PriceTable(vec![("m".into(), Price::per_million(Micros(1_000_000), Micros(2_000_000)))])
}

#[test]
fn a_logged_cost_is_charged_as_it_is_and_a_call_without_one_at_its_price() {
    let t = traffic(vec![call(0, 0, 0), call(10, 1, 1)], vec![Some(Nanos(7_000)), None]);
    let out = run(&t, &Policy::new("none", vec![]), &prices(), Record::EVERYTHING).unwrap();
    let charged: Vec<u64> = out.per_user.iter().map(|u| u.charged.0).collect();
    assert_eq!(charged, [7_000, 120_000], "user a's logged 7,000 nano-dollars, user b's 120,000 at the price");
    assert_eq!(out.bill, Nanos(127_000));
    let events: Vec<u64> = out.events.unwrap().iter().map(|e| e.charged.0).collect();
    assert_eq!(events, [7_000, 120_000], "each event says what was charged");
}

#[test]
fn a_budget_settles_the_logged_cost_and_sets_aside_from_the_price() {
    // A budget of 150 micro-dollars: the set-aside (100 in + 0 reply at the price = 100
    // micro-dollars) fits, so the first call runs; it settles its logged 140, so the second's
    // set-aside no longer fits (at the price alone, 120, it would).
    let budget = Guard::MoneyBudget {
        budget_micros: Micros(150),
        refill: Refill::Daily,
        set_aside: SetAside::WorstCase { input_percent: 100, max_tokens: 0 },
    };
    let t = traffic(vec![call(0, 0, 0), call(1_000, 0, 1)], vec![Some(Nanos(140_000)), Some(Nanos(140_000))]);
    let out = run(&t, &Policy::new("budget", vec![budget]), &prices(), Record::default()).unwrap();
    assert_eq!((out.per_user[0].served, out.per_user[0].refused), (1, 1), "{:?}", out.per_user[0]);
    assert_eq!(out.bill, Nanos(140_000));
}

#[test]
fn calls_sorted_into_time_order_keep_their_own_logged_costs() {
    let t = traffic(vec![call(50, 0, 0), call(10, 0, 1)], vec![Some(Nanos(1)), Some(Nanos(2))]);
    assert_eq!(t.calls()[0].at, Instant(10));
    assert_eq!(t.costs(), [Some(Nanos(2)), Some(Nanos(1))], "the cost moved with its call");
}

#[test]
fn costs_that_do_not_match_the_calls_one_for_one_are_refused() {
    let err = Traffic::with_costs(
        vec![Cohort { name: "all".into(), label: "All".into() }],
        vec![User { name: "a".into(), cohort: 0 }],
        vec!["m".into()],
        vec![call(0, 0, 0)],
        vec![None, None],
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "2 logged costs for 1 calls");
}
