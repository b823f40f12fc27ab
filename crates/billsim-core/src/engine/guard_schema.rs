//! The guard a page can edit: the policy language's fields (`count`, `limit` or `tiers`,
//! `per`, `window`, `reset`, `burst`, `admit`, `estimate`, `whenFull`), each with its label,
//! kind, range and default, and the lessons' guards (and a few no lesson has) as starting
//! points. A policy editor is built from these and not from copies of them, so every
//! combination of the language can be made in the page. The editor holds its policies as
//! the language writes them ([`edited`]) and gives them back to be read by
//! [`policy_file::read`], the one reader of policies, so a bad field is refused with its
//! path and what it allows, as from a file.
//!
//! Kept as written, with no control ([`FieldKind::Kept`]): `retryAfter` (it names a
//! refusal's wait, it does not change it) and `counts` (only lesson 001's limiter counts a
//! request a later guard refuses); each goes when a change to the fields it goes with would
//! make the language refuse it. Left out: `reason` (it names a refusal), and a policy's
//! `processes`, `ladder` and `ledger`: the editor keeps these as written ([`Edited::more`]),
//! shows them, and gives them back with the policy.
//!
//! [`policy_file::read`]: crate::engine::policy_file::read

use crate::engine::policy::Policy;
use serde::Serialize;
use serde_json::{Map, Value};

/// What an input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    Whole,
    /// An amount in the guard's `count`: a whole number of requests or tokens, or dollars
    /// as decimal text.
    Amount,
    Choice,
    Text,
    /// A limit per cohort as one line of text, `pro: 20, free: 2.5`, which the language
    /// reads as it reads the object; an object (a file's, a starting guard's) is shown as
    /// that text by [`crate::engine::tiers_text`].
    Tiers,
    /// No control: the value a file or a lesson gave is kept as written, and taken out when
    /// the fields it goes with (`when`) change to values it does not go with.
    Kept,
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
    /// Whether it may be left empty (then the file leaves it out, and the reader's default
    /// holds).
    pub optional: bool,
    pub default: &'static str,
    /// The object it sits in within the guard (`estimate`, `whenFull`), if not the guard.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within: Option<&'static str>,
    /// Shown and written only when each of these fields has one of its values: the
    /// language refuses the field beside any other (`burst` without `reset: steady`).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub when: Conditions,
    /// For a choice: those of its values offered only when each of these fields has one of
    /// its values (`reset: inFlight` with `count: requests`); the others are always offered.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub choices_when: &'static [(&'static str, Conditions)],
    /// The field it stands in for when it has a value (`tiers` for `limit`): that field is
    /// then neither shown nor written, and takes its default again once this one is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaces: Option<&'static str>,
}

/// Each field named with the values it must have, all of them at once.
pub type Conditions = &'static [(&'static str, &'static [&'static str])];

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
    when: &[],
    choices_when: &[],
    replaces: None,
};

/// `admit` sets an estimate aside or compares it, and there are tokens to estimate.
const ESTIMATED: Conditions =
    &[("admit", &["estimate", "reserve"]), ("count", &["tokens", "inputTokens", "outputTokens", "dollars"])];

/// A reset over a window of time: a guard of calls in flight has none.
const WINDOWED: Conditions = &[("reset", &["rolling", "fixed", "steady"])];

