//! Settings that are each allowed but not together (a day's budget above its month's, an
//! outage that starts after it ends, a free tier with no user of any kind, a view of
//! another lesson's widget), and which of them a page sets aside so that it can go on
//! drawing: the core decides, so the widget, its attributes, its address and its form all
//! say the same. A run refuses the same clashes ([`Scenario::check`]), naming a field.

use crate::scenario::clash::Clash;
use crate::scenario::registry::{self, Value, Widget};
use crate::scenario::{Scenario, Values};
use crate::settings::{shown, FieldError};
use crate::words;

/// A setting set aside: its key, why (as a refusal says it after the key: "must be ...;
/// got ..."), and the value used in its place (`None` when it is not a setting of the
/// widget at all, so that nothing takes its place).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    pub key: &'static str,
    pub problem: String,
    pub using: Option<Value>,
}

impl SetAside {
    fn of(why: FieldError, values: &Values) -> SetAside {
        let key = registry::setting(&why.field).map_or("", |s| s.key);
        SetAside { key, problem: why.problem.to_string(), using: values.get(key) }
    }
}

/// A widget's settings (`values`: its `scenario`, `view`, and the settings of every
/// widget, as its attributes, its address or its form gave them) made to hold together.
/// `given` are the keys just given (the attributes present, an address's parameters, the
/// field edited); `before`, the settings as they were (the defaults, at first).
///
/// - A view of another widget: given, it is set aside (said why, with this widget's
///   views); not given (the widget changed), the widget's first view is used in silence.
/// - A setting of another widget that was given is said to change nothing here.
/// - A clash of a scenario the widget shows: of the settings given, the fewest are given
///   back as they were before (one alone if one will do, the last of the form first),
///   each said why.
///
/// - A setting given in words the table does not read (`unread`: its key and its text) is
///   said first, each with why (a view, with this widget's views) and the value used in
///   its place once the rest is settled.
///
/// Each setting set aside is returned with its value now.
pub fn settle(values: &mut Values, before: &Values, given: &[&str], unread: &[(&str, &str)]) -> Vec<SetAside> {
    let widget = widget_of(values);
    let views: Vec<&str> = registry::VIEWS.iter().filter(|v| v.widget == widget.scenario).map(|v| v.value).collect();
    // Said first; the value used in each one's place is known once the rest is settled.
    // Another widget's setting is said to be so, whatever its words: they change nothing
    // here, and no value of this widget's takes its place.
    let mut set_aside: Vec<SetAside> = unread
        .iter()
        .filter_map(|&(key, text)| {
            let spec = registry::setting(key)?;
            let problem = match spec.parse(text) {
                Ok(_) => return None,
                Err(_) if spec.key == "view" => not_a_view_of(widget, &views, text),
                Err(why) => another_widgets(spec.key, widget).unwrap_or_else(|| why.to_string()),
            };
            Some(SetAside { key: spec.key, problem, using: None })
        })
        .collect();
    let unread_said = set_aside.len();
    if let Some(Value::Choice(view)) = values.get("view") {
        if !views.contains(&view) {
            let back = match before.get("view") {
                Some(Value::Choice(v)) if views.contains(&v) => v,
                _ => views[0],
            };
            values.put("view", Value::Choice(back));
            if given.contains(&"view") {
                let problem = not_a_view_of(widget, &views, view);
                set_aside.push(SetAside { key: "view", problem, using: Some(Value::Choice(back)) });
            }
        }
    }
    for spec in registry::widget_settings().filter(|s| given.contains(&s.key)) {
        let said = set_aside[..unread_said].iter().any(|a| a.key == spec.key);
        if let Some(problem) = another_widgets(spec.key, widget).filter(|_| !said) {
            set_aside.push(SetAside { key: spec.key, problem, using: None });
        }
    }
    for scenario in shown_by(widget) {
        for clash in scenario.clashes {
            settle_clash(clash, values, before, given, &mut set_aside);
        }
    }
    for said in &mut set_aside[..unread_said] {
        if another_widgets(said.key, widget).is_none() {
            said.using = values.get(said.key);
        }
    }
    set_aside
}

/// Why `key`, a setting of another widget, changes nothing in `widget`: "it is a setting
/// of another widget (scenario=\"toyDay\"), not of this one (scenario=\"freeTier\")".
/// `None` for one of `widget`'s own settings.
fn another_widgets(key: &str, widget: &Widget) -> Option<String> {
    if registry::settings_of(widget).any(|s| s.key == key) {
        return None;
    }
    let owner = registry::owner_of(key);
    Some(format!(
        "it is a setting of another widget (scenario={}), not of this one (scenario={})",
        shown(owner.map_or("", |w| w.scenario)),
        shown(widget.scenario)
    ))
}

