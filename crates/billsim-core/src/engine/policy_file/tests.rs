//! The reader's refusals, each naming its field's path and what it allows.

use super::old_names::{DOLLARS_ALLOWED, GUARD_ALLOWED};
use super::prices::PER_MILLION_ALLOWED;
use super::*;
use crate::engine::price::Price;
use crate::engine::{run, Call, Cohort, Record, RunError, Traffic, User};
use crate::money::Micros;
use crate::scenario::registry::{self, SCENARIOS};
use crate::scenario::{self, Values};
use crate::settings::Invalid;
use crate::time::Instant;
use crate::time::Span;
use std::num::NonZeroU32;

fn refusal(text: &str) -> String {
    match read(text) {
        Ok(file) => panic!("{text} is refused, not read as {file:?}"),
        Err(e) => e.to_string(),
    }
}

fn window(limit: &str, window: &str) -> String {
    format!(r#"{{"name": "w", "guards": [{{"guard": "slidingWindow", "limit": {limit}, "windowMs": {window}}}]}}"#)
}

fn priced(model: &str, input: &str, output: &str) -> String {
    format!(
        r#"{{"policies": [{{"name": "none"}}],
            "prices": {{"{model}": {{"inputPerMillion": {input}, "outputPerMillion": {output}}}}}}}"#
    )
}

#[test]
fn every_policy_of_every_scenario_serialized_by_the_engine_reads_back_the_same() {
    for s in SCENARIOS {
        let mut values = Values::defaults(s);
        if s.name == "toyDay" {
            values.set(s, "refill", "steady").unwrap();
        }
        for policy in scenario_policies(s, &values) {
            let text = serde_json::to_string(&policy).unwrap();
            assert_eq!(read(&text).map(|f| f.policies), Ok(vec![policy.clone()]), "{text}");
        }
        let all = scenario_policies(s, &values);
        let text = serde_json::to_string(&all).unwrap();
        assert_eq!(read(&text).map(|f| f.policies), Ok(all), "{text}");
    }
}

/// The policies a scenario compares, as the engine holds them.
fn scenario_policies(s: &scenario::Scenario, values: &Values) -> Vec<Policy> {
    match s.name {
        "toyDay" => crate::lessons::toy_day::simulate::Policy::ALL
            .iter()
            .map(|p| p.engine_policy(&values.day_settings()))
            .collect(),
        "freeTier" => crate::lessons::free_tier::Params::from_values(values).policies(),
        "hackathon" => {
            let settings = crate::lessons::hackathon::Settings::from_values(values);
            crate::lessons::hackathon::Policy::ALL.iter().map(|p| p.engine_policy(&settings)).collect()
        }
        "runawayTenant" => crate::lessons::runaway_tenant::Params::from_values(values).unwrap().policies(),
        _ => {
            let p = crate::lessons::toy_day::in_flight::Params::default();
            crate::lessons::toy_day::in_flight::Version::ALL.iter().map(|v| v.engine_policy(&p)).collect()
        }
    }
}

#[test]
fn a_file_is_one_policy_a_list_of_policies_or_policies_with_prices() {
    let one = read(&window("5", "60000")).unwrap();
    let guard = Guard::SlidingWindow { limit: NonZeroU32::new(5).unwrap(), window_ms: Span(60_000) };
    assert_eq!(
        one,
        PolicyFile {
            policies: vec![Policy::new("w", vec![guard.clone()])],
            holds: Holds::One,
            prices: None,
            cached_prices: Vec::new(),
        }
    );
    let list = read(&format!("[{}, {{\"name\": \"open\", \"processes\": 2}}]", window("5", "60000"))).unwrap();
    assert_eq!(list.policies[1], Policy { name: "open".into(), guards: vec![], processes: 2, ladder: vec![] });
    let file = read(&priced("opus", "5", "25")).unwrap();
    let price = Price::per_million(Micros(5_000_000), Micros(25_000_000));
    assert_eq!(file.prices, Some(PriceTable(vec![("opus".into(), price)])));
    assert!(read("{\"policies\": [{\"name\": \"x\"}]}").unwrap().prices.is_none());
    assert_eq!(read("\u{feff}{\"name\": \"x\"}").unwrap().policies[0].name, "x", "a byte-order mark is skipped");
}

