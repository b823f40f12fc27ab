//! Where `billsim`'s output goes, run as a shell would: into a pipe that the reader closes
//! early (`| head -1`), into a full disk, with its error stream closed, and a million days
//! long. It ends quietly where a Unix tool would, reports what a person must know, never
//! panics, and prints each day as it is computed.

use crate::common::Temp;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Output, Stdio};

fn spawn(args: &[&str], stdout: Stdio, stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_billsim"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("billsim runs")
}

/// Runs billsim, reads `lines` lines of its output (0: none) and closes the pipe, as
/// `billsim ... | head -n lines` does; then waits for it.
fn closed_after(args: &[&str], lines: usize) -> Output {
    let mut child = spawn(args, Stdio::piped(), Stdio::piped());
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut reader = BufReader::new(stdout);
    for _ in 0..lines {
        let mut line = String::new();
        reader.read_line(&mut line).expect("billsim prints a line");
    }
    drop(reader);
    child.wait_with_output().expect("billsim ends")
}

/// Every command and every output: tables, JSON, a long run of days, the help.
const EVERY_OUTPUT: [&[&str]; 16] = [
    &["day", "--count", "20000", "--json"],
    &["day", "--count", "20000"],
    &["day", "--json"],
    &["day"],
    &["days", "--count", "3"],
    &["days", "--count", "3", "--json"],
    &["overrun"],
    &["overrun", "--json"],
    &["numbers"],
    &["scenarios"],
    &["scenarios", "--json"],
    &["run", "--scenario", "toyDay", "--events"],
    &["run", "--scenario", "toyDay", "--events", "--json"],
    &["--help"],
    &["day", "--help"],
    &[],
];

#[test]
fn a_reader_that_closes_the_pipe_early_ends_billsim_quietly_for_every_output() {
    for args in EVERY_OUTPUT {
        for lines in [1, 0] {
            let out = closed_after(args, lines);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.is_empty(), "billsim {args:?} | head -{lines}: nothing on stderr; got {stderr}");
            assert_eq!(out.status.code(), Some(0), "billsim {args:?} | head -{lines}: exit status; stderr: {stderr}");
        }
    }
}

