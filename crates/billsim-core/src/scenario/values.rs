//! A scenario's settings, each with its value: what a run, a widget and the command line
//! hand a scenario. Which settings a scenario has is its own ([`crate::scenario::Scenario`]
//! makes its defaults and sets a value by name); this file knows no scenario.

use crate::money::Micros;
use crate::scenario::setting::{SettingSpec, Value};
use crate::settings::Settings;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use std::num::NonZeroU32;

/// A scenario's settings, each with its value (the default until set).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Values(pub(crate) Vec<(&'static SettingSpec, Value)>);

impl Values {
    /// `settings` at their defaults (a widget's: [`crate::scenario::registry::widget_settings`]).
    pub fn of(settings: impl Iterator<Item = &'static SettingSpec>) -> Values {
        Values(settings.map(|s| (s, s.default_value())).collect())
    }

    /// Sets `key` (one of these settings) to a value already read.
    pub fn put(&mut self, key: &str, value: Value) {
        if let Some(slot) = self.0.iter_mut().find(|(s, _)| s.key == key) {
            slot.1 = value;
        }
    }

    pub fn get(&self, key: &str) -> Option<Value> {
        self.0.iter().find(|(s, _)| s.key == key).map(|&(_, v)| v)
    }

    pub(crate) fn whole(&self, key: &str) -> u64 {
        match self.get(key) {
            Some(Value::Whole(n)) => n,
            _ => 0,
        }
    }

    pub(crate) fn dollars(&self, key: &str) -> Micros {
        match self.get(key) {
            Some(Value::Dollars(m)) => m,
            _ => Micros::ZERO,
        }
    }

    pub(crate) fn choice(&self, key: &str) -> &'static str {
        match self.get(key) {
            Some(Value::Choice(c)) => c,
            _ => "",
        }
    }

    /// The toy day's settings.
    pub fn day_settings(&self) -> Settings {
        let d = Settings::default();
        Settings {
            per_minute: u32::try_from(self.whole("perMinute")).ok().and_then(NonZeroU32::new).unwrap_or(d.per_minute),
            budget: self.dollars("budgetDollars"),
            refill: crate::engine::budget::Refill::parse(self.choice("refill")).unwrap_or(d.refill),
        }
    }
}

impl Serialize for Values {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (spec, value) in &self.0 {
            map.serialize_entry(spec.key, value)?;
        }
        map.end()
    }
}
