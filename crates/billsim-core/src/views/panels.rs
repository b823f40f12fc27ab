//! What a lesson's widget shows beside its chart, in panels the core writes whole: a
//! title, sentences, monospaced lines (a log's last lines, a script's output) and a
//! table. Each scenario says what its panels are (`Scenario::panels`), so the page shows
//! any lesson's pieces with no code of that lesson's own.

use crate::engine::RunError;
use crate::scenario::{Scenario, Values};
use crate::views::over_time::Table;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Panel {
    /// A stable name for the page and its tests ("usage", "notes").
    pub name: &'static str,
    pub title: String,
    pub sentences: Vec<String>,
    /// Shown as they are, monospaced, one per line.
    pub lines: Vec<String>,
    pub table: Option<Table>,
}

impl Panel {
    /// A panel with a title and nothing in it yet.
    pub fn titled(name: &'static str, title: impl Into<String>) -> Panel {
        Panel { name, title: title.into(), sentences: Vec::new(), lines: Vec::new(), table: None }
    }
}

/// A scenario's panels on run `seed` with `values`, framing `policy` (one of its policies).
pub type Panels = fn(seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError>;

/// The panels of a scenario that has none.
pub fn none(_seed: u32, _values: &Values, _policy: &str) -> Result<Vec<Panel>, RunError> {
    Ok(Vec::new())
}

/// `scenario`'s panels on run `seed` with `values`, framing `policy` (one of its policies:
/// the caller checks the name, as every export that frames a policy does).
pub fn of(scenario: &Scenario, seed: u32, values: &Values, policy: &str) -> Result<Vec<Panel>, RunError> {
    (scenario.panels)(seed, values, policy)
}
