//! OpenTelemetry GenAI spans in OTLP/JSON, as the Collector's file exporter writes them:
//! one `{"resourceSpans": [...]}` export a line (or one such document), or one span a line
//! (a span's own object, with no resource: a line with a `startTimeUnixNano` and no
//! `resourceSpans`, as exporters of spans one by one write them). Each span with
//! token counts is a call. Names from the OTLP JSON encoding (`startTimeUnixNano`,
//! `endTimeUnixNano` as integers written as strings, attributes as `{"key", "value":
//! {"stringValue" | "intValue" | "doubleValue"}}`) and from the GenAI semantic
//! conventions (`gen_ai.usage.input_tokens`, `gen_ai.usage.output_tokens`,
//! `gen_ai.request.model` or else `gen_ai.response.model`, `gen_ai.operation.name`); the
//! user from `enduser.id` or `user.id` on the span, else on its resource.
//!
//! The older token names OpenLLMetry still writes (`gen_ai.usage.prompt_tokens`,
//! `gen_ai.usage.completion_tokens`) are read where the current ones are missing. Only
//! model calls are calls (see [`record`]): an agent's span (`invoke_agent`, pydantic-ai's
//! `agent run`) carries the sum of the model calls under it, and a tool's has none. A span
//! whose `status.code` is 2 (`STATUS_CODE_ERROR`) is a failed call, with or without token
//! counts.

use crate::replay::json_rows::{given_twice, kind};
use crate::replay::log::{Builder, Field, NotACall, Row, Value};
use crate::replay::status;
use crate::replay::when::Unit;
use crate::replay::ReplayError;
use serde::Deserialize;
use serde_json::value::RawValue;
use std::borrow::Cow;

#[derive(Deserialize)]
struct Export<'a> {
    /// None: the line is no export (a span alone, or not OTLP).
    #[serde(rename = "resourceSpans", borrow, default)]
    resource_spans: Option<Vec<ResourceSpans<'a>>>,
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
    /// Each span's own text, read on its own: where it is in the export gives its line.
    #[serde(borrow, default)]
    spans: Vec<&'a RawValue>,
}

#[derive(Deserialize)]
struct Span<'a> {
    #[serde(rename = "startTimeUnixNano", borrow)]
    start: Option<&'a RawValue>,
    #[serde(rename = "endTimeUnixNano", borrow)]
    end: Option<&'a RawValue>,
    #[serde(rename = "spanId", borrow, default)]
    id: Option<Cow<'a, str>>,
    #[serde(rename = "traceId", borrow, default)]
    trace: Option<Cow<'a, str>>,
    #[serde(rename = "parentSpanId", borrow, default)]
    parent: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    attributes: Vec<KeyValue<'a>>,
    #[serde(borrow, default)]
    status: Option<SpanStatus<'a>>,
}

/// A span's `status`: its `code` an integer, or the enum's name (`"STATUS_CODE_ERROR"`).
#[derive(Deserialize)]
struct SpanStatus<'a> {
    #[serde(borrow, default)]
    code: Option<&'a RawValue>,
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

/// Why a span's text is no span, said without serde's names and positions inside it.
fn not_a_span(span: &RawValue, e: &serde_json::Error) -> String {
    if !span.get().starts_with('{') {
        return format!("a span must be an object; got {}", crate::visible_text::quoted(span.get()));
    }
    format!("not a span: {}", without_position(e))
}

/// serde's words for `e`, without its place inside the record: the bad row's line says where.
fn without_position(e: &serde_json::Error) -> String {
    let said = e.to_string();
    said.rsplit_once(" at line ").map_or(said.clone(), |(what, _)| what.to_string())
}

struct SpanRow<'a> {
    span: &'a Span<'a>,
    resource: &'a [KeyValue<'a>],
    /// A model call's span with no token counts (a stream made without its usage): read as
    /// a call of no tokens, so a limit of requests still counts it.
    no_usage: bool,
}

