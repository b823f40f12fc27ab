// <bill-widget>: the lesson's widget as a custom element. A thin layer: every number it
// shows comes from the wasm core (dayView, spreadSentences, overrunSentences, and the two
// drawing exports); this file wires the controls, keeps
// the last good view, and sizes the canvas.
//
// Attributes: view (day | inflight), seed, policy (noLimit | requestsPerMinute |
// dailyBudget), per-minute, budget (dollars), refill (daily | steady), calls, estimate
// (percent), followed when they change; sync-url to read and write the page's address.
// The element's children are its fallback, shown when the WebAssembly cannot load.
import init, {
  dayView, drawShareOfBill, drawOverrun, readSettingsText, readOverrunText, spreadSentences,
  overrunSentences,
} from "./pkg/billsim_wasm.js";
import { POLICIES, VIEWS, DEFAULTS, FIELDS, readSettings, toQuery } from "./widget-settings.js";

const ready = init({ module_or_path: new URL("./pkg/billsim_wasm_bg.wasm", import.meta.url) });
const styles = new URL("./bill-widget.css", import.meta.url);
const MAX_SEED = 4294967295;
const DAYS_CHECKED = 200;

const buttons = (list, data) =>
  list.map(([id, name]) => `<button type="button" data-${data}="${id}" aria-pressed="false">${name}</button>`).join("");

// The settings form's fields, each read by the core's parser for it.
const FORM_FIELDS = [
  ["perMinute", readSettingsText], ["budgetDollars", readSettingsText], ["refill", readSettingsText],
  ["calls", readOverrunText], ["estimatePercent", readOverrunText],
];

const TEMPLATE = `
<link rel="stylesheet" href="${styles}">
<section class="bw" aria-label="What a spending policy does to one day's AI bill">
  <p class="failure" role="alert"></p>
  <div class="fallback-slot"><slot></slot></div>
  <p class="notice" role="note" hidden></p>
  <div class="row views" role="group" aria-label="View">${buttons(VIEWS, "view")}</div>
  <div class="day-view">
    <div class="row" role="group" aria-label="Policy">${buttons(POLICIES, "policy")}</div>
    <canvas class="day-chart" role="img"></canvas>
  </div>
  <div class="inflight-view" hidden>
    <canvas class="overrun-chart" role="img"></canvas>
  </div>
  <p class="summary" role="status" aria-live="polite"></p>
  <p class="more"></p>
  <div class="row">
    <button type="button" data-action="another-day" class="day-only">Another day</button>
    <span class="day day-only"></span>
    <button type="button" data-action="settings" aria-expanded="false" aria-controls="settings">More settings</button>
    <button type="button" data-action="numbers" aria-expanded="false" aria-controls="numbers" class="day-only">Show numbers</button>
  </div>
  <form id="settings" hidden novalidate>
    <label class="day-only">Calls per minute (request limit, 1 to 60)
      <input name="perMinute" type="number" inputmode="numeric" min="1" max="60" step="1" aria-describedby="error">
    </label>
    <label>Budget per user per day, in dollars (0.01 to 100)
      <input name="budgetDollars" type="number" inputmode="decimal" min="0.01" max="100" step="0.01" aria-describedby="error">
    </label>
    <label class="day-only">Budget refill
      <select name="refill">
        <option value="daily">Daily: back to zero at 00:00 UTC</option>
        <option value="steady">Steady: drains over 24 hours</option>
      </select>
    </label>
    <label class="inflight-only">Calls at once (1 to 200)
      <input name="calls" type="number" inputmode="numeric" min="1" max="200" step="1" aria-describedby="error">
    </label>
    <label class="inflight-only">Input estimate, in percent of its real size (10 to 200)
      <input name="estimatePercent" type="number" inputmode="numeric" min="10" max="200" step="1" aria-describedby="error">
    </label>
  </form>
  <p class="error" id="error" role="alert"></p>
  <div id="numbers" class="numbers" hidden>
    <table>
      <caption></caption>
      <thead><tr>
        <th scope="col">Policy</th><th scope="col">User</th><th scope="col">Calls</th><th scope="col">Served</th>
        <th scope="col">Refused</th><th scope="col">Charged</th><th scope="col">Share of bill</th>
      </tr></thead>
      <tbody></tbody>
    </table>
  </div>
</section>`;

