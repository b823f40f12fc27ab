//! Teams beside users: a log that names each call's team (LiteLLM's `team_id`, a generic
//! log's `team`) is replayed with a guard `"per": "tenant"` counting by the team and
//! `"per": "user"` by the user in the same policy, as a gateway with a team budget and a
//! user limit counts them.

use crate::replay_common::*;
use billsim_core::engine::{read_policy_file, Record};
use billsim_core::replay::{run, Options};

/// Six calls within a minute: alice and bob in team "red" (two calls each), carol in
/// "blue" (one), and dave, whose row names no team (one).
const TEAMS: &str = "time,user,team,model,input_tokens,output_tokens\n\
    2025-05-01T09:00:00Z,alice,red,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:01Z,bob,red,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:02Z,alice,red,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:03Z,bob,red,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:04Z,carol,blue,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:05Z,dave,,claude-haiku-4-5,10,10\n";

fn limit(per: &str, limit: u32) -> String {
    format!(r#"{{"count": "requests", "limit": {limit}, "per": "{per}", "window": "1m", "reset": "rolling"}}"#)
}

fn row(name: &str, served: u32, refused: u32) -> (String, u32, u32) {
    (name.to_string(), served, refused)
}

#[test]
fn a_guard_per_tenant_counts_every_user_of_a_team_together() {
    let got = served_and_refused(TEAMS, &format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("tenant", 3)));
    // Team red's fourth call (bob's second) is refused; blue counts apart, dave (no team) not at all.
    let want = [row("alice", 2, 0), row("bob", 1, 1), row("carol", 1, 0), row("dave", 1, 0)];
    assert_eq!(got, want, "per tenant, 3 a minute: (user, served, refused)");
}

#[test]
fn a_generic_logs_tenant_id_is_the_team_a_guard_per_tenant_counts_by() {
    // A B2B app's log: each call's end user and the customer (tenant) who pays for it.
    let log = TEAMS.replacen("time,user,team,", "time,user_id,tenant_id,", 1);
    let got = served_and_refused(&log, &format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("tenant", 3)));
    let want = [row("alice", 2, 0), row("bob", 1, 1), row("carol", 1, 0), row("dave", 1, 0)];
    assert_eq!(got, want, "per tenant_id, 3 a minute: (user, served, refused)");
    let read = read(log.as_bytes(), Options::default()).unwrap();
    assert_eq!(read.tenants.map(|t| t.names), Some(vec!["red".to_string(), "blue".to_string()]), "the tenants");
    let twice = read.notes.iter().find(|n| n.contains("is read, or"));
    assert_eq!(twice, None, "tenant_id is not a second user column: {:?}", read.notes);
}

#[test]
fn no_team_budget_counts_the_calls_of_users_in_no_team() {
    let log = format!(
        "{TEAMS}2025-05-01T09:00:06Z,dave,,claude-haiku-4-5,10,10\n2025-05-01T09:00:07Z,erin,,claude-haiku-4-5,10,10\n"
    );
    let got = served_and_refused(&log, &format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("tenant", 1)));
    // Red and blue each get one call a minute; dave's two and erin's one are no team's.
    let want = [row("alice", 1, 1), row("bob", 0, 2), row("carol", 1, 0), row("dave", 2, 0), row("erin", 1, 0)];
    assert_eq!(got, want, "per tenant 1: (user, served, refused)");
}

#[test]
fn a_team_limit_and_a_user_limit_in_one_policy_each_count_by_their_own() {
    let policy = format!(r#"{{"name": "p", "guards": [{}, {}]}}"#, limit("user", 1), limit("tenant", 3));
    let got = served_and_refused(TEAMS, &policy);
    // One a minute per user refuses alice's and bob's second calls; red's count then holds
    // two, under its three.
    let want = [row("alice", 1, 1), row("bob", 1, 1), row("carol", 1, 0), row("dave", 1, 0)];
    assert_eq!(got, want, "per user 1, per tenant 3: (user, served, refused)");
    let team_first = format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("tenant", 1));
    let want = [row("alice", 1, 1), row("bob", 0, 2), row("carol", 1, 0), row("dave", 1, 0)];
    assert_eq!(served_and_refused(TEAMS, &team_first), want, "per tenant 1: (user, served, refused)");
}

