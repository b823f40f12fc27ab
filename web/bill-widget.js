// <bill-widget>: the lesson's widget as a custom element. A thin layer: every number it
// shows comes from the wasm core (simulateDay, summarize, drawShareOfBill); this file
// only wires controls, keeps the last good view, and sizes the canvas.
import init, { simulateDay, summarize, drawShareOfBill, readSettingsText } from "./pkg/billsim_wasm.js";

const ready = init(new URL("./pkg/billsim_wasm_bg.wasm", import.meta.url));
const styles = new URL("./bill-widget.css", import.meta.url);

const POLICIES = [
  ["noLimit", "No limit"],
  ["requestsPerMinute", "Requests per minute"],
  ["dailyBudget", "Daily cost budget"],
];
const DEFAULTS = { seed: 0, policy: "requestsPerMinute", perMinute: 5, budgetDollars: 0.25 };
const MAX_SEED = 4294967295;

const TEMPLATE = `
<link rel="stylesheet" href="${styles}">
<section class="bw" aria-label="Share of one day's AI bill under each policy">
  <div class="row" role="group" aria-label="Policy">
    ${POLICIES.map(([id, name]) => `<button type="button" data-policy="${id}" aria-pressed="false">${name}</button>`).join("")}
  </div>
  <canvas role="img"></canvas>
  <p class="summary" role="status" aria-live="polite"></p>
  <div class="row">
    <button type="button" data-action="another-day">Another day</button>
    <span class="day"></span>
    <button type="button" data-action="settings" aria-expanded="false" aria-controls="settings">More settings</button>
  </div>
  <form id="settings" hidden novalidate>
    <label>Calls per minute (request limit, 1 to 60)
      <input name="perMinute" type="number" inputmode="numeric" min="1" max="60" step="1" aria-describedby="error">
    </label>
    <label>Budget per user per day, in dollars (0.01 to 100)
      <input name="budgetDollars" type="number" inputmode="decimal" min="0.01" max="100" step="0.01" aria-describedby="error">
    </label>
    <p class="error" id="error" role="alert"></p>
  </form>
</section>`;

class BillWidget extends HTMLElement {
  #state = { ...DEFAULTS };
  #root;
  #resize;

  connectedCallback() {
    if (this.#root) return;
    this.#root = this.attachShadow({ mode: "open" });
    this.#root.innerHTML = TEMPLATE;
    this.#wire();
    this.#resize = new ResizeObserver(() => this.#draw());
    ready.then(() => {
      this.#syncForm();
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
  #settings() {
    const { seed, perMinute, budgetDollars } = this.#state;
    return { seed, perMinute, budgetDollars };
  }

  #wire() {
    for (const b of this.#root.querySelectorAll("[data-policy]")) {
      b.addEventListener("click", () => { this.#state.policy = b.dataset.policy; this.#render(); });
    }
    this.#q("[data-action=another-day]").addEventListener("click", () => {
      this.#state.seed = this.#state.seed >= MAX_SEED ? 0 : this.#state.seed + 1;
      this.#render();
    });
    const toggle = this.#q("[data-action=settings]");
    toggle.addEventListener("click", () => {
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      this.#q("form").hidden = !open;
    });
    const form = this.#q("form");
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("input", () => this.#applyForm());
  }

  // The form's text goes to the core's own parsers (exact decimals, no floating point);
  // a bad value shows its message and the last good chart stays.
  #applyForm() {
    const form = this.#q("form");
    const text = { perMinute: form.perMinute.value, budgetDollars: form.budgetDollars.value };
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
  }

  #showError(message) {
    this.#q(".error").textContent = message;
  }

  #render() {
    try {
      const settings = this.#settings();
      const day = simulateDay(settings);
      this.#day = day;
      for (const b of this.#root.querySelectorAll("[data-policy]")) {
        b.setAttribute("aria-pressed", String(b.dataset.policy === this.#state.policy));
      }
      this.#q(".day").textContent = `Day ${day.seed}`;
      this.#q(".summary").textContent = summarize(settings, this.#state.policy);
      this.#canvas().setAttribute("aria-label", POLICIES.map(([id]) => summarize(settings, id)).join(" "));
      this.#draw();
      this.dispatchEvent(new CustomEvent("bill-widget-change", { detail: { settings, policy: this.#state.policy, day } }));
    } catch (e) {
      this.#showError(e.message);
    }
  }

  #day = null;

  // The canvas's backing store is its CSS size times the device pixel ratio, so the
  // bars stay sharp on high-density screens; plotters draws in device pixels.
  #draw() {
    if (!this.#day) return;
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
