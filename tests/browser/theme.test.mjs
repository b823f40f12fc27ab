// The widget's colours follow the host page (the theme attribute, auto by default), not the
// reader's system alone: a light lesson page never gets a black widget.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, open, ready, view } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

// The charts' backgrounds, as the core's chart theme paints them (billsim-chart's theme.rs).
const LIGHT = [0xff, 0xff, 0xff];
const DARK = [0x12, 0x14, 0x18];
// two-widgets.html's cream page (host.css): a light widget on it paints the page's own colour.
const CREAM = [0xff, 0xfb, 0xe6];

/** Whether the widget is dark, and its chart's top-left pixel (painted by the chart). */
function looks(page, selector) {
  return page.locator(selector).evaluate((el) => {
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
    const [r, g, b] = canvas.getContext("2d").getImageData(2, 2, 1, 1).data;
    const notice = el.shadowRoot.querySelector(".notice");
    return { dark: el.hasAttribute("data-dark"), pixel: [r, g, b], notice: notice.hidden ? "" : notice.textContent };
  });
}

/** Waits until the widget is dark or light, as `dark` says. */
function until(page, selector, dark) {
  return page.waitForFunction(([s, d]) => document.querySelector(s).hasAttribute("data-dark") === d, [selector, dark],
    { timeout: 5000 }).catch(() => {});
}

test("on a light host page in a dark system an auto widget is light, and theme=dark makes it dark, chart and all", async () => {
  // two-widgets.html: a cream page (host.css) that says no color-scheme.
  const { page, log } = await load(env, "examples/two-widgets.html", { colorScheme: "dark" });
  await ready(page, "#second");
  assert.deepEqual(await looks(page, "#second"), { dark: false, pixel: CREAM, notice: "" },
    "auto on a light page in a dark system: a light widget, its chart on the page's cream");
  await page.locator("#second").evaluate((el) => el.setAttribute("theme", "dark"));
  await until(page, "#second", true);
  assert.deepEqual(await looks(page, "#second"), { dark: true, pixel: DARK, notice: "" }, "theme=dark: the chart redrawn dark");
  assert.deepEqual((await looks(page, "#first")).dark, false, "the other widget keeps its own theme");
  await page.locator("#second").evaluate((el) => el.setAttribute("theme", "purple"));
  const bad = await looks(page, "#second");
  assert.equal(bad.notice, 'Ignored the theme attribute: must be "auto", "light" or "dark"; got "purple". Using "dark" (Dark).');
  assert.deepEqual([bad.dark, bad.pixel], [true, DARK], "a bad theme keeps the last good one");
  await page.locator("#second").evaluate((el) => el.setAttribute("theme", "light"));
  await until(page, "#second", false);
  assert.deepEqual(await looks(page, "#second"), { dark: false, pixel: CREAM, notice: "" }, "a good value clears the notice");
  assert.deepEqual(log.errors, []);
});

test("an auto widget follows the page's color-scheme, a <meta name=color-scheme> and a dark background, as they change", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html", { colorScheme: "light" });
  await ready(page, "#first");
  await page.evaluate(() => { document.documentElement.style.colorScheme = "dark"; });
  await until(page, "#first", true);
  assert.deepEqual(await looks(page, "#first"), { dark: true, pixel: DARK, notice: "" }, "color-scheme: dark on <html>");
  await page.evaluate(() => { document.documentElement.style.colorScheme = "light dark"; });
  await until(page, "#first", false);
  assert.equal((await looks(page, "#first")).dark, false, "light dark in a light system: light");
  await page.emulateMedia({ colorScheme: "dark" });
  await until(page, "#first", true);
  assert.equal((await looks(page, "#first")).dark, true, "light dark in a dark system: dark");
  await page.evaluate(() => {
    document.documentElement.style.colorScheme = "";
    document.body.style.background = "rgb(20, 20, 30)";
  });
  await until(page, "#first", true);
  const onDark = await looks(page, "#first");
  assert.deepEqual([onDark.dark, onDark.pixel], [true, [20, 20, 30]], "no color-scheme, a dark background: dark, on the page's colour");
  const painted = await page.locator("#first").evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.equal(painted, "rgb(20, 20, 30)", "the widget's own background is the page's too");
  await page.evaluate(() => { document.body.style.background = ""; });
  await until(page, "#first", false);
  assert.equal((await looks(page, "#first")).dark, false, "the page's cream background again: light");
  // No background at all: the page's <meta name=color-scheme> says which.
  await page.evaluate(() => {
    document.body.style.background = "transparent";
    const meta = Object.assign(document.createElement("meta"), { name: "color-scheme", content: "only dark" });
    document.head.append(meta);
  });
  await until(page, "#first", true);
  assert.equal((await looks(page, "#first")).dark, true, "<meta name=color-scheme content=only dark>, no background");
  await page.evaluate(() => { document.querySelector("meta[name=color-scheme]").content = "light"; });
  await until(page, "#first", false);
  assert.deepEqual(await looks(page, "#first"), { dark: false, pixel: LIGHT, notice: "" }, "<meta name=color-scheme content=light>");
  assert.deepEqual(log.errors, []);
});

