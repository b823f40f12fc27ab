//! API keys beside users: a log that names both (a LiteLLM spend log's `api_key` and
//! `user`, a generic log's `key` and `user`) is replayed with a guard `"per": "key"`
//! counting by the key and `"per": "user"` by the user, as a gateway with both limits
//! counts them.

use crate::replay_common::*;
use billsim_core::engine::{read_policy_file, Record};
use billsim_core::replay::{run, Options};

/// Five calls within a minute: alice three (on key k1, k1, k2), bob two on k1, then one of
/// carol's with no key.
const SHARED_KEY: &str = "time,user,key,model,input_tokens,output_tokens\n\
    2025-05-01T09:00:00Z,alice,k1,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:01Z,bob,k1,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:02Z,alice,k1,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:03Z,bob,k1,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:04Z,alice,k2,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:05Z,carol,,claude-haiku-4-5,10,10\n";

fn two_a_minute(per: &str) -> String {
    format!(
        r#"{{"name": "twoAMinute", "guards": [{{"count": "requests", "limit": 2, "per": "{per}", "window": "1m",
            "reset": "rolling"}}]}}"#
    )
}

#[test]
fn a_guard_per_key_counts_the_calls_of_every_user_on_one_key_together() {
    let got = served_and_refused(SHARED_KEY, &two_a_minute("key"));
    // k1 carries alice's first two calls and bob's two: its third and fourth are refused
    // (alice's second, bob's second); k2 and the calls with no key have their own counts.
    let want = [("alice".to_string(), 2, 1), ("bob".to_string(), 1, 1), ("carol".to_string(), 1, 0)];
    assert_eq!(got, want, "per key: (user, served, refused)");
}

#[test]
fn a_guard_per_user_in_the_same_log_still_counts_by_user() {
    let got = served_and_refused(SHARED_KEY, &two_a_minute("user"));
    let want = [("alice".to_string(), 2, 1), ("bob".to_string(), 2, 0), ("carol".to_string(), 1, 0)];
    assert_eq!(got, want, "per user: (user, served, refused)");
}

#[test]
fn a_log_with_keys_beside_users_says_so_and_one_with_keys_alone_counts_each_key_as_its_user() {
    let log = read(SHARED_KEY.as_bytes(), Options::default()).unwrap();
    let keys = log.keys.as_ref().expect("the keys beside the users");
    assert_eq!(keys.names, ["k1", "k2", "(no key)"], "each key, and the stand-in of a call with none");
    assert!(
        log.notes.iter().any(|n| n.contains("\"per\": \"key\" counts by the log's API key (3 keys)")),
        "{:?}",
        log.notes
    );
    // A scenario's cohort added to it calls with a key of its own for each of its users.
    let mut added = log.clone();
    run::add(&mut added, &run::addable()[0], 0).unwrap();
    let keys = added.keys.as_ref().unwrap();
    assert_eq!(keys.of_call.len(), added.calls.len(), "a key for each call, the added ones too");
    let on_log_keys = keys.of_call.iter().filter(|&&k| k <= 2).count();
    assert_eq!(on_log_keys, 6, "the log's six calls on its keys, no added call: {}", keys.of_call.len());
    // LiteLLM's spend log names both.
    let litellm = read_fixture("litellm.csv");
    assert!(litellm.keys.is_some(), "litellm.csv's api_key beside its user");
    // Keys alone stand in for users: counting by key is counting by user, with no note.
    let keys_alone = "time,key,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,k1,m,1,1\n";
    let log = read(keys_alone.as_bytes(), Options::default()).unwrap();
    assert!(
        log.keys.is_none() && !log.notes.iter().any(|n| n.contains("counts by the log's API key")),
        "{:?}",
        log.notes
    );
}

