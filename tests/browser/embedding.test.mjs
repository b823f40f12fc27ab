// The widget inside other people's pages: one snippet, several on a page, an iframe,
// under a strict Content-Security-Policy, offline once loaded, and without JavaScript.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, load, pageOf, ready, settled, view } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

test("two widgets on one page keep their own settings and neither takes the host's styles", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html");
  await ready(page, "#first");
  await ready(page, "#second");
  // Both lines under the charts have their results: a line that changes its length after
  // the snapshot can move the page and redraw the second chart at another size.
  await settled(page, "#first");
  await settled(page, "#second");
  const second = await view(page, "#second");
  assert.match(second.summary, /^Daily cost budget \$0\.05:/);
  assert.equal(second.day, "Day 7");
  await page.locator("#first").getByRole("button", { name: "Another day" }).click();
  await page.locator("#first").getByRole("button", { name: "No limit" }).click();
  assert.equal((await view(page, "#first")).day, "Day 1");
  await settled(page, "#first");
  assert.deepEqual(await view(page, "#second"), second, "the second widget did not change");
  const looks = await page.evaluate(() => {
    const el = document.querySelector("#first");
    const button = el.shadowRoot.querySelector("button");
    const canvas = el.shadowRoot.querySelector("canvas");
    return {
      font: getComputedStyle(button).fontFamily,
      background: getComputedStyle(button).backgroundColor,
      canvasBorder: getComputedStyle(canvas).borderTopStyle,
      letterSpacing: getComputedStyle(el.shadowRoot.querySelector(".summary")).letterSpacing,
      hostButton: getComputedStyle(document.querySelector(".host-button")).backgroundColor,
      globals: Object.keys(window).filter((k) => /bill|wasm|simulate/i.test(k)),
    };
  });
  assert.doesNotMatch(looks.font, /Georgia/, "the host's font stays out");
  assert.notEqual(looks.background, "rgb(255, 0, 255)", "the host's button colour stays out");
  assert.equal(looks.canvasBorder, "none", "the host's canvas border stays out");
  assert.equal(looks.letterSpacing, "normal", "inherited host text styles stay out");
  assert.equal(looks.hostButton, "rgb(255, 0, 255)", "the widget's styles stay in");
  assert.deepEqual(looks.globals, [], "the widget leaks no globals");
  assert.deepEqual(log.errors, []);
});

test("an embedded widget leaves the host's address alone unless asked to", async () => {
  const { page } = await load(env, "examples/two-widgets.html?keep=1");
  await ready(page, "#first");
  await page.locator("#first").getByRole("button", { name: "Another day" }).click();
  assert.equal(new URL(page.url()).search, "?keep=1");
});

test("a sync-url of a value it does not take (\"false\") is said, and the address is neither read nor written", async () => {
  const page_ = await (await fetch(`${env.base}examples/toy-day.html`)).text();
  assert.match(page_, /<bill-widget sync-url>/);
  const html = page_.replace("<bill-widget sync-url>", '<bill-widget sync-url="false">');
  const { page, context, log } = await pageOf(env, "examples/toy-day.html?per-minute=9", html);
  await ready(page);
  const w = page.locator("bill-widget");
  assert.equal(await w.locator(".notice").textContent(),
    "Ignored the sync-url attribute: must be present with no value (sync-url), or \"whole\"; got \"false\".");
  assert.equal(await w.locator("form [name=perMinute]").inputValue(), "5", "the address's 9 is not read");
  await w.getByRole("button", { name: "Another day" }).click();
  assert.equal(new URL(page.url()).search, "?per-minute=9", "nor written");
  assert.deepEqual(log.errors, []);
  await context.close();
});

test("the iframe embed reports its height and the host sizes the frame to it", async () => {
  const { page, log } = await load(env, "examples/iframe.html");
  const frame = page.frameLocator("iframe");
  await frame.locator("bill-widget").locator(".summary").filter({ hasText: /bill/ }).waitFor();
  await page.waitForFunction(() => document.querySelector("iframe").height !== "600");
  const { frameHeight, contentHeight } = await page.evaluate(() => {
    const f = document.querySelector("iframe");
    return { frameHeight: Number(f.height), contentHeight: f.contentDocument.documentElement.getBoundingClientRect().height };
  });
  assert.ok(Math.abs(frameHeight - contentHeight) <= 2, `frame ${frameHeight} px for content ${contentHeight} px`);
  assert.match(await frame.locator("bill-widget").locator(".summary").textContent(), /^Daily cost budget/);
  assert.deepEqual(log.errors, []);
});

