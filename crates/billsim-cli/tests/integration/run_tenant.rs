//! `billsim run --scenario runawayTenant`: the month per policy and the lesson's claims as
//! text; `--json` and `--events` as for every scenario; bad settings refused with the field.

use crate::common::{billsim, text};
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
        "The lesson's claims on this month (umbrella runs away on day 5 at 09:00)",
        "more than the product's monthly budget of $1,000.00",
        "no tenant was charged past its daily or monthly budget",
        "Metering the request only: umbrella was charged 55.07 times its daily budget on day 5",
    ] {
        assert!(text.contains(words), "{words:?} missing:\n{text}");
    }
    assert!(!text.contains("Events:"), "no events unless asked");
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
        events.contains("Events:") && events.contains("refused: ledger_unavailable, would fit at day 12 18:00:00.000")
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
        "billsim: --set maxTokens: must be a whole number of tokens from 1 to 32000; got \"0\""
    );
    assert!(run("payingMonthlyDollars=5").ends_with(
        "payingMonthlyDollars: must be an amount in dollars at least the paying tier's daily budget (a month holds a \
         day); got $5.00 with a daily budget of $20.00"
    ));
    let outage =
        refused(&["run", "--scenario", "runawayTenant", "--set", "outageStartHour=20", "--set", "outageEndHour=10"]);
    assert!(outage.ends_with("outageEndHour: must be an hour at or after the outage's start (an outage cannot end before it starts); got 10, before the start at hour 20"), "{outage}");
}
