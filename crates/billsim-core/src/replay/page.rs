//! The words of the page's "Your own traffic" view (`web/replay.html`): its headings,
//! labels and buttons, and the progress of a file being read. The page writes none of
//! its own.

use crate::replay::Format;
use crate::words::grouped;
use crate::words::share;
use serde::Serialize;

#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Words {
    pub title: &'static str,
    pub intro: &'static str,
    pub choose: &'static str,
    pub drop: &'static str,
    /// "Try it on a lesson's traffic" ([`crate::replay::lesson_log`]): its choice of lesson,
    /// its button, and the link to the log it replayed.
    pub lesson_log: &'static str,
    pub lesson_log_go: &'static str,
    pub lesson_log_download: &'static str,
    pub format: &'static str,
    pub auto: &'static str,
    pub skip: &'static str,
    /// The choice of who counts as one user (`billsim replay --per FIELD`), and its first
    /// option: the format's own user.
    pub per: &'static str,
    pub per_default: &'static str,
    pub add: &'static str,
    pub prices: &'static str,
    /// Said under a chosen price table: the page's address (a shared link) does not hold it.
    pub prices_not_in_link: &'static str,
    /// After the engine's list of models with no price.
    pub no_price: &'static str,
    pub add_none: &'static str,
    pub reading: &'static str,
    pub cancel: &'static str,
    pub cancelled: &'static str,
    pub failed: &'static str,
    /// Said over a refusal of prices when a price table was given.
    pub prices_failed: &'static str,
    /// A log read well whose replay the editor's policies stopped (an address's, say): the
    /// editor's error says what to change.
    pub policies_failed: &'static str,
    /// A link's policies that cannot run, with no results yet: the log is replayed under
    /// the default policies, and the editor keeps the link's with its error.
    pub link_policies_failed: &'static str,
    pub kept: &'static str,
    /// Said when the editor's policies are applied before any log is read.
    pub applied_to_next_log: &'static str,
    /// Said (to a screen reader too) once the editor's buttons have replayed the log, before
    /// the framed policy's sentence: the charts and tables changed with nothing else said.
    pub replayed: &'static str,
    /// Said over why a link's "Count as one user" was not used on the log read.
    pub per_fallback: &'static str,
    pub policies: &'static str,
    pub policy_name: &'static str,
    pub guard_start: &'static str,
    pub guard: &'static str,
    pub add_guard: &'static str,
    pub remove_guard: &'static str,
    /// A guard's field the editor has no control for (a link's typo, "windw"): its button.
    pub remove_field: &'static str,
    pub no_guards: &'static str,
    /// Before a policy's fields the editor has no boxes for (a ledger, a ladder), shown as
    /// the language writes them and kept.
    pub kept_as_written: &'static str,
    pub add_policy: &'static str,
    pub remove_policy: &'static str,
    pub new_policy: &'static str,
    pub apply: &'static str,
    pub reset: &'static str,
    /// The reset button's words once it has reset: a second click gives back what it reset.
    pub undo_reset: &'static str,
    pub results: &'static str,
    pub notes: &'static str,
    pub show_policy: &'static str,
    pub download: &'static str,
    /// What the page says when its WebAssembly stopped (a trap: a fault, or memory gone).
    pub stopped: &'static str,
}

pub const WORDS: Words = Words {
    title: "Your own traffic",
    intro: "Choose or drop a log of your app's model calls (LiteLLM, Helicone, Langfuse, OpenTelemetry or a \
            generic CSV or JSON-lines log) to see what each policy would have done to it. The file is read in \
            this page only: it is never sent anywhere.",
    choose: "Log file",
    drop: "or drop a log file here",
    lesson_log: "No log at hand? Try it on a lesson's traffic",
    lesson_log_go: "Replay this lesson's traffic",
    lesson_log_download: "Download this log, to see the format to write",
    format: "Format",
    auto: "Find it from the file",
    skip: "Skip bad rows",
    per: "Count as one user",
    per_default: "Who the log says made each call",
    add: "Add a kind of user from a lesson",
    prices: "Price table (optional, JSON or CSV: model, input_per_million, output_per_million)",
    prices_not_in_link: "The price table stays in this browser: a link to this page replays without it, at the \
                         prices the log or the built-in table gives.",
    no_price: "choose a price table that gives them, and the log is read again with it",
    add_none: "None",
    reading: "Reading the log",
    cancel: "Cancel",
    cancelled: "Reading cancelled.",
    failed: "This file cannot be replayed:",
    prices_failed: "The price table cannot be used:",
    policies_failed: "The log was read, but the policies below cannot be run: change them and replay.",
    link_policies_failed: "The link's policies cannot be run (the editor below says why): the results are under the \
                           default policies until you change them and replay.",
    kept: "The results below are still those of the last file replayed.",
    applied_to_next_log: "No log yet: the log you choose next is replayed under these policies.",
    replayed: "Replayed under the policies above.",
    per_fallback:
        "This log has no field the link's \"Count as one user\" asks for, so it was read by its format's user:",
    policies: "Policies",
    policy_name: "Policy name",
    guard_start: "Start from",
    guard: "Guard",
    add_guard: "Add guard",
    remove_guard: "Remove guard",
    remove_field: "Remove the field",
    no_guards: "No guard: every call is served.",
    kept_as_written: "Also in this policy, kept as written (the editor has no boxes for these):",
    add_policy: "Add policy",
    remove_policy: "Remove policy",
    new_policy: "myPolicy",
    apply: "Replay under these policies",
    reset: "Back to the default policies (a lesson's own, for its traffic)",
    undo_reset: "Undo: back to the policies written before",
    results: "What each policy would have done",
    notes: "What the reading assumed",
    show_policy: "Framed policy",
    download: "Download results as CSV",
    stopped: "The page's WebAssembly stopped while replaying this log: it may have run out of the browser's \
              memory. The command line, `billsim replay FILE`, reads a log of any size as it streams in.",
};

