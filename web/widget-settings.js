// Reading the widget's settings from text (an element's attributes or the page's address)
// and writing them back. Every value is checked by the core (readSettingsText); a bad one
// falls back to its default and is reported, never breaking the widget.
import { readSettingsText, readOverrunText } from "./pkg/billsim_wasm.js";

export const POLICIES = [
  ["noLimit", "No limit"],
  ["requestsPerMinute", "Requests per minute"],
  ["dailyBudget", "Daily cost budget"],
];
export const VIEWS = [
  ["day", "One day"],
  ["inflight", "Calls at once"],
];
export const DEFAULTS = Object.freeze({
  view: "day", seed: 0, policy: "requestsPerMinute", perMinute: 5, budgetDollars: 0.25, refill: "daily",
  calls: 20, estimatePercent: 50,
});

// Each setting's name in the core's messages, in an element's attributes, and in the address.
export const FIELDS = [
  { key: "view", attribute: "view", param: "view" },
  { key: "seed", attribute: "seed", param: "seed" },
  { key: "policy", attribute: "policy", param: "policy" },
  { key: "perMinute", attribute: "per-minute", param: "perMinute" },
  { key: "budgetDollars", attribute: "budget", param: "budget" },
  { key: "refill", attribute: "refill", param: "refill" },
  { key: "calls", attribute: "calls", param: "calls" },
  { key: "estimatePercent", attribute: "estimate", param: "estimate" },
];

function oneOf(key, choices, text) {
  if (choices.some(([id]) => id === text)) return text;
  const shown = text.length > 40 ? `${JSON.stringify(text.slice(0, 40))}... (${text.length} characters)` : JSON.stringify(text);
  // As the core's own errors are: the whole sentence, and the field it is about.
  throw Object.assign(new Error(`${key}: must be ${choices.map(([id]) => `"${id}"`).join(" or ")}; got ${shown}`), { field: key });
}

/** An error's message without its leading "field: ", which the reader's sentence already says. */
export function problemOf(e) {
  const prefix = e.field === undefined ? "" : `${e.field}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

function readOne(key, text) {
  if (key === "policy") return oneOf(key, POLICIES, text);
  if (key === "view") return oneOf(key, VIEWS, text);
  if (key === "calls" || key === "estimatePercent") return readOverrunText({ [key]: text })[key];
  return readSettingsText({ [key]: text })[key];
}

/** `base` with each field that `source(field)` gives (text, or null for none) read on its
 *  own: a bad one keeps the base value and is described in `problems`, a Map from the
 *  field's key to the sentence. */
export function readSettings(source, from, base = DEFAULTS) {
  const settings = { ...base };
  const problems = new Map();
  for (const field of FIELDS) {
    const text = source(field);
    if (text === null || text === undefined) continue;
    try {
      settings[field.key] = readOne(field.key, text);
    } catch (e) {
      const name = from === "address" ? `${field.param} in the address` : `the ${field.attribute} attribute`;
      problems.set(field.key, `Ignored ${name}: ${problemOf(e)}. Using ${settings[field.key]}.`);
    }
  }
  return { settings, problems };
}

/** The address's query string for `settings`: every setting, so a copied address
 *  reproduces the same view exactly, after the host page's own parameters of `search`
 *  (kept as they were written). */
export function toQuery(settings, search = "") {
  const ours = new Set(FIELDS.map((f) => f.param));
  const theirs = search.replace(/^\?/, "").split("&").filter((part) => {
    if (part === "") return false;
    const [name] = new URLSearchParams(part).keys();
    return !ours.has(name);
  });
  const params = new URLSearchParams();
  for (const { key, param } of FIELDS) params.set(param, String(settings[key]));
  return `?${[...theirs, String(params)].join("&")}`;
}
