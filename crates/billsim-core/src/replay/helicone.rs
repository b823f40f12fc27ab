//! Helicone's export (its `@helicone/export` tool, Helicone/helicone
//! `examples/export/typescript/index.ts`): JSON lines or a JSON list of the rows of its
//! `/v1/request/query-clickhouse` API (`request_created_at`, `response_created_at`,
//! `delay_ms`, `request_user_id`, `model`, `prompt_tokens`, `completion_tokens`, `cost` in
//! dollars), or its CSV, whose header is `response_id, response_created_at,
//! response_status, request_created_at, request_body, request_properties,
//! request_user_id, model, prompt_tokens, completion_tokens, latency, cost_usd` with every
//! cell quoted. The call starts at `request_created_at` and ends at `response_created_at`
//! (or after `latency` / `delay_ms` milliseconds); a `response_status` of 4xx or 5xx is a
//! failed call. Its `prompt_tokens` are the fresh input alone: the tokens read from and
//! written to the prompt cache are its `prompt_cache_read_tokens` and
//! `prompt_cache_write_tokens` (JSON only: the CSV has no such column), added to the input;
//! its `completion_tokens` are the answer without the model's reasoning, whose tokens are
//! `reasoning_tokens` (JSON only), added to the output, as its API's `total_tokens` adds them.
//!
//! The tool writes the API's rows under its own column names, and three of them the API
//! does not have: its CSV's `model`, `latency` and `cost_usd` are empty (the API says
//! `request_model`, `delay_ms`, `cost`). The model is then read from `request_body` (there
//! with `--include-body`; its quotes doubled once more than CSV's), the end from
//! `response_created_at`, and the cost from the price table.

use crate::replay::columns::Spec;
use crate::replay::log::Field;

pub const SPEC: Spec = Spec {
    fields: &[
        (Field::Start, &["requestcreatedat"]),
        (Field::End, &["responsecreatedat"]),
        (Field::Latency, &["latency", "delayms"]),
        (Field::User, &["requestuserid", "userid"]),
        (Field::Model, &["model", "requestmodel", "responsemodel"]),
        (Field::Input, &["prompttokens"]),
        (Field::Output, &["completiontokens"]),
        (Field::CostDollars, &["cost", "costusd"]),
        (Field::Status, &["responsestatus"]),
        // Beside `prompt_tokens`, which are the fresh input alone (Anthropic's `input_tokens`;
        // OpenAI's `prompt_tokens` less their `cached_tokens`, as Helicone's logger stores them).
        (Field::CacheReadApart, &["promptcachereadtokens"]),
        (Field::CacheWriteApart, &["promptcachewritetokens"]),
        // Beside `completion_tokens`, which its logger stores without them (its OpenAI usage
        // processor takes `reasoning_tokens` out of the answer's `completion_tokens`).
        (Field::ReasoningApart, &["reasoningtokens"]),
        // The API's rows have both; the export tool's CSV, `response_id` alone.
        (Field::CallId, &["requestid", "responseid"]),
    ],
    aliases: false,
    // The export tool's `model` column is empty: its rows name the model `request_model`.
    inside: &[(Field::Model, "requestbody", "model")],
    only: None,
    paths: &[],
};
