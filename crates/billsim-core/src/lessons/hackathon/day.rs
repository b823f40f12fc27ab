//! A seeded day of a public demo link: honest visitors asking a few short questions each,
//! one visitor with a script, and, when the setting is on, an office of people with no
//! `X-User` header behind one address. Each person sends a question when the reply to
//! the last one has come (plus a pause); the script starts `at_once` calls at a time.
//! The traffic is the same under every policy: a refused request takes the time a reply
//! would have (the script does not speed up on a 429), which keeps the day one day.

use super::{price, Settings, MAX_TOKENS, MODEL};
use crate::engine::{in_engine_order, BadTraffic, Call, Cohort, Keys, Nanos, Traffic, User};
use crate::money::Tokens;
use crate::random::{uniform, user_stream};
use crate::time::{Instant, Span};
use rand_chacha::ChaCha8Rng;

const SECOND: u64 = 1_000;
const MINUTE: u64 = 60 * SECOND;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

/// Honest visitors in a day.
pub const VISITORS: (u32, u32) = (40, 80);
/// A visitor comes between 08:00 and 21:30 and asks 1 to 5 short questions.
pub const VISITOR_ARRIVAL: (u64, u64) = (8 * HOUR, 21 * HOUR + 30 * MINUTE);
pub const QUESTIONS: (u32, u32) = (1, 5);
/// Reading the reply and typing the next question: 10 to 90 s.
pub const THINK_MS: (u32, u32) = (10_000, 90_000);
/// A short question with the app's one-line system prompt, in tokens (the tutorial's
/// were 23 to 33), and a reply of at most the app's 80 tokens.
pub const QUESTION_INPUT: (u32, u32) = (20, 60);
pub const REPLY_OUTPUT: (u32, u32) = (5, MAX_TOKENS as u32);

/// The script: starts between 10:00 and 14:00, runs 2 to 4 hours, sends a longer prompt
/// and asks for long answers (cut at 80 tokens), and sends again 0.1 to 0.5 s after the
/// slowest reply of its last batch.
pub const SCRIPT_START: (u64, u64) = (10 * HOUR, 14 * HOUR);
pub const SCRIPT_RUN_MINUTES: (u32, u32) = (120, 240);
pub const SCRIPT_INPUT: (u32, u32) = (100, 140);
pub const SCRIPT_OUTPUT: (u32, u32) = (60, MAX_TOKENS as u32);
pub const SCRIPT_PAUSE_MS: (u32, u32) = (100, 500);
/// The longest question of the day, in tokens.
pub const MOST_INPUT: u64 = SCRIPT_INPUT.1 as u64;

/// The office: 8 people who try the link together, between 10:00 and 16:00: one asks 20
/// to 30 questions a few seconds apart; the others join 50 to 75 s after the first (while
/// the first's questions fill the window) and ask 2 to 4 each. None sends a header: the
/// app keys them all by the office's address.
pub const OFFICE_PEOPLE: u32 = 8;
pub const OFFICE_START: (u64, u64) = (10 * HOUR, 16 * HOUR);
pub const OFFICE_HEAVY_QUESTIONS: (u32, u32) = (20, 30);
pub const OFFICE_HEAVY_THINK_MS: (u32, u32) = (3_000, 10_000);
pub const OFFICE_QUESTIONS: (u32, u32) = (2, 4);
pub const OFFICE_JOIN_MS: (u32, u32) = (50_000, 75_000);
pub const OFFICE_THINK_MS: (u32, u32) = (20_000, 60_000);
/// The office's address (a documentation address, RFC 5737).
pub const OFFICE_ADDRESS: &str = "198.51.100.7";

/// How long a reply takes: [`super::reply_time`] and up to 0.3 s more.
fn latency(rng: &mut ChaCha8Rng, output: Tokens) -> Span {
    Span(super::reply_time(output).0 + u64::from(uniform(rng, 0, 300)))
}

fn draw(rng: &mut ChaCha8Rng, range: (u32, u32)) -> u64 {
    u64::from(uniform(rng, range.0, range.1))
}

fn draw_ms(rng: &mut ChaCha8Rng, range: (u64, u64)) -> u64 {
    // Every range here is under a day, so it fits a u32.
    u64::from(uniform(rng, range.0 as u32, range.1 as u32))
}

/// Streams of the generator: apart from the toy day's (0 to 9) and the synthetic traffic's.
const STREAM: u32 = 1_001_000;

/// The cohorts, by index: [`VISITOR`], [`SCRIPT`], [`OFFICE`].
pub const VISITOR: u16 = 0;
pub const SCRIPT: u16 = 1;
pub const OFFICE: u16 = 2;

/// A call and its key's number.
struct Sent {
    call: Call,
    key: u32,
}

/// One person's questions, one after another: each `think` after the last reply.
fn questions(
    rng: &mut ChaCha8Rng,
    user: u32,
    start: u64,
    count: u64,
    think: (u32, u32),
    key: u32,
    out: &mut Vec<Sent>,
) {
    let mut at = start;
    for _ in 0..count {
        if at >= DAY {
            return;
        }
        let input = draw(rng, QUESTION_INPUT);
        let output = draw(rng, REPLY_OUTPUT);
        let latency = latency(rng, output);
        let call = Call { at: Instant(at), user, model: 0, request: 0, input, output, latency };
        out.push(Sent { call, key });
        at += latency.0 + u64::from(uniform(rng, think.0, think.1));
    }
}

