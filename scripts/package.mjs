// Packs the built widget (web/ after scripts/build-wasm) as a release for lesson authors:
// an npm-style package, OUT/bill-widget-<version>.tgz. Run through scripts/package.
//
// The files authors name in their pages keep their names (ENTRIES); every file those load
// is found by following their quoted relative references and goes to assets/ with a hash
// of its content in its name, so it can be cached for a year. References are rewritten
// to the new names, dependencies first, so a changed wasm module also renames the modules
// that load it. Each asset's TypeScript declarations (x.d.ts beside x.js) follow it. Each
// script is minified, with its source map beside it.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix, resolve } from "node:path";
import { transformSync } from "esbuild";
import { CSP } from "../web/serve.mjs";
import { lessonFolder, lessonWidgets } from "../web/lesson-modules.js";
import { coreTable, describe, elementManifest, widgets } from "./widget-types.mjs";

const REPO = resolve(import.meta.dirname, "..");
const WEB = join(REPO, "web");
const NAME = "bill-widget";
/** What authors write in their pages: the same paths in web/ and in the package. The
 *  fallback figures are every one `billsim figures` drew (scripts/build-wasm), so a new
 *  lesson's figure cannot be left out; the types of the element's attributes are written
 *  from the core's table by scripts/build-wasm too (web/bill-widget-attributes.d.ts). */
const ENTRIES = ["bill-widget.js", "bill-widget.d.ts", "bill-widget-attributes.d.ts", "bill-widget-react.d.ts",
  "embed.html", "embed-host.js",
  ...readdirSync(join(WEB, "figures")).filter((f) => f.endsWith(".svg")).sort().map((f) => `figures/${f}`)];
/** The core's module that `bill-widget/core` gives: the one with every lesson, where the
 *  widget loads only its lesson's (web/lesson-modules.js). */
const CORE = "pkg/billsim_wasm.js";
/** Files of the repository that go to the package's root as they are. */
const REPO_FILES = ["LICENSE", "CHANGELOG.md"];
const TEXT = /\.(js|css|html|svg)$/;
// A quoted relative reference to a file: "./pkg/x.js", 'x_bg.wasm', "figures/a.svg".
const REFERENCE = /(["'`])((?:\.{1,2}\/)?[\w@-][\w@./-]*\.(?:js|mjs|css|wasm|svg|png|json|html))\1/g;

export function version() {
  const toml = readFileSync(join(REPO, "crates/billsim-wasm/Cargo.toml"), "utf8");
  return /^version\s*=\s*"([^"]+)"/m.exec(toml)[1];
}

/** The web/ file that `spec`, quoted in web/`from`, names; null for text that is not one. */
function target(from, spec) {
  const path = posix.normalize(posix.join(posix.dirname(from), spec));
  return !path.startsWith("../") && existsSync(join(WEB, path)) ? path : null;
}

/** Every file the entries load: web/ path -> { out: path in the package, bytes, deps: web/ paths }. */
function layout() {
  const files = new Map();
  const visiting = new Set();
  const folder = (path) => (ENTRIES.includes(path) ? posix.dirname(path) : "assets");
  const place = (path) => {
    if (files.has(path)) return files.get(path).out;
    if (visiting.has(path)) throw new Error(`scripts/package: ${path} is part of a reference cycle`);
    visiting.add(path);
    let bytes = readFileSync(join(WEB, path));
    const deps = new Set();
    if (TEXT.test(path)) {
      const text = bytes.toString("utf8").replace(REFERENCE, (whole, quote, spec) => {
        const to = target(path, spec);
        if (!to) return whole;
        deps.add(to);
        let rel = posix.relative(folder(path), place(to));
        if (spec.startsWith(".") && !rel.startsWith(".")) rel = `./${rel}`;
        return `${quote}${rel}${quote}`;
      });
      bytes = Buffer.from(text);
    }
    // A script's source map first: the script names it, so the script's hash covers that name.
    if (path.endsWith(".js")) {
      const { code, map } = minified(path, bytes);
      const mapOut = ENTRIES.includes(path) ? `${path}.map` : hashed(`${path}.map`, map);
      files.set(`${path}.map`, { out: mapOut, bytes: map, deps: new Set() });
      bytes = Buffer.concat([code, Buffer.from(`//# sourceMappingURL=${posix.basename(mapOut)}\n`)]);
    }
    let out = path;
    if (!ENTRIES.includes(path)) {
      out = hashed(path, bytes);
      const types = path.replace(/\.js$/, ".d.ts");
      if (types !== path && existsSync(join(WEB, types))) {
        files.set(types, { out: out.replace(/\.js$/, ".d.ts"), bytes: readFileSync(join(WEB, types)), deps: new Set() });
      }
    }
    files.set(path, { out, bytes, deps });
    visiting.delete(path);
    return out;
  };
  for (const entry of [...ENTRIES, CORE]) place(entry);
  return files;
}

