// The settings at their edges: every invalid field is marked (the page learns which from
// the Error's `field`, not its text), the host's own address parameters survive sync-url,
// and the open settings panel fits a 320 px phone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, open, pageOf, ready, view } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

test("an export's Error names its field in a field property, with the message text unchanged", async () => {
  const { page } = await load(env);
  await ready(page);
  const caught = await page.evaluate(async () => {
    // The module with every export (the widget's own gives only what the widget calls).
    const m = await import("/pkg/billsim_wasm.js");
    await m.default();
    const attempt = (f) => { try { f(); return null; } catch (e) { return { error: e instanceof Error, field: e.field, message: e.message }; } };
    return [
      attempt(() => m.readSettingsText({ perMinute: "0" })),
      attempt(() => m.readOverrunText({ estimatePercent: "5" })),
      attempt(() => m.simulateDay({ seed: -1 })),
      attempt(() => m.overrun({ calls: 0 })),
      attempt(() => m.summarize(undefined, "cheapest")),
      attempt(() => m.simulateDay({ colour: 1 })),
    ];
  });
  const expected = [
    ["perMinute", /^perMinute: must be a whole number from 1 to 60; got "0"$/],
    ["estimatePercent", /^estimatePercent: must be /],
    ["seed", /^seed: must be a whole number from 0 to 4,294,967,295; got -1$/],
    ["calls", /^calls: must be /],
    ["policy", /^policy: must be /],
    ["settings", /^settings: unknown field "colour"/],
  ];
  expected.forEach(([field, message], i) => {
    assert.equal(caught[i]?.error, true, `case ${i}: ${JSON.stringify(caught[i])}`);
    assert.equal(caught[i].field, field, `case ${i}: field of ${caught[i].message}`);
    assert.match(caught[i].message, message);
  });
});

test("with two invalid fields both are marked invalid and both messages are shown", async () => {
  const { page } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const good = await view(page);
  await w.getByLabel("Requests per user per minute").fill("0");
  await w.getByLabel("Budget per user per day").fill("1000");
  const invalid = await w.evaluate((el) =>
    [...el.shadowRoot.querySelectorAll("[aria-invalid=true]")].map((input) => input.name));
  assert.deepEqual(invalid, ["perMinute", "budgetDollars"]);
  // Each field's own problem stands under it, as its description.
  const described = await w.evaluate((el) => [...el.shadowRoot.querySelectorAll("[aria-invalid=true]")].map((input) => {
    const under = el.shadowRoot.getElementById(input.getAttribute("aria-describedby"));
    return [under?.textContent, under?.checkVisibility(), under?.closest("label") === input.closest("label")];
  }));
  assert.deepEqual(described, [
    ['must be a whole number from 1 to 60; got "0"', true, true],
    ["must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got \"1000\"", true, true],
  ], JSON.stringify(described));
  const now = await view(page);
  assert.match(now.error, /Requests per user per minute: must be a whole number from 1 to 60; got "0"/, now.error);
  assert.match(now.error, /Budget per user per day, in dollars: must be an amount in dollars from 0\.01 to 100/, now.error);
  assert.equal(now.summary, good.summary, "the last good view stays");
  await w.getByLabel("Requests per user per minute").fill("3");
  assert.deepEqual(await w.evaluate((el) =>
    [...el.shadowRoot.querySelectorAll("[aria-invalid=true]")].map((input) => input.name)), ["budgetDollars"],
  "fixing one leaves only the other marked");
  await w.getByLabel("Budget per user per day").fill("0.5");
  assert.equal((await view(page)).error, "");
  assert.match((await view(page)).summary, /^3 requests per minute/);
});

test("a bad value typed key by key goes back to the view before the typing, not to one typed on the way", async () => {
  const { page } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const field = w.getByLabel("Requests per user per minute");
  const good = await view(page);
  const address = page.url();
  await field.selectText();
  await field.pressSequentially("500");
  const now = await view(page);
  assert.match(now.error, /Requests per user per minute: must be a whole number from 1 to 60; got "500"/, now.error);
  assert.equal(now.summary, good.summary, `not the view of "50", typed on the way: ${now.summary}`);
  assert.equal(page.url(), address, "the address keeps the setting from before the typing");
  await field.fill("45");
  await field.blur();
  assert.match((await view(page)).summary, /^45 requests per minute/, "a good value typed is kept");
  await field.fill("4500");
  await field.blur();
  assert.match((await view(page)).summary, /^45 requests per minute/, "and is the view a later bad one goes back to");
});

