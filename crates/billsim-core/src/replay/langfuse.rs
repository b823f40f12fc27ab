//! Langfuse observations (the public API's `GET /api/public/observations` answer, its
//! `"data"` list, or JSON lines of observations): only those of type `GENERATION` or
//! `EMBEDDING` (which its SDKs give a model, usage and cost too) are model calls. Fields
//! as Langfuse's `ObservationsView` names them: `startTime`, `endTime`, `userId`, `model`
//! or `providedModelName`; `usageDetails` (every key with
//! "input" in it counts as input, with "output" as output; the older `usage.input` /
//! `usage.output` or `promptTokens` / `completionTokens` otherwise); `totalCost`, or
//! `costDetails.total`, or `calculatedTotalCost`, in dollars. A generation of `level`
//! `ERROR` is a failed call (its usage and cost often empty: none).

use crate::replay::columns::Spec;
use crate::replay::json_rows::{path, paths, scalar, Entries};
use crate::replay::log::{Builder, Field, NotACall, Row, Value};
use crate::replay::ReplayError;
use serde_json::value::RawValue;
use std::borrow::Cow;

struct Observation<'a> {
    entries: &'a Entries<'a>,
    /// The trace that holds it, in a trace download: its fields fill the observation's
    /// empty ones (`userId`, `sessionId`).
    trace: Option<&'a Entries<'a>>,
}

impl Observation<'_> {
    fn text(&self, keys: &[&'static str]) -> Result<Option<Value<'_>>, String> {
        text_in(self.entries, keys)
    }

    /// The first of `keys` the observation gives, else the first its trace gives (only
    /// for who made the call: a trace's other fields, as its total cost, are not its
    /// observations').
    fn own_or_traces(&self, keys: &[&'static str]) -> Result<Option<Value<'_>>, String> {
        match (text_in(self.entries, keys)?, self.trace) {
            (Some(v), _) => Ok(Some(v)),
            (None, Some(trace)) => {
                Ok(text_in(trace, keys)?.map(|v| Value { name: Cow::Owned(format!("trace.{}", v.name)), ..v }))
            }
            (None, None) => Ok(None),
        }
    }

    /// The sum of `usageDetails`' keys that contain `part` ("input" or "output"), else the
    /// first of the older `keys`.
    fn usage(&self, part: &str, older: &[&'static str]) -> Result<Option<Value<'_>>, String> {
        match self.usage_where(|k| k.contains(part))? {
            Some(v) => Ok(Some(v)),
            None => self.text(older),
        }
    }

    /// The sum of `usageDetails`' keys (lower-cased) that `counts`; `None` when none does.
    fn usage_where(&self, counts: impl Fn(&str) -> bool) -> Result<Option<Value<'_>>, String> {
        if let Some(raw) = self.entries.one("usageDetails")?.filter(|r| r.get().trim() != "null") {
            let details = Entries::of(raw).map_err(|e| format!("usageDetails: {e}"))?;
            details.each_once().map_err(|e| format!("usageDetails: {e}"))?;
            let mut sum: u64 = 0;
            let mut any = false;
            for (k, v) in &details.0 {
                if counts(&k.to_ascii_lowercase()) {
                    let text = scalar(v).map_err(|e| format!("usageDetails.{k}: {e}"))?.unwrap_or_default();
                    let n = crate::replay::amount::tokens(&text).map_err(|e| format!("usageDetails.{k}: {e}"))?;
                    sum = sum.checked_add(n).ok_or_else(|| format!("usageDetails.{k}: too many tokens"))?;
                    any = true;
                }
            }
            if any {
                return Ok(Some(Value { text: Cow::Owned(sum.to_string()), name: Cow::Borrowed("usageDetails") }));
            }
        }
        Ok(None)
    }
}

/// The first of `keys` that `entries` give (a key `a.b` is `b` inside the object `a`).
fn text_in<'e>(entries: &'e Entries<'e>, keys: &[&'static str]) -> Result<Option<Value<'e>>, String> {
    for &key in keys {
        let (head, tail) = key.split_once('.').map_or((key, None), |(h, t)| (h, Some(t)));
        let Some(mut raw) = entries.one(head)? else { continue };
        if let Some(tail) = tail {
            let inner = Entries::of(raw).map_err(|e| format!("{head}: {e}"))?;
            match inner.one(tail).map_err(|e| format!("{head}: {e}"))? {
                // A nested value borrows from the same text as the record.
                Some(v) => raw = v,
                None => continue,
            }
        }
        if let Some(text) = scalar(raw).map_err(|e| format!("{key}: {e}"))? {
            return Ok(Some(Value { text, name: Cow::Borrowed(key) }));
        }
    }
    Ok(None)
}

impl Row for Observation<'_> {
    /// A field of the observation, else of its trace (`sessionId`).
    fn named(&self, name: &str) -> Result<Option<Value<'_>>, String> {
        let text = match (path(self.entries, name)?, self.trace) {
            (Some(text), _) => Some(text),
            (None, Some(trace)) => path(trace, name)?,
            (None, None) => None,
        };
        Ok(text.map(|text| Value { text, name: Cow::Owned(name.to_string()) }))
    }

    fn names(&self) -> Vec<String> {
        let mut names = paths(self.entries);
        names.extend(
            self.trace.map(paths).unwrap_or_default().into_iter().filter(|n| n == "sessionId" || n == "userId"),
        );
        names
    }

    fn get(&self, field: Field) -> Result<Option<Value<'_>>, String> {
        match field {
            Field::Start => self.text(&["startTime"]),
            Field::End => self.text(&["endTime"]),
            Field::User => self.own_or_traces(&["userId"]),
            Field::Model => self.text(&["model", "providedModelName"]),
            Field::Input => self.usage("input", &["usage.input", "promptTokens"]),
            Field::Output => self.usage("output", &["usage.output", "completionTokens"]),
            Field::CostDollars => self.text(&["totalCost", "costDetails.total", "calculatedTotalCost"]),
            // Of the input (whose sum has them): `input_cached_tokens` (OpenAI's), `input_cache_read`
            // (Anthropic's); a cache write is input at the input price.
            Field::CachedInput => {
                self.usage_where(|k| k.contains("input") && (k.contains("cached") || k.contains("cache_read")))
            }
            // A trace is one request of several calls.
            Field::Request => self.text(&["traceId"]),
            Field::CallId => self.text(&["id"]),
            // `ERROR`: a failed call.
            Field::Level => self.text(&["level"]),
            // `EMBEDDING`: a call with no output.
            Field::CallType => self.text(&["type"]),
            _ => Ok(None),
        }
    }
}

