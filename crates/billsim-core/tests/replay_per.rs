//! `--per FIELD`: who counts as the user, named with the file's own field names (a key, a
//! path into its objects, a CSV column, a span's or its resource's attribute, a Langfuse
//! trace's field); calls without it are one stand-in user; a field no call has is an error
//! that lists the fields the file has.

mod replay_common;

use billsim_core::replay::Options;
use replay_common::*;

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
fn a_field_no_call_has_is_refused_naming_the_fields_of_the_first_call() {
    let said = read(&fixture("litellm.json"), per("team")).unwrap_err().to_string();
    assert!(
        said.starts_with("per: no call of the log has the field \"team\"; the first call's fields are: request_id, "),
        "{said}"
    );
    assert!(said.contains(", team_id, ") && said.contains("metadata.user_api_key_alias"), "{said}");
    let said = read(&fixture("otlp_openllmetry.jsonl"), per("enduser.id")).unwrap_err().to_string();
    assert!(said.contains("the first call's fields are: gen_ai.system, ") && said.ends_with("service.name"), "{said}");
}
