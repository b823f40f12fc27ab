// Issue 12's rows: a generic log of 1,000,000 calls (written by the generator, in
// target/bench/, never committed) read and replayed under the three main policies,
// natively (the release example replay_bench) and in headless Chromium on web/replay.html
// from choosing the file (Playwright's setInputFiles) to the chart drawn (the element's view
// drawn, then the next animation frame); the wasm/native ratio; and the worker's wasm memory
// (WebAssembly.Memory's byteLength, from wasmMemoryBytes() in the worker) at 100,000 and
// 1,000,000 calls; and the 100,000 calls as a LiteLLM export (JSON), natively and in the
// page, for the JSON readers. `node bench/replay.mjs` prints the rows; `--json` prints them as JSON.
// scripts/bench runs it (alone with --replay-only).
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { median } from "./stats.mjs";

const root = resolve(import.meta.dirname, "..");
const webDir = resolve(process.env.BENCH_WEB ?? resolve(root, "web"));
const example = resolve(root, "target/release/examples/replay_bench");
const dir = resolve(root, "target/bench");
const SIZES = [100_000, 1_000_000];
const PAGE_RUNS = 3;
const TARGET = { nativeMs: 1000, chromiumMs: 3000 };
const say = (text) => process.stderr.write(`${text}\n`);

mkdirSync(dir, { recursive: true });
const prices = resolve(dir, "replay-prices.csv");
writeFileSync(prices, execFileSync(example, ["--prices"]));
const logs = Object.fromEntries(SIZES.map((calls) => {
  const file = resolve(dir, `replay-${calls}.csv`);
  writeFileSync(file, execFileSync(example, [String(calls), "--write"], { maxBuffer: 1 << 30 }));
  return [calls, file];
}));

// The 100,000 calls again, each row with 1 kB more of a column the replay does not read:
// ten times the bytes, the same calls (memory should stay that of 100,000 calls).
const PADDED = "100000-padded";
{
  const pad = "x".repeat(1000);
  const lines = readFileSync(logs[100_000], "utf8").trimEnd().split("\n");
  const file = resolve(dir, `replay-${PADDED}.csv`);
  writeFileSync(file, lines.map((l, i) => `${l},${i === 0 ? "note" : pad}`).join("\n"));
  logs[PADDED] = file;
}

// The 100,000 calls again as LiteLLM writes them (its /spend/logs answer, pretty-printed,
// each record with every key LiteLLM gives, as tests/fixtures/replay/litellm.json): the
// JSON readers' row. `spend` is the call's cost at the generator's prices, as LiteLLM logs it.
const LITELLM = "100000-litellm";
{
  const template = JSON.parse(readFileSync(resolve(root, "tests/fixtures/replay/litellm.json"), "utf8"))[0];
  const perToken = Object.fromEntries(readFileSync(prices, "utf8").trim().split("\n").slice(1)
    .map((line) => line.split(",")).map(([model, input, output]) => [model, [input / 1e6, output / 1e6]]));
  const [header, ...rows] = readFileSync(logs[100_000], "utf8").trimEnd().split("\n");
  const at = Object.fromEntries(header.split(",").map((name, i) => [name, i]));
  const records = rows.map((line, i) => {
    const f = line.split(",");
    const [input, output] = [Number(f[at.input_tokens]), Number(f[at.output_tokens])];
    const [pin, pout] = perToken[f[at.model]];
    return JSON.stringify({
      ...template, request_id: `chatcmpl-${i}`, spend: input * pin + output * pout,
      total_tokens: input + output, prompt_tokens: input, completion_tokens: output,
      startTime: f[at.time], endTime: f[at.end], completionStartTime: f[at.end],
      request_duration_ms: Date.parse(f[at.end]) - Date.parse(f[at.time]),
      model: f[at.model], model_group: f[at.model], end_user: f[at.user],
    }, null, 2);
  });
  const file = resolve(dir, `replay-${LITELLM}.json`);
  writeFileSync(file, `[\n${records.join(",\n")}\n]\n`);
  logs[LITELLM] = file;
}

say("bench replay: natively (target/release/examples/replay_bench, median of 5) ...");
const native = JSON.parse(execFileSync(example, ["1000000", "--json"], { encoding: "utf8" }));
const nativeJson = JSON.parse(execFileSync(example, ["--file", logs[LITELLM], "--json"], { encoding: "utf8" }));

