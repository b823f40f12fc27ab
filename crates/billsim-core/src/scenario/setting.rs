//! A setting a reader can change, as data: its one name (`key`, kebab case as an attribute),
//! its old names still read, the label the form shows, its unit, what it allows, its
//! default and the views that show it; and its values read from text, each refusal naming it.
//! Each lesson declares its own settings; the table of every setting is
//! [`crate::scenario::registry::SETTINGS`].

use crate::money::Micros;
use crate::settings::{self, FieldError, Invalid};
use serde::Serialize;

fn decimal<S: serde::Serializer>(amount: &Micros, s: S) -> Result<S::Ok, S::Error> {
    let text = amount.exact_dollars();
    s.serialize_str(text.trim_start_matches('$'))
}

/// One of a setting's choices: its value and what a reader sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    pub value: &'static str,
    pub label: &'static str,
}

/// What a setting holds, with its range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Kind {
    Whole {
        min: u64,
        max: u64,
    },
    /// An amount in dollars, exactly (at most six decimals), from `min` to `max`; in JSON
    /// as decimal text a form can show ("0.01", "100.00").
    Dollars {
        #[serde(serialize_with = "decimal")]
        min: Micros,
        #[serde(serialize_with = "decimal")]
        max: Micros,
    },
    Choice {
        choices: &'static [Choice],
    },
}

/// A setting. Its one name is `key`: the `--set` name, the address's parameter, and in
/// kebab case the attribute ([`SettingSpec::attribute`]). `old_names` are the names it had
/// before it had one (attributes such as `budget` and address names such as `normal`):
/// they are still read, so shared links and pages do not break, and never written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", into = "SettingOut")]
pub struct SettingSpec {
    pub key: &'static str,
    pub old_names: &'static [&'static str],
    /// The form's label, with its range: "Requests per user per minute (request limit, 1 to 60)".
    pub label: &'static str,
    /// The unit of a number ("requests a minute", "dollars"), empty for a choice.
    pub unit: &'static str,
    pub kind: Kind,
    /// What it allows, as error messages say it.
    pub allowed: &'static str,
    /// The default, as text (as the form, an attribute or the address would give it).
    pub default: &'static str,
    /// The views whose form shows it (empty: a setting the form does not show).
    pub views: &'static [&'static str],
}

/// A setting's value. In JSON a whole number is a number, an amount of dollars its exact
/// decimal text ("0.25": the key says dollars, and no float could hold every amount),
/// a choice its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Whole(u64),
    Dollars(#[serde(serialize_with = "decimal")] Micros),
    Choice(&'static str),
}

/// A setting as the page reads it: its name, its attribute and its old names spelled out,
/// and the names an attribute and an address may give it by, the one written first.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SettingOut {
    key: &'static str,
    attribute: String,
    old_names: &'static [&'static str],
    attribute_names: Vec<String>,
    address_names: Vec<String>,
    label: &'static str,
    unit: &'static str,
    kind: Kind,
    allowed: &'static str,
    default: &'static str,
    views: &'static [&'static str],
}

impl From<SettingSpec> for SettingOut {
    fn from(s: SettingSpec) -> Self {
        let SettingSpec { key, old_names, label, unit, kind, allowed, default, views } = s;
        let (attribute_names, address_names) = (s.attribute_names(), s.address_names());
        SettingOut {
            key,
            attribute: s.attribute(),
            old_names,
            attribute_names,
            address_names,
            label,
            unit,
            kind,
            allowed,
            default,
            views,
        }
    }
}

