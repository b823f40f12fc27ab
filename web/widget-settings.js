// The widget's settings, from the core's one table (the wasm export `scenarios()`): each
// setting's one name (the address's; the attribute is it in kebab case), the old names
// still read, its label, range and default, the views and the scenarios with their
// policies. Every value is read by the core (readSetting), and the settings made to hold
// together by the core (settleSettings); a bad one, or one the core sets aside, keeps the
// value before it and is reported, never breaking the widget. Nothing here names a policy,
// a view or a range: they all come from the core.

// The started wasm module whose table the widget reads (loadSchema): any lesson's module,
// as every one holds the whole table.
let core = null;

/** The core's table as the widget uses it, read from `module` (a started lesson module,
 *  lesson-modules.js), whose table functions this file then calls: `views` are the core's
 *  views (each with its scenario and chart) that `canShow(view)` allows, `settings` the
 *  settings of their scenarios and those of none, `defaults` each setting's default read
 *  by the core, `scenarios` every scenario. */
export function loadSchema(module, canShow) {
  core = module;
  const table = core.scenarios();
  const views = table.views.filter(canShow);
  // The core's widget settings: a scenario with no view adds no attribute or address name.
  const settings = table.settings.filter((s) => table.widgetSettings.includes(s.key));
  const defaults = Object.freeze(Object.fromEntries(settings.map((s) => [s.key, readSetting(s.key, s.default)])));
  return { ...table, settings, views, defaults };
}

/** The core's reading of one setting's text (readSetting), of settings together
 *  (settleSettings) and of the theme (themeIsDark, sharedBackground), from the table's module. */
export const readSetting = (key, text) => core.readSetting(key, text);
export const settleSettings = (settings, before, given, unread) => core.settleSettings(settings, before, given, unread);
export const themeIsDark = (theme, scheme, background, systemDark) => core.themeIsDark(theme, scheme, background, systemDark);
export const sharedBackground = (dark, background) => core.sharedBackground(dark, background);
// `key` names the setting, so that the core says the value used as a reader knows it.
const ignoredNotice = (name, from, problem, using, key) =>
  core.ignoredNotice(name, from, problem, using === null ? null : String(using), key);

/** The notices for the element's attributes the widget of `scenario` does not read though
 *  they are meant for it (the core's attributeSlips): a slip of one of its names (`polcy`),
 *  and an old name beside the one it reads; each by its name. The page's own attributes
 *  are left alone. */
export function slippedAttributes(names, scenario) {
  return new Map(core.attributeSlips(names, scenario).map(([i, problem]) => [names[i], ignoredNotice(names[i], "attribute", problem, null)]));
}

/** Why the sync-url attribute's `value` is set aside, the address then left alone (the
 *  core's sentence); null for a value it takes. */
export const syncUrlProblem = (value) => core.syncUrlProblem(value);

/** Why the loading attribute's `value` is set aside (the module then loads near the
 *  viewport; the core's sentence); null for a value it takes. */
export const loadingProblem = (value) => core.loadingProblem(value);

/** An error's message without its leading "field: ", which the reader's sentence already
 *  says: the core's `problem`. */
export const problemOf = (e) => e.problem ?? e.message;

/** One setting read from its text by the core; a view the page cannot show is refused too. */
function readOne(schema, key, text) {
  const value = readSetting(key, text);
  if (key === "view" && !schema.views.some((v) => v.value === value)) {
    const problem = `this page cannot show ${JSON.stringify(value)} yet`;
    throw Object.assign(new Error(`${key}: ${problem}`), { field: key, problem, unshown: true });
  }
  return value;
}

/** The names `setting` is read by: in attributes its attribute, then the old attribute
 *  names it had; in the address its key, its attribute, then every old name it had. The
 *  first is the one written; the others keep shared pages and links working. */
export function namesOf(setting, from) {
  return from === "address" ? setting.addressNames : setting.attributeNames;
}

/** The first of `setting`'s names (`namesOf`) that `get(name)` has a value for, as
 *  `{ name, text }`; null when none has. */
