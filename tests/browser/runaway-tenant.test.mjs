// Lesson 002's widget, <bill-widget scenario="runawayTenant">, on its example page and in
// the standalone page's address: each tier's share of the bill, the month over time with
// the tenants' budget line, the core's pitfall and calls-by-model panels, the outage
// settings, bad settings named in the form, the address round trip, the keyboard and axe.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { start, open, load, ready, core, axeScan, shown, panelsAsShown } from "./harness.mjs";

const SHOTS = new URL("./screenshots/", import.meta.url);
const PAGE = "examples/runaway-tenant.html";
const NAME = "runawayTenant";
let env;
before(async () => { env = await start(); await mkdir(SHOTS, { recursive: true }); });
after(async () => { await env.stop(); });



test("the runaway tenant's widget draws each tier's share of the bill, with the core's sentence, table and panels", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const table = await core(page, "scenarios");
  const tenant = table.scenarios.find((s) => s.name === NAME);
  const widget = table.widgets.find((w) => w.scenario === NAME);
  const v = await shown(page);
  const want = await core(page, "cohortView", NAME, {}, 0);
  assert.equal(v.canvas, "cohort-chart");
  assert.ok(v.inked > 1000, `the chart is drawn (${v.inked} pixels inked)`);
  assert.deepEqual(v.views, table.views.filter((x) => x.widget === NAME).map((x) => x.value), "only the runaway tenant's views");
  assert.deepEqual(v.policies, tenant.policies.map((p) => p.value), "its five policies");
  assert.equal(v.policy, table.settings.find((s) => s.key === widget.policy).default);
  assert.equal(v.summary, want.bars.find((b) => b.policy === v.policy).sentence);
  assert.equal(v.label, `${want.title}. ${want.bars.map((b) => b.sentence).join(" ")}`);
  assert.deepEqual([v.caption, v.columns, v.rows], [want.table.caption, want.table.columns, want.table.rows]);
  assert.equal(v.run, `${widget.numbered} 0`);
  assert.equal(v.another, widget.another);
  const panels = await core(page, "scenarioPanels", NAME, {}, 0, v.policy);
  assert.deepEqual(v.panels, panelsAsShown(panels));
  assert.deepEqual(v.panels.map((p) => p.name), ["pitfalls", "callsByModel"]);
  assert.match(v.panels[0].text, /^No cap: from Day \d+ 09:00 to 14:00 umbrella \(the runaway tenant: a paying tenant who points the agent at its whole document store and leaves it running\) spent \$[\d.,]+, more than the product's monthly budget of \$1,000\.00\. Metering the request, not the run: /);
  assert.deepEqual(v.panels[1].rows.slice(1).map((r) => r[0]), ["claude-opus-4-8", "claude-sonnet-4-6", "claude-haiku-4-5"]);
  const named = await page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".bw").getAttribute("aria-label"));
  assert.equal(named, widget.name, "a screen reader hears the runaway tenant's name");
  await page.locator("bill-widget").getByRole("button", { name: "More settings" }).click();
  assert.deepEqual((await shown(page)).fields, tenant.settings, "the form shows every setting of the month, the outage and fail modes too");
  assert.deepEqual(log.errors, []);
});

