//! The month's traffic: tenants' agent tasks, each a request of model calls. A task is a
//! chain of steps; a step is one call (the agent thinking over its context), then a few
//! calls at once (tool results read by the model), then the next step over a larger
//! context. Every call asks for the most expensive model; replies never pass `max_tokens`
//! (the model stops there). All draws are integers on named streams, so native and wasm
//! make the same month.

use super::Params;
use crate::engine::{in_engine_order, BadTraffic, Call, Cohort, Traffic, User, DAY_MS};
use crate::money::Tokens;
use crate::random::{uniform, user_stream};
use crate::time::{Instant, Span};
use rand_chacha::ChaCha8Rng;

/// The tenants and their cohorts (a cohort is a tier, but for the runaway tenant, whom the
/// charts show apart; it pays as the paying tier does).
pub const TENANTS: [(&str, &str); 8] = [
    ("internal-search", "internal"),
    ("acme", "paying"),
    ("globex", "paying"),
    ("initech", "paying"),
    ("umbrella", "runaway"),
    ("hobbyist-a", "free"),
    ("hobbyist-b", "free"),
    ("student-c", "free"),
];
/// The runaway tenant's user number.
pub const RUNAWAY: u32 = 4;
/// The hour of its day the runaway tenant starts the agent on the whole store.
pub const RUNAWAY_FROM_HOUR: u64 = 9;
const DAYS: u64 = 30;
const HOUR_MS: u64 = 3_600_000;

const COHORTS: [(&str, &str); 4] = [
    ("internal", "Internal (trusted)"),
    ("paying", "Paying"),
    ("runaway", "Paying: the runaway tenant"),
    ("free", "Free"),
];

/// What one kind of task looks like: ranges to draw from (inclusive).
struct Shape {
    steps: (u32, u32),
    /// Calls at once after each step's first call.
    fan: (u32, u32),
    /// The first context, and what each step adds, in tokens; the context stops growing at `most`.
    context: (u32, u32),
    growth: (u32, u32),
    most: u32,
    /// What a fan-out call reads, in tokens.
    read: (u32, u32),
    output: (u32, u32),
    /// Latencies in milliseconds.
    think_ms: (u32, u32),
    read_ms: (u32, u32),
}

const ORDINARY: Shape = Shape {
    steps: (1, 3),
    fan: (0, 2),
    context: (2_000, 12_000),
    growth: (1_000, 3_000),
    most: 40_000,
    read: (1_000, 6_000),
    output: (200, 1_500),
    think_ms: (2_000, 15_000),
    read_ms: (1_000, 8_000),
};

/// The whole document store: long chains over large contexts.
const WHOLE_STORE: Shape = Shape {
    steps: (6, 16),
    fan: (1, 3),
    context: (15_000, 30_000),
    growth: (8_000, 16_000),
    most: 190_000,
    read: (10_000, 40_000),
    output: (800, 3_000),
    think_ms: (8_000, 30_000),
    read_ms: (4_000, 15_000),
};

/// Ordinary tasks a day per cohort (the number drawn from half to one and a half times it).
fn tasks_a_day(cohort: &str) -> u32 {
    match cohort {
        "internal" => 30,
        "paying" | "runaway" => 15,
        _ => 4,
    }
}

fn draw(rng: &mut ChaCha8Rng, (lo, hi): (u32, u32)) -> u32 {
    uniform(rng, lo, hi)
}

/// The day (1 to 28) the runaway tenant starts, at [`RUNAWAY_FROM_HOUR`]: never the first
/// day, and never so late that the next morning is past the month.
pub fn runaway_day(seed: u32) -> u64 {
    u64::from(uniform(&mut user_stream(seed, 2_000), 1, 28))
}

/// One task of `user` from `start`, as request number `request`.
fn task(
    rng: &mut ChaCha8Rng,
    shape: &Shape,
    start: u64,
    user: u32,
    request: u32,
    max_tokens: Tokens,
    calls: &mut Vec<Call>,
) {
    let mut at = start;
    let mut context = draw(rng, shape.context);
    let mut call = |at: u64, input: u32, output: u32, latency: u32| {
        let output = Tokens::from(output).min(max_tokens);
        calls.push(Call {
            at: Instant(at),
            user,
            model: 0,
            request,
            input: Tokens::from(input),
            output,
            latency: Span(u64::from(latency)),
        });
    };
    for _ in 0..draw(rng, shape.steps) {
        let think = draw(rng, shape.think_ms);
        call(at, context, draw(rng, shape.output), think);
        // The tools run, then the model reads what each returned, all at once.
        at += u64::from(think) + u64::from(draw(rng, (500, 3_000)));
        let mut longest = 0;
        for _ in 0..draw(rng, shape.fan) {
            let read = draw(rng, shape.read_ms);
            longest = longest.max(read);
            call(at, draw(rng, shape.read), draw(rng, shape.output) / 2, read);
        }
        at += u64::from(longest);
        context = (context + draw(rng, shape.growth)).min(shape.most);
    }
}

/// Whether a call fails: a hash of the seed and the call's own fields, so it does not
/// depend on the calls' order.
fn fails(seed: u32, percent: u64, c: &Call) -> bool {
    let mut h = u64::from(seed) ^ 0x9e37_79b9_7f4a_7c15;
    for v in [u64::from(c.request), c.at.0, c.input] {
        h = (h ^ v).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        h ^= h >> 31;
    }
    h % 100 < percent
}

/// The month of run number `seed`.
pub fn traffic(seed: u32, params: &Params) -> Result<Traffic, BadTraffic> {
    let mut calls: Vec<Call> = Vec::new();
    let mut request = 0u32;
    let max_tokens = params.max_tokens;
    for (user, &(_, cohort)) in TENANTS.iter().enumerate() {
        let user = user as u32;
        let mut rng = user_stream(seed, 1_000 + user);
        let n = tasks_a_day(cohort);
        for day in 0..DAYS {
            for _ in 0..draw(&mut rng, (n / 2, n + n / 2)) {
                let start = day * DAY_MS + u64::from(draw(&mut rng, (7 * 3_600, 22 * 3_600 - 1))) * 1_000;
                task(&mut rng, &ORDINARY, start, user, request, max_tokens, &mut calls);
                request += 1;
            }
        }
    }
    // From 09:00 of its day to midnight, a new task every 40 s to 2 minutes.
    let mut rng = user_stream(seed, 1_500);
    let day = runaway_day(seed);
    let mut at = day * DAY_MS + RUNAWAY_FROM_HOUR * HOUR_MS;
    while at < (day + 1) * DAY_MS {
        task(&mut rng, &WHOLE_STORE, at, RUNAWAY, request, max_tokens, &mut calls);
        request += 1;
        at += u64::from(draw(&mut rng, (40, 120))) * 1_000;
    }
    // Calls of one task at one moment keep their order.
    let calls: Vec<Call> = in_engine_order(calls.len(), &|i| (calls[i].at, calls[i].user))
        .into_iter()
        .map(|i| calls[i as usize])
        .collect();
    let cohorts: Vec<Cohort> =
        COHORTS.iter().map(|&(name, label)| Cohort { name: name.into(), label: label.into() }).collect();
    let users = TENANTS
        .iter()
        .map(|&(name, cohort)| User {
            name: name.into(),
            cohort: COHORTS.iter().position(|(c, _)| *c == cohort).unwrap_or(0) as u16,
        })
        .collect();
    let models = super::LADDER.iter().map(|m| m.to_string()).collect();
    let percent = params.fail_percent;
    Ok(Traffic::new(cohorts, users, models, calls)?.with_failures(|c| fails(seed, percent, c)))
}
