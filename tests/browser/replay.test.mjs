// The "Your own traffic" page (web/replay.html, <replay-view>): each format's fixture
// replayed in the page gives the command line's bills and refusals; nothing leaves the page
// once a file is chosen; Cancel stops a big file mid-way and keeps the last view; a bad
// file shows the core's line-numbered message and keeps the last view; the policy editor;
// the keyboard, axe, and screenshots at 390 and 1000 px.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, writeFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { start, open, load, axeScan, replayDrawn as drawn, replayEdited } from "./harness.mjs";
import { parseExact } from "../exact-json.mjs";

const root = resolve(import.meta.dirname, "../..");
const FIXTURES = join(root, "tests/fixtures/replay");
const billsim = process.env.BILLSIM ?? join(root, "target/release/billsim");
const SHOTS = new URL("./screenshots/", import.meta.url);
const PAGE = "replay.html";
// The fixtures the command line replays, one or more per format.
const GOOD = ["generic.csv", "generic.jsonl", "generic_bom_crlf.csv", "litellm.csv", "litellm.json", "helicone.csv",
  "helicone.jsonl", "langfuse.json", "otlp.jsonl", "out_of_order.csv", "no_user.csv",
  // Files as the products write them (tests/fixtures/replay/SOURCES.md).
  "helicone_no_user.csv", "litellm_payload.jsonl", "litellm_gcs_object.json", "otlp_agent.jsonl",
  "otlp_openllmetry.jsonl", "langfuse_trace.json", "langfuse_export.csv", "helicone_cache.jsonl", "otlp_status.jsonl", "langfuse_status.json"];

let env;
let tmp;
before(async () => {
  env = await start();
  tmp = await mkdtemp(join(tmpdir(), "replay-test-"));
  await mkdir(SHOTS, { recursive: true });
});
after(async () => {
  await env.stop();
  await rm(tmp, { recursive: true, force: true });
});

const el = (page) => page.locator("replay-view");

/** Waits until no file is being read. */
const idle = (page) => page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".reading").hidden);

/**
 * Chooses `file` (a path) and waits for the next view, or for the problem box to speak. A
 * changed format or skip box reads the last file again first: that is waited for.
 */
async function choose(page, file, { format = "", skip = false } = {}) {
  const r = el(page);
  if (await r.locator("select.format").inputValue() !== format) await r.locator("select.format").selectOption(format);
  if (await r.locator("input.skip").isChecked() !== skip) await r.locator("input.skip").setChecked(skip);
  await idle(page);
  const before = await drawn(page);
  await el(page).locator("input.file").setInputFiles(file);
  await page.waitForFunction(([n]) => {
    const e = document.querySelector("replay-view");
    return Number(e.dataset.drawn ?? 0) > n || e.shadowRoot.querySelector(".problem").textContent.trim() !== "";
  }, [before]);
  return shown(page);
}

/** Opens every table's disclosure (a phone's are shut). */
const openTables = (page) => el(page).evaluate((e) => e.shadowRoot.querySelectorAll(".table details").forEach((d) => { d.open = true; }));

/** What a reader sees. */
const shown = (page) => el(page).evaluate((e) => {
  const q = (s) => e.shadowRoot.querySelector(s);
  const canvas = q(".share-chart");
  let inked = 0;
  if (canvas.width > 0) {
    const px = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < px.length; i += 4) inked += px[i] > 0 ? 1 : 0;
  }
  return {
    summary: q(".summary-said").textContent,
    problem: q(".problem").textContent,
    editorError: q(".editor-error").textContent,
    reading: !q(".reading").hidden,
    bills: e.view?.bills ?? null,
    notes: e.view?.notes ?? [],
    perFields: e.view?.perFields.length ?? 0,
    inked,
    tables: [...e.shadowRoot.querySelectorAll("table caption")].map((c) => c.textContent),
    // A table with no rows, said as its sentence alone.
    emptyTables: [...e.shadowRoot.querySelectorAll(".empty-table")].map((p) => p.textContent),
  };
});

/** `billsim replay FILE --json`: each policy's bill and refusals (exact: BigInts, as the page's). */
function cli(file) {
  const out = parseExact(execFileSync(billsim, ["replay", file, "--json"], { encoding: "utf8" }));
  return out.policies.map((o) => ({
    policy: o.policy,
    billNanos: o.billNanos,
    refused: o.perUser.reduce((n, u) => n + u.refused, 0n),
  }));
}

test("each format's fixture replayed in the page gives the command line's bills and refusals, and a table of no rows is its sentence", async () => {
  const { page, log } = await load(env, PAGE);
  for (const name of GOOD) {
    const v = await choose(page, join(FIXTURES, name));
    assert.equal(v.problem, "", `${name}: no problem`);
    assert.deepEqual(v.bills, cli(join(FIXTURES, name)), `${name}: the page's bills and refusals are the CLI's`);
    assert.ok(v.inked > 1000, `${name}: the share chart is drawn (${v.inked} pixels inked)`);
  }
  const v = await shown(page);
  // The last fixture's calls are all served: the users refused are no table but a sentence.
  assert.ok(v.bills.every((b) => b.refused === 0n), `${GOOD.at(-1)}: nothing refused`);
  assert.equal(v.tables.length, 3, `three tables: ${v.tables.join(" | ")}`);
  assert.deepEqual(v.emptyTables, ["No policy refuses any call of any user."], "and the users refused said empty");
  assert.deepEqual(log.errors, []);
});