impl SpanRow<'_> {
    /// The first of `keys` the span has, else the first its resource has (a resource's
    /// `enduser.id` took the place of each span's own `user.id`); a key given twice in one
    /// list of attributes is refused.
    fn attribute(&self, keys: &[&'static str]) -> Result<Option<Value<'_>>, String> {
        for list in [&self.span.attributes[..], self.resource] {
            for &key in keys {
                let mut found = list.iter().filter(|kv| kv.key == key);
                let first = found.next();
                if found.next().is_some() {
                    return Err(given_twice(key, key));
                }
                if let Some(value) = first.and_then(|kv| kv.value.as_ref()) {
                    // An array, a map or a boolean where a call's field is: said, not taken
                    // for a field left out ("no input tokens").
                    let text = text_of(value).ok_or_else(|| {
                        format!("{key}: must be a stringValue, an intValue or a doubleValue; got another kind of value")
                    })?;
                    return Ok(Some(Value { text, name: Cow::Borrowed(key) }));
                }
            }
        }
        Ok(None)
    }

    /// The span's `status.code`, as text (`None` when unset).
    fn status_code(&self) -> Result<Option<Value<'_>>, String> {
        let Some(raw) = self.span.status.as_ref().and_then(|s| s.code) else { return Ok(None) };
        let text = crate::replay::json_rows::scalar(raw)
            .map_err(|_| format!("status.code: must be {}; got {}", status::SPAN_CODE_ALLOWED, kind(raw)))?;
        Ok(text.map(|text| Value { text, name: Cow::Borrowed("status.code") }))
    }

    /// Whether the span's status says it failed (a bad code is said when its call is read).
    fn failed(&self) -> bool {
        matches!(self.status_code(), Ok(Some(v)) if status::of_span_code(&v.text) == Ok(status::Status::Failed))
    }

    fn time<'r>(raw: Option<&'r RawValue>, name: &'static str) -> Result<Option<Value<'r>>, String> {
        let Some(raw) = raw else { return Ok(None) };
        let text = crate::replay::json_rows::scalar(raw)
            .map_err(|_| format!("{name}: must be a number; got {}", kind(raw)))?;
        Ok(text.map(|text| Value { text, name: Cow::Borrowed(name) }))
    }
}

impl Row for SpanRow<'_> {
    /// An attribute of the span, else of its resource (`service.name`).
    fn named(&self, name: &str) -> Result<Option<Value<'_>>, String> {
        for list in [&self.span.attributes[..], self.resource] {
            if let Some(text) = list.iter().find(|kv| kv.key == name).and_then(|kv| kv.value.as_ref()).and_then(text_of)
            {
                return Ok(Some(Value { text, name: Cow::Owned(name.to_string()) }));
            }
        }
        Ok(None)
    }

    fn names(&self) -> Vec<String> {
        self.span.attributes.iter().chain(self.resource).map(|kv| kv.key.to_string()).collect()
    }

    fn get(&self, field: Field) -> Result<Option<Value<'_>>, String> {
        match field {
            Field::Start => SpanRow::time(self.span.start, "startTimeUnixNano"),
            Field::End => SpanRow::time(self.span.end, "endTimeUnixNano"),
            Field::User => self.attribute(&["enduser.id", "user.id"]),
            Field::Model => self.attribute(&MODEL),
            Field::Input | Field::Output if self.no_usage => {
                Ok(Some(Value { text: Cow::Borrowed("0"), name: Cow::Borrowed("gen_ai.usage") }))
            }
            Field::Input => match self.attribute(&INPUT)? {
                Some(v) => Ok(Some(v)),
                None => self.attribute(&TOTAL),
            },
            Field::Output => match (self.attribute(&OUTPUT)?, self.attribute(&TOTAL)?) {
                (Some(v), _) => Ok(Some(v)),
                // Only a total, its split unknown: counted as input, and no output.
                (None, Some(total)) => Ok(Some(Value { text: Cow::Borrowed("0"), name: total.name })),
                (None, None) => Ok(None),
            },
            // pydantic-ai's logged cost of the call, in dollars.
            Field::CostDollars => self.attribute(&["operation.cost"]),
            // `embeddings`: a call with no output.
            Field::CallType => self.attribute(&["gen_ai.operation.name"]),
            // Of the input tokens (the conventions' `gen_ai.usage.input_tokens` includes their
            // `gen_ai.usage.cache_read.input_tokens`; OpenLLMetry 0.47 adds its
            // `gen_ai.usage.cache_read_input_tokens` into its `prompt_tokens`).
            Field::CachedInput => {
                self.attribute(&["gen_ai.usage.cache_read.input_tokens", "gen_ai.usage.cache_read_input_tokens"])
            }
            // 2 (`STATUS_CODE_ERROR`): a failed call.
            Field::SpanStatus => self.status_code(),
            // A trace is one request: an agent run's model calls are its calls.
            Field::Request => Ok(self
                .span
                .trace
                .as_deref()
                .filter(|t| !t.is_empty())
                .map(|t| Value { text: Cow::Borrowed(t), name: Cow::Borrowed("traceId") })),
            // A span id is unique within its trace.
            Field::CallId => Ok(self.span.id.as_deref().filter(|s| !s.is_empty()).map(|span| Value {
                text: Cow::Owned(format!("{}/{span}", self.span.trace.as_deref().unwrap_or_default())),
                name: Cow::Borrowed("spanId"),
            })),
            _ => Ok(None),
        }
    }

    fn time_unit(&self) -> Option<Unit> {
        Some(Unit::Nanos)
    }
}

