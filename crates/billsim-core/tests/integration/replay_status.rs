//! Failed calls and cache hits (issue 21, item 9): a failed call (LiteLLM's `status:
//! "failure"`, Helicone's `response_status` 4xx/5xx, the generic log's `failed`) was made
//! and costs what was logged; a cache hit (LiteLLM's `cache_hit`, the generic `cache_hit`)
//! never reached the model: no tokens, no cost. Both are counted in what was read; lesson
//! 002's failed calls, exported with their `status`, replay to its run.

use crate::replay_common::*;
use billsim_core::engine::{Nanos, Record};
use billsim_core::replay::export::{self, Order};
use billsim_core::replay::{run, view, Options};
use billsim_core::scenario::{self, Values};

/// The replay of `log` under the main policies: its noLimit bill, and what was read.
fn no_limit(log: &billsim_core::replay::Log) -> (Nanos, String) {
    let r = run::run(log, None, None, Record::default()).unwrap();
    (r.policies[0].bill, view::summary(&r))
}

#[test]
fn litellm_failed_calls_are_made_and_charged_as_logged_and_cache_hits_cost_nothing_and_count_no_tokens() {
    let log = read_fixture("litellm_status.json");
    let seen = calls(&log);
    // In time order: the failed call (09:00:00), the sonnet call (09:00:01), the cache hit (09:00:05).
    assert_eq!(log.failed, [true, false, false], "the first call failed");
    assert_eq!(log.cache_hits, 1);
    assert_eq!(
        (seen[2].4, seen[2].5, seen[2].6),
        (0, 0, Some(0)),
        "the cache hit: no tokens, no cost (logged 10 and 2)"
    );
    assert_eq!((seen[0].4, seen[0].6), (1200, Some(0)), "the failed call keeps its input tokens and its logged $0");
    let (bill, summary) = no_limit(&log);
    // $0 (failed, logged $0) + $0.0735 + $0 (cache hit).
    assert_eq!(bill, Nanos(73_500_000), "noLimit's bill: {}", bill.exact_dollars());
    assert!(
        summary.contains(
            ": 3 calls (1 failed, 1 cache hit) of 3 users to 2 models, on 2025-05-01, from 09:00:00 to 09:00:09 UTC"
        ),
        "{summary}"
    );
    let notes = log.notes.join(" | ");
    assert!(notes.contains("1 call failed: each was still made, so it counts toward request limits"), "{notes}");
    assert!(notes.contains("1 call was answered by a cache: never reaching the model, it costs nothing"), "{notes}");
}

#[test]
fn litellms_cache_hit_written_as_true_or_false_reads_as_its_text_does() {
    // LiteLLM's logging payload types cache_hit as a boolean; its spend logs' table as text.
    let text = String::from_utf8(fixture("litellm_status.json")).unwrap();
    let booleans = text
        .replace("\"cache_hit\": \"True\"", "\"cache_hit\": true")
        .replace("\"cache_hit\": \"False\"", "\"cache_hit\": false");
    assert!(
        booleans.contains("\"cache_hit\": true") && !booleans.contains("\"True\""),
        "the fixture's cache_hit, as booleans"
    );
    let (log, as_text) = (read(booleans.as_bytes(), Options::default()).unwrap(), read_fixture("litellm_status.json"));
    assert_eq!(
        (log.cache_hits, &log.failed),
        (as_text.cache_hits, &as_text.failed),
        "one cache hit, the first call failed"
    );
    assert_eq!(no_limit(&log), no_limit(&as_text));
}

#[test]
fn a_helicone_response_status_of_500_is_a_failed_call() {
    let log = read_fixture("helicone_status.jsonl");
    assert_eq!(log.failed, [false, true]);
    let (bill, summary) = no_limit(&log);
    assert_eq!(bill, Nanos(2_160_000), "the first call's $0.00216, the failed one's logged $0");
    assert!(summary.contains("2 calls (1 failed) of 2 users"), "{summary}");
}

