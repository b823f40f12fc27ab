// Lesson 001's widget, <bill-widget scenario="hackathon">, on its example page and in the
// standalone page's address: the core's chart, sentences, table and panels (the weaknesses,
// the blocked-call log, the usage page), each weakness switch, bad settings, the address
// round trip, the keyboard and axe. Lesson 000's widget is the other tests'.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { start, open, load, ready, core, axeScan, shown, panelsAsShown } from "./harness.mjs";

const SHOTS = new URL("./screenshots/", import.meta.url);
const PAGE = "examples/hackathon.html";
let env;
before(async () => { env = await start(); await mkdir(SHOTS, { recursive: true }); });
after(async () => { await env.stop(); });




const panel = (v, name) => v.panels.find((p) => p.name === name);

test("the demo link's widget draws each kind of user's share of the bill, with the core's sentence, table and panels", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const table = await core(page, "scenarios");
  const demo = table.scenarios.find((s) => s.name === "hackathon");
  const widget = table.widgets.find((w) => w.scenario === "hackathon");
  const v = await shown(page);
  const want = await core(page, "cohortView", "hackathon", {}, 0);
  assert.equal(v.canvas, "cohort-chart");
  assert.ok(v.inked > 1000, `the chart is drawn (${v.inked} pixels inked)`);
  assert.deepEqual(v.views, table.views.filter((x) => x.widget === "hackathon").map((x) => x.value), "only the demo link's views");
  assert.deepEqual(v.policies, demo.policies.map((p) => p.value), "the demo link's policy buttons");
  const framed = table.settings.find((s) => s.key === widget.policy).default;
  assert.equal(v.policy, framed);
  assert.equal(v.summary, want.bars.find((b) => b.policy === framed).sentence);
  assert.equal(v.label, `${want.title}. ${want.bars.map((b) => b.sentence).join(" ")}`);
  assert.equal(v.caption, want.table.caption);
  assert.deepEqual(v.rows, want.table.rows);
  assert.equal(v.another, widget.another);
  assert.equal(v.run, `${widget.numbered} 0`);
  assert.deepEqual(v.panels, panelsAsShown(await core(page, "scenarioPanels", "hackathon", {}, 0, framed)), "the weaknesses, the blocked-call log and the usage page");
  assert.deepEqual(v.panels.map((p) => p.name), ["weaknesses", "blockedLog", "usage"]);
  assert.match(panel(v, "usage").text, /\$1 and \$5 per million input and output tokens/, "the prices are the tutorial's example numbers");
  assert.equal(panel(v, "blockedLog").lines.split("\n").length, 8, "the log's last 8 lines");
  const named = await page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".bw").getAttribute("aria-label"));
  assert.equal(named, widget.name, "a screen reader hears the demo link's name");
  await page.locator("bill-widget").getByRole("button", { name: "More settings" }).click();
  assert.deepEqual((await shown(page)).fields, demo.settings, "the form shows the demo link's settings");
  assert.deepEqual(log.errors, []);
});

// Each switch, as its form field sets it, with the words its sentence starts with.
const SWITCHES = [
  ["spoofedUsers", "on", "Spoofed users:"],
  ["sharedAddress", "on", "Shared address:"],
  ["restartMinute", "720", "Restart:"],
  ["serverProcesses", "2", "Processes:"],
  ["scriptAtOnce", "5", "Calls at once:"],
];

test("each weakness switch, set in the form, gives its own sentence of the core's with this run's numbers", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  const none = panel(await shown(page), "weaknesses").text;
  await w.getByRole("button", { name: "More settings" }).click();
  const field = (key) => w.locator(`form [name=${key}]`);
  const set = async (key, value) => {
    const f = field(key);
    if (await f.evaluate((e) => e.tagName === "SELECT")) await f.selectOption(value); else await f.fill(value);
  };
  const off = { spoofedUsers: "off", sharedAddress: "off", restartMinute: "0", serverProcesses: "1", scriptAtOnce: "1" };
  for (const [key, on, starts] of SWITCHES) {
    await set(key, on);
    await page.waitForFunction(([k, v]) => new URLSearchParams(location.search).get(k) === v, [key, on]);
    const v = await shown(page);
    const want = panelsAsShown(await core(page, "scenarioPanels", "hackathon", { [key]: on }, 0, "rateLimitAndCap"));
    assert.deepEqual(v.panels, want, `${key}=${on}: the core's panels`);
    const said = panel(v, "weaknesses").text;
    assert.notEqual(said, none, `${key}=${on} changes the sentence`);
    assert.ok(said.includes(starts), `${key}=${on}: ${said}`);
    assert.match(said, /\d/, `${key}=${on}: the sentence has this run's numbers: ${said}`);
    await set(key, off[key]);
  }
  await page.waitForFunction(() => new URLSearchParams(location.search).get("scriptAtOnce") === "1");
  assert.equal(panel(await shown(page), "weaknesses").text, none, "all off again: the sentence that the switches are there");
  assert.deepEqual(log.errors, []);
});

