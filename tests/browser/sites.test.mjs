// The release in the sites lesson authors have (tests/sites/): the package, built by
// scripts/package, installed from its tarball into (a) a Vite site, built; (b) a React 19
// app built with Vite; (c) a VitePress site of two pages, built (which renders each page
// on the server, importing the package in Node.js) and served as its preview; (d) Node.js,
// importing every export without a DOM. Each site is looked at in headless Chromium: the
// widget drawn, no console error, in React the widget following the app's state, and on
// VitePress the theme's stylesheet intact and no wasm fetched on the page without a widget.
//
// The sites' npm packages are installed from the registry once and kept in a cache folder
// ($BILLSIM_SITES_CACHE, else ~/.cache/billsim-sites), one per site and lock file; only
// the package under test is installed anew each run.
// Needs a built web/ (scripts/build-wasm), as scripts/test does first.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { launch, visit } from "./harness.mjs";

const REPO = resolve(import.meta.dirname, "../..");
const SITES = join(REPO, "tests/sites");
const CACHE = process.env.BILLSIM_SITES_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "billsim-sites");

let tmp, tgz, browser;

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), "sites-test-"));
  execFileSync(join(REPO, "scripts/package"), ["--no-build", "--out", join(tmp, "out")], { stdio: "ignore" });
  tgz = join(tmp, "out", readdirSync(join(tmp, "out"))[0]);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** The site `name` of tests/sites/ in its cache folder, its npm packages installed (once
 *  per lock file), its own files fresh, and the package under test installed from its
 *  tarball (it has no dependencies: npm would only unpack it, as this does). */
function site(name) {
  const source = join(SITES, name);
  const lock = ["package.json", "package-lock.json"].map((f) => readFileSync(join(source, f))).join("\n");
  const dir = join(CACHE, `${name}-${createHash("sha256").update(lock).digest("hex").slice(0, 12)}`);
  if (!existsSync(join(dir, "node_modules", ".package-lock.json"))) {
    mkdirSync(dir, { recursive: true });
    cpSync(source, dir, { recursive: true });
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts=false"], { cwd: dir, stdio: "ignore" });
  }
  for (const out of ["dist", ".vitepress/dist", ".vitepress/cache"]) rmSync(join(dir, out), { recursive: true, force: true });
  cpSync(source, dir, { recursive: true });
  const installed = join(dir, "node_modules", "bill-widget");
  rmSync(installed, { recursive: true, force: true });
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", tgz, "-C", installed, "--strip-components=1"]);
  return dir;
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".svg": "image/svg+xml", ".json": "application/json", ".woff2": "font/woff2" };

/** A static server of a built site's folder: `/x` is `x.html` or `x/index.html` when there is one. */
async function serveFolder(root) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    if (path === "/favicon.ico") return res.writeHead(204).end(); // the site's own, not the package's
    for (const candidate of [path, `${path}.html`, join(path, "index.html")]) {
      try {
        const body = await readFile(join(root, candidate));
        return res.writeHead(200, { "content-type": TYPES[extname(candidate)] ?? "application/octet-stream" }).end(body);
      } catch { /* the next candidate */ }
    }
    res.writeHead(404).end();
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => { server.closeAllConnections(); server.close(); } };
}

/** A page of a built site, with its console errors, failed requests and requested URLs. */
/** Waits until the page's widget has drawn its view; its summary and the inked pixels of its chart. */
async function drawn(page) {
  const widget = page.locator("bill-widget");
  await widget.locator(".summary").filter({ hasText: /\S/ }).waitFor({ timeout: 20000 });
  return widget.evaluate((el) => {
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
    return { summary: el.shadowRoot.querySelector(".summary").textContent, inked };
  });
}

const wasmFetched = (log) => log.requests.filter((u) => u.endsWith(".wasm"));

