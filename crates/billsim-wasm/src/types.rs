//! The TypeScript types of what the exports give (wasm-bindgen would say `any`), written
//! into the module's declarations (`billsim_wasm.d.ts`): above all, that every 64-bit
//! integer (money in nano- or micro-dollars, a moment or span in milliseconds, a count of
//! calls) is a `bigint`, exact past 2^53, and every integer of 32 bits or less a `number`.
//! `tests/types/` type-checks a user of them.

use wasm_bindgen::prelude::*;

// ScenarioName, PolicyName, SettingKey, ViewName and Settings, from the core's tables: the
// test below writes the file, and fails when the tables have changed and the file has not.
// (A build script wrote it before, and compiled the whole core once more for the host in
// every build, the wasm tests' and each lesson's module's included.)
#[wasm_bindgen(typescript_custom_section)]
const CORE_NAMES: &str = include_str!("core-names.d.ts");

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** How a chart is drawn: dark or light, the device pixel ratio (0.5 to 8), and the page's
 *  computed background colour ("rgb(r, g, b)"), painted where it is near the theme's. */
export interface Look { dark?: boolean; scale?: number; background?: string }

/** A choice: its value and its button's label. */
export interface Choice { value: string; label: string }

/** A setting of the core's table (`scenarios().settings`). */
export interface SettingSpec {
  key: SettingKey; attribute: string; oldNames: string[];
  /** The names an attribute, and the address, may give it by: the first is the one written. */
  attributeNames: string[]; addressNames: string[]; label: string; unit: string;
  kind: { type: "whole"; min: bigint; max: bigint } | { type: "dollars"; min: string; max: string }
    | { type: "choice"; choices: Choice[] };
  allowed: string; default: string; views: ViewName[];
}

/** The core's one table, which the widget builds its controls from (`scenarios()`). */
export interface CoreTable {
  views: { value: ViewName; label: string; scenario: ScenarioName; widget: ScenarioName; chart: string }[];
  settings: SettingSpec[];
  widgetSettings: SettingKey[];
  scenarios: { name: ScenarioName; label: string; description: string; settings: SettingKey[]; policies: Choice[] }[];
  widgets: { scenario: ScenarioName; name: string; policy: SettingKey; another: string; numbered: string; toggles: { label: string; items: { key: SettingKey; label: string; on: string }[] } | null; settings: SettingKey[] }[];
  /** The theme attribute: no scenario's setting, described as one. */
  theme: Omit<SettingSpec, "key"> & { key: "theme" };
  /** The sync-url attribute: its values, and why a second widget of a page cannot keep the address. */
  syncUrl: { attribute: "sync-url"; whole: "whole"; taken: string; chosen: string };
  /** The loading attribute: the value that waits for the reader's press; the start button's words, and the widget's name and failure without its module. */
  loading: { attribute: "loading"; interaction: "interaction"; values: ["near", "interaction"]; start: string; starting: string; label: string; failed: string };
  /** The words of the widget's own buttons. */
  controls: { moreSettings: string; showNumbers: string; hideNumbers: string; moreUnderChart: string; moreIgnored: string };
}

/** A table of a view: a caption, its columns, and rows of text. */
export interface Table { caption: string; columns: string[]; rows: string[][] }

/** Lesson 000's day as its functions read it (`simulateDay`, `summarize`, `dayView`,
 *  `dayReadout`, `checkDays`, `spreadSentences`, `drawShareOfBill`): each optional, every
 *  number a JS number (a dollar amount too: 0.25), the refill by name. */
export interface DayOptions { seed?: number; perMinute?: number; budgetDollars?: number; refill?: "daily" | "steady" }

/** Lesson 000's calls at once as its functions read them (`overrun`, `overrunSentences`,
 *  `drawOverrun`): each optional, the lesson's 20 calls, input guessed at 50% and $0.25. */
export interface OverrunOptions { calls?: number; estimatePercent?: number; budgetDollars?: number }

/** Lesson 000's settings as a day's JSON holds them. */
export interface DaySettings { perMinute: number; budgetMicros: bigint; refill: string }

/** One toy day under every policy (`billsim day --json`): money in micro-dollars. */
export interface DayResult {
  seed: number;
  settings: DaySettings;
  users: { kind: string; calls: number }[];
  policies: { policy: string; billMicros: bigint; perUser: { served: number; refused: number; chargedMicros: bigint }[] }[];
}

/** One row of a day's "Show numbers" table, written by the core. */
export interface ReadoutRow {
  policy: string; user: string; kind: string; calls: number; served: number; refused: number; charged: string; share: string;
}

/** The widget's day: the day, each policy's sentence and the table's rows. */
export interface DayView { day: DayResult; title: string; summaries: Record<string, string>; readout: ReadoutRow[]; caption: string; columns: string[]; daysChecked: number; checking: string }

/** A version of the budget under many calls at once (`billsim overrun --json`). */
export interface OverrunRow { version: string; admitted: number; chargedMicros: bigint }

