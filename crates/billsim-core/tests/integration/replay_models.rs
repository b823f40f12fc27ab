//! A provider's limits as it writes them: a guard of one model's calls (`"model"`), which
//! counts and refuses that model's calls alone (a model with no call and no price is refused,
//! naming the guard; a priced one the log does not call counts nothing); and input and
//! output tokens, each counted apart.

use crate::replay_common::*;
use billsim_core::engine::{read_policy_file, Record};
use billsim_core::replay::{run, Options};

/// Two users, each calling both models, ten seconds apart.
const TWO_MODELS: &str = "time,user,model,input_tokens,output_tokens\n\
    2025-03-03T09:00:00Z,ann,claude-sonnet-4-6,10,10\n\
    2025-03-03T09:00:10Z,bob,claude-sonnet-4-6,10,10\n\
    2025-03-03T09:00:20Z,ann,claude-haiku-4-5,10,10\n\
    2025-03-03T09:00:30Z,bob,claude-haiku-4-5,10,10\n\
    2025-03-03T09:00:40Z,ann,claude-sonnet-4-6,10,10\n";

fn one_a_minute_of(model: &str) -> String {
    format!(
        r#"{{"name": "p", "guards": [{{"count": "requests", "limit": 1, "per": "everyone", "model": "{model}", "window": "1m", "reset": "rolling"}}]}}"#
    )
}

#[test]
fn a_guard_of_one_model_counts_and_refuses_that_models_calls_alone() {
    // Sonnet: ann's first call fills the minute, bob's and ann's next are refused; the
    // haiku calls pass, and none of them counts against sonnet's limit.
    let seen = served_and_refused(TWO_MODELS, &one_a_minute_of("claude-sonnet-4-6"));
    assert_eq!(seen, [("ann".to_string(), 2, 1), ("bob".to_string(), 1, 1)], "(user, served, refused)");
    // Haiku: one call each, ann's first; bob's, 10 s later, is refused.
    let seen = served_and_refused(TWO_MODELS, &one_a_minute_of("claude-haiku-4-5"));
    assert_eq!(seen, [("ann".to_string(), 3, 0), ("bob".to_string(), 1, 1)], "(user, served, refused)");
}

#[test]
fn a_model_with_no_call_and_no_price_is_refused_naming_the_guard_the_logs_models_and_where_a_price_comes_from() {
    let log = read(TWO_MODELS.as_bytes(), Options::default()).unwrap();
    let policies = read_policy_file(&one_a_minute_of("claude-sonet-4-6")).unwrap().policies;
    let said = run::run(&log, Some(policies), None, Record::default()).err().map(|e| e.to_string());
    assert_eq!(
        said.as_deref(),
        Some(
            "p.guards[0].model: must be one of the models \"claude-sonnet-4-6\", \"claude-haiku-4-5\", one of \
             the lessons' models, or one a price table gives; got \"claude-sonet-4-6\""
        )
    );
}

#[test]
fn a_priced_model_the_log_does_not_call_is_a_guard_that_counts_nothing() {
    // One policy file with a guard per model replays a day that called only some of them:
    // opus has a built-in price and no call here, so its guard refuses nothing.
    let seen = served_and_refused(TWO_MODELS, &one_a_minute_of("claude-opus-4-8"));
    assert_eq!(seen, [("ann".to_string(), 3, 0), ("bob".to_string(), 2, 0)], "(user, served, refused)");
}

/// A gateway's deployments of two models, each logged under its own name: gpt-4o under
/// OpenAI's dated name and Azure's prefixed one, and Haiku under Anthropic's dated name.
const DEPLOYMENTS: &str = "time,user,model,input_tokens,output_tokens,cost\n\
    2025-03-03T09:00:00Z,ann,gpt-4o-2024-08-06,10,10,0.01\n\
    2025-03-03T09:00:10Z,ann,azure/gpt-4o,10,10,0.01\n\
    2025-03-03T09:00:20Z,ann,claude-haiku-4-5-20251001,10,10,0.01\n\
    2025-03-03T09:00:30Z,ann,gpt-4o-2024-08-06,10,10,0.01\n\
    2025-03-03T09:00:40Z,ann,claude-haiku-4-5-20251001,10,10,0.01\n";

