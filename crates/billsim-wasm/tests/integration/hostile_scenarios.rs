//! Hostile JS values at the exports of the engine's scenarios (runScenario, overTimeView,
//! drawOverTime, cohortView, drawShareByCohort, readSetting, warmScenario, scenarioPanels),
//! inside real Chromium: each bad value throws a JS `Error` whose message starts with the
//! field's name and says what is allowed, with a `field` property of that name; nothing
//! traps, and the module answers as before afterwards.
//!
//! Run with `cd crates/billsim-wasm && wasm-pack test --headless --chrome`.

use billsim_core::settings::SEED_ALLOWED;
use billsim_wasm::{
    cohort_view, draw_share_by_cohort, over_time_view, read_setting, run_scenario, scenario_panels, settle_settings,
    warm_scenario, Thrown,
};
use js_sys::{Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// "scenario: must be" and every scenario's name, as the core lists them.
fn scenario_allowed() -> String {
    let names: Vec<String> =
        billsim_core::scenario::registry::SCENARIOS.iter().map(|s| format!("{:?}", s.name)).collect();
    format!("scenario: must be {}", names.join(" or "))
}

fn js(expression: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expression});"))
        .call0(&JsValue::UNDEFINED)
        .unwrap_or_else(|e| panic!("the test's JS {expression:?} threw {e:?}"))
}

/// The call threw an `Error` whose message starts with `expected` and whose `field` is
/// the field that message names.
fn assert_thrown<T: std::fmt::Debug>(result: Result<T, Thrown>, case: &str, expected: &str) {
    let err: JsValue = match result {
        Ok(v) => panic!("{case}: should have thrown, returned {v:?}"),
        Err(e) => e.into(),
    };
    assert!(err.is_instance_of::<js_sys::Error>(), "{case}: a JS Error is thrown");
    let message = Reflect::get(&err, &"message".into()).unwrap().as_string().unwrap();
    let field = Reflect::get(&err, &"field".into()).unwrap().as_string();
    assert!(message.starts_with(expected), "{case}:\n  threw {message:?}\n  expected it to start with {expected:?}");
    assert!(message.len() < 1_000, "{case}: the message stays readable ({} bytes)", message.len());
    assert_eq!(field.as_deref(), expected.split_once(": ").map(|(f, _)| f), "{case}: the field property");
}