#[test]
fn a_price_is_read_exactly_from_its_decimal_text_as_a_number_or_a_string() {
    let price = |input: &str| read(&priced("m", input, "0")).map(|f| f.prices.unwrap().0[0].1.input_per_million());
    assert_eq!(price("0.8"), Ok(Micros(800_000)), "0.8 is not 0.8000000000000000444 here");
    assert_eq!(price("\"0.80\""), Ok(Micros(800_000)));
    assert_eq!(price("\"$3\""), Ok(Micros(3_000_000)));
    assert_eq!(price("0.001"), Ok(Micros(1_000)));
    assert_eq!(price("0.01875"), Ok(Micros(18_750)), "Gemini Flash's cached input");
    assert_eq!(price("0.000001"), Ok(Micros(1)));
    assert_eq!(price("0"), Ok(Micros(0)), "a free model is allowed");
    assert_eq!(price("1000000"), Ok(Micros(1_000_000_000_000)));
    // 2^53 + 1 millionths: an f64 would round it.
    assert_eq!(price("9007199254.740993"), Err(price_refused("9007199254.740993")), "above the most");
    assert_eq!(price("999999.999999"), Ok(Micros(999_999_999_999)));
}

fn price_refused(got: &str) -> BadFile {
    BadFile::Field(Invalid { allowed: PER_MILLION_ALLOWED, got: got.into() }.on("prices.m.inputPerMillion"))
}

