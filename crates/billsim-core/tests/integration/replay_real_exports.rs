//! Files as the products write them (tests/fixtures/replay/SOURCES.md says where each
//! shape comes from): LiteLLM's spend logs and logging payloads, Helicone's export,
//! Langfuse's observations, OpenTelemetry GenAI spans; and the reports per period that are
//! refused as such.

use crate::replay_common::*;
use billsim_core::replay::{Format, Options};

#[test]
fn calls_with_no_user_are_replayed_as_one_stand_in_user_and_a_note_says_how_many() {
    // Helicone stores an empty user when no Helicone-User-Id header was sent: such calls
    // were refused as bad rows, and --skip-bad-rows dropped 65% of this file's cost.
    let log = read_fixture("helicone_no_user.csv");
    let users: Vec<String> = calls(&log).into_iter().map(|c| c.0).collect();
    assert_eq!(users, ["alice", "(no user)", "(no user)"], "every call is read, the two without a user as one");
    assert!(
        log.notes.iter().any(|n| n
            == "2 calls name no user: they are replayed as one stand-in user, \"(no user)\" (Helicone logs the \
                request's Helicone-User-Id header as its user)"),
        "{:?}",
        log.notes
    );
    // A file with no user column at all (nor an API key) is read the same way.
    let text = "time,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,claude-haiku-4-5,100,20\n";
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.users.len(), 1);
    assert_eq!(log.users[0].name, "(no user)");
}

#[test]
fn langfuses_observations_with_no_user_say_where_langfuse_keeps_the_user() {
    // GET /api/public/observations gives no userId: the user is its trace's.
    let text = String::from_utf8(fixture("langfuse.json")).unwrap().replace("\"userId\": \"alice\",", "");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let note = log.notes.iter().find(|n| n.contains("no user")).unwrap_or_else(|| panic!("{:?}", log.notes));
    assert!(
        note.ends_with(
            "(Langfuse keeps a call's user on its trace, and its observations API does not give it: a trace \
         downloaded whole (GET /api/public/traces/{id}) gives its userId to its calls)"
        ),
        "{note}"
    );
}

#[test]
fn helicones_csv_export_gives_the_model_of_its_request_body_as_its_own_model_column_is_empty() {
    // @helicone/export writes the API's rows under `model`, `latency` and `cost_usd`, which
    // the rows call `request_model`, `delay_ms` and `cost`: those three columns are empty.
    let log = read_fixture("helicone.csv");
    let got: Vec<(String, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.1, c.3, c.6)).collect();
    assert_eq!(
        got,
        [("claude-haiku-4-5".to_string(), 2_500, None), ("claude-sonnet-4-6".to_string(), 8_000, None)],
        "the model from request_body (its quotes doubled twice), the end from response_created_at, no cost"
    );
    // Without --include-body the body is Helicone's placeholder: the row has no model.
    let text = String::from_utf8(fixture("helicone.csv")).unwrap().replace("model\"\"\"\":", "name\"\"\"\":");
    let said = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    let named = "line 2: model and request_body.model: empty or null, where a call's model must be given";
    assert!(said.contains(named), "{said}");
    // The CSV has no column for the tokens read from the prompt cache: a note says so.
    let log = read_fixture("helicone.csv");
    let undercounted = |n: &String| n.starts_with("no column gives the cache read tokens");
    assert!(log.notes.iter().any(undercounted), "the CSV's notes: {:?}", log.notes);
    // Its JSON lines are the API's rows: request_model, delay_ms, cost.
    let log = read_fixture("helicone.jsonl");
    assert!(!log.notes.iter().any(undercounted), "the JSON lines' notes: {:?}", log.notes);
    let got: Vec<(String, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.1, c.3, c.6)).collect();
    assert_eq!(
        got,
        [
            ("claude-haiku-4-5".to_string(), 2_500, Some(2_160_000)),
            ("claude-sonnet-4-6".to_string(), 8_000, Some(73_500_000))
        ],
        "delay_ms where response_created_at is null"
    );
}

#[test]
fn pydantic_ais_agent_and_tool_spans_are_left_out_and_its_chat_spans_charged_their_operation_cost() {
    // pydantic-ai's default instrumentation (version 5): `invoke_agent agent` carries the
    // run's totals (as gen_ai.aggregated_usage.*), `execute_tool get_weather` none.
    let log = read_fixture("otlp_agent.jsonl");
    let got: Vec<(u64, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.4, c.5, c.6)).collect();
    assert_eq!(
        got,
        [(1_200, 300, Some(2_160_000)), (1_800, 200, Some(2_600_000))],
        "the two chat spans only, each charged its operation.cost in dollars"
    );
    assert!(log.notes.iter().any(|n| n.starts_with("2 agent and tool spans left out")), "{:?}", log.notes);
}

#[test]
fn an_agent_span_without_an_operation_name_holding_its_chat_spans_tokens_is_not_replayed_as_a_call() {
    // Older pydantic-ai: the agent run span has no gen_ai.operation.name and carries the
    // totals of its two chat spans under the conventions' own names: read as a call, it
    // doubled the bill.
    let text = String::from_utf8(fixture("otlp_agent.jsonl"))
        .unwrap()
        .replace(r#"{"key":"gen_ai.operation.name","value":{"stringValue":"invoke_agent"}},"#, "")
        .replace("gen_ai.aggregated_usage.", "gen_ai.usage.");
    let log = read(text.as_bytes(), Options::default()).unwrap();
    let tokens: Vec<(u64, u64)> = calls(&log).into_iter().map(|c| (c.4, c.5)).collect();
    assert_eq!(tokens, [(1_200, 300), (1_800, 200)], "not the agent run's 3,000 and 500");
    assert!(
        log.notes.iter().any(|n| n.starts_with("1 agent span holding its model calls' tokens left out")),
        "{:?}",
        log.notes
    );
}

#[test]
fn openllmetrys_older_token_attribute_names_are_read() {
    let log = read_fixture("otlp_openllmetry.jsonl");
    let tokens: Vec<(String, u64, u64)> = calls(&log).into_iter().map(|c| (c.1, c.4, c.5)).collect();
    assert_eq!(
        tokens,
        [("claude-sonnet-4-6".to_string(), 20_000, 900)],
        "gen_ai.usage.prompt_tokens / completion_tokens (OpenLLMetry 0.47)"
    );
}

#[test]
fn litellms_logging_payload_is_charged_its_response_cost() {
    // What LiteLLM's S3 and GCS loggers write (StandardLoggingPayload): `response_cost`, not `spend`.
    let log = read_fixture("litellm_payload.jsonl");
    let got: Vec<(String, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.0, c.3, c.6)).collect();
    assert_eq!(
        got,
        [("alice".to_string(), 2_500, Some(2_160_000)), ("acme".to_string(), 8_000, Some(73_500_000))],
        "response_cost 0.00216 and 0.0735 dollars, Unix seconds as floats"
    );
}

