// What readers with phones, screen readers, dark mode and colour-blindness meet: an axe
// scan with every panel open, the chart sharp at any width and pixel ratio, and
// screenshots saved for a person to look at (tests/browser/screenshots/).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { start, open, load, ready, axeScan } from "./harness.mjs";

const SHOTS = new URL("./screenshots/", import.meta.url);
let env;
before(async () => { env = await start(); await mkdir(SHOTS, { recursive: true }); });
after(async () => { await env.stop(); });

async function openPanels(page) {
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByRole("button", { name: "Show numbers" }).click();
}

for (const colorScheme of ["light", "dark"]) {
  test(`axe finds no serious or critical violation in ${colorScheme} mode, with every panel open`, async () => {
    const { page } = await load(env, "", { colorScheme });
    await ready(page);
    await openPanels(page);
    // A bad value on show, so the error message's contrast is checked too.
    await page.locator("bill-widget").getByLabel("Requests per user per minute").fill("0");
    const { bad, results } = await axeScan(page);
    assert.deepEqual(bad, []);
    assert.ok(results.passes.some((p) => p.id === "color-contrast"), "contrast was checked");
  });
}

// Moderate and minor findings the scan above lets pass: a panel's title an h3 under a
// lesson's h1, an empty corner header in a panel's table, a panel a landmark named as its
// log's region, and a page's two widgets of one lesson two regions of one name.
// Opens the widget's "Show numbers" where its view has a table and it is shut.
async function showNumbers(w) {
  const button = w.getByRole("button", { name: "Show numbers" });
  if (await button.isVisible()) await button.click();
}
const OUTLINE_RULES = ["heading-order", "empty-table-header", "landmark-unique", "landmark-no-duplicate-main", "region"];

test("the lesson pages and the two-widget page keep their outline, table headers and region names sound in every view", async () => {
  const found = [];
  for (const path of ["examples/toy-day.html", "examples/hackathon.html", "examples/runaway-tenant.html", "examples/free-tier.html", "examples/two-widgets.html"]) {
    const { page } = await load(env, path);
    const widgets = page.locator("bill-widget");
    for (let i = 0; i < await widgets.count(); i++) {
      const w = widgets.nth(i);
      await ready(page, `bill-widget >> nth=${i}`);
      await w.getByRole("button", { name: "More settings" }).click();
      await showNumbers(w);
    }
    const w = widgets.first();
    const views = await w.evaluate((el) => [...el.shadowRoot.querySelectorAll("[data-view]")].map((b) => b.dataset.view));
    for (const [n, v] of views.entries()) {
      if (n > 0) {
        await w.locator(`[data-view="${v}"]`).click();
        await page.waitForFunction((v) => document.querySelector("bill-widget").shadowRoot.querySelector(`[data-view="${v}"]`).getAttribute("aria-pressed") === "true", v);
        await showNumbers(w);
      }
      const { bad } = await axeScan(page, { rules: OUTLINE_RULES });
      found.push(...bad.map((line) => `${path}, view ${v}: ${line}`));
    }
  }
  assert.deepEqual(found, [], `axe's findings:\n${found.join("\n")}`);
});

test("the chart is drawn at the device's pixel ratio and redrawn sharp when the page is resized", async () => {
  const { page, context } = await open(env, "", { deviceScaleFactor: 2, viewport: { width: 1280, height: 900 } });
  await ready(page);
  const size = () => page.locator("bill-widget").evaluate((el) => {
    const c = el.shadowRoot.querySelector("canvas");
    return { backing: c.width, css: c.clientWidth, picture: c.toDataURL() };
  });
  const wide = await size();
  assert.equal(wide.backing, wide.css * 2);
  await page.setViewportSize({ width: 320, height: 900 });
  await page.waitForFunction(() => {
    const c = document.querySelector("bill-widget").shadowRoot.querySelector("canvas");
    return c.width === c.clientWidth * 2;
  });
  const narrow = await size();
  assert.ok(narrow.css < 320 && narrow.backing === narrow.css * 2, JSON.stringify({ ...narrow, picture: undefined }));
  assert.notEqual(narrow.picture, wide.picture, "redrawn for the new size");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  assert.equal(overflow, false, "nothing sticks out sideways at 320 px");
  await context.close();
});

