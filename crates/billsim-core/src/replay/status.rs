//! What became of a logged call: it went through, it failed, or a cache answered it.
//!
//! - A failed call (LiteLLM's `status: "failure"`, Helicone's `response_status` 4xx/5xx,
//!   Langfuse's `level: "ERROR"`, an OpenTelemetry span's `status.code` 2, the generic log's
//!   `failed`) was still made: a guard admitted it, so it counts toward
//!   request limits, and it costs what was logged (nothing when no cost is logged: a
//!   provider bills no failed call), as lesson 002's failed calls do.
//! - A cache hit (LiteLLM's `cache_hit`, the generic log's `cache_hit`) never reached the
//!   model: it costs nothing and counts no tokens toward a tokens guard. It still counts
//!   toward request limits, as a guard sees a request before a cache answers it (LiteLLM's
//!   proxy checks its rate limits before its cache looks).

use crate::words::counted;

/// What became of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok,
    Failed,
    CacheHit,
}

/// What a status column takes, as a message says it.
pub const STATUS_ALLOWED: &str =
    "\"ok\", \"failed\" or \"cache_hit\" (or LiteLLM's \"success\" and \"failure\", or an \
     HTTP status from 100 to 599, or Helicone's 0 and below for a call with no answer)";

impl Status {
    /// The status written `text`: the generic log's names, LiteLLM's, or an HTTP status
    /// (Helicone's `response_status`: 4xx and 5xx failed; 0 and below, its calls that got
    /// no answer, pending, cancelled or timed out, failed too).
    ///
    /// ```
    /// use billsim_core::replay::status::Status;
    /// assert_eq!(Status::parse("failure"), Ok(Status::Failed));
    /// assert_eq!(Status::parse(" 429 "), Ok(Status::Failed));
    /// assert_eq!(Status::parse("cache_hit"), Ok(Status::CacheHit));
    /// assert_eq!(Status::parse("-3"), Ok(Status::Failed));
    /// assert!(Status::parse("maybe").unwrap_err().starts_with("must be \"ok\", \"failed\" or \"cache_hit\""));
    /// ```
    pub fn parse(text: &str) -> Result<Status, String> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "ok" | "success" => return Ok(Status::Ok),
            "failed" | "failure" => return Ok(Status::Failed),
            "cache_hit" => return Ok(Status::CacheHit),
            _ => {}
        }
        match t.parse::<i64>() {
            Ok(100..=399) => Ok(Status::Ok),
            Ok(400..=599 | i64::MIN..=0) => Ok(Status::Failed),
            _ => Err(format!("must be {STATUS_ALLOWED}; got {}", crate::settings::shown(t))),
        }
    }

    /// The name the generic log writes.
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::CacheHit => "cache_hit",
        }
    }
}

/// What Langfuse's `level` takes, as a message says it.
pub const LEVEL_ALLOWED: &str = "\"DEBUG\", \"DEFAULT\", \"WARNING\" or \"ERROR\"";

/// The status a Langfuse observation's `level` says: `ERROR` failed, any other went through.
///
/// ```
/// use billsim_core::replay::status::{of_level, Status};
/// assert_eq!(of_level("ERROR"), Ok(Status::Failed));
/// assert_eq!(of_level("WARNING"), Ok(Status::Ok));
/// assert!(of_level("FATAL").is_err());
/// ```
pub fn of_level(text: &str) -> Result<Status, String> {
    match text.trim() {
        "ERROR" => Ok(Status::Failed),
        "DEBUG" | "DEFAULT" | "WARNING" => Ok(Status::Ok),
        t => Err(format!("must be {LEVEL_ALLOWED}; got {}", crate::settings::shown(t))),
    }
}

/// What an OpenTelemetry span's `status.code` takes, as a message says it.
pub const SPAN_CODE_ALLOWED: &str =
    "0, 1 or 2 (or \"STATUS_CODE_UNSET\", \"STATUS_CODE_OK\" or \"STATUS_CODE_ERROR\", as OTLP's JSON may write them)";

