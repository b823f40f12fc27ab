// "Try it on a lesson's traffic" on the replay page: with no log at hand, a reader picks a
// lesson's scenario and the page makes its run 0 as the generic log `billsim run --seed 0
// --export-log` writes (in the page: nothing fetched, nothing sent), reads it as a dropped
// file, says what was replayed, and offers that log to download; by keyboard alone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { start, load, axeScan, replayDrawn as drawn, replayNext as next } from "./harness.mjs";
import { parseExact } from "../exact-json.mjs";

const root = resolve(import.meta.dirname, "../..");
const billsim = process.env.BILLSIM ?? join(root, "target/release/billsim");
const SHOTS = new URL("./screenshots/", import.meta.url);
const PAGE = "replay.html";

let env;
let tmp;
before(async () => {
  env = await start();
  tmp = await mkdtemp(join(tmpdir(), "replay-lesson-log-"));
  await mkdir(SHOTS, { recursive: true });
});
after(async () => {
  await env.stop();
  await rm(tmp, { recursive: true, force: true });
});

const el = (page) => page.locator("replay-view");
const shown = (page) => el(page).evaluate((e) => {
  const q = (s) => e.shadowRoot.querySelector(s);
  return {
    problem: q(".problem").textContent,
    replayed: q(".replayed").hidden ? null : q(".replayed").textContent.replace(/\s+/g, " ").trim(),
    bills: e.view?.bills ?? null,
    // Each kind of user of the share, by its role, and the first capped bar's note.
    kinds: (e.view?.share.cohorts ?? []).map((c, i) => `${c.name}: ${e.view.share.roles[i]}`),
    note: e.view?.share.bars[1]?.note ?? null,
  };
});

/** `billsim replay FILE --json`'s bills and refusals, under the policy file `policy` if given. */
function replayBills(file, policy = null) {
  const args = ["replay", file, "--json", ...(policy ? ["--policy", policy] : [])];
  const out = parseExact(execFileSync(billsim, args, { encoding: "utf8" }));
  return out.policies.map((o) => ({ policy: o.policy, billNanos: o.billNanos, refused: o.perUser.reduce((n, u) => n + u.refused, 0n) }));
}

/** `billsim run --scenario NAME --seed 0 --export-log FILE`, and that log's bills and
 *  refusals under its lesson's own policies (`billsim policies --scenario NAME`), as the
 *  page replays a lesson's traffic. */
async function exported(name) {
  const file = join(tmp, `${name}-cli.csv`);
  const policy = join(tmp, `${name}-policies.json`);
  execFileSync(billsim, ["run", "--scenario", name, "--seed", "0", "--export-log", file], { stdio: "ignore" });
  await writeFile(policy, execFileSync(billsim, ["policies", "--scenario", name], { encoding: "utf8" }));
  return { file, bills: replayBills(file, policy) };
}

/** Tabs to the element of the shadow root that `cls` names, at most 30 times; whether it got there. */
async function tabTo(page, cls) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await el(page).evaluate((e, c) => e.shadowRoot.activeElement?.classList.contains(c) ?? false, cls)) return true;
  }
  return false;
}

