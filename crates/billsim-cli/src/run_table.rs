//! `billsim scenarios` and `billsim run`: every scenario with its policies and settings
//! (from the core's schema), and a scenario's run as readable tables.

use crate::cells;
use crate::output::{self, each_event, Events, Failure};
use billsim_core::engine::{Event, Nanos, Outcome, Reason};
use billsim_core::scenario::registry::SCENARIOS;
use billsim_core::scenario::registry::{Choice, SettingSpec, Value};
use billsim_core::scenario::{Scenario, ScenarioRun};
use billsim_core::time::Instant;
use billsim_core::views::over_time::day_of;
use billsim_core::visible_text::visible;
use billsim_core::words::capitalised;
use billsim_core::words::counted;
use billsim_core::words::grouped;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;

/// A scenario as `billsim scenarios` lists it: its settings in full, from the schema.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listed {
    pub name: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    pub policies: &'static [Choice],
    pub settings: Vec<&'static SettingSpec>,
}

pub fn listing() -> Vec<Listed> {
    SCENARIOS
        .iter()
        .map(|s| Listed {
            name: s.name,
            label: s.label,
            description: s.description,
            policies: s.policies,
            settings: s.settings.iter().collect(),
        })
        .collect()
}

pub fn scenarios(listing: &[Listed]) -> String {
    let mut out = String::new();
    for s in listing {
        let _ = writeln!(out, "{}  {}\n  {}", s.name, s.label, s.description);
        let _ = writeln!(out, "  Policies:");
        let width = cells::width(s.policies.iter().map(|p| p.value), 0);
        for p in s.policies {
            let _ = writeln!(out, "    {:<width$}  {}", p.value, p.label);
        }
        let _ = writeln!(out, "  Settings, each as --set NAME=VALUE:");
        let width = cells::width(s.settings.iter().map(|p| p.key), 0);
        for spec in &s.settings {
            // The unit, unless the label or the range says it already.
            let said = spec.unit.is_empty() || spec.label.contains(spec.unit) || spec.allowed.contains(spec.unit);
            let unit = if said { String::new() } else { format!(" ({})", spec.unit) };
            let _ = writeln!(out, "    {:<width$}  {}", spec.key, spec.label);
            let _ = writeln!(out, "    {:<width$}  {}{unit}; default {}", "", spec.allowed, spec.default);
        }
        let _ = writeln!(out);
    }
    out
}

/// A moment as a clock from the start: `00:03:12.250`, with its day in front past the
/// first, named as the widget names days ([`day_of`]): `Day 2 00:00:00.000`.
pub fn clock(at: Instant) -> String {
    let ms = at.0;
    let (days, rest) = (ms / 86_400_000, ms % 86_400_000);
    let time = format!(
        "{:02}:{:02}:{:02}.{:03}",
        rest / 3_600_000,
        rest % 3_600_000 / 60_000,
        rest % 60_000 / 1_000,
        rest % 1_000
    );
    if days > 0 {
        format!("{} {time}", day_of(ms))
    } else {
        time
    }
}

/// A value of a setting as it was given.
pub fn setting_value(value: Value) -> String {
    match value {
        Value::Whole(n) => n.to_string(),
        Value::Dollars(m) => m.exact_dollars(),
        Value::Choice(c) => c.to_string(),
    }
}

/// "rate_limited 3, budget_used_up 1": the reasons that refused something.
fn refused_by(counts: impl Fn(Reason) -> u32) -> String {
    let parts: Vec<String> = Reason::ALL
        .iter()
        .filter(|&&r| counts(r) > 0)
        .map(|&r| format!("{} {}", r.name(), grouped(u64::from(counts(r)))))
        .collect();
    parts.join(", ")
}

/// What one row adds up: a user, or a cohort of users.
#[derive(Default)]
struct Row {
    calls: u32,
    served: u32,
    refused: u32,
    by: [u32; Reason::ALL.len()],
    dropped: u32,
    charged: Nanos,
}