#[test]
fn a_bad_record_of_a_one_line_json_document_is_named_by_its_index_on_the_line() {
    let good =
        r#"{"time":"2025-05-01T09:00:00Z","user":"a","model":"claude-haiku-4-5","input_tokens":1,"output_tokens":1}"#;
    let bad = r#"{"time":"2025-05-01T09:00:00Z","user":"a","input_tokens":1,"output_tokens":1}"#;
    let text = format!("{{\"data\":[{good},{bad},{good},{bad}]}}");
    let said = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(said.contains("line 1: record 2: no model") && said.contains("line 1: record 4: no model"), "{said}");
    // A pretty-printed document's records each have their own line: no index is said.
    let pretty = format!("[\n{good},\n{bad}\n]\n");
    let said = read(pretty.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(said.contains("line 3: no model"), "{said}");
}

#[test]
fn litellms_daily_spend_reports_are_refused_naming_its_per_call_spend_logs() {
    for (name, what) in [
        ("litellm_global_spend_report.json", "LiteLLM's /global/spend/report"),
        ("litellm_daily_activity.json", "LiteLLM's /user/daily/activity"),
    ] {
        let err = read(&fixture(name), Options::default()).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "this is {what}, which counts tokens per time bucket, not per call, so it cannot be replayed: export \
                 LiteLLM's spend logs of each call (/spend/logs/v2, or its S3/GCS logger's objects) instead"
            ),
            "{name}"
        );
    }
}

#[test]
fn reports_that_count_per_period_are_refused_naming_the_per_call_export_of_their_product() {
    let litellm_summarized =
        "LiteLLM's spend logs of each call (/spend/logs with summarize=false, /spend/logs/v2, or its \
                              S3/GCS logger's objects)";
    let openai =
        "a log of each call (OpenAI keeps none: log the calls in your app, or through a gateway such as LiteLLM \
                  or Helicone)";
    for (name, what, instead) in [
        (
            "litellm_spend_logs_summarized.json",
            "LiteLLM's /spend/logs for a date range, summarized per day (its default)",
            litellm_summarized,
        ),
        (
            "anthropic_claude_code_usage.json",
            "Anthropic's Claude Code usage report",
            "Claude Code's OpenTelemetry events of each API request (claude_code.api_request), or a log of each call",
        ),
        ("openai_dashboard_costs.csv", "OpenAI's cost export from its usage dashboard", openai),
        ("openai_dashboard_usage.csv", "OpenAI's usage export from its usage dashboard", openai),
        ("openai_usage.json", "OpenAI's usage export", openai),
    ] {
        let err = read(&fixture(name), Options::default()).unwrap_err().to_string();
        assert_eq!(
            err,
            format!(
                "this is {what}, which counts tokens per time bucket, not per call, so it cannot be replayed: export \
                 {instead} instead"
            ),
            "{name}"
        );
    }
}

#[test]
fn langfuses_traces_list_is_refused_naming_the_observations_export() {
    // Each trace sums its calls and names its observations by id: no call can be replayed.
    let err = read(&fixture("langfuse_traces.json"), Options::default()).unwrap_err().to_string();
    assert_eq!(
        err,
        "this is Langfuse's traces list (GET /api/public/traces), one record a request with its calls' costs summed, \
         not one a model call, so it cannot be replayed: export Langfuse's observations (GET \
         /api/public/observations, its generations), or a trace downloaded whole instead"
    );
    // A trace downloaded whole holds its observations: it is read.
    assert!(read(&fixture("langfuse_trace.json"), Options::default()).is_ok());
}

#[test]
fn a_litellm_gcs_bucket_object_is_one_call_on_one_line_or_pretty_printed() {
    // LiteLLM's GCS logger writes one StandardLoggingPayload to a file: a JSON object.
    let one_line = fixture("litellm_gcs_object.json");
    let value: serde_json::Value = serde_json::from_slice(&one_line).unwrap();
    let pretty = serde_json::to_vec_pretty(&value).unwrap();
    for (what, bytes) in [("one line", one_line), ("pretty-printed", pretty)] {
        let log = read(&bytes, Options::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
        let got: Vec<(String, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.0, c.4, c.6)).collect();
        assert_eq!(got, [("alice".to_string(), 1_200, Some(2_160_000))], "{what}");
    }
}

#[test]
fn langfuses_trace_download_reads_its_generations_under_the_traces_user() {
    // The trace page's download: {"trace": ..., "observations": [...]}, pretty-printed; the
    // observations name no user, their trace does.
    let log = read_fixture("langfuse_trace.json");
    let got: Vec<(String, String, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.0, c.1, c.4, c.6)).collect();
    assert_eq!(
        got,
        [
            ("alice".to_string(), "claude-haiku-4-5".to_string(), 1_200, Some(2_160_000)),
            ("alice".to_string(), "claude-sonnet-4-6".to_string(), 20_000, Some(73_500_000)),
        ],
        "the two generations, not the span; the trace's totalCost is not charged to them"
    );
    // The server's download, {"observations": [...], "scores": [...]}, names the user on each.
    let text = String::from_utf8(fixture("langfuse_trace.json")).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut observations = value["observations"].clone();
    for o in observations.as_array_mut().unwrap() {
        o["userId"] = "bob".into();
    }
    let server = serde_json::json!({ "observations": observations, "scores": [] });
    let log = read(server.to_string().as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.users.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(), ["bob"]);
}