test("a lesson's traffic replays in the page by keyboard to billsim replay's bills of --export-log's file, named in a line, with that log to download", async () => {
  const { page, log } = await load(env, PAGE);
  await page.waitForFunction(() => customElements.get("replay-view"));
  const lesson = el(page).locator("select.lesson");
  assert.equal(await lesson.inputValue(), "freeTier", "lesson 003's free tier is offered first");
  assert.equal(await lesson.locator("option:checked").textContent(), "Lesson 003's free tier");
  const requests = log.requests.length;

  // By keyboard: Tab to the button, Enter.
  assert.ok(await tabTo(page, "try"), "the button is reached by Tab");
  await page.keyboard.press("Enter");
  await next(page, 0);
  const free = await exported("freeTier");
  let v = await shown(page);
  assert.equal(v.problem, "");
  assert.deepEqual(v.bills, free.bills, "the page's bills and refusals are billsim replay's of the exported file under the lesson's policies");
  assert.equal(v.replayed, "Lesson 003's free tier, run 0, as a generic CSV log of 2,322 calls. Download this log, to see the format to write");
  // Said to be the lesson's, its script and sockpuppets are its abusers, drawn and counted as the lesson does.
  assert.deepEqual(v.kinds.slice(0, 2), ["script: abuser", "sockpuppet: abuser"], v.kinds.join(", "));
  assert.ok(v.kinds.slice(2).every((k) => k.endsWith(": honest")), v.kinds.join(", "));
  assert.match(v.note, /refused: Script and Sockpuppets [\d,]+, honest\u00a0[\d,]+\u00a0of\u00a0802$/);

  // The link gives the log, byte for byte the CLI's; read back as the reader's own file, billsim
  // replay's bills under the page's default policies.
  const [download] = await Promise.all([page.waitForEvent("download"), el(page).locator("a.log-link").click()]);
  assert.equal(download.suggestedFilename(), "freeTier-run-0.csv");
  const saved = join(tmp, "downloaded.csv");
  await download.saveAs(saved);
  assert.ok((await readFile(saved, "utf8")) === (await readFile(free.file, "utf8")), "the downloaded log is --export-log's file");
  let before = await drawn(page);
  await el(page).locator("input.file").setInputFiles(saved);
  await next(page, before);
  v = await shown(page);
  assert.deepEqual(v.bills, replayBills(free.file), "the downloaded log, a reader's own, replays as billsim replay does");
  assert.equal(v.replayed, null, "a reader's own file is no lesson's: the line goes");
  assert.ok(v.kinds.every((k) => k.endsWith(": honest")), `nobody in a reader's own log is known to be an abuser: ${v.kinds}`);

  // Another lesson, chosen by keyboard.
  await lesson.focus();
  await lesson.selectOption("toyDay");
  assert.ok(await tabTo(page, "try"), "the button is reached by Tab from the choice");
  before = await drawn(page);
  await page.keyboard.press("Enter");
  await next(page, before);
  v = await shown(page);
  assert.deepEqual(v.bills, (await exported("toyDay")).bills, "lesson 000's day: billsim replay's bills");
  assert.equal(v.replayed, "Lesson 000's day, run 0, as a generic CSV log of 417 calls. Download this log, to see the format to write");

  // Nothing fetched for the log: only the page's own worker and module, and blob: URLs (and
  // its icon, which Chromium asks for again when the page writes its address).
  const after = log.requests.slice(requests).filter((u) => !u.startsWith("blob:"));
  assert.ok(after.every((u) => u.startsWith(env.base) && /replay-worker\.js|pkg-replay\/|favicon\.svg$/.test(u)), after.join(", "));
  assert.deepEqual(log.errors, []);
  // Last: axe's own inline styles are refused by the page's CSP, a console error of its own.
  assert.deepEqual((await axeScan(page)).bad, [], "axe: the control, the line and its link are clean");
});

test("readable at 390 and 1000 px with a lesson's traffic replayed (screenshots in tests/browser/screenshots)", async () => {
  for (const width of [390, 1000]) {
    const { page, log } = await load(env, PAGE, { viewport: { width, height: 900 } });
    await page.waitForFunction(() => customElements.get("replay-view"));
    await el(page).locator("select.lesson").selectOption("runawayTenant");
    await el(page).getByRole("button", { name: "Replay this lesson's traffic" }).click();
    await next(page, 0);
    const v = await shown(page);
    assert.match(v.replayed ?? "", /^Lesson 002's runaway tenant, run 0, as a generic CSV log of 35,083 calls\./);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= width, `no sideways scroll at ${width} px (${wide})`);
    if (width < 480) {
      // On a phone each table's rows are cards: no table scrolls sideways to its numbers.
      const scrolled = await el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll("[role=region]")]
        .filter((r) => r.scrollWidth > r.clientWidth + 1).map((r) => `${r.getAttribute("aria-label")}: ${r.scrollWidth} > ${r.clientWidth}`));
      assert.deepEqual(scrolled, [], "tables at 390 px");
    }
    await page.screenshot({ path: new URL(`replay-lesson-log-${width}.png`, SHOTS).pathname, fullPage: true });
    assert.deepEqual(log.errors, []);
  }
});

