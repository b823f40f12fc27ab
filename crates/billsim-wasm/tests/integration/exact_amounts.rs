//! Amounts at and past 2^53 (the most a JS number holds exactly) cross into JS exactly:
//! every 64-bit integer of a result is a BigInt. A replayed bill past it, the replay page's
//! budget line of $2,000 for each of 5,000 users (10^16 nano-dollars), the runaway
//! tenant's budget line with each tier's budgets at their most; and a drawing export takes
//! such a view back.

use billsim_wasm::{draw_over_time, draw_replay_over_time, over_time_view, run_scenario, Replay};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::common::{bigint, canvas, get, js, json_of, reader};

const TWO_53: u64 = 1 << 53;

/// The largest money value of an over-time view's limit lines.
fn highest_limit(view: &JsValue) -> u64 {
    let limits = js_sys::Array::from(&get(view, "limits"));
    let mut most = 0;
    for limit in limits.iter() {
        for point in js_sys::Array::from(&get(&limit, "points")).iter() {
            most = most.max(bigint(&js_sys::Array::from(&point).get(1)));
        }
    }
    most
}

#[wasm_bindgen_test]
fn a_replayed_bill_at_and_past_2_to_the_53_nano_dollars_is_an_exact_bigint() {
    // A logged cost is at most $1,000,000 a call: these bills are many calls.
    let call = |cost: &str| format!("2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,alice,claude-haiku-4-5,10,10,{cost}\n");
    let nine = call("900719.925474099").repeat(9);
    for (calls, nanos) in [
        (format!("{nine}{}", call("900719.925474101")), TWO_53),
        (format!("{nine}{}", call("900719.925474102")), TWO_53 + 1),
        (call("1000000").repeat(10_000), 10_000_000_000_000_000_000),
    ] {
        let log = format!("time,end,user,model,input_tokens,output_tokens,cost\n{calls}");
        let mut replay = Replay::read(reader(&log), JsValue::UNDEFINED).unwrap();
        let view = replay.run(JsValue::NULL, "".into(), JsValue::NULL).unwrap();
        let bill = get(&js_sys::Array::from(&get(&view, "bills")).get(0), "billNanos");
        assert_eq!(bigint(&bill), nanos, "the bill of calls adding up to {nanos} nano-dollars");
        assert!(get(&view, "calls").is_bigint(), "a count of calls is a 64-bit integer too");
    }
}

#[wasm_bindgen_test]
fn a_budget_of_2000_dollars_for_each_of_5000_users_is_a_line_of_10_to_the_16_nano_dollars_exactly() {
    let mut log = String::from("time,end,user,model,input_tokens,output_tokens\n");
    for u in 0..5_000 {
        log.push_str(&format!("2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,user{u},claude-haiku-4-5,100,20\n"));
    }
    let mut replay = Replay::read(reader(&log), JsValue::UNDEFINED).unwrap();
    let policies = js(r#"[{ "name": "big", "guards": [{ "guard": "moneyBudget", "budgetDollars": "2000",
        "refill": "daily", "setAside": { "kind": "nothing" } }] }]"#);
    let view = replay.run(policies, "".into(), JsValue::NULL).unwrap();
    let spend = get(&view, "spend");
    assert_eq!(highest_limit(&spend), 10_000_000_000_000_000, "5,000 users × $2,000");
    // The page draws the view it was given, BigInts and all.
    assert!(draw_replay_over_time(canvas(600, 400), spend, JsValue::UNDEFINED).is_ok());
}

#[wasm_bindgen_test]
fn the_runaway_tenants_budget_line_with_every_budget_at_its_most_is_an_exact_bigint() {
    let settings = r#"{ "internalDailyDollars": "1000000", "internalMonthlyDollars": "1000000",
        "payingDailyDollars": "1000000", "payingMonthlyDollars": "1000000", "freeDailyDollars": "1000000",
        "freeMonthlyDollars": "1000000", "productMonthlyDollars": "1000000" }"#;
    let view = over_time_view("runawayTenant".into(), js(settings), 0.into()).unwrap();
    assert!(highest_limit(&view) > TWO_53, "past 2^53: {}", highest_limit(&view));
    let drawn = draw_over_time(canvas(600, 400), "runawayTenant".into(), js(settings), 0.into(), JsValue::UNDEFINED);
    assert!(drawn.is_ok());
}

#[wasm_bindgen_test]
fn a_scenario_runs_again_from_the_settings_its_run_gives_back_bigints_and_all() {
    let run =
        run_scenario("freeTier".into(), js(r#"{ "sockpuppets": 7, "breakerDollars": "1.5" }"#), 2.into()).unwrap();
    let settings = get(&run, "settings");
    assert!(get(&settings, "sockpuppets").is_bigint(), "a whole setting of a run is a BigInt");
    let again = run_scenario("freeTier".into(), settings, 2.into()).unwrap();
    assert_eq!(json_of(&again), json_of(&run));
}
