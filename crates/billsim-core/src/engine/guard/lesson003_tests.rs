//! Lesson 003's guards against the lesson's own `Bucket` and `Guard`, ported line for line
//! below with exact fractions in place of its floats, on hand-made sequences of requests.

use crate::engine::{run, Call, Cohort, Guard, Policy, Price, PriceTable, Record, Traffic, User};
use crate::money::{Micros, Tokens};
use crate::random::{uniform, user_stream};
use crate::time::{Instant, Span};
use std::collections::HashMap;
use std::num::NonZeroU32;

/// The lesson's `Guard` (and its `Bucket`), with time in milliseconds and bucket tokens
/// in 60,000ths, so `refill_per_sec` is exact.
struct LessonGuard {
    req_capacity: u64,
    req_per_min: u64,
    daily_token_budget: u64,
    global_daily_nanos: u64,
    nanos_per_token: u64,
    buckets: HashMap<u32, (u64, u64)>,
    used_tokens: HashMap<u32, u64>,
    global_nanos: u64,
}

const UNIT: u64 = 60_000;

impl LessonGuard {
    fn new(req_capacity: u64, req_per_min: u64, daily_token_budget: u64, global_daily_nanos: u64) -> LessonGuard {
        LessonGuard {
            req_capacity,
            req_per_min,
            daily_token_budget,
            global_daily_nanos,
            nanos_per_token: 4_000,
            buckets: HashMap::new(),
            used_tokens: HashMap::new(),
            global_nanos: 0,
        }
    }

    fn check(&mut self, user: u32, est_tokens: u64, now: u64) -> &'static str {
        if self.global_nanos >= self.global_daily_nanos {
            return "global_budget";
        }
        if self.used_tokens.get(&user).copied().unwrap_or(0) + est_tokens > self.daily_token_budget {
            return "user_daily_budget";
        }
        // Bucket.take(1, now): starts full at its first take.
        let cap = self.req_capacity * UNIT;
        let (tokens, last) = self.buckets.entry(user).or_insert((cap, now));
        *tokens = (*tokens + (now - *last) * self.req_per_min).min(cap);
        *last = now;
        if *tokens >= UNIT {
            *tokens -= UNIT;
            "ok"
        } else {
            "rate_limited"
        }
    }

    fn record(&mut self, user: u32, actual_tokens: u64) {
        *self.used_tokens.entry(user).or_insert(0) += actual_tokens;
        self.global_nanos += actual_tokens * self.nanos_per_token;
    }
}

/// The lesson's layers in its order, as engine guards.
fn lesson_policy(capacity: u32, per_minute: u32, budget: Tokens, ceiling: Micros) -> Policy {
    Policy::new(
        "allThree",
        vec![
            Guard::SpendCeiling { ceiling_micros: ceiling, period_ms: Span::seconds(86_400) },
            Guard::TokenBudget { budget_tokens: budget, max_tokens: None },
            Guard::TokenBucket { capacity: NonZeroU32::new(capacity).unwrap(), refill_per_minute: per_minute },
        ],
    )
}

fn blended() -> PriceTable {
    let per_million = Micros(4_000_000);
    PriceTable(vec![("free".into(), Price::per_million(per_million, per_million))])
}

/// `(at ms, user, tokens)` requests, each settled before the next: the engine's decision
/// for each, in time order, as the lesson names it.
fn engine_decisions(requests: &[(u64, u32, Tokens)], users: u32, policy: &Policy) -> Vec<&'static str> {
    let calls = requests
        .iter()
        .enumerate()
        .map(|(i, &(at, user, tokens))| Call {
            at: Instant(at),
            user,
            model: 0,
            request: i as u32,
            input: tokens / 3,
            output: tokens - tokens / 3,
            latency: Span::ZERO,
        })
        .collect();
    let cohorts = vec![Cohort { name: "all".into(), label: "All".into() }];
    let users = (0..users).map(|u| User { name: format!("u{u}"), cohort: 0 }).collect();
    let traffic = Traffic::new(cohorts, users, vec!["free".into()], calls).unwrap();
    let out = run(&traffic, policy, &blended(), Record::EVERYTHING).unwrap();
    out.events.unwrap().iter().map(|e| e.reason.map_or("ok", |r| r.name())).collect()
}

