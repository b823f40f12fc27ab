//! Replay: a log of an app's own model calls read into the engine's traffic, to see what
//! each policy would have done to it (issue 12).
//!
//! The readers, one file per format, each stream: they read from any [`BufRead`] one
//! line or record at a time and number each user and model once, so memory grows with
//! the calls and users, not with the file's bytes. The format is found from the file's
//! first 64 KiB, or given.
//!
//! The formats, as their makers document them (read 2026-11):
//! - LiteLLM's `LiteLLM_SpendLogs` rows (the type `LiteLLM_SpendLogs` in BerriAI/litellm,
//!   `litellm-js/spend-logs/src/_types.ts`): [`litellm`];
//! - Helicone's export (`@helicone/export`, Helicone/helicone `examples/export`): [`helicone`];
//! - Langfuse observations (`ObservationsView` of the Langfuse API and its JS SDK
//!   reference: `usageDetails`, `costDetails`, `totalCost`, `providedModelName`): [`langfuse`];
//! - OpenTelemetry GenAI spans (the GenAI semantic conventions' span attributes
//!   `gen_ai.request.model`, `gen_ai.usage.input_tokens`...; OTLP's JSON encoding, as the
//!   Collector's file exporter writes it): [`otlp`];
//! - a generic CSV or JSON-lines log: [`generic`].
//!
//! Reports that count per period, not per call, are recognised and refused, naming the
//! per-call export to give instead: [`reports`].

pub mod address;
pub mod amount;
mod call_columns;
pub mod columns;
mod counted_by;
mod csv_records;
mod csv_rows;
mod encoding;
mod error;
pub mod export;
mod format;
pub mod generic;
pub mod helicone;
mod json_document;
mod json_rows;
pub mod langfuse;
pub mod lesson_log;
pub mod litellm;
pub mod log;
mod models_named;
mod names;
pub mod otlp;
pub mod page;
pub mod per;
pub mod prices;
mod reports;
mod row;
pub mod run;
mod spec_row;
pub mod status;
pub mod view;
pub mod when;

pub use error::{BadRow, ReplayError};
pub use format::{Format, FORMATS_ALLOWED};
pub use log::Log;

use encoding::BYTE_ORDER_MARK;
use json_rows::{Entries, Shape};
use log::Builder;
use serde_json::value::RawValue;
use spec_row::{KeyClasses, SpecRow};
use std::io::{BufRead, Cursor, Read};

/// How to read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The format, when not found from the file.
    pub format: Option<Format>,
    /// Go on without bad rows (and say how many) rather than stop.
    pub skip_bad_rows: bool,
    /// The file's size in bytes, when known: the calls' memory is then taken once, for as
    /// many rows as the file's first lines say it holds, rather than doubled as it fills
    /// (wasm memory never shrinks, so each doubling's old block would stay taken).
    pub bytes: Option<u64>,
    /// Who counts as the user: a field of the file, by its own name (`team_id`,
    /// `metadata.user_api_key_team_id`, `sessionId`, `service.name`...), in place of the
    /// format's user; calls without it are one stand-in user.
    pub per: Option<String>,
}

/// How much of the file the format is found from.
const HEAD: u64 = 64 * 1024;

/// The signatures of files that are no text log: compressed ones, and a document (a PDF of a
/// dashboard's report starts as text, and was read as a CSV whose column was "%PDF-1.4"):
/// the bytes each starts with, what it is, what to do.
const SIGNATURES: [(&[u8], &str, &str); 4] = [
    (b"\x1f\x8b", "compressed with gzip", "decompress it (gunzip) and give the file it holds"),
    (b"\x28\xb5\x2f\xfd", "compressed with zstd", "decompress it (zstd -d) and give the file it holds"),
    (b"PK\x03\x04", "a zip archive", "extract the export from it"),
    (b"%PDF-", "a PDF document", "export the calls as CSV or JSON from the tool that logged them"),
];

/// The lines of `head`, when it has whole lines to count (at least two).
fn lines_in(head: &[u8]) -> Option<u64> {
    let lines = head.iter().filter(|&&b| b == b'\n').count() as u64;
    (lines >= 2).then_some(lines)
}

