//! Every kind of JS value thrown at the exports a page or a lesson author calls
//! (simulateDay, summarize, dayReadout, drawShareOfBill, readSettingsText, checkDays), inside
//! real Chromium: NaN, ±Infinity, negatives, zero, 1e308, 2^53 + 1, 2^64, numbers as
//! strings, "", null, undefined, arrays, nested objects, unknown fields, a string of a
//! million characters, seeds outside u32, BigInt, Symbol, functions, a Map, a Date, a class's
//! instance, getters that throw, Proxies whose traps throw and a revoked Proxy.
//!
//! Each bad value must throw a JS `Error` whose message starts with the field's name and
//! says what is allowed; `undefined` (and, for a whole argument, `null`) is the default. A
//! trap (a panic in the module) or an exception thrown through it would fail the test, and
//! after every case the module must still answer.
//!
//! Run with `cd crates/billsim-wasm && wasm-pack test --headless --chrome`.

use crate::common;
use billsim_core::settings::{BUDGET_ALLOWED, PER_MINUTE_ALLOWED, REFILL_ALLOWED, SEED_ALLOWED};
use billsim_core::visible_text::MOST_SHOWN;
use billsim_wasm::Thrown;
use billsim_wasm::{check_days, day_readout, draw, read_settings_text, simulate_day, summarize};
use js_sys::{Function, Object, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::HtmlCanvasElement;

const SETTINGS_FIELDS: &str = "{ seed, perMinute, budgetDollars, refill }";
const POLICY_ALLOWED: &str = "\"noLimit\", \"requestsPerMinute\" or \"dailyBudget\"";
const COUNT_ALLOWED: &str = "a whole number from 1 to 10,000";

/// How a string of a million `c` is shown in a message: its first characters and a count.
fn million(c: char) -> String {
    format!("\"{}\"... (1000000 characters)", c.to_string().repeat(MOST_SHOWN))
}

/// A JS value made by JS code, e.g. `js("5n")`.
fn js(expression: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expression});"))
        .call0(&JsValue::UNDEFINED)
        .unwrap_or_else(|e| panic!("the test's JS {expression:?} threw {e:?}"))
}

/// The message and `field` property of the `Error` a call threw; fails if it returned, or
/// threw anything else.
fn thrown<T: std::fmt::Debug>(result: Result<T, Thrown>, case: &str) -> (String, Option<String>) {
    let err: JsValue = match result {
        Ok(v) => panic!("{case}: should have thrown, returned {v:?}"),
        Err(e) => e.into(),
    };
    assert!(err.is_instance_of::<js_sys::Error>(), "{case}: a JS Error is thrown, not a bare value");
    let message = Reflect::get(&err, &"message".into()).unwrap().as_string().expect("an Error has a message");
    (message, Reflect::get(&err, &"field".into()).unwrap().as_string())
}

/// The call threw an `Error` whose message starts with `expected` ("field: ...") and whose
/// `field` property is that same field, so a page never has to read the message apart.
fn assert_thrown<T: std::fmt::Debug>(result: Result<T, Thrown>, case: &str, expected: &str) {
    let (message, field) = thrown(result, case);
    assert!(message.starts_with(expected), "{case}:\n  threw {message:?}\n  expected it to start with {expected:?}");
    assert!(message.len() < 1_000, "{case}: the message stays readable ({} bytes)", message.len());
    let named = expected.split_once(": ").map(|(f, _)| f.to_string());
    assert_eq!(field, named, "{case}: the Error's field property names the field its message starts with");
}

/// The seed of the day `simulateDay` gave.
fn seed_of(day: &JsValue) -> f64 {
    Reflect::get(day, &"seed".into()).unwrap().as_f64().unwrap()
}

fn canvas(width: u32, height: u32) -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    canvas.set_width(width);
    canvas.set_height(height);
    canvas
}

/// What a settings argument should give.
enum Expect {
    /// The day with this seed (the other settings as given or the defaults).
    Seed(u32),
    /// An Error whose message starts with this.
    Refused(String),
}

