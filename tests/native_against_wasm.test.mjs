// The wasm build, run under Node.js, and the native core give identical JSON for the same
// day and settings: 300 seeds under each of several settings. Run by scripts/test, which
// builds both first (BILLSIM names the native binary; tests/wasm-module.mjs loads the wasm).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { exact, parseExact } from "./exact-json.mjs";
import { wasm } from "./wasm-module.mjs";

const root = resolve(import.meta.dirname, "..");
const billsim = process.env.BILLSIM ?? resolve(root, "target/release/billsim");

const SEEDS = 300;
const PER_MINUTE = [1, 5, 60];
const BUDGETS = ["0.01", "0.05", "0.25", "100"];

function native(perMinute, budget, refill) {
  const out = execFileSync(billsim, [
    "day", "--seed", "0", "--count", String(SEEDS), "--per-minute", String(perMinute),
    "--budget", budget, "--refill", refill, "--json",
  ], { encoding: "utf8", maxBuffer: 64 << 20 });
  return out.trim().split("\n").map((line) => exact(parseExact(line)));
}

for (const refill of ["daily", "steady"]) {
  for (const perMinute of PER_MINUTE) {
    for (const budget of BUDGETS) {
      test(`wasm and native agree on ${SEEDS} days at ${perMinute} a minute and a $${budget} ${refill} budget`, () => {
        const days = native(perMinute, budget, refill);
        assert.equal(days.length, SEEDS);
        for (const [seed, day] of days.entries()) {
          const fromWasm = wasm.simulateDay({ seed, perMinute, budgetDollars: Number(budget), refill });
          assert.deepStrictEqual(exact(fromWasm), day, `day ${seed}`);
        }
      });
    }
  }
}

test("the comparison can fail: a different budget gives a different day", () => {
  const [day] = native(5, "0.25", "daily");
  const other = wasm.simulateDay({ seed: 0, perMinute: 5, budgetDollars: 0.26 });
  assert.notDeepStrictEqual(exact(other), day);
});

test("wasm and native agree on the calls-at-once table for several calls, estimates and budgets", () => {
  const cases = [
    [20, 50, "0.25"], [1, 50, "0.25"], [200, 10, "0.01"], [7, 200, "100"], [40, 80, "0.5"], [199, 99, "0.123456"],
  ];
  const tables = cases.map(([calls, estimatePercent, budget]) => {
    const out = execFileSync(billsim, [
      "overrun", "--calls", String(calls), "--estimate", String(estimatePercent), "--budget", budget, "--json",
    ], { encoding: "utf8" });
    const native = exact(parseExact(out));
    const fromWasm = wasm.overrun({ calls, estimatePercent, budgetDollars: Number(budget) });
    assert.deepStrictEqual(exact(fromWasm), native, `${calls} calls, ${estimatePercent}%, $${budget}`);
    assert.equal(native.length, 4, "one row per version");
    return out;
  });
  assert.equal(new Set(tables).size, cases.length, "each setting gives its own table, so a wasm that ignored one would fail");
});

// The engine behind every scenario (runScenario, `billsim run --json`): the same outcomes,
// timelines and all, natively and as wasm.
const RUN_SEEDS = 200;
for (const [scenario, settings, flags] of [
  ["toyDay", {}, []],
  ["toyDay", { perMinute: 1, budgetDollars: 0.05, refill: "steady" }, ["perMinute=1", "budgetDollars=0.05", "refill=steady"]],
  ["callsAtOnce", { calls: 73, estimatePercent: 30, budgetDollars: 0.5 }, ["calls=73", "estimatePercent=30", "budgetDollars=0.5"]],
]) {
  const seeds = scenario === "toyDay" ? RUN_SEEDS : 3;
  test(`wasm and native run ${scenario} alike on ${seeds} seeds with ${flags.join(", ") || "the defaults"}`, () => {
    for (let seed = 0; seed < seeds; seed++) {
      const args = ["run", "--scenario", scenario, "--seed", String(seed), "--json", ...flags.flatMap((f) => ["--set", f])];
      const native = exact(parseExact(execFileSync(billsim, args, { encoding: "utf8", maxBuffer: 64 << 20 })));
      assert.deepStrictEqual(exact(wasm.runScenario(scenario, settings, seed)), native, `${scenario} ${seed}`);
    }
  });
}

