//! `billsim scenarios` and `billsim run`, run as a reader runs them: every scenario is
//! listed with its policies and settings; `run` gives lesson 000's own numbers (`day`,
//! `overrun`) through the one engine; a policy file replaces the policies (and prices);
//! and every bad input is refused with its field and what it allows, nothing on stdout.

use crate::common::{billsim, text, Temp};
use serde_json::Value;

/// The JSON lines of a run that must succeed.
fn json(args: &[&str]) -> Vec<Value> {
    let out = billsim(args);
    assert_eq!(out.status.code(), Some(0), "billsim {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stderr.is_empty(), "billsim {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).expect("a line of JSON")).collect()
}

/// Exit code `code`, nothing on stdout, no panic; returns stderr's first line.
fn refused(args: &[&str], code: i32) -> String {
    let out = billsim(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    assert_eq!(out.status.code(), Some(code), "{args:?}: exit code; stderr: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: printed on stdout: {}", String::from_utf8_lossy(&out.stdout));
    stderr.lines().next().unwrap_or_default().to_string()
}

#[test]
fn scenarios_lists_toy_day_calls_at_once_and_the_runaway_tenant_with_their_policies_and_settings_from_the_schema() {
    let listed = &json(&["scenarios", "--json"])[0];
    let names: Vec<&str> = listed.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["toyDay", "callsAtOnce", "freeTier", "hackathon", "runawayTenant"]);
    let toy = &listed[0];
    assert_eq!(toy["label"], "One day");
    let policies: Vec<&str> =
        toy["policies"].as_array().unwrap().iter().map(|p| p["value"].as_str().unwrap()).collect();
    assert_eq!(policies, ["noLimit", "requestsPerMinute", "dailyBudget"]);
    let per_minute = &toy["settings"][0];
    assert_eq!(per_minute["key"], "perMinute");
    assert_eq!(per_minute["label"], "Requests per user per minute (request limit, 1 to 60)");
    assert_eq!(per_minute["unit"], "requests a minute");
    assert_eq!((per_minute["kind"]["min"].as_u64(), per_minute["kind"]["max"].as_u64()), (Some(1), Some(60)));
    assert_eq!(per_minute["default"], "5");
    let calls: Vec<&str> =
        listed[1]["settings"].as_array().unwrap().iter().map(|s| s["key"].as_str().unwrap()).collect();
    assert_eq!(calls, ["calls", "estimatePercent", "budgetDollars"]);

    let table = text(&["scenarios"]);
    for expected in [
        "toyDay  One day",
        "callsAtOnce  Calls at once",
        "requestsPerMinute  Requests per minute",
        "twoProcesses  Two processes",
        "Requests per user per minute (request limit, 1 to 60)",
        "a whole number from 1 to 60 (requests a minute); default 5",
        "estimatePercent",
        "runawayTenant  A runaway tenant",
        "degradeLadder     Daily cap, degrade ladder",
        "a whole number of tokens from 1 to 32,000; default 4096",
    ] {
        assert!(table.contains(expected), "the table says {expected:?}:\n{table}");
    }
}

/// `day`'s flags and `run`'s `--set`s for the same settings.
const SETTINGS: [(&[&str], &[&str]); 4] = [
    (&[], &[]),
    (&["--per-minute", "1", "--budget", "0.05"], &["--set", "perMinute=1", "--set", "budgetDollars=0.05"]),
    (&["--refill", "steady", "--budget", "0.15"], &["--set", "refill=steady", "--set", "budgetDollars=0.15"]),
    (&["--per-minute", "60", "--budget", "100"], &["--set", "perMinute=60", "--set", "budgetDollars=100"]),
];

