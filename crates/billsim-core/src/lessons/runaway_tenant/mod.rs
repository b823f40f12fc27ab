//! Lesson 002's scenario, `runawayTenant`: a seeded month (30 days) of tenants on tiers
//! (trusted internal, paying, free) using an agent, and one paying tenant who, on a seeded
//! day at 09:00, points the agent at their whole document store and leaves it running: its
//! tasks grow into long chains of large contexts. Five policies compare what a per-tenant
//! ledger does: no cap, metering the request only, a daily hard block, a degrade ladder, and
//! daily and monthly windows with the ladder. The ledger's outage and each tier's fail mode
//! are settings ([`scenario`] declares them with the scenario).

pub mod claims;
pub mod ladder;
pub mod lesson_numbers;
pub mod panels;
pub mod runaway_day;
pub mod scenario;
pub mod traffic;

use crate::engine::{FailMode, Guard, Meter, Outage, Policy, Price, PriceTable, RunError, Tier};
use crate::money::{Micros, Tokens};
use crate::scenario::clash::{self, Clash, Side};
use crate::scenario::setting::Choice;
use crate::scenario::Values;
use crate::time::Instant;

/// The models, the most expensive first: the degrade ladder.
pub const LADDER: [&str; 3] = ["claude-opus-4-8", "claude-sonnet-4-6", "claude-haiku-4-5"];

/// The lesson's price table, in dollars per million tokens (input, output), as
/// micro-dollars: the one place a provider's price change is made.
pub const PRICES: [(&str, Micros, Micros); 3] = [
    ("claude-opus-4-8", Micros(5_000_000), Micros(25_000_000)),
    ("claude-sonnet-4-6", Micros(3_000_000), Micros(15_000_000)),
    ("claude-haiku-4-5", Micros(800_000), Micros(4_000_000)),
];

/// The price table.
pub fn prices() -> PriceTable {
    PriceTable(PRICES.iter().map(|&(m, i, o)| (m.to_string(), Price::per_million(i, o))).collect())
}

/// The tiers, by cohort: the runaway tenant pays as the paying tier does.
pub const TIERS: [(&str, &str); 4] =
    [("internal", "internal"), ("paying", "paying"), ("runaway", "paying"), ("free", "free")];

/// The scenario's settings, read and checked together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// What the whole product may spend in a month (the reference the runaway passes).
    pub product_monthly: Micros,
    /// Per tier (internal, paying, free): daily and monthly budget, fail mode.
    pub tiers: [(Micros, Micros, FailMode); 3],
    pub max_tokens: Tokens,
    /// The ledger's outage, in hours from the month's start (none when they are equal).
    pub outage_hours: (u64, u64),
    /// Percent of calls that fail.
    pub fail_percent: u64,
}

const TIER_NAMES: [&str; 3] = ["internal", "paying", "free"];

