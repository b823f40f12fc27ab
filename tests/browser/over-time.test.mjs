// The over-time view: the core's chart of each policy's spend over the day, its sentences
// and its table, in the widget and in the address.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, numbersTable } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const core = (page, seed, settings) => page.evaluate(async ([n, s]) =>
  (await import("/pkg-toy-day/billsim_wasm.js")).overTimeView("toyDay", s, n), [seed, settings]);

/** The over-time panel as a reader has it: the summary, the chart's label and pixels, the numbers table. */
const shown = async (page) => ({ ...(await drawn(page)), ...(await numbersTable(page.locator("bill-widget"))) });
const drawn = (page) => page.locator("bill-widget").evaluate((el) => {
  const q = (s) => el.shadowRoot.querySelector(s);
  const canvas = q(".overtime-chart");
  const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 0; i < pixels.length; i += 4) inked += pixels[i + 3] > 0 ? 1 : 0;
  return {
    visible: canvas.checkVisibility(),
    pressed: el.shadowRoot.querySelector("[data-view][aria-pressed=true]")?.dataset.view,
    summary: q(".summary").textContent,
    // Each sentence on a line of its own: its text, and whether it starts below the one before.
    lines: [...q(".summary").children].map((line) => [line.textContent, line.getBoundingClientRect().top]),
    label: canvas.getAttribute("aria-label"),
    inked,
  };
});

test("the over-time view shows the core's chart, sentences and table for the day in the address", async () => {
  const { page, log } = await load(env, "?view=overTime&seed=3&budget=0.15");
  await ready(page);
  const v = await shown(page);
  const want = await core(page, 3, { perMinute: 5, budgetDollars: 0.15, refill: "daily" });
  assert.equal(v.pressed, "overTime");
  assert.ok(v.visible && v.inked > 1000, `the chart is drawn (${v.inked} pixels inked)`);
  assert.equal(v.summary, want.lines.map((l) => l.sentence).join(" "));
  assert.deepEqual(v.lines.map(([text]) => text), want.lines.map((l) => l.sentence), "a policy's sentence a line");
  const tops = v.lines.map(([, top]) => Math.round(top));
  assert.ok(tops.every((top, i) => i === 0 || top > tops[i - 1]), `each line below the one before: tops ${tops}`);
  assert.equal(v.label, want.title, "the chart is named by its title; its sentences are the lines under it, not said twice");
  assert.equal(v.caption, want.table.caption);
  assert.deepEqual(v.columns, want.table.columns);
  assert.deepEqual(v.rows, want.table.rows);
  assert.deepEqual(log.errors, []);
});

test("switching to the over-time view and back keeps the day and writes the view in the address", async () => {
  const { page, log } = await load(env, "?seed=5");
  await ready(page);
  const button = (value) => page.locator("bill-widget").locator(`[data-view=${value}]`);
  await button("overTime").click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "overTime");
  const v = await shown(page);
  assert.equal(v.summary, (await core(page, 5, {})).lines.map((l) => l.sentence).join(" "));
  assert.ok(v.inked > 1000, `the chart is drawn (${v.inked} pixels inked)`);
  await button("day").click();
  const day = await page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".day-number").textContent);
  assert.equal(day, "Day 5");
  assert.deepEqual(log.errors, []);
});

test("a label's box of the background on the canvas is as wide as its words, so it hides less of the lines", async () => {
  const { page, log } = await load(env);
  // Lesson 003's chart at a phone's width, twice: measured as the canvas writes the words,
  // and with every measure as wide as the canvas (so each box is its label's whole estimate).
  const coloured = await page.evaluate(async () => {
    const core = await import("/pkg-free-tier/billsim_wasm.js");
    await core.default();
    const draw = () => {
      const canvas = Object.assign(document.createElement("canvas"), { width: 366, height: 480 });
      core.drawOverTime(canvas, "freeTier", {}, 1, undefined);
      const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      // The policies' lines and markers: coloured pixels (the text, the grid and the boxes are grey).
      let n = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const [r, g, b] = pixels.subarray(i, i + 3);
        n += Math.max(r, g, b) - Math.min(r, g, b) > 60 ? 1 : 0;
      }
      return n;
    };
    const measured = draw();
    const measure = CanvasRenderingContext2D.prototype.measureText;
    CanvasRenderingContext2D.prototype.measureText = () => ({ width: 1e6 });
    try { return { measured, whole: draw() }; } finally { CanvasRenderingContext2D.prototype.measureText = measure; }
  });
  assert.ok(coloured.measured > coloured.whole * 1.05,
    `the lines' coloured pixels: ${coloured.measured} with boxes as wide as the words, ${coloured.whole} with the whole estimate`);
  assert.deepEqual(log.errors, []);
});
