// On a phone (390 x 844) each lesson's page shows the chart on its first screen with the
// control that changes it; at 320 px nothing scrolls sideways, and a table wider than the
// widget scrolls inside its box with its first column kept in view.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, ready } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const PAGES = ["examples/toy-day.html", "examples/hackathon.html", "examples/runaway-tenant.html", "examples/free-tier.html"];
const PHONE = { width: 390, height: 844 };
// Of the chart, at least this much is on the first screen (its key and first bars).
const SEEN = 240;

/** Where the widget's policy control and chart are, and the chart's picture. */
function layout(page) {
  return page.locator("bill-widget").evaluate((el) => {
    const q = (s) => el.shadowRoot.querySelector(s);
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
    const control = [...q(".policies").children].find((c) => c.offsetParent !== null);
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: Math.round(r.top), bottom: Math.round(r.bottom) }; };
    return { chart: box(canvas), control: box(control), tag: control.tagName, picture: canvas.toDataURL(), summary: q(".summary").textContent };
  });
}

for (const path of PAGES) {
  test(`${path} at 390 x 844: the policy control and the chart are on the first screen, and a policy picked there redraws it`, async () => {
    const { page, context, log } = await open(env, path, { viewport: PHONE });
    await ready(page);
    const first = await layout(page);
    assert.equal(first.tag, "SELECT", "a narrow widget picks its policy with one select, not rows of buttons");
    assert.ok(first.control.bottom <= PHONE.height, `the policy control ends at ${first.control.bottom} px, on the first screen`);
    assert.ok(first.chart.top + SEEN <= PHONE.height,
      `the chart starts at ${first.chart.top} px: at least ${SEEN} px of it on the first ${PHONE.height} px screen`);
    const select = page.locator("bill-widget").locator("select.compact");
    const other = await select.evaluate((s) => [...s.options].find((o) => !o.selected).value);
    await select.selectOption(other);
    await page.waitForFunction((s) => document.querySelector("bill-widget").shadowRoot.querySelector(".summary").textContent !== s,
      first.summary, { timeout: 5000 }).catch(() => {});
    const after = await layout(page);
    assert.notEqual(after.summary, first.summary, `picking ${other} changes the sentence under the chart`);
    assert.notEqual(after.picture, first.picture, `picking ${other} redraws the chart (its framed bar)`);
    assert.ok(after.chart.top + SEEN <= PHONE.height, "the chart stays where it was");
    assert.deepEqual(log.errors, []);
    await context.close();
  });

  test(`${path} at 320 px: nothing scrolls sideways, with every panel open, and tables keep their first column in view`, async () => {
    const { page, context, log } = await open(env, path, { viewport: { width: 320, height: 700 } });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    await w.getByRole("button", { name: "Show numbers" }).click();
    const seen = await page.evaluate(() => {
      const el = document.querySelector("bill-widget");
      const table = el.shadowRoot.querySelector("#numbers");
      const cell = table.querySelector("tbody td");
      return {
        page: document.documentElement.scrollWidth,
        widget: el.shadowRoot.querySelector(".bw").scrollWidth,
        tableScrolls: getComputedStyle(table).overflowX,
        sticky: getComputedStyle(cell).position,
      };
    });
    assert.ok(seen.page <= 320, `the page is ${seen.page} px wide at 320`);
    assert.ok(seen.widget <= 320, `the widget is ${seen.widget} px wide at 320`);
    assert.equal(seen.tableScrolls, "auto", "a wide table scrolls inside its own box");
    assert.equal(seen.sticky, "sticky", "its first column stays in view as it scrolls");
    assert.deepEqual(log.errors, []);
    await context.close();
  });
}
