//! LiteLLM's spend logs: rows of its `LiteLLM_SpendLogs` table, as the proxy's
//! `/spend/logs` answer (a JSON array), JSON lines, or a CSV dump of the table. Fields
//! as LiteLLM names them (its `LiteLLM_SpendLogs` type: `startTime`, `endTime`, `model`,
//! `user`, `end_user`, `api_key` (a hash), `prompt_tokens`, `completion_tokens`, `spend`
//! in dollars, `request_id`, `status` (`success` or `failure`), `cache_hit` (its column is
//! text: `"True"`, `"False"`)). The user is `end_user`, else `user`, else `api_key`.
//! Its logging payload (`StandardLoggingPayload`, what its S3 and GCS loggers write) has
//! the same `startTime`, `model`, token and `end_user` names, and its cost as `response_cost`.

use crate::replay::columns::Spec;
use crate::replay::log::Field;

pub const SPEC: Spec = Spec {
    fields: &[
        (Field::Start, &["starttime"]),
        (Field::End, &["endtime"]),
        (Field::User, &["enduser", "user"]),
        (Field::Key, &["apikey"]),
        (Field::Model, &["model", "modelgroup"]),
        (Field::Input, &["prompttokens"]),
        (Field::Output, &["completiontokens"]),
        (Field::CostDollars, &["spend", "responsecost"]),
        (Field::Status, &["status"]),
        (Field::CacheHit, &["cachehit"]),
    ],
    aliases: false,
    inside: &[],
    only: None,
};
