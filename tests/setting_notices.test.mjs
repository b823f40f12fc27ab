// The notice for a widget's setting set aside is the core's sentence (ignoredNotice), named
// as the setting was given; a bad call gives an Error naming the argument, never a trap.
import { test } from "node:test";
import assert from "node:assert/strict";
import { wasm } from "./wasm-module.mjs";

test("a setting set aside is named as it was given, in the address or as an attribute", () => {
  const problem = 'must be a whole number; got "banana"';
  assert.equal(wasm.ignoredNotice("seed", "attribute", problem, "42"), `Ignored the seed attribute: ${problem}. Using 42.`);
  assert.equal(wasm.ignoredNotice("budget", "address", problem, "0.25"), `Ignored budget in the address: ${problem}. Using 0.25.`);
  assert.equal(wasm.ignoredNotice("budgte", "address", "no such setting", null), "Ignored budgte in the address: no such setting.");
});

test("the value used in a setting's place is said as a reader knows it when its key is given", () => {
  const problem = 'must be "noLimit", "requestsPerMinute" or "dailyBudget"; got "banana"';
  const said = wasm.ignoredNotice("policy", "address", problem, "dailyBudget", "policy");
  assert.equal(said, `Ignored policy in the address: ${problem}. Using "dailyBudget" (Daily cost budget).`);
  assert.match(wasm.ignoredNotice("budget-dollars", "attribute", "x", "0.5", "budgetDollars"), /Using \$0\.50\.$/);
  assert.match(wasm.ignoredNotice("theme", "attribute", "x", "dark", "theme"), /Using "dark" \(Dark\)\.$/);
});

test("a notice asked for with a bad argument throws an Error naming the argument", () => {
  assert.throws(() => wasm.ignoredNotice("seed", "cookie", "x", null), (e) => e instanceof Error && /^from: must be "address" or "attribute"; got "cookie"$/.test(e.message));
  assert.throws(() => wasm.ignoredNotice(7, "address", "x", null), (e) => e instanceof Error && /^name: must be text/.test(e.message));
  assert.throws(() => wasm.ignoredNotice("seed", "address", "x", 42), (e) => e instanceof Error && /^using: must be text/.test(e.message));
  assert.throws(() => wasm.ignoredNotice("seed", "address", "x", "1", "sede"), (e) => e instanceof Error && /^key: must be a setting's key; got "sede"$/.test(e.message));
});