#[test]
fn run_toy_day_gives_days_bills_and_counts_for_every_policy_on_200_days_and_several_settings() {
    for (day_flags, sets) in SETTINGS {
        let mut args = vec!["day", "--count", "200", "--json"];
        args.extend_from_slice(day_flags);
        let days = json(&args);
        assert_eq!(days.len(), 200);
        for (seed, day) in days.iter().enumerate() {
            let seed = seed.to_string();
            let mut args = vec!["run", "--scenario", "toyDay", "--seed", &seed, "--json"];
            args.extend_from_slice(sets);
            let run = &json(&args)[0];
            let at = format!("day {seed} {day_flags:?}");
            assert_eq!(run["seed"].as_u64(), day["seed"].as_u64(), "{at}");
            let policies = run["policies"].as_array().unwrap();
            assert_eq!(policies.len(), 3, "{at}");
            for (engine, old) in policies.iter().zip(day["policies"].as_array().unwrap()) {
                let name = &old["policy"];
                assert_eq!(&engine["policy"], name, "{at}");
                let bill = engine["billNanos"].as_u64().unwrap();
                assert_eq!(bill % 1000, 0, "{at} {name}: the toy's bills are whole micro-dollars");
                assert_eq!(Some(bill / 1000), old["billMicros"].as_u64(), "{at} {name}: bill");
                for (i, (e, o)) in
                    engine["perUser"].as_array().unwrap().iter().zip(old["perUser"].as_array().unwrap()).enumerate()
                {
                    assert_eq!(e["served"], o["served"], "{at} {name} user {i}: served");
                    assert_eq!(e["refused"], o["refused"], "{at} {name} user {i}: refused");
                    let charged = e["chargedNanos"].as_u64().unwrap() / 1000;
                    assert_eq!(Some(charged), o["chargedMicros"].as_u64(), "{at} {name} user {i}: charged");
                }
            }
        }
    }
}

#[test]
fn run_calls_at_once_gives_overruns_table_for_a_grid_of_its_settings() {
    for calls in ["1", "20", "73", "200"] {
        for estimate in ["10", "50", "200"] {
            for budget in ["0.01", "0.25", "100"] {
                let at = format!("calls {calls}, estimate {estimate}, budget {budget}");
                let rows = json(&["overrun", "--calls", calls, "--estimate", estimate, "--budget", budget, "--json"]);
                let run = &json(&[
                    "run",
                    "--scenario",
                    "callsAtOnce",
                    "--set",
                    &format!("calls={calls}"),
                    "--set",
                    &format!("estimatePercent={estimate}"),
                    "--set",
                    &format!("budgetDollars={budget}"),
                    "--json",
                ])[0];
                let policies = run["policies"].as_array().unwrap();
                let rows = rows[0].as_array().unwrap();
                assert_eq!(policies.len(), rows.len(), "{at}");
                for (p, row) in policies.iter().zip(rows) {
                    assert_eq!(p["policy"], row["version"], "{at}");
                    assert_eq!(p["perUser"][0]["served"], row["admitted"], "{at} {}: admitted", row["version"]);
                    let bill = p["billNanos"].as_u64().unwrap() / 1000;
                    assert_eq!(Some(bill), row["chargedMicros"].as_u64(), "{at} {}: charged", row["version"]);
                }
            }
        }
    }
}

#[test]
fn events_list_every_call_decided_with_its_time_user_model_reason_and_charge() {
    let run = &json(&["run", "--scenario", "toyDay", "--seed", "3", "--set", "perMinute=2", "--json", "--events"])[0];
    assert_eq!(run["models"], serde_json::json!(["toy"]));
    for policy in run["policies"].as_array().unwrap() {
        let events = policy["events"].as_array().expect("each policy has its events");
        let decided: u64 = policy["perUser"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["served"].as_u64().unwrap() + u["refused"].as_u64().unwrap())
            .sum();
        assert_eq!(events.len() as u64, decided, "{}: an event per call served or refused", policy["policy"]);
        let charged: u64 = events.iter().map(|e| e["chargedNanos"].as_u64().unwrap()).sum();
        assert_eq!(
            Some(charged),
            policy["billNanos"].as_u64(),
            "{}: the events' charges add up to the bill",
            policy["policy"]
        );
        for e in events {
            let served = e["served"].as_bool().unwrap();
            assert!(e["at"].is_u64() && e["user"].is_u64() && e["model"] == 0, "{e}");
            assert_eq!(served, e.get("reason").is_none(), "a refusal, and only a refusal, has a reason: {e}");
        }
    }
    let limited = &run["policies"][1]["events"];
    let refusal =
        limited.as_array().unwrap().iter().find(|e| e["served"] == false).expect("perMinute 2 refuses a call");
    assert_eq!(refusal["reason"], "rate_limited");
    assert!(refusal["fitsAt"].as_u64() > refusal["at"].as_u64(), "{refusal}");
    assert!(json(&["run", "--scenario", "toyDay", "--json"])[0]["policies"][0].get("events").is_none());

    let table = text(&["run", "--scenario", "toyDay", "--seed", "3", "--set", "perMinute=2", "--events"]);
    assert!(table.contains("refused: rate_limited, would fit at "), "{table}");
    assert!(table.contains("  toy  served, charged $0.000"), "{table}");
}

