// <bill-widget>: the lesson's widget as a custom element. A thin layer: every number it
// shows comes from the wasm core (simulateDay, summarize, dayReadout, drawShareOfBill);
// this file wires the controls, keeps the last good view, and sizes the canvas.
//
// Attributes: seed, policy (noLimit | requestsPerMinute | dailyBudget), per-minute,
// budget (dollars), refill (daily | steady); sync-url to read and write the page's address.
import init, {
  simulateDay, summarize, drawShareOfBill, readSettingsText, dayReadout, spreadSentences,
} from "./pkg/billsim_wasm.js";
import { POLICIES, DEFAULTS, readSettings, toQuery } from "./widget-settings.js";

const ready = init({ module_or_path: new URL("./pkg/billsim_wasm_bg.wasm", import.meta.url) });
const styles = new URL("./bill-widget.css", import.meta.url);
const MAX_SEED = 4294967295;
const DAYS_CHECKED = 200;

const TEMPLATE = `
<link rel="stylesheet" href="${styles}">
<section class="bw" aria-label="Share of one day's AI bill under each policy">
  <p class="notice" role="note" hidden></p>
  <div class="row" role="group" aria-label="Policy">
    ${POLICIES.map(([id, name]) => `<button type="button" data-policy="${id}" aria-pressed="false">${name}</button>`).join("")}
  </div>
  <canvas role="img"></canvas>
  <p class="summary" role="status" aria-live="polite"></p>
  <p class="over-days"></p>
  <div class="row">
    <button type="button" data-action="another-day">Another day</button>
    <span class="day"></span>
    <button type="button" data-action="settings" aria-expanded="false" aria-controls="settings">More settings</button>
    <button type="button" data-action="numbers" aria-expanded="false" aria-controls="numbers">Show numbers</button>
  </div>
  <form id="settings" hidden novalidate>
    <label>Calls per minute (request limit, 1 to 60)
      <input name="perMinute" type="number" inputmode="numeric" min="1" max="60" step="1" aria-describedby="error">
    </label>
    <label>Budget per user per day, in dollars (0.01 to 100)
      <input name="budgetDollars" type="number" inputmode="decimal" min="0.01" max="100" step="0.01" aria-describedby="error">
    </label>
    <label>Budget refill
      <select name="refill">
        <option value="daily">Daily: back to zero at 00:00 UTC</option>
        <option value="steady">Steady: drains over 24 hours</option>
      </select>
    </label>
    <p class="error" id="error" role="alert"></p>
  </form>
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
  #state = { ...DEFAULTS };
  #overDays = { key: "", sentences: null, timer: 0 };
  #root;
  #resize;
  #drawn = false;

  connectedCallback() {
    if (this.#root) return;
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.innerHTML = TEMPLATE;
    this.#wire();
    this.#resize = new ResizeObserver(() => this.#draw());
    ready.then(() => {
      this.#load();
      this.#render();
      this.#resize.observe(this.#canvas());
    }, (e) => this.#showError(`The widget could not load its WebAssembly: ${e.message}`));
    this.#darkQuery().addEventListener("change", () => this.#draw());
  }

  disconnectedCallback() {
    this.#resize?.disconnect();
  }

  #q(selector) { return this.#root.querySelector(selector); }
  #canvas() { return this.#q("canvas"); }
  #darkQuery() { return matchMedia("(prefers-color-scheme: dark)"); }
  #syncsUrl() { return this.hasAttribute("sync-url"); }
  #settings() {
    const { seed, perMinute, budgetDollars, refill } = this.#state;
    return { seed, perMinute, budgetDollars, refill };
  }

  // Attributes first, then (with sync-url) the address; bad values are reported and skipped.
  #load() {
    let { settings, problems } = readSettings((f) => this.getAttribute(f.attribute), "attribute");
    if (this.#syncsUrl()) {
      const params = new URLSearchParams(location.search);
      const fromUrl = readSettings((f) => params.get(f.param), "address", settings);
      settings = fromUrl.settings;
      problems = problems.concat(fromUrl.problems);
    }
    this.#state = settings;
    const notice = this.#q(".notice");
    notice.textContent = problems.join(" ");
    notice.hidden = problems.length === 0;
    this.#syncForm();
  }

  #wire() {
    for (const b of this.#root.querySelectorAll("[data-policy]")) {
      b.addEventListener("click", () => { this.#state.policy = b.dataset.policy; this.#render(); });
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

  // The form's text goes to the core's own parsers (exact decimals, no floating point);
  // a bad value shows its message and the last good chart stays.
  #applyForm() {
    const form = this.#q("form");
    const text = { perMinute: form.perMinute.value, budgetDollars: form.budgetDollars.value, refill: form.refill.value };
    for (const input of form.querySelectorAll("input")) input.removeAttribute("aria-invalid");
    try {
      const parsed = readSettingsText(text);
      Object.assign(this.#state, parsed);
      this.#showError("");
      this.#render();
    } catch (e) {
      const field = String(e.message).split(":")[0];
      form.querySelector(`[name="${field}"]`)?.setAttribute("aria-invalid", "true");
      this.#showError(e.message);
    }
  }

  #syncForm() {
    const form = this.#q("form");
    form.perMinute.value = String(this.#state.perMinute);
    form.budgetDollars.value = String(this.#state.budgetDollars);
    form.refill.value = this.#state.refill;
  }

  #showError(message) {
    this.#q(".error").textContent = message;
  }

  #render() {
    try {
      const settings = this.#settings();
      const day = simulateDay(settings);
      const policy = this.#state.policy;
      for (const b of this.#root.querySelectorAll("[data-policy]")) {
        b.setAttribute("aria-pressed", String(b.dataset.policy === policy));
      }
      this.#q(".day").textContent = `Day ${day.seed}`;
      this.#q(".summary").textContent = summarize(settings, policy);
      this.#canvas().setAttribute("aria-label", POLICIES.map(([id]) => summarize(settings, id)).join(" "));
      this.#fillTable(settings, day.seed);
      this.#drawn = true;
      this.#draw();
      this.#showOverDays(settings, policy);
      if (this.#syncsUrl()) history.replaceState(history.state, "", toQuery(this.#state) + location.hash);
      this.dispatchEvent(new CustomEvent("bill-widget-change", { detail: { settings, policy, day } }));
    } catch (e) {
      this.#showError(e.message);
    }
  }

  // The line under the chart checks the settings over DAYS_CHECKED days from this one.
  // It is computed after the chart is painted, and again only when the settings change.
  #showOverDays(settings, policy) {
    const line = this.#q(".over-days");
    const key = JSON.stringify(settings);
    if (this.#overDays.key === key) {
      line.textContent = this.#overDays.sentences[policy];
      return;
    }
    clearTimeout(this.#overDays.timer);
    line.textContent = `Checking ${DAYS_CHECKED} days\u2026`;
    this.#overDays.timer = setTimeout(() => {
      try {
        this.#overDays = { key, sentences: spreadSentences(settings, DAYS_CHECKED), timer: 0 };
        line.textContent = this.#overDays.sentences[this.#state.policy];
        this.dispatchEvent(new CustomEvent("bill-widget-days", { detail: { settings, sentences: this.#overDays.sentences } }));
      } catch (e) {
        line.textContent = "";
        this.#showError(e.message);
      }
    }, 0);
  }

  #fillTable(settings, seed) {
    this.#q("caption").textContent = `Day ${seed}: each user's calls and charges under each policy`;
    const body = this.#q("tbody");
    const rows = dayReadout(settings).map((r) => {
      const tr = document.createElement("tr");
      for (const value of [r.policy, r.user, r.calls, r.served, r.refused, r.charged, r.share]) {
        const td = document.createElement("td");
        td.textContent = String(value);
        tr.append(td);
      }
      tr.dataset.kind = r.kind;
      return tr;
    });
    body.replaceChildren(...rows);
  }

  // The canvas's backing store is its CSS size times the device pixel ratio, so the
  // bars stay sharp on high-density screens; plotters draws in device pixels.
  #draw() {
    if (!this.#drawn) return;
    const canvas = this.#canvas();
    const scale = Math.min(8, Math.max(0.5, window.devicePixelRatio || 1));
    const width = Math.round(canvas.clientWidth * scale);
    const height = Math.round(canvas.clientHeight * scale);
    if (width === 0 || height === 0) return;
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    const dark = this.#darkQuery().matches;
    this.toggleAttribute("data-dark", dark);
    try {
      drawShareOfBill(canvas, this.#settings(), this.#state.policy, { dark, scale });
    } catch (e) {
      this.#showError(e.message);
    }
  }
}

if (!customElements.get("bill-widget")) customElements.define("bill-widget", BillWidget);
