//! `billsim replay FILE|-`: a log of an app's own model calls, read as it streams in (a
//! file or standard input), replayed under the lessons' main policies beside `noLimit`, or
//! under a policy file's; and `billsim run --export-log FILE`, which writes a scenario's
//! traffic as a generic log that replays to the scenario's own outcome.

use crate::arg_parts::{Checked, Json};
use crate::cells;
use crate::flag_files::{self, is_standard_stream};
use crate::output::{self, each_event, json_line, json_line_with_events, Events, Failure};
use crate::policy_file;
use billsim_core::engine::{Event, Nanos, Outcome, Policy, PolicyFile, PriceTable, Reason, Record, RunError};
use billsim_core::replay::export::{self, Order};
use billsim_core::replay::run::{self, ReplayRun};
use billsim_core::replay::when::iso_text;
use billsim_core::replay::{self as core, Format, Options, FORMATS_ALLOWED};
use billsim_core::scenario::{Scenario, Values};
use billsim_core::settings::{shown, Invalid};
use billsim_core::visible_text::{io_reason, visible};
use billsim_core::words::grouped;
use clap::{ArgAction, Args};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct Replay {
    /// The log: a file, or - for standard input (CSV or JSON; README.md lists the formats)
    #[arg(value_name = "FILE|-", value_parser = Checked(parse_path), allow_hyphen_values = true)]
    pub file: PathBuf,
    #[arg(long, value_name = "F", value_parser = Checked(parse_format), allow_hyphen_values = true,
        help = format!("The log's format, {FORMATS_ALLOWED} (found from the file when left out)"))]
    pub format: Option<Format>,
    // Appended, as run's: a second file given is refused (usage.rs). `--policies` too, as run's.
    #[arg(long, alias = "policies", value_name = "FILE", value_parser = Checked(parse_path),
        action = ArgAction::Append, allow_hyphen_values = true,
        help = "Policies (and prices) written as JSON, as run --policy takes them, in place of the main policies \
            (\"-\": standard input, when the log is a file)")]
    pub policy: Vec<PathBuf>,
    /// Prices per model, JSON or CSV (model,input_per_million,output_per_million), before the lessons' own
    /// ("-": standard input, when the log is a file)
    #[arg(long, value_name = "FILE", value_parser = Checked(parse_path), allow_hyphen_values = true)]
    pub prices: Option<PathBuf>,
    /// A cohort of a scenario added to the log's traffic (toyDay-heavy); may be given again
    #[arg(long = "add", value_name = "SCENARIO-COHORT", action = ArgAction::Append, allow_hyphen_values = true)]
    pub add: Vec<String>,
    /// Who counts as the user: a field of the file by its own name (team_id, end_user,
    /// metadata.user_api_key_team_id, sessionId, service.name...); calls without it are one stand-in user
    #[arg(long, value_name = "FIELD", value_parser = Checked(parse_field), allow_hyphen_values = true)]
    pub per: Option<String>,
    /// Replay without the bad rows (and say how many) rather than stop
    #[arg(long)]
    pub skip_bad_rows: bool,
    /// Add each policy's event list: every call served or refused, and why
    #[arg(long)]
    pub events: bool,
    #[command(flatten)]
    pub json: Json,
}

impl Replay {
    /// The policy file, if one is given (usage.rs refuses two).
    pub fn policy_file(&self) -> Option<&Path> {
        self.policy.first().map(PathBuf::as_path)
    }