#[test]
fn the_table_gives_each_policys_bill_and_per_cohort_and_user_the_calls_served_refused_by_reason_and_charged() {
    let table = text(&["run", "--scenario", "toyDay", "--seed", "3", "--set", "perMinute=2"]);
    for expected in [
        "One day (toyDay), seed 3: 10 users in 2 cohorts, 400 calls\n",
        "Settings: perMinute 2, budgetDollars $0.25, refill daily\n",
        "\nNo limit (noLimit): bill $10.04\n",
        "\nDaily cost budget (dailyBudget): bill $0.88\n",
        "  Ordinary users   9             208    200       8      $0.61  rate_limited 8\n",
        // Each table's charges to one number of decimals: cents, or more where cents would
        // write two amounts alike.
        "  Heavy user       1             192      5     187      $0.24  budget_used_up 187\n",
        "  Heavy user       heavy         192      5     187     $0.243  budget_used_up 187\n",
        "  Ordinary user 2  ordinary       17     17       0     $0.049\n",
    ] {
        assert!(table.contains(expected), "the table says {expected:?}:\n{table}");
    }
    // Lesson 001's visitors spend fractions of a cent beside the script's dollars: one
    // column, to the micro-dollar (it read "$2.17" over "$0.0005" and "$0.000865").
    let table = text(&["run", "--scenario", "hackathon"]);
    for expected in [
        "  script                 script       4609   4609       0  $2.165398\n",
        "  visitor-1              visitor         4      4       0  $0.000500\n",
    ] {
        assert!(table.contains(expected), "the table says {expected:?}:\n{table}");
    }
}

/// The toy day's own policies, written out as a file would: with budgets in dollars.
const TOY_POLICIES: &str = r#"{ "policies": [
  { "name": "noLimit" },
  { "name": "requestsPerMinute", "guards": [{ "guard": "slidingWindow", "limit": 5, "windowMs": 60000 }] },
  { "name": "dailyBudget", "guards": [{ "guard": "moneyBudget", "budgetDollars": "0.25", "refill": "daily",
      "setAside": { "kind": "worstCase", "inputPercent": 100, "maxTokens": 1000 } }] }
], "prices": { "toy": { "inputPerMillion": 2, "outputPerMillion": "10.00" } } }"#;

#[test]
fn a_policy_file_replaces_the_scenarios_policies_and_prices() {
    let same = Temp::new("same", TOY_POLICIES);
    for seed in ["0", "7"] {
        // A policy from a file is called by its name; the scenario's own by its reader's label.
        let without_labels = |mut runs: Vec<Value>| {
            runs.iter_mut().for_each(|r| drop(r.as_object_mut().and_then(|o| o.remove("labels"))));
            runs
        };
        let own = without_labels(json(&["run", "--scenario", "toyDay", "--seed", seed, "--json", "--events"]));
        let from_file = without_labels(json(&[
            "run",
            "--scenario",
            "toyDay",
            "--seed",
            seed,
            "--policy",
            same.path(),
            "--json",
            "--events",
        ]));
        assert_eq!(own, from_file, "seed {seed}: the toy's own policies and price, written in a file, run the same");
    }
    let ceiling = Temp::new(
        "ceiling",
        r#"{ "policies": [{ "name": "ceiling",
                "guards": [{ "guard": "spendCeiling", "ceilingDollars": 2, "periodMs": 86400000 }] }],
            "prices": { "toy": { "inputPerMillion": "0.8", "outputPerMillion": 4 } } }"#,
    );
    let run = &json(&["run", "--scenario", "toyDay", "--policy", ceiling.path(), "--json"])[0];
    let policies = run["policies"].as_array().unwrap();
    assert_eq!(policies.len(), 1);
    assert_eq!(policies[0]["policy"], "ceiling");
    assert!(policies[0]["tripped"]["at"].is_u64(), "the ceiling trips: {}", policies[0]);
    let table = text(&["run", "--scenario", "toyDay", "--policy", ceiling.path()]);
    assert!(table.contains("\nceiling: bill $2.0"), "{table}");
    // The toy's $0.25 budget is not the file's: the settings line says whose it is.
    let settings = "Settings: perMinute 5, budgetDollars $0.25, refill daily (the scenario's; those of its own \
                    policies, as its limits, do not apply to --policy's)\n";
    assert!(table.contains(settings), "{table}");
    assert!(table.contains("  The spend ceiling is reached at "), "{table}");
}

