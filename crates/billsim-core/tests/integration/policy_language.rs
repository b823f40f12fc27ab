//! The policy language: every scenario's policies, written by the core, read back and run,
//! give the scenario's own result; the new combinations run, and agree with a brute-force
//! reference computed call by call from the language's definition.

use billsim_core::engine::{read_policy_file, run, Call, Cohort, Price, PriceTable, Record, Traffic, User};
use billsim_core::scenario::registry::SCENARIOS;
use billsim_core::scenario::{self, policies_file, Values};
use billsim_core::time::{Instant, Span};
use billsim_core::Micros;

#[test]
fn every_scenarios_policies_written_in_the_language_give_the_scenarios_own_result() {
    for s in SCENARIOS {
        let values = Values::defaults(s);
        let text = policies_file(s, &values).unwrap();
        assert!(!text.contains("\"guard\""), "{}: the core writes the language, not the old kinds:\n{text}", s.name);
        let file = read_policy_file(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", s.name));
        for seed in [0, 1] {
            let own = scenario::run(s, seed, &values, None, Record::EVERYTHING).unwrap();
            let from_file = scenario::run(s, seed, &values, Some(file.policies.clone()), Record::EVERYTHING).unwrap();
            assert_eq!(
                own.policies, from_file.policies,
                "{} seed {seed}: the file gives the scenario's result",
                s.name
            );
        }
    }
}

#[test]
fn the_lessons_limits_count_per_user_and_only_lesson_001s_server_per_key() {
    let pers = |name: &str| {
        let s = SCENARIOS.iter().find(|s| s.name == name).unwrap();
        let text = policies_file(s, &Values::defaults(s)).unwrap();
        let mut said: Vec<String> =
            text.split("\"per\": \"").skip(1).filter_map(|rest| rest.split('"').next()).map(String::from).collect();
        said.sort_unstable();
        said.dedup();
        said
    };
    // Per user: a replayed log's user, where its one API key may stand for every user.
    assert_eq!(pers("toyDay"), ["user"], "lesson 000's request limit and budget");
    assert_eq!(pers("freeTier"), ["everyone", "user"], "lesson 003's bucket and budget, then its breaker");
    assert_eq!(pers("hackathon"), ["everyone", "key"], "lesson 001's server: its X-User or address, then its caps");
    assert_eq!(pers("runawayTenant"), ["tenant"], "lesson 002's ledger");
}

const NEW_COMBINATIONS: &str = r#"{"policies": [
    {"name": "tenantTokensHourly", "guards": [
        {"count": "tokens", "limit": 3000, "per": "tenant", "window": "1h", "reset": "fixed"}]},
    {"name": "keyMonthlyDollars", "guards": [
        {"count": "dollars", "limit": "0.05", "per": "key", "window": "1mo", "reset": "fixed",
         "admit": "reserve", "estimate": {"inputPercent": 100, "maxTokens": 1000}}]},
    {"name": "everyone20PerMinute", "guards": [
        {"count": "requests", "limit": 20, "per": "everyone", "window": "1m", "reset": "rolling"}]}
]}"#;

#[test]
fn the_new_combinations_run_on_every_scenario() {
    let file = read_policy_file(NEW_COMBINATIONS).unwrap();
    for s in SCENARIOS {
        let values = Values::defaults(s);
        let run = scenario::run(s, 0, &values, Some(file.policies.clone()), Record::default());
        assert!(run.is_ok(), "{}: {:?}", s.name, run.err().map(|e| e.to_string()));
    }
}

/// Calls of `users` users at seeded moments over `hours`, each answered at once.
fn traffic(users: u32, calls: usize, hours: u64) -> Traffic {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut list: Vec<Call> = (0..calls)
        .map(|i| Call {
            at: Instant(next(hours * 3_600_000)),
            user: next(u64::from(users)) as u32,
            model: 0,
            request: i as u32,
            input: 50 + next(400),
            output: 20 + next(300),
            latency: Span::ZERO,
        })
        .collect();
    list.sort_by_key(|c| (c.at, c.user));
    let cohorts = vec![Cohort { name: "all".into(), label: "All".into() }];
    let users = (0..users).map(|u| User { name: format!("u{u}"), cohort: 0 }).collect();
    Traffic::new(cohorts, users, vec!["m".into()], list).unwrap()
}