test("a bad limit, window, cap, restart or number of processes in the form names the field and what is allowed, and keeps the last good view", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  const before = await shown(page);
  await w.getByRole("button", { name: "More settings" }).click();
  const cases = [
    ["rateLimit", "0", "a whole number of requests from 1 to 1,000"],
    ["rateWindowSeconds", "0", "a whole number of seconds from 1 to 86,400"],
    ["capDollars", "0", "an amount in dollars from 0.000001 to 100"],
    ["capDollars", "100.5", "an amount in dollars from 0.000001 to 100"],
    ["restartMinute", "1440", "a whole number of minutes after 00:00 UTC from 1 to 1,439"],
    ["serverProcesses", "5", "a whole number of server processes from 1 to 4"],
  ];
  for (const [key, bad, allowed] of cases) {
    const good = await w.locator(`form [name=${key}]`).inputValue();
    await w.locator(`form [name=${key}]`).fill(bad);
    const v = await shown(page);
    const [message, label] = await page.evaluate(async ([k, t]) => {
      const core = await import("/widget/pkg-hackathon/billsim_wasm.js");
      const label = core.scenarios().settings.find((s) => s.key === k).label;
      try { core.readSetting(k, t); return ["", label]; } catch (e) { return [e.message, label]; }
    }, [key, bad]);
    assert.ok(message.startsWith(`${key}: must be ${allowed}`), message);
    // The reader sees the field's label (without its range in brackets), not its key.
    const said = `${label.replace(/ \([^)]*\)$/, "")}${message.slice(key.length)}.`;
    assert.equal(v.error, said, `${key}=${bad}: the core's message under the form, named by the field's label`);
    assert.deepEqual(v.invalid, [key], `${key}=${bad}: the field is marked`);
    assert.equal(v.summary, before.summary, `${key}=${bad}: the last good view stays`);
    await w.locator(`form [name=${key}]`).fill(good);
    assert.equal((await shown(page)).error, "");
  }
  assert.deepEqual(log.errors, []);
});

test("a policy button, another day, a setting and the over-time view each show the core's numbers and round trip through the address", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Daily cost cap", exact: true }).click();
  await w.getByRole("button", { name: "Another day" }).click();
  await w.getByRole("button", { name: "More settings" }).click();
  await w.locator("form [name=capDollars]").fill("0.5");
  await page.waitForFunction(() => new URLSearchParams(location.search).get("capDollars") === "0.5");
  const v = await shown(page);
  const want = await core(page, "cohortView", "hackathon", { capDollars: "0.5" }, 1);
  assert.equal(v.run, "Day 1");
  assert.equal(v.summary, want.bars.find((b) => b.policy === "dailyCap").sentence);
  assert.deepEqual(v.panels, panelsAsShown(await core(page, "scenarioPanels", "hackathon", { capDollars: "0.5" }, 1, "dailyCap")), "the panels follow the framed policy");
  const params = new URLSearchParams(new URL(page.url()).search);
  assert.equal(params.get("scenario"), "hackathon");
  assert.equal(params.get("hackathonPolicy"), "dailyCap");
  assert.equal(params.get("perMinute"), null, "no setting of lesson 000's widget in the demo link's address");
  assert.equal(params.get("freeTierPolicy"), null, "nor of the free tier's");
  // The address, opened again, gives the same view.
  const again = await open(env, `${PAGE}${new URL(page.url()).search}`);
  await ready(again.page);
  const back = await shown(again.page);
  assert.deepEqual({ ...back, inked: 0 }, { ...v, inked: 0, fields: back.fields });
  await again.context.close();
  await w.getByRole("button", { name: "Over time", exact: true }).click();
  await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "demoOverTime");
  const over = await shown(page);
  const time = await core(page, "overTimeView", "hackathon", { capDollars: "0.5" }, 1);
  assert.equal(over.canvas, "overtime-chart");
  assert.ok(over.inked > 1000, `the over-time chart is drawn (${over.inked})`);
  assert.match(time.window ?? "", /^The chart shows 08:\d\d to 0[89]:\d\d: nothing on its scale moves after /,
    "the demo day's axis stops soon after its one line on the scale stops climbing");
  const moments = time.moments.map((m) => m.sentence);
  assert.equal(over.summary, [time.window, ...moments, ...time.lines.map((l) => l.sentence)].join(" "), "the window's sentence leads the script's start and the lines'");
  assert.deepEqual(time.limits.map((l) => l.label), ["daily cost cap $0.50", "daily cost cap $0.001"],
    "the cap's line, and the tutorial's app's own $0.001 (it had the cap's $0.50 too before)");
  assert.deepEqual(over.panels, v.panels, "the panels stay under the over-time view");
  assert.deepEqual(log.errors, []);
});

