// The built module ships TypeScript declarations for every export, and they say what the
// functions take and give: tsc type-checks a small user of them (tests/types/exports.ts),
// and a user of the released package through its exports ("bill-widget", "bill-widget/core").
// Needs web/pkg (scripts/build-wasm) and the typescript devDependency.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const REPO = resolve(import.meta.dirname, "..");
const TSC = join(REPO, "node_modules/.bin/tsc");

function typeCheck(project) {
  const run = spawnSync(TSC, ["-p", project], { encoding: "utf8" });
  assert.equal(run.status, 0, `tsc -p ${project} found errors:\n${run.stdout}${run.stderr}`);
}

test("a TypeScript file using every export of the built module type-checks, and misuses are errors", () => {
  typeCheck(join(REPO, "tests/types"));
});

test("a TypeScript user of the released package type-checks through the package's exports, with typed attributes, events and JSX", () => {
  const dir = mkdtempSync(join(tmpdir(), "types-test-"));
  try {
    execFileSync(join(REPO, "scripts/package"), ["--no-build", "--out", dir], { stdio: "ignore" });
    const [tgz] = readdirSync(dir).filter((f) => f.endsWith(".tgz"));
    const installed = join(dir, "node_modules", "bill-widget");
    mkdirSync(installed, { recursive: true });
    execFileSync("tar", ["-xzf", join(dir, tgz), "-C", installed, "--strip-components=1"]);
    // React's types, from the repository's own devDependencies.
    mkdirSync(join(dir, "node_modules", "@types"), { recursive: true });
    symlinkSync(join(REPO, "node_modules/@types/react"), join(dir, "node_modules/@types/react"));
    writeFileSync(join(dir, "lesson.ts"), `import { defineBillWidget, type BillWidgetAttributes, type BillWidgetElement } from "bill-widget";
import init, { summarize } from "bill-widget/core";
await init();
await defineBillWidget();
export const sentence: string = summarize({ budgetDollars: 0.25 }, "dailyBudget");
export const widget: BillWidgetElement | null = document.querySelector("bill-widget");
widget?.addEventListener("bill-widget-change", (e) => { const seed: number = e.detail.seed; void seed; });
document.addEventListener("bill-widget-days", (e) => { const scenario: string = e.detail.scenario; void scenario; });
export const free: BillWidgetAttributes = { scenario: "freeTier", view: "byKind", sockpuppets: "40" };
// @ts-expect-error summarize gives a string
export const wrong: number = summarize({}, "noLimit");
// @ts-expect-error the free tier's widget has no view "day"
export const badView: BillWidgetAttributes = { scenario: "freeTier", view: "day" };
// @ts-expect-error no widget has the scenario "nope"
export const badScenario: BillWidgetAttributes = { scenario: "nope" };
// @ts-expect-error the tenant's policy is read by the runaway tenant's widget alone
export const elsewhere: BillWidgetAttributes = { scenario: "freeTier", "tenant-policy": "noCap" };
// @ts-expect-error a detail's seed is a number
widget?.addEventListener("bill-widget-change", (e) => { const seed: string = e.detail.seed; void seed; });
`);
    // Every TypeScript snippet of the README (its example for React among them), and misuses.
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const snippets = [...readme.matchAll(/```tsx\n([\s\S]*?)```/g)].map((m) => m[1]);
    assert.ok(snippets.some((s) => s.includes("RunawayTenantAttributes")), `the README has a TypeScript example for React: ${snippets}`);
    const readmeFiles = snippets.map((snippet, i) => {
      writeFileSync(join(dir, `readme-${i}.tsx`), `import type {} from "bill-widget/react";\n${snippet}`);
      return `readme-${i}.tsx`;
    });
    writeFileSync(join(dir, "lesson.tsx"), `import type {} from "bill-widget/react";
// @ts-expect-error the tenant's policy is read by the runaway tenant's widget alone
export const elsewhere = <bill-widget scenario="freeTier" tenant-policy="noCap" />;
// @ts-expect-error without a scenario it is lesson 000's widget, which has no tenant policy
export const unset = <bill-widget tenant-policy="noCap" />;
export const ok = <bill-widget scenario="hackathon" hackathon-policy="dailyCap"
  onbill-widget-change={(e) => { const seed: number = e.detail.seed; void seed; }} />;
// @ts-expect-error a detail's policy is a string
export const badHandler = <bill-widget onbill-widget-days={(e) => { const policy: number = e.detail.policy; void policy; }} />;
// @ts-expect-error not a policy of the demo link's widget
export const bad = <bill-widget scenario="hackathon" hackathon-policy="nope" />;
`);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler",
        lib: ["es2022", "dom"], types: [], jsx: "react-jsx", jsxImportSource: "react" },
      files: ["lesson.ts", "lesson.tsx", ...readmeFiles],
    }));
    typeCheck(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
