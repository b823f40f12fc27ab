// What real exports carry, in the replay page: "Count as one user" (billsim replay --per
// FIELD): after a file is read, the page offers the log's fields that say who made a call, as
// the core lists them; picking one reads the file again by it, and the users and bills are the
// command line's --per. Failed calls and cache hits are counted in the page's summary.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { start, load, replayDrawn as drawn, replayNext as next } from "./harness.mjs";
import { parseExact } from "../exact-json.mjs";

const root = resolve(import.meta.dirname, "../..");
const FIXTURES = join(root, "tests/fixtures/replay");
const billsim = process.env.BILLSIM ?? join(root, "target/release/billsim");

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const el = (page) => page.locator("replay-view");
const shown = (page) => el(page).evaluate((e) => ({
  summary: e.shadowRoot.querySelector(".summary-said").textContent,
  problem: e.shadowRoot.querySelector(".problem").textContent,
  options: [...e.shadowRoot.querySelectorAll("select.per option")].map((o) => [o.value, o.textContent]),
  chosen: e.shadowRoot.querySelector("select.per").value,
  bills: e.view?.bills.map((b) => [b.policy, b.billNanos, b.refused]) ?? null,
}));
const usersIn = (summary) => Number(/ of ([\d,]+) users? to /.exec(summary)?.[1].replace(/,/g, ""));

/** `billsim replay FILE --per FIELD --json` (and `more` arguments): its users and each policy's bill and refusals. */
function cli(file, field, more = []) {
  const per = field ? ["--per", field] : [];
  const out = parseExact(execFileSync(billsim, ["replay", file, ...per, ...more, "--json"], { encoding: "utf8" }));
  return {
    users: out.users.length,
    bills: out.policies.map((o) => [o.policy, o.billNanos, o.perUser.reduce((n, u) => n + u.refused, 0n)]),
  };
}

test("picking a field to count as one user reads the log again by it: the users and bills are billsim replay --per's", async () => {
  const { page, log } = await load(env, "replay.html");
  const file = join(FIXTURES, "litellm.json");
  await page.waitForFunction(() => customElements.get("replay-view"));
  let n = await drawn(page);
  await el(page).locator("input.file").setInputFiles(file);
  await next(page, n);
  let v = await shown(page);
  assert.equal(v.problem, "");
  const words = await page.evaluate(async () => (await import("./pkg-replay/billsim_wasm.js")).replayPage().words);
  // organization_id and session_id are null on every call: not offered.
  assert.deepEqual(v.options, [["", words.perDefault], ...["api_key", "user", "metadata.user_api_key_alias", "team_id",
    "end_user"].map((f) => [f, f])], "the core's fields of the log that a call fills in, after its user");
  assert.equal(v.chosen, "");
  const byUser = cli(file);
  assert.equal(usersIn(v.summary), byUser.users, `by the log's user: ${v.summary}`);
  assert.equal(await el(page).getByLabel(words.per).count(), 1, "the select is labelled with the core's words");
  for (const field of ["team_id", "api_key"]) {
    n = await drawn(page);
    await el(page).locator("select.per").selectOption(field);
    await next(page, n);
    v = await shown(page);
    const want = cli(file, field);
    assert.equal(v.problem, "", field);
    assert.equal(v.chosen, field, "the field stays chosen");
    assert.equal(usersIn(v.summary), want.users, `per ${field}: ${want.users} users as billsim replay --per (${v.summary})`);
    assert.deepEqual(v.bills, want.bills, `per ${field}: billsim replay --per's bills`);
  }
  assert.notEqual(cli(file, "team_id").users, byUser.users, "the fixture's users differ per team");
  // Another file is read by its own user first.
  n = await drawn(page);
  await el(page).locator("input.file").setInputFiles(join(FIXTURES, "otlp_agent.jsonl"));
  await next(page, n);
  v = await shown(page);
  assert.equal(v.chosen, "");
  assert.deepEqual(v.options.map(([f]) => f), ["", "gen_ai.agent.name", "gen_ai.conversation.id", "service.name"]);
  assert.deepEqual(log.errors, []);
});

test("failed calls and cache hits are counted in the page's summary, in the core's words, with the command line's bills", async () => {
  const { page, log } = await load(env, "replay.html");
  const file = join(FIXTURES, "litellm_status.json");
  await page.waitForFunction(() => customElements.get("replay-view"));
  const n = await drawn(page);
  await el(page).locator("input.file").setInputFiles(file);
  await next(page, n);
  const v = await shown(page);
  assert.equal(v.problem, "");
  assert.match(v.summary, /^LiteLLM spend logs: 3 calls \(1 failed, 1 cache hit\) of 3 users to 2 models, on 2025-05-01, from 09:00:00 to 09:00:09 UTC$/);
  assert.deepEqual(v.bills, cli(file).bills);
  const notes = await el(page).evaluate((e) => e.view.notes);
  assert.ok(notes.some((s) => s.startsWith("1 call failed: each was still made")), notes.join(" | "));
  // An OpenTelemetry span with status.code 2 and a Langfuse generation of level ERROR.
  for (const [name, counted] of [["otlp_status.jsonl", "3 calls (2 failed)"], ["langfuse_status.json", "2 calls (1 failed)"]]) {
    const n = await drawn(page);
    await el(page).locator("input.file").setInputFiles(join(FIXTURES, name));
    await next(page, n);
    const v = await shown(page);
    assert.equal(v.problem, "", name);
    assert.ok(v.summary.includes(`: ${counted} of 2 users`), `${name}: ${v.summary}`);
    assert.deepEqual(v.bills, cli(join(FIXTURES, name)).bills, `${name}: billsim replay's bills`);
  }
  assert.deepEqual(log.errors, []);
});

