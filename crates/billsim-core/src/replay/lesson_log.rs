//! "Try it on a lesson's traffic" (`web/replay.html`): a lesson's scenario, run 0 at its
//! default settings, written as the generic log that `billsim run --scenario NAME --seed 0
//! --export-log FILE` writes, for the page to read as if the reader had dropped that file,
//! and to offer for download, so that a reader without a log sees a result and the format
//! to write.

use crate::engine::{Cohort, Policy, RunError};
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

/// The scenario of a lesson page whose address names none (the `scenario` setting's
/// default): offered first to a reader who came from such a page.
pub const HOME: &str = registry::WIDGET.default;

/// Each scenario by the lesson that tells it ([`crate::scenario::Scenario::lesson`]), in
/// the lessons' order: what the page offers, `[name, lesson]`.
pub fn lessons() -> Vec<[&'static str; 2]> {
    let mut lessons: Vec<_> = registry::SCENARIOS.iter().map(|s| [s.name, s.lesson]).collect();
    // By "Lesson 000" alone: a lesson's scenarios keep the registry's order (the sort is
    // stable).
    lessons.sort_by_key(|[_, lesson]| lesson.split_once("'s").map_or(*lesson, |(number, _)| number));
    lessons
}

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
    /// The lesson's own policies at its defaults ([`own`]).
    pub policies: Vec<Policy>,
    /// The policy the lesson's widget frames at first ("allThree"), for the page to frame
    /// it too; `None` for a scenario no widget shows.
    pub framed: Option<&'static str>,
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
    Ok(LessonLog {
        text,
        calls,
        file_name: format!("{}-run-{SEED}.csv", scenario.name),
        said: format!("{}, run {SEED}, as a generic CSV log of {} calls", scenario.lesson, grouped(calls as u64)),
        policies: built.policies,
        framed: registry::WIDGETS
            .iter()
            .find(|w| w.scenario == scenario.name)
            .and_then(|w| registry::setting(w.policy))
            .map(|s| s.default),
    })
}

/// What a replay of a lesson's traffic takes from the lesson ([`own`]).
#[derive(Clone, Debug)]
pub struct LessonOwn {
    /// Its own policies at its default settings.
    pub policies: Vec<Policy>,
    /// Their labels as its widget says them ("All three layers").
    pub labels: Vec<String>,
    /// Its kinds of user as it calls them ("Paying: the runaway tenant", where its log's
    /// cohort column says "runaway").
    pub cohorts: Vec<Cohort>,
}

/// Scenario `name`'s own policies at its default settings, with their labels as its widget
/// says them, and its kinds of user: what a replay of its log runs under until the reader
/// applies others, and calls its users, so that the page gives the lesson's own bills in
/// the lesson's words.
pub fn own(name: &str) -> Result<LessonOwn, RunError> {
    let scenario = registry::find(name).map_err(RunError::Setting)?;
    let built = scenario.build(SEED, &Values::defaults(scenario))?;
    Ok(LessonOwn { policies: built.policies, labels: built.labels, cohorts: built.traffic.cohorts })
}
