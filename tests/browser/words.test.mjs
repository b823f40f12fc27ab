// What a reader reads in the widgets: the words they typed, fields by their labels, reasons
// in words rather than codes, and thousands separators in amounts and counts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

/** Every text a reader can see in the widget (with its panels and table open), and the table's columns. */
function texts(page) {
  return page.locator("bill-widget").evaluate((el) => {
    const root = el.shadowRoot;
    // A script's output, a log's lines and the /usage page's JSON answer are quoted as the
    // lesson's code writes them: left out.
    const seen = [...root.querySelectorAll(".summary, .more, .panels, #numbers, .error, .notice")].map((e) => {
      const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      const parts = [];
      while (walk.nextNode()) if (!walk.currentNode.parentElement.closest("pre, [data-panel=usage]")) parts.push(walk.currentNode.data);
      return parts.join("\n");
    });
    const labels = [...root.querySelectorAll("canvas")].map((c) => c.getAttribute("aria-label") ?? "");
    return { all: [...seen, ...labels].join("\n"), columns: [...root.querySelectorAll("#numbers th")].map((th) => th.textContent) };
  });
}

test("letters typed in a number field are said back as typed, under the field's label, not its key", async () => {
  const { page, log } = await load(env);
  await ready(page);
  const w = page.locator("bill-widget");
  await w.getByRole("button", { name: "More settings" }).click();
  await w.getByLabel("Budget per user per day").fill("abc");
  const error = await w.locator(".error").textContent();
  assert.equal(error, 'Budget per user per day, in dollars: must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got "abc".');
  assert.deepEqual(log.errors, []);
});

for (const [path, wanted] of [
  ["examples/free-tier.html", ["1,019", "Refused: daily token budget", "Refused: global spend breaker"]],
  ["examples/runaway-tenant.html", ["$1,865.50", "$1,000.00", "Refused: tenant's budget used up", "Refused: ledger down"]],
  ["examples/hackathon.html", ["Refused: daily cost cap"]],
]) {
  test(`${path}: reasons in words, no reason code, and thousands separators in amounts and counts`, async () => {
    const { page, log } = await load(env, path);
    await ready(page);
    await page.locator("bill-widget").getByRole("button", { name: "Show numbers" }).click();
    const { all, columns } = await texts(page);
    for (const text of wanted) assert.ok(all.includes(text), `${path}: "${text}" is shown`);
    for (const code of ["rate_limited", "user_daily_budget", "token_limit", "global_budget", "budget_exhausted", "ledger_unavailable", "budget_used_up"]) {
      assert.ok(columns.every((c) => !c.includes(code)), `${path}: no column is headed ${code}: ${columns.join(" | ")}`);
    }
    // No amount or count of four digits or more without its separator (a year or an hour is
    // not one, nor a setting said as the code writes it: "max_tokens 4096").
    const bare = all.match(/(?<![\d,.:]|max_tokens )\$?\d{4,}(?![\d:])/g)?.filter((n) => !/^(19|20)\d\d$/.test(n)) ?? [];
    assert.deepEqual(bare.filter((n) => n.startsWith("$") || Number(n) >= 1000), [], `${path}: numbers without separators`);
    assert.deepEqual(log.errors, []);
  });
}
