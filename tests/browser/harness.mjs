// Shared set-up of the browser tests: the widget's own server (web/serve.mjs, with the
// CSP) on a free port, and Debian's Chromium driven by playwright-core (no browser
// download). Helpers read the widget's shadow DOM the way a reader's browser shows it.
import { chromium } from "playwright-core";
import { serve } from "../../web/serve.mjs";
import AxeBuilder from "@axe-core/playwright";

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const VIEWPORT = { width: 1000, height: 900 };

/** Debian's Chromium, headless, without background traffic. */
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
      "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"],
  });
}

export async function start() {
  const server = await serve(0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launch();
  return {
    base,
    browser,
    server,
    async stop() {
      await browser.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A page at `path` of the test server, with console errors, page errors and requests recorded. */
export function open(env, path = "", options = {}) {
  return visit(env.browser, env.base + path, options);
}

/** A page at any `url` (another server's: a Vite or VitePress preview), recorded as `open`'s. */
export async function visit(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  const log = { errors: [], requests: [] };
  page.on("console", (m) => { if (m.type() === "error") log.errors.push(m.text()); });
  page.on("pageerror", (e) => log.errors.push(String(e)));
  page.on("requestfailed", (r) => log.errors.push(`failed ${r.url()}: ${r.failure()?.errorText}`));
  page.on("request", (r) => log.requests.push(r.url()));
  page.on("response", (r) => { if (r.status() >= 400) log.errors.push(`${r.status()} ${r.url()}`); });
  await page.goto(url);
  return { page, context, log };
}

/** A page whose HTML is `html`, served same-origin at `path` (a query after it too) in place
 *  of a file of the server (its CSP applies), in a context of its own, with its console
 *  errors, page errors and every request. */
export async function pageOf(env, path, html, viewport = { width: 1000, height: 900 }) {
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  const log = { errors: [], requests: [] };
  page.on("console", (m) => { if (m.type() === "error") log.errors.push(m.text()); });
  page.on("pageerror", (e) => log.errors.push(String(e)));
  page.on("request", (r) => log.requests.push(r.url()));
  const file = path.split("?")[0];
  await page.route(`${env.base}${file}*`, (route) => route.fulfill({ contentType: "text/html", body: html }));
  await page.goto(`${env.base}${path}`);
  return { page, context, log };
}

/**
 * The file's one shared tab, loaded at `path`: `open`'s page without a new context and
 * renderer each time, so the widget's wasm module is compiled once per file (a fresh
 * context costs about 0.6 s more a page). Each call unloads the last page (about:blank),
 * starts a fresh log, and sets the colour scheme, reduced motion and viewport (`options`
 * takes these three only; others need `open`). Not for a test that routes, listens on the
 * page, goes offline or needs the HTTP cache empty: those keep `open`. Never close it.
 */
export async function load(env, path = "", options = {}) {
  const { colorScheme = "light", reducedMotion = "no-preference", viewport = VIEWPORT, ...rest } = options;
  if (Object.keys(rest).length) throw new Error(`load takes colorScheme, reducedMotion and viewport only; use open for ${Object.keys(rest)}`);
  env.tab ??= await visit(env.browser, "about:blank");
  const { page } = env.tab;
  await page.goto("about:blank");
  const log = env.tab.log;
  log.errors.length = 0;
  log.requests.length = 0;
  await page.emulateMedia({ colorScheme, reducedMotion });
  await page.setViewportSize(viewport);
  await page.goto(env.base + path);
  return { page, log };
}

/** Waits until the widget (the first, or the one `selector` names) has drawn a view. */
export async function ready(page, selector = "bill-widget") {
  await page.locator(selector).locator(".summary").filter({ hasText: /\S/ }).waitFor();
}

/** Axe's serious and critical violations in the page, a line each (rule, help, where), and
 * the whole result; with `rules` (axe's rule ids), the violations of those rules too, at
 * any impact (moderate and minor ones: a heading level skipped, an empty column header). */
export async function axeScan(page, { rules = [] } = {}) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => ["serious", "critical"].includes(v.impact) || rules.includes(v.id))
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  return { bad, results };
}

/** Calls the core's export `name` with `args` in the page, from the module with every
 * lesson (pkg/ beside the widget's script: an example page loads the widget from /widget/,
 * the standalone page from /), which gives what each lesson's own module gives
 * (tests/lesson_modules.test.mjs). */
export function core(page, name, ...args) {
  return page.evaluate(async ([n, a]) => {
    const widget = document.querySelector("script[type=module][src*=bill-widget]")?.src ?? new URL("/bill-widget.js", location).href;
    const m = await import(new URL("pkg/billsim_wasm.js", widget));
    await m.default();
    return m[n](...a);
  }, [name, args]);
}

/** Waits until a day view's line under the chart has its result (the days are checked after
 * the chart paints; the line's new length can move the page, and with it a canvas's size). */
export async function settled(page, selector = "bill-widget") {
  await page.locator(selector).locator(".more").filter({ hasText: /^(?!Checking)\S/ }).waitFor();
}

/** What a reader sees in one widget: summary, day, pressed policy, canvas label, notice, error. */
export function view(page, selector = "bill-widget") {
  return page.locator(selector).evaluate((el) => {
    const q = (s) => el.shadowRoot.querySelector(s);
    return {
      summary: q(".summary").textContent,
      day: q(".day-number").textContent,
      pressed: [...el.shadowRoot.querySelectorAll("[data-policy][aria-pressed=true]")].map((b) => b.dataset.policy),
      view: el.shadowRoot.querySelector("[data-view][aria-pressed=true]")?.dataset.view,
      label: q("canvas").getAttribute("aria-label"),
      notice: q(".notice").hidden ? "" : q(".notice").textContent,
      error: q(".error").textContent,
      picture: q("canvas").toDataURL(),
    };
  });
}

/** A lesson's widget as a reader has it: the chart shown (its canvas's class, how many of its
 * pixels are inked, its text alternative), the view and policy buttons (the policies shown)
 * and the pressed ones, the words beside the chart, the run's number, the "Show numbers"
 * table, the form's fields shown and those marked bad with the message, and the core's
 * panels under the chart (each table's rows with its heading row first). */
export async function shown(page, selector = "bill-widget") {
  const widget = page.locator(selector);
  const seen = await widget.evaluate((el) => {
    const q = (s) => el.shadowRoot.querySelector(s);
    const all = (s) => [...el.shadowRoot.querySelectorAll(s)];
    const canvas = all("canvas").find((c) => c.checkVisibility());
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < pixels.length; i += 4) inked += pixels[i + 3] > 0 ? 1 : 0;
    const pressed = (d) => all(`[data-${d}][aria-pressed=true]`).map((b) => b.dataset[d]);
    const cells = (row) => [...row.cells].map((c) => c.textContent);
    return {
      canvas: canvas.className,
      inked,
      views: all("[data-view]").map((b) => b.dataset.view),
      policies: all("[data-policy]").filter((b) => b.checkVisibility()).map((b) => b.dataset.policy),
      view: pressed("view")[0],
      policy: pressed("policy")[0],
      summary: q(".summary").textContent,
      label: canvas.getAttribute("aria-label"),
      run: q(".day-number").textContent,
      another: q("[data-action=another-day]").textContent,
      fields: all("form label").filter((l) => l.checkVisibility()).map((l) => l.querySelector("input, select").name),
      invalid: all("form [aria-invalid=true]").map((f) => f.name),
      error: q(".error").textContent,
      panels: all(".panels section").filter((s) => s.checkVisibility()).map((s) => ({
        name: s.dataset.panel,
        title: s.querySelector(":scope > :is(h2, h3, h4, h5, h6)").textContent,
        text: [...s.querySelectorAll("p")].map((x) => x.textContent).join(" "),
        lines: s.querySelector("pre")?.textContent ?? "",
        rows: [...s.querySelectorAll("table tr")].map(cells),
      })),
    };
  });
  return { ...seen, ...(await numbersTable(widget)) };
}

/** The "Show numbers" table of the widget at `locator` as the core wrote it: its caption, its
 * columns and its rows of cells, with a group's heading (a policy's name, written once over
 * its rows) put back as the first cell of each of its rows, and its column's name first. */
export function numbersTable(locator) {
  return locator.evaluate((el) => {
    const table = el.shadowRoot.querySelector("#numbers table");
    const text = (c) => c.textContent;
    const head = [...table.tHead.rows[0].cells].map(text);
    const group = table.querySelector("tr.group th");
    const rows = [...table.tBodies].flatMap((body) => {
      const heading = body.querySelector("tr.group th");
      return [...body.rows].filter((tr) => !tr.classList.contains("group"))
        .map((tr) => [...(heading === null ? [] : [heading.textContent]), ...[...tr.cells].map(text)]);
    });
    return { caption: table.caption.textContent, columns: group === null ? head : [group.dataset.column, ...head], rows };
  });
}

/** The core's panels (its `scenarioPanels`) in the shape `shown` reads them. */
export const panelsAsShown = (panels) => panels.map((p) => ({
  name: p.name,
  title: p.title,
  text: p.sentences.join(" "),
  lines: p.lines.join("\n"),
  rows: p.table ? [p.table.columns, ...p.table.rows] : [],
}));

/** The core's day for `settings` (from the module with every lesson, as `core`). */
export function coreDay(page, settings) {
  return core(page, "simulateDay", settings);
}

/** Dollars to `places` decimals from micro-dollars (a BigInt, as the core gives money, or a
 * number), rounded half up, in integers. */
export function dollars(micros, places) {
  const m = BigInt(micros);
  const step = 10n ** BigInt(6 - places);
  const rounded = m / step + (2n * (m % step) >= step ? 1n : 0n);
  const text = String(rounded).padStart(places + 1, "0");
  return `$${text.slice(0, -places)}.${text.slice(-places)}`;
}

/** A whole percent, rounded half up, in integers (BigInts or numbers). */
export function percent(part, whole) {
  const [p, w] = [BigInt(part), BigInt(whole)];
  return Number((p * 200n + w) / (w * 2n));
}

/** How many views the page's <replay-view> has drawn so far. */
export const replayDrawn = (page) => page.locator("replay-view").evaluate((e) => Number(e.dataset.drawn ?? 0));

/** Waits until the page's <replay-view> has drawn more than `n` views, or its problem box speaks. */
export const replayNext = (page, n) => page.waitForFunction((n) => {
  const e = document.querySelector("replay-view");
  return Number(e?.dataset.drawn ?? 0) > n || (e?.shadowRoot?.querySelector(".problem")?.textContent.trim() ?? "") !== "";
}, n);

/** Presses the replay editor's "Replay under these policies" (its policies good, so far) and
 *  waits until the page's <replay-view> has drawn again or its editor's error speaks. */
export async function replayEdited(page) {
  const n = await replayDrawn(page);
  await page.locator("replay-view").getByRole("button", { name: "Replay under these policies" }).click();
  await page.waitForFunction((n) => {
    const e = document.querySelector("replay-view");
    return Number(e.dataset.drawn ?? 0) > n || e.shadowRoot.querySelector(".editor-error").textContent !== "";
  }, n);
}
