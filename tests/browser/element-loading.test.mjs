// How the element's module behaves in a page that imports it, as a site does on every page:
// no WebAssembly is fetched until the page has a <bill-widget>; a widget added later (a
// client-side navigation, a framework's render) is defined and drawn; its styles are the
// shadow root's own (no stylesheet request); and its events reach a listener on the
// document with the same fields for every scenario.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, pageOf, ready } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

// A same-origin page that imports the element and has no widget (the server's CSP applies).
const EMPTY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No widget yet</title>
<script type="module" src="/bill-widget.js"></script></head><body><h1>A page of the site</h1></body></html>`;

const emptyPage = () => pageOf(env, "no-widget.html", EMPTY_PAGE);

test("a page that imports the element but has no widget fetches no wasm and no stylesheet", async () => {
  const { page, context, log } = await emptyPage();
  try {
    await page.waitForLoadState("networkidle");
    const fetched = log.requests.filter((u) => /\.(wasm|css)$/.test(u));
    assert.deepEqual(fetched, [], `nothing fetched for a widget: ${fetched.join(", ")}`);
    assert.equal(await page.evaluate(() => customElements.get("bill-widget") === undefined), true, "the element is not defined yet");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

// A lesson page whose widgets are far down: the toy day's near the top when `nearOne`,
// and the free tier's after five screens of text.
const farPage = (nearOne) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long lesson</title>
<script type="module" src="/bill-widget.js"></script></head><body><h1>A long lesson</h1>
${nearOne ? `<bill-widget id="near"></bill-widget>` : ""}<div style="height: 4500px">The lesson's text.</div>
<bill-widget id="far" scenario="freeTier"></bill-widget></body></html>`;

async function longLesson(nearOne) {
  const opened = await pageOf(env, "long-lesson.html", farPage(nearOne));
  const wasm = () => opened.log.requests.filter((u) => u.endsWith(".wasm")).map((u) => new URL(u).pathname);
  return { ...opened, wasm };
}

