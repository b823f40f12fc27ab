// The release as a lesson author gets it: scripts/package's .tgz, unpacked into an empty
// folder outside the repository, served by a plain static file server under a versioned
// sub-path, and embedded (with the README's own snippets) in a page of another origin that
// sends the strict CSP. Every scenario's widget must work there, offline once loaded,
// with no console error; without JavaScript the README's fallback figure shows.
// Needs a built web/ (scripts/build-wasm), as scripts/test does first.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { extname, join, normalize, resolve } from "node:path";
import { launch, open, visit } from "./harness.mjs";
import { CSP, serve } from "../../web/serve.mjs";
import { lessonWidgets } from "../../web/lesson-modules.js";
import { wasm } from "../wasm-module.mjs";

const REPO = resolve(import.meta.dirname, "../..");

// Each scenario: the widget's attributes, and what a reader does to it once offline.
const SCENARIOS = [
  {
    name: "one day",
    attributes: 'view="day"',
    query: "view=day",
    act: (widget) => widget.getByRole("button", { name: "Another day" }).click(),
  },
  {
    name: "calls at once",
    attributes: 'view="inflight"',
    query: "view=inflight",
    act: async (widget) => {
      await widget.getByRole("button", { name: "More settings" }).click();
      await widget.getByLabel(/Calls at once/).fill("5");
    },
  },
  {
    name: "over time",
    attributes: 'view="overTime"',
    query: "view=overTime",
    act: (widget) => widget.getByRole("button", { name: "Another day" }).click(),
  },
];

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".svg": "image/svg+xml", ".json": "application/json", ".md": "text/markdown" };

/** A few lines of static file server, sending what the package's README asks for. */
function staticServer(root) {
  return createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, {
        "content-type": TYPES[extname(path)] ?? "application/octet-stream",
        "cache-control": "public, max-age=31536000, immutable",
        "access-control-allow-origin": "*",
        "content-security-policy": `${CSP}; frame-ancestors *`,
      }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

const listen = (server) => new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
const origin = (server) => `http://127.0.0.1:${server.address().port}`;

let tmp, version, site, widgetServer, hostServer, widgetOrigin, hostCsp, browser, readme;
const pages = new Map();

before(async () => {
  tmp = mkdtempSync(join(tmpdir(), "release-test-"));
  execFileSync(join(REPO, "scripts/package"), ["--no-build", "--out", join(tmp, "out")], { stdio: "ignore" });
  const [tgz] = readdirSync(join(tmp, "out"));
  version = /^bill-widget-(.+)\.tgz$/.exec(tgz)[1];
  site = join(tmp, "site", "lessons", "widget", version);
  mkdirSync(site, { recursive: true });
  execFileSync("tar", ["-xzf", join(tmp, "out", tgz), "-C", site, "--strip-components=1"]);
  readme = readFileSync(join(site, "README.md"), "utf8");

  widgetServer = await listen(staticServer(join(tmp, "site")));
  widgetOrigin = origin(widgetServer);
  // The lesson page's policy: the README's, with the widget's origin added after each 'self'.
  hostCsp = CSP.replaceAll("'self'", `'self' ${widgetOrigin}`);
  hostServer = await listen(createServer((req, res) => {
    const path = new URL(req.url, "http://x").pathname;
    if (path === "/favicon.ico") return res.writeHead(204).end(); // the lesson site's own
    const html = pages.get(path);
    if (!html) return res.writeHead(404).end();
    const type = path.endsWith(".css") ? "text/css" : "text/html";
    res.writeHead(200, { "content-type": type, "content-security-policy": hostCsp }).end(html);
  }));
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const server of [widgetServer, hostServer]) {
    server?.closeAllConnections();
    server?.close();
  }
  rmSync(tmp, { recursive: true, force: true });
});

/** A README snippet's paths, pointed at the widget's origin. */
const absolute = (html) => html.replaceAll(`"/lessons/widget/${version}/`, `"${widgetOrigin}/lessons/widget/${version}/`);