/** Each bar of a cohort view (the widget's) is the native run's users' charges, added up by kind of user. */
function barsAddUp(view, native, seed) {
  for (const [i, outcome] of native.policies.entries()) {
    const bar = view.bars[i];
    assert.equal(bar.policy, outcome.policy);
    for (const segment of bar.segments) {
      const users = native.users.map((u, n) => [u, outcome.perUser[n]]).filter(([u]) => u.cohort === segment.cohort);
      const charged = users.reduce((sum, [, o]) => sum + BigInt(o.chargedNanos), 0n);
      assert.equal(BigInt(segment.chargedNanos), charged, `seed ${seed}, ${outcome.policy}, ${segment.cohort}`);
    }
  }
}

// Lesson 003's free tier: the widget's run and its numbers by kind of user (cohortView)
// equal `billsim run --scenario freeTier --json`, on 200 seeds with the lesson's settings
// and with others.
for (const [settings, flags] of [
  [{}, []],
  [{ tokenBudget: 20000, sockpuppets: 7, breakerDollars: "1.5" }, ["tokenBudget=20000", "sockpuppets=7", "breakerDollars=1.5"]],
]) {
  test(`wasm and native run freeTier alike on ${RUN_SEEDS} seeds with ${flags.join(", ") || "the defaults"}, and the widget's bars add up the native users`, () => {
    for (let seed = 0; seed < RUN_SEEDS; seed++) {
      const args = ["run", "--scenario", "freeTier", "--seed", String(seed), "--json", ...flags.flatMap((f) => ["--set", f])];
      const native = exact(parseExact(execFileSync(billsim, args, { encoding: "utf8", maxBuffer: 64 << 20 })));
      assert.deepStrictEqual(exact(wasm.runScenario("freeTier", settings, seed)), native, `freeTier ${seed}`);
      barsAddUp(wasm.cohortView("freeTier", settings, seed), native, seed);
    }
  });
}

// Lesson 001's demo link: the widget's run, its numbers by kind of user (cohortView) and
// its panels (scenarioPanels, framing the tutorial's app) equal `billsim run --scenario
// hackathon --json --blocked-log FILE`, on 200 seeds with the tutorial's app's settings and
// with every weakness switched on: the log's last lines are the file's, and the usage page
// of one process that never restarted is the app's served calls and bill.
const blockedLog = join(mkdtempSync(join(tmpdir(), "billsim-")), "blocked.log");
for (const [settings, flags] of [
  [{}, []],
  [
    { spoofedUsers: "on", sharedAddress: "on", restartMinute: 600, serverProcesses: 2, scriptAtOnce: 3, capDollars: "0.5" },
    ["spoofedUsers=on", "sharedAddress=on", "restartMinute=600", "serverProcesses=2", "scriptAtOnce=3", "capDollars=0.5"],
  ],
]) {
  test(`wasm and native run hackathon alike on ${RUN_SEEDS} seeds with ${flags.join(", ") || "the defaults"}, the widget's bars add up the native users, and its log and usage panels are billsim's`, () => {
    for (let seed = 0; seed < RUN_SEEDS; seed++) {
      const args = ["run", "--scenario", "hackathon", "--seed", String(seed), "--json", "--blocked-log", blockedLog,
        ...flags.flatMap((f) => ["--set", f])];
      const native = exact(parseExact(execFileSync(billsim, args, { encoding: "utf8", maxBuffer: 64 << 20 })));
      assert.deepStrictEqual(exact(wasm.runScenario("hackathon", settings, seed)), native, `hackathon ${seed}`);
      barsAddUp(wasm.cohortView("hackathon", settings, seed), native, seed);
      const panels = Object.fromEntries(wasm.scenarioPanels("hackathon", settings, seed, "rateLimitAndCap").map((p) => [p.name, p]));
      const log = readFileSync(blockedLog, "utf8").split("\n").filter((l) => l !== "");
      assert.deepStrictEqual(panels.blockedLog.lines, log.slice(-8), `seed ${seed}: the log's last lines`);
      const count = log.length === 0 ? "no line" : `${log.length.toLocaleString("en-US")} line${log.length === 1 ? "" : "s"}`;
      assert.ok(panels.blockedLog.sentences[0].includes(count), `seed ${seed}: ${count} in ${panels.blockedLog.sentences[0]}`);
      if (flags.length === 0) {
        const app = native.policies.find((o) => o.policy === "rateLimitAndCap");
        const served = app.perUser.reduce((sum, u) => sum + u.served, 0n);
        const [[, calls, spent]] = panels.usage.table.rows;
        assert.deepStrictEqual([BigInt(calls), BigInt(spent.replace(".", "")) * 1000n], [served, app.billNanos], `seed ${seed}: /usage`);
      }
    }
  });
}

