//! Synthetic traffic of any size, seeded: for the benchmarks and for properties checked
//! on traffic the lessons do not make (many users, calls in flight, several models).

use crate::engine::budget::Refill;
use crate::engine::guard::{Guard, SetAside};
use crate::engine::policy::Policy;
use crate::engine::price::{Nanos, Price, PriceTable};
use crate::engine::run::{run, Record};
use crate::engine::run_error::RunError;
use crate::engine::traffic::{BadTraffic, Call, Cohort, Traffic, User};
use crate::money::Micros;
use crate::random::{uniform, user_stream};
use crate::time::{Instant, Span, DAY};

/// Replies never exceed this many tokens, so a set-aside of it is the most a call costs.
pub const MAX_OUTPUT: u32 = 1_000;

/// `calls` calls from `users` users (uniformly) over one day, each 100 to 4,000 tokens
/// in, 20 to [`MAX_OUTPUT`] out, 0.2 to 8 s long, on one of two models.
///
/// ```
/// use billsim_core::engine::synthetic;
/// let t = synthetic::traffic(7, 1_000, 50).unwrap();
/// assert_eq!((t.calls().len(), t.users.len()), (1_000, 50));
/// assert_eq!(t, synthetic::traffic(7, 1_000, 50).unwrap(), "the same seed gives the same traffic");
/// ```
pub fn traffic(seed: u32, calls: u32, users: u32) -> Result<Traffic, BadTraffic> {
    let mut rng = user_stream(seed, u32::MAX); // a stream no toy-day user has
    let users = users.max(1);
    let mut list: Vec<Call> = (0..calls)
        .map(|request| Call {
            at: Instant(u64::from(uniform(&mut rng, 0, (DAY * 1_000 - 1) as u32))),
            user: uniform(&mut rng, 0, users - 1),
            model: uniform(&mut rng, 0, 1) as u16,
            request,
            input: u64::from(uniform(&mut rng, 100, 4_000)),
            output: u64::from(uniform(&mut rng, 20, MAX_OUTPUT)),
            latency: Span(u64::from(uniform(&mut rng, 200, 8_000))),
        })
        .collect();
    list.sort_unstable_by_key(|c| (c.at, c.user, c.request));
    Traffic::new(
        vec![Cohort { name: "user".into(), label: "Users".into() }],
        (0..users).map(|u| User { name: format!("user {u}"), cohort: 0 }).collect(),
        vec!["small".into(), "large".into()],
        list,
    )
}

/// The two models' prices: $0.80 and $4 per million tokens (small), $3 and $15 (large).
pub fn prices() -> PriceTable {
    let price = |input, output| Price::per_million(Micros(input), Micros(output));
    PriceTable(vec![("small".into(), price(800_000, 4_000_000)), ("large".into(), price(3_000_000, 15_000_000))])
}

/// Three guards in the lessons' order: a spend ceiling of $500 a day for everyone, a daily
/// budget of $0.25 per user that sets aside the reply cap, and 5 calls a minute per user.
pub fn three_guards() -> Policy {
    Policy::new(
        "threeGuards",
        vec![
            Guard::SpendCeiling { ceiling_micros: Micros(500_000_000), period_ms: Span::seconds(DAY) },
            Guard::MoneyBudget {
                budget_micros: Micros(250_000),
                refill: Refill::Daily,
                set_aside: SetAside::worst_case(u64::from(MAX_OUTPUT)),
            },
            Guard::SlidingWindow {
                limit: 5.try_into().unwrap_or(std::num::NonZeroU32::MIN),
                window_ms: Span::seconds(60),
            },
        ],
    )
}

/// The bill, in nano-dollars, of [`traffic`] under [`three_guards`]: what the benchmark
/// times natively and as wasm, from generating the traffic to the outcome.
pub fn bill_under_three_guards(seed: u32, calls: u32, users: u32) -> Result<Nanos, RunError> {
    let traffic = traffic(seed, calls, users)?;
    Ok(run(&traffic, &three_guards(), &prices(), Record::default())?.bill)
}