test("sync-url keeps the host page's own address parameters and its fragment", async () => {
  const { page } = await load(env, "?foo=bar&seed=3&q=a%2Bb%20c#part");
  await ready(page);
  assert.equal((await view(page)).day, "Day 3");
  await page.locator("bill-widget").getByRole("button", { name: "Another day" }).click();
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("foo"), "bar", url.search);
  assert.equal(url.searchParams.get("q"), "a+b c", url.search);
  assert.match(url.search, /^\?foo=bar&q=a%2Bb%20c&/, "the host's parameters are kept as written");
  assert.equal(url.searchParams.get("seed"), "4");
  assert.equal(url.hash, "#part");
});

for (const path of ["", "?view=inflight"]) {
  test(`at 320 px with every panel open and an error shown nothing is wider than the page (${path || "day"})`, async () => {
    const { page } = await load(env, path, { viewport: { width: 320, height: 800 } });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    if (!path) await w.getByRole("button", { name: "Show numbers" }).click();
    const fits = () => page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: innerWidth }));
    let size = await fits();
    assert.ok(size.page <= size.window, `the page is ${size.page} px wide in a ${size.window} px window`);
    await w.getByLabel("Budget per user per day").fill("9".repeat(60));
    size = await fits();
    assert.ok(size.page <= size.window, `with an error shown the page is ${size.page} px wide in a ${size.window} px window`);
  });
}

