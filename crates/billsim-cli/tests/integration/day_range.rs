//! Day numbers end at 4294967295: a range of days that runs past the last one is cut, and
//! billsim says so (on stderr, and in the JSON of `days`), with "1 day" in the singular.

use std::process::Command;

/// Exit status, stdout and stderr.
fn billsim(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_billsim")).args(args).output().expect("billsim runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8");
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn day_says_on_stderr_that_the_days_were_cut_at_the_last_day_number_and_how_many_ran() {
    let (status, stdout, stderr) = billsim(&["day", "--seed", "4294967295", "--count", "3"]);
    assert_eq!(status, Some(0), "{stderr}");
    assert_eq!(stdout.matches("\nNo limit  bill ").count(), 1, "one day is printed: {stdout}");
    assert_eq!(stderr, "billsim: ran 1 day, not the 3 asked for: day numbers end at 4294967295\n");

    let (status, stdout, stderr) = billsim(&["day", "--seed", "4294967294", "--count", "1000000", "--json"]);
    assert_eq!((status, stdout.lines().count()), (Some(0), 2), "two days from 4294967294: {stderr}");
    assert_eq!(stderr, "billsim: ran 2 days, not the 1000000 asked for: day numbers end at 4294967295\n");
}

#[test]
fn a_range_that_ends_at_or_before_the_last_day_number_is_not_called_cut() {
    for args in [&["day", "--seed", "4294967293", "--count", "3", "--json"][..], &["day", "--seed", "4294967295"]] {
        let (status, stdout, stderr) = billsim(args);
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "billsim {args:?}");
        assert!(!stdout.is_empty());
    }
    let (_, stdout, stderr) = billsim(&["days", "--from", "4294967293", "--count", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert!(stderr.is_empty() && json["askedFor"] == json["count"], "{stdout}");
}

#[test]
fn days_says_the_range_was_cut_on_stderr_and_in_its_json_and_counts_one_day_in_the_singular() {
    let (status, stdout, stderr) = billsim(&["days", "--from", "4294967295", "--count", "3"]);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.starts_with("Days 4294967295 to 4294967295 (1 day): "), "{stdout}");
    assert_eq!(stderr, "billsim: ran 1 day, not the 3 asked for: day numbers end at 4294967295\n");

    let (_, stdout, stderr) = billsim(&["days", "--from", "4294967295", "--count", "3", "--json"]);
    assert_eq!(stderr, "billsim: ran 1 day, not the 3 asked for: day numbers end at 4294967295\n");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["count"], 1, "{stdout}");
    assert_eq!(json["askedFor"], 3, "{stdout}");

    let (_, stdout, _) = billsim(&["days", "--from", "5", "--count", "1"]);
    assert!(stdout.starts_with("Days 5 to 5 (1 day): "), "{stdout}");
    let (_, stdout, _) = billsim(&["days", "--from", "5", "--count", "2"]);
    assert!(stdout.starts_with("Days 5 to 6 (2 days): "), "{stdout}");
}
