//! Every setting a reader can change, in one table: its name in JS and JSON (`key`), in an
//! element's attributes and on the command line (`attribute`, as `--attribute`), in the
//! address (`param`), the label the form shows, its unit, what it allows and its default.
//! The page builds its form and reads its attributes and address from this table; the
//! command line and the JS API read values through [`SettingSpec::parse`].

use crate::lessons::hackathon;
use crate::lessons::toy_day::in_flight;
use crate::money::Micros;
use crate::settings::{self, FieldError, Invalid};
use serde::Serialize;

fn decimal<S: serde::Serializer>(amount: &Micros, s: S) -> Result<S::Ok, S::Error> {
    let text = amount.exact_dollars();
    s.serialize_str(text.trim_start_matches('$'))
}

/// One of a setting's choices: its value and what a reader sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
}

/// What a setting holds, with its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Kind {
    Whole {
        min: u64,
        max: u64,
    },
    /// An amount in dollars, exactly (at most six decimals), from `min` to `max`; in JSON
    /// as decimal text a form can show ("0.01", "100.00").
    Dollars {
        #[serde(serialize_with = "decimal")]
        min: Micros,
        #[serde(serialize_with = "decimal")]
        max: Micros,
    },
    Choice {
        choices: &'static [Choice],
    },
}

/// A setting. Its one name is `key`: the `--set` name, the address's parameter, and in
/// kebab case the attribute ([`SettingSpec::attribute`]). `old_names` are the names it had
/// before it had one (attributes such as `budget` and address names such as `normal`):
/// they are still read, so shared links and pages do not break, and never written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", into = "SettingOut")]
pub struct SettingSpec {
    pub key: &'static str,
    pub old_names: &'static [&'static str],
    /// The form's label, with its range: "Calls per minute (request limit, 1 to 60)".
    pub label: &'static str,
    /// The unit of a number ("calls a minute", "dollars"), empty for a choice.
    pub unit: &'static str,
    pub kind: Kind,
    /// What it allows, as error messages say it.
    pub allowed: &'static str,
    /// The default, as text (as the form, an attribute or the address would give it).
    pub default: &'static str,
    /// The views whose form shows it (empty: a setting the form does not show).
    pub views: &'static [&'static str],
}

/// A setting's value. In JSON a whole number is a number, an amount of dollars its exact
/// decimal text ("0.25": the key says dollars, and no float could hold every amount),
/// a choice its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Whole(u64),
    Dollars(#[serde(serialize_with = "decimal")] Micros),
    Choice(&'static str),
}

/// A view of the widget: the scenario it shows, as which chart, and the widget it belongs
/// to (the `scenario` setting's value that shows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub value: &'static str,
    pub label: &'static str,
    pub scenario: &'static str,
    pub widget: &'static str,
    /// "shareOfBill", "overrun", "spendOverTime" or "shareByCohort".
    pub chart: &'static str,
}

pub const VIEWS: &[View] = &[
    View { value: "day", label: "One day", scenario: "toyDay", widget: "toyDay", chart: "shareOfBill" },
    View { value: "inflight", label: "Calls at once", scenario: "callsAtOnce", widget: "toyDay", chart: "overrun" },
    View { value: "overTime", label: "Over time", scenario: "toyDay", widget: "toyDay", chart: "spendOverTime" },
    View {
        value: "byKind",
        label: "By kind of user",
        scenario: "freeTier",
        widget: "freeTier",
        chart: "shareByCohort",
    },
    View {
        value: "freeOverTime",
        label: "Over time",
        scenario: "freeTier",
        widget: "freeTier",
        chart: "spendOverTime",
    },
    View {
        value: "demoByKind",
        label: "By kind of user",
        scenario: "hackathon",
        widget: "hackathon",
        chart: "shareByCohort",
    },
    View {
        value: "demoOverTime",
        label: "Over time",
        scenario: "hackathon",
        widget: "hackathon",
        chart: "spendOverTime",
    },
    // Lesson 002's runaway tenant.
    View {
        value: "byTenant",
        label: "By tenant",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "shareByCohort",
    },
    View {
        value: "tenantOverTime",
        label: "Over the month",
        scenario: "runawayTenant",
        widget: "runawayTenant",
        chart: "spendOverTime",
    },
];

