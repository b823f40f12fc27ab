//! A scenario's own report above `billsim run`'s tables, where it has one: for lesson
//! 003's free tier, what the lesson's `sim.py` printed, from the core.

use billsim_core::lessons::free_tier::{report, Params};
use billsim_core::scenario::ScenarioRun;

/// The report's lines, each ending in a newline, then a blank line; empty for a scenario
/// without one (or a run of other policies than its own).
pub fn report(run: &ScenarioRun) -> String {
    if run.scenario != "freeTier" {
        return String::new();
    }
    let notes = report::notes(&Params::from_values(&run.settings));
    let lines = report::sim_report(run).map(|r| r.lines()).unwrap_or_default();
    if lines.is_empty() && notes.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n");
    for line in notes.iter().chain(&lines) {
        out.push_str(line);
        out.push('\n');
    }
    out
}
