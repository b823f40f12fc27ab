// The theme export (themeIsDark) of the built module: what the widget asks it, and hostile
// values, which give a boolean or an Error naming the theme, never a trap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wasm } from "./wasm-module.mjs";

test("themeIsDark follows the page for auto and says light or dark as set; the table describes the theme", () => {
  assert.equal(wasm.themeIsDark("auto", "light", "", true), false, "a light page in a dark system");
  assert.equal(wasm.themeIsDark("auto", "light dark", "", true), true, "a page of both: the system");
  assert.equal(wasm.themeIsDark("auto", "normal", "rgb(18, 20, 24)", false), true, "a dark background");
  assert.equal(wasm.themeIsDark("dark", "light", "rgb(255, 255, 255)", false), true);
  const { theme } = wasm.scenarios();
  assert.deepEqual([theme.attribute, theme.key, theme.default, theme.kind.choices.map((c) => c.value)],
    ["theme", "theme", "auto", ["auto", "light", "dark"]]);
});

test("hostile values at themeIsDark give an Error naming the theme, or a boolean, never a trap", () => {
  const hostile = [undefined, null, 3, Symbol("x"), {}, [], new Proxy({}, { get() { throw new Error("trap"); } }), "x".repeat(100000), NaN];
  for (const value of hostile) {
    let result;
    try { result = wasm.themeIsDark(value, "light", "", false); } catch (e) {
      assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), `theme ${String(typeof value)}: ${e}`);
      assert.equal(e.field, "theme", `theme ${String(typeof value)}: ${e.message}`);
      continue;
    }
    assert.fail(`theme ${String(typeof value)} was taken: ${result}`);
  }
  for (const value of hostile) {
    for (const args of [["auto", value, "", false], ["auto", "normal", value, false], ["auto", "normal", "", value]]) {
      assert.equal(typeof wasm.themeIsDark(...args), "boolean", `${String(typeof value)} as a page's value`);
    }
  }
  assert.equal(wasm.themeIsDark("light", "light", "", false), false, "the module still answers");
});
