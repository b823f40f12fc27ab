//! Lesson 001's scenario as the engine runs it (`hackathon`), with its settings: the
//! registry gathers it ([`crate::scenario::registry`]).

use crate::engine::RunError;
use crate::lessons::hackathon::{self, day, panels, prices, Policy, Settings, POLICIES};
use crate::scenario::setting::{Kind, SettingSpec};
use crate::scenario::setting::{Toggle, Toggles};
use crate::scenario::{held, Built, Code, Scenario, Values};

/// The lesson 001 widget's views: its form shows the demo link's settings.
const DEMO_VIEWS: &[&str] = &["demoByKind", "demoTradeOff", "demoClient", "demoOverTime"];

/// The setting the widget's policy buttons set.
pub const POLICY_SETTING: SettingSpec = SettingSpec {
    key: "hackathonPolicy",
    old_names: &[],
    label: "Policy",
    unit: "",
    kind: Kind::Choice { choices: POLICIES },
    allowed: hackathon::POLICIES_ALLOWED,
    default: "rateLimitAndCap",
    views: &[],
};

/// The scenario's settings, in the order of the widget's form.
pub const SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "rateLimit",
        old_names: &[],
        label: "Requests per user per window (request limit, 1 to 1,000)",
        unit: "requests",
        kind: Kind::Whole { min: 1, max: hackathon::LIMIT_MAX },
        allowed: hackathon::LIMIT_ALLOWED,
        default: "5",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "rateWindowSeconds",
        old_names: &["rate-window", "rateWindow"],
        label: "Window of the request limit, in seconds (1 to 86,400)",
        unit: "seconds",
        kind: Kind::Whole { min: 1, max: hackathon::WINDOW_MAX },
        allowed: hackathon::WINDOW_ALLOWED,
        default: "60",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "capDollars",
        old_names: &["cap"],
        label: "Daily cost cap of the other capped policies, in dollars; the tutorial's app keeps its $0.001 (0.000001 to 100)",
        unit: "dollars",
        kind: Kind::Dollars { min: hackathon::CAP_MIN, max: hackathon::CAP_MAX },
        allowed: hackathon::CAP_ALLOWED,
        default: "1",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "spoofedUsers",
        old_names: &["spoofed"],
        label: "Spoofed users: the script sends a new X-User with each request",
        unit: "",
        kind: Kind::Choice { choices: hackathon::SWITCH },
        allowed: hackathon::SWITCH_ALLOWED,
        default: "off",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "sharedAddress",
        old_names: &["shared"],
        label: "Shared address: an office of 8 people with no header behind one address",
        unit: "",
        kind: Kind::Choice { choices: hackathon::SWITCH },
        allowed: hackathon::SWITCH_ALLOWED,
        default: "off",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "restartMinute",
        old_names: &["restart"],
        label: "Restart at, in minutes after 00:00 UTC (0 for none, to 1,439)",
        unit: "minutes",
        kind: Kind::Whole { min: 0, max: hackathon::RESTART_MAX },
        allowed: hackathon::RESTART_ALLOWED,
        default: "0",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "serverProcesses",
        old_names: &["processes"],
        label: "Server processes, each with its own counters (1 to 4)",
        unit: "processes",
        kind: Kind::Whole { min: 1, max: hackathon::PROCESSES_MAX },
        allowed: hackathon::PROCESSES_ALLOWED,
        default: "1",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "scriptAtOnce",
        old_names: &["atOnce"],
        label: "Calls the script starts at the same moment (1 to 20)",
        unit: "calls",
        kind: Kind::Whole { min: 1, max: hackathon::AT_ONCE_MAX },
        allowed: hackathon::AT_ONCE_ALLOWED,
        default: "1",
        views: DEMO_VIEWS,
    },
];

/// The weaknesses of the tutorial's security review, one switch each on the widget's first
/// screen (each also a field of "More settings", for any other value).
pub const WEAKNESSES: Toggles = Toggles {
    label: "Weaknesses of the tutorial's security review",
    items: &[
        Toggle { key: "spoofedUsers", label: "Spoofed users", on: "on" },
        Toggle { key: "sharedAddress", label: "Shared address", on: "on" },
        Toggle { key: "restartMinute", label: "Restart at noon", on: "720" },
        Toggle { key: "serverProcesses", label: "Two processes", on: "2" },
        Toggle { key: "scriptAtOnce", label: "Script: 10 at once", on: "10" },
    ],
};

pub const SCENARIO: Scenario = Scenario {
    name: "hackathon",
    label: "A public demo link",
    lesson: "Lesson 001's public demo link",
    description: "A day of a public demo link: honest visitors asking a few short questions, one visitor with a \
         script, under lesson 001's request limit and check-only daily cap; each weakness of its security review \
         can be switched on.",
    settings: SETTINGS,
    policies: POLICIES,
    abusers: &["script"],
    over: None,
    settings_allowed: "one of \"rateLimit\", \"rateWindowSeconds\", \"capDollars\", \"spoofedUsers\", \
         \"sharedAddress\", \"restartMinute\", \"serverProcesses\", \"scriptAtOnce\"",
    clashes: &[],
    code: held(Code { build, prices: |_| Ok(prices()), panels: panels::panels }, cfg!(feature = "hackathon")),
    // The tutorial's app answers "daily cost cap reached" once its cap is reached.
    marks: crate::scenario::Marks {
        trip: Some(crate::scenario::TripWords {
            mark: "daily cost cap reached at",
            sentence: "the daily cost cap is reached at",
        }),
        reference: None,
        others: crate::scenario::Others::HONEST,
        start: Some(crate::scenario::StartWords::SCRIPT),
        outage: None,
    },
    accounts: None,
};

fn build(seed: u32, values: &Values) -> Result<Built, RunError> {
    let settings = Settings::from_values(values);
    let policies = Policy::ALL.iter().map(|p| p.engine_policy(&settings)).collect();
    let labels = Policy::ALL.iter().map(|p| p.label(&settings)).collect();
    Ok(Built { traffic: day::traffic(seed, &settings)?, policies, labels, prices: prices() })
}
