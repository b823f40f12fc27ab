// Runs every benchmark and prints ONE table (scripts/bench builds what this needs first):
// the core natively (the release example) and as wasm under Node.js, with the ratio;
// the widget in headless Chromium; the sizes of what the page loads; wasm memory after
// many "Another day" clicks. Beside each target: PASS or MISS. Medians unless a column
// says otherwise. The raw numbers are written to target/bench/results.json too.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { runBrowser } from "./browser.mjs";
import { runRunawayTenant, runawayRows } from "./runaway-tenant.mjs"; // lesson 002's widget (issue 11)
import { runViews, viewRows } from "./views.mjs"; // every view of lessons 001 to 003 (issue 20)
import { FAR_PAGE, FIRST_VIEW_TARGET, PRESSED, firstViewTotals, runFirstView } from "./first-view.mjs"; // each lesson's first view (issue 22)
import { median, quantile } from "./stats.mjs";

const root = resolve(import.meta.dirname, "..");
// What is measured: web/ and target/pkg-node, or the copies scripts/bench takes after its build
// (with the package packed from that web/, BENCH_PACKAGE, which the first views load).
const webDir = resolve(process.env.BENCH_WEB ?? resolve(root, "web"));
const nodePkg = resolve(process.env.WASM_NODE_PKG ?? resolve(root, "target/pkg-node/billsim_wasm.js"));
const say = (text) => process.stderr.write(`${text}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");

// The targets of issue 5 (1 KB = 1,000 bytes).
const TARGET = {
  ratio200: 2.0, chromium200Ms: 20, clickP95Ms: 16, firstChartMs: 300,
  wasmRaw: 150_000, wasmGzip: 60_000, widgetGzip: 100_000,
};
// Issue 5's files, with lesson 000's module (the standalone page's widget loads it).
const PAGE_FILES = ["index.html", "page.css", "bill-widget.js", "bill-widget-styles.js", "pkg-toy-day/billsim_wasm.js", "pkg-toy-day/billsim_wasm_bg.wasm"];

const started = new Date();
const loadBefore = load();
const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const commit = `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? " + uncommitted changes" : ""}`;

say("bench: the core natively (target/release/examples/bench) ...");
const native = JSON.parse(execFileSync(resolve(root, "target/release/examples/bench"), ["--json"], { encoding: "utf8" }));
say("bench: the core as wasm under Node.js (bench/wasm-node.mjs) ...");
const node = JSON.parse(execFileSync(process.execPath, [resolve(root, "bench/wasm-node.mjs"), "--json"],
  { encoding: "utf8", env: { ...process.env, WASM_NODE_PKG: nodePkg } }));
// The same rows from a build of the baseline commit (scripts/bench builds it), if any.
const baseline = process.env.BENCH_BASELINE_NATIVE && {
  commit: process.env.BENCH_BASELINE_COMMIT,
  native: JSON.parse(execFileSync(process.env.BENCH_BASELINE_NATIVE, ["--json"], { encoding: "utf8" })),
  node: JSON.parse(execFileSync(process.execPath, [resolve(root, "bench/wasm-node.mjs"), "--json"],
    { encoding: "utf8", env: { ...process.env, WASM_NODE_PKG: process.env.BENCH_BASELINE_NODE_PKG } })),
};
say("bench: the widget in headless Chromium (bench/browser.mjs), about a minute or two ...");
const browser = await runBrowser(webDir);
// ---- lesson 002's widget (issue 11): its clicks on web/examples/runaway-tenant.html
say("bench: lesson 002's widget in headless Chromium (bench/runaway-tenant.mjs) ...");
const runaway = await runRunawayTenant(webDir);
// ---- end of lesson 002's block
say("bench: every view of lessons 001 to 003 in headless Chromium (bench/views.mjs) ...");
const views = await runViews(webDir);
say("bench: each lesson's first view in headless Chromium (bench/first-view.mjs) ...");
const firstView = await runFirstView(webDir, process.env.BENCH_PACKAGE);

// Sizes: the files the brief names, and any other file the page requested while it loaded.
const asFile = (path) => (path.endsWith("/") ? `${path}index.html` : path).replace(/^\//, "");
const extra = browser.loaded.filter((l) => l.status === 200).map((l) => asFile(l.path)).filter((f) => !PAGE_FILES.includes(f));
const notFound = browser.loaded.filter((l) => l.status !== 200).map((l) => `${asFile(l.path)} (${l.status})`);
const sizes = [...PAGE_FILES, ...extra].map((file) => {
  const bytes = readFileSync(resolve(webDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, named: PAGE_FILES.includes(file) };
});
const loadAfter = load();

// ---- the numbers
const inPage = Object.fromEntries(Object.entries(browser.core).filter(([, v]) => Array.isArray(v)).map(([k, v]) => [k, median(v)]));
const firstChart = browser.navigations.map((n) => n.painted);
const drawn = browser.clicks.drawn;
const toFrame = browser.clicks.toFrame;
const toDays = browser.clicks.toDays;
const wasmSize = sizes.find((s) => s.file.endsWith(".wasm"));
const total = (list) => ({ raw: list.reduce((a, s) => a + s.raw, 0), gzip: list.reduce((a, s) => a + s.gzip, 0), count: list.length });
const named = total(sizes.filter((s) => s.named));
const widget = total(sizes);
const [mem10, memMany] = browser.memory;

// ---- the table
const verdict = (ok) => (ok ? "PASS" : "MISS");
const ms = (x) => (x === undefined || Number.isNaN(x) ? "-" : x < 1 ? x.toFixed(3) : x < 100 ? x.toFixed(1) : x.toFixed(0));
const ratio = (a, b) => (a / b).toFixed(2);
const int = (n) => n.toLocaleString("en-US");
const rows = [];
const section = (...cells) => rows.push({ head: true, cells });
const row = (...cells) => rows.push({ cells });

section("Core: median ms per run", "native", "wasm Node", "wasm/native", "Chromium", "target", "");
row("1 day, 3 policies (simulate_day / simulateDay)", ms(native.day.medianMs), ms(node.day.medianMs),
  ratio(node.day.medianMs, native.day.medianMs), ms(inPage.day), baseline ? "as fast as before" : "",
  baseline ? verdict(native.day.medianMs <= baseline.native.day.medianMs && node.day.medianMs <= baseline.node.day.medianMs) : "");
if (baseline) {
  row(`  the same, before the engine (${baseline.commit})`, ms(baseline.native.day.medianMs), ms(baseline.node.day.medianMs),
    ratio(baseline.node.day.medianMs, baseline.native.day.medianMs), "", "", "");
  row(`  200 days, the widget's line, before the engine`, ms(baseline.native.spread200.medianMs),
    ms(baseline.node.spread200.medianMs), ratio(baseline.node.spread200.medianMs, baseline.native.spread200.medianMs), "", "", "");
}
// The targets are for the widget's 200-day line (each day once, under the three policies);
// the lesson's full check (many_days) runs each day's budget twice more, at $0.15 and $0.50.
const r200 = node.spread200.medianMs / native.spread200.medianMs;
row("200 days, the widget's line (days_spread / spreadSentences)", ms(native.spread200.medianMs), ms(node.spread200.medianMs),
  r200.toFixed(2), ms(inPage.spread200), `wasm/native <= ${TARGET.ratio200.toFixed(1)}`, verdict(r200 <= TARGET.ratio200));
