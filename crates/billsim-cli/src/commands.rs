//! What each command does with its arguments, writing to `out` as it goes.

use crate::args::{self, Command};
use crate::day_range;
use crate::figures;
use crate::flag_files;
use crate::hackathon;
use crate::output::{json_line, json_line_with_events, say, text, Events, Failure};
use crate::policy_file;
use crate::run_table;
use crate::run_tenant;
use crate::table;
use billsim_core::engine::{Event, PolicyFile, Record};
use billsim_core::lessons::free_tier;
use billsim_core::lessons::runaway_tenant::{self, Params};
use billsim_core::lessons::toy_day::many_days;
use billsim_core::lessons::toy_day::{in_flight, lesson_numbers};
use billsim_core::scenario;
use billsim_core::simulate_day;
use std::io::Write;

pub fn run(command: &Command, out: &mut dyn Write) -> Result<(), Failure> {
    match command {
        Command::Day(a) => day(a, out),
        Command::Days(a) => days(a, out),
        Command::Overrun(a) => overrun(a, out),
        Command::Numbers(a) => numbers(a, out),
        Command::Figures(a) => write_figures(a, out),
        Command::Scenarios(a) => scenarios(a, out),
        Command::Run(a) => run_scenario(a, out),
        Command::Policies(a) => policies(a, out),
        Command::Replay(a) => crate::replay::replay(a, out),
    }
}

/// Each day is written as soon as it is computed: memory holds one day, whatever the count.
fn day(a: &args::Day, out: &mut dyn Write) -> Result<(), Failure> {
    let settings = a.settings.settings();
    let (from, count) = (a.first(), a.count.unwrap_or(1));
    if let Some(cut) = day_range::cut(from, count) {
        say(&cut.to_string());
    }
    for seed in (from..=u32::MAX).take(count as usize) {
        let day = simulate_day(seed, &settings)?;
        if a.json.json {
            json_line(out, &day)?;
        } else {
            text(out, &table::day(&day))?;
        }
    }
    Ok(())
}

fn days(a: &args::Days, out: &mut dyn Write) -> Result<(), Failure> {
    let (from, count) = (a.first(), a.count.unwrap_or(200));
    // The JSON says it too: `count` ran of `askedFor`.
    if let Some(cut) = day_range::cut(from, count) {
        say(&cut.to_string());
    }
    let days = many_days::many_days(from, count, &a.settings.settings())?;
    if a.json.json {
        json_line(out, &days)
    } else {
        Ok(text(out, &table::many_days(&days))?)
    }
}

fn overrun(a: &args::Overrun, out: &mut dyn Write) -> Result<(), Failure> {
    let params = a.params().map_err(|e| Failure::Work(e.into()))?;
    let rows = in_flight::overrun(&params)?;
    if a.json.json {
        json_line(out, &rows)
    } else {
        Ok(text(out, &table::overrun(&params, &rows))?)
    }
}

fn numbers(a: &args::Numbers, out: &mut dyn Write) -> Result<(), Failure> {
    if a.scenario == Some(billsim_core::lessons::hackathon::scenario::SCENARIO.name) {
        return hackathon::numbers(a.json.json, out);
    }
    let work = |e: billsim_core::engine::RunError| Failure::Work(e.into());
    // Under the table, what the lesson's figures do not say: why a lesson's differ, or the
    // measures of the month its claims are read on.
    let (numbers, note) = match a.scenario {
        Some("freeTier") => (free_tier::claims::lesson_numbers().map_err(work)?, free_tier::claims::NOTE.to_string()),
        Some("runawayTenant") => {
            let (month, params) = runaway_tenant::lesson_numbers::shown_month().map_err(work)?;
            let claims = runaway_tenant::claims::claims(&month, &params);
            let mut said = String::new();
            run_tenant::claims_text(&mut said, &month, &claims, &params);
            (runaway_tenant::lesson_numbers::lesson_numbers(&month, &claims), said.trim_start().to_string())
        }
        _ => (lesson_numbers::lesson_numbers()?, lesson_numbers::note()?),
    };
    if a.json.json {
        return json_line(out, &numbers);
    }
    text(out, &table::numbers(&numbers))?;
    if !note.is_empty() {
        text(out, &format!("{}\n", note.trim_end()))?;
    }
    Ok(())
}