#[test]
fn a_log_with_teams_says_how_many_and_one_without_says_a_tenant_is_its_user() {
    let log = read(TEAMS.as_bytes(), Options::default()).unwrap();
    let tenants = log.tenants.as_ref().expect("the teams of the log");
    assert_eq!(tenants.names, ["red", "blue"], "each team");
    assert_eq!(tenants.of_user, [Some(0), Some(0), Some(1), None], "alice, bob, carol, and dave in none");
    let said = |log: &billsim_core::replay::Log, text: &str| log.notes.iter().any(|n| n.contains(text));
    assert!(said(&log, "a guard \"per\": \"tenant\" counts by the log's team (\"team\": 2 teams)"), "{:?}", log.notes);
    assert!(said(&log, "1 user is in no team: no guard \"per\": \"tenant\" counts their calls"), "{:?}", log.notes);
    let no_team = "time,user,key,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,a,k,m,1,1\n";
    let no_team = read(no_team.as_bytes(), Options::default()).unwrap();
    assert!(no_team.tenants.is_none(), "no team named");
    let want = "the log names no team: a guard \"per\": \"tenant\" counts by its user";
    assert!(said(&no_team, want), "{:?}", no_team.notes);
    let neither = "time,user,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,a,m,1,1\n";
    let neither = read(neither.as_bytes(), Options::default()).unwrap();
    let want = "the log names no API key nor team: a guard \"per\": \"key\" or \"tenant\" counts by its user";
    assert!(said(&neither, want), "one note for both: {:?}", neither.notes);
    // A user stays in its first team; a row naming another is counted in a note.
    let moved = format!("{TEAMS}2025-05-01T09:00:06Z,alice,blue,claude-haiku-4-5,10,10\n");
    let log = read(moved.as_bytes(), Options::default()).unwrap();
    assert_eq!(log.tenants.as_ref().unwrap().of_user[0], Some(0), "alice stays in red");
    assert!(said(&log, "1 row names another team for its user than the user's first"), "{:?}", log.notes);
    // A scenario's cohort added to it: its users are in no team.
    let mut added = read(TEAMS.as_bytes(), Options::default()).unwrap();
    run::add(&mut added, &run::addable()[0], 0).unwrap();
    let tenants = added.tenants.as_ref().unwrap();
    assert_eq!(tenants.of_user.len(), added.users.len(), "one for each user, the added ones too");
    assert!(tenants.of_user[4..].iter().all(Option::is_none), "the added users in no team");
    assert_eq!(tenants.names, ["red", "blue"], "the log's teams alone");
}

#[test]
fn litellm_exports_give_their_team_ids_as_tenants() {
    for name in ["litellm.csv", "litellm.json"] {
        let log = read_fixture(name);
        let tenants = log.tenants.as_ref().unwrap_or_else(|| panic!("{name}: no team read: {:?}", log.notes));
        assert!(tenants.names.contains(&"team-a".to_string()), "{name}: {:?}", tenants.names);
    }
    // The logging payload names its team in its metadata (null in the fixture's two calls).
    let text = String::from_utf8(fixture("litellm_payload.jsonl")).unwrap();
    let log = read(
        text.replacen("\"user_api_key_team_id\": null", "\"user_api_key_team_id\": \"team-p\"", 1).as_bytes(),
        Options::default(),
    )
    .unwrap();
    assert_eq!(log.tenants.as_ref().map(|t| t.names.clone()), Some(vec!["team-p".to_string()]));
    let field = "counts by the log's team (\"metadata.user_api_key_team_id\": 1 team)";
    assert!(log.notes.iter().any(|n| n.contains(field)), "the field read is named: {:?}", log.notes);
}

