//! One JSON document's records, found by a scanner of our own: a list of records, or an
//! object holding them in `"data"` (or `"logs"`, or Langfuse's `"observations"`). The
//! scanner copies one value at a time out of the stream (a record, a key, a value beside
//! the records), and serde_json checks each from its bytes, so the document is never held
//! whole. serde_json reading the stream itself took a byte a call and tracked each byte's
//! line and column: most of the time of a big export's replay.
//!
//! Positions are serde_json's: the line (1-based) and the bytes read on it, up to and with
//! the byte that is wrong (or all of them, where the document ends too early).

use crate::replay::log::Builder;
use crate::replay::ReplayError;
use serde::de::IgnoredAny;
use serde_json::value::RawValue;
use std::io::BufRead;

/// The keys under which a document holds its records: an API's `"data"` (or `"logs"`), and
/// Langfuse's trace download's `"observations"`.
pub const RECORDS: [&str; 3] = ["data", "logs", "observations"];
/// The key of a Langfuse trace's observations.
const TRACES_RECORDS: &str = RECORDS[2];
/// The key of a Langfuse trace download's trace, beside its `observations`.
pub const TRACE: &str = "trace";
/// A Langfuse trace's fields its observations take where theirs are empty.
const TRACES_OWN: [&str; 2] = ["userId", "sessionId"];

/// How many records a list's size per record is taken from.
const SAMPLE: u64 = 64;

/// What a record handler may say: go on, or stop the whole file. It is given the line the
/// record starts on.
pub type OnRecord<'h> = dyn FnMut(&mut Builder, u64, &RawValue) -> Result<(), ReplayError> + 'h;

/// Reads one document from `input`, which starts after line `before`: its records, each
/// handed to `on`; with `whole`, the document is itself the one record (an OTLP export).
pub fn read(
    input: &mut dyn BufRead,
    before: u64,
    whole: bool,
    builder: &mut Builder,
    on: &mut OnRecord<'_>,
) -> Result<(), ReplayError> {
    let mut scan = Scanner { input, line: before + 1, column: 0, found_rows: false };
    let mut bytes = Vec::new();
    // Documents saved one after another (an API's pages appended to one file) are read on:
    // pages of one line each are found from the head, but not one longer than the head.
    // A page among them with no records (an API's error answer) is a bad row at its line.
    let (mut any, mut empty) = (false, Vec::new());
    loop {
        let start = scan.line;
        scan.found_rows = false;
        if whole {
            let (line, raw): (u64, &RawValue) = scan.located(&mut bytes)?;
            scan.found_rows = true;
            on(builder, line, raw)?;
        } else {
            scan.records(0, builder, on)?;
        }
        if scan.found_rows {
            any = true;
        } else {
            empty.push(start);
        }
        let next = match scan.next_token()? {
            // A file joined after this one, with its byte-order mark.
            Some(0xEF) => {
                scan.byte_order_mark()?;
                scan.next_token()?
            }
            next => next,
        };
        match next {
            None => break,
            Some(b'[' | b'{') => {}
            Some(_) => return Err(scan.wrong_byte()),
        }
    }
    if !any {
        return Err(ReplayError::NoRows);
    }
    for line in empty {
        builder.bad_row(line, NO_RECORDS.to_string());
    }
    Ok(())
}

/// A document among others that holds no records.
pub const NO_RECORDS: &str = "a document with no list of records among pages that have one (an API's error answer?)";

struct Scanner<'r> {
    input: &'r mut dyn BufRead,
    /// The line of the next byte (1-based), and the bytes read on it before that byte.
    line: u64,
    column: u64,
    /// Whether a list of records was found (an empty one counts).
    found_rows: bool,
}

