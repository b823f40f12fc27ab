//! Lesson 002's scenario, `runawayTenant`: a seeded month (30 days) of tenants on tiers
//! (trusted internal, paying, free) using an agent, and one paying tenant who, on a seeded
//! day at 09:00, points the agent at their whole document store and leaves it running: its
//! tasks grow into long chains of large contexts. Five policies compare what a per-tenant
//! ledger does: no cap, metering the request only, a daily hard block, a degrade ladder, and
//! daily and monthly windows with the ladder. The ledger's outage and each tier's fail mode
//! are settings.

pub mod claims;
pub mod panels;
mod traffic;

use crate::engine::{FailMode, Guard, Meter, Outage, Policy, Price, PriceTable, RunError, Tier};
use crate::money::{Micros, Tokens};
use crate::scenario::settle::{Clash, Side};
use crate::scenario::{Built, Values};
use crate::time::Instant;

pub use traffic::{runaway_day, traffic, RUNAWAY, RUNAWAY_FROM_HOUR, TENANTS};

/// The models, the most expensive first: the degrade ladder.
pub const LADDER: [&str; 3] = ["claude-opus-4-8", "claude-sonnet-4-6", "claude-haiku-4-5"];

/// The lesson's price table, in dollars per million tokens (input, output), as
/// micro-dollars: the one place a provider's price change is made.
pub const PRICES: [(&str, Micros, Micros); 3] = [
    ("claude-opus-4-8", Micros(5_000_000), Micros(25_000_000)),
    ("claude-sonnet-4-6", Micros(3_000_000), Micros(15_000_000)),
    ("claude-haiku-4-5", Micros(800_000), Micros(4_000_000)),
];

