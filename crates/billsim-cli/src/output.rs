//! Where billsim's words go: results to a buffered stdout as they are made, messages to
//! stderr. A reader that stops reading (`billsim day --count 20000 | head -1`) ends the
//! run quietly, as it ends a Unix tool; no write panics, whatever stdout and stderr are.

use billsim_core::engine::{Event, RunError};
use billsim_core::visible_text::{io_reason, visible};
use billsim_core::Overflow;
use std::borrow::Cow;
use std::error::Error;
use std::io::{self, Write};
use std::process::ExitCode;

/// Why a command stopped before its end.
#[derive(Debug)]
pub enum Failure {
    /// Its output could not be written: the reader went away, or the disk is full.
    Output(io::Error),
    /// It could not do its work; the message says why.
    Work(Box<dyn Error>),
}

/// `?` on a write. The only io errors a command returns are its output's: any other (a
/// file of `figures`) is put in words first, naming the flag that chose the file.
impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

impl From<Overflow> for Failure {
    fn from(e: Overflow) -> Self {
        Failure::Work(e.into())
    }
}

impl From<Box<dyn Error>> for Failure {
    fn from(e: Box<dyn Error>) -> Self {
        Failure::Work(e)
    }
}

/// `value` as one line of JSON.
pub fn json_line<T: serde::Serialize>(out: &mut dyn Write, value: &T) -> Result<(), Failure> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    Ok(out.write_all(b"\n")?)
}

/// Each policy's decisions (by its number in the run), made again and handed over one at a
/// time, none kept: a scenario's or a replay's `Prepared::events`.
pub type Events<'a> = &'a dyn Fn(usize, &mut dyn FnMut(&Event)) -> Result<(), RunError>;

/// Writes each of policy `policy`'s events with `write` as it is made, so memory holds one
/// event, however many there are; stops writing at the first error.
pub fn each_event(
    out: &mut dyn Write,
    events: Events,
    policy: usize,
    mut write: impl FnMut(&mut dyn Write, &Event) -> io::Result<()>,
) -> Result<(), Failure> {
    let mut failed = None;
    events(policy, &mut |e| {
        if failed.is_none() {
            failed = write(&mut *out, e).err();
        }
    })
    .map_err(|e| Failure::Work(e.into()))?;
    failed.map_or(Ok(()), |e| Err(Failure::Output(e)))
}

/// `run` as one line of JSON, each policy's events written into it as they are made. `run`
/// has every outcome's `events` an empty list: each `"events":[]` (a key, since JSON
/// escapes the quotes of every string) is where that policy's events go.
pub fn json_line_with_events<T: serde::Serialize>(
    out: &mut dyn Write,
    run: &T,
    policies: usize,
    events: Events,
) -> Result<(), Failure> {
    const EMPTY: &str = "\"events\":[]";
    let text = serde_json::to_string(run).map_err(io::Error::from)?;
    let parts: Vec<&str> = text.split(EMPTY).collect();
    if parts.len() != policies + 1 {
        return Err(Failure::Work(
            format!("the run's JSON has {} event lists for {policies} policies", parts.len() - 1).into(),
        ));
    }
    for (policy, part) in parts[..policies].iter().enumerate() {
        out.write_all(part.as_bytes())?;
        out.write_all(b"\"events\":[")?;
        let mut first = true;
        each_event(out, events, policy, |out, e| {
            if !std::mem::take(&mut first) {
                out.write_all(b",")?;
            }
            Ok(serde_json::to_writer(out, e)?)
        })?;
        out.write_all(b"]")?;
    }
    out.write_all(parts[policies].as_bytes())?;
    Ok(out.write_all(b"\n")?)
}

/// Runs `command` with a buffered stdout and flushes it; says on stderr what went wrong.
/// Returns the exit status: 0, or 1 when the command failed or its output could not be
/// written. A closed pipe is 0: the reader has what it wanted (ripgrep does the same).
pub fn to_stdout(command: impl FnOnce(&mut dyn Write) -> Result<(), Failure>) -> ExitCode {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let done = command(&mut out);
    // What was made before a failure is printed before the message that ends it.
    let flushed = out.flush();
    match done.and_then(|()| Ok(flushed?)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            say(&format!("could not write the output: {}", io_reason(&e)));
            ExitCode::FAILURE
        }
        Err(Failure::Work(e)) => {
            say(&e.to_string());
            ExitCode::FAILURE
        }
    }
}

/// `billsim: {text}` on stderr, its unseen characters made visible. Nothing is left to tell
/// if stderr cannot be written to, so its error is dropped (`eprintln!` would panic).
pub fn say(text: &str) {
    let _ = writeln!(io::stderr().lock(), "billsim: {}", terminal(text));
}

/// Writes `text` (tables, sentences: not JSON, which serde escapes) for a terminal.
pub fn text(out: &mut dyn Write, text: &str) -> io::Result<()> {
    out.write_all(terminal(text).as_bytes())
}

/// Text as billsim writes it for a terminal, the one place names from files and logs are
/// made safe to show: every character a reader cannot see but a line's end (a control
/// character, an escape sequence's ESC, a right-to-left override that reverses what follows,
/// a zero-width space) as its code point, `<U+202E>`.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.contains('\n') {
        return visible(text);
    }
    let lines: Vec<Cow<str>> = text.split('\n').map(visible).collect();
    if lines.iter().all(|l| matches!(l, Cow::Borrowed(_))) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone.
    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }

    #[test]
    fn text_for_a_terminal_keeps_its_line_ends_and_shows_every_other_unseen_character_as_its_code_point() {
        assert_eq!(terminal("a\u{202e}b\n\u{1b}[2Jc\r\n"), "a<U+202E>b\n<U+001B>[2Jc<U+000D>\n");
        assert!(
            matches!(terminal("plain\ntext, ünïcode 日本\n"), Cow::Borrowed(_)),
            "nothing to change, nothing copied"
        );
    }

    #[test]
    fn a_json_line_to_a_closed_pipe_is_an_output_failure_that_keeps_its_kind() {
        match json_line(&mut ClosedPipe, &[1, 2, 3]) {
            Err(Failure::Output(e)) => assert_eq!(e.kind(), io::ErrorKind::BrokenPipe),
            other => panic!("expected the output's broken pipe, got {other:?}"),
        }
    }
}