/// A settings argument, as JS, with what it should give. The same for every export that
/// takes the day's settings.
fn settings_cases() -> Vec<(String, Expect)> {
    use Expect::*;
    let whole =
        |expected: &str| Refused(format!("settings: must be an object such as {SETTINGS_FIELDS}; got {expected}"));
    let mut cases: Vec<(String, Expect)> = vec![
        // The whole argument.
        ("undefined".into(), Seed(0)),
        ("null".into(), Seed(0)),
        ("{}".into(), Seed(0)),
        ("Object.create(null)".into(), Seed(0)),
        ("Object.assign(Object.create(null), { seed: 3 })".into(), Seed(3)),
        ("Object.freeze({ seed: 3 })".into(), Seed(3)),
        ("new Proxy({ seed: 3 }, {})".into(), Seed(3)),
        ("{ get seed() { return 3; } }".into(), Seed(3)),
        ("[]".into(), whole("an array")),
        ("[3]".into(), whole("an array")),
        ("\"3\"".into(), whole("a string \"3\"")),
        ("\"\"".into(), whole("a string \"\"")),
        ("3".into(), whole("a number 3")),
        ("NaN".into(), whole("a number NaN")),
        ("-Infinity".into(), whole("a number -Infinity")),
        ("true".into(), whole("true")),
        ("3n".into(), whole("a BigInt")),
        ("Symbol('seed')".into(), whole("a Symbol")),
        ("() => ({ seed: 3 })".into(), whole("a function")),
        ("new Map([['seed', 3]])".into(), whole("an object of another kind (Map)")),
        ("new Date(0)".into(), whole("an object of another kind (Date)")),
        ("new Number(3)".into(), whole("an object of another kind (Number)")),
        (
            "new (class Options { constructor() { this.seed = 3; } })()".into(),
            whole("an object of another kind (Options)"),
        ),
        ("new Proxy([], {})".into(), whole("an array")),
        (
            "new Proxy({}, { ownKeys() { throw new Error('no keys'); } })".into(),
            whole("an object whose fields could not be listed"),
        ),
        (
            "new Proxy({}, { getPrototypeOf() { throw new Error('no'); } })".into(),
            whole("an object whose prototype could not be read"),
        ),
        (
            "(() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()".into(),
            whole("an object that could not be read"),
        ),
        (
            "{ seed: 1, extra: 2 }".into(),
            Refused("settings: unknown field \"extra\"; the fields are seed, perMinute, budgetDollars, refill".into()),
        ),
        ("{ Seed: 1 }".into(), Refused("settings: unknown field \"Seed\"".into())),
        ("{ ['x'.repeat(1e6)]: 1 }".into(), Refused(format!("settings: unknown field {}", million('x')))),
        // A field that cannot be read.
        (
            "{ get seed() { throw new Error('boom'); } }".into(),
            Refused(format!("seed: must be {SEED_ALLOWED}; got a field that threw when read")),
        ),
        (
            "{ get perMinute() { throw 'a bare string'; } }".into(),
            Refused(format!("perMinute: must be {PER_MINUTE_ALLOWED}; got a field that threw when read")),
        ),
        (
            "{ get refill() { throw Symbol('x'); } }".into(),
            Refused(format!("refill: must be {REFILL_ALLOWED}; got a field that threw when read")),
        ),
        (
            "new Proxy({ seed: 1 }, { get() { throw new Error('no'); } })".into(),
            Refused(format!("seed: must be {SEED_ALLOWED}; got a field that threw when read")),
        ),
        (
            "new Proxy({ budgetDollars: 1 }, { getOwnPropertyDescriptor() { throw new Error('no'); } })".into(),
            whole("an object whose fields could not be listed"),
        ),
        // Seeds: the ends of u32 and beyond, and what is not a whole number.
        ("{ seed: 4294967295 }".into(), Seed(u32::MAX)),
        ("{ seed: -0 }".into(), Seed(0)),
        ("{ seed: 3.0 }".into(), Seed(3)),
        ("{ seed: undefined }".into(), Seed(0)),
    ];
    let numbers: [(&str, &str); 3] =
        [("seed", SEED_ALLOWED), ("perMinute", PER_MINUTE_ALLOWED), ("budgetDollars", BUDGET_ALLOWED)];
    for (field, allowed) in numbers {
        let bad = |js: &str, got: &str| {
            (format!("{{ {field}: {js} }}"), Expect::Refused(format!("{field}: must be {allowed}; got {got}")))
        };
        cases.extend([
            bad("NaN", "NaN"),
            bad("Infinity", "Infinity"),
            bad("-Infinity", "-Infinity"),
            bad("-1", "-1"),
            bad("1e308", "1e+308"),
            bad("2 ** 53 + 1", "9007199254740992"),
            bad("2 ** 64", "18446744073709552000"),
            bad("-(2 ** 64)", "-18446744073709552000"),
            bad("\"5\"", "a string \"5\""),
            bad("\"\"", "a string \"\""),
            bad("'9'.repeat(1e6)", &format!("a string {}", million('9'))),
            bad("null", "null"),
            bad("[5]", "an array"),
            bad("{ value: 5 }", "an object"),
            bad("new Number(5)", "an object"),
            bad("5n", "a BigInt"),
            bad("Symbol('five')", "a Symbol"),
            bad("() => 5", "a function"),
            bad("true", "true"),
        ]);
    }
    for (js, got) in [
        ("-1", "-1"),
        ("4294967296", "4294967296"),
        ("2.5", "2.5"),
        ("-0.5", "-0.5"),
        ("Number.MAX_SAFE_INTEGER", "9007199254740991"),
        ("5e-324", "5e-324"),
    ] {
        cases.push((format!("{{ seed: {js} }}"), Expect::Refused(format!("seed: must be {SEED_ALLOWED}; got {got}"))));
    }
    for (js, got) in [("0", "0"), ("61", "61"), ("2.5", "2.5"), ("1.0000000000000002", "1.0000000000000002")] {
        cases.push((
            format!("{{ perMinute: {js} }}"),
            Expect::Refused(format!("perMinute: must be {PER_MINUTE_ALLOWED}; got {got}")),
        ));
    }
    for (js, got) in [
        ("0", "0"),
        ("0.009999", "0.009999"),
        ("100.000001", "100.000001"),
        ("1e-7", "1e-7"),
        ("0.1 + 0.2", "0.30000000000000004"),
    ] {
        cases.push((
            format!("{{ budgetDollars: {js} }}"),
            Expect::Refused(format!("budgetDollars: must be {BUDGET_ALLOWED}; got {got}")),
        ));
    }
    for (js, got) in [
        ("5", "a number 5"),
        ("''", "\"\""),
        ("'Daily'", "\"Daily\""),
        ("'weekly'", "\"weekly\""),
        ("null", "null"),
        ("['daily']", "an array"),
        ("{ rule: 'daily' }", "an object"),
        ("new String('daily')", "an object"),
        ("Symbol('daily')", "a Symbol"),
    ] {
        cases.push((
            format!("{{ refill: {js} }}"),
            Expect::Refused(format!("refill: must be {REFILL_ALLOWED}; got {got}")),
        ));
    }
    cases.push((
        "{ refill: 'd'.repeat(1e6) }".into(),
        Expect::Refused(format!("refill: must be {REFILL_ALLOWED}; got {}", million('d'))),
    ));
    cases
}

