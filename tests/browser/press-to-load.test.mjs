// A widget with loading="interaction" (issue 22, point 4: a lesson's first view without the
// WebAssembly): its fallback and the core's start button show, and nothing of the module is
// fetched until the reader presses the button; then it draws as any widget does.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, pageOf, ready } from "./harness.mjs";
import { wasm as core } from "../wasm-module.mjs";

const { loading } = core.scenarios();

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const FIGURE = `<img src="/figures/share-of-bill.svg" width="800" height="420" alt="Bars of each user's share of one day's bill.">`;
const lesson = (widgets) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lesson</title>
<script type="module" src="/bill-widget.js"></script></head><body><h1>A lesson</h1>${widgets}</body></html>`;

async function opened(widgets, query = "") {
  const page = await pageOf(env, `press-to-load.html${query}`, lesson(widgets));
  const wasm = () => page.log.requests.filter((u) => u.endsWith(".wasm")).map((u) => new URL(u).pathname);
  return { ...page, wasm };
}

const startButton = (page, selector) => page.locator(selector).locator(".start button");

test("a widget that loads on interaction shows its fallback and start button, and fetches no wasm until pressed", async () => {
  const { page, context, log, wasm } = await opened(`<bill-widget loading="${loading.interaction}">${FIGURE}</bill-widget>`);
  try {
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(300);
    assert.deepEqual(wasm(), [], `nothing fetched before the press: ${wasm().join(", ")}`);
    assert.equal(await startButton(page, "bill-widget").textContent(), loading.start, "the core's words on the button");
    assert.equal(await page.locator("bill-widget img").isVisible(), true, "the fallback figure shows");
    await startButton(page, "bill-widget").click();
    await ready(page);
    assert.deepEqual(wasm(), ["/pkg-toy-day/billsim_wasm_bg.wasm"], `the lesson's module once pressed: ${wasm().join(", ")}`);
    assert.equal(await page.locator("bill-widget img").isVisible(), false, "the fallback gives way to the widget");
    assert.equal(await page.locator("bill-widget").locator(".day-chart").isVisible(), true, "the chart is drawn");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a start button pressed from the keyboard hands its focus to the widget's first control", async () => {
  const { page, context, log } = await opened(`<bill-widget loading="${loading.interaction}">${FIGURE}</bill-widget>`);
  try {
    await page.keyboard.press("Tab");
    const focused = () => page.evaluate(() => {
      const inner = document.activeElement?.shadowRoot?.activeElement;
      return inner ? `${inner.closest(".start, .views, .policies, .row")?.className ?? "?"}: ${inner.textContent}` : document.activeElement?.tagName;
    });
    assert.equal(await focused(), `start: ${loading.start}`, "the first Tab reaches the start button");
    await page.keyboard.press("Enter");
    await ready(page);
    const after = await focused();
    assert.match(after, /^row (views|policies): \S/, `the focus is on the widget's first control: ${after}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a waiting widget beside a drawn one keeps waiting once the element is defined, then draws its own lesson", async () => {
  const { page, context, log, wasm } = await opened(
    `<bill-widget id="first"></bill-widget><bill-widget id="second" scenario="freeTier" loading="${loading.interaction}">${FIGURE}</bill-widget>`);
  try {
    await ready(page, "#first");
    await page.waitForLoadState("networkidle");
    assert.deepEqual(wasm(), ["/pkg-toy-day/billsim_wasm_bg.wasm"], `only the first widget's module: ${wasm().join(", ")}`);
    await startButton(page, "#second").scrollIntoViewIfNeeded();
    assert.equal(await startButton(page, "#second").isVisible(), true, "the second still shows its start button");
    await startButton(page, "#second").click();
    await ready(page, "#second");
    assert.deepEqual(wasm(), ["/pkg-toy-day/billsim_wasm_bg.wasm", "/pkg-free-tier/billsim_wasm_bg.wasm"],
      `the second widget's module once pressed: ${wasm().join(", ")}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a loading value the widget does not take is said in its notice, and the widget loads as by default", async () => {
  const { page, context, log } = await opened(`<bill-widget loading="lazy">${FIGURE}</bill-widget>`);
  try {
    await ready(page);
    const notice = await page.locator("bill-widget").locator(".notice").textContent();
    const problem = core.loadingProblem("lazy");
    assert.ok(problem && notice.includes(problem), `the notice says why: ${notice}`);
    assert.ok(notice.includes(loading.attribute), `the notice names the attribute: ${notice}`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a waiting widget that keeps the address shows a shared link's settings at once, and waits behind the page's own parameters", async () => {
  const widget = `<bill-widget sync-url loading="${loading.interaction}">${FIGURE}</bill-widget>`;
  const link = await opened(widget, "?policy=dailyBudget&utm_source=newsletter");
  try {
    await ready(link.page);
    const pressed = await link.page.locator("bill-widget").locator(".policies [aria-pressed=true]").textContent();
    assert.match(pressed, /budget/i, `the link's policy, drawn with no press: ${pressed}`);
    assert.deepEqual(link.log.errors, []);
  } finally {
    await link.context.close();
  }
  const campaign = await opened(widget, "?utm_source=newsletter");
  try {
    await campaign.page.waitForLoadState("networkidle");
    assert.deepEqual(campaign.wasm(), [], `the page's own parameter alone: no wasm before the press (${campaign.wasm().join(", ")})`);
    assert.equal(await startButton(campaign.page, "bill-widget").isVisible(), true, "the start button shows");
  } finally {
    await campaign.context.close();
  }
});