#[test]
fn langfuses_csv_export_reads_its_quoted_dates_and_its_usage_columns_not_its_prompt_text() {
    // Its dates are JSON text inside the cell ("\"2025-...Z\""); its `input` column is the
    // prompt, its tokens are inputUsage (input and cached input) and outputUsage.
    let log = read_fixture("langfuse_export.csv");
    assert_eq!(log.format, "langfuse");
    let got: Vec<(String, u64, u64, u64, u64, Option<u64>)> =
        calls(&log).into_iter().map(|c| (c.0, c.2, c.3, c.4, c.5, c.6)).collect();
    assert_eq!(
        got,
        [
            ("alice".to_string(), NINE, 2_500, 1_200, 300, Some(2_160_000)),
            ("acme".to_string(), NINE + 1_000, 8_000, 20_000, 900, Some(73_500_000)),
        ],
        "the two generations, their totalCost in dollars"
    );
    assert!(
        log.notes.iter().any(|n| n.starts_with("1 observation not of type GENERATION or EMBEDDING left out")),
        "{:?}",
        log.notes
    );
}

#[test]
fn a_trace_is_one_request_of_several_calls_in_langfuse_and_opentelemetry() {
    // pydantic-ai's two chat spans share their agent run's trace; Langfuse's export has
    // trace-1's one generation and trace-2's; its trace download, one trace of two.
    for (name, same) in [("otlp_agent.jsonl", true), ("langfuse_export.csv", false), ("langfuse_trace.json", true)] {
        let log = read_fixture(name);
        let requests: Vec<u32> = log.calls.iter().map(|c| c.request).collect();
        assert_eq!(requests.len(), 2, "{name}");
        assert_eq!(requests[0] == requests[1], same, "{name}: requests {requests:?}");
    }
    // Without a trace each call is its own request.
    let text = String::from_utf8(fixture("otlp_agent.jsonl")).unwrap().replace("0af7651916cd43dd8448eb211c80319c", "");
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_ne!(log.calls[0].request, log.calls[1].request);
}