fn lesson_decisions(requests: &[(u64, u32, Tokens)], guard: &mut LessonGuard) -> Vec<&'static str> {
    let mut sorted = requests.to_vec();
    sorted.sort_by_key(|&(at, user, _)| (at, user));
    sorted
        .iter()
        .map(|&(at, user, tokens)| {
            let said = guard.check(user, tokens, at);
            if said == "ok" {
                guard.record(user, tokens);
            }
            said
        })
        .collect()
}

fn count(decisions: &[&str], name: &str) -> usize {
    decisions.iter().filter(|&&d| d == name).count()
}

#[test]
fn the_script_of_the_lesson_gets_20_through_161_rate_limited_and_1019_over_its_budget() {
    // Two requests a second for ten minutes, 3,000 tokens each, one account.
    let script: Vec<(u64, u32, Tokens)> = (0..1_200).map(|k| (1_000_000 + 500 * k, 0, 3_000)).collect();
    let policy = lesson_policy(5, 10, 60_000, Micros(1_000_000_000));
    let ours = engine_decisions(&script, 1, &policy);
    let lesson = lesson_decisions(&script, &mut LessonGuard::new(5, 10, 60_000, 1_000_000_000_000));
    assert_eq!(ours, lesson);
    let counts = (count(&ours, "ok"), count(&ours, "rate_limited"), count(&ours, "user_daily_budget"));
    assert_eq!(counts, (20, 161, 1_019), "ok, rate_limited, user_daily_budget");
}

#[test]
fn a_bucket_refills_by_exact_fractions_so_the_sixth_token_comes_after_exactly_six_seconds() {
    // Five at once, then one bucket token every 6 s at 10 a minute: at 5,999 ms there is
    // 5,999/6,000 of one, at 6,000 ms a whole one.
    let bucket = Policy::new(
        "bucket",
        vec![Guard::TokenBucket { capacity: NonZeroU32::new(5).unwrap(), refill_per_minute: 10 }],
    );
    let mut requests: Vec<(u64, u32, Tokens)> = (0..5).map(|_| (0, 0, 10)).collect();
    requests.extend([(5_999, 0, 10), (6_000, 0, 10), (11_999, 0, 10), (12_000, 0, 10)]);
    let ours = engine_decisions(&requests, 1, &bucket);
    let expected = ["ok", "ok", "ok", "ok", "ok", "rate_limited", "ok", "rate_limited", "ok"];
    assert_eq!(ours, expected);
    let lesson = lesson_decisions(&requests, &mut LessonGuard::new(5, 10, u64::MAX / 2, u64::MAX));
    assert_eq!(ours, lesson);
}

#[test]
fn a_refused_request_takes_no_bucket_token_and_the_budget_is_checked_before_the_bucket() {
    // Budget 5,000: the third 2,000-token request is refused by the budget, so the bucket
    // (capacity 3) still has a token for a small one after it.
    let policy = lesson_policy(3, 1, 5_000, Micros(1_000_000_000));
    let requests = [(0, 0, 2_000), (1, 0, 2_000), (2, 0, 2_000), (3, 0, 1_000), (4, 0, 1)];
    let ours = engine_decisions(&requests, 1, &policy);
    assert_eq!(ours, ["ok", "ok", "user_daily_budget", "ok", "user_daily_budget"]);
    assert_eq!(ours, lesson_decisions(&requests, &mut LessonGuard::new(3, 1, 5_000, 1_000_000_000_000)));
}

