//! Calendar windows as gateways reset them: a fixed week from Monday 00:00 UTC (LiteLLM's
//! "7d" budgets, OpenRouter's weekly limits), where seven days counted from 1970 start on a
//! Thursday; a rolling or steady week is seven days.

use crate::replay_common::*;
use billsim_core::engine::{read_policy_file, Record};
use billsim_core::replay::{run, Options};

/// One user's calls: Sunday 2025-03-02 at noon, then Monday 2025-03-03 at 00:00 and 09:00.
const WEEKEND: &str = "time,user,model,input_tokens,output_tokens\n\
    2025-03-02T12:00:00Z,ann,claude-haiku-4-5,10,10\n\
    2025-03-03T00:00:00Z,ann,claude-haiku-4-5,10,10\n\
    2025-03-03T09:00:00Z,ann,claude-haiku-4-5,10,10\n";

fn one_a(window: &str, reset: &str) -> String {
    format!(
        r#"{{"name": "p", "guards": [{{"count": "requests", "limit": 1, "per": "user", "window": "{window}", "reset": "{reset}"}}]}}"#
    )
}

#[test]
fn a_fixed_week_starts_on_monday_at_midnight_utc_where_seven_days_start_on_a_thursday() {
    // The week: Sunday's call, then Monday's first in a new week, its second refused.
    let week = served_and_refused(WEEKEND, &one_a("1w", "fixed"));
    assert_eq!(week, [("ann".to_string(), 2, 1)], "1w fixed: (user, served, refused)");
    // Seven days from 1970 (a Thursday): Sunday and Monday are one window.
    let days = served_and_refused(WEEKEND, &one_a("7d", "fixed"));
    assert_eq!(days, [("ann".to_string(), 1, 2)], "7d fixed: (user, served, refused)");
    // A rolling week is seven days back from each call: Sunday's call still counts on Monday.
    let rolling = served_and_refused(WEEKEND, &one_a("1w", "rolling"));
    assert_eq!(rolling, [("ann".to_string(), 1, 2)], "1w rolling: (user, served, refused)");
}

#[test]
fn a_week_is_written_and_said_as_a_week() {
    let file = read_policy_file(&one_a("2w", "fixed")).unwrap();
    let label = file.policies[0].words();
    assert!(label.contains("per 2 weeks"), "{label}");
    let rolling = read_policy_file(&one_a("1w", "rolling")).unwrap();
    assert!(
        rolling.policies[0].words().contains("per 7 days"),
        "a sliding week is seven days: {}",
        rolling.policies[0].words()
    );
    let bad = read_policy_file(&one_a("1wk", "fixed")).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(bad.contains("\"w\" (calendar weeks, from Monday)"), "{bad}");
}

#[test]
fn a_refused_call_is_told_when_every_guard_would_let_it_in_not_only_the_one_that_refused() {
    // Two requests a minute, then 100 tokens a minute (checked, not estimated), rolling:
    // at :50 the request limit refuses (it fits at 1:00, when the :00 call leaves), but the
    // :40 call's 118 tokens keep the token limit full until 1:40.
    let log = "time,user,model,input_tokens,output_tokens\n\
        2025-03-03T09:00:00Z,ann,claude-haiku-4-5,1,1\n\
        2025-03-03T09:00:40Z,ann,claude-haiku-4-5,59,59\n\
        2025-03-03T09:00:50Z,ann,claude-haiku-4-5,1,1\n";
    let policy = r#"{"name": "p", "guards": [
        {"count": "requests", "limit": 2, "per": "user", "window": "1m", "reset": "rolling"},
        {"count": "tokens", "limit": 100, "per": "user", "window": "1m", "reset": "rolling"}]}"#;
    let refused = refusals(log, policy);
    assert_eq!(refused, [("rate_limited", 50_000, Some(100_000))], "(reason, at, fits at) in ms from 09:00");
}

