// embed-host.js on a lesson page of another origin: it sizes the widget's own frame, and
// no other frame on the page (an ad, a video) can have itself resized by asking.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { start } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** A server for `pages` ({ "/path": html }) on a port of its own: another origin. */
async function origin(pages) {
  const server = createServer((req, res) => {
    const body = pages[req.url];
    if (body === undefined) { res.writeHead(404).end(); return; }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// A frame that asks to be made 5,000 px tall, as a hostile ad could.
const AD = `<!doctype html><title>ad</title><script>
  setInterval(() => parent.postMessage({ type: "bill-widget:height", height: 5000 }, "*"), 50);
</script>`;

test("the host sizes only the widget's own frame: a frame of any other page asking for 5000 px is left alone", async () => {
  const ads = await origin({ "/ad.html": AD });
  const host = await origin({
    "/": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lesson</title>
<script type="module" src="${env.base}embed-host.js"></script></head><body>
<iframe id="widget" src="${env.base}embed.html?policy=dailyBudget" title="widget" height="600"></iframe>
<iframe id="ad-other" src="${ads.base}ad.html" title="ad" height="90"></iframe>
<iframe id="ad-same" src="/ad.html" title="ad" height="90"></iframe>
<iframe id="widget-origin-ad" src="${env.base}not-the-embed.html" title="ad" height="90"></iframe>
</body></html>`,
    "/ad.html": AD,
  });
  const context = await env.browser.newContext();
  // A page on the widget's own origin that is not the embed, asking too.
  await context.route(`${env.base}not-the-embed.html`, (route) => route.fulfill({ contentType: "text/html", body: AD }));
  try {
    const page = await context.newPage();
    await page.goto(host.base);
    await page.frameLocator("#widget").locator("bill-widget").locator(".summary").filter({ hasText: /bill/ }).waitFor();
    await page.waitForFunction(() => document.querySelector("#widget").height !== "600");
    // Give the ads many chances to be heard.
    await page.waitForTimeout(500);
    const heights = await page.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll("iframe")].map((f) => [f.id, f.height])));
    assert.equal(heights["ad-other"], "90", `an ad on another origin stays 90 px: ${JSON.stringify(heights)}`);
    assert.equal(heights["ad-same"], "90", `a frame on the host's origin stays 90 px: ${JSON.stringify(heights)}`);
    assert.equal(heights["widget-origin-ad"], "90", `a page of the widget's origin that is not the embed stays 90 px: ${JSON.stringify(heights)}`);
    assert.ok(Number(heights.widget) > 100 && Number(heights.widget) < 5000, `the widget's frame is sized: ${heights.widget}`);
  } finally {
    await context.close();
    await Promise.all([ads.close(), host.close()]);
  }
});

test("on a phone the widget's frame grows past 5,000 px to the whole of a tall widget, with nothing to scroll inside it", async () => {
  const host = await origin({
    "/": `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>A lesson</title><script type="module" src="${env.base}embed-host.js"></script></head><body style="margin: 0">
<iframe id="widget" src="${env.base}embed.html?scenario=freeTier" title="widget" style="width: 100%; border: 0" height="600"></iframe>
</body></html>`,
  });
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(host.base);
    const widget = page.frameLocator("#widget").locator("bill-widget");
    await widget.locator(".summary").filter({ hasText: /bill/ }).waitFor();
    await widget.getByRole("button", { name: "Show numbers" }).first().click();
    const frame = page.frames().find((f) => f.url().includes("embed.html"));
    const content = () => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    const sized = () => page.evaluate(() => Number(document.querySelector("#widget").height));
    // The frame follows its content's reports: wait until they agree, up to 5 s.
    let [height, inside] = [await sized(), await content()];
    for (let tries = 0; tries < 50 && height !== inside; tries++) {
      await page.waitForTimeout(100);
      [height, inside] = [await sized(), await content()];
    }
    assert.ok(inside > 5000, `lesson 003's widget with its numbers open is taller than 5,000 px at 390: ${inside}`);
    assert.equal(height, inside, "the frame is as tall as its content");
  } finally {
    await context.close();
    await host.close();
  }
});

test("a widget of theme auto in the frame takes the host page's colours, not the reader's system, and follows the host's switch", async () => {
  const host = await origin({
    "/": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lesson</title>
<style>html[data-theme="dark"] body { background: #1b1b1d; }</style>
<script type="module" src="${env.base}embed-host.js"></script></head><body>
<iframe id="widget" src="${env.base}embed.html" title="widget" style="width: 100%; border: 0" height="600"></iframe>
</body></html>`,
  });
  // The reader's system prefers dark; the host page is white until its switch.
  const context = await env.browser.newContext({ colorScheme: "dark" });
  try {
    const page = await context.newPage();
    await page.goto(host.base);
    const widget = page.frameLocator("#widget").locator("bill-widget");
    await widget.locator(".summary").filter({ hasText: /bill/ }).waitFor();
    const dark = () => widget.evaluate((e) => e.hasAttribute("data-dark"));
    const within = async (want) => {
      for (let tries = 0; tries < 50 && (await dark()) !== want; tries++) await page.waitForTimeout(100);
      return dark();
    };
    assert.equal(await within(false), false, "light in a white page, though the system prefers dark");
    await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    assert.equal(await within(true), true, "dark once the host switches to dark");
    await page.evaluate(() => document.documentElement.removeAttribute("data-theme"));
    assert.equal(await within(false), false, "light again with the host");
    // The frame's page loaded again is told the colours again, though they have not changed.
    await page.evaluate(() => { const f = document.querySelector("#widget"); f.src = f.src; });
    await page.frameLocator("#widget").locator("bill-widget").locator(".summary").filter({ hasText: /bill/ }).waitFor();
    assert.equal(await within(false), false, "light after the frame's page loads again, the system still dark");
  } finally {
    await context.close();
    await host.close();
  }
});
