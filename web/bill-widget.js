// <bill-widget>: the lesson's widget as a custom element. A thin layer: every number it
// shows comes from its lesson's wasm core (lesson-modules.js: dayView, spreadSentences,
// overrunSentences, the other views and their drawing exports), and its form, buttons,
// attributes and address from the core's table of settings (scenarios(), through
// widget-settings.js); this file wires the controls, keeps the last good view, and sizes
// the canvas.
//
// Attributes: one per setting of the core's table (`billsim scenarios` lists them with
// their ranges), followed when they change; sync-url to read and write the page's address.
// The element's children are its fallback: shown while the WebAssembly loads (the element
// is defined once it has, as its attributes come from the table) and when it cannot load.
//
// Importing this module is safe anywhere (server rendering, Node.js): it touches no DOM
// until a browser's page has a <bill-widget>, and the WebAssembly is fetched only when a
// widget comes near the viewport (whenNear), so a site may import it on every page and
// pay for it only where a reader comes to a widget.
import { lessonModule } from "./lesson-modules.js";
import { ADDRESS_NAMES, LOADING } from "./loading-words.js";
import {
  addressSlips, given, ignored, loadSchema, namesOf, problemOf, readSetting, readSettings, settleSettings, sharedBackground, slippedAttributes, themeIsDark,
  loadingProblem, syncUrlProblem, toQuery, unknownParams,
} from "./widget-settings.js";
import { widgetSheet } from "./bill-widget-styles.js";
import { pageColours } from "./page-colours.js";
import { cell, fillTable, rowOf, headOf } from "./table-cells.js";
import { choiceButtons, choiceOptions, choiceSelect, escape } from "./markup.js";

// The core's table as the widget shows it: set once the wasm has loaded (null if it failed).
let schema = null;
// Whether the widget can show a view of the core's table (set by BillWidget: it has a
// way to draw the view's scenario).
let canShow;

// A screen reader is told at most this many changed lines under the chart at once, and
// a field's changes once typing has paused this long.
const MOST_SAID = 2;
const TYPING_PAUSE_MS = 750;
// The notice over the chart says at most this many of what the widget ignored, then how
// many more: an address of sixty names the iframe does not know was sixty sentences.
const MOST_NOTICES = 5;

const pick = (state, keys) => Object.fromEntries(keys.map((k) => [k, state[k]]));
const labelOf = (key) => escape(schema.settings.find((s) => s.key === key).label);
// A message about a form's field, as the reader knows the field: its label without the
// range in brackets (the message says what is allowed), never its key.
const aboutField = (key, problem) => {
  const label = schema.settings.find((s) => s.key === key)?.label.replace(/ \([^)]*\)$/, "") ?? key;
  return `${label}: ${problem}`;
};

