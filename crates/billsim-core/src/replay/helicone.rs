//! Helicone's export (its `@helicone/export` tool, JSON lines or CSV; the CSV header is
//! `response_id, response_created_at, response_status, request_created_at, request_body,
//! request_properties, request_user_id, model, prompt_tokens, completion_tokens, latency,
//! cost`): the call starts at `request_created_at` and ends at `response_created_at` (or
//! after `latency` milliseconds); `cost` is in dollars.

use crate::replay::columns::Spec;
use crate::replay::log::Field;

pub const SPEC: Spec = Spec {
    fields: &[
        (Field::Start, &["requestcreatedat"]),
        (Field::End, &["responsecreatedat"]),
        (Field::Latency, &["latency"]),
        (Field::User, &["requestuserid", "userid"]),
        (Field::Model, &["model", "requestmodel", "responsemodel"]),
        (Field::Input, &["prompttokens"]),
        (Field::Output, &["completiontokens"]),
        (Field::CostDollars, &["cost", "costusd"]),
    ],
    aliases: false,
};
