//! What a lesson's widget shows beside its chart, in panels the core writes whole: a
//! title, sentences, monospaced lines (a log's last lines, a script's output) and a
//! table. Each scenario says what its panels are ([`crate::scenario::Scenario::panels`]), so the page shows
//! any lesson's pieces with no code of that lesson's own.

use crate::views::table::Table;
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
