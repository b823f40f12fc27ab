// The page's JavaScript keeps no copy of the core's table: no policy or view name, no
// label, no setting's range or default, no attribute or address name is written in
// web/*.js (the widget takes them all from scenarios() when it loads). The list to look
// for is the built module's own, so whatever the core adds is guarded at once.
// WEB_DIR points the test at another copy of web/ (to see it fail on an older one).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { wasm } from "./wasm-module.mjs";

const root = resolve(import.meta.dirname, "..");
const web = process.env.WEB_DIR ?? join(root, "web");
const schema = wasm.scenarios();

const quote = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What would be a copy of the table, each as [what it is, a pattern]. */
function copies() {
  const found = [];
  // Names: a camelCase name anywhere; a plain word ("day", "daily") only as a string or a key.
  const name = (what, value) => {
    const word = quote(value);
    found.push([`${what} "${value}"`, /[A-Z\d]/.test(value)
      ? new RegExp(`\\b${word}\\b`)
      : new RegExp(`(["'\`])${word}\\1|\\b${word}\\s*:`)]);
  };
  const label = (what, text) => found.push([`${what} label "${text}"`, new RegExp(`(?<!\\w)${quote(text)}(?!\\w)`)]);
  for (const v of schema.views) { name("view", v.value); label("view", v.label); }
  // What the widget takes from the table: its views' scenarios and its own settings (a
  // scenario with no view yet is not the page's to copy).
  const shown = schema.scenarios.filter((s) => schema.views.some((v) => v.scenario === s.name));
  for (const s of shown) {
    label("scenario", s.label);
    for (const p of s.policies) { name(`${s.name} policy`, p.value); label(`${s.name} policy`, p.label); }
  }
  for (const s of schema.settings.filter((s) => schema.widgetSettings.includes(s.key))) {
    label(`setting ${s.key}`, s.label);
    for (const alias of new Set([s.attribute, ...s.oldNames])) {
      if (alias !== s.key) found.push([`${s.key}'s name "${alias}"`, new RegExp(`(["'\`])${quote(alias)}\\1`)]);
    }
    if (s.kind.type === "choice") {
      for (const c of s.kind.choices) { name(`${s.key} choice`, c.value); label(`${s.key} choice`, c.label); }
      continue;
    }
    // Numbers: next to the setting's names or as an input's bound; a distinctive one
    // (with decimals, or of four digits or more) anywhere.
    const names = [...new Set([s.key, s.attribute, ...s.oldNames])].map(quote).join("|");
    for (const [what, text] of [["minimum", s.kind.min], ["maximum", s.kind.max], ["default", s.default]]) {
      for (const number of new Set([String(text), String(text).replace(/\.0+$/, "")])) {
        const n = `${quote(number)}(?![\\d.])`;
        const where = `${s.key}'s ${what} ${number}`;
        found.push([where, new RegExp(`(?:\\b(?:${names})["']?\\s*[:=]\\s*|\\b(?:min|max|step|value|default)\\s*[:=]\\s*)["'\`]?${n}`)]);
        if (number.includes(".") || number.length >= 4) found.push([where, new RegExp(`(?<![\\w.])${n}`)]);
      }
    }
  }
  return found;
}

test("no policy or view name, label, setting range or default from the core's table is written in web/*.js", () => {
  const patterns = copies();
  assert.ok(patterns.length > 40, `the table gives ${patterns.length} things to look for`);
  const hits = [];
  for (const file of readdirSync(web).filter((f) => f.endsWith(".js"))) {
    const text = readFileSync(join(web, file), "utf8");
    // A file written from the core's table when the modules are built (loading-words.js) is
    // the core's, as the modules are.
    if (text.startsWith("// Written by scripts/widget-types.mjs from the core's table")) continue;
    text.split("\n").forEach((line, i) => {
      // The DOM's own words that a choice of the table also uses (lesson 002's fail mode "open").
      const own = line.replace(/attachShadow\(\{ mode: "open" \}\)/g, "");
      for (const [what, pattern] of patterns) {
        // lesson-modules.js names each widget's module by its scenario, in paths written out
        // for bundlers to follow; tests/lesson_modules.test.mjs holds those names to the core's.
        if (file === "lesson-modules.js" && what.startsWith("scenario choice")) continue;
        if (pattern.test(own)) hits.push(`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 100)}`);
      }
    });
  }
  assert.deepEqual(hits, [], `${hits.length} copies of the core's table in web/*.js:\n${hits.join("\n")}`);
});