#[test]
fn a_dollar_budget_per_tenant_draws_its_line_for_the_teams_that_called() {
    let budget = r#"{"name": "daily", "guards": [{"count": "dollars", "limit": "2", "per": "tenant", "window": "1d",
        "reset": "fixed"}]}"#;
    let log = read(TEAMS.as_bytes(), Options::default()).unwrap();
    let out = run::run(&log, Some(read_policy_file(budget).unwrap().policies), None, Record::EVERYTHING).unwrap();
    let line = &billsim_core::replay::view::view(&out).unwrap().over_time.limits[0];
    assert_eq!(line.label, "2 teams × $2.00 per day", "red and blue; dave is in none");
    assert_eq!(line.points.last().unwrap()[1], 4_000_000_000, "two teams' $2.00 in nano-dollars");
}

/// Red's first user is pro (alice; bob is free), blue's is free (carol), and dave, free,
/// is in no team.
const TIERED: &str = "time,user,team,cohort,model,input_tokens,output_tokens\n\
    2025-05-01T09:00:00Z,alice,red,pro,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:01Z,bob,red,free,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:02Z,carol,blue,free,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:03Z,dave,,free,claude-haiku-4-5,10,10\n";

#[test]
fn tiered_budgets_draw_their_line_for_the_teams_that_called_each_at_its_first_users_tier() {
    // One team of each tier, though three users are free.
    let log = read(TIERED.as_bytes(), Options::default()).unwrap();
    let tiers = r#"{"name": "tiers", "guards": [{"count": "dollars", "tiers": {"pro": "10", "free": "1"}, "per": "tenant",
        "window": "1d", "reset": "fixed"}]}"#;
    let ledger = LEDGER
        .replace(r#"{"logged": "0.0041"}"#, r#"{"pro": "10", "free": "1"}"#)
        .replace(r#"{"logged": "closed"}"#, r#"{"pro": "closed", "free": "closed"}"#);
    let mut lines = Vec::new();
    for json in [tiers, ledger.as_str()] {
        let out = run::run(&log, Some(read_policy_file(json).unwrap().policies), None, Record::EVERYTHING).unwrap();
        let view = billsim_core::replay::view::view(&out).unwrap().over_time;
        let line = view.limits.first().unwrap_or_else(|| panic!("no line for {json}"));
        lines.push((line.label.clone(), line.points.last().unwrap()[1]));
    }
    let want = [
        ("1 team × $10.00 (pro) + 1 team × $1.00 (free) per day".to_string(), 11_000_000_000),
        ("2 teams' budgets, $11.00 a day".to_string(), 11_000_000_000),
    ];
    assert_eq!(lines, want, "(label, nano-dollars by the end)");
}

#[test]
fn a_teams_tier_is_the_cohort_of_its_first_user() {
    // Alice (pro) is red's first user: red gets pro's 3 a minute, though bob is free.
    let log = "time,user,team,cohort,model,input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,alice,red,pro,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:01Z,bob,red,free,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:02Z,alice,red,pro,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:03Z,bob,red,free,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:04Z,carol,blue,free,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:05Z,carol,blue,free,claude-haiku-4-5,10,10\n";
    let tiers = r#"{"name": "p", "guards": [{"count": "requests", "tiers": {"pro": 3, "free": 1}, "per": "tenant",
        "window": "1m", "reset": "rolling"}]}"#;
    let want = [row("alice", 2, 0), row("bob", 1, 1), row("carol", 1, 1)];
    assert_eq!(served_and_refused(log, tiers), want, "red at pro's 3, blue at free's 1: (user, served, refused)");
}

#[test]
fn traffic_refuses_tenants_that_do_not_name_one_for_each_user() {
    use billsim_core::engine::Tenants;
    let traffic = read(TEAMS.as_bytes(), Options::default()).unwrap().traffic().unwrap();
    let short = Tenants { names: vec!["a".into()], of_user: vec![Some(0)], of_key: vec![] };
    let err = traffic.clone().with_tenants(short).unwrap_err().0;
    assert_eq!(err, "tenants: 1 given for 4 users; give each user one");
    let past = Tenants { names: vec!["a".into()], of_user: vec![None, Some(0), Some(0), Some(1)], of_key: vec![] };
    assert_eq!(traffic.with_tenants(past).unwrap_err().0, "user 3 names tenant 1, but there are 1");
}