// At a fixed 24rem, lesson 003's six policies had bars 4 px high at 1000 px and the last
// row cut off: the share chart's canvas takes the height the core asks for its bars.
test("the share chart is as tall as its policies' bars need: lesson 003's six get more room than lesson 000's three", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 1000, height: 900 } });
  await page.waitForFunction(() => customElements.get("replay-view"));
  const heights = {};
  for (const [i, lesson] of ["freeTier", "toyDay"].entries()) {
    await el(page).locator("select.lesson").selectOption(lesson);
    await el(page).locator(".try").click();
    await next(page, i);
    heights[lesson] = await el(page).locator(".share-chart").evaluate((c) => c.getBoundingClientRect().height);
  }
  const said = JSON.stringify(heights);
  assert.ok(heights.freeTier > 24 * 16 && heights.freeTier < 900, `six policies' bars, taller than 24rem and under a screen: ${said}`);
  assert.ok(heights.toyDay < heights.freeTier * 0.6, `three policies' bars take less: ${said}`);
  assert.deepEqual(log.errors, []);
});

test("a lesson's traffic runs under its lesson's own policies, which the editor shows with lesson 002's ledger kept, and a reader's own log under the page's", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 900 } });
  await page.waitForFunction(() => customElements.get("replay-view"));
  const w = el(page);
  const editor = () => w.evaluate((e) => ({
    legends: [...e.shadowRoot.querySelectorAll(".policy-legend")].map((l) => l.textContent),
    kept: [...e.shadowRoot.querySelectorAll(".kept-more")].map((p) => p.textContent),
    labels: e.view?.share.bars.map((b) => b.label) ?? null,
  }));
  await w.locator("select.lesson").selectOption("runawayTenant");
  await w.locator(".try").click();
  await next(page, 0);
  const tenant = await exported("runawayTenant");
  assert.deepEqual((await shown(page)).bills, tenant.bills, "lesson 002's bills, as billsim replay gives them under its policies");
  await w.locator(".editor summary").click();
  let e = await editor();
  assert.equal(e.legends[1], "Meter the request only (paying $20.00 a day): only a task's first call is reserved (meterRequestOnly)",
    "each policy named as the lesson's widget names it");
  assert.equal(e.kept.length, 4, `the four capped policies show their ledger: ${e.kept.join(" | ")}`);
  assert.match(e.kept[0], /^Also in this policy, kept as written \(the editor has no boxes for these\): "ledger": \{.*"meter":"perRequest"/);
  assert.match(e.kept[2], /"ladder": \["claude-opus-4-8","claude-sonnet-4-6","claude-haiku-4-5"\]/);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the ledger's text does not widen the page at 390 px (${wide})`);

  // An edit of one policy's guard keeps its ledger and ladder: the others' bills stay the lesson's.
  const tier = w.locator('[data-at="policies[3].guards[0].tiers"]');
  await tier.fill((await tier.inputValue()).replace("runaway: 20", "runaway: 40"));
  let n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
  const edited = (await shown(page)).bills;
  assert.equal(edited[3].policy, "degradeLadder");
  assert.notEqual(edited[3].billNanos, tenant.bills[3].billNanos, "the edited policy's bill moved");
  assert.deepEqual(edited.filter((_, i) => i !== 3), tenant.bills.filter((_, i) => i !== 3), "the others' bills are the lesson's");
  e = await editor();
  assert.equal(e.kept.length, 4, "still kept after the edit");
  assert.equal(e.labels[2], "Daily cap, hard block (paying $20.00 a day): every call reserved", `${e.labels}`);

  // Back to the defaults: the lesson's own again. A reader's own log: the page's defaults.
  n = await drawn(page);
  await w.locator(".reset").click();
  await next(page, n);
  assert.deepEqual((await shown(page)).bills, tenant.bills, "back to the lesson's own");
  n = await drawn(page);
  await w.locator("input.file").setInputFiles(tenant.file);
  await next(page, n);
  assert.deepEqual((await shown(page)).bills, replayBills(tenant.file), "a reader's own log under the page's defaults");
  e = await editor();
  assert.deepEqual(e.kept, [], "the editor holds the page's defaults, which have no ledger");
  assert.deepEqual(log.errors, []);
});

