//! Reading JS values from the page or a lesson author's script into the core's settings.
//! Anything can arrive here (strings for numbers, NaN, arrays, unknown fields, a Proxy, a
//! getter that throws): each bad value is refused with the field's name and what it allows,
//! through the core's checks. Every step that runs code of the value's own (a getter, a
//! Proxy trap) goes through a catching import, so what it throws becomes that message too,
//! never an exception thrown through the module.

use billsim_chart::Theme;
use billsim_core::settings::{self, Invalid};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use crate::thrown::Thrown;

#[wasm_bindgen]
extern "C" {
    // js_sys's versions of these do not catch, and each can throw on a Proxy (a trap that
    // throws, or one that was revoked).
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    pub(crate) fn try_is_array(value: &JsValue) -> Result<bool, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn try_keys(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = getPrototypeOf)]
    fn try_prototype_of(value: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = getOwnPropertyDescriptor)]
    fn try_own_property(value: &JsValue, key: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = from)]
    pub(crate) fn try_array_from(value: &JsValue) -> Result<Array, JsValue>;
}

/// A number as JS writes it (`NaN`, `Infinity`, `1e+308`, `0.07`): JS's own shortest
/// exact form, which the core's text parsers then read. (Rust's float formatting would
/// add some 30 KB of tables to the module for the same text.)
pub(crate) fn js_number(n: f64) -> String {
    JsValue::from_f64(n)
        .unchecked_into::<js_sys::Number>()
        .to_string_with_radix(10)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// A number's text for the core's text parsers: a finite number as [`js_number`] writes it
/// (the shortest form that reads back as the same number, so 0.07 reads as "0.07");
/// anything else is refused with what `field` allows.
pub(crate) fn number_text(v: &JsValue, field: &str, allowed: &'static str) -> Result<String, Thrown> {
    match v.as_f64() {
        Some(n) if n.is_finite() => Ok(js_number(n)),
        Some(n) => Err(error(field, allowed, js_number(n))),
        None => Err(error(field, allowed, describe(v))),
    }
}

/// What a canvas's width in pixels may be.
#[cfg(any(feature = "hackathon", feature = "replay"))]
const WIDTH_ALLOWED: &str = "a whole number of pixels from 1 to 65,535";

/// A canvas's width in pixels, as the page measured it: 1 to 65535.
#[cfg(any(feature = "hackathon", feature = "replay"))]
pub fn canvas_width(value: &JsValue) -> Result<u32, Thrown> {
    let text = number_text(value, "width", WIDTH_ALLOWED)?;
    match text.parse::<u16>() {
        Ok(n) if n > 0 => Ok(u32::from(n)),
        _ => Err(error("width", WIDTH_ALLOWED, text)),
    }
}

/// A BigInt's decimal text (the module gives every 64-bit integer as a BigInt: a scenario
/// run's settings, given back to run it again, hold them); `None` for anything else.
pub(crate) fn bigint_text(v: &JsValue) -> Option<String> {
    if !v.is_bigint() {
        return None;
    }
    v.clone().unchecked_into::<js_sys::BigInt>().to_string(10).ok().and_then(|s| s.as_string())
}

/// What a value is, for an error message: `a string "5"`, `null`, `an array`, `a number 5`.
pub(crate) fn describe(v: &JsValue) -> String {
    if v.is_undefined() {
        "undefined".into()
    } else if v.is_null() {
        "null".into()
    } else if let Some(s) = v.as_string() {
        format!("a string {}", settings::shown(&s))
    } else if let Some(b) = v.as_bool() {
        format!("{b}")
    } else if let Some(n) = v.as_f64() {
        format!("a number {}", js_number(n))
    } else if v.is_bigint() {
        "a BigInt".into()
    } else if v.is_symbol() {
        "a Symbol".into()
    } else if v.is_function() {
        "a function".into()
    } else {
        match try_is_array(v) {
            Ok(true) => "an array".into(),
            Ok(false) => "an object".into(),
            Err(_) => "an object that could not be read (a revoked Proxy)".into(),
        }
    }
}

pub(crate) fn error(field: &str, allowed: &'static str, got: String) -> Thrown {
    Invalid { allowed, got }.on(field).into()
}

/// Whether `value` is a plain object: made by `{ ... }`, `JSON.parse` or
/// `Object.create(null)`, not a Map, a Date, an array or a class's instance, whose fields
/// are not what they seem (a Map's entries are not fields at all). `Err` with what it is.
fn plain(value: &JsValue) -> Result<(), String> {
    if !value.is_object() {
        return Err(describe(value));
    }
    match try_is_array(value) {
        Ok(false) => {}
        Ok(true) => return Err("an array".into()),
        Err(_) => return Err(describe(value)),
    }
    let proto = try_prototype_of(value).map_err(|_| "an object whose prototype could not be read".to_string())?;
    let object_prototype = Object::get_prototype_of(&Object::new());
    if proto.is_null() || Object::is(&proto, &object_prototype) {
        return Ok(());
    }
    // Its kind, for the message, as far as it can be read without trusting it.
    let kind = Reflect::get(&proto, &"constructor".into())
        .and_then(|c| Reflect::get(&c, &"name".into()))
        .ok()
        .and_then(|n| n.as_string())
        .filter(|n| !n.is_empty() && n.len() <= 40 && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    Err(match kind {
        Some(name) => format!("an object of another kind ({name})"),
        None => "an object of another kind".into(),
    })
}

/// The own fields of `value` when it is a plain object (or nothing for undefined/null),
/// refusing any field not in `known`.
pub(crate) fn object(value: &JsValue, what: &str, known: &[&str]) -> Result<Option<Object>, Thrown> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let expected =
        |got: &str| Thrown::on(what, format!("must be an object such as {{ {} }}; got {got}", known.join(", ")));
    plain(value).map_err(|got| expected(&got))?;
    let keys = try_keys(value).map_err(|_| expected("an object whose fields could not be listed"))?;
    let object: Object = value.clone().unchecked_into();
    for key in keys.unchecked_into::<Array>().iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(Thrown::on(
                what,
                format!("unknown field {}; the fields are {}", settings::shown(&key), known.join(", ")),
            ));
        }
    }
    Ok(Some(object))
}

