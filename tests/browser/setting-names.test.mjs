// One name per setting (issue 19, item 5): the address and the attributes write only the
// setting's one name (its key; in kebab case as an attribute), and still read the names
// it had before, so shared links and pages keep working. The iframe's address takes the
// attribute names too, and says which of its parameters name no setting.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, load, ready, view } from "./harness.mjs";

let env;
before(async () => { env = await start(); });
after(async () => { await env.stop(); });

const address = (page) => Object.fromEntries(new URL(page.url()).searchParams);

test("an address with a setting's old name is read, and only its one name is written back", async () => {
  const { page, log } = await load(env, "?view=overTime&budget=0.15");
  await ready(page);
  await page.waitForFunction(() => new URLSearchParams(location.search).has("budgetDollars"));
  const params = address(page);
  assert.equal(params.budgetDollars, "0.15", `the old name's value is kept: ${JSON.stringify(params)}`);
  assert.equal(params.budget, undefined, `the old name is not written: ${JSON.stringify(params)}`);
  assert.equal((await view(page)).notice, "", "an old name is no mistake");
  assert.deepEqual(log.errors, []);
});

test("an element's old attribute name draws what its one name draws", async () => {
  const { page, log } = await load(env, "examples/two-widgets.html");
  await ready(page, "#second");
  const drawn = await page.evaluate(async () => {
    const made = [];
    for (const name of ["budget-dollars", "budget"]) {
      const el = document.createElement("bill-widget");
      el.setAttribute("policy", "dailyBudget");
      el.setAttribute(name, "0.5");
      document.body.append(el);
      made.push(el);
    }
    // A widget loads once near the viewport: these are below the page's two.
    made[0].scrollIntoView();
    const summary = (el) => el.shadowRoot.querySelector(".summary").textContent;
    while (!made.every((el) => summary(el))) await new Promise((r) => setTimeout(r, 20));
    // Set after load, the old name is followed too.
    made[1].setAttribute("budget", "0.05");
    await new Promise((r) => setTimeout(r, 200));
    return { one: summary(made[0]), old: summary(made[1]), notice: made[1].shadowRoot.querySelector(".notice").hidden };
  });
  assert.match(drawn.one, /\$0\.50/, drawn.one);
  assert.match(drawn.old, /\$0\.05/, `the old attribute set after load is followed: ${drawn.old}`);
  assert.equal(drawn.notice, true, "no notice for an old name");
  assert.deepEqual(log.errors, []);
});

test("the iframe's address takes the attribute names, and writes the one name", async () => {
  const { page, log } = await load(env, "embed.html?scenario=freeTier&view=byKind&normal-users=5");
  await ready(page);
  await page.waitForFunction(() => new URLSearchParams(location.search).has("normalUsers"));
  const params = address(page);
  assert.equal(params.normalUsers, "5", `normal-users=5 is read: ${JSON.stringify(params)}`);
  assert.equal(params["normal-users"], undefined, `only the one name is written: ${JSON.stringify(params)}`);
  assert.equal((await view(page)).notice, "");
  assert.deepEqual(log.errors, []);
});

test("the iframe says which parameters of its address name no setting, a slip with the name meant", async () => {
  const { page, log } = await load(env, "embed.html?policy=dailyBudget&budgte=0.3&bogus=1");
  await ready(page);
  const { notice } = await view(page);
  assert.match(notice, /Ignored budgte in the address: not a name of this widget; "budget" is\./, notice);
  assert.doesNotMatch(notice, /got "budgte"/, `the slip is said once: ${notice}`);
  assert.match(notice, /Ignored bogus in the address: must be the key of a setting, .*; got "bogus"\./, notice);
  assert.deepEqual(log.errors, []);
});

test("a free tier's iframe names one of its own settings as the example of a setting's key, not lesson 000's", async () => {
  const { page, log } = await load(env, "embed.html?scenario=freeTier&bogus=1");
  await ready(page);
  const { notice } = await view(page);
  assert.match(notice, /^Ignored bogus in the address: must be the key of a setting, such as "bucketCapacity"; got "bogus"\./, notice);
  assert.deepEqual(log.errors, []);
});
