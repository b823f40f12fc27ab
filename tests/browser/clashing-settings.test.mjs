// Settings that are each allowed but not together (a day's budget above its month's, an
// outage that starts after it ends, a free tier with no user of any kind), a view of
// another lesson's widget and a setting of another widget: the widget keeps drawing with
// the setting the core sets aside, says which and why in its notice, and its form shows
// the value it draws, whether the attributes were there at load or set after it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, load, ready, core } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** A new widget of `scenario` with `attributes`, added to the example page (whose module has loaded). */
async function added(page, scenario, attributes) {
  await page.evaluate(([name, set]) => {
    const w = document.createElement("bill-widget");
    w.id = "added";
    w.setAttribute("scenario", name);
    for (const [n, v] of Object.entries(set)) w.setAttribute(n, v);
    document.body.append(w);
  }, [scenario, attributes]);
  await ready(page, "#added");
}

const setAttributes = (page, attributes) => page.locator("#added").evaluate((el, set) => {
  for (const [n, v] of Object.entries(set)) {
    if (v === null) el.removeAttribute(n);
    else el.setAttribute(n, v);
  }
}, attributes);

/** What the added widget shows: its chart's ink, sentence, panels, notice, error and form. */
const shown = (page) => page.locator("#added").evaluate((el) => {
  const q = (s) => el.shadowRoot.querySelector(s);
  const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
  const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 0; i < pixels.length; i += 4) inked += pixels[i + 3] > 0 ? 1 : 0;
  return {
    inked,
    view: el.shadowRoot.querySelector("[data-view][aria-pressed=true]")?.dataset.view,
    summary: q(".summary").textContent,
    panels: el.shadowRoot.querySelectorAll(".panels section").length,
    notice: q(".notice").hidden ? "" : q(".notice").textContent,
    error: q(".error").textContent,
    form: Object.fromEntries([...q("form").elements].map((f) => [f.name, f.value])),
  };
});

// Each case: the widget, the attributes given, the settings it then runs (the core's view
// of them is what it must show), the notice, and the form's value of the setting set aside.
const CASES = [
  {
    what: "an outage starting after the default end",
    scenario: "runawayTenant",
    attributes: { "outage-start": "400" },
    runs: {},
    notice: "Ignored the outage-start attribute: must be an hour at or before the outage's end (an outage cannot end before it starts); got 400, after the end at hour 306. Using 300.",
    form: ["outageStartHour", "300"],
  },
  {
    what: "a daily budget above the default monthly one",
    scenario: "runawayTenant",
    attributes: { "internal-daily": "2000" },
    runs: {},
    notice: "Ignored the internal-daily attribute: must be an amount in dollars at most the internal tier's monthly budget (a month holds a day); got $2,000.00 with a monthly budget of $1,500.00. Using $100.00.",
    form: ["internalDailyDollars", "100"],
  },
  {
    what: "a free tier with no user of any kind",
    scenario: "freeTier",
    attributes: { "normal-users": "0", "script-users": "0", sockpuppets: "0" },
    runs: { normalUsers: 0, scriptUsers: 0 },
    notice: "Ignored the sockpuppets attribute: must be at least 1 while there are no normal users and no script accounts (a run needs a user of some kind); got 0. Using 40.",
    form: ["sockpuppets", "40"],
  },
  {
    what: "a view of lesson 000's widget",
    scenario: "freeTier",
    attributes: { view: "day" },
    runs: {},
    notice: "Ignored the view attribute: must be \"byKind\", \"freeTradeOff\", \"freeAccounts\" or \"freeOverTime\" (the views of scenario=\"freeTier\"); got \"day\". Using \"byKind\" (By kind of user).",
    view: "byKind",
  },
];

