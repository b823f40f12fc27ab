//! Reports that count per period (a day, an hour), not per call: recognised by their keys
//! (or a CSV's columns) and refused, naming the per-call export the product offers instead.
//! The same rules judge a JSON file's head, each JSON record, and a CSV's header.
//!
//! - Anthropic's usage and cost reports (`/v1/organizations/usage_report/messages`,
//!   `/cost_report`: buckets of `starting_at` with `results`), and its Claude Code usage
//!   report (`/usage_report/claude_code`: a day's `core_metrics` and `model_breakdown` per
//!   user);
//! - OpenAI's usage and costs API (`bucket`s of `start_time` with `results`) and its usage
//!   dashboard's CSV exports (those buckets flattened: `start_time`, `num_model_requests`;
//!   `amount_value`, `line_item`);
//! - LiteLLM's `/global/spend/report` (`group_by_day`, `teams`), `/user/daily/activity`
//!   (`metrics`, `breakdown`), and `/spend/logs` asked for a date range, which by default
//!   (`summarize=true`) answers one record a day of `spend` with its `users` and `models`.

use super::json_rows::Entries;
use super::ReplayError;

const EACH_CALL: &str = "a log of each call";
const OPENAI_EACH_CALL: &str =
    "a log of each call (OpenAI keeps none: log the calls in your app, or through a gateway such as LiteLLM or Helicone)";
const LITELLM_EACH_CALL: &str = "LiteLLM's spend logs of each call (/spend/logs/v2, or its S3/GCS logger's objects)";
const LITELLM_SUMMARIZED_INSTEAD: &str =
    "LiteLLM's spend logs of each call (/spend/logs with summarize=false, /spend/logs/v2, or its S3/GCS logger's objects)";
const LANGFUSE_TRACES: &str = "Langfuse's traces list (GET /api/public/traces)";
const LANGFUSE_EACH_CALL: &str =
    "Langfuse's observations (GET /api/public/observations, its generations), or a trace downloaded whole";
const CLAUDE_CODE_EACH_CALL: &str =
    "Claude Code's OpenTelemetry events of each API request (claude_code.api_request), or a log of each call";

/// The report a record (or head, or header) is, by which names it `has`: what it is, and
/// the per-call export to give instead.
fn report(has: &dyn Fn(&str) -> bool) -> Option<(&'static str, &'static str)> {
    let cost = has("amount") || has("amount_value");
    Some(if has("results") && has("starting_at") {
        (if cost { "Anthropic's cost report" } else { "Anthropic's usage report" }, EACH_CALL)
    } else if has("core_metrics") || has("model_breakdown") {
        ("Anthropic's Claude Code usage report", CLAUDE_CODE_EACH_CALL)
    } else if has("results") && (has("bucket") || has("start_time")) {
        (if cost { "OpenAI's costs export" } else { "OpenAI's usage export" }, OPENAI_EACH_CALL)
    } else if has("amount_value") && has("line_item") {
        ("OpenAI's cost export from its usage dashboard", OPENAI_EACH_CALL)
    } else if has("num_model_requests") && has("start_time") {
        ("OpenAI's usage export from its usage dashboard", OPENAI_EACH_CALL)
    } else if has("group_by_day") {
        ("LiteLLM's /global/spend/report", LITELLM_EACH_CALL)
    } else if has("metrics") && has("breakdown") {
        ("LiteLLM's /user/daily/activity", LITELLM_EACH_CALL)
    } else if has("users") && has("models") && has("spend") && !has("prompt_tokens") {
        ("LiteLLM's /spend/logs for a date range, summarized per day (its default)", LITELLM_SUMMARIZED_INSTEAD)
    } else {
        return None;
    })
}

fn refused((what, instead): (&'static str, &'static str)) -> ReplayError {
    ReplayError::Aggregated(what, instead)
}