test("a policy, another month, a setting and the over-the-month view each show the core's numbers and round trip through the address", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Daily cap, hard block", exact: true }).click();
  await w.getByRole("button", { name: "Another month" }).click();
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Paying tier's daily budget per tenant").fill("35");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("payingDailyDollars") === "35");
  const v = await shown(page);
  const settings = { payingDailyDollars: "35" };
  const want = await core(page, "cohortView", NAME, settings, 1);
  assert.equal(v.run, "Month 1");
  assert.equal(v.summary, want.bars.find((b) => b.policy === "dailyCap").sentence);
  assert.match(v.summary, /\(paying \$35\.00 a day\)/);
  assert.deepEqual(v.panels, panelsAsShown(await core(page, "scenarioPanels", NAME, settings, 1, "dailyCap")));
  assert.match(v.panels[1].title + v.panels[1].text, /"Daily cap, hard block": every call served is made on claude-opus-4-8/);
  const params = new URLSearchParams(new URL(page.url()).search);
  assert.equal(params.get("scenario"), NAME);
  assert.equal(params.get("tenantPolicy"), "dailyCap");
  assert.equal(params.get("perMinute"), null, "no setting of lesson 000's widget in its address");
  // The address, opened again, gives the same view.
  const again = await open(env, `${PAGE}${new URL(page.url()).search}`);
  await ready(again.page);
  const back = await shown(again.page);
  assert.deepEqual({ ...back, inked: 0 }, { ...v, inked: 0, fields: back.fields });
  await again.context.close();
  await w.getByRole("button", { name: "Over the month", exact: true }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "tenantOverTime");
  const over = await shown(page);
  const time = await core(page, "overTimeView", NAME, settings, 1);
  assert.equal(over.canvas, "overtime-chart");
  assert.ok(over.inked > 1000, `the over-time chart is drawn (${over.inked})`);
  assert.equal(over.summary, time.sentences.join(" "));
  assert.deepEqual(time.moments.map((m) => [m.label, m.sentence]), [["ledger down", "The ledger is down from Day 13 12:00 to Day 13 18:00."]]);
  assert.deepEqual(time.limits.map((l) => l.label), ["8 tenants' budgets, $243.00 a day", "8 tenants' budgets, $243.00 a day, at most $2,330.00 a month", "product's monthly budget"]);
  assert.equal(time.limits[2].chartLabel, "product's monthly budget $1,000.00", "the product's monthly line, drawn on the month");
  assert.match(time.lines[0].sentence, /past the \$1,000\.00 line \(product's monthly budget\) by Day \d+ \d\d:\d\d/);
  assert.match(time.lines[3].sentence, /within the budget line \(8 tenants' budgets, \$243\.00 a day\)/);
  assert.deepEqual(over.policies, [], "no policy buttons over time");
  assert.deepEqual(over.panels, v.panels, "the panels stay with the framed policy");
  assert.deepEqual(log.errors, []);
});

/** Rows of `canvas` (in a shadow root) where colour `hex` is painted in the column `at` (a
 * fraction of the width), from the top. */
const rowsOf = (page, canvas, hex, at) => page.locator("bill-widget").evaluate((el, [sel, hex, at]) => {
  const c = el.shadowRoot.querySelector(sel);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const x = Math.round(c.width * at);
  const data = c.getContext("2d").getImageData(x - 2, 0, 5, c.height).data;
  const rows = [];
  for (let y = 0; y < c.height; y++) {
    for (let dx = 0; dx < 5; dx++) {
      const i = (y * 5 + dx) * 4;
      if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30) { rows.push(y); break; }
    }
  }
  return { rows, height: c.height };
}, [canvas, hex, at]);

test("the runaway day zooms into 09:00 to 14:00 of that day: no cap passes the month's budget, the caps hold apart from it", async () => {
  const { page, log } = await load(env, `${PAGE}?scenario=${NAME}&view=tenantRunawayDay&theme=light`);
  await ready(page);
  const v = await shown(page);
  const view = await core(page, "runawayDayView", {}, 0);
  assert.equal(v.canvas, "runaway-day-chart");
  assert.equal(v.view, "tenantRunawayDay");
  assert.ok(v.inked > 1000, `the zoom is drawn (${v.inked} pixels inked)`);
  assert.equal(v.summary, view.lines.map((l) => l.sentence).join(" "), "the core's sentences");
  assert.equal(v.label, view.title, "the chart is named by its title; its sentences are the lines under it, not said twice");
  assert.match(view.title, /^The runaway day: umbrella's spend on Day \d+ from 09:00 to 14:00 under each policy, on a scale of tens/);
  const ticks = view.timeTicks.map((t) => t.label);
  assert.deepEqual([ticks[0], ticks.at(-1)], ["09:00", "14:00"], `the day's hours: ${ticks}`);
  assert.ok(view.logMoney, "money on a scale of tens");
  assert.match(view.lines[0].sentence, /past the \$1,000\.00 line \(product's monthly budget\) by 1[0-3]:\d\d/, "no cap: the month gone before 2 pm");
  for (const line of view.lines.slice(2)) {
    assert.match(line.sentence, /within the \$20\.00 line \(umbrella's daily budget\)/, line.sentence);
    assert.match(line.trip.label, /^umbrella first refused at 09:\d\d$/, line.trip.label);
  }
  assert.deepEqual([v.caption, v.columns, v.rows], [view.table.caption, view.table.columns, view.table.rows]);
  // Pixels, at four fifths of the width: no cap (the first policy's colour, #0072B2 on a
  // light page) far above the capped lines (the hard block's #332288, the ladders' #737300
  // and #008080, one over the other where they coincide), which are themselves well off the
  // bottom: the caps are not pressed flat by no cap's $1,865.
  const noCap = await rowsOf(page, ".runaway-day-chart", "#0072B2", 0.8);
  const caps = await Promise.all(["#332288", "#737300", "#008080"].map((c) => rowsOf(page, ".runaway-day-chart", c, 0.8)));
  const capRows = caps.flatMap((c) => c.rows);
  assert.ok(noCap.rows.length > 0 && capRows.length > 0, `both painted: ${noCap.rows} / ${capRows}`);
  const [high, capped, h] = [Math.min(...noCap.rows), Math.min(...capRows), noCap.height];
  assert.ok(capped - high > h / 6, `no cap at row ${high}, the capped lines at ${capped} of ${h}: apart`);
  assert.ok(h - capped > h / 5, `the capped lines at row ${capped} of ${h}: not at the bottom`);
  assert.deepEqual(log.errors, []);
});

/** Bands of rows of `canvas` where colour `hex` is painted, top to bottom: each band's widest run of it. */
const bandsOf = (page, canvas, hex) => page.locator("bill-widget").evaluate((el, [sel, hex]) => {
  const c = el.shadowRoot.querySelector(sel);
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const data = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  const bands = [];
  let open = false;
  for (let y = 0; y < c.height; y++) {
    let n = 0;
    for (let x = 0; x < c.width; x++) {
      const i = (y * c.width + x) * 4;
      if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 12) n++;
    }
    if (n > 0 && !open) bands.push(0);
    if (n > 0) bands[bands.length - 1] = Math.max(bands[bands.length - 1], n);
    open = n > 0;
  }
  return bands;
}, [canvas, hex]);

test("the ladder against the hard block: the ladder serves on cheaper models the other tenants' calls the hard block refuses", async () => {
  const { page, log } = await load(env, `${PAGE}?scenario=${NAME}&view=tenantLadder&theme=light`);
  await ready(page);
  const v = await shown(page);
  const view = await core(page, "ladderView", {}, 0);
  assert.equal(v.canvas, "ladder-chart");
  assert.equal(v.view, "tenantLadder");
  assert.ok(v.inked > 1000, `drawn (${v.inked} pixels inked)`);
  assert.equal(v.summary, view.sentences.join(" "), "the core's sentence");
  assert.deepEqual([v.caption, v.columns, v.rows], [view.table.caption, view.table.columns, view.table.rows]);
  // The runaway tenant's two bars, then the other tenants' two, each pair to its own scale.
  assert.deepEqual(view.groups.map((g) => [g.heading.replace(/\d[\d,]*/, "N"), g.rows.map((r) => r.heading)]), [
    ["Calls of umbrella, stopped by its daily cap (the full width: N calls)", ["Daily cap, hard block", "Daily cap, degrade ladder"]],
    ["Calls of the other tenants, stopped by their daily caps (the full width: N calls)", ["Daily cap, hard block", "Daily cap, degrade ladder"]],
  ]);
  const [block, ladder] = view.groups[1].rows.map((r) => r.calls);
  assert.ok(ladder[0] + ladder[1] > 0n && block[0] + block[1] === 0n, `the ladder serves, the block refuses: ${ladder} / ${block}`);
  // Pixels: the refused colour (#B00020 on a light page) in the key and each of the four
  // bars; the others' refused part is shorter under the ladder than under the hard block,
  // and the ladder's bar has the cheaper models' grey (#767676) the hard block's has not.
  const refused = await bandsOf(page, ".ladder-chart", "#B00020");
  assert.equal(refused.length, 5, `the key and four bars: ${refused}`);
  assert.ok(refused[3] > refused[4] * 2, `the hard block refuses more of the others' calls than the ladder: ${refused}`);
  const served = await bandsOf(page, ".ladder-chart", "#767676");
  assert.ok(served.length >= 2, `the key's and the ladder's served parts: ${served}`);
  assert.deepEqual(log.errors, []);
});

test("the outage and each tier's fail mode change the pitfall sentences, as the core says them", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  const pitfalls = async () => (await shown(page)).panels.find((p) => p.name === "pitfalls").text;
  const before = await pitfalls();
  assert.match(before, /the free tier failed closed \(\d+ calls? refused\)/);
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Free tier while the ledger is down").selectOption("open");
  await w.getByLabel("Internal tier while the ledger is down").selectOption("closed");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("freeFail") === "open");
  const flipped = await pitfalls();
  assert.match(flipped, /the internal tier failed closed \(\d+ calls? refused\)/);
  assert.match(flipped, /the free tier failed open \(\d+ calls? served unmetered, \$[\d.]+\)/);
  const want = await core(page, "scenarioPanels", NAME, { freeFail: "open", internalFail: "closed" }, 0, "degradeLadder");
  assert.equal(flipped, want[0].sentences.join(" "));
  await w.getByLabel("Ledger outage ends at this hour").fill("300");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("outageEndHour") === "300");
  assert.match(await pitfalls(), /the ledger never goes down this month/);
  assert.deepEqual(log.errors, []);
});

test("bad settings are named in the form with what is allowed, and the last good chart stays", async () => {
  const { page } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const good = await shown(page);
  const cases = [
    ["Reply cap (max_tokens)", "0", "maxTokens", "Reply cap (max_tokens) each call reserves as output: must be a whole number of tokens from 1 to 32,000; got \"0\""],
    ["Paying tier's daily budget per tenant", "-5", "payingDailyDollars", "Paying tier's daily budget per tenant, in dollars: must be an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; got \"-5\""],
    ["Paying tier's daily budget per tenant", "20.0000001", "payingDailyDollars", "Paying tier's daily budget per tenant, in dollars: must be an amount in dollars from 0.01 to 1,000,000, with at most 6 decimals; got \"20.0000001\""],
    ["Ledger outage ends at this hour", "299", "outageEndHour", "Ledger outage ends at this hour of the month: must be an hour at or after the outage's start (an outage cannot end before it starts); got 299, before the start at hour 300"],
    ["Free tier's monthly budget per tenant", "0.50", "freeMonthlyDollars", "Free tier's monthly budget per tenant, in dollars: must be an amount in dollars at least the free tier's daily budget (a month holds a day); got $0.50 with a daily budget of $1.00"],
  ];
  for (const [label, text, field, message] of cases) {
    const input = w.getByLabel(label);
    const was = await input.inputValue();
    await input.fill(text);
    await page.waitForFunction((f) => document.querySelector("bill-widget").shadowRoot.querySelector(`[name=${f}]`).getAttribute("aria-invalid") === "true", field);
    const v = await shown(page);
    assert.ok(v.error.startsWith(message), `${field} ${text}: ${v.error}`);
    assert.deepEqual(v.invalid, [field], `${field} is the one field marked`);
    assert.equal(v.summary, good.summary, "the last good sentence stays");
    await input.fill(was);
    await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelector(".error").textContent === "");
  }
});

test("with every budget at its most the month over time draws its budget line, past 2^53 nano-dollars", async () => {
  const most = ["productMonthly", "internalDaily", "internalMonthly", "payingDaily", "payingMonthly", "freeDaily", "freeMonthly"]
    .map((k) => `${k}Dollars=1000000`).join("&");
  const { page, log } = await load(env, `${PAGE}?scenario=${NAME}&view=tenantOverTime&${most}`);
  await ready(page);
  const v = await shown(page);
  assert.equal(v.canvas, "overtime-chart");
  assert.ok(v.inked > 1000, `the over-time chart is drawn (${v.inked})`);
  assert.equal(v.error, "");
  const settings = Object.fromEntries(most.split("&").map((p) => p.split("=")));
  const view = await core(page, "overTimeView", NAME, settings, 0);
  const highest = view.limits.flatMap((l) => l.points.map(([, money]) => money)).reduce((a, b) => (a > b ? a : b), 0n);
  assert.ok(highest > 2n ** 53n, `the budget line reaches ${highest} nano-dollars, exactly`);
  assert.equal(v.summary, view.sentences.join(" "));
  assert.deepEqual(log.errors, []);
});

test("the keyboard reaches every button of the runaway tenant's widget, and Enter presses a policy", async () => {
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
    if (name === "Daily and monthly caps, degrade ladder") {
      await page.keyboard.press("Enter");
      assert.equal((await shown(page)).policy, "dailyAndMonthly");
    }
  }
  for (const name of ["By tenant", "Over the month", "No cap", "Meter the request only", "Daily and monthly caps, degrade ladder", "Another month", "More settings", "Show numbers"]) {
    assert.ok(reached.has(name), `${name} is reached by Tab: ${[...reached].join(", ")}`);
  }
});

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no serious or critical violation in the runaway tenant's widget in ${colorScheme} mode, every panel open`, async () => {
    const { page } = await load(env, PAGE, { colorScheme });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    await w.getByRole("button", { name: "Show numbers" }).click();
    await w.getByLabel("Reply cap (max_tokens)").fill("0");
    const { bad } = await axeScan(page);
    assert.deepEqual(bad, []);
  });
}

