// The cells of the core's tables, as <bill-widget>'s "Show numbers" and panels and the replay
// page write them: text only (a cell is never HTML), a one-word cell on one line, and a
// table whose first column repeats in runs (a policy's rows) written with each run under
// a heading row naming it once.
import { css } from "./markup.js";

export const cell = (tag, value) => Object.assign(document.createElement(tag), { textContent: String(value) });
// A cell of one word ("claude-sonnet-4-6", "2026-11-11") is kept on one line: a table's
// cells wrap between words, and a browser also breaks a word after its hyphens. The first
// cell heads its row (what the row is: a user, a policy), so that a screen reader says it
// beside each number of the row.
export const rowOf = (cells) => {
  const tr = document.createElement("tr");
  tr.append(...cells.map((value, i) => {
    const c = cell(i === 0 ? "th" : "td", value);
    if (i === 0) c.scope = "row";
    if (!/\s/.test(c.textContent)) c.className = "word";
    return c;
  }));
  return tr;
};
// A column the core leaves unnamed (the first of a table whose rows are headed: its corner)
// is a plain cell: an empty column header is a heading of nothing to a screen reader.
export const headOf = (columns) => columns.map((c) => String(c).trim() === "" ? cell("td", c) : Object.assign(cell("th", c), { scope: "col" }));

// A column of words (a team, a kind of user) reads from the left; one of numbers and
// amounts ("1,270", "$0.0735", "62%") from the right, their digits in line.
const NUMBER = /^[-+]?\$?[\d,.]*\d%?$|^$/;
const wordColumns = (rows) => {
  const width = Math.max(0, ...rows.map(({ cells }) => cells.length));
  return new Set([...Array(width).keys()].filter((i) => rows.some(({ cells }) => !NUMBER.test(String(cells[i] ?? "").trim()))));
};
// Marks the cells of `words`' columns, `from` being the first cell's column.
const markWords = (cells, words, from = 0) => {
  cells.forEach((c, i) => { if (words.has(i + from)) c.classList.add("words"); });
  return cells;
};

// A table's rows grouped by their first cell where it repeats in runs (a
// policy's rows, one per user or kind of user): the groups in order, each with its rows
// without that cell, or null when every row is its own (a table by time). A policy's long
// name then heads its rows once, where on every row it made a phone's table a tall column
// of names with the numbers a sideways scroll away.
function groupedByFirst(rows) {
  const groups = [];
  for (const { cells: [first, ...cells], ...row } of rows) {
    const last = groups.at(-1);
    if (last?.name === first) last.rows.push({ ...row, cells });
    else groups.push({ name: first, rows: [{ ...row, cells }] });
  }
  const apart = new Set(groups.map((g) => g.name)).size === groups.length;
  return groups.length < rows.length && apart ? groups : null;
}

// A table body of `rows` (cells, and the kind of user where a row is one user's), under a
// heading row naming the group (its column's name in data-column) when it is one; each
// cell has its column's name (`names`) in data-column, which a phone's card of the row
// shows above it.
function bodyOf(rows, group = null, words = new Set(), names = []) {
  const tbody = document.createElement("tbody");
  if (group !== null) {
    const th = Object.assign(document.createElement("th"), { scope: "rowgroup", colSpan: group.span });
    th.dataset.column = group.column;
    th.append(cell("span", group.name));
    const tr = document.createElement("tr");
    tr.className = "group";
    tr.append(th);
    tbody.append(tr);
  }
  tbody.append(...rows.map(({ cells, kind }) => {
    const tr = rowOf(cells);
    [...tr.cells].forEach((td, i) => { if (names[i] !== undefined) td.dataset.column = names[i]; });
    markWords([...tr.cells], words, group === null ? 0 : 1);
    if (kind) tr.dataset.kind = kind;
    return tr;
  }));
  return tbody;
}

// Fills `table` (a <table> with a <thead> row) with `columns` and `rows` (each `{ cells,
// kind }`), a run of rows with one first cell under a heading row naming it
// (groupedByFirst), the first column then left out of the heads.
export function fillTable(table, columns, rows) {
  const groups = groupedByFirst(rows);
  const words = wordColumns(rows);
  const from = groups === null ? 0 : 1;
  table.tHead.rows[0].replaceChildren(...markWords(headOf(columns.slice(from)), words, from));
  for (const tbody of [...table.tBodies]) tbody.remove();
  if (groups === null) table.append(bodyOf(rows, null, words, columns));
  else {
    const group = (name) => ({ name, column: columns[0], span: columns.length - 1 });
    table.append(...groups.map(({ name, rows }) => bodyOf(rows, group(name), words, columns.slice(1))));
  }
}

// A phone's table as cards, for the tables inside `box` (a selector) where the nearest
// container is at most 30rem wide: each row a card, what the row is across the top, then
// each number under its column's name (data-column), so the numbers sit on the screen
// where a table of seven columns put them a sideways scroll away. The column heads stay
// for screen readers, which the names above the numbers are not said to (their alt text,
// ""). <bill-widget>'s "Show numbers" and the replay page's tables share it.
export const tableCards = (box) => css`@container (max-width: 30rem) {
  ${box} table, ${box} tbody, ${box} caption { display: block; min-width: 0; }
  ${box} thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  /* One grid for every card, so a column's numbers stand under each other from card to card. */
  ${box} tr { display: grid; grid-template-columns: repeat(auto-fill, minmax(5rem, 1fr)); gap: 0.2rem 0.6rem; padding: 0.3rem 0; border-bottom: 1px solid var(--line); }
  ${box} tr.group { display: block; border-bottom: 0; }
  ${box} td, ${box} th[scope="row"], ${box} tr.group th { display: block; position: static; border: 0; padding: 0; min-width: 0; text-align: left; }
  ${box} tr.group span { position: static; }
  ${box} th[scope="row"] { grid-column: 1 / -1; font-weight: 600; white-space: normal; }
  /* A name beside the numbers (a team's, often a UUID of 36 characters: a cell of a column
     of words) has the card's width, and breaks only where even that is too narrow; the
     numbers share the card's lines. */
  ${box} td.words { grid-column: 1 / -1; white-space: normal; overflow-wrap: anywhere; }
  /* A long column name wraps above its number, the numbers of a line in line. */
  ${box} td { white-space: nowrap; display: flex; flex-direction: column; justify-content: space-between; }
  ${box} td[data-column]::before { content: attr(data-column) / ""; display: block; font-size: 0.8em; font-weight: 400; opacity: 0.85; white-space: normal; }
}`;
