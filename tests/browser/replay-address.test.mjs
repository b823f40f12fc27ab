// The replay page's state in its address, after the "#": the lesson whose traffic it
// replays, the cohort added and the editor's policies once applied, so a reload (or a shared
// link) replays the same; a reader's own file takes the lesson out; a part the page cannot
// use is said and left out, the page still working.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { start, load, replayDrawn as drawn, replayNext as next } from "./harness.mjs";

const root = resolve(import.meta.dirname, "../..");
let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const el = (page) => page.locator("replay-view");
const state = (page) => el(page).evaluate((e) => ({
  hash: [...new URLSearchParams(location.hash.slice(1))],
  problem: e.shadowRoot.querySelector(".problem").textContent,
  policies: e.view?.bills.map((b) => b.policy) ?? null,
  name: e.shadowRoot.querySelector('[data-at="policies[0].name"]')?.value ?? null,
  lesson: e.shadowRoot.querySelector(".lesson").value,
})).then((s) => ({ ...s, hash: Object.fromEntries(s.hash) }));

/** The page with `lesson`'s traffic replayed, by its button. */
async function lessonReplayed(page, lesson) {
  await page.waitForFunction(() => customElements.get("replay-view"));
  await el(page).locator(".lesson").selectOption(lesson);
  const n = await drawn(page);
  await el(page).locator(".try").click();
  await next(page, n);
}

/** The page opened with `policies` in its address, and the fixture `name` replayed under them. */
async function replayedUnder(policies, name) {
  const { page, log } = await load(env, `replay.html#policies=${encodeURIComponent(JSON.stringify(policies))}`);
  await page.waitForFunction(() => customElements.get("replay-view"));
  const n = await drawn(page);
  await el(page).locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay", name));
  await next(page, n);
  return { page, log, w: el(page) };
}

/** The policy editor of replay view `w`, opened if shut (a click on its summary would shut
 *  it when open). */
async function editorOpened(w) {
  if (!(await w.locator(".editor").evaluate((d) => d.open))) await w.locator(".editor summary").click();
}

/** The replay page before any log, its editor open. */
async function freshEditor() {
  const { page, log } = await load(env, "replay.html");
  const w = el(page);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await editorOpened(w);
  return { page, log, w };
}

/** The first policy renamed `name` in the editor and replayed. */
async function firstRenamed(page, name) {
  const w = el(page);
  await editorOpened(w);
  await w.locator('[data-at="policies[0].name"]').fill(name);
  const n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
}

/** Waits for the editor to say why a link's policies cannot run, and for the results the
 *  page draws meanwhile under the default policies: counted before those were drawn, a
 *  wait for the next drawing returned at their drawing (a full run found it so). */
async function refusedAndDrawn(page) {
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  await page.waitForFunction(() => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > 0);
}

test("a lesson's traffic under edited policies is in the address, and a reload replays the same", async () => {
  const { page, log } = await load(env, "replay.html");
  const w = el(page);
  await lessonReplayed(page, "hackathon");
  // And the policy lesson 001's widget frames at first (not the last, which needs no word).
  assert.deepEqual((await state(page)).hash, { lesson: "hackathon", frame: "rateLimitAndCap" }, "the lesson is in the address");

  await firstRenamed(page, "open");
  const applied = await state(page);
  assert.equal(applied.problem, "");
  assert.equal(applied.policies[0], "open", `the edited policy replayed: ${applied.policies}`);
  assert.deepEqual(Object.keys(applied.hash), ["lesson", "policies", "frame"], `${JSON.stringify(applied.hash)}`);
  assert.equal(JSON.parse(applied.hash.policies)[0].name, "open");

  await page.reload();
  await page.waitForFunction(() => Number(document.querySelector("replay-view")?.dataset.drawn ?? 0) > 0);
  const again = await state(page);
  assert.deepEqual([again.lesson, again.name, again.policies], ["hackathon", "open", applied.policies], "the same replay after a reload");
  assert.deepEqual(again.hash, applied.hash, "and the same address");

  // Back to the default policies: they leave the address. A reader's own file: the lesson does.
  let n = await drawn(page);
  await w.locator(".reset").click();
  await next(page, n);
  assert.deepEqual((await state(page)).hash, { lesson: "hackathon", frame: "rateLimitAndCap" });
  // The reset undone by the same button, whose words say so: the policies and address come back.
  assert.equal(await w.locator(".reset").textContent(), "Undo: back to the policies written before");
  n = await drawn(page);
  await w.locator(".reset").click();
  await next(page, n);
  const undone = await state(page);
  assert.equal(undone.policies[0], "open", `the edited policy replayed again: ${undone.policies}`);
  assert.deepEqual(undone.hash, applied.hash, "the address as before the reset");
  assert.match(await w.locator(".reset").textContent(), /^Back to the default policies/, "a reset again");
  n = await drawn(page);
  await w.locator(".reset").click();
  await next(page, n);
  // An edit after a reset is the reader's own: the button resets again, undoing nothing.
  await w.locator(".policies input").first().fill("edited");
  assert.match(await w.locator(".reset").textContent(), /^Back to the default policies/, "an edit ends the undo");
  n = await drawn(page);
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await next(page, n);
  assert.deepEqual((await state(page)).hash, {}, "a reader's own file is not in the address");
  assert.deepEqual(log.errors, []);
});