fn prices() -> PriceTable {
    PriceTable(vec![("m".into(), Price::per_million(Micros(3_000_000), Micros(15_000_000)))])
}

/// Served or not, call by call in time order, straight from the definitions.
fn reference(traffic: &Traffic, policy: usize) -> Vec<bool> {
    let calls = traffic.calls();
    let mut served: Vec<bool> = Vec::new();
    for (i, c) in calls.iter().enumerate() {
        let before = || calls[..i].iter().zip(&served).filter(|(_, &s)| s).map(|(d, _)| d);
        let ok = match policy {
            // Tokens used by this tenant in this clock hour, below 3,000 (counted: check only).
            0 => {
                let hour = c.at.0 / 3_600_000;
                let used: u64 = before()
                    .filter(|d| d.user == c.user && d.at.0 / 3_600_000 == hour)
                    .map(|d| d.input + d.output)
                    .sum();
                used < 3_000
            }
            // Requests of anyone in the last minute, fewer than 20.
            _ => before().filter(|d| d.at.0 + 60_000 > c.at.0).count() < 20,
        };
        served.push(ok);
    }
    served
}

#[test]
fn a_token_limit_per_tenant_per_hour_and_a_request_limit_for_everyone_agree_with_a_brute_force_reference() {
    let file = read_policy_file(NEW_COMBINATIONS).unwrap();
    let traffic = traffic(6, 3_000, 2);
    for (policy, index) in [(0, 0), (2, 1)] {
        let out = run(&traffic, &file.policies[policy], &prices(), Record::EVERYTHING).unwrap();
        let engine: Vec<bool> = out.events.unwrap().iter().map(|e| e.served).collect();
        let expected = reference(&traffic, index);
        let refused = expected.iter().filter(|s| !**s).count();
        assert!(refused > 100, "the reference refuses some calls ({refused}) so the test can fail");
        assert_eq!(engine, expected, "{}: the engine admits as the definition does", file.policies[policy].name);
    }
}

#[test]
fn a_tenant_alone_in_its_cohort_under_steady_tiers_holds_its_own_tiers_limit_not_the_first_tiers() {
    let file = read_policy_file(
        r#"{"name": "tiers", "guards": [{"count": "requests", "tiers": {"paying": 10, "free": 2}, "per": "tenant",
            "window": "1m", "reset": "steady"}]}"#,
    )
    .unwrap();
    let cohorts = vec![Cohort { name: "free".into(), label: "Free".into() }];
    let users = vec![User { name: "u0".into(), cohort: 0 }];
    let at_once =
        |i: u32| Call { at: Instant(0), user: 0, model: 0, request: i, input: 10, output: 10, latency: Span::ZERO };
    let traffic = Traffic::new(cohorts, users, vec!["m".into()], (0..5).map(at_once).collect()).unwrap();
    let out = run(&traffic, &file.policies[0], &prices(), Record::default()).unwrap();
    assert_eq!(out.per_user[0].served, 2, "5 calls at once, a free tenant's burst of 2 serves 2");
}

#[test]
fn a_degrade_to_a_model_of_no_price_is_refused_naming_its_guard_when_the_file_gives_no_prices() {
    let file = read_policy_file(
        r#"{"policies": [{"name": "fine", "guards": []}, {"name": "odd", "guards": [{"count": "dollars",
            "limit": "1", "per": "everyone", "window": "1d", "whenFull": {"degradeTo": "tiny"}}]}]}"#,
    )
    .unwrap();
    let toy = &SCENARIOS[0];
    let run = scenario::run(toy, 0, &Values::defaults(toy), Some(file.policies), Record::default());
    assert_eq!(
        run.err().map(|e| e.to_string()).unwrap_or_default(),
        "odd.guards[0].whenFull.degradeTo: must be one of the models \"toy\"; got \"tiny\""
    );
}

