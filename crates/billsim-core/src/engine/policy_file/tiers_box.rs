//! A guard's `tiers` as one line of text, as the replay page's editor shows them in one
//! box: `pro: 20, free: 2.5`, each cohort and its limit, in the order written. The language
//! reads that text where a file writes the object (`{"pro": 20, "free": "2.5"}`), and checks
//! each limit as it checks the object's, with its path and its range. A cohort whose name
//! holds a comma can be written only as the object.

use super::json::{view, Json};
use crate::settings::{shown, Invalid};
use serde_json::value::RawValue;

/// What the text takes, as a message says it.
pub(super) const TIERS_TEXT_ALLOWED: &str =
    "each cohort and its limit as cohort: limit, separated by commas, such as \"pro: 20, free: 2.5\"";

/// The text as the object's entries, in its order, each limit as JSON (digits a number,
/// any other text a string, for the reader to check); a part with no colon, or no cohort
/// before it, is refused here, since no reader could say which cohort it meant.
pub(super) fn tiers_of_text(text: &str) -> Result<Vec<(String, Box<RawValue>)>, Invalid> {
    let refused = |part: &str| Invalid { allowed: TIERS_TEXT_ALLOWED, got: shown(part) };
    let parts: Vec<&str> = text.split(',').map(str::trim).filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        return Err(refused(text));
    }
    parts
        .into_iter()
        .map(|part| {
            // The last colon: a cohort's name may hold one.
            let (cohort, limit) = part.rsplit_once(':').ok_or_else(|| refused(part))?;
            let (cohort, limit) = (cohort.trim(), limit.trim());
            if cohort.is_empty() {
                return Err(refused(part));
            }
            let json = if !limit.is_empty() && limit.bytes().all(|b| b.is_ascii_digit()) {
                limit.to_string()
            } else {
                serde_json::Value::from(limit).to_string()
            };
            let limit = RawValue::from_string(json).map_err(|_| refused(part))?;
            Ok((cohort.to_string(), limit))
        })
        .collect()
}

/// A guard's tiers (as JSON text, the object a file writes or the text the language also
/// reads) as the editor's box shows them: `pro: 20, free: 2.5`.
///
/// ```
/// use billsim_core::engine::tiers_text;
/// assert_eq!(tiers_text(r#"{"pro": 20, "free": "2.5"}"#), "pro: 20, free: 2.5");
/// assert_eq!(tiers_text(r#""pro: 20, free""#), "pro: 20, free");
/// ```
pub fn tiers_text(json: &str) -> String {
    let Ok(raw) = serde_json::from_str::<&RawValue>(json) else {
        return json.to_string();
    };
    let written = |raw: &RawValue| match view(raw) {
        Json::Text(t) => t,
        _ => raw.get().trim().to_string(),
    };
    match view(raw) {
        Json::Object(entries) => entries
            .into_iter()
            .map(|(cohort, limit)| format!("{cohort}: {}", written(limit)))
            .collect::<Vec<_>>()
            .join(", "),
        _ => written(raw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Result<Vec<(String, String)>, String> {
        tiers_of_text(text)
            .map(|t| t.into_iter().map(|(c, l)| (c, l.get().to_string())).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_lines_cohorts_keep_their_order_whole_limits_become_numbers_and_others_text() {
        let got = entries(" pro: 20, free: 2.5, team:eu: 0.25,").unwrap();
        let want = [("pro", "20"), ("free", "\"2.5\""), ("team:eu", "\"0.25\"")];
        assert_eq!(got, want.map(|(c, l)| (c.to_string(), l.to_string())), "three tiers, in order");
    }

    #[test]
    fn a_part_without_its_colon_or_its_cohort_is_refused_naming_the_part() {
        let allowed = "each cohort and its limit as cohort: limit, separated by commas, such as \"pro: 20, free: 2.5\"";
        assert_eq!(entries("pro: 20, free 2").unwrap_err(), format!("must be {allowed}; got \"free 2\""));
        assert_eq!(entries(": 5").unwrap_err(), format!("must be {allowed}; got \": 5\""));
        assert_eq!(entries(" , ").unwrap_err(), format!("must be {allowed}; got \" , \""));
    }
}