/// Scenario names, settings and seeds that must be refused, with the start of the message.
fn hostile_runs() -> Vec<(&'static str, &'static str, &'static str, String)> {
    let seed = |got: &str| format!("seed: must be {SEED_ALLOWED}; got {got}");
    let scenarios = scenario_allowed();
    vec![
        ("undefined", "{}", "0", "scenario: must be a scenario's name; got undefined".into()),
        ("3", "{}", "0", "scenario: must be a scenario's name; got a number 3".into()),
        ("Symbol('toyDay')", "{}", "0", "scenario: must be a scenario's name; got a Symbol".into()),
        ("'week'", "{}", "0", format!("{scenarios}; got \"week\"")),
        ("'x'.repeat(1e6)", "{}", "0", format!("{scenarios}; got \"xxxxxxxx")),
        ("'toyDay'", "[]", "0", "settings: must be an object".into()),
        (
            "'runawayTenant'",
            "{payingMonthlyDollars: '5'}",
            "0",
            "payingMonthlyDollars: must be an amount in dollars at least the paying tier's daily budget".into(),
        ),
        ("'toyDay'", "3", "0", "settings: must be an object".into()),
        ("'toyDay'", "{ calls: 3 }", "0", "settings: unknown field \"calls\"".into()),
        ("'toyDay'", "{ perMinute: NaN }", "0", "perMinute: must be a whole number from 1 to 60; got NaN".into()),
        ("'toyDay'", "{ perMinute: 0 }", "0", "perMinute: must be a whole number from 1 to 60; got \"0\"".into()),
        ("'toyDay'", "{ perMinute: 1e308 }", "0", "perMinute: must be a whole number from 1 to 60".into()),
        ("'toyDay'", "{ perMinute: {} }", "0", "perMinute: must be a whole number from 1 to 60; got an object".into()),
        ("'toyDay'", "{ budgetDollars: 0.009999 }", "0", "budgetDollars: must be an amount in dollars".into()),
        ("'toyDay'", "{ budgetDollars: '1e3' }", "0", "budgetDollars: must be an amount in dollars".into()),
        ("'toyDay'", "{ refill: 'weekly' }", "0", "refill: must be \"daily\" or \"steady\"".into()),
        ("'toyDay'", "{ get refill() { throw new Error('no'); } }", "0", "refill: must be".into()),
        ("'toyDay'", "new Proxy({}, { ownKeys() { throw 1; } })", "0", "settings: must be an object".into()),
        ("'callsAtOnce'", "{ calls: 201 }", "0", "calls: must be a whole number from 1 to 200".into()),
        ("'toyDay'", "{}", "-1", seed("\"-1\"")),
        ("'toyDay'", "{}", "NaN", seed("NaN")),
        ("'toyDay'", "{}", "2 ** 32", seed("\"4294967296\"")),
        ("'toyDay'", "{}", "3.5", seed("\"3.5\"")),
        ("'toyDay'", "{}", "'3'", seed("a string \"3\"")),
        ("'toyDay'", "{}", "2n ** 32n", seed("\"4294967296\"")),
        ("'freeTier'", "{ tokenBudget: 0 }", "0", "tokenBudget: must be a whole number from 1 to 10,000,000".into()),
        ("'freeTier'", "{ breakerDollars: '0' }", "0", "breakerDollars: must be an amount in dollars from 0.01".into()),
        ("'freeTier'", "{ sockpuppets: 401 }", "0", "sockpuppets: must be a whole number from 0 to 400".into()),
        ("'freeTier'", "{ pricePerToken: 1e-7 }", "0", "pricePerToken: must be an amount in dollars".into()),
        (
            "'freeTier'",
            "{ normalUsers: 0, scriptUsers: 0, sockpuppets: 0 }",
            "0",
            "sockpuppets: must be at least 1 while there are no normal users and no script accounts".into(),
        ),
        (
            "'runawayTenant'",
            "{ maxTokens: 0 }",
            "0",
            "maxTokens: must be a whole number of tokens from 1 to 32,000".into(),
        ),
        ("'runawayTenant'", "{ freeFail: 'maybe' }", "0", "freeFail: must be \"open\" or \"closed\"".into()),
        (
            "'runawayTenant'",
            "{ payingDailyDollars: -5 }",
            "0",
            "payingDailyDollars: must be an amount in dollars".into(),
        ),
        (
            "'runawayTenant'",
            "{ outageStartHour: 10, outageEndHour: 9 }",
            "0",
            "outageEndHour: must be an hour at or after the outage's start".into(),
        ),
    ]
}

#[wasm_bindgen_test]
fn warm_scenario_and_the_runaway_tenants_panels_refuse_every_hostile_name_setting_and_seed_with_the_field() {
    for (name, settings, seed, expected) in hostile_runs() {
        let case = format!("({name}, {settings}, {seed})");
        assert_thrown(warm_scenario(js(name), js(settings), js(seed)), &format!("warmScenario{case}"), &expected);
        if name == "'runawayTenant'" {
            let panels = scenario_panels(js(name), js(settings), js(seed), "noCap".into());
            assert_thrown(panels, &format!("scenarioPanels{case}"), &expected);
        }
    }
    // And the module answers as before, from the run it kept.
    assert!(warm_scenario("runawayTenant".into(), JsValue::UNDEFINED, 3.into()).is_ok());
    let panels = scenario_panels("runawayTenant".into(), JsValue::UNDEFINED, 3.into(), "degradeLadder".into()).unwrap();
    assert_eq!(js_sys::Array::from(&panels).length(), 2, "the pitfalls and the calls by model");
}

fn canvas() -> web_sys::HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: web_sys::HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    canvas.set_width(400);
    canvas.set_height(600);
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

