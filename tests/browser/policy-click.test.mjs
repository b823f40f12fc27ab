// A policy click does only the work that changes with the policy (issue 20's click to
// chart): it still shows everything that depends on the policy exactly as a widget loaded
// with that policy shows it, it leaves the "Show numbers" table (and any panel that did
// not change) as it was where its view does not take the policy, and the canvas is still
// drawn at its CSS size times the device pixel ratio after a view switch and a resize.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, ready, settled } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

// Every view that shows policy buttons, in each lesson's example page; `table`: whether the
// view's "Show numbers" table takes the policy (the accounts view's rows are the picked
// policy's; the client's view has no table of its own).
const VIEWS = [
  { page: "examples/toy-day.html", view: "day", table: false },
  { page: "examples/free-tier.html", view: "byKind", table: false },
  { page: "examples/free-tier.html", view: "freeTradeOff", table: false },
  { page: "examples/free-tier.html", view: "freeAccounts", table: true },
  { page: "examples/hackathon.html", view: "demoByKind", table: false },
  { page: "examples/hackathon.html", view: "demoTradeOff", table: false },
  { page: "examples/hackathon.html", view: "demoClient", table: null },
  { page: "examples/runaway-tenant.html", view: "byTenant", table: false },
  { page: "examples/runaway-tenant.html", view: "tenantTradeOff", table: false },
];

/** A page at `path` whose widget's every bill-widget-change detail is kept (BigInts as text),
 * once its `element` is there (a widget: once it has drawn). */
