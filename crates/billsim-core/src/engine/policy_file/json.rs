//! Reading a policy file's JSON by hand, one level at a time, so that every refusal names
//! the field's path and what it allows: a value's kind, an object's fields (each known and
//! given once), names, whole numbers and exact dollar amounts from their decimal text.

use crate::money::Micros;
use crate::settings::{shown, whole_number, FieldError, Invalid};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use std::fmt;

/// The largest budget or ceiling: a billion dollars (far below what would overflow in
/// nano-dollars).
pub(super) const AMOUNT_MAX: Micros = Micros(1_000_000_000 * Micros::PER_DOLLAR);
pub(super) const MODEL_ALLOWED: &str = "a model's name of 1 to 80 characters, no control characters";

/// A JSON value seen one level deep, its parts still as text.
pub(super) enum Json<'a> {
    Object(Vec<(String, &'a RawValue)>),
    List(Vec<&'a RawValue>),
    Text(String),
    /// A number, as written.
    Number(&'a str),
    /// `true`, `false` or `null`.
    Other,
}

pub(super) fn view(raw: &RawValue) -> Json<'_> {
    let text = raw.get().trim();
    // The text is JSON already (serde_json checked it whole), so these cannot fail; if one
    // did, the value would be refused as the wrong kind, never unwrapped.
    match text.as_bytes().first() {
        Some(b'{') => serde_json::from_str::<Entries>(text).map_or(Json::Other, |e| Json::Object(e.0)),
        Some(b'[') => serde_json::from_str(text).map_or(Json::Other, Json::List),
        Some(b'"') => serde_json::from_str(text).map_or(Json::Other, Json::Text),
        Some(b'-' | b'0'..=b'9') => Json::Number(text),
        _ => Json::Other,
    }
}

/// An object's entries in the order written, duplicates kept (so they can be refused).
pub(super) struct Entries<'a>(Vec<(String, &'a RawValue)>);

impl<'de: 'a, 'a> Deserialize<'de> for Entries<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<'a>(std::marker::PhantomData<&'a ()>);
        impl<'de: 'a, 'a> Visitor<'de> for V<'a> {
            type Value = Entries<'a>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Entries<'a>, M::Error> {
                let mut entries = Vec::new();
                while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
                    entries.push(entry);
                }
                Ok(Entries(entries))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

/// What came, as a message says it: a value as written (cut short), or its kind.
pub(super) fn got(raw: &RawValue) -> String {
    match view(raw) {
        Json::Object(_) => "an object".into(),
        Json::List(items) if items.is_empty() => "an empty list".into(),
        Json::List(_) => "a list".into(),
        Json::Text(s) => shown(&s),
        _ => {
            let text = raw.get().trim();
            if text.chars().count() <= 40 {
                text.to_string()
            } else {
                format!("{}... ({} characters)", text.chars().take(40).collect::<String>(), text.chars().count())
            }
        }
    }
}

pub(super) fn refused(path: &str, allowed: &'static str, got: String) -> FieldError {
    Invalid { allowed, got }.on(path)
}

pub(super) fn wrong(raw: &RawValue, path: &str, allowed: &'static str) -> FieldError {
    refused(path, allowed, got(raw))
}

pub(super) fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// An object's fields, checked: each known and given once.
pub(super) struct Fields<'a> {
    pub(super) path: String,
    entries: Vec<(String, &'a RawValue)>,
}

impl<'a> Fields<'a> {
    /// `only` says which fields the object may have, as a message says it.
    pub(super) fn new(
        entries: Vec<(String, &'a RawValue)>,
        path: &str,
        only: &'static str,
        known: &[&str],
    ) -> Result<Fields<'a>, FieldError> {
        for (i, (key, _)) in entries.iter().enumerate() {
            if !known.contains(&key.as_str()) {
                let field = if path.is_empty() { "policy file" } else { path };
                return Err(refused(field, only, format!("the field {}", shown(key))));
            }
            if entries[..i].iter().any(|(k, _)| k == key) {
                return Err(refused(&join(path, key), "given once", "a second time".into()));
            }
        }
        Ok(Fields { path: path.to_string(), entries })
    }

    pub(super) fn get(&self, key: &str) -> Option<(&'a RawValue, String)> {
        self.entries.iter().find(|(k, _)| k == key).map(|&(_, raw)| (raw, join(&self.path, key)))
    }

    /// A field that must be there; its absence names it and what it allows.
    pub(super) fn need(&self, key: &str, allowed: &'static str) -> Result<(&'a RawValue, String), FieldError> {
        self.get(key).ok_or_else(|| refused(&join(&self.path, key), allowed, "nothing".into()))
    }
}

pub(super) fn object<'a>(
    raw: &'a RawValue,
    path: &str,
    allowed: &'static str,
) -> Result<Vec<(String, &'a RawValue)>, FieldError> {
    match view(raw) {
        Json::Object(entries) => Ok(entries),
        _ => Err(wrong(raw, path, allowed)),
    }
}

pub(super) fn text(raw: &RawValue, path: &str, allowed: &'static str) -> Result<String, FieldError> {
    match view(raw) {
        Json::Text(s) => Ok(s),
        _ => Err(wrong(raw, path, allowed)),
    }
}

/// A whole number written as a JSON number (not a string), from `lo` to `hi`. One written
/// as a string is refused saying so: `got "5"` alone read as if 5 were out of range.
pub(super) fn whole(raw: &RawValue, path: &str, allowed: &'static str, lo: u64, hi: u64) -> Result<u64, FieldError> {
    match view(raw) {
        Json::Number(n) => whole_number(n, allowed, lo, hi).map_err(|_| wrong(raw, path, allowed)),
        Json::Text(t) if whole_number(&t, allowed, lo, hi).is_ok() => {
            Err(refused(path, allowed, format!("{}, a string: write the number without quotes", got(raw))))
        }
        _ => Err(wrong(raw, path, allowed)),
    }
}

/// An amount in dollars, from the decimal text of a JSON number or string.
pub(super) fn dollars(
    raw: &RawValue,
    path: &str,
    allowed: &'static str,
    lo: Micros,
    hi: Micros,
) -> Result<Micros, FieldError> {
    let amount = match view(raw) {
        // JSON allows 1e-3; an amount is read from its decimals, so they must be written out.
        Json::Number(n) if n.contains(['e', 'E']) => {
            return Err(refused(path, allowed, format!("{n}, in exponent notation: write its decimals out")))
        }
        Json::Number(n) => Micros::parse_dollars(n).ok(),
        Json::Text(s) => Micros::parse_dollars(&s).ok(),
        _ => None,
    };
    amount.filter(|m| (lo..=hi).contains(m)).ok_or_else(|| wrong(raw, path, allowed))
}

/// A name shown in tables and messages: not empty, not long, nothing unseen that moves
/// a terminal's cursor.
pub(super) fn name(raw: &RawValue, path: &str, allowed: &'static str) -> Result<String, FieldError> {
    let name = text(raw, path, allowed)?;
    let count = name.chars().count();
    if (1..=80).contains(&count) && !name.chars().any(char::is_control) {
        Ok(name)
    } else {
        Err(refused(path, allowed, shown(&name)))
    }
}
