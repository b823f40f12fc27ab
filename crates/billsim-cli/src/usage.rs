//! Reading the command line, and what billsim says when it cannot: each of clap's errors in
//! billsim's own words (the flag's name and what it allows), then the help of the command
//! it was given to.

use crate::args::{Assignment, Cli, Command};
use crate::flag_files;
use billsim_core::lessons::hackathon::scenario::SCENARIO as HACKATHON;
use billsim_core::scenario::{Clashing, Values};
use billsim_core::settings::shown;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser};
use std::ffi::OsString;

/// Why the command line does not run a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// The reader asked for help (or gave no command): this text, on stdout, status 0.
    Help(String),
    /// A usage error: this message and the help after it, on stderr, status 2.
    Usage(String),
}

/// Reads the words after `billsim` into a command.
pub fn parse(raw: &[OsString]) -> Result<Command, Stop> {
    // Read lossily: a byte that is not UTF-8 becomes U+FFFD, which no command, option or
    // value allows, so the parser refuses it with the option's name. Only a folder (--out)
    // could take it, so such an argument is refused after a parse that succeeded.
    let words: Vec<String> = raw.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let cli = Cli::try_parse_from(std::iter::once("billsim".to_string()).chain(words.iter().cloned()))
        .map_err(|e| stop(&e, &words))?;
    if let Some(w) = raw.iter().find(|w| w.to_str().is_none()) {
        let message = format!("an argument must be UTF-8 text; got {}", shown(&w.to_string_lossy()));
        return Err(Stop::Usage(with_help(&message, &words)));
    }
    let command = cli.command.ok_or_else(|| Stop::Help(Cli::command().render_help().to_string()))?;
    // `run`'s and `policies`' settings are checked against their scenario's schema, which
    // clap cannot do flag by flag: a bad one is a usage error as any other.
    let settings = match &command {
        Command::Run(a) => Some((a.scenario(), &a.set)),
        Command::Policies(a) => Some((a.scenario(), &a.set)),
        _ => None,
    };
    if let Some((read, set)) = settings {
        let (scenario, values) = read.map_err(|e| Stop::Usage(with_help(&e.to_string(), &words)))?;
        if let Some(clash) = scenario.clash(&values) {
            return Err(Stop::Usage(with_help(&clashing(&clash, set, &values), &words)));
        }
    }
    // A flag given again takes its last value (Cli), but for --policy: the first file's
    // policies would not run, and no word said so.
    let policy_files = match &command {
        Command::Run(a) => a.policy.len(),
        Command::Replay(a) => a.policy.len(),
        _ => 0,
    };
    if policy_files > 1 {
        let message =
            format!("--policy: given {policy_files} times; one policy file is read: write every policy into it");
        return Err(Stop::Usage(with_help(&message, &words)));
    }
    // Two flags' files of "-" would both write standard output (or read standard input).
    let streams = match &command {
        Command::Run(a) => flag_files::one_each("output", &a.logs()),
        Command::Replay(a) => flag_files::one_each("input", &a.inputs()),
        _ => Ok(false),
    };
    streams.map_err(|e| Stop::Usage(with_help(&e, &words)))?;
    if let Command::Run(a) = &command {
        if let Some(path) = a.blocked_log.as_deref().filter(|_| a.scenario_name() != HACKATHON.name) {
            let message = format!(
                "--blocked-log {}: only the scenario {:?} has the tutorial's app; this is {:?}",
                flag_files::shown(path),
                HACKATHON.name,
                a.scenario_name()
            );
            return Err(Stop::Usage(with_help(&message, &words)));
        }
    }
    // `replay --add`'s cohorts are the scenarios', which clap does not know: one that is not
    // is a usage error (it was found after the log was read, and exited 1).
    if let Command::Replay(replay) = &command {
        for (i, which) in replay.add.iter().enumerate() {
            billsim_core::replay::run::check_addable(which)
                .map_err(|e| Stop::Usage(with_help(&format!("--{e}"), &words)))?;
            if replay.add[..i].contains(which) {
                let message = format!("--add {which}: given twice; a cohort is added once");
                return Err(Stop::Usage(with_help(&message, &words)));
            }
        }
    }
    Ok(command)
}

