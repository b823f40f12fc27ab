//! The page's replay of a reader's own log (`web/replay.html`, `web/replay-worker.js`).
//!
//! The core's readers pull from a `BufRead`, and wasm cannot wait inside one for a
//! promise, so the page reads the file in a Web Worker, whose `FileReaderSync` reads a
//! slice of the file without waiting: [`Replay::read`] takes a JS function `read(offset,
//! length) -> Uint8Array` and pulls the file through it, a MiB at a time, into the very
//! reader the command line runs (so the page and `billsim replay` agree by construction).
//! Only the calls and users are kept, never the file's bytes.
//!
//! The worker runs the replay and makes its view; the page draws that view with
//! [`draw_replay_share`] and [`draw_replay_over_time`], which take the view back as data.

use crate::js_output::{memory_bytes, on_canvas, to_js};
use crate::{js_input, Thrown};
use billsim_core::engine::guard_schema::{self, Edited, GUARD_FIELDS, GUARD_STARTS};
use billsim_core::engine::{self, read_policy_file, BadFile, PriceTable, Record, RunError, GUARD_KEYS};
use billsim_core::replay::run::{self, ReplayRun};
use billsim_core::replay::{self as core, lesson_log, page, view, Format, Log, Options};
use billsim_core::scenario::registry;
use billsim_core::settings::{shown, Invalid};
use billsim_core::views::over_time::OverTime;
use billsim_core::views::share::CohortView;
use billsim_core::visible_text::quoted;
use js_sys::{Function, Uint8Array};
use serde::Serialize;
use std::io::{self, BufReader, Read};
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// How much is asked of `read` at a time.
const CHUNK: usize = 1 << 20;

/// The most a page reads: bytes of a log, and the module's memory while it reads one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Most {
    pub bytes: u64,
    pub memory: u64,
}

impl Most {
    /// The page's ([`page::PAGE_MOST_BYTES`], [`page::PAGE_MOST_MEMORY`]).
    pub const PAGE: Most = Most { bytes: page::PAGE_MOST_BYTES, memory: page::PAGE_MOST_MEMORY };
}

/// A file read through a JS function: `read(offset, length)` gives the bytes from
/// `offset`, fewer (or none) at the end. It stops, saying why in `stopped`, past `most`:
/// more bytes than a page replays, or the module's memory as full as it may be (a log of
/// small rows has more calls than its size says), before a wasm32 module would run out of
/// memory and trap.
struct JsFile<'a> {
    read: &'a Function,
    offset: f64,
    total: Option<u64>,
    most: Most,
    stopped: Option<String>,
}

impl Read for JsFile<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let at = self.offset as u64;
        if at > self.most.bytes {
            self.stopped = Some(page::too_big(self.total, None, self.most.bytes));
        } else if memory_bytes() > self.most.memory {
            self.stopped = Some(page::too_big(self.total, Some(at), self.most.bytes));
        }
        if let Some(why) = &self.stopped {
            return Err(io::Error::other(why.clone()));
        }
        let got = self
            .read
            .call2(&JsValue::NULL, &JsValue::from_f64(self.offset), &JsValue::from_f64(buf.len() as f64))
            .map_err(|e| {
                // What the browser said (a file changed or removed since it was chosen).
                let said = e.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message())).or_else(|| e.as_string());
                io::Error::other(said.unwrap_or_else(|| "the file could not be read".into()))
            })?;
        let bytes: Uint8Array =
            got.dyn_into().map_err(|_| io::Error::other("the file's reader must give a Uint8Array"))?;
        let n = (bytes.length() as usize).min(buf.len());
        bytes.subarray(0, n as u32).copy_to(&mut buf[..n]);
        self.offset += n as f64;
        Ok(n)
    }
}