test("Helicone's cache reads and writes are input tokens in the page, priced from the page's price table (CSV, or JSON with cachedInputPerMillion) as on the command line", async () => {
  const { page, log } = await load(env, "replay.html");
  const dir = await mkdtemp(join(tmpdir(), "replay-cache-"));
  // The file without its logged costs, so that the price table prices its calls.
  const text = readFileSync(join(FIXTURES, "helicone_cache.jsonl"), "utf8")
    .replaceAll('"cost":0.00', '"cost":null,"x":0.00');
  const file = join(dir, "helicone_cache.jsonl");
  const prices = join(dir, "prices.csv");
  await writeFile(file, text);
  await writeFile(prices, "model,input_per_million,output_per_million,cached_input_per_million\n" +
    "claude-haiku-4-5,1,5,0.1\ngpt-4o-mini,0.15,0.6,0.075\n");
  await page.waitForFunction(() => customElements.get("replay-view"));
  let n = await drawn(page);
  await el(page).locator("input.prices").setInputFiles(prices);
  await el(page).locator("input.file").setInputFiles(file);
  await next(page, n);
  const v = await shown(page);
  assert.equal(v.problem, "");
  const want = cli(file, "", ["--prices", prices]);
  assert.deepEqual(v.bills, want.bills, "billsim replay --prices's bills");
  // (200 fresh + 1,000 written) x $1 + 8,000 read x $0.10 + 300 x $5; 400 x $0.15 + 1,600 x $0.075 + 100 x $0.60.
  assert.equal(BigInt(v.bills[0][1]), 3_740_000n, `noLimit's bill: ${v.bills[0][1]}`);
  const notes = await el(page).evaluate((e) => e.view.notes);
  assert.ok(notes.some((s) => s.startsWith("1 call wrote 1,000 input tokens to the prompt cache")), notes.join(" | "));
  // The same table as JSON, its cached-input price as cachedInputPerMillion: the same bills.
  const json = join(dir, "prices.json");
  await writeFile(json, JSON.stringify({
    "claude-haiku-4-5": { inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 },
    "gpt-4o-mini": { inputPerMillion: "0.15", outputPerMillion: "0.6", cachedInputPerMillion: "0.075" },
  }));
  n = await drawn(page);
  await el(page).locator("input.prices").setInputFiles(json);
  await next(page, n);
  const again = await shown(page);
  assert.equal(again.problem, "");
  assert.deepEqual(again.bills, want.bills, "a JSON table with cachedInputPerMillion prices as the CSV one");
  assert.deepEqual(cli(file, "", ["--prices", json]).bills, want.bills, "and as billsim replay --prices FILE.json");
  assert.deepEqual(log.errors, []);
  await rm(dir, { recursive: true, force: true });
});