#[test]
fn the_users_refused_most_show_their_team_and_only_the_policies_that_refuse_them() {
    let log = read(TEAMS.as_bytes(), Options::default()).unwrap();
    let policies = format!(
        r#"{{"policies": [{{"name": "none", "guards": []}}, {{"name": "p", "guards": [{}]}}]}}"#,
        limit("tenant", 3)
    );
    let out = run::run(&log, Some(read_policy_file(&policies).unwrap().policies), None, Record::default()).unwrap();
    let table = billsim_core::replay::view::view(&out).unwrap().refused_users;
    let p = "3 requests per minute per tenant, rolling";
    assert_eq!(table.columns, ["User", "Team", "Calls", p], "no column of noughts for \"none\"");
    assert_eq!(table.rows, [["bob", "red", "2", "1"]]);
    // A log of no teams has no Team column.
    let plain =
        "time,user,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,a,claude-haiku-4-5,1,1\n2025-05-01T09:00:01Z,a,claude-haiku-4-5,1,1\n";
    let out = run::run(
        &read(plain.as_bytes(), Options::default()).unwrap(),
        Some(read_policy_file(&format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("user", 1))).unwrap().policies),
        None,
        Record::default(),
    )
    .unwrap();
    let table = billsim_core::replay::view::view(&out).unwrap().refused_users;
    assert_eq!(table.columns, ["User", "Calls", "1 request per minute per user, rolling"]);
}

#[test]
fn counting_each_team_as_one_user_says_a_guard_per_user_then_counts_by_team() {
    let options = Options { per: Some("team".into()), ..Options::default() };
    let log = read(TEAMS.as_bytes(), options).unwrap();
    let note = "each user is a \"team\": a guard \"per\": \"user\" counts by team as \"tenant\" does";
    assert!(log.notes.iter().any(|n| n == note), "{:?}", log.notes);
    let log = read(TEAMS.as_bytes(), Options::default()).unwrap();
    assert!(!log.notes.iter().any(|n| n.starts_with("each user is a")), "not without --per: {:?}", log.notes);
}

#[test]
fn the_results_csv_has_a_team_column_when_the_log_names_teams() {
    let log = read(TEAMS.as_bytes(), Options::default()).unwrap();
    let out = run::run(&log, None, None, Record::default()).unwrap();
    let csv = billsim_core::replay::view::csv(&out);
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().starts_with("policy,user,cohort,team,calls,served,refused,"), "{csv}");
    let teams: Vec<&str> = lines.take(4).map(|l| l.split(',').nth(3).unwrap()).collect();
    assert_eq!(teams, ["red", "red", "blue", ""], "alice, bob, carol, and dave in no team");
    let plain = read(
        b"time,user,model,input_tokens,output_tokens\n2025-05-01T09:00:00Z,a,claude-haiku-4-5,1,1\n",
        Options::default(),
    );
    let csv = billsim_core::replay::view::csv(&run::run(&plain.unwrap(), None, None, Record::default()).unwrap());
    assert!(csv.starts_with("policy,user,cohort,calls,"), "no team column: {csv}");
}

/// Lesson 002's ledger over a day, each tenant's budget holding two of these calls (each
/// reserves $0.004008, claude-haiku-4-5's input and 1,000 tokens out, and costs $0.000048).
const LEDGER: &str = r#"{"name": "ledger", "guards": [{"count": "dollars", "tiers": {"logged": "0.0041"},
    "per": "tenant", "window": "1d", "reset": "fixed", "admit": "reserve",
    "estimate": {"inputPercent": 100, "maxTokens": 1000}}], "ledger": {"meter": "perCall", "fail": {"logged": "closed"}}}"#;