/// Settings, each in range, that do not hold together: named by the `--set` given last of
/// the rule's (the one to change), with the others and their values, then the rule.
fn clashing(clash: &Clashing, given: &[Assignment], values: &Values) -> String {
    let is_given = |key: &str| given.iter().any(|a| a.name.trim() == key);
    let last = given.iter().rev().map(|a| a.name.trim()).find(|&n| clash.settings.iter().any(|s| s == n));
    let named = last.or(clash.settings.last().map(String::as_str)).unwrap_or_default();
    let others: Vec<String> = clash
        .settings
        .iter()
        .filter(|&s| s != named)
        .map(|s| {
            let value = values.get(s).map(billsim_core::scenario::clash::said).unwrap_or_default();
            if is_given(s) {
                format!("{s} ({value})")
            } else {
                format!("{s} ({value}, its default)")
            }
        })
        .collect();
    format!("--set {named}: clashes with {}: {}", others.join(" and "), clash.problem)
}

/// The help of the command the words name (`day`), or billsim's own.
fn help_for(words: &[String]) -> String {
    let mut cli = Cli::command();
    cli.build();
    let named = words.first().and_then(|w| cli.find_subcommand(w));
    match named {
        Some(command) => command.clone().bin_name(format!("billsim {}", command.get_name())).render_help(),
        None => cli.render_help(),
    }
    .to_string()
}

fn with_help(message: &str, words: &[String]) -> String {
    format!("{message}\n\n{}", help_for(words))
}

fn context(e: &clap::Error, kind: ContextKind) -> Option<&str> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s),
        ContextValue::Strings(s) => s.first().map(String::as_str),
        _ => None,
    }
}

/// The flag's name alone from clap's rendering of it: `--seed` from `--seed <N>`.
fn flag_name(rendered: &str) -> &str {
    rendered.split([' ', '=']).next().unwrap_or(rendered)
}

fn stop(e: &clap::Error, words: &[String]) -> Stop {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return Stop::Help(e.render().to_string());
    }
    Stop::Usage(with_help(&message(e, words), words))
}

/// The command the words name, for a message: `billsim day`.
fn command_named(words: &[String]) -> Option<String> {
    let name = words.first()?;
    Cli::command().find_subcommand(name).map(|c| format!("billsim {}", c.get_name()))
}

/// One line that says what is wrong, naming the flag or command and what it allows.
fn message(e: &clap::Error, words: &[String]) -> String {
    if let Some(ours) = context(e, ContextKind::Custom) {
        return ours.to_string();
    }
    let arg = context(e, ContextKind::InvalidArg).unwrap_or_default();
    match e.kind() {
        // `--seed` and nothing after it.
        ErrorKind::InvalidValue if context(e, ContextKind::InvalidValue).is_some_and(str::is_empty) => {
            let flag = flag_name(arg);
            match allowed(words, flag) {
                Some(allowed) => format!("{flag}: needs a value, {allowed}"),
                None => format!("{flag}: needs a value"),
            }
        }
        ErrorKind::InvalidSubcommand => {
            let named = shown(context(e, ContextKind::InvalidSubcommand).unwrap_or(arg));
            match context(e, ContextKind::SuggestedSubcommand) {
                Some(meant) => format!("unknown command {named} (did you mean {}?)", shown(meant)),
                None => format!("unknown command {named}"),
            }
        }
        ErrorKind::UnknownArgument => match command_named(words) {
            // A word that is no option: one more than the command takes (a second file).
            Some(command) if !arg.starts_with('-') => match positionals(words) {
                Some(takes) => format!("unexpected argument {} for {command}: it takes one {takes}", shown(arg)),
                None => {
                    format!("unexpected argument {} for {command}: it takes options, each starting with --", shown(arg))
                }
            },
            // A slip of an option's name: the nearest one, as the widget says an attribute's.
            Some(command) => match context(e, ContextKind::SuggestedArg) {
                Some(meant) => format!("unknown option {} for {command} (did you mean {}?)", shown(arg), shown(meant)),
                None => format!("unknown option {} for {command}", shown(arg)),
            },
            None => format!("unknown command {}", shown(arg)),
        },
        // `--json=1`: a flag that takes no value, given one.
        ErrorKind::TooManyValues => {
            let value = context(e, ContextKind::InvalidValue).unwrap_or_default();
            let command = command_named(words).unwrap_or_else(|| "billsim".into());
            format!("unknown option {} for {command}", shown(&format!("{}={value}", flag_name(arg))))
        }
        ErrorKind::MissingRequiredArgument => {
            let command = words.first().map_or("billsim", String::as_str);
            let flag = arg.replace(['<', '>'], "");
            match help_of(words, flag_name(arg)) {
                Some(help) => format!("{command}: needs {flag}, {}", lowercase_first(&help)),
                None => format!("{command}: needs {flag}"),
            }
        }
        // A flag beside its old name (`--estimate 30 --estimate-percent 40`): which to take
        // is not clear, as "a flag given twice takes its last value" is of one name.
        ErrorKind::ArgumentConflict => {
            let other = context(e, ContextKind::PriorArg).unwrap_or_default();
            format!("{} and {} name one setting: give it once", flag_name(arg), flag_name(other))
        }
        // Anything else in clap's own words, less its "error: ".
        _ => {
            let text = e.render().to_string();
            let line = text.lines().next().unwrap_or_default();
            line.strip_prefix("error: ").unwrap_or(line).to_string()
        }
    }
}