/** The README's html snippets, pointed at the widget's origin. */
function snippets() {
  const blocks = [...readme.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]);
  const element = blocks.find((b) => b.includes("<bill-widget>"));
  const iframe = blocks.find((b) => b.includes("<iframe"));
  assert.ok(element && iframe, "the README shows an element snippet and an iframe snippet");
  return { element: absolute(element), iframe: absolute(iframe) };
}

/** A lesson page on the host's origin, at `path`. */
function lessonPage(path, body) {
  pages.set(path, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lesson</title></head>
<body><h1>A lesson</h1>${body}</body></html>`);
  return path.slice(1);
}

const hostEnv = () => ({ browser, base: `${origin(hostServer)}/` });

/** What the reader sees of the widget: its summary and its drawn canvas, in any frame. */
const seen = (widget) => widget.evaluate((el) => {
  const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
  const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) inked++;
  return { summary: el.shadowRoot.querySelector(".summary").textContent, inked, picture: canvas.toDataURL() };
});

async function checkWidget(env, path, widgetOf, scenario) {
  const { page, context, log } = await open(env, path);
  try {
    const widget = widgetOf(page);
    await widget.locator(".summary").filter({ hasText: /\S/ }).waitFor();
    const first = await seen(widget);
    assert.ok(first.inked > 1000, `${scenario.name}: the chart is drawn (${first.inked} inked pixels)`);
    await context.setOffline(true);
    const loaded = log.requests.length;
    await scenario.act(widget);
    await widget.locator(".summary").filter({ hasNotText: first.summary }).waitFor({ timeout: 5000 }).catch(() => {});
    const next = await seen(widget);
    assert.ok(next.summary !== first.summary || next.picture !== first.picture,
      `${scenario.name}: offline, the reader's action changed the view (summary "${next.summary.slice(0, 60)}")`);
    assert.deepEqual(log.requests.slice(loaded), [], `${scenario.name}: nothing fetched after loading`);
    const origins = new Set(log.requests.map((u) => new URL(u).origin));
    assert.deepEqual([...origins].sort(), [origin(hostServer), widgetOrigin].sort(), "only the page's and the widget's origins");
    assert.deepEqual(log.errors, [], `${scenario.name}: no console error, failed request or CSP violation`);
  } finally {
    await context.close();
  }
}

