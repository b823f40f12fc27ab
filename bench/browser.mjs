// The widget in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core;
// no browser is downloaded), against web/serve.mjs on localhost:
//   - navigation to the first painted chart, in a fresh browser context each time;
//   - "Another day" click to the chart drawn, to the next animation frame, and to the line
//     under the chart (the widget's own check over 200 days) updated;
//   - the core's work inside the page (simulateDay, checkDays on 200 and 10,000 days);
//   - wasm memory after 10 and after 10,000 "Another day" clicks.
// `node bench/browser.mjs` prints the results; `--json` prints one JSON object for bench/run.mjs.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium } from "./chromium.mjs";

const NAVIGATIONS = 15;
const CLICKS = 300; // measured, after CLICK_WARMUP more
const CLICK_WARMUP = 20;
const MEMORY_CLICKS = [10, 10_000];

// Before any page script: note when the widget first says it drew (its `bill-widget-change`
// event, seen from the window in the capture phase), then the next animation frame, when
// that drawing is painted, once the canvas is not blank (read back only after the frame's
// time is taken, so the check costs the measure nothing). All times are performance.now():
// milliseconds since the navigation started.
function watchFirstChart() {
  const b = (window.__bench = { changes: 0 });
  const nonBlank = (canvas) => {
    if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 4; i < data.length; i += 4) {
      if (data[i] !== data[0] || data[i + 1] !== data[1] || data[i + 2] !== data[2] || data[i + 3] !== data[3]) return true;
    }
    return false;
  };
  addEventListener("bill-widget-change", (e) => {
    b.changes++;
    if (b.changes > 1) return;
    b.change = performance.now();
    const canvas = e.target.shadowRoot?.querySelector("canvas");
    // If the chart is not on the canvas yet (no size yet), wait frame by frame until it is.
    const paint = (frames) => requestAnimationFrame(() => {
      const now = performance.now();
      if (nonBlank(canvas)) Object.assign(b, { painted: now, framesAfterEvent: frames });
      else paint(frames + 1);
    });
    paint(1);
  }, { capture: true });
}

// `loaded` collects the path and HTTP status of every file the page requested from the server.
async function firstChart(browser, url, loaded = new Map()) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.on("response", (r) => { if (r.url().startsWith(url)) loaded.set(new URL(r.url()).pathname, r.status()); });
    await page.addInitScript(watchFirstChart);
    await page.goto(url);
    await page.waitForFunction(() => window.__bench?.painted !== undefined, null, { timeout: 30_000 });
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const { change, painted, framesAfterEvent } = window.__bench;
      return { change, painted, framesAfterEvent, domContentLoaded: nav?.domContentLoadedEventEnd };
    });
  } finally {
    await context.close();
  }
}

// Inside the page: a reader's click arrives at any moment of a frame, as a task of its
// own; so each click is dispatched a random 0 to 16 ms after a frame. `drawn` runs from the
// click to the widget's `bill-widget-change` event (it fires after the chart is drawn on
// the canvas, synchronously inside the click); `frame` to the next animation frame after
// it, the frame that paints the chart; `days` to the widget's `bill-widget-days` event,
// when the line under the chart (its check over 200 days, which the click schedules with
// setTimeout) is updated. Each click waits for that line before the next.
async function clicks({ n, warmup }) {
  const widget = document.querySelector("bill-widget");
  const button = widget.shadowRoot.querySelector("[data-action=another-day]");
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const drawn = [], toFrame = [], toDays = [];
  let changed, days, daysBeforeFrame = 0;
  widget.addEventListener("bill-widget-change", () => { changed = performance.now(); });
  widget.addEventListener("bill-widget-days", () => { days = performance.now(); });
  for (let i = 0; i < warmup + n; i++) {
    await frame();
    await sleep(Math.random() * 16);
    changed = days = undefined;
    const start = performance.now();
    button.click();
    if (changed === undefined) throw new Error(`click ${i}: no bill-widget-change event`);
    const painted = await frame();
    const daysFirst = days !== undefined;
    for (const deadline = performance.now() + 5000; days === undefined && performance.now() < deadline;) await sleep(2);
    if (i < warmup) continue;
    drawn.push(changed - start);
    toFrame.push(painted - start);
    if (days !== undefined) toDays.push(days - start);
    daysBeforeFrame += daysFirst;
  }
  return { drawn, toFrame, toDays, daysBeforeFrame, day: widget.shadowRoot.querySelector(".day-number").textContent };
}

