// What an author's tools read about <bill-widget>, written from the core's one table of
// settings (`scenarios()` of the built module), so that no name, choice or default is
// copied by hand: the TypeScript types of its attributes (web/bill-widget-attributes.d.ts,
// written by scripts/build-wasm; bill-widget.d.ts and bill-widget-react.d.ts use them) and
// the Custom Elements Manifest (custom-elements.json, in the package: the format editors
// and Storybook read).
// Also the words a widget says with no module to ask (web/loading-words.js).
// Usage: node scripts/widget-types.mjs   (writes web/bill-widget-attributes.d.ts, web/loading-words.js)
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const REPO = resolve(import.meta.dirname, "..");
const WEB = join(REPO, "web");

/** The core's table of settings (`scenarios()` of the built module, run in a child Node.js;
 *  its 64-bit integers, BigInts, as their digits). */
export function coreTable() {
  const script = `import { initSync, scenarios } from ${JSON.stringify(pathToFileURL(join(WEB, "pkg/billsim_wasm.js")).href)};
    import { readFileSync } from "node:fs";
    initSync({ module: readFileSync(${JSON.stringify(join(WEB, "pkg/billsim_wasm_bg.wasm"))}) });
    process.stdout.write(JSON.stringify(scenarios(), (k, v) => (typeof v === "bigint" ? String(v) : v)));`;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
}

const quoted = (text) => JSON.stringify(text);
const typeName = (scenario) => `${scenario[0].toUpperCase()}${scenario.slice(1)}Attributes`;

/** What a setting's attribute allows, as a TypeScript type: its choices, or a number (as
 *  text, or a number a framework writes as text). */
function valueType(setting, choices = setting.kind.choices?.map((c) => c.value)) {
  return setting.kind.type === "choice" ? choices.map(quoted).join(" | ") : "string | number";
}

/** One line of documentation: the label, what is allowed (a number's range as the label
 *  writes it, "1 to 1,000"; `choices`, where a widget takes only some, in place of the
 *  label's), the default (a widget's view: its first, which it shows when given none); a
 *  choice written by `mark` (the README's code). */
export function describe(setting, choices = setting.kind.choices?.map((c) => c.value), mark = (value) => value) {
  if (setting.kind.type !== "choice") {
    const ranged = setting.label.endsWith(")");
    return ranged ? `${setting.label.slice(0, -1)}; default ${setting.default})` : `${setting.label} (default ${setting.default})`;
  }
  const first = choices.includes(setting.default) ? setting.default : choices[0];
  return `${setting.label.replace(/ \([^)]*\)$/, "")} (${choices.map(mark).join(", ")}; default ${mark(first)})`;
}

/** Each widget (its `scenario`) and the settings its attributes set, the view choices
 *  narrowed to its own views (the package's README lists them so too). */
export function widgets(table) {
  const byKey = new Map(table.settings.map((s) => [s.key, s]));
  return table.widgets.map((widget, i) => {
    const views = table.views.filter((v) => v.widget === widget.scenario).map((v) => v.value);
    const settings = ["view", ...widget.settings.filter((k) => k !== "scenario" && k !== "view")]
      .filter((k, j, all) => byKey.has(k) && all.indexOf(k) === j).map((k) => byKey.get(k));
    return { widget, first: i === 0, views, settings };
  });
}

/** web/bill-widget-attributes.d.ts: one interface per widget, told apart by `scenario`. */
export function attributeTypes(table) {
  const all = widgets(table);
  const blocks = all.map(({ widget, first, views, settings }) => {
    const choicesOf = (s) => (s.key === "view" ? views : undefined);
    const lines = settings.map((s) => `  /** ${describe(s, choicesOf(s))} */\n  ${quoted(s.attribute)}?: ${valueType(s, choicesOf(s))};`);
    // The other widgets' attributes, each as none: so that a union of the widgets does not
    // take one widget's attribute on another (`<bill-widget scenario="freeTier"
    // tenant-policy="noCap">`, which that widget would not read).
    const own = new Set(settings.map((s) => s.attribute));
    const others = new Map();
    for (const other of all.filter((o) => o.widget !== widget)) {
      for (const s of other.settings.filter((s) => !own.has(s.attribute))) {
        others.set(s.attribute, [...(others.get(s.attribute) ?? []), other.widget.scenario]);
      }
    }
    const none = [...others].map(([attribute, scenarios]) =>
      `  /** Not read by this widget: an attribute of scenario ${scenarios.join(", ")}. */\n  ${quoted(attribute)}?: never;`);
    return `/** The attributes of \`<bill-widget scenario="${widget.scenario}">\`: ${widget.name}. */
export interface ${typeName(widget.scenario)} extends BillWidgetCommonAttributes {
  scenario${first ? "?" : ""}: ${quoted(widget.scenario)};
${[...lines, ...none].join("\n")}
}`;
  });
  const { theme } = table;
  return `// Written by scripts/widget-types.mjs from the core's table of settings: do not edit.
/** Attributes every \`<bill-widget>\` takes. */
export interface BillWidgetCommonAttributes {
  /** Read and write the settings in the page's address (one widget a page can); \`${table.syncUrl.whole}\`: the
   *  whole address is the widget's (a page of its own, as the iframe's). */
  ${quoted(table.syncUrl.attribute)}?: boolean | "" | ${quoted(table.syncUrl.whole)};
  /** ${describe(theme)} */
  ${quoted(theme.attribute)}?: ${valueType(theme)};
  /** ${loadingSaid(table.loading)} */
  ${quoted(table.loading.attribute)}?: ${table.loading.values.map(quoted).join(" | ")};
}

${blocks.join("\n\n")}

/** The attributes of a \`<bill-widget>\`, by its \`scenario\` (every one optional, read as text). */
export type BillWidgetAttributes = ${table.widgets.map((w) => typeName(w.scenario)).join(" | ")};

/** A widget's scenario (its \`scenario\` attribute). */
export type BillWidgetScenario = ${table.widgets.map((w) => quoted(w.scenario)).join(" | ")};

/** A view of a widget (its \`view\` attribute). */
export type BillWidgetView = ${[...new Set(table.views.map((v) => quoted(v.value)))].join(" | ")};

/** The chart a view draws, as the core's table names it. */
export type BillWidgetChart = ${[...new Set(table.views.map((v) => quoted(v.chart)))].join(" | ")};
`;
}

