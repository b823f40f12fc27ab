//! "Try it on a lesson's traffic" (`web/replay.html`): a lesson's scenario, run 0 at its
//! default settings, written as the generic log that `billsim run --scenario NAME --seed 0
//! --export-log FILE` writes, for the page to read as if the reader had dropped that file,
//! and to offer for download, so that a reader without a log sees a result and the format
//! to write.

use crate::replay::export::{self, Order};
use crate::scenario::registry;
use crate::scenario::Values;
use crate::words::grouped;

/// The run written: `billsim run`'s first (`--seed 0`).
pub const SEED: u32 = 0;

/// The scenario offered first: lesson 003's free tier, a quick and telling result (2,322
/// calls of 61 users, read and replayed in some 30 ms; its script makes most of the bill,
/// and each default policy refuses about half the calls).
pub const FIRST: &str = "freeTier";

/// Each scenario by the lesson that tells it, in the lessons' order: what the page offers.
/// Every scenario of the registry is here (a test checks it).
pub const LESSONS: [[&str; 2]; 5] = [
    ["toyDay", "Lesson 000's day"],
    ["callsAtOnce", "Lesson 000's calls at once"],
    ["hackathon", "Lesson 001's public demo link"],
    ["runawayTenant", "Lesson 002's runaway tenant"],
    ["freeTier", "Lesson 003's free tier"],
];

/// A lesson's traffic written as a generic CSV log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonLog {
    /// The log's text, byte for byte what `--export-log` writes.
    pub text: String,
    pub calls: usize,
    /// The name to save it by: `freeTier-run-0.csv`.
    pub file_name: String,
    /// What was replayed: "Lesson 003's free tier, run 0, as a generic CSV log of 2,322 calls".
    pub said: String,
}

/// Scenario `name`'s run [`SEED`] at its default settings as a generic log; the error
/// names the field (`scenario`) and the scenarios there are.
pub fn lesson_log(name: &str) -> Result<LessonLog, String> {
    let scenario = registry::find(name).map_err(|e| e.to_string())?;
    let built = scenario.build(SEED, &Values::defaults(scenario)).map_err(|e| format!("scenario: {e}"))?;
    let mut text = Vec::new();
    export::write(&built.traffic, Order::ByUser, &mut text).map_err(|e| format!("scenario: {e}"))?;
    let text = String::from_utf8(text).map_err(|e| format!("scenario: {e}"))?;
    let calls = built.traffic.calls().len();
    let lesson = LESSONS.iter().find(|[n, _]| *n == scenario.name).map_or(scenario.label, |[_, l]| l);
    Ok(LessonLog {
        text,
        calls,
        file_name: format!("{}-run-{SEED}.csv", scenario.name),
        said: format!("{lesson}, run {SEED}, as a generic CSV log of {} calls", grouped(calls as u64)),
    })
}
