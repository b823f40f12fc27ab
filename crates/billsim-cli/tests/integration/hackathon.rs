//! Lesson 001 on the command line: `numbers --scenario hackathon` gives the tutorial's
//! figures beside ours; `run --scenario hackathon` the day per policy, `--blocked-log` the
//! app's blocked-call log as JSON lines, `--events` each request's decision and Retry-After.

use crate::common::{billsim, text, Temp};
use serde_json::Value;

fn refused(args: &[&str]) -> String {
    let out = billsim(args);
    assert_ne!(out.status.code(), Some(0), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: printed {}", String::from_utf8_lossy(&out.stdout));
    String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or_default().to_string()
}

#[test]
fn numbers_for_hackathon_prints_the_tutorials_runs_and_every_figure_beside_ours() {
    let out = text(&["numbers", "--scenario", "hackathon"]);
    for line in [
        r#"[ana] HTTP 429 Retry-After: 58 {"error":"rate limit"}"#,
        r#"[ben] HTTP 200 {"input_tokens":23,"output_tokens":6,"spent_today_usd":"0.000317"}"#,
        r#"[ana] HTTP 200 {"input_tokens":33,"output_tokens":80,"spent_today_usd":"0.001224"}"#,
        r#"[ana] HTTP 429 {"error":"daily cost cap reached"}"#,
        "  cap_overshoot         $0.000424",
        "  cost_1000_100         $0.0015",
        "0 of 21 figures differ from the lesson's.",
        "  logs_lines            1 rate limit, 1 daily cost cap reached",
        "  full_run              7 calls, at most 80 tokens out",
        "ana's requests come at 0.000 s, 1.360 s and 2.420 s",
    ] {
        assert!(out.contains(line), "{line:?} in:\n{out}");
    }
    let json: Value = serde_json::from_str(text(&["numbers", "--scenario", "hackathon", "--json"]).trim()).unwrap();
    assert_eq!(json["rate"]["answers"][2]["retryAfter"], 58);
    assert_eq!(json["numbers"].as_array().unwrap().len(), 21);
    assert!(text(&["numbers"]).contains("$9.93"), "without --scenario: lesson 000's");
}

#[test]
fn a_blocked_log_to_standard_output_is_the_files_lines_in_place_of_the_run() {
    let log = Temp::new("blocked-stdout.jsonl", "");
    let args = ["run", "--scenario", "hackathon", "--seed", "2"];
    text(&[&args[..], &["--blocked-log", log.path()]].concat());
    let printed = text(&[&args[..], &["--blocked-log", "-"]].concat());
    let file = std::fs::read_to_string(log.path()).unwrap();
    assert!(file.lines().count() > 100, "the default day refuses many calls: {} lines", file.lines().count());
    assert_eq!(printed.lines().count(), file.lines().count(), "--blocked-log - prints the log's lines alone");
    assert!(printed == file, "--blocked-log - prints the file's bytes");
}

#[test]
fn run_writes_the_apps_blocked_call_log_one_json_line_per_refusal() {
    let path = std::env::temp_dir().join(format!("billsim-blocked-{}.jsonl", std::process::id()));
    let path_text = path.to_str().unwrap();
    let args = ["run", "--scenario", "hackathon", "--seed", "4", "--set", "sharedAddress=on", "--json"];
    let run: Value = serde_json::from_str(text(&[&args[..], &["--blocked-log", path_text]].concat()).trim()).unwrap();
    let app = run["policies"].as_array().unwrap().iter().find(|p| p["policy"] == "rateLimitAndCap").unwrap();
    assert!(app.get("events").is_none(), "no event list unless --events");
    let refused: u64 = app["perUser"].as_array().unwrap().iter().map(|u| u["refused"].as_u64().unwrap()).sum();
    let log = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(log.lines().count() as u64, refused);
    let users: std::collections::BTreeSet<String> = log
        .lines()
        .map(|l| {
            // The app's own $0.001 cap is reached in the morning: the cap's refusals are logged
            // too (with a $1.00 cap, as before, only the limit's were).
            let reason = [r#""reason": "rate limit"}"#, r#""reason": "daily cost cap reached"}"#];
            // Run 4 is the fourth day after the tutorial's, 2026-11-11.
            assert!(l.starts_with(r#"{"time": "2026-11-15T"#) && reason.iter().any(|r| l.contains(r)), "{l}");
            serde_json::from_str::<Value>(l).unwrap()["user"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(users.contains("198.51.100.7") && users.contains("script"), "the office logged by its address: {users:?}");
    assert!(!users.iter().any(|u| u.starts_with("office-")), "no one in the office by name: {users:?}");
}

#[test]
fn run_events_give_each_requests_decision_its_key_and_retry_after() {
    let out = text(&["run", "--scenario", "hackathon", "--set", "sharedAddress=on", "--events"]);
    let office = out.lines().find(|l| l.contains("office-") && l.contains("refused: rate limit")).unwrap();
    assert!(office.contains(", as 198.51.100.7, Retry-After: "), "{office}");
    assert!(out.contains("The usage page (GET /usage)"), "{out}");
    let json: Value =
        serde_json::from_str(text(&["run", "--scenario", "hackathon", "--events", "--json"]).trim()).unwrap();
    let events = json["policies"][1]["events"].as_array().unwrap();
    let refusal = events.iter().find(|e| e["served"] == false).unwrap();
    assert_eq!(refusal["reason"], "rate limit");
    assert!(refusal["retryAfter"].as_u64().unwrap() >= 1);
    assert_eq!(json["keys"][refusal["key"].as_u64().unwrap() as usize], "script");
}

#[test]
fn the_usage_pages_are_each_policys_own_one_per_process_since_the_restart() {
    let out = text(&[
        "run",
        "--scenario",
        "hackathon",
        "--set",
        "capDollars=0.5",
        "--set",
        "serverProcesses=2",
        "--set",
        "restartMinute=600",
    ]);
    let pages: Vec<&str> =
        out.split("The usage page (GET /usage) at the end of the day:\n").nth(1).unwrap().lines().collect();
    let app: Vec<&&str> = pages.iter().filter(|l| l.trim_start().starts_with("rateLimitAndCap (process ")).collect();
    assert_eq!(app.len(), 2, "a page per process: {pages:?}");
    assert!(
        app.iter().all(|l| l.contains("\"cap_usd\":\"0.001000\"")),
        "the tutorial's app keeps its own $0.001 cap: {app:?}"
    );
    let no_limit = pages.iter().find(|l| l.contains("noLimit (process 1)")).unwrap();
    assert!(no_limit.contains("\"cap_usd\":\"none\",\"rate_limit\":\"none\""), "{no_limit}");
    assert!(pages.contains(&"  (each process counts since the restart at 10:00 UTC)"), "{pages:?}");
}

#[test]
fn bad_settings_and_a_blocked_log_elsewhere_name_the_field_and_what_is_allowed() {
    let set = |kv: &str| refused(&["run", "--scenario", "hackathon", "--set", kv]);
    assert_eq!(
        set("rateLimit=0"),
        "billsim: --set rateLimit: must be a whole number of requests from 1 to 1,000; got \"0\""
    );
    assert_eq!(
        set("rateWindowSeconds=0"),
        "billsim: --set rateWindowSeconds: must be a whole number of seconds from 1 to 86,400; got \"0\""
    );
    assert!(
        set("capDollars=0").starts_with("billsim: --set capDollars: must be an amount in dollars from 0.000001 to 100")
    );
    assert!(set("capDollars=100.5").ends_with("got \"100.5\""));
    assert!(set("restartMinute=1440").starts_with("billsim: --set restartMinute: must be a whole number of minutes"));
    assert_eq!(
        set("serverProcesses=5"),
        "billsim: --set serverProcesses: must be a whole number of server processes from 1 to 4; got \"5\""
    );
    assert!(refused(&["run", "--scenario", "hackathon", "--blocked-log", "/nonexistent/dir/x"])
        .starts_with("billsim: --blocked-log /nonexistent/dir/x: cannot be written"));
}

#[test]
fn the_blocked_call_log_is_the_apps_found_as_a_policy_not_by_its_name() {
    use billsim_core::engine::Policy;
    use billsim_core::lessons::hackathon::scenario::SCENARIO as HACKATHON;
    use billsim_core::scenario::Values;
    let own = HACKATHON.build(0, &Values::defaults(&HACKATHON)).unwrap().policies;
    let app = own.iter().find(|p| p.name == "rateLimitAndCap").unwrap();
    let file =
        |name: &str, policies: Vec<Policy>| Temp::new(name, &serde_json::json!({ "policies": policies }).to_string());
    let (renamed, impostor) = (
        file("app-renamed.json", vec![Policy { name: "theApp".into(), ..app.clone() }]),
        file("app-impostor.json", vec![Policy::new("rateLimitAndCap", vec![])]),
    );
    let (log, own_log) = (Temp::new("blocked.jsonl", ""), Temp::new("blocked-own.jsonl", ""));
    text(&["run", "--scenario", "hackathon", "--blocked-log", own_log.path()]);
    text(&["run", "--scenario", "hackathon", "--policy", renamed.path(), "--blocked-log", log.path()]);
    let read = |t: &Temp| std::fs::read_to_string(&t.0).unwrap();
    assert!(read(&own_log).lines().count() > 100, "the app refuses the script");
    assert_eq!(read(&log), read(&own_log), "the app under another name writes the app's log");
    assert_eq!(
        refused(&["run", "--scenario", "hackathon", "--policy", impostor.path(), "--blocked-log", log.path()]),
        format!(
            "billsim: --blocked-log {}: the policies run must include the tutorial's app (\"rateLimitAndCap\", as the \
             scenario has it with these settings)",
            log.path()
        ),
        "a policy with the app's name and no guards is not the app"
    );
}
