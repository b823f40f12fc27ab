// The bits of HTML that <bill-widget> and the replay page both write from the core's words:
// text escaped for an attribute or an element, a select's options, and a row of buttons of
// which one is pressed, with the select a narrow page shows in their place; those buttons'
// styles, and a shadow root's constructable stylesheet.

/** `text` safe inside an element or a double-quoted attribute. */
export const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An `<option>` for each `[value, label]` of `pairs`, the one whose value is `chosen` selected. */
export const options = (pairs, chosen) => pairs.map(([value, label]) =>
  `<option value="${escape(value)}"${value === chosen ? " selected" : ""}>${escape(label)}</option>`).join("");

/** The same choices as one select (class `compact`, `data-<data>-select`, named `label`),
 *  which a narrow page shows in place of the buttons: one row, so that the chart is on a
 *  phone's first screen with the control that changes it. */
export const choiceSelect = (choices, data, label) =>
  `<select class="compact" data-${data}-select aria-label="${escape(label)}">${choiceOptions(choices)}</select>`;

/** An `<option>` for each of `choices` (`{ value, label }`), none selected yet. */
export const choiceOptions = (choices) => options(choices.map((c) => [c.value, c.label]), null);

/** A button for each of `choices` (`{ value, label }`), its value in `data-<data>`, none
 *  pressed yet. */
export const choiceButtons = (choices, data) => choices.map(({ value, label }) =>
  `<button type="button" data-${data}="${escape(value)}" aria-pressed="false">${escape(label)}</button>`).join("");

/** Tags the CSS of the shadow roots' sheets (String.raw: its backslashes stay as written).
 *  scripts/package strips the comments and runs of white space of what it tags. */
export const css = String.raw;

/** The buttons' styles, in both shadow roots' sheets (a pressed one filled with the accent;
 *  at least 2.75rem tall, a finger's size), with `--line` and `--accent` set by the host. */
export const buttonStyles = css`
button {
  font: inherit;
  min-height: 2.75rem;
  padding: 0.4rem 0.9rem;
  border: 1px solid var(--line);
  border-radius: 0.4rem;
  background: transparent;
  color: inherit;
  cursor: pointer;
}
button[aria-pressed="true"] { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; }
:host([data-dark]) button[aria-pressed="true"] { color: #000; }
`;

/** A function that gives one constructable stylesheet of `css`, made at its first call (so
 *  a module that holds one is safe to import outside a browser) and the same one after. */
export function sheetOnFirstUse(css) {
  let sheet = null;
  return () => {
    if (sheet === null) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    return sheet;
  };
}
