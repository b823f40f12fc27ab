//! The command line's words, read by clap into each command's own arguments. Every value
//! goes through the core's check for it (the same as the widget's), so a bad one is
//! refused with its flag's name and what the flag allows. A new command is a variant of
//! [`Command`] with a struct of its arguments (sharing [`Json`] and [`DaySettings`]
//! where it takes them), and an arm in `commands.rs`.

pub use crate::arg_parts::{Checked, Json};
use billsim_core::lessons::toy_day::in_flight::{self, Params};
use billsim_core::scenario::registry;
use billsim_core::scenario::{Scenario, Values};
use billsim_core::settings::{self, FieldError, Invalid};
use billsim_core::words::grouped;
use billsim_core::{Refill, Settings};
use clap::{ArgAction, Args, Parser, Subcommand};
use std::num::NonZeroU32;
use std::path::{Path, PathBuf};

#[derive(Debug, Parser)]
#[command(
    name = "billsim",
    version,
    about = "billsim: what AI spending policies do to a bill, on the lessons' scenarios and on your own logs",
    // As most tools: a flag given twice takes its last value.
    args_override_self = true,
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lesson 000's toy day under each policy, as a table or as JSON
    ///
    /// With --count N: N days from --seed, one after another (one JSON line each), each
    /// printed as soon as it is computed. The short form of `billsim run --scenario toyDay`
    /// (whose JSON is the engine's, with every user's refusals by reason).
    Day(Day),
    /// Lesson 000's claims checked over --count toy days from --from
    Days(Days),
    /// Lesson 000's calls at once, under four versions of the budget
    #[command(long_about = format!(
        "Lesson 000's calls at once, under four versions of the budget\n\nEach call is {} tokens in and {} out; all are \
         checked before any is charged.",
        grouped(in_flight::INPUT), grouped(in_flight::OUTPUT)))]
    Overrun(Overrun),
    /// Every figure a lesson quotes, computed here (--scenario picks the lesson)
    ///
    /// The lesson's value is shown beside ours where they differ. --scenario freeTier: lesson
    /// 003's figures (run 0, and its claims over runs 0 to 999); --scenario hackathon: lesson
    /// 001's, with its runs replayed; --scenario runawayTenant: lesson 002's (month 0, its
    /// claims measured under them).
    Numbers(Numbers),
    /// The lessons' charts as SVG files in a folder
    #[command(long_about = format!(
        "The lessons' charts as SVG files in a folder\n\nEach at its scenario's defaults on run 0, the policy its \
         widget starts on framed (each widget's fallback), with a title and a description, in the folder --out \
         (created if missing): {}. With --json, the paths written.",
        crate::figures::listed()))]
    Figures(Figures),
    /// Every scenario `run` can run: its policies and its settings
    Scenarios(Json),
    /// Any scenario under its own policies, or under policies from a file
    ///
    /// A table per policy: the bill, and per cohort and user the calls served, refused by
    /// reason, and charged. --policy FILE.json replaces the scenario's policies (and its
    /// prices, when the file has them); README.md describes the file.
    Run(Run),
    /// A scenario's policies, at its settings, as a policy file in the policy language
    ///
    /// `billsim run --scenario NAME --policy` the file gives the scenario's own result: start
    /// from a lesson's policy and edit it (README.md describes the language).
    Policies(Policies),
    /// A log of your app's model calls replayed under each policy
    ///
    /// FILE (or - for standard input) is read as it streams in: LiteLLM spend logs, a
    /// Helicone export, Langfuse observations, OpenTelemetry GenAI spans (OTLP/JSON) or a
    /// generic CSV or JSON-lines log (README.md lists its columns). Without --policy it runs
    /// the bill as it happened (noLimit) beside the lessons' main policies at their defaults.
    Replay(crate::replay::Replay),
}

