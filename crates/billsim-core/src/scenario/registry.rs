//! The registry: the lessons' scenarios and settings gathered into the lists the command
//! line, the wasm module and the page use. Each lesson declares its own scenarios and
//! settings (`lessons/<lesson>/`); this file imports them, and nothing a lesson imports
//! imports this file. Every setting a reader can change is in [`SETTINGS`], in the order of
//! the widget's form: each as data ([`SettingSpec`], in `setting.rs`) with its one name, its
//! old names, its label, unit, range and default. The page builds its form and reads its
//! attributes and address from this table; the command line and the JS API read values
//! through [`SettingSpec::parse`]. The widgets are [`WIDGETS`]; their views are in `widgets.rs`.

use crate::lessons::free_tier::scenario as free_tier;
use crate::lessons::hackathon::scenario as hackathon;
use crate::lessons::runaway_tenant::scenario as runaway_tenant;
use crate::lessons::toy_day::scenario::{self as toy_day, CALLS_AT_ONCE, TOY_DAY};
use crate::scenario::Scenario;
use crate::settings::{self, FieldError, Invalid};

pub use crate::scenario::setting::{kebab, Choice, Kind, SettingSpec, Value};
pub use crate::scenario::widgets::{View, Widget, VIEWS};
use crate::scenario::widgets::{VIEW_CHOICES, WIDGET_CHOICES};

/// The widgets, one per lesson (their views are [`VIEWS`]).
pub const WIDGETS: &[Widget] = &[
    Widget {
        scenario: "toyDay",
        name: "What a spending policy does to one day's AI bill",
        policy: "policy",
        another: "Another day",
        numbered: "Day",
        toggles: None,
    },
    Widget {
        scenario: "freeTier",
        name: "What a token bucket, a token budget and a global breaker do to a free tier's AI bill",
        policy: "freeTierPolicy",
        another: "Another run",
        numbered: "Run",
        toggles: None,
    },
    Widget {
        scenario: "hackathon",
        name: "What a request limit and a daily cost cap do to a public demo link's AI bill",
        policy: "hackathonPolicy",
        another: "Another day",
        numbered: "Day",
        toggles: Some(hackathon::WEAKNESSES),
    },
    Widget {
        scenario: "runawayTenant",
        name:
            "What a per-tenant ledger, its daily and monthly caps and a degrade ladder do to a runaway tenant's month",
        policy: "tenantPolicy",
        another: "Another month",
        numbered: "Month",
        toggles: None,
    },
];

/// Every scenario.
pub const SCENARIOS: &[Scenario] =
    &[TOY_DAY, CALLS_AT_ONCE, free_tier::SCENARIO, hackathon::SCENARIO, runaway_tenant::SCENARIO];
/// What a scenario's name may be, as an error says it.
pub const SCENARIOS_ALLOWED: &str =
    "\"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \"hackathon\" or \"runawayTenant\"";

/// The scenario named `name`; the error lists the known ones.
///
/// ```
/// use billsim_core::scenario::registry::find;
/// assert_eq!(find("toyDay").unwrap().label, "One day");
/// let err = find("week").err().unwrap();
/// assert_eq!(err.to_string(), "scenario: must be \"toyDay\" or \"callsAtOnce\" or \"freeTier\" or \"hackathon\" or \"runawayTenant\"; got \"week\"");
/// ```
pub fn find(name: &str) -> Result<&'static Scenario, FieldError> {
    SCENARIOS
        .iter()
        .find(|s| s.name == name.trim())
        .ok_or_else(|| Invalid { allowed: SCENARIOS_ALLOWED, got: settings::shown(name) }.on("scenario"))
}

/// Whether kind of user `cohort` of a run of scenario `scenario` is drawn as the abuser:
/// when the scenario says so ([`Scenario::abusers`]), or when a replay took it from a lesson
/// (`SCENARIO-COHORT`) and it is the abuser there.
pub fn is_abuser(scenario: &str, cohort: &str) -> bool {
    let of = |s: &str, c: &str| find(s).is_ok_and(|s| s.abusers.contains(&c));
    of(scenario, cohort) || cohort.split_once('-').is_some_and(|(s, c)| of(s, c))
}

