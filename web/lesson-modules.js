// Each lesson's widget runs on its own WebAssembly module, so that a reader downloads only
// the code of the lesson on the page (scripts/build-wasm builds one per lesson from
// billsim-wasm's cargo features). Every module holds the core's whole table of settings,
// so any of them can read it.
//
// The paths are written out, not made from the name, so that a bundler (Vite, VitePress)
// finds each module and copies its wasm; tests/lesson_modules.test.mjs checks that every
// widget of the core's table has its module here, and that the module runs it.
const modules = {
  toyDay: () => start(import("./pkg-toy-day/billsim_wasm.js"), new URL("./pkg-toy-day/billsim_wasm_bg.wasm", import.meta.url)),
  freeTier: () => start(import("./pkg-free-tier/billsim_wasm.js"), new URL("./pkg-free-tier/billsim_wasm_bg.wasm", import.meta.url)),
  hackathon: () => start(import("./pkg-hackathon/billsim_wasm.js"), new URL("./pkg-hackathon/billsim_wasm_bg.wasm", import.meta.url)),
  runawayTenant: () =>
    start(import("./pkg-runaway-tenant/billsim_wasm.js"), new URL("./pkg-runaway-tenant/billsim_wasm_bg.wasm", import.meta.url)),
};

// The wasm is fetched at once, beside its JS glue: fetched by the glue's init, it waited
// for the glue's round trip first (on a phone's network, a few hundred milliseconds).
async function start(glue, wasm) {
  const response = fetch(wasm);
  response.catch(() => {}); // a failed fetch is reported by the init that awaits it
  const core = await glue;
  await core.default({ module_or_path: response });
  return core;
}

/** The scenarios of the widgets that have a module of their own. */
export const lessonWidgets = Object.freeze(Object.keys(modules));

/** The folder of the module of the widget of scenario `name`, as the paths above write it
 *  ("toyDay": "pkg-toy-day"), for the package's README and the tests. */
export const lessonFolder = (name) => `pkg-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

const started = {};

/** The module of the widget of scenario `name` (lesson 000's, the first, for a name no
 *  widget has: its table then says the widget's scenario), loaded and started once, when
 *  first asked for. */
export function lessonModule(name) {
  const key = Object.hasOwn(modules, name) ? name : lessonWidgets[0];
  started[key] ??= modules[key]();
  return started[key];
}
