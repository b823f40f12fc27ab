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
