// The widget as a reader uses it: every number on the page equals the core's, bad
// settings keep the last good view, the address reproduces a view, the keyboard does it all.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, load, ready, view, core, coreDay, dollars, percent, numbersTable } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** The summary sentence's numbers, computed here from simulateDay's JSON alone. */
function expectedTail(day, policy) {
  const o = day.policies.find((p) => p.policy === policy);
  const heavyIndex = day.users.findIndex((u) => u.kind === "heavy");
  const heavy = o.perUser[heavyIndex];
  const heavyCalls = day.users[heavyIndex].calls;
  const calls = day.users.reduce((s, u) => s + u.calls, 0);
  const refused = o.perUser.reduce((s, u) => s + u.refused, 0);
  return `the bill is ${dollars(o.billMicros, 2)}, the heavy user is ${percent(heavy.chargedMicros, o.billMicros)}% of it; `
    + `refused: ${heavy.refused} of the heavy user's ${heavyCalls} calls and ${refused - heavy.refused} of the ordinary users' ${calls - heavyCalls}.`;
}

async function assertMatchesCore(page, settings, policy) {
  const v = await view(page);
  const day = await coreDay(page, settings);
  assert.ok(v.summary.endsWith(expectedTail(day, policy)), `${v.summary}\n  expected to end with\n${expectedTail(day, policy)}`);
  assert.equal(v.day, `Day ${settings.seed}`);
  assert.deepEqual(v.pressed, [policy]);
  // The "Show numbers" table: each user's charge under each policy, as the core computed it,
  // under the core's caption and column heads.
  const table = await numbersTable(page.locator("bill-widget"));
  const { caption, columns } = await core(page, "dayView", settings);
  assert.deepEqual([table.caption, table.columns], [caption, columns]);
  assert.equal(caption, `Day ${settings.seed}: each user's calls and charges under each policy`);
  const cells = table.rows;
  const expected = day.policies.flatMap((p) => p.perUser.map((u, i) =>
    [String(day.users[i].calls), String(u.served), String(u.refused), dollars(u.chargedMicros, 4)]));
  assert.deepEqual(cells.map((r) => r.slice(2, 6)), expected);
}

test("the page opens on requests per minute and its numbers equal the core's through every policy, another day and every setting", async () => {
  const { page, log } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  const settings = { seed: 0, perMinute: 5, budgetDollars: 0.25, refill: "daily" };
  await assertMatchesCore(page, settings, "requestsPerMinute");
  for (const [policy, name] of [["noLimit", "No limit"], ["dailyBudget", "Daily cost budget"], ["requestsPerMinute", "Requests per minute"]]) {
    await w.getByRole("button", { name, exact: true }).click();
    await assertMatchesCore(page, settings, policy);
  }
  await w.getByRole("button", { name: "Another day" }).click();
  settings.seed = 1;
  await assertMatchesCore(page, settings, "requestsPerMinute");
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Requests per user per minute").fill("1");
  settings.perMinute = 1;
  await assertMatchesCore(page, settings, "requestsPerMinute");
  await w.getByRole("button", { name: "Daily cost budget" }).click();
  await w.getByLabel("Budget per user per day").fill("0.07");
  settings.budgetDollars = 0.07;
  await assertMatchesCore(page, settings, "dailyBudget");
  await w.getByLabel("Budget refill").selectOption("steady");
  settings.refill = "steady";
  await assertMatchesCore(page, settings, "dailyBudget");
  assert.deepEqual(log.errors, []);
});

