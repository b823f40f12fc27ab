// Styles of <bill-widget>, adopted by its shadow root as a constructable stylesheet: they
// neither leak into the host page nor take the host's. They are a JS module, not a .css
// file, so that a bundler cannot take them for the site's own stylesheet (VitePress takes
// the first .css of its client bundle as the theme's), and they need no fetch of their own.
// The sheet is made on first use: importing this module outside a browser is safe.
import { buttonStyles, css, sheetOnFirstUse } from "./markup.js";
import { tableCards } from "./table-cells.js";

const styles = css`
:host {
  all: initial; /* take nothing from the host page */
  display: block;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1a1a1a;
  --bg: #fff;
  background: var(--bg);
  --accent: #0b5cad;
  --line: #767676;
}
:host([data-dark]) { color: #eee; --bg: #121418; --accent: #8cc4ff; --line: #9a9a9a; }
/* Dark on a light page (theme="dark"), or light on a dark one: a panel, its text kept off its edges. */
:host([data-panel]) { padding: 0.75rem; border-radius: 0.5rem; }
/* One column never wider than the element: a long option, a long message or the table
   may not widen the page (at 320 px the page would scroll sideways). */
.bw { display: grid; gap: 0.6rem; grid-template-columns: minmax(0, 1fr); overflow-wrap: anywhere; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
${buttonStyles}
button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
canvas { width: 100%; height: 17rem; display: block; }
.overrun-chart { height: 19rem; }
/* Six bars, each with a long label. */
.cohort-chart { height: 28rem; }
/* Points labelled with two or three lines each. */
.tradeoff-chart { height: 22rem; }
/* Two rows of forty tiny bars, each with its heading and note. */
.accounts-chart { height: 18rem; }
/* Two runs of answer tiles, the second with its spend against the cap; then the answers of
   the widget's run by kind of user, and the calls to the cap with the spend against it. Its
   first height: drawn, it takes the height its words need at its width (clientHeight). */
.client-chart { height: 36rem; }
/* Five long policy labels above five tens of dollars, each step high enough to read. */
.runaway-day-chart { height: 26rem; }
/* A key and four bars, each with a heading and a note. */
.ladder-chart { height: 22rem; }
/* A key of up to six policies, several of two lines (lessons 001 and 002), over the lines:
   at 17rem lesson 002's month had 80 px of plot under 130 of key. */
.overtime-chart { height: 24rem; }
.summary { margin: 0; min-height: 3em; }
.summary span { display: block; }
.summary span + span { margin-top: 0.35rem; }
.day-number { font-variant-numeric: tabular-nums; }
form { display: grid; gap: 0.6rem; padding: 0.6rem; border: 1px solid var(--line); border-radius: 0.4rem; }
form[hidden] { display: none; }
label { display: grid; gap: 0.2rem; grid-template-columns: minmax(0, 1fr); }
label[hidden] { display: none; } /* a setting the current view does not use */
input { font: inherit; padding: 0.3rem; max-width: 10rem; color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 0.3rem; }
input[aria-invalid="true"] { border: 2px solid #c00; }
.error { color: #b00020; margin: 0; font-weight: 600; }
:host([data-dark]) .error { color: #ff8a80; }
.error:empty { display: none; }
.field-error { display: block; color: #b00020; font-weight: 600; }
:host([data-dark]) .field-error { color: #ff8a80; }
.field-error:empty { display: none; }
/* Said under each field of the open form already: kept for screen readers alone. The live
   region (what a screen reader is told after a change) is for them alone too. */
.settings:has(> form:not([hidden])) + .error.told, .announce { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) {
  button { transition: background-color 0.15s; }
}
.notice { margin: 0; padding: 0.4rem 0.6rem; border-left: 4px solid var(--accent); }
.notice[hidden], .numbers[hidden] { display: none; }
select { font: inherit; color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 0.3rem; padding: 0.3rem; max-width: 100%; justify-self: start; }
:host([data-dark]) select option { background: #121418; }
.numbers { overflow-x: auto; }
/* A table wider than the widget says so: a shade at the edge it scrolls toward (attached to
   the box), covered once the table is scrolled to its end (the cover moves with the table). */
.numbers, .panel .scroll {
  background:
    linear-gradient(to left, var(--bg) 45%, transparent) 100% 0 / 2.5rem 100% no-repeat local,
    radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, currentColor 35%, transparent), transparent)
      100% 0 / 0.9rem 100% no-repeat scroll;
}
table { border-collapse: collapse; font-variant-numeric: tabular-nums; min-width: 100%; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
th, td { padding: 0.2rem 0.5rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
th:first-child, td:first-child, .panel th:nth-child(2), .panel td:nth-child(2) { text-align: left; }
/* A table wider than the widget scrolls, its first column (what each row is) staying put. */
th:first-child, td:first-child { position: sticky; left: 0; background: var(--bg); z-index: 1; }
/* What each row is may wrap, so the numbers beside it fit (and stay in view when they do not). */
th[scope="row"] { white-space: normal; min-width: 7rem; font-weight: inherit; }
tr[data-kind="heavy"] :is(td, th) { font-weight: 700; }
/* The numbers table's headings wrap between words, so a column is about as wide as its
   numbers (a policy's name heading each column of a table by time made it 3,294 px wide). A
   policy's rows come under a row naming it once, its words kept in view as the table scrolls. */
.numbers th { white-space: normal; overflow-wrap: normal; }
.numbers th, .numbers td { padding-inline: 0.4rem; }
.numbers thead th { min-width: 4rem; vertical-align: bottom; }
.numbers tr.group th { position: static; padding-top: 0.6rem; }
/* The caption and a group's name are as wide as the table: their words wrap within the
   widget's width instead, and stay put as the table scrolls under them. */
.numbers caption span, .numbers tr.group span { position: sticky; left: 0.4rem; display: inline-block; max-width: calc(100cqi - 1.5rem); }
.numbers caption span { left: 0; }
@media print {
  .row, .settings { display: none; }
}
/* A phone's open settings keep the chart's first line at the top of the screen once
   the lines under the chart have gone above it (data-away): the chart they change is off the
   screen. Three lines at most, laid over the fields (its negative margin), so that the fields
   do not move when it comes. A copy for the eye alone (a screen reader is told the chart's
   lines themselves). */
.settings-line { display: none; }
@container (max-width: 30rem) {
  .settings[data-away]:has(> form:not([hidden])) .settings-line {
    display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden;
    position: sticky; top: 0; z-index: 1; box-sizing: border-box; height: calc(4.3rem + 1px); margin: 0 0 calc(-4.3rem - 1px);
    padding: 0.4rem 0.2rem 0; line-height: 1.3rem;
    background: var(--bg); border-bottom: 1px solid var(--line); font-size: 0.85rem;
  }
}
/* A narrow chart puts each bar's note on a line of its own: give it the room. By the
   widget's width, not the page's: in a docs site's narrow column on a desktop, lesson 000's day
   (its notes under its names below about 36rem) had bars 4 px tall; longer notes stack wider. */
@container (max-width: 38rem) {
  .day-chart { height: 23rem; }
}
@container (max-width: 30rem) {
  canvas { height: 23rem; }
  /* Six rows, each bar tall enough for its shares: lesson 003's framed fourth row and its
     strip of honest refusals end on a 390 x 844 phone's first screen. */
  .cohort-chart { height: 33rem; }
  .tradeoff-chart { height: 26rem; }
  .client-chart { height: 46rem; }
  .runaway-day-chart { height: 30rem; }
  /* Two group headings of two lines each on a phone: the bars keep a height to read. */
  .ladder-chart { height: 26rem; }
  /* The key wraps to twice the lines on a phone. */
  .overtime-chart { height: 32rem; }
}
.more { margin: 0; font-size: 0.9rem; }
/* A view with no line under its chart: no gap, and no empty paragraph for a screen reader. */
.more:empty { display: none; }
/* Switches beside the chart (lesson 001's weaknesses): small, several to a row. */
.toggles { gap: 0.3rem; }
.toggles[hidden] { display: none; }
.toggles button { min-height: 2.75rem; padding: 0.2rem 0.6rem; font-size: 0.9rem; }
/* A switch pressed is filled, not bold: bold, its words grew, and a phone's row of switches
   wrapped anew, moving the next switch from under the finger and the chart down. */
.toggles button[aria-pressed="true"] { font-weight: inherit; }
/* A narrow widget (a phone): the policy is one select in place of a block of buttons, and
   the views are one row of tabs, so the chart is on the first screen with what changes it. */
.bw { container-type: inline-size; }
.compact { display: none; }
@container (max-width: 40rem) {
  .policies button { display: none; }
  .policies .compact { display: block; width: 100%; min-height: 2.75rem; font-weight: 600; justify-self: stretch; }
  .policies { display: block; }
  /* Up to four tabs share one row by the length of their names, so a long name takes two
     lines, not three (lesson 003's trade-off tab took three at 390 px, which pushed its
     chart's framed bar off a phone's first screen). Five or more wrap to a second row, each
     name on one line: squeezed into one row, lesson 002's five took three lines each
     ("Over / the / month") in as much height. */
  .views { flex-wrap: wrap; gap: 0.3rem; align-items: stretch; }
  .views button { flex: 1 1 auto; min-width: max-content; overflow-wrap: normal; padding: 0.3rem 0.4rem; font-size: 0.9rem; line-height: 1.25; }
  .views:not(:has(> :nth-child(5))) { flex-wrap: nowrap; }
  .views:not(:has(> :nth-child(5))) button { min-width: min-content; }
  /* Narrower than a 390 px phone's widget, those would take four rows: one, names broken
     between words, as four tabs. */
  @container (max-width: 22rem) { .views button { min-width: min-content; flex: 1 1 0; } }
  /* The switches: two rows on a phone, each button as wide as its words. */
  .toggles button { flex: 1 1 auto; padding: 0.2rem 0.4rem; font-size: 0.85rem; }
}
.day-view, .inflight-view, .cohort-view, .tradeoff-view, .accounts-view, .client-view, .overtime-view { display: grid; gap: 0.6rem; }
.day-view[hidden], .inflight-view[hidden], .cohort-view[hidden], .tradeoff-view[hidden], .accounts-view[hidden], .client-view[hidden], .overtime-view[hidden] { display: none; }
/* The view switch: pressed is a thick underline, as a tab's, so it reads neither as a fourth
   policy (filled) nor as the keyboard's focus (a ring round the button). */
:host .views button[aria-pressed="true"] {
  background: transparent; color: inherit; border-color: var(--line); border-bottom: 0.3rem solid var(--accent); font-weight: 600;
}
/* When the WebAssembly cannot load: the message and the element's own fallback children
   (a still picture, the core's sentences) in place of controls that could do nothing. */
.failure, .fallback-slot { display: none; }
:host([data-failed]) .failure { display: block; margin: 0; padding: 0.4rem 0.6rem; border-left: 4px solid #b00020; font-weight: 600; }
:host([data-failed]) .fallback-slot { display: block; }
:host([data-failed]) .bw > :not(.failure, .fallback-slot) { display: none; }
/* A widget that waits for its reader (loading="interaction"): its fallback and the start
   button, until the button is pressed. */
.start { display: none; }
/* Until then it has no core to choose its colours by the page's: it shows the page's own
   background and text colour (no white box on a dark page). */
:host([data-waiting]) { background: transparent; color: inherit; }
:host([data-waiting]) :is(.start, .fallback-slot) { display: block; }
:host([data-waiting]) .bw > :not(.start, .fallback-slot) { display: none; }
/* The core's panels beside the chart: a log's last lines scroll inside their own box. */
.panels { display: grid; gap: 0.6rem; grid-template-columns: minmax(0, 1fr); }
.panels:empty { display: none; }
.panel { border-top: 1px solid var(--line); }
.panel > :is(h2, h3, h4, h5, h6) { font-size: 1rem; margin: 0.4rem 0; }
.panel p { margin: 0 0 0.4rem; }
.panel pre { margin: 0; padding: 0.4rem; overflow-x: auto; font-size: 0.8rem; border: 1px solid var(--line); border-radius: 0.3rem; }
.panel .scroll { overflow-x: auto; }
/* A panel's table is read across (the lesson's figure, this run's, the range over many runs):
   its cells wrap between words, so every column fits the widget, on a phone too. The numbers
   table ("Show numbers") keeps one line a cell and scrolls, its first column kept in view. */
.panel th, .panel td { white-space: normal; overflow-wrap: normal; }
td.word, th.word { white-space: nowrap; }
th.words, td.words { text-align: left; }
/* Narrower than a 390 px phone's widget, a panel's table fits by breaking even those. */
@container (max-width: 22rem) { .panel :is(td, th).word { white-space: normal; } }
@container (max-width: 30rem) {
  .panel table { font-size: 0.875rem; }
  .panel th, .panel td { padding: 0.2rem; }
  .panel th[scope="row"] { min-width: 0; max-width: 8rem; }
}
/* A phone's "Show numbers" shows each row as a card (table-cells.js). */
@container (max-width: 30rem) { .numbers { background: none; } }
${tableCards(".numbers")}
pre:focus-visible, .scroll:focus-visible, .numbers:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
`;

/** The widget's stylesheet, made once and shared by every widget on the page. */
export const widgetSheet = sheetOnFirstUse(styles);
