//! Lesson 000's outputs pinned before the engine was rebuilt under them: every field the
//! `billsim` of that time printed must keep its value (new fields may be added).
//!
//! The fixture (`tests/fixtures/lesson000/` at the top of the workspace) holds, for four
//! settings, the full JSON of days 0 to 4 and a hash of days 0 to 299 (the full JSON of
//! 1,200 days would be 2.4 MB), the JSON of `days` over 200 days, `overrun` over a grid of
//! its settings, and `numbers --json`. A hash is of the output cut down to the fields of
//! the full fixture, so a new field does not change it; when one differs, the test names
//! the day and settings, and `billsim day --seed N ... --json` beside the full fixture's
//! shape shows which field moved.
//!
//! `BILLSIM_WRITE_FIXTURE=1 cargo test -p billsim-cli --test integration lesson000_fixture::` writes
//! the fixture again: only for a new case, never to make a changed value pass.

use crate::common::text;
use serde_json::{Map, Value};
use std::path::PathBuf;
use std::process::Command;

/// The settings each day is run under, as flags.
const DAY_SETTINGS: [&[&str]; 4] = [
    &[],
    &["--per-minute", "1", "--budget", "0.05"],
    &["--refill", "steady", "--budget", "0.15"],
    &["--per-minute", "60", "--budget", "100", "--refill", "steady"],
];
const FULL_DAYS: u32 = 5;
const HASHED_DAYS: u32 = 300;
const OVERRUN_CALLS: [&str; 6] = ["1", "2", "5", "20", "73", "200"];
const OVERRUN_ESTIMATES: [&str; 5] = ["10", "50", "99", "100", "200"];
const OVERRUN_BUDGETS: [&str; 4] = ["0.01", "0.25", "1", "100"];

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/lesson000")
}

fn billsim(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_billsim")).args(args).output().expect("billsim runs");
    assert!(out.status.success(), "billsim {args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("billsim prints UTF-8")
}

fn lines(text: &str) -> Vec<Value> {
    text.lines().map(|l| serde_json::from_str(l).expect("each line is JSON")).collect()
}

/// `value` cut down to the keys `shape` has, at every depth (arrays element by element,
/// against the shape's first element); a key the shape has and `value` lacks is an error.
fn project(value: &Value, shape: &Value, at: &str) -> Result<Value, String> {
    match (value, shape) {
        (Value::Object(v), Value::Object(s)) => {
            let mut out = Map::new();
            for (key, sub) in s {
                let inner = v.get(key).ok_or_else(|| format!("{at}.{key} is missing"))?;
                out.insert(key.clone(), project(inner, sub, &format!("{at}.{key}"))?);
            }
            Ok(Value::Object(out))
        }
        (Value::Array(v), Value::Array(s)) => match s.first() {
            Some(first) => v.iter().enumerate().map(|(i, x)| project(x, first, &format!("{at}[{i}]"))).collect(),
            None => Ok(value.clone()),
        },
        (Value::Object(_) | Value::Array(_), _) | (_, Value::Object(_) | Value::Array(_)) => {
            Err(format!("{at} changed shape: {value} where the fixture has {shape}"))
        }
        _ => Ok(value.clone()),
    }
}

/// FNV-1a, 64 bits: stable across platforms and Rust versions, unlike `DefaultHasher`.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn day_args<'a>(settings: &[&'a str], seed: &'a str, count: &'a str) -> Vec<&'a str> {
    let mut args = vec!["day", "--seed", seed, "--count", count, "--json"];
    args.extend_from_slice(settings);
    args
}

/// Every output of the fixture, computed now: (file name, lines of JSON).
fn outputs() -> Vec<(String, Vec<Value>)> {
    let mut files = Vec::new();
    for (i, settings) in DAY_SETTINGS.iter().enumerate() {
        files.push((format!("day-{i}.jsonl"), lines(&billsim(&day_args(settings, "0", &FULL_DAYS.to_string())))));
        let mut days = vec!["days", "--from", "0", "--count", "200", "--json"];
        days.extend_from_slice(settings);
        files.push((format!("days-{i}.jsonl"), lines(&billsim(&days))));
    }
    files.push(("day-last.jsonl".into(), lines(&billsim(&day_args(&[], "4294967290", "6")))));
    let mut overrun = Vec::new();
    for calls in OVERRUN_CALLS {
        for estimate in OVERRUN_ESTIMATES {
            for budget in OVERRUN_BUDGETS {
                let args = ["overrun", "--calls", calls, "--estimate", estimate, "--budget", budget, "--json"];
                overrun.extend(lines(&billsim(&args)));
            }
        }
    }
    files.push(("overrun.jsonl".into(), overrun));
    files.push(("numbers.jsonl".into(), lines(&billsim(&["numbers", "--json"]))));
    files
}