async function openRecording(path, options = {}, element = "bill-widget") {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 }, ...options });
  await context.addInitScript(() => {
    window.changes = [];
    document.addEventListener("bill-widget-change", (e) => {
      window.changes.push(JSON.stringify(e.detail, (_, v) => (typeof v === "bigint" ? `${v}n` : v)));
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const opened = { page, context, errors };
  await reload(opened, path, element);
  return opened;
}

/** Loads `path` afresh in an opened page: a new document, with its own widget and record. */
async function reload({ page }, path, element = "bill-widget") {
  await page.goto(env.base + path);
  if (element === "bill-widget") await ready(page);
  else await page.locator(element).waitFor();
}

/** Two animation frames: what a resize observer does after a change has run. */
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Everything a reader has from the widget, and the last change event's detail. */
async function everything(page, view) {
  if (view === "day") await settled(page);
  await frames(page);
  return page.locator("bill-widget").evaluate((el) => {
    const q = (s) => el.shadowRoot.querySelector(s);
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
    return {
      summary: q(".summary").textContent,
      more: q(".more").textContent,
      label: canvas.getAttribute("aria-label"),
      panels: q(".panels").innerHTML,
      table: q("#numbers").innerHTML,
      size: [canvas.width, canvas.height],
      picture: canvas.toDataURL(),
      detail: window.changes.at(-1),
    };
  });
}

/** Shows `view` and returns the policy buttons' values, the pressed one first. */
const showView = (page, view) => page.locator("bill-widget").evaluate((el, v) => {
  el.shadowRoot.querySelector(`[data-view="${v}"]`).click();
  const buttons = [...el.shadowRoot.querySelectorAll("button[data-policy]")].filter((b) => b.checkVisibility());
  return buttons.sort((a, b) => Number(b.getAttribute("aria-pressed") === "true") - Number(a.getAttribute("aria-pressed") === "true"))
    .map((b) => b.dataset.policy);
}, view);

const clickPolicy = (page, policy) => page.locator("bill-widget").evaluate((el, p) => {
  el.shadowRoot.querySelector(`button[data-policy="${p}"]`).click();
}, policy);

for (const { page: path, view, table } of VIEWS) {
  test(`a policy click on ${view} shows what a widget loaded with that policy shows`, async () => {
    const clicked = await openRecording(path);
    const policies = await showView(clicked.page, view);
    assert.ok(policies.length > 1, `${view} shows policy buttons: ${policies}`);
    // The fresh widgets load one after another in a second page (a new document each time).
    let fresh;
    // Every other policy in turn, then back to the first: each shown as a fresh widget shows it.
    for (const policy of [...policies.slice(1), policies[0]]) {
      await clickPolicy(clicked.page, policy);
      const after = await everything(clicked.page, view);
      // The example pages keep the widget's state in the address (sync-url): a fresh page
      // at that address is a widget loaded with this view and policy.
      const address = new URL(clicked.page.url()).pathname.slice(1) + new URL(clicked.page.url()).search;
      if (fresh) await reload(fresh, address);
      else fresh = await openRecording(address);
      const loaded = await everything(fresh.page, view);
      // A view with no table of its own (the client's) leaves the last view's: not compared.
      for (const key of ["summary", "more", "label", "panels", ...(table === null ? [] : ["table"]), "size", "detail"]) {
        assert.deepEqual(after[key], loaded[key], `${view}, ${policy}: the ${key} after the click is the fresh widget's`);
      }
      assert.ok(after.picture === loaded.picture, `${view}, ${policy}: the chart's pixels after the click are the fresh widget's`);
    }
    assert.deepEqual(fresh.errors, []);
    await fresh.context.close();
    assert.deepEqual(clicked.errors, []);
    await clicked.context.close();
  });
}

for (const { page: path, view } of VIEWS.filter((v) => v.table === false)) {
  test(`a policy click on ${view} leaves the numbers table's nodes as they were, as the table does not take the policy`, async () => {
    const { page, context, errors } = await openRecording(path);
    const [first, second] = await showView(page, view);
    await frames(page);
    const seen = await page.locator("bill-widget").evaluate(async (el, p) => {
      const numbers = el.shadowRoot.querySelector("#numbers");
      const row = numbers.querySelector("tbody tr");
      const rows = numbers.querySelectorAll("tbody tr").length;
      const changes = [];
      const watch = new MutationObserver((list) => changes.push(...list.map((m) => `${m.type} ${m.target.nodeName}`)));
      watch.observe(numbers, { subtree: true, childList: true, characterData: true, attributes: true });
      el.shadowRoot.querySelector(`button[data-policy="${p}"]`).click();
      await new Promise((r) => setTimeout(r, 0));
      watch.disconnect();
      return { rows, changes, same: numbers.querySelector("tbody tr") === row };
    }, second);
    assert.ok(seen.rows > 0, `${view} has a table (${seen.rows} rows)`);
    assert.deepEqual(seen.changes, [], `${view}: a click from ${first} to ${second} changed the table: ${seen.changes.length} mutations`);
    assert.ok(seen.same, `${view}: the table's first row is the same node after the click`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("a policy click rewrites only the panels whose words changed (the free tier's panels do not take the policy)", async () => {
  const { page, context, errors } = await openRecording("examples/free-tier.html");
  const [, second] = await showView(page, "byKind");
  const seen = await page.locator("bill-widget").evaluate(async (el, p) => {
    const panels = el.shadowRoot.querySelector(".panels");
    const before = [...panels.children];
    const changes = [];
    const watch = new MutationObserver((list) => changes.push(...list));
    watch.observe(panels, { subtree: true, childList: true, characterData: true });
    el.shadowRoot.querySelector(`button[data-policy="${p}"]`).click();
    await new Promise((r) => setTimeout(r, 0));
    watch.disconnect();
    return { count: before.length, changes: changes.length, same: before.every((n, i) => panels.children[i] === n) };
  }, second);
  assert.ok(seen.count > 0, `the free tier has panels (${seen.count})`);
  assert.deepEqual([seen.changes, seen.same], [0, true], `a policy click changed the free tier's panels: ${seen.changes} mutations`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the canvas's backing store is its CSS size times the device pixel ratio after each view switch, a policy click and a resize", async () => {
  const { page, context, errors } = await openRecording("examples/hackathon.html", { deviceScaleFactor: 2 });
  const sizes = () => page.locator("bill-widget").evaluate((el) => {
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
    return { canvas: canvas.className, backing: [canvas.width, canvas.height], css: [canvas.clientWidth, canvas.clientHeight] };
  });
  const check = async (when) => {
    await frames(page);
    const s = await sizes();
    assert.deepEqual(s.backing, s.css.map((n) => n * 2), `${when}: ${s.canvas} drawn ${s.backing} for ${s.css} CSS px at 2x`);
  };
  const views = await page.locator("bill-widget").evaluate((el) =>
    [...el.shadowRoot.querySelectorAll("[data-view]")].map((b) => b.dataset.view));
  for (const width of [1000, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await check(`after a resize to ${width} px`);
    for (const view of views) {
      const policies = await showView(page, view);
      await check(`${width} px, after switching to ${view}`);
      if (policies.length > 1) {
        await clickPolicy(page, policies[1]);
        await check(`${width} px, ${view}, after a policy click`);
      }
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/** From now on, window.drawings lists the class of each canvas drawn: each drawing asks
 * its canvas for a 2D context once (billsim-wasm's canvas backend). */
function countDrawings(page) {
  return page.evaluate(() => {
    const get = HTMLCanvasElement.prototype.getContext;
    window.drawings = [];
    HTMLCanvasElement.prototype.getContext = function (...args) {
      window.drawings.push(this.className);
      return get.apply(this, args);
    };
  });
}

test("a view switch draws its chart once, at the size it is shown at, and a resize draws it again", async () => {
  const { page, context, errors } = await openRecording("examples/hackathon.html");
  await countDrawings(page);
  const views = await page.locator("bill-widget").evaluate((el) =>
    [...el.shadowRoot.querySelectorAll("[data-view]")].map((b) => b.dataset.view));
  for (const view of [...views.slice(1), views[0]]) {
    await page.evaluate(() => { window.drawings = []; });
    await showView(page, view);
    await frames(page);
    await frames(page);
    const drawings = await page.evaluate(() => window.drawings);
    assert.equal(drawings.length, 1, `switching to ${view} drew ${drawings.length} times: ${drawings}`);
  }
  await page.evaluate(() => { window.drawings = []; });
  await page.setViewportSize({ width: 700, height: 900 });
  await frames(page);
  await frames(page);
  const drawings = await page.evaluate(() => window.drawings);
  assert.equal(drawings.length, 1, `a resize drew ${drawings.length} times: ${drawings}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("framing a policy on the replay page draws the share chart again and leaves the spend over time as it was", async () => {
  const { page, context, errors } = await openRecording("replay.html", {}, "replay-view");
  const replay = page.locator("replay-view");
  await replay.evaluate((el) => el.shadowRoot.querySelector(".try").click());
  await page.waitForFunction(() => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > 0);
  await frames(page);
  await countDrawings(page);
  const framed = await replay.evaluate((el) => {
    const other = el.shadowRoot.querySelector(".frame button[aria-pressed=false]");
    other.click();
    return other.dataset.policy;
  });
  await frames(page);
  const drawings = await page.evaluate(() => window.drawings);
  assert.deepEqual(drawings, ["share-chart"], `framing ${framed} drew ${drawings}`);
  assert.deepEqual(errors, []);
  await context.close();
});
