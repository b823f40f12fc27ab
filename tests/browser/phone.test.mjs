// On a phone (390 x 844) each lesson's page shows the chart on its first screen with the
// control that changes it; at 320 px nothing scrolls sideways, and "Show numbers" is a card
// a row; in a wider widget a table wider than it scrolls inside its box with its first
// column kept in view.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, open, ready } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const PAGES = ["examples/toy-day.html", "examples/hackathon.html", "examples/runaway-tenant.html", "examples/free-tier.html"];
const PHONE = { width: 390, height: 844 };
// Of the chart, at least this much is on the first screen (its key and first bars).
const SEEN = 240;

/** Where the widget's policy control and chart are, and the chart's picture. */
function layout(page) {
  return page.locator("bill-widget").evaluate((el) => {
    const q = (s) => el.shadowRoot.querySelector(s);
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
    const control = [...q(".policies").children].find((c) => c.offsetParent !== null);
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: Math.round(r.top), bottom: Math.round(r.bottom) }; };
    return { chart: box(canvas), control: box(control), tag: control.tagName, picture: canvas.toDataURL(), summary: q(".summary").textContent };
  });
}

for (const path of PAGES) {
  test(`${path} at 390 x 844: the policy control and the chart are on the first screen, and a policy picked there redraws it`, async () => {
    const { page, context, log } = await open(env, path, { viewport: PHONE });
    await ready(page);
    const first = await layout(page);
    assert.equal(first.tag, "SELECT", "a narrow widget picks its policy with one select, not rows of buttons");
    assert.ok(first.control.bottom <= PHONE.height, `the policy control ends at ${first.control.bottom} px, on the first screen`);
    assert.ok(first.chart.top + SEEN <= PHONE.height,
      `the chart starts at ${first.chart.top} px: at least ${SEEN} px of it on the first ${PHONE.height} px screen`);
    const select = page.locator("bill-widget").locator("select.compact");
    const other = await select.evaluate((s) => [...s.options].find((o) => !o.selected).value);
    await select.selectOption(other);
    await page.waitForFunction((s) => document.querySelector("bill-widget").shadowRoot.querySelector(".summary").textContent !== s,
      first.summary, { timeout: 5000 }).catch(() => {});
    const after = await layout(page);
    assert.notEqual(after.summary, first.summary, `picking ${other} changes the sentence under the chart`);
    assert.notEqual(after.picture, first.picture, `picking ${other} redraws the chart (its framed bar)`);
    assert.ok(after.chart.top + SEEN <= PHONE.height, "the chart stays where it was");
    assert.deepEqual(log.errors, []);
    await context.close();
  });

  test(`${path} at 320 px: nothing scrolls sideways, with every panel open, and the numbers are a card a row, each under its column's name`, async () => {
    const { page, context, log } = await open(env, path, { viewport: { width: 320, height: 700 } });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    await w.getByRole("button", { name: "Show numbers" }).click();
    const seen = await page.evaluate(() => {
      const el = document.querySelector("bill-widget");
      const table = el.shadowRoot.querySelector("#numbers");
      const number = table.querySelector("tbody tr:not(.group) td:last-child");
      return {
        page: document.documentElement.scrollWidth,
        widget: el.shadowRoot.querySelector(".bw").scrollWidth,
        table: [table.scrollWidth, table.clientWidth],
        named: [getComputedStyle(number, "::before").content, number.dataset.column],
      };
    });
    assert.ok(seen.page <= 320, `the page is ${seen.page} px wide at 320`);
    assert.ok(seen.widget <= 320, `the widget is ${seen.widget} px wide at 320`);
    assert.ok(seen.table[0] <= seen.table[1], `the numbers are ${seen.table[0]} px wide in a box of ${seen.table[1]}: none a scroll away`);
    assert.equal(seen.named[0], `${JSON.stringify(seen.named[1])} / ""`, "a number shows its column's name above it, not said again to a screen reader");
    assert.deepEqual(log.errors, []);
    await context.close();
  });
}

test("on a 390 px phone each lesson's \"More settings\" opens its fields within a screen of the chart's foot, above the panels", async () => {
  for (const path of PAGES) {
    const { page, context, log } = await open(env, path, { viewport: PHONE });
    await ready(page);
    const w = page.locator("bill-widget");
    await w.getByRole("button", { name: "More settings" }).click();
    const { chartFoot, field, panels } = await w.evaluate((el) => {
      const shown = (s) => [...el.shadowRoot.querySelectorAll(s)].find((e) => e.checkVisibility());
      const top = (e) => Math.round(e.getBoundingClientRect().top);
      return {
        chartFoot: Math.round(shown("canvas").getBoundingClientRect().bottom),
        field: top(shown("form input, form select")),
        panels: top(el.shadowRoot.querySelector(".panels")),
      };
    });
    // Below the panels, a lesson's first field was 1,300 to 1,800 px under its chart.
    assert.ok(field - chartFoot < PHONE.height,
      `${path}: the first field is ${field - chartFoot} px under the chart's foot, within a ${PHONE.height} px screen`);
    assert.ok(field < panels, `${path}: the form (at ${field} px) comes before the panels (at ${panels} px)`);
    assert.deepEqual(log.errors, []);
    await context.close();
  }
});

