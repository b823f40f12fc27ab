//! `billsim replay` of the files as the products write them (tests/fixtures/replay/
//! SOURCES.md): the calls read, the bill against the file's own logged costs, the users;
//! and the reports per period refused, naming the per-call export.

use crate::common::{billsim, Temp};
use serde_json::Value;

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/replay/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(args: &[&str]) -> Value {
    let out = billsim(args);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// `billsim replay FILE --json`'s calls, users (by name) and noLimit bill in nano-dollars.
fn replayed(name: &str, more: &[&str]) -> (u64, Vec<String>, u64) {
    let path = fixture(name);
    let mut args = vec!["replay", path.as_str(), "--json"];
    args.extend_from_slice(more);
    let run = json(&args);
    let users = run["users"].as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap().to_string()).collect();
    (run["calls"].as_u64().unwrap(), users, run["policies"][0]["billNanos"].as_u64().unwrap())
}

#[test]
fn each_real_export_replays_to_its_calls_users_and_its_own_logged_costs() {
    // The files that log a cost: noLimit's bill is the sum of the file's costs, exactly.
    for (name, calls, users, bill) in [
        ("helicone.jsonl", 2, vec!["alice", "acme"], 75_660_000),
        ("helicone_cache.jsonl", 2, vec!["alice", "acme"], 3_990_000),
        ("litellm_payload.jsonl", 2, vec!["alice", "acme"], 75_660_000),
        ("otlp_agent.jsonl", 2, vec!["(no user)"], 4_760_000),
        ("litellm_gcs_object.json", 1, vec!["alice"], 2_160_000),
        ("langfuse_trace.json", 2, vec!["alice"], 75_660_000),
        ("langfuse_export.csv", 2, vec!["alice", "acme"], 75_660_000),
    ] {
        let (c, u, b) = replayed(name, &[]);
        assert_eq!((c, u.iter().map(String::as_str).collect::<Vec<_>>(), b), (calls, users, bill), "{name}");
    }
    // The files without costs are priced from the price table.
    for (name, calls, users) in [
        ("helicone.csv", 2, vec!["alice", "acme"]),
        ("helicone_no_user.csv", 3, vec!["alice", "(no user)"]),
        ("otlp_openllmetry.jsonl", 1, vec!["(no user)"]),
    ] {
        let (c, u, b) = replayed(name, &[]);
        assert_eq!((c, u.iter().map(String::as_str).collect::<Vec<_>>()), (calls, users), "{name}");
        assert!(b > 0, "{name}: a bill at the table's prices");
    }
}

