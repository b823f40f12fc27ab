// The dev server (web/serve.mjs) against hostile requests: each is answered with a 4xx and
// ends that request only; the server, run as its own process as `scripts/serve` runs it,
// goes on serving index.html. Requests go over a raw socket, so nothing tidies them first.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { connect } from "node:net";
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SERVE = new URL("../web/serve.mjs", import.meta.url).href;
const INDEX = "<!doctype html><title>index</title>";

let dir, root, child, port;

before(async () => {
  // A root with a page, a folder without index, a FIFO, and symlinks to a file and a
  // folder outside it.
  dir = mkdtempSync(join(tmpdir(), "serve-test-"));
  root = join(dir, "root");
  mkdirSync(join(root, "no-index"), { recursive: true });
  mkdirSync(join(dir, "outside"));
  writeFileSync(join(root, "index.html"), INDEX);
  writeFileSync(join(dir, "secret.txt"), "secret");
  writeFileSync(join(dir, "outside", "index.html"), "secret");
  symlinkSync(join(dir, "secret.txt"), join(root, "secret.txt"));
  symlinkSync(join(dir, "outside"), join(root, "outside"));
  execFileSync("mkfifo", [join(root, "pipe.html")]);
  const script = `const { serve } = await import(${JSON.stringify(SERVE)});
    const server = await serve(0, "127.0.0.1", { root: ${JSON.stringify(root)} });
    console.log(server.address().port);`;
  child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
});

after(() => {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `raw` as is and resolves to the whole answer once the server closes the connection. */
function send(raw, { timeout = 3000 } = {}) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks = [];
    socket.setTimeout(timeout, () => { socket.destroy(); reject(new Error(`no answer in ${timeout} ms to ${JSON.stringify(raw.slice(0, 80))}`)); });
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.write(raw);
  });
}

const request = (method, target, headers = "") =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;
const status = (answer) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);

async function assertStillServes(after) {
  assert.equal(child.exitCode, null, `the server process is still running after ${after}`);
  const answer = await send(request("GET", "/"));
  assert.equal(status(answer), 200, `GET / after ${after}: ${answer.split("\r\n")[0]}`);
  assert.ok(answer.endsWith(INDEX), `GET / after ${after} gives index.html`);
}

const HOSTILE = [
  ["a malformed percent-encoding", request("GET", "/%E0%A4%A"), 400],
  ["a percent sign without hex digits", request("GET", "/%ZZ"), 400],
  ["an empty first segment", request("GET", "//"), 400],
  ["an empty segment inside the path", request("GET", "/no-index//index.html"), 400],
  ["a NUL byte", request("GET", "/index.html%00.js"), 400],
  ["an asterisk target", request("GET", "*"), 400],
  ["an absolute-form target", request("GET", "http://127.0.0.1/"), 400],
  ["OPTIONS *", request("OPTIONS", "*"), 405],
  ["POST", request("POST", "/", "Content-Length: 0\r\n"), 405],
  ["DELETE", request("DELETE", "/index.html"), 405],
  ["an unknown method", request("BREW", "/"), 400],
  ["a path too long for a file name", request("GET", `/${"a".repeat(5000)}`), 404],
  ["a path longer than the header limit", request("GET", `/${"a".repeat(20000)}`), 431],
  ["a folder without index.html", request("GET", "/no-index/"), 404],
  ["a file used as a folder", request("GET", "/index.html/x"), 404],
  ["dot segments out of the root", request("GET", "/../../../etc/passwd"), 403],
  ["encoded dot segments out of the root", request("GET", "/%2e%2e/%2e%2e/etc/passwd"), 403],
  ["a symlink to a file outside the root", request("GET", "/secret.txt"), 403],
  ["a symlink to a folder outside the root", request("GET", "/outside/"), 403],
  ["a FIFO, which would block a plain read", request("GET", "/pipe.html"), 404],
  ["a request that is not HTTP", "\x00\x01\x02 hello\r\n\r\n", 400],
];

for (const [what, raw, expected] of HOSTILE) {
  test(`the dev server answers ${what} with ${expected} and goes on serving`, async () => {
    const answer = await send(raw);
    assert.equal(status(answer), expected, `${what}: ${answer.split("\r\n")[0] || "(no answer)"}`);
    await assertStillServes(what);
  });
}

test("the dev server survives a client that hangs up mid-request and one that hangs up before reading", async () => {
  await new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      socket.destroy();
      resolve();
    });
  });
  await new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(request("GET", "/"));
      socket.destroy();
      resolve();
    });
  });
  await assertStillServes("clients hanging up");
});

test("the dev server answers HEAD with the headers of GET and no body", async () => {
  const answer = await send(request("HEAD", "/"));
  assert.equal(status(answer), 200, answer.split("\r\n")[0]);
  assert.match(answer, new RegExp(`content-length: ${INDEX.length}\r\n`, "i"));
  assert.ok(answer.endsWith("\r\n\r\n"), `no body after the headers: ${JSON.stringify(answer.slice(-40))}`);
});

test("the dev server sends a page gzipped to a client that takes gzip, and plain to one that does not", async () => {
  const fetched = async (headers) => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
    return { encoding: res.headers.get("content-encoding"), etag: res.headers.get("etag"), text: await res.text() };
  };
  // fetch asks for gzip and undoes it; "identity" asks for the bytes as they are.
  const zipped = await fetched({ "accept-encoding": "gzip, deflate" });
  const plain = await fetched({ "accept-encoding": "identity" });
  assert.deepEqual([zipped.encoding, zipped.text], ["gzip", INDEX], "gzipped, and the page once undone");
  assert.deepEqual([plain.encoding, plain.text], [null, INDEX], "plain");
  assert.notEqual(zipped.etag, plain.etag, "each encoding has its own tag, so a cache keeps them apart");
});

/** Runs web/serve.mjs as `scripts/serve` does, with `PORT` set to `value`; resolves to how it ended. */
function serveWithPort(value) {
  return new Promise((resolve) => {
    const server = spawn(process.execPath, [new URL(SERVE).pathname], {
      env: { ...process.env, PORT: value },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    server.stdout.on("data", (d) => {
      stdout += d;
      // Listening: it took the port. Stop it.
      if (stdout.includes("served at")) server.kill();
    });
    server.stderr.on("data", (d) => (stderr += d));
    server.once("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

test("the dev server refuses a PORT that is not a port in one line naming PORT and what it allows", async () => {
  for (const value of ["abc", "", " ", "-1", "65536", "70000", "1.5", "0x50", "1e3", "80a", "٨٠"]) {
    const { code, stdout, stderr } = await serveWithPort(value);
    assert.notEqual(code, 0, `PORT=${JSON.stringify(value)}: a non-zero exit status; it printed ${stdout}`);
    assert.equal(
      stderr,
      `serve.mjs: PORT must be a whole number from 0 to 65,535 (0: any free port); got ${JSON.stringify(value)}\n`,
      `PORT=${JSON.stringify(value)}: one line, no stack trace`,
    );
  }
  for (const value of ["0", " 0 "]) {
    const { signal, stdout } = await serveWithPort(value);
    assert.equal(signal, "SIGTERM", `PORT=${JSON.stringify(value)} is served until stopped`);
    assert.match(stdout, /^The widget is served at http:\/\/127\.0\.0\.1:\d+\/ /, `PORT=${JSON.stringify(value)}`);
  }
});
