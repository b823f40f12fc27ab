//! Lesson 001's guards in the engine, against hand-made sequences and the tutorial's own
//! checks (`test_limits.py`): the request limit, its Retry-After, the check-only daily
//! cap, keys (who the server takes a caller to be) and restarts.

use billsim_core::engine::{
    retry_after_seconds, run, Call, Cohort, Event, Guard, Keys, Nanos, Policy, Price, PriceTable, Reason, Record,
    Traffic, User,
};
use billsim_core::money::Micros;
use billsim_core::time::{Instant, Span};
use std::num::NonZeroU32;

const DAY_MS: u64 = 86_400_000;

fn prices() -> PriceTable {
    // The tutorial's $1 and $5 per million tokens.
    PriceTable(vec![("m".into(), Price::per_million(Micros(1_000_000), Micros(5_000_000)))])
}

/// Calls `(at ms, user, input, output, latency ms)`, each its own request.
fn traffic(users: u32, calls: &[(u64, u32, u64, u64, u64)]) -> Traffic {
    let calls = calls
        .iter()
        .enumerate()
        .map(|(i, &(at, user, input, output, latency))| Call {
            at: Instant(at),
            user,
            model: 0,
            request: i as u32,
            input,
            output,
            latency: Span(latency),
        })
        .collect();
    let users = (0..users).map(|u| User { name: format!("u{u}"), cohort: 0 }).collect();
    Traffic::new(vec![Cohort { name: "all".into(), label: "All".into() }], users, vec!["m".into()], calls).unwrap()
}

fn limiter(limit: u32, window_s: u64) -> Guard {
    Guard::RateLimiter { limit: NonZeroU32::new(limit).unwrap(), window_ms: Span::seconds(window_s) }
}

fn cap(micros: u64) -> Guard {
    Guard::DailyCap { cap_micros: Micros(micros) }
}

fn events(traffic: &Traffic, guards: Vec<Guard>) -> Vec<Event> {
    run(traffic, &Policy::new("p", guards), &prices(), Record::EVERYTHING).unwrap().events.unwrap()
}

/// The tutorial's formula, on seconds as a float, as Python computes it: `max(1, int(window -
/// (now - oldest)) + 1)`; `int()` truncates toward zero.
fn python_retry_after(window_s: f64, now_s: f64, oldest_s: f64) -> u64 {
    let left = window_s - (now_s - oldest_s);
    ((left.trunc() as i64) + 1).max(1) as u64
}

#[test]
fn test_limits_py_holds_two_requests_a_third_waits_another_user_counts_apart_and_the_window_passes() {
    // r = RateLimiter(limit=2, window=60) on a fake clock at 0, then 61.
    let t = traffic(2, &[(0, 0, 1, 1, 0), (0, 0, 1, 1, 0), (0, 0, 1, 1, 0), (0, 1, 1, 1, 0), (61_000, 0, 1, 1, 0)]);
    let e = events(&t, vec![limiter(2, 60)]);
    let served: Vec<bool> = e.iter().map(|e| e.served).collect();
    assert_eq!(served, [true, true, false, true, true], "a, a allowed; a waits; b allowed; a after 61 s");
    assert_eq!(e[2].reason, Some(Reason::RateLimit));
    assert_eq!(e[2].retry_after, Some(61), "all at 0: int(60 - 0) + 1 = 61; got {:?}", e[2].retry_after);
}

#[test]
fn the_retry_after_truncates_as_pythons_int_does_at_every_boundary() {
    for (left_ms, expected) in
        [(60_000, 61), (58_000, 59), (57_999, 58), (57_001, 58), (57_000, 58), (1_000, 2), (999, 1), (1, 1)]
    {
        assert_eq!(retry_after_seconds(Span(left_ms)), expected, "{left_ms} ms left");
        let python = python_retry_after(60.0, (60_000 - left_ms) as f64 / 1_000.0, 0.0);
        assert_eq!(python, expected, "the formula in floats, {left_ms} ms left");
    }
    // Through the engine: two requests at 0 fill a limit of 2; a third at 2.420 s gets 58.
    for (third_ms, expected) in [(2_000, 59), (2_001, 58), (2_420, 58), (3_000, 58), (3_001, 57), (59_999, 1)] {
        let t = traffic(1, &[(0, 0, 1, 1, 0), (0, 0, 1, 1, 0), (third_ms, 0, 1, 1, 0)]);
        let e = events(&t, vec![limiter(2, 60)]);
        assert_eq!(e[2].retry_after, Some(expected), "third request at {third_ms} ms");
        assert_eq!(e[2].fits_at, Some(Instant(60_000)), "the window frees a place at 60 s");
    }
}