#[test]
fn a_dollar_budget_per_key_draws_its_line_for_the_keys_that_called_not_the_users() {
    let budget = |per: &str| {
        format!(
            r#"{{"name": "daily", "guards": [{{"count": "dollars", "limit": "2", "per": "{per}", "window": "1d",
                "reset": "fixed"}}]}}"#
        )
    };
    let log = read(SHARED_KEY.as_bytes(), Options::default()).unwrap();
    for (per, want) in [("key", "3 keys × $2.00 per day"), ("user", "3 users × $2.00 per day")] {
        let policies = read_policy_file(&budget(per)).unwrap().policies;
        let out = run::run(&log, Some(policies), None, Record::EVERYTHING).unwrap();
        let view = billsim_core::replay::view::view(&out).unwrap();
        let labels: Vec<&str> = view.over_time.limits.iter().map(|l| l.label.as_str()).collect();
        assert_eq!(labels, [want], "per {per}");
    }
    // Two keys and four users: the line counts the keys.
    let two_keys = "time,user,key,model,input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,a,k1,claude-haiku-4-5,10,10\n2025-05-01T09:00:01Z,b,k1,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:02Z,c,k2,claude-haiku-4-5,10,10\n2025-05-01T09:00:03Z,d,k2,claude-haiku-4-5,10,10\n";
    let log = read(two_keys.as_bytes(), Options::default()).unwrap();
    let out =
        run::run(&log, Some(read_policy_file(&budget("key")).unwrap().policies), None, Record::EVERYTHING).unwrap();
    let line = &billsim_core::replay::view::view(&out).unwrap().over_time.limits[0];
    assert_eq!(line.label, "2 keys × $2.00 per day");
    assert_eq!(line.points.last().unwrap()[1], 4_000_000_000, "two keys' $2.00 in nano-dollars");
}

#[test]
fn a_litellm_key_standing_for_its_user_is_named_by_its_alias() {
    let text = String::from_utf8(fixture("litellm.json")).unwrap();
    // The third call names no user; its key gets the alias "batch".
    let key = "0d3f2ab1c4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f";
    let at = text.find(&format!("\"api_key\": \"{key}")).expect("the third call's key");
    let aliased = format!(
        "{}{}",
        &text[..at],
        text[at..].replacen("\"metadata\": {}", "\"metadata\": {\"user_api_key_alias\": \"batch\"}", 1)
    );
    let names = |log: &billsim_core::replay::Log| log.users.iter().map(|u| u.name.clone()).collect::<Vec<_>>();
    let log = read(aliased.as_bytes(), Options::default()).unwrap();
    assert!(names(&log).contains(&format!("batch ({key})")), "{:?}", names(&log));
    let plain = read_fixture("litellm.json");
    assert!(names(&plain).contains(&key.to_string()), "no alias, the key alone: {:?}", names(&plain));
}

/// Ten large calls of alice's, then two of bob's, all on the app's one key k1: each call
/// costs about $0.044 at claude-haiku-4-5's price, so alice's sixth would pass $0.25.
fn one_key_for_the_app() -> String {
    let mut log = String::from("time,user,key,model,input_tokens,output_tokens\n");
    for (i, user) in ["alice"; 10].into_iter().chain(["bob"; 2]).enumerate() {
        log.push_str(&format!("2025-05-01T09:00:{i:02}Z,{user},k1,claude-haiku-4-5,50000,1000\n"));
    }
    log
}

#[test]
fn lesson_000s_budget_on_a_log_whose_users_share_the_apps_one_key_is_each_users_own() {
    let log = read(one_key_for_the_app().as_bytes(), Options::default()).unwrap();
    let out = run::run(&log, None, None, Record::default()).unwrap();
    let budget = out.policies.iter().find(|p| p.policy == "dailyBudget").expect("lesson 000's budget among them");
    let got: Vec<(&str, u32, u32)> =
        out.users.iter().zip(&budget.per_user).map(|(u, o)| (u.name.as_str(), o.served, o.refused)).collect();
    // Counted by the key, bob's two were refused on alice's spend: one budget for the app.
    assert_eq!(got, [("alice", 5, 5), ("bob", 2, 0)], "(user, served, refused) under a $0.25 budget per user");
}

#[test]
fn a_tenant_ledger_on_a_log_whose_one_user_calls_on_five_keys_counts_that_user() {
    let mut log = String::from("time,user,key,model,input_tokens,output_tokens\n");
    for i in 0..10 {
        log.push_str(&format!("2025-05-01T09:00:{i:02}Z,alice,k{},claude-haiku-4-5,50000,1000\n", i % 5));
    }
    let ledger = r#"{"name": "ledger", "guards": [{"count": "dollars", "tiers": {"logged": "0.25"}, "per": "tenant",
        "window": "1d", "reset": "fixed", "admit": "reserve", "estimate": {"inputPercent": 100, "maxTokens": 1000}}],
        "ledger": {"meter": "perCall", "fail": {"logged": "closed"}}}"#;
    // Counted by key, the second key's call looked past the ledger's one account (a panic).
    assert_eq!(served_and_refused(&log, ledger), [("alice".to_string(), 5, 5)], "(user, served, refused)");
}
