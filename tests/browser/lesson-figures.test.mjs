// Lesson 003's own figures are shown beside this run's and where they fall over 1,000 runs,
// never as if they were this run's, and a run that goes against the lesson says so.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, core } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** The widget's panels: name, title, sentences and the table's columns and rows. */
function panels(page) {
  return page.locator("bill-widget").evaluate((el) => [...el.shadowRoot.querySelectorAll("[data-panel]")].map((p) => ({
    name: p.dataset.panel,
    title: p.querySelector(":scope > :is(h2, h3, h4, h5, h6)").textContent,
    sentences: [...p.querySelectorAll(":scope > p")].map((s) => s.textContent),
    columns: [...p.querySelectorAll("thead tr > *")].map((th) => th.textContent),
    rows: [...p.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((td) => td.textContent)),
  })));
}

test("lesson 003's run is set beside run 0, this run's sim.py output is not called the lesson's, and run 1 says how it goes against the lesson", async () => {
  const { page, log } = await load(env, "examples/free-tier.html");
  await ready(page);
  let shown = await panels(page);
  const beside = shown.find((p) => p.name === "lessonRun");
  assert.ok(beside, `a panel sets the lesson's run beside this one: ${shown.map((p) => p.name)}`);
  assert.deepEqual(beside.columns, ["", "The lesson's run", "Run 0 here", "Over 1,000 runs here"]);
  const trip = beside.rows.find((r) => r[0] === "Breaker tripped at");
  assert.equal(trip[1], "3,050\u00a0s (00:50), by sock10", "the lesson's figure in seconds as it printed it, and on the chart's clock");
  assert.match(trip[3], /^from [\d,]+\u00a0s \(00:\d\d\) to [\d,]+\u00a0s \(00:\d\d\)$/, "where it falls over 1,000 runs");
  const output = shown.find((p) => p.name === "simOutput");
  assert.equal(output.title, "What the lesson's sim.py would print for run 0 here (all three layers)");
  assert.doesNotMatch(output.title, /prints for run/, "this run's output is not labelled as the lesson's");
  // The panels are the core's, word for word.
  const want = await core(page, "scenarioPanels", "freeTier", {}, 1, "allThree");
  await page.locator("bill-widget").getByRole("button", { name: "Another run" }).click();
  await page.locator("bill-widget").locator(".day-number").filter({ hasText: "Run 1" }).waitFor();
  shown = await panels(page);
  const run1 = shown.find((p) => p.name === "lessonRun");
  assert.deepEqual(run1.sentences, want.find((p) => p.name === "lessonRun").sentences);
  assert.ok(run1.sentences.some((s) => /^In this run .* (tripped the breaker|the script got)/.test(s)),
    `run 1 goes against the lesson and says so: ${run1.sentences.join(" / ")}`);
  assert.deepEqual(log.errors, []);
});

test("lesson 000's day is set beside this day and where its figures fall over 200 days, at the lesson's settings only", async () => {
  const { page, log } = await load(env, "examples/toy-day.html");
  await ready(page);
  const beside = (await panels(page)).find((p) => p.name === "lessonDay");
  assert.ok(beside, "a panel sets the lesson's day beside this one");
  assert.deepEqual(beside.columns, ["", "The lesson's day", "Day 0 here", "Over 200 days here"]);
  const bill = beside.rows.find((r) => r[0] === "No limit: the bill");
  assert.equal(bill[1], "$9.93", "the lesson's own figure");
  const day = await core(page, "dayView", { seed: 0 });
  assert.ok(day.summaries.noLimit.includes(bill[2]), `this day's bill ${bill[2]}, as the day's sentence says: ${day.summaries.noLimit}`);
  assert.match(bill[3], /^from \$[\d.,]+ to \$[\d.,]+$/);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Budget per user per day").fill("0.5");
  await page.waitForFunction(() => !document.querySelector("bill-widget").shadowRoot.querySelector("[data-panel=lessonDay]"), null, { timeout: 5000 });
  assert.deepEqual(log.errors, []);
});