/** The name in assets/ of web/'s `path`, of content `bytes`: its name with a hash of them. */
function hashed(path, bytes) {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const [, stem, ext] = /^(.*?)((?:\.d\.ts)|\.[^.]*)$/.exec(posix.basename(path));
  return `assets/${stem}.${hash}${ext}`;
}

/** A script as the package ships it: minified (its comments, the bulk of web/'s scripts,
 *  are most of what a reader would download: lesson 000's first view's scripts came to
 *  41 KB gzipped, 21 KB minified), with a source map that holds the source as written.
 *  `bytes`: the script, its references already rewritten; `map` goes beside it. */
function minified(path, bytes) {
  const source = bytes.toString("utf8");
  const { code, map } = transformSync(cssMinified(source), {
    // The source named as the repository's file, not as the script itself (the same address).
    minify: true, format: "esm", legalComments: "none", sourcemap: "external", sourcefile: `web/${path}`,
  });
  return { code: Buffer.from(code), map: Buffer.from(JSON.stringify({ ...JSON.parse(map), sourcesContent: [source] })) };
}

/** `text` with the CSS it tags (web/markup.js's `css`: the shadow roots' sheets, most of
 *  bill-widget-styles.js, which esbuild leaves as written) without comments and runs of
 *  white space: 4.5 KB of the widget's first view gzipped, 2.3 KB so. Its lines stay
 *  where they were, so that the source map can give the source as written. */
function cssMinified(text) {
  const sheet = (css) => css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ""))
    .replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n");
  return text.replace(/\bcss`([^`]*)`/g, (_, css) => `css\`${sheet(css)}\``);
}

/** The no-JavaScript fallback of the standalone page (figure and the core's sentences). */
function fallback() {
  const html = readFileSync(join(WEB, "index.html"), "utf8");
  const figure = /^([ \t]*)<figure class="fallback">[\s\S]*?<\/figure>/m.exec(html);
  if (!figure) throw new Error("scripts/package: web/index.html has no <figure class=\"fallback\">");
  return figure[0].replace(new RegExp(`^${figure[1]}`, "gm"), "  ");
}

/** Each later lesson's widget with its fallback figure, as its example page
 *  (web/examples/*.html) writes it, with the package's path to the figure. */
function lessonFallbacks(v, scenarios) {
  const pages = readdirSync(join(WEB, "examples")).filter((f) => f.endsWith(".html"))
    .map((f) => readFileSync(join(WEB, "examples", f), "utf8"));
  return scenarios.map((scenario) => {
    const found = pages.map((html) => new RegExp(`<bill-widget scenario="${scenario}"[^>]*>([\\s\\S]*?)</bill-widget>`).exec(html))
      .find(Boolean);
    if (!found) throw new Error(`scripts/package: no page of web/examples has a <bill-widget scenario="${scenario}"> with its fallback`);
    // The page's lines, their common indent made the README's two spaces.
    const lines = found[1].replace(/^\s*\n|\s+$/g, "").split("\n");
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)[0].length));
    const figure = lines.map((l) => `  ${l.slice(indent)}`).join("\n").replace(/(src|srcset)="\/widget\/figures\//g, `$1="/lessons/widget/${v}/figures/`);
    return `\`scenario="${scenario}"\`:\n\n\`\`\`html\n<bill-widget scenario="${scenario}">\n${figure}\n</bill-widget>\n\`\`\``;
  }).join("\n\n");
}

