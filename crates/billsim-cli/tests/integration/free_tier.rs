//! Lesson 003 on the command line: `billsim run --scenario freeTier` prints what the
//! lesson's sim.py printed above the tables, `--json` has every user's refusals by reason,
//! `numbers --scenario freeTier` sets the lesson's figures beside ours and says why the
//! seeded ones differ, and bad settings name their field.

use crate::common::{billsim, text};
use serde_json::Value;

#[test]
fn run_prints_the_lessons_sim_output_above_the_tables() {
    let out = text(&["run", "--scenario", "freeTier", "--seed", "0"]);
    let lines: Vec<&str> = out.lines().skip(3).take(8).collect();
    assert_eq!(
        lines,
        [
            "global breaker tripped at t=2796 s (sock15)",
            "normal {'ok': 305, 'global_budget': 497}",
            "script {'ok': 20, 'rate_limited': 161, 'user_daily_budget': 696, 'global_budget': 323}",
            "socks {'ok': 78, 'rate_limited': 45, 'global_budget': 197}",
            "global spend USD: 3.01",
            "script tokens used: 60000 of 60000 budget",
            "sockpuppet tokens served: 234000 across 16 accounts",
            "without global breaker, spend USD: 7.33",
        ],
        "{out}"
    );
    assert!(out.contains("\nAll three layers (allThree): bill $3.01\n"), "{out}");
}

#[test]
fn run_json_gives_every_users_refusals_by_reason_with_the_lessons_names() {
    let out = text(&["run", "--scenario", "freeTier", "--seed", "3", "--json"]);
    let run: Value = serde_json::from_str(out.trim()).unwrap();
    let users = run["users"].as_array().unwrap();
    let script = users.iter().position(|u| u["cohort"] == "script").unwrap();
    let per_user_layers = run["policies"].as_array().unwrap().iter().find(|p| p["policy"] == "bucketBudget").unwrap();
    let refused = &per_user_layers["perUser"][script]["refusedBy"];
    assert_eq!((refused["rate_limited"].as_u64(), refused["user_daily_budget"].as_u64()), (Some(161), Some(1_019)));
    let degrade = run["policies"].as_array().unwrap().iter().find(|p| p["policy"] == "allThreeDegrade").unwrap();
    let degraded: u64 = degrade["perUser"].as_array().unwrap().iter().filter_map(|u| u["degraded"].as_u64()).sum();
    assert!(degraded > 0 && degrade["tripped"].is_object(), "degrade serves the cheaper model after the trip");
    assert_eq!(run["models"], serde_json::json!(["free", "small"]));
}

#[test]
fn numbers_sets_the_lessons_figures_beside_ours_and_says_why_seeded_ones_differ() {
    let out = text(&["numbers", "--scenario", "freeTier"]);
    assert!(out.contains("  runs_script_user_daily_budget  1019\n"), "{out}");
    assert!(out.contains("  trip_second                    2796    lesson: 3050\n"), "{out}");
    assert!(out.contains("figures differ from the lesson's.\nUnder the per-user layers alone, the script's and each sockpuppet's counts"), "{out}");
    let json = text(&["numbers", "--scenario", "freeTier", "--json"]);
    let numbers: Value = serde_json::from_str(json.trim()).unwrap();
    assert!(numbers
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n["key"] == "runs_first_run_each_normal_ok" && n["ours"] == "13"));
    assert!(text(&["numbers"]).contains("short_call_micros"), "without --scenario: lesson 000's");
}

#[test]
fn bad_free_tier_settings_name_the_field_and_what_is_allowed() {
    let refused = |args: &[&str]| {
        let out = billsim(args);
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or_default().to_string()
    };
    let run = |set: &str| refused(&["run", "--scenario", "freeTier", "--set", set]);
    assert_eq!(
        run("breakerDollars=0"),
        "billsim: --set breakerDollars: must be an amount in dollars from 0.01 to 1,000, with at most 6 decimals; got \"0\""
    );
    assert_eq!(run("sockpuppets=-1"), "billsim: --set sockpuppets: must be a whole number from 0 to 400; got \"-1\"");
    let none = refused(&[
        "run",
        "--scenario",
        "freeTier",
        "--set",
        "normalUsers=0",
        "--set",
        "scriptUsers=0",
        "--set",
        "sockpuppets=0",
    ]);
    assert_eq!(
        none,
        "billsim: --set sockpuppets: clashes with normalUsers (0) and scriptUsers (0): sockpuppets: must be at least \
         1 while there are no normal users and no script accounts (a run needs a user of some kind); got 0"
    );
    let small = text(&["run", "--scenario", "freeTier", "--set", "tokenBudget=1000"]);
    assert!(
        small.contains("\nNo request fits a 1,000-token budget: under the budget every request is refused"),
        "{small}"
    );
}
