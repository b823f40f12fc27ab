//! The built `billsim` given hostile arguments for every flag that takes a value: numbers
//! as other languages write them (NaN, inf, 1e308, 2^53 + 1, 2^64), signs, hex, the ends of
//! each range and one step beyond, empty and 100,000-character values, unknown flags, a
//! missing value, and bytes that are not UTF-8.
//!
//! A refused value must exit with code 2, name the flag and what it allows on stderr, print
//! nothing on stdout, and never panic. Whitespace around a value is accepted on purpose (a
//! shell script or a copied value can carry it, and it is not part of the value): each such
//! case is checked to give exactly the output of the bare value.

use billsim_core::lessons::toy_day::in_flight::{CALLS_ALLOWED, ESTIMATE_ALLOWED};
use billsim_core::settings::{BUDGET_ALLOWED, PER_MINUTE_ALLOWED, REFILL_ALLOWED, SEED_ALLOWED};
use std::ffi::OsString;
use std::process::{Command, Output};

const COUNT_ALLOWED: &str = "a whole number from 1 to 1,000,000";
const SCENARIO_ALLOWED: &str = "\"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \"hackathon\" or \"runawayTenant\"";
const ASSIGNMENT_ALLOWED: &str = "NAME=VALUE with NAME one of the scenario's settings";

/// A flag that takes a value, the command it belongs to (with the words it needs), what it
/// allows, and one good value.
struct Flag {
    command: &'static [&'static str],
    name: &'static str,
    allowed: &'static str,
    good: &'static str,
}

const RUN: &[&str] = &["run", "--scenario", "toyDay"];

const FLAGS: [Flag; 18] = [
    Flag { command: &["day"], name: "--seed", allowed: SEED_ALLOWED, good: "5" },
    Flag { command: &["days"], name: "--from", allowed: SEED_ALLOWED, good: "5" },
    Flag { command: &["day"], name: "--count", allowed: COUNT_ALLOWED, good: "5" },
    Flag { command: &["days"], name: "--count", allowed: COUNT_ALLOWED, good: "5" },
    Flag { command: &["day"], name: "--per-minute", allowed: PER_MINUTE_ALLOWED, good: "5" },
    Flag { command: &["days"], name: "--per-minute", allowed: PER_MINUTE_ALLOWED, good: "5" },
    Flag { command: &["day"], name: "--budget", allowed: BUDGET_ALLOWED, good: "5" },
    Flag { command: &["overrun"], name: "--budget", allowed: BUDGET_ALLOWED, good: "5" },
    Flag { command: &["day"], name: "--refill", allowed: REFILL_ALLOWED, good: "steady" },
    Flag { command: &["overrun"], name: "--calls", allowed: CALLS_ALLOWED, good: "50" },
    Flag { command: &["overrun"], name: "--estimate", allowed: ESTIMATE_ALLOWED, good: "50" },
    Flag { command: &["run"], name: "--scenario", allowed: SCENARIO_ALLOWED, good: "callsAtOnce" },
    Flag { command: RUN, name: "--seed", allowed: SEED_ALLOWED, good: "5" },
    Flag { command: RUN, name: "--set", allowed: ASSIGNMENT_ALLOWED, good: "perMinute=5" },
    // The settings' one names of the flags above that had another (still read).
    Flag { command: &["day"], name: "--budget-dollars", allowed: BUDGET_ALLOWED, good: "5" },
    Flag { command: &["days"], name: "--budget-dollars", allowed: BUDGET_ALLOWED, good: "5" },
    Flag { command: &["overrun"], name: "--budget-dollars", allowed: BUDGET_ALLOWED, good: "5" },
    Flag { command: &["overrun"], name: "--estimate-percent", allowed: ESTIMATE_ALLOWED, good: "50" },
];

impl Flag {
    /// The command's words, then `rest`.
    fn words(&self, rest: &[&str]) -> Vec<OsString> {
        self.command.iter().chain(rest).map(OsString::from).collect()
    }
}