/// The language's fields, in the order a file writes them.
pub const GUARD_FIELDS: &[GuardField] = &[
    GuardField {
        key: "count",
        label: "Counts",
        kind: FieldKind::Choice,
        choices: &[
            ["requests", "Requests"],
            ["tokens", "Tokens (input and output)"],
            ["inputTokens", "Input tokens"],
            ["outputTokens", "Output tokens"],
            ["dollars", "Dollars"],
        ],
        default: "requests",
        ..BASE
    },
    GuardField {
        key: "limit",
        label: "Limit (requests or tokens: a whole number; dollars: up to 6 decimals)",
        kind: FieldKind::Amount,
        default: "5",
        ..BASE
    },
    GuardField {
        key: "tiers",
        label:
            "Or a limit per team's cohort, from a log's cohort column (such as pro: 20, free: 2.5; empty: one limit)",
        kind: FieldKind::Tiers,
        optional: true,
        when: &[("per", &["tenant"])],
        replaces: Some("limit"),
        ..BASE
    },
    GuardField {
        key: "per",
        label: "Per",
        kind: FieldKind::Choice,
        // A tenant is a log's team (LiteLLM's `team_id`); in a lesson, and in a log that
        // names no team, each user is its own.
        choices: &[
            ["user", "Each user"],
            ["key", "Each key"],
            ["tenant", "Each team (tenant)"],
            ["everyone", "Everyone together"],
        ],
        default: "user",
        ..BASE
    },
    GuardField {
        key: "model",
        label: "Only the calls of this model (empty: every call)",
        kind: FieldKind::Text,
        optional: true,
        ..BASE
    },
    GuardField {
        key: "window",
        label: "Window (such as 60s, 1m, 1h, 1d, 1w, 1mo)",
        kind: FieldKind::Text,
        default: "1m",
        when: WINDOWED,
        ..BASE
    },
    GuardField {
        key: "reset",
        label: "Reset",
        kind: FieldKind::Choice,
        choices: &[
            ["rolling", "Rolling (a sliding window)"],
            ["fixed", "Fixed (back to zero at each boundary)"],
            ["steady", "Steady (refills the limit over each window)"],
            ["inFlight", "In flight (until each call ends)"],
        ],
        // What the language reads a guard without "reset" as (a test holds them together).
        default: "fixed",
        choices_when: &[("inFlight", &[("count", &["requests"])])],
        ..BASE
    },
    GuardField {
        key: "burst",
        label: "Burst: most held at once (empty: the limit)",
        kind: FieldKind::Amount,
        optional: true,
        when: &[("reset", &["steady"])],
        ..BASE
    },
    GuardField {
        key: "admit",
        label: "A call gets in when",
        kind: FieldKind::Choice,
        choices: &[
            ["counted", "What is counted is below the limit (check only)"],
            ["estimate", "Its estimate fits too (nothing held)"],
            ["reserve", "Its estimate is held before it, settled after"],
        ],
        default: "counted",
        // A request counts once, as it is let in: the language takes only "counted" for it.
        when: &[("count", &["tokens", "inputTokens", "outputTokens", "dollars"])],
        ..BASE
    },
    GuardField {
        key: "inputPercent",
        label: "Input estimated (percent of its size)",
        min: "0",
        max: "1000",
        default: "100",
        within: Some("estimate"),
        when: ESTIMATED,
        ..BASE
    },
    GuardField {
        key: "maxTokens",
        label: "Most tokens of a reply (empty: its real size)",
        min: "0",
        max: "1000000000",
        optional: true,
        within: Some("estimate"),
        when: ESTIMATED,
        ..BASE
    },
    GuardField {
        key: "degradeTo",
        label: "When full, a cheaper model (empty: refuse)",
        kind: FieldKind::Text,
        optional: true,
        within: Some("whenFull"),
        when: &[("count", &["dollars"]), ("per", &["everyone"]), ("reset", &["fixed"]), ("admit", &["counted"])],
        ..BASE
    },
    GuardField {
        key: "retryAfter",
        label: "Retry-After",
        kind: FieldKind::Kept,
        optional: true,
        when: &[("reset", &["rolling", "steady"])],
        ..BASE
    },
    GuardField {
        key: "counts",
        label: "A request counts once",
        kind: FieldKind::Kept,
        optional: true,
        when: &[("count", &["requests"]), WINDOWED[0]],
        ..BASE
    },
];

/// A guard to start from: the lessons' guards, and combinations no lesson has.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GuardStart {
    pub label: &'static str,
    /// The guard as a policy file writes it.
    #[serde(serialize_with = "json_text")]
    pub guard: &'static str,
}

fn json_text<S: serde::Serializer>(text: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    serde_json::from_str::<Value>(text).map_err(serde::ser::Error::custom)?.serialize(s)
}