say("bench replay: in headless Chromium (web/replay.html) ...");
const { serve } = await import(resolve(webDir, "serve.mjs"));
const server = await serve(0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
});
const page = await browser.newPage();
const errors = [];
if (process.env.BENCH_DEBUG) page.on("console", (m) => say(`console ${m.type()} ${m.text()}`));
page.on("pageerror", (e) => errors.push(String(e)));
await page.goto(`${base}replay.html`);
await page.waitForFunction(() => customElements.get("replay-view"));
const el = page.locator("replay-view");
await el.locator("input.prices").setInputFiles(prices);

/** Chooses `file` and times it to the chart drawn and painted, in ms; and the worker's memory. */
async function timed(file) {
  // The same file chosen again fires no change: empty the input first (the page ignores that).
  await el.locator("input.file").setInputFiles([]);
  const before = await el.evaluate((e) => Number(e.dataset.drawn ?? 0));
  const start = Date.now();
  await el.locator("input.file").setInputFiles(file);
  await page.waitForFunction((n) => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > n
    || document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent !== "", before,
  { timeout: 120_000, polling: 5 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  const ms = Date.now() - start;
  const problem = await el.evaluate((e) => e.shadowRoot.querySelector(".problem").textContent);
  if (problem) throw new Error(`the page refused the log: ${problem}`);
  return { ms, memory: Number(await el.evaluate((e) => e.dataset.memory)) };
}

const chromiumRuns = {};
const memory = {};
for (const calls of [...SIZES, PADDED, LITELLM]) {
  // A worker per file: each run's memory is its own file's.
  const runs = [];
  for (let i = 0; i < (calls === 1_000_000 ? PAGE_RUNS : 1); i++) runs.push(await timed(logs[calls]));
  chromiumRuns[calls] = runs.map((r) => r.ms);
  memory[calls] = Math.max(...runs.map((r) => r.memory));
}
const chromiumVersion = browser.version();
await browser.close();
server.closeAllConnections();
server.close();

const chromiumMs = median(chromiumRuns[1_000_000]);
const result = {
  native,
  nativeJson,
  chromiumMs,
  chromiumRuns,
  // Against the fastest native run: the native medians on this shared machine wait for the
  // CPU (the example prints its CPU time beside them), the page's runs less so.
  ratio: chromiumMs / native.minMs,
  memory,
  bytes: Object.fromEntries([...SIZES, PADDED, LITELLM].map((c) => [c, statSync(logs[c]).size])),
  chromium: chromiumVersion,
  errors,
};
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(result));
} else {
  const int = (n) => Math.round(n).toLocaleString("en-US");
  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  const verdict = (ok) => (ok ? "PASS" : "MISS");
  console.log([
    `Replay of a generic log, 1,000,000 calls of 10,000 users (${mb(result.bytes[1_000_000])}), 3 policies:`,
    `  native, read and replayed: ${int(native.medianMs)} ms median (read ${int(native.readMs)} ms; fastest ${int(native.minMs)} ms; ${native.cpuMs === null ? "" : `${int(native.cpuMs)} ms of CPU time`})  target < ${TARGET.nativeMs} ms: ${verdict(native.medianMs < TARGET.nativeMs)}`,
    `  Chromium, file chosen to chart drawn: ${int(chromiumMs)} ms median of ${PAGE_RUNS} (${chromiumRuns[1_000_000].map(int).join(", ")})  target < ${TARGET.chromiumMs} ms: ${verdict(chromiumMs < TARGET.chromiumMs)}`,
    `  Chromium (median) / native (fastest): ${result.ratio.toFixed(2)}`,
    `  wasm memory of the worker: ${mb(memory[100_000])} at 100,000 calls (${mb(result.bytes[100_000])} of CSV), ${mb(memory[1_000_000])} at 1,000,000 calls (${mb(result.bytes[1_000_000])} of CSV); ${mb(memory[PADDED])} at 100,000 calls padded to ${mb(result.bytes[PADDED])} of CSV`,
    `The 100,000 calls as a LiteLLM export (${mb(result.bytes[LITELLM])} of JSON): native ${int(nativeJson.medianMs)} ms median (fastest ${int(nativeJson.minMs)} ms); Chromium ${int(chromiumRuns[LITELLM][0])} ms; wasm memory of the worker ${mb(memory[LITELLM])}`,
    `  chromium ${chromiumVersion}${errors.length ? `; ERRORS in the page: ${errors.join("; ")}` : ""}`,
  ].join("\n"));
}