test("a scenario's cohort added in the page gives the command line's --add bills, and the CSV download is the core's", async () => {
  const { page } = await load(env, PAGE);
  const file = join(FIXTURES, "generic.csv");
  await choose(page, file);
  const before = await drawn(page);
  await el(page).locator("select.add").selectOption("toyDay-heavy");
  await page.waitForFunction((n) => Number(document.querySelector("replay-view").dataset.drawn) > n, before);
  const v = await shown(page);
  const want = parseExact(execFileSync(billsim, ["replay", file, "--add", "toyDay-heavy", "--json"], { encoding: "utf8" }));
  assert.deepEqual(v.bills.map((b) => b.billNanos), want.policies.map((o) => o.billNanos), "bills with the heavy user added");
  assert.ok(v.notes.some((n) => n.startsWith("added ")), v.notes.join(" | "));
  const [download] = await Promise.all([page.waitForEvent("download"), el(page).getByRole("button", { name: "Download results as CSV" }).click()]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  const lines = text.trimEnd().split("\n");
  assert.match(lines[0], /^policy,user,cohort,calls,served,refused,/);
  const users = want.users.length;
  assert.equal(lines.length - 1, users * want.policies.length, `a row per user (${users}) and policy (${want.policies.length})`);
  assert.equal(download.suggestedFilename(), "replay-results.csv");
});

test("a file dropped on the drop zone is read like a chosen one", async () => {
  const { page } = await load(env, PAGE);
  await page.waitForFunction(() => customElements.get("replay-view"));
  const text = (await import("node:fs")).readFileSync(join(FIXTURES, "out_of_order.csv"), "utf8");
  await el(page).evaluate((e, t) => {
    const data = new DataTransfer();
    data.items.add(new File([t], "dropped.csv", { type: "text/csv" }));
    const zone = e.shadowRoot.querySelector(".drop");
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, text);
  await page.waitForFunction(() => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > 0);
  const v = await shown(page);
  assert.deepEqual(v.bills, cli(join(FIXTURES, "out_of_order.csv")));
  assert.ok(v.notes.some((n) => /put in time order/.test(n)), `the sorting is said: ${v.notes.join(" | ")}`);
  // The results name their file, and the file box holds it, as for a file chosen there.
  const named = await el(page).evaluate((e) => ({
    summary: e.shadowRoot.querySelector(".summary").textContent,
    box: [...e.shadowRoot.querySelector(".file").files].map((f) => f.name),
  }));
  assert.match(named.summary, /^dropped\.csv A generic log: /, "the summary names the file");
  assert.deepEqual(named.box, ["dropped.csv"], "the file box holds the dropped file");
});

test("the drawing exports refuse what is not a replay's view with the field's name, and draw one that is", async () => {
  const { page } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "generic.csv"));
  const got = await el(page).evaluate(async (e) => {
    const core = await import("/pkg-replay/billsim_wasm.js");
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 400;
    const tried = (f) => { try { f(); return "drawn"; } catch (x) { return `${x.field} | ${x.message.slice(0, 60)}`; } };
    const { share, spend } = e.view;
    return [
      tried(() => core.drawReplayShare(canvas, { bars: 3 }, "noLimit", {})),
      tried(() => core.drawReplayShare(canvas, share, "nope", {})),
      tried(() => core.drawReplayOverTime(canvas, "spend", {})),
      tried(() => core.drawReplayOverTime(canvas, spend, { scale: -1 })),
      tried(() => core.drawReplayShare(canvas, share, share.bars[0].policy, { dark: true, scale: 2 })),
      tried(() => core.drawReplayOverTime(canvas, spend, {})),
    ];
  });
  assert.match(got[0], /^share \| share: must be the share of a replay's view/);
  assert.match(got[1], /^policy \| policy: must be one of the view's policies/);
  assert.match(got[2], /^spend \| spend: must be the over-time view of a replay/);
  assert.match(got[3], /^scale \| scale: /);
  assert.deepEqual(got.slice(4), ["drawn", "drawn"]);
});

test("no lesson widget's module holds the replay: only the replay page loads its readers", async () => {
  const { page } = await load(env, PAGE);
  const sizes = await page.evaluate(async () => {
    const size = async (p) => (await (await fetch(p)).arrayBuffer()).byteLength;
    const lessons = {};
    for (const lesson of ["toy-day", "free-tier", "hackathon", "runaway-tenant"]) {
      const glue = await import(`/pkg-${lesson}/billsim_wasm.js`);
      lessons[lesson] = { hasReplay: "Replay" in glue, bytes: await size(`/pkg-${lesson}/billsim_wasm_bg.wasm`) };
    }
    return { lessons, replay: await size("/pkg-replay/billsim_wasm_bg.wasm") };
  });
  for (const [lesson, { hasReplay, bytes }] of Object.entries(sizes.lessons)) {
    assert.equal(hasReplay, false, `web/pkg-${lesson} has no Replay export`);
    assert.ok(bytes < sizes.replay * 0.7, `${lesson}'s wasm (${bytes} bytes) is well under the replay page's (${sizes.replay})`);
  }
});

test("no request leaves the page after a file is chosen, under the strict CSP: only the worker's own files, same origin", async () => {
  const { page, context, log } = await open(env, PAGE);
  await page.waitForFunction(() => customElements.get("replay-view"));
  const csp = (await page.request.get(env.base + PAGE)).headers()["content-security-policy"];
  assert.match(csp, /default-src 'self'/, "served under the strict CSP");
  const after = [];
  const sent = [];
  page.on("request", (r) => {
    after.push(r.url());
    if (r.method() !== "GET" || r.postData() !== null) sent.push(`${r.method()} ${r.url()}`);
  });
  await choose(page, join(FIXTURES, "generic.csv"));
  await choose(page, join(FIXTURES, "litellm.json"));
  await page.waitForTimeout(500);
  // A worker per file (so Cancel can end one at once): the next file's worker loads the
  // page's own worker script and wasm module again, from the same origin. Nothing else.
  const allowed = new Set(["replay-worker.js", "pkg-replay/billsim_wasm.js", "pkg-replay/billsim_wasm_bg.wasm"].map((p) => env.base + p));
  const other = after.filter((u) => !allowed.has(u));
  assert.deepEqual(other, [], `requests after choosing a file: ${after.join(", ")}`);
  assert.ok(after.every((u) => u.startsWith(env.base)), "all same-origin");
  assert.deepEqual(sent, [], "every request is a GET with no body: nothing of the file is sent");
  assert.deepEqual(log.errors, [], "no CSP violation or failed request");
  await context.close();
});

test("Cancel stops a big file mid-way and the last view stays", async () => {
  const { page } = await load(env, PAGE);
  const good = await choose(page, join(FIXTURES, "generic.csv"));
  // A big generic log, written here (never committed): about 60 MB.
  const big = join(tmp, "big.csv");
  const rows = ["time,end,user,model,input_tokens,output_tokens"];
  for (let i = 0; i < 800_000; i++) {
    const t = 1_746_090_000_000 + i * 50;
    rows.push(`${t},${t + 900},user${i % 5000},claude-haiku-4-5,${1000 + (i % 700)},${200 + (i % 300)}`);
  }
  await writeFile(big, rows.join("\n"));
  await el(page).locator("input.file").setInputFiles(big);
  await page.waitForFunction(() => {
    const p = document.querySelector("replay-view").shadowRoot.querySelector("progress");
    return p.value > 0 && p.value < 0.5;
  });
  const at = await el(page).evaluate((e) => e.shadowRoot.querySelector("progress").value);
  await el(page).getByRole("button", { name: "Cancel" }).click();
  const v = await shown(page);
  assert.ok(at > 0 && at < 0.5, `cancelled mid-way (at ${(at * 100).toFixed(0)}%)`);
  assert.equal(v.reading, false, "the progress bar is gone");
  assert.match(v.problem, /cancelled/i);
  assert.equal(v.summary, good.summary, "the last good view stays");
  assert.deepEqual(v.bills, good.bills);
  const per = await el(page).locator("select.per").evaluate((s) => [s.value, s.options.length]);
  assert.deepEqual(per, ["", 1 + good.perFields], "Count as one user offers the last view's fields again, its own chosen");
  await page.waitForTimeout(1500);
  assert.deepEqual((await shown(page)).bills, good.bills, "no view of the cancelled file arrives later");
});

test("an arrow key on Count as one user reads the log again and leaves the focus on the select, for the next arrow", async () => {
  const { page, log } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "litellm.csv"));
  const per = el(page).locator("select.per");
  const before = await drawn(page);
  await per.focus();
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((n) => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > n, before);
  const after = await el(page).evaluate((e) => ({
    focused: e.shadowRoot.activeElement?.className || e.shadowRoot.activeElement?.id || "",
    per: e.shadowRoot.querySelector("select.per").value,
  }));
  assert.notEqual(after.per, "", "the arrow chose the next field");
  assert.equal(after.focused, "per", `the focus is on the select, not on "${after.focused}"`);
  assert.deepEqual(log.errors, []);
});