/// The editor's menu of starting points, in its order.
pub const GUARD_STARTS: &[GuardStart] = &[
    GuardStart {
        label: "Requests per user per minute (lesson 000)",
        guard: r#"{"count": "requests", "limit": 5, "per": "user", "window": "1m", "reset": "rolling"}"#,
    },
    GuardStart {
        label: "Dollars per user per day, held before each call (lesson 000)",
        guard: r#"{"count": "dollars", "limit": "0.25", "per": "user", "window": "1d", "reset": "fixed",
            "admit": "reserve", "estimate": {"inputPercent": 100, "maxTokens": 1000}}"#,
    },
    GuardStart {
        label: "Daily cost cap for everyone, checked only (lesson 001)",
        guard: r#"{"count": "dollars", "limit": "5", "per": "everyone", "window": "1d", "reset": "fixed"}"#,
    },
    GuardStart {
        label: "Token bucket per user (lesson 003)",
        guard: r#"{"count": "requests", "limit": 10, "per": "user", "window": "1m", "reset": "steady", "burst": 5}"#,
    },
    GuardStart {
        label: "Tokens per user per day, estimated (lesson 003)",
        guard: r#"{"count": "tokens", "limit": 100000, "per": "user", "window": "1d", "reset": "fixed",
            "admit": "estimate", "estimate": {"inputPercent": 100}}"#,
    },
    GuardStart {
        label: "A cheaper model past a spend ceiling (lesson 003)",
        guard: r#"{"count": "dollars", "limit": "5", "per": "everyone", "window": "1d", "reset": "fixed",
            "whenFull": {"degradeTo": "claude-haiku-4-5"}}"#,
    },
    GuardStart {
        label: "Requests for everyone per minute",
        guard: r#"{"count": "requests", "limit": 20, "per": "everyone", "window": "1m", "reset": "rolling"}"#,
    },
    GuardStart {
        label: "Requests in flight at once per key (LiteLLM's max_parallel_requests)",
        guard: r#"{"count": "requests", "limit": 10, "per": "key", "reset": "inFlight"}"#,
    },
    GuardStart {
        label: "Tokens per key per hour",
        guard: r#"{"count": "tokens", "limit": 100000, "per": "key", "window": "1h", "reset": "fixed"}"#,
    },
    GuardStart {
        label: "Dollars per team per day, checked only (a log's team_id)",
        guard: r#"{"count": "dollars", "limit": "20", "per": "tenant", "window": "1d", "reset": "fixed"}"#,
    },
    GuardStart {
        label: "Dollars per team per day by its plan (a log's cohort column)",
        guard: r#"{"count": "dollars", "tiers": {"pro": "20", "free": "2"}, "per": "tenant", "window": "1d",
            "reset": "fixed"}"#,
    },
    GuardStart {
        label: "Dollars per key per month, held before each call",
        guard: r#"{"count": "dollars", "limit": "100", "per": "key", "window": "1mo", "reset": "fixed",
            "admit": "reserve", "estimate": {"inputPercent": 100, "maxTokens": 1000}}"#,
    },
];

/// A policy as an editor holds it: as the language writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Edited {
    pub name: String,
    pub guards: Vec<Map<String, Value>>,
    /// Its other fields (`processes`, `ladder`, `ledger`), which the editor has no boxes
    /// for: kept as written beside the guards (in the same object, as a policy file has
    /// them), so that an edit of a guard, or an address, keeps lesson 002's ledger.
    #[serde(flatten)]
    pub more: Map<String, Value>,
}

/// `policies` as an editor holds them: as the language writes them.
pub fn edited(policies: &[Policy]) -> Vec<Edited> {
    policies
        .iter()
        .map(|p| {
            // A policy is written as an object; the rest of it, once its name and guards are
            // taken out, is what the editor keeps as written.
            let mut more = match serde_json::to_value(p) {
                Ok(Value::Object(written)) => written,
                _ => Map::new(),
            };
            more.remove("name");
            let guards = match more.remove("guards") {
                Some(Value::Array(guards)) => guards,
                _ => Vec::new(),
            };
            let guards =
                guards.into_iter().filter_map(|g| if let Value::Object(g) = g { Some(g) } else { None }).collect();
            Edited { name: p.name.clone(), guards, more }
        })
        .collect()
}

