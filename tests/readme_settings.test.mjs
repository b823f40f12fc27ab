// The README's list of the widget's attributes says what the core's table says: every
// attribute, each number's range and default, each choice's values and default.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { wasm } from "./wasm-module.mjs";

const root = resolve(import.meta.dirname, "..");

test("the README's attribute list names every attribute of the core's table with its range or choices and its default", () => {
  const readme = readFileSync(resolve(root, "README.md"), "utf8");
  const start = readme.indexOf("Attributes, all optional");
  const list = readme.slice(start, readme.indexOf("Add `sync-url`", start)).replace(/\s+/g, " ");
  assert.ok(start >= 0 && list.length > 200, "the README has its attribute list");
  const missing = [];
  const table = wasm.scenarios();
  for (const s of table.settings.filter((s) => table.widgetSettings.includes(s.key))) {
    const at = list.indexOf(`\`${s.attribute}\` (`);
    if (at < 0) { missing.push(`the attribute ${s.attribute}`); continue; }
    const entry = list.slice(at, list.indexOf(")", list.indexOf("default", at)) + 1);
    const plain = (n) => String(n).replace(/\.0+$/, "");
    const wanted = s.kind.type === "choice"
      ? [...s.kind.choices.map((c) => `\`${c.value}\``), `default \`${s.default}\``]
      : [`${plain(s.kind.min)} to ${plain(s.kind.max)}`, `default ${s.default}`];
    for (const text of wanted) if (!entry.includes(text)) missing.push(`${s.attribute}: ${text} (in "${entry}")`);
  }
  assert.deepEqual(missing, []);
});