/// Why `got` is no view here: "must be \"byKind\", ... (the views of scenario=\"freeTier\");
/// got \"day\"".
fn not_a_view_of(widget: &Widget, views: &[&str], got: &str) -> String {
    let allowed: Vec<String> = views.iter().map(|v| shown(v)).collect();
    format!(
        "must be {} (the views of scenario={}); got {}",
        words::alternatives(&allowed),
        shown(widget.scenario),
        shown(got)
    )
}

/// The widget the `scenario` setting names (the first, for none).
fn widget_of(values: &Values) -> &'static Widget {
    let name = match values.get("scenario") {
        Some(Value::Choice(c)) => c,
        _ => "",
    };
    registry::WIDGETS.iter().find(|w| w.scenario == name).unwrap_or(&registry::WIDGETS[0])
}

/// The scenarios the widget's views show.
fn shown_by(widget: &Widget) -> impl Iterator<Item = &'static Scenario> + '_ {
    registry::SCENARIOS
        .iter()
        .filter(move |s| registry::VIEWS.iter().any(|v| v.widget == widget.scenario && v.scenario == s.name))
}

fn settle_clash(clash: &Clash, values: &mut Values, before: &Values, given: &[&str], out: &mut Vec<SetAside>) {
    if clash.holds(values) {
        return;
    }
    let keys = clash.keys();
    // The settings given, the last of the form first; if none was, whatever was set.
    let mut candidates: Vec<&str> = keys.iter().rev().copied().filter(|k| given.contains(k)).collect();
    if candidates.is_empty() {
        candidates = keys.iter().rev().copied().filter(|k| values.get(k) != before.get(k)).collect();
    }
    let back = |values: &mut Values, keys: &[&str], from: &Values| {
        for k in keys {
            if let Some(v) = from.get(k) {
                values.put(k, v);
            }
        }
    };
    let alone = candidates.iter().copied().find(|k| {
        let mut tried = values.clone();
        back(&mut tried, &[k], before);
        clash.holds(&tried)
    });
    let chosen = alone.map_or(candidates, |k| vec![k]);
    let said: Vec<FieldError> = chosen.iter().map(|k| clash.refusal(values, k)).collect();
    back(values, &chosen, before);
    // Settings that clashed before they were given (a caller's own `before`): the defaults.
    let mut defaulted = Vec::new();
    if !clash.holds(values) {
        for k in &keys {
            if let Some(spec) = registry::setting(k) {
                if values.get(k) != Some(spec.default_value()) {
                    defaulted.push((clash.refusal(values, k), *k));
                    values.put(k, spec.default_value());
                }
            }
        }
    }
    out.extend(said.into_iter().map(|why| SetAside::of(why, values)));
    out.extend(defaulted.into_iter().filter(|(_, k)| !chosen.contains(k)).map(|(why, _)| SetAside::of(why, values)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Record;
    use crate::scenario::clash::Clash;
    use crate::scenario::registry::SCENARIOS;
    use crate::scenario::{self};

    /// Every widget setting at its default, then `set` (key, text) read by the table.
    fn widget_values(set: &[(&str, &str)]) -> Values {
        let mut values = Values::of(registry::widget_settings());
        for (key, text) in set {
            values.put(key, registry::setting(key).unwrap().parse(text).unwrap());
        }
        values
    }

    /// The defaults with `set` given, and `unread` (key, text) given in words the table does
    /// not read, settled: the values, and what is set aside.
    fn settle_given(set: &[(&str, &str)], unread: &[(&str, &str)]) -> (Values, Vec<SetAside>) {
        let before = widget_values(&[]);
        let mut values = widget_values(set);
        let given: Vec<&str> = set.iter().map(|(k, _)| *k).collect();
        let aside = settle(&mut values, &before, &given, unread);
        (values, aside)
    }

    fn settled(set: &[(&str, &str)]) -> (Values, Vec<String>) {
        let (values, aside) = settle_given(set, &[]);
        (values, aside.iter().map(|a| format!("{}: {}", a.key, a.problem)).collect())
    }

    #[test]
    fn an_outage_start_after_the_default_end_is_set_aside_and_said_why() {
        let (values, said) = settled(&[("scenario", "runawayTenant"), ("outageStartHour", "400")]);
        assert_eq!(
            said,
            ["outageStartHour: must be an hour at or before the outage's end (an outage cannot end before it \
              starts); got 400, after the end at hour 306"]
        );
        assert_eq!(values.get("outageStartHour"), Some(Value::Whole(300)), "the start as it was");
    }

    #[test]
    fn a_daily_budget_above_the_default_monthly_one_is_set_aside_and_said_why() {
        let (values, said) = settled(&[("scenario", "runawayTenant"), ("internalDailyDollars", "2000")]);
        assert_eq!(
            said,
            ["internalDailyDollars: must be an amount in dollars at most the internal tier's monthly budget (a \
              month holds a day); got $2,000.00 with a monthly budget of $1,500.00"]
        );
        assert_eq!(
            values.get("internalDailyDollars"),
            registry::setting("internalDailyDollars").map(|s| s.default_value())
        );
    }

    #[test]
    fn of_two_clashing_settings_given_together_the_later_is_set_aside_if_that_alone_will_do_else_the_earlier() {
        let (values, said) =
            settled(&[("scenario", "runawayTenant"), ("outageStartHour", "200"), ("outageEndHour", "100")]);
        assert_eq!(
            said,
            ["outageEndHour: must be an hour at or after the outage's start (an outage cannot end before it \
              starts); got 100, before the start at hour 200"]
        );
        let hours = (values.get("outageStartHour"), values.get("outageEndHour"));
        assert_eq!(hours, (Some(Value::Whole(200)), Some(Value::Whole(306))), "the end as it was");
        // The month's budget back at $1500 would still be below the day's $2000: the day's is set aside.
        let (values, said) = settled(&[
            ("scenario", "runawayTenant"),
            ("internalDailyDollars", "2000"),
            ("internalMonthlyDollars", "1800"),
        ]);
        assert_eq!(said.len(), 1, "one setting set aside: {said:?}");
        assert!(said[0].starts_with("internalDailyDollars: "), "{said:?}");
        let monthly = registry::setting("internalMonthlyDollars").unwrap().parse("1800").ok();
        assert_eq!(values.get("internalMonthlyDollars"), monthly, "the month's budget given is kept");
    }

    #[test]
    fn a_free_tier_with_no_user_of_any_kind_sets_aside_the_last_given() {
        let (values, said) =
            settled(&[("scenario", "freeTier"), ("normalUsers", "0"), ("scriptUsers", "0"), ("sockpuppets", "0")]);
        assert_eq!(
            said,
            ["sockpuppets: must be at least 1 while there are no normal users and no script accounts (a run needs \
              a user of some kind); got 0"]
        );
        assert_eq!(values.get("sockpuppets"), Some(Value::Whole(40)));
    }

    #[test]
    fn a_view_of_another_widget_given_is_set_aside_naming_this_widgets_views() {
        let (values, said) = settled(&[("scenario", "freeTier"), ("view", "day")]);
        assert_eq!(
            said,
            ["view: must be \"byKind\", \"freeTradeOff\", \"freeAccounts\" or \"freeOverTime\" (the views of scenario=\"freeTier\"); got \"day\""]
        );
        assert_eq!(values.get("view"), Some(Value::Choice("byKind")));
        // Not given (the widget changed): its first view, in silence.
        let (values, said) = settled(&[("scenario", "hackathon")]);
        assert_eq!((values.get("view"), said.len()), (Some(Value::Choice("demoByKind")), 0));
    }

    /// What is set aside with `unread`, each with the value used in its place.
    fn settled_unread(set: &[(&str, &str)], unread: &[(&str, &str)]) -> Vec<(String, Option<Value>)> {
        let (_, aside) = settle_given(set, unread);
        aside.into_iter().map(|a| (format!("{}: {}", a.key, a.problem), a.using)).collect()
    }

    #[test]
    fn a_view_no_widget_has_names_this_widgets_views_and_the_view_used_in_its_place() {
        assert_eq!(
            settled_unread(&[], &[("view", "nonsense")]),
            [(
                "view: must be \"day\", \"inflight\" or \"overTime\" (the views of scenario=\"toyDay\"); got \"nonsense\"".into(),
                Some(Value::Choice("day"))
            )]
        );
        // The free tier's widget: its first view is used, not the toy day's default.
        let said = settled_unread(&[("scenario", "freeTier")], &[("view", "nonsense")]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].0.contains("(the views of scenario=\"freeTier\"); got \"nonsense\""), "{said:?}");
        assert_eq!(said[0].1, Some(Value::Choice("byKind")), "{said:?}");
    }

    #[test]
    fn a_setting_in_words_the_table_does_not_read_is_said_first_with_the_value_used_in_its_place() {
        let said = settled_unread(&[("scenario", "freeTier"), ("view", "day")], &[("tokenBudget", "abc")]);
        let keys: Vec<&str> = said.iter().map(|(s, _)| s.split(':').next().unwrap_or("")).collect();
        assert_eq!(keys, ["tokenBudget", "view"], "the unread first, then the view of another widget: {said:?}");
        assert!(said[0].0.starts_with("tokenBudget: must be ") && said[0].0.ends_with("; got \"abc\""), "{said:?}");
        assert_eq!(said[0].1, Some(Value::Whole(60_000)), "the free tier's default token budget used");
    }

    #[test]
    fn another_widgets_setting_in_words_the_table_does_not_read_is_said_to_be_another_widgets_and_nothing_used() {
        // The toy day's budget on the free tier's page: the words it was given change nothing
        // here, and the toy day's default is not "used" by a widget that has no budget of it.
        let said = settled_unread(&[("scenario", "freeTier")], &[("budgetDollars", "abc")]);
        assert_eq!(
            said,
            [(
                "budgetDollars: it is a setting of another widget (scenario=\"toyDay\"), not of this one \
                 (scenario=\"freeTier\")"
                    .into(),
                None
            )]
        );
    }

    #[test]
    fn a_setting_of_another_widget_given_is_said_to_change_nothing_here() {
        let (values, said) = settled(&[("scenario", "freeTier"), ("perMinute", "3")]);
        assert_eq!(
            said,
            ["perMinute: it is a setting of another widget (scenario=\"toyDay\"), not of this one \
              (scenario=\"freeTier\")"]
        );
        assert_eq!(values.get("perMinute"), Some(Value::Whole(3)), "kept, for the widget it belongs to");
    }

    /// Every clash of every scenario: broken, a run refuses it naming the field; settled
    /// from the defaults, whichever of its settings are given, the widget's settings run.
    #[test]
    fn what_settle_sets_aside_is_what_a_run_refuses_and_settled_settings_run() {
        for scenario in SCENARIOS {
            assert!(scenario.check(&Values::defaults(scenario)).is_ok(), "{}: the defaults hold", scenario.name);
            for clash in scenario.clashes {
                let keys = clash.keys();
                let mut broken = Values::defaults(scenario);
                match clash {
                    Clash::Order { lower, upper } => {
                        let ends = |k: &str| match registry::setting(k).unwrap().kind {
                            registry::Kind::Whole { min, max } => (Value::Whole(min), Value::Whole(max)),
                            registry::Kind::Dollars { min, max } => (Value::Dollars(min), Value::Dollars(max)),
                            registry::Kind::Choice { .. } => unreachable!("an order is between numbers"),
                        };
                        broken.put(lower.key, ends(lower.key).1);
                        broken.put(upper.key, ends(upper.key).0);
                    }
                    Clash::NotAllZero { keys, .. } => keys.iter().for_each(|k| broken.put(k, Value::Whole(0))),
                }
                assert!(!clash.holds(&broken), "{}: {keys:?} broken", scenario.name);
                let refused = scenario::run(scenario, 0, &broken, None, Record::default()).err().map(|e| e.to_string());
                assert_eq!(refused, Some(clash.refusal(&broken, clash.named()).to_string()), "{}", scenario.name);
                // Given one at a time or all at once, as a widget's attributes give them.
                let widget = registry::WIDGETS.iter().find(|w| shown_by(w).any(|s| s.name == scenario.name)).unwrap();
                let mut given_sets: Vec<Vec<&str>> = keys.iter().map(|k| vec![*k]).collect();
                given_sets.push(keys.clone());
                for given in given_sets {
                    let before = widget_values(&[("scenario", widget.scenario)]);
                    let mut values = before.clone();
                    for k in &given {
                        values.put(k, broken.get(k).unwrap());
                    }
                    let aside = settle(&mut values, &before, &given, &[]);
                    assert!(clash.holds(&values), "{} {given:?}: settled", scenario.name);
                    assert_eq!(
                        aside.is_empty(),
                        clash.holds(&{
                            let mut v = before.clone();
                            given.iter().for_each(|k| v.put(k, broken.get(k).unwrap()));
                            v
                        }),
                        "{} {given:?}: said when set aside",
                        scenario.name
                    );
                    let mut of_scenario = Values::defaults(scenario);
                    for k in scenario.settings {
                        of_scenario.put(k.key, values.get(k.key).unwrap());
                    }
                    assert!(scenario.check(&of_scenario).is_ok(), "{} {given:?}", scenario.name);
                }
            }
        }
    }
}