/// Where a field of a policy file given by an editor (`policies[1].guards[0].limit`) sits,
/// as the editor's boxes say it, counting from 1 and naming the policy by `name_of` its
/// index when it has a name: `Policy 2 "tight", guard 1, limit`. `None` for a field outside
/// the policies (a price) or a path of another shape.
///
/// ```
/// use billsim_core::engine::guard_schema::editor_place;
/// let named = |i: usize| (i == 1).then_some("tight");
/// assert_eq!(editor_place("policies[1].guards[0].limit", named).as_deref(), Some("Policy 2 \"tight\", guard 1, limit"));
/// assert_eq!(editor_place("policies[0].guards[2].whenFull.degradeTo", named).as_deref(), Some("Policy 1, guard 3, whenFull.degradeTo"));
/// assert_eq!(editor_place("policies[3].name", named).as_deref(), Some("Policy 4, name"));
/// assert_eq!(editor_place("prices[0].model", named), None);
/// ```
pub fn editor_place<'a>(field: &str, name_of: impl Fn(usize) -> Option<&'a str>) -> Option<String> {
    // "name[7]" at the path's start: the index and what follows it.
    fn indexed<'p>(path: &'p str, name: &str) -> Option<(usize, &'p str)> {
        let rest = path.strip_prefix(name)?.strip_prefix('[')?;
        let (digits, rest) = rest.split_once(']')?;
        Some((digits.parse().ok()?, rest))
    }
    let (i, rest) = indexed(field, "policies")?;
    let rest = rest.strip_prefix('.')?;
    let mut place = format!("Policy {}", i.checked_add(1)?);
    if let Some(name) = name_of(i).filter(|n| !n.trim().is_empty()) {
        place.push_str(&format!(" {}", crate::settings::shown(name)));
    }
    let tail = match indexed(rest, "guards") {
        Some((j, tail)) => {
            place.push_str(&format!(", guard {}", j.checked_add(1)?));
            tail.strip_prefix('.').unwrap_or(tail)
        }
        None => rest,
    };
    if !tail.is_empty() {
        place.push_str(&format!(", {tail}"));
    }
    Some(place)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::policy_file::{self, BadFile};
    use crate::replay::run::main_policies;
    use serde_json::json;

    /// Guards as an editor holds them, read by the policy file's reader.
    fn read_guards(guards: Vec<Value>) -> Result<Vec<Policy>, BadFile> {
        policy_file::read(&json!({ "policies": [{ "name": "p", "guards": guards }] }).to_string()).map(|f| f.policies)
    }

    fn read(policies: &[Edited]) -> Result<Vec<Policy>, BadFile> {
        policy_file::read(&json!({ "policies": policies }).to_string()).map(|f| f.policies)
    }

    fn start(label: &str) -> Value {
        let s = GUARD_STARTS.iter().find(|s| s.label.starts_with(label)).unwrap();
        serde_json::from_str(s.guard).unwrap()
    }

    fn field(key: &str) -> &'static GuardField {
        GUARD_FIELDS.iter().find(|f| f.key == key).unwrap()
    }

    #[test]
    fn the_main_policies_read_back_from_the_editor_as_they_were() {
        let (policies, _) = main_policies();
        assert_eq!(read(&edited(&policies)).unwrap(), policies);
    }

    #[test]
    fn every_lessons_policies_read_back_from_the_editor_with_their_ledger_and_ladder() {
        use crate::scenario::{registry::SCENARIOS, Values};
        for scenario in SCENARIOS {
            let policies = scenario.build(0, &Values::defaults(scenario)).unwrap().policies;
            let held = edited(&policies);
            assert_eq!(read(&held).unwrap(), policies, "{}: read back as they were", scenario.name);
            // What the editor shows no box for is kept beside the guards.
            for (p, e) in policies.iter().zip(&held) {
                let kept: Vec<&String> = e.more.keys().collect();
                let has = |key: &str| kept.iter().any(|k| *k == key);
                assert_eq!(has("ladder"), !p.ladder.is_empty(), "{} {}: kept {kept:?}", scenario.name, p.name);
                assert_eq!(has("processes"), p.processes != 1, "{} {}: kept {kept:?}", scenario.name, p.name);
            }
        }
        let tenant = crate::scenario::registry::find("runawayTenant").unwrap();
        let held = edited(&tenant.build(0, &Values::defaults(tenant)).unwrap().policies);
        assert!(
            held.iter().filter(|e| e.more.contains_key("ledger")).count() >= 4,
            "lesson 002's ledgers kept: {held:?}"
        );
    }

    #[test]
    fn every_starting_guard_reads_and_edits_back_to_the_same_policy() {
        for s in GUARD_STARTS {
            let policies = read_guards(vec![serde_json::from_str(s.guard).unwrap()]);
            assert!(policies.is_ok(), "{}: {}", s.label, policies.err().map(|e| e.to_string()).unwrap_or_default());
            let policies = policies.unwrap();
            assert_eq!(read(&edited(&policies)).unwrap(), policies, "{} edits back to the same policy", s.label);
        }
    }

    #[test]
    fn a_guard_of_the_fields_defaults_reads() {
        let mut g = Map::new();
        // The fields a new guard shows: those shown beside the others' defaults.
        let default_of = |key: &str| GUARD_FIELDS.iter().find(|f| f.key == key).map_or("", |f| f.default);
        let shown = |f: &&GuardField| f.when.iter().all(|(key, values)| values.contains(&default_of(key)));
        for f in GUARD_FIELDS.iter().filter(shown).filter(|f| !f.default.is_empty()) {
            let value = match f.default.parse::<u64>() {
                Ok(n) if matches!(f.kind, FieldKind::Whole | FieldKind::Amount) => Value::from(n),
                _ => Value::from(f.default),
            };
            g.insert(f.key.into(), value);
        }
        let read = read_guards(vec![Value::Object(g.clone())]);
        assert!(read.is_ok(), "{g:?}: {}", read.err().map(|e| e.to_string()).unwrap_or_default());
    }

    #[test]
    fn a_choice_left_out_of_a_guard_reads_as_the_default_the_editor_shows_for_it() {
        // The editor showed "Rolling" for a guard without "reset", which the language reads
        // as fixed.
        let base = json!({"count": "requests", "limit": 5, "window": "1m"});
        for f in GUARD_FIELDS.iter().filter(|f| f.kind == FieldKind::Choice && f.when.is_empty() && f.within.is_none())
        {
            let mut with = base.clone();
            with[f.key] = Value::from(f.default);
            let mut without = base.clone();
            without.as_object_mut().unwrap().remove(f.key);
            // A field the language requires (count, window) has no reading without it.
            if let Ok(without) = read_guards(vec![without]) {
                assert_eq!(read_guards(vec![with]).unwrap(), without, "{} left out reads as {:?}", f.key, f.default);
            }
        }
    }

    #[test]
    fn every_choice_of_every_field_is_a_value_the_language_reads() {
        let base = json!({"count": "tokens", "limit": 5, "per": "user", "window": "1m", "reset": "rolling"});
        for f in GUARD_FIELDS.iter().filter(|f| f.kind == FieldKind::Choice) {
            for [value, _] in f.choices {
                let mut g = base.clone();
                g[f.key] = Value::from(*value);
                // Calls in flight are requests, with no window.
                if *value == "inFlight" {
                    g = json!({"count": "requests", "limit": 5, "per": "user", "reset": "inFlight"});
                }
                let read = read_guards(vec![g]);
                assert!(read.is_ok(), "{}: {value}: {}", f.key, read.err().map(|e| e.to_string()).unwrap_or_default());
            }
        }
    }

    /// Each field shown only beside some values of others: with them it reads, without
    /// them the language refuses it, so the editor never shows a field a file may not have.
    #[test]
    fn a_field_is_shown_exactly_where_the_language_takes_it() {
        let rate = json!({"count": "requests", "limit": 5, "per": "key", "window": "1m", "reset": "rolling",
            "retryAfter": "tutorial", "counts": "passed"});
        let estimated = json!({"count": "tokens", "limit": 100, "window": "1m", "admit": "estimate"});
        let cases: [(&str, Value, &str, Value); 10] = [
            ("tiers", start("Dollars per team per day by"), "per", "user".into()),
            ("burst", start("Token bucket"), "reset", "rolling".into()),
            ("inputPercent", start("Dollars per user per day"), "admit", "counted".into()),
            ("inputPercent", start("Tokens per user per day"), "count", "requests".into()),
            ("degradeTo", start("A cheaper model"), "per", "user".into()),
            ("degradeTo", start("A cheaper model"), "admit", "reserve".into()),
            ("retryAfter", rate.clone(), "reset", "fixed".into()),
            ("counts", rate.clone(), "count", "tokens".into()),
            ("window", rate, "reset", "inFlight".into()),
            ("admit", estimated, "count", "requests".into()),
        ];
        for (key, good, other, breaks) in cases {
            let f = field(key);
            assert!(read_guards(vec![good.clone()]).is_ok(), "{key} beside {good}");
            let conditions: Vec<&str> = f.when.iter().map(|(k, _)| *k).collect();
            assert!(conditions.contains(&other), "{key} is shown only beside some values of {other}: {conditions:?}");
            let mut bad = good.clone();
            bad[other] = breaks.clone();
            let refused = read_guards(vec![bad]).map(|_| ()).unwrap_err().to_string();
            let path = match f.within {
                Some(within) => format!("guards[0].{within}"),
                None => format!("guards[0].{key}"),
            };
            assert!(refused.contains(&path), "{key} with {other}: {breaks} is refused naming {path}: {refused}");
        }
    }

    /// A choice offered only beside some values of other fields reads beside them and is
    /// refused beside others, so the editor never offers a value a file may not have.
    #[test]
    fn a_choice_is_offered_exactly_where_the_language_takes_it() {
        let reset = field("reset");
        assert_eq!(reset.choices_when.len(), 1, "{:?}", reset.choices_when);
        let (choice, when) = reset.choices_when[0];
        assert_eq!((choice, when), ("inFlight", &[("count", &["requests"][..])][..]));
        let good = json!({"count": "requests", "limit": 5, "reset": "inFlight"});
        assert!(read_guards(vec![good.clone()]).is_ok(), "{good}");
        for count in ["tokens", "inputTokens", "outputTokens", "dollars"] {
            let mut bad = good.clone();
            bad["count"] = Value::from(count);
            let refused = read_guards(vec![bad]).map(|_| ()).unwrap_err().to_string();
            assert!(refused.contains("guards[0].reset: must be"), "in flight with {count}: {refused}");
        }
    }

    #[test]
    fn tiers_shown_in_their_box_and_typed_back_read_as_the_same_guard_in_place_of_its_limit() {
        let mut g = start("Dollars per team per day by");
        assert_eq!(field("tiers").replaces, Some("limit"));
        assert!(g.get("limit").is_none(), "a tiered start has no limit: {g}");
        let shown = crate::engine::tiers_text(&g["tiers"].to_string());
        assert_eq!(shown, "free: 2, pro: 20", "the start's tiers in their box");
        let policies = read_guards(vec![g.clone()]).unwrap();
        g["tiers"] = Value::from(shown);
        assert_eq!(read_guards(vec![g.clone()]).unwrap(), policies, "the box's text read back: {g}");
        g["tiers"] = Value::from("pro: 20.5, free: 0.25");
        let tiers = &read_guards(vec![g.clone()]).unwrap()[0].guards[0];
        assert!(format!("{tiers:?}").contains("20500000"), "pro's $20.50 read exactly: {tiers:?}");
        g["limit"] = Value::from(5);
        let both = read_guards(vec![g]).map(|_| ()).unwrap_err().to_string();
        assert!(both.contains("guards[0].tiers: must be given once, as \"limit\" or"), "{both}");
    }

    #[test]
    fn a_bad_limit_names_the_policy_the_guard_and_the_field_and_its_range() {
        let ok = Edited { name: "ok".into(), guards: vec![], more: Map::new() };
        let mut g = start("Requests per user");
        g["limit"] = Value::from(0);
        let bad = Edited { name: "tight".into(), guards: vec![g.as_object().unwrap().clone()], more: Map::new() };
        assert_eq!(
            read(&[ok, bad]).unwrap_err().to_string(),
            "policies[1].guards[0].limit: must be a whole number of requests from 1 to 4,294,967,295; got 0"
        );
    }
}