/// `name` in kebab case, as HTML attributes are written: "budgetDollars" -> "budget-dollars".
pub fn kebab(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

impl SettingSpec {
    /// The element's attribute: the key in kebab case.
    pub fn attribute(&self) -> String {
        kebab(self.key)
    }

    /// The names an element's attribute may give this setting by: its attribute, then its
    /// old names that can be attributes (HTML lowercases attribute names, so an old
    /// camel-case address name is none; ASCII only, as Unicode's case tables would add some
    /// 10 KB to each lesson's module).
    pub fn attribute_names(&self) -> Vec<String> {
        let lower = |n: &&&str| !n.bytes().any(|b| b.is_ascii_uppercase());
        let mut names = vec![self.attribute()];
        names.extend(self.old_names.iter().filter(lower).map(|n| n.to_string()));
        names
    }

    /// The names the address may give this setting by: its key, its attribute (when it is
    /// not the key), then its old names (never its own: the table's tests say so).
    pub fn address_names(&self) -> Vec<String> {
        let mut names = vec![self.key.to_string()];
        let attribute = self.attribute();
        if attribute != self.key {
            names.push(attribute);
        }
        names.extend(self.old_names.iter().map(|n| n.to_string()));
        names
    }

    /// Whether `name` names this setting: its key, its attribute or one of its old names.
    pub fn is_named(&self, name: &str) -> bool {
        name == self.key || name == self.attribute() || self.old_names.contains(&name)
    }

    /// Reads a value as a form, an attribute, the address or the command line gives it.
    ///
    /// ```
    /// use billsim_core::scenario::registry::{setting, Value};
    /// use billsim_core::Micros;
    /// let budget = setting("budgetDollars").unwrap();
    /// assert_eq!(budget.parse("0.015"), Ok(Value::Dollars(Micros(15_000))));
    /// assert_eq!(budget.parse("0").unwrap_err().to_string(),
    ///     "must be an amount in dollars from 0.01 to 100, with at most 6 decimals; got \"0\"");
    /// ```
    pub fn parse(&self, text: &str) -> Result<Value, Invalid> {
        let bad = || Invalid { allowed: self.allowed, got: settings::shown(text) };
        match self.kind {
            Kind::Whole { min, max } => {
                settings::whole_number(&ungrouped(text), self.allowed, min, max).map(Value::Whole).map_err(|_| bad())
            }
            Kind::Dollars { min, max } => match Micros::parse_dollars(&ungrouped(text)) {
                Ok(m) if (min..=max).contains(&m) => Ok(Value::Dollars(m)),
                _ => Err(bad()),
            },
            Kind::Choice { choices } => {
                choices.iter().find(|c| c.value == text.trim()).map(|c| Value::Choice(c.value)).ok_or_else(bad)
            }
        }
    }

    /// The default value.
    pub fn default_value(&self) -> Value {
        // Every default in the table is one of its own values (a test checks it).
        self.parse(self.default).unwrap_or(Value::Choice(self.default))
    }

    /// [`SettingSpec::parse`], with the key in the error.
    pub fn read(&self, text: &str) -> Result<Value, FieldError> {
        self.parse(text).map_err(|e| e.on(self.key))
    }

    /// A value of this setting as a notice says the one it uses: a choice quoted as the
    /// address writes it, with what the reader sees it as; dollars with their sign; a whole
    /// number grouped in threes, as its range is said; a value it does not hold as it was
    /// given.
    ///
    /// ```
    /// use billsim_core::scenario::registry::setting;
    /// assert_eq!(setting("policy").unwrap().value_said("dailyBudget"), "\"dailyBudget\" (Daily cost budget)");
    /// assert_eq!(setting("budgetDollars").unwrap().value_said("0.25"), "$0.25");
    /// assert_eq!(setting("seed").unwrap().value_said("42"), "42");
    /// assert_eq!(setting("tokenBudget").unwrap().value_said("60000"), "60,000");
    /// ```
    pub fn value_said(&self, text: &str) -> String {
        match (self.parse(text), self.kind) {
            (Ok(Value::Choice(value)), Kind::Choice { choices }) => {
                let label = choices.iter().find(|c| c.value == value).map_or("", |c| c.label);
                format!("{} ({label})", settings::shown(value))
            }
            (Ok(Value::Dollars(amount)), _) => amount.shown(),
            (Ok(Value::Whole(n)), _) => crate::words::grouped(n),
            _ => text.to_string(),
        }
    }
}

/// A number as a form's label writes it, "10,000,000" or "$1,000.50", without its commas,
/// when they part its whole digits in threes (as the label's do); any other text as it is
/// ("5,00" stays, to be refused).
///
/// ```
/// use billsim_core::scenario::setting::ungrouped;
/// assert_eq!(ungrouped(" 10,000,000 "), "10000000");
/// assert_eq!(ungrouped("$1,000.50"), "$1000.50");
/// assert_eq!(ungrouped("5,00"), "5,00");
/// assert_eq!(ungrouped(",100"), ",100");
/// ```
pub fn ungrouped(text: &str) -> std::borrow::Cow<'_, str> {
    let t = text.trim();
    let body = t.strip_prefix('$').unwrap_or(t);
    let whole = body.split_once('.').map_or(body, |(w, _)| w);
    let mut groups = whole.split(',');
    let first = groups.next().unwrap_or_default();
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    let grouped = whole.contains(',')
        && (1..=3).contains(&first.len())
        && digits(first)
        && groups.all(|g| g.len() == 3 && digits(g));
    if grouped {
        std::borrow::Cow::Owned(t.replace(',', ""))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// An unknown setting's name: the error lists the known ones (`allowed`, a scenario's).
pub fn unknown_setting(key: &str, allowed: &'static str) -> FieldError {
    FieldError { field: "setting".into(), problem: Invalid { allowed, got: settings::shown(key) } }
}

/// A switch on the widget's first screen for one of its settings: pressed, the setting is
/// `on`; pressed again, its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Toggle {
    pub key: &'static str,
    /// The button's words.
    pub label: &'static str,
    /// The setting's text when the switch is on.
    pub on: &'static str,
}

/// A widget's switches, with what the group is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Toggles {
    pub label: &'static str,
    pub items: &'static [Toggle],
}
