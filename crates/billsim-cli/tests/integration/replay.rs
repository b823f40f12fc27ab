//! `billsim replay` and `run --export-log`, run as a reader runs them: each format's
//! fixture replays from a file and from standard input alike; bad input stops with its
//! lines and nothing on stdout; a scenario's exported log replays to the scenario's bills.

use crate::common::Temp;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fixture(name: &str) -> String {
    format!("{}/../../tests/fixtures/replay/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn billsim(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_billsim"))
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("billsim runs");
    if let Some(bytes) = stdin {
        child.stdin.take().unwrap().write_all(bytes).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn json(args: &[&str], stdin: Option<&[u8]>) -> Value {
    let out = billsim(args, stdin);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Exit code 1, nothing on stdout, no panic; returns stderr.
fn refused(args: &[&str]) -> String {
    let out = billsim(args, None);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?} printed {}", String::from_utf8_lossy(&out.stdout));
    stderr
}

fn bills(run: &Value) -> Vec<u64> {
    run["policies"].as_array().unwrap().iter().map(|p| p["billNanos"].as_u64().unwrap()).collect()
}

#[test]
fn each_formats_fixture_replays_from_a_file_and_from_standard_input_alike() {
    for name in ["generic.csv", "generic_bom_crlf.csv", "generic.jsonl", "litellm.json", "litellm.csv", "helicone.csv"]
        .into_iter()
        .chain(["helicone.jsonl", "langfuse.json", "otlp.jsonl", "no_user.csv", "out_of_order.csv"])
    {
        let path = fixture(name);
        let from_file = json(&["replay", &path, "--json"], None);
        let bytes = std::fs::read(&path).unwrap();
        let from_stdin = json(&["replay", "-", "--json"], Some(&bytes));
        assert_eq!(from_file, from_stdin, "{name}");
        let names: Vec<&str> =
            from_file["policies"].as_array().unwrap().iter().map(|p| p["policy"].as_str().unwrap()).collect();
        assert_eq!(names, ["noLimit", "requestsPerMinute", "dailyBudget"], "{name}");
        assert!(bills(&from_file)[0] > 0, "{name}: a bill");
    }
}

#[test]
fn bad_rows_stop_the_replay_with_their_lines_unless_skipped() {
    let said = refused(&["replay", &fixture("bad_rows.csv")]);
    assert!(said.contains("bad_rows.csv: 5 bad rows (--skip-bad-rows replays the others):\n  line 3: "), "{said}");
    let out = billsim(&["replay", &fixture("bad_rows.csv"), "--skip-bad-rows"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Note: 5 bad rows left out (the first: line 3: input_tokens"), "{text}");
}

#[test]
fn bad_files_and_formats_are_refused_in_a_sentence() {
    assert!(refused(&["replay", &fixture("anthropic_cost.json")])
        .contains("this is Anthropic's cost report, which counts tokens per time bucket, not per call"));
    assert!(refused(&["replay", &fixture("garbage.bin")]).contains("this looks like a binary file"));
    assert!(refused(&["replay", &fixture("helicone.csv"), "--format", "litellm"])
        .contains("the file looks like a Helicone export (helicone): choose --format helicone or leave --format out"));
    // The system's reason, without Rust's "(os error 2)".
    let missing = refused(&["replay", "/nonexistent/log.csv"]);
    assert_eq!(missing.trim_end(), "billsim: /nonexistent/log.csv: cannot be opened: No such file or directory");
    let folder = refused(&["replay", "/"]);
    assert_eq!(folder.trim_end(), "billsim: /: the log cannot be read: Is a directory");
    // A name's newline is shown as its code point, as its other unseen characters: the
    // message is one line, not a name cut in two.
    let odd = refused(&["replay", "/nonexistent/a\nb\u{1b}c.csv"]);
    assert!(odd.starts_with("billsim: /nonexistent/a<U+000A>b<U+001B>c.csv: cannot be opened"), "{odd}");
    let out = billsim(&["replay", "-"], Some(b""));
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(said.trim_end(), "billsim: standard input: the log is empty: it has no calls to replay", "log -");
    let out = billsim(&["replay", &fixture("generic.csv"), "--format", "csv"], None);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(String::from_utf8_lossy(&out.stderr).starts_with(
        "billsim: --format: must be \"generic\", \"litellm\", \"helicone\", \"langfuse\" or \"otlp\"; got \"csv\""
    ));
}

#[test]
fn a_model_without_a_price_is_named_and_a_price_table_prices_it() {
    let log = Temp::new("mystery.csv", "time,user,model,input_tokens,output_tokens\n1746090000,a,mystery,1000,100\n");
    let said = refused(&["replay", log.path()]);
    assert_eq!(
        said.trim_end(),
        "billsim: prices: no price for \"mystery\" (1 call); give each model a price: --prices FILE gives them \
         (README.md describes the table)"
    );
    let table = Temp::new("prices.csv", "model,input_per_million,output_per_million\nmystery,2,10\n");
    let run = json(&["replay", log.path(), "--prices", table.path(), "--json"], None);
    assert_eq!(bills(&run)[0], 1_000 * 2_000 + 100 * 10_000);
}

/// A policy that switches calls to a cheaper model says how many each model served (the
/// summary said "served 5" alone, where the page and the JSON count them by model).
#[test]
fn a_policy_that_switches_models_says_how_many_calls_each_model_served() {
    let policy = Temp::new(
        "switch.json",
        r#"{"name": "cheap", "guards": [{"count": "dollars", "limit": "0.01", "per": "everyone", "window": "1d",
            "whenFull": {"degradeTo": "claude-haiku-4-5"}}]}"#,
    );
    let said = String::from_utf8(billsim(&["replay", &fixture("generic.csv"), "--policy", policy.path()], None).stdout)
        .unwrap();
    let line = said.lines().find(|l| l.contains("(cheap): bill")).unwrap_or_default();
    assert!(line.ends_with("; served 5 (4 on claude-haiku-4-5, 1 on claude-sonnet-4-6)"), "{line}");
    let run = json(&["replay", &fixture("generic.csv"), "--policy", policy.path(), "--json"], None);
    let by_model = &run["policies"][0]["servedByModel"];
    assert_eq!(
        by_model.as_array().map(|m| m.iter().map(|n| n.as_u64().unwrap_or(0)).sum::<u64>()),
        Some(5),
        "{by_model}"
    );
}

#[test]
fn policies_given_as_dash_dash_policies_are_read_as_dash_dash_policy_reads_them() {
    // What the file holds: clap offered "--prices" for it, a price table.
    let policy =
        Temp::new("plural.json", r#"{"name": "tight", "guards": [{"count": "requests", "limit": 1, "window": "1h"}]}"#);
    let singular = billsim(&["replay", &fixture("generic.csv"), "--policy", policy.path(), "--json"], None);
    let plural = billsim(&["replay", &fixture("generic.csv"), "--policies", policy.path(), "--json"], None);
    assert!(plural.status.success(), "{}", String::from_utf8_lossy(&plural.stderr));
    assert_eq!(plural.stdout, singular.stdout, "the same run under either name");
}

#[test]
fn a_model_a_policy_switches_to_without_a_price_is_said_where_the_policy_names_it() {
    let policy = Temp::new(
        "degrade.json",
        r#"{"name": "cheap", "guards": [{"count": "dollars", "limit": "5", "per": "everyone", "window": "1d",
            "reset": "fixed", "whenFull": {"degradeTo": "gpt-4o-mini"}}]}"#,
    );
    let said = refused(&["replay", &fixture("generic.csv"), "--policy", policy.path()]);
    assert!(
        said.starts_with(&format!(
            "billsim: --policy {}: guards[0].whenFull.degradeTo: must be one of the models \
             \"claude-haiku-4-5\", \"claude-sonnet-4-6\", \"claude-opus-4-8\", one of the lessons' models, or one a \
             price table gives; got \"gpt-4o-mini\"",
            policy.path()
        )),
        "{said}"
    );
}

