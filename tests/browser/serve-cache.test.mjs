// The dev server's caching: clicking in the widget fetches nothing (the address changes
// with sync-url, and a browser asks for the favicon again unless it may keep it), and a
// page reload revalidates code and built files rather than trusting a stale copy.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, ready } from "./harness.mjs";

let env;
const seen = [];
before(async () => {
  env = await start();
  env.server.on("request", (req) => seen.push(req.url));
});
after(async () => { await env.stop(); });

test("twenty clicks on Another day fetch nothing from the dev server", async () => {
  const { page, context, log } = await open(env);
  await ready(page);
  await page.waitForLoadState("networkidle");
  const loaded = seen.length;
  const day = page.locator("bill-widget").locator(".day-number");
  for (let i = 1; i <= 20; i++) {
    await page.locator("bill-widget").getByRole("button", { name: "Another day" }).click();
    await day.filter({ hasText: `Day ${i}` }).waitFor();
  }
  await page.waitForTimeout(300);
  assert.deepEqual(seen.slice(loaded), [], `requests after loading, during 20 clicks (${seen.length - loaded})`);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test("the dev server lets a browser keep the favicon and revalidate code and built files", async () => {
  const get = (path, headers = {}) => fetch(env.base + path, { headers });
  const favicon = await get("favicon.svg");
  assert.match(favicon.headers.get("cache-control"), /max-age=\d{4,}/, "favicon.svg may be kept");
  for (const path of ["", "bill-widget.js", "pkg-toy-day/billsim_wasm_bg.wasm", "figures/share-of-bill.svg"]) {
    const first = await get(path);
    assert.equal(first.headers.get("cache-control"), "no-cache", `${path || "/"} is revalidated`);
    const etag = first.headers.get("etag");
    assert.ok(etag, `${path || "/"} has an ETag`);
    const again = await get(path, { "if-none-match": etag });
    assert.equal(again.status, 304, `${path || "/"} unchanged answers 304`);
  }
});
