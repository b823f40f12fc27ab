//! What a reader reads of each row: the fields of a call, by what they mean, and a row
//! (a CSV record, a JSON record, a span) that gives them by the file's own names.

use crate::replay::when::Unit;
use std::borrow::Cow;

/// The fields of a call, by what they mean; each format says where it keeps them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Start,
    End,
    /// Milliseconds from start to finish, when the end is not written.
    Latency,
    User,
    /// The API key: the user when no user is written.
    Key,
    /// The API key's name (LiteLLM's `metadata.user_api_key_alias`): a key standing for
    /// its user is shown by it.
    KeyAlias,
    Model,
    Input,
    Output,
    CostDollars,
    CostCents,
    /// "dollars" or "cents", for a cost column that does not say.
    CostUnit,
    /// Why the logger could not price the call (LiteLLM's `response_cost_failure_debug_info`):
    /// its logged $0 is no cost, and the price table prices it.
    CostFailed,
    Cohort,
    /// Who pays for the call beside its user (LiteLLM's `team_id`): its tenant.
    Team,
    Request,
    /// What tells the call from every other (LiteLLM's and Helicone's `request_id`): a
    /// record with the id of one read before repeats it, and is left out.
    CallId,
    /// What became of the call (see [`crate::replay::status`]).
    Status,
    /// Langfuse's `level`: `ERROR` is a failed call ([`crate::replay::status::of_level`]).
    Level,
    /// An OpenTelemetry span's `status.code`: 2 is a failed call
    /// ([`crate::replay::status::of_span_code`]).
    SpanStatus,
    /// Whether a cache answered it (LiteLLM's `cache_hit`).
    CacheHit,
    /// What kind of call it is (LiteLLM's `call_type`): an embedding has no output.
    CallType,
    /// Of the input tokens, those read from the provider's prompt cache (priced at the
    /// model's cached-input price when the price table gives one).
    CachedInput,
    /// Input tokens read from the prompt cache that a format counts apart from its input
    /// tokens (Helicone's `prompt_cache_read_tokens`): added to the input, and cached input.
    CacheReadApart,
    /// Output tokens of the model's reasoning that a format counts apart from its output
    /// tokens (Helicone's `reasoning_tokens`, as its API's `total_tokens` adds them): added
    /// to the output, at the output price.
    ReasoningApart,
    /// Input tokens written to the prompt cache, counted apart from the input tokens
    /// (Helicone's `prompt_cache_write_tokens`): added to the input, at the input price.
    CacheWriteApart,
}

impl Field {
    /// How many fields there are: one more than the last's number (keep it the last).
    pub const COUNT: usize = Field::CacheWriteApart as usize + 1;

    /// What a reader calls it.
    pub fn said(self) -> &'static str {
        match self {
            Field::Start => "start time",
            Field::End => "end time",
            Field::Latency => "latency",
            Field::User => "user",
            Field::Key => "API key",
            Field::KeyAlias => "API key alias",
            Field::Model => "model",
            Field::Input => "input tokens",
            Field::Output => "output tokens",
            Field::CostDollars | Field::CostCents => "cost",
            Field::CostUnit => "cost unit",
            Field::CostFailed => "cost failure",
            Field::Cohort => "cohort",
            Field::Team => "team",
            Field::Request => "request",
            Field::CallId => "call id",
            Field::Status | Field::SpanStatus => "status",
            Field::Level => "level",
            Field::CacheHit => "cache hit",
            Field::CallType => "call type",
            Field::CachedInput => "cached input tokens",
            Field::CacheReadApart => "cache read tokens",
            Field::ReasoningApart => "reasoning tokens",
            Field::CacheWriteApart => "cache write tokens",
        }
    }
}

/// A field's text in one row, and the name it had there (for messages and units).
pub struct Value<'a> {
    pub text: Cow<'a, str>,
    pub name: Cow<'a, str>,
}

/// One row (or record) of a log, field by field.
pub trait Row {
    /// The field's text, `None` when the row has none (or it is empty or null).
    fn get(&self, field: Field) -> Result<Option<Value<'_>>, String>;
    /// The text of the file's own field `name` (for `--per`), `None` when the row has none.
    fn named(&self, _name: &str) -> Result<Option<Value<'_>>, String> {
        Ok(None)
    }
    /// The names of the row's fields, as `--per` may name them (said when it names none).
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
    /// The name of the row's field that holds `field` with nothing in it (empty or null),
    /// for the message that says it is missing; `None` when the row has no such field.
    fn empty_name(&self, _field: Field) -> Option<Cow<'_, str>> {
        None
    }
    /// The unit of the times when the format fixes it (OTLP's nanoseconds).
    fn time_unit(&self) -> Option<Unit> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Field::{self, *};

    /// Every field: the match fails to compile when a field is added, until it is listed.
    fn every_field() -> Vec<Field> {
        match Start {
            Start | End | Latency | User | Key | KeyAlias | Model | Input | Output | CostDollars | CostCents
            | CostUnit | CostFailed | Cohort | Team | Request | CallId | Status | Level | SpanStatus | CacheHit
            | CallType | CachedInput | CacheReadApart | ReasoningApart | CacheWriteApart => {}
        }
        vec![
            Start,
            End,
            Latency,
            User,
            Key,
            KeyAlias,
            Model,
            Input,
            Output,
            CostDollars,
            CostCents,
            CostUnit,
            CostFailed,
            Cohort,
            Team,
            Request,
            CallId,
            Status,
            Level,
            SpanStatus,
            CacheHit,
            CallType,
            CachedInput,
            CacheReadApart,
            ReasoningApart,
            CacheWriteApart,
        ]
    }

    #[test]
    fn every_field_has_a_slot_below_the_count_the_csv_reader_indexes_by() {
        let fields = every_field();
        let numbers: Vec<usize> = fields.iter().map(|&f| f as usize).collect();
        assert_eq!(numbers, (0..Field::COUNT).collect::<Vec<_>>(), "{} fields, COUNT {}", fields.len(), Field::COUNT);
    }
}
