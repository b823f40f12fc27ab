//! The generic log, CSV or JSON lines: one call a row, under a header of documented names
//! and their aliases (compared without case, `_`, `-`, `.` or spaces):
//!
//! | field | names | what |
//! |---|---|---|
//! | start | `time`, `timestamp`, `start`, `start_time`, `started_at`, `created_at`, `at`, each also with an ending that fixes a Unix number's unit: `_seconds` (`_secs`, `_sec`), `_ms` (`_millis`), `_us` (`_micros`), `_ns` (`_nanos`), as `time_us`, `timestamp_ms` | ISO 8601, or Unix seconds, milliseconds, microseconds or nanoseconds (by size, when the name has no unit) |
//! | end | `end`, `end_time`, `ended_at`, `finished_at`, `completed_at`, with the same endings | as start; or |
//! | latency | `latency_ms`, `duration_ms`, `latency`, `duration` | whole milliseconds |
//! | user | `user`, `user_id`, `end_user`, `customer`, `customer_id`, `account`, `account_id` | any text |
//! | API key | `api_key`, `key`, `key_hash`, `key_alias`, `key_name` | stands for the user when a row has none |
//! | model | `model`, `model_name`, `model_id` | priced by name |
//! | input tokens | `input_tokens`, `prompt_tokens`, `tokens_in`, `input` | whole number |
//! | output tokens | `output_tokens`, `completion_tokens`, `tokens_out`, `output` | whole number |
//! | cost | `cost`, `cost_usd`, `cost_dollars`, `spend`, `total_cost` (dollars), `cost_cents`, `cents` (cents) | optional; a `cost_unit` column (`dollars` or `cents`) may say the unit of `cost` |
//! | cohort | `cohort`, `group` | optional: users' groups |
//! | team | `team`, `team_id`, `tenant`, `tenant_id` | optional: who pays beside the user (a B2B app's customer), what a guard `"per": "tenant"` counts by (a user stays in its first team) |
//! | request | `request`, `request_id` | optional: calls of one request share it; a refused call ends its request |
//! | cached input tokens | `cached_input_tokens`, `cached_tokens`, `cache_read_input_tokens`, `cache_read_tokens` | optional: of the input tokens, those read from the provider's prompt cache |
//! | status | `status` | optional: `ok` (or empty), `failed` (made, charged what was logged), `cache_hit` (no tokens, no cost); see [`crate::replay::status`] |
//!
//! A row that gives one field under two of these names is read by the first listed (the
//! other where the first is empty), and a note says so (see [`crate::replay::columns`]).
//!
//! `billsim run --export-log` writes this format (see [`crate::replay::export`]).

use crate::replay::columns::Spec;
use crate::replay::log::Field;

pub const SPEC: Spec = Spec {
    fields: &[
        (Field::Start, &["time", "timestamp", "start", "starttime", "startedat", "createdat", "at"]),
        (Field::End, &["end", "endtime", "endedat", "finishedat", "completedat"]),
        (Field::Latency, &["latencyms", "durationms", "latency", "duration"]),
        (Field::User, &["user", "userid", "enduser", "enduserid", "customer", "customerid", "account", "accountid"]),
        (Field::Key, &["apikey", "key", "keyhash", "keyalias", "keyname"]),
        (Field::Model, &["model", "modelname", "modelid"]),
        (Field::Input, &["inputtokens", "prompttokens", "tokensin", "input"]),
        (Field::Output, &["outputtokens", "completiontokens", "tokensout", "output"]),
        (Field::CostDollars, &["cost", "costusd", "costdollars", "spend", "totalcost"]),
        (Field::CostCents, &["costcents", "cents"]),
        (Field::CostUnit, &["costunit"]),
        (Field::Cohort, &["cohort", "group"]),
        (Field::Team, &["team", "teamid", "tenant", "tenantid"]),
        (Field::Request, &["request", "requestid"]),
        (Field::Status, &["status"]),
        (Field::CachedInput, &["cachedinputtokens", "cachedtokens", "cachereadinputtokens", "cachereadtokens"]),
    ],
    aliases: true,
    inside: &[],
    only: None,
    paths: &[],
};
