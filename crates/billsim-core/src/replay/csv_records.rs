//! CSV records read one at a time from a stream, as RFC 4180 writes them: fields split by
//! commas, a field in double quotes may hold commas, line breaks and doubled quotes (`""`),
//! records end at LF or CRLF, empty lines are skipped, and so are lines of empty fields
//! (`,,,,`: a spreadsheet's rows under its data). A quote inside an unquoted field is
//! kept as text, as the `csv` crate keeps it.
//!
//! The rule for a stray quote. A quoted value may run over several lines (Helicone's
//! `request_body` holds a whole prompt), so a quote left open at a line's end cannot be
//! told from one such value by itself; a stray one would take the rest of the file as one
//! field. So a record that runs past the end of its first line must come out with the
//! header's number of fields and end before the file does (and within [`MOST_BYTES`]);
//! else it is an unterminated quote at the line where it starts, that line is a bad row,
//! and the reading goes on at the next line as if the quote were not there. (A stray quote
//! closed by another stray quote lines later, with the fields adding up to the header's
//! by chance, cannot be told from a value over several lines.)

use crate::replay::error::BadRow;
use std::collections::VecDeque;
use std::io::{self, BufRead};

/// The most bytes a record over several lines may take before it is taken for an
/// unterminated quote (a record of one line has no such limit).
pub const MOST_BYTES: usize = 16 << 20;

/// What [`Records::next`] read: a record (its first line's number), or a bad row.
pub type Read = Option<Result<u64, BadRow>>;

pub struct Records<R> {
    input: R,
    /// Lines read from the input so far.
    line: u64,
    /// Lines read ahead and given back, to be read again (after an unterminated quote).
    again: VecDeque<(u64, Vec<u8>)>,
    buf: Vec<u8>,
    field: Vec<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    StartField,
    InField,
    InQuotes,
    /// A quote inside quotes: the value's end, or the first of a doubled quote.
    QuoteInQuotes,
}

impl<R: BufRead> Records<R> {
    pub fn new(input: R) -> Records<R> {
        Records { input, line: 0, again: VecDeque::new(), buf: Vec::new(), field: Vec::new() }
    }

    /// The next line (with its line end) into `self.buf`, and its number; `None` at the end.
    fn next_line(&mut self) -> io::Result<Option<u64>> {
        if let Some((line, bytes)) = self.again.pop_front() {
            self.buf = bytes;
            return Ok(Some(line));
        }
        self.buf.clear();
        if self.input.read_until(b'\n', &mut self.buf)? == 0 {
            return Ok(None);
        }
        self.line += 1;
        Ok(Some(self.line))
    }

    /// The next record into `record`; `fields`, when given, is the header's number of
    /// fields: a record over several lines with another number is an unterminated quote,
    /// and one of a line with more (but empty ones at its end) is a bad row.
    pub fn next(&mut self, record: &mut csv::ByteRecord, fields: Option<usize>) -> io::Result<Read> {
        let first = loop {
            match self.next_line()? {
                None => return Ok(None),
                Some(line) if !self.buf.iter().all(|&b| matches!(b, b'\r' | b'\n' | b',' | b' ' | b'\t')) => {
                    break line
                }
                Some(_) => {}
            }
        };
        record.clear();
        self.field.clear();
        let mut state = parse(State::StartField, &self.buf, &mut self.field, record);
        let mut bytes = self.buf.len();
        // The lines after the first, kept until the record is known good.
        let mut rest: Vec<(u64, Vec<u8>)> = Vec::new();
        while state == State::InQuotes {
            if bytes > MOST_BYTES {
                let how = format!("for more than {} MiB", MOST_BYTES >> 20);
                return Ok(Some(Err(self.unterminated(first, rest, &how))));
            }
            let Some(n) = self.next_line()? else {
                return Ok(Some(Err(self.unterminated(first, rest, "to the end of the file"))));
            };
            let line = std::mem::take(&mut self.buf);
            state = parse(state, &line, &mut self.field, record);
            bytes += line.len();
            rest.push((n, line));
        }
        record.push_field(&self.field);
        match fields {
            Some(f) if !rest.is_empty() && record.len() != f => {
                let how = format!("and leaves the row with {} fields where the header has {f}", record.len());
                Ok(Some(Err(self.unterminated(first, rest, &how))))
            }
            Some(f) if record.iter().skip(f).any(|x| !x.is_empty()) => Ok(Some(Err(BadRow {
                line: first,
                problem: format!(
                    "{} fields where the header has {f} (a comma in a value that is not in quotes?)",
                    record.len()
                ),
            }))),
            _ => Ok(Some(Ok(first))),
        }
    }

    /// Whether the record just read is the file's last line with no line end after it: a
    /// file cut short (a download stopped) ends so, in the middle of a row.
    pub fn ends_mid_line(&self) -> bool {
        !self.buf.is_empty() && !self.buf.ends_with(b"\n")
    }

    /// The record from line `first` is a bad row; its other lines are read again.
    fn unterminated(&mut self, first: u64, rest: Vec<(u64, Vec<u8>)>, how: &str) -> BadRow {
        for line in rest.into_iter().rev() {
            self.again.push_front(line);
        }
        BadRow { line: first, problem: format!("unterminated quote: a quoted value runs past the line's end {how}") }
    }
}

/// Reads one line's fields on from `state` into `field` and `record` (the field under way
/// stays in `field`); the line's end is the value's when a quote is open at it.
fn parse(mut state: State, line: &[u8], field: &mut Vec<u8>, record: &mut csv::ByteRecord) -> State {
    let text = line.strip_suffix(b"\n").map_or(line, |t| t.strip_suffix(b"\r").unwrap_or(t));
    if state == State::StartField && !text.contains(&b'"') {
        // Most lines: no quote, so the fields are the text between commas.
        let mut fields = text.split(|&b| b == b',');
        let last = fields.next_back().unwrap_or_default();
        for f in fields {
            record.push_field(f);
        }
        field.extend_from_slice(last);
        return State::InField;
    }
    for &b in text {
        state = match (state, b) {
            (State::StartField, b'"') => State::InQuotes,
            (State::InQuotes, b'"') => State::QuoteInQuotes,
            (State::QuoteInQuotes, b'"') => {
                field.push(b'"');
                State::InQuotes
            }
            (State::InQuotes, _) => {
                field.push(b);
                State::InQuotes
            }
            (_, b',') => {
                record.push_field(field);
                field.clear();
                State::StartField
            }
            (_, _) => {
                field.push(b);
                State::InField
            }
        };
    }
    if state == State::InQuotes {
        field.extend_from_slice(&line[text.len()..]);
    }
    state
}