function manifest(v, out) {
  const core = out.get(CORE);
  const coreTypes = out.get(CORE.replace(/\.js$/, ".d.ts"));
  const wasm = out.get(CORE.replace(/\.js$/, "_bg.wasm"));
  if (!core || !coreTypes || !wasm) throw new Error(`scripts/package: ${CORE} (its .d.ts and its wasm) is not built`);
  return {
    name: NAME,
    version: v,
    description: "The <bill-widget> custom element: what a spending policy does to one day's AI bill, computed by a WebAssembly core.",
    license: "MIT",
    ...repositoryFields(),
    type: "module",
    types: "./bill-widget.d.ts",
    customElements: "./custom-elements.json",
    exports: {
      ".": { types: "./bill-widget.d.ts", default: "./bill-widget.js" },
      "./bill-widget.js": { types: "./bill-widget.d.ts", default: "./bill-widget.js" },
      "./react": { types: "./bill-widget-react.d.ts" },
      "./core": { types: `./${coreTypes.out}`, default: `./${core.out}` },
      "./core.wasm": `./${wasm.out}`,
      "./custom-elements.json": "./custom-elements.json",
      "./embed-host.js": "./embed-host.js",
      "./embed.html": "./embed.html",
      "./figures/*": "./figures/*",
      "./package.json": "./package.json",
    },
    sideEffects: ["./bill-widget.js", "./embed-host.js", "./assets/*.js"],
  };
}

/** `repository`, `homepage` and `bugs`, from the workspace's Cargo.toml `[workspace.package]`
 *  `repository` (a GitHub-style address): none when it is not set there. */
function repositoryFields() {
  const toml = readFileSync(join(REPO, "Cargo.toml"), "utf8");
  const url = /^repository\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!url) return {};
  return { repository: { type: "git", url: `git+${url}.git` }, homepage: `${url}#readme`, bugs: { url: `${url}/issues` } };
}

/** The README's list of attributes, from the core's table: `scenario`, then each widget's
 *  own (its views among them), each with what it allows and its default, as the types say. */
function attributes() {
  const table = coreTable();
  const line = (s, choices) => `- \`${s.attribute}\`: ${describe(s, choices, (value) => `\`${value}\``)}`;
  const scenario = table.settings.find((s) => s.key === "scenario");
  const each = widgets(table).map(({ widget, first, views, settings }) => {
    const own = settings.map((s) => `  ${line(s, s.key === "view" ? views : undefined)}`);
    return `- \`scenario="${widget.scenario}"\`${first ? " (the default)" : ""}: ${widget.name}. Its attributes:\n${own.join("\n")}`;
  });
  return [line(scenario), ...each].join("\n");
}

/** The README's sentence on the theme attribute, from the core's description of it. */
function theme() {
  const { theme: t } = coreTable();
  const choices = t.kind.choices.map((c) => `\`${c.value}\` (${c.label.toLowerCase()})`).join(", ");
  return `\`${t.attribute}\` sets the widget's colours: ${choices}; default \`${t.default}\`. `
    + `An iframe takes it as \`${t.key}=\` in its address.`;
}

/** The README's paragraph on the loading attribute, from the core's words. */
function loading() {
  const { loading: l } = coreTable();
  return `\`${l.attribute}="${l.interaction}"\` leaves the WebAssembly until the reader asks for the widget: `
    + `until then it shows its figure (the element's children) and a button, "${l.start}". A pointer over the button, `
    + `or the keyboard's focus on it, starts the download; a press draws the widget in the figure's place, the keyboard's `
    + `focus (if the button had it) on its first control. A lesson's first view then sends 21 to 22 KB gzipped at this release, `
    + `its figure included, where a widget that loads by itself sends 179 to 207 KB (\`docs/benchmarks.md\` in the `
    + `repository). With \`sync-url\`, a widget whose address names one of its settings (a shared link) loads at once, `
    + `as its figure shows the defaults. \`${l.attribute}="${l.values[0]}"\` is the default. Another value is said in the widget's notice, `
    + `and the widget loads as by default. Do not preload the module of a widget that waits for its reader.`;
}

