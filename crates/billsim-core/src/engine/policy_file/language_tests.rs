//! A guard in the language with a field that does not go with the others is refused
//! naming its path, what it goes with, and what was given: nothing is dropped or defaulted.

use super::language::WINDOW_ALLOWED;
use super::read;
use crate::engine::Guard;

/// The refusal of a file whose second policy has `guard` (its first is fine).
fn second(guard: &str) -> String {
    let text = format!(
        r#"{{"policies": [
            {{"name": "fine", "guards": [{{"count": "requests", "limit": 5, "window": "1m"}}]}},
            {{"name": "odd", "guards": [{guard}]}}]}}"#
    );
    match read(&text) {
        Ok(file) => panic!("{guard} is refused, not read as {:?}", file.policies[1].guards),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_burst_without_a_steady_reset_names_its_path_the_reset_it_goes_with_and_the_reset_given() {
    assert_eq!(
        second(r#"{"count": "requests", "limit": 5, "window": "1m", "reset": "rolling", "burst": 3}"#),
        "policies[1].guards[0].burst: must be given only with \"reset\": \"steady\"; got 3 with \"reset\": \"rolling\""
    );
    // With no reset at all, the default (fixed) is what the burst was given with.
    assert_eq!(
        second(r#"{"count": "requests", "limit": 5, "window": "1m", "burst": 3}"#),
        "policies[1].guards[0].burst: must be given only with \"reset\": \"steady\"; got 3 with \"reset\": \"fixed\""
    );
}

#[test]
fn a_burst_with_tiers_is_refused_since_each_tenants_burst_is_its_own_tiers_limit() {
    assert_eq!(
        second(
            r#"{"count": "requests", "tiers": {"paying": 10, "free": 2}, "per": "tenant", "window": "1m",
                "reset": "steady", "burst": 30}"#
        ),
        "policies[1].guards[0].burst: must be given only with \"limit\" (with \"tiers\", each tenant's burst is its \
         own tier's limit); got 30 with \"tiers\""
    );
}

#[test]
fn tiers_as_one_line_of_text_read_as_the_object_and_a_bad_part_or_limit_is_named() {
    let read_guard = |tiers: &str| {
        let text = format!(
            r#"{{"name": "t", "guards": [{{"count": "dollars", "tiers": {tiers}, "per": "tenant", "window": "1d"}}]}}"#
        );
        read(&text).map(|f| f.policies[0].guards.clone()).map_err(|e| e.to_string())
    };
    assert_eq!(read_guard(r#""pro: 20, free: 0.5""#), read_guard(r#"{"pro": 20, "free": "0.5"}"#), "the same tiers");
    assert_eq!(
        read_guard(r#""pro: 20, free: lots""#).unwrap_err(),
        "guards[0].tiers.free: must be an amount in dollars from 0.000001 to 1,000,000,000, with at most 6 \
         decimals (a number or a string); got \"lots\""
    );
    assert_eq!(
        read_guard(r#""pro 20""#).unwrap_err(),
        "guards[0].tiers: must be each cohort and its limit as cohort: limit, separated by commas, such \
         as \"pro: 20, free: 2.5\"; got \"pro 20\""
    );
}

#[test]
fn tiers_without_per_tenant_names_its_path_and_the_per_given() {
    assert_eq!(
        second(r#"{"count": "requests", "tiers": {"paying": 5}, "window": "1m"}"#),
        "policies[1].guards[0].tiers: must be given only with \"per\": \"tenant\" (a limit per tenant's cohort); got \
         an object with \"per\": \"user\""
    );
    assert_eq!(
        second(r#"{"count": "dollars", "tiers": {"paying": "5"}, "per": "everyone", "window": "1d"}"#),
        "policies[1].guards[0].tiers: must be given only with \"per\": \"tenant\" (a limit per tenant's cohort); got \
         an object with \"per\": \"everyone\""
    );
}

#[test]
fn an_estimate_with_admit_counted_names_its_path_and_the_admit_given() {
    let expected = "policies[1].guards[0].estimate: must be given only with \"admit\": \"estimate\" or \"reserve\" \
         (a check-only guard estimates nothing); got an object with \"admit\": \"counted\"";
    assert_eq!(
        second(
            r#"{"count": "dollars", "limit": "1", "window": "1d", "admit": "counted", "estimate": {"maxTokens": 9}}"#
        ),
        expected
    );
    // Counted is the default: an estimate with no admit is refused the same way.
    assert_eq!(second(r#"{"count": "tokens", "limit": 100, "window": "1d", "estimate": {"maxTokens": 9}}"#), expected);
}

#[test]
fn a_degrade_to_a_model_the_files_prices_do_not_name_names_its_path() {
    let text = r#"{"policies": [
        {"name": "fine", "guards": []},
        {"name": "odd", "guards": [{"count": "dollars", "limit": "1", "per": "everyone", "window": "1d",
            "whenFull": {"degradeTo": "tiny"}}]}],
        "prices": {"big": {"inputPerMillion": 3, "outputPerMillion": 15}}}"#;
    assert_eq!(
        read(text).unwrap_err().to_string(),
        "policies[1].guards[0].whenFull.degradeTo: must be a model the file's \"prices\" name; got \"tiny\""
    );
}

#[test]
fn a_reason_with_degrade_to_is_refused_since_a_guard_that_degrades_refuses_no_call() {
    assert_eq!(
        second(
            r#"{"count": "dollars", "limit": "1", "per": "everyone", "window": "1d",
                "whenFull": {"degradeTo": "tiny"}, "reason": "daily cost cap reached"}"#
        ),
        "policies[1].guards[0].reason: must be given only with \"whenFull\": \"refuse\" (a guard that degrades \
         refuses no call); got \"daily cost cap reached\" with \"whenFull\": {\"degradeTo\": \"tiny\"}"
    );
}

#[test]
fn a_window_of_0s_or_of_an_unknown_unit_names_its_path_and_the_durations_allowed() {
    for bad in ["0s", "1x", "0mo", "1", "s", "-1m", "1.5h", "1 m"] {
        assert_eq!(
            second(&format!(r#"{{"count": "requests", "limit": 5, "window": "{bad}"}}"#)),
            format!("policies[1].guards[0].window: must be {WINDOW_ALLOWED}; got \"{bad}\""),
            "window {bad:?}"
        );
    }
    assert_eq!(
        second(r#"{"count": "requests", "limit": 5, "window": 60}"#),
        format!("policies[1].guards[0].window: must be {WINDOW_ALLOWED}; got 60"),
        "a window is text with its unit, not a number"
    );
}

#[test]
fn a_tiered_steady_guard_and_a_degrading_guard_written_by_the_core_read_back_the_same() {
    let text = r#"{"name": "t", "guards": [
        {"count": "requests", "tiers": {"free": 2, "paying": 10}, "per": "tenant", "window": "1m", "reset": "steady"},
        {"count": "dollars", "limit": "1", "per": "everyone", "window": "1h", "whenFull": {"degradeTo": "tiny"}}]}"#;
    let policy = read(text).unwrap().policies.remove(0);
    assert!(matches!(policy.guards[0], Guard::Limit(_)), "{:?}", policy.guards[0]);
    assert!(matches!(policy.guards[1], Guard::Degrade { .. }), "{:?}", policy.guards[1]);
    let written = serde_json::to_string(&policy).unwrap();
    let again = read(&written).unwrap_or_else(|e| panic!("{e}: {written}")).policies.remove(0);
    assert_eq!(again, policy, "{written}");
}

#[test]
fn a_written_guard_keeps_the_languages_field_order_and_its_tiers_order() {
    let text = r#"{"name": "t", "guards": [{"retryAfter": "exact", "reason": "token_limit", "reset": "steady",
        "window": "1m", "per": "tenant", "tiers": {"paying": 10, "free": 2}, "count": "requests"}], "processes": 2}"#;
    let policy = read(text).unwrap().policies.remove(0);
    let written = serde_json::to_string(&policy).unwrap();
    assert_eq!(
        written,
        r#"{"name":"t","guards":[{"count":"requests","tiers":{"paying":10,"free":2},"per":"tenant","window":"1m","reset":"steady","admit":"counted","reason":"token_limit","retryAfter":"exact"}],"processes":2}"#
    );
    assert_eq!(read(&written).unwrap().policies, vec![policy], "read back the same");
}

#[test]
fn a_guards_default_reason_is_not_written_so_a_guard_edited_to_another_per_takes_that_ones() {
    let per_user = r#"{"name": "t", "guards": [{"count": "dollars", "limit": "2", "per": "user", "window": "1d",
        "reset": "fixed", "reason": "budget_used_up"}]}"#;
    let written = serde_json::to_string(&read(per_user).unwrap().policies[0]).unwrap();
    assert!(!written.contains("reason"), "budget_used_up is per user's default: {written}");
    // What the page's editor does: the written guard with "per" changed.
    let per_tenant = written.replace(r#""per":"user""#, r#""per":"tenant""#);
    let reason = match &read(&per_tenant).unwrap().policies[0].guards[0] {
        Guard::Limit(point) => point.reason.name(),
        other => panic!("{other:?}"),
    };
    assert_eq!(reason, "budget_exhausted", "a tenant's budget, as a guard per tenant refuses by default");
}

#[test]
fn a_token_limit_refuses_as_a_daily_token_budget_only_per_user_over_a_day() {
    let reason = |guard: &str| {
        let text = format!(r#"{{"policies": [{{"name": "p", "guards": [{guard}]}}]}}"#);
        match &read(&text).unwrap().policies[0].guards[0] {
            Guard::Limit(point) => point.reason.name(),
            other => panic!("{guard} is a limit, not {other:?}"),
        }
    };
    let tokens = |rest: &str| format!(r#"{{"count": "tokens", "limit": 50000, {rest}}}"#);
    assert_eq!(reason(&tokens(r#""per": "user", "window": "1d""#)), "user_daily_budget", "lesson 003's budget");
    for rest in [
        r#""per": "key", "window": "1m", "reset": "rolling""#,
        r#""per": "user", "window": "1h""#,
        r#""per": "everyone", "window": "1d""#,
    ] {
        assert_eq!(reason(&tokens(rest)), "token_limit", "tokens with {rest}");
    }
}

#[test]
fn counts_goes_with_a_request_limit_alone_and_is_written_only_where_a_call_counts_once_it_passed() {
    assert_eq!(
        second(r#"{"count": "tokens", "limit": 100, "window": "1d", "counts": "passed"}"#),
        "policies[1].guards[0].counts: must be given only with \"count\": \"requests\" (tokens and dollars are \
         counted as a call finishes, which a refused call never does); got \"passed\" with \"count\": \"tokens\""
    );
    assert_eq!(
        second(r#"{"count": "requests", "limit": 5, "window": "1m", "counts": "all"}"#),
        "policies[1].guards[0].counts: must be \"served\" or \"passed\"; got \"all\""
    );
    let written = |counts: &str| {
        let text =
            format!(r#"{{"name": "t", "guards": [{{"count": "requests", "limit": 5, "window": "1m"{counts}}}]}}"#);
        serde_json::to_string(&read(&text).unwrap().policies[0]).unwrap()
    };
    assert!(!written(r#", "counts": "served""#).contains("counts"), "the default is left out");
    assert!(
        written(r#", "counts": "passed""#).ends_with(r#""counts":"passed"}]}"#),
        "{}",
        written(r#", "counts": "passed""#)
    );
}

#[test]
fn a_guard_missing_its_limit_or_tiers_or_writing_one_oddly_is_told_what_to_write() {
    // A tenant guard with neither was told only of "limit"; empty tiers were "must be an
    // object ...; got an object"; a token limit left out was told of requests; 1e-3 was
    // refused as if it were no number.
    let cases = [
        (
            r#"{"count": "dollars", "per": "tenant", "window": "1d"}"#,
            "limit: must be given once, as \"limit\" or (per tenant) \"tiers\"; got neither",
        ),
        (
            r#"{"count": "dollars", "per": "tenant", "tiers": {}, "window": "1d"}"#,
            "tiers: must be an object of amounts by cohort, such as {\"paying\": \"20\", \"free\": \"1\"}, or as \
             text, \"paying: 20, free: 1\"; got no cohort",
        ),
        (
            r#"{"count": "tokens", "window": "1m"}"#,
            "limit: must be a whole number of tokens from 1 to 1,000,000,000,000; got nothing",
        ),
        (
            r#"{"count": "dollars", "limit": 1e-3, "window": "1d"}"#,
            "limit: must be an amount in dollars from 0.000001 to 1,000,000,000, with at most 6 decimals (a number \
             or a string); got 1e-3, in exponent notation: write its decimals out",
        ),
    ];
    for (guard, said) in cases {
        assert_eq!(second(guard), format!("policies[1].guards[0].{said}"), "{guard}");
    }
}

#[test]
fn a_policy_written_beside_prices_is_told_it_goes_in_the_list_of_policies() {
    let e = read(r#"{"name": "x", "guards": [], "prices": {"m": {"inputPerMillion": 1, "outputPerMillion": 1}}}"#)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("(a policy goes in the list \"policies\"); got the field \"name\""), "{e}");
}

#[test]
fn calls_in_flight_are_requests_with_no_window_and_are_written_back_without_one() {
    let text = r#"{"name": "t", "guards": [{"count": "requests", "limit": 3, "per": "key", "reset": "inFlight"}]}"#;
    let policy = &read(text).unwrap().policies[0];
    let written = serde_json::to_string(policy).unwrap();
    assert!(written.contains(r#""per":"key","reset":"inFlight","admit":"counted""#), "no window: {written}");
    assert_eq!(read(&written).unwrap().policies[0], *policy, "read back as the same policy: {written}");
    assert_eq!(policy.guards[0].point().unwrap().words(), "3 requests in flight per key");
    let with_window = second(r#"{"count": "requests", "limit": 3, "window": "1m", "reset": "inFlight"}"#);
    assert_eq!(
        with_window,
        "policies[1].guards[0].window: must be given only with \"reset\": \"rolling\", \"fixed\" or \"steady\" (a \
         call in flight counts until it finishes); got \"1m\" with \"reset\": \"inFlight\""
    );
    assert_eq!(
        second(r#"{"count": "tokens", "limit": 3, "reset": "inFlight"}"#),
        "policies[1].guards[0].reset: must be \"rolling\", \"fixed\" or \"steady\" with tokens or dollars \
         (\"inFlight\" counts requests: calls at once); got \"inFlight\" with \"count\": \"tokens\""
    );
    assert_eq!(
        second(r#"{"count": "requests", "limit": 3, "reset": "inFlight", "counts": "passed"}"#),
        "policies[1].guards[0].counts: must be \"served\" with \"reset\": \"inFlight\" (a request a later guard \
         refuses is never in flight); got \"passed\" with \"reset\": \"inFlight\""
    );
    let served =
        r#"{"name": "t", "guards": [{"count": "requests", "limit": 3, "reset": "inFlight", "counts": "served"}]}"#;
    assert!(read(served).is_ok(), "the default, spelt out, is read");
    assert!(
        second(r#"{"count": "requests", "limit": 3, "reset": "inFlight", "retryAfter": "exact"}"#)
            .contains("retryAfter: must be given only with \"reset\": \"rolling\" or \"steady\""),
        "a server cannot know when calls in flight finish"
    );
    assert!(second(r#"{"count": "requests", "limit": 3, "reset": "later"}"#).contains("or \"inFlight\""));
}
