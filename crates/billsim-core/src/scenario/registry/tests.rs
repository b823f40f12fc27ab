//! The settings table: each default its own value, names unique, every scenario's settings in it.
use super::*;

#[test]
fn the_view_settings_choices_are_the_views_and_each_shows_a_scenario_that_exists() {
    let choices: Vec<(&str, &str)> = VIEW_CHOICES.iter().map(|c| (c.value, c.label)).collect();
    let views: Vec<(&str, &str)> = VIEWS.iter().map(|v| (v.value, v.label)).collect();
    assert_eq!(choices, views);
    for v in VIEWS {
        assert!(find(v.scenario).is_ok(), "{}: no scenario {}", v.value, v.scenario);
    }
}

#[test]
fn lesson_000s_widget_keeps_its_settings_and_the_free_tiers_has_its_own() {
    let keys = |w: &Widget| settings_of(w).map(|s| s.key).collect::<Vec<_>>();
    assert_eq!(
        keys(&WIDGETS[0]),
        ["scenario", "view", "seed", "policy", "perMinute", "budgetDollars", "refill", "calls", "estimatePercent"]
    );
    let mut free = vec!["scenario", "view", "seed", "freeTierPolicy"];
    free.extend(free_tier::SETTINGS.iter().map(|s| s.key));
    assert_eq!(keys(&WIDGETS[1]), free);
    let mut demo = vec!["scenario", "view", "seed", "hackathonPolicy"];
    demo.extend(hackathon::SETTINGS.iter().map(|s| s.key));
    assert_eq!(keys(&WIDGETS[2]), demo, "lesson 001's widget has its own");
    let all: Vec<&str> = widget_settings().map(|s| s.key).collect();
    let tenant = runaway_tenant::SETTINGS.len() + 1;
    let widgets = 9 + free_tier::SETTINGS.len() + 1 + hackathon::SETTINGS.len() + 1 + tenant;
    assert!(all.len() == widgets, "{all:?}");
}

#[test]
fn the_runaway_tenants_widget_has_its_policy_buttons_and_its_scenarios_settings_in_its_form() {
    let widget = WIDGETS.iter().find(|w| w.scenario == "runawayTenant").unwrap();
    let keys: Vec<&str> = settings_of(widget).map(|s| s.key).collect();
    let mut want = vec!["scenario", "view", "seed", "tenantPolicy"];
    want.extend(runaway_tenant::SETTINGS.iter().map(|s| s.key));
    assert_eq!(keys, want);
    for s in runaway_tenant::SETTINGS {
        assert_eq!(
            setting(s.key).unwrap().views,
            ["byTenant", "tenantRunawayDay", "tenantLadder", "tenantTradeOff", "tenantOverTime"],
            "{}: the form shows it",
            s.key
        );
    }
    assert_eq!(setting("tenantPolicy").unwrap().default, "degradeLadder");
}

#[test]
fn each_widget_is_a_choice_of_the_scenario_setting_with_views_and_a_policy_setting_of_its_scenarios_policies() {
    let choices: Vec<&str> = WIDGET_CHOICES.iter().map(|c| c.value).collect();
    let widgets: Vec<&str> = WIDGETS.iter().map(|w| w.scenario).collect();
    assert_eq!(choices, widgets);
    for w in WIDGETS {
        assert!(VIEWS.iter().any(|v| v.widget == w.scenario), "{}: no view", w.scenario);
        let scenario = find(w.scenario).unwrap();
        let policy = setting(w.policy).unwrap();
        assert_eq!(policy.kind, Kind::Choice { choices: scenario.policies }, "{}", w.scenario);
        assert_eq!(WIDGET_CHOICES.iter().find(|c| c.value == w.scenario).map(|c| c.label), Some(scenario.label));
    }
    for v in VIEWS {
        assert!(WIDGETS.iter().any(|w| w.scenario == v.widget), "{}: no widget {}", v.value, v.widget);
    }
}

#[test]
fn every_value_a_setting_allows_is_a_js_number_exactly() {
    // Whole numbers below 2^53; dollars of at most 15 significant digits, which a
    // float's shortest form gives back exactly (readSetting hands them to JS as numbers).
    for s in SETTINGS {
        match s.kind {
            Kind::Whole { max, .. } => assert!(max < 1 << 53, "{}: {max}", s.key),
            Kind::Dollars { max, .. } => assert!(max.0 < 1_000_000_000_000_000, "{}: {}", s.key, max.0),
            Kind::Choice { .. } => {}
        }
    }
}

#[test]
fn every_default_is_a_value_its_setting_allows() {
    for s in SETTINGS {
        assert!(s.parse(s.default).is_ok(), "{}: the default {:?} is refused", s.key, s.default);
    }
}