/// What an observation that is not a generation is.
const NOT_A_CALL: NotACall =
    ("observation not of type GENERATION or EMBEDDING", "observations not of type GENERATION or EMBEDDING");
/// The types of observation that are model calls.
const CALLS: &[&str] = &["GENERATION", "EMBEDDING"];

/// Langfuse's CSV export of observations (its batch export, `transformStreamToCsv`): the
/// observations' fields as columns, every cell quoted, objects as JSON and dates as JSON
/// text (`"\"2025-05-01T09:00:00.000Z\""`); `input` and `output` are the prompt and the
/// answer, so the tokens are `inputUsage` and `outputUsage` (the sums of `usageDetails`'
/// input and output keys), the cost `totalCost`; the cached input tokens are the
/// `usageDetails` cell's, under OpenAI's or Anthropic's name for them.
pub const CSV_SPEC: Spec = Spec {
    fields: &[
        (Field::Start, &["starttime"]),
        (Field::End, &["endtime"]),
        (Field::User, &["userid"]),
        (Field::Model, &["model", "providedmodelname"]),
        (Field::Input, &["inputusage"]),
        (Field::Output, &["outputusage"]),
        (Field::CostDollars, &["totalcost"]),
        (Field::Request, &["traceid"]),
        (Field::CallId, &["id"]),
        (Field::Level, &["level"]),
        (Field::CallType, &["type"]),
    ],
    aliases: false,
    inside: &[
        (Field::CachedInput, "usagedetails", "input_cached_tokens"),
        (Field::CachedInput, "usagedetails", "input_cache_read"),
    ],
    only: Some(("type", CALLS, NOT_A_CALL)),
    paths: &[],
};

/// One observation: a call if it is a generation.
pub fn record(builder: &mut Builder, line: u64, raw: &RawValue) -> Result<(), ReplayError> {
    let entries = match Entries::of(raw) {
        Ok(e) => e,
        Err(e) => {
            builder.bad_row(line, e);
            return Ok(());
        }
    };
    super::reports::refuse_record(&entries)?;
    let kind = match entries.one("type") {
        Ok(kind) => kind.and_then(|r| scalar(r).ok().flatten()),
        Err(e) => {
            builder.bad_row(line, e);
            return Ok(());
        }
    };
    let enclosing = builder.enclosing.clone();
    let trace = enclosing.as_deref().and_then(|t| serde_json::from_str::<Entries<'_>>(t).ok());
    let observation = Observation { entries: &entries, trace: trace.as_ref() };
    if builder.repeated(line, &observation) {
        return Ok(());
    }
    match kind.as_deref() {
        Some(kind) if CALLS.contains(&kind) => builder.row(line, &observation),
        Some(_) => builder.not_a_call(NOT_A_CALL),
        None => {
            builder.bad_row(line, "type: must be \"GENERATION\" or \"EMBEDDING\" for a model call; got nothing".into())
        }
    }
    Ok(())
}
