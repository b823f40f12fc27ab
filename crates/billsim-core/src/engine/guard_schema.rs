//! The guards a page can edit: each kind's name and label, and each field's key, label,
//! kind, range and default, so that a policy editor is built from the core and not from
//! copies of it. The editor holds its policies as a policy file writes them ([`edited`]:
//! `setAside` an object of its own, whole numbers as numbers, dollars as decimal text), and
//! gives them back to be read by [`policy_file::read`], the one reader of policies, so a bad
//! number is refused with the field's path and what it allows, as from a file.
//!
//! Left out: `tenantLedger` (its tiers are by scenario cohort; a log has one) and a
//! policy's `processes` and `ladder` (a policy file still takes them).

use crate::engine::guard::Guard;
use crate::engine::policy::Policy;
use crate::money::Micros;
use serde::Serialize;
use serde_json::{Map, Value};

/// What an input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    Whole,
    Dollars,
    Choice,
    Text,
}

/// One field of a guard as an editor shows it.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GuardField {
    /// Its key in a policy file (and the editor's values).
    pub key: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
    /// The input's range (empty when it has none).
    pub min: &'static str,
    pub max: &'static str,
    /// For a choice: `[value, label]`.
    pub choices: &'static [[&'static str; 2]],
    /// Whether it may be left empty.
    pub optional: bool,
    pub default: &'static str,
    /// The object it sits in within the guard (`setAside`), if not the guard itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<&'static str>,
    /// Shown and written only when another field has a value: `[key, value]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub when: Option<[&'static str; 2]>,
    /// Its key in the guard as the engine writes it, when not `key` (`budgetMicros`).
    #[serde(skip)]
    pub stored: Option<&'static str>,
}

/// A kind of guard an editor offers.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GuardKind {
    pub guard: &'static str,
    pub label: &'static str,
    pub fields: &'static [GuardField],
}

const BASE: GuardField = GuardField {
    key: "",
    label: "",
    kind: FieldKind::Whole,
    min: "",
    max: "",
    choices: &[],
    optional: false,
    default: "",
    within: None,
    when: None,
    stored: None,
};

const DOLLARS_MIN: &str = "0.000001";
const DOLLARS_MAX: &str = "1000000000";
const U32_MAX: &str = "4294967295";
const MS_MAX: &str = "18446744073709551615";
const DAY: &str = "86400000";

const LIMIT: GuardField = GuardField {
    key: "limit",
    label: "Calls allowed per user in the window",
    min: "1",
    max: U32_MAX,
    default: "5",
    ..BASE
};
const WINDOW: GuardField =
    GuardField { key: "windowMs", label: "Window (milliseconds)", min: "1", max: MS_MAX, default: "60000", ..BASE };
const PERIOD: GuardField =
    GuardField { key: "periodMs", label: "Period (milliseconds)", min: "1", max: MS_MAX, default: DAY, ..BASE };
const fn dollars(key: &'static str, stored: &'static str, label: &'static str, default: &'static str) -> GuardField {
    GuardField {
        key,
        label,
        kind: FieldKind::Dollars,
        min: DOLLARS_MIN,
        max: DOLLARS_MAX,
        default,
        stored: Some(stored),
        ..BASE
    }
}
const WORST_CASE: Option<[&str; 2]> = Some(["kind", "worstCase"]);