#[test]
fn a_tenant_ledger_counts_each_team_and_leaves_a_user_in_no_team_alone() {
    let got = served_and_refused(TEAMS, LEDGER);
    // Red's first two calls fit its budget, its third and fourth do not; counted by user,
    // alice and bob had each been served both.
    let want = [row("alice", 1, 1), row("bob", 1, 1), row("carol", 1, 0), row("dave", 1, 0)];
    assert_eq!(got, want, "a ledger of two calls a team: (user, served, refused)");
}

#[test]
fn a_cohort_without_a_tier_is_named_with_its_teams_not_its_users() {
    // Blue is the one free team; bob (in red) and dave (in none) are free users too.
    let log = read(TIERED.as_bytes(), Options::default()).unwrap();
    let guard = r#"{"name": "p", "guards": [{"count": "requests", "tiers": {"pro": 3}, "per": "tenant",
        "window": "1m", "reset": "rolling"}]}"#;
    let ledger = LEDGER
        .replace(r#""logged": "0.0041""#, r#""pro": "0.0041""#)
        .replace(r#"{"logged": "closed"}"#, r#"{"pro": "closed"}"#);
    for json in [guard, ledger.as_str()] {
        let policies = read_policy_file(json).unwrap().policies;
        let Err(err) = run::run(&log, Some(policies), None, Record::default()) else {
            panic!("ran without a tier for free")
        };
        let err = err.to_string();
        assert!(err.ends_with(r#"got none for "free" (1 tenant)"#), "one team, blue, of three free users: {err}");
    }
}

#[test]
fn tiers_on_a_log_that_names_no_cohort_say_so_not_that_a_tier_for_logged_is_missing() {
    let log = read(TEAMS.as_bytes(), Options::default()).unwrap();
    let guard = r#"{"name": "p", "guards": [{"count": "requests", "tiers": {"pro": 3}, "per": "tenant",
        "window": "1m", "reset": "rolling"}]}"#;
    let policies = read_policy_file(guard).unwrap().policies;
    let Err(err) = run::run(&log, Some(policies), None, Record::default()) else { panic!("ran without cohorts") };
    assert_eq!(
        err.to_string(),
        "p.guards[0].tiers: must be given for a log that names each call's cohort (a column \"cohort\" or \"group\": \
         a plan, such as pro or free), or, in a log that names none, for the one cohort \"logged\"; or a \"limit\" in \
         their place; got a log that names no cohort"
    );
}

/// Alice calls with a key of team red and one of team blue, as a LiteLLM user who belongs
/// to two teams; bob's key is red's, carol's blue's. Alice and bob are on the pro plan.
const KEYS_IN_TWO_TEAMS: &str = "time,user,key,team,cohort,model,input_tokens,output_tokens\n\
    2025-05-01T09:00:00Z,alice,sk-red,red,pro,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:01Z,alice,sk-blue,blue,pro,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:02Z,bob,sk-bob,red,pro,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:03Z,alice,sk-blue,blue,pro,claude-haiku-4-5,10,10\n\
    2025-05-01T09:00:04Z,carol,sk-carol,blue,free,claude-haiku-4-5,10,10\n";

