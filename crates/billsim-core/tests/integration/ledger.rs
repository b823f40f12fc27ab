//! Lesson 002's pieces in the engine, each on a few hand-made calls: the per-tenant ledger
//! (reserve the worst case, settle the real cost, give all back on failure), its daily and
//! monthly windows, the degrade ladder, metering per call against per request, and the
//! ledger's outage failing open or closed.

use billsim_core::engine::{
    read_policy_file, run, Call, Cohort, FailMode, Guard, Meter, Nanos, Outage, Outcome, Policy, Price, PriceTable,
    Reason, Record, RunError, Tier, Traffic, User, DAY_MS, MONTH_MS,
};
use billsim_core::time::{Instant, Span};
use billsim_core::Micros;

const OPUS: u16 = 0;
const SONNET: u16 = 1;
const HAIKU: u16 = 2;
const LADDER: [&str; 3] = ["opus", "sonnet", "haiku"];

/// The lesson's prices per million tokens: $5/$25, $3/$15, $0.80/$4.
fn prices() -> PriceTable {
    let p = |i, o| Price::per_million(Micros(i), Micros(o));
    PriceTable(vec![
        ("opus".into(), p(5_000_000, 25_000_000)),
        ("sonnet".into(), p(3_000_000, 15_000_000)),
        ("haiku".into(), p(800_000, 4_000_000)),
    ])
}

/// Tenants 0 and 1 on cohorts "paying" and "free"; calls `(ms, user, request, model, in, out, latency ms)`.
fn traffic(calls: &[(u64, u32, u32, u16, u64, u64, u64)]) -> Traffic {
    Traffic::new(
        vec![
            Cohort { name: "paying".into(), label: "Paying".into() },
            Cohort { name: "free".into(), label: "Free".into() },
        ],
        vec![User { name: "acme".into(), cohort: 0 }, User { name: "hobby".into(), cohort: 1 }],
        LADDER.iter().map(|m| m.to_string()).collect(),
        calls
            .iter()
            .map(|&(at, user, request, model, input, output, latency)| Call {
                at: Instant(at),
                user,
                model,
                request,
                input,
                output,
                latency: Span(latency),
            })
            .collect(),
    )
    .unwrap()
}

fn tier(cohort: &str, daily: Option<u64>, monthly: Option<u64>, fail: FailMode) -> Tier {
    Tier { cohort: cohort.into(), daily_micros: daily.map(Micros), monthly_micros: monthly.map(Micros), fail }
}

/// A ledger with budgets in micro-dollars for "paying" (fails open) and "free" (fails
/// closed), reserving 1,000 tokens of reply.
fn ledger(daily: Option<u64>, monthly: Option<u64>, meter: Meter, outage: Option<Outage>) -> Guard {
    Guard::TenantLedger {
        tiers: vec![tier("paying", daily, monthly, FailMode::Open), tier("free", daily, monthly, FailMode::Closed)],
        max_tokens: 1_000,
        meter,
        outage,
    }
}

fn per_call(daily: u64) -> Guard {
    ledger(Some(daily), None, Meter::PerCall, None)
}

fn go(t: &Traffic, policy: Policy) -> Outcome {
    run(t, &policy, &prices(), Record::EVERYTHING).unwrap()
}

// Below, 1,000 tokens in and 1,000 of max_tokens: on opus a reservation is $0.03
// (1,000 x $5 + 1,000 x $25 per million), on sonnet $0.018, on haiku $0.0048.

#[test]
fn the_worst_case_is_reserved_before_the_call_so_calls_in_flight_at_once_cannot_both_pass() {
    // Two calls at once: the first's reservation ($0.03) is written before either finishes,
    // so a budget of $0.05 holds one; both are refused nothing by a check of what is spent.
    let t = traffic(&[(0, 0, 0, OPUS, 1_000, 10, 5_000), (0, 0, 1, OPUS, 1_000, 10, 5_000)]);
    let out = go(&t, Policy::new("cap", vec![per_call(50_000)]));
    let u = out.per_user[0];
    assert_eq!((u.served, u.refused, u.refused_by.get(Reason::BudgetExhausted)), (1, 1, 1), "{u:?}");
    let refused = out.events.unwrap().into_iter().find(|e| !e.served).unwrap();
    assert_eq!(refused.fits_at, Some(Instant(DAY_MS)), "a daily window: it would fit tomorrow");
}