for (const width of [320, 1280]) {
  for (const colorScheme of ["light", "dark"]) {
    test(`a screenshot at ${width} px in ${colorScheme} mode is saved for a person to look at`, async () => {
      const { page, context } = await open(env, "?policy=dailyBudget", { colorScheme, viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      await ready(page);
      await page.screenshot({ path: new URL(`widget-${width}-${colorScheme}.png`, SHOTS).pathname, fullPage: true });
      await openPanels(page);
      const path = new URL(`widget-${width}-${colorScheme}-panels.png`, SHOTS).pathname;
      await page.screenshot({ path, fullPage: true });
      await context.close();
    });
  }
}

test("reduced motion turns off every transition", async () => {
  const { page } = await load(env, "", { reducedMotion: "reduce" });
  await ready(page);
  const transition = await page.locator("bill-widget").evaluate((el) =>
    getComputedStyle(el.shadowRoot.querySelector("button")).transitionDuration);
  assert.equal(transition, "0s");
});

// Lessons 001 to 003's first views have no line under the chart: its empty paragraph was
// read out by a screen reader as a paragraph of nothing.
test("a screen reader meets no empty paragraph in any lesson's first view", async () => {
  for (const path of ["examples/toy-day.html", "examples/hackathon.html", "examples/runaway-tenant.html", "examples/free-tier.html"]) {
    const { page, context } = await open(env, path);
    await ready(page);
    const tree = await page.locator("bill-widget").ariaSnapshot();
    const empty = tree.split("\n").filter((line) => /^\s*- paragraph\s*$/.test(line));
    assert.deepEqual(empty, [], `${path}: ${empty.length} empty paragraphs in its accessibility tree`);
    await context.close();
  }
});

// The widget's one live region: what a screen reader is told after a change.
const told = (page) => page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".announce").textContent.trim());

test("the line over 200 days is told to a screen reader when it arrives, not its Checking line", async () => {
  const { page, context } = await open(env, "");
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Another day" }).click();
  const line = w.locator(".more");
  await line.filter({ hasText: /^Over 200 days/ }).waitFor({ timeout: 5000 });
  await page.waitForFunction(() => /Over 200 days/.test(document.querySelector("bill-widget").shadowRoot.querySelector(".announce").textContent));
  const said = await told(page);
  assert.ok(said.startsWith("Day 1. "), `the run's number is said first, ended by a stop: ${said}`);
  assert.ok(!/Checking/.test(said), `the Checking line is not said: ${said}`);
  await context.close();
});

test("a view's change tells a screen reader at most two changed lines, not the whole view", async () => {
  const { page, context } = await open(env, "examples/free-tier.html");
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Over time" }).click();
  await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelector(".announce").textContent !== "");
  const lines = await w.locator(".summary span").allTextContents();
  const said = await told(page);
  const heard = lines.filter((line) => said.includes(line));
  assert.ok(lines.length > 2 && heard.length === 2, `${heard.length} of the ${lines.length} lines under the chart said: ${said}`);
  assert.ok(said.endsWith("More under the chart."), said);
  assert.ok(said.length < 600, `${said.length} characters said, where the lines hold ${lines.join(" ").length}`);
  await context.close();
});

test("a page's first view tells a screen reader nothing, its line over 200 days neither", async () => {
  const { page, context } = await open(env, "");
  await ready(page);
  await page.locator("bill-widget").locator(".more").filter({ hasText: /^Over 200 days/ }).waitFor({ timeout: 5000 });
  await page.waitForTimeout(300);
  assert.equal(await told(page), "", "said unprompted at load");
  await context.close();
});

test("a bad field mended tells a screen reader the chart's lines again, in place of its error", async () => {
  const { page, context } = await open(env, "");
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const field = w.getByLabel("Requests per user per minute");
  await field.fill("0");
  await field.blur();
  await page.waitForFunction(() => /Requests per user per minute/.test(document.querySelector("bill-widget").shadowRoot.querySelector(".announce").textContent));
  await field.fill("5");
  await field.blur();
  await page.waitForFunction(() => !/Requests per user per minute/.test(document.querySelector("bill-widget").shadowRoot.querySelector(".announce").textContent));
  const lines = await w.locator(".summary > *").allTextContents();
  const said = await told(page);
  assert.ok(said.startsWith(`${lines[0]} `) && !/must be/.test(said), `the lines under the chart, from the first: ${said}`);
  await context.close();
});

test("typing in a field tells a screen reader nothing until typing pauses, then once, of the value typed alone", async () => {
  const { page, context } = await open(env, "");
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  await page.locator("bill-widget").evaluate((el) => {
    const box = el.shadowRoot.querySelector(".announce");
    window.toldTimes = 0;
    new MutationObserver(() => { window.toldTimes += 1; }).observe(box, { childList: true });
  });
  const field = w.getByLabel("Requests per user per minute");
  await field.selectText();
  await field.pressSequentially("12", { delay: 50 });
  assert.equal(await page.evaluate(() => window.toldTimes), 0, "nothing said while typing");
  await page.waitForFunction(() => window.toldTimes > 0, null, { timeout: 5000 });
  await page.waitForTimeout(1500);
  const said = await told(page);
  assert.equal(await page.evaluate(() => window.toldTimes), 1, `said once typing paused: ${said}`);
  // The view of "1", drawn on the way, is not said before the view of "12".
  assert.match(said, /12 requests per minute/, said);
  assert.doesNotMatch(said, /\b1 requests? per minute/, said);
  await context.close();
});

