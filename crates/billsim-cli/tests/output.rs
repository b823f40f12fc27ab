//! Where `billsim`'s output goes, run as a shell would: into a pipe that the reader closes
//! early (`| head -1`), into a full disk, with its error stream closed, and a million days
//! long. It ends quietly where a Unix tool would, reports what a person must know, never
//! panics, and prints each day as it is computed.

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
