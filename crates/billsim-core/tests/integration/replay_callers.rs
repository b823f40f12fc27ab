//! Any log that names API keys and teams beside its users replays under every lesson's
//! policies, each user's calls served or refused, and each budget held by whom it
//! counts: lesson 000's per-user budget by each user, whatever keys they call on; a tenant
//! ledger by each team, each call counted to its key's team (a user's keys may be in two),
//! a user in no team left alone. Counted by key, a user on more keys
//! than the log has users took the ledger past its accounts (a panic).
//!
//! Runs proptest's default of 256 cases; `PROPTEST_CASES` asks for more.

use crate::replay_common::read;
use billsim_core::engine::{read_policy_file, Nanos, Record};
use billsim_core::replay::{run, Options};
use billsim_core::scenario::registry::SCENARIOS;
use billsim_core::scenario::{policies_file, Values};
use proptest::prelude::*;

/// A tenant ledger of $0.05 a day for every team of the log's one cohort, reserving each
/// call's input and 1,000 tokens out: with replies under 1,000 tokens, no team passes it.
const LEDGER: &str = r#"{"name": "ledger", "guards": [{"count": "dollars", "tiers": {"logged": "0.05"},
    "per": "tenant", "window": "1d", "reset": "fixed", "admit": "reserve",
    "estimate": {"inputPercent": 100, "maxTokens": 1000}}], "ledger": {"meter": "perCall", "fail": {"logged": "closed"}}}"#;
const TEAM_BUDGET: Nanos = Nanos(50_000_000);
const USER_BUDGET: Nanos = Nanos(250_000_000);

/// The log of `calls`, each (user, key, team, second after 09:00, input, output); a key of
/// 6 or a team of 3 is none.
fn log_text(calls: &[(u8, u8, u8, u64, u64, u64)]) -> String {
    let mut calls = calls.to_vec();
    calls.sort_by_key(|c| c.3);
    let mut text = String::from("time,user,key,team,model,input_tokens,output_tokens\n");
    for (user, key, team, second, input, output) in calls {
        let key = if key < 6 { format!("k{key}") } else { String::new() };
        let team = if team < 3 { format!("t{team}") } else { String::new() };
        let (h, m, s) = (9 + second / 3_600, second / 60 % 60, second % 60);
        text.push_str(&format!(
            "2025-05-01T{h:02}:{m:02}:{s:02}Z,u{user},{key},{team},claude-haiku-4-5,{input},{output}\n"
        ));
    }
    text
}

/// A policy file with each `tiers` and `fail` object keyed by the log's one cohort alone,
/// with its first value.
fn logged_tiers(text: &str) -> String {
    fn each(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                for (key, value) in map.iter_mut() {
                    match value.as_object().and_then(|o| o.values().next().cloned()) {
                        Some(first) if key == "tiers" || key == "fail" => {
                            *value = serde_json::json!({ "logged": first })
                        }
                        _ => each(value),
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(each),
            _ => {}
        }
    }
    let mut file: serde_json::Value = serde_json::from_str(text).unwrap();
    each(&mut file);
    file.to_string()
}

proptest! {
    // proptest's default: 256 cases, or as many as PROPTEST_CASES says.
    #![proptest_config(ProptestConfig::default())]

    #[test]
    fn any_log_of_keys_and_teams_keeps_each_users_budget_and_each_teams_ledger(
        calls in prop::collection::vec((0u8..6, 0u8..7, 0u8..4, 0u64..7_200, 1u64..40_000, 1u64..1_000), 1..80)
    ) {
        let text = log_text(&calls);
        let log = read(text.as_bytes(), Options::default()).unwrap();
        let mut policies = read_policy_file(LEDGER).unwrap().policies;
        // Every lesson's own policies, lesson 002's ledger among them, each tier and each
        // cohort failing open or closed given to the log's one cohort (`logged`).
        for s in SCENARIOS {
            let text = logged_tiers(&policies_file(s, &Values::defaults(s)).unwrap());
            let file = read_policy_file(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", s.name));
            let out = run::run(&log, Some(file.policies), None, Record::default());
            let out = out.map_err(|e| TestCaseError::fail(format!("{}'s policies: {e}\n{text}", s.name)))?;
            for p in &out.policies {
                for (u, o) in out.users.iter().zip(&p.per_user) {
                    let seen = o.served + o.refused + o.dropped;
                    prop_assert_eq!(seen, u.calls, "{} under {}: {}'s calls", s.name, p.policy, u.name);
                }
            }
        }
        let lessons = run::run(&log, None, None, Record::default()).unwrap();
        let budget = lessons.policies.iter().find(|p| p.policy == "dailyBudget").expect("lesson 000's budget");
        policies.extend(lessons.ran.iter().cloned());
        let out = run::run(&log, Some(policies), None, Record::default()).unwrap();
        for (i, p) in out.policies.iter().enumerate() {
            for (u, o) in out.users.iter().zip(&p.per_user) {
                prop_assert_eq!(o.served + o.refused + o.dropped, u.calls, "{}: {}'s calls\n{}", p.policy, u.name, text);
            }
            if i > 0 {
                prop_assert_eq!(p, &lessons.policies[i - 1], "the lessons' policies run the same beside the ledger");
            }
        }
        for (u, o) in out.users.iter().zip(&budget.per_user) {
            prop_assert!(o.charged <= USER_BUDGET, "{} charged {:?} under a $0.25 budget of their own\n{}", u.name, o.charged, text);
        }
        // Each served call charged to the team that pays for it: its key's, or its user's
        // (a user's keys may be in two teams).
        let ledger = run::run(&log, Some(read_policy_file(LEDGER).unwrap().policies), None, Record::EVERYTHING).unwrap();
        let Some(tenants) = log.tenants.as_ref() else { return Ok(()) };
        let mut charged = vec![Nanos::ZERO; tenants.names.len()];
        for e in ledger.policies[0].events.iter().flatten().filter(|e| e.served) {
            if let Some(team) = tenants.of_call(e.user, e.key.unwrap_or(e.user)) {
                charged[team as usize] = Nanos(charged[team as usize].0 + e.charged.0);
            }
        }
        for (team, charged) in tenants.names.iter().zip(charged) {
            prop_assert!(charged <= TEAM_BUDGET, "team {} charged {:?} under its $0.05 ledger\n{}", team, charged, text);
        }
    }
}
