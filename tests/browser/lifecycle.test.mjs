// The widget's life in a page that scripts it: added and removed many times it leaves
// nothing behind, moved it behaves as new, and it follows attributes changed after load.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, load, ready, view } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** Adds `count` widgets, waits until each has drawn and checked its days, removes them all.
 *  They are stacked on one another at the top of the page, as a widget loads only near the
 *  viewport. */
function addAndRemove(page, count) {
  return page.evaluate(async (n) => {
    const box = Object.assign(document.createElement("div"), { style: "position: absolute; inset: 0 0 auto 0" });
    document.body.append(box);
    const widgets = Array.from({ length: n }, (_, i) => {
      const w = Object.assign(document.createElement("bill-widget"), { style: "position: absolute; inset: 0 0 auto 0" });
      w.setAttribute("seed", String(i));
      return w;
    });
    const checked = widgets.map((w) => new Promise((resolve) => w.addEventListener("bill-widget-days", resolve, { once: true })));
    box.append(...widgets);
    await Promise.all(checked);
    box.remove();
  }, count);
}

test("adding and removing 40 widgets three times leaves the page's nodes and listeners flat", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html");
  await ready(page, "#second");
  const cdp = await page.context().newCDPSession(page);
  const counters = async () => {
    // Twice: a first collection can leave what a finaliser frees for the second.
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    const { nodes, jsEventListeners, documents } = await cdp.send("Memory.getDOMCounters");
    return { nodes, jsEventListeners, documents };
  };
  // 40 a round: one node or listener left per widget would already be 80 over the limit of 5.
  await addAndRemove(page, 40); // the first round warms caches (style sheets, fonts)
  const first = await counters();
  await addAndRemove(page, 40);
  await addAndRemove(page, 40);
  const third = await counters();
  for (const key of ["nodes", "jsEventListeners", "documents"]) {
    assert.ok(third[key] - first[key] <= 5,
      `${key}: ${first[key]} after the first round, ${third[key]} after the third (80 widgets later)`);
  }
  assert.deepEqual(log.errors, []);
  await cdp.detach();
});

/** The first widget's canvas: its backing store and CSS width. */
const canvasSize = (page) => page.locator("bill-widget").evaluate((el) => {
  const c = el.shadowRoot.querySelector("canvas");
  return { backing: c.width, css: c.clientWidth };
});

test("a widget removed and inserted again follows resizes, the colour scheme and its day check as a new one does", async () => {
  const { page, context, log } = await open(env, "", { viewport: { width: 1000, height: 900 }, deviceScaleFactor: 1 });
  await ready(page);
  // Another day, then moved at once: its 200-day check was still to run.
  await page.locator("bill-widget").getByRole("button", { name: "Another day" }).click();
  await page.evaluate(() => {
    const w = document.querySelector("bill-widget");
    const parent = w.parentNode;
    w.remove();
    parent.prepend(w);
  });
  await page.setViewportSize({ width: 500, height: 900 });
  await page.waitForFunction(() => {
    const c = document.querySelector("bill-widget").shadowRoot.querySelector("canvas");
    return c.width === c.clientWidth;
  }, null, { timeout: 5000 }).catch(() => {});
  const size = await canvasSize(page);
  assert.equal(size.backing, size.css, `after the move and a resize the canvas is ${size.backing} px drawn for ${size.css} px`);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForFunction(() => document.querySelector("bill-widget").hasAttribute("data-dark"), null, { timeout: 5000 })
    .catch(() => {});
  assert.equal(await page.locator("bill-widget").evaluate((el) => el.hasAttribute("data-dark")), true, "it follows dark mode");
  await page.locator("bill-widget").locator(".more").filter({ hasText: /^(?!Checking)\S/ }).waitFor({ timeout: 5000 });
  assert.equal((await view(page)).day, "Day 1");
  assert.deepEqual(log.errors, []);
  await context.close();
});