for (const scenario of SCENARIOS) {
  test(`the released widget shows "${scenario.name}" in another origin's page under the strict CSP, and works offline`, async () => {
    const html = snippets().element.replace("<bill-widget>", `<bill-widget ${scenario.attributes}>`);
    const path = lessonPage(`/element-${scenario.query}.html`, html);
    await checkWidget(hostEnv(), path, (page) => page.locator("bill-widget"), scenario);
  });

  test(`the released iframe embed shows "${scenario.name}" in another origin's page under the strict CSP, and works offline`, async () => {
    const html = snippets().iframe.replace(/embed\.html\?[^"]*/, `embed.html?${scenario.query}`);
    const path = lessonPage(`/iframe-${scenario.query}.html`, html);
    await checkWidget(hostEnv(), path, (page) => page.frameLocator("iframe").locator("bill-widget"), scenario);
  });
}

test("without JavaScript the released widget's page shows the README's fallback figure and sentences", async () => {
  const path = lessonPage("/no-script.html", snippets().element);
  const { page, context, log } = await open(hostEnv(), path, { javaScriptEnabled: false });
  try {
    const img = page.locator("bill-widget figure img");
    await img.evaluate((el) => el.decode());
    assert.ok(await img.evaluate((el) => el.naturalWidth > 0), "the fallback figure loaded");
    assert.match(await page.locator("bill-widget figcaption").innerText(), /Daily cost budget/);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("without JavaScript each lesson's README snippet shows its own figure, within a phone's width with the README's CSS", async () => {
  const lessons = [...readme.matchAll(/```html\n(<bill-widget scenario="(\w+)">[\s\S]*?)```/g)].filter((m) => m[1].includes("<img"));
  const named = lessons.map((m) => m[2]);
  assert.deepEqual(named, lessonWidgets.slice(1), "a snippet for each lesson but the default's, in the modules' order");
  const [, css] = /```css\n([\s\S]*?)```/.exec(readme) ?? [];
  assert.match(css ?? "", /bill-widget img \{ max-width: 100%; height: auto; \}/, "the README's line for the figure");
  pages.set("/lesson.css", css);
  const body = `<link rel="stylesheet" href="/lesson.css">${snippets().element}${lessons.map((m) => absolute(m[1])).join("")}`;
  const path = lessonPage("/no-script-lessons.html", body);
  const { page, context, log } = await open(hostEnv(), path, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const figures = await page.locator("bill-widget img").evaluateAll((imgs) =>
      Promise.all(imgs.map(async (img) => { await img.decode(); return [img.src.split("/").pop(), img.naturalWidth > 0]; })));
    assert.deepEqual(figures.map(([name]) => name), ["share-of-bill.svg", "free-tier.svg", "hackathon.svg", "runaway-tenant.svg"]);
    assert.ok(figures.every(([, loaded]) => loaded), `every figure loaded: ${JSON.stringify(figures)}`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the page is ${wide} px wide at 390`);
    // Lesson 000's is in a <figure>, whose default margins took 80 px of it (294 px, not 366).
    const widths = await page.locator("bill-widget img").evaluateAll((imgs) => imgs.map((img) => Math.round(img.getBoundingClientRect().width)));
    assert.ok(widths.every((w) => w >= 360), `each figure as wide as the phone allows: ${widths.join(", ")} px`);
    assert.deepEqual(log.errors, []);
  } finally {
    await context.close();
  }
});

test("the package names its version, exports and types, and every asset's name carries its content's hash", () => {
  const manifest = JSON.parse(readFileSync(join(site, "package.json"), "utf8"));
  assert.equal(manifest.name, "bill-widget");
  assert.match(manifest.version, /^\d+\.\d+\.\d+/);
  assert.ok(statSync(join(site, manifest.types)).isFile(), `types ${manifest.types}`);
  const targets = Object.values(manifest.exports).flatMap((e) => (typeof e === "string" ? [e] : Object.values(e)));
  for (const t of targets.filter((t) => !t.includes("*"))) assert.ok(statSync(join(site, t)).isFile(), `export ${t}`);
  const assets = readdirSync(join(site, "assets"));
  assert.ok(assets.some((a) => a.endsWith(".wasm")) && assets.some((a) => a.endsWith(".d.ts")), assets.join(", "));
  for (const name of assets.filter((a) => !a.endsWith(".d.ts"))) {
    const hash = /\.([0-9a-f]{10})\.[a-z]+$/.exec(name)?.[1];
    const actual = createHash("sha256").update(readFileSync(join(site, "assets", name))).digest("hex").slice(0, 10);
    assert.equal(hash, actual, `assets/${name} is named by its content's hash`);
  }
  assert.match(readme, new RegExp(CSP.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), "the README gives the CSP");
  assert.match(readme, /Cache-Control: public, max-age=31536000, immutable/);
  const table = wasm.scenarios();
  assert.doesNotMatch(readme, /undefined/, "every field the README's template takes from the core is filled");
  assert.ok(readme.includes(`An iframe takes it as \`${table.theme.key}=\``), "the README names the theme's address parameter");
  const elements = JSON.parse(readFileSync(join(site, manifest.customElements), "utf8"));
  const declared = elements.modules[0].declarations.find((d) => d.tagName === "bill-widget");
  for (const s of table.settings.filter((s) => table.widgetSettings.includes(s.key))) {
    assert.ok(readme.includes(`- \`${s.attribute}\`: `), `the README lists the attribute ${s.attribute}, from the core's table`);
    assert.ok(declared.attributes.some((a) => a.name === s.attribute), `custom-elements.json declares the attribute ${s.attribute}`);
  }
  assert.deepEqual(declared.events.map((e) => e.name).sort(), ["bill-widget-change", "bill-widget-days"]);
});

test("the package's scripts are minified, each naming its source map, which holds web/'s script as written", () => {
  const scripts = [...readdirSync(site), ...readdirSync(join(site, "assets")).map((f) => `assets/${f}`)]
    .filter((f) => f.endsWith(".js"));
  assert.ok(scripts.length >= 8, `${scripts.length} scripts: ${scripts.join(", ")}`);
  const zipped = (text) => gzipSync(text, { level: 9 }).length;
  let shipped = 0;
  let written = 0;
  for (const script of scripts) {
    const code = readFileSync(join(site, script), "utf8");
    const named = /\/\/# sourceMappingURL=(\S+)\n$/.exec(code)?.[1];
    assert.ok(named, `${script} ends by naming its source map`);
    const map = JSON.parse(readFileSync(join(site, script, "..", named), "utf8"));
    const source = readFileSync(join(REPO, map.sources[0]), "utf8");
    assert.equal(map.sourcesContent[0].split("\n").length, source.split("\n").length,
      `${script}'s map holds ${map.sources[0]}, line for line`);
    assert.ok(code.length < source.length, `${script} is minified: ${code.length} B against ${map.sources[0]}'s ${source.length} B`);
    shipped += zipped(code);
    written += zipped(source);
  }
  // Lesson 000's first view's scripts: 41 KB gzipped as written, 21 KB minified.
  assert.ok(shipped < written * 0.6, `the scripts come to ${shipped} B gzipped, against ${written} B as written`);
});

test("the package's widget adopts web/'s style rules, rule for rule, from its minified CSS", async () => {
  const rules = async (url) => {
    const { page, context, log } = await visit(browser, url);
    try {
      const widget = page.locator("bill-widget");
      await widget.locator(".summary").filter({ hasText: /\S/ }).waitFor();
      assert.deepEqual(log.errors, [], url);
      // The widget's own sheet (the second follows the page's background). A value with
      // var() keeps its white space as written (an unparsed value): it is said once.
      return await widget.evaluate((el) =>
        [...el.shadowRoot.adoptedStyleSheets[0].cssRules].map((r) => r.cssText.replace(/\s+/g, " ")));
    } finally {
      await context.close();
    }
  };
  const web = await serve(0);
  try {
    const shipped = await rules(`${origin(hostServer)}/${lessonPage("/styles.html", snippets().element)}`);
    const written = await rules(`${origin(web)}/examples/toy-day.html`);
    assert.ok(written.length > 50, `web/'s widget adopts ${written.length} rules`);
    assert.deepEqual(shipped, written);
  } finally {
    web.closeAllConnections();
    web.close();
  }
});

test("the package carries every fallback figure the build drew, its licence and its changelog", () => {
  const manifest = JSON.parse(readFileSync(join(site, "package.json"), "utf8"));
  const drawn = readdirSync(join(REPO, "web/figures"));
  assert.ok(drawn.length >= 6, `scripts/build-wasm drew ${drawn.length} figures`);
  for (const figure of drawn) assert.ok(statSync(join(site, "figures", figure)).isFile(), `figures/${figure} is in the package`);
  assert.match(readFileSync(join(site, "LICENSE"), "utf8"), /^MIT License/, "the licence the manifest names ships");
  assert.equal(manifest.license, "MIT");
  assert.match(readFileSync(join(site, "CHANGELOG.md"), "utf8"), new RegExp(`^## ${manifest.version.replace(/\./g, "\\.")}$`, "m"),
    "the changelog has the package's version");
  assert.equal(manifest.exports["./bill-widget.js"].default, "./bill-widget.js", "bill-widget/bill-widget.js can be imported");
});