/// Every kind of guard the editor offers, in the order of its menu.
pub const GUARD_KINDS: &[GuardKind] = &[
    GuardKind { guard: "slidingWindow", label: "Calls per user in a sliding window", fields: &[LIMIT, WINDOW] },
    GuardKind {
        guard: "moneyBudget",
        label: "Money budget per user",
        fields: &[
            dollars("budgetDollars", "budgetMicros", "Budget per user (dollars)", "0.25"),
            GuardField {
                key: "refill",
                label: "Refill",
                kind: FieldKind::Choice,
                choices: &[["daily", "All at once each day"], ["steady", "Steadily over the day"]],
                default: "daily",
                ..BASE
            },
            GuardField {
                key: "kind",
                label: "Set aside before a call",
                kind: FieldKind::Choice,
                choices: &[["worstCase", "The input and the most a reply can be"], ["nothing", "Nothing (check only)"]],
                default: "worstCase",
                within: Some("setAside"),
                ..BASE
            },
            GuardField {
                key: "inputPercent",
                label: "Input set aside (percent of its size)",
                min: "0",
                max: "1000",
                default: "100",
                within: Some("setAside"),
                when: WORST_CASE,
                ..BASE
            },
            GuardField {
                key: "maxTokens",
                label: "Most tokens of a reply",
                min: "0",
                max: "1000000000",
                default: "1024",
                within: Some("setAside"),
                when: WORST_CASE,
                ..BASE
            },
        ],
    },
    GuardKind {
        guard: "spendCeiling",
        label: "One spend ceiling for everyone",
        fields: &[dollars("ceilingDollars", "ceilingMicros", "Ceiling (dollars)", "5"), PERIOD],
    },
    GuardKind {
        guard: "tokenBucket",
        label: "Token bucket per user",
        fields: &[
            GuardField { key: "capacity", label: "Bucket size (calls)", min: "1", max: U32_MAX, default: "10", ..BASE },
            GuardField {
                key: "refillPerMinute",
                label: "Refill (calls a minute)",
                min: "0",
                max: U32_MAX,
                default: "5",
                ..BASE
            },
        ],
    },
    GuardKind {
        guard: "tokenBudget",
        label: "Model tokens per user per day",
        fields: &[
            GuardField {
                key: "budgetTokens",
                label: "Tokens per user per day",
                min: "1",
                max: "1000000000000",
                default: "100000",
                ..BASE
            },
            GuardField {
                key: "maxTokens",
                label: "Most tokens of a reply (empty: its real size)",
                min: "0",
                max: "1000000000",
                optional: true,
                ..BASE
            },
        ],
    },
    GuardKind {
        guard: "degrade",
        label: "Cheaper model past a spend ceiling",
        fields: &[
            dollars("ceilingDollars", "ceilingMicros", "Ceiling (dollars)", "5"),
            PERIOD,
            GuardField {
                key: "model",
                label: "Cheaper model",
                kind: FieldKind::Text,
                default: "claude-haiku-4-5",
                ..BASE
            },
        ],
    },
    GuardKind { guard: "rateLimiter", label: "Requests per user in a window (lesson 001)", fields: &[LIMIT, WINDOW] },
    GuardKind {
        guard: "dailyCap",
        label: "Daily cost cap for everyone (lesson 001)",
        fields: &[dollars("capDollars", "capMicros", "Cap per day (dollars)", "5")],
    },
    GuardKind {
        guard: "setAsideCap",
        label: "Daily cap that sets aside before a call (lesson 001)",
        fields: &[
            dollars("capDollars", "capMicros", "Cap per day (dollars)", "5"),
            GuardField {
                key: "maxTokens",
                label: "Most tokens of a reply",
                min: "0",
                max: "1000000000",
                default: "1024",
                ..BASE
            },
        ],
    },
];

/// The kind named `guard`.
pub fn kind(guard: &str) -> Option<&'static GuardKind> {
    GUARD_KINDS.iter().find(|k| k.guard == guard)
}

/// A policy as an editor holds it: as a policy file writes it, with the editor's fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Edited {
    pub name: String,
    pub guards: Vec<Map<String, Value>>,
}

/// `policies` as an editor holds them; a guard the editor does not offer is left out
/// (the second value counts them).
pub fn edited(policies: &[Policy]) -> (Vec<Edited>, usize) {
    let mut left_out = 0;
    let edited = policies
        .iter()
        .map(|p| Edited {
            name: p.name.clone(),
            guards: p
                .guards
                .iter()
                .filter_map(|g| {
                    let fields = edited_guard(g);
                    left_out += usize::from(fields.is_none());
                    fields
                })
                .collect(),
        })
        .collect();
    (edited, left_out)
}