fn write_figures(a: &args::Figures, out: &mut dyn Write) -> Result<(), Failure> {
    let written = figures::write(&a.out)?;
    if a.json.json {
        return json_line(out, &written);
    }
    for path in written {
        text(out, &format!("wrote {}\n", path.display()))?;
    }
    Ok(())
}

fn scenarios(a: &args::Json, out: &mut dyn Write) -> Result<(), Failure> {
    let listing = run_table::listing();
    if a.json {
        json_line(out, &listing)
    } else {
        Ok(text(out, &run_table::scenarios(&listing))?)
    }
}

/// `billsim policies`: the scenario's policies as a policy file.
fn policies(a: &args::Policies, out: &mut dyn Write) -> Result<(), Failure> {
    let (scenario, values) = a.scenario().map_err(|e| Failure::Work(e.into()))?;
    let text = scenario::policies_file(scenario, &values).map_err(|e| Failure::Work(e.into()))?;
    Ok(out.write_all(text.as_bytes())?)
}

fn run_scenario(a: &args::Run, out: &mut dyn Write) -> Result<(), Failure> {
    // Checked already as the command line was read.
    let (scenario, values) = a.scenario().map_err(|e| Failure::Work(e.into()))?;
    let file = a.policy_file().map(policy_file::read).transpose()?;
    let paths = file.as_ref().map(PolicyFile::paths).unwrap_or_default();
    let (policies, prices) = match file {
        Some(f) => (Some(f.policies), f.prices),
        None => (None, None),
    };
    // A log written to standard output ("-") takes the place of the run's table or JSON.
    // One log at most writes it (usage.rs refuses two).
    let log_on_stdout = a.logs().iter().any(|(_, path)| path.is_some_and(flag_files::is_standard_stream));
    if let Some(path) = &a.export_log {
        crate::replay::export_log(scenario, a.seed(), &values, path, out)?;
    }
    let refused = |e| policy_file::in_file(a.policy_file(), &paths, e);
    let prepared = scenario::prepare(scenario, a.seed(), &values, policies, prices.as_ref()).map_err(refused)?;
    // The blocked-call log and the runaway tenant's report (each tenant's busiest day, the
    // claims) read the events: kept for them. --events are made again as they are written.
    let tenant_report = !a.json.json && scenario.name == billsim_core::lessons::runaway_tenant::scenario::SCENARIO.name;
    let record = Record { events: a.blocked_log.is_some() || tenant_report, ..Record::default() };
    let mut run = prepared.run(record).map_err(refused)?;
    // What the lesson says of its policies is said only when they ran, whatever their names.
    let own = prepared.runs_own_policies();
    if let Some(path) = &a.blocked_log {
        hackathon::write_blocked_log(&run, prepared.own_policy(hackathon::APP), path, out)?;
    }
    if log_on_stdout {
        return Ok(());
    }
    let events = |policy: usize, send: &mut dyn FnMut(&Event)| prepared.events(policy, send);
    let events: Option<Events> = a.events.then_some(&events);
    if a.json.json {
        run.policies.iter_mut().for_each(|o| o.events = events.map(|_| Vec::new()));
        match events {
            Some(made) => json_line_with_events(out, &run, run.policies.len(), made),
            None => json_line(out, &run),
        }
    } else if tenant_report {
        // The settings held together, or the run above would have failed.
        let params = Params::from_values(&values).map_err(|e| Failure::Work(e.into()))?;
        run_tenant::report(out, scenario, &run, &params, own, events)
    } else {
        run_table::run(out, scenario, &run, own, events)?;
        if own && scenario.name == billsim_core::lessons::hackathon::scenario::SCENARIO.name {
            let mut pages = String::new();
            hackathon::usage_pages(scenario, &run, &mut pages).map_err(|e| Failure::Work(e.into()))?;
            text(out, &pages)?;
        }
        Ok(())
    }
}