#[wasm_bindgen_test]
fn simulate_day_refuses_every_hostile_settings_value_with_the_field_and_what_it_allows() {
    for (expression, expect) in settings_cases() {
        let result = simulate_day(js(&expression));
        match expect {
            Expect::Seed(seed) => {
                let day = result.unwrap_or_else(|e| panic!("{expression}: threw {:?}", JsValue::from(e)));
                assert_eq!(seed_of(&day), f64::from(seed), "{expression}");
            }
            Expect::Refused(expected) => assert_thrown(result, &expression, &expected),
        }
    }
}

#[wasm_bindgen_test]
fn summarize_day_readout_and_check_days_refuse_the_same_settings_with_the_same_message() {
    for (expression, expect) in settings_cases() {
        let summary = summarize(js(&expression), "noLimit".into());
        let readout = day_readout(js(&expression));
        let checked = check_days(js(&expression), 1.into());
        match expect {
            Expect::Seed(_) => {
                assert!(summary.is_ok() && readout.is_ok() && checked.is_ok(), "{expression} is accepted by all three");
            }
            Expect::Refused(expected) => {
                assert_thrown(summary, &format!("summarize({expression})"), &expected);
                assert_thrown(readout, &format!("dayReadout({expression})"), &expected);
                assert_thrown(checked, &format!("checkDays({expression})"), &expected);
            }
        }
    }
}