/// One line per day: `settings-index seed hash`, hashed over the fields of `shape`.
fn day_hashes(shapes: &[Value]) -> Vec<String> {
    let mut rows = Vec::new();
    for (i, (settings, shape)) in DAY_SETTINGS.iter().zip(shapes).enumerate() {
        for (seed, day) in lines(&billsim(&day_args(settings, "0", &HASHED_DAYS.to_string()))).iter().enumerate() {
            let cut = project(day, shape, &format!("settings {i}, day {seed}")).unwrap_or_else(|e| panic!("{e}"));
            rows.push(format!("{i} {seed} {:016x}", fnv1a(&cut.to_string())));
        }
    }
    rows
}

fn read(name: &str) -> String {
    let path = fixture_dir().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_field_lesson_000_printed_keeps_its_value() {
    let now = outputs();
    if std::env::var_os("BILLSIM_WRITE_FIXTURE").is_some() {
        std::fs::create_dir_all(fixture_dir()).unwrap();
        for (name, values) in &now {
            let text: String = values.iter().map(|v| format!("{v}\n")).collect();
            std::fs::write(fixture_dir().join(name), text).unwrap();
        }
        let shapes: Vec<Value> = (0..DAY_SETTINGS.len()).map(|i| now[2 * i].1[0].clone()).collect();
        std::fs::write(fixture_dir().join("day-hashes.txt"), day_hashes(&shapes).join("\n") + "\n").unwrap();
        return;
    }
    let mut shapes = Vec::new();
    for (name, values) in &now {
        let pinned = lines(&read(name));
        assert_eq!(values.len(), pinned.len(), "{name}: {} lines now, {} pinned", values.len(), pinned.len());
        for (n, (value, pin)) in values.iter().zip(&pinned).enumerate() {
            let cut = project(value, pin, &format!("{name} line {}", n + 1)).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(&cut, pin, "{name} line {}: a pinned field changed its value", n + 1);
        }
        if name.starts_with("day-") && name != "day-last.jsonl" {
            shapes.push(pinned[0].clone());
        }
    }
    let pinned_hashes = read("day-hashes.txt");
    let pinned_hashes: Vec<&str> = pinned_hashes.lines().collect();
    let hashes = day_hashes(&shapes);
    assert_eq!(hashes.len(), pinned_hashes.len(), "days hashed now and pinned");
    let moved: Vec<String> =
        hashes.iter().zip(&pinned_hashes).filter(|(a, b)| a != b).map(|(a, _)| a.clone()).collect();
    assert!(
        moved.is_empty(),
        "{} of {} days changed (settings, day, hash now): {:?}",
        moved.len(),
        hashes.len(),
        moved
    );
}

#[test]
fn a_changed_field_or_a_missing_one_is_caught_and_a_new_one_is_allowed() {
    let pin: Value = serde_json::json!({"bill": 5, "perUser": [{"served": 1}]});
    let same_plus_new = serde_json::json!({"bill": 5, "extra": true, "perUser": [{"served": 1, "new": 2}]});
    assert_eq!(project(&same_plus_new, &pin, "x").unwrap(), pin);
    let changed = serde_json::json!({"bill": 6, "perUser": [{"served": 1}]});
    assert_ne!(project(&changed, &pin, "x").unwrap(), pin);
    let missing = serde_json::json!({"perUser": [{"served": 1}]});
    assert_eq!(project(&missing, &pin, "x").unwrap_err(), "x.bill is missing");
}

#[test]
fn numbers_for_lesson_000_says_its_toy_day_is_our_model_and_gives_our_worst_ordinary_day() {
    for args in [&["numbers"][..], &["numbers", "--scenario", "toyDay"]] {
        let out = text(args);
        assert!(out.contains("  worst_ordinary_day                    233,000    lesson: 195,800\n"), "{out}");
        let note = out.split("figures differ from the lesson's.\n").nth(1).unwrap_or_default();
        assert!(note.starts_with("The lesson does not give its simulation code"), "{args:?}: {note}");
        assert!(note.contains("come to 233,000 micro-dollars, under the 250,000 budget"), "{args:?}: {note}");
    }
}
