// The wasm modules the Node.js tests run, as one object of every export the tests call:
// web/pkg (bill-widget/core's build: every lesson, the element's exports and the rest of the
// core's functions) and web/pkg-replay (the replay page's build, which has the replay's). Each
// is started with initSync from its file's bytes, so the test command builds no module of
// its own for Node.js. WASM_NODE_PKG names a Node.js build of the same crate instead, with
// every export (scripts/bench's target/pkg-node, which adds benchSyntheticBill).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");

async function started(folder) {
  const dir = resolve(root, folder);
  const glue = await import(pathToFileURL(resolve(dir, "billsim_wasm.js")).href);
  glue.initSync({ module: readFileSync(resolve(dir, "billsim_wasm_bg.wasm")) });
  return glue;
}

async function load() {
  if (process.env.WASM_NODE_PKG) return createRequire(import.meta.url)(process.env.WASM_NODE_PKG);
  return { ...(await started("web/pkg")), ...(await started("web/pkg-replay")) };
}

export const wasm = await load();