/// Refuses a JSON record whose own keys are a report's (not its values' keys: a prompt may
/// hold any text); of its values, only whether its `results` hold an `amount` (a cost
/// report) and its `object` is a `bucket`.
pub(crate) fn refuse_record(entries: &Entries<'_>) -> Result<(), ReplayError> {
    // Langfuse's traces list (`GET /api/public/traces`): a trace's observations by their ids
    // alone, where a trace downloaded whole holds each observation (which the reader reads).
    let ids = entries
        .get("observations")
        .is_some_and(|o| o.get().trim_start_matches(['[', ' ', '\n', '\r', '\t']).starts_with('"'));
    if ids && entries.get("totalCost").is_some() {
        return Err(ReplayError::PerRequest(LANGFUSE_TRACES, LANGFUSE_EACH_CALL));
    }
    let has = |key: &str| match key {
        "amount" => entries.get("results").is_some_and(|r| r.get().contains("\"amount\"")),
        "bucket" => entries.get("object").is_some_and(|o| o.get().contains("bucket")),
        key => entries.get(key).is_some(),
    };
    match report(&has) {
        Some(r) => Err(refused(r)),
        None => Ok(()),
    }
}

/// Refuses JSON text (a file's head, perhaps cut short) in which one object's own keys are
/// a report's. Keys of different objects are not: a Langfuse span's output of `results`,
/// each with a `start_time`, is no OpenAI bucket.
pub(crate) fn refuse_json(text: &str) -> Result<(), ReplayError> {
    let amount = text.contains("\"amount\"");
    for object in objects(text) {
        let has = |key: &str| match key {
            "amount" => amount,
            "bucket" => object.bucket,
            key => object.keys.contains(&key),
        };
        if let Some(r) = report(&has) {
            return Err(refused(r));
        }
    }
    Ok(())
}

/// An object of JSON text: its own keys (as written), and whether its `object` is "bucket".
#[derive(Default)]
struct Object<'a> {
    keys: Vec<&'a str>,
    bucket: bool,
}

/// The objects of JSON `text`, which may be cut short (its open objects then have the keys
/// read so far) or not be JSON at all (its objects are then whatever its braces make).
fn objects(text: &str) -> Vec<Object<'_>> {
    enum Open<'a> {
        /// An object, and whether a string there would be a key (after `{` or `,`).
        Object(Object<'a>, bool),
        Array,
    }
    let bytes = text.as_bytes();
    let mut open: Vec<Open<'_>> = Vec::new();
    let mut done = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                // Quotes and backslashes are ASCII: the string's ends are character boundaries.
                let string = &text[start..i.min(bytes.len())];
                if let Some(Open::Object(object, key)) = open.last_mut() {
                    if *key {
                        object.keys.push(string);
                        *key = false;
                    } else if object.keys.last() == Some(&"object") && string == "bucket" {
                        object.bucket = true;
                    }
                }
            }
            b'{' => open.push(Open::Object(Object::default(), true)),
            b'[' => open.push(Open::Array),
            b'}' | b']' => {
                if let Some(Open::Object(object, _)) = open.pop() {
                    done.push(object);
                }
            }
            b',' => {
                if let Some(Open::Object(_, key)) = open.last_mut() {
                    *key = true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    done.extend(open.into_iter().filter_map(|o| match o {
        Open::Object(object, _) => Some(object),
        Open::Array => None,
    }));
    done
}

/// Refuses a CSV header (its names, as written) whose columns are a report's.
pub(crate) fn refuse_header(names: &[&str]) -> Result<(), ReplayError> {
    match report(&|key| names.iter().any(|n| n.trim().eq_ignore_ascii_case(key))) {
        Some(r) => Err(refused(r)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reports_keys_refuse_a_head_only_as_one_objects_own_keys() {
        let bucket = r#"{"object":"page","data":[{"object":"bucket","start_time":1,"results":[{"input_tokens":5}]}]}"#;
        assert!(refuse_json(bucket).is_err(), "OpenAI's usage export");
        let cut = &bucket[..bucket.find("[{\"input").unwrap()];
        assert!(refuse_json(cut).is_err(), "cut short inside its first bucket: {cut}");
        let span = r#"{"data":[{"type":"SPAN","output":{"results":[{"title":"Standup","start_time":"09:00"}]}}]}"#;
        assert!(refuse_json(span).is_ok(), "a span's output of results, each with a start_time");
        let escaped = r#"[{"input":"say \"results\", \"start_time\"","type":"GENERATION"}]"#;
        assert!(refuse_json(escaped).is_ok(), "keys quoted in a prompt");
        assert!(refuse_json("not json { \"results\": [ , \"unterminated").is_ok());
    }
}