// Lesson 001's limit counts what it passed ("counts": "passed"), a field the editor keeps
// with no box: changed to count tokens, the guard lost no way to be right (the language
// refuses "counts" beside tokens, and nothing in the editor could take it out).
test("a kept field of a lesson's guard goes once its guard no longer takes it: lesson 001's counts when it counts tokens", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 1000, height: 900 } });
  await page.waitForFunction(() => customElements.get("replay-view"));
  const w = el(page);
  await w.locator("select.lesson").selectOption("hackathon");
  await w.locator(".try").click();
  await next(page, 0);
  await w.locator(".editor summary").click();
  const guard = () => page.evaluate(() => JSON.parse(new URLSearchParams(location.hash.slice(1)).get("policies") ?? "null")?.[1].guards[0]);
  const count = w.locator('[data-at="policies[1].guards[0].count"]');
  await count.selectOption("tokens");
  const n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
  const said = await w.evaluate((e) => [e.shadowRoot.querySelector(".problem").textContent, e.shadowRoot.querySelector(".editor-error").textContent]);
  assert.deepEqual(said, ["", ""], "replayed, nothing refused");
  const applied = await guard();
  assert.equal(applied?.count, "tokens", JSON.stringify(applied));
  assert.equal(applied?.counts, undefined, `"counts" went with the requests: ${JSON.stringify(applied)}`);
  assert.equal(applied?.retryAfter, "tutorial", "a field still taken stays");
  assert.deepEqual(log.errors, []);
});

test("a lesson's traffic frames the policy its lesson's widget frames at first, and a reload frames it again", async () => {
  const { page, log } = await load(env, PAGE);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await el(page).locator("select.lesson").selectOption("freeTier");
  await el(page).locator(".try").click();
  await next(page, 0);
  const framed = () => el(page).evaluate((e) => ({
    pressed: [...e.shadowRoot.querySelectorAll(".frame button[aria-pressed=true]")].map((b) => b.dataset.policy),
    hash: Object.fromEntries(new URLSearchParams(location.hash.slice(1))),
    problem: e.shadowRoot.querySelector(".problem").textContent,
  }));
  let f = await framed();
  assert.deepEqual(f.pressed, ["allThree"], "lesson 003's widget frames all three layers");
  assert.deepEqual(f.hash, { lesson: "freeTier", frame: "allThree" });
  await page.reload();
  await page.waitForFunction(() => Number(document.querySelector("replay-view")?.dataset.drawn ?? 0) > 0);
  f = await framed();
  assert.deepEqual([f.pressed, f.problem], [["allThree"], ""], "framed again, nothing ignored");
  // The page before the reload ends mid-way: its requests under way are aborted, no more.
  assert.deepEqual(log.errors.filter((e) => !e.endsWith("net::ERR_ABORTED")), []);
});

test("at 390 px the framed policy is one select in place of the buttons, and choosing in it frames the policy", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 844 } });
  await page.waitForFunction(() => customElements.get("replay-view"));
  await el(page).locator(".try").click();
  await next(page, 0);
  const select = el(page).locator(".frame select");
  assert.ok(await select.isVisible(), "the select shows");
  assert.equal(await el(page).locator(".frame button:visible").count(), 0, "no button of the group shows");
  assert.equal(await select.inputValue(), "allThree", "the lesson's framed policy is chosen");
  // Its name shows above it, as "Count as one user" shows above its select, and names the group.
  const name = el(page).locator(".frame-name");
  assert.ok(await name.isVisible(), "the select's name shows");
  const said = await name.textContent();
  assert.equal(await el(page).getByRole("group", { name: said, exact: true }).count(), 1, `the group is named "${said}"`);
  const height = await el(page).locator(".frame").evaluate((f) => f.getBoundingClientRect().height);
  assert.ok(height < 60, `the group is one row: ${height} px`);
  const before = await drawn(page);
  await select.selectOption("bucket");
  const hash = await page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));
  assert.equal(hash.frame, "bucket", JSON.stringify(hash));
  assert.equal(await drawn(page), before, "the results are not replayed again for a frame");
  assert.deepEqual(log.errors, []);
});