/// The price table (every price above has at most three decimals per million, so each is a
/// whole number of nano-dollars a token).
pub fn prices() -> PriceTable {
    PriceTable(
        PRICES.iter().filter_map(|&(m, i, o)| Price::per_million(i, o).ok().map(|p| (m.to_string(), p))).collect(),
    )
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
        crate::scenario::settle::check(&crate::scenario::RUNAWAY_TENANT, values).map_err(RunError::Setting)?;
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
        // By cohort's name, as a policy file's tiers read back.
        let mut tiers: Vec<Tier> = tiers;
        tiers.sort_by(|a, b| a.cohort.cmp(&b.cohort));
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
pub const POLICIES: &[crate::scenario::schema::Choice] = &[
    crate::scenario::schema::Choice { value: "noCap", label: "No cap" },
    crate::scenario::schema::Choice { value: "meterRequestOnly", label: "Meter the request only" },
    crate::scenario::schema::Choice { value: "dailyCap", label: "Daily cap, hard block" },
    crate::scenario::schema::Choice { value: "degradeLadder", label: "Daily cap, degrade ladder" },
    crate::scenario::schema::Choice { value: "dailyAndMonthly", label: "Daily and monthly caps, degrade ladder" },
];

/// Each policy's label with its settings.
fn labels(p: &Params) -> Vec<String> {
    let paying = p.tiers[1];
    let (day, month) = (paying.0.shown(), paying.1.shown());
    vec![
        "No cap: nothing counts dollars".into(),
        format!("Daily cap metered per request (paying {day} a day): only a task's first call is reserved"),
        format!("Daily cap, hard block (paying {day} a day): every call reserved"),
        format!("Daily cap, degrade ladder (paying {day} a day): opus, then sonnet, then haiku"),
        format!("Daily and monthly caps, degrade ladder (paying {day} a day, {month} a month)"),
    ]
}

pub(crate) fn build(seed: u32, values: &Values) -> Result<Built, RunError> {
    let params = Params::from_values(values)?;
    Ok(Built {
        traffic: traffic(seed, &params)?,
        policies: params.policies(),
        labels: labels(&params),
        prices: prices(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Nanos;
    use crate::scenario::{find, RUNAWAY_TENANT};

    #[test]
    fn the_price_table_is_the_lessons_per_million_tokens_exactly() {
        let table = prices();
        let per_token = |m: &str| table.get(m).map(|p| (p.input_per_token, p.output_per_token));
        assert_eq!(per_token("claude-opus-4-8"), Some((Nanos(5_000), Nanos(25_000))), "$5 / $25");
        assert_eq!(per_token("claude-sonnet-4-6"), Some((Nanos(3_000), Nanos(15_000))), "$3 / $15");
        assert_eq!(per_token("claude-haiku-4-5"), Some((Nanos(800), Nanos(4_000))), "$0.80 / $4");
        let haiku = table.get("claude-haiku-4-5").unwrap();
        assert_eq!(haiku.cost(1_000_000, 1_000_000), Ok(Nanos(4_800_000_000)), "$4.80 for a million in and out");
        assert_eq!(LADDER.map(|m| table.get(m).is_some()), [true; 3], "every model of the ladder has a price");
    }

    fn values() -> Values {
        Values::defaults(&RUNAWAY_TENANT)
    }

    #[test]
    fn a_monthly_budget_below_the_daily_one_is_refused_with_the_field_and_both_amounts() {
        let mut v = values();
        v.set(&RUNAWAY_TENANT, "freeMonthlyDollars", "0.50").unwrap();
        let err = Params::from_values(&v).unwrap_err();
        assert_eq!(
            err.to_string(),
            "freeMonthlyDollars: must be an amount in dollars at least the free tier's daily budget (a month holds a \
             day); got $0.50 with a daily budget of $1.00"
        );
        assert!(crate::scenario::run(&RUNAWAY_TENANT, 0, &v, None, crate::engine::Record::COUNTS).is_err());
    }

    #[test]
    fn an_outage_that_ends_before_it_starts_is_refused_and_one_of_no_length_is_no_outage() {
        let mut v = values();
        v.set(&RUNAWAY_TENANT, "outageStartHour", "10").unwrap();
        v.set(&RUNAWAY_TENANT, "outageEndHour", "9").unwrap();
        assert_eq!(
            Params::from_values(&v).unwrap_err().to_string(),
            "outageEndHour: must be an hour at or after the outage's start (an outage cannot end before it starts); \
             got 9, before the start at hour 10"
        );
        v.set(&RUNAWAY_TENANT, "outageEndHour", "10").unwrap();
        assert_eq!(Params::from_values(&v).unwrap().outage(), None);
    }

    #[test]
    fn a_bad_setting_names_its_field_and_range() {
        let mut v = values();
        let err = |v: &mut Values, key: &str, text: &str| v.set(&RUNAWAY_TENANT, key, text).unwrap_err().to_string();
        assert_eq!(
            err(&mut v, "maxTokens", "0"),
            "maxTokens: must be a whole number of tokens from 1 to 32000; got \"0\""
        );
        assert_eq!(
            err(&mut v, "payingDailyDollars", "-5"),
            "payingDailyDollars: must be an amount in dollars from 0.01 to 1000000, with at most 6 decimals; got \"-5\""
        );
        assert_eq!(err(&mut v, "freeFail", "maybe"), "freeFail: must be \"open\" or \"closed\"; got \"maybe\"");
        assert_eq!(
            err(&mut v, "outageEndHour", "721"),
            "outageEndHour: must be a whole number of hours from 0 to 720; got \"721\""
        );
        assert!(find("runawayTenant").is_ok());
    }

    #[test]
    fn the_month_is_tens_of_thousands_of_calls_the_same_for_the_same_seed_and_the_runaway_starts_at_nine() {
        let p = Params::from_values(&values()).unwrap();
        let month = traffic(3, &p).unwrap();
        assert!((20_000..60_000).contains(&month.calls().len()), "{} calls", month.calls().len());
        assert_eq!(month, traffic(3, &p).unwrap());
        let day = runaway_day(3);
        let nine = Instant(day * crate::engine::DAY_MS + RUNAWAY_FROM_HOUR * 3_600_000);
        assert!(month.calls().iter().any(|c| c.user == RUNAWAY && c.at == nine), "a task at 09:00 of day {day}");
        let mut per_day = [0u32; 30];
        for c in month.calls().iter().filter(|c| c.user == RUNAWAY) {
            per_day[(c.at.0 / crate::engine::DAY_MS).min(29) as usize] += 1;
        }
        let others = per_day.iter().enumerate().filter(|&(d, _)| d as u64 != day && d as u64 != day + 1);
        let most_other = others.map(|(_, &n)| n).max().unwrap_or(0);
        assert!(per_day[day as usize] > 20 * most_other, "{per_day:?}");
        assert!(month.calls().iter().all(|c| c.output <= p.max_tokens), "replies stay within max_tokens");
    }

    #[test]
    fn over_the_month_the_reserving_policies_stay_within_their_tenants_budget_line() {
        for seed in 0..10 {
            let r =
                crate::scenario::run(&RUNAWAY_TENANT, seed, &values(), None, crate::engine::Record::default()).unwrap();
            let view = crate::views::over_time::over_time(&r).unwrap();
            let within = |i: usize| {
                let limit = view.limits.iter().find(|l| l.policies.contains(&i)).expect("a ledger draws its line");
                view.lines[i].points.iter().zip(&limit.points).all(|(s, l)| s[1] <= l[1])
            };
            // The line sums every tenant's budget, so others' unspent budgets can hide one tenant's overspend.
            assert!(seed != 0 || !within(1), "month 0: metering the request passes the line");
            assert!(within(2) && within(3) && within(4), "month {seed}: every call reserved stays within");
            assert!(
                view.limits[1].label.ends_with("$183.00 a day, at most $2,330.00 a month"),
                "{}",
                view.limits[1].label
            );
        }
    }
}