    /// What reads standard input when its file is "-", in the order given (one may).
    pub fn inputs(&self) -> [(&'static str, Option<&Path>); 3] {
        [("the log", Some(&self.file)), ("--policy", self.policy_file()), ("--prices", self.prices.as_deref())]
    }
}

fn parse_path(text: &str) -> Result<PathBuf, Invalid> {
    if text.is_empty() {
        return Err(Invalid { allowed: "a file", got: shown(text) });
    }
    Ok(PathBuf::from(text))
}

fn parse_field(text: &str) -> Result<String, Invalid> {
    if text.trim().is_empty() {
        return Err(Invalid { allowed: "a field of the file, by its name", got: shown(text) });
    }
    Ok(text.trim().to_string())
}

fn parse_format(text: &str) -> Result<Format, Invalid> {
    Format::parse(text).map_err(|e| e.problem)
}

fn work(message: String) -> Failure {
    Failure::Work(message.into())
}

/// A price table, and its cached-input prices (the CSV's optional column).
fn read_prices(path: &Path) -> Result<(PriceTable, core::prices::CachedPrices), Failure> {
    let refused = |problem: String| work(format!("--prices {}: {problem}", flag_files::shown(path)));
    let text = flag_files::read_text(path, refused)?;
    core::prices::read_table_with_cached(&text).map_err(refused)
}

pub fn replay(a: &Replay, out: &mut dyn Write) -> Result<(), Failure> {
    let mut options = Options { format: a.format, skip_bad_rows: a.skip_bad_rows, bytes: None, per: a.per.clone() };
    let from_stdin = is_standard_stream(&a.file);
    let name = if from_stdin { "standard input".to_string() } else { flag_files::shown(&a.file) };
    let read = if from_stdin {
        core::read(io::stdin().lock(), &options)
    } else {
        let file = File::open(&a.file).map_err(|e| work(format!("{name}: cannot be opened: {}", io_reason(&e))))?;
        options.bytes = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        core::read(BufReader::with_capacity(1 << 16, file), &options)
    };
    // A field the log has not, asked by --per: named by its flag, as the page names its control.
    let mut log = read.map_err(|e| match e {
        core::ReplayError::NoSuchField { .. } => work(format!("{name}: --{e}")),
        e => work(format!("{name}: {e}")),
    })?;
    for add in &a.add {
        run::add(&mut log, add, 0).map_err(|e| work(format!("--{e}")))?;
    }
    let file = a.policy_file().map(policy_file::read).transpose()?;
    let paths = file.as_ref().map(PolicyFile::paths).unwrap_or_default();
    let mut table = match &a.prices {
        Some(path) => {
            let (table, cached) = read_prices(path)?;
            log.cached_prices = cached;
            table
        }
        None => PriceTable::default(),
    };
    let policies = file.map(|f| {
        // --prices first: PriceTable::get takes the first price of a model, and a cached-input
        // price is looked up the same way.
        table.0.extend(f.prices.map_or_else(Vec::new, |p| p.0));
        log.cached_prices.extend(f.cached_prices);
        f.policies
    });
    let refused = |e: RunError| match e {
        RunError::NoPrice(_) => work(format!("{e}: --prices FILE gives them (README.md describes the table)")),
        e => policy_file::in_file(a.policy_file(), &paths, e),
    };
    // The counts first; then, asked for, each policy's events made again and written as
    // they come, never held.
    let prepared = run::prepare(&mut log, policies, Some(&table)).map_err(refused)?;
    let mut replayed = prepared.run(Record::default()).map_err(refused)?;
    let events = |policy: usize, send: &mut dyn FnMut(&Event)| prepared.events(policy, send);
    let events: Option<Events> = a.events.then_some(&events);
    match (a.json.json, events) {
        (true, None) => json_line(out, &replayed),
        (true, Some(events)) => {
            replayed.policies.iter_mut().for_each(|o| o.events = Some(Vec::new()));
            json_line_with_events(out, &replayed, replayed.policies.len(), events)
        }
        (false, events) => said(out, &name, &replayed, events, &|e| prepared.caller_of(e)),
    }
}

/// The most users the table lists by name; the others are one row.
const USERS_LISTED: usize = 10;

/// A replay as text: what was read, each policy's bill and refusals (and its events, when
/// given), then the biggest users.
/// `caller_of` says who each event's call came from beside its user (`Prepared::caller_of`).
pub fn said<'p>(
    out: &mut dyn Write,
    name: &str,
    r: &ReplayRun,
    events: Option<Events>,
    caller_of: &'p dyn Fn(&Event) -> Caller<'p>,
) -> Result<(), Failure> {
    let mut text = format!(
        "Replay of {name} ({}): {}\n",
        Format::ALL.iter().find(|f| f.name() == r.format).map_or(r.format, |f| f.label()),
        core::view::what_was_read(r)
    );
    for note in &r.notes {
        let _ = writeln!(text, "  Note: {note}.");
    }
    for (i, (o, label)) in r.policies.iter().zip(&r.labels).enumerate() {
        let name = core::page::policy_legend(Some(label), &o.policy);
        let served: u64 = o.per_user.iter().map(|u| u64::from(u.served)).sum();
        let mut by = Vec::new();
        for reason in Reason::ALL {
            let n: u64 = o.per_user.iter().map(|u| u64::from(u.refused_by.get(reason))).sum();
            if n > 0 {
                by.push(format!("{} {}", reason.name(), grouped(n)));
            }
        }
        let refused = if by.is_empty() { String::new() } else { format!(", refused {}", by.join(", ")) };
        // The later calls of a request (an agent's task) whose earlier call was refused.
        let dropped: u64 = o.per_user.iter().map(|u| u64::from(u.dropped)).sum();
        let refused = match dropped {
            0 => refused,
            1 => format!("{refused}; 1 not made: its request was refused"),
            n => format!("{refused}; {} not made: their requests were refused", grouped(n)),
        };
        // A policy that switches calls to another model says how many each model served.
        let switches = r.ran.get(i).is_some_and(|p| p.models_named().next().is_some());
        let on: Vec<String> = (o.served_by_model.iter().zip(&r.models))
            .filter(|&(&n, _)| n > 0 && switches)
            .map(|(&n, model)| format!("{} on {model}", grouped(u64::from(n))))
            .collect();
        let on = if on.is_empty() { String::new() } else { format!(" ({})", on.join(", ")) };
        let _ = writeln!(text, "\n{name}: bill {}; served {}{on}{refused}", o.bill.shown(), grouped(served));
        if let Some(events) = events {
            output::text(out, &std::mem::take(&mut text))?;
            // The guard each reason names, found once for the policy, not at each refusal.
            let guards: Vec<Option<usize>> = Reason::ALL.iter().map(|&reason| guard_of(r.ran.get(i), reason)).collect();
            let mut line = String::new();
            each_event(out, events, i, |out, e| {
                line.clear();
                event(&mut line, r, &guards, e, caller_of(e));
                output::text(out, &line)
            })?;
        }
    }
    users(&mut text, r);
    Ok(output::text(out, &text)?)
}