test("policies in a link that are not JSON are said again with the first results, which run under the defaults", async () => {
  const { page, log } = await load(env, "replay.html#policies=%5B%7Bbroken");
  const w = el(page);
  await page.waitForFunction(() => (document.querySelector("replay-view")?.shadowRoot?.querySelector(".problem")?.textContent ?? "") !== "");
  const before = await w.locator(".problem").textContent();
  assert.match(before, /^Ignored policies in the address: /, before);
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").view !== null);
  const after = await w.locator(".problem").textContent();
  assert.equal(after, before, "the results came with the link's policies set aside, which is still said");
  assert.deepEqual(log.errors, []);
});

test("a part of the address the page cannot use is said with what it allows, and the rest is used", async () => {
  const { page, log } = await load(env, "replay.html#lesson=nope&add=toyDay-heavy&colour=red&policies=%5B%7B");
  await page.waitForFunction(() => (document.querySelector("replay-view")?.shadowRoot?.querySelector(".problem")?.textContent ?? "") !== "");
  const s = await state(page);
  assert.match(s.problem, /Ignored lesson in the address: must be one of "toyDay", .*; got "nope"\./);
  assert.match(s.problem, /Ignored colour in the address: must be one of "lesson", "add", "per", "policies" and "frame"; got "colour"\./);
  assert.match(s.problem, /Ignored policies in the address: must be the editor's policies as JSON/);
  assert.equal(await el(page).locator(".add").inputValue(), "toyDay-heavy", "the cohort it could use is chosen");
  // The page still replays a lesson's traffic, and the address then holds only what it uses.
  const n = await drawn(page);
  await el(page).locator(".try").click();
  await next(page, n);
  const after = await state(page);
  assert.ok(after.policies?.length > 0, `replayed: ${after.problem}`);
  assert.deepEqual(Object.keys(after.hash), ["lesson", "add", "frame"], JSON.stringify(after.hash));
  assert.deepEqual(log.errors, []);
});

test("a draft that fails to run stays out of the address, and a link's policy that cannot run is said as the editor's while the log is drawn under the defaults", async () => {
  const { page, log } = await load(env, "replay.html");
  const w = el(page);
  await lessonReplayed(page, "hackathon");
  // A good edit, in the address; then a draft with a limit that is no amount.
  await firstRenamed(page, "open");
  const good = (await state(page)).hash;
  const limit = w.locator('[data-at$=".limit"]').first();
  await limit.fill("abc");
  await w.locator(".apply").click();
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  assert.deepEqual((await state(page)).hash, good, "the address keeps the policies that ran");

  // The same draft in a link, as an older page wrote it: the log reads, and the editor says why it does not run.
  const policies = JSON.parse(good.policies);
  const guard = policies.flatMap((p) => p.guards).find((g) => "limit" in g);
  guard.limit = "abc";
  // Opened as a link is, in a page of its own: a change of the "#" alone reloads nothing.
  const origin = new URL(page.url()).origin;
  await page.goto("about:blank");
  await page.goto(`${origin}/replay.html#policies=${encodeURIComponent(JSON.stringify(policies))}`);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent !== "");
  const said = await w.evaluate((e) => ({
    problem: e.shadowRoot.querySelector(".problem").textContent,
    editor: e.shadowRoot.querySelector(".editor-error").textContent,
    open: e.shadowRoot.querySelector(".editor").open,
  }));
  assert.doesNotMatch(said.problem, /This file cannot be replayed/, said.problem);
  assert.match(said.problem, /The link's policies cannot be run .*: the results are under the default policies/, said.problem);
  assert.ok(said.open && /limit: must be/.test(said.editor), `the editor is open with its error: ${said.editor}`);
  const drawnUnder = await w.evaluate((e) => e.view?.bills.map((b) => b.policy) ?? null);
  assert.ok(drawnUnder !== null && drawnUnder.length > 0, "the log is drawn under the default policies");
  // The link's policies stay in the address, so that a reload still has them to mend.
  const kept = JSON.parse((await state(page)).hash.policies ?? "null");
  assert.equal(kept?.flatMap((p) => p.guards).find((g) => "limit" in g).limit, "abc", "the link's policies kept in the address");
  await page.reload();
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent !== "");
  assert.match(await w.locator(".problem").textContent(), /The link's policies cannot be run/, "reloaded, the same link");
  // Gone once the reader goes back to the defaults, or replays another log.
  await page.waitForFunction(() => document.querySelector("replay-view").view !== null);
  let n = await drawn(page);
  await w.locator(".reset").click();
  await next(page, n);
  assert.equal((await state(page)).hash.policies, undefined, "after Reset, the defaults' address");
  await page.reload();
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").view !== null);
  assert.equal((await state(page)).hash.policies, undefined, "the reload after Reset has no policies");
  await page.goto(`${origin}/replay.html#policies=${encodeURIComponent(JSON.stringify(policies))}`);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").view !== null);
  n = await drawn(page);
  await w.locator(".lesson").selectOption("toyDay");
  await w.locator(".try").click();
  await next(page, n);
  assert.equal((await state(page)).hash.policies, undefined, "another log replayed: the failed link's policies are gone");
  // A fetch cut off by this test's own reloads (a favicon, a worker's module) is no error of the page's.
  assert.deepEqual(log.errors.filter((e) => !e.endsWith("net::ERR_ABORTED")), []);
});

test("a link's guard without \"count\" runs with the count its box shows, and a limit of the wrong kind shows as its JSON", async () => {
  const links = [{ name: "a", guards: [{ limit: 5, per: "user", window: "1m" }] }, { name: "b", guards: [{ count: "requests", limit: {}, window: "1m" }] }];
  const { page, log } = await load(env, `replay.html#policies=${encodeURIComponent(JSON.stringify(links))}`);
  const w = el(page);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await refusedAndDrawn(page);
  const at = (key) => w.locator(`[data-at="${key}"]`);
  assert.equal(await at("policies[0].guards[0].count").inputValue(), "requests");
  assert.equal(await at("policies[1].guards[0].limit").inputValue(), "{}", "not [object Object]");
  // The limit mended, the editor's policies run: the count shown is the count run.
  await at("policies[1].guards[0].limit").fill("5");
  const n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
  assert.equal(await w.locator(".editor-error").textContent(), "", "no error left");
  assert.deepEqual(await w.evaluate((e) => e.view.bills.map((b) => b.policy)), ["a", "b"]);
  assert.deepEqual(log.errors, []);
});

test("after a file is replayed the focus is on the results' heading, not lost with the hidden Cancel button", async () => {
  const { page, log } = await load(env, "replay.html");
  await page.waitForFunction(() => customElements.get("replay-view"));
  const w = el(page);
  await w.locator(".lesson").selectOption("toyDay");
  const n = await drawn(page);
  await w.locator(".try").press("Enter");
  await next(page, n);
  const focused = await w.evaluate((e) => e.shadowRoot.activeElement?.id ?? null);
  assert.equal(focused, "rv-results", "the results' heading has the focus");
  assert.deepEqual(log.errors, []);
});

test("at a phone's width the results come to the top of the screen after a lesson's traffic is replayed", async () => {
  const { page, log } = await load(env, "replay.html", { viewport: { width: 390, height: 844 } });
  await lessonReplayed(page, "toyDay");
  const top = await el(page).evaluate((e) => e.shadowRoot.querySelector("#rv-results").getBoundingClientRect().top);
  assert.ok(top > -2 && top < 100, `the results' heading is ${Math.round(top)} px from the top of an 844 px screen`);
  assert.deepEqual(log.errors, []);
});

test("the policy a reader frames is in the address, and a reload frames it again", async () => {
  const { page, log } = await load(env, "replay.html");
  await lessonReplayed(page, "toyDay");
  const pressed = () => el(page).evaluate((e) => [...e.shadowRoot.querySelectorAll(".frame button[aria-pressed=true]")].map((b) => b.dataset.policy));
  await el(page).locator(".frame button").first().click();
  const framed = await pressed();
  assert.equal((await state(page)).hash.frame, framed[0], `the address frames ${framed}`);
  const address = new URL(page.url());
  await page.goto("about:blank");
  await page.goto(address.href);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await page.waitForFunction(() => Number(document.querySelector("replay-view").dataset.drawn ?? 0) > 0);
  assert.deepEqual(await pressed(), framed, "framed again after the reload");
  assert.equal((await state(page)).problem, "");
  assert.deepEqual(log.errors, []);
});

test("a price table chosen says it stays out of the page's link", async () => {
  const { page, log } = await load(env, "replay.html");
  await lessonReplayed(page, "toyDay");
  const note = el(page).locator(".prices-note");
  assert.equal(await note.isVisible(), false, "no note without a price table");
  const n = await drawn(page);
  const table = "model,input_per_million,output_per_million\ntoy,100,500\n";
  await el(page).locator(".prices").setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(table) });
  await next(page, n);
  assert.equal(await note.isVisible(), true, `the note is shown once the table is used: ${await el(page).locator(".problem").textContent()}`);
  assert.match(await note.textContent(), /a link to this page replays without it/);
  assert.deepEqual(log.errors, []);
});