/// Everything the page builds its replay controls from: `{ words, formats: [[name,
/// label]], guardFields (the policy language's, as the editor shows them), guardKeys (every
/// field a guard may have, those the editor shows no control for too), guardStarts (guards
/// to start from), policies (the default ones as the editor holds them), addable,
/// csvFileName, lessonLogs: [[scenario, label]] (what "Try it on a lesson's traffic"
/// offers), lessonLogFirst, lessonLogHome (the scenario of a lesson page whose address names
/// none) }`.
#[wasm_bindgen(js_name = replayPage)]
pub fn replay_page() -> Result<JsValue, Thrown> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Page {
        words: page::Words,
        formats: Vec<[&'static str; 2]>,
        guard_fields: &'static [guard_schema::GuardField],
        guard_keys: &'static [&'static str],
        guard_starts: &'static [guard_schema::GuardStart],
        policies: Vec<Edited>,
        labels: Vec<String>,
        addable: Vec<[String; 2]>,
        csv_file_name: &'static str,
        lesson_logs: Vec<[&'static str; 2]>,
        lesson_log_first: &'static str,
        lesson_log_home: &'static str,
    }
    let (policies, labels) = run::main_policies();
    let policies = guard_schema::edited(&policies);
    to_js(&Page {
        words: page::WORDS,
        formats: page::formats(),
        guard_fields: GUARD_FIELDS,
        guard_keys: &GUARD_KEYS,
        guard_starts: GUARD_STARTS,
        policies,
        labels,
        addable: run::addable_named(),
        csv_file_name: view::CSV_FILE_NAME,
        lesson_logs: lesson_log::lessons(),
        lesson_log_first: lesson_log::FIRST,
        lesson_log_home: lesson_log::HOME,
    })
}

/// A lesson's traffic as a log (`scenario`, one of `replayPage().lessonLogs`): run 0 at its
/// default settings written as the generic CSV log `billsim run --scenario NAME --seed 0
/// --export-log FILE` writes, `{ text, calls, fileName, said, policies, framed }`, for the
/// page to read as a dropped file; `policies` are the lesson's own as the editor holds them,
/// which that log is replayed under until the reader applies others (`Replay.read`'s
/// `lesson`), `framed` the one its widget frames at first (`null` for a scenario no widget
/// shows).
/// Another name throws an Error whose `field` is `scenario`, listing them.
#[wasm_bindgen(js_name = replayLessonLog)]
pub fn replay_lesson_log(scenario: JsValue) -> Result<JsValue, Thrown> {
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Shown {
        text: String,
        calls: usize,
        file_name: String,
        said: String,
        policies: Vec<Edited>,
        framed: Option<&'static str>,
    }
    let name = scenario
        .as_string()
        .ok_or_else(|| js_input::error("scenario", registry::SCENARIOS_ALLOWED, js_input::describe(&scenario)))?;
    let made = lesson_log::lesson_log(&name).map_err(|e| Thrown::with_field("scenario", e))?;
    let policies = guard_schema::edited(&made.policies);
    let framed = made.framed;
    to_js(&Shown { text: made.text, calls: made.calls, file_name: made.file_name, said: made.said, policies, framed })
}

/// What the page's address asks for (`pairs`: its keys and values after the `#`, as
/// `[...new URLSearchParams(location.hash.slice(1))]` gives them): `{ lesson, add, policies,
/// ignored }`, each part checked (the policies as the editor holds them) and each part set
/// aside said in `ignored`. Throws an Error whose `field` is `address` for `pairs` that are
/// not a list of two texts each.
#[wasm_bindgen(js_name = replayAddress, unchecked_return_type = "ReplayAddress")]
pub fn replay_address(pairs: JsValue) -> Result<JsValue, Thrown> {
    const ALLOWED: &str = "a list of [key, value] pairs of texts";
    let text = js_input::json_text(&pairs, "address")?;
    let pairs: Vec<(String, String)> = serde_json::from_str(&text)
        .map_err(|_| Thrown::on("address", Invalid { allowed: ALLOWED, got: shown(&text) }))?;
    to_js(&core::address::read(&pairs))
}

/// The editor's `policies` as JSON text, as the page's address holds them: exact (a whole
/// number past 2^53, a BigInt, in its digits), for `replayAddress` to read back.
#[wasm_bindgen(js_name = replayPoliciesText)]
pub fn replay_policies_text(policies: JsValue) -> Result<String, Thrown> {
    js_input::json_text(&policies, "policies")
}