/// An event's call's API key and team, where the log names them (`Prepared::caller_of`).
type Caller<'a> = (Option<&'a str>, Option<Option<&'a str>>);

/// One event's line; `guards` is the number of the guard that refuses for each reason (by
/// its index), where one alone does; `(key, team)` the call's, where the log names them.
fn event(out: &mut String, r: &ReplayRun, guards: &[Option<usize>], e: &Event, (key, team): Caller) {
    // Whole, but for what a reader cannot see: a line's end in a name would start a line.
    let user = visible(r.users.get(e.user as usize).map_or("?", |u| u.name.as_str()));
    // The call's key and the team it counts to (a user with keys in two teams is in each).
    let key = key.map_or(String::new(), |k| format!("  {}", visible(k)));
    let team = team.map_or(String::new(), |t| format!("  {}", t.map_or(core::view::NO_TEAM.into(), visible)));
    let model = visible(r.models.get(usize::from(e.model)).map_or("?", String::as_str));
    let refused = |reason: Reason| match guards.get(reason.index()).copied().flatten() {
        Some(n) => format!("refused by guard {n} ({})", reason.name()),
        None => format!("refused: {}", reason.name()),
    };
    let what = match (e.reason, e.fits_at) {
        (None, _) => format!("served, charged {}", e.charged.shown()),
        (Some(reason), Some(at)) => format!("{}, would fit at {}", refused(reason), iso_text(at)),
        (Some(reason), None) => format!("{}, waiting never makes it fit", refused(reason)),
    };
    // What the server answered the client with, where the guard says (a 429's header).
    let what = match e.retry_after {
        Some(seconds) => format!("{what}; answered Retry-After: {seconds}"),
        None => what,
    };
    let _ = writeln!(out, "  {}  {user}{key}{team}  {model}  {what}", iso_text(e.at));
}

/// The number (from 1, as the policy's file lists them) of the one guard of `policy` that
/// refuses with `reason`; `None` where none or several do, as the reason alone says less.
fn guard_of(policy: Option<&Policy>, reason: Reason) -> Option<usize> {
    let mut by = policy?.guards.iter().enumerate().filter(|(_, g)| g.point().is_some_and(|p| p.reason == reason));
    match (by.next(), by.next()) {
        (Some((at, _)), None) => Some(at + 1),
        _ => None,
    }
}

