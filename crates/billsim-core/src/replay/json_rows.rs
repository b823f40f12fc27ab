//! The JSON readers: JSON lines (one record a line), or one JSON document: an array of
//! records, or an object holding them in `"data"` (the answer of an API such as
//! Langfuse's or LiteLLM's `/spend/logs`), pretty-printed or on one line; or such
//! documents one a line (an API's pages saved one after the other). Either way one record
//! at a time: a document's records are found by [`json_document`]'s scanner, so the file's
//! text is never held whole.

use crate::replay::json_document::{self, OnRecord, RECORDS, TRACE};
use crate::replay::log::Builder;
use crate::replay::ReplayError;
use crate::visible_text::quoted;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;
use std::io::BufRead;

/// A key, borrowed from the text when it has no escapes.
pub struct Key<'a>(pub Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(V)
    }
}

/// An object's fields, each value still as its JSON text.
pub struct Entries<'a>(pub Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> Deserialize<'de> for Entries<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Entries<'de>, M::Error> {
                let mut entries = Vec::new();
                while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
                    entries.push((k, map.next_value::<&'de RawValue>()?));
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(V)
    }
}

impl<'a> Entries<'a> {
    /// The object's fields, or what it is instead.
    pub fn of(raw: &'a RawValue) -> Result<Entries<'a>, String> {
        serde_json::from_str(raw.get()).map_err(|_| format!("must be a JSON object; got {}", kind(raw)))
    }

    pub fn get(&self, key: &str) -> Option<&'a RawValue> {
        self.0.iter().find(|(k, _)| k == key).map(|&(_, v)| v)
    }

    /// The value of `key`, for a field read: a key given twice is refused.
    pub fn one(&self, key: &str) -> Result<Option<&'a RawValue>, String> {
        let mut found = self.0.iter().filter(|(k, _)| k == key).map(|&(_, v)| v);
        let first = found.next();
        match found.next() {
            Some(_) => Err(given_twice(key, key)),
            None => Ok(first),
        }
    }

    /// Refuses an object any of whose keys is given twice (one whose every key is read).
    pub fn each_once(&self) -> Result<(), String> {
        for (j, (key, _)) in self.0.iter().enumerate() {
            if self.0[..j].iter().any(|(k, _)| k == key) {
                return Err(given_twice(key, key));
            }
        }
        Ok(())
    }
}

/// A key given twice in one record, as the bad row says it (`b` is `a` spelled otherwise,
/// or `a` again).
pub fn given_twice(a: &str, b: &str) -> String {
    if a == b {
        format!("{} is given twice in one record (JSON readers differ on which one counts): give it once", quoted(a))
    } else {
        format!(
            "{} and {} are one name given twice in one record (case, \"_\", \"-\", \".\" and spaces do not \
             count): give it once",
            quoted(a),
            quoted(b)
        )
    }
}

/// What a JSON value is, for a message.
pub fn kind(raw: &RawValue) -> &'static str {
    match raw.get().trim_start().as_bytes().first() {
        Some(b'{') => "an object",
        Some(b'[') => "a list",
        Some(b'"') => "text",
        Some(b't' | b'f') => "true or false",
        Some(b'n') => "null",
        _ => "a number",
    }
}

/// A scalar's text: a string unescaped, a number, `true` or `false` as written; `None` for
/// null. (LiteLLM's logging payload writes `cache_hit` as true or false, its spend logs'
/// table as text; the field's own reader says what it takes.)
pub fn scalar(raw: &RawValue) -> Result<Option<Cow<'_, str>>, String> {
    let t = raw.get().trim();
    if t == "true" || t == "false" {
        return Ok(Some(Cow::Borrowed(t)));
    }
    match t.as_bytes().first() {
        Some(b'"') => match serde_json::from_str::<&str>(t) {
            Ok(s) => Ok(Some(Cow::Borrowed(s))),
            Err(_) => serde_json::from_str::<String>(t).map(|s| Some(Cow::Owned(s))).map_err(|e| e.to_string()),
        },
        Some(b'n') => Ok(None),
        Some(b'-' | b'0'..=b'9') => Ok(Some(Cow::Borrowed(t))),
        _ => Err(format!("must be text or a number; got {}", kind(raw))),
    }
}