#[test]
fn a_users_keys_in_two_teams_count_each_call_to_its_keys_team() {
    // Two a minute per team: red has alice's first call and bob's; blue alice's two others,
    // so carol's is blue's third. (Alice kept in red, her first team, bob's would be red's third.)
    let got = served_and_refused(KEYS_IN_TWO_TEAMS, &format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("tenant", 2)));
    let want = [row("alice", 3, 0), row("bob", 1, 0), row("carol", 0, 1)];
    assert_eq!(got, want, "per tenant, 2 a minute: (user, served, refused)");
    // A ledger counts the same way: two reservations fit each team's day.
    let got = served_and_refused(
        KEYS_IN_TWO_TEAMS,
        &LEDGER
            .replace(r#""logged""#, r#""pro""#)
            .replace(r#""tiers": {"pro": "0.0041"}"#, r#""tiers": {"pro": "0.0041", "free": "0.0041"}"#)
            .replace(r#""fail": {"pro": "closed"}"#, r#""fail": {"pro": "closed", "free": "closed"}"#),
    );
    assert_eq!(got, want, "a ledger of two calls a team: (user, served, refused)");
    let log = read(KEYS_IN_TWO_TEAMS.as_bytes(), Options::default()).unwrap();
    let out = run::run(&log, None, None, Record::default()).unwrap();
    let teams: Vec<Option<&str>> = out.users.iter().map(|u| u.team.as_deref()).collect();
    assert_eq!(teams, [Some("red, blue"), Some("red"), Some("blue")], "each user's teams, as the table gives them");
    let note = "2 rows name another team for its user than the user's first: each call counts to its API key's team";
    assert!(log.notes.iter().any(|n| n.starts_with(note)), "{:?}", log.notes);
}

#[test]
fn a_team_named_only_by_a_users_second_key_takes_that_users_tier() {
    // Green is named only by alice's second key: its first payer is alice, on pro, whose
    // tier lets in one call a minute; carol's team, blue, is free (none).
    let log = "time,user,key,team,cohort,model,input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,carol,sk-carol,blue,free,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:01Z,alice,sk-red,red,pro,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:02Z,alice,sk-green,green,pro,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:03Z,alice,sk-green,green,pro,claude-haiku-4-5,10,10\n";
    let guard = r#"{"name": "p", "guards": [{"count": "requests", "tiers": {"pro": 1, "free": 5}, "per": "tenant",
        "window": "1m", "reset": "rolling"}]}"#;
    let got = served_and_refused(log, guard);
    assert_eq!(
        got,
        [row("carol", 1, 0), row("alice", 2, 1)],
        "green's second call is over pro's one: (user, served, refused)"
    );
}

#[test]
fn a_key_whose_rows_name_no_team_is_outside_every_team_though_its_users_other_key_is_in_one() {
    // Alice's personal key is in no team, her second key in red; bob's key is red's. A
    // gateway counts the personal key's spend to no team, so red has made two calls.
    let log = "time,user,key,team,model,input_tokens,output_tokens\n\
        2025-05-01T09:00:00Z,alice,sk-alice,,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:01Z,alice,sk-red,red,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:02Z,bob,sk-bob,red,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:03Z,alice,sk-alice,,claude-haiku-4-5,10,10\n";
    let got = served_and_refused(log, &format!(r#"{{"name": "p", "guards": [{}]}}"#, limit("tenant", 2)));
    assert_eq!(got, [row("alice", 3, 0), row("bob", 1, 0)], "per tenant, 2 a minute: (user, served, refused)");
    let read = read(log.as_bytes(), Options::default()).unwrap();
    let note = "1 API key is in no team: no guard \"per\": \"tenant\" counts their calls";
    assert!(read.notes.iter().any(|n| n == note), "{:?}", read.notes);
}

#[test]
fn a_team_whose_users_are_on_two_plans_is_said_with_the_tier_it_is_counted_at() {
    let log = "time,user,team,cohort,model,input_tokens,output_tokens\n\
        2025-05-01T10:00:00Z,bob,red,free,claude-haiku-4-5,10,10\n\
        2025-05-01T09:00:00Z,alice,red,pro,claude-haiku-4-5,10,10\n";
    let tiers = r#"{"name": "p", "guards": [{"count": "requests", "tiers": {"pro": 10, "free": 1}, "per": "tenant",
        "window": "1d", "reset": "fixed"}]}"#;
    let read = read(log.as_bytes(), Options::default()).unwrap();
    let policies = read_policy_file(tiers).unwrap().policies;
    let out = run::run(&read, Some(policies), None, Record::default()).unwrap();
    let note = "team \"red\"'s calls come from users of 2 cohorts (\"pro\", \"free\"): a guard's tiers count it at \
                \"free\"'s, its user's first in the file";
    assert!(out.notes.iter().any(|n| n == note), "{:?}", out.notes);
    let untiered = run::run(&read, None, None, Record::default()).unwrap();
    assert!(!untiered.notes.iter().any(|n| n.starts_with("team ")), "no tiers, no note: {:?}", untiered.notes);
}
