// Lesson 003's widget, <bill-widget scenario="freeTier">, on its example page and in the
// standalone page's address: the core's chart, sentences and table, the address round
// trip, the keyboard and axe. Lesson 000's widget is the other tests'.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { start, open, load, ready, core, axeScan, shown, panelsAsShown } from "./harness.mjs";

const SHOTS = new URL("./screenshots/", import.meta.url);
const PAGE = "examples/free-tier.html";
let env;
before(async () => { env = await start(); await mkdir(SHOTS, { recursive: true }); });
after(async () => { await env.stop(); });



test("the free tier's widget draws each kind of user's share of the bill, with the core's sentence and table", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const table = await core(page, "scenarios");
  const free = table.scenarios.find((s) => s.name === "freeTier");
  const v = await shown(page);
  const want = await core(page, "cohortView", "freeTier", {}, 0);
  assert.equal(v.canvas, "cohort-chart");
  assert.ok(v.inked > 1000, `the chart is drawn (${v.inked} pixels inked)`);
  assert.deepEqual(v.views, table.views.filter((x) => x.widget === "freeTier").map((x) => x.value), "only the free tier's views");
  assert.deepEqual(v.policies, free.policies.map((p) => p.value), "the free tier's policy buttons");
  assert.equal(v.policy, table.settings.find((s) => s.key === "freeTierPolicy").default);
  assert.equal(v.summary, want.bars.find((b) => b.policy === v.policy).sentence);
  assert.equal(v.label, `${want.title}. ${want.bars.map((b) => b.sentence).join(" ")}`);
  assert.equal(v.caption, want.table.caption);
  assert.deepEqual(v.columns, want.table.columns);
  assert.deepEqual(v.rows, want.table.rows);
  assert.equal(v.another, table.widgets.find((w) => w.scenario === "freeTier").another);
  const named = await page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".bw").getAttribute("aria-label"));
  assert.equal(named, table.widgets.find((w) => w.scenario === "freeTier").name, "a screen reader hears the free tier's name");
  await page.locator("bill-widget").getByRole("button", { name: "More settings" }).click();
  assert.deepEqual((await shown(page)).fields, free.settings, "the form shows the free tier's settings");
  assert.deepEqual(log.errors, []);
});

test("a policy button, another run, a setting and the over-time view each show the core's numbers and round trip through the address", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Bucket and budget", exact: true }).click();
  await w.getByRole("button", { name: "Another run" }).click();
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Sockpuppet accounts").fill("12");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("sockpuppets") === "12");
  const v = await shown(page);
  const want = await core(page, "cohortView", "freeTier", { sockpuppets: 12 }, 1);
  assert.equal(v.run, "Run 1");
  assert.equal(v.summary, want.bars.find((b) => b.policy === "bucketBudget").sentence);
  const params = new URLSearchParams(new URL(page.url()).search);
  assert.equal(params.get("scenario"), "freeTier");
  assert.equal(params.get("freeTierPolicy"), "bucketBudget");
  assert.equal(params.get("perMinute"), null, "no setting of lesson 000's widget in the free tier's address");
  // The address, opened again, gives the same view.
  const again = await open(env, `${PAGE}${new URL(page.url()).search}`);
  await ready(again.page);
  const back = await shown(again.page);
  assert.deepEqual({ ...back, inked: 0 }, { ...v, inked: 0, fields: back.fields });
  await again.context.close();
  await w.getByRole("button", { name: "Over time", exact: true }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "freeOverTime");
  const over = await shown(page);
  const time = await core(page, "overTimeView", "freeTier", { sockpuppets: 12 }, 1);
  assert.equal(over.canvas, "overtime-chart");
  assert.ok(over.inked > 1000, `the over-time chart is drawn (${over.inked})`);
  assert.equal(over.summary, time.sentences.join(" "));
  assert.match(time.sentences[0], /^The script starts at \d\d:\d\d\.$/, "when the script starts, before the lines");
  assert.ok(time.lines.some((l) => l.trip), "the breaker's trip is marked");
  assert.deepEqual(over.policies, [], "no policy buttons over time");
  assert.deepEqual(log.errors, []);
});


test("the core's panels show beside the chart: what sim.py prints for the run, and a note for a bucket that never refills", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  assert.deepEqual((await shown(page)).panels, panelsAsShown(await core(page, "scenarioPanels", "freeTier", {}, 0, "allThree")));
  assert.deepEqual(((await shown(page)).panels).map((p) => p.name), ["lessonRun", "simOutput"], "the lesson's settings need no note; its run is beside this one");
  await w.getByRole("button", { name: "Another run" }).click();
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Bucket refill").fill("0");
  await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelectorAll(".panels section").length === 2);
  const want = await core(page, "scenarioPanels", "freeTier", { refillPerMinute: 0 }, 1, "allThree");
  assert.deepEqual((await shown(page)).panels, panelsAsShown(want));
  assert.match(want[0].sentences[0], /never refills/, want[0].sentences[0]);
  assert.deepEqual(log.errors, []);
});

test("lesson 000's standalone page writes no scenario in its address, and scenario=freeTier there shows the free tier", async () => {
  const { page, log } = await load(env, "?seed=2");
  await ready(page);
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "day");
  const params = new URLSearchParams(new URL(page.url()).search);
  assert.deepEqual([...params.keys()], ["view", "seed", "policy", "perMinute", "budgetDollars", "refill", "calls", "estimatePercent"]);
  const free = await open(env, "?scenario=freeTier&seed=4&freeTierPolicy=noLimit");
  await ready(free.page);
  const v = await shown(free.page);
  const want = await core(free.page, "cohortView", "freeTier", {}, 4);
  assert.equal(v.summary, want.bars[0].sentence);
  assert.deepEqual([...log.errors, ...free.log.errors], []);
  await free.context.close();
});

test("the keyboard reaches every button of the free tier's widget, and Enter presses a policy", async () => {
  const { page } = await load(env, PAGE);
  await ready(page);
  const reached = new Set();
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return a?.textContent?.trim();
    });
    if (name) reached.add(name);
    if (name === "All three, degrade after the trip") {
      await page.keyboard.press("Enter");
      assert.equal((await shown(page)).policy, "allThreeDegrade");
    }
  }
  for (const name of ["By kind of user", "Over time", "No limit", "All three layers", "Another run", "More settings", "Show numbers"]) {
    assert.ok(reached.has(name), `${name} is reached by Tab: ${[...reached].join(", ")}`);
  }
});

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no serious or critical violation in the free tier's widget in ${colorScheme} mode, every panel open`, async () => {
    const { page } = await load(env, PAGE, { colorScheme });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    await w.getByRole("button", { name: "Show numbers" }).click();
    await w.getByLabel("Token budget per user per day").fill("0");
    const { bad } = await axeScan(page);
    assert.deepEqual(bad, []);
  });
}

for (const width of [390, 1000]) {
  test(`a screenshot of the free tier's page at ${width} px is saved for a person to look at`, async () => {
    const { page } = await load(env, PAGE, { viewport: { width, height: 900 } });
    await ready(page);
    await page.screenshot({ path: new URL(`free-tier-${width}.png`, SHOTS).pathname, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    assert.equal(overflow, false, `nothing sticks out sideways at ${width} px`);
  });
}