/// Reads a log.
pub fn read(mut input: impl BufRead, options: &Options) -> Result<Log, ReplayError> {
    let mut head = Vec::new();
    (&mut input).take(HEAD).read_to_end(&mut head).map_err(ReplayError::unreadable)?;
    if head.starts_with(BYTE_ORDER_MARK) {
        head.drain(..BYTE_ORDER_MARK.len());
    } else if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") {
        return Err(ReplayError::Utf16);
    }
    if head.iter().all(u8::is_ascii_whitespace) {
        return Err(ReplayError::Empty);
    }
    // An export compressed as it was stored (an S3 object's .gz, the Collector's zstd).
    for (signature, format, opens) in SIGNATURES {
        if head.starts_with(signature) {
            return Err(ReplayError::Compressed { format, opens });
        }
    }
    match not_text(&head) {
        (Some(control), not_utf8) => return Err(ReplayError::Binary(not_utf8.map_or(control, |n| n.min(control)))),
        // A byte UTF-8 has not, in a head with no control byte: text in another encoding.
        (None, Some(at)) => {
            let line = head[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            return Err(ReplayError::NotUtf8 { at, line, byte: head[at] });
        }
        (None, None) => {}
    }
    let text = String::from_utf8_lossy(&head).into_owned();
    let json = matches!(text.trim_start().as_bytes().first(), Some(b'[' | b'{'));
    let found = if json { detect_json(&text)? } else { detect_csv(&text)? };
    // A chosen format is obeyed; when the file cannot be read so, the error says what
    // the file looks like.
    let format = options.format.unwrap_or(found);
    // A file no maker's format claims is read as a generic log: it is said to look like one
    // only where it is one, a CSV whose header has every column the generic reader needs.
    let sure = found != Format::Generic || !json && generic::SPEC.missing(&header_names(&text)).is_empty();
    let looks_like = |error: ReplayError| match options.format {
        Some(chosen) if chosen != found && sure && !matches!(error, ReplayError::NotJsonFormat(_)) => {
            ReplayError::OtherFormat { found, error: Box::new(error) }
        }
        _ => error,
    };
    read_as(format, json, &text, head, input, options).map_err(looks_like)
}

/// Reads the log as `format`, its `head` already read from `input` (`text` is the head as text).
fn read_as(
    format: Format,
    json: bool,
    text: &str,
    head: Vec<u8>,
    input: impl BufRead,
    options: &Options,
) -> Result<Log, ReplayError> {
    let mut builder = Builder::default();
    builder.format = format;
    builder.bytes = options.bytes;
    builder.per.clone_from(&options.per);
    let shape = json.then(|| Shape::of(text));
    // A row a line: room for the rows guessed from the head's lines. A JSON document's
    // records span lines: its reader guesses from its first records instead.
    if shape.is_none() || shape == Some(Shape::Lines) {
        if let Some(lines) = lines_in(&head) {
            builder.reserve_by_size(lines, head.len() as u64);
        }
    }
    let mut whole = Cursor::new(head).chain(input);
    if !json {
        let spec = match (read_by_names(format), format) {
            (Some(spec), _) => spec,
            (None, Format::Langfuse) => &langfuse::CSV_SPEC,
            (None, _) => return Err(ReplayError::NotJsonFormat(format)),
        };
        csv_rows::read(whole, spec, format.name(), &mut builder)?;
    } else {
        let mut on: Box<json_document::OnRecord<'_>> = match (read_by_names(format), format) {
            (Some(spec), _) => {
                let mut keys = KeyClasses::default();
                let mut first = true;
                Box::new(move |b: &mut Builder, line, raw: &RawValue| {
                    let was_first = std::mem::replace(&mut first, false);
                    spec_record(b, line, raw, spec, &mut keys, was_first.then(|| format.name()))
                })
            }
            (None, Format::Langfuse) => Box::new(langfuse::record),
            (None, _) => Box::new(otlp::record),
        };
        match shape {
            Some(Shape::Document) => {
                // A maker's record by itself is one call (a generic object with no list of
                // records is more likely a document with its list under another name, unless
                // another object follows it). A Langfuse object longer than the head is a
                // trace, its observations after its input (`GET /api/public/traces/{id}`).
                let whole_record = match format {
                    Format::Otlp => true,
                    Format::Generic => {
                        json_rows::is_one_record(text, false) && json_rows::objects_one_after_another(text)
                    }
                    _ => json_rows::is_one_record(text, format == Format::Langfuse),
                };
                json_document::read(&mut whole, 0, whole_record, &mut builder, &mut *on)?
            }
            shape => json_rows::read_lines(&mut whole, shape == Some(Shape::Pages), &mut builder, &mut *on)?,
        }
    }
    builder.finish(options.skip_bad_rows)
}

