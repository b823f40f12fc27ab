//! Lesson 001's runs replayed, its figures, its blocked-call log and the scenario's settings.

use billsim_core::engine::{Reason, Record};
use billsim_core::lessons::hackathon::blocked_log::{blocked_log, iso_time, last_lines, line};
use billsim_core::lessons::hackathon::replay::{self, cap_settings, rate_settings, CAP_RUN, RATE_RUN};
use billsim_core::lessons::hackathon::DAY_START_UNIX;
use billsim_core::scenario::{self, Values};

#[test]
fn demo_py_rate_and_cap_replay_to_the_lines_the_tutorial_printed_less_the_models_words() {
    let rate = replay::replay(&RATE_RUN, &rate_settings()).unwrap();
    let lines: Vec<String> = rate.answers.iter().map(|a| a.line()).collect();
    assert_eq!(
        lines,
        [
            r#"[ana] HTTP 200 {"input_tokens":26,"output_tokens":36,"spent_today_usd":"0.000206"}"#,
            r#"[ana] HTTP 200 {"input_tokens":28,"output_tokens":6,"spent_today_usd":"0.000264"}"#,
            r#"[ana] HTTP 429 Retry-After: 58 {"error":"rate limit"}"#,
            r#"[ben] HTTP 200 {"input_tokens":23,"output_tokens":6,"spent_today_usd":"0.000317"}"#,
        ]
    );
    assert_eq!(
        rate.usage.json(),
        r#"{"day":"2026-11-11","calls":3,"spent_usd":"0.000317","cap_usd":"1.000000","rate_limit":"2 per 60s per user"}"#
    );
    let cap = replay::replay(&CAP_RUN, &cap_settings()).unwrap();
    let last = cap.answers.last().unwrap().line();
    assert_eq!(last, r#"[ana] HTTP 429 {"error":"daily cost cap reached"}"#);
    assert_eq!(
        cap.usage.json(),
        r#"{"day":"2026-11-11","calls":3,"spent_usd":"0.001224","cap_usd":"0.000800","rate_limit":"100 per 60s per user"}"#
    );
}

#[test]
fn every_figure_the_tutorial_quotes_is_ours_too() {
    let figures = replay::figures().unwrap();
    let differ: Vec<String> = figures
        .numbers
        .iter()
        .filter(|n| n.differs())
        .map(|n| format!("{}: {} vs {}", n.key, n.ours, n.lesson))
        .collect();
    assert!(differ.is_empty(), "{differ:?}");
    assert_eq!(figures.numbers.len(), 21);
    assert!(figures.notes[1].contains("57.580 s are left"), "{}", figures.notes[1]);
}

#[test]
fn the_blocked_call_log_is_one_json_line_per_refusal_as_app_py_writes_it() {
    assert_eq!(
        line(DAY_START_UNIX + 61, "ana", "rate limit"),
        r#"{"time": "2026-11-11T00:01:01+00:00", "user": "ana", "reason": "rate limit"}"#
    );
    assert_eq!(iso_time(DAY_START_UNIX + 86_399), "2026-11-11T23:59:59+00:00");
    assert_eq!(iso_time(951_782_400), "2000-02-29T00:00:00+00:00", "a leap day");
    let s = billsim_core::scenario::registry::find("hackathon").unwrap();
    let run = scenario::run(s, 3, &Values::defaults(s), None, Record::EVERYTHING).unwrap();
    let app = run.policies.iter().find(|o| o.policy == "rateLimitAndCap").unwrap();
    let log = blocked_log(&run, app, DAY_START_UNIX).unwrap();
    let refused: u32 = app.per_user.iter().map(|u| u.refused).sum();
    assert_eq!(log.lines().count() as u32, refused, "one line per refusal");
    // The app's own $0.001 cap closes the link to everyone in the morning; before it did
    // (under a $1.00 cap) only the script's requests were refused, by the request limit.
    let mut capped = 0;
    for l in log.lines() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        match v["reason"].as_str() {
            Some("rate limit") => assert_eq!(v["user"], "script", "{l}"),
            Some("daily cost cap reached") => capped += 1,
            _ => panic!("a reason app.py does not write: {l}"),
        }
        assert!(v["time"].as_str().unwrap().starts_with("2026-11-11T"), "{l}");
    }
    let by_cap: u32 = app.per_user.iter().map(|u| u.refused_by.get(Reason::DailyCapReached)).sum();
    assert_eq!(capped, by_cap, "one \"daily cost cap reached\" line per refusal by the cap");
    assert!(capped > 0, "the tutorial's $0.001 cap is reached on day 3");
    let counts = scenario::run(s, 3, &Values::defaults(s), None, Record::COUNTS).unwrap();
    assert_eq!(blocked_log(&counts, &counts.policies[3], DAY_START_UNIX), None, "no event list, no log");
}