test("scenario=hackathon in the standalone page's address shows the demo link with its switches", async () => {
  const { page, log } = await load(env, "?scenario=hackathon&seed=4&hackathonPolicy=rateLimit&shared=on");
  await ready(page);
  const v = await shown(page);
  const want = await core(page, "cohortView", "hackathon", { sharedAddress: "on" }, 4);
  assert.equal(v.summary, want.bars.find((b) => b.policy === "rateLimit").sentence);
  assert.deepEqual(v.panels, panelsAsShown(await core(page, "scenarioPanels", "hackathon", { sharedAddress: "on" }, 4, "rateLimit")));
  assert.ok(panel(v, "weaknesses").text.includes("Shared address:"), panel(v, "weaknesses").text);
  assert.deepEqual(log.errors, []);
});

test("the keyboard reaches every button of the demo link's widget, and its log when it scrolls, and Enter presses a policy", async () => {
  const { page } = await load(env, PAGE);
  await ready(page);
  const reached = new Set();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return a?.tagName === "PRE" ? "the log" : a?.textContent?.trim();
    });
    if (name) reached.add(name);
    if (name === "Limit and a set-aside cap") {
      await page.keyboard.press("Enter");
      assert.equal((await shown(page)).policy, "rateLimitAndSetAsideCap");
    }
  }
  for (const name of ["By kind of user", "Over time", "No limit", "The tutorial's app: limit and cap", "Another day",
    "More settings", "Show numbers"]) {
    assert.ok(reached.has(name), `${name} is reached by Tab: ${[...reached].join(", ")}`);
  }
  // The log is a tab stop while it scrolls sideways (a keyboard scrolls it), not when it fits.
  const scrolls = await page.locator("bill-widget").evaluate((el) => {
    const log = el.shadowRoot.querySelector(".panel pre");
    return log.scrollWidth > log.clientWidth;
  });
  assert.equal(reached.has("the log"), scrolls, `the log ${scrolls ? "scrolls" : "fits"}: reached by Tab ${reached.has("the log")}`);
});

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no serious or critical violation in the demo link's widget in ${colorScheme} mode, every panel open`, async () => {
    const { page } = await load(env, `${PAGE}?shared=on&restart=720`, { colorScheme });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    await w.getByRole("button", { name: "Show numbers" }).click();
    await w.locator("form [name=rateLimit]").fill("0");
    const { bad } = await axeScan(page);
    assert.deepEqual(bad, []);
  });
}

for (const width of [390, 1000]) {
  test(`a screenshot of the demo link's page at ${width} px is saved for a person to look at`, async () => {
    const { page } = await load(env, `${PAGE}?spoofed=on&atOnce=3`, { viewport: { width, height: 900 } });
    await ready(page);
    await page.screenshot({ path: new URL(`hackathon-${width}.png`, SHOTS).pathname, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    assert.equal(overflow, false, `nothing sticks out sideways at ${width} px`);
  });
}

test("at 320 px with four processes' usage pages, every switch on and every panel open nothing is wider than the page", async () => {
  const all = "spoofed=on&shared=on&restart=700&processes=4&atOnce=5";
  const { page, log } = await load(env, `${PAGE}?${all}`, { viewport: { width: 320, height: 800 } });
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByRole("button", { name: "Show numbers" }).click();
  const v = await shown(page);
  assert.equal(panel(v, "usage").rows.length, 5, "a heading row and one page per process");
  for (const [, , starts] of SWITCHES) assert.ok(panel(v, "weaknesses").text.includes(starts), `${starts} with all on`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  assert.equal(overflow, false, "nothing sticks out sideways at 320 px");
  assert.deepEqual(log.errors, []);
});