#[test]
fn on_success_the_gap_is_released_so_the_next_call_fits_where_two_reservations_would_not() {
    // The first call costs 1,000 x $5 + 10 x $25 per million = $0.00525; once settled, the
    // ledger holds that, and a second reservation of $0.03 fits under $0.05.
    let t = traffic(&[(0, 0, 0, OPUS, 1_000, 10, 5_000), (6_000, 0, 1, OPUS, 1_000, 10, 5_000)]);
    let out = go(&t, Policy::new("cap", vec![per_call(50_000)]));
    assert_eq!(out.per_user[0].served, 2, "{:?}", out.per_user[0]);
    assert_eq!(out.bill, Nanos(2 * 5_250_000), "each call is billed its real cost");
}

#[test]
fn on_failure_the_whole_reservation_is_released_and_nothing_is_billed() {
    // A budget of $0.035 holds one reservation of $0.03 at a time: the first call fails and
    // gives it all back, so the second fits; had the first succeeded ($0.00525 kept), the
    // second ($0.03) would not.
    let calls = [(0, 0, 0, OPUS, 1_000, 10, 5_000), (6_000, 0, 1, OPUS, 1_000, 10, 5_000)];
    let t = traffic(&calls).with_failures(|c| c.request == 0);
    let out = go(&t, Policy::new("cap", vec![per_call(35_000)]));
    let u = out.per_user[0];
    assert_eq!((u.served, u.failed, u.charged), (2, 1, Nanos(5_250_000)), "{u:?}");
    let succeeded = go(&traffic(&calls), Policy::new("cap", vec![per_call(35_000)]));
    assert_eq!(succeeded.per_user[0].served, 1, "without the failure the second does not fit");
}

#[test]
fn the_daily_and_the_monthly_window_both_gate_and_the_tighter_one_refuses() {
    // $0.10 a day, $0.12 a month; each call costs its reservation exactly (1,000 out).
    // Day 0: three calls fit ($0.09), a fourth does not (daily). Day 1: the day is new but
    // the month holds $0.09, so one more fits ($0.12) and the next waits for the next month.
    let call = |at: u64, request: u32| (at, 0u32, request, OPUS, 1_000u64, 1_000u64, 0u64);
    let t = traffic(&[
        call(0, 0),
        call(1, 1),
        call(2, 2),
        call(3, 3),
        call(DAY_MS, 4),
        call(DAY_MS + 1, 5),
        call(MONTH_MS, 6),
    ]);
    let out = go(&t, Policy::new("both", vec![ledger(Some(100_000), Some(120_000), Meter::PerCall, None)]));
    let decisions: Vec<(bool, Option<Instant>)> =
        out.events.as_ref().unwrap().iter().map(|e| (e.served, e.fits_at)).collect();
    assert_eq!(
        decisions,
        vec![
            (true, None),
            (true, None),
            (true, None),
            (false, Some(Instant(DAY_MS))),
            (true, None),
            (false, Some(Instant(MONTH_MS))),
            (true, None),
        ],
        "the fourth call waits for the next day, the sixth for the next month"
    );
    let daily_only = go(&t, Policy::new("day", vec![per_call(100_000)]));
    assert_eq!(daily_only.per_user[0].served, 6, "a daily window alone says nothing about the month");
}