test("under the strict CSP the page logs no error, sets no inline style, asks no other origin, and works offline once loaded", async () => {
  const { page, context, log } = await open(env);
  await ready(page);
  const response = await page.request.get(env.base);
  assert.match(response.headers()["content-security-policy"], /script-src 'self' 'wasm-unsafe-eval'; style-src 'self'/);
  const inline = await page.evaluate(() => {
    const all = [...document.querySelectorAll("*")];
    const inside = [...document.querySelector("bill-widget").shadowRoot.querySelectorAll("*")];
    return [...all, ...inside].filter((el) => el.hasAttribute("style") || el.tagName === "STYLE").length;
  });
  assert.equal(inline, 0);
  assert.deepEqual(log.requests.filter((u) => !u.startsWith(env.base)), []);
  assert.deepEqual(log.errors, []);
  const asked = log.requests.length;
  await context.setOffline(true);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Another day" }).click();
  await w.getByRole("button", { name: "Daily cost budget" }).click();
  const v = await view(page);
  assert.equal(v.day, "Day 1");
  assert.match(v.summary, /^Daily cost budget/);
  // Nothing is fetched once loaded, but Chromium may ask for the tab's icon again at any
  // time: offline, only that request may be made and fail.
  assert.deepEqual(log.requests.slice(asked).filter((u) => !u.endsWith("/favicon.svg")), []);
  assert.deepEqual(log.errors.filter((e) => !/favicon|^Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/.test(e)), []);
  await context.close();
});

test("without JavaScript the page still shows the default day's picture and the core's sentences", async () => {
  const live = await open(env);
  await ready(live.page);
  const sentences = await live.page.evaluate(async () => {
    const m = await import("/pkg/billsim_wasm.js");
    await m.default();
    return ["noLimit", "requestsPerMinute", "dailyBudget"].map((p) => m.summarize(undefined, p));
  });
  const { page, context, log } = await open(env, "", { javaScriptEnabled: false });
  const shown = await page.locator(".fallback figcaption p").allTextContents();
  assert.deepEqual(shown, sentences, "the fallback's sentences are the core's for the default day");
  const picture = await page.locator(".fallback img").evaluate((img) => img.complete && img.naturalWidth);
  assert.ok(picture > 0, "the pre-rendered chart loads");
  // With JavaScript off, Chromium refuses the page's module preloads (reported as "csp"):
  // those are expected; nothing else may fail.
  assert.deepEqual(log.errors.filter((e) => !/^failed \S+\.js: csp$/.test(e)), []);
  // With JavaScript the fallback is not shown: the widget replaces it.
  assert.equal(await live.page.locator(".fallback").isVisible(), false);
  await Promise.all([context.close(), live.context.close()]);
});

test("the one-line snippet works in a blank page on another origin", async () => {
  // The lesson's own page, served from a different port: only the snippet points at the widget.
  const { createServer } = await import("node:http");
  const snippet = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lesson</title></head><body>
<p>Some lesson text.</p>
<script type="module" src="${env.base}bill-widget.js"></script>
<bill-widget policy="dailyBudget" seed="3" budget="0.5"></bill-widget>
</body></html>`;
  const host = createServer((req, res) => {
    if (req.url === "/favicon.ico") { res.writeHead(204).end(); return; }
    if (req.url !== "/") { res.writeHead(404).end(); return; }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(snippet);
  });
  await new Promise((resolve) => host.listen(0, "127.0.0.1", resolve));
  const context = await env.browser.newContext();
  try {
    const page = await context.newPage();
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    await ready(page);
    const v = await view(page);
    assert.match(v.summary, /^Daily cost budget \$0\.50:/);
    assert.equal(v.day, "Day 3");
    assert.deepEqual(errors, []);
  } finally {
    // Closed whatever happened, or the open server would keep this test file running.
    await context.close();
    host.closeAllConnections();
    await new Promise((resolve) => host.close(resolve));
  }
});

test("the standalone page opened on another lesson's widget takes that lesson's title, heading and introduction", async () => {
  const { page, log } = await load(env, "?scenario=runawayTenant");
  await ready(page);
  await page.waitForFunction(() => document.querySelector("h1").textContent === "A runaway tenant");
  const words = await page.evaluate(() => ({ title: document.title, intro: document.querySelector(".intro").textContent }));
  assert.equal(words.title, "A runaway tenant");
  assert.match(words.intro, /^A month of tenants on tiers using an agent/, words.intro);
  assert.doesNotMatch(words.intro, /orange|green/, "not lesson 000's colours");
  const own = await load(env, "");
  await ready(own.page);
  assert.equal(await own.page.locator("h1").textContent(), "Who runs up the bill?", "lesson 000's page keeps its own words");
  assert.deepEqual(log.errors, []);
});

test("an iframe address of many names the widget does not know says five, then how many more", async () => {
  const names = Array.from({ length: 60 }, (_, i) => `k${i}=1`).join("&");
  const { page, log } = await load(env, `embed.html?${names}`);
  await ready(page);
  const notice = await page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".notice").textContent);
  assert.equal(notice.match(/Ignored/g)?.length, 5, notice);
  assert.match(notice, /And 55 more ignored\.$/, notice);
  assert.deepEqual(log.errors, []);
});