test("a widget's attributes changed after it loaded are followed, and a bad one is reported as at load", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html");
  await ready(page, "#first");
  const set = (name, value) => page.locator("#first").evaluate((el, [n, v]) => {
    if (v === null) el.removeAttribute(n);
    else el.setAttribute(n, v);
  }, [name, value]);
  const form = () => page.locator("#first").evaluate((el) => {
    const f = el.shadowRoot.querySelector("form");
    return { perMinute: f.perMinute.value, budgetDollars: f.budgetDollars.value, refill: f.refill.value };
  });

  await set("policy", "noLimit");
  assert.deepEqual((await view(page, "#first")).pressed, ["noLimit"], "policy=noLimit");
  await set("seed", "42");
  assert.equal((await view(page, "#first")).day, "Day 42", "seed=42");
  await set("per-minute", "2");
  await set("policy", "requestsPerMinute");
  assert.match((await view(page, "#first")).summary, /^2 requests per minute:/, "per-minute=2");
  await set("budget", "0.5");
  await set("refill", "steady");
  assert.deepEqual(await form(), { perMinute: "2", budgetDollars: "0.5", refill: "steady" }, "the settings form follows too");
  await set("policy", "dailyBudget");
  assert.match((await view(page, "#first")).summary, /^Cost budget \$0\.50 a day, refilled steadily/, "budget=0.5 with refill=steady");

  await set("seed", "banana");
  const bad = await view(page, "#first");
  assert.equal(bad.day, "Day 42", "a bad seed keeps the last one");
  assert.match(bad.notice, /^Ignored the seed attribute: must be a whole number from 0 to 4,294,967,295; got "banana"\. Using 42\.$/, bad.notice);
  await set("seed", "7");
  const good = await view(page, "#first");
  assert.equal(good.day, "Day 7");
  assert.equal(good.notice, "", "a good value clears the notice");
  await set("seed", null);
  assert.equal((await view(page, "#first")).day, "Day 0", "a removed attribute is the default again");

  await set("view", "inflight");
  await set("calls", "40");
  await set("estimate", "80");
  const inflight = await view(page, "#first");
  assert.equal(inflight.view, "inflight");
  assert.match(inflight.summary, / of 40 calls get in .* of 40 calls get in /, inflight.summary);
  assert.deepEqual(await view(page, "#second").then((v) => v.day), "Day 7", "the other widget did not change");
  assert.deepEqual(log.errors, []);
});

test("a slipped attribute name set after load is said, and unsaid once removed", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html");
  await ready(page, "#first");
  const notice = () => view(page, "#first").then((v) => v.notice);
  await page.locator("#first").evaluate((el) => el.setAttribute("per-minut", "3"));
  await page.waitForFunction(() => !document.querySelector("#first").shadowRoot.querySelector(".notice").hidden);
  assert.equal(await notice(), 'Ignored the per-minut attribute: not an attribute of this widget; "per-minute" is.');
  await page.locator("#first").evaluate((el) => { el.removeAttribute("per-minut"); el.setAttribute("class", "lesson"); });
  await page.waitForFunction(() => document.querySelector("#first").shadowRoot.querySelector(".notice").hidden);
  assert.equal(await notice(), "", "the page's own attribute (class) is not said");
  assert.deepEqual(log.errors, []);
});

test("an attribute changed while the widget is out of the page is shown when it comes back", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html");
  await ready(page, "#first");
  await page.evaluate(() => {
    const w = document.querySelector("#first");
    const parent = w.parentNode;
    w.remove();
    w.setAttribute("seed", "9");
    w.setAttribute("policy", "noLimit");
    parent.append(w);
  });
  const v = await view(page, "#first");
  assert.equal(v.day, "Day 9");
  assert.deepEqual(v.pressed, ["noLimit"]);
  await page.locator("#first").locator(".more").filter({ hasText: /^Over 200 days \(9 to 208\)/ }).waitFor({ timeout: 5000 });
  assert.deepEqual(log.errors, []);
});