#[test]
fn a_guard_of_a_models_public_name_counts_the_calls_of_each_deployment_logged_under_it() {
    // gpt-4o: the first call fills the minute; the Azure call and the second dated one are
    // refused, and the Haiku calls pass.
    let seen = served_and_refused(DEPLOYMENTS, &one_a_minute_of("gpt-4o"));
    assert_eq!(seen, [("ann".to_string(), 3, 2)], "(user, served, refused) under one gpt-4o call a minute");
    // Haiku by its name without the date: its second call, 20 s after the first, is refused.
    let seen = served_and_refused(DEPLOYMENTS, &one_a_minute_of("claude-haiku-4-5"));
    assert_eq!(seen, [("ann".to_string(), 4, 1)], "(user, served, refused) under one Haiku call a minute");
    let log = read(DEPLOYMENTS.as_bytes(), Options::default()).unwrap();
    let policies = read_policy_file(&one_a_minute_of("gpt-4o")).unwrap().policies;
    let notes = run::run(&log, Some(policies), None, Record::default()).unwrap().notes;
    let said = "a guard of the model \"gpt-4o\" counts the calls of \"gpt-4o-2024-08-06\", \"azure/gpt-4o\" too";
    assert!(notes.iter().any(|n| n == said), "{notes:?}");
}