#[test]
fn a_price_that_is_not_a_number_or_is_negative_or_finer_than_a_millionth_names_the_field() {
    let expected = |got: &str| {
        format!(
            "prices.m.inputPerMillion: must be an amount in dollars per million tokens from 0 to 1,000,000, with at \
             most 6 decimals (a number such as 0.8 or a string such as \"0.80\"); got {got}"
        )
    };
    for (value, got) in [
        ("\"abc\"", "\"abc\""),
        ("-1", "-1"),
        ("\"-1\"", "\"-1\""),
        ("0.0000001", "0.0000001"),
        ("\"0.0000005\"", "\"0.0000005\""),
        ("1e3", "1e3, in exponent notation: write its decimals out"),
        ("true", "true"),
        ("null", "null"),
        ("[5]", "a list"),
        ("{}", "an object"),
        ("1000000.001", "1000000.001"),
        ("99999999999999999999999", "99999999999999999999999"),
    ] {
        assert_eq!(refusal(&priced("m", value, "1")), expected(got), "{value}");
    }
    assert!(refusal(&priced("m", "1", "-2")).starts_with("prices.m.outputPerMillion: must be an amount"));
    let missing = refusal(r#"{"policies": [{"name": "x"}], "prices": {"m": {"inputPerMillion": 1}}}"#);
    assert!(missing.starts_with("prices.m.outputPerMillion: must be an amount") && missing.ends_with("got nothing"));
    assert_eq!(
        refusal(r#"{"policies": [{"name": "x"}], "prices": 5}"#),
        "prices: must be an object of prices by model name; got 5"
    );
    assert!(refusal(&priced("", "1", "1")).starts_with("prices: must be a model's name of 1 to 80 characters"));
}

#[test]
fn a_model_of_the_traffic_without_a_price_is_named_with_its_number_of_calls_when_the_file_meets_it() {
    let file = read(&priced("other", "1", "1")).unwrap();
    let call = |i: u32| Call { at: Instant(0), user: 0, model: 0, request: i, input: 1, output: 1, latency: Span(0) };
    let traffic = Traffic::new(
        vec![Cohort { name: "all".into(), label: "All".into() }],
        vec![User { name: "a".into(), cohort: 0 }],
        vec!["toy".into()],
        (0..3).map(call).collect(),
    )
    .unwrap();
    let err = run(&traffic, &file.policies[0], &file.prices.unwrap(), Record::default()).unwrap_err();
    assert_eq!(err, RunError::NoPrice(vec![("toy".into(), 3)]));
    assert_eq!(err.to_string(), "prices: no price for \"toy\" (3 calls); give each model a price");
}

#[test]
fn a_files_prices_replace_the_scenarios_and_a_model_they_miss_is_named_with_its_calls() {
    let toy = registry::find("toyDay").unwrap();
    let values = Values::defaults(toy);
    let run = |prices: Option<&PriceTable>| scenario::prepare(toy, 3, &values, None, prices)?.run(Record::default());
    let own = run(None).unwrap();
    // The toy's price is $2 and $10 per million tokens: twice that doubles the bill of
    // every policy that counts calls, not money.
    let double = read(&priced("toy", "4", "20")).unwrap().prices.unwrap();
    let doubled = run(Some(&double)).unwrap();
    for (a, b) in own.policies.iter().zip(&doubled.policies).filter(|(a, _)| a.policy != "dailyBudget") {
        assert_eq!(b.bill.0, 2 * a.bill.0, "{}: {} then {}", a.policy, a.bill.0, b.bill.0);
    }
    let other = read(&priced("other", "1", "1")).unwrap().prices.unwrap();
    let calls: u32 = own.users.iter().map(|u| u.calls).sum();
    assert_eq!(run(Some(&other)).err(), Some(RunError::NoPrice(vec![("toy".into(), u64::from(calls))])));
    assert_eq!(own.models, vec!["toy".to_string()], "the run names its models");
}

#[test]
fn text_that_is_not_json_says_the_line_and_column_and_what_the_reader_found_there() {
    assert_eq!(
        refusal("{\n  \"name\": \"x\",\n  \"guards\": [\n"),
        "policy file: must be JSON; the text ends at line 4, column 0, before the JSON does"
    );
    assert_eq!(refusal("{\"name\" \"x\"}"), "policy file: must be JSON; it is not at line 1, column 9 (expected `:`)");
    assert_eq!(
        refusal("{\"name\": \"x\"} trailing"),
        "policy file: must be JSON; it is not at line 1, column 15 (trailing characters)"
    );
    // What is wrong, in the JSON reader's words: a comma before a closing brace, which the
    // raw reader took for a missing key.
    assert_eq!(
        refusal("{\"name\": \"x\",\n \"guards\": [],\n}"),
        "policy file: must be JSON; it is not at line 3, column 1 (trailing comma)"
    );
    assert!(refusal("").starts_with("policy file: must be JSON; the text ends at line 1"));
    assert!(refusal("\u{0}").starts_with("policy file: must be JSON; it is not at line 1, column 1"));
    // Nested a million deep: refused as what it is, without running out of stack.
    let deep = format!("{}{}", "[".repeat(1_000_000), "]".repeat(1_000_000));
    assert!(refusal(&deep).starts_with("[0]: must be a policy: "), "{}", refusal(&deep));
    let deep = format!("{}1{}", "{\"a\": ".repeat(1_000_000), "}".repeat(1_000_000));
    assert!(refusal(&deep).starts_with("policy file: must be an object with only the fields \"name\""));
}

/// A whole number is a JSON number; one written as a string is said to be one (`got "5"`
/// alone read as if 5 were out of range).
#[test]
fn a_whole_number_written_as_a_string_is_refused_saying_so() {
    let policy = |limit: &str| {
        format!(r#"{{"name": "p", "guards": [{{"count": "requests", "limit": {limit}, "window": "1m"}}]}}"#)
    };
    assert_eq!(
        refusal(&policy("\"5\"")),
        "guards[0].limit: must be a whole number of requests from 1 to 4,294,967,295; got \"5\", a string: write the \
         number without quotes"
    );
    assert_eq!(
        refusal(&policy("\"five\"")),
        "guards[0].limit: must be a whole number of requests from 1 to 4,294,967,295; got \"five\""
    );
}

#[test]
fn a_file_of_the_wrong_shape_says_what_a_file_may_be() {
    let expected = |got: &str| format!("policy file: must be {FILE_ALLOWED}; got {got}");
    for (text, got) in [("5", "5"), ("\"x\"", "\"x\""), ("null", "null"), ("true", "true")] {
        assert_eq!(refusal(text), expected(got));
    }
    assert_eq!(refusal("[]"), "policy file: must be a list of at least one policy; got an empty list");
    assert_eq!(refusal("{\"policies\": []}"), "policies: must be a list of at least one policy; got an empty list");
    assert_eq!(refusal("{\"prices\": {}}"), "policies: must be a list of at least one policy; got nothing");
    assert_eq!(refusal("{\"policies\": {}}"), "policies: must be a list of at least one policy; got an object");
    assert_eq!(refusal("[5]"), format!("[0]: must be {POLICY_ALLOWED}; got 5"));
}

#[test]
fn an_unknown_guard_lists_the_known_ones() {
    let text = r#"{"policies": [{"name": "x", "guards": [{"guard": "leakyBucket", "rate": 5}]}]}"#;
    assert_eq!(refusal(text), format!("policies[0].guards[0].guard: must be {GUARD_ALLOWED}; got \"leakyBucket\""));
    let missing = r#"{"name": "x", "guards": [{"limit": 5}]}"#;
    // A guard without "guard" is read in the language, whose first field is "count".
    assert_eq!(
        refusal(missing),
        "guards[0].count: must be \"requests\", \"tokens\" (input plus output), \"inputTokens\", \"outputTokens\" \
         or \"dollars\"; got nothing"
    );
    assert_eq!(
        refusal(r#"{"name": "x", "guards": [{"guard": 3}]}"#),
        format!("guards[0].guard: must be {GUARD_ALLOWED}; got 3")
    );
    for guard in
        ["slidingWindow", "moneyBudget", "spendCeiling", "tokenBucket", "tokenBudget", "degrade", "tenantLedger"]
    {
        assert!(GUARD_ALLOWED.contains(&format!("\"{guard}\"")), "{guard} is listed: {GUARD_ALLOWED}");
    }
    assert!(refusal(r#"{"name": "x", "guards": {"guard": "slidingWindow"}}"#)
        .starts_with("guards: must be a list of guards"));
}

#[test]
fn a_zero_or_negative_limit_window_budget_ceiling_or_period_names_the_field_and_its_range() {
    let limit =
        |got: &str| format!("guards[0].limit: must be a whole number of calls from 1 to 4,294,967,295; got {got}");
    for bad in ["0", "-1", "-0", "1.5", "5.0", "1e1", "4294967296", "\"0\""] {
        assert_eq!(refusal(&window(bad, "60000")), limit(bad), "limit {bad}");
    }
    let window_ms = |got: &str| {
        format!("guards[0].windowMs: must be a whole number of milliseconds from 1 to 18,446,744,073,709,551,615; got {got}")
    };
    for bad in ["0", "-60000", "18446744073709551616"] {
        assert_eq!(refusal(&window("5", bad)), window_ms(bad), "windowMs {bad}");
    }
    let budget = |field: &str| {
        format!(
            r#"{{"name": "b", "guards": [{{"guard": "moneyBudget", {field}, "refill": "daily",
                "setAside": {{"kind": "nothing"}}}}]}}"#
        )
    };
    assert_eq!(
        refusal(&budget("\"budgetMicros\": 0")),
        "guards[0].budgetMicros: must be a whole number of micro-dollars from 1 to 1,000,000,000,000,000; got 0"
    );
    for bad in ["0", "-1", "\"-0.25\"", "0.0000001", "\"abc\""] {
        let msg = refusal(&budget(&format!("\"budgetDollars\": {bad}")));
        assert_eq!(msg, format!("guards[0].budgetDollars: must be {DOLLARS_ALLOWED}; got {bad}"), "{bad}");
    }
    let ceiling = |field: &str, period: &str| {
        format!(r#"{{"name": "c", "guards": [{{"guard": "spendCeiling", {field}, "periodMs": {period}}}]}}"#)
    };
    let refused_at = |field: &str, at: &str| refusal(&ceiling(field, "1")).starts_with(at);
    assert!(refused_at("\"ceilingMicros\": -5", "guards[0].ceilingMicros: must be a whole"));
    assert!(refusal(&ceiling("\"ceilingDollars\": 0", "1")).starts_with("guards[0].ceilingDollars: must be an amount"));
    assert!(refusal(&ceiling("\"ceilingDollars\": 5", "0")).starts_with("guards[0].periodMs: must be a whole"));
    let both = ceiling("\"ceilingDollars\": 5, \"ceilingMicros\": 5000000", "1");
    assert_eq!(refusal(&both), "guards[0].ceilingMicros: must be given once, as Micros or as Dollars; got both");
    let read_back = read(&ceiling("\"ceilingDollars\": \"0.25\"", "86400000")).unwrap();
    let expected = Guard::SpendCeiling { ceiling_micros: Micros(250_000), period_ms: Span(86_400_000) };
    assert_eq!(read_back.policies[0].guards, vec![expected], "dollars read exactly");
}

#[test]
fn an_unknown_or_repeated_field_is_named_with_the_fields_allowed() {
    assert_eq!(
        refusal(&window("5", "60000 , \"limt\": 3")),
        "guards[0]: must be a slidingWindow guard: only the fields \"guard\", \"limit\" and \"windowMs\"; got the \
         field \"limt\""
    );
    assert_eq!(
        refusal(r#"{"name": "x", "guard": []}"#),
        "policy file: must be an object with only the fields \"name\", \"guards\", \"processes\", \"ladder\" and \
         \"ledger\"; got the field \"guard\""
    );
    assert_eq!(
        refusal(r#"[{"name": "x", "Name": "y"}]"#),
        "[0]: must be an object with only the fields \"name\", \"guards\", \"processes\", \"ladder\" and \"ledger\"; got \
         the field \"Name\""
    );
    assert_eq!(refusal(&window("5", "1, \"limit\": 6")), "guards[0].limit: must be given once; got a second time");
    assert!(refusal(r#"{"policies": [{"name": "x"}], "price": {}}"#)
        .starts_with("policy file: must be an object with only the fields \"policies\" and \"prices\" (a policy"));
    let set_aside = r#"{"name": "b", "guards": [{"guard": "moneyBudget", "budgetMicros": 5, "refill": "daily",
        "setAside": {"kind": "nothing", "maxTokens": 5}}]}"#;
    assert!(refusal(set_aside).starts_with("guards[0].setAside: must be {\"kind\": \"nothing\"} with no other field"));
    let price = r#"{"policies": [{"name": "x"}],
        "prices": {"m": {"inputPerMillion": 1, "outputPerMillion": 1, "cached": 1}}}"#;
    assert!(refusal(price).starts_with("prices.m: must be an object with only the fields \"inputPerMillion\""));
}

