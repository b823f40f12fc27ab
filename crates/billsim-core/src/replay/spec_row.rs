//! A record of a JSON log read by a format's [`Spec`] (the generic log's, LiteLLM's,
//! Helicone's): each field from the first of its names the record gives. A log's records
//! repeat their keys, so each key is normalized and ranked against the fields once
//! ([`KeyClasses`]), not once a record.

use crate::replay::columns::{normalize, Spec};
use crate::replay::json_rows::{given_twice, path, paths, scalar, Entries};
use crate::replay::log::{Field, Row, Value};
use crate::replay::names::Fnv;
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// What a format's [`Spec`] makes of one key: the key normalized, and where it stands
/// among each field's names.
pub struct KeyClass {
    normalized: Box<str>,
    rank: [Option<usize>; Field::COUNT],
}

/// Keys classified once for a whole log, as its records repeat them: normalizing every
/// key of every record and ranking it against every field took a third of the time of a
/// LiteLLM export's replay.
#[derive(Default)]
pub struct KeyClasses {
    index: HashMap<Box<str>, usize, BuildHasherDefault<Fnv>>,
    classes: Vec<KeyClass>,
}

impl KeyClasses {
    /// Past this many keys (a log whose keys are not names but data) the classes are
    /// forgotten before the next record, so that memory stays bounded.
    const MOST: usize = 4096;

    /// Each of `entries`' keys with its class (an index into `classes`) and its value, in
    /// their order.
    fn learn<'e>(&mut self, entries: &'e Entries<'e>, spec: &Spec) -> Vec<(usize, &'e str, &'e RawValue)> {
        if self.classes.len() > Self::MOST {
            self.index.clear();
            self.classes.clear();
        }
        let mut found = Vec::with_capacity(entries.0.len());
        for (key, raw) in &entries.0 {
            let i = match self.index.get(key.as_ref()) {
                Some(&i) => i,
                None => {
                    let normalized = normalize(key);
                    let mut rank = [None; Field::COUNT];
                    for &(field, _) in spec.fields {
                        rank[field as usize] = spec.rank(field, &normalized);
                    }
                    self.classes.push(KeyClass { normalized: normalized.into(), rank });
                    self.index.insert(key.as_ref().into(), self.classes.len() - 1);
                    self.classes.len() - 1
                }
            };
            found.push((i, key.as_ref(), *raw));
        }
        found
    }
}

/// A record read by a format's [`Spec`].
pub struct SpecRow<'a> {
    /// Each key, with its class in `classes`, and its value.
    entries: Vec<(usize, &'a str, &'a RawValue)>,
    classes: &'a [KeyClass],
    record: &'a Entries<'a>,
    spec: &'a Spec,
}

impl<'a> SpecRow<'a> {
    pub fn new(entries: &'a Entries<'a>, spec: &'a Spec, keys: &'a mut KeyClasses) -> SpecRow<'a> {
        SpecRow { entries: keys.learn(entries, spec), classes: &keys.classes, record: entries, spec }
    }

    /// The record's keys that give `field`, the first to read first (by the spec's order
    /// of names, then the record's), each with its value; a name given twice is refused.
    fn entries_of(&self, field: Field) -> Result<Vec<(&'a str, &'a RawValue)>, String> {
        let mut found: Vec<(usize, &KeyClass, &'a str, &'a RawValue)> = self
            .entries
            .iter()
            .filter_map(|&(i, key, raw)| {
                let class = &self.classes[i];
                class.rank[field as usize].map(|rank| (rank, class, key, raw))
            })
            .collect();
        found.sort_by_key(|&(rank, ..)| rank);
        for (j, &(_, class, key, _)) in found.iter().enumerate() {
            if let Some(&(_, _, first, _)) = found[..j].iter().find(|d| d.1.normalized == class.normalized) {
                return Err(given_twice(first, key));
            }
        }
        Ok(found.into_iter().map(|(_, _, key, raw)| (key, raw)).collect())
    }

    /// The record's key whose object holds `field` for the format (Helicone's model in its
    /// `request_body`), and the key inside it.
    fn inside_key(&self, field: Field) -> Option<(&'a str, &'static str)> {
        let (column, inner) = self.spec.inside(field)?;
        let &(_, key, _) = self.entries.iter().find(|e| &*self.classes[e.0].normalized == column)?;
        Some((key, inner))
    }

    /// For a format of aliases: each field the record gives under two of its names (not
    /// null), with the name read and the other.
    pub fn aliases(&self) -> Vec<(Field, &'a str, &'a str)> {
        let mut both = Vec::new();
        if !self.spec.aliases {
            return both;
        }
        for &(field, _) in self.spec.fields {
            let given: Vec<&str> = self
                .entries_of(field)
                .unwrap_or_default()
                .into_iter()
                .filter(|(_, raw)| raw.get().trim() != "null")
                .map(|(key, _)| key)
                .collect();
            both.extend(given.iter().skip(1).map(|other| (field, given[0], *other)));
        }
        both
    }
}

