// Lesson 001's weaknesses one tap away: each switch of the core's table (widgets[].toggles)
// is a button on the demo link's first screen, above the chart; switching it on sets its
// setting (the address follows), changes the core's numbers and what is drawn, and pressing
// it again sets the default back. Keyboard and screen reader: buttons with aria-pressed in
// a group named by the core; at 390 x 844 the switches and the chart are on the first screen.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, core } from "./harness.mjs";

const PAGE = "examples/hackathon.html";
let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** The switches, the chart's picture and the sentence under it. */
const seen = (page) => page.locator("bill-widget").evaluate((el) => {
  const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
  const group = el.shadowRoot.querySelector(".toggles");
  const box = (e) => { const r = e.getBoundingClientRect(); return { top: Math.round(r.top), bottom: Math.round(r.bottom) }; };
  return {
    picture: canvas.toDataURL(),
    summary: el.shadowRoot.querySelector(".summary").textContent,
    group: group.getAttribute("aria-label"),
    role: group.getAttribute("role"),
    pressed: Object.fromEntries([...group.querySelectorAll("[data-toggle]")].map((b) => [b.dataset.toggle, b.getAttribute("aria-pressed")])),
    labels: [...group.querySelectorAll("button")].map((b) => b.textContent),
    toggles: box(group),
    chart: box(canvas),
    above: group.compareDocumentPosition(canvas) === Node.DOCUMENT_POSITION_FOLLOWING,
  };
});

const widgetOf = async (page) => (await core(page, "scenarios")).widgets.find((w) => w.scenario === "hackathon");
const param = (page, key, value) => page.waitForFunction(([k, v]) => new URLSearchParams(location.search).get(k) === v, [key, value]);
// What the by-kind view says in numbers: each policy's bill and each kind's refusals.
const numbers = (view) => view.bars.map((b) => [b.policy, b.bill, String(b.honestRefused), b.sentence]);

test("the demo link's switches are the core's, in a group it names, above the chart, all off at first", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const { toggles } = await widgetOf(page);
  const v = await seen(page);
  assert.equal(v.role, "group");
  assert.equal(v.group, toggles.label);
  assert.deepEqual(v.labels, toggles.items.map((t) => t.label));
  assert.deepEqual(Object.values(v.pressed), toggles.items.map(() => "false"));
  assert.ok(v.above, "the switches come before the chart they change");
  assert.deepEqual(log.errors, []);
});

for (const [i, name] of ["spoofedUsers", "sharedAddress", "restartMinute", "serverProcesses", "scriptAtOnce"].entries()) {
  test(`switching ${name} on changes the core's numbers and the chart, and off again gives the default back`, async () => {
    const { page, log } = await load(env, PAGE);
    await ready(page);
    const { toggles } = await widgetOf(page);
    const t = toggles.items[i];
    assert.equal(t.key, name);
    const table = await core(page, "scenarios");
    const first = table.settings.find((s) => s.key === name).default;
    const before = await seen(page);
    await page.locator("bill-widget").getByRole("button", { name: t.label, exact: true }).click();
    await param(page, name, t.on);
    const on = await seen(page);
    assert.equal(on.pressed[name], "true");
    const [was, now] = [await core(page, "cohortView", "hackathon", {}, 0), await core(page, "cohortView", "hackathon", { [name]: t.on }, 0)];
    assert.notDeepEqual(numbers(now), numbers(was), `${name}=${t.on}: the core's bills and sentences change`);
    assert.notEqual(on.picture, before.picture, `${name}=${t.on}: the chart is drawn again, differently`);
    assert.equal((await page.locator("bill-widget").locator(`form [name=${name}]`).inputValue()), t.on, "the form says it too");
    await page.locator("bill-widget").getByRole("button", { name: t.label, exact: true }).click();
    await param(page, name, first);
    const off = await seen(page);
    assert.equal(off.pressed[name], "false");
    assert.equal(off.picture, before.picture, `${name}=${first}: the first picture again`);
    assert.deepEqual(log.errors, []);
  });
}

