//! `billsim run --scenario runawayTenant`: the month per policy and the lesson's claims as
//! text; `--json` and `--events` as for every scenario; bad settings refused with the field.

use crate::common::{billsim, text, Temp};
use serde_json::Value;

#[test]
fn the_text_report_shows_each_policys_tenants_budgets_tasks_models_and_unmetered_spend_then_the_claims() {
    let text = text(&["run", "--scenario", "runawayTenant", "--seed", "0"]);
    for policy in ["(noCap)", "(meterRequestOnly)", "(dailyCap)", "(degradeLadder)", "(dailyAndMonthly)"] {
        assert!(text.contains(policy), "{policy} missing:\n{text}");
    }
    for words in [
        "tenant           tier",
        "umbrella         runaway",
        "Calls served by model: claude-opus-4-8",
        "Unmetered while the ledger was down",
        "Unmetered past each task's first call",
        "budget_exhausted",
        "ledger_unavailable",
        "The lesson's claims on this month (umbrella runs away on Day 6 at 09:00)",
        "more than the product's monthly budget of $1,000.00",
        // The widget's sentences, the core's (panels::pitfalls).
        "no tenant was charged past a budget its policy keeps on any day",
        "Metering the request, not the run: umbrella was charged 55.07 times its daily budget on Day 6",
        "the free tier failed closed (4 calls refused) under \"Daily cap, hard block\"",
        "Tasks served: 3,096 under the hard block, 3,128 under the ladder",
        // Counts in sentences grouped by thousands, as the lesson's (they read "3822 tasks").
        "8 tenants, 3,822 tasks, 35,083 model calls",
        "; 17,579 later calls of refused tasks not made.",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    assert!(!text.contains("Events:"), "no events unless asked");
}

#[test]
fn a_month_whose_ledger_is_down_and_failing_closed_says_no_mean_moment_rather_than_an_empty_one() {
    let set = ["maxTokens=1", "failPercent=50", "outageStartHour=0", "outageEndHour=720"];
    let args: Vec<&str> =
        ["run", "--scenario", "runawayTenant"].into_iter().chain(set.iter().flat_map(|s| ["--set", *s])).collect();
    let text = text(&args);
    assert!(text.contains("Tasks served: "), "the claims are there:\n{text}");
    assert!(!text.contains("on each model: ."), "an empty list of moments:\n{text}");
}

#[test]
fn a_policy_files_budgets_are_the_ones_its_table_shows_not_the_scenarios_settings() {
    let mut file: Value = serde_json::from_str(&text(&["policies", "--scenario", "runawayTenant"])).unwrap();
    let daily_cap = file["policies"].as_array_mut().unwrap().iter_mut().find(|p| p["name"] == "dailyCap").unwrap();
    daily_cap["guards"][0]["tiers"]["paying"] = "2.00".into();
    let policy = Temp::new("paying-2.json", &file.to_string());
    let text = text(&["run", "--scenario", "runawayTenant", "--policy", policy.path()]);
    let section = |name: &str| {
        text.split(&format!("({name})")).nth(1).unwrap_or_default().split("\n\n").next().unwrap_or_default().to_string()
    };
    let acme =
        |name: &str| section(name).lines().find(|l| l.trim_start().starts_with("acme")).unwrap_or_default().to_string();
    let cells = |name: &str| acme(name).split_whitespace().map(String::from).collect::<Vec<_>>();
    // tenant, tier, a day, most in a day ("$3.09 (Day 13)": three cells), a month, ...
    assert_eq!(cells("dailyCap")[2], "$2.00", "the file's $2.00 a day: {}", acme("dailyCap"));
    assert_eq!(cells("dailyCap")[6], "-", "dailyCap keeps no monthly budget: {}", acme("dailyCap"));
    assert_eq!(cells("dailyAndMonthly")[6], "$200.00", "{}", acme("dailyAndMonthly"));
    assert_eq!(cells("noCap")[2], "-", "no cap keeps no budget: {}", acme("noCap"));
}

#[test]
fn numbers_for_the_runaway_tenant_are_lesson_002s_figures_beside_ours_then_the_months_claims() {
    let text = text(&["numbers", "--scenario", "runawayTenant"]);
    let value = |key: &str| {
        let line = text.lines().find(|l| l.trim_start().starts_with(key)).unwrap_or_else(|| panic!("{key}:\n{text}"));
        line.trim_start()[key.len()..].trim().to_string()
    };
    assert_eq!(value("opus_output_per_million"), "25.00");
    assert_eq!(value("haiku_input_per_million"), "0.80");
    assert_eq!(value("by_2pm_against_monthly_budget"), "more");
    assert_eq!(value("cost_per_call_orders_of_magnitude"), "2");
    assert_eq!(value("reserved_cap"), "holds");
    assert!(text.contains("\n0 of 9 figures differ from the lesson's.\n"), "{text}");
    assert!(text.contains("The lesson's claims on this month (umbrella runs away on Day 6 at 09:00):"), "{text}");
    assert!(!text.contains("short_call_dollars"), "not lesson 000's figures:\n{text}");
    let json: Value =
        serde_json::from_str(&crate::common::text(&["numbers", "--scenario", "runawayTenant", "--json"])).unwrap();
    assert_eq!(json.as_array().map(Vec::len), Some(9), "{json}");
    assert_eq!(json[6]["key"], "by_2pm_against_monthly_budget");
}

#[test]
fn json_and_events_work_as_for_every_scenario() {
    let json: Value = serde_json::from_str(&text(&["run", "--scenario", "runawayTenant", "--json"])).unwrap();
    let policies = json["policies"].as_array().unwrap();
    assert_eq!(policies.len(), 5);
    assert_eq!(policies[3]["policy"], "degradeLadder");
    assert_eq!(policies[3]["servedByModel"].as_array().unwrap().len(), 3);
    assert!(policies[3]["perUser"].as_array().unwrap().iter().any(|u| u["degraded"].as_u64() > Some(0)));
    assert!(policies[1]["perUser"][4]["requestUnmeteredNanos"].as_u64() > Some(0));
    assert_eq!(json["users"][4]["name"], "umbrella");
    assert!(json["users"][4]["requests"].as_u64() > Some(1_000));
    let events = text(&["run", "--scenario", "runawayTenant", "--events"]);
    assert!(
        events.contains("Events:") && events.contains("refused: ledger_unavailable, would fit at Day 13 18:00:00.000")
    );
    assert!(events.contains("umbrella         claude-haiku-4-5  served"), "a degraded call's event names its model");
}

#[test]
fn settings_that_do_not_hold_together_or_are_out_of_range_name_the_field() {
    let refused = |args: &[&str]| {
        let out = billsim(args);
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stdout.is_empty());
        String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or_default().to_string()
    };
    let run = |set: &str| refused(&["run", "--scenario", "runawayTenant", "--set", set]);
    assert_eq!(
        run("maxTokens=0"),
        "billsim: --set maxTokens: must be a whole number of tokens from 1 to 32,000; got \"0\""
    );
    assert!(run("payingMonthlyDollars=5").ends_with(
        "payingMonthlyDollars: must be an amount in dollars at least the paying tier's daily budget (a month holds a \
         day); got $5.00 with a daily budget of $20.00"
    ));
    let outage =
        refused(&["run", "--scenario", "runawayTenant", "--set", "outageStartHour=20", "--set", "outageEndHour=10"]);
    assert!(outage.ends_with("outageEndHour: must be an hour at or after the outage's start (an outage cannot end before it starts); got 10, before the start at hour 20"), "{outage}");
}