/// The most a page replays: a log of this many bytes (a file's size is known before it is
/// read), with calls that take at most `PAGE_MOST_MEMORY` of the module's memory. A wasm32
/// module has at most 4 GiB and no list longer than 2 GiB: the page holds a call in some 55
/// bytes when it knows the file's size (10 million calls: 540 MB), and in up to twice that
/// while a list of calls grows; growing takes twice the list for a moment, and the replay
/// needs room of its own. Stopping at 1 GiB, no list can grow past 2 GiB nor the memory
/// past 3 GiB: some 8 to 19 million calls, as the rows are read.
pub const PAGE_MOST_BYTES: u64 = 1_000_000_000;
pub const PAGE_MOST_MEMORY: u64 = 1 << 30;
/// The calls a page holds, as said (a round number below what fits).
const PAGE_MOST_CALLS: &str = "about 10 million calls";

/// Why the page does not replay a log, how big a log may be, and that `billsim replay`
/// reads it: `total`, the file's size when known; `read`, how much had been read when the
/// page's memory for the calls was full (`None`: the log is too big before it is read);
/// `most`, the most bytes the page reads.
///
/// ```
/// use billsim_core::replay::page::too_big;
/// assert_eq!(too_big(Some(2_100_000_000), None, 1_000_000_000),
///     "the log is 2.1 GB, and this page replays logs of up to 1 GB and about 10 million calls, as it keeps \
///      every call in the browser's memory; the command line, `billsim replay FILE`, reads a log of any size \
///      as it streams in");
/// ```
pub fn too_big(total: Option<u64>, read: Option<u64>, most: u64) -> String {
    let what = match (total, read) {
        (Some(total), None) => format!("the log is {}", size(total)),
        (None, None) => format!("the log is more than {}", size(most)),
        (total, Some(read)) => format!(
            "the log has more calls than this page can keep in the browser's memory (it was full after {}{})",
            size(read),
            total.map_or_else(String::new, |t| format!(" of {}", size(t)))
        ),
    };
    format!(
        "{what}, and this page replays logs of up to {} and {PAGE_MOST_CALLS}, as it keeps every call in the \
         browser's memory; the command line, `billsim replay FILE`, reads a log of any size as it streams in",
        size(most)
    )
}

/// The formats a page's menu offers: `[name, label]`.
pub fn formats() -> Vec<[&'static str; 2]> {
    Format::ALL.iter().map(|f| [f.name(), f.label()]).collect()
}

/// How far the reading is: "Read 12.5 MB of 50 MB (25%)".
///
/// ```
/// use billsim_core::replay::page::progress;
/// assert_eq!(progress(1_250_000, 5_000_000), "Read 1.2 MB of 5 MB (25%)");
/// assert_eq!(progress(0, 0), "Read 0 bytes of 0 bytes");
/// ```
pub fn progress(read: u64, total: u64) -> String {
    let of = match share(read, total) {
        Some(s) => format!(" ({s})"),
        None => String::new(),
    };
    format!("Read {} of {}{of}", size(read), size(total))
}

/// The title of a policy's box in the editor: what the results call it, then its name in
/// brackets where the two differ ("Daily cap (dailyCap)"); its name alone before any results
/// name it.
///
/// ```
/// use billsim_core::replay::page::policy_legend;
/// assert_eq!(policy_legend(Some("Daily cap"), "dailyCap"), "Daily cap (dailyCap)");
/// assert_eq!(policy_legend(Some("open"), "open"), "open", "a label that is the name is said once");
/// assert_eq!(policy_legend(None, "myPolicy"), "myPolicy", "a policy no results name yet");
/// let alike = "$0.01 per day per user (est)";
/// assert_eq!(policy_legend(Some(alike), "est"), alike, "a label that names its policy already");
/// ```
pub fn policy_legend(label: Option<&str>, name: &str) -> String {
    match label {
        // A label that names its policy already (two said alike, [`super::run::labelled`]).
        Some(label) if label.ends_with(&format!(" ({name})")) => label.to_string(),
        Some(label) if !label.is_empty() && label != name => format!("{label} ({name})"),
        _ => name.to_string(),
    }
}

/// Bytes as a reader counts them: `812 bytes`, `12 kB`, `1.2 MB`, `3.4 GB`.
fn size(bytes: u64) -> String {
    let tenths = |unit: u64| {
        let t = bytes / (unit / 10);
        if t % 10 == 0 {
            grouped(t / 10)
        } else {
            format!("{}.{}", grouped(t / 10), t % 10)
        }
    };
    match bytes {
        b if b < 1_000 => format!("{b} bytes"),
        b if b < 1_000_000 => format!("{} kB", tenths(1_000)),
        b if b < 1_000_000_000 => format!("{} MB", tenths(1_000_000)),
        _ => format!("{} GB", tenths(1_000_000_000)),
    }
}