#[test]
fn a_refused_request_is_not_counted_and_the_same_request_after_its_retry_after_is_let_through() {
    // Limit 1 per 10 s: refused at 5 s (not counted), let through at 5 + Retry-After.
    let first = traffic(1, &[(0, 0, 1, 1, 0), (5_000, 0, 1, 1, 0)]);
    let e = events(&first, vec![limiter(1, 10)]);
    let wait = e[1].retry_after.unwrap();
    assert_eq!(wait, 6, "int(10 - 5) + 1");
    let again = traffic(1, &[(0, 0, 1, 1, 0), (5_000, 0, 1, 1, 0), (5_000 + wait * 1_000, 0, 1, 1, 0)]);
    let e = events(&again, vec![limiter(1, 10)]);
    assert!(e[2].served, "sent {wait} s later it is let through");
    // Refused requests at 1 s intervals never push the window: the one at 10 s gets in.
    let hammer: Vec<_> = (0..=10).map(|s| (s * 1_000, 0, 1, 1, 0)).collect();
    let e = events(&traffic(1, &hammer), vec![limiter(1, 10)]);
    let served: Vec<u64> = e.iter().filter(|e| e.served).map(|e| e.at.0).collect();
    assert_eq!(served, [0, 10_000], "the refused ones are not counted");
}

#[test]
fn the_daily_cap_is_check_only_one_call_carries_it_past_and_calls_in_flight_carry_it_further() {
    // demo.py cap: $0.0008, calls of $0.000358, $0.000433, $0.000433 one after another.
    let seq = traffic(
        1,
        &[(0, 0, 33, 65, 1_000), (1_000, 0, 33, 80, 1_000), (2_000, 0, 33, 80, 1_000), (3_000, 0, 33, 80, 1_000)],
    );
    let out = run(&seq, &Policy::new("cap", vec![cap(800)]), &prices(), Record::EVERYTHING).unwrap();
    assert_eq!(out.bill, Nanos(1_224_000), "$0.001224");
    assert_eq!(out.per_user[0].refused_by.get(Reason::DailyCapReached), 1);
    assert_eq!(out.events.unwrap()[3].retry_after, None, "the cap's 429 has no Retry-After");
    // Four calls started at one moment all pass the check: the total goes four calls over.
    let at_once = traffic(1, &[(0, 0, 33, 80, 1_000); 4]);
    let out = run(&at_once, &Policy::new("cap", vec![cap(800)]), &prices(), Record::default()).unwrap();
    assert_eq!(out.bill, Nanos(4 * 433_000), "all four in flight before any is added");
    // Exactly at the cap is closed (`spent < cap` is open).
    let exact = traffic(1, &[(0, 0, 0, 160, 0), (1, 0, 0, 1, 0)]);
    let out = run(&exact, &Policy::new("cap", vec![cap(800)]), &prices(), Record::default()).unwrap();
    assert_eq!(out.per_user[0].served, 1, "spent $0.000800 of $0.000800: closed");
}

#[test]
fn the_daily_cap_starts_again_at_zero_when_the_utc_date_changes() {
    let t = traffic(1, &[(0, 0, 0, 200, 0), (DAY_MS - 1, 0, 0, 1, 0), (DAY_MS, 0, 0, 1, 0)]);
    let e = events(&t, vec![cap(800)]);
    let served: Vec<bool> = e.iter().map(|e| e.served).collect();
    assert_eq!(served, [true, false, true], "closed at 23:59:59.999, open at 00:00 the next day");
}