function readme(v, out) {
  const template = readFileSync(join(REPO, "scripts/package-readme.md"), "utf8");
  // What bill-widget.js loads (all of it but the lesson modules, of which a page loads only
  // its widgets' lessons' ones: web/lesson-modules.js), and each lesson's module.
  const graphOf = (from, skip = () => false) => {
    const graph = new Set([from]);
    const walk = (path) => { for (const d of out.get(path).deps) if (!graph.has(d) && !skip(d)) { graph.add(d); walk(d); } };
    walk(from);
    return [...graph].map((path) => out.get(path)).filter((f) => /\.(js|wasm)$/.test(f.out));
  };
  const links = (files) => files.map((f) => f.out.endsWith(".wasm")
    ? `<link rel="preload" href="/lessons/widget/${v}/${f.out}" as="fetch" type="application/wasm" crossorigin>`
    : `<link rel="modulepreload" href="/lessons/widget/${v}/${f.out}">`).join("\n");
  const widget = graphOf("bill-widget.js", (path) => path.startsWith("pkg-")).filter((f) => f.out !== "bill-widget.js");
  const lesson = (scenario) => {
    const glue = `${lessonFolder(scenario)}/billsim_wasm.js`;
    if (!out.has(glue)) throw new Error(`scripts/package: the widget does not load ${glue}, the module of ${scenario}`);
    return graphOf(glue);
  };
  const [first, ...later] = lessonWidgets;
  const fields = {
    VERSION: v,
    CSP,
    ATTRIBUTES: attributes(),
    THEME: theme(),
    LOADING: loading(),
    FALLBACK: fallback().replace(/(src|srcset)="figures\//g, `$1="/lessons/widget/${v}/figures/`),
    PRELOAD: links([...widget, ...lesson(first)]),
    LESSON_FALLBACKS: lessonFallbacks(v, later),
    LESSON_PRELOADS: later.map((scenario) => `\`scenario="${scenario}"\`:\n\n\`\`\`html\n${links(lesson(scenario))}\n\`\`\``).join("\n\n"),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, key) => {
    if (!(key in fields)) throw new Error(`scripts/package: unknown {{${key}}} in scripts/package-readme.md`);
    return fields[key];
  });
}

/** Writes the package to a fresh folder and packs it as OUT/bill-widget-<version>.tgz. */
export function pack(outDir) {
  const v = version();
  const placed = layout();
  const stage = mkdtempSync(join(tmpdir(), "bill-widget-package-"));
  try {
    const root = join(stage, "package");
    const write = (path, bytes) => {
      mkdirSync(posix.dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), bytes);
    };
    for (const { out, bytes } of placed.values()) write(out, bytes);
    for (const file of REPO_FILES) write(file, readFileSync(join(REPO, file)));
    write("custom-elements.json", `${JSON.stringify(elementManifest(coreTable()), null, 2)}\n`);
    write("package.json", `${JSON.stringify(manifest(v, placed), null, 2)}\n`);
    write("README.md", readme(v, placed));
    mkdirSync(outDir, { recursive: true });
    const tgz = resolve(outDir, `${NAME}-${v}.tgz`);
    // npm's layout (a package/ folder), and the same bytes for the same files (npm's fixed
    // date too: 1985-10-26, as some tools take a zero date for none).
    execFileSync("sh", ["-c", 'tar --sort=name --mtime=@499162500 --owner=0 --group=0 --numeric-owner -C "$1" -cf - package | gzip -9n > "$2"',
      "sh", stage, tgz]);
    return tgz;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) {
  const tgz = pack(process.argv[2] ?? join(REPO, "out"));
  const listing = execFileSync("tar", ["-tvzf", tgz], { encoding: "utf8" });
  console.log(listing.trim().split("\n").map((l) => `  ${l.split(/\s+/).slice(2).join(" ")}`).join("\n"));
  console.log(`packed ${posix.relative(process.cwd(), tgz) || tgz}`);
}