class BillWidget extends HTMLElement {
  static observedAttributes = FIELDS.map((f) => f.attribute);
  #state = { ...DEFAULTS };
  #problems = new Map(); // "attribute seed" or "address seed" -> the notice's sentence
  #overDays = { key: "", sentences: null, frame: 0, timer: 0 };
  #root;
  #resize = new ResizeObserver(() => this.#draw());
  #connection = null; // ends, on removal, what this connection listens to outside the element
  #loaded = false;
  #drawn = false;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.innerHTML = TEMPLATE;
    this.#wire();
  }

  // Every connection (the first, or after a move) starts what removal stops: a widget
  // moved in the page behaves as a new one.
  connectedCallback() {
    const connection = new AbortController();
    this.#connection = connection;
    this.#darkQuery().addEventListener("change", () => this.#draw(), { signal: connection.signal });
    for (const c of this.#root.querySelectorAll("canvas")) this.#resize.observe(c);
    ready.then(() => {
      if (connection.signal.aborted) return;
      if (!this.#loaded) this.#load();
      this.#render();
    }, (e) => this.#fail(e));
  }

  // Nothing outside the element may keep it: the colour-scheme listener goes, the resize
  // observer stops, and a pending days check is cancelled (the next connection redoes it).
  disconnectedCallback() {
    this.#connection?.abort();
    this.#resize.disconnect();
    this.#cancelOverDays();
  }

  // An attribute set after load is read as at load (a bad one is reported and the current
  // value kept); a removed one is the default again. A widget out of the page is drawn
  // when it comes back.
  attributeChangedCallback(name, old, text) {
    if (!this.#loaded || old === text) return;
    const field = FIELDS.find((f) => f.attribute === name);
    this.#problems.delete(`attribute ${field.key}`);
    this.#problems.delete(`address ${field.key}`);
    if (text === null) {
      this.#state[field.key] = DEFAULTS[field.key];
    } else {
      const { settings, problems } = readSettings((f) => (f === field ? text : null), "attribute", this.#state);
      this.#state = settings;
      for (const [key, sentence] of problems) this.#problems.set(`attribute ${key}`, sentence);
    }
    this.#showNotice();
    this.#syncForm();
    if (this.isConnected) this.#render();
  }

  #q(selector) { return this.#root.querySelector(selector); }
  #darkQuery() { return matchMedia("(prefers-color-scheme: dark)"); }
  #syncsUrl() { return this.hasAttribute("sync-url"); }
  #daySettings() {
    const { seed, perMinute, budgetDollars, refill } = this.#state;
    return { seed, perMinute, budgetDollars, refill };
  }
  #overrunSettings() {
    const { calls, estimatePercent, budgetDollars } = this.#state;
    return { calls, estimatePercent, budgetDollars };
  }

  // Attributes first, then (with sync-url) the address; bad values are reported and skipped.
  #load() {
    this.#loaded = true;
    let { settings, problems } = readSettings((f) => this.getAttribute(f.attribute), "attribute");
    for (const [key, sentence] of problems) this.#problems.set(`attribute ${key}`, sentence);
    if (this.#syncsUrl()) {
      const params = new URLSearchParams(location.search);
      ({ settings, problems } = readSettings((f) => params.get(f.param), "address", settings));
      for (const [key, sentence] of problems) this.#problems.set(`address ${key}`, sentence);
    }
    this.#state = settings;
    this.#showNotice();
    this.#syncForm();
  }

  #showNotice() {
    const notice = this.#q(".notice");
    notice.textContent = [...this.#problems.values()].join(" ");
    notice.hidden = this.#problems.size === 0;
  }

  // The WebAssembly did not load: say so where the reader looks, show the page's own
  // fallback (the element's children) and hide the controls, which could do nothing.
  #fail(e) {
    this.#q(".failure").textContent =
      `This interactive chart could not load its WebAssembly (${e?.message ?? e}). Reloading the page may help.`;
    this.toggleAttribute("data-failed", true);
  }

  #wire() {
    for (const [data, key] of [["policy", "policy"], ["view", "view"]]) {
      for (const b of this.#root.querySelectorAll(`[data-${data}]`)) {
        b.addEventListener("click", () => { this.#state[key] = b.dataset[data]; this.#render(); });
      }
    }
    this.#q("[data-action=another-day]").addEventListener("click", () => {
      this.#state.seed = this.#state.seed >= MAX_SEED ? 0 : this.#state.seed + 1;
      this.#render();
    });
    for (const [action, panel] of [["settings", "form"], ["numbers", ".numbers"]]) {
      const toggle = this.#q(`[data-action=${action}]`);
      toggle.addEventListener("click", () => {
        const open = toggle.getAttribute("aria-expanded") !== "true";
        toggle.setAttribute("aria-expanded", String(open));
        this.#q(panel).hidden = !open;
        if (action === "numbers") toggle.textContent = open ? "Hide numbers" : "Show numbers";
      });
    }
    const form = this.#q("form");
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("input", () => this.#applyForm());
    form.addEventListener("change", () => this.#applyForm());
  }

  // The form's text goes to the core's own parsers (exact decimals, no floating point),
  // each field on its own so that every bad one is marked (the core's Error names it in
  // `field`); while any is bad its messages show and the last good chart stays.
  #applyForm() {
    const form = this.#q("form");
    const read = {};
    const messages = [];
    for (const [name, parse] of FORM_FIELDS) {
      form.elements[name].removeAttribute("aria-invalid");
      try {
        read[name] = parse({ [name]: form.elements[name].value })[name];
      } catch (e) {
        form.elements[e.field]?.setAttribute("aria-invalid", "true");
        messages.push(e.message);
      }
    }
    this.#showError(messages.join(" "));
    if (messages.length > 0) return;
    Object.assign(this.#state, read);
    this.#render();
  }

  // The form shows the state (after load, or an attribute's change): nothing in it is bad.
  #syncForm() {
    const form = this.#q("form");
    for (const [name] of FORM_FIELDS) {
      form.elements[name].value = String(this.#state[name]);
      form.elements[name].removeAttribute("aria-invalid");
    }
    this.#showError("");
  }

  #showError(message) {
    this.#q(".error").textContent = message;
  }

  #render() {
    try {
      const view = this.#state.view;
      for (const [data, key] of [["policy", "policy"], ["view", "view"]]) {
        for (const b of this.#root.querySelectorAll(`[data-${data}]`)) {
          b.setAttribute("aria-pressed", String(b.dataset[data] === this.#state[key]));
        }
      }
      const inDay = view === "day";
      this.#q(".day-view").hidden = !inDay;
      this.#q(".inflight-view").hidden = inDay;
      this.toggleAttribute("data-inflight", !inDay);
      const detail = inDay ? this.#renderDay() : this.#renderOverrun();
      this.#drawn = true;
      this.#draw();
      if (this.#syncsUrl()) history.replaceState(history.state, "", toQuery(this.#state, location.search) + location.hash);
      this.dispatchEvent(new CustomEvent("bill-widget-change", { detail: { view, ...detail } }));
    } catch (e) {
      this.#showError(e.message);
    }
  }

  // One simulation gives the day, its sentences and its table (dayView); drawing runs
  // its own, on the canvas.
  #renderDay() {
    const settings = this.#daySettings();
    const { day, summaries, readout } = dayView(settings);
    const policy = this.#state.policy;
    this.#q(".day").textContent = `Day ${day.seed}`;
    this.#q(".summary").textContent = summaries[policy];
    this.#q(".day-chart").setAttribute("aria-label", POLICIES.map(([id]) => summaries[id]).join(" "));
    this.#fillTable(readout, day.seed);
    this.#showOverDays(settings, policy);
    return { settings, policy, day };
  }

  #renderOverrun() {
    const settings = this.#overrunSettings();
    const sentences = overrunSentences(settings);
    const text = `${settings.calls} calls at once, every one checked before any is charged. ${sentences.join(" ")}`;
    this.#q(".summary").textContent = text;
    this.#q(".overrun-chart").setAttribute("aria-label", text);
    this.#q(".more").textContent =
      "Check only looks at what is already charged, so calls in flight all pass; setting aside the most a call can cost counts them.";
    return { settings, sentences };
  }

  // The line under the chart checks the settings over DAYS_CHECKED days from this one.
  // It runs after the next frame is painted (so a click shows its chart first), and
  // again only when the settings change; a newer request cancels an older one.
  #showOverDays(settings, policy) {
    const line = this.#q(".more");
    const key = JSON.stringify(settings);
    if (this.#overDays.key === key) {
      line.textContent = this.#overDays.sentences[policy];
      return;
    }
    this.#cancelOverDays();
    if (!this.isConnected) return; // no timer may keep a removed widget; connecting redoes it
    line.textContent = `Checking ${DAYS_CHECKED} days\u2026`;
    this.#overDays.frame = requestAnimationFrame(() => { this.#overDays.timer = setTimeout(() => {
      try {
        Object.assign(this.#overDays, { key, sentences: spreadSentences(settings, DAYS_CHECKED), frame: 0, timer: 0 });
        if (this.#state.view === "day") line.textContent = this.#overDays.sentences[this.#state.policy];
        this.dispatchEvent(new CustomEvent("bill-widget-days", { detail: { settings, sentences: this.#overDays.sentences } }));
      } catch (e) {
        line.textContent = "";
        this.#showError(e.message);
      }
    }, 0); });
  }

  // A newer check, or the element's removal, ends the pending one.
  #cancelOverDays() {
    cancelAnimationFrame(this.#overDays.frame);
    clearTimeout(this.#overDays.timer);
  }

  #fillTable(readout, seed) {
    this.#q("caption").textContent = `Day ${seed}: each user's calls and charges under each policy`;
    const rows = readout.map((r) => {
      const tr = document.createElement("tr");
      for (const value of [r.policy, r.user, r.calls, r.served, r.refused, r.charged, r.share]) {
        const td = document.createElement("td");
        td.textContent = String(value);
        tr.append(td);
      }
      tr.dataset.kind = r.kind;
      return tr;
    });
    this.#q("tbody").replaceChildren(...rows);
  }

  // The canvas's backing store is its CSS size times the device pixel ratio, so the
  // bars stay sharp on high-density screens; plotters draws in device pixels.
  #draw() {
    if (!this.#drawn) return;
    const inDay = this.#state.view === "day";
    const canvas = this.#q(inDay ? ".day-chart" : ".overrun-chart");
    const scale = Math.min(8, Math.max(0.5, window.devicePixelRatio || 1));
    const width = Math.round(canvas.clientWidth * scale);
    const height = Math.round(canvas.clientHeight * scale);
    if (width === 0 || height === 0) return;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const dark = this.#darkQuery().matches;
    this.toggleAttribute("data-dark", dark);
    const look = { dark, scale };
    try {
      if (inDay) drawShareOfBill(canvas, this.#daySettings(), this.#state.policy, look);
      else drawOverrun(canvas, this.#overrunSettings(), look);
    } catch (e) {
      this.#showError(e.message);
    }
  }
}

if (!customElements.get("bill-widget")) customElements.define("bill-widget", BillWidget);