/// A guard's `tiers` as the editor's box shows them: the object of limits by cohort as `pro:
/// 20, free: 2.5`, text (the box's, which the language reads too) as it is.
#[wasm_bindgen(js_name = replayTiersText)]
pub fn replay_tiers_text(tiers: JsValue) -> Result<String, Thrown> {
    Ok(engine::tiers_text(&js_input::json_text(&tiers, "tiers")?))
}

/// The title of a policy's box in the editor, from what the results call it (undefined
/// before they do) and its name: "Daily cap (dailyCap)".
#[wasm_bindgen(js_name = replayPolicyLegend)]
pub fn replay_policy_legend(
    #[wasm_bindgen(unchecked_param_type = "string | undefined")] label: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
) -> Result<String, Thrown> {
    let label = js_input::optional_text(&label, "label")?;
    Ok(page::policy_legend(label.as_deref(), &js_input::text(&name, "name")?))
}

/// "Read 1.2 MB of 5 MB (25%)".
#[wasm_bindgen(js_name = replayProgress)]
pub fn replay_progress(read: f64, total: f64) -> String {
    page::progress(read.max(0.0) as u64, total.max(0.0) as u64)
}

/// A log read in the page, kept to be replayed under the policies the reader edits.
#[wasm_bindgen]
pub struct Replay {
    log: Log,
    run: Option<ReplayRun>,
    /// The field read as the user (`options.per`).
    per: Option<String>,
    /// The lesson whose traffic it is (`options.lesson`).
    lesson: Option<OfLesson>,
}

/// A lesson's traffic replayed: the lesson, and what the replay takes from it
/// ([`lesson_log::own`]): its own policies, which the log runs under until the reader
/// applies others, and its words for them and for its kinds of user.
struct OfLesson {
    name: &'static str,
    own: lesson_log::LessonOwn,
}