/** What a policy did to each user of a run: money in nano-dollars. */
export interface UserOutcome {
  served: number; refused: number; refusedBy: Record<string, number>; dropped: number; chargedNanos: bigint;
  degraded?: number; failed?: number; outageUnmeteredNanos?: bigint; requestUnmeteredNanos?: bigint;
}

/** What a policy did to a run's traffic (`billsim run --json`'s `policies`). */
export interface Outcome {
  policy: string;
  billNanos: bigint;
  perUser: UserOutcome[];
  servedByModel: number[];
  tripped?: { at: bigint; user: number };
  timeline: { start: bigint; stepMs: bigint; spentNanos: bigint[] };
  events?: {
    at: bigint; user: number; model: number; served: boolean; reason?: string; fitsAt?: bigint;
    chargedNanos: bigint; key?: number; retryAfter?: bigint;
  }[];
}

/** A scenario run under each of its policies (`billsim run --scenario NAME --json`); a
 * setting's value is a whole number (bigint), dollars as exact decimal text, or a choice. */
export interface ScenarioRun {
  scenario: string;
  seed: number;
  settings: Record<string, bigint | string>;
  cohorts: { name: string; label: string }[];
  users: { name: string; cohort: string; calls: number; requests: number }[];
  models: string[];
  labels: string[];
  policies: Outcome[];
  keys?: string[];
}

/** A moment (ms) and an amount (nano-dollars) of a line. */
export type Point = [bigint, bigint];

/** A moment marked on a line: when (ms), the line's spend there (nano-dollars), and its words. */
export interface Mark { atMs: bigint; spentNanos: bigint; label: string; lines?: number[] }

/** The over-time view: each policy's spend, the budget or ceiling lines, all written by the core. */
export interface OverTime {
  title: string;
  scale: unknown;
  fromMs: bigint;
  toMs: bigint;
  timeTicks: { at: bigint; label: string }[];
  moneyTicks: { at: bigint; label: string }[];
  /** The money axis is a scale of tens from its first tick (the runaway day's zoom). */
  logMoney: boolean;
  /** Each policy's line; `offScale`: where it leaves the top of the scale, and its bill in words. */
  lines: { policy: string; label: string; bill: string; points: Point[]; trip?: Mark | null; offScale?: Mark | null; sentence: string }[];
  limits: { kind: string; label: string; chartLabel: string; points: Point[]; policies: bigint[]; above: boolean }[];
  /** The moments a ceiling is reached, each written once ("ceiling reached at 12:54 (2 policies)"). */
  events: Mark[];
  /** Which of `events` marks a reference line first passed, and which of `limits` it is. */
  passing?: { event: number; limit: number };
  /** Moments (and, with `untilMs`, periods) marked on the time axis: "script starts at 00:38", the ledger's outage. */
  moments?: { atMs: bigint; untilMs?: bigint; label: string; sentence: string }[];
  /** Where the time axis stops short of the run's end (nothing on the scale moves after early on), the sentence that says so. */
  window?: string;
  /** The view in words, in reading order: `window`, if there is one, each of `moments`' sentences, then each line's sentence. */
  sentences: string[];
  table: Table;
}

/** Lesson 002's ladder against the hard block: the calls each daily cap stopped, served on a cheaper model or refused. */
export interface LadderView {
  title: string;
  parts: string[];
  groups: { heading: string; full: bigint; rows: { policy: string; heading: string; calls: bigint[]; note: string }[] }[];
  sentences: string[];
  table: Table;
}

/** Each kind of user's share of the bill under each policy. */
export interface CohortView {
  title: string;
  cohorts: { name: string; label: string }[];
  bars: { policy: string; label: string; name: string; note: string; segments: { cohort: string; label: string; chargedNanos: bigint; share: string }[]; sentence: string }[];
  /** A line across the bars that no policy enforces (lesson 002's product's monthly budget): its words and amount. */
  reference: { words: string; atNanos: bigint } | null;
  table: Table;
}

/** Each policy as a point: its bill against the honest requests it refused. */
export interface TradeOff {
  title: string;
  across: string;
  up: string;
  refusedTicks: { at: bigint; label: string }[];
  moneyTicks: { at: bigint; label: string }[];
  points: { policy: string; label: string; name: string; billNanos: bigint; bill: string; honestRefused: bigint; honestRequests: bigint; note: string; sentence: string }[];
  table: Table;
}

/** One kind of user's accounts, each its requests through and refused, under each policy drawn. */
export interface Accounts {
  title: string;
  through: string;
  refused: string;
  most: number;
  rows: { policy: string; heading: string; note: string; sentence: string; accounts: { name: string; requests: number; through: number; refused: number }[] }[];
  table: Table;
}

/** One run as lesson 001's client gets it: each answer, and the spend against the cap. */
export interface ClientRun {
  heading: string;
  responses: { user: string; status: number; retryAfter?: bigint; words: string; retry: string; spentNanos: bigint; spentWords: string }[];
  capNanos: bigint;
  capLabel: string;
  overshoot: string;
  sentence: string;
}

/** Lesson 001's tutorial runs as its client gets them, and the day's answers by kind of user. */
export interface ClientView {
  title: string;
  runs: ClientRun[];
  day?: {
    heading: string;
    kinds: { label: string; ok: number; limited: number; capped: number; retryAfter?: [bigint, bigint]; words: string }[];
    cap?: ClientRun;
    sentence: string;
  };
}

