//! `run --policy FILE.json`: the file read (a bounded amount of it, so `/dev/zero` cannot
//! fill the memory) and checked by the core; every refusal starts with the flag and the
//! file, then names the field and what it allows.

use crate::flag_files::{self, shown};
use crate::output::Failure;
use billsim_core::engine::{read_policy_file, PolicyFile, RunError};
use std::path::Path;

fn refused(path: &Path, problem: impl std::fmt::Display) -> Failure {
    Failure::Work(format!("--policy {}: {problem}", shown(path)).into())
}

/// The policy file at `path` ("-": standard input), read and checked by the core.
pub fn read(path: &Path) -> Result<PolicyFile, Failure> {
    let text = flag_files::read_text(path, |problem| refused(path, problem))?;
    read_policy_file(&text).map_err(|e| refused(path, e))
}

/// A run's error, said as the file's when the file chose the prices or policies.
pub fn in_file(path: Option<&Path>, e: RunError) -> Failure {
    match path {
        Some(path) => refused(path, e),
        None => Failure::Work(e.into()),
    }
}
