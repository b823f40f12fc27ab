//! Where a format keeps each field: a list of names per field, the first that a row fills
//! wins (LiteLLM's user is `end_user`, else `user`, else `api_key`). Names are compared
//! without case, `_`, `-`, `.` or spaces, so `startTime`, `start_time` and `Start Time` are
//! one name. Used by the CSV reader (names of the header) and the JSON readers (keys).

use crate::replay::log::Field;

/// A format's names for each field, normalized (see [`normalize`]).
pub struct Spec {
    pub fields: &'static [(Field, &'static [&'static str])],
}

impl Spec {
    pub fn names(&self, field: Field) -> &'static [&'static str] {
        self.fields.iter().find(|(f, _)| *f == field).map_or(&[], |(_, names)| names)
    }

    /// The names a reader may give `field`, as a message lists them.
    pub fn said(&self, field: Field) -> String {
        let names: Vec<String> = self.names(field).iter().map(|n| format!("{n:?}")).collect();
        names.join(", ")
    }
}

/// A name without case, `_`, `-`, `.` or spaces.
///
/// ```
/// use billsim_core::replay::columns::normalize;
/// assert_eq!(normalize("startTime"), "starttime");
/// assert_eq!(normalize(" Start_Time "), "starttime");
/// ```
pub fn normalize(name: &str) -> String {
    name.chars().filter(|c| !matches!(c, '_' | '-' | '.' | ' ' | '\t')).flat_map(char::to_lowercase).collect()
}

/// The fields every call needs; a user or else a key is needed too.
pub const REQUIRED: [Field; 4] = [Field::Start, Field::Model, Field::Input, Field::Output];