row("  the same 200 days in Chromium", "", "", "", ms(inPage.spread200), `Chromium < ${TARGET.chromium200Ms} ms`,
  verdict(inPage.spread200 < TARGET.chromium200Ms));
row("200 days, the lesson's claims (many_days / checkDays)", ms(native.days200.medianMs), ms(node.days200.medianMs),
  ratio(node.days200.medianMs, native.days200.medianMs), ms(inPage.days200), "", "");
row("10,000 days (many_days / checkDays, 0..10000)", ms(native.days10000.medianMs), ms(node.days10000.medianMs),
  ratio(node.days10000.medianMs, native.days10000.medianMs), ms(inPage.days10000), "", "");

section("Engine: median ms per run", "native", "wasm Node", "wasm/native", "", "target", "");
row("1,000,000 calls, 10,000 users, 3 guards: run", ms(native.engine1m.medianMs), "", "", "", "native < 500 ms",
  verdict(native.engine1m.medianMs < 500));
row("  the same, traffic generated and run", ms(native.engine1mAll.medianMs), ms(node.engine1mAll?.medianMs),
  node.engine1mAll ? ratio(node.engine1mAll.medianMs, native.engine1mAll.medianMs) : "-", "", "", "");

section("Widget in Chromium: ms", "median", "p95", "max", "runs", "target", "");
row("navigation -> first chart painted", ms(median(firstChart)), ms(quantile(firstChart, 0.95)), ms(Math.max(...firstChart)),
  String(firstChart.length), `median <= ${TARGET.firstChartMs} ms`, verdict(median(firstChart) <= TARGET.firstChartMs));