/// Refused by every flag above.
fn refused_by_every_flag() -> Vec<String> {
    let mut values: Vec<String> = [
        "NaN",
        "nan",
        "inf",
        "-inf",
        "+inf",
        "Infinity",
        "-Infinity",
        "-1",
        "-0",
        "+5",
        "1e308",
        "1e3",
        "5e0",
        "9007199254740993",
        "18446744073709551616",
        "-4294967296",
        "",
        " ",
        "0x10",
        "0b1",
        "1_000",
        "1,000",
        "٥",
        "５",
        "\u{200b}5",
        "5\u{7f}",
        "null",
        "undefined",
        "true",
        "[5]",
        "{}",
        "\"5\"",
        "--json",
        "-",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    values.push("9".repeat(100_000));
    values.push("x".repeat(100_000));
    values
}

/// Refused by one flag only: its range's ends one step beyond, and what only it refuses.
fn refused_by(flag: &Flag) -> &'static [&'static str] {
    match flag.name {
        "--seed" | "--from" => &["4294967296", "99999999999", "5.0", "5.5"],
        "--count" => &["0", "1000001", "4294967296", "5.0"],
        "--per-minute" => &["0", "61", "2.5", "5.0"],
        "--budget" | "--budget-dollars" => {
            &["0", "0.009999", "100.000001", "0.0000001", "$ 1", "$-1", "1$", "5,00", "1e2"]
        }
        "--refill" => &["Daily", "DAILY", "weekly", "daily,steady", "0"],
        "--calls" => &["0", "201", "5.0"],
        "--estimate" | "--estimate-percent" => &["9", "201", "50%", "5.0"],
        "--scenario" => &["toyday", "TOYDAY", "toyDay,callsAtOnce", "toy Day", "day", "0"],
        "--set" => &["perMinute", "perMinute:5", "perMinute 5", "perMinute\u{ff1d}5"],
        _ => unreachable!("a flag without a list: {}", flag.name),
    }
}

fn billsim(args: &[OsString]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billsim")).args(args).output().expect("billsim runs")
}