#[test]
fn a_cohort_of_a_scenario_is_added_to_the_replay() {
    let run = json(&["replay", &fixture("generic.csv"), "--add", "toyDay-heavy", "--json"], None);
    let users: Vec<&str> = run["users"].as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect();
    assert_eq!(users, ["alice", "Acme, Inc.", "bob", "Heavy user (toyDay)"]);
    // Not a scenario's cohort: a usage error (status 2), said before the log is read.
    let out = billsim(&["replay", &fixture("generic.csv"), "--add", "toyDay"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("billsim: --add: must be a scenario's cohort"), "{stderr}");
    // The same cohort twice: its users twice, under one name each.
    let out = billsim(&["replay", &fixture("generic.csv"), "--add", "toyDay-heavy", "--add=toyDay-heavy"], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("billsim: --add toyDay-heavy: given twice; a cohort is added once\n"), "{stderr}");
}

#[test]
fn a_scenarios_exported_log_replays_to_the_scenarios_own_bills_and_refusals() {
    for seed in ["0", "7", "41"] {
        let log = Temp::new(&format!("toy-{seed}.csv"), "");
        let own = json(&["run", "--scenario", "toyDay", "--seed", seed, "--json", "--export-log", log.path()], None);
        let replayed = json(&["replay", log.path(), "--json"], None);
        assert_eq!(bills(&replayed), bills(&own), "seed {seed}");
        for (mine, theirs) in replayed["policies"].as_array().unwrap().iter().zip(own["policies"].as_array().unwrap()) {
            assert_eq!(mine["perUser"], theirs["perUser"], "seed {seed}: every user's served, refused and charged");
        }
    }
}

#[test]
fn an_exported_log_to_standard_output_is_the_files_bytes_in_place_of_the_run_and_pipes_into_replay() {
    let log = Temp::new("export-stdout.csv", "");
    let args = ["run", "--scenario", "freeTier", "--seed", "3"];
    let to_file = billsim(&[&args[..], &["--export-log", log.path()]].concat(), None);
    assert_eq!(to_file.status.code(), Some(0), "{}", String::from_utf8_lossy(&to_file.stderr));
    let to_stdout = billsim(&[&args[..], &["--export-log", "-"]].concat(), None);
    assert_eq!(to_stdout.status.code(), Some(0), "{}", String::from_utf8_lossy(&to_stdout.stderr));
    let file = std::fs::read(log.path()).unwrap();
    assert!(
        to_stdout.stdout == file,
        "--export-log - printed {} bytes, the file has {}: standard output holds the log alone, not the run's table",
        to_stdout.stdout.len(),
        file.len()
    );
    assert!(!std::path::Path::new("-").exists(), "no file named \"-\" is written");
    let piped = json(&["replay", "-", "--json"], Some(&to_stdout.stdout));
    assert_eq!(bills(&piped), bills(&json(&["replay", log.path(), "--json"], None)));
    let said = String::from_utf8(billsim(&["replay", "-"], Some(&to_stdout.stdout)).stdout).unwrap();
    assert!(said.starts_with("Replay of standard input (a generic log): 2,"), "{}", said.lines().next().unwrap_or(""));
    // Its counts grouped by thousands, as every count a reader sees.
    let served = said.lines().find(|l| l.starts_with("No limit (noLimit): bill $")).unwrap_or_default();
    assert!(served.ends_with("; served 2,318"), "{served}");
}

#[test]
fn a_policy_file_and_a_price_table_read_from_standard_input_as_from_their_files() {
    let policies = billsim(&["policies", "--scenario", "freeTier"], None).stdout;
    let file = Temp::new("stdin-policies.json", std::str::from_utf8(&policies).unwrap());
    let run = ["run", "--scenario", "freeTier", "--seed", "1", "--json", "--policy"];
    let from_file = json(&[&run[..], &[file.path()]].concat(), None);
    assert_eq!(json(&[&run[..], &["-"]].concat(), Some(&policies)), from_file, "run --policy -");
    let replay = ["replay", &fixture("generic.csv"), "--json", "--policy"];
    let from_file = json(&[&replay[..], &[file.path()]].concat(), None);
    assert_eq!(json(&[&replay[..], &["-"]].concat(), Some(&policies)), from_file, "replay --policy -");
    let prices = "model,input_per_million,output_per_million\nclaude-haiku-4-5,2,9\n";
    let table = Temp::new("stdin-prices.csv", prices);
    let replay = ["replay", &fixture("generic.csv"), "--json", "--prices"];
    let from_file = json(&[&replay[..], &[table.path()]].concat(), None);
    assert_eq!(json(&[&replay[..], &["-"]].concat(), Some(prices.as_bytes())), from_file, "replay --prices -");
}

#[test]
fn an_exported_log_says_what_it_cannot_carry_and_says_nothing_when_it_carries_everything() {
    let log = Temp::new("export-notes.csv", "");
    let said = |args: &[&str]| String::from_utf8(billsim(args, None).stderr).unwrap();
    let toy = said(&["run", "--scenario", "toyDay", "--export-log", log.path()]);
    assert_eq!(toy, "", "lesson 000's day is carried whole");
    let honest = said(&["run", "--scenario", "hackathon", "--export-log", log.path()]);
    assert_eq!(honest, "", "lesson 001's day with every weakness off is carried whole");
    let demo = said(&[
        "run",
        "--scenario",
        "hackathon",
        "--set",
        "spoofedUsers=on",
        "--set",
        "restartMinute=600",
        "--export-log",
        log.path(),
    ]);
    assert_eq!(
        demo,
        format!(
            "billsim: --export-log {}: note: the restart that wipes the counters is not written: a replay keeps its \
             counters all along, so its replay is not this run\n",
            log.path()
        ),
        "spoofed names are written as the users they are to the server; the restart is not"
    );
    let month = said(&["run", "--scenario", "runawayTenant", "--export-log", log.path()]);
    assert_eq!(month, "", "lesson 002's failed calls are written with their status");
    let header = std::fs::read_to_string(log.path()).unwrap();
    assert!(header.lines().next().unwrap_or("").ends_with(",status"), "{}", header.lines().next().unwrap_or(""));
}

#[test]
fn every_scenarios_exported_log_replays_with_no_price_table() {
    let listed = json(&["scenarios", "--json"], None);
    let names: Vec<&str> = listed.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert!(names.len() >= 5, "{names:?}");
    for name in names {
        let log = Temp::new(&format!("every-{name}.csv"), "");
        let _ = json(&["run", "--scenario", name, "--json", "--export-log", log.path()], None);
        let out = billsim(&["replay", log.path(), "--json"], None);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    }
    // A price set away from its default is not in the log: the export says so.
    let log = Temp::new("dearer-free-tier.csv", "");
    let out =
        billsim(&["run", "--scenario", "freeTier", "--set", "pricePerToken=0.00001", "--export-log", log.path()], None);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "billsim: --export-log {}: note: the price of \"free\" here ($10.00 per million tokens in, $10.00 out) \
             is not the lessons' ($4.00 in, $4.00 out): a replay charges the lessons' unless --prices gives this one, \
             so its replay is not this run\n",
            log.path()
        )
    );
}

