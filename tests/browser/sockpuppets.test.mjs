// Lesson 003's own picture: the 40 sockpuppets as small multiples, each account's requests
// through and refused, under the per-user limits the lesson says let them through (5 of 8
// each) and under the policy picked; all the core's (accountsView), the bars' painted
// heights in the ratio of the counts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, core, axeScan, numbersTable } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const PAGE = "examples/free-tier.html";

/** What the reader has, and the pixels of the chart painted in each of `colours`. */
const shown = async (page, colours) => ({ ...(await drawn(page, colours)), ...(await numbersTable(page.locator("bill-widget"))) });
const drawn = (page, colours) => page.locator("bill-widget").evaluate((el, colours) => {
  const q = (s) => el.shadowRoot.querySelector(s);
  const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
  const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  const painted = colours.map(([r, g, b]) => {
    let n = 0;
    for (let i = 0; i < data.length; i += 4) n += data[i] === r && data[i + 1] === g && data[i + 2] === b ? 1 : 0;
    return n;
  });
  return {
    canvas: canvas.className,
    label: canvas.getAttribute("aria-label"),
    summary: q(".summary").textContent,
    painted,
  };
}, colours);

// The core's colour table (views/colours.rs), light: the abuser (through) and refused.
const THROUGH = [0xE6, 0x9F, 0x00];
const REFUSED = [0xB0, 0x00, 0x20];

test("each of the 40 sockpuppets is a bar of 5 requests through and 3 refused under the lesson's per-user limits, as the core counts them", async () => {
  const { page, log } = await load(env, `${PAGE}?freeTierPolicy=bucketBudget`);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Sockpuppets", exact: true }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "freeAccounts");
  const view = await core(page, "accountsView", "freeTier", {}, 0, "bucketBudget");
  assert.equal(view.rows.length, 1, "the lesson's policy is the one picked: one row");
  const [row] = view.rows;
  assert.equal(row.accounts.length, 40);
  assert.ok(row.accounts.every((a) => a.requests === 8 && a.through === 5 && a.refused === 3), JSON.stringify(row.accounts));
  const v = await shown(page, [THROUGH, REFUSED]);
  assert.equal(v.canvas, "accounts-chart");
  assert.equal(v.summary, row.sentence);
  assert.match(v.summary, /each of the 40 sockpuppets got 5 of its 8 requests through; 120 requests refused: 120 by the rate limit\.$/);
  assert.equal(v.label, view.title, "the chart is named by its title; its sentences are the lines under it, not said twice");
  assert.deepEqual([v.caption, v.rows], [view.table.caption, view.table.rows]);
  // Through and refused are painted 5 to 3 (the key's two swatches are the same size).
  const [through, refused] = v.painted;
  assert.ok(through > 1000 && refused > 500, `painted ${through} through and ${refused} refused`);
  const ratio = through / refused;
  assert.ok(Math.abs(ratio - 5 / 3) < 0.2, `through to refused painted ${ratio.toFixed(2)} to 1, not 5 to 3`);
  assert.deepEqual(log.errors, []);
});

test("a bucket of 3 paints 3 through and 5 refused, and all three layers adds a row where the breaker refuses the later accounts", async () => {
  const { page, log } = await load(env, `${PAGE}?view=freeAccounts&freeTierPolicy=bucketBudget&bucketCapacity=3`);
  await ready(page);
  const v = await shown(page, [THROUGH, REFUSED]);
  const view = await core(page, "accountsView", "freeTier", { bucketCapacity: 3 }, 0, "bucketBudget");
  assert.equal(view.rows[0].note, "each of 40: 3 of 8 through, 5 refused");
  assert.equal(v.summary, view.rows[0].sentence);
  const ratio = v.painted[0] / v.painted[1];
  assert.ok(Math.abs(ratio - 3 / 5) < 0.12, `through to refused painted ${ratio.toFixed(2)} to 1, not 3 to 5`);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "All three layers", exact: true }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("freeTierPolicy") === "allThree");
  const both = await core(page, "accountsView", "freeTier", { bucketCapacity: 3 }, 0, "allThree");
  assert.deepEqual(both.rows.map((r) => r.policy), ["bucketBudget", "allThree"]);
  assert.match(both.rows[1].sentence, /by the global spend breaker/);
  assert.equal((await shown(page, [])).summary, both.rows.map((r) => r.sentence).join(" "));
  const { bad } = await axeScan(page);
  assert.deepEqual(bad, []);
  assert.deepEqual(log.errors, []);
});
