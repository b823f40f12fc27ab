// What a reader downloads for each lesson's first view (issue 22, point 4): each lesson's
// example page (web/examples/) loaded in headless Chromium in a fresh context (no cache)
// until its widget has drawn, every file it fetched from the server counted at gzip -9 (as
// a server would send it), by kind: HTML, JS, CSS, wasm, figures. The widget (the pages'
// /widget/) is the package's, as a lesson's site serves it (scripts/package: its scripts
// minified), not web/'s sources. The targets: the lesson's wasm module at most 60 KB
// gzipped, the whole first view at most 100 KB.
// `node bench/first-view.mjs` prints these rows alone (BENCH_WEB picks the web/ to serve,
// BENCH_PACKAGE the unpacked package, else web/'s is packed); bench/run.mjs puts them in
// the one table.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { launchChromium } from "./chromium.mjs";
import { pack } from "../scripts/package.mjs";

export const LESSON_PAGES = ["examples/toy-day.html", "examples/hackathon.html", "examples/runaway-tenant.html", "examples/free-tier.html"];
export const FIRST_VIEW_TARGET = { wasmGzip: 60_000, totalGzip: 100_000 };
const KINDS = { ".html": "HTML", ".js": "JS", ".mjs": "JS", ".css": "CSS", ".wasm": "wasm", ".svg": "figures", ".png": "figures" };

// Lesson 000's page as a long lesson has it: the widget after five screens of text. Its
// first screen is counted once the page has loaded and the network is idle, the reader not
// having scrolled: the widget's module is fetched only near the viewport (bill-widget.js).
export const FAR_PAGE = { page: "examples/toy-day.html", as: "examples/toy-day.html, its widget five screens down" };
const SPACER = `<div style="height: 500vh">The lesson's text before the widget.</div>`;

// Each lesson page with its widget written `<bill-widget loading="interaction">`: its first
// view (the page's fallback figure and the start button) before the reader presses, and
// what the press fetches then (the lesson's module), counted apart.
export const PRESSED = { suffix: ", loading=\"interaction\": before the press", after: "  what the press fetched" };

/** `{ errors, pages: [{ page, files: [{ path, kind, raw, gzip }] }] }`: what each lesson page
 *  fetched, then what FAR_PAGE's first screen fetched. `packageDir`: the unpacked package
 *  that answers the pages' /widget/ (by default, webDir's web/ packed now). */
export async function runFirstView(webDir = resolve(import.meta.dirname, "../web"), packageDir = undefined) {
  const own = packageDir ? null : packed(); // removed once measured
  packageDir ??= own;
  const { serve } = await import(pathToFileURL(resolve(webDir, "serve.mjs")).href);
  const server = await serve(0);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await launchChromium();
  const out = { errors: [], pages: [] };
  const newContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
    await context.route(`${origin}/widget/**`, (route) =>
      route.fulfill({ path: join(packageDir, new URL(route.request().url()).pathname.slice("/widget/".length)) }));
    return context;
  };
  try {
    for (const path of LESSON_PAGES) {
      const context = await newContext();
      const page = await context.newPage();
      const fetched = new Map();
      page.on("pageerror", (e) => out.errors.push(`${path}: ${e}`));
      page.on("response", async (r) => {
        if (!r.url().startsWith(origin)) return;
        if (r.status() !== 200) out.errors.push(`${path}: ${new URL(r.url()).pathname} answered ${r.status()}`);
        else fetched.set(new URL(r.url()).pathname, r.body());
      });
      await page.goto(`${origin}/${path}`);
      await page.locator("bill-widget").locator(".summary").filter({ hasText: /\S/ }).waitFor();
      await page.waitForLoadState("networkidle");
      out.pages.push({ page: path, files: await measured(fetched) });
      await context.close();
    }
    out.pages.push({ page: FAR_PAGE.as, files: await farFirstScreen(await newContext(), origin, out.errors) });
    for (const path of LESSON_PAGES) {
      const [before, pressed] = await pressedFirstView(await newContext(), origin, path, out.errors);
      out.pages.push({ page: `${path}${PRESSED.suffix}`, files: before }, { page: PRESSED.after, files: pressed });
    }
    return out;
  } finally {
    await browser.close();
    server.close();
    if (own) rmSync(dirname(own), { recursive: true, force: true });
  }
}