test("a link's \"Count as one user\" is used on the log read next and kept in the address; one the log has not is said, and the log read by its format's user", async () => {
  const litellm = resolve(root, "tests/fixtures/replay/litellm.csv");
  const perOf = (page) => el(page).locator(".per").inputValue();
  // The log has it: its results are counted by team, and the address keeps it.
  let { page, log } = await load(env, "replay.html#per=team_id");
  await page.waitForFunction(() => customElements.get("replay-view"));
  let n = await drawn(page);
  await el(page).locator(".file").setInputFiles(litellm);
  await next(page, n);
  let s = await state(page);
  assert.equal(await perOf(page), "team_id", "the select shows the link's field");
  assert.equal(s.hash.per, "team_id", JSON.stringify(s.hash));
  assert.equal(s.problem, "");
  assert.deepEqual(log.errors, []);
  // The log has not: read by its format's user, the core's reason said, the address without it.
  ({ page, log } = await load(env, "replay.html#per=nope"));
  await page.waitForFunction(() => customElements.get("replay-view"));
  n = await drawn(page);
  await el(page).locator(".file").setInputFiles(litellm);
  await next(page, n);
  s = await state(page);
  assert.ok(s.policies?.length > 0, `replayed: ${s.problem}`);
  assert.equal(await perOf(page), "", "counted by the format's user");
  assert.match(s.problem, /"nope"/, s.problem);
  assert.equal(s.hash.per, undefined, JSON.stringify(s.hash));
  assert.deepEqual(log.errors, []);
});