test("on a 390 px phone a field typed in far down the open settings has the chart's first line on the screen above it, and a desk has no copy", async () => {
  const { page, context, log } = await open(env, "examples/runaway-tenant.html", { viewport: PHONE });
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  const last = w.locator("form input").last();
  await last.scrollIntoViewIfNeeded();
  await last.fill(String(Number(await last.inputValue()) + 1));
  await last.blur();
  const seen = () => w.evaluate((el) => {
    const line = el.shadowRoot.querySelector(".settings-line");
    const { top, bottom } = line.getBoundingClientRect();
    return { text: line.textContent, first: el.shadowRoot.querySelector(".summary > span").textContent,
      shown: line.checkVisibility(), top: Math.round(top), bottom: Math.round(bottom), hidden: line.getAttribute("aria-hidden") };
  });
  const phone = await seen();
  // The chart and the lines under it were 200 px and more above the screen's top.
  assert.ok(phone.shown && phone.top >= 0 && phone.bottom <= PHONE.height, `the line is on the screen: ${JSON.stringify(phone)}`);
  assert.equal(phone.text, phone.first, "the chart's first line, after the change");
  assert.equal(phone.hidden, "true", "for the eye alone");
  await page.setViewportSize({ width: 1000, height: 800 });
  assert.equal((await seen()).shown, false, "a desk's settings are beside the chart: no copy");
  assert.deepEqual(log.errors, []);
  await context.close();
});

test("on a 390 px phone the view tabs of a row are of one height, the pressed one's underline inside it", async () => {
  for (const path of PAGES) {
    const { page, context } = await open(env, path, { viewport: PHONE });
    await ready(page);
    const tabs = await page.locator("bill-widget").evaluate((el) =>
      [...el.shadowRoot.querySelectorAll(".views button")].map((b) => b.getBoundingClientRect()).map((r) => [Math.round(r.top), Math.round(r.height)]));
    // The pressed tab's thicker underline made it, and tabs of one line, of other heights
    // (lesson 003's: 51, 48 and 44 px).
    for (const [top, height] of tabs) {
      // Those of its row: centred a few pixels apart (tabs of other heights centre on the row).
      const row = tabs.filter(([t, h]) => Math.abs(t + h / 2 - (top + height / 2)) < height / 2).map(([, h]) => h);
      assert.ok(row.every((h) => h === height), `${path}: the tabs at ${top} px are ${row.join(", ")} px tall`);
    }
    await context.close();
  }
});

test("in a widget too narrow for lesson 000's numbers, yet no phone's, the table scrolls in its box, its first column in view and its edge shaded", async () => {
  const { page, context, log } = await open(env, "examples/toy-day.html", { viewport: { width: 530, height: 800 } });
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "Show numbers" }).click();
  const seen = await w.evaluate((el) => {
    const table = el.shadowRoot.querySelector("#numbers");
    return { widths: [table.scrollWidth, table.clientWidth], sticky: getComputedStyle(table.querySelector("tbody tr:not(.group) > :first-child")).position };
  });
  assert.ok(seen.widths[0] > seen.widths[1], `the table is ${seen.widths[0]} px in a box of ${seen.widths[1]}: it scrolls`);
  assert.equal(seen.sticky, "sticky", "its first column stays in view as it scrolls");
  // Its right edge is shaded while there is more to scroll to, and not at the end.
  const before = await edgeShade(page);
  await w.evaluate((el) => { const n = el.shadowRoot.querySelector("#numbers"); n.scrollLeft = n.scrollWidth; });
  const end = await edgeShade(page);
  assert.ok(before < end - 15, `the edge is darker while the table scrolls on (${before.toFixed(0)}) than at its end (${end.toFixed(0)})`);
  assert.deepEqual(log.errors, []);
  await context.close();
});

