// <replay-view>: the "Your own traffic" view. A reader chooses or drops a log of their
// app's model calls; a worker (replay-worker.js) reads it a MiB at a time into the wasm
// core, with a progress bar and a Cancel button, and replays it under the policies of the
// editor; the page draws what the core made. Every word, name, range and default comes
// from the core (replayPage()); this file wires the controls, keeps the last good view and
// sizes the canvases. The file never leaves the page.
import { cell, fillTable } from "./table-cells.js";
import { choiceButtons, choiceSelect, escape, options } from "./markup.js";
import { PHONE, replayViewSheet } from "./replay-view-styles.js";
import init, {
  drawReplayOverTime, drawReplayShare, replayAddress, replayLessonLog, replayPage, replayPoliciesText, replayPolicyLegend,
  replayShareHeight, replayTiersText,
} from "./pkg-replay/billsim_wasm.js";

const workerUrl = new URL("./replay-worker.js", import.meta.url);
let page = null;

// The results: who was refused most comes right under the bill's bars, as what a reader
// asks first of their own traffic; the tables by reason and the spend over time follow.
const template = (w) => `
<section class="rv" aria-labelledby="rv-title">
  <h2 id="rv-title">${escape(w.title)}</h2>
  <p>${escape(w.intro)}</p>
  <div class="drop">
    <label>${escape(w.choose)} <input class="file" type="file"></label>
    <p class="hint">${escape(w.drop)}</p>
  </div>
  <div class="row">
    <label>${escape(w.lessonLog)}
      <select class="lesson">${options(page.lessonLogs, lessonFirst())}</select></label>
    <button type="button" class="try">${escape(w.lessonLogGo)}</button>
  </div>
  <div class="row">
    <label>${escape(w.format)}
      <select class="format">${options([["", w.auto], ...page.formats], "")}</select></label>
    <label>${escape(w.add)}
      <select class="add">${options([["", w.addNone], ...page.addable], "")}</select></label>
    <label class="check"><input class="skip" type="checkbox"> ${escape(w.skip)}</label>
  </div>
  <label>${escape(w.prices)} <input class="prices" type="file"></label>
  <p class="prices-note" hidden>${escape(w.pricesNotInLink)}</p>
  <div class="reading" hidden>
    <label for="rv-progress">${escape(w.reading)}</label>
    <progress id="rv-progress"></progress>
    <span class="progress-text"></span>
    <button type="button" class="cancel">${escape(w.cancel)}</button>
  </div>
  <div class="problem" role="alert"></div>
  <details class="editor">
    <summary>${escape(w.policies)}</summary>
    <div class="policies"></div>
    <div class="row">
      <button type="button" class="add-policy">${escape(w.addPolicy)}</button>
      <button type="button" class="apply">${escape(w.apply)}</button>
      <button type="button" class="reset">${escape(w.reset)}</button>
    </div>
    <p class="editor-error" id="rv-editor-error" role="alert"></p>
    <p class="editor-note" role="status" aria-live="polite"></p>
  </details>
  <section class="results" aria-labelledby="rv-results" hidden>
    <h3 id="rv-results" tabindex="-1">${escape(w.results)}</h3>
    <p class="replayed" hidden><span class="replayed-said"></span> <a class="log-link">${escape(w.lessonLogDownload)}</a></p>
    <label>${escape(w.per)} <select class="per"></select></label>
    <p class="summary" role="status" aria-live="polite"><b class="file-name"></b> <span class="summary-said"></span></p>
    <details class="notes-box"><summary>${escape(w.notes)}</summary><ul class="notes"></ul></details>
    <p class="frame-name" id="rv-frame-name" aria-hidden="true">${escape(w.showPolicy)}</p>
    <div class="row frame" role="group" aria-labelledby="rv-frame-name"></div>
    <canvas class="share-chart" role="img" aria-describedby="share-sentences"></canvas>
    <ul class="share-sentences" id="share-sentences"></ul>
    <div class="table refused-users"></div>
    <div class="table share-table"></div>
    <div class="table refusals"></div>
    <canvas class="time-chart" role="img" aria-describedby="time-sentences"></canvas>
    <ul class="time-sentences" id="time-sentences"></ul>
    <div class="table time-table"></div>
    <p><button type="button" class="download">${escape(w.download)}</button></p>
  </section>
</section>`;

// A table of the core's: a caption, column heads and rows of text, in a focusable region
// (a wide table scrolls), a policy's rows under its name once. A table with no rows is its
// caption alone ("No policy refuses any call of any user."), not heads over nothing.
function table(t) {
  if (t.rows.length === 0) {
    const said = document.createElement("p");
    said.className = "empty-table";
    said.textContent = t.caption;
    return said;
  }
  const region = document.createElement("div");
  region.setAttribute("role", "region");
  region.tabIndex = 0;
  region.setAttribute("aria-label", t.caption);
  const el = document.createElement("table");
  el.createCaption().textContent = t.caption;
  el.createTHead().insertRow();
  fillTable(el, t.columns, t.rows.map((cells) => ({ cells })));
  region.append(el);
  return region;
}

// The editor holds its policies as the policy language writes them (the core's reader
// reads them as it reads a file), with the language's one set of fields (the core's
// `guardFields`): a field sits in the guard, or in the object its `within` names (an
// estimate, `whenFull`); a whole number is a BigInt (exact past 2^53) when its text is
// one, its thousands grouped by commas or not (as the page writes "1,000,000 tokens"), and
// any other text stays text, for the reader to say what the field allows.
const fields = () => page.guardFields;
const WHOLE = /^\s*(\d+|\d{1,3}(,\d{3})+)\s*$/;
const valueOf = (f, text) => (f.kind === "whole" || f.kind === "amount") && WHOLE.test(text) ? BigInt(text.replace(/,/g, "")) : text;
const fieldOf = (guard, f) => (f.within ? guard[f.within]?.[f.key] : guard[f.key]);
function putField(guard, f, value) {
  if (f.within) (guard[f.within] ??= {})[f.key] = value;
  else guard[f.key] = value;
}
// A field left empty leaves the file, and so does the object it sat in once it is empty.
function dropField(guard, f) {
  if (!f.within) return void delete guard[f.key];
  delete guard[f.within]?.[f.key];
  if (guard[f.within] && Object.keys(guard[f.within]).length === 0) delete guard[f.within];
}
// Whether each field `conditions` names ([key, values]) has one of its values in `guard`
// (a field left out has its default).
const meets = (guard, conditions) => conditions.every(([key, values]) => {
  const on = fields().find((x) => x.key === key);
  return values.includes(String(fieldOf(guard, on) ?? on.default));
});
// Whether a field is shown: each field it depends on has one of the values it needs, and
// no field that stands in for it (`replaces`: tiers for the limit) has a value.
function shows(guard, f) {
  if (fields().some((x) => x.replaces === f.key && fieldOf(guard, x) !== undefined)) return false;
  return meets(guard, f.when ?? []);
}
// A choice's values offered beside the guard's others (`choicesWhen`: in flight for requests only).
const offered = (guard, f) =>
  f.choices.filter(([value]) => (f.choicesWhen ?? []).every(([choice, when]) => choice !== value || meets(guard, when)));