test("a link's guard or policy with a field the language has not gets a button that takes the field out, and then runs", async () => {
  // "reason" is the language's, though the editor shows no control for it: it keeps it.
  const typo = [{ name: "typo", guards: [{ count: "requests", limit: 5, per: "user", windw: "1m", reset: "rolling", reason: "rate limit" }] }];
  // A policy's own misspelt field ("ladr") is shown as written, and taken out by its button too.
  typo.push({ name: "spelt", guards: [], ladr: ["a", "b"] });
  const { page, log } = await load(env, `replay.html#policies=${encodeURIComponent(JSON.stringify(typo))}`);
  const w = el(page);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await refusedAndDrawn(page);
  assert.match(await w.locator(".editor-error").textContent(), /got the field "windw"/);
  const removers = await w.evaluate((e) => [...e.shadowRoot.querySelectorAll(".policies button")].map((b) => b.textContent)
    .filter((t) => t.startsWith("Remove the field")));
  assert.deepEqual(removers, ['Remove the field "windw"', 'Remove the field "ladr"'], "only the fields the language has not");
  assert.match(await w.locator(".kept-more").textContent(), /"ladr": \["a","b"\]/);
  await w.getByRole("button", { name: 'Remove the field "ladr"' }).click();
  assert.equal(await w.locator(".kept-more").count(), 0, "the policy's field is gone");
  const n = await drawn(page);
  await w.getByRole("button", { name: 'Remove the field "windw"' }).click();
  const focused = await w.evaluate((e) => e.shadowRoot.activeElement?.dataset.at ?? null);
  assert.equal(focused, "policies[0]/add", "the focus goes on to the policy's next button, not to the page");
  await w.locator('[data-at="policies[0].guards[0].window"]').fill("1m");
  await w.locator(".apply").click();
  // The results drawn again: the link's problem is still said until they are, so a wait
  // for a drawing or a problem would return at once (a full run found it so).
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn) > k, n);
  const s = await state(page);
  assert.deepEqual(s.policies, ["typo", "spelt"], s.problem);
  assert.deepEqual(JSON.parse(s.hash.policies)[0].guards[0].window, "1m", s.hash.policies);
  assert.ok(!s.hash.policies.includes("windw") && !s.hash.policies.includes("ladr"), s.hash.policies);
  assert.deepEqual(log.errors, []);
});