/// The text of the field `name` of a record, for `--per`: the key itself, else a path of
/// keys into nested objects (`metadata.user_api_key_team_id`); `None` when it has none.
pub fn path<'a>(entries: &Entries<'a>, name: &str) -> Result<Option<Cow<'a, str>>, String> {
    if let Some(raw) = entries.one(name)? {
        return scalar(raw).map_err(|e| format!("{name}: {e}"));
    }
    let Some((head, rest)) = name.split_once('.') else { return Ok(None) };
    let Some(raw) = entries.one(head)? else { return Ok(None) };
    match Entries::of(raw) {
        Ok(inner) => path(&inner, rest),
        Err(_) => Ok(None),
    }
}

/// A record's field names as `--per` takes them: its keys, and its objects' keys as paths.
pub fn paths(entries: &Entries<'_>) -> Vec<String> {
    let mut names = Vec::new();
    for (key, raw) in &entries.0 {
        match Entries::of(raw) {
            Ok(inner) if !inner.0.is_empty() => names.extend(inner.0.iter().map(|(k, _)| format!("{key}.{k}"))),
            _ => names.push(key.to_string()),
        }
    }
    names
}

/// How a JSON log lays out its records, found from its head.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One record a line.
    Lines,
    /// One document a line, each holding records as a [`Shape::Document`] does.
    Pages,
    /// One document: a list of records, or an object with them in `"data"` (or `"logs"`).
    Document,
}

impl Shape {
    /// A list, or an object with its records in `"data"`, is a document (on one line or
    /// many), or pages when a second line follows a first that is whole; otherwise JSON
    /// lines when the first line is a whole value by itself (or the head holds no line end
    /// at all), else a document (pretty-printed).
    pub fn of(head: &str) -> Shape {
        let t = head.trim_start();
        let first_line = t.find('\n').map(|end| &t[..end]);
        let whole_line = first_line.map_or(true, |l| serde_json::from_str::<&RawValue>(l.trim_end()).is_ok());
        if t.starts_with('[') || records_key(t) == Some(true) {
            let more = first_line.is_some_and(|l| !t[l.len()..].trim().is_empty());
            return if whole_line && more { Shape::Pages } else { Shape::Document };
        }
        if whole_line {
            Shape::Lines
        } else {
            Shape::Document
        }
    }
}

/// Whether the object `text` starts with holds a list of records under one of its own keys
/// ([`RECORDS`], or after a Langfuse download's [`TRACE`]): only its beginning need be
/// there, up to that list's opening bracket. `Some(false)` when it ends without one, `None`
/// when `text` ends first (a head cut inside it) or starts with no object. A key of its
/// values' is not its own.
fn records_key(text: &str) -> Option<bool> {
    let mut rest = text.trim_start().strip_prefix('{')?;
    if rest.trim_start().starts_with('}') {
        return Some(false);
    }
    loop {
        rest = rest.trim_start();
        let mut keys = serde_json::Deserializer::from_str(rest).into_iter::<String>();
        let key = keys.next()?.ok()?;
        rest = rest[keys.byte_offset()..].trim_start().strip_prefix(':')?.trim_start();
        if RECORDS.contains(&key.as_str()) {
            return Some(rest.starts_with('['));
        }
        if key == TRACE {
            return Some(true);
        }
        let mut values = serde_json::Deserializer::from_str(rest).into_iter::<IgnoredAny>();
        values.next()?.ok()?;
        rest = rest[values.byte_offset()..].trim_start();
        if rest.starts_with('}') {
            return Some(false);
        }
        rest = rest.strip_prefix(',')?;
    }
}