#[test]
fn the_blocked_logs_last_lines_are_the_whole_logs_last_lines_and_its_count_its_length() {
    let s = billsim_core::scenario::registry::find("hackathon").unwrap();
    let run = scenario::run(s, 3, &Values::defaults(s), None, Record::EVERYTHING).unwrap();
    for outcome in &run.policies {
        let log = blocked_log(&run, outcome, DAY_START_UNIX).unwrap();
        let all: Vec<&str> = log.lines().collect();
        for n in [0, 1, 8, all.len(), all.len() + 5] {
            let (count, last) = last_lines(&run, outcome, DAY_START_UNIX, n).unwrap();
            assert_eq!(count, all.len(), "{}: the count is the log's {} lines", outcome.policy, all.len());
            assert_eq!(
                last,
                all[all.len().saturating_sub(n)..],
                "{}: the last {n} of {} lines",
                outcome.policy,
                all.len()
            );
        }
    }
    let counts = scenario::run(s, 3, &Values::defaults(s), None, Record::COUNTS).unwrap();
    assert_eq!(last_lines(&counts, &counts.policies[3], DAY_START_UNIX, 8), None, "no event list, no lines");
}

#[test]
fn bad_settings_name_the_field_and_what_it_allows() {
    let s = billsim_core::scenario::registry::find("hackathon").unwrap();
    let mut values = Values::defaults(s);
    let refused = |values: &mut Values, key: &str, text: &str| values.set(s, key, text).unwrap_err().to_string();
    assert_eq!(
        refused(&mut values, "rateLimit", "0"),
        "rateLimit: must be a whole number of requests from 1 to 1,000; got \"0\""
    );
    assert_eq!(
        refused(&mut values, "rateWindowSeconds", "0"),
        "rateWindowSeconds: must be a whole number of seconds from 1 to 86,400; got \"0\""
    );
    let cap = "capDollars: must be an amount in dollars from 0.000001 to 100, with at most 6 decimals; got";
    assert_eq!(refused(&mut values, "capDollars", "0"), format!("{cap} \"0\""));
    assert_eq!(refused(&mut values, "capDollars", "100.000001"), format!("{cap} \"100.000001\""));
    assert_eq!(
        refused(&mut values, "restartMinute", "1440"),
        "restartMinute: must be a whole number of minutes after 00:00 UTC from 1 to 1,439 (23:59), or 0 for none; got \
         \"1440\""
    );
    assert_eq!(
        refused(&mut values, "serverProcesses", "5"),
        "serverProcesses: must be a whole number of server processes from 1 to 4; got \"5\""
    );
    assert_eq!(
        refused(&mut values, "scriptAtOnce", "21"),
        "scriptAtOnce: must be a whole number of calls from 1 to 20; got \"21\""
    );
    assert_eq!(refused(&mut values, "spoofedUsers", "yes"), "spoofedUsers: must be \"off\" or \"on\"; got \"yes\"");
    for (key, ok) in
        [("rateLimit", "1000"), ("capDollars", "0.000001"), ("capDollars", "100"), ("restartMinute", "1439")]
    {
        assert!(values.set(s, key, ok).is_ok(), "{key} {ok}");
    }
}

#[test]
fn every_setting_changes_the_day_as_it_says() {
    let s = billsim_core::scenario::registry::find("hackathon").unwrap();
    let day = |pairs: &[(&str, &str)]| {
        let mut values = Values::defaults(s);
        for (k, v) in pairs {
            values.set(s, k, v).unwrap();
        }
        scenario::run(s, 0, &values, None, Record::COUNTS).unwrap()
    };
    let plain = day(&[]);
    assert_eq!(plain.cohorts.len(), 2, "visitors and the script");
    assert_eq!(plain.keys.len(), plain.users.len(), "each with a header of their own");
    let spoofed = day(&[("spoofedUsers", "on")]);
    assert_eq!(spoofed.keys.len(), plain.keys.len() - 1 + plain.users[0].calls as usize, "a key per script request");
    let office = day(&[("sharedAddress", "on")]);
    assert_eq!(office.users.len(), plain.users.len() + 8);
    assert_eq!(office.keys.len(), plain.keys.len() + 1, "the office shares one address");
    let two = day(&[("serverProcesses", "2")]);
    assert!(two.ran.iter().all(|p| p.processes == 2));
    let names: Vec<&str> = plain.ran.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["noLimit", "rateLimit", "dailyCap", "rateLimitAndCap", "rateLimitAndSetAsideCap"]);
}

#[test]
fn the_widgets_views_split_the_bill_by_kind_of_user_and_draw_the_cap_over_time_for_the_three_policies_with_one() {
    let s = billsim_core::scenario::registry::find("hackathon").unwrap();
    let mut values = Values::defaults(s);
    values.set(s, "sharedAddress", "on").unwrap();
    let run = scenario::run(s, 0, &values, None, Record::default()).unwrap();
    let view = billsim_core::views::share::cohort_view(&run);
    let kinds: Vec<&str> = view.cohorts.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(kinds, ["Honest visitors", "Visitor with a script", "Office behind one address"]);
    assert_eq!(view.bars.len(), 5, "one bar per policy");
    let over = billsim_core::views::over_time::over_time(&run).unwrap();
    let caps: Vec<(&str, &[usize])> = over.limits.iter().map(|l| (l.label.as_str(), &l.policies[..])).collect();
    // The tutorial's app keeps its own $0.001 cap (it had the others' $1.00 before).
    assert_eq!(
        caps,
        [("daily cost cap $1.00", &[2, 4][..]), ("daily cost cap $0.001", &[3][..])],
        "dailyCap and the set-aside cap, then the app"
    );
    assert!(over.lines[2].sentence.contains("past the $1.00 ceiling line"), "{}", over.lines[2].sentence);
}
