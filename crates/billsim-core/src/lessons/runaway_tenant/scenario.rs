//! Lesson 002's scenario as the engine runs it (`runawayTenant`), with its settings: the
//! registry gathers it ([`crate::scenario::registry`]).

use crate::engine::RunError;
use crate::lessons::runaway_tenant::traffic::traffic;
use crate::lessons::runaway_tenant::{labels, panels, prices, Params, CLASHES, POLICIES};
use crate::money::Micros;
use crate::scenario::setting::{Choice, Kind, SettingSpec};
use crate::scenario::{held, Built, Code, Marks, OutageWords, Reference, Scenario, Values};

const FAIL_MODES: &[Choice] = &[
    Choice { value: "open", label: "Fail open: served, unmetered" },
    Choice { value: "closed", label: "Fail closed: refused" },
];
const FAIL_ALLOWED: &str = "\"open\" or \"closed\"";
const TENANT_DOLLARS: Kind = Kind::Dollars { min: Micros(10_000), max: Micros(1_000_000 * Micros::PER_DOLLAR) };
const TENANT_DOLLARS_ALLOWED: &str = "an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals";

/// The lesson 002 widget's views: its form shows the runaway tenant's settings.
const TENANT_VIEWS: &[&str] = &["byTenant", "tenantRunawayDay", "tenantLadder", "tenantTradeOff", "tenantOverTime"];

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

/// The setting the widget's policy buttons set.
pub const POLICY_SETTING: SettingSpec = SettingSpec {
    key: "tenantPolicy",
    old_names: &[],
    label: "Policy",
    unit: "",
    kind: Kind::Choice { choices: POLICIES },
    allowed: "\"noCap\", \"meterRequestOnly\", \"dailyCap\", \"degradeLadder\" or \"dailyAndMonthly\"",
    default: "degradeLadder",
    views: &[],
};

/// The scenario's settings, in the order of the widget's form.
pub const SETTINGS: &[SettingSpec] = &[
    tenant(
        "productMonthlyDollars",
        &["product-monthly"],
        "What the whole product may spend in a month, in dollars (0.01 to 1,000,000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "1000",
    ),
    tenant(
        "internalDailyDollars",
        &["internal-daily"],
        "Internal tier's daily budget per tenant, in dollars (0.01 to 1,000,000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "100",
    ),
    tenant(
        "internalMonthlyDollars",
        &["internal-monthly"],
        "Internal tier's monthly budget per tenant, in dollars (0.01 to 1,000,000, at least the daily)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "1500",
    ),
    tenant(
        "payingDailyDollars",
        &["paying-daily"],
        "Paying tier's daily budget per tenant, in dollars (0.01 to 1,000,000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "20",
    ),
    tenant(
        "payingMonthlyDollars",
        &["paying-monthly"],
        "Paying tier's monthly budget per tenant, in dollars (0.01 to 1,000,000, at least the daily)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "200",
    ),
    tenant(
        "freeDailyDollars",
        &["free-daily"],
        "Free tier's daily budget per tenant, in dollars (0.01 to 1,000,000)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "1",
    ),
    tenant(
        "freeMonthlyDollars",
        &["free-monthly"],
        "Free tier's monthly budget per tenant, in dollars (0.01 to 1,000,000, at least the daily)",
        "dollars",
        TENANT_DOLLARS,
        TENANT_DOLLARS_ALLOWED,
        "10",
    ),
    tenant(
        "maxTokens",
        &[],
        "Reply cap (max_tokens) each call reserves as output (1 to 32,000)",
        "tokens",
        Kind::Whole { min: 1, max: 32_000 },
        "a whole number of tokens from 1 to 32,000",
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

/// The product's monthly budget, which the runaway tenant alone passed by 2 pm, is drawn
/// on the month's spend; no policy here enforces it.
const MARKS: Marks = Marks {
    trip: None,
    reference: Some(Reference { key: "productMonthlyDollars", label: "product's monthly budget" }),
    others: crate::scenario::Others {
        who: "others'",
        one: "call",
        many: "calls",
        kind: "kind of tenant",
        members: "tenants",
    },
    start: None,
    outage: Some(OutageWords {
        from: "outageStartHour",
        to: "outageEndHour",
        mark: "ledger down",
        sentence: "The ledger is down",
    }),
};

pub const SCENARIO: Scenario = Scenario {
    name: "runawayTenant",
    label: "A runaway tenant",
    lesson: "Lesson 002's runaway tenant",
    description: "A month of tenants on tiers using an agent; one points it at their whole document store at 09:00 \
                  and leaves it running. No cap, metering the request only, a daily hard block, a degrade ladder, and \
                  daily and monthly caps; the ledger can go down.",
    settings: SETTINGS,
    policies: POLICIES,
    abusers: &["runaway"],
    over: None,
    settings_allowed: "one of \"productMonthlyDollars\", \"internalDailyDollars\", \"internalMonthlyDollars\", \
                       \"payingDailyDollars\", \"payingMonthlyDollars\", \"freeDailyDollars\", \"freeMonthlyDollars\", \
                       \"maxTokens\", \"outageStartHour\", \"outageEndHour\", \"internalFail\", \"payingFail\", \
                       \"freeFail\", \"failPercent\"",
    clashes: CLASHES,
    code: held(Code { build, prices: |_| Ok(prices()), panels: panels::panels }, cfg!(feature = "runaway-tenant")),
    marks: MARKS,
    accounts: None,
};

fn build(seed: u32, values: &Values) -> Result<Built, RunError> {
    let params = Params::from_values(values)?;
    Ok(Built {
        traffic: traffic(seed, &params)?,
        policies: params.policies(),
        labels: labels(&params),
        prices: prices(),
    })
}