/// A form's label says the range its setting reads (the label's numbers hold its least and
/// greatest value), with thousands separators: a reader reads "1,000,000" at a glance,
/// "1000000" digit by digit.
#[test]
fn every_label_says_its_settings_range_with_thousands_separated() {
    use crate::scenario::setting::Kind;
    use crate::Micros;
    for s in SETTINGS {
        let numbers: Vec<&str> = s
            .label
            .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .map(|t| t.trim_end_matches(['.', ',']))
            .filter(|t| !t.is_empty())
            .collect();
        for n in &numbers {
            let whole = n.split('.').next().unwrap_or("");
            assert!(whole.len() < 4 || whole.contains(','), "{}: {n:?} in {:?}", s.key, s.label);
        }
        let plain: Vec<String> = numbers.iter().map(|t| t.replace(',', "")).collect();
        let said = match s.kind {
            Kind::Whole { min, max } => [min, max].iter().all(|n| plain.iter().any(|t| t.parse() == Ok(*n))),
            Kind::Dollars { min, max } => {
                [min, max].iter().all(|m| plain.iter().any(|t| Micros::parse_dollars(t) == Ok(*m)))
            }
            Kind::Choice { .. } => true,
        };
        assert!(said, "{}: {:?} does not say its range {:?}", s.key, s.label, s.kind);
    }
}

/// A reader who types a number as the label writes it ("10,000,000") gets that number.
#[test]
fn every_number_a_label_writes_reads_as_its_setting_reads_it_without_commas() {
    use crate::scenario::setting::Kind;
    for s in SETTINGS.iter().filter(|s| !matches!(s.kind, Kind::Choice { .. })) {
        let numbers = s.label.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','));
        for n in numbers.map(|t| t.trim_end_matches(['.', ','])).filter(|t| t.contains(',')) {
            let plain = n.replace(',', "");
            assert_eq!(s.parse(n), s.parse(&plain), "{}: {n:?} in {:?} reads as {plain}", s.key, s.label);
            assert!(s.parse(n).is_ok(), "{}: {n:?}, the label's own number, is refused", s.key);
        }
    }
}

#[test]
fn every_name_a_setting_is_read_by_names_that_setting_alone() {
    let names: Vec<(String, &str)> = SETTINGS
        .iter()
        .flat_map(|s| {
            let own = [s.key.to_string(), s.attribute()].into_iter().collect::<std::collections::BTreeSet<_>>();
            own.into_iter().chain(s.old_names.iter().map(|n| n.to_string())).map(move |n| (n, s.key))
        })
        .collect();
    for (i, (name, of)) in names.iter().enumerate() {
        for (other, of_other) in &names[i + 1..] {
            assert!(name != other, "{name:?} names both {of} and {of_other}");
        }
    }
}

#[test]
fn old_names_are_never_the_setting_s_own_name() {
    for s in SETTINGS {
        for old in s.old_names {
            assert!(*old != s.key && *old != s.attribute(), "{}: the old name {old:?} is its own name", s.key);
        }
    }
}

#[test]
fn the_attribute_is_the_key_in_kebab_case() {
    assert_eq!(kebab("budgetDollars"), "budget-dollars");
    assert_eq!(kebab("seed"), "seed");
    assert_eq!(setting("normalUsers").unwrap().attribute(), "normal-users");
    assert!(setting("normalUsers").unwrap().is_named("normal"), "the old address name normal is read");
    assert!(setting("budgetDollars").unwrap().is_named("budget"), "the old attribute budget is read");
}

#[test]
fn an_attribute_is_read_by_its_own_name_and_old_names_html_can_spell_and_the_address_by_every_name() {
    for s in SETTINGS {
        let (attribute, address) = (s.attribute_names(), s.address_names());
        assert_eq!(attribute[0], s.attribute(), "{}: the attribute written comes first in {attribute:?}", s.key);
        assert_eq!(address[0], s.key, "{}: the address's name written comes first in {address:?}", s.key);
        assert!(attribute.iter().all(|n| !n.bytes().any(|b| b.is_ascii_uppercase())), "{}: {attribute:?}", s.key);
        assert!(attribute.iter().all(|n| address.contains(n)), "{}: {attribute:?} not all in {address:?}", s.key);
        assert!(s.old_names.iter().all(|n| address.iter().any(|a| a == n)), "{}: {address:?}", s.key);
    }
}