test("in a docs site's column 500 px wide on a 1000 px screen, lesson 000's bars keep the height they have on a phone", async () => {
  // The day's notes go under its names below about 36rem of widget: a height chosen by the
  // page's width left them 17rem at 1000 px, and each bar 4 px tall.
  const framedAt = async (viewport, column) => {
    const { page, context, log } = await open(env, "examples/toy-day.html", { viewport });
    await ready(page);
    if (column) {
      await page.locator("bill-widget").evaluate((el, px) => { el.style.width = `${px}px`; }, column);
      await page.waitForFunction((px) => {
        const canvas = [...document.querySelector("bill-widget").shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
        return canvas.getBoundingClientRect().width <= px && canvas.width / canvas.getBoundingClientRect().width > 0;
      }, column);
      await page.waitForTimeout(300); // the resize observer's redraw
    }
    const { run } = await framedBottom(page);
    assert.deepEqual(log.errors, []);
    await context.close();
    return run;
  };
  const phone = await framedAt(PHONE);
  const column = await framedAt({ width: 1000, height: 800 }, 500);
  assert.ok(column >= phone * 0.8, `the framed bar is ${column.toFixed(1)} px tall in the column, ${phone.toFixed(1)} px on a phone`);
});

/** How light (0 to 255, red channel) the rightmost 4 px of the numbers table's box are, as
 * painted, over the middle of its height: a shade there says the table scrolls on. */
async function edgeShade(page) {
  const png = [...(await page.locator("bill-widget").locator("#numbers").screenshot())];
  return page.evaluate(async (bytes) => {
    // A bitmap from the bytes, not an image from an address: the page's CSP allows no data: images.
    const img = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/png" }));
    const canvas = new OffscreenCanvas(img.width, img.height);
    const context = canvas.getContext("2d");
    context.drawImage(img, 0, 0);
    const band = context.getImageData(img.width - 4, Math.round(img.height * 0.3), 4, Math.round(img.height * 0.6)).data;
    let sum = 0;
    for (let i = 0; i < band.length; i += 4) sum += band[i];
    return sum / (band.length / 4);
  }, png);
}

/** Where the framed bar of the widget's chart ends, in page pixels: the bottom of the longest
 * upright run of text-coloured pixels left of the bars (the frame's left edge, around the
 * bill's bar and its strip of honest refusals), and that run's length. */
function framedBottom(page) {
  return page.locator("bill-widget").evaluate((el) => {
    const canvas = [...el.shadowRoot.querySelectorAll("canvas")].find((c) => c.offsetParent !== null);
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    // The bars and words start 6 CSS px in; the frame's edge is drawn 2 px left of them.
    const cols = Math.floor(5 * scale);
    const px = canvas.getContext("2d").getImageData(0, 0, cols, canvas.height).data;
    const [r0, g0, b0] = px;
    let best = { run: 0, end: 0 };
    for (let x = 0; x < cols; x++) {
      let run = 0;
      for (let y = 0; y < canvas.height; y++) {
        const i = (y * cols + x) * 4;
        const far = Math.abs(px[i] - r0) + Math.abs(px[i + 1] - g0) + Math.abs(px[i + 2] - b0) > 300;
        run = far ? run + 1 : 0;
        if (run > best.run) best = { run, end: y };
      }
    }
    return { bottom: box.top + (best.end + 1) / scale, run: best.run / scale };
  });
}

// Each lesson's first view frames a policy lower down its rows (lesson 003's "All three
// layers", the fourth of six, with its 497 honest refusals in the strip under its bill; 001's
// tutorial's app and 002's degrade ladder, each the fourth): on a phone, what a tap on the
// policy control changes is on the first screen.
for (const path of [...PAGES, "embed.html?scenario=freeTier"]) {
  test(`${path} at 390 x 844: the framed policy's bar and its honest refusals are on the first screen`, async () => {
    const { page, context, log } = await open(env, path, { viewport: PHONE });
    await ready(page);
    const framed = await framedBottom(page);
    assert.ok(framed.run >= 20, `the framed bar is found: a frame edge ${framed.run} px long`);
    assert.ok(framed.bottom <= PHONE.height,
      `the framed bar and its strip end at ${Math.round(framed.bottom)} px, on the first ${PHONE.height} px screen`);
    assert.deepEqual(log.errors, []);
    await context.close();
  });
}

/** Each table among the core's panels now shown, as wide as it is drawn and as its box. */
function panelTables(page) {
  return page.locator("bill-widget").evaluate((el) => [...el.shadowRoot.querySelectorAll(".panel table")]
    .filter((t) => t.checkVisibility())
    .map((t) => ({ caption: t.caption?.textContent ?? "", width: Math.ceil(t.getBoundingClientRect().width), box: t.parentElement.clientWidth })));
}

/** The "Show numbers" table, if shown: its columns, its width and its box's, and how many of
 * its rows repeat the first cell of the row above (a policy's name written on each row). */
function numbersShape(page) {
  return page.locator("bill-widget").evaluate((el) => {
    const t = el.shadowRoot.querySelector("#numbers table");
    if (!t.checkVisibility()) return null;
    const rows = [...t.tBodies].flatMap((b) => [...b.rows].filter((r) => !r.classList.contains("group")));
    const repeats = rows.filter((r, i) => i > 0 && r.parentElement === rows[i - 1].parentElement
      && r.cells[0].textContent === rows[i - 1].cells[0].textContent).length;
    return { columns: t.tHead.rows[0].cells.length, width: Math.ceil(t.getBoundingClientRect().width), box: t.parentElement.clientWidth, repeats };
  });
}

// The panels' tables put the lesson's figure beside this run's and the range over many runs:
// a reader who has to scroll sideways to reach this run's column does not see the comparison
// (at 390 px, lesson 000's showed only "The lesson's day"; at 1000 px, lesson 002's calls by
// model hid "Of them umbrella's"). The numbers table names a policy once, over its rows, and
// its headings wrap: a policy's name on each of its rows made lesson 002's table 3,668 px
// tall on a phone, and policies' names heading the columns by time 3,294 px wide on a desktop.
const FITS_COLUMNS = 7;
for (const path of PAGES) {
  for (const width of [320, 1000]) {
    test(`${path} at ${width} px: in every view the panels' tables fit the widget, and the numbers name each policy once`, async () => {
      const { page, context, log } = await open(env, path, { viewport: { width, height: 800 } });
      await ready(page);
      const w = page.locator("bill-widget");
      await w.getByRole("button", { name: "Show numbers" }).click();
      const views = await w.locator("[data-view]").evaluateAll((bs) => bs.map((b) => b.dataset.view));
      let measured = 0;
      let numbers = 0;
      for (const v of views) {
        await w.locator(`[data-view="${v}"]`).click();
        await ready(page);
        for (const t of await panelTables(page)) {
          measured += 1;
          assert.ok(t.width <= t.box, `${v}: "${t.caption}" is ${t.width} px wide in a box of ${t.box} px`);
        }
        const n = await numbersShape(page);
        if (n === null) continue;
        numbers += 1;
        assert.equal(n.repeats, 0, `${v}: ${n.repeats} rows of the numbers table repeat the first cell of the row above`);
        if (width === 1000 && n.columns <= FITS_COLUMNS) {
          assert.ok(n.width <= n.box, `${v}: the numbers table's ${n.columns} columns are ${n.width} px wide in a box of ${n.box} px`);
        }
      }
      assert.ok(measured > 0, `${path} shows at least one panel table (${views.join(", ")})`);
      assert.ok(numbers > 0, `${path} shows its numbers table in at least one view`);
      assert.deepEqual(log.errors, []);
      await context.close();
    });
  }
}

// A browser breaks a word after its hyphens: at 390 px lesson 002's calls by model read
// "claude-sonnet-" over "4-6", and lesson 001's GET /usage "2026-" over "11-11".
test("on a 390 px phone a model's name or a date in a panel's table stays on one line", async () => {
  const seen = [];
  for (const path of ["examples/runaway-tenant.html", "examples/hackathon.html"]) {
    const { page, context, log } = await open(env, path, { viewport: PHONE });
    await ready(page);
    const cells = await page.locator("bill-widget").evaluate((el) => [...el.shadowRoot.querySelectorAll(".panel td, .panel th[scope=row]")]
      .filter((td) => /^(claude-|\d{4}-\d\d-\d\d$)/.test(td.textContent) && td.checkVisibility())
      .map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return { text: td.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
      }));
    assert.ok(cells.length > 0, `${path}: a model or a date in a panel's table`);
    for (const c of cells) assert.equal(c.lines, 1, `${path}: "${c.text}" on ${c.lines} lines`);
    seen.push(...cells.map((c) => c.text));
    assert.deepEqual(log.errors, []);
    await context.close();
  }
  assert.ok(seen.includes("claude-sonnet-4-6") && seen.includes("2026-11-11"), `checked ${seen.join(", ")}`);
});

test("on a 390 px phone each of lesson 002's five view tabs has its name on one line, in two rows", async () => {
  const { page, context, log } = await open(env, "examples/runaway-tenant.html", { viewport: PHONE });
  await ready(page);
  const tabs = await page.locator("bill-widget").evaluate((el) => [...el.shadowRoot.querySelectorAll(".views button")].map((b) => {
    const words = document.createRange();
    words.selectNodeContents(b);
    return { name: b.textContent, lines: new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size, top: Math.round(b.getBoundingClientRect().top) };
  }));
  assert.equal(tabs.length, 5);
  for (const t of tabs) assert.equal(t.lines, 1, `"${t.name}" takes ${t.lines} lines`);
  assert.equal(new Set(tabs.map((t) => t.top)).size, 2, `rows at ${tabs.map((t) => t.top)}`);
  assert.deepEqual(log.errors, []);
  await context.close();
});