/** What the loading attribute does, for the types and the manifest. */
const loadingSaid = (loading) => `When the WebAssembly loads: "${loading.values[0]}" (the default), as the widget comes near the viewport; "${loading.interaction}", when the reader presses its button ("${loading.start}"), the widget's children showing until then.`;

const EVENTS = [
  { name: "bill-widget-change", type: "CustomEvent<BillWidgetChangeDetail>",
    description: "The chart, sentences, table and panels were written for new settings, a new view, policy or run. Bubbles and crosses shadow roots." },
  { name: "bill-widget-days", type: "CustomEvent<BillWidgetDaysDetail>",
    description: "The line under lesson 000's day checked the settings over 200 days. Bubbles and crosses shadow roots." },
];

/** custom-elements.json (schema 1.0.0): the element, its attributes (every widget's, each
 *  said once with the scenarios that take it) and its events. */
export function elementManifest(table) {
  const scenariosOf = new Map();
  for (const { widget, settings } of widgets(table)) {
    for (const s of settings) scenariosOf.set(s, [...(scenariosOf.get(s) ?? []), widget.scenario]);
  }
  const scenario = table.settings.find((s) => s.key === "scenario");
  const attributes = [
    ...(scenario ? [{ name: scenario.attribute, description: describe(scenario), type: { text: valueType(scenario) }, default: quoted(scenario.default) }] : []),
    ...[...scenariosOf].map(([s, scenarios]) => ({
      name: s.attribute,
      description: `${describe(s)}. Taken by scenario ${scenarios.join(", ")}.`,
      type: { text: valueType(s) },
      default: quoted(s.default),
    })),
    { name: table.syncUrl.attribute, description: `Read and write the settings in the page's address (one widget a page can); "${table.syncUrl.whole}": the whole address is the widget's.`, type: { text: `boolean | "${table.syncUrl.whole}"` } },
    { name: table.theme.attribute, description: describe(table.theme), type: { text: valueType(table.theme) }, default: quoted(table.theme.default) },
    { name: table.loading.attribute, description: loadingSaid(table.loading), type: { text: table.loading.values.map(quoted).join(" | ") }, default: quoted(table.loading.values[0]) },
  ];
  return {
    schemaVersion: "1.0.0",
    modules: [{
      kind: "javascript-module",
      path: "bill-widget.js",
      declarations: [
        {
          kind: "class",
          name: "BillWidget",
          tagName: "bill-widget",
          customElement: true,
          description: "What a spending policy does to an AI bill, computed by a WebAssembly core: one widget per lesson, chosen by its scenario attribute. Its children are its fallback.",
          superclass: { name: "HTMLElement" },
          attributes,
          events: EVENTS,
          slots: [{ name: "", description: "The fallback: shown where JavaScript does not run, while the WebAssembly loads, and when it cannot load." }],
        },
        { kind: "function", name: "defineBillWidget", description: "Loads the WebAssembly and defines <bill-widget> (done by itself when the page has one).",
          return: { type: { text: "Promise<void>" } } },
      ],
      exports: [
        { kind: "custom-element-definition", name: "bill-widget", declaration: { name: "BillWidget", module: "bill-widget.js" } },
        { kind: "js", name: "defineBillWidget", declaration: { name: "defineBillWidget", module: "bill-widget.js" } },
      ],
    }],
  };
}

/** web/loading-words.js: the core's `loading` attribute and the words a widget says with no
 *  module to ask: the start button's (loading="interaction"), its name and its failure; and
 *  the settings' names in the address, by which a waiting widget tells a shared link's
 *  settings, which it then shows at once. */
export function loadingWords(table) {
  const names = table.settings.filter((s) => table.widgetSettings.includes(s.key)).flatMap((s) => s.addressNames);
  return `// Written by scripts/widget-types.mjs from the core's table (its loading, its settings): do not edit.
export const LOADING = Object.freeze(${JSON.stringify(table.loading)});
/** Every name a widget's setting is read by in the address (a shared link's settings). */
export const ADDRESS_NAMES = Object.freeze(${JSON.stringify([...new Set([...names, table.theme.key])])});
`;
}

if (process.argv[1] === import.meta.filename) {
  const table = coreTable();
  writeFileSync(join(WEB, "bill-widget-attributes.d.ts"), attributeTypes(table));
  writeFileSync(join(WEB, "loading-words.js"), loadingWords(table));
  console.log("wrote web/bill-widget-attributes.d.ts and web/loading-words.js");
}
