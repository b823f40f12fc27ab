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

/// A run's error, said as the file's when the file chose the prices or policies: a field
/// of one of its policies (`paths`: each one's name and path in the file) by its path in
/// the file (`policies[0].guards[0].tiers`), as a refusal of the file names it.
pub fn in_file(path: Option<&Path>, paths: &[(String, String)], e: RunError) -> Failure {
    match (path, e.in_file(paths)) {
        (Some(path), Some((field, problem))) => refused(path, format!("{field}: {problem}")),
        (Some(path), None) => refused(path, e),
        (None, _) => Failure::Work(e.into()),
    }
}