#[test]
fn a_ceiling_reached_is_said_in_the_lessons_own_words_as_its_widget_says_it() {
    // Lesson 003's breaker and lesson 001's daily cost cap, each tripped on seed 0 by the
    // call named; no lesson calls either "the spend ceiling".
    for (scenario, line) in [
        ("freeTier", "  The breaker trips at 00:46:36.149 by a call of sock15.\n"),
        ("hackathon", "  The daily cost cap is reached at 08:20:52.641 by a call of visitor-22.\n"),
    ] {
        let table = text(&["run", "--scenario", scenario]);
        assert!(table.contains(line), "{scenario}: wants {line:?} in:\n{table}");
        assert!(!table.contains("spend ceiling"), "{scenario}: says \"spend ceiling\":\n{table}");
    }
}

#[test]
fn a_bad_scenario_or_setting_is_a_usage_error_naming_the_field_and_what_it_allows() {
    assert_eq!(
        refused(&["run", "--scenario", "week"], 2),
        "billsim: --scenario: must be \"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \"hackathon\" or \"runawayTenant\"; got \"week\""
    );
    assert_eq!(
        refused(&["run"], 2),
        "billsim: run: needs --scenario NAME, the scenario to run, \"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \
         \"hackathon\" or \"runawayTenant\" (billsim scenarios lists them)"
    );
    assert_eq!(
        refused(&["run", "--scenario", "toyDay", "--set", "calls=3"], 2),
        "billsim: --set NAME: must be one of \"perMinute\", \"budgetDollars\", \"refill\"; got \"calls\""
    );
    assert_eq!(
        refused(&["run", "--scenario", "callsAtOnce", "--set", "perMinute=3"], 2),
        "billsim: --set NAME: must be one of \"calls\", \"estimatePercent\", \"budgetDollars\"; got \"perMinute\""
    );
    assert_eq!(
        refused(&["run", "--scenario", "toyDay", "--set", "perMinute=0"], 2),
        "billsim: --set perMinute: must be a whole number from 1 to 60; got \"0\""
    );
    assert_eq!(
        refused(&["run", "--scenario", "toyDay", "--set", "perMinute"], 2),
        "billsim: --set: must be NAME=VALUE with NAME one of the scenario's settings; got \"perMinute\""
    );
    assert_eq!(
        refused(&["run", "--scenario", "toyDay", "--set", "budgetDollars=1", "--set", "refill=weekly"], 2),
        "billsim: --set refill: must be \"daily\" or \"steady\"; got \"weekly\""
    );
    assert_eq!(
        refused(&["run", "--scenario", "toyDay", "--policy="], 2),
        "billsim: --policy: must be a file; got \"\""
    );
}