test("a link's field whose control is hidden beside the guard's other fields gets a button that takes it out, and then runs", async () => {
  // "admit" has a control only for tokens and dollars: on a request limit, nothing could mend it.
  const links = [{ name: "odd", guards: [{ count: "requests", limit: 5, per: "user", window: "1m", reset: "rolling", admit: "estimate" }] }];
  const { page, log } = await load(env, `replay.html#policies=${encodeURIComponent(JSON.stringify(links))}`);
  const w = el(page);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await refusedAndDrawn(page);
  assert.match(await w.locator(".editor-error").textContent(), /admit/);
  assert.equal(await w.locator('[data-at="policies[0].guards[0].admit"]').textContent(), 'Remove the field "admit"');
  const n = await drawn(page);
  await w.getByRole("button", { name: 'Remove the field "admit"' }).click();
  await w.locator(".apply").click();
  await page.waitForFunction((k) => Number(document.querySelector("replay-view").dataset.drawn) > k, n);
  const s = await state(page);
  assert.deepEqual(s.policies, ["odd"], s.problem);
  // Written back, a request limit's admission is the one it takes ("counted"): no button for it.
  const removers = await w.evaluate((e) => [...e.shadowRoot.querySelectorAll(".policies button")].filter((b) => b.textContent.startsWith("Remove the field")).length);
  assert.equal(removers, 0, "no field left to take out");
  assert.deepEqual(log.errors, []);
});

test("the policy editor offers a reset in flight for requests alone, and a window it hides comes back as it was", async () => {
  const { log, w } = await freshEditor();
  const at = (p, key) => w.locator(`[data-at="policies[${p}].guards[0].${key}"]`);
  const offered = async (p) => (await at(p, "reset").locator("option").evaluateAll((os) => os.map((o) => o.value)));
  // The defaults' second policy limits requests, the third dollars.
  assert.deepEqual(await offered(1), ["rolling", "fixed", "steady", "inFlight"], "for requests");
  assert.deepEqual(await offered(2), ["rolling", "fixed", "steady"], "for dollars");
  await at(1, "window").fill("30s");
  await at(1, "reset").selectOption("inFlight");
  assert.equal(await at(1, "window").count(), 0, "in flight has no window");
  await at(1, "reset").selectOption("rolling");
  assert.equal(await at(1, "window").inputValue(), "30s", "the window it had, not the default");
  // A count of tokens takes a reset in flight back to its default, and the window with it.
  await at(1, "reset").selectOption("inFlight");
  await at(1, "count").selectOption("tokens");
  assert.equal(await at(1, "reset").inputValue(), "fixed", "the reset's default");
  assert.equal(await at(1, "window").inputValue(), "30s", "the window it had");
  assert.deepEqual(log.errors, []);
});

test("a link's guard without \"reset\" shows the fixed window it runs with, and a per the language has not shows as written", async () => {
  // The editor showed "Rolling" for a guard the language reads as fixed.
  const links = [{ name: "weekly", guards: [{ count: "dollars", limit: "50", per: "team", window: "7d" }] }];
  const { page, log } = await load(env, `replay.html#policies=${encodeURIComponent(JSON.stringify(links))}`);
  const w = el(page);
  await page.waitForFunction(() => customElements.get("replay-view"));
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  assert.match(await w.locator(".editor-error").textContent(), /got "team"/);
  const at = (key) => w.locator(`[data-at="policies[0].guards[0].${key}"]`);
  assert.equal(await at("reset").inputValue(), "fixed", "a guard without reset runs fixed");
  assert.equal(await at("per").inputValue(), "team", "the link's per, not the first choice");
  assert.deepEqual(log.errors, []);
});

test("a link's guard per tenant shows \"Each team (tenant)\" in the editor and counts a log's teams: its dollar line is the teams times the budget", async () => {
  const perTeam = [{ name: "teamBudget", guards: [{ count: "dollars", limit: "1", per: "tenant", window: "1d", reset: "fixed" }] }];
  const { log, w } = await replayedUnder(perTeam, "generic_teams.csv");
  await editorOpened(w);
  const per = w.locator('[data-at="policies[0].guards[0].per"]');
  assert.equal(await per.inputValue(), "tenant", "the select holds the link's per");
  assert.equal(await per.locator("option:checked").textContent(), "Each team (tenant)");
  const seen = await w.evaluate((e) => ({ limits: e.view.spend.limits.map((l) => l.label), notes: e.view.notes }));
  assert.deepEqual(seen.limits, ["2 teams × $1.00 per day"], JSON.stringify(seen));
  assert.ok(seen.notes.some((t) => t.includes("counts by the log's team (\"team\": 2 teams)")), JSON.stringify(seen.notes));
  assert.deepEqual(log.errors, []);
});

