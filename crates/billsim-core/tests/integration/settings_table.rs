//! The table the page builds its controls from, pinned: the wasm module's `scenarios()`
//! (every view, every setting with its one name, old names, label, range and default, the
//! widget's settings, every scenario with its settings' keys and policies, each widget with
//! its settings' keys), each scenario's defaults, and the words of an unknown scenario or
//! setting. Where the lessons' settings and scenarios are declared may move; none of this
//! may change.
//!
//! The fixture is `tests/fixtures/settings_table.json` at the top of the workspace.
//! `BILLSIM_WRITE_FIXTURE=1 cargo test -p billsim-core --test integration settings_table::` writes it
//! again: only for a new setting or scenario, never to make a changed value pass.

use billsim_core::scenario::registry::find;
use billsim_core::scenario::registry::SCENARIOS;
use billsim_core::scenario::registry::{self, SettingSpec, View, Widget};
use billsim_core::scenario::{Scenario, Values};
use serde::Serialize;
use std::path::PathBuf;

/// The shape of the wasm module's `scenarios()`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Table {
    views: &'static [View],
    settings: &'static [SettingSpec],
    widget_settings: Vec<&'static str>,
    scenarios: &'static [Scenario],
    widgets: Vec<WidgetOut>,
    /// What the core says beside the table: each scenario's defaults, and its refusal of a
    /// setting it does not have.
    defaults: Vec<(&'static str, Values)>,
    unknown_setting: Vec<(&'static str, String)>,
    unknown_scenario: String,
}

#[derive(Serialize)]
struct WidgetOut {
    #[serde(flatten)]
    widget: &'static Widget,
    settings: Vec<&'static str>,
}

fn table() -> Table {
    Table {
        views: registry::VIEWS,
        settings: registry::SETTINGS,
        widget_settings: registry::widget_settings().map(|s| s.key).collect(),
        scenarios: SCENARIOS,
        widgets: registry::WIDGETS
            .iter()
            .map(|w| WidgetOut { widget: w, settings: registry::settings_of(w).map(|s| s.key).collect() })
            .collect(),
        defaults: SCENARIOS.iter().map(|s| (s.name, Values::defaults(s))).collect(),
        unknown_setting: SCENARIOS
            .iter()
            .map(|s| (s.name, Values::defaults(s).set(s, "nope", "1").unwrap_err().to_string()))
            .collect(),
        unknown_scenario: find("nope").err().map(|e| e.to_string()).unwrap_or_default(),
    }
}

#[test]
fn the_settings_table_and_the_scenarios_are_what_they_were() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/settings_table.json");
    let now = serde_json::to_string_pretty(&table()).expect("the table serializes") + "\n";
    if std::env::var_os("BILLSIM_WRITE_FIXTURE").is_some() {
        std::fs::write(&path, &now).expect("write the fixture");
    }
    let pinned = std::fs::read_to_string(&path).expect("read tests/fixtures/settings_table.json");
    if now != pinned {
        let first = now.lines().zip(pinned.lines()).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "the settings table differs from tests/fixtures/settings_table.json from line {}: now {:?}, pinned {:?}",
            first + 1,
            now.lines().nth(first),
            pinned.lines().nth(first)
        );
    }
}