#[test]
fn the_ladder_serves_on_the_first_cheaper_model_that_fits_counts_it_degraded_and_refuses_only_when_the_cheapest_does_not_fit(
) {
    // $0.035 a day: the first opus call ($0.03 reserved, $0.03 charged with 1,000 out) fits;
    // the second fits neither opus nor sonnet ($0.018) but haiku ($0.0048); a third fits
    // nothing ($0.0348 used, haiku needs $0.0048): budget_exhausted.
    let call = |at: u64, request: u32| (at, 0u32, request, OPUS, 1_000u64, 1_000u64, 0u64);
    let t = traffic(&[call(0, 0), call(1, 1), call(2, 2)]);
    let out = go(&t, Policy::new("ladder", vec![per_call(35_000)]).with_ladder(&LADDER));
    let u = out.per_user[0];
    assert_eq!((u.served, u.degraded, u.refused_by.get(Reason::BudgetExhausted)), (2, 1, 1), "{u:?}");
    assert_eq!(out.served_by_model, vec![1, 0, 1], "one on opus, one on haiku");
    let events = out.events.unwrap();
    assert_eq!(events[1].model, HAIKU, "the event says the model it was served on");
    assert_eq!(events[1].charged, Nanos(4_800_000), "and its price");
    assert_eq!(out.bill, Nanos(30_000_000 + 4_800_000));
    let block = go(&t, Policy::new("block", vec![per_call(35_000)]));
    assert_eq!((block.per_user[0].served, block.per_user[0].degraded), (1, 0), "the hard block serves one");
    // Sonnet is tried before haiku: with room for $0.018, the second call goes to sonnet.
    let sonnet = go(&t, Policy::new("ladder", vec![per_call(48_000)]).with_ladder(&LADDER));
    assert_eq!(sonnet.served_by_model, vec![1, 1, 0], "the next cheaper model first");
    // A call asked on a model below the ladder's top starts from there; one not on the ladder is not degraded.
    let on_sonnet = traffic(&[(0, 0, 0, SONNET, 100_000, 0, 0)]);
    let out = go(&on_sonnet, Policy::new("ladder", vec![per_call(1_000)]).with_ladder(&LADDER));
    assert_eq!(out.served_by_model, vec![0, 0, 0], "$0.084 on haiku does not fit $0.001: {:?}", out.per_user[0]);
}

#[test]
fn a_ladder_naming_a_model_the_traffic_lacks_is_refused_with_the_models_it_has() {
    let t = traffic(&[(0, 0, 0, OPUS, 1, 1, 0)]);
    let policy = Policy::new("ladder", vec![per_call(1_000)]).with_ladder(&["opus", "gpt-x"]);
    let err = run(&t, &policy, &prices(), Record::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "ladder.ladder[1]: must be one of the models \"opus\", \"sonnet\", \"haiku\"; got \"gpt-x\""
    );
}

#[test]
fn a_ladder_written_cheapest_first_is_refused_naming_the_step_that_is_not_cheaper() {
    let t = traffic(&[(0, 0, 0, OPUS, 1, 1, 0)]);
    let policy = Policy::new("up", vec![per_call(1_000)]).with_ladder(&["opus", "haiku", "sonnet"]);
    let err = run(&t, &policy, &prices(), Record::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "up.ladder[2]: must be cheaper than \"haiku\" ($0.80 and $4.00), the model before it (a ladder goes from the \
         dearest model to the cheapest, priced per million input and output tokens); got \"sonnet\" ($3.00 and $15.00)"
    );
    let down = Policy::new("down", vec![per_call(1_000)]).with_ladder(&LADDER);
    assert!(run(&t, &down, &prices(), Record::default()).is_ok(), "the lesson's ladder, dearest first");
}

#[test]
fn metering_per_request_meters_only_the_top_level_call_and_reports_the_rest_as_unmetered() {
    // A request: one call, then three at once a second later, each $0.03 with 1,000 out.
    // A $0.05 budget holds one: per call, the fan-out is refused at its second call;
    // per request, all four are served and three of them are unmetered spend.
    let fan = |at: u64| (at, 0u32, 0u32, OPUS, 1_000u64, 1_000u64, 100u64);
    let t = traffic(&[fan(0), fan(1_000), fan(1_000), fan(1_000)]);
    let per_call = go(&t, Policy::new("call", vec![per_call(50_000)]));
    let u = per_call.per_user[0];
    assert_eq!((u.served, u.refused, u.dropped), (1, 1, 2), "{u:?}");
    let per_request = go(&t, Policy::new("request", vec![ledger(Some(50_000), None, Meter::PerRequest, None)]));
    let u = per_request.per_user[0];
    assert_eq!((u.served, u.request_unmetered, u.charged), (4, Nanos(90_000_000), Nanos(120_000_000)), "{u:?}");
}