test("a waiting widget whose module cannot load says why in its button's place, and the focus goes to the sentence", async () => {
  const { page, context } = await opened(`<bill-widget loading="${loading.interaction}">${FIGURE}</bill-widget>`);
  try {
    await page.route("**/*.wasm", (route) => route.abort("blockedbyclient"));
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const failure = page.locator("bill-widget").locator(".failure");
    await failure.waitFor({ state: "visible" });
    const said = await failure.textContent();
    assert.ok(said.startsWith(loading.failed.split("{reason}")[0]), `the core's failure sentence: ${said}`);
    assert.equal(await startButton(page, "bill-widget").isVisible(), false, "the button, which can do nothing now, is gone");
    assert.equal(await page.locator("bill-widget img").isVisible(), true, "the figure stays");
    const focused = await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.className);
    assert.equal(focused, "failure", "the button's focus moves to the sentence");
  } finally {
    await context.close();
  }
});

test("a waiting widget shows the page's background and text colour, not a white box on a dark page", async () => {
  const dark = `<div style="background:#111;color:#eee;padding:1rem"><bill-widget loading="${loading.interaction}">${FIGURE}</bill-widget></div>`;
  const { page, context, log } = await opened(dark);
  try {
    await startButton(page, "bill-widget").waitFor();
    const look = await page.locator("bill-widget").evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    assert.deepEqual(look, ["rgba(0, 0, 0, 0)", "rgb(238, 238, 238)"], "(background, text colour) while waiting");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a reader who tabs on while a pressed widget loads keeps the focus where they put it", async () => {
  const { page, context, log } = await opened(
    `<bill-widget id="a" loading="${loading.interaction}">${FIGURE}</bill-widget><bill-widget id="b" loading="${loading.interaction}">${FIGURE}</bill-widget>`);
  try {
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await page.route("**/*.wasm", async (route) => { await held; await route.continue(); });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const where = () => page.evaluate(() => `${document.activeElement?.id}: ${document.activeElement?.shadowRoot?.activeElement?.textContent}`);
    assert.equal(await where(), `b: ${loading.start}`, "the second Tab reaches the second widget's button");
    release();
    await ready(page, "#a");
    await page.waitForTimeout(200);
    assert.equal(await where(), `b: ${loading.start}`, "the first widget drawn, the focus stays on the second's button");
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("a loading value mended after load takes its notice away", async () => {
  const { page, context, log } = await opened(`<bill-widget loading="lazy">${FIGURE}</bill-widget>`);
  try {
    await ready(page);
    const notice = page.locator("bill-widget").locator(".notice");
    assert.ok((await notice.textContent()).includes("lazy"), "the bad value is said");
    await page.locator("bill-widget").evaluate((el) => el.setAttribute("loading", "near"));
    await notice.waitFor({ state: "hidden" });
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});