fn words(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// Exit code 2, nothing on stdout, no panic, and stderr starting with `expected`.
fn assert_refused(args: &[OsString], expected: &str) -> String {
    let out = billsim(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let shown: Vec<String> = args.iter().map(|a| a.to_string_lossy().chars().take(40).collect()).collect();
    assert!(!stderr.contains("panicked"), "{shown:?} panicked: {stderr}");
    assert_eq!(out.status.code(), Some(2), "{shown:?}: exit code; stderr: {stderr}");
    assert!(out.stdout.is_empty(), "{shown:?}: printed on stdout: {}", String::from_utf8_lossy(&out.stdout));
    assert!(stderr.starts_with(expected), "{shown:?}: stderr does not start with {expected:?}: {stderr}");
    assert!(stderr.len() < 5_000, "{shown:?}: the message stays readable ({} bytes)", stderr.len());
    stderr
}

/// Runs `flag` with `value`, both as two words and as `--flag=value`, and expects a refusal
/// naming the flag and what it allows.
fn assert_value_refused(flag: &Flag, value: &str) {
    let expected = format!("billsim: {}: must be {}; got ", flag.name, flag.allowed);
    assert_refused(&flag.words(&[flag.name, value]), &expected);
    assert_refused(&flag.words(&[&format!("{}={value}", flag.name)]), &expected);
}

/// The output for `value` is exactly the output for `bare`: the value was read as `bare`.
fn assert_read_as(flag: &Flag, value: &str, bare: &str) {
    // days runs 200 days unless told fewer, which is slow in a debug build.
    let few: &[&str] = if flag.command == ["days"] && flag.name != "--count" { &["--count", "2"] } else { &[] };
    let run = |v: &str| {
        let mut args = vec![flag.name, v, "--json"];
        args.extend_from_slice(few);
        billsim(&flag.words(&args))
    };
    let (got, want) = (run(value), run(bare));
    let stderr = String::from_utf8_lossy(&got.stderr);
    assert_eq!(got.status.code(), Some(0), "{} {value:?} is accepted; stderr: {stderr}", flag.name);
    assert!(!want.stdout.is_empty(), "{} {bare:?} prints its result", flag.name);
    assert_eq!(got.stdout, want.stdout, "{} {value:?} is read as {bare:?}", flag.name);
}

#[test]
fn every_flag_refuses_every_hostile_value_with_exit_code_2_naming_the_flag_and_what_it_allows() {
    let values = refused_by_every_flag();
    for flag in &FLAGS {
        for value in values.iter().map(String::as_str).chain(refused_by(flag).iter().copied()) {
            assert_value_refused(flag, value);
        }
    }
}

#[test]
fn whitespace_around_a_value_is_not_part_of_it_and_the_value_is_read_as_if_bare() {
    for flag in &FLAGS {
        for padded in [format!(" {}", flag.good), format!("{} ", flag.good), format!("\t{}\n", flag.good)] {
            assert_read_as(flag, &padded, flag.good);
        }
    }
}

#[test]
fn the_ends_of_every_range_are_accepted() {
    let ends: [(&Flag, &[&str]); 8] = [
        (&FLAGS[0], &["0", "4294967295", "0000000000000000000000000000007"]),
        (&FLAGS[2], &["1", "3"]),
        (&FLAGS[4], &["1", "60"]),
        (&FLAGS[6], &["0.01", "100", "100.000000", "$0.25", ".5"]),
        (&FLAGS[9], &["1", "200"]),
        (&FLAGS[10], &["10", "200"]),
        (&FLAGS[14], &["0.01", "100"]),
        (&FLAGS[17], &["10", "200"]),
    ];
    for (flag, values) in ends {
        for value in values {
            let out = billsim(&flag.words(&[flag.name, value, "--json"]));
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(0), "{} {value:?}: {stderr}", flag.name);
            assert!(!out.stdout.is_empty() && out.stderr.is_empty(), "{} {value:?}: {stderr}", flag.name);
        }
    }
    // A count of N days prints N lines of JSON, from the seed given.
    let out = billsim(&words(&["day", "--seed", "4294967294", "--count", "3", "--json"]));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 2, "the days stop at the last day number, 4294967295: {}", &text[..80]);
}

#[test]
fn a_flag_without_its_value_names_the_flag_and_what_it_allows() {
    for flag in &FLAGS {
        let expected = format!("billsim: {}: needs a value, {}\n", flag.name, flag.allowed);
        assert_refused(&flag.words(&[flag.name]), &expected);
        assert_value_refused(flag, "");
    }
}

#[test]
fn an_unknown_flag_or_command_is_refused_and_the_usage_says_what_there_is() {
    // Each command (with the words it needs) and a flag of its own that its help names.
    let commands: [(&[&str], &str); 5] = [
        (&["day"], "--per-minute <K>"),
        (&["days"], "--per-minute <K>"),
        (&["overrun"], "--calls <N>"),
        (RUN, "--set <NAME=VALUE>"),
        (&["scenarios"], "--json"),
    ];
    for flag in ["--speed", "--SEED", "--seed5", "-s", "—seed", "--", "-", "--json=1", "--per_minute", "seed", ""] {
        for (command, own) in commands {
            let args: Vec<OsString> = command.iter().chain(&[flag, "5"]).map(OsString::from).collect();
            // A word that is no option (or any word after "--") is said to be one word too many.
            let option = flag.starts_with('-') && flag != "--";
            let said = if option { "billsim: unknown option " } else { "billsim: unexpected argument " };
            let stderr = assert_refused(&args, said);
            // The help of the command follows, with the flags it takes.
            let name = command[0];
            assert!(stderr.contains(&format!("\n\nUsage: billsim {name} ")), "{flag:?}: {stderr}");
            assert!(stderr.contains(own), "{flag:?}: the help of {name} names {own}: {stderr}");
        }
    }
    let long = format!("--{}", "x".repeat(100_000));
    assert_refused(&words(&["day", &long]), "billsim: unknown option \"--xxxxxxxx");
    assert_refused(&words(&["day", "--calls", "5"]), "billsim: unknown option \"--calls\" for billsim day");
    for command in ["dya", "DAY", "", " day", "--seed", "x".repeat(100_000).as_str()] {
        assert_refused(&words(&[command]), "billsim: unknown command ");
    }
}

