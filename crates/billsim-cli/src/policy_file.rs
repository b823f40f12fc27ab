//! `run --policy FILE.json`: the file read (a bounded amount of it, so `/dev/zero` cannot
//! fill the memory) and checked by the core; every refusal starts with the flag and the
//! file, then names the field and what it allows.

use crate::output::Failure;
use billsim_core::engine::{read_policy_file, PolicyFile, RunError};
use std::io::Read;
use std::path::Path;

/// The most a policy file may hold: far more than any list of policies needs.
pub const MOST_BYTES: u64 = 1 << 20;

fn refused(path: &Path, problem: impl std::fmt::Display) -> Failure {
    Failure::Work(format!("--policy {}: {problem}", shown(path)).into())
}

/// The path as given, cut short if it is too long for a message.
fn shown(path: &Path) -> String {
    const MOST: usize = 200;
    let text = path.display().to_string();
    let count = text.chars().count();
    if count <= MOST {
        text
    } else {
        format!("{}... ({count} characters)", text.chars().take(MOST).collect::<String>())
    }
}

pub fn read(path: &Path) -> Result<PolicyFile, Failure> {
    let file = std::fs::File::open(path).map_err(|e| refused(path, format!("cannot be opened: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MOST_BYTES + 1).read_to_end(&mut bytes).map_err(|e| refused(path, format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > MOST_BYTES {
        return Err(refused(path, format!("must be a file of at most {MOST_BYTES} bytes; got more")));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        refused(path, format!("must be UTF-8 text; got a byte that is not at byte {}", e.utf8_error().valid_up_to()))
    })?;
    read_policy_file(&text).map_err(|e| refused(path, e))
}

/// A run's error, said as the file's when the file chose the prices or policies.
pub fn in_file(path: Option<&Path>, e: RunError) -> Failure {
    match path {
        Some(path) => refused(path, e),
        None => Failure::Work(e.into()),
    }
}
