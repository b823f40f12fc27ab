//! A widget's settings, run number and framed policy read from JS values through the core's
//! table (the element's exports, src/widget.rs and src/lesson_views/): each bad value is
//! refused with the field's name and what it allows, as [`crate::js_input`] reads any value.

use crate::js_input::{bigint_text, describe, error, get, number_text, object, try_array_from, try_is_array};
use crate::thrown::Thrown;
use billsim_core::scenario::registry::{self, SettingSpec};
use billsim_core::scenario::{Scenario, Values};
use billsim_core::settings;
use wasm_bindgen::JsValue;
#[cfg(feature = "toy-day")] // lesson 000's readers' (day_input.rs, in_flight_input.rs)
use {billsim_core::settings::Invalid, js_sys::Object};

#[cfg(feature = "toy-day")] // lesson 000's readers (day_input.rs, in_flight_input.rs)
/// A number read by the core's text parser `parse` ([`number_text`]); `allowed` is what the
/// message says when the value is not a finite number at all.
pub(crate) fn number_value<T>(
    v: &JsValue,
    field: &str,
    allowed: &'static str,
    parse: fn(&str) -> Result<T, Invalid>,
) -> Result<T, Thrown> {
    let text = number_text(v, field, allowed)?;
    parse(&text).map_err(|e| error(field, e.allowed, text))
}

#[cfg(feature = "toy-day")]
/// An object's number field read as [`number_value`]; `None` when it is absent.
pub(crate) fn number_field<T>(
    object: &Object,
    field: &str,
    allowed: &'static str,
    parse: fn(&str) -> Result<T, Invalid>,
) -> Result<Option<T>, Thrown> {
    let v = get(object, field, allowed)?;
    if v.is_undefined() {
        return Ok(None);
    }
    number_value(&v, field, allowed, parse).map(Some)
}

/// One of `scenario`'s policies by name (the bar a chart frames).
pub fn scenario_policy(scenario: &Scenario, value: &JsValue) -> Result<&'static str, Thrown> {
    let text = value.as_string();
    if let Some(choice) = scenario.policies.iter().find(|c| Some(c.value) == text.as_deref()) {
        return Ok(choice.value);
    }
    let names: Vec<String> = scenario.policies.iter().map(|c| format!("\"{}\"", c.value)).collect();
    let got = text.as_deref().map_or_else(|| describe(value), settings::shown);
    Err(Thrown::on("policy", format!("must be one of {}'s policies, {}; got {got}", scenario.name, names.join(", "))))
}

/// What a setting's key may be, with one of the module's own lesson's as the example (a free
/// tier's frame named lesson 000's "perMinute", which it would have ignored).
const KEY_ALLOWED: &str = if cfg!(feature = "toy-day") {
    "the key of a setting, such as \"perMinute\""
} else if cfg!(feature = "free-tier") {
    "the key of a setting, such as \"bucketCapacity\""
} else if cfg!(feature = "hackathon") {
    "the key of a setting, such as \"rateLimit\""
} else {
    "the key of a setting, such as \"productMonthlyDollars\""
};

/// A setting's key, as the schema names it.
pub fn setting_key(key: &JsValue) -> Result<&'static SettingSpec, Thrown> {
    let text = key.as_string().ok_or_else(|| error("key", KEY_ALLOWED, describe(key)))?;
    registry::setting(&text).ok_or_else(|| error("key", KEY_ALLOWED, settings::shown(&text)))
}

/// A setting's value as text: a string as it is, a finite number in JS's shortest form, a
/// BigInt in its digits.
pub fn setting_text(spec: &SettingSpec, value: &JsValue) -> Result<String, Thrown> {
    match value.as_string().or_else(|| bigint_text(value)) {
        Some(s) => Ok(s),
        None => number_text(value, spec.key, spec.allowed),
    }
}