test("a re-read or replay that fails leaves the page as it was: the error names the field, the old numbers stay, and so do the controls' values", async () => {
  const { page, log } = await load(env, "replay.html");
  const dir = await mkdtemp(join(tmpdir(), "replay-failed-"));
  // org_id is text in the first call, an object in the second: counting by it cannot read the second.
  const file = join(dir, "orgs.jsonl");
  await writeFile(file, [
    '{"time":"2025-05-01T09:00:00Z","user":"alice","org_id":"a","model":"claude-haiku-4-5","input_tokens":100,"output_tokens":10}',
    '{"time":"2025-05-01T09:00:01Z","user":"bob","org_id":{"name":"b"},"model":"claude-haiku-4-5","input_tokens":100,"output_tokens":10}',
  ].join("\n") + "\n");
  const badPrices = join(dir, "prices.csv");
  await writeFile(badPrices, "model,input_per_million,output_per_million\nclaude-haiku-4-5,1,lots\n");
  await page.waitForFunction(() => customElements.get("replay-view"));
  let n = await drawn(page);
  await el(page).locator("input.file").setInputFiles(file);
  await next(page, n);
  const before = await shown(page);
  assert.equal(before.problem, "");
  assert.ok(before.options.some(([f]) => f === "org_id"), JSON.stringify(before.options));
  const still = async (what) => {
    const v = await shown(page);
    assert.equal(v.summary, before.summary, `${what}: the old results stay`);
    assert.deepEqual(v.bills, before.bills, `${what}: the old numbers stay`);
    assert.equal(v.chosen, "", `${what}: the select shows the field the results were counted by`);
    assert.deepEqual(v.options, before.options, `${what}: and offers the same fields`);
    return v;
  };
  // Count as one user: org_id.
  n = await drawn(page);
  await el(page).locator("select.per").selectOption("org_id");
  await next(page, n);
  let v = await still("per org_id");
  assert.match(v.problem, /line 2: org_id: must be text or a number; got an object/, v.problem);
  // The format: OTLP, which a JSON-lines log of calls is not.
  await el(page).locator("select.format").selectOption("otlp");
  await page.waitForFunction((p) => {
    const t = document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent;
    return t !== "" && t !== p;
  }, v.problem);
  v = await still("format otlp");
  assert.notEqual(v.problem, "");
  assert.equal(await el(page).locator("select.format").inputValue(), "", "the format select shows the format the results were read by");
  // A price table that cannot be read: the replay's error where a file's is said (the policy
  // editor, where it went before, is closed), and no table kept beside results computed without it.
  await el(page).locator("input.prices").setInputFiles(badPrices);
  await page.waitForFunction(() => /prices, line 2/.test(document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent));
  v = await still("bad prices");
  assert.match(v.problem, /prices, line 2, output_per_million: must be an amount in dollars/, v.problem);
  assert.ok(await el(page).locator(".problem").isVisible(), "the price table's error is in view");
  assert.equal(await el(page).locator("input.prices").evaluate((i) => i.files.length), 0, "the prices input is as the results were priced: empty");
  assert.deepEqual(log.errors, []);
  await rm(dir, { recursive: true, force: true });
});

/** A log of two calls to a model no price table of the page's names, and a price table for it. */
async function ownModel(dir) {
  const file = join(dir, "own-model.jsonl");
  await writeFile(file, [
    '{"time":"2025-05-01T09:00:00Z","user":"alice","model":"our-own-model","input_tokens":1000,"output_tokens":100}',
    '{"time":"2025-05-01T09:00:01Z","user":"bob","model":"our-own-model","input_tokens":2000,"output_tokens":200}',
  ].join("\n") + "\n");
  const prices = join(dir, "prices.csv");
  await writeFile(prices, "model,input_per_million,output_per_million\nour-own-model,1,10\n");
  return { file, prices };
}

test("a price table chosen after a log it names a model of is read with the log again, and an error goes once a replay is good", async () => {
  const { page, log } = await load(env, "replay.html");
  const dir = await mkdtemp(join(tmpdir(), "replay-prices-"));
  const { file, prices } = await ownModel(dir);
  await page.waitForFunction(() => customElements.get("replay-view"));
  let n = await drawn(page);
  await el(page).locator("input.file").setInputFiles(file);
  await next(page, n);
  let v = await shown(page);
  assert.match(v.problem, /our-own-model/, `a model with no price is said: ${v.problem}`);
  assert.equal(v.bills, null, "and there are no results yet");
  n = await drawn(page);
  await el(page).locator("input.prices").setInputFiles(prices);
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > k, n);
  v = await shown(page);
  assert.equal(v.problem, "", "the log's error goes with the results");
  assert.deepEqual(v.bills, cli(file, "", ["--prices", prices]).bills, "billsim replay --prices's bills");
  // A cohort whose replay is good clears an error said before it (the log read as a format it is not).
  await el(page).locator("select.format").selectOption("otlp");
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent !== "");
  n = await drawn(page);
  await el(page).locator("select.add").selectOption({ index: 1 });
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > k, n);
  v = await shown(page);
  assert.equal(v.problem, "", "the results on the page are the cohort's, and nothing failed");
  assert.deepEqual(log.errors, []);
  await rm(dir, { recursive: true, force: true });
});

test("a price table chosen for a log that failed after another's results replays that log, not the results' own", async () => {
  const { page, log } = await load(env, "replay.html");
  const dir = await mkdtemp(join(tmpdir(), "replay-prices-"));
  const { file, prices } = await ownModel(dir);
  await page.waitForFunction(() => customElements.get("replay-view"));
  let n = await drawn(page);
  await el(page).locator("input.file").setInputFiles(join(FIXTURES, "generic.csv"));
  await next(page, n);
  const first = await shown(page);
  await el(page).locator("input.file").setInputFiles(file);
  await page.waitForFunction(() => /our-own-model/.test(document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent));
  n = await drawn(page);
  await el(page).locator("input.prices").setInputFiles(prices);
  await next(page, n);
  const v = await shown(page);
  assert.equal(v.problem, "", v.problem);
  assert.notDeepEqual(v.bills, first.bills, "not generic.csv's results again");
  assert.deepEqual(v.bills, cli(file, "", ["--prices", prices]).bills, "billsim replay --prices's bills of the log that failed");
  assert.deepEqual(log.errors, []);
  await rm(dir, { recursive: true, force: true });
});
