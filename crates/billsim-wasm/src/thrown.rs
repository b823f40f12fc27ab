//! What every export throws: a JS `Error` whose message is the whole sentence ("perMinute:
//! must be a whole number from 1 to 60; got 0"), and, when the message is about one field
//! or argument, a `field` property naming it ("perMinute"), so a page can mark that field
//! without reading the text apart, and a `problem`, the message without its leading
//! "perMinute: " ("must be a whole number from 1 to 60; got 0"), for a page whose own
//! words name the field already; about a field within a policy file, also a `path` (its
//! place in the file, `policies[1].guards[0].limit`).

use billsim_core::settings::FieldError;
use billsim_core::Overflow;
use wasm_bindgen::JsValue;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thrown {
    field: Option<String>,
    message: String,
    path: Option<String>,
}

impl Thrown {
    /// About `field`: the message is `field: problem`.
    pub fn on(field: &str, problem: impl std::fmt::Display) -> Thrown {
        Thrown { field: Some(field.to_string()), message: format!("{field}: {problem}"), path: None }
    }

    /// About `field`, in a message that says so its own way (`policies[1].guards[0].limit: ...`).
    pub fn with_field(field: &str, message: impl Into<String>) -> Thrown {
        Thrown { field: Some(field.to_string()), message: message.into(), path: None }
    }

    /// About `field`, within which the message is about the part at `path`.
    pub fn at_path(field: &str, path: &str, message: impl Into<String>) -> Thrown {
        Thrown { field: Some(field.to_string()), message: message.into(), path: Some(path.to_string()) }
    }

    /// About no one field (the module itself, a drawing that failed).
    pub fn general(message: impl Into<String>) -> Thrown {
        Thrown { field: None, message: message.into(), path: None }
    }

    /// A run that could not be made: about its field when it names one (settings that do
    /// not hold together, such as a monthly budget below the daily one, or give no traffic).
    pub fn run(e: billsim_core::engine::RunError) -> Thrown {
        match e {
            billsim_core::engine::RunError::Setting(f) => Thrown::on(&f.field, f.problem),
            // A scenario's settings that give no traffic (the free tier with no user of any kind).
            billsim_core::engine::RunError::BadTraffic(t) => Thrown::on("traffic", t),
            e => Thrown::general(e.to_string()),
        }
    }

    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }

    /// What is wrong, without the field's name: the message after its "field: ", or the
    /// whole message when it names its place its own way.
    pub fn problem(&self) -> &str {
        let after_field = self.field.as_deref().and_then(|f| self.message.strip_prefix(f)?.strip_prefix(": "));
        after_field.unwrap_or(&self.message)
    }
}

impl From<FieldError> for Thrown {
    fn from(e: FieldError) -> Thrown {
        Thrown::on(&e.field, e.problem)
    }
}

impl From<Overflow> for Thrown {
    fn from(e: Overflow) -> Thrown {
        Thrown::general(e.to_string())
    }
}

impl From<Thrown> for JsValue {
    fn from(t: Thrown) -> JsValue {
        let error = js_sys::Error::new(&t.message);
        if let Some(field) = &t.field {
            // Setting a property on a fresh Error cannot fail.
            let _ = js_sys::Reflect::set(&error, &"field".into(), &JsValue::from_str(field));
        }
        if let Some(path) = &t.path {
            let _ = js_sys::Reflect::set(&error, &"path".into(), &JsValue::from_str(path));
        }
        let _ = js_sys::Reflect::set(&error, &"problem".into(), &JsValue::from_str(t.problem()));
        error.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use billsim_core::settings::Invalid;

    #[test]
    fn a_field_error_keeps_its_message_and_names_its_field() {
        let e = Invalid { allowed: "a whole number from 1 to 60", got: "\"0\"".into() }.on("perMinute");
        let text = e.to_string();
        let t = Thrown::from(e);
        assert_eq!(t.message(), text);
        assert_eq!(t.field(), Some("perMinute"));
        assert_eq!(t.problem(), "must be a whole number from 1 to 60; got \"0\"", "the message after its field");
    }

    #[test]
    fn a_message_the_core_wrote_with_its_field_first_gives_the_problem_after_it() {
        let t = Thrown::with_field("per", "per: must be one of this log's fields ...; got \"team\"");
        assert_eq!(t.problem(), "must be one of this log's fields ...; got \"team\"");
        assert_eq!(
            Thrown::general("the module stopped").problem(),
            "the module stopped",
            "no field: the whole message"
        );
    }

    #[test]
    fn a_run_whose_traffic_cannot_be_made_names_the_traffic_field() {
        let e = billsim_core::engine::RunError::BadTraffic(billsim_core::engine::BadTraffic("no users".into()));
        let t = Thrown::run(e);
        assert_eq!((t.field(), t.message()), (Some("traffic"), "traffic: no users"));
    }

    #[test]
    fn a_refusal_within_a_policy_file_names_the_argument_and_gives_the_path_beside_its_words() {
        let t = Thrown::at_path("policies", "policies[1].guards[0].limit", "Policy 2, guard 1, limit: must be ...");
        assert_eq!(
            (t.field(), t.path(), t.message()),
            (Some("policies"), Some("policies[1].guards[0].limit"), "Policy 2, guard 1, limit: must be ...")
        );
        assert_eq!(t.problem(), t.message(), "a message that names its place its own way is the problem whole");
        assert_eq!(Thrown::on("perMinute", "must be ...").path(), None, "other refusals have no path");
    }

    #[test]
    fn an_overflow_names_no_field() {
        let t = Thrown::from(Overflow);
        assert_eq!((t.field(), t.message()), (None, "an amount of money is too large to count"));
    }
}
