//! Where a format keeps each field: a list of names per field, the first that a row fills
//! wins (LiteLLM's user is `end_user`, else `user`, else `api_key`). Names are compared
//! without case, `_`, `-`, `.` or spaces, so `startTime`, `start_time` and `Start Time` are
//! one name. Used by the CSV reader (names of the header) and the JSON readers (keys).
//!
//! One name given twice (a CSV header's column, a JSON record's key) is refused, naming
//! it: readers differ on which one counts (JSON.parse and Python take the last, serde's
//! maps the first), so neither is read. Two names of one field are not an error: a
//! format's names are its maker's order of fallbacks, and the generic log's are aliases of
//! which the first listed is read; the generic reader says so in a note.

use crate::replay::log::{Field, NotACall};
pub use crate::replay::names::normalize;
use crate::visible_text::quoted;

/// A format's names for each field, normalized (see [`normalize`]).
pub struct Spec {
    pub fields: &'static [(Field, &'static [&'static str])],
    /// Whether a field's names are aliases (the generic log's, any of which a writer may
    /// choose) rather than the maker's own fields in an order of fallbacks: a row that
    /// gives two of them is then said in a note, and a time's name may end with its unit.
    pub aliases: bool,
    /// Fields read from a key of a JSON object held in another column (normalized) when
    /// their own columns are empty: (field, column, key). Helicone's export tool leaves its
    /// `model` column empty (its API names the column `request_model`), and the model is
    /// then only in `request_body`.
    pub inside: &'static [(Field, &'static str, &'static str)],
    /// A column (normalized) that must hold one of these values for a row to be a call, and
    /// what a row that holds another is: Langfuse's CSV export has every observation, and
    /// only its `GENERATION`s and `EMBEDDING`s are model calls.
    pub only: Option<(&'static str, &'static [&'static str], NotACall)>,
    /// Fields read at a path into a record's objects (`metadata.additional_usage_values.
    /// cache_read_input_tokens`, as `--per` names a field) when their own names are empty.
    pub paths: &'static [(Field, &'static str)],
}

impl Spec {
    /// Where the name `normalized` stands among `field`'s names (the first listed is read
    /// first), if it is one of them; with [`Spec::aliases`], a time's name may end with a
    /// unit (`time_us`, `timestamp_ms`, `start_time_seconds`).
    pub fn rank(&self, field: Field, normalized: &str) -> Option<usize> {
        let timed = self.aliases && matches!(field, Field::Start | Field::End);
        self.names(field).iter().position(|w| {
            *w == normalized
                || timed
                    && normalized.strip_prefix(w).is_some_and(|unit| crate::replay::when::UNIT_ENDINGS.contains(&unit))
        })
    }

    /// Where `field` is read inside another column's JSON object, when it is: (column, key).
    pub fn inside(&self, field: Field) -> Option<(&'static str, &'static str)> {
        self.inside.iter().find(|(f, ..)| *f == field).map(|&(_, column, key)| (column, key))
    }

    /// Whether the format reads a field under the name `normalized`.
    pub fn reads(&self, normalized: &str) -> bool {
        self.fields.iter().any(|&(field, _)| self.rank(field, normalized).is_some())
    }

    pub fn names(&self, field: Field) -> &'static [&'static str] {
        self.fields.iter().find(|(f, _)| *f == field).map_or(&[], |(_, names)| names)
    }

    /// The fields a header of `names` (normalized) lacks, each with the names it may have:
    /// every field of [`REQUIRED`] (a user is not: calls without one are one stand-in user).
    pub fn missing(&self, names: &[String]) -> Vec<String> {
        let has = |field: Field| names.iter().any(|n| self.rank(field, n).is_some());
        REQUIRED.iter().filter(|&&f| !has(f)).map(|&f| format!("{} ({})", f.said(), self.said(f))).collect()
    }

    /// The names a reader may give `field`, as a message lists them.
    pub fn said(&self, field: Field) -> String {
        let names: Vec<String> = self.names(field).iter().map(|n| quoted(n)).collect();
        names.join(", ")
    }
}

/// The fields every call needs.
pub const REQUIRED: [Field; 4] = [Field::Start, Field::Model, Field::Input, Field::Output];

/// A name given twice, as a message says it: `"input_tokens" twice`, or both spellings.
pub fn twice(a: &str, b: &str) -> String {
    if a == b {
        format!("{} twice", quoted(a))
    } else {
        format!("{} and {}", quoted(a), quoted(b))
    }
}

/// Why names that differ are one: said after [`twice`] of two spellings.
pub const ONE_NAME: &str = "which are one name (case, \"_\", \"-\", \".\" and spaces do not count)";