#[test]
fn litellms_trace_id_and_session_id_make_calls_of_one_trace_one_request() {
    // The logging payload's trace_id, and the spend log's session_id (the proxy fills it with
    // the payload's trace_id, `_get_session_id_for_spend_log`): calls sharing one are one
    // request of their user, as an agent run is in lesson 002.
    let payload = String::from_utf8(fixture("litellm_payload.jsonl")).unwrap();
    let one_user = payload.replace(r#""end_user": "acme""#, r#""end_user": "alice""#);
    for (text, same) in [(one_user.replace(r#""trace_id": "t-2""#, r#""trace_id": "t-1""#), true), (one_user, false)] {
        let log = read(text.as_bytes(), Options::default()).unwrap();
        let requests: Vec<u32> = log.calls.iter().map(|c| c.request).collect();
        assert_eq!(requests[0] == requests[1], same, "payload, one trace: {same}: requests {requests:?}");
    }
    let rows = String::from_utf8(fixture("litellm.json")).unwrap();
    let rows = rows
        .replace(r#""end_user": "cust-42""#, r#""end_user": "cust-1""#)
        .replace(r#""end_user": """#, r#""end_user": "cust-1""#);
    let rows = rows.replace(r#""end_user": null"#, r#""end_user": "cust-1""#);
    let shared = rows.replace(r#""session_id": null"#, r#""session_id": "3f0b7c1e""#);
    let log = read(shared.as_bytes(), Options::default()).unwrap();
    let requests: Vec<u32> = log.calls.iter().map(|c| c.request).collect();
    assert!(requests.iter().all(|&r| r == requests[0]), "spend logs of one session_id: one request, {requests:?}");
    let log = read(rows.as_bytes(), Options::default()).unwrap();
    let requests: Vec<u32> = log.calls.iter().map(|c| c.request).collect();
    assert!(requests[0] != requests[1] && requests[1] != requests[2], "no session_id: a request each, {requests:?}");
}

#[test]
fn a_span_with_only_a_total_of_tokens_is_a_call_of_that_many_input_tokens_and_a_note_says_so() {
    // OpenLLMetry's llm.usage.total_tokens without the split: it was "no token counts".
    let text = String::from_utf8(fixture("otlp_openllmetry.jsonl"))
        .unwrap()
        .replace(r#"{"key":"gen_ai.usage.prompt_tokens","value":{"intValue":"20000"}},"#, "")
        .replace(r#"{"key":"gen_ai.usage.completion_tokens","value":{"intValue":"900"}},"#, "");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let tokens: Vec<(u64, u64)> = calls(&log).into_iter().map(|c| (c.4, c.5)).collect();
    assert_eq!(tokens, [(20_900, 0)], "the total as input");
    assert!(
        log.notes
            .iter()
            .any(|n| n == "1 span gives only a total of tokens: it is counted as input tokens, with no output"),
        "{:?}",
        log.notes
    );
}

/// An OTLP export on one line, of spans with these attributes (`key`, JSON value) each.
fn otlp_spans(spans: &[&[(&str, &str)]]) -> String {
    let span = |(i, attributes): (usize, &&[(&str, &str)])| {
        let attributes: Vec<String> =
            attributes.iter().map(|(k, v)| format!(r#"{{"key": "{k}", "value": {v}}}"#)).collect();
        format!(
            r#"{{"traceId": "0{i}", "spanId": "0{i}", "name": "call", "startTimeUnixNano": "1748851200000000000", "endTimeUnixNano": "1748851200200000000", "attributes": [{}]}}"#,
            attributes.join(", ")
        )
    };
    let spans: Vec<String> = spans.iter().enumerate().map(span).collect();
    format!(r#"{{"resourceSpans": [{{"scopeSpans": [{{"spans": [{}]}}]}}]}}"#, spans.join(", ")) + "\n"
}

#[test]
fn a_spans_own_user_id_comes_before_its_resources_enduser_id() {
    let span = |id: &str, user: &str| {
        format!(
            r#"{{"traceId": "0{id}", "spanId": "0{id}", "name": "chat", "startTimeUnixNano": "1748851200000000000", "endTimeUnixNano": "1748851200200000000", "attributes": [{{"key": "gen_ai.request.model", "value": {{"stringValue": "gpt-4o"}}}}, {{"key": "user.id", "value": {{"stringValue": "{user}"}}}}, {{"key": "gen_ai.usage.input_tokens", "value": {{"intValue": "100"}}}}, {{"key": "gen_ai.usage.output_tokens", "value": {{"intValue": "10"}}}}]}}"#
        )
    };
    let resource = r#"{"attributes": [{"key": "enduser.id", "value": {"stringValue": "svc-account"}}]}"#;
    let text = format!(
        r#"{{"resourceSpans": [{{"resource": {resource}, "scopeSpans": [{{"spans": [{}, {}]}}]}}]}}"#,
        span("1", "alice"),
        span("2", "bob")
    );
    let log = read(text.as_bytes(), Options::default()).unwrap();
    let users: Vec<String> = calls(&log).into_iter().map(|c| c.0).collect();
    assert_eq!(users, ["alice", "bob"], "each span's own user, not the resource's service account");
}

#[test]
fn a_chat_span_with_no_token_counts_is_a_call_of_no_tokens_that_a_request_limit_counts() {
    // A stream made without its usage: dropped as "no model call", a limit of requests
    // never saw it.
    let model = ("gen_ai.request.model", r#"{"stringValue": "gpt-4o"}"#);
    let chat = ("gen_ai.operation.name", r#"{"stringValue": "chat"}"#);
    let input = ("gen_ai.usage.input_tokens", r#"{"intValue": "100"}"#);
    let output = ("gen_ai.usage.output_tokens", r#"{"intValue": "10"}"#);
    let tool = ("gen_ai.operation.name", r#"{"stringValue": "execute_tool"}"#);
    let log =
        read(otlp_spans(&[&[chat, model, input, output], &[chat, model], &[tool]]).as_bytes(), Options::default())
            .unwrap();
    let tokens: Vec<(u64, u64)> = calls(&log).into_iter().map(|c| (c.4, c.5)).collect();
    assert_eq!(tokens, [(100, 10), (0, 0)], "the usage-less chat span a call of no tokens; the tool span none");
    let note = "1 model call's span gives no token counts (a stream without its usage?)";
    assert!(log.notes.iter().any(|n| n.starts_with(note)), "{:?}", log.notes);
}

#[test]
fn an_otlp_embeddings_span_with_input_tokens_alone_is_an_embedding_and_a_bad_span_is_named_by_its_index() {
    // The GenAI conventions give an embeddings span gen_ai.usage.input_tokens and no output
    // count: it was refused as "no output tokens".
    let model = ("gen_ai.request.model", r#"{"stringValue": "m"}"#);
    let input = ("gen_ai.usage.input_tokens", r#"{"intValue": "300"}"#);
    let embeddings = ("gen_ai.operation.name", r#"{"stringValue": "embeddings"}"#);
    let chat = ("gen_ai.operation.name", r#"{"stringValue": "chat"}"#);
    let log = read(otlp_spans(&[&[embeddings, model, input]]).as_bytes(), Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let tokens: Vec<(u64, u64)> = calls(&log).into_iter().map(|c| (c.4, c.5)).collect();
    assert_eq!((tokens, log.embeddings), (vec![(300, 0)], 1), "one embedding of 300 input tokens");
    // A chat span without its output count is still a bad row, said with the span's index
    // (every span of the export is on line 1).
    let bad = read(otlp_spans(&[&[embeddings, model, input], &[chat, model, input]]).as_bytes(), Options::default());
    let said = bad.map(|_| String::new()).unwrap_or_else(|e| e.to_string());
    assert!(said.ends_with("line 1: record 2: no output tokens"), "{said}");
}

#[test]
fn a_call_whose_token_count_is_null_names_the_field_that_holds_it() {
    let jsonl = "{\"startTime\": \"2026-01-01T00:00:00Z\", \"model\": \"m\", \"prompt_tokens\": 10, \"completion_tokens\": null}\n";
    let said = read(jsonl.as_bytes(), Options::default()).map(|_| String::new()).unwrap_or_else(|e| e.to_string());
    let named = "line 1: completion_tokens: empty or null, where a call's output tokens must be given";
    assert!(said.contains(named), "{said}");
    let csv = "startTime,model,prompt_tokens,completion_tokens\n2026-01-01T00:00:00Z,m,10,\n";
    let said = read(csv.as_bytes(), Options::default()).map(|_| String::new()).unwrap_or_else(|e| e.to_string());
    assert!(said.contains("line 2: completion_tokens: empty or null"), "{said}");
}

#[test]
fn times_that_name_no_zone_are_read_as_utc_and_a_note_says_how_many() {
    // A LiteLLM table copied out of Postgres (`\copy`) writes its times with no zone.
    let text = "time,user,model,input_tokens,output_tokens\n\
                2025-05-01 09:00:00,alice,claude-haiku-4-5,1,1\n\
                2025-05-01T09:00:01Z,alice,claude-haiku-4-5,1,1\n\
                2025-05-01T09:00:02+02:00,alice,claude-haiku-4-5,1,1\n\
                2025-05-01T09:00:03.5,alice,claude-haiku-4-5,1,1\n";
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let note = "2 calls' starts name no time zone: read as UTC (a log of local times is then off by their offset)";
    assert!(log.notes.iter().any(|n| n == note), "{:?}", log.notes);
    let utc = billsim_core::replay::when::parse("2025-05-01T09:00:00Z", None).unwrap();
    assert!(calls(&log).into_iter().any(|c| c.2 == utc.0), "the first row, read as 09:00 UTC");
}

#[test]
fn litellms_logging_payload_names_its_user_and_key_in_its_metadata_as_its_spend_log_does() {
    // StandardLoggingPayload: `end_user` empty, the user and key only in `metadata`; every
    // call was one "(no user)" and the log said it named no API key.
    let call = |user: &str, key: &str| {
        format!(
            r#"{{"startTime": 1746090000.0, "model": "gpt-4o-mini", "prompt_tokens": 100, "completion_tokens": 50, "response_cost": 0.001, "end_user": "", "metadata": {{"user_api_key_hash": "{key}", "user_api_key_user_id": "{user}", "user_api_key_end_user_id": null}}}}"#
        )
    };
    let text = [call("u-alice", "hashA"), call("u-bob", "hashB"), call("u-alice", "hashA")].join("\n");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let users: Vec<String> = calls(&log).into_iter().map(|c| c.0).collect();
    assert_eq!((log.format, users), ("litellm", vec!["u-alice".into(), "u-bob".into(), "u-alice".into()]));
    assert!(log.keys.is_some(), "its keys are read: {:?}", log.notes);
}

#[test]
fn langfuses_embedding_observations_are_calls_of_input_tokens_alone() {
    let text = r#"{"data": [
 {"type": "GENERATION", "startTime": "2025-05-01T09:00:00.000Z", "model": "claude-haiku-4-5", "usageDetails": {"input": 1200, "output": 300}, "totalCost": 0.00216},
 {"type": "EMBEDDING", "startTime": "2025-05-01T09:00:03.000Z", "model": "text-embedding-3-large", "usageDetails": {"input": 800000, "total": 800000}, "totalCost": 0.104},
 {"type": "SPAN", "startTime": "2025-05-01T09:00:04.000Z"}]}"#;
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(u64, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.4, c.5, c.6)).collect();
    assert_eq!(
        got,
        [(1_200, 300, Some(2_160_000)), (800_000, 0, Some(104_000_000))],
        "the embedding's cost was left out"
    );
    assert_eq!(log.embeddings, 1);
    assert!(
        log.notes.iter().any(|n| n.starts_with("1 observation not of type GENERATION or EMBEDDING left out")),
        "{:?}",
        log.notes
    );
}

#[test]
fn a_reports_keys_inside_a_calls_values_do_not_make_its_file_a_report() {
    // A Langfuse span whose tool output lists `results` with a `start_time` was refused as
    // "OpenAI's usage export".
    let text = r#"{"data": [
 {"type": "SPAN", "startTime": "2025-05-01T09:00:00.000Z", "output": {"results": [{"title": "Standup", "start_time": "09:30"}]}},
 {"type": "GENERATION", "startTime": "2025-05-01T09:00:01.000Z", "model": "claude-haiku-4-5", "usageDetails": {"input": 1200, "output": 300}}]}"#;
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((log.format, log.calls.len()), ("langfuse", 1));
}

#[test]
fn a_generic_json_log_with_litellms_token_names_but_no_spend_is_read_as_generic_with_its_cost() {
    // Only `startTime`, `prompt_tokens` and `completion_tokens` made it LiteLLM's, whose
    // reader then dropped its `cost`, users and teams.
    let row = |user: &str, team: &str| {
        format!(
            r#"{{"startTime": "2025-05-01T09:00:00Z", "user_id": "{user}", "model": "claude-haiku-4-5", "prompt_tokens": 1200, "completion_tokens": 300, "cost": 0.5, "team": "{team}"}}"#
        )
    };
    let text = [row("alice", "t1"), row("bob", "t2")].join("\n");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(String, Option<u64>)> = calls(&log).into_iter().map(|c| (c.0, c.6)).collect();
    assert_eq!(
        (log.format, got),
        ("generic", vec![("alice".into(), Some(500_000_000)), ("bob".into(), Some(500_000_000))])
    );
}

#[test]
fn otlp_spans_written_one_a_line_are_read_and_a_line_of_neither_is_a_bad_row() {
    let span = |id: &str| {
        format!(
            r#"{{"traceId": "01", "spanId": "{id}", "name": "chat", "startTimeUnixNano": "1748851200000000000", "endTimeUnixNano": "1748851200200000000", "attributes": [{{"key": "gen_ai.operation.name", "value": {{"stringValue": "chat"}}}}, {{"key": "gen_ai.request.model", "value": {{"stringValue": "m"}}}}, {{"key": "gen_ai.usage.input_tokens", "value": {{"intValue": "300"}}}}, {{"key": "gen_ai.usage.output_tokens", "value": {{"intValue": 20}}}}]}}"#
        )
    };
    let (first, span) = (span("01"), span("02"));
    let log = read(format!("{first}\n{span}\n").as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    let tokens: Vec<(u64, u64)> = calls(&log).into_iter().map(|c| (c.4, c.5)).collect();
    assert_eq!(tokens, [(300, 20), (300, 20)], "its calls: the log had no calls to replay");
    let said = read(format!("{span}\n{{\"spans\": []}}\n").as_bytes(), Options::default()).map(|_| String::new());
    let said = said.unwrap_or_else(|e| e.to_string());
    assert!(
        said.ends_with(r#"line 2: not an OTLP export of spans: no "resourceSpans", nor a span's "startTimeUnixNano""#),
        "{said}"
    );
}

#[test]
fn a_spreadsheets_rows_of_empty_fields_under_its_data_are_skipped_as_blank_lines_are() {
    let text = "\u{feff}time,user,model,input_tokens,output_tokens\r\n\
                2025-05-01T09:00:00Z,alice,claude-haiku-4-5,100,20\r\n,,,,\r\n2025-05-01T09:00:01Z,bob,claude-haiku-4-5,100,20\r\n,,,,\r\n, ,,,\r\n";
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.calls.len(), 2, "the rows of commas were bad rows: 'time: empty or null'");
}

#[test]
fn langfuses_trace_from_its_api_gives_its_user_to_its_observations() {
    // `GET /api/public/traces/{id}`: the trace itself, its `userId` beside its observations
    // (the download wraps it as {"trace": ...}); its calls were "(no user)".
    let text = r#"{"id": "trace-1", "name": "chat", "userId": "alice", "sessionId": "s-1", "totalCost": 0.00216,
 "observations": [{"type": "GENERATION", "startTime": "2025-05-01T09:00:00.000Z", "model": "claude-haiku-4-5", "usageDetails": {"input": 1200, "output": 300}}],
 "scores": []}"#;
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.users.iter().map(|u| u.name.as_str()).collect::<Vec<_>>(), ["alice"]);
}

#[test]
fn a_langfuse_trace_written_with_sorted_keys_still_gives_its_user_to_its_observations() {
    // A trace saved through a tool that sorts keys (`jq -S`, Python's `sort_keys=True`)
    // puts `userId` and `trace` after `observations`: its calls were "(no user)".
    let generation = r#"{"type": "GENERATION", "startTime": "2025-05-01T09:00:00.000Z", "model": "claude-haiku-4-5", "usageDetails": {"input": 1200, "output": 300}}"#;
    let api = format!(
        r#"{{"id": "trace-1", "observations": [{generation}, {generation}], "scores": [], "sessionId": "s-1", "userId": "alice"}}"#
    );
    let download = format!(r#"{{"observations": [{generation}], "trace": {{"id": "trace-1", "userId": "bob"}}}}"#);
    for (what, text, user, n) in [("the API's trace", api, "alice", 2), ("the page's download", download, "bob", 1)] {
        let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
        let users: Vec<String> = calls(&log).into_iter().map(|c| c.0).collect();
        assert_eq!(users, vec![user.to_string(); n], "{what}: every observation is the trace's user's");
    }
}

#[test]
fn an_agent_span_on_a_later_line_than_its_chat_spans_is_left_out_as_on_the_same_line() {
    // The Collector batches spans as they end: a chat span, then on a later line the agent
    // run that holds it, with its totals and no operation name. It was a second call.
    let span = |id: &str, parent: &str, operation: &str| {
        format!(
            r#"{{"resourceSpans": [{{"scopeSpans": [{{"spans": [{{"traceId": "t", "spanId": "{id}", "parentSpanId": "{parent}", "startTimeUnixNano": "1748851200000000000", "endTimeUnixNano": "1748851200200000000", "attributes": [{operation}{{"key": "gen_ai.request.model", "value": {{"stringValue": "m"}}}}, {{"key": "gen_ai.usage.input_tokens", "value": {{"intValue": "1000"}}}}, {{"key": "gen_ai.usage.output_tokens", "value": {{"intValue": "200"}}}}]}}]}}]}}]}}"#
        )
    };
    let chat = span("c1", "a1", r#"{"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}}, "#);
    let agent = span("a1", "", "");
    let log = read(format!("{chat}\n{agent}\n").as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.calls.len(), 1, "{:?}", log.notes);
    assert!(log.notes.iter().any(|n| n.starts_with("1 agent span holding its model calls' tokens")), "{:?}", log.notes);
}

#[test]
fn a_langfuse_export_whose_first_64_kib_hold_only_spans_is_read_as_langfuses() {
    // The format is told from the file's first 64 KiB. An agent's trace often starts with
    // its spans: Langfuse's API writes every field of an observation, null where a span has
    // none, but a span names no `GENERATION` and (before Langfuse 3) has no `usageDetails`.
    // Read as a generic log, the spans were calls and the generations' cost was dropped.
    let span = |i: u32| {
        format!(
            r#"{{"id": "span-{i}", "traceId": "trace-1", "type": "SPAN", "name": "retrieve", "startTime": "2025-05-01T09:00:00.000Z", "endTime": "2025-05-01T09:00:01.000Z", "completionStartTime": null, "model": null, "usage": null, "level": "DEFAULT", "statusMessage": null, "parentObservationId": null, "userId": "alice"}}"#
        )
    };
    let generation = r#"{"id": "gen-1", "traceId": "trace-1", "type": "GENERATION", "name": "chat", "startTime": "2025-05-01T09:00:02.000Z", "endTime": "2025-05-01T09:00:03.000Z", "completionStartTime": null, "model": "claude-haiku-4-5", "usage": {"input": 1200, "output": 300, "total": 1500, "unit": "TOKENS"}, "calculatedTotalCost": 0.00216, "level": "DEFAULT", "statusMessage": null, "parentObservationId": "span-0", "userId": "alice"}"#;
    let spans: Vec<String> = (0..400).map(span).collect();
    let text = format!("{}\n{generation}\n", spans.join("\n"));
    assert!(text.find("GENERATION").unwrap() > 64 * 1024, "the first generation is past the first 64 KiB");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.format, "langfuse", "{:?}", log.notes);
    let got: Vec<(u64, u64, Option<u64>)> = calls(&log).into_iter().map(|c| (c.4, c.5, c.6)).collect();
    assert_eq!(got, [(1_200, 300, Some(2_160_000))], "the generation alone is a call, with its cost");
}

#[test]
fn a_langfuse_export_whose_first_span_fills_the_first_64_kib_is_read_as_langfuses() {
    // The span's input (a retrieved document) comes before its `parentObservationId`.
    let document = "lorem ipsum ".repeat(7_000);
    let text = format!(
        r#"{{"data": [{{"id": "span-0", "traceId": "trace-1", "type": "SPAN", "name": "retrieve", "startTime": "2025-05-01T09:00:00.000Z", "input": "{document}", "parentObservationId": null}},
 {{"id": "gen-1", "traceId": "trace-1", "type": "GENERATION", "startTime": "2025-05-01T09:00:02.000Z", "model": "claude-haiku-4-5", "usageDetails": {{"input": 1200, "output": 300}}, "totalCost": 0.00216, "parentObservationId": "span-0"}}]}}"#
    );
    assert!(text.find("parentObservationId").unwrap() > 64 * 1024, "the span's input fills the first 64 KiB");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.format, "langfuse", "{:?}", log.notes);
    assert_eq!(log.calls.len(), 1, "the generation alone is a call: {:?}", log.notes);
}

#[test]
fn a_bad_span_of_an_export_written_over_many_lines_is_named_by_the_line_it_starts_on() {
    // A pretty-printed export is read whole: its bad span was named by the export's last line.
    let span = |id: &str, start: &str| {
        format!(
            r#"{{"spanId": "{id}", "startTimeUnixNano": "{start}", "attributes": [{{"key": "gen_ai.request.model", "value": {{"stringValue": "m"}}}}, {{"key": "gen_ai.usage.input_tokens", "value": {{"intValue": "5"}}}}, {{"key": "gen_ai.usage.output_tokens", "value": {{"intValue": "2"}}}}]}}"#
        )
    };
    let text = format!(
        "{{\"resourceSpans\": [{{\"scopeSpans\": [{{\"spans\": [\n  {},\n  {}\n]}}]}}]}}\n",
        span("a", "1748851200000000000"),
        span("b", "soon")
    );
    let e = read(text.as_bytes(), Options::default()).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("line 3: record 2: startTimeUnixNano"), "the second span starts on line 3: {e}");
    let skipped =
        read(text.as_bytes(), Options { skip_bad_rows: true, ..Options::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(skipped.calls.len(), 1, "{:?}", skipped.notes);
}

#[test]
fn a_span_that_is_no_object_is_a_bad_row_of_its_own_and_its_exports_other_spans_are_read() {
    let text = r#"{"resourceSpans": [{"scopeSpans": [{"spans": [7, {"startTimeUnixNano": "1748851200000000000", "attributes": [{"key": "gen_ai.request.model", "value": {"stringValue": "m"}}, {"key": "gen_ai.usage.input_tokens", "value": {"intValue": "5"}}, {"key": "gen_ai.usage.output_tokens", "value": {"intValue": "2"}}]}]}]}]}"#;
    let e = read(text.as_bytes(), Options::default()).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("line 1: record 1: a span must be an object; got \"7\""), "{e}");
    let log =
        read(text.as_bytes(), Options { skip_bad_rows: true, ..Options::default() }).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.calls.len(), 1, "the export's good span is read: {:?}", log.notes);
}

#[test]
fn a_helicone_export_whose_first_rows_bodies_fill_the_first_64_kib_is_read_as_helicones() {
    // `@helicone/export --include-body` writes the bodies in place, before the row's
    // `request_created_at`: a long prompt pushed it past the head, and every row was
    // "no start time" as a generic log's.
    let fixture = String::from_utf8(fixture("helicone.jsonl")).unwrap();
    let first = fixture.lines().next().unwrap();
    let long = first.replacen(
        r#""response_body":{"helicone_message""#,
        &format!(r#""response_body":{{"content":"{}","helicone_message""#, "x".repeat(70_000)),
        1,
    );
    assert!(long.find("request_created_at").unwrap() > 64 * 1024, "the start time is past the head");
    let text = format!("{long}\n{}", fixture.lines().skip(1).collect::<Vec<_>>().join("\n"));
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.format, "helicone", "{:?}", log.notes);
    assert_eq!(log.calls.len(), fixture.lines().filter(|l| !l.trim().is_empty()).count());
}

#[test]
fn records_written_one_after_another_pretty_are_read_though_a_value_in_them_has_a_data_key() {
    // `jq .` of Helicone's rows, the first an embedding whose answer lists `"data"`: the
    // file was taken for an object with records in "data", and refused.
    let fixture = String::from_utf8(fixture("helicone.jsonl")).unwrap();
    let mut rows: Vec<serde_json::Value> =
        fixture.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect();
    rows[0]["response_body"] = serde_json::json!({"object": "list", "data": [{"object": "embedding", "index": 0}]});
    let text: Vec<String> = rows.iter().map(|r| serde_json::to_string_pretty(r).unwrap()).collect();
    let log = read(text.join("\n").as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((log.format, log.calls.len()), ("helicone", rows.len()), "{:?}", log.notes);
}

#[test]
fn a_generic_logs_records_written_one_after_another_pretty_are_each_a_call() {
    // `jq .` of a generic JSON-lines log: refused as "a list of calls, or an object with them
    // in "data"". One object alone is still taken for a document with its list elsewhere.
    let lines = String::from_utf8(fixture("generic.jsonl")).unwrap();
    let pretty: Vec<String> = lines
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(l).unwrap()).unwrap())
        .collect();
    let log = read(pretty.join("\n").as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((log.format, calls(&log)), ("generic", calls(&read_fixture("generic.jsonl"))), "{:?}", log.notes);
    let one = read(pretty[0].as_bytes(), Options::default()).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(one.contains("must be a list of calls"), "{one}");
}

#[test]
fn a_langfuse_trace_whose_input_fills_the_first_64_kib_is_read_as_langfuses_in_each_of_its_forms() {
    // The trace page's download ({"trace": ..., "observations": ...}) and the API's answer
    // saved pretty-printed (the trace's fields, then its observations): a trace's input is
    // its whole prompt; and the API's answer as it comes, on one line (it was read as JSON
    // lines, the trace itself a bad observation).
    let long = "lorem ipsum ".repeat(7_000);
    let observations = r#"[{"type": "GENERATION", "startTime": "2025-05-01T09:00:00.000Z", "model": "claude-haiku-4-5", "usageDetails": {"input": 1200, "output": 300}}]"#;
    let download = format!(
        r#"{{"trace": {{"id": "trace-1", "projectId": "p", "name": "chat", "input": "{long}", "userId": "alice"}},
 "observations": {observations}}}"#
    );
    let api = format!(
        r#"{{
  "id": "trace-1", "timestamp": "2025-05-01T09:00:00.000Z", "name": "chat", "input": "{long}", "userId": "alice",
  "observations": {observations}, "scores": []}}"#
    );
    let one_line = api.replace('\n', "");
    for (form, text, format) in [
        ("download", download, None),
        ("API answer", api, Some(Format::Langfuse)),
        ("API answer on one line", one_line, Some(Format::Langfuse)),
    ] {
        let options = Options { format, ..Options::default() };
        let log = read(text.as_bytes(), options).unwrap_or_else(|e| panic!("{form}: {e}"));
        let users: Vec<&str> = log.users.iter().map(|u| u.name.as_str()).collect();
        assert_eq!((log.format, log.calls.len(), users), ("langfuse", 1, vec!["alice"]), "{form}: {:?}", log.notes);
    }
}

#[test]
fn litellm_bucket_objects_joined_with_no_line_end_between_them_are_each_a_call() {
    // `gsutil cat` of LiteLLM's GCS objects: each is written by json.dumps, with no line end.
    let object = String::from_utf8(fixture("litellm_gcs_object.json")).unwrap();
    let compact: serde_json::Value = serde_json::from_str(&object).unwrap();
    let with_id = |id: &str| {
        let mut call = compact.clone();
        call["id"] = id.into();
        call.to_string()
    };
    let text = [with_id("chatcmpl-1"), with_id("chatcmpl-2"), with_id("chatcmpl-3")].concat();
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((log.format, log.calls.len()), ("litellm", 3), "{:?}", log.notes);
    // A line of values that are not all records is still a bad row.
    let e =
        read(format!("{}7", compact).as_bytes(), Options::default()).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("line 1: not JSON"), "{e}");
}

#[test]
fn csv_exports_joined_with_cat_leave_out_the_second_header_and_say_so() {
    // Two CSV exports joined one after another, the second with its byte-order mark (as
    // Windows tools write it): its header was a bad row, "request_created_at: must be a moment".
    let export = String::from_utf8(fixture("helicone.csv")).unwrap();
    let rows = export.lines().filter(|l| !l.trim().is_empty()).count() - 1;
    // The second export's calls are others (their ids differ): the same calls would be left out.
    let later = export.replace("\n\"", "\n\"2");
    let text = format!("{export}\u{feff}{later}");
    let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(log.calls.len(), 2 * rows, "{:?}", log.notes);
    assert!(
        log.notes
            .iter()
            .any(|n| n.starts_with("1 line repeating the header (files joined one after another) left out")),
        "{:?}",
        log.notes
    );
}

#[test]
fn an_api_error_answer_among_appended_pages_is_a_bad_row_at_its_line() {
    // A paging script that appends each answer with `>>`, and got a 429 once: its page of
    // calls is missing. One page a line, it stopped the file with no line said; pretty-printed,
    // it was left out without a word.
    let page = String::from_utf8(fixture("langfuse.json")).unwrap();
    let compact = serde_json::from_str::<serde_json::Value>(&page).unwrap().to_string();
    // The third page's observations are others, with ids of their own.
    let (next, next_compact) = (page.replace("\"obs-", "\"obs-b"), compact.replace("\"obs-", "\"obs-b"));
    let error = r#"{"message": "Rate limit exceeded", "error": "TooManyRequests"}"#;
    for (form, text) in [
        ("one a line", format!("{compact}\n{error}\n{next_compact}\n")),
        ("pretty", format!("{page}\n{error}\n{next}")),
    ] {
        let line = text[..text.find(error).unwrap()].matches('\n').count() + 1;
        let e = read(text.as_bytes(), Options::default()).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains(&format!("line {line}: a document with no list of records")), "{form}: {e}");
        let log = read(text.as_bytes(), Options { skip_bad_rows: true, ..Options::default() })
            .unwrap_or_else(|e| panic!("{form}: {e}"));
        assert_eq!(log.calls.len(), 4, "{form}: both pages' calls are read");
    }
}

#[test]
fn a_call_read_twice_by_its_id_is_left_out_and_said_so_no_call_is_billed_twice() {
    // A file joined to itself, or an API's pages appended with `>>` that overlap (calls
    // arrived between two requests): each call was replayed, and billed, once per copy.
    for name in ["litellm.json", "litellm.csv", "helicone.jsonl", "helicone.csv", "langfuse.json", "otlp.jsonl"] {
        let once = read_fixture(name);
        let text = String::from_utf8(fixture(name)).unwrap();
        let joined = if name.ends_with(".csv") {
            format!("{text}{}", text.split_once('\n').unwrap().1) // the second copy's rows, not its header
        } else {
            format!("{text}\n{text}")
        };
        let twice = read(joined.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(calls(&twice), calls(&once), "{name}: the calls of the file read once, {:?}", twice.notes);
        // The file's own notes, each count as once (a span read twice was two records that
        // are no model call), and the repeats': every record of the second copy.
        let said = " records repeat the id and start time of a record read before: left out";
        let (repeats, others): (Vec<&String>, Vec<&String>) = twice.notes.iter().partition(|n| n.contains(said));
        assert_eq!(others, once.notes.iter().collect::<Vec<_>>(), "{name}: the notes of the file read once");
        let repeated: usize = repeats.first().and_then(|n| n.split(' ').next()?.parse().ok()).unwrap_or(0);
        assert!(
            repeated >= once.calls.len(),
            "{name}: {repeated} records said to repeat, of {} calls",
            once.calls.len()
        );
    }
}

#[test]
fn calls_that_share_an_id_but_not_a_start_time_are_each_replayed() {
    // LiteLLM's payload id is the provider's answer's: reused by some (`chatcmpl-213`), "None"
    // where the provider gave none. Three calls of two users, two of them with one id.
    let row = |id: &str, user: &str, start: f64| {
        format!(
            r#"{{"id": "{id}", "call_type": "acompletion", "response_cost": 0.001, "status": "success", "prompt_tokens": 100, "completion_tokens": 10, "startTime": {start}, "endTime": {}, "model": "gpt-4o", "metadata": {{"user_api_key_end_user_id": "{user}"}}}}"#,
            start + 1.0
        )
    };
    let text = [
        row("None", "alice", 1746129759.0),
        row("None", "bob", 1746129799.0),
        row("chatcmpl-7", "alice", 1746129800.0),
    ]
    .join("\n");
    let log = read(text.as_bytes(), Options::default()).unwrap();
    assert_eq!(log.calls.len(), 3, "every call replayed, {:?}", log.notes);
    assert!(!log.notes.iter().any(|n| n.contains("read before")), "no repeat said: {:?}", log.notes);
    let again = format!("{text}\n{}", row("None", "bob", 1746129799.0));
    let log = read(again.as_bytes(), Options::default()).unwrap();
    assert_eq!(log.calls.len(), 3, "bob's call written twice is one, {:?}", log.notes);
}

#[test]
fn json_lines_of_two_makers_exports_joined_are_refused_naming_a_line_of_each() {
    // Read as the one found first, every LiteLLM line was "no start time", though it had one.
    let litellm = String::from_utf8(fixture("litellm_payload.jsonl")).unwrap();
    let helicone = String::from_utf8(fixture("helicone.jsonl")).unwrap();
    let text = format!("{}\n{helicone}", litellm.trim_end());
    let err = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    let lines = litellm.trim_end().lines().count() + 1;
    let want = format!(
        "the file holds two kinds of export: line 1 reads as LiteLLM spend logs, line {lines} as a Helicone export"
    );
    assert!(err.starts_with(&want), "{err}");
    for one in [&litellm, &helicone] {
        assert!(read(one.as_bytes(), Options::default()).is_ok(), "each export alone reads");
    }
}

#[test]
fn a_helicone_csv_exported_without_its_bodies_says_how_to_export_the_model() {
    let text = "response_id,response_created_at,response_status,request_created_at,request_body,request_user_id,model,prompt_tokens,completion_tokens,latency,cost_usd\n\
        \"r1\",\"2025-05-01T20:49:34.480Z\",\"-3\",\"2025-05-01T20:49:21.586Z\",\"{\"\"helicone_message\"\":\"\"fetching body from signed_url\"\"}\",\"user-00\",,\"10912\",\"1060\",,\n";
    let err = read(text.as_bytes(), Options::default()).unwrap_err().to_string();
    assert!(err.contains("export with --include-body, or as JSON lines, which name request_model"), "{err}");
    assert!(!err.contains("response_status"), "-3, a call Helicone got no answer to, is a failed call: {err}");
}

#[test]
fn json_exports_joined_with_cat_read_on_past_the_second_ones_byte_order_mark() {
    // The second export written by a Windows tool: as JSON lines its first line was a bad
    // row ("not JSON"); as a document after a document, the file was refused at it.
    for (name, id) in [("helicone.jsonl", "\"req-"), ("langfuse.json", "\"obs-")] {
        let export = String::from_utf8(fixture(name)).unwrap();
        let later = export.replace(id, &format!("{id}b")); // other calls, with ids of their own
        let text = format!("{}\n\u{feff}{later}", export.trim_end());
        let log = read(text.as_bytes(), Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let once = read_fixture(name).calls.len();
        assert_eq!(log.calls.len(), 2 * once, "{name}: both exports' calls, {:?}", log.notes);
    }
}