/// The views as the view setting's choices: each view's value and label, made from
/// [`VIEWS`] when the crate is compiled, so the two cannot drift apart.
const VIEW_CHOICES: &[Choice] = &{
    let mut choices = [Choice { value: "", label: "" }; VIEWS.len()];
    let mut i = 0;
    while i < VIEWS.len() {
        choices[i] = Choice { value: VIEWS[i].value, label: VIEWS[i].label };
        i += 1;
    }
    choices
};

/// A widget: the views of one lesson, named by its scenario (the `scenario` attribute),
/// what a screen reader calls it, the setting its policy buttons set, and the words of its
/// "another run" button and of the run's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    pub scenario: &'static str,
    /// The widget's accessible name.
    pub name: &'static str,
    pub policy: &'static str,
    pub another: &'static str,
    pub numbered: &'static str,
}

pub const WIDGETS: &[Widget] = &[
    Widget {
        scenario: "toyDay",
        name: "What a spending policy does to one day's AI bill",
        policy: "policy",
        another: "Another day",
        numbered: "Day",
    },
    Widget {
        scenario: "freeTier",
        name: "What a token bucket, a token budget and a global breaker do to a free tier's AI bill",
        policy: "freeTierPolicy",
        another: "Another run",
        numbered: "Run",
    },
    Widget {
        scenario: "hackathon",
        name: "What a request limit and a daily cost cap do to a public demo link's AI bill",
        policy: "hackathonPolicy",
        another: "Another day",
        numbered: "Day",
    },
    Widget {
        scenario: "runawayTenant",
        name:
            "What a per-tenant ledger, its daily and monthly caps and a degrade ladder do to a runaway tenant's month",
        policy: "tenantPolicy",
        another: "Another month",
        numbered: "Month",
    },
];

/// The widgets as the scenario setting's choices.
const WIDGET_CHOICES: &[Choice] = &[
    Choice { value: "toyDay", label: "One day" },
    Choice { value: "freeTier", label: "A free tier" },
    Choice { value: "hackathon", label: "A public demo link" },
    Choice { value: "runawayTenant", label: "A runaway tenant" },
];

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
const TENANT_VIEWS: &[&str] = &["byTenant", "tenantOverTime"];

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
        allowed: "\"day\", \"inflight\", \"overTime\", \"byKind\", \"freeOverTime\", \"demoByKind\", \"demoOverTime\", \"byTenant\" or \"tenantOverTime\"",
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
const FREE_VIEWS: &[&str] = &["byKind", "freeOverTime"];
/// The lesson 001 widget's views: its form shows the demo link's settings.
const DEMO_VIEWS: &[&str] = &["demoByKind", "demoOverTime"];

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

/// A setting as the page reads it: its name, its attribute and its old names spelled out.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SettingOut {
    key: &'static str,
    attribute: String,
    old_names: &'static [&'static str],
    label: &'static str,
    unit: &'static str,
    kind: Kind,
    allowed: &'static str,
    default: &'static str,
    views: &'static [&'static str],
}

impl From<SettingSpec> for SettingOut {
    fn from(s: SettingSpec) -> Self {
        let SettingSpec { key, old_names, label, unit, kind, allowed, default, views } = s;
        SettingOut { key, attribute: s.attribute(), old_names, label, unit, kind, allowed, default, views }
    }
}

