//! The command line's words, read into settings. Every bad value names its flag and what
//! is allowed, through the same checks as the widget's settings.

use billsim_core::in_flight::{self, Params};
use billsim_core::settings::{self, FieldError, Invalid};
use billsim_core::Settings;
use std::path::PathBuf;

pub const USAGE: &str = "\
billsim: the toy day of \"How to stop one user running up your AI bill\"

Usage:
  billsim day     [--seed N] [--count N] [SETTINGS] [--json]
  billsim days    [--from N] [--count N] [SETTINGS] [--json]
  billsim overrun [--calls N] [--estimate PERCENT] [--budget DOLLARS] [--json]
  billsim numbers [--json]
  billsim figures --out DIR

  day      one day under each policy (--count N: N days from --seed, one JSON line each)
  days     the lesson's claims checked over days --from .. --from + --count
  overrun  many calls at once (20,000 tokens in, 800 out each), all checked before any
           is charged, under four versions of the budget
  numbers  every figure the lesson quotes, computed here, with the lesson's value
           beside ours where they differ
  figures  the lesson's charts as SVG files in DIR (created if missing):
           share-of-bill.svg (day 0, default settings, the daily budget framed) and
           overrun.svg (the overrun defaults), each with a title and a description

Settings (day, days):
  --per-minute K      the request limit, 1 to 60 calls a minute (default 5)
  --budget DOLLARS    the daily budget per user, 0.01 to 100 (default 0.25)
  --refill RULE       daily or steady (default daily)

Overrun:
  --calls N           calls at once, 1 to 200 (default 20)
  --estimate PERCENT  the low estimate guesses the input at this percentage of its
                      real size, 10 to 200 (default 50)
  --budget DOLLARS    the budget, 0.01 to 100 (default 0.25)

Figures:
  --out DIR           the folder to write into

Every command:
  --json              print JSON, not a table (figures: the paths written)
";

/// What the command line asked for.
#[derive(Debug, PartialEq, Eq)]
pub struct Args {
    pub command: Command,
    pub start: u32,
    pub count: u32,
    pub settings: Settings,
    /// For `overrun`; its budget is `settings.budget`.
    pub overrun: Params,
    /// For `figures`: the folder to write into.
    pub out: Option<PathBuf>,
    pub json: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Command {
    Day,
    Days,
    Overrun,
    Numbers,
    Figures,
    Help,
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::Day => "day",
            Command::Days => "days",
            Command::Overrun => "overrun",
            Command::Numbers => "numbers",
            Command::Figures => "figures",
            Command::Help => "help",
        }
    }

    /// The options that take a value, for this command.
    fn options(&self) -> &'static [&'static str] {
        match self {
            Command::Day | Command::Days => &["--seed", "--from", "--count", "--per-minute", "--budget", "--refill"],
            Command::Overrun => &["--calls", "--estimate", "--budget"],
            Command::Figures => &["--out"],
            Command::Numbers | Command::Help => &[],
        }
    }
}

/// A usage error: the message to print before the usage.
#[derive(Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

impl From<FieldError> for UsageError {
    fn from(e: FieldError) -> Self {
        UsageError(e.to_string())
    }
}

const COUNT_ALLOWED: &str = "a whole number from 1 to 1000000";

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

/// What an option's value may be, for the message when the value is missing.
fn allowed(option: &str) -> &'static str {
    match option {
        "--seed" | "--from" => settings::SEED_ALLOWED,
        "--count" => COUNT_ALLOWED,
        "--per-minute" => settings::PER_MINUTE_ALLOWED,
        "--budget" => settings::BUDGET_ALLOWED,
        "--refill" => settings::REFILL_ALLOWED,
        "--calls" => in_flight::CALLS_ALLOWED,
        "--estimate" => in_flight::ESTIMATE_ALLOWED,
        _ => "a folder",
    }
}