#[test]
fn the_breaker_is_check_only_so_the_call_that_reaches_the_ceiling_is_served_and_later_ones_are_refused() {
    // A $0.01 ceiling at $0.000004 a token is 2,500 tokens: 1,000 + 1,000 are under it,
    // the third 1,000 carries it to 3,000 tokens; then everyone is refused.
    let policy = lesson_policy(5, 10, 60_000, Micros(10_000));
    let requests = [(0, 0, 1_000), (10, 1, 1_000), (20, 0, 1_000), (30, 1, 10), (40, 0, 10)];
    let ours = engine_decisions(&requests, 2, &policy);
    assert_eq!(ours, ["ok", "ok", "ok", "global_budget", "global_budget"]);
    assert_eq!(ours, lesson_decisions(&requests, &mut LessonGuard::new(5, 10, 60_000, 10_000_000)));
}

#[test]
fn on_random_sequences_of_many_users_every_decision_is_the_lessons() {
    for seed in 0..50 {
        let mut rng = user_stream(seed, 99);
        let users = uniform(&mut rng, 1, 6);
        let mut requests = Vec::new();
        let mut at = 0;
        for _ in 0..400 {
            at += u64::from(uniform(&mut rng, 0, 9_000));
            requests.push((at, uniform(&mut rng, 0, users - 1), Tokens::from(uniform(&mut rng, 1, 4_000))));
        }
        let (capacity, per_minute) = (uniform(&mut rng, 1, 6), uniform(&mut rng, 0, 30));
        let (budget, ceiling) = (u64::from(uniform(&mut rng, 1, 200_000)), uniform(&mut rng, 1, 3_000_000));
        let policy = lesson_policy(capacity, per_minute, budget, Micros(u64::from(ceiling)));
        let ours = engine_decisions(&requests, users, &policy);
        let mut lesson = LessonGuard::new(capacity.into(), per_minute.into(), budget, u64::from(ceiling) * 1_000);
        assert_eq!(ours, lesson_decisions(&requests, &mut lesson), "seed {seed}");
    }
}

#[test]
fn the_token_budget_checks_the_estimate_with_the_reply_cap_and_counts_the_real_usage_after() {
    // Budget 1,000 with a 600-token reply cap: a call of 100 in estimates 700 (fits); it
    // really uses 100 + 50, so a second (150 used + 700) fits too, and a third (300 + 700) does not.
    let policy = Policy::new("budget", vec![Guard::TokenBudget { budget_tokens: 1_000, max_tokens: Some(600) }]);
    let calls = (0..3)
        .map(|i| Call {
            at: Instant(i),
            user: 0,
            model: 0,
            request: i as u32,
            input: 100,
            output: 50,
            latency: Span::ZERO,
        })
        .collect();
    let traffic = Traffic::new(
        vec![Cohort { name: "all".into(), label: "All".into() }],
        vec![User { name: "a".into(), cohort: 0 }],
        vec!["free".into()],
        calls,
    )
    .unwrap();
    let out = run(&traffic, &policy, &blended(), Record::EVERYTHING).unwrap();
    let said: Vec<&str> = out.events.unwrap().iter().map(|e| e.reason.map_or("ok", |r| r.name())).collect();
    assert_eq!(said, ["ok", "ok", "ok"], "150 + 150 + 700 = 1,000 fits");
    let policy = Policy::new("budget", vec![Guard::TokenBudget { budget_tokens: 999, max_tokens: Some(600) }]);
    let out = run(&traffic, &policy, &blended(), Record::EVERYTHING).unwrap();
    let said: Vec<&str> = out.events.unwrap().iter().map(|e| e.reason.map_or("ok", |r| r.name())).collect();
    assert_eq!(said, ["ok", "ok", "user_daily_budget"], "300 + 700 = 1,000 is past 999");
}

#[test]
fn a_token_budget_starts_again_each_day() {
    let policy = Policy::new("budget", vec![Guard::TokenBudget { budget_tokens: 100, max_tokens: None }]);
    let day = 86_400_000;
    let requests = [(0, 0, 100), (1, 0, 1), (day, 0, 100), (day + 1, 0, 1)];
    let ours = engine_decisions(&requests, 1, &policy);
    assert_eq!(ours, ["ok", "user_daily_budget", "ok", "user_daily_budget"]);
}