#[test]
fn a_user_name_of_70000_characters_is_shortened_in_the_replays_table_keeping_its_start_and_end() {
    let name = format!("start{}end", "x".repeat(70_000));
    let log = Temp::new(
        "long-name.csv",
        &format!(
            "time,user,model,input_tokens,output_tokens\n1746090000,{name},toy,1000,100\n1746090001,bob,toy,10,1\n"
        ),
    );
    for extra in [&[][..], &["--events"]] {
        let args: Vec<&str> = ["replay", log.path()].into_iter().chain(extra.iter().copied()).collect();
        let out = billsim(&args, None);
        let (text, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        let row = text.lines().find(|l| l.trim_start().starts_with("start")).expect("the long name's row");
        assert!(row.trim_start().starts_with("startxxxxxxxxx…xxxxxxxend "), "{args:?}: its start and end: {row}");
        let widest = text.lines().filter(|l| !l.contains("  served, charged")).map(|l| l.chars().count()).max();
        assert!(widest < Some(200), "{args:?}: the table's widest line is {widest:?} characters");
    }
}

#[test]
fn the_json_with_events_is_the_json_without_them_plus_every_decision_of_each_policy() {
    for args in [&["replay", &fixture("generic.csv"), "--json"][..], &["run", "--scenario", "hackathon", "--json"]] {
        let without = json(args, None);
        let mut with = json(&[args, &["--events"]].concat(), None);
        for (i, p) in with["policies"].as_array_mut().unwrap().iter_mut().enumerate() {
            let events = p.as_object_mut().unwrap().remove("events").expect("each policy's events");
            let decided: u64 = p["perUser"]
                .as_array()
                .unwrap()
                .iter()
                .map(|u| u["served"].as_u64().unwrap() + u["refused"].as_u64().unwrap())
                .sum();
            assert_eq!(
                events.as_array().unwrap().len() as u64,
                decided,
                "{args:?}: policy {i}: an event per call decided"
            );
        }
        assert_eq!(with, without, "{args:?}: the rest is the same");
    }
}

/// Characters that would move, hide or recolour what a terminal shows.
const UNSEEN: [char; 5] = ['\u{202e}', '\u{1b}', '\u{7}', '\u{200b}', '\r'];

#[test]
fn names_from_files_reach_the_terminal_with_their_unseen_characters_as_code_points_and_json_as_they_are() {
    // JSON lines (a CSV log with a control character is refused as a binary file), with
    // logged costs (a price table's model names have no control characters).
    let log = Temp::new(
        "unseen.jsonl",
        r#"{"time": 1746090000, "user": "bob\u202elive", "model": "toy\u001b[31m", "input_tokens": 1000, "output_tokens": 100, "cost": 0.01}
{"time": 1746090001, "user": "\u0007ann\u200b\r", "model": "toy\u001b[31m", "input_tokens": 10, "output_tokens": 1, "cost": 0.001}
"#,
    );
    let policies = Temp::new("unseen.json", r#"[{ "name": "cap\u202eped", "guards": [] }]"#);
    let args = ["replay", log.path(), "--events"];
    for extra in [&[][..], &["--policy", policies.path()]] {
        let args = [&args[..], extra].concat();
        let text = String::from_utf8(billsim(&args, None).stdout).unwrap();
        assert!(!text.contains(UNSEEN), "{args:?}: no unseen character reaches the terminal:\n{text:?}");
        for shown in ["bob<U+202E>live", "<U+0007>ann<U+200B>", "toy<U+001B>[31m"] {
            assert!(text.contains(shown), "{args:?}: {shown} in\n{text}");
        }
        let json = String::from_utf8(billsim(&[&args[..], &["--json"]].concat(), None).stdout).unwrap();
        assert!(json.contains("bob\u{202e}live"), "{args:?}: JSON has the name as it is: {json}");
    }
    let run = String::from_utf8(billsim(&["run", "--scenario", "toyDay", "--policy", policies.path()], None).stdout);
    assert!(run.as_ref().is_ok_and(|t| t.contains("cap<U+202E>ped: bill") && !t.contains(UNSEEN)), "{run:?}");
    let odd = Temp::new("odd\u{1b}]0;title\u{7}.json", "{");
    let said = refused(&["run", "--scenario", "toyDay", "--policy", odd.path()]);
    assert!(!said.contains(UNSEEN) && said.contains("odd<U+001B>]0;title<U+0007>.json"), "{said:?}");
}

#[test]
fn the_users_table_gives_each_users_team_when_the_log_names_teams_with_every_row_in_its_columns() {
    let out = billsim(&["replay", &fixture("generic_teams.csv")], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let table: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("The biggest users")).skip(1).collect();
    assert!(table[0].starts_with("  user  team  calls"), "{}", table[0]);
    let rows: Vec<Vec<&str>> = table[1..].iter().map(|l| l.split_whitespace().take(3).collect()).collect();
    assert_eq!(rows, [["alice", "red", "2"], ["bob", "red", "2"], ["carol", "blue", "1"]], "{text}");
    // Each amount's point in one column, on every row.
    let points: Vec<Option<usize>> = table.iter().skip(1).map(|l| l.find('.')).collect();
    assert!(points.windows(2).all(|w| w[0] == w[1]), "{points:?}\n{text}");
}

#[test]
fn each_event_names_the_users_team_and_the_guard_that_refused_it_by_its_place_in_the_policy() {
    // A request limit first, then a team's budget: red's third call is over its $0.005.
    let policy = Temp::new(
        "teams.json",
        r#"[{ "name": "limit and team", "guards": [
            { "count": "requests", "limit": 9, "per": "user", "window": "1m" },
            { "count": "dollars", "limit": "0.005", "per": "tenant", "window": "1d" } ] }]"#,
    );
    let out = billsim(&["replay", &fixture("generic_teams.csv"), "--policy", policy.path(), "--events"], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let events: Vec<Vec<&str>> =
        text.lines().filter(|l| l.starts_with("  2025-")).map(|l| l.split("  ").skip(2).collect()).collect();
    let said: Vec<String> =
        events.iter().map(|e| format!("{} {} {}", e[0], e[1], &e[3][..e[3].find(',').unwrap_or(e[3].len())])).collect();
    assert_eq!(
        said,
        [
            "alice red served",
            "bob red served",
            "alice red refused by guard 2 (budget_exhausted)",
            "bob red refused by guard 2 (budget_exhausted)",
            "carol blue served",
        ],
        "{text}"
    );
}

