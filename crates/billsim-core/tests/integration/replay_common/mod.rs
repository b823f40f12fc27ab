//! What the replay tests share: the fixtures (tests/fixtures/replay/), read a byte at a
//! time, and each call as a tuple.
#![allow(dead_code)] // each test file uses some of these

use billsim_core::engine::{read_policy_file, Record};
use billsim_core::replay::{self, run, Log, Options, ReplayError};
use std::io::BufReader;

pub fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/../../tests/fixtures/replay/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

pub fn read(bytes: &[u8], options: Options) -> Result<Log, ReplayError> {
    // A one-byte buffer: nothing may rely on having more of the file at hand than a record.
    replay::read(BufReader::with_capacity(1, bytes), &options)
}

/// The generic log `log_text` replayed under the policy file `json`, recording `record`.
pub fn replayed_under(log_text: &str, json: &str, record: Record) -> run::ReplayRun {
    let log = read(log_text.as_bytes(), Options::default()).unwrap();
    let policies = read_policy_file(json).unwrap().policies;
    run::run(&log, Some(policies), None, record).unwrap()
}

/// Each user's (name, served, refused) when the generic log `log_text` is replayed under
/// the first policy of the policy file `json`.
pub fn served_and_refused(log_text: &str, json: &str) -> Vec<(String, u32, u32)> {
    let out = replayed_under(log_text, json, Record::default());
    out.users.iter().zip(&out.policies[0].per_user).map(|(u, o)| (u.name.clone(), o.served, o.refused)).collect()
}

pub fn read_fixture(name: &str) -> Log {
    read(&fixture(name), Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// (user, model, start, latency, input, output, logged cost) of a call.
pub type Seen = (String, String, u64, u64, u64, u64, Option<u64>);

/// Each call as [`Seen`], in time order.
pub fn calls(log: &Log) -> Vec<Seen> {
    log.calls
        .iter()
        .enumerate()
        .map(|(i, c)| {
            (
                log.users[c.user as usize].name.clone(),
                log.models[usize::from(c.model)].clone(),
                c.at.0,
                c.latency.0,
                c.input,
                c.output,
                log.costs.get(i).copied().flatten().map(|n| n.0),
            )
        })
        .collect()
}

pub const NINE: u64 = 1_746_090_000_000; // 2025-05-01T09:00:00Z
