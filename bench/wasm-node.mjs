// The wasm half of the core benchmarks: the same rows as the native example
// (crates/billsim-core/examples/bench.rs), run on the Node.js build (target/pkg-node).
// `node bench/wasm-node.mjs` prints a table; `--json` prints one JSON object for bench/run.mjs.
// Each call crosses the JS/wasm boundary: the settings are read from a JS object and the
// result comes back as JS objects, which the native rows do not pay for.
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { median, timeRuns } from "./stats.mjs";

const root = resolve(import.meta.dirname, "..");
const wasm = createRequire(import.meta.url)(process.env.WASM_NODE_PKG ?? resolve(root, "target/pkg-node/billsim_wasm.js"));

const DAYS_PER_SAMPLE = 100; // as in the native example
let sink = 0; // results are kept reachable so no engine can skip the work

// The default settings (5 requests a minute, a $0.25 daily budget), as natively.
const rows = {
  day: timeRuns(() => {
    for (let seed = 0; seed < DAYS_PER_SAMPLE; seed++) sink += wasm.simulateDay({ seed }).seed;
  }, 41, DAYS_PER_SAMPLE),
  spread200: timeRuns(() => { sink += wasm.spreadSentences({ seed: 0 }, 200).noLimit.length; }, 31),
  days200: timeRuns(() => { sink += wasm.checkDays({ seed: 0 }, 200).count; }, 31),
  days10000: timeRuns(() => { sink += wasm.checkDays({ seed: 0 }, 10000).count; }, 3, 1, 0), // warm from the rows above
  // As natively: 1,000,000 synthetic calls of 10,000 users, generated and run under three
  // guards (not in a build from before the engine, which the baseline rows run).
  ...(wasm.benchSyntheticBill && {
    engine1mAll: timeRuns(() => { sink += wasm.benchSyntheticBill(1_000_000, 10_000) > 0 ? 1 : 0; }, 3, 1, 0),
  }),
};

const result = Object.fromEntries(Object.entries(rows).map(([id, s]) => [id, { medianMs: median(s), minMs: Math.min(...s), samples: s.length }]));
if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ ...result, node: process.version, sink }));
} else {
  for (const [id, r] of Object.entries(result)) console.log(`${id.padEnd(12)} ${r.medianMs.toFixed(4).padStart(12)} ms  (median of ${r.samples})`);
}