#[test]
fn the_lessons_guards_say_truly_whether_their_state_is_per_user() {
    let per_user = Guard::TokenBucket { capacity: NonZeroU32::MIN, refill_per_minute: 1 };
    assert!(per_user.per_user());
    assert!(Guard::TokenBudget { budget_tokens: 1, max_tokens: None }.per_user());
    let degrade = Guard::Degrade { ceiling_micros: Micros(1), period_ms: Span(1), model: "small".into() };
    assert!(!degrade.per_user(), "one ceiling for everyone");
    // Run user by user or all in time order, the per-user guards give the same outcome.
    let policy = lesson_policy(2, 3, 5_000, Micros(1_000_000_000));
    let requests: Vec<(u64, u32, Tokens)> = (0..300).map(|k| (k * 700, (k % 3) as u32, 900)).collect();
    let only_per_user = Policy::new("perUser", policy.guards[1..].to_vec());
    let a = engine_decisions(&requests, 3, &only_per_user);
    fn calls_of<'a>(decisions: &[&'a str], user: usize) -> Vec<&'a str> {
        decisions.iter().skip(user).step_by(3).copied().collect()
    }
    let mut lesson = LessonGuard::new(2, 3, 5_000, u64::MAX);
    let b = lesson_decisions(&requests, &mut lesson);
    for user in 0..3 {
        assert_eq!(calls_of(&a, user), calls_of(&b, user), "user {user}");
    }
}

#[test]
fn degrade_serves_the_calls_after_the_ceiling_with_the_cheaper_model_instead_of_refusing_them() {
    // $0.01 ceiling, 1,000-token calls at $0.000004 a token ($0.004 each): the third
    // carries the spend to $0.012; the other two are served by "small" at $0.000001 a token.
    let calls = (0..5)
        .map(|i| Call {
            at: Instant(i * 10),
            user: (i % 2) as u32,
            model: 0,
            request: i as u32,
            input: 400,
            output: 600,
            latency: Span::ZERO,
        })
        .collect();
    let traffic = Traffic::new(
        vec![Cohort { name: "all".into(), label: "All".into() }],
        vec![User { name: "a".into(), cohort: 0 }, User { name: "b".into(), cohort: 0 }],
        vec!["free".into(), "small".into()],
        calls,
    )
    .unwrap();
    let mut prices = blended();
    prices.0.push(("small".into(), Price::per_million(Micros(1_000_000), Micros(1_000_000))));
    let degrade =
        Guard::Degrade { ceiling_micros: Micros(10_000), period_ms: Span::seconds(86_400), model: "small".into() };
    let out = run(&traffic, &Policy::new("degrade", vec![degrade]), &prices, Record::EVERYTHING).unwrap();
    let events = out.events.unwrap();
    assert!(events.iter().all(|e| e.served), "nothing refused");
    assert_eq!(events.iter().map(|e| e.model).collect::<Vec<_>>(), [0, 0, 0, 1, 1], "the models served");
    assert_eq!(out.bill.0, 3 * 4_000_000 + 2 * 1_000_000, "3 x $0.004 + 2 x $0.001 in nano-dollars");
    assert_eq!((out.per_user[0].degraded, out.per_user[1].degraded), (1, 1));
    assert_eq!(out.tripped.map(|t| (t.at, t.user)), Some((Instant(20), 0)), "the third call reached the ceiling");
    let missing = Guard::Degrade { ceiling_micros: Micros(10_000), period_ms: Span(1), model: "tiny".into() };
    let err = run(&traffic, &Policy::new("degrade", vec![missing]), &prices, Record::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "degrade.guards[0].whenFull.degradeTo: must be one of the models \"free\", \"small\"; got \"tiny\""
    );
    // Under the same ceiling as a breaker, the last two are refused instead.
    let stop = Guard::SpendCeiling { ceiling_micros: Micros(10_000), period_ms: Span::seconds(86_400) };
    let out = run(&traffic, &Policy::new("stop", vec![stop]), &prices, Record::default()).unwrap();
    assert_eq!(out.bill.0, 3 * 4_000_000);
}