test("a switch is pressed with the keyboard, and one set in the address is shown pressed", async () => {
  const { page, log } = await load(env, `${PAGE}?spoofedUsers=on`);
  await ready(page);
  assert.equal((await seen(page)).pressed.spoofedUsers, "true", "the address's setting shows");
  const button = page.locator("bill-widget").locator("[data-toggle=sharedAddress]");
  await button.focus();
  await page.keyboard.press("Space");
  await param(page, "sharedAddress", "on");
  assert.equal((await seen(page)).pressed.sharedAddress, "true");
  assert.deepEqual(log.errors, []);
});

test("a switch is pressed while its setting is not its default, and pressed then goes back to it", async () => {
  // Three processes and a restart at 23:59 are the weaknesses on, though the switches' own are two and noon.
  const { page, log } = await load(env, `${PAGE}?serverProcesses=3&restartMinute=1439`);
  await ready(page);
  const { pressed } = await seen(page);
  assert.deepEqual([pressed.serverProcesses, pressed.restartMinute], ["true", "true"], JSON.stringify(pressed));
  await page.locator("bill-widget").locator("[data-toggle=serverProcesses]").click();
  await param(page, "serverProcesses", "1");
  assert.equal((await seen(page)).pressed.serverProcesses, "false", "pressed again: the default, one process");
  assert.deepEqual(log.errors, []);
});

test("at 390 x 844 the switches and the chart they change are on the first screen", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 844 } });
  await ready(page);
  const v = await seen(page);
  assert.ok(v.toggles.bottom <= 844, `the switches end at ${v.toggles.bottom} px`);
  assert.ok(v.chart.top + 240 <= 844, `the chart starts at ${v.chart.top} px: 240 px of it on the first screen`);
  assert.deepEqual(log.errors, []);
});

test("at 390 x 844 a switch pressed leaves every switch and the chart where they were, under the finger", async () => {
  const { page, log } = await load(env, PAGE, { viewport: { width: 390, height: 844 } });
  await ready(page);
  const w = page.locator("bill-widget");
  const places = () => w.evaluate((el) => [...el.shadowRoot.querySelectorAll("[data-toggle], canvas:not([hidden])")]
    .filter((e) => e.checkVisibility()).map((e) => { const r = e.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y), Math.round(r.width)]; }));
  const before = await places();
  for (const name of ["Spoofed users", "Restart at noon"]) {
    await w.getByRole("button", { name, exact: true }).click();
    // Pressed, a switch's words were bold and wider: the row wrapped anew and the buttons moved.
    assert.deepEqual(await places(), before, `after ${name}: [x, y, width] of each switch, then the chart`);
  }
  assert.deepEqual(log.errors, []);
});

test("a switch that leaves every line under the chart as it was is still said: the changed sentences of the first panel beside the chart that changed", async () => {
  const { page, log } = await load(env, PAGE);
  await ready(page);
  const w = page.locator("bill-widget");
  const lines = () => w.evaluate((el) => [...el.shadowRoot.querySelectorAll(".summary > *")].map((l) => l.textContent));
  const before = await lines();
  await w.getByRole("button", { name: "Spoofed users", exact: true }).click();
  await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelector(".announce").textContent.trim() !== "");
  assert.deepEqual(await lines(), before, "the lines under the chart are the same (so this test tests the fallback)");
  const said = await w.evaluate((el) => el.shadowRoot.querySelector(".announce").textContent.trim());
  // Its lead-in alone ("Under \"The tutorial's app: limit and cap\":") was all that was said.
  const panel = await w.evaluate((el) => [...el.shadowRoot.querySelectorAll(".panel")[0].querySelectorAll(":scope > p")].map((p) => p.textContent));
  assert.ok(panel.length === 2 && panel[1].startsWith("Spoofed users:"), JSON.stringify(panel));
  assert.equal(said, panel.join(" "), "the lead-in and the sentence it leads to");
  assert.deepEqual(log.errors, []);
});
