// The wasm module the Node.js tests run: web/pkg-replay, the replay page's build, which has
// every export the tests call. It is started with initSync from the file's bytes, so the test
// command builds no module of its own for Node.js. WASM_NODE_PKG names a Node.js build of the
// same crate instead (scripts/bench's target/pkg-node, which adds benchSyntheticBill).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");

async function load() {
  if (process.env.WASM_NODE_PKG) return createRequire(import.meta.url)(process.env.WASM_NODE_PKG);
  const dir = resolve(root, "web/pkg-replay");
  const glue = await import(pathToFileURL(resolve(dir, "billsim_wasm.js")).href);
  glue.initSync({ module: readFileSync(resolve(dir, "billsim_wasm_bg.wasm")) });
  return glue;
}

export const wasm = await load();