pub fn parse(words: &[String]) -> Result<Args, UsageError> {
    let mut words = words.iter();
    let command = match words.next().map(String::as_str) {
        Some("day") => Command::Day,
        Some("days") => Command::Days,
        Some("overrun") => Command::Overrun,
        Some("numbers") => Command::Numbers,
        Some("figures") => Command::Figures,
        Some("help" | "--help" | "-h") | None => Command::Help,
        Some(other) => return Err(UsageError(format!("unknown command {}", settings::shown(other)))),
    };
    let mut args = Args {
        command,
        start: 0,
        count: 1,
        settings: Settings::default(),
        overrun: Params::default(),
        out: None,
        json: false,
    };
    let (mut calls, mut estimate) = (args.overrun.calls(), args.overrun.estimate_percent());
    if args.command == Command::Days {
        args.count = 200;
    }
    while let Some(flag) = words.next() {
        let flag = flag.as_str();
        if flag == "--json" {
            args.json = true;
            continue;
        }
        if flag == "--help" || flag == "-h" {
            args.command = Command::Help;
            continue;
        }
        let (name, inline) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (flag, None),
        };
        if !args.command.options().contains(&name) {
            let command = args.command.name();
            return Err(UsageError(format!("unknown option {} for billsim {command}", settings::shown(flag))));
        }
        let value = match inline.or_else(|| words.next().cloned()) {
            Some(v) => v,
            None => return Err(UsageError(format!("{name}: needs a value, {}", allowed(name)))),
        };
        match name {
            "--seed" | "--from" => args.start = settings::parse_seed(&value).map_err(|e| e.on(name))?,
            "--count" => args.count = parse_count(&value).map_err(|e| e.on(name))?,
            "--per-minute" => args.settings.per_minute = settings::parse_per_minute(&value).map_err(|e| e.on(name))?,
            "--budget" => args.settings.budget = settings::parse_budget(&value).map_err(|e| e.on(name))?,
            "--calls" => calls = in_flight::parse_calls(&value).map_err(|e| e.on(name))?,
            "--estimate" => estimate = in_flight::parse_estimate(&value).map_err(|e| e.on(name))?,
            "--out" if value.is_empty() => return Err(UsageError("--out: needs a folder; got \"\"".into())),
            "--out" => args.out = Some(PathBuf::from(value)),
            _ => args.settings.refill = settings::parse_refill(&value).map_err(|e| e.on(name))?,
        }
    }
    // Each value has passed its own check above, so this cannot fail; it keeps one place
    // where the experiment's settings are checked together.
    args.overrun = Params::new(calls, estimate, args.settings.budget)?;
    if args.command == Command::Figures && args.out.is_none() {
        return Err(UsageError("figures: needs --out DIR, the folder to write the SVG files into".into()));
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn flags_are_read_into_settings_with_either_spelling() {
        let a = parse(&words("day --seed 7 --per-minute=1 --budget 0.05 --refill steady --json")).unwrap();
        assert_eq!((a.start, a.settings.per_minute.get(), a.settings.budget.0, a.json), (7, 1, 50_000, true));
        assert_eq!(a.settings.refill, billsim_core::Refill::Steady);
    }

    #[test]
    fn a_bad_value_names_its_flag_and_what_is_allowed() {
        let e = parse(&words("day --budget -1")).unwrap_err();
        assert!(e.0.starts_with("--budget: must be an amount in dollars from 0.01 to 100"), "{}", e.0);
        let e = parse(&words("days --from 4294967296")).unwrap_err();
        assert!(e.0.starts_with("--from: must be a whole number from 0 to 4294967295"), "{}", e.0);
        assert!(parse(&words("day --seed")).unwrap_err().0.contains("needs a value"));
        assert!(parse(&words("day --speed 3")).unwrap_err().0.contains("unknown option"));
    }

    #[test]
    fn overrun_reads_its_own_flags_and_names_the_flag_and_range_of_a_bad_one() {
        let a = parse(&words("overrun --calls 40 --estimate=80 --budget 0.5 --json")).unwrap();
        assert_eq!(a.command, Command::Overrun);
        assert_eq!(
            (a.overrun.calls(), a.overrun.estimate_percent(), a.overrun.budget().0, a.json),
            (40, 80, 500_000, true)
        );
        let e = parse(&words("overrun --calls 201")).unwrap_err();
        assert_eq!(e.0, "--calls: must be a whole number from 1 to 200; got \"201\"");
        let e = parse(&words("overrun --estimate 5")).unwrap_err();
        assert_eq!(e.0, "--estimate: must be a whole number of percent from 10 to 200; got \"5\"");
    }

    #[test]
    fn an_option_of_another_command_is_refused_not_silently_ignored() {
        let e = parse(&words("day --calls 5")).unwrap_err();
        assert_eq!(e.0, "unknown option \"--calls\" for billsim day");
        assert!(parse(&words("overrun --refill steady")).is_err());
        assert!(parse(&words("numbers --seed 1")).is_err());
        assert_eq!(parse(&words("numbers --json")).map(|a| (a.command, a.json)), Ok((Command::Numbers, true)));
    }

    #[test]
    fn figures_needs_a_folder_from_out_and_takes_no_other_option() {
        let a = parse(&words("figures --out figs")).unwrap();
        assert_eq!((a.command, a.out), (Command::Figures, Some(PathBuf::from("figs"))));
        assert!(parse(&words("figures")).unwrap_err().0.starts_with("figures: needs --out DIR"));
        assert_eq!(parse(&words("figures --out=")).unwrap_err().0, "--out: needs a folder; got \"\"");
        assert!(parse(&words("figures --out figs --seed 3")).unwrap_err().0.contains("unknown option"));
        assert!(parse(&words("day --out figs")).is_err());
    }
}