/// A tier's month holds its day: the daily budget may not be above the monthly one.
const fn month_holds_day(daily: &'static str, monthly: &'static str, of: [&'static str; 2]) -> Clash {
    Clash::Order {
        lower: Side { key: daily, allowed: of[0], beside: " with a monthly budget of" },
        upper: Side { key: monthly, allowed: of[1], beside: " with a daily budget of" },
    }
}

/// The settings that must hold together: each tier's day within its month, the outage's
/// start at or before its end.
pub const CLASHES: &[Clash] = &[
    month_holds_day(
        "internalDailyDollars",
        "internalMonthlyDollars",
        [
            "an amount in dollars at most the internal tier's monthly budget (a month holds a day)",
            "an amount in dollars at least the internal tier's daily budget (a month holds a day)",
        ],
    ),
    month_holds_day(
        "payingDailyDollars",
        "payingMonthlyDollars",
        [
            "an amount in dollars at most the paying tier's monthly budget (a month holds a day)",
            "an amount in dollars at least the paying tier's daily budget (a month holds a day)",
        ],
    ),
    month_holds_day(
        "freeDailyDollars",
        "freeMonthlyDollars",
        [
            "an amount in dollars at most the free tier's monthly budget (a month holds a day)",
            "an amount in dollars at least the free tier's daily budget (a month holds a day)",
        ],
    ),
    Clash::Order {
        lower: Side {
            key: "outageStartHour",
            allowed: "an hour at or before the outage's end (an outage cannot end before it starts)",
            beside: ", after the end at hour",
        },
        upper: Side {
            key: "outageEndHour",
            allowed: "an hour at or after the outage's start (an outage cannot end before it starts)",
            beside: ", before the start at hour",
        },
    },
];

impl Params {
    /// The settings, with the checks that take two of them: a monthly budget below its
    /// tier's daily one, an outage that ends before it starts.
    pub fn from_values(values: &Values) -> Result<Params, RunError> {
        let fail = |key: &str| FailMode::parse(values.choice(key)).unwrap_or(FailMode::Closed);
        let tier = |name: &str| {
            (
                values.dollars(&format!("{name}DailyDollars")),
                values.dollars(&format!("{name}MonthlyDollars")),
                fail(&format!("{name}Fail")),
            )
        };
        let params = Params {
            product_monthly: values.dollars("productMonthlyDollars"),
            tiers: TIER_NAMES.map(tier),
            max_tokens: values.whole("maxTokens"),
            outage_hours: (values.whole("outageStartHour"), values.whole("outageEndHour")),
            fail_percent: values.whole("failPercent"),
        };
        clash::check(CLASHES, values).map_err(RunError::Setting)?;
        Ok(params)
    }

    /// The ledger's outage, if it lasts at all.
    pub fn outage(&self) -> Option<Outage> {
        let (start, end) = self.outage_hours;
        (end > start).then(|| Outage { from_ms: Instant(start * 3_600_000), to_ms: Instant(end * 3_600_000) })
    }

    /// The daily and monthly budget of `cohort`'s tier.
    pub fn budgets(&self, cohort: &str) -> Option<(Micros, Micros)> {
        let tier = TIERS.iter().find(|(c, _)| *c == cohort)?.1;
        let i = TIER_NAMES.iter().position(|t| *t == tier)?;
        Some((self.tiers[i].0, self.tiers[i].1))
    }

    /// The ledger: every cohort's tier, with or without the monthly window.
    fn ledger(&self, meter: Meter, monthly: bool) -> Guard {
        let tiers = TIERS
            .iter()
            .filter_map(|&(cohort, tier)| {
                let i = TIER_NAMES.iter().position(|t| *t == tier)?;
                let (daily, month, fail) = self.tiers[i];
                Some(Tier {
                    cohort: cohort.to_string(),
                    daily_micros: Some(daily),
                    monthly_micros: monthly.then_some(month),
                    fail,
                })
            })
            .collect();
        // By cohort's name, as a policy file's tiers read back. Each cohort has one tier, so
        // the unstable sort gives the stable one's order, with less code in the module.
        let mut tiers: Vec<Tier> = tiers;
        tiers.sort_unstable_by(|a, b| a.cohort.cmp(&b.cohort));
        Guard::TenantLedger { tiers, max_tokens: self.max_tokens, meter, outage: self.outage() }
    }

    /// The five policies, in the order of [`POLICIES`].
    pub fn policies(&self) -> Vec<Policy> {
        vec![
            Policy::new("noCap", vec![]),
            Policy::new("meterRequestOnly", vec![self.ledger(Meter::PerRequest, false)]),
            Policy::new("dailyCap", vec![self.ledger(Meter::PerCall, false)]),
            Policy::new("degradeLadder", vec![self.ledger(Meter::PerCall, false)]).with_ladder(&LADDER),
            Policy::new("dailyAndMonthly", vec![self.ledger(Meter::PerCall, true)]).with_ladder(&LADDER),
        ]
    }
}

/// The policies' buttons.
pub const POLICIES: &[Choice] = &[
    Choice { value: "noCap", label: "No cap" },
    Choice { value: "meterRequestOnly", label: "Meter the request only" },
    Choice { value: "dailyCap", label: "Daily cap, hard block" },
    Choice { value: "degradeLadder", label: "Daily cap, degrade ladder" },
    Choice { value: "dailyAndMonthly", label: "Daily and monthly caps, degrade ladder" },
];

/// Each policy's label with its settings.
pub(crate) fn labels(p: &Params) -> Vec<String> {
    let paying = p.tiers[1];
    let (day, month) = (paying.0.shown(), paying.1.shown());
    vec![
        "No cap: nothing counts dollars".into(),
        format!("Meter the request only (paying {day} a day): only a task's first call is reserved"),
        format!("Daily cap, hard block (paying {day} a day): every call reserved"),
        format!("Daily cap, degrade ladder (paying {day} a day): opus, then sonnet, then haiku"),
        format!("Daily and monthly caps, degrade ladder (paying {day} a day, {month} a month)"),
    ]
}

#[cfg(test)]
mod tests;
