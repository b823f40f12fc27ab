// A small static server for the widget: serves web/ on localhost with the right types and
// the Content-Security-Policy the widget must work under. No dependencies.
//
// Every request is answered on its own: a malformed one gets a 4xx, an error while answering
// a 500 (or a closed connection once the body has begun), and the server goes on.
import { createServer } from "node:http";
import { constants } from "node:fs";
import { open, realpath } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const WEB = fileURLToPath(new URL(".", import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
};
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

const COMMON = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  // A lesson page on another origin imports the widget's module and fetches its wasm.
  "access-control-allow-origin": "*",
};

// Code, pages and what scripts/build-wasm writes change between builds: the browser
// revalidates them on each load (an unchanged file costs a 304). Other files (the favicon)
// do not: it keeps them a day, so a page that changes its address on every click does not
// fetch its icon again. A name with a content hash (a release's assets/) never changes.
function cacheControl(path) {
  if (/\.[0-9a-f]{10}\.\w+$/.test(path)) return "public, max-age=31536000, immutable";
  if (/\.(html|m?js|css|wasm|json)$/.test(path) || /^(pkg|pkg-replay|figures)\//.test(path)) return "no-cache";
  return "public, max-age=86400";
}

// What is sent gzipped: text and wasm (an image or a favicon is compressed already, or small).
const COMPRESSED = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".svg", ".json"]);
// Each file's gzipped bytes, kept by its path while its version (size and time) holds: the
// tests load the replay page's megabyte module hundreds of times.
const zippedFiles = new Map();
function gzipped(path, version, bytes) {
  const kept = zippedFiles.get(path);
  if (kept?.version === version) return kept.body;
  const body = gzipSync(bytes);
  zippedFiles.set(path, { version, body });
  return body;
}

/** An answer other than the file: its status and a short reason for the body. */
class Refusal extends Error {
  constructor(status, reason) {
    super(reason);
    this.status = status;
  }
}

// What a failed file-system call means for the reader.
const FS_STATUS = { ENOENT: 404, ENOTDIR: 404, ENAMETOOLONG: 404, ELOOP: 404, EACCES: 403, EPERM: 403 };

/**
 * The decoded path of an origin-form request target ("/a/b.js?x"). Anything else is
 * refused: another form ("*", "http://host/"), bad percent-encoding, a NUL byte, or an
 * empty segment ("//", which `new URL` would read as a host).
 */
function requestPath(target) {
  if (!target.startsWith("/")) throw new Refusal(400, "bad request: the path must start with /");
  let path;
  try {
    path = decodeURIComponent(target.split(/[?#]/, 1)[0]);
  } catch {
    throw new Refusal(400, "bad request: malformed percent-encoding in the path");
  }
  if (path.includes("\0")) throw new Refusal(400, "bad request: NUL byte in the path");
  if (path.includes("//")) throw new Refusal(400, "bad request: empty segment in the path");
  return path;
}

const inside = (root, file) => file === root.slice(0, -1) || file.startsWith(root);

/**
 * The regular file that `path` names under `root` (a folder's index.html), opened. Symlinks
 * are followed only while they stay inside the root; folders without index.html, FIFOs,
 * devices and sockets are not found (opened non-blocking, so a FIFO cannot hold the request).
 */
async function openFile(root, path) {
  let file = join(root, path);
  if (!inside(root, file)) throw new Refusal(403, "forbidden: outside the served folder");
  for (const tryIndex of [true, false]) {
    const real = await realpath(file);
    if (!inside(root, real)) throw new Refusal(403, "forbidden: a link out of the served folder");
    const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = await handle.stat().catch(async (e) => { await handle.close(); throw e; });
    if (info.isFile()) return { handle, info, real };
    await handle.close();
    if (!info.isDirectory() || !tryIndex) break;
    file = join(real, "index.html");
  }
  throw new Refusal(404, "not found");
}

// The README's snippets load the widget from /widget/ on the lesson's site, and so do the
// example pages (web/examples/): that address serves web/ too.
const WIDGET_PATH = "/widget/";

async function answer(req, res, root) {
  if (req.method !== "GET" && req.method !== "HEAD") {
    throw new Refusal(405, `method not allowed: ${req.method}`);
  }
  let path = requestPath(req.url);
  if (path.startsWith(WIDGET_PATH)) path = path.slice(WIDGET_PATH.length - 1);
  const { handle, info, real } = await openFile(root, path).catch((e) => {
    throw e.code in FS_STATUS ? new Refusal(FS_STATUS[e.code], "not found") : e;
  });
  try {
    // Text and wasm go gzipped to a browser that takes it, as a lesson's site sends them:
    // the lesson's module is a third of its size (on a phone's network, seconds).
    const zipped = COMPRESSED.has(extname(real)) && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    const headers = {
      ...COMMON,
      "content-type": TYPES[extname(real)] ?? "application/octet-stream",
      "cache-control": cacheControl(relative(root, real).split(sep).join("/")),
      etag: zipped ? `"${version}-gzip"` : `"${version}"`,
      vary: "accept-encoding",
      ...(zipped ? { "content-encoding": "gzip" } : {}),
    };
    if (req.headers["if-none-match"] === headers.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    // Read whole before answering; the open handle keeps a file deleted meanwhile readable.
    const body = zipped ? gzipped(real, version, await handle.readFile()) : await handle.readFile();
    res.writeHead(200, { ...headers, "content-length": body.length });
    res.end(req.method === "HEAD" ? undefined : body);
  } finally {
    await handle.close();
  }
}

function fail(res, error) {
  const status = error instanceof Refusal ? error.status : 500;
  if (status === 500) console.error("serve.mjs:", error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers = { ...COMMON, "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" };
  if (status === 405) headers.allow = "GET, HEAD";
  res.writeHead(status, headers).end(status === 500 ? "internal error" : error.message);
}

/** Serves `root` (web/ by default) on `host:port` (0: a free port); resolves once listening. */
export async function serve(port = 0, host = "127.0.0.1", { root = WEB } = {}) {
  const base = (await realpath(root)) + sep;
  const server = createServer((req, res) => {
    answer(req, res, base).catch((e) => fail(res, e));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

export const PORT_ALLOWED = "a whole number from 0 to 65,535 (0: any free port)";

/** The port of `PORT`'s text (8000 when it is not set), or `null` when the text is not one. */
export function portOf(text = "8000") {
  // Plain digits, as the command line reads numbers: Number() would take "", "0x50" and "1e3".
  const digits = text.trim();
  const port = /^[0-9]{1,5}$/.test(digits) ? Number(digits) : NaN;
  return port <= 65535 ? port : null;
}

/** Serves web/ on `PORT`, or says in one line why it cannot; resolves to the exit status. */
async function main() {
  const port = portOf(process.env.PORT);
  if (port === null) {
    console.error(`serve.mjs: PORT must be ${PORT_ALLOWED}; got ${JSON.stringify(process.env.PORT)}`);
    return 2;
  }
  // Another program on the port: take a free one rather than fail.
  const server = await serve(port).catch((e) => {
    if (e.code !== "EADDRINUSE") throw e;
    console.log(`Port ${port} is taken; using a free one.`);
    return serve(0);
  }).catch((e) => {
    console.error(`serve.mjs: cannot serve on 127.0.0.1:${port}: ${e.message}`);
    return null;
  });
  if (server === null) return 1;
  const { port: actual } = server.address();
  console.log(`The widget is served at http://127.0.0.1:${actual}/ (Ctrl-C stops it)`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
