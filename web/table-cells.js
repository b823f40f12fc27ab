// The cells of the core's tables, as <bill-widget>'s "Show numbers" and panels and the replay
// page write them: text only (a cell is never HTML), a one-word cell on one line, and a
// table whose first column repeats in runs (a policy's rows) written with each run under
// a heading row naming it once.

export const cell = (tag, value) => Object.assign(document.createElement(tag), { textContent: String(value) });
// A cell of one word ("claude-sonnet-4-6", "2026-11-11") is kept on one line: a table's
// cells wrap between words, and a browser also breaks a word after its hyphens.
export const rowOf = (cells) => {
  const tr = document.createElement("tr");
  tr.append(...cells.map((value) => {
    const td = cell("td", value);
    if (!/\s/.test(td.textContent)) td.className = "word";
    return td;
  }));
  return tr;
};
export const headOf = (columns) => columns.map((c) => Object.assign(cell("th", c), { scope: "col" }));

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
