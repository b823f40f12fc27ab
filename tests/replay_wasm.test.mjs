// The replay's wasm exports (web/pkg-replay's module, loaded
// with tests/wasm-module.mjs) under Node.js: a log read through a JS `read(offset, length)` in chunks of
// any size gives billsim replay's bills; every hostile argument throws an Error with the
// core's message, never a trap, and the replay goes on working after it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseExact } from "./exact-json.mjs";
import { wasm } from "./wasm-module.mjs";

const root = resolve(import.meta.dirname, "..");
const billsim = process.env.BILLSIM ?? resolve(root, "target/release/billsim");
const FIXTURES = join(root, "tests/fixtures/replay");

/** `read(offset, length)` over `bytes`, giving at most `most` bytes a call. */
const reader = (bytes, most = Infinity) => (offset, length) => bytes.subarray(offset, offset + Math.min(length, most));

const bills = (view) => view.bills.map((b) => [b.policy, b.billNanos, b.refused]);
const cliBills = (file) => parseExact(execFileSync(billsim, ["replay", file, "--json"], { encoding: "utf8" }))
  .policies.map((o) => [o.policy, o.billNanos, o.perUser.reduce((n, u) => n + u.refused, 0n)]);

test("a log pulled through read() in chunks of 1, 7 or all its bytes replays to billsim replay's bills", () => {
  for (const name of ["generic.csv", "litellm.json", "helicone.csv", "otlp.jsonl", "langfuse.json", "helicone_cache.jsonl",
    "otlp_status.jsonl", "langfuse_status.json"]) {
    const bytes = readFileSync(join(FIXTURES, name));
    for (const most of [1, 7, Infinity]) {
      const replay = wasm.Replay.read(reader(bytes, most), { format: "", skipBadRows: false, bytes: bytes.length });
      assert.deepEqual(bills(replay.run(null, "", null)), cliBills(join(FIXTURES, name)), `${name} in chunks of ${most}`);
      replay.free();
    }
  }
});

