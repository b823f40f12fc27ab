//! A seeded day of a public demo link: honest visitors asking a few short questions each,
//! one visitor with a script, and, when the setting is on, an office of people with no
//! `X-User` header behind one address. Each person sends a question when the reply to
//! the last one has come (plus a pause); the script starts `at_once` calls at a time.
//! The traffic is the same under every policy: a refused request takes the time a reply
//! would have (the script does not speed up on a 429), which keeps the day one day.

use super::{Settings, MAX_TOKENS, MODEL};
use crate::draw::{uniform, user_stream};
use crate::engine::{BadTraffic, Call, Cohort, Keys, Traffic, User};
use crate::money::Tokens;
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

/// The office: 8 people who try the link together, between 10:00 and 16:00, one of them
/// asking 20 to 30 questions a few seconds apart, the others 2 to 4 each in the first
/// 10 minutes. None sends a header: the app keys them all by the office's address.
pub const OFFICE_PEOPLE: u32 = 8;
pub const OFFICE_START: (u64, u64) = (10 * HOUR, 16 * HOUR);
pub const OFFICE_HEAVY_QUESTIONS: (u32, u32) = (20, 30);
pub const OFFICE_HEAVY_THINK_MS: (u32, u32) = (3_000, 10_000);
pub const OFFICE_QUESTIONS: (u32, u32) = (2, 4);
pub const OFFICE_SPREAD_MS: u32 = 10 * MINUTE as u32;
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

struct Sent {
    call: Call,
    key: String,
}

/// One person's questions, one after another: each `think` after the last reply.
fn questions(
    rng: &mut ChaCha8Rng,
    user: u32,
    start: u64,
    count: u64,
    think: (u32, u32),
    key: &str,
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
        out.push(Sent { call, key: key.to_string() });
        at += latency.0 + u64::from(uniform(rng, think.0, think.1));
    }
}

/// The day number `seed` under `settings` (the weaknesses it switches on).
pub fn traffic(seed: u32, settings: &Settings) -> Result<Traffic, BadTraffic> {
    let mut sent: Vec<Sent> = Vec::new();
    let mut users = vec![User { name: "script".into(), cohort: SCRIPT }];

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
            let key = if settings.spoofed { format!("script-{n}") } else { "script".into() };
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
        questions(&mut rng, user, start, count, THINK_MS, &name, &mut sent);
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
        for p in 0..OFFICE_PEOPLE {
            let user = users.len() as u32;
            let mut rng = user_stream(seed, STREAM + 10 + p);
            let (first, count, think) = if p == 0 {
                (start, draw(&mut rng, OFFICE_HEAVY_QUESTIONS), OFFICE_HEAVY_THINK_MS)
            } else {
                (
                    start + u64::from(uniform(&mut rng, 0, OFFICE_SPREAD_MS)),
                    draw(&mut rng, OFFICE_QUESTIONS),
                    OFFICE_THINK_MS,
                )
            };
            questions(&mut rng, user, first, count, think, OFFICE_ADDRESS, &mut sent);
            users.push(User { name: format!("office-{}", p + 1), cohort: OFFICE });
        }
    }

    // In the engine's order (time, then user, then as sent), each call its own request.
    sent.sort_by_key(|s| (s.call.at, s.call.user));
    let mut names: Vec<String> = Vec::new();
    let mut of_call = Vec::with_capacity(sent.len());
    let mut index = std::collections::HashMap::new();
    let mut calls = Vec::with_capacity(sent.len());
    for (request, s) in sent.into_iter().enumerate() {
        let key = *index.entry(s.key.clone()).or_insert_with(|| {
            names.push(s.key);
            names.len() as u32 - 1
        });
        of_call.push(key);
        calls.push(Call { request: request as u32, ..s.call });
    }
    let traffic = Traffic::new(cohorts, users, vec![MODEL.into()], calls)?.with_keys(Keys { names, of_call })?;
    Ok(traffic.with_restarts(settings.restart.into_iter().collect()))
}

/// The most calls of `traffic` in flight at one moment, if every one were let through.
pub fn most_in_flight(traffic: &Traffic) -> u32 {
    // Starts and finishes in time order, a finish before a start at one moment (as the
    // engine settles before it admits).
    let mut edges: Vec<(Instant, i32)> =
        traffic.calls().iter().flat_map(|c| [(c.at, 1), (c.at.after(c.latency), -1)]).collect();
    edges.sort_unstable();
    let (mut now, mut most) = (0i32, 0i32);
    for (_, step) in edges {
        now += step;
        most = most.max(now);
    }
    most as u32
}