impl Scanner<'_> {
    fn fill(&mut self) -> Result<&[u8], ReplayError> {
        self.input.fill_buf().map_err(ReplayError::unreadable)
    }

    fn not_json(&self) -> ReplayError {
        ReplayError::NotJson { line: self.line, column: self.column }
    }

    /// The document has ended where more of it must follow.
    fn cut_short(&self) -> ReplayError {
        ReplayError::CutShort { line: self.line, column: self.column }
    }

    /// Reads the byte that does not belong where it is, then says where it is.
    fn wrong_byte(&mut self) -> ReplayError {
        self.input.consume(1);
        self.column += 1;
        self.not_json()
    }

    /// Skips white space; the next byte (not read), or `None` at the end.
    fn next_token(&mut self) -> Result<Option<u8>, ReplayError> {
        loop {
            let (mut line, mut column) = (self.line, self.column);
            let buf = self.fill()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let mut found = None;
            let mut n = 0;
            for &b in buf {
                match b {
                    b'\n' => (line, column) = (line + 1, 0),
                    b' ' | b'\t' | b'\r' => column += 1,
                    _ => {
                        found = Some(b);
                        break;
                    }
                }
                n += 1;
            }
            self.input.consume(n);
            (self.line, self.column) = (line, column);
            if found.is_some() {
                return Ok(found);
            }
        }
    }

    /// Reads a byte-order mark, or says where the bytes that begin like one are.
    fn byte_order_mark(&mut self) -> Result<(), ReplayError> {
        let mut bytes = [0; 3];
        let read = std::io::Read::read_exact(&mut self.input, &mut bytes);
        self.column += 1;
        match read {
            Ok(()) if bytes == crate::replay::encoding::BYTE_ORDER_MARK => Ok(()),
            _ => Err(self.not_json()),
        }
    }

    /// Reads the byte `expected` after white space, or says where another is.
    fn expect(&mut self, expected: u8) -> Result<(), ReplayError> {
        match self.next_token()? {
            Some(b) if b == expected => {
                self.input.consume(1);
                self.column += 1;
                Ok(())
            }
            Some(_) => Err(self.wrong_byte()),
            None => Err(self.cut_short()),
        }
    }

    /// Copies the next value into `out`, up to its end, by its brackets and quotes alone
    /// (serde_json checks it after); returns its start's line and column. A value that is
    /// not JSON can look unended to brackets and quotes (a quote too many): serde_json
    /// checks what is copied each time it doubles past 1 MiB, and where the document ends,
    /// so such a value is refused where it goes wrong, not copied to the document's end.
    fn copy_value(&mut self, out: &mut Vec<u8>) -> Result<(u64, u64), ReplayError> {
        out.clear();
        let Some(first) = self.next_token()? else { return Err(self.cut_short()) };
        let start = (self.line, self.column);
        if matches!(first, b',' | b':' | b']' | b'}') {
            return Err(self.wrong_byte());
        }
        // A number, true, false or null ends before a delimiter, or at the document's end.
        let scalar = !matches!(first, b'"' | b'[' | b'{');
        let (mut depth, mut quoted, mut escaped) = (0u64, false, false);
        let mut check_at = 1 << 20;
        loop {
            let (mut line, mut column) = (self.line, self.column);
            let buf = self.fill()?;
            if buf.is_empty() {
                if scalar {
                    return Ok(start);
                }
                return Err(self.where_not_json(start, out).unwrap_or_else(|| self.cut_short()));
            }
            let (mut n, mut done) = (0, false);
            for &b in buf {
                if scalar && matches!(b, b',' | b']' | b'}' | b':' | b' ' | b'\t' | b'\r' | b'\n') {
                    done = true;
                    break;
                }
                n += 1;
                if b == b'\n' {
                    (line, column) = (line + 1, 0);
                } else {
                    column += 1;
                }
                if scalar {
                    continue;
                }
                if quoted {
                    match b {
                        _ if escaped => escaped = false,
                        b'\\' => escaped = true,
                        b'"' => quoted = false,
                        _ => {}
                    }
                } else {
                    match b {
                        b'"' => quoted = true,
                        b'[' | b'{' => depth += 1,
                        b']' | b'}' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                }
                if !quoted && depth == 0 {
                    done = true;
                    break;
                }
            }
            out.extend_from_slice(&buf[..n]);
            self.input.consume(n);
            (self.line, self.column) = (line, column);
            if done {
                return Ok(start);
            }
            if out.len() >= check_at {
                if let Some(e) = self.where_not_json(start, out) {
                    return Err(e);
                }
                check_at *= 2;
            }
        }
    }

    /// Where serde_json finds the start of a value, copied so far into `bytes`, not JSON
    /// (`None` if all it lacks is its end).
    fn where_not_json(&self, start: (u64, u64), bytes: &[u8]) -> Option<ReplayError> {
        match serde_json::from_slice::<IgnoredAny>(bytes) {
            Err(e) if !e.is_eof() => Some(at(start, &e)),
            _ => None,
        }
    }

    /// The next value, copied into `bytes` and read by serde_json as a `T`; where it is not
    /// one, the position in the document that serde_json finds.
    fn value<'v, T: serde::Deserialize<'v>>(&mut self, bytes: &'v mut Vec<u8>) -> Result<T, ReplayError> {
        self.located(bytes).map(|(_, value)| value)
    }

    /// The next value, and the line it starts on (where a reader looks for a bad record).
    fn located<'v, T: serde::Deserialize<'v>>(&mut self, bytes: &'v mut Vec<u8>) -> Result<(u64, T), ReplayError> {
        let start = self.copy_value(bytes)?;
        let bytes: &'v Vec<u8> = bytes;
        let value = serde_json::from_slice::<T>(bytes).map_err(|e| {
            if e.is_data() {
                // A well-formed value of another kind: said at its end, as serde_json does.
                return self.not_json();
            }
            at(start, &e)
        })?;
        Ok((start.0, value))
    }

    /// A list of records, or an object holding them under one of [`RECORDS`], inside
    /// `open` objects. As serde_json does, the 128th object or list open is refused (where
    /// it opens): an object nested without end in `"data"` must not overflow the stack.
    fn records(&mut self, open: u32, builder: &mut Builder, on: &mut OnRecord<'_>) -> Result<(), ReplayError> {
        const MOST_OPEN: u32 = 127;
        match self.next_token()? {
            Some(b'[' | b'{') if open >= MOST_OPEN => Err(self.wrong_byte()),
            Some(b'[') => self.list(builder, on),
            Some(b'{') => self.object(open + 1, builder, on),
            Some(first) => {
                // Neither: serde_json says so at the value's end; a number's end is known
                // only once the byte after it is read, which serde_json counts too.
                self.value::<IgnoredAny>(&mut Vec::new())?;
                let after = if matches!(first, b'-' | b'0'..=b'9') { self.fill()?.first().copied() } else { None };
                Err(match after {
                    Some(b'\n') => ReplayError::NotJson { line: self.line + 1, column: 0 },
                    Some(_) => ReplayError::NotJson { line: self.line, column: self.column + 1 },
                    None => self.not_json(),
                })
            }
            None => Err(self.not_json()),
        }
    }

    fn list(&mut self, builder: &mut Builder, on: &mut OnRecord<'_>) -> Result<(), ReplayError> {
        self.expect(b'[')?;
        self.found_rows = true;
        let opened = self.line;
        if self.next_token()? == Some(b']') {
            return self.expect(b']');
        }
        let (mut bytes, mut index, mut sampled) = (Vec::new(), 0u64, 0u64);
        loop {
            let (line, raw): (u64, &RawValue) = self.located(&mut bytes)?;
            index += 1;
            // The calls' room, guessed from the first records' size (a list of records is
            // most of a document); a record's bytes are taken as a row's, as a CSV row's
            // line is.
            if index <= SAMPLE {
                sampled += raw.get().len() as u64 + 1;
                if index == SAMPLE {
                    builder.reserve_by_size(SAMPLE, sampled);
                }
            }
            // Records on the line the list opens on (a document on one line) are told
            // apart by their index.
            builder.record = (self.line == opened).then_some(index);
            let said = on(builder, line, raw);
            builder.record = None;
            said?;
            if !self.more(b']')? {
                return Ok(());
            }
            // A comma before the list's end: Helicone's export tool writes one after every
            // record (`},\n]`).
            if self.next_token()? == Some(b']') {
                return self.expect(b']');
            }
        }
    }

    /// An object, the `open`th open, that holds records under one of [`RECORDS`].
    fn object(&mut self, open: u32, builder: &mut Builder, on: &mut OnRecord<'_>) -> Result<(), ReplayError> {
        self.expect(b'{')?;
        if self.next_token()? == Some(b'}') {
            return self.expect(b'}');
        }
        let (mut bytes, mut first) = (Vec::new(), None::<String>);
        // Langfuse's `GET /api/public/traces/{id}`: the trace is the document itself, its
        // `userId` and `sessionId` beside its `observations`.
        let mut own = serde_json::Map::new();
        // A trace's observations, held till the trace's own fields are read: a tool that
        // sorts keys writes `userId` and `trace` after `observations`. One trace's are few.
        let mut held: Vec<(u64, Option<u64>, Box<RawValue>)> = Vec::new();
        loop {
            match self.next_token()? {
                Some(b'"') => {}
                Some(_) => return Err(self.wrong_byte()),
                None => return Err(self.cut_short()),
            }
            let key: String = self.value(&mut bytes)?;
            self.expect(b':')?;
            if RECORDS.contains(&key.as_str()) {
                if let Some(first) = &first {
                    // JSON readers differ on which one counts: neither is read.
                    let twice = crate::replay::columns::twice(first, &key);
                    let problem = format!("the document gives {twice} as its list of records: keep one");
                    return Err(ReplayError::Unreadable(problem));
                }
                if key == TRACES_RECORDS {
                    self.records(open, builder, &mut |b: &mut Builder, line, raw: &RawValue| {
                        held.push((line, b.record, raw.to_owned()));
                        Ok(())
                    })?;
                } else {
                    self.records(open, builder, on)?;
                }
                first = Some(key);
            } else if key == TRACE {
                // Langfuse's trace download: the trace's fields (its user, its session) are
                // its observations' where theirs are empty.
                let trace: &RawValue = self.value(&mut bytes)?;
                builder.enclosing = Some(trace.get().to_string());
            } else if TRACES_OWN.contains(&key.as_str()) {
                own.insert(key, self.value::<serde_json::Value>(&mut bytes)?);
                builder.enclosing = Some(serde_json::Value::Object(own.clone()).to_string());
            } else {
                self.value::<IgnoredAny>(&mut bytes)?;
            }
            if !self.more(b'}')? {
                break;
            }
        }
        for (line, record, raw) in held {
            builder.record = record;
            let said = on(builder, line, &raw);
            builder.record = None;
            said?;
        }
        Ok(())
    }

    /// After a list's element or an object's member: whether a comma says more follow, or
    /// `close` that none does.
    fn more(&mut self, close: u8) -> Result<bool, ReplayError> {
        match self.next_token()? {
            Some(b',') => self.expect(b',').map(|()| true),
            Some(b) if b == close => self.expect(close).map(|()| false),
            Some(_) => Err(self.wrong_byte()),
            None => Err(self.cut_short()),
        }
    }
}

/// Where in the document serde_json's error `e` is, in a value that starts after `column`
/// bytes of line `line`.
fn at((line, column): (u64, u64), e: &serde_json::Error) -> ReplayError {
    let at_column = if e.line() == 1 { column + e.column() as u64 } else { e.column() as u64 };
    ReplayError::NotJson { line: line + e.line() as u64 - 1, column: at_column }
}