#[test]
fn each_event_names_its_calls_key_and_the_team_that_key_counts_to_not_every_team_of_its_user() {
    // ann calls with a red key and a blue one; red's budget of $0.005 holds two calls.
    let log = Temp::new(
        "keys.csv",
        "time,user,key,team,model,input_tokens,output_tokens\n\
         2025-05-01T09:00:00Z,ann,k-red,red,claude-haiku-4-5,1000,500\n\
         2025-05-01T09:00:01Z,ann,k-red,red,claude-haiku-4-5,1000,500\n\
         2025-05-01T09:00:02Z,ann,k-red,red,claude-haiku-4-5,1000,500\n\
         2025-05-01T09:00:03Z,ann,k-blue,blue,claude-haiku-4-5,1000,500\n",
    );
    let policy = Temp::new(
        "team.json",
        r#"[{ "name": "team", "guards": [{ "count": "dollars", "limit": "0.005", "per": "tenant", "window": "1d" }] }]"#,
    );
    let out = billsim(&["replay", log.path(), "--policy", policy.path(), "--events"], None);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let said: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("  2025-"))
        .map(|l| l.split("  ").skip(2).take(3).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(said, ["ann k-red red", "ann k-red red", "ann k-red red", "ann k-blue blue"], "{text}");
    assert!(text.contains("k-red  red  claude-haiku-4-5  refused by guard 1"), "red's third call: {text}");
    assert!(text.contains("k-blue  blue  claude-haiku-4-5  served"), "blue's call: {text}");
    // The JSON names the keys its events give by index.
    let out = json(&["replay", log.path(), "--policy", policy.path(), "--events", "--json"], None);
    assert_eq!(out["keys"], serde_json::json!(["k-red", "k-blue"]), "{out}");
    let keys: Vec<&Value> = out["policies"][0]["events"].as_array().unwrap().iter().map(|e| &e["key"]).collect();
    assert_eq!(keys, [0, 0, 0, 1], "each event's key, an index into keys");
}