/// The names a format's fields go by, where its JSON records are read by them as its CSV
/// rows are (Langfuse's and OpenTelemetry's JSON have readers of their own).
fn read_by_names(format: Format) -> Option<&'static columns::Spec> {
    match format {
        Format::Generic => Some(&generic::SPEC),
        Format::LiteLlm => Some(&litellm::SPEC),
        Format::Helicone => Some(&helicone::SPEC),
        Format::Langfuse | Format::Otlp => None,
    }
}

/// A record read by a format's names. The log's first (`first`: the format's name) with no
/// field of a call at all is no log of calls, said with its fields as a CSV's header is,
/// rather than as a bad row that "Skip bad rows" would skip.
fn spec_record(
    builder: &mut Builder,
    line: u64,
    raw: &RawValue,
    spec: &columns::Spec,
    keys: &mut KeyClasses,
    first: Option<&str>,
) -> Result<(), ReplayError> {
    match Entries::of(raw) {
        Ok(entries) => {
            reports::refuse_record(&entries)?;
            if let Some(format) = first {
                let names = json_rows::paths(&entries);
                let normalized: Vec<String> = entries
                    .0
                    .iter()
                    .map(|(k, _)| k.to_string())
                    .chain(names.iter().cloned())
                    .map(|n| columns::normalize(&n))
                    .collect();
                let missing = spec.missing(&normalized);
                if missing.len() == columns::REQUIRED.len() {
                    let got = error::listed(names.iter().map(String::as_str));
                    return Err(ReplayError::NoCall { format: format.to_string(), line, missing, got });
                }
            }
            let row = SpecRow::new(&entries, spec, keys);
            if builder.repeated(line, &row) {
                return Ok(());
            }
            for (field, read, other) in row.aliases() {
                builder.alias(field, read, other);
            }
            builder.row(line, &row);
        }
        Err(e) => builder.bad_row(line, e),
    }
    Ok(())
}

/// Where the head stops being text: its first NUL or other control byte, and its first
/// byte that is not UTF-8 (a character cut by the head's end is not counted).
fn not_text(head: &[u8]) -> (Option<usize>, Option<usize>) {
    let control = head.iter().position(|&b| b == 0 || (b < 0x20 && !b"\t\n\r\x0c".contains(&b)));
    let not_utf8 = match std::str::from_utf8(head) {
        Err(e) if e.error_len().is_some() => Some(e.valid_up_to()),
        _ => None,
    };
    (control, not_utf8)
}

fn detect_json(text: &str) -> Result<Format, ReplayError> {
    reports::refuse_json(text)?;
    let found = maker_of(text);
    // JSON lines of two makers' exports joined (`cat`) were read as the maker's that
    // `maker_of` tries first, every line of the other a bad row naming a field it had.
    if found != Format::Generic {
        let mut first: Option<(Format, u64)> = None;
        for (i, line) in text.lines().enumerate().filter(|(_, l)| l.trim_start().starts_with('{')) {
            let (maker, at) = (maker_of(line), i as u64 + 1);
            match first {
                _ if maker == Format::Generic => {}
                None => first = Some((maker, at)),
                Some(one) if one.0 != maker => return Err(ReplayError::MixedFormats { first: one, then: (maker, at) }),
                Some(_) => {}
            }
        }
    }
    Ok(found)
}

