// Lesson 001's own picture: the tutorial's two runs of demo.py as its client gets them (200,
// 200, 429 with Retry-After: 58; and the check-only cap passed by $0.000424 before its 429),
// and the widget's day under the framed policy (each kind of user's 200s and 429s with the
// Retry-After values the core computed; the tutorial's app's own $0.001 cap passed, drawn
// against its line), all the core's (clientView).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, core, axeScan } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

// The core's colour table (views/colours.rs), light: honest users (a 200) and refused.
const SERVED = [0x00, 0x9E, 0x73];
const REFUSED = [0xB0, 0x00, 0x20];

const shown = (page) => page.locator("bill-widget").evaluate((el, colours) => {
  const q = (s) => el.shadowRoot.querySelector(s);
  const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.checkVisibility());
  const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
  const painted = colours.map(([r, g, b]) => {
    let n = 0;
    for (let i = 0; i < data.length; i += 4) n += data[i] === r && data[i + 1] === g && data[i + 2] === b ? 1 : 0;
    return n;
  });
  return { canvas: canvas.className, label: canvas.getAttribute("aria-label"), summary: q(".summary").textContent, painted };
}, [SERVED, REFUSED]);

for (const width of [390, 1000]) {
  test(`at ${width} px the client's view shows the tutorial's 429 with Retry-After: 58 and the cap's $0.000424 overshoot, in the core's words`, async () => {
    const { page, log } = await load(env, "examples/hackathon.html", { viewport: { width, height: 900 } });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "Client's view" }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get("view") === "demoClient");
    const view = await core(page, "clientView", {}, 0, "rateLimitAndCap");
    const v = await shown(page);
    assert.equal(v.canvas, "client-chart");
    const text = [...view.runs.map((r) => r.sentence), view.day.sentence].join(" ");
    assert.equal(v.summary, text);
    assert.equal(v.label, view.title, "the chart is named by its title; its sentences are the lines under it, not said twice");
    assert.deepEqual(view.runs[0].responses.map((r) => `${r.user} ${r.words}`), ["ana 200", "ana 200", "ana 429 Retry-After: 58", "ben 200"]);
    assert.match(v.summary, /the day's spend ends at \$0\.001224, \$0\.000424 past its \$0\.0008 cap\./);
    const [served, refused] = v.painted;
    assert.ok(served > 300 && refused > 300, `200s painted (${served} pixels) and 429s and the overshoot (${refused})`);
    const { bad } = await axeScan(page);
    assert.deepEqual(bad, []);
    assert.deepEqual(log.errors, []);
  });
}

for (const width of [390, 1000]) {
  test(`at ${width} px the client's view shows the day: each kind's 200s and 429s, and the app's overshoot past its own $0.001 cap drawn against it`, async () => {
    // The set-aside cap given the app's $0.001 too, so that both reach a cap on day 0.
    const tiny = { capDollars: "0.001" };
    const { page, log } = await load(env, "examples/hackathon.html?view=demoClient&capDollars=0.001", { viewport: { width, height: 900 } });
    await ready(page);
    const app = await core(page, "clientView", tiny, 0, "rateLimitAndCap");
    assert.deepEqual(app, await core(page, "clientView", {}, 0, "rateLimitAndCap"), "the app keeps its own cap whatever capDollars");
    const v = await shown(page);
    assert.ok(v.summary.endsWith(app.day.sentence), v.summary);
    assert.equal(app.day.cap.capLabel, "cap $0.001", "the tutorial's app's own cap");
    assert.equal(app.day.cap.overshoot, "$0.000168 past the cap: the call checked under it was charged after", "day 0");
    // The limit runs first and counts what it lets through, as app.py's does: past the cap
    // it still answers the script's sixth request in a minute.
    assert.deepEqual(app.day.kinds.map((k) => k.words),
      ["6 got 200, 247 got 429 from the cap", "0 got 200, 3,797 got 429 with Retry-After 1 to 50 s, 812 got 429 from the cap"]);
    // Under the limit alone the script's 429s carry the Retry-After values the core sent.
    const limit = await core(page, "clientView", {}, 0, "rateLimit");
    assert.match(limit.day.kinds[1].words, /got 429 with Retry-After \d+ to \d+ s$/);
    // The set-aside cap never passes its cap: switching to it leaves the overshoot's bar out.
    const w = page.locator("bill-widget");
    const control = width < 600 ? w.locator("select.compact") : null;
    if (control) await control.selectOption("rateLimitAndSetAsideCap");
    else await w.getByRole("button", { name: "Limit and a set-aside cap", exact: true }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get("hackathonPolicy") === "rateLimitAndSetAsideCap");
    const aside = await shown(page);
    const setAside = await core(page, "clientView", tiny, 0, "rateLimitAndSetAsideCap");
    assert.equal(setAside.day.cap.capLabel, "cap $0.001");
    assert.equal(setAside.day.cap.overshoot, "", "no spend past the set-aside cap");
    assert.ok(aside.summary.endsWith(setAside.day.sentence));
    const [, appRefused] = v.painted;
    const [, asideRefused] = aside.painted;
    assert.ok(appRefused > asideRefused + 50,
      `the app's overshoot is painted above its cap line: ${appRefused} refused-colour pixels against ${asideRefused}`);
    assert.deepEqual(log.errors, []);
  });
}