#[wasm_bindgen_test]
fn a_field_inherited_from_a_polluted_object_prototype_is_not_a_setting() {
    let prototype = js("Object.prototype");
    Reflect::set(&prototype, &"seed".into(), &7.into()).unwrap();
    let day = simulate_day(js("{}"));
    let text = read_settings_text(js("{}"));
    // Clean up before any assertion, so a failure here cannot spoil the other tests.
    Reflect::delete_property(&prototype.unchecked_into::<Object>(), &"seed".into()).unwrap();
    assert_eq!(seed_of(&day.unwrap()), 0.0, "Object.prototype.seed is not the settings' seed");
    assert!(Reflect::get(&text.unwrap(), &"seed".into()).unwrap().is_undefined());
}

#[wasm_bindgen_test]
fn a_getter_that_calls_the_module_itself_is_read_like_any_other_field() {
    let getter = Closure::<dyn FnMut() -> JsValue>::new(|| {
        let inner = simulate_day(JsValue::UNDEFINED).expect("the nested call works");
        assert_eq!(seed_of(&inner), 0.0);
        JsValue::from(11)
    });
    let settings = Object::new();
    let descriptor = Object::new();
    Reflect::set(&descriptor, &"get".into(), getter.as_ref()).unwrap();
    Reflect::set(&descriptor, &"enumerable".into(), &true.into()).unwrap();
    Object::define_property(&settings, &"seed".into(), &descriptor);
    assert_eq!(seed_of(&simulate_day(settings.into()).unwrap()), 11.0);
}

#[wasm_bindgen_test]
fn read_settings_text_takes_text_only_and_refuses_every_other_value_with_the_field_and_what_it_allows() {
    let budget_long = format!(
        "budgetDollars: must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got \"0.1 {}\"... (1000004 characters)",
        "0".repeat(MOST_SHOWN - 4)
    );
    let cases: Vec<(String, &str)> = vec![
        ("[]".into(), "settings: must be an object such as { seed, perMinute, budgetDollars, refill }; got an array"),
        ("'5'".into(), "settings: must be an object such as { seed, perMinute, budgetDollars, refill }; got a string \"5\""),
        ("new Map()".into(), "settings: must be an object such as { seed, perMinute, budgetDollars, refill }; got an object of another kind (Map)"),
        ("5n".into(), "settings: must be an object such as { seed, perMinute, budgetDollars, refill }; got a BigInt"),
        ("{ per_minute: '5' }".into(), "settings: unknown field \"per_minute\""),
        ("{ seed: 5 }".into(), "seed: must be a whole number from 0 to 4,294,967,295; got a number 5"),
        ("{ seed: '4294967296' }".into(), "seed: must be a whole number from 0 to 4,294,967,295; got \"4294967296\""),
        ("{ seed: '-1' }".into(), "seed: must be a whole number from 0 to 4,294,967,295; got \"-1\""),
        ("{ seed: '0x10' }".into(), "seed: must be a whole number from 0 to 4,294,967,295; got \"0x10\""),
        ("{ seed: '1e3' }".into(), "seed: must be a whole number from 0 to 4,294,967,295; got \"1e3\""),
        ("{ seed: '9007199254740993' }".into(), "seed: must be a whole number from 0 to 4,294,967,295; got \"9007199254740993\""),
        ("{ perMinute: '' }".into(), "perMinute: must be a whole number from 1 to 60; got \"\""),
        ("{ perMinute: 'NaN' }".into(), "perMinute: must be a whole number from 1 to 60; got \"NaN\""),
        ("{ perMinute: 'Infinity' }".into(), "perMinute: must be a whole number from 1 to 60; got \"Infinity\""),
        ("{ perMinute: '+5' }".into(), "perMinute: must be a whole number from 1 to 60; got \"+5\""),
        ("{ perMinute: null }".into(), "perMinute: must be a whole number from 1 to 60; got null"),
        ("{ perMinute: ['5'] }".into(), "perMinute: must be a whole number from 1 to 60; got an array"),
        ("{ budgetDollars: '1e308' }".into(), "budgetDollars: must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got \"1e308\""),
        ("{ budgetDollars: '0.1 ' + '0'.repeat(1e6) }".into(), &budget_long),
        ("{ budgetDollars: 0.25 }".into(), "budgetDollars: must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got a number 0.25"),
        ("{ refill: 'Steady' }".into(), "refill: must be \"daily\" or \"steady\"; got \"Steady\""),
        ("{ get refill() { throw new Error('boom'); } }".into(), "refill: must be \"daily\" or \"steady\"; got a field that threw when read"),
    ];
    for (expression, expected) in cases {
        assert_thrown(read_settings_text(js(&expression)), &expression, expected);
    }
    // Whitespace around a value is not part of it; undefined is the default.
    let parsed = read_settings_text(js(
        "{ seed: ' 4294967295 ', perMinute: '\\t60\\n', budgetDollars: ' 0.07', refill: undefined }",
    ))
    .unwrap();
    let get = |field: &str| Reflect::get(&parsed, &field.into()).unwrap();
    assert_eq!((get("seed").as_f64(), get("perMinute").as_f64()), (Some(4294967295.0), Some(60.0)));
    assert_eq!((get("budgetDollars").as_f64(), get("refill").as_string()), (Some(0.07), Some("daily".into())));
    assert!(read_settings_text(JsValue::UNDEFINED).is_ok() && read_settings_text(JsValue::NULL).is_ok());
}

