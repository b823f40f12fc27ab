//! LiteLLM's spend logs: rows of its `LiteLLM_SpendLogs` table, as the proxy's
//! `/spend/logs` answer (a JSON array), JSON lines, or a CSV dump of the table. Fields
//! as LiteLLM names them (its `LiteLLM_SpendLogs` type: `startTime`, `endTime`, `model`,
//! `user`, `end_user`, `api_key` (a hash), `prompt_tokens`, `completion_tokens`, `spend`
//! in dollars, `request_id`, `status` (`success` or `failure`), `cache_hit` (its column is
//! text: `"True"`, `"False"`; the logging payload's a boolean), `session_id`). The user is
//! `end_user`, else `user`, else `api_key`; calls of one `trace_id` (the payload's) or
//! `session_id` are one request.
//! Its logging payload (`StandardLoggingPayload`, what its S3 and GCS loggers write) has
//! the same `startTime`, `model`, token and `end_user` names, and its cost as `response_cost`;
//! its user and key are in its `metadata`, where the proxy takes them from to write the
//! spend log (`get_logging_payload`: the end user, else `user_api_key_end_user_id`; the
//! user `user_api_key_user_id`; the key `user_api_key_hash`).

use crate::replay::columns::Spec;
use crate::replay::log::Field;

pub const SPEC: Spec = Spec {
    fields: &[
        (Field::Start, &["starttime"]),
        (Field::End, &["endtime"]),
        (Field::User, &["enduser", "user"]),
        (Field::Key, &["apikey"]),
        (Field::Team, &["teamid"]),
        (Field::Model, &["model", "modelgroup"]),
        (Field::Input, &["prompttokens"]),
        (Field::Output, &["completiontokens"]),
        (Field::CostDollars, &["spend", "responsecost"]),
        // Its payload's reason it could not price a call, whose `response_cost` is then 0.
        (Field::CostFailed, &["responsecostfailuredebuginfo"]),
        (Field::Status, &["status"]),
        (Field::CacheHit, &["cachehit"]),
        (Field::CallType, &["calltype"]),
        (Field::CachedInput, &["cachereadinputtokens"]),
        // Calls of one trace are one request: the payload's `trace_id`, and the spend log's
        // `session_id`, which the proxy fills with it (`_get_session_id_for_spend_log`; a
        // random id of its own when there is none, which groups nothing).
        (Field::Request, &["traceid", "sessionid"]),
        // The spend log's key, the payload's `id`: the same call's, LiteLLM's call id.
        (Field::CallId, &["requestid", "id"]),
    ],
    aliases: false,
    inside: &[],
    only: None,
    // Its spend logs keep the provider's usage beyond the token counts in
    // `metadata.additional_usage_values` (Anthropic's `cache_read_input_tokens`, OpenAI's
    // `prompt_tokens_details.cached_tokens`), of the `prompt_tokens`.
    paths: &[
        // The logging payload's user, key and team, as its metadata names them.
        (Field::User, "metadata.user_api_key_end_user_id"),
        (Field::User, "metadata.user_api_key_user_id"),
        (Field::Key, "metadata.user_api_key_hash"),
        (Field::Team, "metadata.user_api_key_team_id"),
        (Field::KeyAlias, "metadata.user_api_key_alias"),
        (Field::CachedInput, "metadata.additional_usage_values.cache_read_input_tokens"),
        (Field::CachedInput, "metadata.additional_usage_values.prompt_tokens_details.cached_tokens"),
    ],
};