for (const width of [390, 1000]) {
  test(`a screenshot of the runaway tenant's page at ${width} px is saved for a person to look at`, async () => {
    const { page } = await load(env, PAGE, { viewport: { width, height: 900 } });
    await ready(page);
    await page.screenshot({ path: new URL(`runaway-tenant-${width}.png`, SHOTS).pathname, fullPage: true });
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "Over the month", exact: true }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "tenantOverTime");
    await page.screenshot({ path: new URL(`runaway-tenant-over-${width}.png`, SHOTS).pathname, fullPage: true });
    await w.getByRole("button", { name: "By 2 pm", exact: true }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "tenantRunawayDay");
    await page.screenshot({ path: new URL(`runaway-tenant-day-${width}.png`, SHOTS).pathname, fullPage: true });
    await w.getByRole("button", { name: "Ladder vs block", exact: true }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "tenantLadder");
    await page.screenshot({ path: new URL(`runaway-tenant-ladder-${width}.png`, SHOTS).pathname, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    assert.equal(overflow, false, `nothing sticks out sideways at ${width} px`);
  });
}

test("keys typed while the month runs are applied together once they stop: fewer runs than keys, the last value drawn", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 800 } });
  await ready(page);
  const w = page.locator("bill-widget");
  await w.locator("[data-action=settings]").click();
  const field = w.locator('[name="productMonthlyDollars"]');
  await field.focus();
  await field.press("Control+a");
  const cdp = await page.context().newCDPSession(page);
  // A phone's CPU: each run of the month takes longer than the keys take to come.
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.evaluate(() => {
    window.renders = [];
    document.addEventListener("bill-widget-change", (e) => window.renders.push(e.detail.settings.productMonthlyDollars));
  });
  // Six keys sent at once, as a fast typist's reach the page while it is busy.
  const keys = [];
  for (const ch of "123456") {
    keys.push(cdp.send("Input.dispatchKeyEvent", { type: "keyDown", text: ch, key: ch }));
    keys.push(cdp.send("Input.dispatchKeyEvent", { type: "keyUp", key: ch }));
  }
  await Promise.all(keys);
  await page.waitForFunction(() => window.renders.at(-1) === "123456" || window.renders.at(-1) === 123456, null, { timeout: 20_000 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const renders = await page.evaluate(() => window.renders.map(String));
  assert.equal(await field.inputValue(), "123456");
  assert.ok(renders.length <= 3, `six keys, ${renders.length} runs: ${renders.join(", ")}`);
  assert.deepEqual(log.errors, []);
});