// Inside the page: the core through the module with every export (web/pkg: the same code as
// the widget's lesson module, which leaves out simulateDay and checkDays), started here.
async function coreInPage() {
  const m = await import(new URL("pkg/billsim_wasm.js", location.href).href);
  await m.default();
  const timeRuns = (f, samples, units = 1, warmup = 1) => { // as in bench/stats.mjs
    for (let i = 0; i < warmup; i++) f();
    const out = [];
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      f();
      out.push((performance.now() - start) / units);
    }
    return out;
  };
  let sink = 0;
  return {
    day: timeRuns(() => { for (let seed = 0; seed < 100; seed++) sink += m.simulateDay({ seed }).seed; }, 41, 100),
    spread200: timeRuns(() => { sink += m.spreadSentences({ seed: 0 }, 200).noLimit.length; }, 31),
    days200: timeRuns(() => { sink += m.checkDays({ seed: 0 }, 200).count; }, 31),
    days10000: timeRuns(() => { sink += m.checkDays({ seed: 0 }, 10000).count; }, 3, 1, 0), // warm from the rows above
    sink,
    crossOriginIsolated: self.crossOriginIsolated,
  };
}

// Inside the page: clicks "Another day" until `total` clicks were made, yielding to the
// browser every 50 (a frame) so it paints and collects garbage as it would for a reader.
async function clickUntil(total) {
  const widget = document.querySelector("bill-widget");
  const button = widget.shadowRoot.querySelector("[data-action=another-day]");
  window.__clicks ??= 0;
  while (window.__clicks < total) {
    button.click();
    window.__clicks++;
    if (window.__clicks % 50 === 0) await new Promise((r) => requestAnimationFrame(r));
  }
  await new Promise((r) => requestAnimationFrame(r));
  const m = await import(new URL("pkg-toy-day/billsim_wasm.js", location.href).href);
  return { clicks: window.__clicks, bytes: m.wasmMemoryBytes(), day: widget.shadowRoot.querySelector(".day-number").textContent,
    changes: window.__bench.changes - 1, // the events after the first draw: one per click if every click drew
    jsHeapBytes: performance.memory?.usedJSHeapSize };
}

/** `webDir`: the directory of the page, served by its own serve.mjs (web/, or a copy of it). */
export async function runBrowser(webDir = resolve(import.meta.dirname, "../web")) {
  const { serve } = await import(pathToFileURL(resolve(webDir, "serve.mjs")).href);
  const server = await serve(0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launchChromium();
  try {
    const out = { chromium: browser.version(), clickWarmup: CLICK_WARMUP, pageErrors: [] };
    const watch = (page) => page.on("pageerror", (e) => out.pageErrors.push(String(e)));
    // A first navigation not counted: the browser's own start-up work lands on it.
    await firstChart(browser, url);
    out.navigations = [];
    const loaded = new Map();
    for (let i = 0; i < NAVIGATIONS; i++) out.navigations.push(await firstChart(browser, url, loaded));
    out.loaded = [...loaded].sort().map(([path, status]) => ({ path, status }));

    const page = await browser.newPage();
    watch(page);
    await page.addInitScript(watchFirstChart);
    await page.goto(url);
    await page.waitForFunction(() => window.__bench?.painted !== undefined);
    out.clicks = await page.evaluate(clicks, { n: CLICKS, warmup: CLICK_WARMUP });
    out.core = await page.evaluate(coreInPage);
    await page.close();

    // Memory on a fresh page, so the counts are clicks since the page loaded.
    const memPage = await browser.newPage();
    watch(memPage);
    await memPage.addInitScript(watchFirstChart);
    await memPage.goto(url);
    await memPage.waitForFunction(() => window.__bench?.painted !== undefined);
    const memoryStart = performance.now();
    out.memory = [];
    for (const total of MEMORY_CLICKS) out.memory.push(await memPage.evaluate(clickUntil, total));
    out.memorySeconds = (performance.now() - memoryStart) / 1e3;
    await memPage.close();
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await runBrowser(process.env.BENCH_WEB);
  if (process.argv.includes("--json")) console.log(JSON.stringify(out));
  else console.dir(out, { depth: 1 });
}
