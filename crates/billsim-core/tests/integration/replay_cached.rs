//! Cached input tokens (issue 21, item 9): of a call's input tokens, those its provider read
//! from a prompt cache, as each format logs them, priced at the model's cached-input price
//! when the price table gives one (its optional `cached_input_per_million` column), else as
//! any input token; a `tokens` guard counts them as the input tokens they are.

use crate::replay_common::*;
use billsim_core::engine::{Nanos, Record};
use billsim_core::replay::prices::read_table_with_cached;
use billsim_core::replay::{run, Log, Options};
use billsim_core::Micros;

/// noLimit's bill of `log` under the price table `prices` (CSV).
fn bill(mut log: Log, prices: &str) -> Nanos {
    let (table, cached) = read_table_with_cached(prices).unwrap();
    log.cached_prices = cached;
    let r = run::run(&log, None, Some(&table), Record::default()).unwrap();
    r.policies[0].bill
}

const WITH_CACHED: &str = "model,input_per_million,output_per_million,cached_input_per_million\nm,1,5,0.1\n";
const WITHOUT: &str = "model,input_per_million,output_per_million\nm,1,5\n";

#[test]
fn cached_input_tokens_are_charged_the_cached_input_price_and_stay_input_tokens() {
    let text = "time,user,model,input_tokens,output_tokens,cached_input_tokens\n\
                2025-05-01T09:00:00Z,alice,m,1000,100,800\n\
                2025-05-01T09:00:01Z,alice,m,1000,100,\n";
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!(log.cached, [800, 0]);
    assert_eq!(calls(&log)[0].4, 1000, "the cached tokens are input tokens, as a tokens guard counts them");
    // 200 x $1 + 800 x $0.10 + 100 x $5 per million = 780,000 nano-dollars; the second call
    // 1,000 x $1 + 100 x $5 = 1,500,000.
    assert_eq!(bill(log.clone(), WITH_CACHED), Nanos(780_000 + 1_500_000));
    // A table without the column reads, and prices them as any input token.
    assert_eq!(bill(log.clone(), WITHOUT), Nanos(1_500_000 + 1_500_000));
    // The log keeps its own costs after a run: another table after it is not charged the first's.
    let (table, cached) = read_table_with_cached(WITH_CACHED).unwrap();
    let mut kept = log.clone();
    kept.cached_prices = cached;
    run::run_in_place(&mut kept, None, Some(&table), Record::default()).unwrap();
    assert_eq!(kept.costs, log.costs, "the log's costs as read");
    let bad = "time,user,model,input_tokens,output_tokens,cached_input_tokens\n2025-05-01T09:00:00Z,a,m,10,1,11\n";
    let said = read(bad.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(
        said.contains("line 2: cached_input_tokens: 11 cached input tokens are more than the 10 input tokens"),
        "{said}"
    );
    let said = read_table_with_cached("model,input,output,cached_input\nm,1,5,-1\n").unwrap_err();
    assert!(said.starts_with("prices, line 2, cached_input: must be an amount in dollars per million"), "{said}");
}

#[test]
fn each_format_gives_its_cached_input_tokens() {
    // LiteLLM's spend logs: metadata.additional_usage_values.cache_read_input_tokens.
    let text = String::from_utf8(fixture("litellm.json"))
        .unwrap()
        .replacen(r#""cache_read_input_tokens": 0"#, r#""cache_read_input_tokens": 1000"#, 1)
        .replacen(r#""spend": 0.00216"#, r#""spend": null"#, 1);
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!(log.cached, [1000, 0, 0]);
    // 200 x $1 + 1,000 x $0.10 + 300 x $5 per million, and the other two calls' logged costs.
    let table = "model,input_per_million,output_per_million,cached_input_per_million\nclaude-haiku-4-5,1,5,0.1\n";
    assert_eq!(bill(log, table), Nanos(1_800_000 + 12_000 + 73_500_000));
    // OpenAI's prompt_tokens_details.cached_tokens in the same object.
    let text = String::from_utf8(fixture("litellm.json")).unwrap().replacen(
        r#""cache_read_input_tokens": 0"#,
        r#""prompt_tokens_details": {"cached_tokens": 640}"#,
        1,
    );
    assert_eq!(read(text.as_bytes(), Options::default()).unwrap().cached, [640, 0, 0]);
    // Langfuse: usageDetails' input_cached_tokens, within the input (1,000 + 200).
    let log = read_fixture("langfuse.json");
    assert_eq!((log.cached[0], calls(&log)[0].4), (200, 1200));
    // Its CSV export: the same usageDetails, as JSON in a cell beside inputUsage.
    let log = read_fixture("langfuse_export.csv");
    assert_eq!((log.cached[0], calls(&log)[0].4), (200, 1200), "the CSV as the JSON");
    // OpenTelemetry: gen_ai.usage.cache_read_input_tokens (OpenLLMetry's, of its prompt_tokens).
    let text = String::from_utf8(fixture("otlp_openllmetry.jsonl")).unwrap().replace(
        r#""gen_ai.usage.cache_read_input_tokens","value":{"intValue":"0""#,
        r#""gen_ai.usage.cache_read_input_tokens","value":{"intValue":"7000""#,
    );
    assert_eq!(read(text.as_bytes(), Options::default()).unwrap().cached, [7000]);
}

#[test]
fn helicones_cache_reads_and_writes_are_input_tokens_beside_its_prompt_tokens() {
    // Helicone's prompt_tokens are the fresh input alone: Anthropic's input_tokens, and OpenAI's
    // prompt_tokens less its cached_tokens (tests/fixtures/replay/SOURCES.md).
    let log = read_fixture("helicone_cache.jsonl");
    let seen = calls(&log);
    assert_eq!(
        (seen[0].4, seen[1].4),
        (200 + 8_000 + 1_000, 400 + 1_600),
        "the input tokens a tokens guard counts: fresh, read from the cache, written to it"
    );
    assert_eq!(log.cached, [8_000, 1_600], "the cache reads are cached input tokens");
    // As logged: Helicone's $0.00375 (writes at its $1.25 per million) and $0.00024.
    assert_eq!(run::run(&log, None, None, Record::default()).unwrap().policies[0].bill, Nanos(3_990_000));
    let notes = log.notes.join(" | ");
    assert!(notes.contains("1 call wrote 1,000 input tokens to the prompt cache"), "{notes}");
    // Without logged costs: 1,200 fresh and written at $1, 8,000 read at $0.10, 300 out at $5;
    // 400 at $0.15, 1,600 at $0.075, 100 at $0.60 (per million).
    let text = String::from_utf8(fixture("helicone_cache.jsonl"))
        .unwrap()
        .replace("\"cost\":0.00", "\"cost\":null,\"x\":0.00");
    let table = "model,input_per_million,output_per_million,cached_input_per_million\n\
                 claude-haiku-4-5,1,5,0.1\ngpt-4o-mini,0.15,0.6,0.075\n";
    assert_eq!(bill(read(text.as_bytes(), Options::default()).unwrap(), table), Nanos(3_500_000 + 240_000));
}

#[test]
fn helicones_reasoning_tokens_are_output_tokens_beside_its_completion_tokens() {
    // Helicone's logger takes an OpenAI answer's reasoning_tokens out of its completion_tokens
    // and stores them apart (its API's total_tokens adds the three): they were not replayed.
    let line = String::from_utf8(fixture("helicone.jsonl")).unwrap().lines().next().unwrap().to_string();
    let mut row: serde_json::Value = serde_json::from_str(&line).unwrap();
    let answer = row["completion_tokens"].as_u64().unwrap();
    row["reasoning_tokens"] = 700.into();
    row["cost"] = serde_json::Value::Null;
    let log = read(row.to_string().as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        calls(&log)[0].5,
        answer + 700,
        "the output tokens a tokens guard counts: the answer's and the reasoning's"
    );
    let table = format!("model,input_per_million,output_per_million\n{},0,1\n", row["request_model"].as_str().unwrap());
    assert_eq!(bill(log, &table), Nanos((answer + 700) * 1_000), "each output token at $1 per million");
}

#[test]
fn a_price_finer_than_a_thousandth_per_million_is_charged_rounded_up_to_a_nano_dollar_per_call() {
    // Gemini 2.0 Flash's list: $0.10 in, $0.40 out, $0.025 cached; 1.5 Flash's cached input
    // is $0.01875, five decimals, which whole nano-dollars a token cannot hold.
    let table = "model,input_per_million,output_per_million,cached_input_per_million
                 gemini-1.5-flash,0.075,0.3,0.01875
";
    let text = "time,user,model,input_tokens,output_tokens,cached_input_tokens
                2025-05-01T09:00:00Z,alice,gemini-1.5-flash,1000,100,1000
                2025-05-01T09:00:01Z,alice,gemini-1.5-flash,1001,100,1
";
    let log = read(text.as_bytes(), Options::default()).unwrap();
    // The first: 1,000 x 18.75 + 100 x 300 = 48,750 nano-dollars, exact. The second: 1,000 x
    // 75 + 1 x 18.75 + 100 x 300 = 105,018.75, charged 105,019.
    assert_eq!(bill(log, table), Nanos(48_750 + 105_019), "one rounding a call, up");
}

#[test]
fn a_json_price_table_gives_a_cached_input_price_as_the_csv_column_does() {
    let json = r#"{"m": {"inputPerMillion": 1, "outputPerMillion": 5, "cachedInputPerMillion": 0.1}}"#;
    let (_, cached) = read_table_with_cached(json).unwrap();
    assert_eq!(cached, [("m".to_string(), Micros(100_000))], "$0.10 per million");
    let text =
        "time,user,model,input_tokens,output_tokens,cached_input_tokens\n2025-05-01T09:00:00Z,alice,m,1000,100,800\n";
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!(bill(log.clone(), json), bill(log, WITH_CACHED), "the JSON table charges as the CSV one");
    // Under "prices", as a policy file holds them; and optional, as the CSV column.
    let (_, cached) = read_table_with_cached(&format!(r#"{{"prices": {json}}}"#)).unwrap();
    assert_eq!(cached.len(), 1);
    let (_, cached) = read_table_with_cached(r#"{"m": {"inputPerMillion": 1, "outputPerMillion": 5}}"#).unwrap();
    assert!(cached.is_empty());
    let bad = r#"{"m": {"inputPerMillion": 1, "outputPerMillion": 5, "cachedInputPerMillion": "lots"}}"#;
    let said = read_table_with_cached(bad).unwrap_err();
    assert!(said.starts_with("prices.m.cachedInputPerMillion: must be an amount in dollars per million"), "{said}");
    let policy = format!(r#"{{"policies": [{{"name": "x"}}], "prices": {json}}}"#);
    let file = billsim_core::engine::read_policy_file(&policy).unwrap();
    assert_eq!(file.cached_prices, [("m".to_string(), Micros(100_000))], "a policy file's prices give it too");
}

#[test]
fn the_genai_conventions_cache_read_input_tokens_are_cached_input_tokens() {
    // The conventions' `gen_ai.usage.cache_read.input_tokens` (of `gen_ai.usage.input_tokens`),
    // beside OpenLLMetry's older `gen_ai.usage.cache_read_input_tokens`.
    let text = String::from_utf8(fixture("otlp.jsonl")).unwrap().replacen(
        r#"{"key":"gen_ai.usage.output_tokens","value":{"intValue":"300"}}"#,
        r#"{"key":"gen_ai.usage.output_tokens","value":{"intValue":"300"}},{"key":"gen_ai.usage.cache_read.input_tokens","value":{"intValue":"1000"}}"#,
        1,
    );
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!((log.cached[0], calls(&log)[0].4), (1000, 1200), "1,000 of the call's 1,200 input tokens were cached");
}

#[test]
fn a_token_count_written_as_an_array_is_named_not_taken_for_one_left_out() {
    let text = String::from_utf8(fixture("otlp.jsonl")).unwrap().replacen(
        r#""gen_ai.usage.input_tokens","value":{"intValue":"1200"}"#,
        r#""gen_ai.usage.input_tokens","value":{"arrayValue":{"values":[{"intValue":"1200"}]}}"#,
        1,
    );
    let said = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(
        said.contains(
            "gen_ai.usage.input_tokens: must be a stringValue, an intValue or a doubleValue; got another kind"
        ),
        "{said}"
    );
}

#[test]
fn a_call_moved_to_a_cheaper_model_is_charged_its_cached_tokens_at_that_models_cached_price() {
    // Each call: 100,000 input tokens, 95,000 of them cached, and 100 out. On opus ($5, $0.50
    // cached, $25): $0.075; on haiku ($1, $0.10, $5): $0.015. The second call, moved down
    // by the ladder, was charged 100,000 input tokens at haiku's $1: $0.1005.
    let text = "time,latency_ms,user,model,input_tokens,cached_input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,1000,alice,opus,100000,95000,100\n\
        2025-05-01T09:01:00Z,1000,alice,opus,100000,95000,100\n";
    let prices = "model,input_per_million,output_per_million,cached_input_per_million\n\
        opus,5,25,0.5\nhaiku,1,5,0.1\n";
    let policy = r#"{"name": "lad", "guards": [{"count": "dollars", "limit": "0.10", "per": "user", "window": "1d",
        "reset": "fixed", "admit": "estimate", "estimate": {"inputPercent": 5, "maxTokens": 100}}],
        "ladder": ["opus", "haiku"]}"#;
    let mut log = read(text.as_bytes(), Options::default()).unwrap();
    let (table, cached) = read_table_with_cached(prices).unwrap();
    log.cached_prices = cached;
    let policies = billsim_core::engine::read_policy_file(policy).unwrap().policies;
    let r = run::run(&log, Some(policies), Some(&table), Record::default()).unwrap();
    let p = &r.policies[0];
    assert_eq!(p.per_user[0].degraded, 1, "the second call served on haiku");
    assert_eq!(p.bill, Nanos(90_000_000), "$0.075 on opus and $0.015 on haiku");
}
