// Lesson 002's widget (<bill-widget scenario="runawayTenant">, web/examples/runaway-tenant.html)
// in headless Chromium: a click to the chart drawn (the widget's `bill-widget-change`
// event, dispatched after the chart, sentences, table and panels are written), for
//   - the policy buttons (the month kept: view, drawing and panels read one run),
//   - "Another month" (the next month was warmed after the last one was painted),
//   - a setting changed (a month run cold: its five policies over tens of thousands of calls);
// and "Another month" to the next animation frame, for information. The widget is timed as
// a lesson embeds it, without `sync-url`: with it, the event also waits for the address
// to be written (history.replaceState, a few ms in Chromium), timed in a row of its own.
// `node bench/runaway-tenant.mjs` prints this row alone (BENCH_WEB picks the web/ to serve);
// bench/run.mjs puts it in the one table.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launchChromium } from "./chromium.mjs";
import { median, quantile } from "./stats.mjs";

const PAGE = "examples/runaway-tenant.html";
const CLICKS = 200; // each kind, after WARMUP more
const COLD = 40;
const WARMUP = 30;

// Inside the page: each click is dispatched a random 0 to 16 ms after an animation frame,
// as a reader's click lands anywhere in a frame, and timed from just before `click()` to
// the widget's `bill-widget-change` event (synchronous inside the click); then to the next
// animation frame. `kind` picks what is clicked.
async function clicks({ kind, n, warmup, syncUrl }) {
  const widget = document.querySelector("bill-widget");
  widget.toggleAttribute("sync-url", syncUrl);
  const root = widget.shadowRoot;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const policies = [...root.querySelectorAll("[data-policy]")];
  const maxTokens = root.querySelector("[name=maxTokens]");
  const drawn = [], toFrame = [];
  let changed;
  widget.addEventListener("bill-widget-change", () => { changed = performance.now(); });
  for (let i = 0; i < warmup + n; i++) {
    await frame();
    await frame(); // a reader reads: the month warmed after the last paint has run
    await sleep(Math.random() * 16);
    changed = undefined;
    const start = performance.now();
    if (kind === "policy") policies[i % policies.length].click();
    else if (kind === "another") root.querySelector("[data-action=another-day]").click();
    else {
      // A month not run before, typed as a key is: its keydown comes after the last run, so
      // the widget applies it at once (a key pressed during a run waits for the next keys).
      maxTokens.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
      maxTokens.value = String(4000 + (i % 90));
      maxTokens.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (changed === undefined) throw new Error(`${kind} click ${i}: no bill-widget-change event`);
    const painted = await frame();
    if (i < warmup) continue;
    drawn.push(changed - start);
    toFrame.push(painted - start);
  }
  return { drawn, toFrame, month: root.querySelector(".day-number").textContent };
}

/** Runs the clicks on `webDir`'s example page; returns the raw times and a summary per kind. */
export async function runRunawayTenant(webDir = resolve(import.meta.dirname, "../web")) {
  const { serve } = await import(pathToFileURL(resolve(webDir, "serve.mjs")).href);
  const server = await serve(0);
  const url = `http://127.0.0.1:${server.address().port}/${PAGE}`;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(url);
    await page.locator("bill-widget").locator(".summary").filter({ hasText: /\S/ }).waitFor();
    // V8 compiles the module's hot functions again, optimised, on a background thread after
    // the first calls: let that finish before timing (on 2 cores it competes with the page).
    await page.evaluate((n) => new Promise((r) => setTimeout(r, n)), 2000);
    const out = { errors };
    for (const [kind, n, syncUrl] of [["policy", CLICKS], ["another", CLICKS], ["cold", COLD], ["anotherSynced", COLD, true]]) {
      out[kind] = await page.evaluate(clicks, { kind: kind.replace("Synced", ""), n, warmup: WARMUP, syncUrl: !!syncUrl });
    }
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}

/** The rows bench/run.mjs prints: [what, median, p95, max, runs, target, pass]. */
export function runawayRows(r, targetMs = 16) {
  const row = (what, xs, target) => {
    const p95 = quantile(xs, 0.95);
    return [what, median(xs), p95, Math.max(...xs), xs.length, target ? `p95 < ${targetMs} ms` : "(for information)",
      target ? (p95 < targetMs ? "PASS" : "MISS") : ""];
  };
  return [
    row("runawayTenant: policy button -> chart drawn (event)", r.policy.drawn, true),
    row('runawayTenant: "Another month" -> chart drawn (event)', r.another.drawn, true),
    row('runawayTenant: "Another month" -> next animation frame', r.another.toFrame, false),
    row("runawayTenant: a setting changed (month run cold) -> chart drawn", r.cold.drawn, false),
    row('runawayTenant: "Another month" with sync-url -> event', r.anotherSynced.drawn, false),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runRunawayTenant(process.env.BENCH_WEB);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(r));
  } else {
    const ms = (x) => (typeof x === "number" ? (Number.isInteger(x) ? String(x) : x.toFixed(1)) : x);
    for (const cells of runawayRows(r)) console.log(cells.map(ms).join("  "));
    if (r.errors.length) console.log(`ERRORS in the page: ${r.errors.join("; ")}`);
  }
}