#[test]
fn a_policys_name_refill_set_aside_and_processes_are_checked() {
    assert!(refusal(r#"{"guards": []}"#).starts_with("name: must be a name of 1 to 80 characters"));
    assert!(refusal(r#"{"name": ""}"#).ends_with("got \"\""));
    assert!(refusal(r#"{"name": "a\u001b[2J"}"#).starts_with("name: must be a name"), "no control characters");
    assert_eq!(
        refusal(r#"[{"name": "x"}, {"name": "x"}]"#),
        "[1].name: must be a name no other policy of the file has; got \"x\""
    );
    assert_eq!(
        refusal(r#"{"name": "x", "processes": 0}"#),
        "processes: must be a whole number of processes from 1 to 100; got 0"
    );
    let budget = |refill: &str, set_aside: &str| {
        format!(
            r#"{{"name": "b", "guards": [{{"guard": "moneyBudget", "budgetMicros": 5, "refill": {refill},
                "setAside": {set_aside}}}]}}"#
        )
    };
    assert_eq!(
        refusal(&budget("\"weekly\"", "{\"kind\": \"nothing\"}")),
        "guards[0].refill: must be \"daily\" or \"steady\"; got \"weekly\""
    );
    assert_eq!(
        refusal(&budget("\"daily\"", "{\"kind\": \"most\"}")),
        "guards[0].setAside.kind: must be \"nothing\" or \"worstCase\"; got \"most\""
    );
    assert!(refusal(&budget("\"daily\"", "{\"kind\": \"worstCase\", \"inputPercent\": 50}"))
        .starts_with("guards[0].setAside.maxTokens: must be a whole number of tokens"));
    assert!(refusal(&budget("\"daily\"", "\"worstCase\"")).starts_with("guards[0].setAside: must be {\"kind\""));
}

#[test]
fn a_huge_value_is_shown_cut_short() {
    let msg = refusal(&window(&"9".repeat(100_000), "1"));
    assert!(msg.len() < 300, "{msg}");
    let msg = refusal(&format!("{{\"name\": \"{}\"}}", "x".repeat(100_000)));
    assert!(msg.len() < 300, "{msg}");
}

#[test]
fn the_lesson_003_guards_read_back_and_each_bad_field_is_named_with_its_range() {
    let file = |guard: &str| format!(r#"{{"name": "x", "guards": [{guard}]}}"#);
    let read_one = |guard: &str| read(&file(guard)).map(|f| f.policies[0].guards[0].clone());
    let bucket = Guard::TokenBucket { capacity: NonZeroU32::new(5).unwrap(), refill_per_minute: 10 };
    assert_eq!(read_one(r#"{"guard": "tokenBucket", "capacity": 5, "refillPerMinute": 10}"#), Ok(bucket));
    let budget = Guard::TokenBudget { budget_tokens: 60_000, max_tokens: Some(1_000) };
    assert_eq!(read_one(r#"{"guard": "tokenBudget", "budgetTokens": 60000, "maxTokens": 1000}"#), Ok(budget));
    let budget = Guard::TokenBudget { budget_tokens: 60_000, max_tokens: None };
    assert_eq!(read_one(r#"{"guard": "tokenBudget", "budgetTokens": 60000}"#), Ok(budget));
    let degrade = r#"{"guard": "degrade", "ceilingDollars": "3.00", "periodMs": 86400000, "model": "small"}"#;
    let expected =
        Guard::Degrade { ceiling_micros: Micros(3_000_000), period_ms: Span(86_400_000), model: "small".into() };
    assert_eq!(read_one(degrade), Ok(expected.clone()));
    let text = serde_json::to_string(&Policy::new("x", vec![expected.clone()])).unwrap();
    assert_eq!(read(&text).map(|f| f.policies[0].guards.clone()), Ok(vec![expected]), "{text}");
    let cases = [
        (r#"{"guard": "tokenBucket", "capacity": 0, "refillPerMinute": 10}"#, "guards[0].capacity: must be a whole number of bucket tokens from 1 to 4,294,967,295; got 0"),
        (r#"{"guard": "tokenBucket", "capacity": 5, "refillPerMinute": -1}"#, "guards[0].refillPerMinute: must be a whole number of bucket tokens a minute from 0 to 4,294,967,295; got -1"),
        (r#"{"guard": "tokenBucket", "capacity": 5}"#, "guards[0].refillPerMinute: must be a whole number of bucket tokens a minute from 0 to 4,294,967,295; got nothing"),
        (r#"{"guard": "tokenBucket", "capacity": 5, "refillPerMinute": 1, "burst": 2}"#, "guards[0]: must be a tokenBucket guard: only the fields \"guard\", \"capacity\" and \"refillPerMinute\"; got the field \"burst\""),
        (r#"{"guard": "tokenBudget", "budgetTokens": 0}"#, "guards[0].budgetTokens: must be a whole number of tokens from 1 to 1,000,000,000,000; got 0"),
        (r#"{"guard": "tokenBudget", "budgetTokens": 5, "maxTokens": 1.5}"#, "guards[0].maxTokens: must be a whole number of tokens from 0 to 1,000,000,000; got 1.5"),
        (r#"{"guard": "degrade", "ceilingDollars": 0, "periodMs": 1, "model": "m"}"#, &format!("guards[0].ceilingDollars: must be {DOLLARS_ALLOWED}; got 0")),
        (r#"{"guard": "degrade", "ceilingDollars": 1, "periodMs": 1, "model": ""}"#, "guards[0].model: must be a model's name of 1 to 80 characters, no control characters; got \"\""),
        (r#"{"guard": "degrade", "ceilingDollars": 1, "periodMs": 1}"#, "guards[0].model: must be a model's name of 1 to 80 characters, no control characters; got nothing"),
    ];
    for (guard, expected) in cases {
        assert_eq!(refusal(&file(guard)), expected, "{guard}");
    }
}

#[test]
fn lesson_001s_guards_are_read_with_every_field_checked_and_the_known_guards_listed() {
    for guard in ["rateLimiter", "dailyCap", "setAsideCap"] {
        assert!(GUARD_ALLOWED.contains(&format!("\"{guard}\"")), "{guard} is listed: {GUARD_ALLOWED}");
    }
    let file = read(
        r#"{"name": "app", "processes": 2, "guards": [
            {"guard": "rateLimiter", "limit": 5, "windowMs": 60000},
            {"guard": "dailyCap", "capDollars": "0.001"},
            {"guard": "setAsideCap", "capMicros": 800, "maxTokens": 80}]}"#,
    )
    .unwrap();
    let limit = Guard::RateLimiter { limit: NonZeroU32::new(5).unwrap(), window_ms: Span(60_000) };
    let cap = Guard::DailyCap { cap_micros: Micros(1_000) };
    let set_aside = Guard::SetAsideCap { cap_micros: Micros(800), max_tokens: 80 };
    assert_eq!(file.policies[0].guards, vec![limit, cap, set_aside]);
    assert_eq!(file.policies[0].processes, 2);
    let guard = |g: &str| format!(r#"{{"name": "x", "guards": [{g}]}}"#);
    let refused = |g: &str| refusal(&guard(g));
    assert_eq!(
        refused(r#"{"guard": "rateLimiter", "limit": 0, "windowMs": 60000}"#),
        "guards[0].limit: must be a whole number of calls from 1 to 4,294,967,295; got 0"
    );
    assert_eq!(
        refused(r#"{"guard": "rateLimiter", "limit": 5, "windowMs": 0}"#),
        "guards[0].windowMs: must be a whole number of milliseconds from 1 to 18,446,744,073,709,551,615; got 0"
    );
    assert!(refused(r#"{"guard": "rateLimiter", "limit": 5}"#).ends_with("; got nothing"));
    assert_eq!(
        refused(r#"{"guard": "rateLimiter", "limit": 5, "windowMs": 1, "window": 60}"#),
        "guards[0]: must be a rateLimiter guard: only the fields \"guard\", \"limit\" and \"windowMs\"; got the \
         field \"window\""
    );
    assert_eq!(
        refused(r#"{"guard": "dailyCap", "capDollars": 0}"#),
        format!("guards[0].capDollars: must be {DOLLARS_ALLOWED}; got 0")
    );
    assert_eq!(
        refused(r#"{"guard": "dailyCap"}"#),
        format!("guards[0].capDollars: must be {DOLLARS_ALLOWED}; got nothing")
    );
    assert_eq!(
        refused(r#"{"guard": "dailyCap", "capMicros": 5, "capDollars": 1}"#),
        "guards[0].capMicros: must be given once, as Micros or as Dollars; got both"
    );
    assert!(refused(r#"{"guard": "setAsideCap", "capMicros": 5}"#)
        .starts_with("guards[0].maxTokens: must be a whole number of tokens from 0 to 1,000,000,000; got nothing"));
    assert!(refused(r#"{"guard": "setAsideCap", "capMicros": 5, "maxTokens": -1}"#).ends_with("got -1"));
    assert!(refused(r#"{"guard": "dailyCap", "capMicros": 5, "periodMs": 1}"#)
        .starts_with("guards[0]: must be a dailyCap guard: only the fields"));
}