#[test]
fn the_biggest_users_table_lines_up_names_of_wide_characters_in_a_terminals_columns() {
    use unicode_width::UnicodeWidthStr;
    let log = "time,user,model,input_tokens,output_tokens\n\
               2025-05-01T09:00:00Z,山田太郎,claude-haiku-4-5,100,10\n\
               2025-05-01T09:00:01Z,bob,claude-haiku-4-5,100,10\n\
               2025-05-01T09:00:02Z,🙂 smile,claude-haiku-4-5,100,10\n";
    let out = billsim(&["replay", "-"], Some(log.as_bytes()));
    let text = String::from_utf8(out.stdout).unwrap();
    let table: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("The biggest users")).skip(1).collect();
    // Where each row's calls column ends, in a terminal's columns.
    let end = |l: &&str| match l.find("calls") {
        Some(at) => l[..at + "calls".len()].width(),
        None => l.split('$').next().unwrap_or_default().trim_end().width(),
    };
    let ends: Vec<usize> = table.iter().map(end).collect();
    assert_eq!(ends.len(), 4, "a header and three users: {table:#?}");
    assert!(ends.iter().all(|&e| e == ends[1]), "every row's calls end at one column: {ends:?}\n{}", table.join("\n"));
}

#[test]
fn the_biggest_users_table_keeps_each_policys_amounts_under_its_name_however_wide() {
    // Columns were 14 wide: "requestsPerMinute" and "$1,500.123456789" pushed the rest along.
    let log = "time,user,model,input_tokens,output_tokens,cost\n\
               2025-05-01T09:00:00Z,alice,claude-haiku-4-5,100,20,1500.123456789\n\
               2025-05-01T09:00:01Z,bob,claude-haiku-4-5,100,20,2.5\n\
               2025-05-01T09:00:02Z,carol,claude-haiku-4-5,100,20,0.000000252\n";
    let text = String::from_utf8(billsim(&["replay", "-"], Some(log.as_bytes())).stdout).unwrap();
    let table: Vec<&str> = text.lines().skip_while(|l| !l.starts_with("The biggest users")).skip(1).take(4).collect();
    let shown = table.join("\n");
    // Each policy's column runs from the end of the name before it to the end of its own.
    let mut bounds = Vec::new();
    let mut from = table[0].find("calls").unwrap() + "calls".len();
    for name in ["noLimit", "requestsPerMinute", "dailyBudget"] {
        let end = table[0].find(name).unwrap_or_else(|| panic!("{name} in the header\n{shown}")) + name.len();
        bounds.push((from, end));
        from = end;
    }
    let points: Vec<Vec<usize>> =
        table[1..].iter().map(|row| row.match_indices('.').map(|(i, _)| i).collect()).collect();
    assert!(points.windows(2).all(|w| w[0] == w[1]), "each column's points in one line: {points:?}\n{shown}");
    for (point, (from, end)) in points[0].iter().zip(&bounds) {
        assert!(from < point && point < end, "a point at {point}, outside its column {from}..{end}\n{shown}");
    }
}

