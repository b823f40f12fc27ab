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

/// Refuses JSON text (a file's head) in which a report's keys are found.
pub(crate) fn refuse_json(text: &str) -> Result<(), ReplayError> {
    match report(&|key| text.contains(&format!("\"{key}\""))) {
        Some(r) => Err(refused(r)),
        None => Ok(()),
    }
}

/// Refuses a CSV header (its names, as written) whose columns are a report's.
pub(crate) fn refuse_header(names: &[&str]) -> Result<(), ReplayError> {
    match report(&|key| names.iter().any(|n| n.trim().eq_ignore_ascii_case(key))) {
        Some(r) => Err(refused(r)),
        None => Ok(()),
    }
}