/// What the command the words name takes beside its options, as its usage writes it
/// (`FILE|-`), or `None` if nothing.
fn positionals(words: &[String]) -> Option<String> {
    let cli = Cli::command();
    let command = cli.find_subcommand(words.first()?)?;
    let names: Vec<String> = command
        .get_positionals()
        .map(|a| a.get_value_names().map_or(a.get_id().to_string(), |n| n.join(" ")))
        .collect();
    (!names.is_empty()).then(|| names.join(" "))
}

/// What `flag` allows: what its check says when given nothing (`day --seed=`).
fn allowed(words: &[String], flag: &str) -> Option<String> {
    let command = words.first()?;
    let refused = Cli::try_parse_from(["billsim", command, &format!("{flag}=")]).err()?;
    context(&refused, ContextKind::ValidValue).map(String::from)
}

/// The help line of `flag` in the command the words name.
fn help_of(words: &[String], flag: &str) -> Option<String> {
    let mut cli = Cli::command();
    cli.build();
    let command = cli.find_subcommand(words.first()?)?;
    let long = flag.strip_prefix("--")?;
    let arg = command.get_arguments().find(|a| a.get_long() == Some(long))?;
    arg.get_help().map(ToString::to_string)
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_lowercase().chain(chars).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Day;
    use billsim_core::Refill;

    fn parse_words(s: &str) -> Result<Command, Stop> {
        parse(&s.split_whitespace().map(OsString::from).collect::<Vec<_>>())
    }

    /// The first line of a usage error.
    fn refused(s: &str) -> String {
        match parse_words(s) {
            Err(Stop::Usage(text)) => text.lines().next().unwrap_or_default().to_string(),
            other => panic!("{s:?} is refused, not {other:?}"),
        }
    }

    fn day(s: &str) -> Day {
        match parse_words(s) {
            Ok(Command::Day(day)) => day,
            other => panic!("{s:?} is a day, not {other:?}"),
        }
    }

    #[test]
    fn clap_finds_nothing_wrong_in_the_definitions() {
        Cli::command().debug_assert();
    }

    #[test]
    fn flags_are_read_into_settings_with_either_spelling() {
        let a = day("day --seed 7 --per-minute=1 --budget 0.05 --refill steady --json");
        let s = a.settings.settings();
        assert_eq!((a.first(), s.per_minute.get(), s.budget.0, a.json.json), (7, 1, 50_000, true));
        assert_eq!(s.refill, Refill::Steady);
    }

    #[test]
    fn replays_add_of_no_scenarios_cohort_is_a_usage_error_naming_them() {
        let text = refused("replay log.csv --add toyDay-heavy --add x");
        assert!(text.starts_with("--add: must be a scenario's cohort, one of \"toyDay-heavy\""), "{text}");
        assert!(text.ends_with("got \"x\""), "{text}");
        assert!(matches!(parse_words("replay log.csv --add toyDay-heavy"), Ok(Command::Replay(_))));
    }

    #[test]
    fn a_flag_given_twice_takes_its_last_value() {
        assert_eq!(day("day --seed 1 --seed 2").first(), 2);
    }

    #[test]
    fn day_and_days_take_either_spelling_of_the_first_day_and_a_refusal_names_the_one_typed() {
        assert_eq!(day("day --from 4").first(), 4);
        assert!(matches!(parse_words("days --seed 4"), Ok(Command::Days(d)) if d.first() == 4));
        assert!(refused("day --from x").starts_with("--from: must be a whole number"));
        assert!(refused("days --seed x").starts_with("--seed: must be a whole number"));
        assert!(refused("day --seed 1 --from 2").contains("--from"));
    }

    #[test]
    fn a_bad_value_names_its_flag_and_what_is_allowed() {
        assert!(refused("day --budget -1").starts_with("--budget: must be an amount in dollars from 0.01 to 100"));
        assert!(refused("days --from 4294967296").starts_with("--from: must be a whole number from 0 to 4,294,967,295"));
        assert_eq!(refused("day --seed"), "--seed: needs a value, a whole number from 0 to 4,294,967,295");
        assert_eq!(refused("day --speed 3"), "unknown option \"--speed\" for billsim day (did you mean \"--seed\"?)");
    }

    #[test]
    fn overrun_reads_its_own_flags_and_names_the_flag_and_range_of_a_bad_one() {
        let Ok(Command::Overrun(a)) = parse_words("overrun --calls 40 --estimate=80 --budget 0.5 --json") else {
            panic!("overrun parses")
        };
        let p = a.params().unwrap();
        assert_eq!((p.calls(), p.estimate_percent(), p.budget().0, a.json.json), (40, 80, 500_000, true));
        assert_eq!(refused("overrun --calls 201"), "--calls: must be a whole number from 1 to 200; got \"201\"");
        assert_eq!(
            refused("overrun --estimate 5"),
            "--estimate: must be a whole number of percent from 10 to 200; got \"5\""
        );
    }

    #[test]
    fn an_option_of_another_command_is_refused_not_silently_ignored() {
        assert_eq!(refused("day --calls 5"), "unknown option \"--calls\" for billsim day");
        assert_eq!(refused("overrun --refill steady"), "unknown option \"--refill\" for billsim overrun");
        assert_eq!(refused("numbers --seed 1"), "unknown option \"--seed\" for billsim numbers");
        assert_eq!(
            refused("replay a.csv b.csv"),
            "unexpected argument \"b.csv\" for billsim replay: it takes one FILE|-"
        );
        assert_eq!(
            refused("scenarios extra"),
            "unexpected argument \"extra\" for billsim scenarios: it takes options, each starting with --"
        );
        assert!(matches!(parse_words("numbers --json"), Ok(Command::Numbers(j)) if j.json.json));
    }

    #[test]
    fn figures_needs_a_folder_from_out_and_takes_no_other_option() {
        let Ok(Command::Figures(a)) = parse_words("figures --out figs") else { panic!("figures parses") };
        assert_eq!(a.out, std::path::PathBuf::from("figs"));
        assert_eq!(refused("figures"), "figures: needs --out DIR, the folder to write the SVG files into");
        assert_eq!(refused("figures --out="), "--out: must be a folder; got \"\"");
        assert_eq!(refused("figures --out"), "--out: needs a value, a folder");
        assert_eq!(refused("figures --out figs --seed 3"), "unknown option \"--seed\" for billsim figures");
        assert_eq!(refused("day --out figs"), "unknown option \"--out\" for billsim day");
    }

    #[test]
    fn run_keeps_every_set_in_order_and_checks_them_against_its_scenario() {
        let Ok(Command::Run(a)) =
            parse_words("run --scenario toyDay --seed 4 --set perMinute=1 --set refill=steady --set perMinute=2")
        else {
            panic!("run parses")
        };
        let (scenario, values) = a.scenario().unwrap();
        let s = values.day_settings();
        assert_eq!((scenario.name, a.seed(), s.per_minute.get(), s.refill), ("toyDay", 4, 2, Refill::Steady));
        assert_eq!(
            refused("run --scenario callsAtOnce --set refill=steady"),
            "--set NAME: must be one of \"calls\", \"estimatePercent\", \"budgetDollars\"; got \"refill\""
        );
    }

    #[test]
    fn a_flag_beside_its_old_name_is_refused_in_billsims_words() {
        let twice = refused("overrun --estimate 30 --estimate-percent 40");
        assert_eq!(twice, "--estimate and --estimate-percent name one setting: give it once");
        assert_eq!(
            refused("day --budget 0.5 --budget-dollars 1"),
            "--budget and --budget-dollars name one setting: give it once"
        );
    }

    #[test]
    fn a_usage_error_is_followed_by_the_help_of_its_command() {
        let Err(Stop::Usage(text)) = parse_words("overrun --speed 3") else { panic!("refused") };
        assert!(text.contains("\n\nUsage: billsim overrun [OPTIONS]") && text.contains("--calls <N>"), "{text}");
        let Err(Stop::Usage(text)) = parse_words("dya") else { panic!("refused") };
        assert!(text.contains("Usage: billsim [COMMAND]"), "{text}");
    }
}