#[test]
fn a_guard_of_one_model_is_written_with_its_model_and_said_with_it() {
    let file = read_policy_file(&one_a_minute_of("claude-sonnet-4-6")).unwrap();
    let written = serde_json::to_string(&file.policies[0]).unwrap();
    assert!(written.contains(r#""per":"everyone","model":"claude-sonnet-4-6","window":"1m""#), "{written}");
    assert_eq!(read_policy_file(&written).unwrap().policies, file.policies, "read back as it was");
    let words = file.policies[0].words();
    assert!(words.contains("1 request per minute for everyone on claude-sonnet-4-6"), "{words}");
    let empty = read_policy_file(&one_a_minute_of("")).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(empty.contains("guards[0].model: must be a model's name of 1 to 80 characters"), "{empty}");
}

/// One user's calls ten seconds apart: long prompts with short replies, and the other way.
const PROMPTS_AND_REPLIES: &str = "time,user,model,input_tokens,output_tokens\n\
    2025-03-03T09:00:00Z,ann,claude-haiku-4-5,1000,10\n\
    2025-03-03T09:00:10Z,ann,claude-haiku-4-5,10,1000\n\
    2025-03-03T09:00:20Z,ann,claude-haiku-4-5,1000,10\n\
    2025-03-03T09:00:30Z,ann,claude-haiku-4-5,10,1000\n";

fn tokens_a_minute(count: &str, admit: &str) -> String {
    format!(
        r#"{{"name": "p", "guards": [{{"count": "{count}", "limit": 1500, "per": "everyone", "window": "1m", "reset": "rolling"{admit}}}]}}"#
    )
}

#[test]
fn input_and_output_tokens_are_each_counted_apart_as_a_provider_limits_them() {
    // Check only, each call counted as it ends: input 1000, 1010, 2010 (the fourth refused).
    let input = served_and_refused(PROMPTS_AND_REPLIES, &tokens_a_minute("inputTokens", ""));
    assert_eq!(input, [("ann".to_string(), 3, 1)], "inputTokens: (user, served, refused)");
    // Output 10, 1010, 1020: never at 1500 before a call, so all four are served.
    let output = served_and_refused(PROMPTS_AND_REPLIES, &tokens_a_minute("outputTokens", ""));
    assert_eq!(output, [("ann".to_string(), 4, 0)], "outputTokens: (user, served, refused)");
    // Both: 1010, then 2020 after the second, so the last two are refused.
    let both = served_and_refused(PROMPTS_AND_REPLIES, &tokens_a_minute("tokens", ""));
    assert_eq!(both, [("ann".to_string(), 2, 2)], "tokens: (user, served, refused)");
    // Output with a 500-token reply estimated: 1010 + 500 passes 1500 at the third call.
    let estimate = r#", "admit": "estimate", "estimate": {"maxTokens": 500}"#;
    let estimated = served_and_refused(PROMPTS_AND_REPLIES, &tokens_a_minute("outputTokens", estimate));
    assert_eq!(estimated, [("ann".to_string(), 2, 2)], "outputTokens, estimated: (user, served, refused)");
}

#[test]
fn input_and_output_token_limits_are_written_and_said_by_what_they_count() {
    let file = read_policy_file(&tokens_a_minute("inputTokens", "")).unwrap();
    let written = serde_json::to_string(&file.policies[0]).unwrap();
    assert!(written.contains(r#""count":"inputTokens","limit":1500"#), "{written}");
    assert_eq!(read_policy_file(&written).unwrap().policies, file.policies, "read back as it was");
    let words = file.policies[0].words();
    assert!(words.contains("1,500 input tokens per minute for everyone"), "{words}");
    let bad = read_policy_file(&tokens_a_minute("inputs", "")).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(bad.contains("\"inputTokens\", \"outputTokens\" or \"dollars\""), "{bad}");
}

/// Four opus calls of $0.075 each (10,000 in, 1,000 out at $5 and $25 a million), the
/// first three logged under the gateway's name for it.
const OPUS_BY_GATEWAY: &str = "time,latency_ms,user,model,input_tokens,output_tokens\n\
    2025-05-01T09:00:00Z,1000,alice,anthropic/claude-opus-4-8,10000,1000\n\
    2025-05-01T09:01:00Z,1000,alice,anthropic/claude-opus-4-8,10000,1000\n\
    2025-05-01T09:02:00Z,1000,alice,anthropic/claude-opus-4-8,10000,1000\n\
    2025-05-01T09:03:00Z,1000,alice,claude-opus-4-8,10000,1000\n";

/// A $0.10 daily budget per user that sets aside each call's input and 1,000 tokens of
/// reply, refusing with `reason` (none: its own), its ladder opus then haiku.
fn budget_and_ladder(reason: &str) -> String {
    format!(
        r#"{{"name": "p", "guards": [{{"count": "dollars", "limit": "0.10", "per": "user", "window": "1d", "reset": "fixed", "admit": "reserve", "estimate": {{"inputPercent": 100, "maxTokens": 1000}}{reason}}}], "ladder": ["claude-opus-4-8", "claude-haiku-4-5"]}}"#
    )
}

#[test]
fn a_ladder_takes_down_the_calls_logged_under_a_gateways_name_for_its_step_whatever_reason_its_guard_gives() {
    // Opus at $0.075, then haiku twice at $0.012 ($0.099 set against $0.10), then refused.
    for reason in ["", r#", "reason": "daily cost cap reached""#] {
        let log = read(OPUS_BY_GATEWAY.as_bytes(), Options::default()).unwrap();
        let policies = read_policy_file(&budget_and_ladder(reason)).unwrap().policies;
        let out = run::run(&log, Some(policies), None, Record::default()).unwrap();
        let p = &out.policies[0];
        let (served, degraded) = (p.per_user[0].served, p.per_user[0].degraded);
        assert_eq!((served, degraded), (3, 2), "reason {reason:?}: 3 served, 2 of them on haiku, {:?}", out.notes);
        assert_eq!(p.bill.micros().0, 99_000, "reason {reason:?}: $0.075 and two of $0.012");
    }
}
