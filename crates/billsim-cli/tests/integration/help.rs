//! `--help` wherever a reader asks for it: on every command, before or after its other
//! flags, as `-h` and as `billsim help COMMAND`. Each help names the command and every
//! flag it takes, on stdout, with status 0.

use crate::common::billsim;

/// Every command, with every flag README.md documents for it.
const COMMANDS: [(&str, &[&str]); 7] = [
    ("day", &["--seed", "--count", "--per-minute", "--budget-dollars", "--refill", "--json"]),
    ("days", &["--from", "--count", "--per-minute", "--budget-dollars", "--refill", "--json"]),
    ("overrun", &["--calls", "--estimate-percent", "--budget-dollars", "--json"]),
    ("numbers", &["--scenario", "--json"]),
    ("figures", &["--out", "--json"]),
    ("scenarios", &["--json"]),
    ("run", &["--scenario", "--seed", "--set", "--policy", "--json", "--events"]),
];

fn assert_help(args: &[&str], command: &str, flags: &[&str]) {
    let out = billsim(args);
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "billsim {args:?}: exit status; stderr: {stderr}");
    assert!(stderr.is_empty(), "billsim {args:?}: nothing on stderr; got {stderr}");
    assert!(
        stdout.contains(&format!("Usage: billsim {command}")),
        "billsim {args:?}: the usage of {command}: {stdout}"
    );
    for flag in flags {
        assert!(stdout.contains(flag), "billsim {args:?}: the help names {flag}: {stdout}");
    }
}

#[test]
fn help_is_shown_for_every_command_wherever_it_is_asked_for() {
    for (command, flags) in COMMANDS {
        let first = flags[0];
        for args in [
            vec![command, "--help"],
            vec![command, "-h"],
            vec!["help", command],
            vec![command, "--help", first, "3"],
            vec![command, "--help", "--json"],
            vec![command, "--json", "--help"],
        ] {
            assert_help(&args, command, flags);
        }
    }
}

#[test]
fn the_overall_help_lists_every_command() {
    for args in [&["--help"][..], &["-h"], &["help"], &[]] {
        let out = billsim(args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "billsim {args:?}");
        assert!(stdout.contains("Usage: billsim"), "billsim {args:?}: {stdout}");
        for (command, _) in COMMANDS {
            assert!(stdout.contains(&format!("\n  {command} ")), "billsim {args:?} lists {command}: {stdout}");
        }
    }
}

#[test]
fn version_says_the_tools_version_on_stdout() {
    for flag in ["--version", "-V"] {
        let out = billsim(&[flag]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "billsim {flag}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(stdout.trim_end(), format!("billsim {}", env!("CARGO_PKG_VERSION")), "billsim {flag}");
    }
}

#[test]
fn help_after_a_flag_that_takes_a_value_is_that_flags_value_not_a_request_for_help() {
    // As every value: `--seed --help` gives --seed the value "--help", which it refuses.
    let out = billsim(&["day", "--seed", "--help"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("billsim: --seed: must be a whole number"), "{stderr}");
}

#[test]
fn days_help_says_it_is_the_short_form_of_run_toy_day() {
    let out = billsim(&["day", "--help"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("billsim run --scenario toyDay"), "{stdout}");
}
