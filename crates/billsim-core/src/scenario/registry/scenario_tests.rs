//! The scenarios' settings at their ends, and their runs.
use super::*;
use crate::engine::Record;
use crate::lessons::toy_day::in_flight::Params;
use crate::scenario::{run, ScenarioRun, Values};

/// Each setting's ends (each choice of a choice), as values of the schema.
fn ends(spec: &SettingSpec) -> Vec<Value> {
    match spec.kind {
        Kind::Whole { min, max } => vec![Value::Whole(min), Value::Whole(max)],
        Kind::Dollars { min, max } => vec![Value::Dollars(min), Value::Dollars(max)],
        Kind::Choice { choices } => choices.iter().map(|c| Value::Choice(c.value)).collect(),
    }
}

#[test]
fn a_clash_is_found_before_a_run_exactly_when_the_run_refuses_the_settings_by_the_same_rule() {
    for s in SCENARIOS {
        let defaults = Values::defaults(s);
        let n = defaults.0.len();
        // Every setting at each end, alone and with every other at each end.
        let mut tried = vec![defaults.clone()];
        for i in 0..n {
            for a in ends(defaults.0[i].0) {
                let mut one = defaults.clone();
                one.0[i].1 = a;
                for j in i + 1..n {
                    for b in ends(defaults.0[j].0) {
                        let mut two = one.clone();
                        two.0[j].1 = b;
                        tried.push(two);
                    }
                }
                tried.push(one);
            }
        }
        if s.name == "freeTier" {
            // No user of any kind takes all three at once.
            let mut none = defaults.clone();
            for key in ["normalUsers", "scriptUsers", "sockpuppets"] {
                none.set(s, key, "0").unwrap();
            }
            tried.push(none);
        }
        let mut clashes = 0;
        for values in &tried {
            let built = s.build(0, values).err().map(|e| e.to_string());
            let clash = s.clash(values);
            clashes += usize::from(clash.is_some());
            let said = clash.as_ref().map(|c| c.problem.clone());
            assert_eq!(
                built.as_deref().map(|e| e.trim_start_matches("traffic: ")),
                said.as_deref(),
                "{}: {values:?}",
                s.name
            );
            if let Some(c) = clash {
                let moved = c.settings.iter().filter(|k| values.get(k) != defaults.get(k)).count();
                assert!(moved > 0, "{}: a clash names a setting that moved from its default: {c:?}", s.name);
            }
        }
        let expected = matches!(s.name, "runawayTenant" | "freeTier");
        assert_eq!(clashes > 0, expected, "{}: {clashes} clashes at the ends", s.name);
    }
}

#[test]
fn a_scenarios_prices_without_its_run_are_its_runs_prices_at_every_settings_end() {
    let mut compared = 0;
    for s in SCENARIOS {
        let defaults = Values::defaults(s);
        let mut tried = vec![defaults.clone()];
        for i in 0..defaults.0.len() {
            for end in ends(defaults.0[i].0) {
                let mut one = defaults.clone();
                one.0[i].1 = end;
                tried.push(one);
            }
        }
        for values in &tried {
            // Settings that clash are refused by the run; its prices are not asked for then.
            let Ok(built) = s.build(0, values) else { continue };
            assert_eq!(s.prices(values).ok(), Some(built.prices), "{}: {values:?}", s.name);
            compared += 1;
        }
    }
    assert!(compared > 40, "{compared} settings compared");
}

#[test]
fn each_scenario_lists_its_settings_by_keys_the_schema_has_and_its_allowed_text_says_them() {
    for s in SCENARIOS {
        let keys: Vec<String> = s.settings.iter().map(|k| format!("{:?}", k.key)).collect();
        assert_eq!(s.settings_allowed, format!("one of {}", keys.join(", ")), "{}", s.name);
        for k in s.settings {
            assert_eq!(setting(k.key), Some(k), "{}: {} is not in the table as it declares it", s.name, k.key);
        }
        assert_eq!(Values::defaults(s).0.len(), s.settings.len());
    }
    let names: Vec<String> = SCENARIOS.iter().map(|s| format!("{:?}", s.name)).collect();
    assert_eq!(SCENARIOS_ALLOWED, names.join(" or "));
}

#[test]
fn a_scenario_run_gives_the_same_numbers_as_lesson_000s_own_functions() {
    let mut values = Values::defaults(&TOY_DAY);
    values.set(&TOY_DAY, "perMinute", "2").unwrap();
    let run = run(&TOY_DAY, 7, &values, None, Record::default()).unwrap();
    let day = crate::lessons::toy_day::simulate::simulate_day(7, &values.day_settings()).unwrap();
    for (engine, old) in run.policies.iter().zip(&day.policies) {
        assert_eq!(engine.bill.micros(), old.bill, "{}", engine.policy);
        let served: Vec<u32> = engine.per_user.iter().map(|u| u.served).collect();
        assert_eq!(served, old.per_user.iter().map(|u| u.served).collect::<Vec<_>>());
    }
    let rows = crate::lessons::toy_day::in_flight::overrun(&Params::default()).unwrap();
    let calls = run_calls_at_once();
    for (row, out) in rows.iter().zip(&calls.policies) {
        assert_eq!((row.admitted, row.charged), (out.per_user[0].served, out.bill.micros()), "{}", out.policy);
    }
}

fn run_calls_at_once() -> ScenarioRun {
    run(&CALLS_AT_ONCE, 0, &Values::defaults(&CALLS_AT_ONCE), None, Record::default()).unwrap()
}

#[test]
fn an_unknown_setting_or_a_bad_value_names_the_field_and_what_is_allowed() {
    let mut values = Values::defaults(&TOY_DAY);
    let err = values.set(&TOY_DAY, "calls", "3").unwrap_err();
    assert_eq!(err.to_string(), "setting: must be one of \"perMinute\", \"budgetDollars\", \"refill\"; got \"calls\"");
    let err = values.set(&TOY_DAY, "perMinute", "0").unwrap_err();
    assert_eq!(err.to_string(), "perMinute: must be a whole number from 1 to 60; got \"0\"");
}

#[test]
fn a_scenario_whose_lesson_a_build_leaves_out_refuses_to_run_and_names_itself() {
    use crate::scenario::{held, Scenario};
    let values = Values::defaults(&free_tier::SCENARIO);
    let left_out = Scenario { code: held(free_tier::SCENARIO.code.unwrap(), false), ..free_tier::SCENARIO };
    let err = left_out.build(0, &values).err().expect("a scenario with no code cannot run");
    assert_eq!(
        err.to_string(),
        "scenario: must be a scenario of a lesson this build holds (billsim-core's cargo feature of its lesson); got \"freeTier\""
    );
    let panels = left_out.panels(0, &values, "allThree").expect_err("nor make its panels");
    assert_eq!(panels.to_string(), err.to_string());
    // This test's build holds every lesson: each scenario has its code.
    let held_here: Vec<&str> = SCENARIOS.iter().filter(|s| s.code.is_some()).map(|s| s.name).collect();
    let all: Vec<&str> = SCENARIOS.iter().map(|s| s.name).collect();
    assert_eq!(held_here, all, "a build with the feature \"lessons\" holds them all");
}