impl Row {
    fn add(&mut self, calls: u32, u: &billsim_core::engine::UserOutcome) {
        self.calls += calls;
        self.served += u.served;
        self.refused += u.refused;
        for r in Reason::ALL {
            self.by[r.index()] += u.refused_by.get(r);
        }
        self.dropped += u.dropped;
        // The bill of the whole run fits, so each part does.
        self.charged = self.charged.checked_add(u.charged).unwrap_or(Nanos(u64::MAX));
    }

    /// One line: `first` and `second` are the row's names (a user and their cohort, or a
    /// cohort and its number of users), `charged` its charge as its column writes it.
    fn line(&self, out: &mut String, (first, second): (&str, &str), charged: &str, width: usize) {
        let mut why = refused_by(|r| self.by[r.index()]);
        if self.dropped > 0 {
            let sep = if why.is_empty() { "" } else { "; " };
            let _ = write!(why, "{sep}{} later calls of refused requests not made", grouped(u64::from(self.dropped)));
        }
        let line = format!(
            "  {}  {} {:>6} {:>6} {:>7} {:>10}  {why}",
            cells::padded(first, width),
            cells::padded(second, 10),
            self.calls,
            self.served,
            self.refused,
            charged
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// The rows of one table, each its two names and what it adds up; their charges written to
/// one number of decimals ([`billsim_core::Micros::column`]: "$2.170000" over "$0.000500",
/// where each to the cent or exactly read "$2.17" over "$0.0005" and "$0.000865").
fn lines(out: &mut String, rows: &[(String, String, &Row)], width: usize) {
    let charges: Vec<billsim_core::Micros> = rows.iter().map(|(_, _, row)| row.charged.micros()).collect();
    for ((first, second, row), charged) in rows.iter().zip(billsim_core::Micros::column(&charges)) {
        row.line(out, (first, second), &charged, width);
    }
}

fn header(out: &mut String, first: &str, second: &str, width: usize) {
    let _ = writeln!(
        out,
        "  {first:<width$}  {second:<10} {:>6} {:>6} {:>7} {:>10}  refused by",
        "calls", "served", "refused", "charged"
    );
}

/// The label of the scenario's policy named `name` when `own` (the policies run are the
/// scenario's own), else the name: a file's policy may have a lesson's name.
fn label<'a>(scenario: &'a Scenario, own: bool, name: &'a str) -> &'a str {
    scenario.policies.iter().filter(|_| own).find(|c| c.value == name).map_or(name, |c| c.label)
}

/// A scenario's run as tables, each policy's events after its tables when given; with the
/// scenario's own report and labels when `own` (it ran its own policies).
pub fn run(
    out: &mut dyn Write,
    scenario: &Scenario,
    run: &ScenarioRun,
    own: bool,
    events: Option<Events>,
) -> Result<(), Failure> {
    let calls: u32 = run.users.iter().map(|u| u.calls).sum();
    let mut text = format!(
        "{} ({}), seed {}: {} in {}, {}\n",
        scenario.label,
        scenario.name,
        run.seed,
        counted(run.users.len() as u64, "user", "users"),
        counted(run.cohorts.len() as u64, "cohort", "cohorts"),
        counted(calls.into(), "call", "calls"),
    );
    let settings: Vec<String> = scenario
        .settings
        .iter()
        .filter_map(|s| run.settings.get(s.key).map(|v| format!("{} {}", s.key, setting_value(v))))
        .collect();
    // A policy file's policies have their own limits: the settings of the scenario's own
    // policies shaped none of them, only the traffic's did.
    let whose = if own {
        ""
    } else {
        " (the scenario's; those of its own policies, as its limits, do not apply to --policy's)"
    };
    let _ = writeln!(text, "Settings: {}{whose}", settings.join(", "));
    if own {
        text.push_str(&crate::scenario_report::report(run));
    }
    let names = run.users.iter().map(|u| cells::name(&u.name)).chain(run.cohorts.iter().map(|c| cells::name(&c.label)));
    let width = cells::width(names.collect::<Vec<_>>().iter().map(String::as_str), 6);
    for (i, o) in run.policies.iter().enumerate() {
        policy(&mut text, scenario, run, o, own, width);
        output::text(out, &std::mem::take(&mut text))?;
        if let Some(made) = events {
            self::events(out, run, made, i, width)?;
        }
    }
    Ok(())
}

fn policy(out: &mut String, scenario: &Scenario, run: &ScenarioRun, o: &Outcome, own: bool, width: usize) {
    let name = match label(scenario, own, &o.policy) {
        same if same == o.policy => same.to_string(),
        label => format!("{label} ({})", o.policy),
    };
    let _ = writeln!(out, "\n{name}: bill {}", o.bill.micros().cents());
    let mut cohorts: Vec<(u32, Row)> = run.cohorts.iter().map(|_| (0, Row::default())).collect();
    for (user, u) in run.users.iter().zip(&o.per_user) {
        if let Some((users, row)) = run.cohorts.iter().position(|c| c.name == user.cohort).map(|i| &mut cohorts[i]) {
            *users += 1;
            row.add(user.calls, u);
        }
    }
    header(out, "cohort", "users", width);
    let rows: Vec<(String, String, &Row)> = run
        .cohorts
        .iter()
        .zip(&cohorts)
        .map(|(c, (users, row))| (cells::name(&c.label), users.to_string(), row))
        .collect();
    lines(out, &rows, width);
    header(out, "user", "cohort", width);
    let users: Vec<Row> = run
        .users
        .iter()
        .zip(&o.per_user)
        .map(|(user, u)| {
            let mut row = Row::default();
            row.add(user.calls, u);
            row
        })
        .collect();
    let rows: Vec<(String, String, &Row)> =
        run.users.iter().zip(&users).map(|(user, row)| (cells::name(&user.name), user.cohort.clone(), row)).collect();
    lines(out, &rows, width);
    if let Some(trip) = o.tripped {
        let who = run.users.get(trip.user as usize).map_or("?", |u| u.name.as_str());
        // The lesson's words, as its widget's over-time chart says them.
        let said = capitalised(run.about.trip_words().sentence);
        let _ = writeln!(out, "  {said} {} by a call of {who}.", clock(trip.at));
    }
}

/// `  Events:`, then policy number `policy`'s events, a line each, written as they are made.
pub fn events(
    out: &mut dyn Write,
    run: &ScenarioRun,
    made: Events,
    policy: usize,
    width: usize,
) -> Result<(), Failure> {
    out.write_all(b"  Events:\n")?;
    let mut line = String::new();
    each_event(out, made, policy, |out, e| {
        line.clear();
        event(&mut line, run, e, width);
        output::text(out, &line)
    })
}

fn event(out: &mut String, run: &ScenarioRun, e: &Event, width: usize) {
    let user = run.users.get(e.user as usize).map_or_else(|| "?".into(), |u| cells::name(&u.name));
    let model = visible(run.models.get(usize::from(e.model)).map_or("?", String::as_str));
    let what = match e.reason {
        None => format!("served, charged {}", e.charged.exact_dollars()),
        Some(reason) => match e.fits_at {
            Some(at) => format!("refused: {}, would fit at {}", reason.name(), clock(at)),
            None => format!("refused: {}, waiting never makes it fit", reason.name()),
        },
    } + &crate::hackathon::event_extra(run, e);
    let _ = writeln!(out, "    {}  {user:<width$}  {model}  {what}", clock(e.at));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_is_a_clock_from_the_start_with_the_day_in_front_after_the_first() {
        assert_eq!(clock(Instant(0)), "00:00:00.000");
        assert_eq!(clock(Instant(3_723_004)), "01:02:03.004");
        assert_eq!(clock(Instant(86_400_000 + 1)), "Day 2 00:00:00.001");
    }
}
