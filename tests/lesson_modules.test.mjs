// Each lesson's widget loads its own module (web/lesson-modules.js, built by
// scripts/build-wasm from billsim-wasm's cargo features): every widget of the core's table
// must have one, it must run that widget's scenario, and it must leave the other lessons
// out (and the exports the widget does not call), or a reader would download them for
// nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { lessonFolder, lessonWidgets } from "../web/lesson-modules.js";
import { wasm } from "./wasm-module.mjs";

const WEB = resolve(import.meta.dirname, "../web");
const table = wasm.scenarios();

// Each lesson's module, from the folder lesson-modules.js names for it, started from its
// file's bytes (as Node.js has no fetch of a file URL).
const source = readFileSync(resolve(WEB, "lesson-modules.js"), "utf8");
const modules = new Map();
for (const name of lessonWidgets) {
  const folder = lessonFolder(name);
  assert.ok(source.includes(`"./${folder}/billsim_wasm.js"`), `lesson-modules.js loads ${name}'s module from ./${folder}/`);
  const glue = await import(pathToFileURL(resolve(WEB, folder, "billsim_wasm.js")).href);
  glue.initSync({ module: readFileSync(resolve(WEB, folder, "billsim_wasm_bg.wasm")) });
  modules.set(name, glue);
}

test("every widget of the core's table has its lesson's module, and no other is named", () => {
  assert.deepEqual([...lessonWidgets].sort(), table.widgets.map((w) => w.scenario).sort(),
    `lesson-modules.js names ${lessonWidgets.join(", ")}; the core's widgets are ${table.widgets.map((w) => w.scenario).join(", ")}`);
  // A widget whose scenario attribute names no widget loads the first, for the table.
  const scenario = table.settings.find((s) => s.key === "scenario");
  assert.equal(lessonWidgets[0], scenario.default, `the first module is the default widget's (${scenario.default})`);
});

const text = (value) => JSON.stringify(value, (k, v) => (typeof v === "bigint" ? String(v) : v));

test("each lesson's module runs its widget's scenario as the module with every lesson does", () => {
  for (const [name, core] of modules) {
    const widget = table.widgets.find((w) => w.scenario === name);
    const policy = table.settings.find((s) => s.key === widget.policy).default;
    for (const seed of [0, 7]) {
      assert.equal(text(core.overTimeView(name, {}, seed)), text(wasm.overTimeView(name, {}, seed)),
        `${name}'s module gives web/pkg's overTimeView on run ${seed}`);
      assert.equal(text(core.scenarioPanels(name, {}, seed, policy)), text(wasm.scenarioPanels(name, {}, seed, policy)),
        `${name}'s module gives web/pkg's panels on run ${seed} under ${policy}`);
    }
  }
});

test("each lesson's module holds the core's whole table, so any of them can read the settings", () => {
  for (const [name, core] of modules) {
    assert.deepEqual(core.scenarios(), table, `${name}'s module gives the same scenarios() as web/pkg`);
  }
});

test("each lesson's module leaves out the exports the widget does not call", () => {
  for (const [name, core] of modules) {
    for (const api of ["simulateDay", "summarize", "overrun", "checkDays", "dayReadout", "runScenario", "readSettingsText", "readOverrunText"]) {
      assert.equal(api in core, false, `${name}'s module has no ${api} (web/pkg has it: ${api in wasm})`);
    }
  }
});

test("each lesson's module refuses the other lessons' scenarios, naming the one asked for", () => {
  for (const [name, core] of modules) {
    for (const other of lessonWidgets.filter((w) => w !== name)) {
      assert.throws(() => core.overTimeView(other, {}, 0), (e) => e.field === "scenario" && e.message.includes(`"${other}"`),
        `${name}'s module leaves ${other} out`);
    }
  }
});

// A `&text[..n]` in the core brings its panic message, and with it the escape tables of
// Rust's Debug of a char (3.6 KB gzipped once); `text.get(..n)` does not.
test("no lesson's module holds the string-slicing panic that brings Unicode's tables", () => {
  for (const name of lessonWidgets) {
    const bytes = readFileSync(resolve(WEB, lessonFolder(name), "billsim_wasm_bg.wasm"));
    assert.ok(!bytes.includes("is not a char boundary"), `${name}'s module (${bytes.length} bytes) slices a string that can panic`);
  }
});

test("lesson 001's client's chart is measured before it is drawn: taller on a narrower canvas, and a bad width named", () => {
  const core = modules.get("hackathon");
  const at = (width) => core.clientHeight({}, 0, "rateLimitAndCap", { dark: false, scale: 1 }, width);
  const [phone, desk] = [at(296), at(672)];
  assert.ok(phone > desk && desk > 300, `the words wrap to the width: ${phone} px tall at 296 px, ${desk} px at 672`);
  for (const bad of [0, 1.5, -3, 70000, "296", undefined]) {
    assert.throws(() => at(bad), (e) => e.field === "width" && /from 1 to 65,535/.test(e.message), `width ${String(bad)}`);
  }
});