#[test]
fn the_set_aside_cap_is_one_count_for_everyone_and_never_lets_the_total_past_it() {
    // $0.0008 for all: each call sets aside 33 in + 80 out = $0.000433, so one fits, not two.
    let t = traffic(2, &[(0, 0, 33, 65, 1_000), (0, 1, 33, 80, 1_000), (2_000, 1, 33, 80, 1_000)]);
    let guard = Guard::SetAsideCap { cap_micros: Micros(800), max_tokens: 80 };
    let out = run(&t, &Policy::new("s", vec![guard]), &prices(), Record::EVERYTHING).unwrap();
    let served: Vec<bool> = out.events.as_ref().unwrap().iter().map(|e| e.served).collect();
    assert_eq!(
        served,
        [true, false, true],
        "the second user meets the first's set-aside; after it settles, 358 + 433 fits"
    );
    assert!(out.bill <= Nanos(800_000), "{:?}", out.bill);
    assert!(out.events.unwrap().iter().filter_map(|e| e.reason).all(|r| r == Reason::DailyCapReached));
}

#[test]
fn guards_count_per_key_so_a_new_key_each_time_escapes_the_limit_and_a_shared_key_is_refused_for_others() {
    // User 0 sends three calls, each with a new key; users 1 and 2 share one key.
    let t = traffic(3, &[(0, 0, 1, 1, 0), (1, 0, 1, 1, 0), (2, 0, 1, 1, 0), (3, 1, 1, 1, 0), (4, 2, 1, 1, 0)])
        .with_keys(Keys {
            names: ["s1", "s2", "s3", "office"].map(String::from).to_vec(),
            of_call: vec![0, 1, 2, 3, 3],
        })
        .unwrap();
    let e = events(&t, vec![limiter(1, 60)]);
    let served: Vec<bool> = e.iter().map(|e| e.served).collect();
    assert_eq!(served, [true, true, true, true, false], "user 2 is refused for user 1's request");
    assert_eq!((e[4].user, e[4].key), (2, Some(3)), "the event names the user and the key");
    let err = traffic(1, &[(0, 0, 1, 1, 0)]).with_keys(Keys { names: vec!["a".into()], of_call: vec![1] }).unwrap_err();
    assert_eq!(err.to_string(), "call 0 names key 1, but there are 1");
}

#[test]
fn a_restart_wipes_every_count_and_a_call_in_flight_across_it_is_charged_but_not_counted() {
    // Limit 1 per hour: refused at 10 s; after a restart at 20 s, let through at 30 s.
    let t = traffic(1, &[(0, 0, 1, 1, 0), (10_000, 0, 1, 1, 0), (30_000, 0, 1, 1, 0)]);
    let policy = Policy::new("l", vec![limiter(1, 3_600)]);
    let plain = run(&t, &policy, &prices(), Record::default()).unwrap();
    let restarted =
        run(&t.clone().with_restarts(vec![Instant(20_000)]), &policy, &prices(), Record::default()).unwrap();
    assert_eq!((plain.per_user[0].served, restarted.per_user[0].served), (1, 2));
    // A cap of $0.0008: a $0.000405 call in flight from 0 s to 30 s across a restart at
    // 10 s is charged, but the new process never hears of it: two more fit after.
    let t = traffic(1, &[(0, 0, 5, 80, 30_000), (40_000, 0, 5, 80, 0), (41_000, 0, 5, 80, 0), (42_000, 0, 5, 80, 0)]);
    let policy = Policy::new("c", vec![cap(800)]);
    let plain = run(&t, &policy, &prices(), Record::default()).unwrap();
    let restarted = run(&t.with_restarts(vec![Instant(10_000)]), &policy, &prices(), Record::default()).unwrap();
    assert_eq!(plain.per_user[0].served, 2, "405 + 405 reaches 800");
    assert_eq!(restarted.per_user[0].served, 3, "the first call is not counted after the restart");
    assert_eq!(restarted.bill, Nanos(3 * 405_000), "but it is charged");
}

#[test]
fn two_processes_each_with_its_own_counts_let_twice_the_limit_through() {
    let calls: Vec<_> = (0..10).map(|i| (i * 100, 0, 1, 1, 0)).collect();
    let t = traffic(1, &calls);
    let one = run(&t, &Policy::new("l", vec![limiter(2, 60)]), &prices(), Record::default()).unwrap();
    let two = Policy { processes: 2, ..Policy::new("l", vec![limiter(2, 60)]) };
    let two = run(&t, &two, &prices(), Record::default()).unwrap();
    assert_eq!((one.per_user[0].served, two.per_user[0].served), (2, 4));
}