#[test]
fn a_bad_policy_file_exits_1_naming_the_file_the_field_and_what_it_allows() {
    let cases: [(&str, &str, &str); 8] = [
        (
            "not-json",
            "{ \"name\": \"x\",\n",
            "policy file: must be JSON; the text ends at line 2, column 0, before the JSON does",
        ),
        (
            "unknown-guard",
            r#"{"name": "x", "guards": [{"guard": "bucket"}]}"#,
            "guards[0].guard: must be \"slidingWindow\", \"moneyBudget\", \"spendCeiling\", \"tokenBucket\", \"tokenBudget\", \
             \"degrade\", \"rateLimiter\", \"dailyCap\", \"setAsideCap\" or \"tenantLedger\"; got \"bucket\"",
        ),
        (
            "zero-limit",
            r#"[{"name": "x", "guards": [{"guard": "slidingWindow", "limit": 0, "windowMs": 1000}]}]"#,
            "[0].guards[0].limit: must be a whole number of calls from 1 to 4,294,967,295; got 0",
        ),
        (
            "negative-window",
            r#"[{"name": "x", "guards": [{"guard": "slidingWindow", "limit": 3, "windowMs": -1}]}]"#,
            "[0].guards[0].windowMs: must be a whole number of milliseconds from 1 to 18,446,744,073,709,551,615; got -1",
        ),
        (
            "unknown-field",
            r#"{"name": "x", "guardz": []}"#,
            "policy file: must be an object with only the fields \"name\", \"guards\", \"processes\", \"ladder\" and \
             \"ledger\"; \
             got the field \"guardz\"",
        ),
        (
            "no-price",
            r#"{"policies": [{"name": "x"}], "prices": {"gpt": {"inputPerMillion": 1, "outputPerMillion": 2}}}"#,
            "prices: no price for \"toy\" (417 calls); give each model a price",
        ),
        (
            "price-text",
            r#"{"policies": [{"name": "x"}], "prices": {"toy": {"inputPerMillion": "cheap", "outputPerMillion": 2}}}"#,
            "prices.toy.inputPerMillion: must be an amount in dollars per million tokens",
        ),
        (
            "price-negative",
            r#"{"policies": [{"name": "x"}], "prices": {"toy": {"inputPerMillion": 1, "outputPerMillion": -2}}}"#,
            "prices.toy.outputPerMillion: must be an amount in dollars per million tokens",
        ),
    ];
    for (name, content, expected) in cases {
        let file = Temp::new(name, content);
        let line = refused(&["run", "--scenario", "toyDay", "--policy", file.path()], 1);
        let expected = format!("billsim: --policy {}: {expected}", file.path());
        assert!(line.starts_with(&expected), "{name}: {line:?} starts with {expected:?}");
    }
    let missing = std::env::temp_dir().join("billsim-run-no-such-file.json");
    let line = refused(&["run", "--scenario", "toyDay", "--policy", missing.to_str().unwrap()], 1);
    assert!(line.starts_with(&format!("billsim: --policy {}: cannot be opened: ", missing.display())), "{line}");
    let folder = std::env::temp_dir();
    let line = refused(&["run", "--scenario", "toyDay", "--policy", folder.to_str().unwrap()], 1);
    assert!(line.contains(": cannot be read: "), "{line}");
    #[cfg(unix)]
    {
        let line = refused(&["run", "--scenario", "toyDay", "--policy", "/dev/zero"], 1);
        assert_eq!(line, "billsim: --policy /dev/zero: must be a file of at most 1048576 bytes; got more");
    }
    let bytes = Temp::new("latin1", "");
    std::fs::write(&bytes.0, b"{\"name\": \"caf\xe9\"}").unwrap();
    let line = refused(&["run", "--scenario", "toyDay", "--policy", bytes.path()], 1);
    assert!(line.ends_with(": must be UTF-8 text; got a byte that is not UTF-8, at byte 13"), "{line}");
}

#[test]
fn the_readmes_example_policy_file_runs() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let section = readme.split("### Policy files").nth(1).expect("README.md has a section on policy files");
    let example = section.split("```json\n").nth(1).and_then(|s| s.split("```").next()).expect("a JSON example");
    let file = Temp::new("readme", example);
    let run = &json(&["run", "--scenario", "toyDay", "--policy", file.path(), "--json"])[0];
    let names: Vec<&str> = run["policies"].as_array().unwrap().iter().map(|p| p["policy"].as_str().unwrap()).collect();
    assert_eq!(names, ["tenantTokensHourly", "keyMonthlyDollars", "everyone20PerMinute"]);
}