test("an invalid setting shows its message, marks the field and keeps the last good chart", async () => {
  const { page } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const good = await view(page);
  for (const [label, value, message] of [
    ["Requests per user per minute", "0", "Requests per user per minute: must be a whole number from 1 to 60"],
    ["Requests per user per minute", "", "Requests per user per minute: must be a whole number from 1 to 60"],
    ["Budget per user per day", "1000", "Budget per user per day, in dollars: must be an amount in dollars from 0.01 to 100"],
    ["Budget per user per day", "0.0000001", "Budget per user per day, in dollars: must be an amount in dollars from 0.01 to 100"],
  ]) {
    await w.getByLabel(label).fill(value);
    const now = await view(page);
    assert.ok(now.error.startsWith(message), `${label}=${value}: ${now.error}`);
    assert.equal(now.summary, good.summary, "the summary stays");
    assert.equal(now.picture, good.picture, "the chart stays");
    assert.equal(await w.getByLabel(label).getAttribute("aria-invalid"), "true");
    await w.getByLabel(label).fill(label === "Requests per user per minute" ? "5" : "0.25");
    assert.equal((await view(page)).error, "", "a good value clears the message");
  }
});

test("a copied address opens exactly the same view in a fresh page", async () => {
  const { page } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Daily cost budget" }).click();
  await w.getByRole("button", { name: "Another day" }).click();
  await w.getByRole("button", { name: "Another day" }).click();
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Budget per user per day").fill("0.05");
  await w.getByLabel("Requests per user per minute").fill("2");
  await w.getByLabel("Budget refill").selectOption("steady");
  const address = page.url();
  assert.match(address, /seed=2/);
  assert.match(address, /policy=dailyBudget/);
  const first = await view(page);
  const other = await open(env, address.slice(env.base.length));
  await ready(other.page);
  const second = await view(other.page);
  for (const key of ["summary", "day", "pressed", "label", "notice"]) assert.deepEqual(second[key], first[key], key);
  await other.context.close();
});

test("a malformed address falls back to the defaults with a short notice, never a broken page", async () => {
  const { page, context, log } = await open(env, "?seed=-1&policy=cheapest&perMinute=1e3&budget=NaN&refill=weekly");
  await ready(page);
  const v = await view(page);
  const defaults = await open(env);
  await ready(defaults.page);
  assert.equal(v.summary, (await view(defaults.page)).summary, "the default view");
  for (const name of ["seed", "policy", "perMinute", "budget", "refill"]) {
    assert.match(v.notice, new RegExp(`Ignored ${name} in the address`), v.notice);
  }
  assert.deepEqual(log.errors, []);
  // Hostile lengths and characters are reported cut short, as text.
  const long = await open(env, `?budget=${"9".repeat(6000)}&seed=%3Cimg%20src%3Dx%3E`);
  await ready(long.page);
  const n = (await view(long.page)).notice;
  assert.ok(n.length < 600, `the notice stays short (${n.length})`);
  assert.equal(await long.page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelectorAll("img").length), 0);
  await Promise.all([context.close(), defaults.context.close(), long.context.close()]);
});

/** The element that has focus, looking inside shadow roots. */
const focused = (page) => page.evaluate(() => {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el ? (el.getAttribute("name") || el.textContent.trim()) : null;
});

test("with the keyboard alone, Tab reaches every control and Enter and Space work them", async () => {
  const { page } = await load(env);
  await ready(page);
  const reached = new Set();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press("Tab");
    reached.add(await focused(page));
  }
  for (const name of ["No limit", "Requests per minute", "Daily cost budget", "Another day", "More settings", "Show numbers"]) {
    assert.ok(reached.has(name), `Tab reaches ${name}: ${[...reached]}`);
  }
  // Work the controls: focus each by Tab and press a key, as a keyboard user would.
  const tabTo = async (name) => {
    for (let i = 0; i < 20 && (await focused(page)) !== name; i += 1) await page.keyboard.press("Tab");
    assert.equal(await focused(page), name);
  };
  await tabTo("Daily cost budget");
  await page.keyboard.press("Enter");
  assert.deepEqual((await view(page)).pressed, ["dailyBudget"]);
  await tabTo("Another day");
  await page.keyboard.press("Space");
  assert.equal((await view(page)).day, "Day 1");
  await tabTo("More settings");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await tabTo("perMinute");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("1");
  await tabTo("budgetDollars");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("0.5");
  await tabTo("refill");
  assert.match((await view(page)).summary, /Daily cost budget \$0\.50/);
  await tabTo("Show numbers");
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("bill-widget").locator("#numbers table").isVisible(), true);
  // The focus ring is visible: an outline is drawn on the focused button.
  await tabTo("Another day");
  const outline = await page.evaluate(() => {
    const b = document.querySelector("bill-widget").shadowRoot.activeElement;
    return getComputedStyle(b).outlineStyle;
  });
  assert.equal(outline, "solid");
});