#[wasm_bindgen_test]
fn a_hostile_policy_is_refused_with_the_three_names_allowed() {
    for (expression, got) in [
        ("undefined", "undefined"),
        ("null", "null"),
        ("0", "a number 0"),
        ("NaN", "a number NaN"),
        ("''", "\"\""),
        ("'NoLimit'", "\"NoLimit\""),
        ("' noLimit'", "\" noLimit\""),
        ("['noLimit']", "an array"),
        ("{ policy: 'noLimit' }", "an object"),
        ("new String('noLimit')", "an object"),
        ("Symbol('noLimit')", "a Symbol"),
        ("1n", "a BigInt"),
        ("() => 'noLimit'", "a function"),
    ] {
        let expected = format!("policy: must be {POLICY_ALLOWED}; got {got}");
        assert_thrown(summarize(JsValue::UNDEFINED, js(expression)), expression, &expected);
        assert_thrown(
            draw(canvas(10, 10), JsValue::UNDEFINED, js(expression), JsValue::UNDEFINED),
            expression,
            &expected,
        );
    }
    let long = format!("policy: must be {POLICY_ALLOWED}; got {}", million('x'));
    assert_thrown(summarize(JsValue::UNDEFINED, js("'x'.repeat(1e6)")), "a long policy", &long);
}

#[wasm_bindgen_test]
fn check_days_refuses_a_hostile_count_and_stops_at_the_last_day_number() {
    for (expression, got) in [
        ("undefined", "undefined"),
        ("null", "null"),
        ("NaN", "NaN"),
        ("Infinity", "Infinity"),
        ("0", "0"),
        ("-1", "-1"),
        ("10001", "10001"),
        ("2.5", "2.5"),
        ("1e308", "1e+308"),
        ("2 ** 53 + 1", "9007199254740992"),
        ("2 ** 64", "18446744073709552000"),
        ("'5'", "a string \"5\""),
        ("5n", "a BigInt"),
        ("[1]", "an array"),
        ("{ count: 1 }", "an object"),
        ("Symbol('1')", "a Symbol"),
    ] {
        assert_thrown(
            check_days(JsValue::UNDEFINED, js(expression)),
            expression,
            &format!("count: must be {COUNT_ALLOWED}; got {got}"),
        );
    }
    assert!(check_days(JsValue::UNDEFINED, 2.into()).is_ok());
    // The last day number and a count past it: no overflow, the days simply end.
    assert!(check_days(js("{ seed: 4294967295 }"), 2.into()).is_ok());
}