test("lesson 000's day chart is named by what it shows, then each policy's sentence", async () => {
  const { page, context } = await open(env, "?seed=3");
  await ready(page);
  const label = await page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".day-chart").getAttribute("aria-label"));
  assert.ok(label.startsWith("Day 3: each user's share of the day's calls, then of its bill under each policy. No limit: "), label);
  await context.close();
});

test("each row of the numbers table is headed by what it is, which a screen reader says beside its numbers", async () => {
  const { page, context, log } = await open(env, "", { viewport: { width: 1000, height: 900 } });
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Show numbers" }).click();
  const table = w.locator("#numbers table");
  // A policy's heading row too ("No limit", over its users' rows).
  const rows = await table.locator("tbody tr").count();
  const heads = await table.getByRole("rowheader").allTextContents();
  assert.equal(heads.length, rows, `${heads.length} row headers for ${rows} rows: ${heads.join(", ")}`);
  assert.ok(heads.includes("Heavy user"), heads.join(", "));
  assert.ok(heads.every((h) => h.trim() !== ""), heads.join(", "));
  assert.deepEqual(log.errors, []);
  await context.close();
});

test("a table's box is a tab stop while it scrolls sideways, and not when its table fits", async () => {
  const { page, context } = await open(env, "", { viewport: { width: 1000, height: 900 } });
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Show numbers" }).click();
  const stop = () => w.evaluate((el) => {
    const box = el.shadowRoot.querySelector("#numbers");
    return { tabIndex: box.tabIndex, widths: [box.scrollWidth, box.clientWidth] };
  });
  await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelector("#numbers").tabIndex === -1, null, { timeout: 5000 }).catch(() => {});
  const wide = await stop();
  assert.equal(wide.tabIndex, -1, `the table fits (${wide.widths}): no tab stop`);
  await page.setViewportSize({ width: 530, height: 900 });
  await page.waitForFunction(() => document.querySelector("bill-widget").shadowRoot.querySelector("#numbers").tabIndex === 0, null, { timeout: 5000 }).catch(() => {});
  const narrow = await stop();
  assert.equal(narrow.tabIndex, 0, `the table scrolls (${narrow.widths}): a tab stop, so a keyboard can scroll it`);
  await context.close();
});

test("Show numbers and its table go with the views that have a table", async () => {
  const { page, context } = await open(env, "");
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Show numbers" }).click();
  const table = w.locator("#numbers");
  assert.equal(await table.isVisible(), true, "the day's table is shown");
  await w.getByRole("button", { name: "Calls at once" }).click();
  assert.equal(await table.isVisible(), false, "no table of the day under the calls at once");
  assert.equal(await w.getByRole("button", { name: /numbers/ }).count(), 0, "no numbers button where there is no table");
  await w.getByRole("button", { name: "One day" }).click();
  assert.equal(await table.isVisible(), true, "the day's table is open again, as the reader left it");
  await context.close();
});

test("a field is named by its label alone, its error read as its description once", async () => {
  const { page, context } = await open(env, "?scenario=hackathon");
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const field = w.getByRole("textbox", { name: "Requests per user per window", exact: false });
  await field.fill("0");
  await field.blur();
  const { name, described } = await field.evaluate((input) => {
    const text = (ids) => ids.split(" ").map((id) => input.getRootNode().getElementById(id).textContent).join(" ");
    return { name: text(input.getAttribute("aria-labelledby")), described: text(input.getAttribute("aria-describedby")) };
  });
  assert.doesNotMatch(name, /must be/, `the name holds no error: ${name}`);
  assert.match(described, /must be a whole number of requests from 1 to 1,000; got "0"/, described);
  await context.close();
});

test("a chart whose text alternative is its title alone is described by the lines under it, with their numbers", async () => {
  const { page, context } = await open(env, "?scenario=freeTier&view=freeOverTime");
  await ready(page);
  const said = await page.locator("bill-widget").evaluate((el) => {
    const canvas = el.shadowRoot.querySelector(".overtime-chart");
    const under = el.shadowRoot.getElementById(canvas.getAttribute("aria-describedby"));
    return { label: canvas.getAttribute("aria-label"), described: under?.textContent ?? "" };
  });
  assert.match(said.described, /\$\d/, `the description has the run's dollars: ${JSON.stringify(said)}`);
  const day = await open(env, "");
  await ready(day.page);
  const dayChart = await day.page.locator("bill-widget").evaluate((el) => el.shadowRoot.querySelector(".day-chart").getAttribute("aria-describedby"));
  assert.equal(dayChart, null, "lesson 000's day chart says its numbers in its own name");
  await day.context.close();
  await context.close();
});