test("the client's chart takes the height its words need at its width: at 320 px its last note is whole, not cut", async () => {
  for (const width of [320, 390, 1000]) {
    const { page, log } = await load(env, "examples/hackathon.html?view=demoClient", { viewport: { width, height: 900 } });
    await ready(page);
    const canvas = page.locator("bill-widget").locator(".client-chart");
    // Sized to its drawing, then drawn again at that size by the resize observer.
    await page.waitForFunction(() => {
      const c = document.querySelector("bill-widget").shadowRoot.querySelector(".client-chart");
      return c.style.height !== "" && c.height === Math.round(parseFloat(c.style.height) * window.devicePixelRatio);
    });
    // The height the core's drawing takes at the canvas's width.
    const [drawn, needed] = await canvas.evaluate(async (c) => {
      const widget = document.querySelector("script[type=module][src*=bill-widget]").src;
      const m = await import(new URL("pkg/billsim_wasm.js", widget));
      await m.default();
      return [c.height, m.clientHeight({}, 0, "rateLimitAndCap", { dark: false, scale: window.devicePixelRatio }, c.width)];
    });
    assert.ok(drawn >= needed && drawn <= needed + 2, `at ${width} px the canvas is ${drawn} px tall; its drawing takes ${needed}`);
    assert.ok(needed > 500, `at ${width} px the drawing takes ${needed} px`);
    assert.deepEqual(log.errors, []);
  }
});

test("the client's chart follows the widget's width: a narrower one makes it taller, with no error from the resize observer", async () => {
  const { page, log } = await load(env, "examples/hackathon.html?view=demoClient", { viewport: { width: 1000, height: 900 } });
  await ready(page);
  await page.evaluate(() => {
    window.errorsSeen = [];
    window.addEventListener("error", (e) => window.errorsSeen.push(e.message));
  });
  const sized = () => page.waitForFunction(() => {
    const c = document.querySelector("bill-widget").shadowRoot.querySelector(".client-chart");
    return c.style.height !== "" && c.height === Math.round(parseFloat(c.style.height) * window.devicePixelRatio);
  });
  await sized();
  const height = () => page.locator("bill-widget").locator(".client-chart").evaluate((c) => c.height);
  const wide = await height();
  for (const width of [600, 420, 340]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await sized();
  }
  const narrow = await height();
  assert.ok(narrow > wide, `at 340 px the chart is ${narrow} px tall, at 1000 px ${wide}`);
  assert.deepEqual(await page.evaluate(() => window.errorsSeen), [], "no error on the page's window");
  assert.deepEqual(log.errors, []);
});