/// A scenario's name and its settings object (`{ key: value }`, each optional).
pub fn scenario_values(name: &JsValue, value: &JsValue) -> Result<(&'static Scenario, Values), Thrown> {
    let name = name
        .as_string()
        .ok_or_else(|| Thrown::on("scenario", format!("must be a scenario's name; got {}", describe(name))))?;
    let scenario = billsim_core::scenario::registry::find(&name)?;
    let mut values = Values::defaults(scenario);
    let keys: Vec<&str> = scenario.settings.iter().map(|s| s.key).collect();
    if let Some(object) = object(value, "settings", &keys)? {
        for spec in scenario.settings {
            let v = get(&object, spec.key, spec.allowed)?;
            if !v.is_undefined() {
                values.set(scenario, spec.key, &setting_text(spec, &v)?)?;
            }
        }
    }
    Ok((scenario, values))
}

/// A widget's settings by key (`{ scenario, view, seed, perMinute, ... }`, as `readSetting`
/// gives them; each optional, a missing one at its default), read through the table.
pub fn widget_values(value: &JsValue, what: &str) -> Result<Values, Thrown> {
    let mut values = Values::of(registry::widget_settings());
    for (spec, text) in widget_texts(value, what, None)? {
        values.put(spec.key, spec.read(&text)?);
    }
    Ok(values)
}

/// Settings given in words the table did not read, by key (`{ view: "nonsense" }`: what
/// `readSetting` refused, as it was given), in the table's order; none for `undefined`.
pub fn unread_settings(value: &JsValue, what: &str) -> Result<Vec<(&'static str, String)>, Thrown> {
    let texts = widget_texts(value, what, Some("the text that was given"))?;
    Ok(texts.into_iter().map(|(spec, text)| (spec.key, text)).collect())
}

/// The text of each widget setting `value` has (`{ perMinute: 5 }`), in the table's order;
/// none for `undefined`. A field that cannot be read says what its setting allows, or
/// `allowed` if given.
fn widget_texts(
    value: &JsValue,
    what: &str,
    allowed: Option<&'static str>,
) -> Result<Vec<(&'static SettingSpec, String)>, Thrown> {
    let specs: Vec<&'static SettingSpec> = registry::widget_settings().collect();
    let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
    let mut texts = Vec::new();
    if let Some(object) = object(value, what, &keys)? {
        for spec in specs {
            let v = get(&object, spec.key, allowed.unwrap_or(spec.allowed))?;
            if !v.is_undefined() {
                texts.push((spec, setting_text(spec, &v)?));
            }
        }
    }
    Ok(texts)
}

const KEYS_ALLOWED: &str = "a list of the keys of the widget's settings, such as [\"perMinute\"]";

/// A list of settings' keys (`["perMinute", "view"]`).
pub fn setting_keys(value: &JsValue, what: &str) -> Result<Vec<&'static str>, Thrown> {
    // A copy: a Proxy's traps run once, caught, and the copy is a plain array.
    let list = match try_is_array(value) {
        Ok(true) => try_array_from(value).map_err(|_| error(what, KEYS_ALLOWED, describe(value)))?,
        _ => return Err(error(what, KEYS_ALLOWED, describe(value))),
    };
    let mut keys = Vec::new();
    for item in list.iter() {
        let spec = item.as_string().and_then(|k| registry::widget_settings().find(|s| s.key == k));
        keys.push(spec.ok_or_else(|| error(what, KEYS_ALLOWED, describe(&item)))?.key);
    }
    Ok(keys)
}

/// A run's number: 0 to 4294967295, a number or a BigInt (`undefined` is 0).
pub fn seed(value: &JsValue) -> Result<u32, Thrown> {
    if value.is_undefined() {
        return Ok(0);
    }
    let text = match bigint_text(value) {
        Some(digits) => digits,
        None => number_text(value, "seed", settings::SEED_ALLOWED)?,
    };
    settings::parse_seed(&text).map_err(|e| Thrown::from(e.on("seed")))
}