test("a team's budget beside a user's limit replays in wasm to billsim replay's bills and refusals", () => {
  const policies = [
    { name: "none", guards: [] },
    { name: "teamAndUser", guards: [
      { count: "requests", limit: 3, per: "tenant", window: "1m", reset: "rolling" },
      { count: "requests", limit: 1, per: "user", window: "1m", reset: "rolling" },
    ] },
    { name: "teamDollars", guards: [{ count: "dollars", limit: "0.005", per: "tenant", window: "1d", reset: "fixed" }] },
  ];
  const dir = mkdtempSync(join(tmpdir(), "replay-teams-"));
  try {
    const policyFile = join(dir, "policies.json");
    writeFileSync(policyFile, JSON.stringify(policies));
    for (const name of ["generic_teams.csv", "litellm.json", "litellm.csv"]) {
      const bytes = readFileSync(join(FIXTURES, name));
      const replay = wasm.Replay.read(reader(bytes), { format: "", skipBadRows: false, bytes: bytes.length });
      const cli = parseExact(execFileSync(billsim, ["replay", join(FIXTURES, name), "--policy", policyFile, "--json"], { encoding: "utf8" }))
        .policies.map((o) => [o.policy, o.billNanos, o.perUser.reduce((n, u) => n + u.refused, 0n)]);
      assert.deepEqual(bills(replay.run(policies, "", null)), cli, name);
      replay.free();
    }
    const replay = wasm.Replay.read(reader(readFileSync(join(FIXTURES, "generic_teams.csv"))), {});
    const refused = bills(replay.run(policies, "", null)).map(([, , r]) => Number(r));
    // teamAndUser: alice's and bob's second calls (one a minute each); teamDollars, checked
    // only: red's third and fourth calls, its two $0.0028 calls past $0.005.
    assert.deepEqual(refused, [0, 2, 2], "refused under none, teamAndUser, teamDollars");
    replay.free();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("hostile arguments throw the core's message with its field, and the replay goes on", () => {
  const bytes = readFileSync(join(FIXTURES, "generic.csv"));
  const thrown = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof Error, `an Error: ${e}`);
      return [e.field ?? null, e.message];
    }
    assert.fail("did not throw");
  };
  const read = (fn, options) => wasm.Replay.read(fn, options);
  assert.deepEqual(thrown(() => read(() => { throw new Error("disk gone"); }, {})), ["file", "the log cannot be read: disk gone"]);
  assert.match(thrown(() => read(() => "text", {}))[1], /must give a Uint8Array/);
  assert.deepEqual(thrown(() => read(reader(bytes), { format: "csv" }))[0], "format");
  assert.match(thrown(() => read(reader(bytes), { colour: 1 }))[1], /unknown field "colour"/);
  assert.match(thrown(() => read(reader(new Uint8Array()), {}))[1], /the log is empty/);
  // A log bigger than the page replays: said before it is read, with how big one may be.
  assert.deepEqual(thrown(() => read(() => { throw new Error("read"); }, { bytes: 2.2e9 })), ["file",
    "the log is 2.2 GB, and this page replays logs of up to 1 GB and about 10 million calls, as it keeps every call in the browser's memory; the command line, `billsim replay FILE`, reads a log of any size as it streams in"]);
  // The file's size and whether to skip bad rows are what they say, or refused naming them.
  assert.equal(read(reader(bytes), { bytes: bytes.length }).run(null, "", null).calls, 5n);
  for (const hint of [-1, NaN, "9", 1.5, Infinity]) {
    assert.deepEqual(thrown(() => read(reader(bytes), { bytes: hint }))[0], "bytes", `bytes ${hint}`);
  }
  assert.match(thrown(() => read(reader(bytes), { bytes: 1e300 }))[1], /^the log is .* GB, and this page replays logs of up to 1 GB/);
  assert.deepEqual(thrown(() => read(reader(bytes), { skipBadRows: "false" })),
    ["skipBadRows", 'skipBadRows: must be true or false; got a string "false"']);
  // An option inherited from a polluted Object.prototype is not an option.
  Object.prototype.skipBadRows = true;
  try {
    assert.match(thrown(() => read(reader(readFileSync(join(FIXTURES, "bad_rows.csv"))), {}))[1], /5 bad rows/);
  } finally {
    delete Object.prototype.skipBadRows;
  }
  const replay = read(reader(bytes), {});
  for (const [policies, field, message] of [
    [42, "policies", /^policy file: must be a policy, a list of policies, or an object/],
    [{ get name() { throw new Error("no"); } }, "policies", /^policies: must be JSON data.*; got a field that threw when read at name$/],
    [[{ name: "x", guards: [() => 1] }], "policies", /^policies: must be JSON data.*; got a function at \[0\]\.guards\[0\]$/],
    [[{ name: "x", guards: [{ guard: "nope" }] }], "policies", /^Policy 1 "x", guard 1, guard: must be /],
    [[{ name: "", guards: [] }], "policies", /^Policy 1, name: must be a name of 1 to 80 characters/],
    [[{ name: "x", guards: [{ guard: "slidingWindow", limit: "-1", windowMs: "1" }] }], "policies", /limit: must be a whole number of calls/],
  ]) {
    const [f, m] = thrown(() => replay.run(policies, "", null));
    assert.equal(f, field);
    assert.match(m, message);
  }
  assert.match(thrown(() => replay.run(null, "nobody-here", null))[1], /add: must be a scenario's cohort/);
  assert.equal(thrown(() => replay.run(null, "", "model,x\nm,1"))[0], "prices");
  // Arguments of the wrong kind are refused naming them, not passed over.
  assert.deepEqual(thrown(() => replay.run(null, 42, null)), ["add", "add: must be text; got a number 42"]);
  assert.equal(thrown(() => replay.run(null, "", 123))[0], "prices");
  assert.equal(thrown(() => replay.run(null, "nobody-here", null))[0], "add", "a cohort not in the lessons is the add's");
  // A price table given as data is read as its JSON, as the policies are.
  const dear = { "claude-haiku-4-5": { inputPerMillion: 1000000, outputPerMillion: 1 } };
  assert.deepEqual(bills(replay.run(null, "", dear)), bills(replay.run(null, "", JSON.stringify(dear))), "data or its text");
  assert.notDeepEqual(bills(replay.run(null, "", dear)), bills(replay.run(null, "", null)), "the table prices the calls");
  // Costs each in range that add up past what a run counts: said so, and of no control.
  const call = "2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,alice,claude-haiku-4-5,10,10,1000000\n";
  const huge = new TextEncoder().encode(`time,end,user,model,input_tokens,output_tokens,cost\n${call.repeat(20_000)}`);
  const [field, message] = thrown(() => read(reader(huge), {}).run(null, "", null));
  assert.equal(field, null, message);
  assert.match(message, /^an amount of money is too large to count: a bill, a spend or a call's cost past \$18\.4 billion/);
  assert.deepEqual(bills(replay.run(null, "", null)), cliBills(join(FIXTURES, "generic.csv")), "still works");
  assert.match(replay.csv(), /^policy,user,cohort,calls,/);
});

test("a log read per a field (options.per) gives billsim replay --per's bills and users, and another field is refused naming per", () => {
  for (const [name, field] of [["litellm.json", "team_id"], ["litellm.json", "api_key"], ["langfuse_trace.json", "sessionId"],
    ["otlp_agent.jsonl", "service.name"], ["helicone.csv", "request_properties.Helicone-Property-App"]]) {
    const file = join(FIXTURES, name);
    const bytes = readFileSync(file);
    const view = wasm.Replay.read(reader(bytes, 7), { per: field }).run(null, "", null);
    const cli = parseExact(execFileSync(billsim, ["replay", file, "--per", field, "--json"], { encoding: "utf8" }));
    const cliUsers = cli.users.length;
    assert.deepEqual(bills(view), cli.policies.map((o) => [o.policy, o.billNanos, o.perUser.reduce((n, u) => n + u.refused, 0n)]),
      `${name} per ${field}: billsim replay --per's bills`);
    assert.match(view.summary, new RegExp(` of ${cliUsers} users? to `), `${name} per ${field}: ${cliUsers} users, as billsim replay --per`);
    assert.equal(view.per, field);
    assert.ok(view.perFields.includes(field), `${name}: ${field} among ${view.perFields}`);
    // The same fields as the core gives the command line in its refusal.
    const refused = (() => {
      try { execFileSync(billsim, ["replay", file, "--per", "nope"], { stdio: "pipe" }); } catch (e) { return e.stderr.toString(); }
      return "";
    })();
    assert.ok(refused.includes(view.perFields.map((f) => JSON.stringify(f)).join(", ")), `${name}: ${refused}`);
  }
  const bytes = readFileSync(join(FIXTURES, "litellm.json"));
  const fields = wasm.Replay.read(reader(bytes), {}).run(null, "", null).perFields;
  assert.deepEqual(fields, ["api_key", "user", "metadata.user_api_key_alias", "team_id", "end_user"], "the fields a call fills in");
  for (const [per, message] of [
    ["team", /^per: must be one of this log's fields that say who made a call, "api_key", .*; got "team"$/],
    ["model", /got "model"$/],
    [7, /^per: must be a field of the log that says who made a call/],
  ]) {
    let caught = null;
    try { wasm.Replay.read(reader(bytes), { per }); } catch (e) { caught = e; }
    assert.ok(caught instanceof Error, `per ${per}: an Error`);
    assert.equal(caught.field, "per", `per ${per}: ${caught.message}`);
    assert.match(caught.message, message);
    assert.equal(caught.problem, caught.message.slice("per: ".length), `per ${per}: the problem is the message after its field`);
  }
});

test("a log said to be a lesson's traffic marks that lesson's abusers, and a lesson that is none is refused by name", () => {
  const text = new TextEncoder().encode(wasm.replayLessonLog("hackathon").text);
  const roles = (lesson) => wasm.Replay.read(reader(text), { lesson }).run(null, "", null).share.roles;
  assert.equal(roles("hackathon")[0], "abuser", "lesson 001's script, first");
  assert.ok(roles("").every((r) => r === "honest"), "said of no lesson: nobody is known to be an abuser");
  for (const lesson of ["nope", 7]) {
    let caught = null;
    try { wasm.Replay.read(reader(text), { lesson }); } catch (e) { caught = e; }
    assert.ok(caught instanceof Error, `lesson ${lesson}: an Error`);
    assert.equal(caught.field, "lesson", `lesson ${lesson}: ${caught.message}`);
    assert.match(caught.message, /^lesson: must be "toyDay" or .*"runawayTenant"/);
  }
});

test("a lesson's traffic is replayed under the lesson's own policies, to billsim run's bills, named as its widget names them", () => {
  for (const name of ["freeTier", "hackathon", "runawayTenant"]) {
    const made = wasm.replayLessonLog(name);
    const own = parseExact(execFileSync(billsim, ["run", "--scenario", name, "--seed", "0", "--json"], { encoding: "utf8" }));
    const expected = own.policies.map((o) => [o.policy, o.billNanos]);
    const bytes = new TextEncoder().encode(made.text);
    const replay = wasm.Replay.read(reader(bytes), { lesson: name });
    const view = replay.run(null, "", null);
    assert.deepEqual(view.bills.map((b) => [b.policy, BigInt(b.billNanos)]), expected, `${name}: the lesson's bills`);
    assert.deepEqual(view.share.bars.map((b) => b.label), own.labels, `${name}: the lesson's labels`);
    // The editor's copy (lesson 002's ledger and ladder kept beside the guards) runs the same.
    assert.deepEqual(made.policies.map((p) => p.name), own.policies.map((o) => o.policy), `${name}: the editor's policies`);
    assert.deepEqual(bills(replay.run(made.policies, "", null)), bills(view), `${name}: the editor's copy gives the same bills`);
    replay.free();
  }
  const tenant = wasm.replayLessonLog("runawayTenant").policies;
  assert.ok(tenant.filter((p) => p.ledger !== undefined).length >= 4 && tenant.some((p) => Array.isArray(p.ladder)),
    `lesson 002's ledgers and ladders kept: ${tenant.map((p) => Object.keys(p).join("+")).join(", ")}`);
  // A reader's own log (no lesson) keeps the page's default policies.
  const text = new TextEncoder().encode(wasm.replayLessonLog("freeTier").text);
  const page = wasm.replayPage();
  assert.deepEqual(wasm.Replay.read(reader(text), {}).run(null, "", null).bills.map((b) => b.policy), page.policies.map((p) => p.name));
});

test("the page's words and the guard's fields come from the core, and the default policies are the replay's", () => {
  const page = wasm.replayPage();
  assert.deepEqual(page.formats.map(([name]) => name), ["generic", "litellm", "helicone", "langfuse", "otlp"]);
  assert.deepEqual(page.guardFields.map((f) => f.key).slice(0, 8), ["count", "limit", "tiers", "per", "model", "window", "reset", "burst"]);
  assert.ok(page.guardStarts.length >= 9 && page.guardStarts.every((s) => typeof s.guard.count === "string"), "guards to start from, in the language");
  assert.equal(page.policies.length, page.labels.length);
  assert.deepEqual(page.addable.find(([which]) => which === "toyDay-heavy"), ["toyDay-heavy", "Heavy user (Lesson 000's day, its abuser)"]);
  assert.deepEqual(page.addable.find(([which]) => which === "toyDay-ordinary"), ["toyDay-ordinary", "Ordinary users (Lesson 000's day)"],
    "an honest kind of user is not said to be an abuser");
  assert.match(wasm.replayProgress(1_250_000, 5_000_000), /^Read 1\.2 MB of 5 MB \(25%\)$/);
  assert.equal(wasm.replayPolicyLegend("Daily cap", "dailyCap"), "Daily cap (dailyCap)");
  for (const [args, field] of [[[{}, "b"], "label"], [[1, "b"], "label"], [["a", 5], "name"], [["a", null], "name"]]) {
    assert.throws(() => wasm.replayPolicyLegend(...args),
      (e) => e.field === field && /^\w+: must be text; got /.test(e.message) && /^must be text; got /.test(e.problem),
      `replayPolicyLegend(${JSON.stringify(args)}) names ${field}`);
  }
});

test("the editor's policies with one edited keep the others' labels; a limit past 64 bits is refused in its digits, where the editor shows it", () => {
  const page = wasm.replayPage();
  const replay = wasm.Replay.read(reader(readFileSync(join(FIXTURES, "generic.csv"))), {});
  const labels = (policies) => replay.run(policies, "", null).share.bars.map((b) => b.label);
  assert.deepEqual(labels(page.policies), page.labels, "the default policies as the editor holds them");
  const edited = structuredClone(page.policies);
  edited[1].guards[0].limit = 7n;
  assert.deepEqual(labels(edited), [page.labels[0], "7 requests per minute per user, rolling", page.labels[2]],
    "only the edited policy is labelled anew, by what it limits");
  edited[1].guards[0].limit = 10n ** 26n;
  let caught = null;
  try { replay.run(edited, "", null); } catch (e) { caught = e; }
  assert.match(caught?.message ?? "", /^Policy 2 "requestsPerMinute", guard 1, limit: .*; got 100000000000000000000000000$/,
    "said where the editor shows it, the digits as typed");
  assert.equal(caught?.path, "policies[1].guards[0].limit", "the path in the policy file, for the page to mark the field");
  // The same list as a policy file's text (a file may be a bare list): said the same way.
  const text = wasm.replayPoliciesText(edited);
  assert.ok(text.startsWith("["), `the text is a bare list: ${text.slice(0, 20)}`);
  let fromText = null;
  try { replay.run(text, "", null); } catch (e) { fromText = e; }
  assert.deepEqual([fromText?.message, fromText?.path], [caught.message, caught.path], "the list's text refused as its data is");
  // After a byte-order mark, and with a limit of 400 digits (past what a JSON value holds as a number): the same place.
  edited[1].guards[0].limit = 10n ** 400n;
  for (const given of [`\ufeff${text}`, edited]) {
    let e = null;
    try { replay.run(given, "", null); } catch (thrown) { e = thrown; }
    assert.equal(e?.path, "policies[1].guards[0].limit", `${typeof given}: ${e?.message.slice(0, 80)}`);
  }
});

test("a bill and a budget line at and past 2^53 nano-dollars cross into JS as exact BigInts, the bills billsim replay's", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "replay-wasm-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const head = "time,end,user,model,input_tokens,output_tokens,cost\n";
  // A logged cost is at most $1,000,000 a call: bills past 2^53 nano-dollars are many calls.
  const call = (cost) => `2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,alice,claude-haiku-4-5,10,10,${cost}`;
  const nine = Array(9).fill(call("900719.925474099"));
  for (const [name, calls, nanos] of [
    ["2^53", [...nine, call("900719.925474101")], 2n ** 53n],
    ["2^53 + 1", [...nine, call("900719.925474102")], 2n ** 53n + 1n],
    ["10^19", Array(10000).fill(call("1000000")), 10n ** 19n],
  ]) {
    const file = join(dir, `cost-${name}.csv`);
    writeFileSync(file, `${head}${calls.join("\n")}\n`);
    const bills = wasm.Replay.read(reader(readFileSync(file)), {}).run(null, "", null).bills;
    assert.equal(bills[0].billNanos, nanos, `${calls.length} calls adding up to ${name} nano-dollars`);
    assert.deepEqual(bills.map((b) => [b.policy, b.billNanos, b.refused]), cliBills(file), `${name}: billsim replay's bills`);
  }
  // The replay page's budget of $2,000 for each of 5,000 users: a line of 10^16 nano-dollars.
  const rows = Array.from({ length: 5000 }, (_, u) => `2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,user${u},claude-haiku-4-5,100,20,`);
  const replay = wasm.Replay.read(reader(Buffer.from(`${head}${rows.join("\n")}\n`)), {});
  const policies = [{ name: "big", guards: [{ guard: "moneyBudget", budgetDollars: "2000", refill: "daily", setAside: { kind: "nothing" } }] }];
  const { spend } = replay.run(policies, "", null);
  const highest = spend.limits.flatMap((l) => l.points.map(([, money]) => money)).reduce((a, b) => (a > b ? a : b), 0n);
  assert.equal(highest, 10n ** 16n, "5,000 users × $2,000");
});

/** The README's policy files: each JSON block of its "Policy files" section, whole, and each
 * of its policies alone (with the file's prices); and each `setAside` the section writes
 * inline (`{ "kind": "nothing" }`) put in each moneyBudget guard of them. */
function readmePolicyFiles() {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const start = readme.indexOf("### Policy files");
  const section = readme.slice(start, readme.indexOf("\n### ", start + 1));
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(start >= 0 && blocks.length > 0, "the README has its policy file section, with JSON");
  const setAsides = [...section.matchAll(/`(\{[^`]*\})`/g)].flatMap((m) => {
    try { return [JSON.parse(m[1])]; } catch { return []; }
  }).filter((o) => "kind" in o);
  const files = [];
  for (const text of blocks) {
    const file = JSON.parse(text);
    const policies = Array.isArray(file) ? file : (file.policies ?? [file]);
    const prices = file.prices === undefined ? {} : { prices: file.prices };
    files.push(text);
    for (const p of policies) {
      files.push(JSON.stringify({ policies: [p], ...prices }));
      for (const setAside of setAsides) {
        const guards = (p.guards ?? []).map((g) => (g.guard === "moneyBudget" ? { ...g, setAside } : g));
        if (guards.some((g, i) => g !== p.guards[i])) files.push(JSON.stringify({ policies: [{ ...p, guards }], ...prices }));
      }
    }
  }
  return { files, setAsides };
}

test("every policy of the README's policy-file section, given to the module's run as text or as data, replays as billsim replay --policy does", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "replay-policy-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const toy = join(dir, "toy.csv");
  execFileSync(billsim, ["run", "--scenario", "toyDay", "--seed", "3", "--export-log", toy], { stdio: "ignore" });
  const { files, setAsides } = readmePolicyFiles();
  assert.ok(setAsides.some((s) => s.kind === "nothing"), `the section's setAside { "kind": "nothing" }: ${JSON.stringify(setAsides)}`);
  for (const log of [toy, join(FIXTURES, "generic.csv")]) {
    const replay = wasm.Replay.read(reader(readFileSync(log)), {});
    for (const [i, text] of files.entries()) {
      const file = join(dir, `policy-${i}.json`);
      writeFileSync(file, text);
      const cli = parseExact(execFileSync(billsim, ["replay", log, "--policy", file, "--json"], { encoding: "utf8" }))
        .policies.map((o) => [o.policy, o.billNanos, o.perUser.reduce((n, u) => n + u.refused, 0n)]);
      assert.deepEqual(bills(replay.run(text, "", null)), cli, `${log} under ${text}, given as text`);
      assert.deepEqual(bills(replay.run(JSON.parse(text), "", null)), cli, `${log} under ${text}, given as data`);
    }
  }
});