/// JSON lines: each line one record, a line that is not JSON a bad row; with `pages`, each
/// line a document (one that is not JSON stops the reading: its records are lost).
pub fn read_lines(
    input: &mut dyn BufRead,
    mut pages: bool,
    builder: &mut Builder,
    on: &mut OnRecord<'_>,
) -> Result<(), ReplayError> {
    let mut buf = Vec::new();
    let mut line = 0u64;
    let mut first = true;
    loop {
        buf.clear();
        let n = input.read_until(b'\n', &mut buf).map_err(ReplayError::unreadable)?;
        if n == 0 {
            return Ok(());
        }
        line += 1;
        // A line may begin a file joined after the one before, with its byte-order mark.
        let text = buf.trim_ascii();
        let text = text.strip_prefix(crate::replay::encoding::BYTE_ORDER_MARK).unwrap_or(text);
        if text.is_empty() {
            continue;
        }
        // A first line longer than the head, that holds records under its own keys, is a
        // page (Langfuse's trace from its API, on one line): the file is pages.
        if std::mem::replace(&mut first, false) && !pages {
            pages = std::str::from_utf8(text).is_ok_and(|t| records_key(t) == Some(true));
        }
        if pages {
            match json_document::read(&mut &text[..], line - 1, false, builder, on) {
                Err(ReplayError::NoRows) => builder.bad_row(line, json_document::NO_RECORDS.to_string()),
                said => said?,
            }
            continue;
        }
        match serde_json::from_slice::<&RawValue>(text) {
            Ok(raw) => on(builder, line, raw)?,
            Err(e) => match values_one_after_another(text) {
                // Objects with no line end between them (files joined with `cat`, each
                // written without one: LiteLLM's bucket objects): each is a record, told
                // apart by its index on the line.
                Some(values) => {
                    for (index, raw) in (1..).zip(values) {
                        builder.record = Some(index);
                        let said = on(builder, line, raw);
                        builder.record = None;
                        said?;
                    }
                }
                None => builder.bad_row(line, format!("not JSON: {} at column {}", category(&e), e.column())),
            },
        }
    }
}

/// The objects a line holds one after another, when it holds two or more and nothing else.
fn values_one_after_another(text: &[u8]) -> Option<Vec<&RawValue>> {
    let values =
        serde_json::Deserializer::from_slice(text).into_iter::<&RawValue>().collect::<Result<Vec<_>, _>>().ok()?;
    (values.len() > 1 && values.iter().all(|v| v.get().starts_with('{'))).then_some(values)
}

fn category(e: &serde_json::Error) -> &'static str {
    match e.classify() {
        serde_json::error::Category::Eof => "the line ends before the JSON does",
        serde_json::error::Category::Data => "the value does not fit",
        _ => "a character where JSON cannot have it",
    }
}

/// Whether a document is one object that holds no list of records: then it is itself the
/// one record (a LiteLLM GCS bucket object: one logging payload to a file). Only its own
/// keys count (an embedding's answer inside a record has a `"data"` too); where the head
/// ends inside the object, a key of a [`RECORDS`] name anywhere says it holds them (a
/// trace's `observations` may come after a long input).
/// `cut_holds`: a head cut inside the object is taken to hold records further on.
pub fn is_one_record(head: &str, cut_holds: bool) -> bool {
    match records_key(head) {
        Some(holds) => !holds,
        None => {
            head.trim_start().starts_with('{')
                && !cut_holds
                && !RECORDS.iter().any(|key| head.contains(&format!("\"{key}\"")))
        }
    }
}

/// Whether the head holds a whole object and another after it: records written one after
/// another pretty-printed (`jq .` of JSON lines), each a record, where one object alone in
/// a generic log is more likely a document with its list under a name of its own.
pub fn objects_one_after_another(head: &str) -> bool {
    let mut values = serde_json::Deserializer::from_str(head).into_iter::<&RawValue>();
    matches!(values.next(), Some(Ok(v)) if v.get().starts_with('{'))
        && head[values.byte_offset()..].trim_start().starts_with('{')
}