/// The operations that are a model call (the GenAI conventions' `gen_ai.operation.name`);
/// any other (`invoke_agent`, `create_agent`, `execute_tool`...) is not one.
const MODEL_OPERATIONS: [&str; 5] = ["chat", "text_completion", "generate_content", "embeddings", "completion"];
/// The model: the one asked for, else the one that answered.
const MODEL: [&str; 2] = ["gen_ai.request.model", "gen_ai.response.model"];
/// Token counts: the conventions' names, then the older ones OpenLLMetry still writes.
const INPUT: [&str; 2] = ["gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"];
const OUTPUT: [&str; 2] = ["gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"];
/// A total only, as some instrumentations write it (OpenLLMetry's `llm.usage.total_tokens`).
const TOTAL: [&str; 2] = ["gen_ai.usage.total_tokens", "llm.usage.total_tokens"];

/// One export: each span in it that is a model call is a call (bad ones named by line).
/// A span is a model call when its `gen_ai.operation.name` is one of
/// [`MODEL_OPERATIONS`]; without that attribute, when it has token counts and no span
/// under it in the export has any (an agent run, as pydantic-ai's `agent run`, carries the
/// totals of its chat spans: replayed, it would count them twice).
pub fn record(builder: &mut Builder, line: u64, raw: &RawValue) -> Result<(), ReplayError> {
    let export: Export<'_> = match serde_json::from_str(raw.get()) {
        Ok(e) => e,
        Err(_) if !raw.get().starts_with('{') => {
            builder.bad_row(line, format!("not an OTLP export of spans: an export is an object; got {}", kind(raw)));
            return Ok(());
        }
        // Said at the line it goes wrong on, where the export is written over many lines.
        Err(e) => {
            let at = line + (e.line() as u64).saturating_sub(1);
            builder.bad_row(at, format!("not an OTLP export of spans: {}", without_position(&e)));
            return Ok(());
        }
    };
    // A span by itself (one a line) is read once, here; an export's spans each from its own
    // text below.
    let (resource_spans, alone) = match export.resource_spans {
        Some(all) => (all, None),
        None => match serde_json::from_str::<Span<'_>>(raw.get()) {
            Ok(span) if span.start.is_some() => (Vec::new(), Some(span)),
            _ => {
                let problem = "not an OTLP export of spans: no \"resourceSpans\", nor a span's \"startTimeUnixNano\"";
                builder.bad_row(line, problem.into());
                return Ok(());
            }
        },
    };
    // The line a span starts on: the export's text starts on `line` (a document written over
    // many lines is read whole; the Collector writes an export a line).
    let text = raw.get();
    let line_of = |span: &RawValue| {
        let start = (span.get().as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
        line + text.get(..start).map_or(0, |before| before.matches('\n').count() as u64)
    };
    let in_export = resource_spans.iter().flat_map(|rs| {
        let resource = rs.resource.as_ref().map_or(&[][..], |r| &r.attributes[..]);
        rs.scope_spans.iter().flat_map(|s| &s.spans).map(move |span| {
            let read = serde_json::from_str::<Span<'_>>(span.get()).map_err(|e| not_a_span(span, &e));
            (line_of(span), read, resource)
        })
    });
    let spans: Vec<(u64, Result<Span<'_>, String>, &[KeyValue<'_>])> =
        alone.map(|span| (line, Ok(span), &[][..])).into_iter().chain(in_export).collect();
    let rows = || {
        spans
            .iter()
            .filter_map(|(_, span, resource)| Some(SpanRow { span: span.as_ref().ok()?, resource, no_usage: false }))
    };
    let has_tokens = |row: &SpanRow<'_>| -> Result<bool, String> {
        Ok(row.attribute(&INPUT)?.is_some() || row.attribute(&OUTPUT)?.is_some() || row.attribute(&TOTAL)?.is_some())
    };
    // The spans with a child that has token counts, on this line or one before.
    let parents =
        rows().filter(|r| has_tokens(r).unwrap_or(false)).filter_map(|r| r.span.parent.as_deref().map(str::to_string));
    builder.parents.extend(parents);
    // A bad span is told apart from the others of its export (all on one line, as the
    // Collector writes them) by its index, when the export itself has none.
    let export_record = builder.record;
    for (index, (line, span, resource)) in (1..).zip(&spans) {
        builder.record = export_record.or(Some(index));
        let line = *line;
        let mut row = match span {
            Ok(span) => SpanRow { span, resource, no_usage: false },
            Err(e) => {
                builder.bad_row(line, e.clone());
                continue;
            }
        };
        if builder.repeated(line, &row) {
            continue;
        }
        let tokens = has_tokens(&row);
        let kind = || -> Result<Option<NotACall>, String> {
            let operation = row.attribute(&["gen_ai.operation.name"])?;
            Ok(match operation {
                Some(o) if !MODEL_OPERATIONS.contains(&o.text.trim()) => {
                    Some(("agent or tool span", "agent and tool spans"))
                }
                // A failed model call may have no token counts (a refused request has none).
                _ if row.failed() && row.attribute(&MODEL)?.is_some() => None,
                // A model call named so, with no token counts: a stream made without its usage.
                Some(_) if !tokens.clone()? && row.attribute(&MODEL)?.is_some() => None,
                _ if !tokens.clone()? => Some(("span without token counts", "spans without token counts")),
                None if row
                    .span
                    .id
                    .as_ref()
                    .is_some_and(|id| !id.is_empty() && builder.parents.contains(id.as_ref())) =>
                {
                    Some((
                        "agent span holding its model calls' tokens",
                        "agent spans holding their model calls' tokens",
                    ))
                }
                _ => None,
            })
        };
        match kind() {
            Ok(Some(what)) => builder.not_a_call(what),
            Ok(None) if !row.failed() && tokens == Ok(false) => {
                row.no_usage = true;
                builder.assumed((
                    "model call's span gives no token counts (a stream without its usage?): it is counted as a call \
                     of no tokens",
                    "model calls' spans give no token counts (streams without their usage?): each is counted as a \
                     call of no tokens",
                ));
                builder.row(line, &row)
            }
            Ok(None) => {
                let only_total = row.attribute(&INPUT).ok().flatten().is_none()
                    && row.attribute(&OUTPUT).ok().flatten().is_none()
                    && row.attribute(&TOTAL).ok().flatten().is_some();
                if only_total {
                    builder.assumed((
                        "span gives only a total of tokens: it is counted as input tokens, with no output",
                        "spans give only a total of tokens: it is counted as input tokens, with no output",
                    ));
                }
                builder.row(line, &row)
            }
            Err(e) => builder.bad_row(line, e),
        }
    }
    builder.record = export_record;
    Ok(())
}
