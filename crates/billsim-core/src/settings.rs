//! The settings a reader can change, their defaults and allowed ranges, and the checks
//! every entry point (form, address, JS API, command line) uses. Each edge adds the name
//! of its own field to the message.

use crate::engine::budget::Refill;
use crate::money::Micros;
use crate::visible_text::quoted;
use serde::Serialize;
use std::fmt;
use std::num::NonZeroU32;

pub const PER_MINUTE_DEFAULT: u32 = 5;
pub const PER_MINUTE_MIN: u32 = 1;
pub const PER_MINUTE_MAX: u32 = 60;
pub const BUDGET_DEFAULT: Micros = Micros(250_000);
pub const BUDGET_MIN: Micros = Micros(10_000);
pub const BUDGET_MAX: Micros = Micros(100_000_000);

/// How one day is run: the request limit, the budget and its refill rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub per_minute: NonZeroU32,
    #[serde(rename = "budgetMicros")]
    pub budget: Micros,
    pub refill: Refill,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            per_minute: NonZeroU32::new(PER_MINUTE_DEFAULT).expect("the default is not zero"),
            budget: BUDGET_DEFAULT,
            refill: Refill::Daily,
        }
    }
}

/// A value outside what a setting allows. `Display` says what is allowed and what came;
/// the edge puts its field's name in front.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub allowed: &'static str,
    pub got: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "must be {}; got {}", self.allowed, self.got)
    }
}

/// A bad value for a named field: what every entry point reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub problem: Invalid,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.problem)
    }
}

impl std::error::Error for FieldError {}

impl Invalid {
    pub fn on(self, field: impl Into<String>) -> FieldError {
        FieldError { field: field.into(), problem: self }
    }
}

pub const SEED_ALLOWED: &str = "a whole number from 0 to 4,294,967,295";
pub const PER_MINUTE_ALLOWED: &str = "a whole number from 1 to 60";
pub const BUDGET_ALLOWED: &str = "an amount in dollars from 0.01 to 100, with at most 6 decimals";
pub const REFILL_ALLOWED: &str = "\"daily\" or \"steady\"";

/// Shows what came, cut short so an error message stays readable whatever was sent.
pub fn shown(text: &str) -> String {
    crate::visible_text::shortened(text, quoted)
}

/// Why `value` is none of `values` (which `allowed` says, for the reader); `None` for one of
/// them. An attribute's word (`sync-url`, `loading`) is refused so.
pub(crate) fn one_of(values: &[&str], allowed: &str, value: &str) -> Option<String> {
    (!values.contains(&value)).then(|| format!("must be {allowed}; got {}", shown(value)))
}

pub(crate) fn whole_number(text: &str, allowed: &'static str, lo: u64, hi: u64) -> Result<u64, Invalid> {
    let t = text.trim();
    let bad = || Invalid { allowed, got: shown(text) };
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    // Digits only, so a failed parse means too large.
    let n: u64 = t.parse().map_err(|_| bad())?;
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(bad())
    }
}

/// A day number, as text: `"0"` to `"4294967295"`.
pub fn parse_seed(text: &str) -> Result<u32, Invalid> {
    whole_number(text, SEED_ALLOWED, 0, u64::from(u32::MAX)).map(|n| n as u32)
}

/// Requests per user per minute, as text: `"1"` to `"60"`.
pub fn parse_per_minute(text: &str) -> Result<NonZeroU32, Invalid> {
    let n = whole_number(text, PER_MINUTE_ALLOWED, PER_MINUTE_MIN.into(), PER_MINUTE_MAX.into())?;
    NonZeroU32::new(n as u32).ok_or(Invalid { allowed: PER_MINUTE_ALLOWED, got: shown(text) })
}

/// A budget in dollars, as text: `"0.01"` to `"100"`, exactly (no floating point).
pub fn parse_budget(text: &str) -> Result<Micros, Invalid> {
    let bad = || Invalid { allowed: BUDGET_ALLOWED, got: shown(text) };
    let amount = Micros::parse_dollars(text).map_err(|_| bad())?;
    if (BUDGET_MIN..=BUDGET_MAX).contains(&amount) {
        Ok(amount)
    } else {
        Err(bad())
    }
}

/// A refill rule, as text: `"daily"` or `"steady"`.
pub fn parse_refill(text: &str) -> Result<Refill, Invalid> {
    Refill::parse(text.trim()).ok_or(Invalid { allowed: REFILL_ALLOWED, got: shown(text) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setting_accepts_its_ends_and_refuses_one_step_beyond() {
        assert_eq!(parse_per_minute("1").map(NonZeroU32::get), Ok(1));
        assert_eq!(parse_per_minute("60").map(NonZeroU32::get), Ok(60));
        assert!(parse_per_minute("0").is_err() && parse_per_minute("61").is_err());
        assert_eq!(parse_budget("0.01"), Ok(Micros(10_000)));
        assert_eq!(parse_budget("100"), Ok(Micros(100_000_000)));
        assert!(parse_budget("0.009999").is_err() && parse_budget("100.000001").is_err());
        assert_eq!(parse_seed("4294967295"), Ok(u32::MAX));
        assert!(parse_seed("4294967296").is_err());
    }

    #[test]
    fn a_refused_value_is_named_with_what_is_allowed() {
        let err = parse_per_minute("-3").unwrap_err().on("perMinute");
        assert_eq!(err.to_string(), "perMinute: must be a whole number from 1 to 60; got \"-3\"");
        let long = "9".repeat(10_000);
        let msg = parse_seed(&long).unwrap_err().on("seed").to_string();
        assert!(msg.len() < 200, "a huge value is shown cut short: {msg}");
    }
}