/// The biggest users by their bill under the first policy, charged under each, with each
/// one's team when the log names teams.
fn users(out: &mut String, r: &ReplayRun) {
    let Some(first) = r.policies.first() else { return };
    let order = core::view::by_bill(r);
    let shown_users = &order[..order.len().min(USERS_LISTED)];
    let names: Vec<String> = shown_users.iter().map(|&u| cells::name(&r.users[u].name)).collect();
    let rest = &order[shown_users.len()..];
    let others = (!rest.is_empty()).then(|| format!("the other {}", rest.len()));
    let width = cells::width(names.iter().chain(&others).map(String::as_str), 4);
    let teams: Option<Vec<String>> = r.callers.tenants.map(|_| {
        shown_users
            .iter()
            .map(|&u| r.users[u].team.as_deref().map_or_else(|| core::view::NO_TEAM.into(), cells::name))
            .collect()
    });
    let team_width = teams.as_ref().map_or(0, |t| cells::width(t.iter().map(String::as_str), 4));
    // The team's cell, with its space before it; nothing in a log of no teams.
    let team_cell =
        |team: &str| if teams.is_some() { format!(" {}", cells::padded(team, team_width)) } else { String::new() };
    let _ = writeln!(out, "\nThe biggest users by their bill under {}, charged under each policy:", first.policy);
    // As wide as the log's calls in all, grouped: no user's count is wider.
    let calls_width = grouped(r.calls as u64).len().max(6);
    let charged = |o: &Outcome, users: &[usize]| {
        Nanos(users.iter().map(|&u| o.per_user[u].charged.0).fold(0u64, u64::saturating_add)).shown()
    };
    // Each row: its name, calls and what each policy charged; then "the other N".
    let mut rows: Vec<(String, u64, Vec<String>)> = shown_users
        .iter()
        .zip(&names)
        .map(|(&u, name)| {
            (name.clone(), u64::from(r.users[u].calls), r.policies.iter().map(|o| charged(o, &[u])).collect())
        })
        .collect();
    if let Some(others) = others {
        let calls: u64 = rest.iter().map(|&u| u64::from(r.users[u].calls)).sum();
        rows.push((others, calls, r.policies.iter().map(|o| charged(o, rest)).collect()));
    }
    let amounts: Vec<String> = rows.iter().flat_map(|(_, _, a)| a.iter().cloned()).collect();
    let aligned = cells::on_points(&amounts);
    // Each policy's column as wide as its name and the widest amount (every amount has as
    // many places after its point), so no wide one pushes the columns after it along.
    let heads: Vec<String> = r.policies.iter().map(|o| cells::name(&o.policy)).collect();
    let amount_width = cells::width(aligned.iter().map(String::as_str), 14);
    let widths: Vec<usize> = heads.iter().map(|h| cells::width([h.as_str()], amount_width)).collect();
    let mut line = format!("  {:<width$}{} {:>calls_width$}", "user", team_cell("team"), "calls");
    for (head, &w) in heads.iter().zip(&widths) {
        let _ = write!(line, " {}", cells::right(head, w));
    }
    let _ = writeln!(out, "{line}");
    let mut aligned = aligned.iter();
    for (i, (name, calls, _)) in rows.iter().enumerate() {
        let team = teams.as_ref().and_then(|t| t.get(i)).map_or("", String::as_str);
        let mut line = format!("  {}{} {:>calls_width$}", cells::padded(name, width), team_cell(team), grouped(*calls));
        for &w in &widths {
            let _ = write!(line, " {}", cells::right(aligned.next().map_or("", String::as_str), w));
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// `run --export-log FILE`: the scenario's traffic on `seed`, as a generic log, user by
/// user so that its replay numbers users as the scenario does; to `out` for "-".
pub fn export_log(
    scenario: &Scenario,
    seed: u32,
    values: &Values,
    path: &Path,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let refused = |problem: String| work(format!("--export-log {}: {problem}", path.display()));
    let built = scenario.build(seed, values).map_err(|e| Failure::Work(e.into()))?;
    for lost in export::not_carried(&built.traffic, &built.prices) {
        crate::output::say(&format!("--export-log {}: note: {lost}, so its replay is not this run", path.display()));
    }
    flag_files::write_to(path, out, refused, |w| export::write(&built.traffic, Order::ByUser, w))
}