/** The Vite site `name` built, served, and its page opened; `close` ends both. */
async function viteBuilt(name) {
  const dir = site(name);
  execFileSync(join(dir, "node_modules/.bin/vite"), ["build", "--logLevel", "error"], { cwd: dir, stdio: "pipe" });
  const server = await serveFolder(join(dir, "dist"));
  const { page, context, log } = await visit(browser, `${server.base}/`);
  return { page, log, close: async () => { await context.close(); server.close(); } };
}

test("the package installed in a Vite site builds, and its page draws the widget with no console error", async () => {
  const { page, log, close } = await viteBuilt("vite");
  try {
    const { inked, summary } = await drawn(page);
    assert.ok(inked > 1000, `the chart is drawn (${inked} inked pixels; summary "${summary.slice(0, 60)}")`);
    assert.equal(wasmFetched(log).length, 1, `one wasm module fetched: ${wasmFetched(log).join(", ")}`);
    assert.deepEqual(log.errors, [], "no console error or failed request");
  } finally {
    await close();
  }
});

test("the package in a React 19 app built with Vite draws the widget, follows a prop the app changes, and its event prop keeps the app's state", async () => {
  const { page, log, close } = await viteBuilt("react");
  try {
    const first = await drawn(page);
    assert.ok(first.inked > 1000, `the chart is drawn (${first.inked} inked pixels)`);
    await page.getByRole("button", { name: "Show the hard block" }).click();
    const heard = page.locator("#heard");
    await heard.filter({ hasText: /dailyCap/ }).waitFor({ timeout: 10000 });
    const after = await drawn(page);
    assert.notEqual(after.summary, first.summary, `the widget follows the new tenant-policy: "${after.summary.slice(0, 60)}"`);
    assert.match(after.summary, /hard block/, after.summary.slice(0, 80));
    const policies = (await heard.textContent()).split(" ");
    assert.ok(policies[0] === "degradeLadder" && policies.at(-1) === "dailyCap",
      `the app heard the change at load and after its prop changed: ${policies.join(", ")}`);
    // The README's pattern: the policy chosen in the widget is set in the app's state, so the
    // app's button that sets the hard block again is followed (with the state left at the
    // hard block, React would not pass the same value again).
    await page.locator("bill-widget").getByRole("button", { name: "Daily cap, degrade ladder" }).click();
    await heard.filter({ hasText: /dailyCap degradeLadder$/ }).waitFor({ timeout: 10000 });
    await page.getByRole("button", { name: "Show the hard block" }).click();
    await heard.filter({ hasText: /degradeLadder dailyCap$/ }).waitFor({ timeout: 10000 });
    assert.match((await drawn(page)).summary, /hard block/, "the widget shows the hard block the app set again");
    assert.deepEqual(log.errors, [], "no console error or failed request");
  } finally {
    await close();
  }
});