/** The widget draws the run of `runs`, with its panels, the notice, no error, and the form's kept value. */
async function drawsWithNotice(page, c, when) {
  const v = await shown(page);
  const want = await core(page, "cohortView", c.scenario, c.runs, 0);
  assert.ok(v.inked > 1000, `${c.what}, ${when}: the chart is drawn (${v.inked} pixels inked)`);
  assert.ok(want.bars.some((b) => b.sentence === v.summary), `${c.what}, ${when}: the sentence is the core's for ${JSON.stringify(c.runs)}: ${v.summary}`);
  assert.ok(v.panels > 0, `${c.what}, ${when}: the panels are there`);
  assert.equal(v.notice, c.notice, `${c.what}, ${when}: the notice`);
  assert.equal(v.error, "", `${c.what}, ${when}: no error`);
  if (c.form) assert.equal(v.form[c.form[0]], c.form[1], `${c.what}, ${when}: the form shows the value drawn`);
  if (c.view) assert.equal(v.view, c.view, `${c.what}, ${when}: the view shown`);
}

for (const c of CASES) {
  test(`${c.what}: at load, the widget draws with the setting set aside and says which and why`, async () => {
    const { page, log } = await load(env, "examples/free-tier.html");
    await ready(page);
    await added(page, c.scenario, c.attributes);
    await drawsWithNotice(page, c, "at load");
    assert.deepEqual(log.errors, []);
  });

  test(`${c.what}: set after load, the widget keeps drawing with the setting set aside, its form showing it`, async () => {
    const { page, log } = await load(env, "examples/free-tier.html");
    await ready(page);
    await added(page, c.scenario, {});
    const first = await shown(page);
    await setAttributes(page, c.attributes);
    await page.locator("#added").locator(".notice:not([hidden])").waitFor();
    await drawsWithNotice(page, c, "set after load");
    // One attribute set aside: the run is the one before it (the free tier's other two apply).
    if (!c.view && Object.keys(c.attributes).length === 1) {
      assert.equal((await shown(page)).summary, first.summary, `${c.what}: the run is the one before`);
    }
    assert.deepEqual(log.errors, []);
  });
}

