// A small TypeScript user of every export of the built module (web/pkg, as the page and
// the release load it) and of the custom element's module. tests/types.test.mjs runs tsc
// over it: each call must type-check, and each @ts-expect-error line must be an error,
// which it is only if the declarations are there and say what the functions take and give.
import init, {
  checkDays, cohortView, dayReadout, dayView, drawOverrun, drawShareOfBill, overTimeView, overrun, overrunSentences,
  readOverrunText, readSetting, readSettingsText, runScenario, scenarios, settleSettings, simulateDay, spreadSentences,
  summarize, type DayOptions, type OverrunOptions,
} from "../../web/pkg/billsim_wasm.js";
import { ignoredNotice } from "../../web/pkg/billsim_wasm.js";
import { accountsView, clientHeight, clientView, drawAccounts, drawClient, drawTradeOff, tradeOffView } from "../../web/pkg/billsim_wasm.js";
import { drawLadder, drawRunawayDay, ladderView, runawayDayView } from "../../web/pkg/billsim_wasm.js";
import { replayAddress, type Replay } from "../../web/pkg-replay/billsim_wasm.js";
import "../../web/bill-widget.js";

export async function useEveryExport(canvas: HTMLCanvasElement): Promise<string[]> {
  await init({ module_or_path: new URL("../../web/pkg/billsim_wasm_bg.wasm", import.meta.url) });
  const settings: DayOptions = { seed: 0, perMinute: 5, budgetDollars: 0.25, refill: "daily" };
  // @ts-expect-error lesson 000's day takes its numbers as JS numbers (runScenario takes BigInts)
  simulateDay({ seed: 3n });
  // The form's text read by the core is what the day's functions take, not any value.
  simulateDay(readSettingsText({ perMinute: "5" }));
  const calls: OverrunOptions = readOverrunText({ calls: "20" });
  // @ts-expect-error the settings read from text are an object
  const text: string = readSettingsText({ perMinute: "5" });
  void [calls, text];
  const day = simulateDay(settings);
  const view = dayView(settings);
  const rows = dayReadout(settings);
  const claims = checkDays(settings, 200);
  const spread = spreadSentences(settings, 200);
  const runs = overrun({ calls: 20, estimatePercent: 50, budgetDollars: 0.25 });
  const inFlight: string[] = overrunSentences({ calls: 20 });
  const read = readSettingsText({ perMinute: "5" });
  const readRuns = readOverrunText({ calls: "20" });
  drawShareOfBill(canvas, settings, "dailyBudget", { dark: false, scale: 1 });
  drawOverrun(canvas, { calls: 20 }, { dark: true, scale: 2 });
  const sentence: string = summarize(settings, "dailyBudget");
  const look = { dark: false, scale: 1 };
  drawTradeOff(canvas, "freeTier", {}, 0, "allThree", look);
  drawAccounts(canvas, "freeTier", {}, 0, "allThree", look);
  drawClient(canvas, {}, 0, "rateLimitAndCap", look);
  const tall: number = clientHeight({}, 0, "rateLimitAndCap", look, canvas.width);
  drawRunawayDay(canvas, {}, 0, look);
  // The page's background, which the widget passes so that a chart shares it.
  drawLadder(canvas, {}, 0, { dark: false, scale: 1, background: "rgb(255, 255, 255)" });
  const widget: HTMLElement | null = document.querySelector("bill-widget");
  void [day, view, rows, claims, spread, runs, read, readRuns, widget, tall];
  return [sentence, ...inFlight];
}

// The replay page's address, read by the core: each part a text, or null where it was set aside.
export function address(): (string | null)[] {
  const asked = replayAddress([["lesson", "freeTier"]]);
  return [asked.lesson, asked.add, asked.per, asked.frame, asked.policies?.[0].name ?? null, ...asked.ignored];
}