/// How a day is run: the settings of `day` and `days`.
#[derive(Debug, Args)]
#[command(next_help_heading = "Settings")]
pub struct DaySettings {
    #[arg(long, value_name = "K", value_parser = Checked(settings::parse_per_minute), allow_hyphen_values = true,
        help = format!("The request limit, {} requests a minute per user (default {})",
            settings::PER_MINUTE_ALLOWED, Settings::default().per_minute))]
    per_minute: Option<NonZeroU32>,
    #[arg(long, value_name = "DOLLARS", value_parser = Checked(settings::parse_budget), allow_hyphen_values = true,
        help = format!("The daily budget per user, {} (default {})",
            settings::BUDGET_ALLOWED, Settings::default().budget.dollars(2)))]
    budget_dollars: Option<billsim_core::Micros>,
    /// --budget-dollars by the setting's old name, still read (a refusal names the flag as typed).
    #[arg(long, value_name = "DOLLARS", value_parser = Checked(settings::parse_budget), allow_hyphen_values = true,
        hide = true, conflicts_with = "budget_dollars")]
    budget: Option<billsim_core::Micros>,
    #[arg(long, value_name = "RULE", value_parser = Checked(settings::parse_refill), allow_hyphen_values = true,
        help = format!("When the budget refills: {} (default {})",
            settings::REFILL_ALLOWED, Settings::default().refill.name()))]
    refill: Option<Refill>,
}

impl DaySettings {
    /// The settings given, each missing one at its default.
    pub fn settings(&self) -> Settings {
        let d = Settings::default();
        Settings {
            per_minute: self.per_minute.unwrap_or(d.per_minute),
            budget: self.budget_dollars.or(self.budget).unwrap_or(d.budget),
            refill: self.refill.unwrap_or(d.refill),
        }
    }
}

#[derive(Debug, Args)]
pub struct Day {
    #[arg(long, value_name = "N", value_parser = Checked(settings::parse_seed), allow_hyphen_values = true,
        help = format!("The first day's number, {} (default 0)", settings::SEED_ALLOWED))]
    seed: Option<u32>,
    /// `days`' spelling of --seed, taken here too (a refusal names the flag as typed).
    #[arg(long, value_name = "N", value_parser = Checked(settings::parse_seed), allow_hyphen_values = true,
        hide = true, conflicts_with = "seed")]
    from: Option<u32>,
    #[arg(long, value_name = "N", value_parser = Checked(parse_count), allow_hyphen_values = true,
        help = format!("How many days, one after another, {COUNT_ALLOWED} (default 1)"))]
    pub count: Option<u32>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub settings: DaySettings,
}

#[derive(Debug, Args)]
pub struct Days {
    #[arg(long, value_name = "N", value_parser = Checked(settings::parse_seed), allow_hyphen_values = true,
        help = format!("The first day's number, {} (default 0)", settings::SEED_ALLOWED))]
    from: Option<u32>,
    /// `day`'s spelling of --from, taken here too (a refusal names the flag as typed).
    #[arg(long, value_name = "N", value_parser = Checked(settings::parse_seed), allow_hyphen_values = true,
        hide = true, conflicts_with = "from")]
    seed: Option<u32>,
    #[arg(long, value_name = "N", value_parser = Checked(parse_count), allow_hyphen_values = true,
        help = format!("How many days, {COUNT_ALLOWED} (default 200)"))]
    pub count: Option<u32>,
    #[command(flatten)]
    pub json: Json,
    #[command(flatten)]
    pub settings: DaySettings,
}

#[derive(Debug, Args)]
pub struct Overrun {
    #[arg(long, value_name = "N", value_parser = Checked(in_flight::parse_calls), allow_hyphen_values = true,
        help = format!("Calls at once, {} (default {})", in_flight::CALLS_ALLOWED, in_flight::CALLS_DEFAULT))]
    calls: Option<u32>,
    #[arg(long, value_name = "PERCENT", value_parser = Checked(in_flight::parse_estimate), allow_hyphen_values = true,
        help = format!("The low estimate guesses the input at this percentage of its real size, {} (default {})",
            in_flight::ESTIMATE_ALLOWED, in_flight::ESTIMATE_DEFAULT))]
    estimate_percent: Option<u32>,
    /// --estimate-percent by the setting's old name, still read (a refusal names the flag as typed).
    #[arg(long, value_name = "PERCENT", value_parser = Checked(in_flight::parse_estimate), allow_hyphen_values = true,
        hide = true, conflicts_with = "estimate_percent")]
    estimate: Option<u32>,
    #[arg(long, value_name = "DOLLARS", value_parser = Checked(settings::parse_budget), allow_hyphen_values = true,
        help = format!("The budget, {} (default {})", settings::BUDGET_ALLOWED, settings::BUDGET_DEFAULT.dollars(2)))]
    budget_dollars: Option<billsim_core::Micros>,
    /// --budget-dollars by the setting's old name, still read (a refusal names the flag as typed).
    #[arg(long, value_name = "DOLLARS", value_parser = Checked(settings::parse_budget), allow_hyphen_values = true,
        hide = true, conflicts_with = "budget_dollars")]
    budget: Option<billsim_core::Micros>,
    #[command(flatten)]
    pub json: Json,
}