#[test]
fn the_text_says_how_many_calls_were_not_made_because_their_request_was_refused() {
    // Alice's second request is refused by one a minute; its second call is never made.
    let log = "time,user,request,model,input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,alice,r1,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:10Z,alice,r2,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:20Z,alice,r2,claude-haiku-4-5,10,10\n";
    let policy = r#"{"name": "p", "guards": [{"count": "requests", "limit": 1, "per": "user", "window": "1m", "reset": "rolling"}]}"#;
    let (log_file, policy_file) = (Temp::new("not-made.csv", log), Temp::new("not-made.json", policy));
    let out = billsim(&["replay", log_file.path(), "--policy", policy_file.path()], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("served 1, refused rate_limited 1; 1 not made: its request was refused"), "{text}");
}

#[test]
fn a_refusals_event_line_says_the_retry_after_its_guard_answered_with() {
    let log = "time,user,model,input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,alice,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:20Z,alice,claude-haiku-4-5,10,10\n";
    let policy = r#"{"name": "p", "guards": [{"count": "requests", "limit": 1, "per": "user", "window": "1m",
        "reset": "rolling", "retryAfter": "exact"}]}"#;
    let (log_file, policy_file) = (Temp::new("retry-after.csv", log), Temp::new("retry-after.json", policy));
    let out = billsim(&["replay", log_file.path(), "--policy", policy_file.path(), "--events"], None);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("would fit at 2025-05-01T09:01:00.000Z; answered Retry-After: 40"), "40 s to 09:01: {text}");
}