test("after another file failed, Count as one user regroups the results on the page, whose fields it lists", async () => {
  const { page, log } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "litellm.json"));
  const failed = await choose(page, join(FIXTURES, "bad_rows.csv"));
  assert.notEqual(failed.problem, "", "the bad file is refused, its results kept");
  const per = el(page).locator("select.per");
  const field = await per.evaluate((s) => [...s.options].map((o) => o.value).find((v) => v !== ""));
  const before = await drawn(page);
  await per.selectOption(field);
  await page.waitForFunction((n) => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > n, before);
  const after = await shown(page);
  assert.equal(after.problem, "", `the results were read again by ${field}, not the failed file: ${after.problem}`);
  assert.equal(await per.inputValue(), field);
  assert.deepEqual(log.errors, []);
});

test("arrow keys on Format go on past a format the log cannot be read in, the results kept", async () => {
  const { page, log } = await load(env, PAGE);
  const good = await choose(page, join(FIXTURES, "otlp.jsonl"));
  const format = el(page).locator("select.format");
  const options = await format.evaluate((s) => [...s.options].map((o) => o.value));
  await format.focus();
  for (const expected of options.slice(1, 3)) {
    await page.keyboard.press("ArrowDown");
    await idle(page);
    assert.equal(await format.inputValue(), expected, `the arrow came to ${expected}`);
  }
  assert.deepEqual((await shown(page)).bills, good.bills, "the last good results stay");
  assert.equal(await el(page).evaluate((e) => e.shadowRoot.activeElement?.className), "format");
  assert.deepEqual(log.errors, []);
});