/// A generic log of `calls` calls by 6 users, a few seconds apart, read as a reader's own file.
fn replayed_log(calls: usize) -> billsim_core::replay::Log {
    let mut csv = String::from("time,user,model,input_tokens,output_tokens\n");
    let mut seed = 7u64;
    for i in 0..calls {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let ms = i as u64 * 1_500 + (seed >> 33) % 1_000;
        let (min, sec, milli) = (ms / 60_000, ms / 1_000 % 60, ms % 1_000);
        let (hour, min) = (9 + min / 60, min % 60);
        csv.push_str(&format!(
            "2025-05-01T{hour:02}:{min:02}:{sec:02}.{milli:03}Z,user{},claude-haiku-4-5,{},{}\n",
            (seed >> 40) % 6,
            100 + (seed >> 20) % 900,
            50 + (seed >> 10) % 200
        ));
    }
    billsim_core::replay::read(csv.as_bytes(), &billsim_core::replay::Options::default()).unwrap()
}

#[test]
fn the_new_combinations_run_on_a_replayed_log_and_its_request_limit_for_everyone_agrees_with_the_reference() {
    let file = read_policy_file(NEW_COMBINATIONS).unwrap();
    let log = replayed_log(2_000);
    let out = billsim_core::replay::run::run(&log, Some(file.policies.clone()), None, Record::EVERYTHING).unwrap();
    assert_eq!(out.policies.len(), file.policies.len(), "each new combination ran on the log");
    let engine: Vec<bool> = out.policies[2].events.as_ref().unwrap().iter().map(|e| e.served).collect();
    let expected = reference(&log.traffic().unwrap(), 1);
    let refused = expected.iter().filter(|s| !**s).count();
    assert!(refused > 100, "the reference refuses some calls ({refused} of 2,000) so the test can fail");
    assert_eq!(engine, expected, "20 requests a minute for everyone, on a replayed log: {refused} refused");
}

/// Whether a request limit counts a call a later guard refuses is the file's to say
/// (`"counts": "passed"`), not its reason's: a limit written as lesson 001's
/// (`per: key`, `"rate limit"`, the tutorial's Retry-After) without it counts as any other.
/// Three calls of one user 10 s apart under 2 a minute, then a cap that the first call's
/// cost reaches: the second is refused by the cap, and the third by the limit only where
/// the limit counted the second.
#[test]
fn a_request_limit_counts_a_call_a_later_guard_refused_only_where_its_file_says_counts_passed() {
    let csv = "time,user,model,input_tokens,output_tokens\n\
               2025-05-01T00:00:00Z,x,claude-haiku-4-5,20000,0\n\
               2025-05-01T00:00:10Z,x,claude-haiku-4-5,1000,0\n\
               2025-05-01T00:00:20Z,x,claude-haiku-4-5,1000,0\n";
    let log = billsim_core::replay::read(csv.as_bytes(), &billsim_core::replay::Options::default()).unwrap();
    let policy = |name: &str, counts: &str| {
        format!(
            r#"{{"name": "{name}", "guards": [
                {{"count": "requests", "limit": 2, "per": "key", "window": "1m", "reset": "rolling",
                  "reason": "rate limit", "retryAfter": "tutorial"{counts}}},
                {{"count": "dollars", "limit": "0.01", "per": "everyone", "window": "1d",
                  "reason": "daily cost cap reached"}}]}}"#
        )
    };
    let text =
        format!(r#"{{"policies": [{}, {}]}}"#, policy("served", ""), policy("passed", r#", "counts": "passed""#));
    let file = read_policy_file(&text).unwrap();
    let out = billsim_core::replay::run::run(&log, Some(file.policies), None, Record::EVERYTHING).unwrap();
    let reasons = |i: usize| -> Vec<String> {
        let events = out.policies[i].events.as_ref().unwrap();
        events.iter().map(|e| e.reason.map_or("served".to_string(), |r| r.name().to_string())).collect()
    };
    assert_eq!(reasons(0), ["served", "daily cost cap reached", "daily cost cap reached"], "counted once served");
    assert_eq!(reasons(1), ["served", "daily cost cap reached", "rate limit"], "counted once it passed the limit");
}