/// The status an OpenTelemetry span's `status.code` says: 2 (`STATUS_CODE_ERROR`) failed; 0
/// (unset) and 1 (ok) went through. OTLP's JSON writes the enum as its number, or its name
/// (the proto's JSON mapping).
///
/// ```
/// use billsim_core::replay::status::{of_span_code, Status};
/// assert_eq!(of_span_code("2"), Ok(Status::Failed));
/// assert_eq!(of_span_code("STATUS_CODE_ERROR"), Ok(Status::Failed));
/// assert_eq!(of_span_code("0"), Ok(Status::Ok));
/// assert!(of_span_code("7").is_err());
/// ```
pub fn of_span_code(text: &str) -> Result<Status, String> {
    match text.trim() {
        "2" | "STATUS_CODE_ERROR" => Ok(Status::Failed),
        "0" | "1" | "STATUS_CODE_UNSET" | "STATUS_CODE_OK" => Ok(Status::Ok),
        t => Err(format!("must be {SPAN_CODE_ALLOWED}; got {}", crate::settings::shown(t))),
    }
}

/// Whether a cache answered the call, from LiteLLM's `cache_hit` (a JSON boolean, or its
/// table's text `"True"` / `"False"`; `"None"` where it was not looked up).
pub fn cache_hit(text: &str) -> Result<bool, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" | "none" => Ok(false),
        _ => Err(format!("must be true or false; got {}", crate::settings::shown(text.trim()))),
    }
}

/// Whether a call of this type is an embedding, not a chat: LiteLLM's `call_type`
/// (`embedding`, `aembedding`), OpenTelemetry's `gen_ai.operation.name` (`embeddings`).
/// An embedding has no output: it is priced at its model's input price alone.
pub fn is_embedding(call_type: &str) -> bool {
    matches!(call_type.trim().to_ascii_lowercase().as_str(), "embedding" | "aembedding" | "embeddings")
}

/// The failed calls, cache hits and embeddings of a log, as the results say them ("2
/// failed, 1 cache hit, 1 embedding"); `None` when there are none.
pub fn counts(failed: u64, cache_hits: u64, embeddings: u64) -> Option<String> {
    let mut said = Vec::new();
    if failed > 0 {
        said.push(format!("{} failed", crate::words::grouped(failed)));
    }
    if cache_hits > 0 {
        said.push(crate::words::counted(cache_hits, "cache hit", "cache hits"));
    }
    if embeddings > 0 {
        said.push(crate::words::counted(embeddings, "embedding", "embeddings"));
    }
    (!said.is_empty()).then(|| said.join(", "))
}

/// The notes on how the failed calls, cache hits, embeddings and calls logged at $0 (the
/// logger's price, or, `unpriced`, its failure to price them) are replayed.
pub fn notes(failed: u64, cache_hits: u64, embeddings: u64, logged_free: u64, unpriced: u64) -> Vec<String> {
    let mut notes = Vec::new();
    if failed > 0 {
        notes.push(format!(
            "{}: each was still made, so it counts toward request limits, and it is charged what was logged \
             (nothing when no cost is logged)",
            counted(failed, "call failed", "calls failed")
        ));
    }
    if cache_hits > 0 {
        notes.push(format!(
            "{} answered by a cache: never reaching the model, {} nothing and {} no tokens; {} toward request \
             limits, as a guard sees a request before a cache answers it",
            counted(cache_hits, "call was", "calls were"),
            if cache_hits == 1 { "it costs" } else { "they cost" },
            if cache_hits == 1 { "counts" } else { "count" },
            if cache_hits == 1 { "it counts" } else { "they count" },
        ));
    }
    if embeddings > 0 {
        notes.push(format!(
            "{}: priced at {} model's input price alone, with no output",
            counted(embeddings, "call is an embedding", "calls are embeddings"),
            if embeddings == 1 { "its" } else { "their" }
        ));
    }
    // A model the logger could not price is logged at $0 (LiteLLM's spend defaults to 0):
    // free to every dollar limit, whatever price table is given.
    if logged_free > 0 {
        notes.push(format!(
            "{} tokens and a logged cost of $0: {} charged $0, as logged (a logged cost is used before any price)",
            counted(logged_free, "call has", "calls have"),
            if logged_free == 1 { "it is" } else { "they are" }
        ));
    }
    if unpriced > 0 {
        notes.push(format!(
            "{} logged at $0 with LiteLLM's reason it could not price {} (\"response_cost_failure_debug_info\"): \
             priced by the price table instead",
            counted(unpriced, "call is", "calls are"),
            if unpriced == 1 { "it" } else { "them" }
        ));
    }
    notes
}