#[test]
fn during_an_outage_a_tier_that_fails_open_is_served_unmetered_and_one_that_fails_closed_is_refused() {
    // The ledger is down from 10 s to 20 s. Each tenant calls at 5 s, 15 s and 20 s, $0.03
    // each, under a budget of $0.05.
    let outage = Some(Outage { from_ms: Instant(10_000), to_ms: Instant(20_000) });
    let mut calls = Vec::new();
    for (i, at) in [5_000, 15_000, 20_000].into_iter().enumerate() {
        calls.push((at, 0, i as u32, OPUS, 1_000, 1_000, 0));
        calls.push((at, 1, 3 + i as u32, OPUS, 1_000, 1_000, 0));
    }
    let out = go(&traffic(&calls), Policy::new("p", vec![ledger(Some(50_000), None, Meter::PerCall, outage)]));
    let (open, closed) = (out.per_user[0], out.per_user[1]);
    assert_eq!(
        (open.served, open.outage_unmetered),
        (2, Nanos(30_000_000)),
        "open: 5 s and 15 s (unmetered): {open:?}"
    );
    assert_eq!(
        open.refused_by.get(Reason::BudgetExhausted),
        1,
        "the unmetered call took no room: the 20 s one is the budget's"
    );
    let by = |r| closed.refused_by.get(r);
    assert_eq!(
        (closed.served, by(Reason::LedgerUnavailable), by(Reason::BudgetExhausted)),
        (1, 1, 1),
        "closed: 5 s served, 15 s refused (down), 20 s over the budget: {closed:?}"
    );
    let down = out.events.unwrap().into_iter().find(|e| e.reason == Some(Reason::LedgerUnavailable)).unwrap();
    assert_eq!(
        (down.at, down.fits_at),
        (Instant(15_000), Some(Instant(20_000))),
        "it would go through when the ledger is back"
    );
}

#[test]
fn with_replies_within_max_tokens_a_tenant_is_never_charged_past_its_budget_and_with_longer_ones_it_is() {
    // Ten calls at once of 1,000 in and 1,000 out against $0.10: three fit, $0.09 charged.
    // With 5,000 out (past max_tokens), the same three reservations are charged $0.39.
    let at_once = |out: u64| (0..10).map(|r| (0u64, 0u32, r, OPUS, 1_000u64, out, 1_000u64)).collect::<Vec<_>>();
    let within = go(&traffic(&at_once(1_000)), Policy::new("cap", vec![per_call(100_000)]));
    assert_eq!(within.per_user[0].charged, Nanos(90_000_000));
    let past = go(&traffic(&at_once(5_000)), Policy::new("cap", vec![per_call(100_000)]));
    assert_eq!(past.per_user[0].charged, Nanos(3 * 130_000_000), "over the $0.10 budget");
}

#[test]
fn a_cohort_without_a_tier_is_refused_with_its_name_and_tenants() {
    let t = traffic(&[(0, 0, 0, OPUS, 1, 1, 0)]);
    let only_paying = Guard::TenantLedger {
        tiers: vec![tier("paying", Some(1), None, FailMode::Open)],
        max_tokens: 1,
        meter: Meter::PerCall,
        outage: None,
    };
    let err = run(&t, &Policy::new("p", vec![only_paying]), &prices(), Record::default()).unwrap_err();
    let cohorts = vec!["paying".to_string(), "free".to_string()];
    assert_eq!(err, RunError::NoTier { field: "p.guards[0].tiers".into(), cohort: "free".into(), tenants: 1, cohorts });
    assert_eq!(
        err.to_string(),
        "p.guards[0].tiers: must give a tier to each cohort of the tenants (\"paying\", \"free\"); got none for \"free\" (1 tenant)"
    );
}

fn file_ledger(fields: &str) -> String {
    format!(
        r#"{{"policies": [{{"name": "l", "ladder": ["opus", "haiku"], "guards": [{{"guard": "tenantLedger", {fields}}}]}}],
            "prices": {{"opus": {{"inputPerMillion": 5, "outputPerMillion": 25}},
                       "haiku": {{"inputPerMillion": "0.80", "outputPerMillion": 4}}}}}}"#
    )
}

const TIERS: &str = r#""tiers": [{"cohort": "paying", "dailyDollars": 20, "monthlyDollars": "200", "fail": "open"}]"#;

#[test]
fn a_policy_file_says_the_ledger_its_tiers_outage_and_ladder_and_the_engines_policy_reads_back_the_same() {
    let text = file_ledger(&format!(
        r#"{TIERS}, "maxTokens": 4096, "meter": "perRequest", "outage": {{"fromMs": 5, "toMs": 9}}"#
    ));
    let file = read_policy_file(&text).unwrap();
    let expected = Policy::new(
        "l",
        vec![Guard::TenantLedger {
            tiers: vec![tier("paying", Some(20_000_000), Some(200_000_000), FailMode::Open)],
            max_tokens: 4_096,
            meter: Meter::PerRequest,
            outage: Some(Outage { from_ms: Instant(5), to_ms: Instant(9) }),
        }],
    )
    .with_ladder(&["opus", "haiku"]);
    assert_eq!(file.policies, vec![expected.clone()]);
    let again = read_policy_file(&serde_json::to_string(&expected).unwrap()).unwrap();
    assert_eq!(again.policies, vec![expected], "as the engine serializes it");
}