/// The object's own field `field`, or `undefined` when it has none: a field it only
/// inherits (say, one added to `Object.prototype` by other code) is not one of its settings.
/// A getter or Proxy trap that throws is refused with what the field allows.
pub(crate) fn get(object: &Object, field: &str, allowed: &'static str) -> Result<JsValue, Thrown> {
    let threw = |_| error(field, allowed, "a field that threw when read".into());
    if try_own_property(object, field).map_err(threw)?.is_undefined() {
        return Ok(JsValue::UNDEFINED);
    }
    Reflect::get(object, &JsValue::from_str(field)).map_err(threw)
}

const SCALE_ALLOWED: &str = "a number from 0.5 to 8 (the device pixel ratio)";
const DARK_ALLOWED: &str = "true or false";

const BACKGROUND_ALLOWED: &str =
    "a computed CSS colour, \"rgb(r, g, b)\" (the page's, painted where it is near the theme's)";

/// `{ dark, scale, background }`, each optional, into the chart's theme: `background` is
/// the page's colour, painted where it is opaque and near the theme's own
/// ([`billsim_core::views::theme::shared_background`]).
pub fn look(value: &JsValue) -> Result<Theme, Thrown> {
    let Some(object) = object(value, "look", &["dark", "scale", "background"])? else {
        return Ok(Theme::light(100));
    };
    let dark = get(&object, "dark", DARK_ALLOWED)?;
    let dark = if dark.is_undefined() {
        false
    } else {
        dark.as_bool().ok_or_else(|| error("dark", DARK_ALLOWED, describe(&dark)))?
    };
    let scale = get(&object, "scale", SCALE_ALLOWED)?;
    let percent = match scale.as_f64() {
        // A drawing size, not money: the float is only rounded to whole hundredths.
        Some(s) if (0.5..=8.0).contains(&s) => (s * 100.0).round() as u32,
        Some(s) => return Err(error("scale", SCALE_ALLOWED, js_number(s))),
        None if scale.is_undefined() => 100,
        None => return Err(error("scale", SCALE_ALLOWED, describe(&scale))),
    };
    let mut theme = if dark { Theme::dark(percent) } else { Theme::light(percent) };
    let background = get(&object, "background", BACKGROUND_ALLOWED)?;
    if !background.is_undefined() {
        let text =
            background.as_string().ok_or_else(|| error("background", BACKGROUND_ALLOWED, describe(&background)))?;
        if let Some([r, g, b]) = billsim_core::views::theme::shared_background(dark, &text) {
            theme.background = plotters::style::RGBColor(r, g, b);
            theme.line = theme.background;
        }
    }
    Ok(theme)
}