test("a widget five screens down fetches no wasm until the reader scrolls near it, then draws its own lesson", async () => {
  const { page, context, log, wasm } = await longLesson(false);
  try {
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    assert.deepEqual(wasm(), [], `nothing fetched before the reader scrolls: ${wasm().join(", ")}`);
    assert.equal(await page.evaluate(() => customElements.get("bill-widget") === undefined), true, "the element is not defined yet");
    await page.evaluate(() => window.scrollTo(0, 3000));
    await ready(page, "#far");
    assert.deepEqual(wasm(), ["/pkg-free-tier/billsim_wasm_bg.wasm"], `the far widget's own lesson's module: ${wasm().join(", ")}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a page's first widget draws at once while its widget of another lesson further down waits for the reader", async () => {
  const { page, context, log, wasm } = await longLesson(true);
  try {
    await ready(page, "#near");
    await page.waitForLoadState("networkidle");
    assert.deepEqual(wasm(), ["/pkg-toy-day/billsim_wasm_bg.wasm"], `only the near widget's module: ${wasm().join(", ")}`);
    await page.locator("#far").scrollIntoViewIfNeeded();
    await ready(page, "#far");
    assert.deepEqual(wasm(), ["/pkg-toy-day/billsim_wasm_bg.wasm", "/pkg-free-tier/billsim_wasm_bg.wasm"],
      `the far widget's module once the reader is near it: ${wasm().join(", ")}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a widget added to the page later is defined and drawn, and its change event reaches the document", async () => {
  const { page, context, log } = await emptyPage();
  try {
    const detail = page.evaluate(() => new Promise((resolve) => {
      document.addEventListener("bill-widget-change", (e) => resolve({ ...e.detail, result: typeof e.detail.result, panels: e.detail.panels.length }), { once: true });
      document.body.append(Object.assign(document.createElement("bill-widget"), { id: "late" }));
      document.getElementById("late").setAttribute("scenario", "freeTier");
    }));
    const seen = await detail;
    assert.equal(seen.scenario, "freeTier", `the event names the widget's scenario: ${JSON.stringify(seen)}`);
    for (const key of ["view", "chart", "seed", "policy", "settings"]) assert.ok(key in seen, `the detail has ${key}: ${JSON.stringify(seen)}`);
    assert.equal(seen.result, "object", "the detail carries the core's result");
    assert.equal(log.requests.filter((u) => u.endsWith(".wasm")).length, 1, "the wasm was fetched once, for the widget");
    const styled = await page.locator("#late").evaluate((el) => el.shadowRoot.adoptedStyleSheets.length > 0 && getComputedStyle(el).display === "block");
    assert.equal(styled, true, "the widget's styles are its shadow root's own");
    assert.equal(log.requests.filter((u) => u.endsWith(".css")).length, 0, "no stylesheet fetched");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("every scenario's widget tells the document of its change with the same fields", async () => {
  const { page, context } = await open(env, "");
  try {
    const details = await page.evaluate(async () => {
      const names = ["toyDay", "freeTier", "hackathon", "runawayTenant"];
      const seen = [];
      document.addEventListener("bill-widget-change", (e) => seen.push(e.detail));
      for (const name of names) {
        // Stacked at the top of the page, as a widget loads only near the viewport.
        const el = Object.assign(document.createElement("bill-widget"), { style: "position: absolute; inset: 0 0 auto 0" });
        el.setAttribute("scenario", name);
        document.body.append(el);
      }
      while (new Set(seen.map((d) => d.scenario)).size < names.length) await new Promise((r) => setTimeout(r, 50));
      return seen.map((d) => ({ scenario: d.scenario, keys: Object.keys(d).sort().join(" ") }));
    });
    const shapes = new Set(details.map((d) => d.keys));
    assert.equal(shapes.size, 1, `one detail shape for every scenario: ${JSON.stringify(details)}`);
    assert.equal([...shapes][0], "chart panels policy result scenario seed settings view");
  } finally {
    await context.close();
  }
});

test("a field typed in and then left tells the document of its change once", async () => {
  const { page, context } = await open(env, "");
  try {
    const w = page.locator("bill-widget");
    await w.locator(".summary").filter({ hasText: /\S/ }).waitFor();
    await w.getByRole("button", { name: "More settings" }).click();
    await page.evaluate(() => {
      window.told = [];
      document.addEventListener("bill-widget-change", (e) => window.told.push(e.detail.settings.perMinute));
    });
    const field = w.locator("form [name=perMinute]");
    await field.fill("7");
    await field.press("Tab");
    await page.waitForTimeout(300);
    assert.deepEqual(await page.evaluate(() => window.told), [7], "typed (input), then left (change): one change");
  } finally {
    await context.close();
  }
});

/** The wasm files the page at `path` fetched until its widget had drawn (a fresh context: no cache). */
async function wasmFetched(path) {
  const { page, context, log } = await open(env, path);
  try {
    await ready(page);
    assert.deepEqual(log.errors, [], `${path} logged no error`);
    return log.requests.filter((u) => u.endsWith(".wasm")).map((u) => new URL(u).pathname);
  } finally {
    await context.close();
  }
}

test("each lesson's page fetches its own lesson's module and no other", async () => {
  for (const [page_, folder] of [["toy-day", "pkg-toy-day"], ["free-tier", "pkg-free-tier"], ["hackathon", "pkg-hackathon"],
    ["runaway-tenant", "pkg-runaway-tenant"]]) {
    const wasm = await wasmFetched(`examples/${page_}.html`);
    assert.deepEqual(wasm, [`/widget/${folder}/billsim_wasm_bg.wasm`], `examples/${page_}.html fetched ${wasm.join(", ")}`);
  }
});

test("a widget whose address names its scenario (the iframe's page, sync-url) fetches only that lesson's module", async () => {
  for (const [path, folder] of [["embed.html?scenario=freeTier", "/pkg-free-tier"], ["examples/toy-day.html?scenario=hackathon", "/widget/pkg-hackathon"]]) {
    const wasm = await wasmFetched(path);
    assert.deepEqual(wasm, [`${folder}/billsim_wasm_bg.wasm`], `${path} fetched ${wasm.join(", ")}`);
  }
});

test("a widget switched to another lesson keeps its last view and buttons, unusable, until that lesson's module is there, then draws it", async () => {
  const { page, context, log } = await open(env, "");
  try {
    await ready(page);
    const widget = page.locator("bill-widget");
    const before = await widget.locator(".summary").textContent();
    // The free tier's wasm is held back until the test lets it through.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route("**/pkg-free-tier/billsim_wasm_bg.wasm", async (route) => { await held; await route.continue(); });
    const changed = page.evaluate(() => new Promise((resolve) => {
      document.addEventListener("bill-widget-change", (e) => resolve(e.detail.scenario), { once: true });
    }));
    const controls = () => widget.evaluate((el) => ({
      views: [...el.shadowRoot.querySelectorAll("[data-view]")].map((b) => b.textContent),
      usable: !el.shadowRoot.querySelector(".bw").inert,
      busy: el.shadowRoot.querySelector(".bw").getAttribute("aria-busy"),
    }));
    const toyDay = await controls();
    await widget.evaluate((el) => el.setAttribute("scenario", "freeTier"));
    await page.waitForTimeout(300);
    assert.equal(await widget.locator(".summary").textContent(), before, "the toy day's sentence stays while the module loads");
    assert.equal(await widget.locator(".error").textContent(), "", "no error while the module loads");
    assert.deepEqual(await controls(), { ...toyDay, usable: false, busy: "true" }, "its buttons stay the toy day's, and cannot be used");
    release();
    assert.equal(await changed, "freeTier", "the widget draws the free tier once its module is there");
    assert.notEqual(await widget.locator(".summary").textContent(), before, "the sentence is the free tier's");
    const freeTier = await controls();
    assert.notDeepEqual(freeTier.views, toyDay.views, "its buttons are the free tier's with its chart");
    assert.deepEqual([freeTier.usable, freeTier.busy], [true, null], "and can be used");
    // The standalone page preloads lesson 000's module, which the browser may list twice.
    const wasm = [...new Set(log.requests.filter((u) => u.endsWith(".wasm")).map((u) => new URL(u).pathname))];
    assert.deepEqual(wasm, ["/pkg-toy-day/billsim_wasm_bg.wasm", "/pkg-free-tier/billsim_wasm_bg.wasm"], `fetched ${wasm.join(", ")}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