test("an auto widget follows a site's switch on a wrapper around it, and a background that fades to the new theme", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html", { colorScheme: "light" });
  await ready(page, "#first");
  // A React-style shell: the dark class on a wrapper, not on <html> or <body>.
  await page.evaluate(() => {
    // A constructed sheet: the page's CSP refuses a <style> element.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(".shell { transition: background-color 0.3s; } .shell.dark { background-color: rgb(27, 27, 29); }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const shell = Object.assign(document.createElement("div"), { className: "shell" });
    const widget = document.querySelector("#first");
    widget.before(shell);
    shell.append(widget);
  });
  await ready(page, "#first");
  await page.evaluate(() => document.querySelector(".shell").classList.add("dark"));
  await until(page, "#first", true);
  const faded = await looks(page, "#first");
  assert.deepEqual([faded.dark, faded.pixel], [true, [27, 27, 29]], "dark once the wrapper's background has faded to dark");
  await page.evaluate(() => document.querySelector(".shell").classList.remove("dark"));
  await until(page, "#first", false);
  assert.equal((await looks(page, "#first")).dark, false, "light again once it has faded back");
  assert.deepEqual(log.errors, []);
});

test("the iframe takes theme= in its address, and a bad one is said in the widget", async () => {
  for (const [query, dark, notice] of [
    ["?theme=light", false, ""],
    ["", true, ""],
    ["?theme=dark", true, ""],
    ["?theme=sepia", true, 'Ignored theme in the address: must be "auto", "light" or "dark"; got "sepia". Using "auto" (As the page: its color-scheme, its background, then the system\'s).'],
  ]) {
    const { page, log } = await load(env, `embed.html${query}`, { colorScheme: "dark" });
    await ready(page);
    await until(page, "bill-widget", dark);
    const seen = await looks(page, "bill-widget");
    assert.deepEqual(seen, { dark, pixel: dark ? DARK : LIGHT, notice }, `embed.html${query} in a dark system`);
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(body, dark ? "rgb(18, 20, 24)" : "rgb(255, 255, 255)", `embed.html${query}: the frame's page is the widget's colour`);
    assert.deepEqual(log.errors, []);
  }
});

test("a theme the address gives that the widget sets aside goes from the address it writes, so a link of it says nothing", async () => {
  const first = await open(env, "examples/toy-day.html?theme=sepia&seed=3");
  let written;
  try {
    await ready(first.page);
    assert.match((await view(first.page)).notice, /^Ignored theme in the address/);
    await first.page.locator("bill-widget").getByRole("button", { name: "Another day" }).click();
    await first.page.waitForURL((url) => url.searchParams.get("seed") !== "3");
    written = new URL(first.page.url());
    assert.equal(written.searchParams.get("theme"), null, written.search);
    assert.deepEqual(first.log.errors, []);
  } finally {
    await first.context.close();
  }
  const again = await open(env, `examples/toy-day.html${written.search}`);
  try {
    await ready(again.page);
    assert.equal((await view(again.page)).notice, "", `opened at ${written.search}`);
    assert.deepEqual(again.log.errors, []);
  } finally {
    await again.context.close();
  }
});
