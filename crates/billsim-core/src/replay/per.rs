//! Who counts as one user (`billsim replay --per FIELD`, the page's "Count as one user"):
//! the fields of a log that say who made a call, by the file's own names. Budgets are set
//! per key, team, organisation, end user, session or service, so these are the fields a
//! replay may group by; the command line and the page offer and accept the same ones.

use crate::replay::names::normalize;
use crate::visible_text::quoted;

/// The names (normalized, see [`normalize`]) of fields that say who made a call, matched
/// by a field's whole name or by its last part (`metadata.user_api_key_team_id`): LiteLLM's
/// keys, teams, organisations, end users and sessions (its spend logs and its logging
/// payload's `metadata.user_api_key_*`), Helicone's user, Langfuse's `userId`, `sessionId`
/// and `traceName`, OpenTelemetry's `enduser.id`, `user.id`, `session.id`, `service.name`,
/// `gen_ai.conversation.id` and `gen_ai.agent.name`, and the generic log's user, key and
/// cohort names.
const WHO: &[&str] = &[
    "user",
    "userid",
    "enduser",
    "enduserid",
    "useremail",
    "customer",
    "customerid",
    "tenant",
    "tenantid",
    "account",
    "accountid",
    "apikey",
    "key",
    "keyhash",
    "keyalias",
    "keyname",
    "team",
    "teamid",
    "teamalias",
    "organization",
    "organizationid",
    "orgid",
    "project",
    "projectid",
    "session",
    "sessionid",
    "cohort",
    "group",
    "requestuserid",
    "userapikeyhash",
    "userapikeyalias",
    "userapikeyteamid",
    "userapikeyteamalias",
    "userapikeyuserid",
    "userapikeyuseremail",
    "userapikeyorgid",
    "userapikeyenduserid",
    "tracename",
    "servicename",
    "genaiconversationid",
    "genaiagentname",
];

/// Objects whose every key is a label a user chose (Helicone's custom properties).
const LABELS: &[&str] = &["requestproperties", "properties"];

/// How many of a log's first calls its fields are gathered from.
pub const SAMPLE: usize = 100;

/// Whether the file's field `name` says who made a call.
///
/// ```
/// use billsim_core::replay::per::says_who;
/// assert!(says_who("team_id") && says_who("metadata.user_api_key_team_id") && says_who("service.name"));
/// assert!(says_who("request_properties.Helicone-Property-App"));
/// assert!(!says_who("model") && !says_who("cache_key") && !says_who("spend"));
/// ```
pub fn says_who(name: &str) -> bool {
    let last = name.rsplit('.').next().unwrap_or(name);
    let head = name.split_once('.').map(|(h, _)| normalize(h));
    WHO.contains(&normalize(name).as_str())
        || WHO.contains(&normalize(last).as_str())
        || head.is_some_and(|h| LABELS.contains(&h.as_str()))
}

/// The fields of `seen` (a log's field names, in the order first seen) that say who made
/// a call, each once.
pub fn choices(seen: &[String]) -> Vec<String> {
    let mut chosen: Vec<String> = Vec::new();
    for name in seen.iter().filter(|n| says_who(n)) {
        if !chosen.contains(name) {
            chosen.push(name.clone());
        }
    }
    chosen
}

/// Why `per` is not a field to count by, listing the log's `fields` that are.
pub fn refused(per: &str, fields: &[String]) -> String {
    if fields.is_empty() {
        return format!(
            "per: this log has no field that says who made a call but its format's user; got {}",
            quoted(per)
        );
    }
    let listed: Vec<String> = fields.iter().map(|f| quoted(f)).collect();
    format!(
        "per: must be one of this log's fields that say who made a call, {}; got {}",
        listed.join(", "),
        quoted(per)
    )
}
