//! The last scenario run, kept. A widget's click asks for one run several times over: its
//! view (the sentences and table), its drawing, and its panels each read the same month.
//! Lesson 002's month is tens of thousands of calls under five policies, and running it
//! three times a click took more than a frame; so the last runs (with every event, which
//! the panels read, and the traffic, which lesson 002's claims read) are kept and handed
//! out again while the scenario, its settings and the seed stay the same. Two are kept: the
//! one shown, and one asked for ahead (the next "Another month" a widget warms while the
//! reader reads), so that warming the next does not drop the one shown.

use crate::engine::{Record, RunError, Traffic};
use crate::scenario::{self, Scenario, ScenarioRun, Values};
use std::cell::RefCell;
use std::rc::Rc;

/// How many runs are kept.
const KEPT: usize = 2;

/// A run kept, with the traffic it ran.
#[derive(Clone)]
pub struct Kept {
    pub run: Rc<ScenarioRun>,
    pub traffic: Rc<Traffic>,
}

thread_local! {
    /// The most recently asked for first.
    static LAST: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// `scenario` on run `seed` with `values` under its own policies, every event recorded,
/// with its traffic: a kept run when it is that one, else a new run (which is then kept).
pub fn kept(scenario: &Scenario, seed: u32, values: &Values) -> Result<Kept, RunError> {
    let same = |k: &Kept| k.run.scenario == scenario.name && k.run.seed == seed && k.run.settings == *values;
    let hit = LAST.with_borrow_mut(|last| {
        let i = last.iter().position(same)?;
        let k = last.remove(i);
        last.insert(0, k.clone());
        Some(k)
    });
    if let Some(k) = hit {
        return Ok(k);
    }
    // The least recently asked for goes before the new run is made, not after: a month with
    // every event is about 13 MB, and three at once took the widget's memory to 50 MB.
    LAST.with_borrow_mut(|last| last.truncate(KEPT - 1));
    let prepared = scenario::prepare(scenario, seed, values, None, None)?;
    let run = prepared.run(Record::EVERYTHING)?;
    let new = Kept { run: Rc::new(run), traffic: Rc::new(prepared.into_traffic()) };
    LAST.with_borrow_mut(|last| {
        last.insert(0, new.clone());
        last.truncate(KEPT);
    });
    Ok(new)
}

/// [`kept`]'s run.
pub fn run(scenario: &Scenario, seed: u32, values: &Values) -> Result<Rc<ScenarioRun>, RunError> {
    kept(scenario, seed, values).map(|k| k.run)
}