test("a replay view is styled from its first frame: at 320 px it is laid out and never wider than the screen", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 320, height: 800 } });
  await page.waitForFunction(() => customElements.get("replay-view"));
  // Measured in the task that adds it, before any stylesheet could be fetched: a sheet its
  // shadow root linked left it unstyled, and the page 451 px wide, for its first frames.
  const first = await page.evaluate(() => {
    const e = document.body.appendChild(document.createElement("replay-view"));
    const seen = { display: getComputedStyle(e.shadowRoot.querySelector(".rv")).display, width: document.documentElement.scrollWidth };
    e.remove();
    return seen;
  });
  assert.deepEqual(first, { display: "grid", width: 320 }, `the new view's layout and the page's width: ${JSON.stringify(first)}`);
  assert.deepEqual(log.errors, []);
});

test("at 390 x 844 a file refused after the last good one shows its message on the screen, the focus on the file's field", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 844 } });
  await choose(page, join(FIXTURES, "generic.csv"));
  const empty = join(tmp, "empty-phone.csv");
  await writeFile(empty, "");
  await el(page).locator("input.file").focus(); // as a reader's tap on it does
  await choose(page, empty);
  const seen = await el(page).evaluate((e) => {
    const box = e.shadowRoot.querySelector(".problem").getBoundingClientRect();
    return { top: Math.round(box.top), bottom: Math.round(box.bottom), focused: e.shadowRoot.activeElement?.className ?? "" };
  });
  assert.ok(seen.top >= 0 && seen.bottom <= 844, `the message from ${seen.top} to ${seen.bottom} px, the screen 844 px`);
  assert.equal(seen.focused, "file");
  assert.deepEqual(log.errors, []);
});

test("a bad file shows the core's message (bad rows by line number) and the last good view stays", async () => {
  const { page, log } = await load(env, PAGE);
  const good = await choose(page, join(FIXTURES, "generic.csv"));
  const empty = join(tmp, "empty.csv");
  await writeFile(empty, "");
  const backwards = join(tmp, "backwards.csv");
  await writeFile(backwards, "time,end,user,model,input_tokens,output_tokens\n"
    + "2025-05-01T09:00:05Z,2025-05-01T09:00:01Z,alice,claude-haiku-4-5,100,20\n");
  const unpriced = join(tmp, "unpriced.csv");
  await writeFile(unpriced, "time,end,user,model,input_tokens,output_tokens\n"
    + "2025-05-01T09:00:05Z,2025-05-01T09:00:06Z,alice,my-own-model,100,20\n");
  const cases = [
    [join(FIXTURES, "bad_rows.csv"), {}, /bad rows \("Skip bad rows" replays the others\):\n\s*line 3: /],
    [join(FIXTURES, "garbage.bin"), {}, /must be text \(CSV or JSON\)/],
    [empty, {}, /the log is empty/],
    [join(FIXTURES, "openai_usage.json"), {}, /cannot be replayed: export a log of each call/],
    // Reports per period, refused naming the product's per-call export.
    [join(FIXTURES, "litellm_spend_logs_summarized.json"), {}, /LiteLLM's \/spend\/logs for a date range, summarized per day.*summarize=false/],
    [join(FIXTURES, "anthropic_claude_code_usage.json"), {}, /Anthropic's Claude Code usage report.*claude_code\.api_request/],
    [join(FIXTURES, "openai_dashboard_costs.csv"), {}, /OpenAI's cost export from its usage dashboard/],
    [backwards, {}, /line 2: the call ends \(2025-05-01T09:00:01Z\) before it starts/],
    // A model with no price: the engine's list of them, and how to give them.
    [unpriced, {}, /my-own-model.*1 call.*choose a price table/s],
    // Last: choosing the format back reads the file again, which then replays.
    [join(FIXTURES, "helicone.csv"), { format: "litellm" }, /the file looks like a Helicone export \(helicone\): choose "a Helicone export" or "Find it from the file" as the format; read as chosen: the litellm log.s header has no column for start time/],
  ];
  for (const [file, options, message] of cases) {
    const v = await choose(page, file, options);
    assert.match(v.problem, message, `${file}: ${v.problem}`);
    assert.match(v.problem, /still those of the last file/, "says the last results stay");
    assert.equal(v.summary, good.summary, `${file}: the last good view stays`);
    assert.deepEqual(v.bills, good.bills);
  }
  // Ticking the box after the bad rows are listed reads the same file again without them.
  assert.match((await choose(page, join(FIXTURES, "bad_rows.csv"))).problem, /5 bad rows/);
  const n = await drawn(page);
  await el(page).getByLabel("Skip bad rows").check();
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn) > k, n);
  const skipped = await shown(page);
  assert.equal(skipped.problem, "");
  assert.ok(skipped.notes.some((n) => /bad rows left out \(the first: line 3: /.test(n)), skipped.notes.join(" | "));
  assert.deepEqual(log.errors, [], "nothing thrown uncaught");
});

/** The editor's control labelled `label` (a prefix) that now holds `value`. */
async function inputWith(r, label, value) {
  const all = r.getByLabel(label);
  const values = await all.evaluateAll((list) => list.map((c) => c.value));
  const at = values.indexOf(value);
  assert.ok(at >= 0, `a control "${label}" holds ${value}: ${values.join(", ")}`);
  return all.nth(at);
}

test("the policy editor: letters typed in a whole number's box are quoted in its error, not dropped as by a number input", async () => {
  const { page, log } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "generic.csv"));
  const r = el(page);
  await r.locator("details.editor summary").click();
  const percent = r.getByLabel(/^Input estimated/).first();
  await percent.fill("abc");
  assert.equal(await percent.inputValue(), "abc", "the box keeps what was typed");
  await r.getByRole("button", { name: "Replay under these policies" }).click();
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  const { editorError } = await shown(page);
  assert.match(editorError, /estimate\.inputPercent: must be a whole number of percent from 0 to 1,000; got "abc"$/, editorError);
  assert.deepEqual(log.errors, []);
});