#[wasm_bindgen_test]
fn draw_share_of_bill_refuses_hostile_settings_looks_and_canvases_and_draws_on_any_size_of_canvas() {
    let c = canvas(60, 40);
    for (expression, expect) in settings_cases() {
        if let Expect::Refused(expected) = expect {
            assert_thrown(
                draw(c.clone(), js(&expression), "noLimit".into(), JsValue::UNDEFINED),
                &expression,
                &expected,
            );
        }
    }
    let scale = "scale: must be a number from 0.5 to 8 (the device pixel ratio); got";
    let background =
        "background: must be a computed CSS colour, \"rgb(r, g, b)\" (the page's, painted where it is near the theme's); got";
    for (expression, expected) in [
        ("[]", "look: must be an object such as { dark, scale, background }; got an array".to_string()),
        ("'dark'", "look: must be an object such as { dark, scale, background }; got a string \"dark\"".into()),
        (
            "new Map()",
            "look: must be an object such as { dark, scale, background }; got an object of another kind (Map)".into(),
        ),
        ("{ dark: true, size: 2 }", "look: unknown field \"size\"; the fields are dark, scale, background".into()),
        ("{ scale: NaN }", format!("{scale} NaN")),
        ("{ scale: Infinity }", format!("{scale} Infinity")),
        ("{ scale: 1e308 }", format!("{scale} 1e+308")),
        ("{ scale: 0 }", format!("{scale} 0")),
        ("{ scale: -1 }", format!("{scale} -1")),
        ("{ scale: '2' }", format!("{scale} a string \"2\"")),
        ("{ scale: null }", format!("{scale} null")),
        ("{ scale: 2n }", format!("{scale} a BigInt")),
        ("{ get scale() { throw new Error('no'); } }", format!("{scale} a field that threw when read")),
        ("{ dark: 'yes' }", "dark: must be true or false; got a string \"yes\"".into()),
        ("{ dark: 1 }", "dark: must be true or false; got a number 1".into()),
        ("{ dark: null }", "dark: must be true or false; got null".into()),
        ("{ background: 5 }", format!("{background} a number 5")),
        ("{ background: null }", format!("{background} null")),
    ] {
        assert_thrown(draw(c.clone(), JsValue::UNDEFINED, "noLimit".into(), js(expression)), expression, &expected);
    }
    // Not a canvas at all: refused by name, whatever it is.
    for expression in
        ["null", "undefined", "{}", "5", "document.createElement('div')", "{ getContext() { throw new Error('no'); } }"]
    {
        let not_a_canvas: HtmlCanvasElement = js(expression).unchecked_into();
        assert_thrown(
            draw(not_a_canvas, JsValue::UNDEFINED, "noLimit".into(), JsValue::UNDEFINED),
            expression,
            "canvas: could not get a 2D drawing context from it",
        );
    }
    // Any size of canvas is drawn on without a trap, at both ends of the scale.
    for (width, height) in [(0, 0), (1, 1), (0, 300), (600, 0), (3, 2_000)] {
        for look in ["{ scale: 0.5 }", "{ scale: 8, dark: true }", "{ dark: true, background: 'rgb(27, 27, 31)' }"] {
            draw(canvas(width, height), JsValue::UNDEFINED, "dailyBudget".into(), js(look))
                .unwrap_or_else(|e| panic!("{width}x{height} {look}: threw {:?}", JsValue::from(e)));
        }
    }
}

#[wasm_bindgen_test]
fn after_every_hostile_call_the_module_still_answers_as_before() {
    let before = common::json_of(&simulate_day(JsValue::UNDEFINED).unwrap());
    for (expression, _) in settings_cases() {
        let _ = simulate_day(js(&expression));
        let _ = read_settings_text(js(&expression));
    }
    let after = common::json_of(&simulate_day(JsValue::UNDEFINED).unwrap());
    assert_eq!(before, after);
}
