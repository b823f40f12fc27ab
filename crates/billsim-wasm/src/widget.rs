//! The exports `<bill-widget>` calls whatever its lesson: the core's table, the reading of
//! its settings and their notices, the theme, and the over-time view and panels every
//! lesson has. The replay page's module leaves them out (the feature "element").

use crate::js_input;
use crate::js_output::{on_canvas, to_js};
use crate::kept_view::{kept, kept_run};
use crate::settings_input;
use crate::Thrown;
use billsim_chart::Theme;
use billsim_core::scenario::registry::Value;
use billsim_core::views::over_time::OverTime;
use billsim_core::visible_text::quoted;
use serde::Serialize;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// Everything the page builds its controls from, from the core's one table:
/// `{ views, settings, widgetSettings, scenarios, widgets }`: the view buttons (each with the scenario it shows and
/// its chart), every setting (key, attribute,
/// address name, label, unit, kind with its range, what it allows, default, the views
/// whose form shows it), the keys of the widget's own settings (its attributes: those of no
/// scenario and of the scenarios its views show) and every scenario (name, label, description, its
/// settings' keys, its policies with their buttons' labels), and each widget (`{ scenario,
/// policy, another, numbered, settings }`: its scenario, the key of the setting its policy
/// buttons set, its "another run" button's words, the run number's word, its settings' keys).
#[wasm_bindgen(js_name = scenarios, unchecked_return_type = "CoreTable")]
pub fn scenarios() -> Result<JsValue, Thrown> {
    #[derive(Serialize)]
    struct Schema {
        views: &'static [billsim_core::scenario::registry::View],
        settings: &'static [billsim_core::scenario::registry::SettingSpec],
        #[serde(rename = "widgetSettings")]
        widget_settings: Vec<&'static str>,
        scenarios: &'static [billsim_core::scenario::Scenario],
        widgets: Vec<Widget>,
        /// The `theme` attribute: not a scenario's setting, described the same way.
        theme: &'static billsim_core::scenario::registry::SettingSpec,
        /// The `sync-url` attribute: its values, and why a second widget cannot keep the address.
        #[serde(rename = "syncUrl")]
        sync_url: &'static billsim_core::views::sync_url::SyncUrl,
        /// The `loading` attribute: the value that waits for the reader, and the start button.
        loading: &'static billsim_core::views::loading::Loading,
        /// The words of the widget's own buttons.
        controls: &'static billsim_core::views::controls::Controls,
    }
    /// A widget of the element (its `scenario` attribute) with the keys of its settings.
    #[derive(Serialize)]
    struct Widget {
        #[serde(flatten)]
        widget: &'static billsim_core::scenario::registry::Widget,
        settings: Vec<&'static str>,
    }
    let widgets = billsim_core::scenario::registry::WIDGETS
        .iter()
        .map(|w| Widget {
            widget: w,
            settings: billsim_core::scenario::registry::settings_of(w).map(|s| s.key).collect(),
        })
        .collect();
    to_js(&Schema {
        widgets,
        views: billsim_core::scenario::registry::VIEWS,
        settings: billsim_core::scenario::registry::SETTINGS,
        widget_settings: billsim_core::scenario::registry::widget_settings().map(|s| s.key).collect(),
        scenarios: billsim_core::scenario::registry::SCENARIOS,
        theme: &billsim_core::views::theme::THEME,
        sync_url: &billsim_core::views::sync_url::SYNC_URL,
        loading: &billsim_core::views::loading::LOADING,
        controls: &billsim_core::views::controls::CONTROLS,
    })
}

/// Whether the widget is dark under `theme` (the `theme` attribute's text: "auto", "light"
/// or "dark") in a page whose `color-scheme` at the widget is `colorScheme` ("normal",
/// "light dark"; the `<meta name="color-scheme">`'s content where the style says
/// "normal"), whose nearest background around the widget is `background` (a computed
/// colour, "" for none) and whose system prefers dark or not (`systemDark`). A bad theme
/// throws with `field` "theme" and what is allowed.
#[wasm_bindgen(js_name = themeIsDark)]
pub fn theme_is_dark(
    #[wasm_bindgen(unchecked_param_type = "\"auto\" | \"light\" | \"dark\"")] theme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] color_scheme: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] background: JsValue,
    #[wasm_bindgen(unchecked_param_type = "boolean")] system_dark: JsValue,
) -> Result<bool, Thrown> {
    let spec = &billsim_core::views::theme::THEME;
    let theme = settings_input::setting_text(spec, &theme)?;
    let text = |v: &JsValue| v.as_string().unwrap_or_default();
    let page = billsim_core::views::theme::Page {
        color_scheme: &text(&color_scheme),
        background: &text(&background),
        system_dark: system_dark.is_truthy(),
    };
    Ok(billsim_core::views::theme::is_dark(&theme, page)?)
}

