//! Every setting a reader can change, in one table, in the order of the widget's form: each
//! setting as data ([`SettingSpec`], in `setting.rs`) with its one name, its old names, its
//! label, unit, range and default. The page builds its form and reads its attributes and
//! address from this table; the command line and the JS API read values through
//! [`SettingSpec::parse`]. The widgets and their views are in `widgets.rs`.
use crate::lessons::hackathon;
use crate::lessons::toy_day::in_flight;
use crate::money::Micros;
use crate::settings::{self, FieldError, Invalid};

pub use crate::scenario::setting::{kebab, Choice, Kind, SettingSpec, Value};
pub use crate::scenario::widgets::{View, Widget, VIEWS, WIDGETS};
use crate::scenario::widgets::{VIEW_CHOICES, WIDGET_CHOICES};

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

const FAIL_MODES: &[Choice] = &[
    Choice { value: "open", label: "Fail open: served, unmetered" },
    Choice { value: "closed", label: "Fail closed: refused" },
];
const FAIL_ALLOWED: &str = "\"open\" or \"closed\"";
const TENANT_DOLLARS: Kind = Kind::Dollars { min: Micros(10_000), max: Micros(1_000_000 * Micros::PER_DOLLAR) };
const TENANT_DOLLARS_ALLOWED: &str = "an amount in dollars from 0.01 to 1000000, with at most 6 decimals";

/// The lesson 002 widget's views: its form shows the runaway tenant's settings.
const TENANT_VIEWS: &[&str] = &["byTenant", "tenantTradeOff", "tenantOverTime"];

/// A setting of the runaway tenant's month, shown by its widget's views.
const fn tenant(
    key: &'static str,
    old_names: &'static [&'static str],
    label: &'static str,
    unit: &'static str,
    kind: Kind,
    allowed: &'static str,
    default: &'static str,
) -> SettingSpec {
    SettingSpec { key, old_names, label, unit, kind, allowed, default, views: TENANT_VIEWS }
}