/** `path` opened with its HTML's `<bill-widget` written as `widget` gives it, and what it
 *  fetched since the last `take()` (measured, at gzip -9), until the network is idle. */
async function editedPage(context, origin, path, widget, errors, as) {
  const page = await context.newPage();
  let fetched = new Map();
  page.on("pageerror", (e) => errors.push(`${as}: ${e}`));
  page.on("response", (r) => {
    if (!r.url().startsWith(origin) || r.status() !== 200) return;
    const body = r.body();
    body.catch(() => {}); // a response still arriving as the page closes is not counted
    fetched.set(new URL(r.url()).pathname, body);
  });
  const url = `${origin}/${path}`;
  await page.route(url, async (route) => {
    const html = await (await route.fetch()).text();
    await route.fulfill({ contentType: "text/html", body: html.replace("<bill-widget", widget) });
  });
  await page.goto(url);
  const take = async () => {
    await page.waitForLoadState("networkidle");
    const files = await measured(fetched);
    fetched = new Map();
    return files;
  };
  return { page, take };
}

/** What FAR_PAGE's first screen fetched, before the reader scrolls. */
async function farFirstScreen(context, origin, errors) {
  const { take } = await editedPage(context, origin, FAR_PAGE.page, `${SPACER}\n  <bill-widget`, errors, FAR_PAGE.as);
  const files = await take();
  await context.close();
  return files;
}

/** What `path`'s first view fetched with its widget waiting for the reader
 *  (loading="interaction"), then what pressing its start button fetched, till drawn. */
async function pressedFirstView(context, origin, path, errors) {
  const as = `${path} (loading=interaction)`;
  const { page, take } = await editedPage(context, origin, path, `<bill-widget loading="interaction"`, errors, as);
  const before = await take();
  const widget = page.locator("bill-widget");
  await widget.locator(".start button").click();
  await widget.locator(".summary").filter({ hasText: /\S/ }).waitFor();
  const pressed = await take();
  await context.close();
  return [before, pressed];
}

/** web/ packed as scripts/package packs it, unpacked into a new temporary folder: its path. */
export function packed() {
  const dir = mkdtempSync(join(tmpdir(), "first-view-"));
  const tgz = pack(dir);
  execFileSync("tar", ["-xzf", tgz, "-C", dir]);
  return join(dir, "package");
}

/** Each fetched file (`fetched`: its path to its body's promise) by kind, raw and at gzip -9. */
async function measured(fetched) {
  const files = [];
  for (const [file, body] of fetched) {
    const bytes = await body;
    files.push({ path: file, kind: KINDS[extname(file)] ?? "other", raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
  }
  return files;
}

/** Each page's totals: `{ page, byKind: { kind: gzip }, wasmGzip, totalGzip, totalRaw }`. */
export function firstViewTotals(r) {
  return r.pages.map(({ page, files }) => {
    const byKind = {};
    for (const f of files) byKind[f.kind] = (byKind[f.kind] ?? 0) + f.gzip;
    const sum = (key) => files.reduce((a, f) => a + f[key], 0);
    return { page, byKind, wasmGzip: byKind.wasm ?? 0, totalGzip: sum("gzip"), totalRaw: sum("raw") };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runFirstView(process.env.BENCH_WEB, process.env.BENCH_PACKAGE);
  const int = (n) => n.toLocaleString("en-US");
  for (const t of firstViewTotals(r)) {
    const kinds = Object.entries(t.byKind).map(([k, v]) => `${k} ${int(v)}`).join(", ");
    console.log(`${t.page}: ${int(t.totalGzip)} B gzipped in all (${int(t.totalRaw)} raw): ${kinds}`);
  }
  if (r.errors.length) console.log(`ERRORS: ${r.errors.join("; ")}`);
}