/// The background the widget paints (its CSS and its charts, given to them as the look's
/// `background`) when it is `dark` or light as the page around it, whose nearest background
/// is `background` (a computed colour): the page's own as "rgb(r, g, b)" where it is opaque
/// and near the theme's, else `null` (the theme's own). The core's
/// [`billsim_core::views::theme::shared_background`].
#[wasm_bindgen(js_name = sharedBackground, unchecked_return_type = "string | null")]
pub fn shared_background(
    #[wasm_bindgen(unchecked_param_type = "boolean")] dark: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] background: JsValue,
) -> JsValue {
    let colour =
        billsim_core::views::theme::shared_background(dark.is_truthy(), &background.as_string().unwrap_or_default());
    colour.map_or(JsValue::NULL, |[r, g, b]| JsValue::from_str(&format!("rgb({r}, {g}, {b})")))
}

/// One setting read from its text (a form's, an attribute's, the address's), checked by
/// the core: a number (whole numbers, and dollars as JS numbers whose shortest form is
/// the exact amount) or a choice's name. A bad value throws with `field` set to `key`.
#[wasm_bindgen(js_name = readSetting, unchecked_return_type = "number | string")]
pub fn read_setting(
    #[wasm_bindgen(unchecked_param_type = "SettingKey")] key: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | number | bigint")] text: JsValue,
) -> Result<JsValue, Thrown> {
    let spec = settings_input::setting_key(&key)?;
    let text = settings_input::setting_text(spec, &text)?;
    Ok(setting_value(spec.read(&text)?))
}

/// The notice for a widget's setting set aside (the core's sentence,
/// [`billsim_core::words::ignored`]): `name` as it was given, `from` `"address"` or
/// `"attribute"`, `problem` the core's "must be ...; got ...", `using` the value used in its
/// place (`null` for none), `key` the setting's key (the theme's too), so that the value is
/// said as a reader knows it ("\"dailyBudget\" (Daily cost budget)"); without it, as given.
#[wasm_bindgen(js_name = ignoredNotice)]
pub fn ignored_notice(
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "\"address\" | \"attribute\"")] from: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] problem: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null")] using: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SettingKey | \"theme\" | null")] key: Option<JsValue>,
) -> Result<String, Thrown> {
    use billsim_core::words::{ignored, GivenIn};
    let given_in = match js_input::text(&from, "from")?.as_str() {
        "address" => GivenIn::Address,
        "attribute" => GivenIn::Attribute,
        other => {
            return Err(Thrown::on("from", format!("must be \"address\" or \"attribute\"; got {}", quoted(other))))
        }
    };
    let using = js_input::optional_text(&using, "using")?;
    let key = match key {
        Some(key) => js_input::optional_text(&key, "key")?,
        None => None,
    };
    let using = if let Some(key) = key {
        let theme = &billsim_core::views::theme::THEME;
        let spec = billsim_core::scenario::registry::setting(&key).or((key == theme.key).then_some(theme));
        let spec = spec.ok_or_else(|| Thrown::on("key", format!("must be a setting's key; got {}", quoted(&key))))?;
        using.map(|u| spec.value_said(&u))
    } else {
        using
    };
    Ok(ignored(&js_input::text(&name, "name")?, given_in, &js_input::text(&problem, "problem")?, using.as_deref()))
}

/// Why the `sync-url` attribute's `value` is set aside (the address then left alone), as
/// the core says it ([`billsim_core::views::sync_url::SyncUrl::problem`]); `null` for a
/// value it takes.
#[wasm_bindgen(js_name = syncUrlProblem, unchecked_return_type = "string | null")]
pub fn sync_url_problem(#[wasm_bindgen(unchecked_param_type = "string")] value: JsValue) -> Result<JsValue, Thrown> {
    let problem = billsim_core::views::sync_url::SYNC_URL.problem(&js_input::text(&value, "value")?);
    Ok(problem.map_or(JsValue::NULL, |p| JsValue::from_str(&p)))
}