/** A page of the site that imports the element, titled `title`, with `body`. */
const sitePage = (title, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<script type="module" src="/bill-widget.js"></script></head><body>${body}</body></html>`;

test("of two sync-url widgets on a page only the first keeps the address, and the second says why", async () => {
  const html = sitePage("Two sync-url widgets",
    `<bill-widget id="a" sync-url policy="dailyBudget"></bill-widget><bill-widget id="b" sync-url scenario="hackathon"></bill-widget>`);
  const { page, context, log } = await pageOf(env, "two-sync.html?policy=noLimit", html, { width: 1000, height: 3000 });
  try {
    await ready(page, "#a");
    await ready(page, "#b");
    const [a, b] = [await view(page, "#a"), await view(page, "#b")];
    assert.deepEqual(a.pressed, ["noLimit"], "the first reads the address");
    assert.equal(a.notice, "");
    assert.match(b.notice, /^Ignored the sync-url attribute: another widget of this page keeps its settings in the address/, b.notice);
    await page.locator("#b").getByRole("button", { name: "No limit" }).click();
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("policy"), "noLimit", url.search);
    assert.equal(url.searchParams.get("scenario"), null, `the second writes nothing there: ${url.search}`);
    await page.reload();
    await ready(page, "#a");
    assert.equal((await view(page, "#a")).view, "day", "after a reload the first is still lesson 000's day");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("when the widget keeping the address is removed, the next sync-url widget takes it, writes what it shows and says nothing", async () => {
  const html = sitePage("Two sync-url widgets",
    `<bill-widget id="a" sync-url></bill-widget><bill-widget id="b" sync-url scenario="hackathon"></bill-widget>`);
  const { page, context, log } = await pageOf(env, "two-sync-removed.html?policy=noLimit", html, { width: 1000, height: 3000 });
  try {
    await ready(page, "#a");
    await ready(page, "#b");
    assert.match((await view(page, "#b")).notice, /another widget of this page keeps its settings in the address/);
    await page.evaluate(() => document.querySelector("#a").remove());
    await page.waitForURL(/scenario=hackathon/);
    assert.equal(new URL(page.url()).searchParams.get("policy"), null, `the first's settings went with it: ${page.url()}`);
    assert.equal((await view(page, "#b")).notice, "", "its notice went");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("sync-url set after load takes the address, writing what the widget shows; removed, it gives the address up", async () => {
  const html = sitePage("A widget given sync-url later", `<bill-widget id="a" policy="dailyBudget"></bill-widget>`);
  const { page, context, log } = await pageOf(env, "sync-later.html?policy=noLimit", html);
  try {
    await ready(page, "#a");
    const a = page.locator("#a");
    await a.evaluate((el) => el.setAttribute("sync-url", ""));
    await page.waitForURL(/policy=dailyBudget/);
    assert.deepEqual((await view(page, "#a")).pressed, ["dailyBudget"], "the reader's view stays: the address is written, not read");
    await a.evaluate((el) => el.removeAttribute("sync-url"));
    await a.getByRole("button", { name: "No limit" }).click();
    assert.deepEqual((await view(page, "#a")).pressed, ["noLimit"]);
    assert.equal(new URL(page.url()).searchParams.get("policy"), "dailyBudget", `the address is left as it was: ${page.url()}`);
    await a.evaluate((el) => el.setAttribute("sync-url", "false"));
    assert.match((await view(page, "#a")).notice, /^Ignored the sync-url attribute: must be present with no value/);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("the first sync-url widget of the page keeps the address though the browser loads the second first", async () => {
  const html = sitePage("Two sync-url widgets, far apart",
    `<bill-widget id="a" sync-url></bill-widget><div style="height: 5000px"></div><bill-widget id="b" sync-url scenario="freeTier"></bill-widget>`);
  const { page, context, log } = await pageOf(env, "two-sync-far.html?policy=noLimit#b", html);
  try {
    await ready(page, "#b");
    const b = await view(page, "#b");
    assert.match(b.notice, /^Ignored the sync-url attribute: another widget of this page keeps its settings in the address/, b.notice);
    assert.equal(new URL(page.url()).searchParams.get("policy"), "noLimit", `the second left the address alone: ${page.url()}`);
    await page.locator("#a").scrollIntoViewIfNeeded();
    await ready(page, "#a");
    assert.deepEqual((await view(page, "#a")).pressed, ["noLimit"], "the first reads the address");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a router's page kept hidden (Next.js's cached pages) gives the address to the next lesson's widget, and takes it back when shown", async () => {
  const html = sitePage("A site's router",
    `<div id="page-a"><bill-widget id="a" sync-url></bill-widget></div><div id="page-b"></div>`);
  const { page, context, log } = await pageOf(env, "lessons/toy-day", html);
  try {
    await ready(page, "#a");
    await page.locator("#a").getByRole("button", { name: "Daily cost budget" }).click();
    const chosen = new URL(page.url()).searchParams.get("policy");
    // A client-side navigation: the lesson left is hidden, not removed; the next one added.
    await page.evaluate(() => {
      document.querySelector("#page-a").style.display = "none";
      history.pushState(null, "", "/lessons/hackathon");
      document.querySelector("#page-b").innerHTML = `<bill-widget id="b" sync-url scenario="hackathon"></bill-widget>`;
    });
    await ready(page, "#b");
    assert.equal((await view(page, "#b")).notice, "", "the shown widget keeps the address, with no notice");
    await page.waitForURL(/scenario=hackathon/);
    // Back to the first lesson's page, shown again as it was left, at its bare address.
    await page.evaluate(() => {
      document.querySelector("#page-b").style.display = "none";
      history.pushState(null, "", "/lessons/toy-day");
      document.querySelector("#page-a").style.display = "";
    });
    await page.waitForURL(/policy=/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get("policy"), chosen, `the first lesson's widget writes what it shows again: ${url}`);
    assert.equal(url.searchParams.get("scenario"), null, url.search);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("the address's slips of a name and settings given twice are said, and the page's own names are not", async () => {
  const { page, context, log } = await open(env, "examples/toy-day.html?utm_source=news&PerMinute=9&policy=noLimit&policy=dailyBudget");
  try {
    await ready(page);
    const { notice, pressed } = await view(page);
    assert.match(notice, /Ignored PerMinute in the address: not a name of this widget; "perMinute" is\./, notice);
    assert.match(notice, /Ignored policy in the address: given twice; the first is used\./, notice);
    assert.doesNotMatch(notice, /utm_source/, notice);
    assert.deepEqual(pressed, ["noLimit"], "the first policy given is used");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("the address cannot swap the lesson a scenario attribute chose, and says so", async () => {
  const html = sitePage("Lesson 001", `<bill-widget sync-url scenario="hackathon"></bill-widget>`);
  const { page, context, log } = await pageOf(env, "lesson-001.html?scenario=toyDay&seed=2", html);
  try {
    await ready(page);
    const shown = await view(page);
    assert.equal(shown.view, "demoByKind", `still lesson 001's widget: ${JSON.stringify(shown)}`);
    assert.match(shown.notice, /Ignored scenario.*: this widget's lesson is its scenario attribute's/, shown.notice);
    await page.locator("bill-widget").getByRole("button", { name: "Another day" }).click();
    const written = new URL(page.url());
    await page.reload();
    await ready(page);
    const again = await view(page);
    assert.equal(again.view, "demoByKind", `after a reload of ${written.search}`);
    assert.equal(again.notice, "", `the address it wrote reads back without a notice: ${written.search}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a slip of an attribute's name is said with the name meant, and the page's own attributes are not", async () => {
  const html = sitePage("A slip",
    `<bill-widget polcy="noLimit" budget-dolars="0.5" class="lesson-widget" data-v-1a2b3c lang="en"></bill-widget>`);
  const { page, context } = await pageOf(env, "slip.html", html);
  try {
    await ready(page);
    const { notice, pressed } = await view(page);
    assert.equal(notice,
      "Ignored the polcy attribute: not an attribute of this widget; \"policy\" is. "
      + "Ignored the budget-dolars attribute: not an attribute of this widget; \"budget-dollars\" is.");
    assert.deepEqual(pressed, ["requestsPerMinute"], "the default policy, as nothing set it");
  } finally {
    await context.close();
  }
});

test("a slip on another lesson's widget names that widget's own attribute, or says whose the nearest name is", async () => {
  // "polcy" on lesson 001's widget was told '"policy" is': lesson 000's, set aside in turn.
  const html = sitePage("A slip on lesson 001",
    `<bill-widget scenario="hackathon" polcy="noLimit" hackathon-polcy="noLimit"></bill-widget>`);
  const { page, context } = await pageOf(env, "slip-hackathon.html", html);
  try {
    await ready(page);
    const { notice } = await view(page);
    assert.equal(notice,
      "Ignored the polcy attribute: not an attribute of this widget; \"policy\" is one of another widget (scenario=\"toyDay\"). "
      + "Ignored the hackathon-polcy attribute: not an attribute of this widget; \"hackathon-policy\" is.");
  } finally {
    await context.close();
  }
});

test("an attribute set again to its own text after the reader changed the setting brings the widget back to it", async () => {
  const html = sitePage("Back to the lesson's policy",
    `<bill-widget id="light" policy="dailyBudget"></bill-widget><bill-widget id="dark" theme="dark"></bill-widget>`);
  const { page, context } = await pageOf(env, "again.html", html, { width: 1000, height: 2400 });
  try {
    await ready(page, "#light");
    const w = page.locator("#light");
    await w.getByRole("button", { name: "No limit" }).click();
    assert.deepEqual((await view(page, "#light")).pressed, ["noLimit"]);
    const changes = await w.evaluate((el) => new Promise((resolve) => {
      el.addEventListener("bill-widget-change", (e) => resolve(e.detail.policy), { once: true });
      el.setAttribute("policy", "dailyBudget");
    }));
    assert.equal(changes, "dailyBudget", "one change, to the attribute's policy");
    assert.deepEqual((await view(page, "#light")).pressed, ["dailyBudget"]);
    // A dark widget on this white page is a panel, its text off its edges; the light one is not.
    await ready(page, "#dark");
    const padding = (sel) => page.locator(sel).evaluate((el) => [el.hasAttribute("data-panel"), getComputedStyle(el).paddingLeft]);
    assert.deepEqual(await padding("#dark"), [true, "12px"]);
    assert.deepEqual(await padding("#light"), [false, "0px"]);
  } finally {
    await context.close();
  }
});

test("an address's bad setting is noticed until the reader sets it: then the notice, which said what was used instead, goes", async () => {
  const { page, log } = await load(env, "examples/toy-day.html?perMinute=abc&seed=x");
  await ready(page);
  const w = page.locator("bill-widget");
  const notice = () => w.evaluate((el) => { const n = el.shadowRoot.querySelector(".notice"); return n.hidden ? "" : n.textContent; });
  const first = await notice();
  assert.match(first, /Ignored perMinute in the address: .*; got "abc"\. Using 5\./, first);
  assert.match(first, /Ignored seed in the address/, first);
  await w.getByRole("button", { name: "More settings" }).click();
  await w.locator('input[name="perMinute"]').fill("7");
  await w.locator('input[name="perMinute"]').press("Tab");
  await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelector(".summary").textContent.startsWith("7 requests"));
  const left = await notice();
  assert.doesNotMatch(left, /perMinute/, "the notice about perMinute goes once the reader sets it");
  assert.match(left, /^Ignored seed in the address: .*Using 0\.$/, "the seed's stays: the reader has not set it");
  assert.deepEqual(log.errors, []);
});

test("a bad theme's notice stays while the attribute does, when a host script sets another attribute", async () => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>
<script type="module" src="/bill-widget.js"></script></head><body>
<bill-widget per-minute="7" theme="purple" refill="weekly"></bill-widget></body></html>`;
  const { page, context, log } = await pageOf(env, "bad-theme.html", html);
  try {
    await ready(page);
    const notice = () => page.locator("bill-widget").locator(".notice").textContent();
    const before = await notice();
    assert.match(before, /theme/, `the bad theme is said at load: ${before}`);
    assert.match(before, /refill/, `and the bad refill: ${before}`);
    await page.evaluate(() => document.querySelector("bill-widget").setAttribute("per-minute", "8"));
    await page.waitForTimeout(300);
    const after = await notice();
    assert.match(after, /theme/, `still said after per-minute is set: ${after}`);
    assert.match(after, /refill/, `and the refill: ${after}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