// Whether field `x` is shown, or its choices offered, by the value of field `key`.
const dependsOn = (x, key) => [...(x.when ?? []), ...(x.choicesWhen ?? []).flatMap(([, when]) => when)].some(([k]) => k === key);
// The value each field had when it hid, by guard, given back in place of its default when it
// shows again: a reset switched to in flight and back keeps its window.
const hiddenValues = new WeakMap();
const hiddenKey = (f) => (f.within ? `${f.within}.${f.key}` : f.key);
// A field with a value leaves out the one it replaces; once it is empty (or hidden), that
// one takes its default again.
function replaceFields(guard) {
  for (const x of fields().filter((x) => x.replaces)) {
    const replaced = fields().find((y) => y.key === x.replaces);
    if (fieldOf(guard, x) !== undefined) dropField(guard, replaced);
    else if (fieldOf(guard, replaced) === undefined) putField(guard, replaced, valueOf(replaced, replaced.default));
  }
}
// What a field's box shows: its value's text (tiers as the core writes them in a line).
const boxText = (guard, f) => {
  const value = fieldOf(guard, f);
  if (value === undefined) return "";
  if (f.kind === "tiers") return replayTiersText(value);
  // A link's value of the wrong kind (`"limit": {}`) shown as its JSON, for the error beside it.
  return typeof value === "object" && value !== null ? JSON.stringify(value, (_, v) => typeof v === "bigint" ? `${v}` : v) : String(value);
};
// Sets a field from its text; the fields shown only beside some values of it leave the
// guard when they hide (the language refuses them) and, when they show, take the value they
// had or their default; a choice no longer offered beside it takes its default.
function setField(guard, f, text) {
  if (text === "" && f.optional) dropField(guard, f);
  else putField(guard, f, valueOf(f, text));
  const after = fields().filter((x) => dependsOn(x, f.key));
  const kept = hiddenValues.get(guard) ?? {};
  hiddenValues.set(guard, kept);
  for (const x of after.filter((x) => !shows(guard, x) && fieldOf(guard, x) !== undefined)) {
    kept[hiddenKey(x)] = fieldOf(guard, x);
    dropField(guard, x);
  }
  for (const x of after.filter((x) => shows(guard, x) && fieldOf(guard, x) === undefined)) {
    if (kept[hiddenKey(x)] !== undefined) putField(guard, x, kept[hiddenKey(x)]);
    else if (x.default !== "") putField(guard, x, valueOf(x, x.default));
  }
  for (const x of after.filter((x) => x.kind === "choice" && fieldOf(guard, x) !== undefined)) {
    if (!offered(guard, x).some(([value]) => value === String(fieldOf(guard, x)))) setField(guard, x, x.default);
  }
  replaceFields(guard);
}
// A new guard from a starting point of the core's: a copy (its whole numbers come as
// BigInts, which structuredClone keeps).
const newGuard = (start) => structuredClone(start.guard);

// A file input fires "change" only for a file other than the one it holds: it is emptied as
// its picker opens, so that the same file chosen again (mended since) is read again, and
// given back what it held if the picker is dismissed.
function choosableAgain(input) {
  let held = null;
  input.addEventListener("click", () => {
    held = new DataTransfer();
    for (const file of input.files ?? []) held.items.add(file);
    input.value = "";
  });
  input.addEventListener("cancel", () => { if (held !== null) input.files = held.files; });
}

const sentences = (list, items) => list.replaceChildren(...items.map((s) => {
  const li = document.createElement("li");
  li.textContent = s;
  return li;
}));

class ReplayView extends HTMLElement {
  #root;
  #words;
  #policies = structuredClone(page.policies);
  // What the results call each policy, by its name (the last run's, at first the page's
  // main policies'): the editor's boxes say it before the name, which follows in brackets.
  #labels = new Map(page.policies.map((p, i) => [p.name, page.labels[i]]));
  // { worker, view, file, read, run }: the last file replayed, kept while another is read, with
  // the options it was read by ({ format, skipBadRows, per }) and replayed by ({ add, prices }).
  #good = null;
  #pending = null; // the worker reading a new file
  #reading = null; // the options the pending worker reads by, then replays by
  #running = null; // the replay options last sent to the good worker
  #spare = null; // a worker with the wasm loaded, for the next file
  #frame = null; // the policy whose bar is framed
  #beforeReset = null; // the policies the reset button gives back until the next edit (#undoable)
  #file = null; // the file chosen or dropped last, read again when the format or the skip box changes
  #lessonLogs = new WeakMap(); // a lesson's log made in the page (a File) -> what the core said of it
  #logLink = null; // { file, url }: the Blob URL the results' download link gives
  #resize = new ResizeObserver(() => this.#draw());
  #connection = null; // ends, on removal, what this element listens to outside itself
  // The page's state in its address, after the "#" (never sent anywhere): the lesson whose
  // traffic is replayed (null: a reader's own file, or none yet) and the editor's policies
  // last replayed in place of the defaults, or the address's own (null: the defaults), or a
  // link's that could not run on its log (#keptLink). A draft that failed to run stays out.
  #lesson = null;
  #applied = null;
  // A link's policies that could not run (the log was replayed under the defaults): kept in
  // the address, so that a reload still has them, until the reader applies others or
  // replays another log.
  #keptLink = null;
  #addressRead = false;
  // The address's "Count as one user", for the next log read; and, when that log has no
  // such field, the core's sentence of why, said once it has been read by its format's user.
  #askedPer = null;
  #perRefused = "";
  // A link's policies could not run, and its log is being replayed under the defaults.
  #linkFailed = false;
  #addressIgnored = ""; // what the address asked that the page set aside, said until the first results
  // Whether the policies applied are the address's (a link's), not the reader's own.
  #appliedByLink = false;