#[wasm_bindgen]
impl Replay {
    /// Reads the log that `read(offset, length)` gives (see [`JsFile`]); `options` is `{
    /// format, skipBadRows, bytes, per, lesson }`, the format a name of `replayPage().formats`
    /// or `""` to find it from the file, `bytes` the file's size (for the calls' memory to be
    /// taken once), `per` the field that counts as one user (one of the run's `perFields`, or
    /// `""`), `lesson` the scenario whose traffic it is (`replayLessonLog`'s; `""` for a
    /// reader's own log), whose abusers the results then draw and count as the lesson does.
    /// A log that cannot be replayed throws the core's message; one bigger than the page
    /// replays (its size past 1 GB, or its calls filling the page's memory) throws why, how
    /// big a log may be, and that `billsim replay` reads it, before the module would run
    /// out of memory.
    pub fn read(read: Function, options: JsValue) -> Result<Replay, Thrown> {
        Replay::read_within(read, options, Most::PAGE)
    }
    /// Replays the log under `policies`, a policy file as `billsim replay --policy` reads it
    /// (its text, or its JSON as data: one policy, a list of them, or `{ policies, prices }`;
    /// `null` for the default ones), with the cohort `add` (one of `replayPage().addable`, or
    /// `""`) added, its calls without a logged cost priced from `prices` (a price table as
    /// `billsim replay --prices` reads it: its text, JSON or CSV, or its JSON as data; `null`
    /// for the lessons' prices alone), then the policy file's prices: the view (`{ summary,
    /// notes, share, refusals, spend, refusedUsers, bills, calls }`).
    #[wasm_bindgen(unchecked_return_type = "ReplayView")]
    pub fn run(&mut self, policies: JsValue, add: JsValue, prices: JsValue) -> Result<JsValue, Thrown> {
        // A table's text, or its JSON as data (as the policies may be).
        let prices = match prices.as_string() {
            Some(text) => Some(text),
            None if prices.is_null() || prices.is_undefined() => None,
            None => Some(js_input::json_text(&prices, "prices")?),
        };
        let (mut table, cached) = match prices {
            Some(text) => core::prices::read_table_with_cached(&text).map_err(|e| Thrown::with_field("prices", e))?,
            None => (PriceTable::default(), Vec::new()),
        };
        // The table's cached-input prices (its optional column), as billsim replay --prices.
        self.log.cached_prices = cached;
        let policies = if policies.is_null() || policies.is_undefined() {
            // A lesson's traffic is replayed under the lesson's own policies, else the main ones.
            self.lesson.as_ref().map(|l| l.own.policies.clone())
        } else {
            let text = policy_file_text(&policies)?;
            let file = read_policy_file(&text).map_err(|e| policies_refused(e, &text))?;
            // As billsim replay: the price table first (a model's first price is the one used).
            table.0.extend(file.prices.map_or_else(Vec::new, |p| p.0));
            self.log.cached_prices.extend(file.cached_prices);
            Some(file.policies)
        };
        let prices = Some(table).filter(|t| !t.0.is_empty());
        let add = js_input::optional_text(&add, "add")?.unwrap_or_default();
        let names: Vec<String> = policies.iter().flatten().map(|p| p.name.clone()).collect();
        let refused = |e: RunError| match e {
            e @ (RunError::NoTier { .. } | RunError::UnknownModel { .. }) => in_policy(&e, &names),
            RunError::Setting(f) if f.field.contains(".guards[") || f.field.contains(".ladder[") => {
                in_policy(&RunError::Setting(f), &names)
            }
            RunError::Setting(f) => Thrown::on(&f.field, f.problem),
            e @ RunError::NoPrice(_) => Thrown::with_field("prices", format!("{e}: {}", page::WORDS.no_price)),
            // The log's amounts summed past what a run counts: no control's, the run's.
            e @ RunError::Overflow => Thrown::general(e.to_string()),
            e => Thrown::with_field("policies", e.to_string()),
        };
        let replayed = if add.is_empty() {
            // The log's calls lent to the engine, not copied: memory holds them once.
            run::run_in_place(&mut self.log, policies, prices.as_ref(), Record::default()).map_err(refused)?
        } else {
            let mut log = self.log.clone();
            run::add(&mut log, &add, 0).map_err(|e| Thrown::with_field("add", e))?;
            run::run_in_place(&mut log, policies, prices.as_ref(), Record::default()).map_err(refused)?
        };
        let replayed = match &self.lesson {
            Some(l) => replayed.of_lesson(l.name, &l.own),
            None => replayed,
        };
        let view = view::view(&replayed)?;
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Bill {
            policy: String,
            bill_nanos: u64,
            refused: u64,
        }
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Shown<'a> {
            #[serde(flatten)]
            view: &'a view::ReplayView,
            /// Each policy's bill and refusals, as `billsim replay --json` has them.
            bills: Vec<Bill>,
            calls: usize,
            /// The log's fields to count as one user (what `options.per` may name), and the
            /// one it was read by (`""`: the format's user).
            per_fields: &'a [String],
            per: &'a str,
        }
        let bills = replayed
            .policies
            .iter()
            .map(|o| Bill {
                policy: o.policy.clone(),
                bill_nanos: o.bill.0,
                refused: o.per_user.iter().map(|u| u64::from(u.refused)).sum(),
            })
            .collect();
        let shown = to_js(&Shown {
            view: &view,
            bills,
            calls: replayed.calls,
            per_fields: &self.log.per_fields,
            per: self.per.as_deref().unwrap_or(""),
        })?;
        self.run = Some(replayed);
        Ok(shown)
    }

    /// The last replay's results as CSV (every user under every policy), made by the core.
    pub fn csv(&self) -> Result<String, Thrown> {
        self.run.as_ref().map(view::csv).ok_or_else(|| Thrown::general("nothing has been replayed yet"))
    }
}

impl Replay {
    /// [`Replay::read`] within `most` (the page's limits, or a test's smaller ones).
    pub fn read_within(read: Function, options: JsValue, most: Most) -> Result<Replay, Thrown> {
        let (options, lesson) = read_options(&options)?;
        let lesson = match lesson {
            Some(name) => {
                let own = lesson_log::own(name).map_err(|e| Thrown::with_field("lesson", e.to_string()))?;
                Some(OfLesson { name, own })
            }
            None => None,
        };
        if let Some(bytes) = options.bytes.filter(|b| *b > most.bytes) {
            return Err(Thrown::with_field("file", page::too_big(Some(bytes), None, most.bytes)));
        }
        let mut file = JsFile { read: &read, offset: 0.0, total: options.bytes, most, stopped: None };
        let log = core::read(BufReader::with_capacity(CHUNK, &mut file), &options);
        match (log, file.stopped) {
            (_, Some(why)) => Err(Thrown::with_field("file", why)),
            (Ok(log), None) => Ok(Replay { log, run: None, per: options.per, lesson }),
            (Err(e @ core::ReplayError::NoSuchField { .. }), None) => Err(Thrown::with_field("per", e.on_page())),
            (Err(e), None) => Err(Thrown::with_field("file", e.on_page())),
        }
    }
}