/// The day number `seed` under `settings` (the weaknesses it switches on).
pub fn traffic(seed: u32, settings: &Settings) -> Result<Traffic, BadTraffic> {
    let mut sent: Vec<Sent> = Vec::new();
    let mut users = vec![User { name: "script".into(), cohort: SCRIPT }];
    // Who the app takes each caller to be: an `X-User` header, or the address without one.
    let mut names: Vec<String> = Vec::new();
    let mut key = |name: String| {
        names.push(name);
        names.len() as u32 - 1
    };
    let script = (!settings.spoofed).then(|| key("script".into()));

    // The script, user 0.
    let mut rng = user_stream(seed, STREAM);
    let mut at = draw_ms(&mut rng, SCRIPT_START);
    let end = (at + draw(&mut rng, SCRIPT_RUN_MINUTES) * MINUTE).min(DAY);
    let mut n = 0u32;
    while at < end {
        let mut slowest = 0;
        for _ in 0..settings.at_once {
            n += 1;
            let input = draw(&mut rng, SCRIPT_INPUT);
            let output = draw(&mut rng, SCRIPT_OUTPUT);
            let latency = latency(&mut rng, output);
            slowest = slowest.max(latency.0);
            let key = script.unwrap_or_else(|| key(format!("script-{n}")));
            sent.push(Sent {
                call: Call { at: Instant(at), user: 0, model: 0, request: 0, input, output, latency },
                key,
            });
        }
        at += slowest + draw(&mut rng, SCRIPT_PAUSE_MS);
    }

    // Honest visitors, each with a header of their own.
    let mut rng = user_stream(seed, STREAM + 1);
    let visitors = uniform(&mut rng, VISITORS.0, VISITORS.1);
    for v in 0..visitors {
        let user = users.len() as u32;
        let name = format!("visitor-{}", v + 1);
        let mut rng = user_stream(seed, STREAM + 100 + v);
        let start = draw_ms(&mut rng, VISITOR_ARRIVAL);
        let count = draw(&mut rng, QUESTIONS);
        questions(&mut rng, user, start, count, THINK_MS, key(name.clone()), &mut sent);
        users.push(User { name, cohort: VISITOR });
    }

    let mut cohorts = vec![
        Cohort { name: "visitor".into(), label: "Honest visitors".into() },
        Cohort { name: "script".into(), label: "Visitor with a script".into() },
    ];
    if settings.shared_address {
        cohorts.push(Cohort { name: "office".into(), label: "Office behind one address".into() });
        let mut rng = user_stream(seed, STREAM + 2);
        let start = draw_ms(&mut rng, OFFICE_START);
        let address = key(OFFICE_ADDRESS.into());
        for p in 0..OFFICE_PEOPLE {
            let user = users.len() as u32;
            let mut rng = user_stream(seed, STREAM + 10 + p);
            let (first, count, think) = if p == 0 {
                (start, draw(&mut rng, OFFICE_HEAVY_QUESTIONS), OFFICE_HEAVY_THINK_MS)
            } else {
                (start + draw(&mut rng, OFFICE_JOIN_MS), draw(&mut rng, OFFICE_QUESTIONS), OFFICE_THINK_MS)
            };
            questions(&mut rng, user, first, count, think, address, &mut sent);
            users.push(User { name: format!("office-{}", p + 1), cohort: OFFICE });
        }
    }

    // In the engine's order (time, then user, then as sent), each call its own request.
    let order = in_engine_order(sent.len(), &|i| (sent[i].call.at, sent[i].call.user));
    let of_call = order.iter().map(|&i| sent[i as usize].key).collect();
    let calls = order.iter().zip(0u32..).map(|(&i, request)| Call { request, ..sent[i as usize].call }).collect();
    let traffic = Traffic::new(cohorts, users, vec![MODEL.into()], calls)?.with_keys(Keys { names, of_call })?;
    Ok(traffic.with_restarts(settings.restart.into_iter().collect()))
}

/// The most calls of `traffic` in flight at one moment, if every one were let through.
pub fn most_in_flight(traffic: &Traffic) -> u32 {
    use std::cmp::Reverse;
    let calls = traffic.calls();
    // Finishes of the calls in flight, the earliest first; one finishing as another starts
    // is done first (as the engine settles before it admits).
    let mut finishes = std::collections::BinaryHeap::new();
    let mut most = 0;
    for &i in traffic.in_order() {
        let call = &calls[i as usize];
        while finishes.peek().is_some_and(|&Reverse(f)| f <= call.at) {
            finishes.pop();
        }
        finishes.push(Reverse(call.at.after(call.latency)));
        most = most.max(finishes.len());
    }
    most as u32
}

/// The most one call can cost: the longest question the scenario sends, and a whole
/// reply of [`MAX_TOKENS`].
pub fn most_one_call_costs() -> Nanos {
    price().cost(MOST_INPUT, MAX_TOKENS).expect("a call of the tutorial's app costs a fraction of a dollar")
}
