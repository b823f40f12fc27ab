use super::*;
use crate::engine::Record;
use crate::lessons::hackathon::blocked_log::blocked_log;
use crate::lessons::hackathon::scenario::SCENARIO;
use crate::scenario;

fn values(pairs: &[(&str, &str)]) -> Values {
    let s = &SCENARIO;
    let mut values = Values::defaults(s);
    for (k, v) in pairs {
        values.set(s, k, v).unwrap();
    }
    values
}

fn weaknesses(seed: u32, pairs: &[(&str, &str)], policy: &str) -> Vec<String> {
    panels(&SCENARIO, seed, &values(pairs), policy).unwrap().swap_remove(0).sentences
}

#[test]
fn the_panels_are_the_weaknesses_the_blocked_log_and_the_usage_page_and_a_policy_not_the_scenarios_is_refused() {
    let ours = panels(&SCENARIO, 0, &values(&[]), "rateLimitAndCap").unwrap();
    let names: Vec<&str> = ours.iter().map(|p| p.name).collect();
    assert_eq!(names, ["weaknesses", "blockedLog", "usage"]);
    let of = SCENARIO.panels(0, &values(&[]), "rateLimitAndCap").unwrap();
    assert_eq!(of, ours, "the scenario's panels are these");
    let err = panels(&SCENARIO, 0, &values(&[]), "bucket").unwrap_err().to_string();
    assert_eq!(err, format!("policy: must be {POLICIES_ALLOWED}; got \"bucket\""));
}

#[test]
fn with_every_switch_off_one_sentence_says_the_switches_are_there() {
    let said = weaknesses(0, &[], "rateLimitAndCap");
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("All are off in this run"), "{}", said[0]);
}

#[test]
fn each_switch_on_gets_its_own_sentence_with_this_runs_numbers() {
    let app = "rateLimitAndCap";
    // The tutorial's app's own $0.001 cap is reached before the script starts (it cost $0.98
    // under the $1.00 cap the app was given before): the cap, not the limit, stops it; with
    // the limit alone it costs $2.17.
    let spoofed = weaknesses(0, &[("spoofedUsers", "on")], app);
    assert_eq!(
        spoofed[1],
        "Spoofed users: the script sent 4,609 requests under 4,609 names, a new X-User each time: the request \
         limit refused none of them, the cap refused 4,609, and they cost $0.00."
    );
    let limit_only = weaknesses(0, &[("spoofedUsers", "on")], "rateLimit");
    assert!(
        limit_only[1].ends_with("the request limit refused none of them, and they cost $2.17."),
        "{}",
        limit_only[1]
    );
    let shared = weaknesses(0, &[("sharedAddress", "on")], app);
    assert_eq!(
        shared[1],
        "Shared address: an office of 8 people with no header share one address, 198.51.100.7: the request limit \
         refused 28 of their 45 requests, 14 of them to people who sent fewer than 5 requests all day: someone else \
         had used their limit up; the cap refused 17."
    );
    // Under the limit alone (as under the app with the $1.00 cap it was given before).
    let shared = weaknesses(0, &[("sharedAddress", "on")], "rateLimit");
    assert_eq!(
        shared[1],
        "Shared address: an office of 8 people with no header share one address, 198.51.100.7: the request limit \
         refused 28 of their 45 requests, 14 of them to people who sent fewer than 5 requests all day: someone \
         else had used their limit up."
    );
    let restart = weaknesses(0, &[("restartMinute", "720")], "dailyCap");
    assert_eq!(
        restart[1],
        "Restart: the server restarted at 12:00 UTC and every counter started again: $0.29 was spent before it \
         and $1.00 after, $1.29 in the day, against a $1.00 daily cap that started again from $0.00."
    );
    // Under the app, each process's own $0.001 cap is reached before the script starts; under
    // the limit alone (as under the app with its former $1.00 cap) the script gets 10 through.
    // Under the app, the limit still lets the script's 10 through, which the cap then refuses
    // (its blocked.log has fewer "rate limit" lines): the sentence says so, not "no caller".
    let two = weaknesses(0, &[("serverProcesses", "2")], app);
    assert!(
        two[1].contains("one caller got 10 requests past the request limit in 60 s, where the limit is 5"),
        "{}",
        two[1]
    );
    assert!(two[1].ends_with("and the day spent $0.0022 against a $0.001 cap."), "{}", two[1]);
    let two = weaknesses(0, &[("serverProcesses", "2")], "rateLimit");
    assert!(
        two[1].contains("one caller got 10 requests past the request limit in 60 s, where the limit is 5"),
        "{}",
        two[1]
    );
    let hidden = weaknesses(0, &[("serverProcesses", "2"), ("spoofedUsers", "on")], app);
    assert!(
        hidden[2].contains("let up to 10 requests per caller through in 60 s, where the limit is 5"),
        "{}",
        hidden[2]
    );
    let at_once = weaknesses(0, &[("scriptAtOnce", "5")], "dailyCap");
    assert!(
        at_once[1].ends_with(
            "the day ended at $1.00149, $0.00149 over the $1.00 cap, more than the $0.00054 one call \
         at a time can carry it past."
        ),
        "{}",
        at_once[1]
    );
    let all = [
        ("spoofedUsers", "on"),
        ("sharedAddress", "on"),
        ("restartMinute", "600"),
        ("serverProcesses", "3"),
        ("scriptAtOnce", "4"),
    ];
    let two_at_once = weaknesses(0, &[("serverProcesses", "2"), ("scriptAtOnce", "5")], "dailyCap");
    assert!(two_at_once[2].ends_with("but each of the 2 processes keeps a cap of its own."), "{}", two_at_once[2]);
    let said = weaknesses(1, &all, app);
    let starts: Vec<&str> = said.iter().map(|s| s.split(':').next().unwrap_or("")).collect();
    assert_eq!(
        starts,
        ["Under \"The tutorial's app", "Spoofed users", "Shared address", "Restart", "Processes", "Calls at once"]
    );
}

