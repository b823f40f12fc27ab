// The trade-off view ("Bill against refusals") of every lesson whose policies refuse honest
// users (001, 002, 003): each policy as a point, its bill against the honest requests it
// refused, all the core's; a setting moves the point on the canvas.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, core, axeScan, numbersTable } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const LESSONS = [
  { page: "examples/free-tier.html", scenario: "freeTier", view: "freeTradeOff" },
  { page: "examples/hackathon.html", scenario: "hackathon", view: "demoTradeOff" },
  { page: "examples/runaway-tenant.html", scenario: "runawayTenant", view: "tenantTradeOff" },
];

/** What the reader has: the visible canvas, its label, the sentence, the pressed policy, the table. */
const shown = async (page) => ({ ...(await drawn(page)), ...(await numbersTable(page.locator("bill-widget"))) });
const drawn = (page) => page.locator("bill-widget").evaluate((el) => {
  const q = (s) => el.shadowRoot.querySelector(s);
  const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
  return {
    canvas: canvas.className,
    label: canvas.getAttribute("aria-label"),
    summary: q(".summary").textContent,
    policy: el.shadowRoot.querySelector("[data-policy][aria-pressed=true]")?.dataset.policy,
  };
});

/** The centre of the canvas's pixels painted exactly `rgb`, in CSS pixels, and how many. */
const centreOf = (page, [r, g, b]) => page.locator("bill-widget").evaluate((el, [r, g, b]) => {
  const canvas = el.shadowRoot.querySelector(".tradeoff-chart");
  const { data, width } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  let [n, sx, sy] = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === r && data[i + 1] === g && data[i + 2] === b) {
      n += 1;
      sx += (i / 4) % width;
      sy += Math.floor(i / 4 / width);
    }
  }
  const scale = canvas.width / canvas.clientWidth;
  return { n, x: sx / n / scale, y: sy / n / scale };
}, [r, g, b]);

for (const lesson of LESSONS) {
  test(`${lesson.scenario}: the trade-off view's points are the by-kind view's bills and honest refusals, said in the core's words`, async () => {
    const { page, log } = await load(env, lesson.page);
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "Bill against refusals" }).click();
    await page.waitForFunction((v) => new URLSearchParams(location.search).get("view") === v, lesson.view);
    const view = await core(page, "tradeOffView", lesson.scenario, {}, 0);
    const kinds = await core(page, "cohortView", lesson.scenario, {}, 0);
    assert.equal(view.points.length, kinds.bars.length, "a point per policy");
    for (const [p, bar] of view.points.map((p, i) => [p, kinds.bars[i]])) {
      const bill = bar.segments.reduce((sum, s) => sum + s.chargedNanos, 0n);
      assert.deepEqual([p.policy, p.billNanos, p.honestRefused, p.honestRequests], [bar.policy, bill, bar.honestRefused, bar.honestRequests],
        `${p.policy}: the point is the bar's bill (${bill} nano-dollars) and honest refusals (${bar.honestRefused} of ${bar.honestRequests})`);
      assert.ok(p.sentence.startsWith(`${bar.label}: ${bar.bill} billed; `), p.sentence);
    }
    assert.ok(view.points.some((p) => p.honestRefused > 0n), `some policy refuses honest users: ${view.points.map((p) => p.note)}`);
    const v = await shown(page);
    assert.equal(v.canvas, "tradeoff-chart");
    assert.equal(v.summary, view.points.find((p) => p.policy === v.policy).sentence);
    assert.equal(v.label, `${view.title}. ${view.points.map((p) => p.sentence).join(" ")}`);
    assert.deepEqual([v.caption, v.columns, v.rows], [view.table.caption, view.table.columns, view.table.rows]);
    // Another policy, picked on the trade-off view, is the sentence and keeps the view.
    const other = view.points.find((p) => p.policy !== v.policy);
    await w.getByRole("button", { name: (await core(page, "scenarios")).scenarios.find((s) => s.name === lesson.scenario).policies.find((c) => c.value === other.policy).label, exact: true }).click();
    assert.equal((await shown(page)).summary, other.sentence);
    const { bad } = await axeScan(page);
    assert.deepEqual(bad, []);
    assert.deepEqual(log.errors, []);
  });
}

test("a higher breaker moves lesson 003's point up (a bigger bill) and the sentence says its new numbers", async () => {
  const { page, log } = await load(env, "examples/free-tier.html?view=freeTradeOff&freeTierPolicy=allThree");
  await ready(page);
  const w = page.locator("bill-widget");
  // All three layers is the fourth policy: olive in the core's colour table (views/colours.rs), a diamond.
  const olive = [0x73, 0x73, 0x00];
  const before = await centreOf(page, olive);
  assert.ok(before.n > 20, `the point is drawn (${before.n} pixels)`);
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByRole("textbox", { name: "Global breaker: spend ceiling" }).fill("6");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("breakerDollars") === "6");
  const after = await centreOf(page, olive);
  const was = (await core(page, "tradeOffView", "freeTier", {}, 0)).points.find((p) => p.policy === "allThree");
  const now = (await core(page, "tradeOffView", "freeTier", { breakerDollars: 6 }, 0)).points.find((p) => p.policy === "allThree");
  assert.ok(now.billNanos > was.billNanos && now.honestRefused < was.honestRefused, `${was.note} -> ${now.note}`);
  assert.ok(before.y - after.y > 10, `the point rises with its bill (${was.bill} -> ${now.bill}): y ${before.y.toFixed(1)} -> ${after.y.toFixed(1)}`);
  assert.ok(Math.abs(before.x - after.x) > 5, `and moves across with its refusals (${was.honestRefused} -> ${now.honestRefused}): x ${before.x.toFixed(1)} -> ${after.x.toFixed(1)}`);
  assert.equal((await shown(page)).summary, now.sentence);
  assert.match(now.sentence, /^All three layers .*: \$\d+\.\d\d billed; [\d,]+ of 802 honest requests refused \(\d+%\)\.$/);
  assert.deepEqual(log.errors, []);
});