/// Runs the policy file `policies` on the generic log `csv` (its prices: `m` at $1 in and
/// $2 out per million), with every event.
fn run_on(csv: &str, policies: &str) -> billsim_core::replay::run::ReplayRun {
    let log = billsim_core::replay::read(csv.as_bytes(), &billsim_core::replay::Options::default()).unwrap();
    let text =
        format!(r#"{{"policies": [{policies}], "prices": {{"m": {{"inputPerMillion": 1, "outputPerMillion": 2}}}}}}"#);
    let file = read_policy_file(&text).unwrap_or_else(|e| panic!("{e}"));
    billsim_core::replay::run::run(&log, Some(file.policies), file.prices.as_ref(), Record::EVERYTHING).unwrap()
}

#[test]
fn a_reserved_call_longer_than_its_rolling_window_counts_once_it_ends_as_a_counted_one_does() {
    // 4,000 tokens a minute; a call of 4,000 tokens from 10:00:00 to 10:01:30, then one at
    // 10:01:40: its hold had aged out when it settled, so reserve counted it nowhere and
    // served the second (the most careful admit let the most in).
    let csv = "time,end,user,model,input_tokens,output_tokens\n\
               2025-03-10T10:00:00Z,2025-03-10T10:01:30Z,alice,m,1000,3000\n\
               2025-03-10T10:01:40Z,2025-03-10T10:01:41Z,alice,m,1000,3000\n";
    let guard = |admit: &str| {
        format!(
            r#"{{"name": "{admit}", "guards": [{{"count": "tokens", "limit": 4000, "window": "1m", "reset": "rolling",
                "admit": "{admit}"{}}}]}}"#,
            if admit == "counted" { "" } else { r#", "estimate": {"inputPercent": 100}"# }
        )
    };
    let out = run_on(csv, &["counted", "estimate", "reserve"].map(guard).join(", "));
    let served: Vec<Vec<bool>> =
        out.policies.iter().map(|p| p.events.as_ref().unwrap().iter().map(|e| e.served).collect()).collect();
    assert_eq!(served, vec![vec![true, false]; 3], "counted, estimate, reserve: the second call refused by each");
}

#[test]
fn a_steady_check_only_limit_says_a_refused_call_fits_at_the_first_millisecond_it_does() {
    // $0.000003 a second, refilled steadily; each call costs all of it. The call at 0.999 s
    // was told it fits at 1.000 s, where the level is back to the limit, not below it.
    let csv = "time,user,model,input_tokens,output_tokens\n\
               2025-03-10T10:00:00.000Z,alice,m,1,1\n\
               2025-03-10T10:00:00.500Z,alice,m,1,1\n\
               2025-03-10T10:00:00.999Z,alice,m,1,1\n\
               2025-03-10T10:00:01.000Z,alice,m,1,1\n\
               2025-03-10T10:00:01.001Z,alice,m,1,1\n";
    let policy = r#"{"name": "steady", "guards": [{"count": "dollars", "limit": "0.000003", "window": "1s", "reset": "steady"}]}"#;
    let out = run_on(csv, policy);
    let events = out.policies[0].events.as_ref().unwrap();
    let seen: Vec<(bool, Option<u64>)> = events.iter().map(|e| (e.served, e.fits_at.map(|t| t.0 % 10_000))).collect();
    assert_eq!(
        seen,
        [(true, None), (true, None), (false, Some(1_001)), (false, Some(1_001)), (true, None)],
        "(served, fits at: ms past 10:00:00)"
    );
}