#[test]
fn reports_that_count_per_period_are_refused_naming_the_per_call_export() {
    for (name, what) in [
        ("litellm_spend_logs_summarized.json", "LiteLLM's /spend/logs for a date range, summarized per day"),
        ("anthropic_claude_code_usage.json", "Anthropic's Claude Code usage report"),
        ("openai_dashboard_costs.csv", "OpenAI's cost export from its usage dashboard"),
        ("openai_dashboard_usage.csv", "OpenAI's usage export from its usage dashboard"),
    ] {
        let out = billsim(&["replay", &fixture(name)]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {said}");
        assert!(said.contains(&format!("this is {what}")) && said.contains("export "), "{name}: {said}");
    }
}

#[test]
fn per_names_the_field_that_is_the_user_and_another_is_refused_listing_the_fields_that_say_who() {
    let (_, users, _) = replayed("litellm.json", &["--per", "team_id"]);
    assert_eq!(users, ["(no user)", "team-a"]);
    let (_, users, _) = replayed("langfuse_trace.json", &["--per", "sessionId"]);
    assert_eq!(users, ["session-7"]);
    let out = billsim(&["replay", &fixture("litellm.json"), "--per", "team"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains(": --per: must be one of this log's fields that say who made a call, \"api_key\", ")
            && said.contains("\"team_id\"")
            && said.contains("got \"team\""),
        "{said}"
    );
    let out = billsim(&["replay", &fixture("litellm.json"), "--per", " "]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--per: must be a field of the file, by its name"));
}

#[test]
fn failed_calls_and_cache_hits_are_counted_in_what_was_read_and_in_the_json() {
    let out = billsim(&["replay", &fixture("litellm_status.json")]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let first = text.lines().next().unwrap_or("");
    assert!(first.contains("(LiteLLM spend logs): 3 calls (1 failed, 1 cache hit) of 3 users to 2 models"), "{first}");
    assert!(text.contains("Note: 1 call was answered by a cache: never reaching the model"), "{text}");
    let run = json(&["replay", &fixture("litellm_status.json"), "--json"]);
    assert_eq!((run["failed"].as_u64(), run["cacheHits"].as_u64()), (Some(1), Some(1)));
    assert_eq!(run["policies"][0]["billNanos"].as_u64(), Some(73_500_000), "the failed call's and the cache hit's $0");
}

#[test]
fn prices_with_a_cached_input_column_charge_litellms_cached_tokens_at_it() {
    let dir = std::env::temp_dir().join(format!("billsim-cached-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("cached.json");
    let text = std::fs::read_to_string(fixture("litellm.json"))
        .unwrap()
        .replacen(r#""cache_read_input_tokens": 0"#, r#""cache_read_input_tokens": 1000"#, 1)
        .replacen(r#""spend": 0.00216"#, r#""spend": null"#, 1);
    std::fs::write(&log, text).unwrap();
    let prices = dir.join("prices.csv");
    std::fs::write(
        &prices,
        "model,input_per_million,output_per_million,cached_input_per_million\nclaude-haiku-4-5,1,5,0.1\n",
    )
    .unwrap();
    let run = json(&["replay", log.to_str().unwrap(), "--prices", prices.to_str().unwrap(), "--json"]);
    // 200 x $1 + 1,000 x $0.10 + 300 x $5 per million, and the other calls' logged $0.000012 and $0.0735.
    assert_eq!(run["policies"][0]["billNanos"].as_u64(), Some(1_800_000 + 12_000 + 73_500_000));
    std::fs::write(&prices, "model,input,output,cached_input\nclaude-haiku-4-5,1,5,lots\n").unwrap();
    let out = billsim(&["replay", log.to_str().unwrap(), "--prices", prices.to_str().unwrap()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("prices, line 2, cached_input: must be an amount in dollars per million"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn helicones_cache_reads_and_writes_are_input_tokens_priced_as_the_price_table_says() {
    // The file without its logged costs: priced from the table.
    let text = std::fs::read_to_string(fixture("helicone_cache.jsonl"))
        .unwrap()
        .replace("\"cost\":0.00", "\"cost\":null,\"x\":0.00");
    let log = Temp::new("helicone-cache.jsonl", &text);
    let prices = Temp::new(
        "helicone-cache-prices.csv",
        "model,input_per_million,output_per_million,cached_input_per_million\n\
         claude-haiku-4-5,1,5,0.1\ngpt-4o-mini,0.15,0.6,0.075\n",
    );
    let run = json(&["replay", log.path(), "--prices", prices.path(), "--json"]);
    // (200 fresh + 1,000 written) x $1 + 8,000 read x $0.10 + 300 x $5; 400 x $0.15 + 1,600 read
    // x $0.075 + 100 x $0.60 (per million).
    assert_eq!(run["policies"][0]["billNanos"].as_u64(), Some(3_500_000 + 240_000));
    let notes = run["notes"].to_string();
    assert!(notes.contains("1 call wrote 1,000 input tokens to the prompt cache: they are charged the input price"));
}

#[test]
fn a_json_price_table_and_a_policy_files_prices_give_a_cached_input_price() {
    let text = std::fs::read_to_string(fixture("litellm.json"))
        .unwrap()
        .replacen(r#""cache_read_input_tokens": 0"#, r#""cache_read_input_tokens": 1000"#, 1)
        .replacen(r#""spend": 0.00216"#, r#""spend": null"#, 1);
    let log = Temp::new("cached-json.json", &text);
    let price = r#"{"claude-haiku-4-5": {"inputPerMillion": 1, "outputPerMillion": 5, "cachedInputPerMillion": 0.1}}"#;
    let prices = Temp::new("cached-prices.json", price);
    // 200 x $1 + 1,000 x $0.10 + 300 x $5 per million, and the other calls' logged $0.000012 and $0.0735.
    let want = Some(1_800_000 + 12_000 + 73_500_000);
    let run = json(&["replay", log.path(), "--prices", prices.path(), "--json"]);
    assert_eq!(run["policies"][0]["billNanos"].as_u64(), want, "--prices as JSON");
    let policy =
        Temp::new("cached-policy.json", &format!(r#"{{"policies": [{{"name": "open"}}], "prices": {price}}}"#));
    let run = json(&["replay", log.path(), "--policy", policy.path(), "--json"]);
    assert_eq!(run["policies"][0]["billNanos"].as_u64(), want, "--policy's prices");
    let bad = Temp::new("cached-bad.json", &price.replace("0.1}", "\"lots\"}"));
    let out = billsim(&["replay", log.path(), "--prices", bad.path()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("prices.claude-haiku-4-5.cachedInputPerMillion: must be an amount in dollars"), "{said}");
}

#[test]
fn failed_otlp_spans_and_langfuse_error_observations_are_failed_calls_in_what_was_read_and_the_json() {
    for (name, head, failed, bill) in [
        ("otlp_status.jsonl", "(OTLP/JSON)): 3 calls (2 failed) of 2 users", 2, 2_160_000),
        ("langfuse_status.json", "): 2 calls (1 failed) of 2 users", 1, 2_160_000),
    ] {
        let out = billsim(&["replay", &fixture(name)]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(text.lines().next().unwrap_or("").contains(head), "{name}: {text}");
        assert!(text.contains("failed: each was still made, so it counts toward request limits"), "{name}: {text}");
        let run = json(&["replay", &fixture(name), "--json"]);
        assert_eq!(run["failed"].as_u64(), Some(failed), "{name}");
        assert_eq!(run["policies"][0]["billNanos"].as_u64(), Some(bill), "{name}: the failed calls' nothing");
    }
}