test("each lesson's log the page makes is billsim run --export-log's file, byte for byte, and replays to billsim replay's bills", (t) => {
  const dir = mkdtempSync(join(tmpdir(), "lesson-log-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const page = wasm.replayPage();
  assert.equal(page.lessonLogFirst, "freeTier");
  assert.deepEqual(page.lessonLogs.map(([name]) => name).sort(),
    execFileSync(billsim, ["scenarios", "--json"], { encoding: "utf8" }).match(/"name":"[^"]+"/g).map((n) => n.slice(8, -1)).sort(),
    "every scenario is offered");
  for (const [name, label] of page.lessonLogs) {
    const made = wasm.replayLessonLog(name);
    const file = join(dir, made.fileName);
    execFileSync(billsim, ["run", "--scenario", name, "--seed", "0", "--export-log", file], { stdio: "ignore" });
    const written = readFileSync(file, "utf8");
    assert.ok(made.text === written, `${name}: the page's log (${made.text.length} chars) is the CLI's (${written.length})`);
    assert.equal(made.said, `${label}, run 0, as a generic CSV log of ${made.calls.toLocaleString("en-US")} calls`);
    const bytes = new TextEncoder().encode(made.text);
    const replay = wasm.Replay.read(reader(bytes), { format: "", skipBadRows: false, bytes: bytes.length });
    assert.deepEqual(bills(replay.run(null, "", null)), cliBills(file), `${name}: the page's bills are billsim replay's`);
    replay.free();
  }
  for (const bad of ["week", 3, null]) {
    try {
      wasm.replayLessonLog(bad);
      assert.fail(`${bad} was taken`);
    } catch (e) {
      assert.equal(e.field, "scenario", `${bad}: ${e.message}`);
      assert.match(e.message, /^scenario: must be "toyDay" or/);
      assert.ok(e.message.endsWith(`got ${bad === 3 ? "a number 3" : bad === null ? "null" : '"week"'}`), `what was given: ${e.message}`);
    }
  }
});
