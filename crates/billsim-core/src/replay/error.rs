//! Why a log cannot be replayed, and its bad rows: what every reader may return, in a
//! file of its own so that the readers and `replay/mod.rs`, which calls them, do not
//! import each other.

use crate::replay::format::Format;
use crate::replay::page;
use crate::words::counted;
use serde::Serialize;
use std::fmt;

/// A row that cannot be replayed: where, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BadRow {
    /// 1-based; of the row's end for a record over several lines.
    pub line: u64,
    pub problem: String,
}

impl fmt::Display for BadRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.problem)
    }
}

/// Why a log cannot be replayed.
#[derive(Debug)]
pub enum ReplayError {
    Empty,
    /// Not text: the offset of the first byte that text cannot have.
    Binary(usize),
    /// Text in UTF-16 (its byte-order mark first), as some Windows tools save it.
    Utf16,
    /// A compressed file (its format's signature first): the format, and what opens it.
    Compressed {
        format: &'static str,
        opens: &'static str,
    },
    /// Text, but not UTF-8 (a Latin-1 "é"): the offset of the first such byte, its line
    /// (from 1) and the byte.
    NotUtf8 {
        at: usize,
        line: usize,
        byte: u8,
    },
    /// An export of totals per time bucket: what it is, and the per-call export to give instead.
    Aggregated(&'static str, &'static str),
    /// An export of one record a request, its calls summed (Langfuse's traces list): what it
    /// is, and the per-call export to give instead.
    PerRequest(&'static str, &'static str),
    /// `--per FIELD` names a field no call has, or one that does not say who made a call:
    /// the field, and the log's fields that do (see [`crate::replay::per`]).
    NoSuchField {
        field: String,
        fields: Vec<String>,
    },
    /// The file could not be read in the format chosen, and looks like another.
    OtherFormat {
        found: Format,
        error: Box<ReplayError>,
    },
    /// A format that is JSON only, given CSV.
    NotJsonFormat(Format),
    /// JSON lines of two makers' exports in one file: the first line of each.
    MixedFormats {
        first: (Format, u64),
        then: (Format, u64),
    },
    /// The header lacks columns: each missing field with the names it may have.
    Columns {
        format: String,
        missing: Vec<String>,
        got: String,
        /// The header is one column whose name holds a semicolon or a tab: the file's
        /// columns are separated by another character than a comma.
        not_commas: bool,
    },
    /// A JSON log's first record has no field of a call: each field with the names it may
    /// have, and the record's fields.
    NoCall {
        format: String,
        line: u64,
        missing: Vec<String>,
        got: String,
    },
    /// The header cannot be read as it is: what is wrong, after "the header".
    Header {
        format: String,
        problem: String,
    },
    /// A JSON document broken where reading cannot go on.
    NotJson {
        line: u64,
        column: u64,
    },
    /// A JSON document that ends inside a list or record: a file cut short (a download or
    /// an export stopped before its end), said so rather than as a byte out of place.
    CutShort {
        line: u64,
        column: u64,
    },
    /// A JSON document with no list of records.
    NoRows,
    BadRows {
        first: Vec<BadRow>,
        count: u64,
    },
    /// No row is a call: what the records were instead, and the bad rows left out.
    NoCalls {
        not_calls: Vec<String>,
        bad: u64,
        first_bad: Option<BadRow>,
    },
    Unreadable(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Empty => f.write_str("the log is empty: it has no calls to replay"),
            ReplayError::NoSuchField { field, fields } => f.write_str(&crate::replay::per::refused(field, fields)),
            ReplayError::Utf16 => {
                f.write_str("the log must be text in UTF-8; this file is in UTF-16: save it as UTF-8")
            }
            ReplayError::Compressed { format, opens } => {
                write!(f, "the log must be text (CSV or JSON); this file is {format}: {opens} first")
            }
            ReplayError::Binary(at) => {
                write!(f, "the log must be text (CSV or JSON); byte {at} is not text, so this looks like a binary file")
            }
            ReplayError::NotUtf8 { at, line, byte } => write!(
                f,
                "line {line}: the log must be text in UTF-8; byte {at} of the file, 0x{byte:02X}, is not UTF-8 (a \
                 Latin-1 or Windows-1252 file, say): save it as UTF-8"
            ),
            ReplayError::Aggregated(what, instead) => write!(
                f,
                "this is {what}, which counts tokens per time bucket, not per call, so it cannot be replayed: export \
                 {instead} instead"
            ),
            ReplayError::PerRequest(what, instead) => write!(
                f,
                "this is {what}, one record a request with its calls' costs summed, not one a model call, so it \
                 cannot be replayed: export {instead} instead"
            ),
            ReplayError::OtherFormat { found, error } => {
                write!(f, "{}{error}", looks_like(*found, &format!("--format {} or leave --format out", found.name())))
            }
            ReplayError::NotJsonFormat(format) => {
                write!(f, "format: {} ({}) must be JSON; the file is not", format.label(), format.name())
            }
            ReplayError::MixedFormats { first: (one, at), then: (other, then) } => write!(
                f,
                "the file holds two kinds of export: line {at} reads as {}, line {then} as {}; replay each apart",
                one.label(),
                other.label()
            ),
            ReplayError::Columns { format, missing, got, not_commas } => {
                write!(
                    f,
                    "the {format} log's header has no column for {}; its columns are: {got} ({NAMES_MATCHED})",
                    missing.join("; nor for ")
                )?;
                if *not_commas {
                    f.write_str("; a CSV's columns must be separated by commas")?;
                }
                Ok(())
            }
            ReplayError::NoCall { format, line, missing, got } if got.is_empty() => write!(
                f,
                "the {format} log's first record, on line {line}, has no field for {}: it has no fields",
                missing.join("; nor for ")
            ),
            ReplayError::NoCall { format, line, missing, got } => write!(
                f,
                "the {format} log's first record, on line {line}, has no field for {}; its fields are: {got} \
                 ({NAMES_MATCHED})",
                missing.join("; nor for ")
            ),
            ReplayError::Header { format, problem } => write!(f, "the {format} log's header {problem}"),
            ReplayError::NotJson { line, column } => {
                write!(f, "the log must be JSON; it is not at line {line}, column {column}, and cannot be read on")
            }
            ReplayError::CutShort { line, column } => write!(
                f,
                "the log ends at line {line}, column {column}, inside a list or record of its JSON: the file was cut \
                 short (a download or an export that stopped before its end?)"
            ),
            ReplayError::NoRows => f.write_str("the JSON must be a list of calls, or an object with them in \"data\""),
            ReplayError::BadRows { first, count } => f.write_str(&bad_rows(first, *count, "--skip-bad-rows")),
            ReplayError::NoCalls { not_calls, bad, first_bad } => {
                if not_calls.is_empty() {
                    f.write_str("the log has no calls to replay")?;
                } else {
                    write!(f, "the log has no model calls to replay: only {}", not_calls.join(", "))?;
                }
                match first_bad {
                    Some(first) => write!(
                        f,
                        "{}its {} left out (the first: {first})",
                        if not_calls.is_empty() { ": " } else { "; " },
                        counted(*bad, "bad row was", "bad rows were")
                    ),
                    None => Ok(()),
                }
            }
            ReplayError::Unreadable(e) => write!(f, "the log cannot be read: {e}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl ReplayError {
    /// The log's input failed under a reader: the system's reason.
    pub fn unreadable(e: std::io::Error) -> Self {
        ReplayError::Unreadable(crate::visible_text::io_reason(&e))
    }

    /// As the page says it: its controls named where the command line names its switches.
    pub fn on_page(&self) -> String {
        match self {
            ReplayError::OtherFormat { found, error } => format!(
                "{}{}",
                looks_like(*found, &format!("\"{}\" or \"{}\" as the format", found.label(), page::WORDS.auto)),
                error.on_page()
            ),
            ReplayError::BadRows { first, count } => bad_rows(first, *count, &format!("\"{}\"", page::WORDS.skip)),
            e => e.to_string(),
        }
    }
}

/// Said after the error of a file read in a format it does not look like.
/// How a format's names for a field are matched: they are listed lowercased and squashed
/// ("prompttokens" for LiteLLM's `prompt_tokens`), which would read as the name to write.
const NAMES_MATCHED: &str = "names match whatever their case, \"_\", \"-\", \".\" and spaces";

/// The most of a header's or a record's names a message lists.
const NAMES_LISTED: usize = 20;

/// A header's or a record's names as a message lists them: the first [`NAMES_LISTED`], and
/// how many more there are.
pub(crate) fn listed<'a>(names: impl Iterator<Item = &'a str>) -> String {
    // A long one (a line with no comma is one name) cut to its start.
    let names: Vec<String> = names.map(|name| crate::visible_text::shortened(name, str::to_string)).collect();
    let shown = names[..names.len().min(NAMES_LISTED)].join(", ");
    match names.len().saturating_sub(NAMES_LISTED) {
        0 => shown,
        more => format!("{shown} and {more} more"),
    }
}

/// Said first: read as chosen, a file of another format is mostly bad rows, and this
/// came after ten of them.
fn looks_like(found: Format, choose: &str) -> String {
    format!("the file looks like {} ({}): choose {choose}; read as chosen: ", found.label(), found.name())
}

/// The first bad rows, one a line, then how many more; `switch` replays without them.
fn bad_rows(first: &[BadRow], count: u64, switch: &str) -> String {
    let listed: Vec<String> = first.iter().map(|r| format!("  {r}")).collect();
    let more = count - first.len() as u64;
    let more = if more > 0 { format!("\n  and {more} more") } else { String::new() };
    format!("{} ({switch} replays the others):\n{}{more}", counted(count, "bad row", "bad rows"), listed.join("\n"))
}