/// An argument that must be text: the string, else an error naming `field` and what it got.
pub(crate) fn text(v: &JsValue, field: &str) -> Result<String, Thrown> {
    v.as_string().ok_or_else(|| error(field, "text", describe(v)))
}

/// An argument that may be left out (undefined or null: `None`), else must be text.
pub(crate) fn optional_text(v: &JsValue, field: &str) -> Result<Option<String>, Thrown> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    text(v, field).map(Some)
}

/// A text field of a form: the string, or `None` when it is absent.
#[cfg(any(feature = "api", feature = "replay"))]
pub(crate) fn text_field(object: &Object, field: &str, allowed: &'static str) -> Result<Option<String>, Thrown> {
    let v = get(object, field, allowed)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| error(field, allowed, describe(&v)))
}

#[cfg(feature = "replay")]
const JSON_ALLOWED: &str =
    "JSON data: objects, lists, text, numbers (whole ones past 2^53 as BigInts), true, false and null";
/// How deep JSON data may nest (a policy file is four levels deep).
#[cfg(feature = "replay")]
const JSON_DEPTH: usize = 32;

/// JSON data given as a JS value (as `JSON.parse` gives it, or an object literal), read
/// field by field through the catching imports (a getter or a Proxy that throws is refused,
/// never thrown through the module), into the JSON text a reader of the core takes: a
/// number in JS's shortest form (exact for a whole number, and the decimal a dollar amount
/// was written as), a BigInt in its digits. `what` names the argument in a refusal.
#[cfg(feature = "replay")]
pub fn json_text(value: &JsValue, what: &str) -> Result<String, Thrown> {
    let mut text = String::new();
    json(value, what, "", 0, &mut text)?;
    Ok(text)
}

/// Writes `value` as JSON text to `out`. The text is written directly, not through
/// `serde_json::Value`, whose numbers are 64 bits: a BigInt past them (a limit of 10^26
/// typed in the page's editor) reaches the core's reader in its digits, to be refused as
/// written rather than as `1e+26`.
#[cfg(feature = "replay")]
fn json(value: &JsValue, what: &str, at: &str, depth: usize, out: &mut String) -> Result<(), Thrown> {
    let refused = |got: String| {
        let got = if at.is_empty() { got } else { format!("{got} at {at}") };
        Thrown::on(what, Invalid { allowed: JSON_ALLOWED, got })
    };
    if depth > JSON_DEPTH {
        return Err(refused(format!("data nested deeper than {JSON_DEPTH}")));
    }
    if value.is_null() {
        out.push_str("null");
    } else if let Some(b) = value.as_bool() {
        out.push_str(if b { "true" } else { "false" });
    } else if let Some(s) = value.as_string() {
        out.push_str(&serde_json::Value::String(s).to_string());
    } else if let Some(n) = value.as_f64() {
        // JS's own shortest form, which is JSON for a finite number: "5", "0.25", "1e+21".
        if !n.is_finite() {
            return Err(refused(describe(value)));
        }
        out.push_str(&js_number(n));
    } else if let Some(digits) = bigint_text(value) {
        out.push_str(&digits);
    } else {
        match try_is_array(value) {
            Ok(true) => {
                let items = try_array_from(value).map_err(|_| refused(describe(value)))?;
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    json(&item, what, &format!("{at}[{i}]"), depth + 1, out)?;
                }
                out.push(']');
                return Ok(());
            }
            Ok(false) => {}
            Err(_) => return Err(refused(describe(value))),
        }
        plain(value).map_err(refused)?;
        let keys = try_keys(value).map_err(|_| refused("an object whose fields could not be listed".into()))?;
        let object: Object = value.clone().unchecked_into();
        out.push('{');
        let mut first = true;
        for key in keys.unchecked_into::<Array>().iter().filter_map(|k| k.as_string()) {
            let path = if at.is_empty() { key.clone() } else { format!("{at}.{key}") };
            let field = get(&object, &key, JSON_ALLOWED)
                .map_err(|_| refused(format!("a field that threw when read at {path}")))?;
            // As JSON.stringify does: a field that is undefined is not there.
            if field.is_undefined() {
                continue;
            }
            if !first {
                out.push(',');
            }
            first = false;
            out.push_str(&serde_json::Value::String(key).to_string());
            out.push(':');
            json(&field, what, &path, depth + 1, out)?;
        }
        out.push('}');
    }
    Ok(())
}