test("the policy editor: a bad number names its policy, guard and field as the editor shows them and keeps the view; a good one replays under it", async () => {
  const { page } = await load(env, PAGE);
  const good = await choose(page, join(FIXTURES, "generic.csv"));
  const r = el(page);
  await r.locator("details.editor summary").click();
  const limit = await inputWith(r, /^Limit \(/, "5");
  await limit.fill("0");
  await r.getByRole("button", { name: "Replay under these policies" }).click();
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  let v = await shown(page);
  // Said as the editor shows it, counting its boxes from 1 (its legend says "Guard 1").
  assert.equal(v.editorError, 'Policy 2 "requestsPerMinute", guard 1, limit: must be a whole number of requests from 1 to 4,294,967,295; got 0');
  assert.deepEqual(v.bills, good.bills, "the view stays");
  const marked = () => limit.evaluate((i) => [i.getAttribute("aria-invalid"), i.getRootNode().getElementById(i.getAttribute("aria-describedby"))?.textContent ?? null]);
  assert.deepEqual(await marked(), ["true", v.editorError], "the field the error names is marked, and described by it");
  // The message stands under that field, which has the focus (on a phone it was screens
  // above the message under the buttons).
  const beside = await limit.evaluate((i) => ({
    focused: i.getRootNode().activeElement === i,
    next: i.closest("label").nextElementSibling?.className ?? null,
  }));
  assert.deepEqual(beside, { focused: true, next: "editor-error" }, "the field has the focus and its message under it");
  const n = await drawn(page);
  await limit.fill("1");
  await r.getByRole("button", { name: "Replay under these policies" }).click();
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn) > k, n);
  v = await shown(page);
  assert.equal(v.editorError, "");
  assert.deepEqual(await marked(), [null, null], "and no longer once the policies replay");
  assert.ok(v.bills[1].refused > good.bills[1].refused, `one call a minute refuses more: ${v.bills[1].refused} > ${good.bills[1].refused}`);
  // The edited policy is called by what it limits, not by its name ("requestsPerMinute").
  const legends = await r.locator("legend.policy-legend").allTextContents();
  assert.equal(legends[1], "1 request per minute per user, rolling (requestsPerMinute)", legends.join(", "));
  const bars = await r.evaluate((e) => e.view.share.bars.map((b) => b.sentence));
  assert.match(bars[1], /^1 request per minute per user, rolling: \$/, bars[1]);
  // The focus stays on the button: the status under it says the replay happened, and the framed bill.
  assert.equal(await r.locator(".editor-note[role=status]").textContent(), `Replayed under the policies above. ${bars.at(-1)}`);
  // A whole number's thousands grouped by commas, as the page writes them, are read.
  const m = await drawn(page);
  await limit.fill("1,000");
  await r.getByRole("button", { name: "Replay under these policies" }).click();
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn) > k, m);
  assert.equal((await shown(page)).editorError, "", "1,000 is a limit");
  assert.equal((await r.locator("legend.policy-legend").allTextContents())[1], "1,000 requests per minute per user, rolling (requestsPerMinute)");
});

test("each chart is described by its sentences, which give its numbers", async () => {
  const { page } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "generic.csv"));
  const described = await el(page).evaluate((e) => [".share-chart", ".time-chart"].map((c) => {
    const chart = e.shadowRoot.querySelector(c);
    return e.shadowRoot.getElementById(chart.getAttribute("aria-describedby"))?.textContent ?? "";
  }));
  for (const [i, text] of described.entries()) assert.match(text, /\$\d+\.\d+/, `chart ${i} described with its amounts: ${text}`);
});

test("the policy editor's boxes say what the results call each policy beside its name, and follow a rename", async () => {
  const { page } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "generic.csv"));
  const r = el(page);
  await r.locator("details.editor summary").click();
  const legends = () => r.locator("legend.policy-legend").allTextContents();
  assert.deepEqual(await legends(), ["No limit (noLimit)", "5 requests per minute (requestsPerMinute)", "Daily cost budget $0.25 (dailyBudget)"]);
  // Each policy's buttons are told apart by a screen reader, as their boxes are.
  const named = await r.locator("button.add-guard, button.remove-policy").evaluateAll((bs) => bs.map((b) => b.getAttribute("aria-label")));
  assert.deepEqual(named.slice(0, 2), ["Add guard: noLimit", "Remove policy noLimit"], named.join(", "));
  assert.equal(new Set(named).size, named.length, `every button named apart: ${named.join(", ")}`);
  await (await inputWith(r, /^Policy name/, "noLimit")).fill("open");
  assert.equal((await legends())[0], "open", "a name the results have not used yet is the box's title alone");
});