/// Why the `loading` attribute's `value` is set aside (the module then loads near the
/// viewport), as the core says it ([`billsim_core::views::loading::Loading::problem`]);
/// `null` for a value it takes.
#[wasm_bindgen(js_name = loadingProblem, unchecked_return_type = "string | null")]
pub fn loading_problem(#[wasm_bindgen(unchecked_param_type = "string")] value: JsValue) -> Result<JsValue, Thrown> {
    let problem = billsim_core::views::loading::LOADING.problem(&js_input::text(&value, "value")?);
    Ok(problem.map_or(JsValue::NULL, |p| JsValue::from_str(&p)))
}

/// Why each of the address's parameter names (`names`, in their order) that the widget of
/// `scenario` does not read is set aside, as `[index, problem]` pairs
/// ([`billsim_core::scenario::attribute_slips::address_slips`]): a slip of one of the
/// widget's names (else another widget's, said so), and a setting given again. A list
/// that is not one of strings gives none; a scenario of no widget is the first widget's.
#[wasm_bindgen(js_name = addressSlips, unchecked_return_type = "[number, string][]")]
pub fn address_slips(
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] scenario: JsValue,
) -> JsValue {
    slips_of(&names, &scenario, billsim_core::scenario::attribute_slips::address_slips)
}

/// The same for the element's attribute names (`getAttributeNames()`)
/// ([`billsim_core::scenario::attribute_slips::attribute_slips`]): a slip of one of the
/// widget's attributes, naming the one meant, and an old name beside the one it reads.
#[wasm_bindgen(js_name = attributeSlips, unchecked_return_type = "[number, string][]")]
pub fn attribute_slips(
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] scenario: JsValue,
) -> JsValue {
    slips_of(&names, &scenario, billsim_core::scenario::attribute_slips::attribute_slips)
}

/// The core's slips of names for a scenario's widget: `attribute_slips` or `address_slips`.
type Slips = fn(&[&str], &str) -> Vec<(usize, String)>;

/// `said` of the strings of JS list `names` for the widget of `scenario`, as `[index,
/// problem]` pairs.
fn slips_of(names: &JsValue, scenario: &JsValue, said: Slips) -> JsValue {
    let names: Vec<String> = js_sys::Array::from(names).iter().filter_map(|n| n.as_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let out = js_sys::Array::new();
    for (i, problem) in said(&names, &scenario.as_string().unwrap_or_default()) {
        out.push(&js_sys::Array::of2(&JsValue::from(i as u32), &JsValue::from_str(&problem)));
    }
    out.into()
}

/// A setting's value as `readSetting` gives it: whole numbers (every range in the table
/// is below 2^53) and dollars as JS numbers whose shortest form is the exact amount (at
/// most 15 significant digits: a test of the core checks every range), a choice's name.
fn setting_value(value: Value) -> JsValue {
    match value {
        Value::Whole(n) => JsValue::from_f64(n as f64),
        Value::Dollars(m) => JsValue::from_f64(m.0 as f64 / billsim_core::Micros::PER_DOLLAR as f64),
        Value::Choice(c) => JsValue::from_str(c),
    }
}

/// The widget's settings made to hold together, as the core decides
/// ([`billsim_core::scenario::settle::settle`]): `settings` and `before` hold every setting of the
/// widget by key (as `readSetting` gives them), `given` the keys just given (attributes,
/// the address's parameters, the form's fields), `unread` (optional) the settings given
/// in words `readSetting` refused, by key, as they were given (`{ view: "nonsense" }`).
/// Gives `{ settings, ignored: [{ key, problem, using }] }`: the settings to use, and each
/// one set aside with why ("must be ...; got ...", a view's with this widget's views) and
/// the value used in its place (`null` for a setting of another widget, which changes
/// nothing here), the unread first.
#[wasm_bindgen(js_name = settleSettings, unchecked_return_type = "Settled")]
pub fn settle_settings(
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] before: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SettingKey[]")] given: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Partial<Record<SettingKey, string>>")] unread: JsValue,
) -> Result<JsValue, Thrown> {
    let mut values = settings_input::widget_values(&settings, "settings")?;
    let before = settings_input::widget_values(&before, "before")?;
    let given = settings_input::setting_keys(&given, "given")?;
    let unread = settings_input::unread_settings(&unread, "unread")?;
    let unread: Vec<(&str, &str)> = unread.iter().map(|(k, t)| (*k, t.as_str())).collect();
    let set_aside = billsim_core::scenario::settle::settle(&mut values, &before, &given, &unread);
    // Properties set on fresh plain objects: setting one cannot fail.
    let object = |fields: &[(&str, JsValue)]| {
        let o = js_sys::Object::new();
        for (k, v) in fields {
            let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
        }
        JsValue::from(o)
    };
    let settled: Vec<(&str, JsValue)> = billsim_core::scenario::registry::widget_settings()
        .filter_map(|s| values.get(s.key).map(|v| (s.key, setting_value(v))))
        .collect();
    let list: js_sys::Array = set_aside
        .into_iter()
        .map(|a| {
            let using = a.using.map_or(JsValue::NULL, setting_value);
            object(&[("key", a.key.into()), ("problem", a.problem.into()), ("using", using)])
        })
        .collect();
    Ok(object(&[("settings", object(&settled)), ("ignored", list.into())]))
}