#[test]
fn a_ledger_beside_a_guard_of_one_limit_says_it_needs_tiers() {
    let text = r#"{"name": "x", "guards": [{"count": "dollars", "limit": "0.25", "window": "1d", "per": "tenant",
        "admit": "reserve", "estimate": {"inputPercent": 100, "maxTokens": 1000}}], "ledger": {"meter": "perCall"}}"#;
    let said = read_policy_file(text).unwrap_err().to_string();
    assert!(
        said.starts_with(
            "ledger: must be given only with \"per\": \"tenant\" dollar guards with \"tiers\" (not one \"limit\")"
        ),
        "{said}"
    );
}

#[test]
fn a_bad_ledger_or_ladder_in_a_policy_file_names_the_field_and_what_is_allowed() {
    let refusal = |text: String| read_policy_file(&text).unwrap_err().to_string();
    let at = "policies[0].guards[0]";
    assert_eq!(
        refusal(file_ledger(&format!(r#"{TIERS}, "maxTokens": 0, "meter": "perCall""#))),
        format!("{at}.maxTokens: must be a whole number of tokens from 1 to 1,000,000,000; got 0")
    );
    assert_eq!(
        refusal(file_ledger(&format!(r#"{TIERS}, "maxTokens": 1, "meter": "perCall", "outage": {{"fromMs": 9, "toMs": 5}}"#))),
        format!(
            "{at}.outage.toMs: must be a moment at or after the outage's fromMs (an outage cannot end before it starts); \
             got 5, before fromMs 9"
        )
    );
    let below = r#""tiers": [{"cohort": "free", "dailyDollars": 2, "monthlyDollars": 1.5, "fail": "closed"}]"#;
    assert_eq!(
        refusal(file_ledger(&format!(r#"{below}, "maxTokens": 1, "meter": "perCall""#))),
        format!(
            "{at}.tiers[0].monthlyDollars: must be an amount in dollars at least the tier's daily budget (a month holds \
             a day); got $1.50 with a daily budget of $2.00"
        )
    );
    let fail = r#""tiers": [{"cohort": "free", "dailyDollars": 2, "fail": "maybe"}]"#;
    assert!(refusal(file_ledger(&format!(r#"{fail}, "maxTokens": 1, "meter": "perCall""#))).starts_with(&format!(
        "{at}.tiers[0].fail: must be \"open\" (served, unmetered) or \"closed\" (refused); got \"maybe\""
    )));
    assert!(refusal(file_ledger(&format!(r#"{TIERS}, "maxTokens": 1, "meter": "perTask""#)))
        .starts_with(&format!("{at}.meter: must be \"perCall\"")));
    let negative = r#""tiers": [{"cohort": "free", "dailyDollars": -2, "fail": "closed"}]"#;
    assert!(refusal(file_ledger(&format!(r#"{negative}, "maxTokens": 1, "meter": "perCall""#)))
        .starts_with(&format!("{at}.tiers[0].dailyDollars: must be an amount in dollars from 0.000001")));
    let unknown =
        file_ledger(&format!(r#"{TIERS}, "maxTokens": 1, "meter": "perCall""#)).replace("\"haiku\"]", "\"gpt\"]");
    assert_eq!(refusal(unknown), "policies[0].ladder[1]: must be a model the file's \"prices\" name; got \"gpt\"");
    let twice =
        file_ledger(&format!(r#"{TIERS}, "maxTokens": 1, "meter": "perCall""#)).replace("\"haiku\"]", "\"opus\"]");
    assert_eq!(refusal(twice), "policies[0].ladder[1]: must be a model the ladder names once; got \"opus\"");
    let price =
        file_ledger(&format!(r#"{TIERS}, "maxTokens": 1, "meter": "perCall""#)).replace("\"0.80\"", "\"-0.80\"");
    assert!(refusal(price).starts_with("prices.haiku.inputPerMillion: must be an amount in dollars per million tokens"));
    let word = file_ledger(&format!(r#"{TIERS}, "maxTokens": 1, "meter": "perCall""#)).replace("\"0.80\"", "\"cheap\"");
    assert!(refusal(word).ends_with("got \"cheap\""));
}
