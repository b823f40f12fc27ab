// When the WebAssembly cannot load (blocked, offline, a broken deploy), the reader is told
// so and sees the page's own fallback (the still picture and the core's sentences), not
// buttons that do nothing.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start } from "./harness.mjs";
import { wasm as core } from "../wasm-module.mjs";

// The core's sentence for a module that cannot load, before and after the browser's reason.
const [failedBefore, failedAfter] = core.scenarios().loading.failed.split("{reason}");

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** A page at `path` with every .wasm request refused, as a blocked or failed download is. */
async function openBlocked(path, viewport = { width: 1000, height: 900 }) {
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route("**/*.wasm", (route) => route.abort("blockedbyclient"));
  await page.goto(env.base + path);
  return { page, context };
}

test("with the wasm blocked the standalone page shows a visible message, the fallback figure and its sentences, and no dead buttons", async () => {
  const { page, context } = await openBlocked("");
  const w = page.locator("bill-widget");
  const message = w.getByRole("alert").filter({ hasText: /could not load/ });
  await message.waitFor({ timeout: 5000 });
  const said = await message.textContent();
  assert.ok(said.startsWith(failedBefore) && said.endsWith(failedAfter), `the core's sentence, with the browser's reason: ${said}`);
  assert.equal(await page.locator(".fallback img").isVisible(), true, "the fallback picture is shown");
  const sentences = page.locator(".fallback figcaption p");
  assert.equal(await sentences.count(), 3);
  for (const p of await sentences.all()) assert.equal(await p.isVisible(), true, "each fallback sentence is shown");
  assert.equal(await w.getByRole("button").count(), 0, "no button that would do nothing is offered");
  await context.close();
});

test("with the wasm blocked the iframe embed and a widget without fallback content still say why they are empty", async () => {
  for (const [path, selector] of [["embed.html", "bill-widget"], ["examples/two-widgets.html", "#second"]]) {
    const { page, context } = await openBlocked(path);
    const w = page.locator(selector);
    await w.getByRole("alert").filter({ hasText: /could not load/ }).waitFor({ timeout: 5000 });
    assert.equal(await w.getByRole("button").count(), 0, `${path}: no dead buttons`);
    if (path === "embed.html") assert.equal(await page.locator("bill-widget img").isVisible(), true, "the embed's picture shows");
    await context.close();
  }
});

test("while the wasm is still on its way the page's fallback shows, and the widget takes its place once loaded", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/*.wasm", async (route) => { await held; await route.continue(); });
  await page.goto(env.base);
  await page.locator(".fallback img").waitFor({ state: "visible", timeout: 30000 });
  assert.equal(await page.locator("bill-widget").getByRole("button").count(), 0, "no control before the wasm");
  release();
  await page.locator("bill-widget").locator(".summary").filter({ hasText: /\S/ }).waitFor();
  assert.equal(await page.locator(".fallback img").isVisible(), false, "the fallback goes once the widget is drawn");
  await context.close();
});

test("with the wasm blocked each lesson page shows on a phone its figure's narrow version, its words a phone's size, and on a desk the wide one", async () => {
  const pages = { "examples/toy-day.html": "share-of-bill", "examples/hackathon.html": "hackathon",
    "examples/runaway-tenant.html": "runaway-tenant", "examples/free-tier.html": "free-tier" };
  for (const [path, figure] of Object.entries(pages)) {
    for (const [width, file, least] of [[390, `${figure}-narrow.svg`, 300], [1000, `${figure}.svg`, 0]]) {
      const { page, context } = await openBlocked(path, { width, height: 800 });
      await page.locator("bill-widget").getByRole("alert").waitFor({ timeout: 5000 });
      const img = page.locator("bill-widget img");
      await page.waitForFunction(() => document.querySelector("bill-widget img").complete);
      const { src, height } = await img.evaluate((i) => ({ src: i.currentSrc, height: i.getBoundingClientRect().height }));
      assert.ok(src.endsWith(`/figures/${file}`), `${path} at ${width} px shows ${src}`);
      // The wide figure shrunk to a phone was 192 px tall, its words 5 px high.
      assert.ok(height >= least, `${path} at ${width} px: the figure is ${Math.round(height)} px tall`);
      await context.close();
    }
  }
});

test("a widget switched to a lesson whose module fails says so, and switched back to its own it works again", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  await page.route("**/pkg-free-tier/*.wasm", (route) => route.abort("blockedbyclient"));
  await page.goto(`${env.base}examples/toy-day.html`);
  const w = page.locator("bill-widget");
  await w.locator(".summary").filter({ hasText: /\S/ }).waitFor();
  await w.evaluate((el) => el.setAttribute("scenario", "freeTier"));
  await w.getByRole("alert").filter({ hasText: /could not load/ }).waitFor({ timeout: 5000 });
  assert.equal(await w.getByRole("button").count(), 0, "no dead buttons while it cannot load");
  await w.evaluate((el) => el.setAttribute("scenario", "toyDay"));
  await w.getByRole("button", { name: "One day" }).waitFor({ timeout: 5000 });
  assert.equal(await w.getByRole("alert").filter({ hasText: /could not load/ }).count(), 0, "the failure went with its lesson");
  assert.equal(await page.evaluate(() => document.querySelector("bill-widget").hasAttribute("data-failed")), false);
  await context.close();
});
