// The built module ships TypeScript declarations for every export, and they say what the
// functions take and give: tsc type-checks a small user of them (tests/types/exports.ts),
// and a user of the released package through its exports ("bill-widget", "bill-widget/core").
// Needs web/pkg (scripts/build-wasm) and the typescript devDependency.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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

test("a TypeScript user of the released package type-checks through the package's exports", () => {
  const dir = mkdtempSync(join(tmpdir(), "types-test-"));
  try {
    execFileSync(join(REPO, "scripts/package"), ["--no-build", "--out", dir], { stdio: "ignore" });
    const [tgz] = readdirSync(dir).filter((f) => f.endsWith(".tgz"));
    const installed = join(dir, "node_modules", "bill-widget");
    mkdirSync(installed, { recursive: true });
    execFileSync("tar", ["-xzf", join(dir, tgz), "-C", installed, "--strip-components=1"]);
    writeFileSync(join(dir, "lesson.ts"), `import "bill-widget";
import init, { summarize } from "bill-widget/core";
await init();
export const sentence: string = summarize({ budgetDollars: 0.25 }, "dailyBudget");
export const widget: HTMLElement | null = document.querySelector("bill-widget");
// @ts-expect-error summarize gives a string
export const wrong: number = summarize({}, "noLimit");
`);
    writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2022", "dom"], types: [] },
      files: ["lesson.ts"],
    }));
    typeCheck(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
