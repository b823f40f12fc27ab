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
// Messages in: { read: File, format, skipBadRows }, { run: policies | null, add, prices: File | null },
// { csv: true }. Out: { progress, text }, { ready }, { view, memory }, { csv }, { error, field }.
import init, { Replay, replayProgress, wasmMemoryBytes } from "./pkg-replay/billsim_wasm.js";

const loaded = init({ module_or_path: new URL("./pkg-replay/billsim_wasm_bg.wasm", import.meta.url) });
let replay = null;
const reader = new FileReaderSync();

function failed(e) {
  postMessage({ error: e?.message ?? String(e), field: e?.field ?? null });
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
    if (data.read) read(data.read, { format: data.format, skipBadRows: data.skipBadRows });
    else if ("run" in data) {
      const prices = data.prices ? reader.readAsText(data.prices) : null;
      postMessage({ view: replay.run(data.run, data.add ?? "", prices), memory: wasmMemoryBytes() });
    }
    else if (data.csv) postMessage({ csv: replay.csv() });
  } catch (e) {
    failed(e);
  }
};