#[cfg(feature = "free-tier")]
#[test]
fn an_old_camel_case_name_is_read_in_the_address_but_is_no_attribute() {
    let cheap = setting("cheapPricePerToken").unwrap();
    assert_eq!(cheap.attribute_names(), ["cheap-price-per-token", "cheap-price"]);
    assert_eq!(cheap.address_names(), ["cheapPricePerToken", "cheap-price-per-token", "cheap-price", "cheapPrice"]);
}

#[test]
fn the_table_says_the_same_ranges_as_the_checks_it_stands_for() {
    let check = |key: &str, good: &str, bad: &str| {
        let s = setting(key).unwrap();
        assert!(s.parse(good).is_ok() && s.parse(bad).is_err(), "{key}: {good} allowed, {bad} refused");
    };
    check("perMinute", "60", "61");
    check("budgetDollars", "100", "100.000001");
    check("calls", "200", "201");
    check("estimatePercent", "10", "9");
    check("seed", "4294967295", "4294967296");
    check("refill", "steady", "weekly");
    check("view", "overTime", "week");
}

#[test]
fn the_abuser_of_every_lesson_is_the_cohort_its_limits_are_for_and_a_replay_keeps_a_lessons() {
    let cases = [
        ("toyDay", "heavy", true),
        ("toyDay", "ordinary", false),
        ("freeTier", "script", true),
        ("freeTier", "sockpuppet", true),
        ("freeTier", "normal", false),
        ("hackathon", "script", true),
        ("hackathon", "visitor", false),
        ("runawayTenant", "runaway", true),
        ("runawayTenant", "paying", false),
        ("replay", "toyDay-heavy", true),
        ("replay", "alice", false),
    ];
    for (s, c, want) in cases {
        assert_eq!(is_abuser(s, c), want, "{s}'s {c}");
    }
}

#[test]
fn a_scenario_runs_abusers_for_the_views_are_its_cohorts_the_registry_calls_abusers() {
    for s in SCENARIOS {
        let run = crate::scenario::run(s, 0, &crate::scenario::Values::defaults(s), None, Default::default()).unwrap();
        let want: Vec<&str> = run.cohorts.iter().map(|c| c.name.as_str()).filter(|c| is_abuser(s.name, c)).collect();
        assert_eq!(run.about.abusers, want, "{}", s.name);
        assert_eq!(run.about.label, Some(s.label), "{}", s.name);
    }
}

#[test]
fn each_switch_beside_a_widgets_chart_sets_one_of_its_settings_to_an_allowed_value_other_than_its_default() {
    let with: Vec<&str> = WIDGETS.iter().filter(|w| w.toggles.is_some()).map(|w| w.scenario).collect();
    assert_eq!(with, ["hackathon"], "lesson 001's weaknesses are one tap away");
    for w in WIDGETS {
        let Some(toggles) = w.toggles else { continue };
        for t in toggles.items {
            let spec = settings_of(w).find(|s| s.key == t.key).unwrap_or_else(|| panic!("{}: not a setting", t.key));
            let on = spec.parse(t.on).unwrap_or_else(|e| panic!("{}: {e}", t.key));
            assert_ne!(on, spec.parse(spec.default).unwrap(), "{}: on is not its default", t.key);
        }
    }
    let keys: Vec<&str> = hackathon::WEAKNESSES.items.iter().map(|t| t.key).collect();
    assert_eq!(keys, ["spoofedUsers", "sharedAddress", "restartMinute", "serverProcesses", "scriptAtOnce"]);
}

#[test]
fn every_view_of_a_widget_with_a_form_shows_some_setting_in_it() {
    // Lesson 001's client view opened "More settings" on an empty form, though its day
    // changes with every setting of the demo link.
    for view in VIEWS {
        let shown = SETTINGS.iter().filter(|s| s.views.contains(&view.value)).count();
        assert!(shown > 0, "the view {} of the widget {} shows no setting in its form", view.value, view.widget);
    }
}

/// A setting's error says its range as its label writes it ("0.01 to 1,000,000"), where it
/// wrote "0.01 to 1000000" under a label of "0.01 to 1,000,000".
#[test]
fn every_settings_error_writes_its_range_as_its_label_does() {
    use crate::scenario::setting::Kind;
    for s in SETTINGS.iter().filter(|s| !matches!(s.kind, Kind::Choice { .. })) {
        // The numbers of the label's last brackets ("(0.01 to 1,000,000, at least the daily)").
        let bracket = s.label.rsplit_once('(').map_or("", |(_, r)| r);
        let numbers = bracket.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','));
        for n in numbers.map(|t| t.trim_matches(['.', ','])).filter(|t| !t.is_empty()) {
            assert!(s.allowed.contains(n), "{}: {:?} has not the label's {n:?}", s.key, s.allowed);
        }
    }
}