/// The policies' refusal: a field of them said where the page's editor shows it ("Policy 2
/// \"tight\", guard 1, limit: must be ..."), its path in the file (`text`) given beside
/// the message.
fn policies_refused(e: BadFile, text: &str) -> Thrown {
    let BadFile::Field(f) = &e else { return Thrown::with_field("policies", e.to_string()) };
    let file: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    let name_of = |i: usize| file["policies"][i]["name"].as_str();
    match guard_schema::editor_place(&f.field, name_of) {
        Some(place) => Thrown::at_path("policies", &f.field, format!("{place}: {}", f.problem)),
        None => Thrown::with_field("policies", e.to_string()),
    }
}

/// A run's refusal of a policy's field, which names the policy (`tight.guards[1].tiers`),
/// said where the page's editor shows it, as [`policies_refused`] says a file's: "Policy 2
/// \"tight\", guard 2, tiers: must ...", with its path (`policies[1].guards[1].tiers`).
fn in_policy(e: &RunError, names: &[String]) -> Thrown {
    let paths: Vec<(String, String)> =
        names.iter().enumerate().map(|(i, name)| (name.clone(), format!("policies[{i}]"))).collect();
    let placed = e.in_file(&paths).and_then(|(path, problem)| {
        let place = guard_schema::editor_place(&path, |k| names.get(k).map(String::as_str))?;
        Some(Thrown::at_path("policies", &path, format!("{place}: {problem}")))
    });
    placed.unwrap_or_else(|| Thrown::with_field("policies", e.to_string()))
}

/// A policy file's text from what `run` was given: text as it is, JSON data written as
/// JSON; a list of policies, as text or data, put under `"policies"` so that a refusal's
/// path says `policies[1].guards[0].limit`, the argument's name. Text that is not JSON is
/// left as it is, so that its own line and column are the ones said.
fn policy_file_text(policies: &JsValue) -> Result<String, Thrown> {
    let text = match policies.as_string() {
        Some(text) => text,
        None => js_input::json_text(policies, "policies")?,
    };
    // After a byte-order mark, as the core's reader skips one; checked as raw JSON, which
    // takes a number of any length, as the core's reader does.
    let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let a_list =
        body.trim_start().starts_with('[') && serde_json::from_str::<&serde_json::value::RawValue>(body).is_ok();
    Ok(if a_list { format!("{{\"policies\":{body}}}") } else { text })
}

const OPTIONS_FIELDS: [&str; 5] = ["format", "skipBadRows", "bytes", "per", "lesson"];

const SKIP_ALLOWED: &str = "true or false";
const BYTES_ALLOWED: &str = "a whole number of bytes (the file's size)";

/// What `options.per` takes.
const PER_ALLOWED: &str = "a field of the log that says who made a call, by its name (the run's perFields), or \"\"";