#[test]
fn the_generic_status_column_charges_a_failed_call_what_was_logged_and_a_cache_hit_nothing() {
    let head = "time,user,model,input_tokens,output_tokens,cost,status\n";
    let text = format!(
        "{head}2025-05-01T09:00:00Z,alice,claude-haiku-4-5,1000,100,0.001,failed\n\
         2025-05-01T09:00:01Z,alice,claude-haiku-4-5,1000,100,,failed\n\
         2025-05-01T09:00:02Z,alice,claude-haiku-4-5,1000,100,0.5,cache_hit\n\
         2025-05-01T09:00:03Z,alice,claude-haiku-4-5,1000,100,0.002,ok\n\
         2025-05-01T09:00:04Z,alice,claude-haiku-4-5,1000,100,0.003,\n"
    );
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!(log.failed, [true, true, false, false, false]);
    // $0.001 logged + nothing (failed, no cost logged) + nothing (cache hit) + $0.002 + $0.003.
    assert_eq!(no_limit(&log).0, Nanos(6_000_000));
    let bad = format!("{head}2025-05-01T09:00:00Z,alice,claude-haiku-4-5,1,1,,maybe\n");
    let said = read(bad.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(
        said.contains(
            "line 2: status: must be \"ok\", \"failed\" or \"cache_hit\" (or LiteLLM's \"success\" and \"failure\", or \
             an HTTP status from 100 to 599, or Helicone's 0 and below for a call with no answer); got \"maybe\""
        ),
        "{said}"
    );
}

#[test]
fn calls_served_with_tokens_and_a_logged_cost_of_0_are_said_in_a_note_as_a_price_table_does_not_change_them() {
    // LiteLLM logs $0 for a model it cannot price: free to every dollar limit, said nowhere.
    let text = "time,user,model,input_tokens,output_tokens,cost,status\n\
         2025-05-01T09:00:00Z,alice,claude-haiku-4-5,1000,100,0,ok\n\
         2025-05-01T09:00:01Z,alice,claude-haiku-4-5,1000,100,0.0,ok\n\
         2025-05-01T09:00:02Z,alice,claude-haiku-4-5,1000,100,0,failed\n\
         2025-05-01T09:00:03Z,alice,claude-haiku-4-5,0,0,0,ok\n\
         2025-05-01T09:00:04Z,alice,claude-haiku-4-5,1000,100,0.002,ok\n";
    let log = read(text.as_bytes(), Options::default()).unwrap();
    let note = "2 calls have tokens and a logged cost of $0: they are charged $0, as logged (a logged cost is used \
                before any price)";
    assert!(log.notes.iter().any(|n| n == note), "the two served calls with tokens: {:?}", log.notes);
}

/// Lesson 002's runaway tenant, whose calls fail at its failure rate, written as a generic
/// log with its `status` column, read back and replayed under the lesson's own policies and
/// prices: the same bill, and per user the same calls served, refused, failed and charged.
#[test]
fn lesson_002s_failed_calls_exported_with_their_status_replay_to_its_bills_and_counts() {
    let lesson = scenario::registry::find("runawayTenant").unwrap();
    let values = Values::defaults(lesson);
    let mut failed_seen = 0;
    for seed in 0..20 {
        let built = lesson.build(seed, &values).unwrap();
        assert_eq!(export::not_carried(&built.traffic, &built.prices), Vec::<String>::new(), "seed {seed}");
        let mut text = Vec::new();
        export::write(&built.traffic, Order::ByUser, &mut text).unwrap();
        let log = read(&text, Options::default()).unwrap();
        failed_seen += log.failed_calls();
        let replayed = run::run(&log, Some(built.policies.clone()), Some(&built.prices), Record::default()).unwrap();
        let own = scenario::run(lesson, seed, &values, None, Record::default()).unwrap();
        assert_eq!(replayed.failed, log.failed_calls());
        for (mine, theirs) in replayed.policies.iter().zip(&own.policies) {
            let at = format!("seed {seed} {}", mine.policy);
            assert_eq!(mine.bill, theirs.bill, "{at}: the bill");
            for (u, user) in own.users.iter().enumerate() {
                let r = replayed.users.iter().position(|x| x.name == user.name).unwrap();
                assert_eq!(mine.per_user[r], theirs.per_user[u], "{at} {}", user.name);
            }
        }
    }
    assert!(failed_seen > 0, "some of the lesson's calls failed: {failed_seen}");
}

#[test]
fn a_litellm_embedding_is_priced_at_its_models_input_price_alone_and_counted_as_an_embedding() {
    let log = read_fixture("litellm_embedding.json");
    assert_eq!(log.embeddings, 1, "call_type aembedding");
    let (bill, summary) = no_limit(&log);
    assert_eq!(bill, Nanos(73_510_000), "its logged $0.00001 beside the chat call's $0.0735");
    assert!(summary.contains("2 calls (1 embedding) of 2 users"), "{summary}");
    assert!(log.notes.iter().any(|n| n.starts_with("1 call is an embedding")), "{:?}", log.notes);
    // Without its logged cost, at the model's input price: 500 tokens at $0.02 per million,
    // its output (made up here) not charged.
    let text = String::from_utf8(fixture("litellm_embedding.json"))
        .unwrap()
        .replace(r#""spend": 1e-05"#, r#""spend": null"#)
        .replace(r#""completion_tokens": 0"#, r#""completion_tokens": 7"#);
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!(calls(&log)[0].5, 0, "no output");
    let prices = billsim_core::replay::prices::read_table(
        "model,input_per_million,output_per_million\ntext-embedding-3-small,0.02,0.1\n",
    )
    .unwrap();
    let r = run::run(&log, None, Some(&prices), Record::default()).unwrap();
    assert_eq!(r.policies[0].bill, Nanos(10_000 + 73_500_000), "500 x 20 nano-dollars, and the chat call");
}

#[test]
fn an_otlp_span_whose_status_code_is_error_is_a_failed_call_in_either_of_its_json_forms() {
    // `"code": 2` and `"code": "STATUS_CODE_ERROR"` (the proto's JSON mapping writes an enum
    // either way); the failed spans carry no token counts, as a refused request has none.
    let log = read_fixture("otlp_status.jsonl");
    assert_eq!(log.failed, [false, true, true]);
    let seen = calls(&log);
    assert_eq!((seen[1].4, seen[1].5), (0, 0), "a failed span without token counts: none");
    let (bill, summary) = no_limit(&log);
    // The first call's 1,200 + 300 tokens at haiku's $0.80 and $4 per million; the failed ones nothing.
    assert_eq!(bill, Nanos(960_000 + 1_200_000), "noLimit's bill: {}", bill.exact_dollars());
    assert!(summary.contains("3 calls (2 failed) of 2 users"), "{summary}");
    let text = String::from_utf8(fixture("otlp_status.jsonl")).unwrap().replacen(
        "\"status\":{}",
        "\"status\":{\"code\":7}",
        1,
    );
    let said = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(said.contains("line 1: record 1: status.code: must be 0, 1 or 2"), "{said}");
}

#[test]
fn a_langfuse_observation_of_level_error_is_a_failed_call_in_its_api_answer_and_its_csv_export() {
    let log = read_fixture("langfuse_status.json");
    assert_eq!(log.failed, [false, true]);
    let (bill, summary) = no_limit(&log);
    assert_eq!(bill, Nanos(2_160_000), "the first call's $0.00216, the failed one's logged $0");
    assert!(summary.contains("2 calls (1 failed) of 2 users"), "{summary}");
    // The CSV export's `level` column.
    let text = String::from_utf8(fixture("langfuse_export.csv")).unwrap();
    let second = text.lines().filter(|l| l.contains("\"GENERATION\"")).nth(1).unwrap().to_string();
    let text = text.replace(&second, &second.replacen("\"DEFAULT\"", "\"ERROR\"", 1));
    assert_eq!(read(text.as_bytes(), Options::default()).unwrap().failed, [false, true]);
    let text = String::from_utf8(fixture("langfuse_status.json")).unwrap().replace("\"ERROR\"", "\"FATAL\"");
    let said = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(said.contains("level: must be \"DEBUG\", \"DEFAULT\", \"WARNING\" or \"ERROR\""), "{said}");
}

#[test]
fn a_litellm_payloads_0_logged_with_its_reason_it_could_not_price_the_call_is_no_cost() {
    // LiteLLM's payload for a model it has no price for: response_cost 0, and why.
    let row = |cost: &str, failure: &str| {
        format!(
            r#"{{"id": "c1", "call_type": "acompletion", "response_cost": {cost}, "response_cost_failure_debug_info": {failure}, "status": "success", "prompt_tokens": 1000, "completion_tokens": 100, "startTime": 1746132803.8, "endTime": 1746132818.7, "model": "my-finetune", "metadata": {{"user_api_key_end_user_id": "alice"}}}}"#
        )
    };
    let failure = r#"{"error_message": "This model isn't mapped yet.", "model": "my-finetune"}"#;
    let log = read(row("0.0", failure).as_bytes(), Options::default()).unwrap();
    let costs: Vec<Option<u64>> = calls(&log).into_iter().map(|c| c.6).collect();
    assert_eq!(costs, [None], "no logged cost: the price table prices it");
    let note = "1 call is logged at $0 with LiteLLM's reason it could not price it";
    assert!(log.notes.iter().any(|n| n.starts_with(note)), "{:?}", log.notes);
    // A $0 with no reason given stays a logged $0, as before.
    let log = read(row("0.0", "null").as_bytes(), Options::default()).unwrap();
    assert_eq!(calls(&log).into_iter().map(|c| c.6).collect::<Vec<_>>(), [Some(0)], "{:?}", log.notes);
}

#[test]
fn calls_of_no_tokens_with_a_cost_give_their_model_no_rate_so_a_budget_does_not_refuse_them_all() {
    // Five images at $0.04: the rate of one token for a whole cost, $40,000 a million, made
    // the $0.25 daily budget refuse even the first.
    let text: String = (0..5)
        .map(|i| format!("2025-05-01T09:0{i}:00Z,alice,dall-e-3,0,0,0.04\n"))
        .fold("time,user,model,input_tokens,output_tokens,cost\n".to_string(), |t, row| t + &row);
    let log = read(text.as_bytes(), Options::default()).unwrap();
    let out = run::run(&log, None, None, Record::default()).unwrap();
    let budget = out.policies.iter().find(|p| p.policy == "dailyBudget").expect("the default daily budget");
    let served: u32 = budget.per_user.iter().map(|u| u.served).sum();
    assert_eq!(served, 5, "$0.20 of images under a $0.25 budget: {:?}", out.notes);
    let note = "\"dall-e-3\" has no price and its calls no tokens (images made?)";
    assert!(out.notes.iter().any(|n| n.starts_with(note)), "{:?}", out.notes);
}