/** A panel beside the chart, written by the core. */
export interface Panel { name: string; title: string; sentences: string[]; lines: string[]; table: Table | null }

/** A widget's settings made to hold together (`settleSettings`). */
export interface Settled {
  settings: Record<string, number | string>;
  ignored: { key: string; problem: string; using: number | string | null }[];
}

/** A replayed log as the replay page shows it (`Replay.run`). */
export interface ReplayView {
  summary: string;
  notes: string[];
  share: CohortView;
  refusals: Table;
  spend: OverTime;
  refusedUsers: Table;
  /** Each policy's bill and refusals, as `billsim replay --json` has them. */
  bills: { policy: string; billNanos: bigint; refused: bigint }[];
  calls: bigint;
  /** The log's fields that say who made a call, by its own names: what `options.per` may name. */
  perFields: string[];
  /** The field read as the user (`""`: the format's user). */
  per: string;
}

/** What the replay page's address asks for (`replayAddress`); a part set aside is null, and said in `ignored`. */
export interface ReplayAddress {
  lesson: string | null;
  add: string | null;
  per: string | null;
  /** As the editor holds them: each policy's name and guards, and its other fields (`processes`, `ladder`, `ledger`) as written. */
  policies: ({ name: string; guards: Record<string, unknown>[] } & Record<string, unknown>)[] | null;
  /** The policy whose bar is framed: one of the address's policies, else of the defaults. */
  frame: string | null;
  ignored: string[];
}
"#;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use billsim_core::scenario::registry::{Kind, SCENARIOS, SETTINGS, VIEWS};
    use std::fmt::Write;

    fn union<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
        let mut seen: Vec<&str> = Vec::new();
        for n in names {
            if !seen.contains(&n) {
                seen.push(n);
            }
        }
        seen.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(" | ")
    }

    /// `core-names.d.ts` as the core's tables say it.
    fn core_names() -> String {
        let mut ts =
            String::from("\n// Written from the core's tables by a test in crates/billsim-wasm/src/types.rs.\n");
        let scenarios = union(SCENARIOS.iter().map(|s| s.name));
        let policies = union(SCENARIOS.iter().flat_map(|s| s.policies.iter().map(|p| p.value)));
        let keys = union(SETTINGS.iter().map(|s| s.key));
        let views = union(VIEWS.iter().map(|v| v.value));
        let _ = writeln!(
            ts,
            "/** A scenario's name (`billsim scenarios` lists them). */\nexport type ScenarioName = {scenarios};"
        );
        let _ = writeln!(ts, "/** A policy's name, of any scenario. */\nexport type PolicyName = {policies};");
        let _ = writeln!(ts, "/** A setting's one name (its key). */\nexport type SettingKey = {keys};");
        let _ = writeln!(ts, "/** A view's name. */\nexport type ViewName = {views};");
        ts.push_str(
            "/** Settings by key, each optional (the default holds): a number or its text, dollars as a number or exact\n \
             * decimal text, a choice by its name. A value out of its range is refused at run time, naming the key. */\n\
             export interface Settings {\n",
        );
        for s in SETTINGS {
            let value = match s.kind {
                Kind::Choice { choices } => union(choices.iter().map(|c| c.value)),
                Kind::Dollars { .. } => "number | string".into(),
                Kind::Whole { .. } => "number | bigint | string".into(),
            };
            let _ = writeln!(ts, "  /** {}: {}; default {}. */\n  {}?: {value};", s.label, s.allowed, s.default, s.key);
        }
        ts.push_str("}\n");
        ts
    }

    #[test]
    fn the_core_names_file_says_the_core_tables_scenarios_policies_views_and_settings() {
        let written = core_names();
        if std::env::var_os("BILLSIM_WRITE_FIXTURE").is_some() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/core-names.d.ts");
            return std::fs::write(path, &written).expect("src/ is writable");
        }
        // The file as this build includes it in the module's declarations.
        let included = include_str!("core-names.d.ts");
        assert!(
            included == written,
            "src/core-names.d.ts ({} bytes) is not what the core's tables say ({} bytes): write it with \
             BILLSIM_WRITE_FIXTURE=1 cargo test -p billsim-wasm --lib core_names",
            included.len(),
            written.len()
        );
    }

    #[test]
    fn the_type_of_the_widgets_controls_names_every_word_the_core_gives() {
        let words = serde_json::to_value(billsim_core::views::controls::CONTROLS).expect("words serialise");
        // The declarations as this file writes them (the macro leaves no constant to read).
        let declared = include_str!("types.rs");
        let typed = declared.lines().find(|l| l.trim_start().starts_with("controls: {")).expect("a controls line");
        let keys: Vec<&String> = words.as_object().expect("an object").keys().collect();
        let missing: Vec<&&String> = keys.iter().filter(|k| !typed.contains(&format!(" {k}: string"))).collect();
        assert!(missing.is_empty(), "CoreTable.controls lacks {missing:?}: {typed}");
    }
}
