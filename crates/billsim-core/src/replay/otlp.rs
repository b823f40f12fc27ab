//! OpenTelemetry GenAI spans in OTLP/JSON, as the Collector's file exporter writes them:
//! one `{"resourceSpans": [...]}` export a line (or one such document). Each span with
//! token counts is a call. Names from the OTLP JSON encoding (`startTimeUnixNano`,
//! `endTimeUnixNano` as integers written as strings, attributes as `{"key", "value":
//! {"stringValue" | "intValue" | "doubleValue"}}`) and from the GenAI semantic
//! conventions (`gen_ai.usage.input_tokens`, `gen_ai.usage.output_tokens`,
//! `gen_ai.request.model` or else `gen_ai.response.model`, `gen_ai.operation.name`); the
//! user from `enduser.id` or `user.id` on the span, else on its resource.
//!
//! An agent's span (`invoke_agent`, `create_agent`, `execute_tool`) is left out: its
//! token counts, where it has any, are the sum of the model calls under it.

use crate::replay::json_rows::kind;
use crate::replay::log::{Builder, Field, Row, Value};
use crate::replay::when::Unit;
use crate::replay::ReplayError;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::borrow::Cow;

#[derive(Deserialize)]
struct Export<'a> {
    #[serde(rename = "resourceSpans", borrow, default)]
    resource_spans: Vec<ResourceSpans<'a>>,
}

#[derive(Deserialize)]
struct ResourceSpans<'a> {
    #[serde(borrow, default)]
    resource: Option<Resource<'a>>,
    #[serde(rename = "scopeSpans", borrow, default)]
    scope_spans: Vec<ScopeSpans<'a>>,
}

#[derive(Deserialize)]
struct Resource<'a> {
    #[serde(borrow, default)]
    attributes: Vec<KeyValue<'a>>,
}

#[derive(Deserialize)]
struct ScopeSpans<'a> {
    #[serde(borrow, default)]
    spans: Vec<Span<'a>>,
}

#[derive(Deserialize)]
struct Span<'a> {
    #[serde(rename = "startTimeUnixNano", borrow)]
    start: Option<&'a RawValue>,
    #[serde(rename = "endTimeUnixNano", borrow)]
    end: Option<&'a RawValue>,
    #[serde(borrow, default)]
    attributes: Vec<KeyValue<'a>>,
}

#[derive(Deserialize)]
struct KeyValue<'a> {
    #[serde(borrow)]
    key: Cow<'a, str>,
    #[serde(borrow)]
    value: Option<AnyValue<'a>>,
}

#[derive(Deserialize)]
struct AnyValue<'a> {
    #[serde(rename = "stringValue", borrow)]
    string: Option<Cow<'a, str>>,
    #[serde(rename = "intValue", borrow)]
    int: Option<&'a RawValue>,
    #[serde(rename = "doubleValue", borrow)]
    double: Option<&'a RawValue>,
}

fn text_of<'a>(v: &'a AnyValue<'a>) -> Option<Cow<'a, str>> {
    if let Some(s) = &v.string {
        return Some(Cow::Borrowed(s.as_ref()));
    }
    v.int.or(v.double).and_then(|raw| crate::replay::json_rows::scalar(raw).ok().flatten())
}

struct SpanRow<'a> {
    span: &'a Span<'a>,
    resource: &'a [KeyValue<'a>],
}

impl SpanRow<'_> {
    fn attribute(&self, keys: &[&'static str]) -> Option<Value<'_>> {
        for &key in keys {
            for list in [&self.span.attributes[..], self.resource] {
                let found = list.iter().find(|kv| kv.key == key).and_then(|kv| kv.value.as_ref()).and_then(text_of);
                if let Some(text) = found {
                    return Some(Value { text, name: Cow::Borrowed(key) });
                }
            }
        }
        None
    }

    fn time<'r>(raw: Option<&'r RawValue>, name: &'static str) -> Result<Option<Value<'r>>, String> {
        let Some(raw) = raw else { return Ok(None) };
        let text = crate::replay::json_rows::scalar(raw)
            .map_err(|_| format!("{name}: must be a number; got {}", kind(raw)))?;
        Ok(text.map(|text| Value { text, name: Cow::Borrowed(name) }))
    }
}

impl Row for SpanRow<'_> {
    fn get(&self, field: Field) -> Result<Option<Value<'_>>, String> {
        Ok(match field {
            Field::Start => return SpanRow::time(self.span.start, "startTimeUnixNano"),
            Field::End => return SpanRow::time(self.span.end, "endTimeUnixNano"),
            Field::User => self.attribute(&["enduser.id", "user.id"]),
            Field::Model => self.attribute(&["gen_ai.request.model", "gen_ai.response.model"]),
            Field::Input => self.attribute(&["gen_ai.usage.input_tokens"]),
            Field::Output => self.attribute(&["gen_ai.usage.output_tokens"]),
            _ => None,
        })
    }

    fn time_unit(&self) -> Option<Unit> {
        Some(Unit::Nanos)
    }
}

const AGENT_OPERATIONS: [&str; 3] = ["invoke_agent", "create_agent", "execute_tool"];

/// One export: every span in it with token counts is a call (bad ones named by line).
pub fn record(builder: &mut Builder, line: u64, raw: &RawValue) -> Result<(), ReplayError> {
    let export: Export<'_> = match serde_json::from_str(raw.get()) {
        Ok(e) => e,
        Err(e) => {
            builder.bad_row(line, format!("not an OTLP export of spans: {e}"));
            return Ok(());
        }
    };
    for rs in &export.resource_spans {
        let resource = rs.resource.as_ref().map_or(&[][..], |r| &r.attributes[..]);
        for span in rs.scope_spans.iter().flat_map(|s| &s.spans) {
            let row = SpanRow { span, resource };
            let operation = row.attribute(&["gen_ai.operation.name"]).map(|v| v.text.into_owned());
            if operation.as_deref().is_some_and(|o| AGENT_OPERATIONS.contains(&o)) {
                builder.not_a_call("agent and tool spans");
            } else if row.attribute(&["gen_ai.usage.input_tokens"]).is_none()
                && row.attribute(&["gen_ai.usage.output_tokens"]).is_none()
            {
                builder.not_a_call("spans without token counts");
            } else {
                builder.row(line, &row);
            }
        }
    }
    Ok(())
}