test("a VitePress site keeps its theme, draws the widget on direct load and after navigation, and fetches no wasm without a widget or before a waiting one is pressed", async () => {
  const dir = site("vitepress");
  execFileSync(join(dir, "node_modules/.bin/vitepress"), ["build", "."], { cwd: dir, stdio: "pipe" });
  const server = await serveFolder(join(dir, ".vitepress/dist"));
  // The default theme's stylesheet: its brand colour is set on :root, and its nav bar laid out.
  const themed = (page) => page.evaluate(() => ({
    brand: getComputedStyle(document.documentElement).getPropertyValue("--vp-c-brand-1").trim(),
    navHeight: document.querySelector(".VPNav")?.getBoundingClientRect().height ?? 0,
  }));
  try {
    const home = await visit(browser, `${server.base}/`);
    try {
      const theme = await themed(home.page);
      assert.ok(theme.brand !== "" && theme.navHeight > 0, `the page without a widget keeps the theme (${JSON.stringify(theme)})`);
      await home.page.waitForLoadState("networkidle");
      assert.deepEqual(wasmFetched(home.log), [], "no wasm fetched on the page without a widget");
      // Client-side navigation to the lesson: the widget appears, and is drawn.
      await home.page.getByRole("link", { name: /request limit and daily cap/ }).first().click();
      await home.page.waitForURL(/lesson/);
      const after = await drawn(home.page);
      assert.ok(after.inked > 1000, `after navigation the chart is drawn (${after.inked} inked pixels)`);
      assert.ok((await themed(home.page)).brand !== "", "the lesson page keeps the theme after navigation");
      assert.deepEqual(home.log.errors, [], "no console error on the way");
    } finally {
      await home.context.close();
    }
    const lesson = await visit(browser, `${server.base}/lesson.html`);
    try {
      const direct = await drawn(lesson.page);
      assert.ok(direct.inked > 1000, `on direct load the chart is drawn (${direct.inked} inked pixels)`);
      // The README's fallback figure, from the package by Vue's "~" path: copied by the build.
      const [src, width] = await lesson.page.locator("bill-widget img").evaluate(async (img) => {
        await img.decode();
        return [img.getAttribute("src"), img.naturalWidth];
      });
      assert.match(src, /^\/assets\/hackathon\.[\w-]+\.svg$/, "the figure is one of the build's assets");
      assert.ok(width > 0, `the figure loads (${src}, ${width} px)`);
      const theme = await themed(lesson.page);
      assert.ok(theme.brand !== "" && theme.navHeight > 0, `the lesson page keeps the theme (${JSON.stringify(theme)})`);
      assert.deepEqual(lesson.log.errors, [], "no console error on direct load");
    } finally {
      await lesson.context.close();
    }
    // A widget that waits for its reader (loading="interaction"): its figure and button, in a
    // shadow root beside Vue's hydration of the page, and no wasm until pressed.
    const waiting = await visit(browser, `${server.base}/pressed.html`);
    try {
      const widget = waiting.page.locator("bill-widget");
      await widget.locator(".start button").waitFor();
      await waiting.page.waitForLoadState("networkidle");
      assert.deepEqual(wasmFetched(waiting.log), [], "no wasm before the press");
      assert.equal(await widget.locator("img").isVisible(), true, "the figure shows until the press");
      await widget.locator(".start button").click();
      const pressed = await drawn(waiting.page);
      assert.ok(pressed.inked > 1000, `once pressed the chart is drawn (${pressed.inked} inked pixels)`);
      assert.equal(wasmFetched(waiting.log).length, 1, `one module fetched: ${wasmFetched(waiting.log).join(", ")}`);
      assert.deepEqual(waiting.log.errors, [], "no console error, before the press or after");
    } finally {
      await waiting.context.close();
    }
  } finally {
    server.close();
  }
});

test("Node.js imports every export of the package without a DOM, and the core runs there through initSync", () => {
  const dir = join(tmp, "node-user");
  mkdirSync(join(dir, "node_modules", "bill-widget"), { recursive: true });
  execFileSync("tar", ["-xzf", tgz, "-C", join(dir, "node_modules", "bill-widget"), "--strip-components=1"]);
  const manifest = JSON.parse(readFileSync(join(dir, "node_modules/bill-widget/package.json"), "utf8"));
  const modules = Object.entries(manifest.exports)
    .filter(([name, target]) => !name.includes("*") && /\.m?js$/.test(typeof target === "string" ? target : target.default ?? ""))
    .map(([name]) => `bill-widget${name.slice(1)}`);
  assert.ok(modules.includes("bill-widget") && modules.includes("bill-widget/core"), `the exports to import: ${modules.join(", ")}`);
  const script = `
    for (const name of ${JSON.stringify(modules)}) await import(name);
    const { initSync, scenarios } = await import("bill-widget/core");
    const { readFileSync } = await import("node:fs");
    initSync({ module: readFileSync(new URL(import.meta.resolve("bill-widget/core.wasm"))) });
    process.stdout.write(String(scenarios().widgets.length));`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  assert.equal(Number(out), 4, `the core answers in Node.js: ${out} widgets`);
});
