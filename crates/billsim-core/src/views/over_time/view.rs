//! What the over-time view shows: its axes, each policy's line, the limits, the moments
//! marked, and the table (made in `mod.rs`, cut short in `window.rs`).

use super::axis::{Scale, Tick};
use super::limit::Limit;
use crate::views::table::Table;
use serde::{Deserialize, Serialize};

/// What the over-time view shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OverTime {
    /// The figure's title: "Spend so far under each policy over toy day 0".
    pub title: String,
    pub scale: Scale,
    /// The time axis, in milliseconds from the scenario's start.
    pub from_ms: u64,
    pub to_ms: u64,
    pub time_ticks: Vec<Tick>,
    /// The money axis, from zero to its last tick, in nano-dollars; on a scale of tens,
    /// from its first tick (each ten times the one before) when `log_money`.
    pub money_ticks: Vec<Tick>,
    /// The money axis is a scale of tens: a zoom where one line reaches a hundred times
    /// another, and both matter (the title says so).
    #[serde(default)]
    pub log_money: bool,
    /// One line per policy, in the run's order.
    pub lines: Vec<Line>,
    pub limits: Vec<Limit>,
    /// The moments marked on the chart, each written once: the lines' trips, one mark for
    /// policies that reach their ceilings at the same moment ("ceiling reached at 12:54
    /// (2 policies)"), at the first such line's point.
    #[serde(default)]
    pub events: Vec<Mark>,
    /// Which of `events` marks a reference line first passed, and which of `limits` it is:
    /// the chart rings it as a trip, and writes the line's label there alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passing: Option<Passing>,
    /// Moments and periods marked on the time axis, where the lesson marks them: the
    /// script's first request (lessons 001 and 003), the ledger's outage (lesson 002).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moments: Vec<Moment>,
    /// Where the time axis stops short of the run's end, as nothing on the scale moves
    /// after early on, the sentence that says so (`window.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window: Option<String>,
    /// The view in words, in reading order: `window`, if the chart stops short, each of
    /// `moments`' sentences, then each line's sentence. The text under the chart and its
    /// text alternative, and the figures' descriptions ([`OverTime::in_words`] writes it).
    #[serde(default)]
    pub sentences: Vec<String>,
    pub table: Table,
}

impl OverTime {
    /// Writes [`OverTime::sentences`] from `window` and the lines: done last, by what
    /// makes or cuts the view.
    pub(crate) fn in_words(mut self) -> OverTime {
        let moments = self.moments.iter().map(|m| &m.sentence);
        let lines = self.lines.iter().map(|l| &l.sentence);
        self.sentences = self.window.iter().chain(moments).chain(lines).cloned().collect();
        self
    }
}

/// One policy's cumulative spend.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    /// The policy's stable name.
    pub policy: String,
    /// What a reader sees: "Daily cost budget $0.25".
    pub label: String,
    /// The bill, to the cent: "$0.91".
    pub bill: String,
    /// `[milliseconds, nano-dollars]` from the axis's start (nothing spent) to its end: the
    /// spend settled before each moment. Never falls; the last is the bill.
    pub points: Vec<[u64; 2]>,
    /// Where a spend ceiling was reached, when that is on the scale: one above its top (lesson
    /// 001's $1.00 cap on an axis to $0.0015) is left to the sentence, as a ring pressed
    /// onto the top edge would mark another line's spend.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trip: Option<Mark>,
    /// Where the line leaves the top of the scale (kept for the lines below it), and its
    /// bill in words, written by the line's marker: "↑ $9.97 by the end".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub off_scale: Option<Mark>,
    /// The line in words, for the text alternative and the status line.
    pub sentence: String,
}

/// A reference line's first passing ([`OverTime::passing`]): indices into the view's
/// `events` and `limits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passing {
    pub event: usize,
    pub limit: usize,
}

/// A moment (or, with `until_ms`, a period) marked on the time axis alone, with no line's
/// spend to ring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Moment {
    pub at_ms: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_ms: Option<u64>,
    /// "script starts at 00:38", "ledger down".
    pub label: String,
    /// "The script starts at 00:38."
    pub sentence: String,
}

/// A moment marked on a line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Mark {
    pub at_ms: u64,
    /// The line's value there.
    pub spent_nanos: u64,
    /// "ceiling reached at 14:32".
    pub label: String,
    /// Of an event, the lines (by index) whose trips it marks, one or more at one moment;
    /// empty on a line's own mark and on a reference line's passing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<usize>,
}
