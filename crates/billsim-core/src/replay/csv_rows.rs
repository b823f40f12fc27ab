//! The CSV reader, for every format written as CSV: [`Records`] reads the records (RFC 4180
//! quoting: Helicone's `request_body` column holds JSON, with commas, quotes and line
//! breaks inside quotes; CRLF or LF), one at a time into a reused buffer.

use crate::replay::columns::{normalize, twice, Spec, ONE_NAME, REQUIRED};
use crate::replay::csv_records::Records;
use crate::replay::log::{alias_read, Builder, Field, Row, Value};
use crate::replay::ReplayError;
use crate::visible_text::quoted;
use std::borrow::Cow;
use std::io::BufRead;

/// For each field, the columns that may hold it, in the spec's order, with their names.
struct Columns {
    /// By the field's number (`field as usize`): looked up for each of some twenty fields of
    /// every row, so not searched for.
    by_field: [Vec<(usize, String)>; Field::COUNT],
    /// Fields read at a path into a column's JSON (`metadata.additional_usage_values...`).
    paths: &'static [(Field, &'static str)],
    /// Fields read from a key of another column's JSON object: (field, column, its name, key).
    inside: Vec<(Field, usize, String, &'static str)>,
    /// The header's names, normalized and as written (for `--per`).
    header: Vec<(String, String)>,
}

struct CsvRow<'r> {
    record: &'r csv::ByteRecord,
    columns: &'r Columns,
}

impl Row for CsvRow<'_> {
    /// A column, by its name or normalized; else `column.key`, a key of the column's JSON.
    fn named(&self, name: &str) -> Result<Option<Value<'_>>, String> {
        let cell = |i: usize| self.record.get(i).and_then(|b| std::str::from_utf8(b).ok());
        let column = |n: &str| self.columns.header.iter().position(|(norm, said)| said == n || *norm == normalize(n));
        if let Some(text) = column(name).and_then(cell) {
            return Ok(Some(Value { text: Cow::Borrowed(text), name: Cow::Owned(name.to_string()) }));
        }
        let Some((head, key)) = name.split_once('.') else { return Ok(None) };
        let text = column(head).and_then(cell).and_then(|t| key_of_json(t, key));
        Ok(text.map(|text| Value { text: Cow::Owned(text), name: Cow::Owned(name.to_string()) }))
    }

    /// The columns, and the keys of a column's JSON object as `column.key` (Helicone's
    /// `request_properties`).
    fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        for (i, (_, said)) in self.columns.header.iter().enumerate() {
            names.push(said.clone());
            let text = self.record.get(i).and_then(|b| std::str::from_utf8(b).ok()).unwrap_or("");
            names.extend(keys_of_json(text).into_iter().map(|key| format!("{said}.{key}")));
        }
        names
    }

    fn empty_name(&self, field: Field) -> Option<Cow<'_, str>> {
        let (_, name) = self.columns.by_field[field as usize].iter().find(|(i, _)| self.record.get(*i).is_some())?;
        Some(match self.columns.inside.iter().find(|(f, ..)| *f == field) {
            Some((_, _, column, key)) => Cow::Owned(format!("{name} and {column}.{key}")),
            None => Cow::Borrowed(name),
        })
    }

    fn get(&self, field: Field) -> Result<Option<Value<'_>>, String> {
        for (i, name) in &self.columns.by_field[field as usize] {
            let Some(bytes) = self.record.get(*i) else { continue };
            let text = std::str::from_utf8(bytes).map_err(|e| {
                format!("{name}: must be UTF-8 text; got a byte that is not UTF-8, at byte {}", e.valid_up_to())
            })?;
            if !text.trim().is_empty() {
                return Ok(Some(Value { text: Cow::Borrowed(text), name: Cow::Borrowed(name) }));
            }
        }
        for &(_, at) in self.columns.paths.iter().filter(|(f, _)| *f == field) {
            if let Some(v) = self.named(at)?.filter(|v| !v.text.trim().is_empty()) {
                return Ok(Some(v));
            }
        }
        // The first of the field's keys (a provider's own name for it) the object holds.
        for (_, i, name, key) in self.columns.inside.iter().filter(|(f, ..)| *f == field) {
            let Some(text) = self.record.get(*i).and_then(|b| std::str::from_utf8(b).ok()) else { continue };
            if let Some(text) = key_of_json(text, key) {
                return Ok(Some(Value { text: Cow::Owned(text), name: Cow::Owned(format!("{name}.{key}")) }));
            }
        }
        Ok(None)
    }
}