#[test]
fn a_refused_call_waits_for_a_guard_before_it_that_counted_it_as_passed() {
    // Two requests a minute that count the calls they pass, then 100 tokens a minute, fixed:
    // at :50 the token limit refuses (it fits at 1:00), but the request limit has counted the
    // :50 call beside the :30 one, and lets a third in at 1:30, when the :30 call leaves.
    let log = "time,user,model,input_tokens,output_tokens\n\
        2025-03-03T09:00:30Z,ann,claude-haiku-4-5,50,50\n\
        2025-03-03T09:00:50Z,ann,claude-haiku-4-5,1,1\n";
    let policy = r#"{"name": "p", "guards": [
        {"count": "requests", "limit": 2, "per": "user", "window": "1m", "reset": "rolling", "counts": "passed"},
        {"count": "tokens", "limit": 100, "per": "user", "window": "1m", "reset": "fixed"}]}"#;
    let refused = refusals(log, policy);
    assert_eq!(refused, [("token_limit", 50_000, Some(90_000))], "(reason, at, fits at) in ms from 09:00");
}

/// Each refusal of `log` under the file's one `policy`: its reason, when, and when it would
/// fit, in milliseconds from 2025-03-03T09:00:00Z.
fn refusals(log: &str, policy: &str) -> Vec<(&'static str, u64, Option<u64>)> {
    let log = read(log.as_bytes(), Options::default()).unwrap();
    let policies = read_policy_file(policy).unwrap().policies;
    let out = run::run(&log, Some(policies), None, Record::EVERYTHING).unwrap();
    let start = 1_740_992_400_000;
    let events = out.policies[0].events.iter().flatten().filter(|e| !e.served);
    events.map(|e| (e.reason.map_or("", |r| r.name()), e.at.0 - start, e.fits_at.map(|t| t.0 - start))).collect()
}

#[test]
fn a_call_that_ends_the_day_after_it_started_counts_in_that_day_under_every_name_of_a_daily_limit() {
    // A 2-token call at 14:00 ends at 09:00 the next day, after 100 and 40 tokens of that
    // day; a call of 20 at 11:00 is then past 150. A daily token budget per user with its
    // default reason (lesson 003's own guard) lost that day's count at the late call's end
    // and served it; named "token_limit", the same guard refused it. The same for a daily
    // budget in dollars checked only (lesson 000's checkOnly): the late call's cost was dropped.
    let log = "time_ms,user,model,input_tokens,output_tokens,latency_ms\n\
        50400000,u,claude-haiku-4-5,1,1,68400000\n86400000,u,claude-haiku-4-5,90,10,\n\
        90000000,u,claude-haiku-4-5,30,10,\n126000000,u,claude-haiku-4-5,0,20,\n";
    let tokens = |reason: &str| {
        format!(
            r#"{{"name": "t", "guards": [{{"count": "tokens", "limit": 150, "per": "user", "window": "1d",
                "admit": "estimate"{reason}}}]}}"#
        )
    };
    for policy in [tokens(""), tokens(r#", "reason": "token_limit""#)] {
        let got = served_and_refused(log, &policy);
        assert_eq!(got, [("u".to_string(), 3, 1)], "the 11:00 call is past 150 tokens: {policy}");
    }
    // $0.80 and $4 a million: 100 tokens in ($0.00008), 10 out ($0.00004), then the late
    // call's ($0.0000048); at 11:00 $0.0001248 is spent, past a $0.00012 budget.
    let log = "time_ms,user,model,input_tokens,output_tokens,latency_ms\n\
        50400000,u,claude-haiku-4-5,1,1,68400000\n86400000,u,claude-haiku-4-5,100,0,\n\
        90000000,u,claude-haiku-4-5,0,10,\n126000000,u,claude-haiku-4-5,0,5,\n";
    let check_only = |max: u32| {
        format!(
            r#"{{"name": "c", "guards": [{{"count": "dollars", "limit": "0.00012", "per": "user", "window": "1d",
                "admit": "estimate", "estimate": {{"inputPercent": 0, "maxTokens": {max}}}}}]}}"#
        )
    };
    for policy in [check_only(0), check_only(1)] {
        let got = served_and_refused(log, &policy);
        assert_eq!(got, [("u".to_string(), 3, 1)], "the 11:00 call is past the budget: {policy}");
    }
}