#[wasm_bindgen_test]
fn cohort_view_and_draw_share_by_cohort_refuse_every_hostile_name_setting_seed_and_policy_with_the_field() {
    for (name, settings, seed, expected) in hostile_runs() {
        let case = format!("({name}, {settings}, {seed})");
        assert_thrown(cohort_view(js(name), js(settings), js(seed)), &format!("cohortView{case}"), &expected);
        let drawn =
            draw_share_by_cohort(canvas(), js(name), js(settings), js(seed), "noLimit".into(), JsValue::UNDEFINED);
        assert_thrown(drawn, &format!("drawShareByCohort{case}"), &expected);
    }
    let policy = "policy: must be one of freeTier's policies, \"noLimit\", \"bucket\"";
    for bad in ["'requestsPerMinute'", "undefined", "3", "'x'.repeat(1e6)", "Symbol('allThree')"] {
        let drawn = draw_share_by_cohort(
            canvas(),
            "freeTier".into(),
            JsValue::UNDEFINED,
            0.into(),
            js(bad),
            JsValue::UNDEFINED,
        );
        assert_thrown(drawn, &format!("drawShareByCohort(policy {bad})"), policy);
    }
    let drawn = draw_share_by_cohort(
        canvas(),
        "freeTier".into(),
        JsValue::UNDEFINED,
        0.into(),
        "allThree".into(),
        js("{ scale: 0 }"),
    );
    assert_thrown(drawn, "drawShareByCohort(look { scale: 0 })", "scale: must be a number from 0.5 to 8");
    // And the module answers as before.
    let view = cohort_view("freeTier".into(), js("{ sockpuppets: '3' }"), 2.into()).unwrap();
    let bars = Reflect::get(&view, &"bars".into()).unwrap();
    assert_eq!(js_sys::Array::from(&bars).length(), 6, "one bar per policy");
    assert!(draw_share_by_cohort(
        canvas(),
        "freeTier".into(),
        JsValue::UNDEFINED,
        0.into(),
        "allThree".into(),
        JsValue::UNDEFINED
    )
    .is_ok());
}

#[wasm_bindgen_test]
fn run_scenario_and_over_time_view_refuse_every_hostile_name_setting_and_seed_with_the_field() {
    for (name, settings, seed, expected) in hostile_runs() {
        let case = format!("({name}, {settings}, {seed})");
        assert_thrown(run_scenario(js(name), js(settings), js(seed)), &format!("runScenario{case}"), &expected);
        assert_thrown(over_time_view(js(name), js(settings), js(seed)), &format!("overTimeView{case}"), &expected);
    }
    // And the module answers as before.
    let run = run_scenario("toyDay".into(), js("{ perMinute: 3, budgetDollars: '0.5' }"), 7.into()).unwrap();
    assert_eq!(Reflect::get(&run, &"seed".into()).unwrap().as_f64(), Some(7.0));
    assert!(over_time_view("callsAtOnce".into(), JsValue::UNDEFINED, JsValue::UNDEFINED).is_ok());
}

#[wasm_bindgen_test]
fn a_seed_given_as_a_bigint_runs_as_the_same_number_does_as_the_types_allow() {
    let run = run_scenario("toyDay".into(), JsValue::UNDEFINED, js("7n")).expect("seed 7n");
    assert_eq!(Reflect::get(&run, &"seed".into()).unwrap().as_f64(), Some(7.0), "the run of seed 7n");
    let json: Function =
        js("(v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? String(x) : x))").unchecked_into();
    let text = |r: &JsValue| json.call1(&JsValue::UNDEFINED, r).unwrap().as_string().unwrap();
    let number = run_scenario("toyDay".into(), JsValue::UNDEFINED, 7.into()).unwrap();
    assert_eq!(text(&run), text(&number), "seed 7n and seed 7 give one run");
}

#[wasm_bindgen_test]
fn read_setting_refuses_an_unknown_key_and_a_bad_value_with_the_field() {
    let key = "key: must be the key of a setting, such as \"perMinute\"";
    assert_thrown(read_setting(js("'nope'"), "3".into()), "readSetting('nope')", key);
    assert_thrown(read_setting(js("3"), "3".into()), "readSetting(3)", key);
    assert_thrown(read_setting(js("null"), "3".into()), "readSetting(null)", key);
    for (text, expected) in [
        ("null", "perMinute: must be a whole number from 1 to 60; got null"),
        ("({})", "perMinute: must be a whole number from 1 to 60; got an object"),
        ("NaN", "perMinute: must be a whole number from 1 to 60; got NaN"),
        ("'61'", "perMinute: must be a whole number from 1 to 60; got \"61\""),
        ("'\\u0000'", "perMinute: must be a whole number from 1 to 60; got"),
    ] {
        assert_thrown(
            read_setting("perMinute".into(), js(text)),
            &format!("readSetting('perMinute', {text})"),
            expected,
        );
    }
    assert_eq!(read_setting("perMinute".into(), " 7 ".into()).unwrap().as_f64(), Some(7.0));
    assert_eq!(read_setting("budgetDollars".into(), "0.015".into()).unwrap().as_f64(), Some(0.015));
    assert_eq!(read_setting("view".into(), "overTime".into()).unwrap().as_string().as_deref(), Some("overTime"));
}

