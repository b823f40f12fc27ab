//! Settings of a scenario that are each allowed but not together (a day's budget above its
//! month's, an outage that starts after it ends, a free tier with no user of any kind): each
//! lesson declares its own ([`crate::scenario::Scenario::clashes`]); a run refuses them, and
//! a widget sets one aside ([`crate::scenario::settle`]), in the same words.

use crate::scenario::setting::Value;
use crate::scenario::values::Values;
use crate::settings::{shown, FieldError, Invalid};

/// One side of an order between two settings: its key, what it allows beside the other,
/// and the words between its value and the other's in a refusal ("with a daily budget
/// of": "$0.50 with a daily budget of $1.00").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    pub key: &'static str,
    pub allowed: &'static str,
    pub beside: &'static str,
}

/// Settings of a scenario that must hold together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// `lower` may not be above `upper` (a day's budget within its month's; an outage's
    /// start at or before its end). A run refuses `upper`.
    Order { lower: Side, upper: Side },
    /// Not every one of `keys` may be 0 (a run needs a user of some kind). A run refuses
    /// the last.
    NotAllZero { keys: &'static [&'static str], allowed: &'static str },
}

impl Clash {
    /// Its settings, in the order of the form.
    pub fn keys(&self) -> Vec<&'static str> {
        match self {
            Clash::Order { lower, upper } => vec![lower.key, upper.key],
            Clash::NotAllZero { keys, .. } => keys.to_vec(),
        }
    }

    /// Whether `values` hold together (a value missing, or of another kind, cannot clash).
    pub fn holds(&self, values: &Values) -> bool {
        match self {
            Clash::Order { lower, upper } => match (values.get(lower.key), values.get(upper.key)) {
                (Some(Value::Whole(l)), Some(Value::Whole(u))) => l <= u,
                (Some(Value::Dollars(l)), Some(Value::Dollars(u))) => l <= u,
                _ => true,
            },
            Clash::NotAllZero { keys, .. } => keys.iter().any(|k| values.get(k) != Some(Value::Whole(0))),
        }
    }

    /// Why `key`, one of its settings, does not hold beside the others in `values`.
    pub fn refusal(&self, values: &Values, key: &str) -> FieldError {
        let said = |key: &str| values.get(key).map_or_else(String::new, said);
        match self {
            Clash::Order { lower, upper } => {
                let (this, other) = if key == lower.key { (lower, upper) } else { (upper, lower) };
                let got = format!("{}{} {}", said(this.key), this.beside, said(other.key));
                Invalid { allowed: this.allowed, got }.on(this.key)
            }
            Clash::NotAllZero { keys, allowed } => {
                let key = keys.iter().find(|k| **k == key).copied().unwrap_or(keys[keys.len() - 1]);
                Invalid { allowed, got: said(key) }.on(key)
            }
        }
    }

    /// The setting a run names when the clash does not hold.
    pub fn named(&self) -> &'static str {
        match self {
            Clash::Order { upper, .. } => upper.key,
            Clash::NotAllZero { keys, .. } => keys[keys.len() - 1],
        }
    }
}

/// A value as a refusal says it, as a form's label writes it: "20,000", "$1,500.00".
pub fn said(value: Value) -> String {
    match value {
        Value::Whole(n) => crate::words::grouped(n),
        Value::Dollars(m) => m.shown(),
        Value::Choice(c) => shown(c),
    }
}

/// The first of `clashes` that `values` break, as a run refuses it.
pub fn check(clashes: &[Clash], values: &Values) -> Result<(), FieldError> {
    match clashes.iter().find(|c| !c.holds(values)) {
        Some(clash) => Err(clash.refusal(values, clash.named())),
        None => Ok(()),
    }
}