impl Day {
    /// The first day's number (default 0).
    pub fn first(&self) -> u32 {
        self.seed.or(self.from).unwrap_or(0)
    }
}

impl Days {
    /// The first day's number (default 0).
    pub fn first(&self) -> u32 {
        self.from.or(self.seed).unwrap_or(0)
    }
}

impl Overrun {
    /// The experiment's settings, each missing one at its default.
    pub fn params(&self) -> Result<Params, FieldError> {
        let d = Params::default();
        Params::new(
            self.calls.unwrap_or(d.calls()),
            self.estimate_percent.or(self.estimate).unwrap_or(d.estimate_percent()),
            self.budget_dollars.or(self.budget).unwrap_or(d.budget()),
        )
    }
}

#[derive(Debug, Args)]
pub struct Numbers {
    #[arg(long, value_name = "NAME", value_parser = Checked(parse_scenario), allow_hyphen_values = true,
        help = format!("The lesson of this scenario, {} (default toyDay: lesson 000)", scenarios_allowed()))]
    pub scenario: Option<&'static str>,
    #[command(flatten)]
    pub json: Json,
}

#[derive(Debug, Args)]
pub struct Figures {
    /// The folder to write the SVG files into
    #[arg(long, value_name = "DIR", required = true, value_parser = Checked(parse_folder), allow_hyphen_values = true)]
    pub out: PathBuf,
    #[command(flatten)]
    pub json: Json,
}

#[derive(Debug, Args)]
pub struct Run {
    #[arg(long, value_name = "NAME", value_parser = Checked(parse_scenario), allow_hyphen_values = true,
        help = format!("The scenario to run, {} (billsim scenarios lists them)", scenarios_allowed()))]
    scenario: &'static str,
    #[arg(long, value_name = "N", value_parser = Checked(settings::parse_seed), allow_hyphen_values = true,
        help = format!("The day (or run) number, {} (default 0)", settings::SEED_ALLOWED))]
    seed: Option<u32>,
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = Checked(parse_assignment),
        action = ArgAction::Append, allow_hyphen_values = true,
        help = format!("A setting of the scenario, {ASSIGNMENT_ALLOWED}; may be given again"))]
    pub set: Vec<Assignment>,
    // Appended, not overridden as other flags are: a second file given is refused (usage.rs),
    // as its policies would not run. `--policies`, what the file holds, is read as it.
    #[arg(long, alias = "policies", value_name = "FILE", value_parser = Checked(parse_file),
        action = ArgAction::Append, allow_hyphen_values = true,
        help = "Policies (and prices) written as JSON, in place of the scenario's own (\"-\": standard input)")]
    pub policy: Vec<PathBuf>,
    /// Also write the scenario's traffic to FILE as a generic log (billsim replay reads it); "-" writes it to
    /// standard output, in place of the run's table
    #[arg(long, value_name = "FILE", value_parser = Checked(parse_file), allow_hyphen_values = true)]
    pub export_log: Option<PathBuf>,
    /// Add each policy's event list: every call served or refused, and why
    #[arg(long)]
    pub events: bool,
    #[arg(long, value_name = "FILE", value_parser = Checked(parse_file), allow_hyphen_values = true,
        help = "Write the blocked-call log of the tutorial's app (rateLimitAndCap) to FILE, one JSON line per \
            refusal (scenario hackathon); \"-\" writes it to standard output, in place of the run's table")]
    pub blocked_log: Option<PathBuf>,
    #[command(flatten)]
    pub json: Json,
}