/// A policy file of `policies`, as the core writes them.
fn policy_file(name: &str, policies: &[billsim_core::engine::Policy]) -> Temp {
    Temp::new(name, &serde_json::json!({ "policies": policies }).to_string())
}

/// What a scenario says of its own policies alone (the lesson's claims, what its sim.py
/// printed, the app's usage page, its policies' labels) is said of a file's policies when
/// they are the scenario's own, whatever their names, and never of other policies given
/// the lesson's names.
#[test]
fn a_lessons_words_about_its_policies_are_said_of_its_own_policies_compared_as_policies_not_by_name() {
    use billsim_core::scenario::registry::find;
    use billsim_core::scenario::Values;
    let cases = [
        ("runawayTenant", "\nThe lesson's claims on this month"),
        ("freeTier", "\nglobal breaker tripped at t="),
        ("hackathon", "\nThe usage page (GET /usage)"),
        ("toyDay", "\nDaily cost budget (dailyBudget): bill"),
    ];
    for (name, words) in cases {
        let scenario = find(name).unwrap();
        let own = scenario.build(0, &Values::defaults(scenario)).unwrap().policies;
        let others: Vec<_> = own.iter().map(|p| billsim_core::engine::Policy::new(&p.name, vec![])).collect();
        let (own_file, other_file) =
            (policy_file(&format!("{name}-own"), &own), policy_file(&format!("{name}-others"), &others));
        let said = |file: Option<&Temp>| {
            let policy = file.map_or_else(Vec::new, |f| vec!["--policy", f.path()]);
            text(&[&["run", "--scenario", name][..], &policy].concat())
        };
        assert!(said(None).contains(words), "{name}: its own policies: {words:?}");
        assert!(said(Some(&own_file)).contains(words), "{name}: its own policies from a file: {words:?}");
        // `billsim policies` says its file gives the scenario's own result: labels and all.
        assert_eq!(said(Some(&own_file)), said(None), "{name}: its own policies from a file say the same");
        let impostors = said(Some(&other_file));
        assert!(!impostors.contains(words), "{name}: other policies with its names: not {words:?}:\n{impostors}");
    }
}

/// Settings each in range that do not hold together are a usage error, as a bad setting
/// is: exit status 2, naming the `--set` given, what it clashes with, and the rule; in
/// `run` and in `policies` alike (which exited 1, naming the setting not given).
#[test]
fn settings_that_clash_are_a_usage_error_naming_the_set_given_and_what_it_clashes_with() {
    let cases: [(&str, &[&str], &str); 4] = [
        (
            "runawayTenant",
            &["internalDailyDollars=2000"],
            "--set internalDailyDollars: clashes with internalMonthlyDollars ($1,500.00, its default): \
             internalMonthlyDollars: must be an amount in dollars at least the internal tier's daily budget (a month \
             holds a day); got $1,500.00 with a daily budget of $2,000.00",
        ),
        (
            "runawayTenant",
            &["freeMonthlyDollars=0.5"],
            "--set freeMonthlyDollars: clashes with freeDailyDollars ($1.00, its default): freeMonthlyDollars: must be \
             an amount in dollars at least the free tier's daily budget (a month holds a day); got $0.50 with a daily \
             budget of $1.00",
        ),
        (
            "runawayTenant",
            &["outageStartHour=20", "outageEndHour=10"],
            "--set outageEndHour: clashes with outageStartHour (20): outageEndHour: must be an hour at or after the \
             outage's start (an outage cannot end before it starts); got 10, before the start at hour 20",
        ),
        (
            "freeTier",
            &["sockpuppets=0", "normalUsers=0", "scriptUsers=0"],
            "--set scriptUsers: clashes with normalUsers (0) and sockpuppets (0): sockpuppets: must be at least 1 while \
             there are no normal users and no script accounts (a run needs a user of some kind); got 0",
        ),
    ];
    for (command, (scenario, sets, said)) in ["run", "policies"].into_iter().flat_map(|c| cases.map(|case| (c, case))) {
        let mut args = vec![command, "--scenario", scenario];
        sets.iter().for_each(|s| args.extend(["--set", s]));
        assert_eq!(refused(&args, 2), format!("billsim: {said}"), "{args:?}");
        let stderr = String::from_utf8(billsim(&args).stderr).unwrap();
        assert!(stderr.contains(&format!("\nUsage: billsim {command}")), "{args:?}: the usage follows: {stderr}");
    }
}

