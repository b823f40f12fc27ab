// The widget's controls are the core's table (scenarios()) as the page loaded it: every
// label, range and option of the form, which view shows which field, the view and policy
// buttons and the attributes the element follows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, view } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const coreTable = (page) => page.evaluate(async () => (await import("/pkg-toy-day/billsim_wasm.js")).scenarios());

/** The form as the reader's browser has it: each field's label, control and where it shows. */
const form = (page) => page.locator("bill-widget").evaluate((el) =>
  [...el.shadowRoot.querySelectorAll("form label")].map((label) => {
    const control = label.querySelector("input, select");
    return {
      key: control.name,
      label: label.firstChild.textContent.trim(),
      shown: label.checkVisibility(),
      type: control.getAttribute("type"),
      inputmode: control.getAttribute("inputmode"),
      options: [...label.querySelectorAll("option")].map((o) => ({ value: o.value, label: o.textContent })),
    };
  }));

const buttons = (page, data) => page.locator("bill-widget").evaluate((el, d) =>
  [...el.shadowRoot.querySelectorAll(`[data-${d}]`)].map((b) => ({ value: b.dataset[d], label: b.textContent })), data);

test("the form's labels, ranges and options are the core's table, and each view shows the fields the table gives it", async () => {
  const { page, log } = await load(env);
  await ready(page);
  const table = await coreTable(page);
  // Lesson 000's widget (the default): the form holds its own settings only.
  const own = table.widgets.find((w) => w.scenario === table.settings.find((s) => s.key === "scenario").default);
  const fields = table.settings.filter((s) => s.views.length > 0 && own.settings.includes(s.key));
  const got = await form(page);
  assert.deepEqual(got.map((f) => f.key), fields.map((s) => s.key), "the form's fields, in the table's order");
  for (const [i, s] of fields.entries()) {
    const f = got[i];
    assert.equal(f.label, s.label, `${s.key}'s label`);
    if (s.kind.type === "choice") {
      assert.deepEqual(f.options, s.kind.choices, `${s.key}'s options`);
    } else {
      // A text field (so that what was typed reaches the core's message as typed): its
      // label says the table's range, and the core checks it.
      const plain = (n) => String(n).replace(/\.0+$/, "");
      assert.equal(f.type, "text", `${s.key}: a text field`);
      assert.ok(f.label.includes(`${plain(s.kind.min)} to ${plain(s.kind.max)}`), `${s.key}'s range in its label: ${f.label}`);
      assert.equal(f.inputmode, s.kind.type === "whole" ? "numeric" : "decimal", `${s.key}'s keyboard`);
    }
  }
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  for (const { value, label } of await buttons(page, "view")) {
    await w.getByRole("button", { name: label, exact: true }).click();
    assert.equal((await view(page)).view, value);
    const shown = (await form(page)).filter((f) => f.shown).map((f) => f.key);
    assert.deepEqual(shown, fields.filter((s) => s.views.includes(value)).map((s) => s.key), `the fields of view ${value}`);
  }
  assert.deepEqual(log.errors, []);
});

test("the view buttons are the table's views, the policy buttons are toyDay's, and the attributes are the table's", async () => {
  const { page } = await load(env);
  await ready(page);
  const table = await coreTable(page);
  // Lesson 000's widget (the default) shows its own views.
  const widget = table.widgets.find((w) => w.scenario === table.settings.find((s) => s.key === "scenario").default);
  const views = table.views.filter((v) => v.widget === widget.scenario).map(({ value, label }) => ({ value, label }));
  assert.deepEqual(await buttons(page, "view"), views);
  assert.deepEqual(await buttons(page, "policy"), table.scenarios.find((s) => s.name === "toyDay").policies);
  const groups = await page.locator("bill-widget").evaluate((el) =>
    [...el.shadowRoot.querySelectorAll("[role=group]")].map((g) => g.getAttribute("aria-label")));
  const label = (key) => table.settings.find((s) => s.key === key).label;
  assert.deepEqual(groups, [label("view"), label("policy")], "the button groups are named by the table");
  const observed = await page.evaluate(() => customElements.get("bill-widget").observedAttributes);
  // The settings of the scenarios the widget's views show, and those of no scenario (every
  // scenario has a view now; one without would add no attribute).
  const shown = table.scenarios.filter((s) => table.views.some((v) => v.scenario === s.name));
  const ofNone = (key) => !table.scenarios.some((s) => s.settings.includes(key));
  const own = table.settings.filter((s) => ofNone(s.key) || shown.some((c) => c.settings.includes(s.key)));
  // Each setting's one attribute, then the old names an attribute can spell (still read),
  // the theme, sync-url and loading (whose notice is said or unsaid as it changes).
  assert.deepEqual(observed, [...own.flatMap((s) => s.attributeNames), table.theme.attribute, table.syncUrl.attribute, table.loading.attribute],
    "the settings' attributes, the theme, sync-url and loading");
});