/// A slip of an option's or a command's name is answered with the nearest one.
#[test]
fn a_slip_of_an_options_or_a_commands_name_says_the_one_meant() {
    let said = |args: &[&str]| {
        String::from_utf8(billsim(&words(args)).stderr).unwrap().lines().next().unwrap_or_default().to_string()
    };
    assert_eq!(
        said(&["day", "--budget-dollar", "0.5"]),
        "billsim: unknown option \"--budget-dollar\" for billsim day (did you mean \"--budget-dollars\"?)"
    );
    assert_eq!(
        said(&["run", "--scenario", "toyDay", "--polcy", "x"]),
        "billsim: unknown option \"--polcy\" for billsim run (did you mean \"--policy\"?)"
    );
    assert_eq!(said(&["numbrs"]), "billsim: unknown command \"numbrs\" (did you mean \"numbers\"?)");
    assert_eq!(
        said(&["day", "--zzz"]),
        "billsim: unknown option \"--zzz\" for billsim day",
        "nothing near it, nothing meant"
    );
}

/// Each setting of each scenario, given as `--set NAME=VALUE`: what it allows, and the flag
/// of `day` or `overrun` that sets the same (whose own refusals it shares).
const SETTINGS: [(&str, &str, &str, &str); 6] = [
    ("toyDay", "perMinute", PER_MINUTE_ALLOWED, "--per-minute"),
    ("toyDay", "budgetDollars", BUDGET_ALLOWED, "--budget-dollars"),
    ("toyDay", "refill", REFILL_ALLOWED, "--refill"),
    ("callsAtOnce", "calls", CALLS_ALLOWED, "--calls"),
    ("callsAtOnce", "estimatePercent", ESTIMATE_ALLOWED, "--estimate-percent"),
    ("callsAtOnce", "budgetDollars", BUDGET_ALLOWED, "--budget-dollars"),
];

#[test]
fn every_setting_given_with_set_refuses_every_hostile_value_naming_the_setting_and_what_it_allows() {
    let values = refused_by_every_flag();
    for (scenario, key, allowed, like) in SETTINGS {
        let flag = FLAGS.iter().find(|f| f.name == like).expect("a flag of day or overrun");
        let expected = format!("billsim: --set {key}: must be {allowed}; got ");
        for value in values.iter().map(String::as_str).chain(refused_by(flag).iter().copied()) {
            assert_refused(&words(&["run", "--scenario", scenario, "--set", &format!("{key}={value}")]), &expected);
        }
        // Whitespace around the value is not part of it, as with every flag.
        let run = |value: &str| {
            billsim(&words(&["run", "--scenario", scenario, "--set", &format!("{key}={value}"), "--json"])).stdout
        };
        let padded = format!(" {}\t", flag.good);
        assert_eq!(run(&padded), run(flag.good), "--set {key}={padded:?} is read as {:?}", flag.good);
    }
}

#[test]
fn a_policy_flag_without_a_file_is_a_usage_error_and_a_path_that_is_not_a_file_a_failure_of_exit_code_1() {
    let run = |rest: &[&str]| words(&[RUN, rest].concat());
    assert_refused(&run(&["--policy"]), "billsim: --policy: needs a value, a file\n");
    assert_refused(&run(&["--policy="]), "billsim: --policy: must be a file; got \"\"\n");
    let long = "x".repeat(100_000);
    // "-" is standard input, here empty: a policy file with no JSON in it.
    let out = billsim(&run(&["--policy", "-"]));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "billsim: --policy -: policy file: must be JSON; the text ends at line 1, column 0, before the JSON does\n"
    );
    for path in ["NaN", "--json", " ", "\u{200b}", long.as_str()] {
        let out = billsim(&run(&["--policy", path]));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "--policy {:?}: {stderr}", &path[..path.len().min(20)]);
        assert!(out.stdout.is_empty() && !stderr.contains("panicked"), "{stderr}");
        assert!(stderr.starts_with("billsim: --policy ") && stderr.contains(": cannot be opened: "), "{stderr}");
        assert!(stderr.len() < 1_000, "the path is shown cut short: {} bytes", stderr.len());
    }
}