// Lesson 002's runaway tenant: the widget's run, its bars by tier (cohortView), its line
// ends (overTimeView), its calls by model and its pitfalls (scenarioPanels) equal `billsim
// run --scenario runawayTenant` (--json, and the claims its text prints), on 200 months
// with the lesson's settings and 50 with others (a month is tens of thousands of calls:
// about 0.2 s a month here, natively and as wasm).
for (const [seeds, settings, flags] of [
  [RUN_SEEDS, {}, []],
  [50, { payingDailyDollars: "35", freeFail: "open", outageStartHour: 100, outageEndHour: 140, maxTokens: 2000 },
    ["payingDailyDollars=35", "freeFail=open", "outageStartHour=100", "outageEndHour=140", "maxTokens=2000"]],
]) {
  test(`wasm and native run runawayTenant alike on ${seeds} months with ${flags.join(", ") || "the defaults"}, and the widget's bars, lines, calls by model and pitfalls say the native numbers`, () => {
    for (let seed = 0; seed < seeds; seed++) {
      const args = ["run", "--scenario", "runawayTenant", "--seed", String(seed), ...flags.flatMap((f) => ["--set", f])];
      const native = exact(parseExact(execFileSync(billsim, [...args, "--json"], { encoding: "utf8", maxBuffer: 64 << 20 })));
      assert.deepStrictEqual(exact(wasm.runScenario("runawayTenant", settings, seed)), native, `runawayTenant ${seed}`);
      const view = wasm.cohortView("runawayTenant", settings, seed);
      const lines = wasm.overTimeView("runawayTenant", settings, seed).lines;
      for (const [i, outcome] of native.policies.entries()) {
        assert.equal(view.bars[i].policy, outcome.policy);
        for (const segment of view.bars[i].segments) {
          const users = native.users.map((u, n) => [u, outcome.perUser[n]]).filter(([u]) => u.cohort === segment.cohort);
          const charged = users.reduce((sum, [, o]) => sum + BigInt(o.chargedNanos), 0n);
          assert.equal(BigInt(segment.chargedNanos), charged, `month ${seed}, ${outcome.policy}, ${segment.cohort}`);
        }
        assert.equal(BigInt(lines[i].points.at(-1)[1]), BigInt(outcome.billNanos), `month ${seed}, ${outcome.policy}: the line ends at the bill`);
        const [, byModel] = wasm.scenarioPanels("runawayTenant", settings, seed, outcome.policy);
        assert.deepEqual(byModel.table.rows.map((r) => BigInt(r[2].replaceAll(",", ""))), outcome.servedByModel,
          `month ${seed}, ${outcome.policy}: calls served by model`);
      }
      // The claims the command line prints are the widget's pitfalls, under the hard block.
      const text = execFileSync(billsim, args, { encoding: "utf8", maxBuffer: 64 << 20 });
      const [pitfalls] = wasm.scenarioPanels("runawayTenant", settings, seed, "dailyCap");
      for (const sentence of pitfalls.sentences) {
        assert.ok(text.includes(`\n- ${sentence}\n`), `month ${seed}: billsim run says the pitfall "${sentence}"`);
      }
    }
  });
}
