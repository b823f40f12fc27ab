//! `--per FIELD`: who counts as the user, named with the file's own field names (a key, a
//! path into its objects, a CSV column, a span's or its resource's attribute, a Langfuse
//! trace's field); calls without it are one stand-in user; a field no call has is an error
//! that lists the fields the file has.

use crate::replay_common::*;
use billsim_core::replay::Options;

fn per(field: &str) -> Options {
    Options { per: Some(field.to_string()), ..Options::default() }
}

/// Each call's user, in time order, reading `name` per `field`.
fn users(name: &str, field: &str) -> Vec<String> {
    let log = read(&fixture(name), per(field)).unwrap_or_else(|e| panic!("{name} per {field}: {e}"));
    calls(&log).into_iter().map(|c| c.0).collect()
}

#[test]
fn the_user_is_the_field_named_by_its_own_name_in_every_format() {
    let cases: [(&str, &str, &[&str]); 8] = [
        ("litellm.json", "team_id", &["(no user)", "team-a", "(no user)"]),
        (
            "litellm.csv",
            "api_key",
            &[
                "88dc28d0f030c55ed4ab77ed8faf0981",
                "0d3f2ab1c4e5f60718293a4b5c6d7e8f",
                "88dc28d0f030c55ed4ab77ed8faf0981",
            ],
        ),
        ("litellm_payload.jsonl", "metadata.user_api_key_end_user_id", &["alice", "acme"]),
        ("helicone.jsonl", "request_properties.Helicone-Property-App", &["chat", "(no user)"]),
        ("helicone.csv", "request_properties.Helicone-Property-App", &["chat", "(no user)"]),
        ("langfuse_trace.json", "sessionId", &["session-7", "session-7"]),
        ("otlp_agent.jsonl", "gen_ai.conversation.id", &["3c1e0f0e-5b7a-4c1d-9f00-7b3f2a1d9e10"; 2]),
        ("otlp_openllmetry.jsonl", "service.name", &["chat-api"]),
    ];
    for (name, field, want) in cases {
        assert_eq!(users(name, field), want, "{name} per {field}");
    }
}

#[test]
fn the_fields_to_count_as_one_user_are_the_files_own_that_say_who_made_a_call() {
    let cases: [(&str, &[&str]); 6] = [
        (
            "litellm.json",
            // organization_id and session_id are null on every call: no call can be counted by them.
            &["api_key", "user", "metadata.user_api_key_alias", "team_id", "end_user"],
        ),
        ("helicone.csv", &["request_properties.Helicone-Property-App", "request_user_id"]),
        ("langfuse_trace.json", &["projectId", "userId", "sessionId"]),
        ("otlp_openllmetry.jsonl", &["service.name"]),
        ("otlp_agent.jsonl", &["gen_ai.agent.name", "gen_ai.conversation.id", "service.name"]),
        ("generic.csv", &["user"]),
    ];
    for (name, want) in cases {
        let log = read(&fixture(name), Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(log.per_fields, want, "{name}: the fields to count as one user");
    }
}

#[test]
fn a_field_not_among_them_is_refused_listing_them() {
    let said = read(&fixture("litellm.json"), per("team")).unwrap_err().to_string();
    assert_eq!(
        said,
        "per: must be one of this log's fields that say who made a call, \"api_key\", \"user\", \
         \"metadata.user_api_key_alias\", \"team_id\", \"end_user\"; got \"team\""
    );
    // A field every call has, that does not say who made it.
    let said = read(&fixture("litellm.json"), per("model")).unwrap_err().to_string();
    assert!(
        said.starts_with("per: must be one of this log's fields that say who") && said.ends_with("got \"model\""),
        "{said}"
    );
    let said = read(&fixture("otlp_openllmetry.jsonl"), per("enduser.id")).unwrap_err().to_string();
    assert!(said.ends_with("who made a call, \"service.name\"; got \"enduser.id\""), "{said}");
}

#[test]
fn a_field_no_call_fills_in_is_not_offered_and_is_refused() {
    // Every call of the fixture has `organization_id`, null on each: offered, it was then
    // refused with a list that named it.
    let log = read(&fixture("litellm.json"), Options::default()).expect("litellm.json reads");
    assert!(!log.per_fields.iter().any(|f| f == "organization_id"), "offered: {:?}", log.per_fields);
    let said = read(&fixture("litellm.json"), per("organization_id")).unwrap_err().to_string();
    assert!(!said.contains("\"organization_id\", "), "{said}");
    assert!(said.ends_with("got \"organization_id\""), "{said}");
}
