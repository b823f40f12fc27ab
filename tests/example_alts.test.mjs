// The example pages' fallback pictures say numbers in their text alternatives (`alt`),
// written by hand in the HTML: each must be one the core gives. An amount or a percent
// must be in the figure's own words (its <title> and <desc>, which `billsim figures` writes
// from the core), or in `billsim run` of the page's scenario on run 0; a count "N of M" must
// have both numbers on one line of that run's table. Numbers said "about" are rounded and
// left alone. WEB_DIR points the test at another copy of web/.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const web = process.env.WEB_DIR ?? join(root, "web");
const billsim = process.env.BILLSIM ?? resolve(root, "target/release/billsim");
const pages = readdirSync(join(web, "examples")).filter((f) => f.endsWith(".html"));

/** Each fallback picture of `html` with the scenario of the widget around it. */
function fallbacks(html) {
  const widgets = html.matchAll(/<bill-widget([^>]*)>([\s\S]*?)<\/bill-widget>/g);
  return [...widgets].flatMap(([, attributes, inside]) => {
    const scenario = attributes.match(/\bscenario="([^"]+)"/)?.[1] ?? "toyDay";
    return [...inside.matchAll(/<img src="\/widget\/figures\/([^"]+)"[^>]*?alt="([^"]*)"/g)]
      .map(([, figure, alt]) => ({ scenario, figure, alt: alt.replace(/\s+/g, " ") }));
  });
}

/** The numbers `alt` states exactly: amounts, percents and counts "N of M". */
function stated(alt) {
  const exact = (m) => !/about $/.test(alt.slice(0, m.index));
  const number = String.raw`\d{1,3}(?:,\d{3})*`; // 6,332 and 247, never a sentence's comma
  const amounts = [...alt.matchAll(new RegExp(String.raw`\$${number}(?:\.\d+)?|\b\d+%`, "g"))].filter(exact).map((m) => m[0]);
  const counts = [...alt.matchAll(new RegExp(String.raw`\b(${number}) of (${number})\b`, "g"))].filter(exact)
    .map((m) => [m[1], m[2]]);
  return { amounts, counts };
}

test("every number an example page's fallback picture states is one the core gives", () => {
  let checked = 0;
  for (const page of pages) {
    for (const { scenario, figure, alt } of fallbacks(readFileSync(join(web, "examples", page), "utf8"))) {
      const svg = readFileSync(join(web, "figures", figure), "utf8");
      const words = [...svg.matchAll(/<(title|desc)>([\s\S]*?)<\/\1>/g)].map((m) => m[2]).join(" ");
      const run = execFileSync(billsim, ["run", "--scenario", scenario, "--seed", "0"], { encoding: "utf8" });
      const { amounts, counts } = stated(alt);
      for (const amount of amounts) {
        assert.ok(words.includes(amount) || run.includes(amount),
          `${page}: the alt of ${figure} says ${amount}, which neither the figure's words nor \`billsim run --scenario ${scenario}\` say`);
      }
      for (const [part, whole] of counts) {
        const plain = (n) => n.replace(/,/g, "");
        const onOneLine = run.split("\n").some((line) =>
          [part, whole].every((n) => new RegExp(`(^|\\s)${plain(n)}(\\s|$)`).test(line)));
        assert.ok(onOneLine || words.includes(`${part} of ${whole}`),
          `${page}: the alt of ${figure} says ${part} of ${whole}, which no line of \`billsim run --scenario ${scenario}\` has`);
      }
      checked += amounts.length + counts.length;
    }
  }
  // The pages state eight numbers exactly: a test that found fewer would check less than it says.
  assert.ok(checked >= 8, `only ${checked} numbers found in the example pages' alts`);
});

test("every example page's fallback picture gives the width and height its SVG was drawn at", () => {
  let checked = 0;
  for (const page of pages) {
    const html = readFileSync(join(web, "examples", page), "utf8");
    // An <img src> or a <source srcset> of a figure, with its width and height.
    for (const [tag] of html.matchAll(/<(?:img|source)\b[^>]*?(?:src|srcset)="\/widget\/figures\/[^"]+"[^>]*>/g)) {
      const figure = /(?:src|srcset)="\/widget\/figures\/([^"]+)"/.exec(tag)[1];
      const [w, h] = ["width", "height"].map((a) => new RegExp(`\\b${a}="(\\d+)"`).exec(tag)?.[1]);
      const svg = readFileSync(join(web, "figures", figure), "utf8");
      const drawn = /^<svg width="(\d+)" height="(\d+)"/.exec(svg);
      assert.deepEqual([w, h], [drawn[1], drawn[2]], `${page}: ${figure} is given as ${w} x ${h}, drawn ${drawn[1]} x ${drawn[2]}`);
      checked += 1;
    }
  }
  // Five pages, each figure wide and narrow: a test that found fewer would check less than it says.
  assert.ok(checked >= 10, `only ${checked} figures found in the example pages`);
});