/// `name` in kebab case, as HTML attributes are written: "budgetDollars" -> "budget-dollars".
pub fn kebab(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

impl SettingSpec {
    /// The element's attribute: the key in kebab case.
    pub fn attribute(&self) -> String {
        kebab(self.key)
    }

    /// Whether `name` names this setting: its key, its attribute or one of its old names.
    pub fn is_named(&self, name: &str) -> bool {
        name == self.key || name == self.attribute() || self.old_names.contains(&name)
    }

    /// Reads a value as a form, an attribute, the address or the command line gives it.
    ///
    /// ```
    /// use billsim_core::schema::{setting, Value};
    /// use billsim_core::Micros;
    /// let budget = setting("budgetDollars").unwrap();
    /// assert_eq!(budget.parse("0.015"), Ok(Value::Dollars(Micros(15_000))));
    /// assert_eq!(budget.parse("0").unwrap_err().to_string(),
    ///     "must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got \"0\"");
    /// ```
    pub fn parse(&self, text: &str) -> Result<Value, Invalid> {
        let bad = || Invalid { allowed: self.allowed, got: settings::shown(text) };
        match self.kind {
            Kind::Whole { min, max } => settings::whole_number(text, self.allowed, min, max).map(Value::Whole),
            Kind::Dollars { min, max } => match Micros::parse_dollars(text) {
                Ok(m) if (min..=max).contains(&m) => Ok(Value::Dollars(m)),
                _ => Err(bad()),
            },
            Kind::Choice { choices } => {
                choices.iter().find(|c| c.value == text.trim()).map(|c| Value::Choice(c.value)).ok_or_else(bad)
            }
        }
    }

    /// The default value.
    pub fn default_value(&self) -> Value {
        // Every default in the table is one of its own values (a test checks it).
        self.parse(self.default).unwrap_or(Value::Choice(self.default))
    }

    /// [`SettingSpec::parse`], with the key in the error.
    pub fn read(&self, text: &str) -> Result<Value, FieldError> {
        self.parse(text).map_err(|e| e.on(self.key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_settings_choices_are_the_views_and_each_shows_a_scenario_that_exists() {
        let choices: Vec<(&str, &str)> = VIEW_CHOICES.iter().map(|c| (c.value, c.label)).collect();
        let views: Vec<(&str, &str)> = VIEWS.iter().map(|v| (v.value, v.label)).collect();
        assert_eq!(choices, views);
        for v in VIEWS {
            assert!(crate::scenario::find(v.scenario).is_ok(), "{}: no scenario {}", v.value, v.scenario);
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
        free.extend(crate::lessons::free_tier::SETTINGS);
        assert_eq!(keys(&WIDGETS[1]), free);
        let mut demo = vec!["scenario", "view", "seed", "hackathonPolicy"];
        demo.extend(crate::scenario::HACKATHON.settings);
        assert_eq!(keys(&WIDGETS[2]), demo, "lesson 001's widget has its own");
        let all: Vec<&str> = widget_settings().map(|s| s.key).collect();
        let tenant = crate::scenario::RUNAWAY_TENANT.settings.len() + 1;
        let widgets =
            9 + crate::lessons::free_tier::SETTINGS.len() + 1 + crate::scenario::HACKATHON.settings.len() + 1 + tenant;
        assert!(all.len() == widgets, "{all:?}");
    }

    #[test]
    fn the_runaway_tenants_widget_has_its_policy_buttons_and_its_scenarios_settings_in_its_form() {
        let widget = WIDGETS.iter().find(|w| w.scenario == "runawayTenant").unwrap();
        let keys: Vec<&str> = settings_of(widget).map(|s| s.key).collect();
        let mut want = vec!["scenario", "view", "seed", "tenantPolicy"];
        want.extend(crate::scenario::RUNAWAY_TENANT.settings);
        assert_eq!(keys, want);
        for key in crate::scenario::RUNAWAY_TENANT.settings {
            assert_eq!(setting(key).unwrap().views, TENANT_VIEWS, "{key}: the form shows it");
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
            let scenario = crate::scenario::find(w.scenario).unwrap();
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
}