test("the policy editor keeps the focus on a choice that shows other fields, and a removed guard hands it to the next", async () => {
  const { page } = await load(env, PAGE);
  await choose(page, join(FIXTURES, "generic.csv"));
  const r = el(page);
  await r.locator("details.editor summary").click();
  const focused = () => r.evaluate((e) => e.shadowRoot.activeElement?.dataset.at ?? e.shadowRoot.activeElement?.className ?? "none");
  // The first guard's window, picked from the keyboard: a steady one shows its burst, so the
  // editor is written again.
  const choice = r.locator('.policies .guard select[data-at$=".reset"]').first();
  await choice.focus();
  const at = await focused();
  const before = await choice.inputValue();
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction((v) => document.querySelector("replay-view").shadowRoot.activeElement?.value !== v, before);
  assert.equal(await focused(), at, `the focus stays on ${at} after its value changed from ${before}`);
  await page.keyboard.press("ArrowDown");
  assert.equal(await focused(), at, "and a second key goes on from there");
  // Two guards in one policy: removing the first hands the focus to the second's remove button.
  const policy = r.locator(".policies .policy").filter({ has: page.locator(".guard") }).first();
  await policy.locator(".add-guard").click();
  const guards = await policy.locator(".guard").count();
  assert.ok(guards >= 2, `a guard added: ${guards}`);
  assert.match(await focused(), new RegExp(`^policies\\[\\d+\\]\\.guards\\[${guards - 1}\\]\\.`), "adding a guard takes the focus to its first field");
  await policy.locator(".guard").first().getByRole("button", { name: /^Remove guard/ }).click();
  assert.equal(await policy.locator(".guard").count(), guards - 1);
  assert.match(await focused(), /^policies\[\d+\]\.guards\[0\]\/remove$/, "the next guard, now the first, has the focus on its remove button");
});

test("the policy editor writes a policy file: its policies, edited or not, replay as billsim replay --policy replays them", async () => {
  const { page } = await load(env, PAGE);
  const log = join(FIXTURES, "generic.csv");
  const good = await choose(page, log);
  // The editor's policies as the page holds them (replayPage's), written as a file.
  const policies = await page.evaluate(async () => (await import("/pkg-replay/billsim_wasm.js")).replayPage().policies);
  const asFile = (list) => JSON.stringify({ policies: list }, (k, v) => (typeof v === "bigint" ? Number(v) : v));
  const cliWith = (list, name) => {
    const file = join(tmp, name);
    return writeFile(file, asFile(list)).then(() => parseExact(execFileSync(billsim, ["replay", log, "--policy", file, "--json"], { encoding: "utf8" }))
      .policies.map((o) => ({ policy: o.policy, billNanos: o.billNanos, refused: o.perUser.reduce((n, u) => n + u.refused, 0n) })));
  };
  assert.ok(policies.some((p) => p.guards.some((g) => g.estimate)), "a guard with its estimate as a file writes it");
  assert.deepEqual(good.bills, await cliWith(policies, "defaults.json"), "the default policies");
  // "A call gets in when: what is counted is below the limit" in the page, "admit":
  // "counted" and no estimate in the file.
  const r = el(page);
  await r.locator("details.editor summary").click();
  await (await inputWith(r, /^A call gets in when /, "reserve")).selectOption("counted");
  await replayEdited(page);
  const counted = ({ estimate, ...g }) => ({ ...g, admit: "counted" });
  const edited = policies.map((p) => ({ ...p, guards: p.guards.map((g) => (g.admit === "reserve" ? counted(g) : g)) }));
  const v = await shown(page);
  assert.equal(v.editorError, "");
  assert.deepEqual(v.bills, await cliWith(edited, "nothing.json"), "the edited policies");
});