impl Row for SpecRow<'_> {
    fn named(&self, name: &str) -> Result<Option<Value<'_>>, String> {
        Ok(path(self.record, name)?.map(|text| Value { text, name: Cow::Owned(name.to_string()) }))
    }

    fn names(&self) -> Vec<String> {
        paths(self.record)
    }

    fn empty_name(&self, field: Field) -> Option<Cow<'_, str>> {
        let (key, _) = self.entries_of(field).ok()?.into_iter().next()?;
        Some(match self.inside_key(field) {
            Some((column, inner)) => Cow::Owned(format!("{key} and {column}.{inner}")),
            None => Cow::Borrowed(key),
        })
    }

    fn get(&self, field: Field) -> Result<Option<Value<'_>>, String> {
        for (key, raw) in self.entries_of(field)? {
            if let Some(text) = scalar(raw).map_err(|e| format!("{key}: {e}"))? {
                if !text.trim().is_empty() {
                    return Ok(Some(Value { text, name: Cow::Borrowed(key) }));
                }
            }
        }
        for &(_, at) in self.spec.paths.iter().filter(|(f, _)| *f == field) {
            if let Some(v) = self.named(at)?.filter(|v| !v.text.trim().is_empty()) {
                return Ok(Some(v));
            }
        }
        // A field the format reads inside another key's object (Helicone's model in its
        // `request_body`), where its own keys are empty.
        let Some((key, inner)) = self.inside_key(field) else { return Ok(None) };
        let Some(&(.., raw)) = self.entries.iter().find(|e| e.1 == key) else { return Ok(None) };
        let Ok(object) = Entries::of(raw) else { return Ok(None) };
        match object.get(inner).map(scalar) {
            Some(Ok(Some(text))) if !text.trim().is_empty() => {
                Ok(Some(Value { text, name: Cow::Owned(format!("{key}.{inner}")) }))
            }
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::generic;

    fn record(text: &str) -> Box<RawValue> {
        serde_json::from_str(text).expect("the test's record is JSON")
    }

    #[test]
    fn keys_that_are_data_not_names_are_forgotten_past_the_most_kept() {
        let mut keys = KeyClasses::default();
        for i in 0..3 * KeyClasses::MOST {
            let raw = record(&format!(r#"{{"time": 1, "trace_{i}": 1}}"#));
            let entries = Entries::of(&raw).expect("an object");
            keys.learn(&entries, &generic::SPEC);
        }
        let kept = keys.classes.len();
        assert!(kept <= KeyClasses::MOST + 2, "{kept} keys kept after {} unique keys", 3 * KeyClasses::MOST);
    }

    #[test]
    fn a_key_classified_in_one_record_reads_the_same_in_the_next_and_after_the_classes_are_forgotten() {
        let mut keys = KeyClasses::default();
        let raw = record(r#"{"Input-Tokens": "12", "model": "m"}"#);
        let entries = Entries::of(&raw).expect("an object");
        let read = |keys: &mut KeyClasses| {
            let row = SpecRow::new(&entries, &generic::SPEC, keys);
            let input = row.get(Field::Input).expect("reads").map(|v| (v.text.into_owned(), v.name.into_owned()));
            input.expect("an input")
        };
        let first = read(&mut keys);
        assert_eq!(first, ("12".to_string(), "Input-Tokens".to_string()), "the first record");
        assert_eq!(read(&mut keys), first, "the key's class read back from the cache");
        for i in 0..=KeyClasses::MOST {
            let other = record(&format!(r#"{{"k{i}": 1}}"#));
            keys.learn(&Entries::of(&other).expect("an object"), &generic::SPEC);
        }
        assert_eq!(read(&mut keys), first, "after the classes were forgotten");
    }
}
