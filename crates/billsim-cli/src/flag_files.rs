//! The files flags name. "-" is a standard stream, as `replay -` reads standard input:
//! `--policy -` and `--prices -` read standard input (`read_text`), `--export-log -` and
//! `--blocked-log -` write standard output (`write_to`); one flag at most may take each stream. A small text file (a
//! policy file, a price table) is read whole, but only up to `MOST_BYTES`, so that
//! `/dev/zero` cannot fill the memory.

use crate::output::Failure;
use billsim_core::visible_text::{io_reason, visible};
use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

/// The most a policy file or a price table may hold: far more than either needs.
pub const MOST_BYTES: u64 = 1 << 20;

/// Whether a flag's file is "-", a standard stream.
pub fn is_standard_stream(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The path as given, cut short if it is too long for a message, each character a reader
/// cannot see (a newline, an escape) written as its code point: a message is said a line
/// at a time.
pub fn shown(path: &Path) -> String {
    const MOST: usize = 200;
    let text = visible(&path.display().to_string()).into_owned();
    let count = text.chars().count();
    if count <= MOST {
        text
    } else {
        format!("{}... ({count} characters)", text.chars().take(MOST).collect::<String>())
    }
}

/// The UTF-8 text of the small file `path` ("-": standard input); `refused` says a problem
/// as the flag's.
pub fn read_text(path: &Path, refused: impl Fn(String) -> Failure) -> Result<String, Failure> {
    let mut bytes = Vec::new();
    let read = if is_standard_stream(path) {
        io::stdin().lock().take(MOST_BYTES + 1).read_to_end(&mut bytes)
    } else {
        let file = File::open(path).map_err(|e| refused(format!("cannot be opened: {}", io_reason(&e))))?;
        file.take(MOST_BYTES + 1).read_to_end(&mut bytes)
    };
    read.map_err(|e| refused(format!("cannot be read: {}", io_reason(&e))))?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(refused(format!("must be a file of at most {MOST_BYTES} bytes; got more")));
    }
    String::from_utf8(bytes).map_err(|e| {
        refused(format!("must be UTF-8 text; got a byte that is not UTF-8, at byte {}", e.utf8_error().valid_up_to()))
    })
}

/// Whether one of `uses` takes standard `stream` ("input" or "output"); a second is refused,
/// as a usage error (`usage::parse`). `uses` are what takes it when its file is "-" (a
/// flag, or "the log"), in the order given.
pub fn one_each(stream: &str, uses: &[(&str, Option<&Path>)]) -> Result<bool, String> {
    let mut on = uses.iter().filter(|(_, path)| path.is_some_and(is_standard_stream)).map(|(what, _)| what);
    match (on.next(), on.next()) {
        (Some(first), Some(second)) => {
            Err(format!("{second} -: standard {stream} is already {first}'s; give one of them a file"))
        }
        (first, _) => Ok(first.is_some()),
    }
}

/// Writes a file a flag names with `write`: to `out` for "-" (a failed write there is the
/// output's, as every command's), else to the file at `path`, whose failure `refused` says.
pub fn write_to(
    path: &Path,
    out: &mut dyn Write,
    refused: impl Fn(String) -> Failure,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), Failure> {
    if is_standard_stream(path) {
        return Ok(write(out)?);
    }
    let written = File::create(path).and_then(|file| {
        let mut file = io::BufWriter::new(file);
        write(&mut file)?;
        file.flush()
    });
    written.map_err(|e| refused(format!("cannot be written: {}", io_reason(&e))))
}
