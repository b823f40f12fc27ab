//! Lesson 003's scenario as the engine runs it (`freeTier`), with its settings: the
//! registry gathers it ([`crate::scenario::registry`]).

use crate::engine::{PriceTable, RunError};
use crate::lessons::free_tier::traffic::traffic;
use crate::lessons::free_tier::{report, Params, POLICIES};
use crate::money::Micros;
use crate::scenario::clash::{self, Clash};
use crate::scenario::setting::{Kind, SettingSpec};
use crate::scenario::{held, Built, Code, Marks, Scenario, TripWords, Values};

/// The lesson 003 widget's views: its form shows the free tier's settings.
const FREE_VIEWS: &[&str] = &["byKind", "freeTradeOff", "freeAccounts", "freeOverTime"];

/// The setting the widget's policy buttons set.
pub const POLICY_SETTING: SettingSpec = SettingSpec {
    key: "freeTierPolicy",
    old_names: &[],
    label: "Policy",
    unit: "",
    kind: Kind::Choice { choices: POLICIES },
    allowed: "\"noLimit\", \"bucket\", \"bucketBudget\", \"allThree\", \"allThreeHourly\" or \"allThreeDegrade\"",
    default: "allThree",
    views: &[],
};

/// The scenario's settings, in the order of the widget's form.
pub const SETTINGS: &[SettingSpec] = &[
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
        label: "Token budget per user per day (1 to 10,000,000)",
        unit: "tokens",
        kind: Kind::Whole { min: 1, max: 10_000_000 },
        allowed: "a whole number from 1 to 10,000,000",
        default: "60000",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "breakerDollars",
        old_names: &["breaker"],
        label: "Global breaker: spend ceiling per day, in dollars (0.01 to 1,000)",
        unit: "dollars",
        kind: Kind::Dollars { min: Micros(10_000), max: Micros(1_000_000_000) },
        allowed: "an amount in dollars from 0.01 to 1,000, with at most 6 decimals",
        default: "3.00",
        views: FREE_VIEWS,
    },
    SettingSpec {
        key: "hourlyDollars",
        old_names: &["hourly-ceiling", "hourly"],
        label: "Hourly ceiling (the hourly policy), in dollars (0.01 to 1,000)",
        unit: "dollars",
        kind: Kind::Dollars { min: Micros(10_000), max: Micros(1_000_000_000) },
        allowed: "an amount in dollars from 0.01 to 1,000, with at most 6 decimals",
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
];

/// A run needs a user of some kind.
const CLASHES: &[Clash] = &[Clash::NotAllZero {
    keys: &["normalUsers", "scriptUsers", "sockpuppets"],
    allowed: "at least 1 while there are no normal users and no script accounts (a run needs a user of some kind)",
}];

/// The lesson calls its spend ceiling the global breaker, and says it trips.
const MARKS: Marks = Marks {
    trip: Some(TripWords { mark: "breaker trips at", sentence: "the breaker trips at" }),
    reference: None,
    others: crate::scenario::Others::HONEST,
    start: Some(crate::scenario::StartWords::SCRIPT),
    outage: None,
};

pub const SCENARIO: Scenario = Scenario {
    name: "freeTier",
    label: "A free tier",
    lesson: "Lesson 003's free tier",
    description: "Two hours of a free tier: normal users, a script on one account and sockpuppet accounts, under \
         a token bucket, a daily token budget and a global spend breaker.",
    settings: SETTINGS,
    policies: POLICIES,
    abusers: &["script", "sockpuppet"],
    over: None,
    settings_allowed: "one of \"bucketCapacity\", \"refillPerMinute\", \"tokenBudget\", \"breakerDollars\", \
         \"hourlyDollars\", \"pricePerToken\", \"cheapPricePerToken\", \"normalUsers\", \"scriptUsers\", \"sockpuppets\"",
    clashes: CLASHES,
    code: held(Code { build, prices, panels: report::panels }, cfg!(feature = "free-tier")),
    marks: MARKS,
    accounts: Some(crate::scenario::ManyAccounts {
        cohort: "sockpuppet",
        policy: "bucketBudget",
        why: "per-user limits alone, each account inside its own",
    }),
};

/// The run's prices: the blended price, and the cheaper model's after a trip.
fn prices(values: &Values) -> Result<PriceTable, RunError> {
    Params::from_values(values).prices()
}

fn build(seed: u32, values: &Values) -> Result<Built, RunError> {
    // Settings that do not hold together (no user of any kind) are refused by the
    // scenario's one rule, in the words the widget and the command line say it in.
    clash::check(CLASHES, values).map_err(RunError::Setting)?;
    let params = Params::from_values(values);
    Ok(Built {
        traffic: traffic(seed, &params.counts)?,
        policies: params.policies(),
        labels: params.labels(),
        prices: params.prices()?,
    })
}
