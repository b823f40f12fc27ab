// Reading the widget's settings from text (an element's attributes or the page's address)
// and writing them back. Every value is checked by the core (readSettingsText); a bad one
// falls back to its default and is reported, never breaking the widget.
import { readSettingsText } from "./pkg/billsim_wasm.js";

export const POLICIES = [
  ["noLimit", "No limit"],
  ["requestsPerMinute", "Requests per minute"],
  ["dailyBudget", "Daily cost budget"],
];
export const DEFAULTS = Object.freeze({
  seed: 0, policy: "requestsPerMinute", perMinute: 5, budgetDollars: 0.25, refill: "daily",
});

// Each setting's name in the core's messages, in an element's attributes, and in the address.
export const FIELDS = [
  { key: "seed", attribute: "seed", param: "seed" },
  { key: "policy", attribute: "policy", param: "policy" },
  { key: "perMinute", attribute: "per-minute", param: "perMinute" },
  { key: "budgetDollars", attribute: "budget", param: "budget" },
  { key: "refill", attribute: "refill", param: "refill" },
];

function readOne(key, text) {
  if (key === "policy") {
    if (POLICIES.some(([id]) => id === text)) return text;
    throw new Error(`policy: must be ${POLICIES.map(([id]) => `"${id}"`).join(", ")}; got ${JSON.stringify(text.slice(0, 40))}`);
  }
  return readSettingsText({ [key]: text })[key];
}

/** `base` with each field that `source(field)` gives (text, or null for none) read on its
 *  own: a bad one keeps the base value and is described in `problems`. */
export function readSettings(source, from, base = DEFAULTS) {
  const settings = { ...base };
  const problems = [];
  for (const field of FIELDS) {
    const text = source(field);
    if (text === null || text === undefined) continue;
    try {
      settings[field.key] = readOne(field.key, text);
    } catch (e) {
      const name = from === "address" ? `${field.param} in the address` : `the ${field.attribute} attribute`;
      problems.push(`Ignored ${name}: ${e.message.replace(/^[^:]*: /, "")}. Using ${settings[field.key]}.`);
    }
  }
  return { settings, problems };
}

/** The address's query string for `settings`: every setting, so a copied address
 *  reproduces the same view exactly. */
export function toQuery(settings) {
  const params = new URLSearchParams();
  for (const { key, param } of FIELDS) params.set(param, String(settings[key]));
  return `?${params}`;
}