test("every combination of the language can be made in the page: a monthly dollar budget per key, held, replays as billsim does", async () => {
  const { page, log } = await load(env, PAGE);
  const file = join(FIXTURES, "generic.csv");
  await choose(page, file);
  const r = el(page);
  await r.locator("details.editor summary").click();
  // A new policy, started from lesson 000's request limit and changed field by field.
  await r.getByRole("button", { name: "Add policy" }).click();
  const last = r.locator("fieldset.policy").last();
  await last.getByLabel(/^Start from /).selectOption({ label: "Requests per user per minute (lesson 000)" });
  await last.getByRole("button", { name: "Add guard" }).click();
  await last.getByLabel(/^Counts /).selectOption("dollars");
  await last.getByLabel(/^Limit \(/).fill("0.001");
  await last.getByLabel(/^Per /).selectOption("key");
  await last.getByLabel(/^Window \(/).fill("1mo");
  await last.getByLabel(/^Reset /).selectOption("fixed");
  await last.getByLabel(/^A call gets in when /).selectOption("reserve");
  await last.getByLabel(/^Most tokens of a reply/).fill("1000");
  await replayEdited(page);
  const v = await shown(page);
  assert.equal(v.editorError, "", v.editorError);
  const guard = { count: "dollars", limit: "0.001", per: "key", window: "1mo", reset: "fixed", admit: "reserve",
    estimate: { inputPercent: 100, maxTokens: 1000 } };
  const policyFile = join(tmp, "per-key-month.json");
  await writeFile(policyFile, JSON.stringify({ policies: [{ name: "monthly per key", guards: [guard] }] }));
  const cli = parseExact(execFileSync(billsim, ["replay", file, "--policy", policyFile, "--json"], { encoding: "utf8" })).policies[0];
  const page_ = v.bills[v.bills.length - 1];
  assert.equal(page_.billNanos, cli.billNanos, `the page's bill ${page_.billNanos} is billsim's ${cli.billNanos}`);
  assert.equal(page_.refused, cli.perUser.reduce((k, u) => k + u.refused, 0n), "and its refusals");
  // A second new policy is named apart from the first, as the reader requires.
  await r.getByRole("button", { name: "Add policy" }).click();
  const names = await r.locator('input[data-at$="].name"]').evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.deepEqual(names.slice(-2), ["myPolicy", "myPolicy2"], JSON.stringify(names));
  assert.deepEqual(log.errors, []);
});

test("a budget of $2,000 for each of 5,000 users and a bill past 2^53 nano-dollars replay in the page, exactly", async () => {
  const { page, log } = await load(env, PAGE);
  const head = "time,end,user,model,input_tokens,output_tokens,cost\n";
  // Calls adding up to 2^53 + 1 nano-dollars, which no JS number holds (a logged cost is at
  // most $1,000,000 a call): the page's bill is billsim's.
  const dear = join(tmp, "dear.csv");
  const call = (cost) => `2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,alice,claude-haiku-4-5,10,10,${cost}`;
  await writeFile(dear, `${head}${[...Array(9).fill(call("900719.925474099")), call("900719.925474102")].join("\n")}\n`);
  const v = await choose(page, dear);
  assert.equal(v.problem, "", v.problem);
  assert.deepEqual(v.bills, cli(dear), "the bills, exactly");
  assert.equal(v.bills[0].billNanos, 2n ** 53n + 1n);
  // 5,000 users, the daily budget edited to $2,000: a budget line of 10^16 nano-dollars.
  const many = join(tmp, "many.csv");
  const rows = Array.from({ length: 5000 }, (_, u) => `2025-05-01T09:00:00Z,2025-05-01T09:00:01Z,user${u},claude-haiku-4-5,100,20,`);
  await writeFile(many, `${head}${rows.join("\n")}\n`);
  await choose(page, many);
  const r = el(page);
  await r.locator("details.editor summary").click();
  await (await inputWith(r, /^Limit \(/, "0.25")).fill("2000");
  await replayEdited(page);
  const after = await shown(page);
  assert.equal(after.editorError, "", after.editorError);
  const highest = await r.evaluate((e) => e.view.spend.limits.flatMap((l) => l.points.map(([, money]) => money))
    .reduce((a, b) => (a > b ? a : b), 0n));
  assert.equal(highest, 10n ** 16n, "5,000 users × $2,000, exactly");
  assert.ok(after.inked > 1000, `the share chart is drawn (${after.inked})`);
  assert.deepEqual(log.errors, []);
});

for (const colorScheme of ["light", "dark"]) {
  test(`keyboard and axe (${colorScheme}): the file input, the controls and the results are reachable and clean`, async () => {
    const { page } = await load(env, PAGE, { colorScheme });
    await choose(page, join(FIXTURES, "litellm.json"));
    // Every control is reached by Tab.
    const reached = new Set();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      reached.add(await el(page).evaluate((e) => {
        const a = e.shadowRoot.activeElement;
        return a ? `${a.tagName.toLowerCase()}.${a.className}` : "";
      }));
    }
    for (const want of ["input.file", "select.format", "input.skip", "button.download"]) {
      assert.ok(reached.has(want), `${want} is reached by Tab: ${[...reached].join(", ")}`);
    }
    await el(page).locator("details.editor summary").focus();
    await page.keyboard.press("Enter");
    assert.equal(await el(page).locator("details.editor").evaluate((d) => d.open), true, "Enter opens the editor");
    const { bad } = await axeScan(page);
    assert.deepEqual(bad, []);
  });
}

test("readable at 390 and 1000 px (screenshots in tests/browser/screenshots)", async () => {
  for (const width of [390, 1000]) {
    const { page } = await load(env, PAGE, { viewport: { width, height: 900 } });
    await choose(page, join(FIXTURES, "otlp.jsonl"));
    // The editor open, with the guard of the most fields, and a bad file's message.
    await el(page).locator("details.editor summary").click();
    await el(page).getByLabel("Start from").first().selectOption({ label: "Dollars per user per day, held before each call (lesson 000)" });
    await el(page).getByRole("button", { name: "Add guard" }).first().click();
    await choose(page, join(FIXTURES, "bad_rows.csv"));
    await openTables(page);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= width, `no sideways scroll at ${width} px (${wide})`);
    // A wide table scrolls in its own box under its caption and first column, which stay in
    // view; on a phone each row is a card, its numbers under what the row is. Either way its
    // first row shows a number in view.
    // (The first row of numbers: a policy's rows come under a row naming it.)
    const tables = await el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll("[role=region] table")].filter((t) => t.tBodies[0].rows.length > 0).map((t) => {
      const box = t.parentElement.getBoundingClientRect();
      const cells = [...[...t.tBodies[0].rows].find((r) => !r.classList.contains("group")).cells];
      const number = cells.find((c) => /^[$\d][\d,.%$]*$/.test(c.textContent));
      return {
        caption: t.caption.textContent,
        captionFits: t.caption.getBoundingClientRect().right <= box.right + 1,
        sticky: getComputedStyle(cells[0]).position,
        numberInView: number !== undefined && number.getBoundingClientRect().right <= box.right + 1,
      };
    }));
    assert.ok(tables.length >= 3, `the replay's tables: ${tables.length}`);
    const first = width > 480 ? "sticky" : "static";
    for (const t of tables) {
      assert.deepEqual([t.captionFits, t.sticky, t.numberInView], [true, first, true], `${t.caption} at ${width} px`);
    }
    await page.screenshot({ path: new URL(`replay-${width}.png`, SHOTS).pathname, fullPage: true });
  }
});