test("the calls-at-once view shows the core's table, follows its settings and keeps the last good view on a bad one", async () => {
  const { page, log } = await load(env, "?view=inflight");
  await ready(page);
  const w = page.locator("bill-widget");
  const rows = (settings) => core(page, "overrun", settings);
  const expectSentences = async (settings) => {
    const summary = (await view(page)).summary;
    for (const r of await rows(settings)) {
      assert.ok(summary.includes(`${r.admitted} of ${settings.calls} calls get in and ${dollars(r.chargedMicros, 2)} is charged`), `${summary}\n${r.version}: ${r.admitted}, ${r.chargedMicros}`);
    }
  };
  assert.equal((await view(page)).view, "inflight");
  await expectSentences({ calls: 20, estimatePercent: 50, budgetDollars: 0.25 });
  assert.match((await view(page)).summary, /Set aside first: 5 of 20 calls get in and \$0\.24 is charged, within the \$0\.25 budget\./);
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Calls at once (1 to 200)").fill("50");
  await w.getByLabel("Input estimate").fill("80");
  await w.getByLabel("Budget per user per day").fill("1");
  await expectSentences({ calls: 50, estimatePercent: 80, budgetDollars: 1 });
  const params = new URL(page.url()).searchParams;
  assert.deepEqual([params.get("view"), params.get("calls"), params.get("estimatePercent"), params.get("budgetDollars")], ["inflight", "50", "80", "1"]);
  const good = await view(page);
  await w.getByLabel("Calls at once (1 to 200)").fill("201");
  const bad = await view(page);
  assert.match(bad.error, /^Calls at once: must be a whole number from 1 to 200; got "201"/);
  assert.equal(bad.summary, good.summary);
  assert.equal(bad.picture, good.picture);
  await w.getByLabel("Calls at once (1 to 200)").fill("50");
  // Back to the day: its own chart and sentence, and the address says so.
  await w.getByRole("button", { name: "One day" }).click();
  assert.equal((await view(page)).view, "day");
  assert.match((await view(page)).summary, /^\d+ requests? per minute: the bill is/);
  assert.match(page.url(), /view=day/);
  assert.deepEqual(log.errors, []);
});

test("garbage pasted into every field never breaks the page: each gets its message and the last good view stays", async () => {
  const { page, log } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const garbage = ["NaN", "-1", "0", "1e308", "9007199254740993", "18446744073709551616", "-0", "", " ", "0x10",
    "1,5", "٣", "5".repeat(5000), "<script>alert(1)</script>", "Infinity", "2.5"];
  for (const label of ["Requests per user per minute", "Budget per user per day"]) {
    let good = await view(page);
    for (const text of garbage) {
      // A number input takes what a paste puts in; the browser may keep only part of it.
      await w.getByLabel(label).fill("");
      await w.getByLabel(label).evaluate((input, t) => {
        input.value = t;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }, text);
      const now = await view(page);
      if (now.error) {
        assert.equal(now.summary, good.summary, `${label}=${text.slice(0, 20)}: the summary stays`);
        assert.equal(now.picture, good.picture, `${label}=${text.slice(0, 20)}: the chart stays`);
        assert.ok(now.error.length < 300, "the message stays short");
      } else {
        good = now; // a value the core accepts (such as 2.5 dollars) is the new good view
      }
    }
    await w.getByLabel(label).fill(label === "Requests per user per minute" ? "5" : "0.25");
  }
  assert.equal((await view(page)).error, "");
  assert.deepEqual(log.errors, []);
});
