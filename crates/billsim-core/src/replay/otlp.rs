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

use crate::replay::json_rows::{given_twice, kind};
use crate::replay::log::{Builder, Field, NotACall, Row, Value};
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
    /// The first of `keys` the span has, else its resource; a key given twice in one list
    /// of attributes is refused.
    fn attribute(&self, keys: &[&'static str]) -> Result<Option<Value<'_>>, String> {
        for &key in keys {
            for list in [&self.span.attributes[..], self.resource] {
                let mut found = list.iter().filter(|kv| kv.key == key);
                let first = found.next();
                if found.next().is_some() {
                    return Err(given_twice(key, key));
                }
                if let Some(text) = first.and_then(|kv| kv.value.as_ref()).and_then(text_of) {
                    return Ok(Some(Value { text, name: Cow::Borrowed(key) }));
                }
            }
        }
        Ok(None)
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
        match field {
            Field::Start => SpanRow::time(self.span.start, "startTimeUnixNano"),
            Field::End => SpanRow::time(self.span.end, "endTimeUnixNano"),
            Field::User => self.attribute(&["enduser.id", "user.id"]),
            Field::Model => self.attribute(&["gen_ai.request.model", "gen_ai.response.model"]),
            Field::Input => self.attribute(&[INPUT]),
            Field::Output => self.attribute(&[OUTPUT]),
            _ => Ok(None),
        }
    }

    fn time_unit(&self) -> Option<Unit> {
        Some(Unit::Nanos)
    }
}

const AGENT_OPERATIONS: [&str; 3] = ["invoke_agent", "create_agent", "execute_tool"];
const INPUT: &str = "gen_ai.usage.input_tokens";
const OUTPUT: &str = "gen_ai.usage.output_tokens";

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
            let kind = || -> Result<Option<NotACall>, String> {
                let operation = row.attribute(&["gen_ai.operation.name"])?;
                Ok(if operation.is_some_and(|o| AGENT_OPERATIONS.contains(&o.text.as_ref())) {
                    Some(("agent or tool span", "agent and tool spans"))
                } else if row.attribute(&[INPUT])?.is_none() && row.attribute(&[OUTPUT])?.is_none() {
                    Some(("span without token counts", "spans without token counts"))
                } else {
                    None
                })
            };
            match kind() {
                Ok(Some(what)) => builder.not_a_call(what),
                Ok(None) => builder.row(line, &row),
                Err(e) => builder.bad_row(line, e),
            }
        }
    }
    Ok(())
}