/// A guard with the editor's fields, where a policy file has them: a whole number as a
/// number, dollars as their exact decimal text, in the object a field sits in (`setAside`).
fn edited_guard(guard: &Guard) -> Option<Map<String, Value>> {
    let Ok(Value::Object(stored)) = serde_json::to_value(guard) else { return None };
    let kind = kind(stored.get("guard")?.as_str()?)?;
    let mut out = Map::new();
    out.insert("guard".into(), kind.guard.into());
    for f in kind.fields {
        let holder = match f.within {
            Some(within) => stored.get(within).and_then(Value::as_object),
            None => Some(&stored),
        };
        let Some(value) = holder.and_then(|h| h.get(f.stored.unwrap_or(f.key))) else { continue };
        let value = match (f.kind, value) {
            (FieldKind::Dollars, Value::Number(n)) => {
                Micros(n.as_u64()?).exact_dollars().trim_start_matches('$').to_string().into()
            }
            (FieldKind::Whole, Value::Number(_)) | (_, Value::String(_)) => value.clone(),
            _ => continue,
        };
        let into = match f.within {
            Some(within) => out.entry(within).or_insert_with(|| Value::Object(Map::new())).as_object_mut()?,
            None => &mut out,
        };
        into.insert(f.key.into(), value);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::policy_file::{self, BadFile};
    use crate::replay::run::main_policies;

    /// Policies as an editor holds them, read by the policy file's reader.
    fn read(policies: &[Edited]) -> Result<Vec<Policy>, BadFile> {
        let text = serde_json::json!({ "policies": policies }).to_string();
        policy_file::read(&text).map(|f| f.policies)
    }

    #[test]
    fn the_main_policies_read_back_from_the_editor_as_they_were() {
        let (policies, _) = main_policies();
        let (edited, left_out) = edited(&policies);
        assert_eq!(left_out, 0);
        assert_eq!(read(&edited).unwrap(), policies);
    }

    /// `kind` at its defaults, as the editor writes a new guard: each field shown (a field
    /// shown only beside another's value, when that one has it) in the object it sits in, a
    /// whole number as a number; then `key` set to `value`.
    fn guard(kind: &GuardKind, key: &str, value: Value) -> Map<String, Value> {
        let mut g = Map::new();
        g.insert("guard".into(), kind.guard.into());
        for f in kind.fields {
            let shown = f.when.map_or(true, |[k, v]| default_of(kind, k) == v);
            let value = if f.key == key {
                value.clone()
            } else if !shown || (f.optional && f.default.is_empty()) {
                continue;
            } else if f.kind == FieldKind::Whole {
                Value::from(f.default.parse::<u64>().unwrap())
            } else {
                f.default.into()
            };
            let into = match f.within {
                Some(within) => g.entry(within).or_insert_with(|| Value::Object(Map::new())).as_object_mut().unwrap(),
                None => &mut g,
            };
            into.insert(f.key.into(), value);
        }
        g
    }

    fn with(kind: &GuardKind, key: &str, value: Value) -> Result<Vec<Policy>, BadFile> {
        read(&[Edited { name: "p".into(), guards: vec![guard(kind, key, value)] }])
    }

    fn default_of(kind: &GuardKind, key: &str) -> &'static str {
        kind.fields.iter().find(|f| f.key == key).map_or("", |f| f.default)
    }

    #[test]
    fn every_kind_at_its_defaults_reads_as_a_policy_and_edits_back_the_same() {
        for kind in GUARD_KINDS {
            let g = guard(kind, "", Value::Null);
            let policies = read(&[Edited { name: "p".into(), guards: vec![g.clone()] }]);
            assert!(policies.is_ok(), "{}: {:?}", kind.guard, policies.err().map(|e| e.to_string()));
            let policies = policies.unwrap();
            let (back, _) = edited(&policies);
            let keys = |g: &Map<String, Value>| g.iter().map(|(k, v)| (k.clone(), v.is_object())).collect::<Vec<_>>();
            assert_eq!(keys(&back[0].guards[0]), keys(&g), "{}: the editor's fields, where it wrote them", kind.guard);
            assert_eq!(read(&back).unwrap(), policies, "{} edits back to the same policy", kind.guard);
        }
    }

    #[test]
    fn each_fields_range_is_the_one_the_policy_file_reads() {
        for kind in GUARD_KINDS {
            for f in kind.fields.iter().filter(|f| matches!(f.kind, FieldKind::Whole | FieldKind::Dollars)) {
                let what = format!("{}.{}", kind.guard, f.key);
                // As the editor writes them: whole numbers as numbers, dollars as text.
                let value = |text: &str| match f.kind {
                    FieldKind::Whole => serde_json::from_str::<Value>(text).unwrap(),
                    _ => Value::from(text),
                };
                assert!(with(kind, f.key, value(f.min)).is_ok(), "{what}: its minimum {} reads", f.min);
                assert!(with(kind, f.key, value(f.max)).is_ok(), "{what}: its maximum {} reads", f.max);
                let above = match f.kind {
                    FieldKind::Dollars => format!("{}.000001", f.max),
                    _ => (f.max.parse::<u128>().unwrap() + 1).to_string(),
                };
                let refused = with(kind, f.key, value(&above)).map(|_| ()).unwrap_err().to_string();
                assert!(refused.contains(f.key), "{what}: {above} is refused naming the field: {refused}");
                let below = match f.kind {
                    FieldKind::Dollars => Some("0".to_string()),
                    _ => f.min.parse::<u64>().unwrap().checked_sub(1).map(|n| n.to_string()),
                };
                if let Some(below) = below {
                    assert!(with(kind, f.key, value(&below)).is_err(), "{what}: {below} is refused");
                }
            }
        }
    }

    #[test]
    fn a_bad_number_names_the_policy_the_guard_and_the_field_and_its_range() {
        let window = kind("slidingWindow").unwrap();
        let ok = Edited { name: "ok".into(), guards: vec![] };
        let bad = Edited { name: "tight".into(), guards: vec![guard(window, "limit", Value::from(0))] };
        assert_eq!(
            read(&[ok, bad]).unwrap_err().to_string(),
            "policies[1].guards[0].limit: must be a whole number of calls from 1 to 4294967295; got 0"
        );
    }
}