/// The settings that are no scenario's: which widget, which view, which run.
pub(crate) const WIDGET: SettingSpec = SettingSpec {
    key: "scenario",
    old_names: &[],
    label: "Which lesson's widget",
    unit: "",
    kind: Kind::Choice { choices: WIDGET_CHOICES },
    allowed: "\"toyDay\", \"freeTier\", \"hackathon\" or \"runawayTenant\"",
    default: "toyDay",
    views: &[],
};

const VIEW: SettingSpec = SettingSpec {
    key: "view",
    old_names: &[],
    label: "View",
    unit: "",
    kind: Kind::Choice { choices: VIEW_CHOICES },
    allowed: "\"day\", \"inflight\", \"overTime\", \"byKind\", \"freeTradeOff\", \"freeAccounts\", \"freeOverTime\", \"demoByKind\", \"demoTradeOff\", \"demoClient\", \"demoOverTime\", \"byTenant\", \"tenantRunawayDay\", \"tenantLadder\", \"tenantTradeOff\" or \"tenantOverTime\"",
    default: "day",
    views: &[],
};

const SEED: SettingSpec = SettingSpec {
    key: "seed",
    old_names: &[],
    label: "Day number (0 to 4,294,967,295)",
    unit: "",
    kind: Kind::Whole { min: 0, max: u32::MAX as u64 },
    allowed: settings::SEED_ALLOWED,
    default: "0",
    views: &[],
};

/// The table's parts, in the order of the form (the order the page has always shown): the
/// widget's own settings, the first three lessons' policy buttons, their settings, then
/// lesson 002's policy buttons and settings.
const PARTS: &[&[SettingSpec]] = &[
    &[WIDGET, VIEW, SEED],
    &[toy_day::POLICY_SETTING, free_tier::POLICY_SETTING, hackathon::POLICY_SETTING],
    toy_day::SETTINGS,
    free_tier::SETTINGS,
    hackathon::SETTINGS,
    &[runaway_tenant::POLICY_SETTING],
    runaway_tenant::SETTINGS,
];

const SETTINGS_COUNT: usize = {
    let (mut n, mut i) = (0, 0);
    while i < PARTS.len() {
        n += PARTS[i].len();
        i += 1;
    }
    n
};

/// Every setting of the widget, in the order of its form: [`PARTS`] one after another,
/// joined when the crate is compiled.
pub const SETTINGS: &[SettingSpec] = &{
    let mut all = [SEED; SETTINGS_COUNT];
    let (mut k, mut i) = (0, 0);
    while i < PARTS.len() {
        let mut j = 0;
        while j < PARTS[i].len() {
            all[k] = PARTS[i][j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    all
};

/// Whether `setting` is one of the settings of a widget whose views `shows` a scenario of:
/// those of no scenario and no other widget's policy (the lesson, the view, the seed), the
/// widget's policy setting, and those of a scenario some of its views show. A scenario
/// with no view adds none.
fn belongs(setting: &SettingSpec, widget: Option<&Widget>) -> bool {
    let shows = |scenario: &str| {
        VIEWS.iter().any(|v| v.scenario == scenario && widget.map_or(true, |w| w.scenario == v.widget))
    };
    let owners: Vec<&str> =
        SCENARIOS.iter().filter(|sc| sc.settings.iter().any(|s| s.key == setting.key)).map(|sc| sc.name).collect();
    if let Some(of) = WIDGETS.iter().find(|w| w.policy == setting.key) {
        return widget.map_or(true, |w| w == of);
    }
    owners.is_empty() || owners.into_iter().any(shows)
}

/// The element's settings (its attributes and address names): those of every widget.
pub fn widget_settings() -> impl Iterator<Item = &'static SettingSpec> {
    SETTINGS.iter().filter(|s| belongs(s, None))
}

/// The settings of one widget (the ones its address holds).
pub fn settings_of(widget: &Widget) -> impl Iterator<Item = &'static SettingSpec> + '_ {
    SETTINGS.iter().filter(move |s| belongs(s, Some(widget)))
}

/// The widget whose settings hold `key` (the first, for a setting of several).
pub fn owner_of(key: &str) -> Option<&'static Widget> {
    WIDGETS.iter().find(|w| settings_of(w).any(|s| s.key == key))
}

/// The setting named `key`.
pub fn setting(key: &str) -> Option<&'static SettingSpec> {
    SETTINGS.iter().find(|s| s.key == key)
}

#[cfg(test)]
mod scenario_tests;
#[cfg(test)]
mod tests;