test("the users refused most give their team, read from the left as words, the counts from the right", async () => {
  const threeAMinute = [{ name: "teamRpm", guards: [{ count: "requests", limit: 3, per: "tenant", window: "1m", reset: "rolling" }] }];
  const { log, w } = await replayedUnder(threeAMinute, "generic_teams.csv");
  const table = await w.evaluate((e) => {
    const t = e.shadowRoot.querySelector(".refused-users table");
    const align = (c) => getComputedStyle(c).textAlign;
    return {
      heads: [...t.tHead.rows[0].cells].map((c) => [c.textContent, align(c)]),
      row: [...t.tBodies[0].rows[0].cells].map((c) => [c.textContent, align(c)]),
    };
  });
  assert.deepEqual(table.heads, [["User", "left"], ["Team", "left"], ["Calls", "right"], ["3 requests per minute per tenant, rolling", "right"]]);
  assert.deepEqual(table.row, [["bob", "left"], ["red", "left"], ["2", "right"], ["1", "right"]]);
  assert.deepEqual(log.errors, []);
});

test("a link's tiered guard shows its tiers in one box in place of the limit: edited it replays, a bad part is named, emptied the limit comes back", async () => {
  const byPlan = [{ name: "byPlan", guards: [{ count: "dollars", tiers: { pro: "2", free: "0.5" }, per: "tenant", window: "1d", reset: "fixed" }] }];
  const { page, log, w } = await replayedUnder(byPlan, "generic_tiers.csv");
  await editorOpened(w);
  const boxes = () => w.evaluate((e) => Object.fromEntries([...e.shadowRoot.querySelectorAll(".policies [data-at*='.guards[0].']")]
    .filter((c) => c.tagName !== "BUTTON").map((c) => [c.dataset.at.split(".").pop(), c.value])));
  const limits = () => w.evaluate((e) => e.view.spend.limits.map((l) => l.label));
  const tiers = w.locator('[data-at="policies[0].guards[0].tiers"]');
  let shown = await boxes();
  // A link's object comes back with its cohorts in the order of their names (the editor's
  // own links keep the box's text, in its order).
  assert.equal(shown.tiers, "free: 0.5, pro: 2", JSON.stringify(shown));
  assert.ok(!("limit" in shown), `no limit box beside the tiers: ${JSON.stringify(shown)}`);
  assert.deepEqual(await limits(), ["2 teams × $0.50 (free) + 1 team × $2.00 (pro) per day"]);

  let n = await drawn(page);
  await tiers.fill("pro: 1, free: 0.25");
  await w.locator(".apply").click();
  await next(page, n);
  assert.deepEqual(await limits(), ["1 team × $1.00 (pro) + 2 teams × $0.25 (free) per day"], "the edited tiers replayed");
  assert.equal(JSON.parse((await state(page)).hash.policies)[0].guards[0].tiers, "pro: 1, free: 0.25", "and kept in the address");

  // A tier for no cohort of the log: the run's refusal is the editor's, its box marked.
  await tiers.fill("gold: 3");
  await w.locator(".apply").click();
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  assert.equal(await w.locator(".editor-error").textContent(),
    'Policy 1 "byPlan", guard 1, tiers: must give a tier to each cohort of the tenants ("pro", "free"); got none for "pro" (1 tenant)');
  assert.equal(await tiers.getAttribute("aria-invalid"), "true", "the tiers' box is marked");

  await tiers.fill("pro 1");
  await w.locator(".apply").click();
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".editor-error").textContent !== "");
  assert.match(await w.locator(".editor-error").textContent(),
    /^Policy 1 "byPlan", guard 1, tiers: must be each cohort and its limit as cohort: limit, .*; got "pro 1"$/);
  assert.equal(await tiers.getAttribute("aria-invalid"), "true", "the tiers' box is marked");
  assert.deepEqual(await limits(), ["1 team × $1.00 (pro) + 2 teams × $0.25 (free) per day"], "the last good view stays");

  await tiers.fill("");
  shown = await boxes();
  assert.deepEqual([shown.limit, shown.tiers], ["5", ""], `the limit back at its default: ${JSON.stringify(shown)}`);
  assert.deepEqual(log.errors, []);
});

