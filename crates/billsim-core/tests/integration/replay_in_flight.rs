//! A limit of calls in flight at once (`"reset": "inFlight"`, LiteLLM's
//! `max_parallel_requests`): a request counts from its start until its call finishes (by
//! the log's latency), and a call that finishes at the moment another starts no longer
//! counts for it.

use crate::replay_common::*;
use billsim_core::engine::{read_policy_file, Record};
use billsim_core::replay::{run, Options};

/// Two users' calls with their latencies, in milliseconds.
const OVERLAPPING: &str = "time,user,model,input_tokens,output_tokens,latency_ms\n\
    2025-03-03T09:00:00Z,ann,claude-haiku-4-5,10,10,10000\n\
    2025-03-03T09:00:01Z,bob,claude-haiku-4-5,10,10,10000\n\
    2025-03-03T09:00:02Z,ann,claude-haiku-4-5,10,10,1000\n\
    2025-03-03T09:00:10Z,bob,claude-haiku-4-5,10,10,1000\n\
    2025-03-03T09:00:10.500Z,ann,claude-haiku-4-5,10,10,1000\n\
    2025-03-03T09:00:11Z,ann,claude-haiku-4-5,10,10,1000\n";

fn in_flight(limit: u32, per: &str) -> String {
    format!(
        r#"{{"name": "p", "guards": [{{"count": "requests", "limit": {limit}, "per": "{per}", "reset": "inFlight"}}]}}"#
    )
}

#[test]
fn a_call_is_refused_while_the_limit_of_calls_is_in_flight_and_let_in_once_one_finishes() {
    // Two at once for everyone: 09:00:02 finds ann's and bob's first calls in flight (to
    // :10 and :11); at :10 ann's first has finished, so bob's second gets in (to :11); at
    // :10.5 bob's two are in flight; at :11 both have finished.
    let seen = served_and_refused(OVERLAPPING, &in_flight(2, "everyone"));
    assert_eq!(seen, [("ann".to_string(), 2, 2), ("bob".to_string(), 2, 0)], "(user, served, refused)");
    // One at once per user: ann's :02 call finds her first in flight (to :10), her :10.5
    // call none (the :02 one was refused), her :11 call the :10.5 one (to :11.5); bob's :10
    // call finds his first in flight (to :11).
    let seen = served_and_refused(OVERLAPPING, &in_flight(1, "user"));
    assert_eq!(seen, [("ann".to_string(), 2, 2), ("bob".to_string(), 1, 1)], "(user, served, refused)");
}

#[test]
fn a_refused_call_is_told_when_enough_calls_in_flight_will_have_finished() {
    let log = read(OVERLAPPING.as_bytes(), Options::default()).unwrap();
    let policies = read_policy_file(&in_flight(2, "everyone")).unwrap().policies;
    let out = run::run(&log, Some(policies), None, Record::EVERYTHING).unwrap();
    let start = 1_740_992_400_000; // 2025-03-03T09:00:00Z
    let refused: Vec<(u64, Option<u64>)> = out.policies[0]
        .events
        .iter()
        .flatten()
        .filter(|e| !e.served)
        .map(|e| (e.at.0 - start, e.fits_at.map(|t| t.0 - start)))
        .collect();
    // At :02 the first of the two to finish is ann's, at :10; at :10.5, bob's two, at :11.
    assert_eq!(refused, [(2_000, Some(10_000)), (10_500, Some(11_000))], "(refused at, fits at) in ms from 09:00");
}

#[test]
fn calls_with_no_latency_finish_as_they_start_so_no_limit_of_calls_in_flight_refuses_them() {
    let at_once = "time,user,model,input_tokens,output_tokens\n\
        2025-03-03T09:00:00Z,ann,claude-haiku-4-5,10,10\n\
        2025-03-03T09:00:00Z,ann,claude-haiku-4-5,10,10\n\
        2025-03-03T09:00:00Z,bob,claude-haiku-4-5,10,10\n";
    let seen = served_and_refused(at_once, &in_flight(1, "everyone"));
    assert_eq!(seen, [("ann".to_string(), 2, 0), ("bob".to_string(), 1, 0)], "(user, served, refused)");
    let said = read(at_once.as_bytes(), Options::default()).unwrap().notes;
    let note =
        "3 calls have no end time or latency: they finish the moment they start, and no limit of calls in flight \
                counts them";
    assert!(said.iter().any(|n| n == note), "{said:?}");
    let one = read(at_once.lines().take(2).collect::<Vec<_>>().join("\n").as_bytes(), Options::default()).unwrap();
    let note = "1 call has no end time or latency: it finishes the moment it starts, and no limit of calls in flight \
                counts it";
    assert!(one.notes.iter().any(|n| n == note), "{:?}", one.notes);
}