  constructor() {
    super();
    this.#words = page.words;
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.innerHTML = template(this.#words);
    this.#root.adoptedStyleSheets = [replayViewSheet()];
    this.#wire();
    this.#renderEditor();
  }

  connectedCallback() {
    this.#spare ??= this.#newWorker();
    if (!this.#addressRead) this.#fromAddress();
    for (const c of this.#root.querySelectorAll("canvas")) this.#resize.observe(c);
    const dark = matchMedia("(prefers-color-scheme: dark)");
    this.toggleAttribute("data-dark", dark.matches);
    this.#connection = new AbortController();
    dark.addEventListener("change", (e) => {
      this.toggleAttribute("data-dark", e.matches);
      this.#draw();
    }, { signal: this.#connection.signal });
    // A link opened in this tab whose "#" alone differs (the page writes its own address
    // with replaceState, which fires nothing) is a page of its own: read from the start.
    window.addEventListener("hashchange", () => location.reload(), { signal: this.#connection.signal });
  }

  // Out of the page, a file being read is cancelled and the spare worker ended; the last
  // good one stays, to show its view again if the element comes back.
  disconnectedCallback() {
    this.#connection?.abort();
    this.#resize.disconnect();
    this.#cancelPending();
    this.#spare?.terminate();
    this.#spare = null;
  }

  // What the address asks for, as the core reads it: its policies in the editor, its cohort
  // added, its lesson's traffic replayed; what it cannot use said where a file's problem is.
  #fromAddress() {
    this.#addressRead = true;
    if (!location.hash) return;
    let asked;
    try {
      asked = replayAddress([...new URLSearchParams(location.hash.slice(1))]);
    } catch (e) {
      this.#problem(e.message);
      return;
    }
    if (asked.policies) {
      this.#policies = asked.policies;
      this.#applied = structuredClone(asked.policies);
      this.#appliedByLink = true;
      this.#renderEditor();
      this.#q(".editor").open = true;
    }
    if (asked.add) this.#q(".add").value = asked.add;
    if (asked.frame) this.#frame = asked.frame;
    this.#askedPer = asked.per;
    if (asked.lesson) {
      this.#q(".lesson").value = asked.lesson;
      this.#tryLesson(asked.frame);
    }
    this.#addressIgnored = asked.ignored.join(" ");
    if (this.#addressIgnored) this.#problem(this.#addressIgnored);
  }

  // The policies the reader applied (null: the defaults), in place of a link's kept ones.
  #setApplied(policies) {
    this.#applied = policies;
    this.#appliedByLink = false;
    this.#keptLink = null;
  }

  // The address made to say the page's state (see #lesson); replaced, not pushed, as the
  // widgets' addresses are.
  #toAddress() {
    const at = new URLSearchParams();
    if (this.#lesson) at.set("lesson", this.#lesson);
    if (this.#q(".add").value) at.set("add", this.#q(".add").value);
    // The results' own field, or a link's not yet used on a log.
    const per = this.#askedPer ?? this.#good?.read.per;
    if (per) at.set("per", per);
    const policies = this.#applied ?? this.#keptLink;
    if (policies) {
      try {
        at.set("policies", replayPoliciesText(policies));
      } catch {
        // Only the editor writes these policies, with texts and BigInts: left out if not.
      }
    }
    // The framed policy, when the reader framed another than the last (the one framed at first).
    const bars = this.#good?.view.share.bars;
    // (Not one the results no longer have: the view frames the last then.)
    const framed = bars?.some((b) => b.policy === this.#frame);
    if (framed && this.#frame !== bars.at(-1)?.policy) at.set("frame", this.#frame);
    const hash = at.size > 0 ? `#${at}` : "";
    history.replaceState(history.state, "", `${location.pathname}${location.search}${hash}`);
  }

  /** The view shown (the core's, as the worker made it), or null before any. */
  get view() { return this.#good?.view ?? null; }

  #q(selector) { return this.#root.querySelector(selector); }

  #newWorker() {
    return new Worker(workerUrl, { type: "module" });
  }

  #wire() {
    choosableAgain(this.#q(".file"));
    choosableAgain(this.#q(".prices"));
    this.#q(".file").addEventListener("change", (e) => {
      const file = e.target.files?.[0];
      if (file) this.#readOwn(file);
    });
    const drop = this.#q(".drop");
    drop.addEventListener("dragover", (e) => {
      e.preventDefault();
      drop.classList.add("over");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("over"));
    drop.addEventListener("drop", (e) => {
      e.preventDefault();
      drop.classList.remove("over");
      const file = e.dataTransfer?.files?.[0];
      if (!file) return;
      // The file box shows the file the results will be of, as when it was chosen there.
      const chosen = new DataTransfer();
      chosen.items.add(file);
      this.#q(".file").files = chosen.files;
      this.#readOwn(file);
    });
    this.#q(".cancel").addEventListener("click", () => this.#cancel());
    this.#q(".try").addEventListener("click", () => this.#tryLesson());
    // "Skip bad rows" ticked after a file's bad rows were listed, or another format chosen:
    // the same file is read again that way.
    // Another field to count as one user (billsim replay --per FIELD): the file is read again so.
    // The focus stays on the control: a closed select's arrow key is a change, and the next
    // arrow must find it there.
    for (const control of [".format", ".skip"]) {
      this.#q(control).addEventListener("change", () => { if (this.#file) this.#read(this.#file, { stay: true }); });
    }
    // The user fields listed are the results' file's (#restore, after another file failed):
    // that file is read again, as its results were (its format, not one chosen for the
    // file that failed), by the field chosen.
    this.#q(".per").addEventListener("change", () => {
      const good = this.#good;
      if (good && this.#file !== good.file) {
        const per = this.#q(".per").value;
        this.#restore(true);
        this.#q(".per").value = per;
      }
      const file = good?.file ?? this.#file;
      if (file) this.#read(file, { stay: true });
    });
    this.#q(".add").addEventListener("change", () => {
      this.#toAddress();
      this.#rerun();
    });
    // A price table chosen after a file that failed for want of one (a model with no price),
    // once other results are on the page, is that file's: it is read again with it.
    this.#q(".prices").addEventListener("change", () => {
      this.#showPricesNote();
      if (this.#file && this.#file !== this.#good?.file) this.#read(this.#file);
      else this.#rerun();
    });
    // The address takes the editor's policies once they have run (#fromGood).
    this.#q(".apply").addEventListener("click", () => this.#rerun(true));
    // The reset can be undone, until the policies are edited: a reader's policies were lost
    // to one click, and the address, written in place, kept no step to go back to.
    this.#q(".reset").addEventListener("click", () => {
      const undone = this.#beforeReset;
      this.#undoable(undone ? null : structuredClone(this.#policies));
      this.#policies = undone ?? structuredClone(this.#defaultsOf(this.#file));
      if (!undone) this.#setApplied(null);
      this.#toAddress();
      this.#renderEditor();
      // The editor shrank or grew under the button, which keeps the focus: it stays in view.
      this.#q(".reset").scrollIntoView({ block: "nearest" });
      this.#rerun(true, !undone);
    });
    // An edit: a field typed in or a choice made (both "input"), or a button other than this one.
    const edited = (e) => { if (e.type === "input" || (e.target.closest("button") && !e.target.closest(".reset"))) this.#undoable(null); };
    for (const type of ["input", "click"]) this.#q(".editor").addEventListener(type, edited);
    this.#q(".add-policy").addEventListener("click", () => {
      // A name no other policy has ("myPolicy2" beside "myPolicy"), as the reader requires.
      const names = new Set(this.#policies.map((p) => p.name));
      let name = this.#words.newPolicy;
      for (let k = 2; names.has(name); k++) name = `${this.#words.newPolicy}${k}`;
      this.#policies.push({ name, guards: [] });
      this.#renderEditor();
      this.#q(`.policy:last-child input`)?.focus();
    });
    this.#q(".download").addEventListener("click", () => this.#good?.worker?.postMessage({ csv: true }));
    // A policy framed by its button, or on a phone by the select in their place.
    const frame = (policy) => {
      this.#frame = policy;
      this.#pressFrame();
      this.#toAddress();
      // Only the share chart frames a policy: the spend over time draws every policy alike.
      this.#draw(".share-chart");
    };
    this.#q(".frame").addEventListener("click", (e) => {
      const button = e.target.closest("button[data-policy]");
      if (button) frame(button.dataset.policy);
    });
    this.#q(".frame").addEventListener("change", (e) => {
      if (e.target.matches("[data-policy-select]")) frame(e.target.value);
    });
  }

  // "Try it on a lesson's traffic": the core writes the lesson's run 0 as the generic log
  // `billsim run --export-log` writes, here in the page, and it is read as a dropped file is
  // (its format found from the file: it is no other format's). The policy framed is the one
  // the lesson's widget frames at first, unless the address names one (`frame`).
  #tryLesson(frame = null) {
    let made;
    try {
      made = replayLessonLog(this.#q(".lesson").value);
    } catch (e) {
      this.#problem(e.message, this.#words.failed);
      return;
    }
    const file = new File([made.text], made.fileName, { type: "text/csv" });
    this.#lessonLogs.set(file, made);
    this.#frame = frame ?? made.framed ?? this.#frame;
    this.#q(".format").value = "";
    this.#q(".file").value = "";
    this.#lesson = this.#q(".lesson").value;
    this.#keptLink = null; // another log: a link's policies that failed on the last go
    this.#toAddress();
    this.#read(file);
  }

  // A reader's own file, chosen or dropped: the address no longer names a lesson's traffic.
  // The policies the reset button gives back (its words say so), or null: it resets.
  #undoable(policies) {
    this.#beforeReset = policies;
    this.#q(".reset").textContent = policies ? this.#words.undoReset : this.#words.reset;
  }

  #readOwn(file) {
    this.#lesson = null;
    this.#keptLink = null;
    this.#toAddress();
    this.#read(file);
  }

  // The line naming the lesson's log the results are of, with its download link; hidden for
  // a reader's own file.
  #showLessonLog(file) {
    const made = this.#lessonLogs.get(file);
    this.#q(".replayed").hidden = !made;
    if (this.#logLink?.file === file) return;
    // The last lesson's log is let go once its results are gone.
    if (this.#logLink) URL.revokeObjectURL(this.#logLink.url);
    this.#logLink = made ? { file, url: URL.createObjectURL(file) } : null;
    if (!made) return;
    this.#q(".replayed-said").textContent = `${made.said}.`;
    const link = this.#q(".log-link");
    link.href = this.#logLink.url;
    link.download = made.fileName;
  }

  // The policies `file` is replayed under until the reader applies others (the core's, as
  // the editor holds them): a lesson's traffic under its lesson's own, any other log under
  // the page's.
  #defaultsOf(file) {
    return this.#lessonLogs.get(file)?.policies ?? page.policies;
  }

  // Whether two lists of policies, as the editor holds them, are the same.
  #same(a, b) {
    try {
      return replayPoliciesText(a) === replayPoliciesText(b);
    } catch {
      return false;
    }
  }

  // A new file: read by a worker of its own; the last good view stays until it is replayed,
  // under the policies applied, or, from the editor's buttons (`fromEditor`; `defaults` for
  // its reset), under its own (#runMessage). With `stay`, the focus stays where it is, not
  // on Cancel and then on the results.
  #read(file, { fromEditor = false, defaults = false, stay = false } = {}) {
    if (file !== this.#file) {
      // A new file is first read by its format's user: another file's fields are not its own
      // (the results' file's are listed already).
      if (file !== this.#good?.file) this.#q(".per").replaceChildren();
      // Under the defaults, the editor shows the new file's (a lesson's own policies), but
      // keeps an edit the reader has not applied yet.
      if (this.#applied === null && this.#keptLink === null && this.#same(this.#policies, this.#defaultsOf(this.#file))) {
        this.#policies = structuredClone(this.#defaultsOf(file));
        this.#renderEditor();
      }
    }
    this.#file = file;
    this.#cancelPending();
    this.#q(".editor-note").textContent = ""; // "No log yet", or the last replay's: this read is new
    const worker = this.#spare ?? this.#newWorker();
    this.#spare = null;
    this.#pending = worker;
    this.#problem("");
    const from = this.#root.activeElement;
    this.#showReading(true, !stay);
    this.#q("progress").removeAttribute("value"); // indeterminate until the first MiB is read
    this.#q(".progress-text").textContent = "";
    worker.onmessage = ({ data }) => this.#fromPending(worker, data);
    worker.onerror = (e) => this.#fromPending(worker, { error: e.message ?? String(e) });
    // The user field is the results' own file's: any other file is read by its format's
    // user, or by the address's (a shared link's) if it asks for one.
    const askedPer = file !== this.#good?.file && this.#askedPer ? this.#askedPer : null;
    const per = file === this.#good?.file ? this.#q(".per").value : (askedPer ?? "");
    // A lesson's traffic is said to be its lesson's, whose abusers the results then mark.
    const lesson = this.#lessonLogs.has(file) ? (this.#lesson ?? "") : "";
    const read = { format: this.#q(".format").value, skipBadRows: this.#q(".skip").checked, per, lesson };
    this.#reading = { read, asked: askedPer !== null, fromEditor, defaults, from };
    worker.postMessage({ read: file, ...read });
  }

  #fromPending(worker, data) {
    if (worker !== this.#pending) return;
    if (data.progress) {
      const [done, total] = data.progress;
      this.#q("progress").value = total > 0 ? done / total : 1;
      this.#q(".progress-text").textContent = data.text;
    } else if (data.ready) {
      const message = this.#runMessage(this.#reading.fromEditor);
      this.#reading.run = message;
      worker.postMessage(message);
    } else if (data.view) {
      this.#pending = null;
      this.#good?.worker?.terminate();
      this.#good = { worker, view: data.view, file: this.#file, ...this.#reading };
      this.dataset.memory = data.memory; // the worker's wasm memory, in bytes (for the benchmark)
      worker.onmessage = ({ data }) => this.#fromGood(worker, data);
      const focused = this.#showReading(false);
      this.#show(data.view);
      // The results' heading at the top of the screen: focus alone scrolled it just into
      // view, at a phone's bottom edge with the chart below it.
      if (focused) {
        this.#q("#rv-results").focus({ preventScroll: true });
        this.#q("#rv-results").scrollIntoView({ block: "start" });
      }
      this.#spare = this.#newWorker();
      if (this.#reading.asked) this.#askedPer = null; // the link's field is this log's now
      // Said of the results now shown: not "the results below are still the last file's".
      if (this.#perRefused) this.#problem(this.#perRefused, this.#words.perFallback, false);
      else if (this.#linkFailed) this.#problem("", this.#words.linkPoliciesFailed, false);
      // What the link asked that was set aside is said again with the first results it gave.
      else if (this.#addressIgnored) this.#problem(this.#addressIgnored, "", false);
      this.#perRefused = "";
      this.#linkFailed = false;
      this.#addressIgnored = "";
      // The editor's policies ran with the log (a link's, mended in the editor): they are
      // the applied ones now.
      if (this.#reading.fromEditor) {
        this.#setApplied(this.#reading.defaults ? null : structuredClone(this.#reading.run.run));
        this.#sayReplayed(data.view);
      }
      this.#toAddress();
    } else if (data.error && this.#reading.asked && !data.path) {
      // A shared link's "Count as one user" this log does not have: read by its format's
      // user instead, and the core's reason said under the results.
      worker.terminate();
      this.#askedPer = null;
      // Said after a head that names the field already: the core's problem, without "per: ".
      this.#perRefused = data.problem ?? data.error;
      this.#pending = null;
      this.#read(this.#file, { fromEditor: this.#reading.fromEditor, defaults: this.#reading.defaults });
    } else if (data.error) {
      this.#pending = null;
      this.#perRefused = "";
      worker.terminate();
      // The focus back on the control that asked for the read (the file's field, the
      // lesson's button), which a failure leaves where it was.
      const focused = this.#showReading(false);
      const from = this.#reading.from;
      if (focused) (from?.isConnected && from !== this.#q(".cancel") ? from : this.#q(".file")).focus();
      // A refusal at a path in the policies (an address's, say) is the editor's: the log
      // itself was read.
      if (data.path) {
        this.#q(".editor").open = true;
        this.#editorError(data.error, data.path);
        // A link's policies that cannot run, and no results yet: the log is replayed under
        // the defaults, so the reader sees it; the editor keeps the link's, with its error.
        if (!this.#good && !this.#reading.fromEditor && this.#applied) {
          if (this.#appliedByLink) {
            this.#keptLink = this.#applied;
            this.#applied = null;
            this.#linkFailed = true;
            this.#read(this.#file);
            return;
          }
          // The reader's own, applied before any log (it was called a link's): they stay
          // in the editor with its error, and, having failed, out of the address.
          this.#setApplied(null);
          this.#toAddress();
        }
        this.#problem("", this.#words.policiesFailed);
      } else this.#problem(data.error, this.#failedHead(data, this.#reading.run));
      // The message, which stood below a phone's screen, under the file's field and options.
      if (focused) this.#q(".problem").scrollIntoView({ block: "nearest" });
      this.#spare ??= this.#newWorker();
      this.#restore(this.#file === this.#good?.file);
    }
  }

  // After a read or replay that failed (or was cancelled), the results' own controls show what the results on
  // the page were read and replayed by (a reader sees the user field of the numbers in front
  // of them), and so do the format, the skip box, the cohort added and the price table when
  // it was the results' own file that failed (`all`): the next change goes on from there.
  // While another file is being tried, those stay as the reader set them for it (a format
  // chosen, then that file again). The policy editor keeps its edits: they are a draft, and
  // its error says what to change.
  #restore(all) {
    const good = this.#good;
    if (!good) return;
    this.#perOptions(good.view);
    if (!all) return;
    // But for a select that has the focus: an arrow key through the formats goes on from the
    // one that failed (it went back to the results' own, and the next arrow came to it again).
    if (this.#root.activeElement !== this.#q(".format")) this.#q(".format").value = good.read.format;
    this.#q(".skip").checked = good.read.skipBadRows;
    this.#q(".add").value = good.run.add;
    const kept = new DataTransfer();
    if (good.run.prices) kept.items.add(good.run.prices);
    this.#q(".prices").files = kept.files;
    this.#showPricesNote();
  }

  // Under a chosen price table: a link to the page does not carry it.
  #showPricesNote() {
    this.#q(".prices-note").hidden = !this.#q(".prices").files?.length;
  }

  // The log's fields that say who made a call, as the core found them (--per's).
  #perOptions(view) {
    this.#q(".per").innerHTML = options([["", this.#words.perDefault], ...view.perFields.map((f) => [f, f])], view.per);
  }

  // What the worker of the last good file answers: a view under edited policies, the CSV,
  // or why the policies cannot be run (the view stays).
  #fromGood(worker, data) {
    if (worker !== this.#good?.worker) return;
    if (data.view) {
      this.#good.view = data.view;
      this.#good.run = this.#running;
      if (this.#running.fromEditor) {
        this.#setApplied(this.#running.defaults ? null : structuredClone(this.#running.run));
        this.#toAddress();
      }
      this.#problem("");
      this.#show(data.view);
      if (this.#running.fromEditor) this.#sayReplayed(data.view);
    } else if (data.csv !== undefined) {
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([data.csv], { type: "text/csv" }));
      link.download = page.csvFileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } else if (data.error) {
      // The editor's own error is said under it, its field marked; any other (a price
      // table, a cohort) where a file's is, as the editor may be closed.
      if (this.#running?.fromEditor && this.#q(".editor").open) this.#editorError(data.error, data.path);
      else this.#problem(data.error, this.#failedHead(data, this.#running));
      this.#restore(true);
      // Its module stopped: the worker goes, the view stays; the next replay reads the file again.
      if (data.trapped) {
        worker.terminate();
        this.#good.worker = null;
      }
    }
  }

  // The results replayed again under the page's policies, cohort and price table (from the
  // editor's buttons: `fromEditor`, `defaults` for its reset); with no results yet, the file
  // last chosen is read again (a price table chosen after a log that named a model without
  // a price). The editor's buttons replay the file chosen last when it is not the results'
  // own: the policies failed on it (a team's tiers its cohorts lack), and the edit mends them.
  #rerun(fromEditor = false, defaults = false) {
    this.#editorError("");
    this.#q(".editor-note").textContent = "";
    if (fromEditor && this.#file && this.#file !== this.#good?.file) this.#read(this.#file, { fromEditor, defaults });
    else if (this.#good?.worker) {
      this.#running = { ...this.#runMessage(fromEditor), fromEditor, defaults };
      this.#good.worker.postMessage(this.#running);
    } else if (this.#good) this.#read(this.#good.file, { fromEditor, defaults });
    else if (this.#file) this.#read(this.#file, { fromEditor, defaults });
    else if (fromEditor) {
      // No log yet: the editor's policies are applied to the log chosen next (and its
      // error, if they cannot run, said then).
      this.#setApplied(defaults ? null : structuredClone(this.#policies));
      this.#toAddress();
      this.#q(".editor-note").textContent = this.#words.appliedToNextLog;
    }
  }

  // A table in `box`, under a disclosure that its caption sums up: open where the page is
  // wide, shut on a phone, where each row is a card (a lesson's traffic made tables of up to
  // 11,000 px, its spend over time 20,000 px down); opened or shut by the reader, it stays so
  // from one replay to the next. A table with no rows is its caption alone.
  #showTable(box, t) {
    if (t.rows.length === 0) {
      this.#q(box).replaceChildren(table(t));
      return;
    }
    const details = document.createElement("details");
    details.open = this.#q(`${box} > details`)?.open ?? !matchMedia(PHONE).matches;
    details.append(cell("summary", t.caption), table(t));
    this.#q(box).replaceChildren(details);
  }

  // Under the editor's buttons, once they have replayed the log: that they did, and the
  // framed policy's sentence (the focus stays on the button, and a screen reader heard
  // nothing of the charts and tables that changed).
  #sayReplayed(view) {
    const framed = view.share.bars.find((b) => b.policy === this.#frame);
    this.#q(".editor-note").textContent = [this.#words.replayed, framed?.sentence ?? ""].join(" ").trim();
  }

  // What a replay runs under: the editor's own policies when its buttons ask (`fromEditor`),
  // else those last applied (null: the defaults), so that an edit not yet applied changes
  // nothing another control replays, and the address says what the results are of (but for
  // a link's policies that could not run, kept there to be mended).
  #runMessage(fromEditor) {
    const run = fromEditor ? this.#policies : this.#applied;
    return { run, add: this.#q(".add").value, prices: this.#q(".prices").files?.[0] ?? null };
  }

  // The editor's error, and the control at `path` (the core's path in the policy file)
  // marked and described by it; "" clears both.
  #editorError(message, path = null) {
    const error = this.#q(".editor-error");
    error.textContent = message;
    for (const bad of this.#root.querySelectorAll(".policies [aria-invalid]")) {
      bad.removeAttribute("aria-invalid");
      bad.removeAttribute("aria-describedby");
    }
    // The field's own control, or the box that holds it (a tier's limit is in the tiers'),
    // or, for a field with no control, the button that takes it out.
    const control = path ? this.#q(`.policies [data-at="${CSS.escape(path)}"]`)
      ?? [...this.#root.querySelectorAll(".policies [data-at]")].find((c) => path.startsWith(`${c.dataset.at}.`))
      ?? (message ? this.#dropRefused(path) : null) : null;
    // The message stands under the field it is about, which takes the focus from the button
    // that replayed: on a phone the field was screens above the message under the buttons.
    if (!message || !control) {
      this.#q(".editor > .row").after(error);
      return;
    }
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", error.id);
    (control.closest("label") ?? control).after(error);
    if (this.#root.activeElement === this.#q(".apply")) control.focus();
  }

  #cancelPending() {
    if (!this.#pending) return false;
    this.#pending.terminate();
    this.#pending = null;
    return true;
  }

  #cancel() {
    if (!this.#cancelPending()) return;
    this.#showReading(false);
    this.#problem(this.#words.cancelled);
    this.#spare ??= this.#newWorker();
    this.#restore(this.#file === this.#good?.file);
    this.#q(".file").focus();
  }

  // While a file is read, the focus is on its Cancel button (unless not to `focus` it), which
  // is then hidden: whether it was there, for the caller to move it where the reader goes
  // next (the results' heading, which on a phone brings the results into view below the
  // controls; the file).
  #showReading(on, focus = on) {
    const onCancel = this.#root.activeElement === this.#q(".cancel");
    this.#q(".reading").hidden = !on;
    if (focus) this.#q(".cancel").focus();
    return onCancel;
  }

  // What a failure is said to be: the price table's, when one was given and the refusal is
  // of prices; else the file's.
  #failedHead(data, run) {
    return data.field === "prices" && run?.prices ? this.#words.pricesFailed : this.#words.failed;
  }

  // Why the file was not replayed (the core's message, with its bad rows one a line, under
  // its `head`; a sentence of the page's own is a head alone), and that the last good
  // results stay.
  #problem(message, head = "", kept = this.#good !== null) {
    const box = this.#q(".problem");
    box.replaceChildren();
    if (!message && !head) return;
    for (const [cls, text] of [["head", head], ["message", message], ["kept", kept ? this.#words.kept : ""]]) {
      if (!text) continue;
      const p = document.createElement("p");
      p.className = cls;
      p.textContent = text;
      box.append(p);
    }
  }

  // A policy's box's title (the core's): its name, after what the results call it.
  #legend(name) {
    return replayPolicyLegend(this.#labels.get(name), name);
  }

  #show(view) {
    this.#labels = new Map(view.share.bars.map((b) => [b.policy, b.label]));
    // The boxes are the policies', in order (#writeEditor).
    this.#q(".policies").querySelectorAll(".policy-legend").forEach((legend, i) => {
      legend.textContent = this.#legend(this.#policies[i].name);
    });
    this.#q(".results").hidden = false;
    this.#showLessonLog(this.#good?.file);
    // Which file the results are of (another may have failed since, or be in the box): a
    // reader's own by its name; a lesson's traffic is named by the line above.
    const file = this.#good?.file;
    this.#q(".file-name").textContent = file && !this.#lessonLogs.has(file) ? file.name : "";
    this.#q(".summary-said").textContent = view.summary;
    this.#perOptions(view);
    sentences(this.#q(".notes"), view.notes);
    this.#q(".notes-box").hidden = view.notes.length === 0;
    if (!view.share.bars.some((b) => b.policy === this.#frame)) this.#frame = view.share.bars.at(-1)?.policy ?? null;
    const choices = view.share.bars.map((b) => ({ value: b.policy, label: b.label }));
    this.#q(".frame").innerHTML = choiceButtons(choices, "policy") + choiceSelect(choices, "policy", this.#words.showPolicy);
    this.#pressFrame();
    this.#q(".share-chart").setAttribute("aria-label", view.share.title);
    this.#q(".time-chart").setAttribute("aria-label", view.spend.title);
    sentences(this.#q(".share-sentences"), view.share.bars.map((b) => b.sentence));
    sentences(this.#q(".time-sentences"), view.spend.sentences);
    this.#showTable(".share-table", view.share.table);
    this.#showTable(".refusals", view.refusals);
    this.#showTable(".time-table", view.spend.table);
    this.#showTable(".refused-users", view.refusedUsers);
    this.#draw();
    this.dataset.drawn = String(Number(this.dataset.drawn ?? 0) + 1);
  }

  #pressFrame() {
    const select = this.#q("[data-policy-select]");
    if (select !== null) select.value = this.#frame;
    for (const b of this.#root.querySelectorAll(".frame button")) {
      b.setAttribute("aria-pressed", String(b.dataset.policy === this.#frame));
    }
  }

  // The canvases' backing store is their CSS size times the device pixel ratio; the share
  // chart's height is the one the core asks for its bars at that width (they are as many as
  // the reader's policies). `only`: the one canvas to draw (its selector), else both.
  #draw(only = null) {
    const view = this.#good?.view;
    if (!view) return;
    const dark = matchMedia("(prefers-color-scheme: dark)").matches;
    this.toggleAttribute("data-dark", dark);
    const scale = Math.min(8, Math.max(0.5, window.devicePixelRatio || 1));
    const look = { dark, scale };
    const draws = [
      [".share-chart", (c) => drawReplayShare(c, view.share, this.#frame, look),
        (width) => replayShareHeight(view.share, this.#frame, look, width)],
      [".time-chart", (c) => drawReplayOverTime(c, view.spend, look)],
    ];
    for (const [selector, draw, heightAt] of draws.filter(([s]) => only === null || s === only)) {
      const canvas = this.#q(selector);
      const width = Math.round(canvas.clientWidth * scale);
      if (width === 0) continue;
      try {
        if (heightAt) canvas.style.height = `${Math.ceil(heightAt(width) / scale)}px`;
        const height = Math.round(canvas.clientHeight * scale);
        if (height === 0) continue;
        if (canvas.width !== width) canvas.width = width;
        if (canvas.height !== height) canvas.height = height;
        draw(canvas);
      } catch (e) {
        this.#problem(e.message);
      }
    }
  }

  // The policy editor, from the core's guard kinds: each policy's name and guards, each
  // guard's fields with their labels and ranges. Each control is named by where it is
  // (data-at): a field by its path in the policy file, as the core's refusals give it
  // ("policies[1].guards[0].limit", counted from 0), a button or choice by its policy's or
  // guard's path and what it does ("policies[1]/add"), so that the control a reader was on
  // keeps the focus when the editor is written again (a choice that shows other fields);
  // `then` starts the name of the control the focus goes to first (a guard just added). A
  // removed guard or policy hands the focus to the next one's same button, else to the
  // button that adds one.
  #renderEditor(then = null) {
    const box = this.#q(".policies");
    const was = box.contains(this.#root.activeElement) ? this.#root.activeElement.dataset.at : undefined;
    this.#writeEditor(box, this.#words);
    if (was === undefined) return;
    const named = (name, op = "=") => box.querySelector(`[data-at${op}"${CSS.escape(name)}"]`);
    const policy = /^policies\[\d+\]/.exec(was)?.[0];
    ((then && named(then, "^=")) ?? named(was) ?? named(`${policy}/add`) ?? this.#q(".add-policy")).focus();
  }

  #writeEditor(box, w) {
    // The error under a field (#editorError) goes back under the buttons before the fields go.
    this.#q(".editor > .row").after(this.#q(".editor-error"));
    box.replaceChildren(...this.#policies.map((policy, i) => {
      const set = document.createElement("fieldset");
      set.className = "policy";
      const legend = document.createElement("legend");
      legend.className = "policy-legend";
      legend.textContent = this.#legend(policy.name);
      const at = `policies[${i}]`;
      set.append(legend, this.#input(`${at}.name`, w.policyName, { kind: "text" }, policy.name, (v) => {
        policy.name = v;
        legend.textContent = this.#legend(v);
      }));
      if (policy.guards.length === 0) {
        const none = document.createElement("p");
        none.textContent = w.noGuards;
        set.append(none);
      }
      policy.guards.forEach((guard, j) => set.append(this.#guardFields(policy, guard, j, `${at}.guards[${j}]`)));
      // A lesson's ledger and ladder (a policy's other fields), shown as the language
      // writes them and given back with the policy; each can be taken out (a link's
      // misspelt field too, which the language refuses).
      const more = Object.keys(policy).filter((key) => key !== "name" && key !== "guards");
      if (more.length > 0) {
        const kept = document.createElement("p");
        kept.className = "kept-more";
        kept.append(w.keptAsWritten);
        for (const key of more) {
          kept.append(" ", cell("code", `"${key}": ${replayPoliciesText(policy[key])}`), " ", this.#dropButton(policy, key, `${at}.${key}`));
        }
        set.append(kept);
      }
      const row = document.createElement("div");
      row.className = "row";
      row.innerHTML = `<label>${escape(w.guardStart)} <select data-at="${at}/start">${options(page.guardStarts.map((g, k) => [String(k), g.label]), "")}</select></label>
        <button type="button" class="add-guard" data-at="${at}/add" aria-label="${escape(`${w.addGuard}: ${policy.name}`)}">${escape(w.addGuard)}</button>
        <button type="button" class="remove-policy" data-at="${at}/remove" aria-label="${escape(`${w.removePolicy} ${policy.name}`)}">${escape(w.removePolicy)}</button>`;
      row.querySelector(".add-guard").onclick = () => {
        policy.guards.push(newGuard(page.guardStarts[Number(row.querySelector("select").value)]));
        this.#renderEditor(`${at}.guards[${policy.guards.length - 1}].`);
      };
      row.querySelector(".remove-policy").onclick = () => {
        this.#policies.splice(i, 1);
        this.#renderEditor();
      };
      set.append(row);
      return set;
    }));
  }

  // The fields of guard `j` of `policy`, at `at` ("policies[1].guards[0]").
  #guardFields(policy, guard, j, at) {
    const set = document.createElement("fieldset");
    set.className = "guard";
    const legend = document.createElement("legend");
    legend.textContent = `${this.#words.guard} ${j + 1}`;
    set.append(legend);
    // A kept field has no control: setField takes it out once it no longer goes with the others.
    for (const f of fields()) {
      if (!shows(guard, f) || f.kind === "kept") continue;
      // A choice a link left out takes the value its select shows (a select cannot show
      // none): the language's own default, or the editor's start for one it requires.
      if (f.kind === "choice" && fieldOf(guard, f) === undefined) putField(guard, f, valueOf(f, f.default));
      const shown = f.kind === "choice" ? { ...f, choices: offered(guard, f) } : f;
      set.append(this.#input(`${at}.${f.within ? `${f.within}.` : ""}${f.key}`, f.label, shown, boxText(guard, f), (v) => {
        const had = fieldOf(guard, f) !== undefined;
        setField(guard, f, v);
        // Others shown or hidden, or their choices, by its value, or (tiers) by whether it has one.
        if (fields().some((x) => dependsOn(x, f.key))
          || (f.replaces && had !== (fieldOf(guard, f) !== undefined))) this.#renderEditor();
      }));
    }
    // A field the language has not (a link's "windw"; not a "reason" the editor shows no
    // control for): no control could set it right, so it gets a button that takes it out
    // (the editor's error names the field; its path is the guard's, so it marks no
    // control). Named as the editor's controls are, so that once it is gone the focus goes
    // on to the policy's next button, not to the page. (One the language refuses beside the
    // guard's other values gets its button from the error: #dropRefused.)
    const known = new Set(page.guardKeys);
    for (const key of Object.keys(guard).filter((k) => !known.has(k))) set.append(this.#dropButton(guard, key, `${at}.${key}`));
    const remove = document.createElement("button");
    remove.type = "button";
    remove.textContent = this.#words.removeGuard;
    remove.dataset.at = `${at}/remove`;
    remove.setAttribute("aria-label", `${this.#words.removeGuard}: ${legend.textContent}, ${policy.name}`);
    remove.onclick = () => {
      policy.guards.splice(j, 1);
      this.#renderEditor();
    };
    set.append(remove);
    return set;
  }

  // A guard's field the error at `path` names whose control is hidden beside the guard's
  // other values (a link's estimated admission on a request limit: admit shows for tokens
  // and dollars only) gets a button that takes it out, before the guard's Remove button:
  // nothing else could mend it. Null when the path names no such field.
  #dropRefused(path) {
    const [, i, j, key] = /^policies\[(\d+)\]\.guards\[(\d+)\]\.([^.[]+)/.exec(path) ?? [];
    const guard = this.#policies?.[i]?.guards?.[j];
    const remove = this.#q(`.policies [data-at="policies[${i}].guards[${j}]/remove"]`);
    if (!guard || !Object.hasOwn(guard, key) || !remove) return null;
    const drop = this.#dropButton(guard, key, `policies[${i}].guards[${j}].${key}`);
    remove.before(drop);
    return drop;
  }

  // The button that takes field `key` out of `object` (a guard or a policy), at `at`.
  #dropButton(object, key, at) {
    const drop = document.createElement("button");
    drop.type = "button";
    drop.textContent = `${this.#words.removeField} ${JSON.stringify(key)}`;
    drop.dataset.at = at;
    drop.onclick = () => {
      delete object[key];
      this.#renderEditor();
    };
    return drop;
  }

  // One labelled input of a field as the core describes it, at `at` in the editor.
  #input(at, labelText, field, value, set) {
    const label = document.createElement("label");
    label.append(labelText, " ");
    let control;
    if (field.kind === "choice") {
      control = document.createElement("select");
      // A value the language has not (a file's "per": "team") is shown as it is, chosen,
      // beside the error that names it: not as the first choice, which it is not.
      const own = field.choices.some(([v]) => v === value);
      control.innerHTML = options(own ? field.choices : [[value, value], ...field.choices], value);
      control.onchange = () => set(control.value);
    } else {
      control = document.createElement("input");
      if (field.kind === "whole") {
        // Text, as the widget's fields: a number input hands "abc" on as "", and the core's
        // error then quoted nothing; the core reads the text and says what it allows.
        control.type = "text";
        control.inputMode = "numeric";
      } else if (field.kind === "amount") {
        // Requests and tokens are whole, dollars may have decimals: the reader says which.
        control.type = "text";
        control.inputMode = "decimal";
      } else {
        control.type = "text";
        control.spellcheck = false;
        if (field.kind === "tiers") control.className = "tiers";
      }
      control.value = value;
      control.oninput = () => set(control.value);
    }
    control.dataset.at = at;
    label.append(control);
    return label;
  }
}

// The page's "back" link returns to the lesson's page as the reader left it: that page keeps
// its widget's settings in its address, which the referrer holds (with the widget's last
// change, as the widget replaces the address's state).
const samePage = (a, b) => a.origin === b.origin
  && a.pathname.replace(/index\.html$/, "") === b.pathname.replace(/index\.html$/, "");
const cameFrom = document.referrer === "" ? null : new URL(document.referrer);
const backToIt = [...document.querySelectorAll("a[data-back]")].filter((back) => cameFrom !== null && samePage(cameFrom, new URL(back.href)));
for (const back of backToIt) back.href = cameFrom.href;
const fromLessonPage = backToIt.length > 0;

// The lesson whose traffic the menu offers first: the one of the lesson page the reader
// came from (its widget's scenario, the core's default when the address names none), else
// the core's first.
function lessonFirst() {
  const scenario = fromLessonPage ? (cameFrom.searchParams.get("scenario") ?? page.lessonLogHome) : null;
  return page.lessonLogs.some(([name]) => name === scenario) ? scenario : page.lessonLogFirst;
}

init({ module_or_path: new URL("./pkg-replay/billsim_wasm_bg.wasm", import.meta.url) })
  .then(() => {
    page = replayPage();
    customElements.define("replay-view", ReplayView);
  })
  .catch((e) => {
    for (const el of document.querySelectorAll("replay-view")) el.textContent = e.message;
  });