row('"Another day" click -> chart drawn (event)', ms(median(drawn)), ms(quantile(drawn, 0.95)), ms(Math.max(...drawn)),
  String(drawn.length), `p95 < ${TARGET.clickP95Ms} ms`, verdict(quantile(drawn, 0.95) < TARGET.clickP95Ms));
row('"Another day" click -> next animation frame', ms(median(toFrame)), ms(quantile(toFrame, 0.95)), ms(Math.max(...toFrame)),
  String(toFrame.length), "(for information)", "");
row('"Another day" click -> 200-day line updated', ms(median(toDays)), ms(quantile(toDays, 0.95)), ms(Math.max(...toDays)),
  String(toDays.length), "(for information)", "");

// ---- lesson 002's widget (issue 11)
section("Lesson 002's widget in Chromium: ms", "median", "p95", "max", "runs", "target", "");
for (const [what, med, p95, max, runs, target, pass] of runawayRows(runaway, TARGET.clickP95Ms)) {
  row(what, ms(med), ms(p95), ms(max), String(runs), target, pass);
}
// ---- end of lesson 002's block
section("Every view of lessons 001 to 003 in Chromium: ms", "median", "p95", "max", "runs", "target", "");
for (const [what, med, p95, max, runs, target, pass] of viewRows(views, TARGET.clickP95Ms)) {
  row(what, ms(med), ms(p95), ms(max), String(runs), target, pass);
}
if (views.errors.length) say(`ERRORS in the lesson pages: ${views.errors.join("; ")}`);

section("Sizes: bytes", "raw", "gzip -9", "", "", "target", "");
for (const s of sizes) {
  if (s === wasmSize) {
    row(s.file, int(s.raw), int(s.gzip), "", "", `raw <= ${int(TARGET.wasmRaw)}`, verdict(s.raw <= TARGET.wasmRaw));
    row("", "", "", "", "", `gzip <= ${int(TARGET.wasmGzip)}`, verdict(s.gzip <= TARGET.wasmGzip));
  } else {
    row(s.named ? s.file : `${s.file} (also requested)`, int(s.raw), int(s.gzip), "", "", "", "");
  }
}
if (widget.count > named.count) row(`the ${named.count} files named in issue 5`, int(named.raw), int(named.gzip), "", "", "", "");
row(`the whole widget: all ${widget.count} files above`, int(widget.raw), int(widget.gzip), "", "", `gzip <= ${int(TARGET.widgetGzip)}`,
  verdict(widget.gzip <= TARGET.widgetGzip));

// Each lesson page as it loads: its widget fetches its lesson's own module (web/lesson-modules.js).
section("Each lesson's first view: bytes at gzip -9", "all", "wasm", "JS", "the rest", "target", "");
const firstViews = firstViewTotals(firstView).map((t) => {
  const js = t.byKind.JS ?? 0;
  const rest = t.totalGzip - t.wasmGzip - js;
  // A long lesson's first screen, its widget further down: no module until the reader scrolls.
  if (t.page === FAR_PAGE.as) {
    row(t.page, int(t.totalGzip), int(t.wasmGzip), int(js), int(rest), "no wasm", verdict(t.wasmGzip === 0));
    return t;
  }
  // A widget written loading="interaction": its first view, then what its start button fetched.
  if (t.page.endsWith(PRESSED.suffix)) {
    row(t.page, int(t.totalGzip), int(t.wasmGzip), int(js), int(rest),
      `all <= ${int(FIRST_VIEW_TARGET.totalGzip)}`, verdict(t.totalGzip <= FIRST_VIEW_TARGET.totalGzip));
    return t;
  }
  if (t.page === PRESSED.after) {
    row(t.page, int(t.totalGzip), int(t.wasmGzip), int(js), int(rest), "", "");
    return t;
  }
  row(t.page, int(t.totalGzip), int(t.wasmGzip), int(js), int(rest),
    `all <= ${int(FIRST_VIEW_TARGET.totalGzip)}`, verdict(t.totalGzip <= FIRST_VIEW_TARGET.totalGzip));
  row("  its lesson's module", "", int(t.wasmGzip), "", "",
    `wasm <= ${int(FIRST_VIEW_TARGET.wasmGzip)}`, verdict(t.wasmGzip <= FIRST_VIEW_TARGET.wasmGzip));
  return t;
});
if (firstView.errors.length) say(`ERRORS in the first views: ${firstView.errors.join("; ")}`);