test("a setting set aside at load is taken when another attribute makes room for it, and its notice goes", async () => {
  const { page } = await load(env, "examples/free-tier.html");
  await ready(page);
  await added(page, "runawayTenant", { "internal-daily-dollars": "2000" });
  await setAttributes(page, { "internal-monthly-dollars": "3000" });
  await page.locator("#added").locator(".notice[hidden]").waitFor({ state: "attached" });
  const v = await shown(page);
  assert.deepEqual([v.form.internalDailyDollars, v.form.internalMonthlyDollars, v.notice], ["2000", "3000", ""]);
  // Removed, the month's budget is its default again, below the day's: the day's is set aside.
  await setAttributes(page, { "internal-monthly-dollars": null });
  await page.locator("#added").locator(".notice:not([hidden])").waitFor();
  const back = await shown(page);
  assert.deepEqual([back.form.internalDailyDollars, back.form.internalMonthlyDollars], ["100", "1500"]);
  assert.match(back.notice, /^Ignored the internal-daily-dollars attribute: must be an amount in dollars at most the internal tier's monthly budget/);
  assert.equal(back.error, "");
});

/** The standalone page's widget at the address `query`: the view it shows, and its notice. */
async function standaloneAt(query) {
  const { page, context } = await open(env, query);
  await ready(page);
  const seen = await page.locator("bill-widget").evaluate((el) => ({
    view: el.shadowRoot.querySelector("[data-view][aria-pressed=true]").dataset.view,
    notice: el.shadowRoot.querySelector(".notice").textContent,
  }));
  await context.close();
  return seen;
}

test("a setting of another widget is said to change nothing, and the view of another widget in the address too", async () => {
  const { page } = await load(env, "examples/free-tier.html");
  await ready(page);
  await added(page, "freeTier", { "per-minute": "3" });
  assert.equal((await shown(page)).notice,
    "Ignored the per-minute attribute: it is a setting of another widget (scenario=\"toyDay\"), not of this one (scenario=\"freeTier\").");
  // In words the table does not read too: no value of the toy day's is "used" here.
  assert.deepEqual(await standaloneAt("?scenario=freeTier&policy=nope"), {
    view: "byKind",
    notice: "Ignored policy in the address: it is a setting of another widget (scenario=\"toyDay\"), not of this one (scenario=\"freeTier\").",
  });
  assert.deepEqual(await standaloneAt("?scenario=hackathon&view=byKind"), {
    view: "demoByKind",
    notice: "Ignored view in the address: must be \"demoByKind\", \"demoTradeOff\", \"demoClient\" or \"demoOverTime\" (the views of scenario=\"hackathon\"); got \"byKind\". Using \"demoByKind\" (By kind of user).",
  });
});

test("a notice stays while the reader changes nothing: a theme, a class or a slip set after load leaves it", async () => {
  const { page } = await load(env, "examples/free-tier.html");
  await ready(page);
  const c = CASES.find((c) => c.attributes.view === "day");
  // With a slip at load too: the notices are all said once the settings are read.
  await added(page, c.scenario, { ...c.attributes, "sed": "3" });
  for (const attributes of [{ theme: "dark" }, { class: "lesson" }, { "per-minut": "3" }]) {
    await setAttributes(page, attributes);
    const { notice } = await shown(page);
    assert.ok(notice.startsWith(c.notice), `after ${JSON.stringify(attributes)}: ${notice}`);
  }
});

// The address said an old name beside its setting's; the attributes used one in silence.
test("an old attribute beside its setting's attribute is said, the setting's attribute used", async () => {
  const { page } = await load(env, "examples/free-tier.html");
  await ready(page);
  await added(page, "toyDay", { budget: "0.5", "budget-dollars": "0.3" });
  const seen = await shown(page);
  assert.equal(seen.notice, "Ignored the budget attribute: the same setting as \"budget-dollars\", which is used.");
  assert.equal(seen.form.budgetDollars, "0.3");
});

// A widget switched to another lesson read only its scenario again: the toy day's view and
// policy went unsaid on the free tier's widget, and back on the toy day its view was lost.
test("a widget switched to another lesson reads every attribute again: each fits or is said not to, and back again it holds", async () => {
  const { page } = await load(env, "examples/free-tier.html");
  await ready(page);
  await added(page, "toyDay", { view: "inflight", policy: "dailyBudget" });
  await setAttributes(page, { scenario: "freeTier" });
  await page.waitForFunction(() => document.querySelector("#added").shadowRoot.querySelector("[data-view=byKind][aria-pressed=true]"));
  const other = await shown(page);
  assert.equal(other.notice, [
    "Ignored the view attribute: must be \"byKind\", \"freeTradeOff\", \"freeAccounts\" or \"freeOverTime\" (the views of scenario=\"freeTier\"); got \"inflight\". Using \"byKind\" (By kind of user).",
    "Ignored the policy attribute: it is a setting of another widget (scenario=\"toyDay\"), not of this one (scenario=\"freeTier\").",
  ].join(" "));
  await setAttributes(page, { scenario: "toyDay" });
  await page.waitForFunction(() => document.querySelector("#added").shadowRoot.querySelector("[data-view=inflight][aria-pressed=true]"));
  assert.equal((await shown(page)).notice, "", "its view and policy fit the toy day's widget again");
});

// A view in words no widget has was refused with every lesson's sixteen views, and said
// "Using day." where the free tier's widget drew its own first view.
test("a view no widget has is said with this widget's own views and the view it draws", async () => {
  assert.deepEqual(await standaloneAt("?scenario=freeTier&view=nonsense"), {
    view: "byKind",
    notice: "Ignored view in the address: must be \"byKind\", \"freeTradeOff\", \"freeAccounts\" or \"freeOverTime\" (the views of scenario=\"freeTier\"); got \"nonsense\". Using \"byKind\" (By kind of user).",
  });
  const { page } = await load(env, "examples/toy-day.html");
  await ready(page);
  await added(page, "toyDay", { view: "overtime" });
  assert.equal((await shown(page)).notice,
    "Ignored the view attribute: must be \"day\", \"inflight\" or \"overTime\" (the views of scenario=\"toyDay\"); got \"overtime\". Using \"day\" (One day).");
});