// Every 64-bit integer the module gives is a bigint (exact past 2^53); 32-bit ones are numbers.
export function amounts(replay: Replay): bigint[] {
  const day = simulateDay({});
  const run = runScenario("runawayTenant", { internalDailyDollars: "1000000" }, 0);
  const served: number = run.policies[0].perUser[0].served;
  const time = overTimeView("runawayTenant", {}, 0);
  const [, spent] = time.limits[0].points[0];
  // The marks on the lines: a ceiling reached, and a line leaving the top of the scale.
  const leaves: bigint | undefined = time.lines[0].offScale?.atMs;
  const reached: bigint | undefined = time.events[0]?.spentNanos;
  const segment = cohortView("freeTier", {}, 0).bars[0].segments[0];
  // The line across lesson 002's bars: its amount, where a view has one.
  const budget: bigint | undefined = cohortView("runawayTenant", {}, 0).reference?.atNanos;
  const view = replay.run(null, "", null);
  const settled: number | string = settleSettings({}, {}, []).settings.perMinute;
  settleSettings({}, {}, [], { view: "nonsense" });
  // @ts-expect-error an unread setting is named by its key
  settleSettings({}, {}, [], { colour: "red" });
  const notice: string = ignoredNotice("budget", "address", "must be a number", "0.25");
  ignoredNotice("policy", "address", "must be a policy", "dailyBudget", "policy");
  // @ts-expect-error the value's setting is named by its key
  ignoredNotice("policy", "address", "must be a policy", "dailyBudget", "polcy");
  const point: bigint = tradeOffView("freeTier", {}, 0).points[0].billNanos;
  const through: number = accountsView("freeTier", {}, 0, "allThree").rows[0].accounts[0].through;
  const status: number = clientView({}, 0, "rateLimitAndCap").runs[0].responses[0].status;
  const capped: number | undefined = clientView({ capDollars: "1" }, 0, "dailyCap").day?.kinds[0].capped;
  const zoomed: boolean = runawayDayView({}, 0).logMoney;
  const stopped: bigint = ladderView({}, 0).groups[0].rows[0].calls[0];
  void [served, settled, notice, point, through, status, capped, zoomed, stopped, leaves, reached, budget];
  return [day.policies[0].billMicros, overrun({})[0].chargedMicros, run.policies[0].billNanos, spent,
    segment.chargedNanos, view.bills[0].billNanos, view.calls];
}

export function misuse(canvas: HTMLCanvasElement): void {
  // @ts-expect-error summarize gives a string
  const notANumber: number = summarize({}, "noLimit");
  // @ts-expect-error drawing needs a canvas element
  drawOverrun("canvas", {}, {});
  // @ts-expect-error overrunSentences gives strings
  const notNumbers: number[] = overrunSentences({});
  // @ts-expect-error dayView needs its settings
  dayView();
  // @ts-expect-error money is a bigint, not a number
  const bill: number = runScenario("toyDay", {}, 0).policies[0].billNanos;
  // @ts-expect-error a day's money too
  const micros: number = simulateDay({}).policies[0].billMicros;
  // @ts-expect-error a point's bill is money, a bigint
  const pointBill: number = tradeOffView("freeTier", {}, 0).points[0].billNanos;
  // @ts-expect-error the trade-off view names a scenario
  tradeOffView("nowhere", {}, 0);
  void pointBill;
  // @ts-expect-error a setting is given in the address or an attribute, nowhere else
  ignoredNotice("budget", "cookie", "must be a number", null);
  void [notANumber, notNumbers, canvas, bill, micros];
}

// The names a function takes are the core's own: a setting's key, a scenario's, a policy's,
// a choice's values (written by crates/billsim-wasm/build.rs from the core's tables).
export function names(): void {
  const key: string = scenarios().settings[0].key;
  const value: number | string = readSetting("budgetDollars", "0.5");
  // @ts-expect-error "budget" is the setting's old attribute, not its key
  readSetting("budget", "0.5");
  // @ts-expect-error no scenario is named "nope"
  runScenario("nope", {}, 0);
  // @ts-expect-error the budget's refill is "daily" or "steady"
  simulateDay({ refill: "weekly" });
  // @ts-expect-error no policy is named "sometimes"
  summarize({}, "sometimes");
  // @ts-expect-error a setting that is no key of the table
  overrun({ callz: 20 });
  void [key, value];
}