test("an edit not yet applied changes nothing another control replays; applied before any log, it replays the log chosen next", async () => {
  const { page, log, w } = await freshEditor();
  // Applied with no log yet: said, kept in the address, used on the log chosen next.
  await w.locator('[data-at="policies[0].name"]').fill("early");
  await w.locator(".apply").click();
  assert.match(await w.locator(".editor-note").textContent(), /^No log yet: the log you choose next is replayed under these policies\.$/);
  assert.equal(JSON.parse((await state(page)).hash.policies)[0].name, "early");
  let n = await drawn(page);
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic_teams.csv"));
  await next(page, n);
  let s = await state(page);
  assert.equal(s.policies[0], "early", `the applied policies replayed: ${s.policies}`);
  assert.equal(await w.locator(".editor-note").textContent(), "", "the note goes with the log");

  // A draft, not applied: another field counted as one user replays the applied policies.
  await w.locator('[data-at="policies[0].name"]').fill("draft");
  await w.locator('[data-at="policies[1].guards[0].limit"]').fill("abc");
  n = await drawn(page);
  await w.locator(".per").selectOption("team");
  await next(page, n);
  s = await state(page);
  assert.deepEqual([s.policies[0], s.problem], ["early", ""], "the draft neither ran nor failed");
  assert.deepEqual([s.hash.per, JSON.parse(s.hash.policies)[0].name], ["team", "early"], "the address says what ran");
  assert.deepEqual(log.errors, []);
});

/** The page with policies that cannot run (a limit of "abc") applied before any log. */
async function badPoliciesApplied() {
  const { page, log, w } = await freshEditor();
  await w.locator('[data-at="policies[1].guards[0].limit"]').fill("abc");
  await w.locator(".apply").click();
  return { page, log, w, n: await drawn(page) };
}

test("policies applied before any log that cannot run are said to be the editor's, not a link's, and leave the address", async () => {
  const { page, log, w, n } = await badPoliciesApplied();
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await next(page, n);
  const s = await state(page);
  assert.equal(s.problem, "The log was read, but the policies below cannot be run: change them and replay.");
  assert.equal(await w.locator(".problem .message").count(), 0, "a sentence, not set as the core's message is");
  assert.match(await w.locator(".editor-error").textContent(), /limit: .*got "abc"/);
  assert.equal(s.hash.policies, undefined, `the address keeps no failed draft: ${JSON.stringify(s.hash)}`);
  assert.equal(await w.locator(".editor-note").textContent(), "", "no \"No log yet\" once a log is read");
  assert.deepEqual(log.errors, []);
});

test("policies applied before any log that cannot run on a lesson's traffic leave the focus on the lesson's button", async () => {
  const { page, log, w, n } = await badPoliciesApplied();
  await w.locator(".try").focus();
  await page.keyboard.press("Enter");
  await next(page, n);
  const seen = await w.evaluate((e) => ({ focused: e.shadowRoot.activeElement?.className ?? "", note: e.shadowRoot.querySelector(".editor-note").textContent }));
  assert.deepEqual(seen, { focused: "try", note: "" });
  assert.equal((await state(page)).problem, "The log was read, but the policies below cannot be run: change them and replay.");
  assert.deepEqual(log.errors, []);
});

test("a link's \"Count as one user\" the log has not is said of the results shown, not as a file that failed", async () => {
  const { page, log } = await load(env, "replay.html#per=nonexistent");
  const w = el(page);
  await page.waitForFunction(() => customElements.get("replay-view"));
  const n = await drawn(page);
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic_teams.csv"));
  await next(page, n);
  const said = await w.evaluate((e) => [...e.shadowRoot.querySelectorAll(".problem p")].map((p) => p.textContent));
  assert.equal(said.length, 2, JSON.stringify(said));
  assert.match(said[0], /^This log has no field the link's "Count as one user" asks for, so it was read by its format's user:$/);
  assert.match(said[1], /got "nonexistent"/);
  assert.doesNotMatch(said[1], /^per: /, "the head names the field: the reason does not again");
  assert.deepEqual(log.errors, []);
});