/// Every setting of the widget, in the order of its form.
pub const SETTINGS: &[SettingSpec] = &[
    SettingSpec {
        key: "scenario",
        old_names: &[],
        label: "Which lesson's widget",
        unit: "",
        kind: Kind::Choice { choices: WIDGET_CHOICES },
        allowed: "\"toyDay\", \"freeTier\", \"hackathon\" or \"runawayTenant\"",
        default: "toyDay",
        views: &[],
    },
    SettingSpec {
        key: "view",
        old_names: &[],
        label: "View",
        unit: "",
        kind: Kind::Choice { choices: VIEW_CHOICES },
        allowed: "\"day\", \"inflight\", \"overTime\", \"byKind\", \"freeTradeOff\", \"freeAccounts\", \"freeOverTime\", \"demoByKind\", \"demoTradeOff\", \"demoClient\", \"demoOverTime\", \"byTenant\", \"tenantTradeOff\" or \"tenantOverTime\"",
        default: "day",
        views: &[],
    },
    SettingSpec {
        key: "seed",
        old_names: &[],
        label: "Day number (0 to 4294967295)",
        unit: "",
        kind: Kind::Whole { min: 0, max: u32::MAX as u64 },
        allowed: settings::SEED_ALLOWED,
        default: "0",
        views: &[],
    },
    SettingSpec {
        key: "policy",
        old_names: &[],
        label: "Policy",
        unit: "",
        kind: Kind::Choice { choices: DAY_POLICIES },
        allowed: "\"noLimit\", \"requestsPerMinute\" or \"dailyBudget\"",
        default: "requestsPerMinute",
        views: &[],
    },
    SettingSpec {
        key: "freeTierPolicy",
        old_names: &[],
        label: "Policy",
        unit: "",
        kind: Kind::Choice { choices: crate::lessons::free_tier::POLICIES },
        allowed: "\"noLimit\", \"bucket\", \"bucketBudget\", \"allThree\", \"allThreeHourly\" or \"allThreeDegrade\"",
        default: "allThree",
        views: &[],
    },
    SettingSpec {
        key: "hackathonPolicy",
        old_names: &[],
        label: "Policy",
        unit: "",
        kind: Kind::Choice { choices: hackathon::POLICIES },
        allowed: hackathon::POLICIES_ALLOWED,
        default: "rateLimitAndCap",
        views: &[],
    },
    SettingSpec {
        key: "perMinute",
        old_names: &[],
        label: "Calls per minute (request limit, 1 to 60)",
        unit: "calls a minute",
        kind: Kind::Whole { min: settings::PER_MINUTE_MIN as u64, max: settings::PER_MINUTE_MAX as u64 },
        allowed: settings::PER_MINUTE_ALLOWED,
        default: "5",
        views: DAY_VIEWS,
    },
    SettingSpec {
        key: "budgetDollars",
        old_names: &["budget"],
        label: "Budget per user per day, in dollars (0.01 to 100)",
        unit: "dollars",
        kind: Kind::Dollars { min: settings::BUDGET_MIN, max: settings::BUDGET_MAX },
        allowed: settings::BUDGET_ALLOWED,
        default: "0.25",
        views: &["day", "inflight", "overTime"],
    },
    SettingSpec {
        key: "refill",
        old_names: &[],
        label: "Budget refill",
        unit: "",
        kind: Kind::Choice { choices: REFILLS },
        allowed: settings::REFILL_ALLOWED,
        default: "daily",
        views: DAY_VIEWS,
    },
    SettingSpec {
        key: "calls",
        old_names: &[],
        label: "Calls at once (1 to 200)",
        unit: "calls",
        kind: Kind::Whole { min: in_flight::CALLS_MIN as u64, max: in_flight::CALLS_MAX as u64 },
        allowed: in_flight::CALLS_ALLOWED,
        default: "20",
        views: &["inflight"],
    },
    SettingSpec {
        key: "estimatePercent",
        old_names: &["estimate"],
        label: "Input estimate, in percent of its real size (10 to 200)",
        unit: "percent",
        kind: Kind::Whole { min: in_flight::ESTIMATE_MIN as u64, max: in_flight::ESTIMATE_MAX as u64 },
        allowed: in_flight::ESTIMATE_ALLOWED,
        default: "50",
        views: &["inflight"],
    },
    SettingSpec {
        key: "bucketCapacity",
        old_names: &[],
        label: "Bucket capacity, in requests at once (1 to 100)",
        unit: "requests",
        kind: Kind::Whole { min: 1, max: 100 },
        allowed: "a whole number from 1 to 100",
        default: "5",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "refillPerMinute",
        old_names: &[],
        label: "Bucket refill, in requests a minute (0 to 600)",
        unit: "requests a minute",
        kind: Kind::Whole { min: 0, max: 600 },
        allowed: "a whole number from 0 to 600",
        default: "10",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "tokenBudget",
        old_names: &[],
        label: "Token budget per user per day (1 to 10000000)",
        unit: "tokens",
        kind: Kind::Whole { min: 1, max: 10_000_000 },
        allowed: "a whole number from 1 to 10000000",
        default: "60000",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "breakerDollars",
        old_names: &["breaker"],
        label: "Global breaker: spend ceiling per day, in dollars (0.01 to 1000)",
        unit: "dollars",
        kind: Kind::Dollars { min: Micros(10_000), max: Micros(1_000_000_000) },
        allowed: "an amount in dollars from 0.01 to 1000, with at most 6 decimals",
        default: "3.00",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "hourlyDollars",
        old_names: &["hourly-ceiling", "hourly"],
        label: "Hourly ceiling (the hourly policy), in dollars (0.01 to 1000)",
        unit: "dollars",
        kind: Kind::Dollars { min: Micros(10_000), max: Micros(1_000_000_000) },
        allowed: "an amount in dollars from 0.01 to 1000, with at most 6 decimals",
        default: "1.00",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "pricePerToken",
        old_names: &["price"],
        label: "Blended price per token, in dollars (the lesson's made-up figure; 0.000001 to 0.001)",
        unit: "dollars",
        kind: Kind::Dollars { min: Micros(1), max: Micros(1_000) },
        allowed: "an amount in dollars from 0.000001 to 0.001, with at most 6 decimals",
        default: "0.000004",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "cheapPricePerToken",
        old_names: &["cheap-price", "cheapPrice"],
        label: "Cheaper model's price per token after the trip (the degrade policy), in dollars (made up; 0.000001 to 0.001)",
        unit: "dollars",
        kind: Kind::Dollars { min: Micros(1), max: Micros(1_000) },
        allowed: "an amount in dollars from 0.000001 to 0.001, with at most 6 decimals",
        default: "0.000001",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "normalUsers",
        old_names: &["normal"],
        label: "Normal users (0 to 200)",
        unit: "users",
        kind: Kind::Whole { min: 0, max: 200 },
        allowed: "a whole number from 0 to 200",
        default: "20",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "scriptUsers",
        old_names: &["script"],
        label: "Script accounts (0 to 10)",
        unit: "accounts",
        kind: Kind::Whole { min: 0, max: 10 },
        allowed: "a whole number from 0 to 10",
        default: "1",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "sockpuppets",
        old_names: &[],
        label: "Sockpuppet accounts (0 to 400)",
        unit: "accounts",
        kind: Kind::Whole { min: 0, max: 400 },
        allowed: "a whole number from 0 to 400",
        default: "40",
        views: FREE_VIEWS,
    },
    // Lesson 001's demo link (scenario "hackathon"), shown by its widget's views.
    SettingSpec {
        key: "rateLimit",
        old_names: &[],
        label: "Requests per user per window (request limit, 1 to 1000)",
        unit: "requests",
        kind: Kind::Whole { min: 1, max: hackathon::LIMIT_MAX },
        allowed: hackathon::LIMIT_ALLOWED,
        default: "5",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "rateWindowSeconds",
        old_names: &["rate-window", "rateWindow"],
        label: "Window of the request limit, in seconds (1 to 86400)",
        unit: "seconds",
        kind: Kind::Whole { min: 1, max: hackathon::WINDOW_MAX },
        allowed: hackathon::WINDOW_ALLOWED,
        default: "60",
        views: DEMO_VIEWS,
    },
    SettingSpec {
        key: "capDollars",
        old_names: &["cap"],
        label: "Daily cost cap for everyone, in dollars (0.000001 to 100)",
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
        label: "Restart at, in minutes after 00:00 UTC (0 for none, to 1439)",
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
    // Lesson 002's runaway tenant: its widget's policy buttons, then its settings.
    SettingSpec {
        key: "tenantPolicy",
        old_names: &[],
        label: "Policy",
        unit: "",
        kind: Kind::Choice { choices: crate::lessons::runaway_tenant::POLICIES },
        allowed: "\"noCap\", \"meterRequestOnly\", \"dailyCap\", \"degradeLadder\" or \"dailyAndMonthly\"",
        default: "degradeLadder",
        views: &[],
    },
    tenant(
        "productMonthlyDollars",
        &["product-monthly"],
        "What the whole product may spend in a month, in dollars (0.01 to 1000000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "1000",
    ),
    tenant(
        "internalDailyDollars",
        &["internal-daily"],
        "Internal tier's daily budget per tenant, in dollars (0.01 to 1000000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "100",
    ),
    tenant(
        "internalMonthlyDollars",
        &["internal-monthly"],
        "Internal tier's monthly budget per tenant, in dollars (0.01 to 1000000, at least the daily)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "1500",
    ),
    tenant(
        "payingDailyDollars",
        &["paying-daily"],
        "Paying tier's daily budget per tenant, in dollars (0.01 to 1000000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "20",
    ),
    tenant(
        "payingMonthlyDollars",
        &["paying-monthly"],
        "Paying tier's monthly budget per tenant, in dollars (0.01 to 1000000, at least the daily)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "200",
    ),
    tenant(
        "freeDailyDollars",
        &["free-daily"],
        "Free tier's daily budget per tenant, in dollars (0.01 to 1000000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "1",
    ),
    tenant(
        "freeMonthlyDollars",
        &["free-monthly"],
        "Free tier's monthly budget per tenant, in dollars (0.01 to 1000000, at least the daily)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "10",
    ),
    tenant(
        "maxTokens",
        &[],
        "Reply cap (max_tokens) each call reserves as output (1 to 32000)",
        "tokens",
        Kind::Whole { min: 1, max: 32_000 },
        "a whole number of tokens from 1 to 32000",
        "4096",
    ),
    tenant(
        "outageStartHour",
        &["outage-start"],
        "Ledger outage starts at this hour of the month (0 to 720)",
        "hours",
        Kind::Whole { min: 0, max: 720 },
        "a whole number of hours from 0 to 720",
        "300",
    ),
    tenant(
        "outageEndHour",
        &["outage-end"],
        "Ledger outage ends at this hour of the month (0 to 720, not before the start)",
        "hours",
        Kind::Whole { min: 0, max: 720 },
        "a whole number of hours from 0 to 720",
        "306",
    ),
    tenant(
        "internalFail",
        &[],
        "Internal tier while the ledger is down",
        "",
        Kind::Choice { choices: FAIL_MODES },
        FAIL_ALLOWED,
        "open",
    ),
    tenant(
        "payingFail",
        &[],
        "Paying tier while the ledger is down",
        "",
        Kind::Choice { choices: FAIL_MODES },
        FAIL_ALLOWED,
        "open",
    ),
    tenant(
        "freeFail",
        &[],
        "Free tier while the ledger is down",
        "",
        Kind::Choice { choices: FAIL_MODES },
        FAIL_ALLOWED,
        "closed",
    ),
    tenant(
        "failPercent",
        &[],
        "Model calls that fail, in percent (0 to 50)",
        "percent",
        Kind::Whole { min: 0, max: 50 },
        "a whole number of percent from 0 to 50",
        "2",
    ),
];

/// The lesson 003 widget's views: its form shows the free tier's settings.
const FREE_VIEWS: &[&str] = &["byKind", "freeTradeOff", "freeAccounts", "freeOverTime"];
/// The lesson 001 widget's views: its form shows the demo link's settings.
const DEMO_VIEWS: &[&str] = &["demoByKind", "demoTradeOff", "demoOverTime"];

/// Whether `setting` is one of the settings of a widget whose views `shows` a scenario of:
/// those of no scenario and no other widget's policy (the lesson, the view, the seed), the
/// widget's policy setting, and those of a scenario some of its views show. A scenario
/// with no view adds none.
fn belongs(setting: &SettingSpec, widget: Option<&Widget>) -> bool {
    let shows = |scenario: &str| {
        VIEWS.iter().any(|v| v.scenario == scenario && widget.map_or(true, |w| w.scenario == v.widget))
    };
    let owners: Vec<&str> =
        crate::scenario::SCENARIOS.iter().filter(|sc| sc.settings.contains(&setting.key)).map(|sc| sc.name).collect();
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

/// The setting named `key`.
pub fn setting(key: &str) -> Option<&'static SettingSpec> {
    SETTINGS.iter().find(|s| s.key == key)
}

/// An unknown setting's name: the error lists the known ones (`allowed`, a scenario's).
pub fn unknown_setting(key: &str, allowed: &'static str) -> FieldError {
    FieldError { field: "setting".into(), problem: Invalid { allowed, got: settings::shown(key) } }
}

#[cfg(test)]
mod tests;
