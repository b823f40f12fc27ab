// The widget's settings, from the core's one table (the wasm export `scenarios()`): each
// setting's name in an element's attributes and in the address, its label, range and
// default, the views and the scenarios with their policies. Every value is read by the
// core (readSetting), and the settings made to hold together by the core (settleSettings);
// a bad one, or one the core sets aside, keeps the value before it and is reported, never
// breaking the widget. Nothing here names a policy, a view or a range: they all come from
// the core.
import { scenarios, readSetting, settleSettings } from "./pkg/billsim_wasm.js";

/** The core's table as the widget uses it (call it once the wasm has loaded): `views` are
 *  the core's views (each with its scenario and chart) that `canShow(view)` allows, `settings` the settings of
 *  their scenarios and those of none, `defaults`
 *  each setting's default read by the core, `scenarios` every scenario. */
export function loadSchema(canShow) {
  const core = scenarios();
  const views = core.views.filter(canShow);
  // The core's widget settings: a scenario with no view adds no attribute or address name.
  const settings = core.settings.filter((s) => core.widgetSettings.includes(s.key));
  const defaults = Object.freeze(Object.fromEntries(settings.map((s) => [s.key, readSetting(s.key, s.default)])));
  return { ...core, settings, views, defaults };
}

/** An error's message without its leading "field: ", which the reader's sentence already says. */
export function problemOf(e) {
  const prefix = e.field === undefined ? "" : `${e.field}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

/** One setting read from its text by the core; a view the page cannot show is refused too. */
export function readOne(schema, key, text) {
  const value = readSetting(key, text);
  if (key === "view" && !schema.views.some((v) => v.value === value)) {
    throw Object.assign(new Error(`${key}: this page cannot show ${JSON.stringify(value)} yet`), { field: key });
  }
  return value;
}

/** `base` with each setting that `source(setting)` gives (text, or null for none) read on
 *  its own, then made to hold together by the core: a bad one, and one the core sets aside
 *  (a clash, a view or a setting of another widget), keeps the base value and is described
 *  in `problems`, a Map from the setting's key to the sentence. */
export function readSettings(schema, source, from, base = schema.defaults) {
  const settings = { ...base };
  const problems = new Map();
  const given = [];
  const name = (setting) => (from === "address" ? `${setting.param} in the address` : `the ${setting.attribute} attribute`);
  for (const setting of schema.settings) {
    const text = source(setting);
    if (text === null || text === undefined) continue;
    try {
      settings[setting.key] = readOne(schema, setting.key, text);
      given.push(setting.key);
    } catch (e) {
      problems.set(setting.key, `Ignored ${name(setting)}: ${problemOf(e)}. Using ${settings[setting.key]}.`);
    }
  }
  const settled = settleSettings(settings, base, given);
  for (const { key, problem, using } of settled.ignored) {
    const setting = schema.settings.find((s) => s.key === key);
    problems.set(key, `Ignored ${name(setting)}: ${problem}.${using === null ? "" : ` Using ${using}.`}`);
  }
  return { settings: settled.settings, problems };
}

/** The address's query string for `settings` of `widget`: every setting of the widget, so
 *  a copied address reproduces the same view exactly (the widget itself only when it is
 *  not the default one, so lesson 000's address stays as it was), after the host page's
 *  own parameters of `search` (kept as they were written). */
export function toQuery(schema, widget, settings, search = "") {
  const ours = new Set(schema.settings.map((s) => s.param));
  const theirs = search.replace(/^\?/, "").split("&").filter((part) => {
    if (part === "") return false;
    const [name] = new URLSearchParams(part).keys();
    return !ours.has(name);
  });
  const params = new URLSearchParams();
  for (const { key, param, default: first } of schema.settings) {
    if (!widget.settings.includes(key) || (key === "scenario" && settings[key] === first)) continue;
    params.set(param, String(settings[key]));
  }
  return `?${[...theirs, String(params)].join("&")}`;
}

/** The notice's sentence for a value of `setting` (from the "attribute" or the "address")
 *  that is set aside for `problem` (the core's "must be ...; got ..."), `using` in its
 *  place: for a setting read outside readSettings (the theme). */
export function ignored(setting, from, problem, using) {
  const name = from === "address" ? `${setting.param} in the address` : `the ${setting.attribute} attribute`;
  return `Ignored ${name}: ${problem}. Using ${using}.`;
}