test("a link opened in the same tab, its \"#\" alone new, is read as the page it asks for", async () => {
  const { page, log } = await load(env, "replay.html");
  await lessonReplayed(page, "hackathon");
  await page.evaluate(() => { location.hash = "#lesson=freeTier"; });
  // Mid-reload the element may be there before its shadow root: asked again until both are.
  await page.waitForFunction(() => document.querySelector("replay-view")?.shadowRoot?.querySelector(".lesson")?.value === "freeTier"
    && Number(document.querySelector("replay-view").dataset.drawn ?? 0) > 0);
  const s = await state(page);
  assert.deepEqual([s.lesson, s.hash], ["freeTier", { lesson: "freeTier", frame: "allThree" }], JSON.stringify(s));
  // The page before the reload ends mid-way: its requests under way are aborted, no more.
  assert.deepEqual(log.errors.filter((e) => !e.endsWith("net::ERR_ABORTED")), []);
});

test("the replay page's link back to the lesson returns to the lesson's settings as the reader left them, and offers its traffic first", async () => {
  const { page, log } = await load(env, "?perMinute=7");
  await page.locator("bill-widget").locator(".summary").filter({ hasText: /\S/ }).waitFor();
  const left = await page.evaluate(() => location.search);
  assert.match(left, /perMinute=7/, `the lesson's address holds its setting: ${left}`);
  await page.getByRole("link", { name: "Replay your own traffic" }).click();
  await page.waitForURL(/replay\.html/);
  const back = page.getByRole("link", { name: "Back to the lesson" });
  const href = await back.evaluate((a) => a.href);
  assert.equal(new URL(href).search, left, `the link keeps the lesson's address: ${href}`);
  await page.waitForFunction(() => document.querySelector("replay-view")?.shadowRoot?.querySelector(".lesson"));
  const offered = await page.evaluate(() => document.querySelector("replay-view").shadowRoot.querySelector(".lesson").value);
  assert.equal(offered, "toyDay", "the lesson the reader came from (lesson 000's page names no scenario) is offered first");
  await back.click();
  await page.waitForURL((url) => url.search === left);
  assert.deepEqual(log.errors, [], "no console error");
});

test("back to the defaults after a file the applied policies failed on replays that file, and the address names no frame the results lack", async () => {
  const { page, log } = await load(env, "replay.html");
  const w = el(page);
  await lessonReplayed(page, "runawayTenant");
  // The lesson's own policies, edited and applied: a team's tiers by the lesson's tenants' cohorts.
  await w.locator(".editor summary").click();
  const tier = w.locator('[data-at="policies[3].guards[0].tiers"]');
  await tier.fill((await tier.inputValue()).replace("runaway: 20", "runaway: 40"));
  let n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
  // A reader's own log names no cohort: those tiers cannot run on it.
  await w.locator(".file").setInputFiles(resolve(root, "tests/fixtures/replay/generic.csv"));
  await page.waitForFunction(() => document.querySelector("replay-view").shadowRoot.querySelector(".problem").textContent !== "");
  n = await drawn(page);
  await w.locator(".reset").click();
  await next(page, n);
  const s = await state(page);
  assert.equal(s.problem, "");
  assert.deepEqual(s.policies, ["noLimit", "requestsPerMinute", "dailyBudget"], "the page's defaults");
  const summary = await w.locator(".summary-said").textContent();
  assert.match(summary, /^A generic log: 5 calls/, `the file chosen last is replayed, not the lesson's: ${summary}`);
  assert.equal(await w.locator(".replayed").isHidden(), true, "no lesson's line over a reader's own log");
  assert.deepEqual(s.hash, {}, "nothing of the lesson, its policies or its framed policy in the address");

  // A policy taken out (the one framed last): the address names no frame the results lack.
  await lessonReplayed(page, "toyDay");
  await w.locator('[data-at="policies[2]/remove"]').click();
  n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
  const after = await state(page);
  assert.deepEqual(after.policies, ["noLimit", "requestsPerMinute"]);
  assert.equal(after.hash.frame, undefined, JSON.stringify(after.hash));
  assert.deepEqual(log.errors, []);
});

test("the reset button pressed with the keys stays in view when the editor shrinks under it", async () => {
  const { page, w } = await replayedUnder([{ name: "open", guards: [] }], "generic.csv");
  await page.setViewportSize({ width: 390, height: 700 });
  await editorOpened(w);
  for (let i = 0; i < 6; i++) await w.locator(".add-guard").first().click();
  let n = await drawn(page);
  await w.locator(".apply").click();
  await next(page, n);
  n = await drawn(page);
  await w.locator(".reset").focus();
  await page.keyboard.press("Enter");
  await next(page, n);
  const box = await w.locator(".reset").boundingBox();
  const height = page.viewportSize().height;
  assert.ok(box && box.y >= 0 && box.y + box.height <= height, `the focused button at y ${box?.y} of a ${height} px screen`);
});