#[test]
fn an_error_stream_that_is_closed_does_not_turn_a_usage_error_into_a_panic() {
    for args in [&["day", "--seed", "x"][..], &["dya"], &["figures"], &["day", "--speed", "3"]] {
        let mut child = spawn(args, Stdio::null(), Stdio::piped());
        drop(child.stderr.take());
        let status = child.wait().expect("billsim ends");
        assert_eq!(status.code(), Some(2), "billsim {args:?} 2>closed pipe: the usage error's status, not a panic's");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn output_that_cannot_be_written_is_reported_with_exit_status_1_not_a_panic() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full opens");
    let out = spawn(&["day", "--json"], full.into(), Stdio::piped()).wait_with_output().expect("billsim ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "billsim day --json >/dev/full: exit status; stderr: {stderr}");
    assert!(stderr.starts_with("billsim: could not write the output: "), "says why: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// The child's peak memory so far, in kilobytes, from /proc.
#[cfg(target_os = "linux")]
fn peak_kilobytes(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).expect("the child is running");
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).expect("VmHWM in /proc/PID/status");
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("VmHWM is a number of kB")
}

/// A million days: the first is printed while the rest are still to be computed (the
/// child then waits on the full pipe), so its memory holds about one day, not a million.
/// Held whole, the output would be some 2 GB before its first byte was printed.
#[cfg(target_os = "linux")]
#[test]
fn a_million_days_are_printed_one_by_one_as_computed_in_flat_memory() {
    for args in [&["day", "--count", "1000000", "--json"][..], &["day", "--count", "1000000"]] {
        let mut child = spawn(args, Stdio::piped(), Stdio::null());
        let mut first = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        stdout.read_line(&mut first).expect("the first line");
        let peak = peak_kilobytes(&child);
        child.kill().expect("billsim is still running: a million days are not yet printed");
        let _ = stdout.read_to_end(&mut Vec::new());
        let _ = child.wait();
        assert!(first.starts_with("{\"seed\":0,") || first.starts_with("Day 0: "), "{args:?}: {first}");
        assert!(peak < 64 * 1024, "billsim {args:?}: peak memory at its first line is {peak} kB, over 64 MB");
    }
}

/// A generic log of `calls` calls of 50 users, two a second.
fn log_of(calls: u64) -> String {
    let mut log = String::from("time,user,model,input_tokens,output_tokens\n");
    for i in 0..calls {
        log.push_str(&format!(
            "{},user{},toy,{},{}\n",
            1_746_090_000_000 + i * 500,
            i % 50,
            1_000 + i % 7,
            100 + i % 13
        ));
    }
    log
}

/// How many events `args --events` writes: every call decided under every policy, from
/// the counts of `args --json`.
fn events_of(args: &[&str]) -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_billsim")).args(args).arg("--json").output().expect("billsim runs");
    let run: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let users = run["policies"].as_array().expect("policies").iter().flat_map(|p| p["perUser"].as_array().unwrap());
    users.map(|u| u["served"].as_u64().unwrap() + u["refused"].as_u64().unwrap()).sum()
}

/// The child's peak memory in kB once it has written its first MiB (it is then killed).
#[cfg(target_os = "linux")]
fn peak_at_first_mebibyte(args: &[&str]) -> u64 {
    let mut child = spawn(args, Stdio::piped(), Stdio::null());
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut first = vec![0; 1 << 20];
    stdout.read_exact(&mut first).expect("a MiB of output");
    let peak = peak_kilobytes(&child);
    let _ = child.kill();
    let _ = stdout.read_to_end(&mut Vec::new());
    let _ = child.wait();
    peak
}

/// `replay --events` and `run --events`, as text and as JSON, on traffic 4 times as big:
/// the memory the bigger one takes at its first MiB of output grows with its traffic (some
/// 13 to 18 bytes an event: a call of a log replayed under 3 policies is 3 events), not with
/// its events (an event kept takes 64 bytes, and its text 60 or more). Held whole, 100,000
/// calls' events took 56 MB (170 bytes an event) before their first byte was written.
#[cfg(target_os = "linux")]
#[test]
fn events_are_written_as_they_are_made_in_memory_that_grows_with_the_traffic_not_the_events() {
    let (small, big) = (Temp::new("events-small.csv", &log_of(25_000)), Temp::new("events-big.csv", &log_of(100_000)));
    let free = |[normal, sock, script]: [u32; 3]| {
        let mut args = vec!["run".to_string(), "--scenario".into(), "freeTier".into()];
        for (key, n) in [("normalUsers", normal), ("sockpuppets", sock), ("scriptUsers", script)] {
            args.extend(["--set".to_string(), format!("{key}={n}")]);
        }
        args
    };
    let cases = [
        (vec!["replay".to_string(), small.path().into()], vec!["replay".to_string(), big.path().into()]),
        (free([50, 100, 2]), free([200, 400, 8])),
    ];
    for (small, big) in &cases {
        let more_events = events_of(&words(big, &[])) - events_of(&words(small, &[]));
        for json in [&[][..], &["--json"]] {
            let (small, big) =
                (words(small, &[&["--events"], json].concat()), words(big, &[&["--events"], json].concat()));
            let (low, high) = (peak_at_first_mebibyte(&small), peak_at_first_mebibyte(&big));
            let grown = high.saturating_sub(low) * 1024;
            assert!(
                grown < more_events * 40,
                "billsim {big:?}: {more_events} more events took {grown} bytes more ({low} kB, then {high} kB): {} \
                 bytes an event",
                grown / more_events.max(1)
            );
        }
    }
}

/// `args` then `more`, as words.
fn words<'a>(args: &'a [String], more: &[&'a str]) -> Vec<&'a str> {
    args.iter().map(String::as_str).chain(more.iter().copied()).collect()
}