test("on a phone each table is shut under its caption, so the spend over time comes within five screens; on a desktop they are open", async () => {
  for (const [width, open] of [[390, false], [1000, true]]) {
    const { page, log } = await load(env, `${PAGE}#lesson=freeTier`, { viewport: { width, height: 844 } });
    await page.waitForFunction(() => Number(document.querySelector("replay-view")?.dataset.drawn ?? 0) > 0, null, { timeout: 90000 });
    const seen = await el(page).evaluate((e) => ({
      tables: [...e.shadowRoot.querySelectorAll(".table details")].map((d) => [d.querySelector("summary").textContent, d.open]),
      chart: Math.round(e.shadowRoot.querySelector(".time-chart").getBoundingClientRect().top + scrollY),
    }));
    assert.equal(seen.tables.length, 4, JSON.stringify(seen.tables));
    for (const [caption, shown] of seen.tables) assert.equal(shown, open, `"${caption}" at ${width} px`);
    if (!open) assert.ok(seen.chart < 5 * 844, `the spend over time at ${seen.chart} px, within five screens of 844 px`);
    assert.deepEqual(log.errors, []);
  }
});

test("a table the reader opened on a phone stays open when the log is read again", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 844 } });
  await choose(page, join(FIXTURES, "litellm.csv"));
  await el(page).locator(".refused-users summary, .share-table summary").first().click();
  const opened = () => el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll(".table details")].map((d) => d.open));
  const before = await opened();
  assert.ok(before.includes(true), JSON.stringify(before));
  const n = await drawn(page);
  await el(page).locator("select.per").selectOption({ index: 1 });
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn) > k, n);
  assert.deepEqual(await opened(), before);
  assert.deepEqual(log.errors, []);
});

test("at 390 px a team named by a UUID stays within its card, and the numbers beside it share the card's lines", async () => {
  // Forty calls of one user in a minute, refused by the default request limit, and another's.
  const rows = Array.from({ length: 40 }, (_, i) => `2025-05-01T09:00:${String(i).padStart(2, "0")}Z,alice,3f2b8c1e-9d4a-4e7b-8a6f-0c5d2e1b9f73,claude-haiku-4-5,1000,500`);
  const file = join(tmp, "uuid_teams.csv");
  await writeFile(file, ["time,user,team,model,input_tokens,output_tokens", ...rows, "2025-05-01T09:01:00Z,bob,red,claude-haiku-4-5,1000,500"].join("\n"));
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 900 } });
  await choose(page, file);
  await openTables(page);
  const over = await el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll("td")]
    .filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => `${c.dataset.column}: ${c.textContent} ${c.scrollWidth} > ${c.clientWidth}`));
  assert.deepEqual(over, [], "cells wider than their box");
  assert.ok(await el(page).evaluate((e) => e.shadowRoot.textContent.includes("3f2b8c1e-9d4a-4e7b-8a6f-0c5d2e1b9f73")), "the team is shown");
  // A number given a line of its own made lesson 003's biggest users' table 22,000 px tall.
  const lines = await el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll("tbody tr:not(.group)")].map((tr) => {
    const numbers = [...tr.cells].slice(1).filter((td) => !td.classList.contains("words"));
    return { row: tr.cells[0].textContent, numbers: numbers.length, lines: new Set(numbers.map((td) => td.offsetTop)).size };
  }));
  const alone = lines.filter((r) => r.numbers >= 4 && r.lines >= r.numbers);
  assert.ok(lines.some((r) => r.numbers >= 4), `rows of four numbers or more: ${JSON.stringify(lines)}`);
  assert.deepEqual(alone, [], "rows whose every number has a line of its own");
  assert.deepEqual(log.errors, []);
});

test("at 1000 px every table of a lesson's replayed traffic fits the page's column, its headings wrapped between words", async () => {
  for (const lesson of ["freeTier", "runawayTenant"]) {
    const { page, log } = await load(env, `${PAGE}#lesson=${lesson}`, { viewport: { width: 1000, height: 800 } });
    await page.waitForFunction(() => Number(document.querySelector("replay-view")?.dataset.drawn ?? 0) > 0);
    const widths = await el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll("table")]
      .map((t) => [Math.round(t.getBoundingClientRect().width), Math.round(t.closest("[role=region]").getBoundingClientRect().width)]));
    assert.equal(widths.length, 4, `${lesson}: four tables`);
    for (const [table, column] of widths) assert.ok(table <= column, `${lesson}: a table ${table} px wide in a ${column} px column`);
    assert.deepEqual(log.errors, []);
  }
});

test("the replay page says it is loading while its WebAssembly comes, and not where scripts do not run", async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/pkg-replay/billsim_wasm_bg.wasm", async (route) => { await held; await route.continue(); });
  await page.goto(`${env.base}replay.html`);
  const loading = page.locator("replay-view .loading");
  await loading.waitFor();
  assert.equal(await loading.textContent(), "Loading the replay…");
  release();
  await page.waitForFunction(() => customElements.get("replay-view") !== undefined);
  assert.equal(await loading.isVisible(), false, "gone once the page has drawn its controls");
  await context.close();
  const off = await env.browser.newContext({ javaScriptEnabled: false });
  const still = await off.newPage();
  await still.goto(`${env.base}replay.html`);
  assert.equal(await still.locator("replay-view .loading").isVisible(), false, "nothing loads without scripts");
  assert.match(await still.locator("replay-view").textContent(), /billsim replay FILE/, "the command line is offered");
  await off.close();
});