/// The text of `key` in the JSON object `text` (a path of keys into its objects when it
/// has dots and no such key: `additional_usage_values.cache_read_input_tokens`), also when
/// its quotes are doubled (as Helicone's export tool doubles them once more than CSV does);
/// a number as written; `None` when there is none.
fn key_of_json(text: &str, key: &str) -> Option<String> {
    let of = |t: &str| -> Option<String> {
        let value: serde_json::Value = serde_json::from_str(t).ok()?;
        let found = value.get(key).or_else(|| key.split('.').try_fold(&value, |v, k| v.get(k)))?;
        match found {
            serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    };
    of(text).or_else(|| text.contains("\"\"").then(|| of(&text.replace("\"\"", "\""))).flatten())
}

/// The keys of the JSON object `text` (its quotes doubled or not, as [`key_of_json`]);
/// none when it is not one.
fn keys_of_json(text: &str) -> Vec<String> {
    let text = text.trim();
    if !text.starts_with('{') {
        return Vec::new();
    }
    let of = |t: &str| serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(t).ok();
    of(text)
        .or_else(|| of(&text.replace("\"\"", "\"")))
        .map(|map| map.into_iter().map(|(k, _)| k).collect())
        .unwrap_or_default()
}

/// A line that repeats the header, said as a record that is no call.
const HEADER_AGAIN: crate::replay::log::NotACall = (
    "line repeating the header (files joined one after another)",
    "lines repeating the header (files joined one after another)",
);

/// Whether `record` is `header` again (its first field after a byte-order mark).
fn repeats(record: &csv::ByteRecord, header: &csv::ByteRecord) -> bool {
    record.len() == header.len()
        && record.iter().zip(header.iter()).enumerate().all(|(i, (r, h))| {
            let r = if i == 0 { r.strip_prefix(crate::replay::encoding::BYTE_ORDER_MARK).unwrap_or(r) } else { r };
            r.trim_ascii() == h.trim_ascii()
        })
}

/// Reads every record of `input` (a header, then rows) into `builder`.
pub fn read(input: impl BufRead, spec: &Spec, format: &str, builder: &mut Builder) -> Result<(), ReplayError> {
    let mut records = Records::new(input);
    let mut header = csv::ByteRecord::new();
    match records.next(&mut header, None).map_err(ReplayError::unreadable)? {
        Some(Ok(_)) => {}
        Some(Err(bad)) => {
            return Err(ReplayError::Unreadable(format!("its header (line {}) has an {}", bad.line, bad.problem)))
        }
        None => return Err(ReplayError::Empty),
    }
    let names: Vec<(String, String)> =
        header.iter().map(|h| String::from_utf8_lossy(h).trim().to_string()).map(|h| (normalize(&h), h)).collect();
    for (j, (name, said)) in names.iter().enumerate() {
        if let Some(i) = names[..j].iter().position(|(n, _)| n == name).filter(|_| spec.reads(name)) {
            let one = if names[i].1 == *said { String::new() } else { format!(", {ONE_NAME}") };
            return Err(ReplayError::Header {
                format: format.to_string(),
                problem: format!("gives {} (columns {} and {}){one}: keep one", twice(&names[i].1, said), i + 1, j + 1),
            });
        }
    }
    let mut by_field: [Vec<(usize, String)>; Field::COUNT] = std::array::from_fn(|_| Vec::new());
    for &(field, _) in spec.fields {
        let mut found: Vec<(usize, usize, String)> = names
            .iter()
            .enumerate()
            .filter_map(|(i, (n, said))| spec.rank(field, n).map(|rank| (rank, i, said.clone())))
            .collect();
        found.sort_by_key(|&(rank, i, _)| (rank, i));
        by_field[field as usize] = found.into_iter().map(|(_, i, said)| (i, said)).collect();
    }
    let columns = Columns {
        by_field,
        inside: spec
            .inside
            .iter()
            .filter_map(|&(field, column, key)| {
                names.iter().position(|(n, _)| n == column).map(|i| (field, i, names[i].1.clone(), key))
            })
            .collect(),
        header: names.clone(),
        paths: spec.paths,
    };
    if spec.aliases {
        for &(field, _) in spec.fields {
            let found = &columns.by_field[field as usize];
            for (_, other) in found.iter().skip(1) {
                let read = &found[0].1;
                builder.notes.push(format!(
                    "the columns {} and {} both give the {}: {}",
                    quoted(read),
                    quoted(other),
                    field.said(),
                    alias_read(read, other)
                ));
            }
        }
    }
    let normalized: Vec<String> = names.iter().map(|(n, _)| n.clone()).collect();
    let missing = spec.missing(&normalized);
    if !missing.is_empty() {
        let got = crate::replay::error::listed(names.iter().map(|(_, h)| h.as_str()));
        let not_commas = matches!(names.as_slice(), [(_, one)] if one.contains([';', '\t']));
        return Err(ReplayError::Columns { format: format.to_string(), missing, got, not_commas });
    }
    let has = |field: Field| !columns.by_field[field as usize].is_empty();
    // A format whose input tokens leave out the prompt cache's (Helicone's) undercounts
    // each call that read the cache when its CSV has no column for them (the export's has none).
    if spec.fields.iter().any(|&(f, _)| f == Field::CacheReadApart) && !has(Field::CacheReadApart) {
        builder.notes.push(format!(
            "no column gives the {} (the {format} CSV export has none; its JSON lines do): a call that read the \
             prompt cache counts fewer input tokens than it sent, and costs less when priced by the table",
            Field::CacheReadApart.said()
        ));
    }
    // With no key column either, the builder's note says the calls are one stand-in user.
    if !has(Field::User) && has(Field::Key) {
        builder
            .notes
            .push(format!("the file has no user column ({}): each API key stands for a user", spec.said(Field::User)));
    }
    // The column a row's kind is in, the kind that is a call, and what the others are.
    let only = spec
        .only
        .and_then(|(column, values, other)| names.iter().position(|(n, _)| n == column).map(|i| (i, values, other)));
    // A writer may leave off empty fields at a row's end, so a row short of columns no field
    // is read from is read. One short of a column read from is a bad row, not read with what
    // it has (its cost was the table's), and so is a short last line with no line end: a
    // file cut short, its last value maybe cut too ("0.0225" read as "0.02"). It says the
    // field every call needs that it lacks, if one.
    let read_from = |record: &csv::ByteRecord| columns.by_field.iter().flatten().any(|(i, _)| *i >= record.len());
    let short = |record: &csv::ByteRecord, mid_line: bool| {
        let lacks =
            REQUIRED.into_iter().find(|&f| columns.by_field[f as usize].iter().all(|(i, _)| *i >= record.len()));
        let lacks = lacks.map_or(String::new(), |f| format!(", so no {}", f.said()));
        let cut = if mid_line { ": the file ends in the middle of it (cut short?)" } else { "" };
        format!("{} fields where the header has {}{lacks}{cut}", record.len(), header.len())
    };
    let mut record = csv::ByteRecord::new();
    while let Some(read) = records.next(&mut record, Some(header.len())).map_err(ReplayError::unreadable)? {
        let mid_line = records.ends_mid_line();
        let cut = (record.len() < header.len() && (mid_line || read_from(&record))).then(|| short(&record, mid_line));
        match read {
            // Files joined one after another (`cat`): the next one's header, its byte-order
            // mark too, is no call.
            Ok(_) if repeats(&record, &header) => builder.not_a_call(HEADER_AGAIN),
            Ok(line) if builder.repeated(line, &CsvRow { record: &record, columns: &columns }) => {}
            Ok(line) => match (only, cut) {
                (Some((i, values, other)), _)
                    if record.get(i).is_some_and(|v| !values.iter().any(|c| v == c.as_bytes())) =>
                {
                    builder.not_a_call(other)
                }
                (_, Some(problem)) => builder.bad_row(line, problem),
                _ => builder.row(line, &CsvRow { record: &record, columns: &columns }),
            },
            Err(bad) => builder.bad_row(bad.line, bad.problem),
        }
    }
    Ok(())
}
