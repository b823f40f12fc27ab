// Every view of lessons 001 to 003's widgets that shows policy buttons, in headless
// Chromium: a policy button clicked to the chart drawn (the widget's `bill-widget-change`
// event, dispatched after the chart, sentences, table and panels are written), each click a
// random 0 to 16 ms after an animation frame, as bench/runaway-tenant.mjs times lesson 002's
// first view. The run is kept between policy clicks, so this times each view's own work:
// deriving it from the kept run and drawing it. Beside it, the same click to the next frame
// painted (a task posted from that frame's requestAnimationFrame runs after its paint): work
// moved past the event (a layout, a style) shows there. `node bench/views.mjs` prints these
// rows alone (BENCH_WEB picks the web/ to serve); bench/run.mjs puts them in the one table.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium } from "./chromium.mjs";
import { median, quantile } from "./stats.mjs";

const PAGES = ["examples/free-tier.html", "examples/hackathon.html", "examples/runaway-tenant.html"];
const CLICKS = 60; // each view, after WARMUP more
const WARMUP = 10;

// Inside the page: shows `view`, then clicks the policy buttons in turn; null for a view
// that shows no policy buttons (over time draws every policy at once).
async function clicks({ view, n, warmup }) {
  const widget = document.querySelector("bill-widget");
  // Timed as a lesson embeds the widget, without sync-url (as bench/runaway-tenant.mjs
  // times it): with it, each click also writes the address (history.replaceState, about
  // 3 ms of each click here).
  widget.removeAttribute("sync-url");
  const root = widget.shadowRoot;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  // The next frame's paint: its requestAnimationFrame callbacks run before its style, layout
  // and paint; a message posted from there arrives as the first task after them.
  const painted = () => new Promise((r) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => r(performance.now());
    channel.port2.postMessage(null);
  }));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  root.querySelector(`[data-view="${view}"]`).click();
  await frame();
  const policies = [...root.querySelectorAll("button[data-policy]")].filter((b) => b.checkVisibility());
  if (policies.length === 0) return null;
  const drawn = [], toPaint = [];
  let changed;
  const seen = () => { changed = performance.now(); };
  widget.addEventListener("bill-widget-change", seen);
  for (let i = 0; i < warmup + n; i++) {
    await frame();
    await frame();
    await sleep(Math.random() * 16);
    changed = undefined;
    const start = performance.now();
    policies[i % policies.length].click();
    if (changed === undefined) throw new Error(`${view}, click ${i}: no bill-widget-change event`);
    const shown = await painted();
    if (i >= warmup) {
      drawn.push(changed - start);
      toPaint.push(shown - start);
    }
  }
  widget.removeEventListener("bill-widget-change", seen);
  return { drawn, toPaint };
}

/** Each lesson view's click times: `{ errors, views: [{ page, view, drawn, toPaint }] }`. */
export async function runViews(webDir = resolve(import.meta.dirname, "../web")) {
  const { serve } = await import(pathToFileURL(resolve(webDir, "serve.mjs")).href);
  const server = await serve(0);
  const browser = await launchChromium();
  const out = { errors: [], views: [] };
  try {
    for (const path of PAGES) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      page.on("pageerror", (e) => out.errors.push(`${path}: ${e}`));
      await page.goto(`http://127.0.0.1:${server.address().port}/${path}`);
      await page.locator("bill-widget").locator(".summary").filter({ hasText: /\S/ }).waitFor();
      // Let V8 finish optimising the module's hot functions before timing (see runaway-tenant.mjs).
      await page.evaluate((ms) => new Promise((r) => setTimeout(r, ms)), 2000);
      const views = await page.locator("bill-widget").evaluate((w) =>
        [...w.shadowRoot.querySelectorAll("[data-view]")].map((b) => b.dataset.view));
      for (const view of views) {
        const times = await page.evaluate(clicks, { view, n: CLICKS, warmup: WARMUP });
        if (times) out.views.push({ page: path, view, ...times });
      }
      await page.close();
    }
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}

/** The rows bench/run.mjs prints: [what, median, p95, max, runs, target, pass], two a view:
 *  to the event (the target is on it) and, under it, to the next frame painted. */
export function viewRows(r, targetMs = 16) {
  return r.views.flatMap(({ view, drawn, toPaint }) => {
    const p95 = quantile(drawn, 0.95);
    return [
      [`${view}: policy button -> chart drawn (event)`, median(drawn), p95, Math.max(...drawn), drawn.length,
        `p95 < ${targetMs} ms`, p95 < targetMs ? "PASS" : "MISS"],
      [`  the same click -> next frame painted`, median(toPaint), quantile(toPaint, 0.95), Math.max(...toPaint),
        toPaint.length, "(for information)", ""],
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runViews(process.env.BENCH_WEB);
  const ms = (x) => (typeof x === "number" ? (Number.isInteger(x) ? String(x) : x.toFixed(1)) : x);
  for (const cells of viewRows(r)) console.log(cells.map(ms).join("  "));
  if (r.errors.length) console.log(`ERRORS in the page: ${r.errors.join("; ")}`);
}