/// What the over-time view shows for scenario `name` on run number `seed` (`settings` as
/// for `runScenario`): `{ title, lines: [{ policy, label, bill, points, trip, sentence }],
/// limits, timeTicks, moneyTicks, table: { caption, columns, rows } }`, all from the core.
#[wasm_bindgen(js_name = overTimeView, unchecked_return_type = "OverTime")]
pub fn over_time_view(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<JsValue, Thrown> {
    to_js(&*over_time_of(&name, &settings, &seed)?)
}

/// Draws the over-time chart (`overTimeView`'s) onto `canvas`; `look` as for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawOverTime)]
pub fn draw_over_time(
    canvas: HtmlCanvasElement,
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Look")] look: JsValue,
) -> Result<(), Thrown> {
    let view = over_time_of(&name, &settings, &seed)?;
    let theme: Theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_over_time(area, &view, &theme))
}

/// What the widget shows beside the chart for scenario `name` on run number `seed`
/// (`settings` as for `runScenario`), framing `policy` (one of the scenario's policies):
/// `[{ name, title, sentences, lines, table: { caption, columns, rows } | null }]`, all
/// from the core; a scenario with no panels gives `[]`.
#[wasm_bindgen(js_name = scenarioPanels, unchecked_return_type = "Panel[]")]
pub fn scenario_panels(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PolicyName")] policy: JsValue,
) -> Result<JsValue, Thrown> {
    let (scenario, values) = settings_input::scenario_values(&name, &settings)?;
    let seed = settings_input::seed(&seed)?;
    let policy = settings_input::scenario_policy(scenario, &policy)?;
    to_js(&scenario.panels(seed, &values, policy).map_err(Thrown::run)?)
}

/// Runs scenario `name` on run number `seed`, and its panels, ahead of a click that will ask
/// for them (the widget's "Another month", warmed after the current one is painted), so
/// that the click finds the run kept; `settings` as for `runScenario`. Returns nothing; a
/// bad input throws as the views would.
#[wasm_bindgen(js_name = warmScenario)]
pub fn warm_scenario(
    #[wasm_bindgen(unchecked_param_type = "ScenarioName")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Settings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number | bigint")] seed: JsValue,
) -> Result<(), Thrown> {
    let (scenario, values, run) = kept_run(&name, &settings, &seed)?;
    // The panels too: what they work out from a kept run is kept with it (lesson 002's claims).
    if let Some(policy) = scenario.policies.first() {
        scenario.panels(run.seed, &values, policy.value).map_err(Thrown::run)?;
    }
    Ok(())
}

fn over_time_of(name: &JsValue, settings: &JsValue, seed: &JsValue) -> Result<Rc<OverTime>, Thrown> {
    // The view's sentences and its drawing read the same run: the last one is kept.
    let (_, _, run) = kept_run(name, settings, seed)?;
    kept("overTime", &run, "", |run| Ok(billsim_core::views::over_time::over_time(run)?))
}
