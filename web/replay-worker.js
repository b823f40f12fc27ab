// The replay's worker: reads the chosen file into the wasm core and replays it, off the
// page's thread. One worker per file: the page ends it (terminate) to cancel, at once even
// mid-parse, and keeps the last good one for its policies to be edited.
//
// Why FileReaderSync over file.slice() and not File.stream(): the core's readers pull from
// a Rust BufRead (the same code as `billsim replay`), and wasm cannot wait for a stream's
// promise from inside one; in a worker, FileReaderSync reads a slice without waiting, so the
// core pulls the file a MiB at a time through `read(offset, length)`. Only the calls and
// users stay in memory, never the file's bytes.
//
// Messages in: { read: File, format, skipBadRows, per, lesson }, { run: policies | null, add, prices: File | null },
// { csv: true }. Out: { progress, text }, { ready }, { view, memory }, { csv }, { error, field, problem, path, trapped }
// (`path`: where in the policies a refusal is, "policies[1].guards[0].limit").
import init, { Replay, replayPage, replayProgress, wasmMemoryBytes } from "./pkg-replay/billsim_wasm.js";

// The core's sentence for a module that stopped (a trap), read while the module is sound.
let stopped = "";
const loaded = init({ module_or_path: new URL("./pkg-replay/billsim_wasm_bg.wasm", import.meta.url) })
  .then(() => { stopped = replayPage().words.stopped; });
let replay = null;
const reader = new FileReaderSync();

// A trap (a RuntimeError: a bug, or memory gone) leaves the module unsound: the page is told
// so (`trapped`), in the core's words, and ends this worker.
function failed(e) {
  if (e instanceof WebAssembly.RuntimeError) postMessage({ error: stopped, field: null, trapped: true });
  else postMessage({ error: e?.message ?? String(e), field: e?.field ?? null, problem: e?.problem ?? null, path: e?.path ?? null });
}

function read(file, options) {
  let last = -1;
  const pull = (offset, length) => {
    const bytes = new Uint8Array(reader.readAsArrayBuffer(file.slice(offset, offset + length)));
    const done = offset + bytes.length;
    if (done !== last) {
      last = done;
      postMessage({ progress: [done, file.size], text: replayProgress(done, file.size) });
    }
    return bytes;
  };
  replay = Replay.read(pull, { ...options, bytes: file.size });
  postMessage({ ready: true, memory: wasmMemoryBytes() });
}

onmessage = async ({ data }) => {
  try {
    await loaded;
    if (data.read) read(data.read, { format: data.format, skipBadRows: data.skipBadRows, per: data.per ?? "", lesson: data.lesson ?? "" });
    else if ("run" in data) {
      const prices = data.prices ? reader.readAsText(data.prices) : null;
      postMessage({ view: replay.run(data.run, data.add ?? "", prices), memory: wasmMemoryBytes() });
    }
    else if (data.csv) postMessage({ csv: replay.csv() });
  } catch (e) {
    failed(e);
  }
};
