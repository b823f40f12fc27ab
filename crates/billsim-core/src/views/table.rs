//! The "Show numbers" table that a chart or a panel carries, for readers who want the
//! figures as text (and for screen readers): every view's table has this one shape.

use serde::{Deserialize, Serialize};

/// A caption, the column heads, and rows of text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub caption: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}
