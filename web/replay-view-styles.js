// Styles of <replay-view>, adopted by its shadow root as one constructable stylesheet, as
// the widget's are (bill-widget-styles.js): a module, not a .css file its shadow root links,
// so they hold from its first frame (linked, the page stood unstyled and 451 px wide at
// 320 px until the file came) and need no fetch of their own. The buttons are the widget's
// (buttonStyles); on a phone, each table's rows are cards (tableCards), as in the widget's
// "Show numbers". The sheet is made on first use.
import { buttonStyles, css, sheetOnFirstUse } from "./markup.js";
import { tableCards } from "./table-cells.js";

/** A phone's page: its tables are cards (tableCards), its framed policy a select. */
export const PHONE = "(max-width: 30rem)";

const styles = css`
:host {
  all: initial;
  display: block;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1a1a1a;
  background: #fff;
  --accent: #0b5cad;
  --line: #767676;
  --bad: #b00020;
  --bg: #fff;
}
:host([data-dark]) { color: #eee; background: #121418; --accent: #8cc4ff; --line: #9a9a9a; --bad: #ff8a80; --bg: #121418; }
.rv, .results { display: grid; gap: 0.6rem; grid-template-columns: minmax(0, 1fr); overflow-wrap: anywhere; }
.results[hidden], .reading[hidden], .notes-box[hidden], .replayed[hidden] { display: none; }
.log-link { color: var(--accent); }
h2, h3 { margin: 0.4rem 0 0; line-height: 1.25; }
h2 { font-size: 1.3rem; }
h3 { font-size: 1.15rem; }
p { margin: 0; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
.drop { border: 2px dashed var(--line); border-radius: 0.5rem; padding: 0.8rem; display: grid; gap: 0.3rem; }
.drop.over { border-color: var(--accent); background: color-mix(in srgb, var(--accent) 10%, transparent); }
.hint { font-size: 0.9rem; }
label { display: grid; gap: 0.2rem; grid-template-columns: minmax(0, 1fr); min-width: 0; max-width: 100%; }
label.check { display: flex; gap: 0.4rem; align-items: center; min-height: 2.75rem; }
${buttonStyles}
/* The results' heading takes the focus after a replay, so that a phone scrolls to the
   results and the next Tab goes on from there: a place to read from, not a control, so no ring. */
#rv-results:focus { outline: none; }
button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible, [role="region"]:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 2px;
}
input[type="file"] { width: 100%; box-sizing: border-box; }
input, select { font: inherit; color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 0.3rem; padding: 0.3rem; max-width: 100%; }
input[type="number"], input[type="text"] { width: 12rem; max-width: 100%; box-sizing: border-box; }
input.tiers { width: 24rem; }
input[type="checkbox"] { width: 1.25rem; height: 1.25rem; }
[aria-invalid="true"] { border: 2px solid var(--bad); }
:host([data-dark]) select option { background: #121418; }
.reading { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
progress { width: min(20rem, 100%); height: 1.2rem; accent-color: var(--accent); }
.progress-text { font-variant-numeric: tabular-nums; }
.problem:empty { display: none; }
.problem { padding: 0.4rem 0.6rem; border-left: 4px solid var(--bad); display: grid; gap: 0.3rem; }
.problem .head { font-weight: 600; }
.problem .message { white-space: pre-line; font-family: ui-monospace, monospace; font-size: 0.9rem; }
.editor-error { color: var(--bad); font-weight: 600; }
.editor-error:empty { display: none; }
.editor-note:empty { display: none; }
details { border: 1px solid var(--line); border-radius: 0.4rem; padding: 0.4rem 0.6rem; }
summary { cursor: pointer; font-weight: 600; min-height: 2rem; }
.policies { display: grid; gap: 0.6rem; margin: 0.5rem 0; }
fieldset { border: 1px solid var(--line); border-radius: 0.4rem; display: grid; gap: 0.4rem; min-width: 0; margin: 0; grid-template-columns: minmax(0, 1fr); }
fieldset > button { justify-self: start; }
.editor select { width: 100%; max-width: 24rem; }
legend { font-weight: 600; padding: 0 0.3rem; }
/* A ledger's JSON is one long word: it breaks anywhere rather than widen a phone's page. */
.kept-more { margin: 0; }
.kept-more code { overflow-wrap: anywhere; }
canvas { width: 100%; height: 24rem; display: block; }
.time-chart { height: 18rem; }
ul { margin: 0; padding-left: 1.2rem; }
[role="region"] { overflow-x: auto; container-type: inline-size; }
/* A shadow at the right edge while a wide table has more to its right (on a phone its last
   columns were cut with no sign of them): a cover at the content's own end (local) hides
   it once the reader has scrolled there. */
[role="region"] {
  background:
    linear-gradient(to left, var(--bg) 1rem, transparent 2rem) right / 2rem 100% no-repeat local,
    linear-gradient(to left, color-mix(in srgb, currentColor 45%, transparent), transparent) right / 1rem 100% no-repeat scroll;
}
table { border-collapse: collapse; font-variant-numeric: tabular-nums; min-width: 100%; }
/* Nine columns (lesson 003's own policies' reasons, its kinds of user by the lesson's own
   names) fit a desktop page's column: at the widget's 0.4rem, 6 px past it. */
th, td { padding: 0.2rem 0.35rem; border-bottom: 1px solid var(--line); text-align: right; white-space: nowrap; }
/* A table wider than the page (on a phone) scrolls under its caption and its first column
   (what each row is), which stay put; that column may wrap, so numbers show beside it. */
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; position: sticky; left: 0; max-width: 100cqi; box-sizing: border-box; }
/* A table under its disclosure is named by the summary, which says its caption: the caption
   is kept for screen readers (it names the table) and hidden from the eye. */
.table details { margin: 0.5rem 0; }
.table details caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
th:first-child, td:first-child { text-align: left; position: sticky; left: 0; background: var(--bg); z-index: 1; }
th[scope="row"] { white-space: normal; min-width: 6rem; font-weight: inherit; }
/* Headings wrap between words, so a column is about as wide as its numbers (a budget's
   four words over counts of three digits); as the widget's "Show numbers" table. */
thead th { white-space: normal; overflow-wrap: normal; min-width: 4rem; vertical-align: bottom; }
/* A one-word cell ("claude-sonnet-4-6") is not broken after its hyphens. */
td.word, th.word { white-space: nowrap; }
th.words, td.words { text-align: left; }
/* A policy's rows come under a row naming it once, its words kept in view as the table
   scrolls; a long name (a lesson's, or one said by its guards) wraps rather than widen it. */
tr.group th { position: static; padding-top: 0.6rem; white-space: normal; }
tr.group span { position: sticky; left: 0.5rem; display: inline-block; max-width: calc(100cqi - 1.5rem); }
/* The framed policy's name sits by its buttons (or its select) as a label does by its field. */
.frame-name + .frame { margin-top: -0.4rem; }
/* A phone shows the framed policy as one select in place of a block of buttons (a lesson's
   six long names took 430 px above its chart). */
.frame .compact { display: none; }
@media ${PHONE} {
  /* A table's rows are cards there, which never scroll sideways: no edge's shadow. */
  [role="region"] { background: none; }
  .time-chart { height: 22rem; }
  .frame button { display: none; }
  .frame .compact { display: block; width: 100%; min-height: 2.75rem; font-weight: 600; }
}
${tableCards('[role="region"]')}
`;

/** The replay view's stylesheet, made once and shared by every replay view on the page. */
export const replayViewSheet = sheetOnFirstUse(styles);