#[wasm_bindgen_test]
fn settle_settings_sets_aside_a_clash_and_refuses_hostile_settings_and_keys_with_the_field() {
    let settled = settle_settings(
        js("{ scenario: 'runawayTenant', outageStartHour: 400 }"),
        JsValue::UNDEFINED,
        js("['scenario', 'outageStartHour']"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let settings = Reflect::get(&settled, &"settings".into()).unwrap();
    assert_eq!(
        Reflect::get(&settings, &"outageStartHour".into()).unwrap().as_f64(),
        Some(300.0),
        "the start set aside"
    );
    let aside = js_sys::Array::from(&Reflect::get(&settled, &"ignored".into()).unwrap());
    let first = aside.get(0);
    assert_eq!(Reflect::get(&first, &"key".into()).unwrap().as_string().as_deref(), Some("outageStartHour"));
    assert_eq!(Reflect::get(&first, &"using".into()).unwrap().as_f64(), Some(300.0));
    let keys = "given: must be a list of the keys of the widget's settings";
    for (settings, before, given, expected) in [
        ("[]", "undefined", "[]", "settings: must be an object"),
        ("{ colour: 1 }", "undefined", "[]", "settings: unknown field \"colour\""),
        ("{ perMinute: 0 }", "undefined", "[]", "perMinute: must be a whole number from 1 to 60"),
        ("{ get view() { throw new Error('no'); } }", "undefined", "[]", "view: must be"),
        ("{}", "{ seed: -1 }", "[]", "seed: must be a whole number from 0 to 4,294,967,295"),
        ("{}", "undefined", "'perMinute'", keys),
        ("{}", "undefined", "['nope']", keys),
        ("{}", "undefined", "[3]", keys),
        ("{}", "undefined", "new Proxy([], { get() { throw 1; } })", keys),
    ] {
        let case = format!("settleSettings({settings}, {before}, {given})");
        assert_thrown(settle_settings(js(settings), js(before), js(given), JsValue::UNDEFINED), &case, expected);
    }
    for (unread, expected) in [
        ("[]", "unread: must be an object"),
        ("{ colour: 'red' }", "unread: unknown field \"colour\""),
        ("{ view: {} }", "view: must be"),
        ("{ get view() { throw new Error('no'); } }", "view: must be the text that was given"),
    ] {
        let case = format!("settleSettings({{}}, undefined, [], {unread})");
        assert_thrown(settle_settings(js("{}"), JsValue::UNDEFINED, js("[]"), js(unread)), &case, expected);
    }
}

#[wasm_bindgen_test]
fn settle_settings_says_a_view_no_widget_has_with_this_widgets_views_and_the_view_it_uses() {
    let settled = settle_settings(
        js("{ scenario: 'freeTier' }"),
        JsValue::UNDEFINED,
        js("['scenario']"),
        js("{ view: 'nonsense' }"),
    )
    .unwrap();
    let aside = js_sys::Array::from(&Reflect::get(&settled, &"ignored".into()).unwrap());
    assert_eq!(aside.length(), 1, "one setting set aside");
    let first = aside.get(0);
    let problem = Reflect::get(&first, &"problem".into()).unwrap().as_string().unwrap_or_default();
    assert!(problem.contains("(the views of scenario=\"freeTier\"); got \"nonsense\""), "{problem}");
    assert!(!problem.contains("\"day\""), "the toy day's views are not the free tier's: {problem}");
    let using = Reflect::get(&first, &"using".into()).unwrap().as_string();
    assert_eq!(using.as_deref(), Some("byKind"), "the free tier's first view, the one drawn");
}
