//! What `billsim` adds for lesson 001 (scenario `hackathon`): `numbers --scenario
//! hackathon` (the tutorial's runs replayed and its figures beside ours), the usage page
//! after each policy's day, `run --blocked-log FILE` (the tutorial's app's blocked-call
//! log, as JSON lines) and the Retry-After and key of each event.

use crate::output::{json_line, text, Failure};
use crate::table;
use billsim_core::engine::{Event, Outcome, RunError};
use billsim_core::lessons::hackathon::{blocked_log, day_start_unix, panels, replay, Settings};
use billsim_core::scenario::{Scenario, ScenarioRun};
use billsim_core::time::clock;
use serde::Serialize;
use std::io::Write;
use std::path::Path;

/// The policy whose blocked calls `--blocked-log` writes: the tutorial's app.
pub const APP: &str = "rateLimitAndCap";

#[derive(Serialize)]
struct Numbers {
    rate: replay::Replay,
    cap: replay::Replay,
    #[serde(flatten)]
    figures: replay::Figures,
}

/// `billsim numbers --scenario hackathon`.
pub fn numbers(json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let work = |e: billsim_core::engine::RunError| Failure::Work(e.into());
    let rate = replay::replay(&replay::RATE_RUN, &replay::rate_settings()).map_err(work)?;
    let cap = replay::replay(&replay::CAP_RUN, &replay::cap_settings()).map_err(work)?;
    let figures = replay::figures().map_err(work)?;
    if json {
        return json_line(out, &Numbers { rate, cap, figures });
    }
    for (command, run) in [("python demo.py rate", &rate), ("python demo.py cap", &cap)] {
        let mut said = format!("$ {command}   (replayed; the model's answers left out)\n");
        for a in &run.answers {
            said.push_str(&format!("{}\n", a.line()));
        }
        said.push_str(&format!("usage: {}\n\n", run.usage.json()));
        text(out, &said)?;
    }
    text(out, &table::numbers(&figures.numbers))?;
    for note in &figures.notes {
        text(out, &format!("\n{note}\n"))?;
    }
    Ok(())
}

/// The usage page of each policy's day, after the run's tables: the widget's usage panel's
/// pages (each policy's own cap and limit, a page per process counting since its last
/// start), as the app's JSON.
pub fn usage_pages(scenario: &Scenario, run: &ScenarioRun, out: &mut String) -> Result<(), RunError> {
    out.push_str("\nThe usage page (GET /usage) at the end of the day:\n");
    let mut lines: Vec<(String, String)> = Vec::new();
    for o in &run.policies {
        let pages = panels::usage_pages(scenario, run.seed, &run.settings, &o.policy)?;
        for (p, page) in pages.iter().enumerate() {
            let who = match pages.len() {
                1 => o.policy.clone(),
                _ => format!("{} (process {})", o.policy, p + 1),
            };
            lines.push((who, page.json()));
        }
    }
    let width = lines.iter().map(|(who, _)| who.len()).max().unwrap_or(0);
    for (who, json) in lines {
        out.push_str(&format!("  {who:<width$}  {json}\n"));
    }
    if let Some(at) = Settings::from_values(&run.settings).restart {
        out.push_str(&format!("  (each process counts since the restart at {} UTC)\n", clock(at.whole_seconds())));
    }
    Ok(())
}

/// The event's key, when the app took the caller for someone else, and its Retry-After.
pub fn event_extra(run: &ScenarioRun, e: &Event) -> String {
    let mut extra = String::new();
    let user = run.users.get(e.user as usize).map(|u| u.name.as_str());
    if let Some(key) = e.key.and_then(|k| run.keys.get(k as usize)) {
        if Some(key.as_str()) != user {
            extra.push_str(&format!(", as {key}"));
        }
    }
    if let Some(seconds) = e.retry_after {
        extra.push_str(&format!(", Retry-After: {seconds}"));
    }
    extra
}

/// Writes the blocked-call log of the tutorial's app, policy number `app` of the run (found
/// as a policy, not by its name), to `path` (to `out` for "-"). A run of another scenario
/// has no app: usage.rs refuses --blocked-log there.
pub fn write_blocked_log(
    run: &ScenarioRun,
    app: Option<usize>,
    path: &Path,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let refused = |problem: String| Failure::Work(format!("--blocked-log {}: {problem}", path.display()).into());
    let app: &Outcome = app.and_then(|i| run.policies.get(i)).ok_or_else(|| {
        refused(format!(
            "the policies run must include the tutorial's app ({APP:?}, as the scenario has it with these settings)"
        ))
    })?;
    let log = blocked_log::blocked_log(run, app, day_start_unix(run.seed)).unwrap_or_default();
    crate::flag_files::write_to(path, out, refused, |w| w.write_all(log.as_bytes()))
}