/// A bad `--set` of `policies` is a usage error as `run`'s is (it exited 1).
#[test]
fn a_bad_setting_of_policies_is_a_usage_error_naming_it() {
    let args = ["policies", "--scenario", "toyDay", "--set", "perMinute=99"];
    assert_eq!(refused(&args, 2), "billsim: --set perMinute: must be a whole number from 1 to 60; got \"99\"");
}

#[test]
fn a_field_of_the_policy_language_that_does_not_go_with_the_others_exits_1_naming_its_path() {
    let fine = r#"{"name": "fine", "guards": [{"count": "requests", "limit": 5, "window": "1m"}]}"#;
    let cases = [
        (
            "burst",
            r#"{"count": "requests", "limit": 5, "window": "1m", "reset": "rolling", "burst": 3}"#,
            "policies[1].guards[0].burst: must be given only with \"reset\": \"steady\"; got 3 with \"reset\": \"rolling\"",
        ),
        (
            "tiers",
            r#"{"count": "requests", "tiers": {"paying": 5}, "window": "1m"}"#,
            "policies[1].guards[0].tiers: must be given only with \"per\": \"tenant\"",
        ),
        ("window", r#"{"count": "requests", "limit": 5, "window": "0s"}"#, "policies[1].guards[0].window: must be a duration"),
        (
            "degrade",
            r#"{"count": "dollars", "limit": "1", "per": "everyone", "window": "1d", "whenFull": {"degradeTo": "tiny"}}"#,
            "policies[1].guards[0].whenFull.degradeTo: must be one of the models \"toy\"; got \"tiny\"",
        ),
    ];
    for (name, guard, expected) in cases {
        let file = Temp::new(
            &format!("language-{name}"),
            &format!(r#"{{"policies": [{fine}, {{"name": "odd", "guards": [{guard}]}}]}}"#),
        );
        let line = refused(&["run", "--scenario", "toyDay", "--policy", file.path()], 1);
        let expected = format!("billsim: --policy {}: {expected}", file.path());
        assert!(line.starts_with(&expected), "{name}: {line:?} starts with {expected:?}");
    }
}

/// Other flags given twice take their last value; a second policy file is refused, as its
/// policies would not run and no word said so.
#[test]
fn a_second_policy_file_is_a_usage_error_in_run_and_replay() {
    let log = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/replay/generic.csv");
    for args in [
        &["run", "--scenario", "toyDay", "--policy", "a.json", "--policy", "b.json"][..],
        &["replay", log, "--policy", "a.json", "--policy", "b.json"][..],
    ] {
        assert_eq!(
            refused(args, 2),
            "billsim: --policy: given 2 times; one policy file is read: write every policy into it",
            "{args:?}"
        );
    }
}

/// Flags that cannot run together are usage errors, as a bad value is (status 2, with the
/// command's help): two files of "-" on one standard stream, and --blocked-log where the
/// scenario has no tutorial's app (each exited 1, as a run that failed).
#[test]
fn flags_that_cannot_run_together_are_usage_errors_naming_both() {
    let log = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/replay/generic.csv");
    for (args, said) in [
        (
            &["run", "--scenario", "hackathon", "--export-log", "-", "--blocked-log", "-"][..],
            "billsim: --blocked-log -: standard output is already --export-log's; give one of them a file",
        ),
        (&["replay", "-", "--policy", "-"][..], "billsim: --policy -: standard input is already the log's; give one of them a file"),
        (
            &["replay", log, "--policy", "-", "--prices", "-"][..],
            "billsim: --prices -: standard input is already --policy's; give one of them a file",
        ),
        (
            &["run", "--scenario", "toyDay", "--blocked-log", "/nonexistent/x"][..],
            "billsim: --blocked-log /nonexistent/x: only the scenario \"hackathon\" has the tutorial's app; this is \"toyDay\"",
        ),
    ] {
        assert_eq!(refused(args, 2), said, "{args:?}");
    }
}
