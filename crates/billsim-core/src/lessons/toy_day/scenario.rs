//! Lesson 000's two scenarios as the engine runs them, with their settings: the toy day
//! (`toyDay`) under no limit, a request limit and a daily cost budget, and many calls of one
//! user at one moment (`callsAtOnce`) under four versions of the budget. The registry
//! gathers them ([`crate::scenario::registry`]).

use crate::engine::{PriceTable, RunError};
use crate::lessons::toy_day::in_flight::{self, Params, Version};
use crate::lessons::toy_day::simulate::Policy as DayPolicy;
use crate::lessons::toy_day::{self as toy, day_beside};
use crate::scenario::setting::{Choice, Kind, SettingSpec};
use crate::scenario::{held, Built, Code, Scenario, Values};
use crate::settings;

/// The lesson 000 policies' buttons.
pub const DAY_POLICIES: &[Choice] = &[
    Choice { value: "noLimit", label: "No limit" },
    Choice { value: "requestsPerMinute", label: "Requests per minute" },
    Choice { value: "dailyBudget", label: "Daily cost budget" },
];

const REFILLS: &[Choice] = &[
    Choice { value: "daily", label: "Daily: back to zero at 00:00 UTC" },
    Choice { value: "steady", label: "Steady: drains over 24 hours" },
];

const DAY_VIEWS: &[&str] = &["day", "overTime"];

/// The setting the widget's policy buttons set.
pub const POLICY_SETTING: SettingSpec = SettingSpec {
    key: "policy",
    old_names: &[],
    label: "Policy",
    unit: "",
    kind: Kind::Choice { choices: DAY_POLICIES },
    allowed: "\"noLimit\", \"requestsPerMinute\" or \"dailyBudget\"",
    default: "requestsPerMinute",
    views: &[],
};

const PER_MINUTE: SettingSpec = SettingSpec {
    key: "perMinute",
    old_names: &[],
    label: "Requests per user per minute (request limit, 1 to 60)",
    unit: "requests a minute",
    kind: Kind::Whole { min: settings::PER_MINUTE_MIN as u64, max: settings::PER_MINUTE_MAX as u64 },
    allowed: settings::PER_MINUTE_ALLOWED,
    default: "5",
    views: DAY_VIEWS,
};

const BUDGET: SettingSpec = SettingSpec {
    key: "budgetDollars",
    old_names: &["budget"],
    label: "Budget per user per day, in dollars (0.01 to 100)",
    unit: "dollars",
    kind: Kind::Dollars { min: settings::BUDGET_MIN, max: settings::BUDGET_MAX },
    allowed: settings::BUDGET_ALLOWED,
    default: "0.25",
    views: &["day", "inflight", "overTime"],
};

const REFILL: SettingSpec = SettingSpec {
    key: "refill",
    old_names: &[],
    label: "Budget refill",
    unit: "",
    kind: Kind::Choice { choices: REFILLS },
    allowed: settings::REFILL_ALLOWED,
    default: "daily",
    views: DAY_VIEWS,
};

const CALLS: SettingSpec = SettingSpec {
    key: "calls",
    old_names: &[],
    label: "Calls at once (1 to 200)",
    unit: "calls",
    kind: Kind::Whole { min: in_flight::CALLS_MIN as u64, max: in_flight::CALLS_MAX as u64 },
    allowed: in_flight::CALLS_ALLOWED,
    default: "20",
    views: &["inflight"],
};

const ESTIMATE: SettingSpec = SettingSpec {
    key: "estimatePercent",
    old_names: &["estimate"],
    label: "Input estimate, in percent of its real size (10 to 200)",
    unit: "percent",
    kind: Kind::Whole { min: in_flight::ESTIMATE_MIN as u64, max: in_flight::ESTIMATE_MAX as u64 },
    allowed: in_flight::ESTIMATE_ALLOWED,
    default: "50",
    views: &["inflight"],
};

/// The lesson's settings, in the order of the widget's form.
pub const SETTINGS: &[SettingSpec] = &[PER_MINUTE, BUDGET, REFILL, CALLS, ESTIMATE];

/// Lesson 000's words for its ordinary users, in both its scenarios' views.
const MARKS: crate::scenario::Marks = crate::scenario::Marks { others: super::OTHERS, ..crate::scenario::Marks::NONE };

pub const TOY_DAY: Scenario = Scenario {
    name: "toyDay",
    label: "One day",
    lesson: "Lesson 000's day",
    description: "One day of ten users, one of them heavy, under no limit, a request limit and a daily cost budget.",
    settings: &[PER_MINUTE, BUDGET, REFILL],
    policies: DAY_POLICIES,
    abusers: &["heavy"],
    over: Some("toy day"),
    settings_allowed: "one of \"perMinute\", \"budgetDollars\", \"refill\"",
    clashes: &[],
    code: held(
        Code { build: build_toy_day, prices: toy_price_table, panels: day_beside::panels },
        cfg!(feature = "toy-day"),
    ),
    marks: MARKS,
    accounts: None,
};

pub const CALLS_AT_ONCE: Scenario = Scenario {
    name: "callsAtOnce",
    label: "Calls at once",
    lesson: "Lesson 000's calls at once",
    description:
        "Many calls of one user at one moment, all checked before any is charged, under four versions of the budget.",
    settings: &[CALLS, ESTIMATE, BUDGET],
    policies: &[
        Choice { value: "checkOnly", label: "Check only" },
        Choice { value: "setAside", label: "Set aside first" },
        Choice { value: "halfEstimate", label: "Input guessed low" },
        Choice { value: "twoProcesses", label: "Two processes" },
    ],
    abusers: &[],
    over: None,
    settings_allowed: "one of \"calls\", \"estimatePercent\", \"budgetDollars\"",
    clashes: &[],
    code: held(
        Code { build: build_calls_at_once, prices: toy_price_table, panels: crate::scenario::no_panels },
        cfg!(feature = "toy-day"),
    ),
    marks: MARKS,
    accounts: None,
};

fn toy_prices() -> PriceTable {
    PriceTable(vec![(toy::MODEL.into(), toy::price())])
}

/// Both scenarios' prices: the toy's one model, whatever the settings.
fn toy_price_table(_values: &Values) -> Result<PriceTable, RunError> {
    Ok(toy_prices())
}

fn build_toy_day(seed: u32, values: &Values) -> Result<Built, RunError> {
    let settings = values.day_settings();
    let traffic = toy::traffic(&toy::toy_day(seed))?;
    let policies = DayPolicy::ALL.iter().map(|p| p.engine_policy(&settings)).collect();
    let labels = DayPolicy::ALL.iter().map(|p| p.label(&settings)).collect();
    Ok(Built { traffic, policies, labels, prices: toy_prices() })
}

fn build_calls_at_once(_seed: u32, values: &Values) -> Result<Built, RunError> {
    let calls = u32::try_from(values.whole("calls")).unwrap_or(in_flight::CALLS_DEFAULT);
    let estimate = u32::try_from(values.whole("estimatePercent")).unwrap_or(in_flight::ESTIMATE_DEFAULT);
    // Every value was checked against the same ranges as it was set.
    let params = Params::new(calls, estimate, values.dollars("budgetDollars")).unwrap_or_default();
    let policies = Version::ALL.iter().map(|v| v.engine_policy(&params)).collect();
    let labels = Version::ALL.iter().map(|v| v.label(&params)).collect();
    Ok(Built { traffic: in_flight::traffic(&params)?, policies, labels, prices: toy_prices() })
}