// The level of the widget's headings in the page's outline: one under the page's last
// heading before the element (in the element's own tree: the document, or a shadow root
// it is in), as a section of that heading's; 2 where none comes before it. A custom
// element cannot be told where it stands, and a fixed h3 under a lesson's h1 skipped a level.
function headingLevelUnder(host) {
  const before = [...host.getRootNode().querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")]
    .filter((h) => !host.contains(h) && (h.compareDocumentPosition(host) & Node.DOCUMENT_POSITION_FOLLOWING));
  const last = before.at(-1);
  if (last === undefined) return 2;
  const level = Number(last.getAttribute("aria-level") ?? (/^H[1-6]$/.test(last.tagName) ? last.tagName[1] : 2));
  return Math.min(6, (Number.isInteger(level) && level >= 1 ? level : 2) + 1);
}

// The widget's region and its name. A page that names the element (aria-label, or
// aria-labelledby pointing at its own heading) makes the element itself the region (a
// role the widget gives it, unless the page gave one), so that a page's two widgets of one
// lesson are two regions it told apart; the section inside is then no second region.
// Otherwise the section is the region, named `name` (the core's, as before).
const gaveRole = new WeakSet();
function nameRegion(host, root, name) {
  const section = root.querySelector(".bw");
  if (host.hasAttribute("aria-label") || host.hasAttribute("aria-labelledby")) {
    if (!host.hasAttribute("role")) {
      host.setAttribute("role", "region");
      gaveRole.add(host);
    }
    section?.removeAttribute("aria-label");
  } else {
    if (gaveRole.delete(host)) host.removeAttribute("role");
    section?.setAttribute("aria-label", name);
  }
}

// One of the core's panels (scenarioPanels): a section of sentences (a paragraph each, so
// that several read apart), monospaced lines (scrollable, so focusable) and a table, each
// when it has some, under its title as a heading of `level`. The section is no landmark
// (its heading is how a screen reader finds it): a landmark a panel, with its lines a
// region of the same name, listed one name twice, and a page's two widgets of one lesson
// each panel twice more.
function panel({ name, title, sentences, lines, table }, level) {
  const section = Object.assign(document.createElement("section"), { className: "panel" });
  section.dataset.panel = name;
  const heading = Object.assign(cell(`h${level}`, title), { id: `panel-${name}` });
  section.append(heading);
  section.append(...sentences.map((sentence) => cell("p", sentence)));
  if (lines.length > 0) {
    const pre = Object.assign(cell("pre", lines.join("\n")), { tabIndex: 0 });
    pre.setAttribute("role", "region");
    pre.setAttribute("aria-labelledby", heading.id);
    section.append(pre);
  }
  if (table !== null) {
    const wrap = Object.assign(document.createElement("div"), { className: "scroll", tabIndex: 0 });
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", table.caption);
    const t = document.createElement("table");
    const head = document.createElement("thead");
    head.append(document.createElement("tr"));
    head.firstChild.append(...headOf(table.columns));
    const body = document.createElement("tbody");
    body.append(...table.rows.map(rowOf));
    t.append(cell("caption", table.caption), head, body);
    wrap.append(t);
    section.append(wrap);
  }
  return section;
}

// One field of the settings form, as the core's table describes it; `data-views` are the
// views whose form shows it.
function field(setting) {
  const { key, kind, views } = setting;
  // Named by its label's words alone (aria-labelledby): the label holds the field's
  // message too, which a screen reader then heard in its name and again as its description.
  const named = `name="${escape(key)}" aria-labelledby="label-${escape(key)}" aria-describedby="error-${escape(key)}"`;
  const control = kind.type === "choice"
    ? `<select ${named}>${choiceOptions(kind.choices)}</select>`
    // Text, not type=number: a number input gives "" for "abc", and the core's message
    // must say what the reader typed. The keyboard is still a number pad; the label says the range.
    : `<input ${named} type="text" inputmode="${kind.type === "whole" ? "numeric" : "decimal"}" spellcheck="false">`;
  // Its own message under it: in a long form (lesson 002's), the one under the form was
  // below the screen while the reader looked at the field marked bad.
  return `<label data-views="${escape(views.join(" "))}"><span id="label-${escape(key)}">${escape(setting.label)}</span>
      ${control}
      <span class="field-error" id="error-${escape(key)}"></span>
    </label>`;
}

// The settings the form shows: those some view shows.
const formSettings = () => schema.settings.filter((s) => s.views.length > 0);
const scenarioNamed = (name) => schema.scenarios.find((s) => s.name === name);
const scenarioSetting = () => schema.settings.find((s) => s.key === "scenario");

// The start button of a widget that waits for its reader (loading="interaction"): shown,
// with the fallback, while the element has data-waiting. Before the element is defined, a
// waiting widget's shadow root holds these alone (waitingTemplate). The core's words said
// with no module to ask (these, the widget's name and its failure) come from
// loading-words.js, written from its table when the modules are built.
const startBlock = () => `<div class="start"><button type="button">${escape(LOADING.start)}</button></div>`;
const waitingTemplate = () => `<section class="bw" aria-label="${escape(LOADING.label)}"><div class="fallback-slot"><slot></slot></div>${startBlock()}</section>`;

// Without the table (the wasm did not load) the controls are left out: only the failure
// message and the fallback show. With it, the fallback is hidden by its attribute.
// The settings and the numbers open under the chart's sentences, before the panels: on a
// phone the panels are one or two screens tall, and a field typed in below them changed a
// chart that far above.
const template = () => `
<section class="bw"${schema === null ? ` aria-label="${escape(LOADING.label)}"` : ""}>
  <p class="failure" role="alert" tabindex="-1"></p>
  <div class="fallback-slot"${schema === null ? "" : " hidden"}><slot></slot></div>
  ${startBlock()}
  ${schema === null ? "" : `<p class="notice" role="note" hidden></p>
  <div class="row views" role="group" aria-label="${labelOf("view")}"></div>
  <div class="row toggles" hidden></div>
  <div class="day-view">
    <div class="row policies" role="group"></div>
    <canvas class="day-chart" role="img"></canvas>
  </div>
  <div class="cohort-view" hidden>
    <canvas class="cohort-chart" role="img"></canvas>
  </div>
  <div class="inflight-view" hidden>
    <canvas class="overrun-chart" role="img"></canvas>
  </div>
  <div class="overtime-view" hidden>
    <canvas class="overtime-chart" role="img"></canvas>
  </div>
  <div class="runaway-day-view" hidden>
    <canvas class="runaway-day-chart" role="img"></canvas>
  </div>
  <div class="ladder-view" hidden>
    <canvas class="ladder-chart" role="img"></canvas>
  </div>
  <div class="tradeoff-view" hidden>
    <canvas class="tradeoff-chart" role="img"></canvas>
  </div>
  <div class="accounts-view" hidden>
    <canvas class="accounts-chart" role="img"></canvas>
  </div>
  <div class="client-view" hidden>
    <canvas class="client-chart" role="img"></canvas>
  </div>
  <p class="summary" id="summary"></p>
  <p class="more"></p>
  <div class="row">
    <button type="button" data-action="another-day" data-only></button>
    <span class="day-number" data-only></span>
    <button type="button" data-action="settings" aria-expanded="false" aria-controls="settings">${escape(schema.controls.moreSettings)}</button>
    <button type="button" data-action="numbers" aria-expanded="false" aria-controls="numbers">${escape(schema.controls.showNumbers)}</button>
  </div>
  <div class="settings">
    <p class="settings-line" aria-hidden="true"></p>
    <form id="settings" hidden novalidate></form>
  </div>
  <p class="error" id="error"></p>
  <div class="announce" role="status" aria-live="polite"></div>
  <div id="numbers" class="numbers" hidden tabindex="0" role="region" aria-labelledby="numbers-caption">
    <table>
      <caption id="numbers-caption"></caption>
      <thead><tr></tr></thead>
    </table>
  </div>
  <div class="panels"></div>`}
</section>`;

// Outside a browser there is no HTMLElement: the class is still defined (and never used),
// so that importing the module does not throw.
class BillWidget extends (globalThis.HTMLElement ?? class {}) {
  // How the widget shows each of the core's charts: its panel and canvas, the settings its
  // exports take (where not its scenario's), whether it frames a policy (its panel holds
  // the policy buttons), and what writes and draws it. The one place that says which of
  // the core's views the page can show: a view whose chart has no entry here gets no
  // button and is refused from attributes and the address.
  static #shows = {
    shareOfBill: {
      panel: ".day-view",
      canvas: ".day-chart",
      policy: true,
      settings: (state, scenario) => ({ seed: state.seed, ...pick(state, scenario.settings) }),
      write: (widget, settings) => widget.#writeDay(settings),
      draw: (core, canvas, settings, state, look) => core.drawShareOfBill(canvas, settings, state.policy, look),
    },
    overrun: {
      panel: ".inflight-view",
      canvas: ".overrun-chart",
      write: (widget, settings, scenario) => widget.#writeOverrun(settings, scenario),
      draw: (core, canvas, settings, _state, look) => core.drawOverrun(canvas, settings, look),
    },
    spendOverTime: {
      panel: ".overtime-view",
      canvas: ".overtime-chart",
      runs: true,
      write: (widget, settings, scenario) => widget.#writeOverTime(settings,
        widget.#viewOf(widget.#core.overTimeView, scenario.name, settings, widget.#state.seed), ".overtime-chart"),
      draw: (core, canvas, settings, state, look, scenario) => core.drawOverTime(canvas, scenario.name, settings, state.seed, look),
    },
    // Lesson 002's zoom into the hours its tenant runs away, made by the core.
    runawayDay: {
      panel: ".runaway-day-view",
      canvas: ".runaway-day-chart",
      runs: true,
      write: (widget, settings) =>
        widget.#writeOverTime(settings, widget.#viewOf(widget.#core.runawayDayView, settings, widget.#state.seed), ".runaway-day-chart"),
      draw: (core, canvas, settings, state, look) => core.drawRunawayDay(canvas, settings, state.seed, look),
    },
    // Lesson 002's ladder against the hard block.
    ladder: {
      panel: ".ladder-view",
      canvas: ".ladder-chart",
      runs: true,
      write: (widget, settings) => widget.#writeLadder(settings),
      draw: (core, canvas, settings, state, look) => core.drawLadder(canvas, settings, state.seed, look),
    },
    shareByCohort: {
      panel: ".cohort-view",
      canvas: ".cohort-chart",
      runs: true,
      policy: true,
      write: (widget, settings, scenario) => widget.#writeFramed(settings, scenario, widget.#core.cohortView, "bars", ".cohort-chart"),
      draw: (core, canvas, settings, state, look, scenario, widget) =>
        core.drawShareByCohort(canvas, scenario.name, settings, state.seed, state[widget.policy], look),
    },
    tradeOff: {
      panel: ".tradeoff-view",
      canvas: ".tradeoff-chart",
      runs: true,
      policy: true,
      write: (widget, settings, scenario) => widget.#writeFramed(settings, scenario, widget.#core.tradeOffView, "points", ".tradeoff-chart"),
      draw: (core, canvas, settings, state, look, scenario, widget) =>
        core.drawTradeOff(canvas, scenario.name, settings, state.seed, state[widget.policy], look),
    },
    accounts: {
      panel: ".accounts-view",
      canvas: ".accounts-chart",
      runs: true,
      policy: true,
      write: (widget, settings, scenario) => widget.#writeAccounts(settings, scenario),
      draw: (core, canvas, settings, state, look, scenario, widget) =>
        core.drawAccounts(canvas, scenario.name, settings, state.seed, state[widget.policy], look),
    },
    // The tutorial's own runs (no setting changes them), and the day under the framed policy.
    client: {
      panel: ".client-view",
      canvas: ".client-chart",
      runs: true,
      policy: true,
      write: (widget, settings) => widget.#writeClient(settings),
      // Its words wrap to its width: the canvas takes the height they need before it is drawn.
      height: (core, width, settings, state, look, widget) =>
        core.clientHeight(settings, state.seed, state[widget.policy], look, width),
      draw: (core, canvas, settings, state, look, _scenario, widget) =>
        core.drawClient(canvas, settings, state.seed, state[widget.policy], look),
    },
  };
  static {
    canShow = (view) => Object.hasOwn(BillWidget.#shows, view.chart);
  }

  // Read when the element is defined, which is after the table has loaded.
  static get observedAttributes() {
    return schema === null ? [] : [...schema.settings.flatMap((s) => namesOf(s, "attribute")), schema.theme.attribute, schema.syncUrl.attribute, LOADING.attribute];
  }

  #state = { ...schema?.defaults };
  #theme = schema?.theme.default; // the theme attribute's text, as the core read it
  #problems = new Map(); // "attribute seed", "address seed", "slip polcy" or "sync-url" -> the notice's sentence
  #usedInstead = new Map(); // "attribute seed" -> the value the widget used in its place, when it was noticed
  #overDays = { key: "", sentences: null, frame: 0, timer: 0, told: false }; // told: the line shows its sentence
  // The form's settings as they were before the reader began typing in a field (null when
  // nothing typed is pending): typing "500" passes "5" and "50", which each draw, and a
  // bad end goes back to these, not to a value typed on the way.
  #beforeTyping = null;
  // What a screen reader hears (#say): the lines under the chart and the panels' sentences
  // beside it it heard last, those waiting to be said, and the pause while a field is typed in.
  #speech = { heard: [], beside: [], error: "", seed: null, waiting: [], after: false, timer: 0, deferred: 0 };
  #typing = false;
  // Keys typed while a run was under way (a month of lesson 002 took 100 to 500 ms a run on
  // a slow phone, and each key waited for the last key's run): when the last key went down,
  // when the last render ended (both on the page's clock), and the one run that applies
  // the keys that came meanwhile, once they stop coming.
  #keys = { down: -Infinity, rendered: -Infinity, timer: 0 };
  #tableShown = false; // whether the view drawn has a table for "Show numbers"
  #warm = { frame: 0, timer: 0 };
  #root;
  #regionName = LOADING.label; // the core's name of the widget's region, where the page gives none (nameRegion)
  // Each canvas's CSS size, and the widget's, as the resize observer last saw it (0 while
  // hidden). It runs after layout, so reading the size there lays nothing out; #draw uses it
  // so that a click does not lay the page out in the middle of its work.
  #sizes = new WeakMap();
  #resize = new ResizeObserver((entries) => {
    // The widget itself shown again (the page a router kept hidden while the reader was on
    // another, Next.js's cached pages): it keeps the address again.
    const unhidden = entries.some(({ target }) => target === this && this.#sizes.get(this)?.[0] === 0 && this.clientWidth > 0);
    for (const { target } of entries) this.#sizes.set(target, [target.clientWidth, target.clientHeight]);
    if (this.#drawn && unhidden) this.#keepAddress();
    // Drawn again only when the shown canvas's backing store no longer fits it: a canvas
    // just shown (a first draw, a view switched to) was measured and drawn at this size.
    if (!this.#drawn) return;
    const shown = this.#shown();
    const canvas = this.#q(shown.canvas);
    const [width, height] = this.#backing(canvas);
    if (!entries.some((e) => e.target === canvas) || (canvas.width === width && canvas.height === height)) return;
    // A chart whose height follows its words may change its canvas's height as it draws:
    // not inside this callback (the browser reports a loop), but in the next frame.
    if (shown.height) requestAnimationFrame(() => this.#draw());
    else this.#draw();
  });
  // Whether the lines under the chart have gone above the screen (a phone's reader down in
  // the open settings): the settings then show the first of them (.settings-line).
  #linesAway = new IntersectionObserver(([entry]) => {
    this.#q(".settings").toggleAttribute("data-away", !entry.isIntersecting && entry.boundingClientRect.top < 0);
  });
  // A box that scrolls sideways (the numbers table, a panel's table or log) is a tab stop, so
  // a keyboard can scroll it; one whose content fits is not (a stop with nothing to do). Its
  // content is watched too: a table written anew changes its width, not the box's.
  #scrollers = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const box = target.closest(".numbers, .scroll, pre");
      if (box) box.tabIndex = box.scrollWidth > box.clientWidth ? 0 : -1;
    }
  });
  // The view the widget last derived, and what it last wrote from one: the numbers table's
  // view and the panels' words, so that a click rewrites only what changed.
  #kept = { make: null, key: "", view: null };
  #tableOf = null;
  #panelsShown = [];
  #connection = null; // ends, on removal, what this connection listens to outside the element
  #buttonsOf = null; // the widget whose buttons and form fields are in the page
  #loaded = false;
  #drawn = false;
  // The started module of the widget's lesson (lesson-modules.js), and the widget's scenario
  // it is (or is being loaded) for: a widget switched to another lesson loads that lesson's
  // module, and keeps its last view until it is there.
  #core = null;
  #coreFor = "";
  // This widget's own rule: the page's background where the widget shares it
  // (sharedBackground: as light or dark as the page, the page's colour near the theme's), so
  // that it reads as part of the page, not a box of another shade; and that colour.
  #pageSheet = new CSSStyleSheet();
  #pageBackground = null;

  constructor() {
    super();
    // A waiting widget has its shadow root already (waitingTemplate), made before the element was defined.
    this.#root = this.shadowRoot ?? this.attachShadow({ mode: "open" });
    this.#root.adoptedStyleSheets = [widgetSheet(), this.#pageSheet];
    // The waiting root's button, when it has the focus (the reader tabbed to it while
    // another widget defined the element), keeps it in the template that replaces it.
    const focused = startFocused(this.#root);
    this.#root.innerHTML = template();
    this.#nameRegion();
    if (started.has(this)) this.#q(".start button").textContent = LOADING.starting;
    if (focused) this.#q(".start button").focus();
    if (schema !== null) this.#wire();
  }

  // Every connection (the first, or after a move) starts what removal stops: a widget
  // moved in the page behaves as a new one.
  connectedCallback() {
    const connection = new AbortController();
    this.#connection = connection;
    this.#darkQuery().addEventListener("change", () => this.#draw(), { signal: connection.signal });
    // A host page that switches its own theme (a class or a style on any element around the
    // widget, as a site's wrapper <div class="dark">, or its color-scheme <meta>) recolours
    // an "auto" widget; and again once a background fading to the new theme has faded (read
    // mid-fade, the colour was the old theme's).
    const pageChanged = new MutationObserver(() => this.#draw());
    for (let el = this.parentElement ?? this.getRootNode().host; el; el = el.parentElement ?? el.getRootNode().host) {
      pageChanged.observe(el, { attributes: true });
    }
    if (document.head) pageChanged.observe(document.head, { childList: true, subtree: true, attributes: true });
    connection.signal.addEventListener("abort", () => pageChanged.disconnect());
    document.addEventListener("transitionend", (e) => {
      if (e.propertyName.startsWith("background") && e.target.contains?.(this)) this.#draw();
    }, { capture: true, signal: connection.signal });
    // The element's attributes as the page sets them (observedAttributes are only those the
    // widget reads): a slip of a name set or removed after load is said or unsaid, as at
    // load. The data- attributes are the widget's own state (data-dark) or the page's.
    const ownAttributes = new MutationObserver((records) => {
      if (records.some((r) => ["aria-label", "aria-labelledby", "role"].includes(r.attributeName))) this.#nameRegion();
      if (this.#loaded && records.some((r) => !r.attributeName.startsWith("data-")) && this.#saySlips(this.#state.scenario)) this.#showNotice();
    });
    ownAttributes.observe(this, { attributes: true });
    this.#nameRegion();
    connection.signal.addEventListener("abort", () => ownAttributes.disconnect());
    for (const c of this.#root.querySelectorAll("canvas")) this.#resize.observe(c);
    this.#resize.observe(this);
    const summary = this.#q(".summary");
    if (summary) this.#linesAway.observe(summary);
    this.#watchScrollers(this.#root);
    const ready = waitsForReader(this) ? whenPressed(this, this.#root, connection.signal) : whenNear([this], connection.signal);
    ready.then(() => load(scenarioHint(this))).then(() => {
      if (connection.signal.aborted) return;
      this.toggleAttribute("data-waiting", false);
      if (!this.#loaded) this.#load();
      this.#render();
    }, (e) => this.#fail(e));
  }

  // Nothing outside the element may keep it: the colour-scheme listener goes, the resize
  // observer stops, and a pending days check is cancelled (the next connection redoes it).
  disconnectedCallback() {
    if (addressKeeper === this) BillWidget.#handOverAddress();
    this.#connection?.abort();
    this.#resize.disconnect();
    this.#scrollers.disconnect();
    this.#linesAway.disconnect();
    this.#cancelOverDays();
    this.#cancelWarm();
    // Nothing is said by a widget out of the page; back in, it is not being typed in.
    clearTimeout(this.#speech.deferred);
    clearTimeout(this.#speech.timer);
    this.#speech.waiting = [];
    this.#typing = false;
  }

  // An attribute set after load is read as at load (a bad one is reported and the current
  // value kept; one that clashes with another is set aside as the core says); a removed one
  // is its default again. Those reported before are read again with it, as they may fit
  // now. A widget out of the page is drawn when it comes back. An attribute set to the text
  // it had is read too: the reader may have changed the setting in the widget since (a
  // page's "back to the lesson's policy" button sets the attribute it started with).
  attributeChangedCallback(name, _old, text) {
    if (!this.#loaded) return;
    if (name === schema.syncUrl.attribute) {
      // Taken from then on (the address written, not read: the reader's choices since load
      // stay), or given up: the address stays as it was, and the notices of what it said go.
      if (!this.#syncsUrl()) {
        for (const id of this.#problems.keys()) if (id.startsWith("address")) this.#problems.delete(id);
        if (addressKeeper === this) BillWidget.#handOverAddress();
      }
      this.#sayKeeping();
      this.#showNotice();
      if (this.#drawn) this.#keepAddress();
      return;
    }
    // Read at load only (a widget drawn waits for nothing): a notice of a bad value is said
    // or unsaid as it changes.
    if (name === LOADING.attribute) {
      this.#sayLoading();
      this.#showNotice();
      return;
    }
    if (name === schema.theme.attribute) {
      this.#problems.delete(`address ${schema.theme.key}`);
      this.#readTheme(text ?? schema.theme.default, "attribute");
      this.#showNotice();
      this.#draw();
      return;
    }
    const setting = schema.settings.find((s) => namesOf(s, "attribute").includes(name));
    this.#problems.delete(`address ${setting.key}`);
    // (Of the settings: a theme reported is read by its own attribute, not again here.)
    const reported = [...this.#problems.keys()].filter((k) => k.startsWith("attribute ")).map((k) => k.slice("attribute ".length))
      .filter((key) => key in schema.defaults);
    // A widget switched to another lesson reads every attribute it has again, as at load:
    // each then fits the lesson or is said not to (a view of another lesson's widget, a
    // setting of another widget), and one that fits again (back to the first lesson) holds.
    const present = setting.key === "scenario"
      ? schema.settings.filter((s) => this.#attribute(s) !== null).map((s) => s.key)
      : [];
    const again = new Set([setting.key, ...reported, ...present]);
    // Read again, each is noticed anew: against the value used in its place now (a lesson
    // switched to changes it), not the one when it was first noticed, which took it away.
    for (const key of again) {
      this.#problems.delete(`attribute ${key}`);
      this.#usedInstead.delete(`attribute ${key}`);
    }
    const base = { ...this.#state };
    if (text === null) base[setting.key] = schema.defaults[setting.key];
    const { settings, problems } = readSettings(schema, (s) => (again.has(s.key) ? this.#attribute(s) : null), "attribute", base);
    // What the widget shows already: an app that keeps a setting in its state sets the
    // attribute to what the reader just chose in the widget (the README's React pattern).
    const shown = schema.settings.every((s) => Object.is(settings[s.key], this.#state[s.key]));
    this.#state = settings;
    for (const [key, sentence] of problems) this.#problems.set(`attribute ${key}`, sentence);
    this.#showNotice();
    if (shown) return;
    this.#syncForm();
    if (this.isConnected) this.#render();
  }

  #q(selector) { return this.#root.querySelector(selector); }
  // The value a switch of the widget sets its setting to when on, as the core reads it.
  #toggleOn(key) { return readSetting(key, this.#widget().toggles.items.find((t) => t.key === key).on); }
  #darkQuery() { return matchMedia("(prefers-color-scheme: dark)"); }
  // Whether this widget keeps its settings in the address: it asks (sync-url), and no other
  // widget of the page does. The first rendered that asks, in the page's order, keeps it
  // (until it leaves the page or is hidden), loaded or not: the first to load was the one
  // the browser scrolled to, so a reload at another widget gave it the first's address. A
  // router that keeps the page a reader left, hidden (Next.js's cached pages), kept its
  // widget the keeper, and the next lesson's widget said it could not keep the address.
  #syncsUrl() {
    const { attribute } = schema.syncUrl;
    const asks = (w) => w.hasAttribute(attribute) && syncUrlProblem(w.getAttribute(attribute)) === null;
    if (!asks(this)) return false;
    if (addressKeeper === null || !addressKeeper.isConnected || !rendered(addressKeeper)) {
      const asking = [...(this.getRootNode().querySelectorAll?.(`bill-widget[${attribute}]`) ?? [])].filter(asks);
      addressKeeper = asking.find(rendered) ?? this;
    }
    return addressKeeper === this;
  }
  // The keeper left the page or stopped asking. After the script that did it (a widget
  // moved is back in the page by then), each loaded widget that asks says again whether it
  // keeps the address, and the one that now does writes what it shows.
  static #handOverAddress() {
    addressKeeper = null;
    queueMicrotask(() => {
      for (const widget of document.querySelectorAll(`bill-widget[${schema.syncUrl.attribute}]`)) {
        if (!(#loaded in widget) || !widget.#loaded) continue;
        widget.#sayKeeping();
        widget.#showNotice();
        if (widget.#drawn) widget.#keepAddress();
      }
    });
  }
  // The address says this widget's settings, where it keeps them.
  #keepAddress() {
    if (!this.#syncsUrl()) return;
    const { key } = schema.theme;
    const dropped = this.#problems.has(`address ${key}`) ? [key] : [];
    history.replaceState(history.state, "", toQuery(schema, this.#widget(), this.#state, location.search, dropped) + location.hash);
  }
  // A setting's attribute as given, under its one name or an old one.
  #attribute(setting) { return given(setting, "attribute", (n) => this.getAttribute(n)); }
  // The current widget (its scenario attribute), its views, and the current view (its
  // first, for one it cannot show), the view's scenario and chart.
  #widget() { return schema.widgets.find((w) => w.scenario === this.#state.scenario) ?? schema.widgets[0]; }
  #views() { return schema.views.filter((v) => v.widget === this.#widget().scenario); }
  #view() { return this.#views().find((v) => v.value === this.#state.view) ?? this.#views()[0]; }
  #scenario() { return schema.scenarios.find((s) => s.name === this.#view().scenario); }
  #shown() { return BillWidget.#shows[this.#view().chart]; }
  // The settings the shown chart's exports take: its scenario's (lesson 000's day adds its seed).
  #settings() {
    const scenario = this.#scenario();
    return this.#shown().settings?.(this.#state, scenario) ?? pick(this.#state, scenario.settings);
  }
  // The form's settings: those of the widget whose controls are shown (#showWidget).
  #fields() { return formSettings().filter((s) => this.#buttonsOf?.settings.includes(s.key)); }

  // Attributes first, then (with sync-url) the address; bad values are reported and skipped.
  #load() {
    this.#loaded = true;
    let { settings, problems } = readSettings(schema, (s) => this.#attribute(s), "attribute");
    for (const [key, sentence] of problems) this.#problems.set(`attribute ${key}`, sentence);
    this.#saySlips(settings.scenario);
    this.#sayKeeping();
    this.#sayLoading();
    if (this.#syncsUrl()) {
      const params = new URLSearchParams(location.search);
      // A lesson chosen by the attribute is not the address's to change (schema.syncUrl.chosen).
      const chosen = this.#attribute(scenarioSetting()) !== null;
      const fromAddress = (s) => (chosen && s.key === "scenario" ? null : given(s, "address", (n) => params.get(n)));
      ({ settings, problems } = readSettings(schema, fromAddress, "address", settings));
      for (const [key, sentence] of problems) this.#problems.set(`address ${key}`, sentence);
      const asked = chosen ? given(scenarioSetting(), "address", (n) => params.get(n)) : null;
      if (asked !== null && asked.text !== settings.scenario) {
        this.#problems.set("address scenario", ignored(scenarioSetting(), "address", schema.syncUrl.chosen, settings.scenario));
      }
      // A slip of a name, or a setting given again, is said; on the iframe's page, whose whole
      // address is the widget's, so is any other name it does not know.
      const slips = addressSlips(params, settings.scenario);
      const names = [...params.keys()];
      const slipped = new Set([...slips.keys()].map((i) => names[i]));
      for (const [i, sentence] of slips) this.#problems.set(`address-slip ${i}`, sentence);
      if (this.getAttribute(schema.syncUrl.attribute) === schema.syncUrl.whole) {
        for (const [name, sentence] of unknownParams(schema, params)) {
          if (!slipped.has(name)) this.#problems.set(`address ${name}`, sentence);
        }
      }
    }
    this.#state = settings;
    this.#readTheme(this.getAttribute(schema.theme.attribute), "attribute");
    if (this.#syncsUrl()) this.#readTheme(new URLSearchParams(location.search).get(schema.theme.key), "address");
    this.#showNotice();
    this.#syncForm();
  }

  // The notices of the element's attributes meant for the widget (of `scenario`) that it
  // does not read; says whether they changed.
  #saySlips(scenario) {
    const slips = new Map([...slippedAttributes(this.getAttributeNames(), scenario)].map(([name, sentence]) => [`slip ${name}`, sentence]));
    const said = [...this.#problems].filter(([id]) => id.startsWith("slip "));
    if (said.length === slips.size && said.every(([id, sentence]) => slips.get(id) === sentence)) return false;
    for (const [id] of said) this.#problems.delete(id);
    for (const [id, sentence] of slips) this.#problems.set(id, sentence);
    return true;
  }

  // The notice of a sync-url the widget does not follow: a value it does not take, or the
  // address kept by another widget of the page.
  #sayKeeping() {
    const { syncUrl } = schema;
    const sync = this.getAttribute(syncUrl.attribute);
    const problem = sync === null ? null : syncUrlProblem(sync);
    this.#problems.delete(syncUrl.attribute);
    if (problem !== null) {
      this.#problems.set(syncUrl.attribute, ignored(syncUrl, "attribute", problem, null));
    } else if (sync !== null && !this.#syncsUrl()) {
      this.#problems.set(syncUrl.attribute, ignored(syncUrl, "attribute", syncUrl.taken, null));
    }
  }

  // The notice of a loading attribute the widget does not take (it then loaded near the viewport).
  #sayLoading() {
    const text = this.getAttribute(LOADING.attribute);
    const problem = text === null ? null : loadingProblem(text);
    this.#problems.delete(LOADING.attribute);
    if (problem !== null) this.#problems.set(LOADING.attribute, ignored(LOADING, "attribute", problem, null));
  }

  // The theme's text (null: not given), read by the core; a bad one keeps the one before
  // and is reported, as a bad setting is.
  #readTheme(text, from) {
    if (text === null) return;
    const { theme } = schema;
    this.#problems.delete(`${from} ${theme.key}`);
    try {
      themeIsDark(text, "", "", false);
      this.#theme = text;
    } catch (e) {
      this.#problems.set(`${from} ${theme.key}`, ignored(theme, from, problemOf(e), this.#theme));
    }
  }

  // Whether the widget is dark: the theme, and for "auto" the page around the element (its
  // color-scheme, else its <meta>, and the nearest background behind the element) and the
  // system's preference, as the core decides. The element's own style (all: initial) is
  // not the page's, so the page is read from its parent out. Also whether the page itself
  // is dark (the theme's default, "auto": as the page): a widget of the other colours is a
  // panel, with room inside.
  #colours() {
    const { scheme, background } = pageColours(this);
    const systemDark = this.#darkQuery().matches;
    const dark = themeIsDark(this.#theme, scheme, background, systemDark);
    const pageDark = themeIsDark(schema.theme.default, scheme, background, systemDark);
    return { dark, pageDark, shared: dark === pageDark ? sharedBackground(dark, background) : null };
  }

  // A notice about a setting ("Ignored perMinute in the address ... Using 5.") goes once the
  // reader sets that setting: it said what was used in place of what was asked.
  #showNotice() {
    for (const id of this.#problems.keys()) {
      const key = id.split(" ")[1];
      if (key in this.#state && !this.#usedInstead.has(id)) this.#usedInstead.set(id, this.#state[key]);
    }
    for (const [id, used] of this.#usedInstead) {
      if (!this.#problems.has(id) || !Object.is(this.#state[id.split(" ")[1]], used)) {
        this.#problems.delete(id);
        this.#usedInstead.delete(id);
      }
    }
    const notice = this.#q(".notice");
    const sentences = [...this.#problems.values()];
    const more = sentences.length - MOST_NOTICES;
    notice.textContent = (more > 0
      ? [...sentences.slice(0, MOST_NOTICES), schema.controls.moreIgnored.replace("{count}", () => String(more))]
      : sentences).join(" ");
    notice.hidden = this.#problems.size === 0;
  }

  // The WebAssembly did not load: say so where the reader looks, show the page's own
  // fallback (the element's children) and hide the controls, which could do nothing.
  #fail(e) {
    const failure = this.#q(".failure");
    failure.textContent = LOADING.failed.replace("{reason}", () => e?.message ?? String(e));
    this.toggleAttribute("data-failed", true);
    // A widget that waited for its reader shows why in its button's place, and the focus
    // the button had goes to the sentence, not to the page.
    const pressed = startFocused(this.#root);
    this.toggleAttribute("data-waiting", false);
    if (pressed) failure.focus();
  }

  #wire() {
    // The buttons are the widget's, put in by #showWidget: one listener per group.
    for (const [group, data, key] of [[".views", "view", () => "view"], [".policies", "policy", () => this.#widget().policy]]) {
      this.#q(group).addEventListener("click", (e) => {
        const b = e.target.closest(`[data-${data}]`);
        if (b === null) return;
        this.#state[key()] = b.dataset[data];
        this.#render();
      });
      this.#q(group).addEventListener("change", (e) => {
        if (!e.target.matches(`[data-${data}-select]`)) return;
        this.#state[key()] = e.target.value;
        this.#render();
      });
    }
    // A switch sets its setting to the core's value for it, or (pressed again) back to its default.
    this.#q(".toggles").addEventListener("click", (e) => {
      const b = e.target.closest("[data-toggle]");
      if (b === null) return;
      const key = b.dataset.toggle;
      this.#state[key] = b.getAttribute("aria-pressed") === "true" ? schema.defaults[key] : this.#toggleOn(key);
      this.#syncForm();
      this.#render();
    });
    this.#q("[data-action=another-day]").addEventListener("click", () => {
      this.#state.seed = this.#nextSeed();
      this.#render();
    });
    for (const [action, panel] of [["settings", "form"], ["numbers", ".numbers"]]) {
      const toggle = this.#q(`[data-action=${action}]`);
      toggle.addEventListener("click", () => {
        const open = toggle.getAttribute("aria-expanded") !== "true";
        toggle.setAttribute("aria-expanded", String(open));
        this.#q(panel).hidden = !open;
        if (action === "numbers") toggle.textContent = schema.controls[open ? "hideNumbers" : "showNumbers"];
      });
    }
    const form = this.#q("form");
    form.addEventListener("submit", (e) => e.preventDefault());
    form.addEventListener("keydown", (e) => { this.#keys.down = e.timeStamp; });
    form.addEventListener("input", () => {
      // A key pressed while the last run was under way is applied with those after it.
      clearTimeout(this.#keys.timer);
      if (this.#keys.down < this.#keys.rendered) this.#keys.timer = setTimeout(() => this.#applyForm(false));
      else this.#applyForm(false);
    });
    form.addEventListener("change", () => this.#applyForm(true));
    // Left with its text as it was (no change), a field is no longer typed in either.
    form.addEventListener("focusout", () => { this.#typing = false; });
  }

  // The form's text goes to the core's own parser (exact decimals, no floating point),
  // each field on its own so that every bad one is marked (the core's Error names it in
  // `field`), then to the core to hold together (the field of a clash it sets aside is
  // marked); while any is bad its messages show and the last good chart stays: the one
  // before the field was typed in, as a value typed on the way was not the reader's.
  // `done` is the field's change (the reader left it): what is good then is kept.
  #applyForm(done) {
    clearTimeout(this.#keys.timer);
    this.#typing = !done;
    const form = this.#q("form");
    this.#beforeTyping ??= Object.fromEntries(this.#fields().map(({ key }) => [key, this.#state[key]]));
    const read = {};
    const problems = []; // [key, problem]
    for (const { key } of this.#fields()) {
      form.elements[key].removeAttribute("aria-invalid");
      try {
        read[key] = readSetting(key, form.elements[key].value);
      } catch (e) {
        problems.push([e.field ?? key, problemOf(e)]);
      }
    }
    if (problems.length === 0) {
      for (const { key, problem } of settleSettings({ ...this.#state, ...read }, this.#state, Object.keys(read)).ignored) {
        problems.push([key, problem]);
      }
    }
    // Each a sentence of its own: run together, one field's "got "0"" ran into the next's label.
    const messages = problems.map(([key, problem]) => `${aboutField(key, problem)}.`);
    this.#showError(messages.join(" "), problems);
    if (messages.length > 0) {
      const before = this.#beforeTyping;
      if (Object.keys(before).some((key) => !Object.is(before[key], this.#state[key]))) {
        Object.assign(this.#state, before);
        this.#render();
      }
      return;
    }
    if (done) this.#beforeTyping = null;
    // Left (change) after it was typed in (input), a field has nothing new: drawn again, it
    // told the page of one change twice (bill-widget-change).
    if (Object.keys(read).every((key) => Object.is(read[key], this.#state[key]))) {
      this.#sayChanges(); // an error mended back to the value drawn is said to be gone
      return;
    }
    Object.assign(this.#state, read);
    this.#render();
  }

  // The form shows the state (after load, or an attribute's change): nothing in it is bad.
  #syncForm() {
    this.#beforeTyping = null;
    const form = this.#q("form");
    for (const { key } of this.#fields()) {
      form.elements[key].value = String(this.#state[key]);
      form.elements[key].removeAttribute("aria-invalid");
    }
    this.#showError("");
  }

  // `message` under the form; with the `fields` it came from ([key, problem]), each field
  // marked and its problem under it, the message then kept for screen readers alone (the
  // live region says it, #sayChanges; the page shows it by each field).
  #showError(message, fields = []) {
    const form = this.#q("form");
    for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
    let shown = 0;
    for (const [key, problem] of fields) {
      form.elements[key]?.setAttribute("aria-invalid", "true");
      const under = form.querySelector(`#error-${CSS.escape(key)}`);
      if (!under) continue;
      under.textContent = under.textContent ? `${under.textContent} ${problem}` : problem;
      if (!under.closest("label").hidden) shown += 1;
    }
    const error = this.#q(".error");
    error.textContent = message;
    error.classList.toggle("told", shown > 0 && shown === fields.length);
    if (message) this.#sayChanges();
  }

  // What the widget's events say, the same fields for every scenario: the widget's
  // scenario, the view and its chart, the run's number, the policy the widget frames and
  // the settings the chart ran with (documented in bill-widget.d.ts).
  #detail(settings) {
    const widget = this.#widget();
    const { value: view, chart } = this.#view();
    return { scenario: widget.scenario, view, chart, seed: this.#state.seed, policy: this.#state[widget.policy], settings };
  }

  // Events bubble out of the element and its host's shadow roots, so a listener on the
  // document hears every widget's.
  #tell(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  }

  // The widget's view buttons, its scenario's policy buttons (named by its policy setting),
  // its "another run" button's words and its form's fields, when the widget changes; says
  // whether it did (the form's fields are then empty).
  #showWidget(widget) {
    if (this.#buttonsOf === widget) return false;
    this.#buttonsOf = widget;
    this.#q("form").innerHTML = this.#fields().map(field).join("");
    this.#q(".views").innerHTML = choiceButtons(this.#views(), "view");
    const policies = this.#q(".policies");
    const policyLabel = schema.settings.find((s) => s.key === widget.policy).label;
    const choices = scenarioNamed(widget.scenario).policies;
    policies.innerHTML = choiceButtons(choices, "policy") + choiceSelect(choices, "policy", policyLabel);
    policies.setAttribute("aria-label", policyLabel);
    // The widget's switches (lesson 001's weaknesses), beside every view's chart.
    const toggles = this.#q(".toggles");
    toggles.hidden = widget.toggles === null;
    toggles.innerHTML = choiceButtons((widget.toggles?.items ?? []).map(({ key, label }) => ({ value: key, label })), "toggle");
    // A group (named by the core) only for a widget that has switches.
    if (widget.toggles === null) {
      toggles.removeAttribute("role");
      toggles.removeAttribute("aria-label");
    } else {
      toggles.setAttribute("role", "group");
      toggles.setAttribute("aria-label", widget.toggles.label);
    }
    this.#q("[data-action=another-day]").textContent = widget.another;
    this.#regionName = widget.name;
    this.#nameRegion();
    return true;
  }

  #render() {
    if (!this.#hasCore()) return;
    this.#showNotice();
    try {
      const widget = this.#widget();
      if (this.#showWidget(widget)) this.#syncForm();
      this.#state.view = this.#view().value;
      const view = this.#state.view;
      for (const [data, key] of [["policy", widget.policy], ["view", "view"]]) {
        for (const b of this.#root.querySelectorAll(`[data-${data}]`)) {
          b.setAttribute("aria-pressed", String(b.dataset[data] === this.#state[key]));
        }
        const select = this.#q(`[data-${data}-select]`);
        if (select !== null) select.value = this.#state[key];
      }
      const { name } = this.#scenario();
      const { chart } = this.#view();
      for (const [shows, { panel }] of Object.entries(BillWidget.#shows)) this.#q(panel).hidden = shows !== chart;
      // The policy buttons go to the panel of the chart that frames a policy; moved only
      // when not there already, as moving a button takes its focus away.
      const panel = this.#q(this.#shown().panel);
      if (this.#shown().policy && this.#q(".policies").parentElement !== panel) panel.prepend(this.#q(".policies"));
      // The switches sit just above the chart they change (moved only when not there already).
      const canvas = this.#q(this.#shown().canvas);
      if (canvas.previousElementSibling !== this.#q(".toggles")) canvas.before(this.#q(".toggles"));
      // A switch is pressed while its setting is not its default: three server processes
      // (an address's, or the form's) are the weakness on, though the switch's own is two.
      for (const b of this.#root.querySelectorAll("[data-toggle]")) {
        const key = b.dataset.toggle;
        b.setAttribute("aria-pressed", String(!Object.is(this.#state[key], schema.defaults[key])));
      }
      // "Another day" and "Show numbers" belong to the widget's own scenario's views.
      for (const el of this.#root.querySelectorAll("[data-only]")) el.hidden = name !== widget.scenario;
      for (const label of this.#root.querySelectorAll("label[data-views]")) {
        label.hidden = !label.dataset.views.split(" ").includes(view);
      }
      const { settings, result } = this.#shown().write(this, this.#settings(), this.#scenario());
      const panels = this.#writePanels();
      this.#q(".settings-line").textContent = this.#q(".summary").firstElementChild?.textContent ?? "";
      this.#drawn = true;
      this.#draw();
      // Pressed from the keyboard, the start button is gone: its focus goes to the first control.
      // Unless the reader has gone on to something else of the page while it loaded.
      const away = ![null, document.body, this].includes(document.activeElement);
      if (focusOnceDrawn.delete(this) && !away) [...this.#root.querySelectorAll(".bw :is(button, select, input)")].find(rendered)?.focus();
      this.#keepAddress();
      this.#showNumbersToggle(name === widget.scenario);
      this.#sayChanges();
      this.#tell("bill-widget-change", { ...this.#detail(settings), result, panels });
      this.#warmNext();
    } catch (e) {
      // Settings that do not hold together (a month's budget below the day's) name one field.
      this.#showError(e.message, e.field ? [[e.field, problemOf(e)]] : []);
    }
    this.#keys.rendered = performance.now();
  }

  // "Show numbers" and its table go with a view that has a table, of the widget's own
  // scenario; the table stays open (or shut) for the next view that has one.
  #showNumbersToggle(own) {
    // Set only when they change: the policy click's test holds the table's nodes untouched.
    const toggle = this.#q("[data-action=numbers]");
    const table = this.#q(".numbers");
    const hideToggle = !(own && this.#tableShown);
    const hideTable = hideToggle || toggle.getAttribute("aria-expanded") !== "true";
    if (toggle.hidden !== hideToggle) toggle.hidden = hideToggle;
    if (table.hidden !== hideTable) table.hidden = hideTable;
  }

  // What a screen reader hears after a render or an error, in the one live region: the
  // run's number when it changed, a new error, then the lines under the chart it has not
  // heard (read whole at each click, a view's lines took a minute and more), at most
  // MOST_SAID of them. The first render says nothing: the reader meets the page as it is.
  // While a field is typed in, once typing pauses, against what was said before it: each
  // key's view and error in between, said in turn, ran to several hundred characters.
  #sayChanges() {
    clearTimeout(this.#speech.deferred);
    this.#speech.deferred = 0;
    if (this.#typing) {
      this.#speech.deferred = setTimeout(() => {
        this.#speech.deferred = 0;
        this.#sayChangesNow();
      }, TYPING_PAUSE_MS);
    } else this.#sayChangesNow();
  }

  #sayChangesNow() {
    const speech = this.#speech;
    const lines = [...this.#q(".summary").children].map((line) => line.textContent);
    if (this.#overDays.told) lines.push(this.#q(".more").textContent);
    let changed = lines.filter((line) => !speech.heard.includes(line));
    // When no line under the chart changed (a switch of lesson 001's that leaves every bill
    // as it was, and a screen reader heard nothing), the sentences beside it that did, of the
    // first panel that has any: its lead-in ("Under the tutorial's app:") and what follows.
    const panels = [...this.#q(".panels").querySelectorAll(".panel")].map((panel) =>
      [...panel.querySelectorAll(":scope > p")].map((p) => p.textContent));
    const beside = panels.flat();
    if (changed.length === 0) {
      changed = panels.map((lines) => lines.filter((line) => !speech.beside.includes(line))).find((lines) => lines.length > 0) ?? [];
    }
    const said = changed.length > MOST_SAID ? [...changed.slice(0, MOST_SAID), schema.controls.moreUnderChart] : changed;
    const error = this.#q(".error").textContent;
    if (error && error !== speech.error) said.unshift(error);
    // An error mended: the live region held it still, and the chart's lines (the same as
    // before the error, which kept them) were not new. They are said again.
    if (!error && speech.error && said.length === 0) said.push(...lines.slice(0, MOST_SAID));
    // The run's number ends with a stop, so that "Day 1" is not heard run into the next line's "5 requests".
    if (speech.seed !== null && speech.seed !== this.#state.seed) said.unshift(`${this.#q(".day-number").textContent}.`);
    const first = speech.seed === null;
    Object.assign(speech, { heard: lines, beside, error, seed: this.#state.seed });
    if (!first) this.#say(said);
  }

  // Says `lines` in the live region, with whatever else this task says (a render's error
  // and its lines come together), in place of what was said before; or, `after` it (the
  // line over many days, which comes a frame after its chart: put in place of the chart's
  // lines, it was all a screen reader said).
  #say(lines, after = false) {
    const speech = this.#speech;
    if (speech.waiting.length === 0) speech.after = after;
    speech.after &&= after;
    speech.waiting.push(...lines);
    clearTimeout(speech.timer);
    speech.timer = setTimeout(() => {
      const said = speech.waiting.map((line) => cell("span", `${line} `));
      if (speech.after) this.#q(".announce").append(...said);
      else if (said.length > 0) this.#q(".announce").replaceChildren(...said);
      speech.waiting = [];
    });
  }

  // Whether the module of the widget's lesson is started; if not, it is asked for, and the
  // widget renders when it is there (unless it has switched lessons again meanwhile).
  #hasCore() {
    const name = this.#widget().scenario;
    if (this.#core !== null && this.#coreFor === name) return true;
    if (this.#coreFor !== name) {
      this.#coreFor = name;
      this.#core = null;
      // The controls shown are the last lesson's until its module is there, when they and
      // the chart switch together: none of them can be used meanwhile.
      this.#busy(true);
      lessonModule(name).then((core) => {
        if (this.#coreFor !== name) return;
        this.#core = core;
        this.#busy(false);
        // Switched back from a lesson whose module failed: that failure is not this one's.
        this.toggleAttribute("data-failed", false);
        this.#q(".failure").textContent = "";
        if (this.isConnected) this.#render();
      }, (e) => {
        if (this.#coreFor !== name) return;
        this.#busy(false); // its fallback (the page's own children) can be used
        this.#fail(e);
      });
    }
    return false;
  }

  #nameRegion() { nameRegion(this, this.#root, this.#regionName); }

  #busy(busy) {
    const section = this.#q(".bw");
    section.inert = busy;
    if (busy) section.setAttribute("aria-busy", "true");
    else section.removeAttribute("aria-busy");
  }

  // What the core's view export `make` gives for `args`: kept, and given again while the
  // export and its arguments stay the same, so that a policy click on a view that does not
  // take the policy asks the core for nothing new (and its table is not written again).
  #viewOf(make, ...args) {
    const key = JSON.stringify(args);
    if (this.#kept.make !== make || this.#kept.key !== key) this.#kept = { make, key, view: make(...args) };
    return this.#kept.view;
  }

  // One simulation gives the day, its sentences and its table (dayView); drawing runs
  // its own, on the canvas.
  #writeDay(settings) {
    const view = this.#viewOf(this.#core.dayView, settings);
    const { day, title, summaries, readout, caption, columns } = view;
    const policy = this.#state.policy;
    this.#q(".day-number").textContent = `${this.#widget().numbered} ${day.seed}`;
    this.#summarise(summaries[policy]);
    this.#tableShown = true;
    this.#q(".day-chart").setAttribute("aria-label", `${title}. ${this.#scenario().policies.map((p) => summaries[p.value]).join(" ")}`);
    const rows = readout.map((r) => ({ cells: [r.policy, r.user, r.calls, r.served, r.refused, r.charged, r.share], kind: r.kind }));
    this.#fillTable(view, caption, columns, rows);
    this.#showOverDays(settings, policy, view);
    return { settings, result: day };
  }

  // What a view writes beside its chart, all the core's: the run's number, the summary,
  // the chart's text alternative (the view's title, then `alt`) and the view's table, if it
  // has one.
  // `summary`: the view's sentences, each shown on a line of its own (one sentence a
  // policy reads apart; run together they were a wall of text), or one sentence.
  #writeView(settings, view, canvas, summary, alt = null) {
    this.#q(".day-number").textContent = `${this.#widget().numbered} ${this.#state.seed}`;
    this.#summarise(summary);
    this.#q(canvas).setAttribute("aria-label", alt === null ? view.title : `${view.title}. ${alt}`);
    // A chart whose alternative is its title alone is described by the lines under it, which
    // hold its numbers: a reader going from graphic to graphic heard the title and no number.
    if (alt === null) this.#q(canvas).setAttribute("aria-describedby", "summary");
    else this.#q(canvas).removeAttribute("aria-describedby");
    this.#moreLine("");
    this.#tableShown = Boolean(view.table);
    if (view.table) this.#fillTable(view, view.table.caption, view.table.columns, view.table.rows.map((cells) => ({ cells })));
    return { settings, result: view };
  }

  // The sentences under the chart, a line each; a space between the lines keeps the text
  // as one joined paragraph to whatever reads it out.
  #summarise(sentences) {
    const lines = [sentences].flat().map((sentence) => cell("span", sentence));
    this.#q(".summary").replaceChildren(...lines.flatMap((line, i) => (i === 0 ? [line] : [" ", line])));
  }

  // The scenario's spend over time under each policy: the core's sentences, in its order
  // (where the chart stops short of the run's end, if it does, then one per policy).
  #writeOverTime(settings, view, canvas) {
    return this.#writeView(settings, view, canvas, view.sentences);
  }

  // The ladder against the hard block: its sentences; each group's bars in the text
  // alternative (ladderView).
  #writeLadder(settings) {
    const view = this.#viewOf(this.#core.ladderView, settings, this.#state.seed);
    return this.#writeView(settings, view, ".ladder-chart", view.sentences,
      `${view.groups.map((g) => `${g.heading}: ${g.rows.map((r) => `${r.heading}, ${r.note}`).join("; ")}`).join(". ")}. ${view.sentences.join(" ")}`);
  }

  // A view with one item per policy (its `items`: each kind of user's share of the bill under
  // each policy, cohortView's bars; each policy's bill against the honest requests it
  // refused, tradeOffView's points): the sentence of the framed policy's; every item's in
  // the text alternative.
  #writeFramed(settings, scenario, make, items, canvas) {
    const view = this.#viewOf(make, scenario.name, settings, this.#state.seed);
    const policy = this.#state[this.#widget().policy];
    const framed = view[items].find((i) => i.policy === policy) ?? view[items][0];
    return this.#writeView(settings, view, canvas, framed.sentence, view[items].map((i) => i.sentence).join(" "));
  }

  // One kind of user's accounts under the lesson's policy and the one picked: each row's
  // sentence (accountsView).
  #writeAccounts(settings, scenario) {
    const view = this.#viewOf(this.#core.accountsView, scenario.name, settings, this.#state.seed, this.#state[this.#widget().policy]);
    return this.#writeView(settings, view, ".accounts-chart", view.rows.map((r) => r.sentence));
  }

  // What the clients get: the tutorial's two runs and the day under the framed policy,
  // each run's sentence and the day's (clientView, which has no table).
  #writeClient(settings) {
    const view = this.#viewOf(this.#core.clientView, settings, this.#state.seed, this.#state[this.#widget().policy]);
    return this.#writeView(settings, view, ".client-chart", [...view.runs.map((r) => r.sentence), view.day.sentence]);
  }

  // The panels the core writes beside the chart of the widget's own scenario, framing its
  // policy (none beside a view of another scenario, as lesson 000's calls at once).
  #writePanels() {
    const widget = this.#widget();
    const scenario = this.#scenario();
    const panels = scenario.name === widget.scenario
      ? this.#core.scenarioPanels(scenario.name, pick(this.#state, scenario.settings), this.#state.seed, this.#state[widget.policy])
      : [];
    // Only the panels whose words changed are written again (the free tier's do not take the
    // policy; lesson 001's first says the same under every policy at the defaults).
    const words = panels.map((p) => JSON.stringify(p));
    const box = this.#q(".panels");
    const level = headingLevelUnder(this);
    const write = (p) => panel(p, level);
    if (words.length !== this.#panelsShown.length) {
      this.#watchScrollers(box, false);
      box.replaceChildren(...panels.map(write));
      this.#watchScrollers(box);
    } else {
      words.forEach((w, i) => {
        if (w === this.#panelsShown[i]) return;
        this.#watchScrollers(box.children[i], false);
        box.children[i].replaceWith(write(panels[i]));
        this.#watchScrollers(box.children[i]);
      });
    }
    this.#panelsShown = words;
    return panels;
  }

  // The scenario's description, then one sentence per version of the budget: all the core's.
  #writeOverrun(settings, scenario) {
    const sentences = this.#viewOf(this.#core.overrunSentences, settings);
    const text = [scenario.description, ...sentences].join(" ");
    this.#summarise([scenario.description, ...sentences]);
    this.#q(".overrun-chart").setAttribute("aria-label", text);
    this.#moreLine("");
    this.#tableShown = false;
    return { settings, result: sentences };
  }

  // Watches (or, `watch` false, no longer: they are about to go) the boxes under `within`
  // that may scroll sideways, and what they hold (#scrollers).
  #watchScrollers(within, watch = true) {
    for (const box of within.querySelectorAll(".numbers, .scroll, pre")) {
      for (const el of [box, box.firstElementChild]) {
        if (el) this.#scrollers[watch ? "observe" : "unobserve"](el);
      }
    }
  }

  // The line under the chart: `told` when it is a sentence a screen reader is told (not
  // the "Checking…" shown while it is worked out).
  #moreLine(text, told = false) {
    this.#q(".more").textContent = text;
    this.#overDays.told = told;
  }

  // The line under the chart checks the settings over the core's `daysChecked` days from
  // this one. It runs after the next frame is painted (so a click shows its chart first), and
  // again only when the settings change; a newer request cancels an older one.
  #showOverDays(settings, policy, { daysChecked, checking }) {
    const key = JSON.stringify(settings);
    if (this.#overDays.key === key) {
      this.#moreLine(this.#overDays.sentences[policy], true);
      return;
    }
    this.#cancelOverDays();
    if (!this.isConnected) return; // no timer may keep a removed widget; connecting redoes it
    this.#moreLine(checking);
    const core = this.#core; // the module of this render's lesson, even should the widget switch meanwhile
    const first = this.#speech.seed === null; // the first render's line, as its others, is not said
    this.#overDays.frame = requestAnimationFrame(() => { this.#overDays.timer = setTimeout(() => {
      try {
        Object.assign(this.#overDays, { key, sentences: core.spreadSentences(settings, daysChecked), frame: 0, timer: 0 });
        if (this.#view().chart === "shareOfBill") {
          const sentence = this.#overDays.sentences[this.#state.policy];
          this.#moreLine(sentence, true);
          // While a field is typed in, the pause's #sayChanges says it with the chart's lines
          // (if the pause has not come and gone while the days were run).
          if (!this.#typing || this.#speech.deferred === 0) {
            this.#speech.heard.push(sentence);
            if (!first) this.#say([sentence], true);
          }
        }
        this.#tell("bill-widget-days", { ...this.#detail(settings), result: this.#overDays.sentences });
      } catch (e) {
        this.#moreLine("");
        this.#showError(e.message);
      }
    }, 0); });
  }

  // A chart that runs a scenario (runs: true) reads the core's kept run; the run "Another"
  // shows next is run ahead, after this one is painted (warmScenario), so that the click
  // finds it kept. A newer render, or the element's removal, cancels a pending one.
  #warmNext() {
    this.#cancelWarm();
    const scenario = this.#scenario();
    if (!this.#shown().runs || scenario.name !== this.#widget().scenario || !this.isConnected) return;
    const settings = this.#settings();
    const next = this.#nextSeed();
    const core = this.#core;
    // While a field is typed in, once typing pauses: a run ahead after each key doubled the work.
    this.#warm.frame = requestAnimationFrame(() => { this.#warm.timer = setTimeout(() => {
      try { core.warmScenario(scenario.name, settings, next); } catch { /* the click itself will say what is wrong */ }
    }, this.#typing ? TYPING_PAUSE_MS : 0); });
  }

  // The run "Another" shows next: the one after this, or after the last, the first.
  #nextSeed() {
    return this.#state.seed >= schema.settings.find((s) => s.key === "seed").kind.max ? 0 : this.#state.seed + 1;
  }

  #cancelWarm() {
    cancelAnimationFrame(this.#warm.frame);
    clearTimeout(this.#warm.timer);
  }

  // A newer check, or the element's removal, ends the pending one.
  #cancelOverDays() {
    cancelAnimationFrame(this.#overDays.frame);
    clearTimeout(this.#overDays.timer);
  }

  // The "Show numbers" table of the view `of`: a caption, its columns, and rows of cells (with
  // the kind of user, where a row is one user's), a policy's rows under its name once
  // (fillTable). Written only when the view is another than the one it shows (a policy
  // click on a view that does not take the policy keeps it).
  #fillTable(of, caption, columns, rows) {
    if (this.#tableOf === of) return;
    this.#tableOf = of;
    this.#q("#numbers caption").replaceChildren(cell("span", caption));
    fillTable(this.#q("#numbers table"), columns, rows);
  }

  // The backing store `canvas` needs, in device pixels, and the device pixels per CSS pixel:
  // [width, height, scale]. Its CSS size is the one the resize observer saw; a canvas it
  // has not seen shown (a first draw, a view just switched to) is measured now. Should a
  // click's words move the canvas, the observer sees the new size before the frame is
  // painted and draws it again.
  #backing(canvas) {
    const scale = Math.min(8, Math.max(0.5, window.devicePixelRatio || 1));
    const seen = this.#sizes.get(canvas);
    const [width, height] = seen?.[0] > 0 && seen[1] > 0 ? seen : [canvas.clientWidth, canvas.clientHeight];
    return [Math.round(width * scale), Math.round(height * scale), scale];
  }

  // The canvas's backing store is its CSS size times the device pixel ratio, so the
  // bars stay sharp on high-density screens; plotters draws in device pixels.
  #draw() {
    if (!this.#drawn || this.#core === null) return;
    const shown = this.#shown();
    const canvas = this.#q(shown.canvas);
    let [width, height, scale] = this.#backing(canvas);
    if (width === 0 || height === 0) return;
    const { dark, pageDark, shared } = this.#colours();
    this.toggleAttribute("data-dark", dark);
    this.toggleAttribute("data-panel", dark !== pageDark);
    if (shared !== this.#pageBackground) {
      this.#pageBackground = shared;
      // As specific as :host([data-dark]) and after it: it wins.
      this.#pageSheet.replaceSync(shared === null ? "" : `:host(:not([data-panel])) { --bg: ${shared}; }`);
    }
    const look = shared === null ? { dark, scale } : { dark, scale, background: shared };
    try {
      const settings = this.#settings();
      // A chart whose words wrap to its width is as tall as they need (the resize observer
      // then finds the canvas drawn at its new size).
      const needed = shown.height?.(this.#core, width, settings, this.#state, look, this.#widget());
      if (needed > 0 && Math.abs(needed - height) > scale) {
        canvas.style.height = `${Math.ceil(needed / scale)}px`;
        height = Math.round(Math.ceil(needed / scale) * scale);
      }
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      shown.draw(this.#core, canvas, settings, this.#state, look, this.#scenario(), this.#widget());
    } catch (e) {
      this.#showError(e.message);
    }
  }
}

// The widget of the page that keeps its settings in the address (#syncsUrl).
let addressKeeper = null;
// Whether an element is drawn: not under display: none (a closed <details>, a router's hidden page).
const rendered = (el) => el.checkVisibility?.() ?? true;

// The scenario a widget will show, as far as can be told before the core's table is there
// to read its settings: its attribute's, else with sync-url the address's. It only picks
// which lesson's module to load first: a wrong guess costs a second download, not a wrong
// view (the widget then loads its own lesson's).
const scenarioHint = (el) =>
  el?.getAttribute("scenario") ?? (el?.hasAttribute("sync-url") ? new URLSearchParams(location.search).get("scenario") : null);

// How close to the viewport a widget must come for its lesson's module to load: within a
// screen and a half of it, above or below, so that the module is there by the time the
// reader scrolls to the widget, while a lesson page whose widget is further down sends its
// first screen without the WebAssembly (issue 22: a widget a phone can afford).
const NEAR_SCREENS = 1.5;

// Whether `el` is near the viewport now. Asked before observing, so that a widget on the
// first screen starts its download at once rather than at the observer's first report, a
// frame later. A hidden element (display: none) has no box and is not near.
const nearNow = (el) => {
  if (el.getClientRects().length === 0) return false;
  const { top, bottom } = el.getBoundingClientRect();
  const margin = NEAR_SCREENS * innerHeight;
  return top < innerHeight + margin && bottom > -margin;
};

/** Resolves, with the element, once one of `elements` is near the viewport (at once, with
 *  the first, where the browser has no IntersectionObserver); never, once `signal` aborts.
 *  A hidden element (display: none, in a closed <details>) is near only when shown. */
function whenNear(elements, signal) {
  if (!globalThis.IntersectionObserver) return Promise.resolve(elements[0]);
  const now = elements.find(nearNow);
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const near = new IntersectionObserver((entries) => {
      const first = entries.find((e) => e.isIntersecting);
      if (first === undefined) return;
      near.disconnect();
      resolve(first.target);
    }, { rootMargin: `${NEAR_SCREENS * 100}% 0px` });
    for (const el of elements) near.observe(el);
    signal?.addEventListener("abort", () => near.disconnect());
  });
}

// The widgets whose reader pressed their start button (loading="interaction"), and those
// whose button had the keyboard's focus then: their first control takes it once drawn.
const started = new WeakSet();
const focusOnceDrawn = new WeakSet();
/** Whether the keyboard's focus is on the start button in a widget's shadow `root`. */
const startFocused = (root) => root.activeElement?.closest(".start") != null;

/** Whether `el` waits for its reader's press before loading (loading="interaction", not yet
 *  pressed). One that keeps its settings in the address does not wait when the address
 *  names a setting: a shared link's view is what its reader came for, which the widget's
 *  figure, of the defaults, is not. */
const waitsForReader = (el) => el.getAttribute(LOADING.attribute) === LOADING.interaction && !started.has(el)
  && !(el.hasAttribute("sync-url") && [...new URLSearchParams(location.search).keys()].some((n) => ADDRESS_NAMES.includes(n)));

/** Resolves once the reader presses the start button in `root` (el's shadow root), at once
 *  for a widget pressed before; never, once `signal` aborts. Meanwhile `el` has
 *  data-waiting (its fallback and the button show, until the widget renders), and a pointer
 *  over the button or the keyboard's focus on it starts the download, so that a press finds
 *  it under way. */
function whenPressed(el, root, signal) {
  if (started.has(el)) return Promise.resolve();
  el.toggleAttribute("data-waiting", true);
  const button = (e) => e.target === root.querySelector(".start button");
  const early = (e) => { if (button(e)) load(scenarioHint(el)).catch(() => {}); };
  root.addEventListener("pointerover", early, { signal });
  root.addEventListener("focusin", early, { signal });
  return new Promise((resolve) => {
    root.addEventListener("click", (e) => {
      if (!button(e)) return;
      started.add(el);
      if (root.activeElement === e.target) focusOnceDrawn.add(el);
      e.target.textContent = LOADING.starting;
      resolve();
    }, { signal });
  });
}

// The core's table, loaded once, when first asked for, from the module of the lesson of
// `scenario` (the first widget's, whose module is then started already).
let loading = null;
function load(scenario) {
  loading ??= lessonModule(scenario).then((core) => { schema = loadSchema(core, canShow); });
  return loading;
}

/** Loads the WebAssembly and defines `<bill-widget>` (once the table has loaded, or failed
 *  to: a widget then shows why, and its fallback). Called by itself when a `<bill-widget>` of
 *  the page first comes near the viewport (one with loading="interaction": when its reader
 *  presses its button); call it to define the element earlier, or for
 *  widgets that only a shadow root of yours holds (each widget still loads its lesson's
 *  module only when it comes near the viewport). Resolves when the element is defined. */
export function defineBillWidget() {
  return defineFor(globalThis.document?.querySelector("bill-widget"));
}

// Defines the element once the table has loaded from the module of `widget`'s lesson.
function defineFor(widget) {
  return load(scenarioHint(widget)).catch(() => {}).then(() => {
    if (!customElements.get("bill-widget")) customElements.define("bill-widget", BillWidget);
  });
}

// In a browser, the element is defined when a <bill-widget> of the page first comes near
// the viewport (whenNear): at once, or later (a reader's scroll, a client-side navigation,
// a framework's render, a host's own script).
if (globalThis.customElements && globalThis.document) {
  const widgets = document.getElementsByTagName("bill-widget"); // live: cheap to ask again
  const watched = new WeakSet();
  const defined = new AbortController();
  const define = (widget) => {
    defined.abort();
    added.disconnect();
    defineFor(widget);
  };
  // Each widget of the page is watched once; the first to come near defines the element,
  // or the first whose reader presses its start button (loading="interaction": such a
  // widget shows its fallback and the button meanwhile, in a shadow root the element keeps).
  const watchNew = () => {
    const fresh = [...widgets].filter((el) => !watched.has(el));
    for (const el of fresh) watched.add(el);
    const waiting = fresh.filter(waitsForReader);
    const near = fresh.filter((el) => !waiting.includes(el));
    for (const el of waiting) {
      const root = el.shadowRoot ?? el.attachShadow({ mode: "open" });
      root.adoptedStyleSheets = [widgetSheet()];
      root.innerHTML = waitingTemplate();
      nameRegion(el, root, LOADING.label);
      whenPressed(el, root, defined.signal).then(() => define(el));
    }
    if (near.length > 0) whenNear(near, defined.signal).then(define);
  };
  const added = new MutationObserver(watchNew);
  watchNew();
  added.observe(document, { childList: true, subtree: true });
}