section("wasm memory: bytes", `${int(mem10.clicks)} clicks`, `${int(memMany.clicks)} clicks`, "growth", "", "", "");
const grew = memMany.bytes - mem10.bytes;
row("wasmMemoryBytes() after that many clicks", int(mem10.bytes), int(memMany.bytes), int(grew), "", "",
  grew > 0 ? "GREW" : "did not grow");

const widths = [];
for (const r of rows) r.cells.forEach((c, i) => { widths[i] = Math.max(widths[i] ?? 0, c.length); });
const line = (cells) => cells.map((c, i) => (i === 0 || i >= 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
const rule = "-".repeat(line(rows[0].cells.map((_, i) => "".padEnd(widths[i]))).length);

const cpu = cpus();
const out = [
  `Benchmarks of the bill widget, ${started.toISOString().slice(0, 16).replace("T", " ")} UTC`,
  `machine: ${cpu.length} cores (${cpu[0]?.model.trim()}), load average ${loadBefore} before, ${loadAfter} after`,
  `commit ${commit}; node ${process.version}; chromium ${browser.chromium}`,
];
for (const r of rows) {
  if (r.head) out.push(rule);
  out.push(line(r.cells));
}
out.push(rule);
if (browser.pageErrors.length) out.push(`ERRORS in the page: ${[...new Set(browser.pageErrors)].join("; ")}`);
if (notFound.length) out.push(`The page also requested, and the server did not have: ${notFound.join(", ")}.`);
out.push(`Navigation, medians: DOMContentLoaded at ${ms(median(browser.navigations.map((n) => n.domContentLoaded)))} ms,` +
  ` the widget's first bill-widget-change (chart drawn) at ${ms(median(browser.navigations.map((n) => n.change)))} ms,` +
  ` the next animation frame (painted) at ${ms(median(firstChart))} ms.`);
out.push(`Clicks: the widget's 200-day check (bill-widget-days) ran before the frame that paints the chart in` +
  ` ${browser.clicks.daysBeforeFrame} of ${drawn.length} clicks.`);
out.push(`Chromium: ${firstChart.length} navigations, each in a fresh context after one not counted; ${drawn.length} clicks measured` +
  ` after ${browser.clickWarmup} not counted (the page then showed ${browser.clicks.day}); the memory page reached ${memMany.day}` +
  ` in ${browser.memorySeconds.toFixed(0)} s with ${int(memMany.changes)} bill-widget-change events; its JS heap was ${int(mem10.jsHeapBytes ?? 0)} then ${int(memMany.jsHeapBytes ?? 0)} bytes.`);
const best = (id) => (node[id].minMs / native[id].minMs).toFixed(2);
const chromiumRatio = (id) => (inPage[id] / native[id].medianMs).toFixed(2);
out.push(`wasm in Chromium / native, medians (Chromium's newer V8 beside Node ${process.version}'s): 1 day ${chromiumRatio("day")},` +
  ` 200 days ${chromiumRatio("days200")}, 10,000 days ${chromiumRatio("days10000")}.`);
out.push(`wasm/native from the fastest runs instead of the medians (less disturbed by other work): 1 day ${best("day")},` +
  ` 200 days ${best("days200")}, 10,000 days ${best("days10000")}; fastest 200 days in Chromium ${ms(Math.min(...browser.core.days200))} ms.`);
console.log(out.join("\n"));

mkdirSync(resolve(root, "target/bench"), { recursive: true });
writeFileSync(resolve(root, "target/bench/results.json"), JSON.stringify({ webDir, nodePkg, started, loadBefore, loadAfter, commit, native, node, baseline, browser, runaway, views, sizes, firstViews }, null, 1));
say("bench: raw numbers in target/bench/results.json");