/// The maker whose export `text` (a file's head, or one of its lines) is, by the names only
/// that maker writes; [`Format::Generic`] for none.
fn maker_of(text: &str) -> Format {
    let has = |key: &str| text.contains(&format!("\"{key}\""));
    if has("resourceSpans") || has("startTimeUnixNano") {
        Format::Otlp
    } else if has("usageDetails")
        || has("providedModelName")
        || has("GENERATION")
        || has("parentObservationId")
        || has("traceId") && (has("SPAN") || has("EVENT"))
        || has(json_document::TRACE) && has("projectId")
    {
        // A file whose first 64 KiB hold only an agent's spans is known too: Langfuse's API
        // writes `parentObservationId` (null or not) on every observation, and a span's
        // `traceId` and type come before its input, which may fill the 64 KiB alone; so is a
        // trace download whose trace's input fills them (its `trace`, with a `projectId`).
        Format::Langfuse
    } else if has("request_created_at") || has("response_id") && has("response_body") {
        // Helicone's start time, which no other format reads; its other names
        // (`response_id`, `request_user_id`) may be extra keys of a generic log. Its rows
        // begin with `response_id` and `response_body`, before the bodies (the export
        // tool's `--include-body` writes the whole prompt and answer there), so a first
        // row longer than the head is known by those two keys.
        Format::Helicone
    } else if has("startTime")
        && has("prompt_tokens")
        && has("completion_tokens")
        && (has("spend") || has("response_cost"))
    {
        // Its cost's names too, as a CSV's header needs `spend`: a generic log may use its
        // other names (`startTime`, `prompt_tokens`) with a `cost` the LiteLLM reader skips.
        Format::LiteLlm
    } else {
        Format::Generic
    }
}

/// The names of a CSV's header (its first line), as the readers match them.
fn header_names(text: &str) -> Vec<String> {
    let header = text.lines().next().unwrap_or("");
    header.split(',').map(|h| columns::normalize(h.trim_matches(['"', ' ', '\r']))).collect()
}

/// The format of a CSV's header: a maker's when its names are there and the maker's
/// reader finds every field it needs (so a generic log with `start_time` and `spend`, or an
/// extra `response_id`, is generic); else generic, unless the generic reader lacks a field
/// too (then the maker's, whose error says what is missing: a LiteLLM export without its
/// `startTime`, known by its `request_id`, `spend` and `prompt_tokens`).
fn detect_csv(text: &str) -> Result<Format, ReplayError> {
    let header = text.lines().next().unwrap_or("");
    reports::refuse_header(&header.split(',').map(|h| h.trim_matches(['"', ' ', '\r'])).collect::<Vec<_>>())?;
    let names = header_names(text);
    let has = |n: &str| names.iter().any(|h| h == n);
    let maker = if has("inputusage") && has("traceid") {
        Some((Format::Langfuse, &langfuse::CSV_SPEC))
    } else if has("requestcreatedat") || has("responseid") {
        Some((Format::Helicone, &helicone::SPEC))
    } else if has("spend") && (has("starttime") || has("requestid") && has("prompttokens")) {
        Some((Format::LiteLlm, &litellm::SPEC))
    } else {
        None
    };
    Ok(match maker {
        Some((format, spec)) if spec.missing(&names).is_empty() => format,
        Some((format, _)) if !generic::SPEC.missing(&names).is_empty() => format,
        _ => Format::Generic,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rows_of_a_file_are_guessed_from_its_heads_lines_and_5_percent_more() {
        let head = b"t,u\n1,a\n2,b\n";
        let lines = lines_in(head).expect("three lines");
        let rows = call_columns::rows_guessed(6_000, lines, head.len() as u64);
        assert_eq!(rows, 1_575, "4 bytes a line in 6,000 bytes: 1,500 rows, and 5% more");
        assert_eq!(lines_in(b"no line end"), None);
        assert_eq!(call_columns::rows_guessed(6_000, 0, 0), 6_300, "no rows read: a byte a row");
    }

    #[test]
    fn a_size_hint_past_any_memory_is_only_a_hint() {
        let text = "time,end,user,model,input_tokens,output_tokens\n\
                    2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,alice,claude-haiku-4-5,100,20\n";
        let options = Options { bytes: Some(u64::MAX / 2), ..Options::default() };
        assert_eq!(read(text.as_bytes(), &options).unwrap().calls.len(), 1);
    }
}