#[test]
fn a_policy_without_the_guard_a_weakness_gets_round_says_so() {
    let spoofed = weaknesses(0, &[("spoofedUsers", "on")], "dailyCap");
    assert!(spoofed[1].ends_with("there is no request limit here for the names to get round."), "{}", spoofed[1]);
    let at_once = weaknesses(0, &[("scriptAtOnce", "5")], "rateLimitAndSetAsideCap");
    assert!(at_once[1].contains("not above the $1.00 cap"), "{}", at_once[1]);
}

#[test]
fn the_blocked_log_panel_shows_the_days_last_lines_and_counts_them_all() {
    for (seed, policy) in [(0, "rateLimitAndCap"), (3, "dailyCap"), (2, "noLimit")] {
        let values = values(&[]);
        let panel = panels(&SCENARIO, seed, &values, policy).unwrap().swap_remove(1);
        let run = scenario::run(&SCENARIO, seed, &values, None, Record::EVERYTHING).unwrap();
        let i = Policy::ALL.iter().position(|p| p.name() == policy).unwrap();
        let log = blocked_log(&run, &run.policies[i], day_start_unix(seed)).unwrap();
        let all: Vec<&str> = log.lines().collect();
        assert_eq!(panel.lines, all[all.len().saturating_sub(LOG_LINES)..], "{policy} on day {seed}");
        let count = if all.is_empty() { "no line".to_string() } else { counted(all.len() as u64, "line", "lines") };
        assert!(panel.sentences[0].contains(&count), "{policy}: {count} in {}", panel.sentences[0]);
    }
}

#[test]
fn the_usage_page_adds_up_to_the_days_served_calls_and_bill_over_processes_and_since_a_restart() {
    let spent = |row: &[String], col: usize| row[col].replace('.', "").parse::<u64>().unwrap();
    for pairs in [vec![], vec![("serverProcesses", "3")], vec![("serverProcesses", "2"), ("scriptAtOnce", "3")]] {
        let values = values(&pairs);
        let usage = panels(&SCENARIO, 5, &values, "rateLimitAndCap").unwrap().swap_remove(2);
        let table = usage.table.unwrap();
        let run = scenario::run(&SCENARIO, 5, &values, None, Record::COUNTS).unwrap();
        let app = &run.policies[3];
        let served: u64 = app.per_user.iter().map(|u| u64::from(u.served)).sum();
        assert!(app.per_user.iter().all(|u| u.dropped == 0), "no call dropped: events are the engine's order");
        let col = table.columns.len() - 4;
        let calls: u64 = table.rows.iter().map(|r| r[col].replace(',', "").parse::<u64>().unwrap()).sum();
        let micros: u64 = table.rows.iter().map(|r| spent(r, col + 1)).sum();
        assert_eq!((calls, micros), (served, app.bill.0 / 1_000), "{pairs:?}: {:?}", table.rows);
        assert_eq!(table.rows.len(), run.ran[3].processes as usize);
        assert_eq!(table.caption.contains("one row per server process"), table.rows.len() > 1);
    }
    let restart = panels(&SCENARIO, 0, &values(&[("restartMinute", "720")]), "dailyCap").unwrap().swap_remove(2);
    assert_eq!(restart.table.unwrap().rows, [["2026-11-11", "2,132", "1.000231", "1.000000", "none"]]);
    assert!(restart.sentences[0].ends_with("counting only since the restart at 12:00 UTC."));
    assert!(restart.sentences[1].contains("$1 and $5 per million input and output tokens"));
}

#[test]
fn another_days_usage_page_and_blocked_log_are_dated_that_day() {
    for (seed, day) in [(0, "2026-11-11"), (1, "2026-11-12"), (51, "2027-01-01")] {
        let ours = panels(&SCENARIO, seed, &values(&[]), "rateLimitAndCap").unwrap();
        let usage = ours[2].table.as_ref().unwrap();
        assert_eq!(usage.rows[0][0], day, "the usage page of day {seed}");
        let log = &ours[1].lines;
        assert!(!log.is_empty(), "day {seed} blocks calls under the tutorial's app");
        let dated = log.iter().filter(|l| l.contains(&format!("\"time\": \"{day}T"))).count();
        assert_eq!(dated, log.len(), "day {seed}: {dated} of {} log lines dated {day}: {log:?}", log.len());
    }
}