/// `Replay.read`'s options: how the log is read, and the lesson whose traffic it is
/// (`lesson`, a scenario's name, or `""` for a reader's own log), whose abusers the results
/// then draw and count as the lesson has them.
fn read_options(value: &JsValue) -> Result<(Options, Option<&'static str>), Thrown> {
    let Some(object) = js_input::object(value, "options", &OPTIONS_FIELDS)? else {
        return Ok((Options::default(), None));
    };
    let format = js_input::text_field(&object, "format", core::FORMATS_ALLOWED)?
        .filter(|f| !f.is_empty())
        .map(|f| Format::parse(&f))
        .transpose()?;
    // Own fields only: one added to Object.prototype by other code is not an option.
    let skip = match js_input::get(&object, "skipBadRows", SKIP_ALLOWED)? {
        v if v.is_undefined() => false,
        v => v.as_bool().ok_or_else(|| js_input::error("skipBadRows", SKIP_ALLOWED, js_input::describe(&v)))?,
    };
    // The file's size (`file.size`), which sizes the reader's memory at once.
    let bytes = match js_input::get(&object, "bytes", BYTES_ALLOWED)? {
        v if v.is_undefined() => None,
        v => Some(
            v.as_f64()
                // Past u64 (1e300) it saturates, to be refused as a log too big to replay.
                .filter(|b| *b >= 0.0 && b.fract() == 0.0)
                .map(|b| b as u64)
                .ok_or_else(|| js_input::error("bytes", BYTES_ALLOWED, js_input::describe(&v)))?,
        ),
    };
    // Who counts as one user: a field of the file (the core refuses one that is not among
    // the log's perFields, listing them); "" or none is the format's user.
    let per =
        js_input::text_field(&object, "per", PER_ALLOWED)?.map(|p| p.trim().to_string()).filter(|p| !p.is_empty());
    let lesson = match js_input::text_field(&object, "lesson", registry::SCENARIOS_ALLOWED)? {
        Some(name) if !name.is_empty() => {
            Some(registry::find(&name).map_err(|e| Thrown::on("lesson", e.problem))?.name)
        }
        _ => None,
    };
    Ok((Options { format, skip_bad_rows: skip, bytes, per }, lesson))
}

/// Draws a replay view's share of the bill by user (`share` of `Replay.run`'s view),
/// framing `policy`'s bar; `look` as for `drawShareOfBill`. `replayShareHeight` says how
/// tall a canvas its bars need.
#[wasm_bindgen(js_name = drawReplayShare)]
pub fn draw_replay_share(
    canvas: HtmlCanvasElement,
    share: JsValue,
    policy: JsValue,
    look: JsValue,
) -> Result<(), Thrown> {
    let (view, policy) = share_framing(share, policy)?;
    let theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_share_by_cohort(area, &view, &policy, &theme))
}

/// The height in a canvas's pixels that `drawReplayShare`'s chart needs on a canvas `width`
/// pixels wide, each bar tall enough for a line of its text: a page sizes the canvas to it
/// before drawing, as the bars are as many as the reader's policies.
#[wasm_bindgen(js_name = replayShareHeight)]
pub fn replay_share_height(
    share: JsValue,
    policy: JsValue,
    look: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] width: JsValue,
) -> Result<u32, Thrown> {
    let (view, policy) = share_framing(share, policy)?;
    let theme = js_input::look(&look)?;
    let width = js_input::canvas_width(&width)?;
    Ok(billsim_chart::share_by_cohort_height(&view, &policy, width, &theme))
}

/// A replay view's share of the bill (`share`), and the name of the policy framed in it.
fn share_framing(share: JsValue, policy: JsValue) -> Result<(CohortView, String), Thrown> {
    let view: CohortView = serde_wasm_bindgen::from_value(share)
        .map_err(|e| Thrown::on("share", format!("must be the share of a replay's view; {e}")))?;
    let policy = policy.as_string().unwrap_or_default();
    if !view.bars.iter().any(|b| b.policy == policy) {
        let names: Vec<String> = view.bars.iter().map(|b| quoted(&b.policy)).collect();
        return Err(Thrown::on("policy", format!("must be one of the view's policies, {}", names.join(", "))));
    }
    Ok((view, policy))
}

/// Draws a replay view's spend over time (`spend` of `Replay.run`'s view); `look` as
/// for `drawShareOfBill`.
#[wasm_bindgen(js_name = drawReplayOverTime)]
pub fn draw_replay_over_time(canvas: HtmlCanvasElement, over_time: JsValue, look: JsValue) -> Result<(), Thrown> {
    let view: OverTime = serde_wasm_bindgen::from_value(over_time)
        .map_err(|e| Thrown::on("spend", format!("must be the over-time view of a replay; {e}")))?;
    let theme = js_input::look(&look)?;
    on_canvas(canvas, |area| billsim_chart::draw_over_time(area, &view, &theme))
}
