//! Lesson 003, "Rate Limiting a Free Tier AI App": two hours of a free tier's traffic
//! (normal users, a script on one account, sockpuppet accounts), seeded, and the lesson's
//! three layers (a token bucket per user, a daily token budget per user, a global spend
//! breaker) with its two cheapest ways to soften the breaker. The scenario and its settings
//! are [`scenario`].

pub mod claims;
pub mod report;
pub mod scenario;
mod traffic;

use crate::engine::{Guard, Policy, Price, PriceTable, RunError};
use crate::money::{Micros, Tokens};
use crate::scenario::setting::Choice;
use crate::scenario::Values;
use crate::time::{Span, DAY, HOUR};
use std::num::NonZeroU32;

pub use traffic::{traffic, Counts, ABUSE_TOKENS, CHEAP_MODEL, MODEL, NORMAL_TOKENS, WINDOW};

pub const POLICIES: &[Choice] = &[
    Choice { value: "noLimit", label: "No limit" },
    Choice { value: "bucket", label: "Token bucket" },
    Choice { value: "bucketBudget", label: "Bucket and budget" },
    Choice { value: "allThree", label: "All three layers" },
    Choice { value: "allThreeHourly", label: "All three, hourly ceiling too" },
    Choice { value: "allThreeDegrade", label: "All three, degrade after the trip" },
];

/// The settings of the lesson 003 scenario, read from its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub capacity: NonZeroU32,
    pub refill_per_minute: u32,
    pub budget_tokens: Tokens,
    pub breaker: Micros,
    pub hourly: Micros,
    /// Dollars per token, blended (input and output alike).
    pub price: Micros,
    pub cheap_price: Micros,
    pub counts: Counts,
}

impl Params {
    /// From a scenario's values: each was checked against its range as it was set.
    pub fn from_values(v: &Values) -> Params {
        let whole = |k: &str| v.whole(k);
        Params {
            capacity: u32::try_from(whole("bucketCapacity")).ok().and_then(NonZeroU32::new).unwrap_or(NonZeroU32::MIN),
            refill_per_minute: u32::try_from(whole("refillPerMinute")).unwrap_or(0),
            budget_tokens: whole("tokenBudget"),
            breaker: v.dollars("breakerDollars"),
            hourly: v.dollars("hourlyDollars"),
            price: v.dollars("pricePerToken"),
            cheap_price: v.dollars("cheapPricePerToken"),
            counts: Counts {
                normal: u32::try_from(whole("normalUsers")).unwrap_or(0),
                script: u32::try_from(whole("scriptUsers")).unwrap_or(0),
                sockpuppets: u32::try_from(whole("sockpuppets")).unwrap_or(0),
            },
        }
    }

    fn bucket(&self) -> Guard {
        Guard::TokenBucket { capacity: self.capacity, refill_per_minute: self.refill_per_minute }
    }

    fn budget(&self) -> Guard {
        // The lesson's simulation estimates each request at its real size.
        Guard::TokenBudget { budget_tokens: self.budget_tokens, max_tokens: None }
    }

    fn breaker(&self, ceiling: Micros, seconds: u64) -> Guard {
        Guard::SpendCeiling { ceiling_micros: ceiling, period_ms: Span::seconds(seconds) }
    }

    /// The policies in the order of [`POLICIES`]: the lesson's order of checks, breaker
    /// first, then the budget, then the bucket.
    pub fn policies(&self) -> Vec<Policy> {
        let (bucket, budget, day) = (self.bucket(), self.budget(), self.breaker(self.breaker, DAY));
        let degrade =
            Guard::Degrade { ceiling_micros: self.breaker, period_ms: Span::seconds(DAY), model: CHEAP_MODEL.into() };
        let guards = [
            vec![],
            vec![bucket.clone()],
            vec![budget.clone(), bucket.clone()],
            vec![day.clone(), budget.clone(), bucket.clone()],
            vec![day, self.breaker(self.hourly, HOUR), budget.clone(), bucket.clone()],
            vec![degrade, budget, bucket],
        ];
        POLICIES.iter().zip(guards).map(|(c, g)| Policy::new(c.value, g)).collect()
    }

    /// Each policy's label with its numbers.
    pub fn labels(&self) -> Vec<String> {
        let bucket = format!("bucket of {} refilled {} a minute", self.capacity, self.refill_per_minute);
        let budget = format!("{} a day", crate::words::counted(self.budget_tokens, "token", "tokens"));
        let breaker = format!("{} a day", self.breaker.shown());
        vec![
            "No limit".into(),
            format!("Token bucket ({bucket})"),
            format!("Bucket and budget ({bucket}; {budget})"),
            format!("All three layers ({bucket}; {budget}; breaker {breaker})"),
            // Each label starts with its button's words (POLICIES), as the others do.
            format!("All three, hourly ceiling too ({} an hour)", self.hourly.shown()),
            format!(
                "All three, degrade after the trip (to the {CHEAP_MODEL} model at {} a token)",
                self.cheap_price.exact_dollars()
            ),
        ]
    }

    /// The price table: the blended price for the free tier's model, the cheaper one's.
    pub fn prices(&self) -> Result<PriceTable, RunError> {
        let per_token = |m: Micros| {
            let per_million = Micros(m.0.checked_mul(1_000_000).ok_or(RunError::Overflow)?);
            Ok::<_, RunError>(Price::per_million(per_million, per_million))
        };
        Ok(PriceTable(vec![(MODEL.into(), per_token(self.price)?), (CHEAP_MODEL.into(), per_token(self.cheap_price)?)]))
    }
}