#[derive(Debug, Args)]
pub struct Policies {
    #[arg(long, value_name = "NAME", value_parser = Checked(parse_scenario), allow_hyphen_values = true,
        help = format!("The scenario, {} (billsim scenarios lists them)", scenarios_allowed()))]
    scenario: &'static str,
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = Checked(parse_assignment),
        action = ArgAction::Append, allow_hyphen_values = true,
        help = format!("A setting of the scenario, {ASSIGNMENT_ALLOWED}; may be given again"))]
    pub set: Vec<Assignment>,
}

impl Policies {
    /// The scenario, with its settings, read as `run` reads them.
    pub fn scenario(&self) -> Result<(&'static Scenario, Values), FieldError> {
        scenario_values(self.scenario, &self.set)
    }
}

/// `--set NAME=VALUE`, split at the first `=`; the scenario checks the name and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub name: String,
    pub value: String,
}

impl Run {
    /// The scenario's name, as --scenario gave it (checked as it was read).
    pub fn scenario_name(&self) -> &'static str {
        self.scenario
    }

    pub fn seed(&self) -> u32 {
        self.seed.unwrap_or(0)
    }

    /// The policy file, if one is given (usage.rs refuses two).
    pub fn policy_file(&self) -> Option<&Path> {
        self.policy.first().map(PathBuf::as_path)
    }

    /// The logs that write standard output when their file is "-", in the order given (one may).
    pub fn logs(&self) -> [(&'static str, Option<&Path>); 2] {
        [("--export-log", self.export_log.as_deref()), ("--blocked-log", self.blocked_log.as_deref())]
    }

    /// The scenario, with its settings: each `--set` read through the scenario's schema, so
    /// an unknown name or a bad value names the setting and what it allows.
    pub fn scenario(&self) -> Result<(&'static Scenario, Values), FieldError> {
        scenario_values(self.scenario, &self.set)
    }
}

/// The scenario named `name` with each `--set` read through its schema, so an unknown name
/// or a bad value names the setting and what it allows.
fn scenario_values(name: &str, set: &[Assignment]) -> Result<(&'static Scenario, Values), FieldError> {
    let scenario = registry::find(name)?;
    let mut values = Values::defaults(scenario);
    for a in set {
        // The core calls an unknown setting's field "setting": here it is NAME=VALUE's NAME.
        values.set(scenario, &a.name, &a.value).map_err(|e| {
            let field = if e.field == "setting" { "NAME" } else { &e.field };
            FieldError { field: format!("--set {field}"), ..e }
        })?;
    }
    Ok((scenario, values))
}

/// What `--scenario` allows, in the core's words.
fn scenarios_allowed() -> &'static str {
    registry::find("").err().map_or("", |e| e.problem.allowed)
}

fn parse_scenario(text: &str) -> Result<&'static str, Invalid> {
    registry::find(text).map(|s| s.name).map_err(|e| e.problem)
}

pub const ASSIGNMENT_ALLOWED: &str = "NAME=VALUE with NAME one of the scenario's settings";

fn parse_assignment(text: &str) -> Result<Assignment, Invalid> {
    match text.split_once('=') {
        Some((name, value)) => Ok(Assignment { name: name.into(), value: value.into() }),
        None => Err(Invalid { allowed: ASSIGNMENT_ALLOWED, got: settings::shown(text) }),
    }
}

/// A file's path, as given; not empty.
fn parse_file(text: &str) -> Result<PathBuf, Invalid> {
    if text.is_empty() {
        return Err(Invalid { allowed: "a file", got: settings::shown(text) });
    }
    Ok(PathBuf::from(text))
}

pub const COUNT_ALLOWED: &str = "a whole number from 1 to 1,000,000";

fn parse_count(text: &str) -> Result<u32, Invalid> {
    let bad = || Invalid { allowed: COUNT_ALLOWED, got: settings::shown(text) };
    // Plain digits, as every other flag: u32's own parser would also take "+5".
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u32 = t.parse().map_err(|_| bad())?;
    if (1..=1_000_000).contains(&n) {
        Ok(n)
    } else {
        Err(bad())
    }
}

/// A folder, as given (spaces and all); not empty.
fn parse_folder(text: &str) -> Result<PathBuf, Invalid> {
    if text.is_empty() {
        return Err(Invalid { allowed: "a folder", got: settings::shown(text) });
    }
    Ok(PathBuf::from(text))
}