#[cfg(unix)]
#[test]
fn bytes_that_are_not_utf_8_are_refused_with_the_flag_they_were_given_to_not_a_panic() {
    use std::os::unix::ffi::OsStringExt;
    let bad = || OsString::from_vec(vec![b'5', 0xFF, 0xFE]);
    for flag in &FLAGS {
        let expected = format!("billsim: {}: must be {}", flag.name, flag.allowed);
        assert_refused(&[flag.words(&[flag.name]), vec![bad()]].concat(), &expected);
        let mut inline = OsString::from(format!("{}=", flag.name)).into_vec();
        inline.extend_from_slice(&[0xFF]);
        assert_refused(&[flag.words(&[]), vec![OsString::from_vec(inline)]].concat(), &expected);
    }
    assert_refused(&[bad()], "billsim: unknown command ");
    assert_refused(&["day".into(), bad()], "billsim: unexpected argument ");
    // A folder is the one value that could hold any bytes; it is refused, not written to
    // under another name.
    let mut folder = std::env::temp_dir().into_os_string().into_vec();
    folder.extend_from_slice(b"/billsim-\xFF");
    let folder = OsString::from_vec(folder);
    assert_refused(
        &["figures".into(), "--out".into(), folder.clone()],
        "billsim: an argument must be UTF-8 text; got ",
    );
    assert!(!std::path::Path::new(&folder).exists(), "nothing was written");
    let mut file = [RUN.iter().map(OsString::from).collect::<Vec<_>>(), vec!["--policy".into()]].concat();
    file.push(OsString::from_vec(b"policies-\xFF.json".to_vec()));
    assert_refused(&file, "billsim: an argument must be UTF-8 text; got ");
}

/// The flags of `day`, `days` and `overrun` that set a setting: each by the setting's one
/// name in kebab case, and by the old name it had (still read, never shown in the help).
const RENAMED: [(&str, &str, &str, &str); 4] = [
    ("day", "--budget-dollars", "--budget", "0.1"),
    ("days", "--budget-dollars", "--budget", "0.1"),
    ("overrun", "--budget-dollars", "--budget", "1"),
    ("overrun", "--estimate-percent", "--estimate", "120"),
];

#[test]
fn a_setting_flag_by_its_one_name_and_by_its_old_name_gives_the_same_output_and_not_both_at_once() {
    for (command, flag, old, value) in RENAMED {
        let run = |flag: &str| {
            let mut args = vec![command, flag, value, "--json"];
            if command == "days" {
                args.extend(["--count", "3"]);
            }
            let out = billsim(&words(&args));
            assert_eq!(
                out.status.code(),
                Some(0),
                "{command} {flag} {value}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            out.stdout
        };
        let by_name = run(flag);
        assert_eq!(by_name, run(old), "{command}: {flag} {value} and {old} {value} print the same");
        let mut default = vec![command, "--json"];
        if command == "days" {
            default.extend(["--count", "3"]);
        }
        assert_ne!(by_name, billsim(&words(&default)).stdout, "{command}: {flag} {value} is not the default");
        let help = billsim(&words(&[command, "--help"])).stdout;
        let help = String::from_utf8_lossy(&help);
        assert!(help.contains(&format!("{flag} <")), "{command}'s help names {flag}: {help}");
        assert!(!help.contains(&format!("{old} <")), "{command}'s help does not show the old {old}: {help}");
        let both = billsim(&words(&[command, flag, value, old, value]));
        assert_eq!(both.status.code(), Some(2), "{command} {flag} and {old} together are refused");
    }
}