export function given(setting, from, get) {
  for (const name of namesOf(setting, from)) {
    const text = get(name);
    if (text !== null && text !== undefined) return { name, text };
  }
  return null;
}

/** The notices for the address's parameters the widget of `scenario` does not read though
 *  they are meant for it (the core's addressSlips): a slip of one of its names
 *  (`PerMinute`), and a setting given again; each by its place among the parameters. The
 *  page's own are left alone. */
export function addressSlips(params, scenario) {
  const names = [...params.keys()];
  return new Map(core.addressSlips(names, scenario).map(([i, problem]) => [i, ignoredNotice(names[i], "address", problem, null)]));
}

/** The address's parameters that name no setting, each with the core's sentence of why
 *  (for a page whose whole address is the widget's, such as the iframe's). */
export function unknownParams(schema, params) {
  const known = new Set([...schema.settings.flatMap((s) => namesOf(s, "address")), schema.theme.key]);
  const unknown = new Map();
  for (const [name, text] of params) {
    if (known.has(name) || unknown.has(name)) continue;
    try {
      readSetting(name, text);
    } catch (e) {
      unknown.set(name, ignoredNotice(name, "address", problemOf(e), null));
    }
  }
  return unknown;
}

/** `base` with each setting that `source(setting)` gives (`{ name, text }`, or null for
 *  none) read on its own, then made to hold together by the core: a bad one, and one the core sets aside
 *  (a clash, a view or a setting of another widget), keeps the base value and is described
 *  in `problems`, a Map from the setting's key to the sentence. */
export function readSettings(schema, source, from, base = schema.defaults) {
  const settings = { ...base };
  const problems = new Map();
  const givenKeys = [];
  const unread = {}; // given in words the core refused: it says why once the rest is settled
  // Each setting is named as it was given (an old name too), so the reader finds it.
  const spelled = new Map();
  const own = (key) => namesOf(schema.settings.find((s) => s.key === key), from)[0];
  const name = (key) => spelled.get(key) ?? own(key);
  for (const setting of schema.settings) {
    const found = source(setting);
    if (found === null) continue;
    spelled.set(setting.key, found.name);
    try {
      settings[setting.key] = readOne(schema, setting.key, found.text);
      givenKeys.push(setting.key);
    } catch (e) {
      if (e.unshown) problems.set(setting.key, ignoredNotice(name(setting.key), from, problemOf(e), settings[setting.key], setting.key));
      else unread[setting.key] = found.text;
    }
  }
  const settled = settleSettings(settings, base, givenKeys, unread);
  for (const { key, problem, using } of settled.ignored) {
    problems.set(key, ignoredNotice(name(key), from, problem, using, key));
  }
  return { settings: settled.settings, problems };
}

/** The address's query string for `settings` of `widget`: every setting of the widget, so
 *  a copied address reproduces the same view exactly (the widget itself only when it is
 *  not the default one, so lesson 000's address stays as it was), after the host page's
 *  own parameters of `search` (kept as they were written), but for the names of `dropped`
 *  (a theme the widget set aside goes, as a bad setting's value does). */
export function toQuery(schema, widget, settings, search = "", dropped = []) {
  const ours = new Set([...schema.settings.flatMap((s) => namesOf(s, "address")), ...dropped]);
  const theirs = search.replace(/^\?/, "").split("&").filter((part) => {
    if (part === "") return false;
    const [name] = new URLSearchParams(part).keys();
    return !ours.has(name);
  });
  const params = new URLSearchParams();
  for (const { key, default: first } of schema.settings) {
    if (!widget.settings.includes(key) || (key === "scenario" && settings[key] === first)) continue;
    params.set(key, String(settings[key]));
  }
  return `?${[...theirs, String(params)].join("&")}`;
}

/** The notice's sentence for a value of `setting` (from the "attribute" or the "address")
 *  that is set aside for `problem` (the core's "must be ...; got ..."), `using` in its
 *  place (null: nothing): for a setting read outside readSettings (the theme, sync-url). */
export function ignored(setting, from, problem, using) {
  return ignoredNotice(from === "address" ? setting.key : setting.attribute, from, problem, using, setting.key);
}
